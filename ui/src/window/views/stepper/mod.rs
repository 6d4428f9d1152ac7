//! The phase stepper: the round's phases, the current one lit, the round number, who acts,
//! Next, and the system's prompts as big buttons; the turn order under them. Murdham has no
//! order: its own view says whose choice or turn it is and who is still to act per faction
//! (see [`murdham`]).

mod keys;
mod murdham;
mod order;
mod prompts;

use crate::window::{Action, Model};
use eframe::egui::{self, RichText};
use fray_app::Command;
use fray_app::Encounter;
use fray_app::system::Phase;

/// Height of the Next button: the button the GM presses most, so the biggest.
const NEXT_HEIGHT: f32 = 48.0;

/// Below this window height in points the stepper's top is one line shorter.
const SHORT_WINDOW: f32 = 700.0;

/// Widget state of the stepper: what the GM set for a Murdham attack, the declaration timer.
#[derive(Default)]
pub struct StepperView {
    /// Murdham's circumstances and timer.
    murdham: murdham::MurdhamView,
    /// The shortcuts window (F1) is open.
    help: bool,
}

/// The top of the right column, never scrolled away: the phases, the round, who acts (or
/// chooses), the question asked now, and Next with the step's main buttons ("End turn").
/// Keys: Space is Next, 1–9 answer the first question's allowed options in order, F1 lists
/// every shortcut.
pub fn pinned_ui(ui: &mut egui::Ui, model: &Model, view: &mut StepperView, out: &mut Vec<Action>) {
    let Some(session) = &model.session else { return };
    let state = session.state();
    let system = session.history().system();
    let murdham = state.system == murdham::SYSTEM;
    let phases = system.phases();
    // A short window (a high UI scale) says the round and the phase in one line instead of
    // the row of pills, so the question and Next stay in view.
    let short = ui.ctx().content_rect().height() < SHORT_WINDOW;
    let round = match state.round {
        // A first pill of the same words (d12) says it already.
        0 if phases.iter().any(|p| p.label == "Before the fight") => "Not started yet".to_owned(),
        0 => "Before the fight".to_owned(),
        n => format!("Round {n}"),
    };
    if short {
        let phase = phases.iter().find(|p| p.id == state.phase).map(|p| p.label);
        let line = match phase {
            Some(p) if state.round > 0 => format!("{round} · {p}"),
            _ => round,
        };
        ui.label(RichText::new(line).heading());
    } else {
        phases_ui(ui, phases, state);
        ui.add_space(6.0);
        ui.label(RichText::new(round).heading());
    }
    if murdham {
        murdham::headline_ui(ui, session, &mut view.murdham);
    } else {
        acting_ui(ui, state);
    }
    let prompts = session.prompts();
    if let Some(first) = prompts.first() {
        // Two lines at most: the answers below say the rest.
        let mut job = egui::text::LayoutJob::single_section(
            first.title.clone(),
            egui::TextFormat::simple(
                egui::FontId::proportional(21.0),
                ui.visuals().strong_text_color(),
            ),
        );
        job.wrap = egui::text::TextWrapping {
            max_width: ui.available_width(),
            max_rows: 2,
            break_anywhere: false,
            overflow_character: Some('…'),
        };
        ui.add(egui::Label::new(job)).on_hover_text(&first.title);
    }
    ui.add_space(4.0);
    // Grow atoms on both sides centre the word in the wide button.
    let label = (egui::Atom::grow(), RichText::new("Next").size(24.0).strong(), egui::Atom::grow());
    let next = egui::Button::new(label).min_size(egui::vec2(ui.available_width(), NEXT_HEIGHT));
    if ui.add(next).on_hover_text("The next turn, phase or round (Space)").clicked() {
        out.push(Action::Game(Command::Advance));
    }
    for option in prompts.iter().flat_map(|p| &p.options).filter(|o| o.main) {
        prompts::option_ui(ui, option, out);
    }
    keys::keys_ui(ui, &prompts, &mut view.help, out);
    ui.separator();
}

/// The rest of the stepper, in the right column's scroll: the prompts' answers and the turn
/// order (Murdham: the circumstances and who is still to act per faction).
pub fn stepper_ui(ui: &mut egui::Ui, model: &Model, view: &mut StepperView, out: &mut Vec<Action>) {
    let Some(session) = &model.session else { return };
    let state = session.state();
    if state.system == murdham::SYSTEM {
        murdham::prompts_ui(ui, session, &mut view.murdham, out);
        ui.add_space(8.0);
        murdham::factions_ui(ui, state);
    } else {
        prompts::prompts_ui(ui, &session.prompts(), out);
        ui.add_space(8.0);
        order::order_ui(ui, model, state, out);
    }
}

/// The phases of a round as a row of pills, the current one lit. Before the first round
/// (no phase yet) the first phase is lit: that is where the GM is.
fn phases_ui(ui: &mut egui::Ui, phases: &[Phase], state: &Encounter) {
    let current = if state.phase.is_empty() {
        phases.first().map(|p| p.id)
    } else {
        phases.iter().find(|p| p.id == state.phase).map(|p| p.id)
    };
    ui.horizontal_wrapped(|ui| {
        for phase in phases {
            pill_ui(ui, phase.label, current == Some(phase.id));
        }
        // A phase the system does not list (an old journal): still say where we are.
        if current.is_none() && !state.phase.is_empty() {
            pill_ui(ui, &state.phase, true);
        }
    });
}

/// One phase pill. Not a button: phases change with Next, never by jumping. Laid out before
/// it is placed, so a row of many phases (Murdham has six) wraps instead of widening the
/// panel.
fn pill_ui(ui: &mut egui::Ui, text: &str, lit: bool) {
    let visuals = ui.visuals().clone();
    let (fill, colour) = if lit {
        (visuals.selection.bg_fill, visuals.selection.stroke.color)
    } else {
        (visuals.faint_bg_color, visuals.weak_text_color())
    };
    let mut rich = RichText::new(text).color(colour);
    if lit {
        rich = rich.strong();
    }
    let galley = egui::WidgetText::from(rich).into_galley(
        ui,
        Some(egui::TextWrapMode::Extend),
        f32::INFINITY,
        egui::TextStyle::Body,
    );
    let margin = egui::vec2(12.0, 4.0);
    let (rect, response) =
        ui.allocate_exact_size(galley.size() + 2.0 * margin, egui::Sense::hover());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, text));
    let painter = ui.painter();
    painter.rect(
        rect,
        12.0,
        fill,
        egui::Stroke::new(1.0, visuals.widgets.noninteractive.bg_stroke.color),
        egui::StrokeKind::Inside,
    );
    painter.galley(rect.min + margin, galley, colour);
}

/// Whose turn it is, in big letters. A system counting initiative up (d12) leads with the
/// count, and says when several act at it together: "Count 9: Harald · Hobgoblin 1 act
/// together", one label so it reads (and is read out) as one sentence.
fn acting_ui(ui: &mut egui::Ui, state: &Encounter) {
    let acting = state.acting();
    ui.label(RichText::new("Acting now").small().weak());
    if acting.is_empty() {
        ui.label(RichText::new("Nobody").size(28.0).weak());
        return;
    }
    let names: Vec<String> = acting.iter().map(|id| state.name_of(*id)).collect();
    let count = state.turn.and_then(|t| state.order.get(t)).and_then(|e| e.count);
    let Some(count) = count else {
        ui.add(egui::Label::new(RichText::new(names.join(" & ")).size(30.0).strong()).wrap());
        return;
    };
    let visuals = ui.visuals();
    let style = ui.style();
    let mut job = egui::text::LayoutJob::default();
    let lit = visuals.selection.stroke.color;
    let strong = visuals.strong_text_color();
    RichText::new(format!("Count {count}: ")).size(30.0).strong().color(lit).append_to(
        &mut job,
        style,
        egui::FontSelection::Default,
        egui::Align::Center,
    );
    RichText::new(names.join(" · ")).size(30.0).strong().color(strong).append_to(
        &mut job,
        style,
        egui::FontSelection::Default,
        egui::Align::Center,
    );
    if names.len() > 1 {
        RichText::new(" act together").size(20.0).color(visuals.text_color()).append_to(
            &mut job,
            style,
            egui::FontSelection::Default,
            egui::Align::Center,
        );
    }
    ui.add(egui::Label::new(job).wrap());
}
