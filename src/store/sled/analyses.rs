//! Stored analyses on sled: the tree `v1/analyses` (game id → [`StoredAnalysis`]). Opened by
//! name on each call, like the settings, so it needs no schema step: an older store simply has
//! no analyses yet. Backups carry it, check-store reads it and migrate-store copies it.

use super::SledStore;
use super::check::CheckReport;
use crate::store::analyses::StoredAnalysis;
use crate::store::codec::{self, id_key};
use crate::store::error::StoreError;

pub(super) const TREE: &str = "v1/analyses";
const ANALYSIS: &str = "analysis";

impl SledStore {
    /// Stores (or replaces) a game's analysis; durable on return.
    pub fn put_analysis(&self, analysis: &StoredAnalysis) -> Result<(), StoreError> {
        let tree = self.db.open_tree(TREE)?;
        tree.insert(id_key(analysis.game), codec::encode(ANALYSIS, analysis)?)?;
        self.flush()
    }

    /// Game `id`'s analysis; a damaged record is quarantined and `None` returned.
    pub fn analysis(&self, id: u64) -> Result<Option<StoredAnalysis>, StoreError> {
        let tree = self.db.open_tree(TREE)?;
        let found: Option<StoredAnalysis> = self.read(&tree, ANALYSIS, &id_key(id))?;
        Ok(found.filter(|analysis| analysis.game == id))
    }

    /// Every analysis by game; a damaged record is quarantined and skipped.
    pub fn analyses(&self) -> Result<Vec<StoredAnalysis>, StoreError> {
        let tree = self.db.open_tree(TREE)?;
        self.read_all(&tree, ANALYSIS)
    }

    /// check-store: every analysis decodes (its checksum holds) under its own game's key, and
    /// that game is finished.
    pub(super) fn check_analyses(&self, report: &mut CheckReport) -> Result<(), StoreError> {
        let tree = self.db.open_tree(TREE)?;
        let mut count = 0;
        for item in tree.iter() {
            let (key, raw) = item?;
            count += 1;
            let analysis = match codec::decode::<StoredAnalysis>(&raw) {
                Ok(analysis) => analysis,
                Err(reason) => {
                    report
                        .problems
                        .push(format!("{TREE}: a record does not decode: {reason}"));
                    continue;
                }
            };
            let game = analysis.game;
            if key.as_ref() != id_key(game) {
                report.problems.push(format!(
                    "{TREE}: game {game}'s analysis is stored under another key"
                ));
            }
            if !self.trees.finished_games.contains_key(id_key(game))? {
                report
                    .problems
                    .push(format!("{TREE}: game {game} is analysed but not finished"));
            }
        }
        report.records.insert(TREE.to_string(), count);
        Ok(())
    }
}
