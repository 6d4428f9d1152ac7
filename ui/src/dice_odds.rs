//! `fray roll EXPR --odds`: the chance of every total of a roll, as plain text with bars.

use fray_app::dice::{Dice, Distribution};
use std::fmt::Write as _;

/// Past this many likely totals the report gives percentiles rather than every total.
const MOST_ROWS: i64 = 40;
/// Width of the longest bar, in characters.
const BAR_WIDTH: f64 = 30.0;

/// The report: how it was worked out, mean and median, each total (or percentiles) and the
/// chance to reach `target`.
pub fn report(dice: &Dice, target: Option<i64>) -> String {
    let d = dice.distribution();
    let mut out = String::new();
    let how = if d.is_exact() {
        "exact".to_string()
    } else {
        format!(
            "estimated from {} rolls (each chance within about ±{:.2}%)",
            d.samples,
            2.0 * 100.0 * d.standard_error(0.5)
        )
    };
    let _ = writeln!(out, "{dice}: {how}");
    let _ = writeln!(
        out,
        "mean {:.2}, median {}, from {} to {}",
        d.mean(),
        d.quantile(0.5),
        d.min(),
        d.max()
    );
    let (lo, hi) = d.likely_range();
    if hi - lo < MOST_ROWS {
        rows(&mut out, &d, lo, hi);
    } else {
        let _ = writeln!(out, "{} totals; where the rolls fall:", hi - lo + 1);
        for q in [0.05, 0.25, 0.5, 0.75, 0.95] {
            let _ = writeln!(out, "  {:>3.0}% roll {} or less", q * 100.0, d.quantile(q));
        }
    }
    if let Some(t) = target {
        let _ = writeln!(out, "{dice} ≥ {t}: {}", percent(d.at_least(t)));
    }
    out
}

/// One row per total: its chance, the chance of it or more, and a bar.
fn rows(out: &mut String, d: &Distribution, lo: i64, hi: i64) {
    let most = d.totals.iter().map(|t| t.1).fold(0.0, f64::max);
    let _ = writeln!(out, "{:>7}  {:>7}  {:>8}", "total", "chance", "at least");
    for total in lo..=hi {
        let p = d.chance(total);
        let bar = "█".repeat(((p / most) * BAR_WIDTH).round() as usize);
        let _ = writeln!(
            out,
            "{total:>7}  {:>7}  {:>8}  {bar}",
            percent(p),
            percent(d.at_least(total))
        );
    }
}

/// `51.00%`.
fn percent(p: f64) -> String {
    format!("{:.2}%", p * 100.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_report_reads_as_anydice_would() {
        let text = report(&Dice::parse("2d20kh1").unwrap(), Some(15));
        assert!(text.starts_with("2d20kh1: exact\n"), "{text}");
        assert!(text.contains("mean 13.83, median 15, from 1 to 20"), "{text}");
        // 20 is 39 ways in 400; 20 or more the same.
        assert!(text.contains("     20    9.75%     9.75%"), "{text}");
        assert!(text.contains("2d20kh1 ≥ 15: 51.00%"), "{text}");
        let wide = report(&Dice::parse("100d6").unwrap(), None);
        assert!(wide.contains("where the rolls fall"), "{wide}");
        assert!(wide.contains("   50% roll 350 or less"), "{wide}");
        let sampled = report(&Dice::parse("{d6,d8,d10}kh2").unwrap(), Some(10));
        assert!(sampled.contains("estimated from 200000 rolls"), "{sampled}");
    }
}
