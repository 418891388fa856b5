//! The round in progress: its deal, rules, the whole line of moves (played
//! and redoable), the clock and the identity that keeps it from being
//! counted twice in the statistics.

use miniserde::{json, Deserialize, Serialize};
use pyramid_engine::{parse_line, Deal, Game, Move, Preset};

use super::{check_id, fnv1a, format_version, Invalid, PersistError};

/// The version [`encode_round`] writes.
pub const ROUND_VERSION: u32 = 2;

/// A round as saved: enough to rebuild the [`Game`] exactly, undo and redo
/// history included. The line is re-validated by [`SavedRound::to_game`].
/// On the wire it is [`RoundV2`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedRound {
    /// Always [`ROUND_VERSION`] once decoded (older versions are migrated).
    pub version: u32,
    pub preset: Preset,
    /// The deal number, when the deal came from one.
    pub deal_number: Option<u32>,
    /// The deal text: 52 codes in deal order (always present, so a deal
    /// without a number can be restored too).
    pub cards: String,
    /// Every move on the line: the played ones, then those redo would play.
    pub line: Vec<Move>,
    /// How many moves of `line` are on the board (the move counter).
    pub played: usize,
    /// The round's clock.
    pub elapsed_ms: u64,
    /// Par Pyramid: the player ended the round.
    pub ended: bool,
    /// The round's identity in the statistics: a resumed round keeps it, so
    /// it is recorded once however often it is reloaded.
    pub round_id: String,
}

impl SavedRound {
    /// The saved form of `game`.
    pub fn from_game(
        game: &Game,
        deal_number: Option<u32>,
        elapsed_ms: u64,
        round_id: &str,
    ) -> SavedRound {
        SavedRound {
            version: ROUND_VERSION,
            preset: game.preset(),
            deal_number,
            cards: game.deal().to_string(),
            line: game.line().to_vec(),
            played: game.move_count(),
            elapsed_ms,
            ended: game.is_ended_by_player(),
            round_id: round_id.to_string(),
        }
    }

    /// The deal, checked against the deal number when there is one.
    pub fn deal(&self) -> Result<Deal, PersistError> {
        let deal: Deal = self.cards.parse().map_err(PersistError::Deal)?;
        match self.deal_number {
            Some(0) => Err(Invalid::DealNumberZero.into()),
            Some(n) if Deal::from_number(n) != deal => Err(PersistError::DealMismatch(n)),
            _ => Ok(deal),
        }
    }

    /// Rebuilds the round, checking every move of the line (redoable ones
    /// too) against the rules.
    pub fn to_game(&self) -> Result<Game, PersistError> {
        self.check()?;
        let deal = self.deal()?;
        let mut game = Game::replay(deal, self.preset, &self.line, self.played)
            .map_err(PersistError::Replay)?;
        if self.ended && !game.end_round() {
            return Err(Invalid::CannotEnd.into());
        }
        Ok(game)
    }

    /// The checks that need no replay.
    fn check(&self) -> Result<(), PersistError> {
        check_id(&self.round_id)?;
        if self.played > self.line.len() {
            return Err(Invalid::PlayedBeyondLine {
                played: self.played,
                line: self.line.len(),
            }
            .into());
        }
        self.deal().map(drop)
    }
}

/// The round as JSON, in the current version.
pub fn encode_round(round: &SavedRound) -> String {
    json::to_string(&RoundV2 {
        version: ROUND_VERSION,
        ..RoundV2::from(round)
    })
}

/// Reads a saved round of any known version, migrated to the current one.
/// Checks its shape, deal and ids; [`SavedRound::to_game`] then checks the
/// moves. Never panics.
pub fn decode_round(text: &str) -> Result<SavedRound, PersistError> {
    let round = match format_version(text)? {
        1 => json::from_str::<RoundV1>(text)?.migrate()?,
        2 => json::from_str::<RoundV2>(text)?.parse()?,
        v => return Err(PersistError::UnknownVersion(v)),
    };
    round.check()?;
    Ok(SavedRound {
        version: ROUND_VERSION,
        ..round
    })
}

/// Version 2, the current one, on the wire: [`SavedRound`] with the preset
/// as its id and each move as its code.
#[derive(Serialize, Deserialize)]
struct RoundV2 {
    version: u32,
    preset: String,
    deal_number: Option<u32>,
    cards: String,
    line: Vec<String>,
    played: usize,
    elapsed_ms: u64,
    ended: bool,
    round_id: String,
}

impl From<&SavedRound> for RoundV2 {
    fn from(round: &SavedRound) -> RoundV2 {
        RoundV2 {
            version: round.version,
            preset: round.preset.id().to_string(),
            deal_number: round.deal_number,
            cards: round.cards.clone(),
            line: round.line.iter().map(Move::to_string).collect(),
            played: round.played,
            elapsed_ms: round.elapsed_ms,
            ended: round.ended,
            round_id: round.round_id.clone(),
        }
    }
}

impl RoundV2 {
    fn parse(self) -> Result<SavedRound, PersistError> {
        Ok(SavedRound {
            version: self.version,
            preset: self.preset.parse().map_err(PersistError::Preset)?,
            deal_number: self.deal_number,
            cards: self.cards,
            line: self
                .line
                .iter()
                .map(|code| code.parse())
                .collect::<Result<_, _>>()
                .map_err(PersistError::Line)?,
            played: self.played,
            elapsed_ms: self.elapsed_ms,
            ended: self.ended,
            round_id: self.round_id,
        })
    }
}

/// Version 1: the played moves as text, no redo, whole seconds, no id.
#[derive(Deserialize)]
struct RoundV1 {
    rules: String,
    deal: Option<u32>,
    cards: Option<String>,
    moves: String,
    seconds: u64,
}

impl RoundV1 {
    fn migrate(self) -> Result<SavedRound, PersistError> {
        let rules: Preset = self.rules.parse().map_err(PersistError::Preset)?;
        let cards = match (self.deal, self.cards) {
            (_, Some(cards)) => cards,
            (Some(0), None) => return Err(Invalid::DealNumberZero.into()),
            (Some(n), None) => Deal::from_number(n).to_string(),
            (None, None) => return Err(Invalid::MissingCards.into()),
        };
        let line = parse_line(&self.moves).map_err(PersistError::Line)?;
        // Version 1 had no round identity. Deriving one from the deal and
        // rules (rather than at random) gives the same id to the same old
        // round in every tab that migrates it, so it is counted once.
        let normalized = cards.split_whitespace().collect::<Vec<_>>().join(" ");
        let id = fnv1a(format!("{} {normalized}", rules.id()).as_bytes());
        Ok(SavedRound {
            version: ROUND_VERSION,
            preset: rules,
            deal_number: self.deal,
            cards,
            played: line.len(),
            line,
            elapsed_ms: self.seconds.saturating_mul(1000),
            ended: false,
            round_id: format!("v1-{id:016x}"),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pyramid_engine::{format_line, MoveError, ReplayError};

    fn some_game() -> Game {
        let mut game = Game::new(Deal::from_number(42), Preset::Classic);
        for _ in 0..5 {
            let m = game.board().legal_moves(game.position())[0];
            game.play(m).unwrap();
        }
        game.undo();
        game.undo();
        game
    }

    #[test]
    fn round_trip_keeps_redo_and_clock() {
        let game = some_game();
        let saved = SavedRound::from_game(&game, Some(42), 61_250, "r-1");
        let text = encode_round(&saved);
        let back = decode_round(&text).unwrap();
        assert_eq!(back, saved);
        let restored = back.to_game().unwrap();
        assert_eq!(restored.position(), game.position());
        assert_eq!(restored.line(), game.line());
        assert_eq!(restored.redoable(), game.redoable());
        assert_eq!(restored.move_count(), 3);
    }

    #[test]
    fn par_round_ended_by_player() {
        let mut game = Game::new(Deal::from_number(8), Preset::Par);
        game.play(Move::Draw).unwrap();
        assert!(game.end_round());
        let saved = SavedRound::from_game(&game, Some(8), 0, "p");
        let restored = decode_round(&encode_round(&saved))
            .unwrap()
            .to_game()
            .unwrap();
        assert!(restored.is_ended_by_player());
        assert_eq!(restored.status(), game.status());

        let classic = SavedRound {
            preset: Preset::Classic,
            ..saved
        };
        assert!(matches!(
            classic.to_game(),
            Err(PersistError::Invalid(Invalid::CannotEnd))
        ));
    }

    fn check_err(saved: SavedRound, expected: impl Fn(&PersistError) -> bool) {
        let err = decode_round(&encode_round(&saved))
            .and_then(|r| r.to_game())
            .unwrap_err();
        assert!(expected(&err), "unexpected error {err:?}");
    }

    #[test]
    fn refusals() {
        let good = SavedRound::from_game(&some_game(), Some(42), 0, "r");
        check_err(
            SavedRound {
                deal_number: Some(43),
                ..good.clone()
            },
            |e| matches!(e, PersistError::DealMismatch(43)),
        );
        check_err(
            SavedRound {
                deal_number: Some(0),
                ..good.clone()
            },
            |e| matches!(e, PersistError::Invalid(Invalid::DealNumberZero)),
        );
        check_err(
            SavedRound {
                played: 9,
                ..good.clone()
            },
            |e| {
                matches!(
                    e,
                    PersistError::Invalid(Invalid::PlayedBeyondLine { played: 9, line: 5 })
                )
            },
        );
        check_err(
            SavedRound {
                round_id: String::new(),
                ..good.clone()
            },
            |e| matches!(e, PersistError::Invalid(Invalid::BadId)),
        );
        check_err(
            SavedRound {
                cards: "AS".into(),
                ..good.clone()
            },
            |e| matches!(e, PersistError::Deal(_)),
        );
        check_err(
            SavedRound {
                line: vec![Move::Draw, Move::Recycle],
                played: 2,
                ..good
            },
            |e| {
                matches!(
                    e,
                    PersistError::Replay(ReplayError {
                        index: 1,
                        error: MoveError::StockNotEmpty
                    })
                )
            },
        );
    }

    #[test]
    fn unknown_rules_and_move_codes_are_refused() {
        let good = encode_round(&SavedRound::from_game(&some_game(), Some(42), 0, "r"));
        let spider = good.replace(r#""preset":"classic""#, r#""preset":"spider""#);
        assert!(matches!(
            decode_round(&spider),
            Err(PersistError::Preset(_))
        ));
        let bad_move = good.replace(r#""line":["#, r#""line":["ZZ","#);
        assert!(matches!(
            decode_round(&bad_move),
            Err(PersistError::Line(_))
        ));
        let v1 = r#"{"version":1,"rules":"spider","deal":3,"moves":"","seconds":0}"#;
        assert!(matches!(decode_round(v1), Err(PersistError::Preset(_))));
        let float = good.replace(r#""elapsed_ms":0"#, r#""elapsed_ms":0.5"#);
        assert!(matches!(decode_round(&float), Err(PersistError::Json)));
        let missing = good.replace(r#""ended":false,"#, "");
        assert!(matches!(decode_round(&missing), Err(PersistError::Json)));
    }

    #[test]
    fn newer_version_is_refused() {
        let text = r#"{"version":3,"anything":true}"#;
        assert!(matches!(
            decode_round(text),
            Err(PersistError::UnknownVersion(3))
        ));
    }

    #[test]
    fn version_1_migrates() {
        let game = some_game();
        let text = format!(
            r#"{{"version":1,"rules":"classic","deal":42,"moves":"{}","seconds":12}}"#,
            format_line(game.played())
        );
        let round = decode_round(&text).unwrap();
        assert_eq!(round.version, ROUND_VERSION);
        assert_eq!(round.played, 3);
        assert_eq!(round.line, game.played());
        assert_eq!(round.elapsed_ms, 12_000);
        assert!(round.round_id.starts_with("v1-"));
        // The same old round gets the same id wherever it is migrated.
        assert_eq!(decode_round(&text).unwrap().round_id, round.round_id);
        assert_eq!(round.to_game().unwrap().position(), game.position());

        let missing = r#"{"version":1,"rules":"hard","deal":null,"moves":"","seconds":0}"#;
        assert!(matches!(
            decode_round(missing),
            Err(PersistError::Invalid(Invalid::MissingCards))
        ));
        let bad_line = r#"{"version":1,"rules":"hard","deal":3,"moves":"D 5C","seconds":0}"#;
        assert!(matches!(decode_round(bad_line), Err(PersistError::Line(_))));
    }
}
