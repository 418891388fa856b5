//! Sharing a finished round, and the challenge the page was opened with:
//! the Share action (the words are `domain/share.rs`'s; the share sheet
//! and the clipboard are `platform/web_share.rs`'s), and the check of a
//! challenge link against the deal on the table, whose answer the banner
//! and the end dialog show.

use leptos::prelude::*;
use pyramid_engine::challenge::{self, Challenge};

use crate::domain::share::{challenge_query, challenge_words, share_text, GAME_NAME};
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
/// against the deal on the table, and puts the answer in context (for the
/// challenge banner and the end dialog). Call it from the root,
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
        announce::say(ctx, said);
    });
}
