//! The editor's portrait: the thumbnail chosen, "Choose portrait…" (a file dialog for a PNG,
//! JPEG or WebP, made into a 256-pixel square), a typed path beside it for a desktop that
//! offers no dialog, and "Remove portrait". Saved with the entry.

use super::draft::Draft;
use crate::window::file_dialog;
use crate::window::views::portraits;
use eframe::egui::{self, RichText, vec2};

/// Side of the thumbnail shown in the editor, in points.
const SHOWN: f32 = 112.0;

/// The portrait field's own state: the decoded thumbnail, kept while the same portrait is
/// shown, and the path being typed.
#[derive(Default)]
pub(super) struct Preview {
    /// The texture and the length of the PNG it was made from.
    texture: Option<(egui::TextureHandle, usize)>,
    /// A path typed instead of choosing in the dialog.
    typed: String,
}

/// The thumbnail (or an empty disc) and its buttons; a refused file says why.
pub(super) fn portrait_ui(ui: &mut egui::Ui, draft: &mut Draft, preview: &mut Preview) {
    ui.horizontal(|ui| {
        let (rect, _) = ui.allocate_exact_size(vec2(SHOWN, SHOWN), egui::Sense::hover());
        let texture = draft.portrait.as_deref().and_then(|png| {
            if preview.texture.as_ref().is_none_or(|(_, len)| *len != png.len()) {
                preview.texture =
                    portraits::texture(ui.ctx(), "editor-portrait", png).map(|t| (t, png.len()));
            }
            preview.texture.as_ref().map(|(t, _)| t.id())
        });
        let visuals = ui.visuals();
        let painter = ui.painter();
        painter.circle_filled(rect.center(), SHOWN / 2.0, visuals.faint_bg_color);
        match texture {
            Some(id) => portraits::paint_round(painter, rect.center(), SHOWN / 2.0 - 2.0, id),
            None => {
                let font = egui::FontId::proportional(15.0);
                let colour = visuals.weak_text_color();
                painter.text(
                    rect.center(),
                    egui::Align2::CENTER_CENTER,
                    "No portrait",
                    font,
                    colour,
                );
            }
        }
        painter.circle_stroke(rect.center(), SHOWN / 2.0, visuals.widgets.noninteractive.bg_stroke);
        ui.add_space(16.0);
        ui.vertical(|ui| {
            ui.add_space(16.0);
            let choose = ui
                .button("Choose portrait…")
                .on_hover_text("A PNG, JPEG or WebP image; it is cut to a square");
            if choose.clicked()
                && let Some(path) = file_dialog::pick(file_dialog::Files {
                    kind: "portrait",
                    title: "Choose a portrait",
                    filter: "Images (PNG, JPEG, WebP)",
                    extensions: &["png", "jpg", "jpeg", "webp"],
                })
            {
                take_file(draft, &path);
            }
            ui.horizontal(|ui| {
                let label = ui.label("Or its path");
                // As wide as the row allows beside Use: a path is long.
                let width = (ui.available_width() - 64.0).max(160.0);
                let field = egui::TextEdit::singleline(&mut preview.typed)
                    .hint_text("~/Pictures/ogre.png")
                    .desired_width(width);
                let typed = ui
                    .add(field)
                    .labelled_by(label.id)
                    .on_hover_text("The image file's path, typed or pasted; Enter or Use takes it");
                let path = file_dialog::typed_path(&preview.typed);
                let entered = typed.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                let use_it = ui.add_enabled(path.is_some(), egui::Button::new("Use"));
                if (use_it.clicked() || entered)
                    && let Some(path) = path
                {
                    take_file(draft, &path);
                }
            });
            if draft.portrait.is_some() && ui.button("Remove portrait").clicked() {
                draft.portrait = None;
                draft.portrait_changed = true;
                draft.dirty = true;
            }
            if let Some(error) = &draft.portrait_error {
                let text = RichText::new(error).color(ui.visuals().error_fg_color);
                ui.add(egui::Label::new(text).wrap());
            }
        });
    });
}

/// Makes the thumbnail of the image at `path`; nothing changes when it is refused, and the
/// refusal names the file.
fn take_file(draft: &mut Draft, path: &std::path::Path) {
    match crate::portrait::load_thumbnail(path) {
        Ok(png) => {
            draft.portrait = Some(png);
            draft.portrait_changed = true;
            draft.portrait_error = None;
            draft.dirty = true;
        }
        Err(e) => draft.portrait_error = Some(e.to_string()),
    }
}
