//! The recap on the TV: the players' recap ([`TableRecap`], decided by the table view's rules
//! in the core) in large type on the dark table — the fight in a few sentences, a line per
//! combatant the players know with a bar of harm when numbers may be shown, and how the dice
//! they saw fell. Turned 180° and scaled like the board.

use super::campaign::recap_charts::colour;
use super::player_window::{INK, Turn, WEAK, text};
use eframe::egui::{self, Color32, Rect, pos2, vec2};
use fray_app::table_view::{RecapRow, TableRecap, TableView};

/// Paints `recap` into the whole of `ui`.
pub fn recap_tv_ui(ui: &mut egui::Ui, recap: &TableRecap, t: &TableView) {
    let size = ui.available_size().max(vec2(640.0, 360.0));
    let (full, _) = ui.allocate_exact_size(size, egui::Sense::hover());
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
        bar_w: (full.width() * 0.25).max(120.0),
        most,
    };
    let mut y = full.top() + 20.0 * scale;
    page.text(pos2(page.left, y), &recap.title, 34.0, INK, "recap-title".into());
    y += 50.0 * scale;
    for (i, line) in recap.lines.iter().enumerate() {
        page.text(pos2(page.left, y), line, 24.0, INK, format!("recap-line-{i}"));
        y += 34.0 * scale;
    }
    y += 12.0 * scale;
    for (i, row) in recap.rows.iter().enumerate() {
        if y > full.bottom() - 40.0 * scale {
            break;
        }
        page.row_ui(y, i, row);
        y += 40.0 * scale;
    }
    y += 12.0 * scale;
    for (i, line) in recap.dice.iter().enumerate() {
        if y > full.bottom() - 30.0 * scale {
            break;
        }
        page.text(pos2(page.left, y), line, 18.0, WEAK, format!("recap-dice-{i}"));
        y += 26.0 * scale;
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
    /// The width of the longest bar of harm.
    bar_w: f32,
    /// The most harm anyone dealt or took: the longest bar's.
    most: i64,
}

impl Page<'_> {
    /// Text of `points` (before the scale) at `at`, said to assistive tools under `id`.
    fn text(&self, at: egui::Pos2, s: &str, points: f32, ink: Color32, id: String) -> Rect {
        text(self.ui, self.painter, self.rot, at, s, points * self.scale, ink, &id)
    }

    /// One combatant's row at `y`: a dot in its colour, its name, what it did, and its bars
    /// of harm dealt and taken when the numbers may be shown.
    fn row_ui(&self, y: f32, i: usize, row: &RecapRow) {
        let scale = self.scale;
        let dot = pos2(self.left + 9.0 * scale, y + 15.0 * scale);
        self.painter.circle_filled(self.rot.p(dot), 8.0 * scale, colour(&row.colour));
        let x = self.left + 28.0 * scale;
        self.text(pos2(x, y), &row.name, 26.0, INK, format!("recap-who-{i}"));
        let mut said =
            format!("{} landed · {} missed · {} avoided", row.landed, row.missed, row.avoided);
        if row.took_out > 0 {
            said.push_str(&format!(" · took out {}", row.took_out));
        }
        if !row.end.is_empty() {
            said.push_str(&format!(" · {}", row.end));
        }
        let at_said = pos2(x + 300.0 * scale, y + 4.0 * scale);
        let at = self.text(at_said, &said, 20.0, WEAK, format!("recap-row-{i}"));
        if let Some((dealt, taken)) = row.harm {
            let bx = at.right() + 24.0 * scale;
            let width = |n: i64| n as f32 / self.most as f32 * self.bar_w;
            let d =
                Rect::from_min_size(pos2(bx, y + 4.0 * scale), vec2(width(dealt), 12.0 * scale));
            let k =
                Rect::from_min_size(pos2(bx, y + 18.0 * scale), vec2(width(taken), 10.0 * scale));
            self.painter.rect_filled(self.rot.rect(d), 2.0, colour(&row.colour));
            self.painter.rect_filled(self.rot.rect(k), 2.0, Color32::from_rgb(191, 135, 0));
            let n = format!("{dealt} dealt / {taken} taken");
            let at_n = pos2(bx + self.bar_w + 12.0 * scale, y + 4.0 * scale);
            self.text(at_n, &n, 18.0, WEAK, format!("recap-harm-{i}"));
        }
    }
}
