//! Headless auto-play: one fight played out by a policy per side, through the same
//! `system::handle` the table uses, with the app's dice, until one side is out of the fight
//! or the round limit.
//!
//! Each step asks the procedure for its prompts, lets the policy weigh every allowed option
//! (an option is chosen by the side whose combatant it is about), and takes the best; when no
//! option is worth taking the policy may make a move of its own (walk toward a foe), and
//! otherwise presses Next. A step the rules refuse is never retried the same way.

use super::policy::{self, Look, Tactics};
use super::stalemate;
use crate::command::Command;
use crate::dice::SeededDice;
use crate::encounter::{Encounter, WordsRead};
use crate::history::History;
use crate::ids::{CombatantId, SideId};
use crate::system::presentation::Standing;
use crate::system::{self, System};

/// The round after which a fight still going counts as undecided, unless told: far past
/// any fight that moves. d12's fights, the longest (Stress, then Wound Points, and the dying
/// still act), last a median 11 to 13 rounds and a few in a hundred reach 25 or 30; a fight
/// that cannot move ends sooner, as no way between the sides ([`super::stalemate`]).
pub const ROUND_LIMIT: u32 = 50;

/// How a fight is played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rules {
    /// A fight still going after this many rounds stops (counted as nobody's win).
    pub round_limit: u32,
    /// The party runs once half of it or more is out of the fight (see [`party_breaks`]);
    /// otherwise it never runs.
    pub party_flees: bool,
}

impl Default for Rules {
    fn default() -> Self {
        Rules { round_limit: ROUND_LIMIT, party_flees: false }
    }
}

impl Rules {
    /// What the party does when the fight goes badly, in plain words, for the assumptions.
    pub fn party_words(&self) -> &'static str {
        if self.party_flees {
            "The party runs once half of it is out (down, dead or fled): the fight ends there and whoever still stands gets away; the escape itself is not played. Foes break by the rules' morale."
        } else {
            "The party never runs away; foes break by the rules' morale."
        }
    }
}

/// How one fight ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// Every foe is out and someone of the party still stands.
    PartyWon,
    /// Every member of the party is out.
    PartyLost,
    /// Half the party or more was out and the rest ran ([`Rules::party_flees`]).
    PartyFled,
    /// Both sides out at once, the round limit reached, or nothing left to do.
    Undecided,
    /// A whole round changed nothing and no member of the party can reach or see a foe, even
    /// through doors ([`super::stalemate`]): the sides are walled apart.
    NoWay,
    /// The rules refused a command after changing the fight (a procedure's refusal after its
    /// first event, which handling in place makes visible): a fault of the rules, counted on
    /// its own and never played on.
    RulesFault,
}

/// What became of one character by the end of a fight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Fate {
    /// It was out of the fight (down, dying, dead) at some point.
    pub went_down: bool,
    /// It is dead at the end.
    pub died: bool,
}

/// One fight's result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FightResult {
    /// How it ended.
    pub ending: Ending,
    /// Rounds fought (the round it ended in).
    pub rounds: u32,
    /// Each character of the party, in the encounter's order.
    pub fates: Vec<(CombatantId, Fate)>,
    /// Every character down or dead at the end (none fled or standing).
    pub party_wiped: bool,
    /// Commands taken.
    pub steps: u32,
}

/// What became of a command the fight was given.
enum Ran {
    /// The rules took it.
    Taken,
    /// The rules refused it, leaving the fight as it was.
    Refused,
    /// The rules refused it after changing the fight: half a command (see [`Ending::RulesFault`]).
    Fault,
}

/// Steps a fight may take before it is called stuck: far beyond any real fight.
const STEP_LIMIT: u32 = 20_000;

/// Where a fight's commands go: straight into the encounter (fast), or through a
/// [`History`] so the fight can be journaled and replayed.
enum Board {
    Fast { enc: Box<Encounter>, stream: u64 },
    Journaled(Box<History>),
}

impl Board {
    fn state(&self) -> &Encounter {
        match self {
            Board::Fast { enc, .. } => enc,
            Board::Journaled(h) => h.state(),
        }
    }

    /// Handles `command` with the app's dice, in place on the fast board.
    fn run(&mut self, system: &dyn System, seed: u64, command: Command) -> Ran {
        match self {
            Board::Fast { enc, stream } => {
                // A stream per command the rules take, as a history numbers them, so a fight
                // played here and the same fight journaled roll the same dice.
                let mut dice = SeededDice::new(seed, *stream);
                let applied = enc.applied.0;
                match system::handle(system, enc, command, &mut dice) {
                    Ok(_) => {
                        *stream += 1;
                        Ran::Taken
                    }
                    Err(_) if enc.applied.0 != applied => Ran::Fault,
                    Err(_) => Ran::Refused,
                }
            }
            Board::Journaled(h) => {
                let mut dice = SeededDice::new(h.state().seed, h.next_stream());
                if h.execute(command, &mut dice).is_ok() { Ran::Taken } else { Ran::Refused }
            }
        }
    }
}

/// Plays the fight in `start` to its end with the procedure's `tactics` and the dice of `seed`.
pub fn play_fight(
    system: &'static dyn System,
    tactics: &dyn Tactics,
    start: &Encounter,
    seed: u64,
    rules: &Rules,
) -> FightResult {
    let mut enc = Box::new(start.clone());
    // Nothing reads a simulated fight's rulings or roll labels: the rules skip them.
    enc.words = WordsRead(false);
    let mut board = Board::Fast { enc, stream: 0 };
    drive(system, tactics, &mut board, seed, rules)
}

/// Plays the fight like [`play_fight`] and keeps its history, to journal one sample fight.
/// The encounter's seed becomes `seed`, so `fray replay` checks the journal's dice.
pub fn play_journaled(
    system: &'static dyn System,
    tactics: &dyn Tactics,
    start: &Encounter,
    seed: u64,
    rules: &Rules,
) -> (FightResult, History) {
    let mut base = start.clone();
    base.seed = seed;
    let mut board = Board::Journaled(Box::new(History::new(base)));
    let result = drive(system, tactics, &mut board, seed, rules);
    let Board::Journaled(history) = board else { unreachable!("made journaled above") };
    (result, *history)
}

fn drive(
    system: &'static dyn System,
    tactics: &dyn Tactics,
    board: &mut Board,
    seed: u64,
    rules: &Rules,
) -> FightResult {
    let party: Vec<CombatantId> = party_members(board.state());
    let mut fates: Vec<(CombatantId, Fate)> =
        party.iter().map(|id| (*id, Fate::default())).collect();
    // The policy's own coin (for ties between equal choices), apart from the dice.
    let mut coin = SeededDice::new(seed, u64::MAX);
    let mut steps = 0;
    // Commands refused since the last accepted one: never tried twice in a row.
    let mut refused: Vec<Command> = Vec::new();
    let mut stuck = false;
    let mut taken: Vec<Command> = Vec::new();
    // The board as the round began, to tell a round in which nothing happened.
    let mut round_began = (board.state().round, stalemate::board_print(board.state()));
    let ending = loop {
        note_fates(system, board.state(), &mut fates);
        if let Some(ending) = decided(system, board.state()) {
            break ending;
        }
        if rules.party_flees && party_breaks(system, board.state(), &party) {
            break Ending::PartyFled;
        }
        if board.state().round != round_began.0 {
            let now = stalemate::board_print(board.state());
            if now == round_began.1 && stalemate::no_way(system, tactics, board.state()) {
                break Ending::NoWay;
            }
            round_began = (board.state().round, now);
        }
        if board.state().round > rules.round_limit || steps >= STEP_LIMIT {
            break Ending::Undecided;
        }
        let look = Look { refused: &refused, stuck, taken: &taken };
        let command = policy::choose(system, tactics, board.state(), &look, &mut coin)
            .unwrap_or(Command::Advance);
        steps += 1;
        let ran = board.run(system, seed, command.clone());
        if matches!(ran, Ran::Fault) {
            break Ending::RulesFault;
        }
        if matches!(ran, Ran::Taken) {
            refused.clear();
            stuck = false;
            taken.push(command);
        } else if matches!(command, Command::Advance) {
            if stuck {
                // Next refused and not even a last resort left: the fight cannot go on.
                break Ending::Undecided;
            }
            stuck = true;
        } else {
            refused.push(command);
        }
    };
    let enc = board.state();
    let party_wiped = !fates.is_empty()
        && fates.iter().all(|(id, _)| {
            enc.combatant(*id).is_none_or(|c| {
                system.is_out(enc, c) && system::presentation::standing(c) != Standing::Fled
            })
        });
    FightResult { ending, rounds: enc.round.max(1), fates, party_wiped, steps }
}

/// The party's characters now on the board.
fn party_members(enc: &Encounter) -> Vec<CombatantId> {
    enc.combatants.values().filter(|c| enc.is_party(c.id)).map(|c| c.id).collect()
}

/// Whether half of `party` or more is out of the fight (a member taken off the board
/// counts as out): the moment a party that may run, runs.
pub fn party_breaks(system: &dyn System, enc: &Encounter, party: &[CombatantId]) -> bool {
    let out = party
        .iter()
        .filter(|id| enc.combatant(**id).is_none_or(|c| !c.on_board() || system.is_out(enc, c)))
        .count();
    !party.is_empty() && out * 2 >= party.len()
}

/// Marks who is down now, and who is dead.
fn note_fates(system: &dyn System, enc: &Encounter, fates: &mut [(CombatantId, Fate)]) {
    for (id, fate) in fates {
        match enc.combatant(*id) {
            Some(c) => {
                let standing = system::presentation::standing(c);
                if system.is_out(enc, c) && standing != Standing::Fled {
                    fate.went_down = true;
                }
                fate.died = standing == Standing::Dead;
            }
            None => fate.went_down = true,
        }
    }
}

/// Whether one side has won: every combatant of the party out, or every foe. One pass,
/// each combatant asked once: this is asked at every step.
fn decided(system: &dyn System, enc: &Encounter) -> Option<Ending> {
    match crate::system::verdict::standing(system, enc) {
        (true, true) => None,
        (true, false) => Some(Ending::PartyWon),
        (false, true) => Some(Ending::PartyLost),
        (false, false) => Some(Ending::Undecided),
    }
}

/// The sides of the fight: the party's and the others'.
pub fn sides(enc: &Encounter) -> (Vec<SideId>, Vec<SideId>) {
    enc.sides.values().map(|s| (s.id, s.party)).fold(
        (Vec::new(), Vec::new()),
        |(mut party, mut foes), (id, p)| {
            if p {
                party.push(id)
            } else {
                foes.push(id)
            }
            (party, foes)
        },
    )
}
