//! The circumstances of the next attack, which the rules cannot see: big toggles (the target
//! unseen, unaware, in cover, the cover pierced, in concealment, the blow held back, a shot on
//! the move, peeking from a barrier, enhanced damage) and an optional stunt. Shown over a
//! turn's prompt; its attack buttons are sent with them, and say at once what they change (a
//! WIT save now needed, an attack now impossible). They clear once the attack is recorded,
//! and when another turn starts.

use crate::window::Action;
use eframe::egui::{self, RichText};
use fray_app::ids::CombatantId;
use fray_app::systems::murdham::{Circumstances, MurdhamCommand, window};
use fray_app::{Command, Encounter, Prompt, PromptOption};
use fray_data::Session;

/// What the GM set, and for which turn.
#[derive(Default)]
pub(super) struct CircumstancesView {
    /// The toggles.
    how: Circumstances,
    /// The stunt offered instead of the damage, in the GM's words (empty: none).
    stunt: String,
    /// The turn they were set in: round, phase, who.
    turn: Option<(u32, String, CombatantId)>,
    /// An attack went out with them: they clear once the history has grown past this.
    sent: Option<u64>,
}

impl CircumstancesView {
    fn clear(&mut self) {
        self.how = Circumstances::default();
        self.stunt.clear();
        self.sent = None;
    }

    /// Whether anything is set.
    fn any(&self) -> bool {
        self.how != Circumstances::default() || !self.stunt.trim().is_empty()
    }
}

/// A toggle: its label, what it means in a few words, and the field it sets.
type Toggle = (&'static str, &'static str, fn(&mut Circumstances) -> &mut bool);

/// The toggles, a row each for the target, the cover and the attacker.
const TOGGLES: [Toggle; 9] = [
    ("Unseen", "The attacker cannot see the target: a WIT save in melee, no ordinary shot", |c| {
        &mut c.unseen
    }),
    ("Unaware", "The target does not see the attack coming: it cannot react", |c| &mut c.unaware),
    ("Concealment", "Smoke, darkness or foliage around the target: impaired damage", |c| {
        &mut c.concealment
    }),
    ("In cover", "The target is behind cover: 1 more armour", |c| &mut c.cover),
    ("Cover pierced", "The attack goes through the cover: no extra armour", |c| &mut c.penetrating),
    ("Peeking out", "The attacker leans out from behind a barrier: it may be countered", |c| {
        &mut c.peeking
    }),
    ("Held back", "The attacker pulls its blow: impaired damage", |c| &mut c.held_back),
    ("On the move", "The attacker shoots while moving: a WIT save to hit", |c| &mut c.moving),
    ("Enhanced", "A trait or a power makes the damage enhanced", |c| &mut c.enhanced),
];

/// Height of a toggle: pressed from arm's length.
const TOGGLE_HEIGHT: f32 = 38.0;

/// Draws the panel when some prompt offers an attack, and patches those attacks.
pub(super) fn circumstances_ui(
    ui: &mut egui::Ui,
    session: &Session,
    view: &mut CircumstancesView,
    prompts: &mut [Prompt],
) {
    let state = session.state();
    let ms = &state.murdham;
    let turn = ms.turn.id.map(|id| (state.round, state.phase.clone(), id));
    if view.turn != turn {
        view.clear();
        view.turn = turn;
    }
    if view.sent.is_some_and(|s| session.history().next_stream() > s) {
        view.clear();
    }
    let attacks = prompts.iter().any(|p| p.options.iter().any(|o| attack(o).is_some()));
    if !attacks {
        return;
    }
    ui.add_space(8.0);
    egui::CollapsingHeader::new(RichText::new("Circumstances").size(19.0).strong())
        .id_salt("stepper-murdham-circumstances")
        .default_open(true)
        .show(ui, |ui| panel_ui(ui, view));
    if view.any() {
        for option in prompts.iter_mut().flat_map(|p| p.options.iter_mut()) {
            patch(state, view, option);
        }
    }
}

/// Remembers an attack sent with the circumstances, so they clear once it is recorded.
pub(super) fn after_prompts(session: &Session, view: &mut CircumstancesView, sent: &[Action]) {
    let attacked =
        sent.iter().any(|a| matches!(a, Action::Game(Command::Murdham(MurdhamCommand::Attack(_)))));
    if attacked && view.any() {
        view.sent = Some(session.history().next_stream());
    }
}

/// The toggles, three to a row, and the stunt.
fn panel_ui(ui: &mut egui::Ui, view: &mut CircumstancesView) {
    let caption = "For the next attack; cleared once it is made";
    ui.label(RichText::new(caption).small().weak());
    let spacing = ui.spacing().item_spacing.x;
    let width = ((ui.available_width() - spacing * 2.0) / 3.0).floor();
    for row in TOGGLES.chunks(3) {
        ui.horizontal(|ui| {
            for (label, help, field) in row {
                let on = *field(&mut view.how);
                let text = RichText::new(*label).size(16.5);
                let text = if on { text.strong() } else { text };
                let button = egui::Button::new(text)
                    .selected(on)
                    .wrap()
                    .min_size(egui::vec2(width, TOGGLE_HEIGHT));
                if ui.add(button).on_hover_text(*help).clicked() {
                    *field(&mut view.how) = !on;
                }
            }
        });
    }
    ui.add_space(4.0);
    ui.horizontal(|ui| {
        ui.label(RichText::new("Stunt").size(17.0));
        let field = egui::TextEdit::singleline(&mut view.stunt)
            .hint_text("an effect offered instead of the damage")
            .desired_width(ui.available_width());
        ui.add(field).accessible_name("Stunt");
    });
    if view.any() {
        let clear = egui::Button::new("Clear the circumstances").min_size(egui::vec2(0.0, 32.0));
        if ui.add(clear).clicked() {
            view.clear();
        }
    }
}

/// The attack an option makes, if it makes one.
fn attack(option: &PromptOption) -> Option<&fray_app::systems::murdham::AttackSpec> {
    match &option.command {
        Command::Murdham(MurdhamCommand::Attack(spec)) => Some(spec),
        _ => None,
    }
}

/// An attack option made with the GM's circumstances, allowed or not as the rules say then.
fn patch(state: &Encounter, view: &CircumstancesView, option: &mut PromptOption) {
    let Some(spec) = attack(option) else { return };
    let mut spec = spec.clone();
    spec.how = view.how;
    let stunt = view.stunt.trim();
    if !stunt.is_empty() {
        spec.stunt = Some(stunt.to_owned());
    }
    let (enabled, reason) = match window::attack_check(state, &spec) {
        Ok(None) => (true, None),
        Ok(Some(why)) => (true, Some(format!("WIT save to hit: {why}"))),
        Err(why) => (false, Some(why)),
    };
    option.command = Command::Murdham(MurdhamCommand::Attack(spec));
    option.enabled = enabled;
    option.reason = reason;
}
