//! The exact search for the games outside the tuned search's rules: three
//! cards a turn, three wastes, Giza's reserve and Cheops's pairs. The tuned
//! search of [`super`] rests on facts of one card a turn, one waste and
//! pairs making 13; this one rests only on these, each true where it is
//! used:
//!
//! - **Reachability.** A deal is won when some line of legal moves reaches
//!   a cleared position, so the search is a depth-first walk of the
//!   positions, each visited once (a position seen before led nowhere, or
//!   is on the current line, where coming back to it adds nothing). With
//!   unlimited passes the pass number does not change what can happen
//!   next and is left out of the key, so passes that only go round meet
//!   positions already seen. Positions whose pointers differ only by
//!   removed cards are one position: the pointer is taken just past the
//!   last drawn card still in play (with three wastes the cards dealt at
//!   the pass's start, which place each card on its waste, stay in the
//!   key).
//! - **Losses by stamp.** With one card a turn and one waste (Cheops), the
//!   tuned search's argument holds whatever the pairing rule: from pass
//!   a, pointer x, drawing and recycling reach every later pointer and
//!   pass with the same cards, and a position whose draw slot a removal
//!   emptied is no better than the same cards with that card still in the
//!   slot ([`super::Search`]'s `stamp`). So each set of cards remembers the
//!   earliest stamp at which it was lost, and that loss covers every
//!   position with the same cards and a stamp at least as large.
//! - **Cards told apart by rank.** Whether two cards pair, and whether a
//!   card goes alone, depend on their ranks alone in every game here. So
//!   with a stock and one waste, two positions with the same pyramid
//!   cards, pass and draw slot, and the same ranks in the same order among
//!   the stock side's cards in play (waste, draw slot, stock), as many of
//!   them drawn, are the same game: each stock-side card stands for the
//!   one at its place in that order in the other, and a line from one is
//!   a line from the other card for card (the same moves are legal, they
//!   lead to positions that correspond again, and the goal is met in both
//!   or neither). The tables key a position by the representative of its
//!   class: its stock side's cards replaced by the earliest cards of the
//!   stock with the same ranks in the same order (chosen greedily, which
//!   never passes the card it stands for), the pointer just past the one
//!   standing for the last card drawn (`Search::by_rank`). Drawing from
//!   the representative mirrors drawing from the position, so stamps
//!   compare as they do for one set of cards. Keys and stamps are the
//!   representative's; the search goes on from the position itself, so
//!   its line plays. With three wastes (where removed cards dealt this
//!   pass still place the others) and in Giza's reserve (placed by pile)
//!   positions stay exact.
//! - **Runs and restarts.** In Cheops (losses by stamp, and no table of
//!   positions merely seen) the table of losses only ever holds positions
//!   whose every line was searched, whatever order they were searched in,
//!   and a search cut off by its budget stores nothing for the positions on
//!   its line. So a search may stop and start again keeping the table: the
//!   search runs in runs of `RESTART_UNIT` × 1, 1, 2, 1, 1, 2, 4, … (the
//!   Luby sequence) positions, the first run in the usual move order (of
//!   each kind of removal, the pairs of the position's perfect matching
//!   first, then those whose cards keep the fewest partners in play) and
//!   each later one with its removals shuffled, those with a stock-side
//!   card first as always, and the draw, at each position, either right
//!   after those or last, with even chances (by a fixed seed, so a solve
//!   always counts the same positions), until a run finds a win, or ends
//!   without being cut off (the position is lost: every line was searched),
//!   or the budget, which counts every run's positions, is spent. Nearly
//!   every Cheops deal is won, and a search that starts down a lost line can
//!   spend millions of positions proving it lost, where another order finds
//!   a win at once; the losses proven on the way stay proven.
//! - **The waste's stack** (Cheops, `family/stack.rs`). A deal the runs
//!   have not decided within `STACK_AFTER` positions goes, between two
//!   runs, to a search of another kind: one over the pyramid's 1,430
//!   states, the pointer and the slot, which finds once, for each card
//!   buried on the waste and each state of the pyramid then, where play
//!   can stand when that card leaves (the cards under it play no part until
//!   then). Its size is bounded by the deal's, where the search over
//!   positions grows with the sets of waste cards it meets; it is exact on
//!   its own (its module argues it), and slower than the runs at finding
//!   the quick wins that nearly every deal has. It has a budget of its own
//!   of as many states as the runs' positions; if that runs out, the runs
//!   go on as they would have without it.
//! - **Two orders** (three wastes). With limited passes no position comes
//!   back (a removal leaves fewer cards, a draw moves the pointer on, a
//!   recycle starts a later pass), so a position met again that is not on
//!   the current line was searched to its end, and a lost pass start is
//!   stored only by a search not cut off: every one the table holds had
//!   every line searched. So a search cut off may start again with the
//!   table of positions seen emptied and the lost pass starts kept. With
//!   three wastes the search runs first in the usual order for
//!   `FIRST_ORDER_NODES` positions, then, if cut off, in a second order,
//!   the draw before pairs of pyramid cards (which no draw buries): nearly
//!   every deal is decided within the first, and the few that win late in
//!   it (Apophis 700 needed 489,000 positions) win early in the second.
//! - **Lost at a pass's start.** With limited passes, in every game, a
//!   position lost during pass a loses the start of every later pass with
//!   the same cards (drawing the rest of the stock and recycling reach it
//!   with nothing removed), and a lost pass start loses the starts of the
//!   passes after it. Each set of cards remembers the earliest pass whose
//!   start is lost. With three wastes a pass's start is the pointer at 0
//!   with every card in play dealt from the new stock; a position whose
//!   drawn cards have all been removed is not one (its cards fall onto the
//!   wastes by the old pass's count).
//! - **Lone cards first.** A King in the pyramid or on a reserve pile,
//!   where Kings go alone, is removed at once: it takes nothing another
//!   move could use, and the cards it uncovers stay until they are used.
//!   (A King on a waste is not: with three cards a turn or three wastes,
//!   removing it changes how later cards fall.)
//! - **Partners.** Every card the goal needs removed needs a partner still
//!   in play: a card whose rank pairs with it and that can ever be
//!   available with it. A pyramid card's cover cone must be gone before it
//!   is exposed, and so must every card below a card of its cone (except,
//!   with overlap pairs, the two cards right on it and the two it lies
//!   right on); in Giza a reserve card and the cards under it in its pile
//!   are never available together. A position with a card that has none
//!   cannot be won.
//! - **The last pass's waste.** In the last pass one waste is a stack whose
//!   cards leave only from the top, and two of its cards are never live
//!   together (in draw-card mode the drawn card is not on the waste): each
//!   waste card needs a partner outside the waste (a pyramid card, the
//!   drawn card, or one still to be drawn), and no two share one. With
//!   every card to remove, a position where some waste cards have fewer
//!   such cards between them than they are (Hall's condition, checked by
//!   rank: for pairs of 13 rank by rank, for Cheops over each run of ranks,
//!   whose partners are the run widened by one rank each side) is lost.
//!   For Cheops, so is one whose cards cannot all be paired by rank with no
//!   two waste cards together (`adjacent_matching`): every winning line
//!   pairs them so.
//! - **The waste's order** (Cheops). The cards below any point of that
//!   waste leave after every card above it. When a run of ranks of the
//!   cards below has exactly as many partners outside the waste as it has
//!   cards (Hall's condition met with equality), each of those partners
//!   leaves with one of them, so after every card above; and so does every
//!   pyramid card one of those partners lies on, near or far (it is
//!   exposed only once they are gone). So the cards above need partners of
//!   their own among the other cards outside the waste, and a position
//!   where they fail Hall's condition there is lost
//!   (`Search::waste_order_stuck`). A search makes this check only once it
//!   has counted 500 positions (`WASTE_ORDER_AFTER`): most deals are won
//!   sooner, and skipping it only prunes less.
//! - **Deadlines in one pass, by matching** (Cheops, `family/cheops.rs`).
//!   The tuned search's one-pass deadlines ([`super`]), with pairs of
//!   equal or adjacent rank. With one pass the stock is seen once, in its
//!   order: at pointer t (t cards drawn) stock card j is live only as the
//!   slot card (j = t − 1) or as the waste top, and then every card drawn
//!   after it is gone but the slot's, t − 1. A pyramid card k with no
//!   partner among the pyramid's cards in play (`partner_masks`: its cone
//!   and the cards whose cone holds it never pair with it) must leave with
//!   a stock card j of a rank that pairs with it, at a pointer t at which j
//!   is live; by then k's cone is gone, and so is every card drawn after j
//!   but the slot's. The cards removed from now until then go two by two
//!   (no card goes alone in Cheops), each pair of equal or adjacent rank,
//!   so some matching by rank pairs them all. They hold those required
//!   cards, and otherwise only cards that can have gone by then: pyramid
//!   cards neither in k's cone nor holding k in theirs (such a card leaves
//!   after k), stock cards drawn before j (only if j is still to be drawn
//!   or is the slot card now: cards under j on the waste leave after it),
//!   and the slot card t − 1. Where
//!   no matching by rank covers the required cards with some of the
//!   optional ones (`covers`, rank by rank), (j, t) is impossible. So is
//!   it where the stock cards drawn after j (required) are not covered so
//!   with the pyramid cards (required and optional) and the slot card
//!   alone: a card under j is live only once j has left, and they left
//!   before it. So is
//!   it where the cards of k's cone that have no pyramid partner either
//!   (each leaving with a stock card of its own, before k) fail Hall's
//!   condition, over each run of ranks, against the stock cards that can
//!   have gone by then (`hall`: the required and optional ones). The
//!   apex is the last pyramid card to leave (every other is in its cone);
//!   when its j is on the waste now (not in the slot), every card under j
//!   is still there at t, and after the apex the stock side's cards left
//!   (those under j, the slot card unless it went before, and the stock
//!   from t on) must all go in pairs of the slot card with the waste top.
//!   Those pairs nest (the cards between two paired ones went before
//!   them), never take two cards already on the waste, and every such
//!   nesting of pairs of equal or adjacent rank can be played in order, so
//!   (j, t) is impossible for the apex too where no such nesting exists,
//!   with the slot card gone before (among the paired required cards) or
//!   left (`stack_clears`, by intervals). The same holds once the pyramid
//!   is gone, exactly: a position with no pyramid cards whose stock side's
//!   cards have no such nesting is lost (checked after draws too). A
//!   card's last pointer is the largest t, from the current pointer on,
//!   with some possible j; a card in k's cone leaves before k, so its scan
//!   stops at k's last pointer (from the apex down). It stops sooner where
//!   a card a whose cone holds k has no pyramid partner either, its stock
//!   partners in play running from stock card f to stock card l, and j is
//!   drawn before f: a leaves after k, with some j' from f on; were k
//!   still in play at the draw after j' (pointer j' + 1 to j' + 2), j would
//!   be under j' on the waste from then on, live only once j' has left,
//!   with a, after k, which leaves with j. So k leaves with such a j by
//!   pointer l + 1 (`deadline`'s spans). A card with no
//!   possible t loses the position; otherwise the cards are lost at every
//!   pointer past the least last pointer, which goes in the table of
//!   losses as the stamp they are lost at (a draw moves the pointer on
//!   with the same cards, and meets it there). The check is made on the
//!   representative (see "Cards told apart by rank": the same game), not
//!   after a draw (the parent's cards, already checked), nor, but at the
//!   first position, before a search has counted 500 positions (most
//!   deals are won sooner, where it costs more than it saves), and a
//!   search stops making it once fewer than one check in eight (after the
//!   first 1,000) finds the cards lost now or later; skipping it only
//!   prunes less.
//! - **The apex's final waste** (Cheops, `family/cheops.rs`). The apex
//!   is the last pyramid card to leave (every other is in its cone), with
//!   a stock card j at a pointer t at which j is live (see the deadlines).
//!   Then the stock side's cards left, W (the cards under j still on the
//!   waste), the slot card t − 1 unless it went before, and the stock from
//!   t on, must all go in nested pairs of the slot card with the waste top,
//!   never two of W together (`stack_clears`). So each card of W pairs
//!   with one of the cards after it (the slot card and the stock), and the
//!   others of those pair among themselves: W's top with the first such
//!   partner, the cards between them gone before, and so on down W;
//!   `final_lows` finds the possible lowest cards w of W (j standing for
//!   an empty W). For each, the cards
//!   under w leave before w is buried by the draw after it (so there are
//!   none, if w is on the waste now), each of those on the waste now with
//!   a partner of its own among the pyramid's other cards and the cards
//!   under w still to be drawn (Hall's condition, by rank); and the cards
//!   gone by t (the pyramid's other cards, those under w, those drawn
//!   after j but the slot card if it stays) pair off by rank, with some of
//!   the cards between w and j or not (`covers`). The cards drawn after j
//!   that leave before it never pair with a card under j (live only once j
//!   has left, with the apex), nor with a pyramid card whose last pointer
//!   (by the deadlines: a card leaves before every card whose cone holds
//!   it) is before the first of them is drawn: they pair off by rank among
//!   themselves and the pyramid's other cards still there then. Every
//!   winning line meets all of these with its own j, t and W, so a (j, t)
//!   for which no w does is impossible, and the apex's last pointer, the
//!   largest t with a possible j, goes with the deadlines' last pointers
//!   (made with them, from their cards' last pointers). Deal 639 is lost so
//!   at its start: its apex, a King, has one partner, stock card 20, a
//!   King; an Ace in the row below, with partners up to stock card 16
//!   only, leaves by pointer 21 (the spans above), and with it its cone;
//!   the three stock cards after 20 (4, 8, 10) pair neither among
//!   themselves nor with a pyramid card still there after pointer 21, and
//!   no three cards under 20, in order, take them.
//! - **Pairing off** (Cheops, `family/cheops.rs`). Every card leaves in a
//!   pair, so the pairs of a winning line pair off all the cards in play:
//!   a perfect matching of the graph whose edges join two cards that may
//!   ever leave together (of equal or adjacent rank, neither in the
//!   other's cover cone: `partner_masks`), less the edges between two
//!   cards on the waste (with one pass no card comes back to the slot, and
//!   two waste cards are never live together). A position whose graph has
//!   none (`perfect_matching_kept`: the parent position's matching less
//!   its pairs that are gone, only those that can be checked, grown by
//!   augmenting paths, three edges long on bit masks or Edmonds's) is lost (a
//!   perfect matching gives every card a partner, so Cheops makes no
//!   partners check of its own). The counts by rank (`adjacent_matching`)
//!   miss what the cones forbid: a King at the apex whose only partners
//!   are a King in the stock, and two Kings lower down whose only partners
//!   are that King and one Queen, say.
//!   Checked at every position, after draws too (a draw buries the drawn
//!   card on the waste, which takes edges away).
//!   **Frozen under a pyramid card's partners.** A pyramid card k whose
//!   edges all go to cards on the waste (not the slot card) leaves with
//!   one of them, w; the waste cards under the lowest of them are under w,
//!   live only once w has left, so they leave after k, and after every
//!   card of k's cone (gone before k is exposed). The two cards of a pair
//!   leave together, so in a winning line none of those waste cards pairs
//!   with k or a card of its cone: those edges are taken away before the
//!   matching is looked for. Likewise the waste cards above the highest
//!   of k's partners have left before it, so before every pyramid card
//!   lying on k, near or far (exposed only once k is gone): their edges to
//!   those cards go too. Again for each card that then has edges only to
//!   the waste, until nothing changes (a pyramid card left with no edge
//!   loses the position).
//!   **Stock-side pairs nest.** Two stock-side cards leave together only
//!   as the slot card and the waste top, so every card between them in
//!   the stock side's order (the waste from its bottom, the slot card, the
//!   stock as it is dealt) has left before: of two such pairs, one lies
//!   within the other or wholly before it, never across it (if pair (a, c)
//!   crossed (b, d), a < b < c < d, each would need a card of the other
//!   gone first). A winning line's pairs are then a perfect matching whose
//!   stock-side pairs nest. Given the perfect matching found, while two of
//!   its stock-side pairs cross, the search (`nested_matching`) takes one
//!   of them, (x, y), and either leaves it out (the edge taken away, x and
//!   y matched again by one augmenting path) or keeps it (x and y set
//!   aside, the edges of two stock-side cards across it taken away, the
//!   pairs that crossed it matched again). A position none of whose
//!   branches ends in a matching that nests is lost; one whose search runs
//!   past `NESTED_BUDGET` choices is not taken as lost. The matching found
//!   is the next position's start, so most checks find no crossing at all,
//!   and one that keeps every pair of a matching that nested is not
//!   searched (no two of its pairs cross).
//!   Over Cheops's deals 1..=2000 the check takes the median positions
//!   from 472 to 265 and the 90th percentile from 2,500 to 1,752.
//!   **Waste pairs in the pyramid's order.** A waste card is live only
//!   once every card above it has gone, so of two waste cards w under w',
//!   each paired with a pyramid card (p and p'), w' and p' leave first.
//!   If p lies on p' (p' is exposed only once p is gone), the two pairs
//!   cannot both be a winning line's. The same search takes such a pair
//!   of pairs as it takes two that cross: it leaves out (w', p'), or
//!   keeps it and takes away every edge from a waste card above w' to a
//!   card p' lies on and from a waste card under w' to a card lying on
//!   p'. It halves the positions of long searches but costs more than it
//!   saves in short ones, so a search asks it only from `ORDER_AFTER`
//!   positions on.
//!   **Pairs that cross in the pyramid.** A pair leaves in one move, after
//!   every card lying on either of its cards (before) and before every
//!   card either lies on (after). If another pair holds a card of each,
//!   it must leave both before and after the first: the two cannot both
//!   be a winning line's (the partners' edges already rule out a pair with
//!   one card over the other; this is two pairs, x over c and d over y).
//!   At the first position of each run, and from `ORDER_AFTER` positions
//!   on, the same search takes a pair (x, y) of the matching with such
//!   another: it leaves it out, or keeps it and takes away every edge
//!   between a card after it and one before it. That proves four of
//!   Cheops's deals 1..=10000 lost at their first position (8489 took 2.8
//!   million positions before), and takes the deals that reach the
//!   waste's stack (below) from 250 to 206 and the total positions from
//!   114.8 to 99.7 million.
//! - **One waste card at a time.** With one waste in waste mode, two stock
//!   cards are never live together, so with every card to remove (and
//!   pairs of 13) each stock card needs a pyramid partner of its own: a
//!   position with more stock cards of a rank than pyramid cards of the
//!   complementary rank is lost.
//! - **Live some time** (several cards a turn onto one waste whose top
//!   alone is live, pairs of 13). A stock card leaves only as the waste's
//!   top, with a pyramid card of the complementary rank or alone if a King,
//!   so the cards that may ever leave are among the Kings and those with a
//!   pyramid partner left, and of a set of them no more can all leave than
//!   Kings plus, rank by rank, the pyramid cards they pair with. A card on
//!   the waste is live only once every card above it has left. A card
//!   still to be dealt this pass lands at a place p of its turn that the
//!   cards in play between the pointer and it fix (no card leaves before it
//!   is dealt), under the rest of its turn, which must leave first. In a
//!   later pass it lands at place (c − k) mod t, c the cards in play before
//!   it and k of those that may leave gone; the rest of its turn are cards
//!   after it up to the first that never leaves (cards only go, so no other
//!   card comes between), which must be able to leave together, unless
//!   every card after it may leave. A card that passes none of these is
//!   never live again: the cards that may leave are narrowed to the live
//!   ones until nothing changes (each step keeps a superset of the cards
//!   that may leave, so of those live), a position with a card never live
//!   that the goal needs removed is lost, and one is no card's partner, in
//!   the partners check and in the unlimited-pass search, which is given
//!   the live cards only (every line of play is still a line there).
//! - **The order of leaving** (the same games, no overlap pairs). Write
//!   a → b when, if b leaves, a must have left before: a pyramid card lying
//!   on b; and a stock card z right after stock card q in play when z lies
//!   on q every time q is on the waste: now (z on the waste above q, or q
//!   to be dealt this pass at a place before the last of its turn, so z in
//!   its turn) and in every later pass (every place (c − k) mod t open to q
//!   above is before the last, k at most the cards before q that may be
//!   live). A pyramid card whose only partner left is y (counting live stock
//!   cards only) must leave with y, in one move: such cards make classes
//!   that leave at one time, and a class of three cards cannot leave in
//!   pairs (lost). A circle of → among the classes is lost: → only goes
//!   from a stock card to an earlier one, so a circle holds a class with a
//!   pyramid card, which must leave; if b leaves so does every a → b, so
//!   every class on the circle leaves, each strictly before the next. Only
//!   circles through a stock edge are looked for, and only when one meets a
//!   stock card paired so with a pyramid card (without one, stock edges
//!   make chains of stock cards alone, with no way back).
//! - **The cards that can leave at all** (the same games, no overlap
//!   pairs). Grow a set L of cards from none: a pyramid card joins once
//!   every card lying on it is in L (it can be exposed) and it is a King
//!   or has a partner that is a pyramid card exposable so, or a stock card
//!   live by "Live some time" with only the stock cards of L able to have
//!   left; a stock card joins once it is live so and is a King or has an
//!   exposable pyramid partner (two stock cards never pair here). Every
//!   card a line of play removes is in L: by induction on the line, the
//!   cards it removed before are, so the card's cover was in L, its
//!   partner was exposed or live with only cards of L gone ("Live some
//!   time" holds for any superset of the stock cards that have left by
//!   the time a card is live). So a position with a pyramid card never in
//!   L is lost (`Search::pyramid_never_clears`). It catches the circles
//!   that go through the places of the turns, which "The order of
//!   leaving" does not: a stock card live only once one of the cards
//!   before it has left, each of which leaves only with a pyramid card
//!   that lies under the pyramid card waiting for it. A search makes the
//!   check once it has counted `LEAVING_AFTER` positions, and stops when it
//!   seldom finds a loss; skipping it only prunes less.
//! - **Draws to a waste top that can leave** (unlimited passes, several
//!   cards a turn onto one waste whose top alone is live, pairs of 13).
//!   Draws and recycles change only the pointer and removals of pyramid
//!   cards only the pyramid, so in any winning line a removal of pyramid
//!   cards alone (a pair of them, or a King) that follows a draw or a
//!   recycle can change places with it, and the line still wins with the
//!   same removals. Doing so until none is left, every run of draws in the
//!   line ends (the goal is reached by a removal) in the removal of the
//!   waste top, with an exposed pyramid card of the complementary rank or
//!   alone as a King. So the search draws, and recycles, straight on to
//!   the first position whose waste top can leave so (`Search::jump`);
//!   the positions in between are not visited, and if the stock goes round
//!   twice without one there is none. At a position it drew to it tries no
//!   pair of two pyramid cards: the position it drew from had the same
//!   cards, tried every such pair (a King in the pyramid would have gone
//!   there, alone), and the position each led to reaches, by the same
//!   draws, the one that pair would lead to here.
//!   Why this never loses a win, with the table of positions seen: when a
//!   search ends without a win, suppose some position it visited could
//!   still be won, and take one whose fewest removals to a win, then fewest
//!   draws before the first of them, are the least. A winning line from it
//!   with those counts, its pyramid-only removals moved before the draws
//!   as above, starts with a move the search tried there (a removal, or
//!   the draws to the next waste top that can leave, at or before the
//!   line's next removal; where a lone King or a forced pair is the only
//!   move tried, some such line starts with it, see those), or, at a position drawn to, with a removal of
//!   pyramid cards alone, which the position drawn from tried, leading to
//!   one with fewer removals to a win. Either way a visited position has
//!   smaller counts (every position the search tries is visited, or is
//!   one that loses), which cannot be: so none could be won.
//!   A position drawn to is not checked for a loss (the partners, live
//!   some time, the order of leaving, unlimited passes must still win):
//!   the position its draws started from has the same cards and passed
//!   those checks, and leaving a check out only prunes less. (The
//!   drawn-to position's own checks would differ only by what its pointer
//!   buries; over King Tut's deals 1..=10000 they cost more than the
//!   positions they saved.)
//! - **Entered positions cover those they draw to** (the same games). A
//!   position the search enters other than by drawing (by a removal, or at
//!   the start) tries its moves and then the draws to the next waste top
//!   that can leave, and from there on round the stock: so every pointer
//!   its draws reach is searched with the same cards. Those are the
//!   pointers after it with the same place in a turn (as many cards in
//!   play drawn, modulo the cards a turn) up to the end of the stock, and
//!   every pointer the draws from a pass's start reach (a multiple of the
//!   cards a turn drawn, or every card). So a position entered later with
//!   the same cards (the representative's, see "Cards told apart by
//!   rank") at one of those
//!   pointers is not searched again (`Search::enter`): it is won
//!   only if the first is, with no more removals. In the argument above,
//!   a move to it leads to one with fewer removals to a win, the first,
//!   which was visited (or settled as lost, and so is this one).
//!   A position entered with cards that an earlier entered position had,
//!   one that passed the checks for a loss (the partners, live some time,
//!   the order of leaving, unlimited passes must still win), is not
//!   checked again: only its pointer differs, which changes what the
//!   checks count live, and leaving a check out only prunes less. Over
//!   King Tut's longest searches such checks pruned few positions for
//!   their cost (3752: 864,604 positions without them, 861,876 with; a
//!   tenth of the time less).
//! - **Stock cards that never leave** (the same games). With one waste
//!   whose top alone is live, a stock card pairs only with a pyramid card,
//!   so one of a rank whose complementary rank has left the pyramid (not a
//!   King) never leaves, and never will: the pyramid only loses cards. Its
//!   rank changes nothing in any line, so such cards are told apart by
//!   place only: the representative (see "Cards told apart by rank")
//!   stands for each of them with the first stock card not yet used of a
//!   rank that never leaves either (beside the same pyramid), so its cards
//!   and the pyramid tell which stand for them.
//! - **Sets of cards in order** (the same games, when the goal is the
//!   pyramid and there are no overlap pairs; `family/sweep.rs`). Every move
//!   but a draw or a recycle removes cards, so the sets of cards can be
//!   taken, fewest removed first, each once with every pointer it is
//!   entered at, the moves and checks those of the search over positions
//!   (and the argument above for them). That proves a loss for far less
//!   than the search over positions (one look-up per set of cards and move,
//!   not per position), but meets a win only once nearly every set with
//!   more cards is taken. So once the search over positions has counted
//!   `SWEEP_AFTER` positions, the search by sets runs beside it, a slice at
//!   a time; whichever decides first ends both (a win the search by sets
//!   meets has its line found back through the sets it met). With a
//!   budget, counts and relaxed search of its own, it leaves the search
//!   over positions to go as it would have without it, and to decide every
//!   deal it would.
//! - **Forced pairs.** A card the goal needs removed whose only partner
//!   left is available now leaves with it in any winning line, and is
//!   removed with it at once, the only move tried: moving that removal
//!   earlier keeps every other move of the line legal. It only exposes
//!   pyramid cards sooner (a card exposed, or with one exposed card on it,
//!   stays so until it leaves), uncovers a reserve pile's next card
//!   sooner, and with one card a turn and one waste takes a card off the
//!   waste or the draw slot, which leaves every other card where it was.
//!   With three cards a turn or three wastes, taking a waste card sooner
//!   would change how later passes fall, so there only two pyramid cards
//!   are forced.
//! - **Unlimited passes must still win.** With pairs making 13, the tuned
//!   search's memoised unlimited-pass search ([`super::Relaxed`]) asks
//!   whether the pyramid could be cleared if every stock card were live at
//!   any time. Every line of play of every game here is a line there
//!   (turning three cards or onto three wastes, or lying in a reserve
//!   pile, only keeps cards from being live), so a set of cards it cannot
//!   win is lost.

use rustc_hash::{FxHashMap, FxHashSet};

use crate::deal::PYRAMID_CARDS;
use crate::position::{below, highest, Board, Home, Move, Position, ALL_PYRAMID};
use crate::rules::{Layout, Pairing, RESERVE_PILES};
use crate::rules::{StockMode, WinCondition};

use super::{verdict, Limits, Relaxed, Solution, Tables};

mod cheops;
mod stack;
mod sweep;

/// The sets of cards the stamped games' table of losses has room for from
/// the start: grown from empty, its rehashing took Cheops's median from
/// 0.088 to 0.091 ms (`solver-bench --deals 10000 --rules cheops`, run
/// alternately; 2,048 did no better).
const LOST_CAPACITY: usize = 512;

pub(super) fn solve(board: &Board, pos: &Position, limits: Limits) -> Solution {
    let tables = (board.rules().pairing == Pairing::Thirteen).then(|| Tables::new(board));
    with_search(board, pos, limits, tables.as_ref(), |search| {
        let won = if search.stamped {
            search.restarting(pos)
        } else if search.three_wastes {
            search.two_orders(pos)
        } else if search.unlimited_turned && search.quick_moves && !search.goal_all {
            search.by_sets(pos)
        } else {
            search.dfs(*pos)
        };
        Solution {
            outcome: verdict(won, search.aborted),
            line: if won {
                std::mem::take(&mut search.line)
            } else {
                Vec::new()
            },
            nodes: search.nodes
                + search.stack_states
                + search.sweep_steps
                + search.sweep_relaxed
                + search.relaxed.as_ref().map_or(0, |r| r.nodes),
        }
    })
}

/// Calls `then` with the search of `pos` on `board` (`tables`: the tuned
/// search's, for pairs of 13).
fn with_search<R>(
    board: &Board,
    pos: &Position,
    limits: Limits,
    tables: Option<&Tables>,
    then: impl FnOnce(&mut Search) -> R,
) -> R {
    let rules = board.rules();
    let goal_all = match rules.win {
        WinCondition::Pyramid => false,
        WinCondition::AllCards => true,
        WinCondition::Scored => pos.pyramid == 0,
    };
    let relaxed = tables.map(|t| Relaxed::new(t, limits.max_nodes));
    let ranks = rank_cards(board);
    let masks = partner_masks(board);
    let unders = under(board);
    let stamped =
        rules.turn == 1 && rules.wastes == 1 && rules.has_stock() && rules.passes.is_some();
    let mut search = Search {
        board,
        relaxed,
        seen: FxHashSet::default(),
        lost: if stamped {
            FxHashMap::with_capacity_and_hasher(LOST_CAPACITY, Default::default())
        } else {
            FxHashMap::default()
        },
        lost_start: FxHashMap::default(),
        nodes: 0,
        stack_states: 0,
        max_nodes: limits.max_nodes,
        limit: limits.max_nodes,
        restarts: 0,
        rng: 0x9e37_79b9_7f4a_7c15,
        aborted: false,
        line: Vec::new(),
        goal_all,
        unlimited: rules.passes.is_none(),
        last_pass: rules.passes.map_or(u16::MAX, u16::from),
        stamped,
        stock: rules.has_stock(),
        three_wastes: rules.wastes > 1,
        draw_card: rules.stock_mode == StockMode::DrawCard,
        stock_forced: rules.layout == Layout::Reserve || (rules.turn == 1 && rules.wastes == 1),
        turned: (rules.turn > 1
            && rules.wastes == 1
            && rules.has_stock()
            && rules.stock_mode == StockMode::Waste
            && rules.pairing == Pairing::Thirteen)
            .then_some(u32::from(rules.turn)),
        partner_masks: masks,
        by_rank: rules.layout == Layout::Stock && rules.wastes == 1,
        stock_rank: std::array::from_fn(|i| board.stock_card(i as u32).rank()),
        same_rank: same_rank(board),
        rank_cards: ranks,
        under: unders,
        draw_early: false,
        walk: Walk::default(),
        entered: CardSets::default(),
        pyramid_ids: FxHashMap::default(),
        last_pyramid: (u32::MAX, 0),
        last_counts: std::cell::Cell::new((u32::MAX, [0; 15])),
        sweeping: false,
        sweep: None,
        root: *pos,
        sweep_steps: 0,
        sweep_relaxed: 0,
        sweep_leaving: (0, 0),
        next_slice: SWEEP_AFTER,
        sweep_decided: None,
        pyramid_of_id: Vec::new(),
        dead_of_id: Vec::new(),
        without_of_id: Vec::new(),
        unlimited_turned: rules.passes.is_none()
            && (2..=3).contains(&rules.turn)
            && rules.wastes == 1
            && rules.has_stock()
            && rules.stock_mode == StockMode::Waste
            && rules.pairing == Pairing::Thirteen,
        cheops: cheops::Cheops::new(board, &masks, &unders, &ranks),
        leaving_asked: 0,
        leaving_lost: 0,
        quick_moves: false,
        alone: (0..52)
            .filter(|&i| board.goes_alone(board.deal().cards()[i]))
            .fold(0, |m, i| m | 1 << i),
        pyramid_rank: std::array::from_fn(|k| board.pyramid_card(k as u32).rank()),
        stock_of_rank: std::array::from_fn(|r| (ranks[r] >> PYRAMID_CARDS) as u32),
        rep_cache: Vec::new(),
        rank_tables: None,
        leaves: (u32::MAX, 0),
    };
    search.quick_moves = search.turned.is_some() && !rules.overlap && rules.layout == Layout::Stock;
    if search.unlimited_turned {
        // Room for the walks of most lines at once: no growing in small
        // searches.
        search.walk.moves.reserve(256);
        search.walk.stops.reserve(64);
    }
    then(&mut search)
}

/// The entries of `Search::rep_cache` (powers of two): before
/// `CACHE_AFTER` positions, from then on, and after `BIG_CACHE_AFTER`
/// positions (where each larger one pays for its allocation).
const SMALL_REP_CACHE: usize = 1 << 6;
const REP_CACHE: usize = 1 << 12;
const BIG_REP_CACHE: usize = 1 << 16;
const BIG_CACHE_AFTER: u64 = 20_000;

/// The positions a search visits before it caches `by_rank`'s answers in
/// `REP_CACHE` entries (`SMALL_REP_CACHE` until then) and builds
/// `RankTables` (small searches do without them).
const CACHE_AFTER: u64 = 500;

/// Three wastes: the positions of the first search, in the usual order,
/// before the second (see `Search::two_orders`).
const FIRST_ORDER_NODES: u64 = 10_000;

/// Stamped games: the positions of the shortest run between restarts.
/// Cheops (the only stamped game here) wins sooner with short runs: over
/// its deals 1..=2000 (a budget of 2 million positions, three seeds of the
/// shuffle), 100 takes the median to 476-499 positions, where 150 gave 535,
/// 200 gave 496-552 and 300 gave 655.
///
/// The first run's order (`Search::expand`): of each kind of removal, the
/// pairs of the position's matching first, then those whose cards keep the
/// fewest partners, the draw before the pairs of two pyramid cards outside
/// the matching. Against the most partners first and the draw last, over
/// deals 1..=10000 under three seeds of the shuffle, the median comes to
/// 187-200 positions against 250-251 (0.084-0.091 ms against 0.100-0.103
/// ms), every verdict the same; the rest of what was tried is in
/// docs/solver.md ("The first run's order"). A first run of 150, 200 or 300
/// positions took the median to 218, 258 and 353.
const RESTART_UNIT: u64 = 100;

/// Cheops: the positions a search counts before it checks the waste's
/// order (`Search::waste_order_stuck`). Small searches, nearly all wins,
/// rarely meet a position it loses: over deals 1..=2000 waiting 500
/// positions changes the median from 473 positions to 472 and the 90th
/// percentile from 2,514 to 2,500, and takes the median time from 366 to
/// 300 µs (`solver-bench --results`); under callgrind, 150 deals of
/// fewer than 3,000 positions among 1..=400 take a median of 2.19 M
/// instructions against 3.06 M, and 837 M in all against 863 M.
const WASTE_ORDER_AFTER: u64 = 500;

/// The check of the cards that can leave at all
/// (`Search::pyramid_never_clears`): made once a search has counted
/// `LEAVING_AFTER` positions, and until fewer than one check in
/// `LEAVING_RATE` finds the position lost after the first `LEAVING_FIRST`.
/// Where it finds losses high in the search it cuts most of it (King Tut
/// 9479: 651,148 positions to 163,870, 106 to 38 ms), but where the losses
/// it finds are near the leaves it costs more than it saves: on 3752
/// (864,604 positions), made throughout, 14 % of the checks find a loss,
/// which takes 21,000 positions off for 40 % more time, and on 1310 the
/// rate stays above one in five while 509,489 positions become 434,158
/// for 70 to 85 ms. Small searches, mostly wins, do without it: over King
/// Tut's deals 1..=10000, made from the first position (and on past the
/// first 1,000 checks only at the same rate) it took the median from 0.026
/// to 0.031 ms; from 2,000 positions on, the median stays and the total
/// time goes from 5.45 to 5.51 s (`solver-bench --results`, one run each).
/// With one check in four, 9479 stops making it too early.
const LEAVING_AFTER: u64 = 2_000;
const LEAVING_FIRST: u64 = 1_000;
const LEAVING_RATE: u64 = 5;

/// Cheops: the positions the runs spend before the search by the waste's
/// stack is asked (between two runs; see `Search::by_stack`). Over Cheops
/// deals 1..=10000 and 10001..=20000 (`solver-bench --results`, one to
/// three runs of each, alternately), asked after 1,000, 1,500, 2,000,
/// 3,500, 5,000, 10,000 and 20,000 positions, the 99th percentile comes to
/// 7.9 and 9.0 ms, 7.5 and 8.0, 7.2–7.5 and 7.7–8.0, 7.9–8.1 and 8.1–8.5,
/// 9.0–9.2 and 9.2–9.7, 13.5 and 14.8–14.9, 14.0–15.0 and 18.4 ms; all
/// 10,000 deals take 5.9 and 6.4 s, 5.6 and 6.0, 5.3–5.5 and 5.8–6.0,
/// 5.7–5.8 and 6.1–6.3, 6.0–6.2 and 6.2–6.4, 6.9 and 7.3, 7.9–8.0 and 8.6
/// s; the worst deal stays at 66–91 ms up to 10,000 and is 107–124 ms at
/// 20,000, and the median at 0.081–0.088 ms throughout. Asked sooner, it
/// takes on wins the runs find within a few thousand positions, and a win
/// costs it much of what a loss does: asked after 2,000, about 600 deals of
/// each range go to it, and the slowest of those wins take 10–35 ms
/// where the runs took 1–5 (7292: 30.5 against 4.8 ms, 10134: 35.2 against
/// 3.0), which the page's hints, several times slower in the browser, would
/// feel. Asked later, the runs spend longer on the losses it proves.
/// Whenever it is asked it answers the same, from the same position, and
/// the runs go on as before if it runs out (it is asked at the latest
/// when their budget is spent), so no verdict under any budget depends on
/// this.
const STACK_AFTER: u64 = 5_000;

/// Unlimited passes, several cards a turn onto one waste: the positions
/// the search over positions counts before the search by sets of cards
/// (`family/sweep.rs`) starts beside it; from then on, every `SWEEP_SLICE`
/// positions, the search by sets makes one step for every `SWEEP_EVERY`
/// positions counted so far for each of them (5 a position at 20,000, 20
/// at 80,000). The longer the search over positions goes, the likelier
/// the deal is lost, and the search by sets proves a loss in about half
/// the time: King Tut 3752 (lost; 864,577 positions alone) takes about 90
/// ms so, against 180 ms alone. Wins the search over positions finds
/// between 20,000 and 100,000 positions pay for the steps made beside it:
/// 9859 (76,699 positions, 13 ms alone) takes about 75 ms. A fixed 16
/// steps a position took 3752 to about 92 ms but 9859 to 99 ms and 11939
/// (80,456 positions, 17 ms alone) to 140 ms; 6 a position, 3752 to 117
/// ms (`pyramid-solver --deal N --rules kingtut`).
const SWEEP_AFTER: u64 = 20_000;
const SWEEP_SLICE: u64 = 1_000;
const SWEEP_EVERY: u64 = 4_000;

/// Sorts `moves` stably by `key`, each move's key computed once (the
/// lists are short: an insertion sort).
fn sort_by_key_once(moves: &mut [Move], key: impl Fn(&Move) -> u32) {
    let mut keys = [0u32; MAX_MOVES];
    if moves.len() > MAX_MOVES {
        moves.sort_by_key(key);
        return;
    }
    for (k, m) in keys.iter_mut().zip(moves.iter()) {
        *k = key(m);
    }
    for i in 1..moves.len() {
        let (m, k) = (moves[i], keys[i]);
        let mut j = i;
        while j > 0 && keys[j - 1] > k {
            moves[j] = moves[j - 1];
            keys[j] = keys[j - 1];
            j -= 1;
        }
        moves[j] = m;
        keys[j] = k;
    }
}

/// The Luby sequence 1, 1, 2, 1, 1, 2, 4, ... (from i = 1).
fn luby(mut i: u64) -> u64 {
    loop {
        let mut k = 1;
        while (1u64 << k) - 1 < i {
            k += 1;
        }
        if (1u64 << k) - 1 == i {
            return 1 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}

/// For each stock index, the stock indices of the cards of its rank.
fn same_rank(board: &Board) -> [u32; 24] {
    std::array::from_fn(|i| {
        let rank = board.stock_card(i as u32).rank();
        (0..24u32)
            .filter(|&j| board.stock_card(j).rank() == rank)
            .fold(0, |m, j| m | 1 << j)
    })
}

/// For each rank 0..15, the deck indices of the cards of that rank.
fn rank_cards(board: &Board) -> [u64; 15] {
    let mut masks = [0u64; 15];
    for (i, c) in board.deal().cards().iter().enumerate() {
        masks[usize::from(c.rank())] |= 1 << i;
    }
    masks
}

/// For each pyramid card, the pyramid cards it lies on, near or far
/// (those whose cover cone holds it).
fn under(board: &Board) -> [u32; PYRAMID_CARDS] {
    let mut under = [0u32; PYRAMID_CARDS];
    for q in 0..PYRAMID_CARDS as u32 {
        for k in crate::position::bits(board.cone(q)) {
            under[k as usize] |= 1 << q;
        }
    }
    under
}

/// For each card (by deck index 0..52): the deck indices of the cards it
/// may ever pair with, as a bit mask.
fn partner_masks(board: &Board) -> [u64; 52] {
    let rules = board.rules();
    let cards = board.deal().cards();
    // `never[i]`: the cards that are never available together with card i.
    let mut never = [0u64; 52];
    for k in 0..PYRAMID_CARDS {
        let mut cone = board.cone(k as u32);
        if rules.overlap {
            for on in board.lying_on(k as u8) {
                cone &= !(1 << on);
            }
        }
        never[k] |= u64::from(cone);
        for j in crate::position::bits(cone) {
            never[j as usize] |= 1 << k;
        }
    }
    if rules.layout == Layout::Reserve {
        let piles = usize::from(RESERVE_PILES);
        for (i, never_i) in never.iter_mut().enumerate().skip(PYRAMID_CARDS) {
            for j in PYRAMID_CARDS..52 {
                if i != j && (i - PYRAMID_CARDS) % piles == (j - PYRAMID_CARDS) % piles {
                    *never_i |= 1 << j;
                }
            }
        }
    }
    // The cards of each rank, then of the ranks each rank pairs with.
    let ranks: [u8; 52] = std::array::from_fn(|i| cards[i].rank());
    let mut of_rank = [0u64; 14];
    for (i, &r) in ranks.iter().enumerate() {
        of_rank[usize::from(r)] |= 1 << i;
    }
    let pairs_with: [u64; 14] = std::array::from_fn(|a| {
        (1..14u8)
            .filter(|&b| a > 0 && rules.ranks_pair(a as u8, b))
            .fold(0, |m, b| m | of_rank[usize::from(b)])
    });
    std::array::from_fn(|i| pairs_with[usize::from(ranks[i])] & !never[i] & !(1 << i))
}

struct Search<'a> {
    board: &'a Board,
    relaxed: Option<Relaxed<'a>>,
    /// Exact positions seen (every game but the stamped ones and those of
    /// `enter`).
    seen: FxHashSet<u128>,
    /// Stamped games: each set of cards (its representative's; see
    /// `by_rank`) with the earliest stamp at which it was lost.
    lost: FxHashMap<u64, (u16, u8)>,
    /// Limited passes: each set of cards with the earliest pass whose start
    /// is lost.
    lost_start: FxHashMap<u64, u16>,
    nodes: u64,
    /// Cheops: the states of the search by the waste's stack (see
    /// `by_stack`).
    stack_states: u64,
    max_nodes: u64,
    /// Where the current search stops: `max_nodes`, or with restarts the
    /// end of the current run.
    limit: u64,
    /// Stamped games: the runs searched so far.
    restarts: u32,
    /// The state of the xorshift generator that shuffles the moves of the
    /// runs after the first.
    rng: u64,
    aborted: bool,
    line: Vec<Move>,
    goal_all: bool,
    unlimited: bool,
    /// The last pass with limited passes (never reached with unlimited).
    last_pass: u16,
    /// One card a turn, one waste, a stock and limited passes: losses by
    /// stamp.
    stamped: bool,
    stock: bool,
    three_wastes: bool,
    draw_card: bool,
    /// Whether a pair with a stock-side card may be forced.
    stock_forced: bool,
    /// Several cards a turn onto one waste whose top alone is live: the
    /// cards a turn (see `liveable`).
    turned: Option<u32>,
    partner_masks: [u64; 52],
    /// Whether positions are told apart by the ranks of their stock side's
    /// cards (a stock and one waste; see the module docs).
    by_rank: bool,
    /// The rank of each stock card, by stock index.
    stock_rank: [u8; 24],
    /// For each stock index, the stock indices of the cards of its rank.
    same_rank: [u32; 24],
    /// For each rank 0..15, the cards of that rank by deck index (none for
    /// 0 and 14).
    rank_cards: [u64; 15],
    /// For each pyramid card, the pyramid cards it lies on, near or far
    /// (those whose cover cone holds it).
    under: [u32; PYRAMID_CARDS],
    /// Three wastes, the second search: the draw before pairs of pyramid
    /// cards (see `two_orders`).
    draw_early: bool,
    /// `jump`'s buffers, shared by the walks on the current line (each
    /// walk's after those of the walks it was found by).
    walk: Walk,
    /// Unlimited passes, several cards a turn: by set of cards, the
    /// pointers visited and whether the checks for a loss passed (see
    /// `enter`).
    entered: CardSets,
    /// The pyramids met by `pyramid_id`, each with a number of its own
    /// (at most 1,430: the pyramid's states), and the last one looked up.
    pyramid_ids: FxHashMap<u32, u32>,
    last_pyramid: (u32, u32),
    /// The last pyramid `pyramid_counts` counted, and its counts.
    last_counts: std::cell::Cell<(u32, [u8; 15])>,
    /// Unlimited passes, several cards a turn onto one waste: whether the
    /// search by sets of cards runs beside the search over positions (see
    /// `by_sets`), where it stands, the position it started from, the steps
    /// it has made, its own counts of the relaxed search's positions and of
    /// the checks of the cards that can leave at all (asked and lost), the
    /// position count at which it next runs, and what it decided: a win's
    /// line, or none for a loss.
    sweeping: bool,
    sweep: Option<Box<sweep::Sweep>>,
    root: Position,
    sweep_steps: u64,
    sweep_relaxed: u64,
    sweep_leaving: (u64, u64),
    next_slice: u64,
    sweep_decided: Option<Option<Vec<Move>>>,
    /// The pyramid of each number of `pyramid_ids`, its dead stock cards
    /// (see `dead_stock`), and the numbers of the pyramids without each of
    /// its cards, once asked (`u16::MAX` until then; see
    /// `without_card`).
    pyramid_of_id: Vec<u32>,
    dead_of_id: Vec<u32>,
    without_of_id: Vec<[u16; PYRAMID_CARDS]>,
    /// Unlimited passes, several cards a turn onto one waste whose top
    /// alone is live, pairs of 13: draws go on to a waste top that can
    /// leave (see `jump`), and stock cards that never leave are told apart
    /// by place only (see `dead_stock`).
    unlimited_turned: bool,
    /// Cheops's own prunes (`family/cheops.rs`), with Cheops's rules.
    cheops: Option<cheops::Cheops>,
    /// The checks of the cards that can leave at all made, and those that
    /// found the position lost (see `LEAVING_AFTER`).
    leaving_asked: u64,
    leaving_lost: u64,
    /// Several cards a turn onto one waste, no overlap pairs: the legal
    /// moves are listed from bit masks (`turned_moves`).
    quick_moves: bool,
    /// The cards that go alone, by deck index.
    alone: u64,
    /// The rank of each pyramid card, by place.
    pyramid_rank: [u8; PYRAMID_CARDS],
    /// For each rank 0..15, the stock cards of that rank by stock index
    /// (for 0: none; so a pyramid King, 13 - 13, adds none).
    stock_of_rank: [u32; 15],
    /// `top_leaving`'s last answer, with the pyramid it was for (`u32::MAX`
    /// before the first).
    leaves: (u32, u32),
    /// Look-up tables for `dead_stock` and `liveable`, built once the search
    /// has visited `CACHE_AFTER` positions (King Tut's kind of game only).
    rank_tables: Option<Box<RankTables>>,
    /// `by_rank`'s answers by stock and pyramid (see
    /// `by_rank_cached`), empty until first used.
    rep_cache: Vec<u64>,
}

/// Per-deal tables for `Search::dead_stock`: the ranks in the pyramid, seven
/// places at a time, and the stock cards whose complementary rank is not
/// there, four ranks at a time.
struct RankTables {
    /// For each seven places of the pyramid (0..7, 7..14, ...) and each
    /// set of cards there: their ranks, as bits.
    ranks: [[u16; 128]; 4],
    /// For each four ranks (0..4, 4..8, ...) and which of them are in the
    /// pyramid: the stock cards (not Kings) of the complementary ranks of
    /// those that are not.
    dead: [[u32; 16]; 4],
}

impl RankTables {
    fn new(board: &Board, stock_of_rank: &[u32; 15]) -> RankTables {
        let mut t = RankTables {
            ranks: [[0; 128]; 4],
            dead: [[0; 16]; 4],
        };
        for (chunk, ranks) in t.ranks.iter_mut().enumerate() {
            for set in 1..128usize {
                let i = set.trailing_zeros() as usize;
                let k = 7 * chunk + i;
                let bit = if k < PYRAMID_CARDS {
                    1 << board.pyramid_card(k as u32).rank()
                } else {
                    0
                };
                ranks[set] = ranks[set & (set - 1)] | bit;
            }
        }
        for (nibble, dead) in t.dead.iter_mut().enumerate() {
            for (present, d) in dead.iter_mut().enumerate() {
                for i in 0..4 {
                    let rank = 4 * nibble + i;
                    // Ranks 1..=12 pair with 13 - rank (Kings go alone).
                    if (1..13).contains(&rank) && present >> i & 1 == 0 {
                        *d |= stock_of_rank[13 - rank];
                    }
                }
            }
        }
        t
    }

    /// The stock cards (not Kings) whose complementary rank is not in
    /// `pyramid`.
    fn dead(&self, pyramid: u32) -> u32 {
        let p = pyramid as usize;
        // The ranks in the pyramid, seven cards a look-up.
        let present = self.ranks[0][p & 127]
            | self.ranks[1][p >> 7 & 127]
            | self.ranks[2][p >> 14 & 127]
            | self.ranks[3][p >> 21 & 127];
        let present = usize::from(present);
        self.dead[0][present & 15]
            | self.dead[1][present >> 4 & 15]
            | self.dead[2][present >> 8 & 15]
            | self.dead[3][present >> 12 & 15]
    }
}

/// Unlimited passes, several cards a turn: what the search knows of each
/// set of cards (see `enter`), one 64-bit word a set: its key (`cards_key`,
/// the low `CARDS_KEY_BITS` bits), the representative's pointers of the
/// positions visited with these cards (a bit each from `SEEN_SHIFT`), and
/// whether a position with them entered other than by draws passed the
/// checks for a loss (`CHECKED`). A table of 8-byte slots, half the size of
/// a map of key and value: King Tut's longest searches meet hundreds of
/// thousands of sets, and their time goes to the table's cache misses.
#[derive(Default)]
struct CardSets {
    table: hashbrown::HashTable<u64>,
}

/// `CardSets`'s key: the representative's stock (24 bits) and its
/// pyramid's number (11 bits: at most 1,430 states).
const CARDS_KEY_BITS: u32 = 35;
const CARDS_KEY: u64 = (1 << CARDS_KEY_BITS) - 1;
const SEEN_SHIFT: u32 = CARDS_KEY_BITS;
const CHECKED: u64 = 1 << 63;

impl CardSets {
    fn hash(key: u64) -> u64 {
        use std::hash::BuildHasher;
        rustc_hash::FxBuildHasher.hash_one(key)
    }

    /// The word of the set of cards `key`, a new one if none.
    fn word(&mut self, key: u64) -> &mut u64 {
        let hash = Self::hash(key);
        match self.table.entry(
            hash,
            |&w| w & CARDS_KEY == key,
            |&w| Self::hash(w & CARDS_KEY),
        ) {
            hashbrown::hash_table::Entry::Occupied(o) => o.into_mut(),
            hashbrown::hash_table::Entry::Vacant(v) => v.insert(key).into_mut(),
        }
    }

    /// The word of the set of cards `key`, if any, to change.
    fn get_mut(&mut self, key: u64) -> Option<&mut u64> {
        self.table
            .find_mut(Self::hash(key), |&w| w & CARDS_KEY == key)
    }
}

/// `Search::jump`'s buffers: the draws and recycles of the walks on the
/// current line, and the positions drawn to on the way that they search,
/// each with the end of the moves that lead to it.
#[derive(Default)]
struct Walk {
    moves: Vec<Move>,
    stops: Vec<(Position, usize)>,
}

/// Up to `MAX_MOVES` moves, kept on the stack.
struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

/// More than any position's legal moves in `turned_moves`'s games and
/// Cheops's (`cheops_moves`): at most 7 exposed pyramid cards and the waste
/// top are available there, so at most 16 pairs (or fewer with Kings, each
/// a move of its own), and a draw or a recycle; in Cheops the slot card
/// too, and pairs of equal or adjacent rank: at most 36 pairs among the
/// nine cards, and a draw.
const MAX_MOVES: usize = 40;

impl MoveList {
    fn new() -> MoveList {
        MoveList {
            moves: [Move::Draw; MAX_MOVES],
            len: 0,
        }
    }

    fn push(&mut self, m: Move) {
        self.moves[self.len] = m;
        self.len += 1;
    }
}

/// A position's legal moves: listed on the stack by `turned_moves`, or
/// `Board::legal_moves`'s.
enum Moves {
    Listed(MoveList),
    Legal(Vec<Move>),
}

impl std::ops::Deref for Moves {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        match self {
            Moves::Listed(list) => list,
            Moves::Legal(moves) => moves,
        }
    }
}

impl std::ops::DerefMut for Moves {
    fn deref_mut(&mut self) -> &mut [Move] {
        match self {
            Moves::Listed(list) => list,
            Moves::Legal(moves) => moves,
        }
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl std::ops::DerefMut for MoveList {
    fn deref_mut(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }
}

/// The pyramid cards that some card of `cards` lies on (each card lies on
/// the one or two cards of the row above it that it covers).
fn lain_on(cards: u32) -> u32 {
    let mut out = 0;
    for row in 1..7u32 {
        let first = row * (row + 1) / 2;
        let above = ((1u32 << row) - 1) << (first - row);
        let x = cards & ((1u32 << (row + 1)) - 1) << first;
        out |= (x >> row | x >> (row + 1)) & above;
    }
    out
}

/// The set bits of each byte.
const BYTE_ONES: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 1;
    while b < 256 {
        t[b] = t[b & (b - 1)] + 1;
        b += 1;
    }
    t
};

/// For each byte and n < 8, the place of its (n + 1)th set bit (8: none).
const BYTE_SELECT: [[u8; 8]; 256] = {
    let mut t = [[8u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let (mut i, mut n) = (0, 0);
        while i < 8 {
            if b >> i & 1 != 0 {
                t[b][n] = i as u8;
                n += 1;
            }
            i += 1;
        }
        b += 1;
    }
    t
};

/// The set bits of a stock set (24 bits), by byte (no popcount
/// instruction in the native build's baseline).
fn ones(set: u32) -> u32 {
    u32::from(BYTE_ONES[(set & 255) as usize])
        + u32::from(BYTE_ONES[(set >> 8 & 255) as usize])
        + u32::from(BYTE_ONES[(set >> 16 & 255) as usize])
}

/// The place just past the `n`th set bit of a stock set (24 bits), 0 for
/// n = 0; `set` has at least n.
fn after_nth(set: u32, n: u32) -> u8 {
    let mut n = n;
    if n == 0 {
        return 0;
    }
    let mut base = 0;
    loop {
        let byte = (set >> base & 255) as usize;
        let here = u32::from(BYTE_ONES[byte]);
        if n <= here {
            return base as u8 + BYTE_SELECT[byte][n as usize - 1] + 1;
        }
        n -= here;
        base += 8;
        debug_assert!(base < 24);
    }
}

/// The cards in play as deck-index bits.
fn in_play(pos: &Position) -> u64 {
    u64::from(pos.pyramid) | u64::from(pos.stock) << PYRAMID_CARDS
}

impl Search<'_> {
    /// Stamped games: searches in runs of growing length (the Luby
    /// sequence times `RESTART_UNIT` positions), the first in the usual
    /// order and each one after it with its moves shuffled, until one wins,
    /// one ends without running out, or the budget is spent (see the
    /// module docs).
    fn restarting(&mut self, pos: &Position) -> bool {
        // Cheops: the search by the waste's stack has one turn, once the
        // runs have `STACK_AFTER` positions or their budget is spent.
        let mut stack_tried = self.cheops.is_none();
        loop {
            if !stack_tried && self.nodes >= STACK_AFTER {
                stack_tried = true;
                if let Some(won) = self.by_stack(pos) {
                    return won;
                }
            }
            let run = RESTART_UNIT * luby(u64::from(self.restarts) + 1);
            self.limit = (self.nodes + run).min(self.max_nodes);
            let won = self.dfs(*pos);
            let relaxed = self.relaxed.as_ref();
            if won || !self.aborted || relaxed.is_some_and(|r| r.aborted) {
                return won;
            }
            if self.nodes + relaxed.map_or(0, |r| r.nodes) >= self.max_nodes {
                if !stack_tried {
                    if let Some(won) = self.by_stack(pos) {
                        self.aborted = false;
                        return won;
                    }
                }
                return false;
            }
            self.aborted = false;
            self.line.clear();
            self.restarts += 1;
        }
    }

    /// Unlimited passes, several cards a turn onto one waste, the pyramid to
    /// clear and no overlap pairs: the search over positions, and beside
    /// it, once that has `SWEEP_AFTER` positions, the search by sets of
    /// cards (`family/sweep.rs`); whichever decides first ends both.
    fn by_sets(&mut self, pos: &Position) -> bool {
        self.sweeping = self.max_nodes > SWEEP_AFTER;
        self.root = *pos;
        let won = self.dfs(*pos);
        match self.sweep_decided.take() {
            Some(line) => {
                self.aborted = false;
                self.line = line.unwrap_or_default();
                !self.line.is_empty()
            }
            None => won,
        }
    }

    /// `by_sets`: the search by sets of cards's next steps, one for every
    /// `SWEEP_EVERY` positions counted so far for each of the last
    /// `SWEEP_SLICE` (made from `count_node`): whether it decided
    /// (`sweep_decided`: a win's line, or none for a loss). It has a
    /// budget of its own of `max_nodes` steps, and keeps its own counts of
    /// the relaxed search's positions and of the checks of the cards that
    /// can leave at all, so that the search over positions goes as it
    /// would without it (and decides every deal it would); if it runs out,
    /// or the relaxed search does, it is dropped and that search goes on
    /// alone.
    #[cold]
    #[inline(never)]
    fn sweep_slice(&mut self) -> bool {
        self.next_slice = self.nodes + SWEEP_SLICE;
        // Made at its first turn (once dropped, it has no more).
        let mut sweep = match self.sweep.take() {
            Some(sweep) => sweep,
            None => {
                let root = self.root;
                Box::new(sweep::Sweep::new(self, &root))
            }
        };
        let steps = (SWEEP_SLICE * (self.nodes / SWEEP_EVERY))
            .min(self.max_nodes.saturating_sub(self.sweep_steps));
        if steps == 0 {
            // Its budget spent.
            self.sweeping = false;
            return false;
        }
        let theirs = (self.leaving_asked, self.leaving_lost, self.aborted);
        (self.leaving_asked, self.leaving_lost) = self.sweep_leaving;
        if let Some(relaxed) = self.relaxed.as_mut() {
            std::mem::swap(&mut relaxed.nodes, &mut self.sweep_relaxed);
        }
        let found = self.sweep(&mut sweep, steps);
        let mut cut = false;
        if let Some(relaxed) = self.relaxed.as_mut() {
            std::mem::swap(&mut relaxed.nodes, &mut self.sweep_relaxed);
            // Cut off, the relaxed search may have called a set lost that is
            // not: the search by sets goes, and the relaxed search goes on.
            cut = relaxed.aborted;
            relaxed.aborted = false;
        }
        self.sweep_leaving = (self.leaving_asked, self.leaving_lost);
        (self.leaving_asked, self.leaving_lost, self.aborted) = theirs;
        if found != sweep::Found::Later || cut {
            // Done, or cut off (only the search over positions goes on).
            self.sweeping = false;
            if cut {
                return false;
            }
            let root = self.root;
            self.sweep_decided = match found {
                sweep::Found::Won => match self.sweep_line(&sweep, &root) {
                    Some(line) => Some(Some(line)),
                    // Not to be (see `sweep_line`): the search over
                    // positions finds the line.
                    None => return false,
                },
                _ => Some(None),
            };
            return true;
        }
        self.sweep = Some(sweep);
        false
    }

    /// Cheops: the search by the waste's stack (`family/stack.rs`), with a
    /// budget of its own of `max_nodes` states, counted in the solution's
    /// positions: the verdict, or `None` if the budget runs out. It is
    /// asked between two runs, so that the runs, if it is cut off, go on
    /// as they would have without it, within their whole budget: no deal
    /// they decide is left undecided (a daily or winnable deal could only
    /// change where one they left undecided comes first; docs/solver.md).
    fn by_stack(&mut self, pos: &Position) -> Option<bool> {
        let mut search = stack::StackSearch::new(self.board, &self.partner_masks);
        search.allow(self.max_nodes);
        let found = search.solve(pos);
        self.stack_states += search.visits;
        let line = found?;
        self.line.clear();
        let won = line.is_some();
        self.line = line.unwrap_or_default();
        Some(won)
    }

    /// Three wastes: a search in the usual order for up to
    /// `FIRST_ORDER_NODES` positions, then, if it was cut off, one with the
    /// draw before pairs of pyramid cards for the rest of the budget, the
    /// table of positions seen emptied and the lost pass starts kept (see
    /// the module docs).
    fn two_orders(&mut self, pos: &Position) -> bool {
        self.limit = FIRST_ORDER_NODES.min(self.max_nodes);
        let won = self.dfs(*pos);
        let relaxed = self.relaxed.as_ref();
        if won
            || !self.aborted
            || self.limit >= self.max_nodes
            || relaxed.is_some_and(|r| r.aborted)
        {
            return won;
        }
        self.aborted = false;
        self.line.clear();
        self.seen.clear();
        self.draw_early = true;
        self.limit = self.max_nodes;
        self.dfs(*pos)
    }

    /// Shuffles the removals with a stock-side card among themselves and
    /// the other removals among themselves, and puts a draw either right
    /// after the removals with a stock-side card or last, with even
    /// chances.
    ///
    /// A draw anywhere among the removals, as before, was right after
    /// those with a stock-side card no more often than at any other place,
    /// and went before some of them. Either right after them or last took
    /// Cheops's median from 0.126 to 0.1015 ms over deals 1..=10000 (two
    /// rounds run alternately) and from 0.122 to 0.100 ms over deals
    /// 10001..=20000, every verdict the same, with the same gain under two
    /// other seeds; the other placements tried are in docs/solver.md
    /// ("Where a later run puts the draw").
    fn shuffle(&mut self, moves: &mut [Move]) {
        let board = self.board;
        let stock_side = |m: &Move| match m {
            Move::Pair(a, b) => {
                matches!(board.home(*a), Home::Stock(_)) || matches!(board.home(*b), Home::Stock(_))
            }
            _ => false,
        };
        // The first run's order may have put the draw among the pairs of
        // two pyramid cards: it goes last before the shuffle.
        if let Some(draw) = moves.iter().position(|m| *m == Move::Draw) {
            moves[draw..].rotate_left(1);
        }
        let end = moves.len() - usize::from(moves.last() == Some(&Move::Draw));
        let split = moves[..end]
            .iter()
            .position(|m| !stock_side(m))
            .unwrap_or(end);
        for (lo, hi) in [(0, split), (split, end)] {
            for i in (lo + 1..hi).rev() {
                let j = lo + (self.random() % (i - lo + 1) as u64) as usize;
                moves.swap(i, j);
            }
        }
        // The draw (last in `moves`) goes right after the removals with a
        // stock-side card, or stays last.
        if end < moves.len() && end > 0 && self.random() & 1 == 0 {
            moves[split..].rotate_right(1);
        }
    }

    /// The next number of the xorshift generator.
    fn random(&mut self) -> u64 {
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        self.rng
    }

    fn is_goal(&self, pos: &Position) -> bool {
        pos.pyramid == 0 && (!self.goal_all || pos.stock == 0)
    }

    /// The table of positions seen's key: the position's fields.
    fn key(&self, pos: &Position) -> u128 {
        let pass = if self.unlimited { 0 } else { pos.pass.min(255) };
        let dealt = if self.three_wastes { pos.dealt } else { 0 };
        u128::from(pos.pyramid)
            | u128::from(pos.stock) << 28
            | u128::from(pos.next) << 52
            | u128::from(pos.slot) << 57
            | u128::from(pass) << 59
            | u128::from(dealt) << 67
    }

    /// [`super::Search`]'s stamp: (pass, 2 × pointer + whether the slot
    /// was emptied by a removal).
    fn stamp(&self, pos: &Position) -> (u16, u8) {
        let drawn_to_slot = self.draw_card && pos.next > 0;
        (pos.pass, 2 * pos.next + u8::from(pos.slot != drawn_to_slot))
    }

    /// The representative of a (canonical) position's class of positions
    /// told apart by rank (see the module docs): its stock side's cards in
    /// play replaced by the earliest cards of the stock with the same ranks
    /// in the same order, the pointer just past the one standing for the
    /// last drawn card; those of `dead` (the stock cards, in play or not,
    /// that never leave: see `dead_stock`) by the earliest cards of `dead`.
    /// Without `by_rank`, the position itself.
    fn by_rank(&self, pos: &Position, dead: u32) -> Position {
        if !self.by_rank {
            return *pos;
        }
        let mut p = *pos;
        let (mut stock, mut from) = (0u32, 0u32);
        let mut next = 0u8;
        // The drawn cards, then the rest: the pointer goes just past the
        // card standing for the last drawn one.
        let parts = [pos.stock & below(pos.next), pos.stock & !below(pos.next)];
        for (n, part) in parts.into_iter().enumerate() {
            for i in crate::position::bits(part) {
                // Never past i itself: the cards chosen so far stand for
                // cards before i, so i is a candidate.
                let like = if dead >> i & 1 != 0 {
                    dead
                } else {
                    self.same_rank[i as usize]
                };
                let j = (like & u32::MAX << from).trailing_zeros();
                stock |= 1 << j;
                from = j + 1;
            }
            if n == 0 {
                next = from as u8;
            }
        }
        p.stock = stock;
        p.next = next;
        p
    }

    /// `by_rank`, through a direct-mapped cache of its answers (small in
    /// small searches, larger as a search grows). The representative's
    /// stock is a function of the stock and `dead` alone (the drawn cards
    /// come first in the stock's order anyway), so of the stock and the
    /// pyramid (`dead` is the pyramid's), and its pointer is just past the
    /// card standing for the last drawn one, the as-many-th of its stock
    /// (each card stands for one, in the same order): so positions drawn to
    /// from one another share an entry. An entry is one word: the stock
    /// (24 bits), in King Tut's kind of game the pyramid's number (11; see
    /// `pyramid_id`), and the representative's stock above them.
    fn by_rank_cached(&mut self, pos: &Position, dead: u32) -> Position {
        if !self.by_rank {
            return self.by_rank(pos, dead);
        }
        // `dead` is none outside King Tut's kind of game: no pyramid
        // number needed.
        let pyramid = if self.unlimited_turned {
            self.pyramid_id(pos.pyramid)
        } else {
            0
        };
        self.by_rank_numbered(pos, dead, pyramid)
    }

    /// `by_rank_cached` (its cache on), `id` the number of `pos`'s pyramid
    /// in King Tut's kind of game (see `pyramid_id`), else 0.
    fn by_rank_numbered(&mut self, pos: &Position, dead: u32, pyramid: u32) -> Position {
        debug_assert!(self.by_rank);
        let size = if self.nodes >= BIG_CACHE_AFTER {
            BIG_REP_CACHE
        } else if self.nodes >= CACHE_AFTER {
            REP_CACHE
        } else {
            SMALL_REP_CACHE
        };
        if self.rep_cache.len() < size {
            self.rep_cache = vec![u64::MAX; size];
        }
        let key = u64::from(pos.stock) | u64::from(pyramid) << 24;
        let slot = (key.wrapping_mul(0x9e37_79b9_7f4a_7c15)
            >> (64 - self.rep_cache.len().trailing_zeros())) as usize;
        let entry = self.rep_cache[slot];
        let stock = if entry & CARDS_KEY == key {
            (entry >> CARDS_KEY_BITS) as u32
        } else {
            let p = self.by_rank(pos, dead);
            self.rep_cache[slot] = key | u64::from(p.stock) << CARDS_KEY_BITS;
            p.stock
        };
        let mut p = *pos;
        p.stock = stock;
        p.next = after_nth(stock, ones(pos.stock & below(pos.next)));
        debug_assert_eq!(p, self.by_rank(pos, dead));
        p
    }

    /// Unlimited passes, several cards a turn: the stock cards, in play or
    /// not, of the ranks that never leave beside `pos`'s pyramid (see the
    /// module docs), whose ranks do not matter.
    fn dead_stock(&self, pos: &Position) -> u32 {
        if !self.unlimited_turned {
            return 0;
        }
        let by_rank = || {
            let mut dead = 0u64;
            for r in 1..13 {
                if u64::from(pos.pyramid) & self.rank_cards[13 - r] == 0 {
                    dead |= self.rank_cards[r];
                }
            }
            (dead >> PYRAMID_CARDS) as u32
        };
        let Some(t) = self.rank_tables.as_ref() else {
            return by_rank();
        };
        let dead = t.dead(pos.pyramid);
        debug_assert_eq!(dead, by_rank());
        dead
    }

    /// Whether `pos` is the start of a pass (see the module docs).
    fn at_start(&self, pos: &Position) -> bool {
        pos.next == 0 && (!self.three_wastes || pos.dealt == pos.stock)
    }

    /// The position with its pointer just past the last drawn card still in
    /// play.
    fn canonical(&self, pos: &Position) -> Position {
        let mut p = *pos;
        if self.stock {
            p.next = highest(pos.stock & below(pos.next)).map_or(0, |i| i as u8 + 1);
        }
        p.removed_this_pass = false;
        p
    }

    /// Whether every card the goal needs removed still has a partner.
    fn partners_exist(&self, pos: &Position) -> bool {
        let in_play = in_play(pos);
        let needed = if self.goal_all {
            in_play
        } else {
            u64::from(pos.pyramid)
        };
        let mut rest = needed & !self.alone;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if self.partner_masks[i] & in_play == 0 {
                return false;
            }
        }
        true
    }

    /// The deck index of a card.
    fn deck_index(&self, card: crate::card::Card) -> usize {
        match self.board.home(card) {
            Home::Pyramid(k) => usize::from(k),
            Home::Stock(i) => PYRAMID_CARDS + usize::from(i),
        }
    }

    /// A forced pair among `moves` (see the module docs), if there is one.
    fn forced(&self, pos: &Position, moves: &[Move]) -> Option<Move> {
        let in_play = in_play(pos);
        moves.iter().copied().find(|&m| {
            let Move::Pair(a, b) = m else {
                return false;
            };
            let (i, j) = (self.deck_index(a), self.deck_index(b));
            if !self.stock_forced && (i >= PYRAMID_CARDS || j >= PYRAMID_CARDS) {
                return false;
            }
            self.forced_pair(i, j, in_play)
        })
    }

    /// Whether the pair of the cards of deck indices `i` and `j` is forced
    /// (see the module docs), `in_play` the cards in play: one of them is
    /// a card the goal needs removed whose only partner left is the other.
    fn forced_pair(&self, i: usize, j: usize, in_play: u64) -> bool {
        let only = |x: usize, y: usize| {
            (x < PYRAMID_CARDS || self.goal_all) && self.partner_masks[x] & in_play == 1 << y
        };
        only(i, j) || only(j, i)
    }

    /// Counts a position searched, or, with the budget spent, notes the
    /// search cut off and returns false.
    fn count_node(&mut self) -> bool {
        if self.nodes + self.relaxed.as_ref().map_or(0, |r| r.nodes) >= self.limit {
            self.aborted = true;
            return false;
        }
        self.nodes += 1;
        if self.sweeping && self.nodes >= self.next_slice && self.sweep_slice() {
            // The search by sets of cards decided (`sweep_decided`).
            self.aborted = true;
            return false;
        }
        if self.nodes == CACHE_AFTER && self.unlimited_turned {
            // Small searches do without the tables' building.
            self.rank_tables = Some(Box::new(RankTables::new(self.board, &self.stock_of_rank)));
        }
        true
    }

    fn dfs(&mut self, pos: Position) -> bool {
        if self.is_goal(&pos) {
            return true;
        }
        let pos = self.canonical(&pos);
        // The tables' keys are the representative's (see `by_rank`).
        let rep = self.by_rank_cached(&pos, self.dead_stock(&pos));
        let cards = in_play(&rep);
        // Whether a position with these cards passed the checks for a loss
        // (see `enter`).
        let mut checked = false;
        if self.stamped {
            if self
                .lost
                .get(&cards)
                .is_some_and(|&s| s <= self.stamp(&rep))
            {
                return false;
            }
        } else if self.unlimited_turned {
            match self.enter(&rep) {
                None => return false,
                Some(passed) => checked = passed,
            }
        } else if !self.seen.insert(self.key(&rep)) {
            return false;
        }
        if !self.unlimited
            && self.at_start(&pos)
            && self.lost_start.get(&cards).is_some_and(|&p| p <= pos.pass)
        {
            return false;
        }
        if !self.count_node() {
            return false;
        }
        let won = self.expand(&pos, &rep, checked);
        if !won && !self.aborted && !self.unlimited {
            if self.stamped {
                let stamp = self.stamp(&rep);
                let entry = self.lost.entry(cards).or_insert(stamp);
                *entry = (*entry).min(stamp);
            }
            let start = if self.at_start(&pos) {
                pos.pass
            } else {
                pos.pass + 1
            };
            // No pass after the last one has a start to look up.
            if start <= self.last_pass {
                let entry = self.lost_start.entry(cards).or_insert(start);
                *entry = (*entry).min(start);
            }
        }
        won
    }

    /// In the last pass with one waste and every card to remove: whether
    /// some waste card has no partner outside the waste (see the module
    /// docs).
    fn waste_stuck(&self, pos: &Position) -> bool {
        if !self.goal_all || self.three_wastes || !self.stock || pos.pass < self.last_pass {
            return false;
        }
        // Cheops's matching (`cheops_lost`, made first) implies the
        // partner checks below: only the waste's order is left to check,
        // and only in a search past `WASTE_ORDER_AFTER` positions.
        let cheops = self.cheops.is_some();
        if cheops && self.nodes < WASTE_ORDER_AFTER {
            return false;
        }
        let mut waste = pos.stock & below(pos.next);
        if pos.slot {
            if let Some(i) = highest(waste) {
                waste &= !(1 << i);
            }
        }
        let outside = in_play(pos) & !(u64::from(waste) << PYRAMID_CARDS);
        if !cheops
            && crate::position::bits(waste)
                .any(|i| self.partner_masks[PYRAMID_CARDS + i as usize] & outside == 0)
        {
            return true;
        }
        // Each waste card needs a partner of its own: Hall's condition by
        // rank, the waste's cards of some ranks against the cards outside
        // of the ranks they pair with.
        let cards = self.board.deal().cards();
        let (mut need, mut have) = ([0u8; 15], [0u8; 15]);
        for i in crate::position::bits(waste) {
            need[usize::from(cards[PYRAMID_CARDS + i as usize].rank())] += 1;
        }
        let mut rest = outside;
        while rest != 0 {
            have[usize::from(cards[rest.trailing_zeros() as usize].rank())] += 1;
            rest &= rest - 1;
        }
        match self.board.rules().pairing {
            // A rank's partners are one rank (Kings go alone).
            Pairing::Thirteen => (1..13).any(|r| need[r] > have[13 - r]),
            // A run of ranks a..=b pairs with the ranks a - 1..=b + 1.
            Pairing::Adjacent => {
                (!cheops
                    && ((1..14).any(|a| {
                        let (mut needed, mut supply) =
                            (0u32, u32::from(have[a - 1]) + u32::from(have[a]));
                        (a..14).any(|b| {
                            needed += u32::from(need[b]);
                            supply += u32::from(have[b + 1]);
                            needed > supply
                        })
                    }) || !adjacent_matching(&need, &have)))
                    || self.waste_order_stuck(waste, outside, &have)
            }
        }
    }

    /// Cheops, in the last pass with every card to remove: whether the
    /// waste's order leaves some of its cards without partners (see the
    /// module docs). `have` counts the cards outside the waste by rank.
    fn waste_order_stuck(&self, waste: u32, outside: u64, have: &[u8; 15]) -> bool {
        let mut below_need = [0u8; 15];
        let mut rest = waste;
        // Split the waste above each card but the top one: `rest` is the
        // cards above the split, `below_need` counts those below it.
        while rest.count_ones() > 1 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            below_need[usize::from(self.stock_rank[i])] += 1;
            // The cards outside taken by a run of the cards below whose
            // partners are exactly as many as they are.
            let mut taken = 0u64;
            // The cards below of each rank and up (`later[b]`): a run whose
            // partners outnumber its cards by more than the cards of the
            // ranks after it never comes back to equality.
            let mut later = [0u8; 15];
            for b in (1..14).rev() {
                later[b] = later[b + 1] + below_need[b];
            }
            for a in 1..14 {
                if below_need[a] == 0 {
                    continue;
                }
                let (mut needed, mut supply) = (0u8, have[a - 1] + have[a]);
                for b in a..14 {
                    needed += below_need[b];
                    supply += have[b + 1];
                    if below_need[b] != 0 && needed == supply {
                        for r in a - 1..=b + 1 {
                            taken |= self.rank_cards[r];
                        }
                    }
                    if supply > needed + later[b + 1] {
                        break;
                    }
                }
            }
            taken &= outside;
            if taken == 0 {
                continue;
            }
            // And every pyramid card one of them lies on.
            let mut blocked = taken;
            for k in crate::position::bits(taken as u32 & ALL_PYRAMID) {
                blocked |= u64::from(self.under[k as usize]);
            }
            let free = outside & !blocked;
            let mut free_have = [0u8; 15];
            for (r, h) in free_have.iter_mut().enumerate().take(14).skip(1) {
                *h = (free & self.rank_cards[r]).count_ones() as u8;
            }
            let mut above_need = [0u8; 15];
            for j in crate::position::bits(rest) {
                above_need[usize::from(self.stock_rank[j as usize])] += 1;
            }
            let short = (1..14).any(|a| {
                let (mut needed, mut supply) = (0u8, free_have[a - 1] + free_have[a]);
                (a..14).any(|b| {
                    needed += above_need[b];
                    supply += free_have[b + 1];
                    needed > supply
                })
            });
            if short {
                return true;
            }
        }
        false
    }

    /// One waste in waste mode, pairs of 13 and every card to remove: two
    /// stock cards are never live together, so each stock card needs a
    /// pyramid partner of its own. Whether some rank has more stock cards
    /// than the pyramid has cards of the complementary rank.
    fn stock_outnumbers(&self, pos: &Position) -> bool {
        let Some(relaxed) = self.relaxed.as_ref() else {
            return false;
        };
        if !self.goal_all || self.three_wastes || !self.stock || self.draw_card {
            return false;
        }
        let t = relaxed.tables;
        (1..13).any(|r| {
            (pos.stock & t.stock_of_rank[r]).count_ones()
                > (pos.pyramid & t.pyramid_of_rank[13 - r]).count_ones()
        })
    }

    /// Several cards a turn onto one waste, only its top live: the stock
    /// cards in play that may still be live some time from `pos` (see the
    /// module docs), as stock-index bits.
    fn liveable(&self, pos: &Position, turn: u32) -> u32 {
        let pyramid = self.pyramid_counts(pos.pyramid);
        let mut removable = match self.rank_tables.as_ref() {
            Some(t) => pos.stock & !t.dead(pos.pyramid),
            None => {
                let mut removable = (self.rank_cards[13] >> PYRAMID_CARDS) as u32;
                for (r, &n) in pyramid.iter().enumerate().take(13).skip(1) {
                    if n > 0 {
                        removable |= self.stock_of_rank[13 - r];
                    }
                }
                removable & pos.stock
            }
        };
        // A card never live never leaves either.
        loop {
            let live = self.live_given(pos, turn, removable, &pyramid);
            if removable & !live == 0 {
                return live;
            }
            removable &= live;
        }
    }

    /// How many of the stock cards `cards` can all leave, up to `enough`:
    /// Kings, and of each other rank no more than the pyramid cards
    /// (counted by rank in `pyramid`) they pair with.
    fn leaving(&self, cards: u32, pyramid: &[u8; 15], enough: u32) -> u32 {
        let mut used = [0u8; 15];
        let mut n = 0;
        for i in crate::position::bits(cards) {
            let r = usize::from(self.stock_rank[i as usize]);
            if r == 13 || used[r] < pyramid[13 - r] {
                used[r] += 1;
                n += 1;
                if n >= enough {
                    break;
                }
            }
        }
        n
    }

    /// The pyramid's cards in `pyramid` by rank, Kings not counted (for
    /// `live_given`: a stock card leaves with one of the complementary
    /// rank, or alone if a King). Counted card by card: no popcount
    /// instruction in the native build's baseline.
    fn pyramid_counts(&self, pyramid: u32) -> [u8; 15] {
        let (last, counts) = self.last_counts.get();
        if last == pyramid {
            return counts;
        }
        let mut counts = [0u8; 15];
        for k in crate::position::bits(pyramid) {
            counts[usize::from(self.pyramid_rank[k as usize])] += 1;
        }
        counts[13] = 0;
        self.last_counts.set((pyramid, counts));
        counts
    }

    /// `liveable` given a superset `removable` of the stock cards that may
    /// ever leave.
    fn live_given(&self, pos: &Position, turn: u32, removable: u32, pyramid: &[u8; 15]) -> u32 {
        let stock = pos.stock;
        let later_passes = self.unlimited || pos.pass < self.last_pass;
        let all_leave = |cards: u32| {
            cards & !removable == 0 && self.leaving(cards, pyramid, u32::MAX) == ones(cards)
        };
        let mut live = 0u32;
        let mut scan = stock;
        if later_passes {
            // Every card after the (turn - 1)th removable one is live in a
            // later pass (below): only the cards up to it are looked at.
            let mut r = removable & stock;
            for _ in 2..turn {
                r &= r.wrapping_sub(1);
            }
            if r != 0 {
                let cut = r.trailing_zeros() as u8 + 1;
                live = stock & !below(cut);
                scan &= below(cut);
            }
        }
        // In-play cards before q, and the removable ones among them.
        let (mut before, mut removable_before) = (0u32, 0u32);
        for q in crate::position::bits(scan) {
            let after = stock & !below(q as u8 + 1);
            // In a later pass, dealt at place (before - k) % turn, k of the
            // removable cards before it gone: the rest of its turn, m cards,
            // comes from the cards after it up to the first that never
            // leaves, or from all of them when every one may leave.
            let later = later_passes
                && (removable_before >= turn - 1 || {
                    let fixed_after = after & !removable;
                    fixed_after == 0 || {
                        let run = after & below(fixed_after.trailing_zeros() as u8);
                        let m = (0..=removable_before)
                            .map(|k| turn - 1 - (before - k) % turn)
                            .min()
                            .unwrap_or(turn - 1);
                        m == 0 || self.leaving(run, pyramid, m) >= m
                    }
                });
            let live_q = later
                || if q < u32::from(pos.next) {
                    // On the waste: live once the cards above it have left.
                    all_leave(after & below(pos.next))
                } else {
                    // Dealt later this pass at place p of its turn: live once
                    // the rest of its turn has left.
                    let p = ones(stock & below(q as u8) & !below(pos.next)) % turn;
                    let mut rest = 0u32;
                    let mut more = after;
                    for _ in 0..turn - 1 - p {
                        rest |= more & more.wrapping_neg();
                        more &= more.wrapping_sub(1);
                    }
                    all_leave(rest)
                };
            if live_q {
                live |= 1 << q;
            }
            before += 1;
            removable_before += removable >> q & 1;
        }
        live
    }

    /// Whether the check of the cards that can leave at all is made now
    /// (see `LEAVING_AFTER`).
    fn leaving_worth(&self) -> bool {
        self.nodes >= LEAVING_AFTER
            && (self.leaving_asked < LEAVING_FIRST
                || self.leaving_lost * LEAVING_RATE >= self.leaving_asked)
    }

    /// Several cards a turn onto one waste, no overlap pairs: whether some
    /// pyramid card can never leave, the cards that can leave at all
    /// grown from none (see the module docs).
    fn pyramid_never_clears(&self, pos: &Position, turn: u32) -> bool {
        let pyramid = self.pyramid_counts(pos.pyramid);
        // The cards found able to leave, pyramid and stock.
        let (mut left_pyramid, mut left_stock) = (0u32, 0u32);
        loop {
            let live = self.live_given(pos, turn, left_stock, &pyramid);
            let live_bits = u64::from(live) << PYRAMID_CARDS;
            // The pyramid's cards, as far as they go with these stock cards
            // live: exposed once the cards on them can have left, with a
            // partner exposed so or live.
            let mut exposable;
            loop {
                exposable = crate::position::exposed_of(pos.pyramid & !left_pyramid) | left_pyramid;
                let with = u64::from(exposable) | live_bits;
                let mut more = left_pyramid;
                for k in crate::position::bits(exposable & !left_pyramid) {
                    if self.alone >> k & 1 != 0 || self.partner_masks[k as usize] & with != 0 {
                        more |= 1 << k;
                    }
                }
                if more == left_pyramid {
                    break;
                }
                left_pyramid = more;
            }
            if left_pyramid == pos.pyramid {
                return false;
            }
            // The live stock cards with an exposable partner (or Kings):
            // those gone, more may be live.
            let mut more = left_stock;
            for q in crate::position::bits(live & !left_stock) {
                let card = PYRAMID_CARDS + q as usize;
                if self.alone >> card & 1 != 0
                    || self.partner_masks[card] & u64::from(exposable) != 0
                {
                    more |= 1 << q;
                }
            }
            if more == left_stock {
                return true;
            }
            left_stock = more;
        }
    }

    /// Several cards a turn onto one waste, no overlap pairs: whether the
    /// order in which the cards must leave goes round in a circle (see the
    /// module docs). `live` is `liveable`'s answer.
    fn order_stuck(&self, pos: &Position, turn: u32, live: u32) -> bool {
        let stock = pos.stock;
        let in_play = u64::from(pos.pyramid) | u64::from(live) << PYRAMID_CARDS;
        // Cards that leave together: a pyramid card with its only partner.
        // A class has at most two cards (three cannot leave in one pair), so
        // each card's class is itself and its mate, if any.
        const NONE: u8 = u8::MAX;
        let mut mate = [NONE; 52];
        let (mut pairs, mut pair_count) = ([0u64; PYRAMID_CARDS], 0);
        let mut paired_stock = 0u32;
        for k in crate::position::bits(pos.pyramid & !self.alone as u32) {
            let k = k as usize;
            let partners = self.partner_masks[k] & in_play;
            if partners.is_power_of_two() {
                let j = partners.trailing_zeros() as usize;
                if j >= PYRAMID_CARDS {
                    paired_stock |= 1 << (j - PYRAMID_CARDS);
                }
                if usize::from(mate[k]) != j {
                    // Three cards cannot leave in one pair.
                    if mate[k] != NONE || mate[j] != NONE {
                        return true;
                    }
                    mate[k] = j as u8;
                    mate[j] = k as u8;
                    pairs[pair_count] = 1 << k | 1 << j;
                    pair_count += 1;
                }
            }
        }
        // A circle goes through a stock card paired with a pyramid card
        // (below).
        if paired_stock == 0 {
            return false;
        }
        let later_passes = self.unlimited || pos.pass < self.last_pass;
        // Stock cards q with the next card z after them always on them
        // whenever q is on the waste, this pass and later: (z, q).
        let mut stock_edges = [(0u8, 0u8); 24];
        let mut stock_count = 0;
        // In-play cards before q, and those among them that may leave.
        let (mut before, mut leaving_before) = (0u32, 0u32);
        for q in crate::position::bits(stock) {
            if later_passes && leaving_before >= turn - 1 {
                // Every place in its turn is open to q in a later pass.
                break;
            }
            let after = stock & !below(q as u8 + 1);
            let (here, leaving) = (before, leaving_before);
            before += 1;
            leaving_before += live >> q & 1;
            if live >> q & 1 == 0 || after == 0 {
                continue;
            }
            let z = after.trailing_zeros();
            let now = if q < u32::from(pos.next) {
                z < u32::from(pos.next)
            } else {
                ones(stock & below(q as u8) & !below(pos.next)) % turn < turn - 1
            };
            let later = !later_passes || (0..=leaving).all(|k| (here - k) % turn < turn - 1);
            if now && later {
                stock_edges[stock_count] = (z as u8, q as u8);
                stock_count += 1;
            }
        }
        if stock_count == 0 {
            return false;
        }
        // A circle leaves a chain of stock cards (z, q) through pyramid
        // cards, so through a stock card paired with one.
        let stock_edges = &stock_edges[..stock_count];
        if stock_edges
            .iter()
            .all(|&(z, q)| (paired_stock >> z | paired_stock >> q) & 1 == 0)
        {
            return false;
        }
        // Every circle goes through a stock edge, and holds a class with a
        // pyramid card, which must leave, so every class on it must: a
        // stock edge (z, q) with z after q is a circle. Searched card by
        // card: from a card to the pyramid cards it lies on, to q from z
        // for a stock edge (z, q), and to the other card of its class.
        let pairs = &pairs[..pair_count];
        let with_mates = |mut cards: u64| {
            for &pair in pairs {
                if cards & pair != 0 {
                    cards |= pair;
                }
            }
            cards
        };
        stock_edges.iter().any(|&(z, q)| {
            let mut reached = 0u64;
            let mut frontier = with_mates(1 << (PYRAMID_CARDS + usize::from(q)));
            while frontier != 0 {
                reached |= frontier;
                let mut next = u64::from(lain_on(frontier as u32 & ALL_PYRAMID) & pos.pyramid);
                let stock_frontier = frontier >> PYRAMID_CARDS;
                for &(z, q) in stock_edges {
                    if stock_frontier >> z & 1 != 0 {
                        next |= 1 << (PYRAMID_CARDS + usize::from(q));
                    }
                }
                frontier = with_mates(next) & !reached;
            }
            reached >> (PYRAMID_CARDS + usize::from(z)) & 1 != 0
        })
    }

    /// The checks for a loss of all the games but Cheops's own (see the
    /// module docs): whether `pos` is lost by them.
    fn checks_lose(&mut self, pos: &Position) -> bool {
        let live = match self.turned {
            Some(turn) => self.liveable(pos, turn),
            None => pos.stock,
        };
        // A stock card never live again never leaves, nor pairs.
        if self.goal_all && pos.stock & !live != 0 {
            return true;
        }
        let live_pos = Position {
            stock: live,
            ..*pos
        };
        // Cheops's matching (`cheops_lost`, made first) gives every
        // card a partner in play: the partners check is implied.
        if (self.cheops.is_none() && !self.partners_exist(&live_pos))
            || self.waste_stuck(pos)
            || self.stock_outnumbers(pos)
        {
            return true;
        }
        if let (Some(turn), false) = (self.turned, self.board.rules().overlap) {
            if self.order_stuck(pos, turn, live) {
                return true;
            }
            if self.leaving_worth() {
                self.leaving_asked += 1;
                if self.pyramid_never_clears(pos, turn) {
                    self.leaving_lost += 1;
                    return true;
                }
            }
        }
        if let Some(relaxed) = self.relaxed.as_mut() {
            if pos.pyramid != 0 && !relaxed.winnable(pos.pyramid, live) {
                self.aborted |= relaxed.aborted;
                return true;
            }
        }
        false
    }

    /// Searches the moves of canonical position `pos`, `rep` its
    /// representative (see `by_rank`); `checked`:
    /// whether a position with its cards passed the checks for a loss (see
    /// `enter`).
    fn expand(&mut self, pos: &Position, rep: &Position, checked: bool) -> bool {
        if self.cheops.is_some() && self.cheops_lost(pos, rep) {
            return false;
        }
        if !checked && self.checks_lose(pos) {
            if self.unlimited_turned {
                // `enter` noted the cards as passing (no other position
                // with them is met before this one returns): undone.
                let key = self.cards_key(rep);
                if let Some(word) = self.entered.get_mut(key) {
                    *word &= !CHECKED;
                }
            }
            return false;
        }
        let board = self.board;
        let mut moves = if self.quick_moves {
            Moves::Listed(self.turned_moves(pos))
        } else if self.cheops.is_some() {
            Moves::Listed(self.cheops_moves(pos))
        } else {
            Moves::Legal(board.legal_moves(pos))
        };
        // Removals with a stock-side card first: it may be buried by the
        // next draw, a pyramid card never is. (Cheops's order below puts
        // them first too, its sort stable.)
        if self.cheops.is_none() {
            if let Moves::Listed(list) = &mut moves {
                // `turned_moves`'s only stock-side card is the waste top, the
                // second card of its pairs: a stable partition.
                if let Some(top) = board.waste_top_index(pos).map(|i| board.stock_card(i)) {
                    let mut sorted = MoveList::new();
                    for &m in list.iter() {
                        if matches!(m, Move::Pair(_, b) if b == top) {
                            sorted.push(m);
                        }
                    }
                    for &m in list.iter() {
                        if !matches!(m, Move::Pair(_, b) if b == top) {
                            sorted.push(m);
                        }
                    }
                    *list = sorted;
                }
            } else {
                moves.sort_by_key(|m| match m {
                    Move::Pair(a, b) => {
                        !(matches!(board.home(*a), Home::Stock(_))
                            || matches!(board.home(*b), Home::Stock(_)))
                    }
                    _ => true,
                });
            }
        }
        if let Some(cheops) = self.cheops.as_ref() {
            // Cheops's first run: among the removals of each kind, first
            // the pairs of the position's matching (`Cheops::plan`), then
            // those whose cards keep the fewest partners in play; the draw
            // before the pairs of two pyramid cards that the plan pairs
            // otherwise (see `RESTART_UNIT` for what this is worth).
            let cards = in_play(pos);
            let partners = |c| (self.partner_masks[self.deck_index(c)] & cards).count_ones();
            let plan = cheops.plan(pos, self.line.len());
            let planned = |a, b| {
                plan.is_some_and(|mate| usize::from(mate[self.deck_index(a)]) == self.deck_index(b))
            };
            sort_by_key_once(&mut moves, |m| match *m {
                Move::Pair(a, b) => {
                    let stock_side = matches!(board.home(a), Home::Stock(_))
                        || matches!(board.home(b), Home::Stock(_));
                    // Fewer than 64 partners.
                    u32::from(!stock_side) << 8
                        | u32::from(!planned(a, b)) << 7
                        | partners(a).min(partners(b))
                }
                _ => 1 << 8 | 127,
            });
        }
        if self.draw_early {
            // The second order (see `solve`): removals with a waste card,
            // Kings, the draw, pairs of pyramid cards, then the recycle.
            moves.sort_by_key(|m| match m {
                Move::Pair(a, b) => {
                    if matches!(board.home(*a), Home::Stock(_))
                        || matches!(board.home(*b), Home::Stock(_))
                    {
                        0
                    } else {
                        3
                    }
                }
                Move::King(_) => 1,
                Move::Draw => 2,
                Move::Recycle => 4,
            });
        }
        if self.restarts > 0 {
            self.shuffle(&mut moves);
        }
        // A lone King that can only help goes first, and alone.
        if let Some(&m) = moves.iter().find(|m| match m {
            Move::King(c) => !matches!(board.home(*c), Home::Stock(_)) || !self.stock,
            _ => false,
        }) {
            return self.try_move(pos, m);
        }
        if let Some(m) = self.forced(pos, &moves) {
            return self.try_move(pos, m);
        }
        for &m in moves.iter() {
            let won = if self.unlimited_turned && matches!(m, Move::Draw | Move::Recycle) {
                self.jump(pos, rep, m)
            } else {
                self.try_move(pos, m)
            };
            if won {
                return true;
            }
            if self.aborted {
                return false;
            }
        }
        false
    }

    /// The removals tried at a position drawn to by `jump` (unlimited
    /// passes, several cards a turn), listed straight from bit masks, in
    /// `expand`'s order (`jump` makes the draws and recycles): the removals
    /// with the waste top, by pyramid card, then the waste top alone if a
    /// King. Of the rest of the legal
    /// moves, a pair of pyramid cards is not tried at a position drawn to
    /// (see the module docs), and a pyramid King or a forced pair of
    /// pyramid cards would have been the only move tried at the position
    /// the draws started from, which has the same cards, so it drew only
    /// without one.
    fn drawn_to_removals(&mut self, pos: &Position) -> bool {
        let board = self.board;
        debug_assert!(self.restarts == 0 && !self.draw_early && self.cheops.is_none());
        let Some(top) = board.waste_top_index(pos) else {
            debug_assert!(false, "a position drawn to has a waste top");
            return false;
        };
        let top_card = board.stock_card(top);
        let exposed = crate::position::exposed_of(pos.pyramid);
        let partners = self.partner_masks[PYRAMID_CARDS + top as usize] as u32 & exposed;
        #[cfg(debug_assertions)]
        {
            // The legal removals in `expand`'s order (the stock side's
            // pairs first), but pairs of pyramid cards.
            let moves = board.legal_moves(pos);
            debug_assert!(exposed & self.alone as u32 == 0);
            debug_assert!(self.forced(pos, &moves).is_none());
            let is_top_pair = |m: &Move| matches!(m, Move::Pair(_, b) if *b == top_card);
            let pyramid_pair = |m: &Move| {
                matches!(m, Move::Pair(a, b) if matches!(board.home(*a), Home::Pyramid(_))
                    && matches!(board.home(*b), Home::Pyramid(_)))
            };
            let expected: Vec<Move> = moves
                .iter()
                .filter(|m| is_top_pair(m))
                .chain(moves.iter().filter(|m| {
                    !is_top_pair(m) && !pyramid_pair(m) && !matches!(m, Move::Draw | Move::Recycle)
                }))
                .copied()
                .collect();
            let mut listed: Vec<Move> = crate::position::bits(partners)
                .map(|k| Move::Pair(board.pyramid_card(k), top_card))
                .collect();
            if self.alone >> (PYRAMID_CARDS as u32 + top) & 1 != 0 {
                listed.push(Move::King(top_card));
            }
            debug_assert_eq!(expected, listed);
        }
        for k in crate::position::bits(partners) {
            if self.try_move(pos, Move::Pair(board.pyramid_card(k), top_card)) {
                return true;
            }
            if self.aborted {
                return false;
            }
        }
        self.alone >> (PYRAMID_CARDS as u32 + top) & 1 != 0
            && self.try_move(pos, Move::King(top_card))
    }

    fn try_move(&mut self, pos: &Position, m: Move) -> bool {
        debug_assert!(!(self.unlimited_turned && matches!(m, Move::Draw | Move::Recycle)));
        let child = match m {
            // Listed by `turned_moves` or `cheops_moves`, so legal: the
            // cards leave (the drawn card's leaving empties the slot).
            Move::King(_) | Move::Pair(..) if self.quick_moves || self.cheops.is_some() => {
                let mut child = *pos;
                let slot = self.board.draw_slot_index(pos);
                for c in m.removed_cards() {
                    match self.board.home(c) {
                        Home::Pyramid(k) => child.pyramid &= !(1 << k),
                        Home::Stock(i) => {
                            child.stock &= !(1 << i);
                            if slot == Some(u32::from(i)) {
                                child.slot = false;
                            }
                        }
                    }
                }
                child.removed_this_pass = true;
                debug_assert_eq!(Ok(child), self.board.play(pos, m));
                child
            }
            _ => {
                let Ok(child) = self.board.play(pos, m) else {
                    return false;
                };
                child
            }
        };
        self.line.push(m);
        if self.dfs(child) {
            return true;
        }
        self.line.pop();
        false
    }

    /// Unlimited passes, several cards a turn: the draws and recycles
    /// from `pos` (canonical, `rep` its representative; starting with
    /// `m`), searched at each position on the way
    /// whose waste top can leave (see the module docs): `pos`'s draws go
    /// on to the first such position, its removals are tried, and its draws
    /// go on to the next, until one the search has visited, or the stock
    /// goes round without one. Draws change neither the pyramid nor the
    /// stock's cards, and every position searched below has fewer cards,
    /// so the positions drawn to are found and noted as visited first,
    /// with one look-up in the table, then searched in order.
    fn jump(&mut self, pos: &Position, rep: &Position, m: Move) -> bool {
        let turn = self.turned.unwrap_or(1);
        let leaves = if self.leaves.0 == pos.pyramid {
            self.leaves.1
        } else {
            let leaves = self.top_leaving(pos.pyramid);
            self.leaves = (pos.pyramid, leaves);
            leaves
        };
        let key = self.cards_key(rep);
        let (moves_from, stops_from) = (self.walk.moves.len(), self.walk.stops.len());
        let walk = &mut self.walk;
        let word = self.entered.get_mut(key);
        debug_assert!(word.is_some(), "`pos` was entered");
        if let Some(word) = word {
            let (mut p, mut m, mut recycles) = (*pos, m, 0);
            loop {
                // `Board::play`'s draw and recycle, in waste mode with
                // unlimited passes.
                let before = p;
                if m == Move::Recycle {
                    recycles += 1;
                    if recycles > 1 || p.stock == 0 {
                        break;
                    }
                    p.next = 0;
                    p.pass += 1;
                    p.removed_this_pass = false;
                } else {
                    // The next `turn` cards (fewer when fewer are left).
                    let mut rest = p.stock & !below(p.next);
                    if rest == 0 {
                        break;
                    }
                    for _ in 1..turn {
                        if rest & (rest - 1) == 0 {
                            break;
                        }
                        rest &= rest - 1;
                    }
                    p.next = rest.trailing_zeros() as u8 + 1;
                }
                debug_assert_eq!(Ok(p), self.board.play(&before, m));
                walk.moves.push(m);
                // The waste top (waste mode: no draw slot).
                if highest(p.stock & below(p.next)).is_some_and(|i| leaves >> i & 1 != 0) {
                    // The representative's pointer (see `by_rank_cached`).
                    let next = after_nth(rep.stock, ones(p.stock & below(p.next)));
                    let bit = 1 << (SEEN_SHIFT + u32::from(next));
                    if *word & bit != 0 {
                        break;
                    }
                    *word |= bit;
                    walk.stops.push((p, walk.moves.len()));
                    recycles = 0;
                }
                m = if p.stock & !below(p.next) != 0 {
                    Move::Draw
                } else {
                    Move::Recycle
                };
            }
        }
        let len = self.line.len();
        let mut won = false;
        let mut drawn = moves_from;
        for i in stops_from..self.walk.stops.len() {
            let (p, end) = self.walk.stops[i];
            self.line.extend_from_slice(&self.walk.moves[drawn..end]);
            drawn = end;
            #[cfg(debug_assertions)]
            {
                // A canonical position with the cards of `pos`.
                debug_assert_eq!(p, self.canonical(&p));
                let r = self.by_rank(&p, self.dead_stock(&p));
                let next = after_nth(rep.stock, ones(p.stock & below(p.next)));
                debug_assert_eq!((r.stock, r.next), (rep.stock, next));
            }
            if !self.count_node() {
                break;
            }
            if self.drawn_to_removals(&p) {
                won = true;
                break;
            }
            if self.aborted {
                break;
            }
        }
        if !won {
            self.line.truncate(len);
        }
        self.walk.moves.truncate(moves_from);
        self.walk.stops.truncate(stops_from);
        won
    }

    /// Unlimited passes, several cards a turn: the table of entries' key of
    /// a set of cards (its representative's), its pyramid by a
    /// number of its own.
    fn cards_key(&mut self, rep: &Position) -> u64 {
        u64::from(rep.stock) | u64::from(self.pyramid_id(rep.pyramid)) << 24
    }

    /// Notes the pyramid numbered next in `pyramid_of_id` and its tables.
    fn number_pyramid(&mut self, pyramid: u32) {
        self.pyramid_of_id.push(pyramid);
        let probe = Position {
            pyramid,
            stock: 0,
            next: 0,
            slot: false,
            pass: 1,
            dealt: 0,
            removed_this_pass: false,
        };
        self.dead_of_id.push(self.dead_stock(&probe));
        self.without_of_id.push([u16::MAX; PYRAMID_CARDS]);
    }

    /// `pyramid_of_id` and its tables for the pyramids numbered so far
    /// (kept up to date from then on).
    fn number_pyramids(&mut self) {
        let mut numbered: Vec<(u32, u32)> =
            self.pyramid_ids.iter().map(|(&p, &id)| (id, p)).collect();
        numbered.sort_unstable();
        for (id, pyramid) in numbered {
            debug_assert_eq!(id as usize, self.pyramid_of_id.len());
            self.number_pyramid(pyramid);
        }
    }

    /// The number of its own of `pyramid` (see `pyramid_ids`), below
    /// 2^11.
    fn pyramid_id(&mut self, pyramid: u32) -> u32 {
        if self.last_pyramid.0 != pyramid {
            let next_id = self.pyramid_ids.len() as u32;
            // The pyramid's states are its sets of cards closed downwards
            // (a card leaves only with the cards on it gone or going too).
            assert!(
                next_id < 1 << (CARDS_KEY_BITS - 24),
                "at most 1,430 pyramids"
            );
            let id = *self.pyramid_ids.entry(pyramid).or_insert(next_id);
            // Once the search by sets of cards has asked for them.
            if id == next_id && !self.pyramid_of_id.is_empty() {
                self.number_pyramid(pyramid);
            }
            self.last_pyramid = (pyramid, id);
        }
        self.last_pyramid.1
    }

    /// Unlimited passes, several cards a turn, a position not drawn to
    /// (its representative): `None` if one with the same cards
    /// that the search has entered (not drawn to) draws to it (see the
    /// module docs); if not, notes it, and tells whether one with the same
    /// cards passed the checks for a loss (see the module docs). One word
    /// per set of cards holds these and the pointers visited (the table of
    /// positions seen of the other games; see `CardSets`).
    fn enter(&mut self, rep: &Position) -> Option<bool> {
        let turn = self.turned.unwrap_or(1);
        let key = self.cards_key(rep);
        let drawn = ones(rep.stock & below(rep.next));
        let word = self.entered.word(key);
        // A bit for each pointer, 0..=24.
        let seen = (*word >> SEEN_SHIFT) as u32 & ((1 << 25) - 1);
        // Every position visited was entered or drawn to from one entered:
        // some were entered iff some were visited.
        if seen != 0 {
            let on_cycle = drawn.is_multiple_of(turn) || rep.stock & !below(rep.next) == 0;
            // The pointers visited at this one's place in a turn, up to it,
            // were entered at or drawn to (before a recycle) from one
            // entered at that place: one at least as early.
            let up_to = seen & (2u32 << rep.next).wrapping_sub(1);
            if on_cycle
                || crate::position::bits(up_to)
                    .any(|q| ones(rep.stock & below(q as u8)) % turn == drawn % turn)
            {
                return None;
            }
        }
        *word |= 1 << (SEEN_SHIFT + u32::from(rep.next));
        // Noted before the checks are made: most pass (see `expand`).
        let checked = *word & CHECKED != 0;
        *word |= CHECKED;
        Some(checked)
    }

    /// `Board::legal_moves` in the same order, from bit masks: with several
    /// cards a turn onto one waste (waste mode, pairs of 13, no overlap
    /// pairs, no reserve) the available cards are the exposed pyramid cards,
    /// by place, then the waste top.
    fn turned_moves(&self, pos: &Position) -> MoveList {
        let board = self.board;
        let exposed = crate::position::exposed_of(pos.pyramid);
        let top = board.waste_top_index(pos);
        let top_bit = top.map_or(0, |i| 1u64 << (PYRAMID_CARDS as u32 + i));
        let available = u64::from(exposed) | top_bit;
        let card = |i: u32| {
            if (i as usize) < PYRAMID_CARDS {
                board.pyramid_card(i)
            } else {
                board.stock_card(i - PYRAMID_CARDS as u32)
            }
        };
        let mut moves = MoveList::new();
        let mut kings = available & self.alone;
        while kings != 0 {
            moves.push(Move::King(card(kings.trailing_zeros())));
            kings &= kings - 1;
        }
        // Exposed pyramid cards never cover one another, so a pair of them
        // or of one with the waste top is a pair of ranks making 13.
        for a in crate::position::bits(exposed) {
            let mut later = self.partner_masks[a as usize] & available & !((2u64 << a) - 1);
            while later != 0 {
                let b = later.trailing_zeros();
                later &= later - 1;
                moves.push(Move::Pair(card(a), card(b)));
            }
        }
        if board.can_draw(pos) {
            moves.push(Move::Draw);
        }
        if board.can_recycle(pos) {
            moves.push(Move::Recycle);
        }
        debug_assert_eq!(*moves, *board.legal_moves(pos));
        moves
    }

    /// The stock cards that can leave as the waste top beside `pyramid`:
    /// Kings, and those pairing with an exposed pyramid card.
    fn top_leaving(&self, pyramid: u32) -> u32 {
        let mut leaves = self.stock_of_rank[13];
        for k in crate::position::bits(crate::position::exposed_of(pyramid)) {
            leaves |= self.stock_of_rank[13 - usize::from(self.pyramid_rank[k as usize])];
        }
        leaves
    }
}

/// Cheops: whether cards with `waste[r]` waste cards and `other[r]` other
/// cards of each rank r can all be paired, each pair of equal or adjacent
/// ranks and no pair of two waste cards. Rank by rank, the states are the
/// cards of the rank before still to be paired with this rank's: (waste,
/// other), as bit `5 × waste + other` of a set.
fn adjacent_matching(waste: &[u8; 15], other: &[u8; 15]) -> bool {
    let mut states: u32 = 1; // (0, 0)
    for r in 1..14 {
        let (w, o) = (waste[r], other[r]);
        let mut next: u32 = 0;
        for state in crate::position::bits(states) {
            let (a, b) = ((state / 5) as u8, (state % 5) as u8);
            // The waste cards carried in take other cards of this rank.
            let Some(o1) = o.checked_sub(a) else {
                continue;
            };
            // The other cards carried in take x waste cards and b - x
            // other cards of this rank.
            for x in 0..=b.min(w) {
                let Some(o2) = o1.checked_sub(b - x) else {
                    continue;
                };
                let w2 = w - x;
                // Carry a' waste and b' other cards on; the rest pair here:
                // each waste card with an other card, the other cards left
                // two by two.
                for a2 in 0..=w2 {
                    let y = w2 - a2;
                    for b2 in 0..=o2 {
                        if o2 - b2 >= y && (o2 - b2 - y) % 2 == 0 && a2 + b2 <= 4 {
                            next |= 1 << (5 * a2 + b2);
                        }
                    }
                }
            }
        }
        states = next;
        if states == 0 {
            return false;
        }
    }
    states & 1 != 0
}

#[cfg(test)]
mod tests {
    use super::cheops::tests::{reference, xorshift};
    use super::{with_search, Tables};
    use crate::deal::Deal;
    use crate::position::{Board, Status};
    use crate::rules::Preset;
    use crate::solver::Limits;

    /// The check of the cards that can leave at all
    /// (`Search::pyramid_never_clears`) against the exhaustive search, on
    /// positions of random play (removals preferred) from King Tut's
    /// hardest deals and others, in King Tut and in sets with limited
    /// passes or every card to remove: every position it finds lost is
    /// lost, and it finds some that the other checks do not.
    #[test]
    fn cards_that_can_leave_at_all() {
        let mut random = xorshift(0x9e37_79b9_7f4a_7c15);
        let mut beyond = 0;
        for id in [
            "kingtut",
            "custom-2-3-waste-pyramid-no",
            "custom-u-3-waste-all-no",
        ] {
            let preset: Preset = id.parse().expect("a known id");
            let (mut found, mut only_here, mut confirmed) = (0, 0u32, 0);
            for number in [9479, 3752, 1310, 4097, 1211].into_iter().chain(1..=30) {
                let board = Board::new(Deal::from_number(number), preset);
                let tables = Tables::new(&board);
                let mut pos = board.start();
                for _ in 0..400 {
                    let moves = board.legal_moves(&pos);
                    if moves.is_empty() || board.status(&pos) != Status::InProgress {
                        break;
                    }
                    let removals: Vec<_> = moves.iter().filter(|m| m.is_removal()).collect();
                    let m = if !removals.is_empty() && !random().is_multiple_of(4) {
                        *removals[random() as usize % removals.len()]
                    } else {
                        moves[random() as usize % moves.len()]
                    };
                    pos = board.play(&pos, m).expect("a legal move plays");
                    if pos.cards_left() > 30 || pos.pyramid == 0 {
                        continue;
                    }
                    let (lost, before) =
                        with_search(&board, &pos, Limits::default(), Some(&tables), |s| {
                            let turn = s.turned.expect("three cards a turn");
                            // The other checks (this one is made only in
                            // longer searches).
                            let before = s.checks_lose(&pos);
                            (s.pyramid_never_clears(&pos, turn), before)
                        });
                    if !lost {
                        continue;
                    }
                    found += 1;
                    only_here += u32::from(!before);
                    if let Some(won) = reference(&board, &pos, 200_000) {
                        assert!(!won, "{id} deal {number}: {pos:?} found lost is won");
                        confirmed += 1;
                    }
                }
            }
            eprintln!(
                "{id}: {found} found lost, {only_here} not by the other checks, {confirmed} confirmed"
            );
            assert!(
                confirmed >= 20,
                "{id}: {found} found, {confirmed} confirmed"
            );
            beyond += only_here;
        }
        assert!(beyond >= 20, "{beyond} found lost by this check alone");
    }
}
