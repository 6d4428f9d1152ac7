//! The recap's charts painted with egui's painter: still pictures (nothing moves or answers
//! under the pointer, as a plotting widget's zoom and hover would), drawn from the core's
//! [`FightRecap`] in the same shapes as the HTML export's SVG.

use eframe::egui::{self, Color32, FontId, Pos2, Rect, Stroke, pos2, vec2};
use fray_app::recap::dice::DieTally;
use fray_app::recap::{FightRecap, total, words};

/// Harm taken: amber, apart from the usual red and blue of sides.
const TAKEN: Color32 = Color32::from_rgb(191, 135, 0);
/// The fair count's dashed line.
const FAIR: Color32 = Color32::from_rgb(207, 34, 46);
/// Lines of the party's health, each told apart.
const PALETTE: [Color32; 8] = [
    Color32::from_rgb(9, 105, 218),
    Color32::from_rgb(191, 57, 137),
    Color32::from_rgb(26, 127, 55),
    Color32::from_rgb(188, 76, 0),
    Color32::from_rgb(130, 80, 223),
    Color32::from_rgb(154, 103, 0),
    Color32::from_rgb(5, 80, 174),
    Color32::from_rgb(207, 34, 46),
];

/// A side's `#rrggbb` as a colour (grey when unreadable).
pub fn colour(hex: &str) -> Color32 {
    let v = hex.strip_prefix('#').and_then(|h| u32::from_str_radix(h, 16).ok());
    match v {
        Some(v) if hex.len() == 7 => Color32::from_rgb((v >> 16) as u8, (v >> 8) as u8, v as u8),
        _ => Color32::GRAY,
    }
}

/// Harm dealt (the side's colour) and taken (red) per combatant, a pair of bars a row.
pub fn bars_ui(ui: &mut egui::Ui, r: &FightRecap) {
    let rows: Vec<_> = words::rows(r).collect();
    let most = rows.iter().map(|f| total(&f.dealt).max(total(&f.taken))).max().unwrap_or(0).max(1);
    let row_h = 30.0;
    let width = ui.available_width().min(520.0);
    let (rect, _) =
        ui.allocate_exact_size(vec2(width, rows.len() as f32 * row_h + 8.0), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    let ink = ui.visuals().text_color();
    let label_w = 140.0;
    let bar_w = (width - label_w - 70.0).max(40.0);
    for (i, f) in rows.iter().enumerate() {
        let y = rect.top() + i as f32 * row_h + 4.0;
        painter.text(
            pos2(rect.left() + label_w - 8.0, y + 12.0),
            egui::Align2::RIGHT_CENTER,
            words::short(&f.name),
            FontId::proportional(15.0),
            ink,
        );
        let (dealt, taken) = (total(&f.dealt), total(&f.taken));
        let dw = dealt as f32 / most as f32 * bar_w;
        let tw = taken as f32 / most as f32 * bar_w;
        let x = rect.left() + label_w;
        painter.rect_filled(
            Rect::from_min_size(pos2(x, y), vec2(dw, 11.0)),
            2.0,
            colour(words::colour_of(r, f)),
        );
        painter.rect_filled(Rect::from_min_size(pos2(x, y + 13.0), vec2(tw, 9.0)), 2.0, TAKEN);
        painter.text(
            pos2(x + dw.max(tw) + 6.0, y + 12.0),
            egui::Align2::LEFT_CENTER,
            format!("{dealt} / {taken}"),
            FontId::proportional(14.0),
            ink,
        );
    }
}

/// The party's harm tracks summed, as a share of their full, at each round's end.
pub fn lines_ui(ui: &mut egui::Ui, r: &FightRecap) {
    let party: Vec<_> = words::rows(r)
        .filter(|f| f.health_max > 0 && r.sides.iter().any(|s| s.id == f.side && s.party))
        .collect();
    if party.is_empty() || r.rounds == 0 {
        return;
    }
    let width = ui.available_width().min(520.0);
    let (rect, _) = ui.allocate_exact_size(vec2(width, 200.0), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    let ink = ui.visuals().text_color();
    let plot = Rect::from_min_max(rect.min + vec2(44.0, 8.0), rect.max - vec2(12.0, 26.0));
    let x_of = |round: u32| plot.left() + round as f32 / r.rounds as f32 * plot.width();
    let y_of = |share: f32| plot.top() + (1.0 - share.clamp(-0.25, 1.0)) * plot.height();
    for pct in [0.0, 0.5, 1.0] {
        let y = y_of(pct);
        painter.line_segment(
            [pos2(plot.left(), y), pos2(plot.right(), y)],
            Stroke::new(1.0, ink.gamma_multiply(0.2)),
        );
        painter.text(
            pos2(plot.left() - 6.0, y),
            egui::Align2::RIGHT_CENTER,
            format!("{}%", (pct * 100.0) as u32),
            FontId::proportional(13.0),
            ink,
        );
    }
    for round in 0..=r.rounds {
        let label = if round == 0 { "start".to_owned() } else { format!("R{round}") };
        painter.text(
            pos2(x_of(round), plot.bottom() + 12.0),
            egui::Align2::CENTER_CENTER,
            label,
            FontId::proportional(13.0),
            ink,
        );
    }
    for (i, f) in party.iter().enumerate() {
        let c = PALETTE[i % PALETTE.len()];
        let points: Vec<Pos2> = f
            .health
            .iter()
            .map(|(round, v)| pos2(x_of(*round), y_of(*v as f32 / f.health_max as f32)))
            .collect();
        painter.add(egui::Shape::line(points, Stroke::new(3.0, c)));
    }
    ui.horizontal_wrapped(|ui| {
        for (i, f) in party.iter().enumerate() {
            let (dot, _) = ui.allocate_exact_size(vec2(16.0, 8.0), egui::Sense::hover());
            ui.painter().rect_filled(dot, 2.0, PALETTE[i % PALETTE.len()]);
            ui.label(egui::RichText::new(&f.name).size(15.0));
        }
    });
}

/// One die's faces as bars (ten bands for a d%), the fair count as a dashed line.
pub fn histogram_ui(ui: &mut egui::Ui, t: &DieTally) {
    let counts = t.bars();
    let (rect, _) = ui.allocate_exact_size(vec2(220.0, 70.0), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    let ink = ui.visuals().text_color();
    let n = counts.len().max(1) as f32;
    let fair = t.throws() as f32 / n;
    let top = (counts.iter().copied().max().unwrap_or(0) as f32).max(fair).max(1.0) * 1.1;
    let step = rect.width() / n;
    for (i, c) in counts.iter().enumerate() {
        let h = *c as f32 / top * rect.height();
        let x = rect.left() + i as f32 * step;
        painter.rect_filled(
            Rect::from_min_max(
                pos2(x + 1.0, rect.bottom() - h),
                pos2(x + step - 1.0, rect.bottom()),
            ),
            1.0,
            ink.gamma_multiply(0.5),
        );
    }
    let y = rect.bottom() - fair / top * rect.height();
    painter.add(egui::Shape::dashed_line(
        &[pos2(rect.left(), y), pos2(rect.right(), y)],
        Stroke::new(1.5, FAIR),
        5.0,
        4.0,
    ));
}
