//! The player window never leaks: random play of every procedure (the same seeded GM as
//! `random_play`, who now also reveals, hides and makes combatants anonymous, writes GM notes,
//! keeps rolls secret and changes the player-view settings), and after every event the table
//! view is checked:
//! - no string in it names a combatant the players may not see (hidden or anonymous);
//! - it carries no id at all, and no GM note;
//! - a side whose health is hidden shows none, one shown as words shows no numbers, and an
//!   anonymous token never shows numbers;
//! - a concealed character's place is not in it;
//! - it does not change when what the procedures keep secret changes: the GM's notes, d12
//!   declarations not yet revealed, bdp intentions;
//! - the journal for the players (Markdown and HTML) never names a combatant they could not
//!   see at any moment of the fight, nor carries a GM note.

use fray_app::encounter::Encounter;
use fray_app::simulate;
use fray_app::system::Owned;
use fray_app::systems::{bdp::Bdp, d12::D12};
use fray_app::table_view::{self, HealthPublic, HealthShown, TableView};
use fray_app::{History, System};
use fray_tests::{library, unknown_to_players as secret};
use serde_json::Value;

const STEPS: usize = 300;

fn seeds() -> u64 {
    std::env::var("FRAY_SOAK").ok().and_then(|s| s.parse().ok()).unwrap_or(6)
}

/// Every string in a JSON value, and every object key.
fn strings(v: &Value, out: &mut Vec<String>, keys: &mut Vec<String>) {
    match v {
        Value::String(s) => out.push(s.clone()),
        Value::Array(a) => a.iter().for_each(|x| strings(x, out, keys)),
        Value::Object(o) => {
            for (k, x) in o {
                keys.push(k.clone());
                strings(x, out, keys);
            }
        }
        _ => {}
    }
}

/// What the procedures keep secret, taken away: the view must not change.
fn without_secrets(enc: &Encounter) -> Encounter {
    let mut e = enc.clone();
    for c in e.combatants.values_mut() {
        c.notes.clear();
    }
    for z in std::sync::Arc::make_mut(&mut e.zones).values_mut() {
        z.note.clear();
    }
    if let Some(s) = D12::state_mut(&mut e.procedure) {
        let hidden = s.hidden.clone();
        std::sync::Arc::make_mut(&mut s.declared).retain(|id, _| !hidden.contains(id));
    }
    if let Some(s) = Bdp::state_mut(&mut e.procedure) {
        s.declarations = Default::default();
    }
    e
}

fn check(system: &dyn System, enc: &Encounter, at: &str) {
    let view: TableView = table_view::table_view(system, enc);
    let json = serde_json::to_value(&view).unwrap();
    let (mut texts, mut keys) = (Vec::new(), Vec::new());
    strings(&json, &mut texts, &mut keys);
    assert!(!keys.iter().any(|k| k == "id"), "{at}: an id in the table view");
    let public: Vec<&str> = enc
        .combatants
        .values()
        .filter(|c| !secret(enc, c))
        .map(|c| c.name.as_str())
        .chain(enc.zones.values().map(|z| z.name.as_str()))
        .chain(enc.sides.values().map(|s| s.name.as_str()))
        .chain([enc.name.as_str()])
        .collect();
    for c in enc.combatants.values() {
        let secret = secret(enc, c);
        // A hidden name that is part of a public one ("Goblin 1" in "Goblin 10") proves
        // nothing.
        if secret && !c.name.is_empty() && !public.iter().any(|p| p.contains(c.name.as_str())) {
            assert!(
                !texts.iter().any(|t| t.contains(c.name.as_str())),
                "{at}: {} is not shown, but the view names it: {json}",
                c.name
            );
        }
        if c.notes.len() > 3 {
            assert!(!texts.iter().any(|t| t.contains(c.notes.as_str())), "{at}: a GM note leaks");
        }
        if c.conditions.contains("concealed") {
            // Two may share a name: the placed tokens of that name are at most the
            // namesakes that are not concealed.
            let named = |x: &&fray_app::encounter::Combatant| x.name == c.name;
            let open = enc
                .combatants
                .values()
                .filter(named)
                .filter(|x| !x.conditions.contains("concealed") && x.on_board())
                .count();
            let placed = view
                .tokens
                .iter()
                .filter(|t| t.name.as_deref() == Some(&c.name) && t.place.is_some())
                .count();
            assert!(placed <= open, "{at}: {}'s concealed place leaks", c.name);
        }
    }
    for t in &view.tokens {
        let side = enc
            .sides
            .values()
            .find(|s| s.colour == t.colour && s.party == t.party)
            .map(|s| table_view::health_shown(enc, s.id));
        match (&t.health, side) {
            (Some(_), Some(HealthShown::Nothing)) => {
                // Two sides may share a colour: only fail when every such side hides health.
                let all_hide = enc
                    .sides
                    .values()
                    .filter(|s| s.colour == t.colour && s.party == t.party)
                    .all(|s| table_view::health_shown(enc, s.id) == HealthShown::Nothing);
                assert!(!all_hide, "{at}: hidden health shown");
            }
            (Some(HealthPublic::Numbers { .. }), _) if !t.known => {
                panic!("{at}: an anonymous token shows numbers")
            }
            _ => {}
        }
    }
    assert_eq!(
        view,
        table_view::table_view(system, &without_secrets(enc)),
        "{at}: the view depends on what is kept secret"
    );
}

fn play(system_id: &str) {
    let library = library(system_id);
    for seed in 1..=seeds() {
        let report = simulate::play(system_id.parse().unwrap(), seed, STEPS, &library)
            .unwrap_or_else(|f| panic!("{system_id} seed {seed}: {f}"));
        let history: &History = &report.history;
        let system = history.system();
        let mut enc = history.base().clone();
        check(system, &enc, &format!("{system_id} seed {seed} start"));
        for (i, event) in history.events().iter().enumerate() {
            enc.apply(event);
            check(system, &enc, &format!("{system_id} seed {seed} event {i}"));
        }
        check_players_journal(history, &format!("{system_id} seed {seed}"));
        // The recap on the TV, as the fight stood after every few commands.
        let commands = history.live_commands();
        let mut enc = history.base().clone();
        for (k, record) in commands.iter().enumerate() {
            enc.apply_all(&history.events()[record.events.clone()]);
            if k % 7 == 0 || k + 1 == commands.len() {
                let end = record.events.end;
                let recap = table_view::table_recap(
                    history.base(),
                    &commands[..=k],
                    &history.events()[..end],
                );
                check_recap(&enc, &recap, &format!("{system_id} seed {seed} command {k}"));
            }
        }
    }
}

/// The recap on the TV names nobody the players may not know, and carries no id or note.
fn check_recap(enc: &Encounter, recap: &table_view::TableRecap, at: &str) {
    let json = serde_json::to_value(recap).unwrap();
    let (mut texts, mut keys) = (Vec::new(), Vec::new());
    strings(&json, &mut texts, &mut keys);
    assert!(!keys.iter().any(|k| k == "id"), "{at}: an id in the recap");
    let public: Vec<&str> = enc
        .combatants
        .values()
        .filter(|c| !secret(enc, c))
        .map(|c| c.name.as_str())
        .chain(enc.zones.values().map(|z| z.name.as_str()))
        .chain([enc.name.as_str()])
        .collect();
    for c in enc.combatants.values() {
        if secret(enc, c)
            && !c.name.is_empty()
            && !public.iter().any(|p| p.contains(c.name.as_str()))
        {
            assert!(
                !texts.iter().any(|t| t.contains(c.name.as_str())),
                "{at}: {} is not shown, but the recap names it: {json}",
                c.name
            );
        }
        if c.notes.len() > 3 {
            assert!(!texts.iter().any(|t| t.contains(c.notes.as_str())), "{at}: a GM note leaks");
        }
    }
    for s in enc.sides.values().filter(|s| s.name.len() > 3) {
        let named_elsewhere = public.iter().any(|p| p.contains(s.name.as_str()));
        assert!(
            named_elsewhere || !texts.iter().any(|t| t.contains(s.name.as_str())),
            "{at}: the recap names the side {}",
            s.name
        );
    }
}

/// The journal for the players (Markdown and HTML) never names a combatant the players could
/// not see at any moment of the fight, and carries no GM note.
fn check_players_journal(history: &History, at: &str) {
    let (base, events) = (history.base(), history.events());
    let commands = history.live_commands();
    let exports = [
        fray_app::journal::players_markdown(base, commands, events),
        fray_app::journal::players_html(base, commands, events),
    ];
    let mut enc = base.clone();
    let mut notes: Vec<String> = Vec::new();
    for event in std::iter::once(None).chain(events.iter().map(Some)) {
        if let Some(event) = event {
            enc.apply(event);
        }
        notes
            .extend(enc.combatants.values().filter(|c| c.notes.len() > 3).map(|c| c.notes.clone()));
    }
    for name in fray_tests::never_seen(base, events) {
        for text in &exports {
            let line = text.lines().find(|l| l.contains(name.as_str()));
            assert!(
                line.is_none(),
                "{at}: {name} was never shown to the players, but their journal names it: {line:?}"
            );
        }
    }
    for note in &notes {
        for text in &exports {
            assert!(!text.contains(note.as_str()), "{at}: a GM note in the players' journal");
        }
    }
}

#[test]
fn no_system_leaks_to_the_player_window() {
    // The procedures are learnt at run time: without this the loop below has none to play.
    assert!(fray_app::systems::registry().all().len() >= 6, "every procedure is played");
    for system in fray_app::systems::registry().all() {
        play(system.id().as_str());
    }
}
