//! What the page keeps of the player's rounds beyond the table: the round
//! in progress saved under its own key, the statistics recorded when a
//! round ends, and the notices about saved data that had to be set aside.
//!
//! Saving is part of each action, not an effect: every action that changes
//! the round ends by writing it ([`save_round`]).

use leptos::prelude::*;
use pyramid_engine::Preset;

use crate::domain::persist::encode_stats;
use crate::platform::clock;
use crate::platform::download::{download, indented_json};
use crate::platform::storage::{self, Notice};
use crate::state::announce;
use crate::state::context::{GameContext, ShownNotice};

/// Writes the round in progress under its own key.
pub fn save_round(ctx: GameContext) {
    let elapsed = ctx.table.elapsed_ms.get_untracked();
    let now = clock::now_ms();
    // While a win is shown, the player's own round is the one to keep.
    let saved = match ctx
        .coach
        .replay
        .with_untracked(|r| r.as_ref().map(|r| r.stashed.clone()))
    {
        Some(stashed) => stashed.to_saved(elapsed, now),
        None => ctx.table.round.with_untracked(|r| r.to_saved(elapsed, now)),
    };
    // A round storage cannot take waits in its queue (see `show_waiting`).
    let _ = storage::save_round(&saved);
    ctx.stats.show_waiting();
}

/// Records the round on the table if it is over, or as abandoned when
/// the player leaves it started (`abandoning`): see
/// [`crate::state::statistics::Statistics::close_round`]. A shown win is
/// not the player's round, and is never recorded.
pub fn record_finish(ctx: GameContext, abandoning: bool) {
    if ctx.coach.replay.with_untracked(Option::is_some) {
        return;
    }
    let elapsed = ctx.table.elapsed_ms.get_untracked();
    let notices = ctx
        .table
        .round
        .with_untracked(|r| ctx.stats.close_round(r, elapsed, abandoning));
    show_notices(ctx, &notices);
}

/// Forgets every result of `preset`, in this tab and (through the merge
/// on save) in every other.
pub fn reset_stats(ctx: GameContext, preset: Preset) {
    let notices = ctx.stats.reset(preset);
    announce::say(ctx, format!("Statistics for {} cleared", preset.name()));
    show_notices(ctx, &notices);
}

/// Reads an exported statistics file and asks the player to confirm
/// what it would do (`ui/later/import_preview.rs`); nothing changes yet.
pub fn import_stats(ctx: GameContext, text: &str) {
    match ctx.stats.preview_import(text) {
        Ok(true) => {}
        Ok(false) => announce::say(ctx, "Nothing to import: these statistics are already here"),
        Err(e) => announce::say(ctx, format!("Could not import: {e}")),
    }
}

/// The name of the exported statistics file.
pub const EXPORT_FILE_NAME: &str = "pyramid-stats.json";

/// Downloads the statistics as a file (the panel's Export, and the banner
/// while storage cannot take finished rounds), and says how it went.
pub fn export_stats(ctx: GameContext) {
    let text = ctx.stats.book.with_untracked(encode_stats);
    match download(EXPORT_FILE_NAME, &indented_json(&text)) {
        Ok(()) => announce::say(ctx, format!("Statistics saved as {EXPORT_FILE_NAME}")),
        Err(_) => announce::say(ctx, "Could not export: the browser refused the download"),
    }
}

/// Tells the player about data storage had to set aside: a sentence
/// in the live region, and a banner with the whole story (and the copy
/// to download) that stays until it is dismissed.
pub fn show_notices(ctx: GameContext, notices: &[Notice]) {
    for notice in notices {
        announce::add(ctx, &notice.headline());
        ctx.ui
            .notices
            .update(|shown| shown.push(ShownNotice::new(notice)));
    }
}

/// Takes a banner away (the player dismissed it).
pub fn dismiss_notice(ctx: GameContext, id: u32) {
    ctx.ui.notices.update(|shown| shown.retain(|n| n.id != id));
}
