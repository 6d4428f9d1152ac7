//! Unit tests of the d12 procedure.
