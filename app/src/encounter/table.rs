//! What the GM decides the players may see: the player-view settings (changed by a command,
//! journaled) and each combatant's visibility. They live in the encounter, so undo and the
//! journal cover them like everything else.

use crate::dice::Roll;
use crate::ids::{CombatantId, SideId};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

/// How much of one combatant the players see.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Shown {
    /// Not at all.
    Hidden,
    /// A token with no name or numbers: "an unknown creature".
    Anonymous,
    /// As the player-view settings allow.
    Revealed,
}

impl Shown {
    /// The word in scripts and menus.
    pub fn word(self) -> &'static str {
        match self {
            Shown::Hidden => "hidden",
            Shown::Anonymous => "anonymous",
            Shown::Revealed => "revealed",
        }
    }

    /// Reads a word of [`Shown::word`].
    pub fn from_word(word: &str) -> Option<Self> {
        [Shown::Hidden, Shown::Anonymous, Shown::Revealed].into_iter().find(|s| s.word() == word)
    }
}

/// How a side's health is shown to the players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HealthShown {
    /// The main tracks as numbers.
    Numbers,
    /// Unhurt, hurt, badly hurt, down, dead.
    Words,
    /// Nothing.
    Nothing,
}

impl HealthShown {
    /// The word in scripts and menus.
    pub fn word(self) -> &'static str {
        match self {
            HealthShown::Numbers => "numbers",
            HealthShown::Words => "words",
            HealthShown::Nothing => "nothing",
        }
    }

    /// Reads a word of [`HealthShown::word`].
    pub fn from_word(word: &str) -> Option<Self> {
        [HealthShown::Numbers, HealthShown::Words, HealthShown::Nothing]
            .into_iter()
            .find(|s| s.word() == word)
    }
}

/// What covers the player window instead of the fight.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Blackout {
    /// A plain colour (`#rrggbb`).
    Colour {
        /// The colour.
        colour: String,
    },
    /// A picture of the map store (its key).
    Image {
        /// The stored picture's key.
        map: String,
    },
}

/// The GM's player-view settings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PlayerView {
    /// How a foe the GM has not shown or hidden starts: hidden until it acts (the default),
    /// anonymous, or revealed. The party is always revealed unless the GM says otherwise.
    pub new_foes: Shown,
    /// Health per side; a side not listed: numbers for the party, words for the others. A
    /// list, not a map: it travels inside tagged events, whose map keys must be text.
    pub health: Vec<(SideId, HealthShown)>,
    /// Names on revealed tokens.
    pub names: bool,
    /// Conditions on revealed tokens.
    pub conditions: bool,
    /// Tags (from the stat block) on revealed tokens.
    pub tags: bool,
    /// The fight covered.
    pub blackout: Option<Blackout>,
    /// Turned 180° for a screen lying between the players.
    pub rotated: bool,
    /// The player window's scale for the room, in percent.
    pub scale_percent: u32,
    /// The fight's recap on the TV instead of the board (see [`super::table_recap`]).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub recap: bool,
}

impl Default for PlayerView {
    fn default() -> Self {
        PlayerView {
            new_foes: Shown::Hidden,
            health: Vec::new(),
            names: true,
            conditions: true,
            tags: false,
            blackout: None,
            rotated: false,
            scale_percent: 100,
            recap: false,
        }
    }
}

impl PlayerView {
    /// How `side`'s health is set, if it is.
    pub fn health_of(&self, side: SideId) -> Option<HealthShown> {
        self.health.iter().find(|(s, _)| *s == side).map(|(_, h)| *h)
    }

    /// Sets how `side`'s health is shown.
    pub fn set_health(&mut self, side: SideId, how: HealthShown) {
        self.health.retain(|(s, _)| *s != side);
        self.health.push((side, how));
        self.health.sort_by_key(|(s, _)| *s);
    }

    /// The settings in a few words, for the journal.
    pub fn describe(&self, enc: &crate::encounter::Encounter) -> String {
        let mut parts = vec![match self.new_foes {
            Shown::Hidden => "new foes hidden until they act".to_owned(),
            Shown::Anonymous => "new foes unknown".to_owned(),
            Shown::Revealed => "new foes shown".to_owned(),
        }];
        for (side, h) in &self.health {
            parts.push(format!("{} health: {}", enc.side_possessive(*side), h.word()));
        }
        for (on, what) in
            [(self.names, "names"), (self.conditions, "conditions"), (self.tags, "tags")]
        {
            parts.push(format!("{what} {}", if on { "shown" } else { "hidden" }));
        }
        parts.push(match &self.blackout {
            None => "no blackout".into(),
            Some(Blackout::Colour { colour }) => format!("blacked out ({colour})"),
            Some(Blackout::Image { .. }) => "blacked out (a picture)".into(),
        });
        if self.rotated {
            parts.push("turned 180°".into());
        }
        if self.recap {
            parts.push("the recap shown".into());
        }
        parts.push(format!("{} %", self.scale_percent));
        parts.join(", ")
    }
}

/// The scale's range, in percent.
pub const SCALE_RANGE: std::ops::RangeInclusive<u32> = 50..=400;

/// How many recent rolls and rulings the encounter keeps for the table view (a public one is
/// looked for among them).
pub const RECENT: usize = 12;

/// The table's side of an encounter: the settings, the GM's word on each combatant, who has
/// acted (a foe hidden until it acts shows from then on), and the recent rolls and rulings.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct TableState {
    /// The player-view settings.
    pub view: PlayerView,
    /// What the GM said of each combatant (none: the default). This and `acted` are shared
    /// between copies of the encounter until one changes them, like the rolls below.
    #[serde(skip_serializing_if = "no_shown")]
    pub shown: Arc<BTreeMap<CombatantId, Shown>>,
    /// Who has acted in this fight (its turn came, it rolled, or the rules dealt with it).
    #[serde(skip_serializing_if = "nobody_acted")]
    pub acted: Arc<BTreeSet<CombatantId>>,
    /// The newest rolls, oldest first, each with whether the GM kept it secret. Shared
    /// between copies of the encounter until one keeps a roll (every command's scratch copy
    /// would otherwise copy them all), and each roll shared on its own (with the event that
    /// rolled it too), so keeping one in a shared list copies pointers rather than rolls.
    #[serde(skip_serializing_if = "is_empty")]
    pub rolls: Arc<Vec<(Arc<Roll>, bool)>>,
    /// The newest rulings, oldest first (shared like the rolls, each on its own too).
    #[serde(skip_serializing_if = "is_empty")]
    pub rulings: Arc<Vec<Arc<str>>>,
}

fn is_empty<T>(list: &Arc<Vec<T>>) -> bool {
    list.is_empty()
}

fn no_shown(shown: &Arc<BTreeMap<CombatantId, Shown>>) -> bool {
    shown.is_empty()
}

fn nobody_acted(acted: &Arc<BTreeSet<CombatantId>>) -> bool {
    acted.is_empty()
}

impl TableState {
    /// Whether nothing is recorded.
    pub fn is_default(&self) -> bool {
        *self == TableState::default()
    }

    /// Keeps a roll (the oldest falls off).
    pub fn keep_roll(&mut self, roll: &Arc<Roll>, secret: bool) {
        let rolls = Arc::make_mut(&mut self.rolls);
        rolls.push((roll.clone(), secret));
        if rolls.len() > RECENT {
            rolls.remove(0);
        }
    }

    /// Keeps a ruling (the oldest falls off).
    pub fn keep_ruling(&mut self, text: &str) {
        let rulings = Arc::make_mut(&mut self.rulings);
        rulings.push(text.into());
        if rulings.len() > RECENT {
            rulings.remove(0);
        }
    }
}
