// Freeform rules through the public command path: every check here goes through
// `History::execute`, the same road the window and the CLI take.

use super::*;
use crate::command::NewCombatant;
use crate::dice::{Dice, PlannedDice, RollSource, SeededDice};
use crate::encounter::{BoardRect, Track};
use crate::history::History;
use crate::ids::{SideId, ZoneId};

fn dice() -> PlannedDice {
    PlannedDice::new(SeededDice::new(7, 0))
}

fn run(h: &mut History, cmd: Command) {
    h.execute(cmd.clone(), &mut dice()).unwrap_or_else(|e| panic!("{cmd:?} refused: {e}"));
}

fn refused(h: &mut History, cmd: Command) -> RuleError {
    let before = h.state().clone();
    let err = h.execute(cmd, &mut dice()).expect_err("should be refused");
    assert_eq!(h.state(), &before, "a refused command changed the state");
    err
}

fn fighter(name: &str, side: SideId, zone: Option<ZoneId>, hp: i64) -> Command {
    Command::AddCombatant {
        combatant: Box::new(NewCombatant {
            name: name.into(),
            side,
            zone,
            square: None,
            stats: vec![],
            tracks: vec![Track { name: "hp".into(), value: hp, max: hp }],
            conditions: vec![],
            source: None,
            block: serde_json::Value::Null,
        }),
        count: 1,
    }
}

/// Two sides, two zones (Hall holds 2), Harald and Narvi in the Hall, a goblin in the Yard.
fn skirmish() -> (History, [CombatantId; 3], [ZoneId; 2]) {
    let mut h = History::new(Encounter::new(
        crate::systems::registry().get("freeform").unwrap(),
        "Skirmish",
        7,
    ));
    run(&mut h, Command::AddSide { name: "Party".into(), colour: "#3070b0".into(), party: true });
    run(
        &mut h,
        Command::AddSide { name: "Goblins".into(), colour: "#b03030".into(), party: false },
    );
    let party = h.state().side_named("Party").unwrap().id;
    let gobs = h.state().side_named("Goblins").unwrap().id;
    run(
        &mut h,
        Command::AddZone { name: "Hall".into(), capacity: Some(2), rect: BoardRect::default() },
    );
    run(
        &mut h,
        Command::AddZone { name: "Yard".into(), capacity: None, rect: BoardRect::default() },
    );
    let hall = h.state().zone_named("Hall").unwrap().id;
    let yard = h.state().zone_named("Yard").unwrap().id;
    run(&mut h, Command::ConnectZones { a: hall, b: yard });
    run(&mut h, fighter("Harald", party, Some(hall), 10));
    run(&mut h, fighter("Narvi", party, Some(hall), 8));
    run(&mut h, fighter("Goblin", gobs, Some(yard), 4));
    let id = |n: &str| h.state().combatant_named(n).unwrap().id;
    let ids = [id("Harald"), id("Narvi"), id("Goblin")];
    (h, ids, [hall, yard])
}

#[test]
fn turns_follow_the_order_and_wrap_into_the_next_round() {
    let (mut h, [harald, narvi, goblin], _) = skirmish();
    run(&mut h, Command::SetOrder { order: vec![goblin, harald, narvi] });
    run(&mut h, Command::Advance);
    assert_eq!((h.state().round, h.state().phase.as_str()), (1, Step::Turns.id()));
    assert_eq!(h.state().acting(), &[goblin]);
    run(&mut h, Command::Advance);
    assert_eq!(h.state().acting(), &[harald]);
    run(&mut h, Command::Advance);
    assert_eq!(h.state().acting(), &[narvi]);
    run(&mut h, Command::Advance);
    assert_eq!(h.state().phase, Step::End.id());
    assert!(h.state().acting().is_empty());
    run(&mut h, Command::Advance);
    assert_eq!((h.state().round, h.state().acting()), (2, &[goblin][..]));
}

#[test]
fn starting_without_an_order_uses_the_list_order() {
    let (mut h, [harald, narvi, goblin], _) = skirmish();
    run(&mut h, Command::Advance);
    let order: Vec<_> = h.state().order.iter().map(|e| e.combatants[0]).collect();
    assert_eq!(order, vec![harald, narvi, goblin]);
}

#[test]
fn starting_an_empty_encounter_is_refused_and_the_prompt_says_why() {
    let mut h = History::new(Encounter::new(
        crate::systems::registry().get("freeform").unwrap(),
        "Empty",
        1,
    ));
    let prompts = Freeform.prompts(h.state());
    assert!(!prompts[0].options[0].enabled);
    assert_eq!(prompts[0].options[0].reason.as_deref(), Some("add at least one combatant first"));
    assert!(matches!(refused(&mut h, Command::Advance), RuleError::NotAllowed(_)));
}

#[test]
fn the_fallen_are_skipped_unless_the_setting_is_off() {
    let (mut h, [harald, narvi, goblin], _) = skirmish();
    run(&mut h, Command::SetOrder { order: vec![harald, narvi, goblin] });
    run(&mut h, Command::AddCondition { id: narvi, condition: "down".into() });
    run(&mut h, Command::Advance);
    run(&mut h, Command::Advance);
    assert_eq!(h.state().acting(), &[goblin], "Narvi is down and skipped");

    let (mut h, [harald, narvi, goblin], _) = skirmish();
    run(&mut h, Command::SetSetting { key: SKIP_OUT.into(), value: false.into() });
    run(&mut h, Command::SetOrder { order: vec![harald, narvi, goblin] });
    run(&mut h, Command::AddCondition { id: narvi, condition: "down".into() });
    run(&mut h, Command::Advance);
    run(&mut h, Command::Advance);
    assert_eq!(h.state().acting(), &[narvi], "with the setting off nobody is skipped");
}

#[test]
fn delaying_moves_the_actor_last_and_passes_the_turn() {
    let (mut h, [harald, narvi, goblin], _) = skirmish();
    run(&mut h, Command::SetOrder { order: vec![harald, narvi, goblin] });
    run(&mut h, Command::Advance);
    let delay = Freeform.prompts(h.state())[0].options[1].clone();
    assert_eq!(delay.label, "Delay to the end");
    run(&mut h, delay.command);
    let order: Vec<_> = h.state().order.iter().map(|e| e.combatants[0]).collect();
    assert_eq!(order, vec![narvi, goblin, harald]);
    // Narvi, who was next, acts now; Harald acts after the goblin, in the same round.
    assert_eq!(h.state().acting(), &[narvi]);
    refused(&mut h, Command::Delay { id: harald });
    run(&mut h, Command::Advance);
    run(&mut h, Command::Advance);
    assert_eq!((h.state().round, h.state().acting()), (1, &[harald][..]));
    let delay_again = Freeform.prompts(h.state())[0].options[1].clone();
    assert!(!delay_again.enabled, "last in the order: nobody to wait for");
    refused(&mut h, delay_again.command);
}

#[test]
fn a_full_zone_refuses_a_move_and_an_add() {
    let (mut h, [_, _, goblin], [hall, yard]) = skirmish();
    let err = refused(&mut h, Command::Move { id: goblin, to: Some(hall) });
    assert_eq!(err.to_string(), "Hall is full (2 at most)");
    let gobs = h.state().combatant(goblin).unwrap().side;
    refused(&mut h, fighter("Wolf", gobs, Some(hall), 3));
    // Moving within the same zone, or to an unlimited one, is fine.
    run(&mut h, Command::Move { id: goblin, to: Some(yard) });
}

#[test]
fn a_count_numbers_the_copies_and_continues_the_numbering() {
    let (mut h, _, [_, yard]) = skirmish();
    let gobs = h.state().side_named("Goblins").unwrap().id;
    let Command::AddCombatant { combatant, .. } = fighter("Skeleton", gobs, Some(yard), 5) else {
        unreachable!()
    };
    run(&mut h, Command::AddCombatant { combatant: combatant.clone(), count: 3 });
    run(&mut h, Command::AddCombatant { combatant, count: 2 });
    let names: Vec<_> = h.state().combatants.values().map(|c| c.name.as_str()).collect();
    assert_eq!(names[3..], ["Skeleton 1", "Skeleton 2", "Skeleton 3", "Skeleton 4", "Skeleton 5"]);
}

#[test]
fn damage_and_healing_respect_the_maximum() {
    let (mut h, [harald, ..], _) = skirmish();
    run(&mut h, Command::AdjustTrack { id: harald, track: "hp".into(), delta: -4 });
    assert_eq!(h.state().combatant(harald).unwrap().track("hp").unwrap().value, 6);
    run(&mut h, Command::AdjustTrack { id: harald, track: "hp".into(), delta: 9 });
    assert_eq!(h.state().combatant(harald).unwrap().track("hp").unwrap().value, 10);
    run(&mut h, Command::AdjustTrack { id: harald, track: "hp".into(), delta: -13 });
    assert_eq!(h.state().combatant(harald).unwrap().track("hp").unwrap().value, -3);
    refused(&mut h, Command::AdjustTrack { id: harald, track: "str".into(), delta: -1 });
}

#[test]
fn overrides_are_journaled_with_their_rule() {
    let (mut h, [harald, ..], [_, yard]) = skirmish();
    let start = h.events().len();
    run(&mut h, Command::SetStat { id: harald, stat: "armor".into(), value: 2 });
    run(&mut h, Command::Move { id: harald, to: Some(yard) });
    run(&mut h, Command::AddCondition { id: harald, condition: "prone".into() });
    let rules: Vec<_> = h.events()[start..].iter().map(|e| &*e.rule).collect();
    assert_eq!(rules, ["core.override", "core.move", "core.condition"]);
    assert!(h.events()[start..].iter().all(|e| e.actor == Some(harald)));
    refused(&mut h, Command::AddCondition { id: harald, condition: "prone".into() });
}

#[test]
fn a_table_roll_is_journaled_as_table_dice() {
    let (mut h, [harald, ..], _) = skirmish();
    let cmd = Command::Roll {
        dice: Dice::parse("2d6+1").unwrap(),
        label: "attack".into(),
        roller: Some(harald),
        secret: false,
    };
    h.execute(cmd.clone(), &mut dice().then_table(vec![4, 3])).unwrap();
    let EventKind::Rolled { roll, .. } = &h.events().last().unwrap().kind else {
        panic!("no roll")
    };
    assert_eq!(
        (roll.total, roll.source, roll.roller.as_deref()),
        (8, RollSource::Table, Some("Harald"))
    );
    // A face no d6 has is refused, and nothing is recorded.
    let n = h.events().len();
    assert!(h.execute(cmd, &mut dice().then_table(vec![7, 3])).is_err());
    assert_eq!(h.events().len(), n);
}

#[test]
fn settings_are_checked_against_the_system() {
    let (mut h, ..) = skirmish();
    refused(&mut h, Command::SetSetting { key: "no_such".into(), value: true.into() });
    refused(&mut h, Command::SetSetting { key: SKIP_OUT.into(), value: 3.into() });
}

#[test]
fn range_bands_by_zone_steps() {
    use crate::space::Distance::{Feet, Steps};
    assert_eq!(Freeform.range_band(Some(Steps(0))).label, "Close");
    assert_eq!(Freeform.range_band(Some(Steps(1))).label, "Near");
    assert_eq!(Freeform.range_band(Some(Steps(2))).label, "Far");
    assert_eq!(Freeform.range_band(Some(Steps(5))).label, "Distant");
    assert_eq!(Freeform.range_band(None).label, "Distant");
    assert_eq!(Freeform.range_band(Some(Feet(5))).label, "Close");
    assert_eq!(Freeform.range_band(Some(Feet(25))).label, "Near");
    assert_eq!(Freeform.range_band(Some(Feet(60))).label, "Far");
    assert_eq!(Freeform.range_band(Some(Feet(125))).label, "Distant");
}

#[test]
fn removing_a_zone_takes_its_occupants_off_the_board_and_its_links() {
    let (mut h, [harald, ..], [hall, yard]) = skirmish();
    run(&mut h, Command::RemoveZone { id: hall });
    assert_eq!(h.state().combatant(harald).unwrap().zone, None);
    assert!(h.state().zone(yard).unwrap().adjacent.is_empty());
}

#[test]
fn a_zone_card_must_have_a_finite_box() {
    let (mut h, _, [hall, _]) = skirmish();
    let bad = BoardRect { x: f32::NAN, y: 0.0, w: 100.0, h: 80.0 };
    refused(&mut h, Command::AddZone { name: "Void".into(), capacity: None, rect: bad });
    refused(
        &mut h,
        Command::PlaceZone { id: hall, rect: BoardRect { w: -1.0, ..Default::default() } },
    );
    run(
        &mut h,
        Command::PlaceZone { id: hall, rect: BoardRect { x: 10.0, y: 20.0, w: 200.0, h: 120.0 } },
    );
    assert_eq!(h.state().zone(hall).unwrap().rect.w, 200.0);
}

#[test]
fn a_new_round_is_tagged_with_its_number_and_no_phase() {
    let (mut h, ..) = skirmish();
    run(&mut h, Command::Advance);
    let start = h.events().iter().position(|e| matches!(e.kind, EventKind::RoundStarted { .. }));
    let e = &h.events()[start.unwrap()];
    assert_eq!((e.round, &*e.phase), (1, ""));
    let next = &h.events()[start.unwrap() + 1];
    assert_eq!((next.round, &*next.phase), (1, Step::Turns.id()));
}
