//! Reading the faces the GM typed from physical dice ("4 3", "4, 3", "[6 6 2]"), each token
//! read by the die it lands on: `00` on a d% is 100, and a Fudge die takes `-`, `0`, `+`.

use super::{Dice, DiceError, Roll, RollSource, Sides};

/// The faces typed for `dice`, in the order rolled (an exploding die's added faces and a
/// rerolled die's new face right after it), checked the way the engine will check them.
pub fn read_faces(dice: &Dice, text: &str) -> Result<Vec<u32>, DiceError> {
    let tokens: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | '[' | ']'))
        .filter(|t| !t.is_empty())
        .collect();
    if tokens.is_empty() && dice.dice_count() > 0 {
        return Err(DiceError::NoFacesTyped);
    }
    let roll = Roll::from_typed(
        dice.clone(),
        tokens.len(),
        String::new(),
        None,
        RollSource::Table,
        &mut |i, sides| face_of(sides, tokens[i]),
    )?;
    Ok(roll.faces())
}

/// One typed token as a face of a die of `sides`.
fn face_of(sides: Sides, token: &str) -> Result<u32, DiceError> {
    let face = match (sides, token) {
        (Sides::Percent, "00") => Some(100),
        (Sides::Fudge, "-" | "−") => Some(1),
        (Sides::Fudge, "0") => Some(2),
        (Sides::Fudge, "+") => Some(3),
        (Sides::Fudge, _) => None,
        _ => token.parse::<u32>().ok(),
    };
    match face {
        Some(f) if f >= 1 && f <= sides.faces() => Ok(f),
        _ => Err(DiceError::NotATypedFace { token: token.to_owned(), die: sides.to_string() }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(dice: &str, text: &str) -> Result<Vec<u32>, String> {
        read_faces(&Dice::parse(dice).unwrap(), text).map_err(|e| e.to_string())
    }

    #[test]
    fn tokens_are_read_by_their_die() {
        assert_eq!(read("2d6+1", "4 3"), Ok(vec![4, 3]));
        assert_eq!(read("2d6", " [4, 3] "), Ok(vec![4, 3]));
        assert_eq!(read("d%", "00"), Ok(vec![100]));
        assert_eq!(read("d%", "07"), Ok(vec![7]));
        assert_eq!(read("4dF", "+ - 0 +"), Ok(vec![3, 1, 2, 3]));
        assert_eq!(read("d6!", "6 6 2"), Ok(vec![6, 6, 2]));
        assert_eq!(read("4d6r1", "1 3 5 6 2"), Ok(vec![1, 3, 5, 6, 2]));
    }

    #[test]
    fn refusals_name_the_token_and_the_die() {
        assert_eq!(read("d6", "7").unwrap_err(), "'7' is not a face of a d6");
        assert_eq!(read("d10", "00").unwrap_err(), "'00' is not a face of a d10");
        assert_eq!(read("dF", "2").unwrap_err(), "'2' is not a face of a dF: type -, 0 or +");
        assert_eq!(read("2d6", "4 x").unwrap_err(), "'x' is not a face of a d6");
        assert_eq!(read("2d6", "4").unwrap_err(), "expected 2 faces for 2d6, got 1");
        assert_eq!(read("2d6", "4 3 2").unwrap_err(), "expected 2 faces for 2d6, got 3");
        assert_eq!(
            read("d6!", "6").unwrap_err(),
            "d6! needs more faces than the 1 typed: a die exploded or was rerolled"
        );
        assert_eq!(read("d6!", "5 2").unwrap_err(), "expected 1 face for d6!, got 2");
        assert_eq!(read("2d6", "").unwrap_err(), "type the faces, e.g. 4 3");
        assert_eq!(read("5", ""), Ok(vec![]));
    }
}
