//! The script's words for the battlefield: zones and their links, the grid, its walls and
//! ground, where a combatant stands, the battle map.

use super::{Action, Cursor};
use crate::space::grid::{GridPos, WallKind};

/// A battlefield command, or `None` when `verb` is not one.
pub(super) fn action(verb: &str, c: &mut Cursor) -> Result<Option<Action>, String> {
    Ok(Some(match verb {
        "zone" => zone(c)?,
        "edit-zone" => edit_zone(c)?,
        "place-zone" => place_zone(c)?,
        "remove-zone" => Action::RemoveZone { zone: c.word("a zone")? },
        "connect" => Action::Connect { a: c.word("a zone")?, b: c.word("a second zone")? },
        "disconnect" => Action::Disconnect { a: c.word("a zone")?, b: c.word("a second zone")? },
        "grid" => {
            let width = c.number("a width in squares")?;
            let height = c.number("a height in squares")?;
            let feet = if c.peek_is("feet") {
                c.next();
                c.number("feet a square")?
            } else {
                5
            };
            Action::Grid { width, height, feet }
        }
        "wall" => wall(c)?,
        "difficult" => difficult(c)?,
        "place" => {
            let who = c.word("a combatant")?;
            let at = match c.next() {
                Some(t) if t.is("off") => None,
                Some(t) if t.is("at") => Some(GridPos { x: c.number("x")?, y: c.number("y")? }),
                _ => return Err("expected at X Y or off".into()),
            };
            Action::Place { who, at }
        }
        "step" => {
            let who = c.word("a combatant")?;
            if !c.next().is_some_and(|t| t.is("to")) {
                return Err("expected to X Y".into());
            }
            Action::Step { who, to: GridPos { x: c.number("x")?, y: c.number("y")? } }
        }
        "size" => {
            Action::Size { who: c.word("a combatant")?, size: c.number("a size in squares")? }
        }
        "map" => map(c)?,
        _ => return Ok(None),
    }))
}

/// `zone NAME [capacity N] [at X Y] [size W H]`
fn zone(c: &mut Cursor) -> Result<Action, String> {
    let name = c.word("the zone's name")?;
    let (mut capacity, mut at, mut size) = (None, None, None);
    while let Some(t) = c.next() {
        if t.is("capacity") {
            capacity = Some(c.number("a capacity")?);
        } else if t.is("at") {
            at = Some((c.float("x")?, c.float("y")?));
        } else if t.is("size") {
            size = Some((c.float("a width")?, c.float("a height")?));
        } else {
            return Err(format!("unexpected '{}': zone takes capacity, at and size", t.text));
        }
    }
    Ok(Action::Zone { name, capacity, at, size })
}

/// `edit-zone ZONE [name NEW] [capacity N|none] [note TEXT]`
fn edit_zone(c: &mut Cursor) -> Result<Action, String> {
    let zone = c.word("a zone")?;
    let (mut name, mut capacity, mut note) = (None, None, None);
    while let Some(t) = c.next() {
        if t.is("name") {
            name = Some(c.word("the new name")?);
        } else if t.is("capacity") {
            capacity = Some(if c.peek_is("none") {
                c.next();
                None
            } else {
                Some(c.number("a capacity or none")?)
            });
        } else if t.is("note") {
            note = Some(c.word("the note (quote it)")?);
        } else {
            return Err(format!(
                "unexpected '{}': edit-zone takes name, capacity and note",
                t.text
            ));
        }
    }
    Ok(Action::EditZone { zone, name, capacity, note })
}

/// `place-zone ZONE [at X Y] [size W H]`
fn place_zone(c: &mut Cursor) -> Result<Action, String> {
    let zone = c.word("a zone")?;
    let (mut at, mut size) = (None, None);
    while let Some(t) = c.next() {
        if t.is("at") {
            at = Some((c.float("x")?, c.float("y")?));
        } else if t.is("size") {
            size = Some((c.float("a width")?, c.float("a height")?));
        } else {
            return Err(format!("unexpected '{}': place-zone takes at and size", t.text));
        }
    }
    if at.is_none() && size.is_none() {
        return Err("place-zone needs at X Y, size W H or both".into());
    }
    Ok(Action::PlaceZone { zone, at, size })
}

/// `wall X1 Y1 X2 Y2 [door open|closed | window | clear]`
fn wall(c: &mut Cursor) -> Result<Action, String> {
    let from = (c.number("x of one end")?, c.number("y of one end")?);
    let to = (c.number("x of the other end")?, c.number("y of the other end")?);
    let mut kind = Some(WallKind::Wall);
    while let Some(t) = c.next() {
        if t.is("door") {
            let open = c.next().ok_or("door open or door closed")?;
            kind = Some(WallKind::Door { open: open.is("open") });
            if !open.is("open") && !open.is("closed") {
                return Err(format!("expected open or closed after door, got '{}'", open.text));
            }
        } else if t.is("window") {
            kind = Some(WallKind::Window);
        } else if t.is("clear") {
            kind = None;
        } else {
            return Err(format!(
                "unexpected '{}': wall takes door open|closed, window or clear",
                t.text
            ));
        }
    }
    Ok(Action::Wall { from, to, kind })
}

/// `difficult X Y [W H] [clear]`
fn difficult(c: &mut Cursor) -> Result<Action, String> {
    let at = GridPos { x: c.number("x")?, y: c.number("y")? };
    let (mut width, mut height, mut on) = (1, 1, true);
    while let Some(t) = c.next() {
        if t.is("clear") {
            on = false;
        } else {
            width = t.text.parse().map_err(|_| format!("expected a width, got '{}'", t.text))?;
            height = c.number("a height")?;
        }
    }
    Ok(Action::Difficult { at, width, height, on })
}

/// `map KEY W H [offset X Y]` or `map off`
fn map(c: &mut Cursor) -> Result<Action, String> {
    let key = c.word("a map's key, or off")?;
    Ok(if key == "off" {
        Action::Map { map: None }
    } else {
        let width_squares = c.float("squares across")?;
        let height_squares = c.float("squares down")?;
        let (mut offset_x, mut offset_y) = (0.0, 0.0);
        if c.peek_is("offset") {
            c.next();
            (offset_x, offset_y) = (c.float("x")?, c.float("y")?);
        }
        let map = crate::space::grid::BattleMap {
            image: key,
            width_squares,
            height_squares,
            offset_x,
            offset_y,
        };
        Action::Map { map: Some(map) }
    })
}
