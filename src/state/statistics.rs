//! Recording finished rounds and keeping the statistics in step with
//! storage and with other tabs.
//!
//! [`Statistics::close_round`] is the one place where a round enters the
//! [`StatsBook`]: won or lost as soon as the engine says it is over,
//! abandoned when the player leaves a started round in its own tab. The book
//! keys records by round id, so a round (resumed, re-won after an undo,
//! reported by two tabs) is counted once. [`Statistics::save`] is the one
//! place where the book is merged with what storage holds and written.

use leptos::prelude::*;
use pyramid_engine::Preset;

use crate::domain::persist::{PersistError, RoundRecord, StatsBook};
use crate::domain::round::Round;
use crate::platform::clock;
use crate::platform::storage::{self, Notice, StorageError};

/// The statistics shown and kept by this tab. `Copy`, like the context
/// that holds it.
#[derive(Clone, Copy)]
pub struct Statistics {
    /// The statistics of every preset, as last saved (merged with what
    /// other tabs wrote).
    pub book: RwSignal<StatsBook>,
    /// Why the statistics could not be saved (or read) the last time, if
    /// they could not.
    pub unsaved: RwSignal<Option<StorageError>>,
}

impl Statistics {
    pub fn new(book: StatsBook, unsaved: Option<StorageError>) -> Statistics {
        Statistics {
            book: RwSignal::new(book),
            unsaved: RwSignal::new(unsaved),
        }
    }

    /// Records `round` if it is over, or as abandoned when `abandoning` and
    /// the player had started it; then saves. Returns what storage had to
    /// set aside on the way.
    pub fn close_round(&self, round: &Round, elapsed_ms: u64, abandoning: bool) -> Vec<Notice> {
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
        match self.book.with_untracked(storage::save_stats) {
            Ok(loaded) => {
                if self.book.with_untracked(|b| *b != loaded.value) {
                    self.book.set(loaded.value);
                }
                self.set_unsaved(None);
                loaded.notices
            }
            Err(e) => {
                self.set_unsaved(Some(e));
                Vec::new()
            }
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

    /// Merges an exported statistics file into the book and saves it.
    /// Nothing changes if the file cannot be read.
    pub fn import(&self, text: &str) -> Result<Vec<Notice>, PersistError> {
        let mut book = self.book.get_untracked();
        crate::domain::persist::import_stats(&mut book, text)?;
        self.book.set(book);
        Ok(self.save())
    }

    fn set_unsaved(&self, value: Option<StorageError>) {
        if self.unsaved.get_untracked() != value {
            self.unsaved.set(value);
        }
    }
}
