//! Cheops's own prunes (one pass, draw-card mode, pairs of equal or
//! adjacent rank, every card to remove), argued in the family's module
//! docs ("Deadlines in one pass, by matching").

use crate::deal::PYRAMID_CARDS;
use crate::position::{below, bits, Board, Move, Position};
use crate::rules::{Layout, Pairing, StockMode, WinCondition};

use super::{in_play, MoveList, Search};

/// The positions a search counts before it makes the deadline check
/// anywhere but at its first position. Nearly every deal is won within a
/// few hundred positions, where the check costs more than the positions
/// it saves: over deals 1..=2000, waiting 500 positions takes the median
/// from 357 positions and 548 µs to 474 positions and 424 µs, and the
/// 99th percentile from 35 ms to 28 ms (200 gave 514 µs, 1,000 445 µs
/// and 34 ms, 2,000 430 µs and 35 ms). Skipping a check only prunes less.
const DEADLINE_AFTER: u64 = 500;

/// The deadline checks a search makes before it starts asking whether
/// they pay (see `Cheops::pays`).
const DEADLINE_TRIAL: u64 = 1_000;

/// The choices a search for stock-side pairs that do not cross may make
/// (`nested_matching`) before the check gives up, the position not
/// proven lost. Nearly every search needs none or a few: over Cheops's
/// deals 1..=2000, 16, 32 and 64 give the same median (265-266
/// positions, 0.184-0.190 ms in two runs each, alternately).
const NESTED_BUDGET: u32 = 32;

/// The positions a search counts before the matching's pairs of waste and
/// pyramid cards must also leave in an order the pyramid allows
/// (`Checks::order`). The check halves the positions of long searches
/// but costs more than it saves in short ones: over deals 1..=2000, with
/// it from the start the median comes to 254 positions and 0.166 ms
/// against 265 and 0.155 ms without it; from 2,000 positions on, the
/// median stays and the total positions fall from 10.4 to 6.0 million,
/// the 99th percentile from 19 to 15 ms. The same holds for the pairs
/// that cross in the pyramid (`Checks::crossed`): made at every position
/// it took the median to 168 positions against 189, but not its time
/// (0.087 against 0.086 ms). Both are made at the first position of each
/// run too (one position, where a deal may be lost: 8489 is).
const ORDER_AFTER: u64 = 2_000;

/// Which of the matching's checks `Cheops::unmatched_by` makes.
#[derive(Clone, Copy)]
struct Checks {
    /// Edges to cards frozen under a pyramid card's partners taken away.
    frozen: bool,
    /// Stock-side pairs nest.
    nested: bool,
    /// Pairs of waste and pyramid cards leave in an order the pyramid
    /// allows.
    order: bool,
    /// No pair must leave both before and after another.
    crossed: bool,
}

/// What `Cheops::apex_fits_at` asks of a position, worked out once.
struct Apex<'a> {
    pos: &'a Position,
    /// The stock cards in play by rank up to each index.
    upto: &'a [u64; 25],
    /// The pyramid's cards but the apex, by rank.
    rest: u64,
    /// The pointer, and the slot card now if any.
    now: usize,
    slot_now: Option<usize>,
}

/// Cheops's state in the family's search: its tables, and how the
/// deadline checks pay.
pub(super) struct Cheops {
    /// For each card by deck index, the cards it may ever pair with.
    partner_masks: [u64; 52],
    /// For each pyramid card, its cover cone.
    cone: [u32; PYRAMID_CARDS],
    /// For each pyramid card, the pyramid cards whose cone holds it.
    under: [u32; PYRAMID_CARDS],
    /// For each rank, its cards by deck index.
    rank_cards: [u64; 15],
    /// The rank of each stock card.
    stock_rank: [u8; 24],
    /// The rank of each pyramid card.
    rank: [u8; PYRAMID_CARDS],
    /// Deadline checks made, and how many found the cards lost now or at
    /// a later pointer.
    asked: u64,
    found: u64,
    /// The perfect matching found at each depth of the current line (see
    /// `Search::cheops_lost`), and whether its stock-side pairs are known
    /// to nest.
    mates: Vec<([u8; 52], bool)>,
}

impl Cheops {
    /// The perfect matching found for `pos`, at `depth` of the current
    /// line, by its check (`Search::cheops_lost`, which has just made it):
    /// the search's plan, each card's partner in one way the cards in play
    /// may all pair off. A removal that is one of its pairs leaves the rest
    /// of it a perfect matching of the next position, which so passes the
    /// check at once; any other removal breaks two of its pairs. `None`
    /// once the pyramid is clear (the check makes no matching then).
    pub(super) fn plan(&self, pos: &Position, depth: usize) -> Option<&[u8; 52]> {
        if pos.pyramid == 0 {
            return None;
        }
        let plan = self.mates.get(depth).map(|(mate, _)| mate);
        debug_assert!(plan.is_some_and(|mate| {
            let cards = in_play(pos);
            (0..52).all(|v| {
                let m = usize::from(mate[v]);
                cards >> v & 1 == 0 || (m < 52 && cards >> m & 1 != 0 && usize::from(mate[m]) == v)
            })
        }));
        plan
    }

    /// Cheops's state, if the rules are Cheops's (one pass, draw-card
    /// mode, pairs of equal or adjacent rank, every card to remove, one
    /// card a turn onto one waste): the prunes here hold there.
    /// `partner_masks`, `under` and `rank_cards` are the search's own.
    pub(super) fn new(
        board: &Board,
        partner_masks: &[u64; 52],
        under: &[u32; PYRAMID_CARDS],
        rank_cards: &[u64; 15],
    ) -> Option<Cheops> {
        let rules = board.rules();
        (rules.pairing == Pairing::Adjacent
            && rules.passes == Some(1)
            && rules.stock_mode == StockMode::DrawCard
            && rules.win == WinCondition::AllCards
            && rules.turn == 1
            && rules.wastes == 1
            && rules.layout == Layout::Stock)
            .then(|| Cheops {
                partner_masks: *partner_masks,
                cone: std::array::from_fn(|k| board.cone(k as u32)),
                under: *under,
                rank_cards: *rank_cards,
                stock_rank: std::array::from_fn(|i| board.stock_card(i as u32).rank()),
                rank: std::array::from_fn(|k| board.pyramid_card(k as u32).rank()),
                asked: 0,
                found: 0,
                mates: Vec::new(),
            })
    }

    /// Whether to make the deadline check: always in the first
    /// `DEADLINE_TRIAL` checks, then while at least one in eight finds
    /// the cards lost now or later. Skipping a check only prunes less.
    fn pays(&self) -> bool {
        self.asked < DEADLINE_TRIAL || self.found * 8 >= self.asked
    }

    /// The last pointer from which the cards of `pos` (a canonical
    /// position, or its representative) may still all be removed, by the
    /// pyramid cards that must leave with a stock card (see the module
    /// docs); `None` when at none, 24 when no card sets one.
    pub(super) fn deadline(&self, pos: &Position) -> Option<u8> {
        self.deadline_by(pos, true, true)
    }

    /// `deadline`, the caps by the spans of the lone cards lying on a card
    /// (`spans`) or not (for the tests).
    fn deadline_by(&self, pos: &Position, spans: bool, apex: bool) -> Option<u8> {
        let pyramid = pos.pyramid;
        let stock = pos.stock;
        let from = usize::from(pos.next);
        // The stock cards in play by rank up to each index (4 bits a rank).
        let mut upto = [0u64; 25];
        for i in 0..24 {
            upto[i + 1] = upto[i] + (u64::from(stock >> i & 1) << (4 * self.stock_rank[i]));
        }
        let mut last = 24usize;
        // Each pyramid card's last pointer.
        let mut lasts = [24u8; PYRAMID_CARDS];
        // The pyramid cards with no pyramid partner: each leaves with a
        // stock card of its own.
        let lone = bits(pyramid)
            .filter(|&k| self.partner_masks[k as usize] & u64::from(pyramid) == 0)
            .fold(0u32, |m, k| m | 1 << k);
        // For each lone card, its first and last stock partner in play.
        let mut span = [(0u8, 0u8); PYRAMID_CARDS];
        for a in bits(lone) {
            let partners = (self.partner_masks[a as usize] >> PYRAMID_CARDS) as u32 & stock;
            if partners != 0 {
                span[a as usize] = (
                    partners.trailing_zeros() as u8,
                    31 - partners.leading_zeros() as u8,
                );
            }
        }
        // The last pointer at which each card may leave: no later than any
        // card it lies on, near or far (whose cone holds it).
        let mut by = [24u8; PYRAMID_CARDS];
        for k in bits(pyramid) {
            let k = k as usize;
            let partners = self.partner_masks[k];
            lasts[k] = by[k];
            if partners & u64::from(pyramid) != 0 {
                continue;
            }
            let stock_partners = (partners >> PYRAMID_CARDS) as u32 & stock;
            if stock_partners == 0 {
                return None;
            }
            let cone = self.cone[k] & pyramid;
            let optional = pyramid & !cone & !(1 << k) & !self.under[k];
            let required_pyramid = self.count_pyramid(cone);
            // The lone cards in k's cone leave before it, with stock cards
            // gone by then.
            let lone_before = self.count_pyramid(cone & lone);
            let optional_pyramid = self.count_pyramid(optional);
            let cap = usize::from(by[k]);
            // The lone cards lying on k, near or far, with their partners'
            // spans: k leaves with a stock card before the first of one's
            // only by the draw after its last (see the module docs).
            let above = if spans { self.under[k] & lone } else { 0 };
            let mut best = 0usize;
            // Later stock cards first: they may give later pointers.
            let mut rest = stock_partners;
            while rest != 0 {
                let j = 31 - rest.leading_zeros() as usize;
                rest &= !(1 << j);
                let mut cap_j = cap;
                for a in bits(above) {
                    let (first, last) = span[a as usize];
                    if j < usize::from(first) {
                        cap_j = cap_j.min(usize::from(last) + 1);
                    }
                }
                if j + 1 > cap_j {
                    continue;
                }
                // The cards under j on the waste leave after it: they can
                // have gone before only if j is still to be drawn, or is
                // the slot card now (until the next draw buries it).
                let under_j = if j + 1 < from || (j + 1 == from && !pos.slot) {
                    0
                } else {
                    upto[j]
                };
                let lo = (j + 1).max(from).max(best + 1);
                for t in (lo..=cap_j).rev() {
                    // At pointer t, card j is the slot card (t = j + 1) or
                    // the waste top: every card drawn after it is gone but
                    // the slot's, t - 1.
                    let gone = (t - 1).max(j + 1);
                    let required_stock = upto[gone] - upto[j + 1];
                    let mut optional_stock = under_j;
                    if t - 1 > j {
                        optional_stock += upto[t] - upto[t - 1];
                    }
                    // The cards drawn after j never pair with one under
                    // it (live only once j has left, with k).
                    let apart = under_j == 0
                        || required_stock == 0
                        || covers(
                            required_stock,
                            required_pyramid + optional_pyramid + optional_stock - under_j,
                        );
                    let fits = apart
                        && hall(lone_before, required_stock + optional_stock)
                        && if k == 0 && under_j == 0 && t - 1 > j {
                            // The apex, its partner on the waste: see below.
                            self.apex_fits(stock, j, t, required_pyramid + required_stock)
                        } else {
                            covers(
                                required_pyramid + required_stock,
                                optional_pyramid + optional_stock,
                            )
                        };
                    if fits {
                        best = t;
                        break;
                    }
                }
                // (An earlier card's cap is no later.)
                if best == cap_j {
                    break;
                }
            }
            if best == 0 {
                return None;
            }
            last = last.min(best);
            lasts[k] = best as u8;
            if best < 24 {
                for l in bits(cone) {
                    by[l as usize] = by[l as usize].min(best as u8);
                }
            }
        }
        if apex && pyramid & 1 != 0 {
            last = self.apex_last(pos, &lasts, &upto, last)?;
        }
        Some(last as u8)
    }

    /// The apex leaving at pointer t with stock card j, buried on the waste
    /// now (so the cards under it are all still there then), the cards
    /// that must be gone by then counted by rank in `required`: the
    /// pyramid is empty after, so the stock side's cards left must all go
    /// in pairs of the slot card with the waste top (`stack_clears`). The
    /// slot card t - 1 has gone by then, or has not.
    fn apex_fits(&self, stock: u32, j: usize, t: usize, required: u64) -> bool {
        let slot = t - 1;
        let slot_in = stock >> slot & 1 != 0;
        let mut ranks = [0u8; 24];
        let mut n = 0;
        for i in bits(stock & crate::position::below(j as u8)) {
            ranks[n] = self.stock_rank[i as usize];
            n += 1;
        }
        let waste = n;
        let mut with_slot = ranks;
        let mut m = n;
        if slot_in {
            with_slot[m] = self.stock_rank[slot];
            m += 1;
        }
        for i in bits(stock & !crate::position::below(t as u8)) {
            let r = self.stock_rank[i as usize];
            ranks[n] = r;
            n += 1;
            with_slot[m] = r;
            m += 1;
        }
        // The slot card left before, with the required cards.
        let slot_gone = slot_in
            && covers(required + (1u64 << (4 * self.stock_rank[slot])), 0)
            && stack_clears(&ranks[..n], waste);
        slot_gone || (covers(required, 0) && stack_clears(&with_slot[..m], waste))
    }

    /// With the pyramid gone: whether the stock side's cards can all go
    /// (`stack_clears`, exact there).
    fn stock_side_clears(&self, pos: &Position) -> bool {
        let mut ranks = [0u8; 24];
        let mut n = 0;
        let drawn = pos.stock & crate::position::below(pos.next);
        let slot = if pos.slot {
            crate::position::highest(drawn)
        } else {
            None
        };
        let waste = drawn & !slot.map_or(0, |i| 1 << i);
        for i in bits(waste)
            .chain(slot)
            .chain(bits(pos.stock & !crate::position::below(pos.next)))
        {
            ranks[n] = self.stock_rank[i as usize];
            n += 1;
        }
        stack_clears(&ranks[..n], waste.count_ones() as usize)
    }

    /// Whether the cards of `pos` cannot all be paired off: every card
    /// leaves with a partner it may ever pair with (`partner_masks`: of a
    /// rank it pairs with, and neither in the other's cone), two cards
    /// on the waste never leave together, and two pairs of stock-side
    /// cards never cross, so a winning line's pairs are a perfect matching
    /// of that graph whose stock-side pairs nest (see the module docs).
    /// `mate` is a matching to start from (see `perfect_matching`), and
    /// holds the one found.
    /// With `order`, two waste cards' pairs with pyramid cards must also
    /// leave in an order the pyramid allows (see the module docs).
    /// `suspect`: see `unmatched_after` (`u64::MAX` checks every pair).
    /// `nests` says whether `mate`'s stock-side pairs are known to nest,
    /// on the way in and on the way out: a matching that keeps every pair
    /// of one that nests nests too, and needs no nesting search (unless
    /// `order` asks more of it).
    pub(super) fn unmatched(
        &self,
        pos: &Position,
        order: bool,
        mate: &mut [u8; 52],
        nests: &mut bool,
        suspect: u64,
    ) -> bool {
        let checks = Checks {
            frozen: true,
            nested: true,
            order,
            crossed: order,
        };
        self.unmatched_after(pos, checks, mate, nests, suspect)
    }

    /// `unmatched`, with each of its checks made or not (for the tests).
    #[cfg(test)]
    fn unmatched_by(
        &self,
        pos: &Position,
        checks: Checks,
        mate: &mut [u8; 52],
        nests: &mut bool,
    ) -> bool {
        self.unmatched_after(pos, checks, mate, nests, u64::MAX)
    }

    /// `unmatched_by`, `mate` the previous position's matching (that
    /// position's pairs, every one an edge of its graph) and `suspect` the
    /// cards whose pairs in it may be gone here for reasons other than
    /// this position's frozen edges: the partners of the cards a pair took
    /// away, and after a draw the card it put on the waste (only with it
    /// can a pair lie on the waste: edges only go when a card goes onto
    /// the waste or freezes). Other pairs of `mate` are not checked.
    fn unmatched_after(
        &self,
        pos: &Position,
        checks: Checks,
        mate: &mut [u8; 52],
        nests: &mut bool,
        suspect: u64,
    ) -> bool {
        let frozen = checks.frozen;
        let cards = in_play(pos);
        let mut waste = pos.stock & crate::position::below(pos.next);
        if pos.slot {
            if let Some(i) = crate::position::highest(waste) {
                waste &= !(1 << i);
            }
        }
        let waste = u64::from(waste) << PYRAMID_CARDS;
        // Edges to cards gone stay: the matching reads only edges within
        // `cards`.
        let mut adj = self.partner_masks;
        let mut rest = waste;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            adj[i] &= !waste;
        }
        // Frozen under a pyramid card's partners (see the module docs): a
        // pyramid card k whose partners are all on the waste leaves with
        // one of them, so the waste cards under the lowest leave after k,
        // and after k's cone: none of them pairs with k or a card of its
        // cone; those above the highest leave before k, so before the cards
        // lying on it. Until nothing changes; a pyramid card with no
        // partner left cannot leave.
        let pyramid = pos.pyramid;
        // The cards whose edges the frozen edges' removal changed.
        let mut touched = 0u64;
        if frozen {
            loop {
                let mut changed = false;
                for k in bits(pyramid) {
                    let partners = adj[k as usize] & cards;
                    if partners == 0 {
                        return true;
                    }
                    if partners & !waste != 0 {
                        continue;
                    }
                    // The waste cards above the highest leave before k, so
                    // before every card lying on k, near or far.
                    let high = 63 - partners.leading_zeros() as usize;
                    let above = waste & !((2u64 << high) - 1);
                    let after = u64::from(self.under[k as usize] & pyramid);
                    if above != 0 && after != 0 {
                        touched |= above | after;
                        for p in bits(after as u32) {
                            let p = p as usize;
                            if adj[p] & above != 0 {
                                adj[p] &= !above;
                                changed = true;
                            }
                        }
                        let mut rest = above;
                        while rest != 0 {
                            let u = rest.trailing_zeros() as usize;
                            rest &= rest - 1;
                            adj[u] &= !after;
                        }
                    }
                    let w = partners.trailing_zeros() as usize;
                    let under = waste & ((1u64 << w) - 1);
                    if under == 0 {
                        continue;
                    }
                    let before = u64::from((self.cone[k as usize] & pyramid) | 1 << k);
                    touched |= under | before;
                    for p in bits(before as u32) {
                        let p = p as usize;
                        if adj[p] & under != 0 {
                            adj[p] &= !under;
                            changed = true;
                        }
                    }
                    let mut rest = under;
                    while rest != 0 {
                        let u = rest.trailing_zeros() as usize;
                        rest &= rest - 1;
                        adj[u] &= !before;
                    }
                }
                if !changed {
                    break;
                }
            }
        }
        let Some(kept) = perfect_matching_kept(&adj, cards, mate, suspect | touched) else {
            *nests = false;
            return true;
        };
        if !checks.nested {
            *nests = false;
            return false;
        }
        if kept && *nests && !checks.order && !checks.crossed {
            return false;
        }
        let orders = Orders {
            waste,
            cone: &self.cone,
            under: &self.under,
            order: checks.order,
            crossed: checks.crossed,
        };
        let mut budget = NESTED_BUDGET;
        let found = nested_matching(&mut adj, cards, mate, &mut budget, &orders);
        *nests = found == Some(true);
        found == Some(false)
    }

    /// The last pointer of the cards of `pos` given `last`, the one by the
    /// cards' deadlines, by the apex's final waste (see the module docs):
    /// `last` if the apex may leave at it or later, else the apex's last
    /// pointer, `None` when it has none. `lasts` holds each pyramid card's
    /// last pointer, `upto` the stock cards in play by rank up to each
    /// index.
    fn apex_last(
        &self,
        pos: &Position,
        lasts: &[u8; PYRAMID_CARDS],
        upto: &[u64; 25],
        last: usize,
    ) -> Option<usize> {
        let stock = pos.stock;
        let now = usize::from(pos.next);
        // The pyramid's other cards by rank, in all and by last pointer.
        let mut by_last = [0u64; 25];
        let mut rest = 0u64;
        for k in bits(pos.pyramid & !1) {
            let r = 1u64 << (4 * self.rank[k as usize]);
            rest += r;
            by_last[usize::from(lasts[k as usize])] += r;
        }
        let apex = Apex {
            pos,
            upto,
            rest,
            now,
            slot_now: (pos.slot && now > 0).then(|| now - 1),
        };
        let partners = (self.partner_masks[0] >> PYRAMID_CARDS) as u32 & stock;
        let mut best = 0usize;
        let mut left = partners;
        while left != 0 {
            let j = 31 - left.leading_zeros() as usize;
            left &= !(1 << j);
            // The cards drawn after j: with a pyramid card still there
            // when the first of them is drawn.
            let first = (stock & !below(j as u8 + 1)).trailing_zeros() as usize;
            let live: u64 = by_last[(first + 1).min(25)..].iter().sum();
            let lo = if j < now { now } else { j + 1 };
            for t in (lo.max(best + 1)..=usize::from(lasts[0])).rev() {
                if self.apex_fits_at(&apex, j, t, live) {
                    best = t;
                    break;
                }
            }
            if best >= last {
                return Some(last);
            }
        }
        (best > 0).then_some(best)
    }

    /// Whether the apex may leave with stock card `j` at pointer `t`, the
    /// pyramid's other cards gone, and the stock side's cards left clear
    /// after it (see the module docs). `live` counts the pyramid cards still
    /// there when the first card after j is drawn.
    fn apex_fits_at(&self, apex: &Apex, j: usize, t: usize, live: u64) -> bool {
        let pos = apex.pos;
        let stock = pos.stock;
        let now = apex.now;
        let slot_now = apex.slot_now;
        let count = |a: usize, b: usize| apex.upto[b] - apex.upto[a];
        let rank = |i: usize| 1u64 << (4 * self.stock_rank[i]);
        let under = stock & below(j as u8);
        // The slot card at t other than j, if any.
        let s = (t > j + 1 && stock >> (t - 1) & 1 != 0 && (t > now || pos.slot)).then(|| t - 1);
        // The cards drawn after j, but s: gone before j leaves.
        let between = count(j + 1, t) - s.map_or(0, rank);
        for keep in [true, false] {
            if !keep && s.is_none() {
                continue;
            }
            let gone = between + if keep { 0 } else { s.map_or(0, rank) };
            // Never with a card under j (not live before j leaves), nor
            // with a pyramid card gone before they are drawn.
            if gone != 0 && !covers(gone, live) {
                continue;
            }
            let mut tail = [0u8; 24];
            let mut n = 0;
            if keep {
                if let Some(s) = s {
                    tail[n] = self.stock_rank[s];
                    n += 1;
                }
            }
            for i in bits(stock & !below(t as u8)) {
                tail[n] = self.stock_rank[i as usize];
                n += 1;
            }
            let required = apex.rest + gone;
            // The final waste's possible lowest cards, with j standing for
            // an empty one.
            let (lows, empty) = self.final_lows(&tail[..n], under);
            for w in bits(lows | u32::from(empty) << j) {
                let w = w as usize;
                // The cards under w leave before w is buried: none can if
                // it is on the waste now.
                if w < now && slot_now != Some(w) && under & below(w as u8) != 0 {
                    continue;
                }
                let u_all = count(0, w);
                let u_waste = count(0, w.min(now)) - slot_now.filter(|&i| i < w).map_or(0, rank);
                // The cards between w and j may have gone, or stay.
                let optional = if w < j { count(w + 1, j) } else { 0 };
                if hall(u_waste, apex.rest + u_all - u_waste) && covers(required + u_all, optional)
                {
                    return true;
                }
            }
        }
        false
    }

    /// The final waste's possible lowest cards among `x_cards` (stock
    /// indices, in play, under the apex's partner) for the stock after,
    /// ranks `tail`: bit w when some W with lowest card w, followed by the
    /// tail, clears; and whether the tail clears alone.
    fn final_lows(&self, tail: &[u8], x_cards: u32) -> (u32, bool) {
        let n = tail.len();
        // ends[i] bit e: tail[i..e] clears among itself.
        let mut ends = [0u32; 25];
        ends[n] = 1 << n;
        for i in (0..n).rev() {
            let mut e = 1u32 << i;
            for m in (i + 1..n).step_by(2) {
                if tail[i].abs_diff(tail[m]) > 1 || ends[i + 1] >> m & 1 == 0 {
                    continue;
                }
                e |= ends[m + 1];
            }
            ends[i] = e;
        }
        let mut pairs_with = [0u32; 15];
        for i in bits(x_cards) {
            let r = usize::from(self.stock_rank[i as usize]);
            pairs_with[r - 1] |= 1 << i;
            pairs_with[r] |= 1 << i;
            pairs_with[r + 1] |= 1 << i;
        }
        // r[q]: the possible lowest W cards so far when tail[..q] is
        // blocks and W's partners, the last at q - 1.
        let mut r = [0u32; 25];
        let mut lows = 0u32;
        for q0 in 0..=n {
            let allowed = if q0 == 0 {
                u32::MAX
            } else if r[q0] == 0 {
                continue;
            } else {
                crate::position::below(31 - r[q0].leading_zeros() as u8)
            };
            if q0 > 0 && ends[q0] >> n & 1 != 0 {
                lows |= r[q0];
            }
            let mut e = ends[q0];
            while e != 0 {
                let q = e.trailing_zeros() as usize;
                e &= e - 1;
                if q >= n {
                    continue;
                }
                // tail[q0..q] clears, tail[q] pairs with a W card.
                r[q + 1] |= pairs_with[usize::from(tail[q])] & allowed;
            }
        }
        (lows, ends[0] >> n & 1 != 0)
    }

    /// The pyramid cards `cards` by rank, 4 bits a rank.
    fn count_pyramid(&self, cards: u32) -> u64 {
        let cards = u64::from(cards);
        let mut n = 0u64;
        for r in 1..14 {
            n |= u64::from((cards & self.rank_cards[r]).count_ones()) << (4 * r);
        }
        n
    }
}

impl Search<'_> {
    /// Cheops's legal moves, in `Board::legal_moves`'s order, listed
    /// straight from bit masks: the pairs among the exposed pyramid cards
    /// (by index), the slot card and the waste top, in that order, then
    /// the draw (one pass: no recycle; no card goes alone).
    pub(super) fn cheops_moves(&self, pos: &Position) -> MoveList {
        let board = self.board;
        let mut live = [0u8; 9];
        let mut n = 0;
        for k in bits(crate::position::exposed_of(pos.pyramid)) {
            live[n] = k as u8;
            n += 1;
        }
        for i in [board.draw_slot_index(pos), board.waste_top_index(pos)]
            .into_iter()
            .flatten()
        {
            live[n] = (PYRAMID_CARDS as u32 + i) as u8;
            n += 1;
        }
        let card = |v: u8| {
            let v = u32::from(v);
            if v < PYRAMID_CARDS as u32 {
                board.pyramid_card(v)
            } else {
                board.stock_card(v - PYRAMID_CARDS as u32)
            }
        };
        let mut moves = MoveList::new();
        for i in 0..n {
            let partners = self.partner_masks[usize::from(live[i])];
            for &j in &live[i + 1..n] {
                if partners >> j & 1 != 0 {
                    moves.push(Move::Pair(card(live[i]), card(j)));
                }
            }
        }
        if board.can_draw(pos) {
            moves.push(Move::Draw);
        }
        debug_assert_eq!(&moves[..], &board.legal_moves(pos)[..]);
        moves
    }

    /// Cheops: whether the deadlines (see the module docs) lose canonical
    /// position `pos`, `rep` its representative (`by_rank`). Records the
    /// pointers past which its cards are lost in the table of losses. After
    /// a draw, the cards are the parent's, whose check stands.
    pub(super) fn cheops_lost(&mut self, pos: &Position, rep: &Position) -> bool {
        let Some(cheops) = self.cheops.as_ref() else {
            return false;
        };
        if pos.pyramid == 0 {
            return !cheops.stock_side_clears(pos);
        }
        // The parent's matching (the last one found a move higher up this
        // line) is where this one starts: most of its pairs are still
        // there, so one augmenting path or two complete it.
        let depth = self.line.len();
        let parent = depth.checked_sub(1).and_then(|d| cheops.mates.get(d));
        let (mut mate, mut nests) = parent.copied().unwrap_or(([NONE; 52], false));
        // The pairs that may be gone since the previous position's
        // matching (see `Cheops::unmatched_after`).
        let suspect = match self.line.last() {
            _ if parent.is_none() => u64::MAX,
            None => u64::MAX,
            Some(&Move::Pair(a, b)) => {
                let mut suspect = 0u64;
                for c in [a, b] {
                    let m = mate[self.deck_index(c)];
                    if m != NONE {
                        suspect |= 1 << m;
                    }
                }
                suspect
            }
            Some(_) => self
                .board
                .waste_top_index(pos)
                .map_or(0, |i| 1 << (PYRAMID_CARDS as u32 + i)),
        };
        let unmatched = cheops.unmatched(
            pos,
            depth == 0 || self.nodes >= ORDER_AFTER,
            &mut mate,
            &mut nests,
            suspect,
        );
        let cheops = self.cheops.as_mut().expect("Cheops's state");
        if cheops.mates.len() <= depth {
            cheops.mates.resize(depth + 1, ([NONE; 52], false));
        }
        cheops.mates[depth] = (mate, nests);
        if unmatched {
            return true;
        }
        // The first position is checked all the same: one check, and some
        // deals are lost there (639). (Once: a run after the first starts
        // from it again, and the check would find what it found.)
        if self.nodes < DEADLINE_AFTER && (depth > 0 || self.restarts > 0) {
            return false;
        }
        let cheops = self.cheops.as_ref().expect("Cheops's state");
        if self.line.last() == Some(&Move::Draw) || !cheops.pays() {
            return false;
        }
        // Keys and stamps are the representative's.
        let deadline = cheops.deadline(rep);
        let lost = match deadline {
            None => true,
            Some(last) if last < 24 => {
                let stamp = (rep.pass, 2 * (last + 1));
                let entry = self.lost.entry(in_play(rep)).or_insert(stamp);
                *entry = (*entry).min(stamp);
                rep.next > last
            }
            Some(_) => false,
        };
        let cheops = self.cheops.as_mut().expect("Cheops's state");
        cheops.asked += 1;
        cheops.found += u64::from(deadline.is_none_or(|last| last < 24));
        lost
    }
}

/// The first pair of `mate`'s stock-side pairs that another crosses, if
/// any: the pair still open when a pair opened before it closes. The
/// stock side's order (the waste from its bottom, the slot card, the
/// stock in the order it is dealt) is that of the vertices.
fn crossing(verts: u64, mate: &[u8; 52]) -> Option<(usize, usize)> {
    let mut open = [0u8; 24];
    let mut depth = 0;
    let mut rest = verts >> PYRAMID_CARDS << PYRAMID_CARDS;
    while rest != 0 {
        let v = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let m = usize::from(mate[v]);
        if !(PYRAMID_CARDS..52).contains(&m) {
            continue;
        }
        if m > v {
            open[depth] = v as u8;
            depth += 1;
        } else if usize::from(open[depth - 1]) == m {
            depth -= 1;
        } else {
            // m was opened before the pair on top, still open.
            let top = usize::from(open[depth - 1]);
            return Some((top, usize::from(mate[top])));
        }
    }
    None
}

/// What `nested_matching` asks of a matching besides its edges: the waste
/// (vertex bits), the pyramid's cover cones and the cards each card lies
/// on, whether the waste's pairs with pyramid cards must leave in an
/// order the pyramid allows, and whether no pair may have to leave both
/// before and after another.
struct Orders<'a> {
    waste: u64,
    cone: &'a [u32; PYRAMID_CARDS],
    under: &'a [u32; PYRAMID_CARDS],
    order: bool,
    crossed: bool,
}

/// The first pair of waste card w and pyramid card p in `mate` that
/// leaves out of order with a pair below it (see the module docs): a
/// waste card under w is paired with a card lying on p, which must leave
/// before p, where w must leave before it.
fn out_of_order(verts: u64, mate: &[u8; 52], orders: &Orders) -> Option<(usize, usize)> {
    // The pyramid cards paired with the waste cards below.
    let mut below = 0u32;
    let mut rest = orders.waste & verts;
    while rest != 0 {
        let w = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let p = usize::from(mate[w]);
        if p >= PYRAMID_CARDS {
            continue;
        }
        if orders.cone[p] & below != 0 {
            return Some((w, p));
        }
        below |= 1 << p;
    }
    None
}

/// A pair (x, y) of `mate` with a pyramid card x that another pair of it
/// must leave both after (it holds a card that x or y lies on) and before
/// (it holds a card lying on x or y), if any (see the module docs): x, y
/// and the pyramid cards of `verts` that leave after the pair and before
/// it, whatever the other pairs.
fn crossed(verts: u64, mate: &[u8; 52], orders: &Orders) -> Option<(usize, usize, u64, u64)> {
    let pyramid = verts & ((1 << PYRAMID_CARDS) - 1);
    let mut rest = pyramid;
    while rest != 0 {
        let x = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let y = usize::from(mate[x]);
        // Each pair of two pyramid cards once, from its card of lower
        // index.
        if y >= 52 || y < x {
            continue;
        }
        let (mut before, mut after) = (orders.cone[x], orders.under[x]);
        if y < PYRAMID_CARDS {
            before |= orders.cone[y];
            after |= orders.under[y];
        }
        let before = u64::from(before) & pyramid;
        let after = u64::from(after) & pyramid;
        let mut rest = after;
        while rest != 0 {
            let c = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let d = mate[c];
            if d < 52 && before >> d & 1 != 0 {
                return Some((x, y, after, before));
            }
        }
    }
    None
}

/// Whether `verts` has a perfect matching in `adj` whose stock-side
/// pairs do not cross, with `orders.order` whose pairs of waste and
/// pyramid cards leave in an order the pyramid allows, and with
/// `orders.crossed` none of whose pairs must leave both before and after
/// another (see the module docs), given `mate`, a perfect matching of
/// `verts` in `adj`; `None` when `budget` choices run out first. While
/// two pairs conflict, one of them, (x, y), is either left out (its edge
/// taken away, and x and y matched again) or kept (x and y set aside, and
/// every edge that conflicts with it taken away). `adj` is as it was on
/// return; `mate` holds the matching found, if any.
fn nested_matching(
    adj: &mut [u64; 52],
    verts: u64,
    mate: &mut [u8; 52],
    budget: &mut u32,
    orders: &Orders,
) -> Option<bool> {
    let stock = verts >> PYRAMID_CARDS << PYRAMID_CARDS;
    // The pair, and the sets of cards that may no longer pair with each
    // other once it is kept.
    let (x, y, apart) = if let Some((x, y)) = crossing(verts, mate) {
        // Stock-side cards inside the pair and outside it.
        let inside = stock & ((1u64 << y) - 1) & !((2u64 << x) - 1);
        let outside = stock & !((2u64 << y) - 1) | stock & ((1u64 << x) - 1);
        (x, y, [(inside, outside), (0, 0)])
    } else if let Some((w, p)) = orders
        .order
        .then(|| out_of_order(verts, mate, orders))
        .flatten()
    {
        // The waste cards above w leave before it, so never with a card
        // that p lies on; those below after it, never with one lying on p.
        let waste = orders.waste & verts;
        let above = waste & !((2u64 << w) - 1);
        let under = waste & ((1u64 << w) - 1);
        let pyramid = |cards: u32| u64::from(cards) & verts;
        (
            w,
            p,
            [
                (above, pyramid(orders.under[p])),
                (under, pyramid(orders.cone[p])),
            ],
        )
    } else if let Some((x, y, after, before)) = orders
        .crossed
        .then(|| crossed(verts, mate, orders))
        .flatten()
    {
        // Kept, no card leaving after it pairs with one leaving before.
        (x, y, [(after, before), (0, 0)])
    } else {
        return Some(true);
    };
    if *budget == 0 {
        return None;
    }
    *budget -= 1;
    // Without the pair: x and y are the only free vertices, and an
    // augmenting path from x ends at y, or there is no perfect matching.
    adj[x] &= !(1 << y);
    adj[y] &= !(1 << x);
    let mut without = *mate;
    without[x] = NONE;
    without[y] = NONE;
    let found = match augment(adj, verts, &mut without, x, 1 << x | 1 << y) {
        Some(_) => nested_matching(adj, verts, &mut without, budget, orders),
        None => Some(false),
    };
    adj[x] |= 1 << y;
    adj[y] |= 1 << x;
    match found {
        Some(true) => {
            *mate = without;
            return Some(true);
        }
        None => return None,
        Some(false) => {}
    }
    // With it: the edges between the sets kept apart taken away, and the
    // pairs of the matching among them matched again.
    let saved = *adj;
    let rest_verts = verts & !(1 << x | 1 << y);
    let mut with = *mate;
    let mut free = 0u64;
    for (one, other) in apart {
        for (side, far) in [(one, other), (other, one)] {
            let mut rest = side & rest_verts;
            while rest != 0 {
                let v = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                adj[v] &= !far;
                let m = usize::from(mate[v]);
                if far >> m & 1 != 0 {
                    free |= 1 << v | 1 << m;
                }
            }
        }
    }
    let mut rest = free;
    while rest != 0 {
        let v = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        with[v] = NONE;
    }
    let mut found = Some(true);
    while free != 0 {
        let root = free.trailing_zeros() as usize;
        match augment(adj, rest_verts, &mut with, root, free) {
            Some(end) => free &= !(1 << root | 1 << end),
            None => {
                found = Some(false);
                break;
            }
        }
    }
    if found == Some(true) {
        found = nested_matching(adj, rest_verts, &mut with, budget, orders);
    }
    *adj = saved;
    if found == Some(true) {
        *mate = with;
    }
    found
}

/// Whether the stock side's cards, ranks `ranks` in order, the first
/// `waste` of them on the waste (bottom first) and the rest the slot card
/// and the stock, can all go with no pyramid: each pair is the slot card
/// with the waste top, so the pairs nest (the cards between two paired
/// ones went before), never two cards already on the waste, and every
/// such set of nested pairs of equal or adjacent ranks can be played.
/// Bit e of `ends[i]`: the cards i..e can all go among themselves.
fn stack_clears(ranks: &[u8], waste: usize) -> bool {
    let n = ranks.len();
    if n % 2 == 1 {
        return false;
    }
    let mut ends = [0u32; 25];
    ends[n] = 1 << n;
    for i in (0..n).rev() {
        let mut e = 1u32 << i;
        for m in (i + 1..n).step_by(2) {
            if m < waste || ranks[i].abs_diff(ranks[m]) > 1 || ends[i + 1] >> m & 1 == 0 {
                continue;
            }
            e |= ends[m + 1];
        }
        ends[i] = e;
    }
    ends[0] >> n & 1 != 0
}

/// Whether the cards counted by rank in `need` (4 bits a rank) can each
/// have a partner of their own among those counted in `have`: Hall's
/// condition over each run of ranks a..=b, whose partners are the ranks
/// a - 1..=b + 1.
fn hall(need: u64, have: u64) -> bool {
    let count = |n: u64, r: usize| (n >> (4 * r) & 15) as u32;
    // A run starting at a rank with no card needed is no tighter than the
    // one starting at the next rank with one.
    (1..14).all(|a| {
        if count(need, a) == 0 {
            return true;
        }
        let (mut needed, mut supply) = (0, count(have, a - 1) + count(have, a));
        (a..14).all(|b| {
            needed += count(need, b);
            supply += count(have, b + 1);
            needed <= supply
        })
    })
}

/// Whether some matching of cards of equal or adjacent ranks covers every
/// required card, using optional cards or not: `required` and `optional`
/// count the cards by rank, 4 bits a rank (ranks 1..=13, at most four cards
/// of a rank in all). Rank by rank, the states are (required cards of the
/// rank before still to be paired with this rank's, optional cards of the
/// rank before free to take this rank's required cards), as bit
/// `5 × carried + free` of a set; `COVERS_STEP` holds each state's next
/// states by the rank's counts.
pub(super) fn covers(required: u64, optional: u64) -> bool {
    let mut states: u32 = 1; // (0, 0)
    for r in 1..14 {
        let req = (required >> (4 * r) & 15) as usize;
        let opt = (optional >> (4 * r) & 15) as usize;
        if req > 4 || opt > 4 {
            return covers_by_counts(required, optional);
        }
        let step = &COVERS_STEP[req][opt];
        let mut next: u32 = 0;
        let mut rest = states;
        while rest != 0 {
            next |= step[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        states = next;
        if states == 0 {
            return false;
        }
    }
    // Nothing carried past the Kings.
    states & 0b11111 != 0
}

/// `covers`'s next states: for `req` required and `opt` optional cards of a
/// rank, from state `5 × a + b`, every state reachable (see `covers_step`).
const COVERS_STEP: [[[u32; 25]; 5]; 5] = {
    let mut table = [[[0u32; 25]; 5]; 5];
    let mut req = 0;
    while req < 5 {
        let mut opt = 0;
        while opt < 5 {
            let mut state = 0;
            while state < 25 {
                table[req][opt][state] = covers_step(state as u8, req as u8, opt as u8);
                state += 1;
            }
            opt += 1;
        }
        req += 1;
    }
    table
};

/// From state (a carried, b free) = `state`, the next states with `req`
/// required and `opt` optional cards of the rank.
const fn covers_step(state: u8, req: u8, opt: u8) -> u32 {
    let (a, b) = (state / 5, state % 5);
    let mut next = 0u32;
    // The a carried cards take x required and a - x optional cards.
    let mut x = 0;
    while x <= a && x <= req {
        if opt >= a - x {
            let o1 = opt - (a - x);
            let r1 = req - x;
            // y required cards go with the b free optional ones.
            let mut y = 0;
            while y <= b && y <= r1 {
                let r2 = r1 - y;
                // q go with optional cards of this rank, c are carried on,
                // the rest pair among themselves.
                let mut q = 0;
                while q <= r2 && q <= o1 {
                    let mut c = 0;
                    while c <= r2 - q && c <= 4 {
                        if (r2 - q - c) & 1 == 0 {
                            let free = if o1 - q < 4 { o1 - q } else { 4 };
                            next |= 1 << (5 * c + free);
                        }
                        c += 1;
                    }
                    q += 1;
                }
                y += 1;
            }
        }
        x += 1;
    }
    next
}

/// `covers` for any counts, state by state: whether some matching of cards
/// of equal or adjacent ranks covers every
/// required card, using optional cards or not: `required` and `optional`
/// count the cards by rank, 4 bits a rank (ranks 1..=13). Rank by rank, the
/// states are (required cards of the rank before still to be paired with
/// this rank's, optional cards of the rank before free to take this rank's
/// required cards), as bit `5 × carried + free` of a set.
fn covers_by_counts(required: u64, optional: u64) -> bool {
    let mut states: u32 = 1; // (0, 0)
    for r in 1..14 {
        let req = (required >> (4 * r) & 15) as u8;
        let opt = (optional >> (4 * r) & 15) as u8;
        let mut next: u32 = 0;
        for state in bits(states) {
            let (a, b) = ((state / 5) as u8, (state % 5) as u8);
            // The a carried cards take x required and a - x optional cards.
            for x in 0..=a.min(req) {
                let Some(o1) = opt.checked_sub(a - x) else {
                    continue;
                };
                let r1 = req - x;
                // y required cards go with the b free optional ones.
                for y in 0..=b.min(r1) {
                    let r2 = r1 - y;
                    // q go with optional cards of this rank, c are carried
                    // on, the rest pair among themselves.
                    for q in 0..=r2.min(o1) {
                        for c in 0..=(r2 - q).min(4) {
                            if (r2 - q - c).is_multiple_of(2) {
                                next |= 1 << (5 * c + (o1 - q).min(4));
                            }
                        }
                    }
                }
            }
        }
        states = next;
        if states == 0 {
            return false;
        }
    }
    // Nothing carried past the Kings.
    states & 0b11111 != 0
}

/// No vertex (in `perfect_matching`).
const NONE: u8 = u8::MAX;

/// `perfect_matching_kept` with every starting pair checked: whether there
/// is a perfect matching.
#[cfg(test)]
fn perfect_matching(adj: &[u64; 52], verts: u64, mate: &mut [u8; 52]) -> bool {
    perfect_matching_kept(adj, verts, mate, verts).is_some()
}

/// Whether the graph on the vertices `verts` (bits 0..52), with the edges
/// `adj` (symmetric, restricted to `verts` by the caller or not), has a
/// perfect matching: the pairs of `mate` that are still edges between
/// `verts` (a parent position's matching, say: any matching will do),
/// greedily grown, then augmenting paths (`augment`) from each vertex
/// left free. A vertex from which no augmenting path starts stays free in
/// some maximum matching, so the first such vertex answers no: `None`.
/// On yes, `mate` holds a perfect matching of `verts`, and the answer says
/// whether it kept every pair it started from among `verts` (it is the
/// starting one's pairs on `verts`, no other).
///
/// Only the starting pairs of the cards of `suspect` are checked: every
/// other card of `verts` must be in a pair of `mate` with an edge of
/// `adj` within `verts` (`suspect` = `verts` checks them all).
fn perfect_matching_kept(
    adj: &[u64; 52],
    verts: u64,
    mate: &mut [u8; 52],
    suspect: u64,
) -> Option<bool> {
    if verts.count_ones() % 2 == 1 {
        return None;
    }
    // Only the entries of `verts` are read (`augmenting_path` follows
    // edges within `verts` alone): the others may keep what they hold.
    let mut free = 0u64;
    let mut rest = suspect & verts;
    while rest != 0 {
        let v = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        if free >> v & 1 != 0 {
            continue;
        }
        let m = usize::from(mate[v]);
        // `adj` is symmetric, and its edges from a vertex of `verts` that
        // matter end in `verts`.
        if !(m < 52 && verts >> m & 1 != 0 && adj[v] >> m & 1 != 0 && usize::from(mate[m]) == v) {
            mate[v] = NONE;
            free |= 1 << v;
            if m < 52 && verts >> m & 1 != 0 && usize::from(mate[m]) == v {
                mate[m] = NONE;
                free |= 1 << m;
            }
        }
    }
    debug_assert!((0..52).all(|v| verts >> v & 1 == 0
        || free >> v & 1 != 0
        || (usize::from(mate[v]) < 52
            && verts >> mate[v] & 1 != 0
            && adj[v] >> mate[v] & 1 != 0
            && usize::from(mate[usize::from(mate[v])]) == v)));
    let kept = free == 0;
    let mut rest = free;
    while rest != 0 {
        let v = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        if free >> v & 1 == 0 {
            continue;
        }
        let options = adj[v] & free & !(1 << v);
        if options != 0 {
            let u = options.trailing_zeros() as usize;
            mate[v] = u as u8;
            mate[u] = v as u8;
            free &= !(1 << v | 1 << u);
        }
    }
    while free != 0 {
        let root = free.trailing_zeros() as usize;
        let end = augment(adj, verts, mate, root, free)?;
        free &= !(1 << root | 1 << end);
    }
    Some(kept)
}

/// An augmenting path from the free vertex `root`, `free` the free
/// vertices of `verts` (`root` among them): first one of three edges, root
/// to a matched neighbour u, u to its mate m, m to another free vertex,
/// looked for on bit masks, then Edmonds's search (`augmenting_path`). If
/// one ends at free vertex `end`, flips it in `mate` and returns `end`.
fn augment(
    adj: &[u64; 52],
    verts: u64,
    mate: &mut [u8; 52],
    root: usize,
    free: u64,
) -> Option<usize> {
    let ends = free & verts & !(1 << root);
    let mut rest = adj[root] & verts & !free;
    while rest != 0 {
        let u = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let m = usize::from(mate[u]);
        let options = adj[m] & ends;
        if options != 0 {
            let end = options.trailing_zeros() as usize;
            mate[root] = u as u8;
            mate[u] = root as u8;
            mate[m] = end as u8;
            mate[end] = m as u8;
            return Some(end);
        }
    }
    augmenting_path(adj, verts, mate, root)
}

/// Edmonds's search from the free vertex `root`: if an augmenting path
/// ends at free vertex `end`, flips it in `mate` and returns `end`.
fn augmenting_path(adj: &[u64; 52], verts: u64, mate: &mut [u8; 52], root: usize) -> Option<usize> {
    let mut parent = [NONE; 52];
    let mut base: [u8; 52] = std::array::from_fn(|i| i as u8);
    // The outer vertices, each queued once: the root, the mates of the
    // vertices given a parent, and those taken into a blossom.
    let mut used = 1u64 << root;
    // The vertices given a parent.
    let mut tree = 0u64;
    let mut queue = [0u8; 52];
    let (mut head, mut tail) = (0usize, 1usize);
    queue[0] = root as u8;
    while head < tail {
        let v = usize::from(queue[head]);
        head += 1;
        // Odd vertices of the tree (given a parent, not outer) change
        // nothing from here; were one to turn outer in a blossom below, it
        // is queued, and meets v from its own side.
        let mut rest = adj[v] & verts & !(tree & !used);
        while rest != 0 {
            let to = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if base[v] == base[to] || usize::from(mate[v]) == to {
                continue;
            }
            if used >> to & 1 != 0 {
                // An edge between two outer vertices (of other bases):
                // a blossom, contracted onto its base.
                let cur = lca(mate, &parent, &base, v, to);
                let mut blossom = 0u64;
                mark_path(mate, &mut parent, &base, &mut blossom, v, cur, to);
                mark_path(mate, &mut parent, &base, &mut blossom, to, cur, v);
                // Only vertices of the tree can have their base in it.
                let mut all = used | tree;
                while all != 0 {
                    let i = all.trailing_zeros() as usize;
                    all &= all - 1;
                    if blossom >> base[i] & 1 != 0 {
                        base[i] = cur;
                        if used >> i & 1 == 0 {
                            used |= 1 << i;
                            queue[tail] = i as u8;
                            tail += 1;
                        }
                    }
                }
            } else if parent[to] == NONE {
                parent[to] = v as u8;
                tree |= 1 << to;
                if mate[to] == NONE {
                    // Flip the path.
                    let mut x = to;
                    while x != usize::from(NONE) {
                        let px = usize::from(parent[x]);
                        let next = mate[px];
                        mate[x] = px as u8;
                        mate[px] = x as u8;
                        x = usize::from(next);
                    }
                    return Some(to);
                }
                let m = usize::from(mate[to]);
                used |= 1 << m;
                queue[tail] = m as u8;
                tail += 1;
            }
        }
    }
    None
}

/// The base of the blossom closing at the edge `a`–`b`.
fn lca(mate: &[u8; 52], parent: &[u8; 52], base: &[u8; 52], mut a: usize, mut b: usize) -> u8 {
    let mut seen = 0u64;
    loop {
        a = usize::from(base[a]);
        seen |= 1 << a;
        if mate[a] == NONE {
            break;
        }
        a = usize::from(parent[usize::from(mate[a])]);
    }
    loop {
        b = usize::from(base[b]);
        if seen >> b & 1 != 0 {
            return b as u8;
        }
        b = usize::from(parent[usize::from(mate[b])]);
    }
}

/// Marks the blossom's bases on the path from `v` down to base `b`.
fn mark_path(
    mate: &[u8; 52],
    parent: &mut [u8; 52],
    base: &[u8; 52],
    blossom: &mut u64,
    mut v: usize,
    b: u8,
    mut child: usize,
) {
    while base[v] != b {
        let m = usize::from(mate[v]);
        *blossom |= 1 << base[v] | 1 << base[m];
        parent[v] = child as u8;
        child = m;
        v = usize::from(parent[m]);
    }
}

#[cfg(test)]
pub(super) mod tests {
    use std::collections::HashSet;

    use super::{covers, hall, perfect_matching, perfect_matching_kept, Checks, Cheops, NONE};
    use crate::deal::Deal;
    use crate::position::{Board, Move, Position, Status};
    use crate::rules::Preset;

    /// Cheops's state for `board`, with the search's tables.
    fn cheops_for(board: &Board) -> Option<Cheops> {
        use crate::solver::family::{partner_masks, rank_cards, under};
        Cheops::new(
            board,
            &partner_masks(board),
            &under(board),
            &rank_cards(board),
        )
    }

    /// A small seeded generator for the tests' random choices (xorshift64).
    pub(in crate::solver::family) fn xorshift(mut state: u64) -> impl FnMut() -> u64 {
        move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        }
    }
    use crate::solver::{solve, Limits, Outcome};

    /// `board`'s start played on by random legal moves, one in three a
    /// draw when there is one, until at most `left` cards are left, none
    /// can move, or 300 moves are made (with unlimited passes, draws alone
    /// can go round for ever).
    pub(in crate::solver::family) fn walk(
        board: &Board,
        left: u32,
        random: &mut impl FnMut() -> u64,
    ) -> Position {
        let mut pos = board.start();
        for _ in 0..300 {
            if pos.cards_left() <= left {
                break;
            }
            let moves = board.legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            let m = if random().is_multiple_of(3) && moves.contains(&Move::Draw) {
                Move::Draw
            } else {
                moves[(random() % moves.len() as u64) as usize]
            };
            pos = board.play(&pos, m).expect("a legal move");
        }
        pos
    }

    /// Exhaustive search from `start` for the rules' win: `Some(winnable)`,
    /// or `None` past `cap` positions (the stack's tests and the family's
    /// ask it too). With unlimited passes positions are told apart without
    /// the pass, which changes nothing (and keeps the search finite).
    pub(in crate::solver::family) fn reference(
        board: &Board,
        start: &Position,
        cap: usize,
    ) -> Option<bool> {
        let unlimited = board.rules().passes.is_none();
        let key = |p: &Position| {
            if unlimited {
                p.key() & !(0x1f << 59)
            } else {
                p.key()
            }
        };
        let mut seen = HashSet::from([key(start)]);
        let mut stack = vec![*start];
        while let Some(pos) = stack.pop() {
            if board.status(&pos) == Status::Won {
                return Some(true);
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

    /// The deadlines against the exhaustive search, on the ends of random
    /// play (removals preferred) from Cheops deals: a position they lose
    /// is lost, and so is the same cards' position drawn on past the last
    /// pointer they allow. Enough of them must bite for the test to mean
    /// something.
    #[test]
    fn deadlines_agree_with_the_reference() {
        let mut random = xorshift(0x2545_f491_4f6c_dd1du64);
        let (mut checked, mut lost_now, mut lost_later, mut won, mut bare, mut unmatched) =
            (0, 0, 0, 0, 0, 0);
        // Positions only the frozen edges lose, only the nesting of the
        // stock-side pairs, only the order of the waste's pairs with
        // pyramid cards, and deadlines only the spans of the lone cards
        // above make earlier.
        let (mut frozen, mut nested, mut order, mut spans) = (0, 0, 0, 0);
        // And positions only pairs that must leave both before and after
        // another lose.
        let mut crossed = 0;
        // Deadlines only the apex's final waste makes earlier.
        let mut apex = 0;
        for number in 1..=250 {
            let board = Board::new(Deal::from_number(number), Preset::Cheops);
            let cheops = cheops_for(&board).expect("Cheops's rules");
            // Random play on from `pos` until `left` cards are left.
            let mut play_on = |mut pos: Position, left: u32| {
                while pos.cards_left() > left {
                    let moves = board.legal_moves(&pos);
                    let removals: Vec<Move> =
                        moves.iter().copied().filter(|m| m.is_removal()).collect();
                    let pool = if !removals.is_empty() && !random().is_multiple_of(4) {
                        removals
                    } else {
                        moves
                    };
                    if pool.is_empty() {
                        break;
                    }
                    let m = pool[(random() % pool.len() as u64) as usize];
                    pos = board.play(&pos, m).expect("legal move plays");
                }
                pos
            };
            let mut starts: Vec<Position> = [8, 12, 16, 20, 24, 28]
                .into_iter()
                .map(|left| play_on(board.start(), left))
                .collect();
            // Positions on a winning line, and a few random moves off it.
            let solution = solve(&board, &board.start(), Limits { max_nodes: 20_000 });
            if solution.outcome == Outcome::Win {
                let mut pos = board.start();
                for (n, &m) in solution.line.iter().enumerate() {
                    pos = board.play(&pos, m).expect("the solver's line plays");
                    if (n % 4 == 0 && pos.cards_left() <= 30) || pos.pyramid == 0 {
                        starts.push(pos);
                        // (A won position, with fewer than two left, as it is.)
                        let left = pos.cards_left().checked_sub(2);
                        starts.push(left.map_or(pos, |left| play_on(pos, left)));
                    }
                }
            }
            for pos in starts {
                if pos.pyramid == 0 {
                    // With the pyramid gone the nesting check is exact.
                    let pos = Position {
                        next: crate::position::highest(
                            pos.stock & crate::position::below(pos.next),
                        )
                        .map_or(0, |i| i as u8 + 1),
                        ..pos
                    };
                    if let Some(winnable) = reference(&board, &pos, 200_000) {
                        assert_eq!(
                            cheops.stock_side_clears(&pos),
                            winnable,
                            "deal {number}: {pos:?}"
                        );
                        bare += 1;
                    }
                }
                if cheops.unmatched(&pos, true, &mut [NONE; 52], &mut false, u64::MAX) {
                    if let Some(won) = reference(&board, &pos, 200_000) {
                        assert!(!won, "deal {number}: no perfect matching, but won: {pos:?}");
                        unmatched += 1;
                        let lost_by = |frozen, nested, order, crossed| {
                            let checks = Checks {
                                frozen,
                                nested,
                                order,
                                crossed,
                            };
                            cheops.unmatched_by(&pos, checks, &mut [NONE; 52], &mut false)
                        };
                        let unordered = lost_by(true, true, false, false);
                        frozen += usize::from(unordered && !lost_by(false, true, false, false));
                        nested += usize::from(unordered && !lost_by(true, false, false, false));
                        let waste_order = lost_by(true, true, true, false);
                        order += usize::from(!unordered && waste_order);
                        crossed += usize::from(!waste_order);
                    }
                }
                if cheops.deadline(&pos) != cheops.deadline_by(&pos, false, true) {
                    spans += 1;
                }
                if cheops.deadline(&pos) != cheops.deadline_by(&pos, true, false) {
                    apex += 1;
                }
                let Some(deadline) = cheops.deadline(&pos) else {
                    if let Some(won) = reference(&board, &pos, 200_000) {
                        assert!(!won, "deal {number}: lost by deadline, but won: {pos:?}");
                        lost_now += 1;
                    }
                    continue;
                };
                checked += 1;
                if reference(&board, &pos, 200_000) == Some(true) {
                    won += 1;
                }
                if deadline >= 24 {
                    continue;
                }
                // Draw on past the deadline, the cards unchanged.
                let mut later = pos;
                while later.next <= deadline && board.can_draw(&later) {
                    later = board.play(&later, Move::Draw).expect("a draw plays");
                }
                if later.next <= deadline {
                    continue;
                }
                if let Some(winnable) = reference(&board, &later, 200_000) {
                    assert!(
                        !winnable,
                        "deal {number}: lost past pointer {deadline}, but won: {later:?}"
                    );
                    lost_later += 1;
                }
            }
        }
        eprintln!(
            "{checked} checked, {won} won, {lost_now} lost now, {lost_later} lost later, \
             {bare} with the pyramid gone, {unmatched} with no perfect matching \
             ({frozen} by frozen edges, {nested} by nesting, {order} by order, {crossed} by \
             crossed pairs), {spans} with \
             deadlines made earlier by spans, {apex} by the apex's final waste"
        );
        assert!(lost_now >= 20 && lost_later >= 20 && won >= 100 && bare >= 20 && unmatched >= 20);
        assert!(
            frozen >= 5 && nested >= 5 && order >= 5 && crossed >= 5 && spans >= 5 && apex >= 5,
            "{frozen} by frozen edges, {nested} by nesting, {order} by order, {crossed} by \
             crossed pairs, {spans} by spans, {apex} by the apex"
        );
    }

    fn counts(cards: &[(usize, u64)]) -> u64 {
        cards.iter().map(|&(r, n)| n << (4 * r)).sum()
    }

    /// Deal 639 (see the module docs) is lost at its start by the apex's
    /// final waste alone, and a search with a small budget proves it.
    #[test]
    fn deal_639_lost_by_the_final_waste() {
        let board = Board::new(Deal::from_number(639), Preset::Cheops);
        let cheops = cheops_for(&board).expect("Cheops's rules");
        let start = board.start();
        assert_eq!(cheops.deadline(&start), None);
        assert!(cheops.deadline_by(&start, true, false).is_some());
        let solution = solve(&board, &start, Limits { max_nodes: 1_000 });
        assert_eq!(solution.outcome, Outcome::Loss);
    }

    #[test]
    fn covers_by_table_agrees() {
        let mut random = xorshift(0x1234_5678_9abc_def1u64);
        for _ in 0..200_000 {
            let (mut required, mut optional) = (0u64, 0u64);
            for r in 1..14 {
                let total = random() % 5;
                let req = random() % (total + 1);
                required |= req << (4 * r);
                optional |= (total - req) << (4 * r);
            }
            assert_eq!(
                covers(required, optional),
                super::covers_by_counts(required, optional),
                "{required:x} {optional:x}"
            );
        }
    }

    #[test]
    fn covers_by_rank() {
        // Two of a rank pair; one alone does not.
        assert!(covers(counts(&[(5, 2)]), 0));
        assert!(!covers(counts(&[(5, 1)]), 0));
        // Adjacent ranks pair, two apart do not.
        assert!(covers(counts(&[(5, 1), (6, 1)]), 0));
        assert!(!covers(counts(&[(5, 1), (7, 1)]), 0));
        // An optional card takes a lone required one, or is left out.
        assert!(covers(counts(&[(5, 1)]), counts(&[(4, 1)])));
        assert!(covers(counts(&[(5, 2)]), counts(&[(9, 3)])));
        assert!(!covers(counts(&[(5, 1)]), counts(&[(7, 1)])));
        // A chain: 1 2 3 with an optional 4.
        assert!(covers(counts(&[(1, 1), (2, 1), (3, 1)]), counts(&[(4, 1)])));
        assert!(!covers(
            counts(&[(1, 1), (2, 1), (3, 1)]),
            counts(&[(5, 1)])
        ));
        // Kings pair with Queens, not Aces.
        assert!(!covers(counts(&[(13, 1), (1, 1)]), 0));
        assert!(covers(counts(&[(13, 3)]), counts(&[(12, 1)])));
        assert!(covers(0, counts(&[(3, 4)])));
    }

    /// Whether the vertices `verts` pair off along `adj`, by trying every
    /// partner of the lowest.
    fn brute_matching(adj: &[u64; 52], verts: u64) -> bool {
        if verts == 0 {
            return true;
        }
        let v = verts.trailing_zeros();
        let rest = verts & !(1 << v);
        let mut options = adj[v as usize] & rest;
        while options != 0 {
            let u = options.trailing_zeros();
            options &= options - 1;
            if brute_matching(adj, rest & !(1 << u)) {
                return true;
            }
        }
        false
    }

    #[test]
    fn perfect_matching_against_brute_force() {
        fn bits64(mut m: u64) -> impl Iterator<Item = usize> {
            std::iter::from_fn(move || {
                (m != 0).then(|| {
                    let i = m.trailing_zeros() as usize;
                    m &= m - 1;
                    i
                })
            })
        }
        let mut random = xorshift(0x9e37_79b9_7f4a_7c15u64);
        let (mut yes, mut no) = (0, 0);
        for _ in 0..20_000 {
            let n = 2 + random() % 13;
            let density = 1 + random() % 5;
            let mut adj = [0u64; 52];
            // Vertices spread over 0..52, the edges random and symmetric.
            let verts_list: Vec<u64> = (0..n).map(|i| (i * 4 + random() % 4) % 52).collect();
            for (a, &i) in verts_list.iter().enumerate() {
                for &j in &verts_list[a + 1..] {
                    if i != j && random() % 8 < density {
                        adj[i as usize] |= 1 << j;
                        adj[j as usize] |= 1 << i;
                    }
                }
            }
            let verts = verts_list.iter().fold(0u64, |m, &i| m | 1 << i);
            let expected = brute_matching(&adj, verts);
            // From nothing, and from a random start: pairs that may or may
            // not be edges or in `verts`, and one-sided junk.
            let mut start = [NONE; 52];
            for _ in 0..random() % 30 {
                let (a, b) = ((random() % 52) as usize, (random() % 52) as usize);
                if random().is_multiple_of(4) {
                    start[a] = b as u8;
                } else if a != b && start[a] == NONE && start[b] == NONE {
                    start[a] = b as u8;
                    start[b] = a as u8;
                }
            }
            let check = |adj: &[u64; 52], verts: u64, mut mate: [u8; 52], expected: bool| {
                let found = perfect_matching(adj, verts, &mut mate);
                assert_eq!(found, expected, "{adj:?} {verts:b} {mate:?}");
                if found {
                    for v in bits64(verts) {
                        let m = usize::from(mate[v]);
                        assert!(adj[v] >> m & 1 != 0 && usize::from(mate[m]) == v);
                    }
                }
                mate
            };
            check(&adj, verts, start, expected);
            let found = check(&adj, verts, [NONE; 52], expected);
            // As the search uses it: the matching of a position before a
            // move, some of whose cards have gone and some edges with them.
            let (gone_a, gone_b) = (random() % n, random() % n);
            let smaller =
                verts & !(1 << verts_list[gone_a as usize] | 1 << verts_list[gone_b as usize]);
            let mut fewer = adj;
            let v = verts_list[(random() % n) as usize] as usize;
            let m = usize::from(found[v]);
            if m < 52 && random().is_multiple_of(2) {
                fewer[v] &= !(1 << m);
                fewer[m] &= !(1 << v);
            }
            let want = brute_matching(&fewer, smaller);
            check(&fewer, smaller, found, want);
            if expected {
                // Checking only the pairs that may be gone (`suspect`): the
                // partners of the cards gone, and the pair whose edge went.
                let mut suspect = 1u64 << v;
                for gone in [gone_a, gone_b] {
                    let m = found[verts_list[gone as usize] as usize];
                    if m != NONE {
                        suspect |= 1 << m;
                    }
                }
                let mut mate = found;
                let kept = perfect_matching_kept(&fewer, smaller, &mut mate, suspect);
                assert_eq!(kept.is_some(), want, "{fewer:?} {smaller:b} {found:?}");
                if let Some(kept) = kept {
                    let same = bits64(smaller).all(|v| mate[v] == found[v]);
                    assert_eq!(kept, same);
                    for v in bits64(smaller) {
                        let m = usize::from(mate[v]);
                        assert!(fewer[v] >> m & 1 != 0 && usize::from(mate[m]) == v);
                    }
                }
            }
            if expected {
                yes += 1;
            } else {
                no += 1;
            }
        }
        assert!(yes >= 1_000 && no >= 1_000, "{yes} with, {no} without");
    }

    #[test]
    fn hall_by_runs_of_ranks() {
        // Two cards of rank 5 need two cards of ranks 4..=6.
        assert!(hall(counts(&[(5, 2)]), counts(&[(4, 1), (6, 1)])));
        assert!(!hall(counts(&[(5, 2)]), counts(&[(4, 1), (7, 1)])));
        // 5 and 7 share the 6: one card for two.
        assert!(!hall(counts(&[(5, 1), (7, 1)]), counts(&[(6, 1)])));
        assert!(hall(counts(&[(5, 1), (7, 1)]), counts(&[(6, 1), (8, 1)])));
        // A King takes a Queen or a King, never an Ace.
        assert!(!hall(counts(&[(13, 1)]), counts(&[(1, 4)])));
    }
}
