use crate::{db, reopen};

#[test]
fn round_trip() {
    let (dir, db) = db();
    assert_eq!(db.settings().get("theme").unwrap(), None);
    db.settings().set("theme", "dark").unwrap();
    db.settings().set("theme", "light").unwrap();
    db.settings().set_json("ui_scale", &1.25).unwrap();
    let db = {
        drop(db);
        reopen(&dir)
    };
    assert_eq!(db.settings().get("theme").unwrap().as_deref(), Some("light"));
    assert_eq!(db.settings().get_json::<f32>("ui_scale").unwrap(), Some(1.25));
    assert!(db.settings().get_json::<u32>("theme").is_err(), "not JSON: reported");
    assert!(db.settings().remove("theme").unwrap());
    assert!(!db.settings().remove("theme").unwrap());
}
