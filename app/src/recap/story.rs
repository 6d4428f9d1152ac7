//! The fight as a story: who did what to whom, command by command, in the order it happened —
//! each blow with how it fell and the harm it did, harm from no blow, who went out and by whose
//! hand, who got points back. Folded with the figures ([`super::fight`]); the shared pages tell
//! it a round at a paragraph, while the full journal (phases, turns, declarations) is one
//! click away. Not written in the JSON: it is a reading of the journal, which stays whole.

use super::facts::Outcome;
use super::figures::{FightRecap, Points};
use crate::ids::CombatantId;

/// One thing that happened, in the round it happened.
#[derive(Debug, Clone, PartialEq)]
pub struct Beat {
    /// The round (0: before the fight began).
    pub round: u32,
    /// What happened.
    pub what: What,
}

/// What a beat tells.
#[derive(Debug, Clone, PartialEq)]
pub enum What {
    /// `by` struck at `on`; the harm `on` took from it in that command.
    Blow {
        /// The striker.
        by: CombatantId,
        /// The target.
        on: CombatantId,
        /// How it fell.
        outcome: Outcome,
        /// The harm it did, per track (none when it missed or did no harm).
        points: Points,
    },
    /// Harm taken from no blow of that command: `by`'s (a counter, a spell, damage rolled
    /// later) or nobody's (bleeding, strain, the GM's hand).
    Harm {
        /// Whose harm, if anyone's.
        by: Option<CombatantId>,
        /// Who took it.
        on: CombatantId,
        /// Per track.
        points: Points,
    },
    /// `who` went out of the fight, in the procedure's word ("Dead", "Fled", "Out").
    Out {
        /// Who.
        who: CombatantId,
        /// By whose hand, if anyone's.
        by: Option<CombatantId>,
        /// How it stands now.
        word: String,
    },
    /// `who` got `points` back on its harm tracks.
    Healed {
        /// Who.
        who: CombatantId,
        /// Points back, every track summed.
        points: i64,
    },
}

impl What {
    /// Everyone this beat names.
    pub fn names(&self) -> Vec<CombatantId> {
        match self {
            What::Blow { by, on, .. } => vec![*by, *on],
            What::Harm { by, on, .. } => by.iter().copied().chain([*on]).collect(),
            What::Out { who, by, .. } => by.iter().copied().chain([*who]).collect(),
            What::Healed { who, .. } => vec![*who],
        }
    }
}

/// The beat as a sentence. `numbers`: whether harm is told in points.
pub fn sentence(r: &FightRecap, what: &What, numbers: bool) -> String {
    let name = |id: CombatantId| r.name_of(id).to_owned();
    let harm = |p: &Points| {
        if numbers { format!(": {}", super::words::points(r, p)) } else { String::new() }
    };
    match what {
        What::Blow { by, on, outcome: Outcome::Landed, points } if !points.is_empty() => {
            format!("{} hit {}{}.", name(*by), name(*on), harm(points))
        }
        What::Blow { by, on, outcome: Outcome::Landed, .. } => {
            format!("{} hit {}, who took no harm.", name(*by), name(*on))
        }
        What::Blow { by, on, outcome: Outcome::Missed, .. } => {
            format!("{} missed {}.", name(*by), name(*on))
        }
        What::Blow { by, on, outcome: Outcome::Avoided, .. } => {
            format!("{} turned aside {}'s blow.", name(*on), name(*by))
        }
        What::Harm { by: Some(by), on, points } => {
            format!("{} harmed {}{}.", name(*by), name(*on), harm(points))
        }
        What::Harm { by: None, on, points } if numbers => {
            format!("{} lost {} to no one's blow.", name(*on), super::words::points(r, points))
        }
        What::Harm { by: None, on, .. } => format!("{} was harmed by no one's blow.", name(*on)),
        What::Out { who, by: Some(by), word } => {
            format!("{} took {} out ({}).", name(*by), name(*who), word.to_lowercase())
        }
        What::Out { who, by: None, word } => {
            format!("{} went out ({}).", name(*who), word.to_lowercase())
        }
        What::Healed { who, points } if numbers => format!("{} got {points} back.", name(*who)),
        What::Healed { who, .. } => format!("{} got some back.", name(*who)),
    }
}

/// The story a round at a time: `(round, sentences)`, rounds in order, only those with beats.
pub fn by_round(r: &FightRecap, numbers: bool) -> Vec<(u32, Vec<String>)> {
    let mut out: Vec<(u32, Vec<String>)> = Vec::new();
    for beat in &r.story {
        let line = sentence(r, &beat.what, numbers);
        match out.last_mut() {
            Some((round, lines)) if *round == beat.round => lines.push(line),
            _ => out.push((beat.round, vec![line])),
        }
    }
    out
}

/// The heading of a round's paragraph: "Round 2", "Before the fight".
pub fn round_title(round: u32) -> String {
    if round == 0 { "Before the fight".to_owned() } else { format!("Round {round}") }
}
