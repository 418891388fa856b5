//! The page's way to the solver. The client itself ([`worker`]: the Web
//! Worker, its lanes, the JSON of the questions and answers) comes with the
//! later module (`later.rs`), since the worker it talks to loads after the
//! board anyway; the table reaches it through [`SolverApi`], the function
//! pointers that module hands over. A question asked before the later
//! module is in waits for it, and counts as in hand: a newer question or a
//! cancel still ends it.

use std::cell::Cell;
use std::future::Future;
use std::pin::Pin;

use crate::protocol::{Request, Response};
use crate::ui::later;

pub mod worker;

pub use worker::{use_worker_script, Lane, SolverError};

/// An answer on its way.
pub type Answer = Pin<Box<dyn Future<Output = Result<Response, SolverError>>>>;

/// The client's entry points, from the later module.
#[derive(Clone, Copy)]
pub struct SolverApi {
    ask: fn(Lane, Request) -> Answer,
    cancel: fn(),
    busy: fn() -> bool,
    warm_up: fn(),
}

impl SolverApi {
    /// The Web Worker client. Named only by `later::later_parts`, so its
    /// code goes to the later module.
    pub fn worker() -> SolverApi {
        SolverApi {
            ask: |lane, request| Box::pin(worker::ask_in(lane, request)),
            cancel: worker::cancel,
            busy: worker::busy,
            warm_up: worker::warm_up,
        }
    }
}

thread_local! {
    /// Per lane: counts the questions asked and cancels made, so a question
    /// still waiting for the later module knows when it was overtaken.
    static ASKED: [Cell<u64>; 2] = const { [Cell::new(0), Cell::new(0)] };
    /// Per lane: a question is waiting for the later module.
    static WAITING: [Cell<bool>; 2] = const { [Cell::new(false), Cell::new(false)] };
}

fn bump(lane: Lane) -> u64 {
    ASKED.with(|a| {
        let next = a[lane as usize].get() + 1;
        a[lane as usize].set(next);
        next
    })
}

/// Asks the solver for the player, cancelling any question of theirs still
/// in hand.
pub async fn ask(request: Request) -> Result<Response, SolverError> {
    ask_in(Lane::Player, request).await
}

/// Asks the solver in the background lane, cancelling any background
/// question still in hand; the player's questions are not held up.
pub async fn ask_background(request: Request) -> Result<Response, SolverError> {
    ask_in(Lane::Background, request).await
}

async fn ask_in(lane: Lane, request: Request) -> Result<Response, SolverError> {
    let asked = bump(lane);
    let api = match later::solver_now() {
        Some(api) => api,
        None => {
            WAITING.with(|w| w[lane as usize].set(true));
            let api = later::solver().await;
            let current = ASKED.with(|a| a[lane as usize].get());
            if current != asked {
                // A newer question or a cancel came meanwhile.
                return Err(SolverError::Cancelled);
            }
            WAITING.with(|w| w[lane as usize].set(false));
            api
        }
    };
    (api.ask)(lane, request).await
}

/// Cancels the player's question in hand, if any.
pub fn cancel() {
    bump(Lane::Player);
    WAITING.with(|w| w[Lane::Player as usize].set(false));
    if let Some(api) = later::solver_now() {
        (api.cancel)();
    }
}

/// Whether a player's question is in hand.
pub fn busy() -> bool {
    WAITING.with(|w| w[Lane::Player as usize].get())
        || later::solver_now().is_some_and(|api| (api.busy)())
}

/// Starts the worker as soon as the later module is in, so the first
/// question does not wait for it to load.
pub fn warm_up() {
    leptos::task::spawn_local(async {
        (later::solver().await.warm_up)();
    });
}
