//! A big sample board, built through the real session: the benchmark of the frame time and
//! the memory measurement both open it (docs/performance.md).

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
    let new = Action::NewEncounter {
        system: fray_app::own::Kind::id(&fray_app::systems::freeform::Freeform),
        name: "Big board".into(),
    };
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
        session.apply(Command::AddCombatant { combatant: Box::new(combatant), count: 1 })?;
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
                secret: false,
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

/// A big grid board: `side` × `side` squares with rooms walled by about `walls` edges (a
/// doorway in each wall), `tokens` combatants on it, a battle-map picture under it, and one
/// token selected (so its reach and everyone's distance and cover are drawn).
pub fn big_grid(
    ctx: &egui::Context,
    db: Db,
    side: u16,
    walls: usize,
    tokens: usize,
) -> Result<FrayApp, SessionError> {
    use fray_app::space::grid::{BattleMap, GridPos, WallKind};
    let invalid = |m: &str| SessionError::Rule(fray_app::RuleError::Invalid(m.into()));
    // The picture: a smooth pattern, 1600 pixels a side.
    let picture = image::RgbImage::from_fn(1600, 1600, |x, y| {
        image::Rgb([
            (60 + (x / 7) % 60) as u8,
            (70 + (y / 9) % 50) as u8,
            (64 + ((x + y) / 11) % 40) as u8,
        ])
    });
    let mut png = Vec::new();
    image::DynamicImage::ImageRgb8(picture)
        .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
        .map_err(|e| invalid(&e.to_string()))?;
    let key = db.maps().insert(&png, 1600, 1600)?;
    let mut app = FrayApp::new(ctx, db);
    let new = Action::NewEncounter {
        system: fray_app::own::Kind::id(&fray_app::systems::freeform::Freeform),
        name: "Big grid".into(),
    };
    apply(&mut app.model, &mut app.view, new);
    let Some(session) = app.model.session.as_mut() else { return Err(invalid("no session")) };
    session.apply(Command::SetGrid { width: side, height: side, feet: 5 })?;
    let edge = f32::from(side);
    let map = BattleMap {
        image: key,
        width_squares: edge,
        height_squares: edge,
        offset_x: 0.0,
        offset_y: 0.0,
    };
    session.apply(Command::SetMap { map: Some(map) })?;
    for (name, colour, party) in [("Party", "#3d7fc4", true), ("Horde", "#c4503d", false)] {
        session.apply(Command::AddSide { name: name.into(), colour: colour.into(), party })?;
    }
    // Rooms of 10 squares: wall runs of 9 edges with a one-square doorway, until `walls`.
    let mut placed = 0;
    'rooms: for line in (10..side).step_by(10) {
        for start in (0..side).step_by(10) {
            for (from, to) in
                [((line, start), (line, start + 9)), ((start, line), (start + 9, line))]
            {
                if placed >= walls {
                    break 'rooms;
                }
                session.apply(Command::SetWalls { from, to, kind: Some(WallKind::Wall) })?;
                placed += 9;
            }
        }
    }
    let sides: Vec<_> = session.state().sides.keys().copied().collect();
    for i in 0..tokens {
        let mut c = NewCombatant::named(format!("Fighter {i}"), sides[i % 2]);
        c.tracks.push(Track { name: "hp".into(), value: 12, max: 12 });
        let (x, y) = ((i * 37 % usize::from(side)) as u16, (i * 53 % usize::from(side)) as u16);
        c.square = Some(GridPos { x, y });
        session.apply(Command::AddCombatant { combatant: Box::new(c), count: 1 })?;
    }
    let selected = session.state().combatants.keys().nth(3).copied();
    apply(&mut app.model, &mut app.view, Action::Select(selected));
    Ok(app)
}
