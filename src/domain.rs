//! Plain data over the engine: the round on the table, the saved documents,
//! the daily results. No signals and no browser calls, so all of it is
//! tested natively.

pub mod daily_results;
pub mod persist;
pub mod round;
