//! The pieces of a stat block as old-school books print them (B/X, OSE and their kin): hit
//! dice with their hit points, movement per turn and per round, counted attacks with their
//! effects, alternatives ("or"), and the lines no field takes (saves, treasure, number
//! appearing) that must never be read as an attack.

use fray_app::dice::Dice;

/// Labels of old-school stat lines that hold no field of Fray's and are never an attack,
/// even with dice in them ("Number Appearing 1d4 (1d4)" is no weapon).
const NEVER_ATTACKS: &[&str] = &[
    "number appearing",
    "no. appearing",
    "no appearing",
    "na",
    "treasure type",
    "treasure",
    "tt",
    "xp",
    "alignment",
    "al",
    "saving throws",
    "save as",
    "sv",
    "challenge",
    "cr",
];

/// "HD 1-1 (3hp)", "Hit Dice 10** (45hp)", as old-school books print hit dice: the count of
/// dice (its adjustment and asterisks say nothing a field holds) and, in parentheses, the hit
/// points: "HD 1" and "HP 3". "Hit Dice 1hp" is one hit point; "Hit Dice ½ (2hp)" is 2 hit
/// points and a count no field holds (left as "HD ½", unread). `None` for anything else
/// ("HD 3d8" is dice, read as such; "8 / 12 / 16 (36 / 54 / 72hp)" is several creatures).
pub(super) fn hit_dice(piece: &str) -> Option<Vec<String>> {
    let piece = piece.trim();
    let rest = ["HD ", "HD: ", "Hit Dice ", "Hit Dice: "]
        .iter()
        .find_map(|label| piece.strip_prefix(label))?
        .trim();
    if let Some(hp) = hit_points(rest) {
        return Some(vec![format!("HP {hp}")]);
    }
    let half = rest.starts_with('½');
    let count: String = if half {
        "½".to_owned()
    } else {
        rest.chars().take_while(char::is_ascii_digit).collect()
    };
    let after = &rest[count.len()..];
    let (adjust, hp) = match after.split_once('(') {
        Some((adjust, hp)) => (adjust.trim(), Some(hp.trim_end_matches(')').trim())),
        None => (after.trim(), None),
    };
    let plain = adjust.chars().all(|c| c.is_ascii_digit() || "+-*–".contains(c));
    if count.is_empty() || !plain || (adjust.is_empty() && hp.is_none()) {
        return None;
    }
    let mut out = vec![format!("HD {count}")];
    if let Some(hp) = hp {
        out.push(format!("HP {}", hit_points(hp)?));
    }
    Some(out)
}

/// "Hit Points 135 (18d10 + 45)", as the SRD prints hit points: the piece as it is (the
/// points), then the count of the dice they were rolled on, for a block that keeps hit dice
/// (`has_hit_dice`).
pub(super) fn srd_hit_points(piece: &str, has_hit_dice: bool) -> Option<Vec<String>> {
    let rest = ["Hit Points ", "HP "].iter().find_map(|label| piece.trim().strip_prefix(label))?;
    let (points, dice) = rest.split_once('(')?;
    points.trim().parse::<i64>().ok()?;
    let dice = Dice::parse(dice.trim().trim_end_matches(')')).ok()?;
    let mut terms = dice.dice_terms();
    let count = terms.next()?.count;
    (has_hit_dice && terms.next().is_none()).then(|| vec![piece.to_owned(), format!("HD {count}")])
}

/// "18hp", "3 hp": a number of hit points.
fn hit_points(text: &str) -> Option<i64> {
    text.strip_suffix("hp")?.trim().parse().ok()
}

/// "MV 120' (40')", "Movement 90’ (30’) / 180’ (60’) flying", as old-school books print
/// movement: the rate per turn of exploring, then in parentheses the rate per round of a
/// fight, which is the one a fight's procedure moves by: ("MV", "40").
pub(super) fn encounter_rate(item: &str) -> Option<(String, String)> {
    let feet = |w: &str| -> Option<i64> { w.strip_suffix(['\'', '’', '′'])?.parse().ok() };
    let words: Vec<&str> = item.split_whitespace().collect();
    let at = words.iter().position(|w| feet(w).is_some())?;
    let per_round = words.get(at + 1)?.strip_prefix('(')?.strip_suffix(')')?;
    let per_round = feet(per_round)?;
    let label = words[..at].join(" ");
    (!label.is_empty()).then(|| (label.trim_end_matches(':').to_owned(), per_round.to_string()))
}

/// "Att 2 × claw (1d4)", "Attacks 1 × bite (1d10 + petrification)", as old-school books
/// count attacks: that many attacks, each with its damage, and what comes with the hit (the
/// words after a `+` that are not a number, or after "or": "by weapon") as its traits:
/// `["Claw (1d4)", "Claw (1d4)"]`, `["Bite (1d10, petrification)"]`.
pub(super) fn counted_attacks(item: &str) -> Option<Vec<String>> {
    let mut bare = item.trim();
    // The label, even printed twice ("Attacks Attacks 1 × bite", a misprint in the SRD).
    while let Some(rest) =
        ["Attacks ", "Attack ", "Att ", "Atk "].iter().find_map(|label| bare.strip_prefix(label))
    {
        bare = rest.trim();
    }
    // "Goat: 1 × gore (2d4)": which head of the creature strikes, as part of the name.
    let (head, bare) = match bare.split_once(": ") {
        Some((head, rest)) if head.chars().all(char::is_alphabetic) => (Some(head), rest),
        _ => (None, bare),
    };
    let (count, rest) = bare.split_once(['×', 'x'])?;
    let n = count.trim().parse::<usize>().ok().filter(|n| (1..=10).contains(n))?;
    let (open, close) = (rest.find('(')?, rest.rfind(')')?);
    if close < open || !rest[close + 1..].trim().is_empty() {
        return None;
    }
    let name = match head {
        Some(head) => format!("{head} {}", rest[..open].trim().to_lowercase()),
        None => rest[..open].trim().to_owned(),
    };
    let mut parts: Vec<String> = Vec::new();
    for (i, alternative) in rest[open + 1..close].split(" or ").enumerate() {
        if i > 0 {
            parts.push(format!("or {}", alternative.trim()));
            continue;
        }
        // "1d3 + blood sucking": the dice, then what else the hit does.
        for (j, added) in alternative.split(" + ").enumerate() {
            let added = added.trim();
            let number = Dice::parse(added).is_ok();
            // "3d10 + 1d10 heat": dice and words are no sum Fray can roll; unread.
            if j > 0 && !number && added.starts_with(|c: char| c.is_ascii_digit()) {
                return None;
            }
            let first = parts.len() == 1;
            match parts.last_mut() {
                Some(dice) if j > 0 && number && first => {
                    dice.push('+');
                    dice.push_str(added);
                }
                _ => parts.push(added.to_owned()),
            }
        }
    }
    // The damage rolls dice, or is a number alone ("bite (1)"); "swarm (2 or 4hp)" is none,
    // and "blow (1d8 / 2d8 / 3d8)" one damage for each kind of the creature, not a division.
    let first = parts.first()?;
    if first.contains(" / ") {
        return None;
    }
    let damage = Dice::parse(first).ok()?;
    if damage.dice_count() == 0 && parts.len() > 1 {
        return None;
    }
    let mut one = format!("{name} ({})", parts.join(", "));
    if let Some(first) = one.get_mut(0..1) {
        first.make_ascii_uppercase();
    }
    Some(vec![one; n])
}

/// The alternatives of a piece: "2 × claw (1d4) or 1 × thrown rock (1d6)" is two, each read
/// on its own; so is "mace (d8) or dagger (d6)". An "or" that does not follow a closing
/// parenthesis is part of a name ("1 × talons or beak (1d2)") and splits nothing.
pub(super) fn alternatives(item: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    for (i, c) in item.char_indices() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            _ => {}
        }
        if depth == 0
            && item[i..].starts_with(" or ")
            && item[start..i].trim_end().ends_with([')', ']'])
        {
            out.push(item[start..i].trim().to_owned());
            start = i + 4;
        }
    }
    out.push(item[start..].trim().to_owned());
    out.iter().flat_map(|part| grouped(part)).filter(|p| !p.is_empty()).collect()
}

/// "Attacks [2 × claw (1d4), 1 × bite (2d8)]", a group of attacks made together (an
/// alternative to another): each of them.
fn grouped(part: &str) -> Vec<String> {
    let (label, rest) = match part.find('[') {
        Some(open) if part.ends_with(']') => part.split_at(open),
        _ => return vec![part.to_owned()],
    };
    if label.chars().any(|c| c.is_ascii_digit()) {
        return vec![part.to_owned()];
    }
    let inner = &rest[1..rest.len() - 1];
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut current = label.to_owned();
    for c in inner.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ => {}
        }
        if c == ',' && depth == 0 {
            out.push(current.trim().to_owned());
            current.clear();
        } else {
            current.push(c);
        }
    }
    out.push(current.trim().to_owned());
    out
}

/// Whether the piece is a line no field takes and that is never an attack: saves, treasure,
/// number appearing, XP, alignment.
pub(super) fn never_an_attack(item: &str) -> bool {
    let item = item.trim().to_lowercase();
    NEVER_ATTACKS.iter().any(|label| {
        item.strip_prefix(label).is_some_and(|rest| rest.is_empty() || rest.starts_with([' ', ':']))
    })
}

/// "4 [15]", "or 3 [16]": another value of the piece before it ("Armor Class 6 [13], 4 [15],
/// or 3 [16]", a creature of several kinds), which makes that one no longer the value.
pub(super) fn another_value(piece: &str) -> bool {
    let piece = piece.trim();
    let piece = piece.strip_prefix("or ").unwrap_or(piece).trim();
    !piece.is_empty()
        && piece.chars().all(|c| c.is_ascii_digit() || " []+-’'".contains(c))
        && piece.chars().any(|c| c.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hit_dice_give_their_count_and_hit_points() {
        assert_eq!(hit_dice("HD 1-1 (3hp)").unwrap(), ["HD 1", "HP 3"]);
        assert_eq!(hit_dice("HD 10** (45hp)").unwrap(), ["HD 10", "HP 45"]);
        assert_eq!(hit_dice("Hit Dice 6+1 (28hp)").unwrap(), ["HD 6", "HP 28"]);
        assert_eq!(hit_dice("HD 2+2").unwrap(), ["HD 2"]);
        assert_eq!(hit_dice("Hit Dice 1hp").unwrap(), ["HP 1"]);
        assert_eq!(hit_dice("Hit Dice ½ (2hp)").unwrap(), ["HD ½", "HP 2"]);
        for other in [
            "HD 3d8",
            "HD 2",
            "Hit Dice 4",
            "HD 1 (three)",
            "Hit Dice 8 / 12 / 16 (36 / 54 / 72hp)",
            "Hit Dice 7 to 9 (31 / 36 / 40hp)",
            "Hit Dice 5 to 12 (8hp per HD)",
        ] {
            assert_eq!(hit_dice(other), None, "{other}");
        }
    }

    #[test]
    fn srd_hit_points_give_the_count_of_their_dice() {
        let hp = "Hit Points 135 (18d10+45)";
        assert_eq!(srd_hit_points(hp, true).unwrap(), [hp, "HD 18"]);
        assert_eq!(srd_hit_points(hp, false), None, "no hit dice to keep: the piece as it is");
        assert_eq!(srd_hit_points("Hit Points 3 (1d4 + 1d6)", true), None);
        assert_eq!(srd_hit_points("Hit Points 8", true), None);
    }

    #[test]
    fn movement_is_the_rate_per_round() {
        assert_eq!(encounter_rate("MV 90' (30')"), Some(("MV".into(), "30".into())));
        let flying = "Movement 120’ (40’) / 240’ (80’) flying";
        assert_eq!(encounter_rate(flying), Some(("Movement".into(), "40".into())));
        assert_eq!(encounter_rate("Move 30'"), None, "one rate: read as it is");
        assert_eq!(encounter_rate("Speed 30 ft. (fly 60 ft.)"), None);
    }

    #[test]
    fn counted_attacks_are_that_many_with_their_effects_as_traits() {
        assert_eq!(counted_attacks("Att 2 × claw (1d4)").unwrap(), ["Claw (1d4)", "Claw (1d4)"]);
        assert_eq!(
            counted_attacks("Attacks 1 × bite (1d10 + petrification)").unwrap(),
            ["Bite (1d10, petrification)"]
        );
        assert_eq!(
            counted_attacks("1 × weapon (1d6+1 or by weapon + 1)").unwrap(),
            ["Weapon (1d6+1, or by weapon + 1)"]
        );
        assert_eq!(counted_attacks("1 × fist (3d10 + 1d10 heat)"), None, "no sum to roll");
        assert_eq!(
            counted_attacks("2 × claw (1d6 + 1)").unwrap(),
            ["Claw (1d6+1)", "Claw (1d6+1)"]
        );
        assert_eq!(counted_attacks("1 × bite (1d3 + disease)").unwrap(), ["Bite (1d3, disease)"]);
        assert_eq!(counted_attacks("1 × talons or beak (1d2)").unwrap(), ["Talons or beak (1d2)"]);
        assert_eq!(counted_attacks("Attacks Attacks 1 × bite (2d8)").unwrap(), ["Bite (2d8)"]);
        assert_eq!(counted_attacks("Goat: 1 × gore (2d4)").unwrap(), ["Goat gore (2d4)"]);
        for other in [
            "club (d10)",
            "2 × claw",
            "1 × bite (1d6) then flees",
            "Atk +2",
            "1 × swarm (2 or 4hp)",
            "Att 5 to 12 × bite (1d10)",
            "1 × touch (energy drain)",
            "1 × blow (1d8 / 2d8 / 3d8)",
        ] {
            assert_eq!(counted_attacks(other), None, "{other}");
        }
    }

    #[test]
    fn alternatives_split_after_a_parenthesis_only() {
        assert_eq!(
            alternatives("Attacks 2 × claw (1d4) or 1 × thrown rock (1d6)"),
            ["Attacks 2 × claw (1d4)", "1 × thrown rock (1d6)"]
        );
        assert_eq!(alternatives("1 × bite (3d8) or breath"), ["1 × bite (3d8)", "breath"]);
        assert_eq!(alternatives("1 × talons or beak (1d2)"), ["1 × talons or beak (1d2)"]);
        assert_eq!(
            alternatives("Attacks [2 × claw (1d4), 1 × bite (2d8)] or breath"),
            ["Attacks 2 × claw (1d4)", "1 × bite (2d8)", "breath"]
        );
        assert_eq!(
            alternatives("1 × weapon (1d6 or by weapon)"),
            ["1 × weapon (1d6 or by weapon)"]
        );
    }

    #[test]
    fn lines_of_saves_treasure_and_numbers_are_never_attacks() {
        for line in ["Number Appearing 1d4 (1d4)", "Treasure Type U", "XP 75", "Saving Throws D12"]
        {
            assert!(never_an_attack(line), "{line}");
        }
        assert!(!never_an_attack("Attacks 1 × bite (1d6)"));
        assert!(another_value("4 [15]") && another_value("or 3 [16]"));
        assert!(!another_value("bite (1d6)") && !another_value("or"));
    }
}
