//! The recap window: how the fight went, in large type for the GM and to show the table — the
//! headline, who dealt and took what (bars), the party's health round by round (lines), a row
//! per combatant and per side, how the dice fell per die and thrower with a small histogram
//! each, and how the procedure counts. It opens by itself when the fight ends and from
//! *Recap…*; *Show on the TV* puts the players' recap in the player window.

use super::recap_charts::{bars_ui, colour, histogram_ui, lines_ui};
use crate::window::{Action, Model};
use eframe::egui::{self, RichText};
use fray_app::Command;
use fray_app::recap::{self, FightRecap, words};
use fray_app::table_view::PlayerView;

/// The recap window's state: open, and the recap of the fight as last computed (it is a fold
/// of the whole journal: recomputed only when the journal grows or another fight opens).
#[derive(Default)]
pub struct RecapView {
    /// It is open.
    pub open: bool,
    cache: Option<(Key, FightRecap)>,
    /// The fight's end was seen (the window opens once, when it ends).
    seen_end: Option<fray_data::EncounterId>,
}

type Key = (fray_data::EncounterId, usize);

impl RecapView {
    /// The recap of the open fight, computed again when the journal changed.
    fn recap<'a>(&'a mut self, model: &Model) -> Option<&'a FightRecap> {
        let session = model.session.as_ref()?;
        let h = session.history();
        let key = (session.encounter_id(), h.events().len());
        if self.cache.as_ref().is_none_or(|(k, _)| *k != key) {
            self.cache = Some((key, recap::of_history(h)));
        }
        self.cache.as_ref().map(|(_, r)| r)
    }

    /// Opens the window when the open fight has just been ended.
    pub fn follow_end(&mut self, model: &Model) {
        let Some(session) = &model.session else { return };
        let id = session.encounter_id();
        if model.fight_ended() {
            if self.seen_end != Some(id) {
                self.seen_end = Some(id);
                self.open = true;
            }
        } else if self.seen_end == Some(id) {
            self.seen_end = None;
        }
    }
}

/// Draws the recap window when open.
pub fn recap_window_ui(
    ctx: &egui::Context,
    model: &Model,
    view: &mut RecapView,
    out: &mut Vec<Action>,
) {
    if !view.open {
        return;
    }
    let tv = model.session.as_ref().map(|s| s.state().table.view.clone());
    let mut open = view.open;
    let Some(r) = view.recap(model) else { return };
    let size = ctx.content_rect().size();
    egui::Window::new(RichText::new("How it went").size(20.0).strong())
        .id(egui::Id::unique("fray-recap"))
        .open(&mut open)
        // Over the board, leaving the stepper's column (Next, Reopen, Party) free to click.
        .default_size([(size.x * 0.64).min(1300.0), size.y * 0.8])
        .default_pos(ctx.content_rect().min + egui::vec2(size.x * 0.02, size.y * 0.06))
        .constrain_to(ctx.content_rect())
        .collapsible(false)
        .show(ctx, |ui| {
            if let Some(current) = tv {
                tv_ui(ui, current, out);
            }
            egui::ScrollArea::vertical().auto_shrink(false).show(ui, |ui| recap_ui(ui, r));
        });
    view.open = open;
}

/// *Show on the TV*: the players' recap in the player window, or the board again.
fn tv_ui(ui: &mut egui::Ui, current: PlayerView, out: &mut Vec<Action>) {
    ui.horizontal(|ui| {
        let (text, hover) = if current.recap {
            ("Show the board on the TV again", "The player window shows the board")
        } else {
            ("Show on the TV", "The player window shows this recap as the players may see it: no hidden foe, no secret roll")
        };
        if ui.button(RichText::new(text).size(16.0)).on_hover_text(hover).clicked() {
            let view = PlayerView { recap: !current.recap, ..current };
            out.push(Action::Game(Command::SetPlayerView { view }));
        }
    });
    ui.separator();
}

/// The recap itself.
pub fn recap_ui(ui: &mut egui::Ui, r: &FightRecap) {
    for line in words::headline(r) {
        ui.label(RichText::new(line).size(19.0).strong());
    }
    ui.add_space(8.0);
    ui.columns(2, |c| {
        c[0].label(RichText::new("Harm dealt (side's colour) / taken (amber)").size(16.0).strong());
        bars_ui(&mut c[0], r);
        if r.rounds > 0 {
            c[1].label(RichText::new("The party's health, round by round").size(16.0).strong());
            lines_ui(&mut c[1], r);
        }
    });
    ui.add_space(8.0);
    combatants_ui(ui, r);
    ui.add_space(8.0);
    sides_ui(ui, r);
    ui.add_space(8.0);
    ui.label(RichText::new("How the dice fell").size(18.0).strong());
    if r.dice.is_empty() {
        ui.label("No dice were rolled.");
    }
    for t in &r.dice {
        ui.horizontal(|ui| {
            histogram_ui(ui, t);
            ui.add(egui::Label::new(RichText::new(t.words()).size(15.0)).wrap());
        });
    }
    ui.add_space(8.0);
    egui::CollapsingHeader::new(
        RichText::new(format!("How Fray counts in {}", r.system)).size(16.0),
    )
    .id_salt("fray-recap-words")
    .show(ui, |ui| {
        for (what, how) in &r.words {
            ui.label(RichText::new(format!("{what}: {how}")).size(15.0));
        }
    });
}

fn combatants_ui(ui: &mut egui::Ui, r: &FightRecap) {
    let heads = [
        "Who", "Dealt", "Taken", "Landed", "Missed", "Avoided", "Reacted", "Aside", "Crits",
        "Fumbles", "Took out", "Out by", "Down", "Turns", "End",
    ];
    egui::ScrollArea::horizontal().id_salt("fray-recap-who").show(ui, |ui| {
        egui::Grid::new("fray-recap-combatants").striped(true).spacing([14.0, 6.0]).show(
            ui,
            |ui| {
                for h in heads {
                    ui.label(RichText::new(h).strong());
                }
                ui.end_row();
                for f in words::rows(r) {
                    ui.horizontal(|ui| {
                        let (dot, _) =
                            ui.allocate_exact_size(egui::vec2(10.0, 10.0), egui::Sense::hover());
                        ui.painter().circle_filled(
                            dot.center(),
                            5.0,
                            colour(words::colour_of(r, f)),
                        );
                        ui.label(RichText::new(&f.name).size(16.0).strong());
                    });
                    for cell in [
                        words::points(r, &f.dealt),
                        words::points(r, &f.taken),
                        f.landed.to_string(),
                        f.missed.to_string(),
                        f.avoided.to_string(),
                        f.reactions.to_string(),
                        f.turned_aside.to_string(),
                        f.criticals.to_string(),
                        f.fumbles.to_string(),
                        words::names(r, &f.took_out),
                        words::out_by(r, f),
                        f.rounds_down.to_string(),
                        f.turns.to_string(),
                        words::end(f).to_owned(),
                    ] {
                        ui.label(RichText::new(cell).size(15.0));
                    }
                    ui.end_row();
                }
            },
        );
    });
}

fn sides_ui(ui: &mut egui::Ui, r: &FightRecap) {
    egui::Grid::new("fray-recap-sides").striped(true).spacing([14.0, 6.0]).show(ui, |ui| {
        for h in [
            "Side",
            "Dealt",
            "Taken",
            "Landed / missed / avoided",
            "Took out",
            "Went out",
            "Standing, round by round",
        ] {
            ui.label(RichText::new(h).strong());
        }
        ui.end_row();
        for s in &r.sides {
            let standing: Vec<String> = s.standing.iter().map(|(_, n)| n.to_string()).collect();
            for cell in [
                s.name.clone(),
                words::points(r, &s.dealt),
                words::points(r, &s.taken),
                format!("{} / {} / {}", s.landed, s.missed, s.avoided),
                s.took_out.to_string(),
                s.went_out.to_string(),
                standing.join(" → "),
            ] {
                ui.label(RichText::new(cell).size(15.0));
            }
            ui.end_row();
        }
    });
}

/// The evening's recap (from the Party window), when open: the party over every fight, each
/// fight's recap folded under its name, and every die of the evening.
pub fn evening_window_ui(ctx: &egui::Context, evening: &mut Option<recap::SessionRecap>) {
    let Some(r) = evening.as_ref() else { return };
    let mut open = true;
    let size = ctx.content_rect().size();
    egui::Window::new(RichText::new(format!("The evening: {}", r.name)).size(20.0).strong())
        .id(egui::Id::unique("fray-evening"))
        .open(&mut open)
        .default_size([(size.x * 0.64).min(1300.0), size.y * 0.8])
        .default_pos(ctx.content_rect().min + egui::vec2(size.x * 0.02, size.y * 0.06))
        .constrain_to(ctx.content_rect())
        .collapsible(false)
        .show(ctx, |ui| {
            egui::ScrollArea::vertical().auto_shrink(false).show(ui, |ui| evening_ui(ui, r));
        });
    if !open {
        *evening = None;
    }
}

fn evening_ui(ui: &mut egui::Ui, r: &recap::SessionRecap) {
    let n = r.fights.len();
    ui.label(
        RichText::new(format!("{n} fight{}.", if n == 1 { "" } else { "s" })).size(19.0).strong(),
    );
    egui::Grid::new("fray-evening-party").striped(true).spacing([14.0, 6.0]).show(ui, |ui| {
        for h in [
            "Who",
            "Fights",
            "Dealt",
            "Taken",
            "Landed / missed / avoided",
            "Crits",
            "Took out",
            "Went out",
        ] {
            ui.label(RichText::new(h).strong());
        }
        ui.end_row();
        for p in &r.party {
            ui.label(RichText::new(&p.name).size(16.0).strong());
            for cell in p.cells().into_iter().skip(1) {
                ui.label(RichText::new(cell).size(15.0));
            }
            ui.end_row();
        }
    });
    for (i, fight) in r.fights.iter().enumerate() {
        ui.push_id(i, |ui| {
            egui::CollapsingHeader::new(RichText::new(&fight.name).size(18.0).strong())
                .id_salt("fray-evening-fight")
                .show(ui, |ui| recap_ui(ui, fight));
        });
    }
    ui.add_space(8.0);
    ui.label(RichText::new("How the evening's dice fell").size(18.0).strong());
    for t in &r.dice {
        ui.horizontal(|ui| {
            histogram_ui(ui, t);
            ui.add(egui::Label::new(RichText::new(t.words()).size(15.0)).wrap());
        });
    }
}
