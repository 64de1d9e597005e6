//! The AI's strength levels, its configuration and how much work one decision may take.

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use thiserror::Error;

use super::eval::Drive;

/// How strong the AI plays: how deep it searches and how much noise it adds to its choices.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Level {
    Easy,
    Normal,
    Hard,
    /// Searches deeper and orders moves by what cut before (search.rs).
    Master,
}

#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown AI level \"{0}\": choose easy, normal, hard or master")]
pub struct LevelParseError(pub String);

impl Level {
    pub const ALL: [Level; 4] = [Level::Easy, Level::Normal, Level::Hard, Level::Master];

    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
            Level::Master => "master",
        }
    }

    /// The search settings this level plays with.
    pub(crate) const fn settings(self) -> SearchSettings {
        match self {
            Level::Easy => SearchSettings {
                max_depth: 1,
                noise: 120,
                ..SearchSettings::PLAIN
            },
            Level::Normal => SearchSettings {
                max_depth: 2,
                drive: Drive::ALL,
                repetition: true,
                ..SearchSettings::PLAIN
            },
            Level::Hard => SearchSettings {
                drive: Drive::ALL,
                repetition: true,
                hunt: Hunt::Safely,
                ..SearchSettings::PLAIN
            },
            Level::Master => SearchSettings {
                max_depth: 8,
                noise: 3,
                drive: Drive::ALL,
                history: true,
                refines: true,
                repetition: true,
                hunt: Hunt::Boldly,
            },
        }
    }
}

/// How one search plays: what a level maps to, and what the post-game analysis uses on its own
/// (`SearchSettings::ANALYSIS`, fixed so that its fitted scale cannot move when levels change).
#[derive(Clone, Copy, Debug)]
pub(crate) struct SearchSettings {
    /// The deepest full-width search (in plies, the root included) iterative deepening tries.
    pub max_depth: u8,
    /// Random noise added to each root action's score (in evaluation units, a lieutenant being
    /// worth 150): easy players blunder now and then.
    pub noise: i32,
    /// The parts of the evaluation's drive to cash in a lead before the quiet and length draws
    /// (eval.rs).
    pub drive: Drive,
    /// Quiet moves ordered by the history of cut-offs (history.rs) instead of as they come.
    pub history: bool,
    /// The master's refinements: only the most promising root flips searched past the first
    /// iteration, and partial iterations kept.
    pub refines: bool,
    /// The repetition rule played out in the search, for both sides.
    pub repetition: bool,
    /// Whether enemy pieces are run down by the endgame tables (ai/hunt) once nothing is face
    /// down, and at what risk.
    pub hunt: Hunt,
}

/// How a level plays the chases the endgame tables find (ai/hunt).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Hunt {
    Never,
    /// Only chases that risk nothing meanwhile: against the enemy's last mover, or leaving no
    /// enemy attack that gains anything. Hard's: against a level that takes what is left
    /// hanging, a bolder hunt loses more pieces than it runs down.
    Safely,
    /// Every chase, the quickest safe one first: the master's, which would rather trade a
    /// piece for a won chase than shuffle into the quiet or the length draw.
    Boldly,
}

impl Hunt {
    /// Whether a chase the tables found is played.
    pub fn plays(self, chase_is_safe: bool) -> bool {
        match self {
            Hunt::Never => false,
            Hunt::Safely => chase_is_safe,
            Hunt::Boldly => true,
        }
    }
}

impl SearchSettings {
    /// Depth 4 with the plain evaluation and no refinements (hard until December 2026).
    const PLAIN: SearchSettings = SearchSettings {
        max_depth: 4,
        noise: 3,
        drive: Drive::NONE,
        history: false,
        refines: false,
        repetition: false,
        hunt: Hunt::Never,
    };

    /// The analysis's search (analysis/estimate.rs): its `SCALE` was fitted against it.
    pub const ANALYSIS: SearchSettings = SearchSettings::PLAIN;
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = LevelParseError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let wanted = text.trim().to_ascii_lowercase();
        Level::ALL
            .into_iter()
            .find(|level| level.name() == wanted)
            .ok_or_else(|| LevelParseError(text.trim().chars().take(20).collect()))
    }
}

/// Stored as its name, so a record holds the same bytes as when the level was a string.
impl serde::Serialize for Level {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> serde::Deserialize<'de> for Level {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}

/// What the game service passes for each decision.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct AiConfig {
    pub level: Level,
    /// Wall-clock time the decision may take.
    pub budget: Duration,
    /// Seeds the determinisation and the tie-breaking noise.
    pub seed: u64,
}

impl AiConfig {
    pub fn new(level: Level, budget: Duration, seed: u64) -> AiConfig {
        AiConfig {
            level,
            budget,
            seed,
        }
    }
}

/// Per-level thinking budgets in milliseconds (`[ai_budgets_ms]` in the config file, e.g.
/// `master = 2000`); a level without one uses the general `ai_budget_ms`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LevelBudgets {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub easy: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub normal: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hard: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub master: Option<u32>,
}

impl LevelBudgets {
    /// The budget of `level`, or `general` when the level has none of its own.
    pub fn for_level(&self, level: Level, general: u32) -> u32 {
        let own = match level {
            Level::Easy => self.easy,
            Level::Normal => self.normal,
            Level::Hard => self.hard,
            Level::Master => self.master,
        };
        own.unwrap_or(general)
    }

    /// The first level whose own budget is 0, if any (a budget must be at least 1 ms).
    pub fn zero(&self) -> Option<Level> {
        Level::ALL
            .into_iter()
            .find(|level| self.for_level(*level, 1) == 0)
    }
}

/// How much work a decision may take: wall-clock time (the service) or a fixed number of
/// search nodes (reproducible whatever the machine, for tests and analysis).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SearchBudget {
    Time(Duration),
    Nodes(u64),
}

/// The same budget as a stopping rule for the search.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limit {
    pub deadline: Option<Instant>,
    pub max_nodes: u64,
}

/// Time kept back from a time budget for returning and for the scheduler: a busy machine can
/// keep a thread off the CPU for a few milliseconds after the search noticed its deadline.
const SAFETY_MARGIN: Duration = Duration::from_micros(1500);
const SAFETY_SHARE: u32 = 20;

impl SearchBudget {
    pub(crate) fn limit(self, started: Instant) -> Limit {
        match self {
            SearchBudget::Time(budget) => Limit {
                deadline: Some(
                    started + budget.saturating_sub(SAFETY_MARGIN.max(budget / SAFETY_SHARE)),
                ),
                max_nodes: u64::MAX,
            },
            SearchBudget::Nodes(nodes) => Limit {
                deadline: None,
                max_nodes: nodes,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_read_and_print() {
        for level in Level::ALL {
            assert_eq!(level.to_string().parse::<Level>(), Ok(level));
            assert_eq!(level.name().to_uppercase().parse::<Level>(), Ok(level));
        }
        assert!("expert".parse::<Level>().is_err());
        assert!("".parse::<Level>().is_err());
    }

    #[test]
    fn a_level_without_its_own_budget_uses_the_general_one() {
        let budgets = LevelBudgets {
            master: Some(2000),
            ..LevelBudgets::default()
        };
        assert_eq!(budgets.for_level(Level::Master, 1000), 2000);
        assert_eq!(budgets.for_level(Level::Hard, 1000), 1000);
        assert_eq!(budgets.zero(), None);
        let zero = LevelBudgets {
            easy: Some(0),
            ..LevelBudgets::default()
        };
        assert_eq!(zero.zero(), Some(Level::Easy));
    }

    #[test]
    fn every_level_but_easy_presses_the_top_two_hunt_and_only_the_master_refines() {
        for level in Level::ALL {
            let settings = level.settings();
            let presses = level != Level::Easy;
            assert_eq!(settings.drive.shrink, presses, "{level}");
            assert_eq!(settings.drive.draw_costs_lead, presses, "{level}");
            assert_eq!(settings.refines, level == Level::Master, "{level}");
            assert_eq!(settings.repetition, presses, "{level}");
            let hunt = match level {
                Level::Easy | Level::Normal => Hunt::Never,
                Level::Hard => Hunt::Safely,
                Level::Master => Hunt::Boldly,
            };
            assert_eq!(settings.hunt, hunt, "{level}");
        }
        // The analysis keeps the plain search its scale was fitted against.
        const {
            assert!(!SearchSettings::ANALYSIS.drive.shrink);
            assert!(!SearchSettings::ANALYSIS.refines);
            assert!(!SearchSettings::ANALYSIS.repetition);
            assert!(matches!(SearchSettings::ANALYSIS.hunt, Hunt::Never));
        }
    }

    #[test]
    fn levels_are_stored_as_their_names() {
        for level in Level::ALL {
            let bytes = postcard::to_allocvec(&level).unwrap();
            assert_eq!(bytes, postcard::to_allocvec(level.name()).unwrap());
            assert_eq!(postcard::from_bytes::<Level>(&bytes), Ok(level));
        }
        let unknown = postcard::to_allocvec("expert").unwrap();
        assert!(postcard::from_bytes::<Level>(&unknown).is_err());
    }
}
