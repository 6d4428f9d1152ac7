//! Murdham's headline, in big letters: the character taking its turn (with what the turn has
//! used and the zones it may still move), or the faction whose choice it is (with the one
//! holding the initiative marked, and the passes in a row), and the fast action threshold
//! when that optional rule is on.

use super::{factions, side_colour, side_name, swatch_ui};
use eframe::egui::{self, RichText};
use fray_app::Encounter;
use fray_app::systems::murdham::{self as m, window};

/// Size of the name of whoever acts or chooses: read from arm's length.
const BIG: f32 = 30.0;
/// Size of the lines under it.
const LINE: f32 = 18.0;

/// Draws the headline.
pub(super) fn headline_ui(ui: &mut egui::Ui, state: &Encounter) {
    let ms = &state.murdham;
    let activating = matches!(state.phase.as_str(), m::AMBUSH | m::FAST | m::TURNS);
    match (ms.turn.id, ms.first, ms.choosing) {
        (Some(id), _, _) => turn_ui(ui, state, id),
        (None, None, _) if activating => {
            let holder = ms.holder.map_or_else(|| "The holder".into(), |s| side_name(state, s));
            small(ui, "Whose choice");
            big(ui, state, ms.holder, &format!("{holder} picks who goes first"));
        }
        (None, Some(_), Some(side)) if activating => choice_ui(ui, state, side),
        _ => {
            small(ui, "Acting now");
            ui.label(RichText::new("Nobody").size(BIG).weak());
            if let Some(holder) = ms.holder {
                holder_line(ui, state, holder);
            }
        }
    }
    threshold_ui(ui, state);
}

/// The small grey caption over the big line.
fn small(ui: &mut egui::Ui, text: &str) {
    ui.label(RichText::new(text).small().weak());
}

/// The big line, led by the side's colour.
fn big(ui: &mut egui::Ui, state: &Encounter, side: Option<fray_app::ids::SideId>, text: &str) {
    ui.horizontal(|ui| {
        if let Some(side) = side {
            swatch_ui(ui, side_colour(state, side), BIG);
        }
        ui.add(egui::Label::new(RichText::new(text).size(BIG).strong()).wrap());
    });
}

/// "★ Red Hand holds the initiative".
fn holder_line(ui: &mut egui::Ui, state: &Encounter, holder: fray_app::ids::SideId) {
    let text = format!("\u{2605} {} holds the initiative", side_name(state, holder));
    ui.label(RichText::new(text).size(LINE).color(ui.visuals().text_color()));
}

/// A faction's choice: its name, the holder, the passes in a row and what one more does.
fn choice_ui(ui: &mut egui::Ui, state: &Encounter, side: fray_app::ids::SideId) {
    let ms = &state.murdham;
    small(ui, "Whose choice");
    // The procedure's own words ("Bandits' choice").
    let words = fray_app::System::who_acts(&fray_app::systems::murdham::Murdham, state);
    big(ui, state, Some(side), &words);
    if let Some(holder) = ms.holder {
        holder_line(ui, state, holder);
    }
    let all = factions(state);
    let passed: Vec<String> =
        all.iter().filter(|s| ms.passes.contains(s)).map(|s| side_name(state, *s)).collect();
    if passed.is_empty() {
        return;
    }
    let n = passed.len();
    let text =
        format!("{n} pass{} in a row ({})", if n == 1 { "" } else { "es" }, passed.join(", "));
    ui.label(RichText::new(text).size(LINE));
    // Every other faction has passed: one more pass and the phase is over.
    if n + 1 == all.len() && !ms.passes.contains(&side) {
        let ends = match state.phase.as_str() {
            m::AMBUSH => "ends the ambush",
            m::FAST => "ends the fast actions",
            _ => "ends the round",
        };
        let warn = ui.visuals().warn_fg_color;
        ui.label(RichText::new(format!("Another pass {ends}")).size(LINE).color(warn));
    }
}

/// The character taking its turn, and what its turn has left.
fn turn_ui(ui: &mut egui::Ui, state: &Encounter, id: fray_app::ids::CombatantId) {
    let t = &state.murdham.turn;
    small(ui, if t.ambush { "Ambush turn" } else { "Acting now" });
    let side = state.combatant(id).map(|c| c.side);
    big(ui, state, side, &state.name_of(id));
    let main = if t.full_move {
        ("Main action: full movement", false)
    } else if t.main {
        ("Main action: used", false)
    } else if t.bonus >= 2 {
        ("Main action: spent on a bonus", false)
    } else {
        ("Main action: free", true)
    };
    let bonus_left = (if t.main { 1 } else { 2 } as u32).saturating_sub(t.bonus);
    let bonus = match bonus_left {
        0 => ("Bonus: none left".to_owned(), false),
        1 if t.bonus > 0 || t.main => ("Bonus: 1 left".to_owned(), true),
        n => (format!("Bonus: {n} left"), true),
    };
    let zones = window::zones_left(state, id);
    let moves = match zones {
        0 => ("Move: no zones left".to_owned(), false),
        1 => ("Move: 1 zone left".to_owned(), true),
        n => (format!("Move: {n} zones left"), true),
    };
    ui.horizontal_wrapped(|ui| {
        chip_ui(ui, main.0, main.1);
        chip_ui(ui, &bonus.0, bonus.1);
        chip_ui(ui, &moves.0, moves.1);
    });
}

/// What a turn has, as a chip: free ones framed in the text colour, used ones faded.
fn chip_ui(ui: &mut egui::Ui, text: &str, free: bool) {
    let visuals = ui.visuals();
    let (colour, stroke) = if free {
        (visuals.strong_text_color(), visuals.text_color())
    } else {
        (visuals.weak_text_color(), visuals.widgets.noninteractive.bg_stroke.color)
    };
    let mut text = RichText::new(text).size(17.0).color(colour);
    if !free {
        text = text.strikethrough();
    }
    // A framed chip is not one widget, so the wrapping row cannot break before it by itself:
    // measure it, and start a new row when it would not fit (the column must never widen).
    let galley = egui::WidgetText::from(text.clone()).into_galley(
        ui,
        Some(egui::TextWrapMode::Extend),
        f32::INFINITY,
        egui::TextStyle::Body,
    );
    if galley.size().x + 18.0 > ui.available_size_before_wrap().x {
        ui.end_row();
    }
    egui::Frame::new()
        .stroke(egui::Stroke::new(1.0, stroke))
        .corner_radius(6.0)
        .inner_margin(egui::Margin::symmetric(8, 3))
        .show(ui, |ui| ui.add(egui::Label::new(text).extend()));
}

/// With fast and slow actions on: who acts in this part of the round.
fn threshold_ui(ui: &mut egui::Ui, state: &Encounter) {
    let Some(t) = state.murdham.threshold else { return };
    if !state.flag(m::FAST_SLOW, false) {
        return;
    }
    ui.add_space(2.0);
    let lit = ui.visuals().selection.stroke.color;
    match state.phase.as_str() {
        m::FAST | m::AMBUSH => {
            let text = RichText::new(format!("Fast actions: WIT \u{2265} {t}")).size(22.0);
            ui.label(text.strong().color(lit));
        }
        m::TURNS => {
            let text = format!("Slow actions: everyone else (fast was WIT \u{2265} {t})");
            ui.add(egui::Label::new(RichText::new(text).size(LINE)).wrap());
        }
        _ => {}
    }
}
