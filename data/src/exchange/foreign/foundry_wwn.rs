//! Worlds Without Number's Foundry actors (the `wwn` system's monsters): `hp` with its `hd`,
//! `aac`, `thac0.bba`, `movement.base`, `details.morale`, `details.skill`, `saves`, and items
//! that are weapons, abilities, spells and armour.
//!
//! Read as the pieces a WWN stat line prints: HP (the maximum), HD (the count of its dice; a
//! single die smaller than a d8 is less than one hit die, said so), AC (the ascending one; 0
//! is Foundry's blank, said so), the attack bonus, Move (the first number of the movement),
//! Morale, Skill and Save. Each weapon is an attack: its damage with the actor's damage bonus
//! added (as the system rolls it), its Shock (the weapon's, plus the damage bonus, up to its
//! AC), its range and long range in feet; a weapon used in hand that may also be thrown is
//! two attacks, in hand (with the Shock) and thrown. What a stat line has no place for is a
//! piece no field reads, so the import lists it by the creature's name: a weapon's own bonus
//! to hit, its uses a round past one, a save its hit calls for, the Instinct. A weapon that deals no damage (a paralysing touch) is an attack of 0 with the
//! trait "no damage". Abilities, spells, armour and the biography are words in the notes.

use super::foundry::html_lines;
use super::{ForeignCreature, described, first_number, text_of};
use fray_app::dice::Dice;
use serde_json::{Map, Value};

/// Whether `data` is a WWN monster's: hit points with their dice, an ascending AC, a base
/// attack bonus.
pub(super) fn is_wwn(data: &Map<String, Value>) -> bool {
    data.get("hp").and_then(|hp| hp.get("hd")).is_some()
        && data.get("aac").is_some()
        && data.get("thac0").and_then(|t| t.get("bba")).is_some()
}

/// A number written as one or as text ("1", 1), if it is one.
fn number(value: Option<&Value>) -> Option<i64> {
    let value = value?;
    value.as_i64().or_else(|| value.as_str().and_then(|s| s.trim().parse().ok()))
}

/// A WWN actor.
pub(super) fn wwn(
    name: String,
    id: String,
    data: &Map<String, Value>,
    items: &[&Map<String, Value>],
) -> ForeignCreature {
    let mut c = ForeignCreature { name, id, ..ForeignCreature::default() };
    stat_line(&mut c, data);
    let damage_bonus = number(data.get("damageBonus")).unwrap_or(0);
    let item_data = |i: &Map<String, Value>| {
        i.get("system").or_else(|| i.get("data")).cloned().unwrap_or_default()
    };
    let (mut spells, mut gear) = (Vec::new(), Vec::new());
    for item in items {
        let d = item_data(item);
        let item_name = text_of(item.get("name"));
        let description = html_lines(&text_of(d.get("description"))).join(" ");
        match text_of(item.get("type")).as_str() {
            "weapon" => {
                c.pieces.extend(weapon(&item_name, &d, damage_bonus));
                if !description.is_empty() {
                    c.notes.push(described(&item_name, &description));
                }
            }
            "spell" => spells.push(item_name),
            "armor" => match number(d.get("aac").and_then(|a| a.get("value"))) {
                Some(ac) if ac > 9 => gear.push(format!("{item_name} (AC {ac})")),
                Some(ac) if ac > 0 => gear.push(format!("{item_name} (AC +{ac})")),
                _ => gear.push(item_name),
            },
            _ => c.notes.push(described(&item_name, &description)),
        }
    }
    let details = data.get("details");
    let biography = text_of(details.and_then(|d| d.get("biography")));
    c.notes.splice(0..0, html_lines(&biography));
    if !spells.is_empty() {
        c.notes.push(format!("Spells: {}", spells.join(", ")));
    }
    if !gear.is_empty() {
        c.notes.push(format!("Gear: {}", gear.join(", ")));
    }
    c
}

/// The actor's own numbers, as a WWN stat line prints them.
fn stat_line(c: &mut ForeignCreature, data: &Map<String, Value>) {
    let at = |path: &[&str]| {
        let mut v = data.get(path[0]);
        for key in &path[1..] {
            v = v.and_then(|v| v.get(*key));
        }
        v
    };
    if let Some(hp) = number(at(&["hp", "max"])).or_else(|| number(at(&["hp", "value"]))) {
        c.pieces.push(format!("HP {hp}"));
    }
    let hd = text_of(at(&["hp", "hd"]));
    if let Some(piece) = hit_dice(&hd) {
        if piece.ends_with("number") {
            c.notes.push(format!("Hit dice: {hd}"));
        }
        c.pieces.push(piece);
    }
    match number(at(&["aac", "value"])) {
        // Foundry's blank: an ascending AC of 0 is no creature's.
        Some(0) => c.pieces.push("AC not given".into()),
        Some(ac) => c.pieces.push(format!("AC {ac}")),
        None => {}
    }
    if let Some(bonus) = number(at(&["thac0", "bba"])) {
        c.pieces.push(format!("Attack bonus {bonus:+}"));
    }
    let movement = text_of(at(&["movement", "base"]));
    if let Some(feet) = first_number(&movement) {
        c.pieces.push(format!("Move {feet}"));
    }
    // "30 / 80 fly": the first is the Move; the rest in words.
    if movement.chars().any(|ch| ch.is_alphabetic() || ch == '/') {
        c.notes.push(format!("Movement: {movement}"));
    }
    for (label, path) in [
        ("Morale", &["details", "morale"][..]),
        ("Skill", &["details", "skill"]),
        ("Save", &["saves", "evasion", "value"]),
        ("Instinct", &["details", "instinct"]),
    ] {
        if let Some(n) = number(at(path)) {
            c.pieces.push(format!("{label} {n}"));
        }
    }
    let details: Vec<String> = [("alignment", "Alignment"), ("xp", "XP")]
        .iter()
        .map(|(key, label)| (label, text_of(at(&["details", key]))))
        .filter(|(_, v)| !v.is_empty())
        .map(|(label, v)| format!("{label} {v}"))
        .collect();
    if !details.is_empty() {
        c.notes.push(details.join(", "));
    }
}

/// "HD 4" for `4d8` (its dice's count) or `4`; a single die smaller than a d8 (`1d4`) is less
/// than one hit die, "HD ½", which a whole number does not hold; hit dice that vary (a
/// leader's `(1d6+2)d8`) are "HD not a number": both left unread, said so.
fn hit_dice(text: &str) -> Option<String> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    if let Ok(count) = text.parse::<i64>() {
        return Some(format!("HD {count}"));
    }
    let read = || -> Option<(i64, i64)> {
        let (count, sides) = text.split_once(['d', 'D'])?;
        let count = if count.is_empty() { 1 } else { count.trim().parse().ok()? };
        let sides: String = sides.chars().take_while(char::is_ascii_digit).collect();
        Some((count, sides.parse().ok()?))
    };
    Some(match read() {
        Some((1, sides)) if sides < 8 => "HD ½".into(),
        Some((count, _)) => format!("HD {count}"),
        None => "HD not a number".into(),
    })
}

/// A weapon's pieces: its attack (two when used in hand and thrown), its Shock after the one
/// in hand, and what no field holds.
fn weapon(name: &str, d: &Value, damage_bonus: i64) -> Vec<String> {
    // "Fist (Blunt/Heat)": the words in parentheses are the weapon's tags, beside its dice.
    let (base, aside) = match name.split_once('(') {
        Some((base, rest)) => (base.trim(), Some(rest.trim_end_matches(')').trim())),
        None => (name.trim(), None),
    };
    let written = text_of(d.get("damage"));
    // A touch that paralyses or drains: no damage (`0`, or left blank), said as its trait.
    let harmless = written.is_empty() || written == "0";
    let written = if harmless { "0".to_owned() } else { written };
    // As written ("1d6", never "d6": "d6+d6" would read as two attacks), the bonus after it.
    let damage = match damage_bonus {
        _ if harmless => written.clone(),
        0 => written.clone(),
        n => format!("{written}{n:+}"),
    };
    if Dice::parse(&damage).is_err() {
        return vec![format!("{base} (damage {damage})")];
    }
    let mut words: Vec<String> = aside.into_iter().map(str::to_owned).collect();
    if harmless {
        words.push("no damage".into());
    }
    let tags: Vec<String> = d
        .get("tags")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|t| text_of(t.get("value").or(t.get("title"))))
        .filter(|t| !t.is_empty())
        .collect();
    for tag in &tags {
        match tag.as_str() {
            "2H" => words.push("hands 2".into()),
            // A throw is said with the range.
            "T" => {}
            other => words.push(other.to_owned()),
        }
    }
    let range = |key: &str| number(d.get("range").and_then(|r| r.get(key))).filter(|n| *n > 0);
    let melee = d.get("melee").and_then(Value::as_bool).unwrap_or(false);
    let mut out = Vec::new();
    let inside = |extra: &[String]| {
        let mut all = vec![damage.clone()];
        all.extend(words.iter().cloned());
        all.extend(extra.iter().cloned());
        format!("{base} ({})", all.join(", "))
    };
    if melee || range("short").is_none() {
        out.push(inside(&[]));
        out.extend(shock(d, damage_bonus));
    }
    if let Some(short) = range("short") {
        let mut extra = Vec::new();
        if melee || tags.iter().any(|t| t == "T") {
            extra.push("thrown".to_owned());
        }
        extra.push(match range("long") {
            Some(long) => format!("range {short}/{long} ft"),
            None => format!("range {short} ft"),
        });
        out.push(inside(&extra));
    }
    let bonus = number(d.get("bonus")).unwrap_or(0);
    if bonus != 0 {
        out.push(format!("{base}: {bonus:+} to hit"));
    }
    let uses = number(d.get("counter").and_then(|c| c.get("max"))).unwrap_or(1);
    if uses > 1 {
        out.push(format!("{base}: {uses} a round"));
    }
    let save = text_of(d.get("save"));
    if !save.is_empty() {
        out.push(format!("{base}: a {save} save"));
    }
    out
}

/// "Shock 2/13" (its points, plus the damage bonus, then the highest AC it reaches), "Shock 2"
/// (every AC); none when the weapon deals none.
fn shock(d: &Value, damage_bonus: i64) -> Option<String> {
    let s = d.get("shock")?;
    let points = number(s.get("damage")).filter(|n| *n > 0)? + damage_bonus;
    Some(match number(s.get("ac")).filter(|n| *n > 0) {
        Some(ac) => format!("Shock {points}/{ac}"),
        None => format!("Shock {points}"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn hit_dice_are_their_count_and_less_than_one_is_said() {
        assert_eq!(hit_dice("4d8").as_deref(), Some("HD 4"));
        assert_eq!(hit_dice("3d8+1").as_deref(), Some("HD 3"));
        assert_eq!(hit_dice("1d4").as_deref(), Some("HD ½"));
        assert_eq!(hit_dice("1").as_deref(), Some("HD 1"));
        assert_eq!(hit_dice("(1d6+2)d8").as_deref(), Some("HD not a number"));
        assert_eq!(hit_dice(""), None);
    }

    #[test]
    fn a_weapon_is_its_attack_with_the_damage_bonus_shock_and_range() {
        let spear = json!({"damage": "1d6", "melee": true, "range": {"short": 30, "long": 60},
            "tags": [{"title": "T", "value": "T"}], "shock": {"damage": 2, "ac": 13},
            "bonus": 0, "counter": {"max": 2}, "save": ""});
        assert_eq!(
            weapon("Spear, Light", &spear, 1),
            [
                "Spear, Light (1d6+1)",
                "Shock 3/13",
                "Spear, Light (1d6+1, thrown, range 30/60 ft)",
                "Spear, Light: 2 a round"
            ]
        );
        let bow = json!({"damage": "1d6", "melee": false, "range": {"short": 50, "long": 300},
            "tags": [{"value": "2H"}, {"value": "R"}], "shock": {"damage": null}});
        assert_eq!(
            weapon("Bow, Small", &bow, 0),
            ["Bow, Small (1d6, hands 2, R, range 50/300 ft)"]
        );
        let touch = json!({"damage": "", "melee": true});
        assert_eq!(weapon("Touch", &touch, 2), ["Touch (0, no damage)"]);
    }
}
