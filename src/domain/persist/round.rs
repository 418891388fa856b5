//! A round in progress: its deal, rules, the whole line of moves (played
//! and redoable), the clock and the identity that keeps it from being
//! counted twice in the statistics.

use pyramid_engine::{Date, Deal, Game, Move, Preset};
use serde::{Deserialize, Serialize};

use super::{check_id, check_version, Invalid, PersistError};

/// The version [`encode_round`] writes.
pub const ROUND_VERSION: u32 = 2;

/// How a deal was picked: shown in the status bar ("Daily deal"), and kept
/// with the round so a resumed round says the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum DealOrigin {
    #[default]
    Random,
    Winnable,
    Number,
    Daily,
    /// The guided first round ([`crate::domain::lesson`]): never recorded.
    Lesson,
}

saved_as_id!(DealOrigin {
    Random => "random",
    Winnable => "winnable",
    Number => "number",
    Daily => "daily",
    Lesson => "lesson",
});

/// A round as saved: enough to rebuild the [`Game`] exactly, undo and redo
/// history included. The line is re-validated by [`SavedRound::to_game`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedRound {
    /// Always [`ROUND_VERSION`] once decoded.
    pub version: u32,
    /// The rules, by id (`"classic"`).
    pub preset: Preset,
    /// The deal number, when the deal came from one.
    pub deal_number: Option<u32>,
    /// The deal text: 52 codes in deal order (always present, so a deal
    /// without a number can be restored too).
    pub cards: String,
    /// Every move on the line, by code: the played ones, then those redo
    /// would play.
    pub line: Vec<Move>,
    /// How many moves of `line` are on the board (the move counter).
    pub played: usize,
    /// The round's clock.
    pub elapsed_ms: u64,
    /// Par Pyramid: the player ended the round.
    pub ended: bool,
    /// The round's identity in the statistics and its storage key: a resumed
    /// round keeps it, so it is recorded once however often it is reloaded.
    pub round_id: String,
    /// How the deal was picked (missing in saves from before it was kept:
    /// they read as random).
    #[serde(default)]
    pub origin: DealOrigin,
    /// Whether the player had help in this round (missing in older saves:
    /// they read as unassisted).
    #[serde(default)]
    pub assisted: bool,
    /// When the round was last saved, by the wall clock (ms since the Unix
    /// epoch): a new tab resumes the most recent round no tab is playing.
    #[serde(default)]
    pub saved_at_ms: u64,
    /// For a daily deal, the date it is the deal of (missing for other
    /// deals, and in daily saves from before the calendar, whose results
    /// then count as rounds without a date).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub daily: Option<Date>,
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
            origin: DealOrigin::default(),
            assisted: false,
            saved_at_ms: 0,
            daily: None,
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

    /// The checks of a freshly read round that need no replay: its version,
    /// id, counter and deal.
    pub fn validate(self) -> Result<SavedRound, PersistError> {
        check_version(self.version, ROUND_VERSION)?;
        self.check()?;
        Ok(self)
    }

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

/// The round as JSON.
pub fn encode_round(round: &SavedRound) -> String {
    // A struct of strings, numbers and enums of unit variants always
    // serializes.
    serde_json::to_string(round).expect("a saved round serializes")
}

/// Reads a saved round and checks its version, shape, deal and ids;
/// [`SavedRound::to_game`] then checks the moves. Never panics.
pub fn decode_round(text: &str) -> Result<SavedRound, PersistError> {
    super::from_json::<SavedRound>(text, ROUND_VERSION)?.validate()
}

#[cfg(test)]
mod tests {
    use super::*;
    use pyramid_engine::{MoveError, ReplayError};

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
    fn round_trip_keeps_redo_clock_and_origin() {
        let game = some_game();
        let saved = SavedRound {
            origin: DealOrigin::Daily,
            saved_at_ms: 99,
            ..SavedRound::from_game(&game, Some(42), 61_250, "r-1")
        };
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

    /// A decode error of the shape, with where serde_json says it is.
    fn json_error(text: &str) -> String {
        match decode_round(text) {
            Err(PersistError::Json(e)) => e.to_string(),
            other => panic!("expected a JSON error, got {other:?}"),
        }
    }

    #[test]
    fn unknown_rules_and_move_codes_are_refused_with_where() {
        let good = encode_round(&SavedRound::from_game(&some_game(), Some(42), 0, "r"));
        let spider = good.replace(r#""preset":"classic""#, r#""preset":"spider""#);
        let e = json_error(&spider);
        assert!(e.contains("spider") && e.contains("line 1 column"), "{e}");
        let bad_move = good.replace(r#""line":["#, r#""line":["ZZ","#);
        assert!(json_error(&bad_move).contains("ZZ"));
        let float = good.replace(r#""elapsed_ms":0"#, r#""elapsed_ms":0.5"#);
        json_error(&float);
        let missing = good.replace(r#""ended":false,"#, "");
        assert!(json_error(&missing).contains("ended"));
    }

    #[test]
    fn other_versions_are_refused() {
        let good = encode_round(&SavedRound::from_game(&some_game(), Some(42), 0, "r"));
        for v in [0, 1, 3] {
            let text = good.replace(r#""version":2"#, &format!(r#""version":{v}"#));
            assert!(
                matches!(decode_round(&text), Err(PersistError::UnknownVersion(n)) if n == v),
                "{v}"
            );
        }
    }

    #[test]
    fn origin_and_save_time_may_be_missing() {
        let saved = SavedRound::from_game(&some_game(), Some(42), 0, "r");
        let mut value: serde_json::Value = serde_json::from_str(&encode_round(&saved)).unwrap();
        let object = value.as_object_mut().unwrap();
        object.remove("origin");
        object.remove("saved_at_ms");
        let back = decode_round(&value.to_string()).unwrap();
        assert_eq!(back, saved);
        assert_eq!(back.origin, DealOrigin::Random);
    }
}
