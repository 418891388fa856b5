//! The `Daily deals` dialog: a month of daily deals per game (the named
//! games and the player's custom sets), each day's
//! result, the daily streaks and the month's tally; any day up to today can
//! be played. Built only while it is open. The figures come from
//! [`crate::domain::daily_results`]; the day is the player's local calendar day
//! ([`clock::today`]).

use std::collections::BTreeMap;

use leptos::prelude::*;
use pyramid_engine::daily::FIRST_DAILY_DAY;
use pyramid_engine::{Date, Preset};

use crate::domain::daily_results::{daily_results, month_tally, streaks, DayOutcome, DayResult};
use crate::domain::label::month_name;
use crate::domain::round::format_time;
use crate::platform::clock;
use crate::state::context::{GameContext, OpenDialog};
use crate::state::deal;
use crate::ui::later::custom;
use crate::ui::later::dialogs::Modal;

const WEEKDAYS: [(&str, &str); 7] = [
    ("Mon", "Monday"),
    ("Tue", "Tuesday"),
    ("Wed", "Wednesday"),
    ("Thu", "Thursday"),
    ("Fri", "Friday"),
    ("Sat", "Saturday"),
    ("Sun", "Sunday"),
];

#[component]
pub fn DailyDialog() -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    let open = Signal::derive(move || ctx.ui.dialog.get() == OpenDialog::Daily);
    let close = move || ctx.ui.dialog.set(OpenDialog::None);
    view! {
        <Modal open=open label_id="daily-title" class="daily-dialog" on_close=close>
            <Show when=move || open.get()>
                <DailyCalendar />
            </Show>
        </Modal>
    }
}

/// "March 5" for a day.
fn day_words(date: Date) -> String {
    format!("{} {}", month_name(date), date.day())
}

/// "clean win, 42 moves in 3:10" for a day's result.
fn result_words(result: &DayResult) -> String {
    match (result.best_moves, result.best_time_ms) {
        (Some(moves), Some(ms)) => format!(
            "{}, best {moves} moves in {}",
            result.outcome.words(),
            format_time(ms)
        ),
        _ => result.outcome.words().to_string(),
    }
}

#[component]
fn DailyCalendar() -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    let today = clock::today();
    let first_day = Date::from_day_number(FIRST_DAILY_DAY).unwrap_or(today);
    let preset = RwSignal::new(ctx.table.round.with_untracked(|r| r.preset()));
    let month = RwSignal::new(today.first_of_month());
    // The day the detail line speaks of: the last one focused or pointed at.
    let detail_day = RwSignal::new(today);

    // Every day's best result under the chosen rules, with the daily round
    // on the table counted as played once started.
    // A plain closure, not a memo (each memo type costs page bytes): the
    // grid reads it once per month shown, the figures once each.
    let results = move || {
        let preset = preset.get();
        let mut days = ctx.stats.book.with(|b| daily_results(b.records(preset)));
        ctx.table.round.with(|r| {
            if let Some(date) = r.daily {
                if r.preset() == preset && r.is_started() && !r.is_over() {
                    days.entry(date).or_default().add(DayOutcome::Played, 0, 0);
                }
            }
        });
        days
    };
    let day_result = move |date: Date| results().get(&date).copied().unwrap_or_default();
    let streak = move || streaks(&results(), today);
    let tally = move || month_tally(&results(), month.get());

    // Outside the view: the macro would read `<` and `>` as tags.
    let at_first_month = move || month.get() <= first_day.first_of_month();
    let at_this_month = move || month.get() >= today.first_of_month();

    let play = move |date: Date| {
        ctx.ui.dialog.set(OpenDialog::None);
        deal::play_daily(ctx, preset.get_untracked(), date);
    };

    // The named games, then the game on the table if it is a custom set,
    // and the player's recent custom sets.
    let mut games = Preset::ALL.to_vec();
    let customs = std::iter::once(preset.get_untracked())
        .chain(custom::recent_sets(ctx).into_iter().map(Preset::Custom));
    for p in customs {
        if !games.contains(&p) {
            games.push(p);
        }
    }
    let preset_options = games
        .into_iter()
        .map(|p| view! { <option value=p.id() selected=move || preset.get() == p>{p.name()}</option> })
        .collect_view();

    // Each button is built with its result; the grid is rebuilt when a
    // result, the rules or the month change.
    let day_button = move |date: Date, result: DayResult| {
        let playable = date <= today && date >= first_day;
        let when = if date == today {
            format!("Today, {}", day_words(date))
        } else {
            day_words(date)
        };
        let label = if playable {
            format!("{when}: {}", result_words(&result))
        } else {
            format!("{when}: not yet")
        };
        view! {
            <button
                type="button"
                class="day"
                data-date=date.to_string()
                data-result=result.outcome.id()
                aria-current=(date == today).then_some("date")
                aria-label=label.clone()
                title=label
                disabled=!playable
                on:click=move |_| play(date)
                on:focus=move |_| detail_day.set(date)
                on:mouseenter=move |_| detail_day.set(date)
            >
                {date.day()}
            </button>
        }
    };

    let grid = move || {
        let first = month.get();
        let results = results();
        let days: BTreeMap<u8, Date> = (1..=first.days_in_month())
            .filter_map(|d| Date::new(first.year(), first.month(), d).map(|date| (d, date)))
            .collect();
        let lead = usize::from(first.weekday_from_monday());
        let mut cells: Vec<Option<Date>> = vec![None; lead];
        cells.extend(days.values().copied().map(Some));
        cells.resize(cells.len().div_ceil(7) * 7, None);
        cells
            .chunks(7)
            .map(|week| {
                let week = week
                    .iter()
                    .map(|cell| match *cell {
                        None => view! { <td></td> }.into_any(),
                        Some(date) => {
                            let result = results.get(&date).copied().unwrap_or_default();
                            view! { <td>{day_button(date, result)}</td> }.into_any()
                        }
                    })
                    .collect_view();
                view! { <tr>{week}</tr> }
            })
            .collect_view()
    };
    let detail = move || {
        let date = detail_day.get();
        let result = day_result(date);
        let when = if date == today {
            format!("Today, {}", day_words(date))
        } else {
            day_words(date)
        };
        if date > today {
            format!("{when}: not yet.")
        } else {
            format!("{when}: {}.", result_words(&result))
        }
    };

    let weekday_headers = WEEKDAYS
        .into_iter()
        .map(|(short, long)| view! { <th scope="col"><abbr title=long>{short}</abbr></th> })
        .collect_view();

    view! {
        <h2 id="daily-title">"Daily deals"</h2>
        <p class="daily-intro">
            "One winnable deal a day for each rule set, the same for everyone. Days follow your \
             own calendar; play any day up to today."
        </p>
        <label class="daily-rules">
            "Rules "
            <select on:change=move |ev| {
                if let Ok(p) = event_target_value(&ev).parse::<Preset>() {
                    preset.set(p);
                }
            }>
                {preset_options}
            </select>
        </label>
        <dl class="figures daily-figures">
            <div>
                <dt>"Current streak"</dt>
                <dd data-testid="daily-streak">{move || streak().current}</dd>
            </div>
            <div>
                <dt>"Best streak"</dt>
                <dd data-testid="daily-best-streak">{move || streak().best}</dd>
            </div>
        </dl>
        <div class="month-nav">
            <button
                type="button"
                aria-label="Previous month"
                disabled=at_first_month
                on:click=move |_| {
                    if let Some(p) = month.get_untracked().previous() {
                        month.set(p.first_of_month());
                    }
                }
            >
                "\u{2039}"
            </button>
            <h3 id="daily-month">
                {move || {
                    let m = month.get();
                    format!("{} {}", month_name(m), m.year())
                }}
            </h3>
            <button
                type="button"
                aria-label="Next month"
                disabled=at_this_month
                on:click=move |_| {
                    let m = month.get_untracked();
                    let last = Date::new(m.year(), m.month(), m.days_in_month());
                    if let Some(next) = last.and_then(Date::next) {
                        month.set(next);
                    }
                }
            >
                "\u{203a}"
            </button>
        </div>
        <table class="calendar" aria-labelledby="daily-month">
            <thead>
                <tr>{weekday_headers}</tr>
            </thead>
            <tbody>{grid}</tbody>
        </table>
        <p class="daily-tally" data-testid="daily-tally">
            {move || {
                let t = tally();
                format!("{} of {} days won", t.won_days, t.days_in_month)
            }}
            <Show when=move || tally().is_complete()>
                " "
                <span class="badge" data-testid="month-badge">"\u{2605} Complete month"</span>
            </Show>
        </p>
        <p class="daily-detail" data-testid="daily-detail" aria-live="polite">{detail}</p>
        <div class="dialog-buttons">
            <button
                type="button"
                class="primary"
                on:click=move |_| play(today)
            >
                "Play today's deal"
            </button>
            <button type="button" on:click=move |_| ctx.ui.dialog.set(OpenDialog::None)>
                "Close"
            </button>
        </div>
    }
}
