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
use pyramid_engine::{daily::daily_deal, Card, Move, MoveError, Preset, Status};

use crate::platform;
use crate::round::{
    self, describe_hint, describe_move, describe_status, hint_from_solution, DealOrigin, Hint,
    Round, HINT_NODE_BUDGET,
};
use crate::statistics::Statistics;
use crate::storage::{self, Notice, StorageError};
use crate::tabs;

/// Which modal dialog is open (the end-of-round dialog is derived from the round).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpenDialog {
    None,
    NewDeal,
    Shortcuts,
    ResetStats,
}

/// How the player asked for a new deal in the new-deal dialog.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DealChoice {
    Random,
    Winnable,
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
    pub paused: RwSignal<bool>,
    pub dialog: RwSignal<OpenDialog>,
    /// Whether the player closed the end-of-round dialog to look at the table.
    pub end_dialog_closed: RwSignal<bool>,
    /// The statistics, and whether they could be saved.
    pub stats: Statistics,
    /// Why the round in progress could not be saved the last time, if it could not.
    pub round_unsaved: RwSignal<Option<StorageError>>,
    pub four_colour: RwSignal<bool>,
    /// The pyramid card that holds the pyramid's single tab stop.
    pub roving: RwSignal<Option<Card>>,
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
            paused: RwSignal::new(false),
            dialog: RwSignal::new(OpenDialog::None),
            end_dialog_closed: RwSignal::new(false),
            stats,
            round_unsaved: RwSignal::new(None),
            four_colour: RwSignal::new(false),
            roving: RwSignal::new(None),
            hint_cache: StoredValue::new(None),
        }
    }

    /// Whether the player may act on the table now.
    fn can_act(&self) -> bool {
        !self.paused.get_untracked()
    }

    /// Plays `m` through the engine and tells the player what happened.
    pub fn play(&self, m: Move) -> Result<(), MoveError> {
        if !self.can_act() {
            return Ok(());
        }
        let mut result = Ok(());
        self.round.maybe_update(|r| {
            result = r.game.play(m);
            result.is_ok()
        });
        match result {
            Ok(()) => {
                self.advance_hint_cache(m);
                self.selected.set(None);
                self.hinted.set(None);
                self.announce_after(describe_move(m));
                self.save_round();
                self.record_finish(false);
            }
            Err(e) => self.message.set(capitalise(&e.to_string())),
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
        self.round.maybe_update(|r| {
            undone = r.game.undo();
            undone
        });
        if undone {
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
        self.round.maybe_update(|r| {
            redone = r.game.redo();
            redone
        });
        if redone {
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

    /// Shows a hint: highlights one move on a winning line without playing it.
    pub fn show_hint(&self) {
        if !self.can_act() || self.round.with_untracked(Round::is_over) {
            return;
        }
        match self.hint() {
            Hint::Move(m) => {
                self.hinted.set(Some(m));
                self.message.set(describe_hint(m));
            }
            Hint::Removal(m) => {
                self.hinted.set(Some(m));
                self.message.set(format!(
                    "{}. Not every card can be cleared now; each removal still scores.",
                    describe_hint(m)
                ));
            }
            other => self.say_no_hint(&other),
        }
    }

    /// Plays the hinted move.
    pub fn auto_move(&self) {
        if !self.can_act() || self.round.with_untracked(Round::is_over) {
            return;
        }
        match self.hint() {
            Hint::Move(m) | Hint::Removal(m) => {
                let _ = self.play(m);
            }
            other => self.say_no_hint(&other),
        }
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

    /// The hint for the position on the table, from the cached line when the
    /// player has been following it, else from a budgeted solve.
    pub fn hint(&self) -> Hint {
        let key = self.round.with_untracked(|r| r.position().key());
        let cached = self.hint_cache.with_value(|c| match c {
            Some((k, line)) if *k == key => line.first().copied(),
            _ => None,
        });
        if let Some(m) = cached {
            return Hint::Move(m);
        }
        let (hint, line) = self.round.with_untracked(|r| {
            let solution = pyramid_engine::solve(
                r.board(),
                r.position(),
                pyramid_engine::Limits {
                    max_nodes: HINT_NODE_BUDGET,
                },
            );
            let hint =
                hint_from_solution(r.board(), r.position(), solution.outcome, &solution.line);
            (hint, solution.line)
        });
        self.hint_cache
            .set_value((!line.is_empty()).then_some((key, line)));
        hint
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
        let elapsed = self.elapsed_ms.get_untracked();
        let notices = self
            .round
            .with_untracked(|r| self.stats.close_round(r, elapsed, abandoning));
        self.show_notices(&notices);
    }

    /// Writes the round in progress under its own key.
    pub fn save_round(&self) {
        let saved = self
            .round
            .with_untracked(|r| r.to_saved(self.elapsed_ms.get_untracked(), platform::now_ms()));
        let result = storage::save_round(&saved).err();
        if self.round_unsaved.get_untracked() != result {
            self.round_unsaved.set(result);
        }
    }

    /// Forgets every result of `preset`, in this tab and (through the merge
    /// on save) in every other.
    pub fn reset_stats(&self, preset: Preset) {
        let notices = self.stats.reset(preset);
        self.message
            .set(format!("Statistics for {} cleared", preset.name()));
        self.show_notices(&notices);
    }

    /// Merges an exported statistics file into the book and saves it.
    pub fn import_stats(&self, text: &str) {
        match self.stats.import(text) {
            Ok(notices) => {
                self.message.set("Statistics imported".into());
                self.show_notices(&notices);
            }
            Err(e) => self.message.set(format!("Could not import: {e}")),
        }
    }

    /// Tells the player about data storage had to set aside.
    pub fn show_notices(&self, notices: &[Notice]) {
        for notice in notices {
            self.add_message(&notice.to_string());
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
        self.record_finish(true);
        let old_id = self.round.with_untracked(|r| r.round_id.clone());
        // Forgetting can only fail if storage is gone; the round is recorded.
        let _ = storage::remove_round(&old_id);
        self.deal(Round::new(number, preset, platform::new_round_id(), origin));
        let origin_text = match origin {
            DealOrigin::Daily => "Daily deal",
            _ => "Deal",
        };
        self.message
            .set(format!("{origin_text} {number}, {} rules", preset.name()));
    }

    /// Puts a fresh `round` on the table: this tab now plays it (its id is
    /// kept for a reload, and its lock tells other tabs it is taken).
    pub fn deal(&self, round: Round) {
        let id = round.round_id.clone();
        platform::show_deal_in_address(round.deal_number, round.preset());
        self.round.set(round);
        self.elapsed_ms.set(0);
        self.selected.set(None);
        self.hinted.set(None);
        self.paused.set(false);
        self.end_dialog_closed.set(false);
        self.roving.set(None);
        self.hint_cache.set_value(None);
        self.save_round();
        tabs::set_tab_round_id(&id);
        leptos::task::spawn_local(async move {
            // A fresh id is never taken: this cannot fail where locks exist.
            tabs::hold(&id).await;
        });
    }

    /// Starts a deal picked in the new-deal dialog.
    pub fn start_choice(&self, choice: DealChoice, preset: Preset) {
        match choice {
            DealChoice::Random => {
                self.start(platform::random_deal_number(), preset, DealOrigin::Random)
            }
            DealChoice::Number(n) => self.start(n, preset, DealOrigin::Number),
            DealChoice::Winnable => {
                self.start(winnable_deal_number(preset), preset, DealOrigin::Winnable)
            }
            DealChoice::Daily => self.start(
                daily_deal(preset, platform::days_since_unix_epoch()),
                preset,
                DealOrigin::Daily,
            ),
        }
    }

    /// Plays the same deal again from the start.
    pub fn replay(&self) {
        let (number, preset, origin) = self
            .round
            .with_untracked(|r| (r.deal_number, r.preset(), r.origin));
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
    }
}

/// A random deal the solver proves winnable; see [`round::winnable_deal_number`].
pub fn winnable_deal_number(preset: Preset) -> u32 {
    round::winnable_deal_number(preset, platform::random_deal_number, || {
        daily_deal(preset, platform::days_since_unix_epoch())
    })
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
