//! Before an imported statistics file changes anything, what it would do,
//! per rule set: the rounds it adds, and the rounds of the player's its
//! resets would remove. The player keeps their rounds (the default) or
//! applies the file's resets; Cancel (or Esc) changes nothing. The file is
//! read and held by [`crate::state::statistics::Statistics::preview_import`].

use leptos::prelude::*;
use wasm_bindgen::JsValue;

use crate::domain::persist::{ImportEffect, Resets};
use crate::state::context::GameContext;
use crate::state::statistics::PendingImport;
use crate::ui::later::dialogs::Modal;

#[component]
pub fn ImportDialog() -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    let open = Signal::derive(move || ctx.stats.import.with(Option::is_some));
    let cancel = move || {
        ctx.stats.import.set(None);
        ctx.message.set("Import cancelled: nothing changed".into());
    };
    view! {
        <Modal open=open label_id="import-title" class="import-dialog" on_close=cancel>
            // Built afresh for each file, so the choice starts at its default.
            {move || ctx.stats.import.get().map(|pending| view! { <ImportForm pending=pending /> })}
        </Modal>
    }
}

#[component]
fn ImportForm(pending: PendingImport) -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    let apply = RwSignal::new(false);
    let resets = pending.effects.iter().any(|e| e.reset.is_some());
    let lines = pending
        .effects
        .iter()
        .map(|e| view! { <li>{effect_text(e)}</li> })
        .collect_view();
    let choice = resets.then(|| {
        let option = move |value: bool, text: &'static str| {
            let id = if value { "import-apply" } else { "import-keep" };
            view! {
                <div class="choice">
                    <input
                        type="radio"
                        name="import-resets"
                        id=id
                        prop:checked=move || apply.get() == value
                        on:change=move |_| apply.set(value)
                    />
                    <label for=id>{text}</label>
                </div>
            }
        };
        view! {
            <fieldset>
                <legend>"The file's reset"</legend>
                {option(false, "Keep my rounds: add the file's rounds only")}
                {option(true, "Apply the file's reset: remove my rounds from before it")}
            </fieldset>
        }
    });
    let import = move |_| {
        let resets = if apply.get_untracked() {
            Resets::Apply
        } else {
            Resets::KeepMine
        };
        let notices = ctx.stats.finish_import(resets);
        ctx.message.set("Statistics imported".into());
        ctx.show_notices(&notices);
    };
    let cancel = move |_| {
        ctx.stats.import.set(None);
        ctx.message.set("Import cancelled: nothing changed".into());
    };
    view! {
        <h2 id="import-title">"Import statistics?"</h2>
        <p>"This file:"</p>
        <ul data-testid="import-effects">{lines}</ul>
        {choice}
        <div class="dialog-buttons">
            <button type="button" class="primary" autofocus on:click=import>"Import"</button>
            <button type="button" on:click=cancel>"Cancel"</button>
        </div>
    }
}

/// `adds 1 round to Classic; the file's reset of Classic on 1 December 2026
/// would remove 4 of your rounds`.
fn effect_text(e: &ImportEffect) -> String {
    let name = e.preset.name();
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    let adds = match e.added {
        0 => format!("adds no round to {name}"),
        n => format!("adds {n} round{} to {name}", plural(n)),
    };
    match e.reset {
        Some((at_ms, removed)) => format!(
            "{adds}; the file's reset of {name} on {} would remove {removed} of your round{}",
            date_text(at_ms),
            plural(removed)
        ),
        None => adds,
    }
}

/// `1 December 2026`, in the player's time zone.
fn date_text(ms: u64) -> String {
    let options = js_sys::Object::new();
    for (key, value) in [("day", "numeric"), ("month", "long"), ("year", "numeric")] {
        let _ = js_sys::Reflect::set(&options, &key.into(), &value.into());
    }
    js_sys::Date::new(&JsValue::from_f64(ms as f64))
        .to_locale_date_string("en-GB", &options)
        .into()
}
