//! Where in a JSON file a syntax error stands, in the GM's terms: the entry (the innermost
//! object with a name around the error, as "[3] (Goblin)") and the field inside it
//! ("HP.Value"). A JSON reader only says "line 5, column 20", and a number too large or a
//! nesting too deep in another tool's bestiary is easier to mend by the creature's name.
//!
//! One pass over the text up to the error, linear in it: a stack of the objects and arrays
//! open there, each key cut to [`KEY_SHOWN`] characters.

use super::problem::{ImportProblem, excerpt};

/// The most characters of a key or a name shown in a path.
const KEY_SHOWN: usize = 40;

/// One object or array open at the error.
enum Open {
    Object { key: Option<String>, name: Option<String>, after_colon: bool },
    Array { index: usize },
}

/// A JSON syntax error of `file` (its `text`) as a problem naming the entry and the field
/// where one is found, else the line and column.
pub(super) fn syntax_problem(file: &str, text: &str, e: &serde_json::Error) -> ImportProblem {
    let full = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    let mut message = full.strip_suffix(&suffix).unwrap_or(&full).to_owned();
    if e.is_eof() {
        message += " (is the file cut short?)";
    }
    let place = format!("line {}, column {}", e.line(), e.column());
    let stack = open_at(text, offset(text, e.line(), e.column()));
    match where_in(&stack) {
        Some((entry, field)) => {
            let field = (!field.is_empty()).then(|| format!("field '{field}'"));
            ImportProblem::entry(file, entry, field, format!("{message} ({place})"))
        }
        None => ImportProblem::entry(file, place, None, message),
    }
}

/// The byte offset of a 1-based line and column (serde_json counts bytes in a line).
fn offset(text: &str, line: usize, column: usize) -> usize {
    let start: usize = text.split_inclusive('\n').take(line.saturating_sub(1)).map(str::len).sum();
    (start + column.saturating_sub(1)).min(text.len())
}

/// The objects and arrays open at byte `end`, outermost first.
fn open_at(text: &str, end: usize) -> Vec<Open> {
    let bytes = &text.as_bytes()[..end];
    let mut stack: Vec<Open> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'{' => stack.push(Open::Object { key: None, name: None, after_colon: false }),
            b'[' => stack.push(Open::Array { index: 0 }),
            b'}' | b']' => {
                stack.pop();
            }
            b':' => {
                if let Some(Open::Object { after_colon, .. }) = stack.last_mut() {
                    *after_colon = true;
                }
            }
            b',' => match stack.last_mut() {
                Some(Open::Object { key, after_colon, .. }) => {
                    *key = None;
                    *after_colon = false;
                }
                Some(Open::Array { index }) => *index += 1,
                None => {}
            },
            b'"' => {
                let close = string_end(bytes, i + 1);
                let s = String::from_utf8_lossy(&bytes[i + 1..close.min(bytes.len())]);
                string_met(&mut stack, &s);
                i = close;
            }
            _ => {}
        }
        i += 1;
    }
    stack
}

/// A string met: a key, or a name's value.
fn string_met(stack: &mut [Open], s: &str) {
    if let Some(Open::Object { key, name, after_colon }) = stack.last_mut() {
        if !*after_colon {
            *key = Some(excerpt(s, KEY_SHOWN).into_owned());
        } else if key.as_deref().is_some_and(|k| k.eq_ignore_ascii_case("name")) {
            *name = Some(excerpt(s, KEY_SHOWN).into_owned());
        }
    }
}

/// The index of the quote closing a string opened before `from` (or the end).
fn string_end(bytes: &[u8], mut from: usize) -> usize {
    while from < bytes.len() {
        match bytes[from] {
            b'\\' => from += 2,
            b'"' => return from,
            _ => from += 1,
        }
    }
    bytes.len()
}

/// The entry (the innermost named object's path and name) and the field path inside it.
fn where_in(stack: &[Open]) -> Option<(String, String)> {
    let named = stack.iter().rposition(|o| matches!(o, Open::Object { name: Some(_), .. }))?;
    let Open::Object { name: Some(name), .. } = &stack[named] else { return None };
    let entry = path(&stack[..named]);
    let entry = if entry.is_empty() { format!("'{name}'") } else { format!("{entry} ({name})") };
    Some((entry, path(&stack[named..])))
}

/// The path the open values make (`[3].HP.Value`).
fn path(stack: &[Open]) -> String {
    let mut out = String::new();
    for open in stack {
        match open {
            Open::Object { key: Some(key), after_colon: true, .. } => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(key);
            }
            Open::Object { .. } => {}
            Open::Array { index } => out.push_str(&format!("[{index}]")),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::syntax_problem;

    fn said(text: &str) -> String {
        let e = serde_json::from_str::<serde_json::Value>(text).unwrap_err();
        syntax_problem("orcs.json", text, &e).to_string()
    }

    #[test]
    fn a_bad_number_is_named_by_its_creature_and_field() {
        let text = "[{\"Name\": \"Orc\", \"HP\": {\"Value\": 15}},\n {\"Name\": \"Ogre\",\n \
                    \"HP\": {\"Value\": 1e400}}]";
        assert_eq!(
            said(text),
            "orcs.json, [1] (Ogre), field 'HP.Value': number out of range (line 3, column 22)"
        );
        assert_eq!(
            said("[{\"name\": \"Orc\", \"armor_class\": NaN}]"),
            "orcs.json, [0] (Orc), field 'armor_class': expected value (line 1, column 33)"
        );
    }

    #[test]
    fn too_deep_a_nesting_is_named_too_and_a_file_without_names_by_line() {
        let deep = format!("{{\"name\": \"Lich\", \"x\": {}{}}}", "[".repeat(200), "]".repeat(200));
        let said_deep = said(&deep);
        assert!(said_deep.starts_with("orcs.json, 'Lich', field 'x[0][0]"), "{said_deep}");
        assert!(said_deep.contains("recursion limit exceeded"), "{said_deep}");
        assert_eq!(said("[1, 2,\n x]"), "orcs.json line 2, column 2: expected value");
    }
}
