//! The solver's verdict on deals 1..=N of each preset, and the share of
//! winnable deals with its 95 % interval that the rules quote.
//!
//! The committed table (`howto/win-rates.txt`) is `rules-page --measure
//! 10000`'s output: one line per preset, `id deals winnable bitmap`, the
//! bitmap in hex with bit `d - 1` set when deal `d` can be won. Keeping each
//! deal's verdict, not only the count, lets a test re-solve any sample of
//! deals and compare.

use std::fmt::Write as _;

use pyramid_engine::analysis::wilson_interval;
use pyramid_engine::{solve, Board, Deal, Limits, Outcome, Preset};

/// The committed table, as `rules-page --measure 10000` printed it.
pub const COMMITTED: &str = include_str!("../win-rates.txt");

/// The first line of the table: how it was made.
pub const HEADER: &str = "# The solver's verdict on deals 1..=N of each game: id, N, winnable, a hex bitmap (bit d-1 set when deal d can be won), and where the solver's budget (100 million positions) left deals undecided, a second bitmap of them. Made by: cargo run --release -p pyramid-howto --bin rules-page -- --measure 10000 > howto/win-rates.txt";

/// Deals measured of a game whose search is not yet fast on every deal:
/// Cheops, whose hardest deals run for seconds (docs/solver.md), and four
/// of whose first 10,000 need more than the default budget.
pub const CHEOPS_DEALS: u32 = 10_000;

/// The budget the table is measured with: Cheops's four deals among
/// 1..=10000 that need more than the default one are decided within 28
/// million positions (up to a minute or so each).
pub const MEASURE_BUDGET: u64 = 100_000_000;

/// The custom sets whose share of winnable deals is published
/// (solitairewinrates.com, Pyramid, 100 million deals each; their one-pass
/// stock has the drawn card and the waste top both live, our draw-card
/// mode), with the published percentage.
pub const PUBLISHED: [(&str, f64); 6] = [
    ("custom-1-1-drawcard-pyramid-overlap", 22.77),
    ("custom-1-1-drawcard-all-overlap", 15.92),
    ("custom-u-1-drawcard-pyramid-overlap", 83.15),
    ("custom-1-1-drawcard-pyramid-no", 9.02),
    ("custom-1-1-drawcard-all-no", 6.80),
    ("custom-u-1-drawcard-pyramid-no", 66.87),
];

/// The games the table holds, in its order: the named games, then the
/// published custom sets.
pub fn games() -> Vec<Preset> {
    let customs = PUBLISHED
        .iter()
        .map(|(id, _)| id.parse().expect("a published set is a custom id"));
    Preset::ALL.into_iter().chain(customs).collect()
}

/// One preset's verdicts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinRate {
    pub preset: Preset,
    /// The deals `1..=deals` were solved.
    pub deals: u32,
    /// One bit per deal, deal 1 in bit 0 of byte 0.
    pub won: Vec<u8>,
    /// The deals the solver's budget left undecided, the same way (all
    /// zero when every deal was decided).
    pub undecided: Vec<u8>,
}

impl WinRate {
    /// Solves deals `1..=deals` of `preset` with `MEASURE_BUDGET`,
    /// keeping any deal still undecided apart: a share must not guess.
    pub fn measure(preset: Preset, deals: u32) -> WinRate {
        let mut won = vec![0u8; (deals as usize).div_ceil(8)];
        let mut undecided = won.clone();
        for deal in 1..=deals {
            let i = (deal - 1) as usize;
            let board = Board::new(Deal::from_number(deal), preset);
            let limits = Limits {
                max_nodes: MEASURE_BUDGET,
            };
            match solve(&board, &board.start(), limits).outcome {
                Outcome::Win => won[i / 8] |= 1 << (i % 8),
                Outcome::Loss => {}
                Outcome::Unknown => undecided[i / 8] |= 1 << (i % 8),
            }
        }
        WinRate {
            preset,
            deals,
            won,
            undecided,
        }
    }

    /// Whether the solver's budget left deal `deal` undecided.
    pub fn is_undecided(&self, deal: u32) -> bool {
        let i = (deal - 1) as usize;
        self.undecided[i / 8] & (1 << (i % 8)) != 0
    }

    /// Deals left undecided.
    pub fn undecided_count(&self) -> u32 {
        self.undecided.iter().map(|b| b.count_ones()).sum()
    }

    /// Whether deal `deal` (from 1, at most `deals`) can be won.
    pub fn is_won(&self, deal: u32) -> bool {
        let i = (deal - 1) as usize;
        self.won[i / 8] & (1 << (i % 8)) != 0
    }

    pub fn winnable(&self) -> u32 {
        self.won.iter().map(|b| b.count_ones()).sum()
    }

    /// The share of winnable deals, from 0 to 1.
    pub fn share(&self) -> f64 {
        f64::from(self.winnable()) / f64::from(self.deals)
    }

    /// The 95 % Wilson score interval of the share.
    pub fn interval(&self) -> (f64, f64) {
        wilson_interval(f64::from(self.winnable()), f64::from(self.deals))
    }

    /// Its line of the table.
    pub fn line(&self) -> String {
        let hex = |bits: &[u8]| {
            let mut hex = String::with_capacity(bits.len() * 2);
            for b in bits {
                let _ = write!(hex, "{b:02x}");
            }
            hex
        };
        let mut line = format!(
            "{} {} {} {}",
            self.preset.id(),
            self.deals,
            self.winnable(),
            hex(&self.won)
        );
        if self.undecided_count() > 0 {
            line.push(' ');
            line.push_str(&hex(&self.undecided));
        }
        line
    }

    /// Reads one line of the table, checking its count against its bitmap.
    pub fn parse_line(line: &str) -> Result<WinRate, String> {
        let fields: Vec<&str> = line.split(' ').collect();
        let (id, deals, winnable, hex, undecided) = match fields[..] {
            [id, deals, winnable, hex] => (id, deals, winnable, hex, None),
            [id, deals, winnable, hex, undecided] => (id, deals, winnable, hex, Some(undecided)),
            _ => return Err(format!("expected 4 or 5 fields: {line:.40}")),
        };
        let preset: Preset = id.parse().map_err(|e| format!("{e}"))?;
        let deals: u32 = deals
            .parse()
            .map_err(|_| format!("bad deal count {deals}"))?;
        let winnable: u32 = winnable
            .parse()
            .map_err(|_| format!("bad winnable count {winnable}"))?;
        if deals == 0 || hex.len() != (deals as usize).div_ceil(8) * 2 || !hex.is_ascii() {
            return Err(format!("{id}: the bitmap does not hold {deals} deals"));
        }
        let bitmap = |hex: &str| {
            if hex.len() != (deals as usize).div_ceil(8) * 2 || !hex.is_ascii() {
                return Err(format!("{id}: a bitmap does not hold {deals} deals"));
            }
            (0..hex.len() / 2)
                .map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16))
                .collect::<Result<Vec<u8>, _>>()
                .map_err(|_| format!("{id}: a bitmap is not hex"))
        };
        let won = bitmap(hex)?;
        let undecided = match undecided {
            Some(hex) => bitmap(hex)?,
            None => vec![0; won.len()],
        };
        if won.iter().zip(&undecided).any(|(w, u)| w & u != 0) {
            return Err(format!("{id}: a deal both won and undecided"));
        }
        let rate = WinRate {
            preset,
            deals,
            won,
            undecided,
        };
        if rate.winnable() != winnable {
            return Err(format!(
                "{id}: says {winnable} winnable, its bitmap {}",
                rate.winnable()
            ));
        }
        Ok(rate)
    }
}

/// The whole table, one game a line in [`games`]'s order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinRates(pub Vec<WinRate>);

impl WinRates {
    /// Solves deals `1..=deals` of every preset, one thread per preset.
    pub fn measure(deals: u32) -> WinRates {
        let rates = std::thread::scope(|scope| {
            let jobs: Vec<_> = games()
                .into_iter()
                .map(|p| {
                    let deals = if p == Preset::Cheops {
                        deals.min(CHEOPS_DEALS)
                    } else {
                        deals
                    };
                    scope.spawn(move || WinRate::measure(p, deals))
                })
                .collect();
            jobs.into_iter()
                .map(|j| j.join().expect("a solver thread panicked"))
                .collect()
        });
        WinRates(rates)
    }

    /// The table as the command prints it.
    pub fn text(&self) -> String {
        let mut out = String::from(HEADER);
        out.push('\n');
        for rate in &self.0 {
            out.push_str(&rate.line());
            out.push('\n');
        }
        out
    }

    /// Reads a table: the header, then every preset once, in order.
    pub fn parse(text: &str) -> Result<WinRates, String> {
        let mut lines = text.lines();
        if lines.next() != Some(HEADER) {
            return Err("the first line is not the table's header".into());
        }
        let rates = lines
            .map(WinRate::parse_line)
            .collect::<Result<Vec<_>, _>>()?;
        let presets: Vec<Preset> = rates.iter().map(|r| r.preset).collect();
        if presets != games() {
            return Err(format!(
                "the presets are {presets:?}, not every preset in order"
            ));
        }
        Ok(WinRates(rates))
    }

    /// The committed table.
    pub fn committed() -> WinRates {
        WinRates::parse(COMMITTED).expect("howto/win-rates.txt is a table")
    }

    pub fn of(&self, preset: Preset) -> &WinRate {
        self.0
            .iter()
            .find(|r| r.preset == preset)
            .expect("every preset has a line")
    }
}

/// A share as a percentage with two decimals: `66.20`.
pub fn percent(share: f64) -> String {
    format!("{:.2}", 100.0 * share)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_reads_back_as_written() {
        let rates = WinRates::measure(20);
        assert_eq!(WinRates::parse(&rates.text()), Ok(rates.clone()));
        for rate in &rates.0 {
            assert_eq!(rate.deals, 20);
            let counted = (1..=20).filter(|&d| rate.is_won(d)).count() as u32;
            assert_eq!(rate.winnable(), counted);
        }
    }

    #[test]
    fn a_damaged_table_is_refused() {
        let good = WinRates::committed().text();
        assert!(WinRates::parse(&good).is_ok());
        // A count that its bitmap does not give.
        let classic = WinRates::committed().of(Preset::Classic).line();
        let fields: Vec<&str> = classic.split(' ').collect();
        let wrong = format!(
            "classic {} {} {}",
            fields[1],
            fields[2].parse::<u32>().unwrap() + 1,
            fields[3]
        );
        assert!(WinRates::parse(&good.replace(&classic, &wrong)).is_err());
        // A preset missing, and a header that is not the table's.
        assert!(WinRates::parse(&good.replace(&format!("{classic}\n"), "")).is_err());
        assert!(WinRates::parse(&good.replacen('#', "", 1)).is_err());
    }

    #[test]
    fn the_committed_verdicts_are_the_solvers() {
        // Every preset's first 40 deals and every 250th after: about 80
        // solves each, fast in a test build (the engine is optimised).
        for rate in &WinRates::committed().0 {
            let deals = if rate.preset == Preset::Cheops {
                CHEOPS_DEALS
            } else {
                10_000
            };
            assert_eq!(rate.deals, deals, "{}", rate.preset);
            for deal in (1..=40).chain((250..=deals).step_by(250)) {
                if rate.is_undecided(deal) {
                    continue;
                }
                assert_eq!(
                    rate.is_won(deal),
                    pyramid_engine::is_winnable(deal, rate.preset, Limits::default()),
                    "deal {deal} of {}",
                    rate.preset
                );
            }
        }
    }

    #[test]
    fn the_committed_figures_are_the_ones_docs_print() {
        let docs = include_str!("../../docs/solver.md");
        for rate in &WinRates::committed().0 {
            let (low, high) = rate.interval();
            let row = format!("| `{}` |", rate.preset.id());
            let line = docs
                .lines()
                .find(|l| l.starts_with(&row) && l.contains(" % |"))
                .unwrap_or_else(|| panic!("docs/solver.md has no win-rate row for {row}"));
            let figures = format!(
                "| {} % | {}–{} % |",
                percent(rate.share()),
                percent(low),
                percent(high)
            );
            assert!(line.contains(&figures), "{line} does not say {figures}");
        }
    }

    #[test]
    fn the_interval_holds_the_share() {
        let (low, high) = wilson_interval(50.0, 100.0);
        assert!(low < 0.5 && 0.5 < high);
        assert_eq!(percent(low), "40.38");
        assert_eq!(percent(high), "59.62");
        assert_eq!(wilson_interval(0.0, 10.0).0, 0.0);
    }
}
