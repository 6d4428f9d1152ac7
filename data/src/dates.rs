//! Calendar dates from Unix time, for the encounter lists of the window and the command line
//! and the date stamped on exported library files, without a date library.

/// The calendar date `(year, month, day)` of a day counted from 1970-01-01 (Howard Hinnant's
/// days-to-civil algorithm).
pub fn civil_date(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// Unix milliseconds as the day `YYYY-MM-DD` in UTC: a session's date.
pub fn utc_day(ms: i64) -> String {
    let (year, month, day) = civil_date(ms.div_euclid(1000).div_euclid(86_400));
    format!("{year:04}-{month:02}-{day:02}")
}

/// Unix milliseconds as `YYYY-MM-DD HH:MM` in UTC.
pub fn utc_minute(ms: i64) -> String {
    let secs = ms.div_euclid(1000);
    let (days, rest) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    let (year, month, day) = civil_date(days);
    format!("{year:04}-{month:02}-{day:02} {:02}:{:02}", rest / 3600, rest % 3600 / 60)
}

/// Unix milliseconds as `YYYY-MM-DDTHH:MM:SSZ` (RFC 3339, UTC).
pub fn utc_second(ms: i64) -> String {
    let secs = ms.div_euclid(1000);
    let (days, rest) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    let (year, month, day) = civil_date(days);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_utc_civil_dates() {
        assert_eq!(utc_minute(0), "1970-01-01 00:00");
        assert_eq!(utc_minute(951_782_400_000), "2000-02-29 00:00");
        assert_eq!(utc_minute(1_700_000_000_000), "2023-11-14 22:13");
        assert_eq!(utc_minute(-60_000), "1969-12-31 23:59");
        assert_eq!(civil_date(-1), (1969, 12, 31));
        assert_eq!(utc_second(1_700_000_000_999), "2023-11-14T22:13:20Z");
    }
}
