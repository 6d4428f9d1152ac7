//! Ending a fight: per member of the company who fought, what the procedure says lasts, as
//! lines the GM may untick or change before it is written back as one step.

use super::aftermath::outcome;
use super::company::Company;
use super::condition::Condition;
use super::log::{CampaignStep, Edit, FightRef, Happening, Written};
use super::review::{Change, apply, changes};
use crate::encounter::Encounter;
use crate::ids::CombatantId;

/// The member a token fought as: its library entry (`source`), or, for a token a script
/// added by hand, `script:` and its name (scripts key their party that way).
pub fn member_key(c: &crate::encounter::Combatant) -> String {
    c.source.clone().unwrap_or_else(|| format!("script:{}", c.name.to_lowercase()))
}

/// One line of the review.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// What changes.
    pub change: Change,
    /// Whether it is written back (the GM unticks it to keep the field as it was).
    pub keep: bool,
    /// The change as the procedure proposed it (before the GM's number, if any).
    pub proposed: Change,
}

impl Line {
    /// A line as proposed, kept.
    pub fn new(change: Change) -> Line {
        Line { proposed: change.clone(), change, keep: true }
    }

    /// The GM's edit of this line, if the GM made one.
    fn edit(&self, who: &str) -> Option<Edit> {
        let value = (self.change != self.proposed).then(|| self.change.value()).flatten();
        (!self.keep || value.is_some()).then(|| Edit {
            who: who.to_owned(),
            field: self.proposed.field(),
            keep: self.keep,
            value,
        })
    }
}

/// One member's part of the review.
#[derive(Debug, Clone, PartialEq)]
pub struct Reviewed {
    /// The member's key.
    pub who: String,
    /// The token it fought as.
    pub combatant: CombatantId,
    /// Its name.
    pub name: String,
    /// Its sheet.
    pub sheet: serde_json::Value,
    /// Its condition when the fight began (as the company holds it).
    pub before: Condition,
    /// The lines, in sheet order.
    pub lines: Vec<Line>,
}

impl Reviewed {
    /// The condition the kept lines leave.
    pub fn after(&self) -> Condition {
        let kept: Vec<Change> =
            self.lines.iter().filter(|l| l.keep).map(|l| l.change.clone()).collect();
        apply(&self.sheet, &self.before, &kept)
    }

    /// Sets the number on line `index` as the procedure `of` allows; refused in the field's
    /// words (the line stays).
    pub fn set_value(
        &mut self,
        of: &dyn super::Aftermath,
        index: usize,
        value: i64,
    ) -> Result<(), String> {
        let line = self.lines.get_mut(index).ok_or_else(|| format!("no line {}", index + 1))?;
        line.change = line.change.with_value(of, &self.sheet, value)?;
        Ok(())
    }
}

/// What ending a fight writes back, before the GM applies it.
#[derive(Debug, Clone, PartialEq)]
pub struct Review {
    /// The encounter's name.
    pub encounter: String,
    /// Its procedure.
    pub system: crate::ids::SystemId,
    /// Every member who fought, in the order they were added; members with no line are
    /// listed too, so the GM sees that they come out unchanged.
    pub people: Vec<Reviewed>,
    /// The fight reviewed, where the caller knows its history (see [`Review::at`]).
    pub fight: Option<FightRef>,
}

impl Review {
    /// The review of `enc` for `company`: each token made from a member (its `source`) by
    /// the encounter's procedure. A member fielded twice is reviewed once, from its first
    /// token.
    pub fn of(enc: &Encounter, company: &Company) -> Review {
        Review::of_with(enc, company, |c| c.source.clone())
    }

    /// The same, with the member's key of a token given by `key` (a script keys the tokens it
    /// added by name).
    pub fn of_with(
        enc: &Encounter,
        company: &Company,
        key: impl Fn(&crate::encounter::Combatant) -> Option<String>,
    ) -> Review {
        let of = super::aftermath::of(enc.system());
        let mut people: Vec<Reviewed> = Vec::new();
        for c in enc.combatants.values() {
            let Some(who) = key(c) else { continue };
            let who = who.as_str();
            let Some(member) = company.members.get(who) else { continue };
            if people.iter().any(|p| p.who == who) {
                continue;
            }
            let after = outcome(of, enc, c, &member.sheet, &member.condition);
            let lines =
                changes(&member.sheet, enc.system().main_tracks(), &member.condition, &after)
                    .into_iter()
                    .map(Line::new)
                    .collect();
            people.push(Reviewed {
                who: who.to_owned(),
                combatant: c.id,
                name: member.name.clone(),
                sheet: member.sheet.clone(),
                before: member.condition.clone(),
                lines,
            });
        }
        Review { encounter: enc.name.clone(), system: enc.system_id(), people, fight: None }
    }

    /// The review of the fight `history` holds, at its cursor: its step names the fight, so
    /// a session's replay can recompute it.
    pub fn of_history(history: &crate::history::History, company: &Company) -> Review {
        Review::of(history.state(), company).at(FightRef::of(history))
    }

    /// The same review, naming the fight it ends (see [`FightRef`]).
    pub fn at(mut self, fight: FightRef) -> Review {
        self.fight = Some(fight);
        self
    }

    /// Makes the GM's edits again (as a session file keeps them); an edit naming no line
    /// of this review is refused by its member and field.
    pub fn edit(&mut self, edits: &[Edit]) -> Result<(), String> {
        let of = self.rules();
        for e in edits {
            let person = self
                .people
                .iter_mut()
                .find(|p| p.who == e.who)
                .ok_or_else(|| format!("an edit names {}, who did not fight here", e.who))?;
            let sheet = person.sheet.clone();
            let line = person
                .lines
                .iter_mut()
                .find(|l| l.proposed.field() == e.field)
                .ok_or_else(|| format!("{} has no line '{}' to edit", person.name, e.field))?;
            line.keep = e.keep;
            if let Some(value) = e.value {
                line.change = line.proposed.with_value(of, &sheet, value)?;
            }
        }
        Ok(())
    }

    /// Leaves out `who`'s line that starts with `what` (any case): its field stays as it was.
    /// Scripts and the command line name lines this way (`untick Harald fatigue`).
    pub fn untick(&mut self, who: &str, what: &str) -> Result<(), String> {
        let (person, index) = self.line(who, what)?;
        person.lines[index].keep = false;
        Ok(())
    }

    /// Writes `value` on `who`'s line that starts with `what`; refused past the sheet or
    /// under what the procedure lets the field hold.
    pub fn set(&mut self, who: &str, what: &str, value: i64) -> Result<(), String> {
        let of = self.rules();
        let (person, index) = self.line(who, what)?;
        person.set_value(of, index, value)
    }

    /// The rules between fights of the review's procedure.
    pub fn rules(&self) -> &'static dyn super::Aftermath {
        super::aftermath::of(self.system.system())
    }

    /// Whether `who` has a line starting with `what`; why not if not.
    pub fn line_exists(&mut self, who: &str, what: &str) -> Result<(), String> {
        self.line(who, what).map(|_| ())
    }

    /// `who`'s part and the index of its line starting with `what`, or why there is none
    /// (listing the lines there are).
    fn line(&mut self, who: &str, what: &str) -> Result<(&mut Reviewed, usize), String> {
        let person = self
            .person_mut(who.trim())
            .ok_or_else(|| format!("{} did not fight for the party here", who.trim()))?;
        let want = what.trim().to_lowercase();
        let texts: Vec<String> = person.lines.iter().map(|l| l.change.text()).collect();
        match texts.iter().position(|t| t.to_lowercase().starts_with(&want)) {
            Some(index) => Ok((person, index)),
            None => Err(format!(
                "{} has no line '{}' to write back; the lines are: {}",
                person.name,
                what.trim(),
                texts.join("; ")
            )),
        }
    }

    /// A member's part, by name (case-insensitive).
    pub fn person_mut(&mut self, name: &str) -> Option<&mut Reviewed> {
        self.people.iter_mut().find(|p| p.name.eq_ignore_ascii_case(name))
    }

    /// The step that writes back the kept lines.
    pub fn step(&self) -> CampaignStep {
        CampaignStep {
            happening: Happening::FightEnded {
                encounter: self.encounter.clone(),
                fight: self.fight,
                edits: self
                    .people
                    .iter()
                    .flat_map(|p| p.lines.iter().filter_map(|l| l.edit(&p.who)))
                    .collect(),
            },
            rolls: Vec::new(),
            written: self
                .people
                .iter()
                .map(|p| Written {
                    who: p.who.clone(),
                    system: self.system,
                    name: p.name.clone(),
                    sheet: p.sheet.clone(),
                    before: p.before.clone(),
                    after: p.after(),
                })
                .collect(),
            dice: None,
            settings: Default::default(),
            rules: 0,
        }
    }
}
