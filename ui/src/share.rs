//! The one export of an evening, in every format: the Party window's *Export the session*,
//! *Copy the recap card* and *Save the card…*, `fray session export` and `fray play` of a
//! session script all write through [`session_export`], so one session gives the same bytes
//! whichever wrote it. The text formats are the core's
//! ([`fray_app::campaign::export::session_export`], [`fray_app::campaign::chat`]); the card
//! is the core's SVG ([`fray_app::campaign::card`]) drawn to pixels here with `resvg`, with
//! the fonts the window bundles and no other: no system font is looked for, so the card is
//! the same on every machine, offline.

use anyhow::{Context as _, Result};
use fray_app::campaign::session::SessionLog;
use fray_app::journal::{Audience, Format};
use resvg::{tiny_skia, usvg};

/// A format an evening is exported in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SessionFormat {
    /// Markdown, HTML or JSON: the core's text.
    Text(Format),
    /// The story for a group chat, in parts of at most 2,000 characters.
    Chat,
    /// The recap card, a PNG picture.
    Png,
}

impl SessionFormat {
    /// Every format, in the window's order.
    pub const ALL: [SessionFormat; 5] = [
        Self::Text(Format::Markdown),
        Self::Text(Format::Html),
        Self::Text(Format::Json),
        Self::Chat,
        Self::Png,
    ];

    /// The usual file extension.
    pub fn extension(self) -> &'static str {
        match self {
            Self::Text(f) => f.extension(),
            Self::Chat => "txt",
            Self::Png => "png",
        }
    }

    /// Its name, as a button says it.
    pub fn label(self) -> &'static str {
        match self {
            Self::Text(f) => f.label(),
            Self::Chat => "Chat text",
            Self::Png => "Recap card",
        }
    }
}

impl From<Format> for SessionFormat {
    fn from(f: Format) -> Self {
        Self::Text(f)
    }
}

/// The line between two parts of the chat text: each part is one message.
pub fn chat_cut(part: usize, of: usize) -> String {
    format!("✂ part {part} of {of}")
}

/// The evening `log` in `format` for `audience`, as the bytes of its file.
pub fn session_export(
    log: &SessionLog,
    format: SessionFormat,
    audience: Audience,
) -> Result<Vec<u8>> {
    Ok(match format {
        SessionFormat::Text(f) => {
            fray_app::campaign::export::session_export(log, f, audience).into_bytes()
        }
        SessionFormat::Chat => {
            let parts = fray_app::campaign::chat::session_chat(log, audience);
            let mut text = String::new();
            for (i, part) in parts.iter().enumerate() {
                if i > 0 {
                    text.push_str("\n\n");
                    text.push_str(&chat_cut(i + 1, parts.len()));
                    text.push_str("\n\n");
                }
                text.push_str(part);
            }
            text.push('\n');
            text.into_bytes()
        }
        SessionFormat::Png => png(&fray_app::campaign::card::session_card(log, audience))?,
    })
}

/// The fonts the card is drawn with: the window's own, and nothing from the system.
fn options() -> usvg::Options<'static> {
    let mut options = usvg::Options { font_family: "Noto Sans".to_owned(), ..Default::default() };
    let fonts = options.fontdb_mut();
    fonts.load_font_data(crate::window::theme::TEXT_FONT.to_vec());
    fonts.load_font_data(crate::window::theme::SYMBOL_FONT.to_vec());
    fonts.set_sans_serif_family("Noto Sans");
    options
}

/// `svg` (a whole document) drawn at its own size, as RGBA pixels.
pub fn pixmap(svg: &str) -> Result<tiny_skia::Pixmap> {
    let tree =
        usvg::Tree::from_str(svg, &options()).context("the recap card is not a valid SVG")?;
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
        .context("the recap card has no size")?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    Ok(pixmap)
}

/// `svg` drawn and encoded as PNG.
pub fn png(svg: &str) -> Result<Vec<u8>> {
    pixmap(svg)?.encode_png().context("cannot encode the recap card as PNG")
}
