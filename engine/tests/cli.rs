//! The `pyramid-solver` binary as a user runs it: JSON lines out, and for
//! bad input a one-line message and exit code 2, never a panic.

use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pyramid-solver"))
        .args(args)
        .output()
        .expect("the solver binary runs")
}

#[test]
fn a_deal_prints_one_json_line_with_a_replayable_line() {
    let out = run(&["--deal", "1", "--rules", "classic"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 1);
    let report: serde_json::Value = serde_json::from_str(text.trim()).unwrap();
    assert_eq!(report["deal"], 1);
    assert_eq!(report["rules"], "classic");
    assert_eq!(report["result"], "win");
    let cards = report["cards"].as_str().unwrap();
    assert_eq!(cards, pyramid_engine::Deal::from_number(1).to_string());
    let line = pyramid_engine::parse_line(report["moves"].as_str().unwrap()).unwrap();
    let mut game =
        pyramid_engine::Game::new(cards.parse().unwrap(), pyramid_engine::Preset::Classic);
    for m in line {
        game.play(m).unwrap();
    }
    assert_eq!(game.status(), pyramid_engine::Status::Won);
    for key in ["nodes", "micros"] {
        assert!(report[key].is_u64(), "{key}");
    }
}

#[test]
fn count_prints_deals_in_order() {
    let out = run(&["--count", "3", "--from", "10", "--rules", "hard"]);
    assert!(out.status.success());
    let deals: Vec<u64> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["deal"]
                .as_u64()
                .unwrap()
        })
        .collect();
    assert_eq!(deals, [10, 11, 12]);
}

#[test]
fn bad_input_is_a_one_line_error_with_exit_code_2() {
    let codes = pyramid_engine::Deal::from_number(1).to_string();
    let short = codes[..codes.len() - 3].to_string();
    // Deal 1 holds AC already: putting it in place of the last card doubles it.
    let duplicate = format!("{} AC", &codes[..codes.len() - 3]);
    for args in [
        vec![],
        vec!["--deal", "0"],
        vec!["--deal", "abc"],
        vec!["--deal", "99999999999"],
        vec!["--rules", "klondike", "--deal", "1"],
        vec!["--cards", &short],
        vec!["--cards", &duplicate],
        vec!["--cards", "ZZ"],
        vec!["--frobnicate"],
        vec!["--deal", "1", "--count", "2"],
    ] {
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.starts_with("pyramid-solver: "), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

fn run_bin(bin: &str, args: &[&str]) -> Output {
    Command::new(bin)
        .args(args)
        .output()
        .expect("the binary runs")
}

/// The ids the family's tests run the tools with: every named game outside
/// the seven presets, and custom sets.
const FAMILY: [&str; 7] = [
    "giza",
    "kingtut",
    "apophis",
    "cheops",
    "custom-1-1-drawcard-pyramid-overlap",
    "custom-u-3-waste-all-no",
    "custom-2-3-drawcard-all-overlap",
];

#[test]
fn every_game_prints_the_same_form_with_lines_that_replay() {
    let mut wins = 0;
    for id in FAMILY {
        let out = run(&["--count", "3", "--rules", id, "--max-nodes", "300000"]);
        assert!(out.status.success(), "{id}");
        let text = String::from_utf8(out.stdout).unwrap();
        assert_eq!(text.lines().count(), 3, "{id}");
        let preset: pyramid_engine::Preset = id.parse().unwrap();
        for (line, number) in text.lines().zip(1u64..) {
            let report: serde_json::Value = serde_json::from_str(line).unwrap();
            assert_eq!(report["deal"], number, "{id}");
            assert_eq!(report["rules"], id);
            for key in ["nodes", "micros"] {
                assert!(report[key].is_u64(), "{id}: {key}");
            }
            let cards = report["cards"].as_str().unwrap();
            assert_eq!(
                cards,
                pyramid_engine::Deal::from_number(number as u32).to_string()
            );
            let moves = report["moves"].as_str().unwrap();
            match report["result"].as_str().unwrap() {
                "win" => {
                    wins += 1;
                    let line = pyramid_engine::parse_line(moves).unwrap();
                    let mut game = pyramid_engine::Game::new(cards.parse().unwrap(), preset);
                    for m in line {
                        game.play(m).unwrap_or_else(|e| panic!("{id}: {m}: {e}"));
                    }
                    assert_eq!(game.status(), pyramid_engine::Status::Won, "{id}");
                    if id == "giza" {
                        // No stock: no draw and no recycle.
                        assert!(moves.split(' ').all(|m| m != "D" && m != "R"), "{moves}");
                    }
                }
                "loss" | "unknown" => assert_eq!(moves, "", "{id}"),
                other => panic!("{id}: result {other}"),
            }
        }
    }
    assert!(wins >= 7, "only {wins} wins");
}

#[test]
fn cards_with_a_custom_set() {
    let cards = pyramid_engine::Deal::from_number(5).to_string();
    let out = run(&[
        "--cards",
        &cards,
        "--rules",
        "custom-3-1-waste-pyramid-overlap",
    ]);
    assert!(out.status.success());
    let report: serde_json::Value =
        serde_json::from_str(String::from_utf8(out.stdout).unwrap().trim()).unwrap();
    assert!(report["deal"].is_null());
    assert_eq!(report["cards"], cards.as_str());
    assert_eq!(report["rules"], "custom-3-1-waste-pyramid-overlap");
}

/// What every message about the rules names: the named games and the form
/// of a custom id.
fn names_every_game(text: &str) -> bool {
    pyramid_engine::Preset::ALL
        .iter()
        .all(|p| text.contains(p.id().as_ref()))
        && text.contains("custom-<passes>-<turn>-<mode>-<goal>-<overlap>")
}

#[test]
fn a_bad_game_id_says_which_ones_there_are() {
    for id in [
        "giz",
        "Giza",
        "custom-4-1-waste-all-no",
        "custom-1-2-waste-all-no",
        "custom-1-1-waste-all",
        "custom-1-1-stock-all-no",
        "custom-",
    ] {
        let out = run(&["--deal", "1", "--rules", id]);
        assert_eq!(out.status.code(), Some(2), "{id}");
        assert!(out.stdout.is_empty(), "{id}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.starts_with("pyramid-solver: unknown rules"),
            "{id}: {err}"
        );
        assert!(err.contains(id), "{id}: {err}");
        assert!(names_every_game(&err), "{id}: {err}");
    }
    let help = run(&["--help"]);
    assert!(help.status.success());
    assert!(names_every_game(&String::from_utf8(help.stdout).unwrap()));
}

#[test]
fn the_bench_and_the_grade_report_take_every_game() {
    let bench = env!("CARGO_BIN_EXE_solver-bench");
    let list = FAMILY.join(",");
    let out = run_bin(bench, &["--deals", "2", "--rules", &list]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for id in FAMILY {
        assert!(
            text.lines()
                .any(|l| l.split_whitespace().next() == Some(id)),
            "{id}: {text}"
        );
    }
    let out = run_bin(bench, &["--deals", "2", "--rules", "giza,custom-9"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(names_every_game(&String::from_utf8(out.stderr).unwrap()));

    let report = env!("CARGO_BIN_EXE_grade-report");
    let out = run_bin(
        report,
        &[
            "--deals",
            "2",
            "--winnable",
            "1",
            "--rules",
            "cheops,custom-u-1-drawcard-pyramid-overlap",
        ],
    );
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for id in ["cheops", "custom-u-1-drawcard-pyramid-overlap"] {
        assert!(text.contains(&format!("| `{id}` |")), "{id}: {text}");
    }
}
