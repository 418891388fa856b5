//! The toolbar: every action as a button with a plain accessible name.
//!
//! The round's own actions (SPEC §7's names) are always in view, each an
//! icon over a short label; the accessible name holds the visible label
//! (WCAG 2.5.3). The rest sit in a "More" group: inline on a wide screen,
//! a menu behind the `More` button on a narrow one (the stylesheet decides;
//! the markup is the same). The icons are the stylesheet's, so the page's
//! code carries none.

use leptos::prelude::*;

use crate::state::context::{GameContext, OpenDialog};
use crate::state::settings;
use crate::state::{coach, play};

#[component]
pub fn Toolbar() -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    // Plain closures, not memos: each is cheap, and an attribute is only
    // written when its value changed.
    let over = move || ctx.table.round.with(|r| r.is_over());
    let can_undo = move || ctx.table.round.with(|r| r.game.can_undo());
    let can_redo = move || ctx.table.round.with(|r| r.game.can_redo());
    let can_end_round = move || ctx.table.round.with(|r| r.game.can_end_round());
    let playing_or_over = move || !ctx.table.paused.get() && ctx.coach.replay.with(Option::is_none);
    let playing =
        move || !over() && !ctx.table.paused.get() && ctx.coach.replay.with(Option::is_none);
    let coach_off = move || ctx.table.paused.get() || ctx.coach.replay.with(Option::is_some);
    let more_open = RwSignal::new(false);
    // A choice in the menu closes it (on a wide screen it is never shut).
    let pick = move |action: fn(GameContext)| {
        move |_| {
            more_open.set(false);
            action(ctx);
        }
    };
    let more_button = NodeRef::<leptos::html::Button>::new();
    let on_menu_key = move |ev: web_sys::KeyboardEvent| {
        if ev.key() == "Escape" && more_open.get_untracked() {
            ev.stop_propagation();
            more_open.set(false);
            if let Some(b) = more_button.get_untracked() {
                let _ = b.focus();
            }
        }
    };

    view! {
        <div class="toolbar" role="toolbar" aria-label="Game actions" on:keydown=on_menu_key>
            <button
                type="button"
                class="tb tb-draw"
                on:click=move |_| play::draw_or_recycle(ctx)
                disabled=move || {
                    !playing() || !ctx.table.round.with(|r| r.board().rules().has_stock())
                }
            >
                "Draw"
            </button>
            <button
                type="button"
                class="tb tb-hint"
                on:click=move |_| coach::show_hint(ctx)
                disabled=move || !playing()
            >
                "Hint"
            </button>
            <button
                type="button"
                class="tb tb-auto"
                aria-label="Auto move"
                on:click=move |_| play::auto_move(ctx)
                disabled=move || !playing()
            >
                "Auto"
                <span class="wide-only">" move"</span>
            </button>
            <button
                type="button"
                class="tb tb-undo"
                on:click=move |_| play::undo(ctx)
                disabled=move || !can_undo() || !playing_or_over()
            >
                "Undo"
            </button>
            <button
                type="button"
                class="tb tb-redo"
                on:click=move |_| play::redo(ctx)
                disabled=move || !can_redo() || !playing_or_over()
            >
                "Redo"
            </button>
            // Par Pyramid only, while the round is in progress: stop and take the score.
            <Show when=can_end_round>
                <button
                    type="button"
                    class="tb tb-end"
                    on:click=move |_| play::end_round(ctx)
                    disabled=move || !playing()
                >
                    "End round"
                </button>
            </Show>
            <button
                type="button"
                class="tb tb-new"
                aria-label="New deal"
                on:click=move |_| ctx.ui.dialog.set(OpenDialog::NewDeal)
            >
                "New"
                <span class="wide-only">" deal"</span>
            </button>
            <button
                type="button"
                class="tb tb-pause"
                aria-pressed=move || if ctx.table.paused.get() { "true" } else { "false" }
                on:click=move |_| play::toggle_pause(ctx)
            >
                "Pause"
            </button>
            <button
                type="button"
                class="tb tb-more"
                node_ref=more_button
                aria-expanded=move || if more_open.get() { "true" } else { "false" }
                aria-controls="more-actions"
                on:click=move |_| more_open.update(|o| *o = !*o)
            >
                "More"
            </button>
            <div class="more" id="more-actions" class:open=move || more_open.get()>
                <button
                    type="button"
                    class="tb tb-daily"
                    on:click=pick(|c| c.ui.dialog.set(OpenDialog::Daily))
                >
                    "Daily"
                </button>
                <button
                    type="button"
                    class="tb tb-lost"
                    on:click=pick(coach::where_did_i_lose)
                    disabled=coach_off
                >
                    "Where did I lose?"
                </button>
                <button
                    type="button"
                    class="tb tb-show"
                    on:click=pick(coach::show_me_a_win)
                    disabled=coach_off
                >
                    "Show me a win"
                </button>
                <button type="button" class="tb tb-stats" on:click=pick(show_statistics)>
                    "Statistics"
                </button>
                <button
                    type="button"
                    class="tb tb-settings"
                    on:click=pick(|c| c.ui.dialog.set(OpenDialog::Settings))
                >
                    "Settings"
                </button>
                <button
                    type="button"
                    class="tb tb-sound sound-toggle"
                    aria-pressed=move || if ctx.ui.settings.with(|s| s.sound) { "true" } else { "false" }
                    on:click=move |_| settings::toggle_sound(ctx)
                >
                    "Sound"
                </button>
                <button
                    type="button"
                    class="tb tb-rules"
                    on:click=pick(|c| c.ui.dialog.set(OpenDialog::HowToPlay))
                >
                    "How to play"
                </button>
                <button
                    type="button"
                    class="tb tb-keys"
                    aria-label="Keyboard shortcuts"
                    on:click=pick(|c| c.ui.dialog.set(OpenDialog::Shortcuts))
                >
                    "Keys"
                </button>
            </div>
        </div>
    }
}

/// Brings the statistics panel into view and moves focus to it.
fn show_statistics(_: GameContext) {
    if let Some(panel) = document().get_element_by_id("statistics") {
        panel.scroll_into_view();
        if let Ok(panel) = wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(panel) {
            let _ = panel.focus();
        }
    }
}
