//! The seven rule presets of SPEC §3 and the rule settings they stand for.

use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::card::Card;

/// A named set of rules a player can pick, or a set composed from the
/// options of SPEC §10 ([`Custom`]). Each keeps its own statistics. Saved
/// data names one by its id (`classic`, `par`, `giza`,
/// `custom-1-1-drawcard-pyramid-overlap`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Preset {
    #[default]
    Classic,
    Easy,
    Medium,
    Hard,
    Relaxed,
    Traditional,
    Par,
    /// No stock: the other 24 cards lie face up in 8 reserve piles of 3.
    Giza,
    /// The stock turned three cards at a time, unlimited passes.
    KingTut,
    /// Three waste piles, a card dealt onto each at a turn.
    Apophis,
    /// Pairs of equal or adjacent rank.
    Cheops,
    Custom(Custom),
}

/// A rule set a player composes: SPEC §10's options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Custom {
    /// Passes through the stock (1, 2 or 3); `None` is unlimited.
    pub passes: Option<u8>,
    /// Cards turned at a time: 1 or 3.
    pub turn: u8,
    pub stock_mode: StockMode,
    pub goal: Goal,
    /// Whether a card may pair with the one card still covering it.
    pub overlap: bool,
}

/// Which stock-side cards are live.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum StockMode {
    /// Modern: a draw turns the stock card onto the waste; only the waste top is live.
    Waste,
    /// Traditional: the card just turned stays in its own slot, live together
    /// with the waste top (and the two may pair); the next draw moves it onto the waste.
    DrawCard,
}

/// What must be removed to win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinCondition {
    /// The 28 pyramid cards.
    Pyramid,
    /// All 52 cards.
    AllCards,
    /// Par Pyramid: play runs on for points after the pyramid is cleared; the
    /// round counts as won if the pyramid was cleared when it ends.
    Scored,
}

/// What a player must clear to win, in words a player knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Goal {
    /// The 28 pyramid cards (Par Pyramid too: its round counts as won once
    /// the pyramid is cleared, and play goes on only for points).
    ClearPyramid,
    /// All 52 cards.
    ClearAllCards,
}

impl fmt::Display for Goal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Goal::ClearPyramid => "clear the pyramid",
            Goal::ClearAllCards => "remove all 52 cards",
        })
    }
}

/// When a round is lost (besides the universal dead-position rule).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LossRule {
    /// No removal, draw or recycle is left.
    NoMoves,
    /// Easy: a whole pass without any removal ends with the stock empty and no
    /// removal available.
    IdlePass,
    /// Relaxed: only when no removal can ever happen again.
    DeadOnly,
}

/// The score's bonus for clearing the pyramid during the first, second and
/// third pass (Par Pyramid, Morehead & Mott-Smith); none later, or never.
pub const PASS_BONUS: [i32; 3] = [50, 35, 20];

/// The points the score loses for each card still on the table (pyramid,
/// stock, draw slot and waste) when the round ends.
pub const CARD_PENALTY: i32 = 1;

/// The score's bonus for clearing the pyramid during pass `pass` (from 1).
pub fn clearing_bonus(pass: u16) -> i32 {
    usize::from(pass)
        .checked_sub(1)
        .and_then(|i| PASS_BONUS.get(i))
        .copied()
        .unwrap_or(0)
}

/// Which two cards make a pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pairing {
    /// Values that add up to 13; a King goes alone.
    Thirteen,
    /// Cheops: equal or adjacent ranks (A with A or 2, K with Q or K); no
    /// card goes alone.
    Adjacent,
}

/// Where the 24 cards that are not in the pyramid lie.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Layout {
    /// A face-down stock, turned onto the waste (or the wastes).
    Stock,
    /// Giza: face up in 8 reserve piles of 3, each pile's top card
    /// available; no stock. Pile `j` holds deck cards `28 + j`, `36 + j`
    /// and `44 + j`, bottom to top (dealt a row of eight at a time).
    Reserve,
}

/// Reserve piles in [`Layout::Reserve`].
pub const RESERVE_PILES: u8 = 8;

/// The settings a game stands for: a point in the family's rule space.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Passes through the stock; `None` is unlimited.
    pub passes: Option<u8>,
    pub win: WinCondition,
    pub stock_mode: StockMode,
    pub loss: LossRule,
    /// Cards turned by one draw: 1, or 3 (fewer when the stock has fewer).
    pub turn: u8,
    /// Waste piles: 1, or 3 (Apophis: a draw deals one card onto each, in
    /// turn; each pile's top card is available).
    pub wastes: u8,
    pub layout: Layout,
    pub pairing: Pairing,
    /// A card may also pair with the one card still covering it.
    pub overlap: bool,
}

impl Rules {
    /// The rules of the seven presets' family: one card turned, one waste,
    /// a stock, pairs making 13, no overlap.
    const fn pyramid(
        passes: Option<u8>,
        win: WinCondition,
        stock_mode: StockMode,
        loss: LossRule,
    ) -> Rules {
        Rules {
            passes,
            win,
            stock_mode,
            loss,
            turn: 1,
            wastes: 1,
            layout: Layout::Stock,
            pairing: Pairing::Thirteen,
            overlap: false,
        }
    }
}

impl Preset {
    /// The named games, in the order the new-deal dialog lists them.
    pub const ALL: [Preset; 11] = [
        Preset::Classic,
        Preset::Easy,
        Preset::Medium,
        Preset::Hard,
        Preset::Relaxed,
        Preset::Traditional,
        Preset::Par,
        Preset::Giza,
        Preset::KingTut,
        Preset::Apophis,
        Preset::Cheops,
    ];

    /// The seven presets of SPEC §3: the first seven named games.
    pub const CLASSIC_SEVEN: &'static [Preset] = Preset::ALL.as_slice().split_at(7).0;

    /// The id used in URLs, save files and the CLI: `classic`, `giza`,
    /// `custom-u-1-waste-pyramid-no`, …
    pub fn id(self) -> Cow<'static, str> {
        Cow::Borrowed(match self {
            Preset::Classic => "classic",
            Preset::Easy => "easy",
            Preset::Medium => "medium",
            Preset::Hard => "hard",
            Preset::Relaxed => "relaxed",
            Preset::Traditional => "traditional",
            Preset::Par => "par",
            Preset::Giza => "giza",
            Preset::KingTut => "kingtut",
            Preset::Apophis => "apophis",
            Preset::Cheops => "cheops",
            Preset::Custom(c) => return Cow::Owned(c.id()),
        })
    }

    /// The name shown to players.
    pub fn name(self) -> Cow<'static, str> {
        Cow::Borrowed(match self {
            Preset::Classic => "Classic",
            Preset::Easy => "Easy",
            Preset::Medium => "Medium",
            Preset::Hard => "Hard",
            Preset::Relaxed => "Relaxed",
            Preset::Traditional => "Traditional",
            Preset::Par => "Par Pyramid",
            Preset::Giza => "Giza",
            Preset::KingTut => "King Tut",
            Preset::Apophis => "Apophis",
            Preset::Cheops => "Cheops",
            Preset::Custom(c) => return Cow::Owned(format!("Custom ({})", c.summary())),
        })
    }

    /// One line for the new-deal dialog.
    pub fn summary(self) -> Cow<'static, str> {
        Cow::Borrowed(match self {
            Preset::Classic => "3 passes, clear the pyramid, waste top live",
            Preset::Easy => "unlimited passes, a pass with no removal ends the round",
            Preset::Medium => "3 passes, clear the pyramid",
            Preset::Hard => "1 pass, clear the pyramid",
            Preset::Relaxed => "unlimited passes, lost only when stuck for good",
            Preset::Traditional => "1 pass, remove all 52 cards, drawn card and waste top live",
            Preset::Par => "3 passes for points, drawn card and waste top live",
            Preset::Giza => "no stock: 8 reserve piles face up, remove all 52 cards",
            Preset::KingTut => "3 cards a turn, unlimited passes, clear the pyramid",
            Preset::Apophis => "3 waste piles, 3 passes, remove all 52 cards",
            Preset::Cheops => "pairs of equal or adjacent rank, 1 pass, all 52 cards",
            Preset::Custom(c) => return Cow::Owned(c.summary()),
        })
    }

    pub fn rules(self) -> Rules {
        use LossRule::*;
        use StockMode::*;
        let pyramid = Rules::pyramid;
        match self {
            Preset::Classic | Preset::Medium => {
                pyramid(Some(3), WinCondition::Pyramid, Waste, NoMoves)
            }
            Preset::Easy => pyramid(None, WinCondition::Pyramid, Waste, IdlePass),
            Preset::Hard => pyramid(Some(1), WinCondition::Pyramid, Waste, NoMoves),
            Preset::Relaxed => pyramid(None, WinCondition::Pyramid, Waste, DeadOnly),
            Preset::Traditional => pyramid(Some(1), WinCondition::AllCards, DrawCard, NoMoves),
            Preset::Par => pyramid(Some(3), WinCondition::Scored, DrawCard, NoMoves),
            // PySolFC's Giza: no talon, all cards to the foundation.
            Preset::Giza => Rules {
                layout: Layout::Reserve,
                ..pyramid(Some(1), WinCondition::AllCards, Waste, NoMoves)
            },
            // PySolFC's King Tut: three at a time, unlimited redeals, only
            // the waste's top card playable, won once the pyramid is clear.
            Preset::KingTut => Rules {
                turn: 3,
                ..pyramid(None, WinCondition::Pyramid, Waste, DeadOnly)
            },
            // PySolFC's Apophis: three wastes, two redeals, all cards.
            Preset::Apophis => Rules {
                turn: 3,
                wastes: 3,
                ..pyramid(Some(3), WinCondition::AllCards, Waste, NoMoves)
            },
            // PySolFC's Cheops: one pass, the talon's top card face up and
            // playable with the waste's (our draw slot), all cards.
            Preset::Cheops => Rules {
                pairing: Pairing::Adjacent,
                ..pyramid(Some(1), WinCondition::AllCards, DrawCard, NoMoves)
            },
            Preset::Custom(c) => c.rules(),
        }
    }

    /// The game's code in one byte, for challenge tokens and the daily
    /// deal's seed: a named game's place in [`Preset::ALL`], or 64 plus a
    /// custom set's options.
    pub fn code(self) -> u8 {
        match self {
            Preset::Custom(c) => 64 | c.bits(),
            named => Preset::ALL
                .iter()
                .position(|&p| p == named)
                .expect("every named game is in Preset::ALL") as u8,
        }
    }

    /// The game of [`Preset::code`], if `code` is one.
    pub fn from_code(code: u8) -> Option<Preset> {
        match code {
            64..=127 => Custom::from_bits(code & 63).map(Preset::Custom),
            _ => Preset::ALL.get(usize::from(code)).copied(),
        }
    }

    /// The custom rule set with the same rules, for the new-deal dialog's
    /// composer: every preset of SPEC §3 but Easy and Par has one.
    pub fn as_custom(self) -> Option<Custom> {
        let r = self.rules();
        let custom = Custom {
            passes: r.passes,
            turn: r.turn,
            stock_mode: r.stock_mode,
            goal: r.goal(),
            overlap: r.overlap,
        };
        (Preset::Custom(custom).rules() == r).then_some(custom)
    }
}

impl Custom {
    /// `custom-<passes>-<turn>-<mode>-<goal>-<overlap>`.
    pub fn id(self) -> String {
        let passes = match self.passes {
            Some(n) => char::from(b'0' + n),
            None => 'u',
        };
        format!(
            "custom-{passes}-{}-{}-{}-{}",
            self.turn,
            match self.stock_mode {
                StockMode::Waste => "waste",
                StockMode::DrawCard => "drawcard",
            },
            match self.goal {
                Goal::ClearPyramid => "pyramid",
                Goal::ClearAllCards => "all",
            },
            if self.overlap { "overlap" } else { "no" }
        )
    }

    /// The options in words: "1 pass, 3 at a time, drawn card live, all 52
    /// cards, overlap pairs".
    pub fn summary(self) -> String {
        let passes = match self.passes {
            Some(1) => "1 pass".to_string(),
            Some(n) => format!("{n} passes"),
            None => "unlimited passes".to_string(),
        };
        let turn = if self.turn == 3 {
            "3 cards a turn"
        } else {
            "1 card a turn"
        };
        let mode = match self.stock_mode {
            StockMode::Waste => "waste top live",
            StockMode::DrawCard => "drawn card and waste top live",
        };
        let goal = match self.goal {
            Goal::ClearPyramid => "clear the pyramid",
            Goal::ClearAllCards => "remove all 52 cards",
        };
        let overlap = if self.overlap { ", overlap pairs" } else { "" };
        format!("{passes}, {turn}, {mode}, {goal}{overlap}")
    }

    pub fn rules(self) -> Rules {
        Rules {
            turn: self.turn,
            overlap: self.overlap,
            ..Rules::pyramid(
                self.passes,
                match self.goal {
                    Goal::ClearPyramid => WinCondition::Pyramid,
                    Goal::ClearAllCards => WinCondition::AllCards,
                },
                self.stock_mode,
                // Unlimited passes: lost only when stuck for good.
                if self.passes.is_none() {
                    LossRule::DeadOnly
                } else {
                    LossRule::NoMoves
                },
            )
        }
    }

    /// Six bits: passes (0 unlimited, else 1–3), turn 3, draw-card, all
    /// cards, overlap.
    fn bits(self) -> u8 {
        self.passes.unwrap_or(0)
            | u8::from(self.turn == 3) << 2
            | u8::from(self.stock_mode == StockMode::DrawCard) << 3
            | u8::from(self.goal == Goal::ClearAllCards) << 4
            | u8::from(self.overlap) << 5
    }

    fn from_bits(bits: u8) -> Option<Custom> {
        let passes = bits & 3;
        (bits < 64).then_some(Custom {
            passes: (passes != 0).then_some(passes),
            turn: if bits & 4 != 0 { 3 } else { 1 },
            stock_mode: if bits & 8 != 0 {
                StockMode::DrawCard
            } else {
                StockMode::Waste
            },
            goal: if bits & 16 != 0 {
                Goal::ClearAllCards
            } else {
                Goal::ClearPyramid
            },
            overlap: bits & 32 != 0,
        })
    }

    /// Every custom set, in code order.
    pub fn all() -> impl Iterator<Item = Custom> {
        (0..64).filter_map(Custom::from_bits)
    }
}

impl FromStr for Custom {
    type Err = ();

    /// The set whose id `s` is: one spelling of the ids, [`Custom::id`]'s
    /// (64 sets; a saved document reads a few ids at most).
    fn from_str(s: &str) -> Result<Custom, ()> {
        if !s.starts_with("custom-") {
            return Err(());
        }
        Custom::all().find(|c| c.id() == s).ok_or(())
    }
}

impl Preset {
    /// A list of games as the command-line tools take it: `all` (the named
    /// games), or ids separated by commas (`classic,custom-1-1-waste-all-no`).
    pub fn parse_list(text: &str) -> Result<Vec<Preset>, UnknownPreset> {
        if text == "all" {
            return Ok(Preset::ALL.to_vec());
        }
        text.split(',').map(str::parse).collect()
    }
}

impl Rules {
    /// What the player must clear to win.
    pub fn goal(self) -> Goal {
        match self.win {
            WinCondition::Pyramid | WinCondition::Scored => Goal::ClearPyramid,
            WinCondition::AllCards => Goal::ClearAllCards,
        }
    }

    /// How many times the waste may be turned over into a new stock;
    /// `None` is without limit.
    pub fn recycles(self) -> Option<u8> {
        self.passes.map(|p| p.saturating_sub(1))
    }

    /// Whether the card just drawn stays live in a draw slot of its own
    /// beside the waste top (the two may then pair).
    pub fn has_draw_slot(self) -> bool {
        self.stock_mode == StockMode::DrawCard
    }

    /// Whether there is a stock to draw from (Giza has none).
    pub fn has_stock(self) -> bool {
        self.layout == Layout::Stock
    }

    /// Whether a King leaves on its own (it does where pairs make 13).
    pub fn kings_alone(self) -> bool {
        self.pairing == Pairing::Thirteen
    }

    /// Whether `card` may leave alone: a King, where pairs make 13.
    pub fn goes_alone(self, card: Card) -> bool {
        card.is_king() && self.kings_alone()
    }

    /// Whether cards of ranks `a` and `b` (1–13) make a pair.
    pub fn ranks_pair(self, a: u8, b: u8) -> bool {
        match self.pairing {
            Pairing::Thirteen => a + b == 13,
            Pairing::Adjacent => a.abs_diff(b) <= 1,
        }
    }

    /// Whether the rules are the seven presets' own (one card a turn, one
    /// waste, a stock, pairs making 13, no overlap), which the solver's
    /// tuned search covers.
    pub fn is_classic_family(self) -> bool {
        self.turn == 1
            && self.wastes == 1
            && self.layout == Layout::Stock
            && self.pairing == Pairing::Thirteen
            && !self.overlap
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.id())
    }
}

/// A game id that is not one of the named games nor a custom id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownPreset(pub String);

impl fmt::Display for UnknownPreset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ids: Vec<Cow<str>> = Preset::ALL.iter().map(|p| p.id()).collect();
        write!(
            f,
            "unknown rules \u{201c}{}\u{201d} (expected one of: {}, or custom-<passes>-<turn>-<mode>-<goal>-<overlap>)",
            self.0,
            ids.join(", ")
        )
    }
}

impl std::error::Error for UnknownPreset {}

impl FromStr for Preset {
    type Err = UnknownPreset;

    fn from_str(s: &str) -> Result<Preset, UnknownPreset> {
        Preset::ALL
            .into_iter()
            .find(|p| p.id() == s)
            .or_else(|| s.parse().ok().map(Preset::Custom))
            .ok_or_else(|| UnknownPreset(s.to_string()))
    }
}

/// Saved as its id. Read through `FromStr` rather than a derived visitor:
/// one string read instead of an enum visitor (the page's first load
/// carries every byte of it).
impl Serialize for Preset {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.id())
    }
}

impl<'de> Deserialize<'de> for Preset {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let id = String::deserialize(d)?;
        id.parse()
            .map_err(|e: UnknownPreset| serde::de::Error::custom(e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_preset_is_saved_as_its_id_also_as_a_map_key() {
        for p in Preset::ALL {
            let text = serde_json::to_string(&p).unwrap();
            assert_eq!(text, format!("\"{}\"", p.id()));
            assert_eq!(serde_json::from_str::<Preset>(&text).unwrap(), p);
            let map = std::collections::BTreeMap::from([(p, 1)]);
            let text = serde_json::to_string(&map).unwrap();
            assert_eq!(text, format!("{{\"{}\":1}}", p.id()));
            assert_eq!(
                serde_json::from_str::<std::collections::BTreeMap<Preset, u8>>(&text).unwrap(),
                map
            );
        }
        let err = serde_json::from_str::<Preset>("\"purple\"").unwrap_err();
        assert!(err.to_string().contains("unknown rules"), "{err}");
        assert!(serde_json::from_str::<Preset>("3").is_err());
    }

    #[test]
    fn lists() {
        assert_eq!(Preset::parse_list("all"), Ok(Preset::ALL.to_vec()));
        assert_eq!(
            Preset::parse_list("hard,par"),
            Ok(vec![Preset::Hard, Preset::Par])
        );
        assert_eq!(
            Preset::parse_list("hard,spider"),
            Err(UnknownPreset("spider".into()))
        );
        assert!(Preset::parse_list("").is_err());
    }

    #[test]
    fn goals() {
        for preset in Preset::ALL {
            let expected = match preset {
                Preset::Traditional | Preset::Giza | Preset::Apophis | Preset::Cheops => {
                    Goal::ClearAllCards
                }
                _ => Goal::ClearPyramid,
            };
            assert_eq!(preset.rules().goal(), expected, "{preset}");
        }
        assert_eq!(Goal::ClearAllCards.to_string(), "remove all 52 cards");
    }

    #[test]
    fn custom_ids_of_spec_section_10() {
        let c: Preset = "custom-1-1-drawcard-pyramid-overlap".parse().unwrap();
        assert_eq!(
            c,
            Preset::Custom(Custom {
                passes: Some(1),
                turn: 1,
                stock_mode: StockMode::DrawCard,
                goal: Goal::ClearPyramid,
                overlap: true,
            })
        );
        let r = c.rules();
        assert!(r.overlap && r.has_draw_slot() && r.passes == Some(1));
        let u: Preset = "custom-u-3-waste-all-no".parse().unwrap();
        assert_eq!(u.rules().passes, None);
        assert_eq!(u.rules().turn, 3);
        assert_eq!(u.rules().goal(), Goal::ClearAllCards);
        assert_eq!(u.rules().loss, LossRule::DeadOnly);
        // Every custom set: its id reads back, its code too, and no two
        // share either.
        let all: Vec<Custom> = Custom::all().collect();
        assert_eq!(all.len(), 64);
        let mut codes = std::collections::HashSet::new();
        for custom in all {
            let p = Preset::Custom(custom);
            assert_eq!(p.id().parse::<Preset>(), Ok(p), "{p}");
            assert_eq!(Preset::from_code(p.code()), Some(p), "{p}");
            assert!(codes.insert(p.code()));
            let text = serde_json::to_string(&p).unwrap();
            assert_eq!(serde_json::from_str::<Preset>(&text).unwrap(), p);
        }
        for p in Preset::ALL {
            assert_eq!(Preset::from_code(p.code()), Some(p));
            assert!(codes.insert(p.code()));
        }
        // The seven presets keep their places (challenge links, dailies).
        assert_eq!(
            Preset::CLASSIC_SEVEN
                .iter()
                .map(|p| p.code())
                .collect::<Vec<_>>(),
            [0, 1, 2, 3, 4, 5, 6]
        );
        for bad in [
            "custom-4-1-waste-all-no",
            "custom-1-2-waste-all-no",
            "custom-1-1-stock-all-no",
            "custom-1-1-waste-some-no",
            "custom-1-1-waste-all-yes",
            "custom-1-1-waste-all",
            "custom-1-1-waste-all-no-x",
            "Custom-1-1-waste-all-no",
        ] {
            assert!(bad.parse::<Preset>().is_err(), "{bad}");
        }
        assert_eq!(Preset::from_code(7 + 4), None);
        assert_eq!(Preset::from_code(200), None);
    }

    #[test]
    fn the_named_games_follow_pysolfc() {
        let giza = Preset::Giza.rules();
        assert!(!giza.has_stock() && giza.goal() == Goal::ClearAllCards && giza.kings_alone());
        let tut = Preset::KingTut.rules();
        assert_eq!(
            (tut.turn, tut.passes, tut.goal()),
            (3, None, Goal::ClearPyramid)
        );
        assert!(!tut.has_draw_slot());
        let apophis = Preset::Apophis.rules();
        assert_eq!(
            (apophis.wastes, apophis.passes, apophis.goal()),
            (3, Some(3), Goal::ClearAllCards)
        );
        let cheops = Preset::Cheops.rules();
        assert_eq!(
            (cheops.pairing, cheops.passes, cheops.goal()),
            (Pairing::Adjacent, Some(1), Goal::ClearAllCards)
        );
        assert!(!cheops.kings_alone() && cheops.ranks_pair(13, 12) && cheops.ranks_pair(1, 1));
        assert!(!cheops.ranks_pair(1, 13) && !cheops.ranks_pair(5, 7));
        // The presets whose rules a custom set can say map to it.
        assert!(Preset::Classic.as_custom().is_some());
        assert!(Preset::Easy.as_custom().is_none());
        assert!(Preset::Par.as_custom().is_none());
        assert!(Preset::Giza.as_custom().is_none());
        assert!(Preset::KingTut.as_custom().is_some());
        for p in Preset::CLASSIC_SEVEN {
            assert!(p.rules().is_classic_family(), "{p}");
        }
    }

    #[test]
    fn the_score_of_spec_section_3() {
        assert_eq!([0, 1, 2, 3, 4].map(clearing_bonus), [0, 50, 35, 20, 0]);
        assert_eq!(CARD_PENALTY, 1);
        assert_eq!(Preset::Hard.rules().recycles(), Some(0));
        assert_eq!(Preset::Classic.rules().recycles(), Some(2));
        assert_eq!(Preset::Easy.rules().recycles(), None);
        assert!(Preset::Par.rules().has_draw_slot());
        assert!(!Preset::Classic.rules().has_draw_slot());
    }

    #[test]
    fn ids_round_trip() {
        for preset in Preset::ALL {
            assert_eq!(preset.id().parse::<Preset>(), Ok(preset));
        }
        assert_eq!(
            "klondike".parse::<Preset>(),
            Err(UnknownPreset("klondike".into()))
        );
        assert_eq!(Preset::default(), Preset::Classic);
    }

    #[test]
    fn table_of_spec_section_3() {
        let r = Preset::Traditional.rules();
        assert_eq!(r.passes, Some(1));
        assert_eq!(r.win, WinCondition::AllCards);
        assert_eq!(r.stock_mode, StockMode::DrawCard);
        assert_eq!(Preset::Relaxed.rules().passes, None);
        assert_eq!(Preset::Hard.rules().passes, Some(1));
        assert_eq!(Preset::Par.rules().win, WinCondition::Scored);
        assert_eq!(Preset::Classic.rules(), Preset::Medium.rules());
    }
}
