//! Cards and their two-character codes (`7H`, `TD`, `KS`).

use std::fmt;
use std::str::FromStr;

/// The four suits, in the order used to build the unshuffled deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    Clubs,
    Diamonds,
    Hearts,
    Spades,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// The letter used in card codes: `C`, `D`, `H` or `S`.
    pub fn letter(self) -> char {
        match self {
            Suit::Clubs => 'C',
            Suit::Diamonds => 'D',
            Suit::Hearts => 'H',
            Suit::Spades => 'S',
        }
    }

    /// The English plural name, as in "7 of hearts".
    pub fn name(self) -> &'static str {
        match self {
            Suit::Clubs => "clubs",
            Suit::Diamonds => "diamonds",
            Suit::Hearts => "hearts",
            Suit::Spades => "spades",
        }
    }

    /// The suit symbol shown on a card face.
    pub fn symbol(self) -> char {
        match self {
            Suit::Clubs => '♣',
            Suit::Diamonds => '♦',
            Suit::Hearts => '♥',
            Suit::Spades => '♠',
        }
    }

    pub fn is_red(self) -> bool {
        matches!(self, Suit::Diamonds | Suit::Hearts)
    }
}

/// One playing card. Internally an index 0..52: `suit * 13 + (rank - 1)`,
/// which is also its position in the unshuffled deck.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

const RANK_LETTERS: [char; 13] = [
    'A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K',
];

impl Card {
    /// The card with this deck index, `None` unless `index < 52`.
    pub fn from_index(index: u8) -> Option<Card> {
        (index < 52).then_some(Card(index))
    }

    /// The card of this rank (1 = Ace … 13 = King) and suit; `None` for a bad rank.
    pub fn new(rank: u8, suit: Suit) -> Option<Card> {
        (1..=13)
            .contains(&rank)
            .then(|| Card(suit as u8 * 13 + rank - 1))
    }

    pub fn index(self) -> u8 {
        self.0
    }

    /// 1 for an Ace up to 13 for a King; this is also the card's value in pairs.
    pub fn rank(self) -> u8 {
        self.0 % 13 + 1
    }

    pub fn suit(self) -> Suit {
        Suit::ALL[usize::from(self.0 / 13)]
    }

    pub fn is_king(self) -> bool {
        self.rank() == 13
    }

    /// Whether the two cards' values add up to 13.
    pub fn pairs_with(self, other: Card) -> bool {
        self.rank() + other.rank() == 13
    }

    /// The rank as shown on the card face: `A`, `2` … `10`, `J`, `Q`, `K`.
    pub fn rank_label(self) -> &'static str {
        const LABELS: [&str; 13] = [
            "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
        ];
        LABELS[usize::from(self.rank() - 1)]
    }

    /// The card in words, for screen readers: "7 of hearts", "queen of spades".
    pub fn name(self) -> String {
        const NAMES: [&str; 13] = [
            "ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king",
        ];
        format!(
            "{} of {}",
            NAMES[usize::from(self.rank() - 1)],
            self.suit().name()
        )
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            RANK_LETTERS[usize::from(self.rank() - 1)],
            self.suit().letter()
        )
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a card code could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseCardError {
    /// The code is not exactly two characters long.
    Length(String),
    /// The first character is not one of `A23456789TJQK`.
    Rank(String),
    /// The second character is not one of `CDHS`.
    Suit(String),
}

impl fmt::Display for ParseCardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseCardError::Length(s) => {
                write!(
                    f,
                    "card code \u{201c}{s}\u{201d} is not two characters (rank then suit, like 7H)"
                )
            }
            ParseCardError::Rank(s) => write!(
                f,
                "card code \u{201c}{s}\u{201d} has no rank from A23456789TJQK"
            ),
            ParseCardError::Suit(s) => {
                write!(f, "card code \u{201c}{s}\u{201d} has no suit from CDHS")
            }
        }
    }
}

impl std::error::Error for ParseCardError {}

impl FromStr for Card {
    type Err = ParseCardError;

    fn from_str(s: &str) -> Result<Card, ParseCardError> {
        let mut chars = s.chars();
        let (Some(r), Some(u), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(ParseCardError::Length(s.to_string()));
        };
        let rank = RANK_LETTERS
            .iter()
            .position(|&c| c == r.to_ascii_uppercase())
            .ok_or_else(|| ParseCardError::Rank(s.to_string()))?;
        let suit = Suit::ALL
            .into_iter()
            .find(|suit| suit.letter() == u.to_ascii_uppercase())
            .ok_or_else(|| ParseCardError::Suit(s.to_string()))?;
        Ok(Card(suit as u8 * 13 + rank as u8))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(code: &str, rank: u8, suit: Suit, name: &str) {
        let card: Card = code.parse().unwrap();
        assert_eq!((card.rank(), card.suit()), (rank, suit));
        assert_eq!(card.to_string(), code);
        assert_eq!(card.name(), name);
    }

    #[test]
    fn codes() {
        check("7H", 7, Suit::Hearts, "7 of hearts");
        check("TD", 10, Suit::Diamonds, "10 of diamonds");
        check("KS", 13, Suit::Spades, "king of spades");
        check("AC", 1, Suit::Clubs, "ace of clubs");
        check("QS", 12, Suit::Spades, "queen of spades");
    }

    #[test]
    fn bad_codes() {
        assert_eq!("7".parse::<Card>(), Err(ParseCardError::Length("7".into())));
        assert_eq!(
            "10H".parse::<Card>(),
            Err(ParseCardError::Length("10H".into()))
        );
        assert_eq!("1H".parse::<Card>(), Err(ParseCardError::Rank("1H".into())));
        assert_eq!("7X".parse::<Card>(), Err(ParseCardError::Suit("7X".into())));
        assert_eq!("".parse::<Card>(), Err(ParseCardError::Length("".into())));
        assert!("é".parse::<Card>().is_err());
    }

    #[test]
    fn all_indices_round_trip() {
        for i in 0..52 {
            let card = Card::from_index(i).unwrap();
            assert_eq!(card.to_string().parse::<Card>().unwrap(), card);
            assert_eq!(Card::new(card.rank(), card.suit()), Some(card));
        }
        assert_eq!(Card::from_index(52), None);
    }

    #[test]
    fn pairs() {
        let c = |s: &str| s.parse::<Card>().unwrap();
        assert!(c("AH").pairs_with(c("QS")));
        assert!(c("6C").pairs_with(c("7C")));
        assert!(!c("KS").pairs_with(c("KH")));
        assert!(!c("5D").pairs_with(c("7D")));
    }
}
