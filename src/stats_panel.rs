//! The results of the current preset.

use leptos::prelude::*;

use crate::game_context::GameContext;
use crate::round::{format_time, PresetStats};

#[component]
pub fn StatsPanel() -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    let preset = Memo::new(move |_| ctx.round.with(|r| r.preset()));
    let stats = Memo::new(move |_| {
        let preset = preset.get();
        ctx.records
            .with(|records| PresetStats::from_records(records, preset))
    });
    let row = move |label: &'static str,
                    value: Box<dyn Fn(&PresetStats) -> String + Send + Sync>| {
        view! {
            <div>
                <dt>{label}</dt>
                <dd>{move || stats.with(|s| value(s))}</dd>
            </div>
        }
    };
    let dash = || "\u{2013}".to_string();
    view! {
        <section class="stats-panel" aria-labelledby="stats-heading">
            <h2 id="stats-heading">
                {move || format!("Statistics: {}", preset.get().name())}
            </h2>
            <dl>
                {row("Played", Box::new(|s| s.played.to_string()))}
                {row("Won", Box::new(|s| s.won.to_string()))}
                {row("Lost", Box::new(|s| s.lost.to_string()))}
                {row("Abandoned", Box::new(|s| s.abandoned.to_string()))}
                {row("Win rate", Box::new(move |s| s.win_rate_percent().map_or_else(dash, |p| format!("{p} %"))))}
                {row("Current streak", Box::new(|s| s.current_streak.to_string()))}
                {row("Best streak", Box::new(|s| s.best_streak.to_string()))}
                {row("Best time", Box::new(move |s| s.best_time_ms.map_or_else(dash, format_time)))}
                {row("Fewest moves", Box::new(move |s| s.fewest_moves.map_or_else(dash, |m| m.to_string())))}
                {row("Best score", Box::new(move |s| s.best_score.map_or_else(dash, |m| m.to_string())))}
            </dl>
        </section>
    }
}
