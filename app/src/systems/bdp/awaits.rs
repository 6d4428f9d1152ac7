//! What a Block, Dodge, Parry fight waits for, as one value: the blow waiting for its
//! defender's reaction, a counter-gambit chance, magic dice in hand, a free strike on offer.
//! Several can be pending at once (a free strike's blow while more free strikes wait); the
//! fight answers them in this order, read in one place by the words of the waiting check and by
//! the prompts.

use super::model::{BdpState, PendingAttack};
use crate::encounter::Encounter;
use crate::ids::CombatantId;

/// The first thing the fight waits for.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Awaits<'a> {
    /// A blow waiting for its defender's reaction.
    Reaction(&'a PendingAttack),
    /// `by` resisted a gambit and may answer `against` with one.
    Counter { by: CombatantId, against: CombatantId },
    /// `caster` holds magic dice to spend or put away.
    Spell { caster: CombatantId, faces: &'a [u32] },
    /// `attacker` may strike `target`, who left its zone carelessly.
    FreeStrike { attacker: CombatantId, target: CombatantId },
}

impl BdpState {
    /// The first thing the fight waits for, if any.
    pub(super) fn awaits(&self) -> Option<Awaits<'_>> {
        if let Some(blow) = &self.attack {
            return Some(Awaits::Reaction(blow));
        }
        if let Some((by, against)) = self.counter {
            return Some(Awaits::Counter { by, against });
        }
        if let Some((caster, faces)) = &self.spell {
            return Some(Awaits::Spell { caster: *caster, faces });
        }
        let (attacker, target) = self.free_attacks.first().copied()?;
        Some(Awaits::FreeStrike { attacker, target })
    }
}

impl Awaits<'_> {
    /// What must come first, in the GM's words.
    pub(super) fn words(self, enc: &Encounter) -> String {
        match self {
            Awaits::Reaction(blow) => {
                format!("first answer the blow on {}: how does it react?", enc.name_of(blow.target))
            }
            Awaits::Counter { by, .. } => {
                format!("first settle {}'s counter-gambit chance", enc.name_of(by))
            }
            Awaits::Spell { caster, .. } => {
                format!("first spend or put away {}'s magic dice", enc.name_of(caster))
            }
            Awaits::FreeStrike { attacker, target } => format!(
                "first settle {}'s free strike at {}",
                enc.name_of(attacker),
                enc.name_of(target)
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::CombatantId as Id;

    #[test]
    fn the_blow_comes_first_then_the_counter_then_the_dice_then_the_free_strikes() {
        let blow = PendingAttack {
            attackers: vec![Id(1)],
            target: Id(2),
            queue: Vec::new(),
            edge: Default::default(),
            nonlethal: false,
            free: false,
        };
        let mut s = BdpState {
            free_attacks: vec![(Id(3), Id(4)), (Id(5), Id(6))].into(),
            ..BdpState::default()
        };
        assert_eq!(s.awaits(), Some(Awaits::FreeStrike { attacker: Id(3), target: Id(4) }));
        s.spell = Some((Id(7), vec![2, 5]));
        assert_eq!(s.awaits(), Some(Awaits::Spell { caster: Id(7), faces: &[2, 5] }));
        s.counter = Some((Id(8), Id(9)));
        assert_eq!(s.awaits(), Some(Awaits::Counter { by: Id(8), against: Id(9) }));
        s.attack = Some(blow.clone());
        assert_eq!(s.awaits(), Some(Awaits::Reaction(&blow)));
        assert_eq!(BdpState::default().awaits(), None);
    }
}
