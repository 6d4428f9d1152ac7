//! Nothing moves under the pointer (issue 64): after any step the GM takes, no interactive
//! widget's place is taken by a widget that does something else.
//!
//! Before and after each step the test takes every clickable widget the window drew: its
//! accessible name (AccessKit, as a screen reader or `egui_kittest` reads it), the part of it a
//! click can reach (its rectangle cut to what its panel or scroll shows) and its layer. Then,
//! both ways, the centre of each widget is hit-tested on the other picture: a widget whose
//! centre now lands on a widget of another name lost its place to it (*Recap…* where the strike
//! button was), and a new widget whose centre landed on another's old place took it (*Clear the
//! picks* where the board was). A widget may disappear, or appear where nothing was. An answer
//! (or a heading of answers) may say the very same commands in new words (a renamed foe's
//! "Attack Grave hound the Quick"): the click still does what it did. Three things are allowed
//! to change in place, because the GM expects them to:
//! - the answers to the question asked, when the question itself changed (the GM answered it,
//!   or Next moved on): the next question's answers stand where the last one's stood; while
//!   the question is the same, its answers keep their places. Its answers are those it lists
//!   and those it listed since it was asked: one gone since (its foe removed) keeps its row,
//!   refused, until the question changes;
//! - what is on the board (tokens, zones), which the GM moves; but the board itself keeps its
//!   rectangle, or every token under the pointer would move;
//! - a window or dialog opening over the rest (its own layer).
//!
//! The steps are random play's (`fray_app::simulate::random_play`, with the bundled library),
//! replayed command by command into the real window with their own dice, with a shift-click on
//! a token now and then (picking it for harm to several, as the GM does on the board), for
//! every procedure, at 100 % and 200 % on 1920×1080 and 1366×768; and the evening's flow after a
//! fight (end the fight, the review, the Party window, a rest, undo, reopen). A violation names
//! the procedure, the screen, the seed and the step.

use crate::common;

use crate::common::Window;
use eframe::egui;
use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT, Queryable};
use fray_app::dice::DieChoice;
use fray_app::ids::{SideId, SystemId};
use fray_app::simulate;
use fray_data::{Db, Search, Session};
use fray_ui::window::{Action, LAST_ENCOUNTER_KEY, PREFS_KEY, Prefs, apply};
use std::collections::{HashMap, HashSet};

/// The screens a GM plays on: pixels wide and high, and the UI scale in percent.
const SCREENS: [(f32, f32, u32); 4] =
    [(1920.0, 1080.0, 100), (1920.0, 1080.0, 200), (1366.0, 768.0, 100), (1366.0, 768.0, 200)];

/// Random play's steps per procedure (the commands it kept are replayed: fewer than this).
const STEPS: usize = 50;

/// The seeds of each procedure's random play, each played on every screen (`FRAY_SEED`
/// plays another alone). Three: a movement one seed misses another finds.
const SEEDS: [u64; 3] = [1, 2, 3];

/// Seeds past [`SEEDS`] that once found a movement, each played again for its procedure
/// (a golden of random play): Murdham's 4 (the reaction to an attack scrolled *No reaction*
/// onto the circumstances' *Stunt* field), Sovereign's 6 (a reaction outlived the turn, and
/// the turn's chips going lifted its answers).
const FOUND: &[(&str, u64)] = &[("murdham", 4), ("sovereign", 6)];

/// The seed the encounter is made with.
const SEED: u64 = 1;

/// One clickable widget as the GM sees it.
#[derive(Debug, Clone)]
struct Seen {
    /// Its accessible name.
    label: String,
    /// Its role (button, checkbox, text field…).
    role: Role,
    /// The part a click reaches, in points.
    rect: egui::Rect,
    /// The layer it is drawn in (the window, a dialog, a popup).
    layer: egui::LayerId,
    /// Its egui id.
    id: egui::Id,
}

/// Answers' names, each with the commands (as JSON, in the order listed) it gives.
type Answers = HashMap<String, Vec<String>>;

/// What the window shows at one moment.
struct Picture {
    /// The clickable widgets, in the order they are drawn (later ones on top).
    widgets: Vec<Seen>,
    /// Every clickable widget drawn, those scrolled out of view too, each with its whole
    /// rectangle: where namesakes stand in order (see `given`).
    everywhere: Vec<Seen>,
    /// The board's rectangle, if one is shown.
    board: Option<egui::Rect>,
    /// The questions asked (their ids and titles).
    questions: Vec<(String, String)>,
    /// The names of the widgets that answer them (answers, their headings and folds), each
    /// with what it does: the commands it gives (a heading: those of the answers under it).
    answers: Answers,
    /// The same, question by question.
    each: Vec<((String, String), Answers)>,
}

/// Takes the window's picture now.
fn picture(w: &Window) -> Picture {
    let names: HashMap<u64, (Role, String)> = w
        .harness
        .root()
        .children_recursive()
        .filter_map(|node| {
            let node = node.accesskit_node();
            let label = node.label()?;
            Some((node.locate().0.0, (node.role(), label)))
        })
        .collect();
    let rects = w.harness.ctx.viewport(|v| v.prev_pass.widgets.clone());
    let mut widgets = Vec::new();
    let mut everywhere = Vec::new();
    let mut board = None;
    for (layer, list) in rects.layers() {
        if matches!(layer.order, egui::Order::Tooltip | egui::Order::Debug) {
            continue;
        }
        for widget in list {
            let Some((role, label)) = names.get(&widget.id.value()) else { continue };
            if *role == Role::Canvas && label == "Board" {
                board = Some(widget.rect);
            }
            if !widget.visible || !widget.sense.senses_click() {
                continue;
            }
            let seen = |rect| Seen {
                label: label.clone(),
                role: *role,
                rect,
                layer: *layer,
                id: widget.id,
            };
            everywhere.push(seen(widget.rect));
            let rect = widget.interact_rect;
            // A sliver at a scroll's edge (a button cut to half a point) is no target a hand
            // can aim at: what shows must be at least 4 points each way.
            if rect.width().min(rect.height()) >= 4.0 {
                widgets.push(seen(rect));
            }
        }
    }
    let each = match &w.app().model.session {
        Some(session) if !w.app().model.fight_ended() => asked(session),
        _ => Vec::new(),
    };
    let questions = each.iter().map(|(q, _)| q.clone()).collect();
    let mut answers = Answers::new();
    for (_, listed) in &each {
        for (label, commands) in listed {
            answers.entry(label.clone()).or_default().extend(commands.iter().cloned());
        }
    }
    Picture { widgets, everywhere, board, questions, answers, each }
}

/// The questions the session asks now (their ids and titles), each with the names of its
/// answers' widgets and the commands each gives.
fn asked(session: &Session) -> Vec<((String, String), Answers)> {
    let mut each = Vec::new();
    for prompt in session.prompts() {
        let mut answers = Answers::new();
        for option in &prompt.options {
            let command = serde_json::to_string(&option.command).expect("a command as JSON");
            answers.entry(option.label.clone()).or_default().push(command.clone());
            if let Some(group) = &option.group {
                answers.entry(group.clone()).or_default().push(command);
            }
        }
        // In the order listed: namesakes' answers are told apart by their rank (see `given`).
        each.push(((prompt.id, prompt.title), answers));
    }
    each
}

/// The answers each question asked listed since it was asked: the stepper keeps one gone
/// since (its foe removed) in its row, refused, until the question is asked again, so it is
/// still one of the question's answers on the screen.
#[derive(Default)]
struct Since(HashMap<(String, String), Answers>);

impl Since {
    /// `picture`, its answers with those its questions listed since they were asked.
    fn see(&mut self, mut picture: Picture) -> Picture {
        let asked: HashSet<&(String, String)> = picture.each.iter().map(|(q, _)| q).collect();
        self.0.retain(|q, _| asked.contains(q));
        for (question, answers) in &picture.each {
            let since = self.0.entry(question.clone()).or_default();
            since.extend(answers.iter().map(|(label, commands)| (label.clone(), commands.clone())));
            for (label, commands) in since.iter() {
                picture.answers.entry(label.clone()).or_insert_with(|| commands.clone());
            }
        }
        picture
    }
}

/// Whether `label` names one of the question's answers (or a fold of them, or the button
/// opening an answer's other ways on a short window, part of its row).
fn answers(picture: &Picture, label: &str) -> bool {
    let other_ways = label.strip_prefix("Other ways: ");
    picture.answers.contains_key(label)
        || label.contains(" more, not now: ")
        || other_ways.is_some_and(|answer| picture.answers.contains_key(answer))
}

/// Whether `old` and `new` are answers (or headings of answers) giving the very same
/// commands, in new words: a renamed foe's "Attack Grave hound" become "Attack Grave hound the
/// Quick", a formula brought up to date. The click does what it did. Where several answers
/// share a name (namesakes' "Roll for Sister Maud"), each widget so named gives the commands
/// of the answer listed at its rank among them, when there are as many of each.
fn same_commands(before: &Picture, after: &Picture, old: &Seen, new: &Seen) -> bool {
    match (given(before, old), given(after, new)) {
        (Some(a), Some(b)) => a == b,
        _ => false,
    }
}

/// The commands `seen` gives, sorted: those of its answer's name, or of the one answer of
/// that name listed at its rank among the widgets so named in its layer, top to bottom
/// (those scrolled out of view too). The button opening an answer's other ways is part of
/// its row: it gives what the answer gives.
fn given(picture: &Picture, seen: &Seen) -> Option<Vec<String>> {
    let answer = seen.label.strip_prefix("Other ways: ").unwrap_or(&seen.label);
    let commands = picture.answers.get(answer)?;
    let mut named: Vec<&Seen> = (picture.everywhere.iter())
        .filter(|s| s.layer == seen.layer && s.label == seen.label)
        .collect();
    named.sort_by(|a, b| a.rect.top().total_cmp(&b.rect.top()));
    let rank = named.iter().position(|s| s.id == seen.id);
    let mut given = match (named.len() == commands.len(), rank) {
        (true, Some(rank)) if commands.len() > 1 => vec![commands[rank].clone()],
        _ => commands.clone(),
    };
    given.sort();
    Some(given)
}

/// The widget a click at `point` in `layer` lands on.
fn hit(picture: &Picture, layer: egui::LayerId, point: egui::Pos2) -> Option<&Seen> {
    picture.widgets.iter().rev().find(|s| s.layer == layer && s.rect.contains(point))
}

/// Whether a widget at `centre` is on the board both times (a token, a zone's title): the GM
/// moves those.
fn on_board(before: &Picture, after: &Picture, seen: &Seen) -> bool {
    let inside = |p: &Picture| p.board.is_some_and(|b| b.contains(seen.rect.center()));
    seen.label != "Board" && inside(before) && inside(after)
}

/// The same widget (one egui id) whose words were brought up to date but still say what it
/// does ("Harm several…", then "Harm the 2 picked…"): the same first word. Never an answer,
/// whose ids are their places in the list.
fn same_widget_new_words(before: &Picture, after: &Picture, old: &Seen, new: &Seen) -> bool {
    let first = |s: &str| s.split_whitespace().next().map(str::to_owned);
    old.id == new.id
        && old.role == new.role
        && first(&old.label) == first(&new.label)
        && !answers(before, &old.label)
        && !answers(after, &new.label)
}

/// What moved under the pointer from `before` to `after`, in words.
fn violations(before: &Picture, after: &Picture) -> Vec<String> {
    let mut found = Vec::new();
    if let (Some(a), Some(b)) = (before.board, after.board)
        && ((a.min - b.min).length() > 1.0 || (a.max - b.max).length() > 1.0)
    {
        found.push(format!("the board moved from {a:?} to {b:?}"));
    }
    let question_changed = before.questions != after.questions;
    let swapped = |old: &Seen, new: &Seen| {
        if old.label == new.label
            || same_widget_new_words(before, after, old, new)
            || same_commands(before, after, old, new)
        {
            return false;
        }
        if question_changed && answers(before, &old.label) && answers(after, &new.label) {
            return false;
        }
        !on_board(before, after, old) && !on_board(before, after, new)
    };
    let mut pairs = HashSet::new();
    for old in &before.widgets {
        if let Some(new) = hit(after, old.layer, old.rect.center())
            && swapped(old, new)
            && pairs.insert((old.label.clone(), new.label.clone()))
        {
            found.push(format!(
                "{:?} '{}' at {:?} is now under {:?} '{}' at {:?}",
                old.role, old.label, old.rect, new.role, new.label, new.rect
            ));
        }
    }
    for new in &after.widgets {
        if let Some(old) = hit(before, new.layer, new.rect.center())
            && swapped(old, new)
            && pairs.insert((old.label.clone(), new.label.clone()))
        {
            found.push(format!(
                "{:?} '{}' at {:?} appeared over {:?} '{}' at {:?}",
                new.role, new.label, new.rect, old.role, old.label, old.rect
            ));
        }
    }
    found
}

/// One step of the GM: `act` on the window, then what moved under the pointer, each said
/// with `what`.
fn step(w: &mut Window, what: &str, found: &mut Vec<String>, act: impl FnOnce(&mut Window)) {
    let before = picture(w);
    act(w);
    settle(w);
    for v in violations(&before, &picture(w)) {
        found.push(format!("{what}: {v}"));
    }
}

/// Runs frames until the window has settled after a step (a new question scrolls its answers
/// into view, which takes a few frames).
fn settle(w: &mut Window) {
    w.harness.run_steps(6);
}

/// The bundled library of `system`, as random play drops it on the board.
pub(super) fn library(system: SystemId) -> simulate::Library {
    let db = Db::open_in_memory().expect("a fresh database with the bundled content");
    let search = Search::default().system(system).limit(500);
    let creatures = db.creatures().search(&search).expect("creatures");
    let characters = db.characters().search(&search).expect("characters");
    simulate::Library {
        creatures: creatures.iter().map(|c| c.to_combatant(SideId(0))).collect(),
        characters: characters.iter().map(|c| c.to_combatant(SideId(0))).collect(),
        tables: fray_data::session::library_tables(&db, system).expect("tables"),
    }
}

/// A window on a new, empty encounter of `system`, on a screen of `width`×`height` pixels at
/// `scale` percent.
pub(super) fn empty_fight(system: SystemId, (width, height, scale): (f32, f32, u32)) -> Window {
    let dir = tempfile::tempdir().unwrap();
    let db = Db::open(dir.path().join("fray.db")).unwrap();
    let session = Session::create(&db, system, "Random play", SEED).unwrap();
    let settings = db.settings();
    settings.set_json(PREFS_KEY, &Prefs { scale_percent: scale, dark: true }).unwrap();
    settings.set_json(LAST_ENCOUNTER_KEY, &session.encounter_id().0).unwrap();
    drop(session);
    // The harness measures its screen in points: at `scale` % there are that many fewer.
    let points = egui::vec2(width, height) * 100.0 / scale as f32;
    if std::env::var("FRAY_SHOT_DIR").is_ok() {
        // Pictures asked for: drawn for real.
        return common::window_rendered(dir, db, points);
    }
    common::window_sized(dir, db, points)
}

/// The folder to write the pictures of `step` on `screen` to, when asked: `FRAY_SHOT_DIR`
/// names the folder and `FRAY_SHOT_STEP` the steps as `1366x768-200:17`, several split by
/// commas (to look at what a movement found is; the window is then drawn for real). The
/// pictures are named by procedure, screen and step: `bdp-1366x768-200-17-after.png`.
fn shot_asked(screen: (f32, f32, u32), step: usize) -> Option<String> {
    let asked = std::env::var("FRAY_SHOT_STEP").ok()?;
    let this = format!("{}:{step}", screen_name(screen));
    std::env::var("FRAY_SHOT_DIR").ok().filter(|_| asked.split(',').any(|a| a.trim() == this))
}

/// A screen as `FRAY_SHOT_STEP` and the pictures' names say it: `1366x768-200`.
fn screen_name((width, height, scale): (f32, f32, u32)) -> String {
    format!("{width}x{height}-{scale}")
}

/// Writes the window as drawn now to `path`.
fn save_shot(w: &mut Window, path: &str) {
    w.harness.render().expect("a window drawn for real").save(path).expect("the picture saved");
}

/// Gives the window the command of random play's `record`, with its own dice typed as the
/// table rolled them, and lets it settle.
pub(super) fn replay(
    w: &mut Window,
    history: &fray_app::History,
    record: &fray_app::history::CommandRecord,
) {
    let plan = history.all_events()[record.events.clone()]
        .iter()
        .flat_map(fray_app::Event::rolls)
        .map(|r| DieChoice::Table(r.faces()))
        .collect();
    let app = w.harness.state_mut();
    apply(&mut app.model, &mut app.view, Action::GameWithDice(record.command.clone(), plan));
    settle(w);
}

/// A small seeded generator for the test's own choices (which token to shift-click).
struct Choices(u64);

impl Choices {
    fn next(&mut self, n: usize) -> usize {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n.max(1)
    }
}

/// Shift-clicks one of the tokens on the board, if any: the GM picking it for harm to several.
/// Returns its name.
fn shift_click_a_token(w: &mut Window, choices: &mut Choices) -> Option<String> {
    let state = w.app().model.session.as_ref()?.state();
    let names: Vec<String> =
        state.combatants.values().filter(|c| c.on_board()).map(|c| c.name.clone()).collect();
    let picture = picture(w);
    let board = picture.board?;
    let tokens: Vec<&Seen> = picture
        .widgets
        .iter()
        .filter(|s| names.contains(&s.label) && board.contains(s.rect.center()))
        .collect();
    if tokens.is_empty() {
        return None;
    }
    let token = tokens[choices.next(tokens.len())].clone();
    let (pos, shift) = (token.rect.center(), egui::Modifiers::SHIFT);
    w.harness.hover_at(pos);
    w.harness.step();
    // Shift held over the press and the release, as a hand does.
    w.harness.event(egui::Event::ModifiersChanged(shift));
    let button = egui::PointerButton::Primary;
    w.harness.event(egui::Event::PointerButton { pos, button, pressed: true, modifiers: shift });
    w.harness.step();
    w.harness.event(egui::Event::PointerButton { pos, button, pressed: false, modifiers: shift });
    w.harness.step();
    w.harness.event(egui::Event::ModifiersChanged(egui::Modifiers::NONE));
    Some(token.label)
}

/// How many movements random play still finds in a procedure for a seed: none. What no longer moves: the order, the factions and the dice tray are under the
/// answers' room, which is as tall as the column's view; the board's toolbar keeps one row
/// and its places as zones become a grid; while a question is asked its answers keep their
/// places (`stepper::arrange`): one that comes goes after everything shown, one that goes
/// keeps its row, refused, with its heading, rows keep their height (a reason given since is
/// said on hover, words renamed since are cut to the row) and a fold keeps its answers; a
/// side added before the fight brings its answers under its own heading at the end
/// (`Prompt::by_side`); headings keep their fold when renamed; Murdham's circumstances have
/// their room from the first question; d12's initiative answers are named by who rolls, what
/// they roll said beside the name.
///
/// The step's main button beside Next fills its room, its words fitted in it (DR12, seed 2,
/// at 200 %: "Tamsin the Grim rolls d20 + DEX (12 avoids it)" wrapped taller and lay over
/// *More…*).
///
/// Like `.ci/sizes-baseline.txt`, each number may only go down: a movement more is a failure,
/// and a fix lowers its number here. Another seed (`FRAY_SEED`) must find none.
const REMAINING: &[(&str, u64, usize)] = &[];

/// Random play of `system` replayed into the window on every screen, for each of [`SEEDS`]
/// and its [`FOUND`] (or `FRAY_SEED` alone); panics with every step that moved something under the pointer
/// when there are more than [`REMAINING`] says.
fn play(system: &str) {
    fray_app::systems::registry();
    let id: SystemId = system.parse().unwrap_or_else(|e| panic!("{e}"));
    let asked = std::env::var("FRAY_SEED").ok().and_then(|s| s.parse().ok());
    let found = FOUND.iter().filter(|(s, _)| *s == system).map(|(_, seed)| *seed);
    let seeds = asked.map_or(SEEDS.iter().copied().chain(found).collect(), |seed| vec![seed]);
    let library = library(id);
    let mut failures = Vec::new();
    for seed in seeds {
        let found = play_seed(system, seed, &library);
        let remaining = (REMAINING.iter())
            .find(|(s, n, _)| *s == system && *n == seed)
            .map_or(0, |(_, _, n)| *n);
        if found.len() < remaining {
            eprintln!(
                "{system}, seed {seed}: {} movements, fewer than {remaining}: lower REMAINING",
                found.len()
            );
        }
        if found.len() > remaining {
            failures.push(format!(
                "seed {seed}: {} movements under the pointer ({remaining} known):\n{}",
                found.len(),
                found.join("\n")
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Random play of `system` for `seed`, replayed into the window on every screen: what moved
/// under the pointer, step by step.
fn play_seed(system: &str, seed: u64, library: &simulate::Library) -> Vec<String> {
    let id: SystemId = system.parse().unwrap_or_else(|e| panic!("{e}"));
    let report =
        simulate::play(id, seed, STEPS, library).unwrap_or_else(|failure| panic!("{failure}"));
    let history = &report.history;
    let mut found = Vec::new();
    for screen in SCREENS {
        let mut w = empty_fight(id, screen);
        let mut choices = Choices(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
        let mut since = Since::default();
        let where_ = |step: usize, what: &str| {
            format!(
                "{system} on {}×{} at {} %, seed {seed}, step {step} ({what})",
                screen.0, screen.1, screen.2
            )
        };
        for (step, record) in history.live_commands().iter().enumerate() {
            if choices.next(5) == 0 {
                let before = since.see(picture(&w));
                if let Some(token) = shift_click_a_token(&mut w, &mut choices) {
                    settle(&mut w);
                    for v in violations(&before, &since.see(picture(&w))) {
                        found.push(format!(
                            "{}: {v}",
                            where_(step, &format!("shift-click {token}"))
                        ));
                    }
                }
            }
            let before = since.see(picture(&w));
            let shot = shot_asked(screen, step);
            if let Some(dir) = &shot {
                save_shot(
                    &mut w,
                    &format!("{dir}/{system}-{}-{step}-before.png", screen_name(screen)),
                );
            }
            replay(&mut w, history, record);
            if let Some(dir) = &shot {
                save_shot(
                    &mut w,
                    &format!("{dir}/{system}-{}-{step}-after.png", screen_name(screen)),
                );
            }
            for v in violations(&before, &since.see(picture(&w))) {
                found.push(format!("{}: {v}", where_(step, &format!("{:?}", record.command))));
            }
        }
    }
    found
}

#[test]
fn nothing_moves_under_the_pointer_in_freeform() {
    play("freeform");
}

#[test]
fn nothing_moves_under_the_pointer_in_block_dodge_parry() {
    play("bdp");
}

#[test]
fn nothing_moves_under_the_pointer_in_d12() {
    play("d12");
}

#[test]
fn nothing_moves_under_the_pointer_in_dr12() {
    play("dr12");
}

#[test]
fn nothing_moves_under_the_pointer_in_murdham() {
    play("murdham");
}

#[test]
fn nothing_moves_under_the_pointer_in_sovereign() {
    play("sovereign");
}

/// A Block, Dodge, Parry fight decided: Harald from the library, hurt, and the one skeleton
/// dead; on a screen of `width`×`height` pixels at `scale` percent.
fn decided_fight((width, height, scale): (f32, f32, u32)) -> Window {
    use fray_app::Command;
    let dir = tempfile::tempdir().unwrap();
    let db = Db::open(dir.path().join("fray.db")).unwrap();
    common::set_scale(&db, scale);
    let sheet = serde_json::json!({"tracks": {"hp": 5, "str": 13, "dex": 12, "wil": 10,
        "fatigue": {"value": 0, "max": 10}}, "stats": {"armor": 2}});
    let new = fray_data::NewCharacter {
        system: "bdp".parse().unwrap(),
        name: "Harald".into(),
        tags: vec![],
        sheet,
        party: None,
    };
    let id = db.characters().insert(&new).unwrap();
    let harald = db.characters().get(id).unwrap().unwrap();
    let points = egui::vec2(width, height) * 100.0 / scale as f32;
    let mut w = common::window_sized(dir, db, points);
    let app = w.harness.state_mut();
    let mut act = |action| apply(&mut app.model, &mut app.view, action);
    act(Action::NewEncounter { system: "bdp".parse().unwrap(), name: "Crypt".into() });
    act(Action::AddCombatant { combatant: harald.to_combatant(SideId(0)), party: true, count: 1 });
    act(Action::Game(Command::AddSide {
        name: "Dead".into(),
        colour: "#888888".into(),
        party: false,
    }));
    let foes = app.model.session.as_ref().unwrap().state().side_named("Dead").unwrap().id;
    let skeleton = fray_app::command::NewCombatant::named("Skeleton", foes);
    apply(
        &mut app.model,
        &mut app.view,
        Action::Game(Command::AddCombatant { combatant: Box::new(skeleton), count: 1 }),
    );
    let state = app.model.session.as_ref().unwrap().state();
    let (who, foe) = (
        state.combatant_named("Harald").unwrap().id,
        state.combatant_named("Skeleton").unwrap().id,
    );
    for command in [
        Command::Advance,
        Command::AdjustTrack { id: who, track: "hp".into(), delta: -3 },
        Command::AdjustTrack { id: who, track: "fatigue".into(), delta: 2 },
        Command::AddCondition { id: who, condition: "arm wound".into() },
        Command::AddCondition { id: foe, condition: "dead".into() },
    ] {
        apply(&mut app.model, &mut app.view, Action::Game(command));
    }
    w.settle();
    w
}

/// Presses the button `label` as the GM does: brings it into view, then clicks it. Only the
/// click is the step measured.
fn press(w: &mut Window, label: &str, found: &mut Vec<String>, screen: &str) {
    if w.harness.query_by_role_and_label(Role::Button, label).is_none() {
        let shown: Vec<String> = picture(w).widgets.into_iter().map(|s| s.label).collect();
        panic!("{screen}: no button '{label}' among {shown:?}");
    }
    w.harness.get_by_role_and_label(Role::Button, label).scroll_to_me();
    settle(w);
    step(w, &format!("{screen}: {label}"), found, |w| {
        w.harness.get_by_role_and_label(Role::Button, label).click();
    });
}

#[test]
fn nothing_moves_under_the_pointer_between_fights() {
    let mut found = Vec::new();
    for screen in SCREENS {
        let mut w = decided_fight(screen);
        let name = format!("the evening on {}×{} at {} %", screen.0, screen.1, screen.2);
        for label in ["End the fight…", "Apply"] {
            press(&mut w, label, &mut found, &name);
        }
        if w.harness.query_by_role_and_label(Role::Button, "Party…").is_none() {
            // A short window has the recap open over the column after the write-back, and
            // the recap and the party window behind "More…".
            if w.harness.query_by_role_and_label(Role::Button, "Close window").is_some() {
                press(&mut w, "Close window", &mut found, &name);
            }
            press(&mut w, "More…", &mut found, &name);
        }
        for label in ["Party…", "A night's sleep", "Undo the last step", "Undo the last step"] {
            press(&mut w, label, &mut found, &name);
        }
        assert!(!w.app().model.fight_ended(), "{name}: the write-back undone reopens the fight");
    }
    assert!(found.is_empty(), "{} movements under the pointer:\n{}", found.len(), found.join("\n"));
}
