//! The one-line description of an event, shared by every format.
//!
//! There is one `match` over the event kinds, [`write_event`]; the formats differ only in how
//! they dress names, numbers and free text, which a [`Style`] decides. So the plain line the
//! window shows, the Markdown bullet and the HTML entry always say the same thing.

use crate::space::grid::WallKind;
use std::fmt::{self, Write as _};

use crate::dice::{Dice, Roll, RollSource};
use crate::encounter::Encounter;
pub use crate::encounter::timer::timer_words;
use crate::event::{Event, EventKind};
use crate::ids::{CombatantId, SideId, ZoneId};
pub use crate::style::Style;
use crate::system;

mod families;
use families::{grid, placing, roster, sheets, turns, words, zones};

/// The style of the window's journal and of [`describe`]: no markup at all.
pub(crate) struct Plain;

impl Style for Plain {
    fn who(&self, out: &mut String, name: &str) {
        push_one_line(out, name);
    }

    fn place(&self, out: &mut String, name: &str) {
        push_one_line(out, name);
    }

    fn text(&self, out: &mut String, text: &str) {
        push_one_line(out, text);
    }

    fn narration(&self, out: &mut String, text: &str) {
        push_one_line(out, text);
    }

    fn dice(&self, out: &mut String, dice: &Dice) {
        let _ = write!(out, "{dice}");
    }

    fn label(&self, out: &mut String, label: &str) {
        out.push_str(" \"");
        push_one_line(out, label);
        out.push('"');
    }

    fn total(&self, out: &mut String, total: i64) {
        push_fmt(out, total);
    }

    fn source(&self, out: &mut String, source: RollSource) {
        // Same convention as `Roll::summary`: only dice typed in from the table are marked.
        if source == RollSource::Table {
            out.push_str(" (table)");
        }
    }
}

/// Appends `text` with control characters (line breaks, tabs) as spaces, so an entry stays
/// one line whatever the GM typed.
pub(crate) fn push_one_line(out: &mut String, text: &str) {
    if text.contains(char::is_control) {
        out.extend(text.chars().map(|c| if c.is_control() { ' ' } else { c }));
    } else {
        out.push_str(text);
    }
}

/// Appends anything printable (numbers, dice) without an intermediate `String`.
pub(crate) fn push_fmt(out: &mut String, n: impl fmt::Display) {
    let _ = write!(out, "{n}");
}

/// One readable line for `event`, with names as they are in `before` (the state just before
/// the event): `Harald rolled 2d6+1 "Harald attacks": [4, 3] +1 = 8 (table)`.
///
/// To describe a whole log, walk it with [`lines`] rather than calling this with a state you
/// fold yourself: it does exactly that, once.
pub fn describe(before: &Encounter, event: &Event) -> String {
    let mut out = String::with_capacity(64);
    write_event(&mut out, before, event, &Plain);
    out
}

/// Appends the description of `event` to `out`, in `style`, with names from `before`.
// dispatch: each family of events is written by its own function below
pub(crate) fn write_event<S: Style>(out: &mut String, before: &Encounter, event: &Event, s: &S) {
    let enc = before;
    match &event.kind {
        EventKind::SideAdded { .. }
        | EventKind::CombatantAdded { .. }
        | EventKind::CombatantRemoved { .. }
        | EventKind::CombatantRenamed { .. }
        | EventKind::SideChanged { .. } => roster(out, enc, event, s),
        EventKind::ZoneAdded { .. }
        | EventKind::ZoneEdited { .. }
        | EventKind::ZonePlaced { .. }
        | EventKind::ZoneRemoved { .. }
        | EventKind::ZonesConnected { .. }
        | EventKind::ZonesDisconnected { .. } => zones(out, enc, event, s),
        EventKind::GridSet { .. }
        | EventKind::WallsSet { .. }
        | EventKind::MapSet { .. }
        | EventKind::BoardSet { .. }
        | EventKind::DifficultSet { .. } => grid(out, enc, event, s),
        EventKind::Placed { .. } | EventKind::SizeSet { .. } | EventKind::Moved { .. } => {
            placing(out, enc, event, s)
        }
        EventKind::StatSet { .. }
        | EventKind::TrackSet { .. }
        | EventKind::TrackMaxSet { .. }
        | EventKind::ConditionAdded { .. }
        | EventKind::ConditionRemoved { .. }
        | EventKind::NotesSet { .. }
        | EventKind::Rolled { .. }
        | EventKind::PlayerViewSet { .. }
        | EventKind::ShownSet { .. } => sheets(out, enc, event, s),
        EventKind::OrderSet { .. }
        | EventKind::TurnStarted { .. }
        | EventKind::RoundStarted { .. }
        | EventKind::PhaseEntered { .. }
        | EventKind::SettingChanged { .. }
        | EventKind::TimerSet { .. }
        | EventKind::TimerEnded { .. } => turns(out, enc, event, s),
        EventKind::Narration { .. } | EventKind::Ruling { .. } | EventKind::TablesLoaded { .. } => {
            words(out, enc, event, s)
        }
        own => system::registry::journal_own(out, enc, own, s),
    }
}

/// `Harald rolled 2d6+1 "attack": [4, 3] +1 = 8 (table)`, laid out like `Roll::summary`.
fn write_roll<S: Style + ?Sized>(
    out: &mut String,
    enc: &Encounter,
    actor: Option<CombatantId>,
    roll: &Roll,
    s: &S,
) {
    // The roll keeps the roller's name as it was; the actor is the fallback for systems
    // that roll on someone's behalf without naming them.
    match (&roll.roller, actor) {
        (Some(name), _) => {
            s.who(out, name);
            out.push_str(" rolled ");
        }
        (None, Some(id)) => {
            who(out, enc, id, s);
            out.push_str(" rolled ");
        }
        (None, None) => out.push_str("Rolled "),
    }
    write_roll_body(out, roll, s);
}

/// A roll made outside any fight (the tray between fights, a rest): who rolled, if anyone,
/// then the roll.
pub(crate) fn write_bare_roll<S: Style + ?Sized>(out: &mut String, roll: &Roll, s: &S) {
    match &roll.roller {
        Some(name) => {
            s.who(out, name);
            out.push_str(" rolled ");
        }
        None => out.push_str("Rolled "),
    }
    write_roll_body(out, roll, s);
}

/// `2d6+1 "attack": [4, 3] +1 = 8 (table)`.
fn write_roll_body<S: Style + ?Sized>(out: &mut String, roll: &Roll, s: &S) {
    s.dice(out, &roll.dice);
    // An empty label is replaced by the notation when rolling; saying it twice adds nothing.
    if !prints_as(&roll.dice, &roll.label) {
        s.label(out, &roll.label);
    }
    out.push(':');
    let _ = roll.write_faces(out, &mut |out, term, result| {
        out.push('[');
        for (j, (face, kept)) in result.faces.iter().zip(&result.kept).enumerate() {
            if j > 0 {
                out.push_str(", ");
            }
            s.face(out, term.sides, *face, *kept);
        }
        out.push(']');
    });
    out.push_str(" = ");
    s.total(out, roll.total);
    s.source(out, roll.source);
}

/// Whether `dice` prints exactly as `text`, without allocating the printed form.
fn prints_as(dice: &Dice, text: &str) -> bool {
    struct Prefix<'a>(&'a str);
    impl fmt::Write for Prefix<'_> {
        fn write_str(&mut self, s: &str) -> fmt::Result {
            match self.0.strip_prefix(s) {
                Some(rest) => {
                    self.0 = rest;
                    Ok(())
                }
                None => Err(fmt::Error),
            }
        }
    }
    let mut rest = Prefix(text);
    write!(rest, "{dice}").is_ok() && rest.0.is_empty()
}

/// A combatant's name as it is now, or its id when it no longer exists.
pub(crate) fn who<S: Style + ?Sized>(out: &mut String, enc: &Encounter, id: CombatantId, s: &S) {
    match enc.combatant(id) {
        Some(c) => s.who(out, &c.name),
        None => s.who(out, &id.to_string()),
    }
}

/// Names joined by ` & ` (combatants acting together).
pub(crate) fn group<S: Style + ?Sized>(
    out: &mut String,
    enc: &Encounter,
    ids: &[CombatantId],
    s: &S,
) {
    for (i, id) in ids.iter().enumerate() {
        if i > 0 {
            out.push_str(" & ");
        }
        who(out, enc, *id, s);
    }
}

fn zone<S: Style + ?Sized>(out: &mut String, enc: &Encounter, id: ZoneId, s: &S) {
    match enc.zone(id) {
        Some(z) => s.place(out, &z.name),
        None => s.place(out, &id.to_string()),
    }
}

fn side<S: Style + ?Sized>(out: &mut String, enc: &Encounter, id: SideId, s: &S) {
    match enc.side(id) {
        Some(side) => s.place(out, &side.name),
        None => s.place(out, &id.to_string()),
    }
}

/// Stat and track names as the GM reads them everywhere (see `stat_label`), escaped for the
/// format.
fn stat_name<S: Style + ?Sized>(out: &mut String, name: &str, s: &S) {
    s.text(out, &crate::encounter::stat_label(name));
}
