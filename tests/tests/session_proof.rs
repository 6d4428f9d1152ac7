//! A session file proves itself: every campaign golden's evening replays whole (fights, each
//! step's *before*, write-backs and rests recomputed), and each forgery of a genuine evening
//! (a die, a result, a part removed, moved, duplicated, a write-back moved to another
//! character or naming a fight never played, a downgrade) is refused with its reason.
//!
//! The genuine evening is written here, by the rules: the DR12 campaign golden played with the
//! app's dice for its rests (so their dice have a seed to be drawn again from).

use fray_app::campaign::session::{SessionLog, from_json};
use fray_app::dice::Roll;
use serde_json::{Value, json};
use std::path::Path;

fn play(name: &str, text: &str) -> SessionLog {
    fray_app::systems::registry();
    let script = fray_app::scenario::parse(name, text).unwrap_or_else(|e| panic!("{e}"));
    let db = fray_data::Db::open_in_memory().unwrap();
    let tables = fray_data::session::library_tables(&db, script.system).unwrap();
    script.with_tables(tables).run_session().unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn golden(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios").join(name);
    std::fs::read_to_string(path).unwrap()
}

#[test]
fn every_campaign_golden_proves_its_whole_evening() {
    // Every procedure with rules of its own to play (tactics) has its campaign golden: one
    // added without it fails here.
    let fighting = fray_app::systems::registry().all().iter().filter(|s| s.tactics().is_some());
    for system in fighting.map(|s| s.id().as_str()) {
        let log = play(system, &golden(&format!("{system}-campaign.fray")));
        let back = from_json(&log.to_json()).unwrap();
        let report = back.replay().unwrap_or_else(|e| panic!("{system}: {e}"));
        assert!(report.partial.is_empty(), "{system}: {:?}", report.partial);
        assert!(report.write_backs >= 1, "{system}: every write-back is recomputed");
        assert_eq!(report.fights.len(), log.fights().count());
    }
}

#[test]
fn the_goldens_between_fights_prove_their_evenings_too() {
    // A rest with a performer who did not rest (Replenish's caster), a debt left by the dead
    // (Murdham's funeral), a fall on the Broken table, wounds of bleeding and strain, a day
    // without a meal and light wounds, System Strain forced past its maximum.
    for name in [
        "bdp-gear-between",
        "murdham-funeral",
        "dr12-broken",
        "d12-injury-log",
        "bdp-needs-wounds",
        "sovereign-strain",
    ] {
        let log = play(name, &golden(&format!("{name}.fray")));
        let back = from_json(&log.to_json()).unwrap();
        let report = back.replay().unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(report.partial.is_empty(), "{name}: {:?}", report.partial);
        assert!(report.write_backs >= 1, "{name}: every write-back is recomputed");
    }
}

/// The DR12 evening with its rests on the app's dice, and the checks of what they rolled left
/// out (the app's faces are the seed's, not the golden's table dice).
fn genuine() -> Value {
    let text: String = golden("dr12-campaign.fray")
        .lines()
        // The evening up to its repair: the forgeries below are made from these eight parts.
        .take_while(|l| !l.starts_with("# === A repair"))
        .filter(|l| !l.starts_with("expect ") || l.starts_with("expect error"))
        .map(|l| l.replace("rest breath table 2", "rest breath"))
        .map(|l| l.replace("rest night Tamsin table 6", "rest night Tamsin"))
        .map(|l| format!("{l}\n"))
        .collect();
    let log = play("dr12-app-rests", &text);
    serde_json::from_str(&log.to_json()).unwrap()
}

/// The parts, in order: fight, write-back, breath (app die), night (app die), fight,
/// write-back, night (no healing by the table's setting), heal by hand.
fn parts(v: &mut Value) -> &mut Vec<Value> {
    v["parts"].as_array_mut().unwrap()
}

fn kind(part: &Value) -> String {
    match part.get("step") {
        Some(step) => step["happening"]["step"].as_str().unwrap().to_owned(),
        None => part.as_object().unwrap().keys().next().unwrap().clone(),
    }
}

fn refused(v: &Value) -> String {
    let log = from_json(&v.to_string()).unwrap_or_else(|e| panic!("reads: {e}"));
    match log.replay() {
        Ok(r) => panic!("replayed ok: {r:?}"),
        Err(e) => e.to_string(),
    }
}

/// A roll of part `i`'s step with one face changed, its arithmetic made to add up again.
fn reroll(v: &mut Value, i: usize) {
    let roll = &mut parts(v)[i]["step"]["rolls"][0];
    let r: Roll = serde_json::from_value(roll.clone()).unwrap();
    let sides = r.dice.to_string().trim_start_matches('d').parse::<u32>().unwrap();
    let face = r.faces()[0] % sides + 1;
    let again = Roll::from_faces(r.dice.clone(), &[face], r.label, r.roller, r.source).unwrap();
    *roll = serde_json::to_value(again).unwrap();
}

type Forgery = (&'static str, &'static str, fn(&mut Value));

const FORGERIES: &[Forgery] = &[
    ("a rest's die edited (adding up)", "a roll the app did not make", |v| reroll(v, 2)),
    ("a rest's total edited", "the roll", |v| {
        let total = &mut parts(v)[2]["step"]["rolls"][0]["total"];
        *total = json!(total.as_i64().unwrap() + 1);
    }),
    ("a rest's result edited", "the rules give Tamsin", |v| {
        parts(v)[3]["step"]["written"][0]["after"]["tracks"]["hp"] = json!(1);
    }),
    ("a rest's seed edited", "a roll the app did not make", |v| {
        let seed = &mut parts(v)[2]["step"]["dice"]["seed"];
        *seed = json!(seed.as_u64().unwrap() ^ 1);
    }),
    ("a rest's seed removed", "refused as a downgrade", |v| {
        parts(v)[2]["step"].as_object_mut().unwrap().remove("dice");
    }),
    ("a write-back's value edited", "the rules give Tamsin", |v| {
        parts(v)[1]["step"]["written"][0]["after"]["tracks"]["hp"] = json!(5);
    }),
    ("a write-back's before edited", "does not follow", |v| {
        parts(v)[5]["step"]["written"][0]["before"]["tracks"]["hp"] = json!(2);
    }),
    ("a write-back's edits removed", "the rules give", |v| {
        parts(v)[5]["step"]["happening"]["edits"] = json!([{"who": "script:tamsin",
            "field": "track:hp", "keep": false}]);
    }),
    ("a write-back moved to where the fight stood earlier", "whom the rules do not give", |v| {
        parts(v)[1]["step"]["happening"]["fight"]["commands"] = json!(1);
    }),
    ("a write-back moved to another character", "Bram (script:bram), whom the rules", |v| {
        let w = &mut parts(v)[1]["step"]["written"][0];
        w["who"] = json!("script:bram");
        w["name"] = json!("Bram");
    }),
    ("a write-back naming a fight never played", "not played before it", |v| {
        let seed = &mut parts(v)[5]["step"]["happening"]["fight"]["seed"];
        *seed = json!(seed.as_u64().unwrap() ^ 1);
    }),
    ("a write-back naming no fight", "refused as a downgrade", |v| {
        parts(v)[5]["step"]["happening"].as_object_mut().unwrap().remove("fight");
    }),
    ("a fight removed with its write-back", "does not follow", |v| {
        parts(v).drain(4..6);
    }),
    ("a fight removed without its write-back", "not played before it", |v| {
        parts(v).remove(4);
    }),
    ("the fights swapped", "not played before it", |v| parts(v).swap(0, 4)),
    ("a fight duplicated", "is already part 1", |v| {
        let fight = parts(v)[0].clone();
        parts(v).insert(1, fight);
    }),
    ("a rest removed", "does not follow", |v| {
        parts(v).remove(2);
    }),
    ("a rest duplicated", "part 4", |v| {
        let rest = parts(v)[2].clone();
        parts(v).insert(3, rest);
    }),
    ("a write-back duplicated", "does not follow", |v| {
        let wb = parts(v)[1].clone();
        parts(v).insert(2, wb);
    }),
    ("two rests swapped", "does not follow", |v| parts(v).swap(2, 3)),
    ("a heal's before edited", "does not follow", |v| {
        parts(v)[7]["step"]["written"][0]["before"]["tracks"]["hp"] = json!(7);
    }),
];

#[test]
fn the_genuine_evening_replays_and_every_forgery_is_refused_with_its_reason() {
    let v = genuine();
    let shape: Vec<String> = v["parts"].as_array().unwrap().iter().map(kind).collect();
    assert_eq!(
        shape,
        ["fight", "fight_ended", "rested", "rested", "fight", "fight_ended", "rested", "by_hand"],
        "the evening the forgeries are made from"
    );
    let genuine = from_json(&v.to_string()).unwrap().replay().unwrap();
    assert!(genuine.partial.is_empty(), "{:?}", genuine.partial);
    assert_eq!((genuine.write_backs, genuine.rests, genuine.by_hand), (2, 3, 1));
    for (what, reason, forge) in FORGERIES {
        let mut forged = v.clone();
        forge(&mut forged);
        assert_ne!(forged, v, "{what}: the forgery changes the file");
        let error = refused(&forged);
        assert!(error.contains(reason), "{what}: refused, but for another reason: {error}");
    }
}

#[test]
fn a_fight_set_to_version_1_with_an_app_die_moved_is_refused_as_a_downgrade() {
    let mut v = genuine();
    let fight = &mut parts(&mut v)[0]["fight"];
    fight["version"] = json!(1);
    // The first command's stream moved later: in a version 1 journal only order is checked.
    fight["commands"][0]["stream"] = json!(40);
    let error = refused(&v);
    assert!(error.contains("refused as a downgrade"), "{error}");
    assert!(error.starts_with("part 1:"), "{error}");
}

/// Every leaf of every campaign step of the genuine evening, edited one at a time (a number
/// moved by one, a string changed, a flag flipped): never a panic, and refused but for the
/// few edits named below, which change nothing the file can prove.
#[test]
fn any_single_edit_of_a_step_is_refused_or_replays_never_a_panic() {
    let v = genuine();
    let mut paths = Vec::new();
    for (i, part) in v["parts"].as_array().unwrap().iter().enumerate() {
        if let Some(step) = part.get("step") {
            leaves(step, &mut vec!["parts".into(), i.to_string(), "step".into()], &mut paths);
        }
    }
    assert!(paths.len() > 50, "{} leaves", paths.len());
    let (mut refused, mut passed) = (0, Vec::new());
    for path in &paths {
        let mut forged = v.clone();
        let leaf = path.iter().fold(&mut forged, |at, key| match at {
            Value::Array(a) => &mut a[key.parse::<usize>().unwrap()],
            other => &mut other[key.as_str()],
        });
        *leaf = match leaf {
            Value::Number(n) if n.is_u64() => json!(n.as_u64().unwrap().wrapping_add(1)),
            Value::Number(n) => json!(n.as_i64().unwrap_or(0) - 1),
            Value::String(s) => json!(format!("{s}x")),
            Value::Bool(b) => json!(!*b),
            _ => json!(null),
        };
        let Ok(log) = from_json(&forged.to_string()) else {
            refused += 1;
            continue;
        };
        if log.replay().is_err() {
            refused += 1;
        } else {
            passed.push(path.join("."));
        }
    }
    // What replays edited: the seed of a rest that rolled nothing (no die depends on it), and a
    // step moved to a member the file never named before (a first appearance is taken as
    // the file gives it: docs/command-line.md, "What `fray replay` proves"). Every other edit
    // is refused.
    assert_eq!(
        passed,
        [
            "parts.6.step.dice.seed",
            "parts.6.step.dice.stream",
            "parts.6.step.written.0.who",
            "parts.7.step.written.0.who"
        ],
        "{refused} of {} refused",
        paths.len()
    );
}

fn leaves(v: &Value, at: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    match v {
        Value::Object(m) => m.iter().for_each(|(k, v)| {
            at.push(k.clone());
            leaves(v, at, out);
            at.pop();
        }),
        Value::Array(a) => a.iter().enumerate().for_each(|(i, v)| {
            at.push(i.to_string());
            leaves(v, at, out);
            at.pop();
        }),
        // A null edited is a null: no edit.
        Value::Null => {}
        _ => out.push(at.clone()),
    }
}

/// A session file of the corpus written before rests kept a rules edition.
fn before_editions(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("corpus/sessions-before-editions")
        .join(format!("{name}.json"));
    std::fs::read_to_string(path).unwrap()
}

/// The rests of a session file, as JSON.
fn rests(v: &mut Value) -> impl Iterator<Item = &mut Value> {
    parts(v).iter_mut().filter(|p| kind(p) == "rested").map(|p| &mut p["step"])
}

#[test]
fn a_session_file_from_before_rests_kept_an_edition_replays_as_it_was_written() {
    fray_app::systems::registry();
    for name in ["sovereign-first-aid", "sovereign-between"] {
        let text = before_editions(name);
        // The old labels: the healer named, not the patient.
        assert!(text.contains("\"First aid by Dessa (Heal 2): HP back\""), "{name}");
        let log = from_json(&text).unwrap();
        let report = log.replay().unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(report.partial.is_empty(), "{name}: {:?}", report.partial);
        assert!(report.rests >= 3, "{name}: {} rests", report.rests);
    }
    // Claimed for today's edition, the first aid is refused: today's dice name the patient.
    let mut v: Value = serde_json::from_str(&before_editions("sovereign-first-aid")).unwrap();
    for step in rests(&mut v) {
        step["rules"] = json!(fray_app::campaign::aftermath::RULES);
    }
    let error = refused(&v);
    assert!(error.contains("First aid by Dessa on Brina (Heal 2)"), "{error}");
}

#[test]
fn a_rest_names_its_edition_and_one_from_a_later_build_is_refused() {
    let script = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("corpus/sessions-before-editions/sovereign-first-aid.fray"),
    )
    .unwrap();
    let mut v: Value = serde_json::from_str(&play("first-aid-today", &script).to_json()).unwrap();
    let today = fray_app::campaign::aftermath::RULES;
    assert!(rests(&mut v).all(|s| s["rules"] == json!(today)));
    // Written by the builds of edition 1, which kept no edition: the patient named, none
    // written. Such a rest is taken again under edition 0, then 1, and replays.
    let mut none = v.clone();
    for step in rests(&mut none) {
        step.as_object_mut().unwrap().remove("rules");
    }
    from_json(&none.to_string()).unwrap().replay().unwrap();
    // A rest from a build newer than this one is refused by name.
    let mut later = v.clone();
    rests(&mut later).next().unwrap()["rules"] = json!(today + 1);
    let error = refused(&later);
    assert!(
        error.contains(&format!("rules edition {} between fights is newer", today + 1)),
        "{error}"
    );
}
