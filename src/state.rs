//! The page's state and the actions over it: [`context`] holds the signals
//! the components share (state only); every other file is one concern of
//! what the player can do, as free functions over the context.

pub mod announce;
pub mod ask;
pub mod change;
pub mod coach;
pub mod context;
pub mod deal;
pub mod play;
pub mod record;
pub mod settings;
pub mod share;
pub mod statistics;
