//! The battle map form: load a picture or a Universal VTT file under the grid, then scale and
//! move the picture.

use super::grid_canvas::GridState;
use crate::window::{Action, file_dialog};
use eframe::egui;
use fray_app::Command;
use fray_app::space::grid::Grid;

/// The map form: a file to load, and the picture's scale and place.
#[derive(Debug, Clone, Default)]
pub struct MapForm {
    /// A picture or Universal VTT file, as typed.
    path: String,
    /// Whether a Universal VTT file's object outlines (statues, furniture) become walls.
    objects_as_walls: bool,
    /// Squares the picture spans across.
    across: f32,
    /// Where its top-left corner lies, in squares.
    offset: (f32, f32),
}

/// The map form: load a picture or a Universal VTT file; scale and move the picture.
pub fn map_form_ui(ui: &mut egui::Ui, grid: &Grid, gs: &mut GridState, out: &mut Vec<Action>) {
    let Some(form) = &mut gs.map_form else { return };
    let mut open = true;
    egui::Window::new("Battle map")
        .id(egui::Id::unique("battle-map-form"))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .default_width(560.0)
        .show(ui.ctx(), |ui| {
            ui.set_width(560.0);
            ui.label("A picture (PNG, JPEG, WebP) goes under the grid; a Universal VTT file (.dd2vtt, .uvtt, or any name) becomes the whole board: squares, walls, doors and picture. What Fray moved or left out is said once it is loaded.");
            ui.add_space(6.0);
            let label = ui.label("Map file");
            ui.horizontal(|ui| {
                if ui.button("Browse…").clicked()
                    && let Some(path) = file_dialog::pick(file_dialog::Files {
                        kind: "map",
                        title: "Choose a battle map",
                        filter: "Maps",
                        extensions: &["png", "jpg", "jpeg", "webp", "dd2vtt", "uvtt", "df2vtt", "json"],
                    })
                {
                    form.path = path.display().to_string();
                }
                ui.add(egui::TextEdit::singleline(&mut form.path).desired_width(ui.available_width()))
                    .labelled_by(label.id);
            });
            ui.checkbox(
                &mut form.objects_as_walls,
                "Object outlines (statues, furniture) as walls; left open otherwise",
            );
            let path = file_dialog::typed_path(&form.path);
            if ui.add_enabled(path.is_some(), egui::Button::new("Load")).clicked()
                && let Some(path) = path
            {
                let objects = if form.objects_as_walls {
                    crate::uvtt::Objects::Walls
                } else {
                    crate::uvtt::Objects::Ignore
                };
                out.push(Action::LoadMap(path, objects));
            }
            if let Some(m) = &grid.map {
                ui.separator();
                if form.across <= 0.0 {
                    form.across = m.width_squares;
                    form.offset = (m.offset_x, m.offset_y);
                }
                ui.horizontal(|ui| {
                    let l = ui.label("Squares across");
                    ui.add(egui::DragValue::new(&mut form.across).range(1.0..=1000.0).speed(0.05)).labelled_by(l.id);
                    let l = ui.label("Offset");
                    ui.add(egui::DragValue::new(&mut form.offset.0).range(-1000.0..=1000.0).speed(0.02)).labelled_by(l.id);
                    ui.add(egui::DragValue::new(&mut form.offset.1).range(-1000.0..=1000.0).speed(0.02));
                });
                ui.horizontal(|ui| {
                    if ui.button("Apply").clicked() {
                        let scale = form.across / m.width_squares;
                        let map = fray_app::space::grid::BattleMap {
                            image: m.image.clone(),
                            width_squares: form.across,
                            height_squares: m.height_squares * scale,
                            offset_x: form.offset.0,
                            offset_y: form.offset.1,
                        };
                        out.push(Action::Game(Command::SetMap { map: Some(map) }));
                    }
                    if ui.button("Remove the map").clicked() {
                        out.push(Action::Game(Command::SetMap { map: None }));
                    }
                });
            }
        });
    if !open {
        gs.map_form = None;
    }
}
