//! Around the table: the toolbar, the status bar, the statistics' figures
//! and the keyboard.

pub mod keyboard;
pub mod stats_panel;
pub mod status_bar;
pub mod toolbar;
