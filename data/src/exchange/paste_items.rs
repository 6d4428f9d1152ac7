//! A weapon's or attack's line read as a record of a list field: "club (d10)", "bite d6
//! (bleed)", "claws (d8+d8)" (two claws), and a spreadsheet cell of them. The pasted-block
//! reader ([`super::paste`]) and the spreadsheet reader both read items here.

use super::csv::names;
use super::paste::MAX_NAME_WORDS;
use super::paste_old_school::counted_attacks;
use fray_app::dice::Dice;
use fray_app::system::System;
use fray_app::system::schema::{self, Field, Kind};
use serde_json::{Map, Value};

/// "claws (d8+d8)", "fists (d10+d8, blast)": dice added with nothing else, as books in
/// Cairn's family print a creature that strikes several times, are that many attacks, one
/// die each ("claws (d8)" twice). Anything else ("2d6+3", "d6+1") is one attack.
pub(super) fn several_attacks(item: &str) -> Vec<String> {
    // "Att 2 × claw (1d4)", as old-school books print attacks: two claws.
    if let Some(counted) = counted_attacks(item) {
        return counted;
    }
    let one = vec![item.to_owned()];
    let (Some(open), Some(close)) = (item.find('('), item.rfind(')')) else { return one };
    if close < open {
        return one;
    }
    let inside = &item[open + 1..close];
    let (first, rest) = match inside.split_once([',', ';']) {
        Some((first, rest)) => (first.trim(), Some(rest)),
        None => (inside.trim(), None),
    };
    let dice: Vec<&str> = first.split('+').map(str::trim).collect();
    let plain = |d: &str| {
        let d = d.strip_prefix(['d', 'D']).unwrap_or("");
        !d.is_empty() && d.chars().all(|c| c.is_ascii_digit())
    };
    if dice.len() < 2 || !dice.iter().all(|d| plain(d)) {
        return one;
    }
    dice.iter()
        .map(|die| {
            let inner = match rest {
                Some(rest) => format!("{die},{rest}"),
                None => (*die).to_owned(),
            };
            format!("{}({inner}){}", &item[..open], &item[close + 1..])
        })
        .collect()
}

/// A weapon or attack as printed, "club (d10)", "bite d6 (bleed)", "longbow (d8, ranged)",
/// as a record of `fields`: its name, its damage (a die or dice, as the schema keeps it)
/// and each word in parentheses that is a flag's label (`ranged`) or, failing that, a tag.
/// `None` when it has no dice.
pub(super) fn list_item(fields: &[Field], text: &str) -> Option<Value> {
    let Printed { words, dice, extra } = Printed::of(text);
    // A run of codes of letters and digits ("SV D14 W15 P16": saving throws) is no attack's
    // name, and its "D14" no die.
    let code = |w: &String| {
        let letters = w.chars().take_while(char::is_ascii_alphabetic).count();
        letters > 0 && letters < w.len() && w[letters..].chars().all(|c| c.is_ascii_digit())
    };
    if words.iter().filter(|w| code(w)).count() >= 2 {
        return None;
    }
    // The damage a weapon must have, else one it may (Freeform's may be left blank).
    let damage = fields
        .iter()
        .find(|f| f.key != "name" && f.required && takes_damage(f))
        .or_else(|| fields.iter().find(|f| f.key != "name" && takes_damage(f)))?;
    // A hit that rolls no dice ("bite (1, piercing)", as an SRD sentence gives "Hit: 1
    // piercing damage") is a damage only with its type beside it: a bare number in
    // parentheses ("STR 19 (+4)") is no attack.
    let dice = dice.filter(|d| d.dice_count() > 0 || !extra.is_empty())?;
    let name = words.join(" ");
    // A name is a few words: a sentence with dice in it ("Each creature in that line takes
    // 54 (12d8) acid damage") is a trait's text, not an attack.
    // Nor is "roll a d6" a weapon called "roll a".
    let dangling = words.last().is_some_and(|w| ["a", "an", "the", "of"].contains(&w.as_str()));
    if name.is_empty() || words.len() > MAX_NAME_WORDS || dangling {
        return None;
    }
    let mut record = Value::Object(Map::new());
    let mut capitalised = name.clone();
    if let Some(first) = capitalised.get_mut(0..1) {
        first.make_ascii_uppercase();
    }
    schema::set(&mut record, "name", Some(Value::String(capitalised)));
    schema::set(&mut record, damage.key, Some(damage_value(damage, &dice)?));
    set_extras(fields, &mut record, extra);
    Some(record)
}

/// An item's text taken apart: the words of its name, its dice, and the other words in its
/// parentheses.
struct Printed {
    words: Vec<String>,
    dice: Option<Dice>,
    extra: Vec<String>,
}

impl Printed {
    fn of(text: &str) -> Printed {
        let mut p = Printed { words: Vec::new(), dice: None, extra: Vec::new() };
        let mut rest = text.to_owned();
        // Words in parentheses: the dice, flags and tags.
        while let (Some(open), Some(close)) = (rest.find('('), rest.rfind(')')) {
            if close < open {
                break;
            }
            let inside = rest[open + 1..close].to_owned();
            for part in inside.split([',', ';']).map(str::trim).filter(|p| !p.is_empty()) {
                match Dice::parse(part) {
                    Ok(d) if p.dice.is_none() => p.dice = Some(d),
                    _ => p.extra.push(part.to_owned()),
                }
            }
            rest.replace_range(open..=close, " ");
        }
        for word in rest.split_whitespace() {
            match Dice::parse(word) {
                Ok(d) if p.dice.is_none() && d.dice_count() > 0 => p.dice = Some(d),
                _ => p.words.push(word.to_owned()),
            }
        }
        p
    }
}

/// The damage as `damage` keeps it: the dice, or one die kept as its size (`d10` is 10).
/// Anything a size cannot say (`2d6`, `d6+1`) is `None`: left unread, in the notes, never
/// guessed as one die (several attacks, `d8+d8`, were split before: see `several_attacks`).
fn damage_value(damage: &Field, dice: &Dice) -> Option<Value> {
    if matches!(damage.kind, Kind::Dice) {
        return Some(Value::String(dice.to_string()));
    }
    let mut terms = dice.dice_terms();
    let term = terms.next()?;
    let single = term.count == 1 && terms.next().is_none() && dice.leaves().count() == 1;
    single.then(|| Value::from(term.sides.faces()))
}

/// Each other word in the parentheses: a flag's label turns it on, a choice's option sets
/// it; the rest are the item's tags.
fn set_extras(fields: &[Field], record: &mut Value, extra: Vec<String>) {
    let tags = fields.iter().find(|f| matches!(f.kind, Kind::Words));
    let mut tag_words = Vec::new();
    for word in extra {
        if measured(fields, record, &word) {
            continue;
        }
        if let Some(flag) =
            fields.iter().find(|f| matches!(f.kind, Kind::Flag) && names(&word, f.key, f.label))
        {
            schema::set(record, flag.key, Some(Value::Bool(true)));
        } else if let Some((field, value)) = choice(fields, &word) {
            // "fast" where the item has a speed of fast, balanced or slow.
            schema::set(record, field.key, Some(Value::String(value.to_owned())));
        } else {
            tag_words.push(Value::String(word));
        }
    }
    if let Some(tags) = tags
        && !tag_words.is_empty()
    {
        schema::set(record, tags.key, Some(Value::Array(tag_words)));
    }
}

/// "range 80/320 ft", "reach 10 ft", "shock 2", "long range 320 ft": a number for the item's
/// whole-number field the label names (in feet only for a field counted in feet, "Range
/// (ft)"; without feet only for one that is not), after a slash its long range. A range no
/// field holds in feet turns a `ranged` flag on, a reach past 5 ft a `reach` flag. Whether it
/// took the word; a value out of the field's bounds takes nothing (the word stays a tag).
fn measured(fields: &[Field], record: &mut Value, word: &str) -> bool {
    let (text, feet) = word.strip_suffix(" ft").map_or((word, false), |t| (t, true));
    let Some((label, numbers)) = text.trim().rsplit_once(' ') else { return false };
    let (normal, long) = match numbers.split_once('/') {
        Some((n, l)) => (n, Some(l)),
        None => (numbers, None),
    };
    let whole = |name: &str| {
        fields.iter().find(|f| {
            matches!(f.kind, Kind::Whole { .. })
                && names(name, f.key, f.label)
                && f.label.ends_with("(ft)") == feet
        })
    };
    let value = |f: &Field, n: &str| f.kind.parse_text(n).ok().flatten();
    if let Some(field) = whole(label) {
        let Some(normal) = value(field, normal) else { return false };
        let long = match long {
            Some(l) => {
                match whole(&format!("long {label}")).and_then(|f| Some((f.key, value(f, l)?))) {
                    Some(pair) => Some(pair),
                    None => return false,
                }
            }
            None => None,
        };
        schema::set(record, field.key, Some(normal));
        if let Some((key, v)) = long {
            schema::set(record, key, Some(v));
        }
        return true;
    }
    let Ok(n) = normal.parse::<i64>() else { return false };
    let flag = match label.to_lowercase().as_str() {
        "range" => "ranged",
        "reach" if n > 5 => "reach",
        _ => return false,
    };
    let Some(f) = fields.iter().find(|f| matches!(f.kind, Kind::Flag) && f.key == flag) else {
        return false;
    };
    schema::set(record, f.key, Some(Value::Bool(true)));
    true
}

/// Each weapon of `block` (its first list, with a `ranged` flag) that a bow, a sling or a
/// crossbow names ("Longbow", "Sling") but is not marked ranged, marked so: a printed page
/// often leaves that to its name. A line for each, naming it.
pub(super) fn ranged_by_name(system: &dyn System, block: &mut Value) -> Vec<String> {
    let schema = system.block_schema();
    let Some(list) = schema.fields_for(false).find(|f| matches!(f.kind, Kind::List { .. })) else {
        return Vec::new();
    };
    let Kind::List { item, .. } = list.kind else { return Vec::new() };
    if !item.iter().any(|f| f.key == "ranged" && matches!(f.kind, Kind::Flag)) {
        return Vec::new();
    }
    let shoots = |name: &str| {
        name.split(|c: char| !c.is_alphabetic()).any(|w| {
            let w = w.to_lowercase();
            let w = w.strip_suffix('s').unwrap_or(&w);
            (w.ends_with("bow") && w != "elbow") || w == "sling"
        })
    };
    let mut lines = Vec::new();
    // A list is a key of the block's own (`weapons`), never a dotted path.
    let Some(Value::Array(weapons)) = block.get_mut(list.key) else { return lines };
    for weapon in weapons {
        let name = weapon.get("name").and_then(Value::as_str).unwrap_or("").to_owned();
        let marked = weapon.get("ranged").and_then(Value::as_bool) == Some(true);
        if !marked && shoots(&name) {
            schema::set(weapon, "ranged", Some(Value::Bool(true)));
            lines.push(format!("{}: {name} is ranged, read so from its name", list.label));
        }
    }
    lines
}

/// The choice field of an item one of whose options `word` is (its value or label, any
/// case), and that option's value.
fn choice<'a>(fields: &'a [Field], word: &str) -> Option<(&'a Field, &'static str)> {
    fields.iter().find_map(|f| match f.kind {
        Kind::Choice(options) => options
            .iter()
            .find(|(value, label)| {
                value.eq_ignore_ascii_case(word) || label.eq_ignore_ascii_case(word)
            })
            .map(|(value, _)| (f, *value)),
        _ => None,
    })
}

/// Whether a list item's field holds its damage: dice, or a die's size.
fn takes_damage(f: &Field) -> bool {
    matches!(f.kind, Kind::Dice) || matches!(f.kind, Kind::Whole { .. }) && f.key.contains("die")
}

/// The records of a spreadsheet cell of list items, "club d10; bite d6 (bleed)", for the
/// list field `fields`; the pieces that are not items are returned apart.
pub(super) fn list_cell(fields: &[Field], cell: &str) -> (Vec<Value>, Vec<String>) {
    let mut records = Vec::new();
    let mut unread = Vec::new();
    for piece in super::paste_pieces::items(cell) {
        match list_item(fields, &piece) {
            Some(r) => records.push(r),
            None => unread.push(piece),
        }
    }
    (records, unread)
}
