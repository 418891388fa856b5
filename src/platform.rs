//! The browser's services, one file each, so the rest of the page never
//! asks the browser for them directly: the clock, randomness, the address
//! bar, storage, tabs and their locks, sound, downloads, Web Share, and
//! yielding to the browser between tasks.

pub(crate) mod address;
pub(crate) mod clock;
pub(crate) mod download;
pub mod random;
pub(crate) mod sound;
pub mod storage;
pub mod tabs;
pub mod tasks;
pub(crate) mod web_share;
