//! The solver's client, which comes with the later module (see the parent
//! module): a Web Worker that runs
//! [`protocol::answer`](crate::protocol::answer), so no search ever runs on
//! the page's main thread.
//!
//! - One worker, started on the first question, after the board is
//!   interactive: its code (`solver-worker_loader.js`, `solver-worker.js`,
//!   `solver-worker_bg.wasm`) is not part of the first load.
//! - Requests and responses are JSON of [`Envelope`]s; each request's id
//!   pairs it with its answer, and an answer to anything but the request in
//!   hand is dropped.
//! - Two lanes, each its own worker: the player's questions (hints, the
//!   coach, new deals) and background ones (the deal's grade, the shortest
//!   win), so a player's question never waits behind background work.
//! - One question at a time per lane: a newer question cancels an older
//!   one. A search cannot be interrupted inside the worker, so cancelling
//!   ends that worker and the next question starts a fresh one.
//! - A worker that fails to load, crashes or does not answer within
//!   [`ANSWER_TIMEOUT_MS`] is ended and replaced; the question fails with a
//!   [`SolverError`] that the page turns into a message.

use std::cell::RefCell;
use std::fmt;

use js_sys::{Function, Promise};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use web_sys::{MessageEvent, Worker};

use crate::protocol::{Envelope, Request, Response};

/// The worker's loader script, relative to the page (so the game works
/// under any sub-path).
pub const WORKER_URL: &str = "solver-worker_loader.js";

/// Runs the solver from another script from now on (browser tests give a
/// stand-in worker); the next question starts it.
pub fn use_worker_script(url: &str) {
    CLIENTS.with(|c| {
        for lane in c {
            let mut client = lane.borrow_mut();
            client.settle(CANCELLED, true);
            client.end_worker();
            client.url = Some(url.to_string());
        }
    });
}

/// Which worker a question goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lane {
    /// Questions the player is waiting for.
    Player = 0,
    /// Work the player did not ask for: the grade, the shortest win.
    Background = 1,
}

fn with_client<R>(lane: Lane, f: impl FnOnce(&mut Client) -> R) -> R {
    CLIENTS.with(|c| f(&mut c[lane as usize].borrow_mut()))
}

/// How long one question may take before the worker is taken to be stuck.
pub const ANSWER_TIMEOUT_MS: i32 = 20_000;

/// Why a question got no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolverError {
    /// A newer question, or the player, cancelled it.
    Cancelled,
    /// The worker failed to load or crashed.
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
            SolverError::Crashed => "the solver stopped unexpectedly and was restarted",
            SolverError::TimedOut => "the solver took too long and was restarted",
            SolverError::Unavailable => "the solver cannot run in this browser",
        })
    }
}

impl std::error::Error for SolverError {}

/// Asks the solver in `lane`, cancelling any question still in hand there.
pub async fn ask_in(lane: Lane, request: Request) -> Result<Response, SolverError> {
    let (answer, id) = with_client(lane, |c| c.send(&request, lane))?;
    let outcome = JsFuture::from(answer).await;
    with_client(lane, |c| c.finish(id));
    let text = outcome
        .ok()
        .and_then(|v| v.as_string())
        .ok_or(SolverError::Crashed)?;
    match text.as_str() {
        CANCELLED => Err(SolverError::Cancelled),
        CRASHED => Err(SolverError::Crashed),
        TIMED_OUT => Err(SolverError::TimedOut),
        _ => with_client(lane, |c| c.answered.take())
            .filter(|(answered, _)| *answered == id)
            .map(|(_, response)| response)
            .ok_or(SolverError::Crashed),
    }
}

/// Cancels the player's question in hand, if any.
pub fn cancel() {
    with_client(Lane::Player, |c| c.settle(CANCELLED, true));
}

/// Whether a player's question is in hand.
pub fn busy() -> bool {
    with_client(Lane::Player, |c| c.in_hand.is_some())
}

/// Starts the worker now, so the first question does not wait for it to
/// load. Called once the board is interactive.
pub fn warm_up() {
    for lane in [Lane::Player, Lane::Background] {
        with_client(lane, |c| {
            let _ = c.worker(lane);
        });
    }
}

// What a question's promise is resolved with when it has no answer.
const CANCELLED: &str = "\u{0}cancelled";
const CRASHED: &str = "\u{0}crashed";
const TIMED_OUT: &str = "\u{0}timed-out";
const ANSWERED: &str = "\u{0}answered";

thread_local! {
    static CLIENTS: [RefCell<Client>; 2] = [RefCell::new(Client::default()), RefCell::new(Client::default())];
}

#[derive(Default)]
struct Client {
    /// Another worker script than [`WORKER_URL`], for tests.
    url: Option<String>,
    worker: Option<Running>,
    next_id: u64,
    in_hand: Option<InHand>,
    /// The answer to the question in hand, read once, waiting for [`ask`].
    answered: Option<(u64, Response)>,
}

/// A started worker: its handle, whether it said it is ready, and the
/// message waiting for that.
struct Running {
    worker: Worker,
    ready: bool,
    waiting: Option<String>,
    // Kept alive as long as the worker.
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(JsValue)>,
}

/// The question in hand: its id, what resolves its promise, its timer.
struct InHand {
    id: u64,
    resolve: Function,
    timer: i32,
}

impl Client {
    fn send(&mut self, request: &Request, lane: Lane) -> Result<(Promise, u64), SolverError> {
        self.settle(CANCELLED, true);
        self.next_id += 1;
        let id = self.next_id;
        let text = serde_json::to_string(&Envelope {
            id,
            body: request.clone(),
        })
        .map_err(|_| SolverError::Unavailable)?;
        let running = self.worker(lane)?;
        if running.ready {
            running
                .worker
                .post_message(&JsValue::from_str(&text))
                .map_err(|_| SolverError::Crashed)?;
        } else {
            running.waiting = Some(text);
        }
        let mut resolve = None;
        let promise = Promise::new(&mut |res, _| resolve = Some(res));
        let resolve = resolve.ok_or(SolverError::Unavailable)?;
        let timer = web_sys::window()
            .and_then(|w| {
                let on_timeout = Closure::once_into_js(move || {
                    with_client(lane, |c| c.time_out(id));
                });
                w.set_timeout_with_callback_and_timeout_and_arguments_0(
                    on_timeout.unchecked_ref(),
                    ANSWER_TIMEOUT_MS,
                )
                .ok()
            })
            .unwrap_or(0);
        self.in_hand = Some(InHand { id, resolve, timer });
        Ok((promise, id))
    }

    /// The running worker, started if there is none.
    fn worker(&mut self, lane: Lane) -> Result<&mut Running, SolverError> {
        if self.worker.is_none() {
            let url = self.url.as_deref().unwrap_or(WORKER_URL);
            self.worker = Some(start_worker(url, lane)?);
        }
        self.worker.as_mut().ok_or(SolverError::Unavailable)
    }

    fn finish(&mut self, id: u64) {
        if self.in_hand.as_ref().is_some_and(|h| h.id == id) {
            self.settle("", false);
        }
    }

    /// Resolves the question in hand with `value` (when it is not empty);
    /// with `end_worker`, ends the worker too (a search cannot be stopped
    /// any other way).
    fn settle(&mut self, value: &str, end_worker: bool) {
        if let Some(hand) = self.in_hand.take() {
            if let Some(w) = web_sys::window() {
                w.clear_timeout_with_handle(hand.timer);
            }
            if !value.is_empty() {
                let _ = hand
                    .resolve
                    .call1(&JsValue::NULL, &JsValue::from_str(value));
            }
            if end_worker {
                self.end_worker();
            }
        }
    }

    fn end_worker(&mut self) {
        if let Some(running) = self.worker.take() {
            running.worker.terminate();
        }
    }

    fn on_message(&mut self, data: JsValue) {
        let Some(text) = data.as_string() else {
            return;
        };
        if text == "ready" {
            if let Some(running) = self.worker.as_mut() {
                running.ready = true;
                if let Some(waiting) = running.waiting.take() {
                    let _ = running.worker.post_message(&JsValue::from_str(&waiting));
                }
            }
            return;
        }
        let Ok(answer) = serde_json::from_str::<Envelope<Response>>(&text) else {
            return;
        };
        if let Some(hand) = self.in_hand.as_ref().filter(|h| h.id == answer.id) {
            let _ = hand
                .resolve
                .call1(&JsValue::NULL, &JsValue::from_str(ANSWERED));
            self.answered = Some((answer.id, answer.body));
        }
    }

    fn on_error(&mut self) {
        self.end_worker();
        self.settle(CRASHED, false);
    }

    fn time_out(&mut self, id: u64) {
        if self.in_hand.as_ref().is_some_and(|h| h.id == id) {
            self.settle(TIMED_OUT, true);
        }
    }
}

fn start_worker(url: &str, lane: Lane) -> Result<Running, SolverError> {
    let worker = Worker::new(url).map_err(|_| SolverError::Unavailable)?;
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let data = event.data();
        with_client(lane, |c| c.on_message(data));
    });
    let on_error = Closure::<dyn FnMut(JsValue)>::new(move |_| {
        with_client(lane, |c| c.on_error());
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    Ok(Running {
        worker,
        ready: false,
        waiting: None,
        _on_message: on_message,
        _on_error: on_error,
    })
}
