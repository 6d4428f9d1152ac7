//! Fray's user-facing layer: the eframe window and the command line. The binary `fray`
//! (`main.rs`) is a thin wrapper around this library, so the window can be driven by
//! `egui_kittest` tests exactly as a GM drives it.

pub mod battle_map;
pub mod cli;
pub mod commands;
pub mod dice_odds;
/// Calendar dates from Unix time (kept in the storage layer, which stamps exports too).
pub use fray_data::dates;
pub mod inputs;
pub mod library;
pub mod manual_cmd;
pub mod map_cmd;
pub mod map_plan;
pub mod odds;
pub mod picture_copy;
pub mod portrait;
pub mod session_cmd;
pub mod share;
pub mod terminal;
pub mod uvtt;
pub mod window;
