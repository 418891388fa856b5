//! How a card is printed: its classes and its face's markup, in one place,
//! so that a card's button (`ui/table/card_button.rs`) and its ghost in
//! flight ([`crate::fx::motion`]) look alike.

use pyramid_engine::Card;

/// The classes that print `card` (its suit's, and `red`): a card's button
/// and its ghost in flight look alike.
pub(crate) fn card_class(card: Card) -> String {
    let red = if card.suit().is_red() { " red" } else { "" };
    format!("card suit-{}{red}", card.suit().name())
}

/// Where the pips of the ranks 2 to 10 lie, as on real cards: a column
/// (0 left, 1 middle, 2 right) and a height in sixteenths of the pip area.
/// Pips below the middle are printed upside down.
const PIPS: [&[(u8, u8)]; 9] = [
    &[(1, 0), (1, 16)],
    &[(1, 0), (1, 8), (1, 16)],
    &[(0, 0), (2, 0), (0, 16), (2, 16)],
    &[(0, 0), (2, 0), (1, 8), (0, 16), (2, 16)],
    &[(0, 0), (2, 0), (0, 8), (2, 8), (0, 16), (2, 16)],
    &[(0, 0), (2, 0), (1, 4), (0, 8), (2, 8), (0, 16), (2, 16)],
    &[
        (0, 0),
        (2, 0),
        (1, 4),
        (0, 8),
        (2, 8),
        (1, 12),
        (0, 16),
        (2, 16),
    ],
    &[
        (0, 0),
        (2, 0),
        (0, 5),
        (2, 5),
        (1, 8),
        (0, 11),
        (2, 11),
        (0, 16),
        (2, 16),
    ],
    &[
        (0, 0),
        (2, 0),
        (1, 3),
        (0, 5),
        (2, 5),
        (0, 11),
        (2, 11),
        (1, 13),
        (0, 16),
        (2, 16),
    ],
];

/// A card's printed face (hidden from assistive technology: the button's
/// name says it): the index in two opposite corners, and pips for 2 to 10,
/// one large pip for an Ace, a framed portrait letter for J, Q and K.
///
/// It is static markup, set as the button's `innerHTML` in one step: a new
/// deal replaces 28 faces, and the browser's parser builds them far faster
/// than element-by-element calls from wasm (the deal-in's long task on a
/// slow phone). Only fixed labels and symbols go in, never player text.
pub(crate) fn face_html(card: Card) -> String {
    use std::fmt::Write;
    let rank = card.rank();
    let suit = card.suit().symbol();
    let label = card.rank_label();
    let corner = |class: &str| {
        format!(
            r#"<span class="{class}" aria-hidden="true"><span class="rank">{label}</span><span class="suit">{suit}</span></span>"#
        )
    };
    let mut html = corner("corner top");
    html.push_str(r#"<span class="face" aria-hidden="true">"#);
    match rank {
        1 => {
            let _ = write!(html, r#"<span class="pip ace">{suit}</span>"#);
        }
        2..=10 => {
            for &(x, y) in PIPS[usize::from(rank - 2)] {
                let class = if y > 8 { "pip flip" } else { "pip" };
                let _ = write!(
                    html,
                    r#"<span class="{class}" style="left:{}%;top:{}%">{suit}</span>"#,
                    18 * u32::from(x) + 32,
                    4 * u32::from(y) + 18
                );
            }
            // One large pip instead, on a card too small for the layout.
            let _ = write!(html, r#"<span class="pip one">{suit}</span>"#);
        }
        _ => {
            let _ = write!(
                html,
                r#"<span class="court"><span>{label}</span><span>{suit}</span></span>"#
            );
        }
    }
    html.push_str("</span>");
    html.push_str(&corner("corner bottom"));
    html
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(code: &str) -> Card {
        code.parse().unwrap()
    }

    #[test]
    fn a_face_has_its_pips_as_printed() {
        for rank in 2..=10u8 {
            let code = format!(
                "{}H",
                ["2", "3", "4", "5", "6", "7", "8", "9", "T"][usize::from(rank - 2)]
            );
            let html = face_html(card(&code));
            // The printed pips, and the one large pip for a small card.
            assert_eq!(
                html.matches(r#"class="pip"#).count(),
                usize::from(rank) + 1,
                "{code}"
            );
            assert_eq!(html.matches("♥").count(), usize::from(rank) + 3, "{code}");
        }
        assert!(face_html(card("AS")).contains(r#"<span class="pip ace">♠</span>"#));
        let king = face_html(card("KD"));
        assert!(king.contains(r#"<span class="court"><span>K</span><span>♦</span></span>"#));
        assert!(!king.contains("pip"));
    }

    #[test]
    fn a_card_is_printed_in_its_suit_and_colour() {
        assert_eq!(card_class(card("TH")), "card suit-hearts red");
        assert_eq!(card_class(card("KS")), "card suit-spades");
    }

    #[test]
    fn a_face_has_its_index_in_two_corners_and_is_hidden_from_screen_readers() {
        let html = face_html(card("TC"));
        assert!(html.starts_with(r#"<span class="corner top" aria-hidden="true"><span class="rank">10</span><span class="suit">♣</span></span>"#));
        assert!(html.ends_with(r#"<span class="corner bottom" aria-hidden="true"><span class="rank">10</span><span class="suit">♣</span></span>"#));
        assert!(html.contains(r#"<span class="face" aria-hidden="true">"#));
    }
}
