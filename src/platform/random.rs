//! The page's randomness: one `rand` generator, seeded once from the
//! system (`crypto.getRandomValues` in the browser, through getrandom).
//! Deal numbers map to decks through the engine's own pinned shuffle, never
//! through `rand`, whose algorithms may change between versions.

use std::cell::RefCell;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::platform::clock;

thread_local! {
    static RNG: RefCell<SmallRng> = RefCell::new(
        // Should the system refuse its randomness, the clock stands in: the
        // numbers only need to differ from one visit to the next.
        SmallRng::try_from_os_rng().unwrap_or_else(|_| SmallRng::seed_from_u64(clock::now_ms())),
    );
}

/// A random deal number, 1 ..= u32::MAX.
pub(crate) fn deal_number() -> u32 {
    RNG.with(|rng| rng.borrow_mut().random_range(1..=u32::MAX))
}

/// A new round's id: 16 random hex digits.
pub fn round_id() -> String {
    let bits: u64 = RNG.with(|rng| rng.borrow_mut().random());
    format!("{bits:016x}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_numbers_vary() {
        let ids: std::collections::HashSet<String> = (0..50).map(|_| round_id()).collect();
        assert_eq!(ids.len(), 50);
        assert!(ids.iter().all(|id| id.len() == 16));
        let numbers: std::collections::HashSet<u32> = (0..50).map(|_| deal_number()).collect();
        assert!(numbers.len() > 45 && !numbers.contains(&0));
    }
}
