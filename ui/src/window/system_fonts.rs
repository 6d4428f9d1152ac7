//! The OS's own fonts for the scripts Fray's bundled fonts lack. The bundle covers Latin,
//! Greek, Cyrillic and symbols; a GM who names a monster 鬼の王 or a village قرية gets the
//! font their system uses for that script (fontconfig on Linux, DirectWrite on Windows,
//! CoreText on macOS: `egui_system_font_provider`), not empty boxes.
//!
//! Finding the system's fonts takes a moment (a fontconfig scan: tens to hundreds of
//! milliseconds), which the first frame must not wait for: the scan starts on its own thread
//! a second after the window opens. A character no bundled font has, met before the scan is
//! done, waits for it once.

use eframe::egui::{self, FallbackRequest, FontInsert, FontProvider};
use egui_system_font_provider::SystemFontProvider;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

/// How long after start the scan of the system's fonts begins.
const SCAN_AFTER: Duration = Duration::from_secs(1);

/// The system's fonts, found once per process and shared by every window.
#[derive(Default)]
pub struct SystemFonts {
    provider: OnceLock<SystemFontProvider>,
}

impl SystemFonts {
    /// The process's one instance; its scan starts [`SCAN_AFTER`] the first call.
    pub fn shared() -> Arc<SystemFonts> {
        static SHARED: OnceLock<Arc<SystemFonts>> = OnceLock::new();
        SHARED
            .get_or_init(|| {
                let fonts = Arc::new(SystemFonts::default());
                let later = Arc::clone(&fonts);
                let spawned =
                    std::thread::Builder::new().name("fray-system-fonts".into()).spawn(move || {
                        std::thread::sleep(SCAN_AFTER);
                        later.provider();
                    });
                // Without the thread the scan happens at the first character that needs it.
                drop(spawned);
                fonts
            })
            .clone()
    }

    /// The provider, its scan started (on its own thread) by the first call.
    fn provider(&self) -> &SystemFontProvider {
        self.provider.get_or_init(SystemFontProvider::new)
    }
}

impl FontProvider for SystemFonts {
    fn font_for(&self, request: &FallbackRequest<'_>) -> Option<FontInsert> {
        self.provider().font_for(request)
    }
}

/// Lets `ctx` find system fonts for characters its installed fonts lack.
pub fn install(ctx: &egui::Context) {
    ctx.add_font_provider(SystemFonts::shared());
}

#[cfg(test)]
mod tests {
    use super::SystemFonts;
    use eframe::egui::{self, FontId};
    use std::sync::Arc;

    /// A context with Fray's bundled fonts, the system's added when `system` is set, after
    /// one pass (fonts exist from the first pass on).
    fn context(system: bool) -> egui::Context {
        let ctx = egui::Context::default();
        ctx.set_fonts(egui::FontDefinitions::default());
        super::super::theme::install_fonts(&ctx);
        if !system {
            ctx.set_font_providers(Vec::new());
        }
        let mut output = ctx.run_ui(egui::RawInput::default(), |_| {});
        // No painter takes the font texture here.
        output.textures_delta.clear();
        ctx
    }

    fn has(ctx: &egui::Context, text: &str) -> bool {
        ctx.fonts_mut(|f| f.has_glyphs(&FontId::proportional(17.0), text))
    }

    #[test]
    fn the_bundled_fonts_lack_han_and_arabic_so_the_system_is_asked() {
        let bundled = context(false);
        assert!(has(&bundled, "Ødegård Дмитрий Ξένια"), "Latin, Cyrillic, Greek are bundled");
        assert!(!has(&bundled, "鬼"), "Han is not bundled");
        assert!(!has(&bundled, "ق"), "Arabic is not bundled");
    }

    /// Needs a system font for Han (CI installs `fonts-wqy-microhei`; any CJK font does).
    /// On a machine without one it says "skipped", as the Chromium tests do; under CI it fails.
    #[test]
    fn a_han_name_is_drawn_with_the_systems_font() {
        let ctx = context(true);
        if !has(&ctx, "鬼の王") {
            assert!(
                std::env::var_os("CI").is_none(),
                "no system font was found for Han: CI must install one (see .ci/run)"
            );
            eprintln!("skipped: no system font for Han (apt-get install fonts-wqy-microhei)");
            return;
        }
        assert!(has(&ctx, "Ødegård"), "the bundled fonts still serve Latin");
    }

    #[test]
    fn every_window_shares_one_scan() {
        assert!(Arc::ptr_eq(&SystemFonts::shared(), &SystemFonts::shared()));
    }
}
