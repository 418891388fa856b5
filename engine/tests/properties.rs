//! Invariants of the rules under random play, for every preset.

use proptest::prelude::*;

use pyramid_engine::{
    format_line, parse_line, pyramid_index, row_col, Board, Card, Deal, Game, Home, Move, Pairing,
    Position, Preset, Status,
};

/// A named game or a custom set, by its code.
fn preset() -> impl Strategy<Value = Preset> {
    prop_oneof![
        (0..Preset::ALL.len()).prop_map(|i| Preset::ALL[i]),
        (64u8..128).prop_map(|code| Preset::from_code(code).unwrap()),
    ]
}

/// Plays up to `choices.len()` moves, each picked among the legal ones by
/// the next choice, and calls `check` before every move.
fn random_play(
    game: &mut Game,
    choices: &[u16],
    mut check: impl FnMut(&Game, Move) -> Result<(), TestCaseError>,
) -> Result<(), TestCaseError> {
    for &choice in choices {
        if game.is_over() {
            break;
        }
        let moves = game.board().legal_moves(game.position());
        prop_assert!(!moves.is_empty(), "a round in progress has a legal move");
        let m = moves[usize::from(choice) % moves.len()];
        check(game, m)?;
        prop_assert_eq!(game.play(m), Ok(()));
    }
    Ok(())
}

/// Every card is in exactly one place: on the table (pyramid, stock, waste or
/// draw slot) or among the removed cards, never both, never twice.
fn accounted_for(board: &Board, pos: &Position, removed: &[Card]) -> Result<(), TestCaseError> {
    let mut seen = [0u8; 52];
    for &card in removed {
        seen[usize::from(card.index())] += 1;
    }
    let mut on_table = 0;
    for i in 0..52 {
        let card = Card::from_index(i).unwrap();
        if board.zone(pos, card).is_some() {
            seen[usize::from(i)] += 1;
            on_table += 1;
        }
    }
    prop_assert!(seen.iter().all(|&n| n == 1), "{seen:?}");
    prop_assert_eq!(on_table, pos.cards_left());
    let shown = board.stock(pos).len()
        + board.waste(pos).len()
        + board.piles(pos).iter().map(Vec::len).sum::<usize>()
        + usize::from(board.draw_slot(pos).is_some())
        + pos.pyramid_left() as usize;
    prop_assert_eq!(shown as u32, pos.cards_left());
    Ok(())
}

/// The pyramid cards still lying on `card`, worked out here from the
/// layout rather than asked of the engine.
fn lying_on(game: &Game, card: Card) -> Vec<Card> {
    let (board, pos) = (game.board(), game.position());
    let on_table = |c: Card| board.zone(pos, c).is_some();
    match board.home(card) {
        Home::Pyramid(k) => {
            let (row, col) = row_col(k);
            if row == 6 {
                return Vec::new();
            }
            [col, col + 1]
                .iter()
                .map(|&c| game.deal().cards()[usize::from(pyramid_index(row + 1, c))])
                .filter(|&c| on_table(c))
                .collect()
        }
        Home::Stock(_) => Vec::new(),
    }
}

/// Whether `card` may be used, worked out here from the layout rather than
/// asked of the engine: a pyramid card with both covering cards gone, the
/// waste's top card, the card in the draw slot, or the top of a pile
/// (Giza's reserve, or one of three wastes).
fn live(game: &Game, card: Card) -> bool {
    let (board, pos) = (game.board(), game.position());
    if board.zone(pos, card).is_none() {
        return false;
    }
    match board.home(card) {
        Home::Pyramid(_) => lying_on(game, card).is_empty(),
        Home::Stock(i) => {
            if !board.rules().has_stock() {
                // Giza: pile i % 8 holds deck cards 28 + j, 36 + j, 44 + j.
                let j = usize::from(i % 8);
                let pile: Vec<Card> = (0..3)
                    .map(|level| game.deal().cards()[28 + j + 8 * level])
                    .filter(|&c| board.zone(pos, c).is_some())
                    .collect();
                return pile.last() == Some(&card);
            }
            board.waste(pos).last() == Some(&card)
                || board.draw_slot(pos) == Some(card)
                || board.piles(pos).iter().any(|p| p.last() == Some(&card))
        }
    }
}

/// Whether the move's cards may leave together: each live, or with overlap
/// pairs one of them the only card lying on the other, itself live; and
/// their ranks pair under the game's rule.
fn removable(game: &Game, m: Move) -> bool {
    let rules = game.board().rules();
    match m {
        Move::King(c) => live(game, c) && c.rank() == 13 && rules.kings_alone(),
        Move::Pair(a, b) => {
            let ranks = match rules.pairing {
                Pairing::Thirteen => a.rank() + b.rank() == 13,
                Pairing::Adjacent => a.rank().abs_diff(b.rank()) <= 1,
            };
            let overlap =
                |x: Card, y: Card| rules.overlap && lying_on(game, x) == [y] && live(game, y);
            ranks && ((live(game, a) && live(game, b)) || overlap(a, b) || overlap(b, a))
        }
        Move::Draw | Move::Recycle => true,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn cards_are_never_lost_or_duplicated(
        number in 1u32.., preset in preset(), choices in prop::collection::vec(any::<u16>(), 0..150)
    ) {
        let mut game = Game::new(Deal::from_number(number), preset);
        let mut removed = Vec::new();
        random_play(&mut game, &choices, |g, m| {
            accounted_for(g.board(), g.position(), &removed)?;
            removed.extend(m.removed_cards());
            Ok(())
        })?;
        accounted_for(game.board(), game.position(), &removed)?;
    }

    #[test]
    fn only_available_cards_are_removed(
        number in 1u32.., preset in preset(), choices in prop::collection::vec(any::<u16>(), 0..150)
    ) {
        let mut game = Game::new(Deal::from_number(number), preset);
        random_play(&mut game, &choices, |g, m| {
            prop_assert!(removable(g, m), "{m} in {g:?}");
            Ok(())
        })?;
    }

    #[test]
    fn undo_then_redo_is_the_identical_state(
        number in 1u32.., preset in preset(),
        choices in prop::collection::vec(any::<u16>(), 0..120), back in 0usize..120
    ) {
        let mut game = Game::new(Deal::from_number(number), preset);
        random_play(&mut game, &choices, |_, _| Ok(()))?;
        let (position, status, score, line) =
            (*game.position(), game.status(), game.score(), game.line().to_vec());
        let back = back.min(game.move_count());
        for _ in 0..back {
            prop_assert!(game.undo());
        }
        prop_assert_eq!(game.move_count(), line.len() - back);
        for _ in 0..back {
            prop_assert!(game.redo());
        }
        prop_assert!(!game.redo());
        prop_assert_eq!(*game.position(), position);
        prop_assert_eq!(game.status(), status);
        prop_assert_eq!(game.score(), score);
        prop_assert_eq!(game.line(), &line[..]);
    }

    #[test]
    fn illegal_moves_are_refused_without_change(
        number in 1u32.., preset in preset(),
        choices in prop::collection::vec(any::<u16>(), 0..80),
        kind in 0u8..4, a in 0u8..52, b in 0u8..52
    ) {
        let mut game = Game::new(Deal::from_number(number), preset);
        random_play(&mut game, &choices, |_, _| Ok(()))?;
        let (a, b) = (Card::from_index(a).unwrap(), Card::from_index(b).unwrap());
        let m = match kind {
            0 => Move::King(a),
            1 => Move::Pair(a, b),
            2 => Move::Draw,
            _ => Move::Recycle,
        };
        let legal = !game.is_over() && game.board().legal_moves(game.position()).iter()
            .any(|&l| l == m || matches!((l, m), (Move::Pair(x, y), Move::Pair(p, q)) if x == q && y == p));
        let before = (*game.position(), game.line().to_vec(), game.move_count());
        let result = game.play(m);
        if legal {
            prop_assert_eq!(result, Ok(()));
        } else {
            prop_assert!(result.is_err(), "{m} was accepted");
            prop_assert_eq!((*game.position(), game.line().to_vec(), game.move_count()), before);
        }
    }

    #[test]
    fn text_forms_round_trip(
        number in 1u32.., preset in preset(), choices in prop::collection::vec(any::<u16>(), 0..100)
    ) {
        let deal = Deal::from_number(number);
        prop_assert_eq!(deal.to_string().parse::<Deal>(), Ok(deal));
        for card in deal.cards() {
            prop_assert_eq!(card.to_string().parse::<Card>(), Ok(*card));
        }
        prop_assert_eq!(preset.id().parse::<Preset>(), Ok(preset));
        let mut game = Game::new(deal, preset);
        random_play(&mut game, &choices, |_, m| {
            prop_assert_eq!(m.to_string().parse::<Move>(), Ok(m));
            Ok(())
        })?;
        let text = format_line(game.line());
        prop_assert_eq!(parse_line(&text), Ok(game.line().to_vec()));
        let replayed = Game::replay(deal, preset, game.line(), game.move_count()).unwrap();
        prop_assert_eq!(replayed.position(), game.position());
    }

    #[test]
    fn a_finished_round_takes_no_more_moves(
        number in 1u32.., preset in preset(), choices in prop::collection::vec(any::<u16>(), 0..400)
    ) {
        let mut game = Game::new(Deal::from_number(number), preset);
        random_play(&mut game, &choices, |_, _| Ok(()))?;
        if game.status() != Status::InProgress {
            prop_assert!(game.play(Move::Draw).is_err());
            prop_assert!(game.play(Move::Recycle).is_err());
        }
    }
}
