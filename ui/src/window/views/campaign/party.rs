//! The party window: each character (and recurring foe) of the open encounter's procedure as
//! it is now, the procedure's rests for everyone or one, heals and harms by hand, injuries
//! healed, undo and redo of those steps, and the session's export.

use crate::share::SessionFormat;
use crate::window::{Action, CampaignAction, Model};
use eframe::egui::{self, RichText};

/// Widget state of the party window.
#[derive(Default)]
pub struct PartyView {
    /// The window is open.
    pub open: bool,
    /// The amount typed per member, for Heal and Harm.
    amounts: std::collections::BTreeMap<String, String>,
    /// The track picked per member.
    tracks: std::collections::BTreeMap<String, String>,
    /// Where to write the session, and in which format.
    pub(super) export_path: String,
    pub(super) export_format: Option<SessionFormat>,
    /// The session export is the GM's full journal rather than the players'.
    pub(super) for_gm: bool,
    /// The evening's recap being read, if open.
    pub evening: Option<fray_app::recap::SessionRecap>,
    /// Which session to export (today's when none).
    pub(super) export_session: Option<fray_data::PlaySessionId>,
    /// The session name being typed.
    session_name: String,
    /// The note being typed.
    note: String,
    /// Who tends the resting (a member's key), for a rest that needs a healer.
    healer: Option<String>,
    /// A rest for the party rests the whole roster, not only who played tonight.
    whole_roster: bool,
    /// Who played tonight, read for the state in the key (today's encounters, the open
    /// one's steps, the library's version), not every frame.
    tonight: Option<(TonightKey, Result<Vec<String>, String>)>,
}

/// What who played tonight was read for: today's encounters, the open fight and its steps,
/// the company.
type TonightKey = (Vec<fray_data::EncounterId>, Option<(fray_data::EncounterId, usize)>, usize);

/// Draws the party window, when open.
pub fn party_window_ui(
    ctx: &egui::Context,
    model: &Model,
    view: &mut PartyView,
    out: &mut Vec<Action>,
) {
    if !view.open {
        return;
    }
    let Some(session) = &model.session else { return };
    let system = session.state().system();
    let mut open = view.open;
    egui::Window::new(RichText::new("Party").size(22.0).strong())
        .id(egui::Id::unique("fray-party"))
        .open(&mut open)
        .default_size([560.0, 620.0])
        .default_pos(ctx.content_rect().center() - egui::vec2(280.0, 320.0))
        .vscroll(true)
        .show(ctx, |ui| {
            ui.label(RichText::new(format!("Rest ({}):", system.name())).strong());
            healer_ui(ui, model, view);
            let who = resting_ui(ui, model, view);
            ui.horizontal_wrapped(|ui| {
                for rest in fray_app::campaign::aftermath::of(system).recoveries() {
                    let button = ui.add_enabled(
                        who.is_some(),
                        egui::Button::new(RichText::new(rest.name).size(17.0)),
                    );
                    if button.on_hover_text(rest.help).clicked()
                        && let Some(who) = &who
                    {
                        out.push(Action::Campaign(CampaignAction::Rest {
                            rest: rest.id.into(),
                            who: who.clone(),
                            by: view.healer.clone(),
                        }));
                    }
                }
            });
            ui.horizontal(|ui| {
                if ui
                    .button("Undo the last step")
                    .on_hover_text("A write-back, rest or heal")
                    .clicked()
                {
                    out.push(Action::Campaign(CampaignAction::Undo));
                }
                if ui.button("Redo").clicked() {
                    out.push(Action::Campaign(CampaignAction::Redo));
                }
            });
            ui.separator();
            if model.company.members.is_empty() {
                ui.label("No character of this procedure in the library yet.");
            }
            for (key, member) in &model.company.members {
                member_ui(ui, key, member, system, view, out);
            }
            ui.separator();
            export_ui(ui, model, view, out);
        });
    view.open = open;
}

/// Says whom a rest for the party rests: who played tonight, or the whole roster when the
/// GM ticks it (or nobody fought tonight). Returns their keys (none: the whole company), or
/// `None` when who played tonight could not be read (said in the window).
fn resting_ui(ui: &mut egui::Ui, model: &Model, view: &mut PartyView) -> Option<Vec<String>> {
    let sessions = model.db.play_sessions();
    let day = sessions.current_if_any(&crate::window::campaign_ops::today()).ok().flatten();
    let today = day.and_then(|d| sessions.encounters(d).ok()).unwrap_or_default();
    let open = model.session.as_ref().map(|s| (s.encounter_id(), s.history().cursor()));
    let key = (today, open, model.company.members.len());
    if view.tonight.as_ref().is_none_or(|(k, _)| *k != key) {
        let read = crate::window::campaign_ops::fighters_tonight(model);
        view.tonight = Some((key, read));
    }
    let members = &model.company.members;
    let everyone = format!("Everyone on the roster ({})", members.len());
    let fighters = match view.tonight.as_ref().map(|(_, read)| read) {
        Some(Ok(keys)) => keys,
        Some(Err(e)) => {
            let text = format!("Who played tonight could not be read: {e}");
            ui.label(RichText::new(text).color(ui.visuals().warn_fg_color));
            return None;
        }
        None => return None,
    };
    if fighters.is_empty() {
        ui.label(format!(
            "Nobody fought tonight: a rest is for everyone on the roster ({})",
            members.len()
        ));
        return Some(Vec::new());
    }
    let names: Vec<&str> = fighters.iter().map(|k| members[k].name.as_str()).collect();
    ui.checkbox(&mut view.whole_roster, everyone)
        .on_hover_text("Otherwise only who played tonight rests");
    if view.whole_roster {
        return Some(Vec::new());
    }
    ui.label(format!("For who played tonight: {}", names.join(", ")));
    Some(fighters.clone())
}

/// Who tends the resting: a member of the party, or nobody. A rest that needs a healer
/// (Sovereign's first aid, the week of care, the attempt at Frailty) is refused without one,
/// by name; the others ignore it.
fn healer_ui(ui: &mut egui::Ui, model: &Model, view: &mut PartyView) {
    let members = &model.company.members;
    if view.healer.as_ref().is_some_and(|k| !members.contains_key(k)) {
        view.healer = None;
    }
    let name = |key: &Option<String>| match key {
        Some(k) => format!("tended by {}", members[k].name),
        None => "nobody tending".to_owned(),
    };
    ui.horizontal(|ui| {
        egui::ComboBox::from_label("Healer")
            .selected_text(name(&view.healer))
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut view.healer, None, name(&None));
                for key in members.keys() {
                    let k = Some(key.clone());
                    let label = name(&k);
                    ui.selectable_value(&mut view.healer, k, label);
                }
            })
            .response
            .on_hover_text("Who tends the resting, for a rest that needs a healer");
    });
}

fn member_ui(
    ui: &mut egui::Ui,
    key: &str,
    member: &fray_app::campaign::company::Member,
    system: &dyn fray_app::System,
    view: &mut PartyView,
    out: &mut Vec<Action>,
) {
    ui.add_space(4.0);
    ui.horizontal(|ui| {
        ui.label(RichText::new(&member.name).size(19.0).strong());
        ui.menu_button("Rest ▸", |ui| {
            for rest in fray_app::campaign::aftermath::of(system).recoveries() {
                if ui.button(rest.name).on_hover_text(rest.help).clicked() {
                    let (who, by) = (vec![key.to_owned()], view.healer.clone());
                    let rest = rest.id.into();
                    out.push(Action::Campaign(CampaignAction::Rest { rest, who, by }));
                }
            }
        });
    });
    let summary = member.summary();
    let text = RichText::new(&summary).size(17.0);
    ui.label(if member.condition.is_whole() { text.weak() } else { text });
    // The procedure's main tracks first: HP is what a GM heals most.
    let first = fray_app::campaign::condition::main_tracks(member.system);
    let tracks: Vec<String> = fray_app::campaign::condition::tracks_in_order(&member.sheet, first)
        .into_iter()
        .map(|t| t.name)
        .collect();
    if let Some(first) = tracks.first() {
        ui.horizontal(|ui| {
            let track = view.tracks.entry(key.to_owned()).or_insert_with(|| first.clone());
            egui::ComboBox::from_id_salt(("track", key))
                .selected_text(fray_app::encounter::stat_label(track))
                .show_ui(ui, |ui| {
                    for t in &tracks {
                        ui.selectable_value(track, t.clone(), fray_app::encounter::stat_label(t));
                    }
                });
            let amount = view.amounts.entry(key.to_owned()).or_insert_with(|| "1".into());
            ui.add(egui::TextEdit::singleline(amount).desired_width(48.0));
            let n = amount.trim().parse::<i64>().ok().filter(|n| *n > 0);
            for (label, sign) in [("Heal", 1), ("Harm", -1)] {
                let button = ui.add_enabled(n.is_some(), egui::Button::new(label));
                if button.on_disabled_hover_text("Type a whole number above 0").clicked()
                    && let Some(n) = n
                {
                    let heal = CampaignAction::Heal {
                        who: key.to_owned(),
                        track: track.clone(),
                        amount: sign * n,
                    };
                    out.push(Action::Campaign(heal));
                }
            }
        });
    }
    for lasting in &member.condition.lasting {
        ui.horizontal(|ui| {
            ui.label(lasting.text());
            if ui.button("Healed").on_hover_text("Lift it: the wound has healed").clicked() {
                let cure =
                    CampaignAction::Cure { who: key.to_owned(), label: lasting.label.clone() };
                out.push(Action::Campaign(cure));
            }
        });
    }
}

fn export_ui(ui: &mut egui::Ui, model: &Model, view: &mut PartyView, out: &mut Vec<Action>) {
    let today = crate::window::campaign_ops::today();
    let store = model.db.play_sessions();
    // A store that cannot be read is said, never shown as no session at all.
    let (sessions, chosen) = match store.list().and_then(|l| Ok((l, store.current_if_any(&today)?)))
    {
        Ok(read) => read,
        Err(e) => {
            let said = format!("The sessions could not be read: {e}");
            ui.label(RichText::new(said).color(ui.visuals().error_fg_color));
            return;
        }
    };
    let current = chosen.and_then(|id| sessions.iter().find(|s| s.id == id));
    let title = match current {
        Some(s) => format!("Today's session: {}", s.name),
        None => "Today's session starts with the first write-back, rest or note".to_owned(),
    };
    ui.label(RichText::new(title).strong().size(18.0));
    ui.horizontal(|ui| {
        ui.add(
            egui::TextEdit::singleline(&mut view.session_name)
                .hint_text("Session 4: the crypt")
                .desired_width(220.0),
        );
        let name = view.session_name.trim().to_owned();
        let ok = !name.is_empty();
        if ui.add_enabled(ok && current.is_some(), egui::Button::new("Rename")).clicked() {
            out.push(Action::Campaign(CampaignAction::RenameSession(name.clone())));
        }
        let start = ui.add_enabled(ok, egui::Button::new("Start a new session"));
        if start.on_hover_text("The steps from now on go to it").clicked() {
            out.push(Action::Campaign(CampaignAction::StartSession(name)));
        }
    });
    ui.horizontal(|ui| {
        ui.add(
            egui::TextEdit::singleline(&mut view.note)
                .hint_text("The party camps by the river")
                .desired_width(300.0),
        );
        let note = view.note.trim().to_owned();
        if ui.add_enabled(!note.is_empty(), egui::Button::new("Add the note")).clicked() {
            out.push(Action::Campaign(CampaignAction::Note(note)));
            view.note.clear();
        }
    });
    ui.add_space(6.0);
    let current = current.map(|s| s.id);
    super::evening_export::export_session_ui(ui, model, view, &sessions, current, out);
}
