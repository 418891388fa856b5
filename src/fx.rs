//! Effects on the document that never see the game's context: motion, the
//! keyboard player's focus, and what both find the table's cards by (their
//! printed faces, their zones).

pub mod faces;
pub mod focus;
pub mod motion;
pub mod zones;
