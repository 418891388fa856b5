//! Before an imported statistics file changes anything, what it would do,
//! per rule set: the rounds it adds, and the rounds of the player's its
//! resets would remove. The player keeps their rounds (the default) or
//! applies the file's resets; Cancel (or Esc) changes nothing. The file is
//! read and held by [`crate::state::statistics::Statistics::preview_import`].

use leptos::prelude::*;
use pyramid_engine::Date;

use crate::domain::label::month_name;
use crate::domain::persist::{ImportEffect, Resets};
use crate::state::context::GameContext;
use crate::state::statistics::{pending_import, PendingImport};
use crate::state::{announce, record};
use crate::ui::later::dialogs::Modal;

#[component]
pub fn ImportDialog() -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    let import = pending_import();
    let open = Signal::derive({
        let import = import.clone();
        move || import.with(Option::is_some)
    });
    view! {
        <Modal open=open label_id="import-title" class="import-dialog" on_close=move || cancel(ctx)>
            // Built afresh for each file, so the choice starts at its default.
            {move || import.get().map(|pending| view! { <ImportForm pending=pending /> })}
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
        announce::say(ctx, "Statistics imported");
        record::show_notices(ctx, &notices);
    };
    view! {
        <h2 id="import-title">"Import statistics?"</h2>
        <p>"This file:"</p>
        <ul data-testid="import-effects">{lines}</ul>
        {choice}
        <div class="dialog-buttons">
            <button type="button" class="primary" autofocus on:click=import>"Import"</button>
            <button type="button" on:click=move |_| cancel(ctx)>"Cancel"</button>
        </div>
    }
}

/// Drops the file: nothing changed.
fn cancel(ctx: GameContext) {
    pending_import().set(None);
    announce::say(ctx, "Import cancelled: nothing changed");
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

/// `1 December 2026`: the day (UTC) of `ms` since the Unix epoch. (The
/// player's time zone would cost the page's first load two browser calls.)
fn date_text(ms: u64) -> String {
    match u32::try_from(ms / 86_400_000)
        .ok()
        .and_then(Date::from_day_number)
    {
        Some(d) => format!("{} {} {}", d.day(), month_name(d), d.year()),
        None => "a date past 9999".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pyramid_engine::Preset;

    #[test]
    fn effects_in_words() {
        let e = ImportEffect {
            preset: Preset::Classic,
            added: 1,
            reset: Some((1_764_547_200_000, 4)),
        };
        assert_eq!(
            effect_text(&e),
            "adds 1 round to Classic; the file's reset of Classic on 1 December 2025 would \
             remove 4 of your rounds"
        );
        let e = ImportEffect {
            added: 2,
            reset: None,
            ..e
        };
        assert_eq!(effect_text(&e), "adds 2 rounds to Classic");
        assert_eq!(date_text(0), "1 January 1970");
    }
}
