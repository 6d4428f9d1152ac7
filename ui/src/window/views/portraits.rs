//! Portraits on the board and the card: the textures of the library entries the open
//! encounter's combatants came from. Which entries have a portrait is asked once per library
//! version (one query per store); each portrait is read and decoded once. Tokens find their
//! texture by combatant id ([`of`]) without touching the database.

use crate::window::Model;
use eframe::egui::{self, Color32, Pos2, TextureId, epaint};
use fray_app::ids::CombatantId;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

/// The portrait textures of the open encounter's combatants.
#[derive(Default)]
pub struct Portraits {
    /// What the cache was built for: library version, encounter, number of events.
    built: Option<(u64, i64, usize)>,
    /// The library version the `have` set was read at.
    version: Option<u64>,
    /// Sources (`creature:12`) whose entry has a portrait.
    have: HashSet<String>,
    /// Textures by source; `None` when the portrait could not be decoded.
    textures: HashMap<String, Option<egui::TextureHandle>>,
}

/// Where the combatants' textures are published for the painters (ctx memory).
fn key() -> egui::Id {
    egui::Id::unique("fray-portraits")
}

impl Portraits {
    /// Brings the textures in step with the library and the encounter; cheap when nothing
    /// changed (called every frame).
    pub fn sync(&mut self, ctx: &egui::Context, model: &Model) {
        let Some(session) = &model.session else { return };
        let stamp =
            (model.library_version, session.encounter_id().0, session.history().events().len());
        if self.built == Some(stamp) {
            return;
        }
        self.built = Some(stamp);
        if self.version != Some(model.library_version) {
            self.version = Some(model.library_version);
            self.textures.clear();
            self.have.clear();
            let db = &model.db;
            let creatures = db.creatures().with_portraits().unwrap_or_default();
            let characters = db.characters().with_portraits().unwrap_or_default();
            self.have.extend(creatures.iter().map(|id| format!("creature:{}", id.0)));
            self.have.extend(characters.iter().map(|id| format!("character:{}", id.0)));
        }
        let mut by_combatant = HashMap::new();
        for c in session.state().combatants.values() {
            let Some(source) = c.source.as_deref().filter(|s| self.have.contains(*s)) else {
                continue;
            };
            if !self.textures.contains_key(source) {
                let png = read(model, source);
                let texture = png.and_then(|png| texture(ctx, source, &png));
                self.textures.insert(source.to_owned(), texture);
            }
            if let Some(Some(t)) = self.textures.get(source) {
                by_combatant.insert(c.id, t.id());
            }
        }
        ctx.data_mut(|d| d.insert_temp(key(), Arc::new(by_combatant)));
    }
}

/// The portrait texture of a combatant, if its library entry has one.
pub fn of(ctx: &egui::Context, id: CombatantId) -> Option<TextureId> {
    ctx.data(|d| d.get_temp::<Arc<HashMap<CombatantId, TextureId>>>(key()))
        .and_then(|m| m.get(&id).copied())
}

fn read(model: &Model, source: &str) -> Option<Vec<u8>> {
    let (kind, id) = source.split_once(':')?;
    let id: i64 = id.parse().ok()?;
    match kind {
        "creature" => model.db.creatures().portrait(fray_data::CreatureId(id)).ok().flatten(),
        "character" => model.db.characters().portrait(fray_data::CharacterId(id)).ok().flatten(),
        _ => None,
    }
}

/// A texture of PNG bytes (a stored thumbnail), or `None` if they do not decode.
pub fn texture(ctx: &egui::Context, name: &str, png: &[u8]) -> Option<egui::TextureHandle> {
    let image = image::load_from_memory(png).ok()?.into_rgba8();
    let size = [image.width() as usize, image.height() as usize];
    let colour = egui::ColorImage::from_rgba_unmultiplied(size, image.as_raw());
    Some(ctx.load_texture(format!("portrait-{name}"), colour, egui::TextureOptions::LINEAR))
}

/// Paints a texture as a disc of `radius` around `centre`.
pub fn paint_round(painter: &egui::Painter, centre: Pos2, radius: f32, texture: TextureId) {
    const STEPS: u32 = 48;
    let mut mesh = epaint::Mesh::with_texture(texture);
    let uv = egui::pos2(0.5, 0.5);
    mesh.vertices.push(epaint::Vertex { pos: centre, uv, color: Color32::WHITE });
    for i in 0..=STEPS {
        let a = i as f32 / STEPS as f32 * std::f32::consts::TAU;
        let (s, c) = a.sin_cos();
        let pos = centre + egui::vec2(c, s) * radius;
        let uv = egui::pos2(0.5 + 0.5 * c, 0.5 + 0.5 * s);
        mesh.vertices.push(epaint::Vertex { pos, uv, color: Color32::WHITE });
        if i > 0 {
            mesh.add_triangle(0, i, i + 1);
        }
    }
    painter.add(egui::Shape::mesh(mesh));
}
