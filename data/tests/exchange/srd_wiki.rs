//! The SRD 5.1's monsters as a Markdown wiki prints them (`tests/corpus/statblocks/
//! srd-5.1-wiki-monsters.md`: 319 pages — a chapter on reading stat blocks, then one page a
//! monster with a heading, a line in italics, bold labels, a table of abilities, traits and
//! `###### Actions`), read as Sovereign stat blocks in one go. The same monsters come from the
//! 5e-API's JSON (`tests/corpus/bestiaries/`); each page is scored ([`crate::score`]) against
//! the values worked out from that JSON alone (`foreign::from_srd_api`): HP, AC, hit dice,
//! speed, attack bonus, and one attack per action that hits with dice, with its range and
//! second damages; where the two sources differ, against what the wiki page prints.

use crate::foreign::{Expected, bestiary, from_srd_api, plus_dice, read as read_back};
use crate::paste_fixture as fixture;
use crate::score::Tally;
use fray_data::exchange::read_stat_blocks;
use serde_json::Value;

const FILE: &str = "srd-5.1-wiki-monsters.md";

/// The monsters whose hit points pass Sovereign's 500.
const TOO_BIG: &[&str] =
    &["Ancient Gold Dragon (Metallic)", "Ancient Red Dragon (Chromatic)", "Tarrasque"];

/// The text of each page (or stat block within one) by its title: from its heading to the
/// next heading of a page.
fn pages(text: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for line in text.lines() {
        let level = line.chars().take_while(|&c| c == '#').count();
        if (1..6).contains(&level) {
            out.push((line[level..].trim().to_owned(), String::new()));
        } else if let Some((_, page)) = out.last_mut() {
            page.push_str(line);
            page.push('\n');
        }
    }
    out
}

/// Whether the page prints the value Fray read for `field` (where the 5e-API's JSON gives
/// another: the two sources differ, and Fray reads the one it is given).
fn prints(page: &str, field: &str, got: &Expected) -> bool {
    let flat: String = page.chars().filter(|c| !c.is_whitespace()).collect();
    match field {
        "hp" => flat.contains(&format!("**HitPoints**{}(", got.hp)),
        "ac" => flat.contains(&format!("**ArmorClass**{}", got.ac)),
        "hd" => got.hd.is_some_and(|hd| flat.contains(&format!("**HitPoints**{}({hd}d", got.hp))),
        "speed" => got.speed.is_some_and(|s| flat.contains(&format!("**Speed**{s}ft"))),
        "atk" => got.atk.is_some_and(|a| flat.contains(&format!("+{a}tohit"))),
        // Each die and number of the damage (a second damage added to the first) printed,
        // and the range or reach.
        _ => got.attacks.iter().all(|(name, dmg, range, reach)| {
            let name: String = name.chars().filter(|c| !c.is_whitespace()).collect();
            let printed = dmg.split('+').all(|term| {
                flat.contains(&if term.starts_with('d') { format!("1{term}") } else { term.into() })
            });
            let range = range.is_none_or(|(normal, long)| {
                let long = long.map(|l| format!("/{l}")).unwrap_or_default();
                flat.contains(&format!("range{normal}{long}ft"))
            });
            let reach = reach.is_none_or(|r| flat.contains(&format!("reach{r}ft")));
            flat.contains(&format!("***{name}")) && printed && range && reach
        }),
    }
}

/// How many second damages every hit deals the attacks of a page print.
fn plus_dice_all(page: &str) -> usize {
    page.lines()
        .filter(|l| l.contains("Attack:"))
        .map(|l| plus_dice(&l.replace('*', "")).len())
        .sum()
}

/// What a page of the wiki's own (no 5e-API monster of its name) is checked against: its
/// own print ([`prints`]), every field.
fn unknown() -> Expected {
    Expected {
        hp: -1,
        ac: -1,
        hd: None,
        speed: None,
        atk: None,
        attacks: Vec::new(),
        riders: Vec::new(),
    }
}

#[test]
fn a_whole_wiki_of_srd_pages_comes_in_as_the_5e_api_gives_the_same_monsters() {
    let api: Vec<Value> = serde_json::from_str(&bestiary("5e-api-srd-2014-monsters.json")).unwrap();
    let text = fixture(FILE);
    // The three monsters past Sovereign's HP are left out, each by name and field; the rest
    // come in.
    let read = read_stat_blocks(FILE, &text, crate::sys("sovereign")).unwrap();
    let named: Vec<String> = read.left_out.iter().map(|p| p.to_string()).collect();
    assert_eq!(named.len(), TOO_BIG.len(), "{named:#?}");
    let mut tally = Tally::new(FILE);
    for (problem, name) in named.iter().zip(TOO_BIG) {
        assert!(problem.contains(&format!("({name}), field 'HP'")), "{problem}");
        tally.left_out(name, "HP past 500");
    }
    let pages = pages(&text);
    // Every monster is one block (316 pages, and a Half-Red Dragon Veteran on the template's
    // page), the chapter, the NPC advice and the template none.
    assert_eq!(read.blocks.len(), 314);
    let (mut same, mut ranged, mut riders) = (0, 0, 0);
    for block in &read.blocks {
        let got = read_back(block);
        ranged += got.attacks.iter().filter(|a| a.2.is_some()).count();
        riders += got.riders.len();
        let page = &pages.iter().find(|(title, _)| *title == block.entry.name).unwrap().1;
        // "Acolyte (NPC)", "Adult Black Dragon (Chromatic)": the wiki's pages say what kind.
        let name = block.entry.name.split(" (").next().unwrap();
        // Drow, Svirfneblin, the Vampire's forms: the wiki's own monsters, checked against
        // their page alone.
        let want = api.iter().find(|m| m["name"] == name).map_or_else(unknown, from_srd_api);
        same += usize::from(got == want);
        tally.judge(&block.entry.name, &got, &want, block, &|f| prints(page, f, &got));
    }
    let added = pages.iter().map(|(_, page)| plus_dice_all(page)).sum::<usize>();
    eprintln!(
        "{FILE}: {same} of {} exactly as the 5e-API gives them; {ranged} ranged attacks with \
         their range, {added} second damages in the pages, {riders} hits with other dice listed \
         as not read",
        read.blocks.len()
    );
    tally.finish("SRD wiki Markdown, --text");
    assert!(same * 100 >= read.blocks.len() * 85, "the two sources agree on most monsters");
}
