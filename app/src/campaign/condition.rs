//! How a character is now, outside any fight: the part of it that outlives a fight.
//!
//! The *sheet* (the library's JSON: maxima, abilities, gear) says how a character is when
//! whole; the [`Condition`] says only what differs from it. An empty condition is an unhurt
//! character, so every character made before conditions existed reads as unhurt.

use crate::command::{NewCombatant, block_stats, block_tracks};
use crate::encounter::stat_label;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// What differs from the sheet now: track values, lasting stats, lasting harm and gear.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Condition {
    /// Tracks not at their sheet value, by name: HP 2 of 6, Fatigue 3.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub tracks: BTreeMap<String, i64>,
    /// Stats that changed and last, by name: severe wounds, ability damage.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub stats: BTreeMap<String, i64>,
    /// Lasting harm, in the order it was taken: an injury, Frail, a lost eye, death.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lasting: Vec<Lasting>,
    /// Gear not as the sheet has it, by the procedure's item key (`weapon:0`, `armour`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub items: BTreeMap<String, Item>,
    /// Harm noted hit by hit, in the order taken (d12's injury log: each wound's damage type
    /// and the Wound Points it cost); healing clears it as the procedure says.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub log: Vec<Logged>,
}

/// One hit noted in the log: its kind ("blunt") and what it cost.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Logged {
    /// The kind of harm ("blunt").
    pub kind: String,
    /// What it cost (Wound Points), still unhealed.
    pub amount: i64,
}

/// The log as the GM reads it: "Wounds: blunt 11, chopping 3" ("Wounds: none" when empty).
pub fn log_text(log: &[Logged]) -> String {
    if log.is_empty() {
        return "Wounds: none".to_owned();
    }
    let hits: Vec<String> = log.iter().map(|l| format!("{} {}", l.kind, l.amount)).collect();
    format!("Wounds: {}", hits.join(", "))
}

/// A lasting harm: a condition on the token that the rules say outlives the fight.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lasting {
    /// The token's condition label, lowercase ("shattered kneecap", "frail").
    pub label: String,
    /// Where it came from and what it does, in the procedure's words ("blunt injuries, 3:
    /// prone until healed"); empty when the label says it all.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub detail: String,
    /// Other conditions it keeps on the token while it lasts ("prone").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub also: Vec<String>,
    /// The lasting stats it harmed (d12's "agi damage"): once they are all back as the sheet
    /// has them, the conditions in `also` end, while the harm itself stays until healed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mends_with: Vec<String>,
}

impl Lasting {
    /// A lasting harm with nothing more to say than its label.
    pub fn named(label: &str) -> Lasting {
        Lasting {
            label: label.to_lowercase(),
            detail: String::new(),
            also: Vec::new(),
            mends_with: Vec::new(),
        }
    }

    /// How the GM reads it: "Shattered kneecap (blunt injuries, 3: prone until healed)".
    pub fn text(&self) -> String {
        let name = capitalised(&self.label);
        if self.detail.is_empty() { name } else { format!("{name} ({})", self.detail) }
    }
}

/// How worn a piece of gear is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Wear {
    /// As new.
    Intact,
    /// Still usable, one failure from breaking.
    Damaged,
    /// Useless until repaired.
    Broken,
    /// Gone for good.
    Destroyed,
}

impl Wear {
    /// The word the GM reads.
    pub fn word(self) -> &'static str {
        match self {
            Wear::Intact => "intact",
            Wear::Damaged => "damaged",
            Wear::Broken => "broken",
            Wear::Destroyed => "destroyed",
        }
    }

    /// Reads the word back.
    pub fn from_word(word: &str) -> Option<Wear> {
        [Wear::Intact, Wear::Damaged, Wear::Broken, Wear::Destroyed]
            .into_iter()
            .find(|w| w.word().eq_ignore_ascii_case(word))
    }
}

/// A piece of gear's state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Item {
    /// Its name on the sheet ("Sword").
    pub name: String,
    /// How worn it is.
    pub wear: Wear,
    /// Usages marked against it (weapons that wear with use); 0 when it has none.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub spent: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl Item {
    /// How the GM reads it: "Sword: damaged", "Axe: 2 usages".
    pub fn text(&self) -> String {
        match (self.wear, self.spent) {
            (wear, 0) => format!("{}: {}", self.name, wear.word()),
            (Wear::Intact, n) => format!("{}: {n} usage{}", self.name, plural(n)),
            (wear, n) => format!("{}: {}, {n} usage{}", self.name, wear.word(), plural(n)),
        }
    }
}

fn plural(n: u32) -> &'static str {
    if n == 1 { "" } else { "s" }
}

impl Condition {
    /// Whether the character is as its sheet says.
    pub fn is_whole(&self) -> bool {
        *self == Condition::default()
    }

    /// Whether a lasting harm with this label is carried.
    pub fn has(&self, label: &str) -> bool {
        self.lasting.iter().any(|l| l.label.eq_ignore_ascii_case(label))
    }

    /// A track's value now, given the sheet.
    pub fn track(&self, sheet: &serde_json::Value, name: &str) -> Option<i64> {
        self.tracks
            .get(name)
            .copied()
            .or_else(|| block_tracks(sheet).into_iter().find(|t| t.name == name).map(|t| t.value))
    }

    /// Sets a track, forgetting it when it is back at the sheet's value (or 0, for a count the
    /// sheet does not keep).
    pub fn set_track(&mut self, sheet: &serde_json::Value, name: &str, value: i64) {
        let start = block_tracks(sheet).into_iter().find(|t| t.name == name).map_or(0, |t| t.value);
        if start == value {
            self.tracks.remove(name);
        } else {
            self.tracks.insert(name.to_owned(), value);
        }
    }

    /// Sets a lasting stat, forgetting it when it is back at the sheet's value (or 0 when
    /// the sheet has none).
    pub fn set_stat(&mut self, sheet: &serde_json::Value, name: &str, value: i64) {
        let start = block_stats(sheet).into_iter().find(|s| s.name == name).map_or(0, |s| s.value);
        if start == value {
            self.stats.remove(name);
        } else {
            self.stats.insert(name.to_owned(), value);
        }
    }

    /// Moves a track `by` points back toward its sheet value (all the way with `None`):
    /// HP up to its maximum, Fatigue down to none. Returns how far it moved.
    pub fn mend_track(&mut self, sheet: &serde_json::Value, name: &str, by: Option<i64>) -> i64 {
        let Some(start) = block_tracks(sheet).into_iter().find(|t| t.name == name).map(|t| t.value)
        else {
            return 0;
        };
        let Some(now) = self.tracks.get(name).copied() else { return 0 };
        let to = toward(now, start, by);
        self.set_track(sheet, name, to);
        (to - now).abs()
    }

    /// Moves a lasting stat `by` points back toward its sheet value (or 0), all the way with
    /// `None`.
    pub fn mend_stat(&mut self, sheet: &serde_json::Value, name: &str, by: Option<i64>) {
        let start = block_stats(sheet).into_iter().find(|s| s.name == name).map_or(0, |s| s.value);
        let Some(now) = self.stats.get(name).copied() else { return };
        self.set_stat(sheet, name, toward(now, start, by));
    }

    /// Lifts a lasting harm (and the conditions it kept on the token), or a condition a harm
    /// keeps on the token (the harm stays).
    pub fn lift(&mut self, label: &str) {
        self.lasting.retain(|l| !l.label.eq_ignore_ascii_case(label));
        for l in &mut self.lasting {
            l.also.retain(|a| !a.eq_ignore_ascii_case(label));
        }
    }

    /// The condition at a glance, for a card or a library row: "HP 2/6 · Fatigue 3 ·
    /// Shattered kneecap · Sword: damaged"; "unhurt" when whole.
    /// `first` are the tracks to name first (the procedure's main tracks), the others follow
    /// in the sheet's order.
    pub fn summary(&self, sheet: &serde_json::Value, first: &[&str]) -> String {
        if self.is_whole() {
            return "unhurt".to_owned();
        }
        let mut parts = Vec::new();
        for t in tracks_in_order(sheet, first) {
            let Some(value) = self.tracks.get(&t.name) else { continue };
            // A track that fills as it worsens (Fatigue) reads as a count; one that drains
            // reads against its maximum.
            parts.push(if t.value < t.max {
                format!("{} {value}", stat_label(&t.name))
            } else {
                format!("{} {value}/{}", stat_label(&t.name), t.max)
            });
        }
        let on_sheet: Vec<_> = block_tracks(sheet).into_iter().map(|t| t.name).collect();
        for (name, value) in self.tracks.iter().filter(|(n, _)| !on_sheet.contains(n)) {
            parts.push(format!("{} {value}", stat_label(name)));
        }
        parts.extend(self.stats.iter().map(|(n, v)| format!("{} {v}", stat_label(n))));
        if !self.log.is_empty() {
            parts.push(log_text(&self.log));
        }
        parts.extend(self.lasting.iter().map(|l| capitalised(&l.label)));
        parts.extend(self.items.values().map(Item::text));
        parts.join(" · ")
    }

    /// The combatant made from the sheet, as this condition leaves it: tracks at their
    /// values now (never over the maximum), lasting stats, lasting harm on the token. Gear is
    /// the procedure's (see [`super::Aftermath::enter_items`]).
    pub fn enter(&self, combatant: &mut NewCombatant) {
        for t in &mut combatant.tracks {
            if let Some(value) = self.tracks.get(&t.name) {
                t.value = (*value).min(t.max);
            }
        }
        for (name, value) in &self.stats {
            match combatant.stats.iter_mut().find(|s| &s.name == name) {
                Some(s) => s.value = *value,
                None => combatant
                    .stats
                    .push(crate::encounter::Stat { name: name.clone(), value: *value }),
            }
        }
        for l in &self.lasting {
            for label in std::iter::once(&l.label).chain(&l.also) {
                if !combatant.conditions.contains(label) {
                    combatant.conditions.push(label.clone());
                }
            }
        }
    }
}

/// `now` moved `by` points toward `start` (all the way with `None`), never past it.
fn toward(now: i64, start: i64, by: Option<i64>) -> i64 {
    let gap = (start - now).abs();
    now + by.map_or(gap, |by| by.clamp(0, gap)) * (start - now).signum()
}

/// A condition's label as the GM reads it: its first letter in capitals ("Arm wound").
pub fn capitalised(label: &str) -> String {
    let mut chars = label.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The sheet's tracks, `first` first (in that order), then the rest in the sheet's order.
pub fn tracks_in_order(sheet: &serde_json::Value, first: &[&str]) -> Vec<crate::encounter::Track> {
    let mut tracks = block_tracks(sheet);
    tracks.sort_by_key(|t| first.iter().position(|f| *f == t.name).unwrap_or(first.len()));
    tracks
}

/// The main tracks of a procedure by id, to name first.
pub fn main_tracks(system: crate::ids::SystemId) -> &'static [&'static str] {
    system.system().main_tracks()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::SideId;
    use serde_json::json;

    fn sheet() -> serde_json::Value {
        json!({"tracks": {"hp": 6, "str": 13, "fatigue": {"value": 0, "max": 10}}})
    }

    #[test]
    fn an_empty_condition_is_an_unhurt_character_and_reads_so() {
        let whole: Condition = serde_json::from_str("{}").unwrap();
        assert!(whole.is_whole());
        assert_eq!(whole.summary(&sheet(), &[]), "unhurt");
        assert_eq!(serde_json::to_string(&whole).unwrap(), "{}");
    }

    #[test]
    fn the_summary_shows_tracks_harm_and_gear_at_a_glance() {
        let mut c = Condition::default();
        c.set_track(&sheet(), "hp", 2);
        c.set_track(&sheet(), "fatigue", 3);
        c.lasting.push(Lasting {
            label: "shattered kneecap".into(),
            detail: "blunt injuries, 3: prone until healed".into(),
            also: vec!["prone".into()],
            mends_with: Vec::new(),
        });
        c.items.insert(
            "weapon:0".into(),
            Item { name: "Sword".into(), wear: Wear::Damaged, spent: 0 },
        );
        assert_eq!(
            c.summary(&sheet(), &["hp"]),
            "HP 2/6 · Fatigue 3 · Shattered kneecap · Sword: damaged"
        );
    }

    #[test]
    fn a_track_back_at_its_sheet_value_is_forgotten() {
        let mut c = Condition::default();
        c.set_track(&sheet(), "hp", 2);
        c.set_track(&sheet(), "hp", 6);
        assert!(c.is_whole());
        c.set_stat(&sheet(), "wounds", 1);
        c.set_stat(&sheet(), "wounds", 0);
        assert!(c.is_whole());
    }

    #[test]
    fn entering_a_fight_sets_tracks_stats_and_lasting_harm_on_the_token() {
        let mut c = Condition::default();
        c.set_track(&sheet(), "hp", 2);
        c.set_track(&sheet(), "fatigue", 12);
        c.set_stat(&sheet(), "wounds", 1);
        c.lasting.push(Lasting {
            label: "shattered kneecap".into(),
            detail: String::new(),
            also: vec!["prone".into()],
            mends_with: Vec::new(),
        });
        let mut new = NewCombatant::named("Harald", SideId(1));
        new.tracks = block_tracks(&sheet());
        c.enter(&mut new);
        let value = |n: &str| new.tracks.iter().find(|t| t.name == n).unwrap().value;
        assert_eq!((value("hp"), value("str"), value("fatigue")), (2, 13, 10));
        assert_eq!(new.stats[0].value, 1);
        assert_eq!(new.conditions, ["shattered kneecap", "prone"]);
    }
}
