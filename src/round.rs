//! The round in play and the records of finished rounds: plain data over the
//! engine, with no signals and no browser calls, so it is tested natively.
//!
//! Everything about the rules (which move is legal, when a round is won or
//! lost, the score) comes from `pyramid_engine`; this module only keeps the
//! extra facts the page needs about a round (its deal number, its id, its
//! clock) and turns finished rounds into statistics.

use std::fmt;

use pyramid_engine::{
    solve, Board, Card, Deal, Game, Limits, LossReason, Move, Outcome, Position, Preset, Status,
};

/// Positions the solver may expand for one hint; enough for almost every
/// position, small enough to answer within a fraction of a second in wasm.
pub const HINT_NODE_BUDGET: u64 = 200_000;

/// Positions one candidate may cost when dealing "winnable deals only".
pub const WINNABLE_NODE_BUDGET: u64 = 300_000;

/// The round on the table. The page keeps exactly one, in one signal.
#[derive(Clone, Debug)]
pub struct Round {
    pub game: Game,
    /// The deal number, when the deal came from one (always, for now).
    pub deal_number: Option<u32>,
    /// Unique per round, so a saved round and a statistics record can be matched.
    pub round_id: String,
    /// Time played, in milliseconds; the clock runs only while the round is in
    /// progress, not paused and the page is visible.
    pub elapsed_ms: u64,
    /// Whether this round's end has already been recorded in the statistics.
    pub reported: bool,
    /// How the round was chosen, shown in the status bar ("Daily deal").
    pub origin: DealOrigin,
}

/// How a deal was picked in the new-deal dialog.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum DealOrigin {
    #[default]
    Random,
    Winnable,
    Number,
    Daily,
}

/// How a round ended, for the statistics.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RoundResult {
    Won,
    Lost,
    Abandoned,
}

/// One finished round, as the statistics keep it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundRecord {
    pub round_id: String,
    pub preset: Preset,
    pub deal_number: Option<u32>,
    pub result: RoundResult,
    pub elapsed_ms: u64,
    pub moves: usize,
    pub score: i32,
}

/// The statistics of one preset, derived from its records (SPEC §5).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PresetStats {
    pub played: u32,
    pub won: u32,
    pub lost: u32,
    pub abandoned: u32,
    pub current_streak: u32,
    pub best_streak: u32,
    pub best_time_ms: Option<u64>,
    pub fewest_moves: Option<usize>,
    pub best_score: Option<i32>,
}

/// What the solver says about the position on the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hint {
    /// A move on a winning line.
    Move(Move),
    /// No line of play wins from here.
    Lost,
    /// The solver ran out of budget.
    NotFound,
}

/// Why `?deal=N&rules=ID` could not be used as given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UrlError {
    BadDeal(String),
    BadRules(String),
}

impl fmt::Display for UrlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UrlError::BadDeal(v) => write!(
                f,
                "\u{201c}{v}\u{201d} is not a deal number (use a whole number from 1 to {})",
                u32::MAX
            ),
            UrlError::BadRules(v) => {
                let ids: Vec<&str> = Preset::ALL.iter().map(|p| p.id()).collect();
                write!(
                    f,
                    "\u{201c}{v}\u{201d} is not a rule set (use one of {})",
                    ids.join(", ")
                )
            }
        }
    }
}

/// What the URL asked for: the parts that were valid, and what was wrong.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UrlRequest {
    pub deal_number: Option<u32>,
    pub preset: Option<Preset>,
    pub errors: Vec<UrlError>,
}

impl Round {
    /// A fresh round of deal `number` under `preset`.
    pub fn new(number: u32, preset: Preset, round_id: String, origin: DealOrigin) -> Round {
        Round {
            game: Game::new(Deal::from_number(number), preset),
            deal_number: Some(number),
            round_id,
            elapsed_ms: 0,
            reported: false,
            origin,
        }
    }

    pub fn preset(&self) -> Preset {
        self.game.preset()
    }

    pub fn board(&self) -> &Board {
        self.game.board()
    }

    pub fn position(&self) -> &Position {
        self.game.position()
    }

    pub fn status(&self) -> Status {
        self.game.status()
    }

    pub fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// The record of this round ending with `result`.
    pub fn record(&self, result: RoundResult) -> RoundRecord {
        RoundRecord {
            round_id: self.round_id.clone(),
            preset: self.preset(),
            deal_number: self.deal_number,
            result,
            elapsed_ms: self.elapsed_ms,
            moves: self.game.move_count(),
            score: self.game.score(),
        }
    }

    /// The record to keep if the round stops now: won or lost when the engine
    /// says it is over, abandoned when it was started and left unfinished, and
    /// nothing for an untouched deal or a round already recorded.
    pub fn finish_record(&self) -> Option<RoundRecord> {
        if self.reported {
            return None;
        }
        match self.status() {
            Status::Won => Some(self.record(RoundResult::Won)),
            Status::Lost(_) => Some(self.record(RoundResult::Lost)),
            Status::InProgress if self.game.move_count() > 0 => {
                Some(self.record(RoundResult::Abandoned))
            }
            Status::InProgress => None,
        }
    }

    /// `Pass 2 of 3`, or `Pass 4 of ∞` with unlimited passes.
    pub fn pass_label(&self) -> String {
        let pass = self.position().pass();
        match self.board().rules().passes {
            Some(total) => format!("Pass {pass} of {total}"),
            None => format!("Pass {pass} of \u{221e}"),
        }
    }

    /// The hint for the position on the table, solved within `budget` nodes.
    pub fn hint(&self, budget: u64) -> Hint {
        hint_for(self.board(), self.position(), budget)
    }
}

/// The hint for `pos`: the first move of a winning line, if the solver finds one.
pub fn hint_for(board: &Board, pos: &Position, budget: u64) -> Hint {
    let solution = solve(board, pos, Limits { max_nodes: budget });
    match solution.outcome {
        Outcome::Win => solution
            .line
            .first()
            .copied()
            .map_or(Hint::NotFound, Hint::Move),
        Outcome::Loss => Hint::Lost,
        Outcome::Unknown => Hint::NotFound,
    }
}

/// Whether the solver proves deal `number` winnable under `preset` within `budget`.
pub fn is_winnable(number: u32, preset: Preset, budget: u64) -> bool {
    let board = Board::new(Deal::from_number(number), preset);
    solve(&board, &board.start(), Limits { max_nodes: budget }).outcome == Outcome::Win
}

/// Reads the `deal` and `rules` query parameters. Missing values are not errors.
pub fn parse_url_request(deal: Option<&str>, rules: Option<&str>) -> UrlRequest {
    let mut request = UrlRequest::default();
    if let Some(text) = deal {
        match text.trim().parse::<u32>() {
            Ok(n) if n >= 1 => request.deal_number = Some(n),
            _ => request.errors.push(UrlError::BadDeal(text.to_string())),
        }
    }
    if let Some(text) = rules {
        match text.trim().parse::<Preset>() {
            Ok(p) => request.preset = Some(p),
            Err(_) => request.errors.push(UrlError::BadRules(text.to_string())),
        }
    }
    request
}

/// Reads a deal number typed by the player.
pub fn parse_deal_number(text: &str) -> Option<u32> {
    text.trim().parse::<u32>().ok().filter(|&n| n >= 1)
}

/// `m:ss`, or `h:mm:ss` past an hour.
pub fn format_time(ms: u64) -> String {
    let secs = ms / 1000;
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// The card code used in the DOM and the CLI: `7H`, `TD`.
pub fn card_code(card: Card) -> String {
    card.to_string()
}

/// The card's face: rank label and suit symbol, `10♥`.
pub fn card_face(card: Card) -> String {
    format!("{}{}", card.rank_label(), card.suit().symbol())
}

/// A move in words, for the live region and the hint message.
pub fn describe_move(m: Move) -> String {
    match m {
        Move::King(c) => format!("{} removed", c.name()),
        Move::Pair(a, b) => format!("{} and {} removed", a.name(), b.name()),
        Move::Draw => "Card drawn".to_string(),
        Move::Recycle => "Waste turned over".to_string(),
    }
}

/// A hinted move in words.
pub fn describe_hint(m: Move) -> String {
    match m {
        Move::King(c) => format!("Hint: remove the {}", c.name()),
        Move::Pair(a, b) => format!("Hint: pair the {} with the {}", a.name(), b.name()),
        Move::Draw => "Hint: draw a card".to_string(),
        Move::Recycle => "Hint: turn the waste over".to_string(),
    }
}

/// The end of a round in words.
pub fn describe_status(status: Status) -> Option<&'static str> {
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

impl PresetStats {
    /// The statistics of `preset` from every record, oldest first.
    pub fn from_records(records: &[RoundRecord], preset: Preset) -> PresetStats {
        let mut stats = PresetStats::default();
        for r in records.iter().filter(|r| r.preset == preset) {
            stats.played += 1;
            match r.result {
                RoundResult::Won => {
                    stats.won += 1;
                    stats.current_streak += 1;
                    stats.best_streak = stats.best_streak.max(stats.current_streak);
                    stats.best_time_ms = Some(
                        stats
                            .best_time_ms
                            .map_or(r.elapsed_ms, |t| t.min(r.elapsed_ms)),
                    );
                    stats.fewest_moves =
                        Some(stats.fewest_moves.map_or(r.moves, |m| m.min(r.moves)));
                }
                RoundResult::Lost => {
                    stats.lost += 1;
                    stats.current_streak = 0;
                }
                RoundResult::Abandoned => {
                    stats.abandoned += 1;
                    stats.current_streak = 0;
                }
            }
            if r.result != RoundResult::Abandoned {
                stats.best_score = Some(stats.best_score.map_or(r.score, |s| s.max(r.score)));
            }
        }
        stats
    }

    /// Won rounds as a whole percentage of rounds played, if any were played.
    pub fn win_rate_percent(&self) -> Option<u32> {
        (self.played > 0).then(|| (self.won * 100 + self.played / 2) / self.played)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round(number: u32, preset: Preset) -> Round {
        Round::new(number, preset, "r1".into(), DealOrigin::Number)
    }

    #[test]
    fn url_requests() {
        let check = |deal: Option<&str>, rules: Option<&str>, expected: UrlRequest| {
            assert_eq!(parse_url_request(deal, rules), expected);
        };
        check(None, None, UrlRequest::default());
        check(
            Some("42"),
            Some("hard"),
            UrlRequest {
                deal_number: Some(42),
                preset: Some(Preset::Hard),
                errors: vec![],
            },
        );
        check(
            Some("0"),
            Some("klondike"),
            UrlRequest {
                deal_number: None,
                preset: None,
                errors: vec![
                    UrlError::BadDeal("0".into()),
                    UrlError::BadRules("klondike".into()),
                ],
            },
        );
        check(
            Some("abc"),
            None,
            UrlRequest {
                deal_number: None,
                preset: None,
                errors: vec![UrlError::BadDeal("abc".into())],
            },
        );
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
    fn finish_records() {
        let mut r = round(2, Preset::Classic);
        assert_eq!(r.finish_record(), None);
        r.game.play(Move::Draw).unwrap();
        let record = r.finish_record().unwrap();
        assert_eq!(record.result, RoundResult::Abandoned);
        assert_eq!(record.moves, 1);
        r.reported = true;
        assert_eq!(r.finish_record(), None);
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
    fn stats_from_records() {
        let rec = |result, ms, moves, score| RoundRecord {
            round_id: String::new(),
            preset: Preset::Classic,
            deal_number: Some(1),
            result,
            elapsed_ms: ms,
            moves,
            score,
        };
        let records = vec![
            rec(RoundResult::Won, 90_000, 60, 10),
            rec(RoundResult::Won, 80_000, 70, 20),
            rec(RoundResult::Lost, 10_000, 5, -40),
            rec(RoundResult::Won, 100_000, 50, 5),
            rec(RoundResult::Abandoned, 1_000, 1, -52),
        ];
        let stats = PresetStats::from_records(&records, Preset::Classic);
        assert_eq!(
            stats,
            PresetStats {
                played: 5,
                won: 3,
                lost: 1,
                abandoned: 1,
                current_streak: 0,
                best_streak: 2,
                best_time_ms: Some(80_000),
                fewest_moves: Some(50),
                best_score: Some(20),
            }
        );
        assert_eq!(stats.win_rate_percent(), Some(60));
        assert_eq!(
            PresetStats::from_records(&records, Preset::Hard).win_rate_percent(),
            None
        );
    }
}
