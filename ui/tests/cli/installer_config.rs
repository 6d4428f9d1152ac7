//! `tauri.conf.json` (the one description of the installers) agrees with the code: its version
//! is the workspace's (the one place the version lives, `Cargo.toml`), its binary is the one
//! Cargo builds, and the desktop entry it makes names the window's app id.

use serde_json::Value;

fn config() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../tauri.conf.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn the_installers_version_is_the_workspaces() {
    assert_eq!(
        config()["version"].as_str(),
        Some(env!("CARGO_PKG_VERSION")),
        "tauri.conf.json's version differs from [workspace.package] version in Cargo.toml"
    );
}

#[test]
fn fray_version_prints_the_installers_version() {
    let out =
        std::process::Command::new(env!("CARGO_BIN_EXE_fray")).arg("--version").output().unwrap();
    let expected = format!("fray {}\n", config()["version"].as_str().unwrap());
    assert_eq!(String::from_utf8_lossy(&out.stdout), expected);
}

#[test]
fn the_installed_binary_and_its_desktop_entry_match_the_window() {
    let conf = config();
    let exe = std::path::Path::new(env!("CARGO_BIN_EXE_fray"));
    assert_eq!(conf["mainBinaryName"].as_str(), exe.file_stem().and_then(|s| s.to_str()));
    // The bundler writes StartupWMClass from the binary's name.
    assert_eq!(conf["mainBinaryName"].as_str(), Some(fray_ui::window::APP_ID));
    for icon in conf["bundle"]["icon"].as_array().unwrap() {
        let path = format!("{}/../{}", env!("CARGO_MANIFEST_DIR"), icon.as_str().unwrap());
        assert!(std::path::Path::new(&path).is_file(), "{path} is missing");
    }
}
