//! Who is still to act, per faction: one block per faction with its colour and name, the
//! one holding the initiative starred, the one choosing lit, a pass noted; then the names
//! still to act this round (or this phase), the one acting, those done (faded), and those
//! who cannot act with why. Each list is one line of text, so it reads as a sentence.

use super::{factions, side_colour, side_name, swatch_ui};
use eframe::egui::{self, RichText};
use fray_app::Encounter;
use fray_app::ids::SideId;
use fray_app::systems::murdham::{self as m, window};

/// Draws every faction under a collapsible header.
pub(in crate::window::views::stepper) fn factions_ui(ui: &mut egui::Ui, state: &Encounter) {
    egui::CollapsingHeader::new(RichText::new("Factions").strong())
        .id_salt("stepper-murdham-factions")
        .default_open(true)
        .show(ui, |ui| {
            let all = factions(state);
            if all.is_empty() {
                ui.label(RichText::new("Nobody in the fight yet").small().weak());
            }
            for side in all {
                faction_ui(ui, state, side);
                ui.add_space(6.0);
            }
        });
}

/// Who of a faction acts, is done, or cannot act.
#[derive(Default)]
struct Roster {
    acting: Vec<String>,
    to_act: Vec<String>,
    done: Vec<String>,
    /// Who cannot act now, grouped by why.
    other: Vec<(String, Vec<String>)>,
}

fn roster(state: &Encounter, side: SideId) -> Roster {
    let ms = &state.murdham;
    let activating = matches!(state.phase.as_str(), m::AMBUSH | m::FAST | m::TURNS);
    let mut r = Roster::default();
    for c in state.combatants.values().filter(|c| c.side == side) {
        let had_turn = if state.phase == m::AMBUSH {
            ms.ambushed.contains(&c.id)
        } else {
            ms.acted.contains(&c.id)
        };
        if ms.turn.id == Some(c.id) {
            r.acting.push(c.name.clone());
        } else if had_turn {
            r.done.push(c.name.clone());
        } else if !activating {
            r.to_act.push(c.name.clone());
        } else {
            match window::cannot_activate(state, c.id) {
                None => r.to_act.push(c.name.clone()),
                Some(why) => match r.other.iter_mut().find(|(w, _)| *w == why) {
                    Some((_, names)) => names.push(c.name.clone()),
                    None => r.other.push((why, vec![c.name.clone()])),
                },
            }
        }
    }
    r
}

fn faction_ui(ui: &mut egui::Ui, state: &Encounter, side: SideId) {
    let ms = &state.murdham;
    let visuals = ui.visuals().clone();
    let choosing = ms.turn.id.is_none() && ms.choosing == Some(side) && ms.first.is_some();
    let fill = if choosing { visuals.selection.bg_fill } else { visuals.faint_bg_color };
    egui::Frame::new()
        .fill(fill)
        .corner_radius(6.0)
        .inner_margin(egui::Margin::symmetric(8, 6))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.horizontal_wrapped(|ui| {
                swatch_ui(ui, side_colour(state, side), 22.0);
                let mut name = RichText::new(side_name(state, side)).size(20.0).strong();
                if choosing {
                    name = name.color(visuals.selection.stroke.color);
                }
                ui.label(name);
                if ms.holder == Some(side) {
                    badge_ui(ui, "\u{2605} initiative", visuals.strong_text_color())
                        .on_hover_text("This faction started the fight: it says who goes first");
                }
                if choosing {
                    badge_ui(ui, "choosing", visuals.selection.stroke.color);
                }
                if ms.passes.contains(&side) {
                    badge_ui(ui, "passed", visuals.weak_text_color());
                }
            });
            let r = roster(state, side);
            let acting = state.murdham.turn.id.and_then(|id| state.combatant(id)).is_some();
            line_ui(ui, "Acting", &r.acting, visuals.warn_fg_color, true);
            if r.to_act.is_empty() && activating(state) && !acting {
                let text = RichText::new("Nobody left to act").size(17.0).weak();
                ui.label(text);
            }
            line_ui(ui, "To act", &r.to_act, visuals.strong_text_color(), true);
            line_ui(ui, "Done", &r.done, visuals.weak_text_color(), false);
            for (why, names) in &r.other {
                let names = [format!("{} ({why})", names.join(" \u{b7} "))];
                line_ui(ui, "Not now", &names, visuals.weak_text_color(), false);
            }
        });
}

fn activating(state: &Encounter) -> bool {
    matches!(state.phase.as_str(), m::AMBUSH | m::FAST | m::TURNS)
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
