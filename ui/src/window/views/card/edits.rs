//! Text fields that edit a combatant: what is typed stays in an edit buffer until the GM
//! commits it (Enter or leaving the field), then becomes one override command. Escape drops
//! the edit.

use eframe::egui;
use fray_app::Command;
use fray_app::encounter::Combatant;
use fray_app::encounter::stat_label;
use std::collections::BTreeMap;

/// Which value of the combatant a field edits.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Field {
    /// The name.
    Name,
    /// A stat's value, by stat name.
    Stat(String),
    /// A track's current value, by track name.
    Track(String),
    /// A track's maximum, by track name.
    Max(String),
    /// The GM's notes.
    Notes,
}

/// Edits typed but not committed yet, by field.
pub(super) type Buffers = BTreeMap<Field, String>;

impl Field {
    /// The value the combatant has now, as the field shows it.
    pub(super) fn current(&self, c: &Combatant) -> String {
        match self {
            Field::Name => c.name.clone(),
            Field::Stat(s) => c.stat(s).unwrap_or(0).to_string(),
            Field::Track(t) => c.track(t).map_or(0, |t| t.value).to_string(),
            Field::Max(t) => c.track(t).map_or(0, |t| t.max).to_string(),
            Field::Notes => c.notes.clone(),
        }
    }

    /// The command that puts `text` into this field of `c`: `Ok(None)` when nothing
    /// changes, an error the GM can read when the text is not a value.
    pub(super) fn command(&self, c: &Combatant, text: &str) -> Result<Option<Command>, String> {
        let id = c.id;
        if text.trim() == self.current(c).trim() {
            return Ok(None);
        }
        let number = |what: &str| {
            text.trim()
                .parse::<i64>()
                .map_err(|_| format!("{what}: '{}' is not a whole number", text.trim()))
        };
        let command = match self {
            Field::Name => {
                let name = text.trim();
                if name.is_empty() {
                    return Err("A combatant needs a name".into());
                }
                Command::RenameCombatant { id, name: name.to_owned() }
            }
            Field::Stat(stat) => {
                Command::SetStat { id, stat: stat.clone(), value: number(&stat_label(stat))? }
            }
            Field::Track(track) => {
                Command::SetTrack { id, track: track.clone(), value: number(&stat_label(track))? }
            }
            Field::Max(track) => Command::SetTrackMax {
                id,
                track: track.clone(),
                max: number(&format!("{} maximum", stat_label(track)))?,
            },
            Field::Notes => Command::SetNotes { id, notes: text.trim_end().to_owned() },
        };
        Ok(Some(command))
    }
}

/// Draws a field over the combatant's current value, editing the buffer of `field`.
/// Returns the text once the GM commits it; the buffer is then emptied, so the field shows
/// the combatant again (with the new value once the command is applied).
pub(super) fn field_ui(
    ui: &mut egui::Ui,
    buffers: &mut Buffers,
    field: Field,
    current: &str,
    name: &str,
    make: impl for<'t> FnOnce(&'t mut String) -> egui::TextEdit<'t>,
) -> Option<String> {
    let mut text = buffers.get(&field).cloned().unwrap_or_else(|| current.to_owned());
    let response = ui.add(make(&mut text)).accessible_name(name);
    if response.changed() {
        buffers.insert(field.clone(), text);
    }
    if response.lost_focus() {
        let escaped = ui.input(|i| i.key_pressed(egui::Key::Escape));
        let typed = buffers.remove(&field);
        if !escaped {
            return typed;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use fray_app::encounter::{Stat, Track};
    use fray_app::ids::{CombatantId, SideId};

    fn harald() -> Combatant {
        Combatant {
            id: CombatantId(3),
            name: "Harald".into(),
            side: SideId(1),
            zone: None,
            square: None,
            size: 1,
            stats: vec![Stat { name: "str".into(), value: 14 }],
            tracks: vec![Track { name: "hp".into(), value: 12, max: 12 }],
            conditions: Default::default(),
            notes: String::new(),
            source: None,
            block: serde_json::Value::Null.into(),
        }
    }

    #[test]
    fn a_typed_value_becomes_an_override() {
        let c = harald();
        let stat = Field::Stat("str".into());
        assert_eq!(
            stat.command(&c, " 16 "),
            Ok(Some(Command::SetStat { id: c.id, stat: "str".into(), value: 16 }))
        );
        assert_eq!(stat.command(&c, "14"), Ok(None));
        assert_eq!(stat.command(&c, "x").unwrap_err(), "STR: 'x' is not a whole number");
        assert!(Field::Name.command(&c, "  ").is_err());
        assert_eq!(
            Field::Max("hp".into()).command(&c, "15"),
            Ok(Some(Command::SetTrackMax { id: c.id, track: "hp".into(), max: 15 }))
        );
    }

    #[test]
    fn names_are_shown_the_way_players_write_them() {
        assert_eq!(stat_label("hp"), "HP");
        assert_eq!(stat_label("armour"), "Armour");
    }
}
