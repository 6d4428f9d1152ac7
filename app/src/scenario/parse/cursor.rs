//! Walking the words of one script line, and reading the numbers and values in them.

use crate::scenario::lex::Token;
use crate::space::grid::GridPos;

/// A JSON value, or the word itself as a string when it is not JSON (`setting mode fast`).
pub(super) fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap_or_else(|_| serde_json::Value::String(text.to_owned()))
}

pub(super) fn int(text: &str) -> Result<i64, String> {
    text.parse().map_err(|_| format!("expected a whole number, got '{text}'"))
}

/// Walks the words of one line.
pub(crate) struct Cursor<'a> {
    tokens: &'a [Token],
    pos: usize,
}

impl<'a> Cursor<'a> {
    pub(crate) fn new(tokens: &'a [Token]) -> Self {
        Self { tokens, pos: 0 }
    }

    pub(crate) fn next(&mut self) -> Option<&'a Token> {
        let t = self.tokens.get(self.pos)?;
        self.pos += 1;
        Some(t)
    }

    pub(crate) fn peek(&self) -> Option<&'a Token> {
        self.tokens.get(self.pos)
    }

    pub(crate) fn peek_is(&self, keyword: &str) -> bool {
        self.peek().is_some_and(|t| t.is(keyword))
    }

    pub(crate) fn done(&self) -> bool {
        self.pos >= self.tokens.len()
    }

    /// The next word, or an error saying what was expected.
    pub(crate) fn word(&mut self, what: &str) -> Result<String, String> {
        match self.next() {
            Some(t) if t.is("|") => Err(format!("expected {what}, got '|'")),
            Some(t) => Ok(t.text.clone()),
            None => Err(format!("expected {what}")),
        }
    }

    /// The rest of the line as one text.
    pub(crate) fn rest(&mut self, what: &str) -> Result<String, String> {
        let words: Vec<&str> =
            std::iter::from_fn(|| self.next()).map(|t| t.text.as_str()).collect();
        if words.is_empty() {
            return Err(format!("expected {what}"));
        }
        Ok(words.join(" "))
    }

    pub(crate) fn number<T: std::str::FromStr>(&mut self, what: &str) -> Result<T, String> {
        let word = self.word(what)?;
        word.parse().map_err(|_| format!("expected {what}, got '{word}'"))
    }

    pub(crate) fn float(&mut self, what: &str) -> Result<f32, String> {
        let word = self.word(what)?;
        match word.parse::<f32>() {
            Ok(v) if v.is_finite() => Ok(v),
            _ => Err(format!("expected a number for {what}, got '{word}'")),
        }
    }

    /// `key=value`, or `key value` as two words.
    pub(crate) fn pair(&mut self, what: &str) -> Result<(String, String), String> {
        let word = self.word(what)?;
        match word.split_once('=') {
            Some((k, v)) if !k.is_empty() && !v.is_empty() => Ok((k.to_owned(), v.to_owned())),
            Some(_) => Err(format!("expected {what}, got '{word}'")),
            None => Ok((word, self.word(&format!("a value after {what}"))?)),
        }
    }

    pub(crate) fn end(&self) -> Result<(), String> {
        match self.peek() {
            None => Ok(()),
            Some(t) => Err(format!("unexpected '{}' at the end of the line", t.text)),
        }
    }
}

/// Where someone goes in, as the words `side S`, `zone Z` and `at X Y` give it: an `add`
/// line's and a session's `enter` line's.
#[derive(Debug, Default)]
pub(crate) struct Placement {
    /// The side's name.
    pub side: Option<String>,
    /// The zone's name.
    pub zone: Option<String>,
    /// The square on the grid.
    pub at: Option<GridPos>,
}

impl Placement {
    /// Reads the value after `key` when it is `side`, `zone` or `at`; false for any other word.
    pub(crate) fn read(&mut self, key: &Token, c: &mut Cursor) -> Result<bool, String> {
        if key.is("side") {
            self.side = Some(c.word("a side")?);
        } else if key.is("zone") {
            self.zone = Some(c.word("a zone")?);
        } else if key.is("at") {
            self.at = Some(GridPos { x: c.number("x")?, y: c.number("y")? });
        } else {
            return Ok(false);
        }
        Ok(true)
    }
}
