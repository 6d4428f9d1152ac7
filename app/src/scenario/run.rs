//! Running a parsed script: names to ids, actions to commands, planned dice, expectations.

use super::ScenarioError;
use super::parse::{Action, Expect, Kind, Script, StepKind};
use crate::command::{Command, NewCombatant};
use crate::dice::{DieChoice, PlannedDice, SeededDice};
use crate::encounter::{BoardRect, Encounter, Stat, Track};
use crate::event::EventKind;
use crate::history::History;
use crate::ids::{CombatantId, SideId, ZoneId};
use crate::space::grid::GridPos;
use crate::system::{Prompt, PromptOption};

/// Token colours for sides given without one, in order of creation.
const PALETTE: [&str; 6] = ["#3b6fb6", "#b63b3b", "#3b9b4f", "#b68a2e", "#7b4bb0", "#2e9aa6"];

/// Default size of a zone card, and the gap between automatically placed cards.
const ZONE_W: f32 = 200.0;
const ZONE_H: f32 = 140.0;
const ZONE_GAP: f32 = 40.0;

/// Why a step did not go through.
enum Failure {
    /// The engine refused a command (or an answer was disabled): `expect error` may follow.
    Refused(String),
    /// The script itself is wrong: an unknown name, an unmet expectation, unused dice.
    Script(String),
}

impl From<String> for Failure {
    fn from(message: String) -> Self {
        Failure::Script(message)
    }
}

pub(super) fn run(
    script: &Script,
    target: &mut dyn Target,
    sitting: &mut super::session::Sitting,
) -> Result<(), ScenarioError> {
    let fail =
        |line: usize, message: String| ScenarioError { file: script.file.clone(), line, message };
    let mut previous: Option<usize> = None;
    let mut i = 0;
    while let Some(step) = script.steps.get(i) {
        i += 1;
        // A fight written back is over: its board takes no more commands.
        let in_fight =
            matches!(step.kind, StepKind::Do { .. } | StepKind::Undo(_) | StepKind::Redo(_));
        let outcome = match &step.kind {
            _ if in_fight && sitting.ended.is_some() => Err(Failure::Refused(format!(
                "the fight ended on line {}: start the next one with fight NAME",
                sitting.ended.unwrap_or_default()
            ))),
            StepKind::Expect(Expect::Error(_)) => {
                // Refusals consume their `expect error` below, so reaching one means the
                // command before it went through.
                return Err(fail(
                    step.line,
                    match previous {
                        Some(line) => format!(
                            "expected the command on line {line} to be refused, but it was carried out"
                        ),
                        None => "expect error must follow the command it is about".into(),
                    },
                ));
            }
            StepKind::Expect(expect) => {
                check(target.history(), expect).map_err(|m| fail(step.line, m))?;
                continue;
            }
            StepKind::Undo(n) => (0..*n).try_for_each(|_| match target.undo()? {
                true => Ok(()),
                false => Err(Failure::Refused("nothing to undo".into())),
            }),
            StepKind::Redo(n) => (0..*n).try_for_each(|_| match target.redo()? {
                true => Ok(()),
                false => Err(Failure::Refused("nothing to redo".into())),
            }),
            StepKind::Do { action, dice } => perform(target, action, dice, &script.tables),
            StepKind::Session { line, dice } => {
                session_step(target, sitting, line, dice, step.line)
            }
        };
        previous = Some(step.line);
        match outcome {
            Ok(()) => {}
            Err(Failure::Script(message)) => return Err(fail(step.line, message)),
            Err(Failure::Refused(reason)) => match script.steps.get(i) {
                Some(next) if matches!(next.kind, StepKind::Expect(Expect::Error(_))) => {
                    i += 1;
                    previous = None;
                    let StepKind::Expect(Expect::Error(Some(want))) = &next.kind else { continue };
                    if !reason.to_lowercase().contains(&want.to_lowercase()) {
                        return Err(fail(
                            next.line,
                            format!(
                                "expected the refusal to mention '{want}', but it said: {reason}"
                            ),
                        ));
                    }
                }
                _ => return Err(fail(step.line, format!("refused: {reason}"))),
            },
        }
    }
    Ok(())
}

impl From<TargetError> for Failure {
    fn from(e: TargetError) -> Self {
        match e {
            TargetError::Refused(m) => Failure::Refused(m),
            TargetError::Failed(m) => Failure::Script(m),
        }
    }
}

/// Carries out a session line: in the run's sitting, or as a command of the fight.
fn session_step(
    target: &mut dyn Target,
    sitting: &mut super::session::Sitting,
    line: &super::session::SessionLine,
    plan: &[DieChoice],
    line_no: usize,
) -> Result<(), Failure> {
    use super::session::Outcome;
    let outcome = super::session::perform(sitting, target.history(), line, plan, line_no).map_err(
        |e| match e {
            Ok(refused) => Failure::Refused(refused),
            Err(mistake) => Failure::Script(mistake),
        },
    )?;
    match outcome {
        Outcome::Done => Ok(()),
        Outcome::Command(command) => Ok(target.execute(command, plan.to_vec())?),
        Outcome::StartOver(base) => Ok(target.start_over(*base)?),
    }
}

/// Runs one command with its planned dice.
fn perform(
    target: &mut dyn Target,
    action: &Action,
    plan: &[DieChoice],
    tables: &[crate::encounter::EncounterTable],
) -> Result<(), Failure> {
    let command = command(target.history(), action, tables)?;
    target.execute(command, plan.to_vec())?;
    // Every roll is journaled in the command's events, so they tell how much of the plan
    // was used.
    let h = target.history();
    let rolled = h
        .live_commands()
        .last()
        .map_or(0, |c| h.all_events()[c.events.clone()].iter().flat_map(|e| e.rolls()).count());
    match plan.len().saturating_sub(rolled) {
        0 => Ok(()),
        n => Err(Failure::Script(format!(
            "{n} planned roll{} left unused: the command rolled {rolled} time{}",
            if n == 1 { " was" } else { "s were" },
            if rolled == 1 { "" } else { "s" },
        ))),
    }
}

/// Where a script's steps go: a bare [`History`] (pure, for `fray play` and tests) or
/// anything that keeps one, such as a stored session that journals each command to disk.
pub trait Target {
    /// The history so far.
    fn history(&self) -> &History;

    /// Handles and records a command, answering its rolls from `plan` first, then from the
    /// app's dice for the encounter's seed on the history's next stream.
    fn execute(&mut self, command: Command, plan: Vec<DieChoice>) -> Result<(), TargetError>;

    /// Takes back the last command in effect; false when there is none.
    fn undo(&mut self) -> Result<bool, TargetError>;

    /// Puts back the next command of the redo tail; false when there is none.
    fn redo(&mut self) -> Result<bool, TargetError>;

    /// Goes on with a new fight on `base` (a script's `fight` line). A target that keeps one
    /// encounter refuses.
    fn start_over(&mut self, base: Encounter) -> Result<(), TargetError> {
        let _ = base;
        Err(TargetError::Failed(
            "this script plays several fights: run it with fray play, which journals the session"
                .into(),
        ))
    }
}

/// Why a [`Target`] did not carry out a step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TargetError {
    /// The rules refused the command: a script may expect that with `expect error`.
    Refused(String),
    /// Something else failed (storage, say): the run stops.
    Failed(String),
}

impl Target for History {
    fn history(&self) -> &History {
        self
    }

    fn execute(&mut self, command: Command, plan: Vec<DieChoice>) -> Result<(), TargetError> {
        let mut dice = PlannedDice::new(SeededDice::new(self.base().seed, self.next_stream()));
        for choice in plan {
            dice.push(choice);
        }
        History::execute(self, command, &mut dice)
            .map_err(|e| TargetError::Refused(e.to_string()))?;
        Ok(())
    }

    fn undo(&mut self) -> Result<bool, TargetError> {
        Ok(History::undo(self))
    }

    fn redo(&mut self) -> Result<bool, TargetError> {
        Ok(History::redo(self))
    }

    fn start_over(&mut self, base: Encounter) -> Result<(), TargetError> {
        *self = History::new(base);
        Ok(())
    }
}

/// The command an action stands for, names looked up in the current state.
fn command(
    history: &History,
    action: &Action,
    tables: &[crate::encounter::EncounterTable],
) -> Result<Command, Failure> {
    let enc = history.state();
    Ok(match action {
        Action::Side { name, party, colour } => Command::AddSide {
            name: name.clone(),
            colour: colour
                .clone()
                .unwrap_or_else(|| PALETTE[enc.sides.len() % PALETTE.len()].into()),
            party: *party,
        },
        Action::Zone { name, capacity, at, size } => {
            // Unplaced zones go in a row, left to right, so the board is readable.
            let n = enc.zones.len() as f32;
            let (x, y) = at.unwrap_or((ZONE_GAP + n * (ZONE_W + ZONE_GAP), ZONE_GAP));
            let (w, h) = size.unwrap_or((ZONE_W, ZONE_H));
            Command::AddZone {
                name: name.clone(),
                capacity: *capacity,
                rect: BoardRect { x, y, w, h },
            }
        }
        Action::EditZone { zone: z, name, capacity, note } => {
            let zone = enc.zone(self::zone(enc, z)?).expect("just found");
            Command::EditZone {
                id: zone.id,
                name: name.clone().unwrap_or_else(|| zone.name.clone()),
                capacity: capacity.unwrap_or(zone.capacity),
                note: note.clone().unwrap_or_else(|| zone.note.clone()),
            }
        }
        Action::PlaceZone { zone: z, at, size } => {
            let zone = enc.zone(self::zone(enc, z)?).expect("just found");
            let (x, y) = at.unwrap_or((zone.rect.x, zone.rect.y));
            let (w, h) = size.unwrap_or((zone.rect.w, zone.rect.h));
            Command::PlaceZone { id: zone.id, rect: BoardRect { x, y, w, h } }
        }
        Action::RemoveZone { zone: z } => Command::RemoveZone { id: zone(enc, z)? },
        Action::Connect { a, b } => Command::ConnectZones { a: zone(enc, a)?, b: zone(enc, b)? },
        Action::Disconnect { a, b } => {
            Command::DisconnectZones { a: zone(enc, a)?, b: zone(enc, b)? }
        }
        Action::Add {
            name,
            side: s,
            zone: z,
            at,
            count,
            stats,
            tracks,
            conditions,
            source,
            block,
        } => {
            // Like a library drop: the block's own stats and tracks, then the line's.
            let mut all_stats = crate::command::block_stats(block);
            for (name, value) in stats {
                all_stats.retain(|x| &x.name != name);
                all_stats.push(Stat { name: name.clone(), value: *value });
            }
            let mut all_tracks = crate::command::block_tracks(block);
            for (name, value, max) in tracks {
                all_tracks.retain(|x| &x.name != name);
                all_tracks.push(Track { name: name.clone(), value: *value, max: *max });
            }
            Command::AddCombatant {
                combatant: Box::new(NewCombatant {
                    name: name.clone(),
                    side: side(enc, s)?,
                    zone: z.as_deref().map(|z| zone(enc, z)).transpose()?,
                    square: *at,
                    stats: all_stats,
                    tracks: all_tracks,
                    conditions: conditions.clone(),
                    source: source.clone(),
                    block: block.clone(),
                }),
                count: *count,
            }
        }
        Action::Remove { who } => Command::RemoveCombatant { id: combatant(enc, who)? },
        Action::Rename { who, name } => {
            Command::RenameCombatant { id: combatant(enc, who)?, name: name.clone() }
        }
        Action::ChangeSide { who, side: s } => {
            Command::ChangeSide { id: combatant(enc, who)?, side: side(enc, s)? }
        }
        Action::Grid { width, height, feet } => {
            Command::SetGrid { width: *width, height: *height, feet: *feet }
        }
        Action::Wall { from, to, kind } => Command::SetWalls { from: *from, to: *to, kind: *kind },
        Action::Difficult { at, width, height, on } => {
            Command::SetDifficult { at: *at, width: *width, height: *height, on: *on }
        }
        Action::Place { who, at } => Command::Place { id: combatant(enc, who)?, at: *at },
        Action::Step { who, to } => Command::Step { id: combatant(enc, who)?, to: *to },
        Action::Size { who, size } => Command::SetSize { id: combatant(enc, who)?, size: *size },
        Action::Map { map } => Command::SetMap { map: map.clone() },
        Action::Move { who, to } => Command::Move {
            id: combatant(enc, who)?,
            to: to.as_deref().map(|z| zone(enc, z)).transpose()?,
        },
        Action::SetStat { who, stat, value } => {
            Command::SetStat { id: combatant(enc, who)?, stat: stat.clone(), value: *value }
        }
        Action::SetTrack { who, track, value } => {
            Command::SetTrack { id: combatant(enc, who)?, track: track.clone(), value: *value }
        }
        Action::AdjustTrack { who, track, delta } => {
            Command::AdjustTrack { id: combatant(enc, who)?, track: track.clone(), delta: *delta }
        }
        Action::SetTrackMax { who, track, max } => {
            Command::SetTrackMax { id: combatant(enc, who)?, track: track.clone(), max: *max }
        }
        Action::AddTimedCondition { who, condition, until } => {
            use super::parse::TimedBy;
            use crate::encounter::Duration;
            let duration = match until {
                TimedBy::Rounds(rounds) => Duration::Rounds { rounds: *rounds },
                TimedBy::EndOf(n) => Duration::EndOfTurn { of: combatant(enc, n)? },
                TimedBy::StartOf(n) => Duration::StartOfTurn { of: combatant(enc, n)? },
            };
            Command::AddTimedCondition {
                id: combatant(enc, who)?,
                condition: condition.clone(),
                duration,
            }
        }
        Action::AddCondition { who, condition } => {
            Command::AddCondition { id: combatant(enc, who)?, condition: condition.clone() }
        }
        Action::RemoveCondition { who, condition } => {
            Command::RemoveCondition { id: combatant(enc, who)?, condition: condition.clone() }
        }
        Action::Notes { who, notes } => {
            Command::SetNotes { id: combatant(enc, who)?, notes: notes.clone() }
        }
        Action::Roll { dice, label, by, secret } => Command::Roll {
            dice: dice.clone(),
            label: label.clone(),
            roller: by.as_deref().map(|n| combatant(enc, n)).transpose()?,
            secret: *secret,
        },
        Action::Harm { dice, label, each, targets } => Command::Harm {
            targets: match targets {
                super::parse::HarmTargets::Names(names) => crate::command::Targets::Picked {
                    ids: names.iter().map(|n| combatant(enc, n)).collect::<Result<_, _>>()?,
                },
                super::parse::HarmTargets::Zone(z) => {
                    crate::command::Targets::Zone { zone: zone(enc, z).map_err(Failure::Script)? }
                }
                super::parse::HarmTargets::Radius { x, y, r } => {
                    crate::command::Targets::Radius { corner: (*x, *y), r: *r }
                }
            },
            dice: dice.clone(),
            label: label.clone(),
            each: *each,
        },
        Action::Show { who, shown } => Command::Show { id: combatant(enc, who)?, shown: *shown },
        Action::PlayerView { key, values } => Command::SetPlayerView {
            view: super::player_view::change(enc, key, values).map_err(Failure::Script)?,
        },
        Action::Order { names } => Command::SetOrder {
            order: names.iter().map(|n| combatant(enc, n)).collect::<Result<_, _>>()?,
        },
        Action::Next => Command::Advance,
        Action::LoadTables => Command::LoadTables { tables: tables.to_vec() },
        Action::Delay { who } => Command::Delay { id: combatant(enc, who)? },
        Action::Setting { key, value } => {
            Command::SetSetting { key: key.clone(), value: value.clone() }
        }
        Action::Say { text } => Command::Narrate { text: text.clone() },
        Action::Raw(command) => (**command).clone(),
        Action::System { verb, args } => {
            history.system().script_command(enc, verb, args).map_err(Failure::Script)?
        }
        Action::Answer { prompt, option } => {
            let prompts = crate::system::waiting::prompts(history.system(), enc);
            let (prompt, option) = find_option(&prompts, prompt, option)?;
            if !option.enabled {
                let why = option.reason.as_deref().unwrap_or("the rules do not allow it now");
                return Err(Failure::Refused(format!(
                    "'{}' is not allowed in '{}': {why}",
                    option.label, prompt.title
                )));
            }
            option.command.clone()
        }
    })
}

/// Runs an expectation against the state.
fn check(history: &History, expect: &Expect) -> Result<(), String> {
    let enc = history.state();
    let mismatch = |what: String, want: String, got: String| {
        if want == got { Ok(()) } else { Err(format!("expected {what} {want}, got {got}")) }
    };
    match expect {
        Expect::Error(_) => unreachable!("handled by the run loop"),
        Expect::Round(n) => mismatch("round".into(), n.to_string(), enc.round.to_string()),
        Expect::Phase(p) => mismatch("phase".into(), p.clone(), shown(&enc.phase)),
        Expect::Turn(who) => {
            let acting = enc.acting();
            let (ok, want) = match who {
                Some(n) => {
                    let id = combatant(enc, n)?;
                    (acting.contains(&id), enc.name_of(id))
                }
                None => (acting.is_empty(), "nobody".into()),
            };
            let got: Vec<String> = acting.iter().map(|id| enc.name_of(*id)).collect();
            let got = if got.is_empty() { "nobody".into() } else { got.join(" and ") };
            if ok { Ok(()) } else { Err(format!("expected {want}'s turn, but it is {got}'s")) }
        }
        Expect::Order(names) => {
            let want: Vec<String> = names
                .iter()
                .map(|n| combatant(enc, n).map(|id| enc.name_of(id)))
                .collect::<Result<_, _>>()?;
            let got: Vec<String> = enc
                .order
                .iter()
                .flat_map(|e| e.combatants.iter().map(|id| enc.name_of(*id)))
                .collect();
            mismatch("the order".into(), list(&want), list(&got))
        }
        Expect::Roll { total, faces } => {
            let roll = history
                .events()
                .iter()
                .rev()
                .find_map(|e| match &e.kind {
                    EventKind::Rolled { roll, .. } => Some(roll),
                    _ => None,
                })
                .ok_or("expected a roll, but nothing has been rolled")?;
            mismatch("the last roll's total".into(), total.to_string(), roll.total.to_string())?;
            match faces {
                Some(f) => mismatch(
                    "the last roll's faces".into(),
                    format!("{f:?}"),
                    format!("{:?}", roll.faces()),
                ),
                None => Ok(()),
            }
        }
        Expect::TableView { text, has } => {
            let view = crate::table_view::table_view(history.system(), enc);
            let json = serde_json::to_string(&view).unwrap_or_default();
            match (json.contains(text.as_str()), has) {
                (true, true) | (false, false) => Ok(()),
                (false, true) => Err(format!("expected the table view to hold '{text}': {json}")),
                (true, false) => Err(format!("expected the table view to lack '{text}': {json}")),
            }
        }
        Expect::Setting { key, value } => {
            let got = enc.setting(key).cloned().unwrap_or(serde_json::Value::Null);
            mismatch(format!("setting {key} to be"), value.to_string(), got.to_string())
        }
        Expect::Prompt(p) => {
            let prompts = crate::system::waiting::prompts(history.system(), enc);
            find_prompt(&prompts, p).map(|_| ())
        }
        Expect::NoPrompt(p) => {
            let prompts = crate::system::waiting::prompts(history.system(), enc);
            match find_prompt(&prompts, p) {
                Ok(found) => {
                    Err(format!("expected no prompt '{p}', but '{}' is open", found.title))
                }
                Err(_) => Ok(()),
            }
        }
        Expect::Option { prompt, option, enabled, reason } => {
            let prompts = crate::system::waiting::prompts(history.system(), enc);
            let (_, o) = find_option(&prompts, prompt, option).map_err(|f| match f {
                Failure::Refused(m) | Failure::Script(m) => m,
            })?;
            let state = |on: bool| if on { "enabled" } else { "disabled" };
            mismatch(
                format!("'{}' to be", o.label),
                state(*enabled).into(),
                state(o.enabled).into(),
            )?;
            match reason {
                Some(want) => {
                    let got = o.reason.clone().unwrap_or_default();
                    if got.to_lowercase().contains(&want.to_lowercase()) {
                        Ok(())
                    } else {
                        Err(format!(
                            "expected the reason for '{}' to mention '{want}', got '{got}'",
                            o.label
                        ))
                    }
                }
                None => Ok(()),
            }
        }
        Expect::Connected { a, b, connected } => {
            let (za, zb) = (zone(enc, a)?, zone(enc, b)?);
            let got = enc.zone(za).is_some_and(|z| z.adjacent.contains(&zb));
            let word = |on: bool| if on { "connected" } else { "not connected" };
            mismatch(format!("{a} and {b} to be"), word(*connected).into(), word(got).into())
        }
        Expect::ZoneHolds { zone: z, count } => {
            let id = zone(enc, z)?;
            let got = enc.in_zone(id).count();
            mismatch(format!("{z} to hold"), count.to_string(), got.to_string())
        }
        Expect::ZoneCapacity { zone: z, capacity } => {
            let got = enc.zone(zone(enc, z)?).and_then(|z| z.capacity);
            let show = |c: Option<u32>| c.map_or("none".into(), |c| c.to_string());
            mismatch(format!("{z}'s capacity"), show(*capacity), show(got))
        }
        Expect::ZoneNote { zone: z, note } => {
            let got = enc.zone(zone(enc, z)?).map(|z| z.note.clone()).unwrap_or_default();
            mismatch(format!("{z}'s note"), format!("'{note}'"), format!("'{got}'"))
        }
        Expect::Absent { what, name } => {
            let present = match what {
                Kind::Combatant => enc.combatant_named(name).is_some(),
                Kind::Zone => enc.zone_named(name).is_some(),
                Kind::Side => enc.side_named(name).is_some(),
            };
            if present {
                Err(format!("expected no {} called '{name}', but there is one", what.word()))
            } else {
                Ok(())
            }
        }
        Expect::Commands(n) => {
            mismatch("commands in effect:".into(), n.to_string(), history.cursor().to_string())
        }
        Expect::At { who, at } => {
            let c = enc.combatant(combatant(enc, who)?).expect("just found");
            let say = |p: Option<GridPos>| p.map_or("off the grid".to_owned(), |p| p.to_string());
            if c.square == *at {
                Ok(())
            } else {
                Err(format!(
                    "expected {} at {}, but they are at {}",
                    c.name,
                    say(*at),
                    say(c.square)
                ))
            }
        }
        Expect::Cover { who, from, cover } => {
            let target = enc.combatant(combatant(enc, who)?).expect("just found");
            let attacker = enc.combatant(combatant(enc, from)?).expect("just found");
            let got = crate::space::cover(enc, target, attacker);
            if got == *cover {
                Ok(())
            } else {
                Err(format!(
                    "expected {} to have {} from {}, but they have {}",
                    target.name,
                    cover.label(),
                    attacker.name,
                    got.label()
                ))
            }
        }
        Expect::Sees { who, other, sees } => {
            let a = enc.combatant(combatant(enc, who)?).expect("just found");
            let b = enc.combatant(combatant(enc, other)?).expect("just found");
            let got = crate::space::sees(enc, a, b);
            if got == *sees {
                Ok(())
            } else {
                let says = |s: bool| if s { "sees" } else { "does not see" };
                Err(format!(
                    "expected {} {} {}, but {} {} {}",
                    a.name,
                    says(*sees),
                    b.name,
                    a.name,
                    says(got),
                    b.name
                ))
            }
        }
        Expect::Distance { who, other, distance } => {
            let a = enc.combatant(combatant(enc, who)?).expect("just found");
            let b = enc.combatant(combatant(enc, other)?).expect("just found");
            let got = crate::space::range(enc, a, b);
            let n = got.map(|d| match d {
                crate::space::Distance::Steps(n) | crate::space::Distance::Feet(n) => n,
            });
            if n == Some(*distance) {
                Ok(())
            } else {
                let said = got
                    .map_or("no distance (off the board or no way)".to_owned(), |d| d.to_string());
                Err(format!("expected {} {distance} from {}, but it is {said}", a.name, b.name))
            }
        }
        Expect::In { who, zone: z } => {
            let c = enc.combatant(combatant(enc, who)?).expect("just found");
            let want = match z {
                Some(z) => enc.zone(zone(enc, z)?).map(|z| z.name.clone()).unwrap_or_default(),
                None => "off the board".into(),
            };
            let got =
                c.zone.and_then(|z| enc.zone(z)).map_or("off the board".into(), |z| z.name.clone());
            if want == got {
                Ok(())
            } else {
                Err(format!("expected {} in {want}, but they are in {got}", c.name))
            }
        }
        Expect::Condition { who, condition, present } => {
            let c = enc.combatant(combatant(enc, who)?).expect("just found");
            let got = c.conditions.contains(condition);
            if got == *present {
                Ok(())
            } else if *present {
                let has =
                    if c.conditions.is_empty() { "none".into() } else { list_set(&c.conditions) };
                Err(format!(
                    "expected {} to be {condition}, but they are not (conditions: {has})",
                    c.name
                ))
            } else {
                Err(format!("expected {} not to be {condition}, but they are", c.name))
            }
        }
        Expect::Side { who, side: s } => {
            let c = enc.combatant(combatant(enc, who)?).expect("just found");
            let want = side(enc, s)?;
            let name = |id: SideId| enc.side(id).map_or(id.to_string(), |s| s.name.clone());
            mismatch(format!("{}'s side", c.name), name(want), name(c.side))
        }
        Expect::Notes { who, notes } => {
            let c = enc.combatant(combatant(enc, who)?).expect("just found");
            mismatch(format!("{}'s notes", c.name), format!("'{notes}'"), format!("'{}'", c.notes))
        }
        Expect::Value { who, key, value, max } => {
            let c = enc.combatant(combatant(enc, who)?).expect("just found");
            if let Some(t) = c.track(key) {
                let (want, got) = match max {
                    Some(m) => (format!("{value}/{m}"), format!("{}/{}", t.value, t.max)),
                    None => (value.to_string(), t.value.to_string()),
                };
                return mismatch(format!("{}'s {key}", c.name), want, got);
            }
            if max.is_some() {
                return Err(format!("{} has no track '{key}'", c.name));
            }
            match c.stat(key) {
                Some(got) => {
                    mismatch(format!("{}'s {key}", c.name), value.to_string(), got.to_string())
                }
                None => Err(format!("{} has no track or stat '{key}'", c.name)),
            }
        }
    }
}

fn shown(s: &str) -> String {
    if s.is_empty() { "(none)".into() } else { s.to_owned() }
}

fn list(names: &[String]) -> String {
    if names.is_empty() { "(empty)".into() } else { names.join(", ") }
}

fn list_set(names: &std::collections::BTreeSet<String>) -> String {
    names.iter().cloned().collect::<Vec<_>>().join(", ")
}

/// "unknown combatant 'Haral' (there are: Harald, Goblin 1)".
fn unknown<'a>(kind: &str, name: &str, known: impl Iterator<Item = &'a String>) -> String {
    let known: Vec<&str> = known.map(String::as_str).collect();
    if known.is_empty() {
        format!("unknown {kind} '{name}' (there is none yet)")
    } else {
        format!("unknown {kind} '{name}' (there are: {})", known.join(", "))
    }
}

fn combatant(enc: &Encounter, name: &str) -> Result<CombatantId, String> {
    enc.combatant_named(name)
        .map(|c| c.id)
        .ok_or_else(|| unknown("combatant", name, enc.combatants.values().map(|c| &c.name)))
}

fn zone(enc: &Encounter, name: &str) -> Result<ZoneId, String> {
    enc.zone_named(name)
        .map(|z| z.id)
        .ok_or_else(|| unknown("zone", name, enc.zones.values().map(|z| &z.name)))
}

fn side(enc: &Encounter, name: &str) -> Result<SideId, String> {
    enc.side_named(name)
        .map(|s| s.id)
        .ok_or_else(|| unknown("side", name, enc.sides.values().map(|s| &s.name)))
}

/// A prompt by id or title (case-insensitive).
fn find_prompt<'a>(prompts: &'a [Prompt], wanted: &str) -> Result<&'a Prompt, String> {
    prompts
        .iter()
        .find(|p| p.id.eq_ignore_ascii_case(wanted) || p.title.eq_ignore_ascii_case(wanted))
        .ok_or_else(|| {
            if prompts.is_empty() {
                format!("no prompt '{wanted}': nothing is being asked now")
            } else {
                let open: Vec<String> =
                    prompts.iter().map(|p| format!("{} \"{}\"", p.id, p.title)).collect();
                format!("no prompt '{wanted}' now (open: {})", open.join(", "))
            }
        })
}

fn find_option<'a>(
    prompts: &'a [Prompt],
    prompt: &str,
    option: &str,
) -> Result<(&'a Prompt, &'a PromptOption), Failure> {
    let p = find_prompt(prompts, prompt)?;
    let o = p.options.iter().find(|o| o.label.eq_ignore_ascii_case(option)).ok_or_else(|| {
        let labels: Vec<String> = p.options.iter().map(|o| format!("\"{}\"", o.label)).collect();
        format!("'{}' has no option '{option}' (options: {})", p.title, labels.join(", "))
    })?;
    Ok((p, o))
}
