//! A token: a disc in the side's colour with initials (or its library entry's portrait), the
//! name, a bar per main track the procedure names (coloured by what it measures), range and
//! condition chips (a short one on a small token). Click to select; drag to another zone. A
//! token that has had its turn this round is faded; one out of the fight is greyed under a
//! badge saying how ("DEAD", "DYING", "FLED"), a dead one's disc crossed out; a concealed one
//! is faded with a dashed outline and a crossed-out eye; one standing on a border carries the
//! neighbouring zone's name ("↔ Yard").

use super::cache::Token;
use super::geometry::{BAR_LINE, COMPACT_DISC, FULL_DISC, NAME_HEIGHT};
use super::palette::Palette;
use eframe::egui::{
    self, Color32, CornerRadius, Galley, Id, Painter, Pos2, Rect, Response, Sense, Stroke,
    StrokeKind, pos2, vec2,
};
use fray_app::encounter::Encounter;
use fray_app::encounter::stat_label;
use fray_app::ids::CombatantId;
use fray_app::system::presentation::Standing;
use std::sync::Arc;

/// A concealed token's opacity: there, but hidden from its foes.
const HIDDEN_OPACITY: f32 = 0.5;
/// The opacity of a token that has had its turn this round.
const DONE_OPACITY: f32 = 0.45;
/// The opacity of a token out of the fight (dead, down, fled): its badge stays at full
/// strength over it.
const OUT_OPACITY: f32 = 0.4;

/// What the board carries while a token is dragged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TokenDrag(pub CombatantId);

/// How a token is shown this frame.
pub struct Look {
    /// Compact (crowded card, tray) or full.
    pub compact: bool,
    /// Its card is shown.
    pub selected: bool,
    /// Picked for harm to several at once: framed in the blast colour.
    pub picked: bool,
    /// It acts now.
    pub acting: bool,
    /// Its range band from the selected combatant ("Near"), and that label laid out.
    pub band: Option<(&'static str, Arc<Galley>)>,
    /// Screen points per board unit (1 in the tray); the token's galleys are laid out for it.
    pub zoom: f32,
}

/// Draws a token at `rect` and returns its response (clicked, dragged...). Starting a drag
/// carries a [`TokenDrag`]; the board decides where it lands.
pub fn token_ui(
    ui: &egui::Ui,
    rect: Rect,
    token: &Token,
    look: &Look,
    palette: &Palette,
    state: &Encounter,
) -> Response {
    let id = Id::unique(("board-token", token.id));
    let response = ui.interact(rect, id, Sense::click_and_drag());
    // The range band is the token's value for assistive tools (and the tests): "Near".
    response.widget_info(|| {
        let mut info = egui::WidgetInfo::labeled(egui::Role::Button, true, token.name.as_str());
        info.current_text_value = look.band.as_ref().map(|(label, _)| (*label).to_owned());
        info
    });
    if response.drag_started() {
        egui::DragAndDrop::set_payload(ui.ctx(), TokenDrag(token.id));
    }
    let carried =
        response.dragged() && egui::DragAndDrop::has_payload_of_type::<TokenDrag>(ui.ctx());
    if ui.is_rect_visible(rect) {
        let mut painter = ui.painter().clone();
        if carried {
            // The token stays faded in its zone until the drop says where it goes.
            painter.multiply_opacity(0.35);
        } else if token.standing.is_out() {
            painter.multiply_opacity(OUT_OPACITY);
        } else if token.hidden {
            painter.multiply_opacity(HIDDEN_OPACITY);
        } else if token.done && !look.acting {
            painter.multiply_opacity(DONE_OPACITY);
        }
        paint(&painter, ui.painter(), rect, token, look, palette, response.hovered());
        if token.hidden && !carried {
            hidden_marks(ui.painter(), rect, look, palette, token.ink);
        }
        if token.standing == Standing::Dead && !carried {
            dead_cross(ui.painter(), rect, look, palette);
        }
    }
    if carried && let Some(pointer) = ui.ctx().pointer_interact_pos() {
        let layer = egui::LayerId::new(egui::Order::Tooltip, Id::unique("board-token-ghost"));
        let mut ghost = ui.ctx().layer_painter(layer);
        ghost.multiply_opacity(0.9);
        let at = Rect::from_center_size(pointer, rect.size());
        paint(&ghost, &ghost, at, token, look, palette, true);
    }
    if carried {
        return response.on_hover_cursor(egui::CursorIcon::Grabbing);
    }
    response.on_hover_ui(|ui| tooltip_ui(ui, token, state))
}

/// Paints a token with `p` (faded for a token that had its turn or is concealed); where it
/// stands (the border chip) is painted with `strong`, never faded.
pub fn paint(
    p: &Painter,
    strong: &Painter,
    rect: Rect,
    t: &Token,
    look: &Look,
    pal: &Palette,
    hovered: bool,
) {
    let fill = if hovered { pal.tile_hover } else { pal.tile };
    let fill = if look.acting { blend(fill, pal.acting, 0.22) } else { fill };
    let radius = |r: f32| CornerRadius::same((r * look.zoom).round().clamp(0.0, 255.0) as u8);
    p.rect_filled(rect, radius(8.0), fill);
    if look.acting {
        p.rect_stroke(rect, radius(8.0), Stroke::new(2.0, pal.acting), StrokeKind::Inside);
    }
    if look.selected {
        p.rect_stroke(
            rect.expand(1.0),
            radius(9.0),
            Stroke::new(3.0, pal.accent),
            StrokeKind::Outside,
        );
    }
    if look.picked {
        // Thinner as the board zooms out, so the frame never covers the token's words.
        let width = (3.0 * look.zoom).clamp(1.5, 3.0);
        p.rect_stroke(rect, radius(8.0), Stroke::new(width, pal.blast), StrokeKind::Inside);
    }
    if look.compact {
        paint_compact(p, strong, rect, t, look, pal)
    } else {
        paint_full(p, strong, rect, t, look, pal)
    }
}

fn paint_full(p: &Painter, strong: &Painter, rect: Rect, t: &Token, look: &Look, pal: &Palette) {
    let z = look.zoom;
    let chip_radius = CornerRadius::same((7.0 * z).round().clamp(0.0, 255.0) as u8);
    let centre = pos2(rect.min.x + (6.0 + FULL_DISC / 2.0) * z, rect.center().y);
    disc(p, centre, FULL_DISC * z, t, &t.initials, look, pal);
    let x = rect.min.x + (6.0 + FULL_DISC + 8.0) * z;
    let right = rect.max.x - 6.0 * z;
    let mut y = rect.min.y + 6.0 * z;
    p.galley(pos2(x, y), t.name_full.clone(), pal.text);
    y += NAME_HEIGHT * z;
    for bar in &t.bars {
        let text_x = right - bar.text.size().x;
        p.galley(
            pos2(text_x, y + (BAR_LINE * z - bar.text.size().y) / 2.0),
            bar.text.clone(),
            pal.text,
        );
        let bar_right = (right - 46.0 * z).min(text_x - 6.0 * z).max(x + 10.0 * z);
        let r = Rect::from_min_max(pos2(x, y + 5.0 * z), pos2(bar_right, y + (BAR_LINE - 5.0) * z));
        meter(p, r, bar, pal);
        y += BAR_LINE * z;
    }
    let mut cx = x;
    let chip_y = y + 2.0 * z;
    if let Some(word) = &t.standing_text {
        cx = standing_badge(strong, pos2(cx, chip_y), word, t, pal, z).max.x + 4.0 * z;
    }
    if let Some(border) = &t.border {
        let r = Rect::from_min_size(pos2(cx, chip_y), border.size() + vec2(10.0, 2.0) * z);
        strong.rect_filled(r, chip_radius, blend(pal.tile, pal.accent, 0.3));
        strong.rect_stroke(r, chip_radius, Stroke::new(1.5, pal.accent), StrokeKind::Inside);
        strong.galley(r.min + vec2(5.0, 1.0) * z, border.clone(), pal.text);
        cx = r.max.x + 4.0 * z;
    }
    if let Some((_, band)) = &look.band {
        let r = Rect::from_min_size(pos2(cx, chip_y), band.size() + vec2(10.0, 2.0) * z);
        p.rect_stroke(r, chip_radius, Stroke::new(1.0, pal.accent), StrokeKind::Inside);
        p.galley(r.min + vec2(5.0, 1.0) * z, band.clone(), pal.accent);
        cx = r.max.x + 4.0 * z;
    }
    for (i, chip) in t.chips.iter().enumerate() {
        let r = Rect::from_min_size(pos2(cx, chip_y), chip.size() + vec2(10.0, 2.0) * z);
        if r.max.x > right {
            // Say how many did not fit (the tooltip and the card list them all).
            let more = format!("+{}", t.conditions.saturating_sub(i));
            let font = egui::FontId::proportional(super::cache::CHIP_FONT * z);
            p.text(pos2(cx, chip_y + z), egui::Align2::LEFT_TOP, more, font, pal.weak);
            break;
        }
        p.rect_filled(r, chip_radius, pal.chip);
        p.galley(r.min + vec2(5.0, 1.0) * z, chip.clone(), pal.text);
        cx = r.max.x + 4.0 * z;
    }
}

fn paint_compact(p: &Painter, strong: &Painter, rect: Rect, t: &Token, look: &Look, pal: &Palette) {
    let z = look.zoom;
    let centre = pos2(rect.min.x + (5.0 + COMPACT_DISC / 2.0) * z, rect.center().y);
    disc(p, centre, COMPACT_DISC * z, t, &t.initials_small, look, pal);
    let x = rect.min.x + (5.0 + COMPACT_DISC + 6.0) * z;
    let right = rect.max.x - 5.0 * z;
    p.galley(pos2(x, rect.min.y + 3.0 * z), t.name_compact.clone(), pal.text);
    // Second line: the bar that tells most, with its numbers, then the range band.
    let line =
        Rect::from_min_max(pos2(x, rect.min.y + 27.0 * z), pos2(right, rect.max.y - 3.0 * z));
    let mut end = right;
    if let Some((_, band)) = &look.band {
        end -= band.size().x;
        p.galley(pos2(end, line.center().y - band.size().y / 2.0), band.clone(), pal.accent);
        end -= 6.0 * z;
    }
    if let Some(bar) = t.compact_bar.and_then(|i| t.bars.get(i)) {
        end -= bar.text.size().x;
        let text_pos = pos2(end, line.center().y - bar.text.size().y / 2.0);
        p.galley(text_pos, bar.text.clone(), pal.text);
        end -= 5.0 * z;
    }
    // Out of the fight, the word says so where the bar was; else the first condition, short,
    // then the bar in what room is left.
    let mut start = x;
    if let Some(word) = &t.standing_text {
        let at = pos2(x, line.center().y - (word.size().y + 2.0 * z) / 2.0);
        start = standing_badge(strong, at, word, t, pal, z).max.x + 4.0 * z;
    } else if let Some(chip) = &t.chip_short {
        let r = Rect::from_min_size(
            pos2(x, line.center().y - (chip.size().y + 2.0 * z) / 2.0),
            chip.size() + vec2(8.0, 2.0) * z,
        );
        if r.max.x < end {
            p.rect_filled(r, CornerRadius::same((5.0 * z) as u8), pal.chip);
            p.galley(r.min + vec2(4.0, 1.0) * z, chip.clone(), pal.text);
            start = r.max.x + 4.0 * z;
        }
    }
    if let Some(bar) = t.compact_bar.and_then(|i| t.bars.get(i))
        && t.standing_text.is_none()
        && end > start + 8.0 * z
    {
        let h = 5.0 * z;
        let r = Rect::from_min_max(
            pos2(start, line.center().y - h / 2.0),
            pos2(end, line.center().y + h / 2.0),
        );
        meter(p, r, bar, pal);
    }
    if t.border.is_some() {
        // No room for the border's chip: a stripe in the accent colour down the right edge
        // (the tooltip names the zone).
        let stripe = Rect::from_min_max(pos2(rect.max.x - 4.0 * z, rect.min.y), rect.max);
        strong.rect_filled(stripe, CornerRadius::same(2), pal.accent);
    }
}

/// The badge of a token out of the fight ("DEAD", "DYING", "FLED"), at full strength over the
/// greyed token, at `at`; a dead one's disc is crossed out as well. Returns its rectangle.
fn standing_badge(
    p: &Painter,
    at: Pos2,
    word: &Arc<Galley>,
    t: &Token,
    pal: &Palette,
    z: f32,
) -> Rect {
    let colour = pal.standing(t.standing);
    let r = Rect::from_min_size(at, word.size() + vec2(10.0, 2.0) * z);
    p.rect_filled(r, CornerRadius::same((5.0 * z) as u8), colour);
    p.galley(r.min + vec2(5.0, 1.0) * z, word.clone(), super::cache::ink_on(colour));
    r
}

fn disc(
    p: &Painter,
    centre: Pos2,
    diameter: f32,
    t: &Token,
    initials: &Arc<Galley>,
    look: &Look,
    pal: &Palette,
) {
    let ring = if look.acting { pal.acting } else { pal.border_on(t.colour) };
    super::disc::paint(p, centre, diameter, t.colour, ring, look.acting);
    // A concealed token's disc shows a crossed-out eye instead (see `hidden_marks`).
    if t.hidden {
        return;
    }
    // The library entry's portrait, inside the side's ring; else the initials.
    use crate::window::views::portraits;
    match portraits::of(p.ctx(), t.id) {
        Some(texture) => {
            let inset = (diameter * 0.09).max(2.0);
            portraits::paint_round(p, centre, diameter / 2.0 - inset, texture);
        }
        None => p.galley(centre - initials.size() / 2.0, initials.clone(), t.ink),
    }
}

/// A bar: the empty track, filled to its fraction in the colour of what it measures.
fn meter(p: &Painter, r: Rect, bar: &super::cache::Bar, pal: &Palette) {
    p.rect_filled(r, CornerRadius::same(3), pal.track);
    if bar.fraction > 0.0 {
        let filled = Rect::from_min_size(r.min, vec2(r.width() * bar.fraction, r.height()));
        p.rect_filled(filled, CornerRadius::same(3), pal.meter(bar.meaning, bar.fraction));
    }
}

fn blend(a: Color32, b: Color32, t: f32) -> Color32 {
    let mix = |x: u8, y: u8| (f32::from(x) + (f32::from(y) - f32::from(x)) * t).round() as u8;
    Color32::from_rgb(mix(a.r(), b.r()), mix(a.g(), b.g()), mix(a.b(), b.b()))
}

impl Palette {
    /// A thin ring that separates a disc of `colour` from the tile.
    fn border_on(&self, colour: Color32) -> Color32 {
        blend(colour, self.text, 0.25)
    }
}

/// A concealed token's marks, at full strength over the faded token: a dashed outline and a
/// crossed-out eye on its disc instead of the initials.
fn hidden_marks(p: &Painter, rect: Rect, look: &Look, pal: &Palette, ink: Color32) {
    let z = look.zoom;
    let r = rect.shrink(1.5);
    let corners = [r.left_top(), r.right_top(), r.right_bottom(), r.left_bottom(), r.left_top()];
    let stroke = Stroke::new(2.0, pal.text);
    p.extend(egui::Shape::dashed_line(&corners, stroke, 7.0 * z, 5.0 * z));
    // In the disc, where the initials were, at full strength over the faded disc.
    let (disc, inset) = if look.compact { (COMPACT_DISC, 5.0) } else { (FULL_DISC, 6.0) };
    let centre = pos2(rect.min.x + (inset + disc / 2.0) * z, rect.center().y);
    eye_slash(p, centre, disc * 0.72 * z, ink);
}

/// A dead token's disc, crossed out at full strength over the greyed token: not colour alone.
fn dead_cross(p: &Painter, rect: Rect, look: &Look, pal: &Palette) {
    let z = look.zoom;
    let (disc, inset) = if look.compact { (COMPACT_DISC, 5.0) } else { (FULL_DISC, 6.0) };
    let c = pos2(rect.min.x + (inset + disc / 2.0) * z, rect.center().y);
    let d = disc * 0.42 * z;
    let stroke = Stroke::new((3.0 * z).max(2.0), pal.standing(Standing::Dead));
    p.line_segment([c - vec2(d, d), c + vec2(d, d)], stroke);
    p.line_segment([c + vec2(-d, d), c + vec2(d, -d)], stroke);
}

/// A crossed-out eye of `size` points, centred on `c`.
fn eye_slash(p: &Painter, c: Pos2, size: f32, colour: Color32) {
    let w = size * 0.55;
    let h = size * 0.3;
    let stroke = Stroke::new((size * 0.09).max(1.5), colour);
    // The eye: two arcs meeting at the corners, and the pupil.
    let arc = |sign: f32| -> Vec<Pos2> {
        (0..=12)
            .map(|i| {
                let t = i as f32 / 12.0;
                let x = -w + 2.0 * w * t;
                let y = sign * h * (1.0 - (x / w).powi(2));
                pos2(c.x + x, c.y + y)
            })
            .collect()
    };
    p.add(egui::Shape::line(arc(1.0), stroke));
    p.add(egui::Shape::line(arc(-1.0), stroke));
    p.circle_filled(c, h * 0.55, colour);
    // The slash.
    let d = vec2(w * 0.85, h * 1.6);
    p.line_segment([c - d, c + d], Stroke::new(stroke.width * 1.3, colour));
}

/// The details on hover: side, every track, stats, conditions.
fn tooltip_ui(ui: &mut egui::Ui, token: &Token, state: &Encounter) {
    let Some(c) = state.combatant(token.id) else { return };
    ui.strong(&c.name);
    if let Some(side) = state.side(c.side) {
        ui.label(&side.name);
    }
    for t in &c.tracks {
        ui.label(track_line(&stat_label(&t.name), t.value, t.max));
    }
    if !c.stats.is_empty() {
        ui.label(stats_line(c.stats.iter().map(|s| (s.name.as_str(), s.value))));
    }
    if !c.conditions.is_empty() {
        let list: Vec<&str> = c.conditions.iter().map(String::as_str).collect();
        ui.label(list.join(", "));
    }
    if let Some(word) = standing_line(token.standing, c.conditions.iter().map(String::as_str)) {
        ui.label(word);
    }
    if let Some(border) = &token.border {
        ui.label(format!("On the border: {}", border.text().trim_start_matches('\u{2194}').trim()));
    }
    if token.done {
        ui.label("Has had its turn this round");
    }
    ui.weak("Click to select, drag to move");
}

/// The hover card's line for a track, "HP: −3/5", with the token's minus sign.
fn track_line(label: &str, value: i64, max: i64) -> String {
    format!("{label}: {}/{max}", crate::window::views::number_text(value))
}

/// The hover card's line of stats, "dex −1 · str 2", numbers written as on the token.
fn stats_line<'a>(stats: impl IntoIterator<Item = (&'a str, i64)>) -> String {
    let stats: Vec<String> = stats
        .into_iter()
        .map(|(name, value)| format!("{name} {}", crate::window::views::number_text(value)))
        .collect();
    stats.join(" \u{b7} ")
}

/// The hover card's line for a combatant out of the fight ("Down", "Dead"), unless one of its
/// conditions already says the same word: the card listed "down" and then "Down".
fn standing_line<'a>(
    standing: Standing,
    conditions: impl IntoIterator<Item = &'a str>,
) -> Option<&'static str> {
    let word = standing.word();
    let said = conditions.into_iter().any(|c| c.trim().eq_ignore_ascii_case(word));
    (standing.is_out() && !said).then_some(word)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_track_below_zero_has_the_same_minus_sign_as_its_token() {
        assert_eq!(track_line("HP", -3, 5), "HP: \u{2212}3/5");
        assert_eq!(track_line("HP", 4, 5), "HP: 4/5");
        assert_eq!(stats_line([("dex", -1), ("str", 2)]), "dex \u{2212}1 \u{b7} str 2");
    }

    #[test]
    fn the_standing_word_shows_once_whether_or_not_a_condition_names_it() {
        assert_eq!(standing_line(Standing::Down, ["down"]), None);
        assert_eq!(standing_line(Standing::Down, ["Prone", " Down "]), None);
        assert_eq!(standing_line(Standing::Down, ["prone"]), Some("Down"));
        assert_eq!(standing_line(Standing::Down, std::iter::empty()), Some("Down"));
        assert_eq!(standing_line(Standing::Dead, ["down"]), Some("Dead"));
        assert_eq!(standing_line(Standing::Up, ["down"]), None);
    }
}
