//! The recap on the TV: the players' recap ([`TableRecap`], decided by the table view's rules
//! in the core) in large type on the dark table — the fight in a few sentences, a line per
//! combatant the players know with a bar of harm when numbers may be shown, and how the dice
//! they saw fell. Turned 180° and scaled like the board.

use super::campaign::recap_charts::colour;
use super::player_window::{INK, Turn, WEAK, text};
use eframe::egui::{self, Color32, Rect, pos2, vec2};
use fray_app::table_view::{TableRecap, TableView};

/// Paints `recap` into the whole of `ui`.
pub fn recap_tv_ui(ui: &mut egui::Ui, recap: &TableRecap, t: &TableView) {
    let size = ui.available_size().max(vec2(640.0, 360.0));
    let (full, _) = ui.allocate_exact_size(size, egui::Sense::hover());
    let painter = ui.painter_at(full);
    let rot = Turn { rotated: t.rotated, centre: full.center() };
    let scale = t.scale_percent as f32 / 100.0;
    let left = full.left() + 32.0 * scale;
    let mut y = full.top() + 20.0 * scale;
    text(ui, &painter, rot, pos2(left, y), &recap.title, 34.0 * scale, INK, "recap-title");
    y += 50.0 * scale;
    for (i, line) in recap.lines.iter().enumerate() {
        text(ui, &painter, rot, pos2(left, y), line, 24.0 * scale, INK, &format!("recap-line-{i}"));
        y += 34.0 * scale;
    }
    y += 12.0 * scale;
    let most =
        recap.rows.iter().filter_map(|r| r.harm).map(|(d, t)| d.max(t)).max().unwrap_or(0).max(1);
    let bar_w = (full.width() * 0.25).max(120.0);
    for (i, row) in recap.rows.iter().enumerate() {
        if y > full.bottom() - 40.0 * scale {
            break;
        }
        let dot = Rect::from_center_size(
            pos2(left + 9.0 * scale, y + 15.0 * scale),
            vec2(16.0, 16.0) * scale,
        );
        painter.circle_filled(rot.p(dot.center()), 8.0 * scale, colour(&row.colour));
        let mut x = left + 28.0 * scale;
        text(
            ui,
            &painter,
            rot,
            pos2(x, y),
            &row.name,
            26.0 * scale,
            INK,
            &format!("recap-who-{i}"),
        );
        x += 300.0 * scale;
        let mut said =
            format!("{} landed · {} missed · {} avoided", row.landed, row.missed, row.avoided);
        if row.took_out > 0 {
            said.push_str(&format!(" · took out {}", row.took_out));
        }
        if !row.end.is_empty() {
            said.push_str(&format!(" · {}", row.end));
        }
        let at = text(
            ui,
            &painter,
            rot,
            pos2(x, y + 4.0 * scale),
            &said,
            20.0 * scale,
            WEAK,
            &format!("recap-row-{i}"),
        );
        if let Some((dealt, taken)) = row.harm {
            let bx = at.right() + 24.0 * scale;
            let dw = dealt as f32 / most as f32 * bar_w;
            let tw = taken as f32 / most as f32 * bar_w;
            let d = Rect::from_min_size(pos2(bx, y + 4.0 * scale), vec2(dw, 12.0 * scale));
            let k = Rect::from_min_size(pos2(bx, y + 18.0 * scale), vec2(tw, 10.0 * scale));
            painter.rect_filled(rot.rect(d), 2.0, colour(&row.colour));
            painter.rect_filled(rot.rect(k), 2.0, Color32::from_rgb(191, 135, 0));
            let n = format!("{dealt} dealt / {taken} taken");
            text(
                ui,
                &painter,
                rot,
                pos2(bx + bar_w + 12.0 * scale, y + 4.0 * scale),
                &n,
                18.0 * scale,
                WEAK,
                &format!("recap-harm-{i}"),
            );
        }
        y += 40.0 * scale;
    }
    y += 12.0 * scale;
    for (i, line) in recap.dice.iter().enumerate() {
        if y > full.bottom() - 30.0 * scale {
            break;
        }
        text(
            ui,
            &painter,
            rot,
            pos2(left, y),
            line,
            18.0 * scale,
            WEAK,
            &format!("recap-dice-{i}"),
        );
        y += 26.0 * scale;
    }
}
