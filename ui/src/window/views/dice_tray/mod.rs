//! The dice tray: roll notation, type table dice, answer the engine's requests for dice.
//!
//! - "Roll" sends `Command::Roll`; the dice mode decides who rolls (in table mode the
//!   window then asks for the faces, like any roll the rules need).
//! - "Enter table dice" opens a faces field: the faces a player rolled, checked against the
//!   notation before anything is sent, recorded as a table roll.
//! - The switch "App rolls / I'll type them" sets who rolls the engine's dice.
//! - The last roll of the encounter shows big under the buttons; the odds of the typed
//!   roll fold out below it.

mod faces;
mod last_roll;
mod odds;
mod pending;

use crate::window::{Action, DiceMode, Model};
use eframe::egui::{self, RichText};
use fray_app::dice::{Dice, DieChoice};
use fray_app::{Command, EventKind};

/// Widget state of the dice tray.
#[derive(Default)]
pub struct DiceTrayView {
    /// The notation typed ("2d6+1").
    notation: String,
    /// What the roll is for.
    label: String,
    /// The faces being typed for a table roll, while that field is open.
    table_entry: Option<String>,
    /// Why the typed table faces were not sent.
    faces_error: Option<String>,
    /// The faces field was just opened: give it the keyboard.
    focus_faces: bool,
    /// The faces being typed for the engine's pending roll.
    pending_faces: String,
    /// Which pending roll `pending_faces` answers; a new request clears the field.
    pending_for: Option<pending::PendingKey>,
    /// Why the typed pending faces were not sent (not numbers).
    pending_error: Option<String>,
    /// The faces were changed since the last Record: the engine's refusal of the old ones
    /// no longer stands under the field.
    pending_edited: bool,
    /// The GM's roll is kept from the player window.
    secret: bool,
    /// The odds of the typed roll.
    odds: odds::OddsView,
}

/// Draws the dice tray.
pub fn dice_tray_ui(
    ui: &mut egui::Ui,
    model: &Model,
    view: &mut DiceTrayView,
    out: &mut Vec<Action>,
) {
    // With no encounter open the tray still rolls: into today's session (see `action::run`).
    let session = model.session.as_ref();
    match &model.pending_roll {
        Some(p) => pending::pending_ui(ui.ctx(), p, view, out),
        None => pending::clear(view),
    }
    ui.label(RichText::new("Dice").size(21.0).strong());
    mode_ui(ui, model.dice_mode, out);
    ui.add_space(4.0);
    let (dice, entered) = notation_ui(ui, view);
    buttons_ui(ui, dice.as_ref(), model.dice_mode, view, out);
    // Enter in the notation field rolls, as the Roll button does.
    if entered && let Some(dice) = &dice {
        out.push(Action::Game(roll_command(dice, view)));
        view.table_entry = None;
    }
    if let (Some(dice), Some(_)) = (&dice, &view.table_entry) {
        table_entry_ui(ui, dice, view, out);
    }
    let events = session.map_or(&[][..], |s| s.history().events());
    let last = events.iter().rev().find_map(|e| match &e.kind {
        EventKind::Rolled { roll, .. } => Some(roll),
        _ => None,
    });
    if let Some(roll) = last {
        ui.add_space(6.0);
        last_roll::last_roll_ui(ui, roll);
    }
    if let Some(dice) = &dice {
        ui.add_space(6.0);
        odds::odds_ui(ui, dice, &mut view.odds);
    }
}

/// The two-way switch: who rolls the dice the rules ask for.
fn mode_ui(ui: &mut egui::Ui, mode: DiceMode, out: &mut Vec<Action>) {
    ui.horizontal_wrapped(|ui| {
        ui.label("Who rolls:");
        let choices = [
            (DiceMode::App, "App rolls", "Fray rolls every die the rules need"),
            (
                DiceMode::Table,
                "I'll type them",
                "Fray asks for the faces of every roll the rules need",
            ),
        ];
        for (choice, text, help) in choices {
            let button = egui::Button::selectable(mode == choice, text);
            if ui.add(button).on_hover_text(help).clicked() && mode != choice {
                out.push(Action::SetDiceMode(choice));
            }
        }
    });
}

/// The notation and label fields. Returns the parsed dice when the notation is valid (and
/// whether the GM pressed Enter in it); shows the parser's message (with its column) when
/// it is not.
fn notation_ui(ui: &mut egui::Ui, view: &mut DiceTrayView) -> (Option<Dice>, bool) {
    let width = ui.available_width();
    let mut entered = false;
    egui::Grid::new("dice-tray-fields").num_columns(2).spacing([8.0, 6.0]).show(ui, |ui| {
        let label = ui.label("Notation");
        let field = egui::TextEdit::singleline(&mut view.notation)
            .hint_text(RichText::new("2d6+1").text_style(egui::TextStyle::Heading))
            .font(egui::TextStyle::Heading)
            .desired_width((width - 90.0).max(120.0));
        let response = ui.add(field).labelled_by(label.id);
        if response.changed() {
            // Different dice: faces typed for the old ones no longer apply.
            view.faces_error = None;
        }
        entered = response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        ui.end_row();
        let label = ui.label("For");
        let field = egui::TextEdit::singleline(&mut view.label)
            .hint_text("what is it for? (optional)")
            .desired_width((width - 90.0).max(120.0));
        ui.add(field).labelled_by(label.id);
        ui.end_row();
        ui.label("");
        ui.checkbox(&mut view.secret, "Secret").on_hover_text("Kept from the player window");
        ui.end_row();
    });
    if view.notation.trim().is_empty() {
        return (None, false);
    }
    match Dice::parse(&view.notation) {
        Ok(dice) => (Some(dice), entered),
        Err(e) => {
            let text = RichText::new(e.to_string()).color(ui.visuals().error_fg_color);
            ui.add(egui::Label::new(text).wrap());
            (None, false)
        }
    }
}

/// "Roll" and "Enter table dice", usable once the notation parses.
fn buttons_ui(
    ui: &mut egui::Ui,
    dice: Option<&Dice>,
    mode: DiceMode,
    view: &mut DiceTrayView,
    out: &mut Vec<Action>,
) {
    let why_not = "Type dice first, e.g. 2d6+1";
    ui.horizontal_wrapped(|ui| {
        let big = egui::vec2(110.0, 40.0);
        let roll = egui::Button::new(RichText::new("Roll").size(20.0).strong()).min_size(big);
        let help = match mode {
            DiceMode::App => "The app rolls",
            DiceMode::Table => "You will be asked for the faces",
        };
        let response = ui.add_enabled(dice.is_some(), roll).on_hover_text(help);
        if response.on_disabled_hover_text(why_not).clicked()
            && let Some(dice) = dice
        {
            out.push(Action::Game(roll_command(dice, view)));
            view.table_entry = None;
        }
        let open = view.table_entry.is_some();
        let table = egui::Button::selectable(open, "Enter table dice").min_size(big);
        let response = ui
            .add_enabled(dice.is_some(), table)
            .on_hover_text("Type the faces a player rolled")
            .on_disabled_hover_text(why_not);
        if response.clicked() {
            view.table_entry = if open { None } else { Some(String::new()) };
            view.focus_faces = !open;
            view.faces_error = None;
        }
    });
}

/// The faces field of a table roll: checked against the dice before it is sent.
fn table_entry_ui(ui: &mut egui::Ui, dice: &Dice, view: &mut DiceTrayView, out: &mut Vec<Action>) {
    let Some(text) = &mut view.table_entry else { return };
    let count = dice.dice_count();
    let faces = if count == 1 { "1 face".to_owned() } else { format!("{count} faces") };
    let what = if dice.is_fixed_count() {
        format!("{faces} for {dice}")
    } else {
        format!("{faces} for {dice}, and after a die that explodes or is rerolled, its next faces")
    };
    ui.label(RichText::new(what).small().weak());
    let mut record = false;
    ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
        let label = ui.label("Faces");
        let field = egui::TextEdit::singleline(text)
            .hint_text(RichText::new("e.g. 4 3").text_style(egui::TextStyle::Heading))
            .font(egui::TextStyle::Heading)
            .desired_width(f32::INFINITY);
        let response = ui.add(field).labelled_by(label.id);
        if std::mem::take(&mut view.focus_faces) {
            response.request_focus();
        }
        record = response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
    });
    let mut cancel = false;
    ui.horizontal(|ui| {
        let big = egui::vec2(110.0, 36.0);
        record |= ui.add(egui::Button::new("Record").min_size(big)).clicked();
        cancel = ui.add(egui::Button::new("Cancel").min_size(big)).clicked();
    });
    if let Some(error) = &view.faces_error {
        let text = RichText::new(error).color(ui.visuals().error_fg_color);
        ui.add(egui::Label::new(text).wrap());
    }
    if cancel {
        view.table_entry = None;
        view.faces_error = None;
    } else if record {
        match faces::faces_for(dice, text) {
            Ok(faces) => {
                let command = roll_command(dice, view);
                out.push(Action::GameWithDice(command, vec![DieChoice::Table(faces)]));
                view.table_entry = None;
                view.faces_error = None;
            }
            Err(e) => view.faces_error = Some(e),
        }
    }
}

/// The tray's roll as a command.
fn roll_command(dice: &Dice, view: &DiceTrayView) -> Command {
    Command::Roll {
        dice: dice.clone(),
        label: view.label.trim().to_owned(),
        roller: None,
        secret: view.secret,
    }
}
