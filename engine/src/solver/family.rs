//! The exact search for the games outside the seven presets' own rules:
//! three cards a turn, three wastes, Giza's reserve, Cheops's pairs and
//! overlap pairs. The tuned search of [`super`] rests on facts of one card
//! a turn, one waste and pairs making 13; this one rests only on these,
//! true in every game of the family:
//!
//! - **Reachability.** A deal is won when some line of legal moves reaches
//!   a cleared position, so the search is a depth-first walk of the
//!   positions, each visited once (a position seen before led nowhere, or
//!   is on the current line, where coming back to it adds nothing). With
//!   unlimited passes the pass number does not change what can happen
//!   next and is left out of the key, so passes that only go round meet
//!   positions already seen.
//! - **Lone cards first.** A King in the pyramid or on a reserve pile,
//!   where Kings go alone, is removed at once: it takes nothing another
//!   move could use, and the cards it uncovers stay until they are used.
//!   (A King on a waste is not: with three cards a turn or three wastes,
//!   removing it changes how later cards fall.)
//! - **Partners.** Every card the goal needs removed needs a partner still
//!   in play: a card whose rank pairs with it and that does not lie in its
//!   cover cone (those must all be gone before it is free), except, with
//!   overlap pairs, the two cards right on it. A position with a card that
//!   has none cannot be won.

use rustc_hash::FxHashSet;

use crate::deal::PYRAMID_CARDS;
use crate::position::{Board, Home, Move, Position};
use crate::rules::WinCondition;

use super::{verdict, Limits, Solution};

pub(super) fn solve(board: &Board, pos: &Position, limits: Limits) -> Solution {
    let rules = board.rules();
    let goal_all = match rules.win {
        WinCondition::Pyramid => false,
        WinCondition::AllCards => true,
        WinCondition::Scored => pos.pyramid == 0,
    };
    let mut search = Search {
        board,
        seen: FxHashSet::default(),
        nodes: 0,
        max_nodes: limits.max_nodes,
        aborted: false,
        line: Vec::new(),
        goal_all,
        unlimited: rules.passes.is_none(),
        partner_masks: partner_masks(board),
    };
    let won = search.dfs(*pos);
    Solution {
        outcome: verdict(won, search.aborted),
        line: if won { search.line } else { Vec::new() },
        nodes: search.nodes,
    }
}

/// For each card (by deck index 0..52): the deck indices of the cards it
/// may ever pair with, as a bit mask (pyramid cards in its cone left out).
fn partner_masks(board: &Board) -> [u64; 52] {
    let rules = board.rules();
    let cards = board.deal().cards();
    let mut masks = [0u64; 52];
    for (i, &a) in cards.iter().enumerate() {
        let never = if i < PYRAMID_CARDS {
            let mut cone = board.cone(i as u32);
            if rules.overlap {
                for on in board.lying_on(i as u8) {
                    cone &= !(1 << on);
                }
            }
            u64::from(cone)
        } else {
            0
        };
        for (j, &b) in cards.iter().enumerate() {
            if i != j && never & (1 << j) == 0 && rules.ranks_pair(a.rank(), b.rank()) {
                masks[i] |= 1 << j;
            }
        }
    }
    masks
}

struct Search<'a> {
    board: &'a Board,
    seen: FxHashSet<u128>,
    nodes: u64,
    max_nodes: u64,
    aborted: bool,
    line: Vec<Move>,
    goal_all: bool,
    unlimited: bool,
    partner_masks: [u64; 52],
}

impl Search<'_> {
    fn is_goal(&self, pos: &Position) -> bool {
        pos.pyramid == 0 && (!self.goal_all || pos.stock == 0)
    }

    fn key(&self, pos: &Position) -> u128 {
        let pass = if self.unlimited { 0 } else { pos.pass.min(255) };
        u128::from(pos.pyramid)
            | u128::from(pos.stock) << 28
            | u128::from(pos.next) << 52
            | u128::from(pos.slot) << 57
            | u128::from(pos.removed_this_pass) << 58
            | u128::from(pass) << 59
            | u128::from(pos.dealt) << 67
    }

    /// The cards in play as deck-index bits.
    fn in_play(&self, pos: &Position) -> u64 {
        u64::from(pos.pyramid) | u64::from(pos.stock) << PYRAMID_CARDS
    }

    /// Whether every card the goal needs removed still has a partner.
    fn partners_exist(&self, pos: &Position) -> bool {
        let in_play = self.in_play(pos);
        let needed = if self.goal_all {
            in_play
        } else {
            u64::from(pos.pyramid)
        };
        let kings_alone = self.board.rules().kings_alone();
        let cards = self.board.deal().cards();
        let mut rest = needed;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if kings_alone && cards[i].is_king() {
                continue;
            }
            if self.partner_masks[i] & in_play == 0 {
                return false;
            }
        }
        true
    }

    fn dfs(&mut self, pos: Position) -> bool {
        if self.is_goal(&pos) {
            return true;
        }
        if !self.seen.insert(self.key(&pos)) {
            return false;
        }
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            self.aborted = true;
            return false;
        }
        if !self.partners_exist(&pos) {
            return false;
        }
        let board = self.board;
        let moves = board.legal_moves(&pos);
        // A lone King that can only help goes first, and alone.
        if let Some(&m) = moves.iter().find(|m| match m {
            Move::King(c) => {
                !matches!(board.home(*c), Home::Stock(_)) || !board.rules().has_stock()
            }
            _ => false,
        }) {
            return self.try_move(&pos, m);
        }
        for m in moves {
            if self.try_move(&pos, m) {
                return true;
            }
            if self.aborted {
                return false;
            }
        }
        false
    }

    fn try_move(&mut self, pos: &Position, m: Move) -> bool {
        let Ok(child) = self.board.play(pos, m) else {
            return false;
        };
        self.line.push(m);
        if self.dfs(child) {
            return true;
        }
        self.line.pop();
        false
    }
}
