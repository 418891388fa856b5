//! The page's state and every action a player can take, shared by the
//! components through context.
//!
//! The round lives in one `RwSignal<Round>` and its clock in another, so a
//! tick of the clock re-runs only what shows the time. The rest are small
//! pieces of UI state (the selection, the hinted move, the message in the
//! live region, which dialog is open). Every action goes through the engine:
//! the page asks `Game::play` whether a move is legal and `Game::status`
//! whether the round is over, and never decides either itself.
//!
//! Saving is part of each action, not an effect: every action that changes
//! the round ends by writing it ([`GameContext::save_round`]).

use leptos::prelude::*;
use pyramid_engine::{Card, Date, Move, MoveError, Preset, Status};

use crate::domain::persist::Settings;
use crate::domain::round::{
    capitalise, describe_hint, describe_move, describe_status, DealOrigin, Hint, Round,
    WINNABLE_TRIES,
};
use crate::fx::motion;
use crate::platform;
use crate::platform::sound::{self, Cue};
use crate::platform::storage::{self, Notice};
use crate::platform::tabs;
use crate::protocol::{LossAnswer, Request, Response, RoundSpec};
use crate::solver::{self, SolverError};
use crate::state::coach::{Grade, Replay};
use crate::state::statistics::Statistics;
use crate::ui::chrome::keyboard;
use crate::ui::later::notices::ShownNotice;

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

/// Signals and stored values the components share. `Copy`, so closures and
/// window listeners capture it by value.
#[derive(Clone, Copy)]
pub struct GameContext {
    /// The round on the table: the one source of truth about the game.
    pub round: RwSignal<Round>,
    /// The round's clock in milliseconds. It runs only while the round is
    /// in progress, not paused and the page is visible.
    pub elapsed_ms: RwSignal<u64>,
    /// The card picked as the first of a pair (UI state, not part of the game).
    pub selected: RwSignal<Option<Card>>,
    /// The move the last hint showed; cleared by any change to the round.
    pub hinted: RwSignal<Option<Move>>,
    /// The text of the polite live region.
    pub message: RwSignal<String>,
    /// Saved data that could not be read and was set aside: banners that
    /// stay until the player dismisses them ([`crate::ui::later::notices`]).
    pub notices: RwSignal<Vec<ShownNotice>>,
    pub paused: RwSignal<bool>,
    pub dialog: RwSignal<OpenDialog>,
    /// Whether the player closed the end-of-round dialog to look at the table.
    pub end_dialog_closed: RwSignal<bool>,
    /// The statistics, and whether they could be saved.
    pub stats: Statistics,
    /// The player's settings ([`crate::ui::later::settings`]).
    pub settings: RwSignal<Settings>,
    /// The pyramid card that holds the pyramid's single tab stop.
    pub roving: RwSignal<Option<Card>>,
    /// What the solver's worker is working on, while it is.
    pub thinking: RwSignal<Option<&'static str>>,
    /// The coach's last answer to "where did I lose?", shown in its dialog.
    pub loss_answer: RwSignal<Option<LossAnswer>>,
    /// A winning line being shown ("Show me a win"), with the player's
    /// round put aside until it stops.
    pub replay: RwSignal<Option<Replay>>,
    /// The difficulty grade of the deal on the table.
    pub grade: RwSignal<Grade>,
    /// After a win: the fewest moves that win the deal, and whether that
    /// is proven (else it is an upper bound).
    pub shortest: RwSignal<Option<(u32, bool)>>,
    /// How many of the pyramid's slots, in row order, may show their card
    /// (28: all). Only the deal-in shows fewer, a few more a step (see
    /// `motion::deal_in`).
    pub shown_cards: RwSignal<u8>,
    /// The timer that steps a shown win.
    pub replay_timer: StoredValue<Option<IntervalHandle>>,
    /// The rest of a winning line found by the last solve, keyed by the
    /// position it starts from, so following hints does not solve again.
    hint_cache: StoredValue<Option<(u64, Vec<Move>)>>,
}

impl GameContext {
    pub fn new(round: Round, elapsed_ms: u64, message: String, stats: Statistics) -> GameContext {
        GameContext {
            round: RwSignal::new(round),
            elapsed_ms: RwSignal::new(elapsed_ms),
            selected: RwSignal::new(None),
            hinted: RwSignal::new(None),
            message: RwSignal::new(message),
            notices: RwSignal::new(Vec::new()),
            paused: RwSignal::new(false),
            dialog: RwSignal::new(OpenDialog::None),
            end_dialog_closed: RwSignal::new(false),
            stats,
            settings: RwSignal::new(Settings::default()),
            roving: RwSignal::new(None),
            thinking: RwSignal::new(None),
            loss_answer: RwSignal::new(None),
            replay: RwSignal::new(None),
            grade: RwSignal::new(Grade::Unknown),
            shortest: RwSignal::new(None),
            shown_cards: RwSignal::new(crate::ui::table::pyramid::SLOTS),
            replay_timer: StoredValue::new(None),
            hint_cache: StoredValue::new(None),
        }
    }

    /// Whether the player may act on the table now: not while paused, and
    /// not while a winning line is being shown.
    pub fn can_act(&self) -> bool {
        !self.paused.get_untracked() && self.replay.with_untracked(Option::is_none)
    }

    /// Plays `m` through the engine and tells the player what happened.
    pub fn play(&self, m: Move) -> Result<(), MoveError> {
        if !self.can_act() {
            return Ok(());
        }
        let mut result = Ok(());
        let before = self.round.with_untracked(motion::snapshot);
        let card_had_focus = keyboard::card_has_focus();
        self.round.maybe_update(|r| {
            result = r.game.play(m);
            result.is_ok()
        });
        match result {
            Ok(()) => {
                if card_had_focus {
                    keyboard::keep_focus_on_table();
                }
                self.round.with_untracked(|r| motion::animate(before, r));
                sound::play(self.round.with_untracked(|r| match (r.status(), m) {
                    (Status::Won, _) => Cue::Win,
                    (_, Move::King(_)) => Cue::King,
                    (_, Move::Pair(..)) => Cue::Pair,
                    (_, Move::Draw) => Cue::Draw,
                    (_, Move::Recycle) => Cue::Recycle,
                }));
                self.advance_hint_cache(m);
                self.selected.set(None);
                self.hinted.set(None);
                self.announce_after(describe_move(m));
                self.save_round();
                self.record_finish(false);
                if self.round.with_untracked(|r| r.status() == Status::Won) {
                    motion::celebrate();
                    // The question to the worker in a task of its own: the
                    // winning move's is long enough on a slow phone.
                    let ctx = *self;
                    set_timeout(move || ctx.ask_shortest_win(), std::time::Duration::ZERO);
                }
            }
            Err(e) => {
                motion::shake(&m.removed_cards().collect::<Vec<_>>());
                sound::play(Cue::Illegal);
                self.message.set(capitalise(&e.to_string()));
            }
        }
        result
    }

    /// A tap or click on a card (also Enter and Space on a focused card).
    pub fn tap(&self, card: Card) {
        if !self.can_act() || self.round.with_untracked(Round::is_over) {
            return;
        }
        let available = self
            .round
            .with_untracked(|r| r.board().is_available(r.position(), card));
        if !available {
            self.message.set(format!("The {} is covered", card.name()));
            return;
        }
        let selected = self.selected.get_untracked();
        if selected == Some(card) {
            self.selected.set(None);
            self.message.set("Selection cancelled".into());
            return;
        }
        if card.is_king() {
            let _ = self.play(Move::King(card));
            return;
        }
        if let Some(first) = selected {
            match self.play(Move::Pair(first, card)) {
                Ok(()) => return,
                // Not a pair: the tap moves the selection to the new card.
                Err(MoveError::NotThirteen(..)) => {}
                Err(_) => return,
            }
        }
        self.selected.set(Some(card));
        self.message
            .set(format!("{} selected", capitalise(&card.name())));
    }

    /// Pairs two cards dragged onto each other; nothing changes if they do not pair.
    pub fn drop_on(&self, dragged: Card, target: Card) {
        if dragged == target || self.round.with_untracked(Round::is_over) {
            return;
        }
        let _ = self.play(Move::Pair(dragged, target));
    }

    /// A tap on the stock, the `D` key and the Draw button: draws, or turns
    /// the waste over when the stock is empty.
    pub fn draw_or_recycle(&self) {
        if !self.can_act() || self.round.with_untracked(Round::is_over) {
            return;
        }
        let can_draw = self
            .round
            .with_untracked(|r| r.board().can_draw(r.position()));
        let _ = self.play(if can_draw { Move::Draw } else { Move::Recycle });
    }

    pub fn undo(&self) {
        if !self.can_act() {
            return;
        }
        let mut undone = false;
        let before = self.round.with_untracked(motion::snapshot);
        self.round.maybe_update(|r| {
            undone = r.game.undo();
            undone
        });
        if undone {
            self.round.with_untracked(|r| motion::animate(before, r));
            self.round.update(|r| r.assisted = true);
            self.after_history_change("Move taken back");
            self.save_round();
        } else {
            self.message.set("Nothing to undo".into());
        }
    }

    pub fn redo(&self) {
        if !self.can_act() {
            return;
        }
        let mut redone = false;
        let before = self.round.with_untracked(motion::snapshot);
        self.round.maybe_update(|r| {
            redone = r.game.redo();
            redone
        });
        if redone {
            self.round.with_untracked(|r| motion::animate(before, r));
            self.after_history_change("Move played again");
            self.save_round();
            self.record_finish(false);
        } else {
            self.message.set("Nothing to redo".into());
        }
    }

    fn after_history_change(&self, what: &str) {
        self.selected.set(None);
        self.hinted.set(None);
        self.end_dialog_closed.set(false);
        self.announce_after(what.to_string());
    }

    /// Par Pyramid: stop playing and take the score.
    pub fn end_round(&self) {
        let mut ended = false;
        self.round.maybe_update(|r| {
            ended = r.game.end_round();
            ended
        });
        if ended {
            self.selected.set(None);
            self.hinted.set(None);
            self.announce_after("Round ended".into());
            self.save_round();
            self.record_finish(false);
        }
    }

    /// Shows a hint: highlights one move on a winning line without playing
    /// it. The solver answers in its worker; the answer is shown only if
    /// the board has not changed meanwhile.
    pub fn show_hint(&self) {
        if !self.can_act() || self.round.with_untracked(Round::is_over) {
            return;
        }
        let ctx = *self;
        self.with_hint(move |hint| match hint {
            Hint::Move(m) => {
                ctx.round.update(|r| r.assisted = true);
                ctx.hinted.set(Some(m));
                ctx.message.set(describe_hint(m));
            }
            Hint::Removal(m) => {
                ctx.round.update(|r| r.assisted = true);
                ctx.hinted.set(Some(m));
                ctx.message.set(format!(
                    "{}. Not every card can be cleared now; each removal still scores.",
                    describe_hint(m)
                ));
            }
            other => ctx.say_no_hint(&other),
        });
    }

    /// Plays the hinted move.
    pub fn auto_move(&self) {
        if !self.can_act() || self.round.with_untracked(Round::is_over) {
            return;
        }
        let ctx = *self;
        self.with_hint(move |hint| match hint {
            Hint::Move(m) | Hint::Removal(m) => {
                ctx.round.update(|r| r.assisted = true);
                let _ = ctx.play(m);
            }
            other => ctx.say_no_hint(&other),
        });
    }

    fn say_no_hint(&self, hint: &Hint) {
        self.hinted.set(None);
        self.message.set(match hint {
            Hint::Lost => "This deal can no longer be won from here".into(),
            Hint::EndRound => "No more cards can be removed now. Choose End round to keep your \
                               score, or draw on."
                .into(),
            _ => "No hint found in time".into(),
        });
    }

    /// Calls `then` with the hint for the position on the table: at once
    /// from the cached line when the player has been following it, else
    /// once the solver's worker answers (and only if the board is still
    /// the one asked about).
    fn with_hint(&self, then: impl FnOnce(Hint) + 'static) {
        let key = self.round.with_untracked(|r| r.position().key());
        let cached = self.hint_cache.with_value(|c| match c {
            Some((k, line)) if *k == key => line.first().copied(),
            _ => None,
        });
        if let Some(m) = cached {
            then(Hint::Move(m));
            return;
        }
        let ctx = *self;
        let spec = self.round_spec();
        self.ask("Looking for a hint", Request::Hint(spec), move |response| {
            let Response::Hint(hint, line) = response else {
                return;
            };
            if ctx.round.with_untracked(|r| r.position().key()) != key {
                return;
            }
            ctx.hint_cache
                .set_value((!line.is_empty()).then_some((key, line)));
            then(hint);
        });
    }

    /// The round on the table as the solver needs it.
    pub fn round_spec(&self) -> RoundSpec {
        self.round.with_untracked(|r| RoundSpec {
            preset: r.preset(),
            cards: r.game.deal().to_string(),
            played: r.game.played().to_vec(),
            ended: r.game.is_ended_by_player(),
        })
    }

    /// Asks the solver's worker, showing `what` while it thinks (after a
    /// moment, with a way to cancel), and calls `then` with the answer. A
    /// newer question cancels this one; a failure is told to the player.
    pub fn ask(&self, what: &'static str, request: Request, then: impl FnOnce(Response) + 'static) {
        let ctx = *self;
        self.thinking.set(Some(what));
        leptos::task::spawn_local(async move {
            match solver::ask(request).await {
                Ok(Response::Refused(why)) => {
                    ctx.thinking.set(None);
                    ctx.message
                        .set(format!("The solver could not answer: {why}"));
                }
                Ok(response) => {
                    ctx.thinking.set(None);
                    then(response);
                }
                // A newer question took over, or the player cancelled.
                Err(SolverError::Cancelled) => {}
                Err(e) => {
                    ctx.thinking.set(None);
                    ctx.message.set(format!("No answer: {e}."));
                }
            }
        });
    }

    /// Stops the solver's search in hand (the player's Cancel).
    pub fn cancel_thinking(&self) {
        if self.thinking.get_untracked().is_some() {
            solver::cancel();
            self.thinking.set(None);
            self.message.set("Search cancelled".into());
        }
    }

    /// Keeps the cached winning line in step when the player plays its next move.
    fn advance_hint_cache(&self, played: Move) {
        let key = self.round.with_untracked(|r| r.position().key());
        self.hint_cache.update_value(|c| {
            let follows = matches!(c, Some((_, line)) if line.first() == Some(&played));
            *c = if follows {
                c.take().map(|(_, mut line)| {
                    line.remove(0);
                    (key, line)
                })
            } else {
                None
            };
        });
    }

    /// Says what happened, then the outcome if the round just ended.
    fn announce_after(&self, what: String) {
        let status = self.round.with_untracked(Round::status);
        match describe_status(status) {
            Some(outcome) => self.message.set(format!("{what}. {outcome}")),
            None => self.message.set(what),
        }
    }

    /// Records the round on the table if it is over, or as abandoned when
    /// the player leaves it started (`abandoning`): see
    /// [`Statistics::close_round`].
    pub fn record_finish(&self, abandoning: bool) {
        if self.replay.with_untracked(Option::is_some) {
            return;
        }
        let elapsed = self.elapsed_ms.get_untracked();
        let notices = self
            .round
            .with_untracked(|r| self.stats.close_round(r, elapsed, abandoning));
        self.show_notices(&notices);
    }

    /// Writes the round in progress under its own key.
    pub fn save_round(&self) {
        let elapsed = self.elapsed_ms.get_untracked();
        let now = platform::now_ms();
        // While a win is shown, the player's own round is the one to keep.
        let saved = match self
            .replay
            .with_untracked(|r| r.as_ref().map(|r| r.stashed.clone()))
        {
            Some(stashed) => stashed.to_saved(elapsed, now),
            None => self.round.with_untracked(|r| r.to_saved(elapsed, now)),
        };
        // A round storage cannot take waits in its queue (see `show_waiting`).
        let _ = storage::save_round(&saved);
        self.stats.show_waiting();
    }

    /// Forgets every result of `preset`, in this tab and (through the merge
    /// on save) in every other.
    pub fn reset_stats(&self, preset: Preset) {
        let notices = self.stats.reset(preset);
        self.message
            .set(format!("Statistics for {} cleared", preset.name()));
        self.show_notices(&notices);
    }

    /// Reads an exported statistics file and asks the player to confirm
    /// what it would do (`ui/later/import_preview.rs`); nothing changes yet.
    pub fn import_stats(&self, text: &str) {
        match self.stats.preview_import(text) {
            Ok(true) => {}
            Ok(false) => self
                .message
                .set("Nothing to import: these statistics are already here".into()),
            Err(e) => self.message.set(format!("Could not import: {e}")),
        }
    }

    /// Tells the player about data storage had to set aside: a sentence
    /// in the live region, and a banner with the whole story (and the copy
    /// to download) that stays until it is dismissed.
    pub fn show_notices(&self, notices: &[Notice]) {
        for notice in notices {
            self.add_message(&notice.headline());
            self.notices
                .update(|shown| shown.push(ShownNotice::new(notice)));
        }
    }

    /// Adds a sentence to the live region without hiding what it said.
    pub fn add_message(&self, text: &str) {
        self.message.update(|m| {
            if !m.is_empty() {
                m.push(' ');
            }
            m.push_str(text);
        });
    }

    /// Starts deal `number` under `preset` in this tab. The player leaves
    /// the round on the table: it is recorded (an unfinished, started one as
    /// abandoned) and its saved copy forgotten.
    pub fn start(&self, number: u32, preset: Preset, origin: DealOrigin) {
        self.start_round(Round::new(number, preset, platform::new_round_id(), origin));
        self.message
            .set(format!("Deal {number}, {} rules", preset.name()));
    }

    /// Starts deal `number`, the daily deal of `date` under `preset`: its
    /// result is kept under that date.
    pub fn start_daily(&self, number: u32, preset: Preset, date: Date) {
        self.start_round(Round {
            daily: Some(date),
            ..Round::new(number, preset, platform::new_round_id(), DealOrigin::Daily)
        });
        self.message.set(format!(
            "Daily deal of {date} (deal {number}), {} rules",
            preset.name()
        ));
    }

    /// Asks the solver's worker for the daily deal of `date` and starts it.
    pub fn play_daily(&self, preset: Preset, date: Date) {
        let ctx = *self;
        let request = Request::DailyDeal {
            preset,
            day: date.day_number(),
        };
        self.ask("Finding the daily deal", request, move |response| {
            if let Response::Deal(n) = response {
                ctx.start_daily(n, preset, date);
            }
        });
    }

    fn start_round(&self, round: Round) {
        self.record_finish(true);
        let old_id = self.round.with_untracked(|r| r.round_id.clone());
        // Forgetting can only fail if storage is gone; the round is recorded.
        let _ = storage::remove_round(&old_id);
        self.deal(round);
    }

    /// Puts a fresh `round` on the table: this tab now plays it (its id is
    /// kept for a reload, and its lock tells other tabs it is taken).
    pub fn deal(&self, round: Round) {
        let id = round.round_id.clone();
        let (number, preset) = (round.deal_number, round.preset());
        motion::finish_all();
        // With motion on, the cards come on screen a few at a time as they
        // are dealt: each step's build and first paint is a task of its own.
        let shown = motion::deal_in(self.shown_cards);
        self.shown_cards.set(shown);
        self.round.set(round);
        self.elapsed_ms.set(0);
        self.selected.set(None);
        self.hinted.set(None);
        self.paused.set(false);
        self.end_dialog_closed.set(false);
        self.roving.set(None);
        self.hint_cache.set_value(None);
        self.loss_answer.set(None);
        self.shortest.set(None);
        self.grade.set(Grade::Unknown);
        // The new table is drawn first; the address, the save, the tab's
        // claim and the grade's question follow in a task of their own, so
        // that no single task of a new deal is long on a slow phone. They
        // read the round as it is then (a move made meanwhile is kept).
        let ctx = *self;
        set_timeout(
            move || {
                platform::show_deal_in_address(number, preset);
                ctx.save_round();
                tabs::set_tab_round_id(&id);
                ctx.ensure_grade();
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
    pub fn start_choice(&self, choice: DealChoice, preset: Preset) {
        let ctx = *self;
        let today = platform::today();
        let day = today.day_number();
        match choice {
            DealChoice::Random => {
                self.start(platform::random_deal_number(), preset, DealOrigin::Random)
            }
            DealChoice::Number(n) => self.start(n, preset, DealOrigin::Number),
            DealChoice::Winnable(grade) => {
                let candidates = (0..WINNABLE_TRIES)
                    .map(|_| platform::random_deal_number())
                    .collect();
                let request = Request::WinnableDeal {
                    preset,
                    candidates,
                    grade,
                    day,
                };
                self.ask("Finding a winnable deal", request, move |response| {
                    if let Response::Deal(n) = response {
                        ctx.start(n, preset, DealOrigin::Winnable);
                    }
                });
            }
            DealChoice::Daily => self.play_daily(preset, today),
        }
    }

    /// Plays the same deal again from the start.
    pub fn replay(&self) {
        let (number, preset, origin, daily) = self
            .round
            .with_untracked(|r| (r.deal_number, r.preset(), r.origin, r.daily));
        if let (Some(n), Some(date)) = (number, daily) {
            self.start_daily(n, preset, date);
            return;
        }
        self.start(
            number.unwrap_or_else(platform::random_deal_number),
            preset,
            origin,
        );
    }

    pub fn toggle_pause(&self) {
        if self.round.with_untracked(Round::is_over) && !self.paused.get_untracked() {
            return;
        }
        let paused = !self.paused.get_untracked();
        self.paused.set(paused);
        self.selected.set(None);
        self.message.set(
            if paused {
                "Game paused"
            } else {
                "Game resumed"
            }
            .into(),
        );
    }

    pub fn cancel_selection(&self) {
        if self.selected.get_untracked().is_some() {
            self.selected.set(None);
            self.message.set("Selection cancelled".into());
        }
        self.hinted.set(None);
    }

    /// Whether the end-of-round dialog is open, without tracking.
    pub fn end_dialog_open_untracked(&self) -> bool {
        untrack(|| self.end_dialog_open())
    }

    /// Whether the end-of-round dialog should be open.
    pub fn end_dialog_open(&self) -> bool {
        self.round.with(|r| r.status() != Status::InProgress)
            && !self.end_dialog_closed.get()
            && self.dialog.get() == OpenDialog::None
            && self.replay.with(Option::is_none)
    }
}
