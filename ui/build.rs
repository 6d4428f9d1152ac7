//! Gives `fray.exe` what a Windows program carries: the app icon (Explorer, the Start menu's
//! shortcut, Alt+Tab before the window sets its own) and the version information its
//! Properties show. Other targets need nothing from here.
//!
//! The resource compiler is MinGW's `x86_64-w64-mingw32-windres` when cross-compiling from
//! Linux (CI's Windows clippy runs this), the Windows SDK's `rc.exe` on an MSVC runner.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=../icons/icon.ico");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() != Ok("windows") {
        return;
    }
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
