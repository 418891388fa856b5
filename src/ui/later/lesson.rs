//! The guided first round on the page: the offer on a first visit, and
//! the callout that goes with each step.
//!
//! The script is the domain's ([`crate::domain::lesson`]), and every step
//! follows from the round on the table: the table marks the cards the step
//! asks for (`data-lesson`) and refuses the moves it does not teach
//! (`state::play`), and the live region says what to do. So a reload
//! resumes the lesson at its step: the lesson round is saved like any
//! other, and never recorded. The callout adds why, from
//! `style/later.css` (`.lesson-do::before`, by the step's number in
//! `data-step`), so the explanations cost the page's wasm nothing.

use leptos::prelude::*;

use crate::domain::lesson;
use crate::domain::persist::DealOrigin;
use crate::fx::focus;
use crate::platform::random;
use crate::state::context::GameContext;
use crate::state::{announce, deal};

/// Starts the lesson: its deal on the table and its first step said.
/// Any component of the later module may call it (the How to play
/// dialog's `Show me how`).
pub fn start_lesson(ctx: GameContext) {
    deal::start(ctx, lesson::DEAL, lesson::PRESET, DealOrigin::Lesson);
    say_step(ctx);
    keep_focus();
}

/// Ends the lesson at once with a normal new deal.
pub fn skip_lesson(ctx: GameContext) {
    deal::start(
        ctx,
        random::deal_number(),
        lesson::PRESET,
        DealOrigin::Random,
    );
    keep_focus();
}

/// The offer (on a first visit) and, while the lesson runs, its callout.
#[component]
pub fn Lesson() -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    // A reload in the lesson resumes it: its step is said once more.
    say_step(ctx);
    let offered = RwSignal::new(ctx.ui.first_visit);
    let offer = move || {
        offered.get()
            && ctx
                .table
                .round
                .with(|r| r.origin != DealOrigin::Lesson && !r.is_started())
    };
    let step = move || ctx.table.round.with(lesson::step);

    view! {
        <Show when=offer>
            <div class="lesson-offer">
                <button
                    type="button"
                    on:click=move |_| {
                        offered.set(false);
                        start_lesson(ctx);
                    }
                >
                    "Show me how"
                </button>
                <button type="button" on:click=move |_| offered.set(false)>
                    "No thanks"
                </button>
            </div>
        </Show>
        <Show when=move || step().is_some()>
            <div class="lesson" data-step=step>
                <p class="lesson-do">{move || ctx.table.round.with(lesson::instruction)}</p>
                <button type="button" on:click=move |_| skip_lesson(ctx)>
                    "Skip the lesson"
                </button>
            </div>
        </Show>
    }
}

/// Says the lesson's step in the live region, when it runs.
fn say_step(ctx: GameContext) {
    if let Some(text) = ctx.table.round.with_untracked(lesson::instruction) {
        announce::say(ctx, text);
    }
}

/// The focus stays on the table when the button that had it goes.
fn keep_focus() {
    request_animation_frame(focus::keep_focus_on_table);
}
