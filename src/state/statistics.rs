//! Recording finished rounds and keeping the statistics in step with
//! storage and with other tabs.
//!
//! [`Statistics::close_round`] is the one place where a round enters the
//! [`StatsBook`]: won or lost as soon as the engine says it is over,
//! abandoned when the player leaves a started round in its own tab. The book
//! keys records by round id, so a round (resumed, re-won after an undo,
//! reported by two tabs) is counted once. [`Statistics::save`] is the one
//! place where the book is merged with what storage holds and written.
//! What storage could not take yet waits in its queue
//! ([`storage::unsaved`]); [`Statistics::unsaved_changes`] tells the page
//! when to look again.
//!
//! An import is two steps: [`Statistics::preview_import`] reads the file
//! and says what it would do, changing nothing; [`Statistics::finish_import`]
//! merges it, the file's resets reaching the player's rounds only if the
//! player chose so.

use leptos::prelude::*;
use pyramid_engine::Preset;

use crate::domain::persist::{
    decode_stats, import_effects, DealOrigin, ImportEffect, PersistError, Resets, RoundRecord,
    StatsBook,
};
use crate::domain::round::Round;
use crate::platform::clock;
use crate::platform::storage::{self, Notice, StorageError};

/// A statistics file read and waiting for the player's choice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PendingImport {
    pub file: StatsBook,
    /// What it would do, preset by preset.
    pub effects: Vec<ImportEffect>,
}

/// The statistics shown and kept by this tab. `Copy`, like the context
/// that holds it.
#[derive(Clone, Copy)]
pub struct Statistics {
    /// The statistics of every preset, as last saved (merged with what
    /// other tabs wrote).
    pub book: RwSignal<StatsBook>,
    /// Changes whenever what waits to be saved may have (finished rounds,
    /// the round in progress, the settings: [`storage::unsaved_changes`]);
    /// [`Statistics::unsaved`] and [`storage::unsaved`] say what.
    pub unsaved_changes: RwSignal<u64>,
    /// The game whose statistics the panel shows, when the player picked
    /// one other than the table's (the table's when `None`).
    pub shown: RwSignal<Option<Preset>>,
}

thread_local! {
    /// A statistics file waiting for the player to confirm its import. A
    /// signal of its own, not part of [`Statistics`], so that only the
    /// later module, which imports, carries its code.
    static IMPORT: ArcRwSignal<Option<PendingImport>> = ArcRwSignal::new(None);
}

/// The statistics file waiting for the player to confirm its import.
pub fn pending_import() -> ArcRwSignal<Option<PendingImport>> {
    IMPORT.with(Clone::clone)
}

impl Statistics {
    pub fn new(book: StatsBook) -> Statistics {
        Statistics {
            book: RwSignal::new(book),
            unsaved_changes: RwSignal::new(0),
            shown: RwSignal::new(None),
        }
    }

    /// The game whose statistics the panel shows: `table`'s (the game on
    /// the table), unless the player picked another (tracked).
    pub fn shown_game(&self, table: Preset) -> Preset {
        self.shown.get().unwrap_or(table)
    }

    /// Why storage cannot take what waits to be saved, while anything
    /// does (tracked).
    pub fn unsaved(&self) -> Option<StorageError> {
        // `get`, not `track`: the page already carries `get`'s code.
        let _ = self.unsaved_changes.get();
        storage::unsaved_error()
    }

    /// Brings [`Statistics::unsaved`] up to date after a save (of anything).
    pub fn show_waiting(&self) {
        let changes = storage::unsaved_changes();
        if self.unsaved_changes.get_untracked() != changes {
            self.unsaved_changes.set(changes);
        }
    }

    /// Records `round` if it is over, or as abandoned when `abandoning` and
    /// the player had started it; then saves. The lesson is never recorded. Returns what storage had to
    /// set aside on the way.
    pub fn close_round(&self, round: &Round, elapsed_ms: u64, abandoning: bool) -> Vec<Notice> {
        if round.origin == DealOrigin::Lesson {
            return Vec::new();
        }
        let now = clock::now_ms();
        let record = match RoundRecord::finished(&round.game, &round.round_id, elapsed_ms, now) {
            Some(record) => record,
            None if abandoning && round.is_started() => {
                RoundRecord::abandoned(&round.game, &round.round_id, elapsed_ms, now)
            }
            None => return Vec::new(),
        };
        let record = RoundRecord {
            assisted: round.assisted,
            daily: round.daily,
            ..record
        };
        let preset = round.preset();
        if self.book.with_untracked(|b| b.contains(preset, &record.id)) {
            return Vec::new();
        }
        let mut changed = false;
        self.book.update(|b| changed = b.record(preset, record));
        if changed {
            self.save()
        } else {
            Vec::new()
        }
    }

    /// Writes the book, merged with what another tab may have written
    /// meanwhile, and shows the union.
    pub fn save(&self) -> Vec<Notice> {
        let result = self.book.with_untracked(storage::save_stats);
        self.show_waiting();
        match result {
            Ok(loaded) => {
                if self.book.with_untracked(|b| *b != loaded.value) {
                    self.book.set(loaded.value);
                }
                loaded.notices
            }
            Err(_) => Vec::new(),
        }
    }

    /// Another tab wrote `theirs`. It is merged into what this tab shows;
    /// if this tab holds rounds that `theirs` lacks (two tabs wrote at the
    /// same moment, and the later write missed the earlier), the union is
    /// written back, so no round is lost when this tab closes.
    pub fn merge_from_other_tab(&self, theirs: StatsBook) -> Vec<Notice> {
        let mut union = self.book.get_untracked();
        union.merge(&theirs);
        let missing_there = union != theirs;
        if self.book.with_untracked(|b| *b != union) {
            self.book.set(union);
        }
        if missing_there {
            self.save()
        } else {
            Vec::new()
        }
    }

    /// Forgets every result of `preset`, in this tab and (through the merge
    /// on save) in every other.
    pub fn reset(&self, preset: Preset) -> Vec<Notice> {
        let now = clock::now_ms();
        self.book.update(|b| b.reset(preset, now));
        self.save()
    }

    /// Reads an exported statistics file and, if it would change anything,
    /// holds it in [`pending_import`] for the player to confirm.
    /// Returns whether it would. Nothing changes yet.
    pub fn preview_import(&self, text: &str) -> Result<bool, PersistError> {
        let file = decode_stats(text)?;
        let effects = self.book.with_untracked(|b| import_effects(b, &file));
        let changes = !effects.is_empty();
        pending_import().set(changes.then_some(PendingImport { file, effects }));
        Ok(changes)
    }

    /// Merges the file held in [`pending_import`] into the book, its
    /// resets reaching the player's rounds as `resets` says, and saves.
    pub fn finish_import(&self, resets: Resets) -> Vec<Notice> {
        let import = pending_import();
        let Some(pending) = import.get_untracked() else {
            return Vec::new();
        };
        import.set(None);
        self.book.update(|b| b.merge_with(&pending.file, resets));
        self.save()
    }
}
