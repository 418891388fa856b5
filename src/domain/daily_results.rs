//! The daily calendar's figures, from the statistics records: each day's
//! best result, the daily streaks and the monthly tally. Pure, tested
//! natively.
//!
//! A day is the date a daily deal belongs to ([`RoundRecord::daily`]), not
//! the day it was played, so a result is filed under the same day whatever
//! the device clock said when the round ended. The records are keyed by
//! round id and merged across tabs as a union ([`crate::domain::persist::StatsBook`]);
//! a day's result is then the best of its rounds, so the merge of days is
//! a union where the best result wins.

use std::collections::BTreeMap;

use pyramid_engine::Date;

use crate::domain::persist::{RoundEnd, RoundRecord};

/// How a day's daily deal went, worst to best.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum DayOutcome {
    /// Not played.
    #[default]
    None,
    /// Started and left, or still in progress.
    Played,
    Lost,
    /// Won, with some help.
    Won,
    /// Won without any help.
    Clean,
}

impl DayOutcome {
    /// The `data-result` value of SPEC §9.
    pub fn id(self) -> &'static str {
        match self {
            DayOutcome::None => "none",
            DayOutcome::Played => "played",
            DayOutcome::Lost => "lost",
            DayOutcome::Won => "won",
            DayOutcome::Clean => "clean",
        }
    }

    /// Words for the day's button.
    pub fn words(self) -> &'static str {
        match self {
            DayOutcome::None => "not played",
            DayOutcome::Played => "played, not finished",
            DayOutcome::Lost => "lost",
            DayOutcome::Won => "won",
            DayOutcome::Clean => "clean win",
        }
    }

    pub fn is_win(self) -> bool {
        self >= DayOutcome::Won
    }
}

/// A day's best result: the best outcome of its rounds, and the fewest
/// moves and shortest time among its wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct DayResult {
    pub outcome: DayOutcome,
    pub best_moves: Option<u32>,
    pub best_time_ms: Option<u64>,
}

impl DayResult {
    /// Folds one more round of the day in; the order does not matter.
    pub fn add(&mut self, outcome: DayOutcome, moves: u32, elapsed_ms: u64) {
        self.outcome = self.outcome.max(outcome);
        if outcome.is_win() {
            self.best_moves = Some(self.best_moves.map_or(moves, |m| m.min(moves)));
            self.best_time_ms = Some(self.best_time_ms.map_or(elapsed_ms, |t| t.min(elapsed_ms)));
        }
    }
}

/// The outcome a record stands for.
pub fn outcome_of(record: &RoundRecord) -> DayOutcome {
    match record.end {
        RoundEnd::Won if record.assisted => DayOutcome::Won,
        RoundEnd::Won => DayOutcome::Clean,
        RoundEnd::Lost => DayOutcome::Lost,
        RoundEnd::Abandoned => DayOutcome::Played,
    }
}

/// Every day with a daily round among `records`, with its best result.
pub fn daily_results<'a>(
    records: impl IntoIterator<Item = &'a RoundRecord>,
) -> BTreeMap<Date, DayResult> {
    let mut days: BTreeMap<Date, DayResult> = BTreeMap::new();
    for record in records {
        if let Some(date) = record.daily {
            days.entry(date)
                .or_default()
                .add(outcome_of(record), record.moves, record.elapsed_ms);
        }
    }
    days
}

/// The daily streaks: days in a row whose daily deal was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Streaks {
    /// The run of won days that ends today, or yesterday while today's
    /// deal is not won yet.
    pub current: u32,
    /// The longest run of won days ever.
    pub best: u32,
}

/// The streaks of `days` on `today`. Days after `today` (a clock set back)
/// count towards the best streak only.
pub fn streaks(days: &BTreeMap<Date, DayResult>, today: Date) -> Streaks {
    let mut best = 0;
    let mut run = 0;
    let mut last_won: Option<u32> = None;
    let mut current = 0;
    for (date, result) in days {
        if !result.outcome.is_win() {
            continue;
        }
        let n = date.day_number();
        run = if last_won.is_some_and(|last| last + 1 == n) {
            run + 1
        } else {
            1
        };
        last_won = Some(n);
        best = best.max(run);
        let t = today.day_number();
        if n == t || n + 1 == t {
            current = run;
        }
    }
    Streaks { current, best }
}

/// A month's tally: how many of its days were won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MonthTally {
    pub won_days: u8,
    pub days_in_month: u8,
}

impl MonthTally {
    /// Every day of the month won: the month's badge.
    pub fn is_complete(&self) -> bool {
        self.won_days == self.days_in_month
    }
}

/// The tally of the month of `any_day`.
pub fn month_tally(days: &BTreeMap<Date, DayResult>, any_day: Date) -> MonthTally {
    let first = any_day.first_of_month();
    let days_in_month = first.days_in_month();
    let last = Date::new(first.year(), first.month(), days_in_month).unwrap_or(first);
    let won_days = days
        .range(first..=last)
        .filter(|(_, r)| r.outcome.is_win())
        .count() as u8;
    MonthTally {
        won_days,
        days_in_month,
    }
}

// proptest is a native dev-dependency: these run with the native tests.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn date(text: &str) -> Date {
        text.parse().unwrap()
    }

    fn rec(id: &str, end: RoundEnd, day: &str, assisted: bool, moves: u32) -> RoundRecord {
        RoundRecord {
            id: id.into(),
            end,
            elapsed_ms: u64::from(moves) * 1000,
            moves,
            score: 0,
            finished_at_ms: 0,
            assisted,
            daily: Some(date(day)),
        }
    }

    fn won_days(days: &[&str]) -> BTreeMap<Date, DayResult> {
        days.iter()
            .map(|d| {
                (
                    date(d),
                    DayResult {
                        outcome: DayOutcome::Won,
                        best_moves: Some(1),
                        best_time_ms: Some(1),
                    },
                )
            })
            .collect()
    }

    #[test]
    fn a_days_best_result_wins() {
        use RoundEnd::*;
        let records = [
            rec("a", Lost, "2026-03-01", false, 80),
            rec("b", Won, "2026-03-01", true, 70),
            rec("c", Won, "2026-03-01", false, 75),
            rec("d", Abandoned, "2026-03-02", false, 3),
            rec("e", Lost, "2026-03-03", false, 50),
            rec("f", Abandoned, "2026-03-03", false, 2),
            RoundRecord {
                daily: None,
                ..rec("g", Won, "2026-03-04", false, 60)
            },
        ];
        let days = daily_results(&records);
        let check = |day: &str, expected: Option<(DayOutcome, Option<u32>)>| {
            let got = days.get(&date(day)).map(|r| (r.outcome, r.best_moves));
            assert_eq!(got, expected, "{day}");
        };
        check("2026-03-01", Some((DayOutcome::Clean, Some(70))));
        check("2026-03-02", Some((DayOutcome::Played, None)));
        check("2026-03-03", Some((DayOutcome::Lost, None)));
        check("2026-03-04", None);
        assert_eq!(days[&date("2026-03-01")].best_time_ms, Some(70_000));
        // The order of the records does not matter.
        let mut reversed = records.clone();
        reversed.reverse();
        assert_eq!(daily_results(&reversed), days);
    }

    #[test]
    fn streaks_count_won_days_in_a_row() {
        let days = won_days(&[
            "2026-01-30",
            "2026-01-31",
            "2026-02-01",
            "2026-02-03",
            "2026-02-04",
        ]);
        let check = |today: &str, current: u32, best: u32| {
            assert_eq!(
                streaks(&days, date(today)),
                Streaks { current, best },
                "{today}"
            );
        };
        check("2026-02-04", 2, 3);
        // Today not won yet: yesterday's streak still stands.
        check("2026-02-05", 2, 3);
        check("2026-02-06", 0, 3);
        check("2026-02-01", 3, 3);
        check("2026-02-02", 3, 3);
        assert_eq!(
            streaks(&BTreeMap::new(), date("2026-02-02")),
            Streaks::default()
        );
        // Lost and unfinished days break a streak.
        let mut broken = won_days(&["2026-01-01", "2026-01-03"]);
        broken.insert(
            date("2026-01-02"),
            DayResult {
                outcome: DayOutcome::Lost,
                ..DayResult::default()
            },
        );
        assert_eq!(
            streaks(&broken, date("2026-01-03")),
            Streaks {
                current: 1,
                best: 1
            }
        );
    }

    #[test]
    fn month_tallies() {
        let days = won_days(&["2026-01-31", "2026-02-01", "2026-02-28", "2026-03-01"]);
        let feb = month_tally(&days, date("2026-02-14"));
        assert_eq!((feb.won_days, feb.days_in_month), (2, 28));
        assert!(!feb.is_complete());
        let all: Vec<String> = (1..=30).map(|d| format!("2026-04-{d:02}")).collect();
        let april = won_days(&all.iter().map(String::as_str).collect::<Vec<_>>());
        let tally = month_tally(&april, date("2026-04-01"));
        assert_eq!((tally.won_days, tally.days_in_month), (30, 30));
        assert!(tally.is_complete());
    }

    fn any_days() -> impl Strategy<Value = BTreeMap<Date, DayResult>> {
        prop::collection::btree_map(
            (20_454u32..20_554).prop_map(|n| Date::from_day_number(n).unwrap()),
            prop_oneof![
                Just(DayOutcome::Played),
                Just(DayOutcome::Lost),
                Just(DayOutcome::Won),
                Just(DayOutcome::Clean)
            ]
            .prop_map(|outcome| DayResult {
                outcome,
                ..DayResult::default()
            }),
            0..80,
        )
    }

    /// The longest run of won days, the slow way.
    fn longest_run(days: &BTreeMap<Date, DayResult>) -> u32 {
        let won = |n: u32| {
            Date::from_day_number(n)
                .and_then(|d| days.get(&d))
                .is_some_and(|r| r.outcome.is_win())
        };
        let mut best = 0;
        for start in 20_454u32..20_554 {
            let mut n = start;
            while won(n) {
                n += 1;
            }
            best = best.max(n - start);
        }
        best
    }

    proptest! {
        #[test]
        fn streaks_agree_with_counting_by_hand(days in any_days(), today in 20_454u32..20_560) {
            let today = Date::from_day_number(today).unwrap();
            let s = streaks(&days, today);
            prop_assert_eq!(s.best, longest_run(&days));
            prop_assert!(s.current <= s.best);
            // The current streak is the run of won days ending today or yesterday.
            let won = |d: Option<Date>| d.and_then(|d| days.get(&d)).is_some_and(|r| r.outcome.is_win());
            let mut end = Some(today);
            if !won(end) {
                end = today.previous();
            }
            let mut count = 0;
            while won(end) {
                count += 1;
                end = end.and_then(Date::previous);
            }
            prop_assert_eq!(s.current, count);
        }

        #[test]
        fn winning_a_day_never_shortens_a_streak(days in any_days(), day in 20_454u32..20_554) {
            let today = Date::from_day_number(20_554).unwrap();
            let before = streaks(&days, today);
            let mut more = days.clone();
            more.entry(Date::from_day_number(day).unwrap()).or_default().add(DayOutcome::Clean, 1, 1);
            let after = streaks(&more, today);
            prop_assert!(after.best >= before.best);
            prop_assert!(after.current >= before.current);
        }

        #[test]
        fn tallies_stay_within_the_month(days in any_days(), day in 20_454u32..20_554) {
            let tally = month_tally(&days, Date::from_day_number(day).unwrap());
            prop_assert!(tally.won_days <= tally.days_in_month);
        }
    }
}
