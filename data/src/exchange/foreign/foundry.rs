//! Foundry VTT actors: one actor's JSON (its "Export Data"), a list of them, or a compendium
//! pack of lines (a `.db` file, one actor a line). Each game system keeps its own data under
//! `data` (older Foundry) or `system`; the actor's system is told by its data's shape, and one
//! Fray does not know is left out, said so.
//!
//! Cairn's actors (`hp`, `abilities.STR/DEX/WIL`, `armor`, items with a `damageFormula`): HP,
//! STR, DEX and WIL from their maximums, Armour from the actor or the armour its items give,
//! one weapon per item with damage — `2d6k` (roll both, keep the higher: how Cairn writes a
//! creature that strikes twice) as two d6 attacks, as the Cairn SRD prints `(d6+d6)` —, the
//! description's list items and the other items in the notes.

use super::{ForeignCreature, text_of};
use crate::exchange::strict::parse_each;
use serde_json::{Map, Value};

/// Whether `value` is a Foundry actor: a name, a type, and its system's data.
pub(super) fn is_actor(value: &Value) -> bool {
    value.get("name").is_some()
        && value.get("type").is_some_and(Value::is_string)
        && (value.get("system").is_some_and(Value::is_object)
            || value.get("data").is_some_and(Value::is_object))
}

/// Whether `text` is a compendium pack: its first line (blank ones skipped) an actor.
pub(super) fn is_pack(text: &str) -> bool {
    let first = text.lines().map(str::trim).find(|l| !l.is_empty());
    first.and_then(|l| serde_json::from_str::<Value>(l).ok()).is_some_and(|v| is_actor(&v))
}

/// The actors of one actor's JSON or a list of them, each read as a creature or why not and
/// handed to `take` as it is met. `Err` when the text is not one JSON value (a pack of
/// lines): the actors handed over before the fault are then the caller's to let go.
pub(super) fn json_actors(
    text: &str,
    take: &mut dyn FnMut(Result<ForeignCreature, String>),
) -> Result<(), serde_json::Error> {
    let mut de = serde_json::Deserializer::from_str(text);
    // Keys given twice are not looked for, as Foundry never writes them; the last one counts.
    parse_each(&mut de, text.len(), &mut |item, _| take(creature(item.value())))?;
    de.end()
}

/// The actors of a pack of lines (blank lines skipped), each parsed on its own and handed to
/// `take`; none when its first line is not an actor.
pub(super) fn pack_actors(text: &str, take: &mut dyn FnMut(Result<ForeignCreature, String>)) {
    if !is_pack(text) {
        return;
    }
    for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let actor = serde_json::from_str::<Value>(line)
            .map_err(|e| format!("line {} is not JSON: {e}", n + 1));
        take(actor.and_then(|a| creature(&a)));
    }
}

/// One actor as a creature, or why not.
fn creature(actor: &Value) -> Result<ForeignCreature, String> {
    if !is_actor(actor) {
        return Err("is not a Foundry actor (a name, a type and its data)".into());
    }
    let name = text_of(actor.get("name"));
    if name.is_empty() {
        return Err("has no name".into());
    }
    let data = actor.get("system").or_else(|| actor.get("data")).and_then(Value::as_object);
    let data = data.ok_or("has no data")?;
    let items: Vec<&Map<String, Value>> = actor
        .get("items")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_object)
        .collect();
    if is_cairn(data) {
        return Ok(cairn(name, text_of(actor.get("_id")), data, &items));
    }
    if super::foundry_wwn::is_wwn(data) {
        return Ok(super::foundry_wwn::wwn(name, text_of(actor.get("_id")), data, &items));
    }
    let mut keys: Vec<&str> = data.keys().map(String::as_str).collect();
    keys.truncate(8);
    Err(format!(
        "'{name}' is a Foundry actor of a game system Fray does not read (its data holds {})",
        keys.join(", ")
    ))
}

/// Cairn's actor data: HP and the three abilities.
fn is_cairn(data: &Map<String, Value>) -> bool {
    let abilities = data.get("abilities");
    data.get("hp").is_some()
        && ["STR", "DEX", "WIL"].iter().all(|a| abilities.and_then(|x| x.get(*a)).is_some())
}

/// A Cairn actor.
fn cairn(
    name: String,
    id: String,
    data: &Map<String, Value>,
    items: &[&Map<String, Value>],
) -> ForeignCreature {
    let mut c = ForeignCreature { name, id, ..ForeignCreature::default() };
    let top =
        |v: Option<&Value>| v.and_then(|v| v.get("max").or(Some(v))).map(|v| text_of(Some(v)));
    if let Some(hp) = top(data.get("hp")).filter(|s| !s.is_empty()) {
        c.pieces.push(format!("HP {hp}"));
    }
    for ability in ["STR", "DEX", "WIL"] {
        let value = top(data.get("abilities").and_then(|a| a.get(ability)));
        if let Some(v) = value.filter(|s| !s.is_empty()) {
            c.pieces.push(format!("{ability} {v}"));
        }
    }
    let item_data = |i: &Map<String, Value>| {
        i.get("system").or_else(|| i.get("data")).cloned().unwrap_or_default()
    };
    // The actor's own armour, else what its items give (Cairn adds them up).
    let worn: i64 =
        items.iter().filter_map(|i| item_data(i).get("armor").and_then(Value::as_i64)).sum();
    match data.get("armor").and_then(Value::as_i64) {
        Some(a) => c.pieces.push(format!("Armour {a}")),
        None if worn > 0 => c.pieces.push(format!("Armour {worn}")),
        None => {}
    }
    let mut gear = Vec::new();
    for item in items {
        let d = item_data(item);
        let item_name = text_of(item.get("name")).trim_end_matches('*').trim().to_owned();
        let formula = text_of(d.get("damageFormula"));
        if formula.is_empty() {
            let armour = d.get("armor").and_then(Value::as_i64).unwrap_or(0);
            gear.push(if armour > 0 {
                format!("{item_name} (armour {armour})")
            } else {
                item_name
            });
        } else {
            // "Breath Acid (Cone)": the words in parentheses are the weapon's tags, beside its
            // dice; "Bite(s)" is a bite.
            let (base, aside) = match item_name.split_once('(') {
                Some((base, rest)) => (base.trim(), rest.trim_end_matches(')').trim()),
                None => (item_name.as_str(), ""),
            };
            let dice = kept_highest(&formula);
            c.pieces.push(match aside {
                "" | "s" => format!("{base} ({dice})"),
                aside => format!("{base} ({dice}, {aside})"),
            });
        }
        c.notes.extend(html_lines(&text_of(d.get("description"))));
    }
    c.notes.splice(0..0, html_lines(&text_of(data.get("description"))));
    if !gear.is_empty() {
        c.notes.push(format!("Gear: {}", gear.join(", ")));
    }
    c
}

/// Cairn's "keep the highest" damage as the SRD prints it: `2d6k` is `d6+d6` (two attacks);
/// anything else as written.
fn kept_highest(formula: &str) -> String {
    let f = formula.trim();
    let Some(body) = f.strip_suffix('k') else { return f.to_owned() };
    let Some((count, sides)) = body.split_once('d') else { return f.to_owned() };
    let count: usize = if count.is_empty() { 1 } else { count.parse().unwrap_or(0) };
    if count == 0 || count > 10 || sides.is_empty() || !sides.chars().all(|c| c.is_ascii_digit()) {
        return f.to_owned();
    }
    vec![format!("d{sides}"); count].join("+")
}

/// The lines of a bit of HTML as text: each list item and paragraph a line, tags dropped,
/// the usual entities decoded.
pub(super) fn html_lines(html: &str) -> Vec<String> {
    let mut text = String::with_capacity(html.len());
    let mut in_tag = false;
    let mut tag = String::new();
    for ch in html.chars() {
        match (in_tag, ch) {
            (false, '<') => {
                in_tag = true;
                tag.clear();
            }
            (true, '>') => {
                in_tag = false;
                let name = tag.trim_start_matches('/').split_whitespace().next().unwrap_or("");
                if matches!(
                    name.to_ascii_lowercase().as_str(),
                    "li" | "p" | "br" | "div" | "ul" | "ol" | "h1" | "h2" | "h3" | "h4"
                ) {
                    text.push('\n');
                }
            }
            (true, c) => tag.push(c),
            // A line break in the source is a space: only the tags break lines.
            (false, '\n' | '\r') => text.push(' '),
            (false, c) => text.push(c),
        }
    }
    let decoded = text
        .replace("&nbsp;", " ")
        .replace("&#39;", "'")
        .replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&");
    decoded
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|l| !l.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeping_the_highest_of_several_dice_is_that_many_attacks() {
        assert_eq!(kept_highest("2d6k"), "d6+d6");
        assert_eq!(kept_highest("d6k"), "d6");
        assert_eq!(kept_highest("3d8k"), "d8+d8+d8");
        assert_eq!(kept_highest("d8"), "d8");
        assert_eq!(kept_highest("2d6"), "2d6");
    }

    #[test]
    fn html_is_read_as_lines_of_text() {
        assert_eq!(
            html_lines(
                "<ul>\n<li>  Wicked, 8\u{2019} tall\nhumanoids.</li>\n<li>a troll&#39;s &lt;b&gt;</li>\n</ul>\n"
            ),
            ["Wicked, 8\u{2019} tall humanoids.", "a troll's <b>"]
        );
    }
}
