//! Putting a new round on the table: a deal by number, a random or
//! winnable one, the daily deal, the same deal again.

use leptos::prelude::*;
use pyramid_engine::{Date, Preset};

use crate::domain::label::DealLabel;
use crate::domain::round::{capitalise, DealOrigin, Round};
use crate::fx::motion;
use crate::platform::{address, clock, random, storage, tabs};
use crate::state::ask::{self, Asked};
use crate::state::context::{GameContext, Grade, HintMemo};
use crate::state::{announce, coach, record};
use pyramid_engine::analysis::WINNABLE_TRIES;
use pyramid_engine::protocol::{Request, Response};

/// The kinds of deal the new-deal dialog offers, each once: its form's
/// value and its label are [`DealKind::id`] and [`DealKind::label`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DealKind {
    Random,
    Winnable,
    Daily,
    Number,
}

impl DealKind {
    /// In the dialog's order.
    pub const ALL: [DealKind; 4] = [
        DealKind::Random,
        DealKind::Winnable,
        DealKind::Daily,
        DealKind::Number,
    ];

    /// The form's value (and the radio button's id, after `deal-`).
    pub fn id(self) -> &'static str {
        match self {
            DealKind::Random => "random",
            DealKind::Winnable => "winnable",
            DealKind::Daily => "daily",
            DealKind::Number => "number",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            DealKind::Random => "Random deal",
            DealKind::Winnable => "Winnable deals only",
            DealKind::Daily => "Daily deal (today's winnable deal, the same for everyone)",
            DealKind::Number => "Deal number",
        }
    }

    pub fn from_id(id: &str) -> Option<DealKind> {
        DealKind::ALL.into_iter().find(|k| k.id() == id)
    }
}

/// How the player asked for a new deal in the new-deal dialog.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DealChoice {
    Random,
    /// A deal the solver proves winnable, of the given grade if any.
    Winnable(Option<u8>),
    Number(u32),
    Daily,
}

/// Starts deal `number` under `preset` in this tab. The player leaves
/// the round on the table: it is recorded (an unfinished, started one as
/// abandoned) and its saved copy forgotten.
pub fn start(ctx: GameContext, number: u32, preset: Preset, origin: DealOrigin) {
    start_round(ctx, Round::new(number, preset, random::round_id(), origin));
    announce::say(
        ctx,
        capitalise(&DealLabel::new(Some(number), None, preset).words()),
    );
}

/// Starts deal `number`, the daily deal of `date` under `preset`: its
/// result is kept under that date.
pub fn start_daily(ctx: GameContext, number: u32, preset: Preset, date: Date) {
    start_round(
        ctx,
        Round {
            daily: Some(date),
            ..Round::new(number, preset, random::round_id(), DealOrigin::Daily)
        },
    );
    announce::say(
        ctx,
        capitalise(&DealLabel::new(Some(number), Some(Some(date)), preset).words()),
    );
}

/// Asks the solver's worker for the daily deal of `date` and starts it.
pub fn play_daily(ctx: GameContext, preset: Preset, date: Date) {
    let request = Request::DailyDeal {
        preset,
        day: date.day_number(),
    };
    let about = Asked::round(ctx);
    ask::ask(
        ctx,
        "Finding the daily deal",
        request,
        about,
        move |response| {
            if let Response::Deal(n) = response {
                start_daily(ctx, n, preset, date);
            }
        },
    );
}

fn start_round(ctx: GameContext, round: Round) {
    // A win being shown is not the player's round: put theirs back first,
    // so it is the one recorded (as abandoned if started) and forgotten,
    // and the replay's timer stops before the new round is on the table.
    coach::stop_replay(ctx);
    record::record_finish(ctx, true);
    let old_id = ctx.table.round.with_untracked(|r| r.round_id.clone());
    // Forgetting can only fail if storage is gone; the round is recorded.
    let _ = storage::remove_round(&old_id);
    deal(ctx, round);
}

/// Puts a fresh `round` on the table: this tab now plays it (its id is
/// kept for a reload, and its lock tells other tabs it is taken). What the
/// solver was asked about the old round is forgotten.
pub fn deal(ctx: GameContext, round: Round) {
    let id = round.round_id.clone();
    let (number, preset) = (round.deal_number, round.preset());
    ask::forget_questions(ctx);
    motion::finish_all();
    // With motion on, the cards come on screen a few at a time as they
    // are dealt: each step's build and first paint is a task of its own.
    let shown = motion::deal_in(ctx.table.shown_cards);
    ctx.table.revealing.set(false);
    ctx.table.shown_cards.set(shown);
    ctx.table.round.set(round);
    ctx.table.elapsed_ms.set(0);
    ctx.table.selected.set(None);
    ctx.table.hinted.set(None);
    ctx.table.paused.set(false);
    ctx.table.roving.set(None);
    ctx.ui.end_dialog_closed.set(false);
    ctx.coach.hint_cache.set_value(HintMemo::default());
    ctx.coach.loss_answer.set(None);
    ctx.coach.shortest.set(None);
    ctx.coach.grade.set(Grade::Unknown);
    // The new table is drawn first; the address, the save, the tab's
    // claim and the grade's question follow in a task of their own, so
    // that no single task of a new deal is long on a slow phone. They
    // read the round as it is then (a move made meanwhile is kept).
    set_timeout(
        move || {
            address::show_deal(number, preset);
            record::save_round(ctx);
            tabs::set_tab_round_id(&id);
            coach::ensure_grade(ctx);
            leptos::task::spawn_local(async move {
                // A fresh id is never taken: this cannot fail where locks exist.
                tabs::hold(&id).await;
            });
        },
        std::time::Duration::ZERO,
    );
}

/// Starts a deal picked in the new-deal dialog. Winnable and daily
/// deals are found by the solver's worker first.
pub fn start_choice(ctx: GameContext, choice: DealChoice, preset: Preset) {
    let today = clock::today();
    match choice {
        DealChoice::Random => start(ctx, random::deal_number(), preset, DealOrigin::Random),
        DealChoice::Number(n) => start(ctx, n, preset, DealOrigin::Number),
        DealChoice::Winnable(grade) => {
            let candidates = (0..WINNABLE_TRIES).map(|_| random::deal_number()).collect();
            let request = Request::WinnableDeal {
                preset,
                candidates,
                grade,
                day: today.day_number(),
            };
            let about = Asked::round(ctx);
            ask::ask(
                ctx,
                "Finding a winnable deal",
                request,
                about,
                move |response| {
                    if let Response::Deal(n) = response {
                        start(ctx, n, preset, DealOrigin::Winnable);
                    }
                },
            );
        }
        DealChoice::Daily => play_daily(ctx, preset, today),
    }
}

/// Plays the same deal again from the start.
pub fn replay(ctx: GameContext) {
    let (number, preset, origin, daily) = ctx
        .table
        .round
        .with_untracked(|r| (r.deal_number, r.preset(), r.origin, r.daily));
    if let (Some(n), Some(date)) = (number, daily) {
        start_daily(ctx, n, preset, date);
        return;
    }
    start(
        ctx,
        number.unwrap_or_else(random::deal_number),
        preset,
        origin,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_deal_kind_round_trips_through_its_id_once() {
        for kind in DealKind::ALL {
            assert_eq!(DealKind::from_id(kind.id()), Some(kind));
            assert_eq!(
                DealKind::ALL.iter().filter(|k| k.id() == kind.id()).count(),
                1
            );
            assert_eq!(
                DealKind::ALL
                    .iter()
                    .filter(|k| k.label() == kind.label())
                    .count(),
                1
            );
        }
        assert_eq!(DealKind::from_id("nonsense"), None);
    }
}
