//! The fold's story: each command's beats, once its events are folded.

use std::collections::BTreeMap;

use super::Fold;
use crate::ids::CombatantId;
use crate::recap::facts::{Fact, Outcome};
use crate::recap::figures::Points;
use crate::recap::story::{Beat, What};
use crate::system::presentation::standing;

impl Fold {
    /// The command's beats: its blows (each with the harm its target took from it), harm from
    /// no blow of it, points got back, then who went out (`outs`, with whose hand).
    pub(super) fn tell(
        &mut self,
        facts: &[Fact],
        harmed: &BTreeMap<CombatantId, (Option<CombatantId>, Points)>,
        outs: &[(CombatantId, Option<CombatantId>)],
    ) {
        let round = self.enc.round;
        let mut told: Vec<CombatantId> = Vec::new();
        let mut beats = Vec::new();
        for fact in facts {
            let Fact::Blow { by, on, outcome } = *fact else { continue };
            // The harm goes with the blow that dealt it, once (several may strike one target).
            let points = match harmed.get(&on) {
                Some((Some(dealer), points))
                    if *dealer == by && outcome == Outcome::Landed && !told.contains(&on) =>
                {
                    told.push(on);
                    points.clone()
                }
                _ => Points::new(),
            };
            beats.push(What::Blow { by, on, outcome, points });
        }
        for (on, (by, points)) in harmed.iter().filter(|(on, _)| !told.contains(on)) {
            beats.push(What::Harm { by: *by, on: *on, points: points.clone() });
        }
        for (who, points) in std::mem::take(&mut self.healed_now) {
            if points > 0 {
                beats.push(What::Healed { who, points });
            }
        }
        for (who, by) in outs {
            let word = match self.enc.combatant(*who).map(|c| standing(c).word()) {
                Some(w) if !w.is_empty() => w.to_owned(),
                _ => "Out".to_owned(),
            };
            beats.push(What::Out { who: *who, by: *by, word });
        }
        self.story.extend(beats.into_iter().map(|what| Beat { round, what }));
    }
}
