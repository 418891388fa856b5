//! The page's one clock: the wall clock, read in one place.
//!
//! Time is one type everywhere: whole milliseconds in a `u64`, since the
//! Unix epoch. The round's clock adds up the differences between two
//! readings, ignoring any that a change of the device clock makes
//! negative or absurd; the daily deal's day is the local calendar day of
//! the same reading.

use pyramid_engine::Date;

/// Milliseconds since the Unix epoch, by the wall clock.
pub(crate) fn now_ms() -> u64 {
    #[cfg(target_arch = "wasm32")]
    let ms = {
        let now = js_sys::Date::now();
        if now.is_finite() && now > 0.0 {
            now as u64
        } else {
            0
        }
    };
    #[cfg(not(target_arch = "wasm32"))]
    let ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX));
    ms
}

/// The player's local calendar day now (the browser's time zone): the day
/// of the daily deal. Natively, and should the browser's date be out of
/// range, the UTC day.
pub(crate) fn today() -> Date {
    local_day(now_ms())
}

/// The local calendar day at `ms`.
fn local_day(ms: u64) -> Date {
    #[cfg(target_arch = "wasm32")]
    {
        let at = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms as f64));
        let local = Date::new(
            u16::try_from(at.get_full_year()).unwrap_or(0),
            u8::try_from(at.get_month() + 1).unwrap_or(0),
            u8::try_from(at.get_date()).unwrap_or(0),
        );
        if let Some(date) = local {
            return date;
        }
    }
    utc_day(ms)
}

/// The UTC calendar day at `ms`.
fn utc_day(ms: u64) -> Date {
    u32::try_from(ms / 86_400_000)
        .ok()
        .and_then(Date::from_day_number)
        .unwrap_or_else(|| Date::new(1970, 1, 1).expect("1970-01-01 is a date"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_is_after_2025() {
        assert!(now_ms() > 1_735_689_600_000);
        assert!(today() >= Date::new(2025, 1, 1).unwrap());
    }

    #[test]
    fn days_are_utc_natively() {
        let check = |ms: u64, expected: &str| assert_eq!(utc_day(ms).to_string(), expected);
        check(0, "1970-01-01");
        check(86_399_999, "1970-01-01");
        check(86_400_000, "1970-01-02");
        check(1_764_547_200_000, "2025-12-01");
        assert_eq!(local_day(86_400_000), utc_day(86_400_000));
    }
}
