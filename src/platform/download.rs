//! The one way the page hands the player a file: the statistics export,
//! the copy of unreadable saved data.

use leptos::prelude::{document, set_timeout};
use wasm_bindgen::{JsCast, JsValue};

/// Offers `text` as a file download named `name`.
pub(crate) fn download(name: &str, text: &str) -> Result<(), JsValue> {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/json");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)?;
    let anchor: web_sys::HtmlAnchorElement = document().create_element("a")?.unchecked_into();
    anchor.set_href(&url);
    anchor.set_download(name);
    anchor.set_hidden(true);
    document()
        .body()
        .ok_or_else(|| JsValue::from_str("no body"))?
        .append_child(&anchor)?;
    anchor.click();
    anchor.remove();
    // The download has started from the click; the URL may go after a moment.
    set_timeout(
        move || {
            let _ = web_sys::Url::revoke_object_url(&url);
        },
        std::time::Duration::from_secs(5),
    );
    Ok(())
}

/// The JSON `text`, indented by the browser's `JSON.stringify` for a file
/// a person may open; `text` itself if it is not JSON. The same document,
/// so an import reads either.
pub(crate) fn indented_json(text: &str) -> String {
    js_sys::JSON::parse(text)
        .and_then(|value| {
            js_sys::JSON::stringify_with_replacer_and_space(
                &value,
                &JsValue::NULL,
                &JsValue::from(2),
            )
        })
        .ok()
        .and_then(|s| s.as_string())
        .unwrap_or_else(|| text.to_string())
}
