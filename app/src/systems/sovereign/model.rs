//! The commands, events and state of the Sovereign procedure. Ordinary facts (damage,
//! conditions, rolls, steps on the grid, the order) are core events; these carry what only
//! this procedure knows: the surprised side, each side's initiative, what the turn going on
//! has spent (its Main action, the feet of its Move), the shields that took a Shock this
//! round, and who fell mortally injured in which round.

use crate::ids::{CombatantId, SideId};
use crate::space::grid::GridPos;
pub use crate::system::{PerTurn, TurnAt};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// A command of the Sovereign procedure.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "sovereign", rename_all = "snake_case")]
pub enum SovCommand {
    /// Before the fight: the side caught unaware (the other side has a free round first).
    Surprise {
        /// The surprised side (none: nobody).
        side: Option<SideId>,
    },
    /// Before the fight: a side expects a fight (it cannot be surprised), or no longer does.
    Expecting {
        /// Which side.
        side: SideId,
        /// Expects one.
        on: bool,
    },
    /// Before the fight: one side tries to catch another unaware — its best DEX/Sneak (or
    /// STR/Exert) against 8 + the other's best WIS/Notice; on a success the other is surprised.
    SurpriseCheck {
        /// The side sneaking up.
        side: SideId,
        /// The side it would surprise.
        against: SideId,
        /// STR/Exert rather than DEX/Sneak (a loud rush).
        #[serde(default)]
        exert: bool,
    },
    /// An attack with the attacker's Main action.
    Attack {
        /// Who attacks.
        attacker: CombatantId,
        /// Whom.
        target: CombatantId,
        /// The attack (index into the block's list).
        weapon: usize,
        /// How it is made: plainly, as a Snap Attack, with two weapons, or swarming.
        #[serde(default, skip_serializing_if = "Manner::is_plain")]
        manner: Manner,
    },
    /// The target's answer to an attack rolled against it: Total Defense (an Instant: +2 AC
    /// and no Shock until its next turn, its Main action spent) or not.
    Answer {
        /// Total Defense.
        total_defense: bool,
    },
    /// A saving throw the GM calls for: d20 at least 16 − level − the best modifier of the
    /// save's attributes for a character, the block's save (or 15 − half its HD) for an NPC.
    Save {
        /// Who saves.
        id: CombatantId,
        /// Which save (a character's): Physical (STR, CON), Evasion (DEX, INT), Mental (WIS,
        /// CHA).
        kind: SaveKind,
    },
    /// A skill check the GM calls for: 2d6 + skill + attribute modifier, 10 or more, or more
    /// than 8 + the opponent's own skill and modifier when opposed.
    Check {
        /// Who checks.
        id: CombatantId,
        /// The skill (a stat: `sneak`, `notice`...; an NPC's `skill` when it has none).
        skill: String,
        /// The attribute (`str`, `dex`...).
        attr: String,
        /// The opponent, with its skill and attribute, when opposed.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        against: Option<Opponent>,
        /// Used as the Main action on its turn (Use a Skill): foes next to it may strike
        /// first.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        main: bool,
    },
    /// Pick up an item within reach: the turn's Move; foes next to it may strike first.
    PickUp {
        /// Who.
        id: CombatantId,
    },
    /// Open a door beside one's squares, or shut it: the turn's Move (on a grid).
    Door {
        /// Who.
        id: CombatantId,
        /// The door's edge of the grid.
        edge: crate::space::grid::Edge,
    },
    /// Screen an ally: the turn's Move (its walk to the ally made first, within the Move).
    /// Until its next turn, attacks on the ward must beat the screener's opposed combat check
    /// or strike the screener instead, up to its best combat skill in attackers a round.
    Screen {
        /// Who screens.
        id: CombatantId,
        /// The ally it guards.
        ward: CombatantId,
    },
    /// Hold an Action: the turn's Move spent; the Main may be taken later this round, off its
    /// turn, as an Instant that resolves before what it answers.
    Hold {
        /// Who.
        id: CombatantId,
    },
    /// An execution attack on someone entirely unsuspecting, before the fight: a melee blow
    /// hits; a shot needs a DEX/Shoot check (+4 within 10 ft, +2 in normal range), AC ignored.
    /// The victim saves (Physical) at a penalty of the assailant's combat skill or falls to 0.
    Execute {
        /// The assassin.
        attacker: CombatantId,
        /// The victim.
        target: CombatantId,
        /// The attack (index into the block's list).
        weapon: usize,
    },
    /// Morale: the GM's call on a creature or group due a check (it fights on or retreats), or
    /// the optional 2d6 over its Morale.
    Morale {
        /// Who.
        id: CombatantId,
        /// What the GM decides (none: roll 2d6 against the Morale score).
        retreats: Option<bool>,
    },
    /// A shove or a grapple with the Main action: an opposed STR/Brawl check (2d6 + Brawl +
    /// STR modifier against 8 + the target's). A shove knocks it prone; a grapple holds it, and
    /// the grappler's unarmed damage lands at each end of round while it lasts.
    Wrestle {
        /// Who.
        attacker: CombatantId,
        /// Whom.
        target: CombatantId,
        /// A grapple (else a shove).
        grapple: bool,
    },
    /// Veteran's Luck on the waiting attack, once a fight (a Turn): the attacker turns its miss
    /// into a hit, or the target turns a hit on it into a miss.
    Luck {
        /// Who uses it.
        id: CombatantId,
    },
    /// Reload a bow (the Move) or a crossbow (the Main) that shot; free with Shoot-1 or
    /// better, so never asked then.
    Reload {
        /// Who.
        id: CombatantId,
        /// Which attack.
        weapon: usize,
    },
    /// Stand up from prone: the turn's Move; foes next to it may strike first.
    StandUp {
        /// Who.
        id: CombatantId,
    },
    /// The Main action spent to disengage: walking out of melee this turn draws no attack of
    /// opportunity.
    Disengage {
        /// Who.
        id: CombatantId,
    },
    /// A foe's answer to someone walking out of its reach: an attack of opportunity (free,
    /// with its first melee attack) or not.
    Opportunity {
        /// The foe.
        striker: CombatantId,
        /// Strikes (else lets it go).
        strike: bool,
    },
    /// A Heal check on someone mortally injured: 2d6 + Heal + the best of DEX and INT, −1 per
    /// round since the fall, 10 or more stabilizes.
    Heal {
        /// Who treats.
        healer: CombatantId,
        /// Whom.
        target: CombatantId,
    },
}

/// A character's three saves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SaveKind {
    /// STR or CON.
    Physical,
    /// DEX or INT.
    Evasion,
    /// WIS or CHA.
    Mental,
}

impl SaveKind {
    /// The attributes whose best modifier counts.
    pub fn attributes(self) -> [&'static str; 2] {
        match self {
            SaveKind::Physical => ["str", "con"],
            SaveKind::Evasion => ["dex", "int"],
            SaveKind::Mental => ["wis", "cha"],
        }
    }

    /// Its name.
    pub fn word(self) -> &'static str {
        match self {
            SaveKind::Physical => "Physical",
            SaveKind::Evasion => "Evasion",
            SaveKind::Mental => "Mental",
        }
    }
}

/// The other side of an opposed skill check.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Opponent {
    /// Who.
    pub id: CombatantId,
    /// Its skill.
    pub skill: String,
    /// Its attribute.
    pub attr: String,
}

/// How an attack is made.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Manner {
    /// One attack with one weapon.
    #[default]
    Plain,
    /// A Snap Attack: an Instant off the attacker's turn, −4, its Main action spent.
    Snap,
    /// A weapon in each hand: −1 to hit, +2 damage.
    Dual,
    /// A Charge: the Main and the Move together, up to twice the Move in a straight line (5 ft
    /// at least) to the target, +2 to hit, and −2 AC for the charger until the end of the round.
    Charge,
    /// A Swarm: these helpers (next to the target, spending their Main actions) give +2 to hit
    /// and +1 damage each (at most +6 and +3); its Shock lands whatever the AC.
    Swarm {
        /// Who helps.
        helpers: Vec<CombatantId>,
    },
}

impl Manner {
    /// Whether it is a plain attack.
    pub fn is_plain(&self) -> bool {
        *self == Manner::Plain
    }
}

/// A fact only this procedure knows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "sovereign", rename_all = "snake_case")]
pub enum SovEvent {
    /// The surprised side.
    Surprised {
        /// Which (none: nobody).
        side: Option<SideId>,
    },
    /// A side expects a fight, or no longer does.
    Expects {
        /// Which side.
        side: SideId,
        /// Expects one.
        on: bool,
    },
    /// A side's initiative, for the whole fight.
    Initiative {
        /// Which side.
        side: SideId,
        /// Its total (the d8, plus the party's best DEX modifier).
        total: i64,
    },
    /// Someone spent its Main action (on its turn, or on an Instant off it).
    Main {
        /// Who.
        id: CombatantId,
        /// Which turn.
        at: TurnAt,
        /// On what.
        what: String,
    },
    /// The acting combatant walked `feet` of its moves.
    Walked {
        /// Who.
        id: CombatantId,
        /// Which turn.
        at: TurnAt,
        /// Feet, in all, this turn.
        feet: u32,
        /// Its movement is over for the turn (a Charge takes the whole Move).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        done: bool,
    },
    /// An attack rolled, waiting for the target's answer.
    Waiting {
        /// The attack.
        pending: Pending,
    },
    /// The waiting attack was answered (or dropped).
    Answered,
    /// Veteran's Luck forced the waiting attack's outcome (`hit`), and is spent for the round.
    Lucky {
        /// Who used it.
        id: CombatantId,
        /// The outcome now.
        hit: bool,
    },
    /// The acting combatant disengaged this turn.
    Disengaged {
        /// Who.
        id: CombatantId,
        /// Which turn.
        at: TurnAt,
    },
    /// A walk out of melee waits for the attacks of opportunity of these foes.
    Threatened {
        /// Who walks.
        id: CombatantId,
        /// From where.
        from: GridPos,
        /// To where.
        to: GridPos,
        /// Feet it costs.
        cost_ft: u32,
        /// The foes it leaves.
        strikers: Vec<CombatantId>,
        /// It stands up rather than walks (`from` and `to` are where it lies).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        standing: bool,
        /// The action that draws the attacks and waits for them, when it is not a walk.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        then: Option<Box<SovCommand>>,
    },
    /// A foe answered (struck or let go), or left.
    Struck {
        /// Who.
        striker: CombatantId,
    },
    /// The walk waiting for attacks of opportunity is made or dropped.
    WalkSettled,
    /// A bow or crossbow shot and waits to be reloaded (`loaded` false), or is reloaded.
    Loaded {
        /// Whose.
        id: CombatantId,
        /// Which attack.
        weapon: usize,
        /// Loaded again.
        loaded: bool,
    },
    /// A shield turned a Shock aside: it turns no other this round.
    ShieldUsed {
        /// Whose.
        id: CombatantId,
    },
    /// Someone fell mortally injured.
    Fell {
        /// Who.
        id: CombatantId,
        /// In which round.
        round: u32,
    },
    /// The mortally injured is stabilized, or dead: the countdown ends.
    Settled {
        /// Who.
        id: CombatantId,
    },
    /// A grapple begins (`by` holds `target`) or ends (`by` none).
    Grapple {
        /// Who is held.
        target: CombatantId,
        /// Who holds it.
        by: Option<CombatantId>,
    },
    /// A screener guards a ward until its next turn, or stops (`ward` none).
    Screening {
        /// Who screens.
        screener: CombatantId,
        /// Whom.
        ward: Option<CombatantId>,
    },
    /// A screener took on an attacker this round (it counts toward its cap).
    Screened {
        /// Who screens.
        screener: CombatantId,
        /// The attacker.
        attacker: CombatantId,
    },
    /// Someone holds its action (its Main may come off its turn this round), or no longer.
    Held {
        /// Who.
        id: CombatantId,
        /// Holds it.
        on: bool,
    },
    /// Morale was settled for this one (it will not be asked again this fight).
    MoraleDone {
        /// Who.
        id: CombatantId,
    },
    /// A new round: shields are ready again, and every Main action.
    RoundReset,
}

/// What a turn has walked.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    /// Feet walked this turn.
    #[serde(default)]
    pub feet: u32,
    /// Its movement is over (a Charge).
    #[serde(default)]
    pub done: bool,
    /// It disengaged: walking out of melee draws no attack of opportunity.
    #[serde(default)]
    pub disengaged: bool,
}

/// A walk out of melee waiting for the foes' attacks of opportunity.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Threat {
    /// Who walks.
    pub id: CombatantId,
    /// From where.
    pub from: GridPos,
    /// To where.
    pub to: GridPos,
    /// Feet it costs.
    pub cost_ft: u32,
    /// The foes still to answer.
    pub strikers: Vec<CombatantId>,
    /// It stands up rather than walks.
    #[serde(default)]
    pub standing: bool,
    /// The action that waits for the attacks, when it is not a walk.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub then: Option<Box<SovCommand>>,
}

/// An attack whose d20 is rolled, waiting for the target to say whether it takes Total
/// Defense (an Instant it may use after seeing the roll).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    /// Who attacks.
    pub attacker: CombatantId,
    /// Whom.
    pub target: CombatantId,
    /// The attack (index into the attacker's block).
    pub weapon: usize,
    /// The d20 as rolled.
    pub roll: crate::dice::Roll,
    /// Everything added to it (bonus, attribute, skill and the situation's modifiers).
    pub bonus: i64,
    /// The modifiers in words, for the journal.
    pub says: String,
    /// The outcome Veteran's Luck forced (a hit, or a miss), if it was used.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forced: Option<bool>,
    /// Damage added to a hit (two weapons, a Swarm), never to Shock.
    #[serde(default)]
    pub damage_bonus: i64,
    /// The Shock lands whatever the AC (a Swarm's).
    #[serde(default)]
    pub sure_shock: bool,
}

/// What only the Sovereign procedure knows.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SovState {
    /// The surprised side.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub surprised: Option<SideId>,
    /// Sides that expect a fight: they cannot be surprised.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub expecting: BTreeSet<SideId>,
    /// Each side's initiative, rolled once a fight.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub initiative: BTreeMap<SideId, i64>,
    /// What the latest turn spent (read it with `turn.now(enc)`).
    #[serde(default, skip_serializing_if = "PerTurn::is_unused")]
    pub turn: PerTurn<Turn>,
    /// Who spent its Main action this round (on its turn, or on an Instant).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub mains: BTreeSet<CombatantId>,
    /// A walk out of melee waiting for attacks of opportunity.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub threat: Option<Threat>,
    /// The attack waiting for its target's answer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pending: Option<Pending>,
    /// Attacks that waited when a Snap Attack interrupted them, the latest last: each waits
    /// again, in turn, once the one above it lands.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub below: Vec<Pending>,
    /// Who used Veteran's Luck this round.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub luck_used: BTreeSet<CombatantId>,
    /// Who used Veteran's Luck in this fight: a fight is one Turn, and the Luck is once a
    /// Turn (read from rules edition 2; before it, once a round).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub luck_spent: BTreeSet<CombatantId>,
    /// Bows and crossbows that shot and wait to be reloaded: the combatant and its attack.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub unloaded: BTreeSet<(CombatantId, usize)>,
    /// Shields that turned a Shock aside this round.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub shields_used: BTreeSet<CombatantId>,
    /// Who holds whom: the held, with its holder.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub grapples: BTreeMap<CombatantId, CombatantId>,
    /// Who has had its morale settled this fight.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub morale_done: BTreeSet<CombatantId>,
    /// The mortally injured, with the round they fell in.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub mortal: BTreeMap<CombatantId, u32>,
    /// Screeners, each with the ward it guards.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub screens: BTreeMap<CombatantId, CombatantId>,
    /// The attackers each screener took on this round.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub screened: BTreeMap<CombatantId, BTreeSet<CombatantId>>,
    /// Who holds its action this round.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub held: BTreeSet<CombatantId>,
}

impl crate::system::Kept<SovEvent> for SovState {
    /// Applies one event; never fails.
    fn apply(&mut self, e: &SovEvent) {
        match e {
            SovEvent::Surprised { side } => self.surprised = *side,
            SovEvent::Expects { side, on: true } => {
                self.expecting.insert(*side);
            }
            SovEvent::Expects { side, on: false } => {
                self.expecting.remove(side);
            }
            SovEvent::Initiative { side, total } => {
                self.initiative.insert(*side, *total);
            }
            SovEvent::Main { id, .. } => {
                // A held action is taken with the Main.
                self.mains.insert(*id);
                self.held.remove(id);
            }
            SovEvent::Waiting { pending } => {
                // A Snap Attack made while another waits goes on top of it.
                if let Some(under) = self.pending.replace(pending.clone()) {
                    self.below.push(under);
                }
            }
            SovEvent::Answered => self.pending = self.below.pop(),
            SovEvent::Loaded { id, weapon, loaded: false } => {
                self.unloaded.insert((*id, *weapon));
            }
            SovEvent::Loaded { id, weapon, loaded: true } => {
                self.unloaded.remove(&(*id, *weapon));
            }
            SovEvent::Disengaged { at, .. } => self.turn.at_mut(*at).disengaged = true,
            SovEvent::Threatened { id, from, to, cost_ft, strikers, standing, then } => {
                self.threat = Some(Threat {
                    id: *id,
                    from: *from,
                    to: *to,
                    cost_ft: *cost_ft,
                    strikers: strikers.clone(),
                    standing: *standing,
                    then: then.clone(),
                });
            }
            SovEvent::Struck { striker } => {
                if let Some(t) = &mut self.threat {
                    t.strikers.retain(|s| s != striker);
                }
            }
            SovEvent::WalkSettled => self.threat = None,
            SovEvent::Lucky { id, hit } => {
                self.luck_used.insert(*id);
                self.luck_spent.insert(*id);
                if let Some(p) = &mut self.pending {
                    p.forced = Some(*hit);
                }
            }
            SovEvent::Walked { at, feet, done, .. } => {
                let turn = self.turn.at_mut(*at);
                turn.feet = *feet;
                turn.done = *done;
            }
            SovEvent::ShieldUsed { id } => {
                self.shields_used.insert(*id);
            }
            SovEvent::Fell { id, round } => {
                self.mortal.insert(*id, *round);
            }
            SovEvent::Settled { id } => {
                self.mortal.remove(id);
            }
            SovEvent::Grapple { target, by: Some(by) } => {
                self.grapples.insert(*target, *by);
            }
            SovEvent::Grapple { target, by: None } => {
                self.grapples.remove(target);
            }
            SovEvent::Screening { screener, ward: Some(ward) } => {
                self.screens.insert(*screener, *ward);
            }
            SovEvent::Screening { screener, ward: None } => {
                self.screens.remove(screener);
            }
            SovEvent::Screened { screener, attacker } => {
                self.screened.entry(*screener).or_default().insert(*attacker);
            }
            SovEvent::Held { id, on: true } => {
                self.held.insert(*id);
            }
            SovEvent::Held { id, on: false } => {
                self.held.remove(id);
            }
            SovEvent::MoraleDone { id } => {
                self.morale_done.insert(*id);
            }
            SovEvent::RoundReset => {
                self.shields_used.clear();
                self.mains.clear();
                self.luck_used.clear();
                self.screened.clear();
                self.held.clear();
            }
        }
    }
}
