//! A big sample board, built through the real session: the benchmark of the frame time and
//! the memory measurement both open it (README, "Performance").

use super::{Action, FrayApp, apply};
use eframe::egui;
use fray_app::Command;
use fray_app::command::NewCombatant;
use fray_app::encounter::{BoardRect, Track};
use fray_data::{Db, SessionError};

/// Builds an encounter of `combatants` combatants in `zones` zones (in a chain, 10 to a row)
/// with at least `events` events of damage, rolls and narration, and selects one combatant so
/// range bands are drawn. Use an in-memory database: the journal's fsyncs are not what a
/// frame measurement is about.
pub fn big_board(
    ctx: &egui::Context,
    db: Db,
    combatants: usize,
    zones: u32,
    events: usize,
) -> Result<FrayApp, SessionError> {
    let mut app = FrayApp::new(ctx, db);
    let new = Action::NewEncounter { system: "freeform".into(), name: "Big board".into() };
    apply(&mut app.model, &mut app.view, new);
    let Some(session) = app.model.session.as_mut() else {
        return Err(SessionError::Rule(fray_app::RuleError::Invalid("no session".into())));
    };
    for (name, colour, party) in [("Party", "#3d7fc4", true), ("Horde", "#c4503d", false)] {
        session.apply(Command::AddSide { name: name.into(), colour: colour.into(), party })?;
    }
    let sides: Vec<_> = session.state().sides.keys().copied().collect();
    for z in 0..zones {
        let rect = BoardRect {
            x: (z % 10) as f32 * 260.0,
            y: (z / 10) as f32 * 220.0,
            w: 240.0,
            h: 200.0,
        };
        session.apply(Command::AddZone { name: format!("Zone {z}"), capacity: None, rect })?;
    }
    let zone_ids: Vec<_> = session.state().zones.keys().copied().collect();
    for w in zone_ids.windows(2) {
        session.apply(Command::ConnectZones { a: w[0], b: w[1] })?;
    }
    for i in 0..combatants {
        let combatant = NewCombatant {
            name: format!("Fighter {i}"),
            side: sides[i % 2],
            zone: zone_ids.get(i % zone_ids.len().max(1)).copied(),
            square: None,
            stats: vec![],
            tracks: vec![Track { name: "hp".into(), value: 120, max: 120 }],
            conditions: if i % 7 == 0 { vec!["prone".into()] } else { vec![] },
            source: None,
            block: serde_json::Value::Null,
        };
        session.apply(Command::AddCombatant { combatant, count: 1 })?;
    }
    let ids: Vec<_> = session.state().combatants.keys().copied().collect();
    let mut i = 0usize;
    while session.history().events().len() < events && !ids.is_empty() {
        let id = ids[i % ids.len()];
        let cmd = match i % 3 {
            0 => Command::AdjustTrack { id, track: "hp".into(), delta: -1 },
            1 => Command::Roll {
                dice: fray_app::dice::Dice::die(20),
                label: "attack".into(),
                roller: Some(id),
            },
            _ => Command::Narrate { text: format!("Blow {i}") },
        };
        session.apply(cmd)?;
        i += 1;
    }
    let selected = ids.get(3).copied();
    apply(&mut app.model, &mut app.view, Action::Select(selected));
    Ok(app)
}
