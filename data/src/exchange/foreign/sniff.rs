//! What a file is, told from what it holds rather than from its name: a Fray library file, a
//! CSV sheet, stat blocks as printed, or another tool's bestiary.

use serde_json::Value;

/// The kinds of file an import takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Fray's own library file (`{"fray": 1, ...}`).
    Fray,
    /// A spreadsheet: a header row, then a row per creature.
    Csv,
    /// Stat blocks as a book or a wiki prints them.
    Text,
    /// Improved Initiative: a list of its stat blocks, one stat block, or its whole-library
    /// export (`"Creatures.<id>": {...}`).
    ImprovedInitiative,
    /// The 5e SRD monster JSON of the 5e-API or of Open5e (a list, one monster, or Open5e's
    /// `{"results": [...]}` page).
    SrdApi,
    /// Foundry VTT actors: one actor's JSON, a list of them, or a compendium pack of lines.
    Foundry,
    /// Fantasy Statblocks (Obsidian): YAML creatures, in `statblock` fences of a note or a
    /// YAML file of one or a list.
    FantasyStatblocks,
    /// JSON that is none of these.
    OtherJson,
}

impl Format {
    /// The word for it in uids and on the command line.
    pub fn word(self) -> &'static str {
        match self {
            Format::Fray => "fray",
            Format::Csv => "csv",
            Format::Text => "text",
            Format::ImprovedInitiative => "improved-initiative",
            Format::SrdApi => "5e-api",
            Format::FantasyStatblocks => "fantasy-statblocks",
            Format::Foundry => "foundry",
            Format::OtherJson => "json",
        }
    }

    /// What it is, for messages ("an Improved Initiative file").
    pub fn describe(self) -> &'static str {
        match self {
            Format::Fray => "a Fray library file",
            Format::Csv => "a CSV sheet",
            Format::Text => "stat blocks as printed",
            Format::ImprovedInitiative => "an Improved Initiative file",
            Format::SrdApi => "5e SRD monster JSON (5e-API or Open5e)",
            Format::FantasyStatblocks => "Fantasy Statblocks YAML",
            Format::Foundry => "Foundry VTT actors",
            Format::OtherJson => "JSON of a kind Fray does not know",
        }
    }

    /// Whether it is another tool's bestiary ([`super::read_foreign`] reads it).
    pub fn is_foreign(self) -> bool {
        matches!(
            self,
            Format::ImprovedInitiative
                | Format::SrdApi
                | Format::FantasyStatblocks
                | Format::Foundry
        )
    }
}

/// What `text` holds. JSON is told apart by its keys; anything else is a CSV sheet when its
/// first line is a header row (two or more cells, no "name: value") and its second line has as
/// many cells, else printed stat blocks.
pub fn sniff(text: &str) -> Format {
    let start = text.trim_start();
    if start.starts_with('{') || start.starts_with('[') {
        // Only the top's keys and the first creature are built: a whole 20 MB file's values
        // took four times its text, to be dropped at once.
        return match super::shape::head(start) {
            Some(head) => json_kind(&head),
            // A compendium pack: an actor a line.
            None if super::foundry::is_pack(start) => Format::Foundry,
            // Broken JSON: the Fray reader says where it breaks.
            None => Format::Fray,
        };
    }
    if super::fantasy_statblocks::holds(text) {
        return Format::FantasyStatblocks;
    }
    if looks_like_csv(text) { Format::Csv } else { Format::Text }
}

/// Which JSON bestiary `value` is (the head [`super::shape::head`] keeps of it).
fn json_kind(value: &Value) -> Format {
    let first = match value {
        Value::Array(items) => items.first(),
        Value::Object(map) => {
            if map.contains_key("fray") {
                return Format::Fray;
            }
            if super::foundry::is_actor(value) {
                return Format::Foundry;
            }
            if map.keys().any(|k| k.starts_with("Creatures.")) {
                return Format::ImprovedInitiative;
            }
            match map.get("results") {
                Some(Value::Array(items)) => items.first(),
                _ => Some(value),
            }
        }
        _ => None,
    };
    match first {
        Some(Value::Object(m)) if m.get("HP").is_some_and(Value::is_object) => {
            Format::ImprovedInitiative
        }
        Some(Value::Object(m)) if m.contains_key("hit_points") || m.contains_key("armor_class") => {
            Format::SrdApi
        }
        Some(actor) if super::foundry::is_actor(actor) => Format::Foundry,
        _ => Format::OtherJson,
    }
}

/// A header row of two or more cells (no "name: value" in it) over a row of as many. A
/// Markdown heading, quote, emphasis or table is no header row: "## Elf, Drow" over "*Medium
/// humanoid (elf), neutral evil*" is a wiki's page whose title has a comma.
fn looks_like_csv(text: &str) -> bool {
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let (Some(header), Some(row)) = (lines.next(), lines.next()) else { return false };
    if header.contains(": ") || header.starts_with(['#', '>', '*', '_', '|', '`']) {
        return false;
    }
    [',', ';', '\t'].iter().any(|&d| {
        let cells = header.matches(d).count();
        cells >= 1 && row.matches(d).count() >= cells
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_is_told_by_what_it_holds() {
        assert_eq!(sniff(r#"{"fray": 1, "creatures": []}"#), Format::Fray);
        assert_eq!(sniff(r#"[{"Name": "Orc", "HP": {"Value": 15}}]"#), Format::ImprovedInitiative);
        assert_eq!(sniff(r#"{"Creatures.abc": {"Name": "Orc"}}"#), Format::ImprovedInitiative);
        assert_eq!(sniff(r#"[{"name": "Orc", "hit_points": 15}]"#), Format::SrdApi);
        assert_eq!(sniff(r#"{"results": [{"name": "Orc", "armor_class": 13}]}"#), Format::SrdApi);
        assert_eq!(sniff(r#"{"something": 1}"#), Format::OtherJson);
        assert_eq!(sniff("{ broken"), Format::Fray);
        let actor = r#"{"name": "Troll", "type": "npc", "data": {"hp": {"max": 6}}}"#;
        assert_eq!(sniff(actor), Format::Foundry);
        assert_eq!(sniff(&format!("[{actor}]")), Format::Foundry);
        assert_eq!(sniff(&format!("{actor}\n{actor}\n")), Format::Foundry);
        assert_eq!(sniff("Name,HP,Armour\nGoblin,4,1\n"), Format::Csv);
        assert_eq!(sniff("Ogre: 13 HP, 1 Armor, club (d10)\n"), Format::Text);
        assert_eq!(sniff("Goblin\n4 HP, 1 Armor, club (d6)\n"), Format::Text);
        assert_eq!(
            sniff("# Goblins\n\n```statblock\nname: Goblin\nhp: 7\n```\n"),
            Format::FantasyStatblocks
        );
        assert_eq!(sniff("name: Goblin\nac: 15\nhp: 7 (2d6)\n"), Format::FantasyStatblocks);
        assert_eq!(
            sniff("- name: Goblin\n  hp: 7\n- name: Orc\n  hp: 15\n"),
            Format::FantasyStatblocks
        );
        assert_eq!(sniff("---\ntitle: Goblin\n---\n# Goblin\n4 HP, 1 Armor\n"), Format::Text);
        assert_eq!(sniff("ogre: 13 HP, 1 Armor, club (d10)\n"), Format::Text);
        // A wiki's page whose heading has a comma, as "Elf, Drow.md" has.
        let drow = "## Elf, Drow\n\n*Medium humanoid (elf), neutral evil*\n\n**Armor Class** 15\n";
        assert_eq!(sniff(drow), Format::Text);
        assert_eq!(sniff("# Gnome, Deep (Svirfneblin)\n\nSmall humanoid, neutral\n"), Format::Text);
    }
}
