//! The settings dialog: every choice applies and is saved at once
//! ([`crate::state::settings`]).

use leptos::prelude::*;

use crate::domain::persist::{SettingChoice, Settings};
use crate::state::context::{GameContext, OpenDialog};
use crate::state::settings::{set_sound, update};
use crate::ui::later::dialogs::Modal;

/// The settings dialog: every choice applies and is saved at once.
#[component]
pub fn SettingsDialog() -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    let open = Signal::derive(move || ctx.ui.dialog.get() == OpenDialog::Settings);
    let close = move || ctx.ui.dialog.set(OpenDialog::None);
    view! {
        <Modal open=open label_id="settings-title" class="settings-dialog" on_close=close>
            <h2 id="settings-title">"Settings"</h2>
            <div class="settings-groups">
                <fieldset>
                    <legend>"Table"</legend>
                    {choice(ctx, "theme", "Theme", |s| s.theme, |s, v| s.theme = v)}
                    {choice(ctx, "table", "Table colour", |s| s.table, |s, v| s.table = v)}
                    {choice(ctx, "card-back", "Card back", |s| s.card_back, |s, v| s.card_back = v)}
                    {choice(ctx, "motion", "Motion", |s| s.motion, |s, v| s.motion = v)}
                    <div class="back-preview" aria-hidden="true">
                        <span class="felt-swatch"></span>
                        <span class="card-back-swatch"></span>
                    </div>
                </fieldset>
                <fieldset>
                    <legend>"Cards"</legend>
                    {switch(ctx, "four-colour", "Four-colour deck", |s| s.four_colour, |s, v| s.four_colour = v)}
                    {switch(ctx, "high-contrast", "High contrast", |s| s.high_contrast, |s, v| s.high_contrast = v)}
                    {switch(ctx, "large-cards", "Large cards", |s| s.large_cards, |s, v| s.large_cards = v)}
                    {switch(ctx, "highlight-last-move", "Highlight last move", |s| s.highlight_last_move, |s, v| s.highlight_last_move = v)}
                </fieldset>
                <fieldset>
                    <legend>"Play"</legend>
                    {switch(ctx, "left-handed", "Left-handed", |s| s.left_handed, |s, v| s.left_handed = v)}
                    {switch(ctx, "zen", "Zen mode", |s| s.zen, |s, v| s.zen = v)}
                    <div class="setting switch">
                        <input
                            type="checkbox"
                            id="setting-sound"
                            prop:checked=move || ctx.ui.settings.with(|s| s.sound)
                            on:change=move |ev| set_sound(ctx, event_target_checked(&ev))
                        />
                        <label for="setting-sound">"Sound"</label>
                    </div>
                    <p class="setting-note">"Zen mode hides the time, score and moves; they are still recorded."</p>
                </fieldset>
            </div>
            <div class="dialog-buttons">
                <button type="button" class="primary" on:click=move |_| close()>"Done"</button>
            </div>
        </Modal>
    }
}

/// A labelled `<select>` over the values of one setting, in the order of
/// its table ([`SettingChoice`]), each by its id.
fn choice<T: SettingChoice>(
    ctx: GameContext,
    id: &'static str,
    label: &'static str,
    get: fn(&Settings) -> T,
    set: fn(&mut Settings, T),
) -> impl IntoView {
    // The first choice takes the focus when the dialog opens.
    let first = id == "theme";
    let id = format!("setting-{id}");
    let on_change = move |ev: leptos::ev::Event| {
        if let Some(value) = T::from_id(&event_target_value(&ev)) {
            update(ctx, |s| set(s, value));
        }
    };
    let items = T::ALL
        .iter()
        .map(|&value| {
            view! {
                <option value=value.id() prop:selected=move || ctx.ui.settings.with(|s| get(s) == value)>
                    {value.label()}
                </option>
            }
        })
        .collect_view();
    view! {
        <div class="setting">
            <label for=id.clone()>{label}</label>
            <select id=id autofocus=first on:change=on_change>{items}</select>
        </div>
    }
}

/// A labelled checkbox for one on/off setting.
fn switch(
    ctx: GameContext,
    id: &'static str,
    label: &'static str,
    get: fn(&Settings) -> bool,
    set: fn(&mut Settings, bool),
) -> impl IntoView {
    let id = format!("setting-{id}");
    view! {
        <div class="setting switch">
            <input
                type="checkbox"
                id=id.clone()
                prop:checked=move || ctx.ui.settings.with(get)
                on:change=move |ev| {
                    let on = event_target_checked(&ev);
                    update(ctx, |s| set(s, on));
                }
            />
            <label for=id>{label}</label>
        </div>
    }
}
