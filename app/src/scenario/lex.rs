//! Splitting a script line into words.
//!
//! Words are separated by blanks. Double quotes group words with spaces (`"Goblin 1"`) and may
//! start anywhere in a word (`+"knocked down"`); inside them `\"` is a quote and `\\` a
//! backslash. An unquoted `|` is a word of its own, so `4 3|6` reads as `4 3 | 6`. A `#` that
//! starts the line, or stands alone after a blank (`# like this`), starts a comment; `#3366cc`
//! is a colour, not a comment.

/// One word of a line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Token {
    /// The word with its quotes removed.
    pub text: String,
    /// Whether any part of it was quoted: quoted words are never keywords.
    pub quoted: bool,
}

impl Token {
    /// Whether this is the unquoted keyword `word` (case-insensitive).
    pub fn is(&self, word: &str) -> bool {
        !self.quoted && self.text.eq_ignore_ascii_case(word)
    }
}

/// The JSON object starting at `start` (a `{`): its text and the index after its `}`.
fn json_object(chars: &[char], start: usize) -> Result<(String, usize), String> {
    let mut depth = 0;
    let mut in_string = false;
    let mut i = start;
    while i < chars.len() {
        match (chars[i], in_string) {
            ('\\', true) => i += 1,
            ('"', _) => in_string = !in_string,
            ('{', false) => depth += 1,
            ('}', false) => {
                depth -= 1;
                if depth == 0 {
                    return Ok((chars[start..=i].iter().collect(), i + 1));
                }
            }
            _ => {}
        }
        i += 1;
    }
    Err(format!("the {{ opened at column {} is not closed", start + 1))
}

/// Splits one line into words, dropping any comment.
pub(crate) fn tokenize(line: &str) -> Result<Vec<Token>, String> {
    let chars: Vec<char> = line.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        let after_blank = i == 0 || chars[i - 1].is_whitespace();
        let alone = chars.get(i + 1).is_none_or(|n| n.is_whitespace());
        if c == '#' && (tokens.is_empty() || (after_blank && alone)) {
            break;
        }
        if c == '|' {
            tokens.push(Token { text: "|".into(), quoted: false });
            i += 1;
            continue;
        }
        if c == '{' {
            // A JSON object (a stat block) is one word, spaces and quotes included, up to
            // its matching brace.
            let (text, end) = json_object(&chars, i)?;
            tokens.push(Token { text, quoted: true });
            i = end;
            continue;
        }
        let mut text = String::new();
        let mut quoted = false;
        while i < chars.len() && !chars[i].is_whitespace() && chars[i] != '|' {
            if chars[i] != '"' {
                text.push(chars[i]);
                i += 1;
                continue;
            }
            quoted = true;
            let start = i;
            i += 1;
            loop {
                match chars.get(i) {
                    None => {
                        return Err(format!(
                            "the quote opened at column {} is not closed",
                            start + 1
                        ));
                    }
                    Some('"') => {
                        i += 1;
                        break;
                    }
                    Some('\\') if matches!(chars.get(i + 1), Some('"' | '\\')) => {
                        text.push(chars[i + 1]);
                        i += 2;
                    }
                    Some(&ch) => {
                        text.push(ch);
                        i += 1;
                    }
                }
            }
        }
        tokens.push(Token { text, quoted });
    }
    Ok(tokens)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<String> {
        tokenize(line).unwrap().into_iter().map(|t| t.text).collect()
    }

    #[test]
    fn a_json_object_is_one_word_up_to_its_brace() {
        let line =
            r#"add X side A block {"weapons": [{"name": "Spear {long}", "die": 8}]} track hp=3"#;
        assert_eq!(
            words(line),
            [
                "add",
                "X",
                "side",
                "A",
                "block",
                r#"{"weapons": [{"name": "Spear {long}", "die": 8}]}"#,
                "track",
                "hp=3"
            ]
        );
        assert_eq!(
            tokenize(r#"add X block {"a": 1"#).unwrap_err(),
            "the { opened at column 13 is not closed"
        );
    }

    #[test]
    fn splits_on_blanks_and_keeps_quoted_spaces() {
        assert_eq!(words("move \"Goblin 1\"  Hall"), ["move", "Goblin 1", "Hall"]);
        assert_eq!(
            words("condition Harald +\"knocked down\""),
            ["condition", "Harald", "+knocked down"]
        );
        assert_eq!(
            words(r#"say "he said \"run\" \\ then ran""#),
            ["say", r#"he said "run" \ then ran"#]
        );
        assert_eq!(words("\t"), Vec::<String>::new());
    }

    #[test]
    fn quoted_words_are_not_keywords() {
        let t = tokenize("table \"table\"").unwrap();
        assert!(t[0].is("TABLE"));
        assert!(!t[1].is("table"));
    }

    #[test]
    fn pipes_are_words_of_their_own() {
        assert_eq!(words("table 4 3|6 | app"), ["table", "4", "3", "|", "6", "|", "app"]);
        assert_eq!(words("say \"a | b\""), ["say", "a | b"]);
    }

    #[test]
    fn comments_but_not_colours() {
        assert_eq!(words("# a comment"), Vec::<String>::new());
        assert_eq!(words("   #no space needed at the start"), Vec::<String>::new());
        assert_eq!(
            words("side Party colour #3366cc # blue"),
            ["side", "Party", "colour", "#3366cc"]
        );
        assert_eq!(words("say \"# not a comment\""), ["say", "# not a comment"]);
    }

    #[test]
    fn an_open_quote_is_an_error_with_its_column() {
        assert_eq!(
            tokenize("say \"oops").unwrap_err(),
            "the quote opened at column 5 is not closed"
        );
    }
}
