//! What a procedure says outlives a fight, and how its rests heal.
//!
//! Each procedure answers from its own rules, in `systems/<id>/aftermath.rs`, through
//! [`Aftermath`]; the core turns the answers into a character's [`Condition`] after a fight
//! ([`outcome`]) and back onto a token at the next one ([`enter`]). No view or store knows a
//! procedure's rules.

use super::condition::{Condition, Item, Lasting, Logged};
use crate::command::NewCombatant;
use crate::dice::DiceSource;
use crate::encounter::{Combatant, Encounter};
use crate::system::RuleError;
use std::collections::BTreeMap;

/// The rule settings a rest reads: the open encounter's (the GM changes them in Settings),
/// or none for a rest with no fight open (every default).
pub type Settings = BTreeMap<String, serde_json::Value>;

/// A setting's word, or `default` when it is not set (or not a word).
pub fn setting<'a>(settings: &'a Settings, key: &str, default: &'a str) -> &'a str {
    settings.get(key).and_then(serde_json::Value::as_str).unwrap_or(default)
}

/// An on/off setting, or `default` when it is not set.
pub fn flag(settings: &Settings, key: &str, default: bool) -> bool {
    settings.get(key).and_then(serde_json::Value::as_bool).unwrap_or(default)
}

/// The setting a rest that needs someone to tend the resting reads (Sovereign's first aid and
/// week of care): `{"name": NAME, "sheet": SHEET}` of the healer, put there by whoever names
/// one ([`with_healer`]). A rest that needs one and finds none is refused, never guessed.
pub const HEALER: &str = "healer";

/// `settings` with `name` (with its `sheet`) as the one who tends the resting.
pub fn with_healer(settings: &Settings, name: &str, sheet: &serde_json::Value) -> Settings {
    let mut out = settings.clone();
    out.insert(HEALER.to_owned(), serde_json::json!({"name": name, "sheet": sheet}));
    out
}

/// The healer named for a rest: its name and sheet, if one was named.
pub fn healer(settings: &Settings) -> Option<(&str, &serde_json::Value)> {
    let h = settings.get(HEALER)?;
    Some((h.get("name")?.as_str()?, h.get("sheet")?))
}

/// The one a rest names to tend or perform it, or why the rest cannot go on without one:
/// "{rest} needs {what}: name {whom} (rest {id} … by {by})".
pub fn named_healer<'a>(
    rest: &Recovery,
    settings: &'a Settings,
    [what, whom, by]: [&str; 3],
) -> Result<(&'a str, &'a serde_json::Value), crate::system::RuleError> {
    healer(settings).ok_or_else(|| {
        crate::system::RuleError::Invalid(format!(
            "{} needs {what}: name {whom} (rest {} … by {by})",
            rest.name, rest.id
        ))
    })
}

/// The setting a rest reads for the name of the one it mends now (a rest for several is made
/// one by one), so that a die rolled for each says whose it is ("First aid by Dessa on
/// Brina"). Put there for each member by the rest and taken off again: the step keeps none.
pub const PATIENT: &str = "patient";

/// The name of the one a rest mends now, if the rest named it.
pub fn patient(settings: &Settings) -> Option<&str> {
    settings.get(PATIENT).and_then(serde_json::Value::as_str)
}

/// The edition of the rules between fights a rest taken now follows, kept in its step
/// ([`super::CampaignStep::rules`]) as a fight keeps [`crate::encounter::RULES`], so that a
/// session file replays each rest as it was taken. A rule of a rest changed since checks it
/// ([`edition`]), saying what changed beside the check:
/// - 0: before rests kept an edition;
/// - 1: Sovereign's first aid and Healing Touch name the patient in their dice's label (steps
///   were written without an edition until 2: one without is replayed under 0, then under 1);
/// - 2: Sovereign's System Strain forced past its maximum knocks one out for an hour, and a
///   day without food or water at the maximum kills.
pub const RULES: u32 = 2;

/// The setting a rest reads for the edition it is taken under: put there by the company's
/// rest for the time of the rest (today's [`RULES`], or the step's when a replay takes it
/// again), never kept in the step's settings.
pub const EDITION: &str = "rules edition";

/// The edition of the rules between fights the rest follows: the one the settings carry, or
/// today's.
pub fn edition(settings: &Settings) -> u32 {
    settings
        .get(EDITION)
        .and_then(serde_json::Value::as_u64)
        .and_then(|e| u32::try_from(e).ok())
        .unwrap_or(RULES)
}

/// The step's setting naming the one who performed a rest without resting in it (its
/// condition written with the others' for what performing cost it), so a replay leaves it out
/// of those who rest.
pub const PERFORMER: &str = "performer";

/// A kind of recovery a procedure knows: catching one's breath, a night's sleep, a week.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Recovery {
    /// Stable id, used in scripts and the journal (`breath`, `night`).
    pub id: &'static str,
    /// Name shown to the GM ("Catch your breath").
    pub name: &'static str,
    /// What it restores, in our own words.
    pub help: &'static str,
}

/// One recovery for one character: its condition after, or the rules' refusal (and then
/// nothing changed).
pub fn recover(
    of: &dyn Aftermath,
    rest: &Recovery,
    sheet: &serde_json::Value,
    before: &Condition,
    settings: &Settings,
    dice: &mut dyn DiceSource,
) -> Result<Condition, RuleError> {
    let mut after = before.clone();
    of.recover(rest, sheet, &mut after, settings, dice)?;
    Ok(after)
}

/// What `system` says outlives a fight, and its rests: the part it hands over as a
/// `&'static dyn Aftermath` (`Procedure::PARTS`), or [`Plain`] for a procedure with no rules
/// between fights (freeform).
pub fn of(system: &dyn crate::system::System) -> &'static dyn Aftermath {
    let handed = system.parts().iter().find_map(|part| part.downcast_ref::<&dyn Aftermath>());
    handed.copied().unwrap_or(&Plain)
}

/// A procedure's rules between fights.
pub trait Aftermath: Sync {
    /// Whether a track's value outlives the fight. By default every track does.
    fn track_lasts(&self, name: &str) -> bool {
        let _ = name;
        true
    }

    /// The least a track can hold between fights by the procedure's rules, and why (said when
    /// the GM writes less). By default 0: harm stops at nothing left.
    fn track_least(&self, sheet: &serde_json::Value, name: &str) -> (i64, &'static str) {
        let _ = (sheet, name);
        (0, "")
    }

    /// Whether a stat changed in the fight keeps its value (ability loss, severe wounds).
    /// By default none does: stats are the sheet's.
    fn stat_lasts(&self, name: &str) -> bool {
        let _ = name;
        false
    }

    /// Whether a condition on the token outlives the fight. Death always does.
    fn condition_lasts(&self, label: &str) -> bool {
        label == "dead"
    }

    /// A lasting condition as the procedure describes it (its table and row, what it does).
    fn lasting(&self, enc: &Encounter, who: &Combatant, label: &str) -> Lasting {
        let _ = (enc, who);
        Lasting::named(label)
    }

    /// What a character leaves the fight owing to others of its side (Murdham: a funeral for
    /// each companion who died), joined to its lasting harm: a mark it already carries gets
    /// the new names in its detail. By default nothing.
    fn owed(&self, enc: &Encounter, who: &Combatant) -> Vec<Lasting> {
        let _ = (enc, who);
        Vec::new()
    }

    /// The state of the gear the procedure follows (worn, broken, usages marked), by item key;
    /// an item intact with no usage is as its sheet says.
    fn items(&self, enc: &Encounter, who: &Combatant) -> BTreeMap<String, Item> {
        let _ = (enc, who);
        BTreeMap::new()
    }

    /// Puts the gear's state on a combatant entering a fight (its block, its stats), so the
    /// procedure's rules read it there.
    fn enter_items(&self, items: &BTreeMap<String, Item>, combatant: &mut NewCombatant) {
        let _ = (items, combatant);
    }

    /// The hits this fight noted in the log (d12's injury log), in the order taken. By
    /// default none: a procedure without a log keeps none.
    fn log(&self, enc: &Encounter, who: &Combatant) -> Vec<Logged> {
        let _ = (enc, who);
        Vec::new()
    }

    /// Puts the log carried in on a combatant entering a fight, where the procedure's rules
    /// read it (d12: the worst wound sets the TN to stabilise).
    fn enter_log(&self, log: &[Logged], combatant: &mut NewCombatant) {
        let _ = (log, combatant);
    }

    /// A combatant made from a sheet as the procedure completes it on entering a fight
    /// (tracks it derives from stats: Murdham's health from STR). By default as it is.
    fn complete(&self, new: NewCombatant) -> NewCombatant {
        new
    }

    /// What the procedure's rules make of a condition whatever led to it (Block, Dodge, Parry:
    /// every slot filled is 0 HP; Murdham: no more health than STR). Applied to what a fight
    /// leaves ([`outcome`]); each procedure's rests apply it to what they leave.
    fn settle(&self, sheet: &serde_json::Value, condition: &mut Condition) {
        let _ = (sheet, condition);
    }

    /// Whether a rest also costs what the rules take for it (a night without sleep a
    /// Fatigue, a day without food STR, first aid System Strain), so a track may end further
    /// from the sheet. By default no rest does.
    fn costs(&self, rest: &Recovery) -> bool {
        let _ = rest;
        false
    }

    /// The kinds of recovery, shortest first.
    fn recoveries(&self) -> &'static [Recovery];

    /// Dice a rest rolls once for all the `count` it names, before each one rests (Block,
    /// Dodge, Parry's Replenish: the caster's Faith Dice, one for each ally): what they give
    /// goes into the settings each one's rest reads. By default none.
    fn prepare(
        &self,
        rest: &Recovery,
        count: usize,
        settings: &Settings,
        dice: &mut dyn DiceSource,
    ) -> Result<Settings, RuleError> {
        let _ = (rest, count, dice);
        Ok(settings.clone())
    }

    /// What performing a rest costs the one named to perform it (`by NAME`), given that one's
    /// sheet and condition: its condition after, or `None` when it costs nothing (the
    /// default; Replenish: the WIL its Faith Dice take).
    fn performer_pays(
        &self,
        rest: &Recovery,
        sheet: &serde_json::Value,
        before: &Condition,
        settings: &Settings,
    ) -> Option<Condition> {
        let _ = (rest, sheet, before, settings);
        None
    }

    /// One recovery for one character: changes `after` (a copy of its condition, which the
    /// caller drops if this fails, so nothing is half-written), rolling through `dice`.
    /// Called through [`recover`], which makes the copy.
    fn recover(
        &self,
        rest: &Recovery,
        sheet: &serde_json::Value,
        after: &mut Condition,
        settings: &Settings,
        dice: &mut dyn DiceSource,
    ) -> Result<(), RuleError>;
}

/// A recovery by id, or an error that lists the ones there are.
pub fn recovery(of: &dyn Aftermath, id: &str) -> Result<&'static Recovery, RuleError> {
    of.recoveries().iter().find(|r| r.id.eq_ignore_ascii_case(id)).ok_or_else(|| {
        let known: Vec<_> = of.recoveries().iter().map(|r| r.id).collect();
        RuleError::Invalid(format!("no rest '{id}' here; there are: {}", known.join(", ")))
    })
}

/// The character's condition once the fight is over, by its procedure's rules: what the
/// fight left on the token that lasts, over what it carried in.
pub fn outcome(
    of: &dyn Aftermath,
    enc: &Encounter,
    who: &Combatant,
    sheet: &serde_json::Value,
    before: &Condition,
) -> Condition {
    let mut after = before.clone();
    for t in who.tracks.iter().filter(|t| of.track_lasts(&t.name)) {
        after.set_track(sheet, &t.name, t.value);
    }
    for s in who.stats.iter().filter(|s| of.stat_lasts(&s.name)) {
        after.set_stat(sheet, &s.name, s.value);
    }
    // Harm carried in stays while its label is on the token (the GM or the rules may have
    // lifted it in the fight); new lasting conditions join it, in the token's order.
    after.lasting.retain(|l| who.conditions.contains(&l.label));
    let carried = |l: &Lasting| std::iter::once(l.label.clone()).chain(l.also.clone());
    let kept: Vec<String> = after.lasting.iter().flat_map(carried).collect();
    let fresh: Vec<Lasting> = who
        .conditions
        .iter()
        // A condition on a timer ("until the end of the round") ends with the fight.
        .filter(|label| !enc.timers.iter().any(|t| t.id == who.id && &&t.condition == label))
        .filter(|label| of.condition_lasts(label) && !kept.contains(label))
        .map(|label| of.lasting(enc, who, label))
        .collect();
    // A condition an injury keeps on the token ("half speed") goes with the injury, not on
    // a line of its own.
    let riders: Vec<&String> = fresh.iter().flat_map(|l| &l.also).collect();
    after.lasting.extend(fresh.iter().filter(|l| !riders.contains(&&l.label)).cloned());
    for owed in of.owed(enc, who) {
        join_owed(&mut after, owed);
    }
    for (key, item) in of.items(enc, who) {
        // Gear as good as the sheet's is no longer noted.
        if item.wear == super::Wear::Intact && item.spent == 0 {
            after.items.remove(&key);
        } else {
            after.items.insert(key, item);
        }
    }
    after.log.extend(of.log(enc, who));
    of.settle(sheet, &mut after);
    after
}

/// A mark of something owed, on a condition: the names of a new one join those of the mark
/// already there.
fn join_owed(after: &mut Condition, owed: Lasting) {
    let Some(mark) = after.lasting.iter_mut().find(|l| l.label == owed.label) else {
        after.lasting.push(owed);
        return;
    };
    for name in owed.detail.split(", ").filter(|n| !n.is_empty()) {
        if !mark.detail.split(", ").any(|n| n == name) {
            if !mark.detail.is_empty() {
                mark.detail.push_str(", ");
            }
            mark.detail.push_str(name);
        }
    }
}

/// The sheet as the procedure reads it: its `tracks` and `stats` as a combatant made from it
/// has them (with the tracks the procedure derives), the rest as written. Conditions are read
/// against this, so that a derived track (Murdham's health) has a maximum to mend to.
pub fn full_sheet(of: &dyn Aftermath, name: &str, sheet: &serde_json::Value) -> serde_json::Value {
    let made = of.complete(crate::command::NewCombatant {
        stats: crate::command::block_stats(sheet),
        tracks: crate::command::block_tracks(sheet),
        block: sheet.clone(),
        ..NewCombatant::named(name, crate::ids::SideId(0))
    });
    let mut full = match sheet {
        serde_json::Value::Object(m) => m.clone(),
        _ => serde_json::Map::new(),
    };
    let tracks: serde_json::Map<String, serde_json::Value> = made
        .tracks
        .iter()
        .map(|t| (t.name.clone(), serde_json::json!({"value": t.value, "max": t.max})))
        .collect();
    let stats: serde_json::Map<String, serde_json::Value> =
        made.stats.iter().map(|s| (s.name.clone(), s.value.into())).collect();
    full.insert("tracks".into(), tracks.into());
    full.insert("stats".into(), stats.into());
    full.into()
}

/// A combatant made from a sheet, entering a fight as its condition leaves it.
pub fn enter(of: &dyn Aftermath, condition: &Condition, combatant: &mut NewCombatant) {
    condition.enter(combatant);
    if !condition.items.is_empty() {
        of.enter_items(&condition.items, combatant);
    }
    if !condition.log.is_empty() {
        of.enter_log(&condition.log, combatant);
    }
}

/// The rests every procedure can fall back on: tracks back to the sheet after a night,
/// everything after a long rest. Freeform uses them; a game with its own rules says its own.
pub struct Plain;

/// Plain recoveries: a night mends the tracks, a week mends everything but death.
pub const PLAIN_RECOVERIES: &[Recovery] = &[
    Recovery { id: "night", name: "A night's rest", help: "Every track back to the sheet." },
    Recovery {
        id: "week",
        name: "A week's rest",
        help: "Tracks, stats and lasting harm back to the sheet; gear stays as it is; the dead stay dead.",
    },
];

impl Aftermath for Plain {
    fn recoveries(&self) -> &'static [Recovery] {
        PLAIN_RECOVERIES
    }

    fn recover(
        &self,
        rest: &Recovery,
        _sheet: &serde_json::Value,
        after: &mut Condition,
        _settings: &crate::campaign::aftermath::Settings,
        _dice: &mut dyn DiceSource,
    ) -> Result<(), RuleError> {
        after.tracks.clear();
        if rest.id == "week" {
            after.stats.clear();
            after.lasting.clear();
        }
        Ok(())
    }
}
