//! The How to play dialog: the rules of the game on the table. The words
//! are not in the page's wasm (its data all lands in the first load): they
//! are `rules.html`, the static page the `pyramid-howto` generator writes
//! from the engine's facts, which the dialog loads (the service worker
//! has it offline) and shows the section of this preset from.

use leptos::prelude::*;
use pyramid_engine::Preset;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlIFrameElement};

use crate::state::context::{GameContext, OpenDialog};
use crate::ui::later::dialogs::Modal;
use crate::ui::later::lesson::start_lesson;

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
        .query_selector(&format!(
            "section[id=\"{}\"]",
            match preset {
                // One section explains every option a custom set is made of.
                Preset::Custom(_) => "custom".into(),
                named => named.id(),
            }
        ))
        .ok()??
        .clone_node_with_deep(true)
        .ok()?
        .unchecked_into::<Element>();
    if let Ok(Some(play)) = section.query_selector(".play") {
        play.remove();
    }
    Some(section)
}

/// Loads the rules page in a hidden frame inside `into` (the browser's own
/// parser, with no code of the page's for fetching and parsing) and calls
/// `then` with its document once it has loaded. A frame's `load` comes for
/// an error page too: its document is then another origin's (`None`), or
/// has no section for the game.
fn load_rules(into: &Element, then: impl FnOnce(Option<Document>) + 'static) -> Option<Element> {
    let frame = document().create_element("iframe").ok()?;
    for (name, value) in [
        ("src", RULES),
        ("hidden", ""),
        ("aria-hidden", "true"),
        ("tabindex", "-1"),
    ] {
        let _ = frame.set_attribute(name, value);
    }
    let loaded = frame.clone().unchecked_into::<HtmlIFrameElement>();
    let on_load = Closure::once_into_js(move || then(loaded.content_document()));
    let _ = frame.add_event_listener_with_callback("load", on_load.unchecked_ref());
    into.append_child(&frame).ok()?;
    Some(frame)
}

/// The rules of the game on the table: the page is loaded the first time
/// the dialog opens and again on Retry; each opening shows the section of
/// the rules then on the table.
#[component]
pub fn HowToPlayDialog() -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    let open = Signal::derive(move || ctx.ui.dialog.get() == OpenDialog::HowToPlay);
    let close = move || ctx.ui.dialog.set(OpenDialog::None);
    let state = RwSignal::new(Rules::Loading);
    let body = NodeRef::<leptos::html::Div>::new();
    let frames = NodeRef::<leptos::html::Div>::new();
    let page = StoredValue::new_local(None::<Document>);
    let frame = StoredValue::new_local(None::<Element>);
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
    let load = move || {
        state.set(Rules::Loading);
        if let Some(old) = frame.try_update_value(Option::take).flatten() {
            old.remove();
        }
        let Some(into) = frames.get_untracked() else {
            return;
        };
        frame.set_value(load_rules(&into, move |document| {
            page.set_value(document);
            show();
        }));
    };
    Effect::new(move |_| {
        if open.get() && frames.get().is_some() {
            if page.with_value(Option::is_some) {
                untrack(show);
            } else if frame.with_value(Option::is_none) {
                untrack(load);
            }
        }
    });
    view! {
        <Modal open=open label_id="howto-title" class="howto-dialog" on_close=close>
            <h2 id="howto-title">"How to play"</h2>
            <div class="howto-rules" node_ref=body></div>
            <div node_ref=frames></div>
            <p aria-live="polite" hidden=move || state.get() == Rules::Shown>
                {move || match state.get() {
                    Rules::Failed => "The rules could not be loaded.",
                    _ => "Loading the rules\u{2026}",
                }}
            </p>
            <div class="dialog-buttons">
                <button
                    type="button"
                    hidden=move || state.get() != Rules::Failed
                    on:click=move |_| load()
                >
                    "Retry"
                </button>
                <button
                    type="button"
                    on:click=move |_| {
                        close();
                        start_lesson(ctx);
                    }
                >
                    "Show me how"
                </button>
                <a href=RULES target="_blank">"All the rules"</a>
                <button type="button" class="primary" on:click=move |_| close()>"Close"</button>
            </div>
        </Modal>
    }
}
