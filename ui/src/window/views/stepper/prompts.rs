//! The system's prompts as big buttons: the title, then one button per answer. A forbidden
//! answer stays visible, disabled, with its reason on hover and in small text under it.
//! Answers with a heading ("Against Goblin 1") are listed under it, in a section the GM can
//! fold; with many headings they start folded, so a long list stays short.

use crate::window::Action;
use eframe::egui::{self, RichText};
use fray_app::system::{Prompt, PromptOption};

/// Height of an answer button: clicked all fight long, from arm's length.
const OPTION_HEIGHT: f32 = 40.0;

/// Up to this many headings start unfolded.
const OPEN_GROUPS: usize = 3;

/// Draws every prompt.
pub(super) fn prompts_ui(ui: &mut egui::Ui, prompts: &[Prompt], out: &mut Vec<Action>) {
    for prompt in prompts {
        ui.add_space(10.0);
        ui.add(egui::Label::new(RichText::new(&prompt.title).size(21.0).strong()).wrap());
        let mut groups: Vec<&str> = Vec::new();
        for g in prompt.options.iter().filter_map(|o| o.group.as_deref()) {
            if !groups.contains(&g) {
                groups.push(g);
            }
        }
        let mut shown: Vec<&str> = Vec::new();
        for option in &prompt.options {
            match option.group.as_deref() {
                None => option_ui(ui, option, out),
                Some(g) if !shown.contains(&g) => {
                    shown.push(g);
                    egui::CollapsingHeader::new(RichText::new(g).size(19.0).strong())
                        .id_salt(("prompt-group", &prompt.id, g))
                        .default_open(groups.len() <= OPEN_GROUPS)
                        .show(ui, |ui| {
                            for o in prompt.options.iter().filter(|o| o.group.as_deref() == Some(g))
                            {
                                option_ui(ui, o, out);
                            }
                        });
                }
                Some(_) => {}
            }
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
