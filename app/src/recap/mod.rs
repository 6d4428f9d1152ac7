//! The recap of a fight or a session: figures that are pure functions of the events. So far:
//! how the dice fell ([`dice`]), per die and per player, tested against fair dice.

pub mod dice;
