//! The coach's parts of the page: the answer to "where did I lose?" and
//! the bar that steps through a shown win. What they show and do is
//! [`crate::state::coach`]'s.

use leptos::prelude::*;

use crate::state::coach;
use crate::state::coach::describe_loss;
use crate::state::context::{GameContext, OpenDialog};
use crate::ui::later::dialogs::Modal;
use pyramid_engine::LossAnalysis;

/// The answer to "where did I lose?", with a way back to the last position
/// that could still be won.
#[component]
pub fn WhereLostDialog() -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    let open = Signal::derive(move || ctx.ui.dialog.get() == OpenDialog::WhereLost);
    let close = move || ctx.ui.dialog.set(OpenDialog::None);
    let answer = move || ctx.coach.loss_answer.get();
    let rewind_index = move || match answer() {
        Some(LossAnalysis::LostAt { index, .. }) => Some(index),
        _ => None,
    };
    view! {
        <Modal open=open label_id="where-lost-title" class="where-lost-dialog" on_close=close>
            <h2 id="where-lost-title">"Where did I lose?"</h2>
            <p data-testid="loss-answer">{move || answer().map(|a| describe_loss(&a))}</p>
            <div class="dialog-buttons">
                <Show when=move || rewind_index().is_some()>
                    <button
                        type="button"
                        class="primary"
                        on:click=move |_| {
                            if let Some(index) = rewind_index() {
                                coach::rewind_to(ctx, index);
                            }
                        }
                    >
                        "Rewind to there"
                    </button>
                </Show>
                <button type="button" on:click=move |_| close()>"Close"</button>
            </div>
        </Modal>
    }
}

/// The controls of a shown win.
#[component]
pub fn ReplayBar() -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    let running = move || ctx.coach.replay.with(Option::is_some);
    let paused = move || {
        ctx.coach
            .replay
            .with(|r| r.as_ref().is_some_and(|r| r.paused))
    };
    let progress = move || {
        ctx.coach.replay.with(|r| {
            r.as_ref()
                .map(|r| format!("Move {} of {}", r.shown, r.line.len()))
                .unwrap_or_default()
        })
    };
    view! {
        <Show when=running>
            <div class="replay-bar" role="group" aria-label="Replay" data-testid="replay">
                <span>{progress}</span>
                <button type="button" on:click=move |_| coach::toggle_replay_pause(ctx)>
                    {move || if paused() { "Resume replay" } else { "Pause replay" }}
                </button>
                <button type="button" on:click=move |_| coach::replay_step(ctx)>"Step"</button>
                <button type="button" class="primary" on:click=move |_| coach::stop_replay(ctx)>
                    "Stop replay"
                </button>
            </div>
        </Show>
    }
}
