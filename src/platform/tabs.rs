//! Which round each open tab plays, so that two tabs never play, abandon or
//! overwrite each other's round.
//!
//! - A tab remembers the id of its round in `sessionStorage`
//!   ([`TAB_ROUND_KEY`]), which survives a reload of that tab and is not
//!   shared with other tabs. A reload resumes that round.
//! - While a tab plays a round it holds a Web Lock named after it
//!   ([`lock_name`]); the browser lets go of it when the tab closes or
//!   crashes. A new tab asks which locks are held to know which saved
//!   rounds are being played elsewhere, and resumes the most recent one
//!   that is not.
//! - A duplicated tab starts with a copy of its original's
//!   `sessionStorage`; the lock tells the copy that the round is taken.
//!
//! Where the browser has no Web Locks (an insecure origin, an old browser)
//! no round counts as taken: tabs still never record each other's rounds
//! as abandoned, but two tabs may resume the same round.

use std::cell::RefCell;
use std::collections::HashSet;

use gloo_storage::{SessionStorage, Storage};
use js_sys::{Array, Function, Object, Promise, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

/// The `sessionStorage` key of the id of the round this tab plays.
pub const TAB_ROUND_KEY: &str = "pyramid.tab.round";

/// The start of every round lock's name; the round id follows.
const LOCK_PREFIX: &str = "pyramid.round.";

thread_local! {
    /// The round whose lock this tab holds, and the function whose call
    /// lets go of it.
    static HELD: RefCell<Option<(String, Function)>> = const { RefCell::new(None) };
}

/// The Web Lock of round `round_id`.
pub(crate) fn lock_name(round_id: &str) -> String {
    format!("{LOCK_PREFIX}{round_id}")
}

/// The round this tab played before a reload, if it says.
pub fn tab_round_id() -> Option<String> {
    session_available()
        .then(|| SessionStorage::get::<String>(TAB_ROUND_KEY).ok())
        .flatten()
}

/// Remembers the round this tab plays, for its next reload.
pub fn set_tab_round_id(round_id: &str) {
    if session_available() {
        // Nothing to do if it fails: a reload then resumes by recency.
        let _ = SessionStorage::set(TAB_ROUND_KEY, round_id);
    }
}

/// The ids of the rounds open tabs hold now (this one's too, once it holds
/// one). Empty where the browser has no Web Locks.
pub async fn held_round_ids() -> HashSet<String> {
    let Some(locks) = lock_manager() else {
        return HashSet::new();
    };
    let Some(snapshot) = call_method(&locks, "query", &[]) else {
        return HashSet::new();
    };
    let Ok(snapshot) = JsFuture::from(snapshot).await else {
        return HashSet::new();
    };
    let held = Reflect::get(&snapshot, &"held".into()).unwrap_or(JsValue::UNDEFINED);
    Array::from(&held)
        .iter()
        .filter_map(|info| Reflect::get(&info, &"name".into()).ok()?.as_string())
        .filter_map(|name| name.strip_prefix(LOCK_PREFIX).map(str::to_string))
        .collect()
}

/// Takes the lock of round `round_id` if no tab holds it, without waiting,
/// and lets go of the one this tab held before. Returns whether this tab
/// now plays the round alone (always true where there are no Web Locks).
pub async fn hold(round_id: &str) -> bool {
    request(round_id, None).await
}

/// Takes the lock of round `round_id`, waiting up to `wait_ms` for the tab
/// that holds it to let go: a reloaded page waits for the page it replaces,
/// which lets go as it unloads. Returns false when the lock stays taken (a
/// duplicated tab, whose original still plays the round).
pub async fn hold_waiting(round_id: &str, wait_ms: u32) -> bool {
    request(round_id, Some(wait_ms)).await
}

async fn request(round_id: &str, wait_ms: Option<u32>) -> bool {
    if HELD.with(|h| h.borrow().as_ref().is_some_and(|(id, _)| id == round_id)) {
        return true;
    }
    let Some(locks) = lock_manager() else {
        return true;
    };
    let (granted, grant) = new_promise();
    let (held, release) = new_promise();
    let on_lock = {
        let grant = grant.clone();
        Closure::once_into_js(move |lock: JsValue| -> JsValue {
            let got = !lock.is_null();
            let _ = grant.call1(&JsValue::NULL, &got.into());
            // The lock is held until the returned promise settles.
            if got {
                held.into()
            } else {
                JsValue::UNDEFINED
            }
        })
    };
    let options = Object::new();
    match wait_ms.and_then(abort_after) {
        Some(signal) => {
            let _ = Reflect::set(&options, &"signal".into(), &signal);
        }
        None => {
            let _ = Reflect::set(&options, &"ifAvailable".into(), &true.into());
        }
    }
    let name = JsValue::from(lock_name(round_id));
    let Some(request) = call_method(&locks, "request", &[name, options.into(), on_lock]) else {
        return true;
    };
    // A request aborted by its time limit was not granted; any other
    // refusal (a sandboxed page) must not leave the page waiting.
    let on_error = Closure::once(move |error: JsValue| {
        let aborted = Reflect::get(&error, &"name".into())
            .ok()
            .and_then(|n| n.as_string())
            .is_some_and(|n| n == "AbortError" || n == "TimeoutError");
        let _ = grant.call1(&JsValue::NULL, &(!aborted).into());
    });
    let _ = request.catch(&on_error);
    // It lives as long as the request, which the page cannot know.
    on_error.forget();
    let got = JsFuture::from(granted)
        .await
        .is_ok_and(|v| v.as_bool() == Some(true));
    if got {
        let previous = HELD.with(|h| h.borrow_mut().replace((round_id.to_string(), release)));
        if let Some((_, previous)) = previous {
            let _ = previous.call0(&JsValue::NULL);
        }
    }
    got
}

/// `AbortSignal.timeout(ms)`, where the browser has it.
fn abort_after(ms: u32) -> Option<JsValue> {
    let class = Reflect::get(&js_sys::global(), &"AbortSignal".into()).ok()?;
    let timeout: Function = Reflect::get(&class, &"timeout".into())
        .ok()?
        .dyn_into()
        .ok()?;
    timeout.call1(&class, &ms.into()).ok()
}

fn session_available() -> bool {
    matches!(
        web_sys::window().map(|w| w.session_storage()),
        Some(Ok(Some(_)))
    )
}

/// `navigator.locks`, where the browser has it.
fn lock_manager() -> Option<JsValue> {
    let navigator = web_sys::window()?.navigator();
    let locks = Reflect::get(&navigator, &"locks".into()).ok()?;
    (!locks.is_undefined() && !locks.is_null()).then_some(locks)
}

/// Calls `target[method](...args)` and returns the promise it gives.
fn call_method(target: &JsValue, method: &str, args: &[JsValue]) -> Option<Promise> {
    let function: Function = Reflect::get(target, &method.into()).ok()?.dyn_into().ok()?;
    let args: Array = args.iter().collect();
    function.apply(target, &args).ok()?.dyn_into().ok()
}

/// A pending promise and the function that resolves it.
fn new_promise() -> (Promise, Function) {
    let mut resolve = None;
    let promise = Promise::new(&mut |res, _| resolve = Some(res));
    // The executor runs before `Promise::new` returns.
    (promise, resolve.unwrap_throw())
}
