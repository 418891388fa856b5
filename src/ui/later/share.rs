//! Sharing a finished round, and challenges: the end dialog's **Share**
//! button, the banner of the challenge the page was opened with, and the
//! player's result against it. The action and the check of the link are
//! [`crate::state::share`]'s; the words are `domain/share.rs`'s.
//!
//! A page opened by a challenge link checks the token against the deal on
//! the table by replaying it through the engine
//! (`pyramid_engine::challenge::verify`), then shows "Beat 42 moves in 3:10" while that deal is on the table, and
//! the comparison in the end dialog; a token that fails is named as not
//! valid, and the deal opens all the same.

use leptos::prelude::*;
use pyramid_engine::challenge::{Challenge, Score};

use crate::domain::share::{challenge_words, comparison_words};
use crate::state::context::GameContext;
use crate::state::share::{share, ActiveChallenge, ChallengeState};

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
        let mine = ctx
            .table
            .round
            .with(|r| Score::of_game(&r.game, ctx.table.elapsed_ms.get()));
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
