//! The circumstances the GM sets by hand for the procedure's next command of one kind, which
//! the rules cannot see (Murdham's attack: the target unseen, unaware, in cover, the blow held
//! back...), as the procedure lists them ([`fray_app::system::modifiers`]): big toggles and an
//! optional line of words. Shown over a prompt whose options they apply to (its room kept
//! from the first question on while none does, saying only what comes there, so the answers
//! do not move as it comes and goes); those options are
//! sent with them and say at once what they change (a WIT save now needed, an attack now
//! impossible). They clear once the command is recorded, and when another turn starts.

use crate::window::Action;
use eframe::egui::{self, RichText};
use fray_app::Prompt;
use fray_app::ids::CombatantId;
use fray_app::system::modifiers::{ModifierSpec, Modifiers};
use fray_data::Session;

/// What the GM set, and for which turn.
#[derive(Default)]
pub(super) struct ModifiersView {
    /// The toggles and words.
    set: Modifiers,
    /// The turn they were set in: round, phase, who.
    turn: Option<(u32, String, CombatantId)>,
    /// A command went out with them: they clear once the history has grown past this.
    sent: Option<u64>,
    /// The tallest the panel has stood: its room, kept empty while no answer takes them, so
    /// the answers under it stand in the same place whether it shows or not.
    room: f32,
}

impl ModifiersView {
    fn clear(&mut self) {
        self.set = Modifiers::default();
        self.sent = None;
    }

    /// The circumstances set, in words: answers changed by them are a question asked anew.
    pub(super) fn terms(&self) -> String {
        format!("{:?}", self.set)
    }
}

/// Clears what was set for another turn, or sent with a command since recorded: done before
/// anything reads the set, each frame, by whichever reads it first (the keys in the pinned
/// top or the panel).
fn keep_current(session: &Session, view: &mut ModifiersView) {
    let system = session.history().system();
    let state = session.state();
    let acting = system.acting(state).first().copied();
    let turn = acting.map(|id| (state.round, state.phase.clone(), id));
    if view.turn != turn {
        view.clear();
        view.turn = turn;
    }
    if view.sent.is_some_and(|s| session.history().next_stream() > s) {
        view.clear();
    }
}

/// The answers as the circumstances set change them, for the keys 1–9 as for a click: an
/// attack sent by its key carries them too.
pub(super) fn with_set(session: &Session, view: &mut ModifiersView, prompts: &mut [Prompt]) {
    keep_current(session, view);
    if !view.set.any() {
        return;
    }
    let system = session.history().system();
    let state = session.state();
    for option in prompts.iter_mut().flat_map(|p| p.options.iter_mut()) {
        if let Some(made) = system.modified(state, option, &view.set) {
            *option = made;
        }
    }
}

/// The circumstances under their heading, a gap over them.
fn circumstances_ui(ui: &mut egui::Ui, spec: &ModifierSpec, view: &mut ModifiersView) {
    ui.add_space(8.0);
    egui::CollapsingHeader::new(RichText::new(spec.title).size(19.0).strong())
        .id_salt("stepper-modifiers")
        .default_open(true)
        .show(ui, |ui| panel_ui(ui, spec, view));
}

/// Height of a toggle: pressed from arm's length.
const TOGGLE_HEIGHT: f32 = 38.0;

/// Draws the panel when some prompt offers an option they apply to, and patches those;
/// otherwise keeps its room, saying only what comes there (see [`waiting_ui`]).
pub(super) fn modifiers_ui(
    ui: &mut egui::Ui,
    session: &Session,
    view: &mut ModifiersView,
    prompts: &mut [Prompt],
) {
    let system = session.history().system();
    let Some(spec) = system.modifiers() else { return };
    keep_current(session, view);
    let applies = |o: &fray_app::PromptOption| system.takes_modifiers(&o.command);
    let top = ui.cursor().min.y;
    if !prompts.iter().any(|p| p.options.iter().any(applies)) {
        if view.room == 0.0 {
            // Measured once, unseen and out of reach, before it is first needed: its room is
            // kept from the first question on, and the first attack's turn moves nothing.
            ui.scope(|ui| {
                ui.set_invisible();
                circumstances_ui(ui, spec, view);
            });
            view.room = ui.cursor().min.y - top;
        } else {
            ui.add_space(view.room);
        }
        waiting_ui(ui, spec, top, view.room);
        return;
    }
    circumstances_ui(ui, spec, view);
    let used = ui.cursor().min.y - top;
    view.room = view.room.max(used);
    if used < view.room {
        ui.add_space(view.room - used);
    }
    with_set(session, view, prompts);
}

/// The room kept empty says, quietly, what comes there and when (before any side exists it
/// is all the column shows under the question): drawn inside the room, from `top`, so its
/// height, and what stands under it, stay the same.
fn waiting_ui(ui: &mut egui::Ui, spec: &ModifierSpec, top: f32, room: f32) {
    let x = ui.max_rect().x_range();
    let inside = egui::Rect::from_x_y_ranges(x, egui::Rangef::new(top + 8.0, top + room));
    let mut child = ui.new_child(egui::UiBuilder::new().max_rect(inside));
    // Small: quiet, and in view under the pinned top of a tiny window (384 points high).
    child.add(egui::Label::new(RichText::new(spec.waiting).small().weak()).wrap());
}

/// Remembers a command sent with the circumstances, so they clear once it is recorded.
pub(super) fn after_prompts(session: &Session, view: &mut ModifiersView, sent: &[Action]) {
    let system = session.history().system();
    let took = sent
        .iter()
        .any(|a| matches!(a, Action::Game(c) | Action::Answer(c, _) if system.takes_modifiers(c)));
    if took && view.set.any() {
        view.sent = Some(session.history().next_stream());
    }
}

/// The toggles, three to a row, and the words.
fn panel_ui(ui: &mut egui::Ui, spec: &ModifierSpec, view: &mut ModifiersView) {
    ui.label(RichText::new(spec.caption).small().weak());
    let spacing = ui.spacing().item_spacing.x;
    let width = ((ui.available_width() - spacing * 2.0) / 3.0).floor();
    for row in spec.toggles.chunks(3) {
        ui.horizontal(|ui| {
            for toggle in row {
                let on = view.set.is_on(toggle.key);
                let text = RichText::new(toggle.label).size(16.5);
                let text = if on { text.strong() } else { text };
                let button = egui::Button::new(text)
                    .selected(on)
                    .wrap()
                    .min_size(egui::vec2(width, TOGGLE_HEIGHT));
                if ui.add(button).on_hover_text(toggle.help).clicked() {
                    if on {
                        view.set.on.remove(toggle.key);
                    } else {
                        view.set.on.insert(toggle.key);
                    }
                }
            }
        });
    }
    if let Some((label, hint)) = spec.words {
        ui.add_space(4.0);
        ui.horizontal(|ui| {
            ui.label(RichText::new(label).size(17.0));
            let field = egui::TextEdit::singleline(&mut view.set.words)
                .hint_text(hint)
                .desired_width(ui.available_width());
            ui.add(field).accessible_name(label);
        });
    }
    if view.set.any() {
        let clear = egui::Button::new(format!("Clear the {}", spec.title.to_lowercase()))
            .min_size(egui::vec2(0.0, 32.0));
        if ui.add(clear).clicked() {
            view.clear();
        }
    }
}
