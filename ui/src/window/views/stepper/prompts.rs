//! The system's prompts as big buttons: the title, then one button per answer. A forbidden
//! answer stays visible, disabled, with its reason on hover and in small text under it.
//! Answers with a heading ("Against Goblin 1") are listed under it, in a section the GM can
//! fold; with many headings they start folded, so a long list stays short.

use crate::window::Action;
use crate::window::views::fitted;
use eframe::egui::{self, RichText};
use fray_app::system::{Prompt, PromptOption};
use std::collections::{HashMap, HashSet};

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
        let asked = asked(ui, prompt, terms);
        let fold = Fold { prompt: &prompt.id, asked: &asked };
        // A leftover (a foe fallen since) only where it was listed when the question was asked.
        let shown: Vec<&PromptOption> = prompt
            .options
            .iter()
            .filter(|o| !o.leftover || asked.listed.contains(&o.label))
            .collect();
        // The step's main answer stands beside Next, in a room with no line under it: while
        // it may be pressed, its reason ("nobody ordered yet: the order will be as listed")
        // heads the answers (refused, Next's room says why); the line stays while the
        // question does.
        for main in shown.iter().filter(|o| o.main && asked.with_reason.contains(&o.label)) {
            if main.enabled {
                notes_ui(ui, main, true);
            } else {
                notes_ui(ui, &PromptOption { reason: None, ..(*main).clone() }, true);
            }
        }
        // Where its answers begin (the main answer's note is no answer to bring into view).
        let answers_top = ui.cursor().min.y;
        let ungrouped: Vec<&PromptOption> =
            shown.iter().copied().filter(|o| o.group.is_none() && !o.main).collect();
        options_ui(ui, &fold, &ungrouped, out);
        let mut groups: Vec<&str> = Vec::new();
        for g in shown.iter().filter_map(|o| o.group.as_deref()) {
            if !groups.contains(&g) {
                groups.push(g);
            }
        }
        for g in &groups {
            let members: Vec<&PromptOption> =
                shown.iter().copied().filter(|o| o.group.as_deref() == Some(*g)).collect();
            // Named by what its first answer does, not by its words: a heading renamed with
            // its foe ("Attack Bandit captain the Bold") stays folded or open as it was, and
            // opens nothing under the pointer.
            let key = members.first().map(|o| format!("{:?}", o.command));
            let members: Vec<&PromptOption> = members.into_iter().filter(|o| !o.main).collect();
            egui::CollapsingHeader::new(heading(ui, g, ui.visuals().strong_text_color(), HEADING))
                .id_salt(("prompt-group", &prompt.id, key))
                // The GM's overrides are there when needed, folded away otherwise.
                .default_open(groups.len() <= OPEN_GROUPS && !g.starts_with(GM_CALL))
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
fn heading(
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

/// A question as the window showed it when it was asked, remembered while it is the same
/// question (its id and title, shown without a break, under the same circumstances the GM
/// set): what the answers' rows were then, so none of them grows, shrinks or goes while the
/// GM reads it. The same words asked again later (Harald's turn in the next round) are a
/// new question, and so are new circumstances: the GM changed its terms.
#[derive(Clone, Default)]
struct Asked {
    /// Its title.
    title: String,
    /// The circumstances the GM set (see `modifiers`), in words.
    terms: String,
    /// The pass it was last drawn in.
    seen: u64,
    /// The answers refused then, each with its reason: those may fold. One refused later
    /// keeps its row, disabled, in its place: folding it then would lift the answers under
    /// it. One in a fold refused since for another reason stays in the fold, whose words stay
    /// those of the question as asked: a run of folded answers never breaks under the pointer.
    refused: HashMap<String, String>,
    /// The answers with a line of reason under them then: one given a reason later says it
    /// on hover only, one that lost it keeps the line empty, so every row keeps its height.
    with_reason: HashSet<String>,
    /// The answers listed then: a leftover (a foe fallen since) keeps its row, refused; one
    /// that was already a leftover when the question was asked is not drawn.
    listed: HashSet<String>,
}

/// What the window remembers of `prompt` as it was asked (see [`Asked`]); the answers
/// refused then and since allowed again no longer fold.
fn asked(ui: &egui::Ui, prompt: &Prompt, terms: &str) -> Asked {
    let refused: HashMap<String, String> = prompt
        .options
        .iter()
        .filter(|o| !o.enabled && o.checked.is_none())
        .filter_map(|o| Some((o.label.clone(), o.reason.clone()?)))
        .collect();
    let id = egui::Id::unique(("prompt-asked", &prompt.id));
    let pass = ui.ctx().cumulative_pass_nr();
    let same = |a: &Asked| a.title == prompt.title && a.terms == terms && a.seen + 1 >= pass;
    match ui.data(|d| d.get_temp::<Asked>(id)) {
        Some(mut asked) if same(&asked) => {
            asked.seen = pass;
            ui.data_mut(|d| d.insert_temp(id, asked.clone()));
            asked.refused.retain(|label, _| refused.contains_key(label));
            asked
        }
        _ => {
            let now = Asked {
                title: prompt.title.clone(),
                terms: terms.to_owned(),
                seen: pass,
                refused,
                // A toggle says its reason on hover only, ticked or not.
                with_reason: (prompt.options.iter())
                    .filter(|o| o.reason.is_some() && o.checked.is_none())
                    .map(|o| o.label.clone())
                    .collect(),
                listed: (prompt.options.iter())
                    .filter(|o| !o.leftover)
                    .map(|o| o.label.clone())
                    .collect(),
            };
            ui.data_mut(|d| d.insert_temp(id, now.clone()));
            now
        }
    }
}

/// The answers of one prompt as drawn, and the prompt's id (the folds' ids).
struct Fold<'a> {
    /// The prompt's id.
    prompt: &'a str,
    /// The question as it was asked.
    asked: &'a Asked,
}

/// Answers in order, each with its other ways (its variants, listed after it) as small
/// choices inside its row; a run of forbidden answers sharing one reason ("the main action is
/// taken") folds into one line that says so and opens on click, when they were forbidden as
/// the question was asked.
fn options_ui(ui: &mut egui::Ui, fold: &Fold, options: &[&PromptOption], out: &mut Vec<Action>) {
    let prompt = fold.prompt;
    let mut rows: Vec<(&PromptOption, Vec<&PromptOption>)> = Vec::new();
    for o in options {
        match (o.variant.is_some(), rows.last_mut()) {
            (true, Some((_, variants))) => variants.push(o),
            _ => rows.push((o, Vec::new())),
        }
    }
    let line = |o: &PromptOption| fold.asked.with_reason.contains(&o.label);
    let mut i = 0;
    while i < rows.len() {
        let (first, _) = &rows[i];
        // Refused as asked and still refused, for the reason given then (a toggle is never
        // among them: it keeps its row, ticked or not).
        let asked = |o: &PromptOption| fold.asked.refused.get(&o.label).map(String::as_str);
        let reason = asked(first);
        let run = rows[i..]
            .iter()
            .take_while(|(o, _)| asked(o).is_some_and(|r| Some(r) == reason))
            .count();
        match reason {
            Some(why) if run >= FOLD_SAME_REASON => {
                let title = format!("{run} more, not now: {why}");
                let size = egui::TextStyle::Button.resolve(ui.style()).size;
                let warn = ui.visuals().warn_fg_color;
                egui::CollapsingHeader::new(heading(ui, &title, warn, (size, size - 3.0)))
                    .id_salt(("prompt-folded", prompt, i))
                    .default_open(false)
                    .show(ui, |ui| {
                        for (o, variants) in &rows[i..i + run] {
                            row_ui(ui, o, variants, line(o), out);
                        }
                    });
                i += run;
            }
            _ => {
                row_ui(ui, rows[i].0, &rows[i].1, line(rows[i].0), out);
                i += 1;
            }
        }
    }
}

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
/// as its answer and the next foe's row is on the first screen too. The reason has its `line`
/// under the answer or is said on hover only (see [`option_ui`]).
fn row_ui(
    ui: &mut egui::Ui,
    option: &PromptOption,
    variants: &[&PromptOption],
    line: bool,
    out: &mut Vec<Action>,
) {
    if variants.is_empty() {
        option_ui(ui, option, line, out);
        return;
    }
    if super::is_short(ui) {
        ui.horizontal_top(|ui| {
            let width = ui.available_width() - other_ways_width(ui) - ui.spacing().item_spacing.x;
            // Its words wrap within its own width, leaving the other ways their room.
            let button = ui.scope(|ui| {
                ui.set_max_width(width);
                answer_button_ui(ui, option, width, out)
            });
            let height = button.inner.rect.height();
            other_ways_menu_ui(ui, option, variants, height, out);
        });
        notes_ui(ui, option, line);
        return;
    }
    option_ui(ui, option, line, out);
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new("or").weak());
        variants_ui(ui, variants, out);
    });
    ui.add_space(4.0);
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

/// One answer: a full-width button (its detail at its right end), then its reason and cost in
/// small text; a toggle (see [`toggle_ui`]) when the answer is a state on or off.
/// The reason has its `line` under the button (left empty while there is none) or is said on
/// hover only: a row keeps the height it had when the question was asked.
fn option_ui(ui: &mut egui::Ui, option: &PromptOption, line: bool, out: &mut Vec<Action>) {
    if let Some(on) = option.checked {
        toggle_ui(ui, option, on, out);
        return;
    }
    answer_button_ui(ui, option, ui.available_width(), out);
    notes_ui(ui, option, line);
}

/// An answer's button, `width` wide, named by its label; its detail at its right end.
fn answer_button_ui(
    ui: &mut egui::Ui,
    option: &PromptOption,
    width: f32,
    out: &mut Vec<Action>,
) -> egui::Response {
    let button = egui::Button::new(RichText::new(&option.label).size(19.0))
        .wrap()
        .min_size(egui::vec2(width, OPTION_HEIGHT));
    let response = ui.add_enabled(option.enabled, with_detail(button, option));
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
fn toggle_ui(ui: &mut egui::Ui, option: &PromptOption, on: bool, out: &mut Vec<Action>) {
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
    if with_reason_on_hover(response, option).clicked() {
        out.push(answer(option));
    }
    cost_ui(ui, option);
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
