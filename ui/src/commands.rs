//! What each subcommand does. Output goes to stdout (or `-o FILE`); messages about what
//! happened besides the output (an encounter saved) go to stderr, so pipes stay clean.

use crate::cli::{Cli, Cmd, For, Format};
use crate::dates::utc_minute;
use crate::library;
use crate::window;
use anyhow::{Context, Result, bail};
use fray_app::History;
use fray_app::dice::{Dice, DiceSource, Roll, RollSource, SeededDice};
use fray_app::ids::SystemId;
use fray_app::journal;
use fray_app::scenario;
use fray_app::simulate::autoplay::Rules;
use fray_app::simulate::odds::Request;
use fray_data::session::library_tables;
use fray_data::{Db, DbError, EncounterId, Session, SessionError};
use std::path::{Path, PathBuf};

/// Runs what the command line asked for.
// dispatch: one arm a command; each command's work is a function of its own.
pub fn run(cli: Cli) -> Result<()> {
    fray_app::systems::registry();
    let db = cli.db;
    match cli.command {
        None => window::run(db_path(db)?),
        Some(Cmd::Roll { expr, seed, table, odds: false, .. }) => roll(&expr, seed, table),
        Some(Cmd::Roll { expr, odds: true, target, .. }) => roll_odds(&expr, target),
        Some(Cmd::Play { script, format, save, output }) => {
            play(&script, format, save.then_some(db), output)
        }
        Some(Cmd::Export { encounter, format, audience, output }) => {
            with_db(db, Access::Read, |db| export(db, &encounter, format, audience, output))
        }
        Some(Cmd::Replay { file }) => replay(&file),
        Some(odds @ Cmd::Odds { .. }) => run_odds(db, odds),
        Some(Cmd::Encounters) => with_db(db, Access::Read, encounters),
        Some(Cmd::New { name, system, seed }) => {
            with_db(db, Access::Write, |db| new(db, &name, &system, seed))
        }
        Some(Cmd::Import { list_fields: true, system, .. }) => {
            library::list_fields(system.as_deref().map(SystemId::parse).transpose()?)
        }
        Some(Cmd::Import { text: Some(text), system, on_clash, dry_run, .. }) => {
            let system = system.context("say which system the stat blocks are with --system ID")?;
            let system = SystemId::parse(&system)?;
            // A dry run is the import rolled back (every check it makes): it opens the
            // database as the import would, and writes nothing.
            with_db(db, Access::Write, |db| {
                library::import_text(db, &text, system, on_clash, dry_run)
            })
        }
        Some(Cmd::Import { file, system, map, on_clash, dry_run, .. }) => {
            let file = file.context("name the file to import")?;
            let system = system.as_deref().map(SystemId::parse).transpose()?;
            with_db(db, Access::Write, |db| {
                library::import(db, &file, system, &map, on_clash, dry_run)
            })
        }
        Some(Cmd::ExportLibrary { system, format, output }) => {
            let system = system.as_deref().map(SystemId::parse).transpose()?;
            with_db(db, Access::Read, |db| library::export(db, system, format, &output))
        }
        Some(Cmd::Manual { dir }) => crate::manual_cmd::manual(dir),
        Some(Cmd::Completions { shell }) => crate::manual_cmd::completions(shell),
        Some(Cmd::Map { action }) => {
            with_db(db, Access::Write, |db| crate::map_cmd::run(db, action))
        }
        Some(Cmd::Session { action }) => session(db, action),
    }
}

/// `fray odds`: the odds of a stored encounter or a script's fight, and a fight shown.
fn run_odds(db: Option<PathBuf>, odds: Cmd) -> Result<()> {
    let Cmd::Odds {
        encounter,
        runs,
        exact_runs,
        precision,
        seed,
        from_start,
        round_limit,
        party_flees,
        threads,
        json,
        show_fight,
    } = odds
    else {
        unreachable!("run_odds is called with fray odds")
    };
    let request = Request {
        runs: exact_runs.unwrap_or(runs),
        exact: exact_runs.is_some(),
        precision,
        seed,
        threads,
        rules: Rules { round_limit, party_flees },
    };
    let (name, start) = odds_start(db, &encounter, from_start)?;
    crate::odds::print(&name, &start, &request, json)?;
    match show_fight {
        Some(n) => crate::odds::show_fight(&start, &request, n),
        None => Ok(()),
    }
}

/// `fray session …`: read-only for a listing or an export of a past session.
fn session(db: Option<PathBuf>, action: crate::session_cmd::SessionCmd) -> Result<()> {
    use crate::session_cmd::SessionCmd;
    let access = match action {
        SessionCmd::List | SessionCmd::Export { id: Some(_), .. } => Access::Read,
        _ => Access::Write,
    };
    with_db(db, access, |db| crate::session_cmd::run(db, action))
}

/// Whether a command writes to the database.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Access {
    /// Only reads: opened read-only, so it works on a read-only file or mount and a full disk,
    /// and leaves the file as it was (not even "last opened" changes).
    Read,
    /// Writes.
    Write,
}

/// Opens the database (`--db`, or the default one) and runs `f` with it. A failure of the
/// database itself (busy, read-only, full, damaged) names the file, so the GM knows which.
fn with_db<T>(
    flag: Option<PathBuf>,
    access: Access,
    f: impl FnOnce(&Db) -> Result<T>,
) -> Result<T> {
    let path = db_path(flag)?;
    let opened = match access {
        Access::Read => Db::open_read_only(&path),
        Access::Write => Db::open(&path),
    };
    let db = opened.with_context(|| format!("cannot open the database {}", path.display()))?;
    f(&db).map_err(|e| {
        if is_database_failure(&e) {
            anyhow::anyhow!("{e:#} (database {})", path.display())
        } else {
            stands(e, access)
        }
    })
}

/// A lost output of a command that writes says that what it wrote stands (a command that
/// only reads has nothing to say): the GM must not do it twice for want of its report.
fn stands(e: anyhow::Error, access: Access) -> anyhow::Error {
    use crate::terminal::OutputError;
    match e.downcast::<OutputError>() {
        Ok(OutputError { cause, done: None }) if access == Access::Write => {
            OutputError { cause, done: Some("what it wrote to the database stands".into()) }.into()
        }
        Ok(lost) => lost.into(),
        Err(e) => e,
    }
}

/// Whether SQLite failed somewhere in the chain (as opposed to the GM's input being refused).
fn is_database_failure(e: &anyhow::Error) -> bool {
    e.chain().any(|cause| {
        cause.downcast_ref::<DbError>().is_some_and(DbError::is_database)
            || cause.downcast_ref::<SessionError>().is_some_and(SessionError::is_database)
    })
}

/// `fray roll EXPR [--seed N] [--table FACES...]`
fn roll(expr: &str, seed: Option<u64>, table: Option<Vec<String>>) -> Result<()> {
    let dice = Dice::parse(expr).with_context(|| format!("bad dice '{expr}'"))?;
    let roll = match table {
        Some(typed) => {
            let faces = fray_app::dice::read_faces(&dice, &typed.join(" "))?;
            Roll::from_faces(dice, &faces, expr, None, RollSource::Table)?
        }
        None => SeededDice::new(seed.unwrap_or_else(random_seed), 0).roll(&dice, expr, None)?,
    };
    emit(&format!("{}\n", roll.summary()), None)
}

/// `fray roll EXPR --odds [--target N]`: the chance of every total, as a table with bars.
fn roll_odds(expr: &str, target: Option<i64>) -> Result<()> {
    let dice = Dice::parse(expr).with_context(|| format!("bad dice '{expr}'"))?;
    emit(&crate::dice_odds::report(&dice, target), None)
}

/// `fray play SCRIPT [--format F] [--save] [-o FILE]`; `save` holds the `--db` override.
fn play(
    path: &Path,
    format: Format,
    save: Option<Option<PathBuf>>,
    output: Option<PathBuf>,
) -> Result<()> {
    let text = crate::inputs::read_input(path)?;
    // Messages name the script as the user wrote it: "crypt.fray line 12: ...".
    let script = scenario::parse(&path.display().to_string(), &text)?;
    if !script.is_session() {
        // Refused before the fight is played (or stored): a fight has no chat text or card.
        format.journal()?;
    }
    if script.is_session() {
        let log = match save {
            None => {
                let library = Db::open_in_memory().context("cannot load the bundled content")?;
                let tables = library_tables(&library, script.system)?;
                script.with_tables(tables).run_session()?
            }
            Some(db) => with_db(db, Access::Write, |db| {
                let tables = library_tables(db, script.system)?;
                // Played in memory first, then stored whole in one transaction, as one fight is.
                let log = script.with_tables(tables).run_session()?;
                let (id, fights) =
                    db.play_sessions().record(&log).context("cannot store the session")?;
                let fights: Vec<String> = fights.iter().map(ToString::to_string).collect();
                crate::terminal::tell(&format!(
                    "saved as {id}: {} ({})",
                    log.name,
                    if fights.is_empty() { "no fight".into() } else { fights.join(", ") }
                ));
                Ok(log)
            })?,
        };
        // A script is the GM's own: the evening as the GM's export writes it.
        let bytes =
            crate::share::session_export(&log, format.session(), fray_app::journal::Audience::Gm)?;
        return emit_bytes(&bytes, output.as_deref());
    }
    let history = match save {
        None => {
            // `load-tables` lines copy the bundled tables, read back from a fresh database
            // in memory: the same rows a new Fray starts with.
            let library = Db::open_in_memory().context("cannot load the bundled content")?;
            let tables = library_tables(&library, script.system)?;
            script.with_tables(tables).run()?
        }
        Some(db) => with_db(db, Access::Write, |db| {
            let tables = library_tables(db, script.system)?;
            // Played in memory first, then stored whole in one transaction: a script that
            // fails, or a disk that fills up, leaves nothing half-played in the list.
            let history = script.with_tables(tables).run()?;
            let session = Session::store(db, &history).context("cannot store the encounter")?;
            let id = session.encounter_id();
            crate::terminal::tell(&format!("saved as {id}: {}", session.history().base().name));
            Ok(session.history().clone())
        })?,
    };
    // A script is the GM's own: its journal is the GM's.
    emit(&render(&history, format, For::Gm)?, output.as_deref())
}

/// `fray export ENCOUNTER --format F [--for players|gm] [-o FILE]`
fn export(
    db: &Db,
    key: &str,
    format: Format,
    audience: For,
    output: Option<PathBuf>,
) -> Result<()> {
    let id = find_encounter(db, key)?;
    // Read, not opened for play: an export leaves "last opened" as it was.
    let history = Session::read(db, id).with_context(|| format!("cannot open {id}"))?;
    emit(&render(&history, format, audience)?, output.as_deref())
}

/// The fight `fray odds` plays: a script's end state, or a stored encounter's state, or
/// either's board before the fight (`from_start`, or a fight not begun).
fn odds_start(
    db: Option<PathBuf>,
    key: &str,
    from_start: bool,
) -> Result<(String, fray_app::Encounter)> {
    let history = if key.ends_with(".fray") && Path::new(key).exists() {
        let text = crate::inputs::read_input(Path::new(key))?;
        let script = scenario::parse(key, &text)?;
        let library = Db::open_in_memory().context("cannot load the bundled content")?;
        let tables = library_tables(&library, script.system)?;
        script.with_tables(tables).run()?
    } else {
        with_db(db, Access::Read, |db| {
            let id = find_encounter(db, key)?;
            Session::read(db, id).with_context(|| format!("cannot open {id}"))
        })?
    };
    let state = history.state();
    let start = if from_start || state.round == 0 { state.board() } else { state.clone() };
    Ok((state.name.clone(), start))
}

/// `fray replay FILE.json`: "ok: …" and 0 when everything was proven; one line and
/// [`PartlyChecked`]'s exit status when some dice could be checked for order only.
fn replay(path: &Path) -> Result<()> {
    let checked = crate::inputs::check_journal(path)?;
    if checked.partial.is_empty() {
        emit(&checked.line(), None)
    } else {
        Err(PartlyChecked(format!("{}: {}", path.display(), checked.line())).into())
    }
}

/// A journal that replayed, but whose dice could be checked in part only: never a plain
/// "ok". `fray` exits with [`PartlyChecked::EXIT`] and this one line.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct PartlyChecked(pub String);

impl PartlyChecked {
    /// The exit status: not 0 (not proven), not 1 (not refused), not 2 (usage).
    pub const EXIT: u8 = 3;
}

/// `fray encounters`
fn encounters(db: &Db) -> Result<()> {
    let list = db.encounters().list().context("cannot list the encounters")?;
    if list.is_empty() {
        crate::terminal::tell(
            "no encounters yet: make one with 'fray new NAME' or 'fray play SCRIPT --save'",
        );
        return Ok(());
    }
    let rows: Vec<[String; 4]> = list
        .iter()
        .map(|e| [e.id.0.to_string(), e.name.clone(), e.system.to_string(), utc_minute(e.updated)])
        .collect();
    let header = ["ID", "NAME", "SYSTEM", "UPDATED (UTC)"];
    let width = |i: usize| {
        rows.iter().map(|r| r[i].chars().count()).chain([header[i].len()]).max().unwrap_or(0)
    };
    let widths = [width(0), width(1), width(2)];
    let mut out = String::new();
    for row in std::iter::once(header.map(String::from)).chain(rows) {
        let line = format!(
            "{:<w0$}  {:<w1$}  {:<w2$}  {}",
            row[0],
            row[1],
            row[2],
            row[3],
            w0 = widths[0],
            w1 = widths[1],
            w2 = widths[2]
        );
        out.push_str(line.trim_end());
        out.push('\n');
    }
    emit(&out, None)
}

/// `fray new NAME [--system S] [--seed N]`
fn new(db: &Db, name: &str, system: &str, seed: Option<u64>) -> Result<()> {
    let cannot = || format!("cannot create '{name}'");
    let system = SystemId::parse(system).with_context(cannot)?;
    let session =
        Session::create(db, system, name, seed.unwrap_or_else(random_seed)).with_context(cannot)?;
    emit(&format!("created {}: {}\n", session.encounter_id(), session.history().base().name), None)
}

/// The journal in a format, for `audience` (JSON is always the whole, replayable journal).
fn render(history: &History, format: Format, audience: For) -> Result<String> {
    Ok(journal::export(history, format.journal()?, audience.audience()))
}

/// Writes an export's bytes: text as [`emit`] does; a picture to the file, or to a pipe —
/// never to a terminal, where it would be noise.
pub(crate) fn emit_bytes(bytes: &[u8], output: Option<&Path>) -> Result<()> {
    match std::str::from_utf8(bytes) {
        Ok(text) => emit(text, output),
        Err(_) => match output {
            Some(path) => fray_data::files::write_atomic(path, bytes)
                .with_context(|| format!("cannot write {}", path.display())),
            None if std::io::IsTerminal::is_terminal(&std::io::stdout()) => {
                bail!("a picture is not printed on a terminal: write it to a file with -o FILE")
            }
            None => {
                use std::io::Write as _;
                let mut out = std::io::stdout().lock();
                match out.write_all(bytes).and_then(|()| out.flush()) {
                    Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
                    other => other.context("cannot write the picture"),
                }
            }
        },
    }
}

/// Writes the output to a file, or to stdout. A closed pipe (`fray play x | head`) is not an
/// error: the reader has what it wanted.
pub(crate) fn emit(text: &str, output: Option<&Path>) -> Result<()> {
    let mut text = text.to_owned();
    if !text.ends_with('\n') {
        text.push('\n');
    }
    if let Some(path) = output {
        return fray_data::files::write_atomic(path, text.as_bytes())
            .with_context(|| format!("cannot write {}", path.display()));
    }
    // A terminal (or whatever reads the pipe) gets names from untrusted files: shown, never
    // obeyed. Files get the text as it is.
    crate::terminal::print_out(&text)
}

/// An encounter by id, or else by name (ignoring case).
pub(crate) fn find_encounter(db: &Db, key: &str) -> Result<EncounterId> {
    let list = db.encounters().list().context("cannot list the encounters")?;
    if let Ok(n) = key.trim().parse::<i64>()
        && let Some(e) = list.iter().find(|e| e.id.0 == n)
    {
        return Ok(e.id);
    }
    let named: Vec<_> = list.iter().filter(|e| e.name.eq_ignore_ascii_case(key.trim())).collect();
    match named.as_slice() {
        [] => bail!("no encounter '{key}' (see 'fray encounters')"),
        [one] => Ok(one.id),
        many => {
            let mut ids: Vec<i64> = many.iter().map(|e| e.id.0).collect();
            ids.sort_unstable();
            let ids: Vec<String> = ids.iter().map(i64::to_string).collect();
            bail!(
                "{} encounters are called '{key}' (ids {}): give the id",
                many.len(),
                ids.join(", ")
            )
        }
    }
}

/// The database path: `--db`, or `fray.db` in the platform's data folder.
fn db_path(flag: Option<PathBuf>) -> Result<PathBuf> {
    if let Some(path) = flag {
        return Ok(path);
    }
    let dirs = directories::ProjectDirs::from("app", "Fray", "Fray")
        .context("cannot find your home folder to keep Fray's data in; pass --db PATH")?;
    Ok(dirs.data_dir().join("fray.db"))
}

/// A seed for app dice when none is given: the clock mixed with the process id, which is
/// plenty for dice (the seed is journaled, so rolls stay auditable).
pub(crate) fn random_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    // SplitMix64's finaliser spreads nearby clock readings over the whole range.
    let mut z = nanos ^ (u64::from(std::process::id()) << 32);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::db_path;

    /// Where each system keeps an application's data for its user (the `directories` crate,
    /// which follows each one's rules): Linux's XDG data folder (`~/.local/share/fray`),
    /// Windows' roaming AppData (`…\AppData\Roaming\Fray\Fray\data`), macOS's Application
    /// Support (`~/Library/Application Support/app.Fray.Fray`).
    #[test]
    fn the_database_lives_in_the_systems_data_folder_for_applications() {
        let base = directories::BaseDirs::new().expect("a home folder");
        let data = base.data_dir();
        let expected = if cfg!(target_os = "windows") {
            data.join("Fray").join("Fray").join("data")
        } else if cfg!(target_os = "macos") {
            data.join("app.Fray.Fray")
        } else {
            data.join("fray")
        };
        assert_eq!(db_path(None).unwrap(), expected.join("fray.db"));
        let given = std::path::PathBuf::from("elsewhere/fray.db");
        assert_eq!(db_path(Some(given.clone())).unwrap(), given);
    }
}
