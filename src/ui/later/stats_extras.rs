//! The statistics panel's later part: a strip of the latest rounds and the
//! trend of winning times, and the buttons to reset, export and import the
//! statistics.

use leptos::prelude::*;

use crate::domain::persist::{RoundEnd, RoundRecord};
use crate::domain::round::format_time;
use crate::state::context::{GameContext, OpenDialog};
use crate::state::record;

/// Rounds shown in the strip and the time trend.
pub const RECENT_ROUNDS: usize = 20;

// The charts' drawing box, in SVG user units. Coordinates are computed in
// tenths of a unit as integers: the page then carries no float formatting.
const CHART_WIDTH: u64 = 200;
const STRIP_HEIGHT: u64 = 12;
const TREND_HEIGHT: u64 = 40;
/// The width of one round's square in the strip, in tenths of a unit.
const SQUARE_TENTHS: u64 = CHART_WIDTH * 10 / RECENT_ROUNDS as u64;

/// The panel's later part: the charts of the latest rounds and the
/// buttons to reset (through its dialog), export and import.
#[component]
pub fn StatsExtras() -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    let preset = Memo::new(move |_| ctx.stats.shown_game(ctx.table.round.with(|r| r.preset())));
    let recent = Memo::new(move |_| {
        ctx.stats
            .book
            .with(|b| b.recent(preset.get(), RECENT_ROUNDS))
    });
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
                Some(text) => record::import_stats(ctx, &text),
                None => ctx
                    .ui
                    .message
                    .set("Could not import: the file could not be read".into()),
            }
        });
    };
    let on_export = move |_| record::export_stats(ctx);

    view! {
        <RecentCharts recent=recent />
        <div class="stats-actions">
            <button type="button" on:click=move |_| ctx.ui.dialog.set(OpenDialog::ResetStats)>
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
    }
}

/// The strip of the latest rounds and the trend of winning times, each an
/// image whose label says in words what it shows.
#[component]
fn RecentCharts(recent: Memo<Vec<RoundRecord>>) -> impl IntoView {
    let strip = move || {
        recent.with(|rounds| {
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
                            x=tenths(i as u64 * SQUARE_TENTHS + 5)
                            y="1"
                            width=tenths(SQUARE_TENTHS - 10)
                            height=tenths(STRIP_HEIGHT * 10 - 20)
                            rx="1.5"
                        />
                    }
                })
                .collect_view()
        })
    };
    let trend = move || recent.with(|rounds| trend_points(rounds));
    view! {
        <Show when=move || recent.with(|r| !r.is_empty())>
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
                            .map(|&(x, y)| format!("{},{}", tenths(x), tenths(y)))
                            .collect::<Vec<_>>()
                            .join(" ")
                    } />
                    {move || {
                        trend()
                            .into_iter()
                            .map(|(x, y)| {
                                view! {
                                    <circle cx=tenths(x) cy=tenths(y) r="2" />
                                }
                            })
                            .collect_view()
                    }}
                </svg>
            </div>
        </Show>
    }
}

/// `123` tenths as `12.3`.
pub fn tenths(value: u64) -> String {
    format!("{}.{}", value / 10, value % 10)
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
/// the player gets quicker). In tenths of a unit.
pub fn trend_points(rounds: &[RoundRecord]) -> Vec<(u64, u64)> {
    let wins: Vec<(usize, u64)> = rounds
        .iter()
        .enumerate()
        .filter(|(_, r)| r.end == RoundEnd::Won)
        .map(|(i, r)| (i, r.elapsed_ms))
        .collect();
    let slowest = wins.iter().map(|&(_, t)| t).max().unwrap_or(0);
    let fastest = wins.iter().map(|&(_, t)| t).min().unwrap_or(0);
    let span = (slowest - fastest).max(1);
    let margin = 40;
    wins.into_iter()
        .map(|(i, t)| {
            let x = i as u64 * SQUARE_TENTHS + SQUARE_TENTHS / 2;
            let y = if slowest == fastest {
                TREND_HEIGHT * 10 / 2
            } else {
                let height = TREND_HEIGHT * 10 - 2 * margin;
                margin + (u128::from(height) * u128::from(t - fastest) / u128::from(span)) as u64
            };
            (x, y)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(end: RoundEnd, elapsed_ms: u64) -> RoundRecord {
        RoundRecord {
            id: format!("r{elapsed_ms}"),
            end,
            elapsed_ms,
            moves: 30,
            score: 0,
            finished_at_ms: 0,
            assisted: false,
            daily: None,
        }
    }

    #[test]
    fn tenths_print_one_decimal() {
        assert_eq!(tenths(0), "0.0");
        assert_eq!(tenths(5), "0.5");
        assert_eq!(tenths(123), "12.3");
        assert_eq!(tenths(1950), "195.0");
    }

    #[test]
    fn trend_puts_the_fastest_win_highest() {
        let rounds = [
            rec(RoundEnd::Won, 90_000),
            rec(RoundEnd::Lost, 10_000),
            rec(RoundEnd::Won, 30_000),
            rec(RoundEnd::Won, 60_000),
        ];
        // Squares are 10 units wide; wins at squares 0, 2 and 3; y from 4 (fastest) to 36 (slowest).
        assert_eq!(
            trend_points(&rounds),
            vec![(50, 360), (250, 40), (350, 200)]
        );
        // One win, or equal times: the middle of the chart.
        assert_eq!(trend_points(&rounds[..1]), vec![(50, 200)]);
        assert!(trend_points(&rounds[1..2]).is_empty());
        // Every point stays inside the drawing box.
        let last = RECENT_ROUNDS as u64 - 1;
        let many: Vec<_> = (0..=last).map(|i| rec(RoundEnd::Won, i * 7_919)).collect();
        for (x, y) in trend_points(&many) {
            assert!(x < CHART_WIDTH * 10 && (40..=360).contains(&y), "{x},{y}");
        }
    }
}
