//! The seven rule presets of SPEC §3 and the rule settings they stand for.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A named set of rules a player can pick. Each keeps its own statistics.
/// Saved data names a preset by its id (`classic`, `par`), which is the
/// variant's name in lower case.
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
}

/// Which stock-side cards are live.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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

/// The settings a preset stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Passes through the stock; `None` is unlimited.
    pub passes: Option<u8>,
    pub win: WinCondition,
    pub stock_mode: StockMode,
    pub loss: LossRule,
}

impl Preset {
    pub const ALL: [Preset; 7] = [
        Preset::Classic,
        Preset::Easy,
        Preset::Medium,
        Preset::Hard,
        Preset::Relaxed,
        Preset::Traditional,
        Preset::Par,
    ];

    /// The id used in URLs, save files and the CLI: `classic`, `easy`, …
    pub fn id(self) -> &'static str {
        match self {
            Preset::Classic => "classic",
            Preset::Easy => "easy",
            Preset::Medium => "medium",
            Preset::Hard => "hard",
            Preset::Relaxed => "relaxed",
            Preset::Traditional => "traditional",
            Preset::Par => "par",
        }
    }

    /// The name shown to players.
    pub fn name(self) -> &'static str {
        match self {
            Preset::Classic => "Classic",
            Preset::Easy => "Easy",
            Preset::Medium => "Medium",
            Preset::Hard => "Hard",
            Preset::Relaxed => "Relaxed",
            Preset::Traditional => "Traditional",
            Preset::Par => "Par Pyramid",
        }
    }

    /// One line for the new-deal dialog.
    pub fn summary(self) -> &'static str {
        match self {
            Preset::Classic => "3 passes, clear the pyramid, waste top live",
            Preset::Easy => "unlimited passes, a pass with no removal ends the round",
            Preset::Medium => "3 passes, clear the pyramid",
            Preset::Hard => "1 pass, clear the pyramid",
            Preset::Relaxed => "unlimited passes, lost only when stuck for good",
            Preset::Traditional => "1 pass, remove all 52 cards, drawn card and waste top live",
            Preset::Par => "3 passes for points, drawn card and waste top live",
        }
    }

    pub fn rules(self) -> Rules {
        use LossRule::*;
        use StockMode::*;
        let (passes, win, stock_mode, loss) = match self {
            Preset::Classic | Preset::Medium => (Some(3), WinCondition::Pyramid, Waste, NoMoves),
            Preset::Easy => (None, WinCondition::Pyramid, Waste, IdlePass),
            Preset::Hard => (Some(1), WinCondition::Pyramid, Waste, NoMoves),
            Preset::Relaxed => (None, WinCondition::Pyramid, Waste, DeadOnly),
            Preset::Traditional => (Some(1), WinCondition::AllCards, DrawCard, NoMoves),
            Preset::Par => (Some(3), WinCondition::Scored, DrawCard, NoMoves),
        };
        Rules {
            passes,
            win,
            stock_mode,
            loss,
        }
    }
}

impl Preset {
    /// A list of presets as the command-line tools take it: `all`, or ids
    /// separated by commas (`classic,hard`).
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
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A preset id that is not one of the seven.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownPreset(pub String);

impl fmt::Display for UnknownPreset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ids: Vec<&str> = Preset::ALL.iter().map(|p| p.id()).collect();
        write!(
            f,
            "unknown rules \u{201c}{}\u{201d} (expected one of: {})",
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
            .ok_or_else(|| UnknownPreset(s.to_string()))
    }
}

/// Saved as its id. Read through `FromStr` rather than a derived visitor:
/// one string read instead of an enum visitor (the page's first load
/// carries every byte of it).
impl Serialize for Preset {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
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
                Preset::Traditional => Goal::ClearAllCards,
                _ => Goal::ClearPyramid,
            };
            assert_eq!(preset.rules().goal(), expected, "{preset}");
        }
        assert_eq!(Goal::ClearAllCards.to_string(), "remove all 52 cards");
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
