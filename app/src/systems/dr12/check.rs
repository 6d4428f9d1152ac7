//! The one Test of this procedure: d20 plus an attribute, 12 or more passes. Weakened (and a
//! missile shot at a Close target) rolls with Disadvantage; a creature's Skill Test goes the
//! way the encounter's setting says (over by default, or roll-under).

use super::block::{SKILL, WEAKENED, has, stat};
use super::{DISADVANTAGE, DR, MINUS_FOUR, SKILL_TEST, UNDER};
use crate::checks::{Advantage, CheckOutcome, test_over};
use crate::dice::Dice;
use crate::ids::CombatantId;
use crate::system::{Ctx, RuleError};

/// What a Test rolled and whether it passed.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Tested {
    /// The outcome (natural face, total, margin).
    pub outcome: CheckOutcome,
    /// The d20 kept showed 20.
    pub twenty: bool,
    /// The d20 kept showed 1.
    pub one: bool,
}

/// Rolls `who`'s Test of `stat` (`extra`: a Disadvantage the situation adds), journaling the
/// roll and a ruling line `what: …`.
pub(crate) fn test(
    ctx: &mut Ctx,
    rule: &'static str,
    who: CombatantId,
    stat_key: &str,
    extra: Advantage,
    what: &str,
) -> Result<Tested, RuleError> {
    let c = ctx.who(who)?;
    let score = stat(c, stat_key);
    let mut why = Vec::new();
    let mut advantage = extra;
    if extra == Advantage::Disadvantage {
        why.push("Disadvantage");
    }
    if has(c, WEAKENED) {
        advantage = advantage.combine(Advantage::Disadvantage);
        why.push("weakened: Disadvantage");
    }
    let under = stat_key == SKILL && ctx.enc.choice(SKILL_TEST, super::OVER) == UNDER;
    let flat = ctx.enc.choice(DISADVANTAGE, super::TWO_DICE) == MINUS_FOUR;
    let (dice, penalty) = match (advantage, flat) {
        (Advantage::Disadvantage, true) => (Dice::die(20), 4),
        (a, _) if under => (a.apply_under(&Dice::die(20)), 0),
        (a, _) => (a.apply(&Dice::die(20)), 0),
    };
    let label = if stat_key.is_empty() {
        format!("{what} (d20)")
    } else {
        format!("{what} (d20 + {})", stat_words(stat_key))
    };
    let roll = ctx.roll(rule, Some(who), &dice, &label)?;
    let face = roll.total;
    let name = ctx.name(who);
    let (outcome, says) = if under {
        // Roll-under: the face at most the Skill passes (a penalty raises the face).
        let total = face + penalty;
        let o = CheckOutcome {
            success: total <= score,
            natural: crate::checks::natural_d20(&roll),
            total,
            target: score,
            margin: score - total,
        };
        (o, format!("{name}'s {what}: {total} under Skill {score}"))
    } else {
        let o = test_over(&roll, score - penalty, DR);
        let sign = if score - penalty >= 0 { "+" } else { "−" };
        let words = format!(
            "{name}'s {what}: {face} {sign} {} = {} against {DR}",
            (score - penalty).abs(),
            o.total
        );
        (o, words)
    };
    let mut line = format!("{says}: {}", if outcome.success { "pass" } else { "fail" });
    if !why.is_empty() {
        line.push_str(&format!(" ({})", why.join(", ")));
    }
    if flat && advantage == Advantage::Disadvantage {
        line.push_str(" [Disadvantage as −4]");
    }
    ctx.ruling(rule, Some(who), line);
    let natural = outcome.natural;
    Ok(Tested { outcome, twenty: natural == Some(20), one: natural == Some(1) })
}

/// How a stat reads in a label: attributes in capitals, Skill and Level as words.
pub(crate) fn stat_words(key: &str) -> String {
    match key {
        SKILL => "Skill".into(),
        super::block::LEVEL => "Level".into(),
        other => other.to_uppercase(),
    }
}
