//! One pass: the games of a few ranks, every other card free to go.
//!
//! See the module documentation of [`super`] ("Games of a few ranks").

use rustc_hash::FxHashMap;

use super::Tables;
use crate::deal::PYRAMID_CARDS;
use crate::position::{below, bits, highest};

/// The sets of cards the games' table makes room for when they are first
/// asked. Around the one-pass sets' medians the games expand about 1,400
/// states a deal; grown from empty, the table's rehashing was a fifth of
/// the games' time (41 against 32 ns a state over those deals), and all
/// cards with overlap pairs took 0.104 ms a deal at the median against
/// 0.091 ms with this room made (4,096 did no better). Made at the first
/// ask, not with the games: a deal its first position's checks on its
/// cards lose never asks.
const KNOWN_CAPACITY: usize = 2048;

/// The games of a few ranks of one deal, memoised across calls.
pub(super) struct Subgames<'a> {
    tables: &'a Tables,
    /// For each pyramid card, its cover cone (without itself).
    cone: [u32; PYRAMID_CARDS],
    draw_card: bool,
    goal_all: bool,
    /// For each set of cards (see [`Subgames::key`]), the earliest stamp
    /// at which it was found lost and the latest at which it was found won
    /// (0: none).
    known: FxHashMap<u64, (u8, u8)>,
    /// States expanded, over every game.
    pub(super) nodes: u64,
    /// States one game may expand before it gives up.
    budget: u64,
    spent: u64,
}

/// A state of the game of the ranks `pairs` (bit r - 1 for ranks r and
/// 13 - r, r in 1..=6): those of its ranks' pyramid cards and stock cards
/// still in play, the pointer, and whether the drawn card (draw-card mode)
/// is one of its cards still in play.
#[derive(Clone, Copy)]
struct State {
    pyramid: u32,
    stock: u32,
    next: u8,
    slot: bool,
}

impl<'a> Subgames<'a> {
    pub(super) fn new(tables: &'a Tables, draw_card: bool, goal_all: bool) -> Subgames<'a> {
        let cone = std::array::from_fn(|k| tables.cone_self[k] & !(1 << k));
        Subgames {
            tables,
            cone,
            draw_card,
            goal_all,
            known: FxHashMap::default(),
            nodes: 0,
            budget: 0,
            spent: 0,
        }
    }

    /// Whether some game of three pairs of ranks is lost from this
    /// position (see [`Subgames::lost`]; a game of fewer pairs lost is
    /// lost for every three that hold them).
    ///
    /// The games go in the order of how deep their pyramid cards lie (each
    /// card counts seven less its row, so the apex counts seven and the
    /// bottom row one), deepest first: over the deals around the one-pass
    /// sets' medians, the game that loses is most often one with many
    /// cards under others, and the games that win before it cost about as
    /// much as it does, so finding it first saves a fifth of the states.
    /// Any order is exact: each game lost proves the position lost.
    pub(super) fn lost_any(
        &mut self,
        pyramid: u32,
        stock: u32,
        next: u8,
        slot: bool,
        budget: u64,
    ) -> bool {
        if self.known.capacity() == 0 {
            self.known.reserve(KNOWN_CAPACITY);
        }
        let depth = |pairs: u8| {
            let cards = pyramid & self.cards(pairs).0;
            (0..7u32)
                .map(|row| {
                    let first = row * (row + 1) / 2;
                    let in_row = ((1u32 << (row + 1)) - 1) << first;
                    (7 - row) * (cards & in_row).count_ones()
                })
                .sum::<u32>()
        };
        let single: [u32; 6] = std::array::from_fn(|i| depth(1 << i));
        let mut triples: Vec<(u32, u8)> = (1..64u8)
            .filter(|pairs| pairs.count_ones() == 3)
            .map(|pairs| {
                let d = (0..6)
                    .filter(|i| pairs & (1 << i) != 0)
                    .map(|i| single[i])
                    .sum();
                (d, pairs)
            })
            .collect();
        // Deepest first; among equals, the order of the masks.
        triples.sort_by_key(|&(d, pairs)| (std::cmp::Reverse(d), pairs));
        triples
            .into_iter()
            .any(|(_, pairs)| self.lost(pairs, pyramid, stock, next, slot, budget))
    }

    /// The cards of the ranks of `pairs`: pyramid and stock.
    fn cards(&self, pairs: u8) -> (u32, u32) {
        let t = self.tables;
        let (mut p, mut s) = (0, 0);
        for r in 1..=6usize {
            if pairs & (1 << (r - 1)) != 0 {
                p |= t.pyramid_of_rank[r] | t.pyramid_of_rank[13 - r];
                s |= t.stock_of_rank[r] | t.stock_of_rank[13 - r];
            }
        }
        (p, s)
    }

    /// Whether the game of the ranks `pairs` is lost from the position with
    /// these cards, pointer and draw slot (`slot`: whether the card at
    /// `next - 1` is in the slot), within `budget` states (`false` when it
    /// runs out).
    pub(super) fn lost(
        &mut self,
        pairs: u8,
        pyramid: u32,
        stock: u32,
        next: u8,
        slot: bool,
        budget: u64,
    ) -> bool {
        let state = self.start(pairs, pyramid, stock, next, slot);
        self.budget = budget;
        self.spent = 0;
        self.won(pairs, state, pairs) == Some(false)
    }

    /// The state of the game of `pairs` at a position.
    fn start(&self, pairs: u8, pyramid: u32, stock: u32, next: u8, slot: bool) -> State {
        let (pm, sm) = self.cards(pairs);
        let s = stock & sm;
        let top = highest(s & below(next));
        State {
            pyramid: pyramid & pm,
            stock: s,
            next: top.map_or(0, |i| i as u8 + 1),
            slot: slot && top.is_some_and(|i| i + 1 == u32::from(next)),
        }
    }

    fn key(pairs: u8, s: &State) -> u64 {
        u64::from(s.pyramid) | u64::from(s.stock) << 28 | u64::from(pairs) << 52
    }

    /// Where the state stands in the draws of its cards, as
    /// [`super::Search::stamp`]: a state lost at one stamp is lost at every
    /// later one with the same cards, and one won at a stamp is won at
    /// every earlier one.
    fn stamp(&self, s: &State) -> u8 {
        let drawn_to_slot = self.draw_card && s.next > 0;
        2 * s.next + u8::from(s.slot != drawn_to_slot)
    }

    /// Whether the state can reach the goal; `None` when the budget ran out.
    /// `check`: the pairs of ranks whose cards the checks on the cards
    /// look at (see [`Subgames::cards_may_win`]).
    fn won(&mut self, pairs: u8, s: State, check: u8) -> Option<bool> {
        let mut s = s;
        if s.pyramid == 0 && (!self.goal_all || s.stock == 0) {
            return Some(true);
        }
        let key = Self::key(pairs, &s);
        let stamp = self.stamp(&s);
        let (lost, won) = self.known.get(&key).copied().unwrap_or((u8::MAX, 0));
        if lost <= stamp {
            return Some(false);
        }
        if won >= stamp && won != 0 {
            return Some(true);
        }
        if !self.cards_may_win(check, &s) {
            self.known.insert(key, (0, 0));
            return Some(false);
        }
        let first = stamp;
        let mut drawn = None;
        let exposed = exposed_among(s.pyramid);
        loop {
            if self.spent >= self.budget {
                return None;
            }
            self.spent += 1;
            self.nodes += 1;
            if self.removals(pairs, &s, drawn, exposed)? {
                let at = self.stamp(&s).max(1);
                let e = self.known.entry(key).or_insert((u8::MAX, 0));
                e.1 = e.1.max(at);
                return Some(true);
            }
            // Draw on to the next card of these ranks.
            let left = s.stock & !below(s.next);
            if left == 0 {
                break;
            }
            let i = left.trailing_zeros();
            s.next = i as u8 + 1;
            s.slot = self.draw_card;
            drawn = Some(i);
            if self.stamp(&s) >= lost {
                break;
            }
        }
        let e = self.known.entry(key).or_insert((u8::MAX, 0));
        e.0 = e.0.min(first);
        Some(false)
    }

    /// The checks on the cards alone, for the pairs of ranks in `check`:
    /// each pyramid card has a partner left (see [`Tables::partners_exist`]),
    /// and with every card to go, so has each stock card. Each looks at the
    /// cards of one pair of ranks, so a state need only look again at the
    /// pair a removal just changed: the other pairs' cards are those of the
    /// state it was made in, which passed. (The first state looks at all.)
    fn cards_may_win(&self, check: u8, s: &State) -> bool {
        let t = self.tables;
        let mut left = check;
        while left != 0 {
            let r = left.trailing_zeros() as usize + 1;
            left &= left - 1;
            for (rank, want) in [(r, 13 - r), (13 - r, r)] {
                let cards = s.pyramid & t.pyramid_of_rank[rank];
                let stock_wants = s.stock & t.stock_of_rank[want] != 0;
                if cards != 0 && !stock_wants {
                    let partners = s.pyramid & t.pyramid_of_rank[want];
                    if bits(cards).any(|k| partners & !t.blocked[k as usize] == 0) {
                        return false;
                    }
                }
                // With every card to go, each stock card needs a partner too.
                if self.goal_all
                    && s.stock & t.stock_of_rank[rank] != 0
                    && s.pyramid & t.pyramid_of_rank[want] == 0
                    && !(self.draw_card && stock_wants)
                {
                    return false;
                }
            }
        }
        true
    }

    /// The removals from `s`: all of them, or after a draw of card `drawn`
    /// only those with it (every other one was there before the draw, with
    /// the same cards, and lost there).
    fn removals(&mut self, pairs: u8, s: &State, drawn: Option<u32>, exposed: u32) -> Option<bool> {
        let s = *s;
        let t = self.tables;
        if drawn.is_none() {
            // Pyramid pairs.
            for k in bits(exposed) {
                let want = 13 - t.pyramid_rank[k as usize];
                for l in bits(exposed & t.pyramid_of_rank[usize::from(want)] & !below(k as u8 + 1))
                {
                    let c = State {
                        pyramid: s.pyramid & !(1 << k) & !(1 << l),
                        ..s
                    };
                    if self.won(pairs, c, pair_of(want))? {
                        return Some(true);
                    }
                }
            }
            // Overlap pairs: a card whose cone holds one card of these
            // still, lying right on it.
            if t.overlap {
                for k in bits(s.pyramid & !exposed) {
                    let on = self.cone[k as usize] & s.pyramid;
                    if on & (on - 1) == 0 && t.on[k as usize] & on != 0 {
                        let l = on.trailing_zeros();
                        if t.pyramid_rank[k as usize] + t.pyramid_rank[l as usize] == 13 {
                            let c = State {
                                pyramid: s.pyramid & !(1 << k) & !on,
                                ..s
                            };
                            let check = pair_of(t.pyramid_rank[l as usize]);
                            if self.won(pairs, c, check)? {
                                return Some(true);
                            }
                        }
                    }
                }
            }
        }
        // The stock side: the top card drawn still in play, and the one
        // below it when the top one is in the slot.
        let drawn_cards = s.stock & below(s.next);
        if drawn_cards == 0 {
            return Some(false);
        }
        let h1 = 31 - drawn_cards.leading_zeros();
        let rest = drawn_cards & !(1 << h1);
        let after = |stock: u32, slot: bool| {
            let top = highest(stock & below(s.next));
            State {
                pyramid: s.pyramid,
                stock,
                next: top.map_or(0, |i| i as u8 + 1),
                slot: slot && top == Some(h1),
            }
        };
        let h2 = if s.slot && rest != 0 {
            Some(31 - rest.leading_zeros())
        } else {
            None
        };
        if let Some(h2) = h2 {
            if t.stock_rank[h1 as usize] + t.stock_rank[h2 as usize] == 13 {
                let c = after(s.stock & !(1 << h1) & !(1 << h2), false);
                if self.won(pairs, c, pair_of(t.stock_rank[h1 as usize]))? {
                    return Some(true);
                }
            }
        }
        // With an exposed card: the top card, then the one below it.
        for i in [Some(h1), h2] {
            let Some(i) = i else { break };
            if drawn.is_some_and(|d| d != i) {
                continue;
            }
            let want = 13 - t.stock_rank[i as usize];
            let mut ks = exposed & t.pyramid_of_rank[usize::from(want)];
            while ks != 0 {
                let k = ks.trailing_zeros();
                ks &= ks - 1;
                let mut c = after(s.stock & !(1 << i), s.slot);
                c.pyramid &= !(1 << k);
                if self.won(pairs, c, pair_of(want))? {
                    return Some(true);
                }
            }
        }
        Some(false)
    }
}

/// The bit of the pair of ranks of a card of this rank (see [`State`]).
fn pair_of(rank: u8) -> u8 {
    1 << (rank.min(13 - rank) - 1)
}

/// The cards of `pyramid` (any set of pyramid cards) with none of the set
/// left in their cover cones. Row by row from the bottom, the cards with
/// some card of the set in their cones or among them: a card is covered by
/// the set when one of the two cards right on it is such a card.
fn exposed_among(pyramid: u32) -> u32 {
    let mut reach = pyramid;
    let mut covered = 0;
    for row in (0..6u32).rev() {
        let first = row * (row + 1) / 2;
        let row_mask = ((1u32 << (row + 1)) - 1) << first;
        let c = ((reach >> (row + 1)) | (reach >> (row + 2))) & row_mask;
        covered |= c;
        reach |= c;
    }
    pyramid & !covered
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Board;
    use crate::solver::{solve, Limits, Outcome};
    use crate::{Deal, Preset};

    /// With all six pairs of ranks the game is the whole game but for
    /// Kings, which go at once anyway (a pyramid King once nothing lies on
    /// it, a stock King once drawn): it must agree with the solver
    /// wherever it settles within its budget; and where the games of three
    /// pairs say lost, the solver must find the deal lost.
    #[test]
    fn exposed_among_any_set() {
        let board = Board::new(Deal::from_number(1), Preset::Classic);
        let tables = Tables::new(&board);
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let set = x as u32 & crate::position::ALL_PYRAMID & (x >> 32) as u32;
            let slow = bits(set)
                .filter(|&k| tables.cone_self[k as usize] & set == 1 << k)
                .fold(0, |m, k| m | 1 << k);
            assert_eq!(exposed_among(set), slow);
        }
    }

    #[test]
    fn games_agree_with_the_solver() {
        for id in [
            "custom-1-1-drawcard-pyramid-overlap",
            "custom-1-1-drawcard-all-overlap",
            "custom-1-1-waste-pyramid-overlap",
            "custom-1-1-drawcard-pyramid-no",
            "custom-1-1-waste-pyramid-no",
            "custom-1-1-drawcard-all-no",
        ] {
            let preset: Preset = id.parse().expect("a custom id");
            let (mut settled, mut lost, mut triples) = (0, 0, 0);
            for number in 1..=60 {
                let board = Board::new(Deal::from_number(number), preset);
                let rules = board.rules();
                let tables = Tables::new(&board);
                let draw_card = rules.stock_mode == crate::rules::StockMode::DrawCard;
                let goal_all = rules.win == crate::rules::WinCondition::AllCards;
                let start = board.start();
                let s = solve(&board, &start, Limits::default());
                assert_ne!(s.outcome, Outcome::Unknown, "{id} deal {number}");
                let mut games = Subgames::new(&tables, draw_card, goal_all);
                let (p, st) = (start.pyramid, start.stock);
                if games.lost_any(p, st, start.next, start.slot, 100_000) {
                    triples += 1;
                    assert_eq!(s.outcome, Outcome::Loss, "{id} deal {number}: triples");
                }
                let mut games = Subgames::new(&tables, draw_card, goal_all);
                let all = games.lost(63, p, st, start.next, start.slot, 200_000);
                if games
                    .won(63, games.start(63, p, st, start.next, start.slot), 63)
                    .is_some()
                {
                    settled += 1;
                    lost += u32::from(all);
                    assert_eq!(all, s.outcome == Outcome::Loss, "{id} deal {number}: all");
                }
            }
            assert!(
                settled >= 20 && lost > 0 && lost < settled && triples > 0,
                "{id}"
            );
        }
    }
}
