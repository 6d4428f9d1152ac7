//! The board's colours, calm in both themes: muted surfaces, the side colours on the tokens,
//! one accent for the selection and one warm colour for whoever acts.

use eframe::egui::{Color32, Visuals};
use fray_app::system::presentation::{Meaning, Standing};

/// Colours of the board for one theme.
#[derive(Debug, Clone, Copy)]
pub struct Palette {
    /// Behind the cards.
    pub canvas: Color32,
    /// A zone card.
    pub card: Color32,
    /// A card's title bar.
    pub title: Color32,
    /// A card's border.
    pub border: Color32,
    /// A token's background.
    pub tile: Color32,
    /// A hovered token's background.
    pub tile_hover: Color32,
    /// Text.
    pub text: Color32,
    /// Secondary text.
    pub weak: Color32,
    /// Selection, drop targets, the zone being linked.
    pub accent: Color32,
    /// Whoever acts now.
    pub acting: Color32,
    /// A refusal (a full zone under a dragged token).
    pub refuse: Color32,
    /// Adjacency lines.
    pub link: Color32,
    /// The empty part of a bar.
    pub track: Color32,
    /// A condition chip.
    pub chip: Color32,
    /// A bar above half.
    pub good: Color32,
    /// A bar between a quarter and a half.
    pub mid: Color32,
    /// A bar at a quarter or less.
    pub low: Color32,
    /// A blast gone astray: the deviation arrow.
    pub blast: Color32,
}

impl Palette {
    /// The palette for the current theme.
    pub fn of(visuals: &Visuals) -> Self {
        if visuals.dark_mode {
            Self {
                canvas: Color32::from_gray(20),
                card: Color32::from_gray(36),
                title: Color32::from_gray(50),
                border: Color32::from_gray(70),
                tile: Color32::from_gray(48),
                tile_hover: Color32::from_gray(60),
                text: Color32::from_gray(235),
                weak: Color32::from_gray(165),
                accent: Color32::from_rgb(110, 170, 255),
                acting: Color32::from_rgb(240, 190, 80),
                refuse: Color32::from_rgb(230, 100, 90),
                link: Color32::from_rgba_unmultiplied(170, 180, 200, 150),
                track: Color32::from_gray(28),
                chip: Color32::from_gray(72),
                good: Color32::from_rgb(96, 178, 110),
                mid: Color32::from_rgb(222, 170, 70),
                low: Color32::from_rgb(214, 92, 78),
                blast: Color32::from_rgb(242, 128, 60),
            }
        } else {
            Self {
                canvas: Color32::from_gray(222),
                card: Color32::from_gray(250),
                title: Color32::from_gray(234),
                border: Color32::from_gray(180),
                tile: Color32::from_gray(238),
                tile_hover: Color32::from_gray(226),
                text: Color32::from_gray(25),
                weak: Color32::from_gray(95),
                accent: Color32::from_rgb(30, 100, 200),
                acting: Color32::from_rgb(200, 130, 0),
                refuse: Color32::from_rgb(190, 50, 40),
                link: Color32::from_rgba_unmultiplied(90, 100, 120, 170),
                track: Color32::from_gray(205),
                chip: Color32::from_gray(214),
                good: Color32::from_rgb(60, 150, 75),
                mid: Color32::from_rgb(205, 145, 30),
                low: Color32::from_rgb(200, 70, 55),
                blast: Color32::from_rgb(205, 85, 20),
            }
        }
    }

    /// A bar's colour for what it measures and how full it is: harm goes green to amber to
    /// red as it empties; stress is blue, fatigue violet, a count grey-blue (none of them
    /// looks like a body about to drop).
    pub fn meter(&self, meaning: Meaning, fraction: f32) -> Color32 {
        match meaning {
            Meaning::Harm => self.bar(fraction),
            Meaning::Stress => Color32::from_rgb(92, 146, 214),
            Meaning::Fatigue => Color32::from_rgb(160, 116, 206),
            Meaning::Count => Color32::from_rgb(128, 146, 170),
        }
    }

    /// The badge colour of a token out of the fight: dead and dying in the harm colour, down
    /// in amber, fled and surrendered neutral.
    pub fn standing(&self, standing: Standing) -> Color32 {
        match standing {
            Standing::Dead | Standing::Dying => self.low,
            Standing::Down => self.mid,
            Standing::Fled | Standing::Surrendered | Standing::Up => self.weak,
        }
    }

    /// A bar's colour for how full it is.
    pub fn bar(&self, fraction: f32) -> Color32 {
        if fraction > 0.5 {
            self.good
        } else if fraction > 0.25 {
            self.mid
        } else {
            self.low
        }
    }
}
