//! Where a question's answers stand while it is asked. When it is asked, the answers with no
//! heading come first, then each heading's in the order the system lists them. While it is
//! the same question, every answer keeps the place it was shown in: one that appears (a foe
//! joining, someone joining the faction that chooses) comes after everything already shown,
//! where nothing stood; one that goes (its foe removed, or now an ally) stays in its place,
//! refused, and its heading with it, until the question is asked again. Nothing the GM is
//! about to click moves up, down or away under the pointer; the number keys follow the same
//! order.

use eframe::egui;
use fray_app::system::{Prompt, PromptOption};
use std::collections::{HashMap, HashSet};

/// Why an answer shown when the question was asked is no longer there to take.
pub(super) const GONE: &str = "no longer possible";

/// One answer as shown, and its place: a number of its own while the question is asked (the
/// order it was first shown in), by which its row keeps what it was (see [`Asked`]).
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Shown {
    /// Its place.
    pub place: usize,
    /// The answer, in its words of now.
    pub option: PromptOption,
}

/// The answers under one heading (or none) as drawn, in order.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Section {
    /// Its heading ("Against Goblin 1") as the system names it now, none for the answers
    /// listed first.
    pub heading: Option<String>,
    /// What names its fold (folded or open): what its first answer did when it was first
    /// shown, not its words, so a heading renamed with its foe stays as it was.
    pub key: String,
    /// Its answers, main buttons left out (they stand beside Next).
    pub options: Vec<Shown>,
}

/// A question as the window showed it when it was asked, remembered while it is the same
/// question (its id and title, shown without a break, under the same circumstances the GM
/// set): where its answers stand and what their rows were then, so none of them moves,
/// grows, shrinks or goes while the GM reads it. The same words asked again later (Harald's
/// turn in the next round) are a new question, and so are new circumstances: the GM changed
/// its terms. Rows are known by their places (see [`Shown`]), never by their words, which
/// may change (a foe renamed) or be shared (namesakes).
#[derive(Clone, Default)]
pub(super) struct Asked {
    /// Its title.
    title: String,
    /// The circumstances the GM set (see `modifiers`), in words.
    terms: String,
    /// The pass it was last drawn in.
    seen: u64,
    /// Its answers where they stand (see [`arrange`]).
    pub sections: Vec<Section>,
    /// The answers refused when first shown, each with its reason: those may fold. One
    /// refused later keeps its row, disabled, in its place: folding it then would lift the
    /// answers under it. One in a fold refused since for another reason (or gone) stays in
    /// the fold, whose words stay those of the question as asked: a run of folded answers
    /// never breaks under the pointer.
    pub refused: HashMap<usize, String>,
    /// The answers with a line of reason under them when they were first shown: one given a
    /// reason later says it on hover only, one that lost it keeps the line empty, so every
    /// row keeps its height.
    pub with_reason: HashSet<usize>,
    /// The main answers (beside Next) whose reason had its line over the answers when the
    /// question was asked (see `prompts_ui`): that line stays while the question does.
    pub main_with_reason: HashSet<String>,
    /// Each answer's words when first shown, and its button's height while it had them (see
    /// [`Asked::kept_height`]).
    rows: HashMap<usize, (String, f32)>,
}

impl Asked {
    /// The height the answer at `place` keeps now that it reads `words`: the one it had
    /// with its first words, once its words changed (a foe renamed); none while they are the
    /// same (it is drawn as then).
    pub(super) fn kept_height(&self, place: usize, words: &str) -> Option<f32> {
        self.rows.get(&place).filter(|(first, _)| first != words).map(|(_, height)| *height)
    }
}

/// Remembers the height of the answer at `place` of the question `prompt` (its id) asks,
/// drawn with `words`: while they are its first words (see [`Asked::kept_height`]).
pub(super) fn measured(ctx: &egui::Context, prompt: &str, place: usize, words: &str, height: f32) {
    ctx.data_mut(|d| {
        let rows = &mut d.get_temp_mut_or_default::<Asked>(memory_id(prompt)).rows;
        let row = rows.entry(place).or_insert_with(|| (words.to_owned(), height));
        if row.0 == words {
            row.1 = height;
        }
    });
}

/// The id the window remembers the question `prompt` (its id) as it was asked under.
fn memory_id(prompt: &str) -> egui::Id {
    egui::Id::unique(("prompt-asked", prompt))
}

/// Whether `asked` is still the question `prompt` asks, under `terms`, drawn up to `pass`.
fn same(asked: &Asked, prompt: &Prompt, terms: &str, pass: u64) -> bool {
    asked.title == prompt.title && asked.terms == terms && asked.seen + 1 >= pass
}

/// What the window remembers of `prompt` as it was asked, its answers where they stand now
/// (see [`arrange`]), remembered for the next pass; the answers refused then and since
/// allowed again no longer fold.
pub(super) fn asked(ctx: &egui::Context, prompt: &Prompt, terms: &str) -> Asked {
    let id = memory_id(&prompt.id);
    let pass = ctx.cumulative_pass_nr();
    let mut now = match ctx.data(|d| d.get_temp::<Asked>(id)) {
        Some(before) if same(&before, prompt, terms, pass) => {
            let known = before.sections.iter().map(|s| s.options.len()).sum();
            let sections = arrange(&before.sections, prompt);
            let mut with_reason = before.with_reason;
            // An answer that came since has its line when it comes with a reason.
            with_reason.extend(shown(&sections).filter(|s| s.place >= known).filter_map(reasoned));
            Asked { sections, with_reason, seen: pass, ..before }
        }
        _ => {
            let sections = first_sight(prompt);
            Asked {
                title: prompt.title.clone(),
                terms: terms.to_owned(),
                seen: pass,
                refused: shown(&sections)
                    .filter(|s| !s.option.enabled && s.option.checked.is_none())
                    .filter_map(|s| Some((s.place, s.option.reason.clone()?)))
                    .collect(),
                with_reason: shown(&sections).filter_map(reasoned).collect(),
                main_with_reason: (prompt.options.iter())
                    .filter(|o| o.main && o.reason.is_some() && o.checked.is_none())
                    .map(|o| o.label.clone())
                    .collect(),
                rows: HashMap::new(),
                sections,
            }
        }
    };
    ctx.data_mut(|d| d.insert_temp(id, now.clone()));
    let refused: HashSet<usize> =
        shown(&now.sections).filter(|s| !s.option.enabled).map(|s| s.place).collect();
    now.refused.retain(|place, _| refused.contains(place));
    now
}

/// Where `prompt`'s answers stand as the window showed them last, without remembering
/// anything: what the number keys answer, read before the answers are drawn.
pub(super) fn standing(ctx: &egui::Context, prompt: &Prompt, terms: &str) -> Vec<Section> {
    let pass = ctx.cumulative_pass_nr();
    match ctx.data(|d| d.get_temp::<Asked>(memory_id(&prompt.id))) {
        Some(before) if same(&before, prompt, terms, pass) => arrange(&before.sections, prompt),
        _ => first_sight(prompt),
    }
}

/// Every answer shown, in order.
fn shown(sections: &[Section]) -> impl Iterator<Item = &Shown> {
    sections.iter().flat_map(|s| &s.options)
}

/// The place of an answer shown with a line of reason under it (a toggle says its reason on
/// hover only, ticked or not).
fn reasoned(s: &Shown) -> Option<usize> {
    (s.option.reason.is_some() && s.option.checked.is_none()).then_some(s.place)
}

/// The answers of a question asked now: those with no heading first, then each heading's in
/// the order the system first lists it; main buttons left out, and a leftover (a foe fallen
/// before the question was asked) not shown.
pub(super) fn first_sight(prompt: &Prompt) -> Vec<Section> {
    let mut sections: Vec<Section> = Vec::new();
    let shown = prompt.options.iter().filter(|o| !o.main && !o.leftover);
    let (plain, grouped): (Vec<&PromptOption>, Vec<&PromptOption>) =
        shown.partition(|o| o.group.is_none());
    for (place, o) in plain.into_iter().chain(grouped).enumerate() {
        let at = sections.iter().position(|s| s.heading == o.group);
        place_at(&mut sections, at, o.clone(), place);
    }
    sections
}

/// Puts `option` at `place` at the end of the section at `at`, or of a new one under its
/// heading after all the others, its fold named by its first answer.
fn place_at(sections: &mut Vec<Section>, at: Option<usize>, option: PromptOption, place: usize) {
    let shown = Shown { place, option };
    match at {
        Some(at) => sections[at].options.push(shown),
        None => sections.push(Section {
            heading: shown.option.group.clone(),
            key: format!("{:?}", shown.option.command),
            options: vec![shown],
        }),
    }
}

/// `prompt`'s answers where they stood in `before`: each answer shown keeps its place and
/// its shape (another way inside a row, or a row of its own), in its words of now (see
/// [`matched`]); one gone stays, refused (see [`GONE`]); a new one comes after everything
/// shown (see [`place_new`]); a leftover that was not shown is not shown.
pub(super) fn arrange(before: &[Section], prompt: &Prompt) -> Vec<Section> {
    let now: Vec<&PromptOption> = prompt.options.iter().filter(|o| !o.main).collect();
    let was: Vec<&PromptOption> = shown(before).map(|s| &s.option).collect();
    let found = matched(&was, &now);
    let mut taken = vec![false; now.len()];
    let mut at = 0;
    let mut sections: Vec<Section> = before
        .iter()
        .map(|s| {
            let options: Vec<Shown> = (s.options.iter())
                .map(|shown| {
                    let here = found[at];
                    at += 1;
                    let was = &shown.option;
                    let Some(i) = here else {
                        return Shown { place: shown.place, option: gone(was) };
                    };
                    taken[i] = true;
                    // The shape it was shown in: another way stays inside its row.
                    let variant =
                        was.variant.as_ref().map(|w| now[i].variant.clone().unwrap_or(w.clone()));
                    Shown { place: shown.place, option: PromptOption { variant, ..now[i].clone() } }
                })
                .collect();
            // Named as the system names it now (a renamed foe) when its answers agree on it,
            // else as it was (gone, or namesakes' answers under one heading, one renamed).
            let names: Vec<&Option<String>> = (options.iter().filter(|s| !s.option.leftover))
                .map(|s| &s.option.group)
                .filter(|g| g.is_some())
                .collect();
            let heading = match names.first() {
                Some(first) if names.iter().all(|g| g == first) => (*first).clone(),
                _ => s.heading.clone(),
            };
            Section { heading, key: s.key.clone(), options }
        })
        .collect();
    let mut place = was.len();
    for (i, o) in now.iter().enumerate() {
        if !taken[i] && !o.leftover {
            let base = now[..i].iter().rev().find(|b| b.variant.is_none());
            place_new(&mut sections, o, base.copied(), place);
            place += 1;
        }
    }
    sections
}

/// Whether `was`, an answer shown, is `now`, an answer listed now, by [`matched`]'s test
/// of `rank`: the same words under the same heading doing the same (0), the same words under
/// the same heading (1), doing the same (2).
fn same_answer(rank: usize, was: &PromptOption, now: &PromptOption) -> bool {
    let words = was.label == now.label && was.group == now.group;
    match rank {
        0 => words && was.command == now.command,
        1 => words,
        _ => was.command == now.command,
    }
}

/// For each answer `shown`, the answer of `now` it is (by index), if any: first the same
/// words under the same heading doing the same; then the same words under the same heading
/// (what it does brought up to date: one roll for a group, fewer left to roll), namesakes in
/// their order; then the same command in new words (a foe renamed). So a namesake gone
/// leaves its own row, and an answer is never taken from another heading for its words.
fn matched(shown: &[&PromptOption], now: &[&PromptOption]) -> Vec<Option<usize>> {
    let mut found: Vec<Option<usize>> = vec![None; shown.len()];
    let mut taken = vec![false; now.len()];
    for rank in 0..3 {
        for (n, was) in shown.iter().enumerate() {
            if found[n].is_some() {
                continue;
            }
            if let Some(i) = (0..now.len()).find(|i| !taken[*i] && same_answer(rank, was, now[*i]))
            {
                taken[i] = true;
                found[n] = Some(i);
            }
        }
    }
    found
}

/// An answer shown that the system no longer lists: in its place, refused.
fn gone(o: &PromptOption) -> PromptOption {
    if o.leftover && !o.enabled {
        return o.clone();
    }
    PromptOption {
        enabled: false,
        reason: Some(GONE.into()),
        leftover: true,
        with_last_answer: false,
        ..o.clone()
    }
}

/// Places `o`, new while the question is asked, at `place` where nothing stood: another way
/// of an answer (`base`) goes inside that answer's row when the row shows other ways already
/// or is the last; any other answer at the end, in the last section when it has the same
/// heading, else under its heading (again, if it was shown) after everything. Another way of
/// an answer shown without any, higher up, comes as an answer of its own: a line of other
/// ways opening under that answer would push everything under it down.
fn place_new(
    sections: &mut Vec<Section>,
    o: &PromptOption,
    base: Option<&PromptOption>,
    place: usize,
) {
    if let (Some(_), Some(base)) = (&o.variant, base) {
        let count = sections.len();
        for (n, s) in sections.iter_mut().enumerate() {
            let Some(at) = s.options.iter().position(|x| x.option.command == base.command) else {
                continue;
            };
            let ways =
                s.options[at + 1..].iter().take_while(|x| x.option.variant.is_some()).count();
            if ways > 0 || (n + 1 == count && at + 1 == s.options.len()) {
                s.options.insert(at + 1 + ways, Shown { place, option: o.clone() });
                return;
            }
        }
    }
    let o = PromptOption { variant: None, ..o.clone() };
    let last = sections.len().checked_sub(1).filter(|at| sections[*at].heading == o.group);
    place_at(sections, last, o, place);
}

#[cfg(test)]
mod tests {
    use super::*;
    use fray_app::Command;
    use fray_app::ids::CombatantId;

    /// An answer named `label` doing something of its own (`n`), under `group`.
    fn answer(label: &str, n: u32, group: Option<&str>) -> PromptOption {
        let o = PromptOption::allowed(label, Command::RemoveCombatant { id: CombatantId(n) });
        match group {
            Some(g) => o.in_group(g),
            None => o,
        }
    }

    fn prompt(options: Vec<PromptOption>) -> Prompt {
        Prompt { id: "turn".into(), title: "Ansel's turn".into(), actor: None, options }
    }

    /// Each section as its heading and its answers' labels, gone ones marked.
    fn shape(sections: &[Section]) -> Vec<(Option<String>, Vec<String>)> {
        let word = |o: &PromptOption| {
            let gone = o.reason.as_deref() == Some(GONE);
            if gone { format!("{} (gone)", o.label) } else { o.label.clone() }
        };
        sections
            .iter()
            .map(|s| (s.heading.clone(), s.options.iter().map(|s| word(&s.option)).collect()))
            .collect()
    }

    fn s(heading: Option<&str>, labels: &[&str]) -> (Option<String>, Vec<String>) {
        (heading.map(str::to_owned), labels.iter().map(|l| (*l).to_owned()).collect())
    }

    fn turn() -> Vec<PromptOption> {
        vec![
            answer("Sword at Hound", 1, Some("Against Hound")),
            answer("Grab Hound", 2, Some("Against Hound")),
            answer("Full movement", 3, Some("Other actions")),
            PromptOption::allowed("End turn", Command::Advance).main(),
        ]
    }

    #[test]
    fn asked_anew_plain_answers_come_first_then_each_heading_main_buttons_left_out() {
        let mut options = turn();
        options.insert(1, answer("Shout", 9, None));
        let shown = first_sight(&prompt(options));
        assert_eq!(
            shape(&shown),
            [
                s(None, &["Shout"]),
                s(Some("Against Hound"), &["Sword at Hound", "Grab Hound"]),
                s(Some("Other actions"), &["Full movement"]),
            ]
        );
    }

    #[test]
    fn a_new_foe_comes_after_everything_shown_not_above_other_actions() {
        let before = first_sight(&prompt(turn()));
        let mut options = turn();
        options.insert(2, answer("Sword at Rat", 4, Some("Against Rat")));
        let now = arrange(&before, &prompt(options));
        assert_eq!(
            shape(&now),
            [
                s(Some("Against Hound"), &["Sword at Hound", "Grab Hound"]),
                s(Some("Other actions"), &["Full movement"]),
                s(Some("Against Rat"), &["Sword at Rat"]),
            ]
        );
        // Drawn again, nothing grows or moves.
        assert_eq!(arrange(&now, &prompt(turn_with_rat())), now);
    }

    fn turn_with_rat() -> Vec<PromptOption> {
        let mut options = turn();
        options.insert(2, answer("Sword at Rat", 4, Some("Against Rat")));
        options
    }

    #[test]
    fn a_foe_gone_keeps_its_heading_and_rows_refused_until_asked_again() {
        let before = first_sight(&prompt(turn()));
        let options: Vec<PromptOption> = turn().into_iter().skip(2).collect();
        let now = arrange(&before, &prompt(options.clone()));
        assert_eq!(
            shape(&now),
            [
                s(Some("Against Hound"), &["Sword at Hound (gone)", "Grab Hound (gone)"]),
                s(Some("Other actions"), &["Full movement"]),
            ]
        );
        assert!(now[0].options.iter().all(|s| !s.option.enabled && s.option.leftover));
        assert_eq!(arrange(&now, &prompt(options.clone())), now, "it stays while asked");
        assert_eq!(
            shape(&first_sight(&prompt(options))),
            [s(Some("Other actions"), &["Full movement"])]
        );
    }

    #[test]
    fn someone_joining_the_faction_comes_after_pass_and_who_had_a_turn() {
        let refused = |label: &str, n| {
            PromptOption::forbidden(label, Command::RemoveCombatant { id: CombatantId(n) }, "done")
        };
        let choice = vec![
            answer("Activate Ada", 1, None),
            answer("Pass", 0, None),
            refused("Activate Bo", 2),
        ];
        let before = first_sight(&prompt(choice.clone()));
        let mut joined = choice;
        joined.insert(1, answer("Activate Cy", 3, None));
        let now = arrange(&before, &prompt(joined));
        assert_eq!(shape(&now), [s(None, &["Activate Ada", "Pass", "Activate Bo", "Activate Cy"])]);
    }

    #[test]
    fn an_answer_renamed_keeps_its_place_and_its_heading_the_new_name() {
        let before = first_sight(&prompt(turn()));
        let renamed = vec![
            answer("Sword at Hound the Quick", 1, Some("Against Hound the Quick")),
            answer("Grab Hound the Quick", 2, Some("Against Hound the Quick")),
            answer("Full movement", 3, Some("Other actions")),
        ];
        let now = arrange(&before, &prompt(renamed));
        assert_eq!(now[0].heading.as_deref(), Some("Against Hound the Quick"));
        assert_eq!(now[0].key, before[0].key, "its fold keeps its name");
        assert_eq!(shape(&now)[0].1, ["Sword at Hound the Quick", "Grab Hound the Quick"]);
    }

    #[test]
    fn another_way_new_goes_inside_a_row_with_ways_else_comes_as_a_row_at_the_end() {
        let way = |label: &str, n| answer(label, n, Some("Against Hound")).variant("fists");
        let mut options = turn();
        options.insert(1, way("Fists at Hound", 5));
        let before = first_sight(&prompt(options.clone()));
        let mut more = options;
        more.insert(2, way("Bottle at Hound", 6));
        more.insert(4, way("Chair at Grab", 7));
        let now = arrange(&before, &prompt(more));
        assert_eq!(
            shape(&now),
            [
                s(
                    Some("Against Hound"),
                    &["Sword at Hound", "Fists at Hound", "Bottle at Hound", "Grab Hound"]
                ),
                s(Some("Other actions"), &["Full movement"]),
                s(Some("Against Hound"), &["Chair at Grab"]),
            ]
        );
        assert!(now[0].options[2].option.variant.is_some(), "inside the sword's row");
        assert!(now[2].options[0].option.variant.is_none(), "a row of its own");
        let places: Vec<Vec<usize>> =
            now.iter().map(|s| s.options.iter().map(|s| s.place).collect()).collect();
        assert_eq!(places, [vec![0, 1, 4, 2], vec![3], vec![5]], "each row keeps its place");
    }

    #[test]
    fn a_foe_gone_never_takes_the_answers_of_the_next_foe_named_alike() {
        // Every foe's heading lists the same weapons: the words alone tell no foe apart.
        let foe = |n: u32, name: &str| {
            let group = format!("Attack {name}");
            vec![
                answer("Sword (d6)", n * 10, Some(&group)),
                answer("Axe (d8)", n * 10 + 1, Some(&group)),
            ]
        };
        let before = first_sight(&prompt([foe(1, "Boss"), foe(2, "Hound")].concat()));
        let now = arrange(&before, &prompt(foe(2, "Hound")));
        assert_eq!(
            shape(&now),
            [
                s(Some("Attack Boss"), &["Sword (d6) (gone)", "Axe (d8) (gone)"]),
                s(Some("Attack Hound"), &["Sword (d6)", "Axe (d8)"]),
            ]
        );
    }

    #[test]
    fn a_namesake_gone_leaves_its_own_row_and_one_roll_for_a_group_keeps_its_row() {
        let roll = |label: &str, ids: &[u32]| {
            let ids = ids.iter().map(|n| CombatantId(*n)).collect();
            PromptOption::allowed(label, Command::SetOrder { order: ids })
        };
        let before = first_sight(&prompt(vec![
            roll("Roll for Orc", &[1]),
            roll("One roll for every Orc", &[1, 2]),
            roll("Roll for Orc", &[2]),
        ]));
        // The first orc leaves: the group's roll is the second's alone now.
        let now = arrange(
            &before,
            &prompt(vec![roll("One roll for every Orc", &[2]), roll("Roll for Orc", &[2])]),
        );
        assert_eq!(
            shape(&now),
            [s(None, &["Roll for Orc (gone)", "One roll for every Orc", "Roll for Orc"])]
        );
        assert_eq!(
            now[0].options[1].option.command,
            roll("", &[2]).command,
            "the group's roll as it is now"
        );
    }

    #[test]
    fn namesakes_under_one_heading_keep_it_when_one_is_renamed() {
        let foe = |n: u32, name: &str| {
            answer(&format!("Sword at {name}"), n, Some(&format!("Attack {name}")))
        };
        let before = first_sight(&prompt(vec![foe(1, "Corvin"), foe(2, "Corvin")]));
        assert_eq!(
            shape(&before),
            [s(Some("Attack Corvin"), &["Sword at Corvin", "Sword at Corvin"])]
        );
        let now = arrange(&before, &prompt(vec![foe(1, "Corvin the Grim"), foe(2, "Corvin")]));
        assert_eq!(
            shape(&now),
            [s(Some("Attack Corvin"), &["Sword at Corvin the Grim", "Sword at Corvin"])]
        );
    }
}
