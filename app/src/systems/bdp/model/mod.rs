//! The commands, events and state of the Block, Dodge, Parry procedure. Ordinary facts
//! (damage, conditions, moves, rolls) are core events; these carry what only this procedure
//! knows: intentions, initiative ties, the blow waiting for a reaction, magic dice in hand,
//! morale already checked.

use crate::ids::{CombatantId, SideId};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

mod intent;

pub use intent::{Arms, Declaration, Intent, TurnClass};

/// How a blow is struck.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Edge {
    /// The weapon's die.
    #[default]
    Normal,
    /// From an advantage: the die and a d12.
    Enhanced,
    /// From a weakness: a d4 whatever the weapon.
    Impaired,
    /// A daring move: enhanced, and the next blow against the stuntman is enhanced too.
    Stunt,
}

/// A defender's answer to a blow.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "reaction", rename_all = "snake_case")]
pub enum Reaction {
    /// Take it on the guard (HP).
    Defend,
    /// Take it, then strike one attacker back (+1 Fatigue).
    FightBack {
        /// Whom.
        against: CombatantId,
    },
    /// Fast and balanced blows become impaired.
    Block,
    /// Balanced and slow blows become impaired.
    Dodge,
    /// Roll against one attacker: higher wins, to the loser's STR.
    Parry {
        /// Whom.
        against: CombatantId,
    },
    /// At 0 HP (or dropping to it), give up a piece of gear to stop the blow.
    Sacrifice {
        /// The item: `shield`, `armor` or `weapon:N`.
        item: String,
    },
}

/// The surprise odds the GM picks for the situation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Situation {
    /// 1: the party is surprised; 6: their foes are.
    Normal,
    /// Mist, sandstorm: 1–2 and 5–6.
    LowVisibility,
    /// A natural advantage for the foes: 1–2 and 6.
    Advantage,
    /// Only one side can be surprised (1–3), the GM says which benefits.
    OneSided,
}

/// How the party shows itself when the reaction roll is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stance {
    /// Nothing special.
    Neutral,
    /// Weapons drawn: 1d4 off the roll.
    Drawn,
    /// Weapons sheathed: 1d4 on the roll.
    Sheathed,
}

/// An ability to save with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Ability {
    /// Strength.
    Str,
    /// Dexterity.
    Dex,
    /// Willpower.
    Wil,
}

impl Ability {
    /// The track name.
    pub fn track(self) -> &'static str {
        match self {
            Ability::Str => "str",
            Ability::Dex => "dex",
            Ability::Wil => "wil",
        }
    }

    /// The abbreviation the GM reads.
    pub fn label(self) -> &'static str {
        match self {
            Ability::Str => "STR",
            Ability::Dex => "DEX",
            Ability::Wil => "WIL",
        }
    }

    /// Every ability.
    pub const ALL: [Ability; 3] = [Ability::Str, Ability::Dex, Ability::Wil];
}

/// What a failed morale save does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Broken {
    /// They run.
    Flee,
    /// They give up.
    Surrender,
}

/// Why a group checks morale.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Trigger {
    /// The first of the group fell.
    FirstFall,
    /// Half the group is down.
    Half,
    /// A lone foe at 0 HP.
    Lone,
}

impl Trigger {
    /// The words the GM reads.
    pub fn label(self) -> &'static str {
        match self {
            Trigger::FirstFall => "the first of them fell",
            Trigger::Half => "half of them are down",
            Trigger::Lone => "alone and at 0 HP",
        }
    }
}

/// Commands of this procedure (the shared ones are core commands).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "bdp", rename_all = "snake_case")]
pub enum BdpCommand {
    /// Roll for surprise before the fight.
    Surprise {
        /// The odds.
        situation: Situation,
        /// With one-sided odds: the side that may surprise the other.
        #[serde(default)]
        favoured: Option<SideId>,
        /// An ambush: the surprised cannot guard (damage straight to STR) in the free round.
        #[serde(default)]
        ambush: bool,
    },
    /// Roll the foes' reaction (2d6).
    Reaction {
        /// Weapons drawn or sheathed.
        stance: Stance,
    },
    /// Declare (or change) a combatant's intention for the round.
    Declare {
        /// Who.
        id: CombatantId,
        /// What.
        intent: Intent,
        /// The GM's choice of class, over Fray's.
        #[serde(default)]
        class: Option<TurnClass>,
        /// The GM rules the weapon's reach does not count this round.
        #[serde(default)]
        no_reach: bool,
    },
    /// A player character's DEX save to break an initiative tie.
    BreakTie {
        /// Who saves.
        id: CombatantId,
    },
    /// Strike: one attacker, or several at once on one target (highest die counts). Blast
    /// attacks (detachments, blast weapons) may name several targets, each rolled apart.
    Attack {
        /// Who strikes.
        attackers: Vec<CombatantId>,
        /// Whom.
        targets: Vec<CombatantId>,
        /// Normal, enhanced, impaired or stunt.
        #[serde(default)]
        edge: Edge,
        /// A blow meant to knock out rather than kill.
        #[serde(default)]
        nonlethal: bool,
    },
    /// The defender's answer to the blow waiting for one.
    React {
        /// The answer.
        reaction: Reaction,
    },
    /// A gambit (or a counter-gambit): the weapon die sets the difficulty of the target's save.
    Gambit {
        /// Who tries it.
        attacker: CombatantId,
        /// On whom.
        target: CombatantId,
        /// The ability the target saves with.
        ability: Ability,
    },
    /// Let a counter-gambit chance pass.
    DeclineCounter,
    /// Invest Magic Dice in a spell.
    Cast {
        /// The caster.
        caster: CombatantId,
        /// How many d6 (1 to 4).
        dice: u32,
    },
    /// Spend magic dice in hand as damage.
    SpellDamage {
        /// Who is hit (with `blast`, each takes the sum).
        targets: Vec<CombatantId>,
        /// The faces spent.
        faces: Vec<u32>,
        /// A blast spell.
        #[serde(default)]
        blast: bool,
    },
    /// Spend magic dice in hand on a trick: the target saves, 2 harder per extra die.
    Trick {
        /// The target.
        target: CombatantId,
        /// Its save.
        ability: Ability,
        /// The faces spent.
        faces: Vec<u32>,
    },
    /// Put away the magic dice left in hand.
    EndSpell,
    /// A save the GM calls for (stunts, falls, tricks of the fiction).
    Save {
        /// Who saves.
        id: CombatantId,
        /// With what.
        ability: Ability,
        /// Added to the score (negative = harder).
        #[serde(default)]
        modifier: i64,
    },
    /// Damage the GM rules outside an attack (a fall, fire).
    Hurt {
        /// Who.
        target: CombatantId,
        /// How much, rolled.
        dice: crate::dice::Dice,
        /// Straight to STR (skipping Armor and HP).
        #[serde(default)]
        to_str: bool,
        /// Whether STR damage calls for a Critical Damage Save.
        #[serde(default = "yes")]
        save: bool,
    },
    /// A free 1d4 strike at someone leaving a zone carelessly.
    FreeAttack {
        /// Who strikes.
        attacker: CombatantId,
        /// Who was leaving.
        target: CombatantId,
    },
    /// Let someone leave without the free strike.
    LetGo {
        /// Who could have struck.
        attacker: CombatantId,
        /// Who was leaving.
        target: CombatantId,
    },
    /// Try to get away: a DEX save.
    Retreat {
        /// Who.
        id: CombatantId,
    },
    /// A group's morale save.
    Morale {
        /// The side.
        side: SideId,
        /// Why.
        trigger: Trigger,
        /// Use this leader's WIL for all (one roll).
        #[serde(default)]
        leader: Option<CombatantId>,
        /// What failing means.
        on_fail: Broken,
    },
    /// The GM waives a morale check (fearless foes, an obvious outcome).
    SkipMorale {
        /// The side.
        side: SideId,
        /// Which check.
        trigger: Trigger,
    },
    /// Make one detachment of several identical combatants.
    FormDetachment {
        /// Who joins; the first one's stat block is used.
        ids: Vec<CombatantId>,
    },
    /// Split members off a detachment into a second one.
    SplitDetachment {
        /// The detachment.
        id: CombatantId,
        /// How many leave.
        members: i64,
    },
    /// Merge a second detachment into the first.
    MergeDetachments {
        /// Stays.
        into: CombatantId,
        /// Joins it and goes.
        from: CombatantId,
    },
    /// Break a detachment into individuals.
    BreakDetachment {
        /// The detachment.
        id: CombatantId,
    },
}

fn yes() -> bool {
    true
}

/// A blow waiting for the defender's reaction.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingAttack {
    /// Who strikes.
    pub attackers: Vec<CombatantId>,
    /// Who is struck now.
    pub target: CombatantId,
    /// Targets still to be struck after this one (blast).
    #[serde(default)]
    pub queue: Vec<CombatantId>,
    /// Normal, enhanced...
    pub edge: Edge,
    /// Knock out rather than kill.
    #[serde(default)]
    pub nonlethal: bool,
    /// The quick 1d4 strike at someone leaving carelessly, rather than the attackers'
    /// weapons.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub free: bool,
}

/// The facts only this procedure knows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "bdp_event", rename_all = "snake_case")]
pub enum BdpEvent {
    /// A new round: intentions, ties and turns start over.
    RoundReset,
    /// An intention was declared (or changed).
    Declared {
        /// Who.
        id: CombatantId,
        /// What and how.
        declaration: Declaration,
    },
    /// A tie-breaking DEX save was made.
    TieBroken {
        /// Who saved.
        id: CombatantId,
        /// Whether it passed (acts before the tied foes).
        passed: bool,
    },
    /// A blow waits for a reaction.
    AttackPending {
        /// The blow.
        attack: PendingAttack,
    },
    /// The waiting blow was dealt with.
    AttackDone,
    /// Someone has acted this turn (its strike, gambit, spell or retreat is done).
    Acted {
        /// Who.
        id: CombatantId,
    },
    /// A resisted gambit: the target may answer with its own.
    CounterOffered {
        /// Who may counter.
        by: CombatantId,
        /// Against whom.
        against: CombatantId,
    },
    /// The counter chance is gone (taken or declined).
    CounterDone,
    /// Magic Dice are in the caster's hand.
    SpellDice {
        /// The caster.
        caster: CombatantId,
        /// The faces not yet spent.
        faces: Vec<u32>,
    },
    /// A combatant's next incoming blow is enhanced (the price of a stunt), or no longer.
    StuntRisk {
        /// Who.
        id: CombatantId,
        /// Whether the risk stands.
        on: bool,
    },
    /// A free strike at someone leaving carelessly is possible.
    FreeAttackOffered {
        /// Who may strike.
        attacker: CombatantId,
        /// Who leaves.
        target: CombatantId,
    },
    /// The free strike was taken or waived.
    FreeAttackDone {
        /// Who could strike.
        attacker: CombatantId,
        /// Who left.
        target: CombatantId,
    },
    /// A morale check was made or waived.
    MoraleChecked {
        /// The side.
        side: SideId,
        /// Which check.
        trigger: Trigger,
    },
    /// A combatant left the fight mid-round: its intention, tie save and stunt risk are
    /// forgotten, so the order no longer counts it.
    Withdrawn {
        /// Who.
        id: CombatantId,
    },
    /// A piece of gear broke (sacrificed, or improvised).
    ItemBroken {
        /// Whose.
        id: CombatantId,
        /// Which: `shield`, `armor` or `weapon:N`.
        item: String,
        /// Its name, for the journal.
        name: String,
    },
}

/// The procedure's own state, folded from [`BdpEvent`]s.
/// Its lists are shared between an encounter and its copies until an event changes one
/// (every command works on a copy: see `D12State`).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct BdpState {
    /// This round's intentions, shared between copies of the encounter until one declares
    /// (every command's handling works on a copy; most commands declare nothing).
    #[serde(default)]
    pub declarations: std::sync::Arc<BTreeMap<CombatantId, Declaration>>,
    /// Tie-breaking saves made this round.
    #[serde(default)]
    pub ties: Arc<BTreeMap<CombatantId, bool>>,
    /// Who has acted this round.
    #[serde(default)]
    pub acted: Arc<BTreeSet<CombatantId>>,
    /// The blow waiting for a reaction.
    #[serde(default)]
    pub attack: Option<PendingAttack>,
    /// A counter-gambit chance: (who may counter, against whom).
    #[serde(default)]
    pub counter: Option<(CombatantId, CombatantId)>,
    /// Magic dice in hand: (caster, faces).
    #[serde(default)]
    pub spell: Option<(CombatantId, Vec<u32>)>,
    /// Combatants whose next incoming blow is enhanced.
    #[serde(default)]
    pub stunt_risk: Arc<BTreeSet<CombatantId>>,
    /// Free strikes on offer: (attacker, target).
    #[serde(default)]
    pub free_attacks: Arc<Vec<(CombatantId, CombatantId)>>,
    /// Morale checks made, per side.
    #[serde(default)]
    pub morale: Arc<BTreeSet<(SideId, Trigger)>>,
    /// Broken gear: (whose, item).
    #[serde(default)]
    pub broken: Arc<BTreeSet<(CombatantId, String)>>,
}

impl crate::system::Kept<BdpEvent> for BdpState {
    /// Applies one of this procedure's events.
    fn apply(&mut self, event: &BdpEvent) {
        match event {
            BdpEvent::RoundReset => {
                self.declarations = Default::default();
                self.ties = Arc::default();
                self.acted = Arc::default();
                self.attack = None;
                self.counter = None;
                self.spell = None;
                self.free_attacks = Arc::default();
            }
            BdpEvent::Declared { id, declaration } => {
                std::sync::Arc::make_mut(&mut self.declarations).insert(*id, declaration.clone());
            }
            BdpEvent::TieBroken { id, passed } => {
                Arc::make_mut(&mut self.ties).insert(*id, *passed);
            }
            BdpEvent::AttackPending { attack } => self.attack = Some(attack.clone()),
            BdpEvent::AttackDone => self.attack = None,
            BdpEvent::Acted { id } => {
                Arc::make_mut(&mut self.acted).insert(*id);
            }
            BdpEvent::CounterOffered { by, against } => self.counter = Some((*by, *against)),
            BdpEvent::CounterDone => self.counter = None,
            BdpEvent::SpellDice { caster, faces } => {
                self.spell = if faces.is_empty() { None } else { Some((*caster, faces.clone())) };
            }
            BdpEvent::StuntRisk { id, on } => {
                if *on {
                    Arc::make_mut(&mut self.stunt_risk).insert(*id);
                } else {
                    Arc::make_mut(&mut self.stunt_risk).remove(id);
                }
            }
            BdpEvent::FreeAttackOffered { attacker, target } => {
                Arc::make_mut(&mut self.free_attacks).push((*attacker, *target));
            }
            BdpEvent::FreeAttackDone { attacker, target } => {
                Arc::make_mut(&mut self.free_attacks).retain(|p| *p != (*attacker, *target));
            }
            BdpEvent::MoraleChecked { side, trigger } => {
                Arc::make_mut(&mut self.morale).insert((*side, *trigger));
            }
            BdpEvent::ItemBroken { id, item, .. } => {
                Arc::make_mut(&mut self.broken).insert((*id, item.clone()));
            }
            BdpEvent::Withdrawn { id } => {
                if self.declarations.contains_key(id) {
                    std::sync::Arc::make_mut(&mut self.declarations).remove(id);
                }
                Arc::make_mut(&mut self.ties).remove(id);
                Arc::make_mut(&mut self.stunt_risk).remove(id);
            }
        }
    }
}
