//! How to play one preset, in words built from the engine's facts about it
//! (`Rules`: the passes, the goal, the stock mode, the loss rule; the
//! score's bonuses and penalty), so a new preset gets a correct text by
//! construction. The guide is plain text; `page` writes it as HTML.

use pyramid_engine::rules::{CARD_PENALTY, PASS_BONUS};
use pyramid_engine::{Card, Goal, LossRule, Pairing, Preset, Rules, StockMode, Suit, WinCondition};

use crate::figures::{percent, WinRate};

/// Every part of one preset's rules, in the order they are shown.
#[derive(Clone, Debug)]
pub struct Guide {
    pub preset: Preset,
    /// The goal of this game, in one sentence.
    pub goal: String,
    /// How two cards make a pair in this game.
    pub pairs_text: &'static str,
    /// How covering works, and overlap pairs where the game has them.
    pub covered: Vec<String>,
    /// The facts at a glance: (what, this game's value).
    pub facts: Vec<(&'static str, String)>,
    /// The stock, the waste, the draw slot where it is live, the passes
    /// and the recycle.
    pub stock: Vec<String>,
    /// How this game is won and lost.
    pub win_loss: Vec<String>,
    /// The score.
    pub score: Vec<String>,
    /// Strategy tips, in this game's own words.
    pub tips: Vec<String>,
    /// Questions players ask, with their answers.
    pub questions: Vec<(String, String)>,
}

/// The pairs of the game's rule, then the cards that go alone, as cards
/// of one suit: the ones the engine's `Rules::ranks_pair` and
/// `Rules::kings_alone` accept, so the table is the rule's own and not a
/// copy of it. Where pairs make 13: A+Q … 6+7, then K alone; in Cheops,
/// each rank with the next one up (equal ranks pair too).
pub fn pairs(rules: Rules) -> Vec<(Card, Option<Card>)> {
    let ranks = || (1..=13).filter_map(|rank| Card::new(rank, Suit::Spades));
    let two = ranks().filter_map(|a| {
        let b = ranks().find(|&b| b.rank() > a.rank() && rules.ranks_pair(a.rank(), b.rank()))?;
        Some((a, Some(b)))
    });
    let alone = ranks()
        .filter(|c| c.is_king() && rules.kings_alone())
        .map(|k| (k, None));
    two.chain(alone).collect()
}

/// How pairing works where pairs make 13.
pub const PAIRS_TEXT: &str = "Remove two available cards whose values add up to 13, \
     or a King on its own. An Ace counts 1, a Jack 11, a Queen 12 and a King 13; \
     the other cards count their number. Suits do not matter.";

/// How pairing works in Cheops.
pub const ADJACENT_TEXT: &str = "Remove two available cards of the same rank or of \
     adjacent ranks: a 7 with a 6, a 7 or an 8. The ranks run Ace, 2 … 10, Jack, Queen, \
     King and do not wrap: an Ace pairs with an Ace or a 2, a King with a Queen or a King. \
     No card goes alone, not even a King. Suits do not matter.";

/// With overlap pairs: a card may pair with the one card still on it.
pub const OVERLAP_TEXT: &str = "Overlap pairs: a pyramid card with only one card still \
     lying on it may pair with that card, when the two make a pair and the card on top is \
     available. A 6 under a 7 (and nothing else) can go with that 7.";

pub const COVERED_TEXT: &str = "A pyramid card is covered while a card of the row below \
     still lies on it: each card lies under the two cards just below it. A card is \
     available when both cards on it are gone, so the bottom row is available from the \
     start. Only available cards can be removed.";

/// The covered-card example's words in Cheops, whose pairs differ.
pub const COVERED_EXAMPLE_ADJACENT: &str = "The 7\u{2665} is covered by the 5\u{2663} and \
     the 8\u{2666}. Once both are removed (the 5\u{2663} with a 4, 5 or 6, the 8\u{2666} with \
     a 7, 8 or 9), the 7\u{2665} is available and can pair with a 6, 7 or 8.";

/// The covered-card example of the game's pairing rule.
pub fn covered_example(rules: Rules) -> &'static str {
    match rules.pairing {
        Pairing::Thirteen => COVERED_EXAMPLE,
        Pairing::Adjacent => COVERED_EXAMPLE_ADJACENT,
    }
}

pub const COVERED_EXAMPLE: &str = "The 7\u{2665} is covered by the 5\u{2663} and the \
     8\u{2666}. Once both are removed (the 5\u{2663} with an 8, the 8\u{2666} with a 5), \
     the 7\u{2665} is available and can pair with a 6.";

/// A count of passes in words: "1 pass", "3 passes", "unlimited passes".
pub fn passes_words(passes: Option<u8>) -> String {
    match passes {
        Some(1) => "1 pass".to_string(),
        Some(n) => format!("{n} passes"),
        None => "unlimited passes".to_string(),
    }
}

impl Guide {
    /// The guide to `preset`, quoting `rate` for its share of winnable deals.
    pub fn new(preset: Preset, rate: &WinRate) -> Guide {
        let rules = preset.rules();
        let mut covered = vec![COVERED_TEXT.to_string()];
        if rules.overlap {
            covered.push(OVERLAP_TEXT.to_string());
        }
        Guide {
            preset,
            goal: goal(rules),
            pairs_text: match rules.pairing {
                Pairing::Thirteen => PAIRS_TEXT,
                Pairing::Adjacent => ADJACENT_TEXT,
            },
            covered,
            facts: facts(rules),
            stock: stock(rules),
            win_loss: win_loss(rules),
            score: score(rules),
            tips: tips(rules),
            questions: questions(preset, rate),
        }
    }
}

fn goal_words(rules: Rules) -> &'static str {
    match (rules.goal(), rules.has_stock(), rules.wastes) {
        // Goal's own words, for the facts; the sentence says it in full.
        (Goal::ClearPyramid, ..) => "clear the pyramid (its 28 cards)",
        (Goal::ClearAllCards, false, _) => "remove all 52 cards (the pyramid and the reserve)",
        (Goal::ClearAllCards, true, 1) => {
            "remove all 52 cards (the pyramid, the stock and the waste)"
        }
        (Goal::ClearAllCards, true, _) => {
            "remove all 52 cards (the pyramid, the stock and the wastes)"
        }
    }
}

/// How pairs are made, for the goal's sentence.
fn pair_words(rules: Rules) -> &'static str {
    match rules.pairing {
        Pairing::Thirteen => "in pairs of cards that add up to 13 and Kings on their own",
        Pairing::Adjacent => "in pairs of cards of the same or adjacent rank",
    }
}

fn goal(rules: Rules) -> String {
    let passes = match rules.passes {
        _ if !rules.has_stock() => "with every card in sight from the start".to_string(),
        Some(1) => "in a single pass through the stock".to_string(),
        Some(n) => format!("going through the stock at most {n} times"),
        None => "going through the stock as often as you like".to_string(),
    };
    match rules.win {
        WinCondition::Scored => format!(
            "Score as many points as you can: {}, as early as you can, by removing pairs \
             that add up to 13 and Kings on their own, {passes}, and leave as few cards on \
             the table as possible.",
            rules.goal()
        ),
        _ => {
            let goal = rules.goal().to_string();
            format!(
                "{}{}, {}, {passes}.",
                goal[..1].to_ascii_uppercase(),
                &goal[1..],
                pair_words(rules)
            )
        }
    }
}

fn facts(rules: Rules) -> Vec<(&'static str, String)> {
    let won = match rules.win {
        WinCondition::Scored => format!("{}; then play on for points", goal_words(rules)),
        _ => goal_words(rules).to_string(),
    };
    let pairs = match rules.pairing {
        Pairing::Thirteen if rules.overlap => {
            "two cards adding up to 13, a King alone; overlap pairs too"
        }
        Pairing::Thirteen => "two cards adding up to 13, a King alone",
        Pairing::Adjacent => "two cards of the same or adjacent rank; no card alone",
    };
    if !rules.has_stock() {
        return vec![
            ("Goal", won),
            ("Pairs", pairs.to_string()),
            (
                "Reserve",
                "8 piles of 3 cards, face up; the top card of each is available".to_string(),
            ),
        ];
    }
    let mut live = match (rules.stock_mode, rules.wastes) {
        (StockMode::Waste, 1) => "the top card of the waste".to_string(),
        (StockMode::Waste, n) => format!("the top card of each of the {n} wastes"),
        (StockMode::DrawCard, _) => {
            "the card just drawn and the top card of the waste (they may pair)".to_string()
        }
    };
    if rules.turn > 1 && rules.wastes == 1 {
        live = format!("{live}; a draw turns {} cards", rules.turn);
    }
    let passes = match rules.recycles() {
        Some(0) => format!("{} (no recycle)", passes_words(rules.passes)),
        Some(1) => format!("{} (1 recycle)", passes_words(rules.passes)),
        Some(r) => format!("{} ({r} recycles)", passes_words(rules.passes)),
        None => passes_words(None),
    };
    vec![
        ("Goal", won),
        ("Passes through the stock", passes),
        ("Live stock cards", live),
        ("Pairs", pairs.to_string()),
    ]
}

fn stock(rules: Rules) -> Vec<String> {
    if !rules.has_stock() {
        return vec![
            "There is no stock. The 24 cards not in the pyramid lie face up in a reserve of \
             8 piles of 3 cards, each pile fanned so you can see all of it."
                .to_string(),
            "The top card of each pile is available: it can pair with an available pyramid \
             card or with the top card of another pile (never with a card of its own pile). \
             Removing it makes the card under it available."
                .to_string(),
            "Every card is in sight from the first move, so the whole game can be planned: \
             there is nothing to draw and nothing to recycle."
                .to_string(),
        ];
    }
    let mut out = vec!["The 24 cards not in the pyramid make the stock, face down.".to_string()];
    out.push(match (rules.stock_mode, rules.wastes, rules.turn) {
        (StockMode::Waste, 1, 1) => {
            "A draw turns the top card of the stock face up onto the waste. \
             Only the top card of the waste is available: it can pair with an available \
             pyramid card, and once you draw again it is buried under the new one."
                .to_string()
        }
        (StockMode::Waste, 1, n) => format!(
            "A draw turns the top {n} cards of the stock face up onto the waste, fanned so \
             you see them (fewer when fewer are left). Only the top card of the waste is \
             available; the cards under it become available as the cards on them go."
        ),
        (StockMode::Waste, n, _) => format!(
            "There are {n} waste piles. A draw deals one card face up onto each of them in \
             turn (fewer when fewer are left). The top card of each waste is available: it \
             can pair with an available pyramid card or with the top of another waste."
        ),
        (StockMode::DrawCard, _, n) if n > 1 => format!(
            "A draw turns the top {n} cards of the stock face up: the last of them stays in \
             the draw slot, the others go onto the waste (fewer when fewer are left). The \
             card in the draw slot and the top card of the waste are both available: each \
             can pair with an available pyramid card, and they can pair with each other."
        ),
        (StockMode::DrawCard, ..) => {
            "A draw turns the top card of the stock face up into the draw \
             slot, beside the waste. The card in the draw slot and the top card of the waste \
             are both available: each can pair with an available pyramid card, and they can \
             pair with each other. The next draw moves the card in the draw slot onto the \
             waste."
                .to_string()
        }
    });
    out.push(match rules.passes {
        Some(1) => "You go through the stock once (1 pass): when it is empty, there is no \
             recycle, and the cards left in the waste stay there."
            .to_string(),
        Some(n) if rules.wastes > 1 => format!(
            "You may go through the stock {n} times ({n} passes). When the stock is empty, a \
             recycle gathers the wastes back into the stock, the cards in the order they \
             were first dealt, to be dealt out again; this game allows {}.",
            match rules.recycles() {
                Some(1) => "1 recycle".to_string(),
                Some(r) => format!("{r} recycles"),
                None => "any number".to_string(),
            }
        ),
        Some(n) => format!(
            "You may go through the stock {n} times ({n} passes). When the stock is empty, a \
             recycle turns the waste over to make the stock again, in the same order as \
             before; this game allows {}.",
            match rules.recycles() {
                Some(1) => "1 recycle".to_string(),
                Some(r) => format!("{r} recycles"),
                None => "any number".to_string(),
            }
        ),
        None => "Passes are unlimited: whenever the stock is empty, a recycle turns the waste \
             over to make the stock again, in the same order as before, as often as you like."
            .to_string(),
    });
    out.push(if rules.recycles() == Some(0) {
        "Tap the stock (or press D) to draw. The status bar shows the cards left in it.".to_string()
    } else {
        "Tap the stock (or press D) to draw; tap the empty stock (or press D) to recycle. \
         The status bar shows the pass you are on."
            .to_string()
    });
    out
}

fn win_loss(rules: Rules) -> Vec<String> {
    let mut out = vec![match rules.win {
        WinCondition::Pyramid => "You win when all 28 pyramid cards are gone; the cards left \
             in the stock and the waste do not matter."
            .to_string(),
        WinCondition::AllCards if !rules.has_stock() => "You win only when all 52 cards are \
             gone: the pyramid and the reserve."
            .to_string(),
        WinCondition::AllCards => "You win only when all 52 cards are gone: the pyramid, \
             the stock and the waste."
            .to_string(),
        WinCondition::Scored => "The round counts as won once all 28 pyramid cards are gone, \
             but play goes on for points: remove what you can of the stock and the waste, \
             then end the round with End round, or play on until no move is left."
            .to_string(),
    }];
    let moves = match (rules.kings_alone(), rules.has_stock(), rules.recycles()) {
        (true, false, _) => "pair or King",
        (true, true, Some(0)) => "pair, King or draw",
        (true, true, _) => "pair, King, draw or recycle",
        (false, _, Some(0)) => "pair or draw",
        (false, _, _) => "pair, draw or recycle",
    };
    out.push(match rules.loss {
        LossRule::NoMoves => format!("The round is lost when no {moves} is left."),
        LossRule::IdlePass => "The round is lost when a whole pass through the stock goes by \
             without a single removal and ends with the stock empty and nothing to remove."
            .to_string(),
        LossRule::DeadOnly => "Passes never run out, so the round is lost only when no card \
             can ever be removed again."
            .to_string(),
    });
    out.push(if rules.has_stock() {
        "As soon as no removal can ever happen again, counting every card still in the \
         stock and the waste, the game says the round is lost, so you never have to draw \
         through a hopeless stock."
            .to_string()
    } else {
        "The game also says at once when a card can no longer be removed whatever you do, \
         for instance when every card it could pair with is gone."
            .to_string()
    });
    out
}

fn score(rules: Rules) -> Vec<String> {
    let passes = rules.passes.map_or(PASS_BONUS.len(), usize::from);
    let ordinals = ["first", "second", "third"];
    let bonuses: Vec<String> = PASS_BONUS
        .iter()
        .zip(ordinals)
        .take(passes)
        .map(|(points, nth)| format!("{points} points during the {nth} pass"))
        .collect();
    let bonus = match &bonuses[..] {
        [only] => only.clone(),
        [init @ .., last] => format!("{}, {last}", init.join(", ")),
        [] => String::new(),
    };
    let later = if rules
        .passes
        .is_none_or(|p| usize::from(p) > PASS_BONUS.len())
    {
        ", none later"
    } else {
        ""
    };
    let mut out = vec![format!(
        "The score: clearing the pyramid earns {bonus}{later}; every card still on the table \
         ({}) when the round ends costs {CARD_PENALTY} point.",
        match (rules.has_stock(), rules.has_draw_slot(), rules.wastes) {
            (false, ..) => "pyramid, reserve",
            (true, true, _) => "pyramid, stock, draw slot, waste",
            (true, false, 1) => "pyramid, stock, waste",
            (true, false, _) => "pyramid, stock, wastes",
        }
    )];
    out.push(match rules.win {
        WinCondition::Scored => format!(
            "In Par Pyramid the score is the point of the game: the best is {}, the pyramid \
             cleared in the first pass and every card gone.",
            PASS_BONUS[0]
        ),
        _ => "The score is kept in every game, and your best one is in the statistics; \
             this game is won or lost by its goal."
            .to_string(),
    });
    out
}

fn tips(rules: Rules) -> Vec<String> {
    let first = if !rules.has_stock() {
        "Plan before you move: every card is face up, so look for the order that frees \
         the buried cards of the reserve as well as the pyramid's."
            .to_string()
    } else if rules.wastes > 1 {
        "Three waste tops are live at once: pair them with each other as well as with the \
         pyramid, and take a card before the next deal buries it."
            .to_string()
    } else {
        match rules.stock_mode {
            StockMode::Waste => "Pair two pyramid cards before you use the waste card: the \
                 waste card stays available until your next draw, while every pyramid card \
                 you take may free the cards it lies on."
                .to_string(),
            StockMode::DrawCard => "Pair two pyramid cards before you use the stock's cards: \
                 the drawn card and the waste top stay where they are until your next draw, \
                 while every pyramid card you take may free the cards it lies on. Look at both \
                 of them, and at each other, before drawing again."
                .to_string(),
        }
    };
    let mut out = vec![
        first,
        match (rules.pairing, rules.overlap) {
            (Pairing::Thirteen, false) => "A card lying on its own partner needs another one: \
                 a 6 lying on a 7 can never take that 7, so the 6 must go with another 7, or \
                 the 7 with another 6."
                .to_string(),
            (Pairing::Thirteen, true) => "With overlap pairs a card can take the one card \
                 still lying on it: clear one of the two cards on a 6 and the 7 left on it can \
                 take it. Look for these pairs before you spend a partner from elsewhere."
                .to_string(),
            (Pairing::Adjacent, _) => "Most cards can pair with eleven others, so the choice \
                 is what to pair with: spend the ranks you hold many of, and keep a partner \
                 for each card still buried."
                .to_string(),
        },
        "Open the middle before the edges: a card in the middle of a row lies on two cards, \
         so taking it works towards two others, while a card at an edge frees only one."
            .to_string(),
        match rules.pairing {
            Pairing::Thirteen => "Count what is left of a rank before spending it: there are \
                 four of each. If two of the 5s are buried deep in the pyramid, keep an 8 for \
                 each of them."
                .to_string(),
            Pairing::Adjacent => "Count what is left of a rank before spending it: there are \
                 four of each, and each pairs only with its own rank and the two next to it. \
                 An Ace and a King have one neighbour each, so keep a partner for them."
                .to_string(),
        },
    ];
    out.push(match rules.passes {
        _ if !rules.has_stock() => "Empty a reserve pile from the top only when you need \
             the card under it, or when its top card is the one the pyramid needs: the order \
             is yours to choose."
            .to_string(),
        None if rules.turn > 1 => format!(
            "With {} cards a turn, only every {}th card of the stock comes up on a first \
             pass. Removing a waste card shifts the groups of the next pass, so a card out \
             of reach now may come up later.",
            rules.turn,
            match rules.turn {
                3 => "third",
                _ => "other",
            }
        ),
        Some(1) => "With 1 pass, look ahead before drawing: a card you draw past goes under \
             the next one and never comes back, so take what you can first."
            .to_string(),
        Some(n) => format!(
            "With {n} passes, the stock comes back in the same order after each recycle: \
             use the first pass to learn it, and save the later ones for the cards you need."
        ),
        None => "With unlimited passes nothing in the stock is lost for good: take your time \
             with the pyramid's order, and draw round again for the card you need."
            .to_string(),
    });
    out.push(match rules.win {
        WinCondition::AllCards if !rules.has_stock() => "Every card must go, the reserve's \
             too: a card of the reserve whose partners are all gone is lost, so count the \
             partners left of each buried card."
            .to_string(),
        WinCondition::AllCards => "Every card must go, the stock's too: a pair you leave in \
             the waste may be buried for good, so count on the stock as much as the pyramid."
            .to_string(),
        WinCondition::Scored => format!(
            "Clear the pyramid in the first pass if you can: it is worth {} points, against \
             {} in the second and {} in the third. After that, every card you remove is one \
             point more.",
            PASS_BONUS[0], PASS_BONUS[1], PASS_BONUS[2]
        ),
        WinCondition::Pyramid => "Only the pyramid counts: a stock card is worth using only \
             when it frees a pyramid card."
            .to_string(),
    });
    out.push(
        "Stuck? Hint (H) shows a move on a winning line, straight from the solver, and \
         Where did I lose? (W) finds the move that gave the win away."
            .to_string(),
    );
    out
}

fn questions(preset: Preset, rate: &WinRate) -> Vec<(String, String)> {
    let (low, high) = rate.interval();
    let undecided = rate.undecided_count();
    let share = if undecided > 0 {
        format!(
            "{} The solver played deals 1 to {} of {}: it won {} of them, {} %, proved {} \
             lost, and left {} undecided within its budget, so at least {} % of the deals can \
             be won.",
            if rate.deals - rate.winnable() - undecided > 0 {
                "No."
            } else {
                "Nearly every one, as far as the solver can tell."
            },
            group(rate.deals),
            preset.name(),
            group(rate.winnable()),
            percent(rate.share()),
            group(rate.deals - rate.winnable() - undecided),
            group(undecided),
            percent(rate.share())
        )
    } else {
        format!(
            "No. The solver played deals 1 to {} of {} perfectly: {} of them can be \
             won, {} % (95 % interval {}\u{2013}{} %). The rest are lost whatever you do.",
            group(rate.deals),
            preset.name(),
            group(rate.winnable()),
            percent(rate.share()),
            percent(low),
            percent(high)
        )
    };
    vec![
        ("Can every deal be won?".to_string(), share),
        (
            "Are daily deals and \u{201c}winnable deals only\u{201d} always winnable?".to_string(),
            "Yes. The solver proves each of them can be won before it is dealt, so a win is \
             always there to find."
                .to_string(),
        ),
        (
            "What does a deal\u{2019}s grade mean?".to_string(),
            "Every deal shows a difficulty from 1 (easiest) to 5 (hardest): how often a \
             casual player who never looks ahead wins it, over hundreds of games. A deal the \
             solver proves lost is grade 5."
                .to_string(),
        ),
        (
            "What is an assisted win?".to_string(),
            "A win with help: a hint, an auto move, an undo, a rewind or a shown win. It \
             counts as a win; the statistics count clean wins, with no help at all, apart."
                .to_string(),
        ),
    ]
}

/// A count with thousands separated: `10,000`.
pub fn group(n: u32) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::figures::WinRates;

    fn guide(preset: Preset) -> Guide {
        Guide::new(preset, WinRates::committed().of(preset))
    }

    fn all_text(g: &Guide) -> String {
        let mut parts = vec![g.goal.clone()];
        parts.extend(g.facts.iter().map(|(k, v)| format!("{k}: {v}")));
        parts.extend(g.stock.iter().cloned());
        parts.extend(g.win_loss.iter().cloned());
        parts.extend(g.score.iter().cloned());
        parts.extend(g.tips.iter().cloned());
        parts.extend(g.questions.iter().flat_map(|(q, a)| [q.clone(), a.clone()]));
        parts.join("\n")
    }

    #[test]
    fn every_guide_says_its_own_rules() {
        let rates = WinRates::committed();
        for preset in Preset::ALL {
            let rules = preset.rules();
            let g = Guide::new(preset, rates.of(preset));
            let text = all_text(&g);
            // The goal, in one sentence.
            assert_eq!(g.goal.matches(". ").count(), 0, "{preset}: {}", g.goal);
            assert!(g.goal.ends_with('.'));
            let (goal_word, other) = match rules.goal() {
                Goal::ClearPyramid => ("lear the pyramid", "all 52 cards"),
                Goal::ClearAllCards => ("emove all 52 cards", "lear the pyramid"),
            };
            assert!(g.goal.contains(goal_word), "{preset}: {}", g.goal);
            assert!(!g.goal.contains(other), "{preset}: {}", g.goal);
            // How pairs are made.
            assert_eq!(
                rules.kings_alone(),
                g.goal.contains("Kings on their own"),
                "{preset}"
            );
            assert_eq!(rules.overlap, text.contains("Overlap pairs"), "{preset}");
            // Giza: a reserve, and nothing of a stock.
            if !rules.has_stock() {
                assert!(g.stock[0].starts_with("There is no stock"), "{preset}");
                assert!(g.facts.iter().any(|(what, _)| *what == "Reserve"));
                assert!(
                    !text.contains("a recycle") && !text.contains("draw slot"),
                    "{preset}"
                );
                assert!(text.contains("reserve"));
            }
            if rules.has_stock() {
                // The passes, in the facts and the stock's words.
                let passes = &g.facts[1].1;
                match rules.passes {
                    Some(n) => {
                        let words = passes_words(Some(n));
                        assert!(passes.starts_with(&words), "{preset}: {passes}");
                        assert!(g.stock.iter().any(|s| s.contains(&format!("({words})"))));
                        assert!(!text.contains("unlimited"), "{preset}");
                        let recycles = n - 1;
                        assert_eq!(
                            g.stock.iter().any(|s| s.contains("to recycle")),
                            recycles > 0,
                            "{preset}"
                        );
                        assert_eq!(
                            passes.contains("no recycle"),
                            recycles == 0,
                            "{preset}: {passes}"
                        );
                        if recycles > 1 {
                            assert!(passes.contains(&format!("{recycles} recycles")));
                        }
                    }
                    None => {
                        assert_eq!(passes, "unlimited passes");
                        assert!(g
                            .stock
                            .iter()
                            .any(|s| s.starts_with("Passes are unlimited")));
                    }
                }
                // The draw slot where it is live, and nowhere else.
                let live = &g.facts[2].1;
                assert_eq!(
                    rules.has_draw_slot(),
                    text.contains("draw slot"),
                    "{preset}"
                );
                assert_eq!(
                    rules.stock_mode == StockMode::DrawCard,
                    live.contains("card just drawn"),
                    "{preset}: {live}"
                );
            }
            // How it is won and lost.
            let won = &g.win_loss[0];
            assert_eq!(
                rules.goal() == Goal::ClearAllCards,
                won.contains("52 cards")
            );
            assert_eq!(
                rules.win == WinCondition::Scored,
                won.contains("for points")
            );
            let lost = &g.win_loss[1];
            if rules.loss == LossRule::NoMoves {
                assert_eq!(
                    lost.contains("King"),
                    rules.kings_alone(),
                    "{preset}: {lost}"
                );
            }
            match rules.loss {
                LossRule::NoMoves => {
                    assert!(lost.starts_with("The round is lost when no pair"));
                    assert_eq!(lost.contains("recycle"), rules.recycles() != Some(0));
                }
                LossRule::IdlePass => assert!(lost.contains("whole pass")),
                LossRule::DeadOnly => assert!(lost.contains("never run out")),
            }
            // The score: one bonus for each pass there is, up to three.
            let score = &g.score[0];
            for (i, points) in PASS_BONUS.into_iter().enumerate() {
                let counted = rules.passes.is_none_or(|p| i < usize::from(p));
                assert_eq!(
                    score.contains(&format!("{points} points")),
                    counted,
                    "{preset}: {score}"
                );
            }
            assert!(score.contains(&format!("costs {CARD_PENALTY} point")));
            // At least five tips, and the questions with this game's figures.
            assert!(g.tips.len() >= 5, "{preset}");
            let rate = rates.of(preset);
            let answer = &g.questions[0].1;
            assert!(answer.contains(&format!("{} %", percent(rate.share()))));
            assert!(answer.contains(&group(rate.winnable())));
            assert!(answer.contains(&*preset.name()));
        }
    }

    #[test]
    fn the_pairs_make_13_and_the_example_is_a_pyramid_corner() {
        let labels: Vec<String> = pairs(Preset::Classic.rules())
            .into_iter()
            .map(|(a, b)| match b {
                Some(b) => format!("{}+{}", a.rank_label(), b.rank_label()),
                None => a.rank_label().to_string(),
            })
            .collect();
        assert_eq!(labels, ["A+Q", "2+J", "3+10", "4+9", "5+8", "6+7", "K"]);
        // Cheops: each rank with the next one up; no card alone.
        let cheops: Vec<String> = pairs(Preset::Cheops.rules())
            .into_iter()
            .map(|(a, b)| format!("{}+{}", a.rank_label(), b.map_or("", |b| b.rank_label())))
            .collect();
        assert_eq!(cheops.len(), 12);
        assert_eq!(cheops[0], "A+2");
        assert_eq!(cheops[11], "Q+K");
        let covered = Card::new(7, Suit::Hearts).unwrap();
        assert!(COVERED_EXAMPLE.contains(&format!(
            "{}{}",
            covered.rank_label(),
            covered.suit().symbol()
        )));
    }

    #[test]
    fn the_family_in_words() {
        let giza = guide(Preset::Giza);
        assert!(
            giza.goal.starts_with("Remove all 52 cards"),
            "{}",
            giza.goal
        );
        assert!(giza.stock.iter().any(|s| s.contains("8 piles of 3")));
        let tut = guide(Preset::KingTut);
        assert!(tut.stock.iter().any(|s| s.contains("top 3 cards")));
        let apophis = guide(Preset::Apophis);
        assert!(apophis.stock.iter().any(|s| s.contains("3 waste piles")));
        assert!(apophis
            .stock
            .iter()
            .any(|s| s.contains("gathers the wastes")));
        let cheops = guide(Preset::Cheops);
        assert_eq!(cheops.pairs_text, ADJACENT_TEXT);
        assert!(cheops.goal.contains("same or adjacent rank"));
        let overlap: Preset = "custom-1-1-drawcard-pyramid-overlap".parse().unwrap();
        assert!(guide(overlap).covered.iter().any(|c| c == OVERLAP_TEXT));
    }

    #[test]
    fn counts_are_grouped() {
        assert_eq!(group(7), "7");
        assert_eq!(group(6620), "6,620");
        assert_eq!(group(10_000), "10,000");
        assert_eq!(group(1_234_567), "1,234,567");
    }

    #[test]
    fn par_and_traditional_in_words() {
        assert!(guide(Preset::Par).goal.starts_with("Score as many points"));
        assert!(guide(Preset::Traditional)
            .goal
            .starts_with("Remove all 52 cards"));
        assert!(guide(Preset::Classic).goal.starts_with("Clear the pyramid"));
    }
}
