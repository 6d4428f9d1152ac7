//! The board's toolbar: the panel folds, Table/Prep, the board's tools, zoom and fit, harm to
//! several at once, and while linking, what to click.

use super::{BoardView, Dialog, geometry, grid_canvas, harm};
use crate::window::views::panels::{self, Layout, Panel, Panels};
use eframe::egui::{self, Rect, vec2};

/// Below this board width (points) the folds go by their keys alone and Table/Prep is one
/// toggle: the full labels would wrap the toolbar to a second row.
const FULL_TOOLBAR: f32 = 900.0;

/// Below this board width the grid's tools are one picker and the zoom readout goes.
const NARROW_TOOLBAR: f32 = 720.0;

/// What the toolbar leaves to the rest of the board's pass.
pub(super) struct Toolbar {
    /// The GM opened the harm dialog.
    pub harm: bool,
    /// Where the zoom readout goes (none on a narrow board): written once the canvas has
    /// fitted the zoom.
    pub zoom_readout: Option<Rect>,
}

/// The panel folds, the view's buttons (reset, zoom, fit), harm to several at once, the
/// board's own tools, and while linking, what to click. Nothing in it comes and goes as the GM
/// plays (no button appears with the first pick), so it keeps its rows and the board under it
/// does not move. What is the same on zones and on a grid comes first, in the same places;
/// the grid's tools follow it, and "+ Zone" stands apart at the row's end: when zones become a
/// grid, "+ Zone" goes and the grid's tools come where nothing stood, never in its place.
pub(super) fn toolbar_ui(
    ui: &mut egui::Ui,
    state: &fray_app::encounter::Encounter,
    view: &mut BoardView,
    panels: &mut Panels,
    window: egui::Vec2,
    picked: usize,
) -> Toolbar {
    let mut harm = false;
    let mut zoom_readout = None;
    // A narrower board (a high UI scale) keeps the toolbar to one row: first the folds by
    // their keys alone and one Table toggle, then one picker for the grid's tools.
    let compact = ui.available_width() < FULL_TOOLBAR;
    let narrow = ui.available_width() < NARROW_TOOLBAR;
    ui.horizontal_wrapped(|ui| {
        if narrow {
            // Closer together rather than on two rows: a second row would take the board's
            // height (a column of 250 points leaves a board of 500 at 250 %).
            ui.spacing_mut().item_spacing.x *= 0.5;
        }
        folds_ui(ui, panels, window, compact);
        if !narrow {
            ui.separator();
        }
        // The view's buttons first: they are the same on zones and on a grid, so turning the
        // board into a grid changes only the tools after them.
        zoom_readout = zoom_ui(ui, state, view, narrow);
        if !narrow {
            ui.separator();
        }
        // Short on a compact board: the grid's tools after it keep the row.
        harm = harm::button_ui(ui, picked, compact);
        // The grid's tools as one picker where their buttons would run to the row's end,
        // where "+ Zone" stands on the zone board.
        let buttons = grid_canvas::Tool::ALL.iter().map(|t| t.label()).chain(["Map…", "+ Zone"]);
        let room = buttons.map(|w| button_width(ui, w) + ui.spacing().item_spacing.x).sum::<f32>();
        tools_ui(ui, state, view, narrow || ui.available_size_before_wrap().x < room);
    });
    Toolbar { harm, zoom_readout }
}

/// The panels' folds and the Table/Prep layouts (one toggle when `compact`).
fn folds_ui(ui: &mut egui::Ui, panels: &mut Panels, window: egui::Vec2, compact: bool) {
    let big = vec2(0.0, 34.0);
    for panel in Panel::ALL {
        // The open library draws its own toggle, where this one stood (see
        // `panels::fold_button_ui`).
        if panel == Panel::Library && panels.open(panel, window) {
            continue;
        }
        panels::fold_button_ui(ui, panels, panel, window, compact);
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
}

/// On a zone board "+ Zone" at the row's end (and while linking, what to click, before it);
/// on a grid its tools (one picker on a `narrow` board) and "Map…", after what both share.
fn tools_ui(
    ui: &mut egui::Ui,
    state: &fray_app::encounter::Encounter,
    view: &mut BoardView,
    narrow: bool,
) {
    let big = vec2(0.0, 34.0);
    if state.grid.is_none() {
        zone_tools_ui(ui, state, view);
        return;
    }
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
            let button =
                egui::Button::selectable(view.grid.tool == tool, tool.label()).min_size(big);
            if ui.add(button).on_hover_text(tool.hint()).clicked() {
                view.grid.tool = tool;
            }
        }
    }
    let map = egui::Button::new("Map…").min_size(big);
    let hover = "Lay a picture under the grid, or load a Universal VTT map";
    if ui.add(map).on_hover_text(hover).clicked() {
        view.grid.map_form.get_or_insert_with(Default::default);
    }
}

/// Zoom out, the zoom's readout (its room returned, written once the canvas has fitted the
/// zoom; none on a `narrow` board), zoom in, and Fit.
fn zoom_ui(
    ui: &mut egui::Ui,
    state: &fray_app::encounter::Encounter,
    view: &mut BoardView,
    narrow: bool,
) -> Option<Rect> {
    let square = vec2(34.0, 34.0);
    let zoom_out = ui
        .add_enabled(
            view.zoom > geometry::min_zoom(state),
            egui::Button::new("\u{2212}").min_size(square),
        )
        .on_hover_text("Zoom out (Ctrl+scroll)");
    if zoom_out.clicked() {
        view.zoom_request = Some(1.0 / 1.25);
    }
    let mut readout = None;
    if !narrow {
        // On a narrow board the readout gives its room to the tools. Its room is as wide as
        // the widest zoom, so the buttons after it never move as the zoom changes.
        let widest = format!("{:.0} %", geometry::MAX_ZOOM * 100.0);
        let font = egui::TextStyle::Body.resolve(ui.style());
        let widest = ui.painter().layout_no_wrap(widest, font, egui::Color32::PLACEHOLDER);
        let size = vec2(widest.size().x, ui.spacing().interact_size.y);
        readout = Some(ui.allocate_exact_size(size, egui::Sense::hover()).0);
    }
    let zoom_in = ui
        .add_enabled(view.zoom < geometry::MAX_ZOOM, egui::Button::new("+").min_size(square))
        .on_hover_text("Zoom in (Ctrl+scroll)");
    if zoom_in.clicked() {
        view.zoom_request = Some(1.25);
    }
    let fit = egui::Button::new("Fit").min_size(vec2(0.0, 34.0));
    if ui
        .add(fit)
        .on_hover_text("Show the whole board. Scroll or drag the background to pan")
        .clicked()
    {
        view.fit_pending = true;
    }
    readout
}

/// "+ Zone" at the end of the row (on the next row when this one is full), and before it,
/// while linking, what to click: apart from the grid's tools, which come after what the zone
/// board and the grid share.
fn zone_tools_ui(ui: &mut egui::Ui, state: &fray_app::encounter::Encounter, view: &mut BoardView) {
    let words = "+ Zone";
    if ui.available_size_before_wrap().x < button_width(ui, words) {
        ui.end_row();
    }
    let row = vec2(ui.available_size_before_wrap().x, 34.0);
    let layout = egui::Layout::right_to_left(egui::Align::Center);
    ui.allocate_ui_with_layout(row, layout, |ui| {
        if ui.add(egui::Button::new(words).min_size(vec2(0.0, 34.0))).clicked() {
            view.dialog = Some(Dialog::add());
        }
        linking_ui(ui, state, view);
    });
}

/// How wide a button of `words` in one line is.
pub(super) fn button_width(ui: &egui::Ui, words: &str) -> f32 {
    let galley = egui::WidgetText::from(words).into_galley(
        ui,
        Some(egui::TextWrapMode::Extend),
        f32::INFINITY,
        egui::TextStyle::Button,
    );
    galley.size().x + 2.0 * ui.spacing().button_padding.x
}

/// While linking two zones: what to click, and a way out (Escape too).
fn linking_ui(ui: &mut egui::Ui, state: &fray_app::encounter::Encounter, view: &mut BoardView) {
    let Some(from) = view.linking.and_then(|z| state.zone(z)) else { return };
    ui.add_space(12.0);
    if ui.add(egui::Button::new("Cancel link").min_size(vec2(0.0, 34.0))).clicked()
        || ui.input(|i| i.key_pressed(egui::Key::Escape))
    {
        view.linking = None;
    }
    let text = format!("Linking {}: click the zone to connect (or disconnect)", from.name);
    let colour = ui.visuals().selection.stroke.color;
    ui.add(egui::Label::new(egui::RichText::new(text).color(colour)).truncate());
}
