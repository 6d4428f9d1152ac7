//! The one way Fray writes a file the GM keeps (exports, library files, journals, stat
//! blocks): whole or not at all. The bytes go to a temporary file created exclusively (never
//! a name someone could have planted a link at) in the target's folder, are flushed to disk,
//! and the temporary file is renamed over the target in one step, so a kill or a full disk
//! leaves the previous good file, never half a new one, and no temporary file when the write
//! fails.
//!
//! Reading an untrusted file goes through [`read_text`]: only a regular file (a named pipe
//! would hang, a device never ends), never more than a limit, UTF-8 (a byte-order mark is
//! dropped, UTF-16 named).
//!
//! What may be replaced: a regular file, or nothing yet. A symbolic link to a regular file is
//! written through (the file it points at is replaced; the link stays a link), so a GM who
//! links a shared folder's file keeps the link. Anything else — a device such as `/dev/null`,
//! a named pipe, a folder, a link to one of those or to nothing — is refused with a message
//! saying what it is: replacing it with a regular file would damage the system. A file marked
//! read-only is refused too, on every system (Windows cannot rename over one; on Unix the
//! rename would go through and undo the GM's protection).
//!
//! On Windows: a name Windows keeps for a device (`NUL`, `con.md`, `COM1.txt`: [`reserved`])
//! is refused for writing and reading; a junction is a link to a folder, refused like one;
//! a leftover temporary file of a killed write is cleared by age alone (no `/proc` to ask
//! whether its writer still runs), and the folder entry is not flushed after the rename
//! (Windows has no call for it; NTFS journals the rename).

mod reserved;
pub use reserved::windows_device;

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// Leftover temporary files of a killed write older than this are removed by the next write
/// of the same file (a younger one may be another process writing right now).
const STALE: Duration = Duration::from_secs(600);

/// Writes `bytes` to `path` atomically (see the module). The error says what went wrong;
/// callers name the file.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let target = target(path)?;
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = target
        .file_name()
        .ok_or_else(|| invalid("not a file name"))?
        .to_string_lossy()
        .into_owned();
    let prefix = format!(".{name}.");
    remove_stale(&dir, &prefix);
    // The writer's process id is in the name, so the next write can tell a killed writer's
    // leftover (its process is gone) from another Fray's write in progress.
    let prefix = format!("{prefix}{}.", std::process::id());
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".fray-part");
    // A temporary file is private (0600) by default; what Fray writes is an ordinary file the
    // GM shares: new ones get the usual mode (0666 less the umask), a replaced one keeps its own.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut tmp = builder.tempfile_in(&dir)?;
    if let Ok(meta) = std::fs::metadata(&target) {
        tmp.as_file().set_permissions(meta.permissions())?;
    }
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    // On failure the temporary file is dropped, which deletes it.
    tmp.persist(&target).map_err(|e| e.error)?;
    sync_dir(&dir);
    Ok(())
}

/// The file to replace for `path`: itself, or the regular file a link points at. Refuses
/// what is not a regular file.
fn target(path: &Path) -> std::io::Result<PathBuf> {
    if let Some(device) = device_name(path) {
        return Err(invalid(&format!(
            "{device}, a name Windows keeps for a device: Fray will not write to it"
        )));
    }
    let meta = match std::fs::symlink_metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(path.to_path_buf()),
        Err(e) => return Err(e),
    };
    if meta.file_type().is_file() {
        return writable(&meta).map(|()| path.to_path_buf());
    }
    if meta.file_type().is_symlink() {
        return match std::fs::metadata(path) {
            Ok(m) if m.file_type().is_file() => writable(&m).and(std::fs::canonicalize(path)),
            Ok(m) => Err(invalid(&format!(
                "a link to {}, not to a regular file: Fray will not replace it",
                kind(&m.file_type())
            ))),
            Err(_) => Err(invalid("a link to nothing: Fray will not replace it")),
        };
    }
    Err(invalid(&format!(
        "{}, not a regular file: Fray will not replace it",
        kind(&meta.file_type())
    )))
}

/// Refuses a file marked read-only.
fn writable(meta: &std::fs::Metadata) -> std::io::Result<()> {
    if meta.permissions().readonly() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::PermissionDenied,
            "it is marked read-only: Fray will not replace it",
        ));
    }
    Ok(())
}

/// The Windows device a file name stands for, on Windows; elsewhere such names are ordinary.
fn device_name(path: &Path) -> Option<String> {
    if cfg!(windows) { windows_device(path) } else { None }
}

/// What a file type is, in words.
fn kind(t: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
        if t.is_fifo() {
            return "a named pipe";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    if t.is_dir() { "a folder" } else { "a special file" }
}

fn invalid(what: &str) -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::InvalidInput, format!("it is {what}"))
}

/// Removes temporary files an earlier, killed write of the same file left behind: those of a
/// process that is no longer running (where the platform tells, Linux's `/proc`), and any
/// older than [`STALE`].
fn remove_stale(dir: &Path, prefix: &str) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let now = SystemTime::now();
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        let Some(middle) = name.strip_prefix(prefix).and_then(|n| n.strip_suffix(".fray-part"))
        else {
            continue;
        };
        let old = entry
            .metadata()
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| now.duration_since(t).ok())
            .is_some_and(|age| age > STALE);
        if old || writer_is_gone(middle) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Whether the process named in a temporary file's name (`PID.RANDOM`) has ended. `false`
/// when it cannot be told (no pid in the name, no `/proc`): then only age clears it.
fn writer_is_gone(middle: &str) -> bool {
    let Some(pid) = middle.split_once('.').and_then(|(pid, _)| pid.parse::<u32>().ok()) else {
        return false;
    };
    let proc_root = Path::new("/proc/self");
    pid != std::process::id()
        && proc_root.exists()
        && !Path::new("/proc").join(pid.to_string()).exists()
}

/// Flushes the folder entry of the rename (where the platform allows), so after a power cut
/// the folder shows the new file, not the old one or none.
fn sync_dir(dir: &Path) {
    #[cfg(unix)]
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
    #[cfg(not(unix))]
    let _ = dir;
}

/// Why a file could not be read as text.
#[derive(Debug)]
pub enum ReadError {
    /// The system refused (missing, no permission...).
    Io(std::io::Error),
    /// Not a regular file: what it is.
    NotRegular(&'static str),
    /// Larger than the limit, in bytes.
    TooBig {
        /// Its size.
        size: u64,
        /// The limit.
        max: u64,
    },
    /// UTF-16 text, with its byte order.
    Utf16(&'static str),
    /// Not UTF-8: the offset of the first bad byte.
    NotUtf8(usize),
}

/// A file or picture over its limit, in the GM's words: "is 3.4 MB, more than the 2 MB
/// `what`" ("an import may be", "a map may be"). One wording for every size refused.
pub fn too_big(size: u64, max: u64, what: &str) -> String {
    const MIB: f64 = 1024.0 * 1024.0;
    format!("is {:.1} MB, more than the {} MB {what}", size as f64 / MIB, max / (1024 * 1024))
}

impl std::fmt::Display for ReadError {
    /// The words after the file's name: "is a named pipe, not a regular file".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::Io(e) => write!(f, "cannot be read: {e}"),
            ReadError::NotRegular(kind) => write!(f, "is {kind}, not a regular file"),
            ReadError::TooBig { size, max } => f.write_str(&too_big(*size, *max, "Fray reads")),
            ReadError::Utf16(order) => write!(f, "is UTF-16 text ({order}); save it as UTF-8"),
            ReadError::NotUtf8(at) => write!(f, "is not UTF-8 text (byte {at}); save it as UTF-8"),
        }
    }
}

/// The text of an untrusted file: a regular file (checked before opening it, so a named pipe
/// cannot hang the read), at most `max` bytes (the file may grow while it is read: never more
/// than that and one byte are taken), UTF-8 with a byte-order mark dropped.
pub fn read_text(path: &Path, max: u64) -> Result<String, ReadError> {
    if device_name(path).is_some() {
        return Err(ReadError::NotRegular("a name Windows keeps for a device"));
    }
    let meta = std::fs::metadata(path).map_err(ReadError::Io)?;
    if !meta.file_type().is_file() {
        return Err(ReadError::NotRegular(kind(&meta.file_type())));
    }
    if meta.len() > max {
        return Err(ReadError::TooBig { size: meta.len(), max });
    }
    let file = std::fs::File::open(path).map_err(ReadError::Io)?;
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
    file.take(max + 1).read_to_end(&mut bytes).map_err(ReadError::Io)?;
    if bytes.len() as u64 > max {
        return Err(ReadError::TooBig { size: bytes.len() as u64, max });
    }
    decode(bytes)
}

/// Bytes as UTF-8 text (see [`read_text`]).
pub fn decode(mut bytes: Vec<u8>) -> Result<String, ReadError> {
    if bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]) {
        let order = if bytes[0] == 0xFF { "little-endian" } else { "big-endian" };
        return Err(ReadError::Utf16(order));
    }
    let bom = if bytes.starts_with(&[0xEF, 0xBB, 0xBF]) { 3 } else { 0 };
    if let Err(e) = std::str::from_utf8(&bytes[bom..]) {
        return Err(ReadError::NotUtf8(bom + e.valid_up_to()));
    }
    bytes.drain(..bom);
    Ok(String::from_utf8(bytes).expect("checked above"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn leftovers(dir: &Path) -> Vec<String> {
        std::fs::read_dir(dir)
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".fray-part") || n.ends_with(".part"))
            .collect()
    }

    #[test]
    fn a_file_is_replaced_whole_and_nothing_is_left_beside_it() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("log.md");
        write_atomic(&out, b"first").unwrap();
        write_atomic(&out, b"second").unwrap();
        assert_eq!(std::fs::read(&out).unwrap(), b"second");
        assert!(leftovers(dir.path()).is_empty());
    }

    #[cfg(unix)]
    #[test]
    fn a_new_file_gets_the_usual_mode_and_a_replaced_one_keeps_its_own() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        // The umask of this process, read by creating a plain file.
        let plain = dir.path().join("plain");
        std::fs::write(&plain, b"").unwrap();
        let out = dir.path().join("journal.html");
        write_atomic(&out, b"first").unwrap();
        assert_eq!(mode(&out), mode(&plain), "like any file the GM makes, not private");
        std::fs::set_permissions(&out, std::fs::Permissions::from_mode(0o640)).unwrap();
        write_atomic(&out, b"second").unwrap();
        assert_eq!(mode(&out), 0o640);
    }

    #[cfg(unix)]
    #[test]
    fn a_device_a_pipe_or_a_folder_is_refused_and_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let e = write_atomic(Path::new("/dev/null"), b"x").unwrap_err();
        assert!(e.to_string().contains("a device"), "{e}");
        let meta = std::fs::symlink_metadata("/dev/null").unwrap();
        assert!(!meta.file_type().is_file(), "/dev/null is still the device");
        let e = write_atomic(dir.path(), b"x").unwrap_err();
        assert!(e.to_string().contains("a folder"), "{e}");
        // A link to the device is refused too, and so is a link to nothing.
        let link = dir.path().join("null.md");
        std::os::unix::fs::symlink("/dev/null", &link).unwrap();
        let e = write_atomic(&link, b"x").unwrap_err();
        assert!(e.to_string().contains("a link to a device"), "{e}");
        let dangling = dir.path().join("gone.md");
        std::os::unix::fs::symlink(dir.path().join("nowhere"), &dangling).unwrap();
        assert!(write_atomic(&dangling, b"x").unwrap_err().to_string().contains("nothing"));
        assert!(leftovers(dir.path()).is_empty());
    }

    #[cfg(unix)]
    #[test]
    fn a_link_to_a_regular_file_is_written_through_and_stays_a_link() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("shared.json");
        std::fs::write(&real, "old").unwrap();
        let link = dir.path().join("mine.json");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        write_atomic(&link, b"new").unwrap();
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(std::fs::read(&real).unwrap(), b"new");
    }

    #[cfg(unix)]
    #[test]
    fn a_planted_part_link_is_not_written_through() {
        // The old routine wrote `OUT.part` then renamed it: a link planted at that name sent
        // the bytes wherever it pointed.
        let dir = tempfile::tempdir().unwrap();
        let victim = dir.path().join("victim");
        std::fs::write(&victim, "untouched").unwrap();
        let out = dir.path().join("out.json");
        std::os::unix::fs::symlink(&victim, dir.path().join("out.json.part")).unwrap();
        write_atomic(&out, b"export").unwrap();
        assert_eq!(std::fs::read(&victim).unwrap(), b"untouched");
        assert_eq!(std::fs::read(&out).unwrap(), b"export");
    }

    #[test]
    fn a_failed_write_leaves_the_old_file_and_no_temporary() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("no such folder").join("out.md");
        assert!(write_atomic(&missing, b"x").is_err());
        let out = dir.path().join("out.md");
        std::fs::write(&out, "good").unwrap();
        // A folder where the file should be: refused, nothing written beside it.
        let sub = dir.path().join("sub");
        std::fs::create_dir(&sub).unwrap();
        std::fs::create_dir(sub.join("taken.md")).unwrap();
        assert!(write_atomic(&sub.join("taken.md"), b"x").is_err());
        assert!(leftovers(&sub).is_empty());
        assert_eq!(std::fs::read(&out).unwrap(), b"good");
    }

    #[test]
    fn a_file_marked_read_only_is_refused_and_left_as_it_was() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("kept.md");
        std::fs::write(&out, "the GM's").unwrap();
        let mut readonly = std::fs::metadata(&out).unwrap().permissions();
        readonly.set_readonly(true);
        std::fs::set_permissions(&out, readonly).unwrap();
        let e = write_atomic(&out, b"new").unwrap_err();
        assert_eq!(e.kind(), std::io::ErrorKind::PermissionDenied);
        assert!(e.to_string().contains("read-only"), "{e}");
        assert_eq!(std::fs::read(&out).unwrap(), b"the GM's");
        assert!(leftovers(dir.path()).is_empty());
    }

    #[cfg(windows)]
    #[test]
    fn on_windows_a_device_name_is_refused_for_writing_and_reading() {
        let dir = tempfile::tempdir().unwrap();
        for name in ["NUL", "con.md", "COM1.txt"] {
            let path = dir.path().join(name);
            let e = write_atomic(&path, b"x").unwrap_err();
            assert!(e.to_string().contains("a name Windows keeps for a device"), "{name}: {e}");
            assert!(matches!(read_text(&path, 1024), Err(ReadError::NotRegular(_))), "{name}");
        }
        assert!(leftovers(dir.path()).is_empty());
    }

    #[cfg(windows)]
    #[test]
    fn on_windows_a_junction_is_a_link_to_a_folder_and_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("folder");
        std::fs::create_dir(&folder).unwrap();
        let junction = dir.path().join("out.md");
        let made = std::process::Command::new("cmd")
            .arg("/C")
            .arg("mklink")
            .arg("/J")
            .arg(&junction)
            .arg(&folder)
            .status()
            .unwrap();
        assert!(made.success(), "mklink /J");
        let e = write_atomic(&junction, b"x").unwrap_err();
        assert!(e.to_string().contains("a link to a folder"), "{e}");
        assert!(folder.is_dir() && std::fs::read_dir(&folder).unwrap().next().is_none());
    }

    #[cfg(unix)]
    #[test]
    fn a_killed_writes_old_temporary_is_cleared_by_the_next_write() {
        let dir = tempfile::tempdir().unwrap();
        let stale = dir.path().join(".out.md.abc123.fray-part");
        let f = std::fs::File::create(&stale).unwrap();
        f.set_modified(SystemTime::now() - STALE - Duration::from_secs(1)).unwrap();
        drop(f);
        let young = dir.path().join(".out.md.def456.fray-part");
        std::fs::write(&young, "another process writing now").unwrap();
        // A process that has ended: a child that ran and was waited for.
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let gone_pid = child.id();
        child.wait().unwrap();
        let killed = dir.path().join(format!(".out.md.{gone_pid}.k1ll3d.fray-part"));
        std::fs::write(&killed, "half a journal").unwrap();
        // One of a process still running (this one's parent, say).
        let alive = dir
            .path()
            .join(format!(".out.md.{}.w0rk1n.fray-part", std::os::unix::process::parent_id()));
        std::fs::write(&alive, "being written").unwrap();
        write_atomic(&dir.path().join("out.md"), b"x").unwrap();
        assert!(!stale.exists(), "the old leftover is gone");
        assert!(young.exists(), "a young one whose writer cannot be told is left alone");
        if Path::new("/proc/self").exists() {
            assert!(!killed.exists(), "the killed writer's leftover is gone at once");
        }
        assert!(alive.exists(), "a write in progress elsewhere is left alone");
    }

    #[cfg(unix)]
    #[test]
    fn reading_refuses_a_pipe_without_hanging_and_bounds_the_size() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe.fray");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            let e = read_text(&fifo, 1024).unwrap_err();
            assert_eq!(e.to_string(), "is a named pipe, not a regular file");
        }
        let e = read_text(Path::new("/dev/zero"), 1024).unwrap_err();
        assert_eq!(e.to_string(), "is a device, not a regular file");
        let big = dir.path().join("big.json");
        std::fs::write(&big, vec![b' '; 3 * 1024 * 1024]).unwrap();
        let e = read_text(&big, 2 * 1024 * 1024).unwrap_err();
        assert_eq!(e.to_string(), "is 3.0 MB, more than the 2 MB Fray reads");
    }

    #[test]
    fn reading_drops_a_utf8_bom_and_names_other_encodings() {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("bom.fray");
        std::fs::write(&f, b"\xEF\xBB\xBFsystem bdp\n").unwrap();
        assert_eq!(read_text(&f, 1024).unwrap(), "system bdp\n");
        assert!(matches!(
            decode(vec![0xFF, 0xFE, b'a', 0]),
            Err(ReadError::Utf16("little-endian"))
        ));
        assert!(matches!(decode(b"ok \xE9".to_vec()), Err(ReadError::NotUtf8(3))));
    }
}
