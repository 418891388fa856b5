//! Which round a tab starts with: pure policy over the rounds storage
//! holds, what the link asks for, and which rounds open tabs play. The
//! shell (`app.rs`) reads storage and the tabs' locks, then asks
//! [`choose_round`].

use std::collections::HashSet;

use pyramid_engine::{Game, Preset};

use crate::domain::label::DealLabel;
use crate::domain::link::UrlRequest;
use crate::domain::persist::SavedRound;
use crate::domain::round::{capitalise, Round};

/// What a tab plays first.
#[derive(Debug)]
pub(crate) enum Start {
    /// A saved round, with its clock.
    Resume(Box<Round>, u64),
    /// A new round: of this deal, or (`None`) of a random one.
    Deal(Option<u32>, Preset),
}

/// Which round a tab starts with, and which saved rounds it closes.
#[derive(Debug)]
pub(crate) struct StartupChoice {
    pub start: Start,
    /// Saved rounds to record (if finished, or started and left) and
    /// forget, with their clocks.
    pub to_close: Vec<(Round, u64)>,
}

/// Picks the round, given the rounds in storage (`saved`: readable ones
/// only, each with its game rebuilt), the link's request, this tab's
/// round before a reload (`own`) and the rounds other tabs hold (`held`):
/// - this tab's own round is resumed, unless the link asks for another deal
///   or rules: then the player has left it, and it is closed (recorded as
///   abandoned if it was started);
/// - a new tab deals what the link asks for, or resumes the most recently
///   saved unfinished round that no open tab plays, or deals at random;
/// - finished rounds that no open tab shows are closed (recorded, once).
///
/// Other tabs' rounds are never closed.
pub(crate) fn choose_round(
    saved: Vec<(SavedRound, Game)>,
    request: &UrlRequest,
    own: Option<&str>,
    held: &HashSet<String>,
) -> StartupChoice {
    let mut resume = None;
    let mut to_close = Vec::new();
    let mut free = Vec::new();
    for (saved, game) in saved {
        if held.contains(&saved.round_id) {
            continue;
        }
        let elapsed = saved.elapsed_ms;
        let saved_at = saved.saved_at_ms;
        let round = Round::resumed(&saved, game);
        if own == Some(round.round_id.as_str()) {
            let same_deal = request
                .deal_number
                .is_none_or(|n| round.deal_number == Some(n));
            let same_rules = request.preset.is_none_or(|p| round.preset() == p);
            if same_deal && same_rules {
                resume = Some((round, elapsed));
            } else {
                to_close.push((round, elapsed));
            }
        } else if round.is_over() {
            to_close.push((round, elapsed));
        } else {
            free.push((saved_at, round, elapsed));
        }
    }
    if resume.is_none() && !request.asks_for_a_deal() {
        // The latest saved (a sort would cost the page a sort's code).
        resume = free
            .into_iter()
            .max_by(|(a_at, a, _), (b_at, b, _)| (a_at, &a.round_id).cmp(&(b_at, &b.round_id)))
            .map(|(_, round, elapsed)| (round, elapsed));
    }
    let start = match resume {
        Some((round, elapsed)) => Start::Resume(Box::new(round), elapsed),
        None => Start::Deal(
            request.deal_number,
            request.preset.unwrap_or(Preset::Classic),
        ),
    };
    StartupChoice { start, to_close }
}

/// The first words of the live region: the round the tab starts with
/// (`resumed`, or dealt), then what was wrong with the link, if anything.
pub(crate) fn startup_notice(round: &Round, resumed: bool, request: &UrlRequest) -> String {
    let deal = DealLabel::of(round).words();
    let mut notice = if resumed {
        format!("Resuming {deal}.")
    } else {
        format!("{}.", capitalise(&deal))
    };
    if !request.errors.is_empty() {
        let problems: Vec<String> = request.errors.iter().map(ToString::to_string).collect();
        notice.push_str(&format!(
            " The link could not be used as given: {}.",
            problems.join("; ")
        ));
    }
    notice
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::domain::persist::DealOrigin;

    /// A saved round of `deal` under `preset`, saved at `saved_at`, with
    /// `moves` moves played.
    fn saved(
        id: &str,
        deal: u32,
        preset: Preset,
        saved_at: u64,
        moves: usize,
    ) -> (SavedRound, Game) {
        let mut round = Round::new(deal, preset, id.into(), DealOrigin::Number);
        for _ in 0..moves {
            let m = round.board().legal_moves(round.position())[0];
            round.game.play(m).unwrap();
        }
        (round.to_saved(1_000 * moves as u64, saved_at), round.game)
    }

    /// A saved round of deal 2 under Hard rules, played to its end.
    fn finished(id: &str, saved_at: u64) -> (SavedRound, Game) {
        let mut round = Round::new(2, Preset::Hard, id.into(), DealOrigin::Number);
        while !round.is_over() {
            let m = round.board().legal_moves(round.position())[0];
            round.game.play(m).unwrap();
        }
        (round.to_saved(9_000, saved_at), round.game)
    }

    /// What the choice comes to: the round resumed (its id) or the deal
    /// dealt, and the ids of the rounds closed.
    #[derive(Debug, PartialEq, Eq)]
    enum Outcome {
        Resume(String),
        Deal(Option<u32>, Preset),
    }

    fn check(
        saved: Vec<(SavedRound, Game)>,
        link: &str,
        own: Option<&str>,
        held: &[&str],
        expected: Outcome,
        closed: &[&str],
    ) {
        let held: HashSet<String> = held.iter().map(|id| id.to_string()).collect();
        let choice = choose_round(saved, &UrlRequest::parse(link), own, &held);
        let outcome = match &choice.start {
            Start::Resume(round, _) => Outcome::Resume(round.round_id.clone()),
            Start::Deal(n, p) => Outcome::Deal(*n, *p),
        };
        assert_eq!(outcome, expected, "{link}");
        let ids: Vec<&str> = choice
            .to_close
            .iter()
            .map(|(r, _)| r.round_id.as_str())
            .collect();
        assert_eq!(ids, closed, "{link}");
    }

    #[test]
    fn with_nothing_saved_the_link_or_chance_decides() {
        check(
            vec![],
            "",
            None,
            &[],
            Outcome::Deal(None, Preset::Classic),
            &[],
        );
        check(
            vec![],
            "?deal=5&rules=hard",
            None,
            &[],
            Outcome::Deal(Some(5), Preset::Hard),
            &[],
        );
        check(
            vec![],
            "?rules=par",
            None,
            &[],
            Outcome::Deal(None, Preset::Par),
            &[],
        );
        // This tab's round before the reload, gone from storage meanwhile.
        check(
            vec![],
            "",
            Some("a"),
            &[],
            Outcome::Deal(None, Preset::Classic),
            &[],
        );
    }

    #[test]
    fn a_reloaded_tab_resumes_its_own_round() {
        let rounds = || {
            vec![
                saved("own", 7, Preset::Classic, 100, 3),
                saved("newer", 8, Preset::Classic, 200, 3),
            ]
        };
        check(
            rounds(),
            "",
            Some("own"),
            &[],
            Outcome::Resume("own".into()),
            &[],
        );
        // The link it was opened with names the same round.
        check(
            rounds(),
            "?deal=7&rules=classic",
            Some("own"),
            &[],
            Outcome::Resume("own".into()),
            &[],
        );
        check(
            rounds(),
            "?deal=07",
            Some("own"),
            &[],
            Outcome::Resume("own".into()),
            &[],
        );
        // A link to another deal or other rules: the player left the round.
        check(
            rounds(),
            "?deal=9",
            Some("own"),
            &[],
            Outcome::Deal(Some(9), Preset::Classic),
            &["own"],
        );
        check(
            rounds(),
            "?deal=7&rules=hard",
            Some("own"),
            &[],
            Outcome::Deal(Some(7), Preset::Hard),
            &["own"],
        );
        // Its own round, even finished (the end dialog shows again).
        check(
            vec![finished("own", 100)],
            "",
            Some("own"),
            &[],
            Outcome::Resume("own".into()),
            &[],
        );
    }

    #[test]
    fn a_round_another_tab_holds_is_left_alone() {
        let rounds = || {
            vec![
                saved("theirs", 7, Preset::Classic, 300, 3),
                finished("their-finished", 400),
                saved("free", 8, Preset::Classic, 100, 2),
            ]
        };
        check(
            rounds(),
            "",
            None,
            &["theirs", "their-finished"],
            Outcome::Resume("free".into()),
            &[],
        );
        // Held by another tab (a duplicated tab): not this tab's after all.
        check(
            vec![saved("theirs", 7, Preset::Classic, 300, 3)],
            "",
            None,
            &["theirs"],
            Outcome::Deal(None, Preset::Classic),
            &[],
        );
    }

    #[test]
    fn a_new_tab_resumes_the_latest_free_round() {
        let rounds = || {
            vec![
                saved("old", 1, Preset::Classic, 100, 1),
                saved("latest", 2, Preset::Easy, 300, 1),
                saved("middle", 3, Preset::Hard, 200, 1),
                // Saved in the same millisecond: the larger id, always.
                saved("b-tie", 4, Preset::Classic, 50, 1),
                saved("a-tie", 5, Preset::Classic, 50, 1),
            ]
        };
        check(
            rounds(),
            "",
            None,
            &[],
            Outcome::Resume("latest".into()),
            &[],
        );
        check(
            rounds(),
            "",
            None,
            &["latest"],
            Outcome::Resume("middle".into()),
            &[],
        );
        check(
            rounds().split_off(3),
            "",
            None,
            &[],
            Outcome::Resume("b-tie".into()),
            &[],
        );
        // A link that asks for a deal deals it; the saved rounds stay saved.
        check(
            rounds(),
            "?deal=2&rules=easy",
            None,
            &[],
            Outcome::Deal(Some(2), Preset::Easy),
            &[],
        );
        // A link that cannot be used asks for nothing.
        check(
            rounds(),
            "?deal=abc&rules=klondike",
            None,
            &[],
            Outcome::Resume("latest".into()),
            &[],
        );
    }

    #[test]
    fn finished_rounds_of_closed_tabs_are_closed() {
        check(
            vec![
                finished("done", 500),
                saved("free", 8, Preset::Classic, 100, 2),
            ],
            "",
            None,
            &[],
            Outcome::Resume("free".into()),
            &["done"],
        );
        check(
            vec![finished("done", 500), finished("done-too", 600)],
            "?deal=3",
            Some("own-gone"),
            &[],
            Outcome::Deal(Some(3), Preset::Classic),
            &["done", "done-too"],
        );
        // An unstarted round is resumed like any other.
        check(
            vec![saved("fresh", 8, Preset::Classic, 100, 0)],
            "",
            None,
            &[],
            Outcome::Resume("fresh".into()),
            &[],
        );
    }

    #[test]
    fn unreadable_data_leaves_a_new_deal() {
        // Storage that could not be read gives no rounds (the shell says
        // why): the link, or chance, decides.
        check(
            vec![],
            "?deal=%31%32",
            None,
            &[],
            Outcome::Deal(Some(12), Preset::Classic),
            &[],
        );
        // A saved round from before rounds kept their save time is still
        // resumed, after any round that has one.
        let (mut old, game) = saved("old", 1, Preset::Classic, 0, 1);
        old.saved_at_ms = 0;
        check(
            vec![
                (old.clone(), game.clone()),
                saved("new", 2, Preset::Classic, 1, 1),
            ],
            "",
            None,
            &[],
            Outcome::Resume("new".into()),
            &[],
        );
        check(
            vec![(old, game)],
            "",
            None,
            &[],
            Outcome::Resume("old".into()),
            &[],
        );
    }

    #[test]
    fn the_notice_names_the_round_and_the_link_s_faults() {
        let round = Round::new(1, Preset::Classic, "r".into(), DealOrigin::Number);
        let none = UrlRequest::parse("");
        assert_eq!(
            startup_notice(&round, true, &none),
            "Resuming deal 1, Classic rules."
        );
        assert_eq!(
            startup_notice(&round, false, &none),
            "Deal 1, Classic rules."
        );
        let bad = UrlRequest::parse("?deal=0&rules=x");
        assert_eq!(
            startup_notice(&round, false, &bad),
            "Deal 1, Classic rules. The link could not be used as given: \
             \u{201c}0\u{201d} is not a deal number (use a whole number from 1 to 4294967295); \
             \u{201c}x\u{201d} is not a rule set (use one of classic, easy, medium, hard, \
             relaxed, traditional, par, giza, kingtut, apophis, cheops, or a custom-\u{2026} id)."
        );
        let daily = Round {
            daily: Some("2026-03-15".parse().unwrap()),
            ..Round::new(77, Preset::Hard, "d".into(), DealOrigin::Daily)
        };
        assert_eq!(
            startup_notice(&daily, true, &none),
            "Resuming daily deal of 2026-03-15 (deal 77), Hard rules."
        );
    }
}
