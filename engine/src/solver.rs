//! An exact solver: from any position, either a winning line of moves, a
//! proof that none exists, or [`Outcome::Unknown`] when the node budget
//! ([`Limits`]) runs out. In Par Pyramid it plays for a cleared pyramid
//! (and, from a position whose pyramid is already cleared, for all 52
//! cards); otherwise for the rules' win. `engine/tests/solver_agrees.rs`
//! checks it against a plain exhaustive search.
//!
//! It answers the seven presets' family of rules (one card a turn, one
//! waste, a stock, pairs making 13), with or without overlap pairs; the
//! rest of the Pyramid family goes to [`family`].
//!
//! The search is depth-first. These prunes keep it small; none of them
//! changes an answer.
//!
//! - **Overlap pairs.** A covered pyramid card with one card still lying on
//!   it, itself exposed, may pair with that card: a removal of two pyramid
//!   cards that depends on the pyramid alone, tried with the other pyramid
//!   pairs (and in the unlimited-pass search). Every prune below holds with
//!   it, once a pyramid card's possible partners include the two cards
//!   right on it and the two it lies right on (`Tables::blocked`): a forced
//!   pair still only makes more cards exposed, and a card that is exposed
//!   or has one exposed card on it stays so until it leaves.
//! - **Kings first, and forced pairs.** Removing an available King never
//!   hurts (it takes nothing another move could use and only uncovers or
//!   unburies cards), so when one is available it is the only move tried.
//!   A card whose only possible partner is live now leaves with it.
//! - **Partners.** A pyramid card can only go with a card of the
//!   complementary rank that is still in play and is neither in its cover
//!   cone nor above it (a card's cover cone must be gone before it is
//!   exposed). A position with a pyramid card that has no such partner left
//!   cannot be won.
//!   To remove all 52 cards, each stock card needs a partner too; in waste
//!   mode, where two stock cards are never live together, a pyramid card
//!   of its own, so a rank's stock cards may not outnumber the pyramid's
//!   cards of the complementary rank.
//! - **Unlimited passes must still win.** With unlimited passes any stock
//!   card can be made live (the waste top, or in draw-card mode the drawn
//!   card) by drawing and recycling, without changing anything else, so the
//!   stock's order and pointer stop mattering. (The pyramid goal never
//!   needs two stock cards paired with each other: that only removes stock
//!   cards, and any of the others can still be reached.) A memoised search
//!   over (pyramid, stock cards left) answers that question (`Relaxed`).
//!   Its stock is a count per rank, capped at the pyramid cards that rank
//!   can pair with, Kings left out, so positions that differ only by suits
//!   are one (a few thousand positions at worst). It answers the pyramid
//!   goal with unlimited passes and no idle-pass rule directly (Relaxed, in
//!   either stock mode), its line turned back into real draws and recycles;
//!   for every other rule set a position it cannot win is lost.
//! - **The last pass's dead waste.** In the last pass, waste cards behind a
//!   card that can never leave are dead and are dropped from the position
//!   key. Before they are dropped, the cards with them still in are looked
//!   up too: lost at an earlier stamp, when none was dead yet, they are lost
//!   now.
//! - **Deadlines in one pass.** With one pass the stock is seen once, in
//!   its order: a stock card is live only as the drawn card (draw-card
//!   mode) or as the waste top, and at pointer t it is the waste top only
//!   once every card drawn after it is gone, but in draw-card mode the last
//!   one, which may still be in the slot. A pyramid card that no pyramid
//!   card can pair with (`Tables::blocked`, overlap pairs included) must
//!   leave with a stock card j at some pointer t at which j is live, and by
//!   then its cover cone is gone and so is every card drawn after j (but
//!   the slot's). Every removal takes a King or two cards of complementary
//!   ranks, so the cards removed from now until then hold as many cards of
//!   each rank as of its complement; they hold these required cards, and
//!   otherwise only cards that can have gone by then: pyramid cards neither
//!   in its cone nor above it (a card above it cannot go first, as its cone
//!   holds this card: with overlap pairs it could only go with it, and then
//!   the two are partners), stock cards drawn before j, and the slot card.
//!   Where no choice of those optional cards balances the required ones by
//!   rank, (j, t) is impossible (`StockPrefix::residual`). A card's last pointer is the
//!   largest t, from the current pointer on, with some possible j. A card
//!   leaves no later than every card above it (its cone goes first, or with
//!   overlap pairs with it), so from the apex down each card's scan stops
//!   at the least last pointer of the cards it lies under (`Tables::deadline`).
//!   A card with no possible t loses the position; otherwise the cards are
//!   lost at every pointer past the least card's last pointer, which goes
//!   in the table of losses as the stamp they are lost at (checked once per
//!   set of cards, like the checks below). Along a line of play no card's
//!   last pointer grows: a removal at pointer p takes cards counted at
//!   every t >= p, two required ones of complementary ranks (no change),
//!   or at least one optional one (fewer cards to balance with); cards of
//!   the waste found dead are below every live stock card they could be
//!   counted for; and the pointer only moves on. So each scan starts at
//!   the last pointer its parent found, with the stock card that gave it
//!   (`Search::caps`); a stripped position, not reached by play, starts
//!   afresh. That pair most often still fits, and saying so needs no
//!   count of the cards: every card gone since the parent's check was
//!   counted there, as required or optional, so the balance there less
//!   what those cards counted is this position's (`Caps::residual`). And
//!   a card only ever comes to need a stock card as its partners go, so
//!   only the partners of the cards gone since are looked at again.
//! - **Stock cards of their own.** Each removal takes two cards, so two
//!   pyramid cards that must leave with a stock card (as above) leave with
//!   two different ones. Only cards of one rank want the same stock cards,
//!   so for each rank with two or more such cards (at most four), each must
//!   be given a stock card of its own with which it may leave at some
//!   pointer: a matching, which exists exactly when every subset of them
//!   has among its possible stock cards as many as it has cards (Hall's
//!   condition, at most 15 subsets, by bit masks). A pair (k, j) may serve
//!   from pointer p on exactly when its last pointer (the largest possible
//!   t for card k with stock card j) is at least p. The cards can still be
//!   matched at the least card's last pointer, and at every earlier one,
//!   when the stock cards that gave their last pointers (all at least that
//!   late) are distinct, which is most often so and costs nothing more.
//!   Otherwise each (k, j)'s last pointer is worked out, scanning down
//!   from card k's own last pointer (no pair of k's goes later). Removing
//!   edges never makes a matching, so where none exists from pointer p on,
//!   none exists from any later pointer with the same cards: they are lost
//!   past the last pointer with a matching (`matched_until`, a pointer at
//!   which some pair's last pointer lies, or the least card's), which
//!   lowers the stamp they are lost at as a card's last pointer does; with
//!   none from the current pointer on, the position is lost.
//!
//!   Both checks are made together (`Tables::deadline`). A search stops
//!   making them once fewer than one in four (after the first 1,000) lost
//!   the position or the cards at some later pointer: there they cost more
//!   than they save. Skipping a check only prunes less, and the caps of the
//!   expansions still on the line stay valid below them.
//! - **Games of a few ranks.** With one pass, a position
//!   is lost when the game of some three pairs of complementary ranks is
//!   (`subgame`): the same pyramid, stock and pointer, with only the cards
//!   of those six ranks, every other card free to leave at any time (it
//!   takes no move). Every line of play is matched there: a removal of
//!   other cards (a King, or a pair of other ranks, for 13 is odd) is no
//!   move, and a removal of cards of those ranks pairs two of them, whose
//!   partners are of those ranks too, and both are live there. A pyramid
//!   card there is exposed once no card of those ranks is left in its
//!   cover cone (a subset of the real condition), an overlap pair (with
//!   overlap pairs) needs the one such card left in the cone to lie right
//!   on it (really the only card left on it, and exposed), and the live
//!   stock cards are the highest card of those ranks drawn and still in
//!   play, and the one below it when that one is the drawn card, still in
//!   the slot: in draw-card mode the slot card, if of those ranks, is the
//!   highest drawn, and the waste top, if of those ranks, the highest below
//!   it; otherwise the waste top, if of those ranks, is the highest drawn.
//!   A draw of a
//!   card of other ranks is no move (it only buries the slot card, which
//!   is no better), a draw of one of them is a draw there, and the goal
//!   (the pyramid cleared, or every card gone) holds there once it holds.
//!   The pointer is kept just past the highest drawn card of those ranks,
//!   as the draws there reach every later one, and the game is searched as
//!   this search is: each set of cards remembers the earliest stamp (see
//!   `Search::stamp`) at which it was lost and the latest at which it was
//!   won, and after a draw only the removals with the drawn card are new.
//!   The checks on its cards (partners for the pyramid cards, and with
//!   every card to go for the stock cards) each look at one pair of ranks,
//!   so a state made by a removal looks again only at the pair it changed.
//!   A game lost for some ranks is lost for more, so only the 20 choices
//!   of three pairs are asked (of one or two pairs they never lose where
//!   all of their triples win). The games are asked about the first
//!   position at once, after its checks on its cards but before its
//!   relaxed search, with a budget of 2,000 states (a game out of budget
//!   counts as not lost); they are asked again, keeping what they found,
//!   once the search has 2,000 positions and each time it grows
//!   twentyfold after that, with 20 states per position searched, up to
//!   200,000; the games whose pyramid cards lie deepest first (any order
//!   is exact). A lost game ends the search: every
//!   position is lost.
//! - **Losses by stamp.** With limited passes, each set of cards remembers
//!   the earliest (pass, pointer) at which it was lost (`Search::stamp`).
//!   That loss covers every later point that draws and recycles alone
//!   reach, and in draw-card mode a position whose slot a removal emptied
//!   too (it is no better than the same cards with that card still in the
//!   slot). This table (`Losses`) stands in for a table of exact
//!   positions, which only Easy's unlimited passes need. Each entry is one
//!   `u64`, the set of cards (52 bits) with its stamp above it, in a hash
//!   set that hashes and compares the cards alone: half the bytes of a map,
//!   which matters because its look-ups mostly miss the caches and are much
//!   of a long search's time.
//! - **Useless draws in one step.** With limited passes, draws that make no
//!   new removal possible (the card turned is no King and pairs with
//!   nothing exposed, nor in draw-card mode with the card it lands on) are
//!   made in one step (`Search::next_useful_draw`).
//! - **After a draw, only the drawn card.** After a draw only the removals
//!   with the card just drawn are tried (`Search::drawn_moves`): every other
//!   one was live at the stamp before with the same cards (in draw-card mode
//!   the waste top was the slot card there, or already the waste top, or it
//!   pairs with nothing exposed), was lost there, and would now leave the
//!   same cards at a later stamp. These draws and recycles, which keep the
//!   same cards, are followed in one loop inside the expansion of that set
//!   of cards, so what depends only on the cards (exposed cards, forced
//!   partners, the cards worth drawing to) is worked out once for all of
//!   them.
//! - **Checks on the cards alone, once.** The checks that look only at the
//!   cards (partners, the unlimited-pass search, and for the all-cards goal
//!   the stock cards' partners) run once per set of cards: a set that fails
//!   them is stored as lost from the start, and a set already in the table
//!   of losses passed them.
//! - **Stripped positions.** With limited passes and the pyramid goal, a
//!   position is lost when the same position without its strippable stock
//!   cards is (`Search::stripped_loses`): the Kings, and the cards that can
//!   only ever leave with each other (in waste mode, those whose pyramid
//!   partners are all gone; in draw-card mode, the closed set of such cards
//!   whose stock partners have no pyramid partner either). Every line from
//!   the position is matched by one from the stripped position, whose live
//!   cards include all the useful live ones, so the stripped one is at
//!   least as good. Positions that differ only by which card of a rank was
//!   left behind for good strip to one, and share its loss. The stripped
//!   position is searched like any other (its losses go in the same table);
//!   stripped sets found winnable remember the stamp. Small searches (under
//!   `STRIP_AFTER` positions) skip it, and a search stops asking once more
//!   than one in ten of the stripped positions it searched (after the first
//!   1,000) could be won: there the stripped searches cost more than the
//!   losses they share, and the search no longer works out the strippable
//!   cards at all. The strippable cards are found rank by rank, from nibble
//!   tables of which ranks a set of cards holds.
//!
//! Two choices of representation matter for speed, not for answers:
//!
//! - **Counting by rank through tables.** Counting cards by rank (the
//!   relaxed search's key, the last pass's stuck waste cards) goes through
//!   per-deal tables, a nibble per rank and four cards per lookup, built on
//!   first use (the relaxed key counts rank by rank for its first few keys,
//!   so small solves never build them).
//! - **Positions built field by field.** Positions made from one whose
//!   fields were just written one by one (the draw loop's next stamp, a
//!   child, a canonical or stripped form) are built field by field
//!   (`rebuilt`, `remove`), and `Search::canonical` is inlined: a whole copy
//!   of such a position makes the processor wait for those writes (no store
//!   forwarding), about a tenth of a long search's time.

mod family;
mod subgame;

use std::cell::{Cell, OnceCell};

use rustc_hash::{FxHashMap, FxHashSet};
use serde::Serialize;

use crate::card::Card;
use crate::deal::{Deal, PYRAMID_CARDS};
use crate::position::{
    below, bits, exposed_of, highest, Board, Home, Move, Position, ALL_PYRAMID, ALL_STOCK,
};
use crate::rules::{LossRule, Preset, StockMode, WinCondition};

/// Positions a search expands before it starts to look at stripped
/// positions (see `Search::stripped_loses`).
const STRIP_AFTER: u64 = 2_000;

/// The states the games of a few ranks (see [`subgame`]) may expand when
/// a one-pass search first asks them about its first position: at once,
/// after the first position's checks on its cards but before its relaxed
/// search. The search asks again once it has that many positions, and
/// each time it has grown twentyfold since, the games spending twenty
/// times its size.
///
/// Most one-pass deals are lost, and the games prove most of those
/// losses within this budget. Asked only after 100 positions (400 in
/// waste mode without overlap pairs) with twenty times that to spend, the
/// search paid for those positions and the relaxed searches first: over
/// deals 1..=10000, run alternately with that schedule, asking at once
/// took the medians from 0.049 to 0.014 ms (Hard), 0.065 to 0.021
/// (Traditional), 0.106 to 0.066 and 0.126 to 0.081 (draw-card, one pass,
/// overlap pairs, the pyramid or all cards), and left the 99th
/// percentiles and worst deals within 5 %. Only the one-pass sets of
/// waste mode with every card to remove, which nearly all lose at their
/// first relaxed search, went up, from 0.005 to 0.018 and 0.009 ms.
/// Asking at once with a smaller budget (1,000) took the all-cards median
/// to 0.147 ms; 3,000 did no better than 2,000.
const SUBGAMES_FIRST_BUDGET: u64 = 2_000;

/// The most states one game of a few ranks may expand in one ask.
const SUBGAME_BUDGET: u64 = 200_000;

/// How much work one solve may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Positions expanded before giving up with [`Outcome::Unknown`]
    /// (Cheops's search by the waste's stack, which its longest searches
    /// also try, has as many states of its own).
    pub max_nodes: u64,
}

impl Default for Limits {
    /// Enough for every deal of the benchmark presets, within 64 MiB.
    fn default() -> Limits {
        Limits {
            max_nodes: 8_000_000,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// A winning line exists; [`Solution::line`] is one.
    Win,
    /// No line of play wins from this position.
    Loss,
    /// The node budget ran out before the question was settled.
    Unknown,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    pub outcome: Outcome,
    /// A winning line from the given position (empty unless `Win`).
    pub line: Vec<Move>,
    /// Positions expanded.
    pub nodes: u64,
}

/// Solves `pos` on `board`: for Par Pyramid the goal is clearing the pyramid
/// (then, once it is cleared, removing every card); otherwise the rules' win.
pub fn solve(board: &Board, pos: &Position, limits: Limits) -> Solution {
    let rules = board.rules();
    if !tuned(rules) {
        return family::solve(board, pos, limits);
    }
    let goal_all = match rules.win {
        WinCondition::Pyramid => false,
        WinCondition::AllCards => true,
        WinCondition::Scored => pos.pyramid == 0,
    };
    let tables = Tables::new(board);
    let mut relaxed = Relaxed::new(&tables, limits.max_nodes);
    if rules.passes.is_none() && rules.loss == LossRule::DeadOnly && !goal_all {
        let won = relaxed.winnable(pos.pyramid, pos.stock);
        let line = if won {
            realize(board, pos, &relaxed.removals(pos.pyramid, pos.stock))
        } else {
            Vec::new()
        };
        return Solution {
            outcome: verdict(won, relaxed.aborted),
            line,
            nodes: relaxed.nodes,
        };
    }
    let subgames = rules.passes == Some(1);
    let mut search = Search {
        board,
        tables: &tables,
        relaxed,
        seen: FxHashSet::default(),
        lost: Losses(FxHashSet::with_capacity_and_hasher(
            1 << 10,
            Default::default(),
        )),
        stripped_won: FxHashMap::default(),
        caps: Vec::new(),
        deadline_asked: 0,
        deadline_losses: 0,
        stripped_asked: 0,
        stripped_wins: 0,
        nodes: 0,
        max_nodes: limits.max_nodes,
        aborted: false,
        line: Vec::new(),
        goal_all,
        unlimited: rules.passes.is_none(),
        last_pass: rules.passes.map_or(u16::MAX, u16::from),
        draw_card: rules.stock_mode == StockMode::DrawCard,
        idle_rule: rules.loss == LossRule::IdlePass,
        subgames: subgames.then(|| {
            subgame::Subgames::new(&tables, rules.stock_mode == StockMode::DrawCard, goal_all)
        }),
        subgames_at: *pos,
        subgames_next: if subgames { 1 } else { u64::MAX },
        subgames_lost: false,
    };
    let won = search.dfs(*pos, u64::MAX);
    Solution {
        outcome: verdict(won, search.aborted),
        line: if won { search.line } else { Vec::new() },
        nodes: search.nodes
            + search.relaxed.nodes
            + search.subgames.as_ref().map_or(0, |g| g.nodes),
    }
}

/// Whether the solver proves deal `number` winnable under `preset` from the
/// deal, within `limits` (a deal it cannot settle in time counts as not
/// proven).
pub fn is_winnable(number: u32, preset: Preset, limits: Limits) -> bool {
    let board = Board::new(Deal::from_number(number), preset);
    solve(&board, &board.start(), limits).outcome == Outcome::Win
}

/// Whether the tuned search answers these rules: the seven presets'
/// family (one card a turn, one waste, a stock, pairs making 13), with or
/// without overlap pairs.
fn tuned(rules: crate::rules::Rules) -> bool {
    rules.is_classic_family()
        || crate::rules::Rules {
            overlap: false,
            ..rules
        }
        .is_classic_family()
}

pub(crate) fn verdict(won: bool, aborted: bool) -> Outcome {
    match (won, aborted) {
        (true, _) => Outcome::Win,
        (false, true) => Outcome::Unknown,
        (false, false) => Outcome::Loss,
    }
}

/// Per-deal lookup tables.
struct Tables {
    pyramid: [Card; PYRAMID_CARDS],
    stock: [Card; 24],
    /// The ranks of `pyramid` and `stock`, looked up rather than computed.
    pyramid_rank: [u8; PYRAMID_CARDS],
    stock_rank: [u8; 24],
    /// For each pyramid card, the pyramid cards it can never pair with: its
    /// cover cone and every card whose cone holds it, but with overlap pairs
    /// the two cards lying right on it and the two it lies right on.
    blocked: [u32; PYRAMID_CARDS],
    /// Overlap pairs: for each pyramid card, the two cards lying right on
    /// it (none on the bottom row); all empty without overlap pairs.
    on: [u32; PYRAMID_CARDS],
    overlap: bool,
    /// For each pyramid card, its cover cone and itself.
    cone_self: [u32; PYRAMID_CARDS],
    /// For each pyramid card, the cards above it: those whose cone holds
    /// it. The cards that can go before it are the rest, but its cover cone
    /// and itself.
    above: [u32; PYRAMID_CARDS],
    /// For each pyramid card, the pyramid cards it may pair with: of the
    /// complementary rank and not `blocked`; for a King, every card.
    pairs_with: [u32; PYRAMID_CARDS],
    /// For each stock card, its count unit (see [`Counts`]) at its own rank
    /// and at the complementary rank (nothing for a King).
    stock_unit: [u64; 24],
    stock_partner_unit: [u64; 24],
    /// The same for each pyramid card.
    pyramid_unit: [u64; PYRAMID_CARDS],
    pyramid_partner_unit: [u64; PYRAMID_CARDS],
    /// For each rank 1..=13, the pyramid cards of that rank.
    pyramid_of_rank: [u32; 14],
    /// For each rank 1..=13, the stock cards of that rank.
    stock_of_rank: [u32; 14],
    /// Counts by rank, built on first use: a search that never needs many
    /// of them does not pay for the tables.
    counts: OnceCell<Counts>,
}

/// Counts per rank, a nibble per rank 1..=12 (rank r at bits 4(r-1), Kings
/// not counted), looked up four cards at a time: for nibble j of a stock
/// mask, `stock_counts[j][that nibble]` counts its cards by rank;
/// `stock_partners` and `pyramid_partners` count them at their
/// complementary rank instead (a card of rank r at 13 - r).
///
/// `stock_ranks` and `pyramid_ranks` are looked up the same way, but say
/// only which ranks are there (bit r for rank r, Kings included), and
/// `pyramid_partner_ranks` which ranks have a partner there (bit r when a
/// card of rank 13 - r is there).
struct Counts {
    stock_counts: [[u64; 16]; 6],
    stock_partners: [[u64; 16]; 6],
    pyramid_partners: [[u64; 16]; 7],
    pyramid_counts: [[u64; 16]; 7],
    stock_ranks: [[u16; 16]; 6],
    stock_partner_ranks: [[u16; 16]; 6],
    pyramid_ranks: [[u16; 16]; 7],
    pyramid_partner_ranks: [[u16; 16]; 7],
}

impl Counts {
    fn new(pyramid_rank: &[u8], stock_rank: &[u8]) -> Counts {
        let own = |r: u8| if r < 13 { 1u64 << (4 * (r - 1)) } else { 0 };
        let partner = |r: u8| if r < 13 { 1u64 << (4 * (12 - r)) } else { 0 };
        Counts {
            stock_counts: count_tables(stock_rank, own),
            stock_partners: count_tables(stock_rank, partner),
            pyramid_partners: count_tables(pyramid_rank, partner),
            pyramid_counts: count_tables(pyramid_rank, own),
            stock_ranks: rank_tables(stock_rank, |r| r),
            stock_partner_ranks: rank_tables(stock_rank, |r| 13 - r),
            pyramid_ranks: rank_tables(pyramid_rank, |r| r),
            pyramid_partner_ranks: rank_tables(pyramid_rank, |r| 13 - r),
        }
    }
}

/// The nibble tables of which ranks a set of cards holds: each card of rank
/// r sets bit `bit(r)` (a King's partner rank is bit 0, never asked for).
fn rank_tables<const N: usize>(ranks: &[u8], bit: impl Fn(u8) -> u8) -> [[u16; 16]; N] {
    let mut tables = [[0u16; 16]; N];
    for (j, table) in tables.iter_mut().enumerate() {
        for x in 1..16usize {
            let b = x.trailing_zeros() as usize;
            let unit = ranks.get(4 * j + b).map_or(0, |&r| 1u16 << bit(r));
            table[x] = table[x & (x - 1)] | unit;
        }
    }
    tables
}

/// Ors the nibble tables over the nibbles of `mask`.
fn ranks_of<const N: usize>(tables: &[[u16; 16]; N], mask: u32) -> u16 {
    let mut ranks = 0;
    for (j, table) in tables.iter().enumerate() {
        ranks |= table[((mask >> (4 * j)) & 0xf) as usize];
    }
    ranks
}

/// What a one-pass deadline check found (see [`Tables::deadline`]), for
/// the checks below it to start from.
#[derive(Clone, Copy)]
struct Caps {
    /// For each pyramid card, the last pointer at which it may leave and
    /// the stock card that lets it ((24, 24) for a card that need not
    /// leave with a stock card).
    last: [(u8, u8); PYRAMID_CARDS],
    /// For each card that must leave with a stock card, the balance of its
    /// cards at that pointer with that stock card, field by field
    /// `8 + sum - swap` (see [`StockPrefix::residual`]): it fits where every field is 8
    /// or more. Every card gone since counts in `sum` (each removal is
    /// made at the pointer or before, and takes no card above this one),
    /// and in `swap` too when it is required, so the balance below is this
    /// one less what they counted: no need to count the cards again.
    residual: [u64; PYRAMID_CARDS],
    /// The cards these were found for.
    pyramid: u32,
    stock: u32,
    /// The pyramid cards among them that must leave with a stock card.
    alone: u32,
}

impl Caps {
    /// For a position not reached by play: every scan starts afresh, and
    /// every pyramid card is looked at.
    const FRESH: Caps = Caps {
        last: [(24, 24); PYRAMID_CARDS],
        residual: [0; PYRAMID_CARDS],
        pyramid: ALL_PYRAMID,
        stock: 0,
        alone: 0,
    };
}

/// Counts by rank of the stock cards before each index, at their own rank
/// and at the complementary rank, for [`Tables::deadline`].
struct StockPrefix {
    own: [u64; 25],
    partner: [u64; 25],
    draw_card: bool,
}

impl StockPrefix {
    fn new(t: &Tables, stock: u32, draw_card: bool) -> StockPrefix {
        let mut own = [0u64; 25];
        let mut partner = [0u64; 25];
        for i in 0..24 {
            let in_play = 0u64.wrapping_sub(u64::from(stock >> i) & 1);
            own[i + 1] = own[i] + (t.stock_unit[i] & in_play);
            partner[i + 1] = partner[i] + (t.stock_partner_unit[i] & in_play);
        }
        StockPrefix {
            own,
            partner,
            draw_card,
        }
    }

    /// The required cards at the complementary rank, but for the cards
    /// drawn after j and gone by then (`partner[gone] - partner[j + 1]`):
    /// added as integers, they come out right, whatever they borrow on the
    /// way.
    fn swap_of(&self, t: &Tables, swap0: u64, j: usize) -> u64 {
        (swap0 + t.stock_partner_unit[j]).wrapping_sub(self.partner[j + 1])
    }

    /// The balance of a card (its cards counted as `sum0`, `swap0`) leaving
    /// at pointer t with stock card j, `swap_j` being `swap0` and j's own
    /// count (from `swap_of`). Some set of cards holding the required ones
    /// and some of the optional ones has as many cards of each rank as of
    /// the complementary rank exactly when, field by field, `swap <= sum`,
    /// where `sum` counts the required and optional cards by rank and
    /// `swap` the required ones at the complementary rank (a rank short of
    /// partners needs that many optional ones). Each field is at most 4,
    /// so `(sum | 8) - swap` is `8 + sum - swap` in every field, with no
    /// borrow: the card may leave there when every field's top bit is set.
    fn residual(&self, sum0: u64, swap_j: u64, j: usize, t: usize) -> u64 {
        // At pointer t, card j is in the slot (t = j + 1) or the waste
        // top: the cards drawn after it are gone, but in draw-card mode
        // the last one, which may be in the slot. Card j is in play, so
        // the optional stock cards and j are every card drawn before
        // pointer t (the slot's included): `own[t]`.
        let gone = if self.draw_card {
            (t - 1).max(j + 1)
        } else {
            t
        };
        ((sum0 + self.own[t]) | COUNT_HIGH).wrapping_sub(swap_j.wrapping_add(self.partner[gone]))
    }
}

/// A nibble in each of the 12 fields of a count per rank.
const COUNT_FIELDS: u64 = 0xffff_ffff_ffff;
/// The top bit of each field.
const COUNT_HIGH: u64 = 0x8888_8888_8888;

/// The nibble tables for the cards of ranks `ranks` (by bit), each card
/// counted as `unit(rank)`.
fn count_tables<const N: usize>(ranks: &[u8], unit: impl Fn(u8) -> u64) -> [[u64; 16]; N] {
    let mut tables = [[0u64; 16]; N];
    for (j, table) in tables.iter_mut().enumerate() {
        let mut units = [0u64; 4];
        for (b, u) in units.iter_mut().enumerate() {
            *u = ranks.get(4 * j + b).map_or(0, |&r| unit(r));
        }
        for x in 1..16usize {
            table[x] = table[x & (x - 1)] + units[x.trailing_zeros() as usize];
        }
    }
    tables
}

/// Sums the nibble tables over the nibbles of `mask`.
fn count_by_rank<const N: usize>(tables: &[[u64; 16]; N], mask: u32) -> u64 {
    let mut sum = 0;
    for (j, table) in tables.iter().enumerate() {
        sum += table[((mask >> (4 * j)) & 0xf) as usize];
    }
    sum
}

/// Field by field, the smaller of two counts per rank whose fields are at
/// most 7.
fn min_by_rank(a: u64, b: u64) -> u64 {
    // Bit 3 of a field of (a | 8) - b is set exactly where a >= b; no field
    // borrows from the next.
    let a_ge_b = (((a | COUNT_HIGH) - b) & COUNT_HIGH) >> 3;
    let take_b = a_ge_b * 0xf;
    (b & take_b) | (a & !take_b & COUNT_FIELDS)
}

impl Tables {
    fn new(board: &Board) -> Tables {
        let pyramid: [Card; PYRAMID_CARDS] = std::array::from_fn(|k| board.pyramid_card(k as u32));
        let stock: [Card; 24] = std::array::from_fn(|i| board.stock_card(i as u32));
        let mut blocked = [0u32; PYRAMID_CARDS];
        for k in 0..PYRAMID_CARDS {
            blocked[k] |= board.cone(k as u32) | (1 << k);
            for below_card in bits(board.cone(k as u32)) {
                blocked[below_card as usize] |= 1 << k;
            }
        }
        let cone_self = std::array::from_fn(|k| board.cone(k as u32) | (1 << k));
        let before = blocked.map(|b| crate::position::ALL_PYRAMID & !b);
        let mut on = [0u32; PYRAMID_CARDS];
        if board.rules().overlap {
            for k in 0..PYRAMID_CARDS {
                for j in board.lying_on(k as u8) {
                    on[k] |= 1 << j;
                    blocked[k] &= !(1 << j);
                    blocked[usize::from(j)] &= !(1 << k);
                }
            }
        }
        let mut pyramid_of_rank = [0u32; 14];
        for (k, c) in pyramid.iter().enumerate() {
            pyramid_of_rank[usize::from(c.rank())] |= 1 << k;
        }
        let above =
            std::array::from_fn(|k| crate::position::ALL_PYRAMID & !before[k] & !cone_self[k]);
        let pairs_with = std::array::from_fn(|k| match pyramid[k].rank() {
            13 => crate::position::ALL_PYRAMID,
            r => pyramid_of_rank[usize::from(13 - r)] & !blocked[k],
        });
        let mut stock_of_rank = [0u32; 14];
        for (i, c) in stock.iter().enumerate() {
            stock_of_rank[usize::from(c.rank())] |= 1 << i;
        }
        let own = |r: u8| if r < 13 { 1u64 << (4 * (r - 1)) } else { 0 };
        let partner = |r: u8| if r < 13 { 1u64 << (4 * (12 - r)) } else { 0 };
        Tables {
            stock_unit: stock.map(|c| own(c.rank())),
            stock_partner_unit: stock.map(|c| partner(c.rank())),
            pyramid_unit: pyramid.map(|c| own(c.rank())),
            pyramid_partner_unit: pyramid.map(|c| partner(c.rank())),
            cone_self,
            above,
            pairs_with,
            pyramid_rank: pyramid.map(Card::rank),
            stock_rank: stock.map(Card::rank),
            pyramid,
            stock,
            blocked,
            on,
            overlap: board.rules().overlap,
            pyramid_of_rank,
            stock_of_rank,
            counts: OnceCell::new(),
        }
    }

    /// Overlap pairs: each covered pyramid card with the one card still
    /// lying on it, when that card is exposed and the two make 13 (none
    /// without overlap pairs).
    fn overlap_pairs(&self, pyramid: u32, exposed: u32) -> impl Iterator<Item = (u32, u32)> + '_ {
        let covered = if self.overlap { pyramid & !exposed } else { 0 };
        bits(covered).filter_map(move |k| {
            let on = pyramid & self.on[k as usize];
            let l = on.trailing_zeros();
            (one_bit(on)
                && exposed & on != 0
                && self.pyramid_rank[k as usize] + self.pyramid_rank[l as usize] == 13)
                .then_some((k, l))
        })
    }

    /// [`Relaxed::key`], rank by rank.
    fn key_by_rank(&self, pyramid: u32, stock: u32) -> u64 {
        let mut key = u64::from(pyramid);
        for rank in 1..13 {
            let have = stock & self.stock_of_rank[rank];
            if have == 0 {
                continue;
            }
            let partners = pyramid & self.pyramid_of_rank[13 - rank];
            let n = few_bits(have).min(few_bits(partners));
            key |= u64::from(n) << count_shift(rank);
        }
        key
    }

    /// [`Relaxed::key`], from the count tables.
    fn key_by_counts(&self, pyramid: u32, stock: u32) -> u64 {
        let c = self.counts();
        let have = count_by_rank(&c.stock_counts, stock);
        // Field r - 1: the pyramid cards of rank 13 - r.
        let partners = count_by_rank(&c.pyramid_partners, pyramid);
        let n = min_by_rank(have, partners);
        let mut key = u64::from(pyramid);
        for field in 0..12 {
            key |= ((n >> (4 * field)) & 7) << count_shift(field + 1);
        }
        key
    }

    fn counts(&self) -> &Counts {
        self.counts
            .get_or_init(|| Counts::new(&self.pyramid_rank, &self.stock_rank))
    }

    /// With one pass, from pointer `from` on: the last pointer at which the
    /// pyramid may still be cleared from these cards, by the pyramid cards
    /// that must leave with a stock card (see the module documentation);
    /// `None` when at none. `caps` holds what the parent position's check
    /// found (see [`Caps`]): the scans start there, and it is updated to
    /// this position's. The cards of one rank that must leave with a stock
    /// card must also each have one of their own (see [`matched_until`]).
    fn deadline(
        &self,
        pyramid: u32,
        stock: u32,
        draw_card: bool,
        from: usize,
        caps: &mut Caps,
    ) -> Option<u8> {
        // The cards gone since the parent's check: each is counted, as
        // required or optional, for every card at every pointer from here
        // on (see `Caps::residual`).
        let pyramid_before = caps.pyramid;
        let gone_pyramid = pyramid_before & !pyramid;
        let gone_stock = caps.stock & !stock;
        caps.pyramid = pyramid;
        caps.stock = stock;
        // Counts by rank of the stock cards before each index, worked out
        // for the first card the parent's pointer and stock card no longer
        // fit.
        let mut prefix = None;
        // The cards that must leave with a stock card: no King, and no
        // pyramid card of the complementary rank outside their cone and
        // above them.
        // Cards only ever become such cards, as their partners go: only
        // the partners of the cards gone since can have become one, but
        // with no parent's check every card is looked at.
        let mut alone = caps.alone & pyramid;
        let mut maybe = pyramid & !alone;
        if pyramid_before != ALL_PYRAMID {
            let mut near = 0;
            for a in bits(gone_pyramid) {
                near |= self.pairs_with[a as usize];
            }
            maybe &= near;
        }
        for k in bits(maybe) {
            alone |= u32::from(pyramid & self.pairs_with[k as usize] == 0) << k;
        }
        caps.alone = alone;
        // The ranks with two or more such cards, whose cards need stock
        // cards of their own (see `matched_until`).
        let mut groups = [0u32; 12];
        let mut ngroups = 0;
        for rank in 1..13 {
            let these = alone & self.pyramid_of_rank[rank];
            if these & these.wrapping_sub(1) != 0 {
                groups[ngroups] = these;
                ngroups += 1;
            }
        }
        let mut last = 24;
        // By row from the apex down (by index): the last pointer at which
        // each card may leave, since every card above it leaves after it (or
        // with it).
        let mut by = [24u8; PYRAMID_CARDS];
        for k in bits(alone) {
            let k = k as usize;
            let (cap, first) = (caps.last[k].0, u32::from(caps.last[k].1));
            let mut best = 0;
            // Most often the parent's pointer and stock card still fit:
            // its balance, less the cards gone since, says so.
            if first < 24 && stock & (1 << first) != 0 && cap <= by[k] && usize::from(cap) >= from {
                let (t, j) = (usize::from(cap), first as usize);
                let mut residual = caps.residual[k];
                for a in bits(gone_pyramid & !self.above[k]) {
                    residual -= self.pyramid_unit[a as usize];
                    if self.cone_self[k] & (1 << a) != 0 {
                        residual += self.pyramid_partner_unit[a as usize];
                    }
                }
                let gone = if draw_card { (t - 1).max(j + 1) } else { t };
                for i in bits(gone_stock & below(t as u8)) {
                    let i = i as usize;
                    residual -= self.stock_unit[i];
                    if i >= j && i < gone {
                        residual += self.stock_partner_unit[i];
                    }
                }
                debug_assert_eq!(residual, {
                    let p = StockPrefix::new(self, stock, draw_card);
                    let (sum0, swap0) = self.counted(pyramid, k);
                    p.residual(sum0, p.swap_of(self, swap0, j), j, t)
                });
                if residual & COUNT_HIGH == COUNT_HIGH {
                    caps.residual[k] = residual;
                    best = t;
                }
            }
            if best == 0 {
                let p = prefix.get_or_insert_with(|| StockPrefix::new(self, stock, draw_card));
                best = self.scan(
                    p,
                    pyramid,
                    stock,
                    from,
                    k,
                    usize::from(cap.min(by[k])),
                    caps,
                )?;
            }
            if best < last {
                last = best;
            }
            if best < 24 {
                for l in bits(self.cone_self[k] & alone & !(1 << k)) {
                    by[l as usize] = by[l as usize].min(best as u8);
                }
            }
        }
        for &cards in &groups[..ngroups] {
            // Most often the stock cards that gave the cards' last pointers
            // (all at `last` or later) are theirs alone already.
            let mut with = [0u32; 4];
            let mut n = 0;
            for k in bits(cards) {
                with[n] = 1 << caps.last[k as usize].1;
                n += 1;
            }
            if matched(&with[..n]) {
                continue;
            }
            // Otherwise each card's last pointer with each stock partner,
            // from the card's own last pointer down.
            let p = prefix.get_or_insert_with(|| StockPrefix::new(self, stock, draw_card));
            let mut edges = [[(0u8, 0u32); 4]; 4];
            for (edges, k) in edges.iter_mut().zip(bits(cards)) {
                let k = k as usize;
                let (sum0, swap0) = self.counted(pyramid, k);
                let want = usize::from(13 - self.pyramid_rank[k]);
                for (edge, j) in edges.iter_mut().zip(bits(stock & self.stock_of_rank[want])) {
                    let j = j as usize;
                    let swap_j = p.swap_of(self, swap0, j);
                    let lo = (j + 1).max(from);
                    if let Some(t) = (lo..=usize::from(caps.last[k].0))
                        .rev()
                        .find(|&t| p.residual(sum0, swap_j, j, t) & COUNT_HIGH == COUNT_HIGH)
                    {
                        *edge = (t as u8, 1 << j);
                    }
                }
            }
            last = matched_until(&edges[..n], last)?;
        }
        Some(last as u8)
    }

    /// Card k's required and optional pyramid cards counted by rank
    /// (`sum0`), and its required ones at the complementary rank (`swap0`),
    /// see [`StockPrefix::residual`]: only their sum matters, so the optional ones are
    /// every card but those above it.
    fn counted(&self, pyramid: u32, k: usize) -> (u64, u64) {
        let c = self.counts();
        (
            count_by_rank(&c.pyramid_counts, pyramid & !self.above[k]),
            count_by_rank(&c.pyramid_partners, pyramid & self.cone_self[k]),
        )
    }

    /// [`Tables::deadline`]'s scan for card k, `alone`, from pointer `cap`
    /// down: the last pointer at which it may leave, the stock card that
    /// lets it and the balance there go in `caps`; `None` when at none.
    #[allow(clippy::too_many_arguments)]
    fn scan(
        &self,
        p: &StockPrefix,
        pyramid: u32,
        stock: u32,
        from: usize,
        k: usize,
        cap: usize,
        caps: &mut Caps,
    ) -> Option<usize> {
        let (sum0, swap0) = self.counted(pyramid, k);
        let want = usize::from(13 - self.pyramid_rank[k]);
        let first = u32::from(caps.last[k].1);
        let partners = stock & self.stock_of_rank[want];
        // The card that gave the parent's deadline first: it most often
        // still gives it.
        let first = if first < 24 {
            partners & (1 << first)
        } else {
            0
        };
        // The last pointer found at which card k may leave (0: none).
        let mut best = 0;
        for j in bits(first).chain(bits(partners & !first)) {
            let j = j as usize;
            let swap_j = p.swap_of(self, swap0, j);
            for t in ((j + 1).max(best + 1).max(from)..=cap).rev() {
                let residual = p.residual(sum0, swap_j, j, t);
                if residual & COUNT_HIGH == COUNT_HIGH {
                    best = t;
                    caps.last[k].1 = j as u8;
                    caps.residual[k] = residual;
                    break;
                }
            }
            if best == cap {
                break;
            }
        }
        if best == 0 {
            return None;
        }
        caps.last[k].0 = best as u8;
        Some(best)
    }

    /// Whether every pyramid card left still has a partner that could ever
    /// be available at the same time.
    fn partners_exist(&self, pyramid: u32, stock: u32) -> bool {
        self.partners_exist_with(pyramid, |rank| stock & self.stock_of_rank[rank] != 0)
    }

    /// As [`Tables::partners_exist`], with `in_stock(rank)` saying whether
    /// a stock card of that rank is left.
    fn partners_exist_with(&self, pyramid: u32, in_stock: impl Fn(usize) -> bool) -> bool {
        // By rank: a rank whose complement is still on the stock side needs
        // no look at its pyramid cards one by one.
        for rank in 1..13 {
            let cards = pyramid & self.pyramid_of_rank[rank];
            let want = 13 - rank;
            if cards == 0 || in_stock(want) {
                continue;
            }
            let partners = pyramid & self.pyramid_of_rank[want];
            if bits(cards).any(|k| partners & !self.blocked[k as usize] == 0) {
                return false;
            }
        }
        true
    }
}

/// The general search, exact for every preset.
struct Search<'a> {
    board: &'a Board,
    tables: &'a Tables,
    relaxed: Relaxed<'a>,
    seen: FxHashSet<u64>,
    /// Limited passes: for each (pyramid, usable stock), the earliest stamp
    /// (see [`Search::stamp`]) at which it was proven lost. This table stands
    /// in for `seen` wherever it can: it has one entry per set of cards, not
    /// per position, which keeps memory small.
    lost: Losses,
    /// For each stripped set of cards (see [`Search::stripped_loses`])
    /// found winnable, the latest stamp at which it was.
    stripped_won: FxHashMap<u64, (u16, u8)>,
    /// One pass: for each pyramid card, the last pointer at which it may
    /// leave, as the expansions on the line so far found it (see
    /// [`Tables::deadline`]).
    caps: Vec<Caps>,
    /// Deadline checks made, and how many of them lost the position or the
    /// cards at a later pointer; the checks stop for good once too few do
    /// (see [`Search::expand`]).
    deadline_asked: u64,
    deadline_losses: u64,
    /// Stripped positions searched, and how many of them won.
    stripped_asked: u64,
    stripped_wins: u64,
    nodes: u64,
    max_nodes: u64,
    aborted: bool,
    line: Vec<Move>,
    goal_all: bool,
    unlimited: bool,
    /// The last pass with limited passes (never reached with unlimited).
    last_pass: u16,
    draw_card: bool,
    idle_rule: bool,
    /// One pass: the games of a few ranks (see
    /// [`subgame`]), asked about `subgames_at` at the first position and
    /// again as the search grows (see `SUBGAMES_FIRST_BUDGET`).
    subgames: Option<subgame::Subgames<'a>>,
    subgames_at: Position,
    /// The search's size at which the games are asked next.
    subgames_next: u64,
    /// The games found `subgames_at` lost: every position below it is.
    subgames_lost: bool,
}

/// The table of losses of [`Search::lost`]: each set of cards (a key of
/// [`relaxed_key`], 52 bits) with the earliest stamp at which it was lost,
/// packed into one `u64` (the pass in the top 6 bits, the pointer part in
/// the 6 below: every preset has at most 3 passes, and a pointer is at
/// most 24). Entries hash and compare by the key alone. Half the size of a
/// map from the key to the stamp, whose entries take 16 bytes: the table
/// grows far larger than the caches, and its look-ups are much of the time
/// of a long search.
struct Losses(FxHashSet<Loss>);

#[derive(Clone, Copy)]
struct Loss(u64);

const LOSS_KEY: u64 = (1 << 52) - 1;

impl PartialEq for Loss {
    fn eq(&self, other: &Loss) -> bool {
        (self.0 ^ other.0) & LOSS_KEY == 0
    }
}

impl Eq for Loss {}

impl std::hash::Hash for Loss {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (self.0 & LOSS_KEY).hash(state);
    }
}

impl Losses {
    fn get(&self, key: u64) -> Option<(u16, u8)> {
        self.0
            .get(&Loss(key))
            .map(|e| ((e.0 >> 58) as u16, ((e.0 >> 52) & 0x3f) as u8))
    }

    /// Records that `key` is lost at `stamp`, unless it was at an earlier
    /// one (the packed entries compare as their stamps do).
    fn lower(&mut self, key: u64, stamp: (u16, u8)) {
        debug_assert!(key <= LOSS_KEY && stamp.0 < 64 && stamp.1 < 64);
        let entry = Loss(key | u64::from(stamp.0) << 58 | u64::from(stamp.1) << 52);
        if self.0.get(&entry).is_none_or(|old| old.0 > entry.0) {
            self.0.replace(entry);
        }
    }
}

/// What the expansion of one set of cards works out once for all its
/// stamps: the exposed pyramid cards with their ranks and only partners.
struct Exposed<'l> {
    cards: &'l [(u32, u8, Option<Live>)],
    mask: u32,
    /// Whether some exposed card's only partner is exposed too.
    forced_pyramid: bool,
    /// The stock cards that are some exposed card's only partner.
    forced_stock: u32,
    /// Bit r: an exposed card of rank r.
    ranks: u16,
}

/// A live card: where it is, for removing it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Live {
    Pyramid(u32),
    Stock(u32),
}

impl Search<'_> {
    fn is_goal(&self, pos: &Position) -> bool {
        pos.pyramid == 0 && (!self.goal_all || pos.stock == 0)
    }

    fn key(&self, pos: &Position) -> u64 {
        let mut key = pos.key();
        if self.unlimited {
            // The pass number never limits anything: leave it out so that
            // positions that differ only by it are seen as one.
            key &= !(0x1f << 59);
        }
        if !self.idle_rule {
            key &= !(1 << 58);
        }
        key
    }

    /// Whether the games of a few ranks have found `subgames_at` lost,
    /// asking them again first if the search has grown enough since they
    /// were last asked (see `SUBGAMES_FIRST_BUDGET`).
    fn subgames_lose(&mut self) -> bool {
        if self.nodes >= self.subgames_next {
            // Each time the search has grown twentyfold, the games may
            // spend twenty times as much.
            let budget = (20 * self.subgames_next).clamp(SUBGAMES_FIRST_BUDGET, SUBGAME_BUDGET);
            self.subgames_next = (20 * self.subgames_next).max(SUBGAMES_FIRST_BUDGET);
            if let Some(games) = self.subgames.as_mut() {
                let at = self.subgames_at;
                self.subgames_lost = games.lost_any(at.pyramid, at.stock, at.next, at.slot, budget);
            }
        }
        self.subgames_lost
    }

    /// `checked` is the (pyramid, usable stock) pair that the parent already
    /// checked against the partner rule and the relaxed search: a draw leaves
    /// it unchanged, and those checks cost as much as the rest of a node.
    fn dfs(&mut self, pos: Position, checked: u64) -> bool {
        if self.is_goal(&pos) {
            return true;
        }
        if self.subgames_lose() {
            return false;
        }
        if self.nodes + self.relaxed.nodes >= self.max_nodes {
            self.aborted = true;
            return false;
        }
        if pos.pass >= self.last_pass {
            // In the last pass, before dropping dead waste cards: these very
            // cards may have been lost already, at a stamp when none of them
            // was dead yet, and a loss covers every later stamp.
            let next = highest(pos.stock & below(pos.next)).map_or(0, |i| i as u8 + 1);
            let at = rebuilt(&pos, pos.stock, next, pos.slot);
            let all = relaxed_key(pos.pyramid, pos.stock);
            if self
                .lost
                .get(all)
                .is_some_and(|lost| lost <= self.stamp(&at))
            {
                return false;
            }
        }
        let Some((canonical, pair)) = self.canonical(&pos) else {
            return false;
        };
        let stamp = self.stamp(&canonical);
        let mut limit = (u16::MAX, u8::MAX);
        if self.unlimited {
            if !self.seen.insert(self.key(&canonical)) {
                return false;
            }
        } else if let Some(lost) = self.lost.get(pair) {
            if lost <= stamp {
                return false;
            }
            limit = lost;
        }
        self.nodes += 1;
        let won = !self.stripped_loses(&canonical) && self.expand(pos, pair, checked, limit, stamp);
        if !won && !self.aborted && !self.unlimited {
            self.lost.lower(pair, stamp);
        }
        won
    }

    /// The stock cards of `pos` that can never help clear the pyramid: its
    /// Kings, and the cards that can only ever leave with each other. In
    /// waste mode a stock card only ever pairs with a pyramid card, so that
    /// is every card whose pyramid partners are all gone. In draw-card mode
    /// it may also pair with a stock card, so the set must be closed: a
    /// card is in it when it has no pyramid partner left and its stock
    /// partners (if any) have none either. Partners only ever disappear,
    /// so these cards stay in it. Empty unless the goal is the pyramid
    /// and passes are limited.
    fn strippable(&self, pos: &Position) -> u32 {
        if self.goal_all || self.unlimited {
            return 0;
        }
        let t = self.tables;
        let c = t.counts();
        // Rank by rank: bit r of `ranks` is set when the stock holds cards
        // of rank r and the pyramid none of rank 13 - r (for Kings, bit 13,
        // always).
        let mut ranks =
            ranks_of(&c.stock_ranks, pos.stock) & !ranks_of(&c.pyramid_partner_ranks, pos.pyramid);
        if self.draw_card {
            // Not when a stock card of rank 13 - r has a pyramid partner.
            ranks &= !(ranks_of(&c.stock_partner_ranks, pos.stock)
                & ranks_of(&c.pyramid_ranks, pos.pyramid));
        }
        let mut cards = 0;
        while ranks != 0 {
            cards |= t.stock_of_rank[ranks.trailing_zeros() as usize];
            ranks &= ranks - 1;
        }
        pos.stock & cards
    }

    /// Whether `pos` (canonical) is lost because the same position without
    /// its strippable cards (see [`Search::strippable`]) is lost.
    ///
    /// That position is at least as good: every line of play from `pos`
    /// is matched by one from it. Moves among the strippable cards (a King,
    /// or two of them paired) are skipped, since no other card pairs with
    /// them; every other removal uses the same cards, which are live there
    /// too (the live stock-side cards that are not strippable are the slot
    /// and the waste top there, or the waste top with no slot); draws and
    /// recycles are matched one for one, a draw of a strippable card by no
    /// move. The one step that is not a move there, a strippable card drawn
    /// onto a slot card that stays, leaves the same cards with the slot
    /// emptied, which is no better (see [`Search::stamp`]). The pyramid is
    /// the same, so a win there matches a win here.
    ///
    /// Many positions differ only by such cards (which card of a rank was
    /// taken by a pyramid card, and which was left behind for good), and
    /// strip to one position, so a loss proven there is shared. Small
    /// searches skip this: the extra positions searched cost more than the
    /// few shared losses save.
    fn stripped_loses(&mut self, pos: &Position) -> bool {
        if self.nodes < STRIP_AFTER {
            return false;
        }
        // Where stripped positions mostly win, searching them is mostly
        // wasted: stop asking once more than one in ten did. (Once stopped,
        // a search never asks again.)
        if self.stripped_asked >= 1_000 && self.stripped_wins * 10 > self.stripped_asked {
            return false;
        }
        let cards = self.strippable(pos);
        if cards == 0 {
            return false;
        }
        let slot =
            pos.slot && highest(pos.stock & below(pos.next)).is_none_or(|i| cards & (1 << i) == 0);
        let stock = pos.stock & !cards;
        let next = highest(stock & below(pos.next)).map_or(0, |i| i as u8 + 1);
        let stripped = rebuilt(pos, stock, next, slot);
        let key = relaxed_key(stripped.pyramid, stripped.stock);
        let stamp = self.stamp(&stripped);
        // A win at one stamp is a win at every earlier one with the same
        // cards (drawing and recycling reach it), so it need not be asked
        // again.
        if self.stripped_won.get(&key).is_some_and(|&won| stamp <= won) {
            return false;
        }
        self.stripped_asked += 1;
        let len = self.line.len();
        // Not a position reached by play: its cards' deadlines start afresh.
        self.caps.push(Caps::FRESH);
        let won = self.dfs(stripped, u64::MAX);
        self.caps.pop();
        self.line.truncate(len);
        if won {
            self.stripped_wins += 1;
            let latest = self.stripped_won.entry(key).or_insert(stamp);
            *latest = (*latest).max(stamp);
        }
        !won && !self.aborted
    }

    /// The position with its dead waste cards dropped and its pointer taken
    /// just past the last drawn card still in play, and its (pyramid, usable
    /// stock) pair; `None` when a waste card can never leave and every card
    /// must. Dead waste cards never play again: positions that differ only
    /// by them are one position. So are positions whose pointers differ only
    /// by removed cards.
    #[inline(always)]
    fn canonical(&self, pos: &Position) -> Option<(Position, u64)> {
        let (dead, stuck) = self.stuck_waste(pos);
        if stuck && self.goal_all {
            return None;
        }
        let stock = pos.stock & !dead;
        let next = highest(stock & below(pos.next)).map_or(0, |i| i as u8 + 1);
        Some((
            rebuilt(pos, stock, next, pos.slot),
            relaxed_key(pos.pyramid, stock),
        ))
    }

    /// With limited passes, whether the expansion of `pair` may go straight
    /// on to `child`, a draw or recycle away, in its own loop: `child` has
    /// the same cards and usable stock, the budget allows one more position,
    /// and its stamp is earlier than `limit`, where these cards were already
    /// lost. This is what [`Search::dfs`] would do with `child`, without the
    /// call: the loss recorded for `pair` at the end is the same, since a
    /// position's own loss stamp is earlier than any draw's.
    fn goes_on_to(&mut self, child: &Position, pair: u64, limit: (u16, u8)) -> bool {
        if self.nodes + self.relaxed.nodes >= self.max_nodes {
            return false;
        }
        if child.pass < self.last_pass {
            // Before the last pass no waste card is dead, and a draw or
            // recycle leaves the pointer just past a card still in play (or
            // at 0): the position is its own canonical form, with `pair`.
            if self.stamp(child) < limit {
                self.nodes += 1;
                return true;
            }
            return false;
        }
        match self.canonical(child) {
            Some((canonical, key)) if key == pair && self.stamp(&canonical) < limit => {
                self.nodes += 1;
                true
            }
            _ => false,
        }
    }

    /// With limited passes, where a position stands in the fixed sequence of
    /// draws and recycles: (pass, 2 × pointer + odd). From pass a, pointer x,
    /// drawing reaches every later pointer of pass a (with the drawn card in
    /// the slot in draw-card mode) and recycling reaches every pointer of every
    /// later pass. So a position lost at one stamp makes lost every position
    /// with the same cards and a larger stamp that drawing can reach: those
    /// with an even stamp. `odd` marks the draw-card positions whose slot was
    /// emptied by a removal, which no drawing reaches. Such a position at
    /// pointer x is no better than the one with the same cards and x - 1
    /// still in the slot (even, 2x): that one has the same waste top plus a
    /// live card, and each of its moves (the same removal, the same draw, the
    /// same recycle) leads where the odd one's does or to a position that is
    /// again one better. So a loss at any stamp makes lost every position
    /// with the same cards and a stamp at least as large, odd or even
    /// (2x + 1 <= 2y exactly when x < y).
    fn stamp(&self, pos: &Position) -> (u16, u8) {
        let drawn_to_slot = self.draw_card && pos.next > 0;
        let odd = pos.slot != drawn_to_slot;
        (pos.pass, 2 * pos.next + u8::from(odd))
    }

    /// Expands a position not seen before: the checks that need the whole
    /// position, then every move. With limited passes, the draws and
    /// recycles that keep the same cards are followed in a loop here rather
    /// than one call each (see [`Search::goes_on_to`]): what depends only on
    /// the cards is worked out once for all of them.
    fn expand(
        &mut self,
        pos: Position,
        pair: u64,
        checked: u64,
        limit: (u16, u8),
        stamp: (u16, u8),
    ) -> bool {
        let stock = pair_stock(pair);
        // These checks look at the cards only. With limited passes, cards
        // that fail them are lost at every stamp, and cards already in the
        // table of losses passed them.
        let fresh = if self.unlimited {
            pair != checked
        } else {
            pair != checked && limit == (u16::MAX, u8::MAX)
        };
        if !fresh {
            return self.expand_moves(pos, pair, checked, limit);
        }
        if !self.tables.partners_exist(pos.pyramid, stock) {
            if !self.unlimited {
                self.lost.lower(pair, (0, 0));
            }
            return false;
        }
        // One pass: the last pointer at which these cards may still clear
        // the pyramid, each card's scan starting from the parent's. (Before
        // the unlimited-pass search, which costs more.)
        let mut pushed = false;
        let mut limit = limit;
        // Where few checks lose the position or the cards at a later
        // pointer (fewer than one in four after the first 1,000), the checks
        // cost more than they save: they stop.
        // Skipping a check only prunes less; the caps of the expansions
        // still on the line stay valid for the positions below them.
        if self.last_pass == 1
            && (self.deadline_asked < 1_000 || self.deadline_losses * 4 >= self.deadline_asked)
        {
            self.deadline_asked += 1;
            let from = usize::from(stamp.1 / 2);
            // This position's caps start as a copy of the parent's, made
            // in place.
            let parent = self.caps.last().copied().unwrap_or(Caps::FRESH);
            self.caps.push(parent);
            let found = self.caps.last_mut().expect("just pushed");
            match self
                .tables
                .deadline(pos.pyramid, stock, self.draw_card, from, found)
            {
                None => {
                    self.caps.pop();
                    self.deadline_losses += 1;
                    self.lost.lower(pair, (1, 2 * from as u8));
                    return false;
                }
                Some(last) if last < 24 => {
                    self.deadline_losses += 1;
                    let at = (1, 2 * (last + 1));
                    self.lost.lower(pair, at);
                    limit = limit.min(at);
                }
                Some(_) => {}
            }
            pushed = true;
        }
        // The games of a few ranks are first asked here, before the relaxed
        // search (see `SUBGAMES_FIRST_BUDGET`).
        if self.subgames_lose() {
            if pushed {
                self.caps.pop();
            }
            return false;
        }
        if !self.cards_may_win(&pos, pair) {
            if pushed {
                self.caps.pop();
            }
            if !self.unlimited && !self.aborted {
                self.lost.lower(pair, (0, 0));
            }
            return false;
        }
        let won = self.expand_moves(pos, pair, checked, limit);
        if pushed {
            self.caps.pop();
        }
        won
    }

    /// The moves of [`Search::expand`], once the checks have passed.
    fn expand_moves(&mut self, pos: Position, pair: u64, checked: u64, limit: (u16, u8)) -> bool {
        let stock = pair_stock(pair);
        let t = self.tables;
        let exposed = exposed_of(pos.pyramid);
        // Exposed pyramid cards with their ranks, and for each the only
        // partner it has left anywhere (outside its cover cone, among the
        // cards still usable), if it has only one.
        let mut pyramid_live: [(u32, u8, Option<Live>); 7] = [(0, 0, None); 7];
        let mut np = 0;
        for k in bits(exposed) {
            let rank = t.pyramid_rank[k as usize];
            if rank == 13 {
                // Kings first, and alone.
                let child = remove(&pos, &[Live::Pyramid(k)]);
                return self.try_move(Move::King(t.pyramid[k as usize]), child, u64::MAX);
            }
            let want = usize::from(13 - rank);
            let in_pyramid = pos.pyramid & t.pyramid_of_rank[want] & !t.blocked[k as usize];
            let in_stock = stock & t.stock_of_rank[want];
            let only = match (in_pyramid, in_stock) {
                (p, 0) if one_bit(p) => Some(Live::Pyramid(p.trailing_zeros())),
                (0, s) if one_bit(s) => Some(Live::Stock(s.trailing_zeros())),
                _ => None,
            };
            pyramid_live[np] = (k, rank, only);
            np += 1;
        }
        let pyramid_live = &pyramid_live[..np];
        let mut ex = Exposed {
            cards: pyramid_live,
            mask: exposed,
            forced_pyramid: false,
            forced_stock: 0,
            ranks: 0,
        };
        for &(_, rank, only) in pyramid_live {
            ex.ranks |= 1 << rank;
            match only {
                Some(Live::Pyramid(l)) => ex.forced_pyramid |= exposed & (1 << l) != 0,
                Some(Live::Stock(i)) => ex.forced_stock |= 1 << i,
                None => {}
            }
        }
        // The stock cards whose draw makes a new move possible (see
        // `next_useful_draw`), but for those that pair with the card below.
        let mut wanted = t.stock_of_rank[13];
        for &(_, rank, _) in pyramid_live {
            wanted |= t.stock_of_rank[usize::from(13 - rank)];
        }
        let draw_card = self.draw_card;

        let len = self.line.len();
        let mut pos = pos;
        // After a draw or recycle with limited passes, only the removals
        // with the card just drawn are new: see `drawn_moves`.
        let mut drawn = !self.unlimited && checked == pair;
        loop {
            if let Some(won) = self.stamp_moves(&pos, &ex, drawn) {
                if !won {
                    self.line.truncate(len);
                }
                return won;
            }

            let stock_left = pos.stock & !below(pos.next);
            let (step, child) = if stock_left != 0 {
                if self.unlimited {
                    let next = stock_left.trailing_zeros() as u8 + 1;
                    (1, rebuilt(&pos, pos.stock, next, draw_card))
                } else {
                    // With limited passes, draw on to the next card that makes
                    // a new move possible; see `next_useful_draw`.
                    let (draws, next) = match self.next_useful_draw(&pos, wanted, stock_left) {
                        Some(i) => ((stock_left & below(i as u8 + 1)).count_ones(), i + 1),
                        None => (
                            stock_left.count_ones(),
                            highest(stock_left).map_or(0, |i| i + 1),
                        ),
                    };
                    (draws, rebuilt(&pos, pos.stock, next as u8, draw_card))
                }
            } else {
                if self.idle_rule && !pos.removed_this_pass && !self.any_removal(&pos, pyramid_live)
                {
                    break; // Easy: a whole pass without a removal is lost.
                }
                if !self.board.can_recycle(&pos) {
                    break;
                }
                let child = Position {
                    pyramid: pos.pyramid,
                    stock: pos.stock,
                    next: 0,
                    slot: false,
                    pass: pos.pass + 1,
                    removed_this_pass: false,
                    dealt: ALL_STOCK,
                };
                (0, child)
            };
            let m = if step == 0 { Move::Recycle } else { Move::Draw };
            let count = step.max(1) as usize;
            self.line.resize(self.line.len() + count, m);
            if !self.unlimited && self.goes_on_to(&child, pair, limit) {
                // Field by field, see `rebuilt`.
                pos.next = child.next;
                pos.slot = child.slot;
                pos.pass = child.pass;
                pos.removed_this_pass = child.removed_this_pass;
                drawn = true;
                continue;
            }
            if self.dfs(child, pair) {
                return true;
            }
            break;
        }
        self.line.truncate(len);
        false
    }

    /// The checks of a set of cards, whatever the stamp, after the pyramid
    /// cards' partners: the cards win with unlimited passes, and when every
    /// card must go, every stock card keeps a partner too.
    fn cards_may_win(&mut self, pos: &Position, pair: u64) -> bool {
        let stock = pair_stock(pair);
        // Not even winnable with unlimited passes: not winnable here.
        if pos.pyramid != 0 && !self.relaxed.winnable(pos.pyramid, stock) {
            self.aborted |= self.relaxed.aborted;
            return false;
        }
        !self.goal_all || self.stock_partners_exist(pos)
    }

    /// Whether a pair is live at `pos` (Kings have gone first), for Easy's
    /// idle pass.
    fn any_removal(&self, pos: &Position, pyramid_live: &[(u32, u8, Option<Live>)]) -> bool {
        let t = self.tables;
        let mut ranks = 0u16;
        for i in [
            self.board.draw_slot_index(pos),
            self.board.waste_top_index(pos),
        ]
        .into_iter()
        .flatten()
        {
            let rank = t.stock_rank[i as usize];
            if ranks & (1 << (13 - rank)) != 0 {
                return true;
            }
            ranks |= 1 << rank;
        }
        for &(_, rank, _) in pyramid_live {
            if ranks & (1 << (13 - rank)) != 0 {
                return true;
            }
            ranks |= 1 << rank;
        }
        false
    }

    /// Tries the removals at one stamp: a King on the stock side alone, a
    /// forced pair alone, otherwise the pairs (pyramid with pyramid unless
    /// `drawn`, the two stock-side cards, then pyramid with stock side; when
    /// `drawn`, only those with the card just drawn, see
    /// [`Search::drawn_moves`]).
    /// `Some` when the position is settled here (a win, or the loss of a
    /// move that had to be the only one); `None` when the draw or recycle is
    /// still to be tried.
    fn stamp_moves(&mut self, pos: &Position, ex: &Exposed, drawn: bool) -> Option<bool> {
        let t = self.tables;
        let drawn_cards = pos.stock & below(pos.next);
        let top = highest(drawn_cards);
        if drawn && pos.slot == self.draw_card {
            return self.drawn_moves(pos, ex, top?);
        }
        let (slot, waste) = match top {
            Some(i) if pos.slot => (Some(i), highest(drawn_cards & !(1 << i))),
            _ => (None, top),
        };
        let side = [slot, waste];
        let mut side_mask = 0u32;
        let mut side_wants = 0u16;
        for i in side.into_iter().flatten() {
            // Kings first, and alone.
            let rank = t.stock_rank[i as usize];
            if rank == 13 {
                let child = remove(pos, &[Live::Stock(i)]);
                return Some(self.try_move(Move::King(t.stock[i as usize]), child, u64::MAX));
            }
            side_mask |= 1 << i;
            side_wants |= 1 << (13 - rank);
        }
        // Forced pairs, also alone: an exposed pyramid card whose only
        // possible partner anywhere is live now must leave with it in any
        // winning line, and removing both at once only makes more cards live.
        if ex.forced_pyramid || ex.forced_stock & side_mask != 0 {
            for &(k, _, only) in ex.cards {
                let partner = match only {
                    Some(Live::Pyramid(l)) if ex.mask & (1 << l) != 0 => Live::Pyramid(l),
                    Some(Live::Stock(i)) if side_mask & (1 << i) != 0 => Live::Stock(i),
                    _ => continue,
                };
                let b = match partner {
                    Live::Pyramid(l) => t.pyramid[l as usize],
                    Live::Stock(i) => t.stock[i as usize],
                };
                let child = remove(pos, &[Live::Pyramid(k), partner]);
                return Some(self.try_move(Move::Pair(t.pyramid[k as usize], b), child, u64::MAX));
            }
        }
        // Pairs: pyramid with pyramid first, then the two stock-side cards,
        // then pyramid with a stock-side card.
        if !drawn {
            for (n, &(k, rank_k, _)) in ex.cards.iter().enumerate() {
                for &(l, rank_l, _) in &ex.cards[n + 1..] {
                    if rank_k + rank_l == 13 {
                        let child = remove(pos, &[Live::Pyramid(k), Live::Pyramid(l)]);
                        let m = Move::Pair(t.pyramid[k as usize], t.pyramid[l as usize]);
                        if self.try_move(m, child, u64::MAX) {
                            return Some(true);
                        }
                    }
                }
            }
            if t.overlap {
                for (k, l) in t.overlap_pairs(pos.pyramid, ex.mask) {
                    let child = remove(pos, &[Live::Pyramid(k), Live::Pyramid(l)]);
                    let m = Move::Pair(t.pyramid[k as usize], t.pyramid[l as usize]);
                    if self.try_move(m, child, u64::MAX) {
                        return Some(true);
                    }
                }
            }
        }
        if let (Some(i), Some(j)) = (slot, waste) {
            if t.stock_rank[i as usize] + t.stock_rank[j as usize] == 13 {
                let child = remove(pos, &[Live::Stock(i), Live::Stock(j)]);
                let m = Move::Pair(t.stock[i as usize], t.stock[j as usize]);
                if self.try_move(m, child, u64::MAX) {
                    return Some(true);
                }
            }
        }
        if ex.ranks & side_wants != 0 {
            for &(k, rank_k, _) in ex.cards {
                if side_wants & (1 << rank_k) == 0 {
                    continue;
                }
                for i in side.into_iter().flatten() {
                    if rank_k + t.stock_rank[i as usize] == 13 {
                        let child = remove(pos, &[Live::Pyramid(k), Live::Stock(i)]);
                        let m = Move::Pair(t.pyramid[k as usize], t.stock[i as usize]);
                        if self.try_move(m, child, u64::MAX) {
                            return Some(true);
                        }
                    }
                }
            }
        }
        None
    }

    /// [`Search::stamp_moves`] just after a draw, which turned card `i` (in
    /// the slot in draw-card mode, else on the waste top): only the removals
    /// with `i` are new. Every other one was tried, and lost, at the stamp
    /// before with the same cards, and would now leave the same cards at a
    /// later stamp, which is no better (see [`Search::stamp`]). In waste
    /// mode the other live cards are the exposed pyramid cards; in
    /// draw-card mode the waste top was there too, as the slot card or
    /// already as the waste top, unless the draw turned more than one card,
    /// and then it pairs with no exposed card (see
    /// [`Search::next_useful_draw`]). So no King or forced pair but `i`'s
    /// can be live either: it would have been taken at the stamp before.
    fn drawn_moves(&mut self, pos: &Position, ex: &Exposed, i: u32) -> Option<bool> {
        let t = self.tables;
        let rank = t.stock_rank[i as usize];
        if rank == 13 {
            let child = remove(pos, &[Live::Stock(i)]);
            return Some(self.try_move(Move::King(t.stock[i as usize]), child, u64::MAX));
        }
        if ex.forced_stock & (1 << i) != 0 {
            if let Some(&(k, _, _)) = ex
                .cards
                .iter()
                .find(|&&(_, _, only)| only == Some(Live::Stock(i)))
            {
                let child = remove(pos, &[Live::Pyramid(k), Live::Stock(i)]);
                let m = Move::Pair(t.pyramid[k as usize], t.stock[i as usize]);
                return Some(self.try_move(m, child, u64::MAX));
            }
        }
        if self.draw_card {
            if let Some(j) = highest(pos.stock & below(pos.next) & !(1 << i)) {
                if rank + t.stock_rank[j as usize] == 13 {
                    let child = remove(pos, &[Live::Stock(i), Live::Stock(j)]);
                    let m = Move::Pair(t.stock[i as usize], t.stock[j as usize]);
                    if self.try_move(m, child, u64::MAX) {
                        return Some(true);
                    }
                }
            }
        }
        for k in bits(ex.mask & t.pyramid_of_rank[usize::from(13 - rank)]) {
            let child = remove(pos, &[Live::Pyramid(k), Live::Stock(i)]);
            let m = Move::Pair(t.pyramid[k as usize], t.stock[i as usize]);
            if self.try_move(m, child, u64::MAX) {
                return Some(true);
            }
        }
        None
    }

    /// In the last pass, the waste is a stack whose cards leave only from
    /// the top, each with a King's move or with a partner of the
    /// complementary rank from outside the waste (a pyramid card, or in
    /// draw-card mode the slot card or one still to be drawn; two waste cards
    /// are never live together). Scanning down from the top, each card needs
    /// its own partner; where a rank's demand exceeds the partners left, that
    /// card can never leave and every card below it is dead. Partners only
    /// ever disappear, so dead cards stay dead.
    ///
    /// Some card is stuck exactly when some rank's waste cards outnumber
    /// their partners (the scan reaches them all), which the counts by rank
    /// tell at once; the first stuck card is then, among the ranks short of
    /// partners, the highest card past the partners of its rank (with n of
    /// them, the (n + 1)-th of its rank from the top), found rank by rank
    /// rather than card by card.
    ///
    /// Returns the dead cards, and whether some waste card can never leave
    /// (which loses the all-cards goal, and then the dead cards are not
    /// worked out).
    fn stuck_waste(&self, pos: &Position) -> (u32, bool) {
        if self.unlimited || pos.pass < self.last_pass {
            return (0, false);
        }
        let t = self.tables;
        let mut waste = pos.stock & below(pos.next);
        if pos.slot {
            if let Some(i) = highest(waste) {
                waste &= !(1 << i);
            }
        }
        if waste == 0 {
            return (0, false);
        }
        let outside_stock = if self.draw_card {
            pos.stock & !waste
        } else {
            0
        };
        // Most often no rank has more waste cards than partners outside
        // the waste, and nothing is stuck.
        let c = t.counts();
        let demand = count_by_rank(&c.stock_counts, waste);
        let mut supply = count_by_rank(&c.pyramid_partners, pos.pyramid);
        if outside_stock != 0 {
            supply += count_by_rank(&c.stock_partners, outside_stock);
            // A field of 8 (the most there can be) becomes 7, which is as
            // many as any demand of at most 4 needs.
            supply -= (supply & COUNT_HIGH) >> 3;
        }
        if ((supply | COUNT_HIGH) - demand) & COUNT_HIGH == COUNT_HIGH {
            return (0, false);
        }
        // Some rank r has more waste cards than partners: scanning down,
        // the first card that cannot leave is the highest of those ranks'
        // cards past their partners (the (n + 1)-th from the top of rank
        // r, with n partners). The all-cards goal needs no more.
        if self.goal_all {
            return (0, true);
        }
        let mut short = !((supply | COUNT_HIGH) - demand) & COUNT_HIGH;
        let mut stuck = 0;
        while short != 0 {
            let field = short.trailing_zeros() / 4;
            short &= short - 1;
            let mut cards = waste & t.stock_of_rank[field as usize + 1];
            for _ in 0..(supply >> (4 * field)) & 0xf {
                cards &= !(1 << (31 - cards.leading_zeros()));
            }
            stuck = stuck.max(31 - cards.leading_zeros());
        }
        (waste & below(stuck as u8), true)
    }

    /// With limited passes, the first card still in the stock whose draw
    /// makes a new move possible: a King, a card that pairs with an exposed
    /// pyramid card, or in draw-card mode one that pairs with the card it
    /// lands on. At any other draw, every removal was already possible
    /// before it with the same cards (the draw-card waste top was the draw
    /// slot just before) and was lost there, at an earlier stamp; losing
    /// there covers losing here (see [`Search::stamp`]).
    /// `wanted` is the stock cards that are Kings or pair with an exposed
    /// pyramid card.
    fn next_useful_draw(&self, pos: &Position, wanted: u32, stock_left: u32) -> Option<u32> {
        let t = self.tables;
        let first = stock_left & wanted;
        if !self.draw_card {
            return (first != 0).then(|| first.trailing_zeros());
        }
        let mut below_card = highest(pos.stock & below(pos.next));
        for i in bits(stock_left) {
            if first & (1 << i) != 0 {
                return Some(i);
            }
            if let Some(j) = below_card {
                if t.stock_rank[i as usize] + t.stock_rank[j as usize] == 13 {
                    return Some(i);
                }
            }
            below_card = Some(i);
        }
        None
    }

    fn try_move(&mut self, m: Move, child: Position, checked: u64) -> bool {
        self.line.push(m);
        if self.dfs(child, checked) {
            return true;
        }
        self.line.pop();
        false
    }

    /// To remove all 52 cards, each stock card also needs a partner still
    /// in play (a stock King needs none). In waste mode two stock cards are
    /// never live together, so each needs a pyramid partner of its own: a
    /// rank's stock cards can be no more than the pyramid cards of the
    /// complementary rank.
    fn stock_partners_exist(&self, pos: &Position) -> bool {
        let t = self.tables;
        (1..13).all(|rank| {
            let want = 13 - rank;
            let cards = pos.stock & t.stock_of_rank[rank];
            if self.draw_card {
                cards == 0
                    || pos.stock & t.stock_of_rank[want] != 0
                    || pos.pyramid & t.pyramid_of_rank[want] != 0
            } else {
                few_bits(cards) <= few_bits(pos.pyramid & t.pyramid_of_rank[want])
            }
        })
    }
}

/// `pos` with another stock side, built field by field: a whole copy of a
/// position whose fields were just written one by one (as the loop in
/// [`Search::expand`] does) would wait for those writes to reach memory,
/// and such stalls were a tenth of the time of a long search.
fn rebuilt(pos: &Position, stock: u32, next: u8, slot: bool) -> Position {
    Position {
        pyramid: pos.pyramid,
        stock,
        next,
        slot,
        pass: pos.pass,
        removed_this_pass: pos.removed_this_pass,
        // One waste: never read.
        dealt: ALL_STOCK,
    }
}

fn remove(pos: &Position, cards: &[Live]) -> Position {
    // Field by field, not as a copy of `*pos`: see `rebuilt`.
    let (mut pyramid, mut stock, mut slot) = (pos.pyramid, pos.stock, pos.slot);
    for &at in cards {
        match at {
            Live::Pyramid(k) => pyramid &= !(1 << k),
            Live::Stock(i) => {
                if slot && highest(stock & below(pos.next)) == Some(i) {
                    slot = false;
                }
                stock &= !(1 << i);
            }
        }
    }
    Position {
        pyramid,
        stock,
        next: pos.next,
        slot,
        pass: pos.pass,
        removed_this_pass: true,
        dealt: ALL_STOCK,
    }
}

/// The search for unlimited passes in waste mode, over (pyramid, stock left).
///
/// Its answers are memoised in both directions and shared by every query of
/// one solve: it answers the Relaxed preset, and it is the prune of the
/// general search, since any line of play under any preset is also a line
/// here (the pyramid goal never needs a stock card removed by another stock
/// card, and here every stock card can be reached at any time).
///
/// Here a stock card is only a rank: any of them can be brought to the waste
/// top, and it can only ever leave with a pyramid card of the complementary
/// rank. So the stock is kept as a count per rank, each capped at the number
/// of pyramid cards left that it could pair with (more can never be used),
/// and stock Kings are left out (the pyramid goal never needs them gone).
/// States that differ only by which suits are left are one state.
struct Relaxed<'a> {
    tables: &'a Tables,
    /// Winnable states, with the removal that wins.
    won: FxHashMap<u64, RelaxedMove>,
    lost: FxHashSet<u64>,
    nodes: u64,
    max_nodes: u64,
    aborted: bool,
    /// Keys built so far (up to a few), see [`Relaxed::key`].
    keys: Cell<u32>,
}

/// A removal in the relaxed search: pyramid cards by index, a stock card by
/// rank.
#[derive(Clone, Copy)]
enum RelaxedMove {
    King(u8),
    Pyramid(u8, u8),
    Stock(u8, u8),
}

fn relaxed_key(pyramid: u32, stock: u32) -> u64 {
    u64::from(pyramid) | u64::from(stock) << 28
}

fn pair_stock(key: u64) -> u32 {
    (key >> 28) as u32
}

/// Bits of rank `rank`'s count (3 bits for ranks 1..=12) in a count key.
fn count_shift(rank: usize) -> u32 {
    28 + 3 * (rank as u32 - 1)
}

impl<'a> Relaxed<'a> {
    fn new(tables: &'a Tables, max_nodes: u64) -> Relaxed<'a> {
        Relaxed {
            tables,
            won: FxHashMap::default(),
            lost: FxHashSet::default(),
            nodes: 0,
            max_nodes,
            aborted: false,
            keys: Cell::new(0),
        }
    }

    /// The state's key: the pyramid and the capped count of each stock rank.
    fn key(&self, pyramid: u32, stock: u32) -> u64 {
        // The first few keys rank by rank; after that, building the count
        // tables pays.
        if self.keys.get() < 16 {
            self.keys.set(self.keys.get() + 1);
            return self.tables.key_by_rank(pyramid, stock);
        }
        self.tables.key_by_counts(pyramid, stock)
    }

    fn winnable(&mut self, pyramid: u32, stock: u32) -> bool {
        let key = self.key(pyramid, stock);
        self.winnable_key(key)
    }

    fn winnable_key(&mut self, key: u64) -> bool {
        let pyramid = key as u32 & crate::position::ALL_PYRAMID;
        if pyramid == 0 {
            return true;
        }
        if self.won.contains_key(&key) {
            return true;
        }
        if self.lost.contains(&key) {
            return false;
        }
        if self.nodes >= self.max_nodes {
            self.aborted = true;
            return false;
        }
        self.nodes += 1;
        let t = self.tables;
        let count = |rank: usize| (key >> count_shift(rank)) & 7;
        if t.partners_exist_with(pyramid, |rank| count(rank) != 0) {
            let exposed = exposed_of(pyramid);
            // Kings first and alone.
            if let Some(k) = bits(exposed).find(|&k| t.pyramid_rank[k as usize] == 13) {
                return self.conclude(key, RelaxedMove::King(k as u8));
            }
            for k in bits(exposed) {
                let want = usize::from(13 - t.pyramid_rank[k as usize]);
                for l in bits(exposed & t.pyramid_of_rank[want]) {
                    if l > k {
                        if self.conclude(key, RelaxedMove::Pyramid(k as u8, l as u8)) {
                            return true;
                        }
                        if self.aborted {
                            return false;
                        }
                    }
                }
            }
            if t.overlap {
                for (k, l) in t.overlap_pairs(pyramid, exposed) {
                    if self.conclude(key, RelaxedMove::Pyramid(k as u8, l as u8)) {
                        return true;
                    }
                    if self.aborted {
                        return false;
                    }
                }
            }
            for k in bits(exposed) {
                let want = usize::from(13 - t.pyramid_rank[k as usize]);
                if count(want) != 0 {
                    if self.conclude(key, RelaxedMove::Stock(k as u8, want as u8)) {
                        return true;
                    }
                    if self.aborted {
                        return false;
                    }
                }
            }
        }
        if !self.aborted {
            self.lost.insert(key);
        }
        false
    }

    /// The key after `m`, with the counts capped again.
    fn after(&self, key: u64, m: RelaxedMove) -> u64 {
        let t = self.tables;
        let mut key = key;
        let take_pyramid = |key: &mut u64, k: u8| {
            *key &= !(1 << k);
            // One partner fewer for the stock rank that pairs with card k.
            let rank = usize::from(13 - t.pyramid_rank[usize::from(k)]);
            if rank != 0 {
                let partners = (*key as u32) & t.pyramid_of_rank[13 - rank];
                let shift = count_shift(rank);
                let n = ((*key >> shift) & 7).min(u64::from(few_bits(partners)));
                *key = *key & !(7 << shift) | n << shift;
            }
        };
        match m {
            RelaxedMove::King(k) => take_pyramid(&mut key, k),
            RelaxedMove::Pyramid(k, l) => {
                take_pyramid(&mut key, k);
                take_pyramid(&mut key, l);
            }
            RelaxedMove::Stock(k, rank) => {
                key -= 1 << count_shift(usize::from(rank));
                take_pyramid(&mut key, k);
            }
        }
        key
    }

    /// Tries `m` from `key`; records the win if it leads to one.
    fn conclude(&mut self, key: u64, m: RelaxedMove) -> bool {
        if self.winnable_key(self.after(key, m)) {
            self.won.insert(key, m);
            return true;
        }
        false
    }

    /// The winning removals from a state found winnable, with real cards:
    /// a stock card of the rank a removal needs is the first one left. The
    /// key is followed with [`Relaxed::after`], which caps the counts as
    /// [`Relaxed::key`] would.
    fn removals(&self, pyramid: u32, mut stock: u32) -> Vec<Move> {
        let t = self.tables;
        let mut line = Vec::new();
        let mut key = self.key(pyramid, stock);
        while let Some(&m) = self.won.get(&key) {
            key = self.after(key, m);
            line.push(match m {
                RelaxedMove::King(k) => Move::King(t.pyramid[usize::from(k)]),
                RelaxedMove::Pyramid(k, l) => {
                    Move::Pair(t.pyramid[usize::from(k)], t.pyramid[usize::from(l)])
                }
                RelaxedMove::Stock(k, rank) => {
                    let i = (stock & t.stock_of_rank[usize::from(rank)]).trailing_zeros();
                    stock &= !(1 << i);
                    Move::Pair(t.pyramid[usize::from(k)], t.stock[i as usize])
                }
            });
        }
        line
    }
}

/// For a few pyramid cards of one rank (at most four) that must each leave
/// with a stock card of its own, `edges[b]` being card b's stock cards
/// (bit j for card j) with the last pointer at which each may leave with it
/// (0: none): the last pointer, up to `last`, at which each can still be
/// given one that it may leave with at that pointer or later; `None` when
/// at none from the current pointer on (every pointer found is from it
/// on).
fn matched_until(edges: &[[(u8, u32); 4]], last: usize) -> Option<usize> {
    // The pointers at which the edges there change, up to `last` (an edge
    // past it is there at `last` too); 0 marks no edge.
    let mut pointers = 0u32;
    for &(t, _) in edges.iter().flatten() {
        pointers |= 1 << usize::from(t).min(last);
    }
    pointers &= !1;
    while pointers != 0 {
        let at = 31 - pointers.leading_zeros();
        pointers &= !(1 << at);
        let mut with = [0u32; 4];
        for (w, e) in with.iter_mut().zip(edges) {
            for &(t, j) in e {
                if u32::from(t) >= at {
                    *w |= j;
                }
            }
        }
        if matched(&with[..edges.len()]) {
            return Some(at as usize);
        }
    }
    None
}

/// Whether each of a few pyramid cards (at most four) can be given a stock
/// card of its own, `with[b]` being the stock cards card b may leave with
/// (Hall's condition: every subset of the cards has as many stock cards
/// among its edges as cards). Each subset's edges are those of the subset
/// without its first card, and that card's.
fn matched(with: &[u32]) -> bool {
    const SIZE: [u8; 16] = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];
    let mut unions = [0u32; 16];
    for subset in 1..1usize << with.len() {
        let edges = unions[subset & (subset - 1)] | with[subset.trailing_zeros() as usize];
        unions[subset] = edges;
        // As many edges as cards: some left once one fewer are taken off.
        let mut left = edges;
        for _ in 1..SIZE[subset] {
            left &= left.wrapping_sub(1);
        }
        if left == 0 {
            return false;
        }
    }
    true
}

/// Whether `mask` has exactly one bit set (without a population count).
fn one_bit(mask: u32) -> bool {
    mask != 0 && mask & (mask - 1) == 0
}

/// The bits set in `mask`, which has few (a rank's cards, at most 4): one
/// step per bit is cheaper than a population count in software.
fn few_bits(mut mask: u32) -> u32 {
    let mut n = 0;
    while mask != 0 {
        mask &= mask - 1;
        n += 1;
    }
    n
}

/// Turns a line of removals into real moves from `pos`: before each removal
/// that uses a stock card, draw (and recycle) until that card is live (the
/// waste top, or in draw-card mode the drawn card).
fn realize(board: &Board, pos: &Position, removals: &[Move]) -> Vec<Move> {
    let mut line = Vec::new();
    let mut p = *pos;
    for &m in removals {
        let stock_card = m
            .removed_cards()
            .find(|&c| matches!(board.home(c), Home::Stock(_)));
        if let Some(card) = stock_card {
            // At most two full passes are needed to reach any card.
            for _ in 0..100 {
                if board.is_available(&p, card) {
                    break;
                }
                let step = if board.can_draw(&p) {
                    Move::Draw
                } else {
                    Move::Recycle
                };
                p = board
                    .play(&p, step)
                    .expect("draw or recycle with unlimited passes");
                line.push(step);
            }
        }
        p = board
            .play(&p, m)
            .expect("a relaxed removal is playable once its card is on top");
        line.push(m);
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Deal, Game, Preset, Status};

    /// Plays `line` from the start of `deal` under `preset` through the engine.
    fn replays_as_win(deal: Deal, preset: Preset, line: &[Move]) -> bool {
        let mut game = Game::new(deal, preset);
        for &m in line {
            if game.play(m).is_err() {
                return false;
            }
        }
        let pos = game.position();
        match preset.rules().win {
            WinCondition::Scored => pos.pyramid_left() == 0,
            _ => game.status() == Status::Won,
        }
    }

    #[test]
    fn winning_lines_replay_as_wins() {
        for preset in Preset::ALL {
            let mut wins = 0;
            for number in 1..=40 {
                let deal = Deal::from_number(number);
                let board = Board::new(deal, preset);
                let s = solve(&board, &board.start(), Limits::default());
                if s.outcome == Outcome::Win {
                    wins += 1;
                    assert!(
                        replays_as_win(deal, preset, &s.line),
                        "{preset} deal {number}"
                    );
                }
            }
            assert!(wins > 0 || preset == Preset::Hard || preset == Preset::Traditional);
        }
    }

    #[test]
    fn relaxed_keys_agree_both_ways() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for number in 1..=50 {
            let board = Board::new(Deal::from_number(number), Preset::Classic);
            let t = Tables::new(&board);
            for _ in 0..200 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let pyramid = x as u32 & crate::position::ALL_PYRAMID;
                let stock = (x >> 32) as u32 & crate::position::ALL_STOCK;
                assert_eq!(
                    t.key_by_rank(pyramid, stock),
                    t.key_by_counts(pyramid, stock)
                );
            }
        }
    }

    #[test]
    fn tiny_budget_gives_unknown() {
        let deal = Deal::from_number(1);
        let board = Board::new(deal, Preset::Classic);
        let s = solve(&board, &board.start(), Limits { max_nodes: 1 });
        assert_eq!(s.outcome, Outcome::Unknown);
    }
}
