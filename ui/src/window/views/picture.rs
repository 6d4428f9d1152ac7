//! Pictures of the map store as textures: read from the database and decoded once per key,
//! on a thread of their own, so a big battle map never stalls a frame. The board's battle map
//! and the player window (its map and its blackout picture) each keep one.

use eframe::egui;
use fray_data::Db;

/// The longest side a picture is uploaded at (larger ones are scaled down).
const MAX_TEXTURE_PX: u32 = 4096;

/// One picture's texture, by its key in the map store.
#[derive(Default)]
pub struct PictureTexture {
    state: Option<State>,
}

enum State {
    /// Decoding; the pixels arrive on the channel (`None`: the picture could not be read).
    Loading(String, std::sync::mpsc::Receiver<Option<egui::ColorImage>>),
    /// Uploaded (`None`: it could not be read).
    Ready(String, Option<egui::TextureHandle>),
}

impl State {
    fn key(&self) -> &str {
        match self {
            State::Loading(k, _) | State::Ready(k, _) => k,
        }
    }
}

impl PictureTexture {
    /// The texture of the picture `key`, once it is decoded (starts decoding a new key).
    pub fn texture(&mut self, ctx: &egui::Context, db: &Db, key: &str) -> Option<egui::TextureId> {
        if self.state.as_ref().is_none_or(|s| s.key() != key) {
            let (send, receive) = std::sync::mpsc::channel();
            let (db, wanted, ctx) = (db.clone(), key.to_owned(), ctx.clone());
            std::thread::spawn(move || {
                let pixels = db.maps().get(&wanted).ok().flatten().and_then(|m| decode(&m.image));
                // The view may have moved on; then nobody listens, which is fine.
                let _ = send.send(pixels);
                ctx.request_repaint();
            });
            self.state = Some(State::Loading(key.to_owned(), receive));
        }
        if let Some(State::Loading(k, receive)) = &self.state
            && let Ok(pixels) = receive.try_recv()
        {
            let texture = pixels.map(|img| {
                ctx.load_texture(format!("picture-{k}"), img, egui::TextureOptions::LINEAR)
            });
            self.state = Some(State::Ready(k.clone(), texture));
        }
        match &self.state {
            Some(State::Ready(_, Some(t))) => Some(t.id()),
            _ => None,
        }
    }
}

/// A picture's pixels, scaled down to at most [`MAX_TEXTURE_PX`] on its long side. Pictures
/// are stored at most that size, so this is one decode and one copy into the texture's
/// colours: the RGBA buffer is taken, not copied (`into_rgba8`), and a larger one (stored
/// by an older Fray) is averaged down by `thumbnail`, not a filtered resize, whose float copy
/// of the whole width would pass the window's memory budget on its own.
fn decode(bytes: &[u8]) -> Option<egui::ColorImage> {
    let img = image::load_from_memory(bytes).ok()?;
    let img = if img.width().max(img.height()) > MAX_TEXTURE_PX {
        img.thumbnail(MAX_TEXTURE_PX, MAX_TEXTURE_PX)
    } else {
        img
    };
    let rgba = img.into_rgba8();
    let size = [rgba.width() as usize, rgba.height() as usize];
    Some(egui::ColorImage::from_rgba_unmultiplied(size, rgba.as_raw()))
}
