//! Token discs drawn as tinted textures: one quad each instead of a tessellated circle and
//! ring. With hundreds of tokens on screen the circles were most of a frame's tessellation.

use eframe::egui::{self, Color32, ColorImage, Painter, Pos2, Rect, TextureHandle, TextureOptions};

/// Side of the disc textures in pixels: near the size discs are drawn at, so plain linear
/// filtering keeps them smooth (mipmaps would cost a second shader in software GL at start).
const SIZE: usize = 48;

/// The white disc and the two rings (thin, thick), tinted when drawn.
#[derive(Clone)]
struct Discs {
    fill: TextureHandle,
    thin: TextureHandle,
    thick: TextureHandle,
}

/// Paints a disc of `colour` with a ring of `ring` (thick when `strong`) at `centre`.
pub fn paint(
    p: &Painter,
    centre: Pos2,
    diameter: f32,
    colour: Color32,
    ring: Color32,
    strong: bool,
) {
    let discs = discs(p.ctx());
    let rect = Rect::from_center_size(centre, egui::vec2(diameter, diameter));
    let uv = Rect::from_min_max(Pos2::ZERO, Pos2::new(1.0, 1.0));
    p.image(discs.fill.id(), rect, uv, colour);
    let ring_texture = if strong { &discs.thick } else { &discs.thin };
    p.image(ring_texture.id(), rect, uv, ring);
}

fn discs(ctx: &egui::Context) -> Discs {
    let id = egui::Id::unique("fray-token-discs");
    if let Some(d) = ctx.data(|d| d.get_temp::<Discs>(id)) {
        return d;
    }
    let options = TextureOptions::LINEAR;
    let discs = Discs {
        fill: ctx.load_texture("token-disc", image(|d, r| coverage(r - d)), options),
        // Ring widths as a share of the radius: about 1 and 2.5 points on a 28-point disc.
        thin: ctx.load_texture("token-ring", image(|d, r| ring(d, r, r * 0.075)), options),
        thick: ctx.load_texture("token-ring-strong", image(|d, r| ring(d, r, r * 0.18)), options),
    };
    ctx.data_mut(|d| d.insert_temp(id, discs.clone()));
    discs
}

/// A white image whose alpha is `alpha(distance from centre, radius)`, in pixels.
fn image(alpha: impl Fn(f32, f32) -> f32) -> ColorImage {
    let r = SIZE as f32 / 2.0;
    let pixels = (0..SIZE * SIZE)
        .map(|i| {
            let (x, y) = ((i % SIZE) as f32 + 0.5 - r, (i / SIZE) as f32 + 0.5 - r);
            let a = alpha((x * x + y * y).sqrt(), r - 0.5);
            Color32::from_white_alpha((a.clamp(0.0, 1.0) * 255.0).round() as u8)
        })
        .collect();
    ColorImage::new([SIZE, SIZE], pixels)
}

/// Anti-aliased coverage of a pixel whose centre is `inside` pixels within an edge.
fn coverage(inside: f32) -> f32 {
    (inside + 0.5).clamp(0.0, 1.0)
}

/// A ring of `width` along the inside of the edge.
fn ring(d: f32, r: f32, width: f32) -> f32 {
    coverage(r - d).min(coverage(d - (r - width)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_disc_is_solid_inside_and_clear_outside() {
        let img = image(|d, r| coverage(r - d));
        let at = |x: usize, y: usize| img.pixels[y * SIZE + x].a();
        assert_eq!(at(SIZE / 2, SIZE / 2), 255);
        assert_eq!(at(0, 0), 0);
        assert!((100..=155).contains(&at(SIZE / 2, 0)), "edge pixels are about half covered");
    }

    #[test]
    fn a_ring_is_clear_in_the_middle() {
        let img = image(|d, r| ring(d, r, r * 0.1));
        let at = |x: usize, y: usize| img.pixels[y * SIZE + x].a();
        assert_eq!(at(SIZE / 2, SIZE / 2), 0);
        assert_eq!(at(SIZE / 2, 1), 255);
    }
}
