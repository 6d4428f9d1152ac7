//! Running a parsed script: names to ids, actions to commands, planned dice, expectations.

use super::ScenarioError;
use super::check::check;
use super::names::{combatant, find_option, side, zone};
use super::parse::{Action, Expect, Script, StepKind};
use crate::command::{Command, NewCombatant};
use crate::dice::{DieChoice, PlannedDice, SeededDice};
use crate::encounter::{BoardRect, Encounter, Stat, Track};
use crate::history::History;

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
