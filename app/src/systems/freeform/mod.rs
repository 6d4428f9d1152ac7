//! Freeform: the fallback for any game. The GM sets the order and rolls what they like; Fray
//! passes the turns, tracks HP and conditions, and journals everything.

use crate::command::Command;
use crate::dice::DiceSource;
use crate::encounter::{Encounter, OrderEntry};
use crate::event::{Event, EventKind};
use crate::ids::CombatantId;
use crate::journal::Style;
use crate::space::{Distance, RangeBand, band_from_table};
use crate::system::Step as _;
use crate::system::schema::{Field, Kind};
use crate::system::{
    BlockSchema, Ctx, Departure, Emitter, Kept, Left, Phase, Procedure, Prompt, PromptOption,
    RuleError, Rules, SettingSpec, handle_common, set_order_keeping_turn,
};
use serde::{Deserialize, Serialize};

/// The freeform system.
#[derive(Debug, Clone, Copy, Default)]
pub struct Freeform;

/// Setting: pass over combatants marked with one of [`OUT_CONDITIONS`].
pub const SKIP_OUT: &str = "skip_out";

/// Conditions that take a combatant out of the turn order when [`SKIP_OUT`] is on.
pub const OUT_CONDITIONS: [&str; 3] = ["dead", "down", "fled"];

/// One attack of a freeform block.
const ATTACK: &[Field] = &[
    Field::new("name", "Name", Kind::Text { multiline: false }).required(),
    Field::new("damage", "Damage", Kind::Dice).help("Dice notation, e.g. d6 or 2d4+1"),
];

/// A freeform block: the numbers most games share, all optional but HP.
const SCHEMA: BlockSchema = BlockSchema {
    fields: &[
        Field::new("tracks.hp", "HP", Kind::Track { min: 0, max: 9999 }).required().default("5"),
        Field::new("stats.armor", "Armor", Kind::Whole { min: -99, max: 999, only: &[] })
            .help("Armour class or armour value, as the game counts it"),
        Field::new("stats.attack", "Attack", Kind::Whole { min: -99, max: 999, only: &[] })
            .help("Attack bonus"),
        Field::new("stats.morale", "Morale", Kind::Whole { min: -99, max: 999, only: &[] }),
        Field::new("attacks", "Attacks", Kind::List { item: ATTACK, noun: "attack" }),
        Field::new("notes", "Notes", Kind::Text { multiline: true }),
    ],
};

crate::system::steps! {
    /// Phase before the first round.
    Setup = "setup", "Set up";
    /// Phase in which combatants take their turns.
    Turns = "turns", "Turns";
    /// Phase after the last turn of a round.
    End = "end", "End of round";
}

/// Freeform has no commands of its own: the shared ones are all it takes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum FreeformCommand {}

/// Nor facts of its own.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum FreeformEvent {}

/// Nor anything to keep between events.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct FreeformState {}

impl Kept<FreeformEvent> for FreeformState {
    fn is_empty(&self) -> bool {
        true
    }

    fn apply(&mut self, event: &FreeformEvent) {
        match *event {}
    }
}

crate::system::registry::own_types!(Freeform: FreeformCommand, FreeformEvent, FreeformState => freeform);

impl Procedure for Freeform {
    const ID: &'static str = "freeform";
    const NAME: &'static str = "Freeform";
    const SYSTEM: &'static dyn crate::system::System = &Freeform;
    const PHASES: &'static [Phase] = PHASES;
    type Step = Step;
    const SCHEMA: BlockSchema = SCHEMA;
    type Command = FreeformCommand;
    type Event = FreeformEvent;
    type State = FreeformState;

    fn handle_own(
        &self,
        _enc: &mut Encounter,
        command: FreeformCommand,
        _dice: &mut dyn DiceSource,
    ) -> Result<Vec<Event>, RuleError> {
        match command {}
    }

    fn handle_other(
        &self,
        enc: &mut Encounter,
        command: Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Event>, RuleError> {
        match command {
            Command::Advance => advance(enc),
            Command::Delay { id } => delay(enc, id),
            Command::SetOrder { order } => {
                set_order_keeping_turn(self, enc, order, Step::Turns.now(enc), dice)
            }
            other => handle_common(self, enc, other, dice),
        }
    }

    fn journal(_out: &mut String, _enc: &Encounter, event: &FreeformEvent, _: &dyn Style) {
        match *event {}
    }
}

impl Rules for Freeform {
    /// Its words cost little: written either way.
    fn prompts_worded(&self, enc: &Encounter, _: crate::system::Wording) -> Vec<Prompt> {
        match Step::of(enc) {
            Some(Step::Turns) => turn_prompts(enc),
            Some(Step::End) => vec![Prompt::round_over(enc)],
            _ => {
                let mut start = Prompt::ready_to_fight(enc);
                let option = &mut start.options[0];
                if option.enabled && enc.order.is_empty() {
                    option.reason = Some("nobody ordered yet: the order will be as listed".into());
                }
                vec![start]
            }
        }
    }

    fn allows_grid(&self) -> bool {
        true
    }

    fn settle_departure(&self, ctx: &mut Ctx<'_>, left: &Left) -> Result<(), RuleError> {
        settle(ctx, left);
        Ok(())
    }

    fn range_band(&self, distance: Option<Distance>) -> RangeBand {
        // On a grid: adjacent is Close; a move away Near; a bowshot Far.
        band_from_table(
            distance,
            &[(0, "Close"), (1, "Near"), (2, "Far")],
            &[(5, "Close"), (30, "Near"), (120, "Far")],
            "Distant",
        )
    }

    fn settings(&self) -> Vec<SettingSpec> {
        vec![SettingSpec {
            key: SKIP_OUT,
            label: "Skip the fallen",
            help: "Passing the turn jumps over anyone marked dead, down or fled.",
            default: serde_json::Value::Bool(true),
            choices: &[],
        }]
    }
}

fn turn_prompts(enc: &Encounter) -> Vec<Prompt> {
    let acting = enc.acting();
    let Some(&first) = acting.first() else { return Vec::new() };
    let name = enc.name_of(first);
    let mut options = vec![PromptOption::allowed("End turn", Command::Advance).main()];
    let delay = Command::Delay { id: first };
    let last = enc.turn.is_some_and(|t| t + 1 >= enc.order.len());
    options.push(if last {
        PromptOption::forbidden("Delay to the end", delay, "already last in the order")
    } else {
        PromptOption::allowed("Delay to the end", delay)
    });
    vec![Prompt {
        id: format!("turn-{first}"),
        title: format!("{name}'s turn"),
        actor: Some(first),
        options,
    }]
}

/// The acting combatant moves to the end of the order; the place it left now holds the next
/// one, who acts at once.
fn delay(enc: &mut Encounter, id: CombatantId) -> Result<Vec<Event>, RuleError> {
    let Some(turn) = enc.turn.filter(|_| crate::system::acts_now(enc, Step::Turns, id)) else {
        return Err(RuleError::NotAllowed(format!("{} is not acting now", enc.name_of(id))));
    };
    if turn + 1 >= enc.order.len() {
        return Err(RuleError::NotAllowed(format!(
            "{} is already last in the order",
            enc.name_of(id)
        )));
    }
    let mut order = enc.order.to_vec();
    let mut place = order.remove(turn);
    place.reason = "delayed".into();
    order.push(place);
    let mut out = Emitter::new(enc);
    out.push("freeform.delay", Some(id), EventKind::OrderSet { order: order.clone() });
    let next = next_turn(enc, &order, turn.checked_sub(1));
    let actor = next.and_then(|i| order[i].combatants.first().copied());
    out.push("freeform.delay", actor, EventKind::TurnStarted { index: next });
    Ok(out.apply_to(enc))
}

fn is_out(enc: &Encounter, entry: &OrderEntry) -> bool {
    if !enc.flag(SKIP_OUT, true) {
        return entry.combatants.is_empty();
    }
    entry.combatants.iter().all(|id| {
        enc.combatant(*id).is_none_or(|c| OUT_CONDITIONS.iter().any(|o| c.conditions.contains(*o)))
    })
}

/// Someone who acts now left (removed, or marked dead while the fallen are skipped): when
/// nobody else of their place can act, the turn passes to the next place, as Next would —
/// the board never waits on an empty place.
fn settle(ctx: &mut Ctx<'_>, left: &Left) {
    let enc = &ctx.enc;
    if !Step::Turns.now(enc) {
        return;
    }
    let Some(turn) = enc.turn else { return };
    let Some(entry) = enc.order.get(turn) else { return };
    if !entry.combatants.contains(&left.id) {
        return;
    }
    // The place as it is once they are gone.
    let gone = |e: &OrderEntry| OrderEntry {
        combatants: e.combatants.iter().copied().filter(|c| *c != left.id).collect(),
        ..e.clone()
    };
    let order: Vec<OrderEntry> = enc.order.iter().map(gone).collect();
    let still = match left.how {
        Departure::Removed | Departure::Dead => !is_out(enc, &order[turn]),
        // Off the board or on another side, they may still act: the GM's call.
        Departure::OffBoard | Departure::SideChanged => true,
    };
    if still {
        return;
    }
    let next = next_turn(enc, &order, Some(turn));
    let actor = next.and_then(|i| order[i].combatants.first().copied());
    let says = match actor {
        Some(a) => format!("{}: the turn passes to {}", left.says(), enc.name_of(a)),
        None => format!("{}: nobody is left to act this round", left.says()),
    };
    ctx.ruling("freeform.departure", None, says);
    ctx.push("freeform.turn", actor, EventKind::TurnStarted { index: next });
    if next.is_none() {
        ctx.push("freeform.round", None, Step::End.entered());
    }
}

/// The next place after `from` (exclusive) whose combatants can still act.
fn next_turn(enc: &Encounter, order: &[OrderEntry], from: Option<usize>) -> Option<usize> {
    let start = from.map_or(0, |t| t + 1);
    (start..order.len()).find(|&i| !is_out(enc, &order[i]))
}

fn advance(enc: &mut Encounter) -> Result<Vec<Event>, RuleError> {
    let mut out = Emitter::new(enc);
    match Step::of(enc) {
        Some(Step::Turns) => match next_turn(enc, &enc.order, enc.turn) {
            Some(i) => out.push(
                "freeform.turn",
                enc.order[i].combatants.first().copied(),
                EventKind::TurnStarted { index: Some(i) },
            ),
            None => {
                out.push("freeform.turn", None, EventKind::TurnStarted { index: None });
                out.push("freeform.round", None, Step::End.entered());
            }
        },
        _ => {
            // Only the first round needs someone: a fight whose last combatant was removed
            // may still go on to the next round (the GM is about to add more).
            if enc.round == 0 && enc.combatants.is_empty() {
                return Err(RuleError::NotAllowed(
                    "add at least one combatant before starting".into(),
                ));
            }
            let mut order = enc.order.to_vec();
            if order.iter().all(|e| e.combatants.is_empty()) {
                order = enc
                    .combatants
                    .keys()
                    .map(|id| OrderEntry {
                        combatants: vec![*id],
                        count: None,
                        reason: "as listed".into(),
                    })
                    .collect();
                out.push("freeform.order", None, EventKind::OrderSet { order: order.clone() });
            }
            out.push("freeform.round", None, EventKind::RoundStarted { round: enc.round + 1 });
            out.push("freeform.round", None, Step::Turns.entered());
            let first = next_turn(enc, &order, None);
            let actor = first.and_then(|i| order[i].combatants.first().copied());
            out.push("freeform.turn", actor, EventKind::TurnStarted { index: first });
        }
    }
    Ok(out.apply_to(enc))
}

#[cfg(test)]
mod tests;
