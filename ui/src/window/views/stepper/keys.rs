//! The stepper's keys: Space is Next, 1–9 answer the first question's allowed options in
//! the order they are shown, F1 opens the list of every shortcut. Quiet while a text field
//! has focus (they type there).

use crate::window::Action;
use eframe::egui::{self, Key, Modifiers, RichText};
use fray_app::Command;
use fray_app::system::{Prompt, PromptOption};

/// The number keys, in order.
const DIGITS: [Key; 9] = [
    Key::Num1,
    Key::Num2,
    Key::Num3,
    Key::Num4,
    Key::Num5,
    Key::Num6,
    Key::Num7,
    Key::Num8,
    Key::Num9,
];

/// Every shortcut, as the F1 window lists them.
pub const SHORTCUTS: &[(&str, &str)] = &[
    ("Space", "Next: the next turn, phase or round"),
    ("1 – 9", "answer the question at the top: its allowed answers, in the order listed"),
    ("Ctrl+Z", "undo"),
    ("Ctrl+Shift+Z, Ctrl+Y", "redo"),
    ("F2", "fold or unfold the library"),
    ("F3", "fold or unfold the journal"),
    ("F4", "fold or unfold the right column"),
    ("F5", "switch between the Table layout (play) and the Prep layout (building)"),
    ("Ctrl+scroll, − / +", "zoom the board"),
    ("F1", "this list"),
];

/// The allowed answers of the first question, in the order the stepper lists them, under
/// the circumstances `terms` (main buttons first, then the rest where they stand, see
/// `arrange`; a row's other ways are not numbered: the row's own answer is).
fn numbered(ctx: &egui::Context, prompts: &[Prompt], terms: &str) -> Vec<PromptOption> {
    let Some(p) = prompts.first() else { return Vec::new() };
    let main = p.options.iter().filter(|o| o.main).cloned();
    let standing = super::arrange::standing(ctx, p, terms);
    let shown = standing.into_iter().flat_map(|s| s.options).map(|s| s.option);
    main.chain(shown).filter(|o| o.enabled && o.variant.is_none()).collect()
}

/// Reads this frame's keys and draws the shortcuts window when open.
pub(super) fn keys_ui(
    ui: &mut egui::Ui,
    prompts: &[Prompt],
    terms: &str,
    help: &mut bool,
    out: &mut Vec<Action>,
) {
    let ctx = ui.ctx().clone();
    if ctx.input_mut(|i| i.consume_key(Modifiers::NONE, Key::F1)) {
        *help = !*help;
    }
    if !ctx.text_edit_focused() && !ctx.any_popup_open() {
        if ctx.input_mut(|i| i.consume_key(Modifiers::NONE, Key::Space)) {
            out.push(Action::Game(Command::Advance));
        }
        let answers = numbered(&ctx, prompts, terms);
        for (key, option) in DIGITS.iter().zip(&answers) {
            if ctx.input_mut(|i| i.consume_key(Modifiers::NONE, *key)) {
                out.push(super::prompts::answer(option));
            }
        }
    }
    if *help {
        let mut open = true;
        egui::Window::new("Shortcuts")
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .fixed_size(egui::vec2(460.0, 0.0))
            .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
            .show(&ctx, |ui| {
                egui::Grid::new("shortcuts").num_columns(2).spacing([16.0, 8.0]).show(ui, |ui| {
                    for (key, what) in SHORTCUTS {
                        ui.label(RichText::new(*key).strong());
                        ui.label(*what);
                        ui.end_row();
                    }
                });
            });
        *help = open;
    }
}
