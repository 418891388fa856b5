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
