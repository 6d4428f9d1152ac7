//! The schema, as an append-only list of migrations.
//!
//! Never edit or reorder a step that has shipped: databases in the wild are at some version
//! and only run the steps after it. To change the schema, append a step (and its test in
//! `migrations/tests.rs`).

use rusqlite_migration::{M, Migrations};

/// Every schema step, oldest first. The schema version of a database is the number of steps
/// it has run (SQLite's `user_version`).
pub const STEPS: &[M<'static>] = &[
    // 1. The bestiary. `tags` is a JSON array of lowercase tags, the source of truth; the
    //    triggers derive an exact-match tag index (`creature_tags`) and an external-content
    //    FTS5 index over name and tags from it, so the store only ever writes `creatures`.
    //    `origin` names bundled entries ("bundled:freeform/goblin") so loading content twice
    //    never duplicates them; the GM's own entries have none. The name indexes let a search
    //    walk entries in name order (see `search.rs`); prefix indexes of 1 to 3 characters
    //    keep as-you-type matching quick from the first letter.
    M::up(
        r#"
        CREATE TABLE creatures (
            id INTEGER PRIMARY KEY,
            system TEXT NOT NULL,
            name TEXT NOT NULL CHECK (length(trim(name)) > 0),
            tags TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(tags) AND json_type(tags) = 'array'),
            block TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(block)),
            origin TEXT UNIQUE,
            created INTEGER NOT NULL,
            updated INTEGER NOT NULL
        );
        CREATE INDEX creatures_by_name ON creatures (name COLLATE NOCASE);
        CREATE INDEX creatures_by_system_name ON creatures (system, name COLLATE NOCASE);
        CREATE TABLE creature_tags (
            tag TEXT NOT NULL,
            creature_id INTEGER NOT NULL REFERENCES creatures (id) ON DELETE CASCADE,
            PRIMARY KEY (tag, creature_id)
        ) WITHOUT ROWID;
        CREATE INDEX creature_tags_by_creature ON creature_tags (creature_id);
        CREATE VIRTUAL TABLE creatures_fts USING fts5 (
            name, tags,
            content = 'creatures', content_rowid = 'id',
            tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3'
        );
        CREATE TRIGGER creatures_ai AFTER INSERT ON creatures BEGIN
            INSERT INTO creatures_fts (rowid, name, tags) VALUES (new.id, new.name, new.tags);
            INSERT INTO creature_tags (tag, creature_id)
                SELECT DISTINCT value, new.id FROM json_each(new.tags);
        END;
        CREATE TRIGGER creatures_ad AFTER DELETE ON creatures BEGIN
            INSERT INTO creatures_fts (creatures_fts, rowid, name, tags)
                VALUES ('delete', old.id, old.name, old.tags);
        END;
        CREATE TRIGGER creatures_au AFTER UPDATE OF name, tags ON creatures BEGIN
            INSERT INTO creatures_fts (creatures_fts, rowid, name, tags)
                VALUES ('delete', old.id, old.name, old.tags);
            INSERT INTO creatures_fts (rowid, name, tags) VALUES (new.id, new.name, new.tags);
            DELETE FROM creature_tags WHERE creature_id = old.id;
            INSERT INTO creature_tags (tag, creature_id)
                SELECT DISTINCT value, new.id FROM json_each(new.tags);
        END;
        "#,
    ),
    // 2. Characters: the same shape as creatures (JSON tags, derived tag index and FTS5
    //    index over name, tags and party), with the sheet as JSON and an optional party name.
    M::up(
        r#"
        CREATE TABLE characters (
            id INTEGER PRIMARY KEY,
            system TEXT NOT NULL,
            name TEXT NOT NULL CHECK (length(trim(name)) > 0),
            tags TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(tags) AND json_type(tags) = 'array'),
            sheet TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(sheet)),
            party TEXT,
            origin TEXT UNIQUE,
            created INTEGER NOT NULL,
            updated INTEGER NOT NULL
        );
        CREATE INDEX characters_by_name ON characters (name COLLATE NOCASE);
        CREATE INDEX characters_by_system_name ON characters (system, name COLLATE NOCASE);
        CREATE TABLE character_tags (
            tag TEXT NOT NULL,
            character_id INTEGER NOT NULL REFERENCES characters (id) ON DELETE CASCADE,
            PRIMARY KEY (tag, character_id)
        ) WITHOUT ROWID;
        CREATE INDEX character_tags_by_character ON character_tags (character_id);
        CREATE VIRTUAL TABLE characters_fts USING fts5 (
            name, tags, party,
            content = 'characters', content_rowid = 'id',
            tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3'
        );
        CREATE TRIGGER characters_ai AFTER INSERT ON characters BEGIN
            INSERT INTO characters_fts (rowid, name, tags, party)
                VALUES (new.id, new.name, new.tags, new.party);
            INSERT INTO character_tags (tag, character_id)
                SELECT DISTINCT value, new.id FROM json_each(new.tags);
        END;
        CREATE TRIGGER characters_ad AFTER DELETE ON characters BEGIN
            INSERT INTO characters_fts (characters_fts, rowid, name, tags, party)
                VALUES ('delete', old.id, old.name, old.tags, old.party);
        END;
        CREATE TRIGGER characters_au AFTER UPDATE OF name, tags, party ON characters BEGIN
            INSERT INTO characters_fts (characters_fts, rowid, name, tags, party)
                VALUES ('delete', old.id, old.name, old.tags, old.party);
            INSERT INTO characters_fts (rowid, name, tags, party)
                VALUES (new.id, new.name, new.tags, new.party);
            DELETE FROM character_tags WHERE character_id = old.id;
            INSERT INTO character_tags (tag, character_id)
                SELECT DISTINCT value, new.id FROM json_each(new.tags);
        END;
        "#,
    ),
    // 3. Roll tables (injuries, morale...): a die expression and rows of inclusive ranges.
    //    Rows live in their own table and go with their table (ON DELETE CASCADE); a table
    //    never has two rows starting at the same number.
    M::up(
        r#"
        CREATE TABLE roll_tables (
            id INTEGER PRIMARY KEY,
            system TEXT NOT NULL,
            name TEXT NOT NULL CHECK (length(trim(name)) > 0),
            dice TEXT NOT NULL,
            damage_type TEXT,
            origin TEXT UNIQUE,
            created INTEGER NOT NULL,
            updated INTEGER NOT NULL
        );
        CREATE INDEX roll_tables_by_name ON roll_tables (system, name COLLATE NOCASE);
        CREATE TABLE roll_table_rows (
            table_id INTEGER NOT NULL REFERENCES roll_tables (id) ON DELETE CASCADE,
            low INTEGER NOT NULL,
            high INTEGER NOT NULL CHECK (high >= low),
            effect TEXT NOT NULL,
            structured TEXT CHECK (structured IS NULL OR json_valid(structured)),
            PRIMARY KEY (table_id, low)
        ) WITHOUT ROWID;
        "#,
    ),
    // 4. Encounters: the base state (JSON of `fray_app::Encounter`) the journal folds onto,
    //    the undo cursor (commands in effect) and the next dice stream. `seed` repeats the
    //    base's seed as a column (bit-cast to a signed integer) so it can be listed and audited.
    M::up(
        r#"
        CREATE TABLE encounters (
            id INTEGER PRIMARY KEY,
            system TEXT NOT NULL,
            name TEXT NOT NULL,
            seed INTEGER NOT NULL,
            base TEXT NOT NULL CHECK (json_valid(base)),
            cursor INTEGER NOT NULL DEFAULT 0 CHECK (cursor >= 0),
            next_stream INTEGER NOT NULL DEFAULT 0,
            created INTEGER NOT NULL,
            updated INTEGER NOT NULL,
            last_opened INTEGER
        );
        CREATE INDEX encounters_by_opened ON encounters (last_opened DESC);
        "#,
    ),
    // 5. The append-only journal: each command with the dice stream it rolled from and the
    //    slice of the event log it produced, and the events themselves. Deleting an encounter
    //    deletes its commands, which delete their events; `events_by_command` serves that
    //    cascade (and the redo-tail deletion) without a scan.
    M::up(
        r#"
        CREATE TABLE commands (
            encounter_id INTEGER NOT NULL REFERENCES encounters (id) ON DELETE CASCADE,
            seq INTEGER NOT NULL CHECK (seq >= 0),
            command TEXT NOT NULL,
            stream INTEGER NOT NULL,
            first_event INTEGER NOT NULL CHECK (first_event >= 0),
            event_count INTEGER NOT NULL CHECK (event_count >= 0),
            PRIMARY KEY (encounter_id, seq)
        ) WITHOUT ROWID;
        CREATE TABLE events (
            encounter_id INTEGER NOT NULL,
            idx INTEGER NOT NULL CHECK (idx >= 0),
            seq INTEGER NOT NULL,
            event TEXT NOT NULL,
            PRIMARY KEY (encounter_id, idx),
            FOREIGN KEY (encounter_id, seq) REFERENCES commands (encounter_id, seq)
                ON DELETE CASCADE
        ) WITHOUT ROWID;
        CREATE INDEX events_by_command ON events (encounter_id, seq);
        "#,
    ),
    // 6. Small key/value settings: the UI's scale, theme and last encounter, and the version
    //    of the bundled content already loaded.
    M::up(
        r#"
        CREATE TABLE settings (
            key TEXT PRIMARY KEY,
            value TEXT NOT NULL
        ) WITHOUT ROWID;
        "#,
    ),
    // 7. The weapon lists (a reference beside the bestiary), editable like the rest of the
    //    library. `entry` is the whole weapon as the content file writes it (key, name, die or
    //    damage, speed...); `name` repeats it as a column so the list can be ordered and
    //    indexed. `origin` names bundled entries ("bundled:bdp/weapon/spear") as for creatures.
    M::up(
        r#"
        CREATE TABLE weapons (
            id INTEGER PRIMARY KEY,
            system TEXT NOT NULL,
            name TEXT NOT NULL CHECK (length(trim(name)) > 0),
            entry TEXT NOT NULL CHECK (json_valid(entry) AND json_type(entry) = 'object'),
            origin TEXT UNIQUE,
            created INTEGER NOT NULL,
            updated INTEGER NOT NULL
        );
        CREATE INDEX weapons_by_system_name ON weapons (system, name COLLATE NOCASE);
        "#,
    ),
    // 8. The prep bench. Every library entry gets a `uid`: an id that travels with it in
    //    Fray JSON files, so an import can tell a new entry from a changed or identical one
    //    (bundled entries take their origin, the GM's get a random one). Creatures and
    //    characters get a `portrait` (a small square PNG) and a `text` column: every string of
    //    the block, so the library search finds words of the notes, weapons and features.
    //    Their FTS5 indexes are made again with that column (an external-content index
    //    cannot gain one) and rebuilt. `templates` keeps detachments (a block and a count)
    //    and encounter boards to start new encounters from.
    M::up(
        r#"
        ALTER TABLE creatures ADD COLUMN uid TEXT;
        UPDATE creatures SET uid = coalesce(origin, lower(hex(randomblob(16))));
        CREATE UNIQUE INDEX creatures_by_uid ON creatures (uid);
        ALTER TABLE creatures ADD COLUMN portrait BLOB;
        ALTER TABLE creatures ADD COLUMN text TEXT NOT NULL DEFAULT '';
        UPDATE creatures SET text = (SELECT coalesce(group_concat(value, ' '), '')
            FROM json_tree(creatures.block) WHERE type = 'text');
        DROP TRIGGER creatures_ai;
        DROP TRIGGER creatures_ad;
        DROP TRIGGER creatures_au;
        DROP TABLE creatures_fts;
        CREATE VIRTUAL TABLE creatures_fts USING fts5 (
            name, tags, text,
            content = 'creatures', content_rowid = 'id',
            tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3'
        );
        INSERT INTO creatures_fts (creatures_fts) VALUES ('rebuild');
        CREATE TRIGGER creatures_ai AFTER INSERT ON creatures BEGIN
            INSERT INTO creatures_fts (rowid, name, tags, text)
                VALUES (new.id, new.name, new.tags, new.text);
            INSERT INTO creature_tags (tag, creature_id)
                SELECT DISTINCT value, new.id FROM json_each(new.tags);
        END;
        CREATE TRIGGER creatures_ad AFTER DELETE ON creatures BEGIN
            INSERT INTO creatures_fts (creatures_fts, rowid, name, tags, text)
                VALUES ('delete', old.id, old.name, old.tags, old.text);
        END;
        CREATE TRIGGER creatures_au AFTER UPDATE OF name, tags, text ON creatures BEGIN
            INSERT INTO creatures_fts (creatures_fts, rowid, name, tags, text)
                VALUES ('delete', old.id, old.name, old.tags, old.text);
            INSERT INTO creatures_fts (rowid, name, tags, text)
                VALUES (new.id, new.name, new.tags, new.text);
            DELETE FROM creature_tags WHERE creature_id = old.id;
            INSERT INTO creature_tags (tag, creature_id)
                SELECT DISTINCT value, new.id FROM json_each(new.tags);
        END;

        ALTER TABLE characters ADD COLUMN uid TEXT;
        UPDATE characters SET uid = coalesce(origin, lower(hex(randomblob(16))));
        CREATE UNIQUE INDEX characters_by_uid ON characters (uid);
        ALTER TABLE characters ADD COLUMN portrait BLOB;
        ALTER TABLE characters ADD COLUMN text TEXT NOT NULL DEFAULT '';
        UPDATE characters SET text = (SELECT coalesce(group_concat(value, ' '), '')
            FROM json_tree(characters.sheet) WHERE type = 'text');
        DROP TRIGGER characters_ai;
        DROP TRIGGER characters_ad;
        DROP TRIGGER characters_au;
        DROP TABLE characters_fts;
        CREATE VIRTUAL TABLE characters_fts USING fts5 (
            name, tags, party, text,
            content = 'characters', content_rowid = 'id',
            tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3'
        );
        INSERT INTO characters_fts (characters_fts) VALUES ('rebuild');
        CREATE TRIGGER characters_ai AFTER INSERT ON characters BEGIN
            INSERT INTO characters_fts (rowid, name, tags, party, text)
                VALUES (new.id, new.name, new.tags, new.party, new.text);
            INSERT INTO character_tags (tag, character_id)
                SELECT DISTINCT value, new.id FROM json_each(new.tags);
        END;
        CREATE TRIGGER characters_ad AFTER DELETE ON characters BEGIN
            INSERT INTO characters_fts (characters_fts, rowid, name, tags, party, text)
                VALUES ('delete', old.id, old.name, old.tags, old.party, old.text);
        END;
        CREATE TRIGGER characters_au AFTER UPDATE OF name, tags, party, text ON characters BEGIN
            INSERT INTO characters_fts (characters_fts, rowid, name, tags, party, text)
                VALUES ('delete', old.id, old.name, old.tags, old.party, old.text);
            INSERT INTO characters_fts (rowid, name, tags, party, text)
                VALUES (new.id, new.name, new.tags, new.party, new.text);
            DELETE FROM character_tags WHERE character_id = old.id;
            INSERT INTO character_tags (tag, character_id)
                SELECT DISTINCT value, new.id FROM json_each(new.tags);
        END;

        ALTER TABLE roll_tables ADD COLUMN uid TEXT;
        UPDATE roll_tables SET uid = coalesce(origin, lower(hex(randomblob(16))));
        CREATE UNIQUE INDEX roll_tables_by_uid ON roll_tables (uid);

        CREATE TABLE templates (
            id INTEGER PRIMARY KEY,
            uid TEXT NOT NULL UNIQUE,
            kind TEXT NOT NULL CHECK (kind IN ('detachment', 'encounter')),
            system TEXT NOT NULL,
            name TEXT NOT NULL CHECK (length(trim(name)) > 0),
            body TEXT NOT NULL CHECK (json_valid(body) AND json_type(body) = 'object'),
            origin TEXT UNIQUE,
            created INTEGER NOT NULL,
            updated INTEGER NOT NULL
        );
        CREATE INDEX templates_by_kind_name ON templates (kind, system, name COLLATE NOCASE);
        "#,
    ),
    // 9. Battle maps: the images drawn under grid boards. An encounter's grid names its map by
    //    `key` (the journal carries the key, never the bytes); the same image loaded twice is
    //    stored once.
    M::up(
        r#"
        CREATE TABLE maps (
            key TEXT PRIMARY KEY,
            image BLOB NOT NULL,
            width_px INTEGER NOT NULL CHECK (width_px > 0),
            height_px INTEGER NOT NULL CHECK (height_px > 0),
            created INTEGER NOT NULL
        ) WITHOUT ROWID;
        "#,
    ),
    // 10. Undone commands: a command dropped from the redo tail (undone, then replaced) is
    //     kept with the dice stream it drew and its events (a JSON array), so every stream an
    //     encounter drew is in its journal. `accounted_from` is the first stream from which
    //     none is missing: 0 for an encounter whose commands hold every stream below
    //     `next_stream`, else `next_stream` (earlier undos left gaps nothing shows).
    M::up(
        r#"
        CREATE TABLE undone_commands (
            encounter_id INTEGER NOT NULL REFERENCES encounters (id) ON DELETE CASCADE,
            stream INTEGER NOT NULL,
            seq INTEGER NOT NULL CHECK (seq >= 0),
            command TEXT NOT NULL,
            events TEXT NOT NULL CHECK (json_valid(events) AND json_type(events) = 'array'),
            PRIMARY KEY (encounter_id, stream)
        ) WITHOUT ROWID;
        ALTER TABLE encounters ADD COLUMN accounted_from INTEGER NOT NULL DEFAULT 0;
        UPDATE encounters SET accounted_from = next_stream
        WHERE next_stream != (SELECT count(*) FROM commands c WHERE c.encounter_id = encounters.id);
        "#,
    ),
    // 11. What outlives a fight. A character's `condition` is how it is now against its sheet
    //     (JSON of `fray_app::campaign::Condition`; `{}` is unhurt, so every character made
    //     before reads unhurt); a creature marked `recurring` carries one too. An encounter
    //     gets `ended` when its fight is written back (read-only until the GM reopens it).
    //     `play_sessions` are evenings of play; `session_parts` holds what happened in one,
    //     in order: an encounter played, a campaign step (a write-back, a rest, a heal, as JSON
    //     with every condition before and after, so undoing one restores exactly), a tray
    //     roll, a note. A step taken back is kept `undone` until a new step replaces it. An
    //     encounter a session names cannot be deleted (RESTRICT): the store says why.
    M::up(
        r#"
        ALTER TABLE characters ADD COLUMN condition TEXT NOT NULL DEFAULT '{}'
            CHECK (json_valid(condition) AND json_type(condition) = 'object');
        ALTER TABLE creatures ADD COLUMN recurring INTEGER NOT NULL DEFAULT 0
            CHECK (recurring IN (0, 1));
        ALTER TABLE creatures ADD COLUMN condition TEXT NOT NULL DEFAULT '{}'
            CHECK (json_valid(condition) AND json_type(condition) = 'object');
        ALTER TABLE encounters ADD COLUMN ended INTEGER;
        CREATE TABLE play_sessions (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL CHECK (length(trim(name)) > 0),
            day TEXT NOT NULL,
            created INTEGER NOT NULL
        );
        CREATE TABLE session_parts (
            id INTEGER PRIMARY KEY,
            session_id INTEGER NOT NULL REFERENCES play_sessions (id) ON DELETE CASCADE,
            kind TEXT NOT NULL CHECK (kind IN ('encounter', 'step', 'roll', 'note')),
            encounter_id INTEGER REFERENCES encounters (id) ON DELETE RESTRICT,
            body TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(body)),
            undone INTEGER NOT NULL DEFAULT 0 CHECK (undone IN (0, 1)),
            created INTEGER NOT NULL,
            CHECK ((kind = 'encounter') = (encounter_id IS NOT NULL))
        );
        CREATE INDEX session_parts_by_session ON session_parts (session_id, id);
        CREATE INDEX session_parts_by_encounter ON session_parts (encounter_id);
        "#,
    ),
];

/// The migrations, ready to run.
pub const MIGRATIONS: Migrations<'static> = Migrations::from_slice(STEPS);

#[cfg(test)]
mod tests;
