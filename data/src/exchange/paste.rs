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
use super::paste_old_school::{
    alternatives, another_value, counted_attacks, encounter_rate, hit_dice, never_an_attack,
    srd_hit_points,
};
use super::paste_pages::{is_wiki_pages, split_wiki_pages};
use super::paste_split::split_blocks;
use super::problem::{ImportProblem, Problems};
use fray_app::dice::Dice;
use fray_app::system::schema::{self, Field, Kind};
use fray_app::system::{self, System};
use serde_json::{Map, Value};

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
const MAX_NAME_WORDS: usize = 5;

/// Most blocks one paste may hold: a whole book's bestiary, read in one go.
pub const MAX_BLOCKS: usize = 10_000;

/// One pasted stat block as read: the entry, and what in it was not read.
#[derive(Debug, Clone, PartialEq)]
pub struct PastedBlock {
    /// Where it was in the paste ("block 2, line 4").
    pub at: String,
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
        let Some(system) = system::by_id(&self.entry.system) else { return Vec::new() };
        let fields: Vec<&'static Field> = system.block_schema().fields_for(false).collect();
        self.read
            .iter()
            .map(|k| fields.iter().find(|f| f.key == *k).map_or(*k, |f| f.label))
            .collect()
    }
}

/// Reads every stat block of `text` for the system `system_id`. `file` names the paste in
/// messages. Refused whole only when nothing can be read (an unknown system, no block, a
/// block without a name).
pub fn read_stat_blocks(
    file: &str,
    text: &str,
    system_id: &str,
) -> Result<Vec<PastedBlock>, Problems> {
    let Some(system) = system::by_id(system_id) else {
        return Err(
            ImportProblem::file(file, format!("the system '{system_id}' is unknown")).into()
        );
    };
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
    let mut problems = Problems::default();
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
                problems.push(ImportProblem::entry(file, at, why.field, why.message));
            }
        }
    }
    if problems.is_empty() { Ok(out) } else { Err(problems) }
}

/// A block read, with what the system's checks say of it.
pub(super) fn checked(
    system: &dyn System,
    at: String,
    entry: CreatureEntry,
    unread: Vec<String>,
    read: Vec<&'static str>,
) -> PastedBlock {
    let warnings = system::validate_block(system, &entry.name, &entry.block, false)
        .into_iter()
        .map(|p| if p.label.is_empty() { p.message } else { format!("{}: {}", p.label, p.message) })
        .collect();
    PastedBlock { at, entry, unread, read, warnings }
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
        system: system.id().to_owned(),
        name: name.to_owned(),
        tags: Vec::new(),
        block: schema.new_block(false),
        portrait: None,
    };
    let mut unread = Vec::new();
    let mut read = Vec::new();
    // A list's items are gathered here and set once: appending to the block's list item by
    // item copied the list each time (8,000 weapons took 16 s).
    let mut listed = Vec::new();
    let has_hit_dice = fields.iter().any(|f| names("HD", f.key, f.label));
    let pieces = pieces
        .into_iter()
        .flat_map(|p| hit_dice(&p).or_else(|| srd_hit_points(&p, has_hit_dice)).unwrap_or(vec![p]));
    // The piece that last set a number, while the next may still say it was one of several.
    let mut last_number: Option<(&'static str, String)> = None;
    for item in pieces {
        if another_value(&item)
            && let Some((key, piece)) = last_number.take()
        {
            // "Armor Class 6 [13], 4 [15], or 3 [16]": no one value is the creature's.
            let blank = schema.new_block(false);
            schema::set(&mut entry.block, key, schema::get(&blank, key).cloned());
            read.retain(|k| *k != key);
            unread.extend([piece, item]);
            continue;
        }
        match read_item(&fields, &mut entry.block, &mut listed, &read, &item)? {
            Some(key) if !read.contains(&key) => {
                read.push(key);
                let number = fields.iter().any(|f| f.key == key && takes_number(f));
                last_number = number.then(|| (key, item.clone()));
            }
            Some(_) => last_number = None,
            None => {
                last_number = None;
                unread.push(item);
            }
        }
    }
    if let Some(list) = fields.iter().find(|f| matches!(f.kind, Kind::List { .. }))
        && !listed.is_empty()
    {
        let mut items = schema::get(&entry.block, list.key)
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        items.append(&mut listed);
        schema::set(&mut entry.block, list.key, Some(Value::Array(items)));
    }
    if !description.is_empty() {
        let key = add_to_notes(&fields, &mut entry.block, &description.join("\n"));
        if !read.contains(&key) {
            read.push(key);
        }
    }
    if !unread.is_empty() {
        let key = keep_in_notes(&fields, &mut entry.block, &unread, how);
        if !read.contains(&key) {
            read.push(key);
        }
    }
    // A refusal, never a silent cut, if the stored block could not be measured.
    let stored = serde_json::to_vec(&entry.block).map_or(usize::MAX, |b| b.len());
    if let Some(why) = super::count::block_too_long(stored) {
        return Err(why.into());
    }
    Ok((entry, unread, read))
}

/// The pieces of a block: split at commas, semicolons, full stops and line ends outside
/// parentheses,
/// trimmed, a final full stop taken off. An attack written as a sentence ("Greatclub. Melee
/// Weapon Attack: +6 to hit, reach 5 ft., one target. Hit: 13 (2d8 + 4) bludgeoning
/// damage.") is one piece, rewritten as "Greatclub (2d8+4, bludgeoning)".
pub(super) fn items(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = String::new();
    for line in text.lines() {
        match sentence_attack(line) {
            Some(item) => {
                // "+6 to hit": the creature's attack bonus (the first attack's, if they differ).
                if let Some(bonus) = to_hit(line) {
                    out.push(format!("Attack bonus {bonus}"));
                }
                out.push(item);
            }
            None => {
                rest.push_str(line);
                rest.push('\n');
            }
        }
    }
    let text = rest.as_str();
    let mut depth = 0i32;
    let mut current = String::new();
    let chars: Vec<char> = text.chars().collect();
    // The first character after each one that is not white space, worked out once from the
    // end (looking ahead from every line end could cross a long run of spaces each time).
    let mut solid_after = vec![None; chars.len()];
    for i in (0..chars.len().saturating_sub(1)).rev() {
        let next = chars[i + 1];
        solid_after[i] = if next.is_whitespace() { solid_after[i + 1] } else { Some(next) };
    }
    for (i, &c) in chars.iter().enumerate() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            _ => {}
        }
        // A full stop ends a piece too when a space follows ("Bite (d4). Flees when alone").
        let stop = c == '.' && chars.get(i + 1).is_some_and(|n| n.is_whitespace());
        // A line wrapped before a parenthesis goes on ("ceremonial dagger\n(d6)").
        let wrapped = c == '\n' && solid_after[i] == Some('(');
        if wrapped {
            current.push(' ');
            continue;
        }
        // "XP 1,300": a comma between digits is a thousands separator, not a new piece.
        let thousands = c == ','
            && i > 0
            && chars[i - 1].is_ascii_digit()
            && chars.get(i + 1).is_some_and(char::is_ascii_digit);
        if depth <= 0 && (matches!(c, ',' | ';' | '\n') || stop) && !thousands {
            push_item(&mut out, &current);
            current.clear();
        } else {
            current.push(c);
        }
    }
    push_item(&mut out, &current);
    out
}

fn push_item(out: &mut Vec<String>, item: &str) {
    let item = item.trim().trim_end_matches('.').trim();
    if item.is_empty() {
        return;
    }
    // "mace (d8) or ceremonial dagger (d6)": two weapons, either of which it may use.
    out.extend(alternatives(item));
}

/// The bonus of an attack written as a sentence: "+6 to hit" as "+6".
pub(super) fn to_hit(line: &str) -> Option<String> {
    let at = line.find(" to hit")?;
    let word = line[..at].split_whitespace().last()?;
    let n: i64 = word.trim_start_matches('+').parse().ok()?;
    Some(format!("{n:+}"))
}

/// "Name. ... Attack: ... Hit: 13 (2d8 + 4) bludgeoning damage." as "Name (2d8+4,
/// bludgeoning)".
pub(super) fn sentence_attack(line: &str) -> Option<String> {
    let line = line.trim().trim_start_matches(['*', '_']);
    let (name, rest) = line.split_once('.')?;
    let hit = rest.find("Attack:").and_then(|a| rest[a..].find("Hit:").map(|h| a + h + 4))?;
    let (dice, after) = hit_damage(&rest[hit..])?;
    let kind = after.split_whitespace().next().filter(|w| *w != "damage" && !w.ends_with('.'));
    let name = name.trim().trim_matches(['*', '_']).trim();
    // "Claws (Hag Form Only)": the name's own remark goes with the attack's words.
    let (name, remark) = match name.split_once('(') {
        Some((name, remark)) => (name.trim(), Some(remark.trim_end_matches(')').trim())),
        None => (name, None),
    };
    let words: Vec<&str> = kind.into_iter().chain(remark).collect();
    Some(if words.is_empty() {
        format!("{name} ({dice})")
    } else {
        format!("{name} ({dice}, {})", words.join(", "))
    })
}

/// The damage after "Hit:" and the text after it: "12 (2d6 + 5) bludgeoning damage." is 2d6+5
/// (the dice, not the average before them), "(d8) damage." is d8, and "1 piercing damage."
/// is 1, a hit that rolls no dice.
pub(super) fn hit_damage(after_hit: &str) -> Option<(Dice, &str)> {
    let text = after_hit.trim_start();
    let in_parentheses = |t: &str| -> Option<(Dice, usize)> {
        let inner = t.strip_prefix('(')?;
        let close = inner.find(')')?;
        Some((Dice::parse(&inner[..close]).ok()?, close + 2))
    };
    if let Some((dice, end)) = in_parentheses(text) {
        return Some((dice, &text[end..]));
    }
    let (first, tail) = text.split_once(char::is_whitespace)?;
    let average: i64 = first.parse().ok()?;
    let tail_start = text.len() - tail.len();
    let trimmed = tail.trim_start();
    match in_parentheses(trimmed) {
        Some((dice, end)) => Some((dice, &trimmed[end..])),
        // Parentheses that do not read as dice ("6 (1 d6 + 3)", a misprint) leave the hit
        // unread: its average is not its damage.
        None if trimmed.starts_with('(') => None,
        None => Some((Dice::parse(&average.to_string()).ok()?, &text[tail_start..])),
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

/// "claws (d8+d8)", "fists (d10+d8, blast)": dice added with nothing else, as books in
/// Cairn's family print a creature that strikes several times, are that many attacks, one
/// die each ("claws (d8)" twice). Anything else ("2d6+3", "d6+1") is one attack.
fn several_attacks(item: &str) -> Vec<String> {
    // "Att 2 × claw (1d4)", as old-school books print attacks: two claws.
    if let Some(counted) = counted_attacks(item) {
        return counted;
    }
    let one = vec![item.to_owned()];
    let (Some(open), Some(close)) = (item.find('('), item.rfind(')')) else { return one };
    if close < open {
        return one;
    }
    let inside = &item[open + 1..close];
    let (first, rest) = match inside.split_once([',', ';']) {
        Some((first, rest)) => (first.trim(), Some(rest)),
        None => (inside.trim(), None),
    };
    let dice: Vec<&str> = first.split('+').map(str::trim).collect();
    let plain = |d: &str| {
        let d = d.strip_prefix(['d', 'D']).unwrap_or("");
        !d.is_empty() && d.chars().all(|c| c.is_ascii_digit())
    };
    if dice.len() < 2 || !dice.iter().all(|d| plain(d)) {
        return one;
    }
    dice.iter()
        .map(|die| {
            let inner = match rest {
                Some(rest) => format!("{die},{rest}"),
                None => (*die).to_owned(),
            };
            format!("{}({inner}){}", &item[..open], &item[close + 1..])
        })
        .collect()
}

/// Whether a field holds a number.
fn takes_number(f: &Field) -> bool {
    matches!(f.kind, Kind::Whole { .. } | Kind::Track { .. })
}

/// "13 HP", "HP 13", "HP: 13", "Armour 1 (chain)", "Speed 40 ft." as ("HP", "13").
fn label_and_number(item: &str) -> Option<(String, String)> {
    if let Some(per_round) = encounter_rate(item) {
        return Some(per_round);
    }
    let (item, aside) = item.split_once('(').unwrap_or((item, ""));
    let item = item.trim();
    // "AC 2 [17] (8 [11] in human form)": a second value of the same kind beside it; which
    // one holds is the GM's call, so neither is read.
    if item.ends_with(']') && aside.contains('[') {
        return None;
    }
    let mut words: Vec<&str> = item.split_whitespace().collect();
    // A unit after the number says nothing the field does not.
    if words.len() > 2 && matches!(words.last(), Some(&("ft" | "ft." | "feet" | "'"))) {
        words.pop();
    }
    // Feet written `40'` (old-school books) are the number 40; a save written `14+` is 14.
    let number = |w: &str| {
        let w = w.trim_start_matches('+').trim_end_matches(['\'', '’', '+']);
        w.parse::<i64>().ok().map(|n| n.to_string())
    };
    // "AC 6 [13]", "THAC0 19 [0]": old-school books print the descending value, then the
    // ascending one in brackets; the bracketed one is the value (THAC0's is the attack bonus).
    if let [label @ .., value, bracketed] = words.as_slice()
        && number(value).is_some()
        && let Some(inside) = bracketed.strip_prefix('[').and_then(|b| b.strip_suffix(']'))
        && let Some(n) = number(inside)
    {
        let label = label.join(" ");
        let label =
            if label.eq_ignore_ascii_case("thac0") { "Attack bonus".to_owned() } else { label };
        return Some((label, n));
    }
    // A THAC0 alone is descending: no field of Fray's holds it, so it stays unread.
    if words.first().is_some_and(|w| w.eq_ignore_ascii_case("thac0")) {
        return None;
    }
    let (first, last) = (words.first()?, words.last()?);
    if words.len() >= 2 {
        if let Some(n) = number(first) {
            return Some((words[1..].join(" "), n));
        }
        if let Some(n) = number(last) {
            return Some((words[..words.len() - 1].join(" ").trim_end_matches(':').to_owned(), n));
        }
    }
    // "HP:13", "STR:16".
    let (label, n) = item.split_once(':')?;
    Some((label.trim().to_owned(), number(n.trim())?))
}

/// "HD 3d8", "Hit Dice: 2d8+2" as ("HD", "3d8").
fn label_and_dice(item: &str) -> Option<(String, String)> {
    let (label, dice) = item.rsplit_once([' ', ':'])?;
    let dice = Dice::parse(dice.trim()).ok()?;
    Some((label.trim().trim_end_matches(':').to_owned(), dice.to_string()))
}

/// A weapon or attack as printed, "club (d10)", "bite d6 (bleed)", "longbow (d8, ranged)",
/// as a record of `fields`: its name, its damage (a die or dice, as the schema keeps it)
/// and each word in parentheses that is a flag's label (`ranged`) or, failing that, a tag.
/// `None` when it has no dice.
fn list_item(fields: &[Field], text: &str) -> Option<Value> {
    let mut words: Vec<String> = Vec::new();
    let mut dice: Option<Dice> = None;
    let mut extra: Vec<String> = Vec::new();
    let mut rest = text.to_owned();
    // Words in parentheses: the dice, flags and tags.
    while let (Some(open), Some(close)) = (rest.find('('), rest.rfind(')')) {
        if close < open {
            break;
        }
        let inside = rest[open + 1..close].to_owned();
        for part in inside.split([',', ';']).map(str::trim).filter(|p| !p.is_empty()) {
            match Dice::parse(part) {
                Ok(d) if dice.is_none() => dice = Some(d),
                _ => extra.push(part.to_owned()),
            }
        }
        rest.replace_range(open..=close, " ");
    }
    for word in rest.split_whitespace() {
        match Dice::parse(word) {
            Ok(d) if dice.is_none() && d.dice_count() > 0 => dice = Some(d),
            _ => words.push(word.to_owned()),
        }
    }
    // A run of codes of letters and digits ("SV D14 W15 P16": saving throws) is no attack's
    // name, and its "D14" no die.
    let code = |w: &String| {
        let letters = w.chars().take_while(char::is_ascii_alphabetic).count();
        letters > 0 && letters < w.len() && w[letters..].chars().all(|c| c.is_ascii_digit())
    };
    if words.iter().filter(|w| code(w)).count() >= 2 {
        return None;
    }
    let damage = fields.iter().find(|f| f.key != "name" && f.required && takes_damage(f))?;
    // A hit that rolls no dice ("bite (1, piercing)", as an SRD sentence gives "Hit: 1
    // piercing damage") is a damage only with its type beside it: a bare number in
    // parentheses ("STR 19 (+4)") is no attack.
    let dice = dice.filter(|d| d.dice_count() > 0 || !extra.is_empty())?;
    let name = words.join(" ");
    // A name is a few words: a sentence with dice in it ("Each creature in that line takes
    // 54 (12d8) acid damage") is a trait's text, not an attack.
    // Nor is "roll a d6" a weapon called "roll a".
    let dangling = words.last().is_some_and(|w| ["a", "an", "the", "of"].contains(&w.as_str()));
    if name.is_empty() || words.len() > MAX_NAME_WORDS || dangling {
        return None;
    }
    let mut record = Value::Object(Map::new());
    let mut capitalised = name.clone();
    if let Some(first) = capitalised.get_mut(0..1) {
        first.make_ascii_uppercase();
    }
    schema::set(&mut record, "name", Some(Value::String(capitalised)));
    let value = match damage.kind {
        Kind::Dice => Value::String(dice.to_string()),
        // One die kept by the schema as its size: `d10` is 10. Anything a size cannot say
        // (`2d6`, `d6+1`) is left unread, in the notes, never guessed as one die (several
        // attacks, `d8+d8`, were split before: see `several_attacks`).
        _ => {
            let mut terms = dice.dice_terms();
            let term = terms.next()?;
            let single = term.count == 1 && terms.next().is_none() && dice.leaves().count() == 1;
            if !single {
                return None;
            }
            Value::from(term.sides.faces())
        }
    };
    schema::set(&mut record, damage.key, Some(value));
    let tags = fields.iter().find(|f| matches!(f.kind, Kind::Words));
    let mut tag_words = Vec::new();
    for word in extra {
        if let Some(flag) =
            fields.iter().find(|f| matches!(f.kind, Kind::Flag) && names(&word, f.key, f.label))
        {
            schema::set(&mut record, flag.key, Some(Value::Bool(true)));
        } else if let Some((field, value)) = choice(fields, &word) {
            // "fast" where the item has a speed of fast, balanced or slow.
            schema::set(&mut record, field.key, Some(Value::String(value.to_owned())));
        } else {
            tag_words.push(Value::String(word));
        }
    }
    if let Some(tags) = tags
        && !tag_words.is_empty()
    {
        schema::set(&mut record, tags.key, Some(Value::Array(tag_words)));
    }
    Some(record)
}

/// The choice field of an item one of whose options `word` is (its value or label, any
/// case), and that option's value.
fn choice<'a>(fields: &'a [Field], word: &str) -> Option<(&'a Field, &'static str)> {
    fields.iter().find_map(|f| match f.kind {
        Kind::Choice(options) => options
            .iter()
            .find(|(value, label)| {
                value.eq_ignore_ascii_case(word) || label.eq_ignore_ascii_case(word)
            })
            .map(|(value, _)| (f, *value)),
        _ => None,
    })
}

/// Whether a list item's field holds its damage: dice, or a die's size.
fn takes_damage(f: &Field) -> bool {
    matches!(f.kind, Kind::Dice) || matches!(f.kind, Kind::Whole { .. }) && f.key.contains("die")
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

/// The records of a spreadsheet cell of list items, "club d10; bite d6 (bleed)", for the
/// list field `fields`; the pieces that are not items are returned apart.
pub(super) fn list_cell(fields: &[Field], cell: &str) -> (Vec<Value>, Vec<String>) {
    let mut records = Vec::new();
    let mut unread = Vec::new();
    for piece in items(cell) {
        match list_item(fields, &piece) {
            Some(r) => records.push(r),
            None => unread.push(piece),
        }
    }
    (records, unread)
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
