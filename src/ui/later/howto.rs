//! The How to play dialog: the rules of the game on the table. The words
//! are not in the page's wasm (its data all lands in the first load): they
//! are `rules.html`, the static page the `pyramid-howto` generator writes
//! from the engine's facts, which the dialog loads (the service worker
//! has it offline) and shows the section of this preset from.

use leptos::prelude::*;
use pyramid_engine::Preset;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlIFrameElement};

use crate::state::context::{GameContext, OpenDialog};
use crate::ui::later::dialogs::Modal;

/// The static rules page, beside `index.html`.
const RULES: &str = "rules.html";

/// Where the rules are.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Rules {
    Loading,
    Shown,
    Failed,
}

/// A copy of the section of `preset` in the rules page `page`, without its
/// link to play the game (it is on the table already).
fn section_of(page: &Document, preset: Preset) -> Option<Element> {
    let section = page
        .query_selector(&format!("section[id=\"{}\"]", preset.id()))
        .ok()??
        .clone_node_with_deep(true)
        .ok()?
        .unchecked_into::<Element>();
    if let Ok(Some(play)) = section.query_selector(".play") {
        play.remove();
    }
    Some(section)
}

/// The rules of the game on the table. The page is loaded in a hidden
/// frame (the browser's own parser, with no code or imports of the
/// page's for fetching and parsing), the first time the dialog opens and
/// again on Retry; each opening shows the section of the rules then on
/// the table.
#[component]
pub fn HowToPlayDialog() -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    let open = Signal::derive(move || ctx.ui.dialog.get() == OpenDialog::HowToPlay);
    let close = move || ctx.ui.dialog.set(OpenDialog::None);
    let state = RwSignal::new(Rules::Loading);
    let attempt = RwSignal::new(0u32);
    let body = NodeRef::<leptos::html::Div>::new();
    let page = StoredValue::new_local(None::<Document>);
    let show = move || {
        let preset = ctx.table.round.with_untracked(|r| r.preset());
        let section = page.with_value(|p| section_of(p.as_ref()?, preset));
        let shown = section.zip(body.get_untracked()).map(|(section, body)| {
            while let Some(old) = body.first_element_child() {
                old.remove();
            }
            let _ = body.append_child(&section);
        });
        state.set(if shown.is_some() {
            Rules::Shown
        } else {
            Rules::Failed
        });
    };
    // A frame's `load` comes for an error page too: then its document is
    // not the page's (another origin), or has no section for this game.
    let loaded = move |ev: leptos::ev::Event| {
        let frame = ev.target().map(|t| t.unchecked_into::<HtmlIFrameElement>());
        page.set_value(frame.and_then(|f| f.content_document()));
        show();
    };
    Effect::new(move |_| {
        if open.get() && page.with_value(Option::is_some) {
            untrack(show);
        }
    });
    view! {
        <Modal open=open label_id="howto-title" class="howto-dialog" on_close=close>
            <h2 id="howto-title">"How to play"</h2>
            <div class="howto-rules" node_ref=body></div>
            {move || {
                attempt.track();
                view! { <iframe src=RULES hidden aria-hidden="true" tabindex="-1" on:load=loaded></iframe> }
            }}
            <Show when=move || state.get() != Rules::Shown>
                <p aria-live="polite">
                    {move || match state.get() {
                        Rules::Failed => "The rules could not be loaded.",
                        _ => "Loading the rules\u{2026}",
                    }}
                </p>
            </Show>
            <div class="dialog-buttons">
                <Show when=move || state.get() == Rules::Failed>
                    <button
                        type="button"
                        on:click=move |_| {
                            state.set(Rules::Loading);
                            attempt.update(|n| *n += 1);
                        }
                    >
                        "Retry"
                    </button>
                </Show>
                <a href=RULES target="_blank">"All the rules"</a>
                <button type="button" class="primary" on:click=move |_| close()>"Close"</button>
            </div>
        </Modal>
    }
}
