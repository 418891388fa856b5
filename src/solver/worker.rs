//! The solver's client, which comes with the later module (see the parent
//! module): a Web Worker (the `pyramid-worker` crate, `worker/`) that runs
//! [`protocol::reply`](pyramid_engine::protocol::reply), so no search ever
//! runs on the page's main thread.
//!
//! - One worker per lane, started on the first question or by
//!   [`warm_up`], after the board is interactive: its code
//!   (`solver-worker_loader.js`, `solver-worker.js`,
//!   `solver-worker_bg.wasm`) is not part of the first load.
//! - Requests and answers are the engine's protocol, as JSON: each request's
//!   id pairs it with its answer, and an answer to anything but the
//!   question in hand (a cancelled one, say) is dropped quietly.
//! - Two lanes: the player's questions (hints, the coach, new deals) and
//!   background ones (the deal's grade, the shortest win), so a player's
//!   question never waits behind background work.
//! - One question at a time per lane: a newer question cancels an older
//!   one. A search cannot be interrupted inside the worker, so cancelling
//!   ends that worker and the next question starts a fresh one.
//! - Every way a question ends (its answer, a cancel, a newer question, the
//!   timeout, the worker failing or being replaced) goes through
//!   [`Client::end_question`], which answers it and drops its timer; a
//!   worker's event handlers are unset in one place too ([`Running`]'s
//!   `Drop`), so no callback runs after it is released.
//! - A worker whose code cannot load says so at once (its loader's
//!   `CannotStart`, or an error before it said `Ready`): the question fails
//!   with [`SolverError::CannotStart`], and the worker is started again
//!   after [`RESTART_FIRST_DELAY_MS`], doubling up to [`RESTART_TRIES`]
//!   times; a player's question always tries a fresh start at once. A
//!   worker that crashes later, or does not answer within
//!   [`ANSWER_TIMEOUT_MS`], is ended and replaced on the next question.

use std::cell::RefCell;
use std::fmt;

use futures_channel::oneshot;
use pyramid_engine::protocol::{Envelope, FromWorker, Request, Response};
use wasm_bindgen::prelude::*;
use web_sys::{MessageEvent, Worker};

/// The worker's loader script, relative to the page (so the game works
/// under any sub-path).
pub const WORKER_URL: &str = "solver-worker_loader.js";

/// How long one question may take before the worker is taken to be stuck.
pub const ANSWER_TIMEOUT_MS: i32 = 20_000;

/// The wait before starting again a worker that could not start; it
/// doubles after each failed start.
pub const RESTART_FIRST_DELAY_MS: i32 = 1_000;

/// Failed starts in a row after which the client stops retrying by itself
/// (about four minutes of tries); a question still tries.
pub const RESTART_TRIES: u32 = 8;

/// Runs the solver from another script from now on (browser tests give a
/// stand-in worker); the next question starts it.
pub fn use_worker_script(url: &str) {
    for lane in [Lane::Player, Lane::Background] {
        with_client(lane, |client| {
            client.end_question(Err(SolverError::Cancelled));
            client.worker = None;
            client.failed_starts = 0;
            client.restart = None;
            client.url = Some(url.to_string());
        });
    }
}

/// Which worker a question goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lane {
    /// Questions the player is waiting for.
    Player = 0,
    /// Work the player did not ask for: the grade, the shortest win.
    Background = 1,
}

/// Why a question got no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolverError {
    /// A newer question, or the player, cancelled it.
    Cancelled,
    /// The worker's code could not load (the network, or the server).
    CannotStart,
    /// The worker crashed after it had started.
    Crashed,
    /// The worker did not answer in time.
    TimedOut,
    /// The browser cannot run the worker.
    Unavailable,
}

impl fmt::Display for SolverError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SolverError::Cancelled => "cancelled",
            SolverError::CannotStart => {
                "the solver could not load, so hints are unavailable for now"
            }
            SolverError::Crashed => "the solver stopped unexpectedly and was restarted",
            SolverError::TimedOut => "the solver took too long and was restarted",
            SolverError::Unavailable => "the solver cannot run in this browser",
        })
    }
}

impl std::error::Error for SolverError {}

/// Asks the solver in `lane`, cancelling any question still in hand there.
pub async fn ask_in(lane: Lane, request: Request) -> Result<Response, SolverError> {
    let (reply, answer) = oneshot::channel();
    with_client(lane, |client| client.ask(lane, request, reply));
    // A dropped sender means the client let the question go unanswered.
    answer.await.unwrap_or(Err(SolverError::Cancelled))
}

/// Cancels the player's question in hand, if any.
pub fn cancel() {
    with_client(Lane::Player, |client| {
        if client.in_hand.is_some() {
            client.end_question(Err(SolverError::Cancelled));
            client.worker = None;
        }
    });
}

/// Starts the workers now, so the first question does not wait for them to
/// load. Called once the board is interactive.
pub fn warm_up() {
    for lane in [Lane::Player, Lane::Background] {
        with_client(lane, |client| {
            let _ = client.worker(lane);
        });
    }
}

type Reply = oneshot::Sender<Result<Response, SolverError>>;

thread_local! {
    static CLIENTS: [RefCell<Client>; 2] = [RefCell::new(Client::default()), RefCell::new(Client::default())];
}

fn with_client<R>(lane: Lane, f: impl FnOnce(&mut Client) -> R) -> R {
    CLIENTS.with(|c| f(&mut c[lane as usize].borrow_mut()))
}

/// One lane's worker and the question in hand there.
#[derive(Default)]
struct Client {
    /// Another worker script than [`WORKER_URL`], for tests.
    url: Option<String>,
    worker: Option<Running>,
    next_id: u64,
    in_hand: Option<InHand>,
    /// Starts that failed in a row (reset once a worker says it is ready).
    failed_starts: u32,
    /// The timer that starts the worker again after a failed start.
    restart: Option<Timer>,
}

/// The question in hand: its id, where its answer goes, its timeout.
struct InHand {
    id: u64,
    reply: Reply,
    _timeout: Option<Timer>,
}

impl Client {
    fn ask(&mut self, lane: Lane, request: Request, reply: Reply) {
        if self.in_hand.is_some() {
            self.end_question(Err(SolverError::Cancelled));
            // The search in hand cannot be stopped any other way.
            self.worker = None;
        }
        self.next_id += 1;
        let id = self.next_id;
        let text = Envelope { id, body: request }.to_json();
        let posted = self.worker(lane).and_then(|running| {
            if running.ready {
                running
                    .worker
                    .post_message(&JsValue::from_str(&text))
                    .map_err(|_| SolverError::Crashed)
            } else {
                running.waiting = Some(text);
                Ok(())
            }
        });
        if let Err(e) = posted {
            let _ = reply.send(Err(e));
            return;
        }
        let timeout = Timer::start(ANSWER_TIMEOUT_MS, move || {
            with_client(lane, |client| client.time_out(id));
        });
        self.in_hand = Some(InHand {
            id,
            reply,
            _timeout: timeout,
        });
    }

    /// The running worker, started if there is none.
    fn worker(&mut self, lane: Lane) -> Result<&mut Running, SolverError> {
        if self.worker.is_none() {
            let url = self.url.as_deref().unwrap_or(WORKER_URL);
            self.worker = Some(Running::start(url, lane)?);
        }
        self.worker.as_mut().ok_or(SolverError::Unavailable)
    }

    /// Ends the question in hand, if any, with `outcome`: the one place a
    /// question ends, whatever ended it.
    fn end_question(&mut self, outcome: Result<Response, SolverError>) {
        if let Some(hand) = self.in_hand.take() {
            // The asker may have gone (its task dropped): nothing to tell.
            let _ = hand.reply.send(outcome);
        }
    }

    fn on_message(&mut self, lane: Lane, text: &str) {
        match FromWorker::from_json(text) {
            Ok(FromWorker::Ready) => {
                self.failed_starts = 0;
                self.restart = None;
                if let Some(running) = self.worker.as_mut() {
                    running.ready = true;
                    if let Some(waiting) = running.waiting.take() {
                        if running
                            .worker
                            .post_message(&JsValue::from_str(&waiting))
                            .is_err()
                        {
                            self.on_error(lane);
                        }
                    }
                }
            }
            Ok(FromWorker::CannotStart(_)) => self.start_failed(lane),
            Ok(FromWorker::Answer(answer)) => {
                if self.in_hand.as_ref().is_some_and(|h| h.id == answer.id) {
                    self.end_question(Ok(answer.body));
                }
                // Else the answer to a question already ended: dropped.
            }
            // Not a message of the protocol: the worker is not ours to read.
            Err(_) => self.on_error(lane),
        }
    }

    /// The worker failed: before it was ready, its code could not load;
    /// after, it crashed.
    fn on_error(&mut self, lane: Lane) {
        if self.worker.as_ref().is_some_and(|r| !r.ready) {
            self.start_failed(lane);
        } else {
            self.worker = None;
            self.end_question(Err(SolverError::Crashed));
        }
    }

    fn start_failed(&mut self, lane: Lane) {
        self.worker = None;
        self.end_question(Err(SolverError::CannotStart));
        self.failed_starts += 1;
        self.restart = (self.failed_starts <= RESTART_TRIES)
            .then(|| {
                let delay = RESTART_FIRST_DELAY_MS << (self.failed_starts - 1).min(16);
                Timer::start(delay, move || {
                    with_client(lane, |client| {
                        client.restart = None;
                        let _ = client.worker(lane);
                    });
                })
            })
            .flatten();
    }

    fn time_out(&mut self, id: u64) {
        if self.in_hand.as_ref().is_some_and(|h| h.id == id) {
            self.end_question(Err(SolverError::TimedOut));
            self.worker = None;
        }
    }
}

/// A started worker: its handle, whether it said it is ready, the message
/// waiting for that, and its event handlers, which live exactly as long as
/// this value.
struct Running {
    worker: Worker,
    ready: bool,
    waiting: Option<String>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(JsValue)>,
}

impl Running {
    fn start(url: &str, lane: Lane) -> Result<Running, SolverError> {
        let worker = Worker::new(url).map_err(|_| SolverError::Unavailable)?;
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            let text = event.data().as_string().unwrap_or_default();
            with_client(lane, |client| client.on_message(lane, &text));
        });
        // A script error, or a message that could not be read.
        let on_error = Closure::<dyn FnMut(JsValue)>::new(move |_| {
            with_client(lane, |client| client.on_error(lane));
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        worker.set_onmessageerror(Some(on_error.as_ref().unchecked_ref()));
        Ok(Running {
            worker,
            ready: false,
            waiting: None,
            _on_message: on_message,
            _on_error: on_error,
        })
    }
}

impl Drop for Running {
    /// Ends the worker, and unsets its handlers first: an event already on
    /// its way (the error of a script still loading, a late answer) then
    /// finds no handler instead of a released closure.
    fn drop(&mut self) {
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.set_onmessageerror(None);
        self.worker.terminate();
    }
}

/// A `setTimeout` that is cleared when dropped, with its callback.
struct Timer {
    handle: i32,
    _callback: Closure<dyn FnMut()>,
}

impl Timer {
    /// `None` where there is no window (never on the page).
    fn start(ms: i32, callback: impl FnMut() + 'static) -> Option<Timer> {
        let callback = Closure::<dyn FnMut()>::new(callback);
        let handle = web_sys::window()?
            .set_timeout_with_callback_and_timeout_and_arguments_0(
                callback.as_ref().unchecked_ref(),
                ms,
            )
            .ok()?;
        Some(Timer {
            handle,
            _callback: callback,
        })
    }
}

impl Drop for Timer {
    fn drop(&mut self) {
        if let Some(window) = web_sys::window() {
            window.clear_timeout_with_handle(self.handle);
        }
    }
}
