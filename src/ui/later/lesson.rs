//! The guided first round on the page: the offer on a first visit, the
//! callout that says each step, the marks on the cards it asks for, and
//! the hooks that let the table refuse the moves it does not teach
//! ([`crate::state::lesson`]).
//!
//! The script is the domain's ([`crate::domain::lesson`]); every step
//! follows from the round on the table, so a reload resumes the lesson at
//! its step (the lesson round is saved like any other, and never
//! recorded). The live region says what to do (the words of a hint); the
//! callout adds why, from `style/later.css` (`.lesson-do::before`, by the
//! step's number in `data-step`), so the explanations cost the page's wasm
//! nothing.

use leptos::prelude::*;
use pyramid_engine::Move;

use crate::domain::lesson::{self, Step};
use crate::domain::persist::DealOrigin;
use crate::domain::round::{capitalise, describe_hint, Round};
use crate::fx::focus;
use crate::fx::zones::STOCK_SELECTOR;
use crate::platform::random;
use crate::state::context::GameContext;
use crate::state::lesson::{install, Hooks};
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
    install(Hooks {
        instruction,
        refuses: lesson::refuses,
    });
    // A reload in the lesson resumes it: its step is said once more.
    say_step(ctx);
    let step = Memo::new(move |_| ctx.table.round.with(lesson::step));
    let last = move || ctx.table.round.with(lesson::is_last);
    let offered = RwSignal::new(ctx.ui.first_visit);
    let offer = move || {
        offered.get()
            && ctx
                .table
                .round
                .with(|r| r.origin != DealOrigin::Lesson && !r.is_started())
    };
    Effect::new(move || {
        let taught = ctx.table.round.with(lesson::taught);
        // The deal-in shows the cards a few at a time.
        ctx.table.shown_cards.track();
        request_animation_frame(move || mark(taught));
    });

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
        <Show when=move || step.with(Option::is_some)>
            <div
                class="lesson"
                data-step=move || step.get().map(|s| if last() { "6" } else { number(s) })
            >
                // The covered card's name, for the explanation's `attr()`.
                <p
                    class="lesson-do"
                    data-covered=move || match step.get() {
                        Some(Step::Covered(c, _)) => c.name(),
                        _ => String::new(),
                    }
                >
                    {move || ctx.table.round.with(instruction)}
                </p>
                <button type="button" on:click=move |_| skip_lesson(ctx)>
                    "Skip the lesson"
                </button>
            </div>
        </Show>
    }
}

/// The step's number for the callout's explanation (`style/later.css`);
/// 6 is the last removal, which wins.
fn number(step: Step) -> &'static str {
    match step {
        Step::Pair(..) => "0",
        Step::King(_) => "1",
        Step::Covered(..) => "2",
        Step::Draw => "3",
        Step::Waste(..) => "4",
        Step::Recycle(_) => "5",
    }
}

/// What to do now, in the words of a hint ("Pair the 6 of hearts with
/// the 7 of spades"), while the lesson runs.
fn instruction(round: &Round) -> Option<String> {
    let hint = describe_hint(lesson::taught(round)?);
    Some(capitalise(hint.get("Hint: ".len()..).unwrap_or_default()))
}

/// Says the lesson's step in the live region, when it runs.
fn say_step(ctx: GameContext) {
    if let Some(text) = ctx.table.round.with_untracked(instruction) {
        announce::say(ctx, text);
    }
}

/// The focus stays on the table when the button that had it goes.
fn keep_focus() {
    request_animation_frame(focus::keep_focus_on_table);
}

/// Marks what the taught move asks for with `data-lesson="true"`: its
/// cards, or the stock for a draw or the recycle; nothing outside the lesson.
fn mark(taught: Option<Move>) {
    let doc = document();
    while let Ok(Some(el)) = doc.query_selector("[data-lesson]") {
        let _ = el.remove_attribute("data-lesson");
    }
    let selectors: Vec<String> = match taught {
        Some(Move::Draw | Move::Recycle) => vec![STOCK_SELECTOR.to_string()],
        Some(m) => m
            .removed_cards()
            .map(|c| format!("[data-card=\"{c}\"]"))
            .collect(),
        None => Vec::new(),
    };
    for selector in selectors {
        if let Ok(Some(el)) = doc.query_selector(&selector) {
            let _ = el.set_attribute("data-lesson", "true");
        }
    }
}
