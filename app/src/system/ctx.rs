//! A command's handling in place: events are applied to the fight itself as they are emitted,
//! so each step of a blow (HP, then STR, then the save) sees the state the previous one left,
//! and no event is applied twice (issue 67: a scratch copy per command, and the same events
//! applied again by the caller, were half the rules' time). A command may refuse only before
//! its first event (see [`crate::system::System::handle`]).

use super::{Emitter, RuleError, Said};
use crate::dice::{Dice, DiceSource, Roll};
use crate::encounter::{Combatant, Encounter};
use crate::event::{Event, EventKind};
use crate::ids::CombatantId;
use std::sync::Arc;

/// The fight being changed, the events so far and the dice.
pub struct Ctx<'a> {
    /// The fight, with this command's events so far applied.
    pub enc: &'a mut Encounter,
    out: Emitter,
    dice: &'a mut dyn DiceSource,
}

impl<'a> Ctx<'a> {
    /// Starts a command on `enc`, which every event then changes.
    pub fn new(enc: &'a mut Encounter, dice: &'a mut dyn DiceSource) -> Self {
        let out = Emitter::new(enc);
        Ctx { enc, out, dice }
    }

    /// Emits an event and applies it to the fight.
    pub fn push(
        &mut self,
        rule: impl Into<std::borrow::Cow<'static, str>>,
        actor: Option<CombatantId>,
        kind: EventKind,
    ) {
        self.out.push(rule, actor, kind);
        let event = self.out.events().last().expect("just pushed");
        self.enc.apply(event);
    }

    /// Takes an event already made, keeping its tags, and applies it to the fight.
    pub fn push_event(&mut self, event: Event) {
        self.enc.apply(&event);
        self.out.push_event(event);
    }

    /// Takes the events of a handling that already applied them to this fight (an earlier
    /// part of the same command), keeping their tags: they are not applied again.
    pub fn adopt(&mut self, events: Vec<Event>) {
        for event in events {
            self.out.push_event(event);
        }
    }

    /// Runs another handling on the fight as it stands (`f` with the fight and the dice)
    /// and takes its events, which it applied: an action that waited, made as part of this
    /// command.
    pub fn then(
        &mut self,
        f: impl FnOnce(&mut Encounter, &mut dyn DiceSource) -> Result<Vec<Event>, RuleError>,
    ) -> Result<(), RuleError> {
        let events = f(self.enc, &mut *self.dice)?;
        self.adopt(events);
        Ok(())
    }

    /// Emits a procedure's own event (anything that converts into an [`EventKind`]) and
    /// applies it: one way for every procedure.
    pub fn emit(
        &mut self,
        rule: &'static str,
        actor: Option<CombatantId>,
        event: impl Into<EventKind>,
    ) {
        self.push(rule, actor, event.into());
    }

    /// Whether this fight's words are read (see [`crate::encounter::WordsRead`]).
    pub fn words_read(&self) -> bool {
        self.enc.words.0
    }

    /// Emits a ruling line for the journal, where the words are read. Where they are not (a
    /// simulated fight) no event is made, but it counts as one applied: a refusal after it is
    /// still a refusal after an event, as it is on the table.
    pub fn ruling(&mut self, rule: &'static str, actor: Option<CombatantId>, text: impl Said) {
        if !self.words_read() {
            self.enc.applied.0 += 1;
            return;
        }
        self.push(rule, actor, EventKind::Ruling { text: text.into_text() });
    }

    /// Rolls `dice` for `label` on behalf of `who`, journaling the roll; where the words are
    /// not read, the roll carries neither label nor name (the same dice either way).
    pub fn roll(
        &mut self,
        rule: &'static str,
        who: Option<CombatantId>,
        dice: &Dice,
        label: impl Said,
    ) -> Result<Arc<Roll>, RuleError> {
        // Shared by the event, the table view's recent rolls and the caller: never copied.
        let roll = if self.words_read() {
            let name = who.map(|id| self.enc.name_of(id));
            label.read(|label| self.dice.roll_shared(dice, label, name.as_deref()))?
        } else {
            self.dice.roll_shared(dice, "", None)?
        };
        self.push(rule, who, EventKind::Rolled { roll: roll.clone(), secret: false });
        Ok(roll)
    }

    /// Rolls one die of `sides`.
    pub fn die(
        &mut self,
        rule: &'static str,
        who: Option<CombatantId>,
        sides: u32,
        label: impl Said,
    ) -> Result<i64, RuleError> {
        Ok(self.roll(rule, who, &Dice::die(sides), label)?.total)
    }

    /// A combatant of the fight as it stands.
    pub fn who(&self, id: CombatantId) -> Result<&Combatant, RuleError> {
        self.enc.combatant(id).ok_or(RuleError::UnknownCombatant(id))
    }

    /// A combatant of the fight as it stands now, kept while the command goes on
    /// changing the state: shared, not copied (see [`crate::encounter::Roster::shared`]).
    pub fn snapshot(&self, id: CombatantId) -> Result<Arc<Combatant>, RuleError> {
        self.enc.combatants.shared(&id).ok_or(RuleError::UnknownCombatant(id))
    }

    /// The name of a combatant.
    pub fn name(&self, id: CombatantId) -> String {
        self.enc.name_of(id)
    }

    /// Sets a track to a value (journaled with its old value).
    pub fn set_track(&mut self, rule: &'static str, id: CombatantId, track: &str, to: i64) {
        let from = self.enc.combatant(id).and_then(|c| c.track(track)).map_or(0, |t| t.value);
        if from != to {
            self.push(rule, Some(id), EventKind::TrackSet { id, track: track.into(), from, to });
        }
    }

    /// Sets a stat (journaled with its old value).
    pub fn set_stat(&mut self, rule: &'static str, id: CombatantId, stat: &str, to: i64) {
        let from = self.enc.combatant(id).and_then(|c| c.stat(stat)).unwrap_or(0);
        if from != to {
            self.push(rule, Some(id), EventKind::StatSet { id, stat: stat.into(), from, to });
        }
    }

    /// Puts a condition on, once.
    pub fn condition(&mut self, rule: &'static str, id: CombatantId, condition: &str) {
        let has = self.enc.combatant(id).is_some_and(|c| c.conditions.contains(condition));
        if !has {
            self.push(
                rule,
                Some(id),
                EventKind::ConditionAdded { id, condition: condition.into() },
            );
        }
    }

    /// Takes a condition off, if on.
    pub fn uncondition(&mut self, rule: &'static str, id: CombatantId, condition: &str) {
        let has = self.enc.combatant(id).is_some_and(|c| c.conditions.contains(condition));
        if has {
            self.push(
                rule,
                Some(id),
                EventKind::ConditionRemoved { id, condition: condition.into() },
            );
        }
    }

    /// The events emitted.
    pub fn finish(self) -> Vec<Event> {
        self.out.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::SeededDice;

    #[test]
    fn a_command_changes_the_fight_once_per_event_and_its_count_is_no_part_of_the_fight() {
        let system = crate::systems::registry().get("freeform").expect("freeform");
        let before = Encounter::new(system, "In place", 1);
        let mut enc = before.clone();
        let mut dice = SeededDice::new(1, 0);
        let mut ctx = Ctx::new(&mut enc, &mut dice);
        ctx.ruling("test", None, "one ruling");
        let rolled = ctx.die("test", None, 6, "one die").expect("a d6");
        assert_eq!(ctx.enc.table.rolls.len(), 1, "the roll is on the fight as the command goes on");
        let events = ctx.finish();
        assert_eq!(events.len(), 2);
        assert!((1..=6).contains(&rolled));
        // Applied once each: the fight is the one its events fold to, one ruling and one roll.
        assert_eq!(enc, crate::history::fold(&before, &events));
        assert_eq!(enc.table.rulings.iter().filter(|r| &***r == "one ruling").count(), 1);
        assert_eq!(enc.applied.0, before.applied.0 + 2, "the count the simulator reads");
        let mut counted = before.clone();
        counted.applied.0 += 7;
        assert_eq!(counted, before, "how many events were applied is no part of the fight");
        assert_ne!(enc, before);
    }
}
