//! The views, one file each. Each `*_ui` function reads the [`Model`], keeps its own widget
//! state in [`ViewState`] and pushes [`Action`]s; none changes the model.

pub mod board;
pub mod campaign;
pub mod card;
pub mod dice_tray;
pub mod editor;
pub mod encounter_bar;
pub mod fitted;
pub mod journal_panel;
pub mod library;
pub mod odds;
pub mod panels;
pub mod picture;
pub mod player_recap;
pub mod player_window;
pub mod portraits;
pub mod stepper;

use super::{Action, Model};
use eframe::egui;
use panels::Panel;

/// The widget state of every view (text being typed, open dialogs, drags in progress).
#[derive(Default)]
pub struct ViewState {
    /// The library panel.
    pub library: library::LibraryView,
    /// The board.
    pub board: board::BoardView,
    /// The combatant card.
    pub card: card::CardView,
    /// The dice tray.
    pub dice: dice_tray::DiceTrayView,
    /// The encounter bar and its dialogs (new, open, rename, delete, settings, export).
    pub bar: encounter_bar::EncounterBarView,
    /// The journal panel.
    pub journal: journal_panel::JournalPanelView,
    /// The stepper (the GM's attack circumstances, the declaration timer).
    pub stepper: stepper::StepperView,
    /// The stat-block editor window.
    pub editor: editor::EditorView,
    /// Portrait textures of the open encounter's combatants.
    pub portraits: portraits::Portraits,
    /// Which side panels are folded, per encounter.
    pub panels: panels::PanelsView,
    /// The player window.
    pub players: player_window::PlayerWindowView,
    /// The encounter odds window.
    pub odds: odds::OddsView,
    /// Between fights: the end-of-fight review and the party window.
    pub campaign: campaign::CampaignView,
}

/// A number as the board and the player window write it: a true minus, because "-3" beside a
/// bar or after a name reads as a dash. (Fields the GM types into keep the hyphen they parse.)
pub fn number_text(value: i64) -> String {
    if value < 0 { format!("\u{2212}{}", value.unsigned_abs()) } else { value.to_string() }
}

/// The right column: the stepper's pinned top, the row between fights, then in one scroll the
/// answers (in a room that keeps its height), the order, the dice tray and the card. A fight
/// written back keeps the pinned top (Next refused, the headline saying so) and the answers'
/// room, empty, so nothing under the pointer moves as the fight ends or reopens.
fn right_column_ui(ui: &mut egui::Ui, model: &Model, view: &mut ViewState, out: &mut Vec<Action>) {
    let width = ui.available_width();
    stepper::pinned_ui(ui, model, &mut view.stepper, &mut view.campaign.confirm_reopen, out);
    campaign::between_fights_ui(ui, model, &mut view.campaign);
    egui::ScrollArea::vertical().id_salt("stepper-answers").max_width(width).show(ui, |ui| {
        ui.set_max_width(width - ui.spacing().scroll.allocated_width());
        stepper::answers_ui(ui, model, &mut view.stepper, out);
        ui.separator();
        stepper::order_ui(ui, model, out);
        ui.separator();
        dice_tray::dice_tray_ui(ui, model, &mut view.dice, out);
        ui.separator();
        card::card_ui(ui, model, &mut view.card, out);
    });
}

/// The window without an encounter: the library (the GM prepares any system), the dice tray
/// and the welcome screen.
fn no_encounter_ui(ui: &mut egui::Ui, model: &Model, view: &mut ViewState, out: &mut Vec<Action>) {
    // The library works without an encounter: the GM prepares any system.
    let width = ui.available_width();
    egui::Panel::left("library")
        .resizable(true)
        .default_size((width * 0.19).clamp(210.0, 320.0))
        .show(ui, |ui| library::library_ui(ui, model, &mut view.library, None, out));
    // The dice tray too: rolls between fights go to today's session. Its width is set, not
    // a default: a panel the GM cannot resize shrinks to its content some frames later,
    // and the window appeared with the tray wider than it stayed. 250 points is what it
    // shrank to, and leaves the welcome cards side by side on a 1600-point window.
    egui::Panel::right("tray").resizable(false).exact_size(250.0).show(ui, |ui| {
        egui::ScrollArea::vertical().show(ui, |ui| {
            dice_tray::dice_tray_ui(ui, model, &mut view.dice, out);
        });
    });
    egui::CentralPanel::default_margins().show(ui, |ui| {
        encounter_bar::welcome_ui(ui, model, &mut view.bar, out);
    });
}

/// The narrowest the right column gets, in points, where the window's share allows: Next and
/// its room side by side, "End the fight…" and "More…" in one row.
const RIGHT_LEAST: f32 = 250.0;

/// The right column's panel, resizable, its column exactly the panel's width.
fn right_panel_ui(
    ui: &mut egui::Ui,
    model: &Model,
    view: &mut ViewState,
    screen: egui::Vec2,
    out: &mut Vec<Action>,
) {
    let most = screen.x * panels::RIGHT_SHARE;
    egui::Panel::right("stepper")
        .resizable(true)
        .default_size((screen.x * 0.24).clamp(RIGHT_LEAST, 420.0).min(most))
        // Never narrower than its buttons need, whatever size the window had when the panel
        // first took its width (a window's first frame can come before its UI scale, at half
        // the points: the column kept 130 points at 200 % and its row ran off the screen).
        .size_range(RIGHT_LEAST.min(most)..=most)
        .show(ui, |ui| {
            // The column is exactly this wide, whatever it holds: it is drawn in a rect of
            // its own, so nothing in it (a card with many stats, a long name) can widen it
            // and move the board under the pointer.
            let width = ui.available_width().min(screen.x * panels::RIGHT_SHARE);
            let rect = egui::Rect::from_min_size(
                ui.cursor().min,
                egui::vec2(width, ui.available_height()),
            );
            ui.advance_cursor_after_rect(rect);
            let mut column = ui.new_child(egui::UiBuilder::new().max_rect(rect));
            column.set_clip_rect(rect.intersect(ui.clip_rect()));
            right_column_ui(&mut column, model, view, out);
        });
}

/// Lays out the whole window: bar on top, journal at the bottom, library left, stepper and
/// card right, board in the middle.
pub fn layout_ui(ui: &mut egui::Ui, model: &Model, view: &mut ViewState, out: &mut Vec<Action>) {
    egui::Panel::top("encounter-bar").show(ui, |ui| {
        encounter_bar::encounter_bar_ui(
            ui,
            model,
            &mut view.bar,
            &mut view.players,
            &mut view.odds,
            out,
        );
    });
    odds::odds_window_ui(ui.ctx(), model, &mut view.odds);
    campaign::campaign_ui(ui.ctx(), model, &mut view.campaign, out);
    view.portraits.sync(ui.ctx(), model);
    editor::editor_ui(ui, model, &mut view.editor, out);
    if model.session.is_none() {
        no_encounter_ui(ui, model, view, out);
        return;
    }
    // Side panels start as a share of the window and are capped to one, so a high UI scale
    // (fewer points on the same screen) still leaves the board at least half the window; on
    // a small window the library and the journal start folded.
    let screen = ui.available_size();
    view.panels.follow(model);
    let before = view.panels.panels;
    view.panels.panels.keys(ui.ctx(), screen);
    let open = |p| view.panels.panels.open(p, screen);
    let (library_open, journal_open, right_open) =
        (open(Panel::Library), open(Panel::Journal), open(Panel::Right));
    if journal_open {
        egui::Panel::bottom("journal")
            .resizable(true)
            .default_size((screen.y * 0.2).clamp(90.0, 240.0))
            .max_size(screen.y * panels::JOURNAL_SHARE)
            .show(ui, |ui| journal_panel::journal_panel_ui(ui, model, &mut view.journal, out));
    }
    if library_open {
        egui::Panel::left("library")
            .resizable(true)
            // At least 200 points where the share allows: narrower, the system picker leaves
            // the search no room.
            .default_size(
                (screen.x * 0.17).clamp(200.0, 320.0).min(screen.x * panels::LIBRARY_SHARE),
            )
            .max_size(screen.x * panels::LIBRARY_SHARE)
            .show(ui, |ui| {
                // Its fold toggle at its top-left, where the toolbar's stood while it was folded.
                let folds = &mut view.panels.panels;
                let mut fold = |ui: &mut egui::Ui, compact: bool| {
                    panels::fold_button_ui(ui, folds, Panel::Library, screen, compact);
                };
                library::library_ui(ui, model, &mut view.library, Some(&mut fold), out)
            });
    }
    if right_open {
        right_panel_ui(ui, model, view, screen, out);
    }
    let panels = &mut view.panels.panels;
    egui::CentralPanel::default_margins().show(ui, |ui| {
        board::board_ui(ui, model, &mut view.board, panels, screen, out);
    });
    if view.panels.panels != before {
        out.push(Action::SavePanels(view.panels.panels));
    }
}
