//! What a hint is: the first move of a winning line, or, in Par Pyramid
//! once the pyramid is cleared, a removal that still raises the score.

use serde::{Deserialize, Serialize};

use crate::position::{Board, Move, Position};
use crate::solver::{solve, Limits, Outcome};

/// Positions the solver may expand for one hint; enough for almost every
/// position, small enough to answer within a fraction of a second in wasm.
pub const HINT_NODE_BUDGET: u64 = 200_000;

/// What the solver says about a position, as a hint for the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Hint {
    /// A move on a winning line.
    Move(Move),
    /// Par Pyramid once the pyramid is cleared, when no line removes every
    /// card (or none was found in time): a removal available now, which
    /// still takes a card off the table and so raises the score.
    Removal(Move),
    /// Par Pyramid once the pyramid is cleared: not every card can go and
    /// nothing can be removed now; ending the round keeps the score.
    EndRound,
    /// No line of play wins from here.
    Lost,
    /// The solver ran out of budget.
    NotFound,
}

/// The hint for `pos` and the winning line it starts (empty when there is
/// none), so following the hints needs no second solve.
pub fn hint_and_line(board: &Board, pos: &Position, budget: u64) -> (Hint, Vec<Move>) {
    let solution = solve(board, pos, Limits { max_nodes: budget });
    let hint = hint_from_solution(board, pos, solution.outcome, &solution.line);
    (hint, solution.line)
}

/// The hint the solver's answer for `pos` gives. In Par Pyramid the round is
/// already won once the pyramid is cleared, and the solver then looks for a
/// line removing all 52; when there is none, any removal is still worth
/// points, so the hint falls back to one instead of calling the deal lost.
pub fn hint_from_solution(board: &Board, pos: &Position, outcome: Outcome, line: &[Move]) -> Hint {
    let hint = match outcome {
        Outcome::Win => line.first().copied().map_or(Hint::NotFound, Hint::Move),
        Outcome::Loss => Hint::Lost,
        Outcome::Unknown => Hint::NotFound,
    };
    if matches!(hint, Hint::Move(_)) || !board.plays_on_for_points(pos) {
        return hint;
    }
    match board.removals(pos).first() {
        Some(&m) => Hint::Removal(m),
        None => Hint::EndRound,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Deal, Game, Preset};

    fn game(number: u32, preset: Preset) -> Game {
        Game::new(Deal::from_number(number), preset)
    }

    fn hint(game: &Game, budget: u64) -> Hint {
        hint_and_line(game.board(), game.position(), budget).0
    }

    #[test]
    fn a_hint_is_the_first_move_of_its_winning_line() {
        let g = game(1, Preset::Classic);
        let (hint, line) = hint_and_line(g.board(), g.position(), HINT_NODE_BUDGET);
        let Hint::Move(m) = hint else {
            panic!("deal 1 is winnable under classic: {hint:?}");
        };
        assert_eq!(line.first(), Some(&m));
        assert!(g.board().legal_moves(g.position()).contains(&m));
    }

    #[test]
    fn a_lost_deal_and_a_budget_too_small() {
        assert_eq!(hint(&game(2, Preset::Hard), HINT_NODE_BUDGET), Hint::Lost);
        assert_eq!(hint(&game(2, Preset::Hard), 10), Hint::NotFound);
    }

    #[test]
    fn par_hint_after_the_pyramid_is_cleared_falls_back_to_removals() {
        // Find Par deals whose pyramid can be cleared but not every card,
        // play the solver's line to the cleared pyramid, and ask for a hint.
        let mut checked = 0;
        for number in 1..=60 {
            let mut g = game(number, Preset::Par);
            let (Hint::Move(_), line) = hint_and_line(g.board(), g.position(), HINT_NODE_BUDGET)
            else {
                continue;
            };
            for m in line {
                g.play(m).unwrap();
            }
            assert_eq!(g.position().pyramid_left(), 0);
            if g.is_over() {
                continue;
            }
            let limits = Limits {
                max_nodes: HINT_NODE_BUDGET,
            };
            if solve(g.board(), g.position(), limits).outcome == Outcome::Win {
                assert!(matches!(hint(&g, HINT_NODE_BUDGET), Hint::Move(_)));
                continue;
            }
            checked += 1;
            match hint(&g, HINT_NODE_BUDGET) {
                Hint::Removal(m) => {
                    assert!(m.is_removal());
                    assert!(g.board().legal_moves(g.position()).contains(&m));
                }
                Hint::EndRound => assert!(!g.board().has_removal(g.position())),
                other => panic!("deal {number}: {other:?}"),
            }
        }
        assert!(
            checked > 0,
            "no Par deal left cards after clearing the pyramid"
        );
    }

    #[test]
    fn outside_a_cleared_par_pyramid_the_verdict_is_the_hint() {
        // Outside a cleared Par pyramid the solver's verdict is the hint.
        let g = game(2, Preset::Hard);
        let (board, pos) = (g.board(), g.position());
        assert_eq!(
            hint_from_solution(board, pos, Outcome::Loss, &[]),
            Hint::Lost
        );
        assert_eq!(
            hint_from_solution(board, pos, Outcome::Unknown, &[]),
            Hint::NotFound
        );
        assert_eq!(
            hint_from_solution(board, pos, Outcome::Win, &[Move::Draw]),
            Hint::Move(Move::Draw)
        );
    }
}
