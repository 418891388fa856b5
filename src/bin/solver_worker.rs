//! The solver's Web Worker: answers the page's questions
//! ([`pyramid::protocol::answer`]) off the page's main thread. Trunk builds
//! it as a worker (`data-type="worker"` in `index.html`) with a loader shim,
//! `solver-worker_loader.js`, which the page starts on its first question.

#[cfg(target_arch = "wasm32")]
fn main() {
    use pyramid::protocol::{answer, Envelope, Request, Response};
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    console_error_panic_hook::set_once();
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let text = event.data().as_string().unwrap_or_default();
        let response = match serde_json::from_str::<Envelope<Request>>(&text) {
            Ok(request) => Envelope {
                id: request.id,
                body: answer(&request.body),
            },
            Err(e) => Envelope {
                id: 0,
                body: Response::Refused(format!("unreadable request: {e}")),
            },
        };
        if let Ok(text) = serde_json::to_string(&response) {
            let _ = reply.post_message(&JsValue::from_str(&text));
        }
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    // Messages sent before the wasm loaded were dropped: say when to send.
    let _ = scope.post_message(&JsValue::from_str("ready"));
}

/// The worker only runs in a browser; natively there is nothing to do.
#[cfg(not(target_arch = "wasm32"))]
fn main() {}
