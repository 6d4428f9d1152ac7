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
        "surprise" => surprise(&mut w)?,
        // expecting SIDE [off]
        "expecting" => SovCommand::Expecting { side: w.side()?, on: !w.eat("off") },
        "surprise-check" => surprise_check(&mut w)?,
        "attack" => attack(&mut w)?,
        "total-defense" | "take-it" => {
            SovCommand::Answer { total_defense: verb == "total-defense" }
        }
        "save" => save(&mut w)?,
        "check" | "use-skill" => check(&mut w, verb == "use-skill")?,
        // pick-up NAME
        "pick-up" => SovCommand::PickUp { id: w.who()? },
        "door" => door(&mut w)?,
        // screen NAME WARD
        "screen" => SovCommand::Screen { id: w.who()?, ward: w.who()? },
        // hold NAME
        "hold" => SovCommand::Hold { id: w.who()? },
        "execute" => execute(&mut w)?,
        "morale" => morale(&mut w)?,
        // shove NAME TARGET / grapple NAME TARGET
        "shove" | "grapple" => {
            SovCommand::Wrestle { attacker: w.who()?, target: w.who()?, grapple: verb == "grapple" }
        }
        "reload" => reload(&mut w)?,
        // stand-up NAME
        "stand-up" => SovCommand::StandUp { id: w.who()? },
        // disengage NAME
        "disengage" => SovCommand::Disengage { id: w.who()? },
        "opportunity" => opportunity(&mut w)?,
        // luck NAME
        "luck" => SovCommand::Luck { id: w.who()? },
        // heal HEALER TARGET
        "heal" => SovCommand::Heal { healer: w.who()?, target: w.who()? },
        other => return Err(format!("Sovereign has no '{other}' command")),
    };
    w.end()?;
    Ok(c)
}

/// `surprise SIDE`, or `surprise nobody`.
fn surprise(w: &mut Words) -> Result<SovCommand, String> {
    let side = if w.eat("nobody") { None } else { Some(w.side()?) };
    Ok(SovCommand::Surprise { side })
}

/// `surprise-check SIDE against SIDE [exert]`.
fn surprise_check(w: &mut Words) -> Result<SovCommand, String> {
    let side = w.side()?;
    if !w.eat("against") {
        return Err("surprise-check SIDE against SIDE [exert]".into());
    }
    let against = w.side()?;
    Ok(SovCommand::SurpriseCheck { side, against, exert: w.eat("exert") })
}

/// `attack NAME TARGET [with W] [snap | dual | charge | swarm HELPER...]`.
fn attack(w: &mut Words) -> Result<SovCommand, String> {
    let attacker = w.who()?;
    let target = w.who()?;
    let weapon = weapon(w, attacker)?;
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
    Ok(SovCommand::Attack { attacker, target, weapon, manner })
}

/// `save NAME [physical | evasion | mental]`.
fn save(w: &mut Words) -> Result<SovCommand, String> {
    let id = w.who()?;
    let kind = if w.eat("evasion") {
        SaveKind::Evasion
    } else if w.eat("mental") {
        SaveKind::Mental
    } else {
        w.eat("physical");
        SaveKind::Physical
    };
    Ok(SovCommand::Save { id, kind })
}

/// `check NAME SKILL ATTR [against NAME SKILL ATTR]`; `use-skill` (`main`): the same as its
/// Main action.
fn check(w: &mut Words, main: bool) -> Result<SovCommand, String> {
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
    Ok(SovCommand::Check { id, skill, attr, against, main })
}

/// `door NAME X1 Y1 X2 Y2`: the door between those two corners of the grid.
fn door(w: &mut Words) -> Result<SovCommand, String> {
    let id = w.who()?;
    let usage = "door NAME X1 Y1 X2 Y2 (the door's two corners)";
    let corner = |w: &mut Words| -> Result<u16, String> {
        w.number::<u16>("a corner").map_err(|e| format!("{e}: {usage}"))
    };
    let (x1, y1, x2, y2) = (corner(w)?, corner(w)?, corner(w)?, corner(w)?);
    let edge = match crate::space::grid::Edge::line(x1, y1, x2, y2).as_deref() {
        Some([edge]) => *edge,
        _ => return Err(format!("a door is one square's side: {usage}")),
    };
    Ok(SovCommand::Door { id, edge })
}

/// `execute NAME TARGET [with W]`.
fn execute(w: &mut Words) -> Result<SovCommand, String> {
    let attacker = w.who()?;
    let target = w.who()?;
    Ok(SovCommand::Execute { attacker, target, weapon: weapon(w, attacker)? })
}

/// `morale NAME [fights | retreats]` (without: 2d6 against its Morale).
fn morale(w: &mut Words) -> Result<SovCommand, String> {
    let id = w.who()?;
    let retreats = if w.eat("fights") {
        Some(false)
    } else if w.eat("retreats") {
        Some(true)
    } else {
        None
    };
    Ok(SovCommand::Morale { id, retreats })
}

/// `reload NAME [with W]`.
fn reload(w: &mut Words) -> Result<SovCommand, String> {
    let id = w.who()?;
    Ok(SovCommand::Reload { id, weapon: weapon(w, id)? })
}

/// `opportunity STRIKER strike|pass`.
fn opportunity(w: &mut Words) -> Result<SovCommand, String> {
    let striker = w.who()?;
    let strike = if w.eat("strike") {
        true
    } else if w.eat("pass") {
        false
    } else {
        return Err("opportunity NAME strike, or opportunity NAME pass".into());
    };
    Ok(SovCommand::Opportunity { striker, strike })
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
