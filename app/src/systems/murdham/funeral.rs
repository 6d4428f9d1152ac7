//! Honouring the dead ("003" of the rules README, "Between fights"; mechanics only, in our
//! words): when a player character dies, the others of the company owe a funeral by their
//! next full rest. One paid, the debt is gone; a full rest with it still owed costs each of
//! them a point of maximum omens for good.
//!
//! The debt is a lasting `funeral owed` on each living character of the party side, its
//! detail naming the dead; the omens lost for good are a stat, `omens lost`, that every rest
//! keeps and that caps the `omens` track below its sheet maximum.

use crate::campaign::{Condition, Lasting};
use crate::encounter::{Combatant, Encounter};

/// A funeral owed, naming the dead.
pub(super) const FUNERAL_OWED: &str = "funeral owed";
/// Maximum omens lost for good to funerals not paid.
pub(super) const OMENS_LOST: &str = "omens lost";

/// A player character: of the party side and not a bestiary creature fighting for it.
fn player_character(enc: &Encounter, c: &Combatant) -> bool {
    let party = enc.side(c.side).is_some_and(|s| s.party);
    party && !c.source.as_deref().is_some_and(|s| s.starts_with("creature:"))
}

/// What a living player character leaves the fight owing: a funeral for each other player
/// character of its side who died in it.
pub(super) fn owed(enc: &Encounter, who: &Combatant) -> Vec<Lasting> {
    if who.conditions.contains("dead") || !player_character(enc, who) {
        return Vec::new();
    }
    let dead: Vec<&str> = enc
        .combatants
        .values()
        .filter(|c| c.id != who.id && c.side == who.side && player_character(enc, c))
        .filter(|c| c.conditions.contains("dead"))
        .map(|c| c.name.as_str())
        .collect();
    if dead.is_empty() {
        return Vec::new();
    }
    let mut mark = Lasting::named(FUNERAL_OWED);
    mark.detail = dead.join(", ");
    vec![mark]
}

/// The funeral paid (512ʂ, half with the body brought back): the debt is gone.
pub(super) fn paid(after: &mut Condition) {
    after.lift(FUNERAL_OWED);
}

/// Before a full rest wipes the conditions: a funeral still owed is a point of maximum omens
/// lost for good for each of the dead it names. Returns the omens lost for good in all, to
/// keep past the rest.
pub(super) fn unpaid_at_full_rest(sheet: &serde_json::Value, after: &Condition) -> i64 {
    let dead = after
        .lasting
        .iter()
        .find(|l| l.label == FUNERAL_OWED)
        .map_or(0, |l| l.detail.split(", ").filter(|n| !n.is_empty()).count().max(1));
    lost(sheet, after) + i64::try_from(dead).unwrap_or(0)
}

/// Maximum omens lost for good so far.
fn lost(sheet: &serde_json::Value, after: &Condition) -> i64 {
    super::between::score(sheet, after, OMENS_LOST, 0)
}

/// Omens are never more than the sheet's maximum less those lost for good.
pub(super) fn cap_omens(sheet: &serde_json::Value, after: &mut Condition) {
    let lost = lost(sheet, after);
    let Some(most) = crate::command::block_tracks(sheet).into_iter().find(|t| t.name == "omens")
    else {
        return;
    };
    let cap = (most.max - lost).max(0);
    if lost > 0 && after.track(sheet, "omens").is_some_and(|v| v > cap) {
        after.set_track(sheet, "omens", cap);
    }
}
