//! The browser's clock and randomness, in one place, so the rest of the
//! page never asks the browser for either directly.
//!
//! Time is one type everywhere: whole milliseconds in a `u64`, by the wall
//! clock (since the Unix epoch). The round's clock adds up the differences
//! between two readings, ignoring any that a change of the device clock
//! makes negative or absurd.
//!
//! Randomness comes from one `rand` generator, seeded once from the system
//! (`crypto.getRandomValues` in the browser, through getrandom). Deal
//! numbers map to decks through the engine's own pinned shuffle, never
//! through `rand`, whose algorithms may change between versions.
//!
//! Also the one way the page hands the player a file (`download`: the
//! statistics export, the copy of unreadable saved data).

pub mod sound;
pub mod storage;
pub mod tabs;

use std::cell::RefCell;

use leptos::prelude::{document, set_timeout};
use wasm_bindgen::{JsCast, JsValue};

use pyramid_engine::{Date, Preset};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Milliseconds since the Unix epoch, by the wall clock.
pub fn now_ms() -> u64 {
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

/// Days since 1970-01-01 in UTC.
pub fn days_since_unix_epoch() -> u32 {
    u32::try_from(now_ms() / 86_400_000).unwrap_or(u32::MAX)
}

/// The player's local calendar day (the browser's time zone): the day of
/// the daily deal. Natively, and should the browser's date be out of
/// range, the UTC day.
pub fn today() -> Date {
    #[cfg(target_arch = "wasm32")]
    {
        let now = js_sys::Date::new_0();
        let local = Date::new(
            u16::try_from(now.get_full_year()).unwrap_or(0),
            u8::try_from(now.get_month() + 1).unwrap_or(0),
            u8::try_from(now.get_date()).unwrap_or(0),
        );
        if let Some(date) = local {
            return date;
        }
    }
    Date::from_day_number(days_since_unix_epoch())
        .unwrap_or_else(|| Date::new(1970, 1, 1).expect("1970-01-01 is a date"))
}

/// Rewrites the address bar to the deal on the table (`?deal=N&rules=ID`,
/// other parameters kept) without a new history entry, so a reload, a
/// bookmark or a shared link opens the round on screen, never an older one
/// or a bad link's.
pub fn show_deal_in_address(deal_number: Option<u32>, preset: Preset) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let Some(url) = window
        .location()
        .href()
        .ok()
        .and_then(|href| web_sys::Url::new(&href).ok())
    else {
        return;
    };
    let params = url.search_params();
    // A challenge belongs to the deal and rules it came with.
    let same_deal = params.get("deal") == deal_number.map(|n| n.to_string());
    if !same_deal || params.get("rules").as_deref() != Some(preset.id()) {
        params.delete("challenge");
    }
    match deal_number {
        Some(n) => params.set("deal", &n.to_string()),
        None => params.delete("deal"),
    }
    params.set("rules", preset.id());
    let href = url.href();
    if window.location().href().ok().as_deref() != Some(href.as_str()) {
        if let Ok(history) = window.history() {
            // A browser that refuses (a sandboxed frame) keeps the old address.
            let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&href));
        }
    }
}

thread_local! {
    static RNG: RefCell<SmallRng> = RefCell::new(
        // Should the system refuse its randomness, the clock stands in: the
        // numbers only need to differ from one visit to the next.
        SmallRng::try_from_os_rng().unwrap_or_else(|_| SmallRng::seed_from_u64(now_ms())),
    );
}

/// A random deal number, 1 ..= u32::MAX.
pub fn random_deal_number() -> u32 {
    RNG.with(|rng| rng.borrow_mut().random_range(1..=u32::MAX))
}

/// A new round's id: 16 random hex digits.
pub fn new_round_id() -> String {
    let bits: u64 = RNG.with(|rng| rng.borrow_mut().random());
    format!("{bits:016x}")
}

/// Offers `text` as a file download named `name`.
pub fn download(name: &str, text: &str) -> Result<(), JsValue> {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/json");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)?;
    let anchor: web_sys::HtmlAnchorElement = document().create_element("a")?.unchecked_into();
    anchor.set_href(&url);
    anchor.set_download(name);
    anchor.set_hidden(true);
    document()
        .body()
        .ok_or_else(|| JsValue::from_str("no body"))?
        .append_child(&anchor)?;
    anchor.click();
    anchor.remove();
    // The download has started from the click; the URL may go after a moment.
    set_timeout(
        move || {
            let _ = web_sys::Url::revoke_object_url(&url);
        },
        std::time::Duration::from_secs(5),
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_numbers_vary() {
        let ids: std::collections::HashSet<String> = (0..50).map(|_| new_round_id()).collect();
        assert_eq!(ids.len(), 50);
        assert!(ids.iter().all(|id| id.len() == 16));
        let numbers: std::collections::HashSet<u32> =
            (0..50).map(|_| random_deal_number()).collect();
        assert!(numbers.len() > 45 && !numbers.contains(&0));
    }

    #[test]
    fn clock_is_after_2025() {
        assert!(now_ms() > 1_735_689_600_000);
        assert!(days_since_unix_epoch() > 20_089);
    }
}
