//! The desktop's file dialogs, asked the same way from every view, with what each OS's own
//! apps do:
//!
//! - **Filters match any case.** Windows and macOS match `*.png` against `MAP.PNG`; GTK (the
//!   xdg portal's and zenity's dialogs on Linux) matches patterns with case, so there the
//!   upper-case pattern is offered too, or a battle map saved as `CAVE.PNG` would be hidden.
//! - **A dialog opens where the last one of its kind was left** (portraits where portraits
//!   were, journals where journals went), for as long as Fray runs; the first time in the
//!   documents folder. GTK's dialog would otherwise open on "Recent" every time.
//! - **A suggested name is one every OS keeps**: no `/ \ : * ? " < > |` or control characters,
//!   no trailing dot or space, not a Windows device name (`Con.md`), at most 200 bytes.
//! - **A saved file has its extension**: Windows and macOS add the filter's extension to a
//!   typed name, GTK does not; here it is added where the name has none.
//!
//! Where the desktop offers no dialog (no xdg portal and no zenity on a bare Linux), `rfd`
//! returns nothing, as on Cancel; so every view that opens one also takes a typed path
//! ([`typed_path`]): the journal export and check, the battle map and the portrait.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

/// What a dialog is for: its kind (the folder it remembers), title and filter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Files<'a> {
    /// The kind of file, also the key of the folder remembered ("portrait").
    pub kind: &'static str,
    /// The dialog's title.
    pub title: &'a str,
    /// The filter's name ("Images (PNG, JPEG, WebP)").
    pub filter: &'a str,
    /// The extensions shown, lower case, without the dot; the first is a saved file's.
    pub extensions: &'a [&'a str],
}

/// Asks for a file to open; `None` when the GM cancels or there is no dialog.
pub fn pick(files: Files<'_>) -> Option<PathBuf> {
    let picked = dialog(files, None).pick_file()?;
    remember(files.kind, &picked);
    Some(picked)
}

/// A file to save: the name it comes from, the name used when nothing of it is left, and
/// the folder to start in when the GM already typed one.
#[derive(Debug, Clone, Copy)]
pub struct SaveAs<'a> {
    /// The name to make a file name of (a creature's, a fight's).
    pub name: &'a str,
    /// The name when nothing of `name` is left ("journal"), also added after a device name.
    pub fallback: &'a str,
    /// Where to start instead of the folder remembered.
    pub folder: Option<&'a Path>,
}

/// Asks where to save, suggesting the name made portable with the first extension of
/// `files`, and adds that extension where the GM typed none; `None` when the GM cancels or
/// there is no dialog.
pub fn save(files: Files<'_>, save_as: SaveAs<'_>) -> Option<PathBuf> {
    let extension = files.extensions.first().copied().unwrap_or("");
    let suggested = portable_file_name(save_as.name, save_as.fallback, extension);
    let chosen = dialog(files, save_as.folder).set_file_name(suggested).save_file()?;
    let chosen = add_missing_extension(chosen, files.extensions);
    remember(files.kind, &chosen);
    Some(chosen)
}

/// The `rfd` dialog for `files`: title, filter, starting folder (`folder` if it is one).
fn dialog(files: Files<'_>, folder: Option<&Path>) -> rfd::FileDialog {
    let mut dialog = rfd::FileDialog::new()
        .set_title(files.title)
        .add_filter(files.filter, &filter_extensions(files.extensions));
    let start = folder.filter(|f| f.is_dir()).map(Path::to_path_buf);
    if let Some(dir) = start.or_else(|| start_folder(files.kind)) {
        dialog = dialog.set_directory(dir);
    }
    dialog
}

/// The extensions the filter lists on this OS: as given where the dialog ignores case,
/// followed by their upper case where it does not.
pub fn filter_extensions(extensions: &[&str]) -> Vec<String> {
    let mut all: Vec<String> = extensions.iter().map(|e| e.to_ascii_lowercase()).collect();
    if DIALOG_MATCHES_CASE {
        all.extend(extensions.iter().map(|e| e.to_ascii_uppercase()));
    }
    all
}

/// Whether this OS's dialogs match filter patterns with case (GTK's do; Windows' and
/// macOS's do not).
pub const DIALOG_MATCHES_CASE: bool = !cfg!(any(windows, target_os = "macos"));

/// Folders last used, by kind of file, for as long as Fray runs. The dialogs are one
/// resource of the process, so their memory is too.
static LAST_FOLDERS: Mutex<Option<HashMap<&'static str, PathBuf>>> = Mutex::new(None);

/// Remembers the folder of `chosen` for the next dialog of `kind`.
pub fn remember(kind: &'static str, chosen: &Path) {
    let Some(folder) = chosen.parent().filter(|p| !p.as_os_str().is_empty()) else { return };
    let mut last = LAST_FOLDERS.lock().unwrap_or_else(PoisonError::into_inner);
    last.get_or_insert_with(HashMap::new).insert(kind, folder.to_path_buf());
}

/// Where a dialog of `kind` opens: the folder last used for that kind if it still exists,
/// else the documents folder, else the home folder.
pub fn start_folder(kind: &str) -> Option<PathBuf> {
    let last = LAST_FOLDERS.lock().unwrap_or_else(PoisonError::into_inner);
    let remembered = last.as_ref().and_then(|m| m.get(kind)).filter(|p| p.is_dir()).cloned();
    drop(last);
    remembered.or_else(documents_folder)
}

/// The documents folder, else the home folder.
pub fn documents_folder() -> Option<PathBuf> {
    let dirs = directories::UserDirs::new()?;
    Some(dirs.document_dir().unwrap_or(dirs.home_dir()).to_path_buf())
}

/// Longest stem suggested, in bytes: file systems allow 255 for the whole name, and a
/// dialog or the GM may add to it.
const MAX_STEM_BYTES: usize = 200;

/// A file name every OS keeps, from `name` (a fight's, a creature's): the characters some
/// file system refuses become `-`, trailing dots and spaces go, a long name is cut at a
/// character boundary, and a Windows device name gets `fallback` after it ("Con journal.md").
/// A name with nothing left becomes `fallback`.
pub fn portable_file_name(name: &str, fallback: &str, extension: &str) -> String {
    let clean: String = name
        .trim()
        .chars()
        .map(|c| if c.is_control() || "/\\:*?\"<>|".contains(c) { '-' } else { c })
        .collect();
    let mut stem = clean.trim_end_matches(['.', ' ']).to_owned();
    if stem.trim_matches(['-', '.', ' ']).is_empty() {
        stem = fallback.to_owned();
    }
    if stem.len() > MAX_STEM_BYTES {
        let cut = (0..=MAX_STEM_BYTES).rev().find(|&i| stem.is_char_boundary(i)).unwrap_or(0);
        stem.truncate(cut);
        stem = stem.trim_end_matches(['.', ' ']).to_owned();
    }
    let with = |stem: &str| match extension {
        "" => stem.to_owned(),
        ext => format!("{stem}.{ext}"),
    };
    if fray_data::files::windows_device(Path::new(&with(&stem))).is_some() {
        return with(&format!("{stem} {fallback}"));
    }
    with(&stem)
}

/// `chosen` with the first of `extensions` added when it has none of them (GTK's save
/// dialog keeps a typed name as it is). A name with another extension is the GM's choice.
pub fn add_missing_extension(chosen: PathBuf, extensions: &[&str]) -> PathBuf {
    let Some(first) = extensions.first() else { return chosen };
    match chosen.extension() {
        Some(_) => chosen,
        None => {
            let mut name = chosen.file_name().unwrap_or_default().to_os_string();
            name.push(".");
            name.push(first);
            chosen.with_file_name(name)
        }
    }
}

/// A path the GM typed (where no dialog is offered, or quicker than one), trimmed, with a
/// leading `~` as the home folder as a shell reads it; `None` when nothing was typed. Every
/// field that takes a typed path reads it here.
pub fn typed_path(path: &str) -> Option<PathBuf> {
    let path = path.trim();
    if path.is_empty() {
        return None;
    }
    let rest = match path.strip_prefix('~') {
        Some("") => "",
        Some(rest) if rest.starts_with(['/', '\\']) => &rest[1..],
        _ => return Some(PathBuf::from(path)),
    };
    let home = directories::UserDirs::new().map(|d| d.home_dir().to_path_buf())?;
    Some(if rest.is_empty() { home } else { home.join(rest) })
}

#[cfg(test)]
mod tests;
