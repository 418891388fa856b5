//! Statistics per preset, kept as one record per finished round.
//!
//! Storing records (not counters) makes merging two copies of the book a
//! union by round id: commutative, associative and idempotent, so two tabs
//! can merge each other's copies any number of times in any order without a
//! round being lost or counted twice. A reset is a time: records finished
//! before it are dropped, in this copy and in every copy merged into it
//! later, so an older copy from another tab cannot bring them back.

use std::cmp::Ordering;
use std::collections::BTreeMap;

use pyramid_engine::{Date, Game, Preset, Status, MAX_SCORE, MIN_SCORE};
use serde::{Deserialize, Serialize};

use super::{check_id, check_version, Invalid, PersistError};

/// The version [`encode_stats`] writes.
pub const STATS_VERSION: u32 = 2;

/// How a round ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RoundEnd {
    Won,
    Lost,
    /// The player left the round for another deal before it was over.
    Abandoned,
}

saved_as_id!(RoundEnd {
    Won => "won",
    Lost => "lost",
    Abandoned => "abandoned",
});

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
    /// Whether the player had help (missing in older records: unassisted).
    #[serde(default)]
    pub assisted: bool,
    /// For a round of a daily deal, the date the deal belongs to (not the
    /// date it was played): the key of the daily calendar. Missing for
    /// other rounds, and in records from before the calendar.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub daily: Option<Date>,
}

/// Whether a merge applies the other copy's resets to this copy's rounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resets {
    /// A reset in either copy drops every round finished before it (two
    /// tabs: a reset in one is a reset in all).
    Apply,
    /// The other copy's resets drop none of this copy's rounds (an import
    /// the player chose to add without its resets).
    KeepMine,
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
    /// Wins without any help.
    pub clean_wins: u32,
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StatsBook {
    /// Always [`STATS_VERSION`] once decoded.
    version: u32,
    /// Presets with any data, by id; never holds an empty [`PresetBook`].
    presets: BTreeMap<Preset, PresetBook>,
}

impl StatsBook {
    /// Whether no round of any preset was ever recorded (nor reset).
    pub fn is_empty(&self) -> bool {
        self.presets.is_empty()
    }

    /// The games with any round recorded, named games first (in
    /// [`Preset::ALL`]'s order), then custom sets.
    pub fn games(&self) -> impl Iterator<Item = Preset> + '_ {
        self.presets
            .iter()
            .filter(|(_, b)| !b.records.is_empty())
            .map(|(&p, _)| p)
    }
}

impl Default for StatsBook {
    fn default() -> StatsBook {
        StatsBook {
            version: STATS_VERSION,
            presets: BTreeMap::new(),
        }
    }
}

/// One preset's share of the book. Invariant: every record finished at or
/// after `reset_at_ms`. Either field may be missing when read.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
struct PresetBook {
    #[serde(default)]
    reset_at_ms: u64,
    /// By round id; saved as a list, oldest first.
    #[serde(default, with = "records_by_time")]
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
            assisted: false,
            daily: None,
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
        if !(MIN_SCORE..=MAX_SCORE).contains(&self.score) {
            return Err(Invalid::ScoreOutOfRange(self.score));
        }
        Ok(())
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
        self.merge_with(other, Resets::Apply);
    }

    /// The merge, with the reach of `other`'s resets chosen: the two-tab
    /// merge applies them ([`Resets::Apply`]); an import lets the player
    /// keep their own rounds ([`Resets::KeepMine`]), and then never removes
    /// a record this book holds.
    pub fn merge_with(&mut self, other: &StatsBook, resets: Resets) {
        for (&preset, theirs) in &other.presets {
            self.presets
                .entry(preset)
                .or_default()
                .merge(theirs, resets);
        }
        self.drop_empty();
    }

    /// The rounds this book holds that `stored` lacks (or holds another
    /// finish of): what a failed save leaves waiting. By preset, each
    /// preset's oldest first.
    pub fn missing_from(&self, stored: &StatsBook) -> Vec<(Preset, &RoundRecord)> {
        let mut missing = Vec::new();
        for (&preset, book) in &self.presets {
            let theirs = stored.presets.get(&preset);
            for r in by_time(&book.records) {
                if theirs.and_then(|t| t.records.get(&r.id)) != Some(r) {
                    missing.push((preset, r));
                }
            }
        }
        missing
    }

    /// The figures of SPEC §5 for `preset`.
    pub fn stats(&self, preset: Preset) -> PresetStats {
        let Some(book) = self.presets.get(&preset) else {
            return PresetStats::default();
        };
        let mut s = PresetStats::default();
        for r in by_time(&book.records) {
            match r.end {
                RoundEnd::Won => {
                    s.won = s.won.saturating_add(1);
                    if !r.assisted {
                        s.clean_wins = s.clean_wins.saturating_add(1);
                    }
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
        let all = by_time(&book.records);
        all[all.len().saturating_sub(n)..]
            .iter()
            .map(|&r| r.clone())
            .collect()
    }

    /// Every round of `preset`, oldest first.
    pub fn records(&self, preset: Preset) -> Vec<&RoundRecord> {
        self.presets
            .get(&preset)
            .map_or_else(Vec::new, |b| by_time(&b.records))
    }

    fn drop_empty(&mut self) {
        self.presets.retain(|_, b| *b != PresetBook::default());
    }
}

impl PresetBook {
    fn insert(&mut self, record: RoundRecord) -> bool {
        record.finished_at_ms >= self.reset_at_ms && insert_superseding(&mut self.records, record)
    }

    fn merge(&mut self, other: &PresetBook, resets: Resets) {
        // Both sides are cut at the later reset before the union, so that a
        // record dropped by the reset cannot shadow a later finish of the
        // same round on the other side. Kept rounds keep this side's reset:
        // the other's records before it were never shown here, and those
        // after it are all the other holds.
        if resets == Resets::Apply {
            self.reset_at_ms = self.reset_at_ms.max(other.reset_at_ms);
        }
        self.normalize();
        for record in other.records.values() {
            self.insert(record.clone());
        }
        self.normalize();
    }

    /// Restores the invariant after the reset time moved.
    fn normalize(&mut self) {
        let reset = self.reset_at_ms;
        self.records.retain(|_, r| r.finished_at_ms >= reset);
    }
}

/// Adds `record` unless the map holds a copy of its round that supersedes
/// it. Returns whether the map changed.
fn insert_superseding(records: &mut BTreeMap<String, RoundRecord>, record: RoundRecord) -> bool {
    match records.get(&record.id) {
        Some(old) if !record.supersedes(old) => false,
        _ => {
            records.insert(record.id.clone(), record);
            true
        }
    }
}

/// The records, oldest first (ties by id, so every copy agrees).
fn by_time(records: &BTreeMap<String, RoundRecord>) -> Vec<&RoundRecord> {
    let mut all: Vec<&RoundRecord> = records.values().collect();
    all.sort_by(|a, b| (a.finished_at_ms, &a.id).cmp(&(b.finished_at_ms, &b.id)));
    all
}

/// A preset's records on the wire: a list, oldest first. Reading keeps
/// each round once (the superseding copy of a repeated id).
mod records_by_time {
    use std::collections::BTreeMap;

    use serde::{Deserialize, Deserializer, Serializer};

    use super::{by_time, insert_superseding, RoundRecord};

    pub fn serialize<S: Serializer>(
        records: &BTreeMap<String, RoundRecord>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(by_time(records))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<BTreeMap<String, RoundRecord>, D::Error> {
        let mut records = BTreeMap::new();
        for record in Vec::<RoundRecord>::deserialize(deserializer)? {
            insert_superseding(&mut records, record);
        }
        Ok(records)
    }
}

impl StatsBook {
    /// The checks of a freshly read book: its version, every record's id
    /// and score; then drops what its resets cover.
    pub fn validate(mut self) -> Result<StatsBook, PersistError> {
        check_version(self.version, STATS_VERSION)?;
        for book in self.presets.values_mut() {
            for record in book.records.values() {
                record.check()?;
            }
            book.normalize();
        }
        self.drop_empty();
        Ok(self)
    }
}

/// The book as compact JSON (for export, indented by the browser).
pub fn encode_stats(book: &StatsBook) -> String {
    // Maps keyed by presets and strings, numbers and unit variants: always
    // serializes.
    serde_json::to_string(book).expect("a statistics book serializes")
}

/// Reads statistics, validated. Never panics.
pub fn decode_stats(text: &str) -> Result<StatsBook, PersistError> {
    super::from_json::<StatsBook>(text, STATS_VERSION)?.validate()
}

/// What importing a file would do to one preset's rounds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportEffect {
    pub preset: Preset,
    /// Rounds the file holds that the book lacks (or holds an older finish
    /// of): what the import adds, whatever the choice about resets.
    pub added: usize,
    /// The file's reset, when it is later than the book's and would remove
    /// some of the book's rounds: its time and how many it would remove.
    pub reset: Option<(u64, usize)>,
}

/// What importing `file` into `book` would do, preset by preset (those it
/// changes in neither way are left out).
pub fn import_effects(book: &StatsBook, file: &StatsBook) -> Vec<ImportEffect> {
    let mut kept = book.clone();
    kept.merge_with(file, Resets::KeepMine);
    let mut applied = book.clone();
    applied.merge_with(file, Resets::Apply);
    let added = kept.missing_from(book);
    file.presets
        .iter()
        .map(|(&preset, theirs)| {
            // A round the file holds a later finish of is not removed.
            let removed = book
                .records(preset)
                .iter()
                .filter(|r| !applied.contains(preset, &r.id))
                .count();
            ImportEffect {
                preset,
                added: added.iter().filter(|(p, _)| *p == preset).count(),
                reset: (removed > 0).then_some((theirs.reset_at_ms, removed)),
            }
        })
        .filter(|e| e.added > 0 || e.reset.is_some())
        .collect()
}

/// Merges an exported file into `book`, applying its resets to the book's
/// rounds or not as the player chose. Nothing changes if the file cannot be
/// read.
pub fn import_stats(book: &mut StatsBook, text: &str, resets: Resets) -> Result<(), PersistError> {
    let imported = decode_stats(text)?;
    book.merge_with(&imported, resets);
    Ok(())
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
            assisted: false,
            daily: None,
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
    fn clean_wins_are_wins_without_help() {
        let mut b = book(&[("a", Won, 1), ("b", Lost, 2)]);
        b.record(
            Preset::Classic,
            RoundRecord {
                assisted: true,
                ..rec("c", Won, 3)
            },
        );
        let s = b.stats(Preset::Classic);
        assert_eq!((s.won, s.clean_wins), (2, 1));
        let back = decode_stats(&encode_stats(&b)).unwrap();
        assert_eq!(back.stats(Preset::Classic).clean_wins, 1);
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
    fn wire_fields_may_be_missing() {
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
            r#"{"version":2,"presets":{"hard":{"reset_at_ms":0,"records":[{"id":"a","end":"lost","elapsed_ms":1,"moves":1,"score":-3,"finished_at_ms":9,"assisted":false}]}}}"#
        );
        // The same round twice in a list is one round: the later finish.
        let twice = r#"{"version":2,"presets":{"hard":{"records":[
            {"id":"a","end":"lost","elapsed_ms":1,"moves":1,"score":-3,"finished_at_ms":9},
            {"id":"a","end":"won","elapsed_ms":1,"moves":1,"score":3,"finished_at_ms":12}]}}}"#;
        let s = decode_stats(twice).unwrap().stats(Preset::Hard);
        assert_eq!((s.played, s.won), (1, 1));
    }

    #[test]
    fn refusals() {
        let bad_score = r#"{"version":2,"presets":{"easy":{"reset_at_ms":0,"records":[
            {"id":"a","end":"won","elapsed_ms":1,"moves":1,"score":99,"finished_at_ms":1}]}}}"#;
        assert!(matches!(
            decode_stats(bad_score),
            Err(PersistError::Invalid(Invalid::ScoreOutOfRange(99)))
        ));
        let bad_preset = r#"{"version":2,"presets":{"spider":{"reset_at_ms":0,"records":[]}}}"#;
        assert!(matches!(
            decode_stats(bad_preset),
            Err(PersistError::Json(_))
        ));
        let bad_end = r#"{"version":2,"presets":{"easy":{"records":[
            {"id":"a","end":"drawn","elapsed_ms":1,"moves":1,"score":0,"finished_at_ms":1}]}}}"#;
        assert!(matches!(decode_stats(bad_end), Err(PersistError::Json(_))));
        let negative_time = r#"{"version":2,"presets":{"easy":{"reset_at_ms":-1}}}"#;
        assert!(matches!(
            decode_stats(negative_time),
            Err(PersistError::Json(_))
        ));
        // A newer version is named as such, whatever its shape.
        for newer in [r#"{"version":9}"#, r#"{"version":3,"presets":{}}"#] {
            assert!(matches!(
                decode_stats(newer),
                Err(PersistError::UnknownVersion(_))
            ));
        }
    }

    #[test]
    fn import_merges_and_rejects_garbage_untouched() {
        let mut mine = book(&[("a", Won, 1)]);
        let theirs = book(&[("b", Lost, 2)]);
        import_stats(&mut mine, &encode_stats(&theirs), Resets::KeepMine).unwrap();
        assert_eq!(mine.stats(Preset::Classic).played, 2);
        let before = mine.clone();
        assert!(import_stats(&mut mine, "{not json", Resets::Apply).is_err());
        assert_eq!(mine, before);
    }

    /// An import from another device whose reset is newer: five local rounds over nine days, a file
    /// reset a minute ago with one round since.
    #[test]
    fn an_import_keeps_the_players_rounds_unless_told_to_apply_its_reset() {
        const DAY: u64 = 86_400_000;
        let now = 10 * DAY;
        let mine = book(&[
            ("a", Won, DAY),
            ("b", Won, 3 * DAY),
            ("c", Lost, 5 * DAY),
            ("d", Lost, 7 * DAY),
            ("e", Abandoned, now - 120_000),
        ]);
        let mut file = book(&[("x", Won, 2 * DAY)]);
        file.reset(Preset::Classic, now - 60_000);
        file.record(Preset::Classic, rec("f", Lost, now - 30_000));
        let effects = import_effects(&mine, &file);
        assert_eq!(
            effects,
            [ImportEffect {
                preset: Preset::Classic,
                added: 1,
                reset: Some((now - 60_000, 5)),
            }]
        );
        let text = encode_stats(&file);
        let mut kept = mine.clone();
        import_stats(&mut kept, &text, Resets::KeepMine).unwrap();
        let s = kept.stats(Preset::Classic);
        assert_eq!((s.played, s.won, s.lost, s.abandoned), (6, 2, 3, 1));
        assert_eq!(kept.reset_at_ms(Preset::Classic), 0);
        let mut applied = mine.clone();
        import_stats(&mut applied, &text, Resets::Apply).unwrap();
        let s = applied.stats(Preset::Classic);
        assert_eq!((s.played, s.lost), (1, 1));
        // A second import of the same file changes nothing.
        for (mut twice, resets) in [(kept, Resets::KeepMine), (applied, Resets::Apply)] {
            let once = twice.clone();
            import_stats(&mut twice, &text, resets).unwrap();
            assert_eq!(twice, once);
            assert!(import_effects(&twice, &file)
                .iter()
                .all(|e| e.added == 0 && (resets == Resets::KeepMine || e.reset.is_none())));
        }
    }

    #[test]
    fn what_a_failed_save_leaves_waiting() {
        let stored = book(&[("a", Won, 1), ("b", Lost, 2)]);
        let mut mine = stored.clone();
        mine.record(Preset::Hard, rec("c", Lost, 5));
        mine.record(Preset::Classic, rec("d", Won, 4));
        let ids: Vec<&str> = mine
            .missing_from(&stored)
            .iter()
            .map(|(_, r)| r.id.as_str())
            .collect();
        assert_eq!(ids, ["d", "c"]); // Classic, then Hard
        assert!(stored.missing_from(&mine).is_empty());
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
