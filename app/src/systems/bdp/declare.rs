//! Declaring intentions: each one is a quick turn (one action) or a full turn (moving and
//! acting, or something slow), and Fray says why.

use super::R_DECLARE;
use super::Step;
use super::block::{self, BdpBlock};
use super::model::{BdpEvent, Declaration, Intent, TurnClass};
use crate::encounter::{Combatant, Encounter};
use crate::event::Event;
use crate::ids::CombatantId;
use crate::reach::distance;
use crate::system::Emitter;
use crate::system::RuleError;
use crate::system::Step as _;
use std::borrow::Cow;
use std::sync::Arc;

/// Why an intention takes the turn it does: written out only when someone reads it (every
/// option of a declaration is classified, and the simulator reads none of them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Why {
    /// Words of the rules.
    Said(&'static str),
    /// A strike on a foe not yet in reach.
    ClosesIn(CombatantId),
}

impl Why {
    /// The reason in words.
    pub(crate) fn words(self, enc: &Encounter) -> Cow<'static, str> {
        match self {
            Why::Said(words) => words.into(),
            Why::ClosesIn(target) => ["closes in on ", &enc.name_of(target)].concat().into(),
        }
    }
}

/// The class of an intention and the reason, or why the intention is not possible. The
/// reason is borrowed words where it can be: every option of a declaration is classified.
fn classify(
    enc: &Encounter,
    c: &Combatant,
    b: &BdpBlock,
    intent: &Intent,
) -> Result<(TurnClass, Why), RuleError> {
    let id = c.id;
    let foe_here = |z| enc.in_zone(z).any(|o| o.side != c.side && !block::is_out(o));
    Ok(match intent {
        Intent::Attack { target, arms, moving } | Intent::Gambit { target, arms, moving } => {
            let t = enc.combatant(*target).ok_or(RuleError::UnknownCombatant(*target))?;
            if *target == id {
                return Err(RuleError::Invalid(format!("{} cannot target itself", c.name)));
            }
            if block::is_out(t) {
                return Err(RuleError::NotAllowed(format!("{} is down", t.name)));
            }
            let ranged =
                b.all_ranged(arms).map_err(|e| RuleError::Invalid(format!("{}: {e}", c.name)))?;
            let close = crate::reach::in_melee(enc, c, t);
            match (ranged, close, moving) {
                (true, _, false) => (TurnClass::Quick, Why::Said("shoots")),
                (true, _, true) => (TurnClass::Full, Why::Said("moves and shoots")),
                (false, true, false) => (TurnClass::Quick, Why::Said("strikes a close foe")),
                (false, true, true) => (TurnClass::Full, Why::Said("strikes and moves")),
                (false, false, _) => (TurnClass::Full, Why::ClosesIn(t.id)),
            }
        }
        Intent::Move { to } => {
            enc.zone(*to).ok_or(RuleError::UnknownZone(*to))?;
            let steps = match c.zone {
                Some(from) => distance(enc, from, *to),
                None => Some(1),
            };
            match steps {
                Some(0) => {
                    return Err(RuleError::Invalid(format!("{} is already there", c.name)));
                }
                Some(1) => (TurnClass::Quick, Why::Said("moves one zone")),
                Some(2) => (TurnClass::Full, Why::Said("moves two zones (the whole turn)")),
                Some(n) => {
                    return Err(RuleError::NotAllowed(format!(
                        "{} zones away: two at most in one turn",
                        n
                    )));
                }
                None => {
                    return Err(RuleError::NotAllowed("no way there from here".into()));
                }
            }
        }
        Intent::Cast { fast, .. } => {
            if block::magic_dice(c, b) == 0 {
                return Err(RuleError::NotAllowed(format!("{} has no Magic Dice", c.name)));
            }
            if *fast {
                (TurnClass::Quick, Why::Said("a fast spell"))
            } else {
                (TurnClass::Full, Why::Said("casts a spell"))
            }
        }
        Intent::Retreat => {
            if c.zone.is_some_and(foe_here) {
                (TurnClass::Full, Why::Said("retreats from a close foe"))
            } else {
                (TurnClass::Quick, Why::Said("retreats, no foe close"))
            }
        }
        Intent::Other { full, .. } => {
            if *full {
                (TurnClass::Full, Why::Said("takes the whole turn"))
            } else {
                (TurnClass::Quick, Why::Said("one action"))
            }
        }
        Intent::Hold => (TurnClass::Quick, Why::Said("holds")),
    })
}

/// Records an intention with its class (the GM's if given).
pub(crate) fn declare(
    enc: &mut Encounter,
    id: CombatantId,
    intent: Intent,
    class: Option<TurnClass>,
    no_reach: bool,
) -> Result<Vec<Event>, RuleError> {
    let (auto, why) = check(enc, id, &intent)?;
    let reason = why.words(enc);
    let declaration = match class {
        Some(chosen) if chosen != auto => Declaration {
            intent,
            class: chosen,
            reason: format!("GM: {} ({} by the rules: {reason})", chosen.label(), auto.label()),
            overridden: true,
            no_reach,
        },
        _ => Declaration {
            intent,
            class: auto,
            reason: reason.into_owned(),
            overridden: false,
            no_reach,
        },
    };
    // One event and nothing read after it: no need of a Ctx.
    let mut out = Emitter::new(enc);
    out.push(R_DECLARE, Some(id), BdpEvent::Declared { id, declaration }.into());
    Ok(out.apply_to(enc))
}

/// Whether `id` may declare `intent` now, and if so its class by the rules and why: the
/// check the declare prompt shows and the command makes.
pub(crate) fn check(
    enc: &Encounter,
    id: CombatantId,
    intent: &Intent,
) -> Result<(TurnClass, Why), RuleError> {
    let (c, b) = may_declare(enc, id)?;
    classify(enc, c, &b, intent)
}

/// Whether `id` may declare anything now, with its stat block: the part of [`check`] every
/// intention shares, asked once for a whole declaration prompt.
pub(crate) fn may_declare(
    enc: &Encounter,
    id: CombatantId,
) -> Result<(&Combatant, Arc<BdpBlock>), RuleError> {
    if !Step::Declare.now(enc) {
        return Err(RuleError::NotAllowed(
            "intentions are declared at the start of a round".into(),
        ));
    }
    let c = enc.combatant(id).ok_or(RuleError::UnknownCombatant(id))?;
    if let Some(why) = cannot_act(c) {
        return Err(RuleError::NotAllowed(format!("{} {why}", c.name)));
    }
    Ok((c, BdpBlock::of(c)?))
}

/// [`check`] for an intention of a combatant [`may_declare`] let through.
pub(crate) fn check_for(
    enc: &Encounter,
    actor: &(&Combatant, Arc<BdpBlock>),
    intent: &Intent,
) -> Result<(TurnClass, Why), RuleError> {
    classify(enc, actor.0, &actor.1, intent)
}

/// Why a combatant cannot declare or act this round, if it cannot.
pub(crate) fn cannot_act(c: &crate::encounter::Combatant) -> Option<&'static str> {
    if block::is_out(c) {
        Some("is out of the fight")
    } else if c.conditions.contains("surprised") {
        Some("is surprised: acts from the next round")
    } else {
        None
    }
}
