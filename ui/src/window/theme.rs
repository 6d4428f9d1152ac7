//! Look and size: large, calm text readable from arm's length, the GM's scale and theme.

use super::Prefs;
use eframe::egui::{self, FontFamily, FontId, TextStyle};

/// Applies the GM's preferences (scale, theme) and Fray's text sizes to the context.
pub fn apply_prefs(ctx: &egui::Context, prefs: &Prefs) {
    ctx.set_zoom_factor(prefs.scale_percent as f32 / 100.0);
    ctx.set_theme(if prefs.dark { egui::Theme::Dark } else { egui::Theme::Light });
    // The same sizes for both themes: a GM reads this from arm's length.
    for theme in [egui::Theme::Dark, egui::Theme::Light] {
        ctx.style_mut_of(theme, |style| {
            style.text_styles = [
                (TextStyle::Heading, FontId::new(26.0, FontFamily::Proportional)),
                (TextStyle::Body, FontId::new(17.0, FontFamily::Proportional)),
                (TextStyle::Button, FontId::new(17.0, FontFamily::Proportional)),
                (TextStyle::Small, FontId::new(13.5, FontFamily::Proportional)),
                (TextStyle::Monospace, FontId::new(15.5, FontFamily::Monospace)),
            ]
            .into();
            style.spacing.item_spacing = egui::vec2(8.0, 6.0);
            style.spacing.button_padding = egui::vec2(10.0, 5.0);
            style.spacing.interact_size.y = 28.0;
        });
    }
}
