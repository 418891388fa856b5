//! The stock, the draw slot (draw-card mode), the waste (its top three
//! cards fanned when the stock is turned three at a time), the piles of
//! [`Board::piles`](pyramid_engine::Board::piles) (Giza's eight fanned
//! reserve piles, Apophis's three wastes) and the discard pile. Every
//! place is on the page in every game, and `hidden` where the game on the
//! table has no such place: the row never changes its shape in code.

use leptos::prelude::*;
use pyramid_engine::rules::RESERVE_PILES;
use pyramid_engine::{Card, Place, Zone};

use crate::domain::lesson;
use crate::domain::round::Round;
use crate::fx::zones::{zone_name, DISCARD};
use crate::state::context::GameContext;
use crate::state::play;
use crate::state::settings::shows_last_move_at;
use crate::ui::table::card_button::{is_stock_move, CardButton};

/// The stock pile, then the card just drawn (draw-card mode), then the
/// waste or the piles, then the discard pile.
#[component]
pub fn StockWaste() -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    let has_stock = move || ctx.table.round.with(|r| r.board().rules().has_stock());
    let stock_count = move || {
        ctx.table
            .round
            .with(|r| r.board().stock_count(r.position()))
    };
    let can_recycle = move || {
        ctx.table
            .round
            .with(|r| r.board().can_recycle(r.position()))
    };
    let stock_hinted = move || is_stock_move(ctx.table.hinted.get());
    let discarded = move || 52 - ctx.table.round.with(|r| r.position().cards_left());
    let stock_label = move || {
        let n = stock_count();
        let cards = if n == 1 { "card" } else { "cards" };
        if n == 0 && can_recycle() {
            "Stock: empty, turn the waste over".to_string()
        } else {
            format!("Stock: {n} {cards}")
        }
    };
    let stacks = [Place::Draw, Place::Waste]
        .into_iter()
        .chain((0..RESERVE_PILES).map(Place::Pile))
        .map(|place| view! { <Stack place=place /> })
        .collect_view();

    view! {
        <div
            class="stock-waste"
            class:reserve=move || !has_stock()
            role="group"
            aria-label=move || if has_stock() { "Stock and waste" } else { "Reserve" }
        >
            <button
                type="button"
                class="stock"
                class:empty=move || stock_count() == 0
                class:recycle=move || stock_count() == 0 && can_recycle()
                class:last-move=move || shows_last_move_at(ctx, Place::Stock)
                hidden=move || !has_stock()
                data-zone=zone_name(Zone::Stock)
                aria-label=stock_label
                data-hint=move || stock_hinted().then_some("true")
                data-lesson=move || is_stock_move(ctx.table.round.with(lesson::taught)).then_some("true")
                on:click=move |_| play::draw_or_recycle(ctx)
            >
                <span aria-hidden="true">
                    {move || {
                        let n = stock_count();
                        if n > 0 {
                            n.to_string()
                        } else if can_recycle() {
                            "\u{21bb}".to_string()
                        } else {
                            String::new()
                        }
                    }}
                </span>
            </button>
            {stacks}
            // Removed cards land here; they are out of play and carry no
            // `data-card`.
            <div
                class="pile discard-pile"
                class:stacked=move || { discarded() > 1 }
                class:empty=move || { discarded() == 0 }
                data-zone=DISCARD
                role="img"
                aria-label=move || {
                    let n = discarded();
                    format!("Discard pile: {n} {}", if n == 1 { "card" } else { "cards" })
                }
            >
                <span aria-hidden="true">{move || match discarded() {
                    0 => String::new(),
                    n => n.to_string(),
                }}</span>
            </div>
        </div>
    }
}

/// What a place shows in the game on the table: its classes, the cards
/// shown (bottom first; the last is its top) and whether more lie under
/// them. `None`: the game has no such place.
fn stack(round: &Round, place: Place) -> Option<(&'static str, Vec<Card>, bool)> {
    let (board, pos) = (round.board(), round.position());
    let rules = board.rules();
    let one_waste = rules.has_stock() && board.pile_count() == 0;
    let (class, cards, shown) = match place {
        Place::Draw if rules.has_stock() && rules.has_draw_slot() => {
            ("draw-pile", board.draw_slot(pos).into_iter().collect(), 1)
        }
        Place::Waste if one_waste && rules.turn > 1 => ("waste-pile fan", board.waste(pos), 3),
        Place::Waste if one_waste => ("waste-pile", board.waste(pos), 1),
        // Giza's reserve piles show every card; the three wastes their tops.
        Place::Pile(j) if j < board.pile_count() => {
            let pile = board.piles(pos).swap_remove(usize::from(j));
            if rules.has_stock() {
                ("waste-pile", pile, 1)
            } else {
                ("reserve-pile", pile, 3)
            }
        }
        _ => return None,
    };
    let under = cards.len().saturating_sub(shown);
    Some((class, cards[under..].to_vec(), under > 0))
}

/// One place of face-up cards (see [`stack`]); only its top card can be
/// available. `assets/pwa.js` copies this row's classes for the next
/// load's frame, less `stacked` and `last-move`: a class of a moment added
/// here belongs in its list too.
#[component]
fn Stack(place: Place) -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    let of = move |r: &Round| stack(r, place);
    view! {
        <div
            class=move || ctx.table.round.with(|r| format!("pile {}", of(r).map_or("", |s| s.0)))
            class:stacked=move || ctx.table.round.with(|r| of(r).is_some_and(|s| s.2))
            class:last-move=move || shows_last_move_at(ctx, place)
            hidden=move || ctx.table.round.with(|r| of(r).is_none())
        >
            {slot(ctx, place, 0)}
            {slot(ctx, place, 1)}
            {slot(ctx, place, 2)}
        </div>
    }
}

/// The `i`th card shown in a place, bottom first, each in a memo of its
/// own like a pyramid slot: a card is built again only when it changes.
fn slot(ctx: GameContext, place: Place, i: usize) -> impl IntoView {
    let card = Memo::new(move |_| {
        ctx.table
            .round
            .with(|r| stack(r, place).and_then(|s| s.1.get(i).copied()))
    });
    move || {
        card.get().map(|c| {
            ctx.table.round.with_untracked(|r| {
                let (board, pos) = (r.board(), r.position());
                let zone = board.zone(pos, c).unwrap_or(Zone::Waste);
                // Its top card, the one available, holds the tab stop.
                let top = Signal::derive(move || {
                    ctx.table
                        .round
                        .with(|r| r.board().is_available(r.position(), c))
                });
                view! { <CardButton card=c zone=zone pile=board.pile_of(pos, c) tab_stop=top /> }
            })
        })
    }
}
