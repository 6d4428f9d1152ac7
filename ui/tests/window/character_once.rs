//! A character is one person: dragged in with *How many* 2 it joins once, under its own name
//! (no "Aldo 1" and "Aldo 2"), and a second drag is refused with a reason.

use crate::common;

use fray_app::command::NewCombatant;
use fray_app::encounter::Track;
use fray_ui::window::{Action, apply};

#[test]
fn a_character_joins_a_fight_once_whatever_how_many_says() {
    let (mut w, _) = common::freeform_fight(&["Brina"]);
    let add = |w: &mut common::Window| {
        let side = w.session().state().side_named("Party").unwrap().id;
        let combatant = NewCombatant {
            tracks: vec![Track { name: "hp".into(), value: 9, max: 9 }],
            source: Some("character:7".into()),
            ..NewCombatant::named("Aldo", side)
        };
        let app = w.harness.state_mut();
        apply(
            &mut app.model,
            &mut app.view,
            Action::AddCombatant { combatant, party: true, count: 2 },
        );
        w.settle();
    };
    add(&mut w);
    let names: Vec<String> =
        w.session().state().combatants.values().map(|c| c.name.clone()).collect();
    assert_eq!(names, ["Brina", "Aldo"], "Aldo once, under his own name");
    let said = w.app().model.status.as_ref().map(|s| s.text.clone()).unwrap_or_default();
    assert!(said.contains("Aldo is one person: added once"), "{said}");
    add(&mut w);
    assert_eq!(w.session().state().combatants.len(), 2, "not twice");
    let status = w.app().model.status.clone().unwrap();
    assert!(status.error && status.text.contains("Aldo is already in this fight"), "{status:?}");
}
