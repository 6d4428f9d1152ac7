//! A map file made ready for an encounter: the window's *Map…* form and `fray map import` read
//! it the same way, say the same things of it, and ask the rules before any picture is kept.

use crate::battle_map::{self, Picture};
use crate::uvtt::{self, Objects};
use fray_app::Command;
use fray_app::encounter::Encounter;
use fray_app::space::grid::{BattleMap, Grid};
use std::path::Path;

/// A map file read for an encounter: what it lays down, in words, and the command that lays it
/// once its picture (if any) is kept under a key.
pub struct MapPlan {
    /// The picture to keep, if the file has a usable one.
    pub picture: Option<Picture>,
    /// What it is ("a Universal VTT map of 12 × 8 squares, 7 walls, 1 door").
    pub summary: String,
    /// What the reading moved, left out or could not use.
    pub notes: Vec<String>,
    board: Box<dyn Fn(Option<String>) -> Command>,
}

impl MapPlan {
    /// Reads `path` for `state`: a Universal VTT file (told by its content) becomes the whole
    /// board, its object outlines as `objects` says; a picture goes under the encounter's grid.
    pub fn read(path: &Path, objects: Objects, state: &Encounter) -> Result<MapPlan, String> {
        if uvtt::is_uvtt_file(path) {
            let read = uvtt::read_uvtt(path, objects).map_err(|e| e.to_string())?;
            let grid = read.grid;
            let (w, h) = (f32::from(grid.width), f32::from(grid.height));
            let walls = grid
                .walls
                .iter()
                .filter(|w| w.kind == fray_app::space::grid::WallKind::Wall)
                .count();
            let doors = grid.walls.len() - walls;
            let summary = format!(
                "a Universal VTT map of {} × {} squares: {}, {}, {}",
                grid.width,
                grid.height,
                count(walls, "wall edge"),
                count(doors, "door edge"),
                if read.picture.is_some() { "its picture under them" } else { "no picture" }
            );
            let board = move |key: Option<String>| Command::SetBoard {
                grid: Grid { map: key.map(|k| over(k, w, h)), ..grid.clone() },
            };
            return Ok(MapPlan {
                picture: read.picture,
                summary,
                notes: read.notes,
                board: Box::new(board),
            });
        }
        let Some(grid) = &state.grid else {
            return Err("A picture goes under a grid: this board is laid out in zones".into());
        };
        let picture = battle_map::read_picture(path).map_err(|e| e.to_string())?;
        // Across the whole grid, its height as the picture's shape says.
        let across = f32::from(grid.width);
        let down = across * picture.height_px as f32 / picture.width_px as f32;
        let summary = format!(
            "a picture of {} × {} pixels, laid across the grid's {} squares",
            picture.width_px, picture.height_px, grid.width
        );
        let board =
            move |key: Option<String>| Command::SetMap { map: key.map(|k| over(k, across, down)) };
        Ok(MapPlan { picture: Some(picture), summary, notes: Vec::new(), board: Box::new(board) })
    }

    /// The command that lays the map, its picture kept under `key`.
    pub fn command(&self, key: Option<String>) -> Command {
        (self.board)(key)
    }

    /// The command as the rules are asked it before anything is kept: a stand-in key, as the
    /// rules check the board, never the picture's bytes.
    pub fn asked(&self) -> Command {
        self.command(self.picture.as_ref().map(|_| "not-kept-yet".into()))
    }
}

/// The picture laid across `w` × `h` squares from the top-left corner.
fn over(image: String, w: f32, h: f32) -> BattleMap {
    BattleMap { image, width_squares: w, height_squares: h, offset_x: 0.0, offset_y: 0.0 }
}

fn count(n: usize, what: &str) -> String {
    if n == 1 { format!("1 {what}") } else { format!("{n} {what}s") }
}
