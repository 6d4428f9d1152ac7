//! The odds of the roll typed in the tray, like AnyDice: a small chart of every total, the
//! mean, and the chance to reach a target the GM types ("2d20kh1 ≥ 15: 51%").
//!
//! Folded by default, and below the last roll, so opening it moves nothing the GM is using.
//! The distribution is worked out once per expression and kept.

use eframe::egui::{self, RichText};
use fray_app::dice::{Dice, Distribution};

/// Rolls made for an estimate in the window: fewer than the command line makes, so the tray
/// answers at once even for big pools.
const TRAY_SAMPLES: u32 = 5_000;
/// Height of the chart.
const CHART_HEIGHT: f32 = 64.0;
/// Most bars drawn; wider ranges are grouped.
const MOST_BARS: usize = 60;

/// The odds section's own state.
#[derive(Default)]
pub(super) struct OddsView {
    /// The target typed ("15").
    target: String,
    /// The expression the kept distribution belongs to, printed, and the distribution.
    known: Option<(String, Distribution)>,
}

impl OddsView {
    /// The distribution of `dice`, worked out when the dice changed.
    fn distribution(&mut self, dice: &Dice) -> &Distribution {
        let printed = dice.to_string();
        if self.known.as_ref().is_none_or(|(p, _)| *p != printed) {
            let d = dice
                .exact_distribution()
                .unwrap_or_else(|| fray_app::dice::sampled(dice, TRAY_SAMPLES));
            self.known = Some((printed, d));
        }
        &self.known.as_ref().expect("just set").1
    }
}

/// Draws the folded "Odds of this roll" section for `dice`.
pub(super) fn odds_ui(ui: &mut egui::Ui, dice: &Dice, view: &mut OddsView) {
    egui::CollapsingHeader::new(RichText::new("Odds of this roll").strong())
        .id_salt("dice-tray-odds")
        .default_open(false)
        .show(ui, |ui| {
            ui.horizontal(|ui| {
                let label = ui.label("Reach");
                let field = egui::TextEdit::singleline(&mut view.target)
                    .hint_text("e.g. 15")
                    .desired_width(90.0);
                ui.add(field).labelled_by(label.id);
            });
            let target = view.target.trim().parse::<i64>().ok();
            let d = view.distribution(dice).clone();
            let how = if d.is_exact() {
                String::new()
            } else {
                format!(" (estimated from {} rolls)", d.samples)
            };
            ui.label(format!("mean {:.2}, from {} to {}{how}", d.mean(), d.min(), d.max()));
            if let Some(t) = target {
                let line = format!("{dice} ≥ {t}: {:.0}%", d.at_least(t) * 100.0);
                ui.label(RichText::new(line).size(20.0).strong());
            }
            chart_ui(ui, &d, target);
        });
}

/// A bar per total (or per few totals), those reaching the target in the accent colour.
fn chart_ui(ui: &mut egui::Ui, d: &Distribution, target: Option<i64>) {
    let (lo, hi) = d.likely_range();
    let span = (hi - lo + 1).max(1) as usize;
    let per_bar = span.div_ceil(MOST_BARS).max(1) as i64;
    let bars: Vec<(i64, f64)> = (0..span.div_ceil(per_bar as usize))
        .map(|i| {
            let from = lo + i as i64 * per_bar;
            let chance = (from..from + per_bar).map(|t| d.chance(t)).sum();
            (from, chance)
        })
        .collect();
    let most = bars.iter().map(|b| b.1).fold(0.0, f64::max).max(f64::MIN_POSITIVE);
    // A margin on the right, where a scroll bar may lie over the column.
    let width = (ui.available_width() - 14.0).max(120.0);
    let (rect, response) =
        ui.allocate_exact_size(egui::vec2(width, CHART_HEIGHT + 16.0), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    let visuals = ui.visuals();
    let bar_width = width / bars.len() as f32;
    let base = rect.top() + CHART_HEIGHT;
    for (i, (from, chance)) in bars.iter().enumerate() {
        let height = (chance / most) as f32 * CHART_HEIGHT;
        let x = rect.left() + i as f32 * bar_width;
        let bar = egui::Rect::from_min_max(
            egui::pos2(x + 0.5, base - height),
            egui::pos2(x + bar_width - 0.5, base),
        );
        let reached = target.is_some_and(|t| *from >= t);
        let colour =
            if reached { visuals.selection.bg_fill } else { visuals.widgets.inactive.bg_fill };
        painter.rect_filled(bar, 1.0, colour);
    }
    let small = egui::FontId::proportional(12.0);
    let text = visuals.weak_text_color();
    painter.text(
        rect.left_bottom(),
        egui::Align2::LEFT_BOTTOM,
        lo.to_string(),
        small.clone(),
        text,
    );
    painter.text(rect.right_bottom(), egui::Align2::RIGHT_BOTTOM, hi.to_string(), small, text);
    response.on_hover_text(format!("Totals {lo} to {hi}; each bar's height is its chance"));
}
