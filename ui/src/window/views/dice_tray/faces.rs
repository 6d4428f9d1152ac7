//! Reading the faces the GM typed ("4 3", "4, 3", "[4 3]") and checking them against dice.

use fray_app::dice::{Dice, Roll, RollSource};

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

/// The faces typed for `dice`, checked the way the engine will check them (one face per
/// die, each on its die), so a wrong entry is explained before anything is sent.
pub(super) fn faces_for(dice: &Dice, text: &str) -> Result<Vec<u32>, String> {
    let faces = parse_faces(text)?;
    Roll::from_faces(dice.clone(), &faces, "", None, RollSource::Table)
        .map(|_| faces)
        .map_err(|e| e.to_string())
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
        assert_eq!(faces_for(&dice, "7 3").unwrap_err(), "7 is not a face of a d6");
        assert!(faces_for(&dice, "4").unwrap_err().contains("expected 2 faces"));
    }
}
