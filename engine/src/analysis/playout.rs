//! Seeded playouts of simple heuristic players: how often a player who plays
//! sensibly but without looking ahead wins a deal.
//!
//! Both players below remove a card that goes alone (a King, where pairs
//! make 13) as soon as one is available, never draw while a removal is
//! possible, draw when none is, and recycle when the stock
//! is empty and a pass is left. They differ only in which removal they pick
//! when there is a choice. Every random choice comes from ChaCha8 seeded by
//! the caller, so a playout series is the same on every machine.

use chacha20::rand_core::{Rng, SeedableRng};
use chacha20::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::analysis::is_goal;
use crate::card::Card;
use crate::deal::STOCK_CARDS;
use crate::position::{row_col, Board, Home, Move, Position};
use crate::rules::{LossRule, WinCondition};

/// Which removal a heuristic player picks when several are possible.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Strategy {
    /// A pair at random, but one that takes the waste top (or the drawn
    /// card) is held back one time in eight when a draw is possible: the
    /// player draws instead, keeping the pyramid card for a later partner.
    /// This is the player behind the difficulty grade. The hesitation makes
    /// its play vary from one playout to the next even where only one pair
    /// is ever possible, so its win rate is a smooth measure rather than
    /// mostly 0 or 1.
    Casual,
    /// A tidier player, used to check the grade against a player it was not
    /// built from: pairs of two pyramid cards first, then the pair whose
    /// pyramid card lies lowest (it uncovers the most), ties at random.
    Tidy,
}

/// What a series of playouts came to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PlayoutSummary {
    pub playouts: u32,
    /// Playouts that reached the goal (for Par Pyramid, a cleared pyramid).
    pub wins: u32,
    /// Cards of the goal removed, summed over all playouts: pyramid cards, or
    /// all 52 cards where the rules' win is removing them all.
    pub removed: u64,
}

impl PlayoutSummary {
    /// Wins per thousand playouts, rounded down.
    pub fn wins_per_mille(&self) -> u32 {
        if self.playouts == 0 {
            return 0;
        }
        (u64::from(self.wins) * 1000 / u64::from(self.playouts)) as u32
    }
}

/// Plays `count` playouts of `strategy` from `pos`, each one to its end,
/// with random choices from ChaCha8 seeded by `seed`.
pub fn playouts(
    board: &Board,
    pos: &Position,
    strategy: Strategy,
    seed: u64,
    count: u32,
) -> PlayoutSummary {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut summary = PlayoutSummary::default();
    let goal_cards = |p: &Position| match board.rules().win {
        WinCondition::AllCards => p.cards_left(),
        WinCondition::Pyramid | WinCondition::Scored => p.pyramid_left(),
    };
    let start_cards = goal_cards(pos);
    for _ in 0..count {
        let end = playout(board, *pos, strategy, &mut rng);
        summary.playouts += 1;
        summary.wins += u32::from(is_goal(board, &end));
        summary.removed += u64::from(start_cards - goal_cards(&end));
    }
    summary
}

/// One playout to its end; returns the last position.
pub(crate) fn playout(
    board: &Board,
    mut pos: Position,
    strategy: Strategy,
    rng: &mut ChaCha8Rng,
) -> Position {
    let idle_rule = board.rules().loss == LossRule::IdlePass;
    // Moves since the last removal: with unlimited passes, two whole passes
    // without one mean that no removal will ever come (the player never
    // passes one up).
    let mut idle = 0;
    loop {
        if is_goal(board, &pos) {
            return pos;
        }
        let m = match choose_removal(board, &pos, strategy, rng) {
            Some(m) => {
                idle = 0;
                m
            }
            None if board.can_draw(&pos) => Move::Draw,
            None if idle_rule && !pos.removed_this_pass => return pos,
            None if board.can_recycle(&pos) && idle <= 2 * (STOCK_CARDS + 1) => Move::Recycle,
            None => return pos,
        };
        idle += 1;
        pos = board
            .play(&pos, m)
            .expect("a playout only plays legal moves");
    }
}

/// The removal the player makes now, if any.
fn choose_removal(
    board: &Board,
    pos: &Position,
    strategy: Strategy,
    rng: &mut ChaCha8Rng,
) -> Option<Move> {
    // Live cards, in `Board::available_cards`'s order (exposed pyramid
    // cards by index, the draw slot, the waste top, the piles' tops), each
    // with its row plus one (0 off the pyramid, which uncovers nothing).
    let available = board.available_cards(pos);
    let live: Vec<(Card, u8)> = available
        .iter()
        .map(|&c| match board.home(c) {
            Home::Pyramid(k) => (c, row_col(k).0 + 1),
            Home::Stock(_) => (c, 0),
        })
        .collect();
    let pyramid_live = live.iter().take_while(|&&(_, row)| row > 0).count();
    if let Some(&(alone, _)) = live.iter().find(|&&(c, _)| board.goes_alone(c)) {
        return Some(Move::King(alone));
    }
    // Candidate pairs with the Tidy player's preference: two pyramid cards
    // first, then the lowest pyramid card.
    let mut pairs: Vec<(Move, u8)> = Vec::new();
    for i in 0..live.len() {
        for j in i + 1..live.len() {
            let ((a, row_a), (b, row_b)) = (live[i], live[j]);
            if board.pairs(a, b) {
                let both = u8::from(j < pyramid_live);
                pairs.push((Move::Pair(a, b), both * 16 + row_a.max(row_b)));
            }
        }
    }
    // Overlap pairs: a covered card and the one card on it, both in the
    // pyramid.
    if board.rules().overlap {
        for m in board.removals(pos) {
            let Move::Pair(covered, on) = m else {
                continue;
            };
            let (Home::Pyramid(k), Home::Pyramid(j)) = (board.home(covered), board.home(on)) else {
                continue;
            };
            if !board.is_available(pos, covered) && board.overlap_partner(pos, covered) == Some(on)
            {
                pairs.push((m, 16 + row_col(k).0.max(row_col(j).0) + 1));
            }
        }
    }
    if pairs.is_empty() {
        return None;
    }
    let pick = match strategy {
        Strategy::Casual => {
            let pick = below_n(rng, pairs.len());
            let stock_side = pairs[pick].1 < 16;
            if stock_side && board.can_draw(pos) && below_n(rng, 8) == 0 {
                return None;
            }
            pick
        }
        Strategy::Tidy => {
            let best = pairs.iter().map(|&(_, v)| v).max().unwrap_or(0);
            let ties = pairs.iter().filter(|&&(_, v)| v == best).count();
            let nth = below_n(rng, ties);
            pairs
                .iter()
                .enumerate()
                .filter(|(_, &(_, v))| v == best)
                .nth(nth)
                .map_or(0, |(i, _)| i)
        }
    };
    Some(pairs[pick].0)
}

/// A number in `0..n` by multiply-and-shift: its bias is below n / 2^32,
/// far too small to matter for playouts.
fn below_n(rng: &mut ChaCha8Rng, n: usize) -> usize {
    ((u64::from(rng.next_u32()) * n as u64) >> 32) as usize
}
