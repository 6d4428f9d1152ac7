//! The phase stepper: the round's phases, the current one lit, the round number, who acts
//! or chooses ([`spotlight`], as the procedure answers it), Next, and the system's prompts as
//! big buttons; under them the turn order, or who is still to act per faction for a
//! procedure without an order ([`factions`]).
//! Circumstances the GM sets by hand for the next command (Murdham's attack) sit over the
//! prompts ([`modifiers`]), when the procedure lists any.

mod arrange;
mod countdown;
mod factions;
mod keys;
mod modifiers;
mod order;
mod prompts;
mod spotlight;

use crate::window::views::fitted;
use crate::window::{Action, Model};
use eframe::egui::{self, RichText};
use fray_app::Command;
use fray_app::Encounter;
use fray_app::system::{Phase, Prompt};

/// Height of the Next button: the button the GM presses most, so the biggest.
const NEXT_HEIGHT: f32 = 48.0;

/// Below this window height in points the stepper's top is one line shorter.
const SHORT_WINDOW: f32 = 700.0;

/// Below this window height in points the round's line joins the headline's caption.
const TINY_WINDOW: f32 = 450.0;

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
    /// On a short window, the room the turn's chips over the answers have taken while this
    /// question is asked (its id and title): kept when they go, so the answers stay.
    chips_room: Option<(Option<(String, String)>, f32)>,
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

/// Most of a new question's answers brought into view at once when it must scroll to them:
/// its first few buttons (a long list still starts at its top).
const SHOWN_ON_ASKING: f32 = 280.0;

/// How much of a new question's answers, from their top, already in view keeps the column
/// where it is: three rows of answers. Each scroll moves everything in the column under the
/// pointer (Murdham, seed 4: the reaction to an attack scrolled 69 points to show its fifth
/// answer, and *No reaction* came where the circumstances' *Stunt* field had been), so a
/// question whose first answers show where the last one's stood is answered there.
const IN_VIEW_ENOUGH: f32 = 120.0;

/// How tall the headline's box is at most, in lines of body text: who acts, what the turn has
/// left, a note or two, the countdown; the rest scrolls inside it.
const HEADLINE_LINES: f32 = 4.5;

/// The same on a short window (a high UI scale), where only who acts is pinned.
const SHORT_HEADLINE_LINES: f32 = 2.4;

/// The most of the column's height the headline's box takes (a laptop's screen at 100 %),
/// unless it needs more to hold its least (see [`spotlight::box_least`]).
const HEADLINE_SHARE: f32 = 0.2;

/// The question's type and its lines: two, whatever the question says; the answers below say
/// the rest.
const QUESTION: (f32, usize) = (21.0, 2);

/// The question's type on a short window, where it heads its answers in the column's scroll,
/// on as many lines as it needs: pinned, two lines left the answers no room (a window of 384
/// points at 200 % on 1366×768) and cut long questions short.
const SHORT_QUESTION: f32 = 17.0;

/// The least size a question shrinks to, to stand whole in its lines.
const QUESTION_LEAST: f32 = 13.0;

/// The top of the right column, never scrolled away: the phases, the round, who acts (or
/// chooses), the question asked now, and Next with the step's main buttons ("End turn").
/// Keys: Space is Next, 1–9 answer the first question's allowed options in order, F1 lists
/// every shortcut.
///
/// Every part has a room of its own, as tall whatever it says, so nothing the GM clicks here
/// or below moves when the fight changes: the headline's box scrolls inside when it says
/// more, the question keeps its lines, and beside Next one room holds the step's main button
/// or why Next waits. Once the fight is decided, the verdict is said large in the headline's
/// box and "End the fight…", in its own place in the row under this top, is lit: nothing
/// takes the place of the step's own button.
pub fn pinned_ui(
    ui: &mut egui::Ui,
    model: &Model,
    view: &mut StepperView,
    reopen: &mut bool,
    out: &mut Vec<Action>,
) {
    let Some(session) = &model.session else { return };
    let state = session.state();
    let system = session.history().system();
    let short = is_short(ui);
    round_ui(ui, system.phases(), state, short);
    let ended = model.fight_ended();
    let prompts = if ended { Vec::new() } else { session.prompts() };
    let verdict = fray_app::system::verdict::verdict(system, state);
    headline_box_ui(ui, short, |ui| {
        if ended {
            let said = "The fight is over: what lasts is written back.";
            let button = egui::Button::new(RichText::new("Reopen the fight…").size(17.0))
                .min_size(egui::vec2(0.0, 34.0));
            if ui.add(button).on_hover_text("Let this fight take commands again").clicked() {
                // Asked first (the between-fights views).
                *reopen = true;
            }
            let colour = ui.visuals().strong_text_color();
            ui.add(egui::Label::new(fitted::fitted(ui.ctx(), said, colour, box_left(ui, 20.0))));
            return;
        }
        match verdict {
            // Decided, on a short window: the box has no room for both, and who acts matters
            // no more than that it is decided ("End the fight…" is lit in its row under the top).
            Some(v) if short => verdict_ui(ui, v.words()),
            _ => {
                headline_ui(ui, session, &prompts, short);
                countdown::countdown_ui(
                    ui,
                    system.spotlight(state).countdown.as_ref(),
                    &mut view.countdown,
                );
                if let Some(v) = verdict {
                    verdict_ui(ui, v.words());
                }
            }
        }
    });
    if !short {
        question_ui(ui, prompts.first().map(|p| p.title.as_str()));
    }
    ui.add_space(4.0);
    let refusal = if ended {
        Some("the fight is over".to_owned())
    } else if verdict.is_some() {
        None
    } else {
        next_refusal(session, view).map(str::to_owned)
    };
    let rooms =
        Rooms { enabled: refusal.is_none(), refusal: refusal.as_deref().filter(|_| !ended) };
    next_row_ui(ui, &prompts, &rooms, short, out);
    // Keys 1–9 send what the buttons would: the answers as the circumstances change them.
    let mut keyed = prompts;
    modifiers::with_set(session, &mut view.modifiers, &mut keyed);
    let terms = view.modifiers.terms();
    let first = out.len();
    keys::keys_ui(ui, &keyed, &terms, &mut view.help, out);
    modifiers::after_prompts(session, &mut view.modifiers, &out[first..]);
    ui.separator();
}

/// What the rooms around Next hold: whether Next may be pressed and why it waits.
struct Rooms<'a> {
    /// Next may be pressed.
    enabled: bool,
    /// Why Next waits.
    refusal: Option<&'a str>,
}

/// One row: Next, then beside it one room as wide, as tall whatever it holds: the step's main
/// button ("End turn"), else why Next waits (said beforehand, beside the button, not after a
/// click in the status line). The
/// answers below keep the height two more rows would take.
fn next_row_ui(
    ui: &mut egui::Ui,
    prompts: &[Prompt],
    rooms: &Rooms,
    short: bool,
    out: &mut Vec<Action>,
) {
    let gap = ui.spacing().item_spacing.x;
    let half = ((ui.available_width() - gap) / 2.0).max(0.0);
    let top = ui.cursor().min;
    let side = egui::Rect::from_min_size(
        egui::pos2(top.x + half + gap, top.y),
        egui::vec2(half, NEXT_HEIGHT),
    );
    ui.horizontal(|ui| next_ui(ui, half, rooms.enabled, out));
    let main = prompts.iter().flat_map(|p| &p.options).find(|o| o.main);
    let mut room = ui.new_child(egui::UiBuilder::new().max_rect(side));
    // A main button the rules refuse now ("Start round 1" with nobody on the board) gives its
    // room to why Next waits, which says the same: the button comes when it can be pressed,
    // where only words stood.
    let main = main.filter(|o| o.enabled || rooms.refusal.is_none());
    if let Some(option) = main {
        prompts::main_ui(&mut room, option, side, out);
    } else if let Some(why) = rooms.refusal {
        waits_ui(&mut room, side, why, if short { 13.0 } else { 15.0 });
    }
}

/// The phases and the round: a short window (a high UI scale) says them in one line instead
/// of the row of pills, so the question and Next stay in view.
fn round_ui(ui: &mut egui::Ui, phases: &[Phase], state: &Encounter, short: bool) {
    if is_tiny(ui) {
        // Said in the headline's caption instead (see `headline_ui`).
        return;
    }
    if short {
        let line = round_line(phases, state);
        // Whole, smaller when it must be ("Round 1 · Declare intentions" in a narrow column).
        let size = egui::TextStyle::Heading.resolve(ui.style()).size;
        let room = fitted::Room::rows(ui.ctx(), ui.available_width(), 1, size, 15.0);
        let colour = ui.visuals().text_color();
        ui.add(egui::Label::new(fitted::fitted(ui.ctx(), &line, colour, room)));
    } else {
        phases_ui(ui, phases, state);
        ui.add_space(6.0);
        ui.label(RichText::new(round_words(phases, state)).heading());
    }
}

/// The round in words ("Round 2", "Before the fight").
fn round_words(phases: &[Phase], state: &Encounter) -> String {
    match state.round {
        // A first pill of the same words (d12) says it already.
        0 if phases.iter().any(|p| p.label == "Before the fight") => "Not started yet".to_owned(),
        0 => "Before the fight".to_owned(),
        n => format!("Round {n}"),
    }
}

/// The round and its phase in one line: "Round 1 · Declare".
fn round_line(phases: &[Phase], state: &Encounter) -> String {
    let round = round_words(phases, state);
    match phases.iter().find(|p| p.id == state.phase).map(|p| p.label) {
        Some(p) if state.round > 0 => format!("{round} · {p}"),
        _ => round,
    }
}

/// A box as tall as [`HEADLINE_LINES`] (fewer on a short window) whatever `content` says in
/// it, never more than [`HEADLINE_SHARE`] of the column but what it must hold on a tall
/// window (see [`spotlight::box_least`]): its words are fitted to what it has left under
/// them, and what still does not fit stands whole under its fold, scrolling inside.
fn headline_box_ui(ui: &mut egui::Ui, short: bool, content: impl FnOnce(&mut egui::Ui)) {
    let lines = if short { SHORT_HEADLINE_LINES } else { HEADLINE_LINES };
    let line = ui.text_style_height(&egui::TextStyle::Body).max(1.0) * 1.45;
    let least = if short { 3.0 * line } else { spotlight::box_least(ui) };
    // The column's height is the window's (less the panels'), the same all evening: so is
    // the box's, and nothing under it moves as what it says changes.
    let height = (lines * line).min((ui.available_height() * HEADLINE_SHARE).max(least));
    egui::ScrollArea::vertical()
        .id_salt("stepper-headline")
        .auto_shrink([false, false])
        .max_height(height)
        .min_scrolled_height(height)
        .show(ui, content);
}

/// The verdict, large, whole in what the headline's box has left (see [`box_left`]): under
/// the name and the turn's chips on a tall window, alone on a short one.
fn verdict_ui(ui: &mut egui::Ui, words: &str) {
    let lit = ui.visuals().selection.stroke.color;
    let galley = fitted::fitted(ui.ctx(), words, lit, box_left(ui, 26.0));
    spotlight::past_fold_ui(ui, galley.size().y);
    ui.add(egui::Label::new(galley));
}

/// What the headline's box has left under what it shows already, for words of `size`: they
/// stand there whole, smaller when they must be (see [`fitted`]).
pub(super) fn box_left(ui: &egui::Ui, size: f32) -> fitted::Room {
    let height = ui.clip_rect().bottom() - ui.cursor().min.y;
    fitted::Room { width: ui.available_width(), height, size, least: HEADLINE_LEAST }
}

/// The least size of the headline's words, before they take more room than its box has.
const HEADLINE_LEAST: f32 = 14.0;

/// Who acts or chooses, as the procedure answers it; when nobody acts but someone is asked
/// (declarations, a reaction), who is asked.
fn headline_ui(ui: &mut egui::Ui, session: &fray_data::Session, prompts: &[Prompt], short: bool) {
    let state = session.state();
    let mut spot = session.history().system().spotlight(state);
    if spot.who.is_empty()
        && let Some(c) = prompts.first().and_then(|p| p.actor).and_then(|id| state.combatant(id))
    {
        // They are who the table looks at, not "Nobody".
        spot.caption = "Asked now".into();
        spot.who = c.name.clone();
        spot.side = Some(c.side);
    }
    if is_tiny(ui) {
        // No line of its own for the round on a tiny window: the caption says it.
        let phases = session.history().system().phases();
        spot.caption = format!("{} · {}", round_line(phases, state), spot.caption);
    }
    if short {
        // Who acts stays pinned; what their turn has left goes over the answers, below.
        spotlight::headline_ui(ui, state, &spot, true);
    } else {
        spotlight::spotlight_ui(ui, state, &spot);
    }
}

/// The question asked now, large, in a room of its lines whether it takes all of them, one or
/// none: whole there, smaller when it must be (see [`fitted`]); past the least size (a
/// question of no procedure today) cut short, the whole on hover.
fn question_ui(ui: &mut egui::Ui, title: Option<&str>) {
    let (size, rows) = QUESTION;
    let width = ui.available_width();
    let room = fitted::Room::rows(ui.ctx(), width, rows, size, QUESTION_LEAST);
    let (rect, _) = ui.allocate_exact_size(egui::vec2(width, room.height), egui::Sense::hover());
    let Some(title) = title else { return };
    let colour = ui.visuals().strong_text_color();
    let mut galley = fitted::fitted(ui.ctx(), title, colour, room);
    if galley.size().y > room.height + 0.5 {
        let mut job = egui::text::LayoutJob::single_section(
            title.to_owned(),
            egui::TextFormat::simple(egui::FontId::proportional(QUESTION_LEAST), colour),
        );
        job.wrap = egui::text::TextWrapping {
            max_width: width,
            max_rows: rows,
            break_anywhere: false,
            overflow_character: Some('…'),
        };
        galley = ui.fonts_mut(|f| f.layout_job(job));
    }
    // In a child of its own: a scope would bring the cursor back up to under the words, and
    // a question of one line would lift Next and everything under it.
    let mut room = ui.new_child(egui::UiBuilder::new().max_rect(rect));
    room.add(egui::Label::new(galley)).on_hover_text(title);
}

/// Next, as wide as the column: the button the GM presses most, so the biggest.
fn next_ui(ui: &mut egui::Ui, width: f32, enabled: bool, out: &mut Vec<Action>) {
    // Grow atoms on both sides centre the word in the wide button.
    let label = (egui::Atom::grow(), RichText::new("Next").size(24.0).strong(), egui::Atom::grow());
    let next = egui::Button::new(label).min_size(egui::vec2(width, NEXT_HEIGHT));
    let response = ui.add_enabled(enabled, next);
    if response.on_hover_text("The next turn, phase or round (Space)").clicked() {
        out.push(Action::Game(Command::Advance));
    }
}

/// Why Next waits, whole in `rect` (smaller when it must be, see [`fitted`]; the whole on
/// hover too); the question above usually says the same.
fn waits_ui(ui: &mut egui::Ui, rect: egui::Rect, why: &str, size: f32) {
    let words = format!("Next waits: {why}");
    let room = fitted::Room { width: rect.width(), height: rect.height(), size, least: 11.0 };
    let galley = fitted::fitted(ui.ctx(), &words, ui.visuals().warn_fg_color, room);
    let label = ui.scope_builder(egui::UiBuilder::new().max_rect(rect), |ui| {
        ui.add(egui::Label::new(galley))
    });
    label.inner.on_hover_text(why);
}

/// The answers to the questions asked, first in the column's scroll under the pinned top, in
/// a room as tall as what the scroll shows, whatever the question: the answers own the
/// column's view, and the order, the dice tray and the card come under it, a scroll away.
/// A room that grew with its longest answers pushed the order down under the pointer a few
/// times a fight; one of the whole view never grows (below it nothing is seen to move) and
/// never shrinks, so nothing under it moves when a question with fewer answers comes. Over
/// the answers, on a short window, what the turn has left; Murdham's circumstances.
pub fn answers_ui(ui: &mut egui::Ui, model: &Model, view: &mut StepperView, out: &mut Vec<Action>) {
    let top = ui.cursor().min.y;
    let mut answers_top = top;
    // An ended fight asks nothing: the room stays, empty.
    if let Some(session) = model.session.as_ref().filter(|_| !model.fight_ended()) {
        // What the scroll shows of the column's width (its clip is a little narrower than
        // the room it lays out in).
        let width = ui.available_width().min(ui.clip_rect().right() - ui.cursor().min.x);
        answers_top = questions_ui(ui, session, view, width, out);
    }
    let used = ui.cursor().min.y - top;
    // What the scroll shows (the window's height less the pinned top and the panels, the same
    // all evening), from the answers' top: a question scrolls the column down to its answers
    // at most (past what the turn has left and the circumstances), and the room still
    // reaches the bottom of the view.
    let room = answers_top - top + ui.clip_rect().height();
    if used < room {
        ui.add_space(room - used);
    }
}

/// What the turn has left (on a short window: its chips above, its notes under the answers),
/// the circumstances, and every question's answers; a new question scrolls its answers into
/// view. Returns where the answers begin
/// (screen y).
fn questions_ui(
    ui: &mut egui::Ui,
    session: &fray_data::Session,
    view: &mut StepperView,
    width: f32,
    out: &mut Vec<Action>,
) -> f32 {
    let state = session.state();
    // On a short window the turn's chips head the answers, and its notes follow them: a note
    // comes and goes while a question is asked ("Corvin dies at the end of round 7 unless
    // stabilized" as his HP falls to 0), and above the answers it would push them down.
    let spot = is_short(ui).then(|| session.history().system().spotlight(state));
    let mut prompts = session.prompts();
    let asked = prompts.first().map(|p| (p.id.clone(), p.title.clone()));
    if let Some(spot) = &spot {
        chips_ui(ui, spot, &asked, &mut view.chips_room, width);
    }
    in_width(ui, width, |ui| {
        modifiers::modifiers_ui(ui, session, &mut view.modifiers, &mut prompts)
    });
    let first = out.len();
    let top = ui.cursor().min.y;
    let terms = view.modifiers.terms();
    let first_bottom = in_width(ui, width, |ui| {
        if let Some(prompt) = prompts.first().filter(|_| is_short(ui)) {
            // Heading its answers, whole, and brought into view with them.
            ui.add_space(6.0);
            let title = RichText::new(&prompt.title).size(SHORT_QUESTION).strong();
            ui.add(egui::Label::new(title).wrap());
        }
        prompts::prompts_ui(ui, &prompts, &terms, out)
    });
    if asked != view.asked {
        // A new question: its answers come into view however far the box was scrolled
        // (after an undo or redo, the answers could sit above or below the fold), unless its
        // first answers already show (IN_VIEW_ENOUGH): then nothing scrolls.
        view.asked = asked;
        // Never more than the column shows (200 %: less than SHOWN_ON_ASKING), and from its
        // top when the column was scrolled past it: the question opens at its top, its first
        // answers in view, never at its bottom. A question with no answers in the column
        // ("Ready to fight?", its button beside Next) has nothing to bring into view: the
        // column scrolls back up to it if it was past it, and otherwise stays where it is,
        // the room kept for the circumstances and what it says in view.
        let clip = ui.clip_rect();
        let align = (top < clip.min.y).then_some(egui::Align::Min);
        let enough = IN_VIEW_ENOUGH.min(clip.height() - 8.0).max(0.0);
        let in_view = first_bottom.is_some_and(|b| b.min(top + enough) <= clip.max.y);
        if (first_bottom.is_some() && !in_view) || align.is_some() {
            let shown = SHOWN_ON_ASKING.min(clip.height() - 8.0).max(0.0);
            let bottom = first_bottom.map_or(top, |bottom| bottom.min(top + shown));
            let x = ui.max_rect().x_range();
            let y = egui::Rangef::new(top, bottom);
            ui.scroll_to_rect(egui::Rect::from_x_y_ranges(x, y), align);
        }
    }
    if let Some(spot) = &spot {
        in_width(ui, width, |ui| spotlight::notes_ui(ui, spot));
    }
    modifiers::after_prompts(session, &mut view.modifiers, &out[first..]);
    top
}

/// The turn's chips over the answers on a short window, in a room that never shrinks while
/// the question is the same: a question outlives the turn it was asked in (Sovereign, seed 6,
/// 200 %: Brina's reaction to a hit stayed asked as the order changed, the acting bandit's
/// chips went, and *Snap Attack* rose to where *Total Defense* had stood).
fn chips_ui(
    ui: &mut egui::Ui,
    spot: &fray_app::system::spotlight::Spotlight,
    asked: &Option<(String, String)>,
    room: &mut Option<(Option<(String, String)>, f32)>,
    width: f32,
) {
    let top = ui.cursor().min.y;
    in_width(ui, width, |ui| spotlight::chips_ui(ui, spot));
    let used = ui.cursor().min.y - top;
    let kept = room.as_ref().filter(|(q, _)| q == asked).map_or(0.0, |(_, h)| *h);
    if used < kept {
        ui.add_space(kept - used);
    }
    *room = Some((asked.clone(), used.max(kept)));
}

/// Draws `add` `width` wide, whatever was drawn before it: a widget wider than the column (a
/// row of toggles at 200 %) widens the ui it stands in for all that comes after it, and words
/// wrapped to that width ran past the column's edge, cut.
fn in_width<R>(ui: &mut egui::Ui, width: f32, add: impl FnOnce(&mut egui::Ui) -> R) -> R {
    let mut rect = ui.available_rect_before_wrap();
    rect.set_width(width);
    ui.scope_builder(egui::UiBuilder::new().max_rect(rect), add).inner
}

/// The turn order (Murdham: who is still to act per faction), in the column's scroll under
/// the answers.
pub fn order_ui(ui: &mut egui::Ui, model: &Model, out: &mut Vec<Action>) {
    let Some(session) = model.session.as_ref().filter(|_| !model.fight_ended()) else { return };
    let state = session.state();
    match session.history().system().factions(state) {
        Some(factions) => factions::factions_ui(ui, state, &factions),
        None => order::order_ui(ui, model, state, out),
    }
}

/// Whether the window is tiny (1366 × 768 at 200 %: 384 points high): the round and its phase
/// are said in the headline's caption, not on a line of their own, so the answers keep a view
/// under the pinned top.
fn is_tiny(ui: &egui::Ui) -> bool {
    ui.ctx().content_rect().height() < TINY_WINDOW
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
