//! The results of the current preset, from the persistent
//! [`StatsBook`](crate::persist::StatsBook): the figures of SPEC §5, a strip
//! of the latest rounds and the trend of winning times, and the buttons to
//! reset, export and import the statistics.

use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};

use crate::game_context::{GameContext, OpenDialog};
use crate::persist::{export_stats, PresetStats, RoundEnd, RoundRecord};
use crate::round::format_time;

/// Rounds shown in the strip and the time trend.
pub const RECENT_ROUNDS: usize = 20;

/// The name of the exported file.
pub const EXPORT_FILE_NAME: &str = "pyramid-stats.json";

// The charts' drawing box, in SVG user units.
const CHART_WIDTH: f64 = 200.0;
const STRIP_HEIGHT: f64 = 12.0;
const TREND_HEIGHT: f64 = 40.0;

#[component]
pub fn StatsPanel() -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    let preset = Memo::new(move |_| ctx.round.with(|r| r.preset()));
    let stats = Memo::new(move |_| ctx.stats.with(|b| b.stats(preset.get())));
    let recent = Memo::new(move |_| ctx.stats.with(|b| b.recent(preset.get(), RECENT_ROUNDS)));
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
    let file_input = NodeRef::<leptos::html::Input>::new();
    let on_import = move |ev: leptos::ev::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        let Some(file) = input.files().and_then(|files| files.get(0)) else {
            return;
        };
        // Let the same file be picked again later.
        input.set_value("");
        leptos::task::spawn_local(async move {
            let text = wasm_bindgen_futures::JsFuture::from(file.text()).await;
            match text.ok().and_then(|v| v.as_string()) {
                Some(text) => ctx.import_stats(&text),
                None => ctx
                    .message
                    .set("Could not import: the file could not be read".into()),
            }
        });
    };
    let on_export = move |_| {
        let text = ctx.stats.with_untracked(export_stats);
        match download(EXPORT_FILE_NAME, &text) {
            Ok(()) => ctx
                .message
                .set(format!("Statistics saved as {EXPORT_FILE_NAME}")),
            Err(_) => ctx
                .message
                .set("Could not export: the browser refused the download".into()),
        }
    };

    view! {
        <section class="stats-panel" aria-labelledby="stats-heading" data-testid="stats">
            <h2 id="stats-heading">
                {move || format!("Statistics: {}", preset.get().name())}
            </h2>
            <dl>
                {row("Played", Box::new(|s| s.played.to_string()))}
                {row("Won", Box::new(|s| s.won.to_string()))}
                {row("Lost", Box::new(|s| s.lost.to_string()))}
                {row("Abandoned", Box::new(|s| s.abandoned.to_string()))}
                {row("Win rate", Box::new(move |s| win_rate_text(s).unwrap_or_else(dash)))}
                {row("Current streak", Box::new(|s| s.current_streak.to_string()))}
                {row("Best streak", Box::new(|s| s.best_streak.to_string()))}
                {row("Best time", Box::new(move |s| s.best_time_ms.map_or_else(dash, format_time)))}
                {row("Fewest moves", Box::new(move |s| s.fewest_moves.map_or_else(dash, |m| m.to_string())))}
                {row("Best score", Box::new(move |s| s.best_score.map_or_else(dash, |m| m.to_string())))}
            </dl>
            <RecentCharts recent=recent />
            <div class="stats-actions">
                <button type="button" on:click=move |_| ctx.dialog.set(OpenDialog::ResetStats)>
                    "Reset statistics"
                </button>
                <button type="button" on:click=on_export>"Export"</button>
                <button
                    type="button"
                    on:click=move |_| {
                        if let Some(input) = file_input.get() {
                            input.click();
                        }
                    }
                >
                    "Import"
                </button>
                <input
                    node_ref=file_input
                    type="file"
                    accept="application/json,.json"
                    class="visually-hidden"
                    tabindex="-1"
                    aria-hidden="true"
                    data-testid="import-file"
                    on:change=on_import
                />
            </div>
        </section>
    }
}

/// The strip of the latest rounds and the trend of winning times, each an
/// image whose label says in words what it shows.
#[component]
fn RecentCharts(recent: Memo<Vec<RoundRecord>>) -> impl IntoView {
    let strip = move || {
        recent.with(|rounds| {
            let width = CHART_WIDTH / RECENT_ROUNDS as f64;
            rounds
                .iter()
                .enumerate()
                .map(|(i, r)| {
                    let class = match r.end {
                        RoundEnd::Won => "won",
                        RoundEnd::Lost => "lost",
                        RoundEnd::Abandoned => "abandoned",
                    };
                    view! {
                        <rect
                            class=class
                            x=format!("{:.1}", i as f64 * width + 0.5)
                            y="1"
                            width=format!("{:.1}", width - 1.0)
                            height=format!("{:.1}", STRIP_HEIGHT - 2.0)
                            rx="1.5"
                        />
                    }
                })
                .collect_view()
        })
    };
    let trend = move || recent.with(|rounds| trend_points(rounds));
    view! {
        <Show
            when=move || recent.with(|r| !r.is_empty())
            fallback=|| view! { <p class="stats-empty">"No rounds finished with these rules yet."</p> }
        >
            <div class="stats-charts">
                <svg
                    class="strip"
                    role="img"
                    data-testid="stats-strip"
                    aria-label=move || recent.with(|r| strip_summary(r))
                    viewBox=format!("0 0 {CHART_WIDTH} {STRIP_HEIGHT}")
                    preserveAspectRatio="none"
                >
                    {strip}
                </svg>
                <svg
                    class="trend"
                    role="img"
                    data-testid="stats-trend"
                    aria-label=move || recent.with(|r| trend_summary(r))
                    viewBox=format!("0 0 {CHART_WIDTH} {TREND_HEIGHT}")
                    preserveAspectRatio="none"
                >
                    <polyline points=move || {
                        trend()
                            .iter()
                            .map(|(x, y)| format!("{x:.1},{y:.1}"))
                            .collect::<Vec<_>>()
                            .join(" ")
                    } />
                    {move || {
                        trend()
                            .into_iter()
                            .map(|(x, y)| {
                                view! {
                                    <circle cx=format!("{x:.1}") cy=format!("{y:.1}") r="2" />
                                }
                            })
                            .collect_view()
                    }}
                </svg>
            </div>
        </Show>
    }
}

/// `67 %`, when any round was played.
pub fn win_rate_text(stats: &PresetStats) -> Option<String> {
    (stats.played > 0).then(|| format!("{:.0} %", stats.win_rate * 100.0))
}

/// The strip in words: `Last 5 rounds, oldest first: won, lost, won, won,
/// abandoned. 3 won, 1 lost, 1 abandoned.`
pub fn strip_summary(rounds: &[RoundRecord]) -> String {
    let count = |end| rounds.iter().filter(|r| r.end == end).count();
    let words: Vec<&str> = rounds
        .iter()
        .map(|r| match r.end {
            RoundEnd::Won => "won",
            RoundEnd::Lost => "lost",
            RoundEnd::Abandoned => "abandoned",
        })
        .collect();
    let what = if rounds.len() == 1 {
        "Last round".to_string()
    } else {
        format!("Last {} rounds, oldest first", rounds.len())
    };
    format!(
        "{what}: {}. {} won, {} lost, {} abandoned.",
        words.join(", "),
        count(RoundEnd::Won),
        count(RoundEnd::Lost),
        count(RoundEnd::Abandoned)
    )
}

/// The time trend in words: the time of each win among `rounds`.
pub fn trend_summary(rounds: &[RoundRecord]) -> String {
    let times: Vec<String> = rounds
        .iter()
        .filter(|r| r.end == RoundEnd::Won)
        .map(|r| format_time(r.elapsed_ms))
        .collect();
    match times.len() {
        0 => "Winning times: no wins among the latest rounds.".to_string(),
        1 => format!(
            "Winning time of the one win among the latest rounds: {}.",
            times[0]
        ),
        n => format!(
            "Winning times of the {n} wins among the latest rounds, oldest first: {}.",
            times.join(", ")
        ),
    }
}

/// Where each win among `rounds` is drawn: under its square of the strip
/// across, its time up the chart (the fastest highest, so the line rises as
/// the player gets quicker).
pub fn trend_points(rounds: &[RoundRecord]) -> Vec<(f64, f64)> {
    let wins: Vec<(usize, u64)> = rounds
        .iter()
        .enumerate()
        .filter(|(_, r)| r.end == RoundEnd::Won)
        .map(|(i, r)| (i, r.elapsed_ms))
        .collect();
    let slowest = wins.iter().map(|&(_, t)| t).max().unwrap_or(0);
    let fastest = wins.iter().map(|&(_, t)| t).min().unwrap_or(0);
    let span = (slowest - fastest).max(1) as f64;
    let width = CHART_WIDTH / RECENT_ROUNDS as f64;
    let margin = 4.0;
    wins.into_iter()
        .map(|(i, t)| {
            let x = i as f64 * width + width / 2.0;
            let y = if slowest == fastest {
                TREND_HEIGHT / 2.0
            } else {
                margin + (TREND_HEIGHT - 2.0 * margin) * (t - fastest) as f64 / span
            };
            (x, y)
        })
        .collect()
}

/// Offers `text` as a file download named `name`.
fn download(name: &str, text: &str) -> Result<(), JsValue> {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/json");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)?;
    let anchor: web_sys::HtmlAnchorElement = document().create_element("a")?.unchecked_into();
    anchor.set_href(&url);
    anchor.set_download(name);
    anchor.set_hidden(true);
    document()
        .body()
        .ok_or_else(|| JsValue::from_str("no body"))?
        .append_child(&anchor)?;
    anchor.click();
    anchor.remove();
    // The download has started from the click; the URL may go after a moment.
    set_timeout(
        move || {
            let _ = web_sys::Url::revoke_object_url(&url);
        },
        std::time::Duration::from_secs(5),
    );
    Ok(())
}
