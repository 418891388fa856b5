//! The solver as a coach: questions about a round that the exact solver
//! answers, for the player rather than for the hint button.
//!
//! - [`where_lost()`]: the move of the player's line that gave the win away,
//!   with the index to rewind to and a winning line from there.
//! - [`shortest_win()`]: the fewest moves that win from a position, proven
//!   within a budget, or an upper bound when the proof runs out of budget.
//! - [`difficulty()`]: a grade 1–5 for a deal under a preset, from seeded
//!   playouts of a simple heuristic player (see the [`mod@difficulty`] module docs
//!   for the exact definition and its calibration).
//!
//! Everything here is pure: no clock, no I/O, and randomness only from
//! ChaCha8 seeded by the deal, so the same question always gets the same
//! answer on every machine.
//!
//! **What "win" means here** is what the solver means: the rules' win
//! condition, except that in Par Pyramid (a scored round) a position is won
//! once the pyramid is cleared, since that is what makes the round count as
//! won.

pub mod difficulty;
pub mod playout;
pub mod shortest;
pub mod where_lost;

pub use difficulty::{
    difficulty, difficulty_of_number, grade_of_wins_per_mille, Difficulty, Winnability,
};
pub use playout::{playouts, PlayoutSummary, Strategy};
pub use shortest::{shortest_win, ShortestWin};
pub use where_lost::{where_lost, where_lost_in_line, LossAnalysis};

use crate::position::{Board, Position};
use crate::rules::WinCondition;

/// Whether `pos` meets the goal the solver plays for: the rules' win, or for
/// Par Pyramid a cleared pyramid.
pub fn is_goal(board: &Board, pos: &Position) -> bool {
    match board.rules().win {
        WinCondition::Pyramid | WinCondition::Scored => pos.pyramid == 0,
        WinCondition::AllCards => pos.pyramid == 0 && pos.stock == 0,
    }
}
