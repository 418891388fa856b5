//! The browser's `localStorage`: where the round in progress and the
//! statistics live between visits. The formats are in [`crate::persist`];
//! this module only moves text in and out and decides what to do when that
//! fails.
//!
//! Keys (the format version is inside each value, so a key never changes
//! with the format and an old value is migrated in place):
//! - [`ROUND_KEY`] `pyramid.round`: the round in progress.
//! - [`STATS_KEY`] `pyramid.stats`: the statistics of every preset.
//! - `pyramid.backup.<round|stats>.<ms since epoch>`: a value that could not
//!   be read, kept as it was. Backups are never overwritten or removed.
//!
//! Failures:
//! - A value that cannot be read (not JSON, wrong shape, a newer version,
//!   an illegal line of moves) is copied to a backup key and removed from
//!   its own key; the caller gets a [`Notice`] to show and goes on with a
//!   new round or an empty book. If the backup cannot be written, the value
//!   stays where it is and is never overwritten.
//! - Storage that is disabled (reading `localStorage` throws) or full
//!   (`setItem` throws `QuotaExceededError`) gives a [`StorageError`]; the
//!   game stays playable and says that progress is not being saved.
//!
//! Two tabs share one storage. [`save_stats`] reads the stored book, merges
//! it into its own and writes the union, so a round another tab recorded is
//! never overwritten; [`subscribe_storage_events`] tells a tab when another
//! tab wrote the statistics, so it can merge them into what it shows.

use std::fmt;

use leptos::leptos_dom::helpers::{window_event_listener, WindowListenerHandle};
use pyramid_engine::Game;
use wasm_bindgen::{JsCast, JsValue};

use crate::persist::{
    decode_round, decode_stats, encode_round, encode_stats, PersistError, SavedRound, StatsBook,
};

/// The key of the round in progress.
pub const ROUND_KEY: &str = "pyramid.round";
/// The key of the statistics.
pub const STATS_KEY: &str = "pyramid.stats";
/// The start of every backup key.
pub const BACKUP_PREFIX: &str = "pyramid.backup.";

/// Why storage could not be used. The game goes on without saving.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StorageError {
    /// `localStorage` is missing or access to it throws (disabled by the
    /// browser or its settings, or a sandboxed page).
    Unavailable,
    /// Writing threw `QuotaExceededError`: storage is full.
    Full,
    /// Writing threw for another reason.
    WriteFailed,
}

impl fmt::Display for StorageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            StorageError::Unavailable => "browser storage is not available",
            StorageError::Full => "browser storage is full",
            StorageError::WriteFailed => "browser storage refused to save",
        })
    }
}

impl std::error::Error for StorageError {}

/// What was saved: the round or the statistics.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    Round,
    Stats,
}

/// Something unreadable was found in storage. Its `Display` is a short
/// message for the player.
#[derive(Debug)]
pub struct Notice {
    pub slot: Slot,
    pub error: PersistError,
    /// The key the unreadable value was copied to, or why the copy failed
    /// (then the value was left in place, untouched).
    pub backup: Result<String, StorageError>,
}

impl fmt::Display for Notice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.slot {
            Slot::Round => "The saved round",
            Slot::Stats => "The saved statistics",
        };
        write!(f, "{what} could not be read ({}). ", self.error)?;
        match (&self.backup, self.slot) {
            (Ok(key), Slot::Round) => write!(f, "A copy is kept under “{key}”."),
            (Ok(key), Slot::Stats) => {
                write!(f, "A copy is kept under “{key}”; statistics start afresh.")
            }
            (Err(_), _) => f.write_str("It was left in place; progress is not being saved."),
        }
    }
}

/// A value read from storage, with a notice when something unreadable had
/// to be set aside.
#[derive(Debug)]
pub struct Loaded<T> {
    pub value: T,
    pub notice: Option<Notice>,
}

/// The round in progress, if one is saved, rebuilt and re-validated.
pub fn load_round() -> Result<Loaded<Option<(SavedRound, Game)>>, StorageError> {
    let storage = local_storage()?;
    let Some(text) = get(&storage, ROUND_KEY)? else {
        return Ok(Loaded {
            value: None,
            notice: None,
        });
    };
    let decoded = decode_round(&text).and_then(|round| {
        let game = round.to_game()?;
        Ok((round, game))
    });
    match decoded {
        Ok(pair) => Ok(Loaded {
            value: Some(pair),
            notice: None,
        }),
        Err(error) => Ok(Loaded {
            value: None,
            notice: Some(set_aside(&storage, Slot::Round, &text, error)),
        }),
    }
}

/// Saves the round in progress (after every move).
pub fn save_round(round: &SavedRound) -> Result<(), StorageError> {
    set(&local_storage()?, ROUND_KEY, &encode_round(round))
}

/// Forgets the saved round.
pub fn clear_round() -> Result<(), StorageError> {
    local_storage()?
        .remove_item(ROUND_KEY)
        .map_err(|_| StorageError::Unavailable)
}

/// The statistics. An unreadable value is set aside and an empty book
/// returned with a notice; the next [`save_stats`] then starts the key
/// afresh (the backup stays).
pub fn load_stats() -> Result<Loaded<StatsBook>, StorageError> {
    let storage = local_storage()?;
    let Some(text) = get(&storage, STATS_KEY)? else {
        return Ok(Loaded {
            value: StatsBook::default(),
            notice: None,
        });
    };
    match decode_stats(&text) {
        Ok(book) => Ok(Loaded {
            value: book,
            notice: None,
        }),
        Err(error) => Ok(Loaded {
            value: StatsBook::default(),
            notice: Some(set_aside(&storage, Slot::Stats, &text, error)),
        }),
    }
}

/// Merges `book` with the statistics currently stored (another tab may have
/// written since this one read them) and writes the union. Returns the
/// union, which the caller should show from now on.
///
/// If the stored value is unreadable it is first set aside under a backup
/// key; if that copy fails, nothing is written, so the unreadable value is
/// never destroyed.
pub fn save_stats(book: &StatsBook) -> Result<Loaded<StatsBook>, StorageError> {
    let storage = local_storage()?;
    let mut union = book.clone();
    let mut notice = None;
    if let Some(text) = get(&storage, STATS_KEY)? {
        match decode_stats(&text) {
            Ok(stored) => union.merge(&stored),
            Err(error) => {
                let set_aside = set_aside(&storage, Slot::Stats, &text, error);
                if let Err(e) = &set_aside.backup {
                    return Err(*e);
                }
                notice = Some(set_aside);
            }
        }
    }
    set(&storage, STATS_KEY, &encode_stats(&union))?;
    Ok(Loaded {
        value: union,
        notice,
    })
}

/// The statistics another tab just wrote, if `event` is about them and they
/// can be read (an unreadable value is left for the next load or save to
/// set aside).
pub fn stats_from_event(event: &web_sys::StorageEvent) -> Option<StatsBook> {
    if event.key().as_deref() != Some(STATS_KEY) {
        return None;
    }
    decode_stats(&event.new_value()?).ok()
}

/// Calls `on_stats` with the book another tab wrote, each time one does.
/// (The `storage` event fires only in the other tabs of the same origin.)
/// Merge it into the shown book; keep the handle and call
/// `handle.remove()` in `on_cleanup`.
pub fn subscribe_storage_events(on_stats: impl Fn(StatsBook) + 'static) -> WindowListenerHandle {
    window_event_listener(leptos::ev::storage, move |event| {
        if let Some(book) = stats_from_event(&event) {
            on_stats(book);
        }
    })
}

/// Milliseconds since the Unix epoch, by the browser's clock: for record
/// times, resets and backup keys.
pub fn now_ms() -> u64 {
    let now = js_sys::Date::now();
    if now.is_finite() && now > 0.0 {
        now as u64
    } else {
        0
    }
}

fn local_storage() -> Result<web_sys::Storage, StorageError> {
    web_sys::window()
        .ok_or(StorageError::Unavailable)?
        .local_storage()
        .ok()
        .flatten()
        .ok_or(StorageError::Unavailable)
}

fn get(storage: &web_sys::Storage, key: &str) -> Result<Option<String>, StorageError> {
    storage.get_item(key).map_err(|_| StorageError::Unavailable)
}

fn set(storage: &web_sys::Storage, key: &str, value: &str) -> Result<(), StorageError> {
    storage.set_item(key, value).map_err(|e| write_error(&e))
}

fn write_error(error: &JsValue) -> StorageError {
    match error.dyn_ref::<web_sys::DomException>() {
        // Chromium and Safari say QuotaExceededError, old Firefox
        // NS_ERROR_DOM_QUOTA_REACHED; code 22 is the legacy constant.
        Some(e) if e.name().contains("Quota") || e.name().contains("QUOTA") || e.code() == 22 => {
            StorageError::Full
        }
        _ => StorageError::WriteFailed,
    }
}

/// Copies an unreadable value to a fresh backup key, then removes it from
/// its own key. If the copy fails the value stays where it was.
fn set_aside(storage: &web_sys::Storage, slot: Slot, text: &str, error: PersistError) -> Notice {
    let (key, name) = match slot {
        Slot::Round => (ROUND_KEY, "round"),
        Slot::Stats => (STATS_KEY, "stats"),
    };
    let stamp = now_ms();
    let mut backup = format!("{BACKUP_PREFIX}{name}.{stamp}");
    let mut n = 1;
    // Never overwrite an earlier backup, even one made in the same millisecond.
    while matches!(storage.get_item(&backup), Ok(Some(_))) {
        backup = format!("{BACKUP_PREFIX}{name}.{stamp}-{n}");
        n += 1;
    }
    let backup = set(storage, &backup, text).map(|()| {
        // Removing can only fail if storage vanished; the next read would
        // set the same value aside again, which loses nothing.
        let _ = storage.remove_item(key);
        backup
    });
    Notice {
        slot,
        error,
        backup,
    }
}
