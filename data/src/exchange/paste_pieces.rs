//! A printed block cut into its pieces ("HP 13", "club (d10)"), and a piece read as a label
//! with its value: "13 HP", "AC 6 [13]", "HD 3d8", or an SRD sentence's attack ("Melee Weapon
//! Attack: +4 to hit ... Hit: 5 (1d6 + 2) slashing damage").

use super::paste_old_school::{alternatives, encounter_rate};
use super::paste_srd::SrdAttack;
use fray_app::dice::Dice;

/// The pieces of a block: split at commas, semicolons, full stops and line ends outside
/// parentheses,
/// trimmed, a final full stop taken off. An attack written as a sentence ("Greatclub. Melee
/// Weapon Attack: +6 to hit, reach 5 ft., one target. Hit: 13 (2d8 + 4) bludgeoning
/// damage.") is one piece, rewritten as "Greatclub (2d8+4, bludgeoning)" (and its rider, what
/// the hit does that no field holds: see [`SrdAttack`]).
pub(super) fn items(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = String::new();
    for line in text.lines() {
        match sentence_attack(line) {
            Some(attack) => {
                // "+6 to hit": the creature's attack bonus (the first attack's, if they differ).
                if let Some(bonus) = &attack.bonus {
                    out.push(format!("Attack bonus {bonus}"));
                }
                out.extend(attack.pieces());
            }
            None => {
                rest.push_str(line);
                rest.push('\n');
            }
        }
    }
    let text = rest.as_str();
    let mut depth = 0i32;
    let mut current = String::new();
    let chars: Vec<char> = text.chars().collect();
    // The first character after each one that is not white space, worked out once from the
    // end (looking ahead from every line end could cross a long run of spaces each time).
    let mut solid_after = vec![None; chars.len()];
    for i in (0..chars.len().saturating_sub(1)).rev() {
        let next = chars[i + 1];
        solid_after[i] = if next.is_whitespace() { solid_after[i + 1] } else { Some(next) };
    }
    for (i, &c) in chars.iter().enumerate() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            _ => {}
        }
        // A full stop ends a piece too when a space follows ("Bite (d4). Flees when alone").
        let stop = c == '.' && chars.get(i + 1).is_some_and(|n| n.is_whitespace());
        // A line wrapped before a parenthesis goes on ("ceremonial dagger\n(d6)").
        let wrapped = c == '\n' && solid_after[i] == Some('(');
        if wrapped {
            current.push(' ');
            continue;
        }
        // "XP 1,300": a comma between digits is a thousands separator, not a new piece.
        let thousands = c == ','
            && i > 0
            && chars[i - 1].is_ascii_digit()
            && chars.get(i + 1).is_some_and(char::is_ascii_digit);
        if depth <= 0 && (matches!(c, ',' | ';' | '\n') || stop) && !thousands {
            push_item(&mut out, &current);
            current.clear();
        } else {
            current.push(c);
        }
    }
    push_item(&mut out, &current);
    out
}

fn push_item(out: &mut Vec<String>, item: &str) {
    let item = item.trim().trim_end_matches('.').trim();
    if item.is_empty() {
        return;
    }
    // "mace (d8) or ceremonial dagger (d6)": two weapons, either of which it may use.
    out.extend(alternatives(item));
}

/// The bonus of an attack written as a sentence: "+6 to hit" as "+6"; without "to hit", the
/// signed number the attack's words start with ("Attack. +6, reach 5 ft.").
pub(super) fn to_hit(line: &str) -> Option<String> {
    let word = match line.find(" to hit") {
        Some(at) => line[..at].split_whitespace().last()?,
        None => {
            let after = line.split_once("Attack")?.1.trim_start_matches([':', '.', '*', ' ']);
            after.split_whitespace().next().filter(|w| w.starts_with(['+', '-', '−']))?
        }
    };
    let n: i64 = word.trim_start_matches('+').trim_end_matches([',', '.']).parse().ok()?;
    Some(format!("{n:+}"))
}

/// "Name. ... Attack: ... Hit: 13 (2d8 + 4) bludgeoning damage.", a line of a printed block,
/// read whole ([`SrdAttack`]).
pub(super) fn sentence_attack(line: &str) -> Option<SrdAttack> {
    let line = line.trim().trim_start_matches(['*', '_']);
    let (name, rest) = line.split_once('.')?;
    SrdAttack::read(name, rest)
}

/// The damage after "Hit:" and the text after it: "12 (2d6 + 5) bludgeoning damage." is 2d6+5
/// (the dice, not the average before them), "(d8) damage." is d8, and "1 piercing damage."
/// is 1, a hit that rolls no dice.
pub(super) fn hit_damage(after_hit: &str) -> Option<(Dice, &str)> {
    let text = after_hit.trim_start();
    let in_parentheses = |t: &str| -> Option<(Dice, usize)> {
        let inner = t.strip_prefix('(')?;
        let close = inner.find(')')?;
        Some((Dice::parse(&inner[..close]).ok()?, close + 2))
    };
    if let Some((dice, end)) = in_parentheses(text) {
        return Some((dice, &text[end..]));
    }
    let (first, tail) = text.split_once(char::is_whitespace)?;
    let average: i64 = first.parse().ok()?;
    let tail_start = text.len() - tail.len();
    let trimmed = tail.trim_start();
    match in_parentheses(trimmed) {
        Some((dice, end)) => Some((dice, &trimmed[end..])),
        // Parentheses that do not read as dice ("6 (1 d6 + 3)", a misprint) leave the hit
        // unread: its average is not its damage.
        None if trimmed.starts_with('(') => None,
        None => Some((Dice::parse(&average.to_string()).ok()?, &text[tail_start..])),
    }
}

/// The average printed before a hit's dice: "12 (2d6 + 5) bludgeoning damage." is 12; none
/// when the dice stand alone ("(d8) damage.") or no dice follow ("1 piercing damage.").
pub(super) fn printed_average(after_hit: &str) -> Option<i64> {
    let (average, tail) = after_hit.trim_start().split_once(char::is_whitespace)?;
    tail.trim_start().starts_with('(').then(|| average.parse().ok()).flatten()
}

/// The damage after "Hit:" when its dice are misprinted with spaces inside ("6 (1 d6 + 3)
/// piercing damage."): the dice without them, as printed, and the text after, when that
/// reading is the only one (it rolls the average printed before it); `None` otherwise.
pub(super) fn misprinted_damage(after_hit: &str) -> Option<(Dice, String, &str)> {
    let text = after_hit.trim_start();
    let (average, tail) = text.split_once(char::is_whitespace)?;
    let average: i64 = average.parse().ok()?;
    let inner = tail.trim_start().strip_prefix('(')?;
    let close = inner.find(')')?;
    let squeezed: String = inner[..close].chars().filter(|c| !c.is_whitespace()).collect();
    let dice = Dice::parse(&squeezed).ok()?;
    // The mean as a float may fall a hair short of a whole number (2d6+3's 9.999...).
    let mean = (dice.distribution().mean() + 1e-6).floor();
    #[allow(clippy::cast_precision_loss)]
    let rolls_the_average = (mean - average as f64).abs() < 0.5;
    let printed = format!("{average} ({})", &inner[..close]);
    rolls_the_average.then(|| (dice, printed, &inner[close + 1..]))
}

/// "13 HP", "HP 13", "HP: 13", "Armour 1 (chain)", "Speed 40 ft." as ("HP", "13").
pub(super) fn label_and_number(item: &str) -> Option<(String, String)> {
    if let Some(per_round) = encounter_rate(item) {
        return Some(per_round);
    }
    let (item, aside) = item.split_once('(').unwrap_or((item, ""));
    let item = item.trim();
    // "AC 2 [17] (8 [11] in human form)": a second value of the same kind beside it; which
    // one holds is the GM's call, so neither is read.
    if item.ends_with(']') && aside.contains('[') {
        return None;
    }
    let mut words: Vec<&str> = item.split_whitespace().collect();
    // A unit after the number says nothing the field does not.
    if words.len() > 2 && matches!(words.last(), Some(&("ft" | "ft." | "feet" | "'"))) {
        words.pop();
    }
    // Feet written `40'` (old-school books) are the number 40; a save written `14+` is 14.
    let number = |w: &str| {
        let w = w.trim_start_matches('+').trim_end_matches(['\'', '’', '+']);
        w.parse::<i64>().ok().map(|n| n.to_string())
    };
    // "AC 6 [13]", "THAC0 19 [0]": old-school books print the descending value, then the
    // ascending one in brackets; the bracketed one is the value (THAC0's is the attack bonus).
    if let [label @ .., value, bracketed] = words.as_slice()
        && number(value).is_some()
        && let Some(inside) = bracketed.strip_prefix('[').and_then(|b| b.strip_suffix(']'))
        && let Some(n) = number(inside)
    {
        let label = label.join(" ");
        let label =
            if label.eq_ignore_ascii_case("thac0") { "Attack bonus".to_owned() } else { label };
        return Some((label, n));
    }
    // A THAC0 alone is descending: no field of Fray's holds it, so it stays unread.
    if words.first().is_some_and(|w| w.eq_ignore_ascii_case("thac0")) {
        return None;
    }
    let (first, last) = (words.first()?, words.last()?);
    if words.len() >= 2 {
        if let Some(n) = number(first) {
            return Some((words[1..].join(" "), n));
        }
        if let Some(n) = number(last) {
            return Some((words[..words.len() - 1].join(" ").trim_end_matches(':').to_owned(), n));
        }
    }
    // "HP:13", "STR:16".
    let (label, n) = item.split_once(':')?;
    Some((label.trim().to_owned(), number(n.trim())?))
}

/// "HD 3d8", "Hit Dice: 2d8+2" as ("HD", "3d8").
pub(super) fn label_and_dice(item: &str) -> Option<(String, String)> {
    let (label, dice) = item.rsplit_once([' ', ':'])?;
    let dice = Dice::parse(dice.trim()).ok()?;
    Some((label.trim().trim_end_matches(':').to_owned(), dice.to_string()))
}
