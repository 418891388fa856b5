//! Banners for saved data that could not be read. Storage sets the value
//! aside under a backup key ([`crate::platform::storage`]); the banner says so, offers
//! the copy as a file, and stays until the player dismisses it (a draw or a
//! move does not replace it, as it would a live-region message).

use leptos::prelude::*;

use crate::platform::download::download;
use crate::platform::storage;
use crate::state::context::GameContext;
use crate::state::context::ShownNotice;
use crate::state::record;

/// The banners, one per notice, above the table.
#[component]
pub fn NoticeBanners() -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    // Rarely more than one, and changed only by a dismissal: a plain list,
    // not a keyed one (whose code would cost the page some kilobytes).
    move || {
        ctx.ui
            .notices
            .get()
            .into_iter()
            .map(|notice| view! { <NoticeBanner notice=notice /> })
            .collect_view()
    }
}

#[component]
fn NoticeBanner(notice: ShownNotice) -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    let id = notice.id;
    let dismiss = move |_| record::dismiss_notice(ctx, id);
    let download = notice.backup.map(|key| {
        let save = move |_| {
            let sent = storage::backup_text(&key)
                .ok_or(())
                .and_then(|text| download(&format!("{key}.json"), &text).map_err(|_| ()));
            ctx.ui.message.set(match sent {
                Ok(()) => format!("The copy was saved as {key}.json."),
                Err(()) => "Could not download the copy; it is still kept in this browser.".into(),
            });
        };
        view! {
            <button type="button" class="notice-download" on:click=save>
                "Download the copy"
            </button>
        }
    });
    view! {
        <div class="notice-banner" role="group" aria-label="Saved data notice" data-testid="data-notice">
            <p>{notice.text}</p>
            <div class="notice-actions">
                {download}
                <button type="button" class="notice-dismiss" on:click=dismiss>"Dismiss"</button>
            </div>
        </div>
    }
}
