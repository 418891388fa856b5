//! A deal's name, written in one place: the status bar, the end dialog,
//! the shared text and the messages all say which deal is on the table
//! through [`DealLabel`], in the form each needs (a title, a shared text's
//! headline, words in a sentence).

use pyramid_engine::{Date, Preset};

use crate::domain::persist::DealOrigin;
use crate::domain::round::Round;

/// Which deal a round is of, and under which rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct DealLabel {
    deal: Which,
    preset: Preset,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Which {
    /// A daily deal: its date (unknown in saves from before the calendar)
    /// and its number.
    Daily(Option<Date>, Option<u32>),
    Number(u32),
    /// A deal that came with no number.
    Custom,
}

impl DealLabel {
    /// The label of deal `deal_number` (if it has one) under `preset`;
    /// `daily` when it is a daily deal, with its date if known.
    pub(crate) fn new(
        deal_number: Option<u32>,
        daily: Option<Option<Date>>,
        preset: Preset,
    ) -> DealLabel {
        let deal = match (daily, deal_number) {
            (Some(date), number) => Which::Daily(date, number),
            (None, Some(n)) => Which::Number(n),
            (None, None) => Which::Custom,
        };
        DealLabel { deal, preset }
    }

    /// The label of the deal `round` is playing.
    pub(crate) fn of(round: &Round) -> DealLabel {
        let daily =
            (round.daily.is_some() || round.origin == DealOrigin::Daily).then_some(round.daily);
        DealLabel::new(round.deal_number, daily, round.preset())
    }

    /// As the table shows it: `Deal 42 · Classic`, `Daily deal 42 ·
    /// Classic` (the status bar, the end dialog).
    pub(crate) fn title(&self) -> String {
        let deal = match self.deal {
            Which::Daily(_, Some(n)) => format!("Daily deal {n}"),
            Which::Daily(Some(date), None) => format!("Daily deal {date}"),
            Which::Daily(None, None) => "A daily deal".to_string(),
            Which::Number(n) => format!("Deal {n}"),
            Which::Custom => "A custom deal".to_string(),
        };
        format!("{deal} \u{b7} {}", self.preset.name())
    }

    /// As a shared text heads it: a daily deal by its date, which is what
    /// every player of that day shares (`Daily deal 2026-03-15 · Classic`),
    /// any other deal as [`DealLabel::title`] says it.
    pub(crate) fn headline(&self) -> String {
        match self.deal {
            Which::Daily(Some(date), _) => {
                format!("Daily deal {date} \u{b7} {}", self.preset.name())
            }
            _ => self.title(),
        }
    }

    /// In a sentence, from a lower-case letter: `deal 42, Classic rules`,
    /// `daily deal of 2026-03-15 (deal 42), Classic rules`.
    pub(crate) fn words(&self) -> String {
        let deal = match self.deal {
            Which::Daily(Some(date), Some(n)) => format!("daily deal of {date} (deal {n})"),
            Which::Daily(Some(date), None) => format!("daily deal of {date}"),
            Which::Daily(None, Some(n)) => format!("daily deal {n}"),
            Which::Daily(None, None) => "a daily deal".to_string(),
            Which::Number(n) => format!("deal {n}"),
            Which::Custom => "a custom deal".to_string(),
        };
        format!("{deal}, {} rules", self.preset.name())
    }
}

/// The English names of the months, January first.
const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// The English name of `date`'s month (`December`).
pub(crate) fn month_name(date: Date) -> &'static str {
    MONTHS[usize::from(date.month() - 1)]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(text: &str) -> Date {
        text.parse().unwrap()
    }

    #[test]
    fn labels() {
        let check = |label: DealLabel, title: &str, headline: &str, words: &str| {
            assert_eq!(label.title(), title);
            assert_eq!(label.headline(), headline);
            assert_eq!(label.words(), words);
        };
        check(
            DealLabel::new(Some(42), None, Preset::Classic),
            "Deal 42 \u{b7} Classic",
            "Deal 42 \u{b7} Classic",
            "deal 42, Classic rules",
        );
        check(
            DealLabel::new(Some(7), Some(Some(date("2026-03-15"))), Preset::Hard),
            "Daily deal 7 \u{b7} Hard",
            "Daily deal 2026-03-15 \u{b7} Hard",
            "daily deal of 2026-03-15 (deal 7), Hard rules",
        );
        check(
            DealLabel::new(None, Some(Some(date("2026-03-15"))), Preset::Hard),
            "Daily deal 2026-03-15 \u{b7} Hard",
            "Daily deal 2026-03-15 \u{b7} Hard",
            "daily deal of 2026-03-15, Hard rules",
        );
        check(
            DealLabel::new(Some(7), Some(None), Preset::Hard),
            "Daily deal 7 \u{b7} Hard",
            "Daily deal 7 \u{b7} Hard",
            "daily deal 7, Hard rules",
        );
        check(
            DealLabel::new(None, Some(None), Preset::Classic),
            "A daily deal \u{b7} Classic",
            "A daily deal \u{b7} Classic",
            "a daily deal, Classic rules",
        );
        check(
            DealLabel::new(None, None, Preset::Par),
            "A custom deal \u{b7} Par Pyramid",
            "A custom deal \u{b7} Par Pyramid",
            "a custom deal, Par Pyramid rules",
        );
    }

    #[test]
    fn a_round_is_labelled_by_its_deal() {
        let round = |origin: DealOrigin, daily: Option<Date>| Round {
            daily,
            ..Round::new(9, Preset::Classic, "r".into(), origin)
        };
        let check = |round: Round, title: &str| assert_eq!(DealLabel::of(&round).title(), title);
        check(round(DealOrigin::Number, None), "Deal 9 \u{b7} Classic");
        check(round(DealOrigin::Random, None), "Deal 9 \u{b7} Classic");
        check(
            round(DealOrigin::Daily, Some(date("2026-01-02"))),
            "Daily deal 9 \u{b7} Classic",
        );
        // A daily deal saved before the calendar knew its date.
        check(
            round(DealOrigin::Daily, None),
            "Daily deal 9 \u{b7} Classic",
        );
    }
}
