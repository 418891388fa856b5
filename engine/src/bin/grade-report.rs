//! Difficulty grade report: per preset, the grade distribution over deals
//! 1..=N with the time each grade took, and the calibration table: over the
//! first M deals the solver proves winnable, the win rate of the tidy
//! heuristic player (a different player from the one inside the grade, with
//! its own seed) for each grade. It prints Markdown tables; it asserts nothing.
//!
//! ```text
//! cargo run --release -p pyramid-engine --bin grade-report -- [--deals N] [--winnable M] [--rules ID,ID,…|all]
//! ```
//!
//! `--winnable 0` skips the calibration.

use std::time::Instant;

use pyramid_engine::analysis::difficulty::seed;
use pyramid_engine::analysis::{playouts, Strategy};
use pyramid_engine::{difficulty, solve, Board, Deal, Limits, Outcome, Preset, Winnability};

/// Runs of each grade for its time (the fastest counts).
const TIMING_RUNS: u32 = 3;

/// Playouts of the tidy player per deal in the calibration.
const TIDY_PLAYOUTS: u32 = 512;

fn main() {
    let mut deals = 10_000u32;
    let mut winnable = 1_000u32;
    let mut presets = Preset::ALL.to_vec();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--deals" | "--winnable" => match it.next().and_then(|v| v.parse().ok()) {
                Some(n) if n >= 1 && arg == "--deals" => deals = n,
                Some(n) if arg == "--winnable" => winnable = n,
                _ => fail(&format!("{arg} takes a whole number (--deals at least 1)")),
            },
            "--rules" => {
                let list = it.next().map(String::as_str).unwrap_or("");
                presets = Preset::parse_list(list).unwrap_or_else(|e| fail(&format!("{e}")));
            }
            _ => fail(&format!("unknown argument {arg:?}")),
        }
    }

    println!("Grade distribution, deals 1..={deals}, and the time each grade took (one thread, the fastest of {TIMING_RUNS} runs):\n");
    println!("| preset | grade 1 | grade 2 | grade 3 | grade 4 | grade 5 | of which not winnable | unknown | median ms | p99 ms | max ms |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|");
    for &preset in &presets {
        let mut counts = [0u32; 6];
        let (mut not_winnable, mut unknown) = (0u32, 0u32);
        let mut micros = Vec::with_capacity(deals as usize);
        for number in 1..=deals {
            let deal = Deal::from_number(number);
            // The fastest of three runs: on a shared machine, waiting for a
            // core only ever adds time.
            let mut fastest = u64::MAX;
            let mut d = difficulty(&deal, preset);
            for _ in 0..TIMING_RUNS {
                let started = Instant::now();
                d = difficulty(&deal, preset);
                fastest = fastest.min(started.elapsed().as_micros() as u64);
            }
            micros.push(fastest);
            counts[usize::from(d.grade)] += 1;
            match d.winnable {
                Winnability::NotWinnable => not_winnable += 1,
                Winnability::Unknown => unknown += 1,
                Winnability::Winnable => {}
            }
        }
        micros.sort_unstable();
        let at = |q: f64| micros[((micros.len() - 1) as f64 * q).round() as usize] as f64 / 1000.0;
        let share = |n: u32| format!("{:.1} %", 100.0 * f64::from(n) / f64::from(deals));
        println!(
            "| `{}` | {} | {} | {} | {} | {} | {} | {} | {:.2} | {:.2} | {:.2} |",
            preset.id(),
            share(counts[1]),
            share(counts[2]),
            share(counts[3]),
            share(counts[4]),
            share(counts[5]),
            share(not_winnable),
            unknown,
            at(0.5),
            at(0.99),
            at(1.0),
        );
    }

    if winnable == 0 {
        return;
    }
    println!("\nCalibration: the first {winnable} winnable deals of each preset (from deal 1 on), by grade; each cell is the tidy player's win rate over {TIDY_PLAYOUTS} playouts per deal, then the number of deals:\n");
    println!("| preset | deals looked at | grade 1 | grade 2 | grade 3 | grade 4 | grade 5 |");
    println!("|---|---|---|---|---|---|---|");
    for &preset in &presets {
        let mut wins = [0u64; 6];
        let mut plays = [0u64; 6];
        let mut count = [0u32; 6];
        let (mut found, mut number) = (0u32, 0u32);
        while found < winnable {
            number += 1;
            let deal = Deal::from_number(number);
            let board = Board::new(deal, preset);
            if solve(&board, &board.start(), Limits::default()).outcome != Outcome::Win {
                continue;
            }
            found += 1;
            let g = usize::from(difficulty(&deal, preset).grade);
            let tidy = playouts(
                &board,
                &board.start(),
                Strategy::Tidy,
                seed(&deal, preset, 1),
                TIDY_PLAYOUTS,
            );
            wins[g] += u64::from(tidy.wins);
            plays[g] += u64::from(tidy.playouts);
            count[g] += 1;
        }
        let cell = |g: usize| {
            if count[g] == 0 {
                "–".to_string()
            } else {
                format!(
                    "{:.1} % ({})",
                    100.0 * wins[g] as f64 / plays[g] as f64,
                    count[g]
                )
            }
        };
        println!(
            "| `{}` | 1..={number} | {} | {} | {} | {} | {} |",
            preset.id(),
            cell(1),
            cell(2),
            cell(3),
            cell(4),
            cell(5)
        );
    }
}

fn fail(message: &str) -> ! {
    eprintln!("grade-report: {message}");
    std::process::exit(2);
}
