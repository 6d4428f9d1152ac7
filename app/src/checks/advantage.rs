//! Advantage and disadvantage: roll the die twice, keep the better or the worse.

use serde::{Deserialize, Serialize};

use crate::dice::{Dice, Keep, Node};

/// Whether a roll is made normally, with advantage or with disadvantage.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Advantage {
    /// Roll once.
    #[default]
    Normal,
    /// Roll twice, keep the higher.
    Advantage,
    /// Roll twice, keep the lower.
    Disadvantage,
}

impl Advantage {
    /// Combines two sources: advantage and disadvantage cancel out, and neither stacks.
    pub fn combine(self, other: Advantage) -> Advantage {
        match (self, other) {
            (Advantage::Normal, x) | (x, Advantage::Normal) => x,
            (Advantage::Advantage, Advantage::Advantage) => Advantage::Advantage,
            (Advantage::Disadvantage, Advantage::Disadvantage) => Advantage::Disadvantage,
            _ => Advantage::Normal,
        }
    }

    /// Applies this to a roll-over expression: the first single added die without a keep
    /// becomes two dice keeping the highest (advantage) or lowest (disadvantage), so `d20`
    /// becomes `2d20kh1` and `d20+d4+2` becomes `2d20kh1+d4+2`. Expressions without such a
    /// die (`3d6`, `2d20kh1`) are returned unchanged, so advantage never stacks.
    pub fn apply(&self, base: &Dice) -> Dice {
        match self {
            Advantage::Normal => base.clone(),
            Advantage::Advantage => double_first_die(base, Keep::Highest(1)),
            Advantage::Disadvantage => double_first_die(base, Keep::Lowest(1)),
        }
    }

    /// Like [`Advantage::apply`] for roll-under checks, where a lower roll is better:
    /// advantage keeps the lowest die and disadvantage the highest.
    pub fn apply_under(&self, base: &Dice) -> Dice {
        match self {
            Advantage::Normal => base.clone(),
            Advantage::Advantage => double_first_die(base, Keep::Lowest(1)),
            Advantage::Disadvantage => double_first_die(base, Keep::Highest(1)),
        }
    }
}

/// `base` with its first single, added, unkept die doubled and kept as `keep`.
fn double_first_die(base: &Dice, keep: Keep) -> Dice {
    let mut dice = base.clone();
    // Only in a sum: a die inside a product or a group is not "the" die of the check.
    let sum = dice.is_sum();
    let nodes = std::sync::Arc::make_mut(&mut dice.nodes);
    let first = nodes.iter_mut().filter(|_| sum).find_map(|node| match node {
        Node::Dice(t) if t.count == 1 && t.keep.is_none() && t.success.is_none() && !t.negative => {
            Some(t)
        }
        _ => None,
    });
    if let Some(term) = first {
        term.count = 2;
        term.keep = Some(keep);
    }
    dice
}

#[cfg(test)]
mod tests {
    use super::*;

    fn applied(advantage: Advantage, dice: &str) -> String {
        advantage.apply(&Dice::parse(dice).unwrap()).to_string()
    }

    #[test]
    fn turns_a_d20_into_two() {
        assert_eq!(applied(Advantage::Advantage, "d20"), "2d20kh1");
        assert_eq!(applied(Advantage::Disadvantage, "d20"), "2d20kl1");
        assert_eq!(applied(Advantage::Normal, "d20"), "d20");
        assert_eq!(applied(Advantage::Advantage, "d20+d4+2"), "2d20kh1+d4+2");
        assert_eq!(applied(Advantage::Advantage, "3-d4+d20"), "3-d4+2d20kh1");
    }

    #[test]
    fn leaves_pools_and_kept_dice_alone() {
        assert_eq!(applied(Advantage::Advantage, "3d6"), "3d6");
        assert_eq!(applied(Advantage::Disadvantage, "2d20kh1"), "2d20kh1");
        assert_eq!(applied(Advantage::Advantage, "5"), "5");
    }

    #[test]
    fn roll_under_keeps_the_low_die_for_advantage() {
        let d20 = Dice::die(20);
        assert_eq!(Advantage::Advantage.apply_under(&d20).to_string(), "2d20kl1");
        assert_eq!(Advantage::Disadvantage.apply_under(&d20).to_string(), "2d20kh1");
        assert_eq!(Advantage::Normal.apply_under(&d20).to_string(), "d20");
    }

    #[test]
    fn combining() {
        use Advantage::{Disadvantage as Dis, Normal};
        let adv = Advantage::Advantage;
        assert_eq!(adv.combine(Dis), Normal);
        assert_eq!(Dis.combine(adv), Normal);
        assert_eq!(adv.combine(adv), adv);
        assert_eq!(Dis.combine(Dis), Dis);
        assert_eq!(Normal.combine(Dis), Dis);
        assert_eq!(adv.combine(Normal), adv);
        assert_eq!(Normal.combine(Normal), Normal);
        assert_eq!(Advantage::default(), Normal);
    }
}
