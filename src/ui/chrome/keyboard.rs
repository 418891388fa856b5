//! Global keyboard shortcuts (SPEC §4) and arrow-key moves between the
//! available cards and the stock.

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, KeyboardEvent};

use crate::fx::focus::focus;
use crate::state::context::{GameContext, OpenDialog};
use crate::state::settings;
use crate::state::{ask, coach, play};

/// Everything arrow keys move between: available pyramid cards, the stock,
/// the draw slot and the waste top.
const NAVIGABLE: &str = "[data-zone=\"pyramid\"]:not([aria-disabled=\"true\"]), \
     [data-zone=\"stock\"], [data-zone=\"draw\"], [data-zone=\"waste\"]";

/// Installs the window-wide key listener for as long as the calling component lives.
pub fn install_shortcuts(ctx: GameContext) {
    let handle = window_event_listener(leptos::ev::keydown, move |ev| handle_key(ctx, &ev));
    on_cleanup(move || handle.remove());
}

/// What a shortcut does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
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
    /// The arrow keys: to the nearest card or pile that way.
    MoveFocus,
    Shortcuts,
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

/// A row of the shortcut sheet: the keys as the sheet writes them, what
/// they do, the presses that do it, and the action (none for the keys
/// the browser and the table's own controls handle: Tab, Enter, Space).
pub struct Shortcut {
    pub keys: &'static str,
    pub what: &'static str,
    pub presses: &'static [Press],
    pub action: Option<Action>,
}

/// Every keyboard shortcut (SPEC §4), in the sheet's order: the key
/// handler and the sheet both read this table.
pub const SHORTCUTS: &[Shortcut] = &[
    Shortcut {
        keys: "D",
        what: "Draw a card, or turn the waste over",
        presses: &[key("d")],
        action: Some(Action::Draw),
    },
    Shortcut {
        keys: "H",
        what: "Hint",
        presses: &[key("h")],
        action: Some(Action::Hint),
    },
    Shortcut {
        keys: "A",
        what: "Auto move (play the hinted move)",
        presses: &[key("a")],
        action: Some(Action::AutoMove),
    },
    Shortcut {
        keys: "U or Ctrl+Z",
        what: "Undo",
        presses: &[key("u"), ctrl("z", false)],
        action: Some(Action::Undo),
    },
    Shortcut {
        keys: "Ctrl+Shift+Z or Ctrl+Y",
        what: "Redo",
        presses: &[ctrl("z", true), ctrl("y", false), ctrl("y", true)],
        action: Some(Action::Redo),
    },
    Shortcut {
        keys: "N",
        what: "New deal",
        presses: &[key("n")],
        action: Some(Action::NewDeal),
    },
    Shortcut {
        keys: "W",
        what: "Where did I lose?",
        presses: &[key("w")],
        action: Some(Action::WhereLost),
    },
    Shortcut {
        keys: "P",
        what: "Pause or resume",
        presses: &[key("p")],
        action: Some(Action::Pause),
    },
    Shortcut {
        keys: "M",
        what: "Sound on or off",
        presses: &[key("m")],
        action: Some(Action::Sound),
    },
    Shortcut {
        keys: "S",
        what: "Settings",
        presses: &[key("s")],
        action: Some(Action::Settings),
    },
    Shortcut {
        keys: "Esc",
        what: "Cancel the selection",
        presses: &[key("Escape")],
        action: Some(Action::Cancel),
    },
    Shortcut {
        keys: "Tab, Shift+Tab",
        what: "Move between piles",
        presses: &[],
        action: None,
    },
    Shortcut {
        keys: "Arrow keys",
        what: "Move between available cards and the stock",
        presses: &[
            key("ArrowLeft"),
            key("ArrowRight"),
            key("ArrowUp"),
            key("ArrowDown"),
        ],
        action: Some(Action::MoveFocus),
    },
    Shortcut {
        keys: "Enter, Space",
        what: "Select a card, or pair it with the selected card",
        presses: &[],
        action: None,
    },
    Shortcut {
        keys: "?",
        what: "This list",
        presses: &[key("?")],
        action: Some(Action::Shortcuts),
    },
];

/// The action of the key `key` pressed with these modifiers, if any.
pub fn action_for(key: &str, ctrl: bool, shift: bool) -> Option<Action> {
    SHORTCUTS.iter().find_map(|s| {
        s.presses
            .iter()
            .any(|p| p.matches(key, ctrl, shift))
            .then_some(s.action)
            .flatten()
    })
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
    let Some(action) = action_for(&key, ctrl, ev.shift_key()) else {
        return;
    };
    if run(ctx, action, &key) {
        ev.prevent_default();
    }
}

/// Does what `action` says; whether the key was used.
fn run(ctx: GameContext, action: Action, key: &str) -> bool {
    match action {
        Action::Draw => play::draw_or_recycle(ctx),
        Action::Hint => coach::show_hint(ctx),
        Action::AutoMove => play::auto_move(ctx),
        Action::Undo => play::undo(ctx),
        Action::Redo => play::redo(ctx),
        Action::NewDeal => ctx.ui.dialog.set(OpenDialog::NewDeal),
        Action::WhereLost => coach::where_did_i_lose(ctx),
        Action::Pause => play::toggle_pause(ctx),
        Action::Sound => settings::toggle_sound(ctx),
        Action::Settings => ctx.ui.dialog.set(OpenDialog::Settings),
        Action::Cancel => {
            ask::cancel_thinking(ctx);
            play::cancel_selection(ctx);
        }
        Action::MoveFocus => return move_focus(key),
        Action::Shortcuts => ctx.ui.dialog.set(OpenDialog::Shortcuts),
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

    const ACTIONS: [Action; 13] = [
        Action::Draw,
        Action::Hint,
        Action::AutoMove,
        Action::Undo,
        Action::Redo,
        Action::NewDeal,
        Action::WhereLost,
        Action::Pause,
        Action::Sound,
        Action::Settings,
        Action::Cancel,
        Action::MoveFocus,
        Action::Shortcuts,
    ];

    #[test]
    fn every_action_is_listed_once_with_its_keys() {
        for action in ACTIONS {
            let rows: Vec<_> = SHORTCUTS
                .iter()
                .filter(|s| s.action == Some(action))
                .collect();
            assert_eq!(rows.len(), 1, "{action:?}");
            assert!(!rows[0].presses.is_empty(), "{action:?}");
            for p in rows[0].presses {
                assert_eq!(
                    action_for(p.key, p.ctrl, p.shift.unwrap_or(false)),
                    Some(action)
                );
            }
        }
        // Rows without an action are the browser's own keys, listed for the player.
        for s in SHORTCUTS.iter().filter(|s| s.action.is_none()) {
            assert!(s.presses.is_empty(), "{}", s.keys);
        }
    }

    #[test]
    fn no_press_belongs_to_two_shortcuts() {
        for (i, a) in SHORTCUTS.iter().enumerate() {
            for b in &SHORTCUTS[i + 1..] {
                for p in a.presses {
                    for shift in [false, true] {
                        if p.matches(p.key, p.ctrl, shift) {
                            assert!(
                                !b.presses.iter().any(|q| q.matches(p.key, p.ctrl, shift)),
                                "{} and {}",
                                a.keys,
                                b.keys
                            );
                        }
                    }
                }
            }
            assert_eq!(SHORTCUTS.iter().filter(|s| s.keys == a.keys).count(), 1);
        }
    }

    #[test]
    fn keys_are_taken_as_before() {
        assert_eq!(action_for("D", false, true), Some(Action::Draw));
        assert_eq!(action_for("d", false, false), Some(Action::Draw));
        assert_eq!(action_for("z", true, false), Some(Action::Undo));
        assert_eq!(action_for("Z", true, true), Some(Action::Redo));
        assert_eq!(action_for("y", true, false), Some(Action::Redo));
        assert_eq!(action_for("d", true, false), None);
        assert_eq!(action_for("z", false, false), None);
        assert_eq!(action_for("?", false, true), Some(Action::Shortcuts));
        assert_eq!(action_for("Escape", false, false), Some(Action::Cancel));
        assert_eq!(action_for("x", false, false), None);
    }
}
