//! Custom rule sets in the new-deal dialog: the composer (SPEC §10's five
//! options, one labelled select each) and the player's recent sets
//! ([`RecentSets`], saved under `pyramid.recent`), which the new-deal and
//! daily dialogs offer one tap away.

use std::cell::RefCell;

use leptos::prelude::*;
use pyramid_engine::{Custom, Goal, Preset, StockMode};

use crate::domain::persist::RecentSets;
use crate::platform::storage;
use crate::state::context::GameContext;
use crate::state::record;

thread_local! {
    /// The recent sets as this tab last saw them: what it offers when
    /// storage cannot be reached.
    static RECENT: RefCell<RecentSets> = RefCell::default();
}

/// The recent sets, as stored (another tab may have used one since). An
/// unreadable list has been set aside: the player is told where its copy is.
fn fresh(ctx: GameContext) -> RecentSets {
    RECENT.with(|r| {
        let mut r = r.borrow_mut();
        if let Some(stored) = storage::load_recent_sets() {
            record::show_notices(ctx, &stored.notices);
            *r = stored.value;
        }
        r.clone()
    })
}

/// The player's recent custom sets, newest first.
pub fn recent_sets(ctx: GameContext) -> Vec<Custom> {
    fresh(ctx).sets().to_vec()
}

/// Keeps the rules of the round on the table among the recent sets while
/// they are a custom set: however the round came (the dialog, a link, a
/// challenge, a reload), the set is one tap away next time.
pub fn remember_custom_rounds(ctx: GameContext) {
    Effect::new(move |_| {
        if let Preset::Custom(set) = ctx.table.round.with(|r| r.preset()) {
            let mut recent = fresh(ctx);
            if recent.used(set) {
                // Not saved: still offered in this tab.
                let _ = storage::save_recent_sets(&recent);
                RECENT.with(|r| *r.borrow_mut() = recent);
            }
        }
    });
}

/// A select's choices: `(value, option text)`.
type Choices = &'static [(&'static str, &'static str)];

/// The composer's options: `(form name, label, choices)`.
const OPTIONS: [(&str, &str, Choices); 5] = [
    (
        "passes",
        "Passes",
        &[("1", "1"), ("2", "2"), ("3", "3"), ("u", "Unlimited")],
    ),
    ("turn", "Cards turned at a time", &[("1", "1"), ("3", "3")]),
    (
        "mode",
        "Stock mode",
        &[
            ("waste", "Waste top only"),
            ("drawcard", "Drawn card and waste top"),
        ],
    ),
    (
        "goal",
        "Goal",
        &[("pyramid", "The pyramid"), ("all", "All 52 cards")],
    ),
    (
        "overlap",
        "Overlap pairs",
        &[("no", "Off"), ("overlap", "On")],
    ),
];

/// The value of option `name` in `set`, as its select names it: the parts
/// of the set's id (`custom-<passes>-<turn>-<mode>-<goal>-<overlap>`).
fn value_of(set: Custom, name: &str) -> &'static str {
    match name {
        "passes" => match set.passes {
            Some(1) => "1",
            Some(2) => "2",
            Some(3) => "3",
            _ => "u",
        },
        "turn" if set.turn == 3 => "3",
        "turn" => "1",
        "mode" if set.stock_mode == StockMode::DrawCard => "drawcard",
        "mode" => "waste",
        "goal" if set.goal == Goal::ClearAllCards => "all",
        "goal" => "pyramid",
        _ if set.overlap => "overlap",
        _ => "no",
    }
}

/// `set` with option `name` changed to `value` (a value of its select);
/// the same set for anything else.
fn with_value(set: Custom, name: &str, value: &str) -> Custom {
    let parts: Vec<&str> = OPTIONS
        .iter()
        .map(|&(n, _, _)| if n == name { value } else { value_of(set, n) })
        .collect();
    format!("custom-{}", parts.join("-")).parse().unwrap_or(set)
}

/// The composer's selects. Changing one changes `set` and picks the
/// composed set (`composing`).
#[component]
pub fn Composer(set: RwSignal<Custom>, composing: RwSignal<bool>) -> impl IntoView {
    OPTIONS
        .into_iter()
        .map(|(name, label, values)| {
            let options = values
                .iter()
                .map(|&(value, text)| {
                    view! {
                        <option value=value selected=move || value_of(set.get(), name) == value>
                            {text}
                        </option>
                    }
                })
                .collect_view();
            let id = format!("compose-{name}");
            view! {
                <div class="compose-option">
                    <label for=id.clone()>{label}</label>
                    <select
                        id=id
                        name=name
                        on:change=move |ev| {
                            let value = event_target_value(&ev);
                            set.update(|s| *s = with_value(*s, name, &value));
                            composing.set(true);
                        }
                    >
                        {options}
                    </select>
                </div>
            }
        })
        .collect_view()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_option_of_every_set_is_its_id_and_changes_alone() {
        for set in Custom::all() {
            let parts: Vec<&str> = OPTIONS.iter().map(|&(n, _, _)| value_of(set, n)).collect();
            assert_eq!(
                format!("custom-{}", parts.join("-")),
                Preset::Custom(set).id()
            );
            for (name, _, values) in OPTIONS {
                for &(value, _) in values {
                    let changed = with_value(set, name, value);
                    assert_eq!(value_of(changed, name), value);
                    for (other, _, _) in OPTIONS.iter().filter(|o| o.0 != name) {
                        assert_eq!(value_of(changed, other), value_of(set, other));
                    }
                }
            }
        }
    }
}
