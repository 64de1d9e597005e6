//! `junqi-bot check-store`: the whole store verified against itself. Every record of every
//! tree decodes, each index equals what the records call for (channel → live game, pair →
//! last game, both leaderboard trees), and each player's rated and unrated wins, losses, draws
//! and games equal a count over the finished games; every rematch window reads. Reads only;
//! the report lists every problem found.

use std::collections::{BTreeMap, HashMap};

use serde::de::DeserializeOwned;
use sled::Tree;

use super::{SledStore, queue, rematch, settings, tournaments};
use crate::GameKind;
use crate::store::codec::{self, id_key, pair_key, place_key};
use crate::store::error::StoreError;
use crate::store::records::{Challenge, FinishedGame, LiveGame, PlayerStats, UserId};
use crate::store::stats;

/// What `check-store` found.
#[derive(Clone, Debug, Default)]
pub struct CheckReport {
    /// Records read per tree.
    pub records: BTreeMap<String, u64>,
    /// Every problem, worded for the operator; empty when the store is sound.
    pub problems: Vec<String>,
}

impl CheckReport {
    pub fn is_sound(&self) -> bool {
        self.problems.is_empty()
    }
}

/// (wins, losses, draws, abandons, games; unrated wins, losses, draws) of one player on each
/// ladder, in [`GameKind::ALL`]'s order.
type Tally = [[u32; 8]; GameKind::ALL.len()];

fn tally_of(stats: &PlayerStats) -> Tally {
    GameKind::ALL.map(|game| {
        let on_ladder = stats.on(game);
        [
            on_ladder.wins,
            on_ladder.losses,
            on_ladder.draws,
            on_ladder.abandons,
            on_ladder.games,
            on_ladder.unrated_wins,
            on_ladder.unrated_losses,
            on_ladder.unrated_draws,
        ]
    })
}

impl SledStore {
    /// Verifies the whole store; never changes it.
    pub fn check(&self) -> Result<CheckReport, StoreError> {
        let mut report = CheckReport::default();
        let t = &self.trees;
        let players: Vec<PlayerStats> = decode_tree(&t.players, &mut report)?;
        let live: Vec<LiveGame> = decode_tree(&t.live_games, &mut report)?;
        let finished: Vec<FinishedGame> = decode_tree(&t.finished_games, &mut report)?;
        let _: Vec<Challenge> = decode_tree(&t.challenges, &mut report)?;
        self.check_rematch(&mut report)?;
        self.check_tournaments(&mut report)?;
        self.check_queue(&mut report)?;
        self.check_guild_settings(&mut report)?;
        self.check_cancelled(&mut report)?;
        self.check_analyses(&mut report)?;
        self.check_saved_layouts(&mut report)?;
        let quarantined = t.quarantine.len();
        if quarantined > 0 {
            report.problems.push(format!(
                "{quarantined} records are in quarantine (see the log)"
            ));
        }

        let by_place: BTreeMap<Vec<u8>, Vec<u8>> = live
            .iter()
            .map(|game| (place_key(game.place).to_vec(), id_key(game.id).to_vec()))
            .collect();
        compare_index(
            &t.live_by_place,
            &by_place,
            "channel → live game",
            &mut report,
        )?;

        let mut ordered: Vec<&FinishedGame> = finished.iter().collect();
        ordered.sort_by_key(|done| (done.ended_at_ms, done.game.id));
        let pairs: BTreeMap<Vec<u8>, Vec<u8>> = ordered
            .iter()
            .map(|done| {
                let [a, b] = done.game.players;
                (pair_key(a, b).to_vec(), id_key(done.game.id).to_vec())
            })
            .collect();
        compare_index(&t.pair_last, &pairs, "pair → last game", &mut report)?;

        let (rank_keys, rank_counts) = self.expected_rank()?;
        let rank: BTreeMap<Vec<u8>, Vec<u8>> =
            rank_keys.into_iter().map(|key| (key, Vec::new())).collect();
        compare_index(&t.rank, &rank, "leaderboard", &mut report)?;
        let counts: BTreeMap<Vec<u8>, Vec<u8>> = rank_counts
            .into_iter()
            .map(|(key, count)| (key, count.to_be_bytes().to_vec()))
            .collect();
        compare_index(&t.rank_counts, &counts, "leaderboard counts", &mut report)?;

        let tallies = tally(&ordered);
        for stats in &players {
            let counted = tallies.get(&stats.user).copied().unwrap_or_default();
            let stored = tally_of(stats);
            if counted != stored {
                report.problems.push(format!(
                    "player {} ({}): stored wins/losses/draws/abandons/games and unrated \
                     wins/losses/draws per ladder (flip, dark, open) {stored:?}, the finished \
                     games count {counted:?}",
                    stats.user, stats.name
                ));
            }
        }
        for user in tallies.keys() {
            if !players.iter().any(|stats| stats.user == *user) {
                report.problems.push(format!(
                    "player {user} played finished games but has no record"
                ));
            }
        }
        Ok(report)
    }
}

impl SledStore {
    /// Every rematch window must be readable. (One naming a game neither live nor finished is
    /// sound: a game cancelled after moving to its thread leaves one, and it reads as none.)
    fn check_rematch(&self, report: &mut CheckReport) -> Result<(), StoreError> {
        let tree = self.db.open_tree(rematch::TREE)?;
        let mut count = 0;
        for item in tree.iter() {
            let (key, value) = item?;
            count += 1;
            if let Err(reason) = rematch::decode_window(&key, &value) {
                report.problems.push(format!(
                    "{}: window {} does not decode: {reason}",
                    rematch::TREE,
                    hex(&key)
                ));
            }
        }
        report.records.insert(rematch::TREE.to_string(), count);
        Ok(())
    }

    /// Every guild's settings must decode under its own guild.
    fn check_guild_settings(&self, report: &mut CheckReport) -> Result<(), StoreError> {
        let tree = self.db.open_tree(settings::TREE)?;
        let mut count = 0;
        for item in tree.iter() {
            let (key, raw) = item?;
            count += 1;
            match codec::decode::<crate::store::GuildSettings>(&raw) {
                Ok(found) if key.as_ref() != id_key(found.guild) => {
                    report.problems.push(format!(
                        "{}: the settings of guild {} are stored under the key {}",
                        settings::TREE,
                        found.guild,
                        hex(&key)
                    ));
                }
                Ok(_) => {}
                Err(reason) => report.problems.push(format!(
                    "{}: settings {} do not decode: {reason}",
                    settings::TREE,
                    hex(&key)
                )),
            }
        }
        report.records.insert(settings::TREE.to_string(), count);
        Ok(())
    }

    /// Every tournament must decode under its own id, and a channel holds one open tournament.
    fn check_tournaments(&self, report: &mut CheckReport) -> Result<(), StoreError> {
        let tree = self.db.open_tree(tournaments::TREE)?;
        let mut open_channels = std::collections::BTreeSet::new();
        let mut count = 0;
        for item in tree.iter() {
            let (key, raw) = item?;
            count += 1;
            let tournament: crate::store::Tournament = match codec::decode(&raw) {
                Ok(tournament) => tournament,
                Err(reason) => {
                    report.problems.push(format!(
                        "{}: tournament {} does not decode: {reason}",
                        tournaments::TREE,
                        hex(&key)
                    ));
                    continue;
                }
            };
            if key.as_ref() != id_key(tournament.id) {
                report.problems.push(format!(
                    "{}: tournament {} is stored under the key {}",
                    tournaments::TREE,
                    tournament.id,
                    hex(&key)
                ));
            }
            if tournament.phase.is_open() && !open_channels.insert(place_key(tournament.place)) {
                report.problems.push(format!(
                    "{}: tournament {} is a second open tournament in its channel",
                    tournaments::TREE,
                    tournament.id
                ));
            }
        }
        report.records.insert(tournaments::TREE.to_string(), count);
        Ok(())
    }

    /// Every queue entry must decode under its member's id.
    fn check_queue(&self, report: &mut CheckReport) -> Result<(), StoreError> {
        let tree = self.db.open_tree(queue::TREE)?;
        let mut count = 0;
        for item in tree.iter() {
            let (key, raw) = item?;
            count += 1;
            match codec::decode::<crate::store::QueueEntry>(&raw) {
                Ok(entry) if key.as_ref() == id_key(entry.user) => {}
                Ok(entry) => report.problems.push(format!(
                    "{}: the entry of member {} is stored under the key {}",
                    queue::TREE,
                    entry.user,
                    hex(&key)
                )),
                Err(reason) => report.problems.push(format!(
                    "{}: entry {} does not decode: {reason}",
                    queue::TREE,
                    hex(&key)
                )),
            }
        }
        report.records.insert(queue::TREE.to_string(), count);
        Ok(())
    }
}

fn decode_tree<T: DeserializeOwned>(
    tree: &Tree,
    report: &mut CheckReport,
) -> Result<Vec<T>, StoreError> {
    let name = String::from_utf8_lossy(&tree.name()).into_owned();
    let mut out = Vec::new();
    let mut count = 0;
    for item in tree.iter() {
        let (key, raw) = item?;
        count += 1;
        match codec::decode(&raw) {
            Ok(value) => out.push(value),
            Err(reason) => report.problems.push(format!(
                "{name}: record {} does not decode: {reason}",
                hex(&key)
            )),
        }
    }
    report.records.insert(name, count);
    Ok(out)
}

fn compare_index(
    tree: &Tree,
    expected: &BTreeMap<Vec<u8>, Vec<u8>>,
    what: &str,
    report: &mut CheckReport,
) -> Result<(), StoreError> {
    let mut stored = BTreeMap::new();
    for item in tree.iter() {
        let (key, value) = item?;
        stored.insert(key.to_vec(), value.to_vec());
    }
    let name = String::from_utf8_lossy(&tree.name()).into_owned();
    report.records.insert(name, stored.len() as u64);
    if &stored == expected {
        return Ok(());
    }
    let wrong = expected
        .iter()
        .filter(|(key, value)| stored.get(*key) != Some(*value))
        .count();
    let extra = stored
        .keys()
        .filter(|key| !expected.contains_key(*key))
        .count();
    report.problems.push(format!(
        "{what} index: {wrong} entries missing or wrong, {extra} extra (repair: rebuild the \
         indexes)"
    ));
    Ok(())
}

/// Each player's totals recomputed from the finished games, oldest first, exactly as
/// `finish_game` adds them up.
fn tally(finished: &[&FinishedGame]) -> HashMap<UserId, Tally> {
    let mut stats: HashMap<UserId, PlayerStats> = HashMap::new();
    for done in finished {
        for update in stats::updates(done) {
            let next = stats::applied(stats.get(&update.user), &update);
            stats.insert(update.user, next);
        }
    }
    stats
        .into_iter()
        .map(|(user, stats)| (user, tally_of(&stats)))
        .collect()
}

pub(super) fn hex(key: &[u8]) -> String {
    key.iter().map(|byte| format!("{byte:02x}")).collect()
}
