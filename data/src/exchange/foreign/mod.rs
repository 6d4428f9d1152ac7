//! Other tools' bestiary files, recognised by what they hold and read into the chosen
//! procedure's stat block: Improved Initiative's JSON (its creature lists and its whole-library
//! export), the 5e SRD monster JSON of the 5e-API and Open5e, Fantasy Statblocks' YAML, and
//! Foundry VTT's actors (Cairn's and Worlds Without Number's).
//!
//! Each reader turns a creature into the pieces a book would print ("HP 135", "AC 17",
//! "Tentacle (2d6+5, bludgeoning)") and gives them to the same piece reader a paste uses
//! ([`super::paste::read_pieces`]): the system's schema decides which field takes what, a
//! value out of its field's range is refused naming the creature and the field, and whatever
//! no field takes is kept in the entry's notes. A creature that cannot be read is left out
//! and listed with why; the others come in.

mod fantasy_statblocks;
mod fantasy_statblocks_note;
mod foundry;
mod foundry_wwn;
mod gather;
mod improved_initiative;
mod outgoing;
mod shape;
mod sniff;
mod srd_api;
mod yaml;

pub use fantasy_statblocks_note::fantasy_statblocks_note;
pub use improved_initiative::improved_initiative_file;
pub use outgoing::not_carried;
pub use sniff::{Format, sniff};

use super::paste::{PastedBlock, SrdAttack};
use super::paste_srd::{attack_not_read, is_attack_text};
use super::problem::{ImportProblem, Problems};
use super::strict::{Item, parse_each};
use fray_app::dice::Dice;
use fray_app::ids::SystemId;
use gather::Gather;
use serde_json::{Map, Value};

/// One creature of another tool's file, as the pieces of a printed stat block.
#[derive(Debug, Clone, PartialEq, Default)]
pub(super) struct ForeignCreature {
    /// Its name.
    pub name: String,
    /// The id the other tool gave it, if any (else its name): re-importing the same file
    /// updates the entries it made.
    pub id: String,
    /// Tags for filtering.
    pub tags: Vec<String>,
    /// Its values, each as a book prints it ("HP 13", "club (d10)").
    pub pieces: Vec<String>,
    /// Its description, traits and actions in words: kept in the notes.
    pub notes: Vec<String>,
    /// Words for the block's own fields by their label (single-line text, a choice, a list
    /// of words), as Fray's text trait carries them out and back: ("Armour", "Light armour").
    pub texts: Vec<(String, String)>,
}

/// An action read as an attack: its pieces (the attack, a thrown weapon's second one, what its
/// hit does beyond them), its bonus ("+4"), and whether its words say more than the pieces, so
/// they go to the notes too.
pub(super) type ActionAttack = (Vec<String>, Option<String>, bool);

impl ForeignCreature {
    /// One action of the creature: an attack (`attack`, as [`srd_attack`] or
    /// [`structured_attack`] read it) is its pieces, the first one's bonus too unless
    /// `bonus_given`, and its words go to the notes when they say more than the pieces; any
    /// other action is words in the notes.
    pub(super) fn add_action(
        &mut self,
        name: &str,
        desc: &str,
        attack: Option<ActionAttack>,
        bonus_given: &mut bool,
    ) {
        let Some((pieces, bonus, more)) = attack else {
            // An attack Fray cannot read ("Vicious bite +8 vs. AC: 18 damage") is said, with
            // its creature, and kept in the notes, never left there in silence.
            if is_attack_text(desc) {
                self.pieces.push(attack_not_read(name, desc));
            } else {
                self.notes.push(described(name, desc));
            }
            return;
        };
        if let (Some(bonus), false) = (bonus, *bonus_given) {
            self.pieces.push(format!("Attack bonus {bonus}"));
            *bonus_given = true;
        }
        self.pieces.extend(pieces);
        if more {
            self.notes.push(described(name, desc));
        }
    }
}

/// Another tool's file as read for one procedure: the creatures that came in and those left
/// out, each with why.
#[derive(Debug, Clone, PartialEq)]
pub struct ForeignRead {
    /// What the file is.
    pub format: Format,
    /// The creatures read, as a paste's blocks (the same preview and clash choices).
    pub blocks: Vec<PastedBlock>,
    /// The creatures that cannot be read (a value out of its field's range, no name): each
    /// names the creature and the field.
    pub left_out: Vec<ImportProblem>,
}

/// Reads another tool's file `text` (named `file` in messages) for the system `system_id`.
/// Refused whole only when it is not a file of a known tool, holds no creature, or the system
/// is unknown.
///
/// Each creature is read into its block as soon as its value is met, and the value let go
/// ([`Gather`]): the file's values are never all held at once.
pub fn read_foreign(file: &str, text: &str, system_id: SystemId) -> Result<ForeignRead, Problems> {
    let system = system_id.system();
    let format = sniff(text);
    let mut gather = Gather::new(file, system, format);
    match format {
        Format::ImprovedInitiative => {
            json_each(file, text, &mut gather, improved_initiative::each)?
        }
        Format::SrdApi => json_each(file, text, &mut gather, srd_api::each)?,
        Format::FantasyStatblocks => fantasy_statblocks::read(file, text, &mut gather)?,
        Format::Foundry => {
            if foundry::json_actors(text, &mut |c| gather.creature(c)).is_err() {
                // A compendium pack, an actor a line, is no one JSON value: what its first
                // line gave is let go and the text read line by line.
                gather.restart();
                foundry::pack_actors(text, &mut |c| gather.creature(c));
            }
        }
        other => {
            return Err(ImportProblem::file(
                file,
                format!("is {}, not another tool's bestiary", other.describe()),
            )
            .into());
        }
    }
    gather.finish()
}

/// How a reader hands over the creatures of one value of its file (a list's element, or the
/// whole file), each read or why not.
type Reader = fn(Item, &mut dyn FnMut(Result<ForeignCreature, String>));

/// Reads the JSON of a file already recognised as JSON strictly, element by element: a syntax
/// error (a `NaN`, a number past any float, a nesting deeper than 128) names the creature and
/// the field where it stands, and a key given twice in one object is refused by name, as in a
/// Fray file, rather than the last one silently winning.
fn json_each(file: &str, text: &str, gather: &mut Gather, read: Reader) -> Result<(), Problems> {
    let mut de = serde_json::Deserializer::from_str(text);
    let twice = parse_each(&mut de, text.len(), &mut |item, twice| {
        gather.twice(&item, twice);
        read(item, &mut |c| gather.creature(c));
    })
    .and_then(|twice| de.end().map(|()| twice))
    .map_err(|e| Problems::from(crate::exchange::locate::syntax_problem(file, text, &e)))?;
    gather.twice_in_all(twice);
    Ok(())
}

/// Text of a JSON value: a string as it is, a number written out, anything else empty.
pub(super) fn text_of(value: Option<&Value>) -> String {
    match value {
        Some(Value::String(s)) => s.trim().to_owned(),
        Some(Value::Number(n)) => n.to_string(),
        _ => String::new(),
    }
}

/// The first whole number in `text` ("30 ft., fly 60 ft." is 30), if any.
pub(super) fn first_number(text: &str) -> Option<i64> {
    let start = text.find(|c: char| c.is_ascii_digit())?;
    let digits: String = text[start..].chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// The count of hit dice in "18d10+36" or "(2d8)": 18, 2.
pub(super) fn dice_count(text: &str) -> Option<i64> {
    let text = text.trim().trim_start_matches('(');
    let (count, _) = text.split_once(['d', 'D'])?;
    count.trim().parse().ok()
}

/// An action or trait in words for the notes: "Name: what it does".
pub(super) fn described(name: &str, content: &str) -> String {
    let content = content.split_whitespace().collect::<Vec<_>>().join(" ");
    match (name.trim().is_empty(), content.is_empty()) {
        (true, _) => content,
        (false, true) => name.trim().to_owned(),
        (false, false) => format!("{}: {content}", name.trim()),
    }
}

/// An attack written as the SRD prints it ("Melee Weapon Attack: +9 to hit, reach 10 ft.,
/// one target. Hit: 12 (2d6 + 5) bludgeoning damage."), read whole ([`SrdAttack`]): its
/// pieces ("Tentacle (2d6+5, bludgeoning, reach 10 ft)", and what the hit does that no field
/// holds, listed as not read), its bonus ("+9"). Its words need not go to the notes: the
/// pieces hold them.
pub(super) fn srd_attack(name: &str, content: &str) -> Option<ActionAttack> {
    let attack = SrdAttack::read(name, content)?;
    Some((attack.pieces(), attack.bonus.clone(), false))
}

/// An attack: its pieces, its bonus, and whether its text says more than the pieces hold.
/// The action's own fields first (the 5e-API's `damage`, Open5e's and Fantasy Statblocks'
/// `damage_dice` and `damage_bonus`) for the first damage and the bonus when its text is an
/// attack's or it has none (a breath has dice but is no attack); its text for the range,
/// reach, second damages and the rest; an action with neither is no attack.
pub(super) fn structured_attack(
    action: &Map<String, Value>,
    name: &str,
    desc: &str,
) -> Option<ActionAttack> {
    let from_text = SrdAttack::read(name, desc);
    let bonus = action.get("attack_bonus").and_then(Value::as_i64);
    let (dice, kind) = match action.get("damage").and_then(Value::as_array).and_then(|d| d.first())
    {
        Some(first) => (
            text_of(first.get("damage_dice")),
            text_of(first.get("damage_type").and_then(|t| t.get("name"))),
        ),
        None => {
            let dice = text_of(action.get("damage_dice"));
            let plus = action.get("damage_bonus").and_then(Value::as_i64).unwrap_or(0);
            let dice = if dice.is_empty() || plus == 0 { dice } else { format!("{dice}{plus:+}") };
            (dice, String::new())
        }
    };
    let an_attack = desc.is_empty() || desc.contains("Attack:") || desc.contains("Attack*:");
    let (Some(bonus), Ok(dice), true) = (bonus, Dice::parse(&dice), an_attack) else {
        return from_text.map(|a| (a.pieces(), a.bonus.clone(), false));
    };
    let kind = (!kind.is_empty()).then(|| kind.to_lowercase());
    let bonus = Some(format!("{bonus:+}"));
    if let Some(attack) = SrdAttack::read_given(name, desc, Some(dice.clone())) {
        return Some((attack.with_field(dice, kind).pieces(), bonus, false));
    }
    // Fields without a sentence that reads: its words, if any, go to the notes.
    let plain = name.split('(').next().unwrap_or(name).trim();
    let piece = match kind {
        Some(kind) => format!("{plain} ({dice}, {kind})"),
        None => format!("{plain} ({dice})"),
    };
    Some((vec![piece], bonus, !desc.is_empty()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_srd_attack_is_its_pieces_and_its_bonus() {
        let (pieces, bonus, more) = srd_attack(
            "Tail",
            "Melee Weapon Attack: +9 to hit, reach 10 ft. one target. Hit: 15 (3d6 + 5) \
             bludgeoning damage.",
        )
        .unwrap();
        assert_eq!(
            (pieces, bonus.as_deref(), more),
            (vec!["Tail (3d6+5, bludgeoning, reach 10 ft)".to_owned()], Some("+9"), false)
        );
        assert_eq!(srd_attack("Multiattack", "The aboleth makes three tentacle attacks."), None);
    }

    #[test]
    fn numbers_and_hit_dice_are_read_from_their_text() {
        assert_eq!(first_number("30 ft., fly 60 ft."), Some(30));
        assert_eq!(first_number("fly"), None);
        assert_eq!(dice_count("(18d10+36)"), Some(18));
        assert_eq!(dice_count("2d8"), Some(2));
        assert_eq!(dice_count(""), None);
    }
}
