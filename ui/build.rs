//! Two things the `fray` program carries that code cannot say:
//!
//! - On Linux x86-64, a released `fray` has the functions a start runs placed side by side
//!   (`startup-order.txt`, made by `tools/startup_order.py`). The kernel maps a program's code
//!   64 KiB at a time around each first touch, so a start that runs a few functions in every
//!   64 KiB of the 21 MiB of code had 15 MiB of it resident; side by side they take a few.
//! - On Windows, the app icon (Explorer, the Start menu's shortcut, Alt+Tab before the window
//!   sets its own) and the version information its Properties show. The resource compiler is
//!   MinGW's `x86_64-w64-mingw32-windres` when cross-compiling from Linux (CI's Windows clippy
//!   runs this), the Windows SDK's `rc.exe` on an MSVC runner.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=../icons/icon.ico");
    order_the_start_up_code();
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("windows") {
        embed_windows_resources();
    }
}

/// The ordering is for the released program only: a development build's functions have other
/// names (other optimisation, other inlining) and its start-up is not measured. Rust links
/// x86-64 Linux programs with its own LLD (since 1.90), which reads the file; a name the file
/// gives that this build lacks (a function inlined away, a changed generic) is skipped, which
/// only costs memory, so LLD's warning for it is off. `FRAY_LINK_MAP=PATH` also writes the
/// linker's map, from which `tools/startup_order.py` learns which function lies where.
fn order_the_start_up_code() {
    println!("cargo:rerun-if-changed=startup-order.txt");
    println!("cargo:rerun-if-env-changed=FRAY_LINK_MAP");
    let target = std::env::var("TARGET").unwrap_or_default();
    let released = std::env::var("PROFILE").as_deref() == Ok("release");
    if target != "x86_64-unknown-linux-gnu" || !released {
        return;
    }
    let dir = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let order = std::path::Path::new(&dir).join("startup-order.txt");
    println!("cargo:rustc-link-arg-bin=fray=-Wl,--symbol-ordering-file={}", order.display());
    println!("cargo:rustc-link-arg-bin=fray=-Wl,--no-warn-symbol-ordering");
    if let Ok(map) = std::env::var("FRAY_LINK_MAP") {
        println!("cargo:rustc-link-arg-bin=fray=-Wl,-Map={map}");
    }
}

fn embed_windows_resources() {
    let mut resource = winresource::WindowsResource::new();
    if std::env::var("CARGO_CFG_TARGET_ENV").as_deref() == Ok("gnu")
        && std::env::var("HOST").is_ok_and(|host| !host.contains("windows"))
    {
        resource
            .set_toolkit_path("/usr/bin")
            .set_windres_path("x86_64-w64-mingw32-windres")
            .set_ar_path("x86_64-w64-mingw32-ar");
    }
    resource
        .set_icon("../icons/icon.ico")
        .set("ProductName", "Fray")
        .set("FileDescription", "Fray: combat companion for tabletop game masters")
        .set("LegalCopyright", "Copyright © 2026 The Fray developers");
    // A missing resource compiler must fail the build, not ship an exe without its icon.
    if let Err(e) = resource.compile() {
        panic!("embedding the Windows icon and version information: {e}");
    }
}
