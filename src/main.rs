//! The `junqi-bot` binary: the bot (`run`, `console`) and the analysis commands.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

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
        /// A position in docs/rules.md §8 notation, or `-`.
        position: String,
    },
    /// Play one action on a position and print the new position and the outcome
    /// (`-`: `POSITION<TAB>ACTION` lines from stdin).
    Apply {
        /// A position in docs/rules.md §8 notation, or `-`.
        position: String,
        /// `flip B3` or `move B3 C3` (also `B3C3`, `b3-c3`).
        action: Option<String>,
    },
    /// Run the Discord bot (token from the DISCORD_TOKEN environment variable; see README).
    Run {
        /// A config file (see config.example.toml); the defaults without one.
        #[arg(long)]
        config: Option<PathBuf>,
        /// The data directory (overrides the config's `data_dir`).
        #[arg(long)]
        data: Option<PathBuf>,
    },
    /// Draw a position (full or public notation) as the bot's board image.
    Render {
        /// A position in docs/rules.md §8 notation (`?` and `-` allowed).
        position: String,
        /// The PNG file to write.
        #[arg(short, long, default_value = "board.png")]
        output: PathBuf,
        /// Show the move guide of the piece on this square.
        #[arg(long)]
        guide: Option<String>,
        /// Traditional characters (繁體) for piece names.
        #[arg(long)]
        traditional: bool,
    },
    /// Write a finished game's animated replay (and, with --record, its record text).
    Replay {
        /// The data directory (the console's, or the bot's `data_dir`).
        #[arg(long)]
        data: PathBuf,
        /// The game number (as `/history` shows it).
        game: u64,
        /// The image file to write.
        #[arg(short, long, default_value = "game.gif")]
        output: PathBuf,
        /// Also write the record (checkable with `junqi-bot apply`) to this file.
        #[arg(long)]
        record: Option<PathBuf>,
        /// Actions per second (1–10).
        #[arg(long)]
        speed: Option<u32>,
    },
    /// Play in the terminal: each line is `NAME /command args…` (`NAME#CHANNEL /command …`).
    Console {
        /// A config file (see config.example.toml); the defaults without one.
        #[arg(long)]
        config: Option<PathBuf>,
        /// The data directory (overrides the config's `data_dir`).
        #[arg(long)]
        data: Option<PathBuf>,
        /// Where board images are written (default: DATA/images).
        #[arg(long)]
        images: Option<PathBuf>,
    },
}

/// Logs to stderr (`RUST_LOG` overrides `default_level`) and builds the async runtime.
fn start_runtime(default_level: &str) -> Option<tokio::runtime::Runtime> {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(default_level));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(io::stderr)
        .init();
    match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => Some(runtime),
        Err(error) => {
            eprintln!("error: cannot start the async runtime: {error}");
            None
        }
    }
}

fn run_console(options: junqi::console::ConsoleOptions) -> ExitCode {
    let Some(runtime) = start_runtime("warn") else {
        return ExitCode::FAILURE;
    };
    let result = runtime.block_on(junqi::console::run_stdio(options));
    // Reading stdin occupies a blocking thread that end-of-input or Ctrl-C may leave waiting.
    runtime.shutdown_timeout(Duration::from_millis(200));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}

fn run_bot(config_path: Option<PathBuf>, data: Option<PathBuf>) -> ExitCode {
    let mut config = match config_path {
        Some(path) => match junqi::config::Config::load(&path) {
            Ok(config) => config,
            Err(error) => {
                eprintln!("error: {error}");
                return ExitCode::from(2);
            }
        },
        None => junqi::config::Config::default(),
    };
    if let Some(data) = data {
        config.data_dir = data;
    }
    if let Err(error) = junqi::discord::token_from_env(&config) {
        eprintln!("error: {error}");
        return ExitCode::from(2);
    }
    let Some(runtime) = start_runtime("info") else {
        return ExitCode::FAILURE;
    };
    match runtime.block_on(junqi::discord::run(config)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
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

fn run_batch(case: impl FnMut(&str, &mut String) -> Result<(), analysis::CaseError>) -> ExitCode {
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
        Command::Moves { position } if position == "-" => {
            let mut analyst = analysis::Analyst::new();
            run_batch(|line, out| analyst.moves(line, out))
        }
        Command::Moves { position } => finish_case(analysis::moves(&position)),
        Command::Apply {
            position,
            action: None,
        } if position == "-" => {
            let mut analyst = analysis::Analyst::new();
            run_batch(|line, out| analyst.apply_line(line, out))
        }
        Command::Apply {
            position,
            action: Some(action),
        } => finish_case(analysis::apply(&position, &action)),
        Command::Run { config, data } => run_bot(config, data),
        Command::Console {
            config,
            data,
            images,
        } => run_console(junqi::console::ConsoleOptions {
            config,
            data,
            images,
        }),
        Command::Render {
            position,
            output,
            guide,
            traditional,
        } => match junqi::cli::render::render_to_file(
            &position,
            &output,
            guide.as_deref(),
            traditional,
        ) {
            Ok(()) => ExitCode::SUCCESS,
            Err((code, message)) => {
                eprintln!("{message}");
                ExitCode::from(code)
            }
        },
        Command::Replay {
            data,
            game,
            output,
            record,
            speed,
        } => match junqi::cli::replay::replay_to_files(
            &data,
            game,
            &output,
            record.as_deref(),
            speed,
        ) {
            Ok(report) => {
                print!("{report}");
                ExitCode::SUCCESS
            }
            Err((code, message)) => {
                eprintln!("{message}");
                ExitCode::from(code)
            }
        },
        Command::Apply { action: None, .. } => {
            eprintln!(
                "apply needs an ACTION after the POSITION (or `-` alone to read cases from stdin)"
            );
            ExitCode::from(2)
        }
    }
}
