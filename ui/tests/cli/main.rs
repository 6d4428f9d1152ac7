//! The command line's tests (the real `fray` binary, run as a GM or a script would), one module
//! per command or concern, in one test binary: one link instead of one per file. `cargo
//! nextest run` still runs each test in a process of its own.

#[path = "../cli_common/mod.rs"]
mod cli_common;

mod basics;
mod campaign_race;
mod card;
mod hostile;
mod import_caps;
mod installer_config;
mod library;
mod map;
mod output;
mod output_errors;
mod paths;
mod session;
mod trials;
