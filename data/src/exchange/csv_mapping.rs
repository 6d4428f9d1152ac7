//! How a spreadsheet's columns map onto a creature: each header matched to a field of the
//! system's stat block by its key, label or a usual synonym ("AC", "Armour"), or to a field
//! near enough in spelling to be named as a suggestion; and the separator of the header line.

use super::csv::{NAME, NOTES, TAGS};
use super::problem::{ImportProblem, Problems};
use fray_app::ids::SystemId;
use serde_json::Value;
use std::collections::HashMap;

/// How the columns of a CSV file map onto a creature: each header with the key of the field
/// it fills (`name`, `tags`, or a schema key such as `tracks.hp`), or `None` when the column
/// is ignored. [`CsvMapping::propose`] guesses it from the headers; the GM may change it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CsvMapping {
    /// Each header, in file order, and its target key.
    pub columns: Vec<(String, Option<String>)>,
    /// The separator found in the header line (`,`, `;` or tab).
    pub delimiter: u8,
    /// Headers the GM chose to leave out: no warning for them.
    pub ignored: Vec<String>,
}

/// What a CSV column can fill for `system`: `(key, label)` of the name, the tags, then every
/// field of its creature blocks (and the notes, if its schema has none).
/// Empty for an unknown system.
pub fn csv_targets(system: SystemId) -> Vec<(String, String)> {
    let system = system.system();
    let mut out = vec![(NAME.to_owned(), "Name".to_owned()), (TAGS.to_owned(), "Tags".to_owned())];
    let fields = system.block_schema().fields_for(false);
    let mut has_notes = false;
    for f in fields {
        has_notes |= f.key == NOTES;
        out.push((f.key.to_owned(), f.label.to_owned()));
    }
    if !has_notes {
        out.push((NOTES.to_owned(), "Notes".to_owned()));
    }
    out
}

/// Words spreadsheets and books use for the same field: a header in a group matches a target
/// whose label or key (its last part) is in the group.
const SYNONYMS: &[&[&str]] = &[
    &["armour", "armor", "ac", "armour class", "armor class", "arm", "armour value", "armor value"],
    &["hp", "hit points", "hit point", "hit protection", "hits", "health", "hit"],
    &["str", "strength"],
    &["dex", "dexterity"],
    &["wil", "will", "willpower"],
    &["agi", "agility"],
    &["wit", "wits"],
    &["name", "creature", "monster", "npc"],
    &["tags", "keywords", "labels"],
    &["notes", "description", "special", "remarks"],
    &["hd", "hit dice", "hit die"],
    &["wp", "wound points", "wounds"],
    &["magic_dice", "magic dice", "md"],
    &["move", "speed", "movement", "mv"],
    &["morale", "ml"],
];

/// A header or a name as matching sees it: lower case, blanks and `_` as single spaces.
fn folded(text: &str) -> String {
    text.trim().to_lowercase().replace('_', " ").split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Whether `header` names the target `(key, label)`: its key, its key's last part, its label,
/// or a word of the same synonym group.
pub(super) fn names(header: &str, key: &str, label: &str) -> bool {
    let last = key.rsplit('.').next().unwrap_or(key);
    let own = [key, last, label];
    if own.iter().any(|o| same_folded(o, header)) {
        return true;
    }
    // Compared without building a folded copy of each word: a stat block's every piece is
    // matched against every field, and each copy cost an allocation (an SRD wiki took 12 s).
    SYNONYMS.iter().any(|group| {
        group.iter().any(|w| same_folded(w, header))
            && group.iter().any(|w| own.iter().any(|o| same_folded(o, w)))
    })
}

/// Whether two texts are the same as [`folded`] sees them, without building either.
fn same_folded(a: &str, b: &str) -> bool {
    fn chars(text: &str) -> impl Iterator<Item = char> + '_ {
        text.split(|c: char| c.is_whitespace() || c == '_')
            .filter(|w| !w.is_empty())
            .enumerate()
            .flat_map(|(i, w)| (i > 0).then_some(' ').into_iter().chain(w.chars()))
            .flat_map(char::to_lowercase)
    }
    // Most words differ at once: their first letters say so without the fold.
    let first = |t: &str| {
        t.trim_start_matches(|c: char| c.is_whitespace() || c == '_')
            .chars()
            .next()
            .map(|c| c.to_ascii_lowercase())
    };
    first(a) == first(b) && chars(a).eq(chars(b))
}

/// The edit distance of two short texts (for the nearest field of an unmapped column).
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let here = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != *cb)).min(row[j] + 1).min(row[j + 1] + 1);
            prev = here;
        }
    }
    row[b.len()]
}

impl CsvMapping {
    /// The mapping the headers of `text` suggest for `system`: each header matched, ignoring
    /// case, blanks and `_`, to a target's key, label or their usual synonyms (`Armor`,
    /// `Armour`, `AC`; `HP`, `Hit Protection`, `Health`...: [`csv_targets`]); a target takes
    /// the first column that names it. `file` names the file in messages.
    pub fn propose(file: &str, text: &str, system: SystemId) -> Result<CsvMapping, Problems> {
        let targets = csv_targets(system);
        let delimiter = delimiter(text);
        let mut reader = csv::ReaderBuilder::new()
            .delimiter(delimiter)
            .flexible(true)
            .from_reader(text.as_bytes());
        let headers = reader.headers().map_err(|e| {
            Problems::from(ImportProblem::entry(
                file,
                "row 1",
                None,
                format!("cannot be read: {e}"),
            ))
        })?;
        let mut taken = Vec::new();
        let columns = headers
            .iter()
            .map(|h| {
                let wanted = h.trim();
                // An exact key or label first, then a synonym.
                let exact = targets.iter().find(|(k, l)| {
                    !taken.contains(k)
                        && (folded(k) == folded(wanted) || folded(l) == folded(wanted))
                });
                let found = exact
                    .or_else(|| {
                        targets.iter().find(|(k, l)| !taken.contains(k) && names(wanted, k, l))
                    })
                    .map(|(k, _)| k.clone());
                if let Some(k) = &found {
                    taken.push(k.clone());
                }
                (h.to_owned(), found)
            })
            .collect();
        Ok(CsvMapping { columns, delimiter, ignored: Vec::new() })
    }

    /// Points `header` at `target` (a key, a label or a synonym; `ignore` or nothing drops
    /// the column), as the GM says with `--map` or in the window. The error names what is
    /// wrong and what would do.
    pub fn set(&mut self, system: SystemId, header: &str, target: &str) -> Result<(), String> {
        let Some(i) = self.columns.iter().position(|(h, _)| folded(h) == folded(header)) else {
            let known: Vec<&str> = self.columns.iter().map(|(h, _)| h.as_str()).collect();
            return Err(format!(
                "there is no column '{header}' (the columns: {})",
                known.join(", ")
            ));
        };
        let t = folded(target);
        if t.is_empty() || t == "ignore" || t == "ignored" {
            self.ignore(i);
            return Ok(());
        }
        let targets = csv_targets(system);
        let found = targets
            .iter()
            .find(|(k, l)| folded(k) == t || folded(l) == t)
            .or_else(|| targets.iter().find(|(k, l)| names(target, k, l)));
        let Some((key, _)) = found else {
            return Err(format!(
                "'{target}' is no field of {system} (see --list-fields){}",
                nearest(&targets, target).map_or(String::new(), |n| format!("; nearest: {n}"))
            ));
        };
        for column in &mut self.columns {
            if column.1.as_deref() == Some(key.as_str()) {
                column.1 = None;
            }
        }
        self.columns[i].1 = Some(key.clone());
        Ok(())
    }

    /// Leaves column `i` out, on purpose: no warning for it.
    pub fn ignore(&mut self, i: usize) {
        if let Some((header, target)) = self.columns.get_mut(i) {
            *target = None;
            if !self.ignored.contains(header) {
                self.ignored.push(header.clone());
            }
        }
    }

    /// The columns that fill no field, each with the nearest field's label and key, for the
    /// warning the GM sees before importing: `'Size' fills no field (nearest: STR, tracks.str)`.
    pub fn unmapped(&self, system: SystemId) -> Vec<String> {
        let targets = csv_targets(system);
        self.columns
            .iter()
            .filter(|(h, k)| k.is_none() && !self.ignored.contains(h))
            .map(|(h, _)| {
                let near = nearest(&targets, h).map_or_else(
                    || " (no field is spelled like it)".to_owned(),
                    |n| format!(" (nearest: {n})"),
                );
                format!("column '{h}' fills no field and is left out{near}")
            })
            .collect()
    }

    /// Every warning the GM sees before importing: the columns that fill no field
    /// ([`Self::unmapped`]), then the fields the procedure needs that no column fills
    /// ([`Self::unfilled`]).
    pub fn warnings(&self, system: SystemId) -> Vec<String> {
        let mut out = self.unmapped(system);
        out.extend(self.unfilled(system));
        out
    }

    /// The fields the procedure needs that no column fills, each with what every creature
    /// gets instead: `no column for HP: every creature gets 4`.
    pub fn unfilled(&self, system: SystemId) -> Vec<String> {
        let system = system.system();
        let mapped: Vec<&str> = self.columns.iter().filter_map(|(_, k)| k.as_deref()).collect();
        system
            .block_schema()
            .fields_for(false)
            .filter(|f| f.required && !mapped.contains(&f.key))
            .map(|f| {
                let gets = match f.default_value() {
                    Some(Value::Number(n)) => format!("every creature gets {n}"),
                    Some(Value::String(s)) => format!("every creature gets '{s}'"),
                    Some(Value::Object(o)) if o.get("value").is_some_and(Value::is_number) => {
                        format!("every creature gets {}", o["value"])
                    }
                    Some(_) => "every creature gets its default".to_owned(),
                    None => "every creature is left without it".to_owned(),
                };
                format!("no column for {}: {gets}", f.label)
            })
            .collect()
    }

    /// The mapping as lines to show: `HP -> tracks.hp (HP)`, `Size -> (ignored)`.
    pub fn describe(&self, system: SystemId) -> Vec<String> {
        let targets: HashMap<String, String> = csv_targets(system).into_iter().collect();
        self.columns
            .iter()
            .map(|(h, k)| match k {
                Some(k) => {
                    let label = targets.get(k).map_or(String::new(), |l| format!(" ({l})"));
                    format!("{h} -> {k}{label}")
                }
                None => format!("{h} -> (ignored)"),
            })
            .collect()
    }
}

/// The target nearest to `header` by spelling, `Label (key)`, when one is near enough to be
/// a slip of the keys (a third of the letters at most).
fn nearest(targets: &[(String, String)], header: &str) -> Option<String> {
    let h = folded(header);
    let last = |k: &str| folded(k.rsplit('.').next().unwrap_or(k));
    targets
        .iter()
        .map(|(k, l)| {
            let d =
                distance(&h, &folded(l)).min(distance(&h, &folded(k))).min(distance(&h, &last(k)));
            (d, k, l)
        })
        .filter(|(d, _, _)| *d <= (h.chars().count() / 3).max(1))
        .min_by_key(|(d, _, _)| *d)
        .map(|(_, k, l)| format!("{l} ({k})"))
}

/// The separator of the header line: whichever of `,`, `;` and tab it has most of outside
/// quotes (a comma when it has none).
fn delimiter(text: &str) -> u8 {
    let header = text.lines().next().unwrap_or("");
    let mut counts = [0usize; 3];
    let mut quoted = false;
    for c in header.chars() {
        match c {
            '"' => quoted = !quoted,
            ',' if !quoted => counts[0] += 1,
            ';' if !quoted => counts[1] += 1,
            '\t' if !quoted => counts[2] += 1,
            _ => {}
        }
    }
    let best = (0..3).max_by_key(|&i| (counts[i], std::cmp::Reverse(i))).unwrap_or(0);
    if counts[best] == 0 { b',' } else { [b',', b';', b'\t'][best] }
}
