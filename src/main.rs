//! The `junqi-bot` binary: the bot (`run`, `console`) and the analysis commands.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use junqi::cli::analysis;

#[derive(Parser)]
#[command(
    name = "junqi-bot",
    version,
    about = "军棋翻翻棋 (Junqi flip chess) for Discord and the terminal"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print every legal action of a position, one per line, sorted (`-`: positions from stdin).
    Moves {
        /// A position in RULES.md §8 notation, or `-`.
        position: String,
    },
    /// Play one action on a position and print the new position and the outcome
    /// (`-`: `POSITION<TAB>ACTION` lines from stdin).
    Apply {
        /// A position in RULES.md §8 notation, or `-`.
        position: String,
        /// `flip B3` or `move B3 C3` (also `B3C3`, `b3-c3`).
        action: Option<String>,
    },
}

fn finish_case(result: Result<String, analysis::CaseError>) -> ExitCode {
    match result {
        Ok(text) => {
            print!("{text}");
            let _ = io::stdout().flush();
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("{}", error.message());
            ExitCode::from(error.exit_code())
        }
    }
}

fn run_batch(case: impl Fn(&str) -> Result<String, analysis::CaseError>) -> ExitCode {
    match analysis::batch(io::stdin().lock(), io::stdout().lock(), case) {
        Ok(code) => ExitCode::from(code),
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::from(2)
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Moves { position } if position == "-" => run_batch(analysis::moves),
        Command::Moves { position } => finish_case(analysis::moves(&position)),
        Command::Apply {
            position,
            action: None,
        } if position == "-" => run_batch(analysis::apply_line),
        Command::Apply {
            position,
            action: Some(action),
        } => finish_case(analysis::apply(&position, &action)),
        Command::Apply { action: None, .. } => {
            eprintln!(
                "apply needs an ACTION after the POSITION (or `-` alone to read cases from stdin)"
            );
            ExitCode::from(2)
        }
    }
}
