//! The page's way to the solver. The client itself ([`worker`]: the Web
//! Worker, its lanes, the JSON of the questions and answers) comes with the
//! later module, since the worker it talks to loads after the board anyway:
//! that module hands its [`SolverApi`] to [`install`] when it arrives, and
//! the table reaches the client through it. This layer never names the
//! later module. A question asked before the client is installed waits for
//! it, and counts as in hand: a newer question or a cancel still ends it.

use std::cell::{Cell, RefCell};
use std::future::Future;
use std::pin::Pin;

use futures_channel::oneshot;
use pyramid_engine::protocol::{Request, Response};

pub mod worker;

pub use worker::{use_worker_script, Lane, SolverError};

/// An answer on its way.
pub type Answer = Pin<Box<dyn Future<Output = Result<Response, SolverError>>>>;

/// The client's entry points, from the later module.
#[derive(Clone, Copy)]
pub struct SolverApi {
    ask: fn(Lane, Request) -> Answer,
    cancel: fn(),
    warm_up: fn(),
}

impl SolverApi {
    /// The Web Worker client. Named only by the later module's split point,
    /// so its code goes to that module.
    pub fn worker() -> SolverApi {
        SolverApi {
            ask: |lane, request| Box::pin(worker::ask_in(lane, request)),
            cancel: worker::cancel,
            warm_up: worker::warm_up,
        }
    }
}

thread_local! {
    /// Per lane: counts the questions asked and cancels made, so a question
    /// still waiting for the later module knows when it was overtaken.
    static ASKED: [Cell<u64>; 2] = const { [Cell::new(0), Cell::new(0)] };
    /// The client, once the later module has installed it.
    static INSTALLED: Cell<Option<SolverApi>> = const { Cell::new(None) };
    /// Questions waiting for the client to be installed.
    static WAITERS: RefCell<Vec<oneshot::Sender<SolverApi>>> = const { RefCell::new(Vec::new()) };
}

/// Makes `api` the solver's client, and hands it to every question that
/// was waiting for it. Called once, by the later module when it arrives.
pub fn install(api: SolverApi) {
    INSTALLED.with(|i| i.set(Some(api)));
    for waiter in WAITERS.with(|w| std::mem::take(&mut *w.borrow_mut())) {
        let _ = waiter.send(api);
    }
}

/// The client, if it is installed.
fn installed() -> Option<SolverApi> {
    INSTALLED.with(Cell::get)
}

/// The client, once it is installed.
async fn when_installed() -> SolverApi {
    if let Some(api) = installed() {
        return api;
    }
    let (send, receive) = oneshot::channel();
    WAITERS.with(|w| w.borrow_mut().push(send));
    // The senders are kept until `install`, which sends to every one.
    receive
        .await
        .expect("a waiting question's sender is only dropped after sending")
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
    let api = match installed() {
        Some(api) => api,
        None => {
            let api = when_installed().await;
            let current = ASKED.with(|a| a[lane as usize].get());
            if current != asked {
                // A newer question or a cancel came meanwhile.
                return Err(SolverError::Cancelled);
            }
            api
        }
    };
    (api.ask)(lane, request).await
}

/// Cancels the player's question in hand, if any.
pub fn cancel() {
    bump(Lane::Player);
    if let Some(api) = installed() {
        (api.cancel)();
    }
}

/// Starts the worker as soon as the later module is in, so the first
/// question does not wait for it to load.
pub fn warm_up() {
    leptos::task::spawn_local(async {
        (when_installed().await.warm_up)();
    });
}
