//! Library search: as-you-type text (FTS5 prefix match over name and tags), system and tag
//! filters. Shared by the bestiary and the characters.

use crate::DbError;
use fray_app::ids::SystemId;
use rusqlite::types::Value;
use rusqlite::{Connection, params_from_iter};

/// Results returned when a search does not say how many.
pub const DEFAULT_LIMIT: u32 = 100;

/// What the GM typed and picked in a library panel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Search {
    /// Free text; every word must prefix-match a word of the name or the tags ("gob" finds
    /// Goblin, "sk und" finds an undead Skeleton). Empty = everything.
    pub text: String,
    /// Only this system's entries.
    pub system: Option<SystemId>,
    /// Only entries carrying every one of these tags (exact, case-insensitive).
    pub tags: Vec<String>,
    /// At most this many results, ordered by name.
    pub limit: u32,
}

impl Default for Search {
    fn default() -> Self {
        Self { text: String::new(), system: None, tags: Vec::new(), limit: DEFAULT_LIMIT }
    }
}

impl Search {
    /// A search for `text`, all systems, no tag filter.
    pub fn text(text: impl Into<String>) -> Self {
        Self { text: text.into(), ..Self::default() }
    }

    /// Restricts to one system.
    #[must_use]
    pub fn system(mut self, system: SystemId) -> Self {
        self.system = Some(system);
        self
    }

    /// Adds a required tag.
    #[must_use]
    pub fn tag(mut self, tag: impl Into<String>) -> Self {
        self.tags.push(tag.into());
        self
    }

    /// Sets the maximum number of results.
    #[must_use]
    pub fn limit(mut self, limit: u32) -> Self {
        self.limit = limit;
        self
    }
}

/// The tables behind one searchable store.
pub(crate) struct Index {
    /// The entries (`id`, `system`, `name` columns).
    pub table: &'static str,
    /// Its FTS5 index, rowid = entry id.
    pub fts: &'static str,
    /// Its tag index (`tag`, `key`).
    pub tags: &'static str,
    /// The entry id column of the tag index.
    pub key: &'static str,
    /// The FTS columns an entry is named by (`{name tags}`), matched before the block's text.
    pub named: &'static str,
}

impl Index {
    /// The entries matching a search, as `row` reads `columns` (aliased `t`, the id first):
    /// those whose name or tags match, in name order, then, to fill the limit, the first
    /// entries the full-text index finds whose block text matches (notes, weapons...), shown
    /// in name order among themselves. Name matches
    /// come first because they are what the GM types most; the text is searched by walking
    /// the full-text index, which stops as soon as the limit is reached, so a word found in
    /// every entry's notes costs no more than a rare one.
    pub(crate) fn search<T>(
        &self,
        conn: &Connection,
        columns: &str,
        search: &Search,
        row: impl Fn(&rusqlite::Row<'_>) -> rusqlite::Result<T>,
    ) -> rusqlite::Result<Vec<(i64, T)>> {
        let read = |r: &rusqlite::Row<'_>| Ok((r.get::<_, i64>(0)?, row(r)?));
        let text = fts_query(&search.text);
        let named = text.as_ref().map(|q| format!("{} : ({q})", self.named));
        let (sql, params) = self.select(conn, columns, search, named.as_deref())?;
        let mut stmt = conn.prepare_cached(&sql)?;
        let mut found: Vec<(i64, T)> =
            stmt.query_map(params_from_iter(params), read)?.collect::<Result<_, _>>()?;
        let need = search.limit as usize - found.len().min(search.limit as usize);
        let Some(query) = text.filter(|_| need > 0) else { return Ok(found) };

        let Index { table, fts, tags, key, .. } = self;
        let mut sql = format!(
            "SELECT {columns} FROM {fts} f CROSS JOIN {table} t ON t.id = f.rowid
             WHERE {fts} MATCH ?"
        );
        let mut params = vec![Value::Text(query)];
        if let Some(system) = &search.system {
            sql += " AND t.system = ?";
            params.push(Value::Text(system.as_str().to_owned()));
        }
        for tag in normalize_tags(&search.tags) {
            sql += &format!(" AND EXISTS (SELECT 1 FROM {tags} WHERE tag = ? AND {key} = t.id)");
            params.push(Value::Text(tag));
        }
        // Enough rows to fill the limit even when all of the name matches come up again.
        sql += " LIMIT ?";
        params.push(Value::Integer((need + found.len()) as i64));
        let seen: std::collections::HashSet<i64> = found.iter().map(|(id, _)| *id).collect();
        let mut stmt = conn.prepare_cached(&sql)?;
        let mut more: Vec<(i64, String, T)> = Vec::new();
        for r in stmt.query_map(params_from_iter(params), |r| {
            Ok((r.get::<_, i64>(0)?, r.get::<_, String>(2)?, row(r)?))
        })? {
            let (id, name, t) = r?;
            if !seen.contains(&id) && more.len() < need {
                more.push((id, name, t));
            }
        }
        more.sort_by_cached_key(|(id, name, _)| (name.to_lowercase(), *id));
        found.extend(more.into_iter().map(|(id, _, t)| (id, t)));
        Ok(found)
    }

    /// The SQL and parameters selecting `columns` of the entries (aliased `t`) whose named
    /// columns match `text` (an FTS query) and the filters, in name order.
    fn select(
        &self,
        conn: &Connection,
        columns: &str,
        search: &Search,
        text: Option<&str>,
    ) -> rusqlite::Result<(String, Vec<Value>)> {
        let Index { table, fts, tags, key, .. } = self;
        let text = text.map(str::to_owned);
        let tag_list = normalize_tags(&search.tags);
        // A unary `+` stops SQLite from driving the query from a filter's matches, so it
        // walks the name index instead and stops at the limit.
        let walk = if self.walk_by_name(conn, text.as_deref(), &tag_list, search.limit)? {
            "+"
        } else {
            ""
        };
        let mut sql = format!("SELECT {columns} FROM {table} t WHERE 1");
        let mut params = Vec::new();
        if let Some(query) = text {
            sql += &format!(" AND {walk}t.id IN (SELECT rowid FROM {fts} WHERE {fts} MATCH ?)");
            params.push(Value::Text(query));
        }
        if let Some(system) = &search.system {
            sql += " AND t.system = ?";
            params.push(Value::Text(system.as_str().to_owned()));
        }
        for tag in tag_list {
            sql += &format!(" AND {walk}t.id IN (SELECT {key} FROM {tags} WHERE tag = ?)");
            params.push(Value::Text(tag));
        }
        sql += " ORDER BY t.name COLLATE NOCASE, t.id LIMIT ?";
        params.push(Value::Integer(search.limit.into()));
        Ok((sql, params))
    }

    /// Whether walking the entries in name order, checking each against the filters, beats
    /// fetching every match and sorting: it does when matches are plentiful ("g" matches a
    /// third of a bestiary) and the limit is reached early.
    fn walk_by_name(
        &self,
        conn: &Connection,
        text: Option<&str>,
        tags: &[String],
        limit: u32,
    ) -> rusqlite::Result<bool> {
        let Index { table, fts, tags: tag_table, .. } = self;
        let mut counts = Vec::new();
        if let Some(query) = text {
            let sql = format!("SELECT count(*) FROM {fts} WHERE {fts} MATCH ?1");
            counts.push(conn.prepare_cached(&sql)?.query_row([query], |r| r.get::<_, i64>(0))?);
        }
        for tag in tags {
            let sql = format!("SELECT count(*) FROM {tag_table} WHERE tag = ?1");
            counts.push(conn.prepare_cached(&sql)?.query_row([tag], |r| r.get::<_, i64>(0))?);
        }
        let Some(&fewest) = counts.iter().min() else { return Ok(true) };
        if fewest == 0 {
            return Ok(false);
        }
        // The largest id stands in for the row count: O(1), and deletions only make it high.
        let sql = format!("SELECT coalesce(max(id), 1) FROM {table}");
        let n = conn.prepare_cached(&sql)?.query_row([], |r| r.get::<_, i64>(0))? as f64;
        let share: f64 = counts.iter().map(|&c| c as f64 / n).product();
        let walked = (f64::from(limit) / share).min(n);
        // Costs per row, in µs, measured on the 50,000-creature bench: fetching and sorting a
        // match 0.5; stepping the name index 0.15; listing a filter's matches 0.14.
        let sort = 0.5 * fewest as f64;
        let walk = 0.15 * walked + 0.14 * counts.iter().sum::<i64>() as f64;
        Ok(walk < sort)
    }
}

/// The FTS5 query for what the GM typed: each word becomes a quoted prefix term, so
/// punctuation and FTS syntax in the input are plain text. `None` when there is no word.
pub(crate) fn fts_query(text: &str) -> Option<String> {
    let terms: Vec<String> = text
        .split_whitespace()
        .filter(|w| w.chars().any(char::is_alphanumeric))
        .map(|w| format!("\"{}\"*", w.replace('"', "\"\"")))
        .collect();
    (!terms.is_empty()).then(|| terms.join(" "))
}

/// Tags as stored: trimmed, lowercase, without blanks or repeats, in the order given. In
/// linear time (a set of those seen): a file may carry a great many.
pub(crate) fn normalize_tags(tags: &[String]) -> Vec<String> {
    let mut seen = std::collections::HashSet::with_capacity(tags.len());
    let mut out: Vec<String> = Vec::with_capacity(tags.len());
    for tag in tags {
        let tag = tag.trim().to_lowercase();
        if !tag.is_empty() && seen.insert(tag.clone()) {
            out.push(tag);
        }
    }
    out
}

/// A required text field, trimmed; refused when blank.
pub(crate) fn required(value: &str, field: &str) -> Result<String, DbError> {
    let value = value.trim();
    if value.is_empty() {
        return Err(DbError::Invalid(format!("{field} must not be empty")));
    }
    Ok(value.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_become_prefix_terms() {
        assert_eq!(fts_query("gob").as_deref(), Some("\"gob\"*"));
        assert_eq!(fts_query("  sk  und ").as_deref(), Some("\"sk\"* \"und\"*"));
        assert_eq!(fts_query("a\"b OR").as_deref(), Some("\"a\"\"b\"* \"OR\"*"));
        assert_eq!(fts_query(" - * "), None);
        assert_eq!(fts_query(""), None);
    }

    #[test]
    fn tags_are_normalized() {
        let tags = ["Undead".into(), " undead ".into(), "".into(), "Big Cat".into()];
        assert_eq!(normalize_tags(&tags), ["undead", "big cat"]);
    }
}
