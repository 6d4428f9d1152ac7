//! `fray session …`: the evening on the command line: list and export sessions, end a stored
//! fight and write back what lasts (lines unticked or changed as in the window), rest, heal,
//! lift an injury, undo and redo. Each step goes to today's session, as in the window.

use anyhow::{Context, Result, bail};
use clap::Subcommand;
use fray_app::campaign::aftermath::{recovery, with_healer};
use fray_app::campaign::{CampaignStep, Company, Review, StepDice};
use fray_app::ids::SystemId;
use fray_app::system::RuleError;
use fray_data::{Db, PlaySessionId};
use std::path::PathBuf;

/// What `fray session` does.
#[derive(Debug, Subcommand)]
pub enum SessionCmd {
    /// List the sessions.
    List,
    /// Write a session (today's, or the one named) as one journal.
    Export {
        /// The session's id (see `fray session list`); today's without it.
        #[arg(long)]
        id: Option<i64>,
        /// The journal format.
        #[arg(long, value_enum)]
        format: crate::cli::Format,
        /// Who it is for (md and html): the players (the default), or the GM's full journal.
        #[arg(long = "for", value_enum, default_value_t = crate::cli::For::Players)]
        audience: crate::cli::For,
        /// Write to this file instead of printing.
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
    },
    /// End a stored fight: write back what lasts for each character, by its procedure's
    /// rules. Prints the lines; `--untick WHO:LINE` keeps a field as it was, `--set
    /// WHO:LINE=N` writes another number.
    EndFight {
        /// The encounter's id or name (see `fray encounters`).
        encounter: String,
        /// A line to leave out, as `Harald:Fatigue` (the start of the line, any case).
        #[arg(long, value_name = "WHO:LINE")]
        untick: Vec<String>,
        /// A number to write instead, as `Harald:HP=3`.
        #[arg(long, value_name = "WHO:LINE=N")]
        set: Vec<String>,
        /// Print the lines only; write nothing.
        #[arg(long)]
        dry_run: bool,
    },
    /// A rest of a procedure for the whole party, or for the characters named.
    Rest {
        /// The kind of rest (`night`, `breath`...; a wrong one lists them).
        kind: String,
        /// The procedure (`bdp`, `murdham`...).
        #[arg(long)]
        system: String,
        /// Only these characters (by name); everyone without it.
        #[arg(long = "who", value_name = "NAME")]
        who: Vec<String>,
        /// Who tends them, for a rest that needs a healer (Sovereign's first aid, the week of
        /// care, the attempt at Frailty).
        #[arg(long, value_name = "NAME")]
        by: Option<String>,
    },
    /// Heal (or, with a negative amount, harm) a character's track by hand.
    Heal {
        /// The character.
        name: String,
        /// The track (`hp`).
        track: String,
        /// How much.
        #[arg(allow_hyphen_values = true)]
        amount: i64,
        /// The procedure.
        #[arg(long)]
        system: String,
    },
    /// Lift a lasting harm by hand: the injury has healed.
    Cure {
        /// The character.
        name: String,
        /// The harm, as its label reads (`"arm wound"`).
        label: String,
        /// The procedure.
        #[arg(long)]
        system: String,
    },
    /// Start a new session today, named: today's steps go to it from now on.
    Start {
        /// Its name ("Session 4: the crypt").
        name: String,
    },
    /// Rename a session.
    Rename {
        /// Its id (see `fray session list`).
        id: i64,
        /// The new name.
        name: String,
    },
    /// Take up an earlier session again: today's steps go to it.
    Resume {
        /// Its id (see `fray session list`).
        id: i64,
    },
    /// Add the GM's note to today's session.
    Note {
        /// The note.
        text: String,
    },
    /// Take back today's last step (a write-back, a rest, a heal).
    Undo,
    /// Put it back.
    Redo,
}

use crate::window::campaign_ops::today;

/// Runs one `fray session` command on an open database.
pub fn run(db: &Db, cmd: SessionCmd) -> Result<()> {
    match cmd {
        SessionCmd::List => list(db),
        SessionCmd::Export { id, format, audience, output } => {
            export(db, id, format, audience, output)
        }
        SessionCmd::EndFight { encounter, untick, set, dry_run } => {
            end_fight(db, &encounter, &untick, &set, dry_run)
        }
        SessionCmd::Rest { kind, system, who, by } => {
            rest(db, &kind, SystemId::parse(&system)?, &who, by.as_deref())
        }
        SessionCmd::Heal { name, track, amount, system } => {
            take(db, SystemId::parse(&system)?, None, |company| {
                company.heal(company.named(&name)?, &track, amount)
            })
        }
        SessionCmd::Cure { name, label, system } => {
            take(db, SystemId::parse(&system)?, None, |company| {
                company.cure(company.named(&name)?, &label)
            })
        }
        SessionCmd::Start { name } => {
            let id = db.play_sessions().start(&name, &today())?;
            crate::terminal::tell(&format!("started {id}: {}", name.trim()));
            Ok(())
        }
        SessionCmd::Rename { id, name } => {
            let id = PlaySessionId(id);
            if db.play_sessions().get(id)?.is_none() {
                bail!("no {id} (see 'fray session list')");
            }
            Ok(db.play_sessions().rename(id, &name)?)
        }
        SessionCmd::Resume { id } => {
            db.play_sessions().resume(PlaySessionId(id), &today())?;
            crate::terminal::tell(&format!("today's steps go to session {id}"));
            Ok(())
        }
        SessionCmd::Note { text } => {
            let day = db.play_sessions().current(&today())?;
            Ok(db.play_sessions().note(day, &text)?)
        }
        SessionCmd::Undo | SessionCmd::Redo => undo_or_redo(db, matches!(cmd, SessionCmd::Undo)),
    }
}

fn list(db: &Db) -> Result<()> {
    let list = db.play_sessions().list()?;
    if list.is_empty() {
        crate::terminal::tell("no sessions yet: the day's first write-back or rest starts one");
        return Ok(());
    }
    let mut text = String::from("ID\tDAY\tFIGHTS\tSTEPS\tNAME\n");
    for s in list {
        text.push_str(&format!("{}\t{}\t{}\t{}\t{}\n", s.id.0, s.day, s.fights, s.steps, s.name));
    }
    crate::commands::emit(&text, None)
}

/// Takes a step made from the company as it is inside the write transaction (so two programs
/// at once both count), writes it to today's session, then prints its lines.
fn take(
    db: &Db,
    system: SystemId,
    ended: Option<fray_data::EncounterId>,
    make: impl FnOnce(&Company) -> Result<CampaignStep, RuleError>,
) -> Result<()> {
    let day = db.play_sessions().current(&today())?;
    let step = db
        .campaign()
        .take(day, system, ended, |company| {
            make(company).map_err(|e| fray_data::DbError::Invalid(e.to_string()))
        })
        .context("nothing was written")?;
    print_step(&step)?;
    crate::terminal::tell(&format!(
        "written to today's session ({})",
        db.play_sessions().get(day)?.map(|s| s.name).unwrap_or_default()
    ));
    Ok(())
}

fn print_step(step: &CampaignStep) -> Result<()> {
    let mut text = format!("{}\n", step.title());
    for w in &step.written {
        let lines: Vec<String> = w.changes().iter().map(|c| c.text()).collect();
        let said = if lines.is_empty() { "unchanged".to_owned() } else { lines.join(" · ") };
        text.push_str(&format!("  {}: {said}\n", w.name));
    }
    crate::commands::emit(&text, None)
}

fn end_fight(db: &Db, key: &str, untick: &[String], set: &[String], dry_run: bool) -> Result<()> {
    let id = crate::commands::find_encounter(db, key)?;
    if db.encounters().get(id)?.is_some_and(|e| e.ended.is_some()) {
        bail!("{id} is already over and written back");
    }
    let history = fray_data::Session::read(db, id).with_context(|| format!("cannot open {id}"))?;
    let system = history.state().system_id();
    // The review is made inside the write's transaction: a heal another program takes at the
    // same moment is either before it (and reviewed from) or after it.
    let review = |company: &Company| -> Result<CampaignStep, RuleError> {
        let mut review = Review::of_history(&history, company);
        edit_review(&mut review, untick, set).map_err(|e| RuleError::Invalid(format!("{e:#}")))?;
        Ok(review.step())
    };
    if dry_run {
        print_step(&review(&db.campaign().company(system)?)?)?;
        crate::terminal::tell("dry run: nothing was written");
        return Ok(());
    }
    take(db, system, Some(id), review)
}

/// The GM's `--untick WHO:LINE` and `--set WHO:LINE=N`, made on the review.
fn edit_review(review: &mut Review, untick: &[String], set: &[String]) -> Result<()> {
    for spec in untick {
        let (who, what) =
            spec.split_once(':').with_context(|| format!("--untick {spec}: write it WHO:LINE"))?;
        review
            .untick(who, what)
            .map_err(anyhow::Error::msg)
            .with_context(|| format!("--untick {spec}"))?;
    }
    for spec in set {
        let bad = || format!("--set {spec}: write it WHO:LINE=N");
        let (who, rest) = spec.split_once(':').with_context(bad)?;
        let (what, n) = rest.split_once('=').with_context(bad)?;
        let n: i64 = n
            .trim()
            .parse()
            .with_context(|| format!("--set {spec}: '{n}' is not a whole number"))?;
        review
            .set(who, what, n)
            .map_err(anyhow::Error::msg)
            .with_context(|| format!("--set {spec}"))?;
    }
    Ok(())
}

/// `fray session export`: today's session, or the one numbered `id`, as Markdown, HTML, JSON,
/// chat text or the recap card.
fn export(
    db: &Db,
    id: Option<i64>,
    format: crate::cli::Format,
    audience: crate::cli::For,
    output: Option<PathBuf>,
) -> Result<()> {
    let id = match id {
        Some(id) => PlaySessionId(id),
        None => db.play_sessions().current(&today())?,
    };
    let log = db.play_sessions().log(id)?;
    let bytes = crate::share::session_export(&log, format.session(), audience.audience())?;
    crate::commands::emit_bytes(&bytes, output.as_deref())
}

/// `fray session rest`: one rest for the named (everyone when no one is named), tended by `by`.
fn rest(db: &Db, kind: &str, system: SystemId, who: &[String], by: Option<&str>) -> Result<()> {
    let of = fray_app::campaign::aftermath::of(system.system());
    let rest = recovery(of, kind)?;
    let origin = StepDice { seed: crate::commands::random_seed(), stream: 0 };
    // The healer named, and the resting, as they are inside the step's transaction.
    take(db, system, None, |company| {
        let keys = who
            .iter()
            .map(|n| company.named(n).map(str::to_owned))
            .collect::<Result<Vec<_>, _>>()?;
        let settings = match by {
            Some(name) => {
                let healer = company.member(company.named(name)?)?;
                with_healer(&Default::default(), &healer.name, &healer.sheet)
            }
            None => Default::default(),
        };
        company.rest_seeded(of, system, rest, &keys, &settings, origin, &[])
    })
}

/// `fray session undo` / `redo`: today's last step taken back, or put back.
fn undo_or_redo(db: &Db, undo: bool) -> Result<()> {
    let day = db.play_sessions().current(&today())?;
    let done = if undo { db.campaign().undo(day)? } else { db.campaign().redo(day)? };
    match done {
        Some(s) => crate::terminal::tell(&format!(
            "{}: {}",
            if undo { "undone" } else { "redone" },
            s.step.title()
        )),
        None => crate::terminal::tell(if undo {
            "nothing to undo today"
        } else {
            "nothing to redo today"
        }),
    }
    Ok(())
}
