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
        let mut inside = vec![self.damage.clone()];
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
                    for a in shown.and_then(Value::as_array).into_iter().flatten() {
                        out.attacks.push(attack(item, a));
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

    /// What Fray reads back from the Fray trait: the rest and every attack whole, as one line
    /// (the tool's own actions are for its readers), if there is any.
    pub fn rest_line(&self) -> Option<String> {
        let mut all = self.rest.clone();
        all.extend(self.attacks.iter().map(Attack::piece));
        (!all.is_empty()).then(|| all.join(", "))
    }
}

/// One attack of the list whose item fields are `item`.
fn attack(item: &[Field], attack: &Value) -> Attack {
    let damage = item
        .iter()
        .find(|f| f.key != "name" && f.required)
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
