//! The procedure's arrow over the board (Murdham: a blast that went astray): a thick arrow arching over the cards from the zone it
//! was aimed at to the zone where it landed, "Blast deviated" at its top, and the landing
//! card ringed in the same colour. It stays until the next round.

use super::geometry::CardLayout;
use super::palette::Palette;
use eframe::egui::{self, Align2, CornerRadius, FontId, Pos2, Rect, Sense, Stroke, StrokeKind};
use fray_app::encounter::Encounter;
use fray_app::ids::ZoneId;
use fray_app::system::System;
use fray_app::system::presentation::Arrow;

/// Draws the procedure's arrow, if any, between the two cards.
pub fn deviation_ui(
    ui: &egui::Ui,
    system: &dyn System,
    state: &Encounter,
    cards: &[(ZoneId, CardLayout)],
    pal: &Palette,
) {
    let Some(Arrow { from, to, label }) = system.arrow(state) else { return };
    let card = |id: ZoneId| cards.iter().find(|(z, _)| *z == id).map(|(_, l)| (l.rect, l.zoom));
    let (Some((a, zoom)), Some((b, _))) = (card(from), card(to)) else { return };
    let name = |id: ZoneId| state.zone(id).map_or_else(|| id.to_string(), |z| z.name.clone());
    let colour = pal.blast;
    let painter = ui.painter();

    // The landing card, ringed.
    painter.rect_stroke(
        b.expand(3.0 * zoom),
        CornerRadius::same((10.0 * zoom).clamp(0.0, 255.0) as u8),
        Stroke::new(4.0 * zoom, colour),
        StrokeKind::Outside,
    );
    // An arc bowing up (or left) out of the cards, so it reads however close they stand:
    // from the edge of the aimed-at card to the edge of the landing one.
    let (ca, cb) = (a.center(), b.center());
    let mut normal = (cb - ca).normalized().rot90();
    if normal.y > 0.3 || (normal.y.abs() <= 0.3 && normal.x > 0.0) {
        normal = -normal;
    }
    let half = |r: Rect| normal.x.abs() * r.width() / 2.0 + normal.y.abs() * r.height() / 2.0;
    let rise = 70.0 * zoom.max(0.6);
    let control = ca.lerp(cb, 0.5) + normal * (half(a).max(half(b)) + 2.0 * rise);
    let start = exit(a, control);
    let end = exit(b, control);
    let width = 6.0 * zoom.max(0.6);
    let head = 24.0 * zoom.max(0.6);
    let dir = (end - control).normalized();
    let shaft_end = end - dir * head * 0.7;
    painter.add(egui::epaint::QuadraticBezierShape::from_points_stroke(
        [start, control, shaft_end],
        false,
        egui::Color32::TRANSPARENT,
        Stroke::new(width, colour),
    ));
    let side = dir.rot90() * head * 0.6;
    painter.add(egui::Shape::convex_polygon(
        vec![end, end - dir * head + side, end - dir * head - side],
        colour,
        Stroke::NONE,
    ));
    painter.circle_filled(start, width, colour);

    // The label in the middle, on a plate so it reads over anything.
    let font = FontId::proportional(18.0 * zoom.max(0.8));
    let galley = painter.layout_no_wrap(label.to_owned(), font, pal.text);
    // The top of the arc.
    let middle = pos(start, control, shaft_end, 0.5);
    let plate = Rect::from_center_size(middle, galley.size() + egui::vec2(18.0, 8.0) * zoom);
    painter.rect_filled(plate, CornerRadius::same(8), pal.canvas);
    painter.rect_stroke(plate, CornerRadius::same(8), Stroke::new(2.0, colour), StrokeKind::Inside);
    painter.galley(
        Align2::CENTER_CENTER.align_size_within_rect(galley.size(), plate).min,
        galley,
        pal.text,
    );
    // Named for assistive tools (and the tests), with the zones on hover.
    let words = format!("Blast deviated from {} to {}", name(from), name(to));
    let response = ui.interact(plate, egui::Id::unique("board-blast-deviation"), Sense::hover());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &words));
    response.on_hover_text(&words);
}

/// The point at `t` of the quadratic curve from `a` to `c` bent towards `b`.
fn pos(a: Pos2, b: Pos2, c: Pos2, t: f32) -> Pos2 {
    let u = 1.0 - t;
    (a.to_vec2() * (u * u) + b.to_vec2() * (2.0 * u * t) + c.to_vec2() * (t * t)).to_pos2()
}

/// Where the line from `r`'s centre towards `toward` leaves `r`.
fn exit(r: Rect, toward: Pos2) -> Pos2 {
    let c = r.center();
    let d = toward - c;
    if d.x == 0.0 && d.y == 0.0 {
        return c;
    }
    let tx = if d.x == 0.0 { f32::INFINITY } else { (r.width() / 2.0) / d.x.abs() };
    let ty = if d.y == 0.0 { f32::INFINITY } else { (r.height() / 2.0) / d.y.abs() };
    c + d * tx.min(ty).min(1.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use eframe::egui::pos2;

    #[test]
    fn the_arrow_leaves_a_card_at_its_edge() {
        let r = Rect::from_min_max(pos2(0.0, 0.0), pos2(100.0, 50.0));
        assert_eq!(exit(r, pos2(300.0, 25.0)), pos2(100.0, 25.0));
        assert_eq!(exit(r, pos2(50.0, -100.0)), pos2(50.0, 0.0));
        assert_eq!(exit(r, pos2(50.0, 25.0)), pos2(50.0, 25.0));
    }
}
