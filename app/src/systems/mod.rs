//! The combat procedures, one module each. They share the building blocks in
//! [`crate::checks`], [`crate::space`] and [`crate::system::handle_common`].

pub mod bdp;
pub mod d12;
pub mod freeform;
pub mod murdham;
