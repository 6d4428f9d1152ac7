//! Unit tests of the procedure's pieces; the golden scenarios in `tests/scenarios/dr12-*.fray`
//! cover the checklist end to end with table dice.

use super::round::reaction_word;

const KAI: &str = r#"{"tracks": {"hp": 8}, "stats": {"str": 2, "dex": 1, "level": 2}, "weapons": [{"name": "Sword", "die": 8}, {"name": "Dagger", "die": 4}, {"name": "Bow", "die": 6, "hands": 2, "ranged": true}]}"#;
const RAT: &str = r#"{"tracks": {"hp": 4}, "stats": {"level": 1, "skill": 1}, "attacks": [{"name": "Bite", "die": 4}]}"#;

/// The state a short DR12 script leaves (Kai of the party against a rat).
fn run(body: &str) -> crate::History {
    let text = format!(
        "system dr12\nside P party\nside F\nzone Hall\nzone Yard\nconnect Hall Yard\n\
         add Kai side P zone Hall block {KAI}\n\
         add Rat side F zone Hall block {RAT}\n{body}"
    );
    crate::systems::run_script("t.fray", &text).unwrap_or_else(|e| panic!("{e}"))
}

/// Before the fight every surprise answer keeps its place: "Nobody is surprised" first, then
/// each side's, the one given refused (and refused by the rules too), none taken away.
#[test]
fn the_surprise_answers_keep_their_places_the_given_one_refused() {
    let answers = |h: &crate::History| -> Vec<(String, bool)> {
        let prompts = crate::systems::registry().get("dr12").unwrap().prompts(h.state());
        let before = prompts.iter().find(|p| p.id == "before").expect("the question before");
        before
            .options
            .iter()
            .filter(|o| !o.label.starts_with("Roll "))
            .map(|o| (o.label.clone(), o.enabled))
            .collect()
    };
    let all = |f: bool| {
        vec![
            ("Nobody is surprised".to_owned(), true),
            ("Surprised: P".to_owned(), true),
            ("Surprised: F".to_owned(), f),
        ]
    };
    assert_eq!(answers(&run("")), all(true));
    let mut h = run("surprise F\n");
    assert_eq!(answers(&h), all(false));
    let prompts = crate::systems::registry().get("dr12").unwrap().prompts(h.state());
    let again = prompts
        .iter()
        .flat_map(|p| &p.options)
        .find(|o| o.label == "Surprised: F")
        .map(|o| o.command.clone())
        .unwrap();
    let mut dice = crate::dice::SeededDice::new(1, 0);
    let e = h.execute(again, &mut dice).unwrap_err().to_string();
    assert!(e.contains("F is surprised already"), "{e}");
}

#[test]
fn the_reaction_table_has_five_bands() {
    let words: Vec<&str> = (1..=10).map(reaction_word).collect();
    assert_eq!(
        words,
        [
            "Hostile", "Wary", "Wary", "Curious", "Curious", "Curious", "Curious", "Kind", "Kind",
            "Helpful"
        ]
    );
}

#[test]
fn the_side_roll_puts_a_side_first_and_the_characters_by_d6_plus_dex() {
    // Side d6 2: the enemies begin; Kai's d6 5 + DEX 1 = 6.
    let h = run("next table 2 | 5");
    let enc = h.state();
    let names: Vec<String> = enc.order.iter().map(|p| enc.name_of(p.combatants[0])).collect();
    assert_eq!(names, ["Rat", "Kai"]);
    assert_eq!(enc.order[1].count, Some(6));
    assert!(enc.order[1].reason.contains("d6 5 + DEX 1 = 6"), "{}", enc.order[1].reason);
    let h = run("next table 4 | 5");
    assert_eq!(h.state().name_of(h.state().order[0].combatants[0]), "Kai");
}

#[test]
fn a_melee_attack_needs_the_same_zone_and_a_ranged_one_at_close_has_disadvantage() {
    // Kai first (side 6); the rat leaves to the Yard by hand, so the sword cannot reach.
    let h = run("next table 6 | 3\nmove Rat Yard");
    let prompts = crate::systems::registry().get("dr12").unwrap().prompts(h.state());
    let sword = prompts[0].options.iter().find(|o| o.label.starts_with("Sword")).unwrap();
    assert!(!sword.enabled && sword.reason.as_deref().unwrap().contains("not Close"));
    let bow = prompts[0].options.iter().find(|o| o.label.starts_with("Bow")).unwrap();
    assert!(bow.enabled, "{:?}", bow.reason);
    // Back in the Hall, the bow shoots with Disadvantage: 2d20, the worse counts.
    let h = run("next table 6 | 3\nattack Kai Rat with Bow table 15 4");
    let text = crate::journal::markdown(h.state(), h.events());
    assert!(text.contains("4 + 1 = 5 against 12: fail"), "{text}");
}

#[test]
fn the_morale_reminders_and_the_usage_maximum_have_their_defaults() {
    // The boss falls; at the end of the round the goblin's morale button says nothing of why
    // until the reminders are switched on.
    let boss = r#"{"tracks": {"hp": 2}, "stats": {"level": 2, "skill": 2}, "attacks": [{"name": "Spear", "die": 6}], "leader": true}"#;
    let body = format!(
        "add Boss side F zone Hall block {boss}\nnext table 6 | 3\n\
         attack Kai Boss table 15 | 8\nnext\nnext"
    );
    let reason = |h: &crate::History| {
        let prompts = crate::systems::registry().get("dr12").unwrap().prompts(h.state());
        let o = prompts[0].options.iter().find(|o| o.label == "Morale: Rat Tests Skill").unwrap();
        o.reason.clone()
    };
    let h = run(&body);
    assert_eq!(h.state().phase, "end");
    assert_eq!(reason(&h), None);
    let h = run(&format!("{body}\nsetting morale_presets true"));
    assert_eq!(reason(&h).as_deref(), Some("their leader fell"));

    // A weapon without its own maximum is spent at the third fumble by default.
    let h = run("next table 6 | 3");
    let w = super::block::weapon(h.state().combatant_named("Kai").unwrap(), 0).unwrap();
    assert_eq!(super::attack::usage_max(h.state(), &w), 3);
    let h = run("setting usage_max 5\nnext table 6 | 3");
    assert_eq!(super::attack::usage_max(h.state(), &w), 5);
}

#[test]
fn ranges_are_read_from_zone_steps() {
    use crate::space::Distance;
    use crate::system::Rules;
    let band = |n| super::Dr12.range_band(Some(Distance::Steps(n))).label;
    assert_eq!(
        [band(0), band(1), band(2), band(3), band(7)],
        ["Close", "Nearby", "Far-Away", "Distant", "Distant"]
    );
    assert_eq!(super::Dr12.range_band(None).label, "Distant");
}
