//! The player's recent custom rule sets: the last few composed or played,
//! newest first, offered again in the new-deal and daily dialogs. An id in
//! the list that is no custom set is left out ([`RecentSets::decode`]); a
//! document that cannot be read at all (not JSON, another shape, another
//! version) is an error, which the storage layer sets aside like any other
//! unreadable document.
//!
//! Format v1: `{"version": 1, "sets": ["custom-2-1-waste-pyramid-no", …]}`,
//! newest first.

use pyramid_engine::{Custom, Preset};
use serde::{Deserialize, Serialize};

use super::PersistError;

/// The version [`RecentSets`] is saved as.
pub const RECENT_VERSION: u32 = 1;

/// How many custom sets are kept.
pub const MAX_RECENT: usize = 4;

/// The latest custom sets, newest first: at most [`MAX_RECENT`], each once.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "SavedSets", into = "SavedSets")]
pub struct RecentSets {
    sets: Vec<Custom>,
}

/// The document as saved. An id that is no custom set drops only itself.
#[derive(Serialize, Deserialize)]
struct SavedSets {
    version: u32,
    #[serde(default)]
    sets: Vec<String>,
}

impl RecentSets {
    /// The sets, newest first.
    pub fn sets(&self) -> &[Custom] {
        &self.sets
    }

    /// `set` was just used: it goes first (once), the oldest beyond
    /// [`MAX_RECENT`] is dropped. Returns whether the list changed.
    pub fn used(&mut self, set: Custom) -> bool {
        if self.sets.first() == Some(&set) {
            return false;
        }
        self.sets.retain(|&s| s != set);
        self.sets.insert(0, set);
        self.sets.truncate(MAX_RECENT);
        true
    }

    /// The list saved as `text`: an error when it cannot be read (not
    /// JSON, another shape, another version).
    pub fn decode(text: &str) -> Result<RecentSets, PersistError> {
        let saved: SavedSets = super::from_json(text, RECENT_VERSION)?;
        super::check_version(saved.version, RECENT_VERSION)?;
        Ok(RecentSets::from_sets(&saved.sets))
    }

    /// The custom sets among `ids`, each once, at most [`MAX_RECENT`].
    fn from_sets(ids: &[String]) -> RecentSets {
        let mut recent = RecentSets::default();
        for id in ids {
            if recent.sets.len() == MAX_RECENT {
                break;
            }
            if let Ok(set) = id.parse::<Custom>() {
                if !recent.sets.contains(&set) {
                    recent.sets.push(set);
                }
            }
        }
        recent
    }

    /// The list as saved.
    pub fn to_saved(&self) -> String {
        // Numbers and strings: always serializes.
        serde_json::to_string(self).unwrap_or_default()
    }
}

impl TryFrom<SavedSets> for RecentSets {
    type Error = PersistError;

    fn try_from(saved: SavedSets) -> Result<RecentSets, PersistError> {
        super::check_version(saved.version, RECENT_VERSION)?;
        Ok(RecentSets::from_sets(&saved.sets))
    }
}

impl From<RecentSets> for SavedSets {
    fn from(recent: RecentSets) -> SavedSets {
        SavedSets {
            version: RECENT_VERSION,
            sets: recent
                .sets
                .into_iter()
                .map(|s| Preset::Custom(s).id().into_owned())
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(id: &str) -> Custom {
        id.parse().unwrap()
    }

    #[test]
    fn the_newest_goes_first_once_and_four_are_kept() {
        let mut recent = RecentSets::default();
        let ids = [
            "custom-1-1-waste-pyramid-no",
            "custom-2-1-waste-pyramid-no",
            "custom-3-3-drawcard-all-overlap",
            "custom-u-1-waste-pyramid-overlap",
            "custom-2-3-drawcard-pyramid-no",
        ];
        for id in ids {
            assert!(recent.used(set(id)));
        }
        let expected: Vec<Custom> = ids[1..].iter().rev().map(|id| set(id)).collect();
        assert_eq!(recent.sets(), &expected[..]);
        // Using the newest again changes nothing; an older one moves up.
        assert!(!recent.used(set(ids[4])));
        assert!(recent.used(set(ids[2])));
        assert_eq!(recent.sets()[0], set(ids[2]));
        assert_eq!(recent.sets().len(), MAX_RECENT);
        assert_eq!(
            recent.sets().iter().filter(|&&s| s == set(ids[2])).count(),
            1
        );
    }

    #[test]
    fn the_list_round_trips_through_its_saved_form() {
        let mut recent = RecentSets::default();
        assert_eq!(RecentSets::decode(&recent.to_saved()).unwrap(), recent);
        recent.used(set("custom-u-3-waste-all-no"));
        recent.used(set("custom-1-1-drawcard-pyramid-overlap"));
        let text = recent.to_saved();
        assert_eq!(
            text,
            r#"{"version":1,"sets":["custom-1-1-drawcard-pyramid-overlap","custom-u-3-waste-all-no"]}"#
        );
        assert_eq!(RecentSets::decode(&text).unwrap(), recent);
        for c in Custom::all() {
            let mut one = RecentSets::default();
            one.used(c);
            assert_eq!(RecentSets::decode(&one.to_saved()).unwrap(), one);
        }
    }

    #[test]
    fn bad_saved_data_is_an_error_and_bad_ids_drop_themselves() {
        for bad in [
            "",
            "null",
            "[]",
            "not json",
            r#"{"sets":["custom-1-1-waste-pyramid-no"]}"#,
            r#"{"version":2,"sets":["custom-1-1-waste-pyramid-no"]}"#,
            r#"{"version":"1","sets":[]}"#,
            r#"{"version":1,"sets":"custom-1-1-waste-pyramid-no"}"#,
            r#"{"version":1,"sets":["custom-1-1-waste-pyramid-no",7]}"#,
            r#"{"version":1,"sets":[null]}"#,
        ] {
            assert!(RecentSets::decode(bad).is_err(), "{bad}");
        }
        assert!(matches!(
            RecentSets::decode(r#"{"version":2,"sets":[]}"#),
            Err(PersistError::UnknownVersion(2))
        ));
        assert_eq!(
            RecentSets::decode(r#"{"version":1}"#).unwrap(),
            RecentSets::default()
        );
        // Ids that are no custom set (a named game, junk, a repeat) drop
        // themselves only; five good ones keep the first four.
        let text = r#"{"version":1,"sets":["classic","","custom-2-1-waste-pyramid-no",
            "custom-9-1-waste-pyramid-no","custom-2-1-waste-pyramid-no","x",
            "custom-1-3-waste-all-overlap","custom-u-1-waste-pyramid-no",
            "custom-3-1-drawcard-all-no","custom-1-1-waste-pyramid-no"],"extra":true}"#;
        let read = RecentSets::decode(text).unwrap();
        let ids: Vec<String> = read
            .sets()
            .iter()
            .map(|&s| Preset::Custom(s).id().into_owned())
            .collect();
        assert_eq!(
            ids,
            [
                "custom-2-1-waste-pyramid-no",
                "custom-1-3-waste-all-overlap",
                "custom-u-1-waste-pyramid-no",
                "custom-3-1-drawcard-all-no"
            ]
        );
    }
}
