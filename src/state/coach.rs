//! The solver as a coach: "where did I lose?" and a rewind to there, "show
//! me a win" as a replay, the deal's difficulty grade and, after a win, the
//! shortest win. Every answer comes from the solver's worker
//! ([`crate::solver`]); this module only asks and shows.

use std::time::Duration;

use leptos::prelude::*;
use pyramid_engine::{Game, Move};

use crate::domain::round::{capitalise, card_face, describe_move, Round};
use crate::fx::motion;
use crate::protocol::{LossAnswer, Request, Response, WinLine};
use crate::solver::{self, SolverError};
use crate::state::context::{GameContext, OpenDialog};

/// How long each move of a shown win stays on the table.
pub const REPLAY_STEP: Duration = Duration::from_millis(700);

/// What is known of the deal's difficulty.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Grade {
    /// Not asked yet, or the question was cancelled (asked again later).
    Unknown,
    Asking,
    /// 1 (easiest) to 5 (hardest).
    Known(u8),
    /// The solver could not answer.
    Failed,
}

/// A winning line being shown on the table, and the player's own round,
/// put aside until the replay stops.
#[derive(Clone, Debug)]
pub struct Replay {
    pub line: Vec<Move>,
    /// How many moves of `line` are on the table.
    pub shown: usize,
    pub paused: bool,
    /// The player's round, as it was when the replay started.
    pub stashed: Round,
}

/// A move as the player sees it on the cards: `5♣ + 8♦`, `K♠`, "the draw".
pub fn move_faces(m: Move) -> String {
    match m {
        Move::King(c) => card_face(c),
        Move::Pair(a, b) => format!("{} + {}", card_face(a), card_face(b)),
        Move::Draw => "the draw".into(),
        Move::Recycle => "turning the waste over".into(),
    }
}

/// The answer to "where did I lose?" in words.
pub fn describe_loss(answer: &LossAnswer) -> String {
    match answer {
        LossAnswer::NeverWinnable => "No sequence of moves wins this deal.".into(),
        LossAnswer::Won => "You won this round.".into(),
        LossAnswer::StillWinnable => "This position can still be won.".into(),
        LossAnswer::LostAt(index, mv) => format!(
            "{} on move {} lost the deal.",
            capitalise(&move_faces(*mv)),
            index + 1
        ),
        LossAnswer::Unknown => "The solver could not settle this in time.".into(),
    }
}

impl GameContext {
    /// "Where did I lose?": asks the solver about the moves on the board
    /// and opens the answer's dialog.
    pub fn where_did_i_lose(&self) {
        if self.replay.with_untracked(Option::is_some) {
            return;
        }
        let ctx = *self;
        let request = Request::WhereLost(self.round_spec());
        self.ask("Looking for the losing move", request, move |response| {
            if let Response::WhereLost(answer) = response {
                ctx.message.set(describe_loss(&answer));
                ctx.loss_answer.set(Some(answer));
                ctx.dialog.set(OpenDialog::WhereLost);
            }
        });
    }

    /// Takes the round back to its first `index` moves (the last position
    /// that could still be won); the moves after stay redoable.
    pub fn rewind_to(&self, index: usize) {
        let mut rewound = false;
        let before = self.round.with_untracked(motion::snapshot);
        self.round.update(|r| {
            while r.game.move_count() > index && r.game.undo() {
                rewound = true;
            }
            r.assisted = true;
        });
        self.round.with_untracked(|r| motion::animate(before, r));
        self.dialog.set(OpenDialog::None);
        self.selected.set(None);
        self.hinted.set(None);
        self.end_dialog_closed.set(false);
        if rewound {
            self.message.set(format!(
                "Rewound to move {index}: this position can still be won"
            ));
        }
        self.save_round();
    }

    /// "Show me a win": plays the solver's winning line on the table, from
    /// here or, when this position is lost, from the deal's start. The
    /// player's round is put aside and comes back when the replay stops;
    /// it counts as assisted.
    pub fn show_me_a_win(&self) {
        if self.replay.with_untracked(Option::is_some) || self.paused.get_untracked() {
            return;
        }
        let ctx = *self;
        let key = self.round.with_untracked(|r| r.position().key());
        let request = Request::ShowWin(self.round_spec());
        self.ask("Finding a win to show", request, move |response| {
            let Response::ShowWin(line) = response else {
                return;
            };
            if ctx.round.with_untracked(|r| r.position().key()) != key {
                return;
            }
            let (line, from_start) = match line {
                WinLine::FromHere(line) => (line, false),
                WinLine::FromStart(line) => (line, true),
                WinLine::None => {
                    ctx.message
                        .set("No sequence of moves wins this deal.".into());
                    return;
                }
                WinLine::Unknown => {
                    ctx.message
                        .set("The solver could not find a win in time.".into());
                    return;
                }
            };
            ctx.start_replay(line, from_start);
        });
    }

    fn start_replay(&self, line: Vec<Move>, from_start: bool) {
        self.round.update(|r| r.assisted = true);
        let stashed = self.round.get_untracked();
        self.save_round();
        if from_start {
            self.round.update(|r| {
                r.game = Game::new(*r.game.deal(), r.preset());
            });
        }
        let total = line.len();
        self.replay.set(Some(Replay {
            line,
            shown: 0,
            paused: false,
            stashed,
        }));
        self.selected.set(None);
        self.hinted.set(None);
        self.message.set(format!(
            "Showing a win of {total} moves{}. Press Esc to stop.",
            if from_start {
                " from the deal's start"
            } else {
                " from here"
            }
        ));
        let ctx = *self;
        if let Ok(handle) = set_interval_with_handle(
            move || {
                if ctx
                    .replay
                    .with_untracked(|r| r.as_ref().is_some_and(|r| !r.paused))
                {
                    ctx.replay_step();
                }
            },
            REPLAY_STEP,
        ) {
            self.replay_timer.set_value(Some(handle));
        }
    }

    /// Plays the next move of the shown win.
    pub fn replay_step(&self) {
        let Some(next) = self
            .replay
            .with_untracked(|r| r.as_ref().and_then(|r| r.line.get(r.shown).copied()))
        else {
            return;
        };
        // Each move of the shown win travels like the player's own.
        let before = self.round.with_untracked(motion::snapshot);
        self.round.update(|r| {
            // The line is the solver's and was checked by the engine's
            // replay in the worker; a refusal would be a bug, and skipping
            // the move is the safe way on.
            let _ = r.game.play(next);
        });
        self.round.with_untracked(|r| motion::animate(before, r));
        let (shown, total) = self
            .replay
            .with_untracked(|r| r.as_ref().map_or((0, 0), |r| (r.shown + 1, r.line.len())));
        self.replay.update(|r| {
            if let Some(r) = r {
                r.shown += 1;
                if r.shown == r.line.len() {
                    r.paused = true;
                }
            }
        });
        self.message.set(format!(
            "Replay, move {shown} of {total}: {}",
            describe_move(next)
        ));
        if shown == total {
            self.add_message("The win is complete. Stop the replay to go back to your round.");
        }
    }

    /// Pauses or resumes the shown win.
    pub fn toggle_replay_pause(&self) {
        self.replay.update(|r| {
            if let Some(r) = r {
                r.paused = !r.paused;
            }
        });
    }

    /// Stops the shown win and puts the player's round back as it was.
    pub fn stop_replay(&self) {
        let Some(replay) = self.replay.get_untracked() else {
            return;
        };
        if let Some(handle) = self.replay_timer.try_update_value(Option::take).flatten() {
            handle.clear();
        }
        self.replay.set(None);
        motion::finish_all();
        self.round.set(replay.stashed);
        self.end_dialog_closed.set(true);
        self.message
            .set("Replay stopped: back to your round".into());
        self.save_round();
    }

    /// Asks for the deal's grade, in the background lane, when it is not
    /// known yet.
    pub fn ensure_grade(&self) {
        if self.grade.get_untracked() != Grade::Unknown {
            return;
        }
        let (preset, cards, id) = self
            .round
            .with_untracked(|r| (r.preset(), r.game.deal().to_string(), r.round_id.clone()));
        self.grade.set(Grade::Asking);
        let ctx = *self;
        leptos::task::spawn_local(async move {
            let answer = solver::ask_background(Request::Difficulty { preset, cards }).await;
            if ctx.round.with_untracked(|r| r.round_id != id) {
                return;
            }
            ctx.grade.set(match answer {
                Ok(Response::Difficulty(grade, _)) => Grade::Known(grade),
                Err(SolverError::Cancelled) => Grade::Unknown,
                _ => Grade::Failed,
            });
        });
    }

    /// After a win: asks for the shortest win of the deal, for the end dialog.
    pub fn ask_shortest_win(&self) {
        let (preset, cards, id) = self
            .round
            .with_untracked(|r| (r.preset(), r.game.deal().to_string(), r.round_id.clone()));
        let ctx = *self;
        leptos::task::spawn_local(async move {
            let answer = solver::ask_background(Request::ShortestWin { preset, cards }).await;
            if let (Ok(Response::ShortestWin(Some(moves), exact)), true) =
                (answer, ctx.round.with_untracked(|r| r.round_id == id))
            {
                ctx.shortest.set(Some((moves, exact)));
            }
            // A grade still unknown was cancelled by this question.
            ctx.ensure_grade();
        });
    }
}
