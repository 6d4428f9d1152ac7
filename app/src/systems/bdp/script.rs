//! `fray play` verbs of this procedure. SCENARIOS.md documents each one; every command and
//! prompt answer of the system has a verb here.

use super::block::BdpBlock;
use super::model::{
    Ability, Arms, BdpCommand, Broken, Edge, Intent, Reaction, Situation, Stance, Trigger,
    TurnClass,
};
use crate::dice::Dice;
use crate::encounter::Encounter;
use crate::ids::CombatantId;
use crate::system::Words;
use crate::system::words::pick;

/// The verbs, as `System::script_verbs` lists them.
pub(crate) const VERBS: &[&str] = &[
    "surprise",
    "reaction",
    "declare",
    "tie",
    "attack",
    "react",
    "gambit",
    "decline",
    "cast",
    "spell-damage",
    "trick",
    "end-spell",
    "save",
    "hurt",
    "free-attack",
    "let-go",
    "retreat",
    "morale",
    "skip-morale",
    "form-detachment",
    "split",
    "merge",
    "break-up",
];

/// Reading an ability and spent faces, words only this procedure has.
trait BdpWords {
    fn ability(&mut self) -> Result<Ability, String>;
    fn faces(&mut self) -> Result<Vec<u32>, String>;
}

impl BdpWords for Words<'_> {
    fn ability(&mut self) -> Result<Ability, String> {
        match self.next("str, dex or wil")?.to_ascii_lowercase().as_str() {
            "str" => Ok(Ability::Str),
            "dex" => Ok(Ability::Dex),
            "wil" => Ok(Ability::Wil),
            other => Err(format!("'{other}' is not str, dex or wil")),
        }
    }

    /// Faces after `dice`.
    fn faces(&mut self) -> Result<Vec<u32>, String> {
        if !self.eat("dice") {
            return Err("expected 'dice' and the faces spent".into());
        }
        let mut out = Vec::new();
        while let Some(w) = self.words.get(self.at) {
            let Ok(f) = w.parse::<u32>() else { break };
            out.push(f);
            self.at += 1;
        }
        Ok(out)
    }
}

/// A weapon choice by name or number: `spear`, `2`, `dagger+longsword`, `unarmed`,
/// `improvised d8`.
fn arms(words: &mut Words, id: CombatantId) -> Result<Arms, String> {
    let c = &words.enc.combatants[&id];
    let block = BdpBlock::of(c).map_err(|e| e.to_string())?;
    let names: Vec<&str> = block.weapons.iter().map(|x| &*x.name).collect();
    let one = |w: &str| pick(w, &names, &c.name, "weapon");
    let w = words.next("a weapon")?;
    if w.eq_ignore_ascii_case("unarmed") {
        return Ok(Arms::Unarmed);
    }
    if w.eq_ignore_ascii_case("improvised") {
        let die = words.next("d6, d8 or d10")?;
        let n = die
            .trim_start_matches(['d', 'D'])
            .parse()
            .map_err(|_| format!("'{die}' is not a die"))?;
        return Ok(Arms::Improvised(n));
    }
    match w.split_once('+') {
        Some((a, b)) => Ok(Arms::Dual(one(a)?, one(b)?)),
        None => Ok(Arms::Weapon(one(w)?)),
    }
}

fn trigger(w: &str) -> Result<Trigger, String> {
    match w.to_ascii_lowercase().as_str() {
        "first-fall" => Ok(Trigger::FirstFall),
        "half" => Ok(Trigger::Half),
        "lone" => Ok(Trigger::Lone),
        other => Err(format!("'{other}' is not first-fall, half or lone")),
    }
}

/// Reads one line of a verb of [`VERBS`].
pub(crate) fn command(enc: &Encounter, verb: &str, args: &[String]) -> Result<BdpCommand, String> {
    let mut w = Words::new(enc, args);
    let c = match verb {
        "surprise" => surprise(&mut w)?,
        "reaction" => reaction(&mut w)?,
        "declare" => declare(&mut w)?,
        // tie NAME
        "tie" => BdpCommand::BreakTie { id: w.who()? },
        "attack" => attack(&mut w)?,
        "react" => react(&mut w)?,
        "gambit" => gambit(&mut w)?,
        "decline" => BdpCommand::DeclineCounter,
        // cast NAME N
        "cast" => BdpCommand::Cast { caster: w.who()?, dice: w.number("how many dice")? },
        "spell-damage" => spell_damage(&mut w)?,
        "trick" => trick(&mut w)?,
        "end-spell" => BdpCommand::EndSpell,
        "save" => save(&mut w)?,
        "hurt" => hurt(&mut w)?,
        "free-attack" => BdpCommand::FreeAttack { attacker: w.who()?, target: w.who()? },
        "let-go" => BdpCommand::LetGo { attacker: w.who()?, target: w.who()? },
        "retreat" => BdpCommand::Retreat { id: w.who()? },
        "morale" => morale(&mut w)?,
        "skip-morale" => BdpCommand::SkipMorale {
            side: w.side()?,
            trigger: trigger(w.next("first-fall, half or lone")?)?,
        },
        "form-detachment" => BdpCommand::FormDetachment { ids: w.names_until(&[])? },
        "split" => BdpCommand::SplitDetachment { id: w.who()?, members: w.number("how many")? },
        "merge" => BdpCommand::MergeDetachments { into: w.who()?, from: w.who()? },
        "break-up" => BdpCommand::BreakDetachment { id: w.who()? },
        other => return Err(format!("Block, Dodge, Parry has no '{other}' command")),
    };
    w.end()?;
    Ok(c)
}

/// `surprise normal|low-visibility|advantage|one-sided [favour SIDE] [ambush]`.
fn surprise(w: &mut Words) -> Result<BdpCommand, String> {
    let situation = match w.next("the odds")?.to_ascii_lowercase().as_str() {
        "normal" => Situation::Normal,
        "low-visibility" => Situation::LowVisibility,
        "advantage" => Situation::Advantage,
        "one-sided" => Situation::OneSided,
        other => {
            return Err(format!("'{other}' is not normal, low-visibility, advantage or one-sided"));
        }
    };
    let favoured = if w.eat("favour") { Some(w.side()?) } else { None };
    let ambush = w.eat("ambush");
    Ok(BdpCommand::Surprise { situation, favoured, ambush })
}

/// `reaction [drawn|sheathed]`.
fn reaction(w: &mut Words) -> Result<BdpCommand, String> {
    let stance = if w.eat("drawn") {
        Stance::Drawn
    } else if w.eat("sheathed") {
        Stance::Sheathed
    } else {
        Stance::Neutral
    };
    Ok(BdpCommand::Reaction { stance })
}

/// `declare NAME attack|gambit TARGET [with WEAPON] [moving] | move ZONE | cast [fast]
/// | retreat | other TEXT | hold`, then `[quick|full] [noreach]`.
fn declare(w: &mut Words) -> Result<BdpCommand, String> {
    let id = w.who()?;
    let intent = intent(w, id)?;
    let class = if w.eat("quick") {
        Some(TurnClass::Quick)
    } else if w.eat("full") {
        Some(TurnClass::Full)
    } else {
        None
    };
    let no_reach = w.eat("noreach");
    Ok(BdpCommand::Declare { id, intent, class, no_reach })
}

/// The intention `id` declares (its arms the block's default without `with`).
fn intent(w: &mut Words, id: CombatantId) -> Result<Intent, String> {
    Ok(match w.next("an intention")?.to_ascii_lowercase().as_str() {
        kind @ ("attack" | "gambit") => {
            let target = w.who()?;
            let arms = if w.eat("with") {
                arms(w, id)?
            } else {
                let c = &w.enc.combatants[&id];
                BdpBlock::of(c).map_err(|e| e.to_string())?.default_arms()
            };
            let moving = w.eat("moving");
            if kind == "attack" {
                Intent::Attack { target, arms, moving }
            } else {
                Intent::Gambit { target, arms, moving }
            }
        }
        "move" => Intent::Move { to: w.zone()? },
        "cast" => {
            let fast = w.eat("fast");
            Intent::Cast { target: None, fast }
        }
        "retreat" => Intent::Retreat,
        "other" => {
            let text = w.next("what it is")?.to_owned();
            Intent::Other { text, full: w.peek_is("full") }
        }
        "hold" => Intent::Hold,
        other => return Err(format!("'{other}' is not an intention")),
    })
}

/// `attack A [B...] on T [U...] [enhanced|impaired|stunt] [nonlethal]`.
fn attack(w: &mut Words) -> Result<BdpCommand, String> {
    let attackers = w.names_until(&["on"])?;
    if !w.eat("on") {
        return Err("expected 'on' and the target".into());
    }
    let targets = w.names_until(&["enhanced", "impaired", "stunt", "nonlethal"])?;
    let edge = if w.eat("enhanced") {
        Edge::Enhanced
    } else if w.eat("impaired") {
        Edge::Impaired
    } else if w.eat("stunt") {
        Edge::Stunt
    } else {
        Edge::Normal
    };
    let nonlethal = w.eat("nonlethal");
    Ok(BdpCommand::Attack { attackers, targets, edge, nonlethal })
}

/// `react defend|block|dodge|fight-back NAME|parry NAME|sacrifice shield|armor|weapon:N`.
fn react(w: &mut Words) -> Result<BdpCommand, String> {
    let reaction = match w.next("a reaction")?.to_ascii_lowercase().as_str() {
        "defend" => Reaction::Defend,
        "block" => Reaction::Block,
        "dodge" => Reaction::Dodge,
        "fight-back" => Reaction::FightBack { against: w.who()? },
        "parry" => Reaction::Parry { against: w.who()? },
        "sacrifice" => Reaction::Sacrifice { item: w.next("an item")?.to_ascii_lowercase() },
        other => return Err(format!("'{other}' is not a reaction")),
    };
    Ok(BdpCommand::React { reaction })
}

/// `gambit A on T str|dex|wil`.
fn gambit(w: &mut Words) -> Result<BdpCommand, String> {
    let attacker = w.who()?;
    if !w.eat("on") {
        return Err("expected 'on' and the target".into());
    }
    let target = w.who()?;
    Ok(BdpCommand::Gambit { attacker, target, ability: w.ability()? })
}

/// `spell-damage T [U...] dice F [F...] [blast]`.
fn spell_damage(w: &mut Words) -> Result<BdpCommand, String> {
    let targets = w.names_until(&["dice"])?;
    let faces = w.faces()?;
    let blast = w.eat("blast");
    Ok(BdpCommand::SpellDamage { targets, faces, blast })
}

/// `trick T str|dex|wil dice F [F...]`.
fn trick(w: &mut Words) -> Result<BdpCommand, String> {
    let target = w.who()?;
    let ability = w.ability()?;
    Ok(BdpCommand::Trick { target, ability, faces: w.faces()? })
}

/// `save NAME str|dex|wil [MODIFIER]`.
fn save(w: &mut Words) -> Result<BdpCommand, String> {
    let id = w.who()?;
    let ability = w.ability()?;
    let modifier = if w.done() { 0 } else { w.number("a modifier like -2")? };
    Ok(BdpCommand::Save { id, ability, modifier })
}

/// `hurt NAME DICE [to-str] [no-save]`.
fn hurt(w: &mut Words) -> Result<BdpCommand, String> {
    let target = w.who()?;
    let text = w.next("dice")?;
    let dice = Dice::parse(text).map_err(|e| e.to_string())?;
    let to_str = w.eat("to-str");
    let save = !w.eat("no-save");
    Ok(BdpCommand::Hurt { target, dice, to_str, save })
}

/// `morale SIDE first-fall|half|lone [leader NAME] flee|surrender`.
fn morale(w: &mut Words) -> Result<BdpCommand, String> {
    let side = w.side()?;
    let trigger = trigger(w.next("first-fall, half or lone")?)?;
    let leader = if w.eat("leader") { Some(w.who()?) } else { None };
    let on_fail = match w.next("flee or surrender")?.to_ascii_lowercase().as_str() {
        "flee" => Broken::Flee,
        "surrender" => Broken::Surrender,
        other => return Err(format!("'{other}' is not flee or surrender")),
    };
    Ok(BdpCommand::Morale { side, trigger, leader, on_fail })
}

/// A Block, Dodge, Parry command's variant. A new variant stops this compiling: give it a
/// verb, document it in SCENARIOS.md and use it in a golden scenario (checked by
/// `fray-tests`).
pub(crate) fn verb_of(c: &BdpCommand) -> &'static str {
    match c {
        BdpCommand::Surprise { .. } => "surprise",
        BdpCommand::Reaction { .. } => "reaction",
        BdpCommand::Declare { .. } => "declare",
        BdpCommand::BreakTie { .. } => "tie",
        BdpCommand::Attack { .. } => "attack",
        BdpCommand::React { .. } => "react",
        BdpCommand::Gambit { .. } => "gambit",
        BdpCommand::DeclineCounter => "decline",
        BdpCommand::Cast { .. } => "cast",
        BdpCommand::SpellDamage { .. } => "spell-damage",
        BdpCommand::Trick { .. } => "trick",
        BdpCommand::EndSpell => "end-spell",
        BdpCommand::Save { .. } => "save",
        BdpCommand::Hurt { .. } => "hurt",
        BdpCommand::FreeAttack { .. } => "free-attack",
        BdpCommand::LetGo { .. } => "let-go",
        BdpCommand::Retreat { .. } => "retreat",
        BdpCommand::Morale { .. } => "morale",
        BdpCommand::SkipMorale { .. } => "skip-morale",
        BdpCommand::FormDetachment { .. } => "form-detachment",
        BdpCommand::SplitDetachment { .. } => "split",
        BdpCommand::MergeDetachments { .. } => "merge",
        BdpCommand::BreakDetachment { .. } => "break-up",
    }
}
