//! The solver as a coach: hints and auto moves, "where did I lose?" and a
//! rewind to there, "show me a win" as a replay, the deal's difficulty
//! grade and, after a win, the shortest win. Every answer comes from the
//! solver's worker through [`crate::state::ask`], which keeps only the
//! answers that still belong to the table; this module asks and acts.

use std::time::Duration;

use leptos::prelude::*;
use pyramid_engine::{Game, Move};

use crate::domain::round::{capitalise, card_face, describe_hint, describe_move, Round};
use crate::fx::motion;
use crate::solver::SolverError;
use crate::state::ask::{self, Asked};
use crate::state::change::{self, after_history_change, assist, change_round};
use crate::state::context::{GameContext, Grade, OpenDialog, Replay};
use crate::state::{announce, record};
use pyramid_engine::protocol::{Request, Response};
use pyramid_engine::Hint;
use pyramid_engine::{LossAnalysis, WinLine};

/// How long each move of a shown win stays on the table.
pub const REPLAY_STEP: Duration = Duration::from_millis(700);

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
pub fn describe_loss(answer: &LossAnalysis) -> String {
    match answer {
        LossAnalysis::NeverWinnable => "No sequence of moves wins this deal.".into(),
        LossAnalysis::Won => "You won this round.".into(),
        LossAnalysis::StillWinnable => "This position can still be won.".into(),
        LossAnalysis::LostAt { index, mv, .. } => format!(
            "{} on move {} lost the deal.",
            capitalise(&move_faces(*mv)),
            index + 1
        ),
        LossAnalysis::Unknown => "The solver could not settle this in time.".into(),
    }
}

/// Whether the player may ask the coach about the round in progress.
pub fn can_ask(ctx: GameContext) -> bool {
    change::can_act(ctx) && !ctx.table.round.with_untracked(Round::is_over)
}

/// Shows a hint: highlights one move on a winning line without playing
/// it. The round counts as assisted.
pub fn show_hint(ctx: GameContext) {
    if !can_ask(ctx) {
        return;
    }
    with_hint(ctx, move |hint| match hint {
        Hint::Move(m) => {
            ctx.table.round.update(assist);
            ctx.table.hinted.set(Some(m));
            announce::say(ctx, describe_hint(m));
        }
        Hint::Removal(m) => {
            ctx.table.round.update(assist);
            ctx.table.hinted.set(Some(m));
            announce::say(
                ctx,
                format!(
                    "{}. Not every card can be cleared now; each removal still scores.",
                    describe_hint(m)
                ),
            );
        }
        other => say_no_hint(ctx, &other),
    });
}

pub fn say_no_hint(ctx: GameContext, hint: &Hint) {
    ctx.table.hinted.set(None);
    announce::say(
        ctx,
        match hint {
            Hint::Lost => "This deal can no longer be won from here",
            Hint::EndRound => {
                "No more cards can be removed now. Choose End round to keep your score, or \
                 draw on."
            }
            _ => "No hint found in time",
        },
    );
}

/// Calls `then` with the hint for the position on the table: at once
/// from what earlier hints found (the cached line when the player has been
/// following it, or a loss this position comes after), else once the
/// solver's worker answers (and only if the board is still the one asked
/// about).
pub fn with_hint(ctx: GameContext, then: impl FnOnce(Hint) + 'static) {
    if let Some(hint) = known_hint(ctx) {
        then(hint);
        return;
    }
    let key = ctx.table.round.with_untracked(|r| r.position().key());
    let request = Request::Hint(ask::round_spec(ctx));
    let about = Asked::position(ctx);
    ask::ask(ctx, "Looking for a hint", request, about, move |response| {
        let Response::Hint { hint, line } = response else {
            return;
        };
        remember_hint(ctx, key, hint, line);
        then(hint);
    });
}

/// The hint for the position on the table, if earlier hints settle it.
#[inline(never)]
fn known_hint(ctx: GameContext) -> Option<Hint> {
    ctx.table.round.with_untracked(|r| {
        let key = r.position().key();
        ctx.coach.hint_cache.with_value(|memo| {
            if let Some((k, line)) = &memo.line {
                if *k == key {
                    return line.first().copied().map(Hint::Move);
                }
            }
            memo.lost_from
                .as_ref()
                .filter(|(id, moves)| r.round_id == *id && r.game.played().starts_with(moves))
                .map(|_| Hint::Lost)
        })
    })
}

/// Keeps what the worker's hint for the position `key` (the one on the
/// table) found out.
#[inline(never)]
fn remember_hint(ctx: GameContext, key: u64, hint: Hint, line: Vec<Move>) {
    let lost = (hint == Hint::Lost).then(|| {
        ctx.table
            .round
            .with_untracked(|r| (r.round_id.clone(), r.game.played().to_vec()))
    });
    ctx.coach.hint_cache.update_value(|memo| {
        memo.line = (!line.is_empty()).then_some((key, line));
        if lost.is_some() {
            memo.lost_from = lost;
        }
    });
}

/// Keeps the cached winning line in step when the player plays its next move.
pub fn advance_hint_cache(ctx: GameContext, played: Move) {
    let key = ctx.table.round.with_untracked(|r| r.position().key());
    ctx.coach.hint_cache.update_value(|memo| {
        let follows = matches!(&memo.line, Some((_, line)) if line.first() == Some(&played));
        memo.line = if follows {
            memo.line.take().map(|(_, mut line)| {
                line.remove(0);
                (key, line)
            })
        } else {
            None
        };
    });
}

/// "Where did I lose?": asks the solver about the moves on the board
/// and opens the answer's dialog.
pub fn where_did_i_lose(ctx: GameContext) {
    if ctx.coach.replay.with_untracked(Option::is_some) {
        return;
    }
    let request = Request::WhereLost(ask::round_spec(ctx));
    let about = Asked::position(ctx);
    ask::ask(
        ctx,
        "Looking for the losing move",
        request,
        about,
        move |response| {
            if let Response::WhereLost(answer) = response {
                announce::say(ctx, describe_loss(&answer));
                ctx.coach.loss_answer.set(Some(answer));
                ctx.ui.dialog.set(OpenDialog::WhereLost);
            }
        },
    );
}

/// Takes the round back to its first `index` moves (the last position
/// that could still be won); the moves after stay redoable. The round
/// counts as assisted.
pub fn rewind_to(ctx: GameContext, index: usize) {
    let rewound = change_round(ctx, |r| {
        let mut rewound = false;
        while r.game.move_count() > index && r.game.undo() {
            rewound = true;
        }
        if rewound {
            assist(r);
        }
        rewound
    });
    ctx.ui.dialog.set(OpenDialog::None);
    if rewound {
        after_history_change(
            ctx,
            &format!("Rewound to move {index}: this position can still be won"),
        );
    }
}

/// "Show me a win": plays the solver's winning line on the table, from
/// here or, when this position is lost, from the deal's start. The
/// player's round is put aside and comes back when the replay stops;
/// it counts as assisted.
pub fn show_me_a_win(ctx: GameContext) {
    if ctx.coach.replay.with_untracked(Option::is_some) || ctx.table.paused.get_untracked() {
        return;
    }
    let request = Request::ShowWin(ask::round_spec(ctx));
    let about = Asked::position(ctx);
    ask::ask(
        ctx,
        "Finding a win to show",
        request,
        about,
        move |response| {
            let Response::ShowWin(line) = response else {
                return;
            };
            match line {
                WinLine::FromHere(line) => start_replay(ctx, line, false),
                WinLine::FromStart(line) => start_replay(ctx, line, true),
                WinLine::None => announce::say(ctx, "No sequence of moves wins this deal."),
                WinLine::Unknown => announce::say(ctx, "The solver could not find a win in time."),
            }
        },
    );
}

fn start_replay(ctx: GameContext, line: Vec<Move>, from_start: bool) {
    ctx.table.round.update(assist);
    let stashed = ctx.table.round.get_untracked();
    record::save_round(ctx);
    if from_start {
        ctx.table.round.update(|r| {
            r.game = Game::new(*r.game.deal(), r.preset());
        });
    }
    let total = line.len();
    ctx.coach.replay.set(Some(Replay {
        line,
        shown: 0,
        paused: false,
        stashed,
    }));
    ctx.table.selected.set(None);
    ctx.table.hinted.set(None);
    announce::say(
        ctx,
        format!(
            "Showing a win of {total} moves{}. Press Esc to stop.",
            if from_start {
                " from the deal's start"
            } else {
                " from here"
            }
        ),
    );
    if let Ok(handle) = set_interval_with_handle(
        move || {
            if ctx
                .coach
                .replay
                .with_untracked(|r| r.as_ref().is_some_and(|r| !r.paused))
            {
                replay_step(ctx);
            }
        },
        REPLAY_STEP,
    ) {
        ctx.coach.replay_timer.set_value(Some(handle));
    }
}

/// Plays the next move of the shown win.
pub fn replay_step(ctx: GameContext) {
    let Some(next) = ctx
        .coach
        .replay
        .with_untracked(|r| r.as_ref().and_then(|r| r.line.get(r.shown).copied()))
    else {
        return;
    };
    // Each move of the shown win travels like the player's own. The line
    // is the solver's and was checked by the engine's replay in the
    // worker; a refusal would be a bug, and skipping the move is the safe
    // way on.
    change_round(ctx, |r| r.game.play(next).is_ok());
    let (shown, total) = ctx
        .coach
        .replay
        .with_untracked(|r| r.as_ref().map_or((0, 0), |r| (r.shown + 1, r.line.len())));
    ctx.coach.replay.update(|r| {
        if let Some(r) = r {
            r.shown += 1;
            if r.shown == r.line.len() {
                r.paused = true;
            }
        }
    });
    announce::say(
        ctx,
        format!("Replay, move {shown} of {total}: {}", describe_move(next)),
    );
    if shown == total {
        announce::add(
            ctx,
            "The win is complete. Stop the replay to go back to your round.",
        );
    }
}

/// Pauses or resumes the shown win.
pub fn toggle_replay_pause(ctx: GameContext) {
    ctx.coach.replay.update(|r| {
        if let Some(r) = r {
            r.paused = !r.paused;
        }
    });
}

/// Stops the shown win and puts the player's round back as it was.
pub fn stop_replay(ctx: GameContext) {
    let Some(replay) = ctx.coach.replay.get_untracked() else {
        return;
    };
    if let Some(handle) = ctx
        .coach
        .replay_timer
        .try_update_value(Option::take)
        .flatten()
    {
        handle.clear();
    }
    ctx.coach.replay.set(None);
    motion::finish_all();
    ctx.table.round.set(replay.stashed);
    ctx.ui.end_dialog_closed.set(true);
    announce::say(ctx, "Replay stopped: back to your round");
    record::save_round(ctx);
}

/// Asks for the deal's grade, in the background lane, when it is not
/// known yet.
pub fn ensure_grade(ctx: GameContext) {
    if ctx.coach.grade.get_untracked() != Grade::Unknown {
        return;
    }
    let (preset, cards) = ctx
        .table
        .round
        .with_untracked(|r| (r.preset(), r.game.deal().to_string()));
    ctx.coach.grade.set(Grade::Asking);
    let request = Request::Difficulty { preset, cards };
    ask::ask_background(ctx, request, Asked::round(ctx), move |answer| {
        ctx.coach.grade.set(match answer {
            Ok(Response::Difficulty { grade, .. }) => Grade::Known(grade),
            Err(SolverError::Cancelled) => Grade::Unknown,
            _ => Grade::Failed,
        });
    });
}

/// After a win: asks for the shortest win of the deal, for the end dialog.
pub fn ask_shortest_win(ctx: GameContext) {
    let (preset, cards) = ctx
        .table
        .round
        .with_untracked(|r| (r.preset(), r.game.deal().to_string()));
    let request = Request::ShortestWin { preset, cards };
    ask::ask_background(ctx, request, Asked::round(ctx), move |answer| {
        if let Ok(Response::ShortestWin {
            moves: Some(moves),
            exact,
        }) = answer
        {
            ctx.coach.shortest.set(Some((moves, exact)));
        }
        // A grade still unknown was cancelled by this question.
        ensure_grade(ctx);
    });
}
