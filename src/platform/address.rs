//! The address bar: the query the page was opened with, the page's own
//! address for a shared link, and the address of the deal on the table
//! (written by [`crate::domain::link::address_query`]).

use leptos::prelude::window;
use pyramid_engine::Preset;

use crate::domain::link::address_query;

/// The query the page was opened with (`location.search`).
pub(crate) fn search() -> String {
    window().location().search().unwrap_or_default()
}

/// The page's own address with `query` in place of its own: a link that
/// opens this game.
pub(crate) fn page_url(query: &str) -> String {
    let location = window().location();
    format!(
        "{}{}{query}",
        location.origin().unwrap_or_default(),
        location.pathname().unwrap_or_default()
    )
}

/// Rewrites the address bar to the deal on the table (`?deal=N&rules=ID`,
/// other parameters kept) without a new history entry, so a reload, a
/// bookmark or a shared link opens the round on screen, never an older one
/// or a bad link's.
pub(crate) fn show_deal(deal_number: Option<u32>, preset: Preset) {
    let location = window().location();
    let search = location.search().unwrap_or_default();
    let query = address_query(&search, deal_number, preset);
    if query == search {
        return;
    }
    let href = format!(
        "{}{query}{}",
        location.pathname().unwrap_or_default(),
        location.hash().unwrap_or_default()
    );
    if let Ok(history) = window().history() {
        // A browser that refuses (a sandboxed frame) keeps the old address.
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&href));
    }
}
