//! The live journal: newest last, one line per event, filter by combatant, virtualised.
//!
//! Only the rows in view are drawn (`ScrollArea::show_rows`), and their text comes ready from
//! [`fray_app::journal::JournalView`]: a frame costs the same with 100 or 100 000 events.
//! A combatant filter keeps the matching line numbers, rebuilt only when the filter or the
//! journal changes (and only extended when events were added).

use crate::window::{Action, Model};
use eframe::egui::{self, RichText};
use fray_app::dice::RollSource;
use fray_app::ids::CombatantId;
use fray_app::journal::Line;
use fray_app::system::Phase;
use fray_app::{Event, EventKind};
use fray_data::EncounterId;

/// Widget state of the journal panel.
#[derive(Default)]
pub struct JournalPanelView {
    /// Show only the lines about this combatant.
    filter: Option<CombatantId>,
    /// The lines the filter keeps.
    rows: FilteredRows,
}

impl JournalPanelView {
    /// The combatant whose lines are shown, if the journal is filtered.
    pub fn filter(&self) -> Option<CombatantId> {
        self.filter
    }

    /// How many lines the filter lets through, bringing its rows up to `events` first.
    fn shown(&mut self, encounter: EncounterId, events: &[Event]) -> usize {
        match self.filter {
            Some(id) => {
                self.rows.sync(id, encounter, events);
                self.rows.indices.len()
            }
            None => events.len(),
        }
    }
}

/// Line numbers of the events about one combatant, with what they were computed from.
#[derive(Default)]
struct FilteredRows {
    /// What `indices` was built from; `None` = nothing built yet.
    key: Option<RowsKey>,
    /// Matching line numbers, ascending.
    indices: Vec<usize>,
}

/// What the filtered rows depend on.
#[derive(PartialEq)]
struct RowsKey {
    filter: CombatantId,
    encounter: EncounterId,
    len: usize,
    /// The last event seen: the same length with another last event (an undo followed by a
    /// new command) means the log changed.
    last: Option<Event>,
}

impl FilteredRows {
    /// Brings the rows up to `events`: nothing to do when nothing changed, only the new
    /// events are looked at when some were added, and a fresh scan otherwise.
    fn sync(&mut self, filter: CombatantId, encounter: EncounterId, events: &[Event]) {
        let len = events.len();
        let from = match &self.key {
            Some(k) if k.filter == filter && k.encounter == encounter => {
                let kept = k.len.min(len);
                let prefix_same =
                    kept == 0 || (kept == k.len && events.get(kept - 1) == k.last.as_ref());
                if kept == len && k.len == len && prefix_same {
                    return;
                }
                if prefix_same {
                    kept
                } else if len < k.len {
                    // Undo: the log only lost its tail, the rest still stands.
                    let cut = self.indices.partition_point(|&i| i < len);
                    self.indices.truncate(cut);
                    len
                } else {
                    0
                }
            }
            _ => 0,
        };
        if from == 0 {
            self.indices.clear();
        }
        self.indices.extend(
            events[from..]
                .iter()
                .enumerate()
                .filter(|(_, e)| e.actor == Some(filter))
                .map(|(i, _)| from + i),
        );
        self.key = Some(RowsKey { filter, encounter, len, last: events.last().cloned() });
    }
}

/// Draws the journal.
pub fn journal_panel_ui(
    ui: &mut egui::Ui,
    model: &Model,
    view: &mut JournalPanelView,
    out: &mut Vec<Action>,
) {
    let Some(session) = &model.session else { return };
    let state = session.state();
    let events = session.history().events();
    // The journal view is synced by `apply`; never show more lines than it has.
    let total = model.journal.len().min(events.len());
    let events = &events[..total];

    let mut shown = view.shown(session.encounter_id(), events);

    ui.add_space(4.0);
    let filter_before = view.filter;
    ui.horizontal(|ui| {
        ui.label(RichText::new("Journal").size(20.0).strong());
        let count = match view.filter {
            Some(_) => format!("{shown} of {total} entries"),
            None if total == 1 => "1 entry".to_owned(),
            None => format!("{total} entries"),
        };
        ui.label(RichText::new(count).weak());
        ui.add_space(16.0);
        let label = ui.label("Show");
        let selected = match view.filter {
            Some(id) => state.name_of(id),
            None => "Everyone".to_owned(),
        };
        egui::ComboBox::from_id_salt("journal-filter")
            .width(220.0)
            .selected_text(selected)
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut view.filter, None, "Everyone");
                for c in state.combatants.values() {
                    ui.selectable_value(&mut view.filter, Some(c.id), &c.name)
                        .accessible_name(format!("Only {}", c.name));
                }
            })
            .response
            .labelled_by(label.id);
    });
    ui.separator();
    if view.filter != filter_before {
        shown = view.shown(session.encounter_id(), events);
    }

    if shown == 0 {
        let text = if total == 0 {
            "Nothing has happened yet. What the GM does lands here, one line each."
        } else {
            "Nothing about this combatant yet."
        };
        ui.label(RichText::new(text).weak());
        // The panel as full as with lines in it: the first line does not resize it.
        ui.allocate_space(ui.available_size());
        return;
    }

    let phases = state.system().phases();
    let row_height = ui.text_style_height(&egui::TextStyle::Body).max(22.0);
    // Named, so a screen reader (or a test) can tell the journal's lines from the rest.
    let region = egui::UiBuilder::new().accessibility_label("Journal lines");
    ui.scope_builder(region, |ui| {
        egui::ScrollArea::vertical()
            .id_salt(("journal-rows", session.encounter_id(), view.filter))
            .auto_shrink(false)
            // Follows new lines while the GM is at the bottom; scrolling up stops it.
            .stick_to_bottom(true)
            .show_rows(ui, row_height, shown, |ui, range| {
                for row in range {
                    let index = match view.filter {
                        Some(_) => view.rows.indices[row],
                        None => row,
                    };
                    if let Some(line) = model.journal.line(events, index) {
                        let narration = matches!(events[index].kind, EventKind::Narration { .. });
                        line_ui(ui, &line, phases, row_height, narration, out);
                    }
                }
            });
    });
}

/// One journal line: when (small), a dice mark for rolls, and the sentence; clicking it
/// selects whom it is about.
fn line_ui(
    ui: &mut egui::Ui,
    line: &Line<'_>,
    phases: &[Phase],
    height: f32,
    narration: bool,
    out: &mut Vec<Action>,
) {
    let size = egui::vec2(ui.available_width(), height);
    let layout = egui::Layout::left_to_right(egui::Align::Center);
    ui.allocate_ui_with_layout(size, layout, |ui| {
        ui.set_height(height);
        let when = when(line.round, line.phase, phases);
        let (rect, _) =
            ui.allocate_exact_size(egui::vec2(WHEN_WIDTH, height), egui::Sense::hover());
        ui.painter().text(
            rect.left_center(),
            egui::Align2::LEFT_CENTER,
            when,
            egui::TextStyle::Small.resolve(ui.style()),
            ui.visuals().weak_text_color(),
        );
        let (rect, response) =
            ui.allocate_exact_size(egui::vec2(26.0, height), egui::Sense::hover());
        if let Some(roll) = line.roll {
            let table = roll.source == RollSource::Table;
            die_mark(ui, rect.center(), table);
            response.on_hover_text(if table {
                "Dice rolled at the table and typed in"
            } else {
                "Dice rolled by Fray"
            });
        }
        // One colour for every line, clickable or not; rolls stand out, the GM's words lean.
        let visuals = ui.visuals();
        let text = RichText::new(line.text.as_ref());
        let text = if line.roll.is_some() {
            text.color(visuals.strong_text_color())
        } else if narration {
            text.color(visuals.text_color()).italics()
        } else {
            text.color(visuals.text_color())
        };
        // A click on a line shows the card of whom it is about.
        let sense = if line.actor.is_some() { egui::Sense::click() } else { egui::Sense::hover() };
        if ui.add(egui::Label::new(text).truncate().sense(sense)).clicked() {
            out.push(Action::Select(line.actor));
        }
    });
}

/// A small die drawn by hand (no emoji font needed): filled amber for dice rolled at the
/// table, an outline for Fray's own.
fn die_mark(ui: &egui::Ui, centre: egui::Pos2, table: bool) {
    let rect = egui::Rect::from_center_size(centre, egui::vec2(14.0, 14.0));
    let painter = ui.painter();
    let weak = ui.visuals().weak_text_color();
    let (pip, stroke) = if table {
        let amber = egui::Color32::from_rgb(0xd9, 0x8e, 0x2b);
        painter.rect_filled(rect, 3.0, amber);
        (egui::Color32::WHITE, egui::Stroke::NONE)
    } else {
        (weak, egui::Stroke::new(1.5, weak))
    };
    painter.rect_stroke(rect, 3.0, stroke, egui::StrokeKind::Inside);
    for offset in [-3.5, 0.0, 3.5] {
        painter.circle_filled(centre + egui::vec2(offset, offset), 1.4, pip);
    }
}

/// Width of the "R2 · Turns" column.
const WHEN_WIDTH: f32 = 130.0;

/// "Set up", "R2 · Turns": the round and phase a line happened in, short.
fn when(round: u32, phase: &str, phases: &[Phase]) -> String {
    let label = phases.iter().find(|p| p.id == phase).map_or(phase, |p| p.label);
    match (round, label.is_empty()) {
        (0, true) => "Before".to_owned(),
        (0, false) => label.to_owned(),
        (r, true) => format!("R{r}"),
        (r, false) => format!("R{r} · {label}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(seq: u64, actor: Option<u32>) -> Event {
        Event {
            v: 1,
            seq,
            round: 0,
            phase: "".into(),
            actor: actor.map(CombatantId),
            rule: "core.narrate".into(),
            kind: EventKind::Narration { text: format!("line {seq}") },
        }
    }

    #[test]
    fn filtered_rows_follow_additions_undo_and_a_changed_tail() {
        let who = CombatantId(1);
        let enc = EncounterId(1);
        let mut log: Vec<Event> = (0..6).map(|i| event(i, (i % 2 == 0).then_some(1))).collect();
        let mut rows = FilteredRows::default();
        rows.sync(who, enc, &log);
        assert_eq!(rows.indices, [0, 2, 4]);
        log.push(event(6, Some(1)));
        rows.sync(who, enc, &log);
        assert_eq!(rows.indices, [0, 2, 4, 6]);
        log.truncate(3);
        rows.sync(who, enc, &log);
        assert_eq!(rows.indices, [0, 2]);
        // Same length, another last event: rebuilt.
        log[2] = event(9, None);
        rows.sync(who, enc, &log);
        assert_eq!(rows.indices, [0]);
        rows.sync(CombatantId(2), enc, &log);
        assert_eq!(rows.indices, Vec::<usize>::new());
    }

    #[test]
    fn when_is_short() {
        let phases = [Phase { id: "turns", label: "Turns" }];
        assert_eq!(when(0, "", &phases), "Before");
        assert_eq!(when(2, "turns", &phases), "R2 · Turns");
        assert_eq!(when(3, "odd", &phases), "R3 · odd");
    }
}
