//! The round in play and the records of finished rounds: plain data over the
//! engine, with no signals and no browser calls, so it is tested natively.
//!
//! Everything about the rules (which move is legal, when a round is won or
//! lost, the score) comes from `pyramid_engine`; this module only keeps the
//! extra facts the page needs about a round (its deal number, its id, its
//! clock) and turns finished rounds into statistics.

use pyramid_engine::{
    is_winnable, solve, Board, Card, Date, Deal, Game, Limits, LossReason, Move, Outcome, Position,
    Preset, Status,
};

pub use crate::domain::persist::DealOrigin;
use crate::domain::persist::SavedRound;

/// Positions the solver may expand for one hint; enough for almost every
/// position, small enough to answer within a fraction of a second in wasm.
pub const HINT_NODE_BUDGET: u64 = 200_000;

/// Positions one candidate may cost when dealing "winnable deals only".
pub const WINNABLE_NODE_BUDGET: u64 = 300_000;

/// Random deals tried for "winnable deals only" before the day's daily deal
/// is dealt instead. Even Hard (about 4 % winnable) misses 200 times in a row
/// only once in about 3,500 requests.
pub const WINNABLE_TRIES: u32 = 200;

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

/// What the solver says about the position on the table.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Hint {
    /// A move on a winning line.
    Move(Move),
    /// Par Pyramid once the pyramid is cleared, when no line removes every
    /// card (or none was found in time): a removal available now, which
    /// still takes a card off the table and so raises the score.
    Removal(Move),
    /// Par Pyramid once the pyramid is cleared: not every card can go and
    /// nothing can be removed now; ending the round keeps the score.
    EndRound,
    /// No line of play wins from here.
    Lost,
    /// The solver ran out of budget.
    NotFound,
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

    /// `Pass 2 of 3`, or `Pass 4 of ∞` with unlimited passes.
    pub(crate) fn pass_label(&self) -> String {
        let pass = self.position().pass();
        match self.board().rules().passes {
            Some(total) => format!("Pass {pass} of {total}"),
            None => format!("Pass {pass} of \u{221e}"),
        }
    }

    /// The hint for the position on the table, solved within `budget` nodes.
    pub fn hint(&self, budget: u64) -> Hint {
        hint_and_line(self.board(), self.position(), budget).0
    }
}

/// The hint for `pos` (the first move of a winning line, if the solver
/// finds one) and the winning line it starts (empty when there is
/// none), so following the hints needs no second solve.
pub fn hint_and_line(board: &Board, pos: &Position, budget: u64) -> (Hint, Vec<Move>) {
    let solution = solve(board, pos, Limits { max_nodes: budget });
    let hint = hint_from_solution(board, pos, solution.outcome, &solution.line);
    (hint, solution.line)
}

/// The hint the solver's answer for `pos` gives. In Par Pyramid the round is
/// already won once the pyramid is cleared, and the solver then looks for a
/// line removing all 52; when there is none, any removal is still worth
/// points, so the hint falls back to one instead of calling the deal lost.
pub fn hint_from_solution(board: &Board, pos: &Position, outcome: Outcome, line: &[Move]) -> Hint {
    let hint = match outcome {
        Outcome::Win => line.first().copied().map_or(Hint::NotFound, Hint::Move),
        Outcome::Loss => Hint::Lost,
        Outcome::Unknown => Hint::NotFound,
    };
    if matches!(hint, Hint::Move(_)) || !board.plays_on_for_points(pos) {
        return hint;
    }
    match board.removals(pos).first() {
        Some(&m) => Hint::Removal(m),
        None => Hint::EndRound,
    }
}

/// A deal the solver proves winnable under `preset`: the first of
/// [`WINNABLE_TRIES`] numbers from `next_random` that it proves within
/// [`WINNABLE_NODE_BUDGET`], or else `fallback()`, which must be proven
/// winnable too (the day's daily deal is). A player who asked for a
/// winnable deal never gets an unproven one.
/// Only candidates that `accept` also takes count (the new-deal dialog's
/// difficulty filter).
pub fn winnable_deal_number(
    preset: Preset,
    candidates: impl IntoIterator<Item = u32>,
    accept: impl Fn(u32) -> bool,
    fallback: impl FnOnce() -> u32,
) -> u32 {
    let limits = Limits {
        max_nodes: WINNABLE_NODE_BUDGET,
    };
    candidates
        .into_iter()
        .take(WINNABLE_TRIES as usize)
        .map(|n| n.max(1))
        .find(|&number| is_winnable(number, preset, limits) && accept(number))
        .unwrap_or_else(fallback)
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

/// A hinted move in words.
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
    fn winnable_deals_are_proven_winnable() {
        let limits = Limits {
            max_nodes: WINNABLE_NODE_BUDGET,
        };
        // Hard wins about 4 % of deals: most candidates are refused.
        let mut candidates = (1u32..).map(|n| n.wrapping_mul(2_654_435_761));
        for _ in 0..5 {
            let n = winnable_deal_number(Preset::Hard, &mut candidates, |_| true, || 0);
            assert!(n != 0 && is_winnable(n, Preset::Hard, limits), "{n}");
        }
        // When no candidate can be proven, the fallback is dealt, never an
        // unproven candidate (hard deal 2 is lost).
        assert!(!is_winnable(2, Preset::Hard, limits));
        assert_eq!(
            winnable_deal_number(Preset::Hard, [2; 500], |_| true, || 77),
            77
        );
        // A filter that takes nothing also falls back.
        assert_eq!(
            winnable_deal_number(Preset::Classic, 1..500, |_| false, || 9),
            9
        );
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

    #[test]
    fn hint_is_on_a_winning_line() {
        let r = round(1, Preset::Classic);
        let Hint::Move(m) = r.hint(HINT_NODE_BUDGET) else {
            panic!("deal 1 is winnable under classic");
        };
        assert!(r.board().legal_moves(r.position()).contains(&m));
        assert_eq!(round(2, Preset::Hard).hint(HINT_NODE_BUDGET), Hint::Lost);
        assert_eq!(round(2, Preset::Hard).hint(10), Hint::NotFound);
    }

    #[test]
    fn par_hint_after_the_pyramid_is_cleared_falls_back_to_removals() {
        // Find Par deals whose pyramid can be cleared but not every card,
        // play the solver's line to the cleared pyramid, and ask for a hint.
        let mut checked = 0;
        for number in 1..=60 {
            let mut r = round(number, Preset::Par);
            let Hint::Move(_) = r.hint(HINT_NODE_BUDGET) else {
                continue;
            };
            let line = solve(
                r.board(),
                r.position(),
                Limits {
                    max_nodes: HINT_NODE_BUDGET,
                },
            )
            .line;
            for m in line {
                r.game.play(m).unwrap();
            }
            assert_eq!(r.position().pyramid_left(), 0);
            if r.is_over() {
                continue;
            }
            let hint = r.hint(HINT_NODE_BUDGET);
            let all = solve(
                r.board(),
                r.position(),
                Limits {
                    max_nodes: HINT_NODE_BUDGET,
                },
            );
            if all.outcome == Outcome::Win {
                assert!(matches!(hint, Hint::Move(_)));
                continue;
            }
            checked += 1;
            match hint {
                Hint::Removal(m) => {
                    assert!(m.is_removal());
                    assert!(r.board().legal_moves(r.position()).contains(&m));
                }
                Hint::EndRound => assert!(!r.board().has_removal(r.position())),
                other => panic!("deal {number}: {other:?}"),
            }
        }
        assert!(
            checked > 0,
            "no Par deal left cards after clearing the pyramid"
        );
    }
}
