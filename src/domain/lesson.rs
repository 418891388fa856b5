//! The guided first round: one fixed deal and the line it teaches, as plain
//! data over the engine.
//!
//! The lesson is a round like any other, of deal [`DEAL`] under [`PRESET`],
//! marked [`DealOrigin::Lesson`] (so it is saved, resumed after a reload
//! and never recorded in the statistics). Its script is [`MOVES`], the
//! line it teaches, with [`STEPS`], what each move teaches. The lesson
//! refuses every legal move but the next one of the script, so the step
//! the player is at is the number of moves played, and undo and redo
//! simply move along the script.
//!
//! The tests derive both from a list of removals (draws and the recycle
//! come in when the next removal cannot be played yet) that a search over
//! deal numbers with the engine's solver picked
//! (`tests::searching_finds_the_lesson_deal`), and replay the script
//! through the engine (`tests::the_lesson_deal_teaches_every_step`).

use pyramid_engine::{Card, Move, Preset};

use crate::domain::persist::DealOrigin;
use crate::domain::round::{capitalise, describe_hint, Round};

/// The lesson's deal.
pub const DEAL: u32 = 11;
/// The lesson's rules: a limited number of passes, so the pass counter
/// means something, and only the waste's top card live.
pub const PRESET: Preset = Preset::Classic;
/// The line the lesson teaches, two bytes a move: a pair's cards by their
/// deck index, a King's and 52, or 52 for a draw and 53 for the recycle
/// (`tests::LINE` is the same line in the CLI's notation).
const MOVES: &[u8] = &[
    31, 45, 42, 34, 25, 52, 52, 52, 41, 35, 4, 33, 52, 52, 52, 52, 52, 52, 5, 32, 52, 52, 12, 52,
    52, 52, 52, 52, 37, 13, 52, 52, 52, 52, 6, 18, 52, 52, 24, 39, 44, 19, 52, 52, 52, 52, 48, 2,
    52, 52, 52, 52, 52, 52, 38, 52, 52, 52, 40, 23, 51, 52, 52, 52, 1, 36, 52, 52, 52, 52, 52, 52,
    52, 52, 26, 50, 52, 52, 52, 52, 47, 16, 52, 52, 53, 53, 52, 52, 52, 52, 15, 9, 17, 46, 30, 7,
    52, 52, 52, 52, 52, 52, 10, 14, 52, 52, 52, 52, 52, 52, 49, 27, 22, 28, 52, 52, 20, 43,
];
/// What each move of [`MOVES`] teaches, by its number: 0 a pair of pyramid
/// cards, 1 a King alone, 2 a covered card (the move frees it for the next
/// one), 3 a draw, 4 a pair with the waste's top card, 5 the recycle and
/// the pass counter, 6 the last removal, which wins. The callout explains
/// each (`data-step`, `style/later.css`).
const STEPS: &str = "02134033343133433434433433313413433334334353340033343334436";

/// The move the lesson waits for on `round`, if it is the lesson and not
/// over yet. The lesson refuses every other move, so the moves played are
/// always the first moves of [`MOVES`].
pub fn taught(round: &Round) -> Option<Move> {
    let k = lesson_moves(round)?;
    let (a, b) = (*MOVES.get(2 * k)?, *MOVES.get(2 * k + 1)?);
    Some(match (Card::from_index(a), Card::from_index(b)) {
        (Some(a), Some(b)) => Move::Pair(a, b),
        (Some(king), None) => Move::King(king),
        (None, _) if a == 52 => Move::Draw,
        (None, _) => Move::Recycle,
    })
}

/// The step the lesson is at on `round` (its number in [`STEPS`]), if it
/// is the lesson and not over.
pub fn step(round: &Round) -> Option<&'static str> {
    let k = lesson_moves(round)?;
    STEPS.get(k..k + 1)
}

/// Whether the lesson refuses `m`: a legal move other than the taught one.
/// (An illegal move is refused by the engine, with its reason.)
pub fn refuses(round: &Round, m: Move) -> bool {
    taught(round)
        .is_some_and(|t| !same_move(t, m) && round.board().play(round.position(), m).is_ok())
}

/// What the lesson asks for now, in words (a hint's, without "Hint: ").
pub fn instruction(round: &Round) -> Option<String> {
    let hint = describe_hint(taught(round)?);
    Some(capitalise(hint.get("Hint: ".len()..).unwrap_or_default()))
}

/// How many moves the lesson round has played, if it is the lesson.
fn lesson_moves(round: &Round) -> Option<usize> {
    (round.origin == DealOrigin::Lesson).then(|| round.game.played().len())
}

/// Two moves that remove the same cards (a pair in either order).
fn same_move(a: Move, b: Move) -> bool {
    a == b || matches!((a, b), (Move::Pair(w, x), Move::Pair(y, z)) if w == z && x == y)
}

#[cfg(test)]
mod tests {
    use super::*;
    use pyramid_engine::{solve, Board, Deal, Game, Limits, Outcome, Position, Status, Zone};

    /// The removals the lesson teaches, in order: what the search found.
    const REMOVALS: &str = "6H+7S 4S+9H KD 3S+TH 5C+8H 6C+7H KC QH+AD 7C+6D QD+AS 6S+7D TS+3C KH \
        2S+JD KS 2C+JH AH+QS 9S+4D 3D+TC 5D+8S 5H+8C JC+2D JS+2H TD+3H 8D+5S";
    /// The removal whose step shows a covered card: it takes the cards on
    /// the next removal's pyramid card.
    const COVERED_AT: usize = 1;

    /// [`MOVES`] in the CLI's notation.
    const LINE: &str = "6H+7S 4S+9H KD D 3S+TH 5C+8H D D D 6C+7H D KC D D QH+AD D D 7C+6D D \
        QD+AS 6S+7D D D TS+3C D D D KH D 2S+JD KS D 2C+JH D D D D AH+QS D D 9S+4D D R D D 3D+TC \
        5D+8S 5H+8C D D D JC+2D D D D JS+2H TD+3H D 8D+5S";

    /// A move as [`MOVES`] writes it.
    fn encode(m: Move) -> [u8; 2] {
        match m {
            Move::Pair(a, b) => [a.index(), b.index()],
            Move::King(k) => [k.index(), 52],
            Move::Draw => [52, 52],
            Move::Recycle => [53, 53],
        }
    }

    /// What a step teaches; its number is its digit in [`STEPS`].
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    enum Step {
        Pair = 0,
        King = 1,
        Covered = 2,
        Draw = 3,
        Waste = 4,
        Recycle = 5,
        Last = 6,
    }

    /// The step of script `line` once `k` of its removals are played: the
    /// next removal if it can be played now, else a draw, else the recycle.
    fn script_step(
        board: &Board,
        pos: &Position,
        line: &str,
        covered_at: usize,
        k: usize,
    ) -> Option<(Step, Move)> {
        let mut removals = line.split(' ').skip(k);
        let next: Move = removals.next()?.parse().ok()?;
        let last = removals.next().is_none();
        let in_waste = |c| board.zone(pos, c) == Some(Zone::Waste);
        Some(match next {
            _ if board.play(pos, next).is_err() => match board.can_draw(pos) {
                true => (Step::Draw, Move::Draw),
                false => (Step::Recycle, Move::Recycle),
            },
            _ if last => (Step::Last, next),
            _ if k == covered_at => (Step::Covered, next),
            Move::King(_) => (Step::King, next),
            _ if next.removed_cards().any(in_waste) => (Step::Waste, next),
            _ => (Step::Pair, next),
        })
    }

    /// A replay of script `line` on `deal`: the steps it taught, in order,
    /// and the covered card its covered step freed; or why it does not work.
    fn replay(
        deal: u32,
        line: &str,
        covered_at: usize,
    ) -> Result<(Vec<(Move, Step)>, Card), String> {
        let mut game = Game::new(Deal::from_number(deal), PRESET);
        let count = line.split(' ').count();
        let (mut steps, mut freed, mut k) = (Vec::new(), None, 0);
        while let Some((step, m)) = script_step(game.board(), game.position(), line, covered_at, k)
        {
            let (board, pos) = (game.board().clone(), *game.position());
            game.play(m).map_err(|e| format!("{m}: {e}"))?;
            if step == Step::Covered {
                // The next removal takes a pyramid card this one uncovers.
                let next: Move = line
                    .split(' ')
                    .nth(k + 1)
                    .and_then(|m| m.parse().ok())
                    .unwrap();
                freed = next.removed_cards().find(|&c| {
                    board.zone(&pos, c) == Some(Zone::Pyramid)
                        && !board.is_available(&pos, c)
                        && game.board().is_available(game.position(), c)
                });
            }
            k += usize::from(m.is_removal());
            steps.push((m, step));
            if game.is_over() && k < count {
                return Err(format!("the round ended after {} moves", steps.len()));
            }
        }
        if game.status() != Status::Won {
            return Err(format!("{:?} after the script", game.status()));
        }
        let freed = freed.ok_or("the covered step frees nothing the next one takes")?;
        Ok((steps, freed))
    }

    /// Whether the steps teach everything, in the order a beginner meets
    /// it: a pair of pyramid cards first, a King alone and a covered card
    /// before the first draw, a draw, a pair with the waste, a recycle,
    /// and the win within a few minutes of play.
    fn teaches_everything(steps: &[(Move, Step)]) -> bool {
        let steps: Vec<Step> = steps.iter().map(|&(_, s)| s).collect();
        let first_draw = steps.iter().position(|s| *s == Step::Draw).unwrap_or(0);
        let before_draw = &steps[..first_draw];
        steps.first() == Some(&Step::Pair)
            && before_draw.contains(&Step::King)
            && before_draw.contains(&Step::Covered)
            && steps.contains(&Step::Waste)
            && steps.contains(&Step::Recycle)
            && steps.last() == Some(&Step::Last)
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
            let (steps, _) = replay(deal, &line, covered_at).ok()?;
            teaches_everything(&steps).then(|| (line.clone(), covered_at))
        })
    }

    #[test]
    fn the_lesson_deal_teaches_every_step() {
        let (steps, freed) = replay(DEAL, REMOVALS, COVERED_AT).unwrap();
        assert!(teaches_everything(&steps), "{steps:?}");
        // The script the page plays is this replay's.
        let moves: Vec<String> = steps.iter().map(|(m, _)| m.to_string()).collect();
        let numbers: String = steps
            .iter()
            .map(|&(_, s)| char::from(b'0' + s as u8))
            .collect();
        assert_eq!(moves.join(" "), LINE);
        let bytes: Vec<u8> = steps.iter().flat_map(|&(m, _)| encode(m)).collect();
        assert_eq!(MOVES, bytes, "{bytes:?}");
        assert_eq!(STEPS, numbers);
        // The callout's explanation of the covered step names the card.
        let css = include_str!("../../style/later.css");
        assert!(
            css.contains(&format!("The {} is covered", freed.name())),
            "{freed}"
        );
    }

    #[test]
    fn searching_finds_the_lesson_deal() {
        // The search that picked the deal: the first number whose solver
        // line, played as a script, teaches every step.
        let found = (1..=2_000).find_map(|deal| script_of(deal).map(|s| (deal, s)));
        let (deal, (line, covered_at)) = found.unwrap();
        assert_eq!(
            (deal, line.as_str(), covered_at),
            (DEAL, REMOVALS, COVERED_AT)
        );
    }

    fn lesson_round() -> Round {
        Round::new(DEAL, PRESET, "r".into(), DealOrigin::Lesson)
    }

    #[test]
    fn the_round_says_the_step_and_refuses_other_moves() {
        let mut round = lesson_round();
        assert_eq!(step(&round), Some("0"));
        let Some(Move::Pair(a, b)) = taught(&round) else {
            panic!("{:?}", taught(&round));
        };
        assert_eq!(
            instruction(&round).unwrap(),
            format!("Pair the {} with the {}", a.name(), b.name())
        );
        assert!(!refuses(&round, Move::Pair(b, a)));
        // A legal draw is refused; a move the engine refuses is not.
        assert!(refuses(&round, Move::Draw));
        assert!(!refuses(&round, Move::Recycle));
        round.game.play(Move::Pair(a, b)).unwrap();
        assert_eq!(step(&round), Some("2"));
        // Undo steps back along the script.
        round.game.undo();
        assert_eq!(taught(&round), Some(Move::Pair(a, b)));
    }

    #[test]
    fn another_round_is_no_lesson() {
        let round = Round::new(DEAL, PRESET, "r".into(), DealOrigin::Number);
        assert_eq!(taught(&round), None);
        assert_eq!(step(&round), None);
        assert_eq!(instruction(&round), None);
        assert!(!refuses(&round, Move::Draw));
    }

    #[test]
    fn the_lesson_ends_with_its_win() {
        let mut round = lesson_round();
        let mut moves = 0;
        while let Some(m) = taught(&round) {
            round.game.play(m).unwrap();
            moves += 1;
        }
        assert_eq!(round.status(), Status::Won);
        assert_eq!(taught(&round), None);
        assert!(moves <= MAX_STEPS);
    }
}
