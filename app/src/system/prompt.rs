//! Prompts: what a system asks the GM, each answer a ready command.

use crate::command::Command;
use crate::encounter::Side;
use crate::ids::CombatantId;
use serde::{Deserialize, Serialize};

/// A question for the GM ("Harald is attacked: how does he react?").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Prompt {
    /// Stable id within the current state, for tests and scripts.
    pub id: String,
    /// The question, in one line.
    pub title: String,
    /// Who it is about.
    pub actor: Option<CombatantId>,
    /// The possible answers, forbidden ones included (disabled, with the reason).
    pub options: Vec<PromptOption>,
}

/// One answer to a prompt.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PromptOption {
    /// Button label.
    pub label: String,
    /// What choosing it does.
    pub command: Command,
    /// Whether the rules allow it now.
    pub enabled: bool,
    /// Why it is disabled (or a note on why it is allowed).
    pub reason: Option<String>,
    /// What it costs, if anything ("+1 Fatigue").
    pub cost: Option<String>,
    /// A heading it is listed under, when a prompt has many answers ("Against Goblin 1").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
    /// One of the step's main buttons ("End turn"): the stepper pins it at the top, beside
    /// Next, so it is never below the fold.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub main: bool,
    /// A player's own roll (a character's Test against a blow): the window asks for its
    /// first die from the table whatever its dice mode (the GM may still let the app roll);
    /// the dice after it (the damage) follow the mode.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub player_rolls: bool,
    /// Another way of the answer listed before it (another weapon against the same foe, a
    /// gambit instead of the blow), in these few words: the window shows it as a small choice
    /// inside that answer's row, so one row per foe; the number keys skip it. Words: left
    /// empty for the simulator, like the label.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    /// Taken by the same click as the answer before it, when it is then all the fight asks
    /// (*Done: next turn* once the turn has nothing else left, *Start the turns* when no tie
    /// is to be broken): a step where nothing else is possible costs no click of its own.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub with_last_answer: bool,
    /// A state that is on or off (a side surprised, a name rolled): the window draws a
    /// toggle, ticked when on, whose words stay the same either way, so a second click
    /// never lands on an answer that says something else. `None` for an ordinary answer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checked: Option<bool>,
    /// An answer no longer possible (an attack on a foe fallen since), refused: the window
    /// keeps its row in its place while the question that listed it is asked, so the
    /// answers after it do not move up under the pointer; one that was already a leftover
    /// when the question was asked is not drawn.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub leftover: bool,
    /// A few words shown beside the label, not part of the answer's name: what it rolls or
    /// rolled ("1d12+2", "base 9"). They may change while the answer stays the same answer in
    /// the same place (a namesake's AGI changed, the roll made), so the name a screen reader
    /// or a test knows it by never does. Words: left empty for the simulator, like the label.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
}

impl Prompt {
    /// The end of a round: one button starting the next.
    pub fn round_over(encounter: &crate::encounter::Encounter) -> Prompt {
        Prompt {
            id: "round-end".into(),
            title: format!("Round {} is over", encounter.round),
            actor: None,
            options: vec![PromptOption::allowed(
                format!("Start round {}", encounter.round + 1),
                Command::Advance,
            )],
        }
    }

    /// Before the first round: one button starting it, disabled while nobody is on the board.
    /// One of the step's main buttons: pinned beside Next, it stays in its place while the
    /// questions before the fight (surprise, reactions) grow as sides and combatants come.
    pub fn ready_to_fight(encounter: &crate::encounter::Encounter) -> Prompt {
        let start = PromptOption::allowed("Start round 1", Command::Advance).main();
        let start = if encounter.combatants.is_empty() {
            PromptOption {
                enabled: false,
                reason: Some("add at least one combatant first".into()),
                ..start
            }
        } else {
            start
        };
        Prompt {
            id: "start".into(),
            title: "Ready to fight?".into(),
            actor: None,
            options: vec![start],
        }
    }

    /// Before the fight, what the GM says of each side (surprised, on guard, its reaction):
    /// `first`, the answers about no side in particular (there from the start), then each
    /// side's answers under a heading of its own, its name, in the order the sides were made.
    /// `each` gets the side and those made before it: an answer between two sides (one
    /// trying to catch the other unaware) belongs to the later one. So a side made later
    /// brings its heading and answers at the very end of the prompt, and the procedure asks
    /// it last among the questions with answers (the start of the fight is a main button,
    /// beside Next): nothing stands after a new side's answers, none of the others moves
    /// when a side appears.
    pub fn by_side(
        encounter: &crate::encounter::Encounter,
        (id, title): (&str, String),
        first: Vec<PromptOption>,
        mut each: impl FnMut(&Side, &[&Side]) -> Vec<PromptOption>,
    ) -> Prompt {
        let mut options = first;
        let mut made: Vec<&Side> = Vec::new();
        for side in encounter.sides.values() {
            options.extend(each(side, &made).into_iter().map(|o| o.in_group(&side.name)));
            made.push(side);
        }
        Prompt { id: id.to_owned(), title, actor: None, options }
    }
}

impl PromptOption {
    /// An allowed option.
    pub fn allowed(label: impl Into<String>, command: Command) -> Self {
        Self {
            label: label.into(),
            command,
            enabled: true,
            reason: None,
            cost: None,
            group: None,
            main: false,
            player_rolls: false,
            variant: None,
            with_last_answer: false,
            checked: None,
            leftover: false,
            detail: None,
        }
    }

    /// The same option as one of the step's main buttons (pinned beside Next).
    pub fn main(self) -> Self {
        Self { main: true, ..self }
    }

    /// The same option, rolled by a player at the table (see [`PromptOption::player_rolls`]).
    pub fn player_rolls(self) -> Self {
        Self { player_rolls: true, ..self }
    }

    /// The same option, taken with the last answer when it is all that is left (see
    /// [`PromptOption::with_last_answer`]).
    pub fn with_last_answer(self) -> Self {
        Self { with_last_answer: true, ..self }
    }

    /// The same option as a toggle, ticked when `on` (see [`PromptOption::checked`]).
    pub fn checked(self, on: bool) -> Self {
        Self { checked: Some(on), ..self }
    }

    /// The same option as a leftover, refused for `why` (see [`PromptOption::leftover`]).
    pub fn leftover(self, why: impl Into<String>) -> Self {
        Self { enabled: false, reason: Some(why.into()), leftover: true, ..self }
    }

    /// The same option, with `words` beside its label (see [`PromptOption::detail`]).
    pub fn detail(self, words: impl Into<String>) -> Self {
        Self { detail: Some(words.into()), ..self }
    }

    /// The same option, shown as `words` inside the row of the answer before it.
    pub fn variant(self, words: impl Into<String>) -> Self {
        Self { variant: Some(words.into()), ..self }
    }

    /// The same option, listed under `group`.
    pub fn in_group(self, group: impl Into<String>) -> Self {
        Self { group: Some(group.into()), ..self }
    }

    /// The same option, forbidden with the check's reason when the check fails: a prompt
    /// asks the very check the command's handling will make, so the two cannot disagree.
    pub fn unless(self, check: Result<(), super::RuleError>) -> Self {
        match check {
            Ok(()) => self,
            Err(why) => Self { enabled: false, reason: Some(why.into_reason()), ..self },
        }
    }

    /// A forbidden option, shown disabled with the reason.
    pub fn forbidden(
        label: impl Into<String>,
        command: Command,
        reason: impl Into<String>,
    ) -> Self {
        Self {
            label: label.into(),
            command,
            enabled: false,
            reason: Some(reason.into()),
            cost: None,
            group: None,
            main: false,
            player_rolls: false,
            variant: None,
            with_last_answer: false,
            checked: None,
            leftover: false,
            detail: None,
        }
    }
}

/// Whether the words of the prompts asked at almost every step (labels, reasons, headings,
/// titles) are written: the table shows them; the simulator chooses by command alone and
/// skips them ([`super::Rules::choices`]). The options, their commands, whether each is
/// allowed and what it costs are the same either way (random play checks it at every step).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wording {
    /// Written, for the GM.
    Written,
    /// Left empty, for the simulator.
    Skipped,
}

impl Wording {
    /// `text()` when words are written, else an empty string (nothing allocated).
    pub fn say(self, text: impl FnOnce() -> String) -> String {
        match self {
            Wording::Written => text(),
            Wording::Skipped => String::new(),
        }
    }

    /// `option` under the heading `heading()` when words are written; without a heading
    /// otherwise (a heading is words: the simulator never reads one).
    pub fn group(self, option: PromptOption, heading: impl FnOnce() -> String) -> PromptOption {
        match self {
            Wording::Written => option.in_group(heading()),
            Wording::Skipped => option,
        }
    }

    /// Whether words are written.
    pub fn written(self) -> bool {
        self == Wording::Written
    }
}
