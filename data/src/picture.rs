//! Portraits as the stores keep them: a PNG is read whole, within limits, before it is
//! stored, and a large one is kept as a thumbnail. A file's bytes are never stored unread: a
//! 470 KB PNG that decodes to 11,000 × 11,000 pixels, one whose header claims 60,000 ×
//! 60,000, or a truncated one were stored before and took the window to gigabytes when drawn.

use std::io::Cursor;

/// The side a stored portrait fits in (the window's thumbnails are this size).
pub const PORTRAIT_SIDE: u32 = 256;
/// The widest or tallest portrait read at all.
pub const MAX_PORTRAIT_PX: u32 = 4096;
/// The most memory reading one portrait may take (a 4096 × 4096 RGBA picture is 64 MiB).
const MAX_DECODE_BYTES: usize = 80 * 1024 * 1024;
/// How a PNG file begins.
pub const PNG_MAGIC: &[u8] = b"\x89PNG\r\n\x1a\n";

/// The PNG to store for `bytes`: the file itself when it reads whole and fits
/// [`PORTRAIT_SIDE`], else a copy scaled down to fit it. Refused, with why: not a PNG, larger
/// than [`MAX_PORTRAIT_PX`] on a side, or pixels that do not read (a truncated file).
pub fn portrait(bytes: &[u8]) -> Result<Vec<u8>, String> {
    if !bytes.starts_with(PNG_MAGIC) {
        return Err("is not a PNG image".into());
    }
    let limits = png::Limits { bytes: MAX_DECODE_BYTES };
    let mut decoder = png::Decoder::new_with_limits(Cursor::new(bytes), limits);
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().map_err(|e| format!("does not read as a PNG: {e}"))?;
    let (width, height) = (reader.info().width, reader.info().height);
    if width > MAX_PORTRAIT_PX || height > MAX_PORTRAIT_PX {
        return Err(format!(
            "is {width} × {height} pixels; a portrait may be at most {MAX_PORTRAIT_PX} on a side"
        ));
    }
    let size = reader.output_buffer_size().ok_or("is too large to read")?;
    let mut pixels = vec![0; size];
    let frame = reader.next_frame(&mut pixels).map_err(|e| format!("does not read whole: {e}"))?;
    if width <= PORTRAIT_SIDE && height <= PORTRAIT_SIDE {
        return Ok(bytes.to_vec());
    }
    let rgba = to_rgba(&pixels[..frame.buffer_size()], frame.color_type);
    let (small, w, h) = scaled_down(&rgba, width, height);
    encode(&small, w, h)
}

/// 8-bit pixels of `color` as RGBA.
fn to_rgba(pixels: &[u8], color: png::ColorType) -> Vec<u8> {
    use png::ColorType::{Grayscale, GrayscaleAlpha, Indexed, Rgb, Rgba};
    match color {
        Rgba => pixels.to_vec(),
        Rgb => pixels.chunks_exact(3).flat_map(|p| [p[0], p[1], p[2], 255]).collect(),
        GrayscaleAlpha => pixels.chunks_exact(2).flat_map(|p| [p[0], p[0], p[0], p[1]]).collect(),
        // EXPAND turns palettes into RGB(A); a grey byte stands for all three.
        Grayscale | Indexed => pixels.iter().flat_map(|&g| [g, g, g, 255]).collect(),
    }
}

/// `rgba` (`width` × `height`) scaled down to fit [`PORTRAIT_SIDE`], each new pixel the mean of
/// the ones it covers; with its new size.
fn scaled_down(rgba: &[u8], width: u32, height: u32) -> (Vec<u8>, u32, u32) {
    let longer = width.max(height);
    let fit = |side: u32| (u64::from(side) * u64::from(PORTRAIT_SIDE) / u64::from(longer)).max(1);
    let (w, h) = (fit(width) as u32, fit(height) as u32);
    let mut out = Vec::with_capacity((w * h * 4) as usize);
    for y in 0..h {
        let (y0, y1) = span(y, h, height);
        for x in 0..w {
            let (x0, x1) = span(x, w, width);
            let mut sum = [0u64; 4];
            for sy in y0..y1 {
                let row = (sy * width) as usize * 4;
                for sx in x0..x1 {
                    let p = row + sx as usize * 4;
                    for (c, s) in sum.iter_mut().enumerate() {
                        *s += u64::from(rgba[p + c]);
                    }
                }
            }
            let n = u64::from((y1 - y0) * (x1 - x0));
            out.extend(sum.iter().map(|s| (s / n) as u8));
        }
    }
    (out, w, h)
}

/// The source pixels `[start, end)` new pixel `i` of `new` covers, of `old`.
fn span(i: u32, new: u32, old: u32) -> (u32, u32) {
    let start = (u64::from(i) * u64::from(old) / u64::from(new)) as u32;
    let end = ((u64::from(i) + 1) * u64::from(old) / u64::from(new)) as u32;
    (start, end.max(start + 1).min(old))
}

fn encode(rgba: &[u8], width: u32, height: u32) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().map_err(|e| e.to_string())?;
    writer.write_image_data(rgba).map_err(|e| e.to_string())?;
    writer.finish().map_err(|e| e.to_string())?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A PNG of `width` × `height`, every pixel `rgba`.
    fn png_of(width: u32, height: u32, rgba: [u8; 4]) -> Vec<u8> {
        let pixels: Vec<u8> = (0..width * height).flat_map(|_| rgba).collect();
        encode(&pixels, width, height).unwrap()
    }

    fn size_of(bytes: &[u8]) -> (u32, u32) {
        let reader = png::Decoder::new(Cursor::new(bytes)).read_info().unwrap();
        (reader.info().width, reader.info().height)
    }

    #[test]
    fn a_thumbnail_is_kept_as_it_is() {
        let png = png_of(256, 200, [10, 20, 30, 255]);
        assert_eq!(portrait(&png).unwrap(), png);
    }

    #[test]
    fn a_large_picture_is_kept_scaled_down_to_the_thumbnail_side() {
        let png = png_of(1200, 600, [200, 100, 50, 255]);
        let kept = portrait(&png).unwrap();
        assert_eq!(size_of(&kept), (256, 128));
        // The colour survives the averaging.
        let mut reader = png::Decoder::new(Cursor::new(kept.as_slice())).read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        reader.next_frame(&mut buf).unwrap();
        assert_eq!(&buf[..4], &[200, 100, 50, 255]);
    }

    #[test]
    fn a_header_claiming_a_huge_picture_is_refused_before_its_pixels() {
        // 153 bytes declaring 60,000 × 60,000: refused from the header, nothing allocated.
        let mut png = png_of(1, 1, [0, 0, 0, 255]);
        png[16..20].copy_from_slice(&60_000u32.to_be_bytes());
        png[20..24].copy_from_slice(&60_000u32.to_be_bytes());
        let err = portrait(&png).unwrap_err();
        assert!(err.contains("60000 × 60000") || err.contains("does not read"), "{err}");
    }

    #[test]
    fn a_truncated_png_or_another_kind_of_file_is_refused() {
        let png = png_of(300, 300, [1, 2, 3, 255]);
        let err = portrait(&png[..png.len() / 2]).unwrap_err();
        assert!(err.contains("does not read"), "{err}");
        assert_eq!(portrait(b"GIF89a....").unwrap_err(), "is not a PNG image");
    }

    #[test]
    fn a_picture_over_the_largest_side_is_refused_with_its_size() {
        let png = png_of(MAX_PORTRAIT_PX + 1, 1, [0, 0, 0, 255]);
        let err = portrait(&png).unwrap_err();
        assert_eq!(err, "is 4097 × 1 pixels; a portrait may be at most 4096 on a side");
    }
}
