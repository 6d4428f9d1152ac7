//! The Old-School Essentials SRD's monsters as its Markdown wiki prints them (`tests/corpus/
//! statblocks/ose-srd-monsters.md`: 138 pages, 207 stat tables) and as the one-line stat
//! blocks adventures print (`ose-srd-lines.txt`, the same tables written as lines by
//! `tools/ose-tables-to-lines.py`), read as Sovereign creatures. Each creature is checked
//! against values worked out here from its table alone, with patterns strict enough that a
//! value printed any other way is expected unread: a field is right when it holds the
//! table's value, or, for a value the table gives in a way no field can hold ("7 [12] or 5
//! [14]", "8 / 12 / 16 (36 / 54 / 72hp)"), when it was left unread and kept in the notes.
//! At least 95 % must be right in every field, and no value may be wrong.

use crate::paste_fixture as fixture;
use crate::score::Tally;
use fray_app::dice::Dice;
use fray_data::exchange::{PastedBlock, read_stat_blocks};
use serde_json::{Value, json};

/// One stat table and the heading over it.
struct Table {
    name: String,
    rows: Vec<(String, String)>,
}

/// The tables of the pages, each with the nearest heading above it.
fn tables(text: &str) -> Vec<Table> {
    let mut out: Vec<Table> = Vec::new();
    let mut heading = String::new();
    let mut open = false;
    for line in text.lines().map(str::trim) {
        if let Some(title) = line.strip_prefix('#') {
            heading = title.trim_start_matches('#').trim().replace('*', "");
            open = false;
        } else if let Some(row) = line.strip_prefix('|') {
            let cells: Vec<String> =
                row.trim_end_matches('|').split('|').map(|c| c.trim().to_owned()).collect();
            if cells.len() != 2 || cells[0].chars().all(|c| c == '-' || c == ':') {
                continue;
            }
            if !open {
                out.push(Table { name: heading.clone(), rows: Vec::new() });
                open = true;
            }
            let value = cells[1].replace("**", "");
            out.last_mut().unwrap().rows.push((cells[0].clone(), value));
        } else if !line.is_empty() && !line.chars().all(|c| c == '-') {
            open = false;
        }
    }
    out
}

/// The number a whole cell is, if it is one ("7", "-1").
fn whole(text: &str) -> Option<i64> {
    text.trim().trim_start_matches('+').parse().ok()
}

/// "6 [13]" as 13, "19 [0]" as 0, "16 [+3]" as 3: a descending value and the ascending one.
fn bracketed(text: &str) -> Option<i64> {
    let (before, inside) = text.trim().split_once(" [")?;
    whole(before)?;
    whole(inside.strip_suffix(']')?)
}

/// "4* (18hp)", "1-1 (3hp)", "1hp", "½ (2hp)" as (hit dice, hit points).
fn hit_dice(text: &str) -> (Option<i64>, Option<i64>) {
    let text = text.replace('*', "");
    let hp = |t: &str| t.strip_suffix("hp").and_then(whole);
    if let Some(n) = hp(text.trim()) {
        return (None, Some(n));
    }
    let Some((count, rest)) = text.split_once(" (") else { return (None, None) };
    let Some(points) = rest.strip_suffix(')').and_then(hp) else { return (None, None) };
    if count == "½" {
        return (None, Some(points));
    }
    let dice = count.split(['+', '-']).next().and_then(whole);
    let adjust_ok = count.chars().all(|c| c.is_ascii_digit() || c == '+' || c == '-');
    if adjust_ok && dice.is_some() { (dice, Some(points)) } else { (None, None) }
}

/// "120’ (40’)" (and more rates after " / ") as 40, the rate per round.
fn per_round(text: &str) -> Option<i64> {
    let (_, inside) = text.split_once(" (")?;
    whole(inside.split_once("’)")?.0)
}

/// "2 × claw (1d3), 1 × bite (1d6)" as the attacks it makes (name, damage); the parts that
/// are not "N × name (dice)" plainly (with effects after " + " or "or by weapon") add none.
fn attacks(text: &str) -> Vec<(String, String)> {
    // The label, printed in the value by mistake once ("Att 1 × bite").
    let text = text.replace(['[', ']'], "");
    let text = text.strip_prefix("Att ").unwrap_or(&text);
    let mut out = Vec::new();
    let parts = text.split(", ").flat_map(|p| p.split(") or ")).flat_map(|p| p.split(" or 1 × "));
    for part in parts {
        // "Goat: 1 × gore (2d4)": the head's name goes before the attack's.
        let (head, part) = match part.split_once(": ") {
            Some((head, rest)) => (format!("{head} "), rest),
            None => (String::new(), part),
        };
        let (n, rest) = match part.split_once(" × ") {
            Some((count, rest)) => (whole(count).unwrap_or(0), rest),
            None => (1, part),
        };
        let Some((name, inside)) = rest.split_once(" (") else { continue };
        let name = if head.is_empty() {
            name.to_owned()
        } else {
            format!("{head}{}", name.to_lowercase())
        };
        let inside = inside.trim_end_matches(')');
        let first = inside.split(" or ").next().unwrap_or("");
        if first.contains(" / ") {
            // "1d8 / 2d8 / 3d8": one damage for each kind of the creature.
            continue;
        }
        let mut terms = first.split(" + ");
        let Some(dice) = terms.next().and_then(|d| Dice::parse(d).ok()) else { continue };
        let more: Vec<&str> = terms.collect();
        if dice.dice_count() == 0
            || more.iter().any(|t| t.starts_with(|c: char| c.is_ascii_digit()))
        {
            // "1d6 + 1" is one sum, read as such; "3d10 + 1d10 heat" none.
            if more.len() == 1 && whole(more[0]).is_some() {
                let sum = Dice::parse(&first.replace(' ', "")).unwrap().to_string();
                let mut name = name.clone();
                name[..1].make_ascii_uppercase();
                out.extend((0..n).map(|_| (name.clone(), sum.clone())));
            }
            continue;
        }
        let mut name = name.clone();
        name[..1].make_ascii_uppercase();
        out.extend((0..n).map(|_| (name.clone(), dice.to_string())));
    }
    out
}

/// Each field's value as worked out from the table: `None` where the table's value is one
/// the field cannot hold (expected unread).
fn expected(table: &Table) -> Vec<(&'static str, &'static str, Option<Value>)> {
    let row = |label: &str| table.rows.iter().find(|(l, _)| l == label).map(|(_, v)| v.as_str());
    let (hd, hp) = row("Hit Dice").map_or((None, None), hit_dice);
    // "7 (12 in melee)": the morale, and when it changes.
    let morale =
        row("Morale").and_then(|m| whole(m.split(" (").next()?)).filter(|m| (2..=12).contains(m));
    let listed: Vec<Value> = row("Attacks")
        .map(attacks)
        .unwrap_or_default()
        .into_iter()
        .map(|(name, dmg)| json!({"name": name, "dmg": dmg}))
        .collect();
    // "1hp": hit points alone, and no count of hit dice to read.
    let no_count = row("Hit Dice").is_some_and(|v| !v.contains('('));
    let hd_label = if no_count { "" } else { "Hit Dice" };
    vec![
        ("Armor Class", "stats.ac", row("Armor Class").and_then(bracketed).map(Value::from)),
        (hd_label, "stats.hd", hd.map(Value::from)),
        ("Hit Dice", "tracks.hp", hp.map(Value::from)),
        ("THAC0", "stats.atk", row("THAC0").and_then(bracketed).map(Value::from)),
        ("Movement", "stats.move", row("Movement").and_then(per_round).map(Value::from)),
        ("Morale", "stats.morale", morale.map(Value::from)),
        ("Attacks", "attacks", (!listed.is_empty()).then_some(Value::Array(listed))),
    ]
}

/// The block's value of `key`, stripped of traits (checked apart) for attacks.
fn value(block: &PastedBlock, key: &str) -> Option<Value> {
    let v = fray_app::system::schema::get(&block.entry.block, key)?.clone();
    if key != "attacks" {
        return Some(v);
    }
    let names = v.as_array()?.iter().map(|a| json!({"name": a["name"], "dmg": a["dmg"]}));
    Some(Value::Array(names.collect()))
}

/// Checks every creature of `file` against the tables; the share with every field right, and
/// the fields that were not. Each creature is counted in the corpus score ([`Tally`]) too:
/// right, reported (a value printed in a form no field holds, listed as not read), or silently
/// wrong.
fn check(file: &'static str, tables: &[Table]) -> (f64, Vec<String>) {
    fray_app::systems::registry();
    let blocks = read_stat_blocks(file, &fixture(file), crate::sys("sovereign"))
        .unwrap_or_else(|e| panic!("{e:?}"))
        .blocks;
    assert_eq!(blocks.len(), tables.len(), "{file}: one creature a table");
    let defaults =
        fray_app::systems::registry().get("sovereign").unwrap().block_schema().new_block(false);
    let mut right = 0;
    let mut wrong = Vec::new();
    let mut missed = Vec::new();
    let mut with_unread = 0;
    let mut tally = Tally::new(file);
    for (block, table) in blocks.iter().zip(tables) {
        let (wrong_before, missed_before) = (wrong.len(), missed.len());
        let mut said = Vec::new();
        with_unread += usize::from(
            expected(table).iter().any(|(l, _, w)| w.is_none() && !row_absent(table, l)),
        );
        assert_eq!(block.entry.name, table.name, "{file}, {}", block.at);
        let mut all = true;
        for (label, key, want) in expected(table) {
            let got = value(block, key);
            match want {
                Some(want) if got.as_ref() == Some(&want) => {}
                Some(want) => {
                    all = false;
                    missed.push(format!("{} {key}: {got:?}, not {want}", table.name));
                    let default = fray_app::system::schema::get(&defaults, key).cloned();
                    if got != default && got.is_some() {
                        wrong.push(format!("{} {key}: {got:?}, not {want}", table.name));
                    }
                }
                None => {
                    let default = fray_app::system::schema::get(&defaults, key).cloned();
                    let printed = row(table, label).and_then(|v| v.split(' ').next()).unwrap_or("");
                    let printed = printed.trim_end_matches('*');
                    let kept = block.unread.iter().any(|u| u.contains(printed));
                    if got != default && !(key == "attacks" && got == Some(json!([]))) {
                        wrong.push(format!(
                            "{} {key}: {got:?}, read from an unclear value",
                            table.name
                        ));
                    }
                    if !(kept || row_absent(table, label)) {
                        all = false;
                        missed.push(format!("{} {key}: unclear, and not kept", table.name));
                    } else if !row_absent(table, label) {
                        said.push(format!("{label} '{}'", row(table, label).unwrap_or("")));
                    }
                }
            }
        }
        right += usize::from(all);
        // A value read wrong or lost unsaid is silently wrong; one printed in a form no field
        // holds, kept in the notes, reported.
        let unsaid: Vec<String> =
            wrong[wrong_before..].iter().chain(&missed[missed_before..]).cloned().collect();
        tally.count(&table.name, &said, &unsaid);
    }
    assert!(wrong.is_empty(), "{file}: values read wrong:\n{}", wrong.join("\n"));
    // Two values for one field ("7 [12] or 5 [14]"), a damage by size, a range of counts: 41
    // tables print a value so, which no field of Sovereign's holds; counted as reported, they
    // leave 80 % of the creatures right with every field, under the 95 % of the other sources.
    tally.finish_at(
        if file.ends_with(".md") { "OSE SRD wiki tables" } else { "OSE one-line stat blocks" },
        80,
    );
    eprintln!(
        "{file}: {right} of {} with every field right ({with_unread} with a value left unread)",
        blocks.len()
    );
    (right as f64 / blocks.len() as f64, missed)
}

fn row<'a>(table: &'a Table, label: &str) -> Option<&'a str> {
    table.rows.iter().find(|(l, _)| l == label).map(|(_, v)| v.as_str())
}

fn row_absent(table: &Table, label: &str) -> bool {
    !table.rows.iter().any(|(l, _)| l == label)
}

#[test]
fn ose_srd_wiki_pages_come_in_with_every_field_right() {
    let tables = tables(&fixture("ose-srd-monsters.md"));
    assert_eq!(tables.len(), 207);
    let (share, missed) = check("ose-srd-monsters.md", &tables);
    assert!(share >= 0.95, "{:.1} % right; missed:\n{}", share * 100.0, missed.join("\n"));
}

#[test]
fn ose_one_line_stat_blocks_come_in_with_every_field_right() {
    let tables = tables(&fixture("ose-srd-monsters.md"));
    let (share, missed) = check("ose-srd-lines.txt", &tables);
    assert!(share >= 0.95, "{:.1} % right; missed:\n{}", share * 100.0, missed.join("\n"));
}
