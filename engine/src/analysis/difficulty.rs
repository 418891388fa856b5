//! A deal's difficulty grade, 1 (easiest) to 5 (hardest), under a preset.
//!
//! **Definition.** The grade is the share of wins in [`GRADE_PLAYOUTS`]
//! playouts of the [`Strategy::Casual`] player from the deal, a player who
//! plays sensibly but never looks ahead (Kings at once, a pair at random,
//! now and then drawing instead of taking a pair with the waste top), with
//! its random choices from ChaCha8 seeded by the deal's cards and the preset
//! ([`seed`]). That share is the chance that such a player wins the deal:
//!
//! | grade | casual player wins |
//! |---|---|
//! | 1 | at least 60 % |
//! | 2 | 35 % to 60 % |
//! | 3 | 15 % to 35 % |
//! | 4 | 3 % to 15 % |
//! | 5 | under 3 %, or the deal cannot be won |
//!
//! The scale is the same for every preset, so a grade means the same chance
//! everywhere, and the presets that are hard for people show it: most
//! winnable Hard and Traditional deals are grade 5. The bands were chosen
//! to split Classic's winnable deals into five groups of roughly equal size.
//!
//! **Deals that cannot be won** are grade 5 (no playout can win them) and
//! carry [`Winnability::NotWinnable`], so a caller can say "not winnable"
//! instead. When no playout wins, the solver decides winnability within
//! [`GRADE_NODE_BUDGET`] positions; a deal it cannot settle is
//! [`Winnability::Unknown`] and graded by its playouts like any other.
//!
//! **Calibration.** `grade-report` (a binary of this crate) checks the grade
//! against a player it was not built from: over the first 1,000 winnable deals
//! of each preset, the [`Strategy::Tidy`] player's win rate, from playouts
//! with a separate seed, falls from grade to grade. A test checks that order
//! on a smaller sample.

use serde::{Deserialize, Serialize};

use crate::analysis::playout::{playouts, PlayoutSummary, Strategy};
use crate::deal::Deal;
use crate::position::Board;
use crate::rules::{Layout, Pairing, Preset};
use crate::solver::{solve, Limits, Outcome};

/// Playouts of the [`Strategy::Casual`] player behind each grade.
pub const GRADE_PLAYOUTS: u32 = 512;

/// Positions the solver may spend on deciding whether a deal can be won at
/// all, when no playout has shown a win.
pub const GRADE_NODE_BUDGET: u64 = 100_000;

/// Whether a deal can be won, as far as the grade found out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Winnability {
    /// A playout or the solver won it.
    Winnable,
    /// The solver proved that no line wins it.
    NotWinnable,
    /// The solver ran out of its budget ([`GRADE_NODE_BUDGET`]) and no
    /// playout won.
    Unknown,
}

/// A deal's difficulty under a preset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Difficulty {
    /// 1 (easiest) to 5 (hardest).
    pub grade: u8,
    pub winnable: Winnability,
    /// The casual player's playouts the grade comes from.
    pub playouts: PlayoutSummary,
}

/// The difficulty of deal `number` under `preset`.
pub fn difficulty_of_number(number: u32, preset: Preset) -> Difficulty {
    difficulty(&Deal::from_number(number), preset)
}

/// The difficulty of `deal` under `preset` (see the module docs). It takes
/// a few milliseconds natively, at most a few tens when the solver has to
/// decide whether the deal can be won.
pub fn difficulty(deal: &Deal, preset: Preset) -> Difficulty {
    let board = Board::new(*deal, preset);
    let start = board.start();
    let summary = playouts(
        &board,
        &start,
        Strategy::Casual,
        seed(deal, preset, 0),
        GRADE_PLAYOUTS,
    );
    let winnable = if summary.wins > 0 {
        Winnability::Winnable
    } else {
        let limits = Limits {
            max_nodes: GRADE_NODE_BUDGET,
        };
        match solve(&board, &start, limits).outcome {
            Outcome::Win => Winnability::Winnable,
            Outcome::Loss => Winnability::NotWinnable,
            Outcome::Unknown => Winnability::Unknown,
        }
    };
    Difficulty {
        grade: grade(winnable, &summary),
        winnable,
        playouts: summary,
    }
}

/// A seed for playouts of `deal` under `preset`: the preset's rules, a
/// stream number and the deal's cards, mixed with SplitMix64 steps. Presets
/// with the same rules (Classic and Medium) share their seeds and so their
/// grades, and custom deals get seeds as well as numbered ones. The grade
/// uses stream 0; any other stream gives independent playouts (the
/// calibration uses stream 1).
pub fn seed(deal: &Deal, preset: Preset, stream: u64) -> u64 {
    let rules = preset.rules();
    // The family's other rules take bits that are zero for the seven
    // presets' family (one card a turn, one waste, a stock, pairs of 13, no
    // overlap), so the seven presets' seeds, and their grades, stay as they
    // were.
    let rules_code = u64::from(rules.passes.unwrap_or(0))
        | (rules.win as u64) << 8
        | (rules.stock_mode as u64) << 16
        | (rules.loss as u64) << 24
        | u64::from(rules.turn != 1) << 26
        | u64::from(rules.wastes != 1) << 27
        | u64::from(rules.layout != Layout::Stock) << 28
        | u64::from(rules.pairing != Pairing::Thirteen) << 29
        | u64::from(rules.overlap) << 30;
    let mut h = splitmix64(rules_code << 32 ^ stream);
    for card in deal.cards() {
        h = splitmix64(h ^ u64::from(card.index()));
    }
    h
}

fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The grade of a casual player's win rate, in wins per thousand playouts
/// (see the table in the module docs).
pub fn grade_of_wins_per_mille(wins_per_mille: u32) -> u8 {
    match wins_per_mille {
        600.. => 1,
        350.. => 2,
        150.. => 3,
        30.. => 4,
        _ => 5,
    }
}

fn grade(winnable: Winnability, summary: &PlayoutSummary) -> u8 {
    if winnable == Winnability::NotWinnable {
        return 5;
    }
    grade_of_wins_per_mille(summary.wins_per_mille())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Deals `deals` of `preset` that the grade found winnable, grouped by
    /// grade: for each, the tidy player's wins and playouts (stream 1, a
    /// separate seed). Asserts that the tidy player's win rate never rises
    /// from one grade to a harder one, among grades with at least
    /// `min_deals` deals, and returns how many grades had that many.
    fn check(preset: Preset, deals: std::ops::RangeInclusive<u32>, min_deals: u32) -> usize {
        let mut by_grade = [(0u32, 0u64, 0u64); 6];
        for number in deals {
            let deal = Deal::from_number(number);
            let d = difficulty(&deal, preset);
            if d.winnable != Winnability::Winnable {
                continue;
            }
            let board = Board::new(deal, preset);
            let tidy = playouts(
                &board,
                &board.start(),
                Strategy::Tidy,
                seed(&deal, preset, 1),
                128,
            );
            let cell = &mut by_grade[usize::from(d.grade)];
            cell.0 += 1;
            cell.1 += u64::from(tidy.wins);
            cell.2 += u64::from(tidy.playouts);
        }
        let rates: Vec<(usize, f64)> = (1..=5)
            .filter(|&g| by_grade[g].0 >= min_deals)
            .map(|g| (g, by_grade[g].1 as f64 / by_grade[g].2 as f64))
            .collect();
        for pair in rates.windows(2) {
            assert!(
                pair[0].1 >= pair[1].1,
                "{preset}: the tidy player wins more at grade {} than at grade {}: {by_grade:?}",
                pair[1].0,
                pair[0].0
            );
        }
        rates.len()
    }

    #[test]
    fn a_different_player_wins_less_at_each_harder_grade() {
        // Medium has Classic's rules, so it has Classic's grades.
        // Hard and Traditional deals are rarely winnable and mostly grade 5,
        // so they need more deals for fewer grades with enough of them.
        for (preset, deals, min_deals, graded) in [
            (Preset::Classic, 1..=400, 20, 5),
            (Preset::Easy, 1..=300, 20, 5),
            (Preset::Relaxed, 1..=400, 20, 5),
            (Preset::Par, 1..=400, 20, 5),
            (Preset::Hard, 1..=3000, 10, 3),
            (Preset::Traditional, 1..=3000, 10, 3),
        ] {
            let qualified = check(preset, deals, min_deals);
            assert!(
                qualified >= graded,
                "{preset}: {qualified} grades with {min_deals} deals"
            );
        }
    }

    #[test]
    fn grades_fixtures() {
        let check = |wins_per_mille: u32, grade: u8| {
            assert_eq!(
                grade_of_wins_per_mille(wins_per_mille),
                grade,
                "{wins_per_mille}"
            );
        };
        check(1000, 1);
        check(600, 1);
        check(599, 2);
        check(350, 2);
        check(349, 3);
        check(150, 3);
        check(149, 4);
        check(30, 4);
        check(29, 5);
        check(0, 5);
    }

    #[test]
    fn unwinnable_deals_are_grade_5_and_flagged_and_grades_repeat() {
        // Hard deal 2 cannot be won; Classic deal 1 can.
        let lost = difficulty_of_number(2, Preset::Hard);
        assert_eq!((lost.grade, lost.winnable), (5, Winnability::NotWinnable));
        assert_eq!(lost.playouts.wins, 0);
        let won = difficulty_of_number(1, Preset::Classic);
        assert_eq!(won.winnable, Winnability::Winnable);
        assert_eq!(won, difficulty_of_number(1, Preset::Classic));
        // Medium is Classic's rules under another name.
        assert_eq!(won, difficulty_of_number(1, Preset::Medium));
        assert_eq!(won.playouts.playouts, GRADE_PLAYOUTS);
    }
}
