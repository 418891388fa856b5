//! Global keyboard shortcuts (SPEC §4) and arrow-key moves between the
//! available cards and the stock.

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, KeyboardEvent};

use crate::fx::focus::focus;
use crate::state::context::{GameContext, OpenDialog};
use crate::state::settings;
use crate::state::{ask, coach, play};

/// Everything arrow keys move between: the cards the player may take
/// (pyramid, draw slot, waste and pile tops) and the stock.
const NAVIGABLE: &str =
    "[data-card]:not([aria-disabled=\"true\"]), [data-zone=\"stock\"]:not([hidden])";

/// Installs the window-wide key listener for as long as the calling component lives.
pub fn install_shortcuts(ctx: GameContext) {
    let handle = window_event_listener(leptos::ev::keydown, move |ev| handle_key(ctx, &ev));
    on_cleanup(move || handle.remove());
}

/// Every keyboard shortcut (SPEC §4), one row of the shortcut sheet each:
/// the key handler and the sheet both read this table ([`Shortcut::ALL`],
/// in the sheet's order, and each row's keys, words and presses).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shortcut {
    Draw,
    Hint,
    AutoMove,
    Undo,
    Redo,
    NewDeal,
    WhereLost,
    Pause,
    Sound,
    Settings,
    Cancel,
    /// Tab and Shift+Tab: the browser's own, listed for the player.
    Piles,
    /// The arrow keys: to the nearest card or pile that way.
    Arrows,
    /// Enter and Space on a card: its button's own click.
    Select,
    HowToPlay,
    Help,
}

/// One key press a shortcut answers to: the key (as `KeyboardEvent.key`
/// names it, letters in either case) and its modifiers. `shift: None`
/// takes the key with or without Shift.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Press {
    pub key: &'static str,
    pub ctrl: bool,
    pub shift: Option<bool>,
}

const fn key(key: &'static str) -> Press {
    Press {
        key,
        ctrl: false,
        shift: None,
    }
}

const fn ctrl(key: &'static str, shift: bool) -> Press {
    Press {
        key,
        ctrl: true,
        shift: Some(shift),
    }
}

impl Press {
    /// Whether the event `key` with these modifiers is this press.
    fn matches(&self, key: &str, ctrl: bool, shift: bool) -> bool {
        self.key.eq_ignore_ascii_case(key)
            && self.ctrl == ctrl
            && self.shift.is_none_or(|s| s == shift)
    }
}

impl Shortcut {
    /// In the sheet's order.
    pub const ALL: [Shortcut; 16] = [
        Shortcut::Draw,
        Shortcut::Hint,
        Shortcut::AutoMove,
        Shortcut::Undo,
        Shortcut::Redo,
        Shortcut::NewDeal,
        Shortcut::WhereLost,
        Shortcut::Pause,
        Shortcut::Sound,
        Shortcut::Settings,
        Shortcut::Cancel,
        Shortcut::Piles,
        Shortcut::Arrows,
        Shortcut::Select,
        Shortcut::HowToPlay,
        Shortcut::Help,
    ];

    /// The key presses the page handles for it (none for the keys the
    /// browser and the cards' buttons handle themselves).
    pub fn presses(self) -> &'static [Press] {
        match self {
            Shortcut::Draw => const { &[key("d")] },
            Shortcut::Hint => const { &[key("h")] },
            Shortcut::AutoMove => const { &[key("a")] },
            Shortcut::Undo => const { &[key("u"), ctrl("z", false)] },
            Shortcut::Redo => const { &[ctrl("z", true), ctrl("y", false), ctrl("y", true)] },
            Shortcut::NewDeal => const { &[key("n")] },
            Shortcut::WhereLost => const { &[key("w")] },
            Shortcut::Pause => const { &[key("p")] },
            Shortcut::Sound => const { &[key("m")] },
            Shortcut::Settings => const { &[key("s")] },
            Shortcut::Cancel => const { &[key("Escape")] },
            Shortcut::Piles | Shortcut::Select => &[],
            Shortcut::Arrows => {
                const {
                    &[
                        key("ArrowLeft"),
                        key("ArrowRight"),
                        key("ArrowUp"),
                        key("ArrowDown"),
                    ]
                }
            }
            Shortcut::HowToPlay => const { &[key("F1")] },
            Shortcut::Help => const { &[key("?")] },
        }
    }

    /// The keys as the sheet writes them.
    pub fn keys(self) -> &'static str {
        match self {
            Shortcut::Draw => "D",
            Shortcut::Hint => "H",
            Shortcut::AutoMove => "A",
            Shortcut::Undo => "U or Ctrl+Z",
            Shortcut::Redo => "Ctrl+Shift+Z or Ctrl+Y",
            Shortcut::NewDeal => "N",
            Shortcut::WhereLost => "W",
            Shortcut::Pause => "P",
            Shortcut::Sound => "M",
            Shortcut::Settings => "S",
            Shortcut::Cancel => "Esc",
            Shortcut::Piles => "Tab, Shift+Tab",
            Shortcut::Arrows => "Arrow keys",
            Shortcut::Select => "Enter, Space",
            Shortcut::HowToPlay => "F1",
            Shortcut::Help => "?",
        }
    }

    /// What it does, as the sheet says it.
    pub fn what(self) -> &'static str {
        match self {
            Shortcut::Draw => "Draw a card, or turn the waste over",
            Shortcut::Hint => "Hint",
            Shortcut::AutoMove => "Auto move (play the hinted move)",
            Shortcut::Undo => "Undo",
            Shortcut::Redo => "Redo",
            Shortcut::NewDeal => "New deal",
            Shortcut::WhereLost => "Where did I lose?",
            Shortcut::Pause => "Pause or resume",
            Shortcut::Sound => "Sound on or off",
            Shortcut::Settings => "Settings",
            Shortcut::Cancel => "Cancel the selection",
            Shortcut::Piles => "Move between piles",
            Shortcut::Arrows => "Move between available cards and the stock",
            Shortcut::Select => "Select a card, or pair it with the selected card",
            Shortcut::HowToPlay => "How to play",
            Shortcut::Help => "This list",
        }
    }

    /// The shortcut the key `key` pressed with these modifiers is, if any.
    pub fn for_key(key: &str, ctrl: bool, shift: bool) -> Option<Shortcut> {
        Shortcut::ALL
            .into_iter()
            .find(|s| s.presses().iter().any(|p| p.matches(key, ctrl, shift)))
    }
}

/// One key press. Public so tests can drive it with synthetic events.
pub fn handle_key(ctx: GameContext, ev: &KeyboardEvent) {
    if ev.default_prevented() || typing_in_field(ev) {
        return;
    }
    // A modal dialog handles its own keys (Esc closes it natively).
    if ctx.ui.dialog.get_untracked() != OpenDialog::None || play::end_dialog_open_untracked(ctx) {
        return;
    }
    let key = ev.key();
    // While a win is shown, Esc stops it and no other key acts.
    if ctx.coach.replay.with_untracked(Option::is_some) {
        if key == "Escape" {
            coach::stop_replay(ctx);
            ev.prevent_default();
        }
        return;
    }
    let ctrl = ev.ctrl_key() || ev.meta_key();
    // Alt with a key is the browser's or the system's.
    if ev.alt_key() && !ctrl {
        return;
    }
    let Some(shortcut) = Shortcut::for_key(&key, ctrl, ev.shift_key()) else {
        return;
    };
    if run(ctx, shortcut, &key) {
        ev.prevent_default();
    }
}

/// Does what `shortcut` says; whether the key was used.
fn run(ctx: GameContext, shortcut: Shortcut, key: &str) -> bool {
    match shortcut {
        Shortcut::Draw => play::draw_or_recycle(ctx),
        Shortcut::Hint => coach::show_hint(ctx),
        Shortcut::AutoMove => play::auto_move(ctx),
        Shortcut::Undo => play::undo(ctx),
        Shortcut::Redo => play::redo(ctx),
        Shortcut::NewDeal => ctx.ui.dialog.set(OpenDialog::NewDeal),
        Shortcut::WhereLost => coach::where_did_i_lose(ctx),
        Shortcut::Pause => play::toggle_pause(ctx),
        Shortcut::Sound => settings::toggle_sound(ctx),
        Shortcut::Settings => ctx.ui.dialog.set(OpenDialog::Settings),
        Shortcut::Cancel => {
            ask::cancel_thinking(ctx);
            play::cancel_selection(ctx);
        }
        Shortcut::Arrows => return move_focus(key),
        Shortcut::HowToPlay => ctx.ui.dialog.set(OpenDialog::HowToPlay),
        Shortcut::Help => ctx.ui.dialog.set(OpenDialog::Shortcuts),
        // The browser's and the cards' own keys: never dispatched here.
        Shortcut::Piles | Shortcut::Select => return false,
    }
    true
}

/// Whether the key press is meant for a text field.
fn typing_in_field(ev: &KeyboardEvent) -> bool {
    let Some(el) = ev.target().and_then(|t| t.dyn_into::<HtmlElement>().ok()) else {
        return false;
    };
    let tag = el.tag_name().to_ascii_lowercase();
    let text_input = tag == "input"
        && !matches!(
            el.get_attribute("type").as_deref(),
            Some("checkbox" | "radio" | "button" | "submit")
        );
    text_input || tag == "textarea" || tag == "select" || el.is_content_editable()
}

/// Moves focus to the nearest navigable element in the arrow's direction.
/// Returns whether the key was used.
fn move_focus(key: &str) -> bool {
    let document = document();
    let candidates = navigable_elements(&document);
    let Some(first) = candidates.first() else {
        return false;
    };
    let active = document.active_element();
    let current = active
        .as_ref()
        .filter(|a| candidates.iter().any(|c| c == *a));
    let Some(current) = current else {
        // From outside the table the arrows enter it.
        focus(first);
        return true;
    };
    let (cx, cy) = centre(current);
    let best = candidates
        .iter()
        .filter(|c| *c != current)
        .filter_map(|c| {
            let (x, y) = centre(c);
            let (dx, dy) = (x - cx, y - cy);
            let (along, across) = match key {
                "ArrowLeft" => (-dx, dy.abs()),
                "ArrowRight" => (dx, dy.abs()),
                "ArrowUp" => (-dy, dx.abs()),
                _ => (dy, dx.abs()),
            };
            (along > 1.0).then_some((along + 2.0 * across, c))
        })
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c.clone());
    if let Some(next) = best {
        focus(&next);
    }
    true
}

fn navigable_elements(document: &web_sys::Document) -> Vec<Element> {
    let Ok(list) = document.query_selector_all(NAVIGABLE) else {
        return Vec::new();
    };
    (0..list.length())
        .filter_map(|i| list.item(i))
        .filter_map(|n| n.dyn_into::<Element>().ok())
        .collect()
}

fn centre(el: &Element) -> (f64, f64) {
    let r = el.get_bounding_client_rect();
    (r.left() + r.width() / 2.0, r.top() + r.height() / 2.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Where each shortcut sits in the sheet; a new one does not compile
    /// until it has its place.
    fn place(s: Shortcut) -> usize {
        match s {
            Shortcut::Draw => 0,
            Shortcut::Hint => 1,
            Shortcut::AutoMove => 2,
            Shortcut::Undo => 3,
            Shortcut::Redo => 4,
            Shortcut::NewDeal => 5,
            Shortcut::WhereLost => 6,
            Shortcut::Pause => 7,
            Shortcut::Sound => 8,
            Shortcut::Settings => 9,
            Shortcut::Cancel => 10,
            Shortcut::Piles => 11,
            Shortcut::Arrows => 12,
            Shortcut::Select => 13,
            Shortcut::HowToPlay => 14,
            Shortcut::Help => 15,
        }
    }

    #[test]
    fn every_shortcut_is_listed_once_and_handled_by_its_keys() {
        for (i, s) in Shortcut::ALL.into_iter().enumerate() {
            assert_eq!(place(s), i, "{s:?}");
            assert_eq!(
                Shortcut::ALL
                    .iter()
                    .filter(|t| t.keys() == s.keys())
                    .count(),
                1
            );
            assert_eq!(
                Shortcut::ALL
                    .iter()
                    .filter(|t| t.what() == s.what())
                    .count(),
                1
            );
            for p in s.presses() {
                for shift in [false, true] {
                    if p.matches(p.key, p.ctrl, shift) {
                        assert_eq!(Shortcut::for_key(p.key, p.ctrl, shift), Some(s), "{s:?}");
                    }
                }
            }
        }
        // Only the browser's and the cards' own keys have no press here.
        for s in Shortcut::ALL.into_iter().filter(|s| s.presses().is_empty()) {
            assert!(matches!(s, Shortcut::Piles | Shortcut::Select), "{s:?}");
        }
    }

    #[test]
    fn no_press_belongs_to_two_shortcuts() {
        for a in Shortcut::ALL {
            for b in Shortcut::ALL.into_iter().filter(|&b| b != a) {
                for p in a.presses() {
                    for shift in [false, true] {
                        if p.matches(p.key, p.ctrl, shift) {
                            assert!(
                                !b.presses().iter().any(|q| q.matches(p.key, p.ctrl, shift)),
                                "{a:?} and {b:?}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn keys_are_taken_as_before() {
        let of = Shortcut::for_key;
        assert_eq!(of("D", false, true), Some(Shortcut::Draw));
        assert_eq!(of("d", false, false), Some(Shortcut::Draw));
        assert_eq!(of("z", true, false), Some(Shortcut::Undo));
        assert_eq!(of("Z", true, true), Some(Shortcut::Redo));
        assert_eq!(of("y", true, false), Some(Shortcut::Redo));
        assert_eq!(of("F1", false, false), Some(Shortcut::HowToPlay));
        assert_eq!(of("d", true, false), None);
        assert_eq!(of("z", false, false), None);
        assert_eq!(of("?", false, true), Some(Shortcut::Help));
        assert_eq!(of("Escape", false, false), Some(Shortcut::Cancel));
        assert_eq!(of("ArrowUp", false, false), Some(Shortcut::Arrows));
        assert_eq!(of("Tab", false, false), None);
        assert_eq!(of("x", false, false), None);
    }
}
