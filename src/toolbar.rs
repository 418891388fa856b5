//! The toolbar: every action as a button with a plain accessible name.

use leptos::prelude::*;

use crate::game_context::{GameContext, OpenDialog};

#[component]
pub fn Toolbar() -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    // Plain closures, not memos: each is cheap, and an attribute is only
    // written when its value changed.
    let over = move || ctx.round.with(|r| r.is_over());
    let can_undo = move || ctx.round.with(|r| r.game.can_undo());
    let can_redo = move || ctx.round.with(|r| r.game.can_redo());
    let can_end_round = move || ctx.round.with(|r| r.game.can_end_round());
    let playing_or_over = move || !ctx.paused.get() && ctx.replay.with(Option::is_none);
    let playing = move || !over() && !ctx.paused.get() && ctx.replay.with(Option::is_none);

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
                disabled=move || !can_undo() || !playing_or_over()
            >
                "Undo"
            </button>
            <button
                type="button"
                on:click=move |_| ctx.redo()
                disabled=move || !can_redo() || !playing_or_over()
            >
                "Redo"
            </button>
            // Par Pyramid only, while the round is in progress: stop and take the score.
            <Show when=can_end_round>
                <button type="button" on:click=move |_| ctx.end_round() disabled=move || !playing()>
                    "End round"
                </button>
            </Show>
            <button
                type="button"
                on:click=move |_| ctx.where_did_i_lose()
                disabled=move || ctx.paused.get() || ctx.replay.with(Option::is_some)
            >
                "Where did I lose?"
            </button>
            <button
                type="button"
                on:click=move |_| ctx.show_me_a_win()
                disabled=move || ctx.paused.get() || ctx.replay.with(Option::is_some)
            >
                "Show me a win"
            </button>
            <button type="button" on:click=move |_| ctx.dialog.set(OpenDialog::NewDeal)>
                "New deal"
            </button>
            <button type="button" on:click=move |_| ctx.dialog.set(OpenDialog::Daily)>
                "Daily"
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
