//! Property tests over arbitrary valid expressions.

use proptest::prelude::*;

use super::*;

/// Any die kind the parser accepts.
fn sides() -> impl Strategy<Value = Sides> {
    prop_oneof![
        4 => (1..=MAX_SIDES).prop_map(Sides::N),
        1 => Just(Sides::Percent),
    ]
}

/// Any dice term the parser accepts, small pools more often than large ones.
fn dice_term() -> impl Strategy<Value = DiceTerm> {
    let count = prop_oneof![3 => 1..=10u32, 1 => 1..=MAX_DICE_PER_TERM];
    (count, sides(), any::<bool>())
        .prop_flat_map(|(count, sides, negative)| {
            let keep = prop_oneof![
                2 => Just(None),
                1 => (1..=count).prop_map(|n| Some(Keep::Highest(n))),
                1 => (1..=count).prop_map(|n| Some(Keep::Lowest(n))),
            ];
            (Just(count), Just(sides), keep, Just(negative))
        })
        .prop_map(|(count, sides, keep, negative)| DiceTerm { count, sides, keep, negative })
}

/// Any expression the parser accepts.
fn dice() -> impl Strategy<Value = Dice> {
    let term = prop_oneof![
        3 => dice_term().prop_map(Term::Dice),
        1 => (-MAX_CONSTANT..=MAX_CONSTANT).prop_map(Term::Constant),
    ];
    prop::collection::vec(term, 1..=MAX_TERMS).prop_map(|terms| Dice { terms })
}

proptest! {
    #[test]
    fn print_then_parse_round_trips(d in dice()) {
        prop_assert!(d.validate().is_ok());
        let printed = d.to_string();
        let parsed = Dice::parse(&printed);
        prop_assert_eq!(parsed.as_ref(), Ok(&d), "printed as {}", printed);
        prop_assert_eq!(parsed.unwrap().to_string(), printed);
    }

    #[test]
    fn spaced_uppercase_input_prints_canonically(d in dice()) {
        let printed = d.to_string();
        let noisy = printed
            .to_uppercase()
            .replace('+', " + ")
            .replace('-', " - ");
        prop_assert_eq!(Dice::parse(&noisy).map(|d| d.to_string()), Ok(printed));
    }

    #[test]
    fn seeded_rolls_stay_in_range_and_round_trip(
        d in dice(),
        seed in any::<u64>(),
        stream in any::<u64>(),
    ) {
        let mut rng = SeededDice::new(seed, stream);
        let roll = rng.roll(&d, "prop", None).unwrap();
        prop_assert_eq!(roll.terms.len(), d.terms.len());
        for (term, rolled) in d.terms.iter().zip(&roll.terms) {
            if let Term::Dice(t) = term {
                prop_assert_eq!(rolled.faces.len(), t.count as usize);
                prop_assert_eq!(rolled.kept.iter().filter(|k| **k).count(), t.kept_count() as usize);
                prop_assert!(rolled.faces.iter().all(|f| (1..=t.sides.faces()).contains(f)));
            }
        }
        prop_assert!((d.min()..=d.max()).contains(&roll.total));
        let again = Roll::from_faces(d.clone(), &roll.faces(), "prop", None, RollSource::App);
        prop_assert_eq!(again, Ok(roll.clone()));
        let mut twin = SeededDice::new(seed, stream);
        prop_assert_eq!(twin.roll(&d, "prop", None), Ok(roll));
    }

    #[test]
    fn raw_faces_stay_in_range(sides in 1..=u32::MAX, seed in any::<u64>()) {
        let mut rng = SeededDice::new(seed, 0);
        for _ in 0..16 {
            let face = rng.face(sides);
            prop_assert!((1..=sides).contains(&face));
        }
    }

    #[test]
    fn parse_never_panics(input in "[ 0-9dDkKhHlL%+\\-x]{0,24}") {
        let _ = Dice::parse(&input);
    }
}
