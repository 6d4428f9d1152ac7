//! Sovereign's answers to the stepper (see [`crate::system::spotlight`]): the headline leads
//! with the acting side and its initiative ("Party 8: Aldo"), the chips say what the turn has
//! left (the Main action, the feet of the Move), and the notes keep in sight what lasts beyond
//! a turn: who screens whom, who holds an action, and each mortal wound's last round.

use super::Step;
use super::movement::feet_left;
use super::rules::MORTAL_ROUNDS;
use crate::encounter::Encounter;
use crate::system::Step as _;
use crate::system::spotlight::{self, Chip, Note, Spotlight, Tone};

/// The headline.
pub(super) fn spotlight(enc: &Encounter) -> Spotlight {
    let acting = enc.acting();
    let mut s = spotlight::by_order(enc, acting);
    let s_state = enc.sovereign();
    if let Some(c) = acting.first().and_then(|id| enc.combatant(*id)) {
        s.side = Some(c.side);
        if let (Some(side), Some(init)) = (enc.side(c.side), s_state.initiative.get(&c.side)) {
            s.lead = format!("{} {init}: ", side.name);
        }
        if Step::Turns.now(enc) {
            let main = !s_state.mains.contains(&c.id);
            let spent = s_state.turn.now(enc);
            // The Move is free until the first step (Hold, Stand up, Pick up need it whole);
            // once walking, what is left is feet to walk, said as such.
            let move_free = !spent.done && spent.feet == 0;
            let walk = match (feet_left(enc, c.id), move_free) {
                (0, _) => "Move: spent".to_owned(),
                (ft, true) => format!("Move: free ({ft} ft)"),
                (ft, false) => format!("Move used: {ft} ft more to walk"),
            };
            s.chips = vec![
                Chip { text: if main { "Main: free" } else { "Main: spent" }.into(), free: main },
                Chip { text: walk, free: move_free },
            ];
        }
    }
    for (screener, ward) in &s_state.screens {
        let text = format!("{} screens {}", enc.name_of(*screener), enc.name_of(*ward));
        s.notes.push(Note { text, tone: Tone::Plain });
    }
    for id in &s_state.held {
        let text =
            format!("{} holds an action (an Instant until the round ends)", enc.name_of(*id));
        s.notes.push(Note { text, tone: Tone::Lit });
    }
    for (id, fell) in &s_state.mortal {
        let text = format!(
            "{} dies at the end of round {} unless stabilized",
            enc.name_of(*id),
            fell + MORTAL_ROUNDS
        );
        s.notes.push(Note { text, tone: Tone::Warn });
    }
    s
}

#[cfg(test)]
mod tests {

    #[test]
    fn the_headline_leads_with_the_side_and_keeps_screens_and_wounds_in_sight() {
        let text = "system sovereign\nside Party party\nside Foes\ngrid 8 6\n\
            add Aldo side Party at 1 1 block {\"tracks\": {\"hp\": 9}, \"stats\": {\"ac\": 14, \"stab\": 1}, \"attacks\": [{\"name\": \"Sword\", \"dmg\": \"1d8\"}]}\n\
            add Corvin side Party at 1 2 block {\"tracks\": {\"hp\": 4}, \"stats\": {\"ac\": 10}, \"attacks\": []}\n\
            add Orc side Foes at 5 5 block {\"tracks\": {\"hp\": 8}, \"stats\": {\"ac\": 13}, \"attacks\": [{\"name\": \"Axe\", \"dmg\": \"1d8\"}]}\n\
            next table 6 | 2\nscreen Aldo Corvin\n";
        let h = crate::systems::run_script("t.fray", text).unwrap();
        let s = crate::systems::registry().get("sovereign").unwrap().spotlight(h.state());
        assert_eq!(s.lead, "Party 6: ");
        assert_eq!(s.who, "Aldo");
        let chips: Vec<(&str, bool)> = s.chips.iter().map(|c| (c.text.as_str(), c.free)).collect();
        assert_eq!(chips, [("Main: free", true), ("Move: spent", false)]);
        assert!(s.notes.iter().any(|n| n.text == "Aldo screens Corvin"));
    }

    #[test]
    fn the_move_chip_says_free_until_the_first_step_then_the_feet_left_to_walk() {
        let text = "system sovereign\nside Party party\nside Foes\ngrid 8 6\n\
            add Aldo side Party at 1 1 block {\"tracks\": {\"hp\": 9}, \"stats\": {\"ac\": 14}, \"attacks\": [{\"name\": \"Sword\", \"dmg\": \"1d8\"}]}\n\
            add Orc side Foes at 6 5 block {\"tracks\": {\"hp\": 8}, \"stats\": {\"ac\": 13}, \"attacks\": [{\"name\": \"Axe\", \"dmg\": \"1d8\"}]}\n\
            next table 6 | 2\n";
        let chip = |text: &str| {
            let h = crate::systems::run_script("t.fray", text).unwrap();
            let s = crate::systems::registry().get("sovereign").unwrap().spotlight(h.state());
            (s.chips[1].text.clone(), s.chips[1].free)
        };
        assert_eq!(chip(text), ("Move: free (60 ft)".to_owned(), true));
        // One step: the Move is used (Hold would be refused), 55 ft of walking are left.
        let walked = format!("{text}step Aldo to 2 1\nhold Aldo\nexpect error \"used its Move\"\n");
        assert_eq!(chip(&walked), ("Move used: 55 ft more to walk".to_owned(), false));
    }
}
