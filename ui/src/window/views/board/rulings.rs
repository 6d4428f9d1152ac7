//! The rulings over the board: the newest decisions of the rules, each naming whom it is
//! about, in a banner above the board or laid over its top edge on a short window.

use super::BoardView;
use crate::window::views::fitted;
use eframe::egui;
use fray_app::system::presentation;

/// Rulings the banner over the board shows: the newest large, the two before it small.
const BANNER_LINES: usize = 3;

/// Height of the rulings laid over the board's top on a short window: Fit keeps the board
/// below it.
pub(super) const RULINGS_OVERLAY: f32 = 56.0;

/// The newest rulings of the fight over the board, each naming whom it is about: the newest
/// in large type ("Goblin 2: STR 0: dead"), whole (smaller when it must be, and past a size
/// read at arm's length on the banner's every row: a long ruling on 1366 × 768 at 100 % was
/// cut with "…"), the blow's hit and damage before it in small, until the next. Always as
/// tall as its three lines, so the board never moves when the first ruling comes. Found once
/// per state, not per frame.
pub(super) fn ruling_ui(ui: &mut egui::Ui, view: &BoardView) {
    let Some((_, lines)) = &view.ruling else { return };
    let (small, large) = (16.0, 22.0);
    let gap = ui.spacing().item_spacing.y;
    let row = |f: &mut egui::epaint::text::FontsView<'_>, size: f32| {
        f.row_height(&egui::FontId::proportional(size))
    };
    let (small_row, large_row) = ui.fonts_mut(|f| (row(f, small), row(f, large)));
    let banner_height = 2.0 * (small_row + gap) + large_row;
    egui::Panel::top("board-ruling")
        .resizable(false)
        .exact_size(banner_height + 12.0)
        .frame(
            egui::Frame::new()
                .fill(ui.visuals().faint_bg_color)
                .inner_margin(egui::Margin::symmetric(10, 6))
                .corner_radius(6.0),
        )
        .show(ui, |ui| {
            let room = |rows: f32| fitted::Room {
                width: ui.available_width(),
                height: rows,
                size: large,
                least: BANNER_LEAST,
            };
            let colour = ui.visuals().strong_text_color();
            // The newest whole in its row, smaller when it must be; past the least size it
            // takes the whole banner, the older lines (in the journal) left out for it.
            let newest = lines.last().map(|text| {
                let one = fitted::fitted(ui.ctx(), text, colour, room(large_row));
                if one.size().y <= large_row + 0.5 {
                    (one, false)
                } else {
                    (fitted::fitted(ui.ctx(), text, colour, room(banner_height)), true)
                }
            });
            let older = match &newest {
                Some((_, true)) => &[][..],
                _ => &lines[..lines.len().saturating_sub(1)],
            };
            // Older lines first, so the newest always sits on the bottom row.
            let blank = BANNER_LINES - 1 - older.len();
            if newest.as_ref().is_none_or(|(_, whole_banner)| !whole_banner) {
                for _ in 0..blank {
                    ui.add_space(small_row + gap);
                }
            }
            if lines.is_empty() {
                let hint = "The rules' decisions show here as they are made";
                ui.label(egui::RichText::new(hint).size(small).weak());
            }
            for text in older {
                // A row each, cut short: the whole ruling on hover and in the journal.
                let label = egui::RichText::new(text).size(small).weak();
                ui.add(egui::Label::new(label).truncate()).on_hover_text(text);
            }
            if let Some((galley, _)) = newest {
                ui.add(egui::Label::new(galley));
            }
        });
}

/// The least size of the newest ruling in the banner over the board, before it takes the
/// banner's every row: read at arm's length.
const BANNER_LEAST: f32 = 14.0;

/// The rulings laid over the board on a short window, `width` wide, as they are painted, top
/// to bottom: the `older` ones a row each, cut short; the `newest` last, whole (see
/// [`fitted`]).
fn overlay_galleys(
    ui: &egui::Ui,
    newest: &str,
    older: &[String],
    width: f32,
) -> Vec<std::sync::Arc<egui::Galley>> {
    let visuals = ui.visuals();
    let mut galleys: Vec<_> = older
        .iter()
        .map(|text| {
            let font = egui::FontId::proportional(15.0);
            let format = egui::TextFormat::simple(font, visuals.weak_text_color());
            let mut job = egui::text::LayoutJob::single_section(text.clone(), format);
            job.wrap = egui::text::TextWrapping::truncate_at_width(width);
            ui.fonts_mut(|f| f.layout_job(job))
        })
        .collect();
    let (size, least) = OVERLAY_NEWEST;
    let room = fitted::Room::rows(ui.ctx(), width, OVERLAY_ROWS, size, least);
    galleys.push(fitted::fitted(ui.ctx(), newest, visuals.strong_text_color(), room));
    galleys
}

/// Finds the newest rulings again when the state changed.
pub(super) fn refresh_rulings(session: &fray_data::Session, view: &mut BoardView) {
    let h = session.history();
    let key = (h.next_stream(), h.cursor());
    if view.ruling.as_ref().is_none_or(|(k, _)| *k != key) {
        let lines = presentation::recent_rulings(h.state(), h.events(), BANNER_LINES);
        view.ruling = Some((key, lines));
    }
}

/// The newest ruling's type on a short window, largest and least (a critical hit's ruling is
/// long: it shrinks to stand whole in its rows, and takes more only past the least).
const OVERLAY_NEWEST: (f32, f32) = (19.0, 14.0);

/// The rows the newest ruling has on a short window at its largest type.
const OVERLAY_ROWS: usize = 3;

/// On a short window: the two newest rulings over the top of the board, on a plate, the
/// newest below in larger type, whole (see [`fitted`]); the older one row, cut short (the
/// journal has it whole). Painted over the board, so nothing moves when they come; named
/// for a screen reader by the newest.
pub(super) fn ruling_overlay_ui(ui: &egui::Ui, canvas: egui::Rect, view: &BoardView) {
    let Some((_, lines)) = &view.ruling else { return };
    let shown = &lines[lines.len().saturating_sub(2)..];
    let Some((newest, older)) = shown.split_last() else { return };
    let visuals = ui.visuals();
    let galleys = overlay_galleys(ui, newest, older, canvas.width() - 20.0);
    let height: f32 = galleys.iter().map(|g| g.size().y).sum::<f32>() + 10.0;
    let plate = egui::Rect::from_min_size(canvas.min, egui::vec2(canvas.width(), height));
    let painter = ui.painter().with_clip_rect(canvas);
    painter.rect_filled(plate, 6.0, visuals.window_fill.gamma_multiply(0.92));
    let mut y = plate.min.y + 5.0;
    for g in galleys {
        let h = g.size().y;
        painter.galley(egui::pos2(plate.min.x + 10.0, y), g, visuals.text_color());
        y += h;
    }
    // Read out as it is shown: a node of its own with its words and where they stand, and
    // no widget over the board (which would take the board's hover).
    let shown = plate.intersect(canvas);
    ui.ctx().accesskit_node_builder(egui::Id::unique("ruling-overlay"), |node| {
        node.set_role(egui::accesskit::Role::Label);
        node.set_label(newest.as_str());
        node.set_bounds(egui::accesskit::Rect {
            x0: shown.min.x.into(),
            y0: shown.min.y.into(),
            x1: shown.max.x.into(),
            y1: shown.max.y.into(),
        });
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A critical hit's ruling as long as any the procedures make (Murdham's piece of gear
    /// out of use, with long names): 144 characters.
    const LONG: &str = "Bandit captain the Bold 2's Studded leather armour (durability 3/4) takes \
                        critical damage, 3 → 1: out of use until a repair gives it health back";

    #[test]
    fn the_newest_ruling_stands_whole_over_the_board_of_a_laptop_at_200_percent() {
        // 1366 × 768 at 200 %: a window of 683 points, the board about 460 wide.
        let ctx = egui::Context::default();
        let mut painted = Vec::new();
        let mut output = ctx.run_ui(egui::RawInput::default(), |ui| {
            let older = vec!["Goblin 2: STR 0: dead, and much else said before it".to_owned()];
            painted = overlay_galleys(ui, LONG, &older, 460.0);
        });
        // Nothing is drawn: the fonts' textures are not wanted.
        output.textures_delta.clear();
        let newest = painted.last().expect("the newest laid out");
        assert_eq!(newest.text(), LONG, "every word of it");
        assert!(!newest.elided && newest.size().x <= 460.5, "{:?}", newest.size());
        assert!(newest.rows.len() <= OVERLAY_ROWS, "{} rows: in its room", newest.rows.len());
        assert_eq!(painted.len(), 2, "the one before it over it");
    }
}
