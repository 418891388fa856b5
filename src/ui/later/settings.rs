//! The settings dialog: every choice applies and is saved at once
//! ([`crate::state::settings`]).

use leptos::prelude::*;

use crate::domain::persist::{CardBack, Motion, Settings, TableColour, Theme};
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
                    {choice(
                        ctx,
                        "theme",
                        "Theme",
                        &[("system", "System"), ("light", "Light"), ("dark", "Dark")],
                        |s| s.theme as usize,
                        |s, i| s.theme = [Theme::System, Theme::Light, Theme::Dark][i],
                    )}
                    {choice(
                        ctx,
                        "table",
                        "Table colour",
                        &[("green", "Green felt"), ("blue", "Blue"), ("wine", "Burgundy")],
                        |s| s.table as usize,
                        |s, i| s.table = [TableColour::Green, TableColour::Blue, TableColour::Wine][i],
                    )}
                    {choice(
                        ctx,
                        "card-back",
                        "Card back",
                        &[("lattice", "Blue lattice"), ("tartan", "Red tartan"), ("stars", "Night stars")],
                        |s| s.card_back as usize,
                        |s, i| s.card_back = [CardBack::Lattice, CardBack::Tartan, CardBack::Stars][i],
                    )}
                    {choice(
                        ctx,
                        "motion",
                        "Motion",
                        &[("system", "System"), ("on", "On"), ("off", "Off")],
                        |s| s.motion as usize,
                        |s, i| s.motion = [Motion::System, Motion::On, Motion::Off][i],
                    )}
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

/// A labelled `<select>` over the values of one setting, by their place
/// in `options` (`value`, text): one function for every such setting keeps
/// the page small.
fn choice(
    ctx: GameContext,
    id: &'static str,
    label: &'static str,
    options: &'static [(&'static str, &'static str)],
    get: fn(&Settings) -> usize,
    set: fn(&mut Settings, usize),
) -> impl IntoView {
    // The first choice takes the focus when the dialog opens.
    let first = id == "theme";
    let id = format!("setting-{id}");
    let on_change = move |ev: leptos::ev::Event| {
        let value = event_target_value(&ev);
        if let Some(i) = options.iter().position(|(name, _)| *name == value) {
            update(ctx, |s| set(s, i));
        }
    };
    let items = options
        .iter()
        .enumerate()
        .map(|(i, &(name, text))| {
            view! {
                <option value=name prop:selected=move || ctx.ui.settings.with(|s| get(s) == i)>
                    {text}
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
