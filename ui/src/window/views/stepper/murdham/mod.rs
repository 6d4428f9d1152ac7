//! The stepper for Murdham's alternating activations, where there is no turn order to show:
//! whose choice or whose turn it is, in big letters (`headline`), the 15-second declaration
//! countdown when that optional rule is on (`timer`), the circumstances the GM sets for the
//! next attack, sent with it (`circumstances`), and who is still to act in each faction
//! (`factions`).

mod circumstances;
mod factions;
mod headline;
mod timer;

use crate::window::Action;
use eframe::egui;
use fray_app::Encounter;
use fray_app::ids::SideId;
use fray_data::Session;

pub(super) use factions::factions_ui;

/// The system id whose encounters this view draws.
pub(super) const SYSTEM: &str = "murdham";

/// Widget state of the Murdham stepper.
#[derive(Default)]
pub(super) struct MurdhamView {
    /// The circumstances the GM set for the next attack.
    circumstances: circumstances::CircumstancesView,
    /// The declaration countdown.
    timer: timer::TimerView,
}

/// Whose choice or turn it is, what the turn has used, the fast threshold, the countdown.
pub(super) fn headline_ui(ui: &mut egui::Ui, session: &Session, view: &mut MurdhamView) {
    let state = session.state();
    headline::headline_ui(ui, state);
    timer::timer_ui(ui, state, &mut view.timer);
}

/// The prompts, with the circumstances panel over a turn's attacks, which it patches.
pub(super) fn prompts_ui(
    ui: &mut egui::Ui,
    session: &Session,
    view: &mut MurdhamView,
    out: &mut Vec<Action>,
) {
    let mut prompts = session.prompts();
    circumstances::circumstances_ui(ui, session, &mut view.circumstances, &mut prompts);
    let first = out.len();
    super::prompts::prompts_ui(ui, &prompts, out);
    circumstances::after_prompts(session, &mut view.circumstances, &out[first..]);
}

/// A side's name (its id when it is gone).
fn side_name(state: &Encounter, side: SideId) -> String {
    state.side(side).map_or_else(|| side.to_string(), |s| s.name.clone())
}

/// A side's colour, grey when it has none that reads.
fn side_colour(state: &Encounter, side: SideId) -> egui::Color32 {
    state
        .side(side)
        .and_then(|s| egui::Color32::from_hex(&s.colour).ok())
        .unwrap_or(egui::Color32::GRAY)
}

/// A round swatch of a side's colour, the height of a line of `size` text.
fn swatch_ui(ui: &mut egui::Ui, colour: egui::Color32, size: f32) {
    // As tall as a line of text of that size, so the swatch sits in the middle of it.
    let (rect, _) =
        ui.allocate_exact_size(egui::vec2(size * 0.7, size * 1.36), egui::Sense::hover());
    let stroke = egui::Stroke::new(1.5, ui.visuals().strong_text_color());
    ui.painter().circle(rect.center(), size * 0.32, colour, stroke);
}

/// The factions in the fight: sides with anyone on them, in the order they were made (as
/// the engine takes turns between them).
fn factions(state: &Encounter) -> Vec<SideId> {
    state
        .sides
        .keys()
        .copied()
        .filter(|s| state.combatants.values().any(|c| c.side == *s))
        .collect()
}
