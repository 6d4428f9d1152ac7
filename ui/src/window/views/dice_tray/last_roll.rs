//! The last roll of the encounter, big: the total, the faces, what it was for and who
//! rolled the dice (the app or the table).

use eframe::egui::{self, RichText};
use fray_app::dice::{Roll, RollSource};

/// Draws the roll as a card: the total large on the left, the details beside it.
pub(super) fn last_roll_ui(ui: &mut egui::Ui, roll: &Roll) {
    let visuals = ui.visuals();
    egui::Frame::new()
        .fill(visuals.faint_bg_color)
        .stroke(egui::Stroke::new(1.0, visuals.widgets.noninteractive.bg_stroke.color))
        .corner_radius(6.0)
        .inner_margin(egui::Margin::same(8))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.horizontal(|ui| {
                ui.label(RichText::new(roll.total.to_string()).size(44.0).strong())
                    .on_hover_text("Total");
                ui.vertical(|ui| {
                    ui.add(egui::Label::new(RichText::new(&roll.label).strong()).wrap());
                    ui.add(egui::Label::new(RichText::new(faces_text(roll)).size(19.0)).wrap());
                    let source = match roll.source {
                        RollSource::App => "app dice",
                        RollSource::Table => "table dice",
                    };
                    let by = match &roll.roller {
                        Some(who) => format!("{} · {who} · {source}", roll.dice),
                        None => format!("{} · {source}", roll.dice),
                    };
                    ui.label(RichText::new(by).small().weak());
                });
            });
        });
}

/// The faces with dropped dice in parentheses and constants after them: "4 3 +1".
fn faces_text(roll: &Roll) -> String {
    // The summary is "2d6+1: [4, 3] +1 = 8 (table)"; the part between ':' and '=' is
    // exactly the faces and constants, so reuse it rather than print them a second way.
    let summary = roll.summary();
    let middle = summary.split_once(':').map_or(summary.as_str(), |(_, rest)| rest);
    let middle = middle.rsplit_once(" = ").map_or(middle, |(faces, _)| faces);
    middle.trim().to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use fray_app::dice::Dice;

    #[test]
    fn faces_text_keeps_faces_and_constants() {
        let dice = Dice::parse("2d6+1").unwrap();
        let roll = Roll::from_faces(dice, &[4, 3], "hit", None, RollSource::Table).unwrap();
        assert_eq!(faces_text(&roll), "[4, 3] +1");
    }
}
