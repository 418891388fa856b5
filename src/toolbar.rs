//! The toolbar: every action as a button with a plain accessible name.

use leptos::prelude::*;
use pyramid_engine::WinCondition;

use crate::game_context::{GameContext, OpenDialog};

#[component]
pub fn Toolbar() -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    let over = Memo::new(move |_| ctx.round.with(|r| r.is_over()));
    let can_undo = Memo::new(move |_| ctx.round.with(|r| r.game.can_undo()));
    let can_redo = Memo::new(move |_| ctx.round.with(|r| r.game.can_redo()));
    let is_par = Memo::new(move |_| {
        ctx.round
            .with(|r| r.board().rules().win == WinCondition::Scored)
    });
    let playing = move || !over.get() && !ctx.paused.get();

    view! {
        <div class="toolbar" role="toolbar" aria-label="Game actions">
            <button type="button" on:click=move |_| ctx.draw_or_recycle() disabled=move || !playing()>
                "Draw"
            </button>
            <button type="button" on:click=move |_| ctx.show_hint() disabled=move || !playing()>
                "Hint"
            </button>
            <button type="button" on:click=move |_| ctx.auto_move() disabled=move || !playing()>
                "Auto move"
            </button>
            <button
                type="button"
                on:click=move |_| ctx.undo()
                disabled=move || !can_undo.get() || ctx.paused.get()
            >
                "Undo"
            </button>
            <button
                type="button"
                on:click=move |_| ctx.redo()
                disabled=move || !can_redo.get() || ctx.paused.get()
            >
                "Redo"
            </button>
            // Par Pyramid only, while the round is in progress: stop and take the score.
            <Show when=move || is_par.get() && !over.get()>
                <button type="button" on:click=move |_| ctx.end_round() disabled=move || !playing()>
                    "End round"
                </button>
            </Show>
            <button type="button" on:click=move |_| ctx.dialog.set(OpenDialog::NewDeal)>
                "New deal"
            </button>
            <button
                type="button"
                aria-pressed=move || if ctx.paused.get() { "true" } else { "false" }
                on:click=move |_| ctx.toggle_pause()
            >
                "Pause"
            </button>
            <button
                type="button"
                aria-label="Keyboard shortcuts"
                on:click=move |_| ctx.dialog.set(OpenDialog::Shortcuts)
            >
                "?"
            </button>
            <label class="toggle">
                <input
                    type="checkbox"
                    prop:checked=move || ctx.four_colour.get()
                    on:change=move |ev| ctx.four_colour.set(event_target_checked(&ev))
                />
                "Four-colour deck"
            </label>
        </div>
    }
}
