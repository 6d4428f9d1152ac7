//! The system's prompts as big buttons: the title, then one button per answer. A forbidden
//! answer stays visible, disabled, with its reason on hover and in small text under it.

use crate::window::Action;
use eframe::egui::{self, RichText};
use fray_app::system::{Prompt, PromptOption};

/// Height of an answer button: clicked all fight long, from arm's length.
const OPTION_HEIGHT: f32 = 40.0;

/// Draws every prompt.
pub(super) fn prompts_ui(ui: &mut egui::Ui, prompts: &[Prompt], out: &mut Vec<Action>) {
    for prompt in prompts {
        ui.add_space(10.0);
        ui.add(egui::Label::new(RichText::new(&prompt.title).size(21.0).strong()).wrap());
        for option in &prompt.options {
            option_ui(ui, option, out);
        }
    }
}

/// One answer: a full-width button, then its reason and cost in small text.
fn option_ui(ui: &mut egui::Ui, option: &PromptOption, out: &mut Vec<Action>) {
    let button = egui::Button::new(RichText::new(&option.label).size(19.0))
        .wrap()
        .min_size(egui::vec2(ui.available_width(), OPTION_HEIGHT));
    let mut response = ui.add_enabled(option.enabled, button);
    if let Some(reason) = &option.reason {
        response = if option.enabled {
            response.on_hover_text(reason)
        } else {
            response.on_disabled_hover_text(reason)
        };
    }
    if response.clicked() {
        out.push(Action::Game(option.command.clone()));
    }
    if let Some(reason) = &option.reason {
        // A forbidden answer says why in the error colour, so the GM need not hover.
        let text = RichText::new(reason).small();
        let text =
            if option.enabled { text.weak() } else { text.color(ui.visuals().warn_fg_color) };
        ui.add(egui::Label::new(text).wrap());
    }
    if let Some(cost) = &option.cost {
        ui.add(egui::Label::new(RichText::new(format!("Cost: {cost}")).small().weak()).wrap());
    }
    ui.add_space(2.0);
}
