//! Playing fights without a GM: the same `System::handle` the table uses, driven by a
//! policy that picks among the options. Random play (a GM who clicks anything, for tests)
//! lives here; encounter odds will share it.

pub mod random_play;

pub use random_play::{Failure, Library, Report, play};
