//! The guided first round: one fixed deal and the line it teaches, as plain
//! data over the engine.
//!
//! The lesson is a round like any other, of deal [`DEAL`] under [`PRESET`],
//! marked [`DealOrigin::Lesson`] (so it is saved, resumed after a reload
//! and never recorded in the statistics). Its script is [`LINE`]: the
//! removals it teaches, in order. Draws and the recycle are not written
//! down: when the next removal cannot be played yet, the taught move is a
//! draw, or with the stock empty the recycle. So the step the player is at
//! follows from the round alone (how many removals are played), and undo
//! and redo simply move along the script.
//!
//! `tests::searching_finds_the_lesson_deal` is the search over deal numbers
//! that picked the deal; `tests::the_lesson_deal_teaches_every_step`
//! replays the script through the engine.

use pyramid_engine::{Board, Card, Move, Position, Preset, Zone};

use crate::domain::persist::DealOrigin;
use crate::domain::round::Round;

/// The lesson's deal.
pub const DEAL: u32 = 11;
/// The lesson's rules: a limited number of passes, so the pass counter
/// means something, and only the waste's top card live.
pub const PRESET: Preset = Preset::Classic;
/// The removals the lesson teaches, in order, in the CLI's notation.
const LINE: &str = "6H+7S 4S+9H KD 3S+TH 5C+8H 6C+7H KC QH+AD 7C+6D QD+AS 6S+7D TS+3C KH 2S+JD KS \
    2C+JH AH+QS 9S+4D 3D+TC 5D+8S 5H+8C JC+2D JS+2H TD+3H 8D+5S";
/// The removal (an index into [`LINE`]) whose step shows a covered card:
/// it takes the cards lying on the next removal's pyramid card.
const COVERED_AT: usize = 1;

/// What one step of the lesson asks for, with the cards it names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Two pyramid cards that make 13.
    Pair(Card, Card),
    /// A King, on its own.
    King(Card),
    /// The waste's top card (first) with a pyramid card.
    Waste(Card, Card),
    /// The taught removal (a pair or a King) frees the covered card named
    /// first, which the next step takes.
    Covered(Card, Move),
    Draw,
    /// The stock is empty: turn the waste over, starting pass `.0`.
    Recycle(u16),
}

/// The move the lesson waits for on `round`, if it is the lesson and not
/// over yet.
pub fn taught(round: &Round) -> Option<Move> {
    if round.origin != DealOrigin::Lesson {
        return None;
    }
    next_move(round.board(), round.position(), removals_played(round))
}

/// Whether the lesson refuses `m`: a legal move other than the taught one.
/// (An illegal move is refused by the engine, with its reason.)
pub fn refuses(round: &Round, m: Move) -> bool {
    taught(round)
        .is_some_and(|t| !same_move(t, m) && round.board().play(round.position(), m).is_ok())
}

/// The step the lesson is at on `round`, if it is the lesson and not over.
pub fn step(round: &Round) -> Option<Step> {
    let m = taught(round)?;
    let (board, pos) = (round.board(), round.position());
    let k = removals_played(round);
    Some(step_of(board, pos, m, k))
}

/// Whether the step at `round` is the script's last removal (it wins).
pub fn is_last(round: &Round) -> bool {
    removals_played(round) + 1 == LINE.split(' ').count()
        && taught(round).is_some_and(Move::is_removal)
}

fn step_of(board: &Board, pos: &Position, m: Move, k: usize) -> Step {
    match m {
        _ if k == COVERED_AT && m.is_removal() => {
            let next = removal(k + 1).into_iter().flat_map(Move::removed_cards);
            let freed = next
                .filter(|&c| board.zone(pos, c) == Some(Zone::Pyramid))
                .find(|&c| !board.is_available(pos, c));
            match freed {
                Some(c) => Step::Covered(c, m),
                None => step_of(board, pos, m, usize::MAX),
            }
        }
        Move::King(c) => Step::King(c),
        Move::Pair(a, b) if board.zone(pos, a) == Some(Zone::Waste) => Step::Waste(a, b),
        Move::Pair(a, b) if board.zone(pos, b) == Some(Zone::Waste) => Step::Waste(b, a),
        Move::Pair(a, b) => Step::Pair(a, b),
        Move::Draw => Step::Draw,
        Move::Recycle => Step::Recycle(pos.pass() + 1),
    }
}

fn removals_played(round: &Round) -> usize {
    round
        .game
        .played()
        .iter()
        .filter(|m| m.is_removal())
        .count()
}

/// The script's removal number `k`.
fn removal(k: usize) -> Option<Move> {
    LINE.split(' ').nth(k)?.parse().ok()
}

/// The taught move once `k` removals of the script are played: the next
/// removal if it can be played now, else a draw, else the recycle.
fn next_move(board: &Board, pos: &Position, k: usize) -> Option<Move> {
    let next = removal(k)?;
    Some(if board.play(pos, next).is_ok() {
        next
    } else if board.can_draw(pos) {
        Move::Draw
    } else {
        Move::Recycle
    })
}

/// Two moves that remove the same cards (a pair in either order).
fn same_move(a: Move, b: Move) -> bool {
    a == b || matches!((a, b), (Move::Pair(w, x), Move::Pair(y, z)) if w == z && x == y)
}

#[cfg(test)]
mod tests {
    use super::*;
    use pyramid_engine::{solve, Deal, Game, Limits, Outcome, Status};

    /// What a replay of a script taught, in order: the steps and whether
    /// the round was won, or why the script does not work.
    fn replay(deal: u32, line: &str, covered_at: usize) -> Result<Vec<Step>, String> {
        let mut game = Game::new(Deal::from_number(deal), PRESET);
        let removals: Vec<Move> = line
            .split(' ')
            .map(|m| m.parse().map_err(|e| format!("{m}: {e}")))
            .collect::<Result<_, _>>()?;
        let mut steps = Vec::new();
        let mut k = 0;
        while k < removals.len() {
            let (board, pos) = (game.board().clone(), *game.position());
            let next = removals[k];
            let m = if board.play(&pos, next).is_ok() {
                next
            } else if board.can_draw(&pos) {
                Move::Draw
            } else {
                Move::Recycle
            };
            let step = if k == covered_at && m.is_removal() {
                let after = board.play(&pos, m).map_err(|e| e.to_string())?;
                let freed = removals
                    .get(k + 1)
                    .into_iter()
                    .flat_map(|m| m.removed_cards())
                    .find(|&c| {
                        board.zone(&pos, c) == Some(Zone::Pyramid)
                            && !board.is_available(&pos, c)
                            && board.is_available(&after, c)
                    });
                match freed {
                    Some(c) => Step::Covered(c, m),
                    None => return Err(format!("removal {k} frees nothing the next one takes")),
                }
            } else {
                step_of(&board, &pos, m, usize::MAX)
            };
            game.play(m).map_err(|e| format!("{m}: {e}"))?;
            if m.is_removal() {
                k += 1;
            }
            steps.push(step);
            if game.is_over() && k < removals.len() {
                return Err(format!("the round ended after {} moves", steps.len()));
            }
        }
        if game.status() != Status::Won {
            return Err(format!("{:?} after the script", game.status()));
        }
        Ok(steps)
    }

    /// Whether the steps teach everything, in the order a beginner meets
    /// it: a pair of pyramid cards first, a King alone and a covered card
    /// before the first draw, a draw, a pair with the waste, a recycle,
    /// and the win within a few minutes of play.
    fn teaches_everything(steps: &[Step]) -> bool {
        let first_draw = steps.iter().position(|s| *s == Step::Draw);
        let before_draw = &steps[..first_draw.unwrap_or(0)];
        matches!(steps.first(), Some(Step::Pair(..)))
            && before_draw.iter().any(|s| matches!(s, Step::King(_)))
            && before_draw.iter().any(|s| matches!(s, Step::Covered(..)))
            && steps.iter().any(|s| matches!(s, Step::Waste(..)))
            && steps.iter().any(|s| matches!(s, Step::Recycle(_)))
            && steps.len() <= MAX_STEPS
    }

    /// A few minutes of play, at a move every few seconds.
    const MAX_STEPS: usize = 60;

    /// The script of deal `deal` taken from the solver's winning line, with
    /// the first removal that frees a covered card for the next one.
    fn script_of(deal: u32) -> Option<(String, usize)> {
        let board = Board::new(Deal::from_number(deal), PRESET);
        let solution = solve(&board, &board.start(), Limits { max_nodes: 200_000 });
        if solution.outcome != Outcome::Win {
            return None;
        }
        let removals: Vec<String> = solution
            .line
            .iter()
            .filter(|m| m.is_removal())
            .map(Move::to_string)
            .collect();
        let line = removals.join(" ");
        (1..removals.len().min(8)).find_map(|covered_at| {
            let steps = replay(deal, &line, covered_at).ok()?;
            teaches_everything(&steps).then(|| (line.clone(), covered_at))
        })
    }

    #[test]
    fn the_lesson_deal_teaches_every_step() {
        let steps = replay(DEAL, LINE, COVERED_AT).unwrap();
        assert!(teaches_everything(&steps), "{steps:?}");
    }

    #[test]
    fn searching_finds_the_lesson_deal() {
        // The search that picked the deal: the first number whose solver
        // line, played as a script, teaches every step.
        let found = (1..=2_000).find_map(|deal| script_of(deal).map(|s| (deal, s)));
        let (deal, (line, covered_at)) = found.unwrap();
        eprintln!("deal {deal}, covered at {covered_at}: {line}");
        assert_eq!((deal, line.as_str(), covered_at), (DEAL, LINE, COVERED_AT));
    }

    fn lesson_round() -> Round {
        Round::new(DEAL, PRESET, "r".into(), DealOrigin::Lesson)
    }

    #[test]
    fn the_round_says_the_step_and_refuses_other_moves() {
        let mut round = lesson_round();
        let Some(Step::Pair(a, b)) = step(&round) else {
            panic!("{:?}", step(&round));
        };
        assert_eq!(taught(&round), Some(Move::Pair(a, b)));
        assert!(!refuses(&round, Move::Pair(b, a)));
        // A legal draw is refused; a move the engine refuses is not.
        assert!(refuses(&round, Move::Draw));
        assert!(!refuses(&round, Move::Recycle));
        round.game.play(Move::Pair(a, b)).unwrap();
        assert_ne!(taught(&round), Some(Move::Pair(a, b)));
        // Undo steps back along the script.
        round.game.undo();
        assert_eq!(step(&round), Some(Step::Pair(a, b)));
    }

    #[test]
    fn another_round_is_no_lesson() {
        let round = Round::new(DEAL, PRESET, "r".into(), DealOrigin::Number);
        assert_eq!(taught(&round), None);
        assert_eq!(step(&round), None);
        assert!(!refuses(&round, Move::Draw));
    }

    #[test]
    fn the_lesson_ends_with_its_win() {
        let mut round = lesson_round();
        let mut moves = 0;
        while let Some(m) = taught(&round) {
            assert!(!is_last(&round) || m.is_removal());
            round.game.play(m).unwrap();
            moves += 1;
        }
        assert_eq!(round.status(), Status::Won);
        assert!(moves <= MAX_STEPS);
    }
}
