//! What the page asks the solver's Web Worker and what it answers: one
//! request enum and one response enum, serde types that cross as JSON.
//! [`reply`] is the worker's whole work on one message; it is pure, so the
//! protocol is tested natively, and the page's main thread never calls it.
//!
//! On the wire, the page posts an [`Envelope`] of a [`Request`]; the worker
//! posts [`FromWorker`] messages: [`Ready`](FromWorker::Ready) once its code
//! has loaded, an [`Answer`](FromWorker::Answer) to each request (with the
//! request's id, even when the request could not be read), and, from its
//! loader script, [`CannotStart`](FromWorker::CannotStart) when its code
//! failed to load.
//!
//! Behind the `protocol` feature: the worker and the page enable it; the
//! command line does not need it.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::analysis::{
    difficulty, hint_and_line, shortest_win, show_win, where_lost, winnable_deal_number, Hint,
    LossAnalysis, WinLine, Winnability, HINT_NODE_BUDGET,
};
use crate::daily::daily_deal;
use crate::{Deal, Game, Limits, Move, Preset};

/// Positions "where did I lose?" and "show me a win" may spend on each solve.
pub const ANALYSIS_NODE_BUDGET: u64 = 2_000_000;
/// Positions the shortest-win search may store (about 50 bytes each).
pub const SHORTEST_NODE_BUDGET: u64 = 1_000_000;

/// A round as the solver needs it: the deal, the rules and the moves on the
/// board (never the redoable ones), and whether the player ended it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundSpec {
    pub preset: Preset,
    /// The deal text: 52 codes in deal order.
    pub cards: String,
    pub played: Vec<Move>,
    pub ended: bool,
}

/// A question for the solver.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Request {
    /// A hint for the position on the board, with the rest of the line.
    Hint(RoundSpec),
    /// "Where did I lose?" for the moves on the board.
    WhereLost(RoundSpec),
    /// A winning line to replay ([`show_win`]).
    ShowWin(RoundSpec),
    /// The fewest moves that win the deal from its start.
    ShortestWin { preset: Preset, cards: String },
    /// The deal's difficulty grade.
    Difficulty { preset: Preset, cards: String },
    /// A deal for "winnable deals only" ([`winnable_deal_number`]):
    /// `candidates` are random numbers the page drew, `grade` the
    /// difficulty asked for, `day` the day whose daily deal stands in.
    WinnableDeal {
        preset: Preset,
        candidates: Vec<u32>,
        grade: Option<u8>,
        day: u32,
    },
    /// The daily deal of `day` (days since the Unix epoch) under `preset`.
    DailyDeal { preset: Preset, day: u32 },
}

/// The solver's answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Response {
    /// The hint, and the winning line it starts (empty when there is none).
    Hint {
        hint: Hint,
        line: Vec<Move>,
    },
    WhereLost(LossAnalysis),
    ShowWin(WinLine),
    /// The fewest moves that win, if a win is known (`None` when the deal
    /// cannot be won or the budget ran out); `exact` when that is proven
    /// the fewest, else it is an upper bound.
    ShortestWin {
        moves: Option<u32>,
        exact: bool,
    },
    /// The grade, 1 (easiest) to 5, and whether the deal can be won.
    Difficulty {
        grade: u8,
        winnable: Winnability,
    },
    /// A deal number.
    Deal(u32),
    /// The request could not be read or played (a bug on the page's side,
    /// never a player's input).
    Refused(Refusal),
}

/// Why the worker answered a request with [`Response::Refused`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Refusal {
    /// The message was not a request in this protocol.
    Unreadable(String),
    /// The request's deal text is not a deal.
    BadDeal(String),
    /// The request's moves cannot be played on its deal.
    BadLine(String),
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Unreadable(why) => write!(f, "unreadable request: {why}"),
            Refusal::BadDeal(why) => write!(f, "bad deal: {why}"),
            Refusal::BadLine(why) => write!(f, "bad line: {why}"),
        }
    }
}

impl std::error::Error for Refusal {}

/// One message with the id that pairs a request with its answer, so a
/// stale answer is dropped.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Envelope<T> {
    pub id: u64,
    pub body: T,
}

/// A message from the worker to the page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FromWorker {
    /// The worker's code has loaded: requests posted from now on are read
    /// (ones posted before were dropped).
    Ready,
    /// The worker's code could not load (the loader script,
    /// `worker/solver-worker_loader.js`, sends this with the reason).
    CannotStart(String),
    /// The answer to the request with the same id.
    Answer(Envelope<Response>),
}

impl FromWorker {
    /// The message as the worker posts it.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("every message serialises: no map has non-text keys")
    }

    /// A message the worker posted, if it is one.
    pub fn from_json(text: &str) -> Result<FromWorker, serde_json::Error> {
        serde_json::from_str(text)
    }
}

impl Envelope<Request> {
    /// The request as the page posts it.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("every request serialises: no map has non-text keys")
    }
}

/// The worker's whole job on one message: the answer to the request in
/// `text`, as the JSON of a [`FromWorker::Answer`]. A message that is not a
/// request is answered with a [`Refusal::Unreadable`], under the message's
/// own `id` when it has one (else 0, which no request uses), so the page
/// hears at once instead of waiting for its timeout.
pub fn reply(text: &str) -> String {
    let envelope = match serde_json::from_str::<Envelope<Request>>(text) {
        Ok(request) => Envelope {
            id: request.id,
            body: answer(&request.body),
        },
        Err(e) => Envelope {
            id: id_of(text),
            body: Response::Refused(Refusal::Unreadable(e.to_string())),
        },
    };
    FromWorker::Answer(envelope).to_json()
}

/// The `id` of a message that may not be a request.
fn id_of(text: &str) -> u64 {
    #[derive(Deserialize)]
    struct Id {
        id: u64,
    }
    serde_json::from_str::<Id>(text).map_or(0, |m| m.id)
}

/// The answer to `request`.
pub fn answer(request: &Request) -> Response {
    match request {
        Request::Hint(spec) => with_game(spec, |game| {
            let (hint, line) = hint_and_line(game.board(), game.position(), HINT_NODE_BUDGET);
            Response::Hint { hint, line }
        }),
        Request::WhereLost(spec) => with_game(spec, |game| {
            Response::WhereLost(where_lost(game, analysis_limits()))
        }),
        Request::ShowWin(spec) => with_game(spec, |game| {
            Response::ShowWin(show_win(game, analysis_limits()))
        }),
        Request::ShortestWin { preset, cards } => with_deal(cards, |deal| {
            let game = Game::new(deal, *preset);
            let limits = Limits {
                max_nodes: SHORTEST_NODE_BUDGET,
            };
            let shortest = shortest_win(game.board(), game.position(), limits);
            Response::ShortestWin {
                moves: shortest
                    .moves()
                    .map(|m| u32::try_from(m).unwrap_or(u32::MAX)),
                exact: matches!(shortest, crate::ShortestWin::Exact { .. }),
            }
        }),
        Request::Difficulty { preset, cards } => with_deal(cards, |deal| {
            let d = difficulty(&deal, *preset);
            Response::Difficulty {
                grade: d.grade,
                winnable: d.winnable,
            }
        }),
        Request::WinnableDeal {
            preset,
            candidates,
            grade,
            day,
        } => Response::Deal(winnable_deal_number(
            *preset,
            candidates.iter().copied(),
            *grade,
            *day,
        )),
        Request::DailyDeal { preset, day } => Response::Deal(daily_deal(*preset, *day)),
    }
}

fn analysis_limits() -> Limits {
    Limits {
        max_nodes: ANALYSIS_NODE_BUDGET,
    }
}

fn with_deal(cards: &str, f: impl FnOnce(Deal) -> Response) -> Response {
    match cards.parse::<Deal>() {
        Ok(deal) => f(deal),
        Err(e) => Response::Refused(Refusal::BadDeal(e.to_string())),
    }
}

fn with_game(spec: &RoundSpec, f: impl FnOnce(&Game) -> Response) -> Response {
    with_deal(&spec.cards, |deal| {
        match Game::replay(deal, spec.preset, &spec.played, spec.played.len()) {
            Ok(mut game) => {
                if spec.ended {
                    game.end_round();
                }
                f(&game)
            }
            Err(e) => Response::Refused(Refusal::BadLine(e.to_string())),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::difficulty_of_number;
    use crate::is_winnable;

    fn spec(number: u32, preset: Preset, played: Vec<Move>) -> RoundSpec {
        RoundSpec {
            preset,
            cards: Deal::from_number(number).to_string(),
            played,
            ended: false,
        }
    }

    /// A request's answer, after the trip to the worker and back as JSON.
    fn round_trip(request: &Request) -> Response {
        let text = Envelope {
            id: 7,
            body: request.clone(),
        }
        .to_json();
        match FromWorker::from_json(&reply(&text)).unwrap() {
            FromWorker::Answer(Envelope { id: 7, body }) => body,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn hint_is_a_move_on_a_winning_line() {
        let Response::Hint {
            hint: Hint::Move(m),
            line,
        } = round_trip(&Request::Hint(spec(1, Preset::Classic, vec![])))
        else {
            panic!("deal 1 is winnable under classic");
        };
        assert_eq!(line.first(), Some(&m));
    }

    #[test]
    fn where_lost_names_a_move_or_says_why_not() {
        // Hard deal 2 can never be won.
        assert_eq!(
            round_trip(&Request::WhereLost(spec(2, Preset::Hard, vec![]))),
            Response::WhereLost(LossAnalysis::NeverWinnable)
        );
        assert_eq!(
            round_trip(&Request::WhereLost(spec(1, Preset::Classic, vec![]))),
            Response::WhereLost(LossAnalysis::StillWinnable)
        );
        // Drawing through a Hard deal that can be won loses it at some draw.
        let number = (1..200)
            .find(|&n| is_winnable(n, Preset::Hard, Limits { max_nodes: 200_000 }))
            .unwrap();
        let mut game = Game::new(Deal::from_number(number), Preset::Hard);
        let played: Vec<Move> = std::iter::repeat_n(Move::Draw, 24)
            .take_while(|&m| !game.is_over() && game.play(m).is_ok())
            .collect();
        match round_trip(&Request::WhereLost(spec(number, Preset::Hard, played))) {
            Response::WhereLost(LossAnalysis::LostAt { mv, .. }) => assert_eq!(mv, Move::Draw),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn show_win_replays_from_here_or_says_none() {
        match round_trip(&Request::ShowWin(spec(1, Preset::Classic, vec![]))) {
            Response::ShowWin(WinLine::FromHere(line)) => assert!(!line.is_empty()),
            other => panic!("{other:?}"),
        }
        assert_eq!(
            round_trip(&Request::ShowWin(spec(2, Preset::Hard, vec![]))),
            Response::ShowWin(WinLine::None)
        );
    }

    #[test]
    fn shortest_win_and_grade() {
        let cards = Deal::from_number(1).to_string();
        match round_trip(&Request::ShortestWin {
            preset: Preset::Classic,
            cards: cards.clone(),
        }) {
            Response::ShortestWin {
                moves: Some(moves), ..
            } => assert!(moves > 0 && moves <= 52, "{moves}"),
            other => panic!("{other:?}"),
        }
        match round_trip(&Request::Difficulty {
            preset: Preset::Classic,
            cards,
        }) {
            Response::Difficulty { grade, winnable } => {
                assert!((1..=5).contains(&grade));
                assert_eq!(winnable, Winnability::Winnable);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn winnable_and_daily_deals() {
        // Hard deal 2 is lost: the day's daily deal stands in.
        assert_eq!(
            round_trip(&Request::WinnableDeal {
                preset: Preset::Hard,
                candidates: vec![2, 2, 2],
                grade: None,
                day: 20_000,
            }),
            Response::Deal(daily_deal(Preset::Hard, 20_000))
        );
        assert_eq!(
            round_trip(&Request::DailyDeal {
                preset: Preset::Classic,
                day: 20_000
            }),
            Response::Deal(daily_deal(Preset::Classic, 20_000))
        );
        let Response::Deal(n) = round_trip(&Request::WinnableDeal {
            preset: Preset::Classic,
            candidates: (1..60).collect(),
            grade: Some(1),
            day: 20_000,
        }) else {
            panic!("a deal");
        };
        assert_eq!(difficulty_of_number(n, Preset::Classic).grade, 1);
    }

    #[test]
    fn bad_requests_are_refused() {
        let mut bad = spec(1, Preset::Classic, vec![Move::Recycle]);
        assert!(matches!(
            round_trip(&Request::Hint(bad.clone())),
            Response::Refused(Refusal::BadLine(_))
        ));
        bad.cards = "AS".into();
        assert!(matches!(
            round_trip(&Request::Hint(bad)),
            Response::Refused(Refusal::BadDeal(_))
        ));
    }

    #[test]
    fn an_unreadable_request_is_answered_under_its_own_id() {
        let check = |text: &str, id: u64| match FromWorker::from_json(&reply(text)).unwrap() {
            FromWorker::Answer(Envelope {
                id: answered,
                body: Response::Refused(Refusal::Unreadable(_)),
            }) => assert_eq!(answered, id, "{text}"),
            other => panic!("{text}: {other:?}"),
        };
        check(r#"{"id":12,"body":{"Hint":"no"}}"#, 12);
        check(r#"{"id":13,"body":{"Teleport":{}}}"#, 13);
        check(r#"{"id":14}"#, 14);
        check("not json", 0);
        check(r#"{"body":{"DailyDeal":{"preset":"classic","day":1}}}"#, 0);
    }

    #[test]
    fn games_cross_by_id_named_and_custom() {
        let custom: Preset = "custom-1-3-drawcard-all-overlap".parse().unwrap();
        for preset in [Preset::Giza, Preset::Cheops, custom] {
            // On the wire the game is its id.
            let request = Request::Hint(spec(1, preset, vec![]));
            let text = Envelope {
                id: 3,
                body: request.clone(),
            }
            .to_json();
            assert!(text.contains(&format!("\"preset\":\"{preset}\"")), "{text}");
            let read: Envelope<Request> = serde_json::from_str(&text).unwrap();
            assert_eq!(read.body, request);
            // The answers are the game's own.
            match round_trip(&request) {
                Response::Hint {
                    hint: Hint::Move(m),
                    line,
                } => {
                    let game = Game::new(Deal::from_number(1), preset);
                    assert!(game.board().legal_moves(game.position()).contains(&m));
                    assert_eq!(line.first(), Some(&m));
                }
                Response::Hint {
                    hint: Hint::Lost | Hint::NotFound,
                    line,
                } => assert!(line.is_empty(), "{preset}"),
                other => panic!("{preset}: {other:?}"),
            }
            assert_eq!(
                round_trip(&Request::DailyDeal {
                    preset,
                    day: 20_000
                }),
                Response::Deal(daily_deal(preset, 20_000)),
                "{preset}"
            );
            let cards = Deal::from_number(2).to_string();
            let want = difficulty(&Deal::from_number(2), preset);
            assert_eq!(
                round_trip(&Request::Difficulty { preset, cards }),
                Response::Difficulty {
                    grade: want.grade,
                    winnable: want.winnable
                },
                "{preset}"
            );
        }
        // A move of another game's rules is refused on this one's: Cheops
        // has no card alone.
        let (number, king) = (1..)
            .find_map(|n| {
                let deal = Deal::from_number(n);
                deal.pyramid()[21..]
                    .iter()
                    .find(|c| c.is_king())
                    .map(|&c| (n, c))
            })
            .unwrap();
        let alone = spec(number, Preset::Cheops, vec![Move::King(king)]);
        assert!(matches!(
            round_trip(&Request::Hint(alone)),
            Response::Refused(Refusal::BadLine(_))
        ));
        // An id that is no game is an unreadable request.
        let text = r#"{"id":21,"body":{"DailyDeal":{"preset":"custom-4-1-waste-all-no","day":1}}}"#;
        assert!(matches!(
            FromWorker::from_json(&reply(text)).unwrap(),
            FromWorker::Answer(Envelope {
                id: 21,
                body: Response::Refused(Refusal::Unreadable(_))
            })
        ));
    }

    #[test]
    fn the_loaders_messages_are_read() {
        // worker/solver-worker_loader.js writes these by hand.
        assert_eq!(
            FromWorker::from_json(r#""Ready""#).unwrap(),
            FromWorker::Ready
        );
        assert_eq!(
            FromWorker::from_json(r#"{"CannotStart":"TypeError: Failed to fetch"}"#).unwrap(),
            FromWorker::CannotStart("TypeError: Failed to fetch".into())
        );
        assert_eq!(FromWorker::Ready.to_json(), r#""Ready""#);
    }
}
