//! How a real file's creatures came in, counted: each is *right* (every field as worked out
//! from the source, a default standing only where the source gives no value and said so),
//! *reported* (a field not as the source has it, but said: listed as not read, a line of the
//! checks, or the creature left out naming the field), or *silently wrong* (a field not as the
//! source has it, and nothing said). The figures are printed for each source and format, and
//! the targets asserted: none silently wrong, at least 95 % right. The d20 family's files are
//! judged here field by field ([`Tally::judge`]); the others (Cairn's pages and Foundry pack
//! for Block, Dodge, Parry, the OSE SRD's tables, Worlds Without Number's pack) by their own
//! tests' checks of their fields, counted here the same way ([`Tally::count`]).

use crate::foreign::Expected;
use fray_data::exchange::PastedBlock;

/// Sovereign's defaults, where a source gives no value: the attack bonus and the move.
const DEFAULT_ATK: i64 = 1;
const DEFAULT_MOVE: i64 = 30;

/// The count of one file.
pub(crate) struct Tally {
    file: &'static str,
    /// The procedure the file is read into.
    into: &'static str,
    right: usize,
    /// The creatures reported, each with the fields said.
    reported: Vec<String>,
    /// The creatures silently wrong, each with what differs.
    wrong: Vec<String>,
    /// Right only through a default the source gives no value for, said.
    defaults_said: usize,
}

impl Tally {
    pub(crate) fn new(file: &'static str) -> Self {
        Tally {
            file,
            into: "Sovereign",
            right: 0,
            reported: Vec::new(),
            wrong: Vec::new(),
            defaults_said: 0,
        }
    }

    /// The same, for a file read into another procedure than Sovereign.
    pub(crate) fn read_into(self, procedure: &'static str) -> Self {
        Tally { into: procedure, ..self }
    }

    /// A creature judged by its source's own checks: right when they found nothing, else
    /// reported with the fields said (listed as not read, kept in the notes), or silently wrong
    /// with what differs unsaid.
    pub(crate) fn count(&mut self, name: &str, reported: &[String], wrong: &[String]) {
        if !wrong.is_empty() {
            self.wrong.push(format!("{name}: {}", wrong.join("; ")));
        } else if !reported.is_empty() {
            self.reported.push(format!("{name}: {reported:?} said"));
        } else {
            self.right += 1;
        }
    }

    /// A creature left out, naming the field (a value past its range).
    pub(crate) fn left_out(&mut self, name: &str, why: &str) {
        self.reported.push(format!("{name}: left out ({why})"));
    }

    /// A creature that should have come in and did not.
    pub(crate) fn missing(&mut self, name: &str) {
        self.wrong.push(format!("{name}: missing"));
    }

    /// One creature: `got` as read into `block`, `want` as worked out from the source (its
    /// attack bonus and move `None` where the source gives none); `also_right` says whether a
    /// field that differs is as another printing of the same creature has it (the SRD wiki's
    /// page, where the 5e-API's JSON differs).
    pub(crate) fn judge(
        &mut self,
        name: &str,
        got: &Expected,
        want: &Expected,
        block: &PastedBlock,
        also_right: &dyn Fn(&str) -> bool,
    ) {
        let said =
            |label: &str| block.warnings.iter().any(|w| w.starts_with(&format!("{label}: ")));
        let mut reported = Vec::new();
        let mut wrong = Vec::new();
        let mut default_said = false;
        let mut scalar = |field: &'static str,
                          got: Option<i64>,
                          want: Option<i64>,
                          label: &str,
                          default: Option<i64>| {
            // A default that stands where the source has a value is not read, even when the
            // two happen to agree (the Werebear's "10 in humanoid form, 11 ...").
            let defaulted = want.is_some() && said(label);
            if (got == want || also_right(field)) && !defaulted {
                return;
            }
            if want.is_none() && got == default && said(label) {
                default_said = true;
                return;
            }
            // A value not read is listed as not read (kept in the notes) or said in a check.
            let listed = block.unread.iter().any(|u| mentions(u, field));
            if said(label) || listed {
                reported.push(field);
            } else {
                wrong.push(format!("{field} {got:?} for {want:?}"));
            }
        };
        scalar("hp", Some(got.hp), Some(want.hp), "HP", None);
        scalar("ac", Some(got.ac), Some(want.ac), "AC", None);
        scalar("hd", got.hd, want.hd, "Hit dice", None);
        scalar("speed", got.speed, want.speed, "Move (ft)", Some(DEFAULT_MOVE));
        scalar("atk", got.atk, want.atk, "Attack bonus", Some(DEFAULT_ATK));
        if sorted(&got.attacks) != sorted(&want.attacks) && !also_right("attacks") {
            let extra: Vec<_> = got.attacks.iter().filter(|a| !want.attacks.contains(a)).collect();
            let unsaid: Vec<_> = want
                .attacks
                .iter()
                .filter(|a| !got.attacks.contains(a))
                .filter(|(attack, _, _, _)| {
                    !block.unread.iter().any(|u| u.starts_with(attack.as_str()))
                })
                .collect();
            if extra.is_empty() && unsaid.is_empty() {
                reported.push("attacks");
            } else {
                wrong.push(format!("attacks {extra:?} read, {unsaid:?} neither read nor said"));
            }
        }
        if got.riders != want.riders && !also_right("riders") {
            wrong.push(format!("riders {:?} for {:?}", got.riders, want.riders));
        }
        if !wrong.is_empty() {
            self.wrong.push(format!("{name}: {}", wrong.join("; ")));
        } else if !reported.is_empty() {
            self.reported.push(format!("{name}: {reported:?} said"));
        } else {
            self.right += 1;
            self.defaults_said += usize::from(default_said);
        }
    }

    /// Prints the figures and asserts the targets: none silently wrong, 95 % right.
    pub(crate) fn finish(self, format: &str) -> (usize, usize) {
        self.finish_at(format, 95)
    }

    /// [`Tally::finish`], with at least `percent` right: less than 95 only for a source that
    /// prints values in a form no field can hold, said in its test.
    pub(crate) fn finish_at(self, format: &str, percent: usize) -> (usize, usize) {
        let total = self.right + self.reported.len() + self.wrong.len();
        eprintln!(
            "{} ({format}, read into {}): {total} creatures: {} right ({} of them with a \
             default the source gives no value for, said), {} reported, {} silently wrong",
            self.file,
            self.into,
            self.right,
            self.defaults_said,
            self.reported.len(),
            self.wrong.len()
        );
        for line in &self.reported {
            eprintln!("  reported: {line}");
        }
        assert!(
            self.wrong.is_empty(),
            "{}: {} silently wrong:\n{}",
            self.file,
            self.wrong.len(),
            self.wrong.join("\n")
        );
        assert!(
            self.right * 100 >= total * percent,
            "{}: {} of {total} right",
            self.file,
            self.right
        );
        (self.right, total)
    }
}

/// Whether a piece not read is the source's value for `field` ("Armor Class 11 in humanoid
/// form, ...").
fn mentions(unread: &str, field: &str) -> bool {
    let labels: &[&str] = match field {
        "hp" => &["Hit Points", "HP"],
        "ac" => &["Armor Class", "AC"],
        "hd" => &["Hit Points", "Hit Dice", "HD"],
        "speed" => &["Speed"],
        "atk" => &["to hit", "Attack bonus"],
        _ => &[],
    };
    labels.iter().any(|l| unread.contains(l))
}

pub(crate) fn sorted<T: Clone + Ord>(items: &[T]) -> Vec<T> {
    let mut items = items.to_vec();
    items.sort();
    items
}
