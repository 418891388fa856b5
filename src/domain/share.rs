//! The words of sharing and challenges, from what the engine knows of the
//! round (its result, its passes): a spoiler-free text of a finished
//! round, the query of its challenge link, and the words that compare a
//! result with a challenge's.
//!
//! A challenge link is `?deal=N&rules=ID&challenge=TOKEN`, whose token
//! ([`pyramid_engine::challenge`]) carries the result and the line of
//! moves; the page that opens it checks the token against the deal on the
//! table by replaying it through the engine ([`challenge::verify`]).

use std::cmp::Ordering;

use pyramid_engine::challenge::{self, Challenge, Score};
use pyramid_engine::Game;

use crate::domain::label::DealLabel;
use crate::domain::link::deal_query;
use crate::domain::round::{format_time, Round};

/// The game's name at the head of a shared text.
pub(crate) const GAME_NAME: &str = "Pyramid Solitaire";

/// The mark of a pass that removed cards, and of one that removed none.
const PASS_WITH_REMOVALS: &str = "\u{1f7e9}";
const PASS_WITHOUT: &str = "\u{2b1c}";

/// One mark per pass played: whether the pass removed any card. It says
/// how the round went without naming a card.
pub(crate) fn pass_strip(game: &Game) -> String {
    game.removed_per_pass()
        .into_iter()
        .map(|removed| {
            if removed > 0 {
                PASS_WITH_REMOVALS
            } else {
                PASS_WITHOUT
            }
        })
        .collect()
}

/// The spoiler-free text of a finished round (without the link).
pub(crate) fn share_text(round: &Round, elapsed_ms: u64) -> String {
    let score = Score::of_game(&round.game, elapsed_ms);
    let (moves, time) = (score.moves, format_time(elapsed_ms));
    let result = if score.won {
        format!("Won in {moves} moves, {time}")
    } else {
        format!("Lost after {moves} moves, {time}")
    };
    let help = if round.assisted { "assisted" } else { "clean" };
    format!(
        "{GAME_NAME} \u{b7} {}\n{result} \u{b7} {help}\nPasses {}",
        DealLabel::of(round).headline(),
        pass_strip(&round.game)
    )
}

/// The query of a challenge link for `game`, a finished round of deal
/// `deal_number`.
pub(crate) fn challenge_query(game: &Game, deal_number: u32, elapsed_ms: u64) -> String {
    let token = challenge::encode(&Challenge::of_game(game, deal_number, elapsed_ms));
    deal_query(deal_number, game.preset(), Some(&token))
}

/// "42 moves in 3:10".
fn score_words(score: &Score) -> String {
    format!("{} moves in {}", score.moves, format_time(score.elapsed_ms))
}

/// The banner of a verified challenge.
pub(crate) fn challenge_words(c: &Challenge) -> String {
    if c.won {
        format!("Beat {}", score_words(&c.score()))
    } else {
        format!(
            "Beat {}: your challenger did not win this deal",
            score_words(&c.score())
        )
    }
}

/// After the round: how the player did against the challenge.
pub(crate) fn comparison_words(mine: &Score, theirs: &Score) -> String {
    let verdict = match mine.compare(theirs) {
        Ordering::Greater => "you beat the challenge",
        Ordering::Equal => "a tie with the challenge",
        Ordering::Less => "the challenge stands",
    };
    let what = if mine.won { "" } else { "no win, " };
    format!("You: {what}{} \u{2014} {verdict}", score_words(mine))
}

#[cfg(test)]
mod tests {
    use super::*;
    use pyramid_engine::{solve, Limits, Move, Preset};

    use crate::domain::persist::DealOrigin;

    fn won_round() -> (Round, Vec<Move>) {
        let mut round = Round::new(1, Preset::Classic, "r1".into(), DealOrigin::Number);
        let line = solve(round.board(), round.position(), Limits::default()).line;
        for &m in &line {
            round.game.play(m).unwrap();
        }
        (round, line)
    }

    #[test]
    fn the_text_names_no_card() {
        let (round, line) = won_round();
        let text = share_text(&round, 190_000);
        assert!(
            text.starts_with("Pyramid Solitaire \u{b7} Deal 1 \u{b7} Classic\n"),
            "{text}"
        );
        assert!(
            text.contains(&format!("Won in {} moves, 3:10 \u{b7} clean", line.len())),
            "{text}"
        );
        for m in &line {
            if m.is_removal() {
                assert!(!text.contains(&m.to_string()), "{text} names {m}");
            }
        }
        for word in ["hearts", "spades", "clubs", "diamonds", "King"] {
            assert!(!text.contains(word), "{text}");
        }
        let daily = Round {
            daily: Some("2026-03-15".parse().unwrap()),
            assisted: true,
            ..round.clone()
        };
        let text = share_text(&daily, 61_000);
        assert!(
            text.contains("Daily deal 2026-03-15 \u{b7} Classic"),
            "{text}"
        );
        assert!(text.contains("1:01 \u{b7} assisted"), "{text}");
    }

    #[test]
    fn a_lost_round_says_so() {
        let mut round = Round::new(2, Preset::Hard, "r2".into(), DealOrigin::Number);
        while !round.is_over() {
            let m = round.board().legal_moves(round.position())[0];
            round.game.play(m).unwrap();
        }
        let text = share_text(&round, 5_000);
        let moves = round.game.move_count();
        assert!(
            text.contains(&format!("\nLost after {moves} moves, 0:05 \u{b7} clean\n")),
            "{text}"
        );
    }

    #[test]
    fn one_mark_per_pass() {
        let mut game = Round::new(1, Preset::Classic, "r".into(), DealOrigin::Number).game;
        assert_eq!(pass_strip(&game), "\u{2b1c}");
        // A pass of draws alone, then a pass that removes a card.
        while game.board().can_draw(game.position()) {
            game.play(Move::Draw).unwrap();
        }
        game.play(Move::Recycle).unwrap();
        assert_eq!(pass_strip(&game), "\u{2b1c}\u{2b1c}");
        while game.board().removals(game.position()).is_empty() {
            game.play(Move::Draw).unwrap();
        }
        game.play(game.board().removals(game.position())[0])
            .unwrap();
        assert_eq!(pass_strip(&game), "\u{2b1c}\u{1f7e9}");
    }

    #[test]
    fn the_link_verifies_and_compares() {
        let (round, line) = won_round();
        let query = challenge_query(&round.game, 1, 190_000);
        assert!(
            query.starts_with("?deal=1&rules=classic&challenge="),
            "{query}"
        );
        let token = query.rsplit('=').next().unwrap();
        let c = challenge::verify(token, 1, Preset::Classic).unwrap();
        assert_eq!(c.line, line);
        let n = line.len();
        assert_eq!(challenge_words(&c), format!("Beat {n} moves in 3:10"));
        let mine = Score {
            won: true,
            moves: n as u32 - 1,
            elapsed_ms: 175_000,
        };
        assert_eq!(
            comparison_words(&mine, &c.score()),
            format!(
                "You: {} moves in 2:55 \u{2014} you beat the challenge",
                n - 1
            )
        );
        let lost = Score { won: false, ..mine };
        assert!(comparison_words(&lost, &c.score()).ends_with("the challenge stands"));
    }
}
