//! Stored analyses (`/analyse`): the win-chance series of a finished game, computed once (it
//! costs seconds of search) and served from here afterwards. One record per game, under its
//! own tree (sled, `v1/analyses`) or table (PostgreSQL, migration 009), carried by backups,
//! check-store and migrate-store. A record carries a checksum of its contents: a record whose
//! bytes were damaged fails to decode, is quarantined like any corrupt record and is never
//! served (the analysis is then simply computed again).

use serde::{Deserialize, Serialize};

/// The record layout this build writes.
pub const ANALYSIS_VERSION: u16 = 1;

/// The series of one finished game, as `crate::analysis` computed it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(try_from = "AnalysisBody", into = "AnalysisBody")]
pub struct StoredAnalysis {
    pub game: u64,
    /// `crate::analysis::ESTIMATOR_VERSION` when it was computed: another version's series is
    /// computed again.
    pub estimator: u16,
    /// Seat First's chance in thousandths at the start and after each action.
    pub chances: Vec<u16>,
    /// The result on the same scale.
    pub end: u16,
}

/// What is written: the record with its version and checksum.
#[derive(Clone, Serialize, Deserialize)]
struct AnalysisBody {
    version: u16,
    game: u64,
    estimator: u16,
    chances: Vec<u16>,
    end: u16,
    checksum: u32,
}

/// CRC-32 of everything the record says.
fn checksum(analysis: &StoredAnalysis) -> u32 {
    let mut hasher = crc32fast::Hasher::new();
    hasher.update(&analysis.game.to_be_bytes());
    hasher.update(&analysis.estimator.to_be_bytes());
    hasher.update(&(analysis.chances.len() as u64).to_be_bytes());
    for chance in &analysis.chances {
        hasher.update(&chance.to_be_bytes());
    }
    hasher.update(&analysis.end.to_be_bytes());
    hasher.finalize()
}

impl From<StoredAnalysis> for AnalysisBody {
    fn from(analysis: StoredAnalysis) -> AnalysisBody {
        let checksum = checksum(&analysis);
        AnalysisBody {
            version: ANALYSIS_VERSION,
            game: analysis.game,
            estimator: analysis.estimator,
            chances: analysis.chances,
            end: analysis.end,
            checksum,
        }
    }
}

impl TryFrom<AnalysisBody> for StoredAnalysis {
    type Error = String;

    fn try_from(body: AnalysisBody) -> Result<StoredAnalysis, String> {
        if body.version > ANALYSIS_VERSION {
            return Err(format!(
                "analysis record version {} is newer than this build's {ANALYSIS_VERSION}",
                body.version
            ));
        }
        let analysis = StoredAnalysis {
            game: body.game,
            estimator: body.estimator,
            chances: body.chances,
            end: body.end,
        };
        if checksum(&analysis) != body.checksum {
            return Err("the analysis does not match its checksum".into());
        }
        if analysis.chances.is_empty()
            || analysis.end > 1000
            || analysis.chances.iter().any(|chance| *chance > 1000)
        {
            return Err("the analysis holds a chance outside 0–100 %".into());
        }
        Ok(analysis)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::codec;

    fn sample() -> StoredAnalysis {
        StoredAnalysis {
            game: 7,
            estimator: 1,
            chances: vec![500, 520, 480, 1000],
            end: 1000,
        }
    }

    #[test]
    fn a_record_reads_back_and_a_damaged_one_is_refused() {
        let bytes = codec::encode("analysis", &sample()).unwrap();
        assert_eq!(codec::decode::<StoredAnalysis>(&bytes).unwrap(), sample());
        // Every single changed byte of the body is caught (by the checksum or the layout).
        for index in 1..bytes.len() {
            let mut damaged = bytes.clone();
            damaged[index] ^= 0x10;
            assert!(
                codec::decode::<StoredAnalysis>(&damaged).is_err(),
                "byte {index} damaged"
            );
        }
    }
}
