//! The root components: `App` reads the URL and deals; `PyramidGame` lays out
//! the table around one round and runs the clock.

use std::cell::Cell;
use std::rc::Rc;
use std::time::Duration;

use leptos::prelude::*;
use pyramid_engine::Preset;

use crate::dialogs::{EndDialog, NewDealDialog, ShortcutsDialog};
use crate::game_context::{new_round_id, random_deal_number, GameContext};
use crate::keyboard::install_shortcuts;
use crate::pyramid::Pyramid;
use crate::round::{parse_url_request, DealOrigin, Round};
use crate::stats_panel::StatsPanel;
use crate::status_bar::StatusBar;
use crate::stock_waste::StockWaste;
use crate::toolbar::Toolbar;

/// How often the clock is brought up to date.
const CLOCK_TICK: Duration = Duration::from_millis(250);

/// The whole application: deals what `?deal=N&rules=ID` asks for, or a random deal.
#[component]
pub fn App() -> impl IntoView {
    let (round, notice) = initial_round(&location_search());
    view! { <PyramidGame round=round notice=notice /> }
}

/// The round the URL asks for, and a message about any part of it that was
/// not usable (the rest of the request is still honoured).
pub fn initial_round(search: &str) -> (Round, String) {
    let params = web_sys::UrlSearchParams::new_with_str(search).ok();
    let get = |name: &str| params.as_ref().and_then(|p| p.get(name));
    let deal = get("deal");
    let rules = get("rules");
    let request = parse_url_request(deal.as_deref(), rules.as_deref());
    let preset = request.preset.unwrap_or(Preset::Classic);
    let (number, origin) = match request.deal_number {
        Some(n) => (n, DealOrigin::Number),
        None => (random_deal_number(), DealOrigin::Random),
    };
    let round = Round::new(number, preset, new_round_id(), origin);
    let notice = if request.errors.is_empty() {
        format!("Deal {number}, {} rules", preset.name())
    } else {
        let problems: Vec<String> = request.errors.iter().map(ToString::to_string).collect();
        format!(
            "The link could not be used as given: {}. Dealing deal {number}, {} rules instead.",
            problems.join("; "),
            preset.name()
        )
    };
    (round, notice)
}

fn location_search() -> String {
    window().location().search().unwrap_or_default()
}

/// The table for one round: toolbar, counters, stock and waste, pyramid,
/// statistics and dialogs, all reading the same [`GameContext`].
#[component]
pub fn PyramidGame(round: Round, #[prop(into)] notice: String) -> impl IntoView {
    let ctx = GameContext::new(round, notice);
    provide_context(ctx);
    install_shortcuts(ctx);
    run_clock(ctx);

    // The one place the round is saved after each change. Persistence
    // (src/persist.rs) plugs in here; until then there is nothing to write.
    Effect::new(move |_| {
        ctx.round.track();
    });
    // Finished rounds are reported by `GameContext::record_finish`; their
    // records are here for persistence to keep.
    Effect::new(move |_| {
        ctx.records.track();
    });

    view! {
        <div class="app" class:four-colour=move || ctx.four_colour.get()>
            <header class="top">
                <h1>"Pyramid Solitaire"</h1>
                <Toolbar />
            </header>
            <main>
                <StatusBar />
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
        </div>
    }
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
