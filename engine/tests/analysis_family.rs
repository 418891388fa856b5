//! The solver as a coach in every game of the family: for each named game
//! outside the seven presets and a few custom sets, the hint is a legal move
//! that keeps the win, the shortest win replays and is no longer than the
//! solver's line, "where did I lose" and "show me a win" give lines that
//! replay to a win, and a grade is produced (with playouts that win some
//! deals, so the grade is more than "5" everywhere).

use chacha20::rand_core::{Rng, SeedableRng};
use chacha20::ChaCha8Rng;
use pyramid_engine::analysis::difficulty::GRADE_PLAYOUTS;
use pyramid_engine::analysis::is_goal;
use pyramid_engine::{
    difficulty_of_number, format_line, hint_and_line, shortest_win, show_win, solve, where_lost,
    Deal, Game, Hint, Limits, LossAnalysis, Move, Outcome, Preset, ShortestWin, WinLine,
    Winnability,
};

/// The games checked here.
fn games() -> Vec<Preset> {
    let mut games = vec![
        Preset::Giza,
        Preset::KingTut,
        Preset::Apophis,
        Preset::Cheops,
    ];
    for id in [
        "custom-1-1-drawcard-pyramid-overlap",
        "custom-u-3-drawcard-all-overlap",
        "custom-3-3-drawcard-pyramid-no",
    ] {
        games.push(id.parse().unwrap());
    }
    games
}

const LIMITS: Limits = Limits {
    max_nodes: 2_000_000,
};

/// The first deals of `preset` that the solver wins quickly, with its line.
fn won_deals(preset: Preset, count: usize) -> Vec<(u32, Vec<Move>)> {
    (1..=200)
        .filter_map(|number| {
            let game = Game::new(Deal::from_number(number), preset);
            let board = game.board();
            let solution = solve(board, &board.start(), Limits { max_nodes: 300_000 });
            (solution.outcome == Outcome::Win).then_some((number, solution.line))
        })
        .take(count)
        .collect()
}

/// Plays `line` on from `game`, panicking on an illegal move, and says
/// whether it reaches the goal.
fn wins(game: &Game, line: &[Move]) -> bool {
    let mut game = game.clone();
    for &m in line {
        game.play(m)
            .unwrap_or_else(|e| panic!("{m} in {}: {e}", format_line(line)));
    }
    is_goal(game.board(), game.position())
}

#[test]
fn hints_are_legal_moves_that_keep_the_win() {
    for preset in games() {
        let deals = won_deals(preset, 2);
        assert!(!deals.is_empty(), "{preset}: no deal won");
        for (number, _) in deals {
            // Follow the hints for a while: each is legal and keeps the win.
            let mut game = Game::new(Deal::from_number(number), preset);
            for step in 0..15 {
                if game.is_over() {
                    break;
                }
                let (hint, line) = hint_and_line(game.board(), game.position(), 400_000);
                let Hint::Move(m) = hint else {
                    panic!("{preset} deal {number} step {step}: {hint:?}");
                };
                assert!(
                    game.board().legal_moves(game.position()).contains(&m),
                    "{preset} deal {number} step {step}: {m}"
                );
                assert!(wins(&game, &line), "{preset} deal {number} step {step}");
                game.play(m).unwrap();
            }
        }
    }
}

#[test]
fn the_shortest_win_replays_and_is_no_longer_than_the_solvers() {
    for preset in games() {
        for (number, line) in won_deals(preset, 2) {
            // From a position some way into the solver's line.
            let mut game = Game::new(Deal::from_number(number), preset);
            let cut = line.len().saturating_sub(18);
            for &m in &line[..cut] {
                game.play(m).unwrap();
            }
            let rest = line.len() - cut;
            let got = shortest_win(game.board(), game.position(), LIMITS);
            let context = format!("{preset} deal {number}");
            let (ShortestWin::Exact { moves, line } | ShortestWin::AtMost { moves, line, .. }) =
                &got
            else {
                panic!("{context}: {got:?}");
            };
            assert_eq!(*moves, line.len(), "{context}");
            assert!(*moves <= rest, "{context}: {moves} > {rest}");
            assert!(wins(&game, line), "{context}");
        }
    }
}

/// A random game of `preset` deal `number` played until it is over.
fn random_round(preset: Preset, number: u32, rng: &mut ChaCha8Rng) -> Game {
    let mut game = Game::new(Deal::from_number(number), preset);
    while !game.is_over() {
        let moves = game.board().legal_moves(game.position());
        if moves.is_empty() {
            break;
        }
        game.play(moves[rng.next_u32() as usize % moves.len()])
            .unwrap();
    }
    game
}

#[test]
fn where_lost_and_show_win_in_every_game() {
    for preset in games() {
        let mut rng = ChaCha8Rng::seed_from_u64(u64::from(preset.code()));
        let (mut lost_at, mut unknown) = (0, 0);
        for (number, _) in won_deals(preset, 4) {
            let context = format!("{preset} deal {number}");
            for _ in 0..3 {
                let game = random_round(preset, number, &mut rng);
                if is_goal(game.board(), game.position()) {
                    assert_eq!(where_lost(&game, LIMITS), LossAnalysis::Won, "{context}");
                    continue;
                }
                match where_lost(&game, LIMITS) {
                    LossAnalysis::LostAt {
                        index,
                        mv,
                        winning_line,
                    } => {
                        assert_eq!(game.played()[index], mv, "{context}");
                        let mut rewound = game.clone();
                        while rewound.move_count() > index {
                            rewound.undo();
                        }
                        assert!(wins(&rewound, &winning_line), "{context}");
                        lost_at += 1;
                    }
                    // The family's search does not settle every position
                    // of Cheops within the budget yet.
                    LossAnalysis::Unknown => unknown += 1,
                    other => panic!("{context}: a won deal lost with {other:?}"),
                }
                // The round is over and lost: the win is shown from the start.
                match show_win(&game, LIMITS) {
                    WinLine::FromStart(line) => {
                        let start = Game::new(Deal::from_number(number), preset);
                        assert!(wins(&start, &line), "{context}");
                    }
                    other => panic!("{context}: {other:?}"),
                }
            }
            // At the deal, the win is shown from here.
            let start = Game::new(Deal::from_number(number), preset);
            match show_win(&start, LIMITS) {
                WinLine::FromHere(line) => assert!(wins(&start, &line), "{context}"),
                other => panic!("{context}: {other:?}"),
            }
        }
        assert!(
            lost_at > 0 && unknown <= lost_at,
            "{preset}: {lost_at} rounds lost where they were, {unknown} not settled"
        );
    }
}

#[test]
fn every_game_has_grades() {
    for preset in games() {
        let mut won_by_playouts = 0;
        let mut grades = [0u32; 6];
        for number in 1..=12 {
            let d = difficulty_of_number(number, preset);
            assert!((1..=5).contains(&d.grade), "{preset} deal {number}: {d:?}");
            assert_eq!(d.playouts.playouts, GRADE_PLAYOUTS);
            if d.playouts.wins > 0 {
                won_by_playouts += 1;
                assert_eq!(d.winnable, Winnability::Winnable);
            }
            if d.winnable == Winnability::NotWinnable {
                assert_eq!(d.grade, 5);
            }
            grades[usize::from(d.grade)] += 1;
            // The same deal gets the same grade.
            assert_eq!(d, difficulty_of_number(number, preset));
        }
        eprintln!("{preset}: grades {:?}", &grades[1..]);
        assert!(won_by_playouts > 0, "{preset}: no playout won");
    }
}
