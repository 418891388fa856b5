//! What the page builds only once the table is up: the dialogs, the
//! statistics panel, the banners and the replay's bar. In the page's build
//! (feature `split`, which index.html turns on) their code is a wasm module
//! of its own, fetched after the board is interactive, so the first load
//! carries only the table.
//!
//! The split point is [`later_parts`], marked with `wasm_split_helpers`'
//! `#[wasm_split]` (the mechanism behind Leptos's `#[lazy]`, here with its
//! `fallible` option, so a failed fetch is an error and not an abort).
//! `scripts/wasm-split.mjs` cuts the page's wasm at that function: whatever
//! only it reaches goes to the later module. It hands back plain function
//! pointers; the page calls them to build each part in its place, under the
//! page's reactive owner, once they have arrived. Without the feature
//! (native builds, the wasm tests) the same parts are a plain function call.

use std::time::Duration;

use leptos::prelude::*;

use crate::coach::{ReplayBar, WhereLostDialog};
use crate::daily::DailyDialog;
use crate::dialogs::{EndDialog, NewDealDialog, ResetStatsDialog, ShortcutsDialog};
use crate::notices::NoticeBanners;
use crate::settings::SettingsDialog;
use crate::share::ChallengeBanner;
use crate::stats_panel::StatsPanel;

/// The parts built later, each where it belongs on the page.
#[derive(Clone, Copy)]
pub struct Later {
    /// The banners above the table: unreadable saved data, a challenge.
    pub banners: fn() -> AnyView,
    /// The bar that steps through a replay.
    pub replay: fn() -> AnyView,
    pub stats_panel: fn() -> AnyView,
    /// Every dialog (each builds its contents when it first opens).
    pub dialogs: fn() -> AnyView,
}

/// The first wait before fetching the later module again after a failure;
/// it doubles each time, up to [`RETRY_MAX`].
const RETRY_FIRST: Duration = Duration::from_secs(1);
const RETRY_MAX: Duration = Duration::from_secs(30);

#[cfg_attr(feature = "split", wasm_split_helpers::wasm_split(later, fallible))]
fn later_parts() -> Result<Later, wasm_split_helpers::SplitLoaderError> {
    Ok(Later {
        banners: || view! { <NoticeBanners /> <ChallengeBanner /> }.into_any(),
        replay: || view! { <ReplayBar /> }.into_any(),
        stats_panel: || view! { <StatsPanel /> }.into_any(),
        dialogs: || {
            view! {
                <NewDealDialog />
                <WhereLostDialog />
                <EndDialog />
                <ShortcutsDialog />
                <ResetStatsDialog />
                <SettingsDialog />
                <DailyDialog />
            }
            .into_any()
        },
    })
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

/// Starts fetching the later parts in the task after this one (after the
/// board is mounted) and returns the signal that holds them once they are
/// in. A failed fetch (the network went away mid-load) is tried again,
/// waiting longer each time; the table plays on meanwhile.
pub fn load() -> ReadSignal<Option<Later>> {
    let (later, set_later) = signal(None);
    set_timeout(move || fetch(set_later, RETRY_FIRST), Duration::ZERO);
    later
}

fn fetch(set_later: WriteSignal<Option<Later>>, wait: Duration) {
    leptos::task::spawn_local(async move {
        match fetch_later().await {
            Ok(parts) => set_later.set(Some(parts)),
            Err(error) => {
                leptos::logging::warn!("{error}; trying again in {} s", wait.as_secs());
                let next = (wait * 2).min(RETRY_MAX);
                set_timeout(move || fetch(set_later, next), wait);
            }
        }
    });
}
