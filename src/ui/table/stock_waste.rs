//! The stock, the draw slot (draw-card presets) and the waste.

use leptos::prelude::*;
use pyramid_engine::{Place, StockMode, Zone};

use crate::domain::lesson;
use crate::fx::zones::{zone_name, DISCARD};
use crate::state::context::GameContext;
use crate::state::play;
use crate::state::settings::shows_last_move_at;
use crate::ui::table::card_button::{is_stock_move, CardButton};

/// The stock pile, then the card just drawn (draw-card mode), then the waste top.
#[component]
pub fn StockWaste() -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    // The cards shown are memos, so that a tick of the clock does not build
    // them again; the rest are cheap plain closures.
    let draw_slot = Memo::new(move |_| ctx.table.round.with(|r| r.board().draw_slot(r.position())));
    let waste_top = Memo::new(move |_| ctx.table.round.with(|r| r.board().waste_top(r.position())));
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
    let draw_card_mode = move || {
        ctx.table
            .round
            .with(|r| r.board().rules().stock_mode == StockMode::DrawCard)
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
            <Show when=move || draw_card_mode()>
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
            <div
                class="pile waste-pile"
                class:stacked=move || { waste_len() > 1 }
                class:last-move=move || shows_last_move_at(ctx, Place::Waste)
            >
                {move || {
                    waste_top.get()
                        .map(|c| view! { <CardButton card=c zone=Zone::Waste tab_stop=true /> })
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
