//! The counting: the round's order from the declarations, the declaration each combatant
//! acts on at the current count, who may act there now, and letting a count pass.

use super::declare::words;
use super::model::{Action, D12Event, Declared};
use super::wounds::{self, Status, status};
use super::{R_TURN, Step};
use crate::dice::DiceSource;
use crate::encounter::{Combatant, Encounter, OrderEntry};
use crate::event::Event;
use crate::ids::CombatantId;
use crate::system::Step as _;
use crate::system::{Ctx, RuleError};
use std::collections::BTreeMap;

/// The count a place in the order stands for now (`None` between counts).
pub fn current_count(enc: &Encounter) -> Option<i64> {
    enc.turn.and_then(|t| enc.order.get(t)).and_then(|e| e.count)
}

/// The declaration a combatant acts on at the current count: its late action when the
/// count is the late one, its declaration otherwise.
pub fn action_now(enc: &Encounter, id: CombatantId) -> Option<&Declared> {
    let count = current_count(enc);
    match enc.d12().late_now.get(&id) {
        Some(late) if Some(late.count) == count => Some(late),
        _ => enc.d12().declared.get(&id).filter(|d| !d.missed),
    }
}

/// The round's order: every declared count and every late action due, lowest first; equal
/// counts share a place (they act at once). Each place's reason is words: where they are not
/// read (a simulated fight, [`crate::encounter::WordsRead`]) it is left empty.
pub fn plan(enc: &Encounter) -> Vec<OrderEntry> {
    let read = enc.words.0;
    let said =
        |c: &Combatant, action: &Action| if read { words(enc, c, action) } else { String::new() };
    let mut by_count: BTreeMap<i64, Vec<(CombatantId, String)>> = BTreeMap::new();
    for (id, d) in enc.d12().declared.iter() {
        if d.missed {
            continue;
        }
        let Some(c) = enc.combatant(*id) else { continue };
        by_count.entry(d.count).or_default().push((*id, said(c, &d.action)));
    }
    for (id, d) in enc.d12().late_now.iter() {
        let Some(c) = enc.combatant(*id) else { continue };
        let w = if read { format!("late: {}", said(c, &d.action)) } else { String::new() };
        by_count.entry(d.count).or_default().push((*id, w));
    }
    by_count
        .into_iter()
        .map(|(count, list)| {
            let reason = if !read {
                String::new()
            } else if list.len() == 1 {
                list[0].1.clone()
            } else {
                list.iter()
                    .map(|(id, w)| format!("{} {w}", enc.name_of(*id)))
                    .collect::<Vec<_>>()
                    .join("; ")
            };
            OrderEntry {
                combatants: list.into_iter().map(|(id, _)| id).collect(),
                count: Some(count),
                reason,
            }
        })
        .collect()
}

/// Why a combatant may not use its place at the current count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Idle {
    NotItsCount,
    Acted,
    Dead,
    Out,
}

/// What keeps `id` from acting at the current count, if anything: asked for everyone at the
/// count at every step of a simulated fight, so the words wait until someone reads them
/// ([`cannot_act_now`]).
fn idle(enc: &Encounter, id: CombatantId) -> Option<Idle> {
    if !Step::Resolve.now(enc) || !enc.acting().contains(&id) {
        return Some(Idle::NotItsCount);
    }
    if enc.d12().acted.contains(&id) {
        return Some(Idle::Acted);
    }
    let c = enc.combatant(id)?;
    // Struck down at this very count, it still acts: the results land together.
    if status(c) == Status::Dead && !enc.d12().fit.contains(&id) {
        return Some(Idle::Dead);
    }
    if wounds::OUT.iter().any(|k| c.conditions.contains(*k)) && !enc.d12().fit.contains(&id) {
        return Some(Idle::Out);
    }
    None
}

/// Whether `id` may use its place at the current count now.
pub fn may_act_now(enc: &Encounter, id: CombatantId) -> bool {
    idle(enc, id).is_none()
}

/// Why `id` may not use its place at the current count now, if it may not.
pub fn cannot_act_now(enc: &Encounter, id: CombatantId) -> Option<String> {
    idle(enc, id).map(|idle| {
        let name = enc.name_of(id);
        match idle {
            Idle::NotItsCount => format!("it is not {name}'s count"),
            Idle::Acted => format!("{name} has acted at this count"),
            Idle::Dead => format!("{name} is dead"),
            Idle::Out => format!("{name} is out of the fight"),
        }
    })
}

/// A combatant at its count carries out its declared action (or lets the count pass).
pub(crate) fn done(
    enc: &mut Encounter,
    id: CombatantId,
    acted: bool,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    if let Some(why) = cannot_act_now(enc, id) {
        return Err(RuleError::NotAllowed(why));
    }
    let mut ctx = Ctx::new(enc, dice);
    let c = ctx.snapshot(id)?;
    let action = action_now(ctx.enc, id).map(|d| d.action.clone());
    // The action's words take lookups of their own: only where they are read.
    let what = match &action {
        _ if !ctx.words_read() => String::new(),
        Some(a) => words(ctx.enc, &c, a),
        None => "acts".to_owned(),
    };
    ctx.emit(R_TURN, Some(id), D12Event::Acted { id });
    if acted {
        ctx.ruling(R_TURN, Some(id), format_args!("{} {what}", c.name));
        wounds::pay_to_act(&mut ctx, id, action.as_ref());
    } else {
        ctx.ruling(R_TURN, Some(id), format_args!("{} lets the count pass", c.name));
    }
    Ok(ctx.finish())
}
