//! The system's prompts as big buttons: the title, then one button per answer. A forbidden
//! answer stays visible, disabled, with its reason on hover and in small text under it.
//! Answers with a heading ("Against Goblin 1") are listed under it, in a section the GM can
//! fold; with many headings they start folded, so a long list stays short. Where each answer
//! stands while the question is asked is [`super::arrange`]'s.

use super::arrange::Shown;
use crate::window::Action;
use crate::window::views::fitted;
use eframe::egui::{self, RichText};
use fray_app::system::{Prompt, PromptOption};

/// Height of an answer button: clicked all fight long, from arm's length.
pub(super) const OPTION_HEIGHT: f32 = 40.0;

/// Up to this many headings start unfolded.
const OPEN_GROUPS: usize = 3;

/// Headings of the GM's overrides ("The GM's call: another action") start folded.
const GM_CALL: &str = "The GM's call";

/// At least this many forbidden answers in a row, for one same reason, fold into one line.
const FOLD_SAME_REASON: usize = 3;

/// Draws every prompt; the first one's question is pinned above (see `pinned_ui`), and main
/// buttons beside Next. Returns where the first prompt's answers end (screen y), if it drew
/// any here.
pub(super) fn prompts_ui(
    ui: &mut egui::Ui,
    prompts: &[Prompt],
    terms: &str,
    out: &mut Vec<Action>,
) -> Option<f32> {
    let mut first_bottom = None;
    for (n, prompt) in prompts.iter().enumerate() {
        ui.add_space(10.0);
        if n > 0 {
            ui.add(egui::Label::new(RichText::new(&prompt.title).size(21.0).strong()).wrap());
        }
        let asked = super::arrange::asked(ui.ctx(), prompt, terms);
        let fold = Fold { prompt: &prompt.id, place: 0, asked: &asked };
        // The step's main answer stands beside Next, in a room with no line under it: while
        // it may be pressed, its reason ("nobody ordered yet: the order will be as listed")
        // heads the answers (refused, Next's room says why); the line stays while the
        // question does.
        let mains = prompt.options.iter().filter(|o| o.main);
        for main in mains.filter(|o| asked.main_with_reason.contains(&o.label)) {
            if main.enabled {
                notes_ui(ui, main, true);
            } else {
                notes_ui(ui, &PromptOption { reason: None, ..main.clone() }, true);
            }
        }
        // Where its answers begin (the main answer's note is no answer to bring into view).
        let answers_top = ui.cursor().min.y;
        let headings = asked.sections.iter().filter(|s| s.heading.is_some()).count();
        for (place, section) in asked.sections.iter().enumerate() {
            let fold = Fold { place, ..fold };
            let members: Vec<&Shown> = section.options.iter().collect();
            let Some(heading) = &section.heading else {
                options_ui(ui, &fold, &members, out);
                continue;
            };
            // Named by what its first answer did, not by its words: a heading renamed with
            // its foe ("Attack Bandit captain the Bold") stays folded or open as it was, and
            // opens nothing under the pointer.
            let words = heading_words(ui, heading, ui.visuals().strong_text_color(), HEADING);
            egui::CollapsingHeader::new(words)
                .id_salt(("prompt-group", &prompt.id, &section.key))
                // The GM's overrides are there when needed, folded away otherwise.
                .default_open(headings <= OPEN_GROUPS && !heading.starts_with(GM_CALL))
                .show(ui, |ui| options_ui(ui, &fold, &members, out));
        }
        if n == 0 {
            // None when it drew nothing here (its one answer beside Next, or none yet):
            // nothing to bring into view, and the column stays where it is.
            first_bottom = Some(ui.cursor().min.y).filter(|bottom| *bottom > answers_top);
        }
    }
    first_bottom
}

/// The words of a heading of answers, whole in its one row (a renamed foe's "Attack Grave
/// hound the Quick" in a narrow column at 200 %): smaller when they must be, on a second row
/// only past the least size (see [`fitted`]).
fn heading_words(
    ui: &egui::Ui,
    words: &str,
    colour: egui::Color32,
    (size, least): (f32, f32),
) -> egui::WidgetText {
    let spacing = ui.spacing();
    let width = ui.available_width() - spacing.indent - spacing.button_padding.x;
    let room = fitted::Room::rows(ui.ctx(), width, 1, size, least);
    fitted::fitted(ui.ctx(), words, colour, room).into()
}

/// The type of a heading of answers: its size and the least it shrinks to.
const HEADING: (f32, f32) = (19.0, 14.0);

/// The answers of one prompt as drawn, and the prompt's id and the section's place (the
/// folds' ids).
#[derive(Clone, Copy)]
struct Fold<'a> {
    /// The prompt's id.
    prompt: &'a str,
    /// The place of the section drawn among the prompt's (see `arrange`).
    place: usize,
    /// The question as it was asked.
    asked: &'a super::arrange::Asked,
}

/// Answers in order, each with its other ways (its variants, listed after it) as small
/// choices inside its row; a run of forbidden answers sharing one reason ("the main action is
/// taken") folds into one line that says so and opens on click, when they were forbidden as
/// the question was asked.
fn options_ui(ui: &mut egui::Ui, fold: &Fold, options: &[&Shown], out: &mut Vec<Action>) {
    let prompt = fold.prompt;
    // Each row: its answer's place, the answer, its other ways.
    let mut rows: Vec<Row> = Vec::new();
    for Shown { place, option } in options.iter().copied() {
        match (option.variant.is_some(), rows.last_mut()) {
            (true, Some((_, _, variants))) => variants.push(option),
            _ => rows.push((*place, option, Vec::new())),
        }
    }
    let row = |ui: &mut egui::Ui, (place, o, variants): &Row, out: &mut Vec<Action>| {
        let keep = Keep {
            line: fold.asked.with_reason.contains(place),
            height: fold.asked.kept_height(*place, &o.label),
        };
        let height = row_ui(ui, o, variants, keep, out);
        super::arrange::measured(ui.ctx(), prompt, *place, &o.label, height);
    };
    let mut i = 0;
    while i < rows.len() {
        // Refused as asked and still refused, for the reason given then (a toggle is never
        // among them: it keeps its row, ticked or not).
        let asked = |place: &usize| fold.asked.refused.get(place).map(String::as_str);
        let reason = asked(&rows[i].0);
        let run = rows[i..]
            .iter()
            .take_while(|(place, _, _)| asked(place).is_some_and(|r| Some(r) == reason))
            .count();
        match reason {
            Some(why) if run >= FOLD_SAME_REASON => {
                let title = format!("{run} more, not now: {why}");
                let size = egui::TextStyle::Button.resolve(ui.style()).size;
                let warn = ui.visuals().warn_fg_color;
                egui::CollapsingHeader::new(heading_words(ui, &title, warn, (size, size - 3.0)))
                    .id_salt(("prompt-folded", prompt, fold.place, i))
                    .default_open(false)
                    .show(ui, |ui| {
                        for shown in &rows[i..i + run] {
                            row(ui, shown, out);
                        }
                    });
                i += run;
            }
            _ => {
                row(ui, &rows[i], out);
                i += 1;
            }
        }
    }
}

/// One row as drawn: its answer's place (see `arrange`), the answer, its other ways.
type Row<'a> = (usize, &'a PromptOption, Vec<&'a PromptOption>);

/// Width of the button opening a row's other ways on a short window, at least.
const OTHER_WAYS_WIDTH: f32 = 44.0;

/// The words of that button, and their size.
const OTHER_WAYS: &str = "or…";
const OTHER_WAYS_SIZE: f32 = 16.0;

/// How wide the button opening a row's other ways is: its words and its padding, at least
/// [`OTHER_WAYS_WIDTH`] (a row planned with less ran past the column's edge).
fn other_ways_width(ui: &egui::Ui) -> f32 {
    let font = egui::FontId::proportional(OTHER_WAYS_SIZE);
    let words = ui.fonts_mut(|f| f.layout_no_wrap(OTHER_WAYS.into(), font, egui::Color32::WHITE));
    (words.size().x + 2.0 * ui.spacing().button_padding.x).max(OTHER_WAYS_WIDTH)
}

/// One answer and its other ways: the answer's button, then the others in a wrapped line of
/// small buttons, each named in full for a screen reader and on hover. On a short window (a
/// high UI scale) the others are behind one button beside the answer's, so a row is as tall
/// as its answer and the next foe's row is on the first screen too. The row keeps what
/// `keep` says (see [`option_ui`]). Returns the answer's button's height.
fn row_ui(
    ui: &mut egui::Ui,
    option: &PromptOption,
    variants: &[&PromptOption],
    keep: Keep,
    out: &mut Vec<Action>,
) -> f32 {
    if variants.is_empty() {
        return option_ui(ui, option, keep, out);
    }
    if super::is_short(ui) {
        let height = ui
            .horizontal_top(|ui| {
                let width =
                    ui.available_width() - other_ways_width(ui) - ui.spacing().item_spacing.x;
                // Its words wrap within its own width, leaving the other ways their room.
                let button = ui.scope(|ui| {
                    ui.set_max_width(width);
                    answer_button_ui(ui, option, width, keep.height, out)
                });
                let height = button.inner.rect.height();
                other_ways_menu_ui(ui, option, variants, height, out);
                height
            })
            .inner;
        notes_ui(ui, option, keep.line);
        return height;
    }
    let height = option_ui(ui, option, keep, out);
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new("or").weak());
        variants_ui(ui, variants, out);
    });
    ui.add_space(4.0);
    height
}

/// The button beside an answer opening its other ways as a menu (named for a screen reader
/// by the answer it belongs to), as tall as the answer's button (`height`).
fn other_ways_menu_ui(
    ui: &mut egui::Ui,
    option: &PromptOption,
    variants: &[&PromptOption],
    height: f32,
    out: &mut Vec<Action>,
) {
    let button = egui::Button::new(RichText::new(OTHER_WAYS).size(OTHER_WAYS_SIZE))
        .min_size(egui::vec2(other_ways_width(ui), height));
    let response = ui.add(button).on_hover_text(format!("Other ways: {}", option.label));
    let name = format!("Other ways: {}", option.label);
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, name.clone()));
    egui::Popup::menu(&response).show(|ui| variants_ui(ui, variants, out));
}

/// An answer's other ways as small buttons, each named in full for a screen reader and on
/// hover.
fn variants_ui(ui: &mut egui::Ui, variants: &[&PromptOption], out: &mut Vec<Action>) {
    for v in variants {
        let words = v.variant.as_deref().unwrap_or(&v.label);
        let button = egui::Button::new(RichText::new(words).size(16.0));
        let response = ui.add_enabled(v.enabled, button);
        let (enabled, label) = (v.enabled, v.label.clone());
        response
            .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, enabled, label.clone()));
        let hover = match &v.reason {
            Some(why) => format!("{}: {why}", v.label),
            None => v.label.clone(),
        };
        let response = if v.enabled {
            response.on_hover_text(hover)
        } else {
            response.on_disabled_hover_text(hover)
        };
        if response.clicked() {
            out.push(answer(v));
        }
    }
}

/// What an answer's row keeps of the question as asked, so it is as tall as it was: whether
/// its reason has a line under it (see [`notes_ui`]), and, once its words changed since it
/// was first shown (a foe renamed), the height its button stood then: the new words are cut
/// to one line in it rather than wrapped taller, their whole said on hover.
#[derive(Clone, Copy, Default)]
pub(super) struct Keep {
    /// Its reason has its line under the button.
    pub line: bool,
    /// The height its button keeps, its words cut to fit.
    pub height: Option<f32>,
}

/// One answer: a full-width button (its detail at its right end), then its reason and cost in
/// small text; a toggle (see [`toggle_ui`]) when the answer is a state on or off.
/// The reason has its line under the button (left empty while there is none) or is said on
/// hover only, and the button keeps its height (see [`Keep`]): a row keeps the height it had
/// when the question was asked. Returns the button's height.
fn option_ui(ui: &mut egui::Ui, option: &PromptOption, keep: Keep, out: &mut Vec<Action>) -> f32 {
    if let Some(on) = option.checked {
        return toggle_ui(ui, option, on, out);
    }
    let height = answer_button_ui(ui, option, ui.available_width(), keep.height, out).rect.height();
    notes_ui(ui, option, keep.line);
    height
}

/// An answer's button, `width` wide, named by its label; its detail at its right end. Kept
/// at a `height` (see [`Keep`]), its words are cut to one line.
fn answer_button_ui(
    ui: &mut egui::Ui,
    option: &PromptOption,
    width: f32,
    height: Option<f32>,
    out: &mut Vec<Action>,
) -> egui::Response {
    let button = egui::Button::new(RichText::new(&option.label).size(19.0))
        .min_size(egui::vec2(width, height.unwrap_or(OPTION_HEIGHT).max(OPTION_HEIGHT)));
    let button = if height.is_some() { button.truncate() } else { button.wrap() };
    let response = ui.add_enabled(option.enabled, with_detail(button, option));
    // Its words cut: their whole on hover.
    let response = if height.is_some() { response.on_hover_text(&option.label) } else { response };
    answered(ui, response, option, out)
}

/// The step's main answer ("End turn", "Done: next turn") alone in its room beside Next,
/// `room`: a button filling it, its words whole there, smaller or on two rows when they must
/// be (see [`fitted`]). The room has no line under it: its reason is said on hover and over
/// the answers (see [`prompts_ui`]), its detail to a screen reader (no procedure gives a main
/// answer one).
pub(super) fn main_ui(
    ui: &mut egui::Ui,
    option: &PromptOption,
    room: egui::Rect,
    out: &mut Vec<Action>,
) -> egui::Response {
    let pad = ui.spacing().button_padding;
    let (width, height) = (room.width() - 2.0 * pad.x, room.height() - 2.0 * pad.y);
    let words = fitted::Room { width, height, size: 19.0, least: 12.0 };
    // The placeholder colour takes the button's own, greyed when the rules refuse it.
    let galley = fitted::fitted(ui.ctx(), &option.label, egui::Color32::PLACEHOLDER, words);
    let button = egui::Button::new(galley).min_size(room.size());
    let response = ui.add_enabled(option.enabled, button);
    answered(ui, response, option, out)
}

/// An answer's button drawn: named by its label, its detail for a screen reader, its reason
/// on hover; a click gives its command.
fn answered(
    ui: &egui::Ui,
    response: egui::Response,
    option: &PromptOption,
    out: &mut Vec<Action>,
) -> egui::Response {
    let (enabled, label) = (option.enabled, option.label.clone());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, enabled, label.clone()));
    describe(ui, &response, option);
    let response = with_reason_on_hover(response, option);
    if response.clicked() {
        out.push(answer(option));
    }
    response
}

/// Under an answer: its reason (a forbidden one's in the error colour, so the GM need not
/// hover) on its `line`, kept empty while there is none, and its cost, in small text.
fn notes_ui(ui: &mut egui::Ui, option: &PromptOption, line: bool) {
    match (&option.reason, line) {
        (Some(reason), true) => {
            let text = RichText::new(reason).small();
            let text =
                if option.enabled { text.weak() } else { text.color(ui.visuals().warn_fg_color) };
            ui.add(egui::Label::new(text).wrap());
        }
        (None, true) => {
            let height = ui.text_style_height(&egui::TextStyle::Small);
            ui.allocate_space(egui::vec2(0.0, height));
        }
        (_, false) => {}
    }
    cost_ui(ui, option);
}

/// One answer that is a state on or off (a side surprised, a name that rolled): a
/// full-width button with a tick box before its words, lit and ticked when on; the words
/// stay the same either way and a screen reader hears a checkbox, checked or not. Its reason
/// is said on hover only, so its row is as tall ticked or not and nothing under it moves.
fn toggle_ui(ui: &mut egui::Ui, option: &PromptOption, on: bool, out: &mut Vec<Action>) -> f32 {
    let tick = egui::IdSalt::new("prompt-toggle-tick");
    let words = RichText::new(&option.label).size(19.0);
    let button = egui::Button::new((egui::Atom::custom(tick, egui::vec2(18.0, 18.0)), words))
        .wrap()
        .selected(on)
        .min_size(egui::vec2(ui.available_width(), OPTION_HEIGHT));
    let button = with_detail(button, option);
    let shown = ui.add_enabled_ui(option.enabled, |ui| button.atom_ui(ui)).inner;
    let response = shown.response.clone();
    let (enabled, label) = (option.enabled, option.label.clone());
    response.widget_info(|| {
        egui::WidgetInfo::selected(egui::Role::CheckBox, enabled, on, label.clone())
    });
    describe(ui, &response, option);
    if let Some(rect) = shown.rect(tick) {
        let stroke = ui.style().interact_selectable(&response, on).fg_stroke;
        let painter = ui.painter();
        painter.rect_stroke(rect.shrink(1.0), 3.0, stroke, egui::StrokeKind::Inside);
        if on {
            let at = |x: f32, y: f32| rect.min + egui::vec2(x, y) * rect.width();
            let points = vec![at(0.2, 0.5), at(0.42, 0.72), at(0.8, 0.28)];
            painter.add(egui::Shape::line(points, egui::Stroke::new(2.5, stroke.color)));
        }
    }
    let height = response.rect.height();
    if with_reason_on_hover(response, option).clicked() {
        out.push(answer(option));
    }
    cost_ui(ui, option);
    height
}

/// The button with the answer's detail ("1d12+2", "base 9") at its right end, in quieter
/// type: beside the words, which wrap before it, and outside the name the widget is known by.
fn with_detail<'a>(button: egui::Button<'a>, option: &PromptOption) -> egui::Button<'a> {
    match &option.detail {
        Some(detail) => button.right_text(RichText::new(detail.clone()).size(17.0).weak()),
        None => button,
    }
}

/// Gives the answer's detail to a screen reader as its description: its name stays its
/// label alone (the name it is known by while the detail changes).
fn describe(ui: &egui::Ui, response: &egui::Response, option: &PromptOption) {
    if let Some(detail) = &option.detail {
        ui.ctx().accesskit_node_builder(response.id, |node| node.set_description(detail.clone()));
    }
}

/// The answer's response, saying its reason on hover (allowed or not).
fn with_reason_on_hover(response: egui::Response, option: &PromptOption) -> egui::Response {
    match &option.reason {
        Some(reason) if option.enabled => response.on_hover_text(reason),
        Some(reason) => response.on_disabled_hover_text(reason),
        None => response,
    }
}

/// What the answer costs, in small text, and the gap before the next answer.
fn cost_ui(ui: &mut egui::Ui, option: &PromptOption) {
    if let Some(cost) = &option.cost {
        ui.add(egui::Label::new(RichText::new(format!("Cost: {cost}")).small().weak()).wrap());
    }
    ui.add_space(2.0);
}

/// What choosing `option` asks: its command as an answer (the player's own die first when
/// the player rolls).
pub(super) fn answer(option: &PromptOption) -> Action {
    Action::Answer(option.command.clone(), option.player_rolls)
}
