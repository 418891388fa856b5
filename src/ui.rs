//! The components: the table, the chrome around it, and the later module.

pub mod chrome;
pub mod later;
pub mod table;
