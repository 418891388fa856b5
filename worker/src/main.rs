//! The solver's Web Worker: answers the page's questions
//! ([`pyramid_engine::protocol::reply`]) off the page's main thread. Trunk
//! builds it as a worker (`data-type="worker"` in `index.html`); the page
//! starts it through its loader script, `solver-worker_loader.js` (in this
//! folder), which also tells the page when this code cannot load.
//!
//! It links the engine and wasm-bindgen only: no UI code.

#[cfg(target_arch = "wasm32")]
fn main() {
    use pyramid_engine::protocol::{reply, FromWorker};
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    console_error_panic_hook::set_once();
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let replies = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        // Anything but text is unreadable too, and is answered as such.
        let text = event.data().as_string().unwrap_or_default();
        let _ = replies.post_message(&JsValue::from_str(&reply(&text)));
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The worker's one handler lives as long as the worker.
    on_message.forget();
    // Messages posted before the code loaded were dropped: say when to post.
    let _ = scope.post_message(&JsValue::from_str(&FromWorker::Ready.to_json()));
}

/// The worker only runs in a browser; natively there is nothing to do.
#[cfg(not(target_arch = "wasm32"))]
fn main() {}
