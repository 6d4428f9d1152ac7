//! The board's canvas: pan by dragging the background, adjacency lines, the zone cards with
//! their tokens; moving and resizing a card; linking two cards.

use super::cache::Cache;
use super::geometry::{self, CardLayout, MIN_CARD_SIZE, Transform};
use super::palette::Palette;
use super::token::{self, Look, TokenDrag};
use super::zone_card::{self, CardLook, DropHint};
use super::{BoardView, Dialog, Target};
use crate::window::Action;
use crate::window::views::library::LibraryDrop;
use eframe::egui::{self, Align2, FontId, Pos2, Rect, Sense, Stroke, Vec2};
use fray_app::Command;
use fray_app::encounter::Encounter;
use fray_app::ids::{CombatantId, ZoneId};
use fray_app::system::System;

/// A card being moved or resized.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ZoneDrag {
    /// Which zone.
    pub zone: ZoneId,
    /// Moving (title bar) or resizing (corner handle).
    pub resize: bool,
    /// Its rect when the drag began, in board units.
    pub start: Rect,
    /// Where the pointer was pressed, on screen.
    pub pointer: Pos2,
    /// The zoom when the drag began (screen points per board unit).
    pub zoom: f32,
}

impl ZoneDrag {
    /// The card's rect (board units) with the pointer at `now` (on screen).
    fn rect(&self, now: Pos2) -> Rect {
        let delta = (now - self.pointer) / self.zoom;
        if self.resize {
            Rect::from_min_size(self.start.min, (self.start.size() + delta).max(MIN_CARD_SIZE))
        } else {
            self.start.translate(delta)
        }
    }
}

/// Everything the canvas needs from the model this frame.
pub struct Scene<'a> {
    /// The session (the token cache is rebuilt from it when the zoom changes).
    pub session: &'a fray_data::Session,
    /// The encounter's state.
    pub state: &'a Encounter,
    /// Its rules (for range bands).
    pub system: &'a dyn System,
    /// The combatant whose card is shown.
    pub selected: Option<CombatantId>,
    /// The combatants picked for harm to several at once.
    pub picked: &'a std::collections::BTreeSet<CombatantId>,
}

/// Draws the canvas into the rest of `ui` and records where things may be dropped.
pub fn canvas_ui(
    ui: &mut egui::Ui,
    scene: &Scene<'_>,
    view: &mut BoardView,
    slot: &mut Option<Cache>,
    out: &mut Vec<Action>,
    targets: &mut Vec<Target>,
) {
    let state = scene.state;
    let pal = Palette::of(ui.visuals());
    let (canvas, bg) = ui.allocate_exact_size(ui.available_size(), Sense::click_and_drag());
    // Named for assistive tools (and the layout tests, which measure it).
    bg.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, "Board"));
    let ui = &mut ui.new_child(egui::UiBuilder::new().max_rect(canvas).id_salt("board-canvas"));
    ui.set_clip_rect(canvas.intersect(ui.clip_rect()));
    ui.painter().rect_filled(canvas, 8.0, pal.canvas);

    // Pan: drag the background, or scroll over the board.
    if bg.dragged() {
        view.pan += bg.drag_delta();
        view.auto_fit = false;
    }
    let (pointer, released, down) =
        ui.input(|i| (i.pointer.interact_pos(), i.pointer.any_released(), i.pointer.any_down()));
    // Zoom: Ctrl+scroll around the pointer, the toolbar's buttons around the centre.
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
    // A click on the empty board cancels a link in progress, else clears the selection.
    if bg.clicked() && view.linking.take().is_none() && scene.selected.is_some() {
        out.push(Action::Select(None));
    }

    let cache = Cache::refresh(slot, ui.ctx(), scene.session, view.zoom);
    let board = layout_cards(ui.ctx(), state, cache, view, pointer);
    // A fit is redone for a few frames while the panels around the board settle, and again
    // when the window changes size, or a side panel folds or unfolds, while the GM has not
    // moved the view. (Not when the height alone changes: a banner or the tray growing must
    // not rescale the board under the pointer.)
    let window = (ui.ctx().content_rect().size(), canvas.width().round());
    if view.auto_fit && view.fitted_for != Some(window) {
        view.fit_pending = true;
    }
    if std::mem::take(&mut view.fit_pending) {
        view.settling = 3;
    }
    if view.settling > 0 {
        view.settling -= 1;
        ui.ctx().request_repaint();
        view.auto_fit = true;
        view.fitted_for = Some(window);
        let bounds = match &state.grid {
            // The grid and its coordinates around it.
            Some(grid) => Some(super::grid_paint::bounds(grid).expand(28.0)),
            None => board.iter().map(|(_, l)| l.rect).reduce(|a, b| a.union(b)),
        };
        // On a grid, Fit stops where the tokens' names still show (a size in points, so at
        // any UI scale); zone cards stop at a size in pixels.
        let floor = match &state.grid {
            Some(_) => super::grid_paint::NAMED_ZOOM,
            None => geometry::min_fit_zoom(ui.ctx().pixels_per_point(), geometry::min_zoom(state)),
        };
        // On a short window the rulings lie over the board's top: the fit keeps below them.
        let room = if crate::window::views::stepper::is_short(ui) {
            canvas.with_min_y(
                (canvas.min.y + super::rulings::RULINGS_OVERLAY).min(canvas.max.y - 1.0),
            )
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
        // On a step, rounded down so the whole board stays in view, but never under the
        // floor (rounded up to its step).
        let step = super::ZOOM_STEP;
        let stepped = ((zoom / step).floor() * step).max((floor / step).ceil() * step);
        view.zoom = stepped.clamp(geometry::min_zoom(state), geometry::MAX_ZOOM);
        view.zoom_target = view.zoom;
    }
    let cache = Cache::refresh(slot, ui.ctx(), scene.session, view.zoom);
    let transform = Transform { origin: canvas.min.to_vec2() + view.pan, zoom: view.zoom };
    view.board_rects.clear();
    view.board_rects.extend(board.iter().map(|(_, l)| l.rect));
    let cards: Vec<(ZoneId, CardLayout)> =
        board.iter().map(|(z, l)| (*z, l.to_screen(transform))).collect();

    if let Some(grid) = &state.grid {
        let scene = super::grid_canvas::GridScene {
            session: scene.session,
            state,
            grid,
            system: scene.system,
            selected: scene.selected,
            picked: scene.picked,
        };
        super::grid_canvas::grid_ui(ui, &scene, &mut view.grid, cache, transform, canvas, out);
        return;
    }
    if state.zones.is_empty() {
        ui.painter().text(
            canvas.center(),
            Align2::CENTER_CENTER,
            "No zones yet: add one with \u{201c}+ Zone\u{201d}",
            FontId::proportional(20.0),
            pal.weak,
        );
    }
    links(ui, state, &cards, &pal);

    // Where a drag in progress would land, and whether the rules would take it.
    let hovered_card = pointer
        .filter(|p| canvas.contains(*p))
        .and_then(|p| cards.iter().rev().find(|(_, l)| l.rect.contains(p)));
    let carried_token = egui::DragAndDrop::payload::<TokenDrag>(ui.ctx());
    let carried_entry = egui::DragAndDrop::payload::<LibraryDrop>(ui.ctx());
    let drop_on = hovered_card.and_then(|(z, _)| {
        let zone = state.zone(*z)?;
        let extra = match (&carried_token, &carried_entry) {
            (Some(t), _) => {
                let from = state.combatant(t.0)?.zone;
                if from == Some(*z) {
                    return None;
                }
                1
            }
            (None, Some(e)) => e.count,
            (None, None) => return None,
        };
        let present = cache.members.get(z).map_or(0, Vec::len) as u32;
        let fits = zone.capacity.is_none_or(|c| present + extra <= c);
        Some((*z, if fits { DropHint::Accept } else { DropHint::Refuse }))
    });

    // The selected combatant's zone: every other token shows its range band from it.
    let from_zone = scene.selected.and_then(|id| state.combatant(id)).and_then(|c| c.zone);

    for ((zone_id, layout), (_, board_layout)) in cards.iter().zip(&board) {
        let Some(zone) = state.zone(*zone_id) else { continue };
        let dragged = view.drag.is_some_and(|d| d.zone == *zone_id);
        if !dragged && !canvas.intersects(layout.rect) {
            continue;
        }
        let members = cache.members.get(zone_id).map_or(&[][..], Vec::as_slice);
        let look = CardLook {
            drop: drop_on.filter(|(z, _)| z == zone_id).map_or(DropHint::None, |(_, h)| h),
            linking_from: view.linking == Some(*zone_id),
            link_target: view
                .linking
                .filter(|from| from != zone_id)
                .map(|from| zone.adjacent.contains(&from)),
        };
        let count = members.len();
        let card = zone_card::zone_card_ui(ui, zone, layout, count, &look, &pal);
        targets.push(Target { rect: layout.rect.intersect(canvas), zone: Some(*zone_id) });

        if card.title.drag_started()
            && let Some(press) = ui.input(|i| i.pointer.press_origin())
        {
            let start = layout_rect_in_board(state, view, *zone_id, board_layout);
            let zoom = view.zoom;
            view.drag =
                Some(ZoneDrag { zone: *zone_id, resize: false, start, pointer: press, zoom });
        }
        if card.edit || card.title.double_clicked() {
            view.linking = None;
            view.dialog = Some(Dialog::edit(zone));
        }
        if card.link {
            view.linking = if view.linking == Some(*zone_id) { None } else { Some(*zone_id) };
        }

        // Tokens: the band is the same for everyone in a zone, so it is looked up once.
        let band = |cache: &mut Cache, compact: bool| {
            let from = from_zone?;
            let steps = cache.ranges_from(state, from).get(zone_id).copied();
            let label = scene.system.range_band(steps.map(fray_app::space::Distance::Steps)).label;
            Some((label, cache.band(ui.ctx(), label, compact)))
        };
        let zone_band = band(cache, layout.grid.compact);
        let mut card_clicked = card.title.clicked() || card.body.clicked();
        let members = cache.members.get(zone_id).map_or(&[][..], Vec::as_slice);
        for (i, &t) in members.iter().enumerate() {
            let rect = layout.grid.tile_rect(layout.body.min, i);
            if !canvas.intersects(rect) {
                continue;
            }
            let token = &cache.tokens[t];
            let selected = scene.selected == Some(token.id);
            let look = Look {
                compact: layout.grid.compact,
                selected,
                picked: scene.picked.contains(&token.id),
                acting: token.acting,
                band: if selected { None } else { zone_band.clone() },
                zoom: layout.zoom,
            };
            let response = token::token_ui(ui, rect, token, &look, &pal, state);
            if let Some(c) = state.combatant(token.id) {
                response.context_menu(|ui| {
                    crate::window::views::player_window::shown_menu_ui(ui, state, c, out);
                });
            }
            if response.clicked() {
                // While linking, a token stands for its zone.
                if view.linking.is_some() {
                    card_clicked = true;
                } else if ui.input(|i| i.modifiers.shift) {
                    // Shift-click picks it for harm to several at once.
                    out.push(Action::TogglePick(token.id));
                } else if !selected {
                    out.push(Action::Select(Some(token.id)));
                }
            }
        }
        if card_clicked && let Some(from) = view.linking.filter(|from| from != zone_id) {
            let command = if zone.adjacent.contains(&from) {
                Command::DisconnectZones { a: from, b: *zone_id }
            } else {
                Command::ConnectZones { a: from, b: *zone_id }
            };
            out.push(Action::Game(command));
            view.linking = None;
        }

        let handle = zone_card::resize_handle_ui(ui, zone, layout.rect, &pal, layout.zoom);
        if handle.drag_started()
            && let Some(press) = ui.input(|i| i.pointer.press_origin())
        {
            let start = layout_rect_in_board(state, view, *zone_id, board_layout);
            let zoom = view.zoom;
            view.drag =
                Some(ZoneDrag { zone: *zone_id, resize: true, start, pointer: press, zoom });
        }
    }

    // A blast gone astray, over the cards.
    super::deviation::deviation_ui(ui, scene.system, state, &cards, &pal);

    // A card drag ends on release with one PlaceZone (not one per frame).
    if let Some(drag) = view.drag {
        if released {
            if let Some(now) = pointer {
                let rect = drag.rect(now);
                if rect != drag.start {
                    let rect = geometry::to_board(rect);
                    out.push(Action::Game(Command::PlaceZone { id: drag.zone, rect }));
                }
            }
            view.drag = None;
        } else if !down {
            view.drag = None;
        }
    }
}

/// The rect a drag starts from, in board units: the stored one (or the automatic cell),
/// not the one grown to show every token.
fn layout_rect_in_board(
    state: &Encounter,
    view: &BoardView,
    zone: ZoneId,
    board: &CardLayout,
) -> Rect {
    let stored = state.zone(zone).and_then(|z| geometry::placed(&z.rect));
    stored.unwrap_or_else(|| {
        let i = state.zones.keys().position(|z| *z == zone).unwrap_or(0);
        view.auto_rects.get(i).copied().unwrap_or(board.rect)
    })
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

/// Every card's layout in board units, in zone order; the card being dragged goes last (on
/// top).
fn layout_cards(
    ctx: &egui::Context,
    state: &Encounter,
    cache: &Cache,
    view: &mut BoardView,
    pointer: Option<Pos2>,
) -> Vec<(ZoneId, CardLayout)> {
    view.auto_rects = geometry::place_all(state.zones.values().map(|z| z.rect));
    let mut cards: Vec<(ZoneId, CardLayout)> = state
        .zones
        .values()
        .zip(&view.auto_rects)
        .map(|(zone, board)| {
            let mut board = *board;
            if let (Some(drag), Some(now)) = (view.drag, pointer)
                && drag.zone == zone.id
            {
                board = drag.rect(now);
            }
            let members = cache.members.get(&zone.id).map_or(&[][..], Vec::as_slice);
            let bars = members.iter().map(|&t| cache.tokens[t].bars.len()).max().unwrap_or(1);
            let full_height = geometry::full_tile_height(bars, true);
            let note = !zone.note.is_empty();
            let two_rows = !title_fits(ctx, zone, members.len(), board.width());
            (zone.id, geometry::card_layout(board, members.len(), full_height, note, two_rows))
        })
        .collect();
    if let Some(drag) = view.drag
        && let Some(i) = cards.iter().position(|(z, _)| *z == drag.zone)
    {
        let card = cards.remove(i);
        cards.push(card);
    }
    cards
}

/// Whether a zone's name, its count and the buttons fit one title row (in board units; the
/// galleys come from egui's cache, so this is cheap every frame).
fn title_fits(
    ctx: &egui::Context,
    zone: &fray_app::encounter::Zone,
    count: usize,
    width: f32,
) -> bool {
    let count = match zone.capacity {
        Some(c) => format!("{count}/{c}"),
        None => count.to_string(),
    };
    let (name, count) = ctx.fonts_mut(|f| {
        let name = f.layout_no_wrap(
            zone.name.clone(),
            FontId::proportional(geometry::TITLE_FONT),
            egui::Color32::PLACEHOLDER,
        );
        let count = f.layout_no_wrap(count, FontId::proportional(15.0), egui::Color32::PLACEHOLDER);
        (name.size().x, count.size().x)
    });
    geometry::title_fits_one_row(width, name, count)
}

/// Adjacency as lines between card centres, under the cards.
fn links(ui: &egui::Ui, state: &Encounter, cards: &[(ZoneId, CardLayout)], pal: &Palette) {
    let centre = |id: ZoneId| cards.iter().find(|(z, _)| *z == id).map(|(_, l)| l.rect.center());
    let zoom = cards.first().map_or(1.0, |(_, l)| l.zoom);
    let stroke = Stroke::new(4.0 * zoom.max(0.75), pal.link);
    for zone in state.zones.values() {
        let Some(a) = centre(zone.id) else { continue };
        for other in zone.adjacent.range(zone.id..) {
            if let Some(b) = centre(*other) {
                ui.painter().line_segment([a, b], stroke);
            }
        }
    }
}
