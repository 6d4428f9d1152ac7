//! Checking the entries of a library file before anything is written: uids, systems, names,
//! stat blocks against their system's schema, table rows, template bodies and portraits.

use super::FORMAT_VERSION;
use super::format::LibraryFile;
use super::problem::{ImportProblem, Problems};
use crate::entry::MAX_PORTRAIT_BYTES;
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use fray_app::checks::TableError;
use fray_app::ids::SystemId;
use fray_app::system::{System, validate_block};
use serde_json::Value;
use std::collections::HashMap;

/// The longest uid accepted.
const MAX_UID: usize = 200;

/// The longest name accepted, in characters: a name is read on a token and a card; a longer
/// one is a mistake (or a file built to bloat the database).
pub const MAX_NAME_CHARS: usize = 120;

/// The most tags one entry may have (after blanks and repeats are dropped).
pub const MAX_TAGS: usize = 100;

/// How an entry is named in messages: `creatures[3] (Goblin)`, or `creatures[3]` unnamed.
pub(crate) fn label(list: &str, index: usize, name: &str) -> String {
    let name = name.trim();
    if name.is_empty() {
        return format!("{list}[{index}]");
    }
    let short: String = name.chars().take(60).collect();
    let dots = if short.len() < name.len() { "…" } else { "" };
    format!("{list}[{index}] ({short}{dots})")
}

/// Every problem of a library file (`file` names it in messages): each entry's uid (present,
/// unique within its list), system (one Fray knows), name, stat block or sheet (its system's
/// schema and rules), table rows (every total covered once), template body and portrait
/// (base64 of a PNG within [`MAX_PORTRAIT_BYTES`]).
pub fn check(file: &str, lib: &LibraryFile) -> Result<(), Problems> {
    let mut problems = Problems::default();
    check_into(file, lib, &Positions::default(), &mut problems);
    if problems.is_empty() { Ok(()) } else { Err(problems) }
}

/// Where each entry of a file's lists stood in the file, when entries that did not read were
/// left out (empty: every entry is where it stands).
#[derive(Default)]
pub(crate) struct Positions {
    pub creatures: Vec<usize>,
    pub characters: Vec<usize>,
    pub tables: Vec<usize>,
    pub templates: Vec<usize>,
}

fn place(positions: &[usize], i: usize) -> usize {
    positions.get(i).copied().unwrap_or(i)
}

/// [`check`], adding to `problems`; entries named by their place in the file (`positions`).
pub(crate) fn check_into(file: &str, lib: &LibraryFile, pos: &Positions, problems: &mut Problems) {
    if lib.fray == 0 || lib.fray > FORMAT_VERSION {
        problems.push(ImportProblem::file(
            file,
            format!("has format version {}; this Fray reads 1 to {FORMAT_VERSION}", lib.fray),
        ));
    }
    let mut at = Checker { file, problems, list: "", index: 0, name: "" };
    let mut uids = HashMap::new();
    for (i, c) in lib.creatures.iter().enumerate() {
        at.enter("creatures", place(&pos.creatures, i), &c.name);
        at.uid(&mut uids, &c.uid);
        if let Some(system) = at.system(&c.system) {
            at.block(system, "block", &c.block, false);
        }
        at.name();
        at.tags(&c.tags);
        at.portrait(c.portrait.as_deref());
    }
    uids.clear();
    for (i, c) in lib.characters.iter().enumerate() {
        at.enter("characters", place(&pos.characters, i), &c.name);
        at.uid(&mut uids, &c.uid);
        if let Some(system) = at.system(&c.system) {
            at.block(system, "sheet", &c.sheet, true);
        }
        at.name();
        at.tags(&c.tags);
        at.portrait(c.portrait.as_deref());
    }
    uids.clear();
    for (i, t) in lib.tables.iter().enumerate() {
        at.enter("tables", place(&pos.tables, i), &t.name);
        at.uid(&mut uids, &t.uid);
        at.system(&t.system);
        at.name();
        match t.roll_table() {
            Err(e) => at.problem(Some("dice"), e),
            Ok(table) => {
                // No rows is a placeholder the GM fills in later; rows must cover every total.
                let checked = if table.rows.is_empty() {
                    table.dice.validate().map_err(TableError::from)
                } else {
                    table.validate()
                };
                if let Err(e) = checked {
                    at.problem(Some("rows"), e.to_string());
                }
            }
        }
        for (r, row) in t.rows.iter().enumerate() {
            let field = format!("rows[{r}].effect");
            if row.effect.trim().is_empty() {
                at.problem(Some(&field), "must not be empty".into());
            }
            at.texts(&serde_json::Value::String(row.effect.clone()), &field);
        }
    }
    uids.clear();
    for (i, t) in lib.templates.iter().enumerate() {
        at.enter("templates", place(&pos.templates, i), &t.name);
        at.uid(&mut uids, &t.uid);
        let known = at.system(&t.system).is_some();
        at.name();
        at.texts(&t.body, "body");
        if known
            && !t.name.trim().is_empty()
            && let Ok(new) = t.to_new()
            && let Err(e) = new.check()
        {
            let (field, message) = template_problem(&e);
            at.problem(field.as_deref(), message);
        }
    }
}

/// A message of [`crate::NewTemplate::check`] ("detachment Horde, field 'count': must be...")
/// as the field of the body it names and what is wrong, without the template's name, which
/// the entry already gives.
fn template_problem(message: &str) -> (Option<String>, String) {
    // The name is the last thing before ", field '" or ": ".
    if let Some((_, rest)) = message.split_once(", field '")
        && let Some((field, why)) = rest.split_once("': ")
    {
        return (Some(format!("body.{field}")), why.to_owned());
    }
    match message.split_once(": ") {
        Some((_, why)) => (Some("body".to_owned()), why.to_owned()),
        None => (None, message.to_owned()),
    }
}

/// Where the checks are: the entry being looked at, and the problems found so far.
struct Checker<'a> {
    file: &'a str,
    problems: &'a mut Problems,
    list: &'static str,
    index: usize,
    name: &'a str,
}

impl<'a> Checker<'a> {
    fn enter(&mut self, list: &'static str, index: usize, name: &'a str) {
        (self.list, self.index, self.name) = (list, index, name);
    }

    fn problem(&mut self, field: Option<&str>, message: String) {
        let entry = label(self.list, self.index, self.name);
        let field = field.map(|f| format!("field '{f}'"));
        self.problems.push(ImportProblem::entry(self.file, entry, field, message));
    }

    fn uid(&mut self, seen: &mut HashMap<String, usize>, uid: &str) {
        if uid.trim().is_empty() {
            self.problem(Some("uid"), "must not be empty".into());
        } else if uid.chars().count() > MAX_UID {
            self.problem(Some("uid"), format!("is longer than {MAX_UID} characters"));
        } else if let Some(first) = seen.get(uid) {
            let msg = format!("'{uid}' is also the uid of {}[{first}]", self.list);
            self.problem(Some("uid"), msg);
        } else {
            seen.insert(uid.to_owned(), self.index);
        }
    }

    /// The procedure the entry names; an unknown one is a problem of the entry's `system`.
    fn system(&mut self, id: &str) -> Option<&'static dyn System> {
        let found = SystemId::parse(id).ok().map(SystemId::system);
        if found.is_none() {
            let known: Vec<&str> =
                fray_app::systems::registry().all().iter().map(|s| s.id().as_str()).collect();
            let msg = format!("unknown system '{id}' (Fray knows {})", known.join(", "));
            self.problem(Some("system"), msg);
        }
        found
    }

    fn name(&mut self) {
        if self.name.trim().is_empty() {
            self.problem(Some("name"), "must not be empty".into());
        } else if let Some(why) = name_too_long(self.name) {
            self.problem(Some("name"), why);
        }
    }

    fn tags(&mut self, tags: &[String]) {
        if tags.len() > MAX_TAGS {
            self.problem(Some("tags"), format!("has {} tags; at most {MAX_TAGS}", tags.len()));
            return;
        }
        for (i, tag) in tags.iter().enumerate() {
            if let Some(why) = name_too_long(tag) {
                self.problem(Some(&format!("tags[{i}]")), why);
            }
        }
    }

    /// Texts too long anywhere in `value` (a table row's effect, a template's body).
    fn texts(&mut self, value: &Value, key: &str) {
        for p in fray_app::system::schema::long_texts(value, key) {
            self.problem(Some(&p.path), p.message);
        }
    }

    fn block(&mut self, system: &dyn System, key: &str, block: &Value, character: bool) {
        if !block.is_object() {
            self.problem(Some(key), "must be a JSON object".into());
            return;
        }
        for p in validate_block(system, self.name, block, character) {
            let field = (!p.path.is_empty()).then(|| format!("{key}.{}", p.path));
            self.problem(field.as_deref(), p.message);
        }
    }

    fn portrait(&mut self, portrait: Option<&str>) {
        if let Some(text) = portrait
            && let Err(e) = decode_portrait(text)
        {
            self.problem(Some("portrait"), e);
        }
    }
}

/// The PNG bytes of a portrait as a file carries them (base64), or why they are not usable.
pub(crate) fn decode_portrait(text: &str) -> Result<Vec<u8>, String> {
    let too_big = |bytes: usize| {
        format!(
            "is {} KB, more than the {} KB a portrait may take",
            bytes / 1024,
            MAX_PORTRAIT_BYTES / 1024
        )
    };
    // Refuse before decoding: base64 takes 4 characters for every 3 bytes.
    if text.len() / 4 * 3 > MAX_PORTRAIT_BYTES + 3 {
        return Err(too_big(text.len() / 4 * 3));
    }
    let bytes = STANDARD.decode(text.trim()).map_err(|e| format!("is not base64: {e}"))?;
    if bytes.len() > MAX_PORTRAIT_BYTES {
        return Err(too_big(bytes.len()));
    }
    // Read whole, within limits; what is stored is this, scaled down when large.
    crate::picture::portrait(&bytes)
}

/// Why a name is too long, if it is (shared by library files and spreadsheet rows).
pub(crate) fn name_too_long(name: &str) -> Option<String> {
    let n = name.chars().count();
    (n > MAX_NAME_CHARS).then(|| format!("is {n} characters long; at most {MAX_NAME_CHARS}"))
}
