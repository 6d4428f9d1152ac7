//! Who is still to act, per faction, for a procedure without a turn order (Murdham), as it
//! answers ([`fray_app::system::spotlight::Faction`]): one block per faction with its colour
//! and name, the one holding the initiative starred, the one choosing lit, a pass noted; then
//! the names still to act, the one acting, those done (faded), and those who cannot act with
//! why. Each list is one line of text, so it reads as a sentence.

use super::spotlight::{side_colour, swatch_ui};
use eframe::egui::{self, RichText};
use fray_app::Encounter;
use fray_app::system::spotlight::Faction;

/// Draws every faction under a collapsible header.
pub(super) fn factions_ui(ui: &mut egui::Ui, state: &Encounter, factions: &[Faction]) {
    egui::CollapsingHeader::new(RichText::new("Factions").strong())
        .id_salt("stepper-factions")
        .default_open(true)
        .show(ui, |ui| {
            if factions.is_empty() {
                ui.label(RichText::new("Nobody in the fight yet").small().weak());
            }
            for f in factions {
                faction_ui(ui, state, f);
                ui.add_space(6.0);
            }
        });
}

fn faction_ui(ui: &mut egui::Ui, state: &Encounter, f: &Faction) {
    let visuals = ui.visuals().clone();
    let fill = if f.choosing { visuals.selection.bg_fill } else { visuals.faint_bg_color };
    egui::Frame::new()
        .fill(fill)
        .corner_radius(6.0)
        .inner_margin(egui::Margin::symmetric(8, 6))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.horizontal_wrapped(|ui| {
                swatch_ui(ui, side_colour(state, f.side), 22.0);
                let mut name = RichText::new(&f.name).size(20.0).strong();
                if f.choosing {
                    name = name.color(visuals.selection.stroke.color);
                }
                ui.label(name);
                if f.holder {
                    badge_ui(ui, "\u{2605} initiative", visuals.strong_text_color())
                        .on_hover_text("This faction started the fight: it says who goes first");
                }
                if f.choosing {
                    badge_ui(ui, "choosing", visuals.selection.stroke.color);
                }
                if f.passed {
                    badge_ui(ui, "passed", visuals.weak_text_color());
                }
            });
            line_ui(ui, "Acting", &f.acting, visuals.warn_fg_color, true);
            if f.nobody_left {
                ui.label(RichText::new("Nobody left to act").size(17.0).weak());
            }
            line_ui(ui, "To act", &f.to_act, visuals.strong_text_color(), true);
            line_ui(ui, "Done", &f.done, visuals.weak_text_color(), false);
            for (why, names) in &f.not_now {
                let names = [format!("{} ({why})", names.join(" \u{b7} "))];
                line_ui(ui, "Not now", &names, visuals.weak_text_color(), false);
            }
        });
}

/// "To act  Bandit · Bandit chief", one label; nothing when the list is empty.
fn line_ui(ui: &mut egui::Ui, caption: &str, names: &[String], colour: egui::Color32, big: bool) {
    if names.is_empty() {
        return;
    }
    let style = ui.style().clone();
    let mut job = egui::text::LayoutJob::default();
    let weak = ui.visuals().weak_text_color();
    RichText::new(format!("{caption}  ")).size(14.0).color(weak).append_to(
        &mut job,
        &style,
        egui::FontSelection::Default,
        egui::Align::Center,
    );
    RichText::new(names.join(" \u{b7} "))
        .size(if big { 19.0 } else { 16.0 })
        .color(colour)
        .append_to(&mut job, &style, egui::FontSelection::Default, egui::Align::Center);
    ui.add(egui::Label::new(job).wrap());
}

/// A small framed word beside a faction's name.
fn badge_ui(ui: &mut egui::Ui, text: &str, colour: egui::Color32) -> egui::Response {
    egui::Frame::new()
        .stroke(egui::Stroke::new(1.0, colour))
        .corner_radius(10.0)
        .inner_margin(egui::Margin::symmetric(7, 1))
        .show(ui, |ui| ui.add(egui::Label::new(RichText::new(text).size(14.0).color(colour))))
        .response
}
