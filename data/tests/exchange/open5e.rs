//! A real page of Open5e's v1 API (`tests/corpus/bestiaries/open5e-v1-monsters.json`: the
//! 50 creatures of `/monsters/` page one, from the SRD, Tome of Beasts 1–3, Creature Codex,
//! Level Up's Monstrous Menagerie and Black Flag), a file nobody here had seen while the
//! reader was written. Each creature is scored against values worked out here from its own
//! JSON, its words first: an attack is an action whose words give its bonus ("+8 to hit");
//! its first damage the dice its hit prints when they roll the average printed before them
//! ("11 (2d6 + 4)"), else the file's `damage_dice` and `damage_bonus`; each second damage
//! every hit deals added; its range, or its reach past 5 ft. The file's fields and words
//! disagree on 15 attacks (Tome of Beasts' `damage_dice` without the modifier) and give the
//! whole hit on 4 (the SRD dragons' "2d10+1d8"): both are checked here.

use crate::foreign::{
    Attack, Expected, bestiary, check_source_by, feet_after, mean, number_in, other_dice,
    plain_name, plus_dice,
};
use fray_app::dice::Dice;
use fray_data::exchange::{Format, PastedBlock, read_foreign, sniff};
use serde_json::Value;

const FILE: &str = "open5e-v1-monsters.json";

/// The average and dice of "12 (2d6 + 5)" at the start of `text` (or anywhere in it when
/// `anywhere`: Tome of Beasts 3's "+8 to hit, 10 ft., one target, 18 (3d8+5) slashing").
fn printed(text: &str, anywhere: bool) -> Option<(i64, Dice)> {
    for (i, _) in text.match_indices('(') {
        let before = text[..i].trim_end();
        let average = before.rsplit(' ').next()?.parse::<i64>();
        let whole_start = before.split(' ').count() == 1;
        if let (Ok(average), Some(close)) = (average, text[i..].find(')'))
            && (anywhere || whole_start)
            && let Ok(dice) = Dice::parse(&text[i + 1..i + close])
        {
            return Some((average, dice));
        }
        if !anywhere {
            return None;
        }
    }
    None
}

/// One action's bonus and attacks, worked out from its words and fields; `None` when its
/// words give no bonus or its hit no damage.
fn action(a: &Value) -> Option<(i64, Vec<Attack>)> {
    let desc = a["desc"].as_str().unwrap_or("").split_whitespace().collect::<Vec<_>>().join(" ");
    let at = desc.find(" to hit")?;
    let bonus: i64 = desc[..at].rsplit(' ').next()?.trim_start_matches('+').parse().ok()?;
    let hit = desc.find("Hit:").or(desc.find("Hit."));
    let head = &desc[..hit.unwrap_or(desc.len())];
    let after = hit.map_or(&desc[at + 7..], |h| &desc[h + 4..]).trim_start();
    let field = a["damage_dice"].as_str().map(|d| match a["damage_bonus"].as_i64() {
        Some(plus) if plus != 0 => Dice::parse(d).unwrap().plus(plus),
        _ => Dice::parse(d).unwrap(),
    });
    let first = match (printed(after, hit.is_none()), field) {
        (Some((average, dice)), _) if mean(&dice) == average => dice,
        (_, Some(field)) => field,
        // "Hit: 1 piercing damage": a number alone.
        (None, None) => Dice::parse(after.split(' ').next()?).ok()?,
        (Some(_), None) => return None,
    };
    let mut dice = vec![first.to_string()];
    dice.extend(plus_dice(&desc));
    let dmg = Dice::parse(&dice.join("+")).unwrap().to_string();
    let name = plain_name(a["name"].as_str().unwrap());
    let range = feet_after(head, " range ").map(|r| (r, long_range(head)));
    let mut out = Vec::new();
    if head.contains("Melee") || !head.contains("Ranged") {
        let reach = feet_after(head, " reach ").filter(|r| *r > 5);
        out.push((name.clone(), dmg.clone(), None, reach));
    }
    if head.contains("Ranged") {
        out.push((name, dmg, range, None));
    }
    Some((bonus, out))
}

/// The long range of "range 20/60 ft.": 60.
fn long_range(head: &str) -> Option<i64> {
    let after = &head[head.find(" range ")? + 7..];
    let spec = after.split(' ').next()?;
    number_in(spec.split_once('/')?.1)
}

/// An Open5e creature, worked out from its own JSON.
fn from_open5e(m: &Value) -> Expected {
    let mut atk = None;
    let mut attacks = Vec::new();
    let mut riders = Vec::new();
    for a in m["actions"].as_array().into_iter().flatten() {
        if let Some((bonus, made)) = action(a) {
            atk = atk.or(Some(bonus));
            attacks.extend(made);
            if other_dice(a["desc"].as_str().unwrap()) {
                riders.push(plain_name(a["name"].as_str().unwrap()));
            }
        }
    }
    let walk = &m["speed"]["walk"];
    Expected {
        hp: m["hit_points"].as_i64().unwrap(),
        ac: m["armor_class"].as_i64().unwrap(),
        hd: m["hit_dice"]
            .as_str()
            .and_then(|d| d.split_once('d'))
            .and_then(|(n, _)| n.parse().ok()),
        speed: walk.as_i64().or(walk.as_str().and_then(number_in)),
        atk,
        attacks,
        riders,
    }
}

/// The creatures of the page.
fn results() -> Vec<Value> {
    let page: Value = serde_json::from_str(&bestiary(FILE)).unwrap();
    page["results"].as_array().unwrap().clone()
}

/// The entry read from a creature: its uid ends with the creature's slug (two creatures of
/// the page share a name with another: the SRD's Aboleth and Level Up's).
fn made_of(c: &Value, b: &PastedBlock) -> bool {
    b.entry.uid.ends_with(&format!("/{}", c["slug"].as_str().unwrap()))
}

#[test]
fn a_real_open5e_page_comes_in_as_sovereign_stat_blocks() {
    let text = bestiary(FILE);
    assert_eq!(sniff(&text), Format::SrdApi);
    let all = results();
    assert_eq!(all.len(), 50);
    let (right, total) =
        check_source_by(FILE, "Open5e v1 API page", &all, "name", &made_of, from_open5e);
    assert_eq!(total, 50);
    assert!(right * 100 >= total * 95, "{right} of {total} right");
    // What was worked out holds what the reader once lost: ranges, reaches past 5 ft, second
    // damages, and both of the file's ways of giving a hit's dice.
    let want: Vec<Expected> = all.iter().map(from_open5e).collect();
    let attacks = || want.iter().flat_map(|e| &e.attacks);
    assert!(attacks().filter(|a| a.2.is_some()).count() >= 3);
    assert!(attacks().filter(|a| a.3.is_some()).count() >= 40);
    assert!(attacks().filter(|a| a.1.matches('d').count() > 1).count() >= 15);
}

/// The fields and the words disagree: each such attack reads as its words, said by name.
#[test]
fn an_open5e_field_that_disagrees_with_its_words_is_said() {
    let got = read_foreign(FILE, &bestiary(FILE), crate::sys("sovereign")).unwrap();
    let dragon = got.blocks.iter().find(|b| b.entry.uid.ends_with("/adult-cave-dragon")).unwrap();
    assert_eq!(dragon.entry.block["attacks"][0]["dmg"], "3d6+8+d6");
    assert!(
        dragon.unread.iter().any(|u| u
            == "Bite, its damage field and text differ: the file's 3d6, the text's 18 (3d6+8); \
                the text's read"),
        "{:?}",
        dragon.unread
    );
    // The SRD's "2d10+1d8" is the whole hit: no second d8 added to it.
    let black = got.blocks.iter().find(|b| b.entry.uid.ends_with("/adult-black-dragon")).unwrap();
    assert_eq!(black.entry.block["attacks"][0]["dmg"], "2d10+6+d8");
    assert!(black.unread.is_empty(), "{:?}", black.unread);
}

/// Every other procedure: each creature comes in or is left out naming itself and the field;
/// the HP a procedure has no field for is listed as not read, never dropped in silence.
#[test]
fn an_open5e_page_read_for_every_other_procedure_is_read_or_said() {
    let text = bestiary(FILE);
    let all = results();
    for system in fray_app::systems::registry().all().iter().map(|s| s.id().as_str()) {
        // A file of which nothing comes in is refused, each creature named.
        let (blocks, left_out) = match read_foreign(FILE, &text, crate::sys(system)) {
            Ok(got) => (got.blocks, got.left_out),
            Err(problems) => (Vec::new(), problems.list),
        };
        assert_eq!(blocks.len() + left_out.len(), all.len(), "{system}");
        for problem in &left_out {
            let line = problem.to_string();
            assert!(line.contains("), field '"), "{system}: {line}");
        }
        for b in &blocks {
            let c = all.iter().find(|c| made_of(c, b)).unwrap();
            let hp = c["hit_points"].as_i64().unwrap();
            let track = &b.entry.block["tracks"]["hp"];
            let kept = track.as_i64().or(track["max"].as_i64()) == Some(hp);
            let said = b.unread.iter().any(|u| u == &format!("HP {hp}"));
            assert!(kept || said, "{system} {}: HP {hp} neither read nor said", b.entry.name);
        }
    }
}
