//! Unlimited passes, several cards a turn onto one waste whose top alone is
//! live (King Tut's kind of game): the search by sets of cards, which
//! proves the longest losses of the search over positions sooner.
//!
//! Draws change neither the pyramid nor the stock's cards, so every
//! position is a set of cards (the pyramid's and the stock's in play) and a
//! pointer, the stock cards drawn this pass. Every move but a draw or a
//! recycle removes cards, so the sets of cards can be taken in an order in
//! which each comes after every set with a move into it (by stock cards
//! left, then by pyramid cards left, most first): then each set is taken
//! once, with every pointer it is entered at. From a pointer, the draws go
//! on a turn at a time to the stock's end and round to the start of the
//! next pass, so the pointers drawn to from a set's entries are one bit
//! set, made by a few shifts. The moves are those of the search over
//! positions: a pyramid King alone, else a forced pair of pyramid cards
//! alone, else every pair of pyramid cards (from the pointers entered: from
//! a pointer drawn to, the same pair made before the draws reaches the same
//! position) and, at every pointer drawn to, the removals with the waste
//! top. The checks for a loss are made at the pointers entered, in order,
//! until one passes them. Sets of cards are told apart as the search over
//! positions tells them apart, by their representatives (see
//! `Search::by_rank`), whose pointers count the cards drawn as the actual
//! position's do; a removal mostly leaves a representative's stock one
//! still (`Search::set_after`).
//!
//! Every set of cards is taken, so the search proves a loss in about as
//! many steps as the search over positions has positions, each cheaper
//! (King Tut 3752: 0.79 million steps against 0.86 million positions, in
//! half the time), but meets a win only once it has taken nearly every
//! set of cards with more cards left, where the search over positions
//! mostly finds one in far fewer. So it runs beside that search, more
//! steps of its own for each of that one's the longer that one goes (see
//! `Search::by_sets`). If it meets a win first, the line is found back
//! through the sets met, kept for that (`Search::sweep_line`).

use crate::deal::PYRAMID_CARDS;
use crate::position::{below, bits, exposed_of, highest, Move, Position};

use super::{after_nth, ones, Search};

/// The pointers reached from those of `entries` (as cards drawn, bits
/// 0..=n) by draws and recycles, `n` stock cards in play, `turn` a turn.
fn drawn_to(entries: u32, n: u32, turn: u32) -> u32 {
    if entries == 0 {
        return 0;
    }
    if n == 0 {
        return 1;
    }
    // Every pointer draws on to the stock's end, and round to 0.
    let mut c = entries | 1;
    c |= c << turn;
    c |= c << (2 * turn);
    c |= c << (4 * turn);
    c |= c << (8 * turn);
    c & below(n as u8) | 1 << n
}

/// The place of a set of cards in the order they are taken in, last
/// first: by stock cards left, then by pyramid cards left (every move
/// takes cards from one or the other and none adds any).
fn level_of(pyramid: u32, stock: u32) -> usize {
    level_at(stock.count_ones() as usize, pyramid.count_ones() as usize)
}

/// `level_of`, by how many stock and pyramid cards are left.
fn level_at(stock: usize, pyramid: usize) -> usize {
    stock * (PYRAMID_CARDS + 1) + pyramid
}

const LEVELS: usize = (24 + 1) * (PYRAMID_CARDS + 1);

/// A set's word: its key (as `CardSets`'s: the representative's stock and
/// its pyramid's number) above the pointers it is entered at (bits
/// 0..=24), so that words sort by key.
const ENTRY_BITS: u32 = 25;
const ENTRIES: u64 = (1 << ENTRY_BITS) - 1;

/// The key of a set's word.
fn key_of(word: u64) -> u64 {
    word >> ENTRY_BITS
}

/// The pointers a set's word is entered at.
fn entries_of(word: u64) -> u32 {
    (word & ENTRIES) as u32
}

/// Where the search by sets of cards stands: the sets met, by level, and
/// the level being taken and how many of its sets are taken. A level not
/// yet taken holds a word for each move into its sets (see `Sweep::add`);
/// one taken or being taken, each set's word once, with every pointer it
/// is entered at, in order of key (kept, for a win's line). Sorting a
/// level's words once costs less than a table of sets would for each move
/// (King Tut 3752: 0.66 million words for 0.24 million sets).
pub(super) struct Sweep {
    levels: Vec<Vec<u64>>,
    level: usize,
    taken: usize,
    /// The root's set and the pointer it is at.
    root: (u64, u32),
    /// The set from which a move clears the pyramid, once met: its key,
    /// the pointer the move is made at, and the move.
    won: Option<(u64, u32, Step)>,
}

/// A move, by places: a pyramid King, a pair of pyramid cards, a pyramid
/// card with the waste top, or the waste top alone (a King).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    King(u32),
    Pair(u32, u32),
    WithTop(u32),
    TopKing,
}

/// What the search by sets of cards found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Found {
    /// Every set taken: the position is lost.
    Lost,
    /// A move that clears the pyramid.
    Won,
    /// Not yet: the steps given are spent.
    Later,
}

impl Sweep {
    /// The search from (canonical) `root`, in `search`.
    pub(super) fn new(search: &mut Search, root: &Position) -> Sweep {
        let mut sweep = Sweep {
            levels: vec![Vec::new(); LEVELS],
            level: LEVELS,
            taken: 0,
            root: (0, 0),
            won: None,
        };
        let root = search.canonical(root);
        let rep = search.by_rank_cached(&root, search.dead_stock(&root));
        let k = ones(rep.stock & below(rep.next));
        let key = search.cards_key(&rep);
        // The root's pyramid has its number: none is left out.
        if search.pyramid_of_id.is_empty() {
            search.number_pyramids();
        }
        sweep.add(level_of(rep.pyramid, rep.stock), key, 1 << k);
        sweep.root = (key, k);
        sweep
    }

    /// Notes set `key` at `level` entered at the pointers of `entries`.
    #[inline]
    fn add(&mut self, level: usize, key: u64, entries: u32) {
        self.levels[level].push(key << ENTRY_BITS | u64::from(entries));
    }

    /// Merges the words noted at `level` into one a set, with every
    /// pointer it is entered at, in order of key.
    fn merge(&mut self, level: usize) {
        let words = &mut self.levels[level];
        words.sort_unstable();
        words.dedup_by(|later, kept| {
            let same = key_of(*later) == key_of(*kept);
            if same {
                *kept |= *later;
            }
            same
        });
        words.shrink_to_fit();
    }

    /// The word of set `key` at taken level `level`, if met.
    fn get(&self, level: usize, key: u64) -> Option<u64> {
        let words = &self.levels[level];
        words
            .binary_search_by_key(&key, |&w| key_of(w))
            .ok()
            .map(|i| words[i])
    }
}

impl Search<'_> {
    /// Takes the sets of cards of `sweep` until it finds the position lost
    /// or won or has made `steps` steps (each check for a loss, and each
    /// waste top that can leave, a step; counted in `sweep_steps`).
    pub(super) fn sweep(&mut self, sweep: &mut Sweep, steps: u64) -> Found {
        let end = self.sweep_steps + steps;
        loop {
            if sweep.level == LEVELS || sweep.taken == sweep.levels[sweep.level].len() {
                if sweep.level == 0 {
                    return Found::Lost;
                }
                sweep.level -= 1;
                // Kept: a win's line is found back through them.
                sweep.merge(sweep.level);
                sweep.taken = 0;
                continue;
            }
            if self.sweep_steps >= end {
                return Found::Later;
            }
            let word = sweep.levels[sweep.level][sweep.taken];
            sweep.taken += 1;
            if let Some((at, step)) = self.sweep_set(sweep, word) {
                sweep.won = Some((key_of(word), at, step));
                return Found::Won;
            }
        }
    }

    /// Takes the set of cards of `word`: a move from it that clears the
    /// pyramid, if any, and the pointer it is made at.
    fn sweep_set(&mut self, sweep: &mut Sweep, word: u64) -> Option<(u32, Step)> {
        let turn = self.turned.expect("several cards a turn");
        let key = key_of(word);
        let entries = entries_of(word);
        let stock = key as u32 & ((1 << 24) - 1);
        let id = (key >> 24) as u32;
        let pyramid = self.pyramid_of_id[id as usize];
        let n = ones(stock);
        let at = |k: u32| Position {
            pyramid,
            stock,
            next: after_nth(stock, k),
            slot: false,
            pass: 1,
            dealt: 0,
            removed_this_pass: false,
        };
        // The checks for a loss, at each pointer entered until one passes
        // them.
        let mut entered = 0u32;
        for k in bits(entries) {
            if entered == 0 {
                self.sweep_steps += 1;
                if self.checks_lose(&at(k)) {
                    continue;
                }
            }
            entered |= 1 << k;
        }
        if entered == 0 {
            return None;
        }
        let first = entered.trailing_zeros();
        let exposed = exposed_of(pyramid);
        let dead = self.dead_of_id[id as usize];
        // A pyramid King goes first, and alone.
        let kings = exposed & self.alone as u32;
        if kings != 0 {
            let k = kings.trailing_zeros();
            if pyramid & !(1 << k) == 0 {
                return Some((first, Step::King(k)));
            }
            let child = self.without_card(id, k);
            let (key, level) = self.set_after(child, stock, dead, None);
            sweep.add(level, key, entered);
            return None;
        }
        // A forced pair of pyramid cards goes alone.
        let in_play = u64::from(pyramid) | u64::from(stock) << PYRAMID_CARDS;
        let mut pairs = [(0u32, 0u32); 64];
        let mut count = 0;
        let mut forced = false;
        'pairs: for a in bits(exposed) {
            let partners = self.partner_masks[a as usize] as u32 & exposed & !below(a as u8 + 1);
            for b in bits(partners) {
                if self.forced_pair(a as usize, b as usize, in_play) {
                    (pairs[0], count, forced) = ((a, b), 1, true);
                    break 'pairs;
                }
                pairs[count] = (a, b);
                count += 1;
            }
        }
        for &(a, b) in &pairs[..count] {
            if pyramid & !(1 << a) & !(1 << b) == 0 {
                return Some((first, Step::Pair(a, b)));
            }
            let child = self.without_card(id, a);
            let child = self.without_card(child, b);
            let (key, level) = self.set_after(child, stock, dead, None);
            sweep.add(level, key, entered);
        }
        if forced {
            return None;
        }
        // The waste tops that can leave, at every pointer drawn to.
        let leaves = self.top_leaving(pyramid);
        for k in bits(drawn_to(entered, n, turn) & !1) {
            let top = u32::from(after_nth(stock, k)) - 1;
            if leaves >> top & 1 == 0 {
                continue;
            }
            self.sweep_steps += 1;
            let partners = self.partner_masks[PYRAMID_CARDS + top as usize] as u32 & exposed;
            for x in bits(partners) {
                if pyramid & !(1 << x) == 0 {
                    return Some((k, Step::WithTop(x)));
                }
                let child = self.without_card(id, x);
                let (key, level) = self.set_after(child, stock, dead, Some(top));
                sweep.add(level, key, 1 << (k - 1));
            }
            if self.alone >> (PYRAMID_CARDS as u32 + top) & 1 != 0 {
                let (key, level) = self.set_after(id, stock, dead, Some(top));
                sweep.add(level, key, 1 << (k - 1));
            }
        }
        None
    }

    /// The line of the win `sweep` met, from `root` (its root): found back
    /// from the set the win was met at to the root's through the sets met
    /// (each kept with every pointer it was entered at), then played
    /// forward on the actual cards.
    ///
    /// At each set and the pointer its next move is made at, it looks for
    /// a set met at the level a move into it comes from, with a pyramid
    /// that move leaves this one's, and a pointer drawn to from its entries
    /// at which that move, made as the search makes it, leads to this set
    /// at a pointer whose draws reach the one needed. Every set met was
    /// entered at each of its pointers from one met before it, so there is
    /// always one, and the line found plays: every step is a legal move
    /// from a position reached. (`None` only if that were not so: the
    /// search over positions then finds the line.)
    pub(super) fn sweep_line(&mut self, sweep: &Sweep, root: &Position) -> Option<Vec<Move>> {
        let turn = self.turned.expect("several cards a turn");
        let (mut key, mut at, step) = sweep.won?;
        let mut steps = vec![(at, step)];
        while !(key == sweep.root.0
            && drawn_to(1 << sweep.root.1, ones(key as u32 & ((1 << 24) - 1)), turn) >> at & 1 != 0)
        {
            let back = self.step_back(sweep, key, at);
            debug_assert!(back.is_some(), "a set entered it");
            let (from, from_at, step) = back?;
            steps.push((from_at, step));
            (key, at) = (from, from_at);
        }
        let board = self.board;
        let mut line = Vec::new();
        let mut pos = *root;
        for &(at, step) in steps.iter().rev() {
            // Two passes at most.
            for _ in 0..2 * 25 {
                if ones(pos.stock & below(pos.next)) == at {
                    break;
                }
                let m = if pos.stock & !below(pos.next) != 0 {
                    Move::Draw
                } else {
                    Move::Recycle
                };
                pos = board.play(&pos, m).ok()?;
                line.push(m);
            }
            if ones(pos.stock & below(pos.next)) != at {
                return None;
            }
            let top = || board.waste_top_index(&pos).map(|i| board.stock_card(i));
            let m = match step {
                Step::King(k) => Move::King(board.pyramid_card(k)),
                Step::Pair(a, b) => Move::Pair(board.pyramid_card(a), board.pyramid_card(b)),
                Step::WithTop(x) => Move::Pair(board.pyramid_card(x), top()?),
                Step::TopKing => Move::King(top()?),
            };
            pos = board.play(&pos, m).ok()?;
            line.push(m);
        }
        debug_assert_eq!(pos.pyramid, 0, "the line clears the pyramid");
        (pos.pyramid == 0).then_some(line)
    }

    /// `sweep_line`'s step back from set `key` at pointer `at`: the set
    /// met that leads to it, the pointer there and the move.
    fn step_back(&mut self, sweep: &Sweep, key: u64, at: u32) -> Option<(u64, u32, Step)> {
        let turn = self.turned.expect("several cards a turn");
        let stock = key as u32 & ((1 << 24) - 1);
        let id = (key >> 24) as u32;
        let pyramid = self.pyramid_of_id[id as usize];
        let (s, p) = (stock.count_ones() as usize, pyramid.count_ones() as usize);
        let word = sweep.get(level_of(pyramid, stock), key)?;
        let entries = entries_of(word);
        // The entries from which `at` is drawn to.
        let n = ones(stock);
        let good: u32 = bits(entries)
            .filter(|&e| drawn_to(1 << e, n, turn) >> at & 1 != 0)
            .fold(0, |m, e| m | 1 << e);
        // The levels a move into this set comes from: a pyramid King or
        // pair (as many stock cards), a removal with the waste top (one
        // more).
        for (ds, dp) in [(0, 1), (0, 2), (1, 1), (1, 0)] {
            if p + dp > PYRAMID_CARDS || s + ds > 24 {
                continue;
            }
            for &w in &sweep.levels[level_at(s + ds, p + dp)] {
                let from = key_of(w);
                let from_id = (from >> 24) as u32;
                let from_pyramid = self.pyramid_of_id[from_id as usize];
                if from_pyramid & pyramid != pyramid {
                    continue;
                }
                let from_stock = from as u32 & ((1 << 24) - 1);
                let from_entries = entries_of(w);
                let reached = drawn_to(from_entries, ones(from_stock), turn);
                let dead = self.dead_of_id[from_id as usize];
                let gone = from_pyramid & !pyramid;
                let exposed = exposed_of(from_pyramid);
                if gone & !exposed != 0 {
                    continue;
                }
                if ds == 0 {
                    // A pyramid King or pair, at an entry of this set's
                    // that draws to `at`.
                    let step = match (bits(gone).next(), bits(gone).nth(1), dp) {
                        (Some(k), None, 1) if self.alone >> k & 1 != 0 => Step::King(k),
                        (Some(a), Some(b), 2) if self.partner_masks[a as usize] >> b & 1 != 0 => {
                            Step::Pair(a, b)
                        }
                        _ => continue,
                    };
                    let e_ok = good & reached;
                    if e_ok == 0 || self.set_after(id, from_stock, dead, None).0 != key {
                        continue;
                    }
                    return Some((from, e_ok.trailing_zeros(), step));
                }
                // A removal with the waste top at pointer e + 1, for an
                // entry e of this set's that draws to `at`.
                for e in bits(good) {
                    let k = e + 1;
                    if reached >> k & 1 == 0 || k > ones(from_stock) {
                        continue;
                    }
                    let top = u32::from(after_nth(from_stock, k)) - 1;
                    let top_partners = self.partner_masks[PYRAMID_CARDS + top as usize] as u32;
                    let step = if dp == 1 {
                        let x = gone.trailing_zeros();
                        if top_partners >> x & 1 == 0 {
                            continue;
                        }
                        Step::WithTop(x)
                    } else if self.alone >> (PYRAMID_CARDS as u32 + top) & 1 != 0 {
                        Step::TopKing
                    } else {
                        continue;
                    };
                    if self.set_after(id, from_stock, dead, Some(top)).0 == key {
                        return Some((from, k, step));
                    }
                }
            }
        }
        None
    }

    /// The number of the pyramid numbered `id` without its card `k`.
    #[inline]
    fn without_card(&mut self, id: u32, k: u32) -> u32 {
        let c = self.without_of_id[id as usize][k as usize];
        if c != u16::MAX {
            return u32::from(c);
        }
        let c = self.pyramid_id(self.pyramid_of_id[id as usize] & !(1 << k));
        self.without_of_id[id as usize][k as usize] = c as u16;
        c
    }

    /// The key and level of the set of the pyramid numbered `id` and the
    /// stock `from`, a representative's (whose cards stand for none but
    /// themselves, `dead` its dead stock cards; see `Search::by_rank`), with
    /// stock card `top` gone if any. That is `from` itself, without `top`,
    /// when the dead cards are the same and the card after `top` has no
    /// card of its kind out of play between it and the one before `top`:
    /// the cards before `top` stand for themselves still, and so do those
    /// after it, each the first of its kind past the one before.
    #[inline]
    fn set_after(&mut self, id: u32, from: u32, dead: u32, top: Option<u32>) -> (u64, usize) {
        let stock = top.map_or(from, |t| from & !(1 << t));
        let pyramid = self.pyramid_of_id[id as usize];
        let dead_now = self.dead_of_id[id as usize];
        let same = dead_now == dead
            && top.is_none_or(|t| {
                let after = stock & !below(t as u8 + 1);
                if after == 0 {
                    return true;
                }
                let j = after.trailing_zeros();
                let kind = if dead >> j & 1 != 0 {
                    dead
                } else {
                    self.same_rank[j as usize]
                };
                let before = highest(stock & below(t as u8)).map_or(0, |p| p + 1);
                kind & below(t as u8 + 1) & !below(before as u8) == 0
            });
        let probe = Position {
            pyramid,
            stock,
            next: 0,
            slot: false,
            pass: 1,
            dealt: 0,
            removed_this_pass: false,
        };
        let rep = if same {
            stock
        } else {
            self.by_rank_numbered(&probe, dead_now, id).stock
        };
        debug_assert_eq!(dead_now, self.dead_stock(&probe));
        debug_assert_eq!(rep, self.by_rank(&probe, dead_now).stock);
        (
            u64::from(rep) | u64::from(id) << 24,
            level_of(pyramid, stock),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::super::cheops::tests::{walk, xorshift};
    use super::super::{with_search, Tables};
    use super::*;
    use crate::deal::Deal;
    use crate::position::Board;
    use crate::rules::Preset;
    use crate::solver::Limits;

    #[test]
    fn draws_reach_each_entry_s_turns_and_every_pass_start_s() {
        // Eight cards, three a turn: from 1, 4 and 7, then 8 (the end),
        // then 0, 3 and 6.
        assert_eq!(drawn_to(1 << 1, 8, 3), 0b1_1101_1011);
        assert_eq!(drawn_to(1 << 8, 8, 3), 0b1_0100_1001);
        assert_eq!(drawn_to(0, 8, 3), 0);
        assert_eq!(drawn_to(1, 0, 3), 1);
        // Twenty-four cards from 23: 23, then the end, and each pass's
        // turns.
        assert_eq!(drawn_to(1 << 23, 24, 3), 0x0024_9249 | 1 << 23 | 1 << 24);
        // Two a turn.
        assert_eq!(drawn_to(1 << 5, 9, 2), 0b11_1111_0101);
    }

    /// The verdicts of the search by sets of cards alone, run to the end
    /// (a win's line played out), and of the search over positions alone,
    /// on `pos`.
    fn both(board: &Board, pos: &Position) -> (Found, bool) {
        let tables = Tables::new(board);
        let by_sets = with_search(board, pos, Limits::default(), Some(&tables), |search| {
            let mut sweep = Sweep::new(search, pos);
            let found = search.sweep(&mut sweep, u64::MAX / 2);
            if found == Found::Won {
                let mut p = *pos;
                for m in search.sweep_line(&sweep, pos).expect("a line") {
                    p = board.play(&p, m).expect("a legal move");
                }
                assert_eq!(p.pyramid, 0, "the line clears the pyramid");
            }
            found
        });
        let by_positions = with_search(board, pos, Limits::default(), Some(&tables), |search| {
            let won = search.dfs(*pos);
            assert!(!search.aborted, "decided");
            won
        });
        (by_sets, by_positions)
    }

    #[test]
    fn agrees_with_the_search_over_positions_late_in_the_round() {
        let mut random = xorshift(0x5ee9_0f5e_7500_0001);
        let (mut wins, mut losses) = (0, 0);
        for (number, preset) in (1..=120).map(|n| {
            let id = [
                "kingtut",
                "custom-u-3-waste-all-no",
                "custom-u-3-waste-pyramid-no",
            ];
            (n, id[n as usize % 3].parse::<Preset>().expect("an id"))
        }) {
            let board = Board::new(Deal::from_number(number), preset);
            // Random moves, one in three a draw, down to 40 cards or fewer.
            let pos = walk(&board, 40, &mut random);
            if board.legal_moves(&pos).is_empty() {
                continue;
            }
            let (by_sets, won) = both(&board, &pos);
            assert_eq!(
                by_sets,
                if won { Found::Won } else { Found::Lost },
                "deal {number}"
            );
            if won {
                wins += 1;
            } else {
                losses += 1;
            }
        }
        assert!(wins >= 20 && losses >= 20, "{wins} wins, {losses} losses");
    }

    #[test]
    fn agrees_with_the_search_over_positions_on_whole_deals() {
        let kingtut: Preset = "kingtut".parse().expect("King Tut's id");
        let mut losses = 0;
        // 125 and 5850 are losses the search over positions takes over
        // 20,000 positions to prove.
        for number in (1..=30).chain([125, 5850]) {
            let board = Board::new(Deal::from_number(number), kingtut);
            let (by_sets, won) = both(&board, &board.start());
            assert_eq!(
                by_sets,
                if won { Found::Won } else { Found::Lost },
                "deal {number}"
            );
            losses += u32::from(!won);
        }
        assert!(losses >= 10, "{losses} losses");
    }

    #[test]
    fn proves_the_longest_loss_long_before_the_search_over_positions() {
        // King Tut 3752: lost, 864,577 positions for the search over
        // positions alone; beside the search by sets of cards it stops
        // when that one has proved the loss.
        let board = Board::new(Deal::from_number(3752), "kingtut".parse().expect("an id"));
        let start = board.start();
        let tables = Tables::new(&board);
        with_search(&board, &start, Limits::default(), Some(&tables), |search| {
            assert!(!search.by_sets(&start));
            assert!(!search.aborted);
            assert!(search.sweep_steps > 0);
            assert!(search.nodes < 200_000, "{} positions", search.nodes);
        });
    }

    #[test]
    fn decides_beside_the_search_over_positions_as_it_alone_would() {
        // Losses past `SWEEP_AFTER` positions that the search by sets of
        // cards proves, wins the search over positions finds beside it
        // (4180, 300), and wins it finds first (3676, 4438), their lines
        // replayed.
        let kingtut: Preset = "kingtut".parse().expect("King Tut's id");
        for (number, won) in [
            (125, false),
            (5850, false),
            (4180, true),
            (300, true),
            (3676, true),
            (4438, true),
        ] {
            let board = Board::new(Deal::from_number(number), kingtut);
            let solution = crate::solver::solve(&board, &board.start(), Limits::default());
            assert_eq!(
                solution.outcome,
                crate::solver::verdict(won, false),
                "deal {number}"
            );
            if won {
                let mut pos = board.start();
                for &m in &solution.line {
                    pos = board.play(&pos, m).expect("a legal move");
                }
                assert_eq!(pos.pyramid, 0, "deal {number}");
            }
        }
    }
}
