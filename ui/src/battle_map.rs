//! Battle maps from files: a picture (PNG, JPEG, WebP) to lay under a grid, or a Universal VTT
//! file (`.dd2vtt`, `.uvtt`, `.df2vtt`: JSON with the map picture, its size in squares, its
//! walls and its doors, as Dungeondraft and other map makers export them) to load as a ready
//! board. Everything is checked before anything is kept: a refusal names the file and the field.
//!
//! Universal VTT walls are polylines at any angle; Fray's walls lie on grid lines. A wall along
//! a grid line becomes that line's edges; any other is drawn as the staircase of edges nearest
//! to it (its ends snapped to the nearest corners), so sight and movement follow it within half
//! a square. Doors ("portals") become doors on the edges their two ends span, open or closed as
//! the file says.

use base64::Engine;
use fray_app::space::grid::{Axis, Edge, Grid, WallKind};
use image::{ImageFormat, ImageReader, Limits};
use serde::Deserialize;
use std::io::Cursor;
use std::path::Path;

/// The largest picture file read, in bytes.
pub const MAX_PICTURE_BYTES: u64 = fray_data::maps::MAX_MAP_BYTES as u64;
/// The largest Universal VTT file read (its picture is in it, as base64).
pub const MAX_UVTT_BYTES: u64 = MAX_PICTURE_BYTES * 4 / 3 + 4 * 1024 * 1024;
/// The widest or tallest picture read, in pixels (a 30 × 30 square map drawn at 256 pixels a
/// square is 7,680); a larger one is refused, saying its size.
pub const MAX_SIDE_PX: u32 = 8_192;
/// Most memory reading one picture may take (an 8,192 × 8,192 picture with transparency is
/// 256 MiB while it is read; only the copy kept stays).
const MAX_ALLOC: u64 = 320 * 1024 * 1024;
/// The widest or tallest picture kept: a larger one is stored scaled down to this, so the board
/// never holds more than a 4,096-pixel texture however large the file was.
pub const MAX_STORED_PX: u32 = 4_096;
/// The most problems one refusal lists.
const MAX_PROBLEMS: usize = 8;

/// Why a file gave no map: the file, and each problem with its field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MapError {
    /// The file's name.
    pub file: String,
    /// What is wrong, each `field: message` or a message about the whole file.
    pub problems: Vec<String>,
}

impl std::fmt::Display for MapError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.file, self.problems.join("; "))
    }
}

impl std::error::Error for MapError {}

impl MapError {
    fn one(file: &str, problem: impl Into<String>) -> Self {
        Self { file: file.to_owned(), problems: vec![problem.into()] }
    }
}

/// A checked picture: its file's bytes and its size in pixels.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Picture {
    /// The file's bytes, kept as they are.
    pub bytes: Vec<u8>,
    /// Width in pixels.
    pub width_px: u32,
    /// Height in pixels.
    pub height_px: u32,
}

/// A board read from a Universal VTT file: the grid with its walls and doors (no map yet: the
/// picture is kept first, then named), and the picture.
#[derive(Debug, Clone, PartialEq)]
pub struct UvttBoard {
    /// Squares, walls and doors.
    pub grid: Grid,
    /// The map picture.
    pub picture: Picture,
}

/// Whether a path names a Universal VTT file (by its extension).
pub fn is_uvtt(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| ["dd2vtt", "uvtt", "df2vtt"].contains(&e.to_ascii_lowercase().as_str()))
}

fn name_of(path: &Path) -> String {
    path.file_name()
        .map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned())
}

/// Reads a picture file (regular file, bounded, a PNG, JPEG or WebP that decodes).
pub fn read_picture(path: &Path) -> Result<Picture, MapError> {
    let file = name_of(path);
    let bytes = read_bytes(path, &file, MAX_PICTURE_BYTES)?;
    picture(&file, "", bytes)
}

/// Checks picture bytes: a kind Fray reads, within the size limits, decodable.
fn picture(file: &str, field: &str, bytes: Vec<u8>) -> Result<Picture, MapError> {
    let at = |m: String| if field.is_empty() { m } else { format!("field '{field}': {m}") };
    if bytes.len() as u64 > MAX_PICTURE_BYTES {
        return Err(MapError::one(
            file,
            at(format!(
                "the picture {}",
                fray_data::files::too_big(bytes.len() as u64, MAX_PICTURE_BYTES, "a map may be")
            )),
        ));
    }
    let reader = ImageReader::new(Cursor::new(bytes.as_slice()))
        .with_guessed_format()
        .map_err(|e| MapError::one(file, at(e.to_string())))?;
    if !matches!(reader.format(), Some(ImageFormat::Png | ImageFormat::Jpeg | ImageFormat::WebP)) {
        return Err(MapError::one(file, at("not a PNG, JPEG or WebP picture".into())));
    }
    let (width_px, height_px) = reader
        .into_dimensions()
        .map_err(|e| MapError::one(file, at(format!("the picture does not read: {e}"))))?;
    if width_px > MAX_SIDE_PX || height_px > MAX_SIDE_PX {
        return Err(MapError::one(
            file,
            at(format!(
                "the picture is {width_px} × {height_px} pixels; a map may be at most \
                 {MAX_SIDE_PX} on a side"
            )),
        ));
    }
    // Decode it once whole: a picture whose header reads but whose pixels do not is refused
    // here, not when the board is drawn.
    let mut reader = ImageReader::new(Cursor::new(bytes.as_slice()))
        .with_guessed_format()
        .map_err(|e| MapError::one(file, at(e.to_string())))?;
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE_PX);
    limits.max_image_height = Some(MAX_SIDE_PX);
    limits.max_alloc = Some(MAX_ALLOC);
    reader.limits(limits);
    let image = reader
        .decode()
        .map_err(|e| MapError::one(file, at(format!("the picture does not read: {e}"))))?;
    if width_px.max(height_px) <= MAX_STORED_PX {
        return Ok(Picture { bytes, width_px, height_px });
    }
    let kept = crate::picture_copy::scaled_to_fit(&image, MAX_STORED_PX)
        .map_err(|e| MapError::one(file, at(format!("the picture could not be scaled: {e}"))))?;
    Ok(kept)
}

/// A regular file's bytes, at most `max` of them.
fn read_bytes(path: &Path, file: &str, max: u64) -> Result<Vec<u8>, MapError> {
    let meta = std::fs::metadata(path).map_err(|e| MapError::one(file, e.to_string()))?;
    if !meta.is_file() {
        return Err(MapError::one(file, "not a regular file"));
    }
    if meta.len() > max {
        return Err(MapError::one(
            file,
            fray_data::files::too_big(meta.len(), max, "a map file may be"),
        ));
    }
    std::fs::read(path).map_err(|e| MapError::one(file, e.to_string()))
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
    image: String,
}

/// Reads a Universal VTT file into a board.
pub fn read_uvtt(path: &Path) -> Result<UvttBoard, MapError> {
    let file = name_of(path);
    let bytes = read_bytes(path, &file, MAX_UVTT_BYTES)?;
    let text = String::from_utf8(bytes).map_err(|_| MapError::one(&file, "not UTF-8 text"))?;
    uvtt(&file, text.trim_start_matches('\u{feff}'))
}

/// A Universal VTT document's board (`file` names it in messages).
pub fn uvtt(file: &str, text: &str) -> Result<UvttBoard, MapError> {
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
    let mut problems = Vec::new();
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
    let origin = doc.resolution.map_origin.as_ref().map_or((0.0, 0.0), |o| (o.x, o.y));
    let mut grid = Grid::new(width, height, 5);
    // A point of the file, checked to lie on the map (half a square of slack for walls drawn
    // on its very edge), as grid coordinates.
    let point = |field: String, p: &Point, problems: &mut Vec<String>| -> Option<(f64, f64)> {
        let (x, y) = (p.x - origin.0, p.y - origin.1);
        let inside = x.is_finite()
            && y.is_finite()
            && (-0.5..=f64::from(width) + 0.5).contains(&x)
            && (-0.5..=f64::from(height) + 0.5).contains(&y);
        if inside {
            Some((x.clamp(0.0, f64::from(width)), y.clamp(0.0, f64::from(height))))
        } else {
            problems.push(format!(
                "field '{field}': ({}, {}) lies outside the {width} × {height} map",
                p.x, p.y
            ));
            None
        }
    };
    for (list, lines) in [
        ("line_of_sight", &doc.line_of_sight),
        ("objects_line_of_sight", &doc.objects_line_of_sight),
    ] {
        for (i, line) in lines.iter().enumerate() {
            let points: Vec<_> = line
                .iter()
                .enumerate()
                .map(|(j, p)| point(format!("{list}[{i}][{j}]"), p, &mut problems))
                .collect();
            for pair in points.windows(2) {
                if let [Some(a), Some(b)] = pair {
                    for e in staircase(*a, *b) {
                        grid.set_wall(e, Some(WallKind::Wall));
                    }
                }
            }
        }
    }
    for (i, portal) in doc.portals.iter().enumerate() {
        let [a, b] = portal.bounds.as_slice() else {
            problems.push(format!("field 'portals[{i}].bounds': a door needs its two ends"));
            continue;
        };
        let a = point(format!("portals[{i}].bounds[0]"), a, &mut problems);
        let b = point(format!("portals[{i}].bounds[1]"), b, &mut problems);
        if let (Some(a), Some(b)) = (a, b) {
            for e in staircase(a, b) {
                grid.set_wall(e, Some(WallKind::Door { open: !portal.closed }));
            }
        }
    }
    // Walls on the outer border are kept; none can fall off (points are clamped), but check.
    grid.walls.retain(|w| grid_has(width, height, w.edge));
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(doc.image.trim())
        .map_err(|e| MapError::one(file, format!("field 'image': not base64: {e}")));
    let picture = match bytes {
        Ok(bytes) => picture(file, "image", bytes),
        Err(e) => Err(e),
    };
    match picture {
        Ok(picture) if problems.is_empty() => Ok(UvttBoard { grid, picture }),
        Ok(_) => Err(MapError { file: file.to_owned(), problems: cap(problems) }),
        Err(mut e) => {
            problems.append(&mut e.problems);
            Err(MapError { file: file.to_owned(), problems: cap(problems) })
        }
    }
}

fn grid_has(width: u16, height: u16, e: Edge) -> bool {
    Grid::new(width, height, 5).has_edge(e)
}

fn cap(mut problems: Vec<String>) -> Vec<String> {
    if problems.len() > MAX_PROBLEMS {
        let more = problems.len() - MAX_PROBLEMS;
        problems.truncate(MAX_PROBLEMS);
        problems.push(format!("and {more} more"));
    }
    problems
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
        let board = uvtt("keep.dd2vtt", &text).unwrap();
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
        assert_eq!((board.picture.width_px, board.picture.height_px), (1, 1));
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
        let e = uvtt("m.dd2vtt", "{\"resolution\": ").unwrap_err();
        assert_eq!(e.to_string(), "m.dd2vtt: EOF while parsing a value at line 1 column 15");
        let e =
            uvtt("m.dd2vtt", &doc(r#""line_of_sight": [[{"x": 4, "y": 0}, {"x": 40, "y": 0}]],"#))
                .unwrap_err();
        assert_eq!(
            e.to_string(),
            "m.dd2vtt: field 'line_of_sight[0][1]': (40, 0) lies outside the 10 × 8 map"
        );
        let text = doc("").replace(DOT, "not-base64!");
        let e = uvtt("m.dd2vtt", &text).unwrap_err();
        assert!(e.to_string().starts_with("m.dd2vtt: field 'image': not base64"), "{e}");
        let text = doc("").replace(DOT, "aGVsbG8gd29ybGQ=");
        let e = uvtt("m.dd2vtt", &text).unwrap_err();
        assert_eq!(e.to_string(), "m.dd2vtt: field 'image': not a PNG, JPEG or WebP picture");
        let text = doc("").replace("\"x\": 10, \"y\": 8", "\"x\": 10.5, \"y\": 8");
        let e = uvtt("m.dd2vtt", &text).unwrap_err();
        assert!(e.to_string().contains("field 'resolution.map_size'"), "{e}");
        let text = doc(r#""portals": [{"bounds": [{"x": 1, "y": 1}]}],"#);
        let e = uvtt("m.dd2vtt", &text).unwrap_err();
        assert_eq!(e.to_string(), "m.dd2vtt: field 'portals[0].bounds': a door needs its two ends");
        let e = uvtt("m.dd2vtt", r#"{"resolution": {"map_size": {"x": 2, "y": 2}}, "image": 5}"#)
            .unwrap_err();
        assert!(e.to_string().starts_with("m.dd2vtt: field 'image': invalid type"), "{e}");
    }
}
