// Scripts in, histories or line-numbered errors out.

use super::parse::StepKind;
use super::*;
use crate::command::Command;
use crate::dice::{DieChoice, RollSource};
use crate::event::EventKind;
use std::collections::BTreeSet;

/// The language's `parse`, the registry built first (a script names its procedure by text).
fn parse(file: &str, text: &str) -> Result<Script, ScenarioError> {
    crate::systems::registry();
    super::parse(file, text)
}

/// The language's `run`, the registry built first.
fn run(file: &str, text: &str) -> Result<History, ScenarioError> {
    crate::systems::run_script(file, text)
}

/// Runs a script that must succeed.
fn ok(text: &str) -> History {
    run("test.fray", text).unwrap_or_else(|e| panic!("{e}"))
}

/// Runs a script that must fail, returning the message.
fn err(text: &str) -> String {
    match run("test.fray", text) {
        Ok(_) => panic!("the script ran to the end"),
        Err(e) => e.to_string(),
    }
}

const BOARD: &str = r#"
system freeform
name "Crypt"
seed 42
side Party party colour #3366cc
side Goblins
zone Entrance capacity 2 at 0 0 size 200 120
zone "Burial hall"
connect Entrance "Burial hall"
add Harald side Party zone Entrance stat str=12 dex=9 track hp=7/7
add Goblin side Goblins zone "Burial hall" count 2 track hp=3
"#;

#[test]
fn header_sets_up_the_encounter() {
    let h = ok(BOARD);
    let base = h.base();
    assert_eq!(
        (base.system_id().as_str(), base.name.as_str(), base.seed),
        ("freeform", "Crypt", 42)
    );
    let party = h.state().side_named("party").unwrap();
    assert!(party.party);
    assert_eq!(party.colour, "#3366cc");
    let gob = h.state().combatant_named("Goblin 2").unwrap();
    assert_eq!(gob.track("hp").map(|t| (t.value, t.max)), Some((3, 3)));
    let harald = h.state().combatant_named("harald").unwrap();
    assert_eq!((harald.stat("str"), harald.stat("dex")), (Some(12), Some(9)));
}

#[test]
fn defaults_name_the_encounter_after_the_file() {
    let h = run("scripts/crypt.fray", "side A").unwrap();
    assert_eq!(
        (h.base().name.as_str(), h.base().seed, h.base().system_id().as_str()),
        ("crypt", 0, "freeform")
    );
}

/// One script touching every command of `Command`, checked command by command.
#[test]
fn every_command_can_be_written() {
    let script = format!(
        "{BOARD}{}",
        r#"
edit-zone Entrance name Gate capacity 3 note "arrow slits"
expect zone Gate capacity 3
expect zone Gate note "arrow slits"
place-zone Gate at 10 20 size 300 200
zone Chapel
disconnect Gate "Burial hall"
expect disconnected Gate "Burial hall"
connect Gate "Burial hall"
expect connected "Burial hall" Gate
remove-zone Chapel
expect no zone Chapel
add Narvi side Party track hp=5/8 condition hidden source creature:7 block "{\"weapon\": \"axe\"}"
expect Narvi hp 5/8
expect Narvi is hidden
expect Narvi in off
rename Narvi "Narvi the Bold"
change-side "Narvi the Bold" Goblins
expect "Narvi the Bold" side Goblins
remove "Narvi the Bold"
expect no "Narvi the Bold"
move Harald "Burial hall"
expect Harald in "burial hall"
expect zone "Burial hall" holds 3
move Harald off
expect Harald in off
set Harald str=14
expect Harald str 14
hp Harald -3
expect Harald hp 4/7
track Harald hp +1
expect Harald hp 5
track Harald hp =2
expect Harald hp 2/7
max Harald hp 9
expect Harald hp 2/9
condition Harald +prone
expect Harald is prone
condition Harald -prone
expect Harald not prone
condition Harald +blessed for 2 rounds
expect Harald is blessed
notes Harald owes the innkeeper | 3 silver
expect Harald notes "owes the innkeeper | 3 silver"
roll 2d6+1 "Harald attack" by Harald table 4 3
expect roll 8 faces 4 3
order "Goblin 2" Harald "Goblin 1"
expect order "Goblin 2" Harald "Goblin 1"
setting skip_out false
expect setting skip_out false
next
expect round 1
expect phase turns
expect turn "Goblin 2"
delay "Goblin 2"
expect turn Harald
expect order Harald "Goblin 1" "Goblin 2"
say The goblins shriek and charge the table
load-tables
roll d20 "the GM's secret" secret table 17
expect table-view lacks "the GM's secret"
show "Goblin 1" revealed
expect table-view has "Goblin 1"
player-view blackout #000000
expect table-view has 000000
expect commands 38
"#
    );
    let h = ok(&script);
    // The grid's commands, on a board of their own (a board is zones or a grid).
    let grid = ok(r#"
side Party party
side Foes
add Ann side Party
add Ogre side Foes
grid 300 8
expect error "1 to 200 squares"
grid 10 8 feet 5
wall 4 0 4 5
wall 4 5 4 6 door closed
wall 4 6 4 8 window
wall 4 7 4 8 clear
difficult 1 1 2 2
difficult 2 2 clear
place Ann at 1 3
size Ogre 2
place Ogre at 6 3
step Ann to 3 3
expect Ann at 3 3
expect Ann not sees Ogre
expect Ogre cover from Ann hidden
expect Ann distance Ogre 15
wall 4 0 4 5 door open
expect Ann sees Ogre
expect Ogre cover from Ann none
map map-0123 10 8 offset 0.5 0
map off
command {"type": "set_board", "grid": {"width": 10, "height": 8, "feet": 5, "walls": [{"edge": {"x": 4, "y": 0, "axis": "vertical"}, "kind": {"type": "door", "open": false}}]}}
expect Ann sees Ogre
"#);
    let used: BTreeSet<&str> = h
        .live_commands()
        .iter()
        .chain(grid.live_commands().iter())
        .map(|c| tag(&c.command))
        .collect();
    let all: BTreeSet<&str> = COMMANDS.iter().copied().collect();
    assert_eq!(all.len(), COMMANDS.len());
    assert_eq!(used, all, "a command type is missing from the script");
    let say =
        h.events().iter().rev().find(|e| matches!(e.kind, EventKind::Narration { .. })).unwrap();
    assert_eq!(
        say.kind,
        EventKind::Narration { text: "The goblins shriek and charge the table".into() }
    );
}

/// Every `Command` variant.
const COMMANDS: [&str; 37] = [
    "add_side",
    "add_combatant",
    "remove_combatant",
    "rename_combatant",
    "change_side",
    "add_zone",
    "edit_zone",
    "place_zone",
    "remove_zone",
    "connect_zones",
    "disconnect_zones",
    "set_grid",
    "set_walls",
    "set_difficult",
    "step",
    "place",
    "set_size",
    "set_map",
    "set_board",
    "move",
    "set_stat",
    "set_track",
    "adjust_track",
    "set_track_max",
    "add_condition",
    "add_timed_condition",
    "remove_condition",
    "set_notes",
    "roll",
    "set_order",
    "advance",
    "delay",
    "set_setting",
    "narrate",
    "load_tables",
    "set_player_view",
    "show",
];

/// A command's variant. A new variant stops this compiling: add it here, to COMMANDS, to the
/// scenario language and to the script above.
fn tag(c: &Command) -> &'static str {
    match c {
        Command::AddSide { .. } => "add_side",
        Command::AddCombatant { .. } => "add_combatant",
        Command::RemoveCombatant { .. } => "remove_combatant",
        Command::RenameCombatant { .. } => "rename_combatant",
        Command::ChangeSide { .. } => "change_side",
        Command::AddZone { .. } => "add_zone",
        Command::EditZone { .. } => "edit_zone",
        Command::PlaceZone { .. } => "place_zone",
        Command::RemoveZone { .. } => "remove_zone",
        Command::ConnectZones { .. } => "connect_zones",
        Command::DisconnectZones { .. } => "disconnect_zones",
        Command::SetGrid { .. } => "set_grid",
        Command::SetWalls { .. } => "set_walls",
        Command::SetDifficult { .. } => "set_difficult",
        Command::Step { .. } => "step",
        Command::Place { .. } => "place",
        Command::SetSize { .. } => "set_size",
        Command::SetMap { .. } => "set_map",
        Command::SetBoard { .. } => "set_board",
        Command::Move { .. } => "move",
        Command::SetStat { .. } => "set_stat",
        Command::SetTrack { .. } => "set_track",
        Command::AdjustTrack { .. } => "adjust_track",
        Command::SetTrackMax { .. } => "set_track_max",
        Command::AddCondition { .. } => "add_condition",
        Command::AddTimedCondition { .. } => "add_timed_condition",
        Command::RemoveCondition { .. } => "remove_condition",
        Command::SetNotes { .. } => "set_notes",
        Command::Roll { .. } => "roll",
        Command::SetOrder { .. } => "set_order",
        Command::Advance => "advance",
        Command::Delay { .. } => "delay",
        Command::SetSetting { .. } => "set_setting",
        Command::Narrate { .. } => "narrate",
        Command::LoadTables { .. } => "load_tables",
        Command::SetPlayerView { .. } => "set_player_view",
        Command::Show { .. } => "show",
        // A system's own commands are covered by that system's scenarios (fray-tests checks
        // every Block, Dodge, Parry and d12 command appears in its golden scenarios).
        procedure_command => {
            procedure_command.procedure().expect("the rest are a procedure's").as_str()
        }
    }
}

#[test]
fn table_and_app_dice_in_sequence() {
    let h = ok("side A\nadd X side A\nroll d6 table 5\nroll 2d6 app\nroll d8 table 8");
    let rolls: Vec<_> = h.events().iter().flat_map(|e| e.rolls()).collect();
    let sources: Vec<_> = rolls.iter().map(|r| (r.source, r.dice.to_string())).collect();
    assert_eq!(
        sources,
        [
            (RollSource::Table, "d6".into()),
            (RollSource::App, "2d6".into()),
            (RollSource::Table, "d8".into())
        ]
    );
    // A plan longer than the command's rolls is a mistake in the script, not something to
    // drop silently: the faces were typed for a reason.
    let e = err("side A\nadd X side A\nroll d8 table 3 | app");
    assert_eq!(e, "test.fray line 3: 1 planned roll was left unused: the command rolled 1 time");
    let e = err("side A\nadd X side A\nnext table 3");
    assert_eq!(e, "test.fray line 3: 1 planned roll was left unused: the command rolled 0 times");
}

#[test]
fn a_refused_table_face_stops_the_run_with_its_line() {
    let e = err("side A\nadd X side A\nroll d6 table 9");
    assert_eq!(e, "test.fray line 3: refused: 9 is not a face of a d6");
}

#[test]
fn table_dice_are_recorded_as_table_rolls() {
    let h = ok("seed 5\nside A\nadd X side A\nroll 2d6 \"first\" table 6 6\nroll d20 second");
    let rolls: Vec<_> = h.events().iter().flat_map(|e| e.rolls()).cloned().collect();
    assert_eq!(
        (rolls[0].source, rolls[0].total, rolls[0].label.as_str()),
        (RollSource::Table, 12, "first")
    );
    assert_eq!((rolls[1].source, rolls[1].label.as_str()), (RollSource::App, "second"));
    // The same script gives the same app dice.
    let again = ok("seed 5\nside A\nadd X side A\nroll 2d6 \"first\" table 6 6\nroll d20 second");
    assert_eq!(again.events(), h.events());
}

#[test]
fn plans_parse_into_choices() {
    let s = parse("p.fray", "next table 4 3 | 6 | app | table 1").unwrap();
    let StepKind::Do { dice, .. } = &s.steps[0].kind else { panic!() };
    assert_eq!(
        dice,
        &[
            DieChoice::Table(vec![4, 3]),
            DieChoice::Table(vec![6]),
            DieChoice::App,
            DieChoice::Table(vec![1])
        ]
    );
    assert!(parse("p.fray", "next table").unwrap_err().message.contains("table needs the faces"));
    assert!(parse("p.fray", "next table 4 | | 3").unwrap_err().message.contains("empty dice"));
    assert!(
        parse("p.fray", "next table four")
            .unwrap_err()
            .message
            .contains("expected a die face, got 'four'")
    );
}

#[test]
fn errors_name_the_file_line_and_what_was_expected() {
    let script = format!("{BOARD}\nmove Haral Entrance");
    assert_eq!(
        err(&script),
        "test.fray line 13: unknown combatant 'Haral' (there are: Harald, Goblin 1, Goblin 2)"
    );
    assert_eq!(
        err("\n\nfrobnicate x"),
        "test.fray line 3: unknown command 'frobnicate' (see SCENARIOS.md)"
    );
    assert_eq!(
        err("side A\nseed 3"),
        "test.fray line 2: 'seed' belongs in the header, before the first command"
    );
    let known: Vec<&str> =
        crate::systems::registry().all().iter().map(|s| s.id().as_str()).collect();
    assert_eq!(
        err("system chess"),
        format!("test.fray line 1: unknown system 'chess' (known: {})", known.join(", "))
    );
    assert_eq!(err("seed many"), "test.fray line 1: expected a seed, got 'many'");
    assert_eq!(err("say \"open"), "test.fray line 1: the quote opened at column 5 is not closed");
    assert_eq!(err("side A\nadd X"), "test.fray line 2: add needs a side: add NAME side SIDE");
    assert_eq!(
        err("side A\nadd X side A\nhp X 3"),
        "test.fray line 3: expected -3, +3 or =3: damage, heal or set"
    );
    assert_eq!(
        err("roll 2d"),
        "test.fray line 1: bad dice '2d': expected die size after 'd' at column 3"
    );
    assert_eq!(
        err("move A B extra"),
        "test.fray line 1: unexpected 'extra' at the end of the line"
    );
    assert_eq!(
        err("move Nobody Hall"),
        "test.fray line 1: unknown combatant 'Nobody' (there is none yet)"
    );
}

#[test]
fn parse_errors_come_before_anything_runs() {
    // Line 2 would fail when run, but line 3's typo is found first, by the parser.
    let e = parse("t.fray", "side A\nmove Ghost Hall\nzone Hall capacity lots").unwrap_err();
    assert_eq!((e.line, e.message.as_str()), (3, "expected a capacity, got 'lots'"));
}

#[test]
fn a_refusal_stops_the_run_unless_expected() {
    let full = format!("{BOARD}\nmove \"Goblin 1\" Entrance\nmove \"Goblin 2\" Entrance");
    assert_eq!(err(&full), "test.fray line 14: refused: Entrance is full (2 at most)");
    let h =
        ok(&format!("{full}\nexpect error \"is full\"\nexpect \"Goblin 2\" in \"Burial hall\""));
    assert_eq!(h.state().in_zone(h.state().zone_named("Entrance").unwrap().id).count(), 2);
    // Any refusal, when no text is given.
    ok(&format!("{full}\nexpect error"));
    assert_eq!(
        err(&format!("{full}\nexpect error \"no room\"")),
        "test.fray line 15: expected the refusal to mention 'no room', but it said: Entrance is full (2 at most)"
    );
    assert_eq!(
        err(&format!("{BOARD}\nhp Harald -1\nexpect error")),
        "test.fray line 14: expected the command on line 13 to be refused, but it was carried out"
    );
    assert_eq!(
        err("expect error"),
        "test.fray line 1: expect error must follow the command it is about"
    );
}

#[test]
fn failed_expectations_say_what_they_found() {
    let cases = [
        ("expect Harald hp 6", "expected Harald's hp 6, got 7"),
        ("expect Harald hp 7/8", "expected Harald's hp 7/8, got 7/7"),
        ("expect Harald dex 10", "expected Harald's dex 10, got 9"),
        ("expect Harald luck 1", "Harald has no track or stat 'luck'"),
        (
            "expect Harald in \"Burial hall\"",
            "expected Harald in Burial hall, but they are in Entrance",
        ),
        (
            "expect Harald is prone",
            "expected Harald to be prone, but they are not (conditions: none)",
        ),
        ("expect round 1", "expected round 1, got 0"),
        ("expect turn Harald", "expected Harald's turn, but it is nobody's"),
        ("expect zone Entrance holds 2", "expected Entrance to hold 2, got 1"),
        ("expect no Harald", "expected no combatant called 'Harald', but there is one"),
        ("expect roll 3", "expected a roll, but nothing has been rolled"),
        ("expect Harald side Goblins", "expected Harald's side Goblins, got Party"),
        (
            "expect disconnected Entrance \"Burial hall\"",
            "expected Entrance and Burial hall to be not connected, got connected",
        ),
        ("expect prompt turn", "no prompt 'turn' now (open: start \"Ready to fight?\")"),
    ];
    for (line, message) in cases {
        assert_eq!(
            err(&format!("{BOARD}{line}")),
            format!("test.fray line 12: {message}"),
            "{line}"
        );
    }
}

#[test]
fn undo_and_redo_move_through_the_commands() {
    let h = ok(&format!(
        "{BOARD}hp Harald -2\nhp Harald -2\nundo\nexpect Harald hp 5\nundo\nexpect Harald hp 7\nredo 2\nexpect Harald hp 3\nundo 2\nhp Harald -1\nexpect Harald hp 6\nredo\nexpect error \"nothing to redo\""
    ));
    assert!(!h.can_redo());
    assert_eq!(err("undo"), "test.fray line 1: refused: nothing to undo");
}

#[test]
fn prompts_are_answered_by_id_or_title_and_label() {
    let h = ok(&format!(
        "{BOARD}order Harald \"Goblin 1\" \"Goblin 2\"
expect prompt start
expect option start \"Start round 1\" enabled
answer start \"start round 1\"
expect turn Harald
answer turn-c5 \"End turn\"
expect turn \"Goblin 1\"
answer \"Goblin 1's turn\" \"Delay to the end\"
expect order Harald \"Goblin 2\" \"Goblin 1\"
expect turn \"Goblin 2\""
    ));
    assert_eq!(h.state().round, 1);
    let last = h.live_commands().last().unwrap();
    assert!(matches!(last.command, Command::Delay { .. }), "the option's command ran: {last:?}");
}

#[test]
fn a_disabled_option_is_refused_with_its_reason() {
    let last = format!(
        "{BOARD}order Harald \"Goblin 1\" \"Goblin 2\"\nnext\nnext\nnext\nexpect turn \"Goblin 2\"\nexpect option \"Goblin 2's turn\" \"Delay to the end\" disabled \"already last\""
    );
    ok(&last);
    let e = err(&format!("{last}\nanswer \"Goblin 2's turn\" \"Delay to the end\""));
    assert_eq!(
        e,
        "test.fray line 18: refused: 'Delay to the end' is not allowed in 'Goblin 2's turn': already last in the order"
    );
    ok(&format!(
        "{last}\nanswer \"Goblin 2's turn\" \"Delay to the end\"\nexpect error \"already last\""
    ));
    assert!(err(&format!("{last}\nanswer \"Goblin 2's turn\" Flee")).contains(
        "'Goblin 2's turn' has no option 'Flee' (options: \"End turn\", \"Delay to the end\")"
    ));
}

#[test]
fn an_empty_setup_prompt_is_disabled() {
    let e = err("answer start \"Start round 1\"");
    assert_eq!(
        e,
        "test.fray line 1: refused: 'Start round 1' is not allowed in 'Ready to fight?': add at least one combatant first"
    );
}

#[test]
fn zones_without_a_place_are_laid_out_in_a_row() {
    let h = ok("zone A\nzone B\nzone C at 5 6");
    let rects: Vec<_> = h.state().zones.values().map(|z| (z.rect.x, z.rect.y, z.rect.w)).collect();
    assert_eq!(rects, [(40.0, 40.0, 200.0), (280.0, 40.0, 200.0), (5.0, 6.0, 200.0)]);
}

#[test]
fn quoted_keywords_are_names() {
    let h = ok(
        "side \"party\"\nzone \"off\"\nadd \"table\" side party zone \"off\"\nmove \"table\" \"off\"\nexpect \"table\" in \"off\"",
    );
    assert!(!h.state().side_named("party").unwrap().party);
}

mod fuzz {
    use super::*;
    use proptest::prelude::*;

    /// Words the language knows, so random lines reach deep into the parser and runner.
    const WORDS: &[&str] = &[
        "side",
        "zone",
        "add",
        "move",
        "hp",
        "track",
        "max",
        "condition",
        "roll",
        "order",
        "next",
        "answer",
        "undo",
        "redo",
        "expect",
        "error",
        "table",
        "app",
        "|",
        "off",
        "none",
        "A",
        "\"B c\"",
        "+x",
        "-x",
        "=3",
        "-2",
        "3",
        "d6",
        "2d6+1",
        "capacity",
        "count",
        "stat",
        "str=3",
        "hp=2/4",
        "in",
        "is",
        "not",
        "no",
        "start",
        "#",
        "\"",
        "setting",
        "skip_out",
        "false",
        "say",
        "notes",
        "edit-zone",
        "place-zone",
        "at",
        "size",
        "remove-zone",
    ];

    proptest! {
        #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

        /// Whatever a person types, the answer is a history or an error with a line: never
        /// a panic.
        #[test]
        fn random_scripts_never_panic(lines in proptest::collection::vec(
            proptest::collection::vec(proptest::sample::select(WORDS), 0..7), 0..25))
        {
            let text: Vec<String> = lines.iter().map(|l| l.join(" ")).collect();
            let text = format!("side A\nzone Z capacity 1\nadd A side A zone Z track hp=3\n{}", text.join("\n"));
            if let Err(e) = run("fuzz.fray", &text) {
                prop_assert!(e.line >= 1 && e.line <= text.lines().count(), "{e}");
            }
        }

        #[test]
        fn arbitrary_text_never_panics(text in "\\PC{0,200}") {
            let _ = run("fuzz.fray", &text);
        }
    }
}

#[test]
fn a_group_dropped_on_the_grid_takes_the_nearest_free_squares_on_its_side_of_a_wall() {
    let h = ok("side A\ngrid 6 4\nwall 2 0 2 4\nadd Rock side A at 1 1\n\
                add Goblin side A at 1 1 count 4");
    let at = |name: &str| h.state().combatants.values().find(|c| c.name == name).unwrap().square;
    let sq = |x, y| Some(crate::space::grid::GridPos { x, y });
    assert_eq!(at("Rock"), sq(1, 1));
    // (1,1) is taken: the walkable squares around it, west of the wall, in order.
    assert_eq!(
        [at("Goblin 1"), at("Goblin 2"), at("Goblin 3"), at("Goblin 4")],
        [sq(0, 1), sq(1, 2), sq(1, 0), sq(0, 2)]
    );
    let e = err("side A\ngrid 2 1\nadd Goblin side A at 0 0 count 3");
    assert!(e.contains("room for only 2 more"), "{e}");
}

#[test]
fn a_board_is_zones_or_a_grid_never_both() {
    let e = err("system bdp\ngrid 10 10");
    assert!(e.contains("is fought in zones, not on a grid"), "{e}");
    let e = err("zone Hall\ngrid 10 10");
    assert!(e.contains("remove the zones first"), "{e}");
    let e = err("grid 10 10\nzone Hall");
    assert!(e.contains("this board is a grid"), "{e}");
    let e = err("side A\nadd Ann side A\ngrid 4 4\nwall 9 0 9 2");
    assert!(e.contains("the corner (9, 1) is off the grid"), "{e}");
    let e = err("side A\nadd Ann side A at 0 0\ngrid 4 4");
    assert!(e.contains("not on a grid") || e.contains("off the grid"), "{e}");
    // A big one standing across a line keeps the wall from being drawn through it.
    let e = err("side A\ngrid 6 6\nadd Ogre side A at 1 1\nsize Ogre 2\nwall 2 0 2 6");
    assert!(e.contains("Ogre stands across that line"), "{e}");
    // Shrinking the grid would leave someone off it.
    let e = err("side A\ngrid 6 6\nadd Ann side A at 5 5\ngrid 4 4");
    assert!(e.contains("Ann would be left off the grid"), "{e}");
}

#[test]
fn freeform_passes_the_turn_when_the_one_acting_leaves() {
    // Removed while acting: the next place acts, the round goes on.
    let h = ok("side A\nadd X side A\nadd Y side A\nadd Z side A\norder X Y Z\nnext\n\
                expect turn X\nremove X\nexpect turn Y\nnext\nexpect turn Z");
    assert!(h.events().iter().any(|e| matches!(&e.kind,
        EventKind::Ruling { text } if text == "X is removed: the turn passes to Y")));
    // Marked dead while acting (the fallen are skipped by default): the same.
    ok("side A\nadd X side A\nadd Y side A\norder X Y\nnext\ncondition X +dead\nexpect turn Y");
    // The last one acting leaves: the round is over.
    ok("side A\nadd X side A\nadd Y side A\norder X Y\nnext\nnext\nexpect turn Y\nremove Y\n\
        expect turn none\nexpect phase end");
    // Someone else's departure changes nothing; off the board, the acting one still acts.
    ok("side A\nadd X side A\nadd Y side A\norder X Y\nnext\nremove Y\nexpect turn X");
    ok("side A\nzone Hall\nadd X side A zone Hall\nadd Y side A\norder X Y\nnext\nmove X off\n\
        expect turn X");
}

#[test]
fn a_script_plays_by_the_rules_edition_its_header_names() {
    // Without the header: the current edition.
    assert_eq!(ok("side A\nadd X side A").base().rules, crate::encounter::RULES);
    // An earlier edition, for a script written before a rule changed.
    assert_eq!(ok("rules 0\nside A\nadd X side A").base().rules, 0);
    assert_eq!(
        err(&format!("rules {}", crate::encounter::RULES + 1)),
        format!(
            "test.fray line 1: rules edition {} is newer than this build's ({})",
            crate::encounter::RULES + 1,
            crate::encounter::RULES
        )
    );
    assert_eq!(
        err("side A\nrules 0"),
        "test.fray line 2: 'rules' belongs in the header, before the first command"
    );
}
