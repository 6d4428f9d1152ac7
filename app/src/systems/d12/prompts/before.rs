//! Before the fight: who is caught unaware, and the base initiative each combatant still
//! rolls. Both are checklists whose answers keep their places while the roster grows:
//! ticked once done, never taken away or renamed under the GM's pointer.

use super::d12;
use crate::encounter::Encounter;
use crate::ids::CombatantId;
use crate::system::{Prompt, PromptOption, Wording};
use crate::systems::d12::block::{AGI_MOD, stat};
use crate::systems::d12::initiative::{SURPRISED, formula};
use crate::systems::d12::model::D12Command;
use crate::systems::d12::turns;
use std::collections::{BTreeMap, HashMap};

/// Base initiative for whoever lacks it. Asked at every step until everyone has rolled, so
/// its words are written only to be read.
///
/// One answer per combatant taking part, in the order they joined, ticked once it rolled;
/// one roll shared by identical monsters (same library entry, same AGI modifier) stands just
/// before the second of them, where it came in. So a newcomer's answers always come at the
/// end, a group growing keeps its words ("every Hobgoblin warrior", however many), and one
/// who rolled stays in its place, ticked and refused: nothing moves under the pointer.
pub(super) fn initiative(enc: &Encounter, words: Wording) -> Option<Prompt> {
    let missing = turns::without_base(enc);
    if missing.is_empty() {
        return None;
    }
    let taking_part: Vec<CombatantId> = enc
        .combatants
        .values()
        .filter(|c| missing.contains(&c.id) || enc.d12().base.contains_key(&c.id))
        .map(|c| c.id)
        .collect();
    let mut groups: BTreeMap<(String, i64), Vec<CombatantId>> = BTreeMap::new();
    for id in &taking_part {
        let c = &enc.combatants[id];
        if let Some(source) = &c.source {
            groups.entry((source.clone(), stat(c, AGI_MOD))).or_default().push(*id);
        }
    }
    // Each group's answer, keyed by its second member: the one whose coming formed it.
    let mut shared: HashMap<CombatantId, Vec<&[CombatantId]>> = HashMap::new();
    for ids in groups.values().filter(|ids| ids.len() > 1) {
        shared.entry(ids[1]).or_default().push(ids);
    }
    let lacking = |ids: &[CombatantId]| -> Vec<CombatantId> {
        ids.iter().copied().filter(|id| missing.contains(id)).collect()
    };
    let mut options = Vec::new();
    for id in &taking_part {
        for ids in shared.get(id).into_iter().flatten() {
            let label = || format!("One roll for every {}", stem(&enc.combatants[&ids[0]].name));
            options.push(answer(enc, words, words.say(label), ids, lacking(ids)));
        }
        // "Roll for" and the name: a token or card named alike is no answer of its own.
        let label = words.say(|| format!("Roll for {}", enc.name_of(*id)));
        options.push(answer(enc, words, label, &[*id], lacking(&[*id])));
    }
    let title = if enc.round == 0 {
        "Base initiative for the fight (d12 − AGI)".to_owned()
    } else {
        "Newcomers roll base initiative".to_owned()
    };
    Some(Prompt { id: "initiative".into(), title, actor: None, options })
}

/// An initiative answer for `ids`, a toggle ticked once all of them rolled: rolling for
/// those still `lacking` one, refused (as the rules refuse it) when none is. Its label says
/// who; beside it, what they roll, then what they rolled: a namesake's AGI changing or the
/// roll made never renames the answer under the pointer.
fn answer(
    enc: &Encounter,
    words: Wording,
    label: String,
    ids: &[CombatantId],
    lacking: Vec<CombatantId>,
) -> PromptOption {
    let option = if lacking.is_empty() {
        let command = d12(D12Command::Initiative { ids: ids.to_vec() });
        PromptOption::forbidden(label, command, "rolled already").checked(true)
    } else {
        PromptOption::allowed(label, d12(D12Command::Initiative { ids: lacking })).checked(false)
    };
    let Some(&first) = ids.first().filter(|_| words.written()) else { return option };
    if option.checked == Some(true) {
        // Each one's base, said once when they shared the roll.
        let mut bases: Vec<String> = Vec::new();
        for base in ids.iter().filter_map(|id| enc.d12().base.get(id)).map(i64::to_string) {
            if !bases.contains(&base) {
                bases.push(base);
            }
        }
        option.detail(format!("base {}", bases.join(", ")))
    } else {
        option.detail(formula(enc, first))
    }
}

/// "Hobgoblin warrior 3" → "Hobgoblin warrior".
fn stem(name: &str) -> String {
    match name.rsplit_once(' ') {
        Some((head, tail)) if tail.chars().all(|c| c.is_ascii_digit()) => head.to_owned(),
        _ => name.to_owned(),
    }
}

/// Before the fight: a whole side caught unaware, one toggle per side, ticked while all of
/// it is surprised; a second click takes it back. A side nobody joined yet keeps its toggle,
/// refused until someone does, so a side's first combatant moves no answer under the pointer.
pub(super) fn surprise(enc: &Encounter) -> Option<Prompt> {
    if enc.round > 0 {
        return None;
    }
    let options: Vec<PromptOption> = enc
        .sides
        .values()
        .map(|side| {
            let ids: Vec<CombatantId> =
                enc.combatants.values().filter(|c| c.side == side.id).map(|c| c.id).collect();
            let label = format!("{} are surprised", side.name);
            if ids.is_empty() {
                let command = d12(D12Command::Surprise { ids, surprised: true });
                return PromptOption::forbidden(label, command, "nobody on this side yet")
                    .checked(false);
            }
            let all = ids.iter().all(|id| enc.combatants[id].conditions.contains(SURPRISED));
            let command = d12(D12Command::Surprise { ids, surprised: !all });
            PromptOption::allowed(label, command).checked(all)
        })
        .collect();
    (!options.is_empty()).then(|| Prompt {
        id: "surprise".into(),
        title: "Anyone caught unaware? (optional)".into(),
        actor: None,
        options,
    })
}

#[cfg(test)]
mod tests {
    use crate::system::PromptOption;

    const BLOCK: &str = r#"{"stats": {"str": 10, "agi mod": -1}, "hd": "1d8", "attacks": [{"name": "Axe", "damage": "1d10", "types": ["chopping"], "speed": 7, "crit": 3}]}"#;

    /// The answers of question `id` after the script `body` (Ann of the party, orcs after).
    fn answers(body: &str, id: &str) -> Vec<PromptOption> {
        let text = format!(
            "system d12\nside P party\nside F\nzone Hall\nadd Ann side P zone Hall block \
             {BLOCK}\n{body}"
        );
        let h = crate::systems::run_script("t.fray", &text).unwrap_or_else(|e| panic!("{e}"));
        let d12 = crate::systems::registry().get("d12").unwrap();
        let prompts = d12.prompts(h.state());
        prompts.into_iter().find(|p| p.id == id).map(|p| p.options).unwrap_or_default()
    }

    fn labels(options: &[PromptOption]) -> Vec<String> {
        options.iter().map(|o| o.label.clone()).collect()
    }

    fn details(options: &[PromptOption]) -> Vec<String> {
        options.iter().map(|o| o.detail.clone().unwrap_or_default()).collect()
    }

    #[test]
    fn the_initiative_answers_keep_their_places_as_orcs_come_and_roll() {
        let orc = format!("add Orc side F zone Hall source creature:7 block {BLOCK}");
        let one = answers(&orc, "initiative");
        assert_eq!(labels(&one), ["Roll for Ann", "Roll for Orc"]);
        assert_eq!(details(&one), ["1d12+1", "1d12+1"], "what each rolls, beside its name");
        // A second orc: the shared roll comes in with it, after what was there.
        let two = answers(&format!("{orc}\n{orc}"), "initiative");
        let shared = "One roll for every Orc";
        assert_eq!(labels(&two)[..2], labels(&one)[..]);
        assert_eq!(labels(&two)[2], shared);
        // A third: its own answer at the end, the shared roll in its place, in the same words.
        let three = answers(&format!("{orc}\n{orc}\n{orc}"), "initiative");
        assert_eq!(labels(&three)[..4], labels(&two)[..]);
        assert_eq!(three.len(), 5);
        // Ann rolls: her answer stays where it was, ticked and refused, in the same words.
        let rolled = answers(&format!("{orc}\n{orc}\ninitiative Ann table 4"), "initiative");
        assert_eq!(labels(&rolled), labels(&two));
        assert_eq!((rolled[0].enabled, rolled[0].checked), (false, Some(true)));
        assert_eq!(rolled[0].reason.as_deref(), Some("rolled already"));
        assert_eq!(rolled[0].detail.as_deref(), Some("base 5"), "what she rolled: 4 + 1");
        assert!(rolled[1..].iter().all(|o| o.enabled && o.checked == Some(false)));
        // The orcs' shared roll made (the first renamed, to be named apart): all three of
        // their answers ticked, each saying the base, once.
        let script = format!("{orc}\n{orc}\nrename Orc Grunt\ninitiative Grunt Orc table 9");
        let shared = answers(&script, "initiative");
        assert_eq!(details(&shared), ["1d12+1", "base 10", "base 10", "base 10"]);
        assert!(shared[1..].iter().all(|o| o.checked == Some(true)));
    }

    #[test]
    fn a_namesake_whose_agi_changes_keeps_the_name_of_its_answer() {
        let maud = format!("add Maud side F zone Hall block {BLOCK}");
        let before = answers(&format!("{maud}\n{maud}"), "initiative");
        let after = answers(&format!("{maud}\n{maud}\nset Maud \"agi mod\" 2"), "initiative");
        assert_eq!(labels(&after), labels(&before), "the same names, in the same places");
        assert_ne!(details(&after), details(&before), "the formula beside them is up to date");
    }

    #[test]
    fn surprise_is_asked_first_with_a_place_kept_for_a_side_nobody_joined_yet() {
        let empty = answers("", "surprise");
        assert_eq!(labels(&empty), ["P are surprised", "F are surprised"]);
        assert!(empty[0].enabled);
        assert_eq!((empty[1].enabled, empty[1].checked), (false, Some(false)));
        assert_eq!(empty[1].reason.as_deref(), Some("nobody on this side yet"));
        let text = format!(
            "system d12\nside P party\nside F\nzone Hall\nadd Ann side P zone Hall block {BLOCK}"
        );
        let h = crate::systems::run_script("t.fray", &text).unwrap_or_else(|e| panic!("{e}"));
        let d12 = crate::systems::registry().get("d12").unwrap();
        let ids: Vec<String> = d12.prompts(h.state()).into_iter().map(|p| p.id).collect();
        assert_eq!(ids[..2], ["surprise", "initiative"], "the rules' order");
    }

    #[test]
    fn a_side_surprised_is_a_toggle_that_keeps_its_words() {
        let orc = format!("add Orc side F zone Hall block {BLOCK}");
        let before = answers(&orc, "surprise");
        assert_eq!(labels(&before), ["P are surprised", "F are surprised"]);
        assert_eq!(before[1].checked, Some(false));
        let after = answers(&format!("{orc}\nsurprise Orc"), "surprise");
        assert_eq!(labels(&after), labels(&before), "the same words, ticked");
        assert_eq!(after[1].checked, Some(true));
        assert!(after[1].enabled, "a second click takes it back");
    }
}
