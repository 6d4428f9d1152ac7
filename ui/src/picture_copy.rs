//! The copy of a large map picture that is kept: scaled down to fit a side, as JPEG (PNG when
//! it has transparency, which JPEG would lose).

use crate::battle_map::Picture;
use image::codecs::jpeg::JpegEncoder;
use image::{DynamicImage, ImageFormat};
use std::io::Cursor;

/// JPEG quality of a kept copy: a map read from arm's length, and a third of a PNG's size.
const JPEG_QUALITY: u8 = 88;

/// `image` scaled down (its shape kept) so neither side passes `side`, encoded. Each kept
/// pixel is the average of the block it covers (`thumbnail`), written straight into the copy:
/// a filtered resize keeps a float copy of the whole width (an 8,192-pixel map took 512 MB).
pub fn scaled_to_fit(image: &DynamicImage, side: u32) -> Result<Picture, image::ImageError> {
    let small = image.thumbnail(side, side);
    let mut bytes = Vec::new();
    if small.color().has_alpha() {
        small.write_to(&mut Cursor::new(&mut bytes), ImageFormat::Png)?;
    } else {
        JpegEncoder::new_with_quality(&mut bytes, JPEG_QUALITY).encode_image(&small.to_rgb8())?;
    }
    Ok(Picture { bytes, width_px: small.width(), height_px: small.height() })
}

#[cfg(test)]
mod tests {
    use crate::battle_map::{MAX_STORED_PX, read_picture};
    use image::{ImageFormat, RgbImage};

    fn write_png(dir: &std::path::Path, name: &str, w: u32, h: u32) -> std::path::PathBuf {
        let path = dir.join(name);
        RgbImage::from_pixel(w, h, image::Rgb([90, 140, 60])).save(&path).unwrap();
        path
    }

    /// CRC-32 of PNG chunks, to forge a header that still checks.
    fn crc32(bytes: &[u8]) -> u32 {
        let mut crc = 0xFFFF_FFFFu32;
        for &b in bytes {
            crc ^= u32::from(b);
            for _ in 0..8 {
                crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
            }
        }
        !crc
    }

    #[test]
    fn a_large_picture_is_kept_scaled_down_its_shape_kept() {
        let dir = tempfile::tempdir().unwrap();
        let path = write_png(dir.path(), "wide.png", 5000, 800);
        let kept = read_picture(&path).unwrap();
        assert_eq!((kept.width_px, kept.height_px), (MAX_STORED_PX, 655));
        let format = image::guess_format(&kept.bytes).unwrap();
        assert_eq!(format, ImageFormat::Jpeg, "no transparency: kept as JPEG");
        let back = image::load_from_memory(&kept.bytes).unwrap();
        assert_eq!((back.width(), back.height()), (MAX_STORED_PX, 655));
        // A picture within the side is kept as the file was.
        let path = write_png(dir.path(), "small.png", 300, 200);
        assert_eq!(read_picture(&path).unwrap().bytes, std::fs::read(&path).unwrap());
    }

    /// A grey picture one pixel past the kept side is read and kept scaled down (its pixels
    /// are 17 MB; the filtered resize it once went through took 297 MB).
    #[test]
    fn a_grey_picture_past_the_kept_side_is_scaled_down() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("grey.png");
        image::GrayImage::from_pixel(4097, 4097, image::Luma([128])).save(&path).unwrap();
        let kept = read_picture(&path).unwrap();
        assert_eq!((kept.width_px, kept.height_px), (MAX_STORED_PX, MAX_STORED_PX));
    }

    /// A picture whose pixels would take more than the cap once read is refused from its
    /// header, before a pixel is read: here a 1 × 1 file claiming 4,500 × 4,500 with
    /// transparency (81 MB).
    #[test]
    fn a_picture_too_heavy_once_read_is_refused_from_its_header() {
        let dir = tempfile::tempdir().unwrap();
        let mut png = std::fs::read(write_png(dir.path(), "dot.png", 1, 1)).unwrap();
        png[16..20].copy_from_slice(&4_500u32.to_be_bytes());
        png[20..24].copy_from_slice(&4_500u32.to_be_bytes());
        png[25] = 6; // RGBA
        let crc = crc32(&png[12..29]);
        png[29..33].copy_from_slice(&crc.to_be_bytes());
        let path = dir.path().join("heavy.png");
        std::fs::write(&path, &png).unwrap();
        let err = read_picture(&path).unwrap_err().to_string();
        assert!(
            err.starts_with(
                "heavy.png: the picture is 4500 × 4500 pixels, 78 MB once read; a map \
                             may take at most 64 MB"
            ),
            "{err}"
        );
    }

    #[test]
    fn a_picture_past_the_largest_side_or_lying_about_its_size_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = write_png(dir.path(), "long.png", 9000, 4);
        let err = read_picture(&path).unwrap_err().to_string();
        assert_eq!(
            err,
            "long.png: the picture is 9000 × 4 pixels; a map may be at most 8192 on a side"
        );
        // A tiny file whose header claims 60,000 × 60,000: refused from the header.
        let mut png = std::fs::read(write_png(dir.path(), "dot.png", 1, 1)).unwrap();
        png[16..20].copy_from_slice(&60_000u32.to_be_bytes());
        png[20..24].copy_from_slice(&60_000u32.to_be_bytes());
        let crc = crc32(&png[12..29]);
        png[29..33].copy_from_slice(&crc.to_be_bytes());
        let path = dir.path().join("bomb.png");
        std::fs::write(&path, &png).unwrap();
        let err = read_picture(&path).unwrap_err().to_string();
        assert!(err.contains("60000 × 60000"), "{err}");
        // Cut short: the header reads, the pixels do not.
        let whole = std::fs::read(write_png(dir.path(), "whole.png", 400, 400)).unwrap();
        let path = dir.path().join("cut.png");
        std::fs::write(&path, &whole[..whole.len() / 2]).unwrap();
        let err = read_picture(&path).unwrap_err().to_string();
        assert!(err.contains("does not read"), "{err}");
    }
}
