//! A Fray creature as another tool sees it: the values every 5e-style tracker has a place for
//! (HP, AC, speed, attacks with their bonus and damage, notes), and the rest of the block
//! printed as pieces the paste reader reads back ("Save 15, Morale 8, Named"). The writers of
//! each format lay these out; the same schema walk serves them all.

use super::text_of;
use crate::exchange::CreatureEntry;
use crate::exchange::csv::names;
use fray_app::ids::SystemId;
use fray_app::system::UnknownSystem;
use fray_app::system::schema::{self, Field, Kind};
use serde_json::Value;

/// The trait holding what the other tool has no place for, read back as pieces.
pub(super) const FRAY_TRAIT: &str = "Fray";

/// The trait holding the block's words (single-line text, choices, lists of words), a line
/// each: "Armour: Light armour".
pub(super) const FRAY_TEXT_TRAIT: &str = "Fray text";

/// The notes of an HP or AC the Fray block leaves blank (written as the tool's default).
pub(super) const NOT_SET: &str = "(not set in Fray)";

/// A creature's values as 5e-style trackers keep them.
#[derive(Debug, Clone, PartialEq, Default)]
pub(super) struct Outgoing {
    pub hp: Option<i64>,
    pub ac: Option<i64>,
    pub speed: Option<i64>,
    /// The attack bonus every attack is written with.
    pub bonus: i64,
    pub attacks: Vec<Attack>,
    /// Every other number, dice and true flag, as a piece ("Morale 8", "Named").
    pub rest: Vec<String>,
    /// The block's words by their field's label: single-line text, a choice, a list of words
    /// joined by commas ("Armour", "Light armour").
    pub texts: Vec<(String, String)>,
    /// What neither the tool nor the Fray traits carry, by field ("Spells", "Weapons 1:
    /// Durability").
    pub lost: Vec<String>,
    pub notes: String,
}

/// One attack: its name, its damage as dice ("d8", "2d6+1"), its type if one word says it,
/// and its flags and tags as Fray prints them ("ranged", "Sweep 7").
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Attack {
    pub name: String,
    pub damage: String,
    pub kind: Option<String>,
    pub words: Vec<String>,
    /// Whether it shoots or is thrown: a range, or a `ranged` flag.
    pub ranged: bool,
    /// Its range and long range in feet, when its fields count them in feet.
    pub feet: Option<(i64, Option<i64>)>,
}

impl Attack {
    /// The attack as a Fray paste reads it back whole: "Longsword (d8, ranged, Sweep 7)".
    pub fn piece(&self) -> String {
        // "d4+d4" would read back as two attacks of a d4 (as Cairn's books print them): one
        // hit's sum of dice is written "1d4+d4", as the SRD reader writes it.
        let damage = match self.damage.strip_prefix('d') {
            Some(rest) if rest.contains('d') => format!("1{}", self.damage),
            _ => self.damage.clone(),
        };
        let mut inside = vec![damage];
        inside.extend(self.words.iter().cloned());
        format!("{} ({})", self.name, inside.join(", "))
    }

    /// The attack as the SRD prints one: "Melee Weapon Attack: +2 to hit, one target. Hit:
    /// (d8) piercing damage."
    /// A ranged one says so, with its range when it is in feet: "Ranged Weapon Attack: +4 to
    /// hit, range 80/320 ft., one target. ...".
    pub fn sentence(&self, bonus: i64) -> String {
        let kind = self.kind.as_ref().map(|k| format!("{k} ")).unwrap_or_default();
        let (how, range) = match (self.ranged, self.feet) {
            (_, Some((normal, Some(long)))) => ("Ranged", format!(" range {normal}/{long} ft.,")),
            (_, Some((normal, None))) => ("Ranged", format!(" range {normal} ft.,")),
            (true, None) => ("Ranged", String::new()),
            (false, None) => ("Melee", String::new()),
        };
        format!(
            "{how} Weapon Attack: {bonus:+} to hit,{range} one target. Hit: ({}) {kind}damage.",
            self.damage
        )
    }
}

impl Outgoing {
    /// The creature `c`, walked through its system's schema; refused when the entry names a
    /// system Fray does not know.
    pub fn of(c: &CreatureEntry) -> Result<Self, UnknownSystem> {
        let system = SystemId::parse(&c.system)?.system();
        let fields: Vec<&Field> = system.block_schema().fields_for(false).collect();
        let find = |word: &str| {
            fields.iter().find(|f| takes_number(f) && names(word, f.key, f.label)).copied()
        };
        let (hp, ac, speed, bonus) = (find("HP"), find("AC"), find("Move"), find("Attack bonus"));
        // A track shows its top ("13" of 13 HP), a whole number itself.
        let value = |f: Option<&Field>| {
            f.and_then(|f| f.kind.show(schema::get(&c.block, f.key)).parse::<i64>().ok())
        };
        let mut out = Outgoing {
            hp: value(hp),
            ac: value(ac),
            speed: value(speed),
            bonus: value(bonus).unwrap_or(0),
            ..Outgoing::default()
        };
        // The first list is the attacks (the one a printed block's items fill); another (d12's
        // spells) has no place in these tools and is not written.
        let attacks = fields.iter().find(|f| matches!(f.kind, Kind::List { .. })).map(|f| f.key);
        for f in &fields {
            let shown = schema::get(&c.block, f.key);
            match f.kind {
                Kind::List { item, .. } if Some(f.key) == attacks => {
                    for (i, a) in shown.and_then(Value::as_array).into_iter().flatten().enumerate()
                    {
                        out.attacks.push(attack(item, a));
                        // Its own single-line text (a weapon's durability) has no place.
                        for g in item.iter().filter(|g| g.key != "name") {
                            let text = schema::get(a, g.key).and_then(Value::as_str);
                            if matches!(g.kind, Kind::Text { .. })
                                && text.is_some_and(|t| !t.is_empty())
                            {
                                out.lost.push(format!("{} {}: {}", f.label, i + 1, g.label));
                            }
                        }
                    }
                }
                Kind::Whole { .. } | Kind::Track { .. } | Kind::Dice
                    if ![hp, ac, speed].iter().flatten().any(|t| t.key == f.key) =>
                {
                    let text = f.kind.show(shown);
                    if !text.is_empty() {
                        out.rest.push(format!("{} {text}", plain_label(f)));
                    }
                }
                Kind::Flag if shown.and_then(Value::as_bool) == Some(true) => {
                    out.rest.push(plain_label(f).to_owned());
                }
                Kind::Text { multiline: false } | Kind::Choice(_) | Kind::Words => {
                    let text = words_of(f, shown);
                    if !text.is_empty() {
                        out.texts.push((f.label.to_owned(), text));
                    }
                }
                Kind::List { .. }
                    if shown.and_then(Value::as_array).is_some_and(|l| !l.is_empty()) =>
                {
                    out.lost.push(f.label.to_owned());
                }
                _ => {}
            }
        }
        out.notes = fields
            .iter()
            .find(|f| matches!(f.kind, Kind::Text { multiline: true }))
            .map(|f| f.kind.show(schema::get(&c.block, f.key)))
            .unwrap_or_default();
        Ok(out)
    }

    /// What Fray reads back from the Fray trait: the rest and every attack whole, a piece a
    /// line (the tool's own actions are for its readers), if there is any.
    pub fn rest_line(&self) -> Option<String> {
        let mut all = self.rest.clone();
        all.extend(self.attacks.iter().map(Attack::piece));
        // A piece a line: a name may hold a comma ("Sword, Long (d8)").
        (!all.is_empty()).then(|| all.join("\n"))
    }

    /// The block's words as the Fray text trait holds them: "Label: text", a line each.
    pub fn text_lines(&self) -> Option<String> {
        let lines: Vec<String> = self
            .texts
            .iter()
            .map(|(label, text)| format!("{label}: {}", text.replace('\n', " ")))
            .collect();
        (!lines.is_empty()).then(|| lines.join("\n"))
    }
}

/// The pieces of a Fray trait: a piece a line, as [`Outgoing::rest_line`] writes them; on one
/// line (as Fray wrote them before, or a single piece), cut as a paste is.
pub(super) fn fray_pieces(content: &str) -> Vec<String> {
    if !content.contains('\n') {
        return crate::exchange::paste::items(content);
    }
    content.lines().map(str::trim).filter(|l| !l.is_empty()).map(str::to_owned).collect()
}

/// The pairs of a Fray text trait ("Armour: Light armour", a line each).
pub(super) fn text_pairs(content: &str) -> Vec<(String, String)> {
    content
        .lines()
        .filter_map(|l| l.split_once(": "))
        .map(|(label, text)| (label.trim().to_owned(), text.trim().to_owned()))
        .collect()
}

/// What an export to Improved Initiative or Fantasy Statblocks does not carry, a line for each
/// creature and field ("Ogre: Spells is not carried"): a second list (d12's spells, Murdham's
/// gear), an attack's own single-line text (a weapon's durability), a portrait. Refused when a creature
/// names a system Fray does not know.
pub fn not_carried(creatures: &[CreatureEntry]) -> Result<Vec<String>, UnknownSystem> {
    let mut lines = Vec::new();
    for c in creatures {
        for field in Outgoing::of(c)?.lost {
            lines.push(format!("{}: {field} is not carried", c.name));
        }
        if c.portrait.is_some() {
            lines.push(format!("{}: its portrait is not carried", c.name));
        }
    }
    Ok(lines)
}

/// Sets each of `texts` (a field's label and its words, as [`Outgoing::text_lines`] wrote
/// them) on the block's field of that label that holds words; those no field takes, or its
/// kind refuses, are returned as "Label: text", to be listed as not read.
pub(super) fn set_texts(
    system: &dyn fray_app::system::System,
    block: &mut Value,
    texts: &[(String, String)],
) -> Vec<String> {
    let schema = system.block_schema();
    let mut unread = Vec::new();
    for (label, text) in texts {
        let field = schema.fields_for(false).find(|f| {
            f.label == label
                && matches!(f.kind, Kind::Text { multiline: false } | Kind::Choice(_) | Kind::Words)
        });
        let value = field.map(|f| match f.kind {
            Kind::Words => Ok(Some(Value::Array(
                text.split(", ").map(|w| Value::String(w.to_owned())).collect(),
            ))),
            _ => f.kind.parse_text(text),
        });
        match (field, value) {
            (Some(f), Some(Ok(v))) => schema::set(block, f.key, v),
            _ => unread.push(format!("{label}: {text}")),
        }
    }
    // Kept in the notes, as every piece not read is.
    let notes = schema.fields_for(false).find(|f| matches!(f.kind, Kind::Text { multiline: true }));
    if let (Some(notes), false) = (notes, unread.is_empty()) {
        let before = schema::get(block, notes.key).and_then(Value::as_str).unwrap_or("").to_owned();
        let added = format!("Imported, not read: {}", unread.join("; "));
        let all = if before.is_empty() { added } else { format!("{before}\n{added}") };
        schema::set(block, notes.key, Some(Value::String(all)));
    }
    unread
}

/// A field's words as shown: a text as it is, a choice by its label, words joined by commas.
fn words_of(f: &Field, shown: Option<&Value>) -> String {
    match (f.kind, shown) {
        (Kind::Words, Some(Value::Array(words))) => {
            words.iter().map(|w| text_of(Some(w))).collect::<Vec<_>>().join(", ")
        }
        _ => f.kind.show(shown),
    }
}

/// One attack of the list whose item fields are `item`.
fn attack(item: &[Field], attack: &Value) -> Attack {
    // The damage: the first field required beside the name, else the first of dice or a die's
    // size (Freeform's damage may be left blank).
    let damage_kind = |f: &&Field| {
        matches!(f.kind, Kind::Dice)
            || matches!(f.kind, Kind::Whole { .. }) && f.key.contains("die")
    };
    let damage = item
        .iter()
        .find(|f| f.key != "name" && f.required)
        .or_else(|| item.iter().find(damage_kind))
        .filter(|f| schema::get(attack, f.key).is_some_and(|v| !v.is_null()))
        .map(|f| match f.kind {
            Kind::Dice => f.kind.show(schema::get(attack, f.key)),
            _ => format!("d{}", f.kind.show(schema::get(attack, f.key))),
        })
        .unwrap_or_default();
    // Its first trait or tag is the damage's type, as the SRD prints one ("piercing").
    let kind = item
        .iter()
        .find(|f| matches!(f.kind, Kind::Words))
        .and_then(|f| schema::get(attack, f.key))
        .and_then(Value::as_array)
        .and_then(|words| words.first())
        .map(|w| text_of(Some(w)))
        .filter(|w| !w.is_empty() && w.chars().all(char::is_alphabetic));
    // Flags by their label, choices by theirs, then tags: the words a paste reads in an
    // item's parentheses.
    let mut words: Vec<String> = item
        .iter()
        .filter(|f| matches!(f.kind, Kind::Flag))
        .filter(|f| schema::get(attack, f.key).and_then(Value::as_bool) == Some(true))
        .map(|f| plain_label(f).to_lowercase())
        .collect();
    for f in item.iter().filter(|f| matches!(f.kind, Kind::Choice(_))) {
        let shown = f.kind.show(schema::get(attack, f.key));
        if !shown.is_empty() {
            words.push(shown.to_lowercase());
        }
    }
    // Its numbers ("range 80 ft", "shock 2"), the unit its label gives said.
    let number = |f: &Field| schema::get(attack, f.key).and_then(Value::as_i64);
    for f in item.iter().filter(|f| matches!(f.kind, Kind::Whole { .. })) {
        if let Some(n) = number(f) {
            let feet = if f.label.ends_with("(ft)") { " ft" } else { "" };
            // Its label when it is words ("shock up to ac"), else its key ("Crit ×" is "crit":
            // a × would read as a count of attacks).
            let label = plain_label(f);
            let said = if label.chars().all(|c| c.is_alphabetic() || c == ' ') {
                label.to_lowercase()
            } else {
                f.key.rsplit('.').next().unwrap_or(f.key).replace('_', " ")
            };
            words.push(format!("{said} {n}{feet}"));
        }
    }
    for f in item.iter().filter(|f| matches!(f.kind, Kind::Words)) {
        let tags = schema::get(attack, f.key).and_then(Value::as_array);
        words.extend(tags.into_iter().flatten().map(|w| text_of(Some(w))));
    }
    let in_feet = |key: &str| {
        item.iter().find(|f| f.key == key && f.label.ends_with("(ft)")).and_then(number)
    };
    let feet = in_feet("range").map(|normal| (normal, in_feet("long_range")));
    let flagged = schema::get(attack, "ranged").and_then(Value::as_bool) == Some(true);
    let ranged = flagged || schema::get(attack, "range").is_some_and(|r| !r.is_null());
    Attack { name: text_of(schema::get(attack, "name")), damage, kind, words, ranged, feet }
}

/// Whether a field holds a number.
fn takes_number(f: &Field) -> bool {
    matches!(f.kind, Kind::Whole { .. } | Kind::Track { .. })
}

/// A field's label without its unit ("Move (ft)" is "Move"): the words the piece reader
/// matches, a parenthesis being where it looks for dice and tags.
fn plain_label(f: &Field) -> &str {
    f.label.split(" (").next().unwrap_or(f.label).trim()
}
