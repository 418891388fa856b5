//! The page's state and the actions over it.

pub mod coach;
pub mod context;
pub mod record;
pub mod settings;
pub mod statistics;
