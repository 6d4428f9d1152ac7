// The campaign's steps: undoing one is the identity, for any condition and any lines kept.

use super::company::{Company, Member};
use super::condition::{Condition, Item, Lasting, Wear};
use super::review::{Change, apply, changes};
use proptest::prelude::*;
use serde_json::json;

fn sheet() -> serde_json::Value {
    json!({"tracks": {"hp": 6, "str": 13, "fatigue": {"value": 0, "max": 10}}, "stats": {"armor": 2}})
}

fn condition() -> impl Strategy<Value = Condition> {
    let labels =
        proptest::sample::subsequence(vec!["frail", "arm wound", "lost an eye", "dead"], 0..4);
    let wear =
        proptest::sample::select(vec![Wear::Intact, Wear::Damaged, Wear::Broken, Wear::Destroyed]);
    (-3i64..=6, 0i64..=10, 0i64..=13, 0i64..=3, labels, proptest::option::of((wear, 0u32..4)))
        .prop_map(|(hp, fatigue, str_, wounds, labels, item)| {
            let mut c = Condition::default();
            c.set_track(&sheet(), "hp", hp);
            c.set_track(&sheet(), "fatigue", fatigue);
            c.set_track(&sheet(), "str", str_);
            c.set_stat(&sheet(), "wounds", wounds);
            c.lasting = labels.into_iter().map(Lasting::named).collect();
            if let Some((wear, spent)) = item {
                c.items.insert("weapon:0".into(), Item { name: "Sword".into(), wear, spent });
            }
            c
        })
}

fn company(with: &Condition) -> Company {
    let mut company = Company::default();
    let member = Member {
        name: "Harald".into(),
        system: crate::systems::registry().parse("bdp").unwrap(),
        sheet: sheet(),
        condition: with.clone(),
    };
    company.members.insert("character:1".into(), member);
    company
}

proptest! {
    /// Applying any subset of a fight's lines, then undoing the step, gives back exactly the
    /// company it found; redoing gives exactly what it wrote.
    #[test]
    fn apply_then_undo_is_the_identity(before in condition(), after in condition(), keep in proptest::collection::vec(any::<bool>(), 8)) {
        let all = changes(&sheet(), &["hp"], &before, &after);
        let kept: Vec<Change> = all.iter().zip(keep.iter().cycle()).filter(|(_, k)| **k).map(|(c, _)| c.clone()).collect();
        let start = company(&before);
        let step = start.by_hand("character:1", "test", &kept).unwrap();
        let mut played = start.clone();
        played.apply(&step);
        let written = played.clone();
        played.undo(&step);
        prop_assert_eq!(&played, &start);
        played.apply(&step);
        prop_assert_eq!(&played, &written);
        // Keeping every line reaches the after (harm in the order it was taken: the harm
        // carried first).
        let sorted = |mut c: Condition| { c.lasting.sort_by(|a, b| a.label.cmp(&b.label)); c };
        prop_assert_eq!(sorted(apply(&sheet(), &before, &all)), sorted(after));
    }

    /// Condition JSON reads back as written, and an empty one is `{}`.
    #[test]
    fn a_condition_round_trips_through_json(c in condition()) {
        let json = serde_json::to_string(&c).unwrap();
        prop_assert_eq!(serde_json::from_str::<Condition>(&json).unwrap(), c.clone());
        prop_assert_eq!(json == "{}", c.is_whole());
    }
}

#[test]
fn healing_never_passes_the_maximum_and_harm_stops_at_zero() {
    let c = company(&Condition::default());
    let step = c.heal("character:1", "HP", 5).unwrap();
    assert_eq!(step.written[0].after, Condition::default(), "already full");
    let hurt = c.heal("character:1", "hp", -9).unwrap();
    assert_eq!(hurt.written[0].after.tracks["hp"], 0);
    assert!(c.heal("character:1", "mana", 1).unwrap_err().to_string().contains("no track 'mana'"));
    assert!(
        c.heal("character:9", "hp", 1)
            .unwrap_err()
            .to_string()
            .contains("no character character:9")
    );
}

#[test]
fn no_rest_mends_the_dead_whatever_the_procedure() {
    for system in crate::systems::registry().all() {
        let of = crate::campaign::aftermath::of(*system);
        let mut dead = Condition::default();
        dead.set_track(&sheet(), "hp", 0);
        dead.lasting.push(Lasting::named("dead"));
        let mut company = company(&dead);
        company.members.get_mut("character:1").unwrap().system = system.id();
        for rest in of.recoveries() {
            let mut dice = crate::dice::SeededDice::new(1, 0);
            let step =
                company.rest(of, system.id(), rest, &[], &Default::default(), &mut dice).unwrap();
            assert_eq!(step.written[0].after, dead, "{} {}", system.id(), rest.id);
            assert!(
                step.rolls.is_empty(),
                "{} {}: nothing rolled for the dead",
                system.id(),
                rest.id
            );
        }
    }
}
