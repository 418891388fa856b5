//! Motion: cards that travel (FLIP), a deal that flies in, a win that
//! celebrates. All of it is decoration over a round that has already
//! changed: the engine's state moves at once, and the animations follow.
//! Input never waits for one — the next change finishes every animation
//! still running (ghosts removed, classes cleared) before it looks.
//!
//! How a move is shown: [`snapshot`] notes where every card on screen is and
//! which zone every card of the deal is in, before the round changes; after
//! the change, [`animate`] waits for the frame in which the page has
//! updated (before it is painted) and compares:
//! - a card that left the screen and left play flies, as a ghost (a copy
//!   with no name and no `data-card`), to the discard pile; one that went
//!   back to the stock (a recycle) flies to the stock;
//! - a card that came on screen from the stock slides from the stock; one
//!   that came back from the discard pile (undo) slides from there.
//!
//! Everything is CSS transforms and opacity. Motion is off when the root
//! element says `data-motion="off"` (`settings.rs` sets it from the
//! player's Motion choice, System following `prefers-reduced-motion`);
//! then nothing here creates an element or a class, and the stylesheet
//! stops every animation.

use leptos::prelude::*;
use pyramid_engine::{Card, Zone};
use wasm_bindgen::{closure::Closure, JsCast};
use web_sys::{DomRect, Element, HtmlElement};

use crate::round::Round;

/// The class of a ghost: a copy of a card on its way somewhere.
const GHOST: &str = "ghost";
/// Per card of the deal-in, in milliseconds of delay.
const DEAL_STAGGER_MS: u32 = 24;
/// How long a removed card takes to reach the discard pile (the `fly`
/// animation in main.css, plus a frame): what the end-of-round dialog waits.
pub const SETTLE_MS: u64 = 340;

/// Whether the player wants motion: the root's `data-motion`, which
/// `settings.rs` resolves from the player's choice and the system's reduced
/// motion (see the module docs).
pub fn enabled() -> bool {
    document()
        .document_element()
        .and_then(|r| r.get_attribute("data-motion"))
        .as_deref()
        != Some("off")
}

/// Where things were before a change.
pub struct Before {
    /// The cards on screen: a copy of each element and where it was.
    shown: Vec<(Card, Element, DomRect)>,
    /// The zone of every card of the deal (`None`: out of play).
    zones: Vec<Option<Zone>>,
}

/// Ends every animation still running, then notes where things are.
/// `None` when motion is off.
pub fn snapshot(round: &Round) -> Option<Before> {
    finish_all();
    if !enabled() {
        return None;
    }
    let shown = cards_on_screen()
        .into_iter()
        .filter_map(|(card, el)| {
            let copy = el
                .clone_node_with_deep(true)
                .ok()?
                .dyn_into::<Element>()
                .ok()?;
            Some((card, copy, el.get_bounding_client_rect()))
        })
        .collect();
    Some(Before {
        shown,
        zones: zones(round),
    })
}

/// Shows the change from `before` to `round` once the page has drawn it.
pub fn animate(before: Option<Before>, round: &Round) {
    let Some(before) = before else {
        return;
    };
    let after = zones(round);
    request_animation_frame(move || {
        // Every position is read before anything is written: a read after
        // a write would make the browser lay the page out again, once per
        // card.
        let stock = rect_of("[data-zone=stock]");
        let discard = rect_of("[data-zone=discard]");
        let now = cards_on_screen();
        let on_screen = |c: Card| now.iter().any(|(n, _)| *n == c);
        let mut ghosts = Vec::new();
        for (card, copy, from) in &before.shown {
            if on_screen(*card) {
                continue;
            }
            let to = match after[usize::from(card.index())] {
                None => discard.as_ref(),
                Some(Zone::Stock) => stock.as_ref(),
                // Under the waste's new top card: covered, not gone.
                Some(_) => None,
            };
            if let Some(to) = to {
                ghosts.push((copy, from, to));
            }
        }
        let mut arrivals = Vec::new();
        for (card, el) in &now {
            if before.shown.iter().any(|(c, _, _)| c == card) {
                continue;
            }
            let from = match before.zones[usize::from(card.index())] {
                None => discard.as_ref(),
                Some(Zone::Stock) => stock.as_ref(),
                Some(_) => None,
            };
            if let Some(from) = from {
                arrivals.push((el, from, el.get_bounding_client_rect()));
            }
        }
        for (copy, from, to) in ghosts {
            fly_ghost(copy, from, to);
        }
        for (el, from, to) in arrivals {
            arrive(el, from, &to);
        }
    });
}

/// The new round's 28 pyramid cards fly from the stock to their slots in
/// row order, in under a second; any input ends it (see [`finish_all`]).
pub fn deal_in() {
    if !enabled() {
        return;
    }
    request_animation_frame(|| {
        let Some(stock) = rect_of("[data-zone=stock]") else {
            return;
        };
        let cards = document().query_selector_all("[data-zone=pyramid]");
        let Ok(cards) = cards else {
            return;
        };
        // All the reads, then all the writes (see `animate`).
        let placed: Vec<(HtmlElement, DomRect)> = (0..cards.length())
            .filter_map(|i| cards.item(i)?.dyn_into::<HtmlElement>().ok())
            .map(|el| {
                let to = el.get_bounding_client_rect();
                (el, to)
            })
            .collect();
        for ((el, to), i) in placed.into_iter().zip(0u32..) {
            let style = el.style();
            let _ = style.set_property("--fx", &px(stock.x() - to.x()));
            let _ = style.set_property("--fy", &px(stock.y() - to.y()));
            let _ = style.set_property("animation-delay", &format!("{}ms", i * DEAL_STAGGER_MS));
            let _ = el.class_list().add_1("dealt");
        }
    });
}

/// A short shake of cards that do not pair (the reason is in the live region).
pub fn shake(cards: &[Card]) {
    if !enabled() {
        return;
    }
    for card in cards {
        if let Some(el) = card_element(*card) {
            let _ = el.class_list().remove_1("shake");
            // Reading the layout restarts the animation if it was running.
            let _ = el.get_bounding_client_rect();
            let _ = el.class_list().add_1("shake");
        }
    }
}

/// The win: cards leap out of the discard pile and fall across the table
/// until the next input.
pub fn celebrate() {
    if !enabled() {
        return;
    }
    request_animation_frame(|| {
        let Some(from) = rect_of("[data-zone=discard]") else {
            return;
        };
        let width = window()
            .inner_width()
            .ok()
            .and_then(|w| w.as_f64())
            .unwrap_or(800.0);
        let suits = ['\u{2660}', '\u{2665}', '\u{2663}', '\u{2666}'];
        for i in 0..24u32 {
            let el = document().create_element("span").ok();
            let Some(el) = el.and_then(|e| e.dyn_into::<HtmlElement>().ok()) else {
                continue;
            };
            el.set_class_name(if i % 2 == 1 {
                "ghost confetti red"
            } else {
                "ghost confetti"
            });
            let _ = el.set_attribute("aria-hidden", "true");
            el.set_text_content(Some(&suits[(i % 4) as usize].to_string()));
            // Spread the cards across the screen's width, left and right.
            let share = f64::from(i % 12) / 11.0 - 0.5;
            let side = if i < 12 { 1.0 } else { -1.0 };
            let dx = share * width * 0.9 * side;
            let style = el.style();
            let _ = style.set_property("left", &px(from.x()));
            let _ = style.set_property("top", &px(from.y()));
            let _ = style.set_property("width", &px(from.width()));
            let _ = style.set_property("height", &px(from.height()));
            let _ = style.set_property("--dx", &px(dx));
            let _ = style.set_property("animation-delay", &format!("{}ms", i * 90));
            remove_when_done(&el);
            if let Some(body) = document().body() {
                let _ = body.append_child(&el);
            }
        }
    });
}

/// Ends every animation at once: ghosts go, cards stand where they are.
pub fn finish_all() {
    remove_all(&format!(".{GHOST}"));
    for class in ["dealt", "arrive", "shake"] {
        if let Ok(list) = document().query_selector_all(&format!(".{class}")) {
            for i in 0..list.length() {
                if let Some(el) = list.item(i).and_then(|n| n.dyn_into::<Element>().ok()) {
                    let _ = el.class_list().remove_1(class);
                }
            }
        }
    }
}

fn remove_all(selector: &str) {
    if let Ok(list) = document().query_selector_all(selector) {
        for i in 0..list.length() {
            if let Some(el) = list.item(i).and_then(|n| n.dyn_into::<Element>().ok()) {
                el.remove();
            }
        }
    }
}

/// A copy of a card that flies from `from` to `to`, then goes.
fn fly_ghost(copy: &Element, from: &DomRect, to: &DomRect) {
    let Ok(ghost) = copy.clone().dyn_into::<HtmlElement>() else {
        return;
    };
    for name in [
        "data-card",
        "data-zone",
        "data-row",
        "data-col",
        "data-hint",
        "aria-label",
        "aria-pressed",
        "aria-disabled",
        "tabindex",
        "style",
    ] {
        let _ = ghost.remove_attribute(name);
    }
    let _ = ghost.set_attribute("aria-hidden", "true");
    let _ = ghost.set_attribute("inert", "");
    let _ = ghost.class_list().add_1(GHOST);
    let style = ghost.style();
    let _ = style.set_property("left", &px(from.x()));
    let _ = style.set_property("top", &px(from.y()));
    let _ = style.set_property("width", &px(from.width()));
    let _ = style.set_property("height", &px(from.height()));
    let _ = style.set_property("--dx", &px(to.x() - from.x()));
    let _ = style.set_property("--dy", &px(to.y() - from.y()));
    // The scale in thousandths (the stylesheet divides): no float formatting.
    let scale = (to.width() * 1000.0 / from.width().max(1.0)).round() as i64;
    let _ = style.set_property("--s", &scale.to_string());
    remove_when_done(&ghost);
    if let Some(body) = document().body() {
        let _ = body.append_child(&ghost);
    }
}

/// A card that just came on screen at `to` slides in from `from`.
fn arrive(el: &Element, from: &DomRect, to: &DomRect) {
    let Ok(el) = el.clone().dyn_into::<HtmlElement>() else {
        return;
    };
    let style = el.style();
    let _ = style.set_property("--fx", &px(from.x() - to.x()));
    let _ = style.set_property("--fy", &px(from.y() - to.y()));
    let _ = el.class_list().add_1("arrive");
}

fn remove_when_done(el: &HtmlElement) {
    let target = el.clone();
    let done = Closure::once_into_js(move || target.remove());
    let _ = el.add_event_listener_with_callback("animationend", done.unchecked_ref());
}

fn cards_on_screen() -> Vec<(Card, Element)> {
    let Ok(list) = document().query_selector_all("[data-card]") else {
        return Vec::new();
    };
    (0..list.length())
        .filter_map(|i| {
            let el: Element = list.item(i)?.dyn_into().ok()?;
            let card = el.get_attribute("data-card")?.parse().ok()?;
            Some((card, el))
        })
        .collect()
}

fn card_element(card: Card) -> Option<Element> {
    document()
        .query_selector(&format!("[data-card=\"{card}\"]"))
        .ok()
        .flatten()
}

fn rect_of(selector: &str) -> Option<DomRect> {
    Some(
        document()
            .query_selector(selector)
            .ok()??
            .get_bounding_client_rect(),
    )
}

fn zones(round: &Round) -> Vec<Option<Zone>> {
    let (board, pos) = (round.board(), round.position());
    (0..52u8)
        .map(|i| Card::from_index(i).and_then(|c| board.zone(pos, c)))
        .collect()
}

/// CSS pixels, whole: the page formats no floats.
fn px(v: f64) -> String {
    format!("{}px", v.round() as i64)
}
