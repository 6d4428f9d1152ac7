//! Pictures of the map store as textures: read from the database, decoded and uploaded once
//! per key on a thread of their own, so a big battle map never stalls a frame. The board's
//! battle map and the player window (its map and its blackout picture) each ask for one; a
//! picture both windows show is one texture, shared.

use eframe::egui::{self, Color32};
use fray_data::Db;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError, Weak};

/// The longest side a picture is uploaded at (larger ones are scaled down).
const MAX_TEXTURE_PX: u32 = 4096;

/// One picture's texture, by its key in the map store.
#[derive(Default)]
pub struct PictureTexture {
    /// The key shown, and its texture as it comes.
    state: Option<(String, Arc<Slot>)>,
}

/// A picture's texture once decoded and uploaded (`Some(None)`: it could not be read);
/// `None` while its thread works.
type Slot = Mutex<Option<Option<egui::TextureHandle>>>;

/// The pictures some view shows, by key, held weakly: the GM's board and the player window
/// showing the same map share its one decode and its one texture (each of its own took a
/// 64 MiB decode and a 64 MiB texture more, 384 MB in all with both windows open over a
/// picture at the limit), and a picture no view shows any more is let go.
#[derive(Clone, Default)]
struct Shown(Arc<Mutex<HashMap<String, Weak<Slot>>>>);

impl PictureTexture {
    /// The texture of the picture `key`, once it is decoded (starts decoding a new key, unless
    /// another view already shows it).
    pub fn texture(&mut self, ctx: &egui::Context, db: &Db, key: &str) -> Option<egui::TextureId> {
        if self.state.as_ref().is_none_or(|(k, _)| k != key) {
            self.state = Some((key.to_owned(), slot(ctx, db, key)));
        }
        let (_, slot) = self.state.as_ref()?;
        let texture = slot.lock().unwrap_or_else(PoisonError::into_inner);
        texture.as_ref()?.as_ref().map(egui::TextureHandle::id)
    }
}

/// The texture of `key`: the one another view already has, or a new one, which a thread of
/// its own reads, decodes and uploads.
fn slot(ctx: &egui::Context, db: &Db, key: &str) -> Arc<Slot> {
    let shown = ctx.data_mut(|d| d.get_temp_mut_or_default::<Shown>(egui::Id::NULL).clone());
    let mut slots = shown.0.lock().unwrap_or_else(PoisonError::into_inner);
    slots.retain(|_, slot| slot.strong_count() > 0);
    if let Some(slot) = slots.get(key).and_then(Weak::upgrade) {
        return slot;
    }
    let slot = Arc::new(Mutex::new(None));
    slots.insert(key.to_owned(), Arc::downgrade(&slot));
    let (filled, db, wanted, ctx) = (slot.clone(), db.clone(), key.to_owned(), ctx.clone());
    std::thread::spawn(move || {
        let pixels = db.maps().get(&wanted).ok().flatten().and_then(|m| decode(&m.image));
        let options = egui::TextureOptions::LINEAR;
        let texture = pixels.map(|img| ctx.load_texture(format!("picture-{wanted}"), img, options));
        // Every view may have moved on; then the texture goes with this last hold on it.
        *filled.lock().unwrap_or_else(PoisonError::into_inner) = Some(texture);
        ctx.request_repaint();
    });
    slot
}

/// A picture's pixels, scaled down to at most [`MAX_TEXTURE_PX`] on its long side. Pictures
/// are stored at most that size, so this is one decode into one buffer, which becomes the
/// texture's colours in place (premultiplied pixel by pixel): a copy into new colours held
/// two 64 MiB buffers at once for a picture at the limit. A larger one (stored by an older
/// Fray) is averaged down by `thumbnail`, not a filtered resize, whose float copy of the
/// whole width would pass the window's memory budget on its own.
fn decode(bytes: &[u8]) -> Option<egui::ColorImage> {
    let img = image::load_from_memory(bytes).ok()?;
    let img = if img.width().max(img.height()) > MAX_TEXTURE_PX {
        img.thumbnail(MAX_TEXTURE_PX, MAX_TEXTURE_PX)
    } else {
        img
    };
    let rgba = img.into_rgba8();
    let size = [rgba.width() as usize, rgba.height() as usize];
    let mut pixels: Vec<Color32> = match bytemuck::allocation::try_cast_vec(rgba.into_raw()) {
        Ok(pixels) => pixels,
        // A buffer whose capacity is no whole number of pixels cannot be taken as they are.
        Err((_, raw)) => raw
            .chunks_exact(4)
            .map(|p| Color32::from_rgba_premultiplied(p[0], p[1], p[2], p[3]))
            .collect(),
    };
    // Each pixel still holds its RGBA as read: premultiplied here, as a texture wants them.
    for p in &mut pixels {
        let [r, g, b, a] = p.to_array();
        *p = Color32::from_rgba_unmultiplied(r, g, b, a);
    }
    Some(egui::ColorImage::new(size, pixels))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Four pixels, opaque to clear, as RGBA, and the PNG of them.
    fn four_pixels() -> ([u8; 16], Vec<u8>) {
        let raw = [255u8, 0, 0, 255, 0, 255, 0, 128, 10, 20, 30, 0, 200, 100, 50, 64];
        let mut png = Vec::new();
        let img = image::RgbaImage::from_raw(2, 2, raw.to_vec()).unwrap();
        img.write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png).unwrap();
        (raw, png)
    }

    #[test]
    fn pixels_are_premultiplied_in_the_buffer_read() {
        let (raw, png) = four_pixels();
        let decoded = decode(&png).unwrap();
        assert_eq!(decoded, egui::ColorImage::from_rgba_unmultiplied([2, 2], &raw));
    }

    #[test]
    fn two_views_of_one_picture_share_its_texture_until_neither_shows_it() {
        let db = Db::open_in_memory().unwrap();
        let key = db.maps().insert(&four_pixels().1, 2, 2).unwrap();
        let ctx = egui::Context::default();
        let textures = || ctx.tex_manager().read().num_allocated();
        let before = textures();
        let (mut board, mut players) = (PictureTexture::default(), PictureTexture::default());
        let shown = |view: &mut PictureTexture| {
            for _ in 0..5_000 {
                if let Some(id) = view.texture(&ctx, &db, &key) {
                    return id;
                }
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
            panic!("the picture never came");
        };
        let (a, b) = (shown(&mut board), shown(&mut players));
        assert_eq!(a, b, "one texture");
        assert_eq!(textures(), before + 1, "uploaded once");
        drop(board);
        assert_eq!(textures(), before + 1, "the player window still shows it");
        drop(players);
        // The thread that filled it may still be letting go of its own hold, a moment.
        for _ in 0..5_000 {
            if textures() == before {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        panic!("the texture is kept though no view shows it: {} of them", textures());
    }
}
