use crate::{OWN, bare_db, reopen, sys};
use fray_data::{NewCharacter, Search};
use serde_json::json;

fn character(name: &str, party: Option<&str>) -> NewCharacter {
    NewCharacter {
        system: sys(OWN),
        name: name.into(),
        tags: vec!["Player".into()],
        sheet: json!({"tracks": {"hp": 10}}),
        party: party.map(str::to_owned),
    }
}

#[test]
fn round_trip() {
    let (dir, db, _) = bare_db();
    let id = db.characters().insert(&character("Harald", Some(" Red Band "))).unwrap();
    let db = {
        drop(db);
        reopen(&dir)
    };
    let c = db.characters().get(id).unwrap().unwrap();
    assert_eq!(c.name, "Harald");
    assert_eq!(c.tags, ["player"]);
    assert_eq!(c.party.as_deref(), Some("Red Band"));
    assert_eq!(c.sheet["tracks"]["hp"], 10);

    db.characters().update(id, &character("Harald the Bold", Some("  "))).unwrap();
    let c = db.characters().get(id).unwrap().unwrap();
    assert_eq!((c.name.as_str(), c.party), ("Harald the Bold", None));
    assert!(db.characters().delete(id).unwrap());
    assert_eq!(db.characters().get(id).unwrap(), None);
}

#[test]
fn search_and_parties() {
    let (_dir, db, _) = bare_db();
    db.characters().insert(&character("Harald", Some("Red Band"))).unwrap();
    db.characters().insert(&character("Mira", Some("Red Band"))).unwrap();
    let loner = db.characters().insert(&character("Osk", None)).unwrap();
    let names = |s: Search| -> Vec<String> {
        db.characters().search(&s.system(sys(OWN))).unwrap().into_iter().map(|c| c.name).collect()
    };
    assert_eq!(names(Search::text("har")), ["Harald"]);
    assert_eq!(names(Search::text("red")), ["Harald", "Mira"], "the party matches too");
    assert_eq!(names(Search::text("").tag("player")).len(), 3);
    let band: Vec<String> =
        db.characters().party("Red Band").unwrap().into_iter().map(|c| c.name).collect();
    assert_eq!(band, ["Harald", "Mira"]);
    db.characters().delete(loner).unwrap();
    assert!(names(Search::text("osk")).is_empty());
}

#[test]
fn to_combatant_reads_the_sheet() {
    let (_dir, db, _) = bare_db();
    let id = db.characters().insert(&character("Harald", None)).unwrap();
    let c = db.characters().get(id).unwrap().unwrap();
    let new = c.to_combatant(fray_app::ids::SideId(1));
    assert_eq!(new.name, "Harald");
    assert_eq!(new.tracks[0].max, 10);
    assert_eq!(new.source, Some(format!("character:{}", id.0)));
}
