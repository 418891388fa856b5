//! The browser's storage: where the rounds in progress and the statistics
//! live between visits. The formats are in [`crate::domain::persist`]; this module
//! moves them in and out with gloo-storage and decides what to do when that
//! fails.
//!
//! `localStorage` keys (the format version is inside each value, so a key
//! never changes with the format):
//! - `pyramid.round.<round id>` ([`ROUND_PREFIX`]): one round in progress.
//!   Each open tab plays its own round and writes only its own key, so two
//!   tabs never overwrite each other's round ([`crate::platform::tabs`] says which
//!   round a tab plays).
//! - [`STATS_KEY`] `pyramid.stats`: the statistics of every preset.
//! - [`SETTINGS_KEY`] `pyramid.settings`: the player's settings.
//! - [`RECENT_KEY`] `pyramid.recent`: the player's recent custom rule
//!   sets, a convenience list written at once (not through the queue); an
//!   unreadable value is set aside like the others, and the list starts
//!   afresh.
//! - `pyramid.frame`: the shape of the table last shown, for the frame
//!   index.html draws before the wasm runs; written by `assets/pwa.js`
//!   and read by index.html's script, never by this module.
//! - `pyramid.backup.<round|stats|settings|recent>.<ms since epoch>`: a value that could not
//!   be read, kept as it was. Backups are never overwritten or removed.
//! - [`LEGACY_ROUND_KEY`] `pyramid.round`: the one round of earlier builds,
//!   moved to its own key the first time a build with per-tab rounds runs.
//!
//! Failures:
//! - A value that cannot be read (not JSON, wrong shape, a newer version,
//!   an illegal line of moves) is copied to a backup key and removed from
//!   its own key; the caller gets a [`Notice`] to show and goes on. If the
//!   backup cannot be written, the value stays where it is and is never
//!   overwritten.
//! - Storage that is disabled (reading `localStorage` throws) or full
//!   (`setItem` throws `QuotaExceededError`) gives a [`StorageError`]; the
//!   game stays playable and says that progress is not being saved.
//!   Nothing that failed to be written is dropped: every save goes through
//!   one queue held in memory, which every later save writes first, in a
//!   fixed order (the statistics, then the rounds, then the settings), so
//!   a round's key is never forgotten before its record is written. What
//!   is still waiting is [`unsaved`].
//!
//! Two tabs share one storage. [`save_stats`] reads the stored book, merges
//! it into its own and writes the union, so a round another tab recorded is
//! never overwritten; [`subscribe_storage_events`] tells a tab when another
//! tab wrote the statistics, so it can merge them into what it shows.

use std::cell::RefCell;
use std::fmt;

use gloo_storage::errors::StorageError as GlooError;
use gloo_storage::{LocalStorage, Storage};
use leptos::leptos_dom::helpers::{window_event_listener, WindowListenerHandle};
use pyramid_engine::{Game, Preset};
use serde::de::DeserializeOwned;

use crate::domain::persist::{
    decode_round, decode_settings, decode_stats, PersistError, RecentSets, RoundEnd, SavedRound,
    Settings, StatsBook,
};
use crate::platform::clock;

/// The start of the key of every round in progress; the round id follows.
pub const ROUND_PREFIX: &str = "pyramid.round.";
/// The key of the single round that builds before per-tab rounds kept.
pub const LEGACY_ROUND_KEY: &str = "pyramid.round";
/// The key of the statistics.
pub const STATS_KEY: &str = "pyramid.stats";
/// The key of the settings.
pub const SETTINGS_KEY: &str = "pyramid.settings";
/// The key of the recent custom rule sets.
pub const RECENT_KEY: &str = "pyramid.recent";
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

/// What storage could not write yet, and why: kept in memory and written
/// by the next save that succeeds. (The later module says it in words:
/// `ui/later/unsaved.rs`.)
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsaved {
    pub error: StorageError,
    /// The finished rounds the stored statistics lack, oldest first: lost
    /// if the page goes before storage takes them.
    pub finished: Vec<(Preset, RoundEnd)>,
    /// Whether a round in progress waits to be saved.
    pub round: bool,
    /// Whether the settings wait to be saved.
    pub settings: bool,
}

/// What waits to be written: the latest of each document whose write
/// failed, and why the last write failed.
#[derive(Default)]
struct Queue {
    stats: Option<StatsBook>,
    /// By key, in the order they first failed: a round to write (as its
    /// JSON), or (None) one to forget.
    rounds: Vec<(String, Option<String>)>,
    /// The settings as JSON.
    settings: Option<String>,
    failed: Option<StorageError>,
    /// Counts the saves made while (or just after) something waited.
    changes: u64,
}

thread_local! {
    static QUEUE: RefCell<Queue> = RefCell::default();
}

/// Why the last save failed, while anything waits to be written.
pub fn unsaved_error() -> Option<StorageError> {
    QUEUE.with(|q| q.borrow().failed)
}

/// A number that changes whenever what waits may have: a save that failed,
/// or the first that succeeded after.
pub fn unsaved_changes() -> u64 {
    QUEUE.with(|q| q.borrow().changes)
}

/// Whether statistics wait to be written: finished rounds (or a reset)
/// that go with the page if storage never takes them. (While they do,
/// `window.pyramidUnsaved` is true, and leaving the page asks first.)
pub fn stats_waiting() -> bool {
    QUEUE.with(|q| q.borrow().stats.is_some())
}

/// Forgets whatever waits to be written (a test starting afresh).
#[doc(hidden)]
pub fn discard_unsaved() {
    QUEUE.with(|q| *q.borrow_mut() = Queue::default());
}

/// What is waiting to be written, if anything is. The finished rounds are
/// those of the waiting statistics that storage's lack.
pub fn unsaved() -> Option<Unsaved> {
    QUEUE.with(|q| {
        let q = q.borrow();
        let error = q.failed?;
        let stored = available()
            .ok()
            .and_then(|()| read(STATS_KEY, decode_stats).ok().flatten())
            .unwrap_or_default();
        let finished = q.stats.as_ref().map_or_else(Vec::new, |book| {
            book.missing_from(&stored)
                .into_iter()
                .map(|(p, r)| (p, r.end))
                .collect()
        });
        Some(Unsaved {
            error,
            finished,
            round: q.rounds.iter().any(|(_, r)| r.is_some()),
            settings: q.settings.is_some(),
        })
    })
}

/// Adds `change` to the queue, then writes everything waiting, in order,
/// and stops at the first write that fails (what is left stays queued).
/// Returns the statistics as written, if they were, and how it went.
#[allow(clippy::type_complexity)]
fn save(change: impl FnOnce(&mut Queue)) -> (Option<Loaded<StatsBook>>, Result<(), StorageError>) {
    QUEUE.with(|q| change(&mut q.borrow_mut()));
    flush()
}

/// Writes everything waiting (see [`save`]): one function for every kind
/// of save, so the page carries its code once.
#[inline(never)]
#[allow(clippy::type_complexity)]
fn flush() -> (Option<Loaded<StatsBook>>, Result<(), StorageError>) {
    QUEUE.with(|q| {
        let q = &mut *q.borrow_mut();
        let mut written = None;
        let result = (|| {
            if let Some(book) = &q.stats {
                written = Some(write_stats(book)?);
                q.stats = None;
            }
            while let Some((key, round)) = q.rounds.first() {
                match round {
                    Some(text) => write_text(key, text),
                    None => available().map(|()| LocalStorage::delete(key)),
                }?;
                q.rounds.remove(0);
            }
            if let Some(settings) = &q.settings {
                write_text(SETTINGS_KEY, settings)?;
                q.settings = None;
            }
            Ok(())
        })();
        if q.failed.is_some() || result.is_err() {
            q.changes += 1;
        }
        q.failed = result.err();
        // Finished rounds (or a reset) that go with the page: index.html's
        // `beforeunload` handler asks the browser to confirm leaving.
        let _ = js_sys::Reflect::set(
            &js_sys::global(),
            &"pyramidUnsaved".into(),
            &q.stats.is_some().into(),
        );
        (written, result)
    })
}

/// Queues a write (`Some`, the round's JSON) or removal of the round under
/// `key`, in the place of any earlier one of the same key.
fn queue_round(q: &mut Queue, key: String, round: Option<String>) {
    match q.rounds.iter_mut().find(|(k, _)| *k == key) {
        Some(entry) => entry.1 = round,
        None => q.rounds.push((key, round)),
    }
}

/// What was saved: a round, the statistics or the settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    Round,
    Stats,
    Settings,
    Recent,
}

/// Something unreadable was found in storage. Its `Display` is a short
/// message for the player; `error` says what was wrong and where.
#[derive(Debug)]
pub struct Notice {
    pub slot: Slot,
    pub error: PersistError,
    /// The key the unreadable value was copied to, or why the copy failed
    /// (then the value was left in place, untouched).
    pub backup: Result<String, StorageError>,
}

impl Notice {
    /// What was lost, in words: "A saved round", "The saved statistics"…
    fn what(&self) -> &'static str {
        match self.slot {
            Slot::Round => "A saved round",
            Slot::Stats => "The saved statistics",
            Slot::Settings => "The saved settings",
            Slot::Recent => "The list of recent custom rule sets",
        }
    }

    /// The notice in one short sentence, for the live region.
    pub fn headline(&self) -> String {
        format!("{} could not be read.", self.what())
    }
}

impl fmt::Display for Notice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} could not be read ({}). ", self.what(), self.error)?;
        match (&self.backup, self.slot) {
            (Ok(key), Slot::Round) => write!(f, "A copy is kept under “{key}”."),
            (Ok(key), Slot::Settings) => {
                write!(
                    f,
                    "A copy is kept under “{key}”; settings are back to their defaults."
                )
            }
            (Ok(key), Slot::Stats) => {
                write!(f, "A copy is kept under “{key}”; statistics start afresh.")
            }
            (Ok(key), Slot::Recent) => {
                write!(f, "A copy is kept under “{key}”; the list starts afresh.")
            }
            (Err(_), _) => f.write_str("It was left in place; progress is not being saved."),
        }
    }
}

/// A value read from storage, with a notice for each unreadable value that
/// had to be set aside.
#[derive(Debug)]
pub struct Loaded<T> {
    pub value: T,
    pub notices: Vec<Notice>,
}

/// A round read from storage: as saved, and its game rebuilt and checked.
pub type StoredRound = (SavedRound, Game);

/// The storage key of round `round_id`.
pub fn round_key(round_id: &str) -> String {
    format!("{ROUND_PREFIX}{round_id}")
}

/// Every round saved in storage, rebuilt and re-validated; unreadable ones
/// are set aside. The round of earlier builds' single key is moved to its
/// own key first.
pub fn load_rounds() -> Result<Loaded<Vec<StoredRound>>, StorageError> {
    available()?;
    let mut notices = Vec::new();
    migrate_legacy_round(&mut notices);
    let mut rounds = Vec::new();
    for key in keys_with_prefix(ROUND_PREFIX) {
        match read(&key, decode_round) {
            Ok(Some(round)) => match round.to_game() {
                Ok(game) => rounds.push((round, game)),
                Err(error) => notices.extend(set_aside(&key, Slot::Round, error)),
            },
            Ok(None) => {}
            Err(error) => notices.extend(set_aside(&key, Slot::Round, error)),
        }
    }
    Ok(Loaded {
        value: rounds,
        notices,
    })
}

/// Saves a round in progress under its own key (after every move).
pub fn save_round(round: &SavedRound) -> Result<(), StorageError> {
    let text = json(round)?;
    save(|q| queue_round(q, round_key(&round.round_id), Some(text))).1
}

/// Forgets the saved round `round_id` (the player left it, and it is
/// recorded in the statistics: if they are still waiting to be written, so
/// does this).
pub fn remove_round(round_id: &str) -> Result<(), StorageError> {
    save(|q| queue_round(q, round_key(round_id), None)).1
}

/// The statistics. An unreadable value is set aside and an empty book
/// returned with a notice; the next [`save_stats`] then starts the key
/// afresh (the backup stays).
pub fn load_stats() -> Result<Loaded<StatsBook>, StorageError> {
    load_document(STATS_KEY, Slot::Stats, decode_stats)
}

/// The settings: the defaults when none are saved, or when the saved value
/// is unreadable (then it is set aside under a backup key, with a notice).
pub fn load_settings() -> Result<Loaded<Settings>, StorageError> {
    load_document(SETTINGS_KEY, Slot::Settings, decode_settings)
}

/// A document under `key`: the default when none is saved, or when the
/// saved value is unreadable (then it is set aside under a backup key, with
/// a notice).
fn load_document<T: DeserializeOwned + Validate + Default>(
    key: &str,
    slot: Slot,
    decode: fn(&str) -> Result<T, PersistError>,
) -> Result<Loaded<T>, StorageError> {
    available()?;
    let (value, notices) = match read(key, decode) {
        Ok(value) => (value.unwrap_or_default(), Vec::new()),
        Err(error) => (
            T::default(),
            set_aside(key, slot, error).into_iter().collect(),
        ),
    };
    Ok(Loaded { value, notices })
}

/// The settings as stored, without setting anything aside: what the page
/// applies the moment it starts, before it reads the rest.
pub fn peek_settings() -> Option<Settings> {
    available().ok()?;
    read(SETTINGS_KEY, decode_settings).ok().flatten()
}

/// Saves the settings (after every change).
pub fn save_settings(settings: &Settings) -> Result<(), StorageError> {
    let text = json(settings)?;
    save(|q| q.settings = Some(text)).1
}

/// The recent custom rule sets (none when storage holds none); `None` when
/// storage cannot be reached. An unreadable list is set aside under a
/// backup key first, with a notice, as any other document.
pub fn load_recent_sets() -> Option<Loaded<RecentSets>> {
    available().ok()?;
    Some(match read(RECENT_KEY, RecentSets::decode) {
        Ok(value) => Loaded {
            value: value.unwrap_or_default(),
            notices: Vec::new(),
        },
        Err(error) => Loaded {
            value: RecentSets::default(),
            notices: set_aside(RECENT_KEY, Slot::Recent, error)
                .into_iter()
                .collect(),
        },
    })
}

/// Saves the recent custom rule sets. A failure leaves them in memory only.
pub fn save_recent_sets(recent: &RecentSets) -> Result<(), StorageError> {
    write_text(RECENT_KEY, &json(recent)?)
}

/// Merges `book` with the statistics currently stored (another tab may have
/// written since this one read them) and writes the union. Returns the
/// union, which the caller should show from now on.
///
/// If the stored value is unreadable it is first set aside under a backup
/// key; if that copy fails, nothing is written, so the unreadable value is
/// never destroyed.
pub fn save_stats(book: &StatsBook) -> Result<Loaded<StatsBook>, StorageError> {
    // Written even if something queued after them could not be.
    match save(|q| q.stats = Some(book.clone())) {
        (Some(written), _) => Ok(written),
        (None, result) => Err(result.err().unwrap_or(StorageError::WriteFailed)),
    }
}

/// Writes the union of `book` and the stored statistics.
fn write_stats(book: &StatsBook) -> Result<Loaded<StatsBook>, StorageError> {
    available()?;
    let mut union = book.clone();
    let mut notices = Vec::new();
    match read(STATS_KEY, decode_stats) {
        Ok(Some(stored)) => union.merge(&stored),
        Ok(None) => {}
        Err(error) => {
            let notice = set_aside(STATS_KEY, Slot::Stats, error);
            if let Some(Notice { backup: Err(e), .. }) = notice {
                return Err(e);
            }
            notices.extend(notice);
        }
    }
    write_text(STATS_KEY, &json(&union)?)?;
    Ok(Loaded {
        value: union,
        notices,
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
/// Keep the handle and call `handle.remove()` in `on_cleanup`.
pub fn subscribe_storage_events(on_stats: impl Fn(StatsBook) + 'static) -> WindowListenerHandle {
    window_event_listener(leptos::ev::storage, move |event| {
        if let Some(book) = stats_from_event(&event) {
            on_stats(book);
        }
    })
}

/// Whether `localStorage` can be reached at all. gloo-storage assumes it
/// can (it throws otherwise), so every function here asks this first.
fn available() -> Result<(), StorageError> {
    match web_sys::window().map(|w| w.local_storage()) {
        Some(Ok(Some(_))) => Ok(()),
        _ => Err(StorageError::Unavailable),
    }
}

/// Reads the document under `key`: `None` when there is none. gloo reads
/// and parses it; a value it cannot parse, or one that fails the format's
/// checks, is decoded again from its text by `decode`, which says why (a
/// newer version, or where the shape is wrong).
fn read<T: DeserializeOwned + Validate>(
    key: &str,
    decode: fn(&str) -> Result<T, PersistError>,
) -> Result<Option<T>, PersistError> {
    match LocalStorage::get::<T>(key) {
        Ok(value) => value.validate().map(Some),
        Err(GlooError::KeyNotFound(_)) => Ok(None),
        Err(_) => match raw_text(key) {
            Some(text) => decode(&text).map(Some),
            None => Ok(None),
        },
    }
}

/// The format checks that follow parsing.
trait Validate: Sized {
    fn validate(self) -> Result<Self, PersistError>;
}

impl Validate for SavedRound {
    fn validate(self) -> Result<Self, PersistError> {
        SavedRound::validate(self)
    }
}

impl Validate for StatsBook {
    fn validate(self) -> Result<Self, PersistError> {
        StatsBook::validate(self)
    }
}

impl Validate for RecentSets {
    fn validate(self) -> Result<Self, PersistError> {
        Ok(self)
    }
}

impl Validate for Settings {
    fn validate(self) -> Result<Self, PersistError> {
        Settings::validate(self)
    }
}

/// A document as JSON. (The formats always serialize; an error is not a
/// panic all the same.)
fn json<T: serde::Serialize>(value: &T) -> Result<String, StorageError> {
    serde_json::to_string(value).map_err(|_| StorageError::WriteFailed)
}

/// Writes `text` under `key` as it is: every save's one way in, so the page
/// carries one copy of it.
fn write_text(key: &str, text: &str) -> Result<(), StorageError> {
    available()?;
    LocalStorage::raw().set_item(key, text).map_err(|e| {
        let name = js_sys::Reflect::get(&e, &"name".into()).ok();
        write_error(&name.and_then(|n| n.as_string()).unwrap_or_default())
    })
}

/// The error of a write that threw the DOM exception `name`. Chromium and
/// Safari say `QuotaExceededError`, old Firefox `NS_ERROR_DOM_QUOTA_REACHED`.
fn write_error(name: &str) -> StorageError {
    if name.contains("Quota") || name.contains("QUOTA") {
        StorageError::Full
    } else {
        StorageError::WriteFailed
    }
}

/// The exact text under `key`. Only backups need it: a value that cannot be
/// read is kept as it was, byte for byte.
/// The exact text kept under a backup key (for the player to download).
pub fn backup_text(key: &str) -> Option<String> {
    key.starts_with(BACKUP_PREFIX)
        .then(|| raw_text(key))
        .flatten()
}

fn raw_text(key: &str) -> Option<String> {
    LocalStorage::raw().get_item(key).ok().flatten()
}

/// The keys that start with `prefix`, sorted. Storage has no query by
/// prefix, so this walks the raw key list.
fn keys_with_prefix(prefix: &str) -> Vec<String> {
    let storage = LocalStorage::raw();
    let mut keys: Vec<String> = (0..LocalStorage::length())
        .filter_map(|i| storage.key(i).ok().flatten())
        .filter(|k| k.starts_with(prefix))
        .collect();
    keys.sort();
    keys
}

/// Moves the round of earlier builds' single key to its own key. A value
/// that cannot be read is set aside like any other.
fn migrate_legacy_round(notices: &mut Vec<Notice>) {
    match read(LEGACY_ROUND_KEY, decode_round) {
        Ok(Some(round)) => {
            let written =
                json(&round).and_then(|text| write_text(&round_key(&round.round_id), &text));
            if written.is_ok() {
                LocalStorage::delete(LEGACY_ROUND_KEY);
            }
        }
        Ok(None) => {}
        Err(error) => notices.extend(set_aside(LEGACY_ROUND_KEY, Slot::Round, error)),
    }
}

/// Copies an unreadable value to a fresh backup key, then removes it from
/// its own key. If the copy fails the value stays where it was. `None` when
/// the value vanished meanwhile (another tab set it aside first).
fn set_aside(key: &str, slot: Slot, error: PersistError) -> Option<Notice> {
    let text = raw_text(key)?;
    let name = match slot {
        Slot::Round => "round",
        Slot::Stats => "stats",
        Slot::Settings => "settings",
        Slot::Recent => "recent",
    };
    let stamp = clock::now_ms();
    let mut backup = format!("{BACKUP_PREFIX}{name}.{stamp}");
    let mut n = 1;
    // Never overwrite an earlier backup, even one made in the same millisecond.
    while raw_text(&backup).is_some() {
        backup = format!("{BACKUP_PREFIX}{name}.{stamp}-{n}");
        n += 1;
    }
    // The exact text, byte for byte.
    let copied = write_text(&backup, &text).map(|()| {
        LocalStorage::delete(key);
        backup
    });
    Some(Notice {
        slot,
        error,
        backup: copied,
    })
}
