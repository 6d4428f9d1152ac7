//! The recap on the TV: the players' recap ([`TableRecap`], decided by the table view's rules
//! in the core) in large type on the dark table — the fight in a few sentences, a line per
//! combatant the players know with a bar of harm when numbers may be shown, and how the dice
//! they saw fell. Turned 180° and scaled like the board; every line wrapped inside the window
//! (issue 64: at 640 points the headline ran past its edge).

use super::campaign::recap_charts::colour;
use super::player_window::{INK, Turn, WEAK, painted};
use eframe::egui::{self, Color32, FontId, Rect, pos2, vec2};
use fray_app::table_view::{RecapRow, TableRecap, TableView};
use std::sync::Arc;

/// Paints `recap` into the whole of `ui`: every line wrapped inside the window, and what no
/// longer fits at its bottom left out whole rather than cut (the rows and the dice come last).
pub fn recap_tv_ui(ui: &mut egui::Ui, recap: &TableRecap, t: &TableView) {
    let (full, _) = ui.allocate_exact_size(ui.available_size(), egui::Sense::hover());
    let painter = ui.painter_at(full);
    let scale = t.scale_percent as f32 / 100.0;
    let most =
        recap.rows.iter().filter_map(|r| r.harm).map(|(d, t)| d.max(t)).max().unwrap_or(0).max(1);
    let page = Page {
        ui,
        painter: &painter,
        rot: Turn { rotated: t.rotated, centre: full.center() },
        scale,
        left: full.left() + 32.0 * scale,
        right: full.right() - 32.0 * scale,
        bottom: full.bottom(),
        bar_w: (full.width() * 0.25).max(120.0).min(full.width() * 0.5),
        most,
    };
    let mut y = full.top() + 20.0 * scale;
    let Some(title) = page.text(pos2(page.left, y), &recap.title, 34.0, INK, "recap-title") else {
        return;
    };
    y = title.bottom() + 4.0 * scale;
    for (i, line) in recap.lines.iter().enumerate() {
        let Some(at) = page.text(pos2(page.left, y), line, 24.0, INK, &format!("recap-line-{i}"))
        else {
            return;
        };
        y = at.bottom();
    }
    y += 8.0 * scale;
    for (i, row) in recap.rows.iter().enumerate() {
        let Some(bottom) = page.row_ui(y, i, row) else { return };
        y = bottom;
    }
    y += 8.0 * scale;
    for (i, line) in recap.dice.iter().enumerate() {
        let Some(at) = page.text(pos2(page.left, y), line, 18.0, WEAK, &format!("recap-dice-{i}"))
        else {
            return;
        };
        y = at.bottom() + 4.0 * scale;
    }
}

/// The TV page being painted: where, which way up, and the measures every row shares.
struct Page<'a> {
    ui: &'a egui::Ui,
    painter: &'a egui::Painter,
    rot: Turn,
    scale: f32,
    /// The left edge of the text.
    left: f32,
    /// The right edge the text wraps at.
    right: f32,
    /// The page's bottom: what would pass it is left out.
    bottom: f32,
    /// The width of the longest bar of harm.
    bar_w: f32,
    /// The most harm anyone dealt or took: the longest bar's.
    most: i64,
}

impl Page<'_> {
    /// Words of `points` (before the scale) wrapped at `width`.
    fn laid_out(&self, s: &str, points: f32, ink: Color32, width: f32) -> Arc<egui::Galley> {
        let font = FontId::proportional(points * self.scale);
        self.painter.layout(s.to_owned(), font, ink, width.max(1.0))
    }

    /// Text of `points` (before the scale) at `at`, wrapped at the page's right edge, said to
    /// assistive tools under `id`; none painted if it would pass the page's bottom.
    fn text(&self, at: egui::Pos2, s: &str, points: f32, ink: Color32, id: &str) -> Option<Rect> {
        let galley = self.laid_out(s, points, ink, self.right - at.x);
        let fits = self.fits(at.y, galley.size().y);
        fits.then(|| painted(self.ui, self.painter, self.rot, at, galley, id))
    }

    /// Whether something `height` tall from `y` stands on the page.
    fn fits(&self, y: f32, height: f32) -> bool {
        y + height <= self.bottom + 0.5
    }

    /// One combatant's row at `y`: a dot in its colour, its name, what it did, and its bars
    /// of harm dealt and taken when the numbers may be shown. What it did stands beside the
    /// name where the page is wide enough, else under it; the bars beside its last line where
    /// they fit, else under it. Returns where the next row starts, or nothing (and nothing
    /// painted) if the row would pass the page's bottom.
    fn row_ui(&self, y: f32, i: usize, row: &RecapRow) -> Option<f32> {
        let scale = self.scale;
        let x = self.left + 28.0 * scale;
        // The name's column: 300 points, less on a narrow page.
        let name_w = (300.0 * scale).min((self.right - x) * 0.4);
        let name = self.laid_out(&row.name, 26.0, INK, name_w - 8.0 * scale);
        let beside = pos2(x + name_w, y + 4.0 * scale);
        let at_said = if self.right - beside.x >= 200.0 * scale {
            beside
        } else {
            pos2(x, y + name.size().y)
        };
        let words = self.laid_out(&said(row), 20.0, WEAK, self.right - at_said.x);
        let mut bottom = (at_said.y + words.size().y).max(y + name.size().y);
        let harm = row.harm.map(|(dealt, taken)| {
            let n = format!("{dealt} dealt / {taken} taken");
            let n = self.laid_out(&n, 18.0, WEAK, self.right - x);
            let last = words.rows.last().map_or(egui::Rect::ZERO, |r| r.rect());
            let bx = at_said.x + last.right() + 24.0 * scale;
            let at = if bx + self.bar_w + 12.0 * scale + n.size().x <= self.right {
                pos2(bx, at_said.y + last.top())
            } else {
                pos2(at_said.x, at_said.y + words.size().y + 4.0 * scale)
            };
            // The numbers after the bars, or under them where the page is narrow.
            let after = pos2(at.x + self.bar_w + 12.0 * scale, at.y);
            let at_n = if after.x + n.size().x <= self.right {
                after
            } else {
                pos2(at.x, at.y + 28.0 * scale)
            };
            (at, (dealt, taken), at_n, n)
        });
        if let Some((at, _, at_n, n)) = &harm {
            bottom = bottom.max(at.y + 28.0 * scale).max(at_n.y + n.size().y);
        }
        if !self.fits(y, bottom - y) {
            return None;
        }
        let dot = pos2(self.left + 9.0 * scale, y + 15.0 * scale);
        self.painter.circle_filled(self.rot.p(dot), 8.0 * scale, colour(&row.colour));
        painted(self.ui, self.painter, self.rot, pos2(x, y), name, &format!("recap-who-{i}"));
        painted(self.ui, self.painter, self.rot, at_said, words, &format!("recap-row-{i}"));
        if let Some((at, harm, at_n, n)) = harm {
            self.bars(at, harm, &row.colour);
            painted(self.ui, self.painter, self.rot, at_n, n, &format!("recap-harm-{i}"));
        }
        Some(bottom.max(y + 36.0 * scale))
    }

    /// The bars of harm dealt (in the row's colour) and taken, from `at`.
    fn bars(&self, at: egui::Pos2, (dealt, taken): (i64, i64), row_colour: &str) {
        let scale = self.scale;
        let width = |n: i64| n as f32 / self.most as f32 * self.bar_w;
        let d = Rect::from_min_size(at, vec2(width(dealt), 12.0 * scale));
        let k = Rect::from_min_size(at + vec2(0.0, 14.0 * scale), vec2(width(taken), 10.0 * scale));
        self.painter.rect_filled(self.rot.rect(d), 2.0, colour(row_colour));
        self.painter.rect_filled(self.rot.rect(k), 2.0, Color32::from_rgb(191, 135, 0));
    }
}

/// What a combatant did, in a line: landed, missed, avoided, took out, how it ended.
fn said(row: &RecapRow) -> String {
    let mut said =
        format!("{} landed · {} missed · {} avoided", row.landed, row.missed, row.avoided);
    if row.took_out > 0 {
        said.push_str(&format!(" · took out {}", row.took_out));
    }
    if !row.end.is_empty() {
        said.push_str(&format!(" · {}", row.end));
    }
    said
}
