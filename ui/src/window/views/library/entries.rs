//! The library's search results: what the GM typed turned into a database search, run only
//! when the query changes, and each result made ready to drop on the board.

use super::Tab;
use crate::window::library_ops::EntryRef;
use fray_app::command::NewCombatant;
use fray_app::encounter::stat_label;
use fray_app::ids::SideId;
use fray_app::ids::SystemId;
use fray_data::{Db, Search};
use std::collections::BTreeMap;
use std::sync::Arc;

/// Most results listed at once; the GM narrows the search to see others.
const LIMIT: u32 = 200;

/// One library entry, ready to become combatants.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    /// Unique key (`creature:12`), for widget ids.
    pub key: String,
    /// The stored entry (for Edit, Duplicate, Delete; offered only when `key` names it).
    pub stored: EntryRef,
    /// Name shown in the list.
    pub name: String,
    /// A few key numbers ("HP 5 · Armor 11 · Attack 2").
    pub summary: String,
    /// Whether it joins the party (characters) or the foes (creatures).
    pub party: bool,
    /// A creature that carries its condition from fight to fight.
    pub recurring: bool,
    /// The combatant it becomes; its side and zone are set when it is dropped.
    pub combatant: NewCombatant,
}

impl Entry {
    /// The stored creature or character the row stands for, for Edit, Duplicate and Delete:
    /// `None` for a row that is no library entry (a saved detachment), whose key says so.
    pub fn stored(&self) -> Option<EntryRef> {
        (self.key == self.stored.source()).then_some(self.stored)
    }
}

/// What the GM drags from the library onto a zone (or the off-board tray).
#[derive(Debug, Clone)]
pub struct LibraryDrop {
    /// The entry.
    pub entry: Arc<Entry>,
    /// How many to add.
    pub count: u32,
    /// Add them as one detachment token (systems with detachments).
    pub detachment: bool,
}

/// What the results were searched for; a new search runs when it changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Query {
    pub system: SystemId,
    pub tab: Tab,
    pub text: String,
    pub tag: Option<String>,
    /// The library's version ([`crate::window::Model::library_version`]): an edit runs the
    /// search again.
    pub version: u64,
}

/// The results of one query.
pub(super) struct Results {
    pub query: Query,
    /// Matching entries, by name.
    pub entries: Vec<Arc<Entry>>,
    /// The tags of the entries matching the text (ignoring the tag filter), most used first,
    /// so the GM can switch tags without clearing the filter.
    pub tags: Vec<String>,
    /// Why the search failed, if it did.
    pub error: Option<String>,
    /// How many creatures and characters match the text (ignoring the tag filter), for the
    /// tabs.
    pub counts: (usize, usize),
}

impl Results {
    /// Runs the searches for `query`.
    pub fn load(db: &Db, query: Query) -> Self {
        let base = Search::text(query.text.clone()).system(query.system).limit(LIMIT);
        let found = match query.tab {
            Tab::Bestiary => search_creatures(db, &base, query.tag.as_deref()),
            Tab::Characters => search_characters(db, &base, query.tag.as_deref()),
            // The weapon list is read and filtered apart (see `weapons`).
            Tab::Weapons | Tab::Tables | Tab::Detachments | Tab::Templates => {
                Ok((Vec::new(), Vec::new()))
            }
        };
        // The other tab's count (the shown tab's is the number of its matches).
        let counts = || -> Result<(usize, usize), fray_data::DbError> {
            if query.text.trim().is_empty() {
                return Ok((0, 0));
            }
            Ok((db.creatures().search(&base)?.len(), db.characters().search(&base)?.len()))
        };
        match found.and_then(|f| Ok((f, counts()?))) {
            Ok(((entries, tags), counts)) => Self { query, entries, tags, error: None, counts },
            Err(e) => Self {
                query,
                entries: Vec::new(),
                tags: Vec::new(),
                error: Some(format!("The library could not be searched: {e}")),
                counts: (0, 0),
            },
        }
    }
}

type Found = Result<(Vec<Arc<Entry>>, Vec<String>), fray_data::DbError>;

fn search_creatures(db: &Db, base: &Search, tag: Option<&str>) -> Found {
    search_with(
        base,
        tag,
        |q| db.creatures().search(q),
        |c| &c.tags,
        |c| {
            let combatant = c.to_combatant(SideId(0));
            let summary = if c.recurring {
                now(c.system, &c.name, &c.block, &c.condition, Some("recurring"))
            } else {
                summary(&combatant, None)
            };
            Entry {
                key: format!("creature:{}", c.id.0),
                stored: EntryRef::Creature(c.id),
                summary,
                name: c.name,
                party: false,
                recurring: c.recurring,
                combatant,
            }
        },
    )
}

fn search_characters(db: &Db, base: &Search, tag: Option<&str>) -> Found {
    search_with(
        base,
        tag,
        |q| db.characters().search(q),
        |c| &c.tags,
        |c| {
            let combatant = c.to_combatant(SideId(0));
            // A character hurt, worn or injured shows how it is now, not its sheet.
            let summary = if c.condition.is_whole() {
                summary(&combatant, c.party.as_deref())
            } else {
                now(c.system, &c.name, &c.sheet, &c.condition, c.party.as_deref())
            };
            Entry {
                key: format!("character:{}", c.id.0),
                stored: EntryRef::Character(c.id),
                summary,
                name: c.name,
                party: true,
                recurring: false,
                combatant,
            }
        },
    )
}

/// One store's search: the tags of everything matching the text (so the GM can switch tags
/// without clearing the filter), then the entries with the tag filter applied.
fn search_with<T>(
    base: &Search,
    tag: Option<&str>,
    search: impl Fn(&Search) -> Result<Vec<T>, fray_data::DbError>,
    tags_of: impl Fn(&T) -> &Vec<String>,
    entry: impl Fn(T) -> Entry,
) -> Found {
    let all = search(base)?;
    let tags = tags_by_use(all.iter().map(|x| tags_of(x).as_slice()));
    let shown = match tag {
        Some(tag) => search(&base.clone().tag(tag))?,
        None => all,
    };
    Ok((shown.into_iter().map(|x| Arc::new(entry(x))).collect(), tags))
}

/// A tab's count of matches: "200+" once the search limit is reached.
pub(super) fn count_text(n: usize) -> String {
    if n >= LIMIT as usize { format!("{n}+") } else { n.to_string() }
}

/// Tags ordered by how many entries carry them, then by name.
fn tags_by_use<'a>(lists: impl Iterator<Item = &'a [String]>) -> Vec<String> {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for list in lists {
        for tag in list {
            *counts.entry(tag).or_default() += 1;
        }
    }
    let mut tags: Vec<(&str, usize)> = counts.into_iter().collect();
    tags.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    tags.into_iter().map(|(t, _)| t.to_owned()).collect()
}

/// How a character (or recurring foe) is now, at a glance: "HP 2/6 · Fatigue 3 · Shattered
/// kneecap", then its party.
fn now(
    system: SystemId,
    name: &str,
    sheet: &serde_json::Value,
    condition: &fray_app::campaign::Condition,
    party: Option<&str>,
) -> String {
    let member = fray_app::campaign::company::Member::new(system, name, sheet, condition.clone());
    match party.filter(|p| !p.is_empty()) {
        Some(party) => format!("{} · {party}", member.summary()),
        None => member.summary(),
    }
}

/// The few numbers a GM picks an entry by: tracks first (HP), then the first stats.
pub(super) fn summary(c: &NewCombatant, party: Option<&str>) -> String {
    let tracks = c.tracks.iter().map(|t| format!("{} {}", stat_label(&t.name), t.max));
    let stats = c.stats.iter().map(|s| format!("{} {}", stat_label(&s.name), s.value));
    let mut parts: Vec<String> = tracks.chain(stats).take(3).collect();
    if let Some(party) = party.filter(|p| !p.is_empty()) {
        parts.push(party.to_owned());
    }
    parts.join(" · ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use fray_app::encounter::{Stat, Track};

    #[test]
    fn a_summary_shows_tracks_then_stats() {
        let c = NewCombatant {
            name: "Goblin".into(),
            side: SideId(0),
            zone: None,
            square: None,
            stats: vec![
                Stat { name: "armor".into(), value: 11 },
                Stat { name: "attack".into(), value: 2 },
                Stat { name: "morale".into(), value: 6 },
            ],
            tracks: vec![Track { name: "hp".into(), value: 5, max: 5 }],
            conditions: vec![],
            source: None,
            block: serde_json::Value::Null,
        };
        assert_eq!(summary(&c, None), "HP 5 · Armor 11 · Attack 2");
        assert_eq!(summary(&c, Some("Lanterns")), "HP 5 · Armor 11 · Attack 2 · Lanterns");
    }

    #[test]
    fn tags_are_ordered_by_use() {
        let a = vec!["beast".to_owned(), "pack".to_owned()];
        let b = vec!["beast".to_owned(), "apex".to_owned()];
        let tags = tags_by_use([a.as_slice(), b.as_slice()].into_iter());
        assert_eq!(tags, ["beast", "apex", "pack"]);
    }
}
