//! `pyramid-solver`: solves deals and prints one JSON object per deal and line.
//!
//! ```text
//! pyramid-solver --deal N [--rules ID]
//! pyramid-solver --cards "<52 card codes>" [--rules ID]
//! pyramid-solver --count K [--from N] [--rules ID] [--summary]
//! ```

use std::fmt;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;
use std::time::Instant;

use rayon::prelude::*;
use serde::Serialize;

use pyramid_engine::analysis::wilson_interval;
use pyramid_engine::{format_line, solve, Board, Deal, Limits, Outcome, Preset};

const USAGE: &str = "usage: pyramid-solver (--deal N | --cards \"<52 card codes>\" | --count K [--from N]) [--rules ID] [--max-nodes N] [--summary]";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let request = match parse_args(&args) {
        Ok(Some(request)) => request,
        Ok(None) => {
            println!("{USAGE}");
            println!(
                "rules: {}, or custom-<passes>-<turn>-<mode>-<goal>-<overlap> \
                 (passes 1, 2, 3 or u; turn 1 or 3; mode waste or drawcard; \
                 goal pyramid or all; overlap overlap or no)",
                ids().join(", ")
            );
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("pyramid-solver: {e}");
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    match run(&request) {
        Ok(()) => ExitCode::SUCCESS,
        // A closed pipe (`| head`) is a normal way to stop reading.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("pyramid-solver: {e}");
            ExitCode::FAILURE
        }
    }
}

#[derive(Debug, PartialEq)]
enum Input {
    Number(u32),
    Cards(Deal),
    Count { count: u32, from: u32 },
}

#[derive(Debug, PartialEq)]
struct Request {
    input: Input,
    preset: Preset,
    limits: Limits,
    summary: bool,
}

/// Why the arguments were refused; each says what to do instead.
#[derive(Debug, PartialEq)]
enum ArgError {
    MissingValue(String),
    BadNumber { flag: String, value: String },
    Unknown(String),
    NoInput,
    TwoInputs,
    FromWithoutCount,
    Deal(String),
    Rules(String),
    Overflow,
}

impl fmt::Display for ArgError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArgError::MissingValue(flag) => write!(f, "{flag} needs a value"),
            ArgError::BadNumber { flag, value } => {
                write!(
                    f,
                    "{flag} takes a whole number from 1 to 4294967295, not {value:?}"
                )
            }
            ArgError::Unknown(arg) => write!(f, "unknown argument {arg:?}"),
            ArgError::NoInput => f.write_str("say which deals: --deal, --cards or --count"),
            ArgError::TwoInputs => f.write_str("give only one of --deal, --cards and --count"),
            ArgError::FromWithoutCount => f.write_str("--from goes with --count"),
            ArgError::Deal(e) => write!(f, "bad --cards: {e}"),
            ArgError::Rules(e) => f.write_str(e),
            ArgError::Overflow => f.write_str("--from plus --count goes past deal 4294967295"),
        }
    }
}

fn ids() -> Vec<String> {
    Preset::ALL.iter().map(|p| p.id().into_owned()).collect()
}

fn parse_args(args: &[String]) -> Result<Option<Request>, ArgError> {
    let mut number = None;
    let mut cards = None;
    let mut count = None;
    let mut from = None;
    let mut preset = Preset::Classic;
    let mut limits = Limits::default();
    let mut summary = false;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v.to_string())),
            _ => (arg.as_str(), None),
        };
        let mut value = || {
            inline
                .clone()
                .or_else(|| it.next().cloned())
                .ok_or_else(|| ArgError::MissingValue(flag.to_string()))
        };
        match flag {
            "-h" | "--help" => return Ok(None),
            "--deal" => number = Some(positive(flag, &value()?)?),
            "--cards" => {
                let text = value()?;
                cards = Some(
                    text.parse::<Deal>()
                        .map_err(|e| ArgError::Deal(e.to_string()))?,
                );
            }
            "--count" => count = Some(positive(flag, &value()?)?),
            "--from" => from = Some(positive(flag, &value()?)?),
            "--rules" => {
                preset = value()?
                    .parse()
                    .map_err(|e: pyramid_engine::UnknownPreset| ArgError::Rules(e.to_string()))?
            }
            "--max-nodes" => limits.max_nodes = u64::from(positive(flag, &value()?)?),
            "--summary" => summary = true,
            _ => return Err(ArgError::Unknown(arg.clone())),
        }
    }
    let input = match (number, cards, count) {
        (Some(n), None, None) => Input::Number(n),
        (None, Some(d), None) => Input::Cards(d),
        (None, None, Some(count)) => {
            let from = from.unwrap_or(1);
            from.checked_add(count - 1).ok_or(ArgError::Overflow)?;
            Input::Count { count, from }
        }
        (None, None, None) => return Err(ArgError::NoInput),
        _ => return Err(ArgError::TwoInputs),
    };
    if from.is_some() && !matches!(input, Input::Count { .. }) {
        return Err(ArgError::FromWithoutCount);
    }
    Ok(Some(Request {
        input,
        preset,
        limits,
        summary,
    }))
}

fn positive(flag: &str, value: &str) -> Result<u32, ArgError> {
    match value.parse::<u32>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(ArgError::BadNumber {
            flag: flag.to_string(),
            value: value.to_string(),
        }),
    }
}

/// One output line.
#[derive(Serialize)]
struct Report {
    deal: Option<u32>,
    cards: String,
    rules: String,
    result: Outcome,
    moves: String,
    nodes: u64,
    micros: u128,
}

fn solve_deal(number: Option<u32>, deal: Deal, request: &Request) -> Report {
    let board = Board::new(deal, request.preset);
    let started = Instant::now();
    let solution = solve(&board, &board.start(), request.limits);
    Report {
        deal: number,
        cards: deal.to_string(),
        rules: request.preset.id().into_owned(),
        result: solution.outcome,
        moves: format_line(&solution.line),
        nodes: solution.nodes,
        micros: started.elapsed().as_micros(),
    }
}

fn run(request: &Request) -> io::Result<()> {
    let reports: Vec<Report> = match request.input {
        Input::Number(n) => vec![solve_deal(Some(n), Deal::from_number(n), request)],
        Input::Cards(deal) => vec![solve_deal(None, deal, request)],
        Input::Count { count, from } => (from..=from + (count - 1))
            .into_par_iter()
            .map(|n| solve_deal(Some(n), Deal::from_number(n), request))
            .collect(),
    };
    let mut out = BufWriter::new(io::stdout().lock());
    for report in &reports {
        serde_json::to_writer(&mut out, report)?;
        out.write_all(b"\n")?;
    }
    out.flush()?;
    if request.summary {
        eprintln!("{}", summary(request.preset, &reports));
    }
    Ok(())
}

/// "classic: 6543 of 10000 won, 65.43 % (95 % CI 64.50–66.36 %), 0 unknown".
fn summary(preset: Preset, reports: &[Report]) -> String {
    let n = reports.len() as f64;
    let wins = reports.iter().filter(|r| r.result == Outcome::Win).count();
    let unknown = reports
        .iter()
        .filter(|r| r.result == Outcome::Unknown)
        .count();
    let (low, high) = wilson_interval(wins as f64, n);
    format!(
        "{}: {wins} of {} won, {:.2} % (95 % CI {:.2}–{:.2} %), {unknown} unknown",
        preset.id(),
        reports.len(),
        100.0 * wins as f64 / n,
        100.0 * low,
        100.0 * high
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    fn check(input: &str, expected: Result<Input, ArgError>) {
        let got = parse_args(&args(input)).map(|r| r.expect("not help").input);
        assert_eq!(got, expected, "{input}");
    }

    #[test]
    fn arguments() {
        check("--deal 7", Ok(Input::Number(7)));
        check("--deal=7 --rules hard", Ok(Input::Number(7)));
        check(
            "--count 10 --from 5",
            Ok(Input::Count { count: 10, from: 5 }),
        );
        check("--count 3", Ok(Input::Count { count: 3, from: 1 }));
        check("", Err(ArgError::NoInput));
        check("--deal 1 --count 2", Err(ArgError::TwoInputs));
        check("--deal 1 --from 2", Err(ArgError::FromWithoutCount));
        check("--deal", Err(ArgError::MissingValue("--deal".into())));
        check(
            "--deal 0",
            Err(ArgError::BadNumber {
                flag: "--deal".into(),
                value: "0".into(),
            }),
        );
        check(
            "--deal -3",
            Err(ArgError::BadNumber {
                flag: "--deal".into(),
                value: "-3".into(),
            }),
        );
        check(
            "--frobnicate",
            Err(ArgError::Unknown("--frobnicate".into())),
        );
        check("--count 2 --from 4294967295", Err(ArgError::Overflow));
        assert!(matches!(
            parse_args(&args("--deal 1 --rules klondike")),
            Err(ArgError::Rules(_))
        ));
        assert!(matches!(
            parse_args(&["--cards".to_string(), "AS AS".to_string()]),
            Err(ArgError::Deal(_))
        ));
        assert_eq!(parse_args(&args("--help")), Ok(None));
    }
}
