#![cfg(target_arch = "wasm32")]
//! `storage.rs` against the browser's real `localStorage` (headless Chromium
//! through wasm-bindgen-test-runner): unreadable values are set aside under
//! a backup key, full or disabled storage gives a typed error, each round
//! has its own key, the round of earlier builds' single key moves to its
//! own, saving statistics never overwrites what another tab wrote, and Web
//! Locks tell which rounds a tab holds.

use std::cell::RefCell;
use std::rc::Rc;

use pyramid::domain::persist::{
    decode_settings, decode_stats, encode_round, encode_stats, RoundEnd, RoundRecord, SavedRound,
    Settings, StatsBook, Theme,
};
use pyramid::platform::storage::{
    load_rounds, load_settings, load_stats, peek_settings, remove_round, round_key, save_round,
    save_settings, save_stats, stats_from_event, stats_waiting, subscribe_storage_events, unsaved,
    Slot, StorageError, BACKUP_PREFIX, LEGACY_ROUND_KEY, SETTINGS_KEY, STATS_KEY,
};
use pyramid::platform::tabs;
use pyramid_engine::{Deal, Game, Move, Preset};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn storage() -> web_sys::Storage {
    web_sys::window().unwrap().local_storage().unwrap().unwrap()
}

fn eval(code: &str) -> wasm_bindgen::JsValue {
    js_sys::eval(code).expect("test script runs")
}

/// Undoes every override a test may have left (a failed test does not
/// unwind) and empties storage.
fn fresh_browser() {
    eval(
        r#"
        if (!window.__pyramidOriginal) {
            window.__pyramidOriginal = { setItem: Storage.prototype.setItem };
        }
        Storage.prototype.setItem = window.__pyramidOriginal.setItem;
        if (Object.getOwnPropertyDescriptor(window, '__pyramidDisabled')) {
            delete window.__pyramidDisabled;
            const d = window.__pyramidOriginal.localStorage;
            if (d) { Object.defineProperty(window, 'localStorage', d); }
            else { delete window.localStorage; }
        }
        "#,
    );
    storage().clear().unwrap();
    pyramid::platform::storage::discard_unsaved();
}

/// Every `setItem` throws `QuotaExceededError`, as in a full storage.
fn fill_storage() {
    eval(
        r#"Storage.prototype.setItem = function () {
            throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        };"#,
    );
}

/// Reading `window.localStorage` throws, as with storage disabled.
fn disable_storage() {
    eval(
        r#"
        window.__pyramidOriginal.localStorage =
            Object.getOwnPropertyDescriptor(window, 'localStorage');
        Object.defineProperty(window, 'localStorage', {
            configurable: true,
            get() { throw new DOMException('Access is denied.', 'SecurityError'); },
        });
        window.__pyramidDisabled = true;
        "#,
    );
}

fn backups() -> Vec<(String, String)> {
    let s = storage();
    let mut found = Vec::new();
    for i in 0..s.length().unwrap() {
        let key = s.key(i).unwrap().unwrap();
        if key.starts_with(BACKUP_PREFIX) {
            let value = s.get_item(&key).unwrap().unwrap();
            found.push((key, value));
        }
    }
    found.sort();
    found
}

fn some_round() -> SavedRound {
    let mut game = Game::new(Deal::from_number(1234), Preset::Classic);
    game.play(Move::Draw).unwrap();
    game.play(Move::Draw).unwrap();
    game.undo();
    SavedRound::from_game(&game, Some(1234), 4_500, "r-test")
}

fn record(id: &str, end: RoundEnd, at: u64) -> RoundRecord {
    RoundRecord {
        id: id.into(),
        end,
        elapsed_ms: 60_000,
        moves: 40,
        score: -10,
        finished_at_ms: at,
        assisted: false,
        daily: None,
    }
}

fn book_of(ids: &[&str]) -> StatsBook {
    let mut book = StatsBook::default();
    for (i, id) in ids.iter().enumerate() {
        book.record(Preset::Classic, record(id, RoundEnd::Won, i as u64 + 1));
    }
    book
}

fn round_with_id(id: &str) -> SavedRound {
    SavedRound {
        round_id: id.into(),
        ..some_round()
    }
}

#[wasm_bindgen_test]
fn rounds_survive_a_reload_each_under_its_own_key() {
    fresh_browser();
    assert!(load_rounds().unwrap().value.is_empty());
    let saved = some_round();
    save_round(&saved).unwrap();
    save_round(&round_with_id("r-other")).unwrap();
    assert!(storage().get_item(&round_key("r-test")).unwrap().is_some());
    let loaded = load_rounds().unwrap();
    assert!(loaded.notices.is_empty());
    let ids: Vec<&str> = loaded
        .value
        .iter()
        .map(|(r, _)| r.round_id.as_str())
        .collect();
    assert_eq!(ids, ["r-other", "r-test"]);
    let (round, game) = &loaded.value[1];
    assert_eq!(*round, saved);
    assert_eq!(game.move_count(), 1);
    assert_eq!(game.redoable(), [Move::Draw]);
    remove_round("r-test").unwrap();
    let left = load_rounds().unwrap().value;
    assert_eq!(left.len(), 1);
    assert_eq!(left[0].0.round_id, "r-other");
}

#[wasm_bindgen_test]
fn the_single_round_of_earlier_builds_moves_to_its_own_key() {
    fresh_browser();
    let old = some_round();
    storage()
        .set_item(LEGACY_ROUND_KEY, &encode_round(&old))
        .unwrap();
    let loaded = load_rounds().unwrap();
    assert!(loaded.notices.is_empty());
    assert_eq!(loaded.value.len(), 1);
    assert_eq!(loaded.value[0].0, old);
    assert_eq!(storage().get_item(LEGACY_ROUND_KEY).unwrap(), None);
    assert!(storage().get_item(&round_key("r-test")).unwrap().is_some());
}

#[wasm_bindgen_test]
fn unreadable_round_is_kept_under_a_backup_key() {
    for garbage in [
        "{not json".to_string(),
        r#"{"version":3,"from":"the future"}"#.to_string(),
        r#"{"version":2,"preset":7}"#.to_string(),
        // Well formed, but the line is illegal: a recycle with stock left.
        encode_round(&SavedRound {
            line: vec![Move::Draw, Move::Recycle],
            played: 2,
            ..some_round()
        }),
    ] {
        fresh_browser();
        let key = round_key("r-test");
        storage().set_item(&key, &garbage).unwrap();
        save_round(&round_with_id("r-fine")).unwrap();
        let loaded = load_rounds().unwrap();
        // The readable round still loads.
        assert_eq!(loaded.value.len(), 1, "{garbage}");
        assert_eq!(loaded.notices.len(), 1, "{garbage}");
        let notice = &loaded.notices[0];
        assert_eq!(notice.slot, Slot::Round);
        let backup = notice.backup.clone().expect("a backup key");
        assert!(notice.to_string().contains(&backup), "{notice}");
        assert_eq!(backups(), [(backup, garbage.clone())]);
        // Play goes on: the bad value is out of the way.
        assert_eq!(storage().get_item(&key).unwrap(), None);
        assert_eq!(load_rounds().unwrap().notices.len(), 0);
    }
}

#[wasm_bindgen_test]
fn a_decode_error_says_where_and_a_newer_version_says_so() {
    fresh_browser();
    storage()
        .set_item(
            STATS_KEY,
            r#"{"version":2,"presets":{"classic":{"records":[{"id":5}]}}}"#,
        )
        .unwrap();
    let notice = load_stats().unwrap().notices.remove(0);
    let text = notice.to_string();
    assert!(text.contains("line 1 column"), "{text}");
    storage()
        .set_item(STATS_KEY, r#"{"version":7,"books":[]}"#)
        .unwrap();
    let notice = load_stats().unwrap().notices.remove(0);
    assert!(notice.to_string().contains("version 7"), "{notice}");
}

#[wasm_bindgen_test]
fn unreadable_stats_are_backed_up_never_replaced_silently() {
    fresh_browser();
    let garbage = r#"{"version":99,"presets":{}}"#;
    storage().set_item(STATS_KEY, garbage).unwrap();
    let loaded = load_stats().unwrap();
    assert_eq!(loaded.value, StatsBook::default());
    let notice = loaded.notices.into_iter().next().expect("a notice");
    assert_eq!(notice.slot, Slot::Stats);
    let key = notice.backup.clone().unwrap();
    assert_eq!(backups(), [(key.clone(), garbage.to_string())]);

    // A fresh book starts; saving it leaves the backup alone.
    let saved = save_stats(&book_of(&["a"])).unwrap();
    assert!(saved.notices.is_empty());
    assert_eq!(backups(), [(key, garbage.to_string())]);
    let stored = decode_stats(&storage().get_item(STATS_KEY).unwrap().unwrap()).unwrap();
    assert_eq!(stored, book_of(&["a"]));
}

#[wasm_bindgen_test]
fn settings_round_trip_and_unreadable_settings_fall_back_to_defaults() {
    fresh_browser();
    assert_eq!(load_settings().unwrap().value, Settings::default());
    assert_eq!(peek_settings(), None);
    let dark = Settings {
        theme: Theme::Dark,
        zen: true,
        ..Settings::default()
    };
    save_settings(&dark).unwrap();
    let stored = storage().get_item(SETTINGS_KEY).unwrap().unwrap();
    assert_eq!(decode_settings(&stored).unwrap(), dark);
    assert_eq!(peek_settings(), Some(dark));
    let loaded = load_settings().unwrap();
    assert_eq!(loaded.value, dark);
    assert!(loaded.notices.is_empty());

    for garbage in ["{not json", r#"{"version":2,"theme":"dark"}"#] {
        fresh_browser();
        storage().set_item(SETTINGS_KEY, garbage).unwrap();
        // Peeking never sets anything aside.
        assert_eq!(peek_settings(), None);
        assert_eq!(
            storage().get_item(SETTINGS_KEY).unwrap().as_deref(),
            Some(garbage)
        );
        let loaded = load_settings().unwrap();
        assert_eq!(loaded.value, Settings::default());
        let notice = loaded.notices.into_iter().next().expect("a notice");
        assert_eq!(notice.slot, Slot::Settings);
        assert!(
            notice.to_string().contains("back to their defaults"),
            "{notice}"
        );
        let key = notice.backup.clone().unwrap();
        assert!(
            key.starts_with(&format!("{BACKUP_PREFIX}settings.")),
            "{key}"
        );
        assert_eq!(backups(), [(key, garbage.to_string())]);
        assert_eq!(storage().get_item(SETTINGS_KEY).unwrap(), None);
    }
}

#[wasm_bindgen_test]
fn save_stats_sets_aside_garbage_found_at_write_time() {
    fresh_browser();
    storage().set_item(STATS_KEY, "garbage").unwrap();
    let saved = save_stats(&book_of(&["a"])).unwrap();
    let notice = saved.notices.into_iter().next().expect("a notice");
    assert_eq!(backups(), [(notice.backup.unwrap(), "garbage".to_string())]);
    assert_eq!(saved.value, book_of(&["a"]));
}

#[wasm_bindgen_test]
fn save_stats_merges_what_another_tab_wrote() {
    fresh_browser();
    save_stats(&book_of(&["a"])).unwrap();
    // Another tab, which had read {a}, records b and writes.
    storage()
        .set_item(STATS_KEY, &encode_stats(&book_of(&["a", "b"])))
        .unwrap();
    // This tab, which still holds {a}, records c and saves.
    let mut mine = book_of(&["a"]);
    mine.record(Preset::Classic, record("c", RoundEnd::Lost, 9));
    let saved = save_stats(&mine).unwrap().value;
    let stored = decode_stats(&storage().get_item(STATS_KEY).unwrap().unwrap()).unwrap();
    assert_eq!(stored, saved);
    let s = stored.stats(Preset::Classic);
    assert_eq!((s.played, s.won, s.lost), (3, 2, 1));
}

#[wasm_bindgen_test]
fn full_storage_gives_a_typed_error_and_loses_nothing() {
    fresh_browser();
    save_stats(&book_of(&["a"])).unwrap();
    let before = storage().get_item(STATS_KEY).unwrap();
    fill_storage();
    assert_eq!(save_round(&some_round()), Err(StorageError::Full));
    assert_eq!(
        save_stats(&book_of(&["a", "b"]))
            .map(|l| l.value)
            .unwrap_err(),
        StorageError::Full
    );
    assert_eq!(storage().get_item(STATS_KEY).unwrap(), before);
    // Reading still works.
    assert_eq!(load_stats().unwrap().value, book_of(&["a"]));
    fresh_browser();
}

/// What full storage refused waits in memory and is written
/// by the next save that succeeds, whatever it saves: the statistics
/// first, so a finished round's key is never forgotten before its record.
#[wasm_bindgen_test]
fn what_full_storage_refused_is_written_at_the_next_save_in_order() {
    fresh_browser();
    save_stats(&book_of(&["a"])).unwrap();
    save_round(&round_with_id("r-old")).unwrap();
    fill_storage();
    assert_eq!(
        save_stats(&book_of(&["a", "b"]))
            .map(|l| l.value)
            .unwrap_err(),
        StorageError::Full
    );
    assert_eq!(remove_round("r-old"), Err(StorageError::Full));
    assert!(storage().get_item(&round_key("r-old")).unwrap().is_some());
    assert_eq!(save_round(&round_with_id("r-new")), Err(StorageError::Full));
    let waiting = unsaved().expect("something waits");
    assert_eq!(waiting.error, StorageError::Full);
    assert_eq!(waiting.finished, [(Preset::Classic, RoundEnd::Won)]);
    assert!(waiting.round && !waiting.settings);
    assert!(stats_waiting());

    eval("Storage.prototype.setItem = window.__pyramidOriginal.setItem;");
    let dark = Settings {
        theme: Theme::Dark,
        ..Settings::default()
    };
    save_settings(&dark).unwrap();
    assert_eq!(unsaved(), None);
    assert!(!stats_waiting());
    let stored = decode_stats(&storage().get_item(STATS_KEY).unwrap().unwrap()).unwrap();
    assert_eq!(stored, book_of(&["a", "b"]));
    assert!(storage().get_item(&round_key("r-old")).unwrap().is_none());
    assert!(storage().get_item(&round_key("r-new")).unwrap().is_some());
    assert_eq!(load_settings().unwrap().value, dark);
    // Written once: the next save writes nothing again.
    storage().remove_item(&round_key("r-new")).unwrap();
    save_settings(&dark).unwrap();
    assert!(storage().get_item(&round_key("r-new")).unwrap().is_none());
    fresh_browser();
}

#[wasm_bindgen_test]
fn unreadable_stats_stay_in_place_when_no_backup_can_be_written() {
    fresh_browser();
    storage().set_item(STATS_KEY, "{broken").unwrap();
    fill_storage();
    let loaded = load_stats().unwrap();
    let notice = loaded.notices.into_iter().next().expect("a notice");
    assert_eq!(notice.backup, Err(StorageError::Full));
    assert!(notice.to_string().contains("not being saved"), "{notice}");
    assert_eq!(
        save_stats(&book_of(&["a"])).map(|l| l.value).unwrap_err(),
        StorageError::Full
    );
    assert_eq!(
        storage().get_item(STATS_KEY).unwrap().as_deref(),
        Some("{broken")
    );
    assert!(backups().is_empty());
    fresh_browser();
}

#[wasm_bindgen_test]
fn disabled_storage_gives_a_typed_error() {
    fresh_browser();
    disable_storage();
    assert!(web_sys::window().unwrap().local_storage().is_err());
    assert_eq!(
        load_rounds().map(|l| l.value.len()).unwrap_err(),
        StorageError::Unavailable
    );
    assert_eq!(remove_round("r-test"), Err(StorageError::Unavailable));
    assert_eq!(
        load_stats().map(|l| l.value).unwrap_err(),
        StorageError::Unavailable
    );
    assert_eq!(save_round(&some_round()), Err(StorageError::Unavailable));
    assert_eq!(
        save_stats(&StatsBook::default())
            .map(|l| l.value)
            .unwrap_err(),
        StorageError::Unavailable
    );
    fresh_browser();
    assert!(load_stats().is_ok());
}

fn storage_event(key: &str, new_value: &str) -> web_sys::StorageEvent {
    let code = format!(
        "new StorageEvent('storage', {{ key: {}, newValue: {} }})",
        serde_json::to_string(key).unwrap(),
        serde_json::to_string(new_value).unwrap()
    );
    eval(&code).unchecked_into()
}

#[wasm_bindgen_test]
fn another_tabs_stats_arrive_through_storage_events() {
    fresh_browser();
    let theirs = book_of(&["x", "y"]);
    let event = storage_event(STATS_KEY, &encode_stats(&theirs));
    assert_eq!(stats_from_event(&event), Some(theirs.clone()));
    assert_eq!(
        stats_from_event(&storage_event(&round_key("x"), &encode_stats(&theirs))),
        None
    );
    assert_eq!(stats_from_event(&storage_event(STATS_KEY, "junk")), None);

    let received = Rc::new(RefCell::new(Vec::new()));
    let sink = received.clone();
    let handle = subscribe_storage_events(move |book| sink.borrow_mut().push(book));
    let window = web_sys::window().unwrap();
    window.dispatch_event(&event).unwrap();
    window
        .dispatch_event(&storage_event(STATS_KEY, "junk"))
        .unwrap();
    handle.remove();
    window.dispatch_event(&event).unwrap();
    assert_eq!(*received.borrow(), [theirs]);
}

#[wasm_bindgen_test]
async fn a_tab_holds_one_round_lock_at_a_time() {
    assert!(tabs::hold("t-one").await);
    let held = tabs::held_round_ids().await;
    assert!(held.contains("t-one"), "{held:?}");
    // Taking another round lets go of the first (the browser lets go a
    // moment later).
    assert!(tabs::hold("t-two").await);
    let mut held = tabs::held_round_ids().await;
    for _ in 0..50 {
        if !held.contains("t-one") {
            break;
        }
        sleep_ms(20).await;
        held = tabs::held_round_ids().await;
    }
    assert!(
        held.contains("t-two") && !held.contains("t-one"),
        "{held:?}"
    );
    // A lock held elsewhere (here: by a script, standing in for another
    // tab) is not taken.
    eval("navigator.locks.request('pyramid.round.t-other', () => new Promise(() => {}))");
    let mut taken = false;
    for _ in 0..50 {
        if tabs::held_round_ids().await.contains("t-other") {
            taken = true;
            break;
        }
        sleep_ms(20).await;
    }
    assert!(taken);
    assert!(!tabs::hold("t-other").await);
    assert!(tabs::held_round_ids().await.contains("t-two"));
}

#[wasm_bindgen_test]
fn the_tab_remembers_its_round_in_session_storage() {
    tabs::set_tab_round_id("r-mine");
    assert_eq!(tabs::tab_round_id().as_deref(), Some("r-mine"));
    let session = web_sys::window()
        .unwrap()
        .session_storage()
        .unwrap()
        .unwrap();
    assert_eq!(
        session.get_item(tabs::TAB_ROUND_KEY).unwrap().as_deref(),
        Some("\"r-mine\"")
    );
}

async fn sleep_ms(ms: i32) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms)
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(promise).await.unwrap();
}

#[wasm_bindgen_test]
async fn a_reloaded_tab_waits_for_its_round_but_not_for_ever() {
    // Another page lets go of the round a moment later, as a page being
    // replaced by its reload does.
    eval(
        "navigator.locks.request('pyramid.round.t-reload', \
         () => new Promise((done) => setTimeout(done, 100)))",
    );
    sleep_ms(10).await;
    assert!(tabs::held_round_ids().await.contains("t-reload"));
    assert!(tabs::hold_waiting("t-reload", 2_000).await);
    // A round another page keeps (a duplicated tab's original) is not taken.
    eval("navigator.locks.request('pyramid.round.t-kept', () => new Promise(() => {}))");
    sleep_ms(10).await;
    assert!(!tabs::hold_waiting("t-kept", 200).await);
}
