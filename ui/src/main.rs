//! `fray`: the desktop companion for game masters, and its command line.
//!
//! Without a subcommand it opens the window; the subcommands work headless (roll dice, play a
//! scenario script, export or replay a journal, list the stored encounters). Errors are one
//! line on stderr, `fray: what went wrong: why`, and a non-zero exit code.

use clap::Parser;
use fray_ui::{cli, commands, terminal};
use std::process::ExitCode;

// mimalloc rather than the system allocator: a simulated fight (encounter odds) allocates
// for every prompt option and every command's scratch copy, and spent 40% of its time in
// glibc's malloc and free; with mimalloc a fight takes a third less time.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    fray_app::systems::registry();
    let cli = match cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage_error(e),
    };
    match commands::run(cli).and_then(|()| terminal::all_said()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.downcast_ref::<commands::PartlyChecked>().is_some() => {
            fray_ui::terminal::tell(&format!("fray: {e:#}"));
            ExitCode::from(commands::PartlyChecked::EXIT)
        }
        Err(e) => {
            // `{:#}` joins anyhow's context chain with ": ", which is the one-line form we want.
            terminal::tell(&format!("fray: {e:#}"));
            if e.chain().any(|c| c.is::<terminal::OutputError>()) {
                ExitCode::from(terminal::OUTPUT_FAILED)
            } else {
                ExitCode::FAILURE
            }
        }
    }
}

/// Help and version go to stdout as clap writes them; a usage mistake becomes one line on
/// stderr pointing at the help, with clap's usage exit code.
fn usage_error(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(
        e.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        // Help and version are output like any other: a full disk or a closed stdout is an
        // error with its status, a closed pipe quiet.
        use std::io::IsTerminal;
        if e.use_stderr() {
            // Help for a command given without its subcommand goes to stderr, as clap has it;
            // a stderr that cannot be written has no one left to tell.
            let _ = e.print();
            return ExitCode::from(2);
        }
        let text = if std::io::stdout().is_terminal() {
            e.render().ansi().to_string()
        } else {
            e.render().to_string()
        };
        if let Err(e) = terminal::write_out(text.as_bytes()) {
            terminal::tell(&format!("fray: {e:#}"));
            return ExitCode::from(terminal::OUTPUT_FAILED);
        }
        return ExitCode::SUCCESS;
    }
    // clap's message is a paragraph ("...not provided:\n  <EXPR>") then usage and tips.
    let text = e.to_string();
    let message: Vec<&str> =
        text.lines().take_while(|l| !l.trim().is_empty()).map(str::trim).collect();
    let message = message.join(" ");
    let message = message.strip_prefix("error: ").unwrap_or(&message);
    terminal::tell(&format!("fray: {message} (try --help)"));
    ExitCode::from(2)
}
