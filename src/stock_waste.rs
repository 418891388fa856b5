//! The stock, the draw slot (draw-card presets) and the waste.

use leptos::prelude::*;
use pyramid_engine::{StockMode, Zone};

use crate::card_button::{is_stock_move, CardButton};
use crate::game_context::GameContext;

/// The stock pile, then the card just drawn (draw-card mode), then the waste top.
#[component]
pub fn StockWaste() -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    let stock_count = Memo::new(move |_| ctx.round.with(|r| r.board().stock_count(r.position())));
    let can_recycle = Memo::new(move |_| ctx.round.with(|r| r.board().can_recycle(r.position())));
    let draw_card_mode = Memo::new(move |_| {
        ctx.round
            .with(|r| r.board().rules().stock_mode == StockMode::DrawCard)
    });
    let draw_slot = Memo::new(move |_| ctx.round.with(|r| r.board().draw_slot(r.position())));
    let waste_top = Memo::new(move |_| ctx.round.with(|r| r.board().waste_top(r.position())));
    let waste_len = Memo::new(move |_| ctx.round.with(|r| r.board().waste(r.position()).len()));
    let stock_hinted = Memo::new(move |_| is_stock_move(ctx.hinted.get()));
    let stock_label = move || {
        let n = stock_count.get();
        let cards = if n == 1 { "card" } else { "cards" };
        if n == 0 && can_recycle.get() {
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
                class:empty=move || stock_count.get() == 0
                class:recycle=move || stock_count.get() == 0 && can_recycle.get()
                data-zone="stock"
                aria-label=stock_label
                data-hint=move || stock_hinted.get().then_some("true")
                on:click=move |_| ctx.draw_or_recycle()
            >
                <span aria-hidden="true">
                    {move || {
                        let n = stock_count.get();
                        if n > 0 {
                            n.to_string()
                        } else if can_recycle.get() {
                            "\u{21bb}".to_string()
                        } else {
                            String::new()
                        }
                    }}
                </span>
            </button>
            <Show when=move || draw_card_mode.get()>
                <div class="pile draw-pile">
                    {move || {
                        draw_slot.get()
                            .map(|c| view! { <CardButton card=c zone=Zone::Draw tab_stop=true /> })
                    }}
                </div>
            </Show>
            <div class="pile waste-pile" class:stacked=move || { waste_len.get() > 1 }>
                {move || {
                    waste_top.get()
                        .map(|c| view! { <CardButton card=c zone=Zone::Waste tab_stop=true /> })
                }}
            </div>
        </div>
    }
}
