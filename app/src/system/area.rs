//! Several targets at once ([`Command::Harm`]): who a blast reaches — picked tokens, a zone,
//! the squares of a radius on the grid — and one roll for all (or one each) dealt to every one
//! through its procedure's [`super::Rules::harm`]. One command, so one step of the journal and
//! one undo.

use super::{Ctx, RuleError, System};
use crate::command::{Command, Targets};
use crate::dice::{Dice, DiceSource};
use crate::encounter::Encounter;
use crate::event::Event;
use crate::ids::CombatantId;
use crate::space::grid::{Footprint, radius_area};

/// Most targets one command may harm (a typo must not flood the journal).
pub const MAX_TARGETS: usize = 200;

/// The rule a harm's own lines carry.
const RULE: &str = "core.harm";

/// Who `targets` reaches in `enc`, in the board's order: those the procedure counts out of the
/// fight are passed over; nobody at all is an error that says where.
pub fn reached(
    system: &dyn System,
    enc: &Encounter,
    targets: &Targets,
) -> Result<Vec<CombatantId>, RuleError> {
    let mut ids: Vec<CombatantId> = match targets {
        Targets::Picked { ids } => {
            for id in ids {
                enc.combatant(*id).ok_or(RuleError::UnknownCombatant(*id))?;
            }
            enc.combatants.keys().filter(|id| ids.contains(id)).copied().collect()
        }
        Targets::Zone { zone } => {
            enc.zones.get(zone).ok_or_else(|| RuleError::Invalid(format!("no zone {zone}")))?;
            enc.combatants.values().filter(|c| c.zone == Some(*zone)).map(|c| c.id).collect()
        }
        Targets::Radius { corner, r } => {
            let grid = enc.grid.as_ref().ok_or_else(|| {
                RuleError::Invalid("a radius needs a grid: this board has zones".into())
            })?;
            if *r == 0 {
                return Err(RuleError::Invalid("a radius is 1 square or more".into()));
            }
            if corner.0 > grid.width || corner.1 > grid.height {
                return Err(RuleError::Invalid(format!(
                    "({}, {}) is off the grid ({} × {})",
                    corner.0, corner.1, grid.width, grid.height
                )));
            }
            let squares = radius_area(grid, *corner, *r);
            enc.combatants
                .values()
                .filter(|c| {
                    c.footprint().is_some_and(|f| {
                        squares.iter().any(|s| f.overlaps(Footprint { at: *s, size: 1 }))
                    })
                })
                .map(|c| c.id)
                .collect()
        }
    };
    ids.retain(|id| enc.combatant(*id).is_some_and(|c| !system.is_out(enc, c)));
    if ids.is_empty() {
        return Err(RuleError::NotAllowed("nobody in the fight is there".into()));
    }
    if ids.len() > MAX_TARGETS {
        return Err(RuleError::Invalid(format!(
            "{} targets: at most {MAX_TARGETS} at once",
            ids.len()
        )));
    }
    Ok(ids)
}

/// The harm itself: a line naming the source and who it reaches, the roll (or one per
/// target), then each target's harm by its procedure.
pub fn harm(
    system: &dyn System,
    enc: &mut Encounter,
    command: Command,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let Command::Harm { targets, dice: expr, label, each } = command else {
        return Err(RuleError::Invalid("not a harm".into()));
    };
    let label = label.trim();
    if label.is_empty() {
        return Err(RuleError::Invalid("say what deals the harm (a fireball, a fall...)".into()));
    }
    let ids = reached(system, enc, &targets)?;
    let mut ctx = Ctx::new(enc, dice);
    let names: Vec<String> = ids.iter().map(|id| ctx.name(*id)).collect();
    let how = if each || ids.len() == 1 { "" } else { ", one roll for all" };
    ctx.ruling(RULE, None, format_args!("{label} reaches {}{how}", and_list(&names)));
    let once = if each { None } else { Some(roll(&mut ctx, &expr, label)?) };
    for id in ids {
        let amount = match once {
            Some(total) => total,
            None => {
                let name = ctx.name(id);
                roll(&mut ctx, &expr, &format!("{label} on {name}"))?
            }
        };
        // One felled by an earlier target's harm (a procedure's chain) is passed over.
        if ctx.enc.combatant(id).is_some_and(|c| !system.is_out(ctx.enc, c)) {
            system.harm(&mut ctx, id, amount, label)?;
        }
    }
    Ok(ctx.finish())
}

/// The harm's dice, rolled by nobody in particular (the GM's, or the table's).
fn roll(ctx: &mut Ctx, expr: &Dice, label: &str) -> Result<i64, RuleError> {
    Ok(ctx.roll(RULE, None, expr, label)?.total.max(0))
}

/// "A", "A and B", "A, B and C".
fn and_list(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}
