//! Between fights: the end-of-fight review ([`review`]) and the party window ([`party`]):
//! how each character is now, rests, heals by hand, injuries healed, the session's export.

mod evening_export;
pub mod party;
pub mod recap;
pub mod recap_charts;
pub mod review;

use crate::window::views::fitted;
use crate::window::{Action, Model};
use eframe::egui;

/// Widget state of the views between fights.
#[derive(Default)]
pub struct CampaignView {
    /// The end-of-fight review being read, if open.
    pub review: Option<review::ReviewDraft>,
    /// The party window.
    pub party: party::PartyView,
    /// The GM asked to reopen an ended fight: the question is showing.
    pub confirm_reopen: bool,
    /// The recap window.
    pub recap: recap::RecapView,
}

/// Draws the open review and the party window.
pub fn campaign_ui(
    ctx: &egui::Context,
    model: &Model,
    view: &mut CampaignView,
    out: &mut Vec<Action>,
) {
    review::review_ui(ctx, model, &mut view.review, out);
    view.recap.follow_end(model);
    recap::recap_window_ui(ctx, model, &mut view.recap, out);
    recap::evening_window_ui(ctx, &mut view.party.evening);
    party::party_window_ui(ctx, model, &mut view.party, out);
    if view.confirm_reopen {
        reopen_ui(ctx, &mut view.confirm_reopen, out);
    }
}

/// Under the stepper's pinned top, one row that keeps its buttons in their places: "End the
/// fight…" (the review of what lasts; refused once the fight is written back, when the
/// headline above offers "Reopen the fight…"), "Recap…" and "Party…" (on a short window, or
/// a column too narrow for the three even in smaller words, both behind "More…").
pub fn between_fights_ui(ui: &mut egui::Ui, model: &Model, view: &mut CampaignView) {
    let ended = model.fight_ended();
    // Buttons as wide as their words; smaller on a short window, where the answers need the
    // room, and on a narrow column (1200 × 800 at 100 %), down to a size still read at arm's
    // length, where the three keep one row (whole: a cut "Party…" was no button).
    let short = crate::window::views::stepper::is_short(ui);
    let (size, height) = if short { (15.0, 28.0) } else { (17.0, 34.0) };
    let shrunk = (!short).then(|| row_size(ui, size)).flatten();
    let folded = shrunk.is_none();
    let size = shrunk.unwrap_or(size);
    let button = |text: &str| {
        egui::Button::new(egui::RichText::new(text).size(size)).min_size(egui::vec2(0.0, height))
    };
    // A decided fight lights "End the fight…" where it always stands (issue 64: it once took
    // the place of the step's own button beside Next).
    let decided = !ended
        && model.session.as_ref().is_some_and(|s| {
            fray_app::system::verdict::verdict(s.history().system(), s.state()).is_some()
        });
    // Folded, "More…" keeps its width at the row's end and "End the fight…" takes what is
    // left, its words smaller on a narrow column (whole: see `fitted`), so the row never runs
    // off the screen.
    let more = egui::RichText::new("More…").size(size);
    let more_width = words_width(ui, "More…", size) + 2.0 * ui.spacing().button_padding.x;
    let more_width = more_width + ui.spacing().item_spacing.x;
    ui.horizontal(|ui| {
        let end = ui
            .scope(|ui| {
                let mut button = button("End the fight…");
                if folded {
                    ui.set_max_width(ui.available_width() - more_width);
                    let width = ui.available_width() - 2.0 * ui.spacing().button_padding.x;
                    let room = fitted::Room::rows(ui.ctx(), width, 1, size, 11.0);
                    let words = fitted::fitted(
                        ui.ctx(),
                        "End the fight…",
                        egui::Color32::PLACEHOLDER,
                        room,
                    );
                    button = egui::Button::new(words).min_size(egui::vec2(0.0, height));
                }
                if decided {
                    let lit = ui.visuals().selection.bg_fill;
                    button = button.fill(lit).stroke(ui.visuals().selection.stroke);
                }
                ui.add_enabled(model.session.is_some() && !ended, button)
            })
            .inner
            .on_hover_text("Review what lasts for each character, then write it back")
            .on_disabled_hover_text("The fight is over: what lasts is written back");
        if end.clicked() {
            view.review = review::ReviewDraft::of(model);
        }
        let mut others = |ui: &mut egui::Ui| {
            let hover = "How it went: who dealt and took what, who went down, how the dice fell";
            if ui.add(button("Recap…")).on_hover_text(hover).clicked() {
                view.recap.open = !view.recap.open;
            }
            let hover = "How each character is now; rests, heals, the session";
            if ui.add(button("Party…")).on_hover_text(hover).clicked() {
                view.party.open = !view.party.open;
            }
        };
        if folded {
            // One row: the recap and the party window behind one button.
            ui.menu_button(more, |ui| others(ui))
                .response
                .on_hover_text("The recap, the party window");
        } else {
            others(ui);
        }
    });
    ui.separator();
}

/// The least size of the row's words before it folds "Recap…" and "Party…" behind "More…".
const ROW_LEAST: f32 = 13.0;

/// The largest size from `size` down to [`ROW_LEAST`], a point at a time, at which "End the
/// fight…", "Recap…" and "Party…" stand side by side in `ui`'s width; none if they do not.
fn row_size(ui: &egui::Ui, size: f32) -> Option<f32> {
    let (padding, gap) = (ui.spacing().button_padding.x, ui.spacing().item_spacing.x);
    let width = |size: f32| {
        ["End the fight…", "Recap…", "Party…"]
            .iter()
            .map(|t| words_width(ui, t, size) + 2.0 * padding + gap)
            .sum::<f32>()
    };
    fitted::largest_fitting(size, ROW_LEAST, |size| width(size) <= ui.available_width())
}

/// The width of `text` in one row at `size`.
fn words_width(ui: &egui::Ui, text: &str, size: f32) -> f32 {
    let font = egui::FontId::proportional(size);
    ui.fonts_mut(|f| f.layout_no_wrap(text.to_owned(), font, egui::Color32::WHITE).size().x)
}

fn reopen_ui(ctx: &egui::Context, open: &mut bool, out: &mut Vec<Action>) {
    let modal = egui::Modal::new(egui::Id::unique("fray-reopen")).show(ctx, |ui| {
        ui.set_width(420.0);
        crate::window::views::library::prep::title_ui(ui, "Reopen the fight?");
        ui.label("It takes commands again. What was written back stays written: undo the write-back in the party window to take it back.");
        crate::window::views::library::prep::buttons_ui(ui, "Reopen", None, false)
    });
    let (reopen, cancel) = modal.inner;
    if reopen {
        out.push(Action::Campaign(crate::window::CampaignAction::Reopen));
    }
    if reopen || cancel || modal.should_close() {
        *open = false;
    }
}
