//! Commands every system handles the same way: building the board, GM overrides, free rolls.
//! Systems call [`handle_common`] for whatever they do not treat specially.

use super::{Emitter, RuleError, System};
use crate::command::{Command, NewCombatant};
use crate::dice::DiceSource;
use crate::encounter::{
    BoardRect, Combatant, Duration, Encounter, OrderEntry, Side, Timer, Track, Until, Zone,
};
use crate::event::{Event, EventKind};
use crate::ids::{CombatantId, SideId, ZoneId};
use std::collections::BTreeSet;

mod families;
use families::{conditions, moves, roster, sheet, table, turns, zones};

/// Most combatants one command may add (a count field typo must not flood the board).
pub const MAX_ADD_COUNT: u32 = 100;

/// The largest stat or track value, either way: dice take constants up to this, and a sheet
/// never comes near it. A larger number is a typo, refused rather than carried into sums.
pub const MAX_NUMBER: i64 = 1_000_000;

/// Refuses a stat or track value beyond ±[`MAX_NUMBER`], naming it.
fn check_number(what: &str, value: i64) -> Result<(), RuleError> {
    if (-MAX_NUMBER..=MAX_NUMBER).contains(&value) {
        Ok(())
    } else {
        Err(RuleError::Invalid(format!(
            "{what} {value} is out of bounds (at most {MAX_NUMBER} either way)"
        )))
    }
}

/// Handles the commands shared by all systems. `Advance` is always the system's own; it is
/// refused here.
// dispatch: each family of commands is handled by its own function below
pub fn handle_common(
    system: &dyn System,
    enc: &mut Encounter,
    command: Command,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let mut out = Emitter::new(enc);
    match command {
        Command::AddSide { .. }
        | Command::AddCombatant { .. }
        | Command::RemoveCombatant { .. }
        | Command::RenameCombatant { .. }
        | Command::ChangeSide { .. } => roster(system, enc, command, dice, &mut out)?,
        Command::SetGrid { .. }
        | Command::SetWalls { .. }
        | Command::SetDifficult { .. }
        | Command::Place { .. }
        | Command::Step { .. }
        | Command::SetSize { .. }
        | Command::SetMap { .. }
        | Command::SetBoard { .. } => {
            super::grid_commands::handle_grid(system, enc, command, &mut out)?
        }
        Command::AddZone { .. }
        | Command::EditZone { .. }
        | Command::PlaceZone { .. }
        | Command::RemoveZone { .. }
        | Command::ConnectZones { .. }
        | Command::DisconnectZones { .. } => zones(system, enc, command, dice, &mut out)?,
        Command::Move { .. } => moves(system, enc, command, dice, &mut out)?,
        Command::SetStat { .. }
        | Command::SetTrack { .. }
        | Command::AdjustTrack { .. }
        | Command::SetTrackMax { .. }
        | Command::SetNotes { .. } => sheet(system, enc, command, dice, &mut out)?,
        Command::AddCondition { .. }
        | Command::AddTimedCondition { .. }
        | Command::RemoveCondition { .. } => conditions(system, enc, command, dice, &mut out)?,
        Command::Roll { .. }
        | Command::SetPlayerView { .. }
        | Command::Show { .. }
        | Command::Narrate { .. }
        | Command::Delay { .. }
        | Command::LoadTables { .. } => table(system, enc, command, dice, &mut out)?,
        Command::SetOrder { .. } | Command::SetSetting { .. } => {
            turns(system, enc, command, dice, &mut out)?
        }
        harm @ Command::Harm { .. } => return super::area::harm(system, enc, harm, dice),
        Command::Advance => {
            return Err(RuleError::NotAllowed(format!("{} has no next step here", system.name())));
        }
        // What is left is a procedure's own command ([`Command::procedure`]), which reaches
        // here only when the encounter runs another procedure.
        procedure_command => return Err(foreign(procedure_command.procedure(), system)),
    }
    Ok(out.apply_to(enc))
}

/// Sets the turn order for a procedure whose turns pass along it: while turns are running
/// (`running`), the turn stays with whoever acts now, wherever the new order puts them.
pub fn set_order_keeping_turn(
    system: &dyn System,
    enc: &mut Encounter,
    order: Vec<CombatantId>,
    running: bool,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let acting = enc.acting().first().copied();
    let mut events = handle_common(system, enc, Command::SetOrder { order: order.clone() }, dice)?;
    if running {
        let mut out = Emitter::new(enc);
        let index = acting.and_then(|a| order.iter().position(|c| *c == a));
        let rule = format!("{}.order", system.id());
        out.push(rule, acting, EventKind::TurnStarted { index });
        events.extend(out.apply_to(enc));
    }
    Ok(events)
}

/// The refusal of another procedure's command (`procedure`: its id).
fn foreign(procedure: Option<crate::ids::SystemId>, system: &dyn System) -> RuleError {
    let what = procedure.map_or("another procedure's", |id| id.system().name());
    RuleError::NotAllowed(format!(
        "that is a command of {what}; this encounter runs {}",
        system.name()
    ))
}

fn add_combatants(
    enc: &Encounter,
    new: NewCombatant,
    count: u32,
    out: &mut Emitter,
) -> Result<(), RuleError> {
    if !(1..=MAX_ADD_COUNT).contains(&count) {
        return Err(RuleError::Invalid(format!("add between 1 and {MAX_ADD_COUNT} at once")));
    }
    let base = non_empty(&new.name, "name")?;
    enc.side(new.side).ok_or(RuleError::UnknownSide(new.side))?;
    if let Some(z) = new.zone {
        check_room(enc, z, count, None)?;
    }
    for s in &new.stats {
        check_number(&format!("{base}: {}", s.name), s.value)?;
    }
    for t in &new.tracks {
        check_number(&format!("{base}: {}", t.name), t.value)?;
        check_number(&format!("{base}: {} maximum", t.name), t.max)?;
        if t.max < 0 {
            return Err(RuleError::Invalid(format!(
                "{}: {} maximum cannot be negative",
                base, t.name
            )));
        }
    }
    // On a grid, each takes the nearest free square to where they were dropped.
    let squares = match new.square {
        Some(at) => Some(super::grid_commands::free_squares(enc, at, count as usize)?),
        None => None,
    };
    // Numbering continues after the highest existing "Name N", so a second drag of goblins
    // gives Goblin 5..8 rather than a second Goblin 1.
    let first = if count > 1 { next_number(enc, &base) } else { 0 };
    for i in 0..count {
        let name = if count > 1 { format!("{base} {}", first + i) } else { base.clone() };
        let combatant = Combatant {
            id: CombatantId(enc.next_id + i),
            name,
            side: new.side,
            zone: new.zone,
            square: squares.as_ref().map(|s| s[i as usize]),
            size: 1,
            stats: new.stats.clone(),
            tracks: new
                .tracks
                .iter()
                .map(|t| Track { name: t.name.clone(), value: t.value, max: t.max })
                .collect(),
            conditions: new.conditions.iter().cloned().collect(),
            notes: String::new(),
            source: new.source.clone(),
            block: new.block.clone().into(),
        };
        let id = combatant.id;
        out.push("core.add", Some(id), EventKind::CombatantAdded { combatant });
    }
    Ok(())
}

fn next_number(enc: &Encounter, base: &str) -> u32 {
    let prefix = format!("{base} ");
    let highest = enc
        .combatants
        .values()
        .filter_map(|c| c.name.strip_prefix(&prefix)?.parse::<u32>().ok())
        .max()
        .unwrap_or(0);
    highest + 1
}

/// Checks that `extra` more combatants fit in a zone (`moving` is already counted if there).
pub fn check_room(
    enc: &Encounter,
    zone_id: ZoneId,
    extra: u32,
    moving: Option<CombatantId>,
) -> Result<(), RuleError> {
    let z = zone(enc, zone_id)?;
    let Some(capacity) = z.capacity else { return Ok(()) };
    let present = enc.in_zone(zone_id).filter(|c| Some(c.id) != moving).count() as u32;
    if present + extra > capacity {
        return Err(RuleError::ZoneFull { zone: z.name.clone(), capacity });
    }
    Ok(())
}

/// A combatant by id, or the error naming it.
pub fn combatant(enc: &Encounter, id: CombatantId) -> Result<&Combatant, RuleError> {
    enc.combatant(id).ok_or(RuleError::UnknownCombatant(id))
}

/// A zone by id, or the error naming it.
pub fn zone(enc: &Encounter, id: ZoneId) -> Result<&Zone, RuleError> {
    enc.zone(id).ok_or(RuleError::UnknownZone(id))
}

fn existing_track<'a>(c: &'a Combatant, track: &str) -> Result<&'a Track, RuleError> {
    c.track(track).ok_or_else(|| RuleError::Invalid(format!("{} has no track '{track}'", c.name)))
}

fn non_empty(s: &str, what: &str) -> Result<String, RuleError> {
    let t = s.trim();
    if t.is_empty() {
        return Err(RuleError::Invalid(format!("the {what} cannot be empty")));
    }
    if t.chars().count() > 200 {
        return Err(RuleError::Invalid(format!("the {what} is longer than 200 characters")));
    }
    Ok(t.to_owned())
}

fn check_rect(rect: &BoardRect) -> Result<(), RuleError> {
    // A zero rect means "let the board place it"; anything else must be a real, finite box
    // (a NaN would not survive the JSON journal).
    let finite = [rect.x, rect.y, rect.w, rect.h].iter().all(|v| v.is_finite());
    if !finite || rect.w < 0.0 || rect.h < 0.0 {
        return Err(RuleError::Invalid("a zone needs a finite position and size".into()));
    }
    Ok(())
}

fn check_capacity(capacity: Option<u32>) -> Result<(), RuleError> {
    match capacity {
        Some(0) => Err(RuleError::Invalid("a zone's capacity must be at least 1".into())),
        _ => Ok(()),
    }
}

fn check_colour(colour: &str) -> Result<(), RuleError> {
    let ok = colour.len() == 7
        && colour.starts_with('#')
        && colour[1..].chars().all(|c| c.is_ascii_hexdigit());
    if ok {
        Ok(())
    } else {
        Err(RuleError::Invalid(format!("colour '{colour}' is not of the form #rrggbb")))
    }
}

/// Refuses player-view settings that name a side the encounter lacks, a colour that is not
/// `#rrggbb`, or a scale out of range.
fn check_player_view(
    enc: &Encounter,
    view: &crate::encounter::table::PlayerView,
) -> Result<(), RuleError> {
    for (side, _) in &view.health {
        enc.side(*side).ok_or(RuleError::UnknownSide(*side))?;
    }
    if let Some(crate::encounter::table::Blackout::Colour { colour }) = &view.blackout {
        check_colour(colour)?;
    }
    if !crate::encounter::table::SCALE_RANGE.contains(&view.scale_percent) {
        return Err(RuleError::Invalid(format!(
            "the player window's scale is {} % to {} %, not {} %",
            crate::encounter::table::SCALE_RANGE.start(),
            crate::encounter::table::SCALE_RANGE.end(),
            view.scale_percent
        )));
    }
    Ok(())
}
