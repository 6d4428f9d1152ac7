//! A zone card: a title bar (name, how many stand in it, Edit and Link buttons) the GM drags
//! to arrange the board, a body holding the tokens, a corner handle to resize it.

use super::geometry::{BUTTON_WIDTH, CardLayout, NOTE_HEIGHT, PAD, TITLE_FONT, TITLE_HEIGHT};
use super::palette::Palette;
use eframe::egui::text::{LayoutJob, TextWrapping};
use eframe::egui::{
    self, Align2, Color32, CornerRadius, FontId, Id, Rect, Response, Sense, Stroke, StrokeKind,
    pos2, vec2,
};
use fray_app::encounter::Zone;

/// Size of the resize handle.
const HANDLE: f32 = 22.0;

/// What a dragged thing would do if dropped on this card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DropHint {
    /// Nothing dragged over it.
    #[default]
    None,
    /// It would land here.
    Accept,
    /// The rules would refuse it (the zone is full).
    Refuse,
}

/// How a card is shown this frame.
#[derive(Debug, Clone, Copy, Default)]
pub struct CardLook {
    /// A drag hovering it.
    pub drop: DropHint,
    /// The GM is linking from this card.
    pub linking_from: bool,
    /// The GM is linking from another card: `Some(true)` when this one is already
    /// connected to it (a click disconnects), `Some(false)` when not (a click connects).
    pub link_target: Option<bool>,
}

/// What the GM did to a card.
pub struct CardResponse {
    /// The title bar (drag to move, click while linking, double-click to edit).
    pub title: Response,
    /// The body (click while linking).
    pub body: Response,
    /// The Edit button was clicked.
    pub edit: bool,
    /// The Link button was clicked.
    pub link: bool,
}

/// Draws a card (without its tokens and handle: they go on top, see [`resize_handle_ui`]).
pub fn zone_card_ui(
    ui: &egui::Ui,
    zone: &Zone,
    layout: &CardLayout,
    count: usize,
    look: &CardLook,
    pal: &Palette,
) -> CardResponse {
    let rect = layout.rect;
    let z = layout.zoom;
    let title_rect = Rect::from_min_size(rect.min, vec2(rect.width(), layout.title_height()));
    let body = ui.interact(rect, Id::unique(("zone-body", zone.id)), Sense::click());
    let title =
        ui.interact(title_rect, Id::unique(("zone-title", zone.id)), Sense::click_and_drag());
    // "Zone Crypt", like "Edit Crypt" and "Link Crypt": the bare name would clash with the
    // same name in lists and menus elsewhere in the window.
    title.widget_info(|| {
        egui::WidgetInfo::labeled(egui::Role::Button, true, format!("Zone {}", zone.name))
    });
    let title = title.on_hover_cursor(egui::CursorIcon::Grab);

    // The buttons sit at the right of the last title row (the name's own row when it
    // leaves room for them).
    let row_top = title_rect.max.y - TITLE_HEIGHT * z;
    let link_rect = Rect::from_min_size(
        pos2(title_rect.max.x - (6.0 + BUTTON_WIDTH) * z, row_top + 6.0 * z),
        vec2(BUTTON_WIDTH, TITLE_HEIGHT - 12.0) * z,
    );
    let edit_rect = link_rect.translate(vec2(-(BUTTON_WIDTH + 4.0) * z, 0.0));
    let edit =
        small_button(ui, edit_rect, ("zone-edit", zone.id), || format!("Edit {}", zone.name))
            .on_hover_text("Rename, capacity, note, remove");
    let link =
        small_button(ui, link_rect, ("zone-link", zone.id), || format!("Link {}", zone.name))
            .on_hover_text(
                "Connect this zone to another (or disconnect): then click the other zone",
            );

    if ui.is_rect_visible(rect) {
        paint(ui, zone, layout, count, look, pal, edit_rect.min.x);
        paint_button(ui, &edit, "Edit", z);
        paint_button(ui, &link, "Link", z);
    }
    CardResponse { title, body, edit: edit.clicked(), link: link.clicked() }
}

fn paint(
    ui: &egui::Ui,
    zone: &Zone,
    layout: &CardLayout,
    count: usize,
    look: &CardLook,
    pal: &Palette,
    buttons_left: f32,
) {
    let p = ui.painter();
    let rect = layout.rect;
    let z = layout.zoom;
    let r = (10.0 * z).round().clamp(0.0, 255.0) as u8;
    let radius = CornerRadius::same(r);
    p.rect_filled(rect, radius, pal.card);
    let title_rect = Rect::from_min_size(rect.min, vec2(rect.width(), layout.title_height()));
    let top = CornerRadius { nw: r, ne: r, sw: 0, se: 0 };
    p.rect_filled(title_rect, top, pal.title);

    // How many stand here, against the capacity; a full zone's count turns warm.
    let full = zone.capacity.is_some_and(|c| count as u32 >= c);
    let count_text = match zone.capacity {
        Some(c) => format!("{count}/{c}"),
        None => count.to_string(),
    };
    let count_colour = if full { pal.acting } else { pal.weak };
    let count_galley = p.layout_no_wrap(count_text, FontId::proportional(15.0 * z), count_colour);
    let first_row = Rect::from_min_size(rect.min, vec2(rect.width(), TITLE_HEIGHT * z));
    let last_row =
        Rect::from_min_max(pos2(rect.min.x, title_rect.max.y - TITLE_HEIGHT * z), title_rect.max);
    // One row: name, count, buttons. Two rows: the name alone, then the count at the left
    // and the buttons at the right.
    let (count_pos, name_right) = if layout.two_rows {
        let pos = pos2(rect.min.x + 12.0 * z, last_row.center().y - count_galley.size().y / 2.0);
        (pos, rect.max.x - 10.0 * z)
    } else {
        let x = buttons_left - 8.0 * z - count_galley.size().x;
        (pos2(x, first_row.center().y - count_galley.size().y / 2.0), x - 6.0 * z)
    };
    let name_width = (name_right - rect.min.x - 12.0 * z).max(20.0);
    let mut job = LayoutJob::simple_singleline(
        zone.name.clone(),
        FontId::proportional(TITLE_FONT * z),
        pal.text,
    );
    job.wrap = TextWrapping::truncate_at_width(name_width);
    let name = p.layout_job(job);
    let name_pos = pos2(rect.min.x + 12.0 * z, first_row.center().y - name.size().y / 2.0);
    p.galley(name_pos, name, pal.text);
    p.galley(count_pos, count_galley, count_colour);

    if !zone.note.is_empty() {
        let mut job = LayoutJob::simple_singleline(
            zone.note.clone(),
            FontId::proportional(15.0 * z),
            pal.weak,
        );
        job.wrap = TextWrapping::truncate_at_width(rect.width() - (2.0 * PAD + 4.0) * z);
        let note = p.layout_job(job);
        let y = title_rect.max.y + (NOTE_HEIGHT * z - note.size().y) / 2.0 + 2.0 * z;
        p.galley(pos2(rect.min.x + (PAD + 4.0) * z, y), note, pal.weak);
    }
    if count == 0 && look.link_target.is_none() {
        p.text(
            layout.body.center(),
            Align2::CENTER_CENTER,
            "Drop combatants here",
            FontId::proportional(15.0 * z),
            pal.weak,
        );
    }

    let (width, colour) = match (look.drop, look.linking_from) {
        (DropHint::Accept, _) | (_, true) => (3.0, pal.accent),
        (DropHint::Refuse, _) => (3.0, pal.refuse),
        (DropHint::None, false) => (1.0, pal.border),
    };
    p.rect_stroke(rect, radius, Stroke::new(width, colour), StrokeKind::Inside);
    if look.drop == DropHint::Refuse {
        let text = format!("{} is full", zone.name);
        badge(p, layout.body.center(), &text, pal.refuse, pal, z);
    }
    if let Some(connected) = look.link_target {
        let text = if connected { "Click to disconnect" } else { "Click to connect" };
        badge(p, layout.body.center(), text, pal.accent, pal, z);
    }
}

/// A short message in a pill over the card body.
fn badge(
    p: &egui::Painter,
    centre: egui::Pos2,
    text: &str,
    colour: Color32,
    pal: &Palette,
    z: f32,
) {
    let galley = p.layout_no_wrap(text.to_owned(), FontId::proportional(16.0 * z), colour);
    let r = Rect::from_center_size(centre, galley.size() + vec2(20.0, 10.0) * z);
    let radius = CornerRadius::same((14.0 * z).round().clamp(0.0, 255.0) as u8);
    p.rect(r, radius, pal.card, Stroke::new(2.0, colour), StrokeKind::Inside);
    p.galley(r.min + vec2(10.0, 5.0) * z, galley, colour);
}

/// A compact button of the title bar, its id the zone's (not a layout counter). Painted by
/// [`paint_button`] once the card is drawn under it.
fn small_button(
    ui: &egui::Ui,
    rect: Rect,
    id: (&'static str, fray_app::ids::ZoneId),
    label: impl Fn() -> String,
) -> Response {
    let response = ui.interact(rect, Id::unique(id), Sense::click());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, label()));
    response
}

fn paint_button(ui: &egui::Ui, response: &Response, text: &str, z: f32) {
    let visuals = ui.style().interact(response);
    let p = ui.painter();
    p.rect(
        response.rect,
        visuals.corner_radius,
        visuals.weak_bg_fill,
        visuals.bg_stroke,
        StrokeKind::Inside,
    );
    let font = FontId::proportional(15.0 * z);
    p.text(response.rect.center(), Align2::CENTER_CENTER, text, font, visuals.text_color());
}

/// The corner handle that resizes a card; drawn over the tokens.
pub fn resize_handle_ui(ui: &egui::Ui, zone: &Zone, card: Rect, pal: &Palette, z: f32) -> Response {
    let size = vec2(HANDLE, HANDLE) * z.max(0.75);
    let rect = Rect::from_min_size(card.max - size, size);
    let response = ui.interact(rect, Id::unique(("zone-resize", zone.id)), Sense::drag());
    response.widget_info(|| {
        egui::WidgetInfo::labeled(egui::Role::Button, true, format!("Resize {}", zone.name))
    });
    if ui.is_rect_visible(rect) {
        let colour = if response.hovered() || response.dragged() { pal.accent } else { pal.weak };
        let p = ui.painter();
        for i in 1..=3 {
            let (d, m) = (i as f32 * 5.0 * z, 4.0 * z);
            p.line_segment(
                [
                    pos2(rect.max.x - m - d, rect.max.y - m),
                    pos2(rect.max.x - m, rect.max.y - m - d),
                ],
                Stroke::new(1.5, colour),
            );
        }
    }
    response.on_hover_cursor(egui::CursorIcon::ResizeNwSe)
}

#[cfg(test)]
mod tests {
    use super::super::geometry::{SMALLEST_SHOWN, TITLE_FONT};
    use eframe::egui::{self, Color32, FontId};

    #[test]
    fn a_twenty_character_name_shows_whole_on_the_smallest_card() {
        let ctx = egui::Context::default();
        crate::window::theme::install_fonts(&ctx);
        // Fonts take effect from the next frame.
        for _ in 0..2 {
            ctx.run_ui(egui::RawInput::default(), |_| {}).textures_delta.clear();
        }
        let width = ctx.fonts_mut(|f| {
            let font = FontId::proportional(TITLE_FONT);
            f.layout_no_wrap("Thicket by the river".into(), font, Color32::WHITE).size().x
        });
        // The name's own row: the card's width less its side margins (see `paint`).
        assert!(width <= SMALLEST_SHOWN.x - 22.0, "{width}");
    }
}
