//! `fray play` verbs of this procedure. SCENARIOS.md documents each one; every command and
//! prompt answer of the system has a verb here.

use super::block::Dr12Block;
use super::model::{Dr12Command, Purpose};
use crate::encounter::Encounter;
use crate::ids::CombatantId;
use crate::system::Words;
use crate::system::words::pick;

/// The verbs, as `System::script_verbs` lists them.
pub(crate) const VERBS: &[&str] = &[
    "surprise",
    "reaction",
    "attack",
    "defend",
    "disengage",
    "act",
    "test",
    "morale",
    "parley",
    "flee",
    "usage",
];

/// A weapon of `id` by name or number from 1.
fn weapon(w: &mut Words, id: CombatantId) -> Result<usize, String> {
    let c = &w.enc.combatants[&id];
    let block = Dr12Block::of(c).map_err(|e| e.to_string())?;
    let names: Vec<&str> = block.arms().iter().map(|a| a.name.as_str()).collect();
    pick(w.next("a weapon")?, &names, &c.name, "weapon")
}

/// Reads one line of a verb of [`VERBS`].
pub(crate) fn command(enc: &Encounter, verb: &str, args: &[String]) -> Result<Dr12Command, String> {
    let mut w = Words::new(enc, args);
    let c = match verb {
        // surprise SIDE / surprise nobody
        "surprise" => {
            let side = if w.eat("nobody") { None } else { Some(w.side()?) };
            Dr12Command::Surprise { side }
        }
        // reaction SIDE
        "reaction" => Dr12Command::Reaction { side: w.side()? },
        // attack NAME TARGET [with W [and W2]]
        "attack" => {
            let attacker = w.who()?;
            let target = w.who()?;
            let (weapon, second) = if w.eat("with") {
                let first = weapon(&mut w, attacker)?;
                let second = if w.eat("and") { Some(weapon(&mut w, attacker)?) } else { None };
                (first, second)
            } else {
                (0, None)
            };
            Dr12Command::Attack { attacker, target, weapon, second }
        }
        "defend" => Dr12Command::Defend,
        // disengage NAME
        "disengage" => Dr12Command::Disengage { id: w.who()? },
        // act NAME "WHAT"
        "act" => {
            let id = w.who()?;
            Dr12Command::Act { id, what: w.next("what it does")?.to_owned() }
        }
        // test NAME STAT [stunt [at TARGET] | shake HINDRANCE | zone] [action]
        "test" => {
            let id = w.who()?;
            let stat = w.next("an attribute")?.to_lowercase();
            let purpose = if w.eat("stunt") {
                Purpose::Stunt { target: if w.eat("at") { Some(w.who()?) } else { None } }
            } else if w.eat("shake") {
                Purpose::Shake { hindrance: w.next("a hindrance")?.to_lowercase() }
            } else if w.eat("zone") {
                Purpose::Zone
            } else {
                Purpose::Other
            };
            Dr12Command::Test { id, stat, purpose, action: w.eat("action") }
        }
        // morale NAME
        "morale" => Dr12Command::Morale { id: w.who()? },
        // parley NAME / flee NAME
        "parley" | "flee" => Dr12Command::Yield { id: w.who()?, flee: verb == "flee" },
        // usage NAME WEAPON N
        "usage" => {
            let id = w.who()?;
            let weapon = weapon(&mut w, id)?;
            Dr12Command::SetUsage { id, weapon, usages: w.number("a count")? }
        }
        other => return Err(format!("the DR12 procedure has no '{other}' command")),
    };
    w.end()?;
    Ok(c)
}

/// A DR12 command's verbs. A new variant stops this compiling: give it a verb, document it in
/// SCENARIOS.md and use it in a golden scenario.
pub(crate) fn verbs_of(c: &Dr12Command) -> &'static [&'static str] {
    match c {
        Dr12Command::Surprise { .. } => &["surprise"],
        Dr12Command::Reaction { .. } => &["reaction"],
        Dr12Command::Attack { .. } => &["attack"],
        Dr12Command::Defend => &["defend"],
        Dr12Command::Disengage { .. } => &["disengage"],
        Dr12Command::Act { .. } => &["act"],
        Dr12Command::Test { .. } => &["test"],
        Dr12Command::Morale { .. } => &["morale"],
        Dr12Command::Yield { flee: false, .. } => &["parley"],
        Dr12Command::Yield { flee: true, .. } => &["flee"],
        Dr12Command::SetUsage { .. } => &["usage"],
    }
}
