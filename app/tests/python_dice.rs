//! python-dice's own test cases (`tests/corpus/dice/python-dice-notations.txt`: every notation
//! its tests roll, from `dice/tests/*.py` of borntyping/python-dice at 742ce6af, MIT), read by
//! Fray: the 35 it takes, each with its lowest and highest total, and the rest refused with an
//! error. docs/dice.md lists where the two differ.

use fray_app::dice::Dice;

/// What Fray takes of python-dice's tests, with the range of the total. Unless noted, the
/// same totals python-dice's tests assert for them.
const TAKEN: &[(&str, i64, i64)] = &[
    ("1337", 1337, 1337),
    ("1", 1, 1),
    ("d6", 1, 6),
    ("6d6", 6, 36),
    ("d%", 1, 100),
    ("6d%", 6, 600),
    ("dF", -1, 1),
    ("6dF", -6, 6),
    ("2 + 2", 4, 4),
    ("2 - 2", 0, 0),
    ("2 * 2", 4, 4),
    ("1d6 * 2", 2, 12),
    ("2 / 2", 1, 1),
    ("5 % 3", 2, 2),
    ("1 % 3", 1, 1),
    ("d6 % 3", 0, 2),
    ("+2", 2, 2),
    ("-2", -2, -2),
    ("+-1", -1, -1),
    // python-dice's "+-" is an operator of its own that gives 2 here; Fray reads plus minus 2.
    ("+-2", -2, -2),
    // python-dice's "r6" rerolls once every die of 6 or less; Fray's (Roll20's) rerolls 6s.
    ("2d6r6", 2, 12),
    // Sorted in python-dice; Fray reads and leaves out sorting: the same total.
    ("6d6s", 6, 36),
    // python-dice's "rr5" rerolls every die of 5 or less until none is (all sixes: 600);
    // Fray reads `rr` as d20 does, rerolling 5s (at most 30 times each).
    ("100d6rr5", 100, 600),
    ("16 / 8 * 4 + 2 - 1", 9, 9),
    ("16 - 8 + 4 * 2 / 1", 16, 16),
    ("10 - 3 + 2", 9, 9),
    ("1 + 2 * 3", 7, 7),
    ("2d6", 2, 12),
    ("d20", 1, 20),
    ("3d6", 3, 18),
    ("7d6", 7, 42),
    ("1d1+1d1+1d1", 3, 3),
    ("1d1-1d1-1d1", -1, -1),
    ("1d1*1d1*1d1", 1, 1),
    ("1d1/1d1/1d1", 1, 1),
];

#[test]
fn python_dices_test_cases_are_read_or_refused_as_the_readme_says() {
    let text = include_str!("../../tests/corpus/dice/python-dice-notations.txt");
    let notations: Vec<&str> = text.lines().collect();
    assert_eq!(notations.len(), 94);
    for notation in &notations {
        match (Dice::parse(notation), TAKEN.iter().find(|(n, ..)| n == notation)) {
            (Ok(dice), Some((_, min, max))) => {
                assert_eq!((dice.min(), dice.max()), (*min, *max), "{notation}");
            }
            (Err(why), None) => {
                // Refused with a message that says where and what, never a panic or a guess.
                assert!(why.to_string().contains("column"), "{notation}: {why}");
            }
            (Ok(dice), None) => panic!("{notation} is read ({dice}), not refused"),
            (Err(why), Some(_)) => panic!("{notation} is refused: {why}"),
        }
    }
    assert!(TAKEN.iter().all(|(n, ..)| notations.contains(n)));
}
