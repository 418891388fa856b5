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
//!   drawn from its face, with no name and no `data-card`), to the discard
//!   pile; one that went back to the stock (a recycle) flies to the stock;
//! - a card that came on screen from the stock slides from the stock; one
//!   that came back from the discard pile (undo) slides from there.
//!
//! Everything is transforms and opacity, played with the Web Animations
//! API (see `play` for why not CSS animations started by a class).
//! Motion is off when the root element says `data-motion="off"`
//! (the settings set it from the player's Motion choice, System following
//! `prefers-reduced-motion`); then nothing here creates an element or
//! starts an animation, and the stylesheet stops every CSS transition and
//! animation.

use std::cell::Cell;

use leptos::prelude::*;
use pyramid_engine::{Card, Suit, Zone};
use wasm_bindgen::{closure::Closure, prelude::wasm_bindgen, JsCast, JsValue};
use web_sys::{Animation, DomRect, Element, HtmlElement};

use crate::domain::round::Round;
use crate::fx::faces::{card_class, face_html};
use crate::fx::zones::{DISCARD_SELECTOR, PYRAMID_SELECTOR, PYRAMID_SLOTS, STOCK_SELECTOR};

/// The class of a ghost: a copy of a card on its way somewhere.
const GHOST: &str = "ghost";
/// Per card of the deal-in, in milliseconds of delay.
const DEAL_STAGGER_MS: u32 = 24;
/// How long one card of the deal-in takes to reach its slot.
const DEAL_MS: u32 = 300;
/// How long a card coming on screen takes to slide into place.
const ARRIVE_MS: u32 = 260;
/// How long a ghost takes to reach the discard pile or the stock.
const FLY_MS: u32 = 320;
/// The id of a card's slide (see [`slide_in`]).
const SLIDE: &str = "slide";
/// How long a removed card takes to reach the discard pile (its flight,
/// plus a frame): what the end-of-round dialog waits.
pub const SETTLE_MS: u64 = FLY_MS as u64 + 20;

/// Whether the player wants motion: the root's `data-motion`, which the
/// settings resolve from the player's choice and the system's reduced
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
    /// The cards on screen and where each was.
    shown: Vec<(Card, DomRect)>,
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
    // Positions only: a card that leaves is drawn afresh as its ghost.
    let shown = cards_on_screen()
        .into_iter()
        .map(|(card, el)| (card, el.get_bounding_client_rect()))
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
    let change = SHOWING.with(Cell::get);
    request_animation_frame(move || {
        // A later change (or input) came first: this one's cards already
        // stand where they are, and its ghosts would outlive it.
        if SHOWING.with(Cell::get) != change {
            return;
        }
        // Every position is read before anything is written: a read after
        // a write would make the browser lay the page out again, once per
        // card.
        let stock = rect_of(STOCK_SELECTOR);
        let discard = rect_of(DISCARD_SELECTOR);
        let now = cards_on_screen();
        let on_screen = |c: Card| now.iter().any(|(n, _)| *n == c);
        let mut ghosts = Vec::new();
        for (card, from) in &before.shown {
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
                ghosts.push((*card, from, to));
            }
        }
        let mut arrivals = Vec::new();
        for (card, el) in &now {
            if before.shown.iter().any(|(c, _)| c == card) {
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
        for (card, from, to) in ghosts {
            fly_ghost(card, from, to);
        }
        for (el, from, to) in arrivals {
            arrive(el, from, &to);
        }
    });
}

/// Cards that come on screen together in the deal-in.
const DEAL_STEP: u8 = 7;

thread_local! {
    /// The deal-in under way (the signal of the pyramid cards on screen),
    /// and a number that changes whenever one starts or ends, so that the
    /// steps of an ended deal-in stop.
    static DEALING: Cell<(Option<RwSignal<u8>>, u32)> = const { Cell::new((None, 0)) };
}

/// The new round's 28 pyramid cards fly from the stock (Giza: the discard
/// pile) to their slots in
/// row order, in about a second; any input ends it (see [`finish_all`]).
///
/// The cards come on screen a few at a time, as they are dealt: the page
/// shows the first `shown` pyramid cards, and this raises it by
/// `DEAL_STEP` a step. So the building, the styling and the first paint
/// of the new cards are spread over seven short tasks rather than one long
/// one (on a slow phone, one task for all 28 cards took well over 50 ms).
/// Returns how many cards to show at the start: the first step's with
/// motion on, else all of them.
pub fn deal_in(shown: RwSignal<u8>) -> u8 {
    if !enabled() {
        return PYRAMID_SLOTS;
    }
    let deal = DEALING.with(|d| {
        let deal = d.get().1.wrapping_add(1);
        d.set((Some(shown), deal));
        deal
    });
    deal_step(shown, DEAL_STEP, deal);
    DEAL_STEP
}

/// Once the first `upto` pyramid cards are on screen, sends the ones not
/// yet dealt flying from the stock, then puts the next few on screen as
/// the last of these leaves the stock.
fn deal_step(shown: RwSignal<u8>, upto: u8, deal: u32) {
    request_animation_frame(move || {
        if !dealing(deal) {
            return;
        }
        // From the stock, or the discard pile where there is none (Giza).
        let Some(stock) = rect_of(STOCK_SELECTOR)
            .filter(|r| r.width() > 0.0)
            .or_else(|| rect_of(DISCARD_SELECTOR))
        else {
            finish_deal();
            return;
        };
        let not_dealt = format!("{PYRAMID_SELECTOR}:not(.dealt)");
        let Ok(cards) = document().query_selector_all(&not_dealt) else {
            finish_deal();
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
            let _ = el.class_list().add_1("dealt");
            slide_in(&el, &stock, &to, DEAL_MS, i * DEAL_STAGGER_MS);
        }
        if upto >= PYRAMID_SLOTS {
            DEALING.with(|d| d.set((None, deal)));
            return;
        }
        // Less about a frame: the next cards fly from the frame after the
        // one they are built in.
        let wait = (u32::from(DEAL_STEP) * DEAL_STAGGER_MS).saturating_sub(16);
        set_timeout(
            move || {
                if dealing(deal) {
                    let upto = (upto + DEAL_STEP).min(PYRAMID_SLOTS);
                    shown.set(upto);
                    deal_step(shown, upto, deal);
                }
            },
            std::time::Duration::from_millis(u64::from(wait)),
        );
    });
}

/// Whether deal-in number `deal` is still under way.
fn dealing(deal: u32) -> bool {
    DEALING.with(|d| matches!(d.get(), (Some(_), n) if n == deal))
}

/// Puts every card of a deal-in under way on screen at once.
fn finish_deal() {
    let shown = DEALING.with(|d| {
        let (shown, deal) = d.get();
        d.set((None, deal.wrapping_add(1)));
        shown
    });
    if let Some(shown) = shown {
        shown.set(PYRAMID_SLOTS);
    }
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
    let celebration = CELEBRATION.with(|c| {
        let n = c.get().wrapping_add(1);
        c.set(n);
        n
    });
    // One suit a task, as each leaves the pile (90 ms apart): a slow phone
    // never makes all 24 at once.
    for i in 0..CONFETTI {
        set_timeout(
            move || {
                if CELEBRATION.with(Cell::get) == celebration {
                    throw_suit(i);
                }
            },
            std::time::Duration::from_millis(u64::from(i * CONFETTI_GAP_MS)),
        );
    }
}

/// Suits thrown in a win's celebration.
const CONFETTI: u32 = 24;
/// Between two suits leaving the discard pile.
const CONFETTI_GAP_MS: u32 = 90;

thread_local! {
    /// Changes whenever every animation is ended: a change whose frame
    /// has not come yet by then is not shown at all.
    static SHOWING: Cell<u32> = const { Cell::new(0) };
}

thread_local! {
    /// Changes when a celebration starts or is ended by input: the suits
    /// of an ended one are not thrown.
    static CELEBRATION: Cell<u32> = const { Cell::new(0) };
}

/// Suit `i` of [`CONFETTI`] leaps from the discard pile and falls off the
/// screen, to the right for the first half, to the left for the rest.
fn throw_suit(i: u32) {
    let Some(from) = rect_of(DISCARD_SELECTOR) else {
        return;
    };
    let width = window()
        .inner_width()
        .ok()
        .and_then(|w| w.as_f64())
        .unwrap_or(800.0);
    let Some(el) = new_element("span") else {
        return;
    };
    let suit = Suit::ALL[(i % 4) as usize];
    el.set_class_name(if suit.is_red() {
        "ghost confetti red"
    } else {
        "ghost confetti"
    });
    let _ = el.set_attribute("aria-hidden", "true");
    el.set_text_content(Some(&suit.symbol().to_string()));
    // Spread the suits across the screen's width, left and right.
    let share = f64::from(i % 12) / 11.0 - 0.5;
    let side = if i < CONFETTI / 2 { 1.0 } else { -1.0 };
    let dx = (share * width * 0.9 * side).round() as i64;
    place(&el, &from);
    if let Some(body) = document().body() {
        let _ = body.append_child(&el);
    }
    let keyframes: [&[(&str, &str)]; 3] = [
        &[("transform", "none")],
        &[
            ("offset", "0.3"),
            (
                "transform",
                &format!("translate({}px, -30vh) rotate(90deg)", dx * 2 / 5),
            ),
        ],
        &[(
            "transform",
            &format!("translate({dx}px, 110vh) rotate(400deg)"),
        )],
    ];
    let timing = Timing {
        duration_ms: 1800,
        delay_ms: 0,
        easing: "cubic-bezier(0.3, 0, 0.7, 1)",
        fill: "both",
    };
    if let Some(animation) = play(&el, &keyframes, timing) {
        remove_when_done(&animation, &el);
    }
}

/// Ends every animation at once: ghosts go, cards stand where they are,
/// the deal-in's cards all come on screen.
pub fn finish_all() {
    finish_deal();
    CELEBRATION.with(|c| c.set(c.get().wrapping_add(1)));
    SHOWING.with(|c| c.set(c.get().wrapping_add(1)));
    finish_slides();
    // One query for it all: this runs on every key and press.
    let selector = format!(".{GHOST}, .dealt, .shake");
    let Ok(list) = document().query_selector_all(&selector) else {
        return;
    };
    for i in 0..list.length() {
        let Some(el) = list.item(i).and_then(|n| n.dyn_into::<Element>().ok()) else {
            continue;
        };
        if el.class_list().contains(GHOST) {
            el.remove();
        } else {
            let _ = el.class_list().remove_2("dealt", "shake");
        }
    }
}

/// A copy of `card` (no name, no `data-card`, out of the focus order) that
/// flies from `from` to `to`, then goes.
fn fly_ghost(card: Card, from: &DomRect, to: &DomRect) {
    let Some(ghost) = new_element("div") else {
        return;
    };
    ghost.set_class_name(&format!("{} {GHOST}", card_class(card)));
    ghost.set_inner_html(&face_html(card));
    let _ = ghost.set_attribute("aria-hidden", "true");
    let _ = ghost.set_attribute("inert", "");
    place(&ghost, from);
    if let Some(body) = document().body() {
        let _ = body.append_child(&ghost);
    }
    // The scale in thousandths: the page formats no floats.
    let scale = (to.width() * 1000.0 / from.width().max(1.0))
        .round()
        .max(0.0) as i64;
    let end = format!(
        "translate({}, {}) scale({}.{:03}) rotate(6deg)",
        px(to.x() - from.x()),
        px(to.y() - from.y()),
        scale / 1000,
        scale % 1000
    );
    let keyframes: [&[(&str, &str)]; 2] = [
        &[("transform", "none"), ("opacity", "1")],
        &[("transform", &end), ("opacity", "0.85")],
    ];
    let timing = Timing {
        duration_ms: FLY_MS,
        delay_ms: 0,
        easing: "cubic-bezier(0.3, 0.6, 0.4, 1)",
        fill: "forwards",
    };
    if let Some(animation) = play(&ghost, &keyframes, timing) {
        remove_when_done(&animation, &ghost);
    }
}

/// A new element of the page, not yet in it.
fn new_element(tag: &str) -> Option<HtmlElement> {
    document().create_element(tag).ok()?.dyn_into().ok()
}

/// Puts a ghost (fixed) where `at` is.
fn place(el: &HtmlElement, at: &DomRect) {
    let style = el.style();
    let _ = style.set_property("left", &px(at.x()));
    let _ = style.set_property("top", &px(at.y()));
    let _ = style.set_property("width", &px(at.width()));
    let _ = style.set_property("height", &px(at.height()));
}

/// A card that just came on screen at `to` slides in from `from`.
fn arrive(el: &Element, from: &DomRect, to: &DomRect) {
    slide_in(el, from, to, ARRIVE_MS, 0);
}

#[wasm_bindgen]
extern "C" {
    /// An element, for `Element.animate` (web-sys has it only among its
    /// unstable APIs).
    #[wasm_bindgen(extends = Element)]
    type Animatable;
    #[wasm_bindgen(method)]
    fn animate(this: &Animatable, keyframes: &js_sys::Array, options: &js_sys::Object)
        -> Animation;
}

/// Slides `el`, which stands at `to`, in from `from` after `delay_ms` (it
/// waits at `from`), as an animation named [`SLIDE`].
fn slide_in(el: &Element, from: &DomRect, to: &DomRect, duration_ms: u32, delay_ms: u32) {
    let start = format!(
        "translate({}, {})",
        px(from.x() - to.x()),
        px(from.y() - to.y())
    );
    let keyframes: [&[(&str, &str)]; 2] = [&[("transform", &start)], &[("transform", "none")]];
    let timing = Timing {
        duration_ms,
        delay_ms,
        easing: "cubic-bezier(0.2, 0.7, 0.3, 1)",
        fill: "backwards",
    };
    if let Some(animation) = play(el, &keyframes, timing) {
        animation.set_id(SLIDE);
    }
}

/// When and how an animation plays.
struct Timing {
    duration_ms: u32,
    delay_ms: u32,
    easing: &'static str,
    fill: &'static str,
}

/// Plays `keyframes` (each its properties and their values) on `el` with
/// the Web Animations API. Unlike a CSS animation started by a class (and
/// fed by custom properties), it costs the browser no restyle of the
/// element and what is inside it: at 4x CPU, starting eight cards' CSS
/// animations took 17-24 ms of style work, these 4-6 ms.
fn play(el: &Element, keyframes: &[&[(&str, &str)]], timing: Timing) -> Option<Animation> {
    let set = |o: &js_sys::Object, k: &str, v: &JsValue| js_sys::Reflect::set(o, &k.into(), v).ok();
    let frames = js_sys::Array::new();
    for properties in keyframes {
        let frame = js_sys::Object::new();
        for (k, v) in *properties {
            set(&frame, k, &JsValue::from_str(v))?;
        }
        frames.push(&frame);
    }
    let options = js_sys::Object::new();
    set(&options, "duration", &timing.duration_ms.into())?;
    set(&options, "delay", &timing.delay_ms.into())?;
    set(&options, "easing", &timing.easing.into())?;
    set(&options, "fill", &timing.fill.into())?;
    Some(el.unchecked_ref::<Animatable>().animate(&frames, &options))
}

/// Finishes every slide still running: cards stand in their slots.
fn finish_slides() {
    let all = document().get_animations();
    for i in 0..all.length() {
        let animation: Animation = all.get(i).unchecked_into();
        if animation.id() == SLIDE {
            let _ = animation.finish();
        }
    }
}

/// Removes a ghost once its animation ends.
fn remove_when_done(animation: &Animation, el: &HtmlElement) {
    let target = el.clone();
    let done = Closure::once_into_js(move || target.remove());
    animation.set_onfinish(Some(done.unchecked_ref()));
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
