//! What the page says in its polite live region (`role=status`): one
//! sentence for each thing that happened, with the round's outcome when it
//! just ended.

use leptos::prelude::*;

use crate::domain::lesson;
use crate::domain::round::describe_status;
use crate::state::context::GameContext;

/// Says `text`, in place of what the live region said before.
pub fn say(ctx: GameContext, text: impl Into<String>) {
    ctx.ui.message.set(text.into());
}

/// Adds a sentence to the live region without hiding what it said.
pub fn add(ctx: GameContext, text: &str) {
    ctx.ui.message.update(|m| {
        if !m.is_empty() {
            m.push(' ');
        }
        m.push_str(text);
    });
}

/// Says what happened, then the outcome if the round just ended, or the
/// lesson's next step.
pub fn after(ctx: GameContext, what: impl Into<String>) {
    let what = what.into();
    let (status, next) = ctx
        .table
        .round
        .with_untracked(|r| (r.status(), lesson::instruction(r)));
    match describe_status(status).map(str::to_string).or(next) {
        Some(then) => say(ctx, format!("{what}. {then}")),
        None => say(ctx, what),
    }
}
