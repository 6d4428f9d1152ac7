//! The recap the players may see on the TV, by the table view's rules: a combatant hidden from
//! them is absent (and its name nowhere), an anonymous one is "an unknown creature" with no
//! numbers, harm is given in numbers only when every side's health is shown as numbers, no
//! side is named, and how the dice fell counts only rolls the players could see (not secret,
//! and rolled by nobody they may not know).

use serde::Serialize;

use super::{HealthShown, Shown, UNKNOWN, health_shown, shown};
use crate::encounter::Encounter;
use crate::event::{Event, EventKind};
use crate::history::CommandRecord;
use crate::ids::CombatantId;
use crate::recap::{self, FightRecap};

/// One combatant's line on the TV.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RecapRow {
    /// Who it is (not for the players: a window matches the row to its write-back by it).
    #[serde(skip)]
    pub id: CombatantId,
    /// Its name as the players know it.
    pub name: String,
    /// Its side's colour.
    pub colour: String,
    /// One of the party.
    pub party: bool,
    /// Harm dealt and taken, every track summed, when numbers may be shown.
    pub harm: Option<(i64, i64)>,
    /// Blows landed.
    pub landed: u32,
    /// Blows missed.
    pub missed: u32,
    /// Blows turned aside by a reaction.
    pub avoided: u32,
    /// Foes it took out.
    pub took_out: u32,
    /// How it ended, in a word ("" when up).
    pub end: String,
}

/// The recap on the TV.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TableRecap {
    /// The encounter's name.
    pub title: String,
    /// The fight in a few sentences.
    pub lines: Vec<String>,
    /// The party first, then the foes the players know.
    pub rows: Vec<RecapRow>,
    /// How the dice the players saw fell, a sentence per die and thrower.
    pub dice: Vec<String>,
}

/// The players' recap of the fight `base`, `commands`, `events`.
pub fn table_recap(base: &Encounter, commands: &[CommandRecord], events: &[Event]) -> TableRecap {
    let (r, end) = recap::fight_and_end(base, commands, events);
    told(&r, &end, base, events).0
}

/// The players' recap of the fight `r` that ended as `end` (from `base` through `events`), and
/// the tallies of the dice they saw.
pub(crate) fn told(
    r: &FightRecap,
    end: &Encounter,
    base: &Encounter,
    events: &[Event],
) -> (TableRecap, Vec<recap::dice::DieTally>) {
    let known = |id: CombatantId| end.combatant(id).map(|c| shown(end, c));
    let revealed = |id: CombatantId| known(id) == Some(Shown::Revealed);
    let numbers = end.sides.keys().all(|s| health_shown(end, *s) == HealthShown::Numbers);
    let names = end.table.view.names;
    let mut rows: Vec<RecapRow> = recap::words::rows(r)
        .filter_map(|f| {
            let c = end.combatant(f.id)?;
            let (name, open) = match shown(end, c) {
                Shown::Hidden => return None,
                Shown::Anonymous => (UNKNOWN.to_owned(), false),
                Shown::Revealed if names => (f.name.clone(), true),
                Shown::Revealed => ("—".to_owned(), true),
            };
            let side = end.side(c.side);
            Some(RecapRow {
                id: f.id,
                name,
                colour: side.map_or("#888888".into(), |s| s.colour.clone()),
                party: side.is_some_and(|s| s.party),
                harm: (open && numbers).then(|| (recap::total(&f.dealt), recap::total(&f.taken))),
                landed: f.landed,
                missed: f.missed,
                avoided: f.avoided,
                took_out: f.took_out.len() as u32,
                end: f.end.to_lowercase(),
            })
        })
        .collect();
    rows.sort_by_key(|row| !row.party);
    let lines = headline(r, end, &revealed, numbers && names);
    let secret: Vec<String> = end
        .combatants
        .values()
        .filter(|c| shown(end, c) != Shown::Revealed && !c.name.trim().is_empty())
        .map(|c| c.name.clone())
        .collect();
    // A roll counts when the players could see it: not secret, and its thrower known to them
    // once it rolled and at the end (one removed unseen is not named either).
    let mut now = base.clone();
    let mut seen = Vec::new();
    for e in events {
        // As the TV stood once the roll was made (rolling shows a foe to the players).
        now.apply(e);
        if let EventKind::Rolled { roll, secret: false } = &e.kind {
            let known_then = |who: &str| {
                !now.combatants.values().any(|c| {
                    shown(&now, c) != Shown::Revealed
                        && !c.name.trim().is_empty()
                        && who.contains(c.name.as_str())
                })
            };
            let open = roll.roller.as_deref().is_none_or(|who| {
                known_then(who) && !secret.iter().any(|s| who.contains(s.as_str()))
            });
            if open {
                seen.push(&**roll);
            }
        }
    }
    let tallies = recap::dice::tally(seen);
    let dice = tallies.iter().map(|t| t.words()).collect();
    (TableRecap { title: end.name.clone(), lines, rows, dice }, tallies)
}

/// The recap after the write-back: one the fight left dead whom the write-back kept alive
/// (`alive`: the GM unticked the death) is said "alive after all", not dead.
pub fn as_written_back(recap: &mut TableRecap, alive: impl Fn(CombatantId) -> bool) {
    for row in recap.rows.iter_mut().filter(|r| r.end == "dead" && alive(r.id)) {
        row.end = "alive after all".into();
    }
}

/// The headline without a hidden name, a side's name or, unless allowed, a number of harm.
fn headline(
    r: &FightRecap,
    end: &Encounter,
    revealed: &dyn Fn(CombatantId) -> bool,
    numbers: bool,
) -> Vec<String> {
    let mut lines = vec![recap::words::rounds(r)];
    if let Some(t) = &r.turned {
        let party = end.side(t.side).is_some_and(|s| s.party);
        let who = if party { "The party" } else { "Their foes" };
        lines.push(format!("{who} had the upper hand from the end of round {} on.", t.round));
    }
    if let Some(b) = &r.biggest
        && let Some(by) = b.by.filter(|by| revealed(*by) && revealed(b.on))
        && end.table.view.names
    {
        let harm = if numbers {
            format!(", {}", recap::words::points(r, &b.points))
        } else {
            String::new()
        };
        lines.push(format!(
            "Biggest blow: {} on {}{harm} in round {}.",
            r.name_of(by),
            r.name_of(b.on),
            b.round
        ));
    }
    if let Some(c) = r.closest.as_ref().filter(|c| numbers && revealed(c.who)) {
        lines.push(format!(
            "Closest call: {}, down to {} of {} in round {}.",
            r.name_of(c.who),
            c.left,
            c.max,
            c.round
        ));
    }
    lines
}
