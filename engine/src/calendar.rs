//! Calendar dates for the daily deals: a proleptic Gregorian [`Date`], its
//! day number (days since 1970-01-01, the number [`crate::daily`] takes)
//! and its `YYYY-MM-DD` text.
//!
//! The engine never reads a clock: which date it is *today* (the player's
//! local calendar day) is the page's business. This module only counts.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A day of the calendar. Always a real date between the years 1970 and
/// 9999 (so its day number fits a `u32` and its text is `YYYY-MM-DD`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Date {
    year: u16,
    month: u8,
    day: u8,
}

/// Why a text or a set of numbers is not a [`Date`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadDate(pub String);

impl fmt::Display for BadDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\u{201c}{}\u{201d} is not a date (YYYY-MM-DD)", self.0)
    }
}

impl std::error::Error for BadDate {}

/// Whether `year` has a February 29th.
pub fn is_leap_year(year: u16) -> bool {
    (year.is_multiple_of(4) && !year.is_multiple_of(100)) || year.is_multiple_of(400)
}

/// The number of days in `month` (1–12) of `year`; 0 for a month that does
/// not exist.
pub fn days_in_month(year: u16, month: u8) -> u8 {
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if is_leap_year(year) => 29,
        2 => 28,
        _ => 0,
    }
}

impl Date {
    /// The date, if it exists and lies in 1970..=9999.
    pub fn new(year: u16, month: u8, day: u8) -> Option<Date> {
        let valid = (1970..=9999).contains(&year) && day >= 1 && day <= days_in_month(year, month);
        valid.then_some(Date { year, month, day })
    }

    /// The date of day number `days` (1970-01-01 is day 0), if it is before
    /// the year 10000. Howard Hinnant's `civil_from_days`.
    pub fn from_day_number(days: u32) -> Option<Date> {
        let z = i64::from(days) + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097);
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = doy - (153 * mp + 2) / 5 + 1;
        let month = if mp < 10 { mp + 3 } else { mp - 9 };
        let year = yoe + era * 400 + i64::from(month <= 2);
        Date::new(
            u16::try_from(year).ok()?,
            u8::try_from(month).ok()?,
            u8::try_from(day).ok()?,
        )
    }

    /// Days since 1970-01-01 (day 0). Howard Hinnant's `days_from_civil`.
    pub fn day_number(self) -> u32 {
        let (m, d) = (i64::from(self.month), i64::from(self.day));
        let y = i64::from(self.year) - i64::from(m <= 2);
        let era = y.div_euclid(400);
        let yoe = y.rem_euclid(400);
        let mp = if m > 2 { m - 3 } else { m + 9 };
        let doy = (153 * mp + 2) / 5 + d - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        // Between 0 and 2,932,896 for the years 1970..=9999.
        (era * 146_097 + doe - 719_468) as u32
    }

    pub fn year(self) -> u16 {
        self.year
    }

    /// 1 (January) to 12.
    pub fn month(self) -> u8 {
        self.month
    }

    /// 1 to 31.
    pub fn day(self) -> u8 {
        self.day
    }

    /// The next day, if there is one before the year 10000.
    pub fn next(self) -> Option<Date> {
        Date::from_day_number(self.day_number() + 1)
    }

    /// The day before, if it is not before 1970.
    pub fn previous(self) -> Option<Date> {
        Date::from_day_number(self.day_number().checked_sub(1)?)
    }

    /// The first day of this date's month.
    pub fn first_of_month(self) -> Date {
        Date { day: 1, ..self }
    }

    /// The number of days in this date's month.
    pub fn days_in_month(self) -> u8 {
        days_in_month(self.year, self.month)
    }

    /// The weekday, 0 = Monday … 6 = Sunday (1970-01-01 was a Thursday).
    pub fn weekday_from_monday(self) -> u8 {
        ((self.day_number() + 3) % 7) as u8
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl FromStr for Date {
    type Err = BadDate;

    fn from_str(s: &str) -> Result<Date, BadDate> {
        let bad = || BadDate(s.chars().take(20).collect());
        let b = s.as_bytes();
        let shaped = b.len() == 10
            && b[4] == b'-'
            && b[7] == b'-'
            && b.iter()
                .enumerate()
                .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit());
        if !shaped {
            return Err(bad());
        }
        let number = |range: std::ops::Range<usize>| s[range].parse::<u16>().map_err(|_| bad());
        let (year, month, day) = (number(0..4)?, number(5..7)?, number(8..10)?);
        Date::new(year, month as u8, day as u8).ok_or_else(bad)
    }
}

impl Serialize for Date {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Date {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Date, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn date(text: &str) -> Date {
        text.parse().unwrap()
    }

    #[test]
    fn day_numbers() {
        let check = |text: &str, n: u32| {
            assert_eq!(date(text).day_number(), n, "{text}");
            assert_eq!(Date::from_day_number(n), Some(date(text)), "{n}");
        };
        check("1970-01-01", 0);
        check("2000-03-01", 11_017);
        check("2024-02-29", 19_782);
        check("2026-01-01", 20_454);
        check("9999-12-31", 2_932_896);
        assert_eq!(Date::from_day_number(2_932_897), None);
    }

    #[test]
    fn texts() {
        for bad in [
            "",
            "2026-1-01",
            "2026-13-01",
            "2026-02-29",
            "1969-12-31",
            "2026/01/01",
            "２０２６-01-01",
            "2026-00-10",
            "2026-01-00",
            "+026-01-01",
        ] {
            assert!(bad.parse::<Date>().is_err(), "{bad}");
        }
        assert_eq!(date("2024-02-29").to_string(), "2024-02-29");
        assert_eq!(
            serde_json::to_string(&date("2026-11-30")).unwrap(),
            "\"2026-11-30\""
        );
        assert_eq!(
            serde_json::from_str::<Date>("\"2026-11-30\"").unwrap(),
            date("2026-11-30")
        );
        assert!(serde_json::from_str::<Date>("\"2026-11-31\"").is_err());
        assert!(serde_json::from_str::<Date>("20000").is_err());
    }

    #[test]
    fn months_and_weekdays() {
        assert_eq!(days_in_month(2026, 2), 28);
        assert_eq!(days_in_month(2024, 2), 29);
        assert_eq!(days_in_month(1900, 2), 28);
        assert_eq!(days_in_month(2000, 2), 29);
        assert_eq!(days_in_month(2026, 13), 0);
        // 2026-01-01 is a Thursday, 2026-11-30 a Monday.
        assert_eq!(date("2026-01-01").weekday_from_monday(), 3);
        assert_eq!(date("2026-11-30").weekday_from_monday(), 0);
        assert_eq!(date("2026-03-31").next(), Some(date("2026-04-01")));
        assert_eq!(date("2026-01-01").previous(), Some(date("2025-12-31")));
        assert_eq!(date("1970-01-01").previous(), None);
    }

    proptest! {
        #[test]
        fn day_numbers_round_trip(n in 0u32..=2_932_896) {
            let d = Date::from_day_number(n).unwrap();
            prop_assert_eq!(d.day_number(), n);
            prop_assert_eq!(d.to_string().parse::<Date>().unwrap(), d);
            // Consecutive numbers are consecutive dates, in order.
            if let Some(next) = d.next() {
                prop_assert!(next > d);
                prop_assert_eq!(next.day_number(), n + 1);
            }
        }

        #[test]
        fn parsing_never_panics(text in ".{0,12}") {
            let _ = text.parse::<Date>();
        }
    }
}
