//! Declaring: each action's initiative modifier, who still declares, newcomers who declare
//! after their count has passed, and the GM changing a declaration. The counting itself is in
//! `count.rs`.

use super::Step;
use super::block::D12Block;
use super::count::{action_now, current_count, plan};
use super::initiative::SURPRISED;
use super::model::{Action, D12Event, Declared};
use super::wounds::{self, Status, status};
use super::{HIDDEN, R_DECLARE, R_TURN, ROUND_ROBIN};
use crate::dice::DiceSource;
use crate::encounter::{Combatant, Encounter};
use crate::event::{Event, EventKind};
use crate::ids::CombatantId;
use crate::system::Step as _;
use crate::system::{Ctx, RuleError};

/// Condition: on full defense this round (+4 Defense, half speed).
pub const FULL_DEFENSE: &str = "full defense";

/// Weapon speeds a block may give (the stat-block schema's range).
pub const SPEEDS: std::ops::RangeInclusive<i64> = -10..=20;
/// The largest initiative modifier an action may have either way: beyond it a number is a
/// typo, refused rather than carried into the counts.
pub const MAX_MODIFIER: i64 = 50;

/// The initiative modifier of an action for this combatant. Speeds outside [`SPEEDS`] and
/// modifiers beyond ±[`MAX_MODIFIER`] are refused, never wrapped.
pub fn modifier(c: &Combatant, action: &Action) -> Result<i64, RuleError> {
    let block = D12Block::of(c)?;
    let speed = |i: usize| {
        let a = block
            .attacks
            .get(i)
            .ok_or_else(|| RuleError::Invalid(format!("{} has no attack #{}", c.name, i + 1)))?;
        if !SPEEDS.contains(&a.speed) {
            return Err(RuleError::Invalid(format!(
                "{}'s {} has speed {}: a speed is from {} to {}",
                c.name,
                a.name,
                a.speed,
                SPEEDS.start(),
                SPEEDS.end()
            )));
        }
        Ok(a.speed)
    };
    let m = match action {
        Action::Attack { weapon, .. } => speed(*weapon)?,
        Action::DefensiveAttack { weapon, .. } => weapon.map(speed).transpose()?.unwrap_or(0) + 1,
        Action::Spell { tn, .. } => tn.saturating_sub(10),
        Action::Consumable { modifier } => modifier.unwrap_or(6),
        Action::Throw { modifier, .. } => modifier.unwrap_or(2),
        Action::FullDefense => -1,
        Action::Crawl => 0,
        Action::Other { modifier, .. } => *modifier,
    };
    if !(-MAX_MODIFIER..=MAX_MODIFIER).contains(&m) {
        return Err(RuleError::Invalid(format!(
            "{}: an initiative modifier of {m:+} is out of bounds (at most ±{MAX_MODIFIER})",
            c.name
        )));
    }
    Ok(m)
}

/// A few words for an action ("attacks Bugbear with Longsword").
pub fn words(enc: &Encounter, c: &Combatant, action: &Action) -> String {
    let weapon = |i: usize| {
        D12Block::of(c)
            .ok()
            .and_then(|b| b.attacks.get(i).map(|a| a.name.clone()))
            .unwrap_or_else(|| format!("attack #{}", i + 1))
    };
    let at =
        |t: &Option<CombatantId>| t.map(|t| format!(" at {}", enc.name_of(t))).unwrap_or_default();
    match action {
        Action::Attack { target, weapon: w } => {
            format!("attacks {} with {}", enc.name_of(*target), weapon(*w))
        }
        Action::DefensiveAttack { target, weapon: w } => match w {
            Some(w) => format!("attacks defensively{} with {}", at(target), weapon(*w)),
            None => "moves defensively".into(),
        },
        Action::Spell { name, tn, target } => format!("casts {name} (TN {tn}){}", at(target)),
        Action::Consumable { .. } => "uses an item".into(),
        Action::Throw { target, .. } => format!("throws something{}", at(target)),
        Action::FullDefense => "goes on full defense".into(),
        Action::Crawl => "crawls".into(),
        Action::Other { text, .. } => text.clone(),
    }
}

/// Why a combatant may not declare now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Bar {
    Dead,
    Out,
    Surprised,
    NoBase,
}

/// What bars `c` from declaring now, if anything: asked for everyone at every step of a
/// simulated fight, so the words wait until someone reads them ([`cannot_declare`]).
fn bar(enc: &Encounter, c: &Combatant) -> Option<Bar> {
    if status(c) == Status::Dead {
        return Some(Bar::Dead);
    }
    if wounds::OUT.iter().any(|k| c.conditions.contains(*k)) {
        return Some(Bar::Out);
    }
    if c.conditions.contains(SURPRISED) {
        return Some(Bar::Surprised);
    }
    if !enc.d12().base.contains_key(&c.id) {
        return Some(Bar::NoBase);
    }
    None
}

/// Whether a combatant may declare now at all, and why not.
pub fn cannot_declare(enc: &Encounter, c: &Combatant) -> Option<String> {
    let name = &c.name;
    bar(enc, c).map(|bar| match bar {
        Bar::Dead => format!("{name} is dead"),
        Bar::Out => format!("{name} is out of the fight"),
        Bar::Surprised => format!("{name} is surprised: no action this round"),
        Bar::NoBase => format!("{name} has no base initiative yet"),
    })
}

/// Who still has to declare, in the order the setting asks for.
pub fn to_declare(enc: &Encounter) -> Vec<CombatantId> {
    // Asked at every step of a round (the prompts): who has declared is the cheap question,
    // so it goes first; most of a round, everyone has. The roster and the declarations are
    // both in id order, so they are walked side by side rather than one looked up in the other.
    let mut declared = enc.d12().declared.keys().peekable();
    let mut ids: Vec<&Combatant> = enc
        .combatants
        .values()
        .filter(|c| {
            while declared.next_if(|d| **d < c.id).is_some() {}
            declared.next_if_eq(&&c.id).is_none() && bar(enc, c).is_none()
        })
        .collect();
    // The setting is read only when there is an order to make: most steps nobody is left.
    if ids.len() > 1 && enc.choice(super::DECLARE_ORDER, ROUND_ROBIN) == super::BY_AGI {
        ids.sort_by_key(|c| -super::block::stat(c, super::block::AGI_MOD));
    }
    ids.into_iter().map(|c| c.id).collect()
}

/// Declares an action.
pub(crate) fn declare(
    enc: &mut Encounter,
    id: CombatantId,
    action: Action,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let mut ctx = Ctx::new(enc, dice);
    let c = ctx.snapshot(id)?;
    if ctx.enc.round == 0 {
        return Err(RuleError::NotAllowed("the fight has not started: press Next".into()));
    }
    match Step::of(ctx.enc) {
        Some(Step::Declare) => {}
        Some(Step::Resolve) if !ctx.enc.d12().declared.contains_key(&id) => {}
        Some(Step::Resolve) => {
            return Err(RuleError::NotAllowed(format!(
                "{} has declared this round; actions are fixed once the counting starts",
                c.name
            )));
        }
        _ => {
            return Err(RuleError::NotAllowed(
                "the round is ending: declare in the next round".into(),
            ));
        }
    }
    if let Some(why) = cannot_declare(ctx.enc, &c) {
        return Err(RuleError::NotAllowed(why));
    }
    for t in targets(&action) {
        ctx.who(t)?;
    }
    let down = matches!(status(&c), Status::Incapacitated | Status::Dying);
    if matches!(action, Action::Crawl) && !down {
        return Err(RuleError::NotAllowed(format!("{} is not down: it can walk", c.name)));
    }
    let modifier = modifier(&c, &action)?;
    let base = ctx.enc.d12().base[&id];
    let count = base + modifier;
    let now = current_count(ctx.enc);
    let missed = Step::Resolve.now(ctx.enc) && now.is_some_and(|n| count < n);
    let hidden =
        Step::Declare.now(ctx.enc) && ctx.enc.choice(super::DECLARE_ORDER, ROUND_ROBIN) == HIDDEN;
    let was_full = ctx.enc.d12().declared.get(&id).is_some_and(|d| d.action == Action::FullDefense);
    if was_full && action != Action::FullDefense {
        ctx.uncondition(R_DECLARE, id, FULL_DEFENSE);
    }
    let declared = Declared { action: action.clone(), modifier, count, missed };
    ctx.emit(R_DECLARE, Some(id), D12Event::Declared { id, declared: declared.clone(), hidden });
    // A written-down full defense shows on the token only when the actions are shown.
    if action == Action::FullDefense && !hidden {
        ctx.condition(R_DECLARE, id, FULL_DEFENSE);
    }
    if !Step::Resolve.now(ctx.enc) {
        return Ok(ctx.finish());
    }
    if missed {
        let late = Declared { count: count - 12, ..declared };
        ctx.ruling(
            R_DECLARE,
            Some(id),
            format_args!(
                "{}'s count {count} has passed (the round is at {}): it acts next round at {} \
                 and again at its own count",
                c.name,
                now.unwrap_or_default(),
                count - 12
            ),
        );
        ctx.emit(R_DECLARE, Some(id), D12Event::Late { id, declared: late });
    } else {
        // Still to come this round: it takes its place in the order.
        let order = plan(ctx.enc);
        let index = order.iter().position(|e| e.count == now);
        let joins_now = index.is_some_and(|i| order[i].combatants.contains(&id));
        ctx.push(R_TURN, None, EventKind::OrderSet { order });
        ctx.push(R_TURN, None, EventKind::TurnStarted { index });
        if joins_now && status(&c) == Status::Up {
            ctx.emit(R_TURN, Some(id), D12Event::JoinedCount { id });
        }
    }
    Ok(ctx.finish())
}

/// The GM's call: `id` does `action` instead of what it declared. During the counting its
/// place in the order stays where its declaration put it; before, it is a declaration anew.
pub(crate) fn change(
    enc: &mut Encounter,
    id: CombatantId,
    action: Action,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    if !Step::Resolve.now(enc) {
        return declare(enc, id, action, dice);
    }
    let before = check_change(enc, id, &action)?.clone();
    let mut ctx = Ctx::new(enc, dice);
    let c = ctx.snapshot(id)?;
    let was = words(ctx.enc, &c, &before.action);
    let now = words(ctx.enc, &c, &action);
    ctx.ruling(
        R_DECLARE,
        Some(id),
        format_args!(
            "The GM changes {}'s action: {was} → {now} (count {} stays)",
            c.name, before.count
        ),
    );
    if before.action == Action::FullDefense && action != Action::FullDefense {
        ctx.uncondition(R_DECLARE, id, FULL_DEFENSE);
    }
    if action == Action::FullDefense {
        ctx.condition(R_DECLARE, id, FULL_DEFENSE);
    }
    let declared = Declared { action, ..before };
    ctx.emit(R_DECLARE, Some(id), D12Event::Declared { id, declared, hidden: false });
    Ok(ctx.finish())
}

/// Whether the GM may change `id`'s declaration to `action` during the counting, and the
/// declaration it replaces: the check the act prompt shows and the command makes.
pub(crate) fn check_change<'a>(
    enc: &'a Encounter,
    id: CombatantId,
    action: &Action,
) -> Result<&'a Declared, RuleError> {
    let c = enc.combatant(id).ok_or(RuleError::UnknownCombatant(id))?;
    let Some(before) = enc.d12().declared.get(&id) else {
        return Err(RuleError::NotAllowed(format!("{} has declared nothing to change", c.name)));
    };
    if before.action == *action {
        return Err(RuleError::NotAllowed(format!("{} declared that already", c.name)));
    }
    for t in targets(action) {
        enc.combatant(t).ok_or(RuleError::UnknownCombatant(t))?;
    }
    let down = matches!(status(c), Status::Incapacitated | Status::Dying);
    if matches!(action, Action::Crawl) && !down {
        return Err(RuleError::NotAllowed(format!("{} is not down: it can walk", c.name)));
    }
    modifier(c, action)?;
    Ok(before)
}

/// Whether `attacker` may strike with its attack `weapon` at this count: only the weapon it
/// declared an attack with. Full defense, a spell, an item, a throw or anything else makes
/// no weapon attack; the GM may change the declaration first.
pub(crate) fn check_strike(
    enc: &Encounter,
    attacker: CombatantId,
    weapon: usize,
) -> Result<(), RuleError> {
    let Some(c) = enc.combatant(attacker) else {
        return Err(RuleError::UnknownCombatant(attacker));
    };
    let Some(d) = action_now(enc, attacker) else {
        return Err(RuleError::NotAllowed(format!("{} declared nothing to act on", c.name)));
    };
    let declared = match &d.action {
        Action::Attack { weapon, .. } | Action::DefensiveAttack { weapon: Some(weapon), .. } => {
            *weapon
        }
        other => {
            return Err(RuleError::NotAllowed(format!(
                "{} {} this round, so makes no weapon attack at this count (the GM may \
                 change the declaration)",
                c.name,
                words(enc, c, other)
            )));
        }
    };
    if declared != weapon {
        let name = |i: usize| {
            super::block::D12Block::of(c)
                .ok()
                .and_then(|b| b.attacks.get(i).map(|a| a.name.clone()))
                .unwrap_or_else(|| format!("attack #{}", i + 1))
        };
        return Err(RuleError::NotAllowed(format!(
            "{} declared its {}: it strikes with that at this count, not its {}",
            c.name,
            name(declared),
            name(weapon)
        )));
    }
    Ok(())
}

/// The combatants an action names.
fn targets(action: &Action) -> Vec<CombatantId> {
    match action {
        Action::Attack { target, .. } => vec![*target],
        Action::DefensiveAttack { target, .. }
        | Action::Spell { target, .. }
        | Action::Throw { target, .. } => target.iter().copied().collect(),
        _ => Vec::new(),
    }
}
