//! The figures of one fight, folded from its journal: the encounter is replayed event by event
//! (never re-ruled), each command read by the procedure's [`Tally`] for its blows, and harm,
//! healing, who went out, turns and rounds counted from the core's own facts.
//!
//! Who dealt a point of harm: the striker the procedure names for the one harmed in that
//! command; else the last one to roll in the command before it, other than the one harmed
//! (a damage roll); else nobody (bleeding, strain, the GM's hand), counted apart so the
//! harm dealt always sums to the harm taken.

use std::collections::{BTreeMap, HashMap};

use super::dice;
use super::facts::{Fact, Outcome, Step};
use super::figures::{Biggest, FightRecap, Figures, Points, total};
use crate::command::Command;
use crate::encounter::{Combatant, Encounter};
use crate::event::{Event, EventKind};
use crate::history::CommandRecord;
use crate::ids::{CombatantId, SideId};
use crate::system::System;
use crate::system::presentation::Meaning;

mod end;
mod rounds;
mod tell;

/// The recap of the fight whose journal is `base`, `commands` and `events` (a command's range
/// past the end of `events` reads as no events).
pub fn fight(base: &Encounter, commands: &[CommandRecord], events: &[Event]) -> FightRecap {
    fight_and_end(base, commands, events).0
}

/// The recap, and the encounter as the fight ended (folded on the way).
pub(crate) fn fight_and_end(
    base: &Encounter,
    commands: &[CommandRecord],
    events: &[Event],
) -> (FightRecap, Encounter) {
    let system = base.system();
    let tally = super::tally_of(system);
    let harm: Vec<&'static str> = match tally.harm_tracks() {
        Some(tracks) => tracks.to_vec(),
        None => system
            .main_tracks()
            .iter()
            .copied()
            .filter(|k| matches!(system.track_meaning(k), Meaning::Harm | Meaning::Stress))
            .collect(),
    };
    let mut fold = Fold::new(base.clone(), system, harm);
    let mut facts = Vec::new();
    // The roller of the command before, when it was a free roll: a track the GM then lowers by
    // hand is that roller's harm (the way a GM resolves a blow by hand in any procedure).
    let mut free_roller = None;
    for record in commands {
        let step_events = events.get(record.events.clone()).unwrap_or_default();
        facts.clear();
        tally.read(
            &Step { before: &fold.enc, command: &record.command, events: step_events },
            &mut facts,
        );
        let by_hand = match &record.command {
            Command::AdjustTrack { id, .. } | Command::SetTrack { id, .. } => {
                free_roller.filter(|r| r != id).map(|by| (*id, by))
            }
            _ => None,
        };
        if let Some((on, by)) = by_hand
            && !facts.iter().any(
                |f| matches!(f, Fact::Blow { on: o, .. } | Fact::Harms { on: o, .. } if *o == on),
            )
        {
            facts.push(Fact::Harms { by, on });
        }
        free_roller = match &record.command {
            Command::Roll { .. } => step_events.iter().find_map(|e| match e.kind {
                EventKind::Rolled { .. } => e.actor,
                _ => None,
            }),
            _ => None,
        };
        fold.step(&facts, step_events);
    }
    let rolls = events.iter().flat_map(Event::rolls);
    let end = fold.enc.clone();
    (fold.finish(dice::tally(rolls), tally.words()), end)
}

/// The fold's running state.
struct Fold {
    enc: Encounter,
    system: &'static dyn System,
    harm: Vec<&'static str>,
    figures: Vec<Figures>,
    index: HashMap<CombatantId, usize>,
    unattributed: Points,
    biggest: Option<Biggest>,
    /// Per combatant: the least its harm tracks held, and the round.
    lowest: HashMap<CombatantId, (i64, u32)>,
    acting: Vec<CombatantId>,
    /// Who harmed each combatant last, in any command: whoever takes it out when it goes out
    /// with no harm of its own command (the GM marks it dead after the blow).
    last_harm: HashMap<CombatantId, Option<CombatantId>>,
    /// Per side: members standing at the start and at each round's end.
    standing: BTreeMap<SideId, Vec<(u32, u32)>>,
    /// The story so far.
    story: Vec<crate::recap::story::Beat>,
    /// Points each one got back in the command being folded.
    healed_now: BTreeMap<CombatantId, i64>,
}

impl Fold {
    fn new(enc: Encounter, system: &'static dyn System, harm: Vec<&'static str>) -> Self {
        let mut fold = Fold {
            enc,
            system,
            harm,
            figures: Vec::new(),
            index: HashMap::new(),
            unattributed: Points::new(),
            biggest: None,
            lowest: HashMap::new(),
            acting: Vec::new(),
            standing: BTreeMap::new(),
            last_harm: HashMap::new(),
            story: Vec::new(),
            healed_now: BTreeMap::new(),
        };
        let ids: Vec<CombatantId> = fold.enc.combatants.keys().copied().collect();
        for id in ids {
            fold.join(id);
        }
        fold
    }

    fn health(&self, c: &Combatant) -> (i64, i64) {
        self.harm
            .iter()
            .filter_map(|k| c.track(k))
            .fold((0, 0), |(v, m), t| (v + t.value, m + t.max))
    }

    fn join(&mut self, id: CombatantId) {
        let Some(c) = self.enc.combatant(id) else { return };
        let (value, max) = self.health(c);
        let round = self.enc.round.saturating_sub(1);
        let mut figures = Figures::new(id, c.name.clone(), c.side);
        figures.health = vec![(round, value)];
        figures.health_max = max;
        match self.index.get(&id) {
            Some(&i) => self.figures[i] = figures,
            None => {
                self.index.insert(id, self.figures.len());
                self.figures.push(figures);
            }
        }
    }

    fn at(&mut self, id: CombatantId) -> Option<&mut Figures> {
        self.index.get(&id).map(|&i| &mut self.figures[i])
    }

    fn is_out(&self, id: CombatantId) -> Option<bool> {
        self.enc.combatant(id).map(|c| self.system.is_out(&self.enc, c))
    }

    fn step(&mut self, facts: &[Fact], events: &[Event]) {
        let mut striker: HashMap<CombatantId, CombatantId> = HashMap::new();
        for fact in facts {
            self.count(fact, &mut striker);
        }
        // Harm per one harmed in this command, and by whom (the last who harmed it).
        let mut harmed: BTreeMap<CombatantId, (Option<CombatantId>, Points)> = BTreeMap::new();
        let mut last_roller = None;
        // Whether each one the command touches was out before it: going out is judged over the
        // whole command, so a change between two ways of being out (a stabilised character
        // left unconscious) is no new going out.
        let mut out_before: Vec<(CombatantId, bool)> = Vec::new();
        for event in events {
            let touched = touched(event);
            if let Some(id) = touched
                && !out_before.iter().any(|(seen, _)| *seen == id)
                && let Some(was_out) = self.is_out(id)
            {
                out_before.push((id, was_out));
            }
            self.enc.apply(event);
            match &event.kind {
                EventKind::Rolled { .. } => last_roller = event.actor,
                EventKind::TrackSet { id, track, from, to }
                    if self.harm.contains(&track.as_str()) =>
                {
                    let by = striker.get(id).copied().or(last_roller.filter(|r| r != id));
                    self.harm_track(*id, by, track, *from, *to, &mut harmed);
                }
                EventKind::CombatantAdded { combatant } => self.join(combatant.id),
                EventKind::CombatantRenamed { id, name } => {
                    if let Some(f) = self.at(*id) {
                        f.name.clone_from(name);
                    }
                }
                EventKind::SideChanged { id, side } => {
                    if let Some(f) = self.at(*id) {
                        f.side = *side;
                    }
                }
                EventKind::RoundStarted { round } => self.round_began(*round),
                _ => {}
            }
            if matches!(event.kind, EventKind::TurnStarted { .. } | EventKind::Own(_)) {
                self.turns();
            }
        }
        let mut outs = Vec::new();
        for (id, was_out) in out_before {
            if !was_out && self.is_out(id) == Some(true) {
                let by = match harmed.get(&id) {
                    Some((by, _)) => *by,
                    None => self.last_harm.get(&id).copied().flatten(),
                };
                self.went_out(id, by);
                outs.push((id, by));
            }
        }
        self.tell(facts, &harmed, &outs);
        // The biggest blow is somebody's: harm by nobody's hand is not a blow.
        for (on, (by, points)) in harmed.into_iter().filter(|(_, (by, _))| by.is_some()) {
            let round = self.enc.round;
            if self.biggest.as_ref().is_none_or(|b| total(&points) > total(&b.points)) {
                self.biggest = Some(Biggest { by, on, points, round });
            }
        }
    }

    fn count(&mut self, fact: &Fact, striker: &mut HashMap<CombatantId, CombatantId>) {
        match *fact {
            Fact::Blow { by, on, outcome } => {
                striker.insert(on, by);
                if let Some(f) = self.at(by) {
                    match outcome {
                        Outcome::Landed => f.landed += 1,
                        Outcome::Missed => f.missed += 1,
                        Outcome::Avoided => f.avoided += 1,
                    }
                }
            }
            Fact::Harms { by, on } => {
                striker.insert(on, by);
            }
            Fact::Reaction { who, turned_aside, .. } => {
                if let Some(f) = self.at(who) {
                    f.reactions += 1;
                    f.turned_aside += u32::from(turned_aside);
                }
            }
            Fact::Critical { by, .. } => {
                if let Some(f) = by.and_then(|by| self.at(by)) {
                    f.criticals += 1;
                }
            }
            Fact::Fumble { by } => {
                if let Some(f) = self.at(by) {
                    f.fumbles += 1;
                }
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn harm_track(
        &mut self,
        id: CombatantId,
        by: Option<CombatantId>,
        track: &str,
        from: i64,
        to: i64,
        harmed: &mut BTreeMap<CombatantId, (Option<CombatantId>, Points)>,
    ) {
        if to > from {
            if let Some(f) = self.at(id) {
                f.healed += to - from;
            }
            *self.healed_now.entry(id).or_default() += to - from;
            return;
        }
        let points = from - to;
        if points == 0 {
            return;
        }
        if let Some(f) = self.at(id) {
            *f.taken.entry(track.to_owned()).or_default() += points;
        }
        let dealer = by.and_then(|by| self.at(by));
        match dealer {
            Some(f) => *f.dealt.entry(track.to_owned()).or_default() += points,
            None => *self.unattributed.entry(track.to_owned()).or_default() += points,
        }
        let by = by.filter(|b| self.index.contains_key(b));
        self.last_harm.insert(id, by);
        let entry = harmed.entry(id).or_insert((by, Points::new()));
        entry.0 = by;
        *entry.1.entry(track.to_owned()).or_default() += points;
        if let Some(c) = self.enc.combatant(id) {
            let (value, _) = self.health(c);
            let round = self.enc.round;
            let low = self.lowest.entry(id).or_insert((value, round));
            if value < low.0 {
                *low = (value, round);
            }
        }
    }

    fn went_out(&mut self, id: CombatantId, by: Option<CombatantId>) {
        if let Some(f) = self.at(id) {
            f.taken_out_by.push(by);
        }
        if let Some(f) = by.and_then(|by| self.at(by)) {
            f.took_out.push(id);
        }
    }
}

/// The combatant an event changes, whose standing may change with it.
fn touched(event: &Event) -> Option<CombatantId> {
    match &event.kind {
        EventKind::TrackSet { id, .. }
        | EventKind::StatSet { id, .. }
        | EventKind::ConditionAdded { id, .. }
        | EventKind::ConditionRemoved { id, .. }
        | EventKind::Moved { id, .. }
        | EventKind::SideChanged { id, .. } => Some(*id),
        EventKind::Own(_) => event.actor,
        _ => None,
    }
}
