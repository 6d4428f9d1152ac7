//! The chaos of combat: with the optional rule on, a player whose character is activated has
//! 15 seconds to say what it does. A big countdown starts when a party character's turn
//! starts and turns into "Time's up" at 0; the GM then ends the turn. The clock is the
//! window's (egui's input time, which the test harness steps), never the engine's: nothing
//! of it is recorded.

use eframe::egui::{self, RichText};
use fray_app::Encounter;
use fray_app::ids::CombatantId;
use fray_app::systems::murdham::{self as m};

/// Which turn a countdown belongs to: the round, the phase, who, and whether it is an
/// ambush turn (an ambusher has two turns in the first round).
type TurnKey = (u32, String, CombatantId, bool);

/// The countdown's state.
#[derive(Default)]
pub(super) struct TimerView {
    /// The turn being timed.
    turn: Option<TurnKey>,
    /// When it started, in egui's input time (seconds).
    started: f64,
}

/// Size of the seconds left: the players read it across the table.
const DIGITS: f32 = 64.0;

/// Draws the countdown while a party character's turn runs with the rule on.
pub(super) fn timer_ui(ui: &mut egui::Ui, state: &Encounter, view: &mut TimerView) {
    let Some(key) = timed_turn(state) else {
        view.turn = None;
        return;
    };
    let now = ui.input(|i| i.time);
    if view.turn.as_ref() != Some(&key) {
        view.turn = Some(key);
        view.started = now;
    }
    let total = m::DECLARE_SECS as f64;
    let left = (total - (now - view.started)).max(0.0);
    ui.add_space(4.0);
    let visuals = ui.visuals().clone();
    egui::Frame::new()
        .fill(visuals.faint_bg_color)
        .stroke(egui::Stroke::new(1.0, visuals.widgets.noninteractive.bg_stroke.color))
        .corner_radius(8.0)
        .inner_margin(egui::Margin::symmetric(12, 8))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            if left > 0.0 {
                let seconds = left.ceil() as u64;
                ui.horizontal(|ui| {
                    let digits = RichText::new(seconds.to_string()).size(DIGITS).strong();
                    let digits =
                        if seconds <= 5 { digits.color(visuals.warn_fg_color) } else { digits };
                    ui.label(digits);
                    ui.label(RichText::new("seconds to declare").size(20.0));
                    restart_ui(ui, view, now);
                });
                let bar = egui::ProgressBar::new((left / total) as f32).desired_height(10.0);
                ui.add(bar);
                // Tick again when the next second is due (and smoothly for the bar).
                ui.ctx().request_repaint_after(std::time::Duration::from_millis(100));
            } else {
                ui.horizontal(|ui| {
                    let text = RichText::new("Time's up").size(DIGITS * 0.7).strong();
                    ui.label(text.color(visuals.error_fg_color));
                    restart_ui(ui, view, now);
                });
                let hint = "The character hesitates: end its turn";
                ui.add(egui::Label::new(RichText::new(hint).size(17.0)).wrap());
            }
        });
}

/// Starts the 15 seconds again (the GM was interrupted), at the row's right end.
fn restart_ui(ui: &mut egui::Ui, view: &mut TimerView, now: f64) {
    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
        let restart = egui::Button::new("Restart").min_size(egui::vec2(0.0, 36.0));
        if ui.add(restart).on_hover_text("Give the player 15 seconds again").clicked() {
            view.started = now;
        }
    });
}

/// The turn to time, if any: a party character's, with the rule on.
fn timed_turn(state: &Encounter) -> Option<TurnKey> {
    if !state.flag(m::CHAOS_TIMER, false) {
        return None;
    }
    let t = &state.murdham.turn;
    let id = t.id?;
    let c = state.combatant(id)?;
    state.side(c.side).filter(|s| s.party)?;
    Some((state.round, state.phase.clone(), id, t.ambush))
}
