//! Short sounds for the moves, synthesised with the Web Audio API: a few
//! oscillators with an envelope each, so nothing is downloaded.
//!
//! Sound is off until the player turns it on ([`set_enabled`], from the
//! settings). The `AudioContext` is created lazily by the first sound, and
//! only once the page has had a user gesture (the browser's sticky user
//! activation), so no sound is ever attempted before one.

use std::cell::{Cell, RefCell};

use wasm_bindgen::JsValue;
use web_sys::{AudioContext, OscillatorType};

/// What happened on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cue {
    Pair,
    King,
    Draw,
    Recycle,
    Illegal,
    Win,
    /// Sound was just turned on.
    On,
}

/// One tone: wave, start and end frequency (Hz), delay and length (s),
/// peak gain.
type Note = (OscillatorType, f32, f32, f64, f64, f32);

thread_local! {
    static ENABLED: Cell<bool> = const { Cell::new(false) };
    static CONTEXT: RefCell<Option<AudioContext>> = const { RefCell::new(None) };
}

/// Turns sound on or off (the setting).
pub fn set_enabled(on: bool) {
    ENABLED.with(|e| e.set(on));
}

/// Plays `cue` if sound is on and the player has interacted with the page.
pub fn play(cue: Cue) {
    if !ENABLED.with(Cell::get) || !user_activated() {
        return;
    }
    use OscillatorType::{Sine, Square, Triangle};
    let notes: &[Note] = match cue {
        Cue::Pair => &[
            (Sine, 660.0, 660.0, 0.0, 0.09, 0.22),
            (Sine, 990.0, 990.0, 0.06, 0.14, 0.2),
        ],
        Cue::King => &[
            (Triangle, 523.0, 523.0, 0.0, 0.4, 0.16),
            (Triangle, 784.0, 784.0, 0.02, 0.4, 0.12),
            (Sine, 1046.0, 1046.0, 0.04, 0.45, 0.1),
        ],
        Cue::Draw => &[(Triangle, 520.0, 300.0, 0.0, 0.07, 0.2)],
        Cue::Recycle => &[(Triangle, 760.0, 190.0, 0.0, 0.3, 0.16)],
        Cue::Illegal => &[(Square, 150.0, 110.0, 0.0, 0.16, 0.06)],
        Cue::Win => &[
            (Triangle, 523.0, 523.0, 0.0, 0.16, 0.18),
            (Triangle, 659.0, 659.0, 0.12, 0.16, 0.18),
            (Triangle, 784.0, 784.0, 0.24, 0.16, 0.18),
            (Triangle, 1046.0, 1046.0, 0.36, 0.6, 0.18),
        ],
        Cue::On => &[(Sine, 880.0, 880.0, 0.0, 0.1, 0.15)],
    };
    // Sound is decoration: if the browser refuses it, the game goes on.
    let _ = with_context(|ac| notes.iter().try_for_each(|note| tone(ac, note)));
}

/// Whether the page has had a user gesture (`navigator.userActivation`);
/// browsers without it are trusted to have had one, since every sound
/// follows a move.
fn user_activated() -> bool {
    let navigator = web_sys::window().map(|w| JsValue::from(w.navigator()));
    let activation = navigator
        .and_then(|n| js_sys::Reflect::get(&n, &"userActivation".into()).ok())
        .filter(|a| a.is_object());
    match activation {
        Some(a) => js_sys::Reflect::get(&a, &"hasBeenActive".into())
            .ok()
            .and_then(|v| v.as_bool())
            .unwrap_or(false),
        None => true,
    }
}

fn with_context(f: impl FnOnce(&AudioContext) -> Result<(), JsValue>) -> Result<(), JsValue> {
    CONTEXT.with(|cell| {
        let mut cell = cell.borrow_mut();
        let ac = match cell.as_ref() {
            Some(ac) => ac,
            None => cell.insert(AudioContext::new()?),
        };
        // A context created before the gesture counted starts suspended.
        let _ = ac.resume();
        f(ac)
    })
}

fn tone(ac: &AudioContext, &(wave, from, to, delay, length, peak): &Note) -> Result<(), JsValue> {
    let start = ac.current_time() + delay;
    let end = start + length;
    let osc = ac.create_oscillator()?;
    osc.set_type(wave);
    let frequency = osc.frequency();
    frequency.set_value_at_time(from, start)?;
    if to != from {
        frequency.exponential_ramp_to_value_at_time(to, end)?;
    }
    let gain = ac.create_gain()?;
    let level = gain.gain();
    level.set_value_at_time(0.0001, start)?;
    level.exponential_ramp_to_value_at_time(peak, start + 0.01)?;
    level.exponential_ramp_to_value_at_time(0.0001, end)?;
    osc.connect_with_audio_node(&gain)?
        .connect_with_audio_node(&ac.destination())?;
    osc.start_with_when(start)?;
    osc.stop_with_when(end + 0.02)
}
