//! Universal VTT files (`.dd2vtt`, `.uvtt`, `.df2vtt`, or any name: JSON with the map picture,
//! its size in squares, its walls, doors and lights, as Dungeondraft and other map makers
//! export them), read into a ready board. A file is told by what it holds, not its name.
//!
//! Universal VTT walls are polylines at any angle; Fray's walls lie on grid lines. A wall along
//! a grid line becomes that line's edges; any other is drawn as the staircase of edges nearest
//! to it (its ends snapped to the nearest corners), so sight and movement follow it within half
//! a square. Doors ("portals") become doors on the edges their two ends span, open or closed as
//! the file says; a door narrower than a square, whose ends snap to one corner, takes the whole
//! square edge it lies on, so its opening stays passable (said in the notes). A map's object
//! outlines (a statue, a table) are left open unless the GM asks for them as walls; lights are
//! listed as not drawn; a file whose picture is missing or unusable still gives its grid and
//! walls. Every such choice is a line of [`UvttBoard::notes`], shown before the board is kept.

use crate::battle_map::{MAX_UVTT_BYTES, MapError, Picture, name_of, picture, read_bytes};
use base64::Engine;
use fray_app::space::grid::{Axis, Edge, Grid, WallKind};
use serde::Deserialize;
use std::path::Path;

/// The most problems one refusal lists.
const MAX_PROBLEMS: usize = 8;

/// What to make of a map's object outlines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Objects {
    /// Left open: a statue's outline is not a wall (the default).
    #[default]
    Ignore,
    /// Walls, as the map maker drew them.
    Walls,
}

/// A board read from a Universal VTT file: the grid with its walls and doors (no map yet: the
/// picture is kept first, then named), the picture if it has a usable one, and what the reading
/// chose or left out, in words.
#[derive(Debug, Clone, PartialEq)]
pub struct UvttBoard {
    /// Squares, walls and doors.
    pub grid: Grid,
    /// The map picture, if the file holds one Fray can use.
    pub picture: Option<Picture>,
    /// What moved, what was left out and why ("door 2 is 0.4 squares wide: it takes the whole
    /// edge at (4, 3)", "3 lights are not drawn").
    pub notes: Vec<String>,
}

/// Whether `bytes` hold a Universal VTT document: JSON text (a picture never starts with `{`).
pub fn looks_like_uvtt(bytes: &[u8]) -> bool {
    let text = bytes.strip_prefix("\u{feff}".as_bytes()).unwrap_or(bytes);
    text.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{')
}

/// Whether the file at `path` is a Universal VTT document, by its first bytes.
pub fn is_uvtt_file(path: &Path) -> bool {
    use std::io::Read;
    let mut head = [0u8; 64];
    let Ok(mut f) = std::fs::File::open(path) else { return false };
    let n = f.read(&mut head).unwrap_or(0);
    looks_like_uvtt(&head[..n])
}

/// Reads a Universal VTT file into a board.
pub fn read_uvtt(path: &Path, objects: Objects) -> Result<UvttBoard, MapError> {
    let file = name_of(path);
    let bytes = read_bytes(path, &file, MAX_UVTT_BYTES)?;
    let text = String::from_utf8(bytes).map_err(|_| MapError::one(&file, "not UTF-8 text"))?;
    uvtt(&file, text.trim_start_matches('\u{feff}'), objects)
}

#[derive(Deserialize)]
struct Point {
    x: f64,
    y: f64,
}

#[derive(Deserialize)]
struct Resolution {
    map_size: Point,
    #[serde(default)]
    map_origin: Option<Point>,
}

#[derive(Deserialize)]
struct Portal {
    bounds: Vec<Point>,
    #[serde(default)]
    closed: bool,
}

#[derive(Deserialize)]
struct Uvtt {
    resolution: Resolution,
    #[serde(default)]
    line_of_sight: Vec<Vec<Point>>,
    #[serde(default)]
    objects_line_of_sight: Vec<Vec<Point>>,
    #[serde(default)]
    portals: Vec<Portal>,
    #[serde(default)]
    lights: Vec<serde::de::IgnoredAny>,
    #[serde(default)]
    image: Option<serde_json::Value>,
}

/// A Universal VTT document's board (`file` names it in messages).
pub fn uvtt(file: &str, text: &str, objects: Objects) -> Result<UvttBoard, MapError> {
    let de = &mut serde_json::Deserializer::from_str(text);
    let doc: Uvtt = serde_path_to_error::deserialize(de).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        if path == "." || path.is_empty() || inner.is_syntax() || inner.is_eof() {
            // serde_json's message ends with the line and column.
            MapError::one(file, inner.to_string())
        } else {
            MapError::one(file, format!("field '{path}': {inner}"))
        }
    })?;
    let size = &doc.resolution.map_size;
    let whole = |v: f64| {
        v.fract() == 0.0 && (1.0..=f64::from(fray_app::space::grid::MAX_SIDE)).contains(&v)
    };
    if !whole(size.x) || !whole(size.y) {
        return Err(MapError::one(
            file,
            format!(
                "field 'resolution.map_size': {} × {} is not a grid of 1 to {} whole squares a side",
                size.x,
                size.y,
                fray_app::space::grid::MAX_SIDE
            ),
        ));
    }
    let (width, height) = (size.x as u16, size.y as u16);
    let mut r = Reading {
        width,
        height,
        origin: doc.resolution.map_origin.as_ref().map_or((0.0, 0.0), |o| (o.x, o.y)),
        grid: Grid::new(width, height, 5),
        problems: Found::default(),
        notes: Vec::new(),
    };
    let mut lists = vec![("line_of_sight", &doc.line_of_sight)];
    let outlines = doc.objects_line_of_sight.len();
    match objects {
        Objects::Walls => {
            lists.push(("objects_line_of_sight", &doc.objects_line_of_sight));
            if outlines > 0 {
                r.notes.push(format!("{} made walls, as asked", count(outlines, "object outline")));
            }
        }
        Objects::Ignore if outlines > 0 => r.notes.push(format!(
            "{} (statues, furniture) left open: ask for them as walls to keep them",
            count(outlines, "object outline")
        )),
        Objects::Ignore => {}
    }
    for (list, lines) in lists {
        r.walls(list, lines);
    }
    for (i, portal) in doc.portals.iter().enumerate() {
        r.door(i, portal);
    }
    let Reading { mut grid, problems, mut notes, .. } = r;
    // Walls on the outer border are kept; none can fall off (points are clamped), but check.
    grid.walls.retain(|w| grid_has(width, height, w.edge));
    if !doc.lights.is_empty() {
        notes.push(format!(
            "{} not drawn: Fray's boards have no darkness yet",
            count(doc.lights.len(), "light")
        ));
    }
    if !problems.is_empty() {
        return Err(MapError { file: file.to_owned(), problems: problems.into_list() });
    }
    let picture = match image(file, doc.image.as_ref()) {
        Ok(p) => Some(p),
        Err(why) => {
            notes.push(format!("no map picture ({why}): the grid and its walls alone"));
            None
        }
    };
    Ok(UvttBoard { grid, picture, notes })
}

/// A Universal VTT file's walls and doors as they are read onto the grid.
struct Reading {
    width: u16,
    height: u16,
    /// The file's map origin, in squares: subtracted from every point.
    origin: (f64, f64),
    grid: Grid,
    problems: Found,
    notes: Vec<String>,
}

impl Reading {
    /// A point of the file, checked to lie on the map (half a square of slack for walls drawn
    /// on its very edge), as grid coordinates; `field` names it when it does not.
    fn point(&mut self, field: &dyn Fn() -> String, p: &Point) -> Option<(f64, f64)> {
        let (width, height) = (self.width, self.height);
        let (x, y) = (p.x - self.origin.0, p.y - self.origin.1);
        let inside = x.is_finite()
            && y.is_finite()
            && (-0.5..=f64::from(width) + 0.5).contains(&x)
            && (-0.5..=f64::from(height) + 0.5).contains(&y);
        if inside {
            return Some((x.clamp(0.0, f64::from(width)), y.clamp(0.0, f64::from(height))));
        }
        self.problems.push(|| {
            format!(
                "field '{}': ({}, {}) lies outside the {width} × {height} map",
                field(),
                p.x,
                p.y
            )
        });
        None
    }

    /// Each line of the list `list` (its points joined) as walls along the squares' edges.
    fn walls(&mut self, list: &str, lines: &[Vec<Point>]) {
        for (i, line) in lines.iter().enumerate() {
            let points: Vec<_> = line
                .iter()
                .enumerate()
                .map(|(j, p)| self.point(&|| format!("{list}[{i}][{j}]"), p))
                .collect();
            for pair in points.windows(2) {
                if let [Some(a), Some(b)] = pair {
                    for e in staircase(*a, *b) {
                        self.grid.set_wall(e, Some(WallKind::Wall));
                    }
                }
            }
        }
    }

    /// The `i`th portal as a door, open or closed, along the edges between its ends.
    fn door(&mut self, i: usize, portal: &Portal) {
        let [a, b] = portal.bounds.as_slice() else {
            self.problems
                .push(|| format!("field 'portals[{i}].bounds': a door needs its two ends"));
            return;
        };
        let a = self.point(&|| format!("portals[{i}].bounds[0]"), a);
        let b = self.point(&|| format!("portals[{i}].bounds[1]"), b);
        let (Some(a), Some(b)) = (a, b) else { return };
        let door = WallKind::Door { open: !portal.closed };
        let mut edges = staircase(a, b);
        if edges.is_empty() {
            // Its ends snap to one corner: it takes the square edge its middle lies on.
            let edge = narrow_door(a, b);
            let wide = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
            self.notes.push(format!(
                "door {} is {wide:.1} squares wide: it takes the whole edge from ({}, {}), so its \
                 opening stays passable",
                i + 1,
                edge.x,
                edge.y
            ));
            edges.push(edge);
        }
        for e in edges {
            self.grid.set_wall(e, Some(door));
        }
    }
}

/// The picture of the `image` field, or why there is none to use.
fn image(file: &str, image: Option<&serde_json::Value>) -> Result<Picture, String> {
    let text = match image {
        None | Some(serde_json::Value::Null) => return Err("the file has none".into()),
        Some(serde_json::Value::String(s)) if s.trim().is_empty() => {
            return Err("the file has none".into());
        }
        Some(serde_json::Value::String(s)) => s.trim(),
        Some(_) => return Err("field 'image' is not text".into()),
    };
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(text)
        .map_err(|_| "field 'image' is not a picture in base64 (a path to one?)".to_owned())?;
    picture(file, "image", bytes).map_err(|e| e.problems.join("; "))
}

/// The square edge a door too narrow for its ends to snap apart lies on: along its longer
/// side, at the grid line nearest it, the edge holding its middle.
fn narrow_door(a: (f64, f64), b: (f64, f64)) -> Edge {
    let (mx, my) = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
    if (b.0 - a.0).abs() >= (b.1 - a.1).abs() {
        Edge { x: mx.floor().max(0.0) as u16, y: my.round() as u16, axis: Axis::Horizontal }
    } else {
        Edge { x: mx.round() as u16, y: my.floor().max(0.0) as u16, axis: Axis::Vertical }
    }
}

fn count(n: usize, what: &str) -> String {
    if n == 1 { format!("1 {what}") } else { format!("{n} {what}s") }
}

fn grid_has(width: u16, height: u16, e: Edge) -> bool {
    Grid::new(width, height, 5).has_edge(e)
}

/// The problems of a file: the first [`MAX_PROBLEMS`] worded, the rest only counted (a
/// million walls outside the map once took 321 MB of messages no one would read).
#[derive(Default)]
struct Found {
    list: Vec<String>,
    more: usize,
}

impl Found {
    /// Notes a problem, worded only if it will be shown.
    fn push(&mut self, say: impl FnOnce() -> String) {
        if self.list.len() < MAX_PROBLEMS {
            self.list.push(say());
        } else {
            self.more += 1;
        }
    }

    fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// The worded problems, and "and N more" for the rest.
    fn into_list(mut self) -> Vec<String> {
        if self.more > 0 {
            self.list.push(format!("and {} more", self.more));
        }
        self.list
    }
}

/// The grid edges nearest a straight wall from `a` to `b` (grid coordinates): its ends snapped
/// to corners, then a run along the line, or the staircase of unit steps closest to it.
pub fn staircase(a: (f64, f64), b: (f64, f64)) -> Vec<Edge> {
    let snap = |(x, y): (f64, f64)| (x.round() as i64, y.round() as i64);
    let (mut x, mut y) = snap(a);
    let (x1, y1) = snap(b);
    let mut edges = Vec::new();
    let (dx, dy) = ((x1 - x).signum(), (y1 - y).signum());
    // Steps so the path stays nearest the true line: the one that keeps the corner closest.
    let (ax, ay, bx, by) = (a.0, a.1, b.0, b.1);
    let off_line = |px: i64, py: i64| {
        let (lx, ly) = (bx - ax, by - ay);
        ((px as f64 - ax) * ly - (py as f64 - ay) * lx).abs()
    };
    while (x, y) != (x1, y1) {
        let step_x = x != x1 && (y == y1 || off_line(x + dx, y) <= off_line(x, y + dy));
        let (nx, ny) = if step_x { (x + dx, y) } else { (x, y + dy) };
        let edge = if step_x {
            Edge { x: x.min(nx) as u16, y: y as u16, axis: Axis::Horizontal }
        } else {
            Edge { x: x as u16, y: y.min(ny) as u16, axis: Axis::Vertical }
        };
        edges.push(edge);
        (x, y) = (nx, ny);
    }
    edges
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 1×1 PNG, base64.
    const DOT: &str = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

    fn doc(extra: &str) -> String {
        format!(
            r#"{{"format": 0.3, "resolution": {{"map_origin": {{"x": 0, "y": 0}}, "map_size": {{"x": 10, "y": 8}}, "pixels_per_grid": 70}}, {extra} "image": "{DOT}"}}"#
        )
    }

    #[test]
    fn walls_along_grid_lines_and_doors_become_edges() {
        let text = doc(
            r#""line_of_sight": [[{"x": 4, "y": 0}, {"x": 4, "y": 3}], [{"x": 0, "y": 5}, {"x": 3, "y": 5}]],
               "portals": [{"position": {"x": 4, "y": 3.5}, "bounds": [{"x": 4, "y": 3}, {"x": 4, "y": 4}], "rotation": 0, "closed": true, "freestanding": false},
                           {"position": {"x": 1.5, "y": 5}, "bounds": [{"x": 1, "y": 5}, {"x": 2, "y": 5}], "closed": false}],"#,
        );
        let board = uvtt("keep.dd2vtt", &text, Objects::Ignore).unwrap();
        let g = &board.grid;
        assert_eq!((g.width, g.height), (10, 8));
        for y in 0..3 {
            assert_eq!(g.wall(Edge { x: 4, y, axis: Axis::Vertical }), Some(WallKind::Wall));
        }
        assert_eq!(
            g.wall(Edge { x: 4, y: 3, axis: Axis::Vertical }),
            Some(WallKind::Door { open: false })
        );
        assert_eq!(
            g.wall(Edge { x: 1, y: 5, axis: Axis::Horizontal }),
            Some(WallKind::Door { open: true })
        );
        assert_eq!(g.wall(Edge { x: 0, y: 5, axis: Axis::Horizontal }), Some(WallKind::Wall));
        let picture = board.picture.as_ref().unwrap();
        assert_eq!((picture.width_px, picture.height_px), (1, 1));
        assert!(board.notes.is_empty(), "{:?}", board.notes);
    }

    #[test]
    fn a_slanted_wall_becomes_the_nearest_staircase() {
        let edges = staircase((0.1, 0.0), (3.0, 3.1));
        assert_eq!(edges.len(), 6, "three across and three down: {edges:?}");
        // It alternates, hugging the diagonal, rather than going all across then all down.
        assert_ne!(edges[0].axis, edges[1].axis);
        let straight = staircase((2.0, 1.1), (2.0, 4.2));
        assert!(straight.iter().all(|e| e.axis == Axis::Vertical && e.x == 2));
        assert_eq!(straight.len(), 3);
    }

    #[test]
    fn bad_files_are_refused_naming_the_field() {
        let e = uvtt("m.dd2vtt", "{\"resolution\": ", Objects::Ignore).unwrap_err();
        assert_eq!(e.to_string(), "m.dd2vtt: EOF while parsing a value at line 1 column 15");
        let text = doc(r#""line_of_sight": [[{"x": 4, "y": 0}, {"x": 40, "y": 0}]],"#);
        let e = uvtt("m.dd2vtt", &text, Objects::Ignore).unwrap_err();
        assert_eq!(
            e.to_string(),
            "m.dd2vtt: field 'line_of_sight[0][1]': (40, 0) lies outside the 10 × 8 map"
        );
        let text = doc("").replace("\"x\": 10, \"y\": 8", "\"x\": 10.5, \"y\": 8");
        let e = uvtt("m.dd2vtt", &text, Objects::Ignore).unwrap_err();
        assert!(e.to_string().contains("field 'resolution.map_size'"), "{e}");
        let text = doc(r#""portals": [{"bounds": [{"x": 1, "y": 1}]}],"#);
        let e = uvtt("m.dd2vtt", &text, Objects::Ignore).unwrap_err();
        assert_eq!(e.to_string(), "m.dd2vtt: field 'portals[0].bounds': a door needs its two ends");
    }

    /// A picture Fray cannot use (a path, no base64, not a picture, none) leaves the grid and
    /// its walls, said in the notes.
    #[test]
    fn a_file_without_a_usable_picture_gives_its_walls_alone() {
        let wall = r#""line_of_sight": [[{"x": 4, "y": 0}, {"x": 4, "y": 3}]],"#;
        for (image, why) in [
            ("\"maps/keep.png\"", "not a picture in base64 (a path to one?)"),
            ("\"aGVsbG8gd29ybGQ=\"", "not a PNG, JPEG or WebP picture"),
            ("\"\"", "the file has none"),
            ("5", "field 'image' is not text"),
        ] {
            let text = doc(wall).replace(&format!("\"{DOT}\""), image);
            let board = uvtt("m.dd2vtt", &text, Objects::Ignore).unwrap();
            assert!(board.picture.is_none());
            assert_eq!(board.grid.walls.len(), 3);
            assert!(board.notes[0].contains(why), "{image}: {:?}", board.notes);
            assert!(board.notes[0].ends_with("the grid and its walls alone"), "{:?}", board.notes);
        }
        let text = doc(wall).replace(&format!(", \"image\": \"{DOT}\""), "");
        let board = uvtt("m.dd2vtt", &text, Objects::Ignore).unwrap();
        assert!(board.picture.is_none(), "no image field at all");
    }

    /// A door a third of a square wide, whose ends snap to one corner, keeps its opening: it
    /// takes the square edge its middle lies on, over the wall drawn through it.
    #[test]
    fn a_narrow_door_keeps_its_opening() {
        let text = doc(
            r#""line_of_sight": [[{"x": 4, "y": 0}, {"x": 4, "y": 3.1}], [{"x": 4, "y": 3.4}, {"x": 4, "y": 8}],
                                 [{"x": 0, "y": 6}, {"x": 10, "y": 6}]],
               "portals": [{"bounds": [{"x": 4, "y": 3.1}, {"x": 4, "y": 3.4}], "closed": false},
                           {"bounds": [{"x": 6.1, "y": 6}, {"x": 6.4, "y": 6}], "closed": true}],"#,
        );
        let board = uvtt("m.dd2vtt", &text, Objects::Ignore).unwrap();
        let g = &board.grid;
        assert_eq!(
            g.wall(Edge { x: 4, y: 3, axis: Axis::Vertical }),
            Some(WallKind::Door { open: true })
        );
        assert_eq!(g.wall(Edge { x: 4, y: 2, axis: Axis::Vertical }), Some(WallKind::Wall));
        assert_eq!(g.wall(Edge { x: 4, y: 4, axis: Axis::Vertical }), Some(WallKind::Wall));
        assert_eq!(
            g.wall(Edge { x: 6, y: 6, axis: Axis::Horizontal }),
            Some(WallKind::Door { open: false })
        );
        assert_eq!(
            board.notes,
            [
                "door 1 is 0.3 squares wide: it takes the whole edge from (4, 3), so its opening \
                 stays passable",
                "door 2 is 0.3 squares wide: it takes the whole edge from (6, 6), so its opening \
                 stays passable"
            ]
        );
    }

    /// Object outlines are left open unless asked for as walls; lights are listed as not drawn.
    #[test]
    fn object_outlines_are_a_choice_and_lights_are_listed() {
        let text = doc(
            r#""objects_line_of_sight": [[{"x": 2, "y": 2}, {"x": 3, "y": 2}, {"x": 3, "y": 3}, {"x": 2, "y": 3}, {"x": 2, "y": 2}]],
               "lights": [{"position": {"x": 1, "y": 1}, "range": 4}, {"position": {"x": 5, "y": 5}, "range": 2}],"#,
        );
        let open = uvtt("m.dd2vtt", &text, Objects::Ignore).unwrap();
        assert!(open.grid.walls.is_empty());
        assert_eq!(
            open.notes,
            [
                "1 object outline (statues, furniture) left open: ask for them as walls to keep them",
                "2 lights not drawn: Fray's boards have no darkness yet"
            ]
        );
        let walled = uvtt("m.dd2vtt", &text, Objects::Walls).unwrap();
        assert_eq!(walled.grid.walls.len(), 4, "the square around the statue");
        assert_eq!(walled.notes[0], "1 object outline made walls, as asked");
    }

    #[test]
    fn a_map_is_told_by_its_first_bytes() {
        assert!(looks_like_uvtt(b"  {\"format\": 0.3"));
        assert!(looks_like_uvtt("\u{feff}{}".as_bytes()));
        assert!(!looks_like_uvtt(b"\x89PNG\r\n"));
        assert!(!looks_like_uvtt(b""));
    }
}
