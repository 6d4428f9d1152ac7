//! Reading the words of a system's script line (`attack Harald Bugbear with 2`): combatant,
//! zone and side names, numbers, keywords. Every system's script verbs share it.

use crate::encounter::Encounter;
use crate::ids::{CombatantId, SideId, ZoneId};

/// Which of `names` a script word means: the name (any case) or its number from 1; when
/// neither, why, naming `owner` and what the list holds (`noun`: "weapon", "attack").
pub(crate) fn pick(word: &str, names: &[&str], owner: &str, noun: &str) -> Result<usize, String> {
    if let Ok(n) = word.parse::<usize>() {
        return n
            .checked_sub(1)
            .filter(|i| *i < names.len())
            .ok_or_else(|| format!("{owner} has no {noun} #{n}"));
    }
    names
        .iter()
        .position(|name| name.eq_ignore_ascii_case(word))
        .ok_or_else(|| format!("{owner} has no {noun} called '{word}'"))
}

/// Words of one line, read left to right.
pub(crate) struct Words<'a> {
    /// The encounter names are looked up in.
    pub enc: &'a Encounter,
    /// The words after the verb.
    pub words: &'a [String],
    /// The next word to read.
    pub at: usize,
}

impl<'a> Words<'a> {
    /// Starts reading `words`.
    pub(crate) fn new(enc: &'a Encounter, words: &'a [String]) -> Self {
        Words { enc, words, at: 0 }
    }

    /// The next word, which should be `what`.
    pub(crate) fn next(&mut self, what: &str) -> Result<&'a str, String> {
        let w = self.words.get(self.at).ok_or_else(|| format!("expected {what}"))?;
        self.at += 1;
        Ok(w)
    }

    /// Whether the next word is `word` (case-insensitive).
    pub(crate) fn peek_is(&self, word: &str) -> bool {
        self.words.get(self.at).is_some_and(|w| w.eq_ignore_ascii_case(word))
    }

    /// Reads `word` when it comes next.
    pub(crate) fn eat(&mut self, word: &str) -> bool {
        let yes = self.peek_is(word);
        if yes {
            self.at += 1;
        }
        yes
    }

    /// Whether every word is read.
    pub(crate) fn done(&self) -> bool {
        self.at >= self.words.len()
    }

    /// Refuses words left over.
    pub(crate) fn end(&self) -> Result<(), String> {
        match self.words.get(self.at) {
            Some(w) => Err(format!("unexpected '{w}'")),
            None => Ok(()),
        }
    }

    /// A combatant by name.
    pub(crate) fn who(&mut self) -> Result<CombatantId, String> {
        let name = self.next("a combatant")?;
        self.enc
            .combatant_named(name)
            .map(|c| c.id)
            .ok_or_else(|| format!("no combatant called '{name}'"))
    }

    /// A zone by name.
    pub(crate) fn zone(&mut self) -> Result<ZoneId, String> {
        let name = self.next("a zone")?;
        self.enc.zone_named(name).map(|z| z.id).ok_or_else(|| format!("no zone called '{name}'"))
    }

    /// A side by name.
    pub(crate) fn side(&mut self) -> Result<SideId, String> {
        let name = self.next("a side")?;
        self.enc.side_named(name).map(|s| s.id).ok_or_else(|| format!("no side called '{name}'"))
    }

    /// A number for `what`.
    pub(crate) fn number<T: std::str::FromStr>(&mut self, what: &str) -> Result<T, String> {
        let w = self.next(what)?;
        w.parse().map_err(|_| format!("expected {what}, got '{w}'"))
    }

    /// Names up to (not including) `stop` or the end.
    pub(crate) fn names_until(&mut self, stop: &[&str]) -> Result<Vec<CombatantId>, String> {
        let mut out = Vec::new();
        while !self.done() && !stop.iter().any(|s| self.peek_is(s)) {
            out.push(self.who()?);
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::pick;

    #[test]
    fn an_item_is_picked_by_name_or_number() {
        let names = ["Sword", "Hand axe"];
        assert_eq!(pick("hand AXE", &names, "Aldo", "weapon"), Ok(1));
        assert_eq!(pick("1", &names, "Aldo", "weapon"), Ok(0));
        assert_eq!(pick("3", &names, "Aldo", "weapon"), Err("Aldo has no weapon #3".into()));
        assert_eq!(pick("0", &names, "Aldo", "weapon"), Err("Aldo has no weapon #0".into()));
        assert_eq!(
            pick("bow", &names, "Aldo", "attack"),
            Err("Aldo has no attack called 'bow'".into())
        );
    }
}
