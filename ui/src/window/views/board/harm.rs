//! The dialog of harm to several at once (a fireball, a breath, a falling ceiling): whom it
//! reaches — the tokens picked on the board (shift-click) or ticked here, everyone in a zone,
//! or everyone within a radius on the grid — the dice, what deals it, and one roll for all or
//! one each. It sends one [`Command::Harm`]; the rules deal it to each target (armour, saves,
//! what the harm does), and undo takes it all back.

use crate::window::Action;
use eframe::egui::{self, RichText};
use fray_app::Command;
use fray_app::command::Targets;
use fray_app::dice::Dice;
use fray_app::encounter::Encounter;
use fray_app::ids::{CombatantId, ZoneId};
use std::collections::BTreeSet;

/// How the dialog chooses its targets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum By {
    /// Ticked combatants.
    Picked,
    /// Everyone in a zone.
    Zone,
    /// Everyone within a radius on the grid.
    Radius,
}

/// What is typed in the dialog.
#[derive(Debug, Clone, PartialEq)]
pub struct HarmForm {
    /// How the targets are chosen.
    pub by: By,
    /// The ticked combatants.
    pub picked: BTreeSet<CombatantId>,
    /// The zone.
    pub zone: Option<ZoneId>,
    /// The radius's centre corner and size, as typed.
    pub corner: (String, String),
    /// Squares.
    pub radius: String,
    /// The dice, as typed.
    pub dice: String,
    /// What deals it.
    pub label: String,
    /// One roll each.
    pub each: bool,
}

impl HarmForm {
    /// A form for `state`, with the board's picks ticked (by zone or radius when none is).
    pub fn new(state: &Encounter, picked: &BTreeSet<CombatantId>) -> Self {
        let picked: BTreeSet<CombatantId> =
            picked.iter().filter(|id| state.combatant(**id).is_some()).copied().collect();
        let by = match (picked.is_empty(), state.grid.is_some()) {
            (false, _) => By::Picked,
            (true, true) => By::Radius,
            (true, false) => By::Zone,
        };
        Self {
            by,
            picked,
            zone: state.zones.keys().next().copied(),
            corner: (String::new(), String::new()),
            radius: "2".into(),
            dice: "2d6".into(),
            label: String::new(),
            each: false,
        }
    }

    /// The command the form describes, or why it cannot be sent yet.
    pub fn command(&self) -> Result<Command, String> {
        let dice = Dice::parse(self.dice.trim()).map_err(|e| format!("The dice: {e}"))?;
        if self.label.trim().is_empty() {
            return Err("Say what deals it (a fireball, falling rocks...)".into());
        }
        let targets = match self.by {
            By::Picked if self.picked.is_empty() => return Err("Tick who it reaches".into()),
            By::Picked => Targets::Picked { ids: self.picked.iter().copied().collect() },
            By::Zone => Targets::Zone { zone: self.zone.ok_or("Choose the zone")? },
            By::Radius => {
                let number = |s: &str, what: &str| {
                    s.trim().parse::<u16>().map_err(|_| format!("{what}: a whole number"))
                };
                Targets::Radius {
                    corner: (number(&self.corner.0, "Across")?, number(&self.corner.1, "Down")?),
                    r: number(&self.radius, "Radius")?,
                }
            }
        };
        Ok(Command::Harm { targets, dice, label: self.label.trim().to_owned(), each: self.each })
    }
}

/// What the dialog wants once drawn.
pub enum Outcome {
    /// Stay open.
    Keep,
    /// Close.
    Close,
}

/// Draws the dialog, at most `tall` points high: the targets and the dice scroll, the reason
/// and the buttons stay under them, so the dialog fits the window at any scale.
pub fn harm_ui(
    ui: &mut egui::Ui,
    state: &Encounter,
    form: &mut HarmForm,
    tall: f32,
    out: &mut Vec<Action>,
) -> Outcome {
    let buttons = 90.0;
    egui::ScrollArea::vertical()
        .id_salt("harm-fields")
        .max_height((tall - buttons).max(80.0))
        .auto_shrink([false, true])
        .show(ui, |ui| fields_ui(ui, state, form));
    let command = form.command();
    // The reason stays in one line under the fields: the buttons never move.
    let why = command.as_ref().err().cloned().unwrap_or_default();
    ui.label(RichText::new(if why.is_empty() { " ".to_owned() } else { why }).weak());
    let mut outcome = Outcome::Keep;
    ui.horizontal(|ui| {
        let harm =
            egui::Button::new(RichText::new("Harm").size(18.0)).min_size([120.0, 36.0].into());
        if ui.add_enabled(command.is_ok(), harm).clicked()
            && let Ok(command) = command
        {
            out.push(Action::Game(command));
            out.push(Action::ClearPicks);
            outcome = Outcome::Close;
        }
        if ui.add(egui::Button::new("Cancel").min_size([100.0, 36.0].into())).clicked() {
            outcome = Outcome::Close;
        }
    });
    outcome
}

/// The targets, the dice and what deals it.
fn fields_ui(ui: &mut egui::Ui, state: &Encounter, form: &mut HarmForm) {
    ui.label(RichText::new("Harm several at once").size(24.0).strong());
    ui.label(
        RichText::new(
            "A blast, a breath, a falling ceiling: one roll for all (or one each), dealt to each \
             through its own armour and saves. Shift-click tokens on the board to pick them.",
        )
        .weak(),
    );
    ui.horizontal(|ui| {
        let dice = ui.label("Dice");
        ui.add(egui::TextEdit::singleline(&mut form.dice).desired_width(90.0)).labelled_by(dice.id);
        let what = ui.label("What deals it");
        ui.add(
            egui::TextEdit::singleline(&mut form.label).hint_text("Fireball").desired_width(200.0),
        )
        .labelled_by(what.id);
    });
    ui.horizontal(|ui| {
        ui.selectable_value(&mut form.each, false, "One roll for all");
        ui.selectable_value(&mut form.each, true, "One roll each");
    });
    ui.add_space(8.0);
    ui.horizontal(|ui| {
        let mut choice = |ui: &mut egui::Ui, by: By, text: &str, enabled: bool| {
            let button =
                egui::Button::selectable(form.by == by, text).min_size([110.0, 32.0].into());
            if ui.add_enabled(enabled, button).clicked() {
                form.by = by;
            }
        };
        choice(ui, By::Picked, "These", true);
        choice(ui, By::Zone, "A zone", !state.zones.is_empty());
        choice(ui, By::Radius, "A radius", state.grid.is_some());
    });
    ui.add_space(6.0);
    match form.by {
        By::Picked => picked_ui(ui, state, form),
        By::Zone => zone_ui(ui, state, form),
        By::Radius => {
            ui.horizontal(|ui| {
                for (label, text) in [
                    ("Across", &mut form.corner.0),
                    ("Down", &mut form.corner.1),
                    ("Radius (squares)", &mut form.radius),
                ] {
                    let name = ui.label(label);
                    ui.add(egui::TextEdit::singleline(text).desired_width(50.0))
                        .labelled_by(name.id);
                }
            });
            ui.label(
                RichText::new(
                    "Round a corner of the grid (its lines, counted from the top left): \
                     everyone with a square in the square of side 2 × radius round it.",
                )
                .weak(),
            );
        }
    }
    ui.add_space(6.0);
}

/// The zone it reaches, and who is in it now: said before anything is harmed.
fn zone_ui(ui: &mut egui::Ui, state: &Encounter, form: &mut HarmForm) {
    let name = |z: Option<ZoneId>| {
        z.and_then(|z| state.zone(z)).map_or("Choose a zone".to_owned(), |z| z.name.clone())
    };
    egui::ComboBox::from_label("Everyone in").selected_text(name(form.zone)).show_ui(ui, |ui| {
        for z in state.zones.values() {
            ui.selectable_value(&mut form.zone, Some(z.id), z.name.as_str());
        }
    });
    // Who it reaches, said before it harms.
    if let Some(zone) = form.zone.and_then(|z| state.zone(z)) {
        let names: Vec<&str> = state.in_zone(zone.id).map(|c| c.name.as_str()).collect();
        let text = if names.is_empty() {
            format!("Nobody is in {} now", zone.name)
        } else {
            format!("It reaches {} in {}: {}", names.len(), zone.name, names.join(", "))
        };
        ui.add(egui::Label::new(RichText::new(text).strong()).wrap());
    }
}

/// A tick box per combatant on the board (the dialog's fields scroll).
fn picked_ui(ui: &mut egui::Ui, state: &Encounter, form: &mut HarmForm) {
    let side_name = |c: &fray_app::encounter::Combatant| {
        state.side(c.side).map_or(String::new(), |s| s.name.clone())
    };
    ui.scope(|ui| {
        for c in state.combatants.values().filter(|c| c.on_board()) {
            let mut on = form.picked.contains(&c.id);
            let text = format!("{} ({})", c.name, side_name(c));
            if ui.checkbox(&mut on, text).changed() {
                if on {
                    form.picked.insert(c.id);
                } else {
                    form.picked.remove(&c.id);
                }
            }
        }
    });
}

/// The widest words of the harm button: a fight of a hundred picks is not one a GM runs.
const WIDEST: &str = "Harm the 99 picked…";

/// "Harm several…", with how many are picked on the board, as wide whatever it says; on a
/// `narrow` board (a high UI scale, or little room left in the row) a short "Harm…", named in
/// full for screen readers, so the toolbar keeps one row. Returns whether the GM opened the
/// dialog.
pub fn button_ui(ui: &mut egui::Ui, picked: usize, narrow: bool) -> bool {
    let full = if picked == 0 {
        "Harm several…".to_owned()
    } else {
        format!("Harm the {picked} picked…")
    };
    // As wide as its widest words, so the board's tools after it keep their places as picks
    // come and go; short when the row has no room for that, so the toolbar keeps one row.
    let widest = super::toolbar::button_width(ui, WIDEST);
    let narrow = narrow || ui.available_size_before_wrap().x < widest;
    let text = if narrow { "Harm…".to_owned() } else { full.clone() };
    let width = if narrow { 0.0 } else { widest };
    let hint = "A blast, a breath, a falling ceiling: one roll dealt to several. \
                Shift-click tokens to pick them.";
    // The picks are put back by shift-clicking them again, or in the dialog: no button comes
    // and goes here, so the toolbar keeps its row and the board does not move.
    ui.add(egui::Button::new(text).min_size(egui::vec2(width, 34.0)))
        .accessible_name(full)
        .on_hover_text(hint)
        .clicked()
}

/// The dialog of harm to several at once, anchored by its top edge so nothing moves under the
/// pointer as it grows.
pub fn dialog_ui(
    ctx: &egui::Context,
    state: &Encounter,
    form: &mut Option<HarmForm>,
    out: &mut Vec<Action>,
) {
    let Some(f) = form else { return };
    let id = egui::Id::unique("fray-harm-dialog");
    let frame = egui::Frame::popup(&ctx.global_style()).inner_margin(20.0);
    let top = (ctx.content_rect().height() * 0.08).clamp(16.0, 90.0);
    let area = egui::Modal::default_area(id).anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, top));
    // Never taller than the window (200 % on a laptop): the fields scroll, the buttons stay.
    let tall = (ctx.content_rect().height() - top - 60.0).max(160.0);
    let modal = egui::Modal::new(id).area(area).frame(frame).show(ctx, |ui| {
        ui.set_width((ctx.content_rect().width() - 80.0).clamp(280.0, 620.0));
        harm_ui(ui, state, f, tall, out)
    });
    if modal.should_close() || matches!(modal.inner, Outcome::Close) {
        *form = None;
    }
}
