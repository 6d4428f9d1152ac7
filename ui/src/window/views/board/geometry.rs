//! Where things go on the board, in board units (logical points at 100 %): zone cards, their
//! automatic placement, and the grid of tokens inside a card. Pure functions, no egui state.

use eframe::egui::{Pos2, Rect, Vec2, pos2, vec2};
use fray_app::encounter::BoardRect;

/// Size of a new zone card.
pub const CARD_SIZE: Vec2 = vec2(380.0, 240.0);
/// Smallest card the GM can resize to.
pub const MIN_CARD_SIZE: Vec2 = vec2(220.0, 130.0);
/// Smallest card drawn, whatever size is stored.
pub const SMALLEST_SHOWN: Vec2 = vec2(200.0, 110.0);
/// Space between automatically placed cards.
pub const GAP: f32 = 48.0;
/// Cards per row of the automatic placement.
pub const COLUMNS: usize = 4;
/// Top-left corner of the automatic placement.
pub const ORIGIN: Pos2 = pos2(24.0, 24.0);

/// Height of a card's title bar.
pub const TITLE_HEIGHT: f32 = 40.0;
/// Height of the second title row (count and buttons) when the name needs the whole width.
pub const TITLE_ROW2: f32 = 32.0;
/// Size of a zone's name on its card.
pub const TITLE_FONT: f32 = 18.0;
/// Width of a title-bar button.
pub const BUTTON_WIDTH: f32 = 44.0;
/// Smallest board zoom.
pub const MIN_ZOOM: f32 = 0.5;
/// Smallest zoom of a grid board: a whole dungeon level in view, for the overview (tokens
/// are small there; Fit never goes below [`MIN_FIT_ZOOM`]). The benchmark's 100-square-wide
/// level fits a 1600×1000 window's board at it, under the tray's row.
pub const GRID_MIN_ZOOM: f32 = 0.1;
/// The smallest zoom of a board: a grid may be looked at from further away than zone cards.
pub fn min_zoom(state: &fray_app::encounter::Encounter) -> f32 {
    if state.grid.is_some() { GRID_MIN_ZOOM } else { MIN_ZOOM }
}
/// Largest board zoom.
pub const MAX_ZOOM: f32 = 3.0;
/// Largest zoom "Fit" picks (one small card should not fill the screen).
pub const MAX_FIT_ZOOM: f32 = 2.0;
/// Smallest zoom "Fit" picks at 100 % UI scale: below it names are too small to read from
/// arm's length, so a bigger board is shown from its top-left corner and the GM pans (or
/// zooms out by hand). What is readable is a size in pixels: at a higher UI scale the floor
/// is lower by as much ([`min_fit_zoom`]).
pub const MIN_FIT_ZOOM: f32 = 0.8;

/// The smallest zoom "Fit" picks with `pixels_per_point` (2.0 at 200 %): the same size in
/// pixels as [`MIN_FIT_ZOOM`] at 100 %, never below `lowest` (the board's own smallest zoom,
/// [`min_zoom`]: a grid's squares read well at half the zoom zone cards need).
pub fn min_fit_zoom(pixels_per_point: f32, lowest: f32) -> f32 {
    (MIN_FIT_ZOOM / pixels_per_point.max(1.0)).max(lowest)
}
/// Height of the note line under the title, when there is a note.
pub const NOTE_HEIGHT: f32 = 22.0;
/// Inner padding of a card.
pub const PAD: f32 = 8.0;

/// Space between tokens.
pub const TILE_GAP: f32 = 6.0;
/// Width of a token with its bars and chips.
pub const FULL_TILE_WIDTH: f32 = 178.0;
/// A compact token (disc, name, one bar with its numbers), used when a card is crowded.
pub const COMPACT_TILE: Vec2 = vec2(168.0, 50.0);
/// Diameter of a full token's disc.
pub const FULL_DISC: f32 = 40.0;
/// Diameter of a compact token's disc.
pub const COMPACT_DISC: f32 = 30.0;
/// Height of a full token's name line.
pub const NAME_HEIGHT: f32 = 23.0;
/// Height of one bar line (bar and its numbers).
pub const BAR_LINE: f32 = 18.0;
/// Height of the line of range and condition chips.
pub const CHIP_LINE: f32 = 19.0;

/// The card rect a stored zone rect describes; `None` for the zero rect of a zone the GM
/// never placed.
pub fn placed(r: &BoardRect) -> Option<Rect> {
    (r.w > 0.0 && r.h > 0.0).then(|| Rect::from_min_size(pos2(r.x, r.y), vec2(r.w, r.h)))
}

/// A card rect as stored: whole board units. (Resizing keeps cards above
/// [`MIN_CARD_SIZE`]; moving keeps the size the card had.)
pub fn to_board(r: Rect) -> BoardRect {
    BoardRect {
        x: r.min.x.round(),
        y: r.min.y.round(),
        w: r.width().round().max(1.0),
        h: r.height().round().max(1.0),
    }
}

/// The first cell of the automatic grid where a card of `size` overlaps none of `occupied`.
pub fn free_spot(occupied: &[Rect], size: Vec2) -> Rect {
    let step = CARD_SIZE + Vec2::splat(GAP);
    // Enough cells for any board a GM builds; past them, below everything.
    for i in 0..4096 {
        let cell = ORIGIN + vec2((i % COLUMNS) as f32 * step.x, (i / COLUMNS) as f32 * step.y);
        let candidate = Rect::from_min_size(cell, size);
        let padded = candidate.expand(GAP / 2.0 - 1.0);
        if !occupied.iter().any(|o| o.intersects(padded)) {
            return candidate;
        }
    }
    let bottom = occupied.iter().map(|r| r.max.y).fold(ORIGIN.y, f32::max);
    Rect::from_min_size(pos2(ORIGIN.x, bottom + GAP), size)
}

/// Card rects for zones in order: placed ones where the GM put them, the others in free
/// cells of the automatic grid (shown there, stored only once the GM moves them).
pub fn place_all(stored: impl Iterator<Item = BoardRect>) -> Vec<Rect> {
    let stored: Vec<Option<Rect>> = stored.map(|r| placed(&r)).collect();
    let mut taken: Vec<Rect> = stored.iter().flatten().copied().collect();
    stored
        .into_iter()
        .map(|r| {
            r.unwrap_or_else(|| {
                let spot = free_spot(&taken, CARD_SIZE);
                taken.push(spot);
                spot
            })
        })
        .collect()
}

/// How tokens sit in a card.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TokenGrid {
    /// Whether tokens are compact.
    pub compact: bool,
    /// Tokens per row.
    pub columns: usize,
    /// Size of one token.
    pub tile: Vec2,
    /// Space between tokens.
    pub gap: f32,
}

impl TokenGrid {
    /// The grid for `count` tokens in a card body of `inner` size: full tokens when they fit,
    /// compact ones otherwise. `full_height` is the height of a full token in this card.
    pub fn fit(inner: Vec2, count: usize, full_height: f32) -> Self {
        let full = Self::with_tile(inner.x, vec2(FULL_TILE_WIDTH, full_height), false);
        if full.height(count) <= inner.y {
            return full;
        }
        Self::with_tile(inner.x, COMPACT_TILE, true)
    }

    fn with_tile(width: f32, tile: Vec2, compact: bool) -> Self {
        let columns = (((width + TILE_GAP) / (tile.x + TILE_GAP)).floor() as usize).max(1);
        // Share the spare width among the columns so the tiles fill the card.
        let spare = width - columns as f32 * tile.x - (columns - 1) as f32 * TILE_GAP;
        let tile = vec2(tile.x + (spare / columns as f32).max(0.0), tile.y);
        Self { compact, columns, tile, gap: TILE_GAP }
    }

    /// The same grid drawn at `zoom`.
    pub fn scaled(&self, zoom: f32) -> Self {
        Self { tile: self.tile * zoom, gap: self.gap * zoom, ..*self }
    }

    /// Height of `count` tokens.
    pub fn height(&self, count: usize) -> f32 {
        let rows = count.div_ceil(self.columns);
        if rows == 0 { 0.0 } else { rows as f32 * (self.tile.y + self.gap) - self.gap }
    }

    /// Where the `i`-th token goes, from the grid's top-left corner.
    pub fn tile_rect(&self, origin: Pos2, i: usize) -> Rect {
        let (row, col) = (i / self.columns, i % self.columns);
        let min = origin
            + vec2(col as f32 * (self.tile.x + self.gap), row as f32 * (self.tile.y + self.gap));
        Rect::from_min_size(min, self.tile)
    }
}

/// Height of a full token showing `bars` bars, with or without the chip line.
pub fn full_tile_height(bars: usize, chips: bool) -> f32 {
    let text =
        6.0 + NAME_HEIGHT + bars as f32 * BAR_LINE + if chips { CHIP_LINE } else { 0.0 } + 6.0;
    text.max(FULL_DISC + 12.0)
}

/// A card's layout: its rect (grown to show every token) and the rect of its tokens' grid.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CardLayout {
    /// The whole card.
    pub rect: Rect,
    /// Where the tokens go.
    pub body: Rect,
    /// How they sit.
    pub grid: TokenGrid,
    /// Whether the name has the title bar's first row to itself (count and buttons below).
    pub two_rows: bool,
    /// How many screen points a board unit is (1 in board units).
    pub zoom: f32,
}

impl CardLayout {
    /// Height of the title bar, in this layout's units.
    pub fn title_height(&self) -> f32 {
        title_height(self.two_rows) * self.zoom
    }

    /// This layout on screen: board units times `zoom`, from `origin`.
    pub fn to_screen(self, view: Transform) -> Self {
        Self {
            rect: view.rect(self.rect),
            body: view.rect(self.body),
            grid: self.grid.scaled(view.zoom),
            two_rows: self.two_rows,
            zoom: view.zoom,
        }
    }
}

/// Height of a card's title bar in board units.
pub fn title_height(two_rows: bool) -> f32 {
    TITLE_HEIGHT + if two_rows { TITLE_ROW2 } else { 0.0 }
}

/// Whether a name `name_width` wide (and a count `count_width` wide) leave room for the
/// buttons on one row of a card `card_width` wide (board units).
pub fn title_fits_one_row(card_width: f32, name_width: f32, count_width: f32) -> bool {
    let card_width = card_width.max(SMALLEST_SHOWN.x);
    12.0 + name_width + 10.0 + count_width + 8.0 + 2.0 * BUTTON_WIDTH + 4.0 + 6.0 <= card_width
}

/// The board's view: where board point (0, 0) is on screen, and the zoom.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Transform {
    /// Screen position of the board's origin.
    pub origin: Vec2,
    /// Screen points per board unit.
    pub zoom: f32,
}

impl Transform {
    /// A board rect on screen.
    pub fn rect(&self, r: Rect) -> Rect {
        Rect::from_min_size(self.pos(r.min), r.size() * self.zoom)
    }

    /// A board point on screen.
    pub fn pos(&self, p: Pos2) -> Pos2 {
        (p.to_vec2() * self.zoom + self.origin).to_pos2()
    }

    /// A screen point on the board.
    pub fn board_pos(&self, p: Pos2) -> Pos2 {
        ((p.to_vec2() - self.origin) / self.zoom).to_pos2()
    }
}

/// The pan (offset of the board's origin from the canvas's corner) and zoom that show all of
/// `bounds` (board units) centred in `canvas` with `margin` around, zooming out no further
/// than `min_zoom` (a bigger board shows its top-left corner).
pub fn fit(bounds: Rect, canvas: Rect, margin: f32, min_zoom: f32) -> (Vec2, f32) {
    let room = (canvas.size() - Vec2::splat(2.0 * margin)).max(Vec2::splat(1.0));
    let size = bounds.size().max(Vec2::splat(1.0));
    let zoom = (room.x / size.x).min(room.y / size.y);
    if zoom < min_zoom {
        let origin = Vec2::splat(margin) - bounds.min.to_vec2() * min_zoom;
        return (origin, min_zoom);
    }
    let zoom = zoom.min(MAX_FIT_ZOOM);
    let origin = canvas.center().to_vec2() - bounds.center().to_vec2() * zoom;
    (origin - canvas.min.to_vec2(), zoom)
}

/// Lays out a card at `rect` holding `count` tokens whose full height is `full_height`.
/// A card too small for its tokens grows downwards (on screen only; the stored size stays).
pub fn card_layout(
    rect: Rect,
    count: usize,
    full_height: f32,
    note: bool,
    two_rows: bool,
) -> CardLayout {
    // Scripts may store cards smaller than the title bar needs; show them at a usable size.
    let rect = Rect::from_min_size(rect.min, rect.size().max(SMALLEST_SHOWN));
    let top = title_height(two_rows) + if note { NOTE_HEIGHT } else { 0.0 } + PAD;
    let inner = vec2(rect.width() - 2.0 * PAD, rect.height() - top - PAD);
    let grid = TokenGrid::fit(inner, count, full_height);
    let needed = top + grid.height(count) + PAD;
    let rect = Rect::from_min_size(rect.min, vec2(rect.width(), rect.height().max(needed)));
    let body = Rect::from_min_max(rect.min + vec2(PAD, top), rect.max - vec2(PAD, PAD));
    CardLayout { rect, body, grid, two_rows, zoom: 1.0 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_rects_are_unplaced_and_stored_rects_round() {
        assert_eq!(placed(&BoardRect::default()), None);
        let r = placed(&BoardRect { x: 10.0, y: 20.0, w: 300.0, h: 200.0 }).unwrap();
        assert_eq!(r, Rect::from_min_size(pos2(10.0, 20.0), vec2(300.0, 200.0)));
        let b = to_board(Rect::from_min_size(pos2(10.4, 19.6), vec2(200.0, 400.2)));
        assert_eq!(b, BoardRect { x: 10.0, y: 20.0, w: 200.0, h: 400.0 });
    }

    #[test]
    fn free_spots_fill_the_grid_around_placed_cards() {
        let first = free_spot(&[], CARD_SIZE);
        assert_eq!(first.min, ORIGIN);
        let second = free_spot(&[first], CARD_SIZE);
        assert_eq!(second.min, ORIGIN + vec2(CARD_SIZE.x + GAP, 0.0));
        // A card the GM dropped over the second cell pushes the next one further.
        let moved = Rect::from_min_size(second.min + vec2(30.0, 30.0), CARD_SIZE);
        let third = free_spot(&[first, moved], CARD_SIZE);
        assert!(!third.intersects(moved) && !third.intersects(first));
    }

    #[test]
    fn unplaced_zones_get_distinct_cells() {
        let stored = [
            BoardRect::default(),
            BoardRect { x: 24.0, y: 24.0, w: 380.0, h: 240.0 },
            BoardRect::default(),
        ];
        let rects = place_all(stored.into_iter());
        assert_eq!(rects[1].min, ORIGIN);
        assert!(!rects[0].intersects(rects[1]));
        assert!(!rects[2].intersects(rects[0]) && !rects[2].intersects(rects[1]));
    }

    #[test]
    fn crowded_cards_go_compact_then_grow() {
        let rect = Rect::from_min_size(Pos2::ZERO, CARD_SIZE);
        let h = full_tile_height(1, false);
        let few = card_layout(rect, 2, h, false, false);
        assert!(!few.grid.compact);
        assert_eq!(few.rect, rect);
        let many = card_layout(rect, 30, h, false, true);
        assert!(many.grid.compact);
        assert!(many.rect.height() > rect.height());
        let last = many.grid.tile_rect(many.body.min, 29);
        assert!(many.body.contains_rect(last));
    }

    #[test]
    fn fit_centres_the_board_and_clamps_the_zoom() {
        let canvas = Rect::from_min_size(pos2(100.0, 50.0), vec2(1000.0, 600.0));
        let bounds = Rect::from_min_size(pos2(24.0, 24.0), vec2(400.0, 200.0));
        let (pan, zoom) = fit(bounds, canvas, 20.0, MIN_FIT_ZOOM);
        assert_eq!(zoom, MAX_FIT_ZOOM);
        let view = Transform { origin: canvas.min.to_vec2() + pan, zoom };
        assert!((view.rect(bounds).center() - canvas.center()).length() < 0.01);
        // Too big to fit readably: the smallest readable zoom, top-left corner in view.
        let huge = Rect::from_min_size(pos2(30.0, 40.0), vec2(9000.0, 300.0));
        let (pan, zoom) = fit(huge, canvas, 20.0, MIN_FIT_ZOOM);
        assert_eq!(zoom, MIN_FIT_ZOOM);
        let big = Transform { origin: canvas.min.to_vec2() + pan, zoom };
        assert!((big.pos(huge.min) - (canvas.min + vec2(20.0, 20.0))).length() < 0.01);
        let wide = Rect::from_min_size(Pos2::ZERO, vec2(1100.0, 300.0));
        let (_, zoom) = fit(wide, canvas, 20.0, MIN_FIT_ZOOM);
        assert!((zoom - 960.0 / 1100.0).abs() < 0.01);
        // At 200 % the same pixels are half the zoom: a board twice too wide still fits whole.
        let (_, zoom) = fit(
            Rect::from_min_size(Pos2::ZERO, vec2(1600.0, 300.0)),
            canvas,
            20.0,
            min_fit_zoom(2.0, MIN_ZOOM),
        );
        assert!((zoom - 0.6).abs() < 0.01, "{zoom}");
        assert_eq!(min_fit_zoom(1.0, MIN_ZOOM), MIN_FIT_ZOOM);
        assert_eq!(min_fit_zoom(4.0, MIN_ZOOM), MIN_ZOOM, "never below the smallest zoom");
        // A grid at 200 %: the same pixels as 100 %, below the zone cards' floor.
        assert_eq!(min_fit_zoom(2.0, GRID_MIN_ZOOM), MIN_FIT_ZOOM / 2.0);
        let p = pos2(300.0, 200.0);
        assert!((view.board_pos(view.pos(p)) - p).length() < 0.001);
    }
}
