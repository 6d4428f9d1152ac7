//! Detachments at the table: form one from identical combatants, split it, merge two, or
//! break it into individuals. Each is journaled; the token shows the `members` track.

use super::R_DETACHMENT;
use super::block::{self, BdpBlock};
use crate::dice::DiceSource;
use crate::encounter::{Combatant, Encounter, Track};
use crate::event::{Event, EventKind};
use crate::ids::CombatantId;
use crate::system::Ctx;
use crate::system::RuleError;

/// Most members a detachment may have.
pub const MAX_MEMBERS: i64 = 1000;

fn detachment(enc: &Encounter, id: CombatantId) -> Result<&Combatant, RuleError> {
    let c = enc.combatant(id).ok_or(RuleError::UnknownCombatant(id))?;
    if !BdpBlock::of(c)?.detachment {
        return Err(RuleError::NotAllowed(format!("{} is not a detachment", c.name)));
    }
    // A routed or destroyed detachment is out: splitting, merging or breaking it up would
    // bring its members back into the fight.
    if block::is_out(c) {
        return Err(RuleError::NotAllowed(format!("{} is out of the fight", c.name)));
    }
    Ok(c)
}

/// Whether a detachment may be split, merged or broken up now (what its card asks).
pub(crate) fn can_reshape(enc: &Encounter, id: CombatantId) -> Result<(), RuleError> {
    detachment(enc, id).map(|_| ())
}

fn members(c: &Combatant) -> i64 {
    block::track(c, "members").max(1)
}

/// The block with the detachment flag set or cleared.
fn with_flag(block: &serde_json::Value, on: bool) -> serde_json::Value {
    let mut b = block.clone();
    if !b.is_object() {
        b = serde_json::json!({});
    }
    b["detachment"] = serde_json::Value::Bool(on);
    b
}

/// The name without a trailing number ("Goblin 3" → "Goblin").
fn base_name(name: &str) -> &str {
    match name.rsplit_once(' ') {
        Some((base, n)) if n.parse::<u32>().is_ok() => base,
        _ => name,
    }
}

/// The name one member goes by: no number, no "(split)", no " detachment"
/// ("Goblin detachment (split) 2" → "Goblin").
fn member_base(name: &str) -> &str {
    let name = base_name(base_name(name).trim_end_matches(" (split)"));
    name.strip_suffix(" detachment").unwrap_or(name)
}

/// `wanted`, or `wanted 2`, `wanted 3`... when someone already goes by it: the GM and the
/// scripts find combatants by name.
fn free_name(enc: &Encounter, wanted: &str) -> String {
    let taken = |n: &str| enc.combatant_named(n).is_some();
    if !taken(wanted) {
        return wanted.to_owned();
    }
    (2..).map(|i| format!("{wanted} {i}")).find(|n| !taken(n)).unwrap_or_default()
}

/// The number after every "base N" in the encounter (Goblin 1 and 2 there: 3), as adding
/// several at once numbers them.
fn next_number(enc: &Encounter, base: &str) -> i64 {
    let prefix = format!("{base} ");
    let taken = enc.combatants.values().filter_map(|c| c.name.strip_prefix(&prefix)?.parse().ok());
    taken.max().unwrap_or(0) + 1
}

fn add(ctx: &mut Ctx, mut c: Combatant) -> CombatantId {
    c.id = CombatantId(ctx.enc.next_id);
    let id = c.id;
    ctx.push(R_DETACHMENT, Some(id), EventKind::CombatantAdded { combatant: c });
    id
}

fn remove(ctx: &mut Ctx, id: CombatantId) {
    let name = ctx.name(id);
    ctx.push(R_DETACHMENT, Some(id), EventKind::CombatantRemoved { id, name });
}

fn set_members(c: &mut Combatant, n: i64) {
    c.tracks.retain(|t| t.name != "members");
    c.tracks.push(Track { name: "members".into(), value: n, max: n });
}

/// A library entry added `count` times over as one detachment token.
pub(crate) fn of_new(
    mut new: crate::command::NewCombatant,
    count: u32,
) -> crate::command::NewCombatant {
    new.name = format!("{} detachment", base_name(&new.name));
    new.block = with_flag(&new.block, true);
    let n = i64::from(count.max(1));
    new.tracks.retain(|t| t.name != "members");
    new.tracks.push(Track { name: "members".into(), value: n, max: n });
    new
}

/// Several identical combatants become one detachment token.
pub(crate) fn form(
    enc: &mut Encounter,
    ids: Vec<CombatantId>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    if ids.len() < 2 {
        return Err(RuleError::Invalid("a detachment needs at least two combatants".into()));
    }
    let first = enc.combatant(ids[0]).ok_or(RuleError::UnknownCombatant(ids[0]))?.clone();
    let mut total = 0;
    for (i, id) in ids.iter().enumerate() {
        let c = enc.combatant(*id).ok_or(RuleError::UnknownCombatant(*id))?;
        if ids[..i].contains(id) {
            return Err(RuleError::Invalid(format!("{} is listed twice", c.name)));
        }
        if c.side != first.side {
            return Err(RuleError::NotAllowed(format!("{} fights for another side", c.name)));
        }
        if block::is_out(c) {
            return Err(RuleError::NotAllowed(format!("{} is out of the fight", c.name)));
        }
        total += if BdpBlock::of(c)?.detachment { members(c) } else { 1 };
    }
    let mut ctx = Ctx::new(enc, dice);
    let mut d = first.clone();
    d.block = with_flag(&first.block, true).into();
    d.conditions.clear();
    set_members(&mut d, total);
    for id in &ids {
        remove(&mut ctx, *id);
    }
    d.name = free_name(ctx.enc, &format!("{} detachment", member_base(&first.name)));
    let new = add(&mut ctx, d);
    let name = ctx.name(new);
    ctx.ruling(R_DETACHMENT, Some(new), format_args!("{name} forms: {total} fighting as one"));
    Ok(ctx.finish())
}

/// `n` members leave a detachment and form a second one.
pub(crate) fn split(
    enc: &mut Encounter,
    id: CombatantId,
    n: i64,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let c = detachment(enc, id)?.clone();
    let has = members(&c);
    if n < 1 || n >= has {
        return Err(RuleError::Invalid(format!(
            "{} has {has} members: split off 1 to {}",
            c.name,
            has - 1
        )));
    }
    let mut ctx = Ctx::new(enc, dice);
    ctx.push(
        R_DETACHMENT,
        Some(id),
        EventKind::TrackMaxSet { id, track: "members".into(), max: has - n },
    );
    ctx.set_track(R_DETACHMENT, id, "members", has - n);
    let mut part = c.clone();
    part.name = free_name(ctx.enc, &format!("{} (split)", c.name));
    set_members(&mut part, n);
    let new = add(&mut ctx, part);
    ctx.ruling(
        R_DETACHMENT,
        Some(new),
        format_args!("{n} leave {} and fight as {}", c.name, ctx.name(new)),
    );
    Ok(ctx.finish())
}

/// A second detachment joins the first.
pub(crate) fn merge(
    enc: &mut Encounter,
    into: CombatantId,
    from: CombatantId,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    if into == from {
        return Err(RuleError::Invalid("a detachment cannot merge with itself".into()));
    }
    let a = detachment(enc, into)?.clone();
    let b = detachment(enc, from)?.clone();
    if a.side != b.side {
        return Err(RuleError::NotAllowed(format!("{} fights for another side", b.name)));
    }
    let total = (members(&a) + members(&b)).min(MAX_MEMBERS);
    let mut ctx = Ctx::new(enc, dice);
    remove(&mut ctx, from);
    ctx.push(
        R_DETACHMENT,
        Some(into),
        EventKind::TrackMaxSet { id: into, track: "members".into(), max: total },
    );
    ctx.set_track(R_DETACHMENT, into, "members", total);
    ctx.ruling(
        R_DETACHMENT,
        Some(into),
        format_args!("{} joins {}: {total} members", b.name, a.name),
    );
    Ok(ctx.finish())
}

/// A detachment breaks into individuals with the stat block of one member.
pub(crate) fn dissolve(
    enc: &mut Encounter,
    id: CombatantId,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let c = detachment(enc, id)?.clone();
    let n = members(&c);
    if n > i64::from(crate::system::MAX_ADD_COUNT) {
        return Err(RuleError::Invalid(format!("{} has too many members to break up", c.name)));
    }
    let base = member_base(&c.name).to_owned();
    let mut ctx = Ctx::new(enc, dice);
    remove(&mut ctx, id);
    // Numbered after the fighters of that name already here, never a second "Goblin 1".
    let first = next_number(ctx.enc, &base);
    for i in first..first + n {
        let mut one = c.clone();
        one.name = format!("{base} {i}");
        one.block = with_flag(&c.block, false).into();
        one.tracks.retain(|t| t.name != "members");
        // Each member starts whole: the detachment's wounds were spread over many bodies.
        for t in &mut one.tracks {
            t.value = t.max;
        }
        add(&mut ctx, one);
    }
    ctx.ruling(R_DETACHMENT, None, format_args!("{} breaks up into {n} fighters", c.name));
    Ok(ctx.finish())
}
