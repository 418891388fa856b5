//! Sharing a finished round, and challenges.
//!
//! **Share** (the end dialog) makes a spoiler-free text: the game, the deal
//! number or the daily's date, the rules, won or lost, moves, time, clean
//! or assisted, and one mark per pass; then a challenge link,
//! `?deal=N&rules=ID&challenge=TOKEN`, whose token
//! ([`pyramid_engine::challenge`]) carries the result and the line of
//! moves. The text goes through the Web Share API where the browser has
//! it, else to the clipboard, with a word in the status region.
//!
//! A page opened by a challenge link checks the token against the deal on
//! the table by replaying it through the engine ([`challenge::verify`]),
//! then shows "Beat 42 moves in 3:10" while that deal is on the table, and
//! the comparison in the end dialog; a token that fails is named as not
//! valid, and the deal opens all the same.

use leptos::prelude::*;
use pyramid_engine::challenge::{self, Challenge, Score};
use pyramid_engine::{Game, Move, Status};
use wasm_bindgen::{JsCast, JsValue};

use crate::domain::round::{format_time, Round};
use crate::state::announce;
use crate::state::context::GameContext;

/// The game's name at the head of a shared text.
pub const GAME_NAME: &str = "Pyramid Solitaire";

/// The mark of a pass that removed cards, and of one that removed none.
const PASS_WITH_REMOVALS: &str = "\u{1f7e9}";
const PASS_WITHOUT: &str = "\u{2b1c}";

/// One mark per pass played: whether the pass removed any card. It says
/// how the round went without naming a card.
pub fn pass_strip(played: &[Move]) -> String {
    let mut strip = String::new();
    let mut removed = false;
    for m in played {
        match m {
            Move::Recycle => {
                strip.push_str(if removed {
                    PASS_WITH_REMOVALS
                } else {
                    PASS_WITHOUT
                });
                removed = false;
            }
            m if m.is_removal() => removed = true,
            _ => {}
        }
    }
    strip.push_str(if removed {
        PASS_WITH_REMOVALS
    } else {
        PASS_WITHOUT
    });
    strip
}

/// The spoiler-free text of a finished round (without the link).
pub fn share_text(round: &Round, elapsed_ms: u64) -> String {
    let game = &round.game;
    let which = match (round.daily, round.deal_number) {
        (Some(date), _) => format!("Daily deal {date}"),
        (None, Some(n)) => format!("Deal {n}"),
        (None, None) => "A custom deal".to_string(),
    };
    let moves = game.move_count();
    let time = format_time(elapsed_ms);
    let result = match game.status() {
        Status::Won => format!("Won in {moves} moves, {time}"),
        _ => format!("Lost after {moves} moves, {time}"),
    };
    let help = if round.assisted { "assisted" } else { "clean" };
    format!(
        "{GAME_NAME} \u{b7} {which} \u{b7} {}\n{result} \u{b7} {help}\nPasses {}",
        round.preset().name(),
        pass_strip(game.played())
    )
}

/// The query of a challenge link for `game`, a finished round of deal
/// `deal_number`.
pub fn challenge_query(game: &Game, deal_number: u32, elapsed_ms: u64) -> String {
    let token = challenge::encode(&Challenge::of_game(game, deal_number, elapsed_ms));
    format!(
        "?deal={deal_number}&rules={}&challenge={token}",
        game.preset().id()
    )
}

/// "42 moves in 3:10".
pub fn score_words(score: &Score) -> String {
    format!("{} moves in {}", score.moves, format_time(score.elapsed_ms))
}

/// The banner of a verified challenge.
pub fn challenge_words(c: &Challenge) -> String {
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
pub fn comparison_words(mine: &Score, theirs: &Score) -> String {
    let verdict = match mine.compare(theirs) {
        std::cmp::Ordering::Greater => "you beat the challenge",
        std::cmp::Ordering::Equal => "a tie with the challenge",
        std::cmp::Ordering::Less => "the challenge stands",
    };
    let what = if mine.won { "" } else { "no win, " };
    format!("You: {what}{} \u{2014} {verdict}", score_words(mine))
}

/// What the link's challenge turned out to be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChallengeState {
    /// Verified: shown while its deal and rules are on the table.
    Valid(Challenge),
    /// Refused, with the reason.
    Invalid(String),
}

/// The challenge the page was opened with, if any; in context.
#[derive(Clone, Copy)]
pub struct ActiveChallenge(pub RwSignal<Option<ChallengeState>>);

/// Reads `?challenge=` from the page's query, checks it against the deal on
/// the table, and puts the answer in context (for [`ChallengeBanner`] and
/// [`ChallengeResult`]). Call it from the root, after the round is chosen.
pub fn install_challenge(search: &str, ctx: GameContext) {
    let params = web_sys::UrlSearchParams::new_with_str(search).ok();
    let token = params.and_then(|p| p.get("challenge"));
    let state = token.map(|token| {
        let (number, preset) = ctx.table.round.with_untracked(|r| (r.deal_number, r.preset()));
        let verified = match number {
            Some(n) => challenge::verify(&token, n, preset).map_err(|e| e.to_string()),
            None => Err("the deal on the table has no number".to_string()),
        };
        match verified {
            Ok(c) => {
                announce::add(ctx, &format!("Challenge: {}.", challenge_words(&c)));
                ChallengeState::Valid(c)
            }
            Err(why) => {
                let text = format!("This challenge link is not valid: {why}. The deal is yours to play all the same.");
                announce::add(ctx, &text);
                ChallengeState::Invalid(text)
            }
        }
    });
    provide_context(ActiveChallenge(RwSignal::new(state)));
}

/// The verified challenge for the round on the table, if there is one.
fn challenge_for_table(ctx: GameContext) -> Option<Challenge> {
    let active = use_context::<ActiveChallenge>()?;
    active.0.with(|s| match s {
        Some(ChallengeState::Valid(c)) => ctx.table.round.with(|r| {
            (r.deal_number == Some(c.deal_number) && r.preset() == c.preset).then(|| c.clone())
        }),
        _ => None,
    })
}

/// Above the table: the challenge to beat, or why the link's was refused.
#[component]
pub fn ChallengeBanner() -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    let invalid = move || {
        use_context::<ActiveChallenge>().and_then(|a| {
            a.0.with(|s| match s {
                Some(ChallengeState::Invalid(text)) => Some(text.clone()),
                _ => None,
            })
        })
    };
    let text = move || {
        challenge_for_table(ctx)
            .map(|c| challenge_words(&c))
            .or_else(invalid)
    };
    view! {
        <Show when=move || text().is_some()>
            <p class="challenge-banner" data-testid="challenge">{text}</p>
        </Show>
    }
}

/// In the end dialog: the player's result against the challenge.
#[component]
pub fn ChallengeResult() -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    let text = move || {
        let theirs = challenge_for_table(ctx)?.score();
        let mine = ctx.table.round.with(|r| Score {
            won: r.status() == Status::Won,
            moves: u32::try_from(r.game.move_count()).unwrap_or(u32::MAX),
            elapsed_ms: ctx.table.elapsed_ms.get(),
        });
        Some(comparison_words(&mine, &theirs))
    };
    view! {
        <Show when=move || text().is_some()>
            <p data-testid="challenge-result">{text}</p>
        </Show>
    }
}

/// The end dialog's **Share** button.
#[component]
pub fn ShareButton() -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    view! {
        <button type="button" on:click=move |_| share(ctx)>
            "Share"
        </button>
    }
}

/// Shares the round on the table: the Web Share API where the browser has
/// it, else the clipboard; says what happened in the status region.
pub fn share(ctx: GameContext) {
    let elapsed = ctx.table.elapsed_ms.get_untracked();
    let (mut text, query) = ctx.table.round.with_untracked(|r| {
        (
            share_text(r, elapsed),
            r.deal_number.map(|n| challenge_query(&r.game, n, elapsed)),
        )
    });
    let url = query.map(|q| {
        let location = window().location();
        let base = format!(
            "{}{}",
            location.origin().unwrap_or_default(),
            location.pathname().unwrap_or_default()
        );
        format!("{base}{q}")
    });
    leptos::task::spawn_local(async move {
        let navigator = window().navigator();
        if let Some(share_fn) = method(&navigator, "share") {
            let data = js_sys::Object::new();
            let set = |k: &str, v: &str| {
                let _ = js_sys::Reflect::set(&data, &k.into(), &v.into());
            };
            set("title", GAME_NAME);
            set("text", &text);
            if let Some(url) = &url {
                set("url", url);
            }
            match call(&share_fn, &navigator, &data).await {
                Ok(()) => {
                    ctx.ui.message.set("Result shared".into());
                    return;
                }
                // The player closed the share sheet: nothing to say.
                Err(e) if error_name(&e) == "AbortError" => return,
                Err(_) => {}
            }
        }
        if let Some(url) = &url {
            text.push('\n');
            text.push_str(url);
        }
        let clipboard = js_sys::Reflect::get(&navigator, &"clipboard".into()).ok();
        let write = clipboard
            .as_ref()
            .and_then(|c| method(c, "writeText").map(|f| (c.clone(), f)));
        let copied = match write {
            Some((clipboard, f)) => call(&f, &clipboard, &JsValue::from_str(&text))
                .await
                .is_ok(),
            None => false,
        };
        ctx.ui.message.set(if copied {
            "Result copied to the clipboard".into()
        } else {
            "Could not share or copy the result: this browser allows neither here".into()
        });
    });
}

/// `target[name]` when it is a function.
fn method(target: &JsValue, name: &str) -> Option<js_sys::Function> {
    js_sys::Reflect::get(target, &name.into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
}

/// Calls `f` on `this` with one argument and awaits the promise it returns.
async fn call(f: &js_sys::Function, this: &JsValue, arg: &JsValue) -> Result<(), JsValue> {
    let promise = f.call1(this, arg)?.dyn_into::<js_sys::Promise>()?;
    wasm_bindgen_futures::JsFuture::from(promise)
        .await
        .map(|_| ())
}

fn error_name(e: &JsValue) -> String {
    js_sys::Reflect::get(e, &"name".into())
        .ok()
        .and_then(|n| n.as_string())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use pyramid_engine::{solve, Limits, Preset};

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
    fn one_mark_per_pass() {
        let k = Move::King("KS".parse().unwrap());
        let check = |line: &[Move], expected: &str| assert_eq!(pass_strip(line), expected);
        check(&[], "\u{2b1c}");
        check(&[Move::Draw, k], "\u{1f7e9}");
        check(
            &[k, Move::Recycle, Move::Draw, Move::Recycle, k],
            "\u{1f7e9}\u{2b1c}\u{1f7e9}",
        );
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
