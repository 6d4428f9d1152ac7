//! The fold's last step: the figures as the fight ended, folded into its recap.

use super::Fold;
use crate::recap::figures::{Closest, FightRecap};
use crate::system::presentation::standing;

impl Fold {
    /// The recap as the fight ended: everyone's standing at the end, the sides' sums, who came
    /// closest to going out, and the dice and words handed in.
    pub(super) fn finish(
        mut self,
        dice: Vec<crate::recap::dice::DieTally>,
        words: &[(&'static str, &'static str)],
    ) -> FightRecap {
        let rounds = self.enc.round;
        self.snapshot(rounds);
        for i in 0..self.figures.len() {
            let id = self.figures[i].id;
            let (end, out) = match self.enc.combatant(id) {
                Some(c) => {
                    let out = self.system.is_out(&self.enc, c);
                    let word = standing(c).word();
                    let word = if out && word.is_empty() { "Out" } else { word };
                    (word.to_owned(), out)
                }
                None => ("Removed".to_owned(), true),
            };
            self.figures[i].end = end;
            self.figures[i].out_at_end = out;
        }
        let sides = crate::recap::sides::sum(&self.enc, &self.figures, &mut self.standing);
        let turned = crate::recap::sides::turned(&sides);
        let closest = self
            .lowest
            .iter()
            .filter_map(|(&id, &(left, round))| {
                let f = self.figures.get(*self.index.get(&id)?)?;
                (!f.out_at_end && f.health_max > 0).then_some(Closest {
                    who: id,
                    left,
                    max: f.health_max,
                    round,
                })
            })
            .min_by(|a, b| {
                (a.left as f64 / a.max as f64)
                    .total_cmp(&(b.left as f64 / b.max as f64))
                    .then(a.who.cmp(&b.who))
            });
        let tracks =
            self.harm.iter().map(|k| ((*k).to_owned(), crate::encounter::stat_label(k))).collect();
        FightRecap {
            board: crate::recap::board::of(&self.enc),
            story: self.story,
            name: self.enc.name.clone(),
            system: self.system.name().to_owned(),
            tracks,
            rounds,
            combatants: self.figures,
            sides,
            unattributed: self.unattributed,
            turned,
            biggest: self.biggest,
            closest,
            dice,
            words: words
                .iter()
                .chain(crate::recap::words::COMMON)
                .map(|(a, b)| ((*a).to_owned(), (*b).to_owned()))
                .collect(),
        }
    }
}
