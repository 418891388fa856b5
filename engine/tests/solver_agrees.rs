//! The solver against an independent exhaustive search.
//!
//! The reference search below uses only the engine's public rules
//! (`legal_moves`, `play`, `status`): no pruning, no King-first rule, no
//! relaxation, no canonical positions. It walks every position reachable from
//! the deal with an explicit stack and says whether a winning one exists. The
//! solver must agree on every deal checked, and its line must replay as a win.
//! The reference is slow on lost deals with several passes (it explores every
//! position), so those samples are small; each holds wins and losses.
//!
//! The seven presets and the one-pass games of the rest of the family are
//! checked on whole deals. For the other games of the family (Giza, King
//! Tut, Apophis, Cheops, overlap pairs, three cards a turn, the draw slot
//! with unlimited passes) whole deals are too big for the reference, so it
//! is asked about late positions instead.

use std::collections::HashSet;

use chacha20::rand_core::{Rng, SeedableRng};
use chacha20::ChaCha8Rng;
use pyramid_engine::{
    format_line, solve, Board, Custom, Deal, Game, Limits, LossRule, Move, Outcome, Position,
    Preset, Status, WinCondition,
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
    reference_from(board, &board.start(), usize::MAX).expect("no cap")
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

// The rest of the family: the named games outside the seven presets and
// custom sets with overlap pairs, three cards a turn, or the draw slot with
// unlimited passes. Whole deals are far too big for the reference there, so
// it is asked about late positions: a few moves before the end of the
// solver's own winning line, a few random moves away from those (often
// lost), and the ends of random play that prefers removals.

/// A position's identity for the reference. With one waste the 64-bit key
/// is the whole position (with unlimited passes the pass number is left out:
/// it changes nothing, and keeps the search finite); with three (Apophis,
/// three passes) the whole position is.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Seen {
    Key(u64),
    Exact(Position),
}

/// The exhaustive reference from `start`: `Some(winnable)`, or `None` when
/// it would visit more than `cap` positions.
fn reference_from(board: &Board, start: &Position, cap: usize) -> Option<bool> {
    let rules = board.rules();
    let key = |p: &Position| {
        if rules.wastes > 1 {
            assert!(rules.passes.is_some(), "the pass is in the position");
            Seen::Exact(*p)
        } else if rules.passes.is_none() {
            Seen::Key(p.key() & !(0x1f << 59))
        } else {
            Seen::Key(p.key())
        }
    };
    let mut seen = HashSet::from([key(start)]);
    let mut stack = vec![*start];
    while let Some(pos) = stack.pop() {
        if is_goal(board, &pos) {
            return Some(true);
        }
        if rules.loss == LossRule::IdlePass && board.status(&pos) != Status::InProgress {
            continue;
        }
        for m in board.legal_moves(&pos) {
            let next = board.play(&pos, m).expect("legal move plays");
            if seen.insert(key(&next)) {
                if seen.len() > cap {
                    return None;
                }
                stack.push(next);
            }
        }
    }
    Some(false)
}

/// A game `steps` random legal moves on from `game` (fewer if it ends),
/// removals preferred one time in two.
fn wander(game: &Game, steps: u32, rng: &mut ChaCha8Rng) -> Game {
    let mut game = game.clone();
    for _ in 0..steps {
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
        if pool.is_empty() {
            break;
        }
        game.play(pool[rng.next_u32() as usize % pool.len()])
            .expect("a legal move plays");
    }
    game
}

/// Late positions of deal `number`: see the comment above.
fn late_games(preset: Preset, number: u32, rng: &mut ChaCha8Rng) -> Vec<Game> {
    let deal = Deal::from_number(number);
    let start = Game::new(deal, preset);
    let board = start.board();
    let mut games = Vec::new();
    // A deal the solver does not settle quickly gives only random play.
    let solution = solve(board, &board.start(), Limits { max_nodes: 300_000 });
    if solution.outcome == Outcome::Win {
        for back in [3, 6, 10, 16] {
            let Some(cut) = solution.line.len().checked_sub(back) else {
                continue;
            };
            let mut game = start.clone();
            for &m in &solution.line[..cut] {
                game.play(m).expect("the solver's line plays");
            }
            games.push(wander(&game, 1 + rng.next_u32() % 4, rng));
            games.push(game);
        }
    }
    // Random play until few cards are left.
    let mut game = start.clone();
    while !game.is_over() && game.position().cards_left() > 22 {
        game = wander(&game, 1, rng);
    }
    games.push(game);
    games
}

/// What a sample of late positions held.
#[derive(Debug, Default)]
struct Sample {
    wins: usize,
    losses: usize,
    /// Positions the reference would have needed more than its cap for.
    too_big: usize,
}

/// The solver against the reference on late positions of deals 1, 2, …,
/// each winning line replayed through `Game` from that position, until the
/// sample holds `enough` wins and `enough` losses (at most 300 deals).
fn check_late(preset: Preset, enough: usize) -> Sample {
    let mut rng = ChaCha8Rng::seed_from_u64(0x1a7e ^ u64::from(preset.code()));
    let mut sample = Sample::default();
    for number in 1..=300 {
        if sample.wins >= enough && sample.losses >= enough {
            break;
        }
        for game in late_games(preset, number, &mut rng) {
            match agrees_with_reference(&game, number, 200_000) {
                None => sample.too_big += 1,
                Some((true, _)) => sample.wins += 1,
                Some((false, _)) => sample.losses += 1,
            }
        }
    }
    sample
}

/// Plays `line` on from `game` through `Game` (which refuses illegal
/// moves and moves after the round's end) and checks the goal is reached.
/// Solves `game`'s position and checks the answer against the exhaustive
/// search (within `cap` positions; `None` when that is too small), a win's
/// line replaying through `Game` to the goal. Returns the reference's
/// answer and the positions the solver searched.
fn agrees_with_reference(game: &Game, number: u32, cap: usize) -> Option<(bool, u64)> {
    let board = game.board();
    let pos = game.position();
    let expected = reference_from(board, pos, cap)?;
    let solution = solve(board, pos, Limits::default());
    let context = format!(
        "{} deal {number} after {}",
        game.preset(),
        format_line(game.played())
    );
    let want = if expected {
        Outcome::Win
    } else {
        Outcome::Loss
    };
    assert_eq!(solution.outcome, want, "{context}");
    if expected {
        assert_replays_to_goal(game, &solution.line, &context);
    }
    Some((expected, solution.nodes))
}

fn assert_replays_to_goal(game: &Game, line: &[Move], context: &str) {
    let mut game = game.clone();
    for &m in line {
        game.play(m)
            .unwrap_or_else(|e| panic!("{context}: {m} in {}: {e}", format_line(line)));
    }
    assert!(
        is_goal(game.board(), game.position()),
        "{context}: {} does not win",
        format_line(line)
    );
}

fn custom(id: &str) -> Preset {
    id.parse().expect("a custom id")
}

/// Runs `check_late` and asserts the sample held wins, losses and few
/// positions too big for the reference.
fn check_family(preset: Preset) {
    let sample = check_late(preset, 12);
    eprintln!("{preset}: {sample:?}");
    assert!(
        sample.wins >= 12
            && sample.losses >= 12
            && sample.too_big * 4 <= sample.wins + sample.losses,
        "{preset}: {sample:?}"
    );
}

#[test]
fn giza() {
    check_family(Preset::Giza);
}

#[test]
fn kingtut() {
    check_family(Preset::KingTut);
}

#[test]
fn apophis() {
    check_family(Preset::Apophis);
}

#[test]
fn cheops() {
    check_family(Preset::Cheops);
}

#[test]
fn overlap_pairs() {
    for id in [
        "custom-1-1-waste-pyramid-overlap",
        "custom-1-1-drawcard-all-overlap",
        "custom-u-1-drawcard-pyramid-overlap",
        "custom-3-1-waste-pyramid-overlap",
    ] {
        check_family(custom(id));
    }
}

/// One-pass games are small enough for the reference from the deal itself.
#[test]
fn whole_one_pass_deals() {
    check(Preset::Giza, 1..=30);
    // Three a turn with only the waste top live: 4 of deals 1..=3000 can
    // be won, three of them in this range.
    check(custom("custom-1-3-waste-pyramid-no"), 900..=1300);
    check(custom("custom-1-3-drawcard-pyramid-overlap"), 1..=25);
    check(custom("custom-1-1-drawcard-pyramid-overlap"), 1..=6);
}

#[test]
fn three_cards_a_turn() {
    for id in [
        "custom-2-3-waste-pyramid-no",
        "custom-3-3-drawcard-all-no",
        "custom-2-3-drawcard-all-overlap",
    ] {
        check_family(custom(id));
    }
}

#[test]
fn draw_slot_with_unlimited_passes() {
    for id in [
        "custom-u-1-drawcard-pyramid-no",
        "custom-u-1-drawcard-all-no",
        "custom-u-3-drawcard-pyramid-no",
    ] {
        check_family(custom(id));
    }
}

/// Every winning line the solver gives from a deal's start replays through
/// `Game` to the goal: each named game, and a spread of custom sets. Deals
/// the solver does not settle within a small budget are left out (the
/// search for the family is still slow on some Apophis deals), but most
/// must be settled and some won.
#[test]
fn winning_lines_replay_in_every_game() {
    let presets = Preset::ALL
        .into_iter()
        .chain(Custom::all().step_by(5).map(Preset::Custom));
    let (mut wins, mut unknown, mut total) = (0, 0, 0);
    for preset in presets {
        let mut won = 0;
        for number in 1..=8 {
            let deal = Deal::from_number(number);
            let game = Game::new(deal, preset);
            let board = game.board();
            let solution = solve(board, &board.start(), Limits { max_nodes: 500_000 });
            match solution.outcome {
                Outcome::Win => {
                    won += 1;
                    let context = format!("{preset} deal {number}");
                    assert_replays_to_goal(&game, &solution.line, &context);
                }
                Outcome::Loss => assert!(solution.line.is_empty()),
                Outcome::Unknown => unknown += 1,
            }
            total += 1;
        }
        eprintln!("{preset}: {won} of 8 won, {unknown} unsettled so far");
        wins += won;
    }
    // Most deals are settled within the budget and many are won.
    assert!(
        wins * 4 >= total && unknown * 5 <= total,
        "{wins} won and {unknown} unsettled of {total}"
    );
}

/// Cheops's search stops and starts again, keeping its table of losses,
/// once a run passes two hundred positions, and shuffles its moves after
/// the first (see the family's module docs): positions early enough to
/// need more than one run, still small enough for the reference, check
/// that path. Each is the end of random play that prefers removals, with
/// 30 cards or fewer left.
#[test]
fn cheops_across_restarts() {
    let preset = Preset::Cheops;
    let mut rng = ChaCha8Rng::seed_from_u64(0xc4e0);
    let (mut wins, mut losses, mut restarted) = (0, 0, 0);
    for number in 1..=400 {
        if wins >= 6 && losses >= 6 && restarted >= 6 {
            break;
        }
        let mut game = Game::new(Deal::from_number(number), preset);
        while !game.is_over() && game.position().cards_left() > 30 {
            game = wander(&game, 1, &mut rng);
        }
        let Some((expected, nodes)) = agrees_with_reference(&game, number, 1_000_000) else {
            continue;
        };
        if nodes > 1_000 {
            restarted += 1;
        }
        if expected {
            wins += 1;
        } else {
            losses += 1;
        }
    }
    assert!(
        wins >= 6 && losses >= 6 && restarted >= 6,
        "{wins} wins, {losses} losses, {restarted} past the first run"
    );
}

/// Cheops's longest searches go on by the waste's stack (`family/stack.rs`)
/// once the runs have spent 5,000 positions. Three deals past that point:
/// the search over positions alone took 147,000 positions to prove 451
/// lost, 3.3 million for 1578 (past the default budget then) and found a
/// win for 1709 after 181,000. Each is decided now within the default
/// budget, as it was then, and the win's line replays.
#[test]
fn cheops_longest_deals() {
    for (number, won) in [(451, false), (1578, false), (1709, true)] {
        let game = Game::new(Deal::from_number(number), Preset::Cheops);
        let solution = solve(game.board(), game.position(), Limits::default());
        let want = if won { Outcome::Win } else { Outcome::Loss };
        assert_eq!(solution.outcome, want, "cheops deal {number}");
        assert!(
            solution.nodes > 100_000,
            "cheops deal {number}: {}",
            solution.nodes
        );
        if won {
            assert_replays_to_goal(&game, &solution.line, &format!("cheops deal {number}"));
        }
    }
    // With a budget too small for the stack, the runs go on as they did
    // without it: 8801's runs win at 11,457 positions, and the stack,
    // given 50,000 states, cannot win it in those (it stops past them by
    // at most what it counts at once: a pyramid state's word, 50 states,
    // or a reach taken, at most 1,430 words at eight to a state).
    let game = Game::new(Deal::from_number(8801), Preset::Cheops);
    let solution = solve(game.board(), game.position(), Limits { max_nodes: 50_000 });
    assert_eq!(solution.outcome, Outcome::Win);
    let stack = solution.nodes - 11_457;
    assert!(
        (50_001..=50_179).contains(&stack),
        "the runs' positions and the stack's states: {}",
        solution.nodes
    );
    assert_replays_to_goal(&game, &solution.line, "cheops deal 8801");
}

/// `start` played on at random (`wander`) until `left` cards are left, or
/// the round is over.
fn played_down(start: &Game, left: u32, rng: &mut ChaCha8Rng) -> Game {
    let mut game = start.clone();
    while !game.is_over() && game.position().cards_left() > left {
        game = wander(&game, 1, rng);
    }
    game
}

/// Checks each position (a game and its deal number) against the
/// reference within `cap` positions, and asks for at least `wins` won and
/// `losses` lost among those it decides, so the check means something.
fn agree_on(preset: Preset, games: Vec<(u32, Game)>, cap: usize, (wins, losses): (u32, u32)) {
    let (mut won, mut lost) = (0, 0);
    for (number, game) in games {
        match agrees_with_reference(&game, number, cap) {
            None => {}
            Some((true, _)) => won += 1,
            Some((false, _)) => lost += 1,
        }
    }
    eprintln!("{preset}: {won} wins, {lost} losses");
    assert!(
        won >= wins && lost >= losses,
        "{preset}: {won} wins, {lost} losses"
    );
}

/// Three cards a turn onto one waste: the stock cards that can never be
/// live again and the order the cards must leave in (`family.rs`'s "Live
/// some time" and "The order of leaving") prune most late positions of
/// King Tut's hardest lost deals. The ends of random play that prefers
/// removals, from those deals and a few others, in King Tut and in sets
/// with limited passes or every card to remove, against the reference.
#[test]
fn three_a_turn_onto_one_waste() {
    let hardest = [9479, 3752, 4097, 1211, 9246, 5483, 9115, 1310, 3948, 5707];
    for preset in [
        Preset::KingTut,
        custom("custom-2-3-waste-pyramid-no"),
        custom("custom-u-3-waste-all-no"),
        custom("custom-3-3-waste-pyramid-no"),
    ] {
        let mut rng = ChaCha8Rng::seed_from_u64(0x3a7 ^ u64::from(preset.code()));
        let mut games = Vec::new();
        for number in hardest.into_iter().chain(1..=20) {
            let start = Game::new(Deal::from_number(number), preset);
            for left in [20, 26, 32] {
                games.push((number, played_down(&start, left, &mut rng)));
            }
            // Late positions of won deals, for wins.
            if number <= 20 {
                let late = late_games(preset, number, &mut rng);
                games.extend(late.into_iter().map(|game| (number, game)));
            }
        }
        agree_on(preset, games, 300_000, (3, 10));
    }
}

/// Unlimited passes, three cards a turn onto one waste: the search draws
/// on to the next waste top that can leave, tries no pair of pyramid cards
/// at a position it drew to, and tells apart the stock cards that can
/// never leave by place only (`family.rs`'s "Draws to a waste top that can
/// leave" and "Stock cards that never leave"). Middle and late positions,
/// where the stock goes round many times with cards leaving from it, of
/// King Tut's hardest lost deals and of others, against the reference.
#[test]
fn unlimited_three_a_turn_draws_on() {
    let hardest = [3752, 9479, 4097, 1211, 1310, 3268];
    for preset in [
        Preset::KingTut,
        custom("custom-u-3-waste-pyramid-overlap"),
        custom("custom-u-3-waste-all-no"),
    ] {
        let mut rng = ChaCha8Rng::seed_from_u64(0xd7a ^ u64::from(preset.code()));
        let mut games = Vec::new();
        for number in hardest.into_iter().chain(21..=60) {
            let start = Game::new(Deal::from_number(number), preset);
            for left in [24, 28, 34] {
                games.push((number, played_down(&start, left, &mut rng)));
            }
            let late = late_games(preset, number, &mut rng);
            games.extend(late.into_iter().map(|game| (number, game)));
        }
        agree_on(preset, games, 300_000, (20, 20));
    }
}

/// King Tut's winning lines of deals that a search with a wrong
/// `Search::enter` (one position entered with the same cards covering every
/// pointer) loses, found by the search before that change: the positions
/// along each line, every third move back from the end until the reference
/// can no longer decide them, must be won.
#[test]
fn unlimited_three_a_turn_lines_stay_won() {
    let lines = [
        (15, "KH D D 5H+8H D D D D TC+3H D D R D D D D D D D 2S+JS KC D R D D 6C+7H QH+AH TH+3D 9H+4S KD TD+3S 7C+6S 9D+4D 8D+5C D D JH+2C D 9C+4H D D R D D D D 8C+5D KS JC+2H AC+QC D D R D D D 2D+JD D D R D 3C+TS"),
        (402, "5D+8H D D D D KH D D 2S+JH D D 9S+4C TH+3S R D D D D D D 7C+6H 7H+6D D R D D D D 2H+JC KS AC+QD 4S+9H D D D R D JS+2C 7D+6S 8D+5C KC D 3H+TC JD+2D D D D QC+AS D R D D 9D+4D KD D TS+3C 6C+7S QS+AD 5S+8S D R D 4H+9C 5H+8C"),
        (483, "KC KH D D AS+QH D D 3H+TS D D D KS D QC+AC R D D TD+3D 9D+4D TH+3C 5D+8D D 6S+7D D D 5S+8S 4S+9H D D R D 5H+8H 6H+7H D D D 2C+JH D D R D 4H+9C 8C+5C AD+QS D D D 2D+JC 7C+6C 7S+6D D AH+QD R D 4C+9S"),
    ];
    let mut checked = 0;
    for (number, line) in lines {
        let moves: Vec<Move> = line
            .split(' ')
            .map(|m| m.parse().expect("a move"))
            .collect();
        let mut too_big = 0;
        for cut in (0..moves.len()).rev().step_by(3) {
            let mut game = Game::new(Deal::from_number(number), Preset::KingTut);
            for &m in &moves[..cut] {
                game.play(m).expect("the line plays");
            }
            match agrees_with_reference(&game, number, 400_000) {
                Some((won, _)) => {
                    assert!(won, "deal {number} after {cut} moves");
                    checked += 1;
                }
                None => {
                    too_big += 1;
                    if too_big == 2 {
                        break;
                    }
                }
            }
        }
    }
    eprintln!("{checked} positions");
    assert!(checked >= 30, "{checked} positions");
}

/// One pass with the drawn card live: mid-game positions, where the
/// deadlines of the pyramid cards that must leave with a stock card, and
/// the stock cards of their own that cards of one rank need
/// (`solver.rs`'s "Deadlines in one pass" and "Stock cards of their
/// own"), prune most. Positions along the solver's winning lines (wins,
/// which an unsound prune would lose) and a few random moves away from
/// them, and the ends of random play that prefers removals, against the
/// reference.
#[test]
fn one_pass_mid_game() {
    for preset in [
        custom("custom-1-1-drawcard-pyramid-overlap"),
        custom("custom-1-1-drawcard-all-overlap"),
        custom("custom-1-1-drawcard-pyramid-no"),
        Preset::Traditional,
        Preset::Hard,
    ] {
        let mut rng = ChaCha8Rng::seed_from_u64(0x1e55 ^ u64::from(preset.code()));
        let mut games = Vec::new();
        for number in 1..=100 {
            let start = Game::new(Deal::from_number(number), preset);
            let board = start.board();
            let solution = solve(board, &board.start(), Limits::default());
            if solution.outcome == Outcome::Win {
                for cut in [6, 12, 18, 24, 30] {
                    let mut game = start.clone();
                    for &m in solution.line.iter().take(cut) {
                        game.play(m).expect("the solver's line plays");
                    }
                    games.push((number, wander(&game, 1 + rng.next_u32() % 3, &mut rng)));
                    games.push((number, game));
                }
            }
            for left in [44, 36] {
                games.push((number, played_down(&start, left, &mut rng)));
            }
        }
        agree_on(preset, games, 2_000_000, (15, 100));
    }
}

/// Cheops: a position whose cards cannot all be paired off, each with a
/// card it may ever pair with and never two waste cards together (a
/// perfect matching, `family/cheops.rs`), is lost; that proves deals 306,
/// 690 and 1442 lost at their first position. Positions along the
/// solver's winning lines (wins, which a matching too strict would lose),
/// a few random moves away from them, and the ends of random play from
/// those three deals and others, against the reference.
#[test]
fn cheops_pairs_off() {
    let preset = Preset::Cheops;
    let mut rng = ChaCha8Rng::seed_from_u64(0xc4e0_9a1f);
    let mut games = Vec::new();
    for number in [306, 690, 1442].into_iter().chain(1..=40) {
        let start = Game::new(Deal::from_number(number), preset);
        for left in [22, 26, 30] {
            games.push((number, played_down(&start, left, &mut rng)));
        }
        let board = start.board();
        let solution = solve(board, &board.start(), Limits { max_nodes: 300_000 });
        if solution.outcome == Outcome::Win {
            for back in [8, 14, 20, 26] {
                let Some(cut) = solution.line.len().checked_sub(back) else {
                    continue;
                };
                let mut game = start.clone();
                for &m in &solution.line[..cut] {
                    game.play(m).expect("the solver's line plays");
                }
                games.push((number, wander(&game, 1 + rng.next_u32() % 3, &mut rng)));
                games.push((number, game));
            }
        }
    }
    agree_on(preset, games, 1_000_000, (60, 40));
}
