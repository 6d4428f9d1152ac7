//! Portraits: any PNG, JPEG or WebP the GM picks, made into the small square PNG the stores
//! keep ([`fray_data::entry::MAX_PORTRAIT_BYTES`]). Refused files say why, naming the file, and
//! nothing is stored.

use image::{DynamicImage, ImageFormat, ImageReader, Limits, imageops::FilterType};
use std::io::Cursor;
use std::path::Path;

/// Largest file accepted, in bytes (checked before decoding).
pub const MAX_FILE_BYTES: u64 = 20 * 1024 * 1024;
/// Side of a thumbnail, in pixels.
pub const SIDE: u32 = 256;
/// Largest image width or height decoded.
const MAX_SIDE: u32 = 8192;
/// Most memory a decode may take.
const MAX_ALLOC: u64 = 256 * 1024 * 1024;

/// Why a file cannot become a portrait; the message names the file.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PortraitError {
    /// Over [`MAX_FILE_BYTES`].
    #[error("{file} is {mb:.1} MB; portraits must be under 20 MB")]
    TooBig {
        /// The file's name.
        file: String,
        /// Its size in megabytes.
        mb: f64,
    },
    /// Not an image of a kind Fray reads.
    #[error("{file} is not a PNG, JPEG or WebP image")]
    NotAnImage {
        /// The file's name.
        file: String,
    },
    /// The file could not be read or decoded.
    #[error("{file} could not be read: {reason}")]
    Unreadable {
        /// The file's name.
        file: String,
        /// What went wrong.
        reason: String,
    },
}

/// The thumbnail of an image file's bytes: centre-cropped to a square, 256×256, as PNG.
pub fn thumbnail(file_name: &str, bytes: &[u8]) -> Result<Vec<u8>, PortraitError> {
    let file = file_name.to_owned();
    too_big(file_name, bytes.len() as u64)?;
    let unreadable = |e: &dyn std::fmt::Display| PortraitError::Unreadable {
        file: file.clone(),
        reason: e.to_string(),
    };
    let mut reader =
        ImageReader::new(Cursor::new(bytes)).with_guessed_format().map_err(|e| unreadable(&e))?;
    match reader.format() {
        Some(ImageFormat::Png | ImageFormat::Jpeg | ImageFormat::WebP) => {}
        _ => return Err(PortraitError::NotAnImage { file }),
    }
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_ALLOC);
    reader.limits(limits);
    let image = reader.decode().map_err(|e| unreadable(&e))?;
    let png = square(&image).map_err(|e| unreadable(&e))?;
    if png.len() > fray_data::entry::MAX_PORTRAIT_BYTES {
        return Err(unreadable(&"the thumbnail came out too large"));
    }
    Ok(png)
}

/// Reads an image file and makes its thumbnail ([`thumbnail`]); the size is checked from the
/// file's metadata before anything is read.
pub fn load_thumbnail(path: &Path) -> Result<Vec<u8>, PortraitError> {
    let file = path
        .file_name()
        .map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned());
    let unreadable =
        |e: std::io::Error| PortraitError::Unreadable { file: file.clone(), reason: e.to_string() };
    let meta = std::fs::metadata(path).map_err(unreadable)?;
    too_big(&file, meta.len())?;
    let bytes = std::fs::read(path).map_err(unreadable)?;
    thumbnail(&file, &bytes)
}

fn too_big(file: &str, len: u64) -> Result<(), PortraitError> {
    if len >= MAX_FILE_BYTES {
        return Err(PortraitError::TooBig {
            file: file.to_owned(),
            mb: len as f64 / (1024.0 * 1024.0),
        });
    }
    Ok(())
}

/// The centre square of `image`, resized to [`SIDE`], as PNG bytes.
fn square(image: &DynamicImage) -> Result<Vec<u8>, image::ImageError> {
    let (w, h) = (image.width(), image.height());
    let side = w.min(h).max(1);
    let cropped = image.crop_imm((w - side.min(w)) / 2, (h - side.min(h)) / 2, side, side);
    let small = cropped.resize_exact(SIDE, SIDE, FilterType::Triangle).into_rgba8();
    let mut png = Vec::new();
    DynamicImage::ImageRgba8(small).write_to(&mut Cursor::new(&mut png), ImageFormat::Png)?;
    Ok(png)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn encoded(w: u32, h: u32, format: ImageFormat) -> Vec<u8> {
        let img = image::RgbImage::from_fn(w, h, |x, y| image::Rgb([x as u8, y as u8, 128]));
        let mut bytes = Vec::new();
        DynamicImage::ImageRgb8(img).write_to(&mut Cursor::new(&mut bytes), format).unwrap();
        bytes
    }

    fn size_of(png: &[u8]) -> (u32, u32) {
        let img = image::load_from_memory_with_format(png, ImageFormat::Png).unwrap();
        (img.width(), img.height())
    }

    #[test]
    fn a_png_and_a_jpeg_become_square_256_pngs() {
        for format in [ImageFormat::Png, ImageFormat::Jpeg] {
            let png = thumbnail("wolf", &encoded(300, 200, format)).unwrap();
            assert_eq!(size_of(&png), (SIDE, SIDE), "{format:?}");
            assert!(png.len() <= fray_data::entry::MAX_PORTRAIT_BYTES);
        }
    }

    #[test]
    fn refused_files_name_themselves() {
        let png = encoded(300, 200, ImageFormat::Png);
        let e = thumbnail("broken.png", &png[..png.len() / 2]).unwrap_err();
        assert!(e.to_string().starts_with("broken.png could not be read: "), "{e}");
        let e = thumbnail("notes.txt", b"Goblins fear fire.").unwrap_err();
        assert_eq!(e.to_string(), "notes.txt is not a PNG, JPEG or WebP image");
        let big = vec![0u8; 31 * 1024 * 1024 + 200 * 1024];
        let e = thumbnail("big.png", &big).unwrap_err();
        assert_eq!(e.to_string(), "big.png is 31.2 MB; portraits must be under 20 MB");
    }

    #[test]
    fn load_thumbnail_checks_the_size_before_reading() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("huge.jpg");
        let file = std::fs::File::create(&path).unwrap();
        file.set_len(25 * 1024 * 1024).unwrap();
        let e = load_thumbnail(&path).unwrap_err();
        assert_eq!(e.to_string(), "huge.jpg is 25.0 MB; portraits must be under 20 MB");
        let good = dir.path().join("rat.png");
        std::fs::write(&good, encoded(120, 300, ImageFormat::Png)).unwrap();
        assert_eq!(size_of(&load_thumbnail(&good).unwrap()), (SIDE, SIDE));
    }
}
