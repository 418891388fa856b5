//! The pyramid: 28 static slots, rendered once, each reading its own memo.
//! A slot shows its card once the deal-in has come to it (`shown_cards`:
//! all of them but during the deal-in).

use leptos::prelude::*;
use pyramid_engine::{row_col, Card, Place, Zone};

use crate::fx::zones::PYRAMID_SLOTS;
use crate::state::context::GameContext;
use crate::state::settings::shows_last_move_at;
use crate::ui::table::card_button::CardButton;

/// The 28 pyramid slots on a grid of half-card columns.
#[component]
pub fn Pyramid() -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    // The pyramid is one tab stop: the card last focused while it is still
    // available, else the first available pyramid card.
    let tab_card = Memo::new(move |_| {
        let roving = ctx.table.roving.get();
        ctx.table.round.with(|r| {
            let board = r.board();
            let pos = r.position();
            roving.filter(|&c| r.selectable(c)).or_else(|| {
                (0..PYRAMID_SLOTS)
                    .rev()
                    .find(|&k| board.is_exposed(pos, k))
                    .map(|k| board.deal().cards()[usize::from(k)])
            })
        })
    });
    let slots = (0..PYRAMID_SLOTS)
        .map(|k| view! { <PyramidSlot index=k tab_card=tab_card /> })
        .collect_view();
    view! {
        <div class="pyramid" class:revealing=move || ctx.table.revealing.get() role="group" aria-label="Pyramid">
            {slots}
        </div>
    }
}

/// One slot: the card dealt there, until it is removed.
#[component]
fn PyramidSlot(index: u8, tab_card: Memo<Option<Card>>) -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    let (row, col) = row_col(index);
    let card = Memo::new(move |_| {
        ctx.table.round.with(|r| {
            (index < ctx.table.shown_cards.get() && r.position().has_pyramid_card(index))
                .then(|| r.game.deal().cards()[usize::from(index)])
        })
    });
    // Row r starts (6 - r) half-card columns in; each card spans two.
    let style = format!(
        "grid-column: {} / span 2; grid-row: {} / span 2",
        usize::from(6 - row) + 2 * usize::from(col) + 1,
        usize::from(row) + 1
    );
    view! {
        <div
            class="slot"
            class:last-move=move || shows_last_move_at(ctx, Place::Pyramid(index))
            style=style
        >
            {move || {
                card.get()
                    .map(|c| {
                        view! {
                            <CardButton
                                card=c
                                zone=Zone::Pyramid
                                row_col=(row, col)
                                tab_stop=Signal::derive(move || tab_card.get() == Some(c))
                            />
                        }
                    })
            }}
        </div>
    }
}
