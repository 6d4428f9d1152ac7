//! Random play: a GM who clicks anything. Seeded; each step answers one of the open prompts
//! or card actions (allowed or forbidden), presses Next, undoes or redoes, or makes one of the
//! GM's edits (add, remove, move, move off, change side, track and stat edits, conditions,
//! settings, zones, order), with the app's dice or typed-in table dice. After every step it
//! checks what must always hold; at the end, that the journal replays and round-trips.
//!
//! A failure carries its seed and a `fray play` script that reproduces it: every command
//! as `command JSON` with its dice plan, so the script runs the same commands on the same
//! dice, whatever the names.

use crate::command::{Command, NewCombatant};
use crate::dice::{Dice, DiceError, DiceSource, DieChoice, Roll, RollSource, SeededDice};
use crate::encounter::{BoardRect, Encounter, EncounterTable};
use crate::history::{History, fold};
use crate::ids::{CombatantId, SideId, ZoneId};
use crate::journal;
use crate::space::grid::{GridPos, WallKind};
use crate::system::{self, PromptOption, System};
use std::panic::{AssertUnwindSafe, catch_unwind};

/// What random play may drop on the board: the library's entries of one system.
#[derive(Debug, Clone, Default)]
pub struct Library {
    /// Bestiary entries (their `side` is replaced).
    pub creatures: Vec<NewCombatant>,
    /// Characters (their `side` is replaced).
    pub characters: Vec<NewCombatant>,
    /// Roll tables, for systems that use them.
    pub tables: Vec<EncounterTable>,
}

/// How a run went.
#[derive(Debug, Clone)]
pub struct Report {
    /// Steps taken.
    pub steps: usize,
    /// Commands the rules accepted.
    pub accepted: usize,
    /// Commands the rules refused.
    pub refused: usize,
    /// Prompt and card options answered (allowed or not).
    pub options: usize,
    /// Events in the journal at the end.
    pub events: usize,
    /// Highest round reached.
    pub rounds: u32,
    /// The `fray play` script of the run (what a failure would have written).
    pub script: String,
    /// The encounter's history at the end.
    pub history: History,
}

/// A broken rule of play: the seed, the step, what went wrong, and a script that shows it.
#[derive(Debug, Clone)]
pub struct Failure {
    /// The system played.
    pub system: String,
    /// The seed of the run.
    pub seed: u64,
    /// The step (0-based) at which it failed.
    pub step: usize,
    /// What went wrong.
    pub message: String,
    /// A `fray play` script of every step up to the failing one.
    pub script: String,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "random play of {} with seed {} failed at step {}: {}",
            self.system, self.seed, self.step, self.message
        )
    }
}

/// Conditions the GM may put on or take off, beyond those already on someone: the ones the
/// procedures read, and a few they do not.
const CONDITIONS: &[&str] = &[
    "dead",
    "down",
    "fled",
    "prone",
    "dying",
    "incapacitated",
    "unconscious",
    "surrendered",
    "routed",
    "stunned",
    "surprised",
    "concealed",
    "retreating",
    "blinded",
];

/// Plays `steps` random steps of `system_id` from an empty encounter with `seed`.
pub fn play(
    system_id: &str,
    seed: u64,
    steps: usize,
    library: &Library,
) -> Result<Report, Failure> {
    let system = system::get(system_id).map_err(|e| Failure {
        system: system_id.to_owned(),
        seed,
        step: 0,
        message: e.to_string(),
        script: String::new(),
    })?;
    let mut play = Play::new(system, seed, library);
    let mut report = Tally::default();
    let outcome = catch_unwind(AssertUnwindSafe(|| -> Result<(), String> {
        play.set_up()?;
        for step in 0..steps {
            play.step = step;
            play.one_step(&mut report)?;
            play.check_invariants()?;
            report.rounds = report.rounds.max(play.history.state().round);
        }
        play.check_journal()
    }));
    let message = match outcome {
        Ok(Ok(())) => {
            return Ok(Report {
                steps,
                accepted: report.accepted,
                refused: report.refused,
                options: report.options,
                events: play.history.events().len(),
                rounds: report.rounds,
                script: play.script(),
                history: play.history,
            });
        }
        Ok(Err(message)) => message,
        Err(panic) => format!("panic: {}", panic_text(&panic)),
    };
    Err(Failure {
        system: system_id.to_owned(),
        seed,
        step: play.step,
        message,
        script: play.script(),
    })
}

fn panic_text(panic: &Box<dyn std::any::Any + Send>) -> String {
    if let Some(s) = panic.downcast_ref::<&str>() {
        (*s).to_owned()
    } else if let Some(s) = panic.downcast_ref::<String>() {
        s.clone()
    } else {
        "(no message)".into()
    }
}

/// What a run counts as it goes.
#[derive(Debug, Default)]
struct Tally {
    accepted: usize,
    refused: usize,
    options: usize,
    rounds: u32,
}

/// One run in progress.
struct Play<'a> {
    system: &'static dyn System,
    history: History,
    rng: SeededDice,
    library: &'a Library,
    step: usize,
    /// The script so far, one line per step.
    lines: Vec<String>,
    /// The line of the step in progress, written before it runs (so a panic keeps it).
    pending_line: Option<String>,
}

/// Where a step's command comes from, so its outcome can be judged.
enum Origin {
    /// An option the rules show as allowed: it must be accepted.
    Allowed(String),
    /// An option shown as forbidden: it must be refused.
    Forbidden(String),
    /// An option shown as forbidden without saying why: a fault in itself.
    Unexplained(String),
    /// The GM's edit or Next: either outcome is fine.
    Free,
}

impl<'a> Play<'a> {
    fn new(system: &'static dyn System, seed: u64, library: &'a Library) -> Self {
        Play {
            system,
            history: History::new(Encounter::new(system, "Random play", seed)),
            rng: SeededDice::new(seed, u64::MAX),
            library,
            step: 0,
            lines: Vec::new(),
            pending_line: None,
        }
    }

    fn pick(&mut self, n: usize) -> usize {
        if n <= 1 { 0 } else { self.rng.face(n as u32) as usize - 1 }
    }

    fn chance(&mut self, percent: u32) -> bool {
        self.rng.face(100) <= percent
    }

    fn state(&self) -> &Encounter {
        self.history.state()
    }

    /// Two or three sides, three zones in a row (the middle one small), a party and foes.
    fn set_up(&mut self) -> Result<(), String> {
        let sides =
            [("Party", "#3366cc", true), ("Foes", "#aa3333", false), ("Others", "#888833", false)];
        let n_sides = 2 + self.pick(2);
        for (name, colour, party) in &sides[..n_sides] {
            self.must(Command::AddSide {
                name: (*name).into(),
                colour: (*colour).into(),
                party: *party,
            })?;
        }
        // A procedure that may be fought on a grid gets one half the time (one fought only on
        // a grid, always).
        if self.system.needs_grid() || (self.system.allows_grid() && self.chance(50)) {
            self.must(Command::SetGrid { width: 12, height: 9, feet: 5 })?;
            for _ in 0..6 + self.pick(8) {
                let edit = self.grid_edit();
                let _ = self.run(edit, &Origin::Free)?;
            }
        } else {
            for (i, (name, capacity)) in
                [("Gate", None), ("Bridge", Some(3)), ("Keep", None)].iter().enumerate()
            {
                let rect = BoardRect { x: 40.0 + 240.0 * i as f32, y: 40.0, w: 200.0, h: 140.0 };
                self.must(Command::AddZone { name: (*name).into(), capacity: *capacity, rect })?;
            }
            let zones: Vec<ZoneId> = self.state().zones.keys().copied().collect();
            for pair in zones.windows(2) {
                self.must(Command::ConnectZones { a: pair[0], b: pair[1] })?;
            }
        }
        if self.system.uses_tables() && !self.library.tables.is_empty() {
            self.must(Command::LoadTables { tables: self.library.tables.clone() })?;
        }
        for _ in 0..2 + self.pick(3) {
            let add = self.add_command(true, 1);
            let _ = self.run(add, &Origin::Free)?;
        }
        for _ in 0..2 + self.pick(3) {
            let count = 1 + self.pick(2) as u32;
            let add = self.add_command(false, count);
            let _ = self.run(add, &Origin::Free)?;
        }
        if self.state().grid.is_some() {
            let ids: Vec<CombatantId> = self.state().combatants.keys().copied().collect();
            for id in ids {
                let at = self.square();
                let _ = self.run(Command::Place { id, at: Some(at) }, &Origin::Free)?;
            }
        }
        Ok(())
    }

    /// A square of the grid (the grid of [`Play::set_up`], a little beyond it now and then).
    fn square(&mut self) -> GridPos {
        let (w, h) = self.state().grid.as_ref().map_or((12, 9), |g| (g.width, g.height));
        let spill = usize::from(self.chance(5));
        GridPos {
            x: self.pick(usize::from(w) + spill) as u16,
            y: self.pick(usize::from(h) + spill) as u16,
        }
    }

    /// One of the GM's edits of a grid: walls, doors, windows, difficult ground, its size.
    fn grid_edit(&mut self) -> Command {
        let (w, h) = self.state().grid.as_ref().map_or((12, 9), |g| (g.width, g.height));
        match self.pick(10) {
            0..=5 => {
                let x = self.pick(usize::from(w) + 1) as u16;
                let y = self.pick(usize::from(h) + 1) as u16;
                let len = 1 + self.pick(4) as u16;
                let to = if self.chance(50) { (x + len, y) } else { (x, y + len) };
                let kind = match self.pick(6) {
                    0 => None,
                    1 => Some(WallKind::Window),
                    2 => Some(WallKind::Door { open: self.chance(50) }),
                    _ => Some(WallKind::Wall),
                };
                Command::SetWalls { from: (x, y), to, kind }
            }
            6 | 7 => Command::SetDifficult {
                at: self.square(),
                width: 1 + self.pick(3) as u16,
                height: 1 + self.pick(3) as u16,
                on: self.chance(70),
            },
            _ => Command::SetGrid {
                width: w.saturating_add(self.pick(3) as u16).saturating_sub(1).max(1),
                height: h.saturating_add(self.pick(3) as u16).saturating_sub(1).max(1),
                feet: 5,
            },
        }
    }

    fn must(&mut self, command: Command) -> Result<(), String> {
        match self.run(command, &Origin::Free)? {
            true => Ok(()),
            false => Err("the set-up was refused".into()),
        }
    }

    /// Someone from the library (a character for the party) on a random side and zone.
    fn add_command(&mut self, party: bool, count: u32) -> Command {
        let pool =
            match (party, self.library.characters.is_empty(), self.library.creatures.is_empty()) {
                (true, false, _) | (false, false, true) => &self.library.characters,
                (_, _, false) => &self.library.creatures,
                _ => {
                    let side = self.side(party);
                    return Command::AddCombatant {
                        combatant: Box::new(NewCombatant::named("Nobody", side)),
                        count,
                    };
                }
            };
        let mut combatant = pool[self.pick(pool.len())].clone();
        combatant.side = self.side(party);
        let zones: Vec<ZoneId> = self.state().zones.keys().copied().collect();
        combatant.zone = if zones.is_empty() || self.chance(10) {
            None
        } else {
            Some(zones[self.pick(zones.len())])
        };
        Command::AddCombatant { combatant: Box::new(combatant), count }
    }

    fn side(&mut self, party: bool) -> SideId {
        let sides: Vec<(SideId, bool)> =
            self.state().sides.values().map(|s| (s.id, s.party)).collect();
        let fitting: Vec<SideId> =
            sides.iter().filter(|(_, p)| *p == party).map(|(id, _)| *id).collect();
        let from =
            if fitting.is_empty() { sides.iter().map(|(id, _)| *id).collect() } else { fitting };
        from.get(self.pick(from.len())).copied().unwrap_or(SideId(0))
    }

    fn one_step(&mut self, report: &mut Tally) -> Result<(), String> {
        let roll = self.pick(100);
        let (command, origin) = match roll {
            0..=44 => match self.some_option() {
                Some(o) => o,
                None => (Command::Advance, Origin::Free),
            },
            45..=54 => (Command::Advance, Origin::Free),
            55..=57 => return self.undo_redo(true),
            58..=59 => return self.undo_redo(false),
            _ => (self.gm_edit(), Origin::Free),
        };
        if !matches!(origin, Origin::Free) {
            report.options += 1;
        }
        if self.run(command, &origin)? {
            report.accepted += 1;
        } else {
            report.refused += 1;
        }
        Ok(())
    }

    /// An option of an open prompt or of a combatant's card.
    fn some_option(&mut self) -> Option<(Command, Origin)> {
        let enc = self.state().clone();
        let mut options: Vec<(String, PromptOption)> = Vec::new();
        for p in crate::system::waiting::prompts(self.system, &enc) {
            for o in p.options {
                options.push((p.title.clone(), o));
            }
        }
        if options.is_empty() || self.chance(15) {
            let ids: Vec<CombatantId> = enc.combatants.keys().copied().collect();
            for id in ids {
                for o in crate::system::waiting::card_actions(self.system, &enc, id) {
                    options.push((format!("card of {}", enc.name_of(id)), o));
                }
            }
        }
        if options.is_empty() {
            return None;
        }
        // Mostly allowed answers, so the fight moves on; sometimes a forbidden one.
        let allowed: Vec<usize> = (0..options.len()).filter(|i| options[*i].1.enabled).collect();
        let i = if !allowed.is_empty() && self.chance(85) {
            allowed[self.pick(allowed.len())]
        } else {
            self.pick(options.len())
        };
        let (title, option) = options.swap_remove(i);
        let what = format!("'{}' in '{title}'", option.label);
        let origin = if option.enabled {
            Origin::Allowed(what)
        } else if option.reason.as_deref().is_none_or(|r| r.trim().is_empty()) {
            Origin::Unexplained(what)
        } else {
            Origin::Forbidden(what)
        };
        Some((option.command, origin))
    }

    /// Harm to several at once: picked tokens, a zone or a radius on the grid (now and then
    /// one off the grid, or with nobody there), one roll for all or one each.
    fn harm(&mut self, enc: &Encounter, ids: &[CombatantId], zones: &[ZoneId]) -> Command {
        use crate::command::Targets;
        let targets = match self.pick(3) {
            0 if !zones.is_empty() => Targets::Zone { zone: zones[self.pick(zones.len())] },
            1 if enc.grid.is_some() => {
                let at = self.square();
                Targets::Radius { corner: (at.x, at.y), r: self.pick(4) as u16 }
            }
            _ => {
                let n = 1 + self.pick(ids.len().min(4));
                Targets::Picked { ids: (0..n).map(|_| ids[self.pick(ids.len())]).collect() }
            }
        };
        Command::Harm {
            targets,
            dice: Dice::parse(["d6", "2d6", "3d6", "d20"][self.pick(4)]).expect("dice parse"),
            label: "Blast".into(),
            each: self.chance(40),
        }
    }

    /// One of the GM's edits, on a random combatant, zone or setting.
    fn gm_edit(&mut self) -> Command {
        let enc = self.state().clone();
        let ids: Vec<CombatantId> = enc.combatants.keys().copied().collect();
        let zones: Vec<ZoneId> = enc.zones.keys().copied().collect();
        let sides: Vec<SideId> = enc.sides.keys().copied().collect();
        if ids.is_empty() || self.chance(8) {
            let party = self.chance(40);
            let count = 1 + self.pick(3) as u32;
            return self.add_command(party, count);
        }
        let id = ids[self.pick(ids.len())];
        let c = enc.combatants[&id].clone();
        if enc.grid.is_some() && self.chance(40) {
            return match self.pick(8) {
                0..=2 => Command::Step { id, to: self.square() },
                3 | 4 => Command::Place {
                    id,
                    at: if self.chance(15) { None } else { Some(self.square()) },
                },
                5 => Command::SetSize { id, size: 1 + self.pick(3) as u8 },
                _ => self.grid_edit(),
            };
        }
        match self.pick(15) {
            0 => Command::RemoveCombatant { id },
            1 | 2 => {
                let to = if zones.is_empty() || self.chance(30) {
                    None
                } else {
                    Some(zones[self.pick(zones.len())])
                };
                Command::Move { id, to }
            }
            3 => Command::ChangeSide { id, side: sides[self.pick(sides.len())] },
            4..=6 if !c.tracks.is_empty() => {
                let t = &c.tracks[self.pick(c.tracks.len())];
                let track = t.name.clone();
                match self.pick(3) {
                    0 if self.chance(5) => Command::SetTrack {
                        id,
                        track,
                        value: [i64::MAX, i64::MIN, 1_000_000_000][self.pick(3)],
                    },
                    // Often exactly to the threshold (0): the procedure's rule for it follows
                    // the edit, as after a blow.
                    0 if self.chance(40) => Command::SetTrack { id, track, value: 0 },
                    0 => Command::SetTrack {
                        id,
                        track,
                        value: self.pick(t.max.clamp(0, 40) as usize + 3) as i64 - 1,
                    },
                    1 => Command::AdjustTrack { id, track, delta: -(1 + self.pick(6) as i64) },
                    _ => Command::AdjustTrack { id, track, delta: 1 + self.pick(4) as i64 },
                }
            }
            7 if !c.stats.is_empty() => {
                let s = &c.stats[self.pick(c.stats.len())];
                // Now and then a number no sheet has: a typo must be refused or borne, never
                // overflow.
                let value = if self.chance(5) {
                    [i64::MAX, i64::MIN, 1_000_000_000, -1_000_000_000][self.pick(4)]
                } else {
                    s.value.saturating_add(self.pick(5) as i64 - 2)
                };
                Command::SetStat { id, stat: s.name.clone(), value }
            }
            8 | 9 => {
                let condition = if !c.conditions.is_empty() && self.chance(40) {
                    let on: Vec<&String> = c.conditions.iter().collect();
                    return Command::RemoveCondition {
                        id,
                        condition: on[self.pick(on.len())].clone(),
                    };
                } else {
                    CONDITIONS[self.pick(CONDITIONS.len())]
                };
                if self.chance(30) {
                    use crate::encounter::Duration;
                    let other = ids[self.pick(ids.len())];
                    let duration = match self.pick(3) {
                        0 => Duration::Rounds { rounds: 1 + self.pick(3) as u32 },
                        1 => Duration::EndOfTurn { of: other },
                        _ => Duration::StartOfTurn { of: other },
                    };
                    return Command::AddTimedCondition {
                        id,
                        condition: condition.into(),
                        duration,
                    };
                }
                Command::AddCondition { id, condition: condition.into() }
            }
            10 => self.setting(),
            11 => {
                let mut order = ids.clone();
                for i in (1..order.len()).rev() {
                    let j = self.pick(i + 1);
                    order.swap(i, j);
                }
                order.truncate(1 + self.pick(order.len()));
                Command::SetOrder { order }
            }
            12 if self.chance(40) => Command::Roll {
                // Every form of the notation, so odd dice meet every rule and the journal.
                dice: Dice::parse(TRAY_DICE[self.pick(TRAY_DICE.len())])
                    .expect("the tray's dice parse"),
                label: format!("{}'s check", c.name),
                roller: Some(id),
                secret: self.chance(30),
            },
            12 if self.chance(30) => {
                use crate::table_view::Shown;
                let shown =
                    [None, Some(Shown::Hidden), Some(Shown::Anonymous), Some(Shown::Revealed)]
                        [self.pick(4)];
                Command::Show { id, shown }
            }
            12 if self.chance(30) => Command::SetNotes {
                id,
                notes: format!("GM-only note {} on {}", enc.next_id, c.name),
            },
            12 if self.chance(30) => self.harm(&enc, &ids, &zones),
            12 => self.player_view(&enc),
            13 if zones.len() > 1 && self.chance(30) => {
                let a = zones[self.pick(zones.len())];
                let b = zones[self.pick(zones.len())];
                if self.chance(50) {
                    Command::DisconnectZones { a, b }
                } else {
                    Command::ConnectZones { a, b }
                }
            }
            13 if self.chance(20) && !zones.is_empty() => {
                Command::RemoveZone { id: zones[self.pick(zones.len())] }
            }
            13 => {
                let n = enc.zones.len() as f32;
                Command::AddZone {
                    name: format!("Zone {}", enc.next_id),
                    capacity: Some(1 + self.pick(4) as u32),
                    rect: BoardRect { x: 40.0 + 240.0 * n, y: 220.0, w: 200.0, h: 140.0 },
                }
            }
            _ => Command::RenameCombatant {
                id,
                name: format!(
                    "{} the {}",
                    c.name.split(" the ").next().unwrap_or("X"),
                    ["Bold", "Grim", "Quick"][self.pick(3)]
                ),
            },
        }
    }

    /// The player-view settings, changed at random (now and then to a scale out of range).
    fn player_view(&mut self, enc: &Encounter) -> Command {
        use crate::table_view::{Blackout, HealthShown, Shown};
        let mut view = enc.table.view.clone();
        match self.pick(7) {
            0 => view.new_foes = [Shown::Hidden, Shown::Anonymous, Shown::Revealed][self.pick(3)],
            1 => {
                let sides: Vec<_> = enc.sides.keys().copied().collect();
                if !sides.is_empty() {
                    let how = [HealthShown::Numbers, HealthShown::Words, HealthShown::Nothing]
                        [self.pick(3)];
                    view.set_health(sides[self.pick(sides.len())], how);
                }
            }
            2 => view.names = !view.names,
            3 => view.conditions = !view.conditions,
            4 => view.tags = !view.tags,
            5 => {
                view.blackout = match self.pick(3) {
                    0 => None,
                    1 => Some(Blackout::Colour { colour: "#000000".into() }),
                    _ => Some(Blackout::Colour { colour: "black".into() }),
                }
            }
            _ => {
                view.rotated = self.chance(50);
                view.scale_percent = [100, 150, 250, 1000][self.pick(4)];
            }
        }
        Command::SetPlayerView { view }
    }

    /// A rule setting of the system, changed to another value of its kind.
    fn setting(&mut self) -> Command {
        let specs = self.system.settings();
        if specs.is_empty() {
            return Command::SetSetting {
                key: "no-such-setting".into(),
                value: serde_json::Value::Bool(true),
            };
        }
        let spec = &specs[self.pick(specs.len())];
        let value = match &spec.default {
            _ if self.chance(10) => serde_json::Value::Null,
            serde_json::Value::Bool(_) => serde_json::Value::Bool(self.chance(50)),
            serde_json::Value::String(_) if !spec.choices.is_empty() => {
                serde_json::Value::String(spec.choices[self.pick(spec.choices.len())].0.into())
            }
            serde_json::Value::Number(n) => {
                let base = n.as_i64().unwrap_or(1);
                serde_json::json!(base + self.pick(3) as i64 - 1)
            }
            other => other.clone(),
        };
        Command::SetSetting { key: spec.key.into(), value }
    }

    fn undo_redo(&mut self, undo: bool) -> Result<(), String> {
        let line = if undo { "undo" } else { "redo" };
        self.pending_line = Some(line.into());
        let moved = if undo { self.history.undo() } else { self.history.redo() };
        self.pending_line = None;
        if moved {
            self.lines.push(line.into());
        }
        Ok(())
    }

    /// Runs a command on the next stream's dice, some rolls typed as table dice. Returns
    /// whether the rules accepted it, or what went wrong with the rules of play.
    fn run(&mut self, command: Command, origin: &Origin) -> Result<bool, String> {
        let json = serde_json::to_string(&command)
            .map_err(|e| format!("a command did not serialize: {e}"))?;
        let table_share = if self.chance(50) { 0 } else { 60 };
        let mut dice = MixedDice {
            app: SeededDice::new(self.state().seed, self.history.next_stream()),
            chooser: SeededDice::new(self.rng.face(u32::MAX) as u64, self.step as u64),
            table_share,
            plan: Vec::new(),
        };
        self.pending_line = Some(format!("command {json}"));
        let outcome =
            self.history.execute(command, &mut dice).map(|_| ()).map_err(|e| e.to_string());
        let mut line = format!("command {json}");
        if !dice.plan.is_empty() {
            let parts: Vec<String> = dice
                .plan
                .iter()
                .map(|c| match c {
                    DieChoice::App => "app".to_owned(),
                    DieChoice::Table(faces) => format!(
                        "table {}",
                        faces.iter().map(u32::to_string).collect::<Vec<_>>().join(" ")
                    ),
                })
                .collect();
            line.push(' ');
            line.push_str(&parts.join(" | "));
        }
        self.pending_line = None;
        match (outcome, origin) {
            (_, Origin::Unexplained(what)) => {
                self.lines.push(line);
                Err(format!("{what} is shown as forbidden with no reason given"))
            }
            (Ok(()), Origin::Forbidden(what)) => {
                self.lines.push(format!("{line}   # accepted, but the prompt forbade it"));
                Err(format!("{what} is shown as forbidden, but the rules accepted it"))
            }
            (Err(why), Origin::Allowed(what)) => {
                self.lines.push(format!("{line}   # refused: {why}"));
                Err(format!("{what} is shown as allowed, but the rules refused it: {why}"))
            }
            (Ok(()), _) => {
                self.lines.push(line);
                Ok(true)
            }
            (Err(_), _) => {
                self.lines.push(line);
                self.lines.push("expect error".into());
                Ok(false)
            }
        }
    }

    /// What must hold after every step.
    fn check_invariants(&mut self) -> Result<(), String> {
        let enc = self.history.state().clone();
        // The window asks these every frame; the simulator asks the choices, which must be
        // the same options in the same order, allowed alike, only without words.
        let prompts = crate::system::waiting::prompts(self.system, &enc);
        if choices_of(&prompts) != choices_of(&crate::system::waiting::choices(self.system, &enc)) {
            return Err("the simulator's choices are not the prompts' options".into());
        }
        for id in enc.combatants.keys() {
            let _ = crate::system::waiting::card_actions(self.system, &enc, *id);
        }
        // On a grid nobody shares a square or stands off its edge or across a wall.
        if let Some(grid) = &enc.grid {
            let passage = crate::space::path::Passage::new(grid);
            let placed: Vec<_> = crate::space::footprints(&enc).collect();
            for (i, (a, fa)) in placed.iter().enumerate() {
                if !passage.can_stand(fa.at, fa.size) {
                    return Err(format!("{} stands off the grid or across a wall", a.name));
                }
                if let Some((b, _)) = placed[i + 1..].iter().find(|(_, fb)| fa.overlaps(*fb)) {
                    return Err(format!("{} and {} share a square", a.name, b.name));
                }
            }
        }
        if fold(self.history.base(), self.history.events()) != enc {
            return Err("the state is not the fold of the events".into());
        }
        if self.history.undo() {
            self.history.redo();
            if *self.history.state() != enc {
                return Err("undo then redo does not give the same state".into());
            }
        }
        Ok(())
    }

    /// The journal renders, replays through the rules and round-trips through JSON.
    fn check_journal(&self) -> Result<(), String> {
        let base = self.history.base();
        let events = self.history.events();
        let _ = journal::markdown(base, events);
        let _ = journal::html(base, events);
        let doc = journal::JournalDoc::from_history(&self.history);
        let text = doc.to_json();
        let back = journal::from_json(&text)
            .map_err(|e| format!("the JSON journal does not read back: {e}"))?;
        if back != doc {
            return Err("the JSON journal does not round-trip".into());
        }
        journal::replay(&back).map_err(|e| format!("the journal does not replay: {e}"))?;
        Ok(())
    }

    /// The `fray play` script of the run so far.
    fn script(&self) -> String {
        let mut out = format!(
            "# Random play of {} with seed {}, up to step {}.\nsystem {}\nname \"Random play\"\nseed {}\nrules {}\n",
            self.system.name(),
            self.state().seed,
            self.step,
            self.system.id(),
            self.state().seed,
            self.state().rules,
        );
        for line in &self.lines {
            out.push_str(line);
            out.push('\n');
        }
        if let Some(line) = &self.pending_line {
            out.push_str(line);
            out.push_str("   # the failing step\n");
        }
        out
    }
}

/// What the GM rolls from the tray in random play: one of each form of the notation.
const TRAY_DICE: &[&str] = &[
    "d20",
    "2d6+1",
    "4d6dl1",
    "2d20kh1",
    "d6!",
    "d6!p",
    "4dF",
    "4d6r1",
    "3d8ro<3",
    "6d10>=8f1",
    "(d6+1)*2",
    "d20/2-d4",
    "{2d8,d12}kh1",
    "{3d6,2d8}>10f<4",
    "ceil(d20/3)+abs(d6-d6)",
    "2d6+1 [fire]",
    "d%",
];

/// The app's dice for the command's stream, with a share of the rolls typed in as table
/// dice; the plan records which, for the script.
struct MixedDice {
    app: SeededDice,
    chooser: SeededDice,
    table_share: u32,
    plan: Vec<DieChoice>,
}

impl DiceSource for MixedDice {
    fn roll(&mut self, dice: &Dice, label: &str, roller: Option<&str>) -> Result<Roll, DiceError> {
        if self.chooser.face(100) <= self.table_share {
            let mut roll = self.chooser.roll(dice, label, roller)?;
            roll.source = RollSource::Table;
            self.plan.push(DieChoice::Table(roll.faces()));
            Ok(roll)
        } else {
            let roll = self.app.roll(dice, label, roller)?;
            self.plan.push(DieChoice::App);
            Ok(roll)
        }
    }
}

/// What the simulator may choose from a list of prompts: each option's command, whether it is
/// allowed and its cost, prompt by prompt, without the words.
fn choices_of(prompts: &[crate::system::Prompt]) -> Vec<Vec<(&Command, bool, Option<&str>)>> {
    prompts
        .iter()
        .map(|p| p.options.iter().map(|o| (&o.command, o.enabled, o.cost.as_deref())).collect())
        .collect()
}
