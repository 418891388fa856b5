//! The root: [`start`] finds out which rounds other tabs are playing, then
//! `begin` reads storage and the URL and resumes or deals ([`startup`]),
//! and in the next task [`PyramidGame`] is mounted: it lays out the table
//! around one round, runs the clock and keeps the round saved.

use std::cell::Cell;
use std::collections::HashSet;
use std::rc::Rc;
use std::time::Duration;

use leptos::prelude::*;
use pyramid_engine::Status;

use crate::domain::link::UrlRequest;
use crate::domain::persist::StatsBook;
use crate::domain::round::{DealOrigin, Round};
use crate::domain::startup::{choose_round, startup_notice, Start};
use crate::fx::zones::PYRAMID_SLOTS;
use crate::platform::storage::{self, Notice};
use crate::platform::{address, clock, random, tabs, tasks};
use crate::solver;
use crate::state::context::GameContext;
use crate::state::settings;
use crate::state::share::install_challenge;
use crate::state::statistics::Statistics;
use crate::state::{announce, ask, change, coach, deal, play, record};
use crate::ui::chrome::keyboard::install_shortcuts;
use crate::ui::chrome::stats_panel::StatsPanel;
use crate::ui::chrome::status_bar::StatusBar;
use crate::ui::chrome::toolbar::Toolbar;
use crate::ui::later;
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
    // The task that compiled and started the wasm ends here: the rest
    // follows in tasks of its own. The theme and the other settings apply
    // before anything is drawn.
    tasks::sleep(Duration::ZERO).await;
    settings::apply_stored();
    // index.html's frame is painted first, even when the wasm came at
    // once: it holds the page's largest text (its message line), so the
    // largest paint never waits for the table.
    tasks::after_next_paint().await;
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
    // The round is read, chosen, recorded and saved, and its lock asked
    // for, in this task; the table is built in the next.
    let owner = Owner::new();
    let ctx = owner.with(|| begin(own.as_deref(), &held));
    tasks::next_task(move || {
        tasks::next_task(move || reveal_pyramid(ctx));
        // The solver's worker loads once the board is up, so its code is
        // not part of the first load and the first hint does not wait for
        // it.
        set_timeout(
            move || {
                solver::warm_up();
                coach::ensure_grade(ctx);
            },
            WORKER_WARM_UP,
        );
        // The static frame that stood in the table's place (index.html)
        // goes as the table comes in, before the next paint, so nothing on
        // screen moves; its toolbar stands in for the live one until that
        // is built, in a task of its own (`PyramidGame`).
        let frame = document().get_element_by_id("frame");
        let stand_in = toolbar_waits(ctx)
            .then(|| document().query_selector(FRAME_TOOLBAR).ok().flatten())
            .flatten();
        owner.with(|| {
            leptos::mount::mount_to_body(move || {
                let table = view! { <PyramidGame ctx=ctx /> };
                if let Some(frame) = frame {
                    frame.remove();
                }
                table
            })
        });
        if let (Some(stand_in), Ok(Some(header))) =
            (stand_in, document().query_selector(".app > .top"))
        {
            let _ = stand_in.set_attribute("id", TOOLBAR_STAND_IN);
            let _ = stand_in.set_attribute("aria-hidden", "true");
            let _ = stand_in.set_attribute("inert", "");
            let _ = header.append_child(&stand_in);
        }
        // The contexts it provides last as long as the page.
        std::mem::forget(owner);
    });
}

/// The id of the frame's toolbar while it stands in for the live one.
const TOOLBAR_STAND_IN: &str = "toolbar-stand-in";

/// The frame's toolbar (index.html).
const FRAME_TOOLBAR: &str = "#frame .toolbar";

/// Whether the live toolbar comes a task after the table, the frame's
/// standing in for it: if the frame is still there, and unless the live
/// toolbar has a button the frame's has not (Par's End round), which
/// could change its height, and so move the table.
fn toolbar_waits(ctx: GameContext) -> bool {
    !ctx.table.round.with_untracked(|r| r.game.can_end_round())
        && document()
            .query_selector(FRAME_TOOLBAR)
            .ok()
            .flatten()
            .is_some()
}

/// Resumes this tab's round, or the most recent round no other tab is
/// playing, or deals what `?deal=N&rules=ID` asks for, or a random deal:
/// records the rounds it leaves, saves the round and asks for its lock.
fn begin(own: Option<&str>, held: &HashSet<String>) -> GameContext {
    let start = startup(&address::search(), own, held);
    // Storage that cannot be reached shows at the first save, just below.
    let stats = Statistics::new(start.stats);
    let mut ctx = GameContext::new(start.round, start.elapsed_ms, start.notice, stats);
    ctx.ui.first_visit = start.first_visit;
    record::show_notices(ctx, &start.notices);
    let (saved_settings, notices) = settings::load();
    ctx.ui.settings.set(saved_settings);
    record::show_notices(ctx, &notices);
    install_challenge(start.challenge.as_deref(), ctx);
    // The pyramid's slots come with the table, their cards a few a task
    // after it.
    ctx.table.revealing.set(true);
    ctx.table.shown_cards.set(0);
    // Rounds this tab leaves or finds finished are recorded before play
    // starts: its own round when a link asks for another deal, and the
    // finished rounds of tabs that closed.
    for (round, elapsed) in &start.to_close {
        let notices = stats.close_round(round, *elapsed, true);
        record::show_notices(ctx, &notices);
        let _ = storage::remove_round(&round.round_id);
    }
    let id = ctx.table.round.with_untracked(|r| {
        address::show_deal(r.deal_number, r.preset());
        r.round_id.clone()
    });
    record::save_round(ctx);
    tabs::set_tab_round_id(&id);
    // Leptos's own executor starts with the mount, in the next task; what
    // this future does needs no owner. Its answer may come before the
    // table is mounted: a new deal then only sets the round the table
    // is built with.
    wasm_bindgen_futures::spawn_local(async move {
        // Another new tab may have taken the same round a moment ago: then
        // it is theirs, and this tab deals afresh (their round is not ours
        // to record).
        if !tabs::hold(&id).await {
            let preset = ctx.table.round.with_untracked(|r| r.preset());
            deal::deal(
                ctx,
                Round::new(
                    random::deal_number(),
                    preset,
                    random::round_id(),
                    DealOrigin::Random,
                ),
            );
            announce::add(
                ctx,
                "That round is open in another tab; here is a new deal.",
            );
        }
    });
    ctx
}

/// Pyramid cards that come on screen in one task as the page starts.
const REVEAL_STEP: u8 = 7;

/// Puts the next [`REVEAL_STEP`] pyramid cards on screen and, until all
/// are, the next ones in a task of their own: building and laying out 28
/// cards in the table's task is too long a task on a slow phone. A new
/// deal meanwhile ends it (the deal-in takes over).
fn reveal_pyramid(ctx: GameContext) {
    let table = ctx.table;
    if !table.revealing.get_untracked() {
        return;
    }
    let shown = (table.shown_cards.get_untracked() + REVEAL_STEP).min(PYRAMID_SLOTS);
    table.shown_cards.set(shown);
    if shown < PYRAMID_SLOTS {
        tasks::next_task(move || reveal_pyramid(ctx));
    } else {
        table.revealing.set(false);
    }
}

/// What the page starts with.
pub struct Startup {
    pub round: Round,
    /// The round's clock.
    pub elapsed_ms: u64,
    /// The first message for the live region: the deal, and a link that
    /// could not be used as given.
    pub notice: String,
    /// The challenge the link came with, to check against the round.
    pub challenge: Option<String>,
    /// Unreadable saved data that was set aside: shown as banners.
    pub notices: Vec<Notice>,
    pub stats: StatsBook,
    /// Saved rounds to record (if finished, or started and left) and forget.
    pub to_close: Vec<(Round, u64)>,
    /// No statistics and no saved round: the lesson is offered.
    pub first_visit: bool,
}

/// Reads storage and the query `search`, and starts the round
/// [`choose_round`] picks, given this tab's round before a reload (`own`)
/// and the rounds other tabs hold (`held`).
pub fn startup(search: &str, own: Option<&str>, held: &HashSet<String>) -> Startup {
    let request = UrlRequest::parse(search);
    let mut notices = Vec::new();
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
    let first_visit = saved.is_empty() && stats.is_empty();
    let choice = choose_round(saved, &request, own, held);
    let resumed = matches!(choice.start, Start::Resume(..));
    let (round, elapsed_ms) = match choice.start {
        Start::Resume(round, elapsed) => (*round, elapsed),
        Start::Deal(number, preset) => {
            let (number, origin) = match number {
                Some(n) => (n, DealOrigin::Number),
                None => (random::deal_number(), DealOrigin::Random),
            };
            (Round::new(number, preset, random::round_id(), origin), 0)
        }
    };
    Startup {
        notice: startup_notice(&round, resumed, &request),
        round,
        elapsed_ms,
        challenge: request.challenge,
        notices,
        stats,
        to_close: choice.to_close,
        first_visit,
    }
}

/// The table for one round: toolbar, counters, stock and waste, pyramid,
/// statistics and dialogs, all reading the same [`GameContext`].
///
/// This task builds what the player sees and touches first (the toolbar,
/// the counters, the stock and waste, the pyramid's slots, the table's
/// input, the keyboard's shortcuts); a later one, after the browser has
/// had the main thread back, the statistics panel (its figures come with
/// the later module), the settings' watchers, the clock and the save on
/// leaving. (The round was already saved, and its lock asked for, by
/// `begin` in the task before; the pyramid's cards come a few a task,
/// `reveal_pyramid`.)
#[component]
pub fn PyramidGame(ctx: GameContext) -> impl IntoView {
    provide_context(ctx);
    install_shortcuts(ctx);
    let input = TableInput::new(ctx);
    let settled = RwSignal::new(false);
    // The toolbar comes a task after the rest of the table, in place of
    // the frame's, which stands in for it meanwhile (`start`; the frame
    // is still in the document while this builds the view).
    let toolbar = RwSignal::new(!toolbar_waits(ctx));
    if !toolbar.get_untracked() {
        tasks::next_task(move || toolbar.set(true));
    }
    let owner = Owner::current();
    tasks::next_task(move || {
        if let Some(owner) = owner {
            owner.with(|| {
                settings::install(ctx);
                run_clock(ctx);
                keep_saved(ctx);
                finish_motion_on_input();
            });
        }
        settled.set(true);
    });
    // The dialogs, the statistics' figures, charts and buttons, the banners
    // and the solver's client: fetched once the table is on screen
    // (ui/later.rs).
    // Each place in a task of its own when they arrive, in this order.
    let [banners, lesson, dialogs, more_dialogs, replay, figures, extras] = later::load();

    view! {
        <div
            class="app"
            data-round=move || ctx.table.round.with(|r| r.round_id.clone())
        >
            <header class="top">
                <h1>"Pyramid Solitaire"</h1>
                {move || toolbar.get().then(|| {
                    if let Some(stand_in) = document().get_element_by_id(TOOLBAR_STAND_IN) {
                        stand_in.remove();
                    }
                    view! { <Toolbar /> }
                })}
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
                    {move || ctx.ui.message.get()}
                </p>
                {later_part(banners, |p| (p.banners)())}
                {later_part(lesson, |p| (p.lesson)())}
                // Shown only once a search has taken a moment (see the CSS).
                <Show when=move || ctx.coach.thinking.get().is_some()>
                    <div class="thinking" data-testid="thinking">
                        <span class="spinner" aria-hidden="true"></span>
                        <span>{move || ctx.coach.thinking.get().unwrap_or_default()} "\u{2026}"</span>
                        <button type="button" on:click=move |_| ask::cancel_thinking(ctx)>
                            "Cancel"
                        </button>
                    </div>
                </Show>
                {later_part(replay, |p| (p.replay)())}
                <section
                    class="table"
                    class:lost=move || ctx.table.round.with(|r| matches!(r.status(), Status::Lost(_)))
                    aria-label="Table"
                    hidden=move || ctx.table.paused.get()
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
                <Show when=move || ctx.table.paused.get()>
                    <div class="paused-panel">
                        <p>"Paused. The clock has stopped."</p>
                        <button type="button" on:click=move |_| play::toggle_pause(ctx)>"Resume"</button>
                    </div>
                </Show>
                {move || settled.get().then(|| view! {
                    <StatsPanel>
                        {later_part(figures, |p| (p.stats_figures)())}
                        {later_part(extras, |p| (p.stats_extras)())}
                    </StatsPanel>
                })}
            </main>
            {later_part(dialogs, |p| (p.dialogs)())}
            {later_part(more_dialogs, |p| (p.more_dialogs)())}
        </div>
    }
}

/// Where one of the later module's parts goes (`build` makes it from
/// them): nothing until they are in. One function for every part, so the
/// page carries the code of one such place, not one each.
fn later_part(
    part: ReadSignal<Option<later::Later>>,
    build: fn(&later::Later) -> AnyView,
) -> impl IntoView {
    move || part.get().map(|parts| build(&parts))
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
    let pagehide = window_event_listener_untyped("pagehide", move |_| record::save_round(ctx));
    let visibility = window_event_listener_untyped("visibilitychange", move |_| {
        if document().hidden() {
            record::save_round(ctx);
        }
    });
    let storage = storage::subscribe_storage_events(move |theirs| {
        let notices = ctx.stats.merge_from_other_tab(theirs);
        record::show_notices(ctx, &notices);
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
    let last = Rc::new(Cell::new(clock::now_ms()));
    let on_tick = {
        let last = last.clone();
        move || {
            let now = clock::now_ms();
            let previous = last.replace(now);
            let running = change::can_act(ctx)
                && !document().hidden()
                && ctx.table.round.with_untracked(|r| !r.is_over());
            // A negative or long gap means the device clock changed or the
            // timer was throttled (a hidden page): skip it.
            let delta = now.checked_sub(previous).filter(|&d| d < 5_000);
            if let (true, Some(delta)) = (running, delta) {
                let before = ctx.table.elapsed_ms.get_untracked();
                ctx.table.elapsed_ms.set(before + delta);
                if before / CLOCK_SAVE_EVERY_MS != (before + delta) / CLOCK_SAVE_EVERY_MS {
                    record::save_round(ctx);
                }
            }
        }
    };
    if let Ok(handle) = set_interval_with_handle(on_tick, CLOCK_TICK) {
        on_cleanup(move || handle.clear());
    }
    let visibility = window_event_listener_untyped("visibilitychange", move |_| {
        last.set(clock::now_ms());
    });
    on_cleanup(move || visibility.remove());
}
