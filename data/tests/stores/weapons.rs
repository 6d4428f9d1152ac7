use crate::{OWN, db, reopen, sys};
use fray_data::weapons::{NewWeapon, WeaponRef};
use fray_data::{DbError, WeaponId};
use serde_json::json;

/// A GM's own weapon with Block, Dodge, Parry's fields, kept under a procedure without a
/// weapon list (which checks only its name).
fn pike() -> NewWeapon {
    let weapon = serde_json::from_value(serde_json::json!({
        "key": "pike",
        "name": "Pike",
        "die": 10,
        "speed": "slow",
        "reach": true,
        "bulky": true,
        "tags": ["Push 7"],
        "notes": "Longer than a spear, and heavier.",
    }))
    .unwrap();
    NewWeapon { system: sys(OWN), weapon }
}

#[test]
fn round_trip_edit_reopen_list_delete() {
    let (dir, db) = db();
    let id = db.weapons().insert(&pike()).unwrap();
    let mut club = pike();
    club.weapon = WeaponRef {
        key: "club".into(),
        name: "  Club ".into(),
        notes: String::new(),
        fields: json!({"die": 6, "speed": "fast"}).as_object().unwrap().clone(),
    };
    let club_id = db.weapons().insert(&club).unwrap();
    assert_ne!(id, club_id);

    let stored = db.weapons().get(id).unwrap().unwrap();
    assert_eq!((stored.id, stored.system.as_str()), (id, OWN));
    assert_eq!(stored.weapon, pike().weapon);
    assert_eq!(stored.weapon.summary(crate::sys("bdp")), "d10 slow · reach · bulky · Push 7");
    assert_eq!(stored.created, stored.updated);

    // Edited, then read back after a restart.
    let mut edit = pike();
    edit.weapon.name = "Long pike".into();
    edit.weapon.fields.insert("tags".into(), json!(["Push 8"]));
    db.weapons().update(id, &edit).unwrap();
    drop(db);
    let db = reopen(&dir);
    let stored = db.weapons().get(id).unwrap().unwrap();
    assert_eq!(stored.weapon, edit.weapon);
    assert!(stored.updated >= stored.created);

    // Listed by name (the name trimmed), only this system's.
    let names: Vec<String> =
        db.weapons().list(Some(sys(OWN))).unwrap().into_iter().map(|w| w.weapon.name).collect();
    assert_eq!(names, ["Club", "Long pike"]);
    let all = db.weapons().list(None).unwrap();
    assert!(all.len() > 2 && all.iter().any(|w| w.system == "bdp"), "bundled lists too");

    assert!(db.weapons().delete(id).unwrap());
    assert!(!db.weapons().delete(id).unwrap(), "gone already");
    assert_eq!(db.weapons().get(id).unwrap(), None);
    let err = db.weapons().update(id, &edit).unwrap_err();
    assert!(matches!(err, DbError::NotFound { what: "weapon", .. }), "{err}");
    drop(db);
    let db = reopen(&dir);
    let left: Vec<WeaponId> =
        db.weapons().list(Some(sys(OWN))).unwrap().into_iter().map(|w| w.id).collect();
    assert_eq!(left, [club_id]);
}

#[test]
fn a_bad_entry_is_refused_naming_the_entry_and_field() {
    let (_dir, db) = db();
    let mut bad = pike();
    bad.system = sys("bdp");
    bad.weapon.fields.remove("die");
    let err = db.weapons().insert(&bad).unwrap_err();
    assert!(matches!(err, DbError::Invalid(_)));
    assert_eq!(err.to_string(), "weapon Pike: field 'die' (Damage die): is required");

    bad.weapon.fields.insert("die".into(), json!(10));
    bad.weapon.fields.insert("speed".into(), json!(4));
    let err = db.weapons().insert(&bad).unwrap_err();
    assert!(err.to_string().starts_with("weapon Pike: field 'speed' (Speed): "), "{err}");

    bad.weapon.name = " ".into();
    let err = db.weapons().insert(&bad).unwrap_err();
    assert_eq!(err.to_string(), "weapon pike: name must not be empty");

    let d12 = |json: serde_json::Value| NewWeapon {
        system: sys("d12"),
        weapon: serde_json::from_value(json).unwrap(),
    };
    let flail = serde_json::json!({
        "key": "flail", "name": "Flail", "damage": "1d8", "types": ["blunt"], "speed": 6,
        "crit": 3, "hands": 1, "notes": "",
    });
    let id = db.weapons().insert(&d12(flail.clone())).unwrap();
    let mut wrong = flail.clone();
    wrong["damage"] = "one d8".into();
    let err = db.weapons().update(id, &d12(wrong)).unwrap_err().to_string();
    assert!(err.starts_with("weapon Flail: field 'damage' (Damage): "), "{err}");
    let mut wrong = flail;
    wrong["crit"] = 5.into();
    let err = db.weapons().update(id, &d12(wrong)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "weapon Flail: field 'crit' (Crit ×): must be one of 2, 3, 4, not 5"
    );
    assert_eq!(
        db.weapons().get(id).unwrap().unwrap().weapon.get("crit"),
        Some(&json!(3)),
        "nothing changed"
    );

    // A weapon without a system, or of one Fray does not know, cannot even be read.
    let mut written = serde_json::to_value(pike()).unwrap();
    written["system"] = json!("");
    let err = serde_json::from_value::<NewWeapon>(written.clone()).unwrap_err().to_string();
    assert!(err.starts_with("unknown system '' (known: freeform, bdp"), "{err}");
    written["system"] = json!("gurps");
    let err = serde_json::from_value::<NewWeapon>(written).unwrap_err().to_string();
    assert!(err.starts_with("unknown system 'gurps'"), "{err}");
    let bdp = db.weapons().list(Some(crate::sys("bdp"))).unwrap();
    assert!(bdp.iter().all(|w| w.weapon.key != "pike"));
}
