//! The statistics panel: its heading (the game on the table, or the one
//! the player picked to look at) comes with the table; its figures
//! ([`crate::ui::later::stats_figures`]), charts and buttons with the later
//! module.

use leptos::prelude::*;

use crate::state::context::GameContext;

/// The panel, the heading naming the current preset, and what the later
/// module puts in it (`children`: the figures, the charts and the buttons).
/// They follow the heading, so nothing moves when they arrive, and they
/// are no text block that could be the page's largest paint.
#[component]
pub fn StatsPanel(children: Children) -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    view! {
        <section
            class="stats-panel"
            id="statistics"
            tabindex="-1"
            aria-labelledby="stats-heading"
            data-testid="stats"
        >
            <h2 id="stats-heading">
                {move || {
                    let game = ctx.stats.shown_game(ctx.table.round.with(|r| r.preset()));
                    format!("Statistics: {}", game.name())
                }}
            </h2>
            {children()}
        </section>
    }
}
