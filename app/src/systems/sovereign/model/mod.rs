//! The commands, events and state of the Sovereign procedure. Ordinary facts (damage,
//! conditions, rolls, steps on the grid, the order) are core events; these carry what only
//! this procedure knows: the surprised side, each side's initiative, what the turn going on
//! has spent (its Main action, the feet of its Move), the shields that took a Shock this
//! round, and who fell mortally injured in which round.

use crate::ids::{CombatantId, SideId};
pub use crate::system::{PerTurn, TurnAt};
use serde::{Deserialize, Serialize};

mod event;
mod state;

pub use event::SovEvent;
pub use state::{Pending, SovState, Threat, Turn};

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
