//! The statistics panel's figures for the game on the table (or another
//! the player picks from those with rounds), from the
//! persistent [`StatsBook`](crate::domain::persist::StatsBook): the
//! figures of SPEC §5. They come with the later module, after the table
//! and before the charts and buttons ([`super::stats_extras`]).

use leptos::prelude::*;

use pyramid_engine::Preset;

use crate::domain::persist::PresetStats;
use crate::domain::round::format_time;
use crate::state::context::GameContext;

/// The figures, and a line when no round was finished with these rules.
/// They follow the panel's heading, so nothing above them moves when they
/// arrive.
#[component]
pub fn StatsFigures() -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    let table = Memo::new(move |_| ctx.table.round.with(|r| r.preset()));
    // A new game on the table is the one shown again.
    Effect::new(move |was: Option<Preset>| {
        let now = table.get();
        if was.is_some_and(|was| was != now) {
            ctx.stats.shown.set(None);
        }
        now
    });
    let preset = Memo::new(move |_| ctx.stats.shown_game(table.get()));
    let stats = Memo::new(move |_| ctx.stats.book.with(|b| b.stats(preset.get())));
    // The games to pick from: the table's, and every game with rounds.
    let games = move || {
        let mut games: Vec<Preset> = ctx.stats.book.with(|b| b.games().collect());
        for p in [table.get(), preset.get()] {
            if !games.contains(&p) {
                games.push(p);
            }
        }
        games.sort();
        games
    };
    let picker = move || {
        let games = games();
        (games.len() > 1).then(|| {
            let options = games
                .into_iter()
                .map(|p| {
                    view! { <option value=p.id() selected=preset.get_untracked() == p>{p.name()}</option> }
                })
                .collect_view();
            view! {
                <label class="stats-game">
                    "Game "
                    <select on:change=move |ev| {
                        if let Ok(p) = event_target_value(&ev).parse::<Preset>() {
                            ctx.stats.shown.set((p != table.get_untracked()).then_some(p));
                        }
                    }>
                        {options}
                    </select>
                </label>
            }
        })
    };
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
        {picker}
        <dl>
            {row("Played", Box::new(|s| s.played.to_string()))}
            {row("Won", Box::new(|s| s.won.to_string()))}
            {row("Clean wins", Box::new(|s| s.clean_wins.to_string()))}
            {row("Lost", Box::new(|s| s.lost.to_string()))}
            {row("Abandoned", Box::new(|s| s.abandoned.to_string()))}
            {row("Win rate", Box::new(move |s| win_rate_text(s).unwrap_or_else(dash)))}
            {row("Current streak", Box::new(|s| s.current_streak.to_string()))}
            {row("Best streak", Box::new(|s| s.best_streak.to_string()))}
            {row("Best time", Box::new(move |s| s.best_time_ms.map_or_else(dash, format_time)))}
            {row("Fewest moves", Box::new(move |s| s.fewest_moves.map_or_else(dash, |m| m.to_string())))}
            {row("Best score", Box::new(move |s| s.best_score.map_or_else(dash, |m| m.to_string())))}
        </dl>
        <Show when=move || stats.with(|s| s.played == 0)>
            <p class="stats-empty">"No rounds finished with these rules yet."</p>
        </Show>
    }
}

/// `67 %`, when any round was played.
pub fn win_rate_text(stats: &PresetStats) -> Option<String> {
    stats.win_rate_percent().map(|p| format!("{p} %"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rate(won: u32, played: u32) -> Option<String> {
        win_rate_text(&PresetStats {
            won,
            played,
            ..PresetStats::default()
        })
    }

    #[test]
    fn win_rate_rounds_half_up() {
        assert_eq!(rate(0, 0), None);
        assert_eq!(rate(0, 3).as_deref(), Some("0 %"));
        assert_eq!(rate(2, 3).as_deref(), Some("67 %"));
        assert_eq!(rate(1, 8).as_deref(), Some("13 %"));
        assert_eq!(rate(1, 200).as_deref(), Some("1 %"));
        assert_eq!(rate(1, 201).as_deref(), Some("0 %"));
        assert_eq!(rate(7, 7).as_deref(), Some("100 %"));
        assert_eq!(rate(u32::MAX - 1, u32::MAX).as_deref(), Some("100 %"));
    }
}
