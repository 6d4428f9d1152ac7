//! What the players' pages draw: the fight's figures trimmed to what the table view let the
//! players see, so the same charts as the GM's (see `journal::svg`) can be drawn for them and
//! leave out only what they never saw. A combatant they do not know by name (hidden, anonymous,
//! removed unseen, or every name when the GM shows none) is in no figure, chart or sentence;
//! harm taken is drawn for a side whose health they saw in numbers, harm dealt only when they
//! saw every side's; the dice are those they saw rolled (see [`super::table_recap`]); the board
//! is the TV's at the end (no hidden or concealed token, the anonymous unnamed, a standing only
//! where health was shown).

use super::{HealthShown, Shown, TableRecap, UNKNOWN, health_shown, shown};
use crate::encounter::Encounter;
use crate::event::Event;
use crate::history::CommandRecord;
use crate::ids::CombatantId;
use crate::recap::{self, FightRecap, SideFigures};

/// The players' recap of a fight: the TV's, and the figures behind its pictures.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayersRecap {
    /// The recap the TV shows (headline, table, the dice in words).
    pub table: TableRecap,
    /// The figures the players may see, for the charts and the story.
    pub fight: FightRecap,
    /// Harm is told in numbers (every side's health was shown as numbers): harm dealt too.
    pub numbers: bool,
    /// Those whose harm taken the players saw in numbers (their side's health was).
    pub harm_seen: Vec<CombatantId>,
}

/// The players' recap of the fight `base`, `commands`, `events`.
pub fn players_recap(
    base: &Encounter,
    commands: &[CommandRecord],
    events: &[Event],
) -> PlayersRecap {
    let (r, end) = recap::fight_and_end(base, commands, events);
    let (table, dice) = super::recap::told(&r, &end, base, events);
    let names = end.table.view.names;
    let known = |id: CombatantId| {
        names && end.combatant(id).is_some_and(|c| shown(&end, c) == Shown::Revealed)
    };
    let in_numbers = |side| health_shown(&end, side) == HealthShown::Numbers;
    let numbers = end.sides.keys().all(|s| in_numbers(*s));
    let mut fight = r;
    fight.combatants.retain(|f| known(f.id));
    let harm_seen = fight.combatants.iter().filter(|f| in_numbers(f.side)).map(|f| f.id).collect();
    for f in &mut fight.combatants {
        if !numbers {
            f.dealt.clear();
        }
        if !in_numbers(f.side) {
            f.taken.clear();
            f.health.clear();
            f.health_max = 0;
        }
        f.healed = 0;
        f.took_out.retain(|id| known(*id));
        f.taken_out_by.retain(|by| by.is_none_or(known));
    }
    // No side is named to the players; only their colours and which is the party remain.
    fight.sides = fight
        .sides
        .iter()
        .map(|s| SideFigures::new(s.id, String::new(), s.colour.clone(), s.party))
        .collect();
    fight.unattributed.clear();
    (fight.turned, fight.biggest, fight.closest) = (None, None, None);
    fight.story.retain(|beat| beat.what.names().into_iter().all(known));
    fight.dice = dice;
    fight.board = recap::board::shown_as(&end, |c| {
        let name = match shown(&end, c) {
            Shown::Hidden => return None,
            _ if c.conditions.contains("concealed") => return None,
            Shown::Anonymous => UNKNOWN.to_owned(),
            Shown::Revealed if names => c.name.clone(),
            Shown::Revealed => String::new(),
        };
        let health_seen = health_shown(&end, c.side) != HealthShown::Nothing;
        Some((name, health_seen && shown(&end, c) == Shown::Revealed))
    });
    PlayersRecap { table, fight, numbers, harm_seen }
}
