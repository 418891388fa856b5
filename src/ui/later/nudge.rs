//! The nudge to draw: when nothing on the table can be removed and the
//! stock can be drawn, a player new to the game may not see that drawing is
//! the move. After a few idle seconds in such a position the stock is
//! marked (`data-nudge="true"`: a pulsing glow, still with motion off) and
//! the live region says to draw. Any change to the round, the selection,
//! the pause or an open dialog takes the mark off and starts the wait
//! again. It is no hint: the round is not marked assisted.

use std::time::Duration;

use leptos::prelude::*;

use crate::fx::zones::STOCK_SELECTOR;
use crate::state::announce;
use crate::state::context::{GameContext, OpenDialog};

/// How long the player may look at a table with nothing to remove before
/// the stock is marked.
pub const NUDGE_AFTER: Duration = Duration::from_secs(5);

/// Marks the stock, or takes the mark off.
fn mark_stock(on: bool) {
    let Ok(Some(stock)) = document().query_selector(STOCK_SELECTOR) else {
        return;
    };
    let _ = if on {
        stock.set_attribute("data-nudge", "true")
    } else {
        stock.remove_attribute("data-nudge")
    };
}

/// Watches the table for a position where drawing is the only move.
#[component]
pub fn DrawNudge() -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    let timer = StoredValue::new_local(None::<TimeoutHandle>);
    // Drawing is the only move, and the player is at the table: no dialog
    // open, nothing selected, no pause and no replay.
    let waits_for_a_draw = move || {
        let only_draw = ctx.table.round.with(|r| {
            let (board, pos) = (r.board(), r.position());
            !r.is_over() && board.can_draw(pos) && !board.has_removal(pos)
        });
        only_draw
            && !ctx.table.paused.get()
            && ctx.ui.dialog.get() == OpenDialog::None
            && ctx.coach.replay.with(Option::is_none)
            && ctx.table.selected.with(Option::is_none)
    };
    Effect::new(move |_| {
        let waiting = waits_for_a_draw();
        if let Some(handle) = timer.try_update_value(Option::take).flatten() {
            handle.clear();
        }
        mark_stock(false);
        if waiting {
            let handle = set_timeout_with_handle(
                move || {
                    // The round may have moved on in the same instant, before
                    // this effect ran again.
                    if untrack(waits_for_a_draw) {
                        mark_stock(true);
                        announce::say(ctx, "No pair to make: draw a card");
                    }
                },
                NUDGE_AFTER,
            );
            timer.set_value(handle.ok());
        }
    });
    on_cleanup(move || {
        if let Some(handle) = timer.try_update_value(Option::take).flatten() {
            handle.clear();
        }
    });
}
