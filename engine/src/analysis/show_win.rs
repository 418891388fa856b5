//! "Show me a win": a winning line to replay, from the position on the
//! board, or from the deal's start when the board can no longer be won.

use serde::{Deserialize, Serialize};

use crate::game::Game;
use crate::position::Move;
use crate::solver::{solve, Limits, Outcome};

/// The line "Show me a win" replays.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WinLine {
    /// From the position on the board.
    FromHere(Vec<Move>),
    /// From the deal's start: the board can no longer be won.
    FromStart(Vec<Move>),
    /// No line wins this deal at all.
    None,
    /// The solver ran out of its budget.
    Unknown,
}

/// A win from the position of `game`, else from its deal's start. Each of
/// the (at most two) solves gets `limits`.
pub fn show_win(game: &Game, limits: Limits) -> WinLine {
    let board = game.board();
    let here = solve(board, game.position(), limits);
    match here.outcome {
        Outcome::Win => WinLine::FromHere(here.line),
        Outcome::Unknown => WinLine::Unknown,
        Outcome::Loss => {
            let start = solve(board, &board.start(), limits);
            match start.outcome {
                Outcome::Win => WinLine::FromStart(start.line),
                Outcome::Loss => WinLine::None,
                Outcome::Unknown => WinLine::Unknown,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{is_winnable, Deal, Preset};

    const LIMITS: Limits = Limits {
        max_nodes: 2_000_000,
    };

    /// Plays `line` from the position of `game` and says whether it wins.
    fn wins(mut game: Game, line: &[Move]) -> bool {
        line.iter().all(|&m| game.play(m).is_ok()) && game.position().pyramid_left() == 0
    }

    #[test]
    fn a_winnable_board_is_won_from_here() {
        let mut game = Game::new(Deal::from_number(1), Preset::Classic);
        let WinLine::FromHere(line) = show_win(&game, LIMITS) else {
            panic!("deal 1 is winnable under classic");
        };
        assert!(wins(game.clone(), &line));
        // Two moves along its own line, the board is still won from there.
        game.play(line[0]).unwrap();
        game.play(line[1]).unwrap();
        assert_eq!(
            show_win(&game, LIMITS),
            WinLine::FromHere(line[2..].to_vec())
        );
    }

    #[test]
    fn a_lost_board_is_won_from_the_start() {
        // Drawing through a winnable Hard deal (one pass, no recycle) loses
        // it: the win is then shown from the deal's start.
        let number = (1..200)
            .find(|&n| is_winnable(n, Preset::Hard, Limits { max_nodes: 200_000 }))
            .unwrap();
        let mut game = Game::new(Deal::from_number(number), Preset::Hard);
        while !game.is_over() && game.play(Move::Draw).is_ok() {}
        match show_win(&game, LIMITS) {
            WinLine::FromStart(line) => {
                assert!(wins(
                    Game::new(Deal::from_number(number), Preset::Hard),
                    &line
                ))
            }
            other => panic!("deal {number}: {other:?}"),
        }
    }

    #[test]
    fn a_deal_no_line_wins_and_a_budget_too_small() {
        // Hard deal 2 can never be won.
        let game = Game::new(Deal::from_number(2), Preset::Hard);
        assert_eq!(show_win(&game, LIMITS), WinLine::None);
        assert_eq!(show_win(&game, Limits { max_nodes: 10 }), WinLine::Unknown);
    }
}
