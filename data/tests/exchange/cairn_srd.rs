//! The Cairn SRD's 145 monster pages as published (`tests/corpus/statblocks/
//! cairn-srd-monsters.md`) read as Block, Dodge, Parry stat blocks, checked entry by entry
//! against values worked out here from each page on its own: the heading, the numbers before
//! HP, Armor, STR, DEX and WIL on the stat line, one attack per die in parentheses ("claws
//! (d8+d8)" is two), every bullet in the notes. Then the dry run and the import agree.

use crate::db;
use crate::score::Tally;
use fray_data::exchange::{self, OnClash, PastedBlock, read_stat_blocks};
use serde_json::Value;

const FILE: &str = "cairn-srd-monsters.md";

/// One page as worked out from its text alone.
struct Page {
    name: String,
    numbers: Vec<(&'static str, i64)>,
    dice: Vec<i64>,
    bullets: Vec<String>,
}

/// The pages of the file: a heading, the next non-empty line is the stat line, bullets after.
fn pages(text: &str) -> Vec<Page> {
    let mut out: Vec<Page> = Vec::new();
    let mut lines = text.lines().map(str::trim).peekable();
    while let Some(line) = lines.next() {
        if let Some(name) = line.strip_prefix("# ") {
            let stats = lines.by_ref().find(|l| !l.is_empty()).unwrap_or_default();
            out.push(Page {
                name: name.trim().to_owned(),
                numbers: numbers(stats),
                dice: dice(stats),
                bullets: Vec::new(),
            });
        } else if let Some(b) = line.strip_prefix("- ")
            && let Some(page) = out.last_mut()
        {
            page.bullets.push(b.trim().to_owned());
        } else if !line.is_empty()
            && !line.starts_with("---")
            && let Some(page) = out.last_mut()
            && let Some(last) = page.bullets.last_mut()
            && !line.contains(": ")
        {
            // A bullet wrapped onto the next line.
            last.push(' ');
            last.push_str(line);
        }
    }
    out
}

/// "12 STR" as (tracks.str, 12), for each of the five labels the line has.
fn numbers(stats: &str) -> Vec<(&'static str, i64)> {
    let words: Vec<&str> = stats.split([' ', ',']).filter(|w| !w.is_empty()).collect();
    let mut out = Vec::new();
    for (label, key) in [
        ("HP", "tracks.hp"),
        ("Armor", "stats.armor"),
        ("STR", "tracks.str"),
        ("DEX", "tracks.dex"),
        ("WIL", "tracks.wil"),
    ] {
        if let Some(i) = words.iter().position(|w| *w == label)
            && i > 0
            && let Ok(n) = words[i - 1].parse::<i64>()
        {
            out.push((key, n));
        }
    }
    out
}

/// The size of each die of each attack, in order: "bite (d10), claws (d6+d6)" is 10, 6, 6.
fn dice(stats: &str) -> Vec<i64> {
    let mut out = Vec::new();
    let mut rest = stats;
    while let Some(open) = rest.find('(') {
        let close = rest[open..].find(')').map_or(rest.len(), |c| open + c);
        let first = rest[open + 1..close].split([',', ' ']).next().unwrap_or("");
        for die in first.split('+') {
            if let Some(n) = die.trim().strip_prefix(['d', 'D']).and_then(|n| n.parse().ok()) {
                out.push(n);
            }
        }
        rest = &rest[close.min(rest.len() - 1) + 1..];
    }
    out
}

fn field<'a>(b: &'a PastedBlock, key: &str) -> Option<&'a Value> {
    fray_app::system::schema::get(&b.entry.block, key)
}

/// What in `block` differs from `page`.
fn differences(block: &PastedBlock, page: &Page) -> Vec<String> {
    let mut out = Vec::new();
    if block.entry.name != page.name {
        out.push(format!("name {} for {}", block.entry.name, page.name));
    }
    for (key, n) in &page.numbers {
        if field(block, key).and_then(Value::as_i64) != Some(*n) {
            out.push(format!("{key} {:?}, the page says {n}", field(block, key)));
        }
    }
    let dice: Vec<i64> = field(block, "weapons")
        .and_then(Value::as_array)
        .map(|w| w.iter().filter_map(|w| w["die"].as_i64()).collect())
        .unwrap_or_default();
    if dice != page.dice {
        out.push(format!("weapon dice {dice:?}, the page says {:?}", page.dice));
    }
    let notes = field(block, "notes").and_then(Value::as_str).unwrap_or("");
    for b in &page.bullets {
        if !notes.contains(b.as_str()) {
            out.push(format!("notes lack '{b}'"));
        }
    }
    out
}

#[test]
fn the_cairn_srd_monsters_come_in_as_published() {
    fray_app::systems::registry();
    let text = crate::paste_fixture(FILE);
    let pages = pages(&text);
    assert_eq!(pages.len(), 145, "the pages worked out");
    let blocks =
        read_stat_blocks(FILE, &text, crate::sys("bdp")).unwrap_or_else(|e| panic!("{e:?}")).blocks;
    assert_eq!(blocks.len(), 145, "one entry a page, no junk from the bullets");
    let mut tally = Tally::new(FILE).read_into("Block, Dodge, Parry");
    for (block, page) in blocks.iter().zip(&pages) {
        tally.count(&page.name, &[], &differences(block, page));
    }
    // Every page right, field by field.
    assert_eq!(tally.finish("Cairn SRD pages, --text"), (145, 145));
    // A bow, a sling or a crossbow is ranged (it need not close in), read so from its name
    // and said so; no other weapon is.
    let mut shooters = Vec::new();
    for block in &blocks {
        for w in field(block, "weapons").and_then(Value::as_array).into_iter().flatten() {
            let name = w["name"].as_str().unwrap();
            let shoots = ["bow", "sling"].iter().any(|s| name.to_lowercase().contains(s));
            assert_eq!(w["ranged"] == true, shoots, "{}: {name}", block.entry.name);
            if shoots {
                let line = format!("Weapons: {name} is ranged, read so from its name");
                assert!(block.warnings.contains(&line), "{:?}", block.warnings);
                shooters.push(name);
            }
        }
    }
    // The seven stat lines of the pages that print one (short bow, longbow, crossbow, sling).
    let printed = text
        .lines()
        .filter(|l| l.contains(" WIL,") && (l.contains("bow (") || l.contains("sling (")))
        .count();
    assert_eq!((shooters.len(), printed), (7, 7), "{shooters:?}");
    // What a page's stat line has that no field takes is reported with it, never guessed.
    let boggart = blocks.iter().find(|b| b.entry.name == "Boggart").unwrap();
    assert!(
        boggart.warnings.iter().any(|w| w.contains("weapon"))
            || field(boggart, "weapons").is_none()
    );
}

#[test]
fn the_dry_run_of_the_cairn_srd_says_what_the_import_then_writes() {
    fray_app::systems::registry();
    let text = crate::paste_fixture(FILE);
    let blocks = read_stat_blocks(FILE, &text, crate::sys("bdp")).unwrap().blocks;
    let (_dir, db) = db();
    let clashes = exchange::clashes(&db, &blocks).unwrap();
    let file = exchange::pasted_file(&blocks, &clashes, |_| OnClash::KeepBoth);
    let dry = exchange::dry_run(&db, FILE, &file).expect("the dry run passes");
    assert_eq!(dry.added, 145, "every page would come in");
    let done = exchange::apply(&db, FILE, &file).expect("and so does the import");
    assert_eq!((done.added, done.changed), (dry.added, dry.changed));
}

#[test]
fn a_whole_books_worth_is_read_in_one_go() {
    fray_app::systems::registry();
    let text = crate::paste_fixture(FILE);
    // The bestiary ten times over, each page its own name: 1,450 blocks, past the 500 a
    // paste once held.
    let book: String = (1..=10).map(|i| text.replace("\n# ", &format!("\n# {i} "))).collect();
    let blocks = read_stat_blocks("book.md", &book, crate::sys("bdp"))
        .unwrap_or_else(|e| panic!("{e:?}"))
        .blocks;
    assert_eq!(blocks.len(), 1_450);
}
