//! The board as the fight ended, as plain data for the recap's picture: the zones with their
//! places on the board, or the grid with its walls, and every combatant still on it.

use serde::Serialize;

use crate::encounter::{Combatant, Encounter};
use crate::space::grid::Axis;
use crate::system::presentation::standing;

/// One zone card.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ZoneBox {
    /// Its name.
    pub name: String,
    /// Left, top, width and height on the board.
    pub rect: [f32; 4],
}

/// Where a token stands.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "on", rename_all = "snake_case")]
pub enum Spot {
    /// In the zone of this index of [`EndBoard::zones`].
    Zone {
        /// The index.
        zone: usize,
    },
    /// On the grid, its top-left square and squares on a side.
    Square {
        /// Column.
        x: u16,
        /// Row.
        y: u16,
        /// Squares on a side.
        size: u8,
    },
}

/// One combatant on the board.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Token {
    /// Its name.
    pub name: String,
    /// Its side's colour.
    pub colour: String,
    /// Where.
    pub spot: Spot,
    /// Out of the fight.
    pub out: bool,
    /// How it stands ("Dead", "Down"; "" when up).
    pub word: String,
}

/// The board at the end.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EndBoard {
    /// Zone cards (none on a grid).
    pub zones: Vec<ZoneBox>,
    /// Squares across and down, on a grid.
    pub grid: Option<(u16, u16)>,
    /// Walls on a grid: `(x, y, across)` unit edges, `across` for a top edge.
    pub walls: Vec<(u16, u16, bool)>,
    /// Everyone on the board.
    pub tokens: Vec<Token>,
}

/// The board of `enc`.
pub fn of(enc: &Encounter) -> EndBoard {
    shown_as(enc, |c| Some((c.name.clone(), true)))
}

/// The board of `enc` as someone sees it: `seen` gives each combatant's name as they know it
/// and whether they see how it stands, or `None` to leave it off.
pub fn shown_as(enc: &Encounter, seen: impl Fn(&Combatant) -> Option<(String, bool)>) -> EndBoard {
    let system = enc.system();
    let zone_ids: Vec<_> = enc.zones.keys().copied().collect();
    let zones = enc
        .zones
        .values()
        .map(|z| ZoneBox { name: z.name.clone(), rect: [z.rect.x, z.rect.y, z.rect.w, z.rect.h] })
        .collect();
    let tokens = enc
        .combatants
        .values()
        .filter_map(|c| {
            let (name, standing_seen) = seen(c)?;
            let spot = match (&enc.grid, c.square, c.zone) {
                (Some(_), Some(sq), _) => Spot::Square { x: sq.x, y: sq.y, size: c.size.max(1) },
                (None, _, Some(z)) => Spot::Zone { zone: zone_ids.iter().position(|id| *id == z)? },
                _ => return None,
            };
            let colour = enc.side(c.side).map_or("#888888".to_owned(), |s| s.colour.clone());
            let out = standing_seen && system.is_out(enc, c);
            let word = if standing_seen { standing(c).word() } else { "" };
            let word = if out && word.is_empty() { "Out" } else { word };
            Some(Token { name, colour, spot, out, word: word.to_owned() })
        })
        .collect();
    let (grid, walls) = match &enc.grid {
        Some(g) => (
            Some((g.width, g.height)),
            g.walls.iter().map(|w| (w.edge.x, w.edge.y, w.edge.axis == Axis::Horizontal)).collect(),
        ),
        None => (None, Vec::new()),
    };
    EndBoard { zones, grid, walls, tokens }
}
