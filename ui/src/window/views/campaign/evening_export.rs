//! The Party window's export of a session: which one, its recap, the format and for whom,
//! where to write it, and the recap card — copied to the clipboard to paste in the group's
//! chat, or saved as a PNG. Every one goes through [`crate::share::session_export`].

use super::party::PartyView;
use crate::share::SessionFormat;
use crate::window::file_dialog::{self, Files, SaveAs};
use crate::window::{Action, CampaignAction, Model};
use eframe::egui::{self, RichText};
use fray_app::journal::{Audience, Format};

/// Which session to export (today's unless another is picked), its recap, and the export:
/// its format, for whom, and where.
pub(super) fn export_session_ui(
    ui: &mut egui::Ui,
    model: &Model,
    view: &mut PartyView,
    sessions: &[fray_data::play_sessions::PlaySession],
    current: Option<fray_data::PlaySessionId>,
    out: &mut Vec<Action>,
) {
    ui.label(RichText::new("Export a session").strong());
    egui::ComboBox::from_id_salt("session-to-export")
        .selected_text(
            match view.export_session.and_then(|id| sessions.iter().find(|s| s.id == id)) {
                Some(s) => format!("{} ({})", s.name, s.day),
                None => "Today's".to_owned(),
            },
        )
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut view.export_session, None, "Today's");
            for s in sessions {
                let text = format!("{} ({}, {} fights)", s.name, s.day, s.fights);
                ui.selectable_value(&mut view.export_session, Some(s.id), text);
            }
        });
    let chosen = view.export_session.or(current);
    let recap = ui.add_enabled(chosen.is_some(), egui::Button::new("The evening's recap…"));
    if recap
        .on_hover_text("The party over every fight of the session, and every die of it")
        .clicked()
        && let Some(id) = chosen
    {
        view.evening = model.db.play_sessions().log(id).ok().map(|log| log.recap());
    }
    if let Some(id) = view.export_session.filter(|id| Some(*id) != current) {
        let resume = ui.button("Continue this session");
        if resume.on_hover_text("Today's steps go to it again").clicked() {
            out.push(Action::Campaign(CampaignAction::ResumeSession(id)));
        }
    }
    ui.horizontal(|ui| {
        let format = view.export_format.get_or_insert(SessionFormat::Text(Format::Html));
        for f in SessionFormat::ALL {
            ui.selectable_value(format, f, f.extension()).on_hover_text(f.label());
        }
        ui.separator();
        // Shared with the players unless the GM asks for the whole evening (JSON always is).
        let json = *format == SessionFormat::Text(Format::Json);
        ui.add_enabled_ui(!json, |ui| {
            ui.selectable_value(&mut view.for_gm, false, "For the players");
            ui.selectable_value(&mut view.for_gm, true, "The GM's full journal");
        });
    });
    ui.horizontal(|ui| {
        ui.add(
            egui::TextEdit::singleline(&mut view.export_path)
                .hint_text("session.html")
                .desired_width(260.0),
        );
        let path = view.export_path.trim();
        let write = ui.add_enabled(!path.is_empty(), egui::Button::new("Export the session"));
        if write.on_disabled_hover_text("Type where to write it").clicked() {
            let format = view.export_format.unwrap_or(SessionFormat::Text(Format::Html));
            let audience = audience(view);
            let export = CampaignAction::Export {
                format,
                audience,
                path: path.into(),
                session: view.export_session,
            };
            out.push(Action::Campaign(export));
        }
    });
    card_ui(ui, model, view, chosen, out);
}

fn audience(view: &PartyView) -> Audience {
    if view.for_gm { Audience::Gm } else { Audience::Players }
}

/// *Copy the recap card* and *Save the card…*: the evening on one picture, for whom the
/// export is for.
fn card_ui(
    ui: &mut egui::Ui,
    model: &Model,
    view: &PartyView,
    chosen: Option<fray_data::PlaySessionId>,
    out: &mut Vec<Action>,
) {
    ui.horizontal(|ui| {
        let copy = ui.add_enabled(chosen.is_some(), egui::Button::new("Copy the recap card"));
        let copy = copy.on_hover_text("The evening on one picture, to paste in the group's chat");
        if copy.clicked()
            && let Some(id) = chosen
        {
            match card_image(model, id, audience(view)) {
                Ok(image) => {
                    ui.ctx().copy_image(image);
                    let told = "The recap card is on the clipboard: paste it in the group's chat";
                    out.push(Action::Campaign(CampaignAction::Told(told.into())));
                }
                Err(e) => out.push(Action::Notice(format!("Could not draw the recap card: {e:#}"))),
            }
        }
        let save = ui.add_enabled(chosen.is_some(), egui::Button::new("Save the card…"));
        if save.on_hover_text("The recap card as a PNG picture").clicked()
            && let Some(id) = chosen
        {
            let name = model.db.play_sessions().log(id).map(|l| l.name).unwrap_or_default();
            let files = Files {
                kind: "card",
                title: "Save the recap card",
                filter: "PNG picture",
                extensions: &["png"],
            };
            let save_as = SaveAs { name: &name, fallback: "recap card", folder: None };
            if let Some(path) = file_dialog::save(files, save_as) {
                let export = CampaignAction::Export {
                    format: SessionFormat::Png,
                    audience: audience(view),
                    path,
                    session: Some(id),
                };
                out.push(Action::Campaign(export));
            }
        }
    });
    ui.label(RichText::new("The card follows the choice above: the players' or the GM's.").small());
}

/// The recap card of session `id` for `audience`, as the clipboard takes it: the PNG the
/// export writes, decoded.
fn card_image(
    model: &Model,
    id: fray_data::PlaySessionId,
    audience: Audience,
) -> anyhow::Result<egui::ColorImage> {
    let log = model.db.play_sessions().log(id)?;
    let png = crate::share::session_export(&log, SessionFormat::Png, audience)?;
    let rgba = image::load_from_memory_with_format(&png, image::ImageFormat::Png)?.into_rgba8();
    let size = [rgba.width() as usize, rgba.height() as usize];
    Ok(egui::ColorImage::from_rgba_unmultiplied(size, rgba.as_raw()))
}
