//! One face-up card: a `<button>` with words, tapped or dragged onto its
//! partner.
//!
//! The cards carry no listeners of their own: the table listens once for
//! all of them ([`TableInput`], on the `.table` section) and finds the card
//! by its `data-card`. A new deal then replaces 28 buttons without taking
//! down and putting up seven listeners on each (a long task on a slow
//! phone).
//!
//! Dragging uses Pointer Events (mouse, pen and touch alike): `pointerdown`
//! captures the pointer, `pointermove` moves the card with a transform, and
//! `pointerup` looks under the pointer with `document.elementFromPoint` for the
//! card it was dropped on. A drop anywhere else, or `pointercancel`, puts the
//! card back without changing anything.

use leptos::prelude::*;
use pyramid_engine::{Card, Move, Zone};
use wasm_bindgen::JsCast;
use web_sys::HtmlElement;

use crate::domain::lesson;
use crate::domain::round::{card_code, card_face};
use crate::fx::faces::{card_class, face_html};
use crate::fx::zones::zone_name;
use crate::state::context::GameContext;
use crate::state::play;

/// Pointer travel, in CSS pixels, before a press becomes a drag.
const DRAG_THRESHOLD: i64 = 6;

/// Whether a pointer moved `(dx, dy)` pixels has travelled far enough to drag.
fn beyond_threshold(dx: i32, dy: i32) -> bool {
    let (dx, dy) = (i64::from(dx), i64::from(dy));
    dx * dx + dy * dy >= DRAG_THRESHOLD * DRAG_THRESHOLD
}

/// A drag in progress (or just finished, until its click has been swallowed).
#[derive(Clone, Debug, Default)]
struct DragState {
    /// The card pressed and its button.
    card: Option<(Card, HtmlElement)>,
    pointer_id: Option<i32>,
    // Client coordinates are whole CSS pixels (`MouseEvent.clientX`), so the
    // page never formats a float.
    start_x: i32,
    start_y: i32,
    moved: bool,
    /// The click that follows a drag's (or a touch tap's) `pointerup` must not
    /// count as a tap: clicks before this time (by the events' own
    /// `timeStamp`) are ignored.
    swallow_until: f64,
}

/// A face-up card. `tab_stop` says whether it holds its pile's tab stop;
/// `pile` is its pile of [`Board::piles`](pyramid_engine::Board::piles).
/// Its input is the table's ([`TableInput`]).
#[component]
pub fn CardButton(
    card: Card,
    zone: Zone,
    #[prop(optional)] row_col: Option<(u8, u8)>,
    #[prop(default = None)] pile: Option<u8>,
    #[prop(into)] tab_stop: Signal<bool>,
) -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    // Plain closures, not memos: each is cheap, and an attribute is only
    // written when its value changed.
    let available = move || ctx.table.round.with(|r| r.selectable(card));
    let selected = move || ctx.table.selected.get() == Some(card);
    let hinted = move || {
        ctx.table
            .hinted
            .get()
            .is_some_and(|m| m.removed_cards().any(|c| c == card))
    };
    // The card the guided first round asks for now.
    let taught = move || {
        ctx.table
            .round
            .with(lesson::taught)
            .is_some_and(|m| m.removed_cards().any(|c| c == card))
    };

    view! {
        <button
            type="button"
            class=card_class(card)
            class:available=available
            class:selected=selected
            data-card=card_code(card)
            data-zone=zone_name(zone)
            data-row=row_col.map(|(r, _)| r.to_string())
            data-col=row_col.map(|(_, c)| c.to_string())
            data-pile=pile.map(|p| p.to_string())
            aria-label=format!("{}, {}", card_face(card), card.name())
            aria-disabled=move || (!available()).then_some("true")
            aria-pressed=move || if selected() { "true" } else { "false" }
            data-hint=move || hinted().then_some("true")
            data-lesson=move || taught().then_some("true")
            tabindex=move || if tab_stop.get() { "0" } else { "-1" }
            inner_html=face_html(card)
        ></button>
    }
}

/// The table's input for every card on it: taps, drags and focus, listened
/// to once on the table and sent to the card under the event.
#[derive(Clone, Copy)]
pub struct TableInput {
    ctx: GameContext,
    drag: StoredValue<DragState>,
}

impl TableInput {
    pub fn new(ctx: GameContext) -> TableInput {
        TableInput {
            ctx,
            drag: StoredValue::new(DragState::default()),
        }
    }

    fn available(&self, card: Card) -> bool {
        self.ctx.table.round.with_untracked(|r| r.selectable(card))
    }

    /// A mouse press on a card does not focus it (the browser's default):
    /// a card often leaves the page with the press's click, and taking a
    /// focused element out of the page, then focusing another, made the
    /// pair's removal a long task on a slow phone. Keyboard focus is
    /// untouched; a focus left outside the table (a toolbar button) is let
    /// go, so Enter or Space cannot press that button again by surprise.
    pub fn mouse_down(&self, ev: web_sys::MouseEvent) {
        if card_of(&ev).is_none() {
            return;
        }
        ev.prevent_default();
        let table = ev
            .current_target()
            .and_then(|t| t.dyn_into::<web_sys::Node>().ok());
        if let Some(active) = document().active_element() {
            if !table.is_some_and(|t| t.contains(Some(&active))) {
                if let Ok(active) = active.dyn_into::<HtmlElement>() {
                    let _ = active.blur();
                }
            }
        }
    }

    pub fn pointer_down(&self, ev: web_sys::PointerEvent) {
        let Some((card, el)) = card_of(&ev) else {
            return;
        };
        if !self.available(card) || ev.button() != 0 || self.ctx.table.paused.get_untracked() {
            return;
        }
        let _ = el.set_pointer_capture(ev.pointer_id());
        self.drag.set_value(DragState {
            card: Some((card, el)),
            pointer_id: Some(ev.pointer_id()),
            start_x: ev.client_x(),
            start_y: ev.client_y(),
            moved: false,
            swallow_until: 0.0,
        });
    }

    pub fn pointer_move(&self, ev: web_sys::PointerEvent) {
        let Some(state) = self
            .drag
            .with_value(|d| (d.pointer_id == Some(ev.pointer_id())).then(|| d.clone()))
        else {
            return;
        };
        let dx = ev.client_x().saturating_sub(state.start_x);
        let dy = ev.client_y().saturating_sub(state.start_y);
        if !state.moved && !beyond_threshold(dx, dy) {
            return;
        }
        self.drag.update_value(|d| d.moved = true);
        if let Some((_, el)) = state.card {
            let _ = el.class_list().add_1("dragging");
            let _ = el
                .style()
                .set_property("transform", &format!("translate({dx}px, {dy}px)"));
        }
    }

    pub fn pointer_up(&self, ev: web_sys::PointerEvent) {
        self.finish_drag(&ev, true);
    }

    pub fn pointer_cancel(&self, ev: web_sys::PointerEvent) {
        self.finish_drag(&ev, false);
    }

    fn finish_drag(&self, ev: &web_sys::PointerEvent, dropped: bool) {
        let state = self.drag.with_value(|d| d.clone());
        let (Some((card, el)), true) = (state.card, state.pointer_id == Some(ev.pointer_id()))
        else {
            return;
        };
        // A drag is judged by where the pointer was let go, not only by the
        // moves seen on the way: the browser may coalesce the last
        // `pointermove` into the `pointerup`.
        let dx = ev.client_x().saturating_sub(state.start_x);
        let dy = ev.client_y().saturating_sub(state.start_y);
        let moved = state.moved || beyond_threshold(dx, dy);
        // Find the card under the pointer, other than the dragged one (which
        // follows the pointer), before the card snaps back.
        let target = (dropped && moved)
            .then(|| card_at(ev.client_x(), ev.client_y(), card))
            .flatten();
        let _ = el.class_list().remove_1("dragging");
        let _ = el.style().remove_property("transform");
        if el.has_pointer_capture(ev.pointer_id()) {
            let _ = el.release_pointer_capture(ev.pointer_id());
        }
        // A touch tap is taken on `pointerup`: a slow tap may never become a
        // click (the browser sees a long press), and the click that does
        // follow is swallowed.
        let touch_tap = dropped && !moved && ev.pointer_type() == "touch";
        self.drag.set_value(DragState {
            swallow_until: if moved || touch_tap {
                ev.time_stamp() + 1_000.0
            } else {
                0.0
            },
            ..DragState::default()
        });
        if let Some(target) = target {
            play::drop_on(self.ctx, card, target);
        } else if touch_tap {
            play::tap(self.ctx, card);
        }
    }

    pub fn click(&self, ev: web_sys::MouseEvent) {
        let Some((card, _)) = card_of(&ev) else {
            return;
        };
        if self.drag.with_value(|d| ev.time_stamp() < d.swallow_until) {
            self.drag.update_value(|d| d.swallow_until = 0.0);
            return;
        }
        play::tap(self.ctx, card);
    }

    /// A pyramid card that takes the focus takes the pyramid's tab stop.
    pub fn focus_in(&self, ev: web_sys::FocusEvent) {
        if let Some((card, el)) = card_of(&ev) {
            if el.get_attribute("data-zone").as_deref() == Some(zone_name(Zone::Pyramid)) {
                self.ctx.table.roving.set(Some(card));
            }
        }
    }
}

/// The card an event happened on (or inside), and its button.
fn card_of(ev: &web_sys::Event) -> Option<(Card, HtmlElement)> {
    let target: web_sys::Element = ev.target()?.dyn_into().ok()?;
    let el = target.closest("[data-card]").ok()??;
    let card = el.get_attribute("data-card")?.parse().ok()?;
    Some((card, el.dyn_into().ok()?))
}

/// Whether `m` is a hinted draw or recycle (the stock lights up for it).
pub fn is_stock_move(m: Option<Move>) -> bool {
    matches!(m, Some(Move::Draw | Move::Recycle))
}

/// The topmost card under the point `(x, y)` other than `dragged`, if any.
fn card_at(x: i32, y: i32, dragged: Card) -> Option<Card> {
    let under = document().elements_from_point(x as f32, y as f32);
    under.iter().find_map(|el| {
        let el: web_sys::Element = el.dyn_into().ok()?;
        let card: Card = el
            .closest("[data-card]")
            .ok()??
            .get_attribute("data-card")?
            .parse()
            .ok()?;
        (card != dragged).then_some(card)
    })
}
