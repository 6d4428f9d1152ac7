//! The recap's arithmetic holds on any fight: random play of every procedure (the seeded GM of
//! `random_play`, who also edits tracks, undoes and redoes) and every golden scenario. After
//! each: the harm dealt, with the harm nobody's blow dealt, sums to the harm taken, per track;
//! each side's figures are its members' summed; every one taken out has a taker or nobody, and
//! each taker's list is matched; and every die face of every roll in the journal is counted
//! once in how the dice fell, counted here apart from the recap's own tally.

use fray_app::History;
use fray_app::dice::{Node, Sides};
use fray_app::event::EventKind;
use fray_app::recap::{self, FightRecap, Points, dice::Thrower};
use fray_app::simulate;
use fray_tests::library;

const STEPS: usize = 400;

fn seeds() -> u64 {
    std::env::var("FRAY_SOAK").ok().and_then(|s| s.parse().ok()).unwrap_or(6)
}

fn add(into: &mut Points, from: &Points) {
    for (k, v) in from {
        *into.entry(k.clone()).or_default() += v;
    }
}

fn check(history: &History, at: &str) {
    let r: FightRecap = recap::of_history(history);
    // Harm dealt and harm taken, per track.
    let (mut dealt, mut taken) = (r.unattributed.clone(), Points::new());
    for f in &r.combatants {
        add(&mut dealt, &f.dealt);
        add(&mut taken, &f.taken);
        assert!(f.taken.values().all(|v| *v > 0), "{at}: {} took nothing counted", f.name);
    }
    dealt.retain(|_, v| *v != 0);
    assert_eq!(dealt, taken, "{at}: harm dealt and harm taken differ");
    // Every track the events lowered on a harm track is taken, point for point.
    let harm: Vec<&str> = r.tracks.iter().map(|(k, _)| k.as_str()).collect();
    let mut lowered = Points::new();
    for e in history.events() {
        if let EventKind::TrackSet { track, from, to, .. } = &e.kind
            && to < from
            && harm.contains(&track.as_str())
        {
            *lowered.entry(track.clone()).or_default() += from - to;
        }
    }
    assert_eq!(lowered, taken, "{at}: the journal lowered other harm than the recap took");
    // Sides sum their members.
    for s in &r.sides {
        let members = r.combatants.iter().filter(|f| f.side == s.id);
        let (mut d, mut landed, mut out) = (Points::new(), 0, 0);
        for f in members {
            add(&mut d, &f.dealt);
            landed += f.landed + f.missed + f.avoided;
            out += f.took_out.len() as u32;
        }
        assert_eq!(d, s.dealt, "{at}: side {} dealt", s.name);
        assert_eq!(landed, s.landed + s.missed + s.avoided, "{at}: side {} blows", s.name);
        assert_eq!(out, s.took_out, "{at}: side {} took out", s.name);
    }
    // Each taking out is on both sides of the ledger.
    let took: usize = r.combatants.iter().map(|f| f.took_out.len()).sum();
    let by_someone: usize =
        r.combatants.iter().flat_map(|f| &f.taken_out_by).filter(|b| b.is_some()).count();
    assert_eq!(took, by_someone, "{at}: takers and taken differ");
    // Every die face once: the journal's faces, counted apart.
    let (mut app, mut table) = (0u64, 0u64);
    for e in history.events() {
        for roll in e.rolls() {
            for (leaf, term) in roll.dice.leaves().zip(&roll.terms) {
                let Node::Dice(d) = leaf else { continue };
                let sides = match d.sides {
                    Sides::N(n) => n,
                    Sides::Percent => 100,
                    Sides::Fudge => 3,
                };
                if sides <= 1000 {
                    match roll.source {
                        fray_app::dice::RollSource::App => app += term.faces.len() as u64,
                        fray_app::dice::RollSource::Table => table += term.faces.len() as u64,
                    }
                }
            }
        }
    }
    let counted = |app_side: bool| -> u64 {
        r.dice.iter().filter(|t| (t.thrower == Thrower::App) == app_side).map(|t| t.throws()).sum()
    };
    assert_eq!(counted(true), app, "{at}: app dice counted");
    assert_eq!(counted(false), table, "{at}: table dice counted");
}

#[test]
fn the_recap_of_random_play_adds_up_for_every_procedure() {
    for system in fray_app::systems::registry().all().iter().map(|s| s.id()) {
        let library = library(system.as_str());
        for seed in 1..=seeds() {
            let report = simulate::play(system, seed, STEPS, &library)
                .unwrap_or_else(|f| panic!("{system} seed {seed}: {f}"));
            check(&report.history, &format!("{system} seed {seed}"));
        }
    }
}

#[test]
fn the_recap_of_every_golden_fight_adds_up() {
    fray_app::systems::registry();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let db = fray_data::Db::open_in_memory().expect("a fresh database");
    let mut fights = 0;
    for entry in std::fs::read_dir(&dir).expect("the golden scenarios") {
        let path = entry.expect("a file").path();
        if path.extension().is_none_or(|e| e != "fray") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("readable");
        let script = fray_app::scenario::parse(&path.display().to_string(), &text).expect("parses");
        let tables = fray_data::session::library_tables(&db, script.system).expect("tables");
        let script = script.with_tables(tables);
        let at = path.display().to_string();
        if script.is_session() {
            let log = script.run_session().expect("the golden runs");
            for doc in log.fights() {
                check(&doc.to_history().expect("a history"), &at);
                fights += 1;
            }
        } else {
            check(&script.run().expect("the golden runs"), &at);
            fights += 1;
        }
    }
    assert!(fights > 50, "only {fights} golden fights read");
}
