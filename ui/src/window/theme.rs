//! Look and size: large, calm text readable from arm's length, the GM's scale and theme.

use super::Prefs;
use eframe::egui::{self, FontData, FontDefinitions, FontFamily, FontId, TextStyle};
use std::sync::Arc;

/// Noto Sans Regular (SIL OFL), subset to Latin, Greek, Cyrillic and punctuation: a regular
/// weight reads better from a distance than egui's light default.
pub(crate) const TEXT_FONT: &[u8] = include_bytes!("../../assets/fonts/NotoSans-Regular.ttf");
/// DejaVu Sans (free licence), subset to arrows, maths and symbols: the journal's "→", "−",
/// "✓" and the like, which the text font lacks.
pub(crate) const SYMBOL_FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Symbols.ttf");

/// Installs Fray's fonts: the text font first, egui's own fonts (emoji, icons) after it, the
/// symbol font last. Takes effect from the next frame.
pub fn install_fonts(ctx: &egui::Context) {
    let mut fonts = FontDefinitions::default();
    fonts.font_data.insert("fray-text".into(), Arc::new(FontData::from_static(TEXT_FONT)));
    fonts.font_data.insert("fray-symbols".into(), Arc::new(FontData::from_static(SYMBOL_FONT)));
    for (family, text_first) in [(FontFamily::Proportional, true), (FontFamily::Monospace, false)] {
        let list = fonts.families.entry(family).or_default();
        if text_first {
            list.insert(0, "fray-text".into());
        }
        list.push("fray-symbols".into());
    }
    ctx.set_fonts(fonts);
    super::system_fonts::install(ctx);
}

/// Where a context keeps the preferences Fray last applied to it.
fn styled_id() -> egui::Id {
    egui::Id::unique("fray-applied-prefs")
}

/// The preferences last applied to this context, `None` if Fray never styled it. Kept in the
/// context itself, so a window and a test harness (each with its own context) both get styled.
pub fn styled_with(ctx: &egui::Context) -> Option<Prefs> {
    ctx.data(|d| d.get_temp::<Prefs>(styled_id()))
}

/// [`apply_prefs`] for a context that has not run a pass yet (the window's, as it opens).
pub fn apply_prefs_before_the_first_pass(ctx: &egui::Context, prefs: &Prefs) {
    // `set_zoom_factor` rescales the last pass's screen to the new zoom, and before the first
    // pass there is none (egui's stand-in is a square of 10,000 points): the first layout was
    // made for a screen of the wrong size and the panels took frames to come back from it,
    // so at 200 % the window appeared and then jumped. Set directly, the zoom simply holds
    // from the first pass on.
    ctx.options_mut(|o| o.zoom_factor = prefs.scale_percent as f32 / 100.0);
    apply_prefs(ctx, prefs);
}

/// Applies the GM's preferences (scale, theme) and Fray's text sizes to the context; the UI
/// scale takes effect from the next pass.
pub fn apply_prefs(ctx: &egui::Context, prefs: &Prefs) {
    ctx.data_mut(|d| d.insert_temp(styled_id(), prefs.clone()));
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
            // Unhinted, as the fonts ship: egui's autohinter would study every font's
            // glyphs before the first frame (some 30 ms of a 150 ms start), and at 17 points
            // and up the text is as sharp without it.
            style.visuals.text_options.font_hinting = false;
        });
    }
}
