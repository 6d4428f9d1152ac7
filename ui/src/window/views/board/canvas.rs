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
use eframe::egui::{self, Align2, FontId, Pos2, Rect, Sense, Stroke};
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
    let (pointer, released, down) =
        ui.input(|i| (i.pointer.interact_pos(), i.pointer.any_released(), i.pointer.any_down()));
    super::navigate::navigate_ui(ui, state, view, canvas, &bg, pointer);
    // A click on the empty board cancels a link in progress, else clears the selection.
    if bg.clicked() && view.linking.take().is_none() && scene.selected.is_some() {
        out.push(Action::Select(None));
    }

    let cache = Cache::refresh(slot, ui.ctx(), scene.session, view.zoom);
    let board = layout_cards(ui.ctx(), state, cache, view, pointer);
    super::navigate::fit_ui(ui, state, view, canvas, &board);
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
    let pass = CardPass {
        scene,
        canvas,
        pal: &pal,
        drop_on: drop_hint(ui.ctx(), state, cache, &cards, canvas, pointer),
        // The selected combatant's zone: every other token shows its range band from it.
        from_zone: scene.selected.and_then(|id| state.combatant(id)).and_then(|c| c.zone),
    };
    for ((zone_id, layout), (_, board_layout)) in cards.iter().zip(&board) {
        let Some(zone) = state.zone(*zone_id) else { continue };
        let dragged = view.drag.is_some_and(|d| d.zone == *zone_id);
        if !dragged && !canvas.intersects(layout.rect) {
            continue;
        }
        zone_ui(ui, &pass, zone, (layout, board_layout), view, cache, out);
        targets.push(Target { rect: layout.rect.intersect(canvas), zone: Some(*zone_id) });
    }

    // A blast gone astray, over the cards.
    super::deviation::deviation_ui(ui, scene.system, state, &cards, &pal);
    end_card_drag(view, pointer, released, down, out);
}

/// Where a drag in progress would land (the card under the pointer), and whether the rules
/// would take it there.
fn drop_hint(
    ctx: &egui::Context,
    state: &Encounter,
    cache: &Cache,
    cards: &[(ZoneId, CardLayout)],
    canvas: Rect,
    pointer: Option<Pos2>,
) -> Option<(ZoneId, DropHint)> {
    let hovered_card = pointer
        .filter(|p| canvas.contains(*p))
        .and_then(|p| cards.iter().rev().find(|(_, l)| l.rect.contains(p)))?;
    let carried_token = egui::DragAndDrop::payload::<TokenDrag>(ctx);
    let carried_entry = egui::DragAndDrop::payload::<LibraryDrop>(ctx);
    let z = hovered_card.0;
    let zone = state.zone(z)?;
    let extra = match (&carried_token, &carried_entry) {
        (Some(t), _) => {
            let from = state.combatant(t.0)?.zone;
            if from == Some(z) {
                return None;
            }
            1
        }
        (None, Some(e)) => e.count,
        (None, None) => return None,
    };
    let present = cache.members.get(&z).map_or(0, Vec::len) as u32;
    let fits = zone.capacity.is_none_or(|c| present + extra <= c);
    Some((z, if fits { DropHint::Accept } else { DropHint::Refuse }))
}

/// What every zone card of one pass shares.
struct CardPass<'a> {
    /// The model's part the board shows.
    scene: &'a Scene<'a>,
    /// The canvas on screen.
    canvas: Rect,
    /// The board's colours.
    pal: &'a Palette,
    /// The card a drag in progress would land on, and how.
    drop_on: Option<(ZoneId, DropHint)>,
    /// The selected combatant's zone (the others show their range band from it).
    from_zone: Option<ZoneId>,
}

/// One zone's card, its tokens and its resize handle: a drag of its title or handle begins, a
/// double click edits it, a click while linking connects or disconnects it.
fn zone_ui(
    ui: &mut egui::Ui,
    pass: &CardPass<'_>,
    zone: &fray_app::encounter::Zone,
    (layout, board_layout): (&CardLayout, &CardLayout),
    view: &mut BoardView,
    cache: &mut Cache,
    out: &mut Vec<Action>,
) {
    let state = pass.scene.state;
    let zone_id = zone.id;
    let members = cache.members.get(&zone_id).map_or(0, Vec::len);
    let look = CardLook {
        drop: pass.drop_on.filter(|(z, _)| *z == zone_id).map_or(DropHint::None, |(_, h)| h),
        linking_from: view.linking == Some(zone_id),
        link_target: view
            .linking
            .filter(|from| *from != zone_id)
            .map(|from| zone.adjacent.contains(&from)),
    };
    let card = zone_card::zone_card_ui(ui, zone, layout, members, &look, pass.pal);
    if card.title.drag_started()
        && let Some(press) = ui.input(|i| i.pointer.press_origin())
    {
        let start = layout_rect_in_board(state, view, zone_id, board_layout);
        let zoom = view.zoom;
        view.drag = Some(ZoneDrag { zone: zone_id, resize: false, start, pointer: press, zoom });
    }
    if card.edit || card.title.double_clicked() {
        view.linking = None;
        view.dialog = Some(Dialog::edit(zone));
    }
    if card.link {
        view.linking = if view.linking == Some(zone_id) { None } else { Some(zone_id) };
    }
    let token_clicked = tokens_ui(ui, pass, zone_id, layout, view.linking.is_some(), cache, out);
    let card_clicked = token_clicked || card.title.clicked() || card.body.clicked();
    if card_clicked && let Some(from) = view.linking.filter(|from| *from != zone_id) {
        let command = if zone.adjacent.contains(&from) {
            Command::DisconnectZones { a: from, b: zone_id }
        } else {
            Command::ConnectZones { a: from, b: zone_id }
        };
        out.push(Action::Game(command));
        view.linking = None;
    }
    let handle = zone_card::resize_handle_ui(ui, zone, layout.rect, pass.pal, layout.zoom);
    if handle.drag_started()
        && let Some(press) = ui.input(|i| i.pointer.press_origin())
    {
        let start = layout_rect_in_board(state, view, zone_id, board_layout);
        let zoom = view.zoom;
        view.drag = Some(ZoneDrag { zone: zone_id, resize: true, start, pointer: press, zoom });
    }
}

/// The tokens in a zone's card: a click selects one, a shift-click picks it for harm to
/// several at once, a right click opens what the players are shown of it. Returns whether a
/// token was clicked while `linking` (it stands for its zone then).
fn tokens_ui(
    ui: &mut egui::Ui,
    pass: &CardPass<'_>,
    zone_id: ZoneId,
    layout: &CardLayout,
    linking: bool,
    cache: &mut Cache,
    out: &mut Vec<Action>,
) -> bool {
    let (scene, state) = (pass.scene, pass.scene.state);
    // The band is the same for everyone in a zone, so it is looked up once.
    let zone_band = pass.from_zone.map(|from| {
        let steps = cache.ranges_from(state, from).get(&zone_id).copied();
        let label = scene.system.range_band(steps.map(fray_app::space::Distance::Steps)).label;
        (label, cache.band(ui.ctx(), label, layout.grid.compact))
    });
    let mut clicked_while_linking = false;
    let members = cache.members.get(&zone_id).map_or(&[][..], Vec::as_slice);
    for (i, &t) in members.iter().enumerate() {
        let rect = layout.grid.tile_rect(layout.body.min, i);
        if !pass.canvas.intersects(rect) {
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
        let response = token::token_ui(ui, rect, token, &look, pass.pal, state);
        if let Some(c) = state.combatant(token.id) {
            response.context_menu(|ui| {
                crate::window::views::player_window::shown_menu_ui(ui, state, c, out);
            });
        }
        if response.clicked() {
            if linking {
                clicked_while_linking = true;
            } else if ui.input(|i| i.modifiers.shift) {
                // Shift-click picks it for harm to several at once.
                out.push(Action::TogglePick(token.id));
            } else if !selected {
                out.push(Action::Select(Some(token.id)));
            }
        }
    }
    clicked_while_linking
}

/// A card drag ends on release with one `PlaceZone` (not one per frame).
fn end_card_drag(
    view: &mut BoardView,
    pointer: Option<Pos2>,
    released: bool,
    down: bool,
    out: &mut Vec<Action>,
) {
    let Some(drag) = view.drag else { return };
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
