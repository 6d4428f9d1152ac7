//! The company: everyone who carries a condition from fight to fight (the characters and the
//! recurring foes), with their sheets, and the campaign steps that change them.

use super::aftermath::{Aftermath, Recovery, enter};
use super::condition::Condition;
use super::log::{CampaignStep, Hand, Happening, StepDice, Written};
use super::review::{Change, apply};
use crate::command::NewCombatant;
use crate::dice::{DiceSource, DieChoice, PlannedDice, RecordingDice, SeededDice};
use crate::ids::SystemId;
use crate::system::RuleError;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One who carries a condition.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Member {
    /// Name.
    pub name: String,
    /// The procedure whose sheet this is.
    pub system: SystemId,
    /// The sheet (maxima, gear), as the library holds it.
    pub sheet: serde_json::Value,
    /// How it is now.
    pub condition: Condition,
}

/// Everyone who carries a condition, by library key (`character:3`, `creature:12`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Company {
    /// The members, by key.
    pub members: BTreeMap<String, Member>,
}

impl Member {
    /// A member of `system` with its sheet as the procedure reads it (see
    /// [`super::aftermath::full_sheet`]).
    pub fn new(
        system: SystemId,
        name: &str,
        sheet: &serde_json::Value,
        condition: Condition,
    ) -> Member {
        let of = super::aftermath::of(system.system());
        let sheet = super::aftermath::full_sheet(of, name, sheet);
        Member { name: name.to_owned(), system, sheet, condition }
    }
}

impl Company {
    /// A member by key, or an error that names it.
    pub fn member(&self, who: &str) -> Result<&Member, RuleError> {
        self.members.get(who).ok_or_else(|| RuleError::Invalid(format!("no character {who}")))
    }

    /// A member's key by name (case-insensitive), for scripts and the CLI.
    pub fn named(&self, name: &str) -> Result<&str, RuleError> {
        self.members
            .iter()
            .find(|(_, m)| m.name.eq_ignore_ascii_case(name))
            .map(|(k, _)| k.as_str())
            .ok_or_else(|| {
                let known: Vec<_> = self.members.values().map(|m| m.name.as_str()).collect();
                RuleError::Invalid(format!(
                    "no character named '{name}'; there are: {}",
                    known.join(", ")
                ))
            })
    }

    /// Writes what a step leaves. Cannot fail: a member the company no longer has is skipped
    /// (the store refuses to delete one a step names).
    pub fn apply(&mut self, step: &CampaignStep) {
        for (who, condition) in step.applied() {
            if let Some(m) = self.members.get_mut(who) {
                m.condition = condition.clone();
            }
        }
    }

    /// Puts back what a step found.
    pub fn undo(&mut self, step: &CampaignStep) {
        for (who, condition) in step.undone() {
            if let Some(m) = self.members.get_mut(who) {
                m.condition = condition.clone();
            }
        }
    }

    /// A member as a combatant entering a fight as it is now.
    pub fn combatant(
        &self,
        of: &dyn Aftermath,
        who: &str,
        side: crate::ids::SideId,
    ) -> Result<NewCombatant, RuleError> {
        let m = self.member(who)?;
        let mut new = of.complete(crate::command::NewCombatant {
            stats: crate::command::block_stats(&m.sheet),
            tracks: super::condition::tracks_in_order(&m.sheet, m.system.system().main_tracks()),
            source: Some(who.to_owned()),
            block: m.sheet.clone(),
            ..NewCombatant::named(m.name.clone(), side)
        });
        enter(of, &m.condition, &mut new);
        Ok(new)
    }

    /// A rest as the table takes it: the app's dice from `origin` (kept in the step, so a
    /// session's replay draws them again), after any `typed` from the table.
    #[allow(clippy::too_many_arguments)] // the rest's whole input, each read once
    pub fn rest_seeded(
        &self,
        of: &dyn Aftermath,
        system: SystemId,
        rest: &Recovery,
        who: &[String],
        settings: &super::aftermath::Settings,
        origin: StepDice,
        typed: &[DieChoice],
    ) -> Result<CampaignStep, RuleError> {
        let mut dice = PlannedDice::new(SeededDice::new(origin.seed, origin.stream));
        for choice in typed {
            dice.push(choice.clone());
        }
        let mut step = self.rest(of, system, rest, who, settings, &mut dice)?;
        step.dice = Some(origin);
        Ok(step)
    }

    /// A rest for `who` (everyone when empty), by the procedure's rules and the rule
    /// `settings` in force: one step, its dice recorded. Members of another procedure are refused by name.
    pub fn rest(
        &self,
        of: &dyn Aftermath,
        system: SystemId,
        rest: &Recovery,
        who: &[String],
        settings: &super::aftermath::Settings,
        dice: &mut dyn DiceSource,
    ) -> Result<CampaignStep, RuleError> {
        let keys: Vec<&String> = if who.is_empty() {
            self.members.iter().filter(|(_, m)| m.system == system).map(|(k, _)| k).collect()
        } else {
            who.iter().collect()
        };
        let mut recorder = RecordingDice::new(dice);
        let mut settings = self.healer_as_now(settings);
        settings.remove(super::aftermath::PERFORMER);
        // The edition the rest follows: today's, or the one a replay names; the rules read
        // it for the time of the rest, and the step keeps it apart from its settings.
        let rules = super::aftermath::edition(&settings);
        if rules > super::aftermath::RULES {
            return Err(RuleError::Invalid(format!(
                "rules edition {rules} between fights is newer than this build's ({})",
                super::aftermath::RULES
            )));
        }
        settings.insert(super::aftermath::EDITION.to_owned(), rules.into());
        // What a rest rolls once for all it names, for the living among them (none for the
        // dead alone: no rest mends them).
        let living = keys.iter().filter(|k| self.member(k).is_ok_and(|m| !m.condition.has("dead")));
        let living = living.count();
        if living > 0 {
            settings = of.prepare(rest, living, &settings, &mut recorder)?;
        }
        let mut written = Vec::new();
        for key in keys {
            let m = self.member(key)?;
            if m.system != system {
                return Err(RuleError::Invalid(format!(
                    "{} is a {} character, not {system}",
                    m.name, m.system
                )));
            }
            // No rest mends the dead, whatever the procedure: they are left as they are.
            let after = if m.condition.has("dead") {
                m.condition.clone()
            } else {
                // The one mended now, for the dice rolled for it to name.
                let mut own = settings.clone();
                own.insert(super::aftermath::PATIENT.to_owned(), m.name.clone().into());
                super::aftermath::recover(of, rest, &m.sheet, &m.condition, &own, &mut recorder)?
            };
            written.push(Written {
                who: key.clone(),
                system: m.system,
                name: m.name.clone(),
                sheet: m.sheet.clone(),
                before: m.condition.clone(),
                after,
            });
        }
        self.performer_pays(of, rest, &mut written, &mut settings);
        settings.remove(super::aftermath::EDITION);
        Ok(CampaignStep {
            happening: Happening::Rested { rest: rest.id.to_owned(), name: rest.name.to_owned() },
            rolls: recorder.into_rolls(),
            written,
            dice: None,
            settings,
            rules,
        })
    }

    /// What performing the rest cost the member named to perform it, written with the rest:
    /// over its own rest when it rested too, else as one more character the step changed (and
    /// named in the step's settings, so a replay does not rest it).
    fn performer_pays(
        &self,
        of: &dyn Aftermath,
        rest: &Recovery,
        written: &mut Vec<Written>,
        settings: &mut super::aftermath::Settings,
    ) {
        let Some((name, _)) = super::aftermath::healer(settings) else { return };
        let Some(system) = written.first().map(|w| w.system) else { return };
        let Some((key, m)) = self
            .members
            .iter()
            .find(|(_, m)| m.name.eq_ignore_ascii_case(name) && m.system == system)
        else {
            return;
        };
        if let Some(w) = written.iter_mut().find(|w| &w.who == key) {
            if let Some(after) = of.performer_pays(rest, &m.sheet, &w.after, settings) {
                w.after = after;
            }
            return;
        }
        let Some(after) = of.performer_pays(rest, &m.sheet, &m.condition, settings) else {
            return;
        };
        written.push(Written {
            who: key.clone(),
            system: m.system,
            name: m.name.clone(),
            sheet: m.sheet.clone(),
            before: m.condition.clone(),
            after,
        });
        settings.insert(super::aftermath::PERFORMER.to_owned(), key.clone().into());
    }

    /// The settings with the healer they name read as it is now, when the healer is a member
    /// (its Corruption, its Strain): a rite's roll reads the invoker's state, not its sheet.
    fn healer_as_now(&self, settings: &super::aftermath::Settings) -> super::aftermath::Settings {
        let Some((name, _)) = super::aftermath::healer(settings) else { return settings.clone() };
        let Some(m) = self.members.values().find(|m| m.name.eq_ignore_ascii_case(name)) else {
            return settings.clone();
        };
        super::aftermath::with_healer(settings, &m.name, &m.sheet_now())
    }

    /// The GM's own change to one member (heal, harm, an injury healed): one step.
    pub fn by_hand(
        &self,
        who: &str,
        what: &str,
        changes: &[Change],
    ) -> Result<CampaignStep, RuleError> {
        let m = self.member(who)?;
        let mut after = apply(&m.sheet, &m.condition, changes);
        // What the procedure's rules make of it (d12: up again above 0 Wound Points).
        super::aftermath::of(m.system.system()).settle(&m.sheet, &mut after);
        Ok(CampaignStep {
            happening: Happening::ByHand { what: what.to_owned(), by: None },
            rolls: Vec::new(),
            written: vec![Written {
                who: who.to_owned(),
                system: m.system,
                name: m.name.clone(),
                sheet: m.sheet.clone(),
                before: m.condition.clone(),
                after,
            }],
            dice: None,
            settings: Default::default(),
            rules: 0,
        })
    }

    /// Heals (or harms, with a negative amount) a track by hand: never over its maximum,
    /// never under the least the procedure lets it hold between fights (0, or d12's minus
    /// the STR score for Wound Points) unless it already was.
    pub fn heal(&self, who: &str, track: &str, amount: i64) -> Result<CampaignStep, RuleError> {
        let m = self.member(who)?;
        let t = crate::command::block_tracks(&m.sheet)
            .into_iter()
            .find(|t| t.name.eq_ignore_ascii_case(track))
            .ok_or_else(|| RuleError::Invalid(format!("{} has no track '{track}'", m.name)))?;
        let from = m.condition.track(&m.sheet, &t.name).unwrap_or(t.value);
        let least = super::aftermath::of(m.system.system()).track_least(&m.sheet, &t.name).0;
        let to = (from + amount).min(t.max).max(from.min(least));
        let label = crate::encounter::stat_label(&t.name);
        let what = if amount >= 0 {
            format!("{} heals {amount} {label}", m.name)
        } else {
            format!("{} loses {} {label}", m.name, -amount)
        };
        let mut step =
            self.by_hand(who, &what, &[Change::Track { name: t.name.clone(), from, to }])?;
        step.happening =
            Happening::ByHand { what, by: Some(Hand::Heal { track: track.to_owned(), amount }) };
        Ok(step)
    }

    /// Lifts a lasting harm by hand ("healed").
    pub fn cure(&self, who: &str, label: &str) -> Result<CampaignStep, RuleError> {
        let m = self.member(who)?;
        let Some(l) = m.condition.lasting.iter().find(|l| l.label.eq_ignore_ascii_case(label))
        else {
            return Err(RuleError::Invalid(format!("{} carries no '{label}'", m.name)));
        };
        let what = format!("{}: {} healed", m.name, super::condition::capitalised(&l.label));
        let mut step = self.by_hand(who, &what, &[Change::Loses(l.clone())])?;
        step.happening =
            Happening::ByHand { what, by: Some(Hand::Cure { label: label.to_owned() }) };
        Ok(step)
    }
}

/// Condition of a member, for tests and scripts.
impl Member {
    /// The sheet with its tracks and stats as the condition has them now.
    pub fn sheet_now(&self) -> serde_json::Value {
        let mut sheet = self.sheet.clone();
        let Some(obj) = sheet.as_object_mut() else { return sheet };
        let mut tracks = obj.get("tracks").and_then(|t| t.as_object()).cloned().unwrap_or_default();
        for (name, value) in &self.condition.tracks {
            let max = crate::command::block_tracks(&self.sheet)
                .into_iter()
                .find(|t| &t.name == name)
                .map_or(*value, |t| t.max);
            tracks.insert(name.clone(), serde_json::json!({"value": value, "max": max}));
        }
        let mut stats = obj.get("stats").and_then(|t| t.as_object()).cloned().unwrap_or_default();
        for (name, value) in &self.condition.stats {
            stats.insert(name.clone(), (*value).into());
        }
        obj.insert("tracks".into(), tracks.into());
        obj.insert("stats".into(), stats.into());
        sheet
    }

    /// "HP 2/6 · Frail".
    pub fn summary(&self) -> String {
        self.condition.summary(&self.sheet, super::condition::main_tracks(self.system))
    }
}
