//! The recap of an evening: each fight's, and the party's figures over all of them (a
//! character is one person across fights by name), with every die of the evening — the fights'
//! and the tray's — in how the dice fell.

use serde::Serialize;

use super::dice::{self, DieTally};
use super::figures::{FightRecap, Points};

/// One of the party over the evening.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Person {
    /// The name.
    pub name: String,
    /// Fights it was in.
    pub fights: u32,
    /// Harm it dealt, per track key.
    pub dealt: Points,
    /// Harm it took.
    pub taken: Points,
    /// Blows landed.
    pub landed: u32,
    /// Blows missed.
    pub missed: u32,
    /// Blows turned aside by a reaction.
    pub avoided: u32,
    /// Critical hits.
    pub criticals: u32,
    /// Foes it took out.
    pub took_out: u32,
    /// Times it went out.
    pub went_out: u32,
}

impl Person {
    /// Its row of the evening's party table, in the columns' order (name, fights, dealt,
    /// taken, landed / missed / avoided, criticals, took out, went out): one row for the page,
    /// the Markdown and the window.
    pub fn cells(&self) -> [String; 8] {
        [
            self.name.clone(),
            self.fights.to_string(),
            super::words::summed(&self.dealt),
            super::words::summed(&self.taken),
            format!("{} / {} / {}", self.landed, self.missed, self.avoided),
            self.criticals.to_string(),
            self.took_out.to_string(),
            self.went_out.to_string(),
        ]
    }
}

/// Every figure of an evening.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SessionRecap {
    /// The session's name.
    pub name: String,
    /// Its day.
    pub date: String,
    /// Each fight's recap, in order.
    pub fights: Vec<FightRecap>,
    /// The party over the evening, in the order they first fought.
    pub party: Vec<Person>,
    /// Every die of the evening.
    #[serde(serialize_with = "dice::serialize_tallies")]
    pub dice: Vec<DieTally>,
}

/// The recap of the evening `name` on `date`: its fights' recaps in order, and every die
/// rolled that evening (the fights' and the rest), for how the dice fell. The campaign's
/// session log gathers them (`SessionLog::recap`).
pub fn evening<'a>(
    name: &str,
    date: &str,
    fights: Vec<FightRecap>,
    rolls: impl Iterator<Item = &'a crate::dice::Roll>,
) -> SessionRecap {
    let mut party: Vec<Person> = Vec::new();
    for fight in &fights {
        for f in &fight.combatants {
            let on_party = fight.sides.iter().any(|s| s.id == f.side && s.party);
            if !on_party {
                continue;
            }
            let i = match party.iter().position(|p| p.name == f.name) {
                Some(i) => i,
                None => {
                    party.push(Person {
                        name: f.name.clone(),
                        fights: 0,
                        dealt: Points::new(),
                        taken: Points::new(),
                        landed: 0,
                        missed: 0,
                        avoided: 0,
                        criticals: 0,
                        took_out: 0,
                        went_out: 0,
                    });
                    party.len() - 1
                }
            };
            let p = &mut party[i];
            p.fights += 1;
            for (k, v) in &f.dealt {
                *p.dealt.entry(k.clone()).or_default() += v;
            }
            for (k, v) in &f.taken {
                *p.taken.entry(k.clone()).or_default() += v;
            }
            p.landed += f.landed;
            p.missed += f.missed;
            p.avoided += f.avoided;
            p.criticals += f.criticals;
            p.took_out += f.took_out.len() as u32;
            p.went_out += f.taken_out_by.len() as u32;
        }
    }
    SessionRecap {
        name: name.to_owned(),
        date: date.to_owned(),
        fights,
        party,
        dice: dice::tally(rolls),
    }
}
