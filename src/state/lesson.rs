//! The table's side of the guided first round ([`crate::domain::lesson`]):
//! two hooks the later module installs, so the lesson's code stays out of
//! the first load. Until they are in, a lesson round (resumed by a reload)
//! plays no move.

use std::cell::Cell;

use pyramid_engine::Move;

use crate::domain::persist::DealOrigin;
use crate::domain::round::Round;

/// The lesson's hooks on the round on the table.
#[derive(Clone, Copy)]
pub struct Hooks {
    /// What the live region says of the lesson's next step, in the lesson.
    pub instruction: fn(&Round) -> Option<String>,
    /// Whether the lesson refuses a move: a legal one it does not teach.
    pub refuses: fn(&Round, Move) -> bool,
}

thread_local! {
    static HOOKS: Cell<Option<Hooks>> = const { Cell::new(None) };
}

/// Installs the lesson's hooks (the later module does, once it is in).
pub fn install(hooks: Hooks) {
    HOOKS.with(|h| h.set(Some(hooks)));
}

/// The lesson's next step on `round`, in words, when it is the lesson.
pub fn instruction(round: &Round) -> Option<String> {
    HOOKS.with(Cell::get).and_then(|h| (h.instruction)(round))
}

/// Whether the lesson refuses `m` on `round`.
pub fn refuses(round: &Round, m: Move) -> bool {
    match HOOKS.with(Cell::get) {
        Some(h) => (h.refuses)(round, m),
        None => round.origin == DealOrigin::Lesson,
    }
}
