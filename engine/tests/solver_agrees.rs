//! The solver against an independent exhaustive search.
//!
//! The reference search below uses only the engine's public rules
//! (`legal_moves`, `play`, `status`): no pruning, no King-first rule, no
//! relaxation, no canonical positions. It walks every position reachable from
//! the deal with an explicit stack and says whether a winning one exists. The
//! solver must agree on every deal checked, and its line must replay as a win.
//! The reference is slow on lost deals with several passes (it explores every
//! position), so those samples are small; each holds wins and losses.

use std::collections::HashSet;

use pyramid_engine::{
    solve, Board, Deal, Game, Limits, LossRule, Outcome, Position, Preset, Status, WinCondition,
};

/// Whether the goal of `preset` is met: the rules' win, or for Par Pyramid
/// (scored) a cleared pyramid, which is what makes such a round count as won.
fn is_goal(board: &Board, pos: &Position) -> bool {
    match board.rules().win {
        WinCondition::Scored => pos.pyramid_left() == 0,
        _ => board.status(pos) == Status::Won,
    }
}

fn reference_winnable(board: &Board) -> bool {
    let unlimited = board.rules().passes.is_none();
    // With unlimited passes the pass number changes nothing: leave it out of
    // the key so that the search is finite.
    let key = |p: &Position| {
        if unlimited {
            p.key() & !(0x1f << 59)
        } else {
            p.key()
        }
    };
    let start = board.start();
    let mut seen = HashSet::from([key(&start)]);
    let mut stack = vec![start];
    while let Some(pos) = stack.pop() {
        if is_goal(board, &pos) {
            return true;
        }
        // Only Easy ends a round while moves remain (a whole pass without a
        // removal); elsewhere a lost position simply has no winning move, so
        // the full status (with its dead-position look-ahead) is not needed.
        if board.rules().loss == LossRule::IdlePass && board.status(&pos) != Status::InProgress {
            continue;
        }
        for m in board.legal_moves(&pos) {
            let next = board.play(&pos, m).expect("legal move plays");
            if seen.insert(key(&next)) {
                stack.push(next);
            }
        }
    }
    false
}

fn check(preset: Preset, deals: std::ops::RangeInclusive<u32>) {
    let (mut wins, mut total) = (0, 0);
    for number in deals {
        let deal = Deal::from_number(number);
        let board = Board::new(deal, preset);
        let solution = solve(&board, &board.start(), Limits::default());
        let expected = if reference_winnable(&board) {
            Outcome::Win
        } else {
            Outcome::Loss
        };
        assert_eq!(solution.outcome, expected, "{preset} deal {number}");
        if expected == Outcome::Win {
            wins += 1;
            let mut game = Game::new(deal, preset);
            for &m in &solution.line {
                game.play(m)
                    .unwrap_or_else(|e| panic!("{preset} deal {number}: {m}: {e}"));
            }
            assert!(is_goal(&board, game.position()), "{preset} deal {number}");
        }
        total += 1;
    }
    // A sample with no win or no loss would check only half of the solver.
    assert!(wins > 0 && wins < total, "{preset}: {wins} wins of {total}");
}

#[test]
fn classic() {
    check(Preset::Classic, 1..=7);
}

#[test]
fn medium() {
    check(Preset::Medium, 9..=12);
}

#[test]
fn easy() {
    check(Preset::Easy, 5..=7);
}

#[test]
fn hard() {
    check(Preset::Hard, 1..=60);
}

#[test]
fn relaxed() {
    check(Preset::Relaxed, 3..=7);
}

#[test]
fn traditional() {
    check(Preset::Traditional, 1..=60);
}

#[test]
fn par() {
    check(Preset::Par, 4..=7);
}
