//! Pyramid Solitaire web UI (Leptos, client-side rendered) over `pyramid-engine`.
//!
//! The page is layered, and its folders are the layers; imports point only
//! down this list (ARCHITECTURE.md, `scripts/layers.py`):
//!
//! - [`domain`]: plain data over the engine (the round, saved documents,
//!   daily results, deal labels, the address, shared text, the startup
//!   choice), tested natively;
//! - [`platform`]: the browser's services (clock, randomness, address bar,
//!   storage, tabs, sound, downloads, Web Share);
//! - [`fx`]: DOM effects (motion, focus, card faces, zones) that never see
//!   the game's context;
//! - [`solver`]: the client of the solver's worker;
//! - [`state`]: the shared context (state only) and the actions over it;
//! - [`ui`]: the components: the table, its chrome, and the later module;
//! - [`app`]: the shell that mounts it all.

pub mod app;
pub mod domain;
pub(crate) mod fx;
pub mod platform;
pub mod protocol;
pub mod solver;
pub mod state;
pub(crate) mod ui;
