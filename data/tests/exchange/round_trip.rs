//! Fray's creatures out to Improved Initiative and Fantasy Statblocks and back, for every
//! registered procedure's bundled creatures (into a fresh database, then read from it) and for
//! the real libraries of `tests/corpus/bestiaries/` as imported: every field both sides have
//! comes back the same, and what the formats cannot carry is said on export.

use crate::db;
use crate::foreign::bestiary;
use fray_app::dice::Dice;
use fray_app::system::schema::{self, Kind};
use fray_data::exchange::{self, CreatureEntry, OnClash, Selection, read_foreign};
use serde_json::Value;

/// The two formats: a name, and the text each writes.
type Writer = fn(&[CreatureEntry]) -> String;
const FORMATS: [(&str, Writer); 2] = [
    ("improved-initiative", |c| {
        serde_json::to_string(&exchange::improved_initiative_file(c).unwrap()).unwrap()
    }),
    ("fantasy-statblocks", |c| exchange::fantasy_statblocks_note(c).unwrap()),
];

/// Every field of a block the formats carry, as shown: all but a second list (d12's spells,
/// Murdham's gear) and an attack's own single-line text (a weapon's durability), which the
/// export says it does not carry. Dice as Fray writes them ("1d6" and "d6" are one).
fn carried(system: &str, block: &Value) -> Vec<(String, String)> {
    let schema = fray_app::systems::registry().get(system).unwrap().block_schema();
    let shown = |kind: &Kind, v: Option<&Value>| {
        let text = kind.show(v);
        match kind {
            Kind::Dice => Dice::parse(&text).map_or(text, |d| d.to_string()),
            Kind::Flag => text.replace("no", ""),
            _ => text,
        }
    };
    let mut out = Vec::new();
    let mut lists = 0;
    for f in schema.fields_for(false) {
        let v = schema::get(block, f.key);
        match f.kind {
            Kind::List { item, .. } => {
                lists += 1;
                if lists > 1 {
                    continue;
                }
                for (i, a) in v.and_then(Value::as_array).into_iter().flatten().enumerate() {
                    for g in item {
                        if g.key != "name" && matches!(g.kind, Kind::Text { .. }) {
                            continue;
                        }
                        let value = shown(&g.kind, schema::get(a, g.key));
                        out.push((format!("{}[{i}].{}", f.key, g.key), value));
                    }
                }
            }
            kind => out.push((f.key.to_owned(), shown(&kind, v))),
        }
    }
    out
}

/// Sends `creatures` of `system` through each format and back, checking each comes back
/// with its fields; returns the entries read back, by format.
fn there_and_back(system: &str, creatures: &[CreatureEntry]) -> Vec<Vec<CreatureEntry>> {
    let mut all = Vec::new();
    for (format, write) in FORMATS {
        let text = write(creatures);
        let back = read_foreign("out", &text, crate::sys(system)).unwrap();
        assert!(back.left_out.is_empty(), "{system} {format}: {:?}", back.left_out);
        assert_eq!(back.blocks.len(), creatures.len(), "{system} {format}");
        for (before, after) in creatures.iter().zip(&back.blocks) {
            let who = format!("{system} {format} {}", before.name);
            assert_eq!(after.entry.name, before.name, "{who}");
            assert_eq!(after.entry.tags, before.tags, "{who}");
            assert!(after.unread.is_empty(), "{who}: not read {:?}", after.unread);
            assert_eq!(
                carried(system, &after.entry.block),
                carried(system, &before.block),
                "{who}"
            );
        }
        all.push(back.blocks.into_iter().map(|b| b.entry).collect());
    }
    all
}

#[test]
fn every_procedures_bundled_creatures_go_out_and_come_back_into_a_fresh_database() {
    for system in fray_app::systems::registry().all() {
        let system = system.id().as_str();
        let (_dir, db) = db();
        let lib = exchange::export(&db, &Selection::System(crate::sys(system))).unwrap();
        assert!(!lib.creatures.is_empty(), "{system} has bundled creatures");
        for (format, write) in FORMATS {
            let text = write(&lib.creatures);
            let back = read_foreign("out", &text, crate::sys(system)).unwrap();
            assert!(back.left_out.is_empty(), "{system} {format}: {:?}", back.left_out);
            // Beside the bundled ones of the same names, each checked and stored.
            let clashes = exchange::clashes(&db, &back.blocks).unwrap();
            let file = exchange::pasted_file(&back.blocks, &clashes, |_| OnClash::KeepBoth);
            let done = exchange::apply(&db, "out", &file)
                .unwrap_or_else(|e| panic!("{system} {format}: {e}"));
            assert_eq!(done.added, lib.creatures.len(), "{system} {format}");
        }
        let stored = exchange::export(&db, &Selection::System(crate::sys(system))).unwrap();
        for before in &lib.creatures {
            let copies: Vec<&CreatureEntry> = stored
                .creatures
                .iter()
                .filter(|c| c.name == before.name && c.uid != before.uid)
                .collect();
            assert_eq!(copies.len(), 2, "{system} {}: one from each format", before.name);
            for after in copies {
                assert_eq!(after.tags, before.tags, "{system} {}", before.name);
                assert_eq!(
                    carried(system, &after.block),
                    carried(system, &before.block),
                    "{system} {} ({})",
                    before.name,
                    after.uid
                );
            }
        }
    }
}

#[test]
fn the_imported_real_libraries_go_out_and_come_back() {
    let files = [
        ("improved-initiative-ogl-creatures.json", "sovereign"),
        ("5e-api-srd-2014-monsters.json", "sovereign"),
        ("fantasy-statblocks-srd-notes.md", "sovereign"),
        ("foundry-cairn-monsters.db", "bdp"),
        ("wwn-foundry-ose-monsters.db", "sovereign"),
    ];
    for (file, system) in files {
        let got = read_foreign(file, &bestiary(file), crate::sys(system)).unwrap();
        let creatures: Vec<CreatureEntry> = got.blocks.into_iter().map(|b| b.entry).collect();
        let back = there_and_back(system, &creatures);
        eprintln!("{file}: {} creatures there and back in both formats", back[0].len());
    }
}

/// Two creatures of one name (as *Keep both* makes) stay two in either format.
#[test]
fn two_creatures_of_one_name_come_back_as_two() {
    let (_dir, db) = db();
    let lib = exchange::export(&db, &Selection::System(crate::sys("sovereign"))).unwrap();
    let mut twins = vec![lib.creatures[0].clone(), lib.creatures[0].clone()];
    twins[1].uid.push_str("-2");
    twins[1].block["notes"] = Value::String("the other one".into());
    for (format, write) in FORMATS {
        let back = read_foreign("out", &write(&twins), crate::sys("sovereign")).unwrap();
        let clashes = exchange::clashes(&db, &back.blocks).unwrap();
        let file = exchange::pasted_file(&back.blocks, &clashes, |_| OnClash::KeepBoth);
        let done = exchange::apply(&db, "out", &file).unwrap_or_else(|e| panic!("{format}: {e}"));
        assert_eq!(done.added, 2, "{format}");
    }
}

/// What a format cannot carry is said by creature and field.
#[test]
fn what_the_formats_cannot_carry_is_said_by_creature_and_field() {
    let (_dir, db) = db();
    let lib = exchange::export(&db, &Selection::System(crate::sys("murdham"))).unwrap();
    let mut captain = lib.creatures.iter().find(|c| c.name == "Bandit captain").unwrap().clone();
    captain.block["weapons"][0]["durability"] = Value::String("12/4".into());
    captain.block["gear"] = serde_json::json!([{"name": "Rope", "durability": "12/4"}]);
    assert_eq!(
        exchange::not_carried(&[captain]).unwrap(),
        [
            "Bandit captain: Weapons 1: Durability is not carried",
            "Bandit captain: Gear is not carried"
        ]
    );
}
