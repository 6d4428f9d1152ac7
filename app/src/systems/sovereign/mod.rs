//! Sovereign (issue 18): side initiative on the grid, Instants, Shock, Swarm, Screen and
//! mortal wounds. Its rule blocks are here first ([`rules`]); the procedure itself (the
//! `System`, its phases, prompts and commands) is not registered yet, so no encounter can be
//! made for it until it is whole.

pub mod rules;
