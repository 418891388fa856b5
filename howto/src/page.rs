//! `rules.html`: every preset's guide as plain, accessible HTML, readable
//! without JavaScript. Each game is a `<section id="ID" class="game">`,
//! which the page's How to play dialog fetches and shows for the game on
//! the table; links to `index.html?rules=ID` open each game.

use pyramid_engine::{Pairing, Preset, Rules};

use crate::figures::{percent, WinRates, PUBLISHED};
use crate::guide::{group, pairs, Guide, COVERED_TEXT, OVERLAP_TEXT, PAIRS_TEXT};

/// The page's own styles: readable type and the small drawn cards. The
/// dialog in the game styles the same classes (`style/later.css`).
const STYLE: &str = "\
:root{color-scheme:light dark;--ink:#1c1917;--paper:#fafaf9;--line:#d6d3d1;--accent:#14532d;--red:#b91c1c}
@media (prefers-color-scheme:dark){:root{--ink:#f5f5f4;--paper:#1c1917;--line:#57534e;--accent:#86efac;--red:#fca5a5}}
body{margin:0;background:var(--paper);color:var(--ink);font:1.0625rem/1.6 system-ui,sans-serif}
header,main,footer{max-width:46rem;margin:0 auto;padding:0 1rem}
h1{font-size:1.9rem;line-height:1.2;margin:1.5rem 0 .5rem}
h2{font-size:1.5rem;margin:2.5rem 0 .5rem;border-top:2px solid var(--line);padding-top:1rem}
h3{font-size:1.15rem;margin:1.5rem 0 .25rem}
a{color:var(--accent)}
nav ul{display:flex;flex-wrap:wrap;gap:.5rem 1rem;padding:0;list-style:none}
nav a{display:inline-block;padding:.35rem 0}
table{border-collapse:collapse;margin:.5rem 0}
th,td{border-bottom:1px solid var(--line);padding:.35rem .75rem .35rem 0;text-align:left;vertical-align:middle}
dt{font-weight:600;margin-top:.75rem}
dd{margin:0}
.facts{padding-left:1.2rem}
.mc{display:inline-block;min-width:1.6em;padding:.1em .2em;border:1px solid #78716c;border-radius:.25em;background:#fff;color:#1c1917;font-weight:700;text-align:center;line-height:1.3}
.mc.red{color:#b91c1c}
.mini-pyramid{display:flex;flex-direction:column;align-items:center;gap:0;margin:.5rem 0}
.mini-pyramid div{display:flex;gap:.3em;margin-top:-.35em}
.mini-pyramid div:first-child{margin-top:0}
.mini-pyramid .covered{background:#d6d3d1}
.mini-pyramid .mc{font-size:1.2rem;min-width:2.2em;padding:.4em .2em}
figure{margin:.5rem 0 1rem}
.play{font-weight:600}
";

/// The whole page.
pub fn rules_html(rates: &WinRates) -> String {
    let mut out = String::new();
    out.push_str(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>How to play Pyramid Solitaire: the rules of every game</title>\n\
         <meta name=\"description\" content=\"The rules of Pyramid Solitaire: the pairs that \
         make 13, covered cards, the stock and its passes, winning and the score, with tips and \
         the share of deals that can be won, for Classic, Easy, Medium, Hard, Relaxed, \
         Traditional, Par Pyramid, Giza, King Tut, Apophis, Cheops and rules you compose.\">\n\
         <link rel=\"icon\" href=\"assets/favicon.svg\" type=\"image/svg+xml\">\n<style>\n",
    );
    out.push_str(STYLE);
    out.push_str("</style>\n</head>\n<body>\n<header>\n<h1>How to play Pyramid Solitaire</h1>\n");
    out.push_str(
        "<p>Pyramid Solitaire is a card game for one: 28 cards lie face up in a pyramid of \
         seven rows, the other 24 make the stock. Remove pairs that add up to 13, and Kings on \
         their own, until the pyramid is gone. Each game below plays by its own rules; \
         <a href=\"index.html\">play Pyramid Solitaire</a> in your browser, free and offline.</p>\n",
    );
    out.push_str("<nav aria-label=\"Games\">\n<ul>\n");
    for preset in Preset::ALL {
        out.push_str(&format!(
            "<li><a href=\"#{}\">{}</a></li>\n",
            preset.id(),
            preset.name()
        ));
    }
    out.push_str("<li><a href=\"#custom\">Custom rules</a></li>\n");
    out.push_str("<li><a href=\"#win-rates\">How many deals can be won</a></li>\n");
    out.push_str("</ul>\n</nav>\n</header>\n<main>\n");
    for preset in Preset::ALL {
        out.push_str(&section(&Guide::new(preset, rates.of(preset))));
    }
    out.push_str(&custom_section(rates));
    out.push_str(&win_rates(rates));
    out.push_str(
        "</main>\n<footer>\n<p><a href=\"index.html\">Play Pyramid Solitaire</a></p>\n\
         </footer>\n</body>\n</html>\n",
    );
    out
}

/// One game's section: what the How to play dialog shows.
pub fn section(g: &Guide) -> String {
    let id = g.preset.id();
    let mut out = format!(
        "<section id=\"{id}\" class=\"game\" aria-labelledby=\"{id}-title\">\n\
         <h2 id=\"{id}-title\">{}</h2>\n<p class=\"goal\">{}</p>\n",
        escape(&g.preset.name()),
        escape(&g.goal)
    );
    out.push_str("<ul class=\"facts\">\n");
    for (what, value) in &g.facts {
        out.push_str(&format!(
            "<li><strong>{}:</strong> {}</li>\n",
            escape(what),
            escape(value)
        ));
    }
    out.push_str("</ul>\n");
    out.push_str(&format!(
        "<p class=\"play\"><a href=\"index.html?rules={id}\">Play {}</a></p>\n",
        escape(&g.preset.name())
    ));
    let rules = g.preset.rules();
    out.push_str(match rules.pairing {
        Pairing::Thirteen => "<h3>The pairs that make 13</h3>\n",
        Pairing::Adjacent => "<h3>Pairs of the same or adjacent rank</h3>\n",
    });
    out.push_str(&format!("<p>{}</p>\n", escape(g.pairs_text)));
    out.push_str(&pairs_table(rules));
    out.push_str("<h3>Covered and available cards</h3>\n");
    out.push_str(&paragraphs(&g.covered));
    out.push_str(&covered_example(rules));
    out.push_str(if !rules.has_stock() {
        "<h3>The reserve</h3>\n"
    } else if rules.wastes > 1 {
        "<h3>The stock, the wastes and the passes</h3>\n"
    } else {
        "<h3>The stock, the waste and the passes</h3>\n"
    });
    out.push_str(&paragraphs(&g.stock));
    out.push_str("<h3>Winning, losing and the score</h3>\n");
    out.push_str(&paragraphs(&g.win_loss));
    out.push_str(&paragraphs(&g.score));
    out.push_str("<h3>Tips</h3>\n<ul>\n");
    for tip in &g.tips {
        out.push_str(&format!("<li>{}</li>\n", escape(tip)));
    }
    out.push_str("</ul>\n<h3>Questions players ask</h3>\n<dl>\n");
    for (q, a) in &g.questions {
        out.push_str(&format!("<dt>{}</dt>\n<dd>{}</dd>\n", escape(q), escape(a)));
    }
    out.push_str("</dl>\n</section>\n");
    out
}

/// The options a player composes a custom set from, and the published
/// sets' figures beside ours.
fn custom_section(rates: &WinRates) -> String {
    let mut out = String::from(
        "<section id=\"custom\" class=\"game\" aria-labelledby=\"custom-title\">\n\
         <h2 id=\"custom-title\">Custom rules</h2>\n\
         <p class=\"goal\">Compose your own game in New deal: pick each rule below, and the \
         game keeps statistics, daily deals and challenge links of its own for that set.</p>\n",
    );
    out.push_str(&paragraphs(&[
        format!("Pairs make 13 and a King goes alone, as in Classic. {PAIRS_TEXT}"),
        "Passes: 1, 2, 3 or unlimited times through the stock. With unlimited passes the \
         round is lost only when no card can ever be removed again."
            .to_string(),
        "Cards a turn: a draw turns 1 card, or 3 (fanned on the waste, only the top one \
         available)."
            .to_string(),
        "Stock mode: only the top card of the waste is available, or the card just drawn \
         stays in a draw slot beside the waste, and it and the waste top are both available \
         (they may pair)."
            .to_string(),
        "Goal: clear the pyramid (its 28 cards), or remove all 52 cards.".to_string(),
        OVERLAP_TEXT.to_string(),
        COVERED_TEXT.to_string(),
    ]));
    out.push_str(
        "<h3>Sets whose share of winnable deals is published</h3>\n\
         <p>solitairewinrates.com solved 100 million deals of each of these sets; the game's \
         solver played deals 1 to 10,000 of each. The published share lies inside our 95 % \
         interval when the two agree.</p>\n<table>\n<thead><tr><th scope=\"col\">Rules</th>\
         <th scope=\"col\">Ours</th><th scope=\"col\">95 % interval</th>\
         <th scope=\"col\">Published</th></tr></thead>\n<tbody>\n",
    );
    for (id, published) in PUBLISHED {
        let Some(rate) = rates.0.iter().find(|r| r.preset.id() == id) else {
            continue;
        };
        let (low, high) = rate.interval();
        out.push_str(&format!(
            "<tr><th scope=\"row\"><a href=\"index.html?rules={id}\">{}</a></th><td>{} %</td>\
             <td>{}\u{2013}{} %</td><td>{published:.2} %</td></tr>\n",
            escape(&capitalized(&rate.preset.summary())),
            percent(rate.share()),
            percent(low),
            percent(high)
        ));
    }
    out.push_str("</tbody>\n</table>\n</section>\n");
    out
}

fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

fn paragraphs(lines: &[String]) -> String {
    lines
        .iter()
        .map(|l| format!("<p>{}</p>\n", escape(l)))
        .collect()
}

fn mini(label: &str) -> String {
    format!("<span class=\"mc\">{label}</span>")
}

fn pairs_table(rules: Rules) -> String {
    let mut out = String::from(
        "<table class=\"pairs\">\n<thead><tr><th scope=\"col\">Cards</th>\
         <th scope=\"col\">Values</th></tr></thead>\n<tbody>\n",
    );
    for (a, b) in pairs(rules) {
        match b {
            Some(b) if rules.pairing == Pairing::Adjacent => out.push_str(&format!(
                "<tr><td>{} + {}, {} + {}</td><td>{} and {}, or the same rank</td></tr>\n",
                mini(a.rank_label()),
                mini(b.rank_label()),
                mini(a.rank_label()),
                mini(a.rank_label()),
                a.rank(),
                b.rank()
            )),
            Some(b) => out.push_str(&format!(
                "<tr><td>{} + {}</td><td>{} + {} = 13</td></tr>\n",
                mini(a.rank_label()),
                mini(b.rank_label()),
                a.rank(),
                b.rank()
            )),
            None => out.push_str(&format!(
                "<tr><td>{} alone</td><td>{}</td></tr>\n",
                mini(a.rank_label()),
                a.rank()
            )),
        }
    }
    out.push_str("</tbody>\n</table>\n");
    out
}

/// Three cards of a pyramid: the 7♥ under the 5♣ and the 8♦.
fn covered_example(rules: Rules) -> String {
    format!(
        "<figure>\n<div class=\"mini-pyramid\" aria-hidden=\"true\">\
         <div><span class=\"mc red covered\">7\u{2665}</span></div>\
         <div><span class=\"mc\">5\u{2663}</span><span class=\"mc red\">8\u{2666}</span></div>\
         </div>\n<figcaption>{}</figcaption>\n</figure>\n",
        escape(crate::guide::covered_example(rules))
    )
}

fn win_rates(rates: &WinRates) -> String {
    let deals = rates.0.first().map_or(0, |r| r.deals);
    let mut out = format!(
        "<section id=\"win-rates\" aria-labelledby=\"win-rates-title\">\n\
         <h2 id=\"win-rates-title\">How many deals can be won</h2>\n\
         <p>The game's solver played deals 1 to {} of each game perfectly. With perfect play, \
         this share of the deals can be won; the interval is where the true share lies, with \
         95 % confidence.</p>\n<table>\n<thead><tr><th scope=\"col\">Game</th>\
         <th scope=\"col\">Winnable deals</th><th scope=\"col\">Share</th>\
         <th scope=\"col\">95 % interval</th></tr></thead>\n<tbody>\n",
        group(deals)
    );
    for rate in rates
        .0
        .iter()
        .filter(|r| !matches!(r.preset, Preset::Custom(_)))
    {
        let (low, high) = rate.interval();
        out.push_str(&format!(
            "<tr><th scope=\"row\"><a href=\"#{}\">{}</a></th><td>{} of {}</td><td>{} %</td>\
             <td>{}\u{2013}{} %</td></tr>\n",
            rate.preset.id(),
            escape(&rate.preset.name()),
            group(rate.winnable()),
            group(rate.deals),
            percent(rate.share()),
            percent(low),
            percent(high)
        ));
    }
    out.push_str("</tbody>\n</table>\n</section>\n");
    out
}

/// Text made safe for HTML.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The committed page, as Trunk copies it beside index.html.
    const COMMITTED: &str = include_str!("../../rules.html");

    #[test]
    fn the_committed_page_is_the_generators() {
        let page = rules_html(&WinRates::committed());
        assert!(
            COMMITTED == page,
            "rules.html differs from the generator's output: run \
             `cargo run -p pyramid-howto --bin rules-page -- --write rules.html`"
        );
    }

    #[test]
    fn every_game_has_its_section_heading_and_link() {
        let page = rules_html(&WinRates::committed());
        for preset in Preset::ALL {
            let id = preset.id();
            assert_eq!(
                page.matches(&format!("<section id=\"{id}\" class=\"game\""))
                    .count(),
                1
            );
            assert!(page.contains(&format!("<h2 id=\"{id}-title\">{}</h2>", preset.name())));
            assert!(page.contains(&format!("href=\"index.html?rules={id}\"")));
            assert!(page.contains(&format!("<a href=\"#{id}\">")));
        }
        // Tags open and close in pairs.
        for tag in ["section", "table", "ul", "dl", "figure", "p"] {
            assert_eq!(
                page.matches(&format!("<{tag}>")).count()
                    + page.matches(&format!("<{tag} ")).count(),
                page.matches(&format!("</{tag}>")).count(),
                "<{tag}>"
            );
        }
        assert_eq!(escape("a < b & \"c\""), "a &lt; b &amp; &quot;c&quot;");
    }
}
