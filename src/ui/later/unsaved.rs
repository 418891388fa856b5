//! What storage could not take yet, in words, below the table's note that
//! progress is not being saved (`app.rs`, which says why): what waits to
//! be saved, and, while finished rounds wait, that they go with the page,
//! with the statistics as a file to keep them. If the page goes while
//! they wait, the tab's next page (a reload) says which were lost: the
//! sentence is kept in `sessionStorage`, which has its own room.

use leptos::prelude::*;

use crate::domain::persist::RoundEnd;
use crate::platform::storage::{self, Unsaved};
use crate::state::context::GameContext;
use crate::state::record::export_stats;

#[component]
pub fn UnsavedBanner() -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    let unsaved = Memo::new(move |_| {
        let _ = ctx.stats.unsaved_changes.get();
        storage::unsaved()
    });
    let text = move || unsaved.with(|u| u.as_ref().map(waiting_text).unwrap_or_default());
    let finished = move || unsaved.with(|u| u.as_ref().is_some_and(|u| !u.finished.is_empty()));
    // What the page before this one could not keep.
    let session = || window().session_storage().ok().flatten();
    let lost = RwSignal::new(session().and_then(|s| {
        let text = s.get_item(LOST_KEY).ok().flatten();
        let _ = s.remove_item(LOST_KEY);
        text
    }));
    let pagehide = window_event_listener_untyped("pagehide", move |_| {
        let text = storage::unsaved().and_then(|u| finished_text(&u));
        if let (Some(s), Some(text)) = (session(), text) {
            let _ = s.set_item(LOST_KEY, &text);
        }
    });
    on_cleanup(move || pagehide.remove());
    view! {
        <Show when=move || lost.with(Option::is_some)>
            <div class="notice-banner" role="group" aria-label="Not kept" data-testid="storage-lost">
                <p>
                    "When the page was left, browser storage could not take these: "
                    {move || lost.get()}
                    ". They are lost."
                </p>
                <div class="notice-actions">
                    <button type="button" on:click=move |_| lost.set(None)>"Dismiss"</button>
                </div>
            </div>
        </Show>
        <Show when=move || !text().is_empty()>
            <div class="notice-banner" role="group" aria-label="Waiting to be saved" data-testid="storage-waiting">
                <p>{text}</p>
                <Show when=finished>
                    <div class="notice-actions">
                        <button type="button" on:click=move |_| export_stats(ctx)>
                            "Export statistics"
                        </button>
                    </div>
                </Show>
            </div>
        </Show>
    }
}

/// The `sessionStorage` key of the finished rounds the tab's last page
/// could not keep.
const LOST_KEY: &str = "pyramid.tab.lost";

/// `1 finished round (Hard lost)`, when any wait.
fn finished_text(unsaved: &Unsaved) -> Option<String> {
    let n = unsaved.finished.len();
    (n > 0).then(|| {
        let ends: Vec<String> = unsaved
            .finished
            .iter()
            .map(|(preset, end)| {
                let end = match end {
                    RoundEnd::Won => "won",
                    RoundEnd::Lost => "lost",
                    RoundEnd::Abandoned => "abandoned",
                };
                format!("{} {end}", preset.name())
            })
            .collect();
        let s = if n == 1 { "" } else { "s" };
        format!("{n} finished round{s} ({})", ends.join(", "))
    })
}

/// `Waiting to be saved: 1 finished round (Hard lost), the round in
/// progress. Finished rounds not saved are lost if…`; empty when nothing
/// waits yet.
pub fn waiting_text(unsaved: &Unsaved) -> String {
    let mut waiting: Vec<String> = finished_text(unsaved).into_iter().collect();
    let n = unsaved.finished.len();
    if unsaved.round {
        waiting.push("the round in progress".into());
    }
    if unsaved.settings {
        waiting.push("the settings".into());
    }
    let mut text = String::new();
    if !waiting.is_empty() {
        text = format!("Waiting to be saved: {}.", waiting.join(", "));
    }
    if n > 0 {
        text.push_str(
            " Finished rounds not saved are lost if this page is closed or reloaded; \
             export the statistics to keep them.",
        );
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::storage::StorageError;
    use pyramid_engine::Preset;

    #[test]
    fn says_what_waits() {
        let mut u = Unsaved {
            error: StorageError::Full,
            finished: vec![
                (Preset::Hard, RoundEnd::Lost),
                (Preset::Classic, RoundEnd::Won),
            ],
            round: true,
            settings: true,
        };
        assert_eq!(
            waiting_text(&u),
            "Waiting to be saved: 2 finished rounds (Hard lost, Classic won), the round in \
             progress, the settings. Finished rounds not saved are lost if this page is closed \
             or reloaded; export the statistics to keep them."
        );
        u.finished.truncate(0);
        u.settings = false;
        assert_eq!(
            waiting_text(&u),
            "Waiting to be saved: the round in progress."
        );
        u.round = false;
        assert_eq!(waiting_text(&u), "");
    }
}
