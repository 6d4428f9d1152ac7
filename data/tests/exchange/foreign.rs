//! Other tools' real bestiary files (`tests/corpus/bestiaries/`): Improved Initiative's bundled
//! SRD creatures and the 5e-API's SRD monsters, read as Sovereign stat blocks and checked
//! creature by creature against values worked out here from each creature's own JSON (not
//! through Fray's reader): HP, AC, the first speed, the hit dice's count, one attack per action
//! whose text or fields give a hit's dice, and the first attack's bonus. A creature whose value
//! Sovereign cannot hold is left out naming that field. Then the import writes what the
//! preview said, and Improved Initiative's file written by Fray comes back whole.

use crate::db;
use crate::score::Tally;
use fray_app::dice::Dice;
use fray_data::exchange::{self, Format, OnClash, PastedBlock, read_foreign, sniff};
use serde_json::Value;
use std::path::PathBuf;

/// A file of `tests/corpus/bestiaries/`.
pub(crate) fn bestiary(name: &str) -> String {
    // The registry, as the program builds it at its start.
    fray_app::systems::registry();
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/corpus/bestiaries").join(name);
    std::fs::read_to_string(path).unwrap()
}

/// What a Sovereign entry should hold, worked out from the source alone.
#[derive(Debug, PartialEq)]
pub(crate) struct Expected {
    pub(crate) hp: i64,
    pub(crate) ac: i64,
    pub(crate) hd: Option<i64>,
    pub(crate) speed: Option<i64>,
    pub(crate) atk: Option<i64>,
    /// Each attack's name, damage, range and long range in feet (a ranged one's), and reach
    /// in feet (a melee one's, past the 5 ft every melee attack has).
    pub(crate) attacks: Vec<Attack>,
    /// The attacks whose hit deals dice that are not their damage (a damage on a failed save),
    /// each listed as not read.
    pub(crate) riders: Vec<String>,
}

/// A range and long range in feet.
pub(crate) type Range = (i64, Option<i64>);

/// An attack: its name, damage, range (a ranged one's) and reach past 5 ft (a melee one's).
pub(crate) type Attack = (String, String, Option<Range>, Option<i64>);

/// The attacks an action whose hit's first damage is `first` makes, worked out from its text:
/// each second damage every hit deals ("plus 4 (1d8) acid damage", not one "on a failed
/// save") added to it; a ranged attack ("Ranged Weapon Attack: ... range 80/320 ft.") with its
/// range, a melee one without but with its reach past 5 ft, and "Melee or Ranged" both.
pub(crate) fn attacks_of(name: &str, text: &str, first: &str) -> Vec<Attack> {
    let name = plain_name(name);
    let Some(at) = text.find("Attack:") else {
        return vec![(name, first.to_owned(), None, None)];
    };
    let mut dice = vec![first.to_owned()];
    dice.extend(plus_dice(text));
    let dmg = Dice::parse(&dice.join("+")).unwrap().to_string();
    let head = &text[..at];
    let hit = text.find("Hit:").unwrap();
    // "range 80/320 ft.", or "ranged 150/600 ft." as Improved Initiative's Scout misprints it.
    let range = text[..hit].find(" range").map(|r| {
        let after = text[r + 6..].trim_start_matches('d').trim_start();
        let spec: String = after.chars().take_while(|c| c.is_ascii_digit() || *c == '/').collect();
        let mut parts = spec.split('/').map(|p| p.parse::<i64>().unwrap());
        (parts.next().unwrap(), parts.next())
    });
    let reach = feet_after(&text[..hit], " reach ").filter(|r| *r > 5);
    let mut out = Vec::new();
    if head.contains("Melee") || !head.contains("Ranged") {
        out.push((name.clone(), dmg.clone(), None, reach));
    }
    if head.contains("Ranged") {
        out.push((name, dmg, range, None));
    }
    out
}

/// The feet after `label` ("reach 10 ft." is 10).
pub(crate) fn feet_after(text: &str, label: &str) -> Option<i64> {
    let at = text.find(label)? + label.len();
    number_in(&text[at..].chars().take_while(char::is_ascii_digit).collect::<String>())
}

/// The attacks of an action ([`attacks_of`]), and its name among the riders when its hit deals
/// other dice.
fn add(attacks: &mut Vec<Attack>, riders: &mut Vec<String>, name: &str, text: &str, first: &str) {
    attacks.extend(attacks_of(name, text, first));
    if other_dice(text) {
        riders.push(plain_name(name));
    }
}

/// The dice of each "plus N (XdY) ... damage" of a hit's first sentence that no condition
/// follows ("on a failed save", "if ...").
pub(crate) fn plus_dice(text: &str) -> Vec<String> {
    let Some(hit) = text.find("Hit:") else { return Vec::new() };
    let sentence = text[hit + 4..].split(". ").next().unwrap();
    let mut out = Vec::new();
    for part in sentence.split("plus ").skip(1) {
        let (Some(open), Some(close)) = (part.find('('), part.find(')')) else { continue };
        if part[..open].trim().parse::<i64>().is_err() {
            continue;
        }
        let Some(damage) = part[close..].find("damage") else { continue };
        let next = part[close + damage + 6..].trim_start();
        let conditional = ["on ", "if ", "when ", "while ", "unless ", "against ", "to "];
        if !conditional.iter().any(|w| next.starts_with(w)) {
            out.push(Dice::parse(&part[open + 1..close]).unwrap().to_string());
        }
    }
    out
}

/// Whether a hit deals dice that are not its damage: a damage on a failed save, another grip's,
/// one that comes later. Such a hit is listed as not read ("Bite, on a hit: ...").
pub(crate) fn other_dice(text: &str) -> bool {
    let Some(hit) = text.find("Hit:") else { return false };
    // "Hit: 5 (1d6 + 2) ...": the first dice are the damage; "Hit: 1 piercing damage" has none.
    let words: Vec<&str> = text[hit + 4..].split_whitespace().take(2).collect();
    let first = words.len() == 2 && words[0].parse::<i64>().is_ok() && dice_in(words[1]) == 1;
    dice_in(&text[hit..]) > usize::from(first) + plus_dice(text).len()
}

/// How many dice in parentheses `text` holds ("(1d8)", not "(escape DC 13)").
fn dice_in(text: &str) -> usize {
    text.split('(')
        .skip(1)
        .filter(|after| {
            let inside = after.split(')').next().unwrap();
            inside.contains('d') && Dice::parse(inside).is_ok()
        })
        .count()
}

/// The dice a hit's words print when they roll the average printed before them ("Hit: 11
/// (2d6 + 4)"): what the book says, whatever a file's own fields hold (Open5e's Tome of Beasts
/// gives "2d6" there, Fantasy Statblocks' Giant Hyena "1d6" for "10 (2d6 + 3)").
pub(crate) fn printed_dice(text: &str) -> Option<String> {
    let after = text[text.find("Hit:")? + 4..].trim_start();
    let (average, rest) = after.split_once(' ')?;
    let dice = Dice::parse(rest.strip_prefix('(')?.split(')').next()?).ok()?;
    (mean(&dice) == average.parse::<i64>().ok()?).then(|| dice.to_string())
}

/// The floor of a sum's mean, as a stat block prints it.
pub(crate) fn mean(dice: &Dice) -> i64 {
    #[allow(clippy::cast_possible_truncation)]
    let floor = (dice.average() + 1e-6).floor() as i64;
    floor
}

/// The digits after the first "+" or "-" before " to hit".
fn to_hit(text: &str) -> Option<i64> {
    let at = text.find(" to hit")?;
    text[..at].rsplit(' ').next()?.parse().ok()
}

/// The dice after "Hit:" as Fray writes dice: those in the parentheses after the average
/// ("Hit: 5 (1d6 + 2)"), or the number alone when no parentheses follow it ("Hit: 1 piercing").
fn hit_dice(text: &str) -> Option<String> {
    if !text.contains("Attack:") {
        return None;
    }
    let words: Vec<&str> = text[text.find("Hit:")? + 4..].split_whitespace().collect();
    let average = words.first()?;
    average.parse::<i64>().ok()?;
    if words.get(1).is_some_and(|w| w.starts_with('(')) {
        let joined = words[1..].join(" ");
        let inside = &joined[1..joined.find(')')?];
        // "6 (1 d6 + 3)", as Improved Initiative's Satyr misprints it: the dice without the
        // spaces, when they roll the average printed.
        let dice = Dice::parse(&inside.replace(' ', "")).ok()?;
        // The mean as a float may fall a hair short of a whole number.
        let mean = (dice.distribution().mean() + 1e-6).floor();
        return (mean == average.parse::<f64>().ok()?).then(|| dice.to_string());
    }
    Some((*average).to_owned())
}

pub(crate) fn number_in(text: &str) -> Option<i64> {
    let digits: String =
        text.chars().skip_while(|c| !c.is_ascii_digit()).take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

pub(crate) fn plain_name(name: &str) -> String {
    name.split('(').next().unwrap().trim().to_owned()
}

/// Improved Initiative's stat block, worked out.
fn from_improved_initiative(c: &Value) -> Expected {
    let mut atk = None;
    let mut attacks = Vec::new();
    let mut riders = Vec::new();
    for a in c["Actions"].as_array().unwrap() {
        let content = a["Content"].as_str().unwrap();
        if let Some(dice) = hit_dice(content) {
            atk = atk.or(to_hit(content));
            add(&mut attacks, &mut riders, a["Name"].as_str().unwrap(), content, &dice);
        }
    }
    let notes = c["HP"]["Notes"].as_str().unwrap_or("");
    Expected {
        hp: c["HP"]["Value"].as_i64().unwrap(),
        ac: c["AC"]["Value"].as_i64().unwrap(),
        hd: notes.split_once('d').and_then(|(n, _)| n.trim_start_matches('(').parse().ok()),
        speed: c["Speed"].as_array().unwrap().first().and_then(|s| number_in(s.as_str().unwrap())),
        atk,
        attacks,
        riders,
    }
}

/// A 5e-API monster, worked out from its fields.
pub(crate) fn from_srd_api(m: &Value) -> Expected {
    let mut atk = None;
    let mut attacks = Vec::new();
    let mut riders = Vec::new();
    for a in m["actions"].as_array().into_iter().flatten() {
        let dice = a["damage"].get(0).and_then(|d| d["damage_dice"].as_str());
        let (name, desc) = (a["name"].as_str().unwrap(), a["desc"].as_str().unwrap_or(""));
        if let (Some(bonus), Some(dice)) = (a["attack_bonus"].as_i64(), dice) {
            atk = atk.or(Some(bonus));
            let dice = printed_dice(desc).unwrap_or_else(|| Dice::parse(dice).unwrap().to_string());
            add(&mut attacks, &mut riders, name, desc, &dice);
        } else if let Some(dice) = hit_dice(desc) {
            atk = atk.or(to_hit(desc));
            add(&mut attacks, &mut riders, name, desc, &dice);
        }
    }
    Expected {
        hp: m["hit_points"].as_i64().unwrap(),
        ac: m["armor_class"][0]["value"].as_i64().unwrap(),
        hd: m["hit_dice"]
            .as_str()
            .and_then(|d| d.split_once('d'))
            .and_then(|(n, _)| n.parse().ok()),
        speed: m["speed"]["walk"].as_str().and_then(number_in),
        atk,
        attacks,
        riders,
    }
}

/// A Fantasy Statblocks creature (the plugin's own SRD bestiary), worked out from its fields:
/// an action is an attack when its text is one; its dice are `damage_dice` plus
/// `damage_bonus`, or the text's when it has none.
fn from_fantasy_statblocks(m: &Value) -> Expected {
    let mut atk = None;
    let mut attacks = Vec::new();
    let mut riders = Vec::new();
    for a in m["actions"].as_array().into_iter().flatten() {
        let desc = a["desc"].as_str().unwrap_or("");
        let name = plain_name(a["name"].as_str().unwrap());
        let structured = a["damage_dice"].as_str().and_then(|d| {
            let plus = a["damage_bonus"].as_i64().unwrap_or(0);
            let text = if plus == 0 { d.to_owned() } else { format!("{d}{plus:+}") };
            Dice::parse(&text).ok()
        });
        match (desc.contains("Attack:"), a["attack_bonus"].as_i64(), structured) {
            (true, Some(bonus), Some(dice)) => {
                atk = atk.or(Some(bonus));
                let dice = printed_dice(desc).unwrap_or_else(|| dice.to_string());
                add(&mut attacks, &mut riders, &name, desc, &dice);
            }
            _ => {
                if let Some(dice) = hit_dice(desc) {
                    atk = atk.or(to_hit(desc));
                    add(&mut attacks, &mut riders, &name, desc, &dice);
                }
            }
        }
    }
    let hd = m["hit_dice"]
        .as_str()
        .and_then(|d| d.split_once('d'))
        .and_then(|(n, _)| n.trim().parse().ok());
    Expected {
        hp: m["hp"].as_i64().unwrap(),
        ac: m["ac"].as_i64().unwrap(),
        hd,
        speed: m["speed"].as_str().and_then(number_in),
        atk,
        attacks,
        riders,
    }
}

/// What Fray read into a Sovereign block.
pub(crate) fn read(b: &PastedBlock) -> Expected {
    let block = &b.entry.block;
    Expected {
        // A track is its top, or a record holding it.
        hp: block["tracks"]["hp"].as_i64().or(block["tracks"]["hp"]["max"].as_i64()).unwrap(),
        ac: block["stats"]["ac"].as_i64().unwrap(),
        hd: block["stats"]["hd"].as_i64(),
        speed: block["stats"]["move"].as_i64(),
        atk: block["stats"]["atk"].as_i64(),
        attacks: block["attacks"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|a| {
                let range = a["range"].as_i64().map(|r| (r, a["long_range"].as_i64()));
                // "reach 10 ft": a word of the attack's, Sovereign having no field for it.
                let reach = a["traits"].as_array().into_iter().flatten().find_map(|t| {
                    t.as_str()?.strip_prefix("reach ")?.strip_suffix(" ft")?.parse().ok()
                });
                (
                    a["name"].as_str().unwrap().to_owned(),
                    a["dmg"].as_str().unwrap().to_owned(),
                    range,
                    reach,
                )
            })
            .collect(),
        riders: b
            .unread
            .iter()
            .filter_map(|u| u.split_once(", on a hit: "))
            .filter(|(_, rest)| dice_in(rest) > 0)
            .map(|(name, _)| name.to_owned())
            .collect(),
    }
}

/// Scores every creature of a source ([`Tally`]): those within Sovereign's ranges against
/// the values worked out from the source, the others left out naming the field. Returns
/// (right, total).
pub(crate) fn check_source(
    file: &'static str,
    format: &str,
    creatures: &[Value],
    name_key: &str,
    expect: fn(&Value) -> Expected,
) -> (usize, usize) {
    let same_name = |c: &Value, b: &PastedBlock| c[name_key] == b.entry.name.as_str();
    check_source_by(file, format, creatures, name_key, &same_name, expect)
}

/// [`check_source`], each creature's entry the one `made_of` says was read from it (a file
/// with two creatures of one name).
pub(crate) fn check_source_by(
    file: &'static str,
    format: &str,
    creatures: &[Value],
    name_key: &str,
    made_of: &dyn Fn(&Value, &PastedBlock) -> bool,
    expect: fn(&Value) -> Expected,
) -> (usize, usize) {
    let text = bestiary(file);
    let got = read_foreign(file, &text, crate::sys("sovereign")).unwrap();
    let mut tally = Tally::new(file);
    let mut score = Score::default();
    for c in creatures {
        let name = c[name_key].as_str().unwrap();
        let e = expect(c);
        if e.hp > 500 {
            let problem = got
                .left_out
                .iter()
                .find(|p| p.entry.as_deref().is_some_and(|at| at.ends_with(&format!("({name})"))))
                .unwrap_or_else(|| panic!("{name} with {} HP is not listed as left out", e.hp));
            assert_eq!(problem.field.as_deref(), Some("field 'HP'"), "{problem}");
            tally.left_out(name, "HP past 500");
            continue;
        }
        let Some(b) = got.blocks.iter().find(|b| made_of(c, b)) else {
            tally.missing(name);
            continue;
        };
        let r = read(b);
        if r == e {
            score.ranged += e.attacks.iter().filter(|a| a.2.is_some()).count();
            score.added += action_texts(c).iter().map(|t| plus_dice(t).len()).sum::<usize>();
            score.riders += e.riders.len();
        }
        tally.judge(name, &r, &e, b, &|_| false);
    }
    eprintln!(
        "{file}: {} ranged attacks with their range, {} second damages added, {} hits with \
         other dice listed as not read",
        score.ranged, score.added, score.riders
    );
    tally.finish(format)
}

/// What the creatures read right hold of what this reader once lost.
#[derive(Default)]
struct Score {
    ranged: usize,
    added: usize,
    riders: usize,
}

/// The text of each action of a creature, whichever tool's keys it has.
fn action_texts(c: &Value) -> Vec<&str> {
    let actions = c.get("Actions").or(c.get("actions")).and_then(Value::as_array);
    actions
        .into_iter()
        .flatten()
        .filter_map(|a| a.get("Content").or(a.get("desc")).and_then(Value::as_str))
        .collect()
}

#[test]
fn improved_initiatives_bundled_srd_creatures_come_in_as_sovereign_stat_blocks() {
    let text = bestiary("improved-initiative-ogl-creatures.json");
    assert_eq!(sniff(&text), Format::ImprovedInitiative);
    let all: Vec<Value> = serde_json::from_str(&text).unwrap();
    let (right, total) = check_source(
        "improved-initiative-ogl-creatures.json",
        "Improved Initiative JSON",
        &all,
        "Name",
        from_improved_initiative,
    );
    // 317 creatures; the three over 500 HP are left out, named.
    assert_eq!(total, 317);
    assert!(right * 100 >= total * 95, "{right} of {total} right");
    let got =
        read_foreign("improved-initiative-ogl-creatures.json", &text, crate::sys("sovereign"))
            .unwrap();
    assert_eq!(got.left_out.len(), 3, "{:?}", got.left_out);
    assert_eq!(
        got.left_out[0].to_string(),
        "improved-initiative-ogl-creatures.json, creature 19 (Ancient Gold Dragon), field 'HP': \
         'HP 546': must be between 1 and 500, not 546"
    );
    // Nothing of a creature is lost: what no field takes is in its notes.
    let aboleth = &got.blocks.iter().find(|b| b.entry.name == "Aboleth").unwrap().entry;
    let notes = aboleth.block["notes"].as_str().unwrap();
    for kept in [
        "Amphibious: The aboleth can breathe",
        "Multiattack: The aboleth makes three",
        "STR 21, DEX 9",
        "Challenge 10",
        "Languages: Deep Speech",
    ] {
        assert!(notes.contains(kept), "{kept} not in {notes}");
    }
    assert_eq!(aboleth.tags, ["large aberration", "lawful evil"]);
    // "Shortbow: Ranged Weapon Attack: +4 to hit, range 80/320 ft.": it shoots.
    let goblin = &got.blocks.iter().find(|b| b.entry.name == "Goblin").unwrap().entry;
    assert_eq!(
        goblin.block["attacks"][1],
        serde_json::json!({"name": "Shortbow", "dmg": "d6+2", "traits": ["piercing"],
                           "range": 80, "long_range": 320})
    );
    // "17 (2d10 + 6) piercing damage plus 4 (1d8) acid damage": both on every hit.
    let dragon = &got.blocks.iter().find(|b| b.entry.name == "Adult Black Dragon").unwrap();
    assert_eq!(dragon.entry.block["attacks"][0]["dmg"], "2d10+6+d8");
    assert_eq!(
        dragon.entry.block["attacks"][0]["traits"],
        serde_json::json!(["piercing", "acid", "reach 10 ft"])
    );
}

#[test]
fn the_5e_apis_srd_monsters_come_in_as_sovereign_stat_blocks() {
    let text = bestiary("5e-api-srd-2014-monsters.json");
    assert_eq!(sniff(&text), Format::SrdApi);
    let all: Vec<Value> = serde_json::from_str(&text).unwrap();
    let (right, total) =
        check_source("5e-api-srd-2014-monsters.json", "5e-API JSON", &all, "name", from_srd_api);
    assert_eq!(total, 334);
    assert!(right * 100 >= total * 95, "{right} of {total} right");
}

#[test]
fn a_bestiary_import_writes_what_its_dry_run_says() {
    let text = bestiary("improved-initiative-ogl-creatures.json");
    let got = read_foreign("ii.json", &text, crate::sys("sovereign")).unwrap();
    let (_dir, db) = db();
    let clashes = exchange::clashes(&db, &got.blocks).unwrap();
    let file = exchange::pasted_file(&got.blocks, &clashes, |_| OnClash::Skip);
    let dry = exchange::dry_run(&db, "ii.json", &file).unwrap();
    let done = exchange::apply(&db, "ii.json", &file).unwrap();
    assert_eq!((dry.added, dry.changed), (done.added, done.changed));
    assert!(done.added >= 300, "{done:?}");
    // The same file again changes nothing: each entry keeps the uid it came in with.
    let again =
        exchange::pasted_file(&got.blocks, &exchange::clashes(&db, &got.blocks).unwrap(), |_| {
            OnClash::Skip
        });
    let preview = exchange::preview(&db, &again).unwrap();
    assert_eq!(preview.count(exchange::Status::Same), again.creatures.len());
}

/// Every registered procedure's id, in menu order: a round trip holds for each one's bundled
/// library, so a procedure added is tested without a list here to extend.
fn every_procedure() -> Vec<&'static str> {
    fray_app::systems::registry().all().iter().map(|s| s.id().as_str()).collect()
}

#[test]
fn a_library_sent_through_improved_initiative_comes_back_whole() {
    let (_dir, db) = db();
    for system in every_procedure() {
        let lib = exchange::export(&db, &exchange::Selection::System(crate::sys(system))).unwrap();
        assert!(!lib.creatures.is_empty(), "{system} has bundled creatures");
        let out = exchange::improved_initiative_file(&lib.creatures).unwrap();
        let text = serde_json::to_string_pretty(&out).unwrap();
        assert_eq!(sniff(&text), Format::ImprovedInitiative);
        // The tool's own readers see a bow shoot: "Ranged Weapon Attack: ... range 80/320 ft.".
        let shoots = lib.creatures.iter().flat_map(|c| c.block["attacks"].as_array()).flatten();
        for a in shoots.filter(|a| a["range"].is_u64()) {
            let range = match a["long_range"].as_u64() {
                Some(long) => format!("range {}/{long} ft., one target", a["range"]),
                None => format!("range {} ft., one target", a["range"]),
            };
            assert!(text.contains("Ranged Weapon Attack: ") && text.contains(&range));
        }
        let back = read_foreign("fray-out.json", &text, crate::sys(system)).unwrap();
        assert!(back.left_out.is_empty(), "{system}: {:?}", back.left_out);
        assert_eq!(back.blocks.len(), lib.creatures.len());
        for (before, after) in lib.creatures.iter().zip(&back.blocks) {
            assert_eq!(after.entry.name, before.name);
            assert_eq!(after.entry.tags, before.tags, "{system} {}", before.name);
            assert!(
                after.unread.is_empty(),
                "{system} {}: not read {:?}",
                before.name,
                after.unread
            );
            assert_eq!(
                shared(system, &after.entry.block),
                shared(system, &before.block),
                "{system} {}",
                before.name
            );
        }
    }
}

/// The fields Improved Initiative has a place for (or Fray's trait in it carries): every one
/// but single-line text, choices and words; an attack's name, damage, numbers (range, Shock),
/// flags and tags.
fn shared(system: &str, block: &Value) -> Vec<(String, String)> {
    use fray_app::system::schema::{self, Kind};
    let schema = fray_app::systems::registry().get(system).unwrap().block_schema();
    let mut out = Vec::new();
    let mut lists = 0;
    for f in schema.fields_for(false) {
        let v = schema::get(block, f.key);
        match f.kind {
            // The attacks: the first list (d12's spells, the second, do not travel).
            Kind::List { item, .. } if lists == 0 => {
                lists += 1;
                for (i, a) in v.and_then(Value::as_array).into_iter().flatten().enumerate() {
                    // Its numbers too: a range and long range, a Shock, a speed.
                    let carried = |g: &&fray_app::system::schema::Field| {
                        g.required
                            || matches!(
                                g.kind,
                                Kind::Flag | Kind::Words | Kind::Choice(_) | Kind::Whole { .. }
                            )
                    };
                    for g in item.iter().filter(carried) {
                        let shown = g.kind.show(schema::get(a, g.key));
                        let shown = if matches!(g.kind, Kind::Dice) { dice(&shown) } else { shown };
                        out.push((format!("{}[{i}].{}", f.key, g.key), shown));
                    }
                }
            }
            // Dice as Fray writes them: "1d6" and "d6" are the same dice.
            Kind::Dice => out.push((f.key.to_owned(), dice(&f.kind.show(v)))),
            Kind::Whole { .. } | Kind::Track { .. } | Kind::Text { multiline: true } => {
                out.push((f.key.to_owned(), f.kind.show(v)));
            }
            Kind::Flag => out.push((f.key.to_owned(), f.kind.show(v).replace("no", ""))),
            _ => {}
        }
    }
    out
}

fn dice(text: &str) -> String {
    Dice::parse(text).map_or_else(|_| text.to_owned(), |d| d.to_string())
}

#[test]
fn fantasy_statblocks_notes_come_in_as_sovereign_stat_blocks() {
    let text = bestiary("fantasy-statblocks-srd-notes.md");
    assert_eq!(sniff(&text), Format::FantasyStatblocks);
    // The same creatures, as the plugin holds them: each fence's YAML.
    let all: Vec<Value> = text
        .split("```statblock\n")
        .skip(1)
        .map(|part| serde_norway::from_str(part.split("\n```").next().unwrap()).unwrap())
        .collect();
    let (right, total) = check_source(
        "fantasy-statblocks-srd-notes.md",
        "Fantasy Statblocks notes",
        &all,
        "name",
        from_fantasy_statblocks,
    );
    assert_eq!(total, 325);
    assert!(right * 100 >= total * 95, "{right} of {total} right");
}

#[test]
fn a_fence_naming_the_plugins_own_creature_is_left_out_said_so() {
    fray_app::systems::registry();
    let note = "# Goblins\n\n```statblock\nmonster: Goblin\n```\n\n```statblock\nname: Boss\nhp: 21\nac: 17\n```\n";
    let got = read_foreign("goblins.md", note, crate::sys("sovereign")).unwrap();
    assert_eq!(got.blocks.len(), 1);
    assert_eq!(
        got.left_out[0].to_string(),
        "goblins.md, creature 1: only names the plugin's own 'Goblin' (its stats are in the \
         plugin, not the file)"
    );
}

#[test]
fn a_library_sent_through_fantasy_statblocks_comes_back_whole() {
    let (_dir, db) = db();
    for system in every_procedure() {
        let lib = exchange::export(&db, &exchange::Selection::System(crate::sys(system))).unwrap();
        let note = exchange::fantasy_statblocks_note(&lib.creatures).unwrap();
        assert_eq!(sniff(&note), Format::FantasyStatblocks);
        let back = read_foreign("fray-out.md", &note, crate::sys(system)).unwrap();
        assert!(back.left_out.is_empty(), "{system}: {:?}", back.left_out);
        assert_eq!(back.blocks.len(), lib.creatures.len());
        for (before, after) in lib.creatures.iter().zip(&back.blocks) {
            assert_eq!(after.entry.name, before.name);
            assert_eq!(after.entry.tags, before.tags, "{system} {}", before.name);
            assert!(after.unread.is_empty(), "{system} {}: {:?}", before.name, after.unread);
            assert_eq!(
                shared(system, &after.entry.block),
                shared(system, &before.block),
                "{system} {}",
                before.name
            );
        }
    }
}

/// Names and notes that would break a fence or a heading travel as text.
#[test]
fn a_name_or_notes_with_fences_stay_text_in_the_note() {
    let (_dir, db) = db();
    let mut lib =
        exchange::export(&db, &exchange::Selection::System(crate::sys("sovereign"))).unwrap();
    let c = &mut lib.creatures[0];
    c.name = "# Grim ```statblock <b>x</b>".into();
    c.block["notes"] = Value::String("line one\n```\nname: Evil\nhp: 1\n```\nend".into());
    let note = exchange::fantasy_statblocks_note(&lib.creatures[..1]).unwrap();
    let back = read_foreign("x.md", &note, crate::sys("sovereign")).unwrap();
    assert_eq!(back.blocks.len(), 1, "{note}");
    assert_eq!(back.blocks[0].entry.name, lib.creatures[0].name);
    assert_eq!(back.blocks[0].entry.block["notes"], lib.creatures[0].block["notes"]);
    assert!(note.contains("## \\# Grim"), "{note}");
}

/// Notes holding HTML, a link or an entity are written so that no Markdown renderer makes an
/// element of them, even one that knows no fences (python-markdown without extensions), and
/// come back word for word.
#[test]
fn notes_with_script_stay_inert_in_any_renderer_and_come_back() {
    let (_dir, db) = db();
    let mut lib =
        exchange::export(&db, &exchange::Selection::System(crate::sys("sovereign"))).unwrap();
    let payloads = [
        "<img src=x onerror=alert(1)>",
        "<script>alert(1)</script>",
        "[click](javascript:alert(1)) &lt;b&gt; ```",
        "\"quoted\" \\ back\nnext line",
    ];
    for payload in payloads {
        let c = &mut lib.creatures[0];
        c.block["notes"] = Value::String(format!("before {payload} after"));
        let note = exchange::fantasy_statblocks_note(&lib.creatures[..1]).unwrap();
        let fence = note.split("```statblock\n").nth(1).unwrap().split("```").next().unwrap();
        for mark in ['<', '>', '&', '[', ']', '`'] {
            assert!(!fence.contains(mark), "{mark} in {fence}");
        }
        let back = read_foreign("x.md", &note, crate::sys("sovereign")).unwrap();
        assert_eq!(back.blocks[0].entry.block["notes"], lib.creatures[0].block["notes"]);
    }
}

/// Foundry VTT's Cairn monsters (a compendium pack, an actor a line) read as Block, Dodge,
/// Parry stat blocks, each checked against values worked out here from its own JSON: HP, STR,
/// DEX and WIL from their maximums, Armour from the actor or its items, one weapon per die
/// of an item's damage (`2d6k`, keep the higher of two, is two d6 attacks).
#[test]
fn foundrys_cairn_monsters_come_in_as_block_dodge_parry_stat_blocks() {
    let text = bestiary("foundry-cairn-monsters.db");
    assert_eq!(sniff(&text), Format::Foundry);
    let got = read_foreign("foundry-cairn-monsters.db", &text, crate::sys("bdp")).unwrap();
    let actors: Vec<Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(actors.len(), 205);
    let mut tally = Tally::new("foundry-cairn-monsters.db").read_into("Block, Dodge, Parry");
    for actor in &actors {
        let mut wrong = Vec::new();
        let name = actor["name"].as_str().unwrap();
        let data = &actor["data"];
        let left_out = got.left_out.iter().find(|p| p.to_string().contains(&format!("({name})")));
        // An ability past Block, Dodge, Parry's 20 (the pack's Stone Giant has STR 160) is left
        // out naming the field, never read.
        let past = ["STR", "DEX", "WIL"]
            .into_iter()
            .find(|a| data["abilities"][a]["max"].as_i64() > Some(20));
        if let Some(ability) = past {
            let field = left_out.and_then(|p| p.field.clone());
            if field == Some(format!("field '{ability}'")) {
                tally.left_out(name, &format!("{ability} past 20"));
            } else {
                wrong.push(format!("{ability} past 20 not refused by name ({left_out:?})"));
                tally.count(name, &[], &wrong);
            }
            continue;
        }
        let Some(b) = got.blocks.iter().find(|b| b.entry.name == name) else {
            tally.count(name, &[], &[format!("not read ({left_out:?})")]);
            continue;
        };
        let block = &b.entry.block;
        let track = |key: &str| {
            let v = &block["tracks"][key];
            v.as_i64().or(v["max"].as_i64())
        };
        let items = actor["items"].as_array().unwrap();
        let worn: i64 = items.iter().filter_map(|i| i["data"]["armor"].as_i64()).sum();
        let armour = data["armor"].as_i64().or((worn > 0).then_some(worn));
        let mut weapons = Vec::new();
        for i in items {
            let f = i["data"]["damageFormula"].as_str().unwrap_or("");
            let (count, rest) = f.split_once('d').unwrap_or(("", ""));
            let keep = rest.ends_with('k');
            let sides: i64 = match rest.trim_end_matches('k').parse() {
                Ok(s) => s,
                Err(_) => continue,
            };
            let count: usize = if count.is_empty() { 1 } else { count.parse().unwrap() };
            if count == 1 || keep {
                let n = i["name"].as_str().unwrap().split('(').next().unwrap();
                let n = n.trim().trim_end_matches('*').trim();
                for _ in 0..count {
                    weapons.push((n.to_lowercase(), sides));
                }
            }
        }
        let read_weapons: Vec<(String, i64)> = block["weapons"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|w| (w["name"].as_str().unwrap().to_lowercase(), w["die"].as_i64().unwrap()))
            .collect();
        let expected = (
            data["hp"]["max"].as_i64(),
            data["abilities"]["STR"]["max"].as_i64(),
            data["abilities"]["DEX"]["max"].as_i64(),
            data["abilities"]["WIL"]["max"].as_i64(),
            armour,
            weapons,
        );
        let read = (
            track("hp"),
            track("str"),
            track("dex"),
            track("wil"),
            block["stats"]["armor"].as_i64().filter(|_| armour.is_some()),
            read_weapons,
        );
        if read != expected {
            wrong.push(format!("read {read:?}, expected {expected:?}"));
        }
        // The description's list items are in the notes.
        let notes = block["notes"].as_str().unwrap_or("");
        for li in data["description"].as_str().unwrap_or("").split("<li>").skip(1) {
            let first: String = li.split_whitespace().take(3).collect::<Vec<_>>().join(" ");
            let first = first.replace("&#39;", "'").replace("&amp;", "&");
            if !first.contains('<') && !notes.contains(&first) {
                wrong.push(format!("notes lack '{first}'"));
            }
        }
        tally.count(name, &[], &wrong);
    }
    assert_eq!(got.left_out.len(), 1, "only the Stone Giant: {:?}", got.left_out);
    assert_eq!(tally.finish("Foundry compendium pack"), (204, 205));
}
