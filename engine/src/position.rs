//! Positions and moves: the rules of play, without history.
//!
//! A [`Board`] is a deal under a set of rules; a [`Position`] is a small `Copy`
//! value saying which cards are left and where the stock stands. The stock side
//! never changes order (a recycle turns the waste over "in the same order as
//! before"), so it is stored as the set of stock cards still in play plus a
//! pointer: the cards before the pointer have been drawn this pass (the waste,
//! and the draw slot in draw-card mode), the cards from it on are the stock.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::card::{Card, ParseCardError};
use crate::deal::{Deal, PYRAMID_CARDS, STOCK_CARDS};
use crate::rules::{LossRule, Pairing, Preset, Rules, StockMode, WinCondition, RESERVE_PILES};

/// One completed action. Cards are unique in a deck, so a move names its cards
/// rather than their places; the text forms are `KS`, `5C+8D`, `D` and `R`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub enum Move {
    /// Remove an available King on its own.
    King(Card),
    /// Remove two available cards that make a pair (values adding up to
    /// 13; in Cheops, equal or adjacent ranks), or with overlap pairs a
    /// card and the one card still covering it.
    Pair(Card, Card),
    /// Turn the top stock card face up.
    Draw,
    /// Turn the waste over to form the stock again.
    Recycle,
}

impl Move {
    /// The cards this move removes (none for a draw or recycle).
    pub fn removed_cards(self) -> impl Iterator<Item = Card> {
        let (a, b) = match self {
            Move::King(c) => (Some(c), None),
            Move::Pair(a, b) => (Some(a), Some(b)),
            Move::Draw | Move::Recycle => (None, None),
        };
        a.into_iter().chain(b)
    }

    pub fn is_removal(self) -> bool {
        matches!(self, Move::King(_) | Move::Pair(..))
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::King(c) => write!(f, "{c}"),
            Move::Pair(a, b) => write!(f, "{a}+{b}"),
            Move::Draw => f.write_str("D"),
            Move::Recycle => f.write_str("R"),
        }
    }
}

/// Why a move's text could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseMoveError {
    Card(ParseCardError),
    /// A single card that is not a King is not a move.
    NotAKing(Card),
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseMoveError::Card(e) => e.fmt(f),
            ParseMoveError::NotAKing(c) => write!(f, "{c} alone is not a move (only a king is)"),
        }
    }
}

impl std::error::Error for ParseMoveError {}

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        match s {
            "D" => return Ok(Move::Draw),
            "R" => return Ok(Move::Recycle),
            _ => {}
        }
        if let Some((a, b)) = s.split_once('+') {
            let a = a.parse().map_err(ParseMoveError::Card)?;
            let b = b.parse().map_err(ParseMoveError::Card)?;
            return Ok(Move::Pair(a, b));
        }
        let card: Card = s.parse().map_err(ParseMoveError::Card)?;
        if card.is_king() {
            Ok(Move::King(card))
        } else {
            Err(ParseMoveError::NotAKing(card))
        }
    }
}

impl From<Move> for String {
    fn from(m: Move) -> String {
        m.to_string()
    }
}

impl TryFrom<String> for Move {
    type Error = ParseMoveError;
    fn try_from(s: String) -> Result<Move, ParseMoveError> {
        s.parse()
    }
}

/// Writes a line of moves as space-separated move codes.
pub fn format_line(moves: &[Move]) -> String {
    moves
        .iter()
        .map(Move::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads a line of space-separated move codes.
pub fn parse_line(s: &str) -> Result<Vec<Move>, ParseMoveError> {
    s.split_whitespace().map(str::parse).collect()
}

/// Why a move was refused. The position is left unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The card is covered, already removed, or buried in the stock or waste.
    NotAvailable(Card),
    /// A single card that is not a King cannot be removed alone.
    NotAKing(Card),
    /// The two cards' values do not add up to 13.
    NotThirteen(Card, Card),
    /// Cheops: the two cards are not of equal or adjacent rank.
    NotAdjacent(Card, Card),
    /// Cheops: no card goes alone, not even a King.
    NoneAlone(Card),
    /// A card cannot pair with itself.
    SameCard(Card),
    /// Draw with an empty stock.
    StockEmpty,
    /// Recycle while the stock still has cards.
    StockNotEmpty,
    /// Recycle with nothing drawn to turn over.
    NothingToRecycle,
    /// Recycle after the last pass.
    NoPassesLeft,
    /// Any move after the round has ended.
    RoundOver,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::NotAvailable(c) => write!(f, "{c} is not available"),
            MoveError::NotAKing(c) => write!(f, "{c} is not a king and cannot go alone"),
            MoveError::NotThirteen(a, b) => write!(
                f,
                "{} + {} = {}, not 13",
                a.rank_label(),
                b.rank_label(),
                a.rank() + b.rank()
            ),
            MoveError::NotAdjacent(a, b) => write!(
                f,
                "{} and {} are not of equal or adjacent rank",
                a.rank_label(),
                b.rank_label()
            ),
            MoveError::NoneAlone(c) => {
                write!(f, "{c} cannot go alone: every card leaves in a pair")
            }
            MoveError::SameCard(c) => write!(f, "{c} cannot pair with itself"),
            MoveError::StockEmpty => f.write_str("the stock is empty"),
            MoveError::StockNotEmpty => f.write_str("the stock is not empty yet"),
            MoveError::NothingToRecycle => f.write_str("there is no waste to turn over"),
            MoveError::NoPassesLeft => f.write_str("no passes through the stock are left"),
            MoveError::RoundOver => f.write_str("the round is over"),
        }
    }
}

impl std::error::Error for MoveError {}

/// Where a card lies in the deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Home {
    /// Pyramid index 0..28: row `r`, column `c` is `r * (r + 1) / 2 + c`.
    Pyramid(u8),
    /// Stock index 0..24: `deal.stock()[i]` (in Giza, reserve pile
    /// `i % 8`, `i / 8` cards from its bottom).
    Stock(u8),
}

/// Where an available or visible card is now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Zone {
    Pyramid,
    /// The card just turned, in draw-card mode.
    Draw,
    /// A waste pile (with three wastes, any of them).
    Waste,
    Stock,
    /// Giza: reserve pile 0..8.
    Reserve(u8),
}

/// How a round has ended, or that it has not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    InProgress,
    Won,
    Lost(LossReason),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LossReason {
    /// No removal can ever happen again, whatever is drawn or recycled.
    Dead,
    /// Easy: a whole pass went by without a removal and nothing can be removed now.
    IdlePass,
    /// Par Pyramid: the player ended the round before clearing the pyramid.
    Ended,
}

/// The row and column of pyramid index `k`.
pub fn row_col(k: u8) -> (u8, u8) {
    let mut row = 0;
    while (row + 1) * (row + 2) / 2 <= k {
        row += 1;
    }
    (row, k - row * (row + 1) / 2)
}

/// The pyramid index of row `row`, column `col` (`col <= row < 7`).
pub fn pyramid_index(row: u8, col: u8) -> u8 {
    row * (row + 1) / 2 + col
}

/// A deal under a set of rules, with lookup tables for fast play.
#[derive(Clone, Debug)]
pub struct Board {
    deal: Deal,
    preset: Preset,
    rules: Rules,
    home: [Home; 52],
    /// For each pyramid card, the bits of every card below it that must go
    /// before it is exposed (its whole cover cone). Such a card can never
    /// pair with it.
    cone: [u32; PYRAMID_CARDS],
}

/// The state of play between moves. Small and `Copy`; [`Position::key`] packs
/// it into a `u64` for the solver's tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// Bit k set: pyramid card k is still there.
    pub(crate) pyramid: u32,
    /// Bit i set: stock card i is still in play (in the stock, waste or slot).
    pub(crate) stock: u32,
    /// Stock cards below this index have been drawn this pass.
    pub(crate) next: u8,
    /// Draw-card mode: the last drawn card still in play sits in the draw slot.
    pub(crate) slot: bool,
    /// The current pass through the stock, from 1.
    pub(crate) pass: u16,
    /// Three wastes: the stock cards in play when the pass began, whose
    /// order in the pass deals each onto its waste in turn.
    pub(crate) dealt: u32,
    /// Whether any card was removed since the current pass began.
    pub(crate) removed_this_pass: bool,
}

pub(crate) const ALL_PYRAMID: u32 = (1 << PYRAMID_CARDS) - 1;
pub(crate) const ALL_STOCK: u32 = (1 << STOCK_CARDS) - 1;

impl Board {
    pub fn new(deal: Deal, preset: Preset) -> Board {
        let mut home = [Home::Pyramid(0); 52];
        for (k, card) in deal.pyramid().iter().enumerate() {
            home[usize::from(card.index())] = Home::Pyramid(k as u8);
        }
        for (i, card) in deal.stock().iter().enumerate() {
            home[usize::from(card.index())] = Home::Stock(i as u8);
        }
        let mut cone = [0u32; PYRAMID_CARDS];
        for k in (0..PYRAMID_CARDS as u8).rev() {
            let (row, col) = row_col(k);
            if row < 6 {
                let left = pyramid_index(row + 1, col);
                let right = left + 1;
                cone[usize::from(k)] =
                    (1 << left) | (1 << right) | cone[usize::from(left)] | cone[usize::from(right)];
            }
        }
        Board {
            deal,
            preset,
            rules: preset.rules(),
            home,
            cone,
        }
    }

    pub fn deal(&self) -> &Deal {
        &self.deal
    }

    pub fn preset(&self) -> Preset {
        self.preset
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Where `card` was dealt.
    pub fn home(&self, card: Card) -> Home {
        self.home[usize::from(card.index())]
    }

    /// The position right after the deal.
    pub fn start(&self) -> Position {
        Position {
            pyramid: ALL_PYRAMID,
            stock: ALL_STOCK,
            // Giza's reserve is all face up: nothing is left to draw.
            next: if self.rules.has_stock() {
                0
            } else {
                STOCK_CARDS as u8
            },
            slot: false,
            pass: 1,
            removed_this_pass: false,
            dealt: ALL_STOCK,
        }
    }

    pub(crate) fn pyramid_card(&self, k: u32) -> Card {
        self.deal.cards()[k as usize]
    }

    pub(crate) fn stock_card(&self, i: u32) -> Card {
        self.deal.cards()[PYRAMID_CARDS + i as usize]
    }

    /// The pyramid indices of the two cards lying on card `k` (none on the
    /// bottom row).
    pub(crate) fn lying_on(&self, k: u8) -> impl Iterator<Item = u8> {
        let (row, _) = row_col(k);
        let first = k + row + 1;
        (row < 6)
            .then_some([first, first + 1])
            .into_iter()
            .flatten()
    }

    pub(crate) fn cone(&self, k: u32) -> u32 {
        self.cone[k as usize]
    }

    /// Bits of the pyramid cards that are still there and uncovered.
    pub fn exposed_mask(&self, pos: &Position) -> u32 {
        exposed_of(pos.pyramid)
    }

    /// Whether pyramid card `k` is still there and uncovered.
    pub fn is_exposed(&self, pos: &Position, k: u8) -> bool {
        exposed_of(pos.pyramid) & (1 << k) != 0
    }

    /// The stock index of the card in the draw slot, if any.
    pub fn draw_slot_index(&self, pos: &Position) -> Option<u32> {
        if !pos.slot {
            return None;
        }
        highest(pos.stock & below(pos.next))
    }

    /// The stock index of the waste's top card, if any (one waste only).
    pub fn waste_top_index(&self, pos: &Position) -> Option<u32> {
        if self.rules.wastes != 1 || !self.rules.has_stock() {
            return None;
        }
        let mut drawn = pos.stock & below(pos.next);
        if pos.slot {
            if let Some(top) = highest(drawn) {
                drawn &= !(1 << top);
            }
        }
        highest(drawn)
    }

    pub fn draw_slot(&self, pos: &Position) -> Option<Card> {
        self.draw_slot_index(pos).map(|i| self.stock_card(i))
    }

    pub fn waste_top(&self, pos: &Position) -> Option<Card> {
        self.waste_top_index(pos).map(|i| self.stock_card(i))
    }

    /// The waste, bottom card first (the draw slot not included; empty
    /// with three wastes or none).
    pub fn waste(&self, pos: &Position) -> Vec<Card> {
        if self.rules.wastes != 1 || !self.rules.has_stock() {
            return Vec::new();
        }
        let mut drawn = pos.stock & below(pos.next);
        if let Some(i) = self.draw_slot_index(pos) {
            drawn &= !(1 << i);
        }
        bits(drawn).map(|i| self.stock_card(i)).collect()
    }

    /// The stock, the next card to be drawn first.
    pub fn stock(&self, pos: &Position) -> Vec<Card> {
        bits(pos.stock & !below(pos.next))
            .map(|i| self.stock_card(i))
            .collect()
    }

    pub fn stock_count(&self, pos: &Position) -> u32 {
        (pos.stock & !below(pos.next)).count_ones()
    }

    /// Three wastes, or Giza's eight reserve piles: the stock index of
    /// each card in the piles with its pile, bottom card first.
    fn piled(&self, pos: &Position) -> impl Iterator<Item = (u32, u8)> + '_ {
        let reserve = !self.rules.has_stock();
        let piles = if reserve { 0 } else { self.rules.wastes };
        let dealt = pos.dealt;
        let mut drawn = if reserve || piles > 1 {
            pos.stock & below(pos.next)
        } else {
            0
        };
        std::iter::from_fn(move || {
            (drawn != 0).then(|| {
                let i = drawn.trailing_zeros();
                drawn &= drawn - 1;
                let pile = if reserve {
                    (i % u32::from(RESERVE_PILES)) as u8
                } else {
                    ((dealt & below(i as u8)).count_ones() % u32::from(piles)) as u8
                };
                (i, pile)
            })
        })
    }

    /// The number of piles [`Board::piles`] shows: 8 in Giza, 3 with three
    /// wastes, else none.
    pub fn pile_count(&self) -> u8 {
        if !self.rules.has_stock() {
            RESERVE_PILES
        } else if self.rules.wastes > 1 {
            self.rules.wastes
        } else {
            0
        }
    }

    /// Giza's reserve piles or the three wastes, each bottom card first
    /// (its last card is the available one); empty for one waste.
    pub fn piles(&self, pos: &Position) -> Vec<Vec<Card>> {
        let mut piles = vec![Vec::new(); usize::from(self.pile_count())];
        for (i, pile) in self.piled(pos) {
            piles[usize::from(pile)].push(self.stock_card(i));
        }
        piles
    }

    /// The stock indices of the live stock-side cards that are not in the
    /// draw slot nor on the single waste: the tops of the piles.
    fn pile_tops(&self, pos: &Position) -> u32 {
        let mut tops = [None; RESERVE_PILES as usize];
        for (i, pile) in self.piled(pos) {
            tops[usize::from(pile)] = Some(i);
        }
        tops.iter().flatten().fold(0, |m, &i| m | 1 << i)
    }

    /// The pile a card lies in (Giza's reserve, or one of three wastes).
    pub fn pile_of(&self, pos: &Position, card: Card) -> Option<u8> {
        let Home::Stock(i) = self.home(card) else {
            return None;
        };
        self.piled(pos)
            .find(|&(j, _)| j == u32::from(i))
            .map(|(_, p)| p)
    }

    /// The stock indices of every live stock-side card.
    fn live_stock(&self, pos: &Position) -> u32 {
        let mut live = self.pile_tops(pos);
        for i in [self.draw_slot_index(pos), self.waste_top_index(pos)]
            .into_iter()
            .flatten()
        {
            live |= 1 << i;
        }
        live
    }

    /// Where `card` is now, or `None` once it has been removed.
    pub fn zone(&self, pos: &Position, card: Card) -> Option<Zone> {
        match self.home(card) {
            Home::Pyramid(k) => (pos.pyramid & (1 << k) != 0).then_some(Zone::Pyramid),
            Home::Stock(i) => {
                let i = u32::from(i);
                if pos.stock & (1 << i) == 0 {
                    None
                } else if !self.rules.has_stock() {
                    Some(Zone::Reserve((i % u32::from(RESERVE_PILES)) as u8))
                } else if i >= u32::from(pos.next) {
                    Some(Zone::Stock)
                } else if self.draw_slot_index(pos) == Some(i) {
                    Some(Zone::Draw)
                } else {
                    Some(Zone::Waste)
                }
            }
        }
    }

    /// Whether `card` may be used in a removal now.
    pub fn is_available(&self, pos: &Position, card: Card) -> bool {
        match self.home(card) {
            Home::Pyramid(k) => self.is_exposed(pos, k),
            Home::Stock(i) => self.live_stock(pos) & (1 << i) != 0,
        }
    }

    /// The pyramid cards still lying on `card`, left and right: none when it is
    /// exposed, gone, on the bottom row, or not a pyramid card. Card k of
    /// row r lies under cards k + r + 1 and k + r + 2.
    pub fn covering(&self, pos: &Position, card: Card) -> [Option<Card>; 2] {
        let mut on = [None; 2];
        if let Home::Pyramid(k) = self.home(card) {
            let (row, _) = row_col(k);
            if pos.pyramid & (1 << k) != 0 && row < 6 {
                for (i, slot) in on.iter_mut().enumerate() {
                    let j = u32::from(k + row) + 1 + i as u32;
                    if pos.pyramid & (1 << j) != 0 {
                        *slot = Some(self.pyramid_card(j));
                    }
                }
            }
        }
        on
    }

    /// Every available card: exposed pyramid cards by index, then the draw
    /// slot, then the waste top (or the piles' tops, by stock index).
    pub fn available_cards(&self, pos: &Position) -> Vec<Card> {
        let mut cards: Vec<Card> = bits(self.exposed_mask(pos))
            .map(|k| self.pyramid_card(k))
            .collect();
        cards.extend(self.draw_slot(pos));
        cards.extend(self.waste_top(pos));
        cards.extend(bits(self.pile_tops(pos)).map(|i| self.stock_card(i)));
        cards
    }

    /// With overlap pairs: the card still lying on `card` when it is the
    /// only one and is itself exposed, the one card `card` may pair with.
    pub fn overlap_partner(&self, pos: &Position, card: Card) -> Option<Card> {
        if !self.rules.overlap {
            return None;
        }
        let Home::Pyramid(k) = self.home(card) else {
            return None;
        };
        match self.covering(pos, card) {
            [Some(on), None] | [None, Some(on)] => {
                let Home::Pyramid(j) = self.home(on) else {
                    return None;
                };
                (self.is_exposed(pos, j) && pos.pyramid & (1 << k) != 0).then_some(on)
            }
            _ => None,
        }
    }

    /// Whether the two cards make a pair under the rules (ranks only).
    pub fn pairs(&self, a: Card, b: Card) -> bool {
        self.rules.ranks_pair(a.rank(), b.rank())
    }

    /// Whether `card` may leave alone ([`Rules::goes_alone`]).
    pub fn goes_alone(&self, card: Card) -> bool {
        self.rules.goes_alone(card)
    }

    pub fn can_draw(&self, pos: &Position) -> bool {
        pos.stock & !below(pos.next) != 0
    }

    pub fn passes_left(&self, pos: &Position) -> Option<u16> {
        self.rules
            .passes
            .map(|p| u16::from(p).saturating_sub(pos.pass))
    }

    pub fn can_recycle(&self, pos: &Position) -> bool {
        self.check_recycle(pos).is_ok()
    }

    fn check_recycle(&self, pos: &Position) -> Result<(), MoveError> {
        if self.can_draw(pos) {
            Err(MoveError::StockNotEmpty)
        } else if pos.stock == 0 {
            Err(MoveError::NothingToRecycle)
        } else if self.passes_left(pos) == Some(0) {
            Err(MoveError::NoPassesLeft)
        } else {
            Ok(())
        }
    }

    /// Every legal removal: Kings first, then pairs, then overlap pairs
    /// (the covered card first).
    pub fn removals(&self, pos: &Position) -> Vec<Move> {
        let available = self.available_cards(pos);
        let mut moves: Vec<Move> = available
            .iter()
            .filter(|&&c| self.goes_alone(c))
            .map(|&c| Move::King(c))
            .collect();
        for (i, &a) in available.iter().enumerate() {
            for &b in &available[i + 1..] {
                if self.pairs(a, b) {
                    moves.push(Move::Pair(a, b));
                }
            }
        }
        if self.rules.overlap {
            for k in bits(pos.pyramid & !self.exposed_mask(pos)) {
                let card = self.pyramid_card(k);
                if let Some(on) = self.overlap_partner(pos, card) {
                    if self.pairs(card, on) {
                        moves.push(Move::Pair(card, on));
                    }
                }
            }
        }
        moves
    }

    /// Whether any removal is possible right now (cheaper than `removals`).
    pub fn has_removal(&self, pos: &Position) -> bool {
        if !self.rules.is_classic_family() {
            return !self.removals(pos).is_empty();
        }
        let mut ranks = 0u16;
        let mut note = |card: Card| -> bool {
            let r = card.rank();
            if r == 13 || ranks & (1 << (13 - r)) != 0 {
                return true;
            }
            ranks |= 1 << r;
            false
        };
        let exposed = self.exposed_mask(pos);
        for k in bits(exposed) {
            if note(self.pyramid_card(k)) {
                return true;
            }
        }
        self.draw_slot(pos).is_some_and(&mut note) || self.waste_top(pos).is_some_and(&mut note)
    }

    /// Every legal move: removals, then draw, then recycle.
    pub fn legal_moves(&self, pos: &Position) -> Vec<Move> {
        let mut moves = self.removals(pos);
        if self.can_draw(pos) {
            moves.push(Move::Draw);
        }
        if self.can_recycle(pos) {
            moves.push(Move::Recycle);
        }
        moves
    }

    /// The position after `m`, or why `m` is illegal. Does not look at whether
    /// the round has already ended; [`crate::Game`] does.
    pub fn play(&self, pos: &Position, m: Move) -> Result<Position, MoveError> {
        let mut next = *pos;
        match m {
            Move::King(c) => {
                if !self.rules.kings_alone() {
                    return Err(MoveError::NoneAlone(c));
                }
                if !c.is_king() {
                    return Err(MoveError::NotAKing(c));
                }
                if !self.is_available(pos, c) {
                    return Err(MoveError::NotAvailable(c));
                }
                self.remove(&mut next, c);
            }
            Move::Pair(a, b) => {
                if a == b {
                    return Err(MoveError::SameCard(a));
                }
                let overlapping = self.overlap_partner(pos, a) == Some(b)
                    || self.overlap_partner(pos, b) == Some(a);
                for c in [a, b] {
                    if !overlapping && !self.is_available(pos, c) {
                        return Err(MoveError::NotAvailable(c));
                    }
                }
                if !self.pairs(a, b) {
                    return Err(match self.rules.pairing {
                        Pairing::Thirteen => MoveError::NotThirteen(a, b),
                        Pairing::Adjacent => MoveError::NotAdjacent(a, b),
                    });
                }
                self.remove(&mut next, a);
                self.remove(&mut next, b);
            }
            Move::Draw => {
                let mut stock = pos.stock & !below(pos.next);
                if stock == 0 {
                    return Err(MoveError::StockEmpty);
                }
                // The next `turn` cards (fewer when fewer are left).
                for _ in 1..self.rules.turn {
                    if stock & (stock - 1) == 0 {
                        break;
                    }
                    stock &= stock - 1;
                }
                next.next = stock.trailing_zeros() as u8 + 1;
                next.slot = self.rules.stock_mode == StockMode::DrawCard;
            }
            Move::Recycle => {
                self.check_recycle(pos)?;
                next.next = 0;
                next.slot = false;
                next.pass += 1;
                next.removed_this_pass = false;
                if self.rules.wastes > 1 {
                    next.dealt = pos.stock;
                }
            }
        }
        Ok(next)
    }

    fn remove(&self, pos: &mut Position, card: Card) {
        match self.home(card) {
            Home::Pyramid(k) => pos.pyramid &= !(1 << k),
            Home::Stock(i) => {
                if self.draw_slot_index(pos) == Some(u32::from(i)) {
                    pos.slot = false;
                }
                pos.stock &= !(1 << i);
            }
        }
        pos.removed_this_pass = true;
    }

    /// Whether no removal can ever happen again. Only draws and recycles can
    /// come before the next removal, and from any position they follow one
    /// fixed sequence, so this plays that sequence out and looks for a removal
    /// at each step. With unlimited passes one full pass after a recycle has
    /// shown every arrangement the stock can take.
    pub fn is_dead(&self, pos: &Position) -> bool {
        let mut p = *pos;
        let mut recycles = 0;
        loop {
            if self.has_removal(&p) {
                return false;
            }
            if let Ok(next) = self.play(&p, Move::Draw) {
                p = next;
            } else if let (true, Ok(next)) = (recycles < 2, self.play(&p, Move::Recycle)) {
                recycles += 1;
                p = next;
            } else {
                return true;
            }
        }
    }

    /// Whether the win condition of the rules is met (for Par Pyramid: every
    /// card is gone, the point where play cannot go on).
    pub fn is_cleared(&self, pos: &Position) -> bool {
        match self.rules.win {
            WinCondition::Pyramid => pos.pyramid == 0,
            WinCondition::AllCards | WinCondition::Scored => pos.pyramid == 0 && pos.stock == 0,
        }
    }

    /// Par Pyramid once the pyramid is cleared: the round is won already,
    /// and play goes on only to take more cards off the table for points.
    pub fn plays_on_for_points(&self, pos: &Position) -> bool {
        self.rules.win == WinCondition::Scored && pos.pyramid == 0
    }

    /// The outcome of the position under the rules.
    pub fn status(&self, pos: &Position) -> Status {
        if self.is_cleared(pos) {
            return Status::Won;
        }
        if self.is_dead(pos) {
            return if self.plays_on_for_points(pos) {
                Status::Won
            } else {
                Status::Lost(LossReason::Dead)
            };
        }
        if self.rules.loss == LossRule::IdlePass
            && !pos.removed_this_pass
            && !self.can_draw(pos)
            && !self.has_removal(pos)
        {
            return Status::Lost(LossReason::IdlePass);
        }
        Status::InProgress
    }
}

impl Position {
    pub fn pass(&self) -> u16 {
        self.pass
    }

    /// Pyramid cards still there.
    pub fn pyramid_left(&self) -> u32 {
        self.pyramid.count_ones()
    }

    /// Whether pyramid card `k` (0..28) is still there.
    pub fn has_pyramid_card(&self, k: u8) -> bool {
        self.pyramid & (1 << k) != 0
    }

    /// Cards still on the table: pyramid, stock, draw slot and waste.
    pub fn cards_left(&self) -> u32 {
        self.pyramid.count_ones() + self.stock.count_ones()
    }

    /// The whole position in 64 bits (pass clipped to 5 bits).
    pub fn key(&self) -> u64 {
        u64::from(self.pyramid)
            | u64::from(self.stock) << 28
            | u64::from(self.next) << 52
            | u64::from(self.slot) << 57
            | u64::from(self.removed_this_pass) << 58
            | u64::from(self.pass.min(31)) << 59
    }
}

/// The exposed cards of a pyramid mask: those present whose two covering
/// cards are gone. Card k of row r is covered by cards k + r + 1 and
/// k + r + 2, so one shift per row finds every covered card of that row.
pub(crate) fn exposed_of(pyramid: u32) -> u32 {
    let mut covered = 0;
    for row in 0..6u32 {
        let first = row * (row + 1) / 2;
        let row_mask = ((1u32 << (row + 1)) - 1) << first;
        covered |= ((pyramid >> (row + 1)) | (pyramid >> (row + 2))) & row_mask;
    }
    pyramid & !covered
}

/// Bits below index `n`.
pub(crate) fn below(n: u8) -> u32 {
    // Pointers are at most 24; a 64-bit shift needs no branch up to 63.
    debug_assert!(n < 64);
    ((1u64 << (n & 63)) - 1) as u32
}

pub(crate) fn highest(mask: u32) -> Option<u32> {
    (mask != 0).then(|| 31 - mask.leading_zeros())
}

/// The indices of the set bits, lowest first.
pub(crate) fn bits(mut mask: u32) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros();
            mask &= mask - 1;
            i
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Deal;

    #[test]
    fn the_cards_lying_on_a_card() {
        let board = Board::new(Deal::from_number(1), Preset::Classic);
        let mut pos = board.start();
        let card_at = |row, col| board.pyramid_card(u32::from(pyramid_index(row, col)));
        // The apex lies under the two cards of the second row.
        assert_eq!(
            board.covering(&pos, card_at(0, 0)),
            [Some(card_at(1, 0)), Some(card_at(1, 1))]
        );
        // The bottom row is never covered, nor is a stock card.
        assert_eq!(board.covering(&pos, card_at(6, 3)), [None; 2]);
        assert_eq!(board.covering(&pos, board.stock_card(0)), [None; 2]);
        // Gone from the row above: only the other still lies on it.
        pos.pyramid &= !(1 << pyramid_index(6, 3));
        assert_eq!(
            board.covering(&pos, card_at(5, 2)),
            [Some(card_at(6, 2)), None]
        );
        assert_eq!(
            board.covering(&pos, card_at(5, 3)),
            [None, Some(card_at(6, 4))]
        );
        // Exposed cards and gone cards have nothing on them.
        pos.pyramid &= !(1 << pyramid_index(6, 4));
        assert_eq!(board.covering(&pos, card_at(5, 3)), [None; 2]);
        assert_eq!(board.covering(&pos, card_at(6, 3)), [None; 2]);
    }

    #[test]
    fn a_sum_that_is_not_13_says_what_it_makes() {
        let card = |code: &str| code.parse::<Card>().unwrap();
        let says = |a, b| MoveError::NotThirteen(card(a), card(b)).to_string();
        assert_eq!(says("7H", "5C"), "7 + 5 = 12, not 13");
        assert_eq!(says("JD", "TS"), "J + 10 = 21, not 13");
        assert_eq!(says("AH", "KC"), "A + K = 14, not 13");
    }
}
