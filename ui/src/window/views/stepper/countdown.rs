//! A countdown for a player to declare (Murdham's chaos of combat: 15 seconds when a party
//! character's turn starts), when the procedure asks for one
//! ([`fray_app::system::spotlight::Countdown`]). It turns into "Time's up" at 0; the GM then
//! acts. The clock is the window's (egui's input time, which the test harness steps), never
//! the engine's: nothing of it is recorded.

use eframe::egui::{self, RichText};
use fray_app::system::spotlight::Countdown;

/// The countdown's state.
#[derive(Default)]
pub(super) struct CountdownView {
    /// The key of the countdown being run (a new key starts it again).
    key: Option<String>,
    /// When it started, in egui's input time (seconds).
    started: f64,
}

/// Size of the seconds left: the players read it across the table.
const DIGITS: f32 = 64.0;

/// Draws the countdown the procedure asks for, if any.
pub(super) fn countdown_ui(
    ui: &mut egui::Ui,
    countdown: Option<&Countdown>,
    view: &mut CountdownView,
) {
    let Some(countdown) = countdown else {
        view.key = None;
        return;
    };
    let now = ui.input(|i| i.time);
    if view.key.as_deref() != Some(countdown.key.as_str()) {
        view.key = Some(countdown.key.clone());
        view.started = now;
    }
    let total = f64::from(countdown.seconds);
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
                let hint = RichText::new(&countdown.expired).size(17.0);
                ui.add(egui::Label::new(hint).wrap());
            }
        });
}

/// Starts the countdown again (the GM was interrupted), at the row's right end.
fn restart_ui(ui: &mut egui::Ui, view: &mut CountdownView, now: f64) {
    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
        let restart = egui::Button::new("Restart").min_size(egui::vec2(0.0, 36.0));
        if ui.add(restart).on_hover_text("Give the player the full time again").clicked() {
            view.started = now;
        }
    });
}
