//! What the game keeps between visits, as versioned JSON: the round in
//! progress ([`SavedRound`]) and the statistics of every preset
//! ([`StatsBook`]).
//!
//! This module is pure: it turns values into text and text back into values,
//! and never touches the browser (that is [`crate::storage`]), so it compiles
//! and is tested natively.
//!
//! JSON goes through `miniserde`: its derives work through trait objects,
//! not a copy of the parser per type as `serde_json` does, which kept the
//! page under its size budget. Its errors say nothing about where the text
//! went wrong; the player is told that the data could not be read either way.
//!
//! Every document carries a `"version"` number. Decoding reads the version
//! first, then the shape of that version, migrates it to the current one
//! ([`ROUND_VERSION`], [`STATS_VERSION`]) and validates it. Decoding never
//! panics, whatever the input; anything it cannot read is a [`PersistError`].
//!
//! Formats, oldest first (fixtures of each are in `tests/fixtures/`):
//! - round v1: `{"version":1,"rules":"classic","deal":1234,"cards":null,
//!   "moves":"D 5C+8D KS","seconds":75}`: the played moves as one line of
//!   text, no redo, no round identity, whole seconds. `cards` is present
//!   only when `deal` is null.
//! - round v2: [`SavedRound`] as it serializes.
//! - stats v1: `{"version":1,"presets":{"classic":{"played":10,"won":4,
//!   "lost":5,"abandoned":1,"streak":2,"best_streak":3,"best_time_ms":…,
//!   "fewest_moves":…,"best_score":…}}}`: plain counters, which two tabs
//!   could not merge without counting a round twice.
//! - stats v2: one record per finished round, per preset, with a reset time;
//!   see [`StatsBook`]. v1 counters become a [`LegacyTally`].

mod round;
mod stats;

use std::fmt;

use miniserde::Deserialize;
use pyramid_engine::{ParseDealError, ParseMoveError, ReplayError, UnknownPreset};

pub use round::{decode_round, encode_round, SavedRound, ROUND_VERSION};
pub use stats::{
    decode_stats, encode_stats, import_stats, LegacyTally, PresetStats, RoundEnd, RoundRecord,
    StatsBook, STATS_VERSION,
};

/// Why stored or imported data could not be read.
#[derive(Debug)]
pub enum PersistError {
    /// The text is not JSON, or not the JSON shape of its format version
    /// (a missing field, a wrong type, a number out of range, an unknown
    /// preset as a key of the statistics, an unknown way a round ended).
    Json,
    /// A saved round's rules are not one of the presets.
    Preset(UnknownPreset),
    /// A format version this build does not know: written by a newer
    /// version of the game (or never released, such as 0).
    UnknownVersion(u32),
    /// The cards of the deal are not a deck of 52 distinct cards.
    Deal(ParseDealError),
    /// The cards are not those of the deal number saved with them.
    DealMismatch(u32),
    /// The line of moves has a code that is not a move.
    Line(ParseMoveError),
    /// The line of moves cannot be played on the deal under its rules.
    Replay(ReplayError),
    /// The data is well formed but breaks a rule of the format.
    Invalid(Invalid),
}

/// A rule of the formats that the data breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Invalid {
    /// Deal numbers start at 1.
    DealNumberZero,
    /// A version-1 round has neither a deal number nor cards.
    MissingCards,
    /// More moves are said to be played than the line holds.
    PlayedBeyondLine { played: usize, line: usize },
    /// The round is marked as ended by the player, which its rules or
    /// position do not allow.
    CannotEnd,
    /// A round or record id is empty or longer than [`MAX_ID_LEN`] bytes.
    BadId,
    /// A score outside −52 ..= 50, which no round can reach.
    ScoreOutOfRange(i32),
    /// Version-1 counters that do not add up (played ≠ won + lost +
    /// abandoned, or a streak longer than the wins).
    CountsDisagree,
}

/// The longest round or record id accepted, in bytes.
pub const MAX_ID_LEN: usize = 64;

impl fmt::Display for PersistError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PersistError::Json => f.write_str("not readable: not JSON of the expected shape"),
            PersistError::Preset(e) => write!(f, "bad rules: {e}"),
            PersistError::UnknownVersion(v) => {
                write!(f, "unknown format version {v} (from a newer game?)")
            }
            PersistError::Deal(e) => write!(f, "bad deal: {e}"),
            PersistError::DealMismatch(n) => write!(f, "the cards are not those of deal {n}"),
            PersistError::Line(e) => write!(f, "bad line of moves: {e}"),
            PersistError::Replay(e) => write!(f, "illegal line of moves: {e}"),
            PersistError::Invalid(e) => e.fmt(f),
        }
    }
}

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Invalid::DealNumberZero => f.write_str("deal number 0 does not exist"),
            Invalid::MissingCards => f.write_str("neither a deal number nor cards"),
            Invalid::PlayedBeyondLine { played, line } => {
                write!(f, "the line holds {line} moves, not {played}")
            }
            Invalid::CannotEnd => f.write_str("the round cannot have been ended by the player"),
            Invalid::BadId => write!(f, "an id is empty or longer than {MAX_ID_LEN} bytes"),
            Invalid::ScoreOutOfRange(s) => write!(f, "score {s} is impossible"),
            Invalid::CountsDisagree => f.write_str("the counters do not add up"),
        }
    }
}

impl std::error::Error for PersistError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PersistError::Preset(e) => Some(e),
            PersistError::Deal(e) => Some(e),
            PersistError::Line(e) => Some(e),
            PersistError::Replay(e) => Some(e),
            PersistError::Json
            | PersistError::UnknownVersion(_)
            | PersistError::DealMismatch(_)
            | PersistError::Invalid(_) => None,
        }
    }
}

impl std::error::Error for Invalid {}

impl From<miniserde::Error> for PersistError {
    fn from(_: miniserde::Error) -> PersistError {
        PersistError::Json
    }
}

impl From<Invalid> for PersistError {
    fn from(e: Invalid) -> PersistError {
        PersistError::Invalid(e)
    }
}

/// The version number of a document, read before its shape.
fn format_version(text: &str) -> Result<u32, PersistError> {
    #[derive(Deserialize)]
    struct Probe {
        version: u32,
    }
    Ok(miniserde::json::from_str::<Probe>(text)?.version)
}

fn check_id(id: &str) -> Result<(), Invalid> {
    if id.is_empty() || id.len() > MAX_ID_LEN {
        Err(Invalid::BadId)
    } else {
        Ok(())
    }
}

/// FNV-1a, 64 bits: a stable hash for ids derived from old data (the
/// standard library's hasher is not stable across versions).
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn version_probe() {
        assert_eq!(format_version(r#"{"version":7,"x":1}"#).unwrap(), 7);
        assert!(matches!(format_version("[]"), Err(PersistError::Json)));
        assert!(matches!(format_version("{}"), Err(PersistError::Json)));
        assert!(matches!(format_version("x"), Err(PersistError::Json)));
        assert!(matches!(
            format_version(r#"{"version":-1}"#),
            Err(PersistError::Json)
        ));
        assert!(matches!(
            format_version(r#"{"version":1.5}"#),
            Err(PersistError::Json)
        ));
        assert!(matches!(
            format_version(r#"{"version":4294967296}"#),
            Err(PersistError::Json)
        ));
    }

    #[test]
    fn messages_are_lowercase() {
        let errors = [
            PersistError::UnknownVersion(3),
            PersistError::DealMismatch(4),
            PersistError::Invalid(Invalid::BadId),
            PersistError::Invalid(Invalid::PlayedBeyondLine { played: 3, line: 2 }),
            PersistError::Json,
            PersistError::Preset(UnknownPreset("x".into())),
        ];
        for e in errors {
            let text = e.to_string();
            assert!(text.starts_with(|c: char| c.is_lowercase()), "{text}");
        }
    }

    #[test]
    fn fnv_is_pinned() {
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
    }
}
