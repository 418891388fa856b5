//! Solver benchmark: solves deals one at a time on one thread and prints, per
//! preset, the win rate, unknowns, time per deal (median, p99, max), nodes and
//! peak memory. It prints figures; it asserts nothing.
//!
//! ```text
//! cargo run --release -p pyramid-engine --bin solver-bench -- [--deals N] [--from N] [--max-nodes N] [--rules ID,ID,…] [--results FILE]
//! ```
//!
//! `--deals N` solves N deals, from deal `--from` on (1 by default);
//! `--max-nodes N` sets the node budget (the solver's default otherwise).
//!
//! `--results FILE` also writes each deal's outcome to FILE, one
//! `preset deal outcome nodes micros` line per solve (compare the outcomes
//! of two versions of the solver with `cut -d' ' -f1-3` and `diff`), and
//! replays every winning line through `Game`, stopping with an error if
//! one does not win.

use std::io::Write;
use std::time::Instant;

use pyramid_engine::{
    solve, Board, Deal, Game, Limits, Move, Outcome, Preset, Status, WinCondition,
};

fn main() {
    let mut deals = 10_000u32;
    let mut from = 1u32;
    let mut limits = Limits::default();
    let mut presets = vec![
        Preset::Classic,
        Preset::Hard,
        Preset::Relaxed,
        Preset::Traditional,
    ];
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut results: Option<std::io::BufWriter<std::fs::File>> = None;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--deals" => match it.next().and_then(|v| v.parse().ok()) {
                Some(n) if n >= 1 => deals = n,
                _ => fail("--deals takes a whole number of at least 1"),
            },
            "--from" => match it.next().and_then(|v| v.parse().ok()) {
                Some(n) if n >= 1 => from = n,
                _ => fail("--from takes a whole number of at least 1"),
            },
            "--max-nodes" => match it.next().and_then(|v| v.parse().ok()) {
                Some(n) if n >= 1 => limits.max_nodes = n,
                _ => fail("--max-nodes takes a whole number of at least 1"),
            },
            "--rules" => {
                let list = it.next().map(String::as_str).unwrap_or("");
                presets = Preset::parse_list(list).unwrap_or_else(|e| fail(&format!("{e}")));
            }
            "--results" => {
                let path = it
                    .next()
                    .unwrap_or_else(|| fail("--results takes a file name"));
                let file = std::fs::File::create(path)
                    .unwrap_or_else(|e| fail(&format!("cannot create {path}: {e}")));
                results = Some(std::io::BufWriter::new(file));
            }
            _ => fail(&format!("unknown argument {arg:?}")),
        }
    }

    // Wide enough for the longest id (custom ids are long).
    let width = presets
        .iter()
        .map(|p| p.id().len())
        .max()
        .unwrap_or(0)
        .max(12);
    println!(
        "{:<width$} {:>6} {:>8} {:>7} {:>10} {:>10} {:>10} {:>11} {:>9}",
        "rules",
        "deals",
        "won %",
        "unknown",
        "median ms",
        "p99 ms",
        "max ms",
        "max nodes",
        "peak MiB"
    );
    for preset in presets {
        let mut micros = Vec::with_capacity(deals as usize);
        let mut max_nodes = 0;
        let (mut wins, mut unknown) = (0u32, 0u32);
        let last = from
            .checked_add(deals - 1)
            .unwrap_or_else(|| fail("--from plus --deals goes past the last deal"));
        for number in from..=last {
            let board = Board::new(Deal::from_number(number), preset);
            let started = Instant::now();
            let s = solve(&board, &board.start(), limits);
            micros.push(started.elapsed().as_micros() as u64);
            max_nodes = max_nodes.max(s.nodes);
            if let Some(out) = results.as_mut() {
                let outcome = match s.outcome {
                    Outcome::Win => "win",
                    Outcome::Loss => "loss",
                    Outcome::Unknown => "unknown",
                };
                let micros = micros[micros.len() - 1];
                writeln!(
                    out,
                    "{} {number} {outcome} {} {micros}",
                    preset.id(),
                    s.nodes
                )
                .unwrap_or_else(|e| fail(&format!("cannot write the results: {e}")));
                if s.outcome == Outcome::Win && !replays_as_win(number, preset, &s.line) {
                    fail(&format!(
                        "{} deal {number}: the winning line does not replay as a win",
                        preset.id()
                    ));
                }
            }
            match s.outcome {
                Outcome::Win => wins += 1,
                Outcome::Unknown => unknown += 1,
                Outcome::Loss => {}
            }
        }
        micros.sort_unstable();
        let at = |q: f64| micros[((micros.len() - 1) as f64 * q).round() as usize] as f64 / 1000.0;
        println!(
            "{:<width$} {:>6} {:>8.2} {:>7} {:>10.3} {:>10.3} {:>10.3} {:>11} {:>9.1}",
            preset.id(),
            deals,
            100.0 * f64::from(wins) / f64::from(deals),
            unknown,
            at(0.5),
            at(0.99),
            at(1.0),
            max_nodes,
            peak_mib()
        );
    }
    println!("(peak MiB is the process's high-water mark so far, from /proc/self/status VmHWM)");
    if let Some(mut out) = results {
        out.flush()
            .unwrap_or_else(|e| fail(&format!("cannot write the results: {e}")));
    }
}

/// Whether `line` played through `Game` from the deal wins (in Par Pyramid,
/// clears the pyramid).
fn replays_as_win(number: u32, preset: Preset, line: &[Move]) -> bool {
    let mut game = Game::new(Deal::from_number(number), preset);
    if line.iter().any(|&m| game.play(m).is_err()) {
        return false;
    }
    match preset.rules().win {
        WinCondition::Scored => game.position().pyramid_left() == 0,
        _ => game.status() == Status::Won,
    }
}

/// The process's peak resident memory in MiB (Linux), or NaN elsewhere.
fn peak_mib() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<f64>().ok())
        })
        .map_or(f64::NAN, |kb| kb / 1024.0)
}

fn fail(message: &str) -> ! {
    eprintln!("solver-bench: {message}");
    std::process::exit(2);
}
