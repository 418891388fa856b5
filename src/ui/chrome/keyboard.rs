//! Global keyboard shortcuts (SPEC §4) and arrow-key moves between the
//! available cards and the stock.

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, KeyboardEvent};

use crate::fx::focus::focus;
use crate::state::context::{GameContext, OpenDialog};
use crate::state::settings;

/// Everything arrow keys move between: available pyramid cards, the stock,
/// the draw slot and the waste top.
const NAVIGABLE: &str = "[data-zone=\"pyramid\"]:not([aria-disabled=\"true\"]), \
     [data-zone=\"stock\"], [data-zone=\"draw\"], [data-zone=\"waste\"]";

/// Installs the window-wide key listener for as long as the calling component lives.
pub fn install_shortcuts(ctx: GameContext) {
    let handle = window_event_listener(leptos::ev::keydown, move |ev| handle_key(ctx, &ev));
    on_cleanup(move || handle.remove());
}

/// One key press. Public so tests can drive it with synthetic events.
pub fn handle_key(ctx: GameContext, ev: &KeyboardEvent) {
    if ev.default_prevented() || typing_in_field(ev) {
        return;
    }
    // A modal dialog handles its own keys (Esc closes it natively).
    if ctx.dialog.get_untracked() != OpenDialog::None || ctx.end_dialog_open_untracked() {
        return;
    }
    let key = ev.key();
    // While a win is shown, Esc stops it and no other key acts.
    if ctx.replay.with_untracked(Option::is_some) {
        if key == "Escape" {
            ctx.stop_replay();
            ev.prevent_default();
        }
        return;
    }
    let ctrl = ev.ctrl_key() || ev.meta_key();
    if ctrl {
        let handled = match key.as_str() {
            "z" | "Z" if ev.shift_key() => {
                ctx.redo();
                true
            }
            "z" | "Z" => {
                ctx.undo();
                true
            }
            "y" | "Y" => {
                ctx.redo();
                true
            }
            _ => false,
        };
        if handled {
            ev.prevent_default();
        }
        return;
    }
    if ev.alt_key() {
        return;
    }
    let handled = match key.as_str() {
        "d" | "D" => {
            ctx.draw_or_recycle();
            true
        }
        "h" | "H" => {
            ctx.show_hint();
            true
        }
        "a" | "A" => {
            ctx.auto_move();
            true
        }
        "u" | "U" => {
            ctx.undo();
            true
        }
        "n" | "N" => {
            ctx.dialog.set(OpenDialog::NewDeal);
            true
        }
        "w" | "W" => {
            ctx.where_did_i_lose();
            true
        }
        "p" | "P" => {
            ctx.toggle_pause();
            true
        }
        "?" => {
            ctx.dialog.set(OpenDialog::Shortcuts);
            true
        }
        "s" | "S" => {
            ctx.dialog.set(OpenDialog::Settings);
            true
        }
        "m" | "M" => {
            settings::toggle_sound(ctx);
            true
        }
        "Escape" => {
            ctx.cancel_thinking();
            ctx.cancel_selection();
            true
        }
        "ArrowLeft" | "ArrowRight" | "ArrowUp" | "ArrowDown" => move_focus(&key),
        _ => false,
    };
    if handled {
        ev.prevent_default();
    }
}

/// Whether the key press is meant for a text field.
fn typing_in_field(ev: &KeyboardEvent) -> bool {
    let Some(el) = ev.target().and_then(|t| t.dyn_into::<HtmlElement>().ok()) else {
        return false;
    };
    let tag = el.tag_name().to_ascii_lowercase();
    let text_input = tag == "input"
        && !matches!(
            el.get_attribute("type").as_deref(),
            Some("checkbox" | "radio" | "button" | "submit")
        );
    text_input || tag == "textarea" || tag == "select" || el.is_content_editable()
}

/// Moves focus to the nearest navigable element in the arrow's direction.
/// Returns whether the key was used.
fn move_focus(key: &str) -> bool {
    let document = document();
    let candidates = navigable_elements(&document);
    let Some(first) = candidates.first() else {
        return false;
    };
    let active = document.active_element();
    let current = active
        .as_ref()
        .filter(|a| candidates.iter().any(|c| c == *a));
    let Some(current) = current else {
        // From outside the table the arrows enter it.
        focus(first);
        return true;
    };
    let (cx, cy) = centre(current);
    let best = candidates
        .iter()
        .filter(|c| *c != current)
        .filter_map(|c| {
            let (x, y) = centre(c);
            let (dx, dy) = (x - cx, y - cy);
            let (along, across) = match key {
                "ArrowLeft" => (-dx, dy.abs()),
                "ArrowRight" => (dx, dy.abs()),
                "ArrowUp" => (-dy, dx.abs()),
                _ => (dy, dx.abs()),
            };
            (along > 1.0).then_some((along + 2.0 * across, c))
        })
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c.clone());
    if let Some(next) = best {
        focus(&next);
    }
    true
}

fn navigable_elements(document: &web_sys::Document) -> Vec<Element> {
    let Ok(list) = document.query_selector_all(NAVIGABLE) else {
        return Vec::new();
    };
    (0..list.length())
        .filter_map(|i| list.item(i))
        .filter_map(|n| n.dyn_into::<Element>().ok())
        .collect()
}

fn centre(el: &Element) -> (f64, f64) {
    let r = el.get_bounding_client_rect();
    (r.left() + r.width() / 2.0, r.top() + r.height() / 2.0)
}
