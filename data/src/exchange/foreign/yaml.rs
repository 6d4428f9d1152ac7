//! YAML read with bounds, for Fantasy Statblocks: nesting no deeper than Fray JSON's
//! [`MAX_DEPTH`], found in one pass *before* the YAML parser runs (libyaml's scanner looks
//! over every open level for each token, so a block nested 100,000 deep took 45 s to reach
//! the parser's own depth check); aliases repeated out to at most twice the text's size; a
//! key given twice refused, not the last one silently winning.

use crate::exchange::strict::{Duplicate, Item, parse_each_within, parse_from};
use serde_json::Value;

/// The deepest nesting read, as for Fray JSON (and serde_json's own limit).
pub(super) const MAX_DEPTH: usize = 128;

/// Why a YAML text was not read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Refusal {
    /// Nested deeper than [`MAX_DEPTH`], first at this line.
    TooDeep(usize),
    /// A bound of the reader (an alias repeated too often, past the text's size): YAML beyond
    /// doubt, and refused as such.
    Bound(String),
    /// Not YAML (or not data Fray reads: a tag, a key that is no text).
    Syntax(String),
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::TooDeep(line) => write!(
                f,
                "nests deeper than {MAX_DEPTH} levels (line {line}); a creature needs a few"
            ),
            Refusal::Bound(why) | Refusal::Syntax(why) => {
                write!(f, "is not YAML Fray reads: {why}")
            }
        }
    }
}

impl Refusal {
    /// Whether the text is YAML that hit a bound (rather than text that is no YAML).
    pub(super) fn is_bound(&self) -> bool {
        matches!(self, Refusal::TooDeep(_) | Refusal::Bound(_))
    }
}

/// The values of a YAML text (as JSON values) and its keys given twice with their count.
pub(super) fn read(text: &str) -> Result<(Value, Vec<Duplicate>, usize), Refusal> {
    if let Some(line) = nesting_past(text, MAX_DEPTH) {
        return Err(Refusal::TooDeep(line));
    }
    parse_from(serde_norway::Deserializer::from_str(text), text.len()).map_err(refusal)
}

/// Where [`read_each`] hands the values of a YAML text.
pub(super) trait Sink {
    /// A value (a top-level list's element, or the whole text's), with the keys given twice
    /// inside it.
    fn item(&mut self, item: Item, twice: &[Duplicate]);
    /// Forgets every value handed so far: the text is read again, whole.
    fn restart(&mut self);
}

/// [`read`], a top-level list's values handed to `sink` one at a time with the keys given
/// twice inside them ([`parse_each`]); returns how many keys were given twice in all.
///
/// A list written at the left margin (`- name: …`, the plugin's bestiary) is read item by
/// item, each as a text of its own: the YAML reader holds every event of what it reads
/// until the end, four times the text for a whole file at the import's cap. When an item
/// does not read alone (an alias to another item's anchor, a quoted text running on into
/// the next) the text is read again whole, as YAML reads it.
pub(super) fn read_each(text: &str, sink: &mut dyn Sink) -> Result<usize, Refusal> {
    if let Some(line) = nesting_past(text, MAX_DEPTH) {
        return Err(Refusal::TooDeep(line));
    }
    let allowance = 2 * text.len() + 4096;
    if let Some(items) = top_items(text) {
        let mut left = allowance;
        let mut twice_in_all = 0;
        let read = items.iter().enumerate().try_for_each(|(i, item)| {
            let d = serde_norway::Deserializer::from_str(item);
            twice_in_all += parse_each_within(d, &mut left, &mut |value, twice| {
                // Each item is the first of its own text: its keys' paths say where it is.
                let twice: Vec<Duplicate> = twice.iter().map(|d| renumbered(d, i)).collect();
                sink.item(value, &twice);
            })?;
            Ok::<(), serde_norway::Error>(())
        });
        if read.is_ok() {
            return Ok(twice_in_all);
        }
        sink.restart();
    }
    let d = serde_norway::Deserializer::from_str(text);
    parse_each_within(d, &mut { allowance }, &mut |item, twice| sink.item(item, twice))
        .map_err(refusal)
}

/// A key given twice in the first item of a text, as in the `i`th of the whole list.
fn renumbered(d: &Duplicate, i: usize) -> Duplicate {
    let path = match d.path.strip_prefix("[0]") {
        Some(rest) => format!("[{i}]{rest}"),
        None => d.path.clone(),
    };
    Duplicate { path, key: d.key.clone() }
}

/// The items of a list written at the left margin, each from its `-` to the next (blank lines
/// and comments before the first go with it); `None` when anything else stands at the margin
/// (a key, a directive, a document marker, a quoted text's next line): then the text is
/// read whole.
fn top_items(text: &str) -> Option<Vec<&str>> {
    let mut starts = Vec::new();
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let body = line.trim_end_matches(['\n', '\r']);
        if body == "-" || body.starts_with("- ") || body.starts_with("-\t") {
            starts.push(at);
        } else if !(body.is_empty() || body.starts_with([' ', '\t', '#'])) {
            return None;
        }
        at += line.len();
    }
    *starts.first_mut()? = 0;
    starts.push(text.len());
    Some(starts.windows(2).map(|w| &text[w[0]..w[1]]).collect())
}

/// Why the YAML reader stopped: a bound of its own, or text that is no YAML.
fn refusal(e: serde_norway::Error) -> Refusal {
    let why = e.to_string();
    let bound = ["repetition limit", "recursion limit", "alias bomb"];
    if bound.iter().any(|b| why.contains(b)) { Refusal::Bound(why) } else { Refusal::Syntax(why) }
}

/// The first line where `text` nests deeper than `max`, counted from above in one pass: the
/// block levels open (a stack of indentations), the `- ` items started on the line, and the
/// flow brackets open. A bracket or a quote inside a plain value ("club [heavy") is the
/// value's text, as YAML reads it; a quote closed on its line is skipped.
pub(super) fn nesting_past(text: &str, max: usize) -> Option<usize> {
    let mut indents: Vec<usize> = Vec::new();
    let mut flow = 0usize;
    for (n, line) in text.lines().enumerate() {
        let body = line.trim_start_matches([' ', '\t']);
        if body.is_empty() {
            continue;
        }
        if flow == 0 {
            let indent = line.len() - body.len();
            while indents.last().is_some_and(|&i| i >= indent) {
                indents.pop();
            }
            indents.push(indent);
        }
        let deepest = line_depth(body, &mut flow);
        if indents.len() + deepest > max {
            return Some(n + 1);
        }
    }
    None
}

/// Goes through one line's text (past its indentation): the flow brackets it opens and
/// closes (`flow`, carried from line to line), and the most levels it adds at any point
/// (its `- ` items and the flow levels open).
fn line_depth(body: &str, flow: &mut usize) -> usize {
    let bytes = body.as_bytes();
    // The last character that was not a space: a bracket or a quote first on the line or
    // after `:`, `-` or `?` starts a value, and inside a flow after `,` or a bracket too; after
    // anything else it is inside a plain value's text (but inside a flow a bracket always
    // counts).
    let mut before: Option<u8> = None;
    let mut dashes = 0;
    let mut deepest = *flow;
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        let at_start = before.is_none_or(|b| {
            matches!(b, b':' | b'-' | b'?') || (*flow > 0 && matches!(b, b',' | b'[' | b'{'))
        });
        match c {
            b' ' | b'\t' => {
                i += 1;
                continue;
            }
            b'#' if i == 0 || matches!(bytes[i - 1], b' ' | b'\t') => break,
            b'-' if *flow == 0
                && before.is_none_or(|b| b == b'-')
                && bytes.get(i + 1).is_none_or(|n| matches!(n, b' ' | b'\t')) =>
            {
                dashes += 1;
            }
            b'[' | b'{' if *flow > 0 || at_start => *flow += 1,
            b']' | b'}' if *flow > 0 => *flow -= 1,
            b'"' | b'\'' if at_start => {
                if let Some(close) = quote_end(bytes, i) {
                    i = close;
                }
            }
            _ => {}
        }
        deepest = deepest.max(*flow + dashes);
        before = Some(bytes[i]);
        i += 1;
    }
    deepest
}

/// The index of the quote closing the one at `open` on the same line, if it closes there.
fn quote_end(bytes: &[u8], open: usize) -> Option<usize> {
    let quote = bytes[open];
    let mut i = open + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' if quote == b'"' => i += 2,
            b'\'' if quote == b'\'' && bytes.get(i + 1) == Some(&b'\'') => i += 2,
            b if b == quote => return Some(i),
            _ => i += 1,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nesting_is_counted_in_blocks_items_and_flows() {
        let block: String =
            (0..200).map(|i| format!("{}k{i}:\n", " ".repeat(i))).collect::<String>();
        assert_eq!(nesting_past(&block, MAX_DEPTH), Some(129));
        assert_eq!(nesting_past(&format!("a: {}", "[".repeat(200)), MAX_DEPTH), Some(1));
        assert_eq!(nesting_past(&format!("{}x", "- ".repeat(200)), MAX_DEPTH), Some(1));
        let flow_lines = "[\n".repeat(200);
        assert_eq!(nesting_past(&flow_lines, MAX_DEPTH), Some(128));
        let creature = "name: Goblin [boss\nhp: 7 (2d6)\nactions:\n  - name: Club\n    desc: \
                        \"[[[[\" it's {{{{\n  - [Bite, 'a [ b']\n";
        assert_eq!(nesting_past(creature, 4), None, "text in values is no nesting");
        assert_eq!(nesting_past(creature, 3), Some(6));
    }

    /// The values handed over, and the paths of the keys given twice.
    #[derive(Default)]
    struct Seen(Vec<Value>, Vec<String>, usize);

    impl Sink for Seen {
        fn item(&mut self, item: Item, twice: &[Duplicate]) {
            self.0.push(item.value().clone());
            self.1.extend(twice.iter().map(|d| format!("{}.{}", d.path, d.key)));
        }

        fn restart(&mut self) {
            self.0.clear();
            self.1.clear();
            self.2 += 1;
        }
    }

    #[test]
    fn a_list_at_the_margin_is_read_item_by_item() {
        let text = "# Orcs\n- name: Orc\n  traits:\n    - a\n-\n  name: Ogre\n  hp: 5\n  hp: 6\n";
        assert_eq!(
            top_items(text).unwrap(),
            ["# Orcs\n- name: Orc\n  traits:\n    - a\n", "-\n  name: Ogre\n  hp: 5\n  hp: 6\n"]
        );
        let mut seen = Seen::default();
        assert_eq!(read_each(text, &mut seen), Ok(1));
        assert_eq!(seen.0.len(), 2);
        assert_eq!(seen.1, ["[1].hp"], "the key's place in the whole list");
        assert_eq!(seen.2, 0, "read item by item");
        for whole in ["name: Orc\n", "---\n- a\n- b\n", "  - a\n  - b\n", "- a\nb: 1\n"] {
            assert_eq!(top_items(whole), None, "{whole}");
        }
    }

    #[test]
    fn items_that_do_not_read_alone_are_read_whole() {
        // An alias to another item's anchor, and a quoted text running on at the margin.
        for text in [
            "- &orc {name: Orc, hp: 15}\n- *orc\n",
            "- name: \"Orc\n- the elder\"\n  hp: 15\n- name: Ogre\n",
        ] {
            let mut seen = Seen::default();
            read_each(text, &mut seen).unwrap();
            let (value, _, _) = read(text).unwrap();
            assert_eq!(Value::Array(seen.0), value, "{text}");
            assert_eq!(seen.2, 1, "read again whole");
        }
    }

    #[test]
    fn too_deep_and_alias_bombs_are_refused_as_bounds() {
        let deep = format!("name: x\nac: {}{}\n", "[".repeat(3000), "]".repeat(3000));
        assert_eq!(read(&deep).unwrap_err(), Refusal::TooDeep(2));
        let mut bomb = String::from("a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n");
        for (prev, next) in ["a", "b", "c", "d", "e", "f", "g", "h"]
            .iter()
            .zip(["b", "c", "d", "e", "f", "g", "h", "i"])
        {
            let items = vec![format!("*{prev}"); 9].join(",");
            bomb += &format!("{next}: &{next} [{items}]\n");
        }
        let refusal = read(&bomb).unwrap_err();
        assert!(refusal.is_bound(), "{refusal:?}");
        let (_, twice, count) = read("name: Orc\nhp: 15\nhp: 150\n").unwrap();
        assert_eq!((twice[0].key.as_str(), count), ("hp", 1));
        assert!(!read("name: [unclosed\n").unwrap_err().is_bound());
    }
}
