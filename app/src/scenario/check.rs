//! `expect` lines run: each compares one thing in the state with what the script says, and
//! a mismatch names both.

use super::names::{combatant, find_option, find_prompt, side, zone};
use super::parse::{Expect, Kind};
use crate::event::EventKind;
use crate::history::History;
use crate::ids::SideId;
use crate::space::grid::GridPos;

/// Runs an expectation against the state.
// dispatch: each family of expectations is checked by its own function below
pub(super) fn check(history: &History, expect: &Expect) -> Result<(), String> {
    match expect {
        Expect::Error(_) => unreachable!("handled by the run loop"),
        Expect::Round(_)
        | Expect::Phase(_)
        | Expect::Turn(_)
        | Expect::Order(_)
        | Expect::Roll { .. }
        | Expect::TableView { .. }
        | Expect::Setting { .. }
        | Expect::Commands(_) => fight(history, expect),
        Expect::Prompt(_) | Expect::NoPrompt(_) | Expect::Option { .. } => prompts(history, expect),
        Expect::Connected { .. }
        | Expect::ZoneHolds { .. }
        | Expect::ZoneCapacity { .. }
        | Expect::ZoneNote { .. }
        | Expect::Absent { .. }
        | Expect::In { .. } => zones(history, expect),
        Expect::At { .. }
        | Expect::Cover { .. }
        | Expect::Sees { .. }
        | Expect::Distance { .. } => space(history, expect),
        Expect::Condition { .. }
        | Expect::Side { .. }
        | Expect::Notes { .. }
        | Expect::Value { .. } => sheets(history, expect),
    }
}

/// A mismatch, naming both: what the script expected and what the state has.
fn mismatch(what: String, want: String, got: String) -> Result<(), String> {
    if want == got { Ok(()) } else { Err(format!("expected {what} {want}, got {got}")) }
}

/// The fight as a whole: round, phase, turn, order, the last roll, the table view, a setting, the commands.
fn fight(history: &History, expect: &Expect) -> Result<(), String> {
    let enc = history.state();
    match expect {
        Expect::Round(n) => mismatch("round".into(), n.to_string(), enc.round.to_string()),
        Expect::Phase(p) => mismatch("phase".into(), p.clone(), shown(&enc.phase)),
        Expect::Turn(who) => {
            let acting = enc.acting();
            let (ok, want) = match who {
                Some(n) => {
                    let id = combatant(enc, n)?;
                    (acting.contains(&id), enc.name_of(id))
                }
                None => (acting.is_empty(), "nobody".into()),
            };
            let got: Vec<String> = acting.iter().map(|id| enc.name_of(*id)).collect();
            let got = if got.is_empty() { "nobody".into() } else { got.join(" and ") };
            if ok { Ok(()) } else { Err(format!("expected {want}'s turn, but it is {got}'s")) }
        }
        Expect::Order(names) => {
            let want: Vec<String> = names
                .iter()
                .map(|n| combatant(enc, n).map(|id| enc.name_of(id)))
                .collect::<Result<_, _>>()?;
            let got: Vec<String> = enc
                .order
                .iter()
                .flat_map(|e| e.combatants.iter().map(|id| enc.name_of(*id)))
                .collect();
            mismatch("the order".into(), list(&want), list(&got))
        }
        Expect::Roll { total, faces } => {
            let roll = history
                .events()
                .iter()
                .rev()
                .find_map(|e| match &e.kind {
                    EventKind::Rolled { roll, .. } => Some(roll),
                    _ => None,
                })
                .ok_or("expected a roll, but nothing has been rolled")?;
            mismatch("the last roll's total".into(), total.to_string(), roll.total.to_string())?;
            match faces {
                Some(f) => mismatch(
                    "the last roll's faces".into(),
                    format!("{f:?}"),
                    format!("{:?}", roll.faces()),
                ),
                None => Ok(()),
            }
        }
        Expect::TableView { text, has } => {
            let view = crate::table_view::table_view(history.system(), enc);
            let json = serde_json::to_string(&view).unwrap_or_default();
            match (json.contains(text.as_str()), has) {
                (true, true) | (false, false) => Ok(()),
                (false, true) => Err(format!("expected the table view to hold '{text}': {json}")),
                (true, false) => Err(format!("expected the table view to lack '{text}': {json}")),
            }
        }
        Expect::Setting { key, value } => {
            let got = enc.setting(key).cloned().unwrap_or(serde_json::Value::Null);
            mismatch(format!("setting {key} to be"), value.to_string(), got.to_string())
        }
        Expect::Commands(n) => {
            mismatch("commands in effect:".into(), n.to_string(), history.cursor().to_string())
        }
        other => Err(format!("{other:?} is checked by its own family (see `check`)")),
    }
}

/// What the procedure asks now, and its options.
fn prompts(history: &History, expect: &Expect) -> Result<(), String> {
    let enc = history.state();
    match expect {
        Expect::Prompt(p) => {
            let prompts = crate::system::waiting::prompts(history.system(), enc);
            find_prompt(&prompts, p).map(|_| ())
        }
        Expect::NoPrompt(p) => {
            let prompts = crate::system::waiting::prompts(history.system(), enc);
            match find_prompt(&prompts, p) {
                Ok(found) => {
                    Err(format!("expected no prompt '{p}', but '{}' is open", found.title))
                }
                Err(_) => Ok(()),
            }
        }
        Expect::Option { prompt, option, enabled, reason } => {
            let prompts = crate::system::waiting::prompts(history.system(), enc);
            let (_, o) = find_option(&prompts, prompt, option)?;
            let state = |on: bool| if on { "enabled" } else { "disabled" };
            mismatch(
                format!("'{}' to be", o.label),
                state(*enabled).into(),
                state(o.enabled).into(),
            )?;
            match reason {
                Some(want) => {
                    let got = o.reason.clone().unwrap_or_default();
                    if got.to_lowercase().contains(&want.to_lowercase()) {
                        Ok(())
                    } else {
                        Err(format!(
                            "expected the reason for '{}' to mention '{want}', got '{got}'",
                            o.label
                        ))
                    }
                }
                None => Ok(()),
            }
        }
        other => Err(format!("{other:?} is checked by its own family (see `check`)")),
    }
}

/// The zones, who is in one, and who or what is gone.
fn zones(history: &History, expect: &Expect) -> Result<(), String> {
    let enc = history.state();
    match expect {
        Expect::Connected { a, b, connected } => {
            let (za, zb) = (zone(enc, a)?, zone(enc, b)?);
            let got = enc.zone(za).is_some_and(|z| z.adjacent.contains(&zb));
            let word = |on: bool| if on { "connected" } else { "not connected" };
            mismatch(format!("{a} and {b} to be"), word(*connected).into(), word(got).into())
        }
        Expect::ZoneHolds { zone: z, count } => {
            let id = zone(enc, z)?;
            let got = enc.in_zone(id).count();
            mismatch(format!("{z} to hold"), count.to_string(), got.to_string())
        }
        Expect::ZoneCapacity { zone: z, capacity } => {
            let got = enc.zone(zone(enc, z)?).and_then(|z| z.capacity);
            let show = |c: Option<u32>| c.map_or("none".into(), |c| c.to_string());
            mismatch(format!("{z}'s capacity"), show(*capacity), show(got))
        }
        Expect::ZoneNote { zone: z, note } => {
            let got = enc.zone(zone(enc, z)?).map(|z| z.note.clone()).unwrap_or_default();
            mismatch(format!("{z}'s note"), format!("'{note}'"), format!("'{got}'"))
        }
        Expect::Absent { what, name } => {
            let present = match what {
                Kind::Combatant => enc.combatant_named(name).is_some(),
                Kind::Zone => enc.zone_named(name).is_some(),
                Kind::Side => enc.side_named(name).is_some(),
            };
            if present {
                Err(format!("expected no {} called '{name}', but there is one", what.word()))
            } else {
                Ok(())
            }
        }
        Expect::In { who, zone: z } => {
            let c = enc.combatant(combatant(enc, who)?).expect("just found");
            let want = match z {
                Some(z) => enc.zone(zone(enc, z)?).map(|z| z.name.clone()).unwrap_or_default(),
                None => "off the board".into(),
            };
            let got =
                c.zone.and_then(|z| enc.zone(z)).map_or("off the board".into(), |z| z.name.clone());
            if want == got {
                Ok(())
            } else {
                Err(format!("expected {} in {want}, but they are in {got}", c.name))
            }
        }
        other => Err(format!("{other:?} is checked by its own family (see `check`)")),
    }
}

/// Where combatants stand and what they see of each other.
fn space(history: &History, expect: &Expect) -> Result<(), String> {
    let enc = history.state();
    match expect {
        Expect::At { who, at } => {
            let c = enc.combatant(combatant(enc, who)?).expect("just found");
            let say = |p: Option<GridPos>| p.map_or("off the grid".to_owned(), |p| p.to_string());
            if c.square == *at {
                Ok(())
            } else {
                Err(format!(
                    "expected {} at {}, but they are at {}",
                    c.name,
                    say(*at),
                    say(c.square)
                ))
            }
        }
        Expect::Cover { who, from, cover } => {
            let target = enc.combatant(combatant(enc, who)?).expect("just found");
            let attacker = enc.combatant(combatant(enc, from)?).expect("just found");
            let got = crate::reach::cover(enc, target, attacker);
            if got == *cover {
                Ok(())
            } else {
                Err(format!(
                    "expected {} to have {} from {}, but they have {}",
                    target.name,
                    cover.label(),
                    attacker.name,
                    got.label()
                ))
            }
        }
        Expect::Sees { who, other, sees } => {
            let a = enc.combatant(combatant(enc, who)?).expect("just found");
            let b = enc.combatant(combatant(enc, other)?).expect("just found");
            let got = crate::reach::sees(enc, a, b);
            if got == *sees {
                Ok(())
            } else {
                let says = |s: bool| if s { "sees" } else { "does not see" };
                Err(format!(
                    "expected {} {} {}, but {} {} {}",
                    a.name,
                    says(*sees),
                    b.name,
                    a.name,
                    says(got),
                    b.name
                ))
            }
        }
        Expect::Distance { who, other, distance } => {
            let a = enc.combatant(combatant(enc, who)?).expect("just found");
            let b = enc.combatant(combatant(enc, other)?).expect("just found");
            let got = crate::reach::range(enc, a, b);
            let n = got.map(|d| match d {
                crate::space::Distance::Steps(n) | crate::space::Distance::Feet(n) => n,
            });
            if n == Some(*distance) {
                Ok(())
            } else {
                let said = got
                    .map_or("no distance (off the board or no way)".to_owned(), |d| d.to_string());
                Err(format!("expected {} {distance} from {}, but it is {said}", a.name, b.name))
            }
        }
        other => Err(format!("{other:?} is checked by its own family (see `check`)")),
    }
}

/// A combatant's conditions, side, notes and values.
fn sheets(history: &History, expect: &Expect) -> Result<(), String> {
    let enc = history.state();
    match expect {
        Expect::Condition { who, condition, present } => {
            let c = enc.combatant(combatant(enc, who)?).expect("just found");
            let got = c.conditions.contains(condition);
            if got == *present {
                Ok(())
            } else if *present {
                let has =
                    if c.conditions.is_empty() { "none".into() } else { list_set(&c.conditions) };
                Err(format!(
                    "expected {} to be {condition}, but they are not (conditions: {has})",
                    c.name
                ))
            } else {
                Err(format!("expected {} not to be {condition}, but they are", c.name))
            }
        }
        Expect::Side { who, side: s } => {
            let c = enc.combatant(combatant(enc, who)?).expect("just found");
            let want = side(enc, s)?;
            let name = |id: SideId| enc.side(id).map_or(id.to_string(), |s| s.name.clone());
            mismatch(format!("{}'s side", c.name), name(want), name(c.side))
        }
        Expect::Notes { who, notes } => {
            let c = enc.combatant(combatant(enc, who)?).expect("just found");
            mismatch(format!("{}'s notes", c.name), format!("'{notes}'"), format!("'{}'", c.notes))
        }
        Expect::Value { who, key, value, max } => {
            let c = enc.combatant(combatant(enc, who)?).expect("just found");
            if let Some(t) = c.track(key) {
                let (want, got) = match max {
                    Some(m) => (format!("{value}/{m}"), format!("{}/{}", t.value, t.max)),
                    None => (value.to_string(), t.value.to_string()),
                };
                return mismatch(format!("{}'s {key}", c.name), want, got);
            }
            if max.is_some() {
                return Err(format!("{} has no track '{key}'", c.name));
            }
            match c.stat(key) {
                Some(got) => {
                    mismatch(format!("{}'s {key}", c.name), value.to_string(), got.to_string())
                }
                None => Err(format!("{} has no track or stat '{key}'", c.name)),
            }
        }

        other => Err(format!("{other:?} is checked by its own family (see `check`)")),
    }
}

pub(super) fn shown(s: &str) -> String {
    if s.is_empty() { "(none)".into() } else { s.to_owned() }
}

pub(super) fn list(names: &[String]) -> String {
    if names.is_empty() { "(empty)".into() } else { names.join(", ") }
}

pub(super) fn list_set(names: &std::collections::BTreeSet<String>) -> String {
    names.iter().cloned().collect::<Vec<_>>().join(", ")
}
