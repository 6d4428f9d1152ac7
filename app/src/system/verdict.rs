//! Whether a fight is decided, as the table says it: "The party won", "The foes fled", "The
//! party lost". One reading for the stepper (which then offers to end the fight) and for the
//! encounter odds (which stop a fight there).

use super::System;
use super::presentation::has_any;
use crate::encounter::{Combatant, Encounter};

/// How a fight stands once one side has nobody left in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Every foe is out, none got away.
    PartyWon,
    /// No foe is left in the fight and some got away (fled, routed, off the board).
    FoesFled,
    /// Every character is out, none got away.
    PartyLost,
    /// No character is left in the fight and some got away.
    PartyFled,
    /// Nobody on either side is left in the fight.
    NobodyStands,
}

impl Verdict {
    /// The words the stepper shows, large.
    pub fn words(self) -> &'static str {
        match self {
            Verdict::PartyWon => "The party won",
            Verdict::FoesFled => "The foes fled",
            Verdict::PartyLost => "The party lost",
            Verdict::PartyFled => "The party fled",
            Verdict::NobodyStands => "Nobody is left standing",
        }
    }
}

/// Conditions that say someone left the fight alive, in the procedures' words.
const GOT_AWAY: [&str; 3] = ["fled", "fleeing", "routed"];

/// Whether `c` is still in the fight: on the board and not out by its procedure's rules.
pub fn in_fight(system: &dyn System, enc: &Encounter, c: &Combatant) -> bool {
    c.on_board() && !system.is_out(enc, c)
}

/// Whether the party, and the foes, each have someone left in the fight.
pub fn standing(system: &dyn System, enc: &Encounter) -> (bool, bool) {
    let (mut party, mut foes) = (false, false);
    for c in enc.combatants.values() {
        if in_fight(system, enc, c) {
            if enc.side(c.side).is_some_and(|s| s.party) {
                party = true;
            } else {
                foes = true;
            }
            if party && foes {
                break;
            }
        }
    }
    (party, foes)
}

/// The fight's verdict once one side has nobody left in it; `None` while both fight on, or
/// while the board is still being set (before the first round, a side with nobody on the
/// board yet). From the first round on, someone off the board and not out got away.
pub fn verdict(system: &dyn System, enc: &Encounter) -> Option<Verdict> {
    let (characters, foes): (Vec<&Combatant>, Vec<&Combatant>) =
        enc.combatants.values().partition(|c| enc.is_party(c.id));
    if characters.is_empty() || foes.is_empty() {
        return None;
    }
    let begun = enc.round > 0;
    let both_placed = characters.iter().any(|c| c.on_board()) && foes.iter().any(|c| c.on_board());
    if !begun && !both_placed {
        return None;
    }
    let got_away = |side: &[&Combatant]| {
        side.iter()
            .any(|c| has_any(c, &GOT_AWAY) || (begun && !c.on_board() && !system.is_out(enc, c)))
    };
    match standing(system, enc) {
        (true, true) => None,
        (true, false) if got_away(&foes) => Some(Verdict::FoesFled),
        (true, false) => Some(Verdict::PartyWon),
        (false, true) if got_away(&characters) => Some(Verdict::PartyFled),
        (false, true) => Some(Verdict::PartyLost),
        (false, false) => Some(Verdict::NobodyStands),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A freeform fight: Ann and Bo against two goblins, round 1 under way, then `then`.
    fn fight(then: &str) -> Option<Verdict> {
        let script = format!(
            "system freeform\nside Party party\nside Goblins\nzone Hall\n\
             add Ann side Party zone Hall track hp=6\nadd Bo side Party zone Hall track hp=6\n\
             add Goblin side Goblins zone Hall count 2 track hp=3\nnext\n{then}"
        );
        let history = crate::systems::run_script("verdict.fray", &script).unwrap();
        let enc = history.state();
        verdict(enc.system(), enc)
    }

    #[test]
    fn a_fight_under_way_has_no_verdict_nor_has_a_board_still_being_set() {
        assert_eq!(fight(""), None);
        assert_eq!(fight("hp \"Goblin 1\" =0"), None, "one goblin still stands");
        let before = |adds: &str| {
            let script = format!(
                "system freeform\nside Party party\nside Goblins\nzone Hall\n\
                 add Ann side Party zone Hall\n{adds}"
            );
            let history = crate::systems::run_script("verdict.fray", &script).unwrap();
            verdict(history.state().system(), history.state())
        };
        // The goblins wait off the board while the GM sets it: nothing is decided.
        assert_eq!(before("add Goblin side Goblins count 2\n"), None);
        // A blast before the first round that kills them all decides it.
        let blasted = "add Goblin side Goblins zone Hall condition dead\n";
        assert_eq!(before(blasted), Some(Verdict::PartyWon));
    }

    #[test]
    fn every_foe_out_is_a_win_and_one_that_got_away_makes_it_fled() {
        let both_dead = "condition \"Goblin 1\" +dead\ncondition \"Goblin 2\" +dead\n";
        assert_eq!(fight(both_dead), Some(Verdict::PartyWon));
        let one_ran = "condition \"Goblin 1\" +dead\nmove \"Goblin 2\" off\n";
        assert_eq!(fight(one_ran), Some(Verdict::FoesFled));
        let one_fled = "condition \"Goblin 1\" +dead\ncondition \"Goblin 2\" +fled\n";
        assert_eq!(fight(one_fled), Some(Verdict::FoesFled));
    }

    #[test]
    fn every_character_out_is_a_loss_and_nobody_left_is_said_so() {
        assert_eq!(fight("condition Ann +dead\ncondition Bo +dying\n"), Some(Verdict::PartyLost));
        assert_eq!(fight("condition Ann +dead\nmove Bo off\n"), Some(Verdict::PartyFled));
        let all = "condition Ann +dead\ncondition Bo +dead\ncondition \"Goblin 1\" +dead\n\
                   condition \"Goblin 2\" +dead\n";
        assert_eq!(fight(all), Some(Verdict::NobodyStands));
    }
}
