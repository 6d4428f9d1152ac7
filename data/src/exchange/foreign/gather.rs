//! What reading another tool's file gathers, creature by creature: each is read into a block
//! as soon as its value is met and the value dropped, so the file's values are never all
//! held at once (at the import's cap, 20,000 creatures, the values of the whole file were four
//! times its text, held beside the creatures read from them).

use super::{ForeignCreature, ForeignRead, Format};
use crate::exchange::count::{MAX_IMPORT_ENTRIES, too_many};
use crate::exchange::paste::{PastedBlock, checked, read_pieces};
use crate::exchange::problem::{ImportProblem, Problems};
use crate::exchange::strict::{Duplicate, Item};
use fray_app::system::System;
use serde_json::Value;

/// The creatures of one file read so far, those left out, and the keys given twice.
pub(super) struct Gather<'a> {
    file: &'a str,
    system: &'static dyn System,
    format: Format,
    /// Creatures met, read or not: past the cap the file is refused for their number.
    met: usize,
    blocks: Vec<PastedBlock>,
    left_out: Vec<ImportProblem>,
    /// The keys given twice, each named by its entry; any of them refuses the file.
    twice: Problems,
    /// How many of them were listed (at most [`crate::exchange::strict::MAX_LISTED`]).
    listed: usize,
    /// How many there were in all.
    twice_in_all: usize,
}

impl<'a> Gather<'a> {
    pub(super) fn new(file: &'a str, system: &'static dyn System, format: Format) -> Self {
        Gather {
            file,
            system,
            format,
            met: 0,
            blocks: Vec::new(),
            left_out: Vec::new(),
            twice: Problems::default(),
            listed: 0,
            twice_in_all: 0,
        }
    }

    /// Lets go of everything gathered: the text is read again another way.
    pub(super) fn restart(&mut self) {
        *self = Gather::new(self.file, self.system, self.format);
    }

    /// One creature of the file, read into a block now (or left out, with why). Once the file
    /// is bound to be refused (past the cap, a key given twice) the rest are only counted.
    pub(super) fn creature(&mut self, creature: Result<ForeignCreature, String>) {
        self.met += 1;
        if self.met > MAX_IMPORT_ENTRIES || !self.twice.is_empty() {
            return;
        }
        let i = self.met;
        let at = |name: &str| {
            if name.is_empty() { format!("creature {i}") } else { format!("creature {i} ({name})") }
        };
        let creature = match creature {
            Ok(c) => c,
            Err(why) => {
                self.left_out.push(ImportProblem::entry(self.file, at(""), None, why));
                return;
            }
        };
        let system = self.system;
        let uid = format!(
            "{}:{}/{}",
            self.format.word(),
            system.id(),
            if creature.id.is_empty() { creature.name.to_lowercase() } else { creature.id }
        );
        match read_pieces(system, &creature.name, uid, creature.pieces, &creature.notes, "Imported")
        {
            Ok((mut entry, mut unread, read)) => {
                entry.tags = creature.tags;
                unread.extend(super::outgoing::set_texts(
                    system,
                    &mut entry.block,
                    &creature.texts,
                ));
                // Where it is; its name goes beside it wherever it is shown.
                self.blocks.push(checked(system, at(""), entry, unread, read));
            }
            Err(why) => self.left_out.push(ImportProblem::entry(
                self.file,
                at(&creature.name),
                why.field,
                why.message,
            )),
        }
    }

    /// The keys given twice inside `item` (as [`crate::exchange::strict::parse_each`] found
    /// them), each named by the entry holding it.
    pub(super) fn twice(&mut self, item: &Item, twice: &[Duplicate]) {
        for d in twice {
            let (entry, field) = match item {
                // The top is a list, which has no name: its element is where names start.
                Item::Element(value) => named_entry(value, &d.path, 1),
                Item::Whole(value) => named_entry(value, &d.path, 0),
            };
            let message = format!("has the key '{}' twice", d.key);
            let field = (!field.is_empty()).then(|| format!("field '{field}'"));
            self.twice.push(ImportProblem::entry(self.file, entry, field, message));
            self.listed += 1;
        }
    }

    /// How many keys were given twice in all, listed or not.
    pub(super) fn twice_in_all(&mut self, count: usize) {
        self.twice_in_all = count;
    }

    /// The file as read: refused for its keys given twice, for holding no creature or more
    /// than the cap, or when none of its creatures reads (with every one's why).
    pub(super) fn finish(self) -> Result<ForeignRead, Problems> {
        let file = self.file;
        if !self.twice.is_empty() {
            let mut problems = self.twice;
            if self.twice_in_all > self.listed {
                let more = self.twice_in_all - self.listed;
                problems
                    .push(ImportProblem::file(file, format!("has {more} more keys given twice")));
            }
            return Err(problems);
        }
        if self.met == 0 {
            return Err(ImportProblem::file(file, "holds no creature").into());
        }
        if let Some(why) = too_many(self.met) {
            return Err(ImportProblem::file(file, why).into());
        }
        // Nothing that reads is a refusal of the file, with every creature's why: never an
        // import of nothing that ends well.
        if self.blocks.is_empty() {
            let mut problems = Problems::default();
            for problem in self.left_out {
                problems.push(problem);
            }
            return Err(problems);
        }
        Ok(ForeignRead { format: self.format, blocks: self.blocks, left_out: self.left_out })
    }
}

/// The entry holding the object at `path` (`[3].HP`, `Creatures.abc`), looked for from
/// `value`, which stands after the path's first `from` steps: the innermost object along the
/// way with a name, as "[3] (Goblin)", and the path inside it ("HP"); the whole path when
/// none has a name.
fn named_entry(value: &Value, path: &str, from: usize) -> (String, String) {
    let steps = steps(path);
    let mut at = Some(value);
    let mut named: Option<(usize, String)> = None;
    for (i, step) in steps.iter().enumerate().skip(from) {
        let name = at.and_then(|v| v.get("name").or_else(|| v.get("Name")));
        if let Some(Value::String(name)) = name {
            named = Some((i, name.clone()));
        }
        at = match step {
            Ok(index) => at.and_then(|v| v.get(index)),
            Err(key) => at.and_then(|v| v.get(key)),
        };
    }
    if let Some(Value::String(name)) = at.and_then(|v| v.get("name").or_else(|| v.get("Name"))) {
        named = Some((steps.len(), name.clone()));
    }
    let written = |steps: &[Result<usize, String>]| {
        let mut out = String::new();
        for step in steps {
            match step {
                Ok(i) => out.push_str(&format!("[{i}]")),
                Err(key) if out.is_empty() => out.push_str(key),
                Err(key) => out.push_str(&format!(".{key}")),
            }
        }
        out
    };
    match named {
        Some((i, name)) => {
            let before = written(&steps[..i]);
            let entry =
                if before.is_empty() { format!("'{name}'") } else { format!("{before} ({name})") };
            (entry, written(&steps[i..]))
        }
        None if path.is_empty() => ("the top".into(), String::new()),
        None => (path.to_owned(), String::new()),
    }
}

/// The steps of a path as [`crate::exchange::strict`] writes it: an index (`Ok`) or a key.
fn steps(path: &str) -> Vec<Result<usize, String>> {
    let mut out = Vec::new();
    for part in path.split('.') {
        let (key, indices) = part.split_once('[').map_or((part, ""), |(k, rest)| (k, rest));
        if !key.is_empty() {
            out.push(Err(key.to_owned()));
        }
        for index in indices.split('[') {
            if let Some(Ok(i)) = index.strip_suffix(']').map(str::parse) {
                out.push(Ok(i));
            }
        }
    }
    out
}
