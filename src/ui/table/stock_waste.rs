//! The stock, the draw slot (draw-card mode), the waste (its top three
//! cards fanned when the stock is turned three at a time), the piles of
//! [`Board::piles`](pyramid_engine::Board::piles) (Giza's eight fanned
//! reserve piles, Apophis's three wastes) and the discard pile: whichever
//! the game on the table has.

use leptos::prelude::*;
use pyramid_engine::{Card, Place, Zone};

use crate::domain::lesson;
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
    // The cards shown are memos, so that a tick of the clock does not build
    // them again; the rest are cheap plain closures.
    let rules = Memo::new(move |_| ctx.table.round.with(|r| r.board().rules()));
    let draw_slot = Memo::new(move |_| ctx.table.round.with(|r| r.board().draw_slot(r.position())));
    // The waste's top card, or its top three with three cards a turn.
    let waste_shown = Memo::new(move |_| {
        ctx.table.round.with(|r| {
            let waste = r.board().waste(r.position());
            let shown = if r.board().rules().turn > 1 { 3 } else { 1 };
            waste[waste.len().saturating_sub(shown)..].to_vec()
        })
    });
    let piles = Memo::new(move |_| ctx.table.round.with(|r| r.board().piles(r.position())));
    let has_stock = move || rules.get().has_stock();
    let one_waste = move || has_stock() && rules.get().wastes == 1;
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
    let waste_len = move || {
        ctx.table
            .round
            .with(|r| r.board().waste(r.position()).len())
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

    view! {
        <div class="stock-waste" role="group" aria-label="Stock and waste">
            <Show when=has_stock>
                <button
                    type="button"
                    class="stock"
                    class:empty=move || stock_count() == 0
                    class:recycle=move || stock_count() == 0 && can_recycle()
                    class:last-move=move || shows_last_move_at(ctx, Place::Stock)
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
            </Show>
            <Show when=move || has_stock() && rules.get().has_draw_slot()>
                <div
                    class="pile draw-pile"
                    class:last-move=move || shows_last_move_at(ctx, Place::Draw)
                >
                    {move || {
                        draw_slot.get()
                            .map(|c| view! { <CardButton card=c zone=Zone::Draw tab_stop=true /> })
                    }}
                </div>
            </Show>
            <Show when=one_waste>
                <div
                    class="pile waste-pile"
                    class:fan=move || { rules.get().turn > 1 }
                    class:stacked=move || { waste_len() > waste_shown.with(Vec::len) }
                    class:last-move=move || shows_last_move_at(ctx, Place::Waste)
                >
                    {move || {
                        let shown = waste_shown.get();
                        let top = shown.len().saturating_sub(1);
                        shown
                            .into_iter()
                            .enumerate()
                            .map(|(i, c)| {
                                view! { <CardButton card=c zone=Zone::Waste tab_stop=i == top /> }
                            })
                            .collect_view()
                    }}
                </div>
            </Show>
            <div class="piles" class:reserve=move || !has_stock()>
                {move || {
                    let reserve = !has_stock();
                    (0..piles.with(|p| p.len()) as u8)
                        .map(|j| view! { <Pile index=j piles=piles reserve=reserve /> })
                        .collect_view()
                }}
            </div>
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

/// Pile `index` of [`Board::piles`](pyramid_engine::Board::piles): a
/// reserve pile of Giza, every card fanned so each is seen, or one of
/// three wastes, its top card shown. Only the top card is available.
#[component]
fn Pile(index: u8, piles: Memo<Vec<Vec<Card>>>, reserve: bool) -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    let cards =
        Memo::new(move |_| piles.with(|p| p.get(usize::from(index)).cloned().unwrap_or_default()));
    let zone = if reserve {
        Zone::Reserve(index)
    } else {
        Zone::Waste
    };
    view! {
        <div
            class="pile"
            class:reserve-pile=reserve
            class:waste-pile=!reserve
            class:stacked=move || { !reserve && cards.with(|c| c.len() > 1) }
            class:last-move=move || shows_last_move_at(ctx, Place::Pile(index))
        >
            {move || {
                let cards = cards.get();
                let top = cards.len().saturating_sub(1);
                let from = if reserve { 0 } else { top };
                cards
                    .into_iter()
                    .enumerate()
                    .skip(from)
                    .map(|(i, c)| {
                        view! { <CardButton card=c zone=zone pile=index tab_stop=i == top /> }
                    })
                    .collect_view()
            }}
        </div>
    }
}
