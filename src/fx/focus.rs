//! The keyboard player's focus around the table's changes: a move that
//! takes the focused card off the table leaves the focus on the table.

use leptos::prelude::document;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement};

use crate::fx::zones::PYRAMID_SELECTOR;

/// Whether a card has the focus.
pub(crate) fn card_has_focus() -> bool {
    document()
        .active_element()
        .is_some_and(|e| e.has_attribute("data-card"))
}

/// After a move that took the focused card off the table: the focus goes
/// to the card that holds the pyramid's tab stop now, else to the stock,
/// else (no stock: Giza) to a card the player may take, not back to the page (a keyboard player stays on the table). Runs once
/// the page shows the move.
pub(crate) fn keep_focus_on_table() {
    leptos::task::spawn_local(async {
        let doc = document();
        let lost = match doc.active_element() {
            None => true,
            Some(el) => !el.is_connected() || doc.body().is_some_and(|b| *b == el),
        };
        if !lost {
            return;
        }
        let tab_stop = format!("{PYRAMID_SELECTOR}[tabindex=\"0\"]");
        let next = [
            tab_stop.as_str(),
            "[data-zone=stock]:not([hidden])",
            "[data-card]:not([aria-disabled])",
        ]
        .into_iter()
        .find_map(|selector| doc.query_selector(selector).ok().flatten());
        if let Some(next) = next {
            focus(&next);
        }
    });
}

/// Focuses `el` if it can take the focus.
pub(crate) fn focus(el: &Element) {
    if let Some(el) = el.dyn_ref::<HtmlElement>() {
        let _ = el.focus();
    }
}
