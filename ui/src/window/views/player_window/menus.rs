//! The GM's controls of the player window: the bar's *Players* menu, and what the players see
//! of one combatant (its card's and its token menu's choice).

use super::PlayerWindowView;
use crate::window::{Action, Model};
use eframe::egui;
use fray_app::Command;
use fray_app::table_view::{self, Blackout, HealthShown, PlayerView, Shown};

/// The bar's *Players* menu: the window, the blackout, the turn and scale, and what is shown.
pub fn players_menu_ui(
    ui: &mut egui::Ui,
    model: &Model,
    view: &mut PlayerWindowView,
    out: &mut Vec<Action>,
) {
    let Some(session) = &model.session else { return };
    let state = session.state();
    let current = state.table.view.clone();
    let set = |out: &mut Vec<Action>, v: PlayerView| {
        out.push(Action::Game(Command::SetPlayerView { view: v }));
    };
    ui.set_min_width(300.0);
    let open = if view.open { "Close the player window" } else { "Open the player window" };
    if ui.button(open).clicked() {
        view.toggle();
        ui.close();
    }
    ui.separator();
    if current.blackout.is_some() {
        if ui.button("Show the fight again").clicked() {
            set(out, PlayerView { blackout: None, ..current.clone() });
        }
    } else if ui.button("Black out").on_hover_text("Cover the fight with black").clicked() {
        let blackout = Some(Blackout::Colour { colour: "#000000".into() });
        set(out, PlayerView { blackout, ..current.clone() });
    }
    if let Some(map) = state.grid.as_ref().and_then(|g| g.map.as_ref())
        && ui.button("Black out with the battle map").clicked()
    {
        let blackout = Some(Blackout::Image { map: map.image.clone() });
        set(out, PlayerView { blackout, ..current.clone() });
    }
    let mut rotated = current.rotated;
    if ui.checkbox(&mut rotated, "Turned 180° (a screen between the players)").changed() {
        set(out, PlayerView { rotated, ..current.clone() });
    }
    ui.horizontal(|ui| {
        ui.label(format!("Scale {} %", current.scale_percent));
        for (word, delta) in [("−", -25i32), ("+", 25)] {
            let next = (current.scale_percent as i32 + delta).clamp(
                *table_view::SCALE_RANGE.start() as i32,
                *table_view::SCALE_RANGE.end() as i32,
            ) as u32;
            if ui.button(word).clicked() && next != current.scale_percent {
                set(out, PlayerView { scale_percent: next, ..current.clone() });
            }
        }
    });
    ui.separator();
    ui.label("New foes");
    for (s, word) in [
        (Shown::Hidden, "Hidden until they act"),
        (Shown::Anonymous, "Shown as unknown creatures"),
        (Shown::Revealed, "Shown"),
    ] {
        if ui.radio(current.new_foes == s, word).clicked() && current.new_foes != s {
            set(out, PlayerView { new_foes: s, ..current.clone() });
        }
    }
    ui.separator();
    for side in state.sides.values() {
        ui.horizontal(|ui| {
            ui.label(format!("Health of {}", side.name));
            let now = table_view::health_shown(state, side.id);
            for how in [HealthShown::Numbers, HealthShown::Words, HealthShown::Nothing] {
                if ui.selectable_label(now == how, how.word()).clicked() && now != how {
                    let mut v = current.clone();
                    v.set_health(side.id, how);
                    set(out, v);
                }
            }
        });
    }
    let (mut names, mut conditions, mut tags) = (current.names, current.conditions, current.tags);
    if ui.checkbox(&mut names, "Names").changed() {
        set(out, PlayerView { names, ..current.clone() });
    }
    if ui.checkbox(&mut conditions, "Conditions").changed() {
        set(out, PlayerView { conditions, ..current.clone() });
    }
    if ui.checkbox(&mut tags, "Tags").changed() {
        set(out, PlayerView { tags, ..current.clone() });
    }
}

/// A token's right-click menu: what the players see of it.
pub fn shown_menu_ui(
    ui: &mut egui::Ui,
    state: &fray_app::Encounter,
    c: &fray_app::encounter::Combatant,
    out: &mut Vec<Action>,
) {
    ui.label(egui::RichText::new(format!("The players see {}", c.name)).weak());
    shown_picker_ui(ui, state, c, out);
}

/// The card's and token menu's "Players see" choice for one combatant.
pub fn shown_picker_ui(
    ui: &mut egui::Ui,
    state: &fray_app::Encounter,
    c: &fray_app::encounter::Combatant,
    out: &mut Vec<Action>,
) {
    let now = table_view::shown(state, c);
    for (s, word) in
        [(Shown::Revealed, "Shown"), (Shown::Anonymous, "Unknown"), (Shown::Hidden, "Hidden")]
    {
        if ui
            .selectable_label(now == s, word)
            .on_hover_text(format!("The players see it: {}", s.word()))
            .clicked()
            && now != s
        {
            out.push(Action::Game(Command::Show { id: c.id, shown: Some(s) }));
        }
    }
}
