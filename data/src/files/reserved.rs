//! The names Windows keeps for its devices. On Windows a file called `NUL`, `con.md` or
//! `COM1.txt` is not a file in the folder but a device (the null device, the console, a
//! serial port): writing there would send an export to the device, reading would wait on the
//! console. Fray refuses them there by name, as it refuses a device on Unix by its type
//! (`files.rs`). Elsewhere they are ordinary names and are left alone.
//!
//! The rule (Microsoft's "Naming Files, Paths, and Namespaces"): the name up to its first dot,
//! with trailing spaces and dots dropped, compared without case, is one of CON, PRN, AUX, NUL,
//! COM1–COM9 or LPT1–LPT9 (the superscript digits ¹ ² ³ count too). Windows 11 stopped treating
//! some of these with an extension as devices; Fray refuses them with any extension all the
//! same, so a file written on one Windows opens on another.

use std::path::Path;

const DEVICES: [&str; 4] = ["CON", "PRN", "AUX", "NUL"];

/// The device `path`'s file name stands for on Windows ("NUL" for `nul.md`), or `None`.
pub fn windows_device(path: &Path) -> Option<String> {
    let name = path.file_name()?.to_str()?;
    let stem = name.split('.').next().unwrap_or(name).trim_end_matches([' ', '.']);
    let upper = stem.to_uppercase();
    if DEVICES.contains(&upper.as_str()) {
        return Some(upper);
    }
    let port = upper.strip_prefix("COM").or_else(|| upper.strip_prefix("LPT"))?;
    let mut digits = port.chars();
    let digit = digits.next()?;
    let numbered = matches!(digit, '1'..='9' | '¹' | '²' | '³') && digits.next().is_none();
    numbered.then_some(upper)
}

#[cfg(test)]
mod tests {
    use super::windows_device;
    use std::path::Path;

    fn device(name: &str) -> Option<String> {
        windows_device(&Path::new("some folder").join(name))
    }

    #[test]
    fn the_device_names_are_found_with_any_case_extension_or_trailing_dots() {
        assert_eq!(device("NUL").as_deref(), Some("NUL"));
        assert_eq!(device("nul.md").as_deref(), Some("NUL"));
        assert_eq!(device("Con.tar.gz").as_deref(), Some("CON"));
        assert_eq!(device("aux ").as_deref(), Some("AUX"));
        assert_eq!(device("prn..").as_deref(), Some("PRN"));
        assert_eq!(device("COM1.txt").as_deref(), Some("COM1"));
        assert_eq!(device("lpt9").as_deref(), Some("LPT9"));
        assert_eq!(device("COM¹.json").as_deref(), Some("COM¹"));
    }

    #[test]
    fn names_that_only_look_like_them_are_ordinary() {
        for name in ["null.md", "console.md", "COM0", "COM10.txt", "LPT", "com", "my nul.md"] {
            assert_eq!(device(name), None, "{name}");
        }
        assert_eq!(device(".nul"), None, "a hidden file's stem is empty");
        assert_eq!(windows_device(Path::new("/")), None, "no file name");
    }
}
