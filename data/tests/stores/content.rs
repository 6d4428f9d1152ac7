use crate::{db, reopen};
use fray_data::Search;
use fray_data::content::{CONTENT_VERSION, CONTENT_VERSION_KEY};

fn totals(db: &fray_data::Db) -> (usize, usize, usize) {
    let all = Search::default().limit(10_000);
    (
        db.creatures().search(&all).unwrap().len(),
        db.characters().search(&all).unwrap().len(),
        db.tables().list(None).unwrap().len(),
    )
}

#[test]
fn first_run_loads_the_freeform_examples() {
    let (_dir, db) = db();
    let goblins = db.creatures().search(&Search::text("gob").system("freeform")).unwrap();
    assert_eq!(goblins[0].name, "Goblin");
    assert!(goblins[0].block["tracks"]["hp"].as_i64().unwrap() > 0);
    let (creatures, characters, tables) = totals(&db);
    assert!((6..=10).contains(&creatures), "{creatures} creatures");
    assert!((3..=4).contains(&characters), "{characters} characters");
    assert_eq!(tables, 1);
    let injuries = &db.tables().list(Some("freeform")).unwrap()[0];
    injuries.table.validate().unwrap();
    let version = db.settings().get(CONTENT_VERSION_KEY).unwrap();
    assert_eq!(version, Some(CONTENT_VERSION.to_string()));
}

#[test]
fn loading_again_never_duplicates() {
    let (dir, db) = db();
    let before = totals(&db);
    assert_eq!(db.load_bundled_content().unwrap(), 0);
    drop(db);
    let db = reopen(&dir);
    // Even with the version forgotten, the second load adds nothing.
    db.settings().remove(CONTENT_VERSION_KEY).unwrap();
    drop(db);
    let db = reopen(&dir);
    assert_eq!(totals(&db), before);
    assert_eq!(db.load_bundled_content().unwrap(), 0);
    assert_eq!(totals(&db), before);
}

#[test]
fn edits_survive_and_deleted_examples_can_come_back() {
    let (_dir, db) = db();
    let wolf = db.creatures().search(&Search::text("wolf").system("freeform")).unwrap().remove(0);
    let mut edit = fray_data::NewCreature {
        system: wolf.system.clone(),
        name: "Dire Wolf".into(),
        tags: wolf.tags.clone(),
        block: wolf.block.clone(),
    };
    edit.block["tracks"]["hp"] = 20.into();
    db.creatures().update(wolf.id, &edit).unwrap();
    let goblin = db.creatures().search(&Search::text("goblin").system("freeform")).unwrap();
    db.creatures().delete(goblin[0].id).unwrap();
    assert_eq!(db.load_bundled_content().unwrap(), 1, "only the goblin comes back");
    let wolf = db.creatures().get(wolf.id).unwrap().unwrap();
    assert_eq!(wolf.name, "Dire Wolf", "the GM's edit is kept");
}

#[test]
fn bundled_creatures_become_combatants() {
    let (_dir, db) = db();
    for c in db.creatures().search(&Search::default().system("freeform")).unwrap() {
        let new = c.to_combatant(fray_app::ids::SideId(1));
        assert!(new.tracks.iter().any(|t| t.name == "hp" && t.max > 0), "{}", c.name);
        assert!(new.stats.iter().any(|s| s.name == "armor"), "{}", c.name);
    }
}
