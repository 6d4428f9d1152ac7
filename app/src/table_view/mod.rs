//! The table view: everything the players may see of a fight, decided in one pure function,
//! [`table_view`] (`Encounter` + the player-view settings it holds → [`TableView`]). The
//! player window draws only this, so a leak can only be here, where it is tested: a hidden
//! combatant is simply absent; an anonymous one is "an unknown creature" with no name, id or
//! numbers; GM notes, zone notes, procedure secrets (declarations, intentions, concealment)
//! never enter it; a roll or ruling that names anyone the players may not see is left out.

mod evening;
mod recap;
mod shared;

pub use evening::{PlayersEvening, players_evening};
pub use recap::{RecapRow, TableRecap, as_written_back, table_recap};
pub use shared::{PlayersRecap, players_recap};
// What the players are shown is the GM's setting the encounter keeps: defined with it.
pub use crate::encounter::table::{
    Blackout, HealthShown, PlayerView, RECENT, SCALE_RANGE, Shown, TableState,
};

use crate::encounter::{Combatant, Encounter};
use crate::space::grid::{GridPos, Wall};
use crate::system::System;
use crate::system::presentation::{Meaning, Standing, token_view};
use serde::Serialize;

/// The name an anonymous token goes by.
pub const UNKNOWN: &str = "an unknown creature";

/// What the player window shows.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TableView {
    /// The encounter's name.
    pub title: String,
    /// The round (0 before the fight).
    pub round: u32,
    /// The fight is covered: the window shows only this.
    pub blackout: Option<Blackout>,
    /// Turned 180°.
    pub rotated: bool,
    /// The window's scale, in percent.
    pub scale_percent: u32,
    /// The board.
    pub board: BoardView,
    /// The tokens the players may see.
    pub tokens: Vec<TokenPublic>,
    /// Whose turn, as the players know it: the acting token, or when it is hidden, the last
    /// visible one to act before it this round.
    pub turn: Option<String>,
    /// The newest roll the players may see, in words.
    pub last_roll: Option<String>,
    /// The newest ruling the players may see.
    pub banner: Option<String>,
    /// The GM shows the fight's recap ([`table_recap`]) instead of the board.
    pub recap: bool,
}

/// The board: zones or the grid.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum BoardView {
    /// Zones, each with its place on the board.
    Zones {
        /// The zones.
        zones: Vec<ZoneView>,
        /// Neighbouring zones, by index into `zones`.
        links: Vec<(usize, usize)>,
    },
    /// The grid.
    Grid {
        /// Squares across.
        width: u16,
        /// Squares down.
        height: u16,
        /// Feet a square measures.
        feet: u16,
        /// Walls, doors and windows.
        walls: Vec<Wall>,
        /// Difficult squares.
        difficult: Vec<GridPos>,
        /// The battle map's picture key and placement, if any.
        map: Option<crate::space::grid::BattleMap>,
    },
}

/// A zone as the players see it: its name and place, never the GM's note.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ZoneView {
    /// Its name.
    pub name: String,
    /// Where its card is: x, y, width, height on the board.
    pub rect: [f32; 4],
}

/// A token the players may see.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TokenPublic {
    /// Its name; [`UNKNOWN`] for an anonymous one; none when names are off.
    pub name: Option<String>,
    /// Known (revealed) rather than anonymous.
    pub known: bool,
    /// Its side's colour.
    pub colour: String,
    /// On the party's side.
    pub party: bool,
    /// Where it stands (none: off the board, or its place is concealed).
    pub place: Option<PlacePublic>,
    /// Its health as its side shows it.
    pub health: Option<HealthPublic>,
    /// Conditions (revealed tokens, with the setting on).
    pub conditions: Vec<String>,
    /// Tags (revealed tokens, with the setting on).
    pub tags: Vec<String>,
    /// It acts now.
    pub acting: bool,
}

/// Where a token stands.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PlacePublic {
    /// In a zone (index into the board's zones).
    Zone {
        /// The zone.
        zone: usize,
    },
    /// On the grid.
    Square {
        /// Its top-left square.
        at: GridPos,
        /// Squares a side.
        size: u8,
    },
}

/// A token's health as the players see it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum HealthPublic {
    /// The main tracks: label, value, maximum.
    Numbers {
        /// The tracks.
        tracks: Vec<(String, i64, i64)>,
    },
    /// One word.
    Word {
        /// Unhurt, hurt, badly hurt, down, dead (or fled, surrendered).
        word: String,
    },
}

/// What the players see of `c`, by the GM's word, the settings and the procedure.
pub fn shown(enc: &Encounter, c: &Combatant) -> Shown {
    let party = enc.is_party(c.id);
    // A concealed foe (Murdham) is hidden whatever the GM said before it hid.
    if !party && c.conditions.contains("concealed") {
        return Shown::Hidden;
    }
    let table = &enc.table;
    match table.shown.get(&c.id) {
        Some(s) => *s,
        None if party => Shown::Revealed,
        None => match table.view.new_foes {
            Shown::Hidden if table.acted.contains(&c.id) => Shown::Revealed,
            s => s,
        },
    }
}

/// How `side`'s health is shown.
pub fn health_shown(enc: &Encounter, side: crate::ids::SideId) -> HealthShown {
    let party = enc.side(side).is_some_and(|s| s.party);
    enc.table.view.health_of(side).unwrap_or(if party {
        HealthShown::Numbers
    } else {
        HealthShown::Words
    })
}

/// The health word of a token: its standing when out, else how much of its main harm track
/// is left.
pub fn health_word(system: &dyn System, enc: &Encounter, c: &Combatant) -> String {
    let Some(t) = token_view(system, enc, c.id) else { return String::new() };
    match t.standing {
        Standing::Dead => return "dead".into(),
        Standing::Dying | Standing::Down => return "down".into(),
        Standing::Fled => return "fled".into(),
        Standing::Surrendered => return "surrendered".into(),
        Standing::Up => {}
    }
    let harm = t.main.iter().find(|m| m.meaning == Meaning::Harm).or(t.main.first());
    match harm {
        Some(m) if m.value <= 0 => "down".into(),
        Some(m) if m.value >= m.max => "unhurt".into(),
        Some(m) if m.value * 2 > m.max => "hurt".into(),
        Some(_) => "badly hurt".into(),
        None => "unhurt".into(),
    }
}

/// The table view of `enc` under the player-view settings it holds.
pub fn table_view(system: &dyn System, enc: &Encounter) -> TableView {
    let view = &enc.table.view;
    let (board, zone_index) = board_view(enc);
    let secret_names: Vec<&str> = enc
        .combatants
        .values()
        .filter(|c| shown(enc, c) != Shown::Revealed)
        .map(|c| c.name.as_str())
        .filter(|n| !n.trim().is_empty())
        .collect();
    let tells = |text: &str| secret_names.iter().any(|n| text.contains(n));
    let acting = system.acting(enc);
    let tokens = enc
        .combatants
        .values()
        .filter_map(|c| token_public(system, enc, c, &zone_index, acting.contains(&c.id)))
        .collect();
    let last_roll = enc
        .table
        .rolls
        .iter()
        .rev()
        .filter(|kept| !kept.1)
        .map(|kept| roll_words(&kept.0))
        .find(|text| !tells(text));
    let banner = enc.table.rulings.iter().rev().find(|t| !tells(t)).map(|t| t.to_string());
    TableView {
        title: enc.name.clone(),
        round: enc.round,
        blackout: view.blackout.clone(),
        rotated: view.rotated,
        scale_percent: view.scale_percent.clamp(*SCALE_RANGE.start(), *SCALE_RANGE.end()),
        board,
        tokens,
        turn: turn_shown(enc, &acting),
        last_roll,
        banner,
        recap: view.recap,
    }
}

/// A roll in words: "Aldo: Sword at Bandit, d20 → 15".
fn roll_words(r: &crate::dice::Roll) -> String {
    let who = r.roller.as_deref().map(|n| format!("{n}: ")).unwrap_or_default();
    let label = if r.label.is_empty() { String::new() } else { format!("{}, ", r.label) };
    format!("{who}{label}{} → {}", r.dice, r.total)
}

/// The board, and each zone id's index in it.
fn board_view(enc: &Encounter) -> (BoardView, Vec<crate::ids::ZoneId>) {
    if let Some(g) = &enc.grid {
        let board = BoardView::Grid {
            width: g.width,
            height: g.height,
            feet: g.feet,
            walls: g.walls.clone(),
            difficult: g.difficult.clone(),
            map: g.map.clone(),
        };
        return (board, Vec::new());
    }
    let ids: Vec<crate::ids::ZoneId> = enc.zones.keys().copied().collect();
    let zones = enc
        .zones
        .values()
        .map(|z| ZoneView { name: z.name.clone(), rect: [z.rect.x, z.rect.y, z.rect.w, z.rect.h] })
        .collect();
    let mut links = Vec::new();
    for (i, z) in enc.zones.values().enumerate() {
        for other in &z.adjacent {
            if let Some(j) = ids.iter().position(|id| id == other)
                && i < j
            {
                links.push((i, j));
            }
        }
    }
    (BoardView::Zones { zones, links }, ids)
}

/// One token as the players see it, or none when it is hidden from them.
fn token_public(
    system: &dyn System,
    enc: &Encounter,
    c: &Combatant,
    zones: &[crate::ids::ZoneId],
    acting: bool,
) -> Option<TokenPublic> {
    let view = &enc.table.view;
    let known = match shown(enc, c) {
        Shown::Hidden => return None,
        Shown::Anonymous => false,
        Shown::Revealed => true,
    };
    let side = enc.side(c.side);
    let concealed = c.conditions.contains("concealed");
    let place = if concealed {
        None
    } else if let Some(at) = c.square {
        Some(PlacePublic::Square { at, size: c.size })
    } else {
        c.zone
            .and_then(|z| zones.iter().position(|id| *id == z))
            .map(|zone| PlacePublic::Zone { zone })
    };
    let health = match health_shown(enc, c.side) {
        HealthShown::Nothing => None,
        HealthShown::Numbers if known => {
            token_view(system, enc, c.id).map(|t| HealthPublic::Numbers {
                tracks: t.main.iter().map(|m| (m.label.clone(), m.value, m.max)).collect(),
            })
        }
        _ => Some(HealthPublic::Word { word: health_word(system, enc, c) }),
    };
    let name = match (known, view.names) {
        (false, _) => Some(UNKNOWN.to_owned()),
        (true, true) => Some(c.name.clone()),
        (true, false) => None,
    };
    let conditions = if known && view.conditions {
        token_view(system, enc, c.id).map(|t| t.conditions).unwrap_or_default()
    } else {
        Vec::new()
    };
    let tags = if known && view.tags {
        c.block
            .get("tags")
            .and_then(serde_json::Value::as_array)
            .map(|a| a.iter().filter_map(|t| t.as_str().map(str::to_owned)).collect())
            .unwrap_or_default()
    } else {
        Vec::new()
    };
    Some(TokenPublic {
        name,
        known,
        colour: side.map_or_else(|| "#888888".into(), |s| s.colour.clone()),
        party: side.is_some_and(|s| s.party),
        place,
        health,
        conditions,
        tags,
        acting,
    })
}

/// The name of whose turn it is, as the players know it.
fn turn_shown(enc: &Encounter, acting: &[crate::ids::CombatantId]) -> Option<String> {
    let label = |c: &Combatant| match shown(enc, c) {
        Shown::Hidden => None,
        Shown::Anonymous => Some(UNKNOWN.to_owned()),
        Shown::Revealed if enc.table.view.names => Some(c.name.clone()),
        Shown::Revealed => Some("a revealed combatant".into()),
    };
    let now: Vec<String> =
        acting.iter().filter_map(|id| enc.combatant(*id)).filter_map(label).collect();
    if !now.is_empty() {
        return Some(now.join(" & "));
    }
    if acting.is_empty() {
        return None;
    }
    // The acting one is hidden: the last visible place before it this round.
    let turn = enc.turn?;
    enc.order[..turn.min(enc.order.len())].iter().rev().find_map(|place| {
        let names: Vec<String> =
            place.combatants.iter().filter_map(|id| enc.combatant(*id)).filter_map(label).collect();
        (!names.is_empty()).then(|| names.join(" & "))
    })
}

#[cfg(test)]
mod tests;
