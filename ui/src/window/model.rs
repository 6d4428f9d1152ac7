//! What the window shows: the database, the open session and the GM's preferences. Only
//! [`super::apply`] changes it.

use fray_app::Command;
use fray_app::dice::DieChoice;
use fray_app::ids::CombatantId;
use fray_app::journal::JournalView;
use fray_data::characters::RemovedCharacter;
use fray_data::creatures::RemovedCreature;
use fray_data::tables::RemovedTable;
use fray_data::{Db, EncounterId, EncounterInfo, Session, SessionError, Template};
use serde::{Deserialize, Serialize};

/// Settings key of the preferences, as JSON.
pub const PREFS_KEY: &str = "ui.prefs";
/// Settings key of the encounter open when the window last closed.
pub const LAST_ENCOUNTER_KEY: &str = "ui.last_encounter";
/// Where who rolls (the app, or the table) is kept, so a restart keeps it.
pub const DICE_MODE_KEY: &str = "ui.dice_mode";

/// The GM's window preferences, persisted in the database.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Prefs {
    /// UI scale in percent, 100–250.
    pub scale_percent: u32,
    /// Dark theme (true) or light.
    pub dark: bool,
}

impl Default for Prefs {
    fn default() -> Self {
        Self { scale_percent: 100, dark: true }
    }
}

impl Prefs {
    /// Smallest and largest UI scale, in percent.
    pub const SCALE_RANGE: std::ops::RangeInclusive<u32> = 100..=250;
}

/// Who rolls when the rules need dice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DiceMode {
    /// The app rolls.
    #[default]
    App,
    /// The GM types the faces the players rolled; Fray asks for each roll.
    Table,
}

/// A command waiting for the GM to type the faces of a roll (or to let the app roll it).
#[derive(Debug, Clone, PartialEq)]
pub struct PendingRoll {
    /// The command to run once the dice are known.
    pub command: Command,
    /// Dice already decided for this command, in order.
    pub plan: Vec<DieChoice>,
    /// The dice asked for now, in notation ("d8").
    pub dice: String,
    /// What the roll is for ("Harald attacks").
    pub label: String,
    /// Whose roll it is ("Hester"), when it is someone's: several alike in a row (everyone's
    /// order die) are told apart by it.
    pub roller: Option<String>,
    /// Why the last faces were refused, if they were.
    pub error: Option<String>,
    /// A player's own roll: its first die is asked for at the table, whatever the dice mode
    /// (the GM may still press Roll for me); the rest follow the mode.
    pub player: bool,
}

/// A message for the GM in the status line: what was refused and why, or what happened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Status {
    /// The message.
    pub text: String,
    /// Whether it reports a refusal or failure.
    pub error: bool,
}

/// Something the GM deleted from the library, kept whole so the deletion can be undone.
#[derive(Debug, Clone, PartialEq)]
pub enum Removed {
    /// A bestiary entry.
    Creature(RemovedCreature),
    /// A character.
    Character(RemovedCharacter),
    /// A roll table.
    Table(RemovedTable),
    /// A detachment or encounter template.
    Template(Template),
}

impl Removed {
    /// The name of what was deleted, for the status line.
    pub fn name(&self) -> &str {
        match self {
            Removed::Creature(c) => &c.creature.name,
            Removed::Character(c) => &c.character.name,
            Removed::Table(t) => &t.table.table.name,
            Removed::Template(t) => &t.name,
        }
    }
}

/// How long a write of the window waits for another program's write lock.
pub const WINDOW_BUSY_WAIT: std::time::Duration = std::time::Duration::from_millis(250);

/// The window's model.
pub struct Model {
    /// The database (library, encounters, settings).
    pub db: Db,
    /// The encounter being run, if any (set it with [`Model::set_session`]).
    pub session: Option<Session>,
    /// Encounters left for another while changes of theirs still wait for the database
    /// (another program holds its write lock): written as soon as it is free.
    pub left_unsaved: Vec<Session>,
    /// The stored encounters, newest first (refreshed when they change).
    pub encounters: Vec<EncounterInfo>,
    /// The combatant whose card is shown.
    pub selected: Option<CombatantId>,
    /// Combatants picked on the board (shift-click) for harm to several at once.
    pub picked: std::collections::BTreeSet<CombatantId>,
    /// Who rolls the engine's dice.
    pub dice_mode: DiceMode,
    /// A command waiting for table dice.
    pub pending_roll: Option<PendingRoll>,
    /// The answer to a question waiting for its table dice: once it runs, the button the
    /// procedure takes with the last answer may follow (see `answer.rs`).
    pub answering: Option<fray_app::Command>,
    /// The GM's preferences.
    pub prefs: Prefs,
    /// The last message for the GM.
    pub status: Option<Status>,
    /// The journal's lines, kept in step with the session's events.
    pub journal: JournalView,
    /// The last library entry deleted, until it is restored or another is deleted.
    pub removed: Option<Removed>,
    /// Bumped whenever the library changes, so views reread their lists.
    pub library_version: u64,
    /// Everyone of the open encounter's procedure who carries a condition between fights
    /// (kept in step by [`Model::sync_company`]).
    pub company: fray_app::campaign::Company,
    /// What `company` was read for: the procedure and the library version.
    company_for: Option<(fray_app::ids::SystemId, u64)>,
    /// The encounter last noted as played in today's session.
    pub joined: Option<EncounterId>,
    /// The open fight, when joining today's session failed (busy): tried again each frame.
    pub join_failed: Option<EncounterId>,
    /// [`fray_data::Db::data_version`] when last looked at.
    pub seen_data_version: Option<i64>,
}

impl Model {
    /// Loads preferences and the encounter list, and reopens the last encounter exactly as
    /// it was. A last encounter that cannot be opened is reported, not fatal.
    pub fn load(db: Db) -> Self {
        // Another program's long write (an import) must not freeze the window: its encounter
        // writes behind (see `set_session`), and any other write waits a moment, then says
        // the database is busy with the GM's form kept.
        let mut failed_setup = None;
        if let Err(e) = db.set_busy_wait(WINDOW_BUSY_WAIT) {
            failed_setup = Some(format!("Could not set up the database: {e}"));
        }
        let prefs = db.settings().get_json::<Prefs>(PREFS_KEY).ok().flatten().unwrap_or_default();
        // Who rolls is the GM's habit: kept across restarts.
        let dice_mode = db.settings().get_json(DICE_MODE_KEY).ok().flatten().unwrap_or_default();
        let mut model = Self {
            encounters: Vec::new(),
            session: None,
            left_unsaved: Vec::new(),
            selected: None,
            picked: Default::default(),
            dice_mode,
            pending_roll: None,
            answering: None,
            prefs,
            status: None,
            journal: JournalView::default(),
            removed: None,
            library_version: 0,
            company: Default::default(),
            company_for: None,
            joined: None,
            join_failed: None,
            seen_data_version: None,
            db,
        };
        model.refresh_encounters();
        let last = model.db.settings().get_json::<i64>(LAST_ENCOUNTER_KEY).ok().flatten();
        if let Some(id) = last {
            match Session::open(&model.db, EncounterId(id)) {
                Ok(session) => model.set_session(Some(session)),
                Err(e) => model.error(format!("Could not reopen the last encounter: {e}")),
            }
        }
        model.sync_journal();
        model.sync_company();
        if let Some(text) = failed_setup {
            model.error(text);
        }
        model
    }

    /// Makes `session` the one being run. The window's sessions write behind: a command is
    /// never held up, or lost, by another program writing to the database. The session left
    /// keeps its waiting changes until they are written.
    pub fn set_session(&mut self, session: Option<Session>) {
        let left = std::mem::replace(&mut self.session, session.map(write_behind));
        if let Some(left) = left.filter(|s| s.unsaved() > 0) {
            self.left_unsaved.push(left);
        }
    }

    /// Opens a stored encounter, or takes back the one left with changes still waiting (the
    /// database does not have them yet, so it must not be read from there).
    pub fn open_encounter(&mut self, id: EncounterId) -> Result<Session, SessionError> {
        match self.left_unsaved.iter().position(|s| s.encounter_id() == id) {
            Some(i) => Ok(self.left_unsaved.swap_remove(i)),
            None => Session::open(&self.db, id),
        }
    }

    /// Writes what waits for the database if it is free now (every frame while anything
    /// waits); how many changes still wait. A failure other than a busy database is shown.
    pub fn save_unsaved(&mut self) -> usize {
        let mut failures = Vec::new();
        for session in self.session.iter_mut().chain(self.left_unsaved.iter_mut()) {
            if session.unsaved() > 0
                && let Err(e) = session.save_unsaved()
            {
                failures.push(format!("Not saved yet: {e}"));
            }
        }
        self.left_unsaved.retain(|s| s.unsaved() > 0);
        if let Some(text) = failures.pop() {
            self.error(text);
        }
        self.unsaved()
    }

    /// How many changes are shown but not yet on disk.
    pub fn unsaved(&self) -> usize {
        self.session.iter().chain(&self.left_unsaved).map(Session::unsaved).sum()
    }

    /// Whether the open encounter's fight was ended and written back (read-only until the
    /// GM reopens it).
    pub fn fight_ended(&self) -> bool {
        let Some(session) = &self.session else { return false };
        let id = session.encounter_id();
        self.encounters.iter().any(|e| e.id == id && e.ended.is_some())
    }

    /// Rereads the list of stored encounters.
    pub fn refresh_encounters(&mut self) {
        match self.db.encounters().list() {
            Ok(list) => self.encounters = list,
            Err(e) => self.error(format!("Could not list the encounters: {e}")),
        }
    }

    /// Brings the journal lines in step with the session.
    pub fn sync_journal(&mut self) {
        match &self.session {
            Some(s) => {
                self.journal.sync(s.history().base(), s.history().events());
            }
            None => self.journal = JournalView::default(),
        }
    }

    /// Whether the open fight took a command but is not yet in today's session (the
    /// database was busy when it tried).
    pub fn join_pending(&self) -> bool {
        let open = self.session.as_ref().map(Session::encounter_id);
        self.join_failed.is_some_and(|id| open == Some(id) && self.joined != Some(id))
    }

    /// Rereads the party and the encounters when another program committed a change since
    /// the last look ([`fray_data::Db::data_version`]).
    pub fn notice_other_writers(&mut self) {
        let Ok(version) = self.db.data_version() else { return };
        if self.seen_data_version.replace(version).is_some_and(|seen| seen != version) {
            self.library_version += 1;
            self.refresh_encounters();
            self.sync_company();
        }
    }

    /// Rereads the company when the procedure or the library changed.
    pub fn sync_company(&mut self) {
        let Some(session) = &self.session else { return };
        let key = (session.state().system_id(), self.library_version);
        if self.company_for.as_ref() == Some(&key) {
            return;
        }
        match self.db.campaign().company(key.0) {
            Ok(company) => self.company = company,
            Err(e) => self.error(format!("Could not read the party's condition: {e}")),
        }
        self.company_for = Some(key);
    }

    /// Shows a refusal or failure in the status line.
    pub fn error(&mut self, text: impl Into<String>) {
        self.status = Some(Status { text: text.into(), error: true });
    }

    /// Shows what happened in the status line.
    pub fn info(&mut self, text: impl Into<String>) {
        self.status = Some(Status { text: text.into(), error: false });
    }
}

fn write_behind(mut session: Session) -> Session {
    session.write_behind(true);
    session
}
