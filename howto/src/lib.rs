//! How to play Pyramid Solitaire, for every preset, as words over the
//! engine's facts: [`guide`] builds each preset's rules, tips and questions
//! from its `Rules` and the score's rule; [`figures`] keeps the solver's
//! verdict on deals 1..=10,000 of each preset (the committed
//! `win-rates.txt`), which the answers quote; [`page`] writes them all as
//! `rules.html`, the static page Trunk copies beside `index.html` and the
//! game's How to play dialog shows a section of.
//!
//! Native only: the page's wasm carries none of this text.

pub mod figures;
pub mod guide;
pub mod page;
