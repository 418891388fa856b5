//! What the page needs only once the table is up: the dialogs, the
//! statistics panel's figures, charts and buttons, the banners, the replay's bar and
//! the solver's client. In the page's build (feature `split`, which
//! index.html turns on) their code is a wasm module of its own, fetched
//! once the table is on screen, so the first load carries only the table.
//!
//! The split point is [`later_parts`], marked with `wasm_split_helpers`'
//! `#[wasm_split]` (the mechanism behind Leptos's `#[lazy]`, here with its
//! `fallible` option, so a failed fetch is an error and not an abort).
//! `scripts/wasm-split.mjs` cuts the page's wasm at that function: whatever
//! only it reaches goes to the later module. It hands back plain function
//! pointers; the page calls them to build each part in its place, under the
//! page's reactive owner, once they have arrived. Without the feature
//! (native builds, the wasm tests) the same parts are a plain function call.

pub mod coach;
pub mod custom;
pub mod daily;
pub mod dialogs;
pub mod howto;
pub mod import_preview;
pub mod lesson;
pub mod notices;
pub mod nudge;
pub mod settings;
pub mod share;
pub mod stats_extras;
pub mod stats_figures;
pub mod unsaved;

use std::cell::RefCell;
use std::time::Duration;

use leptos::prelude::*;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

use crate::platform::tasks;
use crate::solver::SolverApi;
use crate::ui::later::coach::{ReplayBar, WhereLostDialog};
use crate::ui::later::daily::DailyDialog;
use crate::ui::later::dialogs::{EndDialog, NewDealDialog, ResetStatsDialog, ShortcutsDialog};
use crate::ui::later::howto::HowToPlayDialog;
use crate::ui::later::import_preview::ImportDialog;
use crate::ui::later::lesson::Lesson;
use crate::ui::later::notices::NoticeBanners;
use crate::ui::later::nudge::DrawNudge;
use crate::ui::later::settings::SettingsDialog;
use crate::ui::later::share::ChallengeBanner;
use crate::ui::later::stats_extras::StatsExtras;
use crate::ui::later::stats_figures::StatsFigures;
use crate::ui::later::unsaved::UnsavedBanner;

/// The parts that come later, each where it belongs on the page.
#[derive(Clone, Copy)]
pub struct Later {
    /// The banners above the table: what storage could not take yet,
    /// unreadable saved data, a challenge.
    pub banners: fn() -> AnyView,
    /// The lesson's offer and callout, after the banners.
    pub lesson: fn() -> AnyView,
    /// The bar that steps through a replay.
    pub replay: fn() -> AnyView,
    /// The statistics panel's figures.
    pub stats_figures: fn() -> AnyView,
    /// The statistics panel's charts and buttons, after its figures.
    pub stats_extras: fn() -> AnyView,
    /// The dialogs of the round (each builds its contents when it first
    /// opens)...
    pub dialogs: fn() -> AnyView,
    /// ...and the others, a task later.
    pub more_dialogs: fn() -> AnyView,
    /// The solver's client, which the page installs with `solver::install`.
    pub solver: SolverApi,
}

/// The first wait before fetching the later module again after a failure;
/// it doubles each time, up to [`RETRY_MAX`].
const RETRY_FIRST: Duration = Duration::from_secs(1);
const RETRY_MAX: Duration = Duration::from_secs(30);

#[cfg_attr(feature = "split", wasm_split_helpers::wasm_split(later, fallible))]
fn later_parts() -> Result<Later, wasm_split_helpers::SplitLoaderError> {
    Ok(Later {
        banners: || {
            styled(|| view! { <UnsavedBanner /> <NoticeBanners /> <ChallengeBanner /> }.into_any())
        },
        lesson: || styled(|| view! { <Lesson /> }.into_any()),
        replay: || styled(|| view! { <ReplayBar /> }.into_any()),
        stats_figures: || styled(|| view! { <StatsFigures /> }.into_any()),
        stats_extras: || styled(|| view! { <StatsExtras /> }.into_any()),
        dialogs: || {
            view! {
                <NewDealDialog />
                <WhereLostDialog />
                <EndDialog />
                <ShortcutsDialog />
                <ResetStatsDialog />
            }
            .into_any()
        },
        more_dialogs: || {
            view! {
                <SettingsDialog />
                <DailyDialog />
                <ImportDialog />
                <HowToPlayDialog />
                <DrawNudge />
            }
            .into_any()
        },
        solver: SolverApi::worker(),
    })
}

/// How long a part waits for the later module's stylesheet at most: one
/// whose request failed before the part asked sends no event, and the part
/// shows without it.
const STYLESHEET_WAIT: Duration = Duration::from_secs(3);

/// `part`, once the later module's stylesheet is in (at once if it is). The
/// stylesheet is asked for with the module, on a request of its own that
/// may come after it: a part built before would stand a moment unstyled in
/// the page's flow (the offer to a first visit, above the table) and move
/// the table, then move it back.
fn styled(part: fn() -> AnyView) -> AnyView {
    // `sheet` is null until the stylesheet is in (read by name: the page's
    // glue already has `Reflect.get`, and the first load no room to spare).
    let waiting = document()
        .query_selector("link[href='later.css']")
        .ok()
        .flatten()
        .filter(|link| js_sys::Reflect::get(link, &"sheet".into()).is_ok_and(|s| s.is_null()));
    let (ready, set_ready) = signal(waiting.is_none());
    if let Some(link) = waiting {
        let done = Closure::<dyn Fn()>::new(move || {
            set_ready.try_set(true);
        })
        .into_js_value();
        for event in ["load", "error"] {
            let _ = link.add_event_listener_with_callback(event, done.unchecked_ref());
        }
        set_timeout(
            move || {
                set_ready.try_set(true);
            },
            STYLESHEET_WAIT,
        );
    }
    view! { <Show when=move || ready.get()>{part()}</Show> }.into_any()
}

async fn fetch_later() -> Result<Later, wasm_split_helpers::SplitLoaderError> {
    #[cfg(feature = "split")]
    {
        later_parts().await
    }
    #[cfg(not(feature = "split"))]
    {
        later_parts()
    }
}

/// Where the later parts are: not asked for yet, on their way (with what
/// waits for them), or in.
enum State {
    Idle,
    Loading(Vec<Box<dyn FnOnce(Later)>>),
    Loaded(Later),
}

thread_local! {
    static STATE: RefCell<State> = const { RefCell::new(State::Idle) };
}

/// The later parts, if they are in.
pub fn now() -> Option<Later> {
    STATE.with(|s| match &*s.borrow() {
        State::Loaded(parts) => Some(*parts),
        _ => None,
    })
}

/// Calls `then` with the later parts once they are in (at once if they
/// are), asking for them if nobody has yet.
pub fn when_loaded(then: impl FnOnce(Later) + 'static) {
    if let Some(parts) = now() {
        then(parts);
        return;
    }
    let start = STATE.with(|s| {
        let mut state = s.borrow_mut();
        match &mut *state {
            State::Loading(waiting) => {
                waiting.push(Box::new(then));
                false
            }
            _ => {
                *state = State::Loading(vec![Box::new(then)]);
                true
            }
        }
    });
    if start {
        // Whoever asks first (the page, or a question for the solver), the
        // fetch waits for the table to be on screen.
        after_first_paint(|| {
            add_stylesheet();
            fetch(RETRY_FIRST);
        });
    }
}

/// `N` signals that hold the later parts once they are in, one for each
/// place that builds a part; asking for them starts their fetch (once the
/// table is on screen). When the parts arrive, the signals are set one a
/// task, in order: building every part in the task that brings the module
/// would be one long task on a slow phone.
pub fn load<const N: usize>() -> [ReadSignal<Option<Later>>; N] {
    let signals: [_; N] = std::array::from_fn(|_| signal(now()));
    if now().is_none() {
        let setters: Vec<WriteSignal<Option<Later>>> =
            signals.iter().map(|(_, set)| *set).collect();
        // The first in a task after the one that brought the module.
        when_loaded(move |parts| tasks::next_task(move || set_in_turn(setters, 0, parts)));
    }
    signals.map(|(later, _)| later)
}

/// Sets the `i`th signal, and the next ones in tasks of their own.
fn set_in_turn(setters: Vec<WriteSignal<Option<Later>>>, i: usize, parts: Later) {
    if let Some(set) = setters.get(i) {
        set.set(Some(parts));
        tasks::next_task(move || set_in_turn(setters, i + 1, parts));
    }
}

/// How long the fetch waits for the page to be idle after the first paint,
/// at most.
const IDLE_WAIT_MS: u32 = 1_000;

/// How many frames to wait for the browser to report the first paint
/// before going on without it (a browser without paint timing).
const FIRST_PAINT_FRAMES: u32 = 30;

/// Calls `then` once the browser has reported the page's first contentful
/// paint and is idle after it (or [`IDLE_WAIT_MS`] have gone by): the later
/// module's fetch must not compete with the table for the network or the
/// main thread before the player sees it (a timeout or a frame callback
/// alone can run before the frame with the table is on screen). The page
/// asks as it mounts the table, after index.html's frame was painted, so
/// the wait is for the frame that paints the table, then for idle time.
/// Without `requestIdleCallback` (Safari), in a task of its own.
fn after_first_paint(then: impl FnOnce() + 'static) {
    fn when_idle(then: Box<dyn FnOnce()>) {
        let callback = Closure::once_into_js(then);
        let options = web_sys::IdleRequestOptions::new();
        options.set_timeout(IDLE_WAIT_MS);
        if window()
            .request_idle_callback_with_options(callback.unchecked_ref(), &options)
            .is_err()
        {
            let _ = window()
                .set_timeout_with_callback_and_timeout_and_arguments_0(callback.unchecked_ref(), 0);
        }
    }
    fn poll(frames_left: u32, then: Box<dyn FnOnce()>) {
        let painted = window()
            .performance()
            .is_some_and(|p| p.get_entries_by_name("first-contentful-paint").length() > 0);
        if painted || frames_left == 0 {
            when_idle(then);
        } else {
            request_animation_frame(move || poll(frames_left - 1, then));
        }
    }
    request_animation_frame(move || poll(FIRST_PAINT_FRAMES, Box::new(then)));
}

/// The later module's styles (`style/later.css`, copied beside
/// `index.html`): asked for with the module, so the first load does not
/// carry them, and there before anything of the module can show. The
/// address is relative to the page, so a build under a sub-path finds it.
fn add_stylesheet() {
    let Ok(Some(head)) = document().query_selector("head") else {
        return;
    };
    if let Ok(link) = document().create_element("link") {
        let _ = link.set_attribute("rel", "stylesheet");
        let _ = link.set_attribute("href", "later.css");
        let _ = head.append_child(&link);
    }
}

/// A failed fetch (the network went away mid-load) is tried again, waiting
/// longer each time; the table plays on meanwhile.
fn fetch(wait: Duration) {
    leptos::task::spawn_local(async move {
        match fetch_later().await {
            Ok(parts) => {
                let waiting = STATE.with(|s| {
                    match std::mem::replace(&mut *s.borrow_mut(), State::Loaded(parts)) {
                        State::Loading(waiting) => waiting,
                        _ => Vec::new(),
                    }
                });
                // Each in a task after the one that compiled the module.
                tasks::next_task(move || crate::solver::install(parts.solver));
                for then in waiting {
                    then(parts);
                }
            }
            Err(error) => {
                leptos::logging::warn!("{error}; trying again in {} s", wait.as_secs());
                let next = (wait * 2).min(RETRY_MAX);
                set_timeout(move || fetch(next), wait);
            }
        }
    });
}
