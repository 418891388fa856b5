//! The solver as a coach: questions about a round that the exact solver
//! answers for the player, and the policy behind each answer.
//!
//! - [`hint_and_line()`]: what a hint is (the first move of a winning line,
//!   with the Par fallback to a removal), within [`HINT_NODE_BUDGET`].
//! - [`show_win()`]: a winning line from the board, else from the start.
//! - [`winnable_deal_number()`]: when a deal counts as winnable for
//!   "winnable deals only", and what is dealt when no candidate is proven.
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
pub mod hint;
pub mod playout;
pub mod shortest;
pub mod show_win;
pub mod where_lost;
pub mod winnable;

pub use difficulty::{
    difficulty, difficulty_of_number, grade_of_wins_per_mille, Difficulty, Winnability,
};
pub use hint::{hint_and_line, hint_from_solution, Hint, HINT_NODE_BUDGET};
pub use playout::{playouts, PlayoutSummary, Strategy};
pub use shortest::{shortest_win, ShortestWin};
pub use show_win::{show_win, WinLine};
pub use where_lost::{where_lost, where_lost_in_line, LossAnalysis};
pub use winnable::{wilson_interval, winnable_deal_number, WINNABLE_NODE_BUDGET, WINNABLE_TRIES};

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
