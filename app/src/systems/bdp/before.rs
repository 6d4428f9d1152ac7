//! Before the fight: the surprise roll (with the GM's choice of odds) and the foes' reaction.

use super::R_BEFORE;
use super::Step;
use super::model::{Situation, Stance};
use crate::checks::{RollTable, TableRow};
use crate::dice::{Dice, DiceSource};
use crate::encounter::Encounter;
use crate::event::Event;
use crate::ids::SideId;
use crate::system::Ctx;
use crate::system::RuleError;
use crate::system::Step as _;

/// Who a surprise roll catches out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Caught {
    /// The players' side.
    Party,
    /// Everyone else.
    Foes,
    /// Nobody.
    Nobody,
}

/// The bands of each situation: (party surprised, foes surprised) on a d6.
fn caught(situation: Situation, favoured_party: bool, d6: i64) -> Caught {
    match situation {
        Situation::Normal => match d6 {
            1 => Caught::Party,
            6 => Caught::Foes,
            _ => Caught::Nobody,
        },
        Situation::LowVisibility => match d6 {
            1..=2 => Caught::Party,
            5..=6 => Caught::Foes,
            _ => Caught::Nobody,
        },
        Situation::Advantage => match d6 {
            1..=2 => Caught::Party,
            6 => Caught::Foes,
            _ => Caught::Nobody,
        },
        Situation::OneSided => match (d6, favoured_party) {
            (1..=3, true) => Caught::Foes,
            (1..=3, false) => Caught::Party,
            _ => Caught::Nobody,
        },
    }
}

/// Rolls for surprise. The caught side is marked surprised (no turn in the first, free round)
/// and, in an ambush, unaware (no guard: damage straight to STR).
pub(crate) fn surprise(
    enc: &mut Encounter,
    situation: Situation,
    favoured: Option<SideId>,
    ambush: bool,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    if enc.round > 0 || !matches!(Step::of(enc), None | Some(Step::Before)) {
        return Err(RuleError::NotAllowed("surprise is rolled before the first round".into()));
    }
    if enc.combatants.values().any(|c| c.conditions.contains("surprised")) {
        return Err(RuleError::NotAllowed(
            "surprise is already rolled: undo it to roll again".into(),
        ));
    }
    let favoured_party = match (situation, favoured) {
        (Situation::OneSided, None) => {
            return Err(RuleError::Invalid(
                "with one-sided odds, say which side may surprise the other".into(),
            ));
        }
        (_, Some(side)) => enc.side(side).ok_or(RuleError::UnknownSide(side))?.party,
        (_, None) => false,
    };
    let mut ctx = Ctx::new(enc, dice);
    let d6 = ctx.die(R_BEFORE, None, 6, "Surprise")?;
    let who = caught(situation, favoured_party, d6);
    let text = match who {
        Caught::Party => "the party is surprised: the foes get a free round",
        Caught::Foes => "the foes are surprised: the party gets a free round",
        Caught::Nobody => "nobody is surprised",
    };
    ctx.ruling(R_BEFORE, None, format_args!("Surprise {d6}: {text}"));
    let party = |id: SideId| ctx.enc.side(id).is_some_and(|s| s.party);
    let ids: Vec<_> = ctx
        .enc
        .combatants
        .values()
        .filter(|c| match who {
            Caught::Party => party(c.side),
            Caught::Foes => !party(c.side),
            Caught::Nobody => false,
        })
        .map(|c| c.id)
        .collect();
    for id in ids {
        ctx.condition(R_BEFORE, id, "surprised");
        if ambush {
            ctx.condition(R_BEFORE, id, "unaware");
        }
    }
    Ok(ctx.finish())
}

/// The reaction table (2d6).
fn reaction_table() -> RollTable<&'static str> {
    let row = |low, high, result| TableRow { low, high, result };
    RollTable {
        name: "Reaction".into(),
        dice: Dice::pool(2, 6),
        rows: vec![
            row(i64::MIN, 2, "Hostile"),
            row(3, 5, "Wary"),
            row(6, 8, "Curious"),
            row(9, 11, "Kind"),
            row(12, i64::MAX, "Helpful"),
        ],
    }
}

/// Rolls the foes' reaction: 2d6, 1d4 off with weapons drawn, 1d4 on with them sheathed.
pub(crate) fn reaction(
    enc: &mut Encounter,
    stance: Stance,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let mut ctx = Ctx::new(enc, dice);
    let base = ctx.roll(R_BEFORE, None, &Dice::pool(2, 6), "Reaction")?.total;
    let (total, how) = match stance {
        Stance::Neutral => (base, String::new()),
        Stance::Drawn => {
            let d4 = ctx.die(R_BEFORE, None, 4, "Weapons drawn")?;
            (base - d4, format!(" − {d4} (weapons drawn)"))
        }
        Stance::Sheathed => {
            let d4 = ctx.die(R_BEFORE, None, 4, "Weapons sheathed")?;
            (base + d4, format!(" + {d4} (weapons sheathed)"))
        }
    };
    let result = reaction_table().lookup(total).map_or("?", |r| r.result);
    ctx.ruling(R_BEFORE, None, format_args!("Reaction {base}{how} = {total}: {result}"));
    Ok(ctx.finish())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bands_of_each_situation() {
        use Caught::*;
        let row = |s, fav| (1..=6).map(|d| caught(s, fav, d)).collect::<Vec<_>>();
        assert_eq!(row(Situation::Normal, false), [Party, Nobody, Nobody, Nobody, Nobody, Foes]);
        assert_eq!(
            row(Situation::LowVisibility, false),
            [Party, Party, Nobody, Nobody, Foes, Foes]
        );
        assert_eq!(row(Situation::Advantage, false), [Party, Party, Nobody, Nobody, Nobody, Foes]);
        assert_eq!(row(Situation::OneSided, true), [Foes, Foes, Foes, Nobody, Nobody, Nobody]);
        assert_eq!(row(Situation::OneSided, false), [Party, Party, Party, Nobody, Nobody, Nobody]);
    }

    #[test]
    fn reaction_table_is_whole() {
        let t = reaction_table();
        t.validate().unwrap();
        let read = |n| t.lookup(n).unwrap().result;
        assert_eq!(
            [
                read(-1),
                read(2),
                read(3),
                read(5),
                read(6),
                read(8),
                read(9),
                read(11),
                read(12),
                read(16)
            ],
            [
                "Hostile", "Hostile", "Wary", "Wary", "Curious", "Curious", "Kind", "Kind",
                "Helpful", "Helpful"
            ]
        );
    }
}
