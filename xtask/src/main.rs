//! `cargo xtask bundle [--types deb,appimage,msi,dmg] [--profile dev] [--no-build]`: Fray's
//! installers for the operating system it runs on, from `tauri.conf.json` (the one description of the installers:
//! name, version, identifier, icons, category, descriptions, licence) with Tauri's bundler used
//! as a library. Fray is not a webview app: binary patching is off and no WebView2 step is made.
//!
//! The version lives in the workspace `Cargo.toml`; a `tauri.conf.json` that disagrees is
//! refused here (and by a test of the workspace).
//!
//! `--profile dev` packs the development build instead of the release one, stripped as the
//! release profile strips it, under `target/debug/installer/`: CI checks the installer that
//! way (what goes in the package, its Depends, lintian, installing and running it), because
//! the release build's whole-program optimisation takes twelve minutes on a 2-core machine
//! with nothing built, and the tests have built the development binary already. Installers
//! that are published are always `--profile release` (the default).

mod debian;

use anyhow::{Context, Result, anyhow, bail};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;
use tauri_bundler::{
    AppCategory, BundleBinary, BundleSettings, DebianSettings, PackageSettings, PackageType,
    SettingsBuilder, WindowsSettings,
};

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("bundle") => bundle(&args[1..]),
        _ => bail!(
            "usage: cargo xtask bundle [--types deb,appimage,msi,dmg] [--profile release|dev] \
             [--no-build]"
        ),
    }
}

/// The repository's root (xtask/ lives in it).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("xtask/ has a parent").to_owned()
}

/// A string field of the config, or why not.
fn text<'a>(conf: &'a Value, path: &[&str]) -> Result<&'a str> {
    let mut v = conf;
    for key in path {
        v = v.get(key).ok_or_else(|| anyhow!("tauri.conf.json: no field '{}'", path.join(".")))?;
    }
    v.as_str().ok_or_else(|| anyhow!("tauri.conf.json, field '{}': not text", path.join(".")))
}

/// The workspace version (`[workspace.package] version` in Cargo.toml).
fn workspace_version(root: &Path) -> Result<String> {
    let text = std::fs::read_to_string(root.join("Cargo.toml")).context("reading Cargo.toml")?;
    let toml: toml::Table = text.parse().context("Cargo.toml is not TOML")?;
    toml.get("workspace")
        .and_then(|w| w.get("package"))
        .and_then(|p| p.get("version"))
        .and_then(|v| v.as_str())
        .map(str::to_owned)
        .ok_or_else(|| anyhow!("Cargo.toml: no [workspace.package] version"))
}

/// The package types asked for, or this OS's among the config's targets.
fn package_types(conf: &Value, asked: Option<&str>) -> Result<Vec<PackageType>> {
    let native: &[(&str, PackageType)] = if cfg!(target_os = "linux") {
        &[("deb", PackageType::Deb), ("appimage", PackageType::AppImage)]
    } else if cfg!(target_os = "windows") {
        &[("msi", PackageType::WindowsMsi)]
    } else if cfg!(target_os = "macos") {
        &[("app", PackageType::MacOsBundle), ("dmg", PackageType::Dmg)]
    } else {
        &[]
    };
    let targets: Vec<&str> = conf["bundle"]["targets"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let wanted: Vec<&str> = match asked {
        Some(list) => list.split(',').map(str::trim).collect(),
        None => targets.clone(),
    };
    let mut out = Vec::new();
    for w in &wanted {
        if !targets.contains(w) && *w != "app" {
            bail!("'{w}' is not among tauri.conf.json's bundle.targets ({})", targets.join(", "));
        }
        if let Some((_, t)) = native.iter().find(|(name, _)| name == w) {
            out.push(*t);
        } else if asked.is_some() {
            bail!("'{w}' cannot be built on this operating system");
        }
    }
    // A .dmg packs the .app: build it first.
    if out.contains(&PackageType::Dmg) && !out.contains(&PackageType::MacOsBundle) {
        out.insert(0, PackageType::MacOsBundle);
    }
    if out.is_empty() {
        bail!("no installer of tauri.conf.json's bundle.targets is made on this operating system");
    }
    Ok(out)
}

/// The Debian packages of the libraries the binary links (ldd, then dpkg -S).
fn linked_packages(binary: &Path) -> Result<Vec<String>> {
    let out = Command::new("ldd").arg(binary).output().context("running ldd")?;
    let mut packages = Vec::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let Some(path) = line.split("=>").nth(1).and_then(|r| r.split_whitespace().next()) else {
            continue;
        };
        let owner = Command::new("dpkg").arg("-S").arg(path).output().context("running dpkg -S")?;
        let text = String::from_utf8_lossy(&owner.stdout);
        if let Some(pkg) = text.split(':').next().map(str::trim).filter(|p| !p.is_empty())
            && !packages.iter().any(|p| p == pkg)
        {
            packages.push(pkg.to_owned());
        }
    }
    if packages.is_empty() {
        bail!("ldd named no library of {} that dpkg knows", binary.display());
    }
    Ok(packages)
}

/// `installer/` beside the development binary in `built`, holding a copy of it stripped of its
/// symbols and line tables (Debian's lintian refuses an unstripped binary), where the
/// bundler finds it and writes its packages.
fn stripped_copy(built: &Path, binary: &str) -> Result<PathBuf> {
    let dir = built.join("installer");
    std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    let from = built.join(binary);
    let to = dir.join(binary);
    std::fs::copy(&from, &to).with_context(|| format!("copying {}", from.display()))?;
    let status = Command::new("strip")
        .arg("--strip-all")
        .arg(&to)
        .status()
        .context("running strip (binutils)")?;
    if !status.success() {
        bail!("strip --strip-all {} failed", to.display());
    }
    Ok(dir)
}

fn bundle(args: &[String]) -> Result<()> {
    let root = root();
    let mut asked = None;
    let mut build = true;
    let mut profile = "release".to_owned();
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--types" => {
                asked = Some(args.get(i + 1).context("--types needs a list")?.clone());
                i += 1;
            }
            "--profile" => {
                profile = args.get(i + 1).context("--profile needs a name")?.clone();
                if profile != "release" && profile != "dev" {
                    bail!("--profile '{profile}': release or dev");
                }
                i += 1;
            }
            "--no-build" => build = false,
            other => bail!("unknown option '{other}'"),
        }
        i += 1;
    }
    let conf_text =
        std::fs::read_to_string(root.join("tauri.conf.json")).context("reading tauri.conf.json")?;
    let conf: Value = serde_json::from_str(&conf_text).context("tauri.conf.json is not JSON")?;
    let version = text(&conf, &["version"])?;
    let in_cargo = workspace_version(&root)?;
    if version != in_cargo {
        bail!("tauri.conf.json's version {version} is not the workspace's {in_cargo} (Cargo.toml)");
    }
    let binary = text(&conf, &["mainBinaryName"])?;
    let types = package_types(&conf, asked.as_deref())?;
    if build {
        let status = Command::new(env!("CARGO"))
            .current_dir(&root)
            .args(["build", "--profile", &profile, "--locked", "-p", "fray-ui", "--bin", binary])
            .status()
            .context("running cargo build")?;
        if !status.success() {
            bail!("cargo build --profile {profile} failed");
        }
    }
    // Where cargo put the binary: CARGO_TARGET_DIR when set (a shared build cache), else the
    // workspace's own target folder.
    let target_dir = std::env::var_os("CARGO_TARGET_DIR")
        .map(std::path::PathBuf::from)
        .map_or_else(|| root.join("target"), |dir| root.join(dir));
    let out_dir = if profile == "release" {
        target_dir.join("release")
    } else {
        stripped_copy(&target_dir.join("debug"), binary)?
    };
    let icons: Vec<String> = conf["bundle"]["icon"]
        .as_array()
        .context("tauri.conf.json: bundle.icon is not a list")?
        .iter()
        .filter_map(Value::as_str)
        .map(|p| root.join(p).display().to_string())
        .collect();
    let category = text(&conf, &["bundle", "category"])?;
    let category: AppCategory = category.parse().map_err(|near| {
        anyhow!("tauri.conf.json, bundle.category '{category}': unknown ({near:?})")
    })?;
    let mut deb = DebianSettings::default();
    if types.contains(&PackageType::Deb) {
        // Depends: the packages of what the binary links (found here), then those of what the
        // window opens at run time (the config's list: dlopen is invisible to ldd).
        let listed = |key: &str| -> Vec<String> {
            conf["bundle"]["linux"]["deb"][key]
                .as_array()
                .map(|a| a.iter().filter_map(Value::as_str).map(str::to_owned).collect())
                .unwrap_or_default()
        };
        let mut depends = linked_packages(&out_dir.join(binary))?;
        depends.extend(
            listed("depends").into_iter().filter(|p| !depends.contains(p)).collect::<Vec<_>>(),
        );
        deb.depends = Some(depends);
        deb.recommends = Some(listed("recommends"));
        deb.section = conf["bundle"]["linux"]["deb"]["section"].as_str().map(str::to_owned);
        deb.files = debian::extra_files(&root, &out_dir.join(binary), &out_dir.join("debian"))?;
    }
    // Fray draws with OpenGL, not a webview: the config says to skip WebView2.
    let webview: tauri_utils::config::WebviewInstallMode =
        serde_json::from_value(conf["bundle"]["windows"]["webviewInstallMode"].clone())
            .context("tauri.conf.json, bundle.windows.webviewInstallMode")?;
    let windows = WindowsSettings { webview_install_mode: webview, ..WindowsSettings::default() };
    let publisher = text(&conf, &["bundle", "publisher"])?.to_owned();
    let settings = SettingsBuilder::new()
        .project_out_directory(&out_dir)
        .package_types(types)
        .binary_patching(false)
        .package_settings(PackageSettings {
            product_name: text(&conf, &["productName"])?.to_owned(),
            version: version.to_owned(),
            description: text(&conf, &["bundle", "shortDescription"])?.to_owned(),
            homepage: None,
            // The package's maintainer: a name and an address, as Debian's control file wants.
            authors: Some(vec![text(&conf, &["bundle", "linux", "deb", "maintainer"])?.to_owned()]),
            default_run: Some(binary.to_owned()),
        })
        .bundle_settings(BundleSettings {
            identifier: Some(text(&conf, &["identifier"])?.to_owned()),
            publisher: Some(publisher),
            icon: Some(icons),
            copyright: Some(text(&conf, &["bundle", "copyright"])?.to_owned()),
            license: Some(text(&conf, &["bundle", "license"])?.to_owned()),
            category: Some(category),
            short_description: Some(text(&conf, &["bundle", "shortDescription"])?.to_owned()),
            long_description: Some(text(&conf, &["bundle", "longDescription"])?.to_owned()),
            deb,
            windows,
            ..BundleSettings::default()
        })
        .binaries(vec![BundleBinary::new(binary.to_owned(), true)])
        .build()
        .context("the bundler's settings")?;
    let bundles = tauri_bundler::bundle_project(&settings).context("bundling")?;
    for b in bundles {
        for p in b.bundle_paths {
            println!("{}", p.display());
        }
    }
    Ok(())
}
