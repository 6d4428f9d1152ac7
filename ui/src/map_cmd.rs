//! `fray map import FILE ENCOUNTER`: a battle map into a stored encounter from the command
//! line, read and said as the window's *Map…* form reads and says it ([`MapPlan`]).

use crate::map_plan::MapPlan;
use crate::uvtt::Objects;
use anyhow::{Context, Result, anyhow};
use clap::Subcommand;
use fray_data::{Db, Session};
use std::path::PathBuf;

/// What `fray map` does.
#[derive(Debug, Subcommand)]
pub enum MapCmd {
    /// Load a Universal VTT file (`.dd2vtt`, `.uvtt`, or any name: told by what it holds) as
    /// the encounter's whole board, or lay a picture under its grid. Prints what it read and
    /// what it moved or left out, then writes it as one undoable step.
    Import {
        /// The map file.
        file: PathBuf,
        /// The encounter (its id or name, see `fray encounters`).
        encounter: String,
        /// Make the map's object outlines (statues, furniture) walls; left open otherwise.
        #[arg(long)]
        objects_as_walls: bool,
        /// Only say what it would do; write nothing.
        #[arg(long)]
        dry_run: bool,
    },
}

/// A line of the report on stdout ([`crate::terminal::say`]): text from the file escaped, a
/// failed write said once the map is in ([`crate::terminal::report_done`]).
macro_rules! say {
    ($($arg:tt)*) => {
        crate::terminal::say(&format!($($arg)*))
    };
}

/// Runs a `fray map` command.
pub fn run(db: &Db, action: MapCmd) -> Result<()> {
    let MapCmd::Import { file, encounter, objects_as_walls, dry_run } = action;
    let id = crate::commands::find_encounter(db, &encounter)?;
    // Before the picture is kept: an ended fight takes no command (the store refuses it too,
    // inside the write, should another program end the fight meanwhile).
    if db.encounters().get(id)?.is_some_and(|e| e.ended.is_some()) {
        return Err(fray_data::SessionError::Ended(id)).context("the board was not changed");
    }
    let mut session = Session::open(db, id).context("cannot open the encounter")?;
    let objects = if objects_as_walls { Objects::Walls } else { Objects::Ignore };
    let plan = MapPlan::read(&file, objects, session.state()).map_err(|e| anyhow!(e))?;
    let shown =
        file.file_name().map_or_else(|| file.display().to_string(), |n| n.to_string_lossy().into());
    say!("{shown}: {}", plan.summary);
    for note in &plan.notes {
        say!("  {note}");
    }
    let (state, system) = (session.state(), session.history().system());
    let mut dice = fray_app::dice::SeededDice::new(state.seed, session.history().next_stream());
    fray_app::system::handle_on_copy(system, state, plan.asked(), &mut dice)
        .map_err(|e| anyhow!("the board was not changed: {e}"))?;
    let name = session.state().name.clone();
    if dry_run {
        say!("dry run: '{name}' would take it; nothing written");
        return crate::terminal::report_done("a dry run: nothing was written");
    }
    let key = match &plan.picture {
        None => None,
        Some(p) => Some(
            session
                .db()
                .maps()
                .insert(&p.bytes, p.width_px, p.height_px)
                .context("cannot keep the picture")?,
        ),
    };
    session.apply(plan.command(key)).context("the board was not changed")?;
    say!("loaded into '{name}' (undo it in the window, as any step)");
    crate::terminal::report_done(&format!("the map stands: loaded into '{name}'"))
}
