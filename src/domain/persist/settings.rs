//! The player's settings: theme, table colour, card back, the card and
//! layout options, sound and motion. One small document, read once at start
//! and written whenever a choice changes.

use serde::{Deserialize, Serialize};

use super::{check_version, PersistError};

/// The version [`encode_settings`] writes.
pub const SETTINGS_VERSION: u32 = 1;

/// Light or dark colours, or whatever the system prefers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Theme {
    #[default]
    System,
    Light,
    Dark,
}

/// The colour of the table under the cards.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TableColour {
    #[default]
    Green,
    Blue,
    Wine,
}

/// The design on the back of the cards (the stock and any face-down card).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CardBack {
    #[default]
    Lattice,
    Tartan,
    Stars,
}

/// Animations and transitions on, off, or as the system prefers
/// (`prefers-reduced-motion`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Motion {
    #[default]
    System,
    On,
    Off,
}

/// A setting with a few named values: every value once ([`Self::ALL`], in
/// the order the settings dialog offers them), the id it is saved under
/// (serde's name for it, which the page also writes on the document
/// element) and the label the dialog shows.
pub trait SettingChoice: Copy + PartialEq + Send + Sync + 'static {
    const ALL: &'static [Self];
    fn id(self) -> &'static str;
    fn label(self) -> &'static str;

    /// The value saved under `id`.
    fn from_id(id: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|v| v.id() == id)
    }
}

/// Each setting's values, written once: value, id, label. The matches
/// are exhaustive, so a value left out of its table does not compile. The
/// id is the saved form, both ways.
macro_rules! choices {
    ($t:ident { $($v:ident => $id:literal, $label:literal;)* }) => {
        impl SettingChoice for $t {
            const ALL: &'static [$t] = &[$($t::$v),*];
            fn id(self) -> &'static str {
                match self { $($t::$v => $id),* }
            }
            fn label(self) -> &'static str {
                match self { $($t::$v => $label),* }
            }
        }
        impl Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.id())
            }
        }
        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let id = super::read_id(d)?;
                $t::from_id(&id).ok_or_else(|| super::unknown_id(&id))
            }
        }
    };
}

choices!(Theme {
    System => "system", "System";
    Light => "light", "Light";
    Dark => "dark", "Dark";
});

choices!(TableColour {
    Green => "green", "Green felt";
    Blue => "blue", "Blue";
    Wine => "wine", "Burgundy";
});

choices!(CardBack {
    Lattice => "lattice", "Blue lattice";
    Tartan => "tartan", "Red tartan";
    Stars => "stars", "Night stars";
});

choices!(Motion {
    System => "system", "System";
    On => "on", "On";
    Off => "off", "Off";
});

/// Every setting. A field missing from a saved document (one written before
/// the setting existed) takes its default; an unknown value makes the whole
/// document unreadable, and the storage layer sets it aside.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// Always [`SETTINGS_VERSION`] once decoded.
    pub version: u32,
    #[serde(default)]
    pub theme: Theme,
    #[serde(default)]
    pub table: TableColour,
    #[serde(default)]
    pub card_back: CardBack,
    /// Diamonds blue and clubs green.
    #[serde(default)]
    pub four_colour: bool,
    /// Stronger borders, pure black and red, heavier type on the cards.
    #[serde(default)]
    pub high_contrast: bool,
    /// Rank and suit at least twice their normal size.
    #[serde(default)]
    pub large_cards: bool,
    /// The stock, the waste and the toolbar on the other side.
    #[serde(default)]
    pub left_handed: bool,
    /// The timer, the score and the move counter hidden (still recorded).
    #[serde(default)]
    pub zen: bool,
    /// The places the last move touched are outlined.
    #[serde(default)]
    pub highlight_last_move: bool,
    /// Sounds on moves; off until the player turns them on.
    #[serde(default)]
    pub sound: bool,
    #[serde(default)]
    pub motion: Motion,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            version: SETTINGS_VERSION,
            theme: Theme::default(),
            table: TableColour::default(),
            card_back: CardBack::default(),
            four_colour: false,
            high_contrast: false,
            large_cards: false,
            left_handed: false,
            zen: false,
            highlight_last_move: false,
            sound: false,
            motion: Motion::default(),
        }
    }
}

impl Settings {
    /// Checks the version of a document serde has read.
    pub fn validate(self) -> Result<Settings, PersistError> {
        check_version(self.version, SETTINGS_VERSION)?;
        Ok(self)
    }
}

/// The settings as saved.
pub fn encode_settings(settings: &Settings) -> String {
    // Unit enums and booleans always serialize.
    serde_json::to_string(settings).expect("settings serialize")
}

/// Reads saved settings and checks their version. Never panics; the
/// caller falls back to [`Settings::default`] on an error.
pub fn decode_settings(text: &str) -> Result<Settings, PersistError> {
    super::from_json::<Settings>(text, SETTINGS_VERSION)?.validate()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(text: &str, expected: Result<Settings, &str>) {
        match (decode_settings(text), expected) {
            (Ok(got), Ok(want)) => assert_eq!(got, want, "{text}"),
            (Err(got), Err(want)) => assert!(got.to_string().contains(want), "{text}: {got}"),
            (got, want) => panic!("{text}: got {got:?}, expected {want:?}"),
        }
    }

    fn each_value_round_trips_through_its_id<T>()
    where
        T: SettingChoice + std::fmt::Debug + Serialize + for<'de> Deserialize<'de>,
    {
        for &value in T::ALL {
            // The id is the saved form, both ways.
            assert_eq!(
                serde_json::to_string(&value).unwrap(),
                format!("\"{}\"", value.id())
            );
            assert_eq!(
                serde_json::from_str::<T>(&format!("\"{}\"", value.id())).unwrap(),
                value
            );
            assert_eq!(T::from_id(value.id()), Some(value));
            assert_eq!(T::ALL.iter().filter(|v| **v == value).count(), 1);
            assert_eq!(
                T::ALL.iter().filter(|v| v.label() == value.label()).count(),
                1
            );
        }
        assert_eq!(T::from_id("purple"), None);
        assert!(serde_json::from_str::<T>("\"purple\"").is_err());
        assert!(serde_json::from_str::<T>("1").is_err());
    }

    #[test]
    fn every_settings_value_round_trips_through_its_id() {
        each_value_round_trips_through_its_id::<Theme>();
        each_value_round_trips_through_its_id::<TableColour>();
        each_value_round_trips_through_its_id::<CardBack>();
        each_value_round_trips_through_its_id::<Motion>();
    }

    #[test]
    fn round_trip() {
        let settings = Settings {
            theme: Theme::Dark,
            table: TableColour::Wine,
            card_back: CardBack::Stars,
            four_colour: true,
            large_cards: true,
            sound: true,
            motion: Motion::Off,
            ..Settings::default()
        };
        check(&encode_settings(&settings), Ok(settings));
        check(
            &encode_settings(&Settings::default()),
            Ok(Settings::default()),
        );
    }

    #[test]
    fn missing_fields_take_their_defaults() {
        check(r#"{"version":1}"#, Ok(Settings::default()));
        check(
            r#"{"version":1,"theme":"light","future_setting":3}"#,
            Ok(Settings {
                theme: Theme::Light,
                ..Settings::default()
            }),
        );
    }

    #[test]
    fn garbage_and_other_versions_are_refused() {
        check("", Err("not readable"));
        check("not json", Err("not readable"));
        check("[]", Err("not readable"));
        check("{}", Err("missing field `version`"));
        check(
            r#"{"version":1,"theme":"purple"}"#,
            Err("unknown value \"purple\""),
        );
        check(r#"{"version":1,"sound":"yes"}"#, Err("not readable"));
        check(r#"{"version":2}"#, Err("unknown format version 2"));
        check(
            r#"{"version":0,"theme":"dark"}"#,
            Err("unknown format version 0"),
        );
        check(
            r#"{"version":7,"theme":42}"#,
            Err("unknown format version 7"),
        );
    }
}
