//! The phase stepper: the round's phases, the current one lit, the round number, who acts
//! or chooses ([`spotlight`], as the procedure answers it), Next, and the system's prompts as
//! big buttons; under them the turn order, or who is still to act per faction for a
//! procedure without an order ([`factions`]).
//! Circumstances the GM sets by hand for the next command (Murdham's attack) sit over the
//! prompts ([`modifiers`]), when the procedure lists any.

mod countdown;
mod factions;
mod keys;
mod modifiers;
mod order;
mod prompts;
mod spotlight;

use crate::window::{Action, Model};
use eframe::egui::{self, RichText};
use fray_app::Command;
use fray_app::Encounter;
use fray_app::system::Phase;

/// Height of the Next button: the button the GM presses most, so the biggest.
const NEXT_HEIGHT: f32 = 48.0;

/// Below this window height in points the stepper's top is one line shorter.
const SHORT_WINDOW: f32 = 700.0;

/// Widget state of the stepper: the circumstances the GM set for the next attack, the
/// declaration countdown.
#[derive(Default)]
pub struct StepperView {
    /// The circumstances of the next attack.
    modifiers: modifiers::ModifiersView,
    /// The declaration countdown.
    countdown: countdown::CountdownView,
    /// The shortcuts window (F1) is open.
    help: bool,
    /// The question last shown (its id and title): a new one scrolls its answers into view.
    asked: Option<(String, String)>,
    /// Why Next would be refused now, read once per state (encounter, commands, events).
    next_refusal: Option<(RefusalKey, Option<String>)>,
}

/// The state a refusal of Next was read in: the encounter, its commands and its events.
type RefusalKey = (fray_data::EncounterId, usize, usize);

/// Why Next would be refused in the session's state now, read again only when it changed.
fn next_refusal<'a>(session: &fray_data::Session, view: &'a mut StepperView) -> Option<&'a str> {
    let history = session.history();
    let key = (session.encounter_id(), history.cursor(), history.all_events().len());
    if view.next_refusal.as_ref().is_none_or(|(k, _)| *k != key) {
        let why = history.refusal(Command::Advance).map(|e| e.to_string());
        view.next_refusal = Some((key, why));
    }
    view.next_refusal.as_ref().and_then(|(_, why)| why.as_deref())
}

/// Most of a new question's answers brought into view at once: its first few buttons (a
/// long list still starts at its top).
const SHOWN_ON_ASKING: f32 = 280.0;

/// The top of the right column, never scrolled away: the phases, the round, who acts (or
/// chooses), the question asked now, and Next with the step's main buttons ("End turn").
/// Keys: Space is Next, 1–9 answer the first question's allowed options in order, F1 lists
/// every shortcut.
pub fn pinned_ui(ui: &mut egui::Ui, model: &Model, view: &mut StepperView, out: &mut Vec<Action>) {
    let Some(session) = &model.session else { return };
    let state = session.state();
    let system = session.history().system();
    let phases = system.phases();
    // A short window (a high UI scale) says the round and the phase in one line instead of
    // the row of pills, so the question and Next stay in view.
    let short = is_short(ui);
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
    let prompts = session.prompts();
    let mut spot = system.spotlight(state);
    if spot.who.is_empty()
        && let Some(c) = prompts.first().and_then(|p| p.actor).and_then(|id| state.combatant(id))
    {
        // Nobody acts, but someone is asked (declarations, a reaction): they are who the
        // table looks at, not "Nobody".
        spot.caption = "Asked now".into();
        spot.who = c.name.clone();
        spot.side = Some(c.side);
    }
    if short {
        // Who acts stays pinned; what their turn has left goes over the answers, below.
        spotlight::headline_ui(ui, state, &spot);
    } else {
        spotlight::spotlight_ui(ui, state, &spot);
    }
    countdown::countdown_ui(ui, spot.countdown.as_ref(), &mut view.countdown);
    let verdict = fray_app::system::verdict::verdict(system, state);
    if let Some(v) = verdict {
        // Decided: said large, and ending the fight is the big button where Next was.
        let lit = ui.visuals().selection.stroke.color;
        ui.label(RichText::new(v.words()).size(26.0).strong().color(lit));
    }
    if let Some(first) = prompts.first() {
        question_ui(ui, &first.title, short);
    }
    ui.add_space(4.0);
    if verdict.is_some() {
        end_or_next_ui(ui, out);
    } else {
        // Next says beforehand why it cannot go on yet, beside the button, not after a click
        // in the status line under the board.
        let refusal = next_refusal(session, view).map(str::to_owned);
        // Grow atoms on both sides centre the word in the wide button.
        let label =
            (egui::Atom::grow(), RichText::new("Next").size(24.0).strong(), egui::Atom::grow());
        let next = egui::Button::new(label).min_size(egui::vec2(ui.available_width(), NEXT_HEIGHT));
        let response = ui.add_enabled(refusal.is_none(), next);
        if response.on_hover_text("The next turn, phase or round (Space)").clicked() {
            out.push(Action::Game(Command::Advance));
        }
        if let Some(why) = refusal {
            // Small on a short window, where the answers need the room; the question above
            // usually says the same.
            let size = if short { 14.0 } else { 17.0 };
            let text = RichText::new(format!("Next waits: {why}"))
                .size(size)
                .color(ui.visuals().warn_fg_color);
            ui.add(egui::Label::new(text).wrap());
        }
    }
    for option in prompts.iter().flat_map(|p| &p.options).filter(|o| o.main) {
        prompts::option_ui(ui, option, out);
    }
    keys::keys_ui(ui, &prompts, &mut view.help, out);
    ui.separator();
}

/// The question asked now, large, whole on hover.
fn question_ui(ui: &mut egui::Ui, title: &str, short: bool) {
    // Two lines at most (three in smaller type on a short window, where the column is
    // narrow: the question whole): the answers below say the rest.
    let (size, rows) = if short { (18.0, 3) } else { (21.0, 2) };
    let mut job = egui::text::LayoutJob::single_section(
        title.to_owned(),
        egui::TextFormat::simple(
            egui::FontId::proportional(size),
            ui.visuals().strong_text_color(),
        ),
    );
    job.wrap = egui::text::TextWrapping {
        max_width: ui.available_width(),
        max_rows: rows,
        break_anywhere: false,
        overflow_character: Some('…'),
    };
    ui.add(egui::Label::new(job)).on_hover_text(title);
}

/// The rest of the stepper, in the right column's scroll: the prompts' answers and the turn
/// order (Murdham: the circumstances and who is still to act per faction).
pub fn stepper_ui(ui: &mut egui::Ui, model: &Model, view: &mut StepperView, out: &mut Vec<Action>) {
    let Some(session) = &model.session else { return };
    let state = session.state();
    if is_short(ui) {
        spotlight::details_ui(ui, &session.history().system().spotlight(state));
    }
    let mut prompts = session.prompts();
    modifiers::modifiers_ui(ui, session, &mut view.modifiers, &mut prompts);
    let first = out.len();
    let asked = prompts.first().map(|p| (p.id.clone(), p.title.clone()));
    let top = ui.cursor().min.y;
    let first_bottom = prompts::prompts_ui(ui, &prompts, out);
    if asked != view.asked {
        // A new question: its answers come into view however far the column was scrolled
        // (after an undo or redo, the answers could sit above or below the fold).
        view.asked = asked;
        if let Some(bottom) = first_bottom {
            // Never more than the column shows (200 %: less than SHOWN_ON_ASKING), and from
            // its top when the column was scrolled past it: the question opens at its top,
            // its first answers in view, never at its bottom.
            let clip = ui.clip_rect();
            let shown = SHOWN_ON_ASKING.min(clip.height() - 8.0).max(0.0);
            let x = ui.max_rect().x_range();
            let y = egui::Rangef::new(top, bottom.min(top + shown));
            let align = (top < clip.min.y).then_some(egui::Align::Min);
            ui.scroll_to_rect(egui::Rect::from_x_y_ranges(x, y), align);
        }
    }
    modifiers::after_prompts(session, &mut view.modifiers, &out[first..]);
    ui.add_space(8.0);
    match session.history().system().factions(state) {
        Some(factions) => factions::factions_ui(ui, state, &factions),
        None => order::order_ui(ui, model, state, out),
    }
}

/// A decided fight: "End the fight…" big, where Next stands otherwise, and Next beside it,
/// smaller, for a GM who plays on (a foe who comes back, a chase). Together as tall as Next
/// alone, so nothing below moves.
fn end_or_next_ui(ui: &mut egui::Ui, out: &mut Vec<Action>) {
    ui.horizontal(|ui| {
        let width = ui.available_width();
        let spacing = ui.spacing().item_spacing.x;
        let next_width = (width * 0.3).max(70.0);
        let end_label = (
            egui::Atom::grow(),
            RichText::new("End the fight…").size(22.0).strong(),
            egui::Atom::grow(),
        );
        let end = egui::Button::new(end_label)
            .min_size(egui::vec2(width - next_width - spacing, NEXT_HEIGHT));
        let hover = "Review what lasts for each character, then write it back";
        if ui.add(end).on_hover_text(hover).clicked() {
            out.push(Action::ReviewFight);
        }
        let next = egui::Button::new(RichText::new("Next").size(18.0))
            .min_size(egui::vec2(next_width, NEXT_HEIGHT));
        if ui.add(next).on_hover_text("Play on: the next turn, phase or round (Space)").clicked() {
            out.push(Action::Game(Command::Advance));
        }
    });
}

/// Whether the window is short (a high UI scale): the stepper's pinned top keeps only what
/// must stay in view, so the answers below still have room.
pub fn is_short(ui: &egui::Ui) -> bool {
    ui.ctx().content_rect().height() < SHORT_WINDOW
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
