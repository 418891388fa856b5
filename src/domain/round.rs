//! The round in play and the records of finished rounds: plain data over the
//! engine, with no signals and no browser calls, so it is tested natively.
//!
//! Everything about the rules (which move is legal, when a round is won or
//! lost, the score) comes from `pyramid_engine`; this module only keeps the
//! extra facts the page needs about a round (its deal number, its id, its
//! clock) and turns finished rounds into statistics.

use pyramid_engine::{Board, Card, Date, Deal, Game, LossReason, Move, Position, Preset, Status};

pub use crate::domain::persist::DealOrigin;
use crate::domain::persist::SavedRound;

/// The round on the table. The page keeps exactly one, in one signal.
#[derive(Clone, Debug)]
pub struct Round {
    pub game: Game,
    /// The deal number, when the deal came from one (always, for now).
    pub deal_number: Option<u32>,
    /// Unique per round, so a saved round and a statistics record can be
    /// matched; also its storage key.
    pub round_id: String,
    /// How the round was chosen, shown in the status bar ("Daily deal").
    pub origin: DealOrigin,
    /// Whether the player had help: a hint, an auto move, an undo, a
    /// rewind or a shown win. A win without any is a clean win.
    pub assisted: bool,
    /// For a daily deal, the date it is the deal of: its results are kept
    /// under that date, whenever it is played.
    pub daily: Option<Date>,
}

impl Round {
    /// A fresh round of deal `number` under `preset`.
    pub fn new(number: u32, preset: Preset, round_id: String, origin: DealOrigin) -> Round {
        Round {
            game: Game::new(Deal::from_number(number), preset),
            deal_number: Some(number),
            round_id,
            origin,
            assisted: false,
            daily: None,
        }
    }

    /// The round saved in storage, with its game already rebuilt from it
    /// (by [`SavedRound::to_game`]): same id, so it is never counted twice,
    /// and same origin, so a daily deal still says so.
    pub(crate) fn resumed(saved: &SavedRound, game: Game) -> Round {
        Round {
            game,
            deal_number: saved.deal_number,
            round_id: saved.round_id.clone(),
            origin: saved.origin,
            assisted: saved.assisted,
            daily: saved.daily,
        }
    }

    /// The round as it is saved after every change, with its clock.
    pub(crate) fn to_saved(&self, elapsed_ms: u64, saved_at_ms: u64) -> SavedRound {
        SavedRound {
            origin: self.origin,
            assisted: self.assisted,
            saved_at_ms,
            daily: self.daily,
            ..SavedRound::from_game(&self.game, self.deal_number, elapsed_ms, &self.round_id)
        }
    }

    /// Whether the player has made any move in this round (one undone still
    /// counts: the round was started).
    pub(crate) fn is_started(&self) -> bool {
        !self.game.line().is_empty()
    }

    pub(crate) fn preset(&self) -> Preset {
        self.game.preset()
    }

    pub(crate) fn board(&self) -> &Board {
        self.game.board()
    }

    pub(crate) fn position(&self) -> &Position {
        self.game.position()
    }

    pub(crate) fn status(&self) -> Status {
        self.game.status()
    }

    pub(crate) fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// Whether the player may take `card` now: it is available, or (overlap
    /// pairs) the one card still on it is exposed and may pair with it.
    pub(crate) fn selectable(&self, card: Card) -> bool {
        let (board, pos) = (self.board(), self.position());
        board.is_available(pos, card) || board.overlap_partner(pos, card).is_some()
    }

    /// `Pass 2 of 3`, or `Pass 4 of ∞` with unlimited passes.
    pub(crate) fn pass_label(&self) -> String {
        let pass = self.position().pass();
        match self.board().rules().passes {
            Some(total) => format!("Pass {pass} of {total}"),
            None => format!("Pass {pass} of \u{221e}"),
        }
    }
}

/// Reads a deal number typed by the player.
pub(crate) fn parse_deal_number(text: &str) -> Option<u32> {
    text.trim().parse::<u32>().ok().filter(|&n| n >= 1)
}

/// `text` with its first letter in upper case. Messages start with ASCII
/// letters; Unicode's case tables would cost the page kilobytes.
pub(crate) fn capitalise(text: &str) -> String {
    let mut text = text.to_string();
    if let Some(first) = text.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    text
}

/// `m:ss`, or `h:mm:ss` past an hour.
pub(crate) fn format_time(ms: u64) -> String {
    let secs = ms / 1000;
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// The card code used in the DOM and the CLI: `7H`, `TD`.
pub(crate) fn card_code(card: Card) -> String {
    card.to_string()
}

/// The card's face: rank label and suit symbol, `10♥`.
pub fn card_face(card: Card) -> String {
    format!("{}{}", card.rank_label(), card.suit().symbol())
}

/// A move in words, for the live region and the hint message.
pub(crate) fn describe_move(m: Move) -> String {
    match m {
        Move::King(c) => format!("{} removed", c.name()),
        Move::Pair(a, b) => format!("{} and {} removed", a.name(), b.name()),
        Move::Draw => "Card drawn".to_string(),
        Move::Recycle => "Waste turned over".to_string(),
    }
}

/// A hinted move in words. Not inlined: the hint and the lesson share
/// one copy in the page's first load.
#[inline(never)]
pub(crate) fn describe_hint(m: Move) -> String {
    match m {
        Move::King(c) => format!("Hint: remove the {}", c.name()),
        Move::Pair(a, b) => format!("Hint: pair the {} with the {}", a.name(), b.name()),
        Move::Draw => "Hint: draw a card".to_string(),
        Move::Recycle => "Hint: turn the waste over".to_string(),
    }
}

/// The end of a round in words.
pub(crate) fn describe_status(status: Status) -> Option<&'static str> {
    match status {
        Status::InProgress => None,
        Status::Won => Some("You won!"),
        Status::Lost(LossReason::Dead) => Some("No more cards can be removed: this round is lost."),
        Status::Lost(LossReason::IdlePass) => {
            Some("A whole pass went by without a removal: this round is lost.")
        }
        Status::Lost(LossReason::Ended) => {
            Some("You ended the round before clearing the pyramid: this round is lost.")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round(number: u32, preset: Preset) -> Round {
        Round::new(number, preset, "r1".into(), DealOrigin::Number)
    }

    #[test]
    fn capitals() {
        assert_eq!(capitalise("ace of hearts"), "Ace of hearts");
        assert_eq!(capitalise(""), "");
        assert_eq!(capitalise("\u{2026} and on"), "\u{2026} and on");
    }

    #[test]
    fn times() {
        let check = |ms: u64, expected: &str| assert_eq!(format_time(ms), expected);
        check(0, "0:00");
        check(59_999, "0:59");
        check(61_000, "1:01");
        check(3_725_000, "1:02:05");
    }

    #[test]
    fn pass_labels() {
        assert_eq!(round(1, Preset::Classic).pass_label(), "Pass 1 of 3");
        assert_eq!(round(1, Preset::Relaxed).pass_label(), "Pass 1 of \u{221e}");
    }
}
