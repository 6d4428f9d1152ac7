use super::*;
use crate::command::{Command, NewCombatant};
use crate::dice::{Dice, PlannedDice, SeededDice};
use crate::encounter::{BoardRect, Encounter, Track};
use crate::event::EventKind;
use crate::history::History;
use crate::ids::{CombatantId, SideId, ZoneId};

const HEROES: SideId = SideId(1);
const GOBLINS: SideId = SideId(2);
const HALL: ZoneId = ZoneId(3);
const YARD: ZoneId = ZoneId(4);
const HARALD: CombatantId = CombatantId(5);
const GOBLIN_1: CombatantId = CombatantId(6);
const GOBLIN_2: CombatantId = CombatantId(7);
const BOB: CombatantId = CombatantId(8);

/// The app's dice for the next command, as the window makes them: the encounter's seed on
/// the command's own stream, with the GM's table dice first.
fn dice(h: &History, table: &[&[u32]]) -> PlannedDice {
    let mut dice = PlannedDice::new(SeededDice::new(h.base().seed, h.next_stream()));
    for faces in table {
        dice = dice.then_table(faces.to_vec());
    }
    dice
}

fn run(h: &mut History, command: Command) {
    run_table(h, command, &[]);
}

fn run_table(h: &mut History, command: Command, table: &[&[u32]]) {
    let mut dice = dice(h, table);
    if let Err(err) = h.execute(command.clone(), &mut dice) {
        panic!("{command:?} refused: {err}");
    }
}

fn side(name: &str, party: bool) -> Command {
    Command::AddSide { name: name.into(), colour: "#336699".into(), party }
}

fn zone(name: &str) -> Command {
    Command::AddZone {
        name: name.into(),
        capacity: None,
        rect: BoardRect { x: 0.0, y: 0.0, w: 100.0, h: 80.0 },
    }
}

fn fighter(name: &str, side: SideId, zone: ZoneId, hp: i64, count: u32) -> Command {
    Command::AddCombatant {
        combatant: Box::new(NewCombatant {
            name: name.into(),
            side,
            zone: Some(zone),
            square: None,
            stats: Vec::new(),
            tracks: vec![Track { name: "hp".into(), value: hp, max: hp }],
            conditions: Vec::new(),
            source: None,
            block: serde_json::Value::Null,
        }),
        count,
    }
}

/// A short freeform fight touching every kind of command the journal must describe.
fn fight() -> History {
    let mut h = History::new(Encounter::new(
        crate::systems::registry().get("freeform").unwrap(),
        "Crypt <b>& \"friends\"",
        7,
    ));
    run(&mut h, side("Heroes", true));
    run(&mut h, side("Goblins", false));
    run(&mut h, zone("Hall"));
    run(&mut h, zone("Yard"));
    run(&mut h, Command::ConnectZones { a: HALL, b: YARD });
    run(&mut h, fighter("Harald", HEROES, HALL, 7, 1));
    run(&mut h, fighter("Goblin", GOBLINS, YARD, 4, 2));
    run(&mut h, fighter("*Bob*", GOBLINS, YARD, 3, 1));
    run(&mut h, Command::Move { id: GOBLIN_2, to: Some(HALL) });
    run_table(
        &mut h,
        Command::Roll {
            dice: Dice::parse("2d6+1").unwrap(),
            label: "attack".into(),
            roller: Some(HARALD),
            secret: false,
        },
        &[&[4, 3]],
    );
    run(&mut h, Command::AdjustTrack { id: GOBLIN_2, track: "hp".into(), delta: -3 });
    run(&mut h, Command::AddCondition { id: HARALD, condition: "prone".into() });
    run(&mut h, Command::SetOrder { order: vec![HARALD, GOBLIN_1, GOBLIN_2, BOB] });
    run(&mut h, Command::Advance);
    // An app roll: the seeded dice of this command's stream.
    run(
        &mut h,
        Command::Roll {
            dice: Dice::parse("d20").unwrap(),
            label: "Goblin 1 stabs".into(),
            roller: Some(GOBLIN_1),
            secret: false,
        },
    );
    for _ in 0..4 {
        run(&mut h, Command::Advance);
    }
    run(&mut h, Command::Advance);
    run(&mut h, Command::RenameCombatant { id: GOBLIN_2, name: "Grik".into() });
    run(&mut h, Command::RemoveCombatant { id: BOB });
    run_table(
        &mut h,
        Command::Roll {
            dice: Dice::parse("4d6kh3").unwrap(),
            label: String::new(),
            roller: None,
            secret: false,
        },
        &[&[1, 6, 4, 5]],
    );
    run(&mut h, Command::Narrate { text: "The *ceiling* creaks\n- loudly".into() });
    h
}

/// The event of the first command whose events include one matching `pred`, and its seq.
fn find(h: &History, pred: impl Fn(&EventKind) -> bool) -> (usize, u64) {
    let i = h.events().iter().position(|e| pred(&e.kind)).expect("event present");
    (i, h.events()[i].seq)
}

#[test]
fn describe_gives_one_readable_line() {
    let h = fight();
    let texts: Vec<String> = lines(h.base(), h.events()).map(|l| l.text.into_owned()).collect();
    for expected in [
        "Side Heroes added (the party)",
        "Zone Hall added",
        "Hall and Yard connected",
        "Harald joined Heroes in Hall (HP 7/7)",
        "Goblin 2 joined Goblins in Yard (HP 4/4)",
        "Goblin 2 moved from Yard to Hall",
        "Harald rolled 2d6+1 \"attack\": [4, 3] +1 = 8 (table)",
        "Goblin 2 HP 4 → 1",
        "Harald is now prone",
        "Order: Harald, Goblin 1, Goblin 2, *Bob*",
        "Round 1 begins",
        "Phase: Turns",
        "Harald's turn",
        "Goblin 1's turn",
        "Nobody is acting",
        "Phase: End of round",
        "Round 2 begins",
        // Names as they were at the time: the rename reads the old name, the removal the
        // name carried by the event.
        "Goblin 2 is now called Grik",
        "*Bob* left the encounter",
        "Rolled 4d6kh3: [(1), 6, 4, 5] = 15 (table)",
        "The *ceiling* creaks - loudly",
    ] {
        assert!(texts.iter().any(|t| t == expected), "no line {expected:?} in {texts:#?}");
    }
    // `describe` with the state before the event says the same as the walk.
    let (i, _) = find(&h, |k| matches!(k, EventKind::CombatantRenamed { .. }));
    assert_eq!(describe(&h.fold_to(i), &h.events()[i]), "Goblin 2 is now called Grik");
    // After the rename, the new name is used.
    assert!(lines(h.base(), h.events()).skip(i + 1).all(|l| !l.text.contains("Goblin 2")));
}

#[test]
fn lines_carry_the_event_tags() {
    let h = fight();
    let all: Vec<Line<'_>> = lines(h.base(), h.events()).collect();
    assert_eq!(all.len(), h.events().len());
    let (i, seq) = find(&h, |k| matches!(k, EventKind::Rolled { .. }));
    let line = &all[i];
    assert_eq!((line.index, line.seq, line.round, line.actor), (i, seq, 0, Some(HARALD)));
    assert_eq!(line.roll.map(|r| r.total), Some(8));
    assert!(all.iter().filter(|l| l.roll.is_none()).count() > 10);
    let turn = all.iter().find(|l| l.text == "Harald's turn").unwrap();
    assert_eq!((turn.round, turn.phase), (1, "turns"));
    assert_eq!(lines(h.base(), h.events()).len(), h.events().len());
}

#[test]
fn markdown_has_rounds_and_roll_lines() {
    let h = fight();
    let md = markdown(h.base(), h.events());
    let md_lines: Vec<&str> = md.lines().collect();
    // `<b` could open a tag in a renderer that ignores the backslash: an entity instead.
    assert_eq!(md_lines[0], "# Crypt &lt;b\\>& \"friends\" — Freeform");
    for expected in [
        "## Before the fight",
        "## Round 1",
        "## Round 2",
        "- **Harald** rolled `2d6+1` for *attack*: [4, 3] +1 = **8** _(table dice)_",
        "- **Goblin 2** moved from Yard to Hall",
        "- **Goblin 2** HP 4 → 1",
        "- Round 2 begins",
        "- **Goblin 2** is now called **Grik**",
        "- **\\*Bob\\*** left the encounter",
        "- Rolled `4d6kh3`: [(1), 6, 4, 5] = **15** _(table dice)_",
        "- *The \\*ceiling\\* creaks - loudly*",
    ] {
        assert!(md_lines.contains(&expected), "no line {expected:?} in\n{md}");
    }
    let app = md_lines.iter().find(|l| l.contains("for *Goblin 1 stabs*")).unwrap();
    assert!(app.starts_with("- **Goblin 1** rolled `d20` for *Goblin 1 stabs*: ["), "{app}");
    assert!(app.ends_with(" _(app dice)_"), "{app}");
    // Headings come in order, each once.
    let headings: Vec<&&str> = md_lines.iter().filter(|l| l.starts_with("## ")).collect();
    assert_eq!(headings, [&"## Before the fight", &"## Round 1", &"## Round 2"]);
}

#[test]
fn markdown_escapes_every_significant_character() {
    let mut out = String::new();
    markdown::escape_into(&mut out, r"a*b_c`d[e]f<g>h#i|j~k\l &amp; & m < 3 <");
    // What could open a tag or an entity is written as an entity (python-markdown ignores a
    // backslash there); the rest behind a backslash; a lone `<` or `&` stays as it is.
    assert_eq!(out, r"a\*b\_c\`d\[e\]f&lt;g\>h\#i\|j\~k\\l &amp;amp; & m \< 3 \<");
}

#[test]
fn html_escapes_hostile_names() {
    let mut h = fight();
    run(&mut h, fighter("<script>alert(1)</script>", GOBLINS, HALL, 2, 1));
    run(&mut h, fighter("\"quotes\" & ampersands", HEROES, HALL, 2, 1));
    run(&mut h, Command::Narrate { text: "<img src=x onerror=alert(2)> 'single'".into() });
    let page = html(h.base(), h.events());
    assert!(page.starts_with("<!DOCTYPE html>"));
    assert!(!page.to_ascii_lowercase().contains("<script"), "{page}");
    assert!(!page.contains("<img"), "{page}");
    assert!(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert!(page.contains("&quot;quotes&quot; &amp; ampersands"));
    assert!(page.contains("&#39;single&#39;"));
    assert!(page.contains("<title>Crypt &lt;b&gt;&amp; &quot;friends&quot; — Freeform</title>"));
    // Self-contained: nothing to fetch.
    for external in ["src=\"", "href=\"", "http://", "https://", "@import", "url("] {
        assert!(!page.contains(external), "{external} in the page");
    }
    assert_eq!(page.matches("<section>").count(), 3);
    assert_eq!(page.matches("<section>").count(), page.matches("</section>").count());
    assert_eq!(page.matches("<li ").count(), h.events().len());
    assert!(page.contains(
        "<span class=\"who\">Harald</span> rolled <code>2d6+1</code> for <i>attack</i>: \
         [4, 3] +1 = <span class=\"total\">8</span> <span class=\"src table\">table dice</span>"
    ));
    assert!(page.contains("[<span class=\"drop\">1</span>, 6, 4, 5]"));
}

#[test]
fn notation_with_comparisons_and_labels_is_escaped() {
    let mut h = fight();
    let roll = |dice: &str| Command::Roll {
        dice: Dice::parse(dice).unwrap(),
        label: "check".into(),
        roller: None,
        secret: false,
    };
    run_table(&mut h, roll("4d6r<3 [a<b & `c`]"), &[&[4, 3, 5, 6]]);
    let page = html(h.base(), h.events());
    assert!(page.contains("<code>4d6r&lt;3 [a&lt;b &amp; `c`]</code>"), "{page}");
    let md = markdown(h.base(), h.events());
    // The notation in a code span of its own (where `<` is literal); the label, anyone's
    // words, after it as escaped text, never inside a span it could close.
    assert!(md.contains("`4d6r<3` \\[a&lt;b & \\`c\\`\\]"), "{md}");
    // A dropped Fudge face reads as its sign, in the drop style.
    run_table(&mut h, roll("4dFkh3"), &[&[1, 2, 3, 3]]);
    let page = html(h.base(), h.events());
    assert!(page.contains("[<span class=\"drop\">-</span>, 0, +, +]"), "{page}");
}

#[test]
fn json_round_trips_and_replays() {
    let h = fight();
    let json = to_json(&h);
    let doc = from_json(&json).unwrap();
    assert_eq!(doc, JournalDoc::from_history(&h));
    assert_eq!(doc.to_json(), json);
    assert_eq!((doc.format.as_str(), doc.version), (FORMAT, VERSION));
    let report = replay(&doc).unwrap();
    assert_eq!(
        report,
        ReplayReport {
            commands: h.cursor(),
            events: h.events().len(),
            undone: 0,
            accounted_from: 0
        }
    );
    assert_eq!(verify_app_dice(&doc).unwrap(), 1);
    let back = doc.to_history().unwrap();
    assert_eq!(back.state(), h.state());
}

#[test]
fn json_holds_only_what_is_in_effect() {
    let mut h = fight();
    assert!(h.undo() && h.undo());
    let doc = from_json(&to_json(&h)).unwrap();
    assert_eq!(doc.commands.len(), h.cursor());
    assert_eq!(doc.events.len(), h.events().len());
    assert_eq!(replay(&doc).unwrap().commands, h.cursor());
    assert!(!markdown(h.base(), h.events()).contains("ceiling"));
}

/// The journal as a JSON value, for tampering.
fn value(h: &History) -> serde_json::Value {
    serde_json::from_str(&to_json(h)).unwrap()
}

fn replay_value(v: &serde_json::Value) -> Result<ReplayReport, ReplayError> {
    replay(&from_json(&v.to_string()).unwrap())
}

#[test]
fn tampering_with_a_face_is_caught_at_its_command() {
    let h = fight();
    let (i, seq) = find(&h, |k| matches!(k, EventKind::Rolled { roll, .. } if roll.total == 8));
    let mut v = value(&h);
    v["events"][i]["kind"]["roll"]["terms"][0]["faces"][0] = 5.into();
    match replay_value(&v) {
        Err(ReplayError::Mismatch { seq: at, expected, got }) => {
            assert_eq!(at, seq);
            assert_eq!(expected, "2d6+1: [5, 3] +1 = 8 (table)");
            assert_eq!(got, "2d6+1: [5, 3] +1 = 9 (table) from those faces");
        }
        other => panic!("{other:?}"),
    }
    // An impossible face is named as such.
    v["events"][i]["kind"]["roll"]["terms"][0]["faces"][0] = 9.into();
    let err = replay_value(&v).unwrap_err();
    assert!(
        matches!(&err, ReplayError::Mismatch { seq: at, got, .. } if *at == seq && got == "9 is not a face of a d6"),
        "{err}"
    );
}

#[test]
fn a_consistent_edit_of_app_dice_fails_the_seed_check() {
    let h = fight();
    let (i, seq) =
        find(&h, |k| matches!(k, EventKind::Rolled { roll, .. } if roll.label == "Goblin 1 stabs"));
    let mut v = value(&h);
    let roll = &mut v["events"][i]["kind"]["roll"];
    let face = roll["terms"][0]["faces"][0].as_u64().unwrap();
    let forged = if face == 20 { 19 } else { face + 1 };
    roll["terms"][0]["faces"][0] = forged.into();
    roll["terms"][0]["subtotal"] = forged.into();
    roll["total"] = forged.into();
    let doc = from_json(&v.to_string()).unwrap();
    // The faces add up and the rules would accept them, but the seed does not give them:
    // replay names the command and the roll.
    let forged = |e: &ReplayError| matches!(e, ReplayError::Forged { seq: at, .. } if *at == seq);
    assert!(forged(&verify_app_dice(&doc).unwrap_err()));
    let err = replay(&doc).unwrap_err();
    assert!(forged(&err), "{err:?}");
    assert!(err.to_string().contains("Goblin 1 stabs"), "{err}");
}

/// Forgeries a second round of trials found replaying: a roll put in another's name, and a
/// command's dice drawn again from an earlier command's stream.
#[test]
fn a_roll_in_another_name_or_a_stream_drawn_twice_does_not_replay() {
    let h = fight();
    let (i, seq) =
        find(&h, |k| matches!(k, EventKind::Rolled { roll, .. } if roll.label == "Goblin 1 stabs"));
    let mut v = value(&h);
    assert_eq!(v["events"][i]["kind"]["roll"]["roller"], "Goblin 1");
    v["events"][i]["kind"]["roll"]["roller"] = "Harald".into();
    match replay_value(&v) {
        Err(ReplayError::Mismatch { seq: at, expected, got }) => {
            assert_eq!(at, seq);
            assert!(expected.ends_with("by Harald") && got.ends_with("by Goblin 1"), "{got}");
        }
        other => panic!("{other:?}"),
    }
    // Command `seq` draws again from the stream of the command before it.
    let mut v = value(&h);
    let k = usize::try_from(seq).unwrap();
    assert!(k > 0);
    v["commands"][k]["stream"] = v["commands"][k - 1]["stream"].clone();
    let doc = from_json(&v.to_string()).unwrap();
    for err in [replay(&doc).unwrap_err(), verify_app_dice(&doc).unwrap_err()] {
        assert!(matches!(err, ReplayError::StreamReused { seq: at, .. } if at == seq), "{err:?}");
    }
    // The honest journal still replays, with its streams in order.
    let honest = from_json(&to_json(&h)).unwrap();
    assert!(honest.commands.windows(2).all(|w| w[0].stream < w[1].stream));
    replay(&honest).unwrap();
}

/// The fight, then Goblin 1's stab undone and asked again: the first stab is undone.
fn fight_with_a_roll_asked_again() -> History {
    let mut h = fight();
    let stab = Command::Roll {
        dice: Dice::parse("d20").unwrap(),
        label: "Goblin 1 stabs".into(),
        roller: Some(GOBLIN_1),
        secret: false,
    };
    run(&mut h, stab.clone());
    assert!(h.undo());
    run(&mut h, stab);
    h
}

#[test]
fn a_roll_undone_and_asked_again_is_in_the_journal_and_replays_where_it_stood() {
    let h = fight_with_a_roll_asked_again();
    let doc = from_json(&to_json(&h)).unwrap();
    assert_eq!(doc.undone.len(), 1);
    let undone = &doc.undone[0];
    assert_eq!(undone.seq, doc.commands.last().unwrap().seq, "it stood where its successor is");
    assert_eq!(undone.stream + 1, doc.commands.last().unwrap().stream);
    let report = replay(&doc).unwrap();
    assert_eq!((report.commands, report.undone, report.accounted_from), (h.cursor(), 1, 0));
    // Two app dice checked: the first stab's, undone, and the second's (and the fight's one).
    assert_eq!(verify_app_dice(&doc).unwrap(), 3);
    // Read back, the history keeps it, so a journal written again still has it.
    assert_eq!(doc.to_history().unwrap().undone(), h.undone());
}

/// The forgeries of stream shopping: the undone roll left out of the journal, and a kept
/// command's stream moved past streams no command drew, are named.
#[test]
fn a_stream_no_command_shows_does_not_replay() {
    let h = fight_with_a_roll_asked_again();
    let last = h.cursor() as u64 - 1;
    let mut v = value(&h);
    v["undone"] = serde_json::json!([]);
    let doc = from_json(&v.to_string()).unwrap();
    let missing = ReplayError::StreamMissing {
        stream: doc.commands.last().unwrap().stream - 1,
        seq: Place::kept(last),
    };
    assert_eq!(replay(&doc).unwrap_err(), missing);
    assert_eq!(verify_app_dice(&doc).unwrap_err(), missing);
    let said = missing.to_string();
    let stream = doc.commands.last().unwrap().stream - 1;
    assert!(
        said.starts_with(&format!("dice stream {stream} is missing: command {last} draws")),
        "{said}"
    );
    // A command moved on to a later stream (the seed's face there is the one wanted).
    let h = fight();
    let mut v = value(&h);
    let k = v["commands"].as_array().unwrap().len() - 1;
    let stream = v["commands"][k]["stream"].as_u64().unwrap();
    v["commands"][k]["stream"] = (stream + 3).into();
    let err = replay_value(&v).unwrap_err();
    assert_eq!(err, ReplayError::StreamMissing { stream, seq: Place::kept(k as u64) });
}

#[test]
fn an_undone_command_is_checked_like_any_other() {
    let h = fight_with_a_roll_asked_again();
    // Its app die must be the seed's on its stream.
    let mut v = value(&h);
    let roll = &mut v["undone"][0]["events"][0]["kind"]["roll"];
    let face = roll["terms"][0]["faces"][0].as_u64().unwrap();
    let forged = if face == 20 { 19 } else { face + 1 };
    roll["terms"][0]["faces"][0] = forged.into();
    roll["terms"][0]["subtotal"] = forged.into();
    roll["total"] = forged.into();
    let err = replay_value(&v).unwrap_err();
    let stream = v["undone"][0]["stream"].as_u64().unwrap();
    assert!(
        matches!(&err, ReplayError::Forged { seq, .. } if seq.undone_stream == Some(stream)),
        "{err:?}"
    );
    let at = v["undone"][0]["seq"].as_u64().unwrap();
    assert!(err.to_string().starts_with(&format!("undone command {at} (dice stream {stream})")));
    // It must stand where a command could: not past the commands given before it.
    let mut v = value(&h);
    v["undone"][0]["seq"] = 40.into();
    for e in v["undone"][0]["events"].as_array_mut().unwrap() {
        e["seq"] = 40.into();
    }
    let err = replay_value(&v).unwrap_err();
    assert!(err.to_string().contains(&format!("only {at} commands before it")), "{err}");
}

#[test]
fn a_command_in_effect_that_a_later_one_replaced_does_not_replay() {
    // "a", undone, then "b": swapping their streams claims "a" came after "b".
    let mut h =
        History::new(Encounter::new(crate::systems::registry().get("freeform").unwrap(), "x", 1));
    run(&mut h, Command::Narrate { text: "a".into() });
    assert!(h.undo());
    run(&mut h, Command::Narrate { text: "b".into() });
    let mut v = value(&h);
    let streams = (v["undone"][0]["stream"].as_u64(), v["commands"][0]["stream"].as_u64());
    assert_eq!(streams, (Some(0), Some(1)));
    v["undone"][0]["stream"] = 1.into();
    v["commands"][0]["stream"] = 0.into();
    let err = replay_value(&v).unwrap_err();
    assert_eq!(
        err,
        ReplayError::Mismatch {
            seq: Place::kept(0),
            expected: "a command in effect".into(),
            got: "a command a later one replaced".into()
        }
    );
}

#[test]
fn a_journal_naming_the_last_stream_there_is_replays_or_is_refused_without_a_panic() {
    let h = fight();
    let mut v = value(&h);
    let k = v["commands"].as_array().unwrap().len() - 1;
    v["accounted_from"] = u64::MAX.into();
    v["commands"][k]["stream"] = u64::MAX.into();
    // Its app dice (none in the last command) check; the streams are in order.
    let doc = from_json(&v.to_string()).unwrap();
    let report = replay(&doc).unwrap();
    assert_eq!(report.accounted_from, u64::MAX);
}

#[test]
fn a_version_1_journal_replays_with_its_streams_checked_for_order_only() {
    let h = fight_with_a_roll_asked_again();
    let mut v = value(&h);
    v["version"] = 1.into();
    let commands = v["commands"].as_array().unwrap();
    let last_stream = commands.last().unwrap()["stream"].as_u64().unwrap();
    let doc = from_json(&v.to_string()).unwrap();
    // Version 1 kept no undone commands: whatever the file says, none are read.
    assert!(doc.undone.is_empty());
    assert_eq!(doc.accounted_from, last_stream + 1);
    let report = replay(&doc).unwrap();
    assert_eq!((report.undone, report.accounted_from), (0, last_stream + 1));
    // Written again, it is a version 2 journal that says where its accounting starts.
    let again = from_json(&doc.to_json()).unwrap();
    assert_eq!((again.version, again.accounted_from), (VERSION, last_stream + 1));
    // A version this Fray does not know is refused by number.
    v["version"] = 3.into();
    let err = from_json(&v.to_string()).unwrap_err().to_string();
    assert_eq!(err, "journal version 3 is not supported: this Fray reads versions 1 to 2");
}

#[test]
fn a_changed_seed_or_an_unknown_system_does_not_replay() {
    let h = fight();
    let mut v = value(&h);
    v["base"]["seed"] = (h.base().seed + 1).into();
    let err = replay_value(&v).unwrap_err();
    assert!(matches!(err, ReplayError::Forged { .. }), "{err:?}");
    let mut v = value(&h);
    // A system no procedure has is refused when the journal is read, naming it: never
    // played as another one.
    v["base"]["system"] = "chess".into();
    let err = from_json(&v.to_string()).unwrap_err().to_string();
    assert!(err.contains("unknown system 'chess'"), "{err}");
    // And so is a state kept under the key of another procedure than the encounter's.
    let mut v = value(&h);
    v["base"]["d12"] = serde_json::json!({"hidden": [1]});
    let err = from_json(&v.to_string()).unwrap_err().to_string();
    assert!(err.contains("keeps the state of 'd12'"), "{err}");
}

#[test]
fn table_dice_are_taken_as_typed() {
    // A table roll edited consistently (faces and total together) replays: the players rolled
    // what the GM typed, and nothing can check it. (The edited total still has to follow.)
    let h = fight();
    let (i, _) = find(&h, |k| matches!(k, EventKind::Rolled { roll, .. } if roll.total == 8));
    let mut v = value(&h);
    let roll = &mut v["events"][i]["kind"]["roll"];
    roll["terms"][0]["faces"][0] = 5.into();
    roll["terms"][0]["subtotal"] = 8.into();
    roll["total"] = 9.into();
    let err = replay_value(&v).err();
    assert!(!matches!(err, Some(ReplayError::Forged { .. })), "{err:?}");
}

#[test]
fn tampering_with_an_event_is_caught_at_its_command() {
    let h = fight();
    let (i, seq) = find(&h, |k| matches!(k, EventKind::TrackSet { .. }));
    let mut v = value(&h);
    v["events"][i]["kind"]["to"] = 2.into();
    assert_eq!(
        replay_value(&v).unwrap_err(),
        ReplayError::Mismatch {
            seq: Place::kept(seq),
            expected: "Goblin 2 HP 4 → 2".into(),
            got: "Goblin 2 HP 4 → 1".into()
        }
    );
    // A difference no line shows is still named, by its tags.
    let mut v = value(&h);
    v["events"][i]["rule"] = "core.heal".into();
    match replay_value(&v).unwrap_err() {
        ReplayError::Mismatch { seq: at, expected, got } => {
            assert_eq!(at, seq);
            assert!(
                expected.contains("rule core.heal") && got.contains("rule core.damage"),
                "{expected} / {got}"
            );
        }
        other => panic!("{other:?}"),
    }
    // The event's own sequence number counts too.
    let mut v = value(&h);
    v["events"][i]["seq"] = 99.into();
    assert!(matches!(replay_value(&v), Err(ReplayError::Mismatch { seq: at, .. }) if at == seq));
}

#[test]
fn replay_names_refused_commands_and_wrong_dice() {
    let h = fight();
    let (_, seq) = find(&h, |k| matches!(k, EventKind::Moved { .. }));
    let mut v = value(&h);
    v["commands"][seq as usize]["command"]["to"] = 99.into();
    assert_eq!(
        replay_value(&v).unwrap_err(),
        ReplayError::Refused {
            seq: Place::kept(seq),
            reason: "no zone z99 in this encounter".into()
        }
    );
    let (_, seq) = find(&h, |k| matches!(k, EventKind::Rolled { roll, .. } if roll.total == 8));
    let mut v = value(&h);
    v["commands"][seq as usize]["command"]["dice"] = "d20".into();
    assert_eq!(
        replay_value(&v).unwrap_err(),
        ReplayError::Mismatch {
            seq: Place::kept(seq),
            expected: "a roll of 2d6+1 for 'attack' by Harald".into(),
            got: "a roll of d20 for 'attack' by Harald".into()
        }
    );
    // Another command in place of the recorded one.
    let (_, seq) = find(&h, |k| matches!(k, EventKind::ConditionAdded { .. }));
    let mut v = value(&h);
    v["commands"][seq as usize]["command"] = serde_json::json!({"type": "narrate", "text": "x"});
    assert!(matches!(replay_value(&v), Err(ReplayError::Mismatch { seq: at, .. }) if at == seq));
}

#[test]
fn from_json_refuses_other_files_clearly() {
    let h = fight();
    let mut v = value(&h);
    v["format"] = "fray-bestiary".into();
    let err = from_json(&v.to_string()).unwrap_err();
    assert_eq!(err, JournalError::NotAJournal("fray-bestiary".into()));
    assert_eq!(
        err.to_string(),
        "not a Fray journal: format is 'fray-bestiary', expected 'fray-journal'"
    );
    // A newer version is refused by its number even when its shape changed.
    let newer = serde_json::json!({"format": "fray-journal", "version": 3, "chapters": []});
    assert_eq!(
        from_json(&newer.to_string()).unwrap_err().to_string(),
        "journal version 3 is not supported: this Fray reads versions 1 to 2"
    );
    assert!(matches!(from_json("{ nope"), Err(JournalError::Malformed(_))));
    assert!(matches!(from_json("[]"), Err(JournalError::Malformed(_))));
    let mut v = value(&h);
    v["commands"][3]["events"]["end"] = 1000.into();
    assert!(matches!(from_json(&v.to_string()), Err(JournalError::Inconsistent(_))));
    let mut v = value(&h);
    v["events"][0]["v"] = 9.into();
    assert!(
        matches!(from_json(&v.to_string()), Err(JournalError::Inconsistent(m)) if m.contains("format version 9"))
    );
}

#[test]
fn view_follows_commands_undo_and_redo() {
    let mut h = fight();
    let expected = |h: &History| -> Vec<String> {
        lines(h.base(), h.events()).map(|l| l.text.into_owned()).collect()
    };
    let texts = |v: &JournalView| -> Vec<String> {
        (0..v.len()).map(|i| v.text(i).unwrap().to_owned()).collect()
    };
    let mut view = JournalView::new();
    assert!(view.sync(h.base(), h.events()));
    assert_eq!(texts(&view), expected(&h));
    assert!(!view.sync(h.base(), h.events()), "nothing new");
    h.undo();
    h.undo();
    assert!(view.sync(h.base(), h.events()));
    assert_eq!(texts(&view), expected(&h));
    run(&mut h, Command::Move { id: HARALD, to: Some(YARD) });
    assert!(view.sync(h.base(), h.events()));
    assert_eq!(texts(&view), expected(&h));
    assert_eq!(view.text(view.len() - 1), Some("Harald moved from Hall to Yard"));
    // A new command after an undo, synced only afterwards: the last event differs, so the
    // view starts over rather than keep a stale line.
    h.undo();
    run(&mut h, Command::Move { id: HARALD, to: None });
    assert!(view.sync(h.base(), h.events()));
    assert_eq!(texts(&view), expected(&h));
    let rows: Vec<Line<'_>> = view.rows(h.events(), view.len() - 2..view.len() + 5).collect();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[1].text, "Harald left Hall (off the board)");
    assert_eq!(rows[1].actor, Some(HARALD));
    // Another encounter altogether.
    let other = History::new(Encounter::new(
        crate::systems::registry().get("freeform").unwrap(),
        "Other",
        1,
    ));
    assert!(view.sync(other.base(), other.events()));
    assert!(view.is_empty());
}

mod props {
    // Any fight (random commands, table and app dice, undos) exports to JSON that reads back
    // identical and replays to the same state: the journal is a faithful record.
    use super::*;
    use proptest::prelude::*;

    #[derive(Debug, Clone)]
    enum Step {
        Hit(u8, i64),
        TableRoll(u8),
        AppRoll,
        Move(u8),
        Next,
        Undo,
    }

    fn step() -> impl Strategy<Value = Step> {
        prop_oneof![
            (0u8..3, 1i64..6).prop_map(|(w, d)| Step::Hit(w, d)),
            (1u8..7).prop_map(Step::TableRoll),
            Just(Step::AppRoll),
            (0u8..2).prop_map(Step::Move),
            Just(Step::Next),
            Just(Step::Undo),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn any_fight_round_trips_and_replays(steps in proptest::collection::vec(step(), 1..60)) {
            let mut h = History::new(Encounter::new(crate::systems::registry().get("freeform").unwrap(), "Props", 11));
            run(&mut h, side("A", true));
            run(&mut h, zone("Z1"));
            run(&mut h, zone("Z2"));
            let a = h.state().side_named("A").unwrap().id;
            let zones: Vec<ZoneId> = h.state().zones.keys().copied().collect();
            run(&mut h, fighter("W", a, zones[0], 100, 3));
            let floor = h.cursor();
            let ids: Vec<CombatantId> = h.state().combatants.keys().copied().collect();
            for s in steps {
                let d6: crate::dice::Dice = "d6".parse().unwrap();
                let result = match s {
                    Step::Hit(w, d) => h.execute(
                        Command::AdjustTrack { id: ids[w as usize], track: "hp".into(), delta: -d },
                        &mut dice(&h, &[]),
                    ).map(|_| ()),
                    Step::TableRoll(f) => h.execute(
                        Command::Roll { dice: d6, label: "t".into(), roller: Some(ids[0]), secret: false },
                        &mut dice(&h, &[&[u32::from(f)]]),
                    ).map(|_| ()),
                    Step::AppRoll => h.execute(
                        Command::Roll { dice: d6, label: "a".into(), roller: None, secret: false },
                        &mut dice(&h, &[]),
                    ).map(|_| ()),
                    Step::Move(z) => h.execute(
                        Command::Move { id: ids[1], to: Some(zones[z as usize]) },
                        &mut dice(&h, &[]),
                    ).map(|_| ()),
                    Step::Next => h.execute(Command::Advance, &mut dice(&h, &[])).map(|_| ()),
                    Step::Undo => {
                        if h.cursor() > floor {
                            h.undo();
                        }
                        Ok(())
                    }
                };
                prop_assert!(result.is_ok(), "{:?}", result);
            }
            let text = to_json(&h);
            let doc = from_json(&text).unwrap();
            prop_assert_eq!(&doc.events[..], h.events());
            let report = replay(&doc).unwrap();
            prop_assert_eq!(report.events, h.events().len());
            prop_assert!(verify_app_dice(&doc).is_ok());
        }

        // A forged journal — any place, stream or accounting changed, to anything up to the
        // largest numbers — is refused or replays; replay never panics on it.
        #[test]
        fn forged_places_and_streams_never_panic(
            edits in proptest::collection::vec((0u8..5, 0usize..40, any::<u64>(), any::<bool>()), 1..6)
        ) {
            let mut v = value(&super::fight_with_a_roll_asked_again());
            for (field, at, n, huge) in edits {
                let n: u64 = if huge { u64::MAX - (n % 3) } else { n % 40 };
                match field {
                    0 => v["accounted_from"] = n.into(),
                    1 => v["undone"][0]["stream"] = n.into(),
                    2 => v["undone"][0]["seq"] = n.into(),
                    3 => {
                        let k = at % v["commands"].as_array().unwrap().len();
                        v["commands"][k]["stream"] = n.into();
                    }
                    _ => {
                        let copy = v["undone"][0].clone();
                        let mut copy = copy;
                        copy["stream"] = n.into();
                        v["undone"].as_array_mut().unwrap().push(copy);
                    }
                }
            }
            if let Ok(doc) = from_json(&v.to_string()) {
                let _ = replay(&doc);
                let _ = verify_app_dice(&doc);
            }
        }
    }
}

#[test]
fn the_players_journal_leaves_out_what_the_table_view_hides_and_keeps_the_rest() {
    crate::systems::registry();
    let script = "\
side Party party
side Foes
zone Glade
add Aldo side Party zone Glade track hp=8
add Wolf side Foes zone Glade track hp=6
notes Wolf waits for the signal to howl
roll d20 \"ambush check\" by Wolf secret
roll d6 \"Aldo looks around\" by Aldo
say The wind turns.
show Wolf revealed
hp Wolf -2
";
    let h = crate::systems::run_script("wolf.fray", script).unwrap_or_else(|e| panic!("{e}"));
    let (base, commands, events) = (h.base(), h.live_commands(), h.events());
    let gm = markdown(base, events);
    assert!(gm.contains("**Wolf** joined Foes"), "{gm}");
    assert!(gm.contains("ambush check"), "{gm}");
    for players in [players_markdown(base, commands, events), players_html(base, commands, events)]
    {
        // The wolf joined unseen, and its secret roll and the GM's notes stay the GM's.
        assert!(!players.contains("joined Foes"), "{players}");
        assert!(!players.contains("ambush check"), "{players}");
        assert!(!players.contains("signal to howl"), "{players}");
        assert!(!players.contains("Notes on"), "{players}");
        // What the players saw stays: Aldo's roll, the narration, the wolf's wound once shown.
        assert!(players.contains("Aldo looks around"), "{players}");
        assert!(players.contains("The wind turns."), "{players}");
        assert!(players.contains("Wolf") && players.contains("6 → 4"), "{players}");
    }
}
