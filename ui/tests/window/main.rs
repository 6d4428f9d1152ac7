//! The window's tests (egui_kittest and the real window under Xvfb), one module per screen or
//! procedure, in one test binary: one link instead of one per file. `cargo nextest run` still
//! runs each test in a process of its own.

#[path = "../common/mod.rs"]
mod common;

mod bdp;
mod board;
mod campaign;
mod card;
mod character_once;
mod clicks;
mod d12;
mod db_busy;
mod dialog_buttons;
mod dialogs_fit;
mod dice;
mod dice_mode;
mod dr12;
mod edges;
mod editor;
mod encounters;
mod export;
mod first_frame;
mod grid;
mod harm;
mod journal;
mod layout;
mod layout_stability;
mod library;
mod map_refused;
mod murdham;
mod odds;
mod players;
mod prep;
mod recap;
mod settings;
mod smoke;
mod snapshots;
mod sovereign;
mod stepper;
mod undo;
mod verdict;
mod wiki_import;
mod words;
