//! Playing fights without a GM: the same `System::handle` the table uses, driven by a
//! policy that picks among the options. Random play (a GM who clicks anything, for tests)
//! and encounter odds (a side that fights to win, many times over) share it.

pub mod autoplay;
pub mod odds;
pub mod policy;
pub mod random_play;
pub mod stalemate;
pub mod stats;
pub mod stopping;

pub use random_play::{Failure, Library, Report, play};

#[cfg(test)]
mod words_tests;
