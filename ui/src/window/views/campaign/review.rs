//! The end-of-fight review: per character, each thing that lasts as a line the GM may untick,
//! numbers the GM may change (refused under the field when past the sheet), then *Apply*.

use crate::window::{Action, CampaignAction, Model};
use eframe::egui::{self, RichText};
use fray_app::campaign::Review;

/// The review being read: the lines, and the numbers as typed.
#[derive(Debug, Clone)]
pub struct ReviewDraft {
    review: Review,
    /// Per person, per line: the number as typed (empty for a line without one).
    typed: Vec<Vec<String>>,
    /// Per person, per line: why the typed number is refused.
    errors: Vec<Vec<Option<String>>>,
}

impl ReviewDraft {
    /// The review of the open fight for the company, or `None` without an encounter.
    pub fn of(model: &Model) -> Option<ReviewDraft> {
        let session = model.session.as_ref()?;
        let review = Review::of_history(session.history(), &model.company);
        let typed = review
            .people
            .iter()
            .map(|p| {
                p.lines
                    .iter()
                    .map(|l| l.change.value().map(|v| v.to_string()).unwrap_or_default())
                    .collect()
            })
            .collect();
        let errors = review.people.iter().map(|p| vec![None; p.lines.len()]).collect();
        Some(ReviewDraft { review, typed, errors })
    }

    /// The review as the GM has edited it so far.
    pub fn review(&self) -> &Review {
        &self.review
    }
}

/// Draws the review, if open; Apply sends the kept lines as one step.
pub fn review_ui(
    ctx: &egui::Context,
    model: &Model,
    draft: &mut Option<ReviewDraft>,
    out: &mut Vec<Action>,
) {
    let Some(d) = draft else { return };
    let _ = model;
    let top = (ctx.content_rect().height() * 0.06).clamp(12.0, 80.0);
    let id = egui::Id::unique("fray-review");
    let area = egui::Modal::default_area(id).anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, top));
    let frame = egui::Frame::popup(&ctx.global_style()).inner_margin(20.0);
    let modal = egui::Modal::new(id).area(area).frame(frame).show(ctx, |ui| {
        ui.set_width((ctx.content_rect().width() - 80.0).clamp(300.0, 680.0));
        crate::window::views::library::prep::title_ui(ui, "End the fight: what lasts");
        ui.label("Each line is written back to the character. Untick a line to keep it as it was; change a number if the table ruled otherwise.");
        ui.add_space(8.0);
        // The people scroll in what the screen leaves above Apply and Cancel.
        crate::window::views::library::prep::body_ui(ui, "review", |ui| people_ui(ui, d));
        let blocked = d.errors.iter().flatten().any(Option::is_some).then_some("a number is refused: see under its field");
        crate::window::views::library::prep::buttons_ui(ui, "Apply", blocked, false)
    });
    let (apply, cancel) = modal.inner;
    if apply {
        out.push(Action::Campaign(CampaignAction::ApplyReview(Box::new(d.review.clone()))));
    }
    if apply || cancel || modal.should_close() {
        *draft = None;
    }
}

fn people_ui(ui: &mut egui::Ui, d: &mut ReviewDraft) {
    if d.review.people.is_empty() {
        ui.label("No character or recurring foe of the library fought here: nothing to write back. Apply ends the fight.");
    }
    // The fight's procedure says how low a field may go; the review was made by it.
    let rules = d.review.rules();
    for (p, person) in d.review.people.iter_mut().enumerate() {
        ui.add_space(6.0);
        ui.label(RichText::new(&person.name).size(20.0).strong());
        if person.lines.is_empty() {
            ui.label(RichText::new("comes out as it went in").weak());
        }
        for (i, line) in person.lines.iter_mut().enumerate() {
            ui.horizontal(|ui| {
                ui.checkbox(&mut line.keep, RichText::new(line.change.text()).size(17.0));
                if line.change.value().is_some() && line.keep {
                    let field = egui::TextEdit::singleline(&mut d.typed[p][i]).desired_width(56.0);
                    if ui.add(field).on_hover_text("The value written back").changed() {
                        let typed = d.typed[p][i].trim().to_owned();
                        d.errors[p][i] = match typed.parse::<i64>() {
                            Ok(v) => line
                                .change
                                .with_value(rules, &person.sheet, v)
                                .map(|c| line.change = c)
                                .err(),
                            Err(_) => Some(format!("'{typed}' is not a whole number")),
                        };
                    }
                }
            });
            if let Some(e) = &d.errors[p][i] {
                ui.colored_label(ui.visuals().error_fg_color, e);
            }
        }
    }
}
