//! The command line's shape: subcommands, their arguments and their help.

use clap::{Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

/// Fray: a desktop companion for game masters running combat at the table.
///
/// Without a subcommand, opens the window.
#[derive(Debug, Parser)]
#[command(name = "fray", version, about, long_about)]
pub struct Cli {
    /// The database to use instead of the default one in your data folder.
    #[arg(long, global = true, value_name = "PATH")]
    pub db: Option<PathBuf>,

    /// What to do; nothing opens the window.
    #[command(subcommand)]
    pub command: Option<Cmd>,
}

/// What `fray import --text` does with a pasted block whose name the library already has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ClashChoice {
    /// The library's entry takes what the paste read; the rest of it stays.
    Update,
    /// Both: the pasted block comes in beside it.
    Both,
    /// The pasted block is left out.
    Skip,
}

/// The kinds of file `fray export-library` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LibraryFormat {
    /// Fray's own library file: every entry, every field, portraits.
    Fray,
    /// Improved Initiative's library export: the creatures, as its stat blocks.
    ImprovedInitiative,
    /// A Markdown note of Fantasy Statblocks fences (Obsidian): the creatures, in its YAML.
    FantasyStatblocks,
}

impl From<LibraryFormat> for fray_data::exchange::LibraryFormat {
    fn from(f: LibraryFormat) -> Self {
        match f {
            LibraryFormat::Fray => Self::Fray,
            LibraryFormat::ImprovedInitiative => Self::ImprovedInitiative,
            LibraryFormat::FantasyStatblocks => Self::FantasyStatblocks,
        }
    }
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Cmd {
    /// Roll dice: `fray roll 2d6+1` prints `2d6+1: [4, 3] +1 = 8`; `--odds` prints the
    /// chance of every total instead.
    Roll {
        /// What to roll: d20, 2d6+1, 4d6kh3, 4d6dl1, d%, 4dF, d6!, d6!p, 4d6r1, 6d10>=8f1,
        /// (d6+1)*2, d20/2, ceil(d20/2), {2d8,d12}kh1, {3d6,2d8}>10, "2d6 [fire]" (see the
        /// README). Quote it if it has spaces, braces or parentheses.
        #[arg(allow_hyphen_values = true)]
        expr: String,
        /// Seed for the app's dice, to get the same roll again.
        #[arg(long)]
        seed: Option<u64>,
        /// Faces you rolled at the table, as rolled: one per die, an exploding or rerolled
        /// die's extra faces after it (`--table 4 3`, `--table 4,3`; `00` on a d%, `- 0 +`
        /// on Fudge dice).
        #[arg(long, num_args = 1.., value_delimiter = ',', value_name = "FACES", conflicts_with_all = ["seed", "odds"], allow_hyphen_values = true)]
        table: Option<Vec<String>>,
        /// Print the chance of every total (exact, or estimated where exact is too big),
        /// the mean, and with `--target` the chance to reach it.
        #[arg(long)]
        odds: bool,
        /// With `--odds`: the total to reach, e.g. `--target 15` for "≥ 15: 51%".
        #[arg(long, requires = "odds", allow_hyphen_values = true)]
        target: Option<i64>,
    },
    /// Run a scenario script headless and print its journal (see SCENARIOS.md).
    Play {
        /// The script, e.g. tests/scenarios/freeform-ambush.fray.
        script: PathBuf,
        /// How to print the journal.
        #[arg(long, value_enum, default_value_t = Format::Md)]
        format: Format,
        /// Also store the fight in the database, as a new encounter you can open and export; a
        /// script of several fights is stored as a session (`fray session export`).
        #[arg(long)]
        save: bool,
        /// Write the journal to this file instead of printing it.
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
    },
    /// Play a fight out many times with the real procedure and print what tends to happen:
    /// the party's chance of winning, each character's chance to go down and to die, a total
    /// party kill, how many rounds, each with its 95% interval and how the fights were played.
    Odds {
        /// A stored encounter (id or name; see `fray encounters`) or a `.fray` script. A fight
        /// under way goes on from where it stands; one not begun starts from its board.
        encounter: String,
        /// The most fights to play (at most 100000): the run stops sooner, looking first
        /// after 400 fights and then every 400, once every figure's 95% interval is within
        /// --precision points.
        #[arg(long, default_value_t = fray_app::simulate::odds::DEFAULT_RUNS)]
        runs: u32,
        /// Play exactly this many fights (at most 100000), however precise the figures are
        /// sooner.
        #[arg(long, value_name = "N", conflicts_with_all = ["runs", "precision"])]
        exact_runs: Option<u32>,
        /// How near every figure's 95% interval must come, in percentage points, for the run
        /// to stop (0.5 to 10): 5 answers at the first look, 1 takes some 10,000 fights
        /// for an even fight.
        #[arg(long, value_name = "POINTS", default_value_t = fray_app::simulate::stopping::DEFAULT_PRECISION)]
        precision: f64,
        /// Seed of the fights' dice: the same seed gives the same odds.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Start from the board before the fight even when the fight is under way.
        #[arg(long)]
        from_start: bool,
        /// A fight still going after this round counts as undecided.
        #[arg(long, default_value_t = fray_app::simulate::autoplay::ROUND_LIMIT, value_name = "ROUND")]
        round_limit: u32,
        /// The party runs once half of it is out (down, dead or fled); without this it
        /// fights to the end.
        #[arg(long)]
        party_flees: bool,
        /// Threads to use (0: every core); more than the machine's cores are not used.
        #[arg(long, default_value_t = 0)]
        threads: usize,
        /// Print the result as JSON.
        #[arg(long)]
        json: bool,
        /// Also print the journal of fight N of the run (0 is the first), played again
        /// exactly as it went: to see how the fights were fought.
        #[arg(long, value_name = "N")]
        show_fight: Option<u32>,
    },
    /// Export a stored encounter's journal.
    Export {
        /// The encounter's id or name (see `fray encounters`).
        encounter: String,
        /// The journal format: md to share as text, html as a page, json to replay.
        #[arg(long, value_enum)]
        format: Format,
        /// Who it is for (md and html): the players (the default), or the GM's full journal.
        /// JSON is always the whole journal.
        #[arg(long = "for", value_enum, default_value_t = For::Players)]
        audience: For,
        /// Write to this file instead of printing.
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
    },
    /// Re-run a JSON journal through the rules with its recorded dice, and check it matches;
    /// a session file has each of its fights re-run.
    Replay {
        /// A journal written by `fray export --format json` (or `fray session export`).
        file: PathBuf,
    },
    /// List the stored encounters.
    Encounters,
    /// Import a library file, told by what it holds: Fray JSON (creatures, characters,
    /// tables, templates), a CSV of creatures, stat blocks as printed, or another tool's
    /// bestiary (Improved Initiative, 5e-API / Open5e JSON, Fantasy Statblocks YAML, Foundry
    /// VTT actors). Prints what it would add or
    /// change, then writes it all, or nothing if anything in the file is wrong.
    Import {
        /// A file written by `fray export-library` (or by hand), a CSV file with a header row,
        /// a text file of stat blocks, or another tool's bestiary (all but Fray's own need
        /// `--system`).
        #[arg(required_unless_present_any = ["list_fields", "text"])]
        file: Option<PathBuf>,
        /// Stat blocks pasted as printed, in a text file ("Ogre: 13 HP, 1 Armor, 16 STR,
        /// club (d10)"; blocks apart by blank lines or one per "Name:" line). Needs
        /// `--system`. Shows each entry and what in it was not read (kept in its notes).
        #[arg(long, value_name = "FILE", conflicts_with_all = ["file", "map", "list_fields"], requires = "system")]
        text: Option<PathBuf>,
        /// For stat blocks and other tools' bestiaries: what to do with a creature whose
        /// name the library already has (an entry not made by importing it before): take
        /// what was read into that entry, import both, or leave it out (the default).
        #[arg(long, value_enum, default_value_t = ClashChoice::Skip)]
        on_clash: ClashChoice,
        /// The system whose stat blocks the CSV rows are (`freeform`, `bdp`...).
        #[arg(long)]
        system: Option<String>,
        /// Points a CSV column at a field (its key or label): `--map Armor=stats.armor`,
        /// `--map Size=ignore`. Repeat for more columns.
        #[arg(long = "map", value_name = "COLUMN=FIELD")]
        map: Vec<String>,
        /// Lists the fields a CSV column can fill for `--system`, and stops.
        #[arg(long)]
        list_fields: bool,
        /// Only show what would be imported; write nothing.
        #[arg(long)]
        dry_run: bool,
    },
    /// Export the library (or one system's entries) as a Fray JSON file, or its creatures
    /// as another tool's bestiary.
    ExportLibrary {
        /// Only this system's entries.
        #[arg(long)]
        system: Option<String>,
        /// The kind of file: Fray's own (everything), Improved Initiative's library export
        /// (creatures; its "Import all and add" reads it), or a note of Fantasy Statblocks
        /// fences (creatures; Obsidian shows each as a stat block).
        #[arg(long, value_enum, default_value_t = LibraryFormat::Fray)]
        format: LibraryFormat,
        /// The file to write.
        #[arg(short, long, value_name = "FILE")]
        output: PathBuf,
    },
    /// An evening of play: list and export sessions; end a fight and write back what lasts;
    /// rest, heal, lift an injury; undo (see `fray session --help`).
    Session {
        /// What to do.
        #[command(subcommand)]
        action: crate::session_cmd::SessionCmd,
    },
    /// Battle maps: a Universal VTT file or a picture into a stored encounter (see `fray map
    /// --help`).
    Map {
        /// What to do.
        #[command(subcommand)]
        action: crate::map_cmd::MapCmd,
    },
    /// Print Fray's manual page (roff): `fray manual > fray.1`; with a folder, write there a
    /// page for `fray` and one for each subcommand (`fray-map-import.1`...). The Debian
    /// package installs them: `man fray`, `man fray-import`.
    Manual {
        /// The folder to write every page to.
        dir: Option<PathBuf>,
    },
    /// Print the completions of a shell: `fray completions bash > ~/.local/share/bash-completion/completions/fray`.
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Create an empty encounter.
    New {
        /// Its name.
        name: String,
        /// The rule system that runs it.
        #[arg(long, default_value = "freeform")]
        system: String,
        /// Seed of its app dice (random if not given).
        #[arg(long)]
        seed: Option<u64>,
    },
}

/// Who a shared journal is for.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, ValueEnum)]
pub enum For {
    /// The players: drawn through the player window's rules (hidden foes, secret rolls, GM
    /// notes and secret intentions left out).
    #[default]
    Players,
    /// The GM: every line.
    Gm,
}

impl For {
    /// The journal's audience.
    pub fn audience(self) -> fray_app::journal::Audience {
        match self {
            For::Players => fray_app::journal::Audience::Players,
            For::Gm => fray_app::journal::Audience::Gm,
        }
    }
}

/// A journal format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Markdown, to paste anywhere.
    #[value(alias = "markdown")]
    Md,
    /// A self-contained HTML page.
    Html,
    /// Lossless JSON, for `fray replay` and archiving.
    Json,
    /// An evening's story for a group chat: bold and lists, in parts of at most 2,000
    /// characters (a session's only).
    Chat,
    /// An evening's recap card, a 1200 × 1500 PNG picture (a session's only).
    Png,
}

impl Format {
    /// The journal's format; a fight's journal has no chat text or card.
    pub fn journal(self) -> anyhow::Result<fray_app::journal::Format> {
        match self {
            Format::Md => Ok(fray_app::journal::Format::Markdown),
            Format::Html => Ok(fray_app::journal::Format::Html),
            Format::Json => Ok(fray_app::journal::Format::Json),
            Format::Chat | Format::Png => anyhow::bail!(
                "--format {}: only an evening has one (`fray session export`, or `fray play` of a \
                 script of several fights)",
                if self == Format::Chat { "chat" } else { "png" }
            ),
        }
    }

    /// The evening's format.
    pub fn session(self) -> crate::share::SessionFormat {
        use crate::share::SessionFormat;
        match self {
            Format::Md => SessionFormat::Text(fray_app::journal::Format::Markdown),
            Format::Html => SessionFormat::Text(fray_app::journal::Format::Html),
            Format::Json => SessionFormat::Text(fray_app::journal::Format::Json),
            Format::Chat => SessionFormat::Chat,
            Format::Png => SessionFormat::Png,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn table_faces_take_spaces_or_commas() {
        for args in [
            ["fray", "roll", "2d6", "--table", "4", "3"].as_slice(),
            &["fray", "roll", "2d6", "--table", "4,3"],
        ] {
            let cli = Cli::try_parse_from(args).unwrap();
            let Some(Cmd::Roll { table, .. }) = cli.command else { panic!() };
            assert_eq!(table, Some(vec!["4".to_string(), "3".to_string()]));
        }
    }

    #[test]
    fn a_negative_expression_is_not_a_flag() {
        let cli = Cli::try_parse_from(["fray", "roll", "-d4"]).unwrap();
        assert!(matches!(cli.command, Some(Cmd::Roll { expr, .. }) if expr == "-d4"));
    }
}
