//! Between fights: the end-of-fight review ([`review`]) and the party window ([`party`]):
//! how each character is now, rests, heals by hand, injuries healed, the session's export.

pub mod party;
pub mod review;

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
}

/// Draws the open review and the party window.
pub fn campaign_ui(
    ctx: &egui::Context,
    model: &Model,
    view: &mut CampaignView,
    out: &mut Vec<Action>,
) {
    review::review_ui(ctx, model, &mut view.review, out);
    party::party_window_ui(ctx, model, &mut view.party, out);
    if view.confirm_reopen {
        reopen_ui(ctx, &mut view.confirm_reopen, out);
    }
}

/// "End the fight…" on the stepper, or, once it is over, the word and "Reopen the fight…".
pub fn end_fight_ui(ui: &mut egui::Ui, model: &Model, view: &mut CampaignView) {
    if model.fight_ended() {
        ui.label(
            egui::RichText::new("The fight is over: what lasts is written back.")
                .strong()
                .size(18.0),
        );
        if ui
            .button("Reopen the fight…")
            .on_hover_text("Let this fight take commands again")
            .clicked()
        {
            view.confirm_reopen = true;
        }
        return;
    }
    let button = egui::Button::new(egui::RichText::new("End the fight…").size(18.0))
        .min_size(egui::vec2(ui.available_width(), 36.0));
    let hover = "Review what lasts for each character, then write it back";
    if ui.add(button).on_hover_text(hover).clicked() {
        view.review = review::ReviewDraft::of(model);
    }
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
