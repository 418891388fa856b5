//! A deal's difficulty grade, 1 (easiest) to 5 (hardest), for its preset.
//!
//! TODO: definition.

use crate::analysis::playout::{playouts, PlayoutSummary, Strategy};
use crate::deal::Deal;
use crate::position::Board;
use crate::rules::Preset;
use crate::solver::{solve, Limits, Outcome};

/// Playouts of the [`Strategy::Casual`] player behind each grade.
pub const GRADE_PLAYOUTS: u32 = 256;

/// Positions the solver may spend on deciding whether a deal can be won at
/// all, when no playout has shown a win.
pub const GRADE_NODE_BUDGET: u64 = 200_000;

/// Whether a deal can be won, as far as the grade found out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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

/// The difficulty of `deal` under `preset`.
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
        grade: grade(preset, winnable, &summary),
        winnable,
        playouts: summary,
    }
}

/// The playouts' seed: the deal's cards, the preset and a stream number,
/// mixed with SplitMix64 steps. Custom deals get seeds as well as numbered
/// ones.
pub fn seed(deal: &Deal, preset: Preset, stream: u64) -> u64 {
    let preset_index = Preset::ALL.iter().position(|&p| p == preset).unwrap_or(0) as u64;
    let mut h = splitmix64(preset_index << 32 | stream);
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

fn grade(_preset: Preset, winnable: Winnability, summary: &PlayoutSummary) -> u8 {
    if winnable == Winnability::NotWinnable {
        return 5;
    }
    match summary.wins_per_mille() {
        800.. => 1,
        500.. => 2,
        250.. => 3,
        80.. => 4,
        _ => 5,
    }
}
