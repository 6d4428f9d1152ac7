//! Random play across fights, for every procedure: a random fight (see `random_play.rs`) is
//! ended and written back, a random rest follows, and a second random fight begins with the
//! characters as the rules left them. Beyond the invariants random play checks in each fight:
//! the condition written back equals what the procedure said lasts, undoing a step gives back
//! exactly the company it found, and a rest never leaves a track further from the sheet
//! unless the rules make it cost something (a day without food).

use fray_app::campaign::aftermath::{Settings, outcome, with_healer};
use fray_app::campaign::company::Member;
use fray_app::campaign::{Company, Review};
use fray_app::command::block_tracks;
use fray_app::dice::SeededDice;
use fray_app::ids::SystemId;
use fray_app::simulate;
use fray_app::simulate::random_play::Library;

const STEPS: usize = 300;

fn seeds() -> Vec<u64> {
    let n = std::env::var("FRAY_SOAK").ok().and_then(|s| s.parse().ok()).unwrap_or(4u64);
    (1..=n).collect()
}

/// The library's characters as a company, each keyed by its own source.
fn company(system: SystemId, library: &Library) -> Company {
    let mut company = Company::default();
    for c in &library.characters {
        let key = c.source.clone().expect("a library character names its entry");
        let mut sheet = c.block.clone();
        if !sheet.is_object() {
            sheet = serde_json::json!({});
        }
        company.members.insert(key, Member::new(system, &c.name, &sheet, Default::default()));
    }
    company
}

/// The settings with the company's best healer (the highest `heal` stat) named, for the rests
/// that need someone to tend the resting (Sovereign's first aid and week of care).
fn with_best_healer(company: &Company, settings: &Settings) -> Settings {
    let heal = |m: &&Member| {
        fray_app::command::block_stats(&m.sheet)
            .iter()
            .find(|s| s.name == "heal")
            .map_or(0, |s| s.value)
    };
    match company.members.values().max_by_key(heal) {
        Some(m) => with_healer(settings, &m.name, &m.sheet),
        None => settings.clone(),
    }
}

fn evening(name: &str) {
    let library = fray_tests::library(name);
    let system: SystemId = name.parse().unwrap();
    let of = fray_app::campaign::aftermath::of(system.system());
    for seed in seeds() {
        let first = simulate::play(system, seed, STEPS, &library).unwrap_or_else(|f| panic!("{f}"));
        let start = company(system, &library);
        let state = first.history.state();
        let review = Review::of(state, &start);
        // Written back whole, each condition is what the procedure says lasts.
        for person in &review.people {
            let c = state.combatant(person.combatant).unwrap();
            let said = outcome(of, state, c, &person.sheet, &person.before);
            assert_eq!(person.after(), said, "{system} seed {seed}: {}'s write-back", person.name);
        }
        let step = review.step();
        let mut played = start.clone();
        played.apply(&step);
        let written = played.clone();
        played.undo(&step);
        assert_eq!(played, start, "{system} seed {seed}: undoing the write-back");
        played = written;
        // A random rest: no track ends further from its sheet than it was.
        let rests = of.recoveries();
        let rest = &rests[(seed as usize) % rests.len()];
        let settings = with_best_healer(&played, &state.settings);
        // A rest the settings turn off (DR12's Broken table) is refused with its reason.
        let rested =
            match played.rest(of, system, rest, &[], &settings, &mut SeededDice::new(seed, 9)) {
                Ok(rested) => Some(rested),
                Err(fray_app::RuleError::NotAllowed(why)) => {
                    assert!(
                        why.contains("setting"),
                        "{system} seed {seed}: {} refused: {why}",
                        rest.id
                    );
                    None
                }
                Err(e) => panic!("{system} seed {seed}: {}: {e}", rest.id),
            };
        if let Some(rested) = rested {
            // A rest the rules make costly (a day without food) may leave a track worse.
            for w in rested.written.iter().filter(|_| !of.costs(rest)) {
                for t in block_tracks(&w.sheet) {
                    let gap = |c: &fray_app::campaign::Condition| {
                        (c.track(&w.sheet, &t.name).unwrap() - t.value).abs()
                    };
                    assert!(
                        gap(&w.after) <= gap(&w.before),
                        "{system} seed {seed}: {} made {}'s {} worse",
                        rest.id,
                        w.name,
                        t.name
                    );
                }
            }
            played.apply(&rested);
        }
        // The second fight: the characters enter as they are now.
        let mut next = library.clone();
        next.characters = played
            .members
            .keys()
            .map(|key| played.combatant(of, key, fray_app::ids::SideId(0)).unwrap())
            .collect();
        simulate::play(system, seed + 1000, STEPS, &next)
            .unwrap_or_else(|f| panic!("second fight: {f}"));
    }
}

macro_rules! procedures {
    ($($test:ident: $id:literal),* $(,)?) => {
        $(
            #[test]
            fn $test() {
                fray_app::systems::registry();
                evening($id);
            }
        )*

        /// The procedures the tests above play.
        const PLAYED: &[&str] = &[$($id),*];
    };
}

/// A procedure registered without its evening here fails this.
#[test]
fn every_procedure_plays_an_evening() {
    for system in fray_app::systems::registry().all() {
        assert!(
            PLAYED.contains(&system.id().as_str()),
            "{} has no evening in campaign_play.rs",
            system.id()
        );
    }
}

procedures! {
    freeform: "freeform",
    block_dodge_parry: "bdp",
    d12: "d12",
    murdham: "murdham",
    dr12: "dr12",
    sovereign: "sovereign",
}
