//! Encounter odds: the fight played out many times by [`super::autoplay`], spread over the
//! cores, and what tends to happen, each figure with its 95% interval and the assumptions
//! that produced it.
//!
//! Fight `i` of a run plays on dice seeded from the run's seed and `i` alone, and the
//! results are counted in fight order, so a seed gives the same odds on any number of
//! threads. A run stops as soon as its figures are precise enough ([`super::stopping`]),
//! between batches of fights, so where it stops depends on the seed alone too.

use super::autoplay::{self, Ending, FightResult, Rules};
use super::policy::SHARED_ASSUMPTIONS;
use super::stats::{Proportion, Quantile};
use super::stopping::{self, Stop};
use crate::encounter::Encounter;
use crate::ids::CombatantId;
use crate::system::System;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

/// The most fights a run plays unless told; it stops sooner once its figures are precise
/// enough (see [`super::stopping`]).
pub const DEFAULT_RUNS: u32 = 10_000;
/// The most fights one run may play: ten times the default, whose intervals are already
/// within a few tenths of a point; a run keeps every fight's result until it is counted, so
/// this also bounds its memory.
pub const MAX_RUNS: u32 = 100_000;

/// What to play.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    /// The most fights to play; all of them when `exact`.
    pub runs: u32,
    /// Play exactly `runs` fights instead of stopping once the figures are precise enough.
    pub exact: bool,
    /// How near every headline figure's 95% interval must come, in percentage points, for
    /// the run to stop before `runs` ([`stopping::DEFAULT_PRECISION`] unless told).
    pub precision: f64,
    /// The run's seed: the same seed, the same odds.
    pub seed: u64,
    /// Threads to use (0: every core). More than the machine has cores are not used: a
    /// thread more than a core only waits its turn.
    pub threads: usize,
    /// How each fight is played.
    pub rules: Rules,
}

impl Default for Request {
    fn default() -> Self {
        Request {
            runs: DEFAULT_RUNS,
            exact: false,
            precision: stopping::DEFAULT_PRECISION,
            seed: 1,
            threads: 0,
            rules: Rules::default(),
        }
    }
}

/// A run's progress, read by another thread, and its cancel switch.
#[derive(Debug, Default)]
pub struct Progress {
    done: AtomicU32,
    cancelled: AtomicBool,
    /// The figures of the fights counted so far, after each batch.
    so_far: Mutex<Option<Odds>>,
}

impl Progress {
    /// Fights finished so far.
    pub fn done(&self) -> u32 {
        self.done.load(Ordering::Relaxed)
    }

    /// Stops the run as soon as the fights under way end.
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
    }

    /// Whether the run was asked to stop.
    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }

    /// The figures of the fights counted so far (after the first batch), to show them
    /// filling in while the run goes on.
    pub fn so_far(&self) -> Option<Odds> {
        self.so_far.lock().map_or(None, |odds| odds.clone())
    }

    fn publish(&self, odds: &Odds) {
        if let Ok(mut so_far) = self.so_far.lock() {
            *so_far = Some(odds.clone());
        }
    }
}

/// Why no odds came out.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum OddsError {
    /// The procedure has no rules the app can play.
    #[error("{0} has no rules of its own for Fray to play; odds need a combat procedure")]
    NoTactics(String),
    /// Nobody on one side.
    #[error("odds need someone on the party's side and someone against them")]
    NoFight,
    /// A fight under way in which one side is already all out: nothing left to play from
    /// here, but the fight from its start may still be asked.
    #[error(
        "the fight is over as it stands in round {0}: one side has nobody left in it; play it from the board before the fight"
    )]
    Over(u32),
    /// A run of no fights.
    #[error("odds need at least one fight (--runs 1 or more)")]
    NoRuns,
    /// More fights than one run may play.
    #[error("{0} fights are more than one run plays: at most {MAX_RUNS}")]
    TooManyRuns(u32),
    /// A precision no run can be asked for.
    #[error(
        "a precision of {0} points is not one a run can stop at: from {finest} to {coarsest} points",
        finest = stopping::FINEST,
        coarsest = stopping::COARSEST
    )]
    Precision(f64),
    /// The GM cancelled before any fight was counted.
    #[error("cancelled")]
    Cancelled,
}

/// A share of no fights, for odds stored before the figure existed.
fn no_fights() -> Proportion {
    Proportion::of(0, 0)
}

/// One character's chances.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CharacterOdds {
    /// Who.
    pub id: CombatantId,
    /// Its name.
    pub name: String,
    /// Out of the fight (down, dying or dead) at some point.
    pub down: Proportion,
    /// Dead at the end.
    pub dies: Proportion,
}

/// What tends to happen.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Odds {
    /// The procedure played.
    pub system: crate::ids::SystemId,
    /// Fights played.
    pub runs: u32,
    /// Why the run played that many.
    #[serde(default)]
    pub stop: Stop,
    /// How near every figure was asked to come, in percentage points, for a run that may
    /// stop early; none for a fixed count (and left out of the JSON then, as before runs
    /// could be asked a precision).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub precision: Option<f64>,
    /// The run's seed.
    pub seed: u64,
    /// The round the fights started from (0: before the fight).
    pub from_round: u32,
    /// The party won: every foe out and someone of the party standing.
    pub party_wins: Proportion,
    /// The party lost: all of it out.
    pub party_loses: Proportion,
    /// The party ran with half of it out (only when [`Rules::party_flees`]).
    pub party_fled: Proportion,
    /// Neither by the round limit (or both out at once): still fighting there.
    pub undecided: Proportion,
    /// The sides walled apart: a round in which nothing happened and no way between them.
    #[serde(default = "no_fights")]
    pub no_way: Proportion,
    /// Fights stopped by a fault of the rules: a command refused after it changed the fight
    /// ([`Ending::RulesFault`]). None, unless a procedure has a bug; shown only then.
    #[serde(default = "no_fights")]
    pub rules_fault: Proportion,
    /// Every character down or dead (none fled).
    pub party_wiped: Proportion,
    /// Each character.
    pub characters: Vec<CharacterOdds>,
    /// Rounds fought: the median.
    pub rounds_median: Quantile,
    /// Rounds fought: the 90th percentile.
    pub rounds_p90: Quantile,
    /// How many fights lasted each number of rounds (round, fights), ascending.
    pub rounds: Vec<(u32, u32)>,
    /// How the fights were played, in plain words.
    pub assumptions: Vec<String>,
}

impl Odds {
    /// Why the run played as many fights as it did, in words, after "N fights".
    pub fn stop_words(&self) -> String {
        self.stop.words(self.precision)
    }

    /// How long the fights lasted, in words: "median 7 (7–7), 9 fights in 10 within 13
    /// (13–14)", each with its interval.
    pub fn rounds_words(&self) -> String {
        let (m, p) = (&self.rounds_median, &self.rounds_p90);
        format!(
            "median {} ({}–{}), 9 fights in 10 within {} ({}–{})",
            m.value, m.low, m.high, p.value, p.low, p.high
        )
    }
}

/// The threads a run asking for `asked` uses: the machine's cores when it asks for none or
/// for more than it has.
pub fn threads_for(asked: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    if asked == 0 { cores } else { asked.min(cores) }
}

/// Plays `request.runs` fights from `start` (a board before the fight, or a fight under way)
/// and counts what happened. `progress` counts finished fights and may cancel.
pub fn run(start: &Encounter, request: &Request, progress: &Progress) -> Result<Odds, OddsError> {
    let system = start.system();
    let tactics = system.tactics().ok_or_else(|| OddsError::NoTactics(system.name().into()))?;
    if request.runs == 0 {
        return Err(OddsError::NoRuns);
    }
    if request.runs > MAX_RUNS {
        return Err(OddsError::TooManyRuns(request.runs));
    }
    if !request.exact && !stopping::valid_precision(request.precision) {
        return Err(OddsError::Precision(request.precision));
    }
    if !both_sides_in(system, start) {
        // Over as it stands, but not from its start: say how it can still be asked.
        return Err(if start.round > 0 && both_sides_in(system, &start.board()) {
            OddsError::Over(start.round)
        } else {
            OddsError::NoFight
        });
    }
    let play = |i: u32| -> Option<FightResult> {
        if progress.is_cancelled() {
            return None;
        }
        let result = autoplay::play_fight(
            system,
            tactics,
            start,
            fight_seed(request.seed, i),
            &request.rules,
        );
        progress.done.fetch_add(1, Ordering::Relaxed);
        Some(result)
    };
    let threads = threads_for(request.threads);
    let pool = (threads > 1).then(|| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a thread pool of the machine's cores")
    });
    let mut results: Vec<FightResult> = Vec::new();
    let mut counted: Option<Odds> = None;
    for end in stopping::batch_ends(request.runs) {
        let first = results.len() as u32;
        let batch: Vec<Option<FightResult>> = match &pool {
            None => (first..end).map(play).collect(),
            Some(pool) => pool.install(|| (first..end).into_par_iter().map(play).collect()),
        };
        if progress.is_cancelled() {
            // A batch cut short is not counted: what is shown stays what was counted.
            break;
        }
        results.extend(batch.into_iter().flatten());
        let mut odds = tally(system, start, request, &results, tactics.assumptions());
        let precise = stopping::precise_enough(&odds, request.precision);
        odds.stop = match (request.exact, precise) {
            (true, _) => Stop::Exact,
            (false, true) => Stop::Precise,
            (false, false) => Stop::Cap,
        };
        if end >= request.runs || odds.stop == Stop::Precise {
            progress.publish(&odds);
            return Ok(odds);
        }
        // Shown while the run goes on: not yet the cap, nor a fixed count played.
        progress.publish(&Odds { stop: Stop::Running, ..odds.clone() });
        counted = Some(odds);
    }
    match counted {
        Some(mut odds) => {
            odds.stop = Stop::Cancelled;
            Ok(odds)
        }
        None => Err(OddsError::Cancelled),
    }
}

/// Whether someone of the party and someone against it are still in the fight in `enc`.
fn both_sides_in(system: &dyn System, enc: &Encounter) -> bool {
    let (party, foes) = autoplay::sides(enc);
    let has = |sides: &[crate::ids::SideId]| {
        enc.combatants.values().any(|c| sides.contains(&c.side) && !system.is_out(enc, c))
    };
    has(&party) && has(&foes)
}

/// Fight `i` of the run `request` played again with its journal: the same dice, the same
/// choices, so the GM can read how one of the counted fights went.
pub fn sample_fight(
    start: &Encounter,
    request: &Request,
    i: u32,
) -> Result<(FightResult, crate::history::History), OddsError> {
    let system = start.system();
    let tactics = system.tactics().ok_or_else(|| OddsError::NoTactics(system.name().into()))?;
    Ok(autoplay::play_journaled(
        system,
        tactics,
        start,
        fight_seed(request.seed, i),
        &request.rules,
    ))
}

/// The seed of fight `i`: the run's seed and the fight's number mixed (SplitMix64), so
/// neighbouring fights share nothing.
pub fn fight_seed(seed: u64, i: u32) -> u64 {
    let mut z = seed ^ (u64::from(i) + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn tally(
    system: &dyn System,
    start: &Encounter,
    request: &Request,
    results: &[FightResult],
    own: &[&str],
) -> Odds {
    let n = results.len() as u32;
    let count = |f: &dyn Fn(&FightResult) -> bool| {
        Proportion::of(results.iter().filter(|r| f(r)).count() as u32, n)
    };
    let characters = start
        .combatants
        .values()
        .filter(|c| start.is_party(c.id))
        .map(|c| CharacterOdds {
            id: c.id,
            name: c.name.clone(),
            down: count(&|r| r.fates.iter().any(|(id, f)| *id == c.id && f.went_down)),
            dies: count(&|r| r.fates.iter().any(|(id, f)| *id == c.id && f.died)),
        })
        .collect();
    let mut rounds: Vec<u32> = results.iter().map(|r| r.rounds).collect();
    rounds.sort_unstable();
    let mut histogram: Vec<(u32, u32)> = Vec::new();
    for r in &rounds {
        match histogram.last_mut() {
            Some((round, fights)) if round == r => *fights += 1,
            _ => histogram.push((*r, 1)),
        }
    }
    let mut assumptions: Vec<String> = SHARED_ASSUMPTIONS
        .iter()
        .chain(&[request.rules.party_words()])
        .chain(own)
        .map(|s| (*s).to_owned())
        .collect();
    assumptions.push(format!(
        "{} fights of {} with app dice from seed {}; a fight still going after round {} counts as undecided; one in which a whole round changes nothing and nobody standing can reach a foe (even through doors, but not past a foe nor the fallen) or shoot at one it sees ends there, counted as no way between the sides.",
        n,
        system.name(),
        request.seed,
        request.rules.round_limit
    ));
    if start.round > 0 {
        assumptions
            .push(format!("Each fight goes on from round {} as it stands now.", start.round));
    }
    Odds {
        system: system.id(),
        runs: n,
        // Set by the caller, who knows why the run ends here.
        stop: Stop::Exact,
        precision: (!request.exact).then_some(request.precision),
        seed: request.seed,
        from_round: start.round,
        party_wins: count(&|r| r.ending == Ending::PartyWon),
        party_loses: count(&|r| r.ending == Ending::PartyLost),
        party_fled: count(&|r| r.ending == Ending::PartyFled),
        undecided: count(&|r| r.ending == Ending::Undecided),
        no_way: count(&|r| r.ending == Ending::NoWay),
        rules_fault: count(&|r| r.ending == Ending::RulesFault),
        party_wiped: count(&|r| r.party_wiped),
        characters,
        rounds_median: Quantile::of(&rounds, 50),
        rounds_p90: Quantile::of(&rounds, 90),
        rounds: histogram,
        assumptions,
    }
}

#[cfg(test)]
mod bounds {
    use super::{MAX_RUNS, OddsError, Progress, Request, run, threads_for};
    use crate::encounter::Encounter;

    #[test]
    fn threads_never_outnumber_the_cores() {
        let cores = threads_for(0);
        assert!(cores >= 1);
        assert_eq!(threads_for(1), 1);
        assert_eq!(threads_for(4000), cores, "--threads 4000 uses the cores there are");
        assert_eq!(threads_for(100_000), cores);
    }

    #[test]
    fn a_run_past_the_most_fights_is_refused_before_any_is_played() {
        let start = Encounter::new(crate::systems::registry().get("bdp").unwrap(), "Nobody", 1);
        let request = Request { runs: MAX_RUNS + 1, ..Request::default() };
        let err = run(&start, &request, &Progress::default()).unwrap_err();
        assert_eq!(err, OddsError::TooManyRuns(MAX_RUNS + 1));
        assert_eq!(err.to_string(), "100001 fights are more than one run plays: at most 100000");
    }

    #[test]
    fn a_precision_out_of_its_range_is_refused_and_a_fixed_count_needs_none() {
        let start = Encounter::new(crate::systems::registry().get("bdp").unwrap(), "Nobody", 1);
        for bad in [0.1, 11.0, f64::NAN] {
            let request = Request { precision: bad, ..Request::default() };
            let err = run(&start, &request, &Progress::default()).unwrap_err();
            assert!(matches!(err, OddsError::Precision(p) if p.to_bits() == bad.to_bits()));
        }
        let err = Request { precision: 0.1, ..Request::default() };
        assert_eq!(
            run(&start, &err, &Progress::default()).unwrap_err().to_string(),
            "a precision of 0.1 points is not one a run can stop at: from 0.5 to 10 points"
        );
        // Played exactly, the precision is not read: the board's lack of sides answers.
        let exact = Request { precision: 0.1, exact: true, ..Request::default() };
        assert_eq!(run(&start, &exact, &Progress::default()).unwrap_err(), OddsError::NoFight);
    }
}
