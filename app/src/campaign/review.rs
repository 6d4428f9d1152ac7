//! The lines of a write-back: what a fight or a rest changes in a character's condition, one
//! line per thing the GM may untick or change ("HP 6 → 2", "Sword: damaged").

use super::aftermath::Aftermath;
use super::condition::{Condition, Item, Lasting, Logged, log_text};
use crate::command::{block_stats, block_tracks};
use crate::encounter::stat_label;
use serde::{Deserialize, Serialize};

/// One change to a condition.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "change", rename_all = "snake_case")]
pub enum Change {
    /// A track's value.
    Track {
        /// Its name.
        name: String,
        /// Its value before.
        from: i64,
        /// Its value after.
        to: i64,
    },
    /// A lasting stat's value.
    Stat {
        /// Its name.
        name: String,
        /// Its value before.
        from: i64,
        /// Its value after.
        to: i64,
    },
    /// A lasting harm taken.
    Gains(Lasting),
    /// A lasting harm healed or lifted.
    Loses(Lasting),
    /// A piece of gear's state.
    Item {
        /// Its key.
        key: String,
        /// Its state before (none: as the sheet has it).
        from: Option<Item>,
        /// Its state after (none: as the sheet has it again).
        to: Option<Item>,
    },
    /// The log of hits (d12's injury log): new wounds noted, healed ones cleared.
    Log {
        /// The log before.
        from: Vec<Logged>,
        /// The log after.
        to: Vec<Logged>,
    },
}

impl Change {
    /// The line the GM reads: "HP 6 → 2", "Shattered kneecap (blunt injuries, 3)", "Sword:
    /// damaged".
    pub fn text(&self) -> String {
        match self {
            Change::Track { name, from, to } | Change::Stat { name, from, to } => {
                format!("{} {from} → {to}", stat_label(name))
            }
            Change::Gains(l) => l.text(),
            Change::Loses(l) => format!("{}: healed", super::condition::capitalised(&l.label)),
            Change::Item { to: Some(item), .. } => item.text(),
            Change::Item { from: Some(item), to: None, .. } => format!("{}: mended", item.name),
            Change::Item { key, .. } => format!("{key}: as on the sheet"),
            Change::Log { to, .. } => log_text(to),
        }
    }

    /// The field this line changes, as a key: `track:hp`, `stat:str`, `lasting:frail`,
    /// `item:weapon:0`. Two changes of one field never stand in one step.
    pub fn field(&self) -> String {
        match self {
            Change::Track { name, .. } => format!("track:{name}"),
            Change::Stat { name, .. } => format!("stat:{name}"),
            Change::Gains(l) | Change::Loses(l) => format!("lasting:{}", l.label.to_lowercase()),
            Change::Item { key, .. } => format!("item:{key}"),
            Change::Log { .. } => "log".to_owned(),
        }
    }

    /// The field as the GM reads it: "HP", "Frail", "Sword".
    pub fn field_label(&self) -> String {
        match self {
            Change::Track { name, .. } | Change::Stat { name, .. } => stat_label(name),
            Change::Gains(l) | Change::Loses(l) => super::condition::capitalised(&l.label),
            Change::Item { from: Some(item), .. } | Change::Item { to: Some(item), .. } => {
                item.name.clone()
            }
            Change::Item { key, .. } => key.clone(),
            Change::Log { .. } => "Wounds".to_owned(),
        }
    }

    /// The number the GM may change on this line, if it has one.
    pub fn value(&self) -> Option<i64> {
        match self {
            Change::Track { to, .. } | Change::Stat { to, .. } => Some(*to),
            _ => None,
        }
    }

    /// The same line with another number: refused (in the field's words) when the line has
    /// none, or the number is past what the sheet allows or under what the procedure `of`
    /// lets the field hold.
    pub fn with_value(
        &self,
        of: &dyn Aftermath,
        sheet: &serde_json::Value,
        value: i64,
    ) -> Result<Change, String> {
        match self {
            Change::Track { name, from, .. } => {
                let max = block_tracks(sheet).into_iter().find(|t| &t.name == name).map(|t| t.max);
                if let Some(max) = max.filter(|max| value > *max) {
                    return Err(format!("{}: {value} is over its maximum {max}", stat_label(name)));
                }
                let (least, why) = of.track_least(sheet, name);
                if value < least {
                    let why = if why.is_empty() { String::new() } else { format!(" ({why})") };
                    return Err(format!(
                        "{}: {value} is under the least it can hold, {least}{why}",
                        stat_label(name)
                    ));
                }
                Ok(Change::Track { name: name.clone(), from: *from, to: value })
            }
            // A lasting stat counts what was lost or taken (severe wounds, ability damage, an
            // ability now): never under nothing.
            Change::Stat { name, .. } if value < 0 => {
                Err(format!("{}: {value} is under 0", stat_label(name)))
            }
            Change::Stat { name, from, .. } => {
                Ok(Change::Stat { name: name.clone(), from: *from, to: value })
            }
            other => Err(format!("{}: has no number to change", other.text())),
        }
    }
}

/// The changes from `before` to `after`, in the order a GM reads a sheet: tracks, stats, harm
/// taken, harm healed, gear.
/// `first` are the tracks to list first (the procedure's main tracks).
pub fn changes(
    sheet: &serde_json::Value,
    first: &[&str],
    before: &Condition,
    after: &Condition,
) -> Vec<Change> {
    let mut out = Vec::new();
    let mut names: Vec<String> =
        super::condition::tracks_in_order(sheet, first).into_iter().map(|t| t.name).collect();
    names.extend(before.tracks.keys().chain(after.tracks.keys()).cloned());
    let mut seen = std::collections::BTreeSet::new();
    let on_sheet: Vec<String> = block_tracks(sheet).into_iter().map(|t| t.name).collect();
    for name in names.into_iter().filter(|n| seen.insert(n.clone())) {
        // A count the sheet does not keep (Murdham's sickness saves) is nothing when absent.
        let absent = if on_sheet.contains(&name) { None } else { Some(0) };
        let (from, to) =
            (before.track(sheet, &name).or(absent), after.track(sheet, &name).or(absent));
        if let (Some(from), Some(to)) = (from, to)
            && from != to
        {
            out.push(Change::Track { name, from, to });
        }
    }
    let stat = |c: &Condition, name: &str| {
        c.stats.get(name).copied().unwrap_or_else(|| {
            block_stats(sheet).into_iter().find(|s| s.name == name).map_or(0, |s| s.value)
        })
    };
    let stat_names: std::collections::BTreeSet<_> =
        before.stats.keys().chain(after.stats.keys()).collect();
    for name in stat_names {
        let (from, to) = (stat(before, name), stat(after, name));
        if from != to {
            out.push(Change::Stat { name: name.clone(), from, to });
        }
    }
    for l in after.lasting.iter().filter(|l| !before.has(&l.label)) {
        out.push(Change::Gains(l.clone()));
    }
    for l in before.lasting.iter().filter(|l| !after.has(&l.label)) {
        out.push(Change::Loses(l.clone()));
    }
    // A condition an injury kept on the token that ended while the injury stays.
    for l in &after.lasting {
        let Some(was) = before.lasting.iter().find(|b| b.label.eq_ignore_ascii_case(&l.label))
        else {
            continue;
        };
        for rider in was.also.iter().filter(|r| !l.also.contains(r)) {
            out.push(Change::Loses(Lasting::named(rider)));
        }
    }
    let keys: std::collections::BTreeSet<_> =
        before.items.keys().chain(after.items.keys()).collect();
    for key in keys {
        let (from, to) = (before.items.get(key), after.items.get(key));
        if from != to {
            out.push(Change::Item { key: key.clone(), from: from.cloned(), to: to.cloned() });
        }
    }
    if before.log != after.log {
        out.push(Change::Log { from: before.log.clone(), to: after.log.clone() });
    }
    out
}

/// `before` with `changes` made: the lines the GM kept, with the numbers the GM set.
pub fn apply(sheet: &serde_json::Value, before: &Condition, changes: &[Change]) -> Condition {
    let mut after = before.clone();
    for change in changes {
        match change {
            Change::Track { name, to, .. } => after.set_track(sheet, name, *to),
            Change::Stat { name, to, .. } => after.set_stat(sheet, name, *to),
            Change::Gains(l) => {
                if !after.has(&l.label) {
                    after.lasting.push(l.clone());
                }
            }
            Change::Loses(l) => after.lift(&l.label),
            Change::Item { key, to: Some(item), .. } => {
                after.items.insert(key.clone(), item.clone());
            }
            Change::Item { key, to: None, .. } => {
                after.items.remove(key);
            }
            Change::Log { to, .. } => after.log.clone_from(to),
        }
    }
    after
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::campaign::Wear;
    use crate::campaign::aftermath::Plain;
    use serde_json::json;

    fn sheet() -> serde_json::Value {
        json!({"tracks": {"hp": 6, "fatigue": {"value": 0, "max": 10}}, "stats": {"str": 13}})
    }

    fn hurt() -> Condition {
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
        c
    }

    #[test]
    fn a_fight_reads_as_one_line_per_change_in_sheet_order() {
        let lines: Vec<_> = changes(&sheet(), &["hp"], &Condition::default(), &hurt())
            .iter()
            .map(Change::text)
            .collect();
        assert_eq!(
            lines,
            [
                "HP 6 → 2",
                "Fatigue 0 → 3",
                "Shattered kneecap (blunt injuries, 3: prone until healed)",
                "Sword: damaged"
            ]
        );
    }

    #[test]
    fn applying_every_line_gives_the_after_and_none_gives_the_before() {
        let (before, after) = (Condition::default(), hurt());
        let all = changes(&sheet(), &["hp"], &before, &after);
        assert_eq!(apply(&sheet(), &before, &all), after);
        assert_eq!(apply(&sheet(), &before, &[]), before);
        let back = changes(&sheet(), &["hp"], &after, &before);
        assert_eq!(apply(&sheet(), &after, &back), before);
    }

    #[test]
    fn an_unticked_line_keeps_its_field_and_a_changed_number_is_written() {
        let all = changes(&sheet(), &["hp"], &Condition::default(), &hurt());
        let kept = [all[0].with_value(&Plain, &sheet(), 4).unwrap(), all[2].clone()];
        let after = apply(&sheet(), &Condition::default(), &kept);
        assert_eq!(after.summary(&sheet(), &["hp"]), "HP 4/6 · Shattered kneecap");
    }

    #[test]
    fn a_number_past_the_sheet_is_refused_under_its_field() {
        let all = changes(&sheet(), &["hp"], &Condition::default(), &hurt());
        assert_eq!(
            all[0].with_value(&Plain, &sheet(), 9).unwrap_err(),
            "HP: 9 is over its maximum 6"
        );
        assert_eq!(
            all[0].with_value(&Plain, &sheet(), -1).unwrap_err(),
            "HP: -1 is under the least it can hold, 0"
        );
        assert!(all[3].with_value(&Plain, &sheet(), 1).unwrap_err().contains("no number"));
    }
}
