//! The board: zone cards the GM places, resizes and connects; tokens dragged between zones;
//! the tray of combatants not on the board; the status line saying what was refused.
//!
//! Every drop is decided here, once per frame: library entries (a [`LibraryDrop`]) and
//! tokens (a [`TokenDrag`]) land on the card or tray under the pointer when it is released.
//! A drop the rules refuse changes nothing (the token was never moved on screen) and the
//! refusal appears in the status line.

mod cache;
mod canvas;
mod deviation;
mod dialogs;
mod disc;
mod geometry;
mod grid_canvas;
pub(crate) mod grid_paint;
mod harm;
mod palette;
mod token;
mod tray;
mod zone_card;

pub use token::TokenDrag;

/// The colour of a bar of a track meaning `meaning`, `fraction` full, in the current theme:
/// the board's, so a card's bars read as its token's.
pub fn meter_colour(
    visuals: &egui::Visuals,
    meaning: presentation::Meaning,
    fraction: f32,
) -> egui::Color32 {
    palette::Palette::of(visuals).meter(meaning, fraction)
}

use crate::window::views::library::{self, LibraryDrop};
use crate::window::views::panels::{Layout, Panel, Panels};
use crate::window::{Action, Model};
use cache::Cache;
use canvas::{Scene, ZoneDrag};
use dialogs::Dialog;
use eframe::egui::{self, Rect, Vec2, vec2};
use fray_app::Command;
use fray_app::ids::ZoneId;
use fray_app::system::presentation;
use fray_data::EncounterId;

/// Widget state of the board.
pub struct BoardView {
    /// The encounter this state belongs to (pan and dialogs reset when another opens).
    encounter: Option<EncounterId>,
    /// How far the GM panned the board: the board's origin from the canvas's corner, on screen.
    pan: Vec2,
    /// Screen points per board unit, in steps of [`ZOOM_STEP`] (text is laid out per step).
    zoom: f32,
    /// The zoom the GM's Ctrl+scroll aims at; [`Self::zoom`] follows it step by step.
    zoom_target: f32,
    /// A zoom asked for by the toolbar (a factor, around the canvas's centre).
    zoom_request: Option<f32>,
    /// Fit the board to the canvas on the next frame (first shown, "Fit").
    fit_pending: bool,
    /// The view was fitted and the GM has not panned or zoomed since: fit again when the
    /// window changes size (not when a status line takes some of the board's height).
    auto_fit: bool,
    /// The window size and the board's width the last fit was for.
    fitted_for: Option<(Vec2, f32)>,
    /// Frames left in which a fit is redone while the panels around the board settle.
    settling: u8,
    /// Prepared tokens for the current state.
    cache: Option<Cache>,
    /// A card being moved or resized.
    drag: Option<ZoneDrag>,
    /// The card the GM is linking from (waiting for a click on another).
    linking: Option<ZoneId>,
    /// The open dialog.
    dialog: Option<Dialog>,
    /// Where every card is this frame, in board units (to find a free spot).
    board_rects: Vec<Rect>,
    /// Each zone's card rect with unplaced zones in their automatic cells, in zone order.
    auto_rects: Vec<Rect>,
    /// The newest rulings, oldest first, found for the state with this (stream, cursor).
    ruling: Option<((u64, usize), Vec<String>)>,
    /// The grid board's tool and drags (on a grid encounter).
    grid: grid_canvas::GridState,
    /// The dialog of harm to several at once, when open.
    harm: Option<harm::HarmForm>,
}

impl Default for BoardView {
    fn default() -> Self {
        Self {
            encounter: None,
            pan: Vec2::ZERO,
            zoom: 1.0,
            zoom_target: 1.0,
            zoom_request: None,
            fit_pending: true,
            auto_fit: false,
            fitted_for: None,
            settling: 0,
            cache: None,
            drag: None,
            linking: None,
            dialog: None,
            board_rects: Vec::new(),
            auto_rects: Vec::new(),
            ruling: None,
            grid: grid_canvas::GridState::default(),
            harm: None,
        }
    }
}

/// Zoom steps: text is laid out again for each.
pub const ZOOM_STEP: f32 = 0.05;

/// `zoom` on a step, within the allowed range.
fn step_zoom(zoom: f32, min: f32) -> f32 {
    ((zoom / ZOOM_STEP).round() * ZOOM_STEP).clamp(min, geometry::MAX_ZOOM)
}

/// A place a drag can end: a zone's card, or the tray (`None`: off the board).
#[derive(Debug, Clone, Copy)]
pub struct Target {
    /// Where, on screen.
    pub rect: Rect,
    /// The zone, or off the board.
    pub zone: Option<ZoneId>,
}

/// Draws the board.
pub fn board_ui(
    ui: &mut egui::Ui,
    model: &Model,
    view: &mut BoardView,
    panels: &mut Panels,
    window: egui::Vec2,
    out: &mut Vec<Action>,
) {
    let Some(session) = &model.session else { return };
    let id = session.encounter_id();
    if view.encounter != Some(id) {
        *view = BoardView { encounter: Some(id), ..BoardView::default() };
    }
    let state = session.state();
    // The cache leaves the view while drawing so the view's other fields stay borrowable.
    let mut cache = view.cache.take();
    let prepared = Cache::refresh(&mut cache, ui.ctx(), session, view.zoom);
    if view.linking.is_some_and(|z| state.zone(z).is_none()) {
        view.linking = None;
    }
    let mut targets = Vec::new();

    let mut zoom_readout = None;
    egui::Panel::top("board-tools")
        .resizable(false)
        .frame(egui::Frame::NONE.inner_margin(egui::Margin::symmetric(0, 4)))
        .show(ui, |ui| {
            let tools = toolbar_ui(ui, state, view, panels, window, model.picked.len(), out);
            if tools.harm {
                view.harm = Some(harm::HarmForm::new(state, &model.picked));
            }
            zoom_readout = tools.zoom_readout;
        });
    // A short window (a high UI scale) cannot spare the banner's rows: the rulings lie over
    // the board's top edge instead, taking no room from it.
    let short = crate::window::views::stepper::is_short(ui);
    refresh_rulings(session, view);
    if !short {
        ruling_ui(ui, view);
    }
    if let Some(status) = &model.status {
        egui::Panel::bottom("board-status")
            .resizable(false)
            .frame(egui::Frame::NONE.inner_margin(egui::Margin::symmetric(0, 4)))
            .show(ui, |ui| status_ui(ui, model, status, out));
    }
    egui::Panel::bottom("board-tray")
        .resizable(false)
        .frame(egui::Frame::NONE.inner_margin(egui::Margin::symmetric(0, 6)))
        .show(ui, |ui| {
            tray::tray_ui(ui, state, model.selected, prepared, out, &mut targets);
        });
    let scene = Scene {
        session,
        state,
        system: session.history().system(),
        selected: model.selected,
        picked: &model.picked,
    };
    let canvas_rect = ui.available_rect_before_wrap();
    canvas::canvas_ui(ui, &scene, view, &mut cache, out, &mut targets);
    if let Some(rect) = zoom_readout {
        // Written after the canvas, which fits the zoom to its size in this very pass: the
        // readout never shows the zoom of the frame before.
        ui.put(rect, egui::Label::new(format!("{:.0} %", view.zoom * 100.0)));
    }
    if short {
        ruling_overlay_ui(ui, canvas_rect, view);
    }
    if let Some(grid) = &state.grid {
        grid_canvas::map_form_ui(ui, grid, &mut view.grid, out);
    }
    drop_ui(ui, model, &targets, out);
    dialogs::dialog_ui(ui.ctx(), state, &mut view.dialog, &view.board_rects, out);
    harm::dialog_ui(ui.ctx(), state, &mut view.harm, out);
    view.cache = cache;
}

/// Rulings the banner over the board shows: the newest large, the two before it small.
const BANNER_LINES: usize = 3;

/// Height of the rulings laid over the board's top on a short window: Fit keeps the board
/// below it.
pub(super) const RULINGS_OVERLAY: f32 = 56.0;

/// The newest rulings of the fight over the board, each naming whom it is about: the newest
/// in large type ("Goblin 2: STR 0: dead"), the blow's hit and damage before it in small,
/// until the next. Always as tall as its three lines, so the board never moves when the
/// first ruling comes. Found once per state, not per frame.
fn ruling_ui(ui: &mut egui::Ui, view: &BoardView) {
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
            // Older lines first, so the newest always sits on the bottom row.
            let blank = BANNER_LINES - lines.len();
            for _ in 0..blank.min(BANNER_LINES - 1) {
                ui.add_space(small_row + gap);
            }
            if lines.is_empty() {
                let hint = "The rules' decisions show here as they are made";
                ui.label(egui::RichText::new(hint).size(small).weak());
            }
            for (i, text) in lines.iter().enumerate() {
                // One line each, whatever the scale: the whole ruling on hover and in the
                // journal.
                let newest = i + 1 == lines.len();
                let label = if newest {
                    egui::RichText::new(text).size(large).strong()
                } else {
                    egui::RichText::new(text).size(small).weak()
                };
                ui.add(egui::Label::new(label).truncate()).on_hover_text(text);
            }
        });
}

/// Finds the newest rulings again when the state changed.
fn refresh_rulings(session: &fray_data::Session, view: &mut BoardView) {
    let h = session.history();
    let key = (h.next_stream(), h.cursor());
    if view.ruling.as_ref().is_none_or(|(k, _)| *k != key) {
        let lines = presentation::recent_rulings(h.state(), h.events(), BANNER_LINES);
        view.ruling = Some((key, lines));
    }
}

/// On a short window: the two newest rulings over the top of the board, on a plate, the
/// newest below in large type. Painted over the board, so nothing moves when they come.
fn ruling_overlay_ui(ui: &egui::Ui, canvas: egui::Rect, view: &BoardView) {
    let Some((_, lines)) = &view.ruling else { return };
    let shown = &lines[lines.len().saturating_sub(2)..];
    if shown.is_empty() {
        return;
    }
    let visuals = ui.visuals();
    let width = canvas.width() - 20.0;
    let galleys: Vec<_> = shown
        .iter()
        .enumerate()
        .map(|(i, text)| {
            let newest = i + 1 == shown.len();
            let (size, colour) = if newest {
                (19.0, visuals.strong_text_color())
            } else {
                (15.0, visuals.weak_text_color())
            };
            let mut job = egui::text::LayoutJob::single_section(
                text.clone(),
                egui::TextFormat::simple(egui::FontId::proportional(size), colour),
            );
            job.wrap = egui::text::TextWrapping::truncate_at_width(width);
            ui.fonts_mut(|f| f.layout_job(job))
        })
        .collect();
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
}

/// Below this board width (points) the folds go by their keys alone and Table/Prep is one
/// toggle: the full labels would wrap the toolbar to a second row.
const FULL_TOOLBAR: f32 = 900.0;

/// Below this board width the grid's tools are one picker and the zoom readout goes.
const NARROW_TOOLBAR: f32 = 720.0;

/// What the toolbar leaves to the rest of the board's pass.
struct Toolbar {
    /// The GM opened the harm dialog.
    harm: bool,
    /// Where the zoom readout goes (none on a narrow board): written once the canvas has
    /// fitted the zoom.
    zoom_readout: Option<Rect>,
}

/// The panel folds, "+ Zone", the view's buttons (reset, zoom, fit), harm to several at once,
/// and while linking, what to click.
fn toolbar_ui(
    ui: &mut egui::Ui,
    state: &fray_app::encounter::Encounter,
    view: &mut BoardView,
    panels: &mut Panels,
    window: egui::Vec2,
    picked: usize,
    out: &mut Vec<Action>,
) -> Toolbar {
    let mut harm = false;
    let mut zoom_readout = None;
    // A narrower board (a high UI scale) keeps the toolbar to one row: first the folds by
    // their keys alone and one Table toggle, then one picker for the grid's tools.
    let compact = ui.available_width() < FULL_TOOLBAR;
    let narrow = ui.available_width() < NARROW_TOOLBAR;
    ui.horizontal_wrapped(|ui| {
        let big = vec2(0.0, 34.0);
        for panel in Panel::ALL {
            let open = panels.open(panel, window);
            let text = if compact {
                format!("{:?}", panel.key())
            } else {
                format!("{} ({:?})", panel.label(), panel.key())
            };
            let button = egui::Button::selectable(open, text).min_size(big);
            let hint = format!(
                "{} the {}",
                if open { "Fold" } else { "Unfold" },
                panel.label().to_lowercase()
            );
            if ui.add(button).on_hover_text(hint).clicked() {
                panels.toggle(panel, window);
            }
        }
        ui.separator();
        let now = panels.layout(window);
        if compact {
            // One toggle: Table on, or off to Prep.
            let table = now == Some(Layout::Table);
            let button = egui::Button::selectable(table, Layout::Table.label()).min_size(big);
            let hint = if table { Layout::Prep.hint() } else { Layout::Table.hint() };
            if ui.add(button).on_hover_text(hint).clicked() {
                panels.set_layout(if table { Layout::Prep } else { Layout::Table });
            }
        } else {
            for layout in Layout::ALL {
                let button =
                    egui::Button::selectable(now == Some(layout), layout.label()).min_size(big);
                if ui.add(button).on_hover_text(layout.hint()).clicked() {
                    panels.set_layout(layout);
                }
            }
        }
        ui.separator();
        if state.grid.is_some() {
            // A grid's tools instead of zones; on a narrow board one picker, so the toolbar
            // keeps to one row and the board its height.
            if narrow {
                egui::ComboBox::from_id_salt("grid-tool")
                    .selected_text(view.grid.tool.label())
                    .show_ui(ui, |ui| {
                        for tool in grid_canvas::Tool::ALL {
                            ui.selectable_value(&mut view.grid.tool, tool, tool.label())
                                .on_hover_text(tool.hint());
                        }
                    })
                    .response
                    .on_hover_text("The grid's tool: Move, Walls or Ground");
            } else {
                for tool in grid_canvas::Tool::ALL {
                    let button = egui::Button::selectable(view.grid.tool == tool, tool.label())
                        .min_size(big);
                    if ui.add(button).on_hover_text(tool.hint()).clicked() {
                        view.grid.tool = tool;
                    }
                }
            }
            let map = egui::Button::new("Map…").min_size(big);
            if ui
                .add(map)
                .on_hover_text("Lay a picture under the grid, or load a Universal VTT map")
                .clicked()
            {
                view.grid.map_form.get_or_insert_with(Default::default);
            }
        } else if ui.add(egui::Button::new("+ Zone").min_size(big)).clicked() {
            view.dialog = Some(Dialog::add());
        }
        let zoom_out = ui
            .add_enabled(
                view.zoom > geometry::min_zoom(state),
                egui::Button::new("\u{2212}").min_size(vec2(34.0, 34.0)),
            )
            .on_hover_text("Zoom out (Ctrl+scroll)");
        if zoom_out.clicked() {
            view.zoom_request = Some(1.0 / 1.25);
        }
        if !narrow {
            // On a narrow board the readout gives its room to the tools. Its room is as wide
            // as the widest zoom, so the buttons after it never move as the zoom changes.
            let widest = format!("{:.0} %", geometry::MAX_ZOOM * 100.0);
            let font = egui::TextStyle::Body.resolve(ui.style());
            let widest = ui.painter().layout_no_wrap(widest, font, egui::Color32::PLACEHOLDER);
            let size = vec2(widest.size().x, ui.spacing().interact_size.y);
            zoom_readout = Some(ui.allocate_exact_size(size, egui::Sense::hover()).0);
        }
        let zoom_in = ui
            .add_enabled(
                view.zoom < geometry::MAX_ZOOM,
                egui::Button::new("+").min_size(vec2(34.0, 34.0)),
            )
            .on_hover_text("Zoom in (Ctrl+scroll)");
        if zoom_in.clicked() {
            view.zoom_request = Some(1.25);
        }
        if ui
            .add(egui::Button::new("Fit").min_size(big))
            .on_hover_text("Show the whole board. Scroll or drag the background to pan")
            .clicked()
        {
            view.fit_pending = true;
        }
        if !narrow {
            ui.separator();
        }
        harm = harm::button_ui(ui, picked, narrow, out);
        if let Some(from) = view.linking.and_then(|z| state.zone(z)) {
            ui.add_space(12.0);
            ui.colored_label(
                ui.visuals().selection.stroke.color,
                format!("Linking {}: click the zone to connect (or disconnect)", from.name),
            );
            if ui.add(egui::Button::new("Cancel link").min_size(big)).clicked()
                || ui.input(|i| i.key_pressed(egui::Key::Escape))
            {
                view.linking = None;
            }
        }
    });
    Toolbar { harm, zoom_readout }
}

/// The last message for the GM: what was refused and why, or what happened.
fn status_ui(
    ui: &mut egui::Ui,
    model: &Model,
    status: &crate::window::Status,
    out: &mut Vec<Action>,
) {
    ui.horizontal(|ui| {
        let colour = if status.error {
            ui.visuals().error_fg_color
        } else {
            ui.visuals().strong_text_color()
        };
        if ui.button("Dismiss").clicked() {
            out.push(Action::DismissStatus);
        }
        super::library::undo_delete_ui(ui, model, out);
        ui.add(egui::Label::new(egui::RichText::new(&status.text).color(colour)).truncate());
    });
}

/// Ends a drag on release: a token moves to the zone (or tray) under the pointer, a library
/// entry is added there. Anywhere else nothing happens: the token stays where it was.
fn drop_ui(ui: &egui::Ui, model: &Model, targets: &[Target], out: &mut Vec<Action>) {
    let ctx = ui.ctx();
    let (released, pointer) = ui.input(|i| (i.pointer.any_released(), i.pointer.interact_pos()));
    if !released {
        return;
    }
    let target = pointer.and_then(|p| targets.iter().rev().find(|t| t.rect.contains(p)));
    if let Some(token) = egui::DragAndDrop::payload::<TokenDrag>(ctx) {
        egui::DragAndDrop::clear_payload(ctx);
        let who = model.session.as_ref().and_then(|s| s.state().combatant(token.0));
        if let (Some(target), Some(c)) = (target, who) {
            if c.square.is_some() && target.zone.is_none() {
                // Off the grid, into the tray.
                out.push(Action::Game(Command::Place { id: c.id, at: None }));
            } else if target.zone != c.zone {
                out.push(Action::Game(Command::Move { id: token.0, to: target.zone }));
            }
        }
    } else if let Some(entry) = egui::DragAndDrop::payload::<LibraryDrop>(ctx) {
        egui::DragAndDrop::clear_payload(ctx);
        if let (Some(target), Some(session)) = (target, &model.session) {
            let system = session.history().system();
            out.push(library::dropped_combatant(&entry, system, target.zone));
        }
    } else if let Some(party) = egui::DragAndDrop::payload::<library::prep::PartyDrop>(ctx) {
        // A party: every member joins the party side, one after the other.
        egui::DragAndDrop::clear_payload(ctx);
        if let (Some(target), Some(session)) = (target, &model.session) {
            let system = session.history().system();
            let state = session.state();
            // A zone with room for fewer than the party: the first ones go in, the others
            // wait Not on the board, and the status line says who.
            let zone = target.zone.and_then(|z| state.zone(z));
            let room = zone.and_then(|z| {
                let present = state.in_zone(z.id).count() as u32;
                z.capacity.map(|cap| cap.saturating_sub(present) as usize)
            });
            let mut waiting = Vec::new();
            for (i, entry) in party.members.iter().enumerate() {
                let fits = room.is_none_or(|r| i < r);
                if !fits {
                    waiting.push(entry.combatant.name.clone());
                }
                let one = LibraryDrop { entry: entry.clone(), count: 1, detachment: false };
                let to = if fits { target.zone } else { None };
                out.push(library::dropped_combatant(&one, system, to));
            }
            if let (Some(zone), false) = (zone, waiting.is_empty()) {
                out.push(Action::Notice(format!(
                    "{} is full: {} wait{} Not on the board",
                    zone.name,
                    waiting.join(", "),
                    if waiting.len() == 1 { "s" } else { "" }
                )));
            }
        }
    }
}
