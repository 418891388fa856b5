//! What the page asks the solver and what it answers: one request enum and
//! one response enum, serde types that cross to the solver's Web Worker as
//! JSON. [`answer`] is the whole of the worker's work; it is pure, so it is
//! tested natively, and the page's main thread never calls it (only the
//! worker does: see `solver_client`).

use pyramid_engine::analysis::{
    difficulty, shortest_win, where_lost, LossAnalysis, ShortestWin, Winnability,
};
use pyramid_engine::daily::daily_deal;
use pyramid_engine::{solve, Deal, Game, Limits, Move, Preset};
use serde::{Deserialize, Serialize};

use crate::domain::round::{hint_and_line, winnable_deal_number, Hint, HINT_NODE_BUDGET};

/// Positions the analyses may spend on each solve.
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
    /// A winning line to replay: from the position on the board, or from
    /// the deal's start when the board can no longer be won.
    ShowWin(RoundSpec),
    /// The fewest moves that win the deal from its start.
    ShortestWin { preset: Preset, cards: String },
    /// The deal's difficulty grade.
    Difficulty { preset: Preset, cards: String },
    /// The first of `candidates` (random numbers the page drew) that the
    /// solver proves winnable and, if `grade` is set, has that grade; or
    /// else the daily deal of `day` (days since the Unix epoch), which is
    /// always winnable.
    WinnableDeal {
        preset: Preset,
        candidates: Vec<u32>,
        grade: Option<u8>,
        day: u32,
    },
    /// The daily deal of `day` under `preset`.
    DailyDeal { preset: Preset, day: u32 },
}

/// What a [`ShowWin`](Request::ShowWin) replays.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WinLine {
    /// From the position on the board.
    FromHere(Vec<Move>),
    /// From the deal's start: the board can no longer be won.
    FromStart(Vec<Move>),
    /// No line wins this deal at all.
    None,
    /// The solver ran out of its budget.
    Unknown,
}

/// The solver's answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Response {
    /// The hint, and the winning line it starts (empty when there is none).
    Hint(Hint, Vec<Move>),
    WhereLost(LossAnswer),
    ShowWin(WinLine),
    /// The fewest moves that win, when the flag says it is proven, else
    /// an upper bound; `None` when the deal cannot be won or the budget ran
    /// out.
    ShortestWin(Option<u32>, bool),
    /// The grade, 1 to 5, and whether the deal can be won (`None`: not
    /// settled).
    Difficulty(u8, Option<bool>),
    /// A deal number.
    Deal(u32),
    /// The request could not be read or played (a bug on the page's side,
    /// never a player's input).
    Refused(String),
}

/// [`LossAnalysis`] on the wire.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LossAnswer {
    NeverWinnable,
    Won,
    StillWinnable,
    /// Move `index + 1` (the move given) lost the deal; rewind to `index`
    /// moves.
    LostAt(u32, Move),
    Unknown,
}

/// One request on its way to the worker; `id` pairs it with its answer, so
/// a stale answer is dropped.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Envelope<T> {
    pub id: u64,
    pub body: T,
}

/// Answers a request: the worker's whole job.
pub fn answer(request: &Request) -> Response {
    match request {
        Request::Hint(spec) => with_game(spec, |game| {
            let (hint, line) = hint_and_line(game.board(), game.position(), HINT_NODE_BUDGET);
            Response::Hint(hint, line)
        }),
        Request::WhereLost(spec) => with_game(spec, |game| {
            let analysis = where_lost(game, analysis_limits());
            Response::WhereLost(match analysis {
                LossAnalysis::NeverWinnable => LossAnswer::NeverWinnable,
                LossAnalysis::Won => LossAnswer::Won,
                LossAnalysis::StillWinnable => LossAnswer::StillWinnable,
                LossAnalysis::LostAt { index, mv, .. } => {
                    LossAnswer::LostAt(u32::try_from(index).unwrap_or(u32::MAX), mv)
                }
                LossAnalysis::Unknown => LossAnswer::Unknown,
            })
        }),
        Request::ShowWin(spec) => with_game(spec, |game| {
            let board = game.board();
            let here = solve(board, game.position(), analysis_limits());
            Response::ShowWin(match here.outcome {
                pyramid_engine::Outcome::Win => WinLine::FromHere(here.line),
                pyramid_engine::Outcome::Unknown => WinLine::Unknown,
                pyramid_engine::Outcome::Loss => {
                    let start = solve(board, &board.start(), analysis_limits());
                    match start.outcome {
                        pyramid_engine::Outcome::Win => WinLine::FromStart(start.line),
                        pyramid_engine::Outcome::Loss => WinLine::None,
                        pyramid_engine::Outcome::Unknown => WinLine::Unknown,
                    }
                }
            })
        }),
        Request::ShortestWin { preset, cards } => with_deal(cards, |deal| {
            let game = Game::new(deal, *preset);
            let shortest = shortest_win(
                game.board(),
                game.position(),
                Limits {
                    max_nodes: SHORTEST_NODE_BUDGET,
                },
            );
            let exact = matches!(shortest, ShortestWin::Exact { .. });
            let moves = shortest
                .moves()
                .map(|m| u32::try_from(m).unwrap_or(u32::MAX));
            Response::ShortestWin(moves, exact)
        }),
        Request::Difficulty { preset, cards } => with_deal(cards, |deal| {
            let d = difficulty(&deal, *preset);
            let winnable = match d.winnable {
                Winnability::Winnable => Some(true),
                Winnability::NotWinnable => Some(false),
                Winnability::Unknown => None,
            };
            Response::Difficulty(d.grade, winnable)
        }),
        Request::WinnableDeal {
            preset,
            candidates,
            grade,
            day,
        } => Response::Deal(winnable_deal_number(
            *preset,
            candidates.iter().copied(),
            |n| grade.is_none_or(|g| difficulty(&Deal::from_number(n), *preset).grade == g),
            || daily_deal(*preset, *day),
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
        Err(e) => Response::Refused(format!("bad deal: {e}")),
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
            Err(e) => Response::Refused(format!("bad line: {e}")),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use pyramid_engine::{is_winnable, Deal};

    fn spec(number: u32, preset: Preset, played: Vec<Move>) -> RoundSpec {
        RoundSpec {
            preset,
            cards: Deal::from_number(number).to_string(),
            played,
            ended: false,
        }
    }

    /// A request survives the trip to the worker and back as JSON.
    fn round_trip(request: &Request) -> Response {
        let text = serde_json::to_string(&Envelope {
            id: 7,
            body: request.clone(),
        })
        .unwrap();
        let back: Envelope<Request> = serde_json::from_str(&text).unwrap();
        assert_eq!(back.id, 7);
        assert_eq!(&back.body, request);
        let answer = Envelope {
            id: back.id,
            body: answer(&back.body),
        };
        let text = serde_json::to_string(&answer).unwrap();
        serde_json::from_str::<Envelope<Response>>(&text)
            .unwrap()
            .body
    }

    #[test]
    fn hint_is_a_move_on_a_winning_line() {
        let Response::Hint(Hint::Move(m), line) =
            round_trip(&Request::Hint(spec(1, Preset::Classic, vec![])))
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
            Response::WhereLost(LossAnswer::NeverWinnable)
        );
        assert_eq!(
            round_trip(&Request::WhereLost(spec(1, Preset::Classic, vec![]))),
            Response::WhereLost(LossAnswer::StillWinnable)
        );
        // Drawing through a Hard deal that can be won loses it at some draw.
        let number = (1..200)
            .find(|&n| is_winnable(n, Preset::Hard, Limits { max_nodes: 200_000 }))
            .unwrap();
        let draws = vec![Move::Draw; 24];
        let mut game = Game::new(Deal::from_number(number), Preset::Hard);
        let played: Vec<Move> = draws
            .into_iter()
            .take_while(|&m| !game.is_over() && game.play(m).is_ok())
            .collect();
        match round_trip(&Request::WhereLost(spec(number, Preset::Hard, played))) {
            Response::WhereLost(LossAnswer::LostAt(_, mv)) => assert_eq!(mv, Move::Draw),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn show_win_replays_from_here_or_from_the_start() {
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
            Response::ShortestWin(Some(moves), _) => assert!(moves > 0 && moves <= 52, "{moves}"),
            other => panic!("{other:?}"),
        }
        match round_trip(&Request::Difficulty {
            preset: Preset::Classic,
            cards,
        }) {
            Response::Difficulty(grade, _) => assert!((1..=5).contains(&grade)),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn winnable_and_daily_deals() {
        let Response::Deal(n) = round_trip(&Request::WinnableDeal {
            preset: Preset::Hard,
            candidates: vec![2, 2, 2],
            grade: None,
            day: 20_000,
        }) else {
            panic!("a deal");
        };
        // Hard deal 2 is lost: the day's daily deal stands in.
        assert_eq!(n, daily_deal(Preset::Hard, 20_000));
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
        assert_eq!(difficulty(&Deal::from_number(n), Preset::Classic).grade, 1);
    }

    #[test]
    fn bad_requests_are_refused() {
        let mut bad = spec(1, Preset::Classic, vec![Move::Recycle]);
        assert!(matches!(
            answer(&Request::Hint(bad.clone())),
            Response::Refused(_)
        ));
        bad.cards = "AS".into();
        assert!(matches!(answer(&Request::Hint(bad)), Response::Refused(_)));
    }
}
