//! A script's action as the command it stands for, names looked up in the current state.

use super::names::{combatant, find_option, side, zone};
use super::parse::{Action, HarmTargets, TimedBy};
use super::run::Failure;
use crate::command::{Command, NewCombatant, Targets};
use crate::encounter::{BoardRect, Duration, Encounter, EncounterTable, Stat, Track};
use crate::history::History;

/// Token colours for sides given without one, in order of creation.
const PALETTE: [&str; 6] = ["#3b6fb6", "#b63b3b", "#3b9b4f", "#b68a2e", "#7b4bb0", "#2e9aa6"];

/// Default size of a zone card, and the gap between automatically placed cards.
const ZONE_W: f32 = 200.0;
const ZONE_H: f32 = 140.0;
const ZONE_GAP: f32 = 40.0;

/// The command `action` stands for in `history`'s current state.
// dispatch: one arm an action; what takes more than a few lines is a function below.
pub(super) fn command(
    history: &History,
    action: &Action,
    tables: &[EncounterTable],
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
        Action::Add { .. } => add(enc, action)?,
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
        Action::AddTimedCondition { who, condition, until } => Command::AddTimedCondition {
            id: combatant(enc, who)?,
            condition: condition.clone(),
            duration: duration(enc, until)?,
        },
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
            targets: harm_targets(enc, targets)?,
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
        Action::Answer { prompt, option } => answer(history, prompt, option)?,
    })
}

/// An `add` line: like a library drop, the block's own stats and tracks, then the line's.
fn add(enc: &Encounter, action: &Action) -> Result<Command, Failure> {
    let Action::Add { name, side: s, zone: z, at, count, stats, tracks, conditions, source, block } =
        action
    else {
        unreachable!("add is called with an add line")
    };
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
    Ok(Command::AddCombatant {
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
    })
}

/// How long a timed condition lasts, the combatant it is timed by looked up.
fn duration(enc: &Encounter, until: &TimedBy) -> Result<Duration, Failure> {
    Ok(match until {
        TimedBy::Rounds(rounds) => Duration::Rounds { rounds: *rounds },
        TimedBy::EndOf(n) => Duration::EndOfTurn { of: combatant(enc, n)? },
        TimedBy::StartOf(n) => Duration::StartOfTurn { of: combatant(enc, n)? },
    })
}

/// Whom a `harm` line strikes: names, a zone, or the squares within a radius.
fn harm_targets(enc: &Encounter, targets: &HarmTargets) -> Result<Targets, Failure> {
    Ok(match targets {
        HarmTargets::Names(names) => Targets::Picked {
            ids: names.iter().map(|n| combatant(enc, n)).collect::<Result<_, _>>()?,
        },
        HarmTargets::Zone(z) => Targets::Zone { zone: zone(enc, z).map_err(Failure::Script)? },
        HarmTargets::Radius { x, y, r } => Targets::Radius { corner: (*x, *y), r: *r },
    })
}

/// An `answer` line: the option's command, refused with its reason when it is disabled.
fn answer(history: &History, prompt: &str, option: &str) -> Result<Command, Failure> {
    let prompts = crate::system::waiting::prompts(history.system(), history.state());
    let (prompt, option) = find_option(&prompts, prompt, option)?;
    if !option.enabled {
        let why = option.reason.as_deref().unwrap_or("the rules do not allow it now");
        return Err(Failure::Refused(format!(
            "'{}' is not allowed in '{}': {why}",
            option.label, prompt.title
        )));
    }
    Ok(option.command.clone())
}
