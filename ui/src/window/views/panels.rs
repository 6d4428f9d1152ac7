//! Which side panels are open, and how wide they may grow, so the board always keeps at least
//! half the window, whatever the UI scale and screen: at 200 % on 1920×1080 (960×540 points)
//! or 150 % on 1366×768 the library and the journal start folded (the *Table* layout), and
//! every panel is capped to a share of the window. The GM folds and unfolds each with one
//! click (the board's toolbar) or a key: F2 the library, F3 the journal, F4 the right column;
//! or switches the whole layout at once: *Table* (the board, the pinned question, the banner)
//! for play, *Prep* (every panel) for building, F5 going from one to the other.

use eframe::egui::{self, Key, Vec2};

/// Below this width in points a window starts with the library folded.
pub const WIDE_POINTS: f32 = 1300.0;
/// Below this height in points a window starts with the journal folded.
pub const TALL_POINTS: f32 = 680.0;

/// The most of the window's width the library may take.
pub const LIBRARY_SHARE: f32 = 0.2;
/// The most of the window's width the right column may take.
pub const RIGHT_SHARE: f32 = 0.3;
/// The most of the window's height the journal may take.
pub const JOURNAL_SHARE: f32 = 0.3;

/// The GM's choice for each panel; `None` until the GM folds or unfolds it: then the window's
/// size decides. Kept per encounter (a fight's *Table* layout, a prepared one's *Prep*).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Panels {
    /// The library (left).
    pub library: Option<bool>,
    /// The journal (bottom).
    pub journal: Option<bool>,
    /// The stepper, dice tray and card (right).
    pub right: Option<bool>,
}

/// One panel, for toggling.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Panel {
    /// The library.
    Library,
    /// The journal.
    Journal,
    /// The right column.
    Right,
}

impl Panel {
    /// Every panel, in the toolbar's order.
    pub const ALL: [Panel; 3] = [Panel::Library, Panel::Journal, Panel::Right];

    /// Its name on the toggle.
    pub fn label(self) -> &'static str {
        match self {
            Panel::Library => "Library",
            Panel::Journal => "Journal",
            Panel::Right => "Stepper",
        }
    }

    /// Its key.
    pub fn key(self) -> Key {
        match self {
            Panel::Library => Key::F2,
            Panel::Journal => Key::F3,
            Panel::Right => Key::F4,
        }
    }
}

/// The toggle that folds or unfolds `panel`: its key alone when `compact`, else its name and
/// key. The board's toolbar has one for each panel; the library, while open, draws its own at
/// its top-left, where the toolbar's was while it was folded, so the button stays under the
/// pointer that opened it.
pub fn fold_button_ui(
    ui: &mut egui::Ui,
    panels: &mut Panels,
    panel: Panel,
    window: Vec2,
    compact: bool,
) {
    let open = panels.open(panel, window);
    let text = if compact {
        format!("{:?}", panel.key())
    } else {
        format!("{} ({:?})", panel.label(), panel.key())
    };
    let button = egui::Button::selectable(open, text).min_size(egui::vec2(0.0, 34.0));
    let hint =
        format!("{} the {}", if open { "Fold" } else { "Unfold" }, panel.label().to_lowercase());
    if ui.add(button).on_hover_text(hint).clicked() {
        panels.toggle(panel, window);
    }
}

/// A whole layout, set with one click.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    /// For play: the board and the right column; the library and the journal folded.
    Table,
    /// For building: every panel open.
    Prep,
}

impl Layout {
    /// Both, in the toolbar's order.
    pub const ALL: [Layout; 2] = [Layout::Table, Layout::Prep];

    /// The key going from one layout to the other.
    pub const KEY: Key = Key::F5;

    /// Its name on the toolbar.
    pub fn label(self) -> &'static str {
        match self {
            Layout::Table => "Table",
            Layout::Prep => "Prep",
        }
    }

    /// What it shows, for the hover.
    pub fn hint(self) -> &'static str {
        match self {
            Layout::Table => "For play: the board and the stepper; library and journal folded (F5)",
            Layout::Prep => "For building: library, journal and stepper all open (F5)",
        }
    }

    /// The folds it stands for.
    fn panels(self) -> Panels {
        let open = self == Layout::Prep;
        Panels { library: Some(open), journal: Some(open), right: Some(true) }
    }
}

impl Panels {
    /// The layout the panels open in a window of `size` points show, if they show one.
    pub fn layout(&self, size: Vec2) -> Option<Layout> {
        Layout::ALL.into_iter().find(|l| {
            let want = l.panels();
            Panel::ALL.into_iter().all(|p| want.open(p, size) == self.open(p, size))
        })
    }

    /// Sets a whole layout.
    pub fn set_layout(&mut self, layout: Layout) {
        *self = layout.panels();
    }

    /// Whether `panel` is open in a window of `size` points.
    pub fn open(&self, panel: Panel, size: Vec2) -> bool {
        match panel {
            Panel::Library => self.library.unwrap_or(size.x >= WIDE_POINTS),
            Panel::Journal => self.journal.unwrap_or(size.y >= TALL_POINTS),
            Panel::Right => self.right.unwrap_or(true),
        }
    }

    /// Folds `panel` if open, unfolds it if folded.
    pub fn toggle(&mut self, panel: Panel, size: Vec2) {
        let now = !self.open(panel, size);
        match panel {
            Panel::Library => self.library = Some(now),
            Panel::Journal => self.journal = Some(now),
            Panel::Right => self.right = Some(now),
        }
    }

    /// The panel keys pressed this frame (not while typing: F-keys type nothing anyway).
    /// Returns whether any panel changed.
    pub fn keys(&mut self, ctx: &egui::Context, size: Vec2) -> bool {
        let mut changed = false;
        for panel in Panel::ALL {
            if ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, panel.key())) {
                self.toggle(panel, size);
                changed = true;
            }
        }
        if ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, Layout::KEY)) {
            let next = match self.layout(size) {
                Some(Layout::Table) => Layout::Prep,
                _ => Layout::Table,
            };
            self.set_layout(next);
            changed = true;
        }
        changed
    }
}

/// Where an encounter's folds are kept in the settings.
pub fn key(encounter: fray_data::EncounterId) -> String {
    format!("ui.panels.{}", encounter.0)
}

/// The panels of the window, and the encounter they were loaded for.
#[derive(Debug, Default)]
pub struct PanelsView {
    /// The folds shown.
    pub panels: Panels,
    /// The encounter they belong to.
    pub encounter: Option<fray_data::EncounterId>,
}

impl PanelsView {
    /// The folds of the open encounter, read once when it opens.
    pub fn follow(&mut self, model: &crate::window::Model) {
        let open = model.session.as_ref().map(fray_data::Session::encounter_id);
        if open != self.encounter {
            self.encounter = open;
            self.panels = open
                .and_then(|id| model.db.settings().get_json::<Panels>(&key(id)).ok().flatten())
                .unwrap_or_default();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_small_window_starts_with_library_and_journal_folded() {
        let p = Panels::default();
        let big = Vec2::new(1920.0, 1080.0);
        let at_200 = Vec2::new(960.0, 540.0);
        assert!(p.open(Panel::Library, big) && p.open(Panel::Journal, big));
        assert!(!p.open(Panel::Library, at_200) && !p.open(Panel::Journal, at_200));
        assert!(p.open(Panel::Right, at_200), "the stepper stays");
        let mut p = p;
        p.toggle(Panel::Library, at_200);
        assert!(
            p.open(Panel::Library, at_200) && p.open(Panel::Library, big),
            "the GM's choice holds"
        );
    }

    #[test]
    fn a_layout_sets_every_fold_and_is_recognised() {
        let big = Vec2::new(1920.0, 1080.0);
        let at_200 = Vec2::new(960.0, 540.0);
        let mut p = Panels::default();
        assert_eq!(p.layout(big), Some(Layout::Prep), "a big window opens every panel");
        assert_eq!(p.layout(at_200), Some(Layout::Table), "a small one folds to the table");
        p.set_layout(Layout::Table);
        assert!(!p.open(Panel::Library, big) && !p.open(Panel::Journal, big));
        assert!(p.open(Panel::Right, big));
        p.toggle(Panel::Right, big);
        assert_eq!(p.layout(big), None, "the stepper folded by hand is neither layout");
        p.set_layout(Layout::Prep);
        assert!(Panel::ALL.into_iter().all(|panel| p.open(panel, at_200)));
    }
}
