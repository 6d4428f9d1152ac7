//! A weapon's or attack's line read as a record of a list field: "club (d10)", "bite d6
//! (bleed)", "claws (d8+d8)" (two claws), and a spreadsheet cell of them. The pasted-block
//! reader ([`super::paste`]) and the spreadsheet reader both read items here.

use super::csv::names;
use super::paste::MAX_NAME_WORDS;
use super::paste_old_school::counted_attacks;
use fray_app::dice::Dice;
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
    let damage = fields.iter().find(|f| f.key != "name" && f.required && takes_damage(f))?;
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
