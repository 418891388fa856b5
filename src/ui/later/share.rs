//! Sharing a finished round, and challenges: the end dialog's **Share**
//! button, the banner of the challenge the page was opened with, and the
//! player's result against it. The words are `domain/share.rs`'s; the
//! share sheet and the clipboard are `platform/web_share.rs`'s.
//!
//! A page opened by a challenge link checks the token against the deal on
//! the table by replaying it through the engine ([`challenge::verify`]),
//! then shows "Beat 42 moves in 3:10" while that deal is on the table, and
//! the comparison in the end dialog; a token that fails is named as not
//! valid, and the deal opens all the same.

use leptos::prelude::*;
use pyramid_engine::challenge::{self, Challenge, Score};

use crate::domain::share::{
    challenge_query, challenge_words, comparison_words, share_text, GAME_NAME,
};
use crate::platform::address;
use crate::platform::web_share::{share_or_copy, ShareOutcome};
use crate::state::announce;
use crate::state::context::GameContext;

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

/// Checks the challenge the page was opened with (`?challenge=`, if any)
/// against the deal on the table, and puts the answer in context (for
/// [`ChallengeBanner`] and [`ChallengeResult`]). Call it from the root,
/// after the round is chosen.
pub fn install_challenge(token: Option<&str>, ctx: GameContext) {
    let state = token.map(|token| {
        let (number, preset) = ctx.table.round.with_untracked(|r| (r.deal_number, r.preset()));
        let verified = match number {
            Some(n) => challenge::verify(token, n, preset).map_err(|e| e.to_string()),
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

/// Shares the round on the table: the Web Share API where the browser has
/// it, else the clipboard; says what happened in the status region.
pub fn share(ctx: GameContext) {
    let elapsed = ctx.table.elapsed_ms.get_untracked();
    let (text, query) = ctx.table.round.with_untracked(|r| {
        (
            share_text(r, elapsed),
            r.deal_number.map(|n| challenge_query(&r.game, n, elapsed)),
        )
    });
    let url = query.map(|q| address::page_url(&q));
    leptos::task::spawn_local(async move {
        let said = match share_or_copy(GAME_NAME, &text, url.as_deref()).await {
            ShareOutcome::Shared => "Result shared",
            // The player closed the share sheet: nothing to say.
            ShareOutcome::Dismissed => return,
            ShareOutcome::Copied => "Result copied to the clipboard",
            ShareOutcome::Unavailable => {
                "Could not share or copy the result: this browser allows neither here"
            }
        };
        ctx.ui.message.set(said.into());
    });
}
