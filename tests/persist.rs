#![cfg(not(target_arch = "wasm32"))]
//! The save formats, natively: the fixtures of the current formats (the
//! saves players have today) load exactly and are pinned, decoding survives
//! any input, and merging statistics is a union.

use std::path::Path;

use proptest::prelude::*;
use proptest::sample::Index;
use pyramid::domain::daily_results::{daily_results, month_tally, streaks, DayOutcome};
use pyramid::domain::persist::{
    decode_round, decode_stats, encode_round, encode_stats, import_effects, import_stats,
    DealOrigin, PersistError, PresetStats, RecentSets, Resets, RoundEnd, RoundRecord, StatsBook,
    ROUND_VERSION,
};
use pyramid_engine::{Date, LossReason, Preset, Status};
use serde_json::Value;

fn fixture(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every fixture file, so the fuzz tests start from real documents.
const FIXTURES: [&str; 9] = [
    "round.v2.json",
    "round.v2-custom.json",
    "stats.v2-custom.json",
    "recent.v1.json",
    "round.v2-daily-date.json",
    "round.v2-ended.json",
    "round.v2-daily.json",
    "stats.v2.json",
    "stats.v2-daily.json",
];

/// Loads a round fixture and checks (preset, deal number, played, line
/// length, elapsed ms, status) of the rebuilt game.
fn check_round(name: &str, expected: (Preset, Option<u32>, usize, usize, u64, Status)) {
    let round = decode_round(&fixture(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(round.version, ROUND_VERSION, "{name}");
    let game = round.to_game().unwrap_or_else(|e| panic!("{name}: {e}"));
    let got = (
        game.preset(),
        round.deal_number,
        game.move_count(),
        game.line().len(),
        round.elapsed_ms,
        game.status(),
    );
    assert_eq!(got, expected, "{name}");
}

#[test]
fn round_fixtures_load() {
    check_round(
        "round.v2.json",
        (
            Preset::Classic,
            Some(1234),
            11,
            14,
            123_456,
            Status::InProgress,
        ),
    );
    check_round(
        "round.v2-ended.json",
        (
            Preset::Par,
            None,
            9,
            9,
            300_000,
            Status::Lost(LossReason::Ended),
        ),
    );
}

/// A custom set's round loads under its custom rules, and re-encodes to
/// the same document.
#[test]
fn custom_round_fixture_loads() {
    let custom: Preset = "custom-2-1-waste-pyramid-no".parse().unwrap();
    assert!(matches!(custom, Preset::Custom(_)));
    check_round(
        "round.v2-custom.json",
        (custom, Some(1), 5, 6, 42_000, Status::InProgress),
    );
    let text = fixture("round.v2-custom.json");
    let round = decode_round(&text).unwrap();
    assert_eq!(round.origin, DealOrigin::Winnable);
    let again: Value = serde_json::from_str(&encode_round(&round)).unwrap();
    assert_eq!(again, serde_json::from_str::<Value>(&text).unwrap());
    // The same line is not legal under another game's rules.
    let elsewhere = text.replace("custom-2-1-waste-pyramid-no", "giza");
    assert!(matches!(
        decode_round(&elsewhere).and_then(|r| r.to_game()),
        Err(PersistError::Replay(_))
    ));
}

/// Every game keeps its own statistics, custom sets too, under its id;
/// the named games come first among the games played, then custom sets.
#[test]
fn custom_stats_fixture_loads() {
    let text = fixture("stats.v2-custom.json");
    let book = decode_stats(&text).unwrap();
    let custom: Preset = "custom-2-1-waste-pyramid-no".parse().unwrap();
    let other: Preset = "custom-u-3-drawcard-all-overlap".parse().unwrap();
    assert_eq!(
        book.games().collect::<Vec<_>>(),
        [Preset::Classic, Preset::Giza, other, custom]
    );
    let s = book.stats(custom);
    assert_eq!(figures(&s), [2, 1, 0, 1, 0, 1]);
    assert_eq!((s.clean_wins, s.best_score), (0, Some(35)));
    assert_eq!(figures(&book.stats(Preset::Giza)), [1, 0, 1, 0, 0, 0]);
    assert_eq!(figures(&book.stats(Preset::Classic)), [1, 1, 0, 0, 1, 1]);
    assert_eq!(book.reset_at_ms(other), 1_772_400_000_000);
    assert_eq!(figures(&book.stats(other))[..2], [1, 1]);
    // A custom set no round was played under has none, nor does the
    // named game of the same rules.
    assert_eq!(book.stats(Preset::Hard), PresetStats::default());
    let daily = daily_results(book.records(custom));
    assert_eq!(daily.len(), 1);
    let again: Value = serde_json::from_str(&encode_stats(&book)).unwrap();
    assert_eq!(again, serde_json::from_str::<Value>(&text).unwrap());
    // Resetting one custom set leaves the others and the named games.
    let mut reset = book.clone();
    reset.reset(custom, 1_772_600_000_000);
    assert_eq!(reset.stats(custom), PresetStats::default());
    assert_eq!(reset.stats(other), book.stats(other));
    assert_eq!(reset.stats(Preset::Classic), book.stats(Preset::Classic));
}

/// The recent custom sets load as saved; an id that is no custom set drops
/// itself; another version is not read.
#[test]
fn recent_sets_fixture_loads() {
    let text = fixture("recent.v1.json");
    let recent = RecentSets::decode(&text).unwrap();
    let ids: Vec<String> = recent
        .sets()
        .iter()
        .map(|&s| Preset::Custom(s).id().into_owned())
        .collect();
    assert_eq!(
        ids,
        [
            "custom-2-1-waste-pyramid-no",
            "custom-u-3-drawcard-all-overlap",
            "custom-1-1-drawcard-pyramid-overlap"
        ]
    );
    let again: Value = serde_json::from_str(&recent.to_saved()).unwrap();
    assert_eq!(again, serde_json::from_str::<Value>(&text).unwrap());
    let damaged = text.replace("custom-u-3", "custom-x-3");
    assert_eq!(RecentSets::decode(&damaged).unwrap().sets().len(), 2);
    assert!(matches!(
        RecentSets::decode(&text.replace("\"version\": 1", "\"version\": 9")),
        Err(PersistError::UnknownVersion(9))
    ));
}

fn figures(s: &PresetStats) -> [u64; 6] {
    [
        s.played,
        s.won,
        s.lost,
        s.abandoned,
        s.current_streak,
        s.best_streak,
    ]
    .map(u64::from)
}

#[test]
fn stats_fixture_loads() {
    let v2 = decode_stats(&fixture("stats.v2.json")).unwrap();
    let classic = v2.stats(Preset::Classic);
    assert_eq!(figures(&classic), [4, 2, 1, 1, 1, 1]);
    assert_eq!(
        (
            classic.best_time_ms,
            classic.fewest_moves,
            classic.best_score
        ),
        (Some(170_000), Some(59), Some(50))
    );
    assert_eq!(figures(&v2.stats(Preset::Hard)), [1, 0, 1, 0, 0, 0]);
    assert_eq!(v2.reset_at_ms(Preset::Hard), 1_767_000_000_000);
    assert_eq!(v2.recent(Preset::Classic, 2)[1].id, "r-0004");
}

/// Daily rounds carry the date of their deal; the calendar's figures come
/// from them, and rounds without a date (ordinary deals, and daily rounds
/// saved before the calendar) count in the statistics only.
#[test]
fn daily_stats_fixture_loads() {
    let book = decode_stats(&fixture("stats.v2-daily.json")).unwrap();
    let classic = book.stats(Preset::Classic);
    assert_eq!(figures(&classic), [5, 3, 1, 1, 1, 2]);
    let date = |text: &str| text.parse::<Date>().unwrap();
    let days = daily_results(book.records(Preset::Classic));
    let day = |text: &str| {
        days.get(&date(text))
            .map(|r| (r.outcome, r.best_moves, r.best_time_ms))
    };
    assert_eq!(
        day("2026-03-01"),
        Some((DayOutcome::Won, Some(42), Some(190_000)))
    );
    assert_eq!(
        day("2026-03-02"),
        Some((DayOutcome::Clean, Some(44), Some(175_000)))
    );
    assert_eq!(day("2026-03-03"), Some((DayOutcome::Played, None, None)));
    assert_eq!(days.len(), 3);
    let s = streaks(&days, date("2026-03-03"));
    assert_eq!((s.current, s.best), (2, 2));
    let tally = month_tally(&days, date("2026-03-31"));
    assert_eq!((tally.won_days, tally.days_in_month), (2, 31));
    let hard = daily_results(book.records(Preset::Hard));
    assert_eq!(hard[&date("2026-03-04")].outcome, DayOutcome::Clean);
    // A daily date that is no date is refused like any other bad field.
    let bad = fixture("stats.v2-daily.json").replace("2026-03-02", "2026-02-30");
    assert!(matches!(decode_stats(&bad), Err(PersistError::Json(_))));
}

/// Merging two tabs' books keeps every day's best result, whichever tab
/// played it and in whichever order the copies meet.
#[test]
fn daily_results_merge_as_a_union_where_the_best_wins() {
    let full = decode_stats(&fixture("stats.v2-daily.json")).unwrap();
    let text = fixture("stats.v2-daily.json");
    // Tab A saw the loss of March 1st, tab B the win.
    let tab_a = decode_stats(&text.replace(
        r#"{"id": "r-0102", "end": "won", "elapsed_ms": 190000, "moves": 42, "score": 20, "finished_at_ms": 1772326800000, "assisted": true, "daily": "2026-03-01"},"#,
        "",
    ))
    .unwrap();
    let tab_b = decode_stats(&text.replace(
        r#"{"id": "r-0101", "end": "lost", "elapsed_ms": 120000, "moves": 80, "score": -12, "finished_at_ms": 1772323200000, "assisted": false, "daily": "2026-03-01"},"#,
        "",
    ))
    .unwrap();
    assert_ne!(tab_a, full);
    assert_ne!(tab_b, full);
    let date: Date = "2026-03-01".parse().unwrap();
    let day = |b: &StatsBook| daily_results(b.records(Preset::Classic))[&date].outcome;
    assert_eq!(day(&tab_a), DayOutcome::Lost);
    for (x, y) in [(&tab_a, &tab_b), (&tab_b, &tab_a)] {
        let mut m = x.clone();
        m.merge(y);
        assert_eq!(m, full);
        assert_eq!(day(&m), DayOutcome::Won);
    }
}

/// The current formats are pinned: re-encoding the fixtures gives them
/// back (as JSON values, ignoring layout). Saves from before `origin`,
/// `saved_at_ms` and `assisted` were kept read them as their defaults.
#[test]
fn current_formats_are_pinned() {
    let check = |name: &str, defaults: &[(&str, Value)]| {
        let text = fixture(name);
        let mut expected: Value = serde_json::from_str(&text).unwrap();
        for (field, value) in defaults {
            expected[*field] = value.clone();
        }
        // Statistics records gained `assisted`, read as false when missing.
        if let Some(presets) = expected.get_mut("presets").and_then(Value::as_object_mut) {
            for book in presets.values_mut() {
                for record in book["records"].as_array_mut().into_iter().flatten() {
                    if record.get("assisted").is_none() {
                        record["assisted"] = Value::from(false);
                    }
                }
            }
        }
        let again: Value = if name.starts_with("round") {
            serde_json::from_str(&encode_round(&decode_round(&text).unwrap())).unwrap()
        } else {
            serde_json::from_str(&encode_stats(&decode_stats(&text).unwrap())).unwrap()
        };
        assert_eq!(again, expected, "{name}");
    };
    let defaults = [
        ("origin", Value::from("random")),
        ("saved_at_ms", Value::from(0)),
        ("assisted", Value::from(false)),
    ];
    check("round.v2.json", &defaults);
    check("round.v2-ended.json", &defaults);
    check("round.v2-daily.json", &[("assisted", Value::from(false))]);
    check("stats.v2.json", &[]);
    check("stats.v2-daily.json", &[]);
    let daily = decode_round(&fixture("round.v2-daily.json")).unwrap();
    assert_eq!(daily.origin, DealOrigin::Daily);
    assert_eq!(daily.daily, None);
    check(
        "round.v2-daily-date.json",
        &[("assisted", Value::from(false))],
    );
    let dated = decode_round(&fixture("round.v2-daily-date.json")).unwrap();
    assert_eq!(dated.daily, Some("2026-03-01".parse().unwrap()));
}

/// Decodes `text` both ways and, when a round decodes, rebuilds its game:
/// none of it may panic.
fn decode_everything(text: &str) {
    if let Ok(round) = decode_round(text) {
        let _ = round.to_game();
        let _ = encode_round(&round);
    }
    if let Ok(book) = decode_stats(text) {
        // Whatever decodes must survive its own round trip.
        assert_eq!(decode_stats(&encode_stats(&book)).unwrap(), book);
        for preset in Preset::ALL {
            let _ = book.stats(preset);
        }
        for preset in book.games().collect::<Vec<_>>() {
            let _ = book.stats(preset);
        }
    }
    if let Ok(recent) = RecentSets::decode(text) {
        assert_eq!(RecentSets::decode(&recent.to_saved()).unwrap(), recent);
    }
}

/// Any JSON value, with strings biased towards the words of the formats.
fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        prop_oneof![
            Just(0u64),
            Just(1),
            Just(2),
            Just(3),
            Just(u32::MAX as u64 + 1)
        ]
        .prop_map(Value::from),
        prop_oneof![
            Just("classic"),
            Just("par"),
            Just("won"),
            Just("D"),
            Just("R"),
            Just("KS"),
            Just("5C+8D"),
            Just(""),
        ]
        .prop_map(Value::from),
        ".{0,12}".prop_map(Value::from),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map("[a-z_]{0,8}", inner, 0..4)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// Every node of `v`, depth first, as mutable references are not easy to
/// collect: this returns the count, and `nth_node` reaches one by number.
fn count_nodes(v: &Value) -> usize {
    1 + match v {
        Value::Array(a) => a.iter().map(count_nodes).sum(),
        Value::Object(o) => o.values().map(count_nodes).sum(),
        _ => 0,
    }
}

fn nth_node(v: &mut Value, mut n: usize) -> Option<&mut Value> {
    if n == 0 {
        return Some(v);
    }
    n -= 1;
    let children: Vec<&mut Value> = match v {
        Value::Array(a) => a.iter_mut().collect(),
        Value::Object(o) => o.values_mut().collect(),
        _ => return None,
    };
    for child in children {
        let size = count_nodes(child);
        if n < size {
            return nth_node(child, n);
        }
        n -= size;
    }
    None
}

#[derive(Clone, Debug)]
enum Mutation {
    /// Replace a node with another value.
    Replace(Index, Value),
    /// Remove a key from an object or an item from an array.
    Remove(Index, Index),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<Index>(), json_value()).prop_map(|(i, v)| Mutation::Replace(i, v)),
        (any::<Index>(), any::<Index>()).prop_map(|(i, j)| Mutation::Remove(i, j)),
    ]
}

fn mutate(doc: &mut Value, m: &Mutation) {
    let size = count_nodes(doc);
    match m {
        Mutation::Replace(i, value) => {
            if let Some(node) = nth_node(doc, i.index(size)) {
                *node = value.clone();
            }
        }
        Mutation::Remove(i, j) => match nth_node(doc, i.index(size)) {
            Some(Value::Object(o)) if !o.is_empty() => {
                let key = o.keys().nth(j.index(o.len())).cloned();
                if let Some(key) = key {
                    o.remove(&key);
                }
            }
            Some(Value::Array(a)) if !a.is_empty() => {
                a.remove(j.index(a.len()));
            }
            _ => {}
        },
    }
}

/// Text edits: (where, how many bytes to drop, what to insert).
type Edit = (Index, usize, String);

fn edit_text(text: &str, edits: &[Edit]) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for (at, drop, insert) in edits {
        let at = at.index(bytes.len() + 1);
        let end = (at + drop).min(bytes.len());
        bytes.splice(at..end, insert.bytes());
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

#[derive(Clone, Debug)]
enum Op {
    Record(Preset, RoundRecord),
    Reset(Preset, u64),
}

fn preset() -> impl Strategy<Value = Preset> {
    prop_oneof![Just(Preset::Classic), Just(Preset::Hard), Just(Preset::Par)]
}

fn record() -> impl Strategy<Value = RoundRecord> {
    (
        0..8u8,
        prop_oneof![
            Just(RoundEnd::Won),
            Just(RoundEnd::Lost),
            Just(RoundEnd::Abandoned)
        ],
        0..500u64,
        0..200u32,
        -52..=50i32,
        0..100u64,
        any::<bool>(),
        prop::option::of((20_454u32..20_460).prop_map(|n| Date::from_day_number(n).unwrap())),
    )
        .prop_map(
            |(id, end, elapsed_ms, moves, score, finished_at_ms, assisted, daily)| RoundRecord {
                id: format!("r{id}"),
                end,
                elapsed_ms,
                moves,
                score,
                finished_at_ms,
                assisted,
                daily,
            },
        )
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        6 => (preset(), record()).prop_map(|(p, r)| Op::Record(p, r)),
        1 => (preset(), 0..110u64).prop_map(|(p, at)| Op::Reset(p, at)),
    ]
}

fn book() -> impl Strategy<Value = StatsBook> {
    prop::collection::vec(op(), 0..12).prop_map(|ops| {
        let mut book = StatsBook::default();
        for op in ops {
            match op {
                Op::Record(p, r) => {
                    book.record(p, r);
                }
                Op::Reset(p, at) => book.reset(p, at),
            }
        }
        book
    })
}

fn merged(a: &StatsBook, b: &StatsBook) -> StatsBook {
    let mut m = a.clone();
    m.merge(b);
    m
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn decoding_any_string_never_panics(text in any::<String>()) {
        decode_everything(&text);
    }

    #[test]
    fn decoding_any_bytes_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..256)) {
        decode_everything(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn decoding_edited_fixtures_never_panics(
        which in any::<Index>(),
        edits in prop::collection::vec((any::<Index>(), 0..8usize, ".{0,4}"), 1..4),
    ) {
        let text = fixture(FIXTURES[which.index(FIXTURES.len())]);
        decode_everything(&edit_text(&text, &edits));
    }

    #[test]
    fn decoding_mutated_fixtures_never_panics(
        which in any::<Index>(),
        mutations in prop::collection::vec(mutation(), 1..4),
    ) {
        let text = fixture(FIXTURES[which.index(FIXTURES.len())]);
        let mut doc: Value = serde_json::from_str(&text).unwrap();
        for m in &mutations {
            mutate(&mut doc, m);
        }
        decode_everything(&doc.to_string());
    }

    #[test]
    fn merge_is_commutative(a in book(), b in book()) {
        prop_assert_eq!(merged(&a, &b), merged(&b, &a));
    }

    #[test]
    fn merge_is_idempotent(a in book(), b in book()) {
        prop_assert_eq!(merged(&a, &a), a.clone());
        let ab = merged(&a, &b);
        prop_assert_eq!(merged(&ab, &b), ab.clone());
        prop_assert_eq!(merged(&ab, &a), ab);
    }

    #[test]
    fn merge_is_associative(a in book(), b in book(), c in book()) {
        prop_assert_eq!(merged(&merged(&a, &b), &c), merged(&a, &merged(&b, &c)));
    }

    #[test]
    fn books_round_trip(a in book()) {
        prop_assert_eq!(decode_stats(&encode_stats(&a)).unwrap(), a);
    }

    /// Without resets, no round is lost and none is counted twice: the
    /// union has exactly the ids of both books.
    #[test]
    fn merge_counts_each_round_once(records in prop::collection::vec((preset(), record()), 0..20), split in any::<Index>()) {
        let cut = split.index(records.len() + 1);
        let (mut a, mut b, mut all) = (StatsBook::default(), StatsBook::default(), StatsBook::default());
        for (i, (p, r)) in records.iter().enumerate() {
            let mut one = StatsBook::default();
            one.record(*p, r.clone());
            if i < cut { a.merge(&one); } else { b.merge(&one); }
        }
        // The same rounds merged one by one in the opposite order.
        for (p, r) in records.iter().rev() {
            let mut one = StatsBook::default();
            one.record(*p, r.clone());
            all.merge(&one);
        }
        let m = merged(&a, &b);
        for p in Preset::ALL {
            let mut ids: Vec<&str> = records.iter().filter(|(q, _)| *q == p).map(|(_, r)| r.id.as_str()).collect();
            ids.sort_unstable();
            ids.dedup();
            prop_assert_eq!(m.stats(p).played as usize, ids.len());
        }
        prop_assert_eq!(m, all);
    }

    /// An import never loses a record of the player's unless
    /// the player chose to apply the file's reset (and then only those the
    /// reset covers); the preview says exactly what happens; a second
    /// import of the same file changes nothing.
    #[test]
    fn import_loses_nothing_unless_a_reset_is_applied(mine in book(), file in book(), apply in any::<bool>()) {
        let resets = if apply { Resets::Apply } else { Resets::KeepMine };
        let text = encode_stats(&file);
        let effects = import_effects(&mine, &file);
        let mut after = mine.clone();
        import_stats(&mut after, &text, resets).unwrap();
        for p in Preset::ALL {
            let effect = effects.iter().find(|e| e.preset == p);
            let mut removed = 0;
            for r in mine.records(p) {
                if !after.contains(p, &r.id) {
                    prop_assert!(apply && r.finished_at_ms < file.reset_at_ms(p), "{:?} lost {:?}", p, r);
                    removed += 1;
                }
            }
            if apply {
                prop_assert_eq!(removed, effect.and_then(|e| e.reset).map_or(0, |(_, n)| n));
            } else {
                prop_assert_eq!(removed, 0);
                prop_assert_eq!(after.reset_at_ms(p), mine.reset_at_ms(p));
            }
            let added = after.missing_from(&mine).iter().filter(|(q, _)| *q == p).count();
            prop_assert_eq!(added, effect.map_or(0, |e| e.added));
            // Every round of the file the player's own reset does not cover is in.
            for r in file.records(p) {
                if r.finished_at_ms >= after.reset_at_ms(p) {
                    prop_assert!(after.contains(p, &r.id));
                }
            }
        }
        let mut twice = after.clone();
        import_stats(&mut twice, &text, resets).unwrap();
        prop_assert_eq!(&twice, &after);
        prop_assert!(import_effects(&after, &file).iter().all(|e| e.added == 0));
        // The default, keeping the player's rounds, is what the two-tab
        // merge does when the file has no reset of its own.
        if file.reset_at_ms(Preset::Classic) == 0 && file.reset_at_ms(Preset::Hard) == 0 && file.reset_at_ms(Preset::Par) == 0 {
            prop_assert_eq!(after, merged(&mine, &file));
        }
    }
}

/// The crafted files a fault test imported, each refused
/// without a change (or, where valid, imported as it says), none a panic.
#[test]
fn crafted_import_files_are_handled() {
    let mut mine = StatsBook::default();
    mine.record(
        Preset::Classic,
        RoundRecord {
            id: "mine".into(),
            end: RoundEnd::Won,
            elapsed_ms: 1,
            moves: 1,
            score: 1,
            finished_at_ms: 5,
            assisted: false,
            daily: None,
        },
    );
    let record = |id: &str| {
        format!(
            r#"{{"id":"{id}","end":"lost","elapsed_ms":1,"moves":1,"score":-3,"finished_at_ms":9}}"#
        )
    };
    let one = |preset: &str, fields: &str| {
        format!(r#"{{"version":2,"presets":{{"{preset}":{fields}}}}}"#)
    };
    let deep_arrays = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let deep_objects = format!(r#"{}1{}"#, r#"{"a":"#.repeat(100_000), "}".repeat(100_000));
    let deep_in_doc = format!(r#"{{"version":2,"presets":{{}},"x":{}}}"#, deep_arrays);
    let five_mb_junk = "x".repeat(5 << 20);
    let five_mb_id = one(
        "classic",
        &format!(r#"{{"records":[{}]}}"#, record(&"a".repeat(5 << 20))),
    );
    let refused: Vec<(&str, String)> = vec![
        ("malformed", r#"{"version":2,"presets":{"#.to_string()),
        ("empty", String::new()),
        ("not an object", "[1,2,3]".to_string()),
        ("null", "null".to_string()),
        ("5 MB of junk", five_mb_junk),
        ("a 5 MB id", five_mb_id),
        ("100,000 nested arrays", deep_arrays),
        ("100,000 nested objects", deep_objects),
        ("version 999", r#"{"version":999,"presets":{}}"#.to_string()),
        ("version 0", r#"{"version":0,"presets":{}}"#.to_string()),
        ("negative reset", one("classic", r#"{"reset_at_ms":-5}"#)),
        (
            "negative time",
            one(
                "classic",
                &format!(
                    r#"{{"records":[{}]}}"#,
                    record("a").replace(r#""elapsed_ms":1"#, r#""elapsed_ms":-1"#)
                ),
            ),
        ),
        (
            "impossible score",
            one(
                "classic",
                &format!(r#"{{"records":[{}]}}"#, record("a").replace("-3", "-1000")),
            ),
        ),
        (
            "__proto__ as a rule set",
            one("__proto__", r#"{"records":[]}"#),
        ),
        (
            "__proto__ as an id",
            one(
                "classic",
                &format!(
                    r#"{{"records":[{}]}}"#,
                    record("__proto__").replace("__proto__", "__proto__.x")
                ),
            ),
        ),
        ("a round, not statistics", fixture("round.v2.json")),
        (
            "another game's rule set",
            one("spider", r#"{"records":[]}"#),
        ),
    ];
    for (what, text) in &refused {
        let mut book = mine.clone();
        assert!(
            import_stats(&mut book, text, Resets::Apply).is_err(),
            "{what} was accepted"
        );
        assert_eq!(book, mine, "{what} changed the book");
    }
    // Deep nesting in a field the format does not have is skipped over
    // without recursion: the document reads, and adds nothing.
    let mut book = mine.clone();
    import_stats(&mut book, &deep_in_doc, Resets::Apply).unwrap();
    assert_eq!(book, mine);
    // Accepted, harmlessly: unknown keys (`__proto__` among them) are
    // ignored, and another rule set's export adds to that rule set only.
    let proto_field = format!(
        r#"{{"version":2,"__proto__":{{"polluted":true}},"presets":{{"hard":{{"__proto__":1,"records":[{}]}}}}}}"#,
        record("h1").replace(r#""moves":1"#, r#""moves":1,"__proto__":{}"#)
    );
    let hard_export = one(
        "hard",
        &format!(
            r#"{{"reset_at_ms":100,"records":[{}]}}"#,
            record("h2").replace(":9}", ":200}")
        ),
    );
    for text in [proto_field, hard_export] {
        let file = decode_stats(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let effects = import_effects(&mine, &file);
        assert_eq!(effects.len(), 1, "{effects:?}");
        assert_eq!(
            (effects[0].preset, effects[0].added, effects[0].reset),
            (Preset::Hard, 1, None)
        );
        let mut book = mine.clone();
        import_stats(&mut book, &text, Resets::Apply).unwrap();
        assert_eq!(book.stats(Preset::Classic), mine.stats(Preset::Classic));
        assert_eq!(book.stats(Preset::Hard).played, 1);
    }
}
