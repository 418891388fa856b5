//! The shortest win: the fewest moves that win from a position, counted as
//! the game counts them (each pair, King, draw and recycle is one move).
//!
//! The search is A* over positions, every move costing one. Its lower bound
//! on the moves still needed (admissible: it never overestimates) is the sum
//! of two parts, since removals and draws are different moves:
//! - **Removals.** A removal takes at most one card of each of two
//!   complementary ranks, and a King alone. So for each pair of ranks
//!   (r, 13 − r) at least as many removals as the larger count; and with the
//!   pyramid goal, a pyramid card with no possible pyramid partner left (all
//!   of them are in its cover cone or above it) needs a removal of its own
//!   with a stock-side card.
//! - **Draws.** A card still in the stock must be drawn before it can be
//!   removed, and drawing card i takes one draw for each card still in the
//!   stock up to it. To remove all cards, every stock card must be drawn;
//!   for the pyramid goal, each pyramid card that needs a stock-side partner
//!   needs at least the draws to its nearest one.
//!
//! That bound is for the seven presets' rules (`Rules::is_classic_family`).
//! For the rest of the family the bound (`AStar::family_bound`) is built
//! from facts that hold under every rule of it:
//! - **Removals.** A removal takes one card alone (a King, where pairs make
//!   13) or two cards that pair under the rules, overlap pairs included. With
//!   pairs making 13 the count per pair of ranks above holds as it is. With
//!   equal or adjacent ranks (no card alone) a removal takes at most two
//!   cards: at least half the cards the goal needs gone, rounded up; and
//!   with the pyramid goal, each pyramid card with no possible pyramid
//!   partner left takes a removal of its own (its partner is off the
//!   pyramid), the others at most two a removal.
//! - **Possible partners.** As above, a pyramid card can never pair with a
//!   card of its cover cone nor with a card whose cone holds it; with
//!   overlap pairs, except the cards lying right on it (or right under it),
//!   which may pair with it when they are the only one left on it.
//! - **Draws.** A draw turns at most `turn` cards (1 or 3) out of the stock,
//!   always from its front, and nothing else takes a card out of it (a
//!   recycle needs it empty). So a card behind `n` stock cards, itself
//!   counted, takes at least ⌈n / turn⌉ draws before it can be live, and
//!   removing every card takes at least ⌈stock / turn⌉. Cards on a waste or
//!   a reserve pile need no draw. Giza has no stock: no draws.
//!
//! The solver's line is the first upper bound, so the search only looks for
//! strictly shorter wins and stops with a proof once none is left below it.
//! A pyramid King that is available and goes alone is removed at once, as
//! the solver does: moving that removal earlier in any winning line keeps
//! the line legal and as long (except under Easy's idle-pass rule, where it
//! could empty a later pass, so there it is not done). It pairs with
//! nothing, so it only uncovers cards; with overlap pairs a card it lies on
//! could pair with its other cover only once the King is gone anyway.

use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};

use crate::analysis::is_goal;
use crate::deal::PYRAMID_CARDS;
use crate::position::{below, bits, exposed_of, highest, Board, Move, Position};
use crate::rules::{LossRule, WinCondition};
use crate::solver::{solve, Limits, Outcome};

/// How short a win from a position can be.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ShortestWin {
    /// `moves` is the fewest moves that win, proven; `line` is such a win.
    Exact { moves: usize, line: Vec<Move> },
    /// A win of `moves` moves is known (`line`), and none has fewer than
    /// `at_least`, but the budget ran out before the gap was closed.
    AtMost {
        moves: usize,
        at_least: usize,
        line: Vec<Move>,
    },
    /// No line wins from this position.
    Loss,
    /// The budget ran out before a win was found or ruled out.
    Unknown,
}

impl ShortestWin {
    /// The length of the shortest win known, if any.
    pub fn moves(&self) -> Option<usize> {
        match self {
            ShortestWin::Exact { moves, .. } | ShortestWin::AtMost { moves, .. } => Some(*moves),
            ShortestWin::Loss | ShortestWin::Unknown => None,
        }
    }

    /// The shortest winning line known, if any.
    pub fn line(&self) -> Option<&[Move]> {
        match self {
            ShortestWin::Exact { line, .. } | ShortestWin::AtMost { line, .. } => Some(line),
            ShortestWin::Loss | ShortestWin::Unknown => None,
        }
    }
}

/// The fewest moves that win from `pos` (a win as the solver means it: see
/// [`crate::analysis`]). `limits` bounds the solver's first answer and,
/// separately, the positions the search stores: each costs about 50 bytes,
/// so a budget of a million positions needs about 50 MB.
pub fn shortest_win(board: &Board, pos: &Position, limits: Limits) -> ShortestWin {
    if is_goal(board, pos) {
        return ShortestWin::Exact {
            moves: 0,
            line: Vec::new(),
        };
    }
    let known = solve(board, pos, limits);
    let upper = match known.outcome {
        Outcome::Loss => return ShortestWin::Loss,
        Outcome::Win => Some(known.line),
        Outcome::Unknown => None,
    };
    let mut search = AStar::new(board, limits.max_nodes);
    match search.run(pos, upper.as_ref().map(Vec::len)) {
        Ended::Found(line) => ShortestWin::Exact {
            moves: line.len(),
            line,
        },
        Ended::NoneBelowBound => match upper {
            Some(line) => ShortestWin::Exact {
                moves: line.len(),
                line,
            },
            None => ShortestWin::Loss,
        },
        Ended::OutOfBudget { at_least } => match upper {
            Some(line) => ShortestWin::AtMost {
                moves: line.len(),
                at_least,
                line,
            },
            None => ShortestWin::Unknown,
        },
    }
}

enum Ended {
    /// The shortest win, strictly below the bound.
    Found(Vec<Move>),
    /// No win strictly below the bound (with no bound: no win at all).
    NoneBelowBound,
    /// No win has fewer than `at_least` moves.
    OutOfBudget { at_least: usize },
}

struct Node {
    pos: Position,
    parent: u32,
    mv: Move,
    g: u16,
}

/// Lower bounds need these per-deal sets.
struct Tables {
    /// For each pyramid card, the pyramid cards it can never pair with: its
    /// cover cone, the cards whose cone holds it, and itself.
    blocked: [u32; PYRAMID_CARDS],
    pyramid_rank: [u8; PYRAMID_CARDS],
    pyramid_of_rank: [u32; 14],
    stock_of_rank: [u32; 14],
    /// For each rank, the ranks it pairs with under the rules, as bits.
    partner_ranks: [u16; 14],
}

impl Tables {
    fn new(board: &Board) -> Tables {
        let mut blocked = [0u32; PYRAMID_CARDS];
        for k in 0..PYRAMID_CARDS {
            blocked[k] |= board.cone(k as u32) | (1 << k);
            for c in bits(board.cone(k as u32)) {
                blocked[c as usize] |= 1 << k;
            }
        }
        // With overlap pairs a card may pair with a card right on it.
        if board.rules().overlap {
            for k in 0..PYRAMID_CARDS as u8 {
                for on in board.lying_on(k) {
                    blocked[usize::from(k)] &= !(1 << on);
                    blocked[usize::from(on)] &= !(1 << k);
                }
            }
        }
        let rules = board.rules();
        let partner_ranks = std::array::from_fn(|a| {
            (1..=13u8)
                .filter(|&b| a > 0 && rules.ranks_pair(a as u8, b))
                .fold(0u16, |m, b| m | 1 << b)
        });
        let pyramid_rank = std::array::from_fn(|k| board.pyramid_card(k as u32).rank());
        let mut pyramid_of_rank = [0u32; 14];
        for (k, &r) in pyramid_rank.iter().enumerate() {
            pyramid_of_rank[usize::from(r)] |= 1 << k;
        }
        let mut stock_of_rank = [0u32; 14];
        for i in 0..24u32 {
            stock_of_rank[usize::from(board.stock_card(i).rank())] |= 1 << i;
        }
        Tables {
            blocked,
            pyramid_rank,
            pyramid_of_rank,
            stock_of_rank,
            partner_ranks,
        }
    }
}

struct AStar<'a> {
    board: &'a Board,
    tables: Tables,
    goal_all: bool,
    unlimited: bool,
    idle_rule: bool,
    /// The seven presets' rules, where the classic bound holds.
    classic: bool,
    max_nodes: u64,
    nodes: Vec<Node>,
    index: FxHashMap<u128, u32>,
    /// Open nodes by f = g + h, each with the g it was queued with (a node
    /// reached again more cheaply is queued again; the older entry is stale).
    buckets: Vec<Vec<(u32, u16)>>,
}

impl<'a> AStar<'a> {
    fn new(board: &'a Board, max_nodes: u64) -> AStar<'a> {
        let rules = board.rules();
        AStar {
            board,
            tables: Tables::new(board),
            goal_all: rules.win == WinCondition::AllCards,
            unlimited: rules.passes.is_none(),
            idle_rule: rules.loss == LossRule::IdlePass,
            classic: rules.is_classic_family(),
            max_nodes,
            nodes: Vec::new(),
            index: FxHashMap::default(),
            buckets: Vec::new(),
        }
    }

    /// Searches for a win strictly shorter than `bound` moves.
    fn run(&mut self, start: &Position, bound: Option<usize>) -> Ended {
        let limit = bound.unwrap_or(usize::MAX);
        let Some(h) = self.lower_bound(start) else {
            return Ended::NoneBelowBound;
        };
        if h as usize >= limit {
            return Ended::NoneBelowBound;
        }
        self.nodes.push(Node {
            pos: *start,
            parent: u32::MAX,
            mv: Move::Draw,
            g: 0,
        });
        self.index.insert(self.key(start), 0);
        self.queue(h as usize, 0, 0);
        let mut f = h as usize;
        while f < self.buckets.len() {
            let Some((at, g)) = self.buckets[f].pop() else {
                f += 1;
                continue;
            };
            if self.nodes[at as usize].g != g {
                continue; // reached again more cheaply since
            }
            let pos = self.nodes[at as usize].pos;
            if is_goal(self.board, &pos) {
                return Ended::Found(self.line_to(at));
            }
            for m in self.moves(&pos) {
                let child = self
                    .board
                    .play(&pos, m)
                    .expect("the search plays legal moves only");
                let Some(h) = self.lower_bound(&child) else {
                    continue;
                };
                let g_child = g + 1;
                // Pathmax: a child's bound is never below its parent's.
                let f_child = (usize::from(g_child) + h as usize).max(f);
                if f_child >= limit {
                    continue;
                }
                let key = self.key(&child);
                let node = Node {
                    pos: child,
                    parent: at,
                    mv: m,
                    g: g_child,
                };
                match self.index.get(&key) {
                    Some(&seen) if self.nodes[seen as usize].g <= g_child => continue,
                    Some(&seen) => {
                        self.nodes[seen as usize] = node;
                        self.queue(f_child, seen, g_child);
                    }
                    None => {
                        if self.nodes.len() as u64 >= self.max_nodes {
                            return Ended::OutOfBudget { at_least: f };
                        }
                        let id = self.nodes.len() as u32;
                        self.nodes.push(node);
                        self.index.insert(key, id);
                        self.queue(f_child, id, g_child);
                    }
                }
            }
        }
        Ended::NoneBelowBound
    }

    fn queue(&mut self, f: usize, at: u32, g: u16) {
        if self.buckets.len() <= f {
            self.buckets.resize_with(f + 1, Vec::new);
        }
        self.buckets[f].push((at, g));
    }

    fn line_to(&self, mut at: u32) -> Vec<Move> {
        let mut line = Vec::new();
        while at != 0 {
            let node = &self.nodes[at as usize];
            line.push(node.mv);
            at = node.parent;
        }
        line.reverse();
        line
    }

    /// The moves worth trying: an available pyramid King alone, otherwise
    /// every legal move; none once Easy's idle-pass rule has ended the round.
    fn moves(&self, pos: &Position) -> Vec<Move> {
        let board = self.board;
        if self.idle_rule {
            if !pos.removed_this_pass && !board.can_draw(pos) && !board.has_removal(pos) {
                return Vec::new();
            }
        } else if let Some(k) = bits(exposed_of(pos.pyramid)).find(|&k| {
            self.tables.pyramid_rank[k as usize] == 13 && board.goes_alone(board.pyramid_card(k))
        }) {
            return vec![Move::King(board.pyramid_card(k))];
        }
        board.legal_moves(pos)
    }

    /// The position's identity for the search: the pointer is taken just past
    /// the last drawn card still in play (cards removed in between change
    /// nothing), the pass is left out when passes are unlimited, and the
    /// "removed this pass" flag when no rule reads it. With three wastes the
    /// cards the pass began with (which waste each card falls on) are part
    /// of it.
    fn key(&self, pos: &Position) -> u128 {
        let mut canonical = *pos;
        canonical.next = highest(pos.stock & below(pos.next)).map_or(0, |i| i as u8 + 1);
        let mut key = canonical.key();
        if self.unlimited {
            key &= !(0x1f << 59);
        }
        if !self.idle_rule {
            key &= !(1 << 58);
        }
        let dealt = if self.board.rules().wastes > 1 {
            pos.dealt
        } else {
            0
        };
        u128::from(key) | u128::from(dealt) << 64
    }

    /// A lower bound on the moves that win from `pos`, or `None` when some
    /// card can never leave (no win at all).
    fn lower_bound(&self, pos: &Position) -> Option<u32> {
        if !self.classic {
            return self.family_bound(pos);
        }
        let t = &self.tables;
        let board = self.board;
        // Draws needed before stock card i can be live: none once it has
        // been drawn this pass (cards above it may simply be removed), else
        // one per card still in the stock up to it.
        let stock_left = pos.stock & !below(pos.next);
        let draws_to = |i: u32| (stock_left & below(i as u8 + 1)).count_ones();
        let mut removals = 0;
        let mut draws = 0;
        // Pyramid cards that need a stock-side partner, by rank.
        let mut lonely = [0u32; 14];
        for (rank, lonely_of_rank) in lonely.iter_mut().enumerate().take(13).skip(1) {
            let want = 13 - rank;
            for k in bits(pos.pyramid & t.pyramid_of_rank[rank]) {
                if pos.pyramid & t.pyramid_of_rank[want] & !t.blocked[k as usize] != 0 {
                    continue;
                }
                let partners = pos.stock & t.stock_of_rank[want];
                let nearest = bits(partners).map(draws_to).min()?;
                *lonely_of_rank += 1;
                draws = draws.max(nearest);
            }
        }
        let pyramid_count = |rank: usize| (pos.pyramid & t.pyramid_of_rank[rank]).count_ones();
        let stock_count = |rank: usize| (pos.stock & t.stock_of_rank[rank]).count_ones();
        if self.goal_all {
            removals += pyramid_count(13) + stock_count(13);
            for rank in 1..=6 {
                let a = pyramid_count(rank) + stock_count(rank);
                let b = pyramid_count(13 - rank) + stock_count(13 - rank);
                removals += a.max(b);
            }
            draws = stock_left.count_ones();
        } else {
            removals += pyramid_count(13);
            for rank in 1..=6 {
                let (a, b) = (pyramid_count(rank), pyramid_count(13 - rank));
                let (la, lb) = (lonely[rank], lonely[13 - rank]);
                removals += la + lb + (a - la).max(b - lb);
            }
        }
        debug_assert!(board.rules().win != WinCondition::AllCards || self.goal_all);
        Some(removals + draws)
    }

    /// The lower bound for rules outside the seven presets' family (see the
    /// module docs for why it never overestimates), or `None` when a
    /// pyramid card has no partner left at all.
    fn family_bound(&self, pos: &Position) -> Option<u32> {
        let t = &self.tables;
        let board = self.board;
        let turn = u32::from(board.rules().turn.max(1));
        let kings_alone = board.rules().kings_alone();
        let stock_left = pos.stock & !below(pos.next);
        let draws_to = |i: u32| {
            (stock_left & below(i as u8 + 1))
                .count_ones()
                .div_ceil(turn)
        };
        let of_ranks = |ranks: u16, by_rank: &[u32; 14]| {
            (1..=13)
                .filter(|&r| ranks & (1 << r) != 0)
                .fold(0u32, |m, r| m | by_rank[r])
        };
        let mut draws = 0;
        // Pyramid cards that need a partner off the pyramid, by rank.
        let mut lonely = [0u32; 14];
        for k in bits(pos.pyramid) {
            let rank = usize::from(t.pyramid_rank[k as usize]);
            if kings_alone && rank == 13 {
                continue;
            }
            let ranks = t.partner_ranks[rank];
            if pos.pyramid & of_ranks(ranks, &t.pyramid_of_rank) & !t.blocked[k as usize] != 0 {
                continue;
            }
            let partners = pos.stock & of_ranks(ranks, &t.stock_of_rank);
            let nearest = bits(partners).map(draws_to).min()?;
            lonely[rank] += 1;
            draws = draws.max(nearest);
        }
        let pyramid_count = |rank: usize| (pos.pyramid & t.pyramid_of_rank[rank]).count_ones();
        let stock_count = |rank: usize| (pos.stock & t.stock_of_rank[rank]).count_ones();
        let removals = if kings_alone {
            // Pairs make 13: as in the classic bound.
            if self.goal_all {
                let mut removals = pyramid_count(13) + stock_count(13);
                for rank in 1..=6 {
                    let a = pyramid_count(rank) + stock_count(rank);
                    let b = pyramid_count(13 - rank) + stock_count(13 - rank);
                    removals += a.max(b);
                }
                removals
            } else {
                let mut removals = pyramid_count(13);
                for rank in 1..=6 {
                    let (a, b) = (pyramid_count(rank), pyramid_count(13 - rank));
                    let (la, lb) = (lonely[rank], lonely[13 - rank]);
                    removals += la + lb + (a - la).max(b - lb);
                }
                removals
            }
        } else if self.goal_all {
            pos.cards_left().div_ceil(2)
        } else {
            let alone: u32 = lonely.iter().sum();
            alone + (pos.pyramid_left() - alone).div_ceil(2)
        };
        if self.goal_all {
            draws = draws.max(stock_left.count_ones().div_ceil(turn));
        }
        Some(removals + draws)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::{HashMap, VecDeque};

    use chacha20::rand_core::{Rng, SeedableRng};
    use chacha20::ChaCha8Rng;

    use super::*;
    use crate::deal::Deal;
    use crate::game::Game;
    use crate::position::Status;
    use crate::rules::Preset;

    /// The reference: a plain breadth-first search over the engine's public
    /// rules (legal moves, play, status), with no bound and no pruning.
    /// `None` when it would store more than `cap` positions.
    fn bfs(board: &Board, start: &Position, cap: usize) -> Option<Option<usize>> {
        let unlimited = board.rules().passes.is_none();
        // The whole position: with three wastes, the cards the pass began
        // with too.
        let key = |p: &Position| {
            let key = if unlimited {
                p.key() & !(0x1f << 59)
            } else {
                p.key()
            };
            u128::from(key) | u128::from(p.dealt) << 64
        };
        let mut depth = HashMap::from([(key(start), 0usize)]);
        let mut queue = VecDeque::from([*start]);
        while let Some(pos) = queue.pop_front() {
            let d = depth[&key(&pos)];
            if is_goal(board, &pos) {
                return Some(Some(d));
            }
            if board.rules().loss == LossRule::IdlePass && board.status(&pos) != Status::InProgress
            {
                continue;
            }
            for m in board.legal_moves(&pos) {
                let next = board.play(&pos, m).unwrap();
                let k = key(&next);
                if !depth.contains_key(&k) {
                    if depth.len() >= cap {
                        return None;
                    }
                    depth.insert(k, d + 1);
                    queue.push_back(next);
                }
            }
        }
        Some(None)
    }

    /// What a sample of comparisons covered.
    #[derive(Default, Debug)]
    struct Seen {
        compared: usize,
        losses: usize,
        /// Wins shorter than what was left of the solver's line.
        shorter: usize,
    }

    /// Compares `shortest_win` with the breadth-first search from positions
    /// `back` moves before the end of the solver's line, and from positions a
    /// few random legal moves away from those (some of them lost).
    fn check(preset: Preset, deals: std::ops::RangeInclusive<u32>, back: &[usize]) -> Seen {
        let mut rng = ChaCha8Rng::seed_from_u64(0x5407_7e57 ^ u64::from(preset.code()));
        let mut seen = Seen::default();
        // The family's own search is slow on some deals: those it does not
        // settle quickly are left out.
        let limits = if preset.rules().is_classic_family() {
            Limits::default()
        } else {
            Limits { max_nodes: 300_000 }
        };
        for number in deals {
            let deal = Deal::from_number(number);
            let board = Board::new(deal, preset);
            let line = solve(&board, &board.start(), limits).line;
            for &b in back {
                let Some(cut) = line.len().checked_sub(b) else {
                    continue;
                };
                let mut game = Game::new(deal, preset);
                for &m in &line[..cut] {
                    game.play(m).unwrap();
                }
                let mut starts = vec![*game.position()];
                for _ in 0..3 {
                    let mut walk = game.clone();
                    for _ in 0..1 + rng.next_u32() % 6 {
                        let moves = walk.board().legal_moves(walk.position());
                        if walk.is_over() || moves.is_empty() {
                            break;
                        }
                        walk.play(moves[rng.next_u32() as usize % moves.len()])
                            .unwrap();
                    }
                    starts.push(*walk.position());
                }
                for start in starts {
                    let Some(expected) = bfs(&board, &start, 400_000) else {
                        continue;
                    };
                    let got = shortest_win(&board, &start, Limits::default());
                    let context = format!("{preset} deal {number}, {b} from the end");
                    match expected {
                        None => {
                            assert_eq!(got, ShortestWin::Loss, "{context}");
                            seen.losses += 1;
                        }
                        Some(n) => {
                            let ShortestWin::Exact { moves, line } = &got else {
                                panic!("{context}: {got:?}, expected {n}");
                            };
                            assert_eq!(*moves, n, "{context}");
                            assert_eq!(line.len(), n, "{context}");
                            let mut p = start;
                            for &m in line {
                                assert_eq!(board.status(&p), Status::InProgress, "{context}");
                                p = board.play(&p, m).unwrap();
                            }
                            assert!(is_goal(&board, &p), "{context}");
                            let solver = solve(&board, &start, Limits::default()).line.len();
                            seen.shorter += usize::from(n < solver);
                        }
                    }
                    seen.compared += 1;
                }
            }
        }
        seen
    }

    #[test]
    fn agrees_with_breadth_first_search_late_in_rounds() {
        let mut losses = 0;
        for (preset, deals) in [
            (Preset::Classic, 1..=5),
            (Preset::Easy, 1..=4),
            (Preset::Hard, 1..=60),
            (Preset::Relaxed, 1..=4),
            (Preset::Traditional, 1..=60),
            (Preset::Par, 1..=5),
        ] {
            let seen = check(preset, deals, &[6, 12, 20, 30]);
            // Each sample must hold wins shorter than the solver's, except
            // Traditional's: there every win from a position has the same
            // length (each stock card drawn once, each removal forced by the
            // cards left), so the solver's line is always a shortest one.
            let shorter_expected = preset != Preset::Traditional;
            assert!(
                seen.compared >= 30 && (seen.shorter > 0 || !shorter_expected),
                "{preset}: {seen:?}"
            );
            losses += seen.losses;
        }
        assert!(losses >= 10, "only {losses} lost positions compared");
    }

    #[test]
    fn the_family_agrees_with_breadth_first_search() {
        let mut losses = 0;
        for id in [
            "giza",
            "kingtut",
            "apophis",
            "cheops",
            "custom-1-1-drawcard-pyramid-overlap",
            "custom-u-1-waste-pyramid-overlap",
            "custom-3-1-drawcard-pyramid-overlap",
            "custom-3-3-waste-pyramid-no",
            "custom-u-3-drawcard-all-no",
        ] {
            let preset: Preset = id.parse().unwrap();
            let seen = check(preset, 1..=8, &[6, 12, 20]);
            // As in Traditional, every win of Giza (no stock) and of Cheops
            // (one pass, all 52 cards, no card alone) has the same length.
            let shorter_expected = !matches!(preset, Preset::Giza | Preset::Cheops);
            assert!(
                seen.compared >= 20 && (seen.shorter > 0 || !shorter_expected),
                "{preset}: {seen:?}"
            );
            losses += seen.losses;
        }
        assert!(losses >= 10, "only {losses} lost positions compared");
    }

    #[test]
    fn budgets_and_trivial_cases() {
        let board = Board::new(Deal::from_number(1), Preset::Classic);
        let start = board.start();
        assert_eq!(
            shortest_win(&board, &start, Limits { max_nodes: 1 }),
            ShortestWin::Unknown
        );
        // The solver's line alone is an upper bound.
        let some = shortest_win(&board, &start, Limits { max_nodes: 20_000 });
        let solver_line = solve(&board, &start, Limits::default()).line;
        assert!(
            some.moves().is_some_and(|n| n <= solver_line.len()),
            "{some:?}"
        );
        let line = solver_line.clone();
        let mut end = start;
        for &m in &line {
            end = board.play(&end, m).unwrap();
        }
        assert_eq!(
            shortest_win(&board, &end, Limits::default()),
            ShortestWin::Exact {
                moves: 0,
                line: Vec::new()
            }
        );
    }
}
