//! Statistics per preset, kept as one record per finished round.
//!
//! Storing records (not counters) makes merging two copies of the book a
//! union by round id: commutative, associative and idempotent, so two tabs
//! can merge each other's copies any number of times in any order without a
//! round being lost or counted twice. A reset is a time: records finished
//! before it are dropped, in this copy and in every copy merged into it
//! later, so an older copy from another tab cannot bring them back.

use std::borrow::Cow;
use std::cmp::Ordering;
use std::collections::BTreeMap;

use miniserde::ser::{Fragment, Map};
use miniserde::{json, Deserialize, Serialize};
use pyramid_engine::{Game, Preset, Status};

use super::{check_id, format_version, Invalid, PersistError};

/// The version [`encode_stats`] writes.
pub const STATS_VERSION: u32 = 2;

/// How a round ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum RoundEnd {
    #[serde(rename = "won")]
    Won,
    #[serde(rename = "lost")]
    Lost,
    /// A new deal was started before the round was over.
    #[serde(rename = "abandoned")]
    Abandoned,
}

/// One finished round.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct RoundRecord {
    /// The round's id ([`super::SavedRound::round_id`]).
    pub id: String,
    pub end: RoundEnd,
    pub elapsed_ms: u64,
    pub moves: u32,
    pub score: i32,
    /// Wall-clock time (ms since the Unix epoch) when the round ended.
    pub finished_at_ms: u64,
}

/// Counters carried over from version 1, which kept no records. Merging two
/// tallies takes each figure's best (the larger count, the shorter time),
/// which is what a union of the same rounds would give.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LegacyTally {
    pub won: u32,
    pub lost: u32,
    pub abandoned: u32,
    /// Wins in a row at the end of the version-1 history.
    pub current_streak: u32,
    pub best_streak: u32,
    pub best_time_ms: Option<u64>,
    pub fewest_moves: Option<u32>,
    pub best_score: Option<i32>,
}

/// The figures of SPEC §5 for one preset, derived from its records.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PresetStats {
    /// Won + lost + abandoned.
    pub played: u32,
    pub won: u32,
    pub lost: u32,
    pub abandoned: u32,
    /// Wins in a row up to the latest round (a loss or an abandon breaks it).
    pub current_streak: u32,
    pub best_streak: u32,
    /// Shortest time among wins.
    pub best_time_ms: Option<u64>,
    /// Fewest moves among wins.
    pub fewest_moves: Option<u32>,
    /// Highest score among won and lost rounds (abandoned ones are not
    /// finished, so their score does not count).
    pub best_score: Option<i32>,
}

impl PresetStats {
    /// Won / played as a whole percentage, rounded half up; `None` when
    /// nothing was played. Integer arithmetic: the page formats no float.
    pub fn win_rate_percent(&self) -> Option<u32> {
        let (won, played) = (u64::from(self.won), u64::from(self.played));
        // At most 100, as won <= played.
        (played > 0).then(|| ((200 * won + played) / (2 * played)) as u32)
    }
}

/// The statistics of every preset. Build it with [`StatsBook::record`] and
/// [`StatsBook::reset`], combine copies with [`StatsBook::merge`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StatsBook {
    /// Presets with any data; never holds an empty [`PresetBook`].
    presets: BTreeMap<Preset, PresetBook>,
}

/// One preset's share of the book. Invariant: every record finished at or
/// after `reset_at_ms`, and `legacy` is `None` once the preset was reset.
/// On the wire it is [`PresetBookV2`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct PresetBook {
    reset_at_ms: u64,
    legacy: Option<LegacyTally>,
    /// By round id.
    records: BTreeMap<String, RoundRecord>,
}

impl RoundRecord {
    /// The record of a round that is over, `None` while it is in progress.
    pub fn finished(
        game: &Game,
        round_id: &str,
        elapsed_ms: u64,
        now_ms: u64,
    ) -> Option<RoundRecord> {
        let end = match game.status() {
            Status::InProgress => return None,
            Status::Won => RoundEnd::Won,
            Status::Lost(_) => RoundEnd::Lost,
        };
        Some(RoundRecord::of(game, end, round_id, elapsed_ms, now_ms))
    }

    /// The record of a round left for a new deal before it was over.
    pub fn abandoned(game: &Game, round_id: &str, elapsed_ms: u64, now_ms: u64) -> RoundRecord {
        RoundRecord::of(game, RoundEnd::Abandoned, round_id, elapsed_ms, now_ms)
    }

    fn of(game: &Game, end: RoundEnd, id: &str, elapsed_ms: u64, now_ms: u64) -> RoundRecord {
        RoundRecord {
            id: id.to_string(),
            end,
            elapsed_ms,
            moves: u32::try_from(game.move_count()).unwrap_or(u32::MAX),
            score: game.score(),
            finished_at_ms: now_ms,
        }
    }

    /// Of two copies' records of the same round, the one a merge keeps: the
    /// later finish (ties broken by the whole record, so every copy picks the
    /// same). Keeping the later one, not the earlier, is what makes merging
    /// associative together with resets: a reset drops every record before
    /// a time, so it drops the later of two records only if it drops both.
    fn supersedes(&self, other: &RoundRecord) -> bool {
        (self.finished_at_ms, self).cmp(&(other.finished_at_ms, other)) == Ordering::Greater
    }

    fn check(&self) -> Result<(), Invalid> {
        check_id(&self.id)?;
        if !(-52..=50).contains(&self.score) {
            return Err(Invalid::ScoreOutOfRange(self.score));
        }
        Ok(())
    }
}

impl LegacyTally {
    fn join(self, other: LegacyTally) -> LegacyTally {
        fn min<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
            match (a, b) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            }
        }
        LegacyTally {
            won: self.won.max(other.won),
            lost: self.lost.max(other.lost),
            abandoned: self.abandoned.max(other.abandoned),
            current_streak: self.current_streak.max(other.current_streak),
            best_streak: self.best_streak.max(other.best_streak),
            best_time_ms: min(self.best_time_ms, other.best_time_ms),
            fewest_moves: min(self.fewest_moves, other.fewest_moves),
            best_score: self.best_score.max(other.best_score),
        }
    }
}

impl StatsBook {
    /// Adds a finished round. Recording a round already in the book changes
    /// nothing: its first finish counts, so a resumed or re-reported round is
    /// never counted twice. A round that finished before the preset's last
    /// reset is ignored. Returns whether the book changed.
    pub fn record(&mut self, preset: Preset, record: RoundRecord) -> bool {
        let book = self.presets.entry(preset).or_default();
        let changed = !book.records.contains_key(&record.id) && book.insert(record);
        self.drop_empty();
        changed
    }

    /// Whether the round `id` is recorded under `preset`.
    pub fn contains(&self, preset: Preset, id: &str) -> bool {
        self.presets
            .get(&preset)
            .is_some_and(|b| b.records.contains_key(id))
    }

    /// Forgets every round of `preset` finished so far. `now_ms` is the
    /// wall clock; the reset time is kept after the latest record even if
    /// the clock went back, so the reset covers everything shown.
    pub fn reset(&mut self, preset: Preset, now_ms: u64) {
        let book = self.presets.entry(preset).or_default();
        let after_last = book
            .records
            .values()
            .map(|r| r.finished_at_ms.saturating_add(1))
            .max()
            .unwrap_or(0);
        book.reset_at_ms = book.reset_at_ms.max(now_ms).max(after_last).max(1);
        book.records.clear();
        book.legacy = None;
    }

    /// When `preset` was last reset (0 if never).
    pub fn reset_at_ms(&self, preset: Preset) -> u64 {
        self.presets.get(&preset).map_or(0, |b| b.reset_at_ms)
    }

    /// Adds `other`'s rounds and resets to this book. A union: commutative,
    /// associative and idempotent. A round both copies hold is counted once;
    /// if they hold different finishes of it (two tabs finished the same
    /// resumed round), the later finish is kept.
    pub fn merge(&mut self, other: &StatsBook) {
        for (&preset, theirs) in &other.presets {
            self.presets.entry(preset).or_default().merge(theirs);
        }
        self.drop_empty();
    }

    /// The figures of SPEC §5 for `preset`.
    pub fn stats(&self, preset: Preset) -> PresetStats {
        let Some(book) = self.presets.get(&preset) else {
            return PresetStats::default();
        };
        let legacy = book.legacy.unwrap_or_default();
        let mut s = PresetStats {
            won: legacy.won,
            lost: legacy.lost,
            abandoned: legacy.abandoned,
            current_streak: legacy.current_streak,
            best_streak: legacy.best_streak,
            best_time_ms: legacy.best_time_ms,
            fewest_moves: legacy.fewest_moves,
            best_score: legacy.best_score,
            ..PresetStats::default()
        };
        for r in book.by_time() {
            match r.end {
                RoundEnd::Won => {
                    s.won = s.won.saturating_add(1);
                    s.current_streak = s.current_streak.saturating_add(1);
                    s.best_time_ms =
                        Some(s.best_time_ms.map_or(r.elapsed_ms, |t| t.min(r.elapsed_ms)));
                    s.fewest_moves = Some(s.fewest_moves.map_or(r.moves, |m| m.min(r.moves)));
                }
                RoundEnd::Lost => {
                    s.lost = s.lost.saturating_add(1);
                    s.current_streak = 0;
                }
                RoundEnd::Abandoned => {
                    s.abandoned = s.abandoned.saturating_add(1);
                    s.current_streak = 0;
                }
            }
            s.best_streak = s.best_streak.max(s.current_streak);
            if r.end != RoundEnd::Abandoned {
                s.best_score = Some(s.best_score.map_or(r.score, |b| b.max(r.score)));
            }
        }
        s.played = s.won.saturating_add(s.lost).saturating_add(s.abandoned);
        s
    }

    /// The latest `n` rounds of `preset`, oldest first, for a small chart.
    pub fn recent(&self, preset: Preset, n: usize) -> Vec<RoundRecord> {
        let Some(book) = self.presets.get(&preset) else {
            return Vec::new();
        };
        let all = book.by_time();
        all[all.len().saturating_sub(n)..]
            .iter()
            .map(|&r| r.clone())
            .collect()
    }

    /// Every round of `preset`, oldest first.
    pub fn records(&self, preset: Preset) -> Vec<&RoundRecord> {
        self.presets
            .get(&preset)
            .map_or_else(Vec::new, PresetBook::by_time)
    }

    fn drop_empty(&mut self) {
        self.presets.retain(|_, b| *b != PresetBook::default());
    }
}

impl PresetBook {
    fn insert(&mut self, record: RoundRecord) -> bool {
        if record.finished_at_ms < self.reset_at_ms {
            return false;
        }
        match self.records.get(&record.id) {
            Some(old) if !record.supersedes(old) => false,
            _ => {
                self.records.insert(record.id.clone(), record);
                true
            }
        }
    }

    fn merge(&mut self, other: &PresetBook) {
        // Both sides are cut at the later reset before the union, so that a
        // record dropped by the reset cannot shadow a later finish of the
        // same round on the other side.
        self.reset_at_ms = self.reset_at_ms.max(other.reset_at_ms);
        self.normalize();
        self.legacy = match (self.legacy, other.legacy) {
            (Some(a), Some(b)) => Some(a.join(b)),
            (a, b) => a.or(b),
        };
        for record in other.records.values() {
            self.insert(record.clone());
        }
        self.normalize();
    }

    /// Restores the invariant after the reset time moved.
    fn normalize(&mut self) {
        let reset = self.reset_at_ms;
        self.records.retain(|_, r| r.finished_at_ms >= reset);
        if reset > 0 {
            // Version-1 counters predate every reset.
            self.legacy = None;
        }
    }

    fn by_time(&self) -> Vec<&RoundRecord> {
        let mut all: Vec<&RoundRecord> = self.records.values().collect();
        all.sort_by(|a, b| (a.finished_at_ms, &a.id).cmp(&(b.finished_at_ms, &b.id)));
        all
    }
}

/// Version 2 on the wire.
#[derive(Serialize, Deserialize)]
struct StatsV2 {
    version: u32,
    presets: BTreeMap<Preset, PresetBookV2>,
}

/// A [`PresetBook`] on the wire: the records as a list, oldest first. Every
/// field may be missing when read; `legacy` is left out when written if
/// there is none.
#[derive(Deserialize)]
struct PresetBookV2 {
    reset_at_ms: Option<u64>,
    legacy: Option<LegacyTally>,
    records: Option<Vec<RoundRecord>>,
}

impl From<&PresetBook> for PresetBookV2 {
    fn from(book: &PresetBook) -> PresetBookV2 {
        PresetBookV2 {
            reset_at_ms: Some(book.reset_at_ms),
            legacy: book.legacy,
            records: Some(book.by_time().into_iter().cloned().collect()),
        }
    }
}

impl PresetBookV2 {
    /// The book, with each round once (the superseding copy of a repeated
    /// id); not yet validated nor cut at the reset.
    fn into_book(self) -> PresetBook {
        let mut book = PresetBook {
            legacy: self.legacy,
            ..PresetBook::default()
        };
        for record in self.records.unwrap_or_default() {
            book.insert(record);
        }
        book.reset_at_ms = self.reset_at_ms.unwrap_or(0);
        book
    }
}

impl Serialize for PresetBookV2 {
    fn begin(&self) -> Fragment<'_> {
        struct Fields<'a> {
            book: &'a PresetBookV2,
            next: u8,
        }
        impl Map for Fields<'_> {
            fn next(&mut self) -> Option<(Cow<'_, str>, &dyn Serialize)> {
                loop {
                    self.next += 1;
                    let field: (&str, &dyn Serialize) = match self.next {
                        1 => ("reset_at_ms", &self.book.reset_at_ms),
                        2 => match &self.book.legacy {
                            Some(legacy) => ("legacy", legacy),
                            None => continue,
                        },
                        3 => ("records", &self.book.records),
                        _ => return None,
                    };
                    return Some((Cow::Borrowed(field.0), field.1));
                }
            }
        }
        Fragment::Map(Box::new(Fields {
            book: self,
            next: 0,
        }))
    }
}

/// Version 1: plain counters per preset.
#[derive(Deserialize)]
struct StatsV1 {
    presets: BTreeMap<Preset, CountersV1>,
}

#[derive(Deserialize)]
struct CountersV1 {
    played: u32,
    won: u32,
    lost: u32,
    abandoned: u32,
    streak: u32,
    best_streak: u32,
    best_time_ms: Option<u64>,
    fewest_moves: Option<u32>,
    best_score: Option<i32>,
}

impl CountersV1 {
    fn migrate(self) -> Result<LegacyTally, Invalid> {
        let sum = u64::from(self.won) + u64::from(self.lost) + u64::from(self.abandoned);
        if sum != u64::from(self.played)
            || self.streak > self.best_streak
            || self.best_streak > self.won
        {
            return Err(Invalid::CountsDisagree);
        }
        if let Some(score) = self.best_score.filter(|s| !(-52..=50).contains(s)) {
            return Err(Invalid::ScoreOutOfRange(score));
        }
        Ok(LegacyTally {
            won: self.won,
            lost: self.lost,
            abandoned: self.abandoned,
            current_streak: self.streak,
            best_streak: self.best_streak,
            best_time_ms: self.best_time_ms,
            fewest_moves: self.fewest_moves,
            best_score: self.best_score,
        })
    }
}

/// The book as compact JSON, in the current version (for storage).
pub fn encode_stats(book: &StatsBook) -> String {
    json::to_string(&to_wire(book))
}

/// Reads statistics of any known version, migrated and validated. Never
/// panics.
pub fn decode_stats(text: &str) -> Result<StatsBook, PersistError> {
    let presets = match format_version(text)? {
        1 => {
            let v1: StatsV1 = json::from_str(text)?;
            let mut presets = BTreeMap::new();
            for (preset, counters) in v1.presets {
                let book = PresetBook {
                    legacy: Some(counters.migrate()?),
                    ..PresetBook::default()
                };
                presets.insert(preset, book);
            }
            presets
        }
        2 => {
            let mut presets: BTreeMap<Preset, PresetBook> = json::from_str::<StatsV2>(text)?
                .presets
                .into_iter()
                .map(|(preset, book)| (preset, book.into_book()))
                .collect();
            for book in presets.values_mut() {
                for record in book.records.values() {
                    record.check()?;
                }
                if let Some(legacy) = book.legacy {
                    let score = legacy.best_score.unwrap_or(0);
                    if !(-52..=50).contains(&score) {
                        return Err(Invalid::ScoreOutOfRange(score).into());
                    }
                }
                book.normalize();
            }
            presets
        }
        v => return Err(PersistError::UnknownVersion(v)),
    };
    let mut book = StatsBook { presets };
    book.drop_empty();
    Ok(book)
}

/// Merges an exported file into `book`. Nothing changes if the file cannot
/// be read.
pub fn import_stats(book: &mut StatsBook, text: &str) -> Result<(), PersistError> {
    let imported = decode_stats(text)?;
    book.merge(&imported);
    Ok(())
}

fn to_wire(book: &StatsBook) -> StatsV2 {
    StatsV2 {
        version: STATS_VERSION,
        presets: book
            .presets
            .iter()
            .map(|(&preset, b)| (preset, PresetBookV2::from(b)))
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(id: &str, end: RoundEnd, at: u64) -> RoundRecord {
        RoundRecord {
            id: id.into(),
            end,
            elapsed_ms: 1000 * at,
            moves: 10 + at as u32,
            score: if end == RoundEnd::Won { 20 } else { -30 },
            finished_at_ms: at,
        }
    }

    fn book(records: &[(&str, RoundEnd, u64)]) -> StatsBook {
        let mut b = StatsBook::default();
        for &(id, end, at) in records {
            b.record(Preset::Classic, rec(id, end, at));
        }
        b
    }

    use RoundEnd::*;

    #[test]
    fn figures_of_spec_section_5() {
        let b = book(&[
            ("a", Won, 1),
            ("b", Won, 2),
            ("c", Lost, 3),
            ("d", Won, 4),
            ("e", Abandoned, 5),
            ("f", Won, 6),
            ("g", Won, 7),
        ]);
        let s = b.stats(Preset::Classic);
        assert_eq!(
            (s.played, s.won, s.lost, s.abandoned),
            (7, 5, 1, 1),
            "{s:?}"
        );
        assert_eq!(s.win_rate_percent(), Some(71));
        assert_eq!((s.current_streak, s.best_streak), (2, 2));
        assert_eq!(s.best_time_ms, Some(1000));
        assert_eq!(s.fewest_moves, Some(11));
        assert_eq!(s.best_score, Some(20));
        assert_eq!(b.stats(Preset::Hard), PresetStats::default());
        let ids: Vec<String> = b
            .recent(Preset::Classic, 3)
            .into_iter()
            .map(|r| r.id)
            .collect();
        assert_eq!(ids, ["e", "f", "g"]);
        assert_eq!(b.recent(Preset::Classic, 100).len(), 7);
    }

    #[test]
    fn a_round_counts_once() {
        let mut b = book(&[("a", Won, 5)]);
        assert!(!b.record(Preset::Classic, rec("a", Won, 5)));
        // A later, different finish of the same round does not replace it.
        assert!(!b.record(Preset::Classic, rec("a", Lost, 9)));
        assert_eq!(b.stats(Preset::Classic).won, 1);
        assert_eq!(b.stats(Preset::Classic).played, 1);
        assert!(b.contains(Preset::Classic, "a"));
        // Two copies with different finishes of one round keep the later.
        b.merge(&book(&[("a", Lost, 9)]));
        assert_eq!(b.stats(Preset::Classic).lost, 1);
        assert_eq!(b.stats(Preset::Classic).played, 1);
    }

    #[test]
    fn two_tabs_merge_without_loss_or_double_count() {
        let base = book(&[("a", Won, 1)]);
        let mut tab1 = base.clone();
        let mut tab2 = base.clone();
        tab1.record(Preset::Classic, rec("b", Lost, 2));
        tab2.record(Preset::Classic, rec("c", Won, 3));
        tab2.record(Preset::Hard, rec("d", Won, 4));
        let mut merged = tab1.clone();
        merged.merge(&tab2);
        merged.merge(&tab1);
        assert_eq!(merged.stats(Preset::Classic).played, 3);
        assert_eq!(merged.stats(Preset::Hard).won, 1);
    }

    #[test]
    fn reset_survives_a_merge_with_an_older_copy() {
        let old = book(&[("a", Won, 1), ("b", Won, 2)]);
        let mut reset = old.clone();
        reset.reset(Preset::Classic, 10);
        assert_eq!(reset.stats(Preset::Classic), PresetStats::default());
        reset.merge(&old);
        assert_eq!(reset.stats(Preset::Classic).played, 0);
        // Rounds finished after the reset, in either copy, still count.
        let mut other = old.clone();
        other.record(Preset::Classic, rec("c", Won, 11));
        reset.merge(&other);
        assert_eq!(reset.stats(Preset::Classic).played, 1);
        assert!(!reset.record(Preset::Classic, rec("z", Won, 9)));
    }

    #[test]
    fn reset_covers_records_from_a_clock_ahead() {
        let mut b = book(&[("a", Won, 500)]);
        b.reset(Preset::Classic, 100);
        assert_eq!(b.reset_at_ms(Preset::Classic), 501);
        b.merge(&book(&[("a", Won, 500)]));
        assert_eq!(b.stats(Preset::Classic).played, 0);
    }

    #[test]
    fn stats_round_trip() {
        let mut b = book(&[("a", Won, 1), ("b", Lost, 2)]);
        b.reset(Preset::Hard, 7);
        let back = decode_stats(&encode_stats(&b)).unwrap();
        assert_eq!(back, b);
        // An indented copy (as exported) reads the same.
        let value: serde_json::Value = serde_json::from_str(&encode_stats(&b)).unwrap();
        let pretty = serde_json::to_string_pretty(&value).unwrap();
        assert_eq!(decode_stats(&pretty).unwrap(), b);
    }

    #[test]
    fn wire_fields_may_be_missing_and_no_legacy_is_left_out() {
        let b = decode_stats(r#"{"version":2,"presets":{"hard":{"reset_at_ms":5}}}"#).unwrap();
        assert_eq!(b.reset_at_ms(Preset::Hard), 5);
        assert!(b.records(Preset::Hard).is_empty());
        let b = decode_stats(
            r#"{"version":2,"extra":[1.5,{}],"presets":{"hard":{"records":[
            {"id":"a","end":"lost","elapsed_ms":1,"moves":1,"score":-3,"finished_at_ms":9}]}}}"#,
        )
        .unwrap();
        assert_eq!(
            (b.stats(Preset::Hard).lost, b.reset_at_ms(Preset::Hard)),
            (1, 0)
        );
        assert_eq!(
            encode_stats(&b),
            r#"{"version":2,"presets":{"hard":{"reset_at_ms":0,"records":[{"id":"a","end":"lost","elapsed_ms":1,"moves":1,"score":-3,"finished_at_ms":9}]}}}"#
        );
        // The same round twice in a list is one round: the later finish.
        let twice = r#"{"version":2,"presets":{"hard":{"records":[
            {"id":"a","end":"lost","elapsed_ms":1,"moves":1,"score":-3,"finished_at_ms":9},
            {"id":"a","end":"won","elapsed_ms":1,"moves":1,"score":3,"finished_at_ms":12}]}}}"#;
        let s = decode_stats(twice).unwrap().stats(Preset::Hard);
        assert_eq!((s.played, s.won), (1, 1));
    }

    #[test]
    fn version_1_counters_combine_with_new_records() {
        let text = r#"{"version":1,"presets":{"classic":{"played":6,"won":3,"lost":2,
            "abandoned":1,"streak":2,"best_streak":2,"best_time_ms":90000,
            "fewest_moves":70,"best_score":35}}}"#;
        let mut b = decode_stats(text).unwrap();
        b.record(Preset::Classic, rec("x", Won, 5));
        let s = b.stats(Preset::Classic);
        assert_eq!(
            (s.played, s.won, s.current_streak, s.best_streak),
            (7, 4, 3, 3)
        );
        assert_eq!(s.best_time_ms, Some(5000));
        assert_eq!(s.fewest_moves, Some(15));
        assert_eq!(s.best_score, Some(35));
        // Two tabs migrating the same old data do not double it.
        let mut again = decode_stats(text).unwrap();
        again.merge(&b);
        assert_eq!(again.stats(Preset::Classic).played, 7);
        // A reset drops the old counters too.
        again.reset(Preset::Classic, 1);
        again.merge(&decode_stats(text).unwrap());
        assert_eq!(again.stats(Preset::Classic).played, 0);
    }

    #[test]
    fn refusals() {
        let bad_counts = r#"{"version":1,"presets":{"easy":{"played":6,"won":3,"lost":2,
            "abandoned":0,"streak":0,"best_streak":0,"best_time_ms":null,
            "fewest_moves":null,"best_score":null}}}"#;
        assert!(matches!(
            decode_stats(bad_counts),
            Err(PersistError::Invalid(Invalid::CountsDisagree))
        ));
        let bad_score = r#"{"version":2,"presets":{"easy":{"reset_at_ms":0,"records":[
            {"id":"a","end":"won","elapsed_ms":1,"moves":1,"score":99,"finished_at_ms":1}]}}}"#;
        assert!(matches!(
            decode_stats(bad_score),
            Err(PersistError::Invalid(Invalid::ScoreOutOfRange(99)))
        ));
        let bad_preset = r#"{"version":2,"presets":{"spider":{"reset_at_ms":0,"records":[]}}}"#;
        assert!(matches!(decode_stats(bad_preset), Err(PersistError::Json)));
        let bad_end = r#"{"version":2,"presets":{"easy":{"records":[
            {"id":"a","end":"drawn","elapsed_ms":1,"moves":1,"score":0,"finished_at_ms":1}]}}}"#;
        assert!(matches!(decode_stats(bad_end), Err(PersistError::Json)));
        let negative_time = r#"{"version":2,"presets":{"easy":{"reset_at_ms":-1}}}"#;
        assert!(matches!(
            decode_stats(negative_time),
            Err(PersistError::Json)
        ));
        assert!(matches!(
            decode_stats(r#"{"version":9}"#),
            Err(PersistError::UnknownVersion(9))
        ));
    }

    #[test]
    fn import_merges_and_rejects_garbage_untouched() {
        let mut mine = book(&[("a", Won, 1)]);
        let theirs = book(&[("b", Lost, 2)]);
        import_stats(&mut mine, &encode_stats(&theirs)).unwrap();
        assert_eq!(mine.stats(Preset::Classic).played, 2);
        let before = mine.clone();
        assert!(import_stats(&mut mine, "{not json").is_err());
        assert_eq!(mine, before);
    }

    #[test]
    fn records_from_a_game() {
        let game = Game::new(pyramid_engine::Deal::from_number(1), Preset::Classic);
        assert_eq!(RoundRecord::finished(&game, "r", 0, 0), None);
        let r = RoundRecord::abandoned(&game, "r", 1500, 99);
        assert_eq!(
            (r.end, r.moves, r.score, r.finished_at_ms),
            (Abandoned, 0, -52, 99)
        );
    }
}
