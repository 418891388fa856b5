//! What the note that storage cannot take progress offers (the note itself
//! comes with the table, `app.rs`): while finished rounds wait, the
//! statistics as a file, so they are not lost with the page.

use leptos::prelude::*;

use crate::state::context::GameContext;
use crate::ui::chrome::stats_panel::export_stats;

#[component]
pub fn UnsavedActions() -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    view! {
        <Show when=move || ctx.stats.unsaved.with(|u| u.as_ref().is_some_and(|u| !u.finished.is_empty()))>
            <button type="button" on:click=move |_| export_stats(ctx)>
                "Export statistics"
            </button>
        </Show>
    }
}
