//! Battle maps from files: a picture (PNG, JPEG, WebP) to lay under a grid, or a Universal VTT
//! file ([`crate::uvtt`]) to load as a ready board. Everything is checked before anything is
//! kept: a refusal names the file and the field.

use image::{ImageDecoder, ImageFormat, ImageReader, Limits};
use std::io::Cursor;
use std::path::Path;

/// The largest picture file read, in bytes.
pub const MAX_PICTURE_BYTES: u64 = fray_data::maps::MAX_MAP_BYTES as u64;
/// The largest Universal VTT file read (its picture is in it, as base64).
pub const MAX_UVTT_BYTES: u64 = MAX_PICTURE_BYTES * 4 / 3 + 4 * 1024 * 1024;
/// The widest or tallest picture read, in pixels (a 30 × 30 square map drawn at 256 pixels a
/// square is 7,680); a larger one is refused, saying its size.
pub const MAX_SIDE_PX: u32 = 8_192;
/// Most bytes a picture's pixels may take once read: 64 MiB, a 4,096 × 4,096 picture with
/// transparency, 4,729 × 4,729 without, 8,192 × 8,192 in grey. Checked from its header before
/// any pixel is read, so that reading any map Fray accepts (the file, its pixels and the
/// smaller copy kept) stays under 200 MB; an 8,192-pixel colour picture once took 845 MB.
pub const MAX_DECODED_BYTES: u64 = 64 * 1024 * 1024;
/// Most memory reading one picture may take, `image`'s own limit: its pixels and the
/// decoder's working rows.
const MAX_ALLOC: u64 = MAX_DECODED_BYTES + 16 * 1024 * 1024;
/// The widest or tallest picture kept: a larger one is stored scaled down to this, so the board
/// never holds more than a 4,096-pixel texture however large the file was.
pub const MAX_STORED_PX: u32 = 4_096;

/// Why a file gave no map: the file, and each problem with its field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MapError {
    /// The file's name.
    pub file: String,
    /// What is wrong, each `field: message` or a message about the whole file.
    pub problems: Vec<String>,
}

impl std::fmt::Display for MapError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.file, self.problems.join("; "))
    }
}

impl std::error::Error for MapError {}

impl MapError {
    pub(crate) fn one(file: &str, problem: impl Into<String>) -> Self {
        Self { file: file.to_owned(), problems: vec![problem.into()] }
    }
}

/// A checked picture: its file's bytes and its size in pixels.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Picture {
    /// The file's bytes, kept as they are.
    pub bytes: Vec<u8>,
    /// Width in pixels.
    pub width_px: u32,
    /// Height in pixels.
    pub height_px: u32,
}

pub(crate) fn name_of(path: &Path) -> String {
    path.file_name()
        .map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned())
}

/// Reads a picture file (regular file, bounded, a PNG, JPEG or WebP that decodes).
pub fn read_picture(path: &Path) -> Result<Picture, MapError> {
    let file = name_of(path);
    let bytes = read_bytes(path, &file, MAX_PICTURE_BYTES)?;
    picture(&file, "", bytes)
}

/// Checks picture bytes: a kind Fray reads, within the size limits, decodable.
pub(crate) fn picture(file: &str, field: &str, bytes: Vec<u8>) -> Result<Picture, MapError> {
    let at = |m: String| if field.is_empty() { m } else { format!("field '{field}': {m}") };
    if bytes.len() as u64 > MAX_PICTURE_BYTES {
        return Err(MapError::one(
            file,
            at(format!(
                "the picture {}",
                fray_data::files::too_big(bytes.len() as u64, MAX_PICTURE_BYTES, "a map may be")
            )),
        ));
    }
    let mut reader = ImageReader::new(Cursor::new(bytes.as_slice()))
        .with_guessed_format()
        .map_err(|e| MapError::one(file, at(e.to_string())))?;
    // The header is read under the allocation limit alone, so a picture too wide is told by
    // its size below rather than by the decoder's "exceeds limit".
    let mut header = Limits::default();
    header.max_alloc = Some(MAX_ALLOC);
    reader.limits(header);
    if !matches!(reader.format(), Some(ImageFormat::Png | ImageFormat::Jpeg | ImageFormat::WebP)) {
        return Err(MapError::one(file, at("not a PNG, JPEG or WebP picture".into())));
    }
    let decoder = reader
        .into_decoder()
        .map_err(|e| MapError::one(file, at(format!("the picture does not read: {e}"))))?;
    let (width_px, height_px) = decoder.dimensions();
    let decoded = decoder.total_bytes();
    drop(decoder);
    if width_px > MAX_SIDE_PX || height_px > MAX_SIDE_PX {
        return Err(MapError::one(
            file,
            at(format!(
                "the picture is {width_px} × {height_px} pixels; a map may be at most \
                 {MAX_SIDE_PX} on a side"
            )),
        ));
    }
    if decoded > MAX_DECODED_BYTES {
        return Err(MapError::one(
            file,
            at(format!(
                "the picture is {width_px} × {height_px} pixels, {} MB once read; a map may take \
                 at most {} MB (4,096 × 4,096 with transparency, 4,729 × 4,729 without): export \
                 it at fewer pixels a square",
                decoded.div_ceil(1024 * 1024),
                MAX_DECODED_BYTES / (1024 * 1024)
            )),
        ));
    }
    // Decode it once whole: a picture whose header reads but whose pixels do not is refused
    // here, not when the board is drawn.
    let mut reader = ImageReader::new(Cursor::new(bytes.as_slice()))
        .with_guessed_format()
        .map_err(|e| MapError::one(file, at(e.to_string())))?;
    reader.limits(limits());
    let image = reader
        .decode()
        .map_err(|e| MapError::one(file, at(format!("the picture does not read: {e}"))))?;
    if width_px.max(height_px) <= MAX_STORED_PX {
        return Ok(Picture { bytes, width_px, height_px });
    }
    let kept = crate::picture_copy::scaled_to_fit(&image, MAX_STORED_PX)
        .map_err(|e| MapError::one(file, at(format!("the picture could not be scaled: {e}"))))?;
    Ok(kept)
}

/// `image`'s limits for a map picture, set before its decoder reads a byte.
fn limits() -> Limits {
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE_PX);
    limits.max_image_height = Some(MAX_SIDE_PX);
    limits.max_alloc = Some(MAX_ALLOC);
    limits
}

/// A regular file's bytes, at most `max` of them.
pub(crate) fn read_bytes(path: &Path, file: &str, max: u64) -> Result<Vec<u8>, MapError> {
    let meta = std::fs::metadata(path).map_err(|e| MapError::one(file, e.to_string()))?;
    if !meta.is_file() {
        return Err(MapError::one(file, "not a regular file"));
    }
    if meta.len() > max {
        return Err(MapError::one(
            file,
            fray_data::files::too_big(meta.len(), max, "a map file may be"),
        ));
    }
    std::fs::read(path).map_err(|e| MapError::one(file, e.to_string()))
}
