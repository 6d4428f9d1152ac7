//! *Library ▸ Paste stat blocks…*: stat blocks pasted as printed, read by the chosen
//! system's schema as they are typed. Each block shows what it filled and what it could not
//! read (kept in its notes); a name the library already has asks Update, Keep both or Skip
//! (Skip until the GM says otherwise: nothing is duplicated silently). "Import N" writes
//! them in one transaction, as any import does.

use super::dialogs::{Outcome, body_ui, buttons_ui, title_ui};
use crate::window::{Action, Model, PrepAction};
use eframe::egui::{self, RichText};
use fray_app::ids::SystemId;
use fray_data::Db;
use fray_data::exchange::{self, CreatureEntry, OnClash, PastedBlock, Problems};

/// The paste being read.
pub(super) struct PasteForm {
    /// The text pasted.
    text: String,
    /// The system the blocks are for.
    system: SystemId,
    /// The text and system `read` was made from.
    read_from: Option<(String, SystemId)>,
    /// The blocks read, each with the entry its name clashes with, or the problems.
    read: Result<Vec<(PastedBlock, Option<CreatureEntry>)>, Problems>,
    /// The blocks left out of what reads (a value past its field's range, no stat), each
    /// with why.
    left_out: Vec<String>,
    /// The GM's choice for each clashing block, by block.
    choices: Vec<OnClash>,
}

impl PasteForm {
    /// An empty paste for `system`.
    pub(super) fn new(system: SystemId) -> Self {
        PasteForm {
            text: String::new(),
            system,
            read_from: None,
            read: Ok(Vec::new()),
            left_out: Vec::new(),
            choices: Vec::new(),
        }
    }

    /// Reads the text again when it or the system changed.
    fn refresh(&mut self, db: &Db) {
        let now = (self.text.clone(), self.system);
        if self.read_from.as_ref() == Some(&now) {
            return;
        }
        self.read_from = Some(now);
        self.left_out.clear();
        self.read = if self.text.trim().is_empty() {
            Ok(Vec::new())
        } else {
            exchange::read_stat_blocks("the paste", &self.text, self.system).and_then(|read| {
                self.left_out = read.left_out.iter().map(ToString::to_string).collect();
                let clashes = exchange::clashes(db, &read.blocks).map_err(|e| {
                    Problems::from(exchange::ImportProblem::file("the paste", e.to_string()))
                })?;
                Ok(read.blocks.into_iter().zip(clashes).collect())
            })
        };
        let n = self.read.as_ref().map_or(0, Vec::len);
        self.choices.resize(n, OnClash::Skip);
    }

    /// The library file the paste makes as chosen.
    fn file(&self) -> Option<exchange::LibraryFile> {
        let read = self.read.as_ref().ok()?;
        let (blocks, clashes): (Vec<PastedBlock>, Vec<Option<CreatureEntry>>) =
            read.iter().cloned().unzip();
        let file = exchange::pasted_file(&blocks, &clashes, |i| self.choices[i]);
        (!file.creatures.is_empty()).then_some(file)
    }
}

/// The paste dialog.
pub(super) fn paste_ui(
    ui: &mut egui::Ui,
    model: &Model,
    form: &mut PasteForm,
    out: &mut Vec<Action>,
) -> Outcome {
    title_ui(ui, "Paste stat blocks");
    // Everything but the buttons scrolls in what the screen leaves: with many blocks at a
    // high scale, Import, Cancel and every clash choice stay within reach.
    body_ui(ui, "paste", |ui| paste_body_ui(ui, model, form));
    let file = form.file();
    let n = file.as_ref().map_or(0, |f| f.creatures.len());
    let label = if n == 1 { "Import 1".to_owned() } else { format!("Import {n}") };
    let why = (n == 0).then_some("Paste stat blocks first");
    let (import, cancel) = buttons_ui(ui, &label, why, false);
    if import && let Some(file) = file {
        let source = "the pasted stat blocks".to_owned();
        out.push(Action::Prep(PrepAction::Import { source, file }));
    }
    if cancel { Outcome::Close } else { Outcome::Keep }
}

/// What the paste dialog holds over its buttons: the system, the text and what it reads as.
fn paste_body_ui(ui: &mut egui::Ui, model: &Model, form: &mut PasteForm) {
    ui.horizontal(|ui| {
        let label = ui.label("Stat blocks of");
        let name = form.system.system().name();
        egui::ComboBox::from_id_salt("paste-system")
            .selected_text(name)
            .show_ui(ui, |ui| {
                for s in model.db.procedures().all() {
                    ui.selectable_value(&mut form.system, s.id(), s.name());
                }
            })
            .response
            .labelled_by(label.id);
    });
    ui.label(
        RichText::new("As printed: \"Ogre: 13 HP, 1 Armor, 16 STR, club (d10)\". Blocks apart by a blank line, or one per \"Name:\" line.")
            .weak(),
    );
    let short = ui.ctx().content_rect().height() < 700.0;
    let rows = if short { 4 } else { 6 };
    let label = ui.label("Stat blocks");
    // The text keeps its height however long the paste: it scrolls within, and what it
    // reads as shows below it.
    let row = ui.text_style_height(&egui::TextStyle::Body);
    egui::ScrollArea::vertical().id_salt("paste-text").max_height(rows as f32 * row + 12.0).show(
        ui,
        |ui| {
            let field = egui::TextEdit::multiline(&mut form.text)
                .desired_rows(rows)
                .desired_width(f32::INFINITY)
                .hint_text("Paste here");
            ui.add(field).labelled_by(label.id);
        },
    );
    form.refresh(&model.db);
    ui.add_space(6.0);
    match &form.read {
        Err(problems) => {
            for p in &problems.list {
                ui.label(RichText::new(p.to_string()).color(ui.visuals().warn_fg_color));
            }
        }
        Ok(read) => {
            // What does not read is left out, each named with why; the rest comes in.
            for why in &form.left_out {
                ui.label(
                    RichText::new(format!("Left out: {why}")).color(ui.visuals().warn_fg_color),
                );
            }
            for (i, (block, clash)) in read.iter().enumerate() {
                block_ui(ui, block, clash.as_ref(), &mut form.choices[i]);
            }
        }
    }
}

/// One block: its name and what it filled, what was not read, and the clash choice.
fn block_ui(
    ui: &mut egui::Ui,
    block: &PastedBlock,
    clash: Option<&CreatureEntry>,
    choice: &mut OnClash,
) {
    let read = block.read_labels();
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(&block.entry.name).strong());
        let what = if read.is_empty() { "nothing read".to_owned() } else { read.join(", ") };
        ui.label(RichText::new(what).weak());
    });
    let warn = ui.visuals().warn_fg_color;
    for piece in &block.unread {
        ui.label(RichText::new(format!("Not read, kept in the notes: {piece}")).color(warn));
    }
    for w in &block.warnings {
        ui.label(RichText::new(w).color(warn));
    }
    if let Some(existing) = clash {
        ui.horizontal_wrapped(|ui| {
            ui.label(format!("The library has '{}':", existing.name));
            for (c, text) in [
                (OnClash::Update, "Update it"),
                (OnClash::KeepBoth, "Keep both"),
                (OnClash::Skip, "Skip"),
            ] {
                if ui.add(egui::Button::selectable(*choice == c, text)).clicked() {
                    *choice = c;
                }
            }
        });
    }
    ui.add_space(4.0);
}
