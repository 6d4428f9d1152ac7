//! `fray play` verbs of this procedure. SCENARIOS.md documents each one; every command and
//! prompt answer of the system has a verb here.

use super::block::MurdhamBlock;
use super::model::{Aim, AttackSpec, MainAction, MurdhamCommand as C, NonLethal, Reaction, Yield};
use crate::command::Command;
use crate::encounter::Encounter;
use crate::ids::CombatantId;
use crate::system::Words;
use crate::system::words::pick;

/// The verbs, as `System::script_verbs` lists them.
pub(crate) const VERBS: &[&str] = &[
    "holder",
    "first",
    "activate",
    "pass",
    "end-turn",
    "bonus",
    "full-move",
    "invoke",
    "distract",
    "surrender",
    "act",
    "attack",
    "accept",
    "refuse",
    "react",
    "opportunity",
    "let-go",
    "shove",
    "release",
    "border",
    "morale",
    "skip-morale",
    "give-up",
    "chase",
    "fight-over",
    "durability",
];

/// A weapon of `id` after `with` (by name or number from 1, or `bare`); without `with`, its
/// first weapon (bare hands when it has none).
fn weapon(w: &mut Words, id: CombatantId) -> Result<Option<usize>, String> {
    let c = &w.enc.combatants[&id];
    let block = MurdhamBlock::of(c).map_err(|e| e.to_string())?;
    if w.eat("bare") {
        return Ok(None);
    }
    if !w.eat("with") {
        return Ok((!block.weapons.is_empty()).then_some(0));
    }
    let word = w.next("a weapon")?;
    if word.eq_ignore_ascii_case("bare") {
        return Ok(None);
    }
    let names: Vec<&str> = block.weapons.iter().map(|x| x.name.as_str()).collect();
    pick(word, &names, &c.name, "weapon").map(Some)
}

/// `disarm` or `grapple`, when next.
fn nonlethal(w: &mut Words) -> Option<NonLethal> {
    if w.eat("disarm") {
        Some(NonLethal::Disarm)
    } else if w.eat("grapple") {
        Some(NonLethal::Grapple)
    } else {
        None
    }
}

/// `attack NAME (TARGET | zone ZONE) [with W | bare] [circumstances...] [stunt "TEXT"]
/// [disarm | grapple] [final-blow]`.
fn attack(w: &mut Words) -> Result<AttackSpec, String> {
    let attacker = w.who()?;
    let aim =
        if w.eat("zone") { Aim::Zone { zone: w.zone()? } } else { Aim::One { target: w.who()? } };
    let named = w.peek_is("with") || w.peek_is("bare");
    let weapon = weapon(w, attacker)?;
    let mut spec = AttackSpec::plain(attacker, aim, weapon);
    while !w.done() {
        let word = w.next("a circumstance")?.to_ascii_lowercase();
        let how = &mut spec.how;
        match word.as_str() {
            "held-back" => how.held_back = true,
            "moving" => how.moving = true,
            "unseen" => how.unseen = true,
            "unaware" => how.unaware = true,
            "concealment" => how.concealment = true,
            "cover" => how.cover = true,
            "penetrating" => how.penetrating = true,
            "barrier" => how.barrier = true,
            "peeking" => how.peeking = true,
            "enhanced" => how.enhanced = true,
            "stunt" => spec.stunt = Some(w.next("the stunt's effect")?.to_owned()),
            "disarm" => spec.nonlethal = Some(NonLethal::Disarm),
            "grapple" => spec.nonlethal = Some(NonLethal::Grapple),
            "final-blow" => spec.final_blow = true,
            other => {
                return Err(format!(
                    "'{other}' is not held-back, moving, unseen, unaware, concealment, cover, \
                     penetrating, barrier, peeking, enhanced, stunt, disarm, grapple or \
                     final-blow"
                ));
            }
        }
    }
    // A grab is made bare-handed unless a weapon is named.
    if spec.nonlethal == Some(NonLethal::Grapple) && !named {
        spec.weapon = None;
    }
    Ok(spec)
}

/// `react NAME (none | dodge | counter [with W | bare] [disarm | grapple] | hide-behind NAME
/// | guarded-by NAME)`.
fn reaction(w: &mut Words, id: CombatantId) -> Result<Reaction, String> {
    let kind = w.next("a reaction")?.to_ascii_lowercase();
    Ok(match kind.as_str() {
        "none" => Reaction::None,
        "dodge" => Reaction::Dodge,
        "counter" => {
            let named = w.peek_is("with") || w.peek_is("bare");
            let weapon = weapon(w, id)?;
            let nonlethal = nonlethal(w);
            // A grab is made bare-handed unless a weapon is named.
            let weapon =
                if nonlethal == Some(NonLethal::Grapple) && !named { None } else { weapon };
            Reaction::Counter { weapon, nonlethal }
        }
        "hide-behind" => Reaction::HideBehind { shield: w.who()? },
        "guarded-by" => Reaction::GuardedBy { guard: w.who()? },
        other => {
            return Err(format!(
                "'{other}' is not none, dodge, counter, hide-behind or guarded-by"
            ));
        }
    })
}

/// Reads one line of a verb of [`VERBS`].
pub(crate) fn command(enc: &Encounter, verb: &str, args: &[String]) -> Result<Command, String> {
    let mut w = Words::new(enc, args);
    let c = match verb {
        // holder SIDE / holder roll
        "holder" => {
            if w.eat("roll") {
                C::Holder { side: None }
            } else {
                C::Holder { side: Some(w.side()?) }
            }
        }
        "first" => C::First { side: w.side()? },
        "activate" => C::Activate { id: w.who()? },
        "pass" => C::Pass { side: w.side()? },
        "end-turn" => C::EndTurn,
        // bonus "WHAT"
        "bonus" => C::Bonus { what: w.next("what it does")?.to_owned() },
        "full-move" => C::Main { action: MainAction::FullMovement },
        "invoke" => {
            C::Main { action: MainAction::InvokePower { what: w.next("the power")?.to_owned() } }
        }
        // distract [NAME]
        "distract" => {
            let target = if w.done() { None } else { Some(w.who()?) };
            C::Main { action: MainAction::Distract { target } }
        }
        "surrender" => C::Main { action: MainAction::Surrender },
        // act "WHAT": any other main action
        "act" => C::Main { action: MainAction::Other { what: w.next("what it does")?.to_owned() } },
        "attack" => C::Attack(attack(&mut w)?),
        "accept" | "refuse" => C::Stunt { accept: verb == "accept" },
        "react" => {
            let id = w.who()?;
            C::React { id, reaction: reaction(&mut w, id)? }
        }
        // opportunity NAME [with W | bare] / let-go
        "opportunity" => {
            let id = w.who()?;
            C::Opportunity { by: Some((id, weapon(&mut w, id)?)) }
        }
        "let-go" => C::Opportunity { by: None },
        // shove NAME [toward ZONE]
        "shove" => {
            let grabber = w.who()?;
            let toward = if w.eat("toward") { Some(w.zone()?) } else { None };
            C::Shove { grabber, toward }
        }
        "release" => C::Release { grabber: w.who()? },
        // border NAME ZONE / border NAME inside
        "border" => {
            let id = w.who()?;
            let zone = if w.eat("inside") { None } else { Some(w.zone()?) };
            C::Border { id, zone }
        }
        "morale" => C::Morale { side: w.side()? },
        "skip-morale" => C::SkipMorale { side: w.side()? },
        // give-up NAME surrender|retreat
        "give-up" => {
            let id = w.who()?;
            let how = match w.next("surrender or retreat")?.to_ascii_lowercase().as_str() {
                "surrender" => Yield::Surrender,
                "retreat" => Yield::Retreat,
                other => return Err(format!("'{other}' is not surrender or retreat")),
            };
            C::GiveUp { id, how }
        }
        "chase" => C::Chase { ids: w.names_until(&[])? },
        "fight-over" => C::EndFight,
        "durability" => C::Durability,
        other => return Err(format!("Murdham has no '{other}' command")),
    };
    w.end()?;
    Ok(Command::from(c))
}

/// A Murdham command's verb. A new variant stops this compiling: give it a verb, document it
/// in SCENARIOS.md and use it in a golden scenario.
pub(crate) fn verb_of(c: &super::MurdhamCommand) -> &'static str {
    use super::MurdhamCommand as C;
    match c {
        C::Holder { .. } => "holder",
        C::First { .. } => "first",
        C::Activate { .. } => "activate",
        C::Pass { .. } => "pass",
        C::EndTurn => "end-turn",
        C::Bonus { .. } => "bonus",
        C::Main { action } => match action {
            MainAction::FullMovement => "full-move",
            MainAction::InvokePower { .. } => "invoke",
            MainAction::Distract { .. } => "distract",
            MainAction::Surrender => "surrender",
            MainAction::Other { .. } => "act",
        },
        C::Attack(_) => "attack",
        C::Stunt { accept: true } => "accept",
        C::Stunt { accept: false } => "refuse",
        C::React { .. } => "react",
        C::Opportunity { by: Some(_) } => "opportunity",
        C::Opportunity { by: None } => "let-go",
        C::Shove { .. } => "shove",
        C::Release { .. } => "release",
        C::Border { .. } => "border",
        C::Morale { .. } => "morale",
        C::SkipMorale { .. } => "skip-morale",
        C::GiveUp { .. } => "give-up",
        C::Chase { .. } => "chase",
        C::EndFight => "fight-over",
        C::Durability => "durability",
    }
}
