//! When a combatant leaves in the middle of a step: the GM removes it, takes it off the board,
//! puts it on another side or marks it dead on its card while the procedure still has
//! something open that names it (its turn, a blow it dealt or must answer, a free strike on
//! offer). Every system settles that by a rule of its own with a journal line
//! ([`super::System::settle_departure`]); this module finds who left and runs it, in one place
//! for every command, so no procedure can forget. A GM edit of a track goes through the
//! procedure's threshold rule first ([`super::System::settle_edit`]), so `hp X =0` fells X as
//! a blow would.

use super::{Ctx, RuleError, System};
use crate::command::Command;
use crate::dice::DiceSource;
use crate::encounter::Encounter;
use crate::event::{Event, EventKind};
use crate::ids::{CombatantId, SideId};
use std::collections::BTreeMap;

/// How a combatant left the step it was part of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Departure {
    /// Taken out of the encounter: it no longer exists.
    Removed,
    /// Moved off the board.
    OffBoard,
    /// Put on another side.
    SideChanged,
    /// Marked dead by the GM.
    Dead,
}

impl Departure {
    /// The words for the journal ("is removed").
    pub fn words(self) -> &'static str {
        match self {
            Departure::Removed => "is removed",
            Departure::OffBoard => "is off the board",
            Departure::SideChanged => "changed sides",
            Departure::Dead => "is dead",
        }
    }
}

/// A combatant who left, as it was before the GM's edit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Left {
    /// Who.
    pub id: CombatantId,
    /// Its name (a removed combatant's is gone from the state).
    pub name: String,
    /// The side it was on.
    pub side: SideId,
    /// How it left.
    pub how: Departure,
}

impl Left {
    /// "Goblin 2 is removed".
    pub fn says(&self) -> String {
        format!("{} {}", self.name, self.how.words())
    }
}

/// A track the GM's edit moved: the procedure applies its threshold rule to it
/// ([`super::System::settle_edit`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrackEdit {
    /// Whose.
    pub id: CombatantId,
    /// Which track.
    pub track: String,
    /// Its value before the edit.
    pub from: i64,
    /// Its value after.
    pub to: i64,
}

/// The tracks a GM edit moved, in order.
fn track_edits(events: &[Event]) -> Vec<TrackEdit> {
    events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::TrackSet { id, track, from, to } if from != to => {
                Some(TrackEdit { id: *id, track: track.clone(), from: *from, to: *to })
            }
            _ => None,
        })
        .collect()
}

/// Who left in `events`, produced against `before`, and how (the weightiest way, when one
/// combatant left in several: removed above all).
pub fn departures(before: &Encounter, events: &[Event]) -> Vec<Left> {
    let mut left: BTreeMap<CombatantId, Departure> = BTreeMap::new();
    let mut note = |id: CombatantId, how: Departure| {
        let e = left.entry(id).or_insert(how);
        *e = (*e).min(how);
    };
    for event in events {
        match &event.kind {
            EventKind::CombatantRemoved { id, .. } => note(*id, Departure::Removed),
            EventKind::Moved { id, from: Some(_), to: None }
            | EventKind::Placed { id, from: Some(_), to: None, .. } => {
                note(*id, Departure::OffBoard)
            }
            EventKind::SideChanged { id, side }
                if before.combatant(*id).is_some_and(|c| c.side != *side) =>
            {
                note(*id, Departure::SideChanged)
            }
            EventKind::ConditionAdded { id, condition } if condition == "dead" => {
                note(*id, Departure::Dead)
            }
            _ => {}
        }
    }
    left.into_iter()
        .filter_map(|(id, how)| {
            let c = before.combatant(id)?;
            Some(Left { id, name: c.name.clone(), side: c.side, how })
        })
        .collect()
}

/// Whether a command is the GM's own edit rather than a step of the procedure. The
/// procedure's own steps settle whoever they strike down by their rules (one felled at a
/// count where everyone acts at once may still act); only the GM's edits need settling from outside.
fn by_the_gm(command: &Command) -> bool {
    !matches!(command, Command::Advance) && command.procedure().is_none()
}

/// The one way a command reaches a system: its `handle`; for a GM edit of a track (in a fight
/// begun from rules edition 1), the procedure's threshold rule; then, for every combatant the
/// GM's edit took out of a step, the system's settlement; then the timed conditions whose
/// time came (see [`super::timers`]). The events are applied to `enc` and returned; a refused
/// command leaves `enc` as it was. A procedure's step in a fight without timers — nearly every
/// command of a fight — is handled in place (it refuses before its first event, see
/// [`System::handle`]); the rest is worked out on a copy, adopted when it is done.
pub fn handle(
    system: &dyn System,
    enc: &mut Encounter,
    command: Command,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    super::waiting::check(system, enc, &command)?;
    let gm = by_the_gm(&command);
    // Without timers before it, nothing runs out after it: a timer this command sets starts
    // counting from the next one.
    if !gm && enc.timers.is_empty() {
        return system.handle(enc, command, dice);
    }
    let mut after = enc.clone();
    let events = settled(system, enc, &mut after, command, gm, dice)?;
    *enc = after;
    Ok(events)
}

/// The events of `command` against `enc`, handled on a copy: `enc` is left as it is (the
/// table's path: a history records the events it is given, and a check or a dry run changes
/// nothing).
pub fn handle_on_copy(
    system: &dyn System,
    enc: &Encounter,
    command: Command,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    handle(system, &mut enc.clone(), command, dice)
}

/// `command` handled on `after` (a copy of `before`, which it reads as the fight before the
/// command), then settled: a GM's edit of a track meets the procedure's threshold rule, and
/// whoever a GM's edit takes out of a step is settled, then the timers run, all before the
/// removals (so the journal lines still have the names and the procedure can still read the
/// ones who leave).
fn settled(
    system: &dyn System,
    before: &Encounter,
    after: &mut Encounter,
    command: Command,
    gm: bool,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    // Only the GM's own edit of a track: a harm has gone through the procedure's rules already.
    let edit = matches!(command, Command::SetTrack { .. } | Command::AdjustTrack { .. });
    let mut events = system.handle(after, command, dice)?;
    let edits = if edit && before.rules >= 1 { track_edits(&events) } else { Vec::new() };
    if !edits.is_empty() {
        let mut ctx = Ctx::new(after, dice);
        ctx.adopt(events);
        for edit in &edits {
            system.settle_edit(&mut ctx, edit)?;
        }
        events = ctx.finish();
    }
    let left = if gm { departures(before, &events) } else { Vec::new() };
    let timed = super::timers::any(before, &events);
    if left.is_empty() && !timed {
        return Ok(events);
    }
    // The settling starts again from the fight before the command, with the command's events
    // but its removals, which come last.
    let (removals, rest): (Vec<Event>, Vec<Event>) =
        events.into_iter().partition(|e| matches!(e.kind, EventKind::CombatantRemoved { .. }));
    *after = before.clone();
    let mut ctx = Ctx::new(after, dice);
    for event in rest.iter().cloned() {
        ctx.push_event(event);
    }
    for who in &left {
        system.settle_departure(&mut ctx, who)?;
    }
    if timed {
        let was = system.acting(before);
        super::timers::run_out(system, &was, &rest, &mut ctx);
    }
    for event in removals {
        ctx.push_event(event);
    }
    Ok(ctx.finish())
}
