//! What the game keeps between visits, as versioned JSON: the rounds in
//! progress ([`SavedRound`]), the statistics of every preset
//! ([`StatsBook`]) and the player's [`Settings`].
//!
//! The saved types derive serde's `Serialize` and `Deserialize`
//! themselves; [`crate::platform::storage`] moves them in and out of the browser with
//! gloo-storage, which speaks serde_json. This module is pure: it never
//! touches the browser, so it compiles and is tested natively.
//!
//! Every document carries a `"version"` number. A document is read in two
//! steps: serde reads its shape (an error names the line and column where
//! the text is wrong), then `validate` checks the version and the rules of
//! the format. Decoding never panics, whatever the input; anything it cannot
//! read is a [`PersistError`]. A version newer than this build knows is
//! refused, never read as if it were the current one, so it is never
//! overwritten (the storage layer keeps it under a backup key).
//!
//! Formats (fixtures of each are in `tests/fixtures/`):
//! - round v2: [`SavedRound`] as it serializes. `origin` and `saved_at_ms`
//!   came later and may be missing.
//! - stats v2: one record per finished round, per preset, with a reset
//!   time; see [`StatsBook`].
//! - settings v1: [`Settings`] as it serializes; a missing field takes its
//!   default.
//!   time; see [`StatsBook`]. A daily round's record carries the date of
//!   its deal (`daily`, `"YYYY-MM-DD"`); the field is optional and was
//!   added without a new version, since every earlier document reads
//!   unchanged (records without it are not daily results).
//!   `round.v2` likewise gained an optional `daily` date.
//! - recent v1: the player's latest custom rule sets ([`RecentSets`]),
//!   read leniently: what cannot be read is left out.
//!
//! Version 1 of each was replaced before any player saved it, so no build
//! reads it.

/// Saves a unit enum as its id (a JSON string) and reads it back through
/// one shared reader, instead of a derived visitor for each enum: the ids
/// are the lower-case names serde's `rename_all = "lowercase"` gave them.
/// `$t::from_saved_id` is the value saved under an id.
macro_rules! saved_as_id {
    ($t:ident { $($v:ident => $id:literal),* $(,)? }) => {
        impl $t {
            /// The id this value is saved under.
            pub fn saved_id(self) -> &'static str {
                match self { $($t::$v => $id),* }
            }
            /// The value saved under `id`.
            pub fn from_saved_id(id: &str) -> Option<Self> {
                match id { $($id => Some($t::$v),)* _ => None }
            }
        }
        impl serde::Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.saved_id())
            }
        }
        impl<'de> serde::Deserialize<'de> for $t {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let id = crate::domain::persist::read_id(d)?;
                $t::from_saved_id(&id).ok_or_else(|| crate::domain::persist::unknown_id(&id))
            }
        }
    };
}

/// The string an id-saved value is read from ([`saved_as_id`]).
fn read_id<'de, D: serde::Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    String::deserialize(d)
}

/// The error for an id no value is saved under.
fn unknown_id<E: serde::de::Error>(id: &str) -> E {
    E::custom(format_args!("unknown value \"{id}\""))
}

mod recent;
mod round;
mod settings;
mod stats;

use std::fmt;

use pyramid_engine::{ParseDealError, ReplayError};
use serde::Deserialize;

pub use recent::{RecentSets, MAX_RECENT, RECENT_VERSION};
pub use round::{decode_round, encode_round, DealOrigin, SavedRound, ROUND_VERSION};
pub use settings::{
    decode_settings, encode_settings, CardBack, Motion, SettingChoice, Settings, TableColour,
    Theme, SETTINGS_VERSION,
};
pub use stats::{
    decode_stats, encode_stats, import_effects, import_stats, ImportEffect, PresetStats, Resets,
    RoundEnd, RoundRecord, StatsBook, STATS_VERSION,
};

/// Why stored or imported data could not be read.
#[derive(Debug)]
pub enum PersistError {
    /// The text is not JSON, or not the JSON shape of its format version (a
    /// missing field, a wrong type, a number out of range, an unknown preset
    /// or move code). serde_json's message says where.
    Json(serde_json::Error),
    /// A format version this build does not know: written by a newer
    /// version of the game (or never released, such as 0 or 1).
    UnknownVersion(u32),
    /// The cards of the deal are not a deck of 52 distinct cards.
    Deal(ParseDealError),
    /// The cards are not those of the deal number saved with them.
    DealMismatch(u32),
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
    /// More moves are said to be played than the line holds.
    PlayedBeyondLine { played: usize, line: usize },
    /// The round is marked as ended by the player, which its rules or
    /// position do not allow.
    CannotEnd,
    /// A round or record id is empty, longer than [`MAX_ID_LEN`] bytes, or
    /// holds a character other than ASCII letters, digits, `-` and `_`.
    BadId,
    /// A score outside the engine's bounds, which no round can reach.
    ScoreOutOfRange(i32),
}

/// The longest round or record id accepted, in bytes.
pub const MAX_ID_LEN: usize = 64;

impl fmt::Display for PersistError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PersistError::Json(e) => write!(f, "not readable: {e}"),
            PersistError::UnknownVersion(v) => {
                write!(f, "unknown format version {v} (from a newer game?)")
            }
            PersistError::Deal(e) => write!(f, "bad deal: {e}"),
            PersistError::DealMismatch(n) => write!(f, "the cards are not those of deal {n}"),
            PersistError::Replay(e) => write!(f, "illegal line of moves: {e}"),
            PersistError::Invalid(e) => e.fmt(f),
        }
    }
}

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Invalid::DealNumberZero => f.write_str("deal number 0 does not exist"),
            Invalid::PlayedBeyondLine { played, line } => {
                write!(f, "the line holds {line} moves, not {played}")
            }
            Invalid::CannotEnd => f.write_str("the round cannot have been ended by the player"),
            Invalid::BadId => write!(
                f,
                "an id is empty, longer than {MAX_ID_LEN} bytes or holds other characters \
                 than letters, digits, - and _"
            ),
            Invalid::ScoreOutOfRange(s) => write!(f, "score {s} is impossible"),
        }
    }
}

impl std::error::Error for PersistError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PersistError::Json(e) => Some(e),
            PersistError::Deal(e) => Some(e),
            PersistError::Replay(e) => Some(e),
            PersistError::UnknownVersion(_)
            | PersistError::DealMismatch(_)
            | PersistError::Invalid(_) => None,
        }
    }
}

impl std::error::Error for Invalid {}

impl From<serde_json::Error> for PersistError {
    fn from(e: serde_json::Error) -> PersistError {
        PersistError::Json(e)
    }
}

impl From<Invalid> for PersistError {
    fn from(e: Invalid) -> PersistError {
        PersistError::Invalid(e)
    }
}

/// The version number of a document, when it has one: the storage layer
/// asks this of a value whose shape could not be read, to tell a newer
/// game's data from damaged data.
pub fn format_version(text: &str) -> Option<u32> {
    #[derive(Deserialize)]
    struct Probe {
        version: u32,
    }
    serde_json::from_str::<Probe>(text).ok().map(|p| p.version)
}

/// Reads the shape of a document whose current version is `current`. When
/// the shape is wrong but the document says it is of another version, that
/// is the error: a newer game's data is not damaged data.
fn from_json<T: serde::de::DeserializeOwned>(text: &str, current: u32) -> Result<T, PersistError> {
    serde_json::from_str(text).map_err(|e| match format_version(text) {
        Some(v) if v != current => PersistError::UnknownVersion(v),
        _ => PersistError::Json(e),
    })
}

/// Refuses every version but `current`.
fn check_version(version: u32, current: u32) -> Result<(), PersistError> {
    if version == current {
        Ok(())
    } else {
        Err(PersistError::UnknownVersion(version))
    }
}

/// Ids name storage keys and statistics records: short, plain ASCII.
fn check_id(id: &str) -> Result<(), Invalid> {
    let plain = id
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if id.is_empty() || id.len() > MAX_ID_LEN || !plain {
        Err(Invalid::BadId)
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_and_ends_are_saved_as_their_ids() {
        use super::stats::RoundEnd;
        for (origin, id) in [
            (DealOrigin::Random, "random"),
            (DealOrigin::Winnable, "winnable"),
            (DealOrigin::Number, "number"),
            (DealOrigin::Daily, "daily"),
            (DealOrigin::Lesson, "lesson"),
        ] {
            let text = serde_json::to_string(&origin).unwrap();
            assert_eq!(text, format!("\"{id}\""));
            assert_eq!(serde_json::from_str::<DealOrigin>(&text).unwrap(), origin);
        }
        for (end, id) in [
            (RoundEnd::Won, "won"),
            (RoundEnd::Lost, "lost"),
            (RoundEnd::Abandoned, "abandoned"),
        ] {
            let text = serde_json::to_string(&end).unwrap();
            assert_eq!(text, format!("\"{id}\""));
            assert_eq!(serde_json::from_str::<RoundEnd>(&text).unwrap(), end);
        }
        let err = serde_json::from_str::<DealOrigin>("\"Daily\"").unwrap_err();
        assert!(err.to_string().contains("unknown value \"Daily\""), "{err}");
        assert!(serde_json::from_str::<RoundEnd>("0").is_err());
    }

    #[test]
    fn version_probe() {
        let check = |text: &str, expected: Option<u32>| assert_eq!(format_version(text), expected);
        check(r#"{"version":7,"x":1}"#, Some(7));
        check("[]", None);
        check("{}", None);
        check("x", None);
        check(r#"{"version":-1}"#, None);
        check(r#"{"version":1.5}"#, None);
        check(r#"{"version":4294967296}"#, None);
    }

    #[test]
    fn ids() {
        assert!(check_id("r-0f3a_9").is_ok());
        for bad in ["", "a b", "é", "x.y", &"a".repeat(MAX_ID_LEN + 1)] {
            assert_eq!(check_id(bad), Err(Invalid::BadId), "{bad:?}");
        }
    }

    #[test]
    fn messages_are_lowercase_and_say_where() {
        let json = serde_json::from_str::<u32>("[1,").unwrap_err();
        let errors = [
            PersistError::UnknownVersion(3),
            PersistError::DealMismatch(4),
            PersistError::Invalid(Invalid::BadId),
            PersistError::Invalid(Invalid::PlayedBeyondLine { played: 3, line: 2 }),
            PersistError::Json(json),
        ];
        for e in &errors {
            let text = e.to_string();
            assert!(text.starts_with(|c: char| c.is_lowercase()), "{text}");
        }
        assert!(
            errors[4].to_string().contains("line 1 column"),
            "{}",
            errors[4]
        );
    }
}
