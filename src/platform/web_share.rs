//! Handing a text to the player's other apps: the Web Share API where the
//! browser has it, else the clipboard.

use leptos::prelude::window;
use wasm_bindgen::{JsCast, JsValue};

/// What became of a text offered with [`share_or_copy`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ShareOutcome {
    /// The share sheet took it.
    Shared,
    /// The player closed the share sheet.
    Dismissed,
    /// It went to the clipboard, the link after the text.
    Copied,
    /// This browser allows neither here.
    Unavailable,
}

/// Offers `text` (and `url`, if any) through the share sheet, or else
/// copies both to the clipboard.
pub(crate) async fn share_or_copy(title: &str, text: &str, url: Option<&str>) -> ShareOutcome {
    let navigator = window().navigator();
    if let Some(share_fn) = method(&navigator, "share") {
        let data = js_sys::Object::new();
        let set = |k: &str, v: &str| {
            let _ = js_sys::Reflect::set(&data, &k.into(), &v.into());
        };
        set("title", title);
        set("text", text);
        if let Some(url) = url {
            set("url", url);
        }
        match call(&share_fn, &navigator, &data).await {
            Ok(()) => return ShareOutcome::Shared,
            Err(e) if error_name(&e) == "AbortError" => return ShareOutcome::Dismissed,
            Err(_) => {}
        }
    }
    let mut text = text.to_string();
    if let Some(url) = url {
        text.push('\n');
        text.push_str(url);
    }
    let clipboard = js_sys::Reflect::get(&navigator, &"clipboard".into()).ok();
    let write = clipboard
        .as_ref()
        .and_then(|c| method(c, "writeText").map(|f| (c.clone(), f)));
    let copied = match write {
        Some((clipboard, f)) => call(&f, &clipboard, &JsValue::from_str(&text))
            .await
            .is_ok(),
        None => false,
    };
    if copied {
        ShareOutcome::Copied
    } else {
        ShareOutcome::Unavailable
    }
}

/// `target[name]` when it is a function.
fn method(target: &JsValue, name: &str) -> Option<js_sys::Function> {
    js_sys::Reflect::get(target, &name.into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
}

/// Calls `f` on `this` with one argument and awaits the promise it returns.
async fn call(f: &js_sys::Function, this: &JsValue, arg: &JsValue) -> Result<(), JsValue> {
    let promise = f.call1(this, arg)?.dyn_into::<js_sys::Promise>()?;
    wasm_bindgen_futures::JsFuture::from(promise)
        .await
        .map(|_| ())
}

fn error_name(e: &JsValue) -> String {
    js_sys::Reflect::get(e, &"name".into())
        .ok()
        .and_then(|n| n.as_string())
        .unwrap_or_default()
}
