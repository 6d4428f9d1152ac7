//! The recap as a browser shows it: headless Chromium opens the HTML export of a fight on
//! zones, a fight on a grid and an evening of several fights, at 1280 and at 390 px wide (a
//! phone). Its own DOM must hold every chart (harm bars, the party's health by round, a
//! histogram per die, the board at the end) and no script; its screenshots must show the
//! charts drawn (the sides' colours in the pixels), and hostile names must stay text.
//!
//! CI installs Chromium (`.ci/run`); on a machine without it the tests say so and pass, but
//! under `CI` a missing browser fails them. Screenshots are kept under the test's temporary
//! folder (`target/tmp/recap-browser/`) to look at.

use std::path::{Path, PathBuf};
use std::process::Command;

use fray_app::journal;

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

fn chromium(browser: &str, args: &[String], page: &Path) -> std::process::Output {
    let profile = tempfile::tempdir().unwrap();
    let o = Command::new(browser)
        .args(["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .args(args)
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("chromium runs");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    o
}

fn dom(browser: &str, page: &Path) -> String {
    let o = chromium(browser, &["--virtual-time-budget=2000".into(), "--dump-dom".into()], page);
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// A screenshot `width` wide, decoded.
fn shot(browser: &str, page: &Path, width: u32, height: u32, name: &str) -> image::RgbImage {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("recap-browser");
    std::fs::create_dir_all(&dir).unwrap();
    let png = dir.join(format!("{name}-{width}.png"));
    chromium(
        browser,
        &[format!("--window-size={width},{height}"), format!("--screenshot={}", png.display())],
        page,
    );
    image::open(&png).expect("a PNG").to_rgb8()
}

/// Pixels within a few steps of `#rrggbb`.
fn pixels_of(img: &image::RgbImage, hex: &str) -> usize {
    let c = u32::from_str_radix(&hex[1..], 16).unwrap();
    let (r, g, b) = ((c >> 16) as i32, ((c >> 8) & 0xff) as i32, (c & 0xff) as i32);
    img.pixels()
        .filter(|p| {
            (i32::from(p[0]) - r).abs() < 12
                && (i32::from(p[1]) - g).abs() < 12
                && (i32::from(p[2]) - b).abs() < 12
        })
        .count()
}

fn golden_history(name: &str) -> fray_app::History {
    fray_app::systems::registry();
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios").join(format!("{name}.fray"));
    let text = std::fs::read_to_string(&path).unwrap();
    let script = fray_app::scenario::parse(name, &text).unwrap();
    let db = fray_data::Db::open_in_memory().unwrap();
    let tables = fray_data::session::library_tables(&db, script.system).unwrap();
    script.with_tables(tables).run().unwrap()
}

fn fight_page(dir: &Path, name: &str) -> PathBuf {
    let h = golden_history(name);
    let page = dir.join(format!("{name}.html"));
    std::fs::write(&page, journal::html_with_recap(h.base(), h.live_commands(), h.events()))
        .unwrap();
    page
}

fn charts(dom: &str) -> [usize; 4] {
    ["chart bars", "chart lines", "chart dice", "chart board"].map(|c| dom.matches(c).count())
}

#[test]
fn a_fights_recap_draws_its_charts_at_desk_and_phone_width_with_no_script() {
    let Some(browser) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    // Zones (Murdham) and a grid (Sovereign).
    for (name, party_colour) in [("murdham-reactions", "#3366cc"), ("sovereign-attacks", "#3366cc")]
    {
        let page = fight_page(dir.path(), name);
        let dom = dom(browser, &page);
        let [bars, lines, dice, board] = charts(&dom);
        assert_eq!((bars, lines, board), (1, 1, 1), "{name}: one of each chart: {dom}");
        assert!(dice >= 3, "{name}: a histogram per die and thrower, {dice}");
        assert!(!dom.to_lowercase().contains("<script"), "{name}: a script in the page");
        assert!(dom.contains("How it went") && dom.contains("How the dice fell"), "{name}");
        for width in [1280, 390] {
            let img = shot(browser, &page, width, 2400, name);
            assert_eq!(img.width(), width, "{name}: the page is as wide as the window");
            // The party's bars, health line, dots and tokens are drawn in its colour.
            let party = pixels_of(&img, party_colour);
            assert!(party > 400, "{name} at {width}: {party} pixels of the party's colour");
            // Harm taken is drawn too.
            // Harm taken, in amber.
            let taken = pixels_of(&img, "#bf8700");
            assert!(taken > 200, "{name} at {width}: {taken} pixels of harm taken");
        }
    }
}

#[test]
fn an_evenings_recap_holds_every_fight_and_the_evening() {
    let Some(browser) = browser() else { return };
    fray_app::systems::registry();
    let dir = tempfile::tempdir().unwrap();
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/bdp-campaign.fray");
    let text = std::fs::read_to_string(&path).unwrap();
    let log = fray_app::scenario::parse("bdp-campaign", &text).unwrap().run_session().unwrap();
    let fights = log.fights().count();
    let page = dir.path().join("session.html");
    std::fs::write(&page, fray_app::campaign::export::session_html(&log)).unwrap();
    let dom = dom(browser, &page);
    let [bars, _, dice, board] = charts(&dom);
    assert!(fights >= 2);
    assert_eq!((bars, board), (fights, fights), "a recap per fight");
    assert!(dice >= fights, "histograms for the evening and each fight");
    assert!(dom.contains("The evening"));
    assert!(!dom.to_lowercase().contains("<script"));
    let img = shot(browser, &page, 390, 6000, "session");
    assert!(pixels_of(&img, "#3366cc") > 200);
}

#[test]
fn hostile_names_in_the_recap_stay_text_in_a_browser() {
    let Some(browser) = browser() else { return };
    fray_app::systems::registry();
    let dir = tempfile::tempdir().unwrap();
    let payloads = [
        "<img/src=x/onerror=document.body.dataset.pwned=1>",
        "<script>document.body.dataset.pwned=2</script>",
        "<svg/onload=document.body.dataset.pwned=3>",
        "</text></svg><img src=x onerror=document.body.dataset.pwned=4>",
        "\"><img src=x onerror=document.body.dataset.pwned=5>",
    ];
    // Hostile sides, zones and combatants, harmed, so each name reaches every table and chart.
    let mut script = String::from("system freeform\nname \"<b>Crypt</b>\"\nseed 3\n");
    script.push_str(&format!("side \"{}\" party\n", payloads[3].replace('"', "'")));
    script.push_str(&format!("side \"{}\"\n", payloads[4].replace('"', "'")));
    script.push_str(&format!("zone \"{}\"\n", payloads[2]));
    for (i, p) in payloads.iter().enumerate() {
        let side_name = payloads[if i % 2 == 0 { 3 } else { 4 }].replace('"', "'");
        script.push_str(&format!(
            "add \"{}\" side \"{side_name}\" zone \"{}\" track hp=9\n",
            p.replace('"', "'"),
            payloads[2]
        ));
    }
    script.push_str("next\n");
    for p in &payloads {
        script.push_str(&format!("track \"{}\" hp -3\nroll d20 table 7\n", p.replace('"', "'")));
    }
    let history = fray_app::scenario::run("hostile.fray", &script)
        .unwrap_or_else(|e| panic!("{e}\n{script}"));
    let html = journal::html_with_recap(history.base(), history.live_commands(), history.events());
    assert!(html.contains("class=\"chart board\""), "the board is drawn");
    let md =
        journal::markdown_with_recap(history.base(), history.live_commands(), history.events());
    let mut rendered = String::from("<html><body>");
    pulldown_cmark::html::push_html(&mut rendered, pulldown_cmark::Parser::new(&md));
    rendered.push_str("</body></html>");
    // The players' page, their recap and lines, as inert.
    let players = journal::players_html(history.base(), history.live_commands(), history.events());
    for (name, page_text) in
        [("recap.html", html), ("recap-md.html", rendered), ("players.html", players)]
    {
        let page = dir.path().join(name);
        std::fs::write(&page, page_text).unwrap();
        let dom = dom(browser, &page);
        let body = dom.split("<body").nth(1).and_then(|b| b.split('>').next()).unwrap_or("");
        assert!(!body.contains("data-pwned"), "{name} ran a payload: {dom}");
        assert!(dom.contains("pwned=1") && dom.contains("pwned=4"), "{name}: shown as text");
    }
}

/// Every campaign script's evening, for the players and for the GM.
fn evening_pages(dir: &Path) -> Vec<(String, PathBuf)> {
    fray_app::systems::registry();
    let mut pages = Vec::new();
    for system in ["bdp", "d12", "dr12", "murdham", "sovereign"] {
        let name = format!("{system}-campaign");
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("scenarios/{name}.fray"));
        let text = std::fs::read_to_string(&path).unwrap();
        let script = fray_app::scenario::parse(&name, &text).unwrap();
        let db = fray_data::Db::open_in_memory().unwrap();
        let tables = fray_data::session::library_tables(&db, script.system).unwrap();
        let log = script.with_tables(tables).run_session().unwrap();
        for (who, audience) in
            [("players", journal::Audience::Players), ("gm", journal::Audience::Gm)]
        {
            let page = dir.join(format!("{name}-{who}.html"));
            let html = fray_app::campaign::export::session_export(
                &log,
                fray_app::journal::Format::Html,
                audience,
            );
            std::fs::write(&page, html).unwrap();
            pages.push((format!("{name} for the {who}"), page));
        }
    }
    pages
}

/// Measures each page in a frame `width` px wide, in one browser run: the page's own width
/// (`document.documentElement.scrollWidth` against its `innerWidth`) and how many of its
/// elements scroll or clip sideways (a table in a scrolling box hides its last columns). The
/// probe is a page of our own beside them; the pages keep their policy (no script of theirs).
fn widths(browser: &str, dir: &Path, pages: &[(String, PathBuf)], width: u32) -> Vec<[u32; 3]> {
    let mut probe = String::from("<!DOCTYPE html><html><body>");
    for (i, (_, page)) in pages.iter().enumerate() {
        let src = page.file_name().unwrap().to_string_lossy();
        probe.push_str(&format!(
            "<iframe id=\"f{i}\" src=\"{src}\" style=\"width:{width}px;height:800px;border:0\"></iframe>"
        ));
    }
    probe.push_str(
        "<script>window.onload=function(){var out=[];\
         document.querySelectorAll('iframe').forEach(function(f){\
         var d=f.contentDocument,w=f.contentWindow,wide=0;\
         d.querySelectorAll('body *').forEach(function(e){var o=w.getComputedStyle(e).overflowX;\
         if(o!=='visible'&&e.scrollWidth>e.clientWidth+1)wide++;});\
         out.push([d.documentElement.scrollWidth,w.innerWidth,wide].join(','));});\
         document.body.setAttribute('data-widths',out.join(';'));};</script></body></html>",
    );
    let path = dir.join(format!("probe-{width}.html"));
    std::fs::write(&path, probe).unwrap();
    let o = chromium(
        browser,
        &[
            "--allow-file-access-from-files".into(),
            "--virtual-time-budget=5000".into(),
            "--dump-dom".into(),
        ],
        &path,
    );
    let dom = String::from_utf8_lossy(&o.stdout).into_owned();
    let found = dom.split("data-widths=\"").nth(1).and_then(|s| s.split('"').next());
    let found = found.unwrap_or_else(|| panic!("the probe measured nothing: {dom}"));
    found
        .split(';')
        .map(|p| {
            let n: Vec<u32> = p.split(',').map(|x| x.parse().unwrap()).collect();
            [n[0], n[1], n[2]]
        })
        .collect()
}

/// The evening as the GM shares it fits a phone: at 390 px as at 1280, no page is wider than
/// its window and nothing in it scrolls sideways (the tables become cards), for the players
/// and for the GM, in every procedure. Screenshots of the players' evening at both widths are
/// kept to look at; on a phone its figures read as cards, "At the end" among them.
#[test]
fn an_evening_fits_a_phone_without_sideways_scrolling() {
    let Some(browser) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let pages = evening_pages(dir.path());
    for width in [1280, 390] {
        for ((name, _), [scroll, inner, wide]) in
            pages.iter().zip(widths(browser, dir.path(), &pages, width))
        {
            assert_eq!(inner, width, "{name}: the frame is {width} px");
            assert!(scroll <= inner, "{name} at {width}: {scroll} px wide in {inner}");
            assert_eq!(wide, 0, "{name} at {width}: {wide} elements scroll sideways");
        }
    }
    let players = &pages[0].1;
    for width in [1280, 390] {
        let img = shot(browser, players, width, 3200, "evening-players");
        assert_eq!(img.width(), width);
        assert!(pixels_of(&img, "#3366cc") > 200, "the party's colour is drawn at {width}");
        assert!(pixels_of(&img, "#bf8700") > 100, "harm taken is drawn at {width}");
    }
}

/// Pages of a PDF Chromium printed (each page object is `/Type /Page`, their tree `/Pages`).
fn pdf_pages(browser: &str, page: &Path, pdf: &Path) -> usize {
    chromium(
        browser,
        &["--no-pdf-header-footer".into(), format!("--print-to-pdf={}", pdf.display())],
        page,
    );
    let bytes = std::fs::read(pdf).unwrap();
    let text = String::from_utf8_lossy(&bytes);
    text.matches("/Type /Page").count() - text.matches("/Type /Pages").count()
}

/// Printed, the evening starts each fight on a page of its own: the same page printed
/// without the print stylesheet's page break takes fewer pages.
#[test]
fn a_printed_evening_starts_each_fight_on_a_new_page() {
    let Some(browser) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let pages = evening_pages(dir.path());
    let (name, page) = &pages[1];
    let html = std::fs::read_to_string(page).unwrap();
    let fights = html.matches("<article class=\"fight\"").count();
    let rule = "article.fight{break-before:page}";
    assert!(fights >= 2 && html.contains(rule), "{name}: {fights} fights");
    let unbroken = dir.path().join("unbroken.html");
    std::fs::write(&unbroken, html.replace(rule, "")).unwrap();
    let printed = pdf_pages(browser, page, &dir.path().join("evening.pdf"));
    let run_on = pdf_pages(browser, &unbroken, &dir.path().join("unbroken.pdf"));
    assert!(printed > run_on, "{name}: {printed} pages with a page a fight, {run_on} without");
    assert!(printed > fights, "{name}: {printed} pages for {fights} fights and the evening");
}

/// Printed in black and white, every evening's charts still tell their series apart without
/// colour: each of the party's health lines has a dash of its own and is drawn black, harm
/// dealt is solid grey and harm taken hollow with a black edge. Chromium's command line cannot
/// emulate print media, so each page is read with its print rules made its screen rules
/// (`@media print` as `@media all`), in frames of one probe page, and the computed style of
/// every line and bar is read; the page as on screen is read too, where colour alone tells the
/// lines apart (so the probe sees what the print rules change).
#[test]
fn printed_in_black_and_white_the_charts_tell_their_series_apart() {
    let Some(browser) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let mut pages = evening_pages(dir.path());
    for (_, page) in &mut pages {
        let html = std::fs::read_to_string(&*page).unwrap();
        assert!(html.contains("@media print{"), "{}: a print stylesheet", page.display());
        let printed = page.with_extension("print.html");
        std::fs::write(&printed, html.replace("@media print{", "@media all{")).unwrap();
        *page = printed;
    }
    let on_screen = dir.path().join("bdp-campaign-gm.html");
    let mut probe = String::from("<!DOCTYPE html><html><body>");
    let frames: Vec<&Path> =
        pages.iter().map(|(_, p)| p.as_path()).chain([on_screen.as_path()]).collect();
    for (i, page) in frames.iter().enumerate() {
        let src = page.file_name().unwrap().to_string_lossy();
        probe.push_str(&format!("<iframe id=\"f{i}\" src=\"{src}\"></iframe>"));
    }
    probe.push_str(
        "<script>window.onload=function(){var out=[];\
         document.querySelectorAll('iframe').forEach(function(f){\
         var d=f.contentDocument,w=f.contentWindow,page=[];\
         d.querySelectorAll('svg.chart.lines').forEach(function(s){var l=[];\
         s.querySelectorAll('polyline').forEach(function(p){var c=w.getComputedStyle(p);\
         l.push(c.strokeDasharray+'/'+c.stroke);});page.push('L'+l.join('|'));});\
         d.querySelectorAll('svg.chart.bars').forEach(function(s){var b=[];\
         ['dealt','taken'].forEach(function(k){var e=s.querySelector('rect.'+k);\
         if(e){var c=w.getComputedStyle(e);b.push(k+'/'+c.fill+'/'+c.stroke);}});\
         page.push('B'+b.join('|'));});out.push(page.join('^'));});\
         document.body.setAttribute('data-print',out.join('#'));};</script></body></html>",
    );
    let path = dir.path().join("probe-print.html");
    std::fs::write(&path, probe).unwrap();
    let o = chromium(
        browser,
        &[
            "--allow-file-access-from-files".into(),
            "--virtual-time-budget=5000".into(),
            "--dump-dom".into(),
        ],
        &path,
    );
    let dom = String::from_utf8_lossy(&o.stdout).into_owned();
    let found = dom.split("data-print=\"").nth(1).and_then(|s| s.split('"').next());
    let found = found.unwrap_or_else(|| panic!("the probe read nothing: {dom}"));
    let read: Vec<&str> = found.split('#').collect();
    assert_eq!(read.len(), frames.len(), "{found}");
    let grey = |c: &str| {
        let n: Vec<&str> = c.trim_start_matches("rgb(").trim_end_matches(')').split(", ").collect();
        n.len() == 3 && n[0] == n[1] && n[1] == n[2]
    };
    for ((name, _), page) in pages.iter().zip(&read) {
        let charts: Vec<&str> = page.split('^').collect();
        let lines: Vec<&str> = charts.iter().filter_map(|c| c.strip_prefix('L')).collect();
        assert!(!lines.is_empty(), "{name}: a health chart");
        for chart in lines {
            let series: Vec<(&str, &str)> =
                chart.split('|').filter_map(|s| s.rsplit_once('/')).collect();
            for (i, (dash, stroke)) in series.iter().enumerate() {
                assert_eq!(*stroke, "rgb(0, 0, 0)", "{name}: a line in colour: {chart}");
                if i < 4 {
                    let same = series[..i].iter().filter(|(d, _)| d == dash).count();
                    assert_eq!(same, 0, "{name}: two lines dashed alike: {chart}");
                }
            }
        }
        for bars in charts.iter().filter_map(|c| c.strip_prefix('B')) {
            for bar in bars.split('|') {
                let [kind, fill, stroke] = bar.split('/').collect::<Vec<_>>()[..] else {
                    panic!("{name}: {bar}")
                };
                assert!(grey(fill), "{name}: {kind} filled in colour: {bar}");
                if kind == "taken" {
                    assert_eq!((fill, stroke), ("rgb(255, 255, 255)", "rgb(0, 0, 0)"), "{name}");
                } else {
                    assert_ne!(fill, "rgb(255, 255, 255)", "{name}: dealt is solid");
                }
            }
        }
    }
    let screen = read.last().unwrap();
    let screen_lines = screen.split('^').find_map(|c| c.strip_prefix('L')).unwrap();
    assert!(
        screen_lines.split('|').all(|s| s.starts_with("none/")),
        "on screen the lines are told apart by colour: {screen_lines}"
    );
}
