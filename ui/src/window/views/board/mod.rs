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
mod grid_drag;
mod grid_map;
pub(crate) mod grid_paint;
mod grid_tools;
mod harm;
mod navigate;
mod palette;
mod rulings;
mod token;
mod toolbar;
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
use crate::window::views::panels::Panels;
use crate::window::{Action, Model};
use cache::Cache;
use canvas::{Scene, ZoneDrag};
use dialogs::Dialog;
use eframe::egui::{self, Rect, Vec2};
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
    /// Who stands in each of the tray's places (none: a gap kept for the tokens after it).
    tray_slots: tray::Slots,
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
            tray_slots: tray::Slots::default(),
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
            let tools = toolbar::toolbar_ui(ui, state, view, panels, window, model.picked.len());
            if tools.harm {
                view.harm = Some(harm::HarmForm::new(state, &model.picked));
            }
            zoom_readout = tools.zoom_readout;
        });
    // A short window (a high UI scale) cannot spare the banner's rows: the rulings lie over
    // the board's top edge instead, taking no room from it.
    let short = crate::window::views::stepper::is_short(ui);
    rulings::refresh_rulings(session, view);
    if !short {
        rulings::ruling_ui(ui, view);
    }
    egui::Panel::bottom("board-tray")
        .resizable(false)
        .frame(egui::Frame::NONE.inner_margin(egui::Margin::symmetric(0, 6)))
        .show(ui, |ui| {
            tray::tray_ui(ui, model, prepared, &mut view.tray_slots, out, &mut targets);
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
        rulings::ruling_overlay_ui(ui, canvas_rect, view);
    }
    if let Some(grid) = &state.grid {
        grid_map::map_form_ui(ui, grid, &mut view.grid, out);
    }
    drop_ui(ui, model, &targets, out);
    dialogs::dialog_ui(ui.ctx(), state, &mut view.dialog, &view.board_rects, out);
    harm::dialog_ui(ui.ctx(), state, &mut view.harm, out);
    view.cache = cache;
}

/// The last message for the GM: what was refused and why, or what happened. In the tray's
/// first line, where its hint stood: no row comes and goes under the board.
pub(super) fn status_ui(
    ui: &mut egui::Ui,
    model: &Model,
    status: &crate::window::Status,
    out: &mut Vec<Action>,
) {
    let colour =
        if status.error { ui.visuals().error_fg_color } else { ui.visuals().strong_text_color() };
    if ui.button("Dismiss").clicked() {
        out.push(Action::DismissStatus);
    }
    super::library::undo_delete_ui(ui, model, out);
    let text = egui::RichText::new(&status.text).color(colour);
    ui.add(egui::Label::new(text).truncate()).on_hover_text(&status.text);
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
