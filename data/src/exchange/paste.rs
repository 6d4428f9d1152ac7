//! Stat blocks pasted as printed: "Ogre: 13 HP, 1 Armor, 16 STR, 6 DEX, 8 WIL, club (d10)".
//! One reader for every system, driven by the system's own schema: a number next to a
//! field's label (or a usual synonym: `AC`, `Hit Points`...) fills that field, either way
//! round ("13 HP", "HP 13", "HP: 13"); a name with dice ("club d10", "bite (d6, bleed)") is a
//! weapon or attack of the schema's first list; a bare word that is a flag's label turns it
//! on. Whatever is not read is listed with the entry and kept in its notes, never dropped.
//!
//! Blocks are separated by blank lines, or each starts a line of its own with "Name:". The
//! same item reader reads a spreadsheet's `Weapons` cell ("club d10; bite d6 (bleed)").

use super::csv::names;
use super::format::CreatureEntry;
use super::paste_items::{list_item, ranged_by_name, several_attacks};
use super::paste_old_school::{
    another_value, counted_attacks, hit_dice, never_an_attack, srd_hit_points,
};
use super::paste_pages::{is_wiki_pages, split_wiki_pages};
pub(super) use super::paste_pieces::items;
use super::paste_pieces::{label_and_dice, label_and_number};
use super::paste_split::split_blocks;
pub(super) use super::paste_srd::SrdAttack;
use super::paste_srd::is_rider;
use super::problem::{ImportProblem, Problems};
use fray_app::ids::SystemId;
use fray_app::system::schema::{self, Field, Kind};
use fray_app::system::{self, System};
use serde_json::Value;

/// Why a block cannot be read: the field a refused value was for, if it was one.
pub(super) struct Refused {
    pub field: Option<String>,
    pub message: String,
}

impl From<String> for Refused {
    fn from(message: String) -> Self {
        Refused { field: None, message }
    }
}

/// Most words an attack's or weapon's name has ("Light Crossbow", "ceremonial dagger").
pub(super) const MAX_NAME_WORDS: usize = 5;

/// Most blocks one paste may hold: a whole book's bestiary, read in one go.
pub const MAX_BLOCKS: usize = 10_000;

/// One pasted stat block as read: the entry, and what in it was not read.
#[derive(Debug, Clone, PartialEq)]
pub struct PastedBlock {
    /// Where it was in the paste ("block 2, line 4").
    pub at: String,
    /// The system it was read for (the entry's `system`).
    pub system: SystemId,
    /// The entry it makes (uid `paste:{system}/{name}`).
    pub entry: CreatureEntry,
    /// Each piece of text no field took, as written; kept in the entry's notes.
    pub unread: Vec<String>,
    /// The keys of the fields the paste filled (`tracks.hp`, `weapons`...): what updating an
    /// entry already in the library changes in it.
    pub read: Vec<&'static str>,
    /// What the system's checks say about the entry (a missing weapon, a value out of range).
    pub warnings: Vec<String>,
}

impl PastedBlock {
    /// The labels of the fields it filled ("HP", "Weapons"), in the order read.
    pub fn read_labels(&self) -> Vec<&'static str> {
        let fields: Vec<&'static Field> =
            self.system.system().block_schema().fields_for(false).collect();
        self.read
            .iter()
            .map(|k| fields.iter().find(|f| f.key == *k).map_or(*k, |f| f.label))
            .collect()
    }
}

/// The stat blocks of a paste as read: those that came in, and those left out, each with why.
#[derive(Debug, Clone, PartialEq)]
pub struct StatBlocksRead {
    /// The blocks read.
    pub blocks: Vec<PastedBlock>,
    /// The blocks that cannot be read (a value out of its field's range, no stat, no name):
    /// each names its place, the creature and the field.
    pub left_out: Vec<ImportProblem>,
}

/// Reads every stat block of `text` for the system `system_id`. `file` names the paste in
/// messages. A block that cannot be read is left out and listed with why, as another tool's
/// file leaves out a creature; the paste is refused whole only when nothing can be read (no
/// block, too many, none that reads: then with every block's why).
pub fn read_stat_blocks(
    file: &str,
    text: &str,
    system_id: SystemId,
) -> Result<StatBlocksRead, Problems> {
    let system = system_id.system();
    let blocks = if is_wiki_pages(text) {
        let fields: Vec<&Field> = system.block_schema().fields_for(false).collect();
        split_wiki_pages(text, &|line| names_a_field(&fields, line))
    } else {
        split_blocks(text)
    };
    if blocks.is_empty() {
        return Err(ImportProblem::file(file, "holds no stat block").into());
    }
    if blocks.len() > MAX_BLOCKS {
        return Err(ImportProblem::file(
            file,
            format!("holds {} stat blocks; at most {MAX_BLOCKS} at once", blocks.len()),
        )
        .into());
    }
    let mut left_out = Vec::new();
    let mut out = Vec::new();
    for (i, raw) in blocks.iter().enumerate() {
        let at = format!("block {}, line {}", i + 1, raw.line);
        match read_block(system, &raw.text, &raw.notes) {
            Ok((entry, unread, read)) => out.push(checked(system, at, entry, unread, read)),
            Err(why) => {
                // The entry's name when it has one, and the field a refused value was for.
                let name = raw.text.lines().next().unwrap_or("").split(':').next().unwrap_or("");
                let name = name.trim().trim_matches(['*', '_', '#', ' ']);
                let at =
                    if name.is_empty() || name.len() > 60 { at } else { format!("{at} ({name})") };
                left_out.push(ImportProblem::entry(file, at, why.field, why.message));
            }
        }
    }
    if out.is_empty() {
        let mut problems = Problems::default();
        for problem in left_out {
            problems.push(problem);
        }
        return Err(problems);
    }
    Ok(StatBlocksRead { blocks: out, left_out })
}

/// A block read, with what the system's checks say of it, a line for each weapon made ranged
/// by its name ([`ranged_by_name`]) and one for each default that stands.
pub(super) fn checked(
    system: &dyn System,
    at: String,
    mut entry: CreatureEntry,
    unread: Vec<String>,
    read: Vec<&'static str>,
) -> PastedBlock {
    let mut warnings = defaults_standing(system, &read);
    warnings.extend(ranged_by_name(system, &mut entry.block));
    let checks = system::validate_block(system, &entry.name, &entry.block, false);
    warnings.extend(checks.into_iter().map(|p| {
        if p.label.is_empty() { p.message } else { format!("{}: {}", p.label, p.message) }
    }));
    PastedBlock { at, system: system.id(), entry, unread, read, warnings }
}

/// A line for each field with a default that nothing read filled ("Attack bonus: none read;
/// the default 1 stands"): a default kept is said, never stored in silence as if the creature
/// had it. A default of 0 is what a book means by printing nothing (no armour, no modifier):
/// no guess, so not said.
fn defaults_standing(system: &dyn System, read: &[&'static str]) -> Vec<String> {
    let schema = system.block_schema();
    schema
        .fields_for(false)
        .filter(|f| !read.contains(&f.key))
        .filter_map(|f| {
            let default = f.default_value().filter(|v| v.as_i64() != Some(0));
            let shown = f.kind.show(default.as_ref());
            (!shown.is_empty())
                .then(|| format!("{}: none read; the default {shown} stands", f.label))
        })
        .collect()
}

/// Whether a line of a wiki page is stats: one of its pieces is a number or dice after a
/// label of the block's fields ("Armor Class 6 [13]", "Hit Dice 4 (18hp)").
fn names_a_field(fields: &[&Field], line: &str) -> bool {
    items(line).iter().flat_map(|p| hit_dice(p).unwrap_or(vec![p.clone()])).any(|p| {
        label_and_number(&p).is_some_and(|(l, _)| number_field(fields, &l).is_some())
            || label_and_dice(&p).is_some_and(|(l, _)| dice_field(fields, &l).is_some())
    })
}

/// The field that holds a number and that `label` names ("Armor Class" for AC).
fn number_field<'a>(fields: &[&'a Field], label: &str) -> Option<&'a Field> {
    fields.iter().copied().find(|f| takes_number(f) && names(label, f.key, f.label))
}

/// The field that holds dice and that `label` names ("Hit Dice" for HD).
fn dice_field<'a>(fields: &[&'a Field], label: &str) -> Option<&'a Field> {
    fields.iter().copied().find(|f| matches!(f.kind, Kind::Dice) && names(label, f.key, f.label))
}

/// One block as an entry, and the pieces not read.
fn read_block(
    system: &dyn System,
    block: &str,
    description: &[String],
) -> Result<(CreatureEntry, Vec<String>, Vec<&'static str>), Refused> {
    let (name, rest) = match block.split_once(':') {
        Some((name, rest)) if !name.contains('\n') => (name.trim(), rest.to_owned()),
        _ => match block.split_once('\n') {
            Some((name, rest)) => (name.trim(), rest.to_owned()),
            None => (block.trim(), String::new()),
        },
    };
    // Markdown's emphasis around a bestiary's names is not part of them.
    let name = name.trim_matches(['*', '_', '#', ' ']);
    if name.is_empty() {
        return Err(String::from("has no name before its stats").into());
    }
    // Before it is cut into pieces, which costs some bytes for each of its characters.
    if let Some(why) = super::count::block_too_long(rest.len()) {
        return Err(why.into());
    }
    let uid = format!("paste:{}/{}", system.id(), name.to_lowercase());
    read_pieces(system, name, uid, items(&rest), description, "Pasted")
}

/// A creature read from its name and the pieces of its stat block (as [`items`] cuts a
/// printed block: "HP 13", "club (d10)"), with `description` kept in its notes and each piece
/// no field takes kept there too, under "`how`, not read:". Another tool's file comes in
/// through here too, each of its values given as the piece a book would print.
pub(super) fn read_pieces(
    system: &dyn System,
    name: &str,
    uid: String,
    pieces: Vec<String>,
    description: &[String],
    how: &str,
) -> Result<(CreatureEntry, Vec<String>, Vec<&'static str>), Refused> {
    if let Some(why) = super::check::name_too_long(name) {
        return Err(why.into());
    }
    // Capped before any piece is read: each one is looked at by every field.
    if let Some(why) = super::count::block_too_big(pieces.len(), description.len()) {
        return Err(why.into());
    }
    let schema = system.block_schema();
    let fields: Vec<&Field> = schema.fields_for(false).collect();
    let mut entry = CreatureEntry {
        uid,
        system: system.id().to_string(),
        name: name.to_owned(),
        tags: Vec::new(),
        block: schema.new_block(false),
        portrait: None,
    };
    let mut reading = read_each(&schema, &fields, &mut entry.block, pieces)?;
    // Words alone ("Flight", "> [!note]", a sentence under a statblock fence) are no creature:
    // stored, it would be the schema's defaults under a name.
    if reading.read.is_empty() {
        return Err(String::from("has no stat Fray can read (only words): not a stat block").into());
    }
    reading.close(&fields, &mut entry.block, description, how);
    let Reading { read, unread, .. } = reading;
    // A refusal, never a silent cut, if the stored block could not be measured.
    let stored = serde_json::to_vec(&entry.block).map_or(usize::MAX, |b| b.len());
    if let Some(why) = super::count::block_too_long(stored) {
        return Err(why.into());
    }
    Ok((entry, unread, read))
}

/// What reading a block's pieces gathered.
struct Reading {
    /// The keys of the fields that took a piece, in order.
    read: Vec<&'static str>,
    /// The pieces no field took.
    unread: Vec<String>,
    /// A list's items, gathered here and set once: appending to the block's list item by item
    /// copied the list each time (8,000 weapons took 16 s).
    listed: Vec<Value>,
}

/// Reads each piece into `block` (a hit-dice piece split first), keeping what no field takes.
fn read_each(
    schema: &schema::BlockSchema,
    fields: &[&Field],
    block: &mut Value,
    pieces: Vec<String>,
) -> Result<Reading, Refused> {
    let mut r = Reading { read: Vec::new(), unread: Vec::new(), listed: Vec::new() };
    let has_hit_dice = fields.iter().any(|f| names("HD", f.key, f.label));
    let pieces = pieces
        .into_iter()
        .flat_map(|p| hit_dice(&p).or_else(|| srd_hit_points(&p, has_hit_dice)).unwrap_or(vec![p]));
    // The piece that last set a number, while the next may still say it was one of several.
    let mut last_number: Option<(&'static str, String)> = None;
    for item in pieces {
        // What an attack's hit does that no field holds ("Bite, on a hit: ..."): not read.
        if is_rider(&item) {
            last_number = None;
            r.unread.push(item);
            continue;
        }
        if another_value(&item)
            && let Some((key, piece)) = last_number.take()
        {
            // "Armor Class 6 [13], 4 [15], or 3 [16]": no one value is the creature's.
            let blank = schema.new_block(false);
            schema::set(block, key, schema::get(&blank, key).cloned());
            r.read.retain(|k| *k != key);
            r.unread.extend([piece, item]);
            continue;
        }
        match read_item(fields, block, &mut r.listed, &r.read, &item)? {
            Some(key) if !r.read.contains(&key) => {
                r.read.push(key);
                let number = fields.iter().any(|f| f.key == key && takes_number(f));
                last_number = number.then(|| (key, item.clone()));
            }
            Some(_) => last_number = None,
            None => {
                last_number = None;
                r.unread.push(item);
            }
        }
    }
    Ok(r)
}

impl Reading {
    /// Sets the list's gathered items, and keeps the description and the pieces no field took
    /// in the notes.
    fn close(&mut self, fields: &[&Field], block: &mut Value, description: &[String], how: &str) {
        if let Some(list) = fields.iter().find(|f| matches!(f.kind, Kind::List { .. }))
            && !self.listed.is_empty()
        {
            let mut items =
                schema::get(block, list.key).and_then(Value::as_array).cloned().unwrap_or_default();
            items.append(&mut self.listed);
            schema::set(block, list.key, Some(Value::Array(items)));
        }
        if !description.is_empty() {
            let key = add_to_notes(fields, block, &description.join("\n"));
            if !self.read.contains(&key) {
                self.read.push(key);
            }
        }
        if !self.unread.is_empty() {
            let key = keep_in_notes(fields, block, &self.unread, how);
            if !self.read.contains(&key) {
                self.read.push(key);
            }
        }
    }
}

/// Reads one piece into the block (an item of its list into `listed`, for the caller to
/// append): the key of the field that took it, if one did. A labelled number the field
/// cannot hold ("Hit Points 676" where HP goes to 500) is an error naming the field, never
/// read as something else; a labelled number for a field already `filled` (a trait's "5 hit
/// points" after the block's own) is left unread, in the notes.
fn read_item(
    fields: &[&Field],
    block: &mut Value,
    listed: &mut Vec<Value>,
    filled: &[&'static str],
    item: &str,
) -> Result<Option<&'static str>, Refused> {
    if let Some((label, number)) = label_and_number(item)
        && let Some(field) = number_field(fields, &label)
    {
        if filled.contains(&field.key) {
            return Ok(None);
        }
        return match field.kind.parse_text(&number) {
            Ok(Some(value)) => {
                schema::set(block, field.key, Some(value));
                Ok(Some(field.key))
            }
            Ok(None) => Ok(None),
            Err(why) => Err(Refused {
                field: Some(format!("field '{}'", field.label)),
                message: format!("'{}': {why}", item.trim()),
            }),
        };
    }
    Ok(read_other(fields, block, listed, item))
}

/// [`read_item`] for what is not a labelled number: dice, a flag, an item of the list.
fn read_other(
    fields: &[&Field],
    block: &mut Value,
    listed: &mut Vec<Value>,
    item: &str,
) -> Option<&'static str> {
    if let Some((label, dice)) = label_and_dice(item)
        && let Some(field) = dice_field(fields, &label)
    {
        schema::set(block, field.key, Some(Value::String(dice)));
        return Some(field.key);
    }
    if let Some(field) =
        fields.iter().find(|f| matches!(f.kind, Kind::Flag) && names(item, f.key, f.label))
    {
        schema::set(block, field.key, Some(Value::Bool(true)));
        return Some(field.key);
    }
    if never_an_attack(item) {
        return None;
    }
    if let Some(list) = fields.iter().find(|f| matches!(f.kind, Kind::List { .. }))
        && let Kind::List { item: item_fields, .. } = list.kind
    {
        // "Dmg 1d6", as a WWN-style stat line gives a creature's attack: one named Attack.
        if let Some((label, dice)) = label_and_dice(item)
            && matches!(label.to_lowercase().as_str(), "dmg" | "damage")
            && let Some(record) = list_item(item_fields, &format!("Attack ({dice})"))
        {
            listed.push(record);
            return Some(list.key);
        }
        // "Shock 2/13": a value of the attack just read (its Shock, then the AC it reaches up
        // to), when no field of the block takes it.
        if let Some(record) = listed.last_mut()
            && attack_values(item_fields, record, item)
        {
            return Some(list.key);
        }
    }
    if let Some(list) = fields.iter().find(|f| matches!(f.kind, Kind::List { .. }))
        && let Kind::List { item: item_fields, .. } = list.kind
    {
        // "Att 5 to 12 × bite (1d10)", "1 × spell": counted, but not as a count of attacks
        // with their damage; no attack is guessed from it.
        if item.contains('×') && counted_attacks(item).is_none() {
            return None;
        }
        let attacks = several_attacks(item);
        let records: Option<Vec<Value>> =
            attacks.iter().map(|one| list_item(item_fields, one)).collect();
        if let Some(records) = records {
            listed.extend(records);
            return Some(list.key);
        }
    }
    None
}

/// Sets on `record` (an attack just read) the values of `item` that name its own fields:
/// "Shock 2/13" is its Shock 2, then 13 for the field after it whose label starts the same
/// ("Shock up to AC"). Whether it took them.
fn attack_values(item_fields: &[Field], record: &mut Value, item: &str) -> bool {
    let Some((label, values)) = item.trim().split_once(' ') else { return false };
    let Some(at) = item_fields
        .iter()
        .position(|f| matches!(f.kind, Kind::Whole { .. }) && names(label, f.key, f.label))
    else {
        return false;
    };
    let numbers: Vec<&str> = values.trim().split('/').map(str::trim).collect();
    let mut set = Vec::new();
    for (offset, text) in numbers.iter().enumerate() {
        let Some(field) = item_fields.get(at + offset) else { return false };
        let same = field.label.starts_with(item_fields[at].label);
        let Ok(Some(value)) = field.kind.parse_text(text) else { return false };
        if !same || !matches!(field.kind, Kind::Whole { .. }) {
            return false;
        }
        set.push((field.key, value));
    }
    for (key, value) in set {
        schema::set(record, key, Some(value));
    }
    true
}

/// Whether a field holds a number.
fn takes_number(f: &Field) -> bool {
    matches!(f.kind, Kind::Whole { .. } | Kind::Track { .. })
}

/// The pieces not read, kept in the block's notes (after any there), so nothing pasted is
/// lost; the notes' key.
fn keep_in_notes(
    fields: &[&Field],
    block: &mut Value,
    unread: &[String],
    how: &str,
) -> &'static str {
    add_to_notes(fields, block, &format!("{how}, not read: {}", unread.join("; ")))
}

/// `added` after the block's notes (its multi-line text field); the notes' key.
fn add_to_notes(fields: &[&Field], block: &mut Value, added: &str) -> &'static str {
    let key = fields
        .iter()
        .find(|f| matches!(f.kind, Kind::Text { multiline: true }))
        .map_or("notes", |f| f.key);
    let before = schema::get(block, key).and_then(Value::as_str).unwrap_or("").to_owned();
    let notes = if before.is_empty() { added.to_owned() } else { format!("{before}\n{added}") };
    schema::set(block, key, Some(Value::String(notes)));
    key
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dice_added_alone_are_several_attacks_and_anything_else_one() {
        assert_eq!(several_attacks("claws (d8+d8)"), ["claws (d8)", "claws (d8)"]);
        assert_eq!(
            several_attacks("fists (d10+d8, blast)"),
            ["fists (d10, blast)", "fists (d8, blast)"]
        );
        assert_eq!(several_attacks("Att 2 × claw (1d4)"), ["Claw (1d4)", "Claw (1d4)"]);
        assert_eq!(several_attacks("Att 1 × weapon (1d6)"), ["Weapon (1d6)"]);
        assert_eq!(several_attacks("Att 1 × bite (1d6 + poison)"), ["Bite (1d6, poison)"]);
        for one in ["club (d10)", "greatclub (2d8+4)", "bite (d6+1)", "slam", "rocks (d6, Blast)"] {
            assert_eq!(several_attacks(one), [one], "{one}");
        }
    }

    #[test]
    fn bracketed_ascending_values_and_saves_with_a_plus_are_read() {
        assert_eq!(label_and_number("AC 6 [13]"), Some(("AC".into(), "13".into())));
        assert_eq!(label_and_number("THAC0 19 [0]"), Some(("Attack bonus".into(), "0".into())));
        assert_eq!(label_and_number("THAC0 17 [+2]"), Some(("Attack bonus".into(), "2".into())));
        assert_eq!(label_and_number("THAC0 19"), None, "descending alone: unread");
        assert_eq!(label_and_number("Save 14+"), Some(("Save".into(), "14".into())));
    }

    #[test]
    fn feet_written_with_a_prime_are_numbers() {
        assert_eq!(label_and_number("Speed 40'"), Some(("Speed".into(), "40".into())));
        // Old-school movement: per turn, then per round in parentheses; a fight moves by rounds.
        assert_eq!(label_and_number("MV 90' (30')"), Some(("MV".into(), "30".into())));
        assert_eq!(label_and_number("Speed 40 ft."), Some(("Speed".into(), "40".into())));
    }

    #[test]
    fn items_keep_parentheses_whole() {
        assert_eq!(
            items("13 HP, club (d10, bulky), bite d6 (bleed).\n8 WIL"),
            vec!["13 HP", "club (d10, bulky)", "bite d6 (bleed)", "8 WIL"]
        );
    }
}
