//! `fray play` verbs of this procedure. SCENARIOS.md documents each one. A combatant's walk is
//! the core `step` line.

use super::block::SovBlock;
use super::model::{Manner, Opponent, SaveKind, SovCommand};
use crate::encounter::Encounter;
use crate::ids::CombatantId;
use crate::system::Words;
use crate::system::words::pick;

/// The verbs, as `System::script_verbs` lists them.
pub(crate) const VERBS: &[&str] = &[
    "surprise",
    "expecting",
    "surprise-check",
    "attack",
    "total-defense",
    "take-it",
    "heal",
    "save",
    "check",
    "morale",
    "shove",
    "grapple",
    "luck",
    "disengage",
    "stand-up",
    "reload",
    "opportunity",
    "use-skill",
    "pick-up",
    "door",
    "screen",
    "hold",
    "execute",
];

/// An attack of `id` by name or number from 1, after `with`; the first without.
fn weapon(w: &mut Words, id: CombatantId) -> Result<usize, String> {
    if !w.eat("with") {
        return Ok(0);
    }
    let c = &w.enc.combatants[&id];
    let block = SovBlock::of(c).map_err(|e| e.to_string())?;
    let word = w.next("an attack")?;
    let names: Vec<&str> = block.attacks.iter().map(|a| a.name.as_str()).collect();
    pick(word, &names, &c.name, "attack")
}

/// Reads one line of a verb of [`VERBS`].
pub(crate) fn command(enc: &Encounter, verb: &str, args: &[String]) -> Result<SovCommand, String> {
    let mut w = Words::new(enc, args);
    let c = match verb {
        // surprise SIDE / surprise nobody
        "surprise" => {
            let side = if w.eat("nobody") { None } else { Some(w.side()?) };
            SovCommand::Surprise { side }
        }
        // expecting SIDE [off]
        "expecting" => {
            let side = w.side()?;
            SovCommand::Expecting { side, on: !w.eat("off") }
        }
        // surprise-check SIDE against SIDE [exert]
        "surprise-check" => {
            let side = w.side()?;
            if !w.eat("against") {
                return Err("surprise-check SIDE against SIDE [exert]".into());
            }
            let against = w.side()?;
            SovCommand::SurpriseCheck { side, against, exert: w.eat("exert") }
        }
        // attack NAME TARGET [with W] [snap | dual | charge | swarm HELPER...]
        "attack" => {
            let attacker = w.who()?;
            let target = w.who()?;
            let weapon = weapon(&mut w, attacker)?;
            let manner = if w.eat("snap") {
                Manner::Snap
            } else if w.eat("dual") {
                Manner::Dual
            } else if w.eat("charge") {
                Manner::Charge
            } else if w.eat("swarm") {
                Manner::Swarm { helpers: w.names_until(&[])? }
            } else {
                Manner::Plain
            };
            SovCommand::Attack { attacker, target, weapon, manner }
        }
        "total-defense" | "take-it" => {
            SovCommand::Answer { total_defense: verb == "total-defense" }
        }
        // save NAME [physical | evasion | mental]
        "save" => {
            let id = w.who()?;
            let kind = if w.eat("evasion") {
                SaveKind::Evasion
            } else if w.eat("mental") {
                SaveKind::Mental
            } else {
                w.eat("physical");
                SaveKind::Physical
            };
            SovCommand::Save { id, kind }
        }
        // check NAME SKILL ATTR [against NAME SKILL ATTR]; use-skill: the same as its Main
        "check" | "use-skill" => {
            let id = w.who()?;
            let skill = w.next("a skill")?.to_lowercase();
            let attr = w.next("an attribute")?.to_lowercase();
            let against = if w.eat("against") {
                let other = w.who()?;
                let skill = w.next("its skill")?.to_lowercase();
                Some(Opponent { id: other, skill, attr: w.next("its attribute")?.to_lowercase() })
            } else {
                None
            };
            SovCommand::Check { id, skill, attr, against, main: verb == "use-skill" }
        }
        // pick-up NAME
        "pick-up" => SovCommand::PickUp { id: w.who()? },
        // door NAME X1 Y1 X2 Y2: the door between those two corners of the grid
        "door" => {
            let id = w.who()?;
            let usage = "door NAME X1 Y1 X2 Y2 (the door's two corners)";
            let corner = |w: &mut Words| -> Result<u16, String> {
                w.number::<u16>("a corner").map_err(|e| format!("{e}: {usage}"))
            };
            let (x1, y1, x2, y2) =
                (corner(&mut w)?, corner(&mut w)?, corner(&mut w)?, corner(&mut w)?);
            let edge = match crate::space::grid::Edge::line(x1, y1, x2, y2).as_deref() {
                Some([edge]) => *edge,
                _ => return Err(format!("a door is one square's side: {usage}")),
            };
            SovCommand::Door { id, edge }
        }
        // screen NAME WARD
        "screen" => {
            let id = w.who()?;
            SovCommand::Screen { id, ward: w.who()? }
        }
        // hold NAME
        "hold" => SovCommand::Hold { id: w.who()? },
        // execute NAME TARGET [with W]
        "execute" => {
            let attacker = w.who()?;
            let target = w.who()?;
            SovCommand::Execute { attacker, target, weapon: weapon(&mut w, attacker)? }
        }
        // morale NAME [fights | retreats]  (without: 2d6 against its Morale)
        "morale" => {
            let id = w.who()?;
            let retreats = if w.eat("fights") {
                Some(false)
            } else if w.eat("retreats") {
                Some(true)
            } else {
                None
            };
            SovCommand::Morale { id, retreats }
        }
        // shove NAME TARGET / grapple NAME TARGET
        "shove" | "grapple" => {
            let attacker = w.who()?;
            SovCommand::Wrestle { attacker, target: w.who()?, grapple: verb == "grapple" }
        }
        // reload NAME [with W]
        "reload" => {
            let id = w.who()?;
            SovCommand::Reload { id, weapon: weapon(&mut w, id)? }
        }
        // stand-up NAME
        "stand-up" => SovCommand::StandUp { id: w.who()? },
        // disengage NAME
        "disengage" => SovCommand::Disengage { id: w.who()? },
        // opportunity STRIKER strike|pass
        "opportunity" => {
            let striker = w.who()?;
            let strike = if w.eat("strike") {
                true
            } else if w.eat("pass") {
                false
            } else {
                return Err("opportunity NAME strike, or opportunity NAME pass".into());
            };
            SovCommand::Opportunity { striker, strike }
        }
        // luck NAME
        "luck" => SovCommand::Luck { id: w.who()? },
        // heal HEALER TARGET
        "heal" => {
            let healer = w.who()?;
            SovCommand::Heal { healer, target: w.who()? }
        }
        other => return Err(format!("Sovereign has no '{other}' command")),
    };
    w.end()?;
    Ok(c)
}

/// A Sovereign command's verbs. A new variant stops this compiling: give it a verb, document
/// it in SCENARIOS.md and use it in a golden scenario.
pub(crate) fn verbs_of(c: &SovCommand) -> &'static [&'static str] {
    match c {
        SovCommand::Surprise { .. } => &["surprise"],
        SovCommand::Expecting { .. } => &["expecting"],
        SovCommand::SurpriseCheck { .. } => &["surprise-check"],
        SovCommand::Attack { .. } => &["attack"],
        SovCommand::Heal { .. } => &["heal"],
        SovCommand::Save { .. } => &["save"],
        SovCommand::Luck { .. } => &["luck"],
        SovCommand::Disengage { .. } => &["disengage"],
        SovCommand::StandUp { .. } => &["stand-up"],
        SovCommand::Reload { .. } => &["reload"],
        SovCommand::Opportunity { .. } => &["opportunity"],
        SovCommand::Wrestle { grapple: false, .. } => &["shove"],
        SovCommand::Wrestle { grapple: true, .. } => &["grapple"],
        SovCommand::Check { main: false, .. } => &["check"],
        SovCommand::Check { main: true, .. } => &["use-skill"],
        SovCommand::PickUp { .. } => &["pick-up"],
        SovCommand::Door { .. } => &["door"],
        SovCommand::Screen { .. } => &["screen"],
        SovCommand::Hold { .. } => &["hold"],
        SovCommand::Execute { .. } => &["execute"],
        SovCommand::Morale { .. } => &["morale"],
        SovCommand::Answer { total_defense: true } => &["total-defense"],
        SovCommand::Answer { total_defense: false } => &["take-it"],
    }
}
