//! The root: [`start`] finds out which rounds other tabs are playing, then
//! mounts [`App`], which reads storage and the URL and resumes or deals
//! ([`startup`]); [`PyramidGame`] lays out the table around one round, runs
//! the clock and keeps the round saved.

use std::cell::Cell;
use std::collections::HashSet;
use std::rc::Rc;
use std::time::Duration;

use leptos::prelude::*;
use pyramid_engine::{Preset, Status};

use crate::domain::persist::StatsBook;
use crate::domain::round::{capitalise, parse_url_request, DealOrigin, Round, UrlRequest};
use crate::platform;
use crate::platform::storage::{self, Notice, StoredRound};
use crate::platform::tabs;
use crate::solver;
use crate::state::context::GameContext;
use crate::state::statistics::Statistics;
use crate::ui::chrome::keyboard::install_shortcuts;
use crate::ui::chrome::stats_panel::StatsPanel;
use crate::ui::chrome::status_bar::StatusBar;
use crate::ui::chrome::toolbar::Toolbar;
use crate::ui::later;
use crate::ui::later::settings;
use crate::ui::later::share::install_challenge;
use crate::ui::table::card_button::TableInput;
use crate::ui::table::pyramid::Pyramid;
use crate::ui::table::stock_waste::StockWaste;

/// How often the clock is brought up to date.
const CLOCK_TICK: Duration = Duration::from_millis(250);

/// How often the running clock alone is saved (moves are saved at once, and
/// the exact clock when the page is hidden or left).
const CLOCK_SAVE_EVERY_MS: u64 = 5_000;

/// How long a reloaded tab waits for its own round's lock, which the page
/// it replaces may not have let go of yet, before it takes the round to be
/// another tab's (a duplicated tab). A busy phone can take a while to tear
/// the old page down; only a duplicated tab waits this long in full.
const RELOAD_LOCK_WAIT_MS: u32 = 1_500;

/// When the solver's workers start: the task after the board is mounted,
/// so the board is interactive first and a quick first hint need not wait
/// for the worker to load.
const WORKER_WARM_UP: Duration = Duration::ZERO;

/// Mounts the game once it knows which rounds other open tabs are playing.
pub async fn start() {
    // The theme and the other settings apply before anything is drawn.
    settings::apply_stored();
    let mut own = tabs::tab_round_id();
    if let Some(id) = &own {
        // A reload: the page it replaces lets go of the round as it unloads.
        if !tabs::hold_waiting(id, RELOAD_LOCK_WAIT_MS).await {
            // Still taken: a duplicated tab, whose original plays it.
            own = None;
        }
    }
    let mut held = tabs::held_round_ids().await;
    if let Some(id) = &own {
        held.remove(id);
    }
    leptos::mount::mount_to_body(move || view! { <App own=own held=held /> });
}

/// The whole application: resumes this tab's round, or the most recent
/// round no other tab is playing, or deals what `?deal=N&rules=ID` asks
/// for, or a random deal.
#[component]
pub fn App(own: Option<String>, held: HashSet<String>) -> impl IntoView {
    let start = startup(&location_search(), own.as_deref(), &held);
    // Storage that cannot be reached shows at the first save, just below.
    let stats = Statistics::new(start.stats);
    let ctx = GameContext::new(start.round, start.elapsed_ms, start.notice, stats);
    ctx.show_notices(&start.notices);
    let (saved_settings, notices) = settings::load();
    ctx.settings.set(saved_settings);
    ctx.show_notices(&notices);
    install_challenge(&location_search(), ctx);
    // Rounds this tab leaves or finds finished are recorded before play
    // starts: its own round when a link asks for another deal, and the
    // finished rounds of tabs that closed.
    for (round, elapsed) in &start.to_close {
        let notices = stats.close_round(round, *elapsed, true);
        ctx.show_notices(&notices);
        let _ = storage::remove_round(&round.round_id);
    }
    let id = ctx.round.with_untracked(|r| {
        platform::show_deal_in_address(r.deal_number, r.preset());
        r.round_id.clone()
    });
    ctx.save_round();
    tabs::set_tab_round_id(&id);
    leptos::task::spawn_local(async move {
        // Another new tab may have taken the same round a moment ago: then
        // it is theirs, and this tab deals afresh (their round is not ours
        // to record).
        if !tabs::hold(&id).await {
            let preset = ctx.round.with_untracked(|r| r.preset());
            ctx.deal(Round::new(
                platform::random_deal_number(),
                preset,
                platform::new_round_id(),
                DealOrigin::Random,
            ));
            ctx.add_message("That round is open in another tab; here is a new deal.");
        }
    });
    // The solver's worker loads once the board is up, so its code is not
    // part of the first load and the first hint does not wait for it.
    set_timeout(
        move || {
            solver::warm_up();
            ctx.ensure_grade();
        },
        WORKER_WARM_UP,
    );
    view! { <PyramidGame ctx=ctx /> }
}

/// What the page starts with.
pub struct Startup {
    pub round: Round,
    /// The round's clock.
    pub elapsed_ms: u64,
    /// The first message for the live region: the deal, and a link that
    /// could not be used as given.
    pub notice: String,
    /// Unreadable saved data that was set aside: shown as banners.
    pub notices: Vec<Notice>,
    pub stats: StatsBook,
    /// Saved rounds to record (if finished, or started and left) and forget.
    pub to_close: Vec<(Round, u64)>,
}

/// Reads storage and the URL and picks the round, given this tab's round
/// before a reload (`own`) and the rounds other tabs hold (`held`):
/// - this tab's own round is resumed, unless the link asks for another deal
///   or rules: then the player has left it, and it is closed (recorded as
///   abandoned if it was started);
/// - a new tab deals what the link asks for, or resumes the most recently
///   saved unfinished round that no open tab plays, or deals at random;
/// - finished rounds that no open tab shows are closed (recorded, once).
///
/// Other tabs' rounds are never closed.
pub fn startup(search: &str, own: Option<&str>, held: &HashSet<String>) -> Startup {
    let request = url_request(search);
    let mut notes = Vec::new();
    let mut notices = Vec::new();
    if !request.errors.is_empty() {
        let problems: Vec<String> = request.errors.iter().map(ToString::to_string).collect();
        notes.push(format!(
            "The link could not be used as given: {}.",
            problems.join("; ")
        ));
    }
    let stats = match storage::load_stats() {
        Ok(loaded) => {
            notices.extend(loaded.notices);
            loaded.value
        }
        Err(_) => StatsBook::default(),
    };
    let saved = match storage::load_rounds() {
        Ok(loaded) => {
            notices.extend(loaded.notices);
            loaded.value
        }
        Err(_) => Vec::new(),
    };
    let choice = choose_round(saved, &request, own, held);

    let (round, elapsed_ms) = match choice.resume {
        Some((round, elapsed)) => {
            notes.insert(0, format!("Resuming {}", deal_words(&round)));
            (round, elapsed)
        }
        None => {
            let preset = request.preset.unwrap_or(Preset::Classic);
            let (number, origin) = match request.deal_number {
                Some(n) => (n, DealOrigin::Number),
                None => (platform::random_deal_number(), DealOrigin::Random),
            };
            let round = Round::new(number, preset, platform::new_round_id(), origin);
            notes.insert(0, capitalise(&deal_words(&round)));
            (round, 0)
        }
    };
    Startup {
        round,
        elapsed_ms,
        notice: notes.join(" "),
        notices,
        stats,
        to_close: choice.to_close,
    }
}

/// Which saved round a tab resumes, and which it closes.
#[derive(Default)]
struct RoundChoice {
    resume: Option<(Round, u64)>,
    to_close: Vec<(Round, u64)>,
}

fn choose_round(
    saved: Vec<StoredRound>,
    request: &UrlRequest,
    own: Option<&str>,
    held: &HashSet<String>,
) -> RoundChoice {
    let mut choice = RoundChoice::default();
    let mut free = Vec::new();
    for (saved, game) in saved {
        if held.contains(&saved.round_id) {
            continue;
        }
        let elapsed = saved.elapsed_ms;
        let saved_at = saved.saved_at_ms;
        let round = Round::resumed(&saved, game);
        if own == Some(round.round_id.as_str()) {
            let same_deal = request
                .deal_number
                .is_none_or(|n| round.deal_number == Some(n));
            let same_rules = request.preset.is_none_or(|p| round.preset() == p);
            if same_deal && same_rules {
                choice.resume = Some((round, elapsed));
            } else {
                choice.to_close.push((round, elapsed));
            }
        } else if round.is_over() {
            choice.to_close.push((round, elapsed));
        } else {
            free.push((saved_at, round, elapsed));
        }
    }
    let asks_for_a_deal = request.deal_number.is_some() || request.preset.is_some();
    if choice.resume.is_none() && !asks_for_a_deal {
        // The latest saved (a sort would cost the page a sort's code).
        choice.resume = free
            .into_iter()
            .max_by(|(a_at, a, _), (b_at, b, _)| (a_at, &a.round_id).cmp(&(b_at, &b.round_id)))
            .map(|(_, round, elapsed)| (round, elapsed));
    }
    choice
}

/// `deal 42, Classic rules`.
fn deal_words(round: &Round) -> String {
    let number = round
        .deal_number
        .map_or("a custom deal".to_string(), |n| format!("deal {n}"));
    format!("{number}, {} rules.", round.preset().name())
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
/// statistics and dialogs, all reading the same [`GameContext`].
#[component]
pub fn PyramidGame(ctx: GameContext) -> impl IntoView {
    provide_context(ctx);
    install_shortcuts(ctx);
    settings::install(ctx);
    run_clock(ctx);
    keep_saved(ctx);
    finish_motion_on_input();

    let input = TableInput::new(ctx);
    // The dialogs, the statistics' charts and buttons, the banners and the
    // solver's client: fetched once the table is on screen (later.rs).
    let later = later::load();

    view! {
        <div
            class="app"
            data-round=move || ctx.round.with(|r| r.round_id.clone())
        >
            <header class="top">
                <h1>"Pyramid Solitaire"</h1>
                <Toolbar />
            </header>
            <main>
                <StatusBar />
                <Show when=move || ctx.stats.unsaved().is_some()>
                    // What waits, and the export, come with the later
                    // module's banners (ui/later/unsaved.rs).
                    <p class="storage-note" data-testid="storage-note">
                        "Progress is not being saved: "
                        {move || ctx.stats.unsaved().map(|e| e.to_string()).unwrap_or_default()}
                        "."
                    </p>
                </Show>
                <p class="message" role="status" aria-live="polite" data-testid="message">
                    {move || ctx.message.get()}
                </p>
                {move || later.get().map(|parts| (parts.banners)())}
                // Shown only once a search has taken a moment (see the CSS).
                <Show when=move || ctx.thinking.get().is_some()>
                    <div class="thinking" data-testid="thinking">
                        <span class="spinner" aria-hidden="true"></span>
                        <span>{move || ctx.thinking.get().unwrap_or_default()} "\u{2026}"</span>
                        <button type="button" on:click=move |_| ctx.cancel_thinking()>
                            "Cancel"
                        </button>
                    </div>
                </Show>
                {move || later.get().map(|parts| (parts.replay)())}
                <section
                    class="table"
                    class:lost=move || ctx.round.with(|r| matches!(r.status(), Status::Lost(_)))
                    aria-label="Table"
                    hidden=move || ctx.paused.get()
                    // Every card's input, listened to once (see card_button.rs).
                    on:click=move |ev| input.click(ev)
                    on:focusin=move |ev| input.focus_in(ev)
                    on:pointerdown=move |ev| input.pointer_down(ev)
                    on:pointermove=move |ev| input.pointer_move(ev)
                    on:pointerup=move |ev| input.pointer_up(ev)
                    on:pointercancel=move |ev| input.pointer_cancel(ev)
                    // Never the browser's own drag and drop: it would cancel ours.
                    on:dragstart=|ev: web_sys::DragEvent| ev.prevent_default()
                    on:mousedown=move |ev| input.mouse_down(ev)
                >
                    <StockWaste />
                    <Pyramid />
                </section>
                <Show when=move || ctx.paused.get()>
                    <div class="paused-panel">
                        <p>"Paused. The clock has stopped."</p>
                        <button type="button" on:click=move |_| ctx.toggle_pause()>"Resume"</button>
                    </div>
                </Show>
                <StatsPanel extras=Signal::derive(move || later.get().map(|parts| parts.stats_extras)) />
            </main>
            {move || later.get().map(|parts| (parts.dialogs)())}
        </div>
    }
}

/// Any key or press ends the animations still running (the deal-in, the
/// win's celebration): input never waits for motion. Listened to in the
/// capture phase, so that the action the input starts animates afresh.
fn finish_motion_on_input() {
    let finish = wasm_bindgen::closure::Closure::<dyn Fn()>::new(crate::fx::motion::finish_all);
    for event in ["pointerdown", "keydown"] {
        let _ = window().add_event_listener_with_callback_and_bool(
            event,
            wasm_bindgen::JsCast::unchecked_ref(finish.as_ref()),
            true,
        );
    }
    // The page keeps these listeners for its whole life.
    finish.forget();
}

/// Saves the round exactly when the page is hidden or left, so a reload
/// restores the clock; merges the statistics other tabs write. (Every
/// action saves the round it changes itself.)
fn keep_saved(ctx: GameContext) {
    let pagehide = window_event_listener_untyped("pagehide", move |_| ctx.save_round());
    let visibility = window_event_listener_untyped("visibilitychange", move |_| {
        if document().hidden() {
            ctx.save_round();
        }
    });
    let storage = storage::subscribe_storage_events(move |theirs| {
        let notices = ctx.stats.merge_from_other_tab(theirs);
        ctx.show_notices(&notices);
    });
    on_cleanup(move || {
        pagehide.remove();
        visibility.remove();
        storage.remove();
    });
}

/// Runs the clock: time goes by only while the round is in progress, the
/// game is not paused and the page is visible. Every few seconds of play
/// the round is saved with its clock.
fn run_clock(ctx: GameContext) {
    let last = Rc::new(Cell::new(platform::now_ms()));
    let on_tick = {
        let last = last.clone();
        move || {
            let now = platform::now_ms();
            let previous = last.replace(now);
            let running =
                ctx.can_act() && !document().hidden() && ctx.round.with_untracked(|r| !r.is_over());
            // A negative or long gap means the device clock changed or the
            // timer was throttled (a hidden page): skip it.
            let delta = now.checked_sub(previous).filter(|&d| d < 5_000);
            if let (true, Some(delta)) = (running, delta) {
                let before = ctx.elapsed_ms.get_untracked();
                ctx.elapsed_ms.set(before + delta);
                if before / CLOCK_SAVE_EVERY_MS != (before + delta) / CLOCK_SAVE_EVERY_MS {
                    ctx.save_round();
                }
            }
        }
    };
    if let Ok(handle) = set_interval_with_handle(on_tick, CLOCK_TICK) {
        on_cleanup(move || handle.clear());
    }
    let visibility = window_event_listener_untyped("visibilitychange", move |_| {
        last.set(platform::now_ms());
    });
    on_cleanup(move || visibility.remove());
}
