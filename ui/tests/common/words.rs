//! Words the GM cannot read whole (issue 64): read off what the window painted in its last
//! frame, as the screen shows it. Every piece of text egui paints is a galley at a place,
//! with the rectangle it is clipped to; a galley cut short with "…" says so itself
//! (`Galley::elided`), and one that runs past its clip rectangle is cut by it. No hook in the
//! app: this is what reaches the screen.

use super::Window;
use eframe::egui;
use egui::accesskit::Role;
use egui::epaint::{ClippedShape, Shape, TextShape};
use egui_kittest::kittest::Queryable;

/// One piece of text as painted: its words, where they stand, and the rectangle they are
/// clipped to.
#[derive(Debug, Clone)]
pub struct Painted {
    /// The galley's words (with the "…" an elided one ends with).
    pub text: String,
    /// Where the whole galley stands, in points.
    pub rect: egui::Rect,
    /// The rectangle it is cut to.
    pub clip: egui::Rect,
    /// Cut short by its layout: a "…" instead of the rest.
    pub elided: bool,
    /// The size of its type (its first part's), in points.
    pub size: f32,
}

impl Painted {
    /// Whether any of it shows.
    pub fn shown(&self) -> bool {
        self.rect.intersects(self.clip)
    }

    /// Whether its clip rectangle cuts it left or right (half a point of rounding allowed).
    pub fn cut_sideways(&self) -> bool {
        self.rect.left() < self.clip.left() - 0.5 || self.rect.right() > self.clip.right() + 0.5
    }

    /// Whether its clip rectangle cuts it at the top or the bottom.
    pub fn cut_up_or_down(&self) -> bool {
        self.rect.top() < self.clip.top() - 0.5 || self.rect.bottom() > self.clip.bottom() + 0.5
    }
}

/// Every piece of text the window painted in its last frame.
pub fn painted(w: &Window) -> Vec<Painted> {
    let mut found = Vec::new();
    for ClippedShape { clip_rect, shape, transform_after_tessellation: moved } in
        &w.harness.output().shapes
    {
        // Drawn where it was laid out (a zoomed layer's text is moved after: not the
        // stepper's, nor the rulings').
        if *moved == egui::emath::TSTransform::IDENTITY {
            collect(shape, *clip_rect, &mut found);
        }
    }
    found
}

fn collect(shape: &Shape, clip: egui::Rect, found: &mut Vec<Painted>) {
    match shape {
        Shape::Vec(shapes) => shapes.iter().for_each(|s| collect(s, clip, found)),
        Shape::Text(TextShape { pos, galley, angle, .. }) if *angle == 0.0 => {
            if galley.text().trim().is_empty() {
                return;
            }
            found.push(Painted {
                text: galley.text().to_owned(),
                rect: galley.rect.translate(pos.to_vec2()),
                clip,
                elided: galley.elided,
                size: galley.job.sections.first().map_or(0.0, |s| s.format.font_id.size),
            });
        }
        _ => {}
    }
}

/// The words of the stepper (the right column over the turn order: its pinned top, the room
/// beside Next, the answers) that the GM cannot read whole, each said with why: cut short with "…", cut
/// left or right by the column, or, in the pinned top (what is clipped above `pinned_bottom`,
/// the headline's box included), cut at its top or bottom. Only what shows counts; the answers'
/// scroll may cut what is under its fold (a scroll away, whole there).
pub fn cut_in_stepper(w: &Window) -> Vec<String> {
    let Some(column) = column(w) else { return vec!["no stepper shown".to_owned()] };
    let next = w.harness.query_by_role_and_label(Role::Button, "Next");
    let pinned_bottom = next.map_or(column.top(), |n| n.rect().bottom());
    // The turn order (or Murdham's factions) under the answers' room is a list of one line
    // a place, each reason cut short and whole on hover, as are the dice tray and the card
    // under it: not the stepper's words.
    let under = ["Turn order", "Factions"]
        .iter()
        .filter_map(|h| w.harness.query_by_role_and_label(Role::DisclosureTriangle, h))
        .map(|n| n.rect().top())
        .fold(f32::INFINITY, f32::min);
    let in_column: Vec<Painted> = painted(w)
        .into_iter()
        // Drawn in the column (the top bar's and the board's clips start left of it).
        .filter(|p| p.clip.left() >= column.left() - 0.5 && p.shown())
        .collect();
    // The answers' scroll: the tallest clip under the pinned top. The order's rows have a
    // scroll of their own inside it, which shows under the answers when the heading over them
    // is scrolled out of view.
    let scroll = in_column
        .iter()
        .map(|p| p.clip)
        .filter(|c| c.top() >= pinned_bottom)
        .max_by(|a, b| a.height().total_cmp(&b.height()));
    let nested = |c: egui::Rect| c.top() >= pinned_bottom && Some(c) != scroll;
    in_column
        .into_iter()
        .filter(|p| p.rect.top() < under && !nested(p.clip))
        .filter_map(|p| {
            let why = if p.elided {
                "cut short"
            } else if p.cut_sideways() {
                "cut at a side"
            } else if p.clip.top() < pinned_bottom && p.cut_up_or_down() {
                "cut at its top or bottom"
            } else {
                return None;
            };
            Some(format!("'{}' {why} (at {:?}, clipped to {:?})", p.text, p.rect, p.clip))
        })
        .collect()
}

/// The stepper column's rectangle: from Next's left edge to the screen's right, top to bottom.
fn column(w: &Window) -> Option<egui::Rect> {
    let next = w.harness.query_by_role_and_label(Role::Button, "Next")?.rect();
    let screen = w.harness.ctx.content_rect();
    Some(egui::Rect::from_x_y_ranges(next.left()..=screen.right(), screen.y_range()))
}

/// Whether `text` was painted whole: in one piece, not cut short, and inside its clip
/// rectangle every way.
pub fn painted_whole(w: &Window, text: &str) -> bool {
    painted(w)
        .iter()
        .any(|p| p.text == text && !p.elided && !p.cut_sideways() && !p.cut_up_or_down())
}
