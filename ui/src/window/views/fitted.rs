//! Words fitted whole into a room of their own (issue 64). A room keeps its size whatever it
//! holds, so nothing under the pointer moves when its words change; the words must still be
//! read whole there (a name, an answer, a ruling: a "…" and a tooltip are not enough). So they
//! stand at their own size when that fits, smaller when it does not, down to a size still read
//! at arm's length, and only then taller than the room: whole, the room grown. Their rows stay
//! as tall as rows of the room's own size where the room has the height, so a smaller size
//! does not make a room of one row shorter either.

use eframe::egui;
use std::sync::Arc;

/// The room some words have, and the sizes they may take there.
#[derive(Clone, Copy, Debug)]
pub struct Room {
    /// Its width, in points.
    pub width: f32,
    /// Its height, in points.
    pub height: f32,
    /// The size the words take when they fit.
    pub size: f32,
    /// The smallest size they shrink to before growing the room.
    pub least: f32,
}

impl Room {
    /// A room of `rows` rows of text of `size`, `width` wide.
    pub fn rows(ctx: &egui::Context, width: f32, rows: usize, size: f32, least: f32) -> Self {
        let row = ctx.fonts_mut(|f| f.row_height(&egui::FontId::proportional(size)));
        Room { width, height: row * rows.max(1) as f32, size, least }
    }
}

/// One run of words in its colour, its size a share of the room's (1.0: the room's size).
#[derive(Clone, Copy, Debug)]
pub struct Part<'a> {
    /// The words.
    pub text: &'a str,
    /// Their colour.
    pub colour: egui::Color32,
    /// Their size, as a share of the size the whole is laid out at.
    pub scale: f32,
}

/// The step the size shrinks by, in points.
const STEP: f32 = 1.0;

/// `text` laid out in `colour` to stand whole in `room` (see [`fitted_parts`]).
pub fn fitted(
    ctx: &egui::Context,
    text: &str,
    colour: egui::Color32,
    room: Room,
) -> Arc<egui::Galley> {
    fitted_parts(ctx, &[Part { text, colour, scale: 1.0 }], room)
}

/// `parts` laid out to stand whole in `room`: at the largest size from the room's down to its
/// least at which they fit its width and height, each row then as tall as one of the room's
/// size when the room has that height for every row; else at the least size, on as many rows
/// as they need, taller than the room. Never cut short.
pub fn fitted_parts(ctx: &egui::Context, parts: &[Part], room: Room) -> Arc<egui::Galley> {
    let fits = |size: f32| {
        let galley = laid_out(ctx, parts, size, None, room.width);
        galley.size().x <= room.width + 0.5 && galley.size().y <= room.height + 0.5
    };
    let Some(size) = largest_fitting(room.size, room.least, fits) else {
        return laid_out(ctx, parts, room.least, None, room.width);
    };
    let galley = laid_out(ctx, parts, size, None, room.width);
    let rows = galley.rows.len().max(1) as f32;
    // Rows as tall as at the room's size where the room has the height for it.
    let full = ctx.fonts_mut(|f| f.row_height(&egui::FontId::proportional(room.size)));
    let row = full.min(room.height / rows).max(galley.size().y / rows);
    laid_out(ctx, parts, size, Some(whole_pixels(ctx, row, rows, room.height)), room.width)
}

/// `row` as egui will draw it: it rounds a row's height to the pixel, so rows of a room that
/// is not a whole number of pixels tall could come out taller than the room together (two of
/// 28.6 are 58, in a room of 57.2; rows of words of two sizes, 18.5 each from 18 and 19, are
/// 19) and the words, which fit, be taken for words that do not. Rounded down then, to the
/// pixel.
fn whole_pixels(ctx: &egui::Context, row: f32, rows: f32, height: f32) -> f32 {
    let ppp = ctx.pixels_per_point();
    if (row * ppp).round() / ppp * rows > height + 0.5 { (row * ppp).floor() / ppp } else { row }
}

/// The largest size from `size` down to `least`, a step at a time, at which `fits` holds;
/// none if it does not hold even at `least`. The one way words shrink to their room: the
/// galleys above, and a row of buttons whose words shrink together.
pub fn largest_fitting(size: f32, least: f32, mut fits: impl FnMut(f32) -> bool) -> Option<f32> {
    let mut size = size;
    loop {
        if fits(size) {
            return Some(size);
        }
        if size <= least {
            return None;
        }
        size = (size - STEP).max(least);
    }
}

/// The size `galley`'s words were laid out at (its first part's).
pub fn size_of(galley: &egui::Galley) -> f32 {
    galley.job.sections.first().map_or(0.0, |s| s.format.font_id.size)
}

/// `parts` at `size`, in rows `row` tall (their own height if none), wrapped at `width`,
/// never elided.
fn laid_out(
    ctx: &egui::Context,
    parts: &[Part],
    size: f32,
    row: Option<f32>,
    width: f32,
) -> Arc<egui::Galley> {
    let mut job = egui::text::LayoutJob::default();
    for part in parts {
        let format = egui::TextFormat {
            font_id: egui::FontId::proportional(size * part.scale),
            color: part.colour,
            line_height: row,
            valign: egui::Align::Center,
            ..Default::default()
        };
        job.append(part.text, 0.0, format);
    }
    job.wrap = egui::text::TextWrapping {
        max_width: width.max(1.0),
        max_rows: usize::MAX,
        break_anywhere: false,
        overflow_character: None,
    };
    ctx.fonts_mut(|f| f.layout_job(job))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `text` fitted into a room `width` wide of `rows` rows of `size`, shrinking to `least`,
    /// in a pass of a fresh context (its fonts are ready there); and the room's height.
    fn fit(
        text: &str,
        width: f32,
        rows: usize,
        (size, least): (f32, f32),
    ) -> (Arc<egui::Galley>, f32) {
        let ctx = egui::Context::default();
        let mut out = None;
        let mut output = ctx.run_ui(egui::RawInput::default(), |ui| {
            let room = Room::rows(ui.ctx(), width, rows, size, least);
            out = Some((fitted(ui.ctx(), text, egui::Color32::WHITE, room), room.height));
        });
        // Nothing is drawn: the fonts' textures are not wanted.
        output.textures_delta.clear();
        out.expect("laid out in the pass")
    }

    const LONG: &str = "The pontiff detachment the Quick";

    #[test]
    fn words_that_fit_keep_their_size_and_the_rooms_height() {
        let (g, height) = fit(LONG, 1000.0, 1, (30.0, 18.0));
        assert_eq!((g.rows.len(), g.elided, size_of(&g)), (1, false, 30.0));
        assert!((g.size().y - height).abs() < 1.0);
    }

    #[test]
    fn words_too_long_shrink_into_the_room_and_keep_its_height() {
        let (wide, height) = fit(LONG, 1000.0, 1, (30.0, 12.0));
        // Narrower than the words at 30 points, wider than at 12.
        let width = wide.size().x * 0.7;
        let (g, _) = fit(LONG, width, 1, (30.0, 12.0));
        assert_eq!(g.rows.len(), 1, "one row, smaller");
        assert!(g.size().x <= width + 0.5 && !g.elided, "{:?} in {width}", g.size());
        assert!(size_of(&g) < 30.0 && size_of(&g) >= 12.0);
        assert!((g.size().y - height).abs() < 1.0, "the row as tall as the room");
        // Two rows of room: the words keep more of their size, on two rows.
        let (two, height) = fit(LONG, width, 2, (30.0, 12.0));
        assert!(size_of(&two) > size_of(&g) && two.rows.len() == 2);
        // Each row is rounded to the pixel: within a point of the room.
        let said = format!("both rows as tall as the room's: {} in {height}", two.size().y);
        assert!((two.size().y - height).abs() < 1.0, "{said}");
        // One row in a room of two keeps the height of one: the words stand at its top.
        let (one, height) = fit("Quick", width, 2, (30.0, 12.0));
        assert!((one.size().y - height / 2.0).abs() < 1.0, "{} in {height}", one.size().y);
    }

    #[test]
    fn words_that_cannot_fit_at_the_least_size_grow_the_room_whole() {
        let (g, height) = fit(LONG, 60.0, 1, (30.0, 18.0));
        assert!(g.rows.len() > 1 && !g.elided && g.size().y > height, "{} rows", g.rows.len());
        assert_eq!((g.text(), size_of(&g)), (LONG, 18.0));
    }

    /// Words that fit their room at some size come back no taller than the room, at any
    /// room size, width and scale: the row height egui rounds to the pixel included (the
    /// question in Sovereign at 1366 × 768 once fitted at 20 points, came out 58 tall in a
    /// room of 57.2, and was drawn at the least size on one row, cut short).
    #[test]
    fn words_that_fit_come_back_no_taller_than_their_room() {
        let words = ["Bandit captain the Bold's turn (60 ft left)", LONG, "Quick"];
        let mut checked = 0;
        for zoom in [1.0, 1.25, 1.5, 2.0] {
            in_pass_at(zoom, |ctx| {
                for (size, rows) in (14..=26).flat_map(|s| (1..=3).map(move |r| (s as f32, r))) {
                    for (width, text) in [90.0, 180.0, 260.0, 340.0, 520.0]
                        .into_iter()
                        .flat_map(|w| words.map(|t| (w, t)))
                    {
                        let room = Room::rows(ctx, width, rows, size, 11.0);
                        // Some words at a size of their own, as the headline's "act together".
                        let parts = [part(text, 1.0), part(" act together", 0.7)];
                        let parts = if text == LONG { &parts[..] } else { &parts[..1] };
                        let g = fitted_parts(ctx, parts, room);
                        let natural_at_least = laid_out(ctx, parts, 11.0, None, width);
                        // Only words that cannot fit even at the least size may grow the room.
                        let natural = natural_at_least.size();
                        if natural.x <= width + 0.5 && natural.y <= room.height + 0.5 {
                            let said =
                                format!("{text:?} {size}pt {rows} rows {width} wide ×{zoom}");
                            let got = (g.size(), size_of(&g));
                            assert!(g.size().y <= room.height + 0.5, "{said}: {got:?} in {room:?}");
                            checked += 1;
                        }
                    }
                }
            });
        }
        assert!(checked > 500, "only {checked} rooms held their words");
    }

    fn part(text: &str, scale: f32) -> Part<'_> {
        Part { text, colour: egui::Color32::WHITE, scale }
    }

    /// `check` run in a pass of a fresh context at `zoom` points to the pixel.
    fn in_pass_at(zoom: f32, mut check: impl FnMut(&egui::Context)) {
        let ctx = egui::Context::default();
        ctx.set_zoom_factor(zoom);
        // The zoom takes effect from the next pass.
        for pass in 0..2 {
            let mut output = ctx.run_ui(egui::RawInput::default(), |ui| {
                if pass == 1 {
                    assert_eq!(ui.ctx().pixels_per_point(), zoom);
                    check(ui.ctx());
                }
            });
            // Nothing is drawn: the fonts' textures are not wanted.
            output.textures_delta.clear();
        }
    }

    #[test]
    fn the_largest_fitting_size_shrinks_a_point_at_a_time_to_the_least() {
        let mut tried = Vec::new();
        let found = largest_fitting(17.0, 13.0, |size| {
            tried.push(size);
            size <= 15.0
        });
        assert_eq!((found, tried), (Some(15.0), vec![17.0, 16.0, 15.0]));
        assert_eq!(largest_fitting(17.0, 13.0, |_| true), Some(17.0));
        assert_eq!(largest_fitting(17.0, 13.0, |size| size < 13.0), None);
    }
}
