//! Deals: a shuffled deck, its text form, and the pinned number → deck algorithm.

use std::fmt;
use std::str::FromStr;

use chacha20::rand_core::{Rng, SeedableRng};
use chacha20::ChaCha8Rng;

use crate::card::{Card, ParseCardError};

/// Cards in the pyramid: deck[0] is the apex, deck[21..28] the bottom row.
pub const PYRAMID_CARDS: usize = 28;
/// Cards in the stock at the start: deck[28] is drawn first.
pub const STOCK_CARDS: usize = 24;

/// A whole 52-card deck in deal order.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Deal([Card; 52]);

impl Deal {
    /// The deck of deal number `number`.
    ///
    /// This algorithm is pinned forever (golden tests guard it), so that a deal
    /// number means the same cards on every machine and in every version:
    /// 1. Start from the unshuffled deck: clubs, diamonds, hearts, spades, each
    ///    Ace to King (card index `suit * 13 + rank - 1`).
    /// 2. Seed ChaCha8 with 32 bytes: the number as 4 little-endian bytes, then
    ///    28 zero bytes (`ChaCha8Rng::from_seed`, not `seed_from_u64`, whose seed
    ///    expansion is a library detail).
    /// 3. Fisher–Yates from the end: for i = 51 down to 1, swap card i with card
    ///    j, where j is uniform in 0..=i, drawn from successive `next_u32` values
    ///    by Lemire's multiply-and-reject method (below).
    pub fn from_number(number: u32) -> Deal {
        let mut seed = [0u8; 32];
        seed[..4].copy_from_slice(&number.to_le_bytes());
        let mut rng = ChaCha8Rng::from_seed(seed);
        let mut cards: [Card; 52] =
            std::array::from_fn(|i| Card::from_index(i as u8).expect("index below 52"));
        for i in (1..52u32).rev() {
            let j = uniform_below(&mut rng, i + 1);
            cards.swap(i as usize, j as usize);
        }
        Deal(cards)
    }

    /// A deal from any 52 cards; each card must appear exactly once.
    pub fn from_cards(cards: &[Card]) -> Result<Deal, ParseDealError> {
        if cards.len() != 52 {
            return Err(ParseDealError::Count(cards.len()));
        }
        let mut seen = [false; 52];
        for &card in cards {
            if std::mem::replace(&mut seen[usize::from(card.index())], true) {
                return Err(ParseDealError::Duplicate(card));
            }
        }
        let mut deck = [cards[0]; 52];
        deck.copy_from_slice(cards);
        Ok(Deal(deck))
    }

    pub fn cards(&self) -> &[Card; 52] {
        &self.0
    }

    /// The 28 pyramid cards, apex first, row by row, left to right.
    pub fn pyramid(&self) -> &[Card] {
        &self.0[..PYRAMID_CARDS]
    }

    /// The 24 stock cards, the first to be drawn first.
    pub fn stock(&self) -> &[Card] {
        &self.0[PYRAMID_CARDS..]
    }
}

/// A uniform number in `0..bound` (bound ≥ 1) by Lemire's method: multiply a
/// random u32 by `bound`, keep the high 32 bits, and reject the few low halves
/// that would bias the result.
fn uniform_below(rng: &mut ChaCha8Rng, bound: u32) -> u32 {
    let threshold = bound.wrapping_neg() % bound;
    loop {
        let product = u64::from(rng.next_u32()) * u64::from(bound);
        if (product as u32) >= threshold {
            return (product >> 32) as u32;
        }
    }
}

impl fmt::Display for Deal {
    /// The 52 codes separated by single spaces, in deal order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, card) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{card}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Deal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Deal({self})")
    }
}

/// Why a deal text could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseDealError {
    /// A code is not a card.
    Card(ParseCardError),
    /// The deal does not have exactly 52 cards.
    Count(usize),
    /// A card appears twice.
    Duplicate(Card),
}

impl fmt::Display for ParseDealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseDealError::Card(e) => e.fmt(f),
            ParseDealError::Count(n) => write!(f, "a deal has 52 cards, this one has {n}"),
            ParseDealError::Duplicate(c) => write!(f, "card {c} appears more than once"),
        }
    }
}

impl std::error::Error for ParseDealError {}

impl FromStr for Deal {
    type Err = ParseDealError;

    /// Reads 52 card codes separated by white space.
    fn from_str(s: &str) -> Result<Deal, ParseDealError> {
        let cards = s
            .split_whitespace()
            .map(str::parse)
            .collect::<Result<Vec<Card>, _>>()
            .map_err(ParseDealError::Card)?;
        Deal::from_cards(&cards)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Golden decks: if one of these changes, every saved game and published
    /// deal number changes meaning. Never update them to make a test pass.
    const GOLDEN: [(u32, &str); 3] = [
        (1, "KS 4S TD 3C TH 9D AC KH KD AD JS QC JC 2C 8D 5H 2S AS QD 4D 9H 9S 5C 8C 6D JD 8H 2H 7C 4C 6H AH 3D TC TS 5D 4H 5S 3H KC 6C 9C JH 6S 7S 3S QH QS 2D 8S 7D 7H"),
        (1234, "7D 4S 9S QH 4H AH 5H KS 3D TH TD KH JS KD 8H 5C TS 5S 8D AC 6D 7C 6H 9H 3C 9C 9D 2S 7S QC 8C 2H JH 3S 4C 3H JD 5D QD 2C AD KC QS JC 7H 4D AS TC 6S 2D 8S 6C"),
        (4_294_967_295, "5S 8H JC 7H 9H AD 6S 2H 8S 3D QC QS 2S 6C 8D KH 9S 3S KD 3H 5C JS TC 9D TD 4D TS 6D KS 4H AH QH JH 9C TH 5D 5H 4C 3C 6H 8C 2D AS 7C 4S 7D QD 2C 7S JD AC KC"),
    ];

    #[test]
    fn golden_decks() {
        for (number, text) in GOLDEN {
            assert_eq!(Deal::from_number(number).to_string(), text, "deal {number}");
        }
    }

    #[test]
    fn numbers_give_distinct_valid_decks() {
        let a = Deal::from_number(1);
        let b = Deal::from_number(2);
        assert_ne!(a, b);
        assert_eq!(Deal::from_cards(a.cards()), Ok(a));
    }

    #[test]
    fn text_round_trip() {
        let deal = Deal::from_number(77);
        assert_eq!(deal.to_string().parse::<Deal>(), Ok(deal));
    }

    #[test]
    fn bad_texts() {
        let deal = Deal::from_number(5).to_string();
        let codes: Vec<&str> = deal.split(' ').collect();
        let short = codes[..51].join(" ");
        assert_eq!(short.parse::<Deal>(), Err(ParseDealError::Count(51)));
        let mut dup = codes.clone();
        dup[51] = dup[0];
        assert_eq!(
            dup.join(" ").parse::<Deal>(),
            Err(ParseDealError::Duplicate(codes[0].parse().unwrap()))
        );
        let mut bad = codes.clone();
        bad[3] = "ZZ";
        assert!(matches!(
            bad.join(" ").parse::<Deal>(),
            Err(ParseDealError::Card(_))
        ));
        assert_eq!("".parse::<Deal>(), Err(ParseDealError::Count(0)));
    }
}
