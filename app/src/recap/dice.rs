//! How the dice fell: per die size, and per player where the GM typed table dice, every face
//! thrown counted against what fair dice give, with a goodness-of-fit test said in plain words
//! ("Harald's d20s: 41 rolls, mean 8.9 against 10.5; as uneven as this 1 time in 20 with fair
//! dice"). The app's own dice are tallied too, as the fair reference. A pure function of the
//! rolls: nothing is kept.

use crate::dice::{Node, Sides};
use crate::dice::{Roll, RollSource};
use std::collections::BTreeMap;

/// Whose dice a tally counts.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Thrower {
    /// Typed in from the table for a named roller.
    Player(String),
    /// Typed in from the table for nobody in particular.
    Table,
    /// Rolled by the app: the fair reference.
    App,
}

/// Every face of one die size thrown by one thrower.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DieTally {
    /// Whose.
    pub thrower: Thrower,
    /// The die's number of faces (a d% is 100, a Fudge die 3).
    pub sides: u32,
    /// A Fudge die: its faces 1, 2, 3 read −1, 0, +1.
    pub fudge: bool,
    /// How often each face came up: `counts[0]` is face 1.
    pub counts: Vec<u64>,
}

/// What the test can say about a tally.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Fairness {
    /// Too few throws for the test: it needs this many.
    TooFew {
        /// Throws the test needs (five expected per face).
        need: u64,
    },
    /// Pearson's chi-square against fair dice.
    Tested {
        /// The statistic.
        chi_square: f64,
        /// Its degrees of freedom (faces − 1).
        freedom: u32,
        /// The chance that fair dice fall at least this unevenly.
        p: f64,
    },
}

/// Each face expected at least this often before the chi-square test is trusted.
const EXPECTED_PER_FACE: u64 = 5;

impl DieTally {
    /// Throws counted.
    pub fn throws(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The mean face (a Fudge die's faces read −1, 0, +1).
    pub fn mean(&self) -> f64 {
        let shift = if self.is_fudge() { -2.0 } else { 0.0 };
        let sum: f64 =
            self.counts.iter().enumerate().map(|(i, n)| (i as f64 + 1.0 + shift) * *n as f64).sum();
        sum / self.throws().max(1) as f64
    }

    /// The mean fair dice give.
    pub fn fair_mean(&self) -> f64 {
        if self.is_fudge() { 0.0 } else { (f64::from(self.sides) + 1.0) / 2.0 }
    }

    fn is_fudge(&self) -> bool {
        self.fudge
    }

    /// Pearson's chi-square test against fair dice, when there are throws enough.
    pub fn fairness(&self) -> Fairness {
        let n = self.throws();
        let need = EXPECTED_PER_FACE * u64::from(self.sides);
        if self.sides < 2 || n < need {
            return Fairness::TooFew { need };
        }
        let expected = n as f64 / f64::from(self.sides);
        let chi_square =
            self.counts.iter().map(|c| (*c as f64 - expected).powi(2) / expected).sum();
        let freedom = self.sides - 1;
        let p = upper_gamma(f64::from(freedom) / 2.0, chi_square / 2.0);
        Fairness::Tested { chi_square, freedom, p }
    }

    /// The tally in a sentence: "Harald's d20s: 41 rolls, mean 8.9 against 10.5; as uneven as
    /// this 1 time in 20 with fair dice".
    pub fn words(&self) -> String {
        let n = self.throws();
        let head = format!(
            "{}: {n} roll{}, mean {:.1} against {:.1}",
            self.title(),
            if n == 1 { "" } else { "s" },
            self.mean(),
            self.fair_mean()
        );
        match self.fairness() {
            Fairness::TooFew { need } => {
                format!("{head}; too few to judge (the test needs {need})")
            }
            Fairness::Tested { p, .. } => format!("{head}; {}", chance_words(p)),
        }
    }

    /// The counts a histogram draws: each face of a die of up to 20, ten bands of a bigger
    /// one (a d%: 1–10, 11–20…).
    pub fn bars(&self) -> Vec<u64> {
        if self.counts.len() > 20 {
            let band = self.counts.len().div_ceil(10);
            self.counts.chunks(band).map(|c| c.iter().sum()).collect()
        } else {
            self.counts.clone()
        }
    }

    /// Whose dice and which: "Narvi's d20s", "The app's d%s".
    pub fn title(&self) -> String {
        let whose = match &self.thrower {
            Thrower::Player(name) => format!("{name}'s"),
            Thrower::Table => "The table's".to_owned(),
            Thrower::App => "The app's".to_owned(),
        };
        let die = match (self.fudge, self.sides) {
            (true, _) => "dF".to_owned(),
            (false, 100) => "d%".to_owned(),
            (false, n) => format!("d{n}"),
        };
        format!("{whose} {die}s")
    }
}

/// A p-value as a table reads it.
pub fn chance_words(p: f64) -> String {
    if p >= 0.5 {
        return "as even as fair dice usually fall".to_owned();
    }
    if p < 0.001 {
        return "as uneven as this less than 1 time in 1,000 with fair dice".to_owned();
    }
    let one_in = (1.0 / p).round() as u64;
    format!("as uneven as this 1 time in {one_in} with fair dice")
}

/// Tallies as JSON data: each with its thrower, die, counts, mean, the test's result and the
/// sentence, so a reader of the export needs no statistics of its own.
pub fn serialize_tallies<S: serde::Serializer>(
    tallies: &[DieTally],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeSeq;
    let mut seq = serializer.serialize_seq(Some(tallies.len()))?;
    for t in tallies {
        let (thrower, name) = match &t.thrower {
            Thrower::Player(name) => ("player", Some(name.as_str())),
            Thrower::Table => ("table", None),
            Thrower::App => ("app", None),
        };
        let (p, need) = match t.fairness() {
            Fairness::Tested { p, .. } => (Some(p), None),
            Fairness::TooFew { need } => (None, Some(need)),
        };
        seq.serialize_element(&serde_json::json!({
            "thrower": thrower,
            "name": name,
            "sides": t.sides,
            "fudge": t.fudge,
            "counts": t.counts,
            "mean": t.mean(),
            "fair_mean": t.fair_mean(),
            "p": p,
            "needs": need,
            "words": t.words(),
        }))?;
    }
    seq.end()
}

/// Every face of every roll, tallied per thrower and die size, the players first (by name),
/// then the table's, then the app's; smaller dice first.
pub fn tally<'a>(rolls: impl IntoIterator<Item = &'a Roll>) -> Vec<DieTally> {
    let mut by: BTreeMap<(Thrower, u32, bool), Vec<u64>> = BTreeMap::new();
    for roll in rolls {
        let thrower = match (roll.source, &roll.roller) {
            (RollSource::App, _) => Thrower::App,
            (RollSource::Table, Some(name)) => Thrower::Player(name.clone()),
            (RollSource::Table, None) => Thrower::Table,
        };
        for (leaf, term) in roll.dice.leaves().zip(&roll.terms) {
            let Node::Dice(dice) = leaf else { continue };
            let (sides, fudge) = match dice.sides {
                Sides::N(n) => (n, false),
                Sides::Percent => (100, false),
                Sides::Fudge => (3, true),
            };
            // A die of more faces than a tally can hold (d1000000) is left out, not counted.
            if sides > 1000 {
                continue;
            }
            let key = (thrower.clone(), sides, fudge);
            let counts = by.entry(key).or_insert_with(|| vec![0; sides as usize]);
            for face in &term.faces {
                if let Some(c) = counts.get_mut((*face as usize).wrapping_sub(1)) {
                    *c += 1;
                }
            }
        }
    }
    by.into_iter()
        .map(|((thrower, sides, fudge), counts)| DieTally { thrower, sides, fudge, counts })
        .collect()
}

/// The upper regularized incomplete gamma function Q(a, x): the chance a chi-square of `2a`
/// degrees of freedom exceeds `2x`. Series below `a + 1`, continued fraction above
/// (Numerical Recipes, §6.2), to about 1e-12.
pub fn upper_gamma(a: f64, x: f64) -> f64 {
    if x <= 0.0 {
        return 1.0;
    }
    let ln_front = a * x.ln() - x - ln_gamma(a);
    if x < a + 1.0 {
        let (mut term, mut sum, mut n) = (1.0 / a, 1.0 / a, a);
        for _ in 0..500 {
            n += 1.0;
            term *= x / n;
            sum += term;
            if term.abs() < sum.abs() * 1e-14 {
                break;
            }
        }
        return (1.0 - sum * ln_front.exp()).clamp(0.0, 1.0);
    }
    let tiny = 1e-300;
    let mut b = x + 1.0 - a;
    let mut c = 1.0 / tiny;
    let mut d = 1.0 / b;
    let mut h = d;
    for i in 1..500 {
        let an = -f64::from(i) * (f64::from(i) - a);
        b += 2.0;
        d = an * d + b;
        if d.abs() < tiny {
            d = tiny;
        }
        c = b + an / c;
        if c.abs() < tiny {
            c = tiny;
        }
        d = 1.0 / d;
        let step = d * c;
        h *= step;
        if (step - 1.0).abs() < 1e-14 {
            break;
        }
    }
    (ln_front.exp() * h).clamp(0.0, 1.0)
}

/// ln Γ(x) for x > 0 (Lanczos, g = 7, nine terms).
fn ln_gamma(x: f64) -> f64 {
    const G: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    if x < 0.5 {
        return (std::f64::consts::PI / (std::f64::consts::PI * x).sin()).ln() - ln_gamma(1.0 - x);
    }
    let x = x - 1.0;
    let mut sum = G[0];
    for (i, g) in G.iter().enumerate().skip(1) {
        sum += g / (x + i as f64);
    }
    let t = x + 7.5;
    0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + sum.ln()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::{Dice, DiceSource, SeededDice};

    fn table(faces: &[u32], sides: u32, who: &str) -> Roll {
        let dice = Dice::parse(&format!("{}d{sides}", faces.len())).unwrap();
        Roll::from_faces(dice, faces, "test", Some(who.to_owned()), RollSource::Table).unwrap()
    }

    #[test]
    fn the_upper_gamma_matches_chi_square_tables() {
        // Chi-square critical values: P(X > 3.841 | 1 df) = 0.05, P(X > 30.144 | 19) = 0.05,
        // P(X > 11.070 | 5) = 0.05, P(X > 0 | k) = 1.
        for (x, df) in [(3.841_f64, 1.0_f64), (30.144, 19.0), (11.070, 5.0)] {
            let p = upper_gamma(df / 2.0, x / 2.0);
            assert!((p - 0.05).abs() < 5e-4, "df {df}: {p}");
        }
        assert_eq!(upper_gamma(2.0, 0.0), 1.0);
        assert!((ln_gamma(5.0) - 24f64.ln()).abs() < 1e-12);
    }

    #[test]
    fn a_cursed_d20_is_called_uneven_and_a_few_rolls_are_not_judged() {
        // 100 d20s at the table, every one a 1 to 5: as uneven as dice come.
        let faces: Vec<u32> = (0..100).map(|i| 1 + i % 5).collect();
        let rolls: Vec<Roll> = faces.chunks(10).map(|c| table(c, 20, "Narvi")).collect();
        let t = tally(&rolls);
        assert_eq!(t.len(), 1);
        assert_eq!((t[0].throws(), t[0].mean()), (100, 3.0));
        assert_eq!(
            t[0].words(),
            "Narvi's d20s: 100 rolls, mean 3.0 against 10.5; as uneven as this less than 1 time in 1,000 with fair dice"
        );
        let few = tally(&[table(&[20, 19], 20, "Harald")]);
        assert_eq!(
            few[0].words(),
            "Harald's d20s: 2 rolls, mean 19.5 against 10.5; too few to judge (the test needs 100)"
        );
    }

    #[test]
    fn the_apps_dice_pass_as_fair_and_each_face_is_counted_once() {
        let mut dice = SeededDice::new(7, 0);
        let d6 = Dice::parse("3d6+1").unwrap();
        let rolls: Vec<Roll> = (0..400).map(|_| dice.roll(&d6, "x", None).unwrap()).collect();
        let t = tally(&rolls);
        assert_eq!(t.len(), 1);
        assert_eq!(t[0].thrower, Thrower::App);
        assert_eq!(t[0].throws(), 1200, "three dice a roll, the constant not counted");
        match t[0].fairness() {
            Fairness::Tested { p, freedom, .. } => assert!(p > 0.001 && freedom == 5, "{p}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn players_come_first_by_name_then_the_table_then_the_app() {
        let app = SeededDice::new(1, 0).roll(&Dice::parse("d20").unwrap(), "x", None).unwrap();
        let anonymous =
            Roll::from_faces(Dice::parse("d8").unwrap(), &[3], "x", None, RollSource::Table)
                .unwrap();
        let t = tally(&[app, anonymous, table(&[4], 6, "Narvi"), table(&[2], 6, "Elmyra")]);
        let order: Vec<Thrower> = t.iter().map(|d| d.thrower.clone()).collect();
        assert_eq!(
            order,
            [
                Thrower::Player("Elmyra".into()),
                Thrower::Player("Narvi".into()),
                Thrower::Table,
                Thrower::App
            ]
        );
    }

    #[test]
    fn chances_read_as_a_table_would_say_them() {
        assert_eq!(chance_words(0.05), "as uneven as this 1 time in 20 with fair dice");
        assert_eq!(chance_words(0.7), "as even as fair dice usually fall");
    }
}
