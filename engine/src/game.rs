//! A round: a deal, its rules and the line of moves played, with undo and redo.

use std::fmt;

use crate::card::Card;
use crate::deal::Deal;
use crate::position::{Board, Home, LossReason, Move, MoveError, Position, Status, Zone};
use crate::rules::{clearing_bonus, Preset, WinCondition, CARD_PENALTY};

/// The lowest score a round can end with: every card still on the table.
pub const MIN_SCORE: i32 = -52;
/// The highest score a round can end with: the pyramid cleared in the first
/// pass and every card gone.
pub const MAX_SCORE: i32 = 50;

/// A round in progress. It is its deal plus the list of moves; undo and redo
/// move a cursor in that list, and a save file is the same list, re-validated
/// by [`Game::replay`] on load.
#[derive(Clone, Debug)]
pub struct Game {
    board: Board,
    /// Every move ever played on the current line, including undone ones
    /// that can still be redone (those after `cursor`).
    moves: Vec<Move>,
    /// `positions[i]` is the position after the first `i` moves; it always
    /// has `cursor + 1` entries.
    positions: Vec<Position>,
    cursor: usize,
    /// Par Pyramid: the player ended the round.
    ended: bool,
}

/// A place on the table that the last move took a card from or put one
/// in, for showing that move (see [`Game::last_move_places`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// The pyramid slot a removed card left.
    Pyramid(u8),
    /// The draw slot (draw-card mode): a card left it or was drawn to it.
    Draw,
    /// The waste: its top card left, or a drawn card landed on it.
    Waste,
    /// The stock, turned over from the waste by a recycle.
    Stock,
    /// One of [`Board::piles`]: Giza's reserve pile, or one of Apophis's
    /// three wastes (a card left its top, or a draw dealt one onto it).
    Pile(u8),
}

/// Why a saved line of moves could not be replayed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// The index of the refused move in the line.
    pub index: usize,
    pub error: MoveError,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "move {} cannot be played: {}",
            self.index + 1,
            self.error
        )
    }
}

impl std::error::Error for ReplayError {}

impl Game {
    pub fn new(deal: Deal, preset: Preset) -> Game {
        let board = Board::new(deal, preset);
        let start = board.start();
        Game {
            board,
            moves: Vec::new(),
            positions: vec![start],
            cursor: 0,
            ended: false,
        }
    }

    /// Rebuilds a round from its deal and a line of moves, of which the first
    /// `played` are on the board and the rest can be redone. Every move is
    /// checked against the rules, including the redoable ones.
    pub fn replay(
        deal: Deal,
        preset: Preset,
        line: &[Move],
        played: usize,
    ) -> Result<Game, ReplayError> {
        let mut game = Game::new(deal, preset);
        for (index, &m) in line.iter().enumerate() {
            game.play(m).map_err(|error| ReplayError { index, error })?;
        }
        let played = played.min(line.len());
        while game.cursor > played {
            game.undo();
        }
        Ok(game)
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn deal(&self) -> &Deal {
        self.board.deal()
    }

    pub fn preset(&self) -> Preset {
        self.board.preset()
    }

    pub fn position(&self) -> &Position {
        &self.positions[self.cursor]
    }

    /// The moves on the board, in order; its length is the move counter.
    pub fn played(&self) -> &[Move] {
        &self.moves[..self.cursor]
    }

    /// The moves that redo would play again, next first.
    pub fn redoable(&self) -> &[Move] {
        &self.moves[self.cursor..]
    }

    /// The whole line: played moves then redoable ones.
    pub fn line(&self) -> &[Move] {
        &self.moves
    }

    /// The move that led to the position on the board, if any.
    pub fn last_move(&self) -> Option<Move> {
        self.played().last().copied()
    }

    /// Where the last move happened: the places its removed cards left
    /// (pyramid slots, the draw slot, the waste, a pile), the pile or piles
    /// a draw's cards landed on, or the stock for a recycle. Empty at the
    /// deal.
    pub fn last_move_places(&self) -> Vec<Place> {
        let Some(m) = self.last_move() else {
            return Vec::new();
        };
        let before = &self.positions[self.cursor - 1];
        let place = |pos: &Position, c: Card| match self.board.zone(pos, c) {
            Some(Zone::Draw) => Place::Draw,
            Some(Zone::Waste) => match self.board.pile_of(pos, c) {
                Some(j) => Place::Pile(j),
                None => Place::Waste,
            },
            Some(Zone::Reserve(j)) => Place::Pile(j),
            _ => Place::Stock,
        };
        match m {
            Move::Draw => {
                let now = self.position();
                if self.board.pile_count() > 0 {
                    // Three wastes: the pile each card the draw dealt went
                    // onto, in the order dealt (one card a pile).
                    return self
                        .board
                        .stock(before)
                        .into_iter()
                        .filter(|&c| self.board.zone(now, c) != Some(Zone::Stock))
                        .map(|c| place(now, c))
                        .collect();
                }
                let drawn = self.board.draw_slot(now).or(self.board.waste_top(now));
                vec![drawn.map_or(Place::Stock, |c| place(now, c))]
            }
            Move::Recycle => vec![Place::Stock],
            Move::King(_) | Move::Pair(..) => m
                .removed_cards()
                .map(|c| match self.board.home(c) {
                    Home::Pyramid(k) => Place::Pyramid(k),
                    Home::Stock(_) => place(before, c),
                })
                .collect(),
        }
    }

    pub fn move_count(&self) -> usize {
        self.cursor
    }

    pub fn is_ended_by_player(&self) -> bool {
        self.ended
    }

    pub fn status(&self) -> Status {
        if self.ended {
            return if self.position().pyramid_left() == 0 {
                Status::Won
            } else {
                Status::Lost(LossReason::Ended)
            };
        }
        self.board.status(self.position())
    }

    pub fn is_over(&self) -> bool {
        self.status() != Status::InProgress
    }

    /// Plays `m`. Playing a move drops whatever could have been redone,
    /// unless `m` is exactly the next redoable move.
    pub fn play(&mut self, m: Move) -> Result<(), MoveError> {
        if self.is_over() {
            return Err(MoveError::RoundOver);
        }
        let next = self.board.play(self.position(), m)?;
        if self.moves.get(self.cursor) != Some(&m) {
            self.moves.truncate(self.cursor);
            self.moves.push(m);
        }
        self.cursor += 1;
        self.positions.push(next);
        Ok(())
    }

    /// Takes back the last move (or the player's ending of the round).
    /// Returns false at the deal.
    pub fn undo(&mut self) -> bool {
        if self.ended {
            self.ended = false;
            return true;
        }
        if self.cursor == 0 {
            return false;
        }
        self.cursor -= 1;
        self.positions.pop();
        true
    }

    /// Plays the next undone move again. Returns false when there is none.
    pub fn redo(&mut self) -> bool {
        match self.moves.get(self.cursor) {
            Some(&m) => self.play(m).is_ok(),
            None => false,
        }
    }

    pub fn can_undo(&self) -> bool {
        self.ended || self.cursor > 0
    }

    pub fn can_redo(&self) -> bool {
        !self.is_over() && self.cursor < self.moves.len()
    }

    /// Whether the player may end the round now and take the score as it
    /// stands: Par Pyramid, while the round is in progress.
    pub fn can_end_round(&self) -> bool {
        self.board.rules().win == WinCondition::Scored && !self.is_over()
    }

    /// Par Pyramid: stop playing and take the score as it stands. Returns
    /// false, changing nothing, where [`Game::can_end_round`] is false.
    pub fn end_round(&mut self) -> bool {
        if !self.can_end_round() {
            return false;
        }
        self.ended = true;
        true
    }

    /// The pass during which the pyramid was cleared, if it has been.
    pub fn cleared_on_pass(&self) -> Option<u16> {
        self.positions
            .iter()
            .find(|p| p.pyramid_left() == 0)
            .map(Position::pass)
    }

    /// How many cards each pass played so far removed, first pass first:
    /// one number per pass, the pass under way last.
    pub fn removed_per_pass(&self) -> Vec<u32> {
        let mut passes = vec![0];
        for step in self.positions.windows(2) {
            let (before, after) = (&step[0], &step[1]);
            if after.pass() != before.pass() {
                passes.push(0);
            }
            if let Some(removed) = passes.last_mut() {
                *removed += before.cards_left().saturating_sub(after.cards_left());
            }
        }
        passes
    }

    /// The Par score (Morehead & Mott-Smith): 50, 35 or 20 points for clearing
    /// the pyramid in pass 1, 2 or 3, minus one per card still on the table.
    pub fn score(&self) -> i32 {
        let bonus = self.cleared_on_pass().map_or(0, clearing_bonus);
        bonus - CARD_PENALTY * self.position().cards_left() as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::{format_line, parse_line};

    fn game(number: u32, preset: Preset) -> Game {
        Game::new(Deal::from_number(number), preset)
    }

    #[test]
    fn new_game_counts() {
        let g = game(1, Preset::Classic);
        assert_eq!(g.move_count(), 0);
        assert_eq!(g.position().pass(), 1);
        assert_eq!(g.board().stock_count(g.position()), 24);
        assert_eq!(g.score(), -52);
        assert_eq!(g.status(), Status::InProgress);
        assert!(!g.can_undo());
    }

    #[test]
    fn removals_are_counted_per_pass() {
        let mut g = game(1, Preset::Classic);
        assert_eq!(g.removed_per_pass(), vec![0]);
        let mut removed = 0;
        while g.board().can_draw(g.position()) {
            match g.board().removals(g.position()).first() {
                Some(&m) => {
                    removed += m.removed_cards().count() as u32;
                    g.play(m).unwrap();
                }
                None => g.play(Move::Draw).unwrap(),
            }
        }
        assert!(removed > 0);
        assert_eq!(g.removed_per_pass(), vec![removed]);
        g.play(Move::Recycle).unwrap();
        assert_eq!(g.removed_per_pass(), vec![removed, 0]);
        g.play(Move::Draw).unwrap();
        assert_eq!(g.removed_per_pass(), vec![removed, 0]);
        // Undone moves no longer count.
        while g.undo() {}
        assert_eq!(g.removed_per_pass(), vec![0]);
    }

    #[test]
    fn last_move_places() {
        let mut g = game(1, Preset::Classic);
        assert_eq!(g.last_move(), None);
        assert!(g.last_move_places().is_empty());
        g.play(Move::Draw).unwrap();
        assert_eq!(g.last_move_places(), vec![Place::Waste]);
        // Each removal names the slots and piles its cards left.
        while g.board().removals(g.position()).is_empty() {
            g.play(Move::Draw).unwrap();
        }
        let removal = g.board().removals(g.position())[0];
        g.play(removal).unwrap();
        assert_eq!(g.last_move(), Some(removal));
        let places = g.last_move_places();
        assert_eq!(places.len(), removal.removed_cards().count());
        for (place, card) in places.iter().zip(removal.removed_cards()) {
            match g.board().home(card) {
                Home::Pyramid(k) => assert_eq!(*place, Place::Pyramid(k)),
                Home::Stock(_) => assert_eq!(*place, Place::Waste),
            }
        }
        assert!(g.undo());
        assert_eq!(g.last_move_places(), vec![Place::Waste]);
        // In draw-card mode a drawn card lands in the draw slot.
        let mut g = game(1, Preset::Traditional);
        g.play(Move::Draw).unwrap();
        assert_eq!(g.last_move_places(), vec![Place::Draw]);
        // A recycle turns the waste back into the stock.
        let mut g = game(1, Preset::Classic);
        while g.board().can_draw(g.position()) {
            g.play(Move::Draw).unwrap();
        }
        g.play(Move::Recycle).unwrap();
        assert_eq!(g.last_move_places(), vec![Place::Stock]);
    }

    #[test]
    fn one_pass_of_giza_counts_and_scores() {
        let mut g = game(1, Preset::Giza);
        assert_eq!(g.removed_per_pass(), vec![0]);
        assert_eq!(g.score(), -52);
        let mut removed = 0;
        while let Some(&m) = g.board().removals(g.position()).first() {
            removed += m.removed_cards().count() as u32;
            g.play(m).unwrap();
        }
        // No draw and no recycle: every removal is in the one pass.
        assert!(!g.board().can_draw(g.position()) && !g.board().can_recycle(g.position()));
        assert_eq!(g.removed_per_pass(), vec![removed]);
        assert_eq!(g.position().pass(), 1);
        let bonus = if g.position().pyramid_left() == 0 {
            50
        } else {
            0
        };
        assert_eq!(g.score(), bonus - (52 - removed as i32));
    }

    #[test]
    fn last_move_places_of_piles() {
        // Three wastes: a draw deals one card onto each pile; a removal
        // names the pile its card left.
        let mut g = game(2, Preset::Apophis);
        g.play(Move::Draw).unwrap();
        assert_eq!(
            g.last_move_places(),
            vec![Place::Pile(0), Place::Pile(1), Place::Pile(2)]
        );
        let solution = crate::solve(g.board(), g.position(), crate::Limits::default());
        assert_eq!(solution.outcome, crate::Outcome::Win);
        for m in solution.line {
            let before = *g.position();
            g.play(m).unwrap();
            for (place, card) in g.last_move_places().iter().zip(m.removed_cards()) {
                match g.board().home(card) {
                    Home::Pyramid(k) => assert_eq!(*place, Place::Pyramid(k)),
                    Home::Stock(_) => assert_eq!(
                        *place,
                        Place::Pile(g.board().pile_of(&before, card).unwrap())
                    ),
                }
            }
            if m == Move::Recycle {
                assert_eq!(g.last_move_places(), vec![Place::Stock]);
            }
        }
        // Giza: a reserve card's removal names its pile.
        let mut g = game(1, Preset::Giza);
        let removal = g
            .board()
            .removals(g.position())
            .into_iter()
            .find(|m| {
                m.removed_cards()
                    .any(|c| matches!(g.board().home(c), Home::Stock(_)))
            })
            .expect("a reserve card to remove");
        let before = *g.position();
        g.play(removal).unwrap();
        assert!(g.last_move_places().iter().any(|p| matches!(
            p,
            Place::Pile(j) if removal
                .removed_cards()
                .any(|c| g.board().pile_of(&before, c) == Some(*j))
        )));
    }

    #[test]
    fn draw_undo_redo() {
        let mut g = game(3, Preset::Classic);
        g.play(Move::Draw).unwrap();
        g.play(Move::Draw).unwrap();
        let after = *g.position();
        assert!(g.undo());
        assert!(g.undo());
        assert!(!g.undo());
        assert!(g.redo());
        assert!(g.redo());
        assert!(!g.redo());
        assert_eq!(*g.position(), after);
    }

    #[test]
    fn illegal_moves_are_refused() {
        let mut g = game(1, Preset::Classic);
        let apex = g.deal().cards()[0];
        let before = *g.position();
        let refused = if apex.is_king() {
            g.play(Move::King(apex))
        } else {
            g.play(Move::Pair(apex, apex))
        };
        assert!(refused.is_err());
        assert_eq!(g.play(Move::Recycle), Err(MoveError::StockNotEmpty));
        assert_eq!(*g.position(), before);
        assert_eq!(g.move_count(), 0);
    }

    #[test]
    fn hard_has_one_pass() {
        let mut g = game(9, Preset::Hard);
        while g.board().can_draw(g.position()) && !g.is_over() {
            g.play(Move::Draw).unwrap();
        }
        if !g.is_over() {
            assert_eq!(g.play(Move::Recycle), Err(MoveError::NoPassesLeft));
        }
    }

    #[test]
    fn recycle_keeps_order() {
        let mut g = game(11, Preset::Relaxed);
        let mut first_pass = Vec::new();
        for _ in 0..24 {
            g.play(Move::Draw).unwrap();
            first_pass.push(g.board().waste_top(g.position()).unwrap());
        }
        assert_eq!(g.play(Move::Draw), Err(MoveError::StockEmpty));
        g.play(Move::Recycle).unwrap();
        assert_eq!(g.position().pass(), 2);
        assert_eq!(g.board().stock(g.position()), first_pass);
        g.play(Move::Draw).unwrap();
        assert_eq!(g.board().waste_top(g.position()), Some(first_pass[0]));
    }

    #[test]
    fn replay_checks_every_move() {
        let mut g = game(5, Preset::Classic);
        for _ in 0..3 {
            g.play(Move::Draw).unwrap();
        }
        g.undo();
        let loaded = Game::replay(*g.deal(), g.preset(), g.line(), g.move_count()).unwrap();
        assert_eq!(loaded.position(), g.position());
        assert_eq!(loaded.redoable(), g.redoable());
        let bad = parse_line("D R").unwrap();
        assert_eq!(
            Game::replay(*g.deal(), g.preset(), &bad, 2).unwrap_err(),
            ReplayError {
                index: 1,
                error: MoveError::StockNotEmpty
            }
        );
        assert_eq!(format_line(&bad), "D R");
    }

    #[test]
    fn draw_card_mode_slot_and_waste() {
        let mut g = game(2, Preset::Traditional);
        let stock = g.deal().stock().to_vec();
        g.play(Move::Draw).unwrap();
        let b = g.board();
        assert_eq!(b.draw_slot(g.position()), Some(stock[0]));
        assert_eq!(b.waste_top(g.position()), None);
        g.play(Move::Draw).unwrap();
        let b = g.board();
        assert_eq!(b.draw_slot(g.position()), Some(stock[1]));
        assert_eq!(b.waste_top(g.position()), Some(stock[0]));
    }

    /// The first deal from 1 on whose Par round, after `recycles` passes
    /// drawn through without a removal, the solver's line clears the pyramid
    /// within the next pass; the round played to the cleared pyramid.
    fn par_cleared_after(recycles: usize) -> Game {
        for number in 1..400 {
            let mut g = game(number, Preset::Par);
            for _ in 0..recycles {
                while g.board().can_draw(g.position()) {
                    g.play(Move::Draw).unwrap();
                }
                if g.play(Move::Recycle).is_err() {
                    break;
                }
            }
            if g.position().pass() as usize != recycles + 1 || g.is_over() {
                continue;
            }
            let solution = crate::solve(
                g.board(),
                g.position(),
                crate::Limits {
                    max_nodes: 2_000_000,
                },
            );
            if solution.outcome != crate::Outcome::Win {
                continue;
            }
            for m in solution.line {
                g.play(m).unwrap();
                if g.position().pass() as usize > recycles + 1 {
                    break;
                }
                if g.position().pyramid_left() == 0 {
                    return g;
                }
            }
        }
        panic!("no Par deal clears the pyramid after {recycles} recycles");
    }

    #[test]
    fn par_bonus_for_each_pass() {
        for (recycles, bonus) in [(0, 50), (1, 35), (2, 20)] {
            let g = par_cleared_after(recycles);
            assert_eq!(g.cleared_on_pass(), Some(recycles as u16 + 1));
            assert_eq!(
                g.score(),
                bonus - g.position().cards_left() as i32,
                "{recycles} recycles"
            );
            assert!((MIN_SCORE..=MAX_SCORE).contains(&g.score()));
        }
    }

    #[test]
    fn par_round_ended_after_the_pyramid_is_cleared_is_won() {
        let mut g = par_cleared_after(0);
        if !g.is_over() {
            assert!(g.can_end_round());
            assert!(g.end_round());
        }
        assert_eq!(g.status(), Status::Won);
        assert!(!g.can_end_round());
        assert!(!g.end_round(), "an ended round cannot be ended again");
        // Ending before the pyramid is cleared loses.
        let mut early = game(1, Preset::Par);
        assert!(early.end_round());
        assert_eq!(early.status(), Status::Lost(LossReason::Ended));
        // Only Par Pyramid can be ended by the player.
        for preset in Preset::ALL {
            let g = game(1, preset);
            assert_eq!(g.can_end_round(), preset == Preset::Par, "{preset}");
        }
    }

    #[test]
    fn easy_loses_after_a_pass_without_a_removal() {
        // A deal whose first pass, drawn through without removing anything,
        // leaves no removal at its end: Easy calls it lost, Relaxed plays on.
        let mut found = 0;
        for number in 1..2000 {
            let mut easy = game(number, Preset::Easy);
            let mut relaxed = game(number, Preset::Relaxed);
            while easy.board().can_draw(easy.position()) && !easy.is_over() {
                easy.play(Move::Draw).unwrap();
                relaxed.play(Move::Draw).unwrap();
            }
            if easy.status() != Status::Lost(LossReason::IdlePass) {
                continue;
            }
            found += 1;
            assert_eq!(easy.board().stock_count(easy.position()), 0);
            assert!(!easy.board().has_removal(easy.position()));
            assert_eq!(easy.play(Move::Recycle), Err(MoveError::RoundOver));
            assert_eq!(relaxed.status(), Status::InProgress);
            assert!(relaxed.play(Move::Recycle).is_ok());
        }
        assert!(found > 0, "no deal loses its first idle pass");
    }

    #[test]
    fn a_new_move_after_undo_drops_the_redo_line() {
        let mut g = (1..100)
            .map(|n| game(n, Preset::Classic))
            .find(|g| g.board().has_removal(g.position()))
            .expect("a deal with a removal at the start");
        let removal = g.board().removals(g.position())[0];
        g.play(Move::Draw).unwrap();
        g.play(Move::Draw).unwrap();
        g.undo();
        g.undo();
        assert_eq!(g.redoable(), [Move::Draw, Move::Draw]);
        g.play(removal).unwrap();
        assert!(g.redoable().is_empty());
        assert!(!g.can_redo());
        assert_eq!(g.line(), [removal]);
        // Playing exactly the next redoable move keeps the rest of the line.
        g.play(Move::Draw).unwrap();
        g.play(Move::Draw).unwrap();
        g.undo();
        g.undo();
        g.play(Move::Draw).unwrap();
        assert_eq!(g.redoable(), [Move::Draw]);
    }

    #[test]
    fn classic_refuses_a_fourth_pass() {
        let board = game(17, Preset::Classic).board().clone();
        let mut pos = board.start();
        for pass in 1..=3u16 {
            assert_eq!(pos.pass(), pass);
            assert_eq!(board.passes_left(&pos), Some(3 - pass));
            for _ in 0..24 {
                pos = board.play(&pos, Move::Draw).unwrap();
            }
            assert_eq!(board.play(&pos, Move::Draw), Err(MoveError::StockEmpty));
            if pass < 3 {
                pos = board.play(&pos, Move::Recycle).unwrap();
            }
        }
        assert!(!board.can_recycle(&pos));
        assert_eq!(
            board.play(&pos, Move::Recycle),
            Err(MoveError::NoPassesLeft)
        );
    }
}
