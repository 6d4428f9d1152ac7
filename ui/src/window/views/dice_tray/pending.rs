//! The question the window asks in table-dice mode when the engine needs a roll: type the
//! faces the player rolled, let the app roll this one, or give up the command. A modal, so
//! the GM cannot miss it and nothing else happens while the command waits.

use super::DiceTrayView;
use super::faces::{faces_for, parse_faces};
use crate::window::{Action, PendingRoll};
use eframe::egui::{self, RichText};

/// Which request the faces being typed answer: the dice, the label, whose roll and how many
/// rolls of the command are already known.
pub(super) type PendingKey = (String, String, Option<String>, usize);

fn key(pending: &PendingRoll) -> PendingKey {
    let p = pending;
    (p.dice.clone(), p.label.clone(), p.roller.clone(), p.plan.len())
}

/// The question's title and its line: whose roll it is, large, so three order dice in a row
/// are told apart at a glance; then what for and which dice.
fn ask_text(pending: &PendingRoll) -> (String, String) {
    let title = match &pending.roller {
        Some(who) => format!("{who} rolls"),
        None => "Dice needed".to_owned(),
    };
    let line = match &pending.roller {
        // The label may name them already ("Hester attacks"): no need to say it twice.
        Some(who) if !pending.label.contains(who.as_str()) => {
            format!("Type the faces for {who}: {} ({})", pending.label, pending.dice)
        }
        _ => format!("Type the faces for {} ({})", pending.label, pending.dice),
    };
    (title, line)
}

/// Shows the modal while a roll is pending.
pub(super) fn pending_ui(
    ctx: &egui::Context,
    pending: &PendingRoll,
    view: &mut DiceTrayView,
    out: &mut Vec<Action>,
) {
    let fresh = view.pending_for.as_ref() != Some(&key(pending));
    if fresh {
        // A new request: clear what was typed for the last one.
        view.pending_for = Some(key(pending));
        view.pending_faces.clear();
        view.pending_error = None;
        view.pending_edited = false;
        view.table_entry = None;
    }
    egui::Modal::new(egui::Id::unique("dice-tray-pending-roll")).show(ctx, |ui| {
        ui.set_max_width(460.0);
        let (title, ask) = ask_text(pending);
        ui.label(RichText::new(title).heading().strong());
        ui.add_space(4.0);
        ui.add(egui::Label::new(RichText::new(ask).size(20.0)).wrap());
        ui.add_space(6.0);
        let field = egui::TextEdit::singleline(&mut view.pending_faces)
            .hint_text(RichText::new("e.g. 4 3").text_style(egui::TextStyle::Heading))
            .font(egui::TextStyle::Heading)
            .desired_width(ui.available_width());
        let response = ui.add(field).accessible_name("Faces");
        if fresh {
            response.request_focus();
        }
        if response.changed() {
            // The refusal was about the faces as they were: typing fixes it.
            view.pending_edited = true;
            view.pending_error = None;
        }
        let entered = response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        // Our own message (not a number) first, else the engine's (a 7 on a d6).
        let engine = pending.error.as_ref().filter(|_| !view.pending_edited);
        if let Some(error) = view.pending_error.as_ref().or(engine) {
            let text = RichText::new(error).color(ui.visuals().error_fg_color);
            ui.add(egui::Label::new(text).wrap());
        }
        ui.add_space(8.0);
        let mut record = entered;
        ui.horizontal_wrapped(|ui| {
            let big = egui::vec2(120.0, 40.0);
            record |= ui.add(egui::Button::new("Record").min_size(big)).clicked();
            if ui
                .add(egui::Button::new("Roll for me").min_size(big))
                .on_hover_text("The app rolls this one")
                .clicked()
            {
                out.push(Action::RollForMe);
            }
            if ui
                .add(egui::Button::new("Cancel").min_size(big))
                .on_hover_text("Give up the command: nothing is recorded")
                .clicked()
            {
                out.push(Action::CancelRoll);
            }
        });
        // Escape gives up, like Cancel; a stray click outside the modal does not.
        if ui.input(|i| i.key_pressed(egui::Key::Escape)) {
            out.push(Action::CancelRoll);
            return;
        }
        if record {
            // Read by the dice asked for when they parse (`00` on a d%, `- 0 +` on Fudge
            // dice, an explosion's faces), else as plain numbers the engine then checks.
            let read = match fray_app::dice::Dice::parse(&pending.dice) {
                Ok(dice) => faces_for(&dice, &view.pending_faces),
                Err(_) => parse_faces(&view.pending_faces),
            };
            match read {
                Ok(faces) => {
                    view.pending_error = None;
                    view.pending_edited = false;
                    out.push(Action::TableFaces(faces));
                }
                Err(e) => view.pending_error = Some(e),
            }
        }
    });
}

/// Forgets the last request once nothing is pending.
pub(super) fn clear(view: &mut DiceTrayView) {
    view.pending_for = None;
    view.pending_faces.clear();
    view.pending_error = None;
    view.pending_edited = false;
}
