//! Pyramid Solitaire web UI (Leptos, client-side rendered) over `pyramid-engine`.
//!
//! `round`, `persist`, `daily_results` and `platform` are plain code that runs natively;
//! everything else is components sharing one [`game_context::GameContext`],
//! and the browser's storage and tabs.

pub mod app;
pub mod card_button;
pub mod coach;
pub mod daily;
pub mod daily_results;
pub mod dialogs;
pub mod game_context;
pub mod keyboard;
pub mod later;
pub mod motion;
pub mod notices;
pub mod persist;
pub mod platform;
pub mod protocol;
pub mod pyramid;
pub mod round;
pub mod settings;
pub mod share;
pub mod solver_client;
pub mod sound;
pub mod statistics;
pub mod stats_panel;
pub mod status_bar;
pub mod stock_waste;
pub mod storage;
pub mod tabs;
pub mod toolbar;
