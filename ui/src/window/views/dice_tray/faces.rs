//! Reading the faces the GM typed ("4 3", "4, 3", "[4 3]") and checking them against dice.

use fray_app::dice::Dice;

/// The numbers typed, or a message naming the first thing that is not one.
pub(super) fn parse_faces(text: &str) -> Result<Vec<u32>, String> {
    let faces: Result<Vec<u32>, String> = text
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | '[' | ']'))
        .filter(|t| !t.is_empty())
        .map(|t| t.parse::<u32>().map_err(|_| format!("'{t}' is not a face: type whole numbers")))
        .collect();
    match faces {
        Ok(faces) if faces.is_empty() => Err("type the faces, e.g. 4 3".into()),
        other => other,
    }
}

/// The faces typed for `dice`, each read by the die it lands on (`00` on a d%, `- 0 +` on
/// Fudge dice) and checked the way the engine will check them, so a wrong entry is
/// explained before anything is sent.
pub(super) fn faces_for(dice: &Dice, text: &str) -> Result<Vec<u32>, String> {
    fray_app::dice::read_faces(dice, text).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faces_are_read_with_any_separator() {
        assert_eq!(parse_faces("4 3"), Ok(vec![4, 3]));
        assert_eq!(parse_faces(" [4, 3] "), Ok(vec![4, 3]));
        assert!(parse_faces("").is_err());
        assert!(parse_faces("4 x").unwrap_err().contains("'x'"));
    }

    #[test]
    fn faces_are_checked_against_the_dice() {
        let dice = Dice::parse("2d6+1").unwrap();
        assert_eq!(faces_for(&dice, "4 3"), Ok(vec![4, 3]));
        assert_eq!(faces_for(&dice, "7 3").unwrap_err(), "'7' is not a face of a d6");
        assert!(faces_for(&dice, "4").unwrap_err().contains("expected 2 faces"));
        let percent = Dice::parse("d%").unwrap();
        assert_eq!(faces_for(&percent, "00"), Ok(vec![100]));
        let exploding = Dice::parse("d6!").unwrap();
        assert_eq!(faces_for(&exploding, "6 2"), Ok(vec![6, 2]));
    }
}
