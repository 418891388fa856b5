//! The counters that are always visible: moves, time, pass, stock, score.

use leptos::prelude::*;

use crate::game_context::GameContext;
use crate::round::{format_time, DealOrigin};

#[component]
pub fn StatusBar() -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    let moves = Memo::new(move |_| ctx.round.with(|r| r.game.move_count()));
    let time = Memo::new(move |_| ctx.round.with(|r| format_time(r.elapsed_ms)));
    let pass = Memo::new(move |_| ctx.round.with(|r| r.pass_label()));
    let stock = Memo::new(move |_| ctx.round.with(|r| r.board().stock_count(r.position())));
    let score = Memo::new(move |_| ctx.round.with(|r| r.game.score()));
    let deal = Memo::new(move |_| {
        ctx.round.with(|r| {
            let number = r
                .deal_number
                .map_or("custom".to_string(), |n| n.to_string());
            let daily = if r.origin == DealOrigin::Daily {
                "Daily deal "
            } else {
                "Deal "
            };
            format!("{daily}{number} \u{b7} {}", r.preset().name())
        })
    });

    view! {
        <dl class="status-bar" aria-label="Round">
            <div class="deal-info">
                <dt class="visually-hidden">"Deal"</dt>
                <dd data-testid="deal">{move || deal.get()}</dd>
            </div>
            <div>
                <dt>"Moves"</dt>
                <dd data-testid="moves">{move || moves.get()}</dd>
            </div>
            <div>
                <dt>"Time"</dt>
                <dd data-testid="time">{move || time.get()}</dd>
            </div>
            <div>
                <dt class="visually-hidden">"Pass"</dt>
                <dd data-testid="pass">{move || pass.get()}</dd>
            </div>
            <div>
                <dt>"Stock"</dt>
                <dd data-testid="stock">{move || stock.get()}</dd>
            </div>
            <div>
                <dt>"Score"</dt>
                <dd data-testid="score">{move || score.get()}</dd>
            </div>
        </dl>
    }
}
