//! The long fight the journal and recap benchmarks export: built through the rules.

use fray_app::History;
use fray_app::command::{Command, NewCombatant};
use fray_app::dice::{Dice, PlannedDice, SeededDice};
use fray_app::encounter::{BoardRect, Encounter, Track};
use fray_app::ids::{CombatantId, SideId, ZoneId};

fn execute(h: &mut History, command: Command, table: Option<Vec<u32>>) {
    let mut dice = PlannedDice::new(SeededDice::new(h.base().seed, h.next_stream()));
    if let Some(faces) = table {
        dice = dice.then_table(faces);
    }
    h.execute(command, &mut dice).expect("the benchmark fight follows the rules");
}

/// A freeform fight of 4 heroes and 8 goblins over 4 zones, played through the rules until
/// it has `events` events: each turn moves sometimes, attacks (app or table dice), deals
/// damage or heals, knocks prone or gets up, and now and then the GM writes a line.
pub fn long_fight(events: usize) -> History {
    let mut h = History::new(Encounter::new(
        fray_app::systems::registry().get("freeform").unwrap(),
        "The long siege",
        2024,
    ));
    let mut rng = SeededDice::new(7, 7);
    for (name, party) in [("Heroes", true), ("Goblins", false)] {
        let command = Command::AddSide { name: name.into(), colour: "#446688".into(), party };
        execute(&mut h, command, None);
    }
    let mut zones = Vec::new();
    for name in ["Gate", "Courtyard", "Keep", "Walls"] {
        zones.push(ZoneId(h.state().next_id));
        let rect = BoardRect { x: 0.0, y: 0.0, w: 120.0, h: 90.0 };
        execute(&mut h, Command::AddZone { name: name.into(), capacity: None, rect }, None);
    }
    for pair in zones.windows(2) {
        execute(&mut h, Command::ConnectZones { a: pair[0], b: pair[1] }, None);
    }
    let side_of = |name: &str, h: &History| h.state().side_named(name).unwrap().id;
    let add = |h: &mut History, name: &str, side: SideId, zone: ZoneId, count: u32| {
        let combatant = NewCombatant {
            name: name.into(),
            side,
            zone: Some(zone),
            square: None,
            stats: Vec::new(),
            tracks: vec![Track { name: "hp".into(), value: 12, max: 12 }],
            conditions: Vec::new(),
            source: None,
            block: serde_json::Value::Null,
        };
        execute(h, Command::AddCombatant { combatant: Box::new(combatant), count }, None);
    };
    let heroes = side_of("Heroes", &h);
    let goblins = side_of("Goblins", &h);
    for name in ["Harald", "Ulla", "Thibaldus", "Mira"] {
        add(&mut h, name, heroes, zones[0], 1);
    }
    add(&mut h, "Goblin", goblins, zones[2], 8);
    let fighters: Vec<CombatantId> = h.state().combatants.keys().copied().collect();
    execute(&mut h, Command::SetOrder { order: fighters.clone() }, None);
    let attack = Dice::parse("d20+3").unwrap();
    let damage = Dice::parse("d8+1").unwrap();
    while h.events().len() < events {
        execute(&mut h, Command::Advance, None);
        let Some(&actor) = h.state().acting().first() else { continue };
        let name = h.state().name_of(actor);
        let roll = rng.face(100);
        if roll <= 40 {
            let to = zones[rng.face(zones.len() as u32) as usize - 1];
            execute(&mut h, Command::Move { id: actor, to: Some(to) }, None);
        }
        let target = fighters[rng.face(fighters.len() as u32) as usize - 1];
        let label = format!("{name} attacks {}", h.state().name_of(target));
        // Half the attacks are the players' physical dice, typed in.
        let table = roll.is_multiple_of(2).then(|| vec![rng.face(20)]);
        let command =
            Command::Roll { dice: attack.clone(), label, roller: Some(actor), secret: false };
        execute(&mut h, command, table);
        if !roll.is_multiple_of(3) {
            let command = Command::Roll {
                dice: damage.clone(),
                label: format!("{name} damage"),
                roller: Some(actor),
                secret: false,
            };
            execute(&mut h, command, None);
            let hp = h.state().combatant(target).unwrap().track("hp").unwrap().value;
            // Keep everyone standing: heal whoever drops low instead of letting them fall.
            let delta = if hp <= 3 { 8 } else { -(i64::from(rng.face(8)) + 1) };
            execute(&mut h, Command::AdjustTrack { id: target, track: "hp".into(), delta }, None);
        }
        let prone = h.state().combatant(actor).unwrap().conditions.contains("prone");
        if roll > 92 && !prone {
            execute(&mut h, Command::AddCondition { id: actor, condition: "prone".into() }, None);
        } else if roll < 10 && prone {
            execute(
                &mut h,
                Command::RemoveCondition { id: actor, condition: "prone".into() },
                None,
            );
        }
        if roll == 50 {
            let text = format!("{name} shouts across the courtyard; the *gate* groans.");
            execute(&mut h, Command::Narrate { text }, None);
        }
    }
    h
}
