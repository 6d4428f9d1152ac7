//! Each other tool's bestiary at the import's caps (20,000 creatures in just under 20 MB),
//! made here, given to the real `fray`: the dry run and the import both read every creature,
//! and neither holds more than 200 MB at its peak (the readers held 250–270 MB when the
//! file's values, the creatures read, the preview's entries and the rows were all kept at
//! once). Linux only: the peak is the kernel's high-water mark of the process.

#![cfg(target_os = "linux")]

use crate::cli_common::text;
use fray_data::exchange::{MAX_IMPORT_BYTES, MAX_IMPORT_ENTRIES};
use serde_json::{Value, json};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

/// The most memory a reader may hold at its peak, in kilobytes (the goal of 200 MB).
const PEAK_KB: u64 = 200_000;

/// An attack as the SRD prints it.
const ATTACK: &str =
    "Melee Weapon Attack: +5 to hit, reach 5 ft., one target. Hit: 9 (1d12 + 3) slashing.";

/// The file `one(i, pad)` makes of 20,000 creatures, their pad as long as brings it within a
/// megabyte under the import's cap.
fn at_the_caps(one: impl Fn(usize, &str) -> String) -> String {
    let bare: usize = (0..MAX_IMPORT_ENTRIES).map(|i| one(i, "").len()).sum();
    let room = usize::try_from(MAX_IMPORT_BYTES).unwrap() - 1_000_000 - bare;
    let pad = "x".repeat(room / MAX_IMPORT_ENTRIES);
    let text: String = (0..MAX_IMPORT_ENTRIES).map(|i| one(i, &pad)).collect();
    let size = text.len() as u64;
    assert!(size <= MAX_IMPORT_BYTES && size > MAX_IMPORT_BYTES - 2_000_000, "{size} bytes");
    text
}

/// A JSON list of the values `one(i, pad)` makes, at the caps.
fn json_list(one: impl Fn(usize, &str) -> Value) -> String {
    let text = at_the_caps(|i, pad| format!("{},", one(i, pad)));
    format!("[{}]", text.trim_end_matches(','))
}

fn improved_initiative() -> String {
    json_list(|i, pad| {
        json!({"Name": format!("Orc {i}"), "HP": {"Value": 15}, "AC": {"Value": 13},
               "Actions": [{"Name": "Greataxe", "Content": ATTACK}], "Description": pad})
    })
}

fn srd_api() -> String {
    json_list(|i, pad| {
        json!({"name": format!("Orc {i}"), "hit_points": 15, "armor_class": 13,
               "actions": [{"name": "Greataxe", "desc": ATTACK}], "desc": pad})
    })
}

fn foundry() -> String {
    json_list(|i, pad| {
        json!({"name": format!("Troll {i}"), "type": "npc", "_id": format!("t{i}"),
               "system": {"hp": {"max": 6}, "abilities": {"STR": 12, "DEX": 8, "WIL": 6},
                          "description": pad},
               "items": [{"name": "Claws", "type": "weapon", "system": {"damageFormula": "d8"}}]})
    })
}

fn fantasy_statblocks() -> String {
    at_the_caps(|i, pad| {
        format!(
            "- name: Orc {i}\n  hp: 15\n  ac: 13\n  actions:\n    - name: Greataxe\n      \
             desc: \"{ATTACK}\"\n  traits:\n    - name: Lore\n      desc: x{pad}\n"
        )
    })
}

/// The kernel's high-water mark of resident memory of process `pid`, in kilobytes, while it
/// runs.
fn high_water(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Runs `fray --db DB ARGS…`, which must succeed: its standard output, and its peak resident
/// memory in kilobytes, read every few milliseconds until it ends (a peak held for less than
/// that could be missed; the readers' last for seconds).
fn with_peak(dir: &Path, args: &[&str]) -> (String, u64) {
    let out = dir.join("out.txt");
    let err = dir.join("err.txt");
    let mut child = Command::new(env!("CARGO_BIN_EXE_fray"))
        .arg("--db")
        .arg(dir.join("fray.db"))
        .args(args)
        .stdout(Stdio::from(std::fs::File::create(&out).unwrap()))
        .stderr(Stdio::from(std::fs::File::create(&err).unwrap()))
        .spawn()
        .expect("the fray binary runs");
    let mut peak = 0;
    let status = loop {
        peak = peak.max(high_water(child.id()).unwrap_or(0));
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let err = text(&std::fs::read(err).unwrap());
    assert!(status.success(), "fray {args:?} failed: {err}");
    (text(&std::fs::read(out).unwrap()), peak)
}

/// Writes `text` as `name`, then runs its dry run and its import for `system`: every creature
/// is read, added, and neither run peaks past [`PEAK_KB`].
fn imports_within_bounds(name: &str, text: &str, system: &str) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join(name);
    std::fs::write(&file, text).unwrap();
    let file = file.to_str().unwrap();
    let n = MAX_IMPORT_ENTRIES;
    let (out, dry) = with_peak(dir.path(), &["import", file, "--system", system, "--dry-run"]);
    assert!(out.contains(&format!(", {n} creatures read\n")), "{}", &out[..200]);
    assert!(out.ends_with(&format!("dry run: {n} would be added, 0 changed; nothing written\n")));
    let (out, import) = with_peak(dir.path(), &["import", file, "--system", system]);
    assert!(out.ends_with(&format!("imported: {n} added, 0 changed\n")), "{}", &out[..200]);
    // The figures, for the README's hostile-input table (`--nocapture`).
    println!("{name}: peak of the dry run {dry} KB, of the import {import} KB");
    assert!(dry <= PEAK_KB && import <= PEAK_KB, "{name}: peaks of {dry} KB and {import} KB");
}

#[test]
fn improved_initiative_at_the_caps_imports_within_200_mb() {
    imports_within_bounds("caps-ii.json", &improved_initiative(), "sovereign");
}

#[test]
fn srd_monsters_at_the_caps_import_within_200_mb() {
    imports_within_bounds("caps-5e.json", &srd_api(), "sovereign");
}

#[test]
fn fantasy_statblocks_at_the_caps_imports_within_200_mb() {
    imports_within_bounds("caps.yaml", &fantasy_statblocks(), "sovereign");
}

#[test]
fn foundry_actors_at_the_caps_import_within_200_mb() {
    imports_within_bounds("caps-foundry.json", &foundry(), "bdp");
}
