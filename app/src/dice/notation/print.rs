//! The canonical printing of an expression: operators by precedence, parentheses only
//! where the meaning needs them; and the string form serde reads and writes.

use super::*;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// How tightly a node binds, for printing parentheses only where they are needed.
pub(super) fn precedence(node: &Node) -> u8 {
    match node {
        Node::Add | Node::Sub => 1,
        Node::Mul | Node::Div | Node::Rem => 2,
        Node::Neg | Node::Pow => 3,
        // Written as functions: `ceil(a/b)`, `abs(x)`.
        Node::DivUp | Node::DivNearest | Node::Abs => 4,
        Node::Number(_) | Node::Dice(_) | Node::Group { .. } => 4,
    }
}

/// How many expressions a node takes from the stack.
pub(super) fn arity(node: &Node) -> usize {
    match node {
        Node::Number(_) | Node::Dice(_) => 0,
        Node::Neg | Node::Abs => 1,
        Node::Add | Node::Sub | Node::Mul | Node::Div | Node::Rem => 2,
        Node::DivUp | Node::DivNearest | Node::Pow => 2,
        Node::Group { items, .. } => usize::from(*items),
    }
}

/// Where each operand of the node at `at` starts, in order (each ends just before the next
/// starts; the last just before `at`).
pub(super) fn operand_starts(nodes: &[Node], at: usize) -> Vec<usize> {
    let mut starts = Vec::with_capacity(arity(&nodes[at]));
    let mut end = at;
    for _ in 0..arity(&nodes[at]) {
        let start = subtree_start(nodes, end - 1);
        starts.push(start);
        end = start;
    }
    starts.reverse();
    starts
}

/// The first node of the expression ending at `last`.
pub(super) fn subtree_start(nodes: &[Node], last: usize) -> usize {
    let mut need = 1usize;
    let mut i = last + 1;
    while need > 0 {
        i -= 1;
        need = need - 1 + arity(&nodes[i]);
    }
    i
}

impl Dice {
    /// Writes the expression with each leaf written by `leaf` (its index among the leaves
    /// and the leaf): the canonical form when `leaf` prints the leaf itself, a roll's faces
    /// in the journal.
    pub fn write_with(
        &self,
        out: &mut dyn fmt::Write,
        leaf: &mut dyn FnMut(&mut dyn fmt::Write, usize, &Node) -> fmt::Result,
    ) -> fmt::Result {
        if self.nodes.is_empty() {
            return Ok(());
        }
        if !well_formed(&self.nodes) {
            // Only dice built wrongly in code get here: shown as they are, in postfix.
            for (i, node) in self.nodes.iter().enumerate() {
                if i > 0 {
                    out.write_str(" ")?;
                }
                match node {
                    Node::Number(_) | Node::Dice(_) => write_leaf(out, node)?,
                    Node::Group { items, .. } => write!(out, "{{{items}}}")?,
                    op => out.write_str(symbol(op))?,
                }
            }
            return Ok(());
        }
        let mut leaves = 0;
        write_node(&self.nodes, self.nodes.len() - 1, out, leaf, &mut leaves)
    }
}

/// An operator's sign.
pub(super) fn symbol(node: &Node) -> &'static str {
    match node {
        Node::Neg | Node::Sub => "-",
        Node::Add => "+",
        Node::Mul => "*",
        Node::Div => "/",
        Node::Rem => "%",
        Node::DivUp => "ceil/",
        Node::DivNearest => "round/",
        Node::Abs => "abs",
        Node::Pow => "**",
        _ => "",
    }
}

/// Whether `child` (the right operand when `right`) prints in parentheses under `parent`.
pub(super) fn needs_parens(parent: &Node, child: &Node, right: bool) -> bool {
    match parent {
        Node::Neg => precedence(child) < 4,
        // The base is an atom or in parentheses (`(d6+1)**2`, `(-d6)**2`); the exponent is a
        // number.
        Node::Pow => {
            let negative_leaf = match child {
                Node::Number(c) => *c < 0,
                Node::Dice(t) => t.negative,
                _ => false,
            };
            !right && (precedence(child) < 4 || negative_leaf)
        }
        Node::Add | Node::Sub | Node::Mul | Node::Div | Node::Rem => {
            let (p, c) = (precedence(parent), precedence(child));
            // Operators group to the left: a right operand of the same rank needs them.
            if right { c <= p } else { c < p }
        }
        _ => false,
    }
}

fn write_node(
    nodes: &[Node],
    at: usize,
    out: &mut dyn fmt::Write,
    leaf: &mut LeafWriter,
    leaves: &mut usize,
) -> fmt::Result {
    let node = &nodes[at];
    let starts = operand_starts(nodes, at);
    let end_of = |i: usize| if i + 1 < starts.len() { starts[i + 1] - 1 } else { at - 1 };
    let child = |out: &mut dyn fmt::Write, i: usize, leaf: &mut LeafWriter, leaves: &mut usize| {
        write_operand(node, nodes, end_of(i), i == 1, out, leaf, leaves)
    };
    match node {
        Node::Number(_) | Node::Dice(_) => {
            let i = *leaves;
            *leaves += 1;
            leaf(out, i, node)
        }
        Node::Neg => {
            out.write_str("-")?;
            child(out, 0, leaf, leaves)
        }
        // A function's argument stands in its own parentheses.
        Node::Abs => {
            out.write_str("abs(")?;
            write_node(nodes, end_of(0), out, leaf, leaves)?;
            out.write_str(")")
        }
        Node::DivUp | Node::DivNearest => {
            out.write_str(if *node == Node::DivUp { "ceil(" } else { "round(" })?;
            // The quotient inside prints as a division would, with its own parentheses.
            let (a, b) = (end_of(0), end_of(1));
            for (i, at, sign) in [(0, a, ""), (1, b, "/")] {
                out.write_str(sign)?;
                write_operand(&Node::Div, nodes, at, i == 1, out, leaf, leaves)?;
            }
            out.write_str(")")
        }
        Node::Add | Node::Sub | Node::Mul | Node::Div | Node::Rem | Node::Pow => {
            child(out, 0, leaf, leaves)?;
            let right = &nodes[end_of(1)];
            let negative_leaf = match right {
                Node::Number(c) => *c < 0,
                Node::Dice(t) => t.negative,
                _ => false,
            };
            // A negative leaf added prints its own minus: `d20-d4`, `d20-1`.
            if !(*node == Node::Add && negative_leaf) {
                out.write_str(symbol(node))?;
            }
            child(out, 1, leaf, leaves)
        }
        Node::Group { keep, success, .. } => {
            out.write_str("{")?;
            for i in 0..starts.len() {
                if i > 0 {
                    out.write_str(",")?;
                }
                // Items are whole expressions between commas: never parenthesised.
                write_node(nodes, end_of(i), out, leaf, leaves)?;
            }
            out.write_str("}")?;
            if let Some(k) = keep {
                write!(out, "{k}")?;
            }
            success.map_or(Ok(()), |s| write_success(out, s))
        }
    }
}

/// How a leaf is written: given its index among the leaves and the leaf.
type LeafWriter<'a> = dyn FnMut(&mut dyn fmt::Write, usize, &Node) -> fmt::Result + 'a;

/// The operand ending at `at` of `parent` (the right one when `right`), in parentheses where
/// the meaning needs them.
fn write_operand(
    parent: &Node,
    nodes: &[Node],
    at: usize,
    right: bool,
    out: &mut dyn fmt::Write,
    leaf: &mut LeafWriter,
    leaves: &mut usize,
) -> fmt::Result {
    let parens = needs_parens(parent, &nodes[at], right);
    if parens {
        out.write_str("(")?;
    }
    write_node(nodes, at, out, leaf, leaves)?;
    if parens {
        out.write_str(")")?;
    }
    Ok(())
}

/// Prints one leaf as written: `-d4`, `2d6`, `-5`.
pub(in crate::dice) fn write_leaf(out: &mut dyn fmt::Write, node: &Node) -> fmt::Result {
    match node {
        Node::Number(c) => write!(out, "{c}"),
        Node::Dice(t) => {
            if t.negative {
                out.write_str("-")?;
            }
            write!(out, "{t}")
        }
        _ => Ok(()),
    }
}

/// The expression of a [`Dice`] without its label, in its canonical form.
pub struct Notation<'a>(&'a Dice);

impl fmt::Display for Notation<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write_with(f, &mut |out, _, node| write_leaf(out, node))
    }
}

impl Dice {
    /// The expression without its label (`2d6+1` of `2d6+1 [fire]`): nothing but the
    /// notation's own characters, never a backtick.
    pub fn notation(&self) -> Notation<'_> {
        Notation(self)
    }
}

impl fmt::Display for Dice {
    /// The canonical form: no spaces, lowercase (`dF` aside), count 1 omitted, modifiers in
    /// their fixed order, parentheses only where the meaning needs them, the label last in
    /// brackets after one space.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.notation())?;
        if let Some(label) = &self.label {
            write!(f, " [{label}]")?;
        }
        Ok(())
    }
}

impl std::str::FromStr for Dice {
    type Err = DiceError;

    fn from_str(s: &str) -> Result<Dice, DiceError> {
        Dice::parse(s)
    }
}

impl Serialize for Dice {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Dice {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Dice, D::Error> {
        // A Cow would avoid a copy for borrowed input, but an owned String accepts every
        // format (escaped JSON strings cannot be borrowed) and dice strings are tiny.
        let text = String::deserialize(deserializer)?;
        Dice::parse(&text).map_err(serde::de::Error::custom)
    }
}
