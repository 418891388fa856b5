//! The table's zones as the page marks them: every card and pile carries
//! `data-zone` (SPEC §9), and the effects find them by it. The names and
//! the selectors are written here once, for the components that set them
//! and the effects that look for them.

use pyramid_engine::Zone;

/// Slots in the pyramid: the engine's count of pyramid cards.
pub(crate) const PYRAMID_SLOTS: u8 = pyramid_engine::deal::PYRAMID_CARDS as u8;

/// The `data-zone` of the pile that removed cards go to. It is no zone of
/// the engine's: the cards there are out of play.
pub(crate) const DISCARD: &str = "discard";

/// The stock pile.
pub(crate) const STOCK_SELECTOR: &str = "[data-zone=stock]";
/// The discard pile.
pub(crate) const DISCARD_SELECTOR: &str = "[data-zone=discard]";
/// Every card on screen in the pyramid.
pub(crate) const PYRAMID_SELECTOR: &str = "[data-zone=pyramid]";

/// Where a card lies, as `data-zone` says it.
pub(crate) fn zone_name(zone: Zone) -> &'static str {
    match zone {
        Zone::Pyramid => "pyramid",
        Zone::Draw => "draw",
        Zone::Waste => "waste",
        Zone::Stock => "stock",
        Zone::Reserve(_) => "reserve",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_selectors_name_the_zones() {
        assert_eq!(
            STOCK_SELECTOR,
            format!("[data-zone={}]", zone_name(Zone::Stock))
        );
        assert_eq!(DISCARD_SELECTOR, format!("[data-zone={DISCARD}]"));
        assert_eq!(
            PYRAMID_SELECTOR,
            format!("[data-zone={}]", zone_name(Zone::Pyramid))
        );
        assert_eq!(PYRAMID_SLOTS, 28);
    }
}
