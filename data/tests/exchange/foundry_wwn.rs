//! Worlds Without Number's Foundry monsters (`tests/corpus/bestiaries/wwn-foundry-ose-monsters.db`,
//! a pack of 147 actors, one a line) read as Sovereign stat blocks, each scored against
//! values worked out here from the actor's own JSON fields (not through Fray's reader): right
//! (every field Sovereign has holds the source's value, and what it has no place for is listed
//! as not read), reported (a value Sovereign's field cannot hold, listed as not read by the
//! creature's name) or silently wrong. Then the whole file is imported into a fresh database.

use crate::db;
use crate::foreign::bestiary;
use crate::score::Tally;
use fray_app::dice::Dice;
use fray_data::exchange::{self, Format, OnClash, PastedBlock, read_foreign, sniff};
use serde_json::{Value, json};

const FILE: &str = "wwn-foundry-ose-monsters.db";

/// What one actor should become, and the lines the import must list as not read.
struct Expected {
    stats: Value,
    attacks: Vec<Value>,
    /// Values a Sovereign field cannot hold (less than one hit die, hit dice that vary, a blank
    /// AC): each must be listed.
    reported: Vec<String>,
    /// What Sovereign has no field for (a weapon's own bonus, its uses a round, a save, the
    /// Instinct): each must be listed.
    listed: Vec<String>,
}

fn num(v: &Value) -> Option<i64> {
    v.as_i64().or_else(|| v.as_str().and_then(|s| s.trim().parse().ok()))
}

/// Dice as Fray writes them, `damage` plus `bonus`.
fn dice_plus(damage: &str, bonus: i64) -> String {
    let text = if bonus == 0 { damage.to_owned() } else { format!("{damage}{bonus:+}") };
    Dice::parse(&text).unwrap().to_string()
}

/// The actor's Sovereign stat block, worked out from its JSON.
fn expected(actor: &Value) -> Expected {
    let s = &actor["system"];
    let mut e =
        Expected { stats: json!({}), attacks: Vec::new(), reported: vec![], listed: vec![] };
    let hd = s["hp"]["hd"].as_str().unwrap();
    // "4d8", "3d8+1", "1": the count; "1d4": less than one; "(1d6+2)d8": it varies.
    let dice =
        hd.split_once('d').map(|(n, sides)| (n.parse::<i64>(), sides.split(['+', '-']).next()));
    match (hd.parse::<i64>(), dice) {
        (Ok(count), _) => e.stats["hd"] = json!(count),
        (_, Some((Ok(1), Some("4" | "6")))) => e.reported.push("HD ½".into()),
        (_, Some((Ok(count), _))) => e.stats["hd"] = json!(count),
        _ => e.reported.push("HD not a number".into()),
    }
    match s["aac"]["value"].as_i64().unwrap() {
        0 => {
            e.reported.push("AC not given".into());
            e.stats["ac"] = json!(10);
        }
        ac => e.stats["ac"] = json!(ac),
    }
    e.stats["atk"] = s["thac0"]["bba"].clone();
    let movement = s["movement"]["base"].as_str().unwrap();
    let feet: String = movement.chars().take_while(char::is_ascii_digit).collect();
    e.stats["move"] = json!(feet.parse::<i64>().unwrap());
    e.stats["morale"] = s["details"]["morale"].clone();
    e.stats["skill"] = s["details"]["skill"].clone();
    if let Some(save) = num(&s["saves"]["evasion"]["value"]) {
        e.stats["save"] = json!(save);
    }
    e.listed.push(format!("Instinct {}", s["details"]["instinct"]));
    let bonus = num(&s["damageBonus"]).unwrap_or(0);
    let weapons = actor["items"].as_array().unwrap().iter().filter(|i| i["type"] == "weapon");
    for w in weapons {
        weapon(&mut e, w, bonus);
    }
    e
}

/// A weapon's attacks (in hand with its Shock, thrown or shot with its range).
fn weapon(e: &mut Expected, w: &Value, bonus: i64) {
    let d = &w["system"];
    let full = w["name"].as_str().unwrap();
    let name = full.split('(').next().unwrap().trim();
    let damage = d["damage"].as_str().unwrap();
    // No damage (a touch that paralyses): an attack of 0, said so.
    let harmless = damage.is_empty() || damage == "0";
    let tags: Vec<&str> =
        d["tags"].as_array().unwrap().iter().map(|t| t["value"].as_str().unwrap()).collect();
    let mut traits: Vec<&str> =
        full.split_once('(').map(|(_, r)| r.trim_end_matches(')')).into_iter().collect();
    if harmless {
        traits.push("no damage");
    }
    traits.extend(tags.iter().filter(|t| !["2H", "T"].contains(t)));
    let dmg = if harmless { "0".to_owned() } else { dice_plus(damage, bonus) };
    let mut attack = json!({"name": name, "dmg": dmg});
    if tags.contains(&"2H") {
        attack["hands"] = json!(2);
    }
    if !traits.is_empty() {
        attack["traits"] = json!(traits);
    }
    let short = d["range"]["short"].as_i64().unwrap();
    let melee = d["melee"].as_bool().unwrap();
    if melee || short == 0 {
        let mut in_hand = attack.clone();
        if let Some(points) = num(&d["shock"]["damage"]).filter(|n| *n > 0) {
            in_hand["shock"] = json!({"dmg": points + bonus});
            if let Some(ac) = num(&d["shock"]["ac"]).filter(|n| *n > 0) {
                in_hand["shock"]["max_ac"] = json!(ac);
            }
        }
        e.attacks.push(in_hand);
    }
    if short > 0 {
        let mut shot = attack;
        shot["range"] = json!(short);
        shot["long_range"] = d["range"]["long"].clone();
        if melee || tags.contains(&"T") {
            shot["thrown"] = json!(true);
        }
        e.attacks.push(shot);
    }
    let own = d["bonus"].as_i64().unwrap();
    if own != 0 {
        e.listed.push(format!("{name}: {own:+} to hit"));
    }
    let uses = d["counter"]["max"].as_i64().unwrap();
    if uses > 1 {
        e.listed.push(format!("{name}: {uses} a round"));
    }
    if let Some(save) = d["save"].as_str().filter(|s| !s.is_empty()) {
        e.listed.push(format!("{name}: a {save} save"));
    }
}

/// What Fray read: its stats and attacks as the block holds them.
fn stored(b: &PastedBlock) -> (Value, Vec<Value>, i64) {
    let block = &b.entry.block;
    let mut stats = block["stats"].clone();
    if let Some(map) = stats.as_object_mut() {
        map.retain(|_, v| !v.is_null());
    }
    let attacks = block["attacks"].as_array().cloned().unwrap_or_default();
    let hp = block["tracks"]["hp"].as_i64().or(block["tracks"]["hp"]["max"].as_i64()).unwrap();
    (stats, attacks, hp)
}

#[test]
fn worlds_without_numbers_foundry_monsters_come_in_as_sovereign_stat_blocks() {
    let text = bestiary(FILE);
    assert_eq!(sniff(&text), Format::Foundry);
    let got = read_foreign(FILE, &text, crate::sys("sovereign")).unwrap();
    let actors: Vec<Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(actors.len(), 147);
    assert!(got.left_out.is_empty(), "{:?}", got.left_out);
    let mut tally = Tally::new(FILE);
    for actor in &actors {
        let name = actor["name"].as_str().unwrap();
        let b = got.blocks.iter().find(|b| b.entry.name == name).unwrap();
        let e = expected(actor);
        let (stats, attacks, hp) = stored(b);
        let hp_source = actor["system"]["hp"]["max"].as_i64().unwrap();
        let unlisted: Vec<&String> =
            e.reported.iter().chain(&e.listed).filter(|l| !b.unread.contains(l)).collect();
        let mut wrong = Vec::new();
        if stats != e.stats || attacks != e.attacks || hp != hp_source || !unlisted.is_empty() {
            wrong.push(format!(
                "read {stats} {attacks:?} HP {hp}, expected {} {:?} HP {hp_source}; not listed \
                 {unlisted:?} (listed {:?})",
                e.stats, e.attacks, b.unread
            ));
        }
        tally.count(name, &e.reported, &wrong);
    }
    let (_, total) = tally.finish("Foundry compendium pack");
    assert_eq!(total, 147);
    // The whole pack into a fresh database: every actor an entry.
    let (_dir, db) = db();
    let clashes = exchange::clashes(&db, &got.blocks).unwrap();
    let file = exchange::pasted_file(&got.blocks, &clashes, |_| OnClash::KeepBoth);
    assert_eq!(exchange::apply(&db, FILE, &file).unwrap().added, 147);
}

/// An actor of a game system Fray does not read is left out by its name.
#[test]
fn an_actor_of_an_unknown_system_is_left_out_by_name() {
    fray_app::systems::registry();
    let pack = "{\"name\":\"Owlbear\",\"type\":\"npc\",\"system\":{\"mana\":3}}\n";
    let err = read_foreign("x.db", pack, crate::sys("sovereign")).unwrap_err();
    let text = err.to_string();
    assert!(text.contains("creature 1") && text.contains("'Owlbear'"), "{text}");
}
