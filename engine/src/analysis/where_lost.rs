//! "Where did I lose?": the move of the player's line that gave the win away.
//!
//! Winnability is monotone along a line of play. A position can be won
//! exactly when it is the goal or some move from it leads to a position that
//! can be won, so every successor of a position that cannot be won cannot be
//! won either, and once a line has passed a position that cannot be won, every
//! later position on it cannot be won. (The rules that end a round early, the
//! dead position and Easy's idle pass, only ever remove moves, so they keep
//! this true; the solver applies them the same way.) So the positions of a
//! line are a run that can be won followed by a run that cannot, and a binary
//! search finds the boundary with about log2(n) + 2 solves instead of n.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::analysis::is_goal;
use crate::deal::Deal;
use crate::game::{Game, ReplayError};
use crate::position::{Board, Move, Position};
use crate::rules::Preset;
use crate::solver::{solve, Limits, Outcome};

/// The answer to "where did I lose?".
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LossAnalysis {
    /// No sequence of moves wins this deal from its start: nothing the
    /// player did lost it.
    NeverWinnable,
    /// The goal is met on the board: the round is won (in Par Pyramid, the
    /// pyramid is cleared).
    Won,
    /// The position on the board can still be won. Which move wins is a hint,
    /// so it is deliberately not named here.
    StillWinnable,
    /// Move number `index + 1` of the line, `mv`, gave the win away: the
    /// position before it could be won and the one after it cannot.
    /// To rewind to there, undo until [`Game::move_count`] is `index`.
    LostAt {
        /// The number of moves to keep: the position after the first `index`
        /// moves is the last one on the line that could be won.
        index: usize,
        /// The move played from there, `line[index]`.
        mv: Move,
        /// A winning line from the position after the first `index` moves
        /// (the solver's line, not necessarily the shortest).
        winning_line: Vec<Move>,
    },
    /// A solve ran out of its node budget before the question was settled.
    Unknown,
}

impl fmt::Display for LossAnalysis {
    /// A plain sentence for the player, in lowercase like the engine's other
    /// messages; move numbers count from 1.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LossAnalysis::NeverWinnable => f.write_str("no sequence of moves wins this deal"),
            LossAnalysis::Won => f.write_str("the round is won"),
            LossAnalysis::StillWinnable => f.write_str("this position can still be won"),
            LossAnalysis::LostAt { index, mv, .. } => write!(
                f,
                "move {} ({mv}) lost the deal: the position before it could still be won",
                index + 1
            ),
            LossAnalysis::Unknown => f.write_str("the solver could not settle this in its budget"),
        }
    }
}

/// Where the line played in `game` (its played moves, not the redoable
/// ones) gave the win away. Each solve gets `limits`; about
/// log2(moves) + 2 solves are made.
///
/// A Par Pyramid round that the player ended is judged by its position: if
/// that could still be won, the answer is [`LossAnalysis::StillWinnable`]
/// (the round was given up, not lost by a move).
pub fn where_lost(game: &Game, limits: Limits) -> LossAnalysis {
    let board = game.board();
    let line = game.played();
    let mut positions = Vec::with_capacity(line.len() + 1);
    let mut pos = board.start();
    positions.push(pos);
    for &m in line {
        pos = board
            .play(&pos, m)
            .expect("a game's played moves replay on its own board");
        positions.push(pos);
    }
    analyse(board, line, &positions, limits)
}

/// [`where_lost`] for a deal, a preset and a line of moves all played
/// (for instance from a save file or a shared challenge). Fails if a move of
/// the line cannot be played.
pub fn where_lost_in_line(
    deal: Deal,
    preset: Preset,
    line: &[Move],
    limits: Limits,
) -> Result<LossAnalysis, ReplayError> {
    let game = Game::replay(deal, preset, line, line.len())?;
    Ok(where_lost(&game, limits))
}

/// Whether `pos` can be won: the goal itself counts, and a win comes with
/// the solver's line. `None` when the solve ran out of budget.
fn winnable(board: &Board, pos: &Position, limits: Limits) -> Option<Option<Vec<Move>>> {
    if is_goal(board, pos) {
        return Some(Some(Vec::new()));
    }
    let solution = solve(board, pos, limits);
    match solution.outcome {
        Outcome::Win => Some(Some(solution.line)),
        Outcome::Loss => Some(None),
        Outcome::Unknown => None,
    }
}

fn analyse(board: &Board, line: &[Move], positions: &[Position], limits: Limits) -> LossAnalysis {
    let n = line.len();
    if is_goal(board, &positions[n]) {
        return LossAnalysis::Won;
    }
    // The end first: when it can still be won, so can every earlier position.
    match winnable(board, &positions[n], limits) {
        None => return LossAnalysis::Unknown,
        Some(Some(_)) => return LossAnalysis::StillWinnable,
        Some(None) => {}
    }
    let mut winning_line = match winnable(board, &positions[0], limits) {
        None => return LossAnalysis::Unknown,
        Some(None) => return LossAnalysis::NeverWinnable,
        Some(Some(line)) => line,
    };
    // Invariant: positions[lo] can be won (with `winning_line`), positions[hi]
    // cannot.
    let (mut lo, mut hi) = (0, n);
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        match winnable(board, &positions[mid], limits) {
            None => return LossAnalysis::Unknown,
            Some(Some(line)) => {
                lo = mid;
                winning_line = line;
            }
            Some(None) => hi = mid,
        }
    }
    LossAnalysis::LostAt {
        index: lo,
        mv: line[lo],
        winning_line,
    }
}

#[cfg(test)]
mod tests {
    use chacha20::rand_core::{Rng, SeedableRng};
    use chacha20::ChaCha8Rng;

    use super::*;
    use crate::position::parse_line;

    /// The answer by brute force: solve every prefix of the line. It also
    /// checks the monotonicity that the binary search relies on.
    fn brute_force(game: &Game, limits: Limits) -> LossAnalysis {
        let board = game.board();
        let mut pos = board.start();
        let mut positions = vec![pos];
        for &m in game.played() {
            pos = board.play(&pos, m).unwrap();
            positions.push(pos);
        }
        let n = positions.len() - 1;
        if is_goal(board, &positions[n]) {
            return LossAnalysis::Won;
        }
        let verdicts: Vec<Option<Vec<Move>>> = positions
            .iter()
            .map(|p| winnable(board, p, limits).expect("budget large enough"))
            .collect();
        let last_winnable = verdicts.iter().rposition(Option::is_some);
        if let Some(last) = last_winnable {
            assert!(
                verdicts[..=last].iter().all(Option::is_some),
                "winnability is not monotone along the line"
            );
        }
        match last_winnable {
            None => LossAnalysis::NeverWinnable,
            Some(last) if last == n => LossAnalysis::StillWinnable,
            Some(last) => LossAnalysis::LostAt {
                index: last,
                mv: game.played()[last],
                winning_line: Vec::new(), // compared separately
            },
        }
    }

    /// A random legal line of up to `max_len` moves, with removals preferred
    /// over draws half of the time so that lines get deep into the round.
    fn random_game(number: u32, preset: Preset, rng: &mut ChaCha8Rng, max_len: usize) -> Game {
        let mut game = Game::new(Deal::from_number(number), preset);
        let len = rng.next_u32() as usize % (max_len + 1);
        for _ in 0..len {
            if game.is_over() {
                break;
            }
            let moves = game.board().legal_moves(game.position());
            let removals: Vec<Move> = moves.iter().copied().filter(|m| m.is_removal()).collect();
            let pool = if !removals.is_empty() && rng.next_u32() & 1 == 0 {
                &removals
            } else {
                &moves
            };
            let m = pool[rng.next_u32() as usize % pool.len()];
            game.play(m).unwrap();
        }
        game
    }

    /// `where_lost` against brute force on random lines of `deals` under
    /// `preset`; returns how many answers of each kind were seen
    /// (never, still, lost at, won).
    fn check(preset: Preset, deals: std::ops::RangeInclusive<u32>, lines: u32) -> [u32; 4] {
        let limits = Limits::default();
        let mut rng = ChaCha8Rng::seed_from_u64(0x5eed_0009 ^ u64::from(preset.code()));
        let mut seen = [0; 4];
        for number in deals {
            for _ in 0..lines {
                let game = random_game(number, preset, &mut rng, 120);
                let got = where_lost(&game, limits);
                let expected = brute_force(&game, limits);
                let context = format!("{preset} deal {number} line {}", game.played().len());
                match (&got, &expected) {
                    (
                        LossAnalysis::LostAt {
                            index,
                            mv,
                            winning_line,
                        },
                        LossAnalysis::LostAt {
                            index: want,
                            mv: want_mv,
                            ..
                        },
                    ) => {
                        assert_eq!((index, mv), (want, want_mv), "{context}");
                        // The winning line really wins from the rewound position.
                        let mut rewound = game.clone();
                        while rewound.move_count() > *index {
                            rewound.undo();
                        }
                        for &m in winning_line {
                            rewound.play(m).unwrap();
                        }
                        assert!(is_goal(board_of(&rewound), rewound.position()));
                        seen[2] += 1;
                    }
                    _ => assert_eq!(got, expected, "{context}"),
                }
                match got {
                    LossAnalysis::NeverWinnable => seen[0] += 1,
                    LossAnalysis::StillWinnable => seen[1] += 1,
                    LossAnalysis::Won => seen[3] += 1,
                    _ => {}
                }
            }
        }
        seen
    }

    fn board_of(game: &Game) -> &Board {
        game.board()
    }

    #[test]
    fn agrees_with_brute_force_on_random_lines() {
        let mut total = [0; 4];
        for (preset, deals) in [
            (Preset::Classic, 1..=6),
            (Preset::Easy, 1..=4),
            (Preset::Hard, 1..=40),
            (Preset::Relaxed, 1..=4),
            (Preset::Traditional, 1..=40),
            (Preset::Par, 1..=6),
        ] {
            let seen = check(preset, deals, 4);
            // Every preset must test the interesting case.
            assert!(seen[2] > 0, "{preset}: no line lost a winnable deal");
            for (t, s) in total.iter_mut().zip(seen) {
                *t += s;
            }
        }
        assert!(total.iter().all(|&n| n > 0), "{total:?}");
    }

    #[test]
    fn fixtures() {
        let limits = Limits::default();
        let check = |preset: Preset, number: u32, line: &str, expected: &str| {
            let line = parse_line(line).unwrap();
            let got = where_lost_in_line(Deal::from_number(number), preset, &line, limits);
            let got = match got {
                Ok(analysis) => analysis.to_string(),
                Err(e) => format!("error: {e}"),
            };
            assert_eq!(got, expected, "{preset} deal {number}");
        };
        // Deal 1 is winnable under every preset.
        check(Preset::Classic, 1, "", "this position can still be won");
        check(
            Preset::Classic,
            1,
            "R",
            "error: move 1 cannot be played: the stock is not empty yet",
        );
        // Hard deal 2 cannot be won at all.
        check(
            Preset::Hard,
            2,
            "D D",
            "no sequence of moves wins this deal",
        );
        // Drawing through the only pass of Hard without a removal loses deal 1.
        let draws = vec!["D"; 24].join(" ");
        let analysis = where_lost_in_line(
            Deal::from_number(1),
            Preset::Hard,
            &parse_line(&draws).unwrap(),
            limits,
        )
        .unwrap();
        assert!(matches!(
            analysis,
            LossAnalysis::LostAt { mv: Move::Draw, .. }
        ));
    }

    #[test]
    fn a_solved_round_is_won_and_a_tiny_budget_is_unknown() {
        for preset in Preset::ALL {
            let deal = Deal::from_number(1);
            let board = Board::new(deal, preset);
            let line = solve(&board, &board.start(), Limits::default()).line;
            let won = where_lost_in_line(deal, preset, &line, Limits::default());
            assert_eq!(won, Ok(LossAnalysis::Won), "{preset}");
            let tiny = where_lost_in_line(deal, preset, &line[..1], Limits { max_nodes: 1 });
            assert_eq!(tiny, Ok(LossAnalysis::Unknown), "{preset}");
        }
    }
}
