use super::*;
use proptest::prelude::*;

/// What makes a name unusable on some OS: Windows' reserved characters and device names,
/// control characters, a trailing dot or space (Windows drops them), an empty stem, or more
/// than 255 bytes (every common file system's limit).
fn portable_everywhere(name: &str) -> Result<(), String> {
    if name.chars().any(|c| c.is_control() || "/\\:*?\"<>|".contains(c)) {
        return Err(format!("{name:?} has a character some OS refuses"));
    }
    if name.ends_with(['.', ' ']) {
        return Err(format!("{name:?} ends with a dot or a space"));
    }
    if fray_data::files::windows_device(Path::new(name)).is_some() {
        return Err(format!("{name:?} is a Windows device"));
    }
    if name.len() > 255 {
        return Err(format!("{name:?} is {} bytes", name.len()));
    }
    let stem = name.strip_suffix(".md").ok_or(format!("{name:?} lost its extension"))?;
    if stem.trim_matches(['-', '.', ' ']).is_empty() {
        return Err(format!("{name:?} has no stem"));
    }
    Ok(())
}

#[test]
fn names_some_os_refuses_are_made_portable() {
    let cases = [
        ("Goblin", "Goblin.md"),
        ("Orc/Goblin: the *real* one?", "Orc-Goblin- the -real- one-.md"),
        ("Con", "Con stat block.md"),
        ("nul.", "nul stat block.md"),
        ("  LPT1  ", "LPT1 stat block.md"),
        ("Dragon...", "Dragon.md"),
        ("", "stat block.md"),
        ("///", "stat block.md"),
        ("鬼の王", "鬼の王.md"),
        ("tab\there", "tab-here.md"),
    ];
    for (name, expected) in cases {
        let made = portable_file_name(name, "stat block", "md");
        assert_eq!(made, expected, "{name:?}");
        portable_everywhere(&made).unwrap();
    }
}

#[test]
fn a_long_name_is_cut_at_a_character_boundary() {
    let name = "é".repeat(300);
    let made = portable_file_name(&name, "stat block", "md");
    assert!(made.len() <= MAX_STEM_BYTES + ".md".len(), "{} bytes", made.len());
    assert!(made.starts_with("éé") && made.ends_with("é.md"));
}

proptest! {
    #[test]
    fn any_name_becomes_one_every_os_keeps(name in "\\PC{0,300}|[ .:/\\\\*?<>|\"\t]{0,20}|(?i:con|prn|aux|nul|com[1-9]|lpt[1-9])[ .]{0,3}") {
        let made = portable_file_name(&name, "stat block", "md");
        prop_assert!(portable_everywhere(&made).is_ok(), "{:?}", portable_everywhere(&made));
    }
}

/// The name made is one this OS really creates, in a real folder, and reads back by it.
#[test]
fn the_names_made_are_files_this_os_creates() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["Orc/Goblin: *real*?", "Con", "aux.", "鬼の王 <boss>", "\u{7}bell", "a\\b"] {
        let made = portable_file_name(name, "journal", "md");
        let path = dir.path().join(&made);
        std::fs::write(&path, name).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), name, "{made:?}");
        assert_eq!(path.file_name().unwrap().to_str(), Some(made.as_str()));
    }
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 6, "no two names collide");
}

#[test]
fn filters_match_upper_case_names_where_the_dialog_matches_case() {
    let shown = filter_extensions(&["png", "JPG"]);
    if cfg!(any(windows, target_os = "macos")) {
        assert_eq!(shown, ["png", "jpg"]);
    } else {
        // GTK's dialogs (the xdg portal's, zenity's) would hide CAVE.PNG behind "*.png".
        assert_eq!(shown, ["png", "jpg", "PNG", "JPG"]);
    }
}

#[test]
fn a_saved_name_without_extension_gets_the_filters_first() {
    let dir = Path::new("maps");
    assert_eq!(add_missing_extension(dir.join("goblin"), &["md"]), dir.join("goblin.md"));
    assert_eq!(add_missing_extension(dir.join("goblin.MD"), &["md"]), dir.join("goblin.MD"));
    assert_eq!(add_missing_extension(dir.join("goblin.txt"), &["md"]), dir.join("goblin.txt"));
    assert_eq!(add_missing_extension(dir.join("goblin"), &[]), dir.join("goblin"));
}

#[test]
fn a_dialog_opens_where_the_last_of_its_kind_was_left() {
    let portraits = tempfile::tempdir().unwrap();
    let maps = tempfile::tempdir().unwrap();
    remember("test-portrait", &portraits.path().join("hester.png"));
    remember("test-map", &maps.path().join("cave.dd2vtt"));
    assert_eq!(start_folder("test-portrait").as_deref(), Some(portraits.path()));
    assert_eq!(start_folder("test-map").as_deref(), Some(maps.path()));
    // A folder gone since falls back to the documents folder (or home), never to it.
    let gone = maps.path().to_path_buf();
    drop(maps);
    assert_eq!(start_folder("test-map"), documents_folder());
    assert_ne!(start_folder("test-map").as_deref(), Some(gone.as_path()));
    // A bare file name (no folder) changes nothing.
    remember("test-portrait", Path::new("hester.png"));
    assert_eq!(start_folder("test-portrait").as_deref(), Some(portraits.path()));
}

#[test]
fn a_leading_tilde_is_the_home_folder() {
    assert_eq!(typed_path(""), None);
    assert_eq!(typed_path("   "), None);
    assert_eq!(typed_path("  /tmp/x.md "), Some(PathBuf::from("/tmp/x.md")));
    assert_eq!(typed_path("/tmp/x.md"), Some(PathBuf::from("/tmp/x.md")));
    assert_eq!(typed_path("~user/x"), Some(PathBuf::from("~user/x")));
    if let Some(home) = directories::UserDirs::new().map(|d| d.home_dir().to_path_buf()) {
        assert_eq!(typed_path("~/x.md"), Some(home.join("x.md")));
    }
}
