//! The page's address, read and written in one place.
//!
//! A link asks for a deal with `?deal=N&rules=ID`, and a challenge adds
//! `&challenge=TOKEN`. [`UrlRequest::parse`] reads the query once, the way
//! the browser's `URLSearchParams` does (the first of a repeated name;
//! `+` and `%XX` decoded), and keeps what was valid and what was not.
//! [`address_query`] writes the query of the deal on the table over the
//! one the page was opened with: other parameters stay as they were, and a
//! challenge stays with the deal and rules it came with, however the link
//! spelled them (`rules=HARD`, `deal=02`).

use std::fmt;

use pyramid_engine::Preset;

use crate::domain::round::parse_deal_number;

/// The query parameter of the deal number.
const DEAL: &str = "deal";
/// The query parameter of the rule set's id.
const RULES: &str = "rules";
/// The query parameter of a challenge's token.
const CHALLENGE: &str = "challenge";

/// Why `?deal=N&rules=ID` could not be used as given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum UrlError {
    BadDeal(String),
    BadRules(String),
}

impl fmt::Display for UrlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UrlError::BadDeal(v) => write!(
                f,
                "\u{201c}{v}\u{201d} is not a deal number (use a whole number from 1 to {})",
                u32::MAX
            ),
            UrlError::BadRules(v) => {
                let ids: Vec<_> = Preset::ALL.iter().map(|p| p.id()).collect();
                write!(
                    f,
                    "\u{201c}{v}\u{201d} is not a rule set (use one of {}, or a custom-… id)",
                    ids.join(", ")
                )
            }
        }
    }
}

/// What the address asked for: the parts that were valid, and what was
/// wrong. A missing parameter is no error.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct UrlRequest {
    pub deal_number: Option<u32>,
    pub preset: Option<Preset>,
    /// The challenge's token as the link gave it (checked against the deal
    /// on the table later, by the engine).
    pub challenge: Option<String>,
    pub errors: Vec<UrlError>,
}

impl UrlRequest {
    /// Reads a query string (`location.search`, with or without its `?`).
    pub(crate) fn parse(search: &str) -> UrlRequest {
        let pairs = pairs(search);
        let get = |name: &str| {
            pairs
                .iter()
                .find(|pair| pair.name == name)
                .map(|pair| pair.value.as_str())
        };
        let mut request = UrlRequest {
            challenge: get(CHALLENGE).map(str::to_string),
            ..UrlRequest::default()
        };
        if let Some(text) = get(DEAL) {
            match parse_deal_number(text) {
                Some(n) => request.deal_number = Some(n),
                None => request.errors.push(UrlError::BadDeal(text.to_string())),
            }
        }
        if let Some(text) = get(RULES) {
            match text.trim().to_ascii_lowercase().parse::<Preset>() {
                Ok(p) => request.preset = Some(p),
                Err(_) => request.errors.push(UrlError::BadRules(text.to_string())),
            }
        }
        request
    }

    /// Whether the link names a deal or rules (then the page deals them,
    /// rather than resume a saved round of another).
    pub(crate) fn asks_for_a_deal(&self) -> bool {
        self.deal_number.is_some() || self.preset.is_some()
    }

    /// Whether the link asks for this deal under these rules: it names the
    /// deal, and these rules or none.
    fn asks_for(&self, deal_number: u32, preset: Preset) -> bool {
        self.deal_number == Some(deal_number) && self.preset.is_none_or(|p| p == preset)
    }
}

/// The query of the address that opens the deal on the table
/// (`?deal=N&rules=ID`, without `deal` for a deal with no number), written
/// over `search`, the query the page was opened with: its other
/// parameters are kept as they were, after these; its challenge is kept
/// only while the table shows the deal it names, under the rules it names
/// (if it names any: the page then checked the challenge against the
/// rules on the table, as it will again after a reload).
pub(crate) fn address_query(search: &str, deal_number: Option<u32>, preset: Preset) -> String {
    let request = UrlRequest::parse(search);
    let keeps_challenge = deal_number.is_some_and(|n| request.asks_for(n, preset));
    let mut parts = Vec::new();
    if let Some(n) = deal_number {
        parts.push(format!("{DEAL}={n}"));
    }
    parts.push(format!("{RULES}={}", preset.id()));
    let mut challenge_kept = false;
    for pair in pairs(search) {
        match pair.name.as_str() {
            DEAL | RULES => {}
            // The first challenge is the one the page read.
            CHALLENGE if keeps_challenge && !challenge_kept => {
                challenge_kept = true;
                parts.push(pair.raw.to_string());
            }
            CHALLENGE => {}
            _ => parts.push(pair.raw.to_string()),
        }
    }
    format!("?{}", parts.join("&"))
}

/// The query of a link to deal `deal_number` under `preset`, with a
/// challenge's token if any (which the caller encodes URL-safe:
/// [`pyramid_engine::challenge::encode`] does).
pub(crate) fn deal_query(deal_number: u32, preset: Preset, challenge: Option<&str>) -> String {
    let mut query = format!("?{DEAL}={deal_number}&{RULES}={}", preset.id());
    if let Some(token) = challenge {
        query.push_str(&format!("&{CHALLENGE}={token}"));
    }
    query
}

/// One `name=value` of a query: decoded, and as it was written.
struct Pair<'a> {
    name: String,
    value: String,
    raw: &'a str,
}

/// The pairs of a query, in order (empty ones left out).
fn pairs(search: &str) -> Vec<Pair<'_>> {
    let query = search.strip_prefix('?').unwrap_or(search);
    query
        .split('&')
        .filter(|raw| !raw.is_empty())
        .map(|raw| {
            let (name, value) = raw.split_once('=').unwrap_or((raw, ""));
            Pair {
                name: decode(name),
                value: decode(value),
                raw,
            }
        })
        .collect()
}

/// `application/x-www-form-urlencoded` decoding: `+` is a space, `%XX` a
/// byte; a `%` without two hex digits stands for itself, and bytes that
/// are not UTF-8 become U+FFFD, as in the browser.
fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let byte = match bytes[i] {
            b'+' => b' ',
            b'%' => match (hex(bytes.get(i + 1)), hex(bytes.get(i + 2))) {
                (Some(high), Some(low)) => {
                    i += 2;
                    high << 4 | low
                }
                _ => b'%',
            },
            b => b,
        };
        out.push(byte);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn hex(digit: Option<&u8>) -> Option<u8> {
    char::from(*digit?)
        .to_digit(16)
        .and_then(|d| u8::try_from(d).ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests() {
        let check = |search: &str, expected: UrlRequest| {
            assert_eq!(UrlRequest::parse(search), expected, "{search}");
        };
        check("", UrlRequest::default());
        check("?", UrlRequest::default());
        check(
            "?deal=42&rules=hard",
            UrlRequest {
                deal_number: Some(42),
                preset: Some(Preset::Hard),
                ..UrlRequest::default()
            },
        );
        // As typed by hand: case, spaces, leading zeros.
        check(
            "deal=%2002+&rules=HARD&challenge=abc_-1",
            UrlRequest {
                deal_number: Some(2),
                preset: Some(Preset::Hard),
                challenge: Some("abc_-1".into()),
                errors: vec![],
            },
        );
        check(
            "?deal=0&rules=klondike",
            UrlRequest {
                errors: vec![
                    UrlError::BadDeal("0".into()),
                    UrlError::BadRules("klondike".into()),
                ],
                ..UrlRequest::default()
            },
        );
        check(
            "?deal=abc&deal=7",
            UrlRequest {
                errors: vec![UrlError::BadDeal("abc".into())],
                ..UrlRequest::default()
            },
        );
        check(
            "?deal=4294967296&rules",
            UrlRequest {
                errors: vec![
                    UrlError::BadDeal("4294967296".into()),
                    UrlError::BadRules(String::new()),
                ],
                ..UrlRequest::default()
            },
        );
        check(
            "?utm=x&rules=par&deal=4294967295",
            UrlRequest {
                deal_number: Some(u32::MAX),
                preset: Some(Preset::Par),
                ..UrlRequest::default()
            },
        );
        assert!(UrlRequest::parse("?rules=easy").asks_for_a_deal());
        assert!(!UrlRequest::parse("?challenge=abc").asks_for_a_deal());
    }

    #[test]
    fn decoding_is_the_browsers() {
        let check = |text: &str, expected: &str| assert_eq!(decode(text), expected, "{text}");
        check("a+b%20c", "a b c");
        check("%41%4a%4A", "AJJ");
        check("100%", "100%");
        check("%zz%4", "%zz%4");
        check("%E2%80%9C", "\u{201c}");
        check("%FF", "\u{fffd}");
    }

    #[test]
    fn a_link_reads_back_as_written() {
        let query = deal_query(42, Preset::Par, Some("AbC-_9"));
        assert_eq!(query, "?deal=42&rules=par&challenge=AbC-_9");
        assert_eq!(
            UrlRequest::parse(&query),
            UrlRequest {
                deal_number: Some(42),
                preset: Some(Preset::Par),
                challenge: Some("AbC-_9".into()),
                errors: vec![],
            }
        );
        assert_eq!(
            deal_query(1, Preset::Classic, None),
            "?deal=1&rules=classic"
        );
    }

    #[test]
    fn the_address_shows_the_deal_on_the_table() {
        let check = |search: &str, deal: Option<u32>, preset: Preset, expected: &str| {
            assert_eq!(address_query(search, deal, preset), expected, "{search}");
        };
        check("", Some(7), Preset::Classic, "?deal=7&rules=classic");
        check(
            "?deal=7&rules=classic",
            Some(7),
            Preset::Classic,
            "?deal=7&rules=classic",
        );
        // A bad link gives way to the deal dealt instead.
        check("?deal=abc", Some(9), Preset::Hard, "?deal=9&rules=hard");
        check("?deal=3", None, Preset::Easy, "?rules=easy");
        // Other parameters stay, as they were written.
        check(
            "?ref=a%20b&deal=1&x",
            Some(2),
            Preset::Classic,
            "?deal=2&rules=classic&ref=a%20b&x",
        );
    }

    #[test]
    fn a_challenge_stays_with_its_deal_and_rules() {
        let check = |search: &str, deal: Option<u32>, preset: Preset, expected: &str| {
            assert_eq!(address_query(search, deal, preset), expected, "{search}");
        };
        let kept = "?deal=2&rules=hard&challenge=AbC-_9";
        check(kept, Some(2), Preset::Hard, kept);
        // However the link spelled the deal and the rules.
        check(
            "?rules=HARD&deal=02&challenge=AbC-_9",
            Some(2),
            Preset::Hard,
            kept,
        );
        check(
            "?deal=+2&rules=%48ard&challenge=AbC-_9",
            Some(2),
            Preset::Hard,
            kept,
        );
        // The first challenge is the one read; a repeated one goes.
        check(
            "?deal=2&rules=hard&challenge=AbC-_9&challenge=zz",
            Some(2),
            Preset::Hard,
            kept,
        );
        // Another deal or other rules on the table: the challenge goes.
        check(
            "?deal=2&rules=hard&challenge=AbC-_9",
            Some(3),
            Preset::Hard,
            "?deal=3&rules=hard",
        );
        check(
            "?deal=2&rules=hard&challenge=AbC-_9",
            Some(2),
            Preset::Classic,
            "?deal=2&rules=classic",
        );
        check(
            "?deal=2&rules=hard&challenge=AbC-_9",
            None,
            Preset::Hard,
            "?rules=hard",
        );
        // A challenge belongs to the deal its link names, under the rules
        // it names if any.
        check(
            "?deal=2&challenge=AbC-_9",
            Some(2),
            Preset::Classic,
            "?deal=2&rules=classic&challenge=AbC-_9",
        );
        check(
            "?challenge=AbC-_9",
            Some(2),
            Preset::Classic,
            "?deal=2&rules=classic",
        );
    }
}
