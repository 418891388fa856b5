//! Challenge links: a finished round's result and its line of moves in a
//! short URL-safe token, and the check a receiving page makes before it
//! shows "Beat 42 moves in 3:10".
//!
//! The token is base64url (no padding) of a small binary record:
//!
//! | bytes | what |
//! |---|---|
//! | 1 | format version, [`TOKEN_VERSION`] |
//! | 1 | the game, [`Preset::code`] |
//! | 4 | the deal number, little-endian |
//! | 1 | flags: bit 0 won, bit 1 ended by the player (Par Pyramid) |
//! | 2 | the claimed move count, little-endian |
//! | 4 | the claimed time in milliseconds, little-endian |
//! | n | the line: `52` draw, `53` recycle, a card index (0–51) for a King going alone, or two card indices for a pair (in Cheops, where Kings pair, a King too) |
//! | 4 | FNV-1a (32 bits) of everything before it, little-endian |
//!
//! Nothing in a token is trusted: [`verify`] checks the checksum, the deal
//! and the rules against the link's, replays the line through
//! [`Game::replay`] and compares the claimed result with the replayed one.
//! Only the time cannot be checked; it is shown as the sender's claim.
//! Base64url is written here by hand: the codec is twenty lines, and a
//! crate would add bytes to the page for nothing else.

use std::cmp::Ordering;
use std::fmt;

use crate::card::Card;
use crate::deal::Deal;
use crate::game::{Game, ReplayError};
use crate::position::{Move, Status};
use crate::rules::Preset;

/// The version byte [`encode`] writes.
pub const TOKEN_VERSION: u8 = 1;

/// Fixed bytes before the line: version, preset, deal, flags, moves, time.
const HEADER_LEN: usize = 13;
const CHECKSUM_LEN: usize = 4;
const DRAW: u8 = 52;
const RECYCLE: u8 = 53;
/// The longest token [`decode`] looks at, in characters: far more than any
/// round's line (a line of 1,000 moves is under 2,700 characters).
pub const MAX_TOKEN_LEN: usize = 4_000;

/// A sender's result as the token carries it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Challenge {
    pub deal_number: u32,
    pub preset: Preset,
    pub won: bool,
    /// Par Pyramid: the sender ended the round to take the score.
    pub ended: bool,
    /// The moves the sender says they played (checked against the line).
    pub moves: u32,
    /// The sender's time, as they claim it.
    pub elapsed_ms: u64,
    /// Every move the sender played, in order.
    pub line: Vec<Move>,
}

/// A result to compare: won or not, in how many moves and how long.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Score {
    pub won: bool,
    pub moves: u32,
    pub elapsed_ms: u64,
}

/// Why a challenge token was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChallengeError {
    /// Not base64url text, or longer than [`MAX_TOKEN_LEN`].
    NotBase64,
    /// Too short to hold a challenge, or a line cut off in a pair.
    Truncated,
    /// The checksum does not match: the link was damaged or edited.
    BadChecksum,
    /// A version this build does not know.
    UnknownVersion(u8),
    /// No preset has that place.
    UnknownPreset(u8),
    /// Deal number 0 does not exist.
    DealZero,
    /// A byte of the line that is no move.
    BadMove(usize),
    /// The token is for another deal than the link opens.
    WrongDeal { link: u32, token: u32 },
    /// The token is for other rules than the link opens.
    WrongRules { link: Preset, token: Preset },
    /// The line cannot be played on the deal.
    Replay(ReplayError),
    /// The line does not give the result the token claims.
    ClaimMismatch,
}

impl fmt::Display for ChallengeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChallengeError::NotBase64 => f.write_str("the link is not readable"),
            ChallengeError::Truncated => f.write_str("the link is cut short"),
            ChallengeError::BadChecksum => f.write_str("the link was damaged or changed"),
            ChallengeError::UnknownVersion(v) => {
                write!(f, "it is of format {v}, from a newer version of the game")
            }
            ChallengeError::UnknownPreset(p) => write!(f, "rule set {p} does not exist"),
            ChallengeError::DealZero => f.write_str("deal 0 does not exist"),
            ChallengeError::BadMove(i) => write!(f, "move {} is not a move", i + 1),
            ChallengeError::WrongDeal { link, token } => {
                write!(f, "it was played on deal {token}, not deal {link}")
            }
            ChallengeError::WrongRules { link, token } => write!(
                f,
                "it was played under {} rules, not {}",
                token.name(),
                link.name()
            ),
            ChallengeError::Replay(e) => write!(f, "its moves do not play out ({e})"),
            ChallengeError::ClaimMismatch => {
                f.write_str("its moves do not give the result it claims")
            }
        }
    }
}

impl std::error::Error for ChallengeError {}

impl Challenge {
    /// The challenge of a finished `game` of deal `deal_number`.
    pub fn of_game(game: &Game, deal_number: u32, elapsed_ms: u64) -> Challenge {
        let score = Score::of_game(game, elapsed_ms);
        Challenge {
            deal_number,
            preset: game.preset(),
            won: score.won,
            ended: game.is_ended_by_player(),
            moves: score.moves,
            elapsed_ms,
            line: game.played().to_vec(),
        }
    }

    pub fn score(&self) -> Score {
        Score {
            won: self.won,
            moves: self.moves,
            elapsed_ms: self.elapsed_ms,
        }
    }
}

impl Score {
    /// The result of `game` as it stands, played in `elapsed_ms`.
    pub fn of_game(game: &Game, elapsed_ms: u64) -> Score {
        Score {
            won: game.status() == Status::Won,
            moves: u32::try_from(game.move_count()).unwrap_or(u32::MAX),
            elapsed_ms,
        }
    }

    /// How this result compares with `other`: a win beats a loss; between
    /// two wins or two losses, fewer moves, then less time, is better.
    /// `Greater` means better.
    pub fn compare(&self, other: &Score) -> Ordering {
        self.won
            .cmp(&other.won)
            .then(other.moves.cmp(&self.moves))
            .then(other.elapsed_ms.cmp(&self.elapsed_ms))
    }
}

/// The token of `challenge`. A longer line than 65,535 moves or a time
/// over 49 days is clamped in the claim, which [`verify`] then refuses.
pub fn encode(challenge: &Challenge) -> String {
    let preset_index = challenge.preset.code();
    let mut bytes = Vec::with_capacity(HEADER_LEN + 2 * challenge.line.len() + CHECKSUM_LEN);
    bytes.push(TOKEN_VERSION);
    bytes.push(preset_index);
    bytes.extend_from_slice(&challenge.deal_number.to_le_bytes());
    bytes.push(u8::from(challenge.won) | u8::from(challenge.ended) << 1);
    let moves = u16::try_from(challenge.moves).unwrap_or(u16::MAX);
    bytes.extend_from_slice(&moves.to_le_bytes());
    let time = u32::try_from(challenge.elapsed_ms).unwrap_or(u32::MAX);
    bytes.extend_from_slice(&time.to_le_bytes());
    for m in &challenge.line {
        match *m {
            Move::Draw => bytes.push(DRAW),
            Move::Recycle => bytes.push(RECYCLE),
            Move::King(c) => bytes.push(c.index()),
            Move::Pair(a, b) => bytes.extend_from_slice(&[a.index(), b.index()]),
        }
    }
    let sum = fnv1a(&bytes);
    bytes.extend_from_slice(&sum.to_le_bytes());
    base64url_encode(&bytes)
}

/// Reads a token, checking its form and checksum (not yet the game: see
/// [`verify`]). Never panics, whatever the text.
pub fn decode(token: &str) -> Result<Challenge, ChallengeError> {
    if token.len() > MAX_TOKEN_LEN {
        return Err(ChallengeError::NotBase64);
    }
    let bytes = base64url_decode(token).ok_or(ChallengeError::NotBase64)?;
    if bytes.len() < HEADER_LEN + CHECKSUM_LEN {
        return Err(ChallengeError::Truncated);
    }
    let (body, sum) = bytes.split_at(bytes.len() - CHECKSUM_LEN);
    if fnv1a(body).to_le_bytes() != sum {
        return Err(ChallengeError::BadChecksum);
    }
    if body[0] != TOKEN_VERSION {
        return Err(ChallengeError::UnknownVersion(body[0]));
    }
    let preset = Preset::from_code(body[1]).ok_or(ChallengeError::UnknownPreset(body[1]))?;
    let deal_number = u32::from_le_bytes([body[2], body[3], body[4], body[5]]);
    if deal_number == 0 {
        return Err(ChallengeError::DealZero);
    }
    let flags = body[6];
    let moves = u32::from(u16::from_le_bytes([body[7], body[8]]));
    let elapsed_ms = u64::from(u32::from_le_bytes([body[9], body[10], body[11], body[12]]));
    let mut line = Vec::new();
    let mut rest = body[HEADER_LEN..].iter().copied();
    while let Some(b) = rest.next() {
        let index = line.len();
        let m = match b {
            DRAW => Move::Draw,
            RECYCLE => Move::Recycle,
            _ => {
                let card = Card::from_index(b).ok_or(ChallengeError::BadMove(index))?;
                // A King goes alone where pairs make 13; in Cheops it
                // pairs like any card.
                if preset.rules().goes_alone(card) {
                    Move::King(card)
                } else {
                    let partner = rest.next().ok_or(ChallengeError::Truncated)?;
                    let partner =
                        Card::from_index(partner).ok_or(ChallengeError::BadMove(index))?;
                    Move::Pair(card, partner)
                }
            }
        };
        line.push(m);
    }
    Ok(Challenge {
        deal_number,
        preset,
        won: flags & 1 != 0,
        ended: flags & 2 != 0,
        moves,
        elapsed_ms,
        line,
    })
}

/// Reads a token and checks it against the deal and rules the link opens:
/// the line must replay through the engine to a finished round whose
/// result (won or not, the move count) is the one the token claims.
pub fn verify(token: &str, deal_number: u32, preset: Preset) -> Result<Challenge, ChallengeError> {
    let challenge = decode(token)?;
    if challenge.deal_number != deal_number {
        return Err(ChallengeError::WrongDeal {
            link: deal_number,
            token: challenge.deal_number,
        });
    }
    if challenge.preset != preset {
        return Err(ChallengeError::WrongRules {
            link: preset,
            token: challenge.preset,
        });
    }
    let deal = Deal::from_number(deal_number);
    let mut game = Game::replay(deal, preset, &challenge.line, challenge.line.len())
        .map_err(ChallengeError::Replay)?;
    if challenge.ended && !game.end_round() {
        return Err(ChallengeError::ClaimMismatch);
    }
    let moves_match = u32::try_from(game.move_count()).ok() == Some(challenge.moves);
    let won = game.status() == Status::Won;
    if !game.is_over() || !moves_match || won != challenge.won {
        return Err(ChallengeError::ClaimMismatch);
    }
    Ok(challenge)
}

/// FNV-1a, 32 bits. Every change of a single byte changes it (each step is
/// a bijection of the state), which is all a damaged link needs.
fn fnv1a(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5, |h: u32, &b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

fn base64url_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(char::from(ALPHABET[(n >> (18 - 6 * i) & 63) as usize]));
        }
    }
    out
}

/// Decodes unpadded base64url; `None` for any other character, a length
/// no encoding has, or stray bits in the last character (so each byte
/// string has exactly one token).
fn base64url_decode(text: &str) -> Option<Vec<u8>> {
    let sextet = |c: u8| ALPHABET.iter().position(|&a| a == c).map(|i| i as u32);
    let text = text.as_bytes();
    if text.len() % 4 == 1 {
        return None;
    }
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    for chunk in text.chunks(4) {
        let mut n = 0u32;
        for (i, &c) in chunk.iter().enumerate() {
            n |= sextet(c)? << (18 - 6 * i);
        }
        let bytes = chunk.len() - 1;
        if n & (0xff_ffff >> (8 * bytes)) != 0 {
            return None;
        }
        out.extend((0..bytes).map(|i| (n >> (16 - 8 * i)) as u8));
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::{solve, Limits};
    use proptest::prelude::*;

    fn won_challenge(deal_number: u32, preset: Preset) -> Challenge {
        let game = Game::new(Deal::from_number(deal_number), preset);
        let solution = solve(game.board(), game.position(), Limits::default());
        assert!(!solution.line.is_empty(), "deal {deal_number} {preset}");
        let game = Game::replay(
            Deal::from_number(deal_number),
            preset,
            &solution.line,
            solution.line.len(),
        )
        .unwrap();
        Challenge::of_game(&game, deal_number, 190_000)
    }

    fn lost_challenge() -> Challenge {
        // Hard deal 2 cannot be won: any play through its one pass loses.
        let mut game = Game::new(Deal::from_number(2), Preset::Hard);
        while !game.is_over() {
            let m = game
                .board()
                .removals(game.position())
                .first()
                .copied()
                .unwrap_or(Move::Draw);
            game.play(m).unwrap();
        }
        assert_ne!(game.status(), Status::Won);
        Challenge::of_game(&game, 2, 30_000)
    }

    #[test]
    fn a_won_and_a_lost_round_verify() {
        let won = won_challenge(1, Preset::Classic);
        let token = encode(&won);
        assert!(token.bytes().all(|b| ALPHABET.contains(&b)), "{token}");
        assert!(token.len() < 200, "{} characters", token.len());
        assert_eq!(verify(&token, 1, Preset::Classic), Ok(won.clone()));
        let lost = lost_challenge();
        assert_eq!(verify(&encode(&lost), 2, Preset::Hard), Ok(lost));
    }

    /// Every named game's and a few custom sets' wins verify; in Cheops a
    /// King pairs (deal 4's line has `KC+QS`), so its byte starts a pair.
    #[test]
    fn every_game_s_win_verifies() {
        let customs = [
            "custom-2-1-waste-pyramid-no",
            "custom-1-3-drawcard-all-overlap",
        ];
        let games = Preset::ALL
            .into_iter()
            .filter(|&p| p != Preset::Cheops)
            .chain(customs.iter().map(|id| id.parse().unwrap()));
        for preset in games {
            let Some(deal) = (1..=20).find(|&n| {
                let game = Game::new(Deal::from_number(n), preset);
                let limits = Limits { max_nodes: 200_000 };
                !solve(game.board(), game.position(), limits).line.is_empty()
            }) else {
                continue;
            };
            let won = won_challenge(deal, preset);
            assert_eq!(verify(&encode(&won), deal, preset), Ok(won), "{preset}");
        }
        let cheops = won_challenge(4, Preset::Cheops);
        assert!(cheops
            .line
            .iter()
            .any(|m| matches!(m, Move::Pair(a, _) if a.is_king())));
        assert_eq!(verify(&encode(&cheops), 4, Preset::Cheops), Ok(cheops));
    }

    #[test]
    fn refusals() {
        let won = won_challenge(1, Preset::Classic);
        let token = encode(&won);
        let check = |token: &str, deal: u32, preset: Preset, expected: ChallengeError| {
            assert_eq!(verify(token, deal, preset), Err(expected), "{token}");
        };
        check(
            &token,
            2,
            Preset::Classic,
            ChallengeError::WrongDeal { link: 2, token: 1 },
        );
        check(
            &token,
            1,
            Preset::Hard,
            ChallengeError::WrongRules {
                link: Preset::Hard,
                token: Preset::Classic,
            },
        );
        check("", 1, Preset::Classic, ChallengeError::Truncated);
        check("a!b", 1, Preset::Classic, ChallengeError::NotBase64);
        check("abcde", 1, Preset::Classic, ChallengeError::NotBase64);
        // One character changed: the checksum no longer matches.
        let mut edited = token.clone().into_bytes();
        edited[20] = if edited[20] == b'A' { b'B' } else { b'A' };
        check(
            &String::from_utf8(edited).unwrap(),
            1,
            Preset::Classic,
            ChallengeError::BadChecksum,
        );
        // Forged claims with a valid checksum.
        let fewer = Challenge {
            moves: won.moves - 1,
            ..won.clone()
        };
        check(
            &encode(&fewer),
            1,
            Preset::Classic,
            ChallengeError::ClaimMismatch,
        );
        let mut short = won.clone();
        short.line.pop();
        short.moves -= 1;
        check(
            &encode(&short),
            1,
            Preset::Classic,
            ChallengeError::ClaimMismatch,
        );
        let claimed_win = Challenge {
            won: true,
            ..lost_challenge()
        };
        check(
            &encode(&claimed_win),
            2,
            Preset::Hard,
            ChallengeError::ClaimMismatch,
        );
        let mut illegal = won.clone();
        illegal.line.insert(0, Move::Recycle);
        illegal.moves += 1;
        assert!(matches!(
            verify(&encode(&illegal), 1, Preset::Classic),
            Err(ChallengeError::Replay(_))
        ));
        let zero = Challenge {
            deal_number: 0,
            ..won.clone()
        };
        check(&encode(&zero), 0, Preset::Classic, ChallengeError::DealZero);
        let mut newer = base64url_decode(&token).unwrap();
        newer[0] = 2;
        let n = newer.len() - CHECKSUM_LEN;
        let sum = fnv1a(&newer[..n]).to_le_bytes();
        newer[n..].copy_from_slice(&sum);
        check(
            &base64url_encode(&newer),
            1,
            Preset::Classic,
            ChallengeError::UnknownVersion(2),
        );
    }

    #[test]
    fn messages_are_lowercase() {
        for e in [
            ChallengeError::NotBase64,
            ChallengeError::BadChecksum,
            ChallengeError::ClaimMismatch,
            ChallengeError::WrongDeal { link: 1, token: 2 },
        ] {
            assert!(e.to_string().starts_with(|c: char| c.is_lowercase()), "{e}");
        }
    }

    #[test]
    fn scores_compare() {
        let s = |won, moves, elapsed_ms| Score {
            won,
            moves,
            elapsed_ms,
        };
        assert_eq!(s(true, 50, 9).compare(&s(false, 10, 1)), Ordering::Greater);
        assert_eq!(s(true, 40, 9).compare(&s(true, 42, 1)), Ordering::Greater);
        assert_eq!(s(true, 42, 9).compare(&s(true, 42, 10)), Ordering::Greater);
        assert_eq!(s(true, 42, 9).compare(&s(true, 42, 9)), Ordering::Equal);
        assert_eq!(s(false, 42, 9).compare(&s(true, 60, 99)), Ordering::Less);
    }

    #[test]
    fn base64url_matches_the_rfc() {
        // RFC 4648 §10, without padding.
        for (bytes, text) in [
            ("", ""),
            ("f", "Zg"),
            ("fo", "Zm8"),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg"),
            ("fooba", "Zm9vYmE"),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64url_encode(bytes.as_bytes()), text);
            assert_eq!(base64url_decode(text).as_deref(), Some(bytes.as_bytes()));
        }
        assert_eq!(base64url_encode(&[0xfb, 0xff]), "-_8");
        // Stray bits in the last character: not a canonical encoding.
        assert_eq!(base64url_decode("Zh"), None);
    }

    fn any_move() -> impl Strategy<Value = Move> {
        let card = (0u8..52).prop_map(|i| Card::from_index(i).unwrap());
        prop_oneof![
            Just(Move::Draw),
            Just(Move::Recycle),
            card.clone().prop_map(|c| if c.is_king() {
                Move::King(c)
            } else {
                Move::Draw
            }),
            (card.clone(), card).prop_map(|(a, b)| if a.is_king() {
                Move::King(a)
            } else {
                Move::Pair(a, b)
            }),
        ]
    }

    fn any_challenge() -> impl Strategy<Value = Challenge> {
        (
            1u32..,
            0usize..7,
            any::<bool>(),
            any::<bool>(),
            any::<u16>(),
            any::<u32>(),
            prop::collection::vec(any_move(), 0..120),
        )
            .prop_map(|(deal_number, p, won, ended, moves, ms, line)| Challenge {
                deal_number,
                preset: Preset::ALL[p],
                won,
                ended,
                moves: u32::from(moves),
                elapsed_ms: u64::from(ms),
                line,
            })
    }

    proptest! {
        #[test]
        fn tokens_round_trip(challenge in any_challenge()) {
            let token = encode(&challenge);
            prop_assert!(token.bytes().all(|b| ALPHABET.contains(&b)));
            prop_assert_eq!(decode(&token), Ok(challenge));
        }

        #[test]
        fn any_changed_byte_is_caught(
            challenge in any_challenge(),
            at in any::<prop::sample::Index>(),
            flip in 1u8..,
        ) {
            let mut bytes = base64url_decode(&encode(&challenge)).unwrap();
            let i = at.index(bytes.len());
            bytes[i] ^= flip;
            prop_assert_eq!(decode(&base64url_encode(&bytes)), Err(ChallengeError::BadChecksum));
        }

        #[test]
        fn any_text_is_refused_or_read_without_panic(text in ".{0,80}") {
            let _ = verify(&text, 1, Preset::Classic);
        }

        #[test]
        fn any_bytes_are_refused_or_read_without_panic(
            bytes in prop::collection::vec(any::<u8>(), 0..80),
        ) {
            let _ = verify(&base64url_encode(&bytes), 1, Preset::Classic);
            // With a valid checksum too, so the line reader is reached.
            let mut signed = bytes.clone();
            signed.extend_from_slice(&fnv1a(&bytes).to_le_bytes());
            let _ = verify(&base64url_encode(&signed), 1, Preset::Classic);
        }
    }
}
