//! YAML read with bounds, for Fantasy Statblocks: nesting no deeper than Fray JSON's
//! [`MAX_DEPTH`], found in one pass *before* the YAML parser runs (libyaml's scanner looks
//! over every open level for each token, so a block nested 100,000 deep took 45 s to reach
//! the parser's own depth check); aliases repeated out to at most twice the text's size; a
//! key given twice refused, not the last one silently winning.

use crate::exchange::strict::{Duplicate, parse_from};
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
    parse_from(serde_norway::Deserializer::from_str(text), text.len()).map_err(|e| {
        let why = e.to_string();
        let bound = ["repetition limit", "recursion limit", "alias bomb"];
        if bound.iter().any(|b| why.contains(b)) {
            Refusal::Bound(why)
        } else {
            Refusal::Syntax(why)
        }
    })
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
