//! `fray play` verbs of this procedure. SCENARIOS.md documents each one; every command and
//! prompt answer of the system has a verb here.

use super::block::D12Block;
use super::model::{Action, D12Command};
use crate::encounter::Encounter;
use crate::ids::CombatantId;
use crate::system::Words;
use crate::system::words::pick;

/// The verbs, as `System::script_verbs` lists them.
pub(crate) const VERBS: &[&str] = &[
    "surprise",
    "unsurprise",
    "initiative",
    "declare",
    "change-declaration",
    "attack",
    "riposte",
    "damage",
    "critical",
    "injury",
    "dismiss",
    "done",
    "pass",
    "stabilize",
    "spend-stress",
    "intimidate",
    "morale",
    "skip-morale",
];

/// An attack of `id` by name or number from 1 (after `with`); the first when left out.
fn weapon(w: &mut Words, id: CombatantId) -> Result<usize, String> {
    if !w.eat("with") {
        return Ok(0);
    }
    let c = &w.enc.combatants[&id];
    let block = D12Block::of(c).map_err(|e| e.to_string())?;
    let word = w.next("an attack")?;
    let names: Vec<&str> = block.attacks.iter().map(|a| a.name.as_str()).collect();
    pick(word, &names, &c.name, "attack")
}

/// `at NAME`, when there.
fn at(w: &mut Words) -> Result<Option<CombatantId>, String> {
    if w.eat("at") { w.who().map(Some) } else { Ok(None) }
}

/// A number, when the next word is one.
fn maybe_number(w: &mut Words) -> Option<i64> {
    let n = w.words.get(w.at)?.parse().ok()?;
    w.at += 1;
    Some(n)
}

/// The action after `declare NAME`.
fn action(w: &mut Words, id: CombatantId) -> Result<Action, String> {
    let kind = w.next("an action")?.to_ascii_lowercase();
    Ok(match kind.as_str() {
        // attack TARGET [with W]
        "attack" => {
            let target = w.who()?;
            Action::Attack { target, weapon: weapon(w, id)? }
        }
        // defensive [TARGET [with W]]: with a target, the first attack unless `with` names
        // one (as for `attack`); with none, it moves defensively (+1).
        "defensive" => {
            let target = if w.done() || w.peek_is("with") { None } else { Some(w.who()?) };
            let armed = w.peek_is("with")
                || (target.is_some()
                    && D12Block::of(&w.enc.combatants[&id]).is_ok_and(|b| !b.attacks.is_empty()));
            let weapon = if armed { Some(weapon(w, id)?) } else { None };
            Action::DefensiveAttack { target, weapon }
        }
        // spell NAME [tn N] [at TARGET]
        "spell" => {
            let name = w.next("a spell")?.to_owned();
            let tn = if w.eat("tn") {
                w.number("the spell's TN")?
            } else {
                let c = &w.enc.combatants[&id];
                let block = D12Block::of(c).map_err(|e| e.to_string())?;
                block
                    .spells
                    .iter()
                    .find(|s| s.name.eq_ignore_ascii_case(&name))
                    .map(|s| s.tn)
                    .ok_or_else(|| {
                        format!("{} has no spell called '{name}': give 'tn N'", c.name)
                    })?
            };
            Action::Spell { name, tn, target: at(w)? }
        }
        // consumable [MODIFIER]
        "consumable" => Action::Consumable { modifier: maybe_number(w) },
        // throw [at TARGET] [MODIFIER]
        "throw" => {
            let target = at(w)?;
            Action::Throw { target, modifier: maybe_number(w) }
        }
        "full-defense" => Action::FullDefense,
        "crawl" => Action::Crawl,
        // other "TEXT" [MODIFIER]
        "other" => {
            let text = w.next("what it does")?.to_owned();
            Action::Other { text, modifier: maybe_number(w).unwrap_or(0) }
        }
        other => {
            return Err(format!(
                "'{other}' is not attack, defensive, spell, consumable, throw, full-defense, \
                 crawl or other"
            ));
        }
    })
}

/// Reads one line of a verb of [`VERBS`].
pub(crate) fn command(enc: &Encounter, verb: &str, args: &[String]) -> Result<D12Command, String> {
    let mut w = Words::new(enc, args);
    let c = match verb {
        // surprise NAME... / unsurprise NAME...
        "surprise" | "unsurprise" => {
            let ids = w.names_until(&[])?;
            D12Command::Surprise { ids, surprised: verb == "surprise" }
        }
        // initiative NAME... (one roll shared)
        "initiative" => D12Command::Initiative { ids: w.names_until(&[])? },
        // declare NAME ACTION...
        "declare" => {
            let id = w.who()?;
            D12Command::Declare { id, action: action(&mut w, id)? }
        }
        // change-declaration NAME ACTION...
        "change-declaration" => {
            let id = w.who()?;
            D12Command::ChangeDeclaration { id, action: action(&mut w, id)? }
        }
        // attack NAME TARGET [with W] / riposte NAME TARGET [with W]
        "attack" | "riposte" => {
            let attacker = w.who()?;
            let target = w.who()?;
            let weapon = weapon(&mut w, attacker)?;
            D12Command::Attack { attacker, target, weapon, riposte: verb == "riposte" }
        }
        "damage" => D12Command::Damage { critical: false },
        "critical" => D12Command::Damage { critical: true },
        // injury TYPE
        "injury" => D12Command::Injury { damage_type: w.next("a damage type")?.to_lowercase() },
        "dismiss" => D12Command::Dismiss,
        // done NAME / pass NAME
        "done" | "pass" => D12Command::Done { id: w.who()?, acted: verb == "done" },
        // stabilize HEALER TARGET
        "stabilize" => {
            let healer = w.who()?;
            D12Command::Stabilize { healer, target: w.who()? }
        }
        // spend-stress NAME N
        "spend-stress" => {
            let id = w.who()?;
            D12Command::SpendStress { id, amount: w.number("an amount")? }
        }
        // intimidate BY TARGET
        "intimidate" => {
            let by = w.who()?;
            D12Command::Intimidate { by, target: w.who()? }
        }
        // morale NAME [obvious]
        "morale" => {
            let id = w.who()?;
            D12Command::Morale { id, obvious: w.eat("obvious") }
        }
        // skip-morale NAME
        "skip-morale" => D12Command::SkipMorale { id: w.who()? },
        other => return Err(format!("the d12 procedure has no '{other}' command")),
    };
    w.end()?;
    Ok(c)
}

/// A d12 command's verbs. A new variant stops this compiling: give it a verb, document it in
/// SCENARIOS.md and use it in a golden scenario.
pub(crate) fn verbs_of(c: &D12Command) -> &'static [&'static str] {
    match c {
        D12Command::Surprise { surprised: true, .. } => &["surprise"],
        D12Command::Surprise { surprised: false, .. } => &["unsurprise"],
        D12Command::Initiative { .. } => &["initiative"],
        D12Command::Declare { .. } => &["declare"],
        D12Command::ChangeDeclaration { .. } => &["change-declaration"],
        D12Command::Attack { riposte: false, .. } => &["attack"],
        D12Command::Attack { riposte: true, .. } => &["riposte"],
        D12Command::Damage { critical: false } => &["damage"],
        D12Command::Damage { critical: true } => &["critical"],
        D12Command::Injury { .. } => &["injury"],
        D12Command::Dismiss => &["dismiss"],
        D12Command::Done { acted: true, .. } => &["done"],
        D12Command::Done { acted: false, .. } => &["pass"],
        D12Command::Stabilize { .. } => &["stabilize"],
        D12Command::SpendStress { .. } => &["spend-stress"],
        D12Command::Intimidate { .. } => &["intimidate"],
        D12Command::Morale { .. } => &["morale"],
        D12Command::SkipMorale { .. } => &["skip-morale"],
    }
}
