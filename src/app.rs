//! The root components: `App` reads storage and the URL and resumes or deals
//! ([`startup`]); `PyramidGame` lays out the table around one round, runs the
//! clock and keeps the round saved.

use std::cell::Cell;
use std::rc::Rc;
use std::time::Duration;

use leptos::prelude::*;
use pyramid_engine::Preset;

use crate::dialogs::{EndDialog, NewDealDialog, ResetStatsDialog, ShortcutsDialog};
use crate::game_context::{new_round_id, random_deal_number, GameContext};
use crate::keyboard::install_shortcuts;
use crate::persist::{RoundRecord, StatsBook};
use crate::pyramid::Pyramid;
use crate::round::{parse_url_request, DealOrigin, Round, UrlRequest};
use crate::stats_panel::StatsPanel;
use crate::status_bar::StatusBar;
use crate::stock_waste::StockWaste;
use crate::storage::{self, StorageError};
use crate::toolbar::Toolbar;

/// How often the clock is brought up to date.
const CLOCK_TICK: Duration = Duration::from_millis(250);

/// How often the running clock alone is saved (moves are saved at once, and
/// the exact clock when the page is hidden or left).
const CLOCK_SAVE_EVERY_MS: u64 = 5_000;

/// The whole application: resumes the saved round, or deals what
/// `?deal=N&rules=ID` asks for, or a random deal.
#[component]
pub fn App() -> impl IntoView {
    let start = startup(&location_search());
    view! {
        <PyramidGame
            round=start.round
            notice=start.notice
            stats=start.stats
            round_unsaved=start.round_unsaved
            stats_unsaved=start.stats_unsaved
        />
    }
}

/// What the page starts with.
pub struct Startup {
    pub round: Round,
    /// The first message for the live region: the deal, and anything that
    /// could not be used (a bad link, unreadable saved data).
    pub notice: String,
    pub stats: StatsBook,
    /// Why the saved round could not be read, if storage failed.
    pub round_unsaved: Option<StorageError>,
    /// Why the statistics could not be read, if storage failed.
    pub stats_unsaved: Option<StorageError>,
}

/// Reads storage and the URL: the saved round is resumed unless the link
/// asks for another deal or rules, in which case a started, unfinished saved
/// round is recorded as abandoned before the asked-for deal is dealt.
pub fn startup(search: &str) -> Startup {
    let request = url_request(search);
    let mut notes = Vec::new();
    if !request.errors.is_empty() {
        let problems: Vec<String> = request.errors.iter().map(ToString::to_string).collect();
        notes.push(format!(
            "The link could not be used as given: {}.",
            problems.join("; ")
        ));
    }
    let (mut stats, mut stats_unsaved) = match storage::load_stats() {
        Ok(loaded) => {
            notes.extend(loaded.notice.map(|n| n.to_string()));
            (loaded.value, None)
        }
        Err(e) => (StatsBook::default(), Some(e)),
    };
    let (saved, round_unsaved) = match storage::load_round() {
        Ok(loaded) => {
            notes.extend(loaded.notice.map(|n| n.to_string()));
            (loaded.value, None)
        }
        Err(e) => (None, Some(e)),
    };

    let resumed = saved.and_then(|(saved, game)| {
        let saved_round = Round::resumed(&saved, game);
        let same_deal = request
            .deal_number
            .is_none_or(|n| saved_round.deal_number == Some(n));
        let same_rules = request.preset.is_none_or(|p| saved_round.preset() == p);
        if same_deal && same_rules {
            return Some(saved_round);
        }
        if !saved_round.is_over() && saved_round.is_started() {
            let record = RoundRecord::abandoned(
                &saved_round.game,
                &saved_round.round_id,
                saved_round.elapsed_ms,
                storage::now_ms(),
            );
            if stats.record(saved_round.preset(), record) {
                match storage::save_stats(&stats) {
                    Ok(loaded) => {
                        stats = loaded.value;
                        notes.extend(loaded.notice.map(|n| n.to_string()));
                    }
                    Err(e) => stats_unsaved = Some(e),
                }
            }
        }
        None
    });

    let round = match resumed {
        Some(round) => {
            notes.insert(0, format!("Resuming {}", deal_words(&round)));
            round
        }
        None => {
            let preset = request.preset.unwrap_or(Preset::Classic);
            let (number, origin) = match request.deal_number {
                Some(n) => (n, DealOrigin::Number),
                None => (random_deal_number(), DealOrigin::Random),
            };
            let round = Round::new(number, preset, new_round_id(), origin);
            notes.insert(0, capitalise_first(&deal_words(&round)));
            round
        }
    };
    Startup {
        round,
        notice: notes.join(" "),
        stats,
        round_unsaved,
        stats_unsaved,
    }
}

/// `deal 42, Classic rules`.
fn deal_words(round: &Round) -> String {
    let number = round
        .deal_number
        .map_or("a custom deal".to_string(), |n| format!("deal {n}"));
    format!("{number}, {} rules.", round.preset().name())
}

fn capitalise_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

fn url_request(search: &str) -> UrlRequest {
    let params = web_sys::UrlSearchParams::new_with_str(search).ok();
    let get = |name: &str| params.as_ref().and_then(|p| p.get(name));
    parse_url_request(get("deal").as_deref(), get("rules").as_deref())
}

fn location_search() -> String {
    window().location().search().unwrap_or_default()
}

/// The table for one round: toolbar, counters, stock and waste, pyramid,
/// statistics and dialogs, all reading the same [`GameContext`]. Saves the
/// round after every change and the statistics at every round's end.
#[component]
pub fn PyramidGame(
    round: Round,
    #[prop(into)] notice: String,
    #[prop(optional)] stats: StatsBook,
    #[prop(optional_no_strip)] round_unsaved: Option<StorageError>,
    #[prop(optional_no_strip)] stats_unsaved: Option<StorageError>,
) -> impl IntoView {
    let ctx = GameContext::new(round, notice, stats);
    ctx.round_unsaved.set(round_unsaved);
    ctx.stats_unsaved.set(stats_unsaved);
    provide_context(ctx);
    install_shortcuts(ctx);
    run_clock(ctx);
    keep_saved(ctx);

    let not_saving = move || ctx.round_unsaved.get().or_else(|| ctx.stats_unsaved.get());

    view! {
        <div class="app" class:four-colour=move || ctx.four_colour.get()>
            <header class="top">
                <h1>"Pyramid Solitaire"</h1>
                <Toolbar />
            </header>
            <main>
                <StatusBar />
                <Show when=move || not_saving().is_some()>
                    <p class="storage-note" data-testid="storage-note">
                        "Progress is not being saved: "
                        {move || not_saving().map(|e| e.to_string()).unwrap_or_default()}
                        "."
                    </p>
                </Show>
                <p class="message" role="status" aria-live="polite" data-testid="message">
                    {move || ctx.message.get()}
                </p>
                <section class="table" aria-label="Table" hidden=move || ctx.paused.get()>
                    <StockWaste />
                    <Pyramid />
                </section>
                <Show when=move || ctx.paused.get()>
                    <div class="paused-panel">
                        <p>"Paused. The clock has stopped."</p>
                        <button type="button" on:click=move |_| ctx.toggle_pause()>"Resume"</button>
                    </div>
                </Show>
                <StatsPanel />
            </main>
            <NewDealDialog />
            <EndDialog />
            <ShortcutsDialog />
            <ResetStatsDialog />
        </div>
    }
}

/// Saves the round after every move, undo and redo, and every few seconds
/// of the clock; saves it exactly when the page is hidden or left, so a
/// reload restores the clock; merges the statistics other tabs write.
fn keep_saved(ctx: GameContext) {
    // What a save depends on, without every tick of the clock.
    let saved_state = Memo::new(move |_| {
        ctx.round.with(|r| {
            (
                r.round_id.clone(),
                r.game.line().len(),
                r.game.move_count(),
                r.game.is_ended_by_player(),
                r.elapsed_ms / CLOCK_SAVE_EVERY_MS,
            )
        })
    });
    Effect::new(move |_| {
        // `get`, not `track`: a memo only follows its sources once it has run.
        let _ = saved_state.get();
        ctx.save_round();
    });
    let pagehide = window_event_listener_untyped("pagehide", move |_| ctx.save_round());
    let visibility = window_event_listener_untyped("visibilitychange", move |_| {
        if document().hidden() {
            ctx.save_round();
        }
    });
    let storage = storage::subscribe_storage_events(move |theirs| {
        ctx.stats.update(|book| book.merge(&theirs));
    });
    on_cleanup(move || {
        pagehide.remove();
        visibility.remove();
        storage.remove();
    });
}

/// Runs the clock: time goes by only while the round is in progress, the
/// game is not paused and the page is visible.
fn run_clock(ctx: GameContext) {
    let last = Rc::new(Cell::new(now_ms()));
    let on_tick = {
        let last = last.clone();
        move || {
            let now = now_ms();
            let delta = now - last.replace(now);
            let running = !ctx.paused.get_untracked()
                && !document().hidden()
                && ctx.round.with_untracked(|r| !r.is_over());
            // A long gap means the timer was throttled (a hidden page); the
            // visibility listener already restarted the count, so skip it.
            if running && (0.0..5_000.0).contains(&delta) {
                ctx.round.update(|r| r.elapsed_ms += delta as u64);
            }
        }
    };
    if let Ok(handle) = set_interval_with_handle(on_tick, CLOCK_TICK) {
        on_cleanup(move || handle.clear());
    }
    let visibility = window_event_listener_untyped("visibilitychange", move |_| {
        last.set(now_ms());
    });
    on_cleanup(move || visibility.remove());
}

fn now_ms() -> f64 {
    window()
        .performance()
        .map_or_else(js_sys::Date::now, |p| p.now())
}
