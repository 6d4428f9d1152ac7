//! Moving the board's view: pan and zoom by hand, and the fit to the canvas.

use super::BoardView;
use super::geometry::{self, CardLayout, Transform};
use eframe::egui::{self, Pos2, Rect, Vec2};
use fray_app::encounter::Encounter;
use fray_app::ids::ZoneId;

/// Pan by dragging the background or scrolling over the board; zoom with Ctrl+scroll around
/// the pointer, or with the toolbar's buttons around the centre.
pub(super) fn navigate_ui(
    ui: &egui::Ui,
    state: &Encounter,
    view: &mut BoardView,
    canvas: Rect,
    bg: &egui::Response,
    pointer: Option<Pos2>,
) {
    if bg.dragged() {
        view.pan += bg.drag_delta();
        view.auto_fit = false;
    }
    if ui.rect_contains_pointer(canvas) {
        let (scroll, zoom) = ui.input(|i| (i.smooth_scroll_delta, i.zoom_delta()));
        view.pan += scroll;
        if scroll != Vec2::ZERO || zoom != 1.0 {
            view.auto_fit = false;
        }
        if zoom != 1.0 {
            view.zoom_target =
                (view.zoom_target * zoom).clamp(geometry::min_zoom(state), geometry::MAX_ZOOM);
            zoom_around(
                view,
                canvas,
                pointer.unwrap_or(canvas.center()),
                super::step_zoom(view.zoom_target, geometry::min_zoom(state)),
            );
        }
    }
    if let Some(factor) = view.zoom_request.take() {
        view.auto_fit = false;
        view.zoom_target = super::step_zoom(view.zoom * factor, geometry::min_zoom(state));
        zoom_around(view, canvas, canvas.center(), view.zoom_target);
    }
}

/// Fits the board to the canvas when asked ("Fit", first shown), and for a few frames while
/// the panels around the board settle, and again when the window changes size, or a side
/// panel folds or unfolds, while the GM has not moved the view. (Not when the height alone
/// changes: a banner or the tray growing must not rescale the board under the pointer.)
pub(super) fn fit_ui(
    ui: &egui::Ui,
    state: &Encounter,
    view: &mut BoardView,
    canvas: Rect,
    board: &[(ZoneId, CardLayout)],
) {
    let window = (ui.ctx().content_rect().size(), canvas.width().round());
    if view.auto_fit && view.fitted_for != Some(window) {
        view.fit_pending = true;
    }
    if std::mem::take(&mut view.fit_pending) {
        view.settling = 3;
    }
    if view.settling == 0 {
        return;
    }
    view.settling -= 1;
    ui.ctx().request_repaint();
    view.auto_fit = true;
    view.fitted_for = Some(window);
    let bounds = match &state.grid {
        // The grid and its coordinates around it.
        Some(grid) => Some(super::grid_paint::bounds(grid).expand(28.0)),
        None => board.iter().map(|(_, l)| l.rect).reduce(|a, b| a.union(b)),
    };
    // On a grid, Fit stops where the tokens' names still show (a size in points, so at any UI
    // scale); zone cards stop at a size in pixels.
    let floor = match &state.grid {
        Some(_) => super::grid_paint::NAMED_ZOOM,
        None => geometry::min_fit_zoom(ui.ctx().pixels_per_point(), geometry::min_zoom(state)),
    };
    // On a short window the rulings lie over the board's top: the fit keeps below them.
    let room = if crate::window::views::stepper::is_short(ui) {
        canvas.with_min_y((canvas.min.y + super::rulings::RULINGS_OVERLAY).min(canvas.max.y - 1.0))
    } else {
        canvas
    };
    let (pan, zoom) = match bounds {
        Some(b) => {
            // The pan is from the canvas's corner, the fit's from the room's.
            let (pan, zoom) = geometry::fit(b, room, 24.0, floor);
            (pan + (room.min - canvas.min), zoom)
        }
        None => (Vec2::ZERO, 1.0),
    };
    view.pan = pan;
    // On a step, rounded down so the whole board stays in view, but never under the floor
    // (rounded up to its step).
    let step = super::ZOOM_STEP;
    let stepped = ((zoom / step).floor() * step).max((floor / step).ceil() * step);
    view.zoom = stepped.clamp(geometry::min_zoom(state), geometry::MAX_ZOOM);
    view.zoom_target = view.zoom;
}

/// Changes the zoom to `zoom`, keeping the board point under `anchor` (on screen) in place.
fn zoom_around(view: &mut BoardView, canvas: Rect, anchor: Pos2, zoom: f32) {
    if zoom == view.zoom {
        return;
    }
    let origin = canvas.min.to_vec2() + view.pan;
    let view_before = Transform { origin, zoom: view.zoom };
    let under = view_before.board_pos(anchor);
    view.pan = anchor.to_vec2() - under.to_vec2() * zoom - canvas.min.to_vec2();
    view.zoom = zoom;
}
