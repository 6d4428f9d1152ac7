//! Property tests over arbitrary expressions: every form the notation has, nested.

use proptest::prelude::*;

use super::*;

/// Any die kind the parser accepts.
fn sides() -> impl Strategy<Value = Sides> {
    prop_oneof![
        3 => (1..=20u32).prop_map(Sides::N),
        1 => (1..=MAX_SIDES).prop_map(Sides::N),
        1 => Just(Sides::Percent),
        1 => Just(Sides::Fudge),
    ]
}

/// A comparison with a value a die of `sides` can show, or just past its faces.
fn compare(sides: Sides) -> impl Strategy<Value = Compare> {
    let (lo, hi) = sides.value_range();
    let op = prop_oneof![
        Just(CompareOp::Eq),
        Just(CompareOp::Lt),
        Just(CompareOp::Le),
        Just(CompareOp::Gt),
        Just(CompareOp::Ge),
    ];
    // Conditions print without spaces; a negative one (Fudge) stays inside its term.
    (op, lo.max(0)..=hi + 1).prop_map(|(op, value)| Compare { op, value })
}

/// Any dice term, small pools more often than large ones, with any modifiers.
fn dice_term() -> impl Strategy<Value = DiceTerm> {
    let count = prop_oneof![3 => 1..=6u32, 1 => 1..=MAX_DICE_PER_TERM];
    (count, sides(), any::<bool>())
        .prop_flat_map(|(count, sides, negative)| {
            let keep = prop_oneof![
                3 => Just(None),
                1 => (1..=count).prop_map(|n| Some(Keep::Highest(n))),
                1 => (1..=count).prop_map(|n| Some(Keep::Lowest(n))),
                1 => (0..count).prop_map(|n| Some(Keep::DropLowest(n.max(1)))),
                1 => (0..count).prop_map(|n| Some(Keep::DropHighest(n.max(1)))),
            ];
            let reroll = prop_oneof![
                3 => Just(None),
                1 => (compare(sides), any::<bool>())
                    .prop_map(|(when, once)| Some(Reroll { when, once })),
            ];
            let explode = prop_oneof![
                3 => Just(None),
                1 => (any::<bool>(), any::<bool>())
                    .prop_map(|(penetrating, compound)| Some(Explode { penetrating, compound })),
            ];
            let success = prop_oneof![
                3 => Just(None),
                1 => (compare(sides), prop::option::of(compare(sides)))
                    .prop_map(|(hit, fail)| Some(Success { hit, fail })),
            ];
            (Just(count), Just(sides), keep, reroll, explode, success, Just(negative))
        })
        .prop_map(|(count, sides, keep, reroll, explode, success, negative)| DiceTerm {
            count,
            sides,
            reroll,
            explode,
            keep,
            success,
            negative,
        })
}

/// Any expression as postfix nodes: leaves, negations, the four operators and groups.
fn expression() -> impl Strategy<Value = Vec<Node>> {
    let leaf = prop_oneof![
        3 => dice_term().prop_map(|t| vec![Node::Dice(t)]),
        1 => (-MAX_CONSTANT..=MAX_CONSTANT).prop_map(|c| vec![Node::Number(c)]),
    ];
    leaf.prop_recursive(4, 16, 3, |inner| {
        prop_oneof![
            (inner.clone(), 0..=3i64).prop_map(|(mut e, exponent)| {
                e.extend([Node::Number(exponent), Node::Pow]);
                e
            }),
            (inner.clone(), prop_oneof![Just(Node::Neg), Just(Node::Abs)]).prop_map(
                |(mut e, op)| {
                    e.push(op);
                    e
                }
            ),
            (
                inner.clone(),
                inner.clone(),
                prop_oneof![
                    Just(Node::Add),
                    Just(Node::Sub),
                    Just(Node::Mul),
                    Just(Node::Div),
                    Just(Node::Rem),
                    Just(Node::DivUp),
                    Just(Node::DivNearest)
                ]
            )
                .prop_map(|(mut a, b, op)| {
                    a.extend(b);
                    a.push(op);
                    a
                }),
            (prop::collection::vec(inner, 1..=3), 0..4u32).prop_map(|(items, k)| {
                let n = items.len() as u8;
                let keep = match k {
                    1 => Some(Keep::Highest(1)),
                    2 => Some(Keep::Lowest(1)),
                    _ => None,
                };
                let success = (k == 3).then_some(Success {
                    hit: Compare { op: CompareOp::Ge, value: 5 },
                    fail: Some(Compare { op: CompareOp::Eq, value: 1 }),
                });
                let mut nodes: Vec<Node> = items.into_iter().flatten().collect();
                nodes.push(Node::Group { items: n, keep, success });
                nodes
            }),
        ]
    })
}

/// Any valid expression, as built in code (not necessarily in the parser's one form).
fn dice() -> impl Strategy<Value = Dice> {
    expression()
        .prop_map(|nodes| Dice { nodes: nodes.into(), label: None })
        .prop_filter("within the limits", |d| d.validate().is_ok())
}

proptest! {
    #[test]
    fn print_is_canonical_and_keeps_the_meaning(d in dice(), seed in any::<u64>()) {
        let printed = d.to_string();
        let parsed = Dice::parse(&printed);
        prop_assert!(parsed.is_ok(), "{} does not parse: {:?}", printed, parsed);
        let parsed = parsed.unwrap();
        // The parser's one form for it prints a text that parses back to that same form
        // (dice built in code, like `-(-d4)`, print as they are and read in that form).
        let canonical = parsed.to_string();
        prop_assert_eq!(Dice::parse(&canonical), Ok(parsed.clone()));
        // And it means what was built: the same dice give the same total.
        let built = SeededDice::new(seed, 0).roll(&d, "prop", None).unwrap();
        let read = SeededDice::new(seed, 0).roll(&parsed, "prop", None).unwrap();
        prop_assert_eq!(built.total, read.total, "{}", printed);
        prop_assert_eq!(built.faces(), read.faces());
    }

    #[test]
    fn spaced_uppercase_input_prints_canonically(d in dice()) {
        let printed = Dice::parse(&d.to_string()).unwrap().to_string();
        let noisy = printed
            .to_uppercase()
            .replace('+', " + ")
            .replace("**", "^")
            .replace('*', " * ")
            .replace('^', " ** ")
            .replace('/', " / ")
            .replace('(', "( ")
            .replace(')', " )")
            .replace(',', " , ");
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
        prop_assert_eq!(roll.terms.len(), d.leaves().count());
        for (leaf, rolled) in d.leaves().zip(&roll.terms) {
            if let Node::Dice(t) = leaf {
                if t.reroll.is_none() && t.explode.is_none() {
                    prop_assert_eq!(rolled.faces.len(), t.count as usize);
                    prop_assert!(rolled.kept.iter().filter(|k| **k).count() <= t.kept_count() as usize);
                }
                prop_assert!(rolled.faces.iter().all(|f| (1..=t.sides.faces()).contains(f)));
            }
        }
        prop_assert!((d.min()..=d.max()).contains(&roll.total), "{} rolled {}", d, roll.summary());
        let again = Roll::from_faces(d.clone(), &roll.faces(), "prop", None, RollSource::App);
        prop_assert_eq!(again, Ok(roll.clone()));
        prop_assert!(roll.verify().is_ok());
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
    fn parse_never_panics(input in "[ 0-9dDkKhHlLfFrRoOpP%+\\-−*/(){},!<>=\\[\\]x]{0,24}") {
        let _ = Dice::parse(&input);
    }
}

/// Any valid expression with few, small dice: its distribution is quick to work out.
fn small_dice() -> impl Strategy<Value = Dice> {
    expression()
        .prop_map(|nodes| {
            let nodes = nodes
                .into_iter()
                .map(|n| match n {
                    Node::Dice(mut t) => {
                        t.count = t.count.min(4);
                        if let Sides::N(s) = t.sides {
                            t.sides = Sides::N(s % 12 + 1);
                        }
                        t.keep =
                            t.keep.filter(|k| k.kept_of(t.count) > 0 && k.dropped_of(t.count) > 0);
                        Node::Dice(t)
                    }
                    Node::Number(c) => Node::Number(c % 100),
                    other => other,
                })
                .collect::<std::sync::Arc<[Node]>>();
            Dice { nodes, label: None }
        })
        .prop_filter("within the limits", |d| d.validate().is_ok())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn any_roll_has_a_distribution_that_holds_its_rolls(d in small_dice(), seed in any::<u64>()) {
        let dist = d.distribution();
        let total: f64 = dist.totals.iter().map(|t| t.1).sum();
        prop_assert!((total - 1.0).abs() < 1e-6, "{} sums to {}", d, total);
        prop_assert!(dist.min() >= d.min() && dist.max() <= d.max(), "{} outside its range", d);
        // Every roll the app makes is a total the distribution gives a chance (when exact).
        let roll = SeededDice::new(seed, 0).roll(&d, "prop", None).unwrap();
        if dist.is_exact() {
            prop_assert!(dist.chance(roll.total) > 0.0, "{} rolled {}", d, roll.summary());
        }
    }
}
