//! The recap in plain sentences, shared by the exports and the window (each escapes them for
//! its own markup): the fight's headline facts, harm as "7 HP + 3 STR", a blow count.

use super::figures::{FightRecap, Figures, Points};

/// How every procedure's recap counts what the procedure leaves to the core.
pub const COMMON: &[(&str, &str)] = &[
    (
        "Whose harm",
        "the striker's the procedure names; else whoever rolled last in that command, other than the one harmed; a track lowered by hand right after someone's free roll is that roller's; else nobody's (bleeding, strain, the GM's hand)",
    ),
    (
        "Taken out",
        "down, dying, dead, fled or surrendered by the procedure's rules, by whoever harmed it last (in that command, or before it when that command harmed it not)",
    ),
    (
        "Turned",
        "from the end of that round on, one side had more standing than any other, to the end",
    ),
];

/// Harm in words, each track by its label: "7 HP + 3 STR"; "—" for none.
pub fn points(r: &FightRecap, p: &Points) -> String {
    // In the procedure's order of tracks, not the key order.
    let mut parts: Vec<String> = r
        .tracks
        .iter()
        .filter_map(|(k, label)| p.get(k).filter(|v| **v != 0).map(|v| format!("{v} {label}")))
        .collect();
    parts.extend(
        p.iter()
            .filter(|(k, v)| **v != 0 && !r.tracks.iter().any(|(t, _)| t == *k))
            .map(|(k, v)| format!("{v} {k}")),
    );
    if parts.is_empty() { "—".to_owned() } else { parts.join(" + ") }
}

/// Every track summed, or "—" for none (the evening's table, where tracks of several fights
/// meet).
pub fn summed(p: &Points) -> String {
    let v: i64 = p.values().sum();
    if v == 0 { "—".to_owned() } else { v.to_string() }
}

/// The rounds fought, as the headline opens: "3 rounds.".
pub fn rounds(r: &FightRecap) -> String {
    match r.rounds {
        0 => "The fight never began.".to_owned(),
        1 => "1 round.".to_owned(),
        n => format!("{n} rounds."),
    }
}

/// A name cut to what a chart has room for (18 characters, an ellipsis past them).
pub fn short(name: &str) -> String {
    short_to(name, 18)
}

/// A name cut to `chars` characters, an ellipsis for the rest.
pub fn short_to(name: &str, chars: usize) -> String {
    if name.chars().count() <= chars {
        return name.to_owned();
    }
    let mut s: String = name.chars().take(chars.saturating_sub(1)).collect();
    s.push('…');
    s
}

/// "2 / 1 / 0": landed, missed, avoided.
pub fn blows(f: &Figures) -> String {
    format!("{} / {} / {}", f.landed, f.missed, f.avoided)
}

/// Names of `ids`, joined, or "—".
pub fn names(r: &FightRecap, ids: &[crate::ids::CombatantId]) -> String {
    if ids.is_empty() {
        return "—".to_owned();
    }
    ids.iter().map(|id| r.name_of(*id)).collect::<Vec<_>>().join(", ")
}

/// Who took `f` out, each time: "Ragnar", "nobody's blow"; "—" when never.
pub fn out_by(r: &FightRecap, f: &Figures) -> String {
    if f.taken_out_by.is_empty() {
        return "—".to_owned();
    }
    f.taken_out_by
        .iter()
        .map(|b| b.map_or("nobody's blow", |b| r.name_of(b)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The fight's headline, a sentence each: rounds, the turn, the biggest blow, the closest
/// call, harm nobody dealt.
pub fn headline(r: &FightRecap) -> Vec<String> {
    let mut lines = vec![rounds(r)];
    if let Some(t) = &r.turned {
        let side = r.sides.iter().find(|s| s.id == t.side).map_or("One side", |s| s.name.as_str());
        lines.push(format!(
            "The fight turned in round {}: from its end on, {side} had more standing than anyone.",
            t.round
        ));
    }
    if let Some(b) = &r.biggest {
        let by = b.by.map_or("Nobody's blow", |by| r.name_of(by));
        lines.push(format!(
            "Biggest blow: {by} on {}, {} in round {}.",
            r.name_of(b.on),
            points(r, &b.points),
            b.round
        ));
    }
    if let Some(c) = &r.closest {
        lines.push(format!(
            "Closest call: {}, down to {} of {} in round {}.",
            r.name_of(c.who),
            c.left,
            c.max,
            c.round
        ));
    }
    if r.unattributed.values().any(|v| *v != 0) {
        lines.push(format!(
            "Harm no one's blow dealt (bleeding, strain, the GM's hand): {}.",
            points(r, &r.unattributed)
        ));
    }
    lines
}

/// The combatants worth a row: everyone who acted, was harmed or is still on the board (not
/// those folded into a detachment untouched).
pub fn rows(r: &FightRecap) -> impl Iterator<Item = &Figures> {
    r.combatants.iter().filter(|f| {
        f.turns > 0
            || f.end != "Removed"
            || !f.taken.is_empty()
            || !f.dealt.is_empty()
            || f.landed + f.missed + f.avoided + f.reactions > 0
    })
}

/// The side's name of `f`.
pub fn side_of<'a>(r: &'a FightRecap, f: &Figures) -> &'a str {
    r.sides.iter().find(|s| s.id == f.side).map_or("", |s| s.name.as_str())
}

/// The side's colour of `f` (`#rrggbb`).
pub fn colour_of<'a>(r: &'a FightRecap, f: &Figures) -> &'a str {
    r.sides.iter().find(|s| s.id == f.side).map_or("#888888", |s| s.colour.as_str())
}

/// How a combatant ended: "up", or the procedure's word.
pub fn end(f: &Figures) -> &str {
    if f.end.is_empty() { "up" } else { &f.end }
}
