//! What the page keeps of the player's rounds beyond the table: the
//! statistics recorded, and the notices about saved data set aside.

use std::sync::atomic::{AtomicU32, Ordering};

use crate::platform::storage::Notice;

/// A notice as the page shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShownNotice {
    pub id: u32,
    /// The whole notice: what could not be read, why, and where it went.
    pub text: String,
    /// The backup key holding the unreadable value, when the copy was made.
    pub backup: Option<String>,
}

impl ShownNotice {
    pub fn new(notice: &Notice) -> ShownNotice {
        static NEXT: AtomicU32 = AtomicU32::new(0);
        ShownNotice {
            id: NEXT.fetch_add(1, Ordering::Relaxed),
            text: notice.to_string(),
            backup: notice.backup.as_ref().ok().cloned(),
        }
    }
}
