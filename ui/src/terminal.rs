//! Text bound for a terminal, made safe: names come from untrusted files (a library file, a
//! journal), and a name holding an escape sequence printed raw could recolour the terminal,
//! rewrite what is shown or hide text. Every control character but the line break and the
//! tab, and the invisible marks that reverse the direction of text, are printed escaped
//! (`\u{1b}`) instead.

use anyhow::Result;
use std::borrow::Cow;
use std::io::Write;
use std::sync::Mutex;

/// The exit status of a command whose output could not be written (sysexits' `EX_IOERR`):
/// its own, so a script tells a lost report from a refused command (1) or a usage mistake (2).
pub const OUTPUT_FAILED: u8 = 74;

/// Stdout could not take what a command wrote. What the command did besides writing
/// (`done`, say "the import stands: 3 added") still stands, and the message says so: the
/// GM must not run an import twice because its report was lost.
#[derive(Debug)]
pub struct OutputError {
    /// Why the write failed.
    pub cause: String,
    /// What the command did anyway, if anything.
    pub done: Option<String>,
}

impl std::fmt::Display for OutputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot write to stdout: {}", self.cause)?;
        match &self.done {
            Some(done) => write!(f, " ({done})"),
            None => Ok(()),
        }
    }
}

impl std::error::Error for OutputError {}

/// How stdout has fared so far: the first failure of a line written by [`say`] (kept so the
/// command goes on and reports it once, at its end), or that the reader closed the pipe
/// (nothing more is written, quietly).
static FATE: Mutex<Fate> = Mutex::new(Fate::Fine);

#[derive(Debug, Clone, PartialEq)]
enum Fate {
    Fine,
    PipeClosed,
    Failed(String),
}

/// Writes `text` to stdout (made [`safe`]). A closed pipe (`fray odds x | head`) ends quietly:
/// the reader has what it wanted. Any other failure, a full disk say, is an [`OutputError`] —
/// never a panic.
pub fn print_out(text: &str) -> Result<()> {
    write_out(safe(text).as_bytes())
}

/// Writes `bytes` to stdout as they are (a shell's completion script, a manual page: Fray's
/// own text, no untrusted names), with [`print_out`]'s rules.
pub fn write_out(bytes: &[u8]) -> Result<()> {
    match write_stdout(bytes) {
        Fate::Failed(cause) => Err(OutputError { cause, done: None }.into()),
        Fate::Fine | Fate::PipeClosed => Ok(()),
    }
}

/// One line of a command's running report on stdout (made [`safe`]). A failure does not
/// stop the command: it is kept, later lines are dropped, and [`report_done`] turns it into
/// the command's error once the command has done its work.
pub fn say(line: &str) {
    let mut fate = FATE.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if *fate != Fate::Fine {
        return;
    }
    let mut text = safe(line).into_owned();
    text.push('\n');
    *fate = write_stdout(text.as_bytes());
}

/// Ends a report written with [`say`]: an [`OutputError`] saying what stood (`done`) when a
/// line could not be written, else nothing.
pub fn report_done(done: &str) -> Result<()> {
    said(Some(done))
}

/// Whether every line [`say`] wrote went out: `main` asks once a command has ended well, so
/// no command's lost report passes for a success.
pub fn all_said() -> Result<()> {
    said(None)
}

fn said(done: Option<&str>) -> Result<()> {
    let fate = FATE.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    match &*fate {
        Fate::Failed(cause) => {
            Err(OutputError { cause: cause.clone(), done: done.map(str::to_owned) }.into())
        }
        Fate::Fine | Fate::PipeClosed => Ok(()),
    }
}

/// One write to stdout and how it went. A stdout the shell closed (`fray x >&-`) is found
/// first, as Rust quietly points a closed stdout at `/dev/null` before `main` and every write
/// would vanish with a success.
fn write_stdout(bytes: &[u8]) -> Fate {
    static CLOSED: std::sync::OnceLock<Option<&'static str>> = std::sync::OnceLock::new();
    if let Some(why) = CLOSED.get_or_init(closed_stdout) {
        return Fate::Failed((*why).into());
    }
    let mut out = std::io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Ok(()) => Fate::Fine,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Fate::PipeClosed,
        Err(e) => Fate::Failed(e.to_string()),
    }
}

/// Why stdout is no stdout, when it was closed before Fray started. Rust's start-up opens
/// `/dev/null` read-write in a closed standard stream's place, while a shell's `> /dev/null`
/// opens it write-only: that is the mark (Linux's `/proc` shows both). A stdout deliberately
/// opened read-write on `/dev/null` (`1<>/dev/null`) reads as closed too; nothing writes so.
fn closed_stdout() -> Option<&'static str> {
    if !cfg!(target_os = "linux") {
        return None;
    }
    let target = std::fs::read_link("/proc/self/fd/1").ok()?;
    if target != std::path::Path::new("/dev/null") {
        return None;
    }
    let info = std::fs::read_to_string("/proc/self/fdinfo/1").ok()?;
    let flags = info.lines().find_map(|l| l.strip_prefix("flags:"))?.trim();
    let flags = u32::from_str_radix(flags, 8).ok()?;
    // O_ACCMODE is 3 and O_RDWR 2 on every Linux.
    (flags & 3 == 2).then_some("stdout is closed")
}

/// One line on stderr (made [`safe`]). A stderr that cannot be written (closed, or a full
/// disk) has no one left to tell, so that is not an error, and never a panic.
pub fn tell(line: &str) {
    let mut err = std::io::stderr().lock();
    let _ = writeln!(err, "{}", safe(line));
}

/// `text` with every control or direction-changing character escaped.
pub fn safe(text: &str) -> Cow<'_, str> {
    if !text.chars().any(unsafe_char) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if unsafe_char(c) {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Whether a terminal could act on `c` instead of showing it.
fn unsafe_char(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t')
        || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{200e}' | '\u{200f}')
}

#[cfg(test)]
mod tests {
    use super::safe;

    #[test]
    fn escapes_and_direction_marks_are_shown_not_obeyed() {
        assert_eq!(safe("Goblin 1"), "Goblin 1");
        assert_eq!(safe("\u{1b}[31mRed\u{1b}[0m"), "\\u{1b}[31mRed\\u{1b}[0m");
        assert_eq!(safe("a\rb\u{7}"), "a\\u{d}b\\u{7}");
        assert_eq!(safe("evil\u{202e}txt.exe"), "evil\\u{202e}txt.exe");
        assert_eq!(safe("two\nlines\tand a tab"), "two\nlines\tand a tab");
        assert_eq!(safe("Öl-Ork ⚔"), "Öl-Ork ⚔");
    }
}
