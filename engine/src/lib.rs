//! Pyramid Solitaire: cards, deals, the rules of seven presets, rounds with
//! undo and redo, an exact solver, and the solver as a coach ([`analysis`]:
//! where a round was lost, the shortest win, a deal's difficulty grade).
//!
//! This crate is pure: no I/O, no clock, no randomness of its own, and no
//! web dependency. It fails only on bad input, which it reports as typed
//! errors. The browser game and the `pyramid-solver` command line are thin
//! layers over it; the page's questions to its solver worker and their
//! answers are [`protocol`] (feature `protocol`).

pub mod analysis;
pub mod calendar;
pub mod card;
pub mod challenge;
pub mod daily;
pub mod deal;
pub mod game;
pub mod position;
#[cfg(feature = "protocol")]
pub mod protocol;
pub mod rules;
pub mod solver;

pub use analysis::{
    difficulty, difficulty_of_number, hint_and_line, shortest_win, show_win, where_lost,
    where_lost_in_line, winnable_deal_number, Difficulty, Hint, LossAnalysis, ShortestWin, WinLine,
    Winnability,
};
pub use calendar::{BadDate, Date};
pub use card::{Card, ParseCardError, Suit};
pub use deal::{Deal, ParseDealError};
pub use game::{Game, Place, ReplayError, MAX_SCORE, MIN_SCORE};
pub use position::{
    format_line, parse_line, pyramid_index, row_col, Board, Home, LossReason, Move, MoveError,
    ParseMoveError, Position, Status, Zone,
};
pub use rules::{
    Custom, Goal, Layout, LossRule, Pairing, Preset, Rules, StockMode, UnknownPreset, WinCondition,
};
pub use solver::{is_winnable, solve, Limits, Outcome, Solution};
