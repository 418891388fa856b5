//! The browser's services, one file each, so the rest of the page never
//! asks the browser for them directly: the clock, randomness, the address
//! bar, storage, tabs and their locks, sound, downloads and Web Share.

pub mod address;
pub mod clock;
pub mod download;
pub mod random;
pub mod sound;
pub mod storage;
pub mod tabs;
pub mod web_share;
