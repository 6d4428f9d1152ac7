//! The SRD 5.1's monsters as a Markdown wiki prints them (`tests/corpus/statblocks/
//! srd-5.1-wiki-monsters.md`: 319 pages — a chapter on reading stat blocks, then one page a
//! monster with a heading, a line in italics, bold labels, a table of abilities, traits and
//! `###### Actions`), read as Sovereign stat blocks in one go. The same monsters come from the
//! 5e-API's JSON (`tests/corpus/bestiaries/`); each page is checked against the values worked
//! out from that JSON alone (`foreign::from_srd_api`): HP, AC, hit dice, speed, attack bonus,
//! and one attack per action that hits with dice.

use crate::foreign::{Expected, bestiary, from_srd_api, plus_dice, read};
use crate::paste_fixture as fixture;
use fray_data::exchange::read_stat_blocks;
use serde_json::Value;

const FILE: &str = "srd-5.1-wiki-monsters.md";

/// The monsters whose hit points pass Sovereign's 500.
const TOO_BIG: &[&str] =
    &["Ancient Gold Dragon (Metallic)", "Ancient Red Dragon (Chromatic)", "Tarrasque"];

/// The pages without those whose titles are in `names`: each from its heading to the next
/// heading of a page (the wiki's pages head their sections, "###### Actions", at level 6).
fn without(text: &str, names: &[&str]) -> String {
    let mut out = String::new();
    let mut skipping = false;
    for line in text.lines() {
        let level = line.chars().take_while(|&c| c == '#').count();
        if (1..6).contains(&level) {
            skipping = names.contains(&line[level..].trim());
        }
        if !skipping {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

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
/// another: the two sources differ, and Fray reads the one it is given), or the value was one
/// Fray could not read, left at the default and kept among the `unread`.
fn prints(page: &str, field: &str, got: &Expected, unread: &[String]) -> bool {
    let flat: String = page.chars().filter(|c| !c.is_whitespace()).collect();
    match field {
        "hp" => flat.contains(&format!("**HitPoints**{}(", got.hp)),
        // "Armor Class 11 in humanoid form, 12 (natural armor) in wolf or hybrid form".
        "ac" if got.ac == 10 && unread.iter().any(|u| u.starts_with("Armor Class")) => true,
        "ac" => flat.contains(&format!("**ArmorClass**{}", got.ac)),
        "hd" => got.hd.is_some_and(|hd| flat.contains(&format!("**HitPoints**{}({hd}d", got.hp))),
        "speed" => got.speed.is_some_and(|s| flat.contains(&format!("**Speed**{s}ft"))),
        "atk" => got.atk.is_some_and(|a| flat.contains(&format!("+{a}tohit"))),
        // Each die and number of the damage (a second damage added to the first) printed,
        // and the range.
        _ => got.attacks.iter().all(|(name, dmg, range)| {
            let name: String = name.chars().filter(|c| !c.is_whitespace()).collect();
            let printed = dmg.split('+').all(|term| {
                flat.contains(&if term.starts_with('d') { format!("1{term}") } else { term.into() })
            });
            let range = range.is_none_or(|(normal, long)| {
                let long = long.map(|l| format!("/{l}")).unwrap_or_default();
                flat.contains(&format!("range{normal}{long}ft"))
            });
            flat.contains(&format!("***{name}")) && printed && range
        }),
    }
}

fn sorted<T: Clone + Ord>(items: &[T]) -> Vec<T> {
    let mut items = items.to_vec();
    items.sort();
    items
}

/// How many second damages every hit deals the attacks of a page print.
fn plus_dice_all(page: &str) -> usize {
    page.lines()
        .filter(|l| l.contains("Attack:"))
        .map(|l| plus_dice(&l.replace('*', "")).len())
        .sum()
}

/// The fields of `got` that are not as `want` has them.
fn differing(got: &Expected, want: &Expected) -> Vec<&'static str> {
    [
        ("hp", got.hp != want.hp),
        ("ac", got.ac != want.ac),
        ("hd", got.hd != want.hd),
        ("speed", got.speed != want.speed),
        ("atk", got.atk != want.atk),
        // The wiki and the JSON may list a creature's actions in another order.
        ("attacks", sorted(&got.attacks) != sorted(&want.attacks)),
        ("riders", got.riders != want.riders),
    ]
    .into_iter()
    .filter_map(|(field, differs)| differs.then_some(field))
    .collect()
}

#[test]
fn a_whole_wiki_of_srd_pages_comes_in_as_the_5e_api_gives_the_same_monsters() {
    let api: Vec<Value> = serde_json::from_str(&bestiary("5e-api-srd-2014-monsters.json")).unwrap();
    let text = fixture(FILE);
    // Read whole, the three monsters past Sovereign's HP are refused, each by name and field.
    let refused = read_stat_blocks(FILE, &text, crate::sys("sovereign")).unwrap_err();
    let named: Vec<String> = refused.list.iter().map(|p| p.to_string()).collect();
    assert_eq!(named.len(), TOO_BIG.len(), "{named:#?}");
    for (problem, name) in named.iter().zip(TOO_BIG) {
        assert!(problem.contains(&format!("({name}), field 'HP'")), "{problem}");
    }
    let text = without(&text, TOO_BIG);
    let pages = pages(&text);
    let blocks = read_stat_blocks(FILE, &text, crate::sys("sovereign")).unwrap();
    // Every monster is one block (316 pages, and a Half-Red Dragon Veteran on the template's
    // page), the chapter, the NPC advice and the template none.
    assert_eq!(blocks.len(), 314);
    let (mut same, mut as_printed) = (0, 0);
    let mut wrong = Vec::new();
    let (mut ranged, mut riders) = (0, 0);
    for block in &blocks {
        let got = read(block);
        ranged += got.attacks.iter().filter(|a| a.2.is_some()).count();
        riders += got.riders.len();
        let page = &pages.iter().find(|(title, _)| *title == block.entry.name).unwrap().1;
        // "Acolyte (NPC)", "Adult Black Dragon (Chromatic)": the wiki's pages say what kind.
        let name = block.entry.name.split(" (").next().unwrap();
        let fields = match api.iter().find(|m| m["name"] == name) {
            Some(source) => {
                let mut want: Expected = from_srd_api(source);
                want.atk = want.atk.or(Some(1));
                want.speed = want.speed.or(Some(30));
                differing(&got, &want)
            }
            // Drow, Svirfneblin, the Vampire's forms: the wiki's own monsters.
            None => vec!["hp", "ac", "hd", "speed", "atk", "attacks"],
        };
        if fields.is_empty() {
            same += 1;
            continue;
        }
        let unprinted: Vec<&str> =
            fields.into_iter().filter(|f| !prints(page, f, &got, &block.unread)).collect();
        if unprinted.is_empty() {
            as_printed += 1;
        } else {
            wrong.push(format!("{}: {unprinted:?} read {got:?}", block.entry.name));
        }
    }
    let added = pages.iter().map(|(_, page)| plus_dice_all(page)).sum::<usize>();
    eprintln!(
        "{FILE}: {same} of {} as the 5e-API gives them, {as_printed} more as the wiki prints \
         them; {ranged} ranged attacks with their range, {added} second damages in the pages, \
         {riders} hits with other dice listed as not read",
        blocks.len()
    );
    assert!(wrong.is_empty(), "{} read wrong:\n{}", wrong.len(), wrong.join("\n"));
    assert!(same * 100 >= blocks.len() * 85, "the two sources agree on most monsters");
}
