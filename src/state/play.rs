//! The player's moves on the table: taps, drops, draws, auto moves, undo and redo,
//! ending a Par round, pausing. Every move goes through the engine: the
//! page asks `Game::play` whether a move is legal and `Game::status`
//! whether the round is over, and never decides either itself.
//!
//! Every change to the round's moves goes through
//! [`change::change_round`](crate::state::change::change_round).

use leptos::prelude::*;
use pyramid_engine::{Card, Move, MoveError, Status};

use crate::domain::lesson;
use crate::domain::round::{capitalise, card_face, describe_move, Round};
use crate::fx::{focus, motion};
use crate::platform::sound::{self, Cue};
use crate::state::change::{after_history_change, assist, can_act, change_round};
use crate::state::context::{GameContext, OpenDialog};
use crate::state::{announce, coach, record};
use pyramid_engine::Hint;

/// Whether the player may act and the round is still in progress.
fn can_play(ctx: GameContext) -> bool {
    can_act(ctx) && !ctx.table.round.with_untracked(Round::is_over)
}

/// Plays `m` through the engine and tells the player what happened. In
/// the lesson, a legal move other than the taught one is not played.
pub fn play(ctx: GameContext, m: Move) -> Result<(), MoveError> {
    if !can_act(ctx) {
        return Ok(());
    }
    if ctx.table.round.with_untracked(|r| lesson::refuses(r, m)) {
        ctx.table.selected.set(None);
        announce::say(ctx, "Try the highlighted cards");
        return Ok(());
    }
    let mut result = Ok(());
    let card_had_focus = focus::card_has_focus();
    change_round(ctx, |r| {
        result = r.game.play(m);
        result.is_ok()
    });
    match result {
        Ok(()) => {
            if card_had_focus {
                focus::keep_focus_on_table();
            }
            sound::play(ctx.table.round.with_untracked(|r| match (r.status(), m) {
                (Status::Won, _) => Cue::Win,
                (_, Move::King(_)) => Cue::King,
                (_, Move::Pair(..)) => Cue::Pair,
                (_, Move::Draw) => Cue::Draw,
                (_, Move::Recycle) => Cue::Recycle,
            }));
            coach::advance_hint_cache(ctx, m);
            ctx.table.selected.set(None);
            ctx.table.hinted.set(None);
            announce::after(ctx, describe_move(m));
            record::record_finish(ctx, false);
            if ctx
                .table
                .round
                .with_untracked(|r| r.status() == Status::Won)
            {
                motion::celebrate();
                // The question to the worker in a task of its own: the
                // winning move's is long enough on a slow phone.
                set_timeout(
                    move || coach::ask_shortest_win(ctx),
                    std::time::Duration::ZERO,
                );
            }
        }
        Err(e) => {
            motion::shake(&m.removed_cards().collect::<Vec<_>>());
            sound::play(Cue::Illegal);
            announce::say(ctx, capitalise(&e.to_string()));
        }
    }
    result
}

/// A tap or click on a card (also Enter and Space on a focused card).
pub fn tap(ctx: GameContext, card: Card) {
    if !can_play(ctx) {
        return;
    }
    let covering = ctx.table.round.with_untracked(|r| {
        (!r.board().is_available(r.position(), card))
            .then(|| r.board().covering(r.position(), card))
    });
    if let Some(covering) = covering {
        announce::say(ctx, covered_by(card, covering));
        return;
    }
    let selected = ctx.table.selected.get_untracked();
    if selected == Some(card) {
        ctx.table.selected.set(None);
        announce::say(ctx, "Selection cancelled");
        return;
    }
    // A King goes alone where pairs make 13 (in Cheops it pairs too).
    if card.is_king()
        && ctx
            .table
            .round
            .with_untracked(|r| r.board().rules().kings_alone())
    {
        let _ = play(ctx, Move::King(card));
        return;
    }
    let mut text = String::new();
    if let Some(first) = selected {
        match play(ctx, Move::Pair(first, card)) {
            Ok(()) => return,
            // Not a pair: the tap moves the selection to the new card, and
            // the message says what the two made.
            Err(e @ (MoveError::NotThirteen(..) | MoveError::NotAdjacent(..))) => {
                text = e.to_string() + ". "
            }
            Err(_) => return,
        }
    }
    ctx.table.selected.set(Some(card));
    text += &capitalise(&card.name());
    announce::say(ctx, text + " selected");
}

/// "7♥ is covered by 5♣ and 8♦": the cards still lying on a covered card.
fn covered_by(card: Card, covering: [Option<Card>; 2]) -> String {
    let mut text = card_face(card) + " is covered by ";
    match covering {
        [Some(a), Some(b)] => text = text + &card_face(a) + " and " + &card_face(b),
        [Some(c), None] | [None, Some(c)] => text += &card_face(c),
        [None, None] => return format!("The {} is covered", card.name()),
    }
    text
}

/// Pairs two cards dragged onto each other; nothing changes if they do not pair.
pub fn drop_on(ctx: GameContext, dragged: Card, target: Card) {
    if dragged == target || ctx.table.round.with_untracked(Round::is_over) {
        return;
    }
    let _ = play(ctx, Move::Pair(dragged, target));
}

/// A tap on the stock, the `D` key and the Draw button: draws, or turns
/// the waste over when the stock is empty.
pub fn draw_or_recycle(ctx: GameContext) {
    if !can_play(ctx) {
        return;
    }
    let can_draw = ctx
        .table
        .round
        .with_untracked(|r| r.board().can_draw(r.position()));
    let _ = play(ctx, if can_draw { Move::Draw } else { Move::Recycle });
}

/// Plays the hinted move. The round counts as assisted.
pub fn auto_move(ctx: GameContext) {
    if !coach::can_ask(ctx) {
        return;
    }
    coach::with_hint(ctx, move |hint| match hint {
        Hint::Move(m) | Hint::Removal(m) => {
            ctx.table.round.update(assist);
            let _ = play(ctx, m);
        }
        other => coach::say_no_hint(ctx, &other),
    });
}

/// Takes the last move back; the round counts as assisted.
pub fn undo(ctx: GameContext) {
    if !can_act(ctx) {
        return;
    }
    let undone = change_round(ctx, |r| {
        let undone = r.game.undo();
        if undone {
            assist(r);
        }
        undone
    });
    if undone {
        after_history_change(ctx, "Move taken back");
    } else {
        announce::say(ctx, "Nothing to undo");
    }
}

/// Plays the last move taken back again.
pub fn redo(ctx: GameContext) {
    if !can_act(ctx) {
        return;
    }
    if change_round(ctx, |r| r.game.redo()) {
        after_history_change(ctx, "Move played again");
        record::record_finish(ctx, false);
    } else {
        announce::say(ctx, "Nothing to redo");
    }
}

/// Par Pyramid: stop playing and take the score.
pub fn end_round(ctx: GameContext) {
    if change_round(ctx, |r| r.game.end_round()) {
        ctx.table.selected.set(None);
        ctx.table.hinted.set(None);
        announce::after(ctx, "Round ended");
        record::record_finish(ctx, false);
    }
}

pub fn toggle_pause(ctx: GameContext) {
    let paused = ctx.table.paused.get_untracked();
    if ctx.table.round.with_untracked(Round::is_over) && !paused {
        return;
    }
    ctx.table.paused.set(!paused);
    ctx.table.selected.set(None);
    announce::say(
        ctx,
        if paused {
            "Game resumed"
        } else {
            "Game paused"
        },
    );
}

pub fn cancel_selection(ctx: GameContext) {
    if ctx.table.selected.get_untracked().is_some() {
        ctx.table.selected.set(None);
        announce::say(ctx, "Selection cancelled");
    }
    ctx.table.hinted.set(None);
}

/// Whether the end-of-round dialog should be open.
pub fn end_dialog_open(ctx: GameContext) -> bool {
    ctx.table.round.with(|r| r.status() != Status::InProgress)
        && !ctx.ui.end_dialog_closed.get()
        && ctx.ui.dialog.get() == OpenDialog::None
        && ctx.coach.replay.with(Option::is_none)
}

/// Whether the end-of-round dialog is open, without tracking.
pub fn end_dialog_open_untracked(ctx: GameContext) -> bool {
    untrack(|| end_dialog_open(ctx))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_covered_card_names_the_cards_on_it() {
        let card = |code: &str| code.parse::<Card>().unwrap();
        assert_eq!(
            covered_by(card("7H"), [Some(card("5C")), Some(card("8D"))]),
            "7\u{2665} is covered by 5\u{2663} and 8\u{2666}"
        );
        assert_eq!(
            covered_by(card("TS"), [None, Some(card("QD"))]),
            "10\u{2660} is covered by Q\u{2666}"
        );
        assert_eq!(
            covered_by(card("2C"), [None; 2]),
            "The 2 of clubs is covered"
        );
    }
}
