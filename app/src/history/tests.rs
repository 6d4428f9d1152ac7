// Undo, redo and snapshots: state must always equal the fold of the events before the cursor.

use super::*;
use crate::command::NewCombatant;
use crate::dice::{PlannedDice, SeededDice};
use crate::encounter::{BoardRect, Track};
use crate::ids::CombatantId;
use proptest::prelude::*;

fn dice(stream: u64) -> PlannedDice {
    PlannedDice::new(SeededDice::new(99, stream))
}

fn setup() -> (History, CombatantId) {
    let mut h = History::new(Encounter::new(
        crate::systems::registry().get("freeform").unwrap(),
        "Undo",
        99,
    ));
    let go = |h: &mut History, c: Command| {
        h.execute(c, &mut dice(0)).unwrap();
    };
    go(&mut h, Command::AddSide { name: "A".into(), colour: "#112233".into(), party: true });
    let side = h.state().side_named("A").unwrap().id;
    go(&mut h, Command::AddZone { name: "Z".into(), capacity: None, rect: BoardRect::default() });
    go(
        &mut h,
        Command::AddCombatant {
            combatant: Box::new(NewCombatant {
                name: "Hero".into(),
                side,
                zone: None,
                square: None,
                stats: vec![],
                tracks: vec![Track { name: "hp".into(), value: 1_000_000, max: 1_000_000 }],
                conditions: vec![],
                source: None,
                block: serde_json::Value::Null,
            }),
            count: 1,
        },
    );
    let hero = h.state().combatant_named("Hero").unwrap().id;
    (h, hero)
}

fn hit(h: &mut History, id: CombatantId, delta: i64) {
    h.execute(Command::AdjustTrack { id, track: "hp".into(), delta }, &mut dice(0)).unwrap();
}

fn hp(h: &History, id: CombatantId) -> i64 {
    h.state().combatant(id).unwrap().track("hp").unwrap().value
}

#[test]
fn undo_and_redo_move_by_whole_commands() {
    let (mut h, hero) = setup();
    hit(&mut h, hero, -5);
    hit(&mut h, hero, -7);
    assert_eq!(hp(&h, hero), 999_988);
    assert!(h.undo());
    assert_eq!(hp(&h, hero), 999_995);
    assert!(h.undo());
    assert_eq!(hp(&h, hero), 1_000_000);
    assert!(h.redo());
    assert_eq!(hp(&h, hero), 999_995);
    assert!(h.redo());
    assert!(!h.redo());
    assert_eq!(hp(&h, hero), 999_988);
}

#[test]
fn a_new_command_after_undo_drops_the_redo_tail() {
    let (mut h, hero) = setup();
    hit(&mut h, hero, -5);
    hit(&mut h, hero, -7);
    h.undo();
    hit(&mut h, hero, -1);
    assert!(!h.can_redo());
    assert_eq!(hp(&h, hero), 999_994);
    // Three setup commands, then the two hits that stayed.
    assert_eq!(h.commands().len(), 5);
    assert_eq!(h.all_events().len(), h.events().len());
    let seqs: Vec<u64> = h.commands().iter().map(|c| c.seq).collect();
    assert_eq!(seqs, [0, 1, 2, 3, 4]);
}

#[test]
fn streams_never_repeat_after_undo() {
    let (mut h, hero) = setup();
    hit(&mut h, hero, -1);
    let s1 = h.commands().last().unwrap().stream;
    h.undo();
    hit(&mut h, hero, -1);
    let s2 = h.commands().last().unwrap().stream;
    assert_ne!(s1, s2, "the same dice would come back after an undo");
}

#[test]
fn snapshots_keep_undo_exact_across_thousands_of_events() {
    let (mut h, hero) = setup();
    for i in 0..(SNAPSHOT_EVERY as i64 * 3 + 17) {
        hit(&mut h, hero, -(i % 5) - 1);
    }
    let events = h.events().len();
    assert!(events > SNAPSHOT_EVERY * 3);
    for _ in 0..700 {
        h.undo();
        assert_eq!(h.state(), &fold(h.base(), h.events()));
    }
    h.undo();
    hit(&mut h, hero, -2); // drops a tail that spans snapshots
    assert_eq!(h.state(), &fold(h.base(), h.events()));
    for _ in 0..10 {
        hit(&mut h, hero, -2);
    }
    h.set_cursor(3);
    assert_eq!(h.state(), &fold(h.base(), h.events()));
    h.set_cursor(usize::MAX);
    assert_eq!(h.state(), &fold(h.base(), h.events()));
}

#[test]
fn from_parts_rebuilds_the_same_state_and_cursor() {
    let (mut h, hero) = setup();
    for _ in 0..600 {
        hit(&mut h, hero, -1);
    }
    h.undo();
    h.undo();
    h.undo();
    hit(&mut h, hero, -2);
    h.undo();
    let rebuilt = History::from_parts(h.parts()).unwrap();
    assert_eq!(rebuilt.state(), h.state());
    assert_eq!(rebuilt.cursor(), h.cursor());
    assert_eq!(rebuilt.undone(), h.undone());
    assert_eq!(rebuilt.next_stream(), h.next_stream());
    assert!(rebuilt.can_redo());
}

#[test]
fn a_command_dropped_from_the_redo_tail_is_kept_with_its_stream() {
    let (mut h, hero) = setup();
    let before = h.cursor();
    hit(&mut h, hero, -1);
    hit(&mut h, hero, -2);
    let dropped: Vec<_> = h.commands()[before..].to_vec();
    assert!(h.undo() && h.undo());
    assert!(h.undone().is_empty(), "undone but still redoable: the redo tail holds them");
    assert_eq!(h.all_undone().len(), 2);
    hit(&mut h, hero, -3);
    let undone = h.undone();
    assert_eq!(undone.len(), 2);
    for (u, c) in undone.iter().zip(&dropped) {
        assert_eq!((u.seq, u.stream, &u.command), (c.seq, c.stream, &c.command));
        assert_eq!(u.events.len(), c.events.len());
        assert!(u.events.iter().all(|e| e.seq == c.seq));
    }
    // The new command draws a stream after both: every stream is in the history once.
    let mut streams: Vec<u64> = h.commands().iter().map(|c| c.stream).collect();
    streams.extend(undone.iter().map(|u| u.stream));
    streams.sort_unstable();
    assert_eq!(streams, (0..h.next_stream()).collect::<Vec<_>>());
}

#[test]
fn from_parts_rejects_a_broken_log() {
    let (mut h, hero) = setup();
    hit(&mut h, hero, -1);
    let mut events = h.all_events().to_vec();
    events.pop();
    let mut parts = h.parts();
    parts.events = events;
    let err = History::from_parts(parts).unwrap_err();
    assert!(err.contains("events"), "{err}");
    let mut parts = h.parts();
    parts.cursor = 99;
    let err = History::from_parts(parts).unwrap_err();
    assert!(err.contains("cursor"), "{err}");
}

proptest! {
    // Any sequence of commands, undos and redos leaves the state equal to the fold of the
    // events before the cursor; undoing everything gives back the base.
    #[test]
    fn state_is_always_the_fold(steps in proptest::collection::vec(0u8..6, 1..120)) {
        let (mut h, hero) = setup();
        let floor = h.cursor();
        for s in steps {
            match s {
                0 | 1 => hit(&mut h, hero, -(s as i64) - 1),
                2 => { h.execute(Command::Narrate { text: "x".into() }, &mut dice(0)).unwrap(); }
                // Undo never reaches into the setup, so the hero always exists.
                3 => { if h.cursor() > floor { h.undo(); } }
                4 => { h.redo(); }
                _ => { let _ = h.execute(Command::Advance, &mut dice(0)); }
            }
            prop_assert_eq!(h.state(), &fold(h.base(), h.events()));
        }
        while h.undo() {}
        prop_assert_eq!(h.state(), h.base());
    }
}

#[test]
fn a_refusal_is_read_without_rolling_or_recording_and_a_roll_is_not_one() {
    let script = "system d12\nside Party party\nside Wolves\nzone Ford\n\
         add Tavorr side Party zone Ford block {\"stats\": {\"str\": 12, \"agi mod\": 2}, \"hd\": \"2d8\"}\n\
         add Wolf side Wolves zone Ford block {\"stats\": {\"str\": 12, \"agi mod\": 2}, \"hd\": \"2d8\"}\n";
    let h = crate::systems::run_script("refusal.fray", script).unwrap();
    let (cursor, events) = (h.cursor(), h.all_events().len());
    let why = h.refusal(Command::Advance).expect("Next waits for the base initiatives");
    assert!(why.to_string().contains("base initiative first"), "{why}");
    assert_eq!((h.cursor(), h.all_events().len()), (cursor, events), "nothing recorded");
    // Rolling Tavorr's initiative needs dice, which is no refusal.
    let args = ["Tavorr".to_owned()];
    let roll = h.system().script_command(h.state(), "initiative", &args).unwrap();
    assert_eq!(h.refusal(roll), None);
}

/// A batch takes only the newest rolls and rulings into the table's recent ones: it must fold
/// to exactly what applying its events one at a time gives, at every length and split.
#[test]
fn a_batch_folds_to_what_one_event_at_a_time_gives() {
    use crate::event::EventKind;
    use crate::system::Emitter;
    let (mut h, hero) = setup();
    for i in 0..40u64 {
        let roll = Command::Roll {
            dice: "d20".parse().unwrap(),
            label: format!("roll {i}"),
            roller: Some(hero),
            secret: i % 3 == 0,
        };
        h.execute(roll, &mut dice(i)).unwrap();
    }
    let mut rulings = Emitter::new(h.state());
    let mut events = Vec::new();
    for (i, e) in h.events().iter().enumerate() {
        events.push(e.clone());
        if i % 2 == 0 {
            rulings.push("core.note", None, EventKind::Ruling { text: format!("ruling {i}") });
            events.push(rulings.events().last().unwrap().clone());
        }
    }
    let rolls = events.iter().filter(|e| matches!(e.kind, EventKind::Rolled { .. })).count();
    assert!(rolls > 3 * crate::encounter::table::RECENT, "enough rolls to fall off: {rolls}");
    let mut one_at_a_time = h.base().clone();
    for n in 0..=events.len() {
        assert_eq!(fold(h.base(), &events[..n]), one_at_a_time, "{n} events in one batch");
        let mut two = fold(h.base(), &events[..n / 2]);
        two.apply_all(&events[n / 2..n]);
        assert_eq!(two, one_at_a_time, "{n} events in two batches");
        if let Some(e) = events.get(n) {
            one_at_a_time.apply(e);
        }
    }
    assert!(one_at_a_time.table.rolls.len() == crate::encounter::table::RECENT);
}
