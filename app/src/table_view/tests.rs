use super::*;

fn run(system: &str, script: &str) -> crate::History {
    let text = format!(
        "system {system}\nside Party party\nside Foes\nzone Hall\nzone Yard\nconnect Hall Yard\n{script}"
    );
    crate::systems::run_script("t.fray", &text).unwrap_or_else(|e| panic!("{e}"))
}

fn view_of(h: &crate::History) -> TableView {
    table_view(h.system(), h.state())
}

fn json(h: &crate::History) -> String {
    serde_json::to_string(&view_of(h)).unwrap()
}

fn token<'a>(v: &'a TableView, name: &str) -> Option<&'a TokenPublic> {
    v.tokens.iter().find(|t| t.name.as_deref() == Some(name))
}

const FIGHT: &str = "add Ann side Party zone Hall track hp=7/7\n\
    add Ogre side Foes zone Yard track hp=12/12\n\
    add Spy side Foes zone Yard track hp=4/4\n";

#[test]
fn a_new_foe_is_hidden_until_it_acts_or_is_shown() {
    let h = run("freeform", FIGHT);
    let v = view_of(&h);
    assert!(token(&v, "Ann").is_some(), "the party is shown");
    assert!(token(&v, "Ogre").is_none() && !json(&h).contains("Ogre"), "a new foe is hidden");
    // Its turn comes: it has acted, and shows from then on.
    let h = run("freeform", &format!("{FIGHT}order Ogre Ann Spy\nnext\n"));
    assert!(token(&view_of(&h), "Ogre").is_some_and(|t| t.acting && t.known));
    assert!(!json(&h).contains("Spy"));
    // The GM's word: anonymous, then hidden again, then shown.
    let h = run("freeform", &format!("{FIGHT}show Spy anonymous\n"));
    let v = view_of(&h);
    let unknown: Vec<&TokenPublic> = v.tokens.iter().filter(|t| !t.known).collect();
    assert_eq!(unknown.len(), 1);
    assert_eq!(unknown[0].name.as_deref(), Some(UNKNOWN));
    assert!(!json(&h).contains("Spy"), "an anonymous token has no name");
    let h = run("freeform", &format!("{FIGHT}order Ogre Ann\nnext\nshow Ogre hidden\n"));
    assert!(!json(&h).contains("Ogre"), "hidden by the GM though it acted");
    let h = run("freeform", &format!("{FIGHT}player-view new-foes revealed\n"));
    assert!(token(&view_of(&h), "Spy").is_some());
}

#[test]
fn health_is_numbers_words_or_nothing_per_side() {
    let h = run(
        "freeform",
        &format!(
            "{FIGHT}show Ogre revealed\nshow Spy revealed\nhp Ogre -5\nhp Spy -3\nhp Ann -7\n"
        ),
    );
    let v = view_of(&h);
    assert_eq!(
        token(&v, "Ogre").unwrap().health,
        Some(HealthPublic::Word { word: "hurt".into() }),
        "7 of 12 left: hurt"
    );
    assert_eq!(
        token(&v, "Spy").unwrap().health,
        Some(HealthPublic::Word { word: "badly hurt".into() })
    );
    assert_eq!(
        token(&v, "Ann").unwrap().health,
        Some(HealthPublic::Numbers { tracks: vec![("HP".into(), 0, 7)] }),
        "the party's own numbers"
    );
    let h = run(
        "freeform",
        &format!(
            "{FIGHT}show Ogre revealed\ncondition Ogre +dead\nplayer-view health Party words\n"
        ),
    );
    let v = view_of(&h);
    assert_eq!(token(&v, "Ogre").unwrap().health, Some(HealthPublic::Word { word: "dead".into() }));
    assert_eq!(
        token(&v, "Ann").unwrap().health,
        Some(HealthPublic::Word { word: "unhurt".into() })
    );
    let h =
        run("freeform", &format!("{FIGHT}show Ogre revealed\nplayer-view health Foes nothing\n"));
    assert_eq!(token(&view_of(&h), "Ogre").unwrap().health, None);
    assert!(!json(&h).contains("12"), "no number of the ogre's: {}", json(&h));
}

#[test]
fn notes_and_secret_rolls_never_reach_the_players() {
    let h = run(
        "freeform",
        &format!(
            "{FIGHT}notes Ann a secret of the GM\nedit-zone Yard note \"a pit under the straw\"\n\
             roll d20 \"for the ambush\" secret table 13\nroll d6 \"Ann's dagger\" by Ann table 4\n"
        ),
    );
    let text = json(&h);
    assert!(!text.contains("a secret of the GM") && !text.contains("pit under"));
    assert!(!text.contains("for the ambush"));
    assert_eq!(view_of(&h).last_roll.as_deref(), Some("Ann: Ann's dagger, d6 → 4"));
}

#[test]
fn a_roll_or_ruling_naming_a_hidden_foe_is_left_out() {
    let h = run(
        "freeform",
        &format!(
            "{FIGHT}roll d6 \"Ann looks around\" by Ann table 2\nroll d8 \"Spy's knife\" table 6\n"
        ),
    );
    assert_eq!(view_of(&h).last_roll.as_deref(), Some("Ann: Ann looks around, d6 → 2"));
}

#[test]
fn a_hidden_foes_turn_keeps_the_last_visible_one() {
    let h = run("freeform", &format!("{FIGHT}show Spy hidden\norder Ann Spy\nnext\n"));
    assert_eq!(view_of(&h).turn.as_deref(), Some("Ann"));
    let h = run("freeform", &format!("{FIGHT}show Spy hidden\norder Ann Spy\nnext\nnext\n"));
    let v = view_of(&h);
    assert_eq!(v.turn.as_deref(), Some("Ann"), "the spy acts unseen");
    assert!(!serde_json::to_string(&v).unwrap().contains("Spy"));
}

#[test]
fn names_off_and_a_concealed_place() {
    let h = run("freeform", &format!("{FIGHT}player-view names off\ncondition Ann +concealed\n"));
    let v = view_of(&h);
    let ann = v.tokens.iter().find(|t| t.party).unwrap();
    assert_eq!(ann.name, None);
    assert_eq!(ann.place, None, "a concealed character's place is not shown");
    let h = run("freeform", &format!("{FIGHT}show Ogre revealed\ncondition Ogre +concealed\n"));
    assert!(!json(&h).contains("Ogre"), "a concealed foe is hidden");
}

#[test]
fn blackout_rotation_and_scale_travel_with_the_view() {
    let h = run(
        "freeform",
        "player-view blackout #102030\nplayer-view rotated on\nplayer-view scale 150\n",
    );
    let v = view_of(&h);
    assert_eq!(v.blackout, Some(Blackout::Colour { colour: "#102030".into() }));
    assert!(v.rotated);
    assert_eq!(v.scale_percent, 150);
    let text = "system freeform\nplayer-view scale 1000\nexpect error \"scale\"\nplayer-view blackout red\nexpect error\n";
    crate::systems::run_script("t.fray", text).unwrap();
    assert!(crate::systems::registry().get("freeform").is_ok());
}

/// The journal's line for the player view owns a side's name as English does: "Foes'
/// health", "Party's health" (it wrote "Foes's").
#[test]
fn the_player_views_journal_line_owns_a_plural_side_without_a_second_s() {
    let h = run(
        "freeform",
        &format!("{FIGHT}player-view health Foes numbers\nplayer-view health Party words\n"),
    );
    let words = h.state().table.view.describe(h.state());
    assert!(words.contains("Foes' health: numbers"), "{words}");
    assert!(words.contains("Party's health: words"), "{words}");
    assert!(!words.contains("Foes's"), "{words}");
}

/// Ann fell dead in the fight, but the write-back kept her alive: the TV's recap says so,
/// and leaves the dead foe dead.
#[test]
fn the_recap_after_the_write_back_says_alive_whom_it_kept_alive() {
    let h = run(
        "freeform",
        "add Ann side Party zone Hall track hp=7/7\nadd Ogre side Foes zone Hall track hp=5/5\n\
         next\ncondition Ann +dead\ncondition Ogre +dead\n",
    );
    let mut recap = table_recap(h.base(), h.live_commands(), h.events());
    let end = |name: &str, r: &TableRecap| {
        r.rows.iter().find(|row| row.name == name).map(|row| row.end.clone()).unwrap()
    };
    assert_eq!((end("Ann", &recap), end("Ogre", &recap)), ("dead".into(), "dead".into()));
    let ann = h.state().combatant_named("Ann").unwrap().id;
    as_written_back(&mut recap, |id| id == ann);
    assert_eq!(end("Ann", &recap), "alive after all");
    assert_eq!(end("Ogre", &recap), "dead", "whom the write-back did not keep stays dead");
}
