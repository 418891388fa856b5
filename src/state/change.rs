//! The one way the round's moves change: [`change_round`] snapshots where
//! the cards are, changes the round, lets the cards travel and saves. Every
//! move, undo, redo, rewind and step of a shown win goes through it; and
//! "assisted" is set only by [`assist`].

use leptos::prelude::*;

use crate::domain::round::Round;
use crate::fx::motion;
use crate::state::context::GameContext;
use crate::state::{announce, record};

/// Changes the round with `change` (which says whether it changed it):
/// snapshots the cards' places first, then, if it changed, lets the cards
/// travel to their new places and saves the round. Says whether it changed.
pub fn change_round(ctx: GameContext, change: impl FnOnce(&mut Round) -> bool) -> bool {
    let mut change = Some(change);
    change_round_once(ctx, &mut |r| change.take().is_some_and(|change| change(r)))
}

/// [`change_round`], once for every caller (the page carries one copy).
fn change_round_once(ctx: GameContext, change: &mut dyn FnMut(&mut Round) -> bool) -> bool {
    let before = ctx.table.round.with_untracked(motion::snapshot);
    let mut changed = false;
    ctx.table.round.maybe_update(|r| {
        changed = change(r);
        changed
    });
    if changed {
        ctx.table
            .round
            .with_untracked(|r| motion::animate(before, r));
        // While a win is shown, the player's own round (the one saved) is
        // put aside and does not change.
        if ctx.coach.replay.with_untracked(Option::is_none) {
            record::save_round(ctx);
        }
    }
    changed
}

/// Marks `round` as played with help (a hint, an auto move, an undo, a
/// rewind, a shown win): its win is not clean. The one place that says so.
pub fn assist(round: &mut Round) {
    round.assisted = true;
}

/// Whether the player may act on the table now: not while paused, and
/// not while a winning line is being shown.
pub fn can_act(ctx: GameContext) -> bool {
    !ctx.table.paused.get_untracked() && ctx.coach.replay.with_untracked(Option::is_none)
}

/// After the round's history moved (undo, redo, a rewind): nothing is
/// selected or hinted, and the end dialog may show again.
pub fn after_history_change(ctx: GameContext, what: &str) {
    ctx.table.selected.set(None);
    ctx.table.hinted.set(None);
    ctx.ui.end_dialog_closed.set(false);
    announce::after(ctx, what);
}
