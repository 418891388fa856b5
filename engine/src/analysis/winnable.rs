//! "Winnable deals only": which deal a player who asked for a winnable one
//! gets. Never an unproven one: a candidate the solver proves winnable, or
//! else the day's daily deal, which is proven winnable by construction.

use crate::analysis::difficulty::difficulty_of_number;
use crate::daily::daily_deal;
use crate::rules::Preset;
use crate::solver::{is_winnable, Limits};

/// Positions one candidate may cost.
pub const WINNABLE_NODE_BUDGET: u64 = 300_000;

/// Random deals tried before the day's daily deal is dealt instead. Even
/// Hard (about 4 % winnable) misses 200 times in a row only once in about
/// 3,500 requests.
pub const WINNABLE_TRIES: u32 = 200;

/// The first of the first [`WINNABLE_TRIES`] `candidates` (random numbers
/// the caller drew; 0 counts as 1) that the solver proves winnable under
/// `preset` within [`WINNABLE_NODE_BUDGET`] and that has difficulty
/// `grade` when one is asked for; or else the daily deal of day `day`
/// (days since the Unix epoch).
pub fn winnable_deal_number(
    preset: Preset,
    candidates: impl IntoIterator<Item = u32>,
    grade: Option<u8>,
    day: u32,
) -> u32 {
    let limits = Limits {
        max_nodes: WINNABLE_NODE_BUDGET,
    };
    candidates
        .into_iter()
        .take(WINNABLE_TRIES as usize)
        .map(|n| n.max(1))
        .find(|&number| {
            is_winnable(number, preset, limits)
                && grade.is_none_or(|g| difficulty_of_number(number, preset).grade == g)
        })
        .unwrap_or_else(|| daily_deal(preset, day))
}

/// The Wilson score interval at 95 % for a share of winnable deals:
/// `successes` of `n` deals won, as the low and high shares (0 to 1).
pub fn wilson_interval(successes: f64, n: f64) -> (f64, f64) {
    const Z: f64 = 1.959_963_984_540_054;
    let p = successes / n;
    let denom = 1.0 + Z * Z / n;
    let centre = (p + Z * Z / (2.0 * n)) / denom;
    let half = Z * ((p * (1.0 - p) / n) + Z * Z / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_of_a_half() {
        let (low, high) = wilson_interval(50.0, 100.0);
        assert!((low - 0.4038).abs() < 1e-3 && (high - 0.5962).abs() < 1e-3);
        assert_eq!(wilson_interval(0.0, 10.0).0, 0.0);
        assert!(wilson_interval(10.0, 10.0).1 <= 1.0);
    }

    const DAY: u32 = 20_500;

    #[test]
    fn winnable_deals_are_proven_winnable() {
        let limits = Limits {
            max_nodes: WINNABLE_NODE_BUDGET,
        };
        // Hard wins about 4 % of deals: most candidates are refused.
        let mut candidates = (1u32..).map(|n| n.wrapping_mul(2_654_435_761));
        for _ in 0..5 {
            let n = winnable_deal_number(Preset::Hard, &mut candidates, None, DAY);
            assert!(is_winnable(n, Preset::Hard, limits), "{n}");
        }
    }

    #[test]
    fn with_no_provable_candidate_the_daily_deal_is_dealt() {
        // Hard deal 2 is lost; 0 stands for deal 1, which is not lost.
        let limits = Limits {
            max_nodes: WINNABLE_NODE_BUDGET,
        };
        assert!(!is_winnable(2, Preset::Hard, limits));
        assert_eq!(
            winnable_deal_number(Preset::Hard, [2; 500], None, DAY),
            daily_deal(Preset::Hard, DAY)
        );
        // Only the first WINNABLE_TRIES candidates are tried.
        let winnable = (1..200)
            .find(|&n| is_winnable(n, Preset::Hard, limits))
            .unwrap();
        let late = std::iter::repeat_n(2, WINNABLE_TRIES as usize).chain([winnable]);
        assert_eq!(
            winnable_deal_number(Preset::Hard, late, None, DAY),
            daily_deal(Preset::Hard, DAY)
        );
        let early = std::iter::repeat_n(2, WINNABLE_TRIES as usize - 1).chain([winnable]);
        assert_eq!(
            winnable_deal_number(Preset::Hard, early, None, DAY),
            winnable
        );
        assert_eq!(winnable_deal_number(Preset::Classic, [0], None, DAY), 1);
    }

    #[test]
    fn a_grade_filters_the_candidates() {
        let n = winnable_deal_number(Preset::Classic, 1..60, Some(1), DAY);
        assert_eq!(difficulty_of_number(n, Preset::Classic).grade, 1);
        // A grade no deal has falls back to the daily deal.
        assert_eq!(
            winnable_deal_number(Preset::Classic, 1..60, Some(9), DAY),
            daily_deal(Preset::Classic, DAY)
        );
    }
}
