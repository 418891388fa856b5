//! Effects on the document that never see the game's context: motion.

pub mod motion;
