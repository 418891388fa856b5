//! The How to play dialog: the rules of the game on the table. The words
//! are not in the page's wasm (its data all lands in the first load): they
//! are `rules.html`, the static page the `pyramid-howto` generator writes
//! from the engine's facts, which the dialog fetches (the service worker
//! has it offline) and shows the section of this preset from.

use leptos::prelude::*;
use pyramid_engine::Preset;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{DomParser, Element, Response, SupportedType};

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

/// The text of `rules.html`, or why not.
async fn fetch_rules() -> Result<String, ()> {
    let response: Response = JsFuture::from(window().fetch_with_str(RULES))
        .await
        .map_err(drop)?
        .dyn_into()
        .map_err(drop)?;
    if !response.ok() {
        return Err(());
    }
    let text = JsFuture::from(response.text().map_err(drop)?)
        .await
        .map_err(drop)?;
    text.as_string().ok_or(())
}

/// The section of `preset` in the rules page `html`, taken into this
/// document, without its link to play the game (it is on the table).
fn section_of(html: &str, preset: Preset) -> Option<Element> {
    let parsed = DomParser::new()
        .ok()?
        .parse_from_string(html, SupportedType::TextHtml)
        .ok()?;
    let section = parsed
        .query_selector(&format!("section[id=\"{}\"]", preset.id()))
        .ok()??;
    if let Ok(Some(play)) = section.query_selector(".play") {
        play.remove();
    }
    document()
        .import_node_with_deep(&section, true)
        .ok()?
        .dyn_into()
        .ok()
}

#[component]
pub fn HowToPlayDialog() -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    let open = Signal::derive(move || ctx.ui.dialog.get() == OpenDialog::HowToPlay);
    let close = move || ctx.ui.dialog.set(OpenDialog::None);
    let state = RwSignal::new(Rules::Loading);
    let body = NodeRef::<leptos::html::Div>::new();
    // The page's text, once fetched; each opening shows the section of the
    // rules then on the table.
    let page = StoredValue::new(None::<String>);
    let show = move || {
        let preset = ctx.table.round.with_untracked(|r| r.preset());
        let shown = page.with_value(|html| {
            let section = section_of(html.as_deref()?, preset)?;
            let body = body.get_untracked()?;
            body.replace_children_with_node_1(&section);
            Some(())
        });
        state.set(if shown.is_some() {
            Rules::Shown
        } else {
            Rules::Failed
        });
    };
    let load = move || {
        if page.with_value(Option::is_some) {
            show();
            return;
        }
        state.set(Rules::Loading);
        leptos::task::spawn_local(async move {
            if let Ok(html) = fetch_rules().await {
                page.set_value(Some(html));
            }
            show();
        });
    };
    Effect::new(move |_| {
        if open.get() && body.get().is_some() {
            untrack(load);
        }
    });
    view! {
        <Modal open=open label_id="howto-title" class="howto-dialog" on_close=close>
            <h2 id="howto-title">"How to play"</h2>
            <div class="howto-rules" node_ref=body></div>
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
                    <button type="button" on:click=move |_| load()>"Retry"</button>
                </Show>
                <a href=RULES target="_blank">"All the rules"</a>
                <button type="button" class="primary" on:click=move |_| close()>"Close"</button>
            </div>
        </Modal>
    }
}
