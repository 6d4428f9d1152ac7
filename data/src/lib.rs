//! Fray's storage: the SQLite schema and its migrations, the library stores (bestiary,
//! characters, roll tables, weapon lists), stored encounters, settings, the bundled content, and
//! [`Session`]: an encounter whose every command is journaled durably before the GM sees it.
//!
//! Open a [`Db`], then reach each store through it (`db.creatures().search(...)`,
//! `db.encounters().list()`...); play an encounter with [`Session::open`].

pub mod block;
pub mod campaign;
pub mod characters;
pub mod content;
pub mod creatures;
pub mod dates;
mod db;
pub mod encounters;
pub mod entry;
mod error;
pub mod exchange;
pub mod files;
pub mod ids;
mod journal;
pub mod maps;
pub mod migrations;
pub mod picture;
pub mod play_sessions;
pub mod search;
pub mod session;
pub mod settings;
pub mod tables;
pub mod templates;
mod unsaved;
pub mod weapons;

pub use characters::{Character, NewCharacter};
pub use creatures::{Creature, NewCreature};
pub use db::Db;
pub use encounters::EncounterInfo;
pub use error::DbError;
pub use ids::{CharacterId, CreatureId, EncounterId, PlaySessionId, TableId, TemplateId, WeaponId};
pub use search::Search;
pub use session::{Session, SessionError};
pub use tables::{Effect, NewTable, StoredTable};
pub use templates::{NewTemplate, Template, TemplateKind};
pub use weapons::{NewWeapon, StoredWeapon, WeaponRef};
