//! Words a rule writes into its events — a ruling, a roll's label — made only where they are
//! read (issue 67: text was the biggest share of a simulated fight's rules that nothing read).
//! A rule hands over `format_args!(..)` rather than `format!(..)`: the words are put together
//! only when [`Ctx`](super::Ctx) keeps them (see [`crate::encounter::WordsRead`]). Words whose
//! parts take work of their own (a list joined, a name looked up) go in [`Later`].

use std::fmt::Arguments;

/// Words made on demand: `&str`, `String`, `format_args!(..)`, or [`Later`].
pub trait Said {
    /// The words as an owned string.
    fn into_text(self) -> String;

    /// `f` of the words, without an owned copy when they are one piece already.
    fn read<R>(self, f: impl FnOnce(&str) -> R) -> R;
}

impl Said for &str {
    fn into_text(self) -> String {
        self.to_owned()
    }

    fn read<R>(self, f: impl FnOnce(&str) -> R) -> R {
        f(self)
    }
}

impl Said for &String {
    fn into_text(self) -> String {
        self.clone()
    }

    fn read<R>(self, f: impl FnOnce(&str) -> R) -> R {
        f(self)
    }
}

impl Said for String {
    fn into_text(self) -> String {
        self
    }

    fn read<R>(self, f: impl FnOnce(&str) -> R) -> R {
        f(&self)
    }
}

impl Said for Arguments<'_> {
    fn into_text(self) -> String {
        // `format` takes a literal without arguments as it is, and sizes the rest beforehand.
        std::fmt::format(self)
    }

    fn read<R>(self, f: impl FnOnce(&str) -> R) -> R {
        match self.as_str() {
            Some(literal) => f(literal),
            None => f(&std::fmt::format(self)),
        }
    }
}

/// Words whose making takes work beyond formatting (a list joined, a name looked up): the
/// closure runs only when the words are read.
pub struct Later<F>(pub F);

impl<F: FnOnce() -> String> Said for Later<F> {
    fn into_text(self) -> String {
        (self.0)()
    }

    fn read<R>(self, f: impl FnOnce(&str) -> R) -> R {
        f(&(self.0)())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_of_words_reads_and_owns_the_same_text() {
        let name = "Harald";
        assert_eq!(format_args!("{name}'s DEX save").into_text(), "Harald's DEX save");
        assert_eq!(format_args!("Surprise").read(str::len), 8);
        assert_eq!(format_args!("{name} {}", 2).read(str::to_owned), "Harald 2");
        assert_eq!("a".into_text(), "a");
        assert_eq!(String::from("b").read(str::to_owned), "b");
        assert_eq!((&String::from("c")).into_text(), "c");
        assert_eq!(Later(|| [name, "Bugbear"].join(", ")).into_text(), "Harald, Bugbear");
    }
}
