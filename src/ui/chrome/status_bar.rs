//! The counters that are always visible: moves, time, pass, stock, score.

use leptos::prelude::*;

use crate::domain::label::DealLabel;
use crate::domain::round::format_time;
use crate::state::context::GameContext;
use crate::state::context::Grade;

#[component]
pub fn StatusBar() -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    // Plain closures, not memos: each is cheap, and a text node is only
    // written when its value changed.
    let moves = move || ctx.table.round.with(|r| r.game.move_count());
    // The clock's own signal: a tick re-runs this and nothing else.
    let time = move || format_time(ctx.table.elapsed_ms.get());
    let pass = move || ctx.table.round.with(|r| r.pass_label());
    let stock = move || {
        ctx.table
            .round
            .with(|r| r.board().stock_count(r.position()))
    };
    let no_stock = move || !ctx.table.round.with(|r| r.board().rules().has_stock());
    let score = move || ctx.table.round.with(|r| r.game.score());
    let deal = move || ctx.table.round.with(|r| DealLabel::of(r).title());

    let grade = move || match ctx.coach.grade.get() {
        Grade::Known(g) => format!("{g} of 5"),
        Grade::Failed => "\u{2013}".to_string(),
        Grade::Unknown | Grade::Asking => "\u{2026}".to_string(),
    };

    view! {
        <dl class="status-bar" aria-label="Round">
            <div class="deal-info">
                <dt class="visually-hidden">"Deal"</dt>
                <dd data-testid="deal">{deal}</dd>
            </div>
            <div>
                <dt>"Moves"</dt>
                <dd data-testid="moves">{moves}</dd>
            </div>
            <div>
                <dt>"Time"</dt>
                <dd data-testid="time">{time}</dd>
            </div>
            // Giza has no stock, so no passes either.
            <div hidden=no_stock>
                <dt class="visually-hidden">"Pass"</dt>
                <dd data-testid="pass">{pass}</dd>
            </div>
            <div hidden=no_stock>
                <dt>"Stock"</dt>
                <dd data-testid="stock">{stock}</dd>
            </div>
            <div>
                <dt>"Score"</dt>
                <dd data-testid="score">{score}</dd>
            </div>
            <div>
                <dt>"Difficulty"</dt>
                <dd data-testid="grade">{grade}</dd>
            </div>
        </dl>
    }
}
