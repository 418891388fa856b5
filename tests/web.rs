#![cfg(target_arch = "wasm32")]
//! Browser tests: `cargo test -p pyramid --target wasm32-unknown-unknown`
//! (runs in headless Chromium through wasm-bindgen-test-runner + chromedriver).

use std::time::Duration;

use leptos::prelude::*;
use leptos::task::tick;
use pyramid::app::PyramidGame;
use pyramid::domain::persist::{decode_round, decode_stats, StatsBook};
use pyramid::domain::round::{DealOrigin, Round};
use pyramid::platform::random::round_id;
use pyramid::platform::storage::{round_key, STATS_KEY};
use pyramid::platform::tasks::sleep;
use pyramid::solver;
use pyramid::state::context::GameContext;
use pyramid::state::statistics::Statistics;
use pyramid_engine::{Deal, Preset};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// A fresh `<div>` appended to `<body>`, to mount a component into.
fn fresh_container() -> web_sys::HtmlElement {
    let document = document();
    let div = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&div).unwrap();
    div.unchecked_into()
}

fn mount_deal(
    number: u32,
    preset: Preset,
) -> (
    web_sys::HtmlElement,
    leptos::mount::UnmountHandle<impl leptos::tachys::view::Mountable>,
) {
    let container = fresh_container();
    let round = Round::new(number, preset, round_id(), DealOrigin::Number);
    let handle = leptos::mount::mount_to(container.clone(), move || {
        let stats = Statistics::new(StatsBook::default());
        let ctx = GameContext::new(round, 0, "ready".into(), stats);
        view! { <PyramidGame ctx=ctx /> }
    });
    (container, handle)
}

fn find(container: &web_sys::HtmlElement, selector: &str) -> Option<web_sys::HtmlElement> {
    container
        .query_selector(selector)
        .unwrap()
        .map(|e| e.unchecked_into())
}

fn text(container: &web_sys::HtmlElement, selector: &str) -> String {
    find(container, selector)
        .and_then(|e| e.text_content())
        .unwrap_or_default()
}

fn click(container: &web_sys::HtmlElement, selector: &str) {
    find(container, selector)
        .unwrap_or_else(|| panic!("no element {selector}"))
        .click();
}

fn card_selector(code: &str) -> String {
    format!("[data-card=\"{code}\"]")
}

#[wasm_bindgen_test]
async fn renders_the_deal_with_spec_attributes() {
    let (container, _handle) = mount_deal(1, Preset::Classic);
    tick().await;
    let cards = container
        .query_selector_all("[data-zone=\"pyramid\"]")
        .unwrap();
    assert_eq!(cards.length(), 28);
    let deal = Deal::from_number(1);
    for k in 0..28u32 {
        let el: web_sys::Element = cards.item(k).unwrap().unchecked_into();
        assert_eq!(
            el.get_attribute("data-card").unwrap(),
            deal.cards()[k as usize].to_string()
        );
        assert_eq!(
            el.get_attribute("aria-label").unwrap(),
            // The visible face first (WCAG 2.5.3 Label in Name), then words.
            format!(
                "{}, {}",
                pyramid::domain::round::card_face(deal.cards()[k as usize]),
                deal.cards()[k as usize].name()
            )
        );
        let covered = el.get_attribute("aria-disabled").as_deref() == Some("true");
        assert_eq!(covered, k < 21, "card {k}");
    }
    assert_eq!(text(&container, "[data-testid=moves]"), "0");
    assert_eq!(text(&container, "[data-testid=pass]"), "Pass 1 of 3");
    assert_eq!(text(&container, "[data-testid=score]"), "-52");
    let stock = find(&container, "[data-zone=stock]").unwrap();
    assert_eq!(
        stock.get_attribute("aria-label").unwrap(),
        "Stock: 24 cards"
    );
    assert_eq!(text(&container, "[role=status]"), "ready");
}

#[wasm_bindgen_test]
async fn tap_pairs_and_undo_redo() {
    // Deal 1, classic: 5C and 8C are both on the bottom row.
    let (container, _handle) = mount_deal(1, Preset::Classic);
    tick().await;
    click(&container, &card_selector("5C"));
    tick().await;
    let five = find(&container, &card_selector("5C")).unwrap();
    assert_eq!(five.get_attribute("aria-pressed").unwrap(), "true");
    click(&container, &card_selector("8C"));
    tick().await;
    assert!(find(&container, &card_selector("5C")).is_none());
    assert!(find(&container, &card_selector("8C")).is_none());
    assert_eq!(text(&container, "[data-testid=moves]"), "1");
    assert!(text(&container, "[role=status]").contains("removed"));

    click(&container, "[data-zone=stock]");
    tick().await;
    assert_eq!(text(&container, "[data-testid=moves]"), "2");
    assert!(find(&container, "[data-zone=waste]").is_some());

    let undo = find_button(&container, "Undo");
    undo.click();
    tick().await;
    undo.click();
    tick().await;
    assert_eq!(text(&container, "[data-testid=moves]"), "0");
    assert!(find(&container, &card_selector("5C")).is_some());
    find_button(&container, "Redo").click();
    tick().await;
    assert_eq!(text(&container, "[data-testid=moves]"), "1");
}

/// A stand-in for the solver's worker: it says it is ready, then answers
/// every question with `answer` (JSON of a `Response`) after `delay_ms`,
/// or never when `delay_ms` is negative.
fn stand_in_worker(answer: &str, delay_ms: i32) -> String {
    script_url(&format!(
        r#"postMessage(JSON.stringify("Ready"));
        onmessage = (e) => {{
            const id = JSON.parse(e.data).id;
            if ({delay_ms} >= 0) {{
                setTimeout(() => postMessage(JSON.stringify({{ Answer: {{ id, body: {answer} }} }})), {delay_ms});
            }}
        }};"#
    ))
}

/// An object URL for a worker script.
fn script_url(script: &str) -> String {
    let parts = js_sys::Array::of1(&script.into());
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("text/javascript");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).unwrap();
    web_sys::Url::create_object_url_with_blob(&blob).unwrap()
}

/// Waits (up to 2 s) until the message says `what`.
async fn wait_for_message(container: &web_sys::HtmlElement, what: &str) {
    for _ in 0..100 {
        if text(container, "[data-testid=message]").contains(what) {
            return;
        }
        sleep(Duration::from_millis(20)).await;
    }
    panic!(
        "the message never said {what:?}: {:?}",
        text(container, "[data-testid=message]")
    );
}

/// Waits (up to 2 s) for `selector` to appear or go.
async fn wait_for(container: &web_sys::HtmlElement, selector: &str, present: bool) {
    for _ in 0..100 {
        if find(container, selector).is_some() == present {
            return;
        }
        sleep(Duration::from_millis(20)).await;
    }
    panic!(
        "{selector} never became {}",
        if present { "present" } else { "absent" }
    );
}

#[wasm_bindgen_test]
async fn hint_and_auto_move_come_from_the_worker() {
    // Deal 1 classic: 5C and 8C pair in the bottom row.
    solver::use_worker_script(&stand_in_worker(
        r#"{"Hint":{"hint":{"Move":"5C+8C"},"line":["5C+8C"]}}"#,
        0,
    ));
    let (container, _handle) = mount_deal(1, Preset::Classic);
    tick().await;
    find_button(&container, "Hint").click();
    wait_for(&container, "[data-hint=\"true\"]", true).await;
    assert!(find(&container, "[data-card=\"5C\"][data-hint=\"true\"]").is_some());
    find_button(&container, "Auto move").click();
    tick().await;
    // The followed line is cached: no second question was needed.
    assert_eq!(text(&container, "[data-testid=moves]"), "1");
    assert!(find(&container, "[data-hint=\"true\"]").is_none());
}

#[wasm_bindgen_test]
async fn a_slow_search_shows_progress_and_can_be_cancelled() {
    solver::use_worker_script(&stand_in_worker("null", -1));
    let (container, _handle) = mount_deal(1, Preset::Classic);
    tick().await;
    find_button(&container, "Hint").click();
    wait_for(&container, "[data-testid=thinking]", true).await;
    find_button(&container, "Cancel").click();
    wait_for(&container, "[data-testid=thinking]", false).await;
    assert_eq!(
        text(&container, "[data-testid=message]"),
        "Search cancelled"
    );
}

#[wasm_bindgen_test]
async fn a_crashed_worker_is_replaced_and_the_player_told() {
    let crashing = script_url(
        r#"postMessage(JSON.stringify("Ready")); onmessage = () => { throw new Error("boom"); };"#,
    );
    solver::use_worker_script(&crashing);
    let (container, _handle) = mount_deal(1, Preset::Classic);
    tick().await;
    find_button(&container, "Hint").click();
    wait_for_message(&container, "restarted").await;
    // The next question gets a fresh worker, which answers.
    solver::use_worker_script(&stand_in_worker(
        r#"{"Hint":{"hint":{"Move":"5C+8C"},"line":["5C+8C"]}}"#,
        0,
    ));
    find_button(&container, "Hint").click();
    wait_for(&container, "[data-hint=\"true\"]", true).await;
}

#[wasm_bindgen_test]
async fn a_worker_that_cannot_start_is_told_at_once() {
    // The loader's message, and a script that fails before it is ready:
    // both say at once that the solver cannot start, and no answer is
    // waited for.
    for script in [
        r#"postMessage(JSON.stringify({ CannotStart: "TypeError: Failed to fetch" }));"#,
        r#"throw new Error("the worker's code did not load");"#,
    ] {
        solver::use_worker_script(&script_url(script));
        let (container, _handle) = mount_deal(1, Preset::Classic);
        tick().await;
        find_button(&container, "Hint").click();
        wait_for_message(&container, "could not load, so hints are unavailable").await;
        assert!(find(&container, "[data-testid=thinking]").is_none());
        container.remove();
    }
    // Once the worker can start, a hint answers.
    solver::use_worker_script(&stand_in_worker(
        r#"{"Hint":{"hint":{"Move":"5C+8C"},"line":["5C+8C"]}}"#,
        0,
    ));
    let (container, _handle) = mount_deal(1, Preset::Classic);
    tick().await;
    find_button(&container, "Hint").click();
    wait_for(&container, "[data-hint=\"true\"]", true).await;
}

#[wasm_bindgen_test]
async fn cancelled_questions_are_never_answered() {
    // The stand-in answers every question after 50 ms: questions cancelled
    // before that get no answer, and the next question does.
    solver::use_worker_script(&stand_in_worker(
        r#"{"Hint":{"hint":{"Move":"5C+8C"},"line":["5C+8C"]}}"#,
        50,
    ));
    let (container, _handle) = mount_deal(1, Preset::Classic);
    tick().await;
    for _ in 0..5 {
        find_button(&container, "Hint").click();
        // The question reaches the client in a task of its own.
        sleep(Duration::from_millis(0)).await;
        solver::cancel();
    }
    sleep(Duration::from_millis(120)).await;
    assert!(find(&container, "[data-hint=\"true\"]").is_none());
    find_button(&container, "Hint").click();
    wait_for(&container, "[data-hint=\"true\"]", true).await;
}

#[wasm_bindgen_test]
async fn keyboard_draw_and_pause() {
    let (container, _handle) = mount_deal(3, Preset::Classic);
    tick().await;
    press("d");
    tick().await;
    assert_eq!(text(&container, "[data-testid=moves]"), "1");
    press("p");
    tick().await;
    let table = find(&container, ".table").unwrap();
    assert!(table.has_attribute("hidden"));
    press("d");
    tick().await;
    assert_eq!(text(&container, "[data-testid=moves]"), "1");
    press("p");
    tick().await;
    assert!(!table.has_attribute("hidden"));
}

fn press(key: &str) {
    let init = web_sys::KeyboardEventInit::new();
    init.set_key(key);
    init.set_bubbles(true);
    let ev = web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    window().dispatch_event(&ev).unwrap();
}

fn find_button(container: &web_sys::HtmlElement, name: &str) -> web_sys::HtmlElement {
    let buttons = container.query_selector_all("button").unwrap();
    (0..buttons.length())
        .filter_map(|i| buttons.item(i))
        .map(|n| n.unchecked_into::<web_sys::HtmlElement>())
        .find(|b| b.text_content().is_some_and(|t| t.trim() == name))
        .unwrap_or_else(|| panic!("no button {name}"))
}

fn local_storage() -> web_sys::Storage {
    window().local_storage().unwrap().unwrap()
}

/// The figure next to `name` in the statistics panel.
fn stat(container: &web_sys::HtmlElement, name: &str) -> String {
    let rows = container
        .query_selector_all(".stats-panel dl > div")
        .unwrap();
    (0..rows.length())
        .filter_map(|i| rows.item(i))
        .map(|n| n.unchecked_into::<web_sys::Element>())
        .find(|row| {
            row.query_selector("dt")
                .unwrap()
                .and_then(|dt| dt.text_content())
                .is_some_and(|t| t == name)
        })
        .and_then(|row| row.query_selector("dd").unwrap())
        .and_then(|dd| dd.text_content())
        .unwrap_or_else(|| panic!("no statistic {name}"))
}

#[wasm_bindgen_test]
async fn ending_a_par_round_is_recorded_shown_and_saved() {
    let storage = local_storage();
    storage.remove_item(STATS_KEY).unwrap();
    let (container, _handle) = mount_deal(5, Preset::Par);
    // The panel's charts and buttons come with the later parts (ui/later.rs).
    wait_for(&container, ".stats-actions", true).await;
    assert_eq!(stat(&container, "Played"), "0");
    assert!(find(&container, "[data-testid=stats-strip]").is_none());
    find_button(&container, "End round").click();
    tick().await;
    assert_eq!(stat(&container, "Played"), "1");
    assert_eq!(stat(&container, "Lost"), "1");
    assert_eq!(stat(&container, "Win rate"), "0 %");
    let strip = find(&container, "[data-testid=stats-strip]").unwrap();
    assert_eq!(strip.get_attribute("role").as_deref(), Some("img"));
    assert!(strip
        .get_attribute("aria-label")
        .unwrap()
        .starts_with("Last round: lost"));
    // Once the round is over there is nothing to end.
    let buttons = container.query_selector_all("button").unwrap();
    assert!((0..buttons.length())
        .filter_map(|i| buttons.item(i))
        .all(|b| b.text_content().as_deref() != Some("End round")));

    let stored = decode_stats(&storage.get_item(STATS_KEY).unwrap().unwrap()).unwrap();
    assert_eq!(stored.stats(Preset::Par).lost, 1);
    let id = container
        .get_attribute("data-round")
        .or_else(|| find(&container, "[data-round]").and_then(|e| e.get_attribute("data-round")))
        .expect("the table names its round");
    let saved = decode_round(&storage.get_item(&round_key(&id)).unwrap().unwrap()).unwrap();
    assert!(saved.ended);
    assert_eq!(saved.deal_number, Some(5));
    assert!(find(&container, "[data-testid=storage-note]").is_none());
}

#[wasm_bindgen_test]
async fn end_round_is_offered_only_in_par() {
    let (container, _handle) = mount_deal(5, Preset::Classic);
    tick().await;
    let buttons = container.query_selector_all("button").unwrap();
    assert!((0..buttons.length())
        .filter_map(|i| buttons.item(i))
        .all(|b| b.text_content().as_deref() != Some("End round")));
}
