//! The stat-block editor: one window that renders any system's
//! [`BlockSchema`](fray_app::system::BlockSchema), so a new system gets an editor by
//! declaring its schema. Name, tags (and party for characters), the portrait, then every
//! field of the schema; each field says in red what does not hold, and a block that does not
//! validate cannot be saved. Editing works on a copy ([`Draft`]): Cancel discards it.

mod draft;
mod fields;
mod portrait;

pub use draft::Draft;

use super::library::{DeleteConfirm, confirm_delete_ui};
use crate::window::library_ops::{EntryRef, LibraryAction};
use crate::window::{Action, Model};
use eframe::egui::{self, RichText, vec2};

/// Size of the editor's labels and text (points): read from arm's length.
const TEXT_SIZE: f32 = 19.0;
/// Size of the editor's section headings.
const HEADING_SIZE: f32 = 23.0;

/// Widget state of the editor: the entry being edited, if the editor is open.
#[derive(Default)]
pub struct EditorView {
    draft: Option<Draft>,
    /// The delete confirmation, while it is asked.
    confirm: Option<DeleteConfirm>,
    /// The portrait shown, decoded once.
    preview: portrait::Preview,
    /// How many times the editor was opened: each opening scrolls afresh from the top (egui
    /// keeps a scroll offset per id, so the next entry would open where the last was left).
    openings: u64,
}

impl EditorView {
    /// Opens the editor on `draft` (replacing whatever was open), scrolled to its top.
    pub fn open(&mut self, draft: Draft) {
        let openings = self.openings.wrapping_add(1);
        *self = Self { draft: Some(draft), openings, ..Self::default() };
    }

    /// Closes the editor, discarding the draft.
    pub fn close(&mut self) {
        *self = Self { openings: self.openings, ..Self::default() };
    }

    /// Whether the editor is open.
    pub fn is_open(&self) -> bool {
        self.draft.is_some()
    }

    /// The stored entry being edited, if any (a new entry has none).
    pub fn editing(&self) -> Option<EntryRef> {
        self.draft.as_ref().and_then(|d| d.target)
    }
}

/// Draws the editor window when it is open.
pub fn editor_ui(ui: &mut egui::Ui, model: &Model, view: &mut EditorView, out: &mut Vec<Action>) {
    let _ = model;
    let Some(draft) = &mut view.draft else { return };
    let ctx = ui.ctx().clone();
    let screen = ctx.content_rect();
    let mut cancel = false;
    let heading = draft.heading();
    egui::Window::new(RichText::new(&heading).size(HEADING_SIZE).strong())
        .id(egui::Id::unique("entry-editor"))
        .collapsible(false)
        .resizable(true)
        .pivot(egui::Align2::CENTER_CENTER)
        .default_pos(screen.center())
        .default_size(vec2(screen.width().min(900.0), screen.height() * 0.85))
        .max_height(screen.height() * 0.94)
        .frame(egui::Frame::window(&ui.style().clone()).inner_margin(egui::Margin::same(22)))
        .show(&ctx, |ui| {
            calm_style(ui);
            egui::Panel::bottom("entry-editor-buttons")
                .resizable(false)
                .frame(egui::Frame::NONE.inner_margin(egui::Margin::symmetric(0, 12)))
                .show(ui, |ui| {
                    cancel = buttons_ui(ui, draft, &mut view.confirm, out);
                });
            let scroll = egui::ScrollArea::vertical().id_salt(("entry-editor", view.openings));
            scroll.auto_shrink([false, false]).show(ui, |ui| {
                ui.set_max_width(ui.available_width() - 16.0);
                for problem in draft.general_problems() {
                    let text = RichText::new(problem).color(ui.visuals().error_fg_color);
                    ui.add(egui::Label::new(text).wrap());
                }
                portrait::portrait_ui(ui, draft, &mut view.preview);
                ui.add_space(12.0);
                fields::about_ui(ui, draft);
                ui.add_space(10.0);
                fields::fields_ui(ui, draft);
                ui.add_space(24.0);
            });
        });
    confirm_delete_ui(ui, &mut view.confirm, out);
    if cancel {
        view.close();
    }
}

/// Larger text and room between the fields.
fn calm_style(ui: &mut egui::Ui) {
    let style = ui.style_mut();
    for text in [egui::TextStyle::Body, egui::TextStyle::Button, egui::TextStyle::Monospace] {
        if let Some(font) = style.text_styles.get_mut(&text) {
            font.size = TEXT_SIZE;
        }
    }
    style.spacing.item_spacing = vec2(12.0, 10.0);
    style.spacing.interact_size.y = 34.0;
    style.spacing.button_padding = vec2(14.0, 7.0);
    style.spacing.icon_width = 24.0;
    style.spacing.icon_width_inner = 12.0;
}

/// Save (refused with the reasons while the block does not hold), Cancel, and for a stored
/// entry Duplicate and Delete. Returns whether Cancel was pressed.
fn buttons_ui(
    ui: &mut egui::Ui,
    draft: &Draft,
    confirm: &mut Option<DeleteConfirm>,
    out: &mut Vec<Action>,
) -> bool {
    let problems = draft.all_problems();
    if !problems.is_empty() {
        let colour = ui.visuals().error_fg_color;
        let what = if problems.len() == 1 { "1 problem" } else { "problems" };
        ui.label(RichText::new(format!("Not saved yet — {what} to fix:")).color(colour).strong());
        for p in problems.iter().take(4) {
            ui.add(egui::Label::new(RichText::new(format!("• {p}")).color(colour)).wrap());
        }
        if problems.len() > 4 {
            ui.label(RichText::new(format!("… and {} more", problems.len() - 4)).color(colour));
        }
        ui.add_space(6.0);
    }
    let mut cancel = false;
    ui.horizontal(|ui| {
        let big = vec2(120.0, 42.0);
        let save = egui::Button::new(RichText::new("Save").strong()).min_size(big);
        let response = ui.add_enabled(problems.is_empty(), save);
        let response = match problems.first() {
            Some(reason) => response.on_disabled_hover_text(reason),
            None => response.on_hover_text("Store it in the library"),
        };
        if response.clicked() {
            out.push(Action::Library(LibraryAction::Save(Box::new(draft.saved()))));
        }
        if ui.add(egui::Button::new("Cancel").min_size(big)).clicked() {
            cancel = true;
        }
        if let Some(entry) = draft.target {
            ui.add_space(24.0);
            // Named for assistive tools: the encounter bar has its own Duplicate and Delete.
            let title = &draft.title;
            let dup = ui.add_enabled(!draft.dirty, egui::Button::new("Duplicate").min_size(big));
            let dup = dup
                .accessible_name(format!("Duplicate {title}"))
                .on_hover_text("Add a copy to the library and edit it")
                .on_disabled_hover_text("Save or cancel your changes first");
            if dup.clicked() {
                out.push(Action::Library(LibraryAction::Duplicate { entry, edit: true }));
            }
            let delete = ui.add(egui::Button::new("Delete…").min_size(big));
            if delete.accessible_name(format!("Delete {title}…")).clicked() {
                *confirm = Some(DeleteConfirm { entry, name: draft.title.clone() });
            }
        }
    });
    cancel
}
