//! How a format dresses the parts of a journal line: the trait each export (plain, Markdown,
//! HTML) implements and every procedure writes its own facts through. Under the rules, so a
//! procedure can take one without knowing the journal that holds it.

use crate::dice::{Dice, RollSource, Sides, push_face};

/// How a format dresses the parts of a line. Every method appends to `out`; the words
/// between the parts are ours (plain ASCII and `→`) and need no escaping in any format.
pub trait Style {
    /// A combatant's name.
    fn who(&self, out: &mut String, name: &str);
    /// A zone's or a side's name.
    fn place(&self, out: &mut String, name: &str);
    /// Free text from the data (conditions, stat names, notes, setting values).
    fn text(&self, out: &mut String, text: &str);
    /// A line the GM wrote, the whole entry.
    fn narration(&self, out: &mut String, text: &str);
    /// A dice expression.
    fn dice(&self, out: &mut String, dice: &Dice);
    /// What a roll was for, with its lead-in (` "attack"`, ` for *attack*`).
    fn label(&self, out: &mut String, label: &str);
    /// One face of a die of `sides` as it reads (`4`, or `+` on a Fudge die); dropped and
    /// rerolled dice have `kept` false.
    fn face(&self, out: &mut String, sides: Sides, face: u32, kept: bool) {
        if kept {
            push_face(out, sides, face);
        } else {
            out.push('(');
            push_face(out, sides, face);
            out.push(')');
        }
    }
    /// A roll's total.
    fn total(&self, out: &mut String, total: i64);
    /// Where the dice came from, with its lead-in (or nothing).
    fn source(&self, out: &mut String, source: RollSource);
}
