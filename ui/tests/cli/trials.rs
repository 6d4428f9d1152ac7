//! The hostile-condition trials, run against the real `fray` binary from the outside: processes
//! killed mid-write (SIGKILL), several processes on one database, a database another program
//! holds locked, a read-only mount and a full disk (small tmpfs mounts, where this machine
//! lets a test mount them), and exports with injection payloads opened in headless Chromium
//! (where it is installed). What cannot run here says so on stderr and passes.
//!
//! By default each trial runs a few rounds (CI). `FRAY_TRIALS=long` runs the full counts
//! (200 kills in all); docs/tests.md gives the command.

#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The number of rounds: `quick` by default, `long` under `FRAY_TRIALS=long`.
fn rounds(quick: usize, long: usize) -> usize {
    if std::env::var("FRAY_TRIALS").is_ok_and(|v| v == "long") { long } else { quick }
}

fn fray() -> Command {
    Command::new(env!("CARGO_BIN_EXE_fray"))
}

fn run(args: &[&str]) -> Output {
    fray().args(args).output().expect("the fray binary runs")
}

/// Runs `fray args`, asserting success; returns stdout.
fn ok(args: &[&str]) -> String {
    let o = run(args);
    assert!(o.status.success(), "fray {args:?} failed: {}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).unwrap()
}

/// Runs `fray args`, asserting failure with one `fray: ...` line; returns it.
fn fails(args: &[&str]) -> String {
    let o = run(args);
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(!o.status.success(), "fray {args:?} succeeded");
    assert_eq!(err.lines().count(), 1, "one line: {err:?}");
    assert!(err.starts_with("fray: "), "{err:?}");
    err.trim_end().to_owned()
}

/// Delays from a fixed seed, so a failing round can be run again.
struct Delays(u64);

impl Delays {
    /// A delay in `0..max`.
    fn next(&mut self, max: Duration) -> Duration {
        // xorshift64
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        let micros = u64::try_from(max.as_micros()).unwrap_or(u64::MAX).max(1);
        Duration::from_micros(self.0 % micros)
    }
}

/// Starts `fray args` and kills it (SIGKILL) after `delay`, unless it ended first. Returns
/// whether it was killed.
fn kill_after(args: &[&str], delay: Duration) -> bool {
    let mut child = fray()
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the fray binary starts");
    std::thread::sleep(delay);
    let killed = matches!(child.try_wait(), Ok(None)) && child.kill().is_ok();
    child.wait().unwrap();
    killed
}

/// How long `fray args` takes, run once to completion.
fn timed(args: &[&str]) -> Duration {
    let start = Instant::now();
    ok(args);
    start.elapsed()
}

/// The library's counts as `export-library` reports them ("31 creatures, 12 characters...").
fn library_counts(db: &str, dir: &Path) -> String {
    let out = dir.join("counts.json");
    let o = run(&["--db", db, "export-library", "-o", &out.display().to_string()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let said = String::from_utf8(o.stderr).unwrap() + &String::from_utf8(o.stdout).unwrap();
    said.split_once(": ").map(|(_, counts)| counts.trim().to_owned()).unwrap_or(said)
}

/// SQLite's own check of the file.
fn assert_intact(db: &str) {
    let opened = fray_data::Db::open(db).unwrap_or_else(|e| panic!("{db} does not open: {e}"));
    opened.integrity_check().unwrap_or_else(|e| panic!("{db}: {e}"));
}

/// A library file of `n` freeform creatures with uids `trial-0...`.
fn bestiary(path: &Path, n: usize) {
    let creatures: Vec<_> = (0..n)
        .map(|i| {
            serde_json::json!({"uid": format!("trial-{i}"), "system": "freeform",
                "name": format!("Raider {i}"), "tags": ["trial"],
                "block": {"tracks": {"hp": 1 + i % 9}, "notes": "from the trials"}})
        })
        .collect();
    let doc = serde_json::json!({"fray": 1, "creatures": creatures});
    std::fs::write(path, doc.to_string()).unwrap();
}

/// How many creatures came from [`bestiary`].
fn trial_creatures(db: &str) -> usize {
    let db = fray_data::Db::open(db).unwrap();
    let search =
        fray_data::Search { tags: vec!["trial".into()], limit: u32::MAX, ..Default::default() };
    db.creatures().search(&search).unwrap().len()
}

/// A long freeform fight: a board, then many rolls and hits.
fn long_script(path: &Path, lines: usize) {
    let mut s = String::from(
        "system freeform\nname \"Long fight\"\nseed 7\nside A\nside B\n\
         add Ann side A track hp=999\nadd Bob side B track hp=999\n",
    );
    for i in 0..lines {
        s.push_str(&format!("roll d20 \"swing {i}\" by Ann\nhp Bob -1\nhp Bob +1\n"));
    }
    std::fs::write(path, s).unwrap();
}

#[test]
fn killed_during_the_first_open_the_database_opens_whole_next_time() {
    let dir = tempfile::tempdir().unwrap();
    let reference = dir.path().join("reference.db").display().to_string();
    let full_open = timed(&["--db", &reference, "encounters"]);
    let expected = library_counts(&reference, dir.path());
    let mut delays = Delays(0x5eed_0001);
    let mut killed = 0;
    for round in 0..rounds(10, 70) {
        let db = dir.path().join(format!("first-{round}.db")).display().to_string();
        killed += usize::from(kill_after(&["--db", &db, "encounters"], delays.next(full_open * 2)));
        assert_intact(&db);
        assert_eq!(library_counts(&db, dir.path()), expected, "round {round}");
    }
    eprintln!("first open: {killed} of {} processes killed mid-way", rounds(10, 70));
}

#[test]
fn killed_during_an_import_it_is_all_there_or_none_of_it() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bestiary.json");
    bestiary(&file, 10_000);
    let file = file.display().to_string();
    let db = dir.path().join("fray.db").display().to_string();
    ok(&["--db", &db, "encounters"]);
    // How long one import takes, measured on a database of its own.
    let probe = dir.path().join("probe.db").display().to_string();
    let full = timed(&["--db", &probe, "import", &file]);
    assert_eq!(trial_creatures(&probe), 10_000);
    let mut delays = Delays(0x5eed_0002);
    let mut seen = [0, 0];
    for round in 0..rounds(4, 60) {
        kill_after(&["--db", &db, "import", &file], delays.next(full));
        assert_intact(&db);
        match trial_creatures(&db) {
            0 => seen[0] += 1,
            10_000 => {
                seen[1] += 1;
                // Back to none for the next round (deleting is the GM's own command).
                let lib = fray_data::Db::open(&db).unwrap();
                for c in lib
                    .creatures()
                    .search(&fray_data::Search {
                        tags: vec!["trial".into()],
                        limit: u32::MAX,
                        ..Default::default()
                    })
                    .unwrap()
                {
                    lib.creatures().delete(c.id).unwrap();
                }
            }
            n => panic!("round {round}: {n} of 10,000 creatures: a half-written import"),
        }
    }
    eprintln!("import: killed before the commit {} times, after it {} times", seen[0], seen[1]);
}

#[test]
fn killed_during_play_the_stored_and_written_journals_are_whole() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("long.fray");
    long_script(&script, 1500);
    let script = script.display().to_string();
    let expected = ok(&["play", &script]);
    let out = dir.path().join("journal.md");
    std::fs::write(&out, "the previous good journal\n").unwrap();
    let out_arg = out.display().to_string();
    let db = dir.path().join("fray.db").display().to_string();
    ok(&["--db", &db, "encounters"]);
    let full = timed(&["play", &script]);
    let mut delays = Delays(0x5eed_0003);
    let mut killed = 0;
    for round in 0..rounds(6, 70) {
        // Storing: all or nothing.
        let args = ["--db", &db, "play", &script, "--save"];
        killed += usize::from(kill_after(&args, delays.next(full * 2)));
        assert_intact(&db);
        let listed = ok(&["--db", &db, "encounters"]);
        for line in listed.lines().skip(1) {
            let id = line.split_whitespace().next().unwrap();
            let exported = ok(&["--db", &db, "export", id, "--format", "md", "--for", "gm"]);
            assert_eq!(exported, expected, "round {round}: encounter {id} is not the whole fight");
        }
        // Writing a file: the old one whole, or the new one whole.
        killed +=
            usize::from(kill_after(&["play", &script, "-o", &out_arg], delays.next(full * 2)));
        let now = std::fs::read_to_string(&out).unwrap();
        assert!(
            now == "the previous good journal\n" || now == expected,
            "round {round}: a torn journal ({} bytes)",
            now.len()
        );
    }
    eprintln!("play: {killed} of {} processes killed mid-way", 2 * rounds(6, 70));
    // The next write clears what killed writers left behind.
    ok(&["play", &script, "-o", &out_arg]);
    let leftovers: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".fray-part") || n.ends_with(".part"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

#[test]
fn many_processes_opening_a_new_database_at_once_all_succeed() {
    let dir = tempfile::tempdir().unwrap();
    let reference = dir.path().join("reference.db").display().to_string();
    let expected = library_counts(&reference, dir.path());
    for round in 0..rounds(3, 30) {
        let db = dir.path().join(format!("race-{round}.db")).display().to_string();
        let children: Vec<_> = (0..8)
            .map(|i| {
                let args: Vec<String> = if i % 2 == 0 {
                    vec!["--db".into(), db.clone(), "encounters".into()]
                } else {
                    vec!["--db".into(), db.clone(), "new".into(), format!("E{i}")]
                };
                fray().args(&args).stdout(Stdio::null()).stderr(Stdio::piped()).spawn().unwrap()
            })
            .collect();
        for child in children {
            let o = child.wait_with_output().unwrap();
            assert!(o.status.success(), "round {round}: {}", String::from_utf8_lossy(&o.stderr));
        }
        assert_intact(&db);
        assert_eq!(library_counts(&db, dir.path()), expected, "round {round}");
        assert_eq!(ok(&["--db", &db, "encounters"]).lines().count(), 1 + 4);
    }
}

#[test]
fn an_import_waits_for_another_writer_and_names_the_database_when_it_gives_up() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("fray.db").display().to_string();
    ok(&["--db", &db, "encounters"]);
    let small = dir.path().join("small.json");
    bestiary(&small, 3);
    let small = small.display().to_string();
    // Another program writes for 1.5 s: the import waits its turn and succeeds.
    let holder = rusqlite::Connection::open(&db).unwrap();
    holder.execute_batch("BEGIN IMMEDIATE; UPDATE settings SET value = value").unwrap();
    let release = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(1500));
        holder.execute_batch("COMMIT").unwrap();
    });
    ok(&["--db", &db, "import", &small]);
    release.join().unwrap();
    assert_eq!(trial_creatures(&db), 3);
    // Reading goes on while another program writes (WAL), and never waits.
    let holder = rusqlite::Connection::open(&db).unwrap();
    holder.execute_batch("BEGIN IMMEDIATE; UPDATE settings SET value = value").unwrap();
    ok(&["--db", &db, "encounters"]);
    // Held past the 5 s wait: one line, said once, naming the file; nothing written.
    let err = fails(&["--db", &db, "new", "Late"]);
    assert!(err.contains("the database is busy"), "{err}");
    assert_eq!(err.matches("busy").count(), 1, "{err}");
    assert!(err.ends_with(&format!("(database {db})")), "{err}");
    holder.execute_batch("COMMIT").unwrap();
    assert!(ok(&["--db", &db, "encounters"]).is_empty(), "no encounter made");
}

/// A tmpfs of `size` mounted on a new folder of `dir`, or why not (not root, no permission).
fn tmpfs(dir: &Path, size: &str) -> Result<Mount, String> {
    let point = dir.join("mnt");
    std::fs::create_dir(&point).unwrap();
    let o = Command::new("mount")
        .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
        .arg(&point)
        .output()
        .map_err(|e| format!("cannot run mount: {e}"))?;
    if !o.status.success() {
        return Err(String::from_utf8_lossy(&o.stderr).trim().to_owned());
    }
    Ok(Mount(point))
}

/// A mounted tmpfs, unmounted when dropped.
struct Mount(PathBuf);

impl Mount {
    fn remount(&self, option: &str) {
        let o = Command::new("mount")
            .args(["-o", &format!("remount,{option}")])
            .arg(&self.0)
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
}

impl Drop for Mount {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

#[test]
fn on_a_read_only_mount_reading_commands_work_and_writing_ones_say_why() {
    let dir = tempfile::tempdir().unwrap();
    let mount = match tmpfs(dir.path(), "16m") {
        Ok(m) => m,
        Err(why) => {
            eprintln!("skipped: cannot mount a tmpfs here ({why})");
            return;
        }
    };
    let db = mount.0.join("fray.db").display().to_string();
    ok(&["--db", &db, "new", "Crypt", "--system", "freeform"]);
    mount.remount("ro");
    let listed = ok(&["--db", &db, "encounters"]);
    assert!(listed.contains("Crypt"), "{listed}");
    assert!(ok(&["--db", &db, "export", "Crypt", "--format", "md"]).contains("Crypt"));
    let lib = dir.path().join("lib.json").display().to_string();
    ok(&["--db", &db, "export-library", "-o", &lib]);
    let err = fails(&["--db", &db, "new", "Tomb"]);
    assert!(err.contains("read-only"), "{err}");
    assert!(err.contains(&db), "names the database: {err}");
    mount.remount("rw");
    assert_intact(&db);
}

#[test]
fn on_a_full_disk_nothing_is_lost_and_the_failure_is_clear() {
    let dir = tempfile::tempdir().unwrap();
    let mount = match tmpfs(dir.path(), "4m") {
        Ok(m) => m,
        Err(why) => {
            eprintln!("skipped: cannot mount a tmpfs here ({why})");
            return;
        }
    };
    let db = mount.0.join("fray.db").display().to_string();
    let script = dir.path().join("long.fray");
    long_script(&script, 200);
    let script = script.display().to_string();
    ok(&["--db", &db, "play", &script, "--save"]);
    let journal_before = ok(&["--db", &db, "export", "1", "--format", "md"]);
    let out = mount.0.join("journal.md");
    std::fs::write(&out, &journal_before).unwrap();
    let out_arg = out.display().to_string();
    // Fill the disk, again before each try: a failed write may hand some space back.
    let filler = mount.0.join("filler");
    let fill = || {
        let mut f = std::fs::OpenOptions::new().create(true).append(true).open(&filler).unwrap();
        let block = vec![0u8; 4096];
        while std::io::Write::write_all(&mut f, &block).is_ok() {}
        while std::io::Write::write_all(&mut f, &[0]).is_ok() {}
    };
    let big = dir.path().join("big.json");
    bestiary(&big, 5_000);
    fill();
    let err = fails(&["--db", &db, "import", &big.display().to_string()]);
    assert!(err.contains("the disk is full"), "{err}");
    assert!(err.contains(&db), "names the database: {err}");
    fill();
    let err = fails(&["--db", &db, "play", &script, "--save"]);
    assert!(err.contains(&db), "{err}");
    fill();
    let err = fails(&["play", &script, "-o", &out_arg]);
    assert!(err.contains("cannot write"), "{err}");
    // What was there is there, readable while the disk is still full.
    assert_eq!(std::fs::read_to_string(&out).unwrap(), journal_before);
    assert_eq!(ok(&["--db", &db, "export", "1", "--format", "md"]), journal_before);
    assert_eq!(ok(&["--db", &db, "encounters"]).lines().count(), 2, "one encounter, no half one");
    std::fs::remove_file(&filler).unwrap();
    assert_intact(&db);
    assert_eq!(trial_creatures(&db), 0, "nothing of the failed import");
    let leftovers: Vec<_> = std::fs::read_dir(&mount.0)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".fray-part"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

/// Headless Chromium's DOM of `page` after its scripts ran, or `None` where it is not installed.
fn chromium_dom(page: &Path) -> Option<String> {
    let browser = ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .find(|b| Command::new(b).arg("--version").output().is_ok_and(|o| o.status.success()))?;
    let profile = tempfile::tempdir().unwrap();
    let o = Command::new(browser)
        .args(["--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=2000"])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg("--dump-dom")
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("chromium runs");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    Some(String::from_utf8_lossy(&o.stdout).into_owned())
}

/// Whether a payload ran: every payload marks the page's body.
fn payload_ran(dom: &str) -> bool {
    dom.split("<body")
        .nth(1)
        .and_then(|b| b.split('>').next())
        .is_some_and(|t| t.contains("data-pwned"))
}

#[test]
fn exports_with_injection_payloads_run_nothing_in_a_browser() {
    let dir = tempfile::tempdir().unwrap();
    // The checker itself: a page whose payload does run is caught.
    let control = dir.path().join("control.html");
    std::fs::write(
        &control,
        "<html><body><img src=x onerror=document.body.dataset.pwned=1></body></html>",
    )
    .unwrap();
    let Some(dom) = chromium_dom(&control) else {
        assert!(std::env::var_os("CI").is_none(), "CI must install Chromium (see .ci/run)");
        eprintln!("skipped: no Chromium installed (apt-get install chromium)");
        return;
    };
    assert!(payload_ran(&dom), "the control payload must run: {dom}");
    let payloads = [
        "<img/src=x/onerror=document.body.dataset.pwned=1>",
        "<script>document.body.dataset.pwned=2</script>",
        "<svg/onload=document.body.dataset.pwned=3>",
        "[link](javascript:document.body.dataset.pwned=4)",
        "<iframe/srcdoc=&lt;script&gt;parent.document.body.dataset.pwned=5&lt;/script&gt;>",
    ];
    let mut script = String::from("system freeform\nname \"<b>Crypt</b>\"\nseed 3\nside A\n");
    for (i, p) in payloads.iter().enumerate() {
        script.push_str(&format!("add {p} side A track hp={}\n", i + 1));
        script.push_str(&format!("say {p}\n"));
    }
    let path = dir.path().join("hostile.fray");
    std::fs::write(&path, script).unwrap();
    let path = path.display().to_string();
    let html = dir.path().join("journal.html");
    ok(&["play", &path, "--format", "html", "-o", &html.display().to_string()]);
    let md = ok(&["play", &path, "--format", "md"]);
    // Markdown is read through a renderer that passes raw HTML on, as many do.
    let mut rendered = String::from("<html><body>");
    pulldown_cmark::html::push_html(&mut rendered, pulldown_cmark::Parser::new(&md));
    rendered.push_str("</body></html>");
    let md_page = dir.path().join("journal-md.html");
    std::fs::write(&md_page, rendered).unwrap();
    for page in [html, md_page] {
        let dom = chromium_dom(&page).unwrap();
        assert!(!payload_ran(&dom), "{} ran a payload: {dom}", page.display());
        assert!(dom.contains("pwned=1"), "the payload is shown as text: {dom}");
    }
}
