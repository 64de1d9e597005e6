//! The command-line arguments the analysis commands share: which game they read
//! (`--variant`, `--rule`) and the `layout` subcommands (docs/rules.md §14).

use std::process::ExitCode;

use clap::Subcommand;

use crate::game::{StandardRule, Variant};

/// Which game the analysis commands read: `--variant` and its `--rule`s.
#[derive(clap::Args)]
pub struct GameArgs {
    /// `flip` (翻翻棋, docs/rules.md §1–8), `standard` (暗棋/明棋, §9–14) or `siguo` (四国,
    /// §15–22, the standard deal).
    #[arg(long, default_value = "flip")]
    pub variant: Variant,
    /// An option of the standard games: `mine_survives` or `engineer_scouts` (repeatable).
    #[arg(long = "rule")]
    pub rules: Vec<StandardRule>,
}

impl GameArgs {
    /// The variant with its rules switched on; a rule of the flip game is refused (exit 2).
    pub fn variant(&self) -> Result<Variant, ExitCode> {
        self.rules
            .iter()
            .try_fold(self.variant, |variant, rule| variant.with(*rule))
            .map_err(|error| {
                eprintln!("{error}");
                ExitCode::from(2)
            })
    }
}

#[derive(Subcommand)]
pub enum LayoutCommand {
    /// Check a layout: exit 0 and `valid: LAYOUT`, or exit 2 naming the rule broken and the post.
    Check {
        /// 6 ranks from the owner's front row to their back row, separated by `/`.
        layout: String,
    },
}
