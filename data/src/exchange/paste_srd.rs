//! An attack as the SRD prints it, read whole: "Shortbow. Ranged Weapon Attack: +4 to hit,
//! range 80/320 ft., one target. Hit: 5 (1d6 + 2) piercing damage." is its bonus, its range
//! and long range (a melee one its reach), its damage and type, each second damage every hit
//! deals ("plus 4 (1d8) acid damage": added to the dice, its type a word beside the first),
//! and what the hit does beyond them (a save, a grapple, a damage only on a failed save),
//! which no field holds: that is given back as a piece of its own, "Bite, on a hit: ...",
//! which no field reads, so it is listed as not read and kept in the notes.
//!
//! "Melee or Ranged Weapon Attack: ... reach 5 ft. or range 20/60 ft." is two attacks: the
//! melee one, and the same weapon thrown with its range.

use super::paste_pieces::{hit_damage, misprinted_damage, printed_average, to_hit};
use fray_app::dice::Dice;

/// What a piece of an attack's hit that no field holds is written with after its name.
pub(super) const RIDER: &str = ", on a hit: ";

/// What the line saying an attack's misprinted dice were read is written with after its name.
const MISPRINTED: &str = ", dice misprinted: ";

/// What an action that reads as an attack Fray could not read is written with after its name.
const NOT_READ: &str = ", an attack Fray cannot read: ";

/// What the line saying a file's damage field and its attack's text disagree is written with
/// after its name.
const DISAGREE: &str = ", its damage field and text differ: ";

/// The piece that says an action is an attack Fray could not read, its words whole: no field
/// reads it, so it is listed as not read and kept in the notes.
pub(super) fn attack_not_read(name: &str, text: &str) -> String {
    let name = name.trim().trim_matches(['*', '_', '.', ' ']);
    let name = if name.is_empty() { "Action" } else { name };
    format!("{name}{NOT_READ}{}", text.split_whitespace().collect::<Vec<_>>().join(" "))
}

/// Whether an action's words make an attack ("+8 vs. AC", "+6 to hit", "Hit: 5 (1d6)",
/// "Attack. +6"), read or not: one Fray cannot read is said, not left in the notes while the
/// block keeps the default attack bonus. A bonus elsewhere ("a +2 bonus to its AC against
/// ranged weapon attacks") makes none.
pub(super) fn is_attack_text(text: &str) -> bool {
    text.contains("vs. AC") || text.contains("Hit:") || to_hit(text).is_some()
}

/// Most words a damage's type has ("lightning or thunder").
const MAX_TYPE_WORDS: usize = 4;

/// An attack sentence, read.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct SrdAttack {
    /// The attack's name, without the remark in parentheses after it.
    pub name: String,
    /// "Hybrid Form Only", from "Claw (Hybrid Form Only)".
    pub remark: Option<String>,
    /// "+4", from "+4 to hit".
    pub bonus: Option<String>,
    /// The hit's first damage.
    pub first: Dice,
    /// Its type ("piercing"), when the text gives one.
    pub kind: Option<String>,
    /// The second damages every hit deals, and their types.
    pub added: Vec<(Dice, String)>,
    /// Whether it strikes in melee ("Melee ... Attack", or neither melee nor ranged named).
    pub melee: bool,
    /// Its reach in feet, when the text gives one.
    pub reach: Option<i64>,
    /// Whether it shoots or is thrown ("Ranged ... Attack").
    pub ranged: bool,
    /// Its range and long range in feet, when the text gives them.
    pub range: Option<(i64, Option<i64>)>,
    /// What the hit does that no field holds: the text after the damages.
    pub rider: Option<String>,
    /// The damage as printed when its dice were misprinted ("6 (1 d6 + 3)") and read all the
    /// same: said in a line of its own.
    pub misprint: Option<String>,
    /// The average printed before the hit's first dice ("12 (2d6 + 5)": 12), when the text
    /// gives both.
    pub average: Option<i64>,
    /// What a file's damage field said that its text does not, and which was read: said in a
    /// line of its own.
    pub disagreement: Option<String>,
}

impl SrdAttack {
    /// Reads `name` and the attack's text `body` ("Melee Weapon Attack: ... Hit: ..."); `None`
    /// when it is no attack with a hit's damage.
    pub(super) fn read(name: &str, body: &str) -> Option<SrdAttack> {
        SrdAttack::read_given(name, body, None)
    }

    /// [`SrdAttack::read`], with the first damage `given` (a JSON file's own fields) when the
    /// hit's text starts with none ("Hit: The target must make a DC 15 saving throw...").
    pub(super) fn read_given(name: &str, body: &str, given: Option<Dice>) -> Option<SrdAttack> {
        let body = body.split_whitespace().collect::<Vec<_>>().join(" ");
        let name = name.trim().trim_matches(['*', '_', '.', ' ']);
        // "Claws (Hag Form Only)": the name's own remark goes with the attack's words, without
        // its parentheses (a word of an item's parentheses may hold none).
        let (name, remark) = match name.split_once('(') {
            Some((before, remark)) if !before.trim().is_empty() => {
                (before.trim(), Some(remark.replace(['(', ')'], "").trim().to_owned()))
            }
            _ => (name, None),
        };
        // "Melee Weapon Attack. +6, ...": a full stop for the colon reads the same; "+8 to hit,
        // reach 5 ft. ... Hit: ..." (Tome of Beasts' Abominable Beauty) is an attack without
        // its kind, a melee one.
        let at = body
            .find("Attack:")
            .or_else(|| body.find("Attack. "))
            .or_else(|| starts_with_to_hit(&body).then_some(0))?;
        let hit = at + body[at..].find("Hit:").or_else(|| body[at..].find("Hit. "))?;
        let (head, between) = (&body[..at], &body[at..hit]);
        let mut misprint = None;
        let average = printed_average(&body[hit + 4..]);
        let (first, (kind, after)) = match (hit_damage(&body[hit + 4..]), given) {
            (Some((first, after)), _) => (first, damage_type(after)),
            (None, Some(given)) => (given, (None, &body[hit + 4..])),
            (None, None) => {
                let (first, printed, after) = misprinted_damage(&body[hit + 4..])?;
                misprint = Some(printed);
                (first, damage_type(after))
            }
        };
        let mut attack = SrdAttack {
            name: name.to_owned(),
            remark,
            bonus: to_hit(between),
            first,
            kind,
            added: Vec::new(),
            melee: head.contains("Melee") || !head.contains("Ranged"),
            reach: feet_after(between, "reach "),
            ranged: head.contains("Ranged"),
            // "ranged 150/600 ft.", a misprint of Improved Initiative's Scout, says the same.
            range: feet_after(between, "range ")
                .or_else(|| feet_after(between, "ranged "))
                .map(|r| (r, long_range(between))),
            rider: None,
            misprint,
            average,
            disagreement: None,
        };
        let rest = attack.add_second_damages(after);
        let rest = rest.trim().trim_start_matches([',', ';']).trim();
        if !matches!(rest, "" | ".") {
            attack.rider = Some(rest.to_owned());
        }
        Some(attack)
    }

    /// Takes each "plus N (XdY) type damage" of the hit's first sentence that every hit
    /// deals (not one "on a failed save" or "if ..."), as long as the dice still add up; the
    /// text without them.
    fn add_second_damages(&mut self, after: &str) -> String {
        let mut rest = after.to_owned();
        let mut from = 0;
        // How far the text is known to hold no sentence's end: each stretch is looked at once,
        // so a block of thousands of "plus" reads in linear time, not quadratic.
        let mut checked = 0;
        while let Some(found) = rest[from..].find("plus ") {
            let start = from + found;
            // Only in the hit's own sentence.
            if rest[checked..start].contains(". ") {
                break;
            }
            checked = start;
            from = start + 5;
            let Some((dice, tail)) = hit_damage(&rest[from..]) else { continue };
            let Some((Some(kind), tail)) = typed(tail) else { continue };
            let next = tail.trim_start();
            let conditional = ["on ", "if ", "when ", "while ", "unless ", "against ", "to "]
                .iter()
                .any(|w| next.starts_with(w));
            let mut all: Vec<Dice> = self.added.iter().map(|(d, _)| d.clone()).collect();
            all.push(dice.clone());
            if conditional || sum(&self.first, &all).is_none() {
                continue;
            }
            self.added.push((dice, kind));
            let end = rest.len() - tail.len();
            // The comma or space before "plus" goes with it.
            let cut = rest[..start].trim_end().trim_end_matches(',').len();
            rest.replace_range(cut..end, "");
            from = cut;
            checked = checked.min(cut);
        }
        rest
    }

    /// The damage a hit deals: the first and every second one added.
    pub(super) fn damage(&self) -> Dice {
        let added: Vec<Dice> = self.added.iter().map(|(d, _)| d.clone()).collect();
        sum(&self.first, &added).unwrap_or_else(|| self.first.clone())
    }

    /// With a JSON file's own damage field `given` and type. The field is the hit's first
    /// damage, or the whole of it (Open5e's SRD dragons give "2d10+1d8" beside "17 (2d10 + 6)
    /// piercing damage plus 4 (1d8) acid damage"): the text's reading stands. When the two
    /// differ, the text is read if its dice roll the average it prints (Open5e's Tome of
    /// Beasts gives "2d6" beside "11 (2d6 + 4)"), else the field; a line says which and what
    /// the other said.
    pub(super) fn with_field(mut self, given: Dice, kind: Option<String>) -> SrdAttack {
        self.kind = kind.or(self.kind.take());
        if same_dice(&given, &self.first) || same_dice(&given, &self.damage()) {
            return self;
        }
        let printed = match self.average {
            Some(average) => format!("{average} ({})", self.first),
            None => format!("({})", self.first),
        };
        #[allow(clippy::cast_possible_truncation)]
        let rolls_printed = self.average.is_some_and(|a| a == (self.first.average() + 1e-6) as i64);
        if rolls_printed {
            self.disagreement =
                Some(format!("the file's {given}, the text's {printed}; the text's read"));
            return self;
        }
        let said = format!("the file's {given}, the text's {printed}; the file's read");
        // The file's own field gave the dice: the text's misprint is not what was read.
        self.misprint = None;
        self.first = given;
        let added: Vec<Dice> = self.added.iter().map(|(d, _)| d.clone()).collect();
        if sum(&self.first, &added).is_none() {
            let words: Vec<String> =
                self.added.drain(..).map(|(d, k)| format!("plus ({d}) {k} damage")).collect();
            let rider = self.rider.take().into_iter();
            self.rider = Some(words.into_iter().chain(rider).collect::<Vec<_>>().join(", "));
        }
        self.disagreement = Some(said);
        self
    }

    /// The pieces a stat block's reader takes: the melee attack, the ranged one, or both
    /// (a weapon that is thrown), then the rider, if any.
    pub(super) fn pieces(&self) -> Vec<String> {
        let mut damage = self.damage().to_string();
        // "d4+d4" would read as two attacks of a d4 (as Cairn's books print them): the sum of
        // a hit's damages is written "1d4+d4".
        if !self.added.is_empty() && damage.starts_with('d') {
            damage.insert(0, '1');
        }
        let mut words = vec![damage];
        for kind in self.kind.iter().chain(self.added.iter().map(|(_, k)| k)) {
            if !words.contains(kind) {
                words.push(kind.clone());
            }
        }
        words.extend(self.remark.clone());
        let mut out = Vec::new();
        if self.melee {
            let mut melee = words.clone();
            // 5 ft is what every melee attack reaches: only a longer reach is said.
            melee.extend(self.reach.filter(|r| *r > 5).map(|r| format!("reach {r} ft")));
            out.push(format!("{} ({})", self.name, melee.join(", ")));
        }
        if self.ranged {
            let mut ranged = words;
            if self.melee {
                ranged.push("thrown".into());
            }
            match self.range {
                Some((normal, Some(long))) => ranged.push(format!("range {normal}/{long} ft")),
                Some((normal, None)) => ranged.push(format!("range {normal} ft")),
                None => ranged.push("ranged".into()),
            }
            out.push(format!("{} ({})", self.name, ranged.join(", ")));
        }
        // A range a field in feet would take, not given: said, never a melee attack in silence.
        if self.ranged && self.range.is_none() {
            out.push(format!("{}{RIDER}ranged, but its range is not given", self.name));
        }
        out.extend(self.rider.as_ref().map(|r| format!("{}{RIDER}{r}", self.name)));
        out.extend(
            self.misprint.as_ref().map(|printed| {
                format!("{}{MISPRINTED}'{printed}' read as {}", self.name, self.first)
            }),
        );
        out.extend(self.disagreement.as_ref().map(|said| format!("{}{DISAGREE}{said}", self.name)));
        out
    }
}

/// Whether a piece is an attack's rider, as [`SrdAttack::pieces`] writes one: no field reads it.
/// A misprint's line is one too: it is listed with them.
pub(super) fn is_rider(piece: &str) -> bool {
    [RIDER, MISPRINTED, NOT_READ, DISAGREE].iter().any(|marker| {
        piece.split_once(marker).is_some_and(|(name, _)| {
            let words = name.split_whitespace().count();
            words > 0 && words <= super::paste::MAX_NAME_WORDS
        })
    })
}

/// Whether an attack's words start with its bonus: "+8 to hit, reach 5 ft., ...".
fn starts_with_to_hit(body: &str) -> bool {
    body.split_once(" to hit").is_some_and(|(before, _)| {
        let digits = before.trim_start_matches(['+', '-', '−']);
        before.len() > digits.len()
            && !digits.is_empty()
            && digits.chars().all(|c| c.is_ascii_digit())
    })
}

/// Whether two sums roll the same dice and numbers, in whatever order ("2d10+d8+6" and
/// "2d10+6+1d8").
fn same_dice(a: &Dice, b: &Dice) -> bool {
    let leaves = |d: &Dice| {
        let mut out: Vec<String> = d.leaves().map(|n| format!("{n:?}")).collect();
        out.sort();
        out
    };
    a.is_sum() && b.is_sum() && leaves(a) == leaves(b)
}

/// `first` and `added` as one sum of dice, if it is one within the limits.
fn sum(first: &Dice, added: &[Dice]) -> Option<Dice> {
    if added.is_empty() {
        return Some(first.clone());
    }
    let text: Vec<String> = std::iter::once(first).chain(added).map(Dice::to_string).collect();
    Dice::parse(&text.join("+")).ok()
}

/// A damage's type and the text after it: "acid damage, and ..." is ("acid", ", and ...");
/// "lightning or thunder damage (djinni's choice)." is ("lightning or thunder", " (djinni's
/// choice)."). Without a "damage" a few words on, the first word is the type when it ends
/// no sentence ("piercing").
fn damage_type(after: &str) -> (Option<String>, &str) {
    if let Some((kind, rest)) = typed(after) {
        return (kind, rest);
    }
    let first = after.trim_start();
    let end = first.find(' ').unwrap_or(first.len());
    let word = &first[..end];
    let a_type = type_word(word);
    if a_type { (Some(word.to_owned()), &first[end..]) } else { (None, after) }
}

/// Whether a word may be (part of) a damage's type: letters, and not the "plus" of a second
/// damage ("18 (3d6 + 8) plus 3 (1d6) poison damage": the first has no type).
fn type_word(word: &str) -> bool {
    !word.is_empty() && word.chars().all(char::is_alphabetic) && word != "plus"
}

/// The type of "acid damage, and ...", and the text after its "damage"; `None` without a
/// "damage" a few words on.
fn typed(after: &str) -> Option<(Option<String>, &str)> {
    let mut words = Vec::new();
    let mut rest = after.trim_start();
    for _ in 0..=MAX_TYPE_WORDS {
        let end = rest.find(' ').unwrap_or(rest.len());
        let word = &rest[..end];
        let bare = word.trim_end_matches(['.', ',', ';']);
        if bare == "damage" {
            return Some(((!words.is_empty()).then(|| words.join(" ")), &rest["damage".len()..]));
        }
        if bare.len() != word.len() || !type_word(bare) {
            return None;
        }
        words.push(bare);
        rest = rest[end..].trim_start();
    }
    None
}

/// The feet after `label` in an attack's text: "reach 10 ft." is 10, "range 80/320 ft." 80.
fn feet_after(text: &str, label: &str) -> Option<i64> {
    let at = text.find(label)? + label.len();
    let digits: String = text[at..].chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok().filter(|n| *n > 0)
}

/// The long range of "range 80/320 ft.": 320.
fn long_range(text: &str) -> Option<i64> {
    let at = text.find("range ").map(|a| a + 6).or_else(|| text.find("ranged ").map(|a| a + 7))?;
    let rest = &text[at..];
    let slash = rest.find('/').filter(|s| rest[..*s].chars().all(|c| c.is_ascii_digit()))?;
    let digits: String = rest[slash + 1..].chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pieces(name: &str, body: &str) -> Vec<String> {
        SrdAttack::read(name, body).unwrap().pieces()
    }

    #[test]
    fn a_ranged_attack_has_its_range_and_a_melee_one_its_longer_reach() {
        assert_eq!(
            pieces(
                "Shortbow",
                "Ranged Weapon Attack: +4 to hit, range 80/320 ft., one target. Hit: 5 (1d6 + \
                 2) piercing damage."
            ),
            ["Shortbow (d6+2, piercing, range 80/320 ft)"]
        );
        assert_eq!(
            pieces(
                "Tail",
                "Melee Weapon Attack: +9 to hit, reach 10 ft. one target. Hit: 15 (3d6 + 5) \
                 bludgeoning damage."
            ),
            ["Tail (3d6+5, bludgeoning, reach 10 ft)"]
        );
        assert_eq!(
            pieces(
                "Javelin",
                "Melee or Ranged Weapon Attack: +6 to hit, reach 5 ft. or range 30/120 ft., one \
                 target. Hit: 11 (2d6 + 4) piercing damage."
            ),
            ["Javelin (2d6+4, piercing)", "Javelin (2d6+4, piercing, thrown, range 30/120 ft)"]
        );
        assert_eq!(
            pieces(
                "Ray",
                "Ranged Spell Attack: +5 to hit, range 120 ft., one target. Hit: 10 (3d6) fire damage."
            ),
            ["Ray (3d6, fire, range 120 ft)"]
        );
    }

    #[test]
    fn a_second_damage_every_hit_deals_is_added_and_any_other_is_a_rider() {
        assert_eq!(
            pieces(
                "Bite",
                "Melee Weapon Attack: +11 to hit, reach 10 ft., one target. Hit: 17 (2d10 + 6) \
                 piercing damage plus 4 (1d8) acid damage."
            ),
            ["Bite (2d10+6+d8, piercing, acid, reach 10 ft)"]
        );
        assert_eq!(
            pieces(
                "Longsword",
                "Melee Weapon Attack: +14 to hit, reach 10 ft., one target. Hit: 15 (2d6+8) \
                 slashing damage plus 10 (3d6) fire damage, and the target must succeed on a DC \
                 20 Strength saving throw or be pulled up to 25 feet toward the balor."
            ),
            [
                "Longsword (2d6+8+3d6, slashing, fire, reach 10 ft)",
                "Longsword, on a hit: and the target must succeed on a DC 20 Strength saving \
                 throw or be pulled up to 25 feet toward the balor."
            ]
        );
        assert_eq!(
            pieces(
                "Shortsword",
                "Melee Weapon Attack: +6 to hit, reach 5 ft., one target. Hit: 6 (1d6 + 3) \
                 piercing damage, and the target must make a DC 15 Constitution saving throw, \
                 taking 24 (7d6) poison damage on a failed save, or half as much damage on a \
                 successful one."
            )[1],
            "Shortsword, on a hit: and the target must make a DC 15 Constitution saving throw, \
             taking 24 (7d6) poison damage on a failed save, or half as much damage on a \
             successful one."
        );
        // Two-handed, then a second damage both ways: added, the other grip a rider.
        assert_eq!(
            pieces(
                "Mace",
                "Melee Weapon Attack: +6 to hit, reach 5 ft., one target. Hit: 7 (1d8+3) \
                 bludgeoning damage, or 8 (1d10+3) bludgeoning damage if used with two hands \
                 to make a melee attack, plus 3 (1d6) fire damage."
            ),
            [
                "Mace (1d8+3+d6, bludgeoning, fire)",
                "Mace, on a hit: or 8 (1d10+3) bludgeoning damage if used with two hands to \
                 make a melee attack."
            ]
        );
        assert_eq!(
            pieces(
                "Longbow",
                "Ranged Weapon Attack: +4 to hit, ranged 150/600 ft., one target. Hit: 6 (1d8 + \
                 2) piercing damage."
            ),
            ["Longbow (d8+2, piercing, range 150/600 ft)"]
        );
        // "Bite (Rat or Hybrid Form Only).", as Improved Initiative's Wererat names it.
        assert_eq!(
            pieces(
                "Bite (Rat or Hybrid Form Only).",
                "Melee Weapon Attack: +4 to hit, reach 5 ft., one target. Hit: 4 (1d4 + 2) \
                 piercing damage."
            ),
            ["Bite (d4+2, piercing, Rat or Hybrid Form Only)"]
        );
        // Improved Initiative's Satyr: "6 (1 d6 + 3)", read as the average says, and said.
        assert_eq!(
            pieces(
                "Shortsword",
                "Melee Weapon Attack: +5 to hit, reach 5 ft., one target. Hit: 6 (1 d6 + 3) \
                 piercing damage."
            ),
            [
                "Shortsword (d6+3, piercing)",
                "Shortsword, dice misprinted: '6 (1 d6 + 3)' read as d6+3"
            ]
        );
        // Dice that do not roll the average printed are no reading of it: not read at all.
        let wrong = "Melee Weapon Attack: +5 to hit. Hit: 9 (1 d6 + 3) piercing damage.";
        assert_eq!(SrdAttack::read("Shortsword", wrong), None);
        assert!(is_rider("Shortsword, dice misprinted: '6 (1 d6 + 3)' read as d6+3"));
        assert!(is_rider("Mace, on a hit: or 8 (1d10+3)"));
        assert!(is_rider(&attack_not_read("Vicious bite", "+8 vs. AC: 18 damage")));
        for attack in ["+8 vs. AC: 18 damage", "Melee Weapon Attack. +6, reach 5 ft.", "Hit: 5"] {
            assert!(is_attack_text(attack), "{attack}");
        }
        // The Cloud Giant's Wind Aura, and a Multiattack: no attack of their own.
        for words in [
            "the giant gains a +2 bonus to its AC against ranged weapon attacks",
            "The aboleth makes three tentacle attacks.",
        ] {
            assert!(!is_attack_text(words), "{words}");
        }
        assert!(!is_rider("Mace (d8)"));
    }

    fn given(name: &str, body: &str, field: &str) -> Vec<String> {
        let field = Dice::parse(field).unwrap();
        SrdAttack::read_given(name, body, Some(field.clone()))
            .unwrap()
            .with_field(field, None)
            .pieces()
    }

    /// Open5e's fields beside its text: the first damage, the whole hit, or dice without the
    /// modifier the text prints (and rolls its average with).
    #[test]
    fn a_files_damage_field_and_its_text_read_together() {
        let bite = "Melee Weapon Attack: +11 to hit, reach 10 ft., one target. Hit: 17 (2d10 + 6) \
                    piercing damage plus 4 (1d8) acid damage.";
        for field in ["2d10+6", "2d10+1d8+6"] {
            assert_eq!(
                given("Bite", bite, field),
                ["Bite (2d10+6+d8, piercing, acid, reach 10 ft)"]
            );
        }
        let claw = "Melee Weapon Attack: +9 to hit, reach 5 ft., one target. Hit: 11 (2d6 + 4) \
                    slashing damage.";
        assert_eq!(
            given("Claw", claw, "2d6"),
            [
                "Claw (2d6+4, slashing)",
                "Claw, its damage field and text differ: the file's 2d6, the text's 11 (2d6+4); \
                 the text's read"
            ]
        );
        // A text that does not roll its own average: the field is read, said.
        let off = claw.replace("11 (", "14 (");
        assert_eq!(
            given("Claw", &off, "2d6+7"),
            [
                "Claw (2d6+7, slashing)",
                "Claw, its damage field and text differ: the file's 2d6+7, the text's 14 (2d6+4); \
                 the file's read"
            ]
        );
    }

    #[test]
    fn a_first_damage_without_a_type_and_an_attack_without_its_kind_are_read() {
        assert_eq!(
            pieces(
                "Bite",
                "Melee Weapon Attack: +13 to hit, reach 15 ft., one target. Hit: 18 (3d6 + 8) \
                 plus 3 (1d6) poison damage."
            ),
            ["Bite (3d6+8+d6, poison, reach 15 ft)"]
        );
        assert_eq!(
            pieces(
                "Slam",
                "+8 to hit, reach 5 ft., one target. Hit: 7 (1d8 + 3) damage plus 28 (8d6) fire \
                 damage."
            ),
            ["Slam (1d8+3+8d6, fire)"]
        );
        assert_eq!(SrdAttack::read("Gaze", "A +2 bonus to hit. Hit: 7 (1d8) damage."), None);
    }
}
