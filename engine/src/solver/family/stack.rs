//! Cheops decided through the waste's stack: the search its longest deals
//! fall back on.
//!
//! In one pass with one waste, the waste is a stack. A drawn card goes onto
//! it when the next card is drawn (in draw-card mode: until then it is the
//! slot card) and leaves only from the top, and the cards under the top
//! are not live. So from the moment card `y` is buried by a draw until the
//! moment it leaves, what can happen depends on the pyramid, the pointer,
//! the slot and `y`, and not on the cards under `y`: they stay where they
//! are, and none of them can leave while `y` is there. Call that stretch of
//! play `y`'s *context*, entered at the pyramid's state then (the pointer
//! is `y + 2` and the slot holds card `y + 1`), and its *exits* the states
//! (pyramid, pointer, slot) just after `y` leaves. Every line of play is
//! then a line over states with the waste's top fixed, in which a draw
//! that buries a card jumps straight to one of that card's context's exits,
//! and a context's exits can be found once and used by every line that
//! enters it (procedure summaries for a pushdown system, whose stack is
//! the waste). The pyramid has only 1,430 states (the sets of cards that
//! can be left, a Catalan number), so there are at most 24 × 1,430
//! contexts, and each explores at most 1,430 × 25 × 2 states: the search
//! is bounded by the deal's size, where one over positions grows with the
//! sets of waste cards it meets (27 million positions for Cheops 7580).
//!
//! What a context's entry leads to while the top stays, its *reach*,
//! depends on the state alone and not on the top: the top only decides
//! which of those states it can leave from. So the context of card `y`
//! entered at pyramid state `i` has as its exits the states just after `y`
//! leaves from a state of its reach, by a pair with an exposed pyramid card
//! or with the slot card; and every state with a slot card is the entry
//! of some context (pointer `t` with slot card `t - 1`: card `t - 2`'s,
//! at that pyramid state), whose reach is all that state leads to, whatever
//! the top. A context's reach is found once and taken whole by every
//! context that meets its entry (`sweep`): the states a context searches
//! itself are those at its entry's pointer (pairs, the slot card's pairs,
//! the draw, and the burial of the slot card, which jumps to that card's
//! context's exits) and those with an empty slot later (pairs of pyramid
//! cards, and the draw, to an entry). Every other state it reaches lies in
//! the reach of a later context it takes. On Cheops 7580 the contexts
//! search 0.27 million states themselves and take 8.2 million pyramid
//! states' words from reaches (each the bit set of that pyramid state's
//! pointers and slots, below), where searching each context's reach
//! itself, state by state, took 7.5 million states and 2.1 million
//! pyramid states' words; reaches overlap, so the same states are taken
//! again and again, but a word taken costs a few instructions where one
//! searched cost about 300.
//!
//! A state is dropped when nothing it leads to can clear the cards: the
//! top, if no pyramid card pairs with it, and each pyramid card with no
//! partner left in the pyramid nor among the cards under the top (or the
//! top itself) must each leave with a stock card of its own drawn after
//! the top, and a state whose stock cards left (those not yet drawn and
//! the slot card) cannot give each one (Hall's condition, checked by a
//! matching) is dropped. Those cards keep no partners among one another,
//! so the check fails at a state with more pyramid cards only if it fails
//! at those its pairs of pyramid cards lead to (which the burials skipped,
//! below, rely on), and it never passes at a state after failing at one
//! before it. A reach is taken by the contexts of cards under its top,
//! so it keeps the states that pass without the top's own need (those
//! contexts' tops have fewer cards under them, so their cards need as
//! much or more). At a state that fails only with the top's own need the
//! top has no partner in the pyramid, so it can leave only with the slot
//! card, and the cards that needed stock cards with it still lack them
//! after: the context under it drops that exit. Whether the top can ever
//! leave from a state is the top's own, so no state is dropped for that:
//! the reaches are the same for every top. A context's exits and reach
//! are stored a pyramid state at a time, as the word of a bit set that
//! holds that state's 50 pointers and slots, so a line that enters the
//! context takes them up a word at a time.
//!
//! The pyramid's states are numbered by their cards left, most first, and
//! a step either takes cards from the pyramid (a later number) or keeps
//! the pyramid and moves the pointer on (a later bit of its word). So a
//! context's search takes the pyramid states reached in order of number,
//! and in each the states reached, all those new at once until none is:
//! first the reaches of the entries among them not yet taken (a reach
//! holds every entry it leads to, so the earliest first skip the most),
//! then its own states: each draw onto an empty slot sets the bit three
//! places on, the burial ors in the exits of the slot card's context, and
//! once the word is complete each pair takes all of its states at once (a
//! pair of pyramid cards to the same bits of another pyramid state, a pair
//! with the slot card to the bits one place lower, those whose slot card
//! pairs with it).
//!
//! A burial that a context has already made at a pyramid state with more
//! cards is not made again. The context of card `z` entered at pyramid
//! state `i` meets, by the same pairs of pyramid cards, the entry of `z`'s
//! context at any pyramid state those pairs leave (the pointer and the slot
//! card are the same), so its exits hold all of that context's. Each
//! search carries to every pyramid state the burials made at the states its
//! pairs of pyramid cards came from, and skips them.
//!
//! A context keeps no exit by which the top leaves with a pyramid card
//! already exposed when it was entered. The top was the slot card just
//! before its burial, with that card exposed; pairing the two then, and
//! playing the context's line after it, the same moves, none of which
//! uses either card (the pyramid card, gone sooner, only uncovers the cards
//! under it sooner), reaches the same state, with the card that was under
//! the top as the waste's top all along (the contexts of later burials are
//! the same whatever lies under them). So every line out of such an exit
//! is a line from the burial's own state, which the search takes there
//! anyway.
//!
//! A position whose waste already holds cards is a chain of contexts: the
//! waste's top first, from the position's state, then each card under it
//! from the exits of the one above, and last the empty waste, where the
//! goal is every card gone. The winning line is rebuilt afterwards, context
//! by context, from the exits the search stored.

use std::cell::RefCell;
use std::sync::OnceLock;

use std::collections::hash_map::Entry;

use rustc_hash::FxHashMap;

use crate::deal::PYRAMID_CARDS;
use crate::position::{below, bits, exposed_of, highest, Board, Move, Position, ALL_PYRAMID};

/// The stock's cards.
const STOCK: usize = 24;

/// A state's slots in the bit sets: 64 per pyramid state (pointer 0..=24,
/// twice for the slot).
const PER_PYRAMID: usize = 64;

/// No pyramid state, context or stored exit yet.
const NONE: u32 = u32::MAX;

/// `explore`'s stack items besides states: a state's burial, and the end
/// of the state last entered.
const BURY: u32 = 1 << 31;
const DONE: u32 = u32::MAX;

/// The bits of the states with an empty slot (pointer 0 to 24).
const EMPTY_SLOT_BITS: u64 = 0x5555_5555_5555_5555 & ((1 << (2 * STOCK + 1)) - 1);

/// The bits of the states with a slot card (pointer 1 to 24).
const SLOT_BITS: u64 = 0xAAAA_AAAA_AAAA_AAAA & ((1 << (2 * STOCK + 2)) - 1) & !0b10;

/// Those with a card still to draw (pointer 0 to 23): the draws onto an
/// empty slot, and the draws that bury the slot card.
const DRAW_BITS: u64 = EMPTY_SLOT_BITS & !(1 << (2 * STOCK));
const BURIAL_BITS: u64 = SLOT_BITS & !(1 << (2 * STOCK + 1));

/// Whether each of the cards whose partners `needs` lists (bit sets of
/// stock cards) can have a partner of its own among `avail` (Kuhn's
/// augmenting paths).
fn saturates(needs: &[u32], avail: u32) -> bool {
    fn augment(
        c: usize,
        needs: &[u32],
        avail: u32,
        owner: &mut [u8; STOCK],
        seen: &mut u32,
    ) -> bool {
        let mut candidates = needs[c] & avail & !*seen;
        while candidates != 0 {
            let j = candidates.trailing_zeros() as usize;
            candidates &= candidates - 1;
            *seen |= 1 << j;
            if owner[j] == u8::MAX || augment(usize::from(owner[j]), needs, avail, owner, seen) {
                owner[j] = c as u8;
                return true;
            }
        }
        false
    }
    let mut owner = [u8::MAX; STOCK];
    (0..needs.len()).all(|c| augment(c, needs, avail, &mut owner, &mut 0))
}

/// The cards that must each leave with a stock card of its own drawn
/// after the top (`StackSearch::needs`), by their stock partners: at most
/// the pyramid's cards and the top.
struct Needs {
    partners: [u32; PYRAMID_CARDS + 1],
    len: usize,
}

impl Needs {
    fn push(&mut self, partners: u32) {
        self.partners[self.len] = partners;
        self.len += 1;
    }

    fn get(&self) -> &[u32] {
        &self.partners[..self.len]
    }
}

fn is_set(set: &[u64], s: u32) -> bool {
    set[s as usize / 64] >> (s % 64) & 1 != 0
}

fn set(set: &mut [u64], s: u32) {
    set[s as usize / 64] |= 1 << (s % 64);
}

/// The pyramid's states: every set of cards that can be left, by number,
/// with its exposed cards and the state each exposed card's leaving gives.
struct Pyramids {
    set: Vec<u32>,
    exposed: Vec<u32>,
    /// `after[id][k]`: the state once exposed card k has left.
    after: Vec<[u16; PYRAMID_CARDS]>,
    id: FxHashMap<u32, u16>,
    /// For each state, its exposed cards and the state each one's leaving
    /// gives, `after | card << 11`, padded to seven (no state has more)
    /// with a card (`PYRAMID_CARDS`) that pairs with nothing and the state
    /// `STATES`, a sweep's scratch.
    exposed_list: Box<[[u16; 7]; STATES]>,
}

fn pyramids() -> &'static Pyramids {
    static PYRAMIDS: OnceLock<Pyramids> = OnceLock::new();
    PYRAMIDS.get_or_init(|| {
        let mut p = Pyramids {
            set: vec![ALL_PYRAMID],
            exposed: Vec::new(),
            after: Vec::new(),
            id: FxHashMap::default(),
            exposed_list: Box::new([[0; 7]; STATES]),
        };
        p.id.insert(ALL_PYRAMID, 0);
        let mut i = 0;
        while i < p.set.len() {
            let set = p.set[i];
            let exposed = exposed_of(set);
            let mut after = [u16::MAX; PYRAMID_CARDS];
            for k in bits(exposed) {
                let next = set & !(1 << k);
                let n = p.set.len() as u16;
                let id = *p.id.entry(next).or_insert(n);
                if id == n {
                    p.set.push(next);
                }
                after[k as usize] = id;
            }
            p.exposed.push(exposed);
            p.after.push(after);
            i += 1;
        }
        assert_eq!(p.set.len(), STATES, "the pyramid's states");
        for i in 0..STATES {
            let mut list = [STATES as u16 | (PYRAMID_CARDS as u16) << 11; 7];
            for (slot, k) in bits(p.exposed[i]).enumerate() {
                list[slot] = p.after[i][k as usize] | (k as u16) << 11;
            }
            p.exposed_list[i] = list;
        }
        p
    })
}

/// A state: the pyramid's number, the pointer (cards drawn) and whether the
/// slot holds the last card drawn.
fn state(id: u16, t: usize, slot: bool) -> u32 {
    u32::from(id) * PER_PYRAMID as u32 + (t as u32) * 2 + u32::from(slot)
}

fn parts(s: u32) -> (u16, usize, bool) {
    (
        (s / PER_PYRAMID as u32) as u16,
        (s % PER_PYRAMID as u32 / 2) as usize,
        s & 1 != 0,
    )
}

/// The pyramid's states (a Catalan number), and the room a sweep's tables
/// make for them: a power of two past the last (a scratch state), so that
/// every index masked by it is in bounds.
const STATES: usize = 1430;
const ROOM: usize = 2048;

/// A context's place in `spans`: card `y` buried at pyramid state `id`.
fn context_key(y: usize, id: usize) -> usize {
    y * STATES + id
}

/// How many pyramid states' words taken with a reach count as one state
/// searched against the search's budget (about what they cost against it:
/// on Cheops 7580, 8.2 million words taken and 0.27 million states
/// searched).
const TAKEN_PER_STATE: usize = 8;

/// An exit's pyramid state, above the word of its states in one u64.
const EXIT_ID: u32 = 50;

/// An exit's pyramid state and its states.
fn exit_parts(e: u64) -> (u32, u64) {
    ((e >> EXIT_ID) as u32, e & ((1 << EXIT_ID) - 1))
}

/// A sweep's tables for one top, with `ROOM` rows so that its indices
/// need no bounds checks (the row `STATES` takes the padding's writes and
/// is never read): for each pyramid state, the states reached and not yet
/// searched, the states in the reach, and the burials (by their states'
/// bits) it need not make, made at a state its pairs of pyramid cards came
/// from; the pyramid states with states reached (a bit set), and those
/// with states in the reach, in the order first met.
#[derive(Default)]
struct Sweep {
    pending: Vec<u64>,
    reach: Vec<u64>,
    covered: Vec<u64>,
    rows: [u64; ROOM / 64],
    order: Vec<u16>,
    /// For each pyramid state, the exits found there, and those states
    /// (`new_context`, for the top's contexts).
    exits: Vec<u64>,
    exit_rows: Vec<u16>,
}

thread_local! {
    /// The exits and reaches of the last search on this thread, emptied,
    /// kept for the next: a long search fills tens of megabytes, and
    /// fresh memory costs a page fault every 4 KiB (about a sixth of
    /// Cheops 9478's time in a run of its own).
    static ARENAS: RefCell<(Vec<u64>, Vec<u64>)> = const { RefCell::new((Vec::new(), Vec::new())) };
}

impl Drop for StackSearch<'_> {
    fn drop(&mut self) {
        let mut exits = std::mem::take(&mut self.exits);
        let mut reaches = std::mem::take(&mut self.reaches);
        exits.clear();
        reaches.clear();
        ARENAS.with(|a| *a.borrow_mut() = (exits, reaches));
    }
}

/// What a step within a context does.
#[derive(Clone, Copy)]
enum Step {
    /// A pair that leaves the top where it is.
    Pair(Move),
    /// A draw onto an empty slot.
    Draw,
    /// A pair that takes the top away.
    Leave(Move),
    /// A draw that buries card `y`, to the exit `exit` of its context
    /// entered at pyramid state `id`.
    Bury { y: usize, id: u16, exit: u32 },
}

/// What a search for a line within a context looks for.
#[derive(Clone, Copy, PartialEq)]
enum Target {
    /// A pair that takes the top away and leaves this state.
    Exit(u32),
    /// Every card gone (with the waste empty).
    Goal,
}

/// The search by the waste's stack for one deal's board.
pub(super) struct StackSearch<'a> {
    board: &'a Board,
    pyramids: &'static Pyramids,
    /// For each card by deck index, the cards it may ever pair with.
    partners: [u64; 52],
    /// For each pyramid state, its cards with no partner among its own
    /// (`NONE` until first asked).
    lonely: Vec<u32>,
    /// Each context's exits as a range of `exits` (its first and how
    /// many), by `context_key`; there, the exits of each pyramid state
    /// as one word of a bit set of states, its number above its bits
    /// (`exit_parts`).
    spans: Vec<(u32, u32)>,
    exits: Vec<u64>,
    /// For each card of the position's waste and the empty waste (24):
    /// the states `explore` has seen there and the exits it found, and the
    /// states to clear after it.
    seen: Vec<Vec<u64>>,
    exited: Vec<Vec<u64>>,
    /// For each card of the position's waste and the empty waste, the
    /// states from which no exit (or goal) is reached.
    dead: Vec<Vec<u64>>,
    marked: Vec<Vec<u32>>,
    /// States searched and pyramid states' words taken with a reach, and
    /// where the search gives up.
    pub(super) visits: u64,
    limit: u64,
    /// For each card, the bits of the states whose slot card pairs with it.
    pair_bits: [u64; 52],
    /// For each top (a card, 0..24, or 24 for none) and pyramid state, its
    /// alive states (`u64::MAX` until first asked).
    alive_words: Vec<u64>,
    /// The same without the top's own need: the states a context's reach
    /// keeps (`reach_alive_word`).
    reach_alive_words: Vec<u64>,
    /// Each context's reach, as `spans` and `exits` hold its exits: for
    /// each pyramid state, the states the context's entry leads to (the
    /// top staying) alive for every context with its top or one under it.
    reach_spans: Vec<(u32, u32)>,
    reaches: Vec<u64>,
    /// For each top, the tables of its sweep (see `sweep`).
    sweeps: Vec<Sweep>,
    /// For each pyramid state, the states its pairs of pyramid cards
    /// leave: `pair_to[pair_at[i]..pair_at[i + 1]]`.
    pair_at: Box<[u32; STATES + 1]>,
    pair_to: Vec<u16>,
    /// For each top, the pyramid cards that pair with it.
    top_cards: [u32; STOCK],
    /// For each pyramid card (the padding card last), the bits of the
    /// states whose slot card pairs with it.
    card_pair_bits: [u64; 32],
}

impl<'a> StackSearch<'a> {
    pub(super) fn new(board: &'a Board, partners: &[u64; 52]) -> StackSearch<'a> {
        let pyramids = pyramids();
        let n = pyramids.set.len();
        let words = (n * PER_PYRAMID).div_ceil(64);
        let mut pair_at = Vec::with_capacity(n + 1);
        let mut pair_to = Vec::new();
        for i in 0..n {
            pair_at.push(pair_to.len() as u32);
            let mut rest = pyramids.exposed[i];
            while rest != 0 {
                let a = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let after_a = usize::from(pyramids.after[i][a]);
                for b in bits(partners[a] as u32 & rest) {
                    pair_to.push(pyramids.after[after_a][b as usize]);
                }
            }
        }
        pair_at.push(pair_to.len() as u32);
        let pair_bits: [u64; 52] = std::array::from_fn(|k| {
            (0..STOCK)
                .filter(|&j| partners[k] >> (PYRAMID_CARDS + j) & 1 != 0)
                .fold(0, |m, j| m | 1 << (2 * j + 3))
        });
        let pair_at = pair_at.try_into().expect("a pyramid state's pairs");
        StackSearch {
            top_cards: std::array::from_fn(|y| {
                (0..PYRAMID_CARDS)
                    .filter(|&a| partners[a] >> (PYRAMID_CARDS + y) & 1 != 0)
                    .fold(0, |m, a| m | 1 << a)
            }),
            card_pair_bits: std::array::from_fn(
                |a| {
                    if a < PYRAMID_CARDS {
                        pair_bits[a]
                    } else {
                        0
                    }
                },
            ),
            pair_at,
            pair_to,
            board,
            pyramids,
            partners: *partners,
            lonely: vec![NONE; n],
            spans: vec![(NONE, 0); STOCK * n],
            exits: ARENAS.with(|a| std::mem::take(&mut a.borrow_mut().0)),
            seen: vec![vec![0; words]; STOCK + 1],
            exited: vec![vec![0; words]; STOCK + 1],
            dead: vec![vec![0; words]; STOCK + 1],
            marked: vec![Vec::new(); STOCK + 1],
            visits: 0,
            limit: 0,
            pair_bits,
            alive_words: vec![u64::MAX; (STOCK + 1) * n],
            reach_alive_words: vec![u64::MAX; (STOCK + 1) * n],
            reach_spans: vec![(NONE, 0); STOCK * n],
            reaches: ARENAS.with(|a| std::mem::take(&mut a.borrow_mut().1)),
            sweeps: (0..STOCK)
                .map(|_| Sweep {
                    pending: vec![0; ROOM],
                    reach: vec![0; ROOM],
                    covered: vec![0; ROOM],
                    order: vec![0; ROOM],
                    exits: vec![0; ROOM],
                    exit_rows: vec![0; ROOM],
                    ..Sweep::default()
                })
                .collect(),
        }
    }

    /// Lets the search explore up to `states` more states.
    pub(super) fn allow(&mut self, states: u64) {
        self.limit = self.visits.saturating_add(states);
    }

    /// Whether every card of `pos` (Cheops's rules) can be removed, with a
    /// win its line: `None` when the search runs out of states first (or
    /// the position is none that play reaches).
    pub(super) fn solve(&mut self, pos: &Position) -> Option<Option<Vec<Move>>> {
        let (start, waste) = self.start(pos)?;
        // The tops, from the waste's top down to none (24).
        let tops: Vec<usize> = waste.iter().rev().copied().chain([STOCK]).collect();
        let mut entries = vec![vec![start]];
        let mut goal_from = None;
        for &top in &tops {
            let from = entries.last().expect("a level's entries").clone();
            let mut found = Vec::new();
            for &entry in &from {
                if is_set(&self.seen[top], entry) {
                    continue;
                }
                if self.explore(entry, top, &mut found)? {
                    goal_from = Some(entry);
                    break;
                }
            }
            self.clear(top, &found);
            if goal_from.is_some() {
                break;
            }
            entries.push(found);
        }
        let Some(goal_from) = goal_from else {
            return Some(None);
        };
        // The line, from the empty waste's context back up to the first.
        self.limit = u64::MAX;
        let mut target = Target::Goal;
        let mut entry = goal_from;
        let mut parts_rev = Vec::new();
        for level in (0..tops.len()).rev() {
            let top = tops[level];
            let line = if target == Target::Goal {
                self.line(entry, top, target)
            } else {
                entries[level]
                    .clone()
                    .into_iter()
                    .find_map(|e| self.line(e, top, target).map(|l| (e, l)))
                    .map(|(e, l)| {
                        entry = e;
                        l
                    })
            };
            parts_rev.push(line.expect("a line to the exit the search found"));
            target = Target::Exit(entry);
        }
        Some(Some(parts_rev.into_iter().rev().flatten().collect()))
    }

    /// The position's state, and its waste's cards (stock indices, bottom
    /// first); `None` for a pyramid no line of play leaves.
    fn start(&self, pos: &Position) -> Option<(u32, Vec<usize>)> {
        let drawn = pos.stock & below(pos.next);
        let slot = if pos.slot { highest(drawn) } else { None };
        let t = match slot {
            Some(i) => i as usize + 1,
            None => usize::from(pos.next),
        };
        let waste = bits(drawn & !slot.map_or(0, |i| 1 << i))
            .map(|i| i as usize)
            .collect();
        let id = *self.pyramids.id.get(&pos.pyramid)?;
        Some((state(id, t, slot.is_some()), waste))
    }

    /// Marks `s` seen with top `top` (not seen before), to be cleared.
    fn mark(&mut self, top: usize, s: u32) {
        set(&mut self.seen[top], s);
        self.marked[top].push(s);
    }

    /// Forgets the states seen with top `top`, and `found`, the exits
    /// found there.
    fn clear(&mut self, top: usize, found: &[u32]) {
        let marked = std::mem::take(&mut self.marked[top]);
        for &s in &marked {
            self.seen[top][s as usize / 64] = 0;
        }
        for &s in found {
            self.exited[top][s as usize / 64] = 0;
        }
        self.marked[top] = marked;
        self.marked[top].clear();
    }

    /// The context of card `y` entered at pyramid state `id`: its exits, as
    /// a range of `exits`; `None` when the search runs out of states.
    #[inline]
    fn context(&mut self, y: usize, id: u16) -> Option<(usize, usize)> {
        let key = context_key(y, usize::from(id));
        let (first, count) = self.spans[key];
        if first != NONE {
            return Some((first as usize, (first + count) as usize));
        }
        self.new_context(y, id, key)
    }

    /// The reach of the context of card `y` entered at pyramid state `id`
    /// (searched now if it is not yet), as a range of `reaches`; `None`
    /// when the search runs out of states.
    #[inline]
    fn reach(&mut self, y: usize, id: u16) -> Option<(usize, usize)> {
        let key = context_key(y, usize::from(id));
        if self.reach_spans[key].0 == NONE {
            self.new_reach(y, id)?;
        }
        let (first, count) = self.reach_spans[key];
        Some((first as usize, (first + count) as usize))
    }

    /// `context`, for a context whose exits are not yet found: the top
    /// leaves from the states of its reach, but by a pyramid card exposed
    /// at the entry (module docs). The reach's states are alive for every
    /// context under this one, not always for this one (the top's own need
    /// is left out): from those that are not, the top can leave only with
    /// the slot card, to a state the context under it drops.
    #[cold]
    #[inline(never)]
    fn new_context(&mut self, y: usize, id: u16, key: usize) -> Option<(usize, usize)> {
        let (r0, r1) = self.reach(y, id)?;
        let p = self.pyramids;
        let top_pairs = self.pair_bits[PYRAMID_CARDS + y];
        let top_cards = self.top_cards[y] & !p.exposed[usize::from(id)];
        let mut sweep = std::mem::take(&mut self.sweeps[y]);
        let exits: &mut [u64; ROOM] = (&mut sweep.exits[..]).try_into().expect("room");
        let rows: &mut [u16; ROOM] = (&mut sweep.exit_rows[..]).try_into().expect("room");
        let mut n = 0;
        for &r in &self.reaches[r0..r1] {
            let (w, word) = exit_parts(r);
            let ix = w as usize & (ROOM - 1);
            let mut leaving = p.exposed[ix] & top_cards;
            while leaving != 0 {
                let a = leaving.trailing_zeros() as usize;
                leaving &= leaving - 1;
                let after_a = usize::from(p.after[ix][a]) & (ROOM - 1);
                let old = exits[after_a];
                exits[after_a] = old | word;
                rows[n & (ROOM - 1)] = after_a as u16;
                n += usize::from(old == 0);
            }
            let by_slot = (word & top_pairs) >> 1;
            let old = exits[ix];
            exits[ix] = old | by_slot;
            rows[n & (ROOM - 1)] = ix as u16;
            n += usize::from(old == 0 && by_slot != 0);
        }
        let first = self.exits.len() as u32;
        for &r in &rows[..n] {
            let r = usize::from(r) & (ROOM - 1);
            self.exits.push(exits[r] | (r as u64) << EXIT_ID);
            exits[r] = 0;
        }
        self.sweeps[y] = sweep;
        self.spans[key] = (first, self.exits.len() as u32 - first);
        Some((first as usize, self.exits.len()))
    }

    /// `reach`, for a context not yet searched.
    #[cold]
    #[inline(never)]
    fn new_reach(&mut self, y: usize, id: u16) -> Option<()> {
        let mut sweep = std::mem::take(&mut self.sweeps[y]);
        let done = self.sweep(y, id, &mut sweep);
        if done.is_none() {
            // Cut off: what it reached goes.
            sweep.pending.fill(0);
            sweep.reach.fill(0);
            sweep.covered.fill(0);
            sweep.rows.fill(0);
        }
        self.sweeps[y] = sweep;
        done
    }

    /// The cards of pyramid state `i` with top `top` (24: none) that must
    /// each leave with a stock card drawn after the top, one of its own:
    /// the top, when no pyramid card pairs with it (the cards under it are
    /// live only once it has left), and each pyramid card with no partner
    /// left in the pyramid nor under the top or the top itself (none of
    /// them pairs with another: they have no partner among the pyramid's
    /// cards, and the top has none among them).
    ///
    /// Without `own`, the top's own need is left out: what is left holds
    /// for the contexts under the top too, once it has left (their tops
    /// have fewer cards under them, so they need more).
    fn needs(&mut self, i: usize, top: usize, own: bool) -> Needs {
        let set = self.pyramids.set[i];
        let lonely = self.lonely_of(i);
        let stock_partners = |k: usize| (self.partners[k] >> PYRAMID_CARDS) as u32;
        let mut needs = Needs {
            partners: [0; PYRAMID_CARDS + 1],
            len: 0,
        };
        let mut under = 0;
        if top < STOCK {
            if own && self.partners[PYRAMID_CARDS + top] & u64::from(set) == 0 {
                needs.push(stock_partners(PYRAMID_CARDS + top) & !below(top as u8 + 1));
            }
            under = below(top as u8 + 1);
        }
        for k in bits(lonely) {
            let partners = stock_partners(k as usize);
            if partners & under == 0 {
                needs.push(partners);
            }
        }
        needs
    }

    /// The alive states of pyramid state `id` with top `y` (24: none), as
    /// a word, found at once (the tests' `alive` works them out state by
    /// state, from the same `needs`). The cards in play move
    /// on with the pointer only, so the cards that must each leave with a
    /// stock card of their own (`needs`) can have them while enough of
    /// their partners are not yet drawn, or are the slot card: a state is
    /// alive up to the last pointer at which those left give each card one
    /// (Hall's condition, by a matching), no later than the lowest of each
    /// card's highest partners.
    fn alive_word(&mut self, y: usize, id: u16) -> u64 {
        self.cached_alive_word(y, id, true)
    }

    /// `alive_word` without the top's own need (`needs`): the states a
    /// context's reach keeps, those alive for every context with its top
    /// or one under it. No step makes a state alive that was not (the
    /// cards that need a stock card of their own only grow in number,
    /// with fewer stock cards left, or leave with one of them).
    fn reach_alive_word(&mut self, y: usize, id: u16) -> u64 {
        self.cached_alive_word(y, id, false)
    }

    /// `alive_word` (`own`) or `reach_alive_word`, from its table, worked
    /// out the first time.
    fn cached_alive_word(&mut self, y: usize, id: u16, own: bool) -> u64 {
        let key = y * self.pyramids.set.len() + usize::from(id);
        let w = if own {
            self.alive_words[key]
        } else {
            self.reach_alive_words[key]
        };
        if w != u64::MAX {
            return w;
        }
        let w = self.alive_word_of(y, id, own);
        *if own {
            &mut self.alive_words[key]
        } else {
            &mut self.reach_alive_words[key]
        } = w;
        w
    }

    fn alive_word_of(&mut self, y: usize, id: u16, own: bool) -> u64 {
        let needs = self.needs(usize::from(id), y, own);
        // The last pointer with an empty slot at which every such card can
        // still leave (-1: none), or 24.
        let mut last = needs
            .get()
            .iter()
            .map(|&partners| highest(partners).map_or(-1, |h| h as i32))
            .fold(STOCK as i32, i32::min);
        if needs.len > 1 {
            while last >= 0 && !saturates(needs.get(), !below(last as u8) & ((1 << STOCK) - 1)) {
                last -= 1;
            }
        }
        // With an empty slot, pointers 0 to `last`; with a slot card (the
        // card before the pointer), pointers 1 to `last + 1`.
        if last < 0 {
            0
        } else {
            let last = last as u32;
            let slot_last = (last + 1).min(STOCK as u32);
            EMPTY_SLOT_BITS & ((1u64 << (2 * last + 1)) - 1)
                | SLOT_BITS & ((1u64 << (2 * slot_last + 2)) - 1)
        }
    }

    /// The reach of the context of card `y` entered at pyramid state `id`
    /// (module docs), kept in `reaches`; `None` when the search runs out of
    /// states. The pyramid states are numbered by their cards left, most
    /// first, and every step leaves the pyramid with fewer cards or moves
    /// the pointer on, so they are taken in order of number (every one
    /// reached comes after `id`), each one's word complete before its
    /// pairs are taken. In each, the states with a slot card past the
    /// entry's pointer are entries of contexts of later tops, whose reaches
    /// are taken whole, one after another, skipping each entry a reach
    /// taken already holds; the states left are searched here: those at
    /// the entry's pointer (draws, burials, pairs), and those with an empty
    /// slot later (pairs of pyramid cards, and the draw to an entry).
    ///
    /// Kept out of line (so are `new_context` and `new_reach`, the slow
    /// paths of `context` and `reach`): its loop then keeps its values in
    /// registers.
    #[inline(never)]
    fn sweep(&mut self, y: usize, id: u16, sweep: &mut Sweep) -> Option<()> {
        let p = self.pyramids;
        let entry_slot = 1u64 << (2 * (y + 2) + 1);
        let later_slots = SLOT_BITS & !((entry_slot << 1) - 1);
        let pending: &mut [u64; ROOM] = (&mut sweep.pending[..]).try_into().expect("room");
        let reach: &mut [u64; ROOM] = (&mut sweep.reach[..]).try_into().expect("room");
        let covered: &mut [u64; ROOM] = (&mut sweep.covered[..]).try_into().expect("room");
        let order: &mut [u16; ROOM] = (&mut sweep.order[..]).try_into().expect("room");
        let rows = &mut sweep.rows;
        let mut n = 0;
        let entry = usize::from(id) & (ROOM - 1);
        pending[entry] = entry_slot;
        rows[entry / 64] |= 1 << (entry % 64);
        let mut k = entry / 64;
        while k < ROOM / 64 {
            let left = rows[k];
            if left == 0 {
                k += 1;
                continue;
            }
            let ix = (k * 64 + left.trailing_zeros() as usize) & (ROOM - 1);
            let i = ix as u16;
            let mut alive = self.reach_alive_words[y * STATES + ix];
            if alive == u64::MAX {
                alive = self.reach_alive_word(y, i);
            }
            let cov = covered[ix];
            covered[ix] = 0;
            // The states of `i` searched here.
            let mut own = 0u64;
            loop {
                let todo = pending[ix] & alive & !reach[ix];
                if todo == 0 {
                    break;
                }
                // The entries of other contexts, the top's own (searched
                // already) or later tops', taken whole.
                let mut take = todo & later_slots;
                if todo & entry_slot != 0
                    && ix != entry
                    && self.reach_spans[context_key(y, ix)].0 != NONE
                {
                    take |= entry_slot;
                }
                while take != 0 {
                    let b = take.trailing_zeros();
                    take &= take - 1;
                    if reach[ix] >> b & 1 != 0 {
                        continue;
                    }
                    let (r0, r1) = self.reach(b as usize / 2 - 2, i)?;
                    self.visits += (r1 - r0).div_ceil(TAKEN_PER_STATE) as u64;
                    if self.visits > self.limit {
                        return None;
                    }
                    for &r in &self.reaches[r0..r1] {
                        let (w, word) = exit_parts(r);
                        let w = w as usize & (ROOM - 1);
                        let old = reach[w];
                        reach[w] = old | word;
                        order[n & (ROOM - 1)] = w as u16;
                        n += usize::from(old == 0);
                    }
                }
                let mine = todo & !reach[ix];
                if mine == 0 {
                    continue;
                }
                order[n & (ROOM - 1)] = i;
                n += usize::from(reach[ix] == 0);
                reach[ix] |= mine;
                own |= mine;
                self.visits += u64::from(mine.count_ones());
                if self.visits > self.limit {
                    return None;
                }
                pending[ix] |= (mine & DRAW_BITS) << 3;
                // The burial of the slot card, at the entry's pointer.
                if mine & entry_slot & BURIAL_BITS & !cov != 0 {
                    let (a0, a1) = self.context(y + 1, i)?;
                    for &e in &self.exits[a0..a1] {
                        let (w, word) = exit_parts(e);
                        let w = w as usize & (ROOM - 1);
                        pending[w] |= word;
                        rows[w / 64] |= 1 << (w % 64);
                    }
                }
            }
            pending[ix] = 0;
            rows[k] &= !(1 << (ix % 64));
            if own != 0 {
                // The burials made here or at a state its pairs of pyramid
                // cards came from: the same burials at the states these
                // pairs lead to take no exit those have not (module docs).
                let cov = cov | (own & entry_slot);
                let pairs = self.pair_at[ix] as usize..self.pair_at[ix + 1] as usize;
                for &to in &self.pair_to[pairs] {
                    let to = usize::from(to) & (ROOM - 1);
                    pending[to] |= own;
                    covered[to] |= cov;
                    rows[to / 64] |= 1 << (to % 64);
                }
                // The slot card with each exposed card (at the entry's
                // pointer: the later slot cards are in the reaches taken).
                let with_slot = own & entry_slot;
                if with_slot != 0 {
                    for &e in &p.exposed_list[ix] {
                        let a = usize::from(e >> 11);
                        let after_a = usize::from(e & 0x7ff);
                        let to = (with_slot & self.card_pair_bits[a]) >> 1;
                        pending[after_a] |= to;
                        rows[after_a / 64] |= u64::from(to != 0) << (after_a % 64);
                    }
                }
            }
        }
        // The reach, each pyramid state's word kept with the states alive
        // for this top's contexts and those under it (those of the reaches
        // taken are alive for later tops).
        let first = self.reaches.len() as u32;
        self.reaches.reserve(n);
        for &w in &order[..n] {
            let ix = usize::from(w) & (ROOM - 1);
            let mut alive = self.reach_alive_words[y * STATES + ix];
            if alive == u64::MAX {
                alive = self.reach_alive_word(y, w);
            }
            let word = reach[ix] & alive;
            reach[ix] = 0;
            if word != 0 {
                self.reaches.push(word | (ix as u64) << EXIT_ID);
            }
        }
        self.reach_spans[context_key(y, usize::from(id))] =
            (first, self.reaches.len() as u32 - first);
        Some(())
    }

    /// Explores the states `entry` leads to with top `top` (24: none), a
    /// card of the position's waste: skipping those already seen, and adds
    /// the exits found to `found`: whether the goal is among them (top
    /// none); `None` when the search runs out of states. Depth first, pairs
    /// before draws, and a card buried only once the pairs from its state
    /// are searched: a win is often found before the contexts of most
    /// draws are (the contexts themselves are swept whole). A state from
    /// which no exit (or goal) can be reached is recorded as dead for its
    /// top.
    fn explore(&mut self, entry: u32, top: usize, found: &mut Vec<u32>) -> Option<bool> {
        // Items: a state to enter, a state's burial (`BURY`), or the end of
        // the state last entered (`DONE`). `path` holds the states entered
        // and not yet done, and whether an exit is known from each.
        let mut stack = vec![entry];
        let mut path: Vec<(u32, bool)> = Vec::new();
        while let Some(item) = stack.pop() {
            if item == DONE {
                let (s, live) = path.pop().expect("a state entered");
                if live {
                    if let Some(parent) = path.last_mut() {
                        parent.1 = true;
                    }
                } else {
                    set(&mut self.dead[top], s);
                }
                continue;
            }
            if item & BURY != 0 {
                let (id, t, _) = parts(item & !BURY);
                let (a, b) = self.context(t - 1, id)?;
                let mut live = false;
                for i in a..b {
                    let (w, bits) = exit_parts(self.exits[i]);
                    let seen = self.seen[top][w as usize];
                    let dead = self.dead[top][w as usize];
                    live |= bits & seen & !dead != 0;
                    let mut new = bits & !seen & !dead;
                    while new != 0 {
                        stack.push(w * 64 + new.trailing_zeros());
                        new &= new - 1;
                    }
                }
                if live {
                    path.last_mut().expect("the state buried from").1 = true;
                }
                continue;
            }
            let s = item;
            if is_set(&self.seen[top], s) {
                if !is_set(&self.dead[top], s) {
                    if let Some(parent) = path.last_mut() {
                        parent.1 = true;
                    }
                }
                continue;
            }
            if is_set(&self.dead[top], s) {
                continue;
            }
            self.mark(top, s);
            self.visits += 1;
            if self.visits > self.limit {
                return None;
            }
            if top == STOCK && self.is_goal(s) {
                return Some(true);
            }
            if !self.is_alive(s, top) {
                set(&mut self.dead[top], s);
                continue;
            }
            let mut next = [0u32; 32];
            let mut n = 0;
            let mut leave = [0u32; 8];
            let mut l = 0;
            self.steps(s, top, |step, to| {
                if let Step::Leave(_) = step {
                    leave[l] = to;
                    l += 1;
                } else {
                    next[n] = to;
                    n += 1;
                }
            });
            for &e in &leave[..l] {
                if !is_set(&self.exited[top], e) {
                    set(&mut self.exited[top], e);
                    found.push(e);
                }
            }
            stack.push(DONE);
            let (_, t, slot) = parts(s);
            if t < STOCK && slot {
                stack.push(s | BURY);
            }
            let mut live = l > 0;
            for &to in next[..n].iter().rev() {
                live |= self.push(top, to, &mut stack);
            }
            path.push((s, live));
        }
        Some(false)
    }

    /// Pushes state `to` for `explore` unless seen or dead with top `top`:
    /// whether it is seen and not dead (an exit is known from it).
    fn push(&self, top: usize, to: u32, stack: &mut Vec<u32>) -> bool {
        if is_set(&self.seen[top], to) {
            return !is_set(&self.dead[top], to);
        }
        if !is_set(&self.dead[top], to) {
            stack.push(to);
        }
        false
    }

    fn is_goal(&self, s: u32) -> bool {
        let (id, t, slot) = parts(s);
        self.pyramids.set[usize::from(id)] == 0 && t == STOCK && !slot
    }

    /// Calls `f` with each step from state `s` with top `top` and the state
    /// after it, but the draws that bury a card.
    fn steps(&self, s: u32, top: usize, mut f: impl FnMut(Step, u32)) {
        let (id, t, slot) = parts(s);
        let p = self.pyramids;
        let i = usize::from(id);
        let board = self.board;
        let slot_card = slot.then(|| t - 1);
        let top_card = (top < STOCK).then(|| board.stock_card(top as u32));
        let mut rest = p.exposed[i];
        while rest != 0 {
            let a = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let card = board.pyramid_card(a as u32);
            let partners = self.partners[a];
            let after_a = p.after[i][a];
            for b in bits(partners as u32 & rest) {
                let to = p.after[usize::from(after_a)][b as usize];
                let m = Move::Pair(card, board.pyramid_card(b));
                f(Step::Pair(m), state(to, t, slot));
            }
            if let Some(j) = slot_card {
                if partners >> (PYRAMID_CARDS + j) & 1 != 0 {
                    let m = Move::Pair(card, board.stock_card(j as u32));
                    f(Step::Pair(m), state(after_a, t, false));
                }
            }
            if let Some(top_card) = top_card {
                if partners >> (PYRAMID_CARDS + top) & 1 != 0 {
                    f(
                        Step::Leave(Move::Pair(card, top_card)),
                        state(after_a, t, slot),
                    );
                }
            }
        }
        if let (Some(j), Some(top_card)) = (slot_card, top_card) {
            if self.partners[PYRAMID_CARDS + j] >> (PYRAMID_CARDS + top) & 1 != 0 {
                let m = Move::Pair(board.stock_card(j as u32), top_card);
                f(Step::Leave(m), state(id, t, false));
            }
        }
        if t < STOCK && !slot {
            f(Step::Draw, state(id, t + 1, true));
        }
    }

    /// Whether state `s` with top `top` (24: none) is alive, by its word.
    fn is_alive(&mut self, s: u32, top: usize) -> bool {
        let (id, _, _) = parts(s);
        self.alive_word(top, id) >> (s % 64) & 1 != 0
    }

    /// Whether state `s` with top `top` may still lead to every card
    /// leaving (see the module docs), worked out for the state alone:
    /// `alive_word`'s reference.
    #[cfg(test)]
    fn alive(&mut self, s: u32, top: usize) -> bool {
        let (id, t, slot) = parts(s);
        let mut stock = !below(t as u8) & ((1 << STOCK) - 1);
        if slot {
            stock |= 1 << (t - 1);
        }
        saturates(self.needs(usize::from(id), top, true).get(), stock)
    }

    /// The cards of pyramid state `i` with no partner among its own.
    fn lonely_of(&mut self, i: usize) -> u32 {
        if self.lonely[i] == NONE {
            let set = self.pyramids.set[i];
            self.lonely[i] = bits(set)
                .filter(|&k| self.partners[k as usize] & u64::from(set) == 0)
                .fold(0, |m, k| m | 1 << k);
        }
        self.lonely[i]
    }

    /// The states of pyramid state `id` known dead with top `top`, a card
    /// of the position's waste or none (`explore`).
    fn dead_word(&self, top: usize, id: usize) -> u64 {
        self.dead[top][id]
    }

    /// A line from state `entry` with top `top` to `target`, searched
    /// again with each state's way in kept; `None` if there is none.
    fn line(&mut self, entry: u32, top: usize, target: Target) -> Option<Vec<Move>> {
        let mut way: FxHashMap<u32, (u32, Step)> = FxHashMap::default();
        way.insert(entry, (NONE, Step::Draw));
        // In `explore`'s order, burials last, so that it meets the contexts
        // `explore` searched and no others.
        let mut stack = vec![entry];
        let mut end = None;
        while let Some(item) = stack.pop() {
            if item & BURY != 0 {
                let s = item & !BURY;
                let (id, t, _) = parts(s);
                let y = t - 1;
                let (a, b) = self.context(y, id)?;
                for i in a..b {
                    let (w, bits) = exit_parts(self.exits[i]);
                    let mut rest = bits & !self.dead_word(top, w as usize);
                    while rest != 0 {
                        let exit = w * 64 + rest.trailing_zeros();
                        rest &= rest - 1;
                        if let Entry::Vacant(v) = way.entry(exit) {
                            v.insert((s, Step::Bury { y, id, exit }));
                            stack.push(exit);
                        }
                    }
                }
                continue;
            }
            let s = item;
            if target == Target::Goal && self.is_goal(s) {
                end = Some((s, None));
                break;
            }
            if self.dead_word(top, s as usize / 64) >> (s % 64) & 1 != 0 || !self.is_alive(s, top) {
                continue;
            }
            let mut next = Vec::new();
            let mut leave = None;
            self.steps(s, top, |step, to| match step {
                Step::Leave(m) => {
                    if target == Target::Exit(to) && leave.is_none() {
                        leave = Some(m);
                    }
                }
                _ => next.push((step, to)),
            });
            if let Some(m) = leave {
                end = Some((s, Some(m)));
                break;
            }
            let (_, t, slot) = parts(s);
            if t < STOCK && slot {
                stack.push(s | BURY);
            }
            for (step, to) in next.into_iter().rev() {
                if let Entry::Vacant(v) = way.entry(to) {
                    v.insert((s, step));
                    stack.push(to);
                }
            }
        }
        let (mut s, last) = end?;
        let mut steps = Vec::new();
        while s != entry {
            let (from, step) = way[&s];
            steps.push(step);
            s = from;
        }
        let mut moves = Vec::new();
        for step in steps.into_iter().rev() {
            match step {
                Step::Pair(m) | Step::Leave(m) => moves.push(m),
                Step::Draw => moves.push(Move::Draw),
                Step::Bury { y, id, exit } => {
                    moves.push(Move::Draw);
                    let inner = self.line(state(id, y + 2, true), y, Target::Exit(exit));
                    moves.extend(inner.expect("a line to a context's exit"));
                }
            }
        }
        moves.extend(last);
        Some(moves)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::super::cheops::tests::{reference, walk, xorshift};
    use super::{bits, pyramids, StackSearch};
    use crate::deal::Deal;
    use crate::position::{Board, Position, Status};
    use crate::rules::Preset;
    use crate::solver::{solve, Limits, Outcome};

    fn cheops() -> Preset {
        "cheops".parse().expect("Cheops's id")
    }

    /// The stack search's verdict and line for `pos`, the line checked.
    fn by_stack(board: &Board, pos: &Position) -> bool {
        let masks = super::super::partner_masks(board);
        let mut search = StackSearch::new(board, &masks);
        search.allow(u64::MAX);
        match search.solve(pos).expect("no limit") {
            Some(line) => {
                let mut p = *pos;
                for m in line {
                    p = board.play(&p, m).expect("a legal move");
                }
                assert_eq!(board.status(&p), Status::Won);
                true
            }
            None => false,
        }
    }

    #[test]
    fn saturates_is_halls_condition() {
        // Hall's theorem: each card can have a partner of its own iff every
        // set of them has at least as many partners between them.
        let halls = |needs: &[u32], avail: u32| {
            (1u32..1 << needs.len()).all(|subset| {
                let cards = bits(subset).map(|c| needs[c as usize] & avail);
                cards.fold(0, |m, p| m | p).count_ones() >= subset.count_ones()
            })
        };
        let mut random = xorshift(0x5eed_0f4a_1100_u64);
        for _ in 0..20_000 {
            let n = (random() % 9) as usize;
            // Few partners each, among a few stock cards: tight cases.
            let needs: Vec<u32> = (0..n)
                .map(|_| (random() & random() & random()) as u32 & 0x3ff)
                .collect();
            let avail = (random() | random()) as u32 & ((1 << super::STOCK) - 1);
            assert_eq!(
                super::saturates(&needs, avail),
                halls(&needs, avail),
                "{needs:x?} within {avail:x}"
            );
        }
    }

    #[test]
    fn alive_words_keep_the_states_alive_keeps() {
        let p = pyramids();
        for number in [1, 2, 639, 7580, 9478] {
            let board = Board::new(Deal::from_number(number), cheops());
            let masks = super::super::partner_masks(&board);
            let mut search = StackSearch::new(&board, &masks);
            // Each card as the top, and none.
            for y in 0..=super::STOCK {
                for id in (0..p.set.len() as u16).step_by(3) {
                    let mut expected = 0u64;
                    for t in 0..=super::STOCK {
                        for slot in [false, true] {
                            let s = super::state(id, t, slot);
                            if !(slot && t == 0) && search.alive(s, y) {
                                expected |= 1 << (s % 64);
                            }
                        }
                    }
                    assert_eq!(
                        search.alive_word(y, id),
                        expected,
                        "deal {number}, top {y}, {id}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_pyramid_has_1430_states_numbered_by_cards_left() {
        let p = pyramids();
        assert_eq!(p.set.len(), 1430);
        assert!(p
            .set
            .windows(2)
            .all(|w| w[0].count_ones() >= w[1].count_ones()));
    }

    #[test]
    fn agrees_with_an_exhaustive_search_late_in_the_round() {
        let mut random = xorshift(0x51ac_c0de_2024_0001);
        let (mut wins, mut losses) = (0, 0);
        for number in 1..=80 {
            // Down a winning line to 24 cards or fewer, then a few random
            // moves, which often lose it.
            let board = Board::new(Deal::from_number(number), cheops());
            let line = solve(&board, &board.start(), Limits::default()).line;
            let mut pos = board.start();
            for &m in &line {
                if pos.cards_left() <= 24 {
                    break;
                }
                pos = board.play(&pos, m).expect("a legal move");
            }
            for _ in 0..random() % 4 {
                let moves = board.legal_moves(&pos);
                if moves.is_empty() {
                    break;
                }
                let m = moves[(random() % moves.len() as u64) as usize];
                pos = board.play(&pos, m).expect("a legal move");
            }
            if pos.cards_left() > 24 || line.is_empty() {
                continue;
            }
            let expected = reference(&board, &pos, usize::MAX).expect("no cap");
            assert_eq!(by_stack(&board, &pos), expected, "deal {number}: {pos:?}");
            if expected {
                wins += 1;
            } else {
                losses += 1;
            }
        }
        assert!(wins >= 15 && losses >= 15, "{wins} wins, {losses} losses");
    }

    #[test]
    fn agrees_with_the_search_over_positions_from_the_start() {
        // Deals the search over positions decides in its first runs: wins,
        // and losses it proves at the start.
        for number in [1, 2, 3, 306, 639, 1423] {
            let board = Board::new(Deal::from_number(number), cheops());
            let solution = solve(&board, &board.start(), Limits::default());
            assert!(solution.nodes < 10_000 && solution.outcome != Outcome::Unknown);
            assert_eq!(
                by_stack(&board, &board.start()),
                solution.outcome == Outcome::Win,
                "deal {number}"
            );
        }
    }

    /// Each context's reach and exits, against a search of its entry
    /// state by state (`steps`, the burials by the contexts' exits): the
    /// states it leads to with the top staying, kept while alive for the
    /// top without its own need, and the states after the top leaves from
    /// one of them, but by a pyramid card exposed at the entry.
    #[test]
    fn reaches_and_exits_are_those_searched_state_by_state() {
        let p = pyramids();
        let mut checked = 0;
        for number in [3, 852, 7580] {
            let board = Board::new(Deal::from_number(number), cheops());
            let masks = super::super::partner_masks(&board);
            let mut search = StackSearch::new(&board, &masks);
            search.allow(u64::MAX);
            search.solve(&board.start()).expect("no limit");
            let contexts: Vec<usize> = (0..search.spans.len())
                .filter(|&key| search.spans[key].0 != super::NONE)
                .step_by(97)
                .collect();
            for key in contexts {
                let (y, id) = (key / super::STATES, (key % super::STATES) as u16);
                let states = |(first, count): (u32, u32), all: &[u64]| {
                    let mut set = BTreeSet::new();
                    for &e in &all[first as usize..(first + count) as usize] {
                        let (w, word) = super::exit_parts(e);
                        for b in (0..64).filter(|b| word >> b & 1 != 0) {
                            set.insert(w * super::PER_PYRAMID as u32 + b);
                        }
                    }
                    set
                };
                let reach = states(search.reach_spans[key], &search.reaches);
                let exits = states(search.spans[key], &search.exits);
                let entry = super::state(id, y + 2, true);
                let mut seen = BTreeSet::from([entry]);
                let mut todo = vec![entry];
                let mut want_reach = BTreeSet::new();
                let mut want_exits = BTreeSet::new();
                while let Some(s) = todo.pop() {
                    let (i, t, slot) = super::parts(s);
                    if search.reach_alive_word(y, i) >> (s % 64) & 1 == 0 {
                        continue;
                    }
                    want_reach.insert(s);
                    let mut next = Vec::new();
                    search.steps(s, y, |step, to| match step {
                        super::Step::Leave(_) => {
                            let (after, _, _) = super::parts(to);
                            let gone = p.set[usize::from(i)] & !p.set[usize::from(after)];
                            if gone & p.exposed[usize::from(id)] == 0 {
                                want_exits.insert(to);
                            }
                        }
                        _ => next.push(to),
                    });
                    if slot && t < super::STOCK {
                        let (a, b) = search.context(t - 1, i).expect("no limit");
                        for k in a..b {
                            let (w, word) = super::exit_parts(search.exits[k]);
                            for b in (0..64).filter(|b| word >> b & 1 != 0) {
                                next.push(w * super::PER_PYRAMID as u32 + b);
                            }
                        }
                    }
                    for to in next {
                        if seen.insert(to) {
                            todo.push(to);
                        }
                    }
                }
                assert_eq!(reach, want_reach, "deal {number}: the reach of {y} at {id}");
                assert_eq!(exits, want_exits, "deal {number}: the exits of {y} at {id}");
                checked += 1;
            }
        }
        assert!(checked > 300, "{checked} contexts");
    }

    #[test]
    fn agrees_with_the_search_from_positions_with_a_waste() {
        // Positions part way through, most with cards on the waste.
        let mut random = xorshift(0x2545_f491_4f6c_dd1d);
        let (mut wins, mut losses, mut with_waste) = (0, 0, 0);
        for number in 1..=40 {
            let board = Board::new(Deal::from_number(number), cheops());
            let left = 24 + (random() % 20) as u32;
            let pos = walk(&board, left, &mut random);
            let solution = solve(&board, &pos, Limits::default());
            if solution.outcome == Outcome::Unknown || solution.nodes >= 100_000 {
                continue;
            }
            let won = by_stack(&board, &pos);
            assert_eq!(
                won,
                solution.outcome == Outcome::Win,
                "deal {number}: {pos:?}"
            );
            with_waste += u32::from(board.waste(&pos).len() > 1);
            if won {
                wins += 1;
            } else {
                losses += 1;
            }
        }
        assert!(
            wins >= 5 && losses >= 5 && with_waste >= 10,
            "{wins} wins, {losses} losses, {with_waste} with a waste"
        );
    }
}
