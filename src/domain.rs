//! Plain data over the engine: the round on the table, the saved documents,
//! the daily results, and the words and choices the page makes from them
//! (a deal's label, the address, the shared text, the startup choice). No
//! signals and no browser calls, so all of it is tested natively.

pub mod daily_results;
pub(crate) mod label;
pub(crate) mod lesson;
pub(crate) mod link;
pub mod persist;
pub mod round;
pub(crate) mod share;
pub(crate) mod startup;
