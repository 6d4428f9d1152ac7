//! Words read whole at 100 % and 200 % (issue 64): over random play of every procedure,
//! replayed into the window at 100 % and 200 % on 1920 × 1080 and 1366 × 768 (the driver of
//! [`layout_stability`](super::layout_stability)), after every step the GM takes, no word of
//! the stepper (its pinned top, the headline, the room beside Next, the answers in view) is
//! cut short with "…" or cut by the rectangle it is drawn in, and the newest ruling laid over
//! the board stands there whole. What is read is what the window painted (see
//! `common::words`): no hook in the app.
//!
//! And the longest ruling random play of the procedures makes (over a few seeds) stands whole
//! over the board of the smallest screen, 1366 × 768 at 200 %.

use crate::common::Window;
use crate::common::words;
use crate::layout_stability::{empty_fight, library, replay};
use fray_app::ids::SystemId;
use fray_app::simulate;
use fray_app::system::presentation;
use std::collections::BTreeMap;

/// The screens a GM plays on: pixels wide and high, and the scale in percent.
const SCREENS: [(f32, f32, u32); 4] =
    [(1920.0, 1080.0, 100), (1366.0, 768.0, 100), (1920.0, 1080.0, 200), (1366.0, 768.0, 200)];

/// Random play's steps per procedure, as in `layout_stability`.
const STEPS: usize = 50;

/// The seed of each procedure's random play.
const SEED: u64 = 1;

/// The newest ruling of the fight shown, as the board says it.
fn newest_ruling(w: &Window) -> Option<String> {
    let h = w.session().history();
    presentation::recent_rulings(h.state(), h.events(), 1).pop()
}

/// What the GM cannot read whole now: the stepper's cut words, and the newest ruling if it is
/// not painted whole over the board.
fn cut(w: &Window) -> Vec<String> {
    let mut found = words::cut_in_stepper(w);
    if let Some(ruling) = newest_ruling(w)
        && !words::painted_whole(w, &ruling)
    {
        found.push(format!("the ruling '{ruling}' is not painted whole over the board"));
    }
    found
}

/// Random play of `system` replayed into the window on each screen; panics
/// with every word cut, each with the first place it was seen.
fn play(system: &str) {
    fray_app::systems::registry();
    let id: SystemId = system.parse().unwrap_or_else(|e| panic!("{e}"));
    let report =
        simulate::play(id, SEED, STEPS, &library(id)).unwrap_or_else(|failure| panic!("{failure}"));
    let history = &report.history;
    let mut found: BTreeMap<String, String> = BTreeMap::new();
    for screen in SCREENS {
        let mut w = empty_fight(id, screen);
        let at = |step: &str| {
            format!("{system} on {}×{} at {} %, seed {SEED}, {step}", screen.0, screen.1, screen.2)
        };
        for c in cut(&w) {
            found.entry(c).or_insert_with(|| at("before any step"));
        }
        for (step, record) in history.live_commands().iter().enumerate() {
            replay(&mut w, history, record);
            for c in cut(&w) {
                found.entry(c).or_insert_with(|| at(&format!("step {step}")));
            }
        }
    }
    let said: Vec<String> = (found.iter()).map(|(c, at)| format!("{at}: {c}")).collect();
    assert!(said.is_empty(), "{} words cut:\n{}", said.len(), said.join("\n"));
}

#[test]
fn no_words_are_cut_in_freeform() {
    play("freeform");
}

#[test]
fn no_words_are_cut_in_block_dodge_parry() {
    play("bdp");
}

#[test]
fn no_words_are_cut_in_d12() {
    play("d12");
}

#[test]
fn no_words_are_cut_in_dr12() {
    play("dr12");
}

#[test]
fn no_words_are_cut_in_murdham() {
    play("murdham");
}

#[test]
fn no_words_are_cut_in_sovereign() {
    play("sovereign");
}

/// Seeds of random play searched for the longest ruling.
const RULING_SEEDS: std::ops::RangeInclusive<u64> = 1..=5;

/// The longest ruling random play of every procedure makes that is the newest after its
/// command (a command's last ruling: the one the board shows large), over a few seeds: its
/// procedure, seed, the command's place among the live ones, and its words.
fn longest_ruling() -> (SystemId, u64, usize, String) {
    let mut longest: Option<(SystemId, u64, usize, String)> = None;
    for system in ["bdp", "d12", "dr12", "murdham", "sovereign"] {
        let id: SystemId = system.parse().unwrap_or_else(|e| panic!("{e}"));
        let lib = library(id);
        for seed in RULING_SEEDS {
            let report = simulate::play(id, seed, STEPS, &lib).unwrap_or_else(|f| panic!("{f}"));
            let h = &report.history;
            for (step, record) in h.live_commands().iter().enumerate() {
                let last =
                    h.all_events()[record.events.clone()].iter().rev().find_map(|e| {
                        match &e.kind {
                            fray_app::EventKind::Ruling { text } => Some(text.clone()),
                            _ => None,
                        }
                    });
                if let Some(text) = last
                    && longest.as_ref().is_none_or(|(_, _, _, l)| text.len() > l.len())
                {
                    longest = Some((id, seed, step, text));
                }
            }
        }
    }
    longest.expect("random play makes rulings")
}

/// The critical-hit banner (issue 64): on the smallest screen, 1366 × 768 at 200 %, the longest
/// ruling the procedures make stands whole over the board, in its words (a screen reader
/// reads them there too).
#[test]
fn the_longest_ruling_stands_whole_over_the_board_at_200_percent_on_a_laptop() {
    fray_app::systems::registry();
    let (id, seed, step, text) = longest_ruling();
    eprintln!("the longest ruling ({id}, seed {seed}, step {step}): {text}");
    let report = simulate::play(id, seed, STEPS, &library(id)).unwrap_or_else(|f| panic!("{f}"));
    let history = &report.history;
    let mut w = empty_fight(id, (1366.0, 768.0, 200));
    for record in &history.live_commands()[..=step] {
        replay(&mut w, history, record);
    }
    let ruling = newest_ruling(&w).expect("a ruling shown");
    assert!(ruling.contains(&text), "the newest ruling is the longest: {ruling}");
    assert!(words::painted_whole(&w, &ruling), "'{ruling}' is not painted whole");
    // Read out as shown: a node of the window's tree says the ruling, over the board.
    use egui_kittest::kittest::{NodeT, Queryable};
    let board = w.harness.get_by_label("Board").rect();
    let node = w
        .harness
        .root()
        .children_recursive()
        .find(|n| n.accesskit_node().label().as_deref() == Some(ruling.as_str()));
    let node = node.unwrap_or_else(|| panic!("no node reads '{ruling}'"));
    assert!(board.contains_rect(node.rect()), "read over the board: {:?}", node.rect());
}
