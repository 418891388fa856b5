//! Asking the solver's worker ([`crate::solver`]) for the player and in the
//! background, and the one place that checks an answer still belongs to
//! the table: every answer is taken only if the round (and, for a question
//! about the position, the position) it was asked about is still the one
//! on the table. A new deal cancels the player's question in flight and
//! clears the "thinking" state ([`forget_questions`]).

use leptos::prelude::*;

use crate::domain::round::Round;
use crate::solver::{self, SolverError};
use crate::state::announce;
use crate::state::context::GameContext;
use pyramid_engine::protocol::{Request, Response, RoundSpec};

/// What a question was asked about: the round on the table and, for a
/// question about where the round stands, its position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Asked {
    round_id: String,
    position: Option<u64>,
}

impl Asked {
    /// The round on the table, whatever is played on it meanwhile (a
    /// question for a new deal, or about the deal itself).
    pub fn round(ctx: GameContext) -> Asked {
        ctx.table.round.with_untracked(|r| Asked {
            round_id: r.round_id.clone(),
            position: None,
        })
    }

    /// The round on the table as it stands now (a question about its moves).
    pub fn position(ctx: GameContext) -> Asked {
        ctx.table.round.with_untracked(|r| Asked {
            round_id: r.round_id.clone(),
            position: Some(r.position().key()),
        })
    }

    /// Whether `round` is the round (and position) this was asked about.
    pub fn is_about(&self, round: &Round) -> bool {
        round.round_id == self.round_id
            && self
                .position
                .is_none_or(|key| round.position().key() == key)
    }

    /// Whether the table still shows what this was asked about.
    pub fn still_on_table(&self, ctx: GameContext) -> bool {
        ctx.table.round.with_untracked(|r| self.is_about(r))
    }
}

/// The round on the table as the solver needs it.
pub fn round_spec(ctx: GameContext) -> RoundSpec {
    ctx.table.round.with_untracked(|r| RoundSpec {
        preset: r.preset(),
        cards: r.game.deal().to_string(),
        played: r.game.played().to_vec(),
        ended: r.game.is_ended_by_player(),
    })
}

/// Asks the solver's worker for the player, showing `what` while it thinks
/// (after a moment, with a way to cancel), and calls `then` with the
/// answer if the table still shows what it was asked `about`. A newer
/// question cancels this one; a failure is told to the player.
pub fn ask(
    ctx: GameContext,
    what: &'static str,
    request: Request,
    about: Asked,
    then: impl FnOnce(Response) + 'static,
) {
    ask_boxed(ctx, what, request, about, Box::new(then));
}

/// [`ask`], once for every caller (the page carries one copy of its code).
fn ask_boxed(
    ctx: GameContext,
    what: &'static str,
    request: Request,
    about: Asked,
    then: Box<dyn FnOnce(Response)>,
) {
    ctx.coach.thinking.set(Some(what));
    leptos::task::spawn_local(async move {
        let answer = solver::ask(request).await;
        // A newer question took over, or the player cancelled, or a new
        // deal did: whoever did owns the thinking state now.
        if matches!(answer, Err(SolverError::Cancelled)) {
            return;
        }
        ctx.coach.thinking.set(None);
        if !about.still_on_table(ctx) {
            return;
        }
        match answer {
            Ok(Response::Refused(why)) => {
                announce::say(ctx, format!("The solver could not answer: {why}"));
            }
            Ok(response) => then(response),
            Err(e) => announce::say(ctx, format!("No answer: {e}.")),
        }
    });
}

/// Asks the solver's worker in the background lane (the player's questions
/// are not held up, and nothing is shown while it works), and calls `then`
/// with the answer, or the error, if the table still shows what it was
/// asked `about`.
pub fn ask_background(
    ctx: GameContext,
    request: Request,
    about: Asked,
    then: impl FnOnce(Result<Response, SolverError>) + 'static,
) {
    ask_background_boxed(ctx, request, about, Box::new(then));
}

fn ask_background_boxed(
    ctx: GameContext,
    request: Request,
    about: Asked,
    then: Box<dyn FnOnce(Result<Response, SolverError>)>,
) {
    leptos::task::spawn_local(async move {
        let answer = solver::ask_background(request).await;
        if about.still_on_table(ctx) {
            then(answer);
        }
    });
}

/// Stops the solver's search in hand (the player's Cancel).
pub fn cancel_thinking(ctx: GameContext) {
    if ctx.coach.thinking.get_untracked().is_some() {
        solver::cancel();
        ctx.coach.thinking.set(None);
        announce::say(ctx, "Search cancelled");
    }
}

/// A new round is on the table: the player's question about the old one,
/// if any, is cancelled, and nothing says it is still thinking.
pub fn forget_questions(ctx: GameContext) {
    if ctx.coach.thinking.get_untracked().is_some() {
        solver::cancel();
        ctx.coach.thinking.set(None);
    }
}
