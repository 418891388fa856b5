//! The player's settings: the dialog that changes them, and the document
//! element's attributes and classes that carry them to the stylesheet
//! (`style/themes.css`). The saved form is [`crate::domain::persist::Settings`];
//! [`crate::platform::storage`] reads and writes it under its own key.
//!
//! On the document element:
//! - `data-theme` `light | dark` (the system's `prefers-color-scheme` when
//!   the choice is System), `data-motion` `on | off` (the system's
//!   `prefers-reduced-motion` when System), `data-table` `green | blue |
//!   wine`, `data-card-back` `lattice | tartan | stars`;
//! - the classes `four-colour`, `high-contrast`, `large-cards`,
//!   `left-handed`, `zen` and `highlight-last-move` while those are on.
//!
//! They are set before the game is first drawn ([`apply_stored`] in
//! [`crate::app::start`]) and whenever a setting or a system preference
//! changes ([`install`]).

use leptos::prelude::*;
use pyramid_engine::Place;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

use crate::domain::persist::{CardBack, Motion, Settings, TableColour, Theme};
use crate::platform::sound::{self, Cue};
use crate::platform::storage::{self, Notice};
use crate::state::context::{GameContext, OpenDialog};
use crate::ui::later::dialogs::Modal;

const DARK_QUERY: &str = "(prefers-color-scheme: dark)";
const REDUCED_MOTION_QUERY: &str = "(prefers-reduced-motion: reduce)";

/// Applies the settings saved in storage at once, before anything else is
/// read or drawn, so the page never shows the wrong theme first.
pub fn apply_stored() {
    let settings = storage::peek_settings().unwrap_or_default();
    apply(
        &settings,
        media_matches(DARK_QUERY),
        media_matches(REDUCED_MOTION_QUERY),
    );
}

/// Reads the settings for the page to start with: the defaults if none are
/// saved or they cannot be read (then with a notice, and the value kept
/// under a backup key).
pub fn load() -> (Settings, Vec<Notice>) {
    match storage::load_settings() {
        Ok(loaded) => (loaded.value, loaded.notices),
        Err(_) => (Settings::default(), Vec::new()),
    }
}

/// Keeps the document element in step with the settings and the system's
/// preferences, and sound switched as the setting says, for as long as the
/// calling component lives.
pub fn install(ctx: GameContext) {
    let dark = watch_media(DARK_QUERY);
    let reduced = watch_media(REDUCED_MOTION_QUERY);
    Effect::new(move |_| {
        let settings = ctx.settings.get();
        sound::set_enabled(settings.sound);
        apply(&settings, dark.get(), reduced.get());
    });
}

/// Changes the settings with `change`, then saves them.
pub fn update(ctx: GameContext, change: impl FnOnce(&mut Settings)) {
    ctx.settings.update(change);
    // Settings storage cannot take wait in its queue, and the note says
    // so; a setting not kept still applies to this visit.
    let _ = storage::save_settings(&ctx.settings.get_untracked());
    ctx.stats.show_waiting();
}

/// Turns sound on or off (the toolbar's Sound button, the `M` key, the
/// setting), and says so.
pub fn set_sound(ctx: GameContext, on: bool) {
    update(ctx, |s| s.sound = on);
    sound::set_enabled(on);
    if on {
        sound::play(Cue::On);
    }
    ctx.message
        .set(if on { "Sound on" } else { "Sound off" }.into());
}

pub fn toggle_sound(ctx: GameContext) {
    set_sound(ctx, !ctx.settings.with_untracked(|s| s.sound));
}

/// Whether `place` should be outlined as part of the last move.
pub fn shows_last_move_at(ctx: GameContext, place: Place) -> bool {
    ctx.settings.with(|s| s.highlight_last_move)
        && ctx
            .round
            .with(|r| r.game.last_move_places().contains(&place))
}

/// The settings dialog: every choice applies and is saved at once.
#[component]
pub fn SettingsDialog() -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    let open = Signal::derive(move || ctx.dialog.get() == OpenDialog::Settings);
    let close = move || ctx.dialog.set(OpenDialog::None);
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
                            prop:checked=move || ctx.settings.with(|s| s.sound)
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
                <option value=name prop:selected=move || ctx.settings.with(|s| get(s) == i)>
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
                prop:checked=move || ctx.settings.with(get)
                on:change=move |ev| {
                    let on = event_target_checked(&ev);
                    update(ctx, |s| set(s, on));
                }
            />
            <label for=id>{label}</label>
        </div>
    }
}

/// Writes the effective choices on the document element.
fn apply(settings: &Settings, system_dark: bool, system_reduced_motion: bool) {
    let Some(root) = document().document_element() else {
        return;
    };
    let dark = match settings.theme {
        Theme::System => system_dark,
        Theme::Light => false,
        Theme::Dark => true,
    };
    let motion = match settings.motion {
        Motion::System => !system_reduced_motion,
        Motion::On => true,
        Motion::Off => false,
    };
    let table = match settings.table {
        TableColour::Green => "green",
        TableColour::Blue => "blue",
        TableColour::Wine => "wine",
    };
    let back = match settings.card_back {
        CardBack::Lattice => "lattice",
        CardBack::Tartan => "tartan",
        CardBack::Stars => "stars",
    };
    for (name, value) in [
        ("data-theme", if dark { "dark" } else { "light" }),
        ("data-motion", if motion { "on" } else { "off" }),
        ("data-table", table),
        ("data-card-back", back),
    ] {
        if root.get_attribute(name).as_deref() != Some(value) {
            let _ = root.set_attribute(name, value);
        }
    }
    let classes = root.class_list();
    for (name, on) in [
        ("four-colour", settings.four_colour),
        ("high-contrast", settings.high_contrast),
        ("large-cards", settings.large_cards),
        ("left-handed", settings.left_handed),
        ("zen", settings.zen),
        ("highlight-last-move", settings.highlight_last_move),
    ] {
        let _ = classes.toggle_with_force(name, on);
    }
}

fn media_matches(query: &str) -> bool {
    window()
        .match_media(query)
        .ok()
        .flatten()
        .is_some_and(|m| m.matches())
}

/// A signal that follows the media query `query` (false where the browser
/// cannot answer it).
fn watch_media(query: &'static str) -> ReadSignal<bool> {
    let (matches, set_matches) = signal(media_matches(query));
    if let Ok(Some(list)) = window().match_media(query) {
        // The page keeps this listener for as long as it lives.
        let on_change = Closure::<dyn Fn()>::new(move || set_matches.set(media_matches(query)));
        let _ = list.add_event_listener_with_callback("change", on_change.as_ref().unchecked_ref());
        on_change.forget();
    }
    matches
}
