//! The families of events, each written by its own function: `write_event` sends each event
//! to its family.

use super::*;

/// Sides and combatants joining, leaving and changing name or side.
pub(super) fn roster<S: Style>(out: &mut String, enc: &Encounter, event: &Event, s: &S) {
    match &event.kind {
        EventKind::SideAdded { side } => {
            out.push_str("Side ");
            s.place(out, &side.name);
            out.push_str(" added");
            if side.party {
                out.push_str(" (the party)");
            }
        }
        EventKind::CombatantAdded { combatant: c } => {
            s.who(out, &c.name);
            out.push_str(" joined ");
            side(out, enc, c.side, s);
            match (c.zone, c.square) {
                (Some(z), _) => {
                    out.push_str(" in ");
                    zone(out, enc, z, s);
                }
                (None, Some(at)) => out.push_str(&format!(" at {at}")),
                (None, None) => out.push_str(", off the board"),
            }
            let mut first = true;
            for t in &c.tracks {
                out.push_str(if first { " (" } else { ", " });
                first = false;
                stat_name(out, &t.name, s);
                out.push(' ');
                push_fmt(out, t.value);
                out.push('/');
                push_fmt(out, t.max);
            }
            for cond in &c.conditions {
                out.push_str(if first { " (" } else { ", " });
                first = false;
                s.text(out, cond);
            }
            if !first {
                out.push(')');
            }
        }
        EventKind::CombatantRemoved { name, .. } => {
            s.who(out, name);
            out.push_str(" left the encounter");
        }
        EventKind::CombatantRenamed { id, name } => {
            who(out, enc, *id, s);
            out.push_str(" is now called ");
            s.who(out, name);
        }
        EventKind::SideChanged { id, side: to } => {
            who(out, enc, *id, s);
            out.push_str(" now fights for ");
            side(out, enc, *to, s);
        }
        // The other events are written by their own family (see `write_event`).
        _ => {}
    }
}

/// The zones: added, edited, placed, removed, linked.
pub(super) fn zones<S: Style>(out: &mut String, enc: &Encounter, event: &Event, s: &S) {
    match &event.kind {
        EventKind::ZoneAdded { zone: z } => {
            out.push_str("Zone ");
            s.place(out, &z.name);
            out.push_str(" added");
            if let Some(cap) = z.capacity {
                out.push_str(" (room for ");
                push_fmt(out, cap);
                out.push(')');
            }
        }
        EventKind::ZoneEdited { id, name, capacity, note } => {
            out.push_str("Zone ");
            zone(out, enc, *id, s);
            out.push_str(" edited: ");
            s.place(out, name);
            match capacity {
                Some(cap) => {
                    out.push_str(", room for ");
                    push_fmt(out, *cap);
                }
                None => out.push_str(", no size limit"),
            }
            if !note.is_empty() {
                out.push_str(", ");
                s.text(out, note);
            }
        }
        EventKind::ZonePlaced { id, .. } => {
            out.push_str("Zone ");
            zone(out, enc, *id, s);
            out.push_str(" moved on the board");
        }
        EventKind::ZoneRemoved { name, .. } => {
            out.push_str("Zone ");
            s.place(out, name);
            out.push_str(" removed");
        }
        EventKind::ZonesConnected { a, b } | EventKind::ZonesDisconnected { a, b } => {
            zone(out, enc, *a, s);
            out.push_str(" and ");
            zone(out, enc, *b, s);
            out.push_str(if matches!(event.kind, EventKind::ZonesConnected { .. }) {
                " connected"
            } else {
                " no longer connected"
            });
        }
        // The other events are written by their own family (see `write_event`).
        _ => {}
    }
}

/// The grid: its size, walls, battle map, board and difficult squares.
pub(super) fn grid<S: Style>(out: &mut String, enc: &Encounter, event: &Event, _s: &S) {
    match &event.kind {
        EventKind::GridSet { width, height, feet } => {
            out.push_str(if enc.grid.is_some() {
                "The grid is now "
            } else {
                "The board is a grid of "
            });
            push_fmt(out, width);
            out.push_str(" × ");
            push_fmt(out, height);
            out.push_str(" squares of ");
            push_fmt(out, feet);
            out.push_str(" ft");
        }
        EventKind::WallsSet { edges, kind } => {
            let n = edges.len();
            match kind {
                Some(kind) => {
                    if n == 1 {
                        out.push_str(if kind.label().starts_with('o') { "An " } else { "A " });
                    }
                    if n > 1 {
                        push_fmt(out, n);
                        out.push(' ');
                    }
                    out.push_str(kind.label());
                    out.push_str(if n == 1 { " put" } else { " edges put" });
                }
                None => {
                    push_fmt(out, n);
                    out.push_str(if n == 1 { " edge cleared" } else { " edges cleared" });
                }
            }
            if let (Some(first), Some(last)) = (edges.first(), edges.last()) {
                let [a, _] = first.ends();
                let [_, b] = last.ends();
                out.push_str(&format!(" from ({}, {}) to ({}, {})", a.0, a.1, b.0, b.1));
            }
        }
        EventKind::MapSet { map: Some(m) } => {
            out.push_str(&format!(
                "Battle map laid under the grid ({} × {} squares)",
                m.width_squares, m.height_squares
            ));
        }
        EventKind::MapSet { map: None } => out.push_str("Battle map taken away"),
        EventKind::BoardSet { grid } => {
            let doors =
                grid.walls.iter().filter(|w| matches!(w.kind, WallKind::Door { .. })).count();
            out.push_str(&format!(
                "Board loaded: {} × {} squares of {} ft, {} wall edges ({} door{}){}",
                grid.width,
                grid.height,
                grid.feet,
                grid.walls.len(),
                doors,
                if doors == 1 { "" } else { "s" },
                if grid.map.is_some() { ", with its map" } else { "" }
            ));
        }
        EventKind::DifficultSet { squares, on } => {
            push_fmt(out, squares.len());
            out.push_str(if squares.len() == 1 { " square " } else { " squares " });
            out.push_str(if *on { "made difficult" } else { "cleared of difficult ground" });
            if let Some(first) = squares.first() {
                out.push_str(&format!(" from {first}"));
            }
        }
        // The other events are written by their own family (see `write_event`).
        _ => {}
    }
}

/// Where combatants stand on the board: placed, resized, moved.
pub(super) fn placing<S: Style>(out: &mut String, enc: &Encounter, event: &Event, s: &S) {
    match &event.kind {
        EventKind::Placed { id, from, to, cost_ft } => {
            who(out, enc, *id, s);
            match (from, to, cost_ft) {
                (Some(f), Some(t), Some(cost)) => {
                    out.push_str(&format!(" moved from {f} to {t} ({cost} ft)"));
                }
                (Some(f), Some(t), None) => out.push_str(&format!(" placed at {t} (from {f})")),
                (None, Some(t), _) => out.push_str(&format!(" placed at {t}")),
                (Some(f), None, _) => out.push_str(&format!(" left the grid from {f}")),
                (None, None, _) => out.push_str(" stayed off the grid"),
            }
        }
        EventKind::SizeSet { id, size } => {
            who(out, enc, *id, s);
            out.push_str(&format!(" now takes {size}×{size} squares"));
        }
        EventKind::Moved { id, from, to } => {
            who(out, enc, *id, s);
            match (from, to) {
                (Some(f), Some(t)) => {
                    out.push_str(" moved from ");
                    zone(out, enc, *f, s);
                    out.push_str(" to ");
                    zone(out, enc, *t, s);
                }
                (None, Some(t)) => {
                    out.push_str(" entered ");
                    zone(out, enc, *t, s);
                }
                (Some(f), None) => {
                    out.push_str(" left ");
                    zone(out, enc, *f, s);
                    out.push_str(" (off the board)");
                }
                (None, None) => out.push_str(" stayed off the board"),
            }
        }
        // The other events are written by their own family (see `write_event`).
        _ => {}
    }
}

/// What a combatant's sheet shows and the players see: stats, tracks, conditions, notes, rolls, the table view.
pub(super) fn sheets<S: Style>(out: &mut String, enc: &Encounter, event: &Event, s: &S) {
    match &event.kind {
        EventKind::StatSet { id, stat: name, from, to }
        | EventKind::TrackSet { id, track: name, from, to } => {
            who(out, enc, *id, s);
            out.push(' ');
            stat_name(out, name, s);
            out.push(' ');
            push_fmt(out, *from);
            out.push_str(" → ");
            push_fmt(out, *to);
        }
        EventKind::TrackMaxSet { id, track, max } => {
            who(out, enc, *id, s);
            out.push(' ');
            stat_name(out, track, s);
            out.push_str(" maximum set to ");
            push_fmt(out, *max);
        }
        // From rules edition 3 a condition of several words ("lost an eye", "arm wound") is
        // said as what it is, "Ada: lost an eye", not "Ada is now lost an eye"; a word that is
        // a state still reads "Ada is now prone".
        EventKind::ConditionAdded { id, condition } if said_as_itself(enc, condition) => {
            who(out, enc, *id, s);
            out.push_str(": ");
            s.text(out, condition);
        }
        EventKind::ConditionAdded { id, condition } => {
            who(out, enc, *id, s);
            out.push_str(" is now ");
            s.text(out, condition);
        }
        EventKind::ConditionRemoved { id, condition } if said_as_itself(enc, condition) => {
            who(out, enc, *id, s);
            out.push_str(": ");
            s.text(out, condition);
            out.push_str(" (lifted)");
        }
        EventKind::ConditionRemoved { id, condition } => {
            who(out, enc, *id, s);
            out.push_str(" is no longer ");
            s.text(out, condition);
        }
        EventKind::NotesSet { id, .. } => {
            out.push_str("Notes on ");
            who(out, enc, *id, s);
            out.push_str(" updated");
        }
        EventKind::Rolled { roll, secret } => {
            write_roll(out, enc, event.actor, roll, s);
            if *secret {
                out.push_str(" (kept from the players)");
            }
        }
        EventKind::PlayerViewSet { view } => {
            s.text(out, &format!("Player window: {}", view.describe(enc)));
        }
        EventKind::ShownSet { id, shown } => {
            who(out, enc, *id, s);
            out.push_str(match shown {
                Some(crate::table_view::Shown::Revealed) => " is shown to the players",
                Some(crate::table_view::Shown::Anonymous) => {
                    " is shown to the players as an unknown creature"
                }
                Some(crate::table_view::Shown::Hidden) => " is hidden from the players",
                None => " is shown to the players as new combatants are",
            });
        }
        // The other events are written by their own family (see `write_event`).
        _ => {}
    }
}

/// The order, turns, rounds, phases, settings and timers.
pub(super) fn turns<S: Style>(out: &mut String, enc: &Encounter, event: &Event, s: &S) {
    match &event.kind {
        EventKind::OrderSet { order } => {
            if order.iter().all(|e| e.combatants.is_empty()) {
                out.push_str("Order cleared");
                return;
            }
            out.push_str("Order: ");
            let mut first = true;
            for entry in order.iter().filter(|e| !e.combatants.is_empty()) {
                if !first {
                    out.push_str(", ");
                }
                first = false;
                group(out, enc, &entry.combatants, s);
                if let Some(count) = entry.count {
                    out.push_str(" (");
                    push_fmt(out, count);
                    out.push(')');
                }
            }
        }
        EventKind::TurnStarted { index: None } => out.push_str("Nobody is acting"),
        EventKind::TurnStarted { index: Some(i) } => match enc.order.get(*i) {
            Some(entry) if entry.combatants.len() == 1 => {
                who(out, enc, entry.combatants[0], s);
                out.push_str("'s turn");
            }
            Some(entry) if !entry.combatants.is_empty() => {
                group(out, enc, &entry.combatants, s);
                out.push_str(" act together");
            }
            _ => {
                out.push_str("Turn ");
                push_fmt(out, i + 1);
            }
        },
        EventKind::RoundStarted { round } => {
            out.push_str("Round ");
            push_fmt(out, *round);
            out.push_str(" begins");
        }
        EventKind::PhaseEntered { phase } => {
            out.push_str("Phase: ");
            let label = enc
                .system()
                .phases()
                .iter()
                .find(|p| p.id == phase)
                .map_or(phase.as_str(), |p| p.label);
            s.text(out, label);
        }
        EventKind::SettingChanged { key, value } => {
            out.push_str("Setting ");
            let spec = enc.system().settings().into_iter().find(|spec| spec.key == key);
            s.text(out, spec.as_ref().map_or(key.as_str(), |spec| spec.label));
            if value.is_null() {
                out.push_str(" back to its default");
            } else {
                out.push_str(" set to ");
                s.text(out, &value.to_string());
            }
        }
        EventKind::TimerSet { timer } => {
            who(out, enc, timer.id, s);
            out.push_str(" stays ");
            s.text(out, &timer.condition);
            out.push(' ');
            s.text(out, &timer_words(enc, &timer.until));
        }
        EventKind::TimerEnded { id, condition } => {
            who(out, enc, *id, s);
            out.push_str("'s ");
            s.text(out, condition);
            out.push_str(" has run its time");
        }
        // The other events are written by their own family (see `write_event`).
        _ => {}
    }
}

/// The GM's words and rulings, and the tables loaded.
pub(super) fn words<S: Style>(out: &mut String, _enc: &Encounter, event: &Event, s: &S) {
    match &event.kind {
        EventKind::Narration { text } => s.narration(out, text),
        EventKind::Ruling { text } => s.text(out, text),
        EventKind::TablesLoaded { tables } => {
            out.push_str("Tables from the library: ");
            let list: Vec<String> = tables
                .iter()
                .map(|t| match t.table.rows.len() {
                    0 => format!("{} (no rows yet)", t.table.name),
                    1 => format!("{} ({}, 1 row)", t.table.name, t.table.dice),
                    n => format!("{} ({}, {n} rows)", t.table.name, t.table.dice),
                })
                .collect();
            let list = if list.is_empty() { "none".to_owned() } else { list.join(", ") };
            s.text(out, &list);
        }
        // What is left is a procedure's own fact, in its own words.
        // The other events are written by their own family (see `write_event`).
        _ => {}
    }
}
/// Whether `condition` is said as itself ("Ada: lost an eye"): several words, in a fight of
/// rules edition 3 or later (earlier journals read as they were written).
fn said_as_itself(enc: &crate::encounter::Encounter, condition: &str) -> bool {
    enc.rules >= 3 && condition.trim().contains(' ')
}
