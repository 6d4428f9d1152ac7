//! The recap card as a GM gets it: every procedure's scripted evening saved with `fray play
//! --save`, then `fray session export --format png` for the players and for the GM. The PNG
//! decodes, is 1200 × 1500, and is the card's SVG as another renderer draws it: headless
//! Chromium, given the same two bundled fonts, draws the same SVG and the two pictures agree
//! but for the edges of the text's anti-aliasing.
//!
//! CI installs Chromium (`.ci/run`); on a machine without it the comparison says so and is
//! skipped, but under `CI` a missing browser fails it. The pictures are kept under the
//! test's temporary folder (`target/tmp/recap-card/`) to look at.

use std::path::{Path, PathBuf};
use std::process::Command;

use base64::Engine as _;
use fray_app::journal::Audience;

use crate::cli_common::{ok_in, repo, scenario};

fn browser() -> Option<&'static str> {
    let found = ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .find(|b| Command::new(b).arg("--version").output().is_ok_and(|o| o.status.success()));
    if found.is_none() {
        assert!(std::env::var_os("CI").is_none(), "CI must install Chromium (see .ci/run)");
        eprintln!("skipped: no Chromium installed (apt-get install chromium)");
    }
    found
}

/// Each of `svgs` (cards of 1200 × 1500) drawn by Chromium, with the bundled fonts under
/// their own names: one page of them all, one under the other, in one screenshot (one
/// browser start), cut back into cards.
fn chromium_rasters(browser: &str, svgs: &[String], dir: &Path) -> Vec<image::RgbImage> {
    let font = |file: &str, family: &str| {
        let bytes = std::fs::read(repo(&format!("ui/assets/fonts/{file}"))).expect("the font");
        let data = base64::engine::general_purpose::STANDARD.encode(bytes);
        format!("@font-face{{font-family:'{family}';src:url(data:font/ttf;base64,{data})}}")
    };
    let page = dir.join("cards.html");
    let html = format!(
        "<!doctype html><html><head><style>{}{}html,body{{margin:0;padding:0;overflow:hidden}}\
         svg{{display:block}}</style></head><body>{}</body></html>",
        font("NotoSans-Regular.ttf", "Noto Sans"),
        font("DejaVuSans-Symbols.ttf", "DejaVu Sans"),
        svgs.concat()
    );
    std::fs::write(&page, html).unwrap();
    let shot = dir.join("cards-chromium.png");
    let profile = tempfile::tempdir().unwrap();
    let o = Command::new(browser)
        .args(["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"])
        .arg("--force-device-scale-factor=1")
        .arg(format!("--window-size=1200,{}", 1500 * svgs.len()))
        .arg("--virtual-time-budget=200")
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg(format!("--screenshot={}", shot.display()))
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("chromium runs");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let all = image::open(&shot).expect("a PNG").to_rgb8();
    assert_eq!(all.dimensions(), (1200, 1500 * svgs.len() as u32), "Chromium's page");
    (0..svgs.len() as u32)
        .map(|i| image::imageops::crop_imm(&all, 0, i * 1500, 1200, 1500).to_image())
        .collect()
}

/// How far apart two pictures of one size are: the share of pixels whose channels differ by
/// more than 64 of 255, and the mean difference per channel.
fn difference(a: &image::RgbImage, b: &image::RgbImage) -> (f64, f64) {
    let (mut far, mut sum) = (0u64, 0u64);
    for (p, q) in a.as_raw().chunks_exact(3).zip(b.as_raw().chunks_exact(3)) {
        let d = [p[0].abs_diff(q[0]), p[1].abs_diff(q[1]), p[2].abs_diff(q[2])];
        far += u64::from(d[0] > 64 || d[1] > 64 || d[2] > 64);
        sum += u64::from(d[0]) + u64::from(d[1]) + u64::from(d[2]);
    }
    let n = u64::from(a.width()) * u64::from(a.height());
    (far as f64 / n as f64, sum as f64 / (3 * n) as f64)
}

#[test]
fn the_recap_card_is_its_svg_drawn_for_every_procedure_and_both_audiences() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("recap-card");
    std::fs::create_dir_all(&dir).unwrap();
    let home = tempfile::tempdir().unwrap();
    let (mut names, mut cards, mut svgs) = (Vec::new(), Vec::new(), Vec::new());
    for system in ["bdp", "d12", "dr12", "murdham", "sovereign"] {
        let db = home.path().join(format!("{system}.db"));
        ok_in(&db, &["play", &scenario(&format!("{system}-campaign.fray")), "--save"]);
        let log = {
            let store = fray_data::Db::open(&db).unwrap();
            let id = store.play_sessions().list().unwrap()[0].id;
            store.play_sessions().log(id).unwrap()
        };
        for (audience, whom) in [(Audience::Players, "players"), (Audience::Gm, "gm")] {
            let name = format!("{system}-{whom}");
            let png = dir.join(format!("{name}.png"));
            let out = png.display().to_string();
            ok_in(&db, &["session", "export", "--format", "png", "--for", whom, "-o", &out]);
            let card = image::open(&png).expect("the card decodes").to_rgb8();
            assert_eq!(card.dimensions(), (1200, 1500), "{name}");
            // The measure below can tell: a blank card is far from any card.
            let blank = image::RgbImage::from_pixel(1200, 1500, image::Rgb([255, 255, 255]));
            let (far, mean) = difference(&card, &blank);
            assert!(far > 0.03 && mean > 4.0, "{name}: the card is nearly blank ({far}, {mean})");
            names.push(name);
            cards.push(card);
            svgs.push(fray_app::campaign::card::session_card(&log, audience));
        }
    }
    let Some(browser) = browser() else { return };
    let others = chromium_rasters(browser, &svgs, &dir);
    for ((name, card), other) in names.iter().zip(&cards).zip(&others) {
        other.save(dir.join(format!("{name}-chromium.png"))).unwrap();
        let (far, mean) = difference(card, other);
        eprintln!("{name}: {far:.5} of pixels apart, mean {mean:.3}");
        assert!(far < 0.01 && mean < 2.0, "{name}: {far:.4} of pixels apart, mean {mean:.2}");
    }
}

/// A fight's journal has no card or chat text: asking for one says where they are, and
/// plays (or stores) nothing.
#[test]
fn a_fight_has_no_card_or_chat_text() {
    let home = tempfile::tempdir().unwrap();
    let db = home.path().join("fray.db");
    for format in ["png", "chat"] {
        let o = crate::cli_common::fray_in(
            &db,
            &["play", &scenario("murdham-reactions.fray"), "--save", "--format", format],
        );
        assert!(!o.status.success());
        let said = String::from_utf8_lossy(&o.stderr);
        assert!(said.contains("only an evening has one"), "{said}");
    }
    let stored = fray_data::Db::open(&db).unwrap().encounters().list().unwrap();
    assert!(stored.is_empty(), "nothing was stored: {stored:?}");
}
