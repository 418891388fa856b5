//! Modal dialogs: the new-deal dialog, the end-of-round dialog and the
//! keyboard shortcut sheet, all on the native `<dialog>` element (which traps
//! focus, makes the page behind it inert and closes on Esc).

use leptos::prelude::*;
use pyramid_engine::{Custom, Goal, Preset, Status, StockMode};

use crate::domain::label::DealLabel;
use crate::domain::round::{describe_status, format_time, parse_deal_number};
use crate::fx::motion;
use crate::state::context::{GameContext, OpenDialog};
use crate::state::deal::{DealChoice, DealKind};
use crate::state::{coach, deal, play, record};
use crate::ui::chrome::keyboard::Shortcut;
use crate::ui::later::custom::{self, Composer};
use crate::ui::later::share::{ChallengeResult, ShareButton};

/// Where the composer starts when the game on the table has no custom
/// set of the same rules: Classic's options.
const CLASSIC_LIKE: Custom = Custom {
    passes: Some(3),
    turn: 1,
    stock_mode: StockMode::Waste,
    goal: Goal::ClearPyramid,
    overlap: false,
};

/// A native modal `<dialog>` that is open while `open` is true; `on_close`
/// runs when it closes by itself (Esc or a form's `method="dialog"`).
#[component]
pub fn Modal(
    #[prop(into)] open: Signal<bool>,
    label_id: &'static str,
    class: &'static str,
    on_close: impl Fn() + 'static,
    /// With motion on, how long to let the table settle before opening (the
    /// end of a round: the last cards land first, and the dialog's work
    /// comes in a task of its own).
    #[prop(optional)]
    settle_ms: u64,
    children: Children,
) -> impl IntoView {
    let node = NodeRef::<leptos::html::Dialog>::new();
    // The contents are built the first time the dialog shows, not with the
    // page, so the page starts sooner; then they stay. `built` is set only
    // by the showing below, and read only by the contents.
    let unbuilt = StoredValue::new_local(Some(children));
    let built = RwSignal::new(false);
    // Set while a close the owner asked for is on its way: the browser fires
    // `close` in a task of its own, by when the owner may want the dialog
    // open again (a second file picked for import right after the first
    // was taken), and that close is not the dialog closing by itself.
    let closed_by_owner = StoredValue::new(false);
    // Set from the `cancel` that told the owner until the `close` after
    // it, which is then not news to the owner.
    let cancelled = StoredValue::new(false);
    let on_close = std::rc::Rc::new(on_close);
    let on_close_at_cancel = on_close.clone();
    // Shows the dialog (building its contents first, the first time) if
    // it is still meant to be open. Building a dialog's contents and
    // showing it (the browser restyles the page for the top layer) are
    // each a good part of a frame on a slow phone: they are tasks of their
    // own, and `showModal` then focuses the control marked `autofocus`.
    let show = move || {
        let Some(dialog) = node.get_untracked() else {
            return;
        };
        if !open.get_untracked() || dialog.open() {
            return;
        }
        let show_now = move || {
            if open.get_untracked() && !dialog.open() {
                let _ = dialog.show_modal();
            }
        };
        if built.get_untracked() {
            show_now();
        } else {
            built.set(true);
            set_timeout(show_now, std::time::Duration::ZERO);
        }
    };
    // The one effect: the dialog follows `open`. It opens once the table
    // has settled (`settle_ms` with motion on), in a task of its own, and
    // closes at once.
    Effect::new(move |_| {
        let want_open = open.get();
        let Some(dialog) = node.get() else {
            return;
        };
        if want_open {
            let settle = if settle_ms > 0 && motion::enabled() {
                settle_ms
            } else {
                0
            };
            set_timeout(show, std::time::Duration::from_millis(settle));
        } else if dialog.open() {
            closed_by_owner.set_value(true);
            dialog.close();
        }
    });
    view! {
        <dialog
            node_ref=node
            class=class
            aria-labelledby=label_id
            // Esc hides the dialog at once, but `close` comes in a task of
            // its own: the owner hears of it at `cancel`, so a key pressed
            // right after Esc already goes to the table (keyboard.rs).
            on:cancel=move |_: web_sys::Event| {
                if !closed_by_owner.get_value() && open.get_untracked() {
                    cancelled.set_value(true);
                    on_close_at_cancel();
                }
            }
            // One `close` ends both: after a `cancel` that told the owner,
            // the owner's effect may close the dialog itself first.
            on:close=move |_| {
                let told = closed_by_owner.get_value() || cancelled.get_value();
                closed_by_owner.set_value(false);
                cancelled.set_value(false);
                if !told && open.get_untracked() {
                    on_close();
                }
            }
        >
            {move || {
                built
                    .get()
                    .then(|| unbuilt.try_update_value(Option::take).flatten())
                    .flatten()
                    .map(|children| children())
            }}
        </dialog>
    }
}

/// Pick the rules and the deal.
#[component]
pub fn NewDealDialog() -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    let open = Signal::derive(move || ctx.ui.dialog.get() == OpenDialog::NewDeal);
    let close = move || ctx.ui.dialog.set(OpenDialog::None);
    custom::remember_custom_rounds(ctx);
    // Counts the openings: a new one changes it, a closing does not.
    let opened = Memo::new(move |was: Option<&u32>| {
        let was = was.copied().unwrap_or(0);
        if open.get() {
            was + 1
        } else {
            was
        }
    });
    view! {
        <Modal open=open label_id="new-deal-title" class="new-deal-dialog" on_close=close>
            // The form is built afresh each time the dialog opens, so its
            // choices start from the rules on the table with no effect
            // resetting them. It is not taken down when the dialog closes:
            // closing (its Deal) is then quick, and the next opening replaces it.
            {move || {
                opened.track();
                view! { <NewDealForm /> }
            }}
        </Modal>
    }
}

#[component]
fn NewDealForm() -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    let preset = RwSignal::new(ctx.table.round.with_untracked(|r| r.preset()));
    let kind = RwSignal::new(DealKind::Random);
    let number_text = RwSignal::new(String::new());
    let grade = RwSignal::new(None::<u8>);
    let error = RwSignal::new(None::<String>);
    // A named game or a recent set is `preset`; the composer's set is
    // `composed`, and `composing` says it is the one picked.
    let recent = custom::recent_sets(ctx);
    let (composing, composed) = match preset.get_untracked() {
        Preset::Custom(set) => (!recent.contains(&set), set),
        named => (false, named.as_custom().unwrap_or(CLASSIC_LIKE)),
    };
    let composing = RwSignal::new(composing);
    let composed = RwSignal::new(composed);
    let close = move || ctx.ui.dialog.set(OpenDialog::None);
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let choice = match kind.get_untracked() {
            DealKind::Random => DealChoice::Random,
            DealKind::Winnable => DealChoice::Winnable(grade.get_untracked()),
            DealKind::Daily => DealChoice::Daily,
            DealKind::Number => match parse_deal_number(&number_text.get_untracked()) {
                Some(n) => DealChoice::Number(n),
                None => {
                    error.set(Some(format!("Enter a deal number from 1 to {}", u32::MAX)));
                    return;
                }
            },
        };
        let preset = if composing.get_untracked() {
            Preset::Custom(composed.get_untracked())
        } else {
            preset.get_untracked()
        };
        // The click, the dialog's closing (the browser then restyles the
        // page to give the focus back) and the new table are three tasks,
        // so that none is long on a slow phone.
        set_timeout(
            move || {
                ctx.ui.dialog.set(OpenDialog::None);
                set_timeout(
                    move || deal::start_choice(ctx, choice, preset),
                    std::time::Duration::ZERO,
                );
            },
            std::time::Duration::ZERO,
        );
    };
    let choice = move |p: Preset| {
        let id = format!("preset-{}", p.id());
        view! {
            <div class="choice">
                <input
                    type="radio"
                    name="preset"
                    id=id.clone()
                    value=p.id()
                    prop:checked=move || !composing.get() && preset.get() == p
                    on:change=move |_| {
                        composing.set(false);
                        preset.set(p);
                    }
                />
                <label for=id>
                    // A custom set's name holds its summary already.
                    <strong>{match p {
                        Preset::Custom(_) => "Custom".into(),
                        named => named.name(),
                    }}</strong>
                    " "
                    <span class="summary">{p.summary()}</span>
                </label>
            </div>
        }
    };
    let group = move |legend: &'static str, games: &[Preset]| {
        let choices = games.iter().map(|&p| choice(p)).collect_view();
        view! {
            <fieldset class="game-group">
                <legend>{legend}</legend>
                {choices}
            </fieldset>
        }
    };
    let (pyramid_games, family_games) = Preset::ALL.split_at(Preset::CLASSIC_SEVEN.len());
    let recent_group = (!recent.is_empty()).then(|| {
        let games: Vec<Preset> = recent.iter().map(|&s| Preset::Custom(s)).collect();
        group("Recent custom sets", &games)
    });
    let preset_options = view! {
        <div class="game-groups">
            {group("Pyramid", pyramid_games)}
            <div>
                {group("The Pyramid family", family_games)}
                {recent_group}
            </div>
        </div>
        <fieldset class="game-group composer">
            <legend>"Custom"</legend>
            <div class="choice">
                <input
                    type="radio"
                    name="preset"
                    id="preset-compose"
                    value="compose"
                    prop:checked=move || composing.get()
                    on:change=move |_| composing.set(true)
                />
                <label for="preset-compose">
                    <strong>"Your own rules"</strong>
                    " "
                    <span class="summary">{move || composed.get().summary()}</span>
                </label>
            </div>
            <div class="compose-options">
                <Composer set=composed composing=composing />
            </div>
        </fieldset>
    };
    let deal_option = move |value: DealKind| {
        let id = format!("deal-{}", value.id());
        view! {
            <div class="choice">
                <input
                    type="radio"
                    name="deal-kind"
                    id=id.clone()
                    value=value.id()
                    prop:checked=move || kind.get() == value
                    on:change=move |_| kind.set(value)
                />
                <label for=id>{value.label()}</label>
            </div>
        }
    };

    view! {
        <form on:submit=submit>
            <h2 id="new-deal-title">"New deal"</h2>
            <fieldset class="rules">
                <legend>"Rules"</legend>
                {preset_options}
            </fieldset>
            <fieldset>
                <legend>"Deal"</legend>
                {deal_option(DealKind::Random)}
                {deal_option(DealKind::Winnable)}
                {deal_option(DealKind::Daily)}
                <label class="difficulty-field">
                    "Difficulty "
                    <select
                        name="difficulty"
                        on:change=move |ev| {
                            let value = event_target_value(&ev).parse::<u8>().ok();
                            grade.set(value);
                            // A grade is the solver's: only winnable deals have one asked for.
                            if value.is_some() {
                                kind.set(DealKind::Winnable);
                            }
                        }
                    >
                        <option value="any" selected=true>"Any"</option>
                        <option value="1">"1 of 5 (easiest)"</option>
                        <option value="2">"2 of 5"</option>
                        <option value="3">"3 of 5"</option>
                        <option value="4">"4 of 5"</option>
                        <option value="5">"5 of 5 (hardest)"</option>
                    </select>
                </label>
                {deal_option(DealKind::Number)}
                <label class="number-field">
                    <span class="visually-hidden">"Deal number"</span>
                    <input
                        type="text"
                        inputmode="numeric"
                        name="deal-number"
                        aria-label="Deal number"
                        autocomplete="off"
                        prop:value=move || number_text.get()
                        on:input=move |ev| {
                            number_text.set(event_target_value(&ev));
                            kind.set(DealKind::Number);
                        }
                    />
                </label>
            </fieldset>
            <p class="error" role="alert">{move || error.get()}</p>
            <div class="dialog-buttons">
                <button type="submit" class="primary">"Deal"</button>
                <button type="button" on:click=move |_| close()>"Cancel"</button>
            </div>
        </form>
    }
}

/// The end of a round: the outcome, the round's figures, and what next.
#[component]
pub fn EndDialog() -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    let open = Signal::derive(move || play::end_dialog_open(ctx));
    // Plain closures, not memos: cheap, and the page only writes changes.
    let status = move || ctx.table.round.with(|r| r.status());
    let title = move || match status() {
        Status::Won => "You won!",
        _ => "Round lost",
    };
    let figures = move || {
        ctx.table.round.with(|r| {
            (
                r.game.move_count(),
                format_time(ctx.table.elapsed_ms.get()),
                r.game.score(),
                DealLabel::of(r).title(),
            )
        })
    };
    view! {
        <Modal
            open=open
            label_id="end-title"
            class="end-dialog"
            settle_ms=motion::SETTLE_MS
            on_close=move || ctx.ui.end_dialog_closed.set(true)
        >
            <h2 id="end-title">{title}</h2>
            <p data-testid="end-summary">
                {move || match status() {
                    // The heading says it already; say how short it could be.
                    Status::Won => {
                        let moves = ctx.table.round.with(|r| r.game.move_count());
                        match ctx.coach.shortest.get() {
                            Some((n, true)) => {
                                format!("You won in {moves} moves; the shortest win is {n}.")
                            }
                            Some((n, false)) => {
                                format!("You won in {moves} moves; a win can take as few as {n}.")
                            }
                            None => format!("You won in {moves} moves."),
                        }
                    }
                    other => describe_status(other).unwrap_or_default().to_string(),
                }}
            </p>
            <dl class="figures">
                <div><dt>"Moves"</dt><dd>{move || figures().0}</dd></div>
                <div><dt>"Time"</dt><dd>{move || figures().1}</dd></div>
                <div><dt>"Score"</dt><dd>{move || figures().2}</dd></div>
                <div>
                    <dt class="visually-hidden">"Deal"</dt>
                    <dd>{move || figures().3}</dd>
                </div>
            </dl>
            <ChallengeResult />
            <div class="dialog-buttons">
                <button
                    type="button"
                    class="primary"
                    on:click=move |_| {
                        let preset = ctx.table.round.with_untracked(|r| r.preset());
                        deal::start_choice(ctx, DealChoice::Random, preset);
                    }
                >
                    "New deal"
                </button>
                <button type="button" on:click=move |_| deal::replay(ctx)>"Replay this deal"</button>
                <ShareButton />
                <Show when=move || status() != Status::Won>
                    <button type="button" on:click=move |_| coach::where_did_i_lose(ctx)>
                        "Where did I lose?"
                    </button>
                </Show>
                // After the player's first loss, in any game: the rules.
                <Show when=move || status() != Status::Won && first_loss(ctx)>
                    <button
                        type="button"
                        on:click=move |_| {
                            ctx.ui.end_dialog_closed.set(true);
                            ctx.ui.dialog.set(OpenDialog::HowToPlay);
                        }
                    >
                        "How to play"
                    </button>
                </Show>
                <button type="button" on:click=move |_| ctx.ui.end_dialog_closed.set(true)>
                    "Close"
                </button>
            </div>
        </Modal>
    }
}

/// Whether the statistics hold exactly one lost round, over every game.
fn first_loss(ctx: GameContext) -> bool {
    ctx.stats
        .book
        .with(|book| book.games().map(|p| book.stats(p).lost).sum::<u32>() == 1)
}

/// Confirms before the statistics of the game the panel shows are forgotten.
#[component]
pub fn ResetStatsDialog() -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    let open = Signal::derive(move || ctx.ui.dialog.get() == OpenDialog::ResetStats);
    let close = move || ctx.ui.dialog.set(OpenDialog::None);
    let preset = move || ctx.stats.shown_game(ctx.table.round.with(|r| r.preset()));
    view! {
        <Modal open=open label_id="reset-stats-title" class="reset-stats-dialog" on_close=close>
            <h2 id="reset-stats-title">"Reset statistics?"</h2>
            <p>
                {move || format!(
                    "This forgets every {} round played so far, in this tab and in any other \
                     open tab of the game. It cannot be undone.",
                    preset().name()
                )}
            </p>
            <div class="dialog-buttons">
                <button
                    type="button"
                    class="danger"
                    on:click=move |_| {
                        ctx.ui.dialog.set(OpenDialog::None);
                        record::reset_stats(ctx, untrack(preset));
                    }
                >
                    "Reset"
                </button>
                // Focused first, so Enter does not reset by accident.
                <button type="button" class="primary" autofocus on:click=move |_| close()>
                    "Cancel"
                </button>
            </div>
        </Modal>
    }
}

/// Every keyboard shortcut.
#[component]
pub fn ShortcutsDialog() -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    let open = Signal::derive(move || ctx.ui.dialog.get() == OpenDialog::Shortcuts);
    let close = move || ctx.ui.dialog.set(OpenDialog::None);
    let rows = Shortcut::ALL
        .into_iter()
        .map(|s| view! { <tr><th scope="row"><kbd>{s.keys()}</kbd></th><td>{s.what()}</td></tr> })
        .collect_view();
    view! {
        <Modal open=open label_id="shortcuts-title" class="shortcuts-dialog" on_close=close>
            <h2 id="shortcuts-title">"Keyboard shortcuts"</h2>
            <table>
                <tbody>{rows}</tbody>
            </table>
            <div class="dialog-buttons">
                <button
                    type="button"
                    on:click=move |_| ctx.ui.dialog.set(OpenDialog::HowToPlay)
                >
                    "How to play"
                </button>
                <button type="button" class="primary" on:click=move |_| close()>"Close"</button>
            </div>
        </Modal>
    }
}

/// In the browser (`cargo test -p pyramid --target wasm32-unknown-unknown`).
#[cfg(all(test, target_arch = "wasm32"))]
mod browser_tests {
    use super::*;
    use std::time::Duration;
    use wasm_bindgen::JsCast;
    use wasm_bindgen_test::*;

    use crate::platform::tasks::sleep;

    wasm_bindgen_test_configure!(run_in_browser);

    fn find(container: &web_sys::HtmlElement, selector: &str) -> Option<web_sys::Element> {
        container.query_selector(selector).unwrap()
    }

    /// The test's dialog element.
    fn dialog_in(container: &web_sys::HtmlElement) -> web_sys::HtmlDialogElement {
        find(container, ".test-modal").unwrap().unchecked_into()
    }

    #[wasm_bindgen_test]
    async fn a_modal_builds_its_contents_when_first_shown_and_follows_open() {
        let container: web_sys::HtmlElement =
            document().create_element("div").unwrap().unchecked_into();
        document().body().unwrap().append_child(&container).unwrap();
        let open = RwSignal::new(false);
        let closed_by_itself = RwSignal::new(0);
        let _handle = leptos::mount::mount_to(container.clone(), move || {
            view! {
                <Modal
                    open=open
                    label_id="test-modal-title"
                    class="test-modal"
                    on_close=move || {
                        closed_by_itself.update(|n| *n += 1);
                        open.set(false);
                    }
                >
                    <h2 id="test-modal-title" class="inside">"Inside"</h2>
                </Modal>
            }
        });
        let is_open = |c: &web_sys::HtmlElement| {
            find(c, ".test-modal").is_some_and(|d| d.has_attribute("open"))
        };
        async fn until(what: &str, check: impl Fn() -> bool) {
            for _ in 0..100 {
                if check() {
                    return;
                }
                sleep(Duration::from_millis(20)).await;
            }
            panic!("never {what}");
        }
        leptos::task::tick().await;
        sleep(Duration::from_millis(50)).await;
        assert!(!is_open(&container));
        // Nothing inside is built before the dialog first opens.
        assert!(find(&container, ".inside").is_none());
        open.set(true);
        until("opened", || is_open(&container)).await;
        assert!(find(&container, ".inside").is_some());
        open.set(false);
        until("closed", || !is_open(&container)).await;
        // The contents stay, and the dialog opens again with them.
        assert!(find(&container, ".inside").is_some());
        open.set(true);
        until("opened again", || is_open(&container)).await;
        assert_eq!(closed_by_itself.get_untracked(), 0);
        // Closing by itself (Esc, a form's method="dialog") tells the owner.
        dialog_in(&container).close();
        until("told of the close", || {
            closed_by_itself.get_untracked() == 1
        })
        .await;
        assert!(!open.get_untracked());
        sleep(Duration::from_millis(50)).await;
        assert!(!is_open(&container));
        // Closed by the owner and wanted open again before the browser's
        // `close` event comes: that close is not the dialog's own, so the
        // owner is not told, and the dialog stays open.
        open.set(true);
        until("opened a third time", || is_open(&container)).await;
        open.set(false);
        // The effect closes it (its `close` event is a task still to come)…
        leptos::task::tick().await;
        assert!(!is_open(&container));
        // …and the owner wants it open again first.
        open.set(true);
        sleep(Duration::from_millis(100)).await;
        assert_eq!(closed_by_itself.get_untracked(), 1);
        assert!(open.get_untracked());
        until("open after the quick close", || is_open(&container)).await;
        // Esc's way (`requestClose`: `cancel`, the dialog hidden, then
        // `close` in a task of its own) tells the owner at once, and once.
        let dialog = dialog_in(&container);
        let request_close: js_sys::Function = js_sys::Reflect::get(&dialog, &"requestClose".into())
            .unwrap()
            .unchecked_into();
        request_close.call0(&dialog).unwrap();
        assert_eq!(closed_by_itself.get_untracked(), 2);
        assert!(!open.get_untracked());
        sleep(Duration::from_millis(100)).await;
        assert_eq!(closed_by_itself.get_untracked(), 2);
        assert!(!is_open(&container));
        // A key's Esc runs the owner's effect between `cancel` and the
        // browser's closing: the effect closes the dialog itself, and the
        // one `close` that follows is not news. The next close by itself
        // is.
        open.set(true);
        until("opened for Esc", || is_open(&container)).await;
        let cancel = web_sys::Event::new("cancel").unwrap();
        dialog.dispatch_event(&cancel).unwrap();
        assert_eq!(closed_by_itself.get_untracked(), 3);
        until("closed by the effect", || !is_open(&container)).await;
        sleep(Duration::from_millis(100)).await;
        assert_eq!(closed_by_itself.get_untracked(), 3);
        open.set(true);
        until("opened after Esc", || is_open(&container)).await;
        dialog.close();
        until("told of the next close", || {
            closed_by_itself.get_untracked() == 4
        })
        .await;
        assert!(!open.get_untracked());
    }
}
