//! The prep bench in the library: the Tables, Detachments and Templates tabs, and the party
//! rows of the Characters tab. One file per view: [`tables`] (the list) and [`table_editor`]
//! (the dialog) over [`table_form`] (its state), [`detachments`], [`templates`], [`parties`].

pub mod detachments;
pub mod parties;
pub mod table_editor;
pub mod table_form;
pub mod tables;
pub mod templates;

pub use parties::PartyDrop;

use eframe::egui::{self, RichText};

/// A list read from the library and the (system, library version) it was read for: it is
/// read again when either changes.
pub(super) type ReadFor<T> = Option<((fray_app::ids::SystemId, u64), T)>;

/// Widget state of the prep bench.
#[derive(Default)]
pub struct PrepView {
    /// The Tables tab and its editor.
    pub tables: tables::TablesView,
    /// The Detachments tab and its form.
    pub detachments: detachments::DetachmentsView,
    /// The Templates tab.
    pub templates: templates::TemplatesView,
    /// The party rows of the Characters tab.
    pub parties: parties::PartiesView,
}

impl PrepView {
    /// Closes the template forms once what they saved is stored.
    pub fn close_template_form(&mut self) {
        self.detachments.form = None;
        self.templates.rename = None;
    }
}

/// A modal dialog of the prep bench, `width` wide at most. Its content decides when it
/// closes (a stray click beside an editor must not lose the GM's work).
pub(crate) fn modal_ui<R>(
    ctx: &egui::Context,
    id: &str,
    width: f32,
    add: impl FnOnce(&mut egui::Ui) -> R,
) -> R {
    let frame = egui::Frame::popup(&ctx.global_style()).inner_margin(20.0);
    let screen = ctx.content_rect();
    egui::Modal::new(egui::Id::unique(("fray-prep-dialog", id)))
        .frame(frame)
        .show(ctx, |ui| {
            ui.set_width((screen.width() - 80.0).clamp(280.0, width));
            add(ui)
        })
        .inner
}

/// What a dialog needs under its body: the row of [`buttons_ui`] (14 points of space and a
/// 40-point row), the frame's inner margin and a little air.
const BUTTONS_ROOM: f32 = 14.0 + 40.0 + 20.0 + 16.0;

/// A dialog's body, scrolled in what the screen has left between where it starts and the
/// buttons under it: however much it holds (a long paste, many people to review), the
/// buttons stay on the screen at any scale.
///
/// The body is laid out in a rectangle of exactly that room, not in what the dialog's area
/// offers: an area offers the size it had the frame before, so a body measured against it
/// grew by the height of the buttons under it every frame (60 points a frame for nine frames
/// in a long settings dialog), and the buttons ran away from the pointer aimed at them.
pub(crate) fn body_ui<R>(ui: &mut egui::Ui, salt: &str, add: impl FnOnce(&mut egui::Ui) -> R) -> R {
    let room = (ui.ctx().content_rect().bottom() - ui.cursor().top() - BUTTONS_ROOM).max(48.0);
    let rect = egui::Rect::from_min_size(ui.cursor().min, egui::vec2(ui.available_width(), room));
    ui.scope_builder(egui::UiBuilder::new().max_rect(rect), |ui| {
        egui::ScrollArea::vertical()
            .id_salt(("dialog-body", salt))
            .max_height(room)
            .auto_shrink([false, true])
            .show(ui, add)
            .inner
    })
    .inner
}

/// The title of a dialog, with room under it.
pub(crate) fn title_ui(ui: &mut egui::Ui, title: &str) {
    ui.label(RichText::new(title).heading());
    ui.add_space(10.0);
}

/// Cancel and the main button, on the right; the main one is off (with `why`) when there
/// is a reason. Returns (main clicked, cancel clicked).
pub(crate) fn buttons_ui(
    ui: &mut egui::Ui,
    main: &str,
    why: Option<&str>,
    danger: bool,
) -> (bool, bool) {
    ui.add_space(14.0);
    let mut clicked = (false, false);
    let size = egui::vec2(ui.available_width(), 40.0);
    ui.allocate_ui_with_layout(size, egui::Layout::right_to_left(egui::Align::Center), |ui| {
        let mut text = RichText::new(main).strong();
        if danger {
            text = text.color(egui::Color32::WHITE);
        }
        let mut button = egui::Button::new(text).min_size(egui::vec2(110.0, 36.0));
        if danger {
            button = button.fill(egui::Color32::from_rgb(0xb0, 0x3a, 0x2e));
        }
        let main = ui.add_enabled(why.is_none(), button);
        clicked.0 = match why {
            Some(why) => main.on_disabled_hover_text(why).clicked(),
            None => main.clicked(),
        };
        clicked.1 = ui.add(egui::Button::new("Cancel").min_size(egui::vec2(90.0, 36.0))).clicked();
        if let Some(why) = why {
            ui.add_space(12.0);
            ui.add(egui::Label::new(RichText::new(why).color(ui.visuals().warn_fg_color)).wrap());
        }
    });
    clicked
}

/// A row of the prep lists: the name and a line of detail, then small buttons named after
/// the entry ("Edit Injuries"). Returns the label of the button clicked.
pub(crate) fn list_row_ui(
    ui: &mut egui::Ui,
    name: &str,
    detail: &str,
    buttons: &[&'static str],
) -> Option<&'static str> {
    let mut clicked = None;
    egui::Frame::new()
        .fill(ui.visuals().faint_bg_color)
        .corner_radius(6.0)
        .inner_margin(egui::Margin::symmetric(10, 6))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.add(egui::Label::new(RichText::new(name).strong()).truncate());
            if !detail.is_empty() {
                ui.add(egui::Label::new(RichText::new(detail).small().weak()).truncate());
            }
            ui.horizontal_wrapped(|ui| {
                for &b in buttons {
                    let label = b.trim_end_matches('…');
                    let more = if b.ends_with('…') { "…" } else { "" };
                    if ui.small_button(b).accessible_name(format!("{label} {name}{more}")).clicked()
                    {
                        clicked = Some(b);
                    }
                }
            });
        });
    ui.add_space(4.0);
    clicked
}

/// The question before deleting `name` (it can be put back with Undo). Returns
/// `Some(true)` to delete, `Some(false)` to keep it.
pub(crate) fn confirm_delete_ui(ctx: &egui::Context, what: &str, name: &str) -> Option<bool> {
    modal_ui(ctx, "delete", 520.0, |ui| {
        title_ui(ui, &format!("Delete the {what}"));
        ui.label(format!("Delete '{name}'?"));
        ui.label(RichText::new("Undo in the status line puts it back.").weak());
        match buttons_ui(ui, "Delete", None, true) {
            (true, _) => Some(true),
            (_, true) => Some(false),
            _ if ui.input(|i| i.key_pressed(egui::Key::Escape)) => Some(false),
            _ => None,
        }
    })
}
