//! Writes `rules.html`, or measures the win-rate table it quotes.
//!
//! ```sh
//! rules-page                      # rules.html on stdout, from howto/win-rates.txt
//! rules-page --write rules.html   # the same, into a file
//! rules-page --measure 10000      # solve deals 1..=10000 of every preset: the table
//! ```

use std::process::ExitCode;

use pyramid_howto::figures::WinRates;
use pyramid_howto::page::rules_html;

const USAGE: &str = "usage: rules-page [--write FILE | --measure DEALS]";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    match args[..] {
        [] => {
            print!("{}", rules_html(&WinRates::committed()));
            ExitCode::SUCCESS
        }
        ["--write", file] => match std::fs::write(file, rules_html(&WinRates::committed())) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("rules-page: cannot write {file}: {e}");
                ExitCode::FAILURE
            }
        },
        ["--measure", deals] => match deals.parse::<u32>() {
            Ok(deals) if deals > 0 => {
                print!("{}", WinRates::measure(deals).text());
                ExitCode::SUCCESS
            }
            _ => {
                eprintln!("rules-page: --measure takes a number of deals from 1\n{USAGE}");
                ExitCode::FAILURE
            }
        },
        _ => {
            eprintln!("{USAGE}");
            ExitCode::FAILURE
        }
    }
}
