//! Text bound for a terminal, made safe: names come from untrusted files (a library file, a
//! journal), and a name holding an escape sequence printed raw could recolour the terminal,
//! rewrite what is shown or hide text. Every control character but the line break and the
//! tab, and the invisible marks that reverse the direction of text, are printed escaped
//! (`\u{1b}`) instead.

use anyhow::{Context, Result};
use std::borrow::Cow;
use std::io::Write;

/// Writes `text` to stdout (made [`safe`]). A closed pipe (`fray odds x | head`) ends quietly:
/// the reader has what it wanted. Any other failure, a full disk say, is an error that says
/// so — never a panic.
pub fn print_out(text: &str) -> Result<()> {
    let text = safe(text);
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(e).context("cannot write to stdout")
        }
        _ => Ok(()),
    }
}

/// One line on stderr (made [`safe`]). A stderr that cannot be written (closed, or a full
/// disk) has no one left to tell, so that is not an error, and never a panic.
pub fn tell(line: &str) {
    let mut err = std::io::stderr().lock();
    let _ = writeln!(err, "{}", safe(line));
}

/// `text` with every control or direction-changing character escaped.
pub fn safe(text: &str) -> Cow<'_, str> {
    if !text.chars().any(unsafe_char) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if unsafe_char(c) {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Whether a terminal could act on `c` instead of showing it.
fn unsafe_char(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t')
        || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{200e}' | '\u{200f}')
}

#[cfg(test)]
mod tests {
    use super::safe;

    #[test]
    fn escapes_and_direction_marks_are_shown_not_obeyed() {
        assert_eq!(safe("Goblin 1"), "Goblin 1");
        assert_eq!(safe("\u{1b}[31mRed\u{1b}[0m"), "\\u{1b}[31mRed\\u{1b}[0m");
        assert_eq!(safe("a\rb\u{7}"), "a\\u{d}b\\u{7}");
        assert_eq!(safe("evil\u{202e}txt.exe"), "evil\\u{202e}txt.exe");
        assert_eq!(safe("two\nlines\tand a tab"), "two\nlines\tand a tab");
        assert_eq!(safe("Öl-Ork ⚔"), "Öl-Ork ⚔");
    }
}
