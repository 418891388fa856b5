//! The player's settings: changing and saving them, and the document
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
//! the app's start) and whenever a setting or a system preference
//! changes ([`install`]).

use leptos::prelude::*;
use pyramid_engine::Place;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

use crate::domain::persist::{Motion, SettingChoice, Settings, Theme};
use crate::platform::sound::{self, Cue};
use crate::platform::storage::{self, Notice};
use crate::state::announce;
use crate::state::context::GameContext;

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
        let settings = ctx.ui.settings.get();
        sound::set_enabled(settings.sound);
        apply(&settings, dark.get(), reduced.get());
    });
}

/// Changes the settings with `change`, then saves them.
pub fn update(ctx: GameContext, change: impl FnOnce(&mut Settings)) {
    ctx.ui.settings.update(change);
    // Settings storage cannot take wait in its queue, and the note says
    // so; a setting not kept still applies to this visit.
    let _ = storage::save_settings(&ctx.ui.settings.get_untracked());
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
    announce::say(ctx, if on { "Sound on" } else { "Sound off" });
}

pub fn toggle_sound(ctx: GameContext) {
    set_sound(ctx, !ctx.ui.settings.with_untracked(|s| s.sound));
}

/// Whether `place` should be outlined as part of the last move.
pub fn shows_last_move_at(ctx: GameContext, place: Place) -> bool {
    ctx.ui.settings.with(|s| s.highlight_last_move)
        && ctx
            .table
            .round
            .with(|r| r.game.last_move_places().contains(&place))
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
    for (name, value) in [
        ("data-theme", if dark { "dark" } else { "light" }),
        ("data-motion", if motion { "on" } else { "off" }),
        ("data-table", settings.table.id()),
        ("data-card-back", settings.card_back.id()),
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
