//! The roll-table editor's state: what the GM is typing, read back as a table, and every
//! problem with it in the GM's words (a total no row covers, two rows covering the same
//! total) while they type. Pure: no drawing, no database.

use fray_app::checks::Coverage;
use fray_app::checks::{RollTable, TableRow};
use fray_app::dice::Dice;
use fray_app::ids::SystemId;
use fray_data::{Effect, NewTable, StoredTable, TableId};

/// One row as typed.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RowForm {
    /// Lowest total, as typed.
    pub low: String,
    /// Highest total, as typed.
    pub high: String,
    /// The effect in words.
    pub text: String,
    /// The structured effect, a JSON object as typed (empty for none).
    pub structured: String,
}

/// The last "Try a roll": its total and the row it landed on.
#[derive(Debug, Clone, PartialEq)]
pub struct Trial {
    /// The dice and faces ("2d6: 3 + 5 = 8").
    pub summary: String,
    /// The total.
    pub total: i64,
    /// The index of the row it landed on, if any.
    pub row: Option<usize>,
}

/// A table being written or edited.
#[derive(Debug, Clone, PartialEq)]
pub struct TableForm {
    /// The stored table being edited; `None` for a new one.
    pub id: Option<TableId>,
    /// The system it belongs to.
    pub system: SystemId,
    /// Its name.
    pub name: String,
    /// Its dice, as typed ("d20", "2d6").
    pub dice: String,
    /// The damage type it is rolled for, as typed (empty for none).
    pub damage_type: String,
    /// The rows, in the GM's order.
    pub rows: Vec<RowForm>,
    /// The last trial roll.
    pub trial: Option<Trial>,
}

/// What is wrong with a form: refusals for Save, by place.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Problems {
    /// About the name.
    pub name: Option<String>,
    /// About the dice.
    pub dice: Option<String>,
    /// About single rows: (row index, message).
    pub rows: Vec<(usize, String)>,
    /// About the rows together: totals uncovered, totals covered twice.
    pub coverage: Vec<String>,
}

impl Problems {
    /// Whether nothing stands in the way of saving.
    pub fn is_empty(&self) -> bool {
        self.name.is_none()
            && self.dice.is_none()
            && self.rows.is_empty()
            && self.coverage.is_empty()
    }

    /// The first problem, as the reason Save is refused.
    pub fn first(&self) -> Option<String> {
        self.name
            .clone()
            .or_else(|| self.dice.clone())
            .or_else(|| self.rows.first().map(|(_, m)| m.clone()))
            .or_else(|| self.coverage.first().cloned())
    }
}

impl TableForm {
    /// A new, empty table of `system` (d6 until the GM says otherwise).
    pub fn new(system: SystemId) -> Self {
        Self {
            id: None,
            system,
            name: String::new(),
            dice: "d6".into(),
            damage_type: String::new(),
            rows: Vec::new(),
            trial: None,
        }
    }

    /// The form for editing a stored table.
    pub fn edit(t: &StoredTable) -> Self {
        Self {
            id: Some(t.id),
            system: t.system,
            name: t.table.name.clone(),
            dice: t.table.dice.to_string(),
            damage_type: t.damage_type.clone().unwrap_or_default(),
            rows: t
                .table
                .rows
                .iter()
                .map(|r| RowForm {
                    low: r.low.to_string(),
                    high: r.high.to_string(),
                    text: r.result.text.clone(),
                    structured: r
                        .result
                        .structured
                        .as_ref()
                        .map(|v| v.to_string())
                        .unwrap_or_default(),
                })
                .collect(),
            trial: None,
        }
    }

    /// Adds a row starting after the last one's high end (or at the dice's lowest total).
    pub fn add_row(&mut self) {
        let start = self
            .rows
            .iter()
            .filter_map(|r| r.high.trim().parse::<i64>().ok())
            .max()
            .map(|h| h + 1)
            .or_else(|| self.dice().ok().map(|d| d.min()))
            .unwrap_or(1);
        self.rows.push(RowForm {
            low: start.to_string(),
            high: start.to_string(),
            ..RowForm::default()
        });
    }

    /// The dice as typed, parsed.
    pub fn dice(&self) -> Result<Dice, String> {
        let dice = Dice::parse(self.dice.trim()).map_err(|e| e.to_string())?;
        dice.validate().map_err(|e| e.to_string())?;
        Ok(dice)
    }

    /// Everything wrong with the form as typed.
    pub fn problems(&self) -> Problems {
        let mut p = Problems::default();
        if self.name.trim().is_empty() {
            p.name = Some("Give the table a name".into());
        }
        let dice = match self.dice() {
            Ok(d) => Some(d),
            Err(e) => {
                p.dice = Some(e);
                None
            }
        };
        let mut ranges = Vec::new();
        for (i, row) in self.rows.iter().enumerate() {
            let n = i + 1;
            let low = row.low.trim().parse::<i64>();
            let high = row.high.trim().parse::<i64>();
            match (low, high) {
                (Ok(l), Ok(h)) if l > h => {
                    p.rows.push((i, format!("Row {n} runs backwards: {l}–{h}")))
                }
                (Ok(l), Ok(h)) => ranges.push((i, l, h)),
                (Err(_), _) => p.rows.push((i, format!("Row {n}: the low end is not a number"))),
                (_, Err(_)) => p.rows.push((i, format!("Row {n}: the high end is not a number"))),
            }
            if row.text.trim().is_empty() {
                p.rows.push((i, format!("Row {n}: say what it does")));
            }
            if let Err(e) = structured(&row.structured) {
                p.rows.push((i, format!("Row {n}: {e}")));
            }
        }
        if let Some(dice) = dice
            && !self.rows.is_empty()
        {
            p.coverage = coverage(&ranges, dice.min(), dice.max());
        }
        p
    }

    /// The table to store, when the form has no problems.
    pub fn to_new(&self) -> Result<NewTable, String> {
        if let Some(problem) = self.problems().first() {
            return Err(problem);
        }
        let dice = self.dice()?;
        let mut rows = Vec::new();
        for r in &self.rows {
            rows.push(TableRow {
                low: r.low.trim().parse().map_err(|_| "not a number".to_owned())?,
                high: r.high.trim().parse().map_err(|_| "not a number".to_owned())?,
                result: Effect {
                    text: r.text.trim().to_owned(),
                    structured: structured(&r.structured)?,
                },
            });
        }
        let damage_type =
            Some(self.damage_type.trim()).filter(|d| !d.is_empty()).map(str::to_owned);
        Ok(NewTable {
            system: self.system,
            damage_type,
            table: RollTable { name: self.name.trim().to_owned(), dice, rows },
        })
    }
}

/// The structured effect typed for a row: nothing, or a JSON object.
pub fn structured(text: &str) -> Result<Option<serde_json::Value>, String> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    match serde_json::from_str::<serde_json::Value>(text) {
        Ok(v) if v.is_object() => Ok(Some(v)),
        Ok(_) => Err("the structured effect must be a JSON object ({…})".into()),
        Err(e) => Err(format!("the structured effect is not valid JSON: {e}")),
    }
}

/// The keys a system's rules read in a row's structured effect, for the editor's hint (the
/// system says; see `System::table_effect_keys`).
pub fn structured_keys(system: SystemId) -> Option<&'static str> {
    system.system().table_effect_keys()
}

/// The totals `min..=max` no row covers, and the totals two rows both cover, as messages:
/// "11 is not covered", "rows 3 and 4 both cover 12". `ranges` are (row index, low, high).
pub fn coverage(ranges: &[(usize, i64, i64)], min: i64, max: i64) -> Vec<String> {
    let span = |low: i64, high: i64| {
        if low == high { low.to_string() } else { format!("{low}–{high}") }
    };
    fray_app::checks::coverage(ranges, min, max)
        .into_iter()
        .map(|c| match c {
            Coverage::Gap { low, high } if low == high => format!("{low} is not covered"),
            Coverage::Gap { low, high } => format!("{} are not covered", span(low, high)),
            Coverage::Overlap { first, second, low, high } => {
                format!("rows {} and {} both cover {}", first + 1, second + 1, span(low, high))
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(dice: &str, rows: &[(&str, &str, &str)]) -> TableForm {
        fray_app::systems::registry();
        let mut f = TableForm::new("d12".parse().unwrap());
        f.name = "Injuries".into();
        f.dice = dice.into();
        f.rows = rows
            .iter()
            .map(|&(low, high, text)| RowForm {
                low: low.into(),
                high: high.into(),
                text: text.into(),
                structured: String::new(),
            })
            .collect();
        f
    }

    #[test]
    fn gaps_and_overlaps_read_like_the_gm_would_say_them() {
        assert_eq!(coverage(&[(0, 1, 10), (1, 12, 20)], 1, 20), ["11 is not covered"]);
        assert_eq!(coverage(&[(0, 1, 4)], 1, 6), ["5–6 are not covered"]);
        assert_eq!(coverage(&[(0, 1, 3), (1, 3, 6)], 1, 6), ["rows 1 and 2 both cover 3"]);
        assert_eq!(
            coverage(&[(0, 2, 2), (1, 1, 6), (2, 5, 6)], 1, 6),
            ["rows 1 and 2 both cover 2", "rows 2 and 3 both cover 5–6"]
        );
        assert!(coverage(&[(0, -5, 3), (1, 4, 99)], 1, 6).is_empty());
    }

    #[test]
    fn a_form_with_problems_is_not_saved() {
        let f = form("d6", &[("1", "2", "Scar"), ("4", "6", "Lost eye")]);
        let p = f.problems();
        assert_eq!(p.coverage, ["3 is not covered"]);
        assert_eq!(f.to_new().unwrap_err(), "3 is not covered");

        let f = form("2d6", &[("2", "7", "a"), ("7", "12", "")]);
        let p = f.problems();
        assert_eq!(p.rows, [(1, "Row 2: say what it does".to_owned())]);
        assert_eq!(p.coverage, ["rows 1 and 2 both cover 7"]);

        let mut f = form("d7x", &[("1", "x", "a")]);
        f.rows[0].structured = "[1]".into();
        let p = f.problems();
        assert!(p.dice.is_some());
        assert_eq!(p.rows[0].1, "Row 1: the high end is not a number");
        assert_eq!(p.rows[1].1, "Row 1: the structured effect must be a JSON object ({…})");
    }

    #[test]
    fn a_good_form_becomes_a_table_and_an_empty_one_a_placeholder() {
        let mut f = form("d6", &[("1", "2", "Scar"), ("3", "6", "Limp")]);
        f.rows[1].structured = r#"{"conditions": ["limping"]}"#.into();
        f.damage_type = " blunt ".into();
        let t = f.to_new().unwrap();
        assert_eq!(t.damage_type.as_deref(), Some("blunt"));
        assert_eq!(t.table.rows[1].result.structured.as_ref().unwrap()["conditions"][0], "limping");
        assert!(t.table.validate().is_ok());
        let empty = form("d20", &[]);
        assert!(empty.problems().is_empty());
        assert!(empty.to_new().unwrap().table.rows.is_empty());
    }

    #[test]
    fn a_new_row_starts_after_the_last() {
        let mut f = form("d6", &[]);
        f.add_row();
        assert_eq!((f.rows[0].low.as_str(), f.rows[0].high.as_str()), ("1", "1"));
        f.rows[0].high = "3".into();
        f.add_row();
        assert_eq!(f.rows[1].low, "4");
    }
}
