//! The page's state, shared by the components through context: signals and
//! stored values only, grouped by what they are about. The actions over it
//! are the other files of [`crate::state`], one concern each.
//!
//! The round lives in one `RwSignal<Round>` and its clock in another, so a
//! tick of the clock re-runs only what shows the time. The rest are small
//! pieces of UI state (the selection, the hinted move, the message in the
//! live region, which dialog is open) and what the coach knows.

use std::sync::atomic::{AtomicU32, Ordering};

use leptos::prelude::*;
use pyramid_engine::{Card, Move};

use crate::domain::persist::Settings;
use crate::domain::round::Round;
use crate::fx::zones::PYRAMID_SLOTS;
use crate::platform::storage::Notice;
use crate::state::statistics::Statistics;
use pyramid_engine::LossAnalysis;

/// Which modal dialog is open (the end-of-round dialog is derived from the round).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpenDialog {
    None,
    WhereLost,
    NewDeal,
    Shortcuts,
    ResetStats,
    Settings,
    Daily,
    HowToPlay,
}

/// What is known of the deal's difficulty.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Grade {
    /// Not asked yet, or the question was cancelled (asked again later).
    Unknown,
    Asking,
    /// 1 (easiest) to 5 (hardest).
    Known(u8),
    /// The solver could not answer.
    Failed,
}

/// A winning line being shown on the table, and the player's own round,
/// put aside until the replay stops.
#[derive(Clone, Debug)]
pub struct Replay {
    pub line: Vec<Move>,
    /// How many moves of `line` are on the table.
    pub shown: usize,
    pub paused: bool,
    /// The player's round, as it was when the replay started.
    pub stashed: Round,
}

/// A notice about saved data set aside, as the page shows it: a banner that
/// stays until the player dismisses it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShownNotice {
    pub id: u32,
    /// The whole notice: what could not be read, why, and where it went.
    pub text: String,
    /// The backup key holding the unreadable value, when the copy was made.
    pub backup: Option<String>,
}

impl ShownNotice {
    pub fn new(notice: &Notice) -> ShownNotice {
        static NEXT: AtomicU32 = AtomicU32::new(0);
        ShownNotice {
            id: NEXT.fetch_add(1, Ordering::Relaxed),
            text: notice.to_string(),
            backup: notice.backup.as_ref().ok().cloned(),
        }
    }
}

/// The table: the round and what the player is doing with its cards.
#[derive(Clone, Copy)]
pub struct TableState {
    /// The round on the table: the one source of truth about the game.
    pub round: RwSignal<Round>,
    /// The round's clock in milliseconds. It runs only while the round is
    /// in progress, not paused and the page is visible.
    pub elapsed_ms: RwSignal<u64>,
    /// The card picked as the first of a pair (UI state, not part of the game).
    pub selected: RwSignal<Option<Card>>,
    /// The move the last hint showed; cleared by any change to the round.
    pub hinted: RwSignal<Option<Move>>,
    /// How many of the pyramid's slots, in row order, may show their card
    /// (28: all). Only the deal-in (see `motion::deal_in`) and the page's
    /// start (`revealing`) show fewer, a few more a step.
    pub shown_cards: RwSignal<u8>,
    /// While the page starts: the pyramid's cards come on screen a few a
    /// task, and the slots still to come show a card's back (no motion).
    pub revealing: RwSignal<bool>,
    /// The pyramid card that holds the pyramid's single tab stop.
    pub roving: RwSignal<Option<Card>>,
    pub paused: RwSignal<bool>,
}

/// Around the table: the live region, the banners, the dialogs, the settings.
#[derive(Clone, Copy)]
pub struct UiState {
    /// The text of the polite live region.
    pub message: RwSignal<String>,
    /// Saved data that could not be read and was set aside: banners that
    /// stay until the player dismisses them.
    pub notices: RwSignal<Vec<ShownNotice>>,
    pub dialog: RwSignal<OpenDialog>,
    /// Whether the player closed the end-of-round dialog to look at the table.
    pub end_dialog_closed: RwSignal<bool>,
    /// The player's settings ([`crate::state::settings`]).
    pub settings: RwSignal<Settings>,
    /// Whether the page started with no statistics and no saved round:
    /// the guided first round is offered.
    pub first_visit: bool,
}

/// What the coach (the solver) is doing and has said.
#[derive(Clone, Copy)]
pub struct CoachState {
    /// What the solver's worker is working on for the player, while it is.
    pub thinking: RwSignal<Option<&'static str>>,
    /// The coach's last answer to "where did I lose?", shown in its dialog.
    pub loss_answer: RwSignal<Option<LossAnalysis>>,
    /// A winning line being shown ("Show me a win"), with the player's
    /// round put aside until it stops.
    pub replay: RwSignal<Option<Replay>>,
    /// The timer that steps a shown win.
    pub replay_timer: StoredValue<Option<IntervalHandle>>,
    /// The difficulty grade of the deal on the table.
    pub grade: RwSignal<Grade>,
    /// After a win: the fewest moves that win the deal, and whether that
    /// is proven (else it is an upper bound).
    pub shortest: RwSignal<Option<(u32, bool)>>,
    /// What the hints already know, so that asking again needs no solve.
    pub hint_cache: StoredValue<HintMemo>,
}

/// What earlier hints found out about the round on the table.
#[derive(Default)]
pub struct HintMemo {
    /// The rest of a winning line found by the last solve, keyed by the
    /// position it starts from, so following hints does not solve again.
    pub line: Option<(u64, Vec<Move>)>,
    /// A round (by its id) and its moves up to a position the solver
    /// proved lost. Every position more moves reach from there is lost too
    /// (a line that won from one of them would win from the lost one), so
    /// a hint there needs no solve until an undo goes back before it.
    pub lost_from: Option<(String, Vec<Move>)>,
}

/// Every signal and stored value the components share. `Copy`, so closures
/// and window listeners capture it by value.
#[derive(Clone, Copy)]
pub struct GameContext {
    pub table: TableState,
    pub ui: UiState,
    pub coach: CoachState,
    /// The statistics, and whether they could be saved.
    pub stats: Statistics,
}

impl GameContext {
    pub fn new(round: Round, elapsed_ms: u64, message: String, stats: Statistics) -> GameContext {
        GameContext {
            table: TableState {
                round: RwSignal::new(round),
                elapsed_ms: RwSignal::new(elapsed_ms),
                selected: RwSignal::new(None),
                hinted: RwSignal::new(None),
                shown_cards: RwSignal::new(PYRAMID_SLOTS),
                revealing: RwSignal::new(false),
                roving: RwSignal::new(None),
                paused: RwSignal::new(false),
            },
            ui: UiState {
                message: RwSignal::new(message),
                notices: RwSignal::new(Vec::new()),
                dialog: RwSignal::new(OpenDialog::None),
                end_dialog_closed: RwSignal::new(false),
                settings: RwSignal::new(Settings::default()),
                first_visit: false,
            },
            coach: CoachState {
                thinking: RwSignal::new(None),
                loss_answer: RwSignal::new(None),
                replay: RwSignal::new(None),
                replay_timer: StoredValue::new(None),
                grade: RwSignal::new(Grade::Unknown),
                shortest: RwSignal::new(None),
                hint_cache: StoredValue::new(HintMemo::default()),
            },
            stats,
        }
    }
}
