//! The `junqi-bot` binary: the bot (`run`, `console`) and the analysis commands.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, Subcommand};
use junqi::cli::args::{GameArgs, LayoutCommand};
use junqi::cli::{notation, siguo, standard};
use junqi::config::{Config, LogFormat};
use junqi::game::Variant;
use junqi::ops::DataLayout;
use junqi::store::Store;

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
        /// A position in docs/rules.md §8 notation (§14 for the standard games, §22 for 四国),
        /// or `-`.
        position: String,
        #[command(flatten)]
        game: GameArgs,
    },
    /// Play one action on a position and print the new position and the outcome
    /// (`-`: `POSITION<TAB>ACTION` lines from stdin; `--record FILE`: a whole game's record).
    Apply {
        /// A position in docs/rules.md §8 notation (§14 for the standard games, §22 for 四国),
        /// or `-`.
        #[arg(required_unless_present = "record")]
        position: Option<String>,
        /// `flip B3` or `move B3 C3` (also `B3C3`, `b3-c3`); in 四国 `move SB3 SC3`.
        action: Option<String>,
        /// A game's record file (from `/replay` or `replay --record`; a standard game's record
        /// with `--variant standard`, a 四国 game's with `--variant siguo`): play it through and
        /// print its final position and outcome.
        #[arg(long, conflicts_with_all = ["position", "action"])]
        record: Option<PathBuf>,
        #[command(flatten)]
        game: GameArgs,
    },
    /// Layouts (布阵) of the standard games (docs/rules.md §10 and §14).
    Layout {
        #[command(subcommand)]
        command: LayoutCommand,
    },
    /// Run the Discord bot (token from the DISCORD_TOKEN environment variable; see README).
    Run {
        /// A config file (see config.example.toml); the defaults without one.
        #[arg(long)]
        config: Option<PathBuf>,
        /// The data directory (overrides the config's `data_dir`).
        #[arg(long)]
        data: Option<PathBuf>,
        /// The gateway shards this process runs, inclusive (`0-3`); needs PostgreSQL unless
        /// they are all of them. Overrides the config's `[discord] shards`.
        #[arg(long)]
        shards: Option<junqi::config::ShardRange>,
        /// How many shards the bot has in all (overrides `[discord] total_shards`).
        #[arg(long)]
        total_shards: Option<u32>,
    },
    /// Copy a sled data directory (players, finished games, live games with their clocks,
    /// challenges) into a PostgreSQL database and verify counts and checksums. Running it again
    /// changes nothing; it refuses while a bot holds the directory.
    MigrateStore {
        /// The data directory of the sled store (the one `run --data` uses).
        #[arg(long)]
        from: PathBuf,
        /// The database, `postgres://user@host:port/database`.
        #[arg(long)]
        to: String,
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
        #[command(flatten)]
        game: GameArgs,
        /// The standard games: whose view to draw, `red`, `black` or `public` (a spectator's:
        /// every piece a back of its colour, as nothing was shown yet); 四国: `S`, `E`, `N`,
        /// `W` (that seat's image, its arm at the bottom) or `public`.
        #[arg(long, default_value = "public")]
        view: junqi::cli::render::ViewArg,
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
    /// Write a finished game's win-chance chart (PNG) and print its three biggest swings;
    /// the series is computed once and kept in the store.
    Analyse {
        /// The data directory (the console's, or the bot's `data_dir`).
        #[arg(long)]
        data: PathBuf,
        /// The game number (as `/history` shows it).
        game: u64,
        /// The image file to write.
        #[arg(short, long, default_value = "chart.png")]
        output: PathBuf,
    },
    /// Verify the whole store (every record decodes; indexes and stats equal a recomputation);
    /// exit 1 on any problem. Run it with the bot stopped.
    CheckStore {
        #[arg(long)]
        config: Option<PathBuf>,
        /// The data directory (overrides the config's `data_dir`).
        #[arg(long)]
        data: Option<PathBuf>,
    },
    /// Write a consistent backup, even while the bot runs (the bot then writes it).
    Backup {
        #[arg(long)]
        config: Option<PathBuf>,
        #[arg(long)]
        data: Option<PathBuf>,
        /// The backup file (default: DATA/backups/backup-TIME.junqi-backup).
        #[arg(long)]
        to: Option<PathBuf>,
    },
    /// Restore a backup into a data directory whose store is empty or absent.
    Restore {
        /// The backup file.
        file: PathBuf,
        #[arg(long)]
        data: PathBuf,
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

/// Logs to stderr (`RUST_LOG` overrides `default_level`; colour only on a terminal; JSON
/// lines when configured) and builds the async runtime.
fn start_runtime(default_level: &str, format: LogFormat) -> Option<tokio::runtime::Runtime> {
    junqi::ops::logging::init(default_level, format);
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

/// The config of `run` and `console`, or exit code 2 with the reason printed.
fn load_config(file: Option<&Path>, data: Option<PathBuf>) -> Result<Config, ExitCode> {
    Config::resolve(file, data).map_err(|error| {
        eprintln!("error: {error}");
        ExitCode::from(2)
    })
}

fn run_console(options: junqi::console::ConsoleOptions) -> ExitCode {
    let config = match junqi::console::load_config(&options) {
        Ok(config) => config,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::from(2);
        }
    };
    let Some(runtime) = start_runtime("warn", config.log_format) else {
        return ExitCode::FAILURE;
    };
    let result = runtime.block_on(junqi::console::run_stdio(config, options.images));
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

fn run_bot(
    config_path: Option<PathBuf>,
    data: Option<PathBuf>,
    shards: Option<junqi::config::ShardRange>,
    total_shards: Option<u32>,
) -> ExitCode {
    let config = match load_config(config_path.as_deref(), data).and_then(|config| {
        config.with_shards(shards, total_shards).map_err(|error| {
            eprintln!("error: {error}");
            ExitCode::from(2)
        })
    }) {
        Ok(config) => config,
        Err(code) => return code,
    };
    if let Err(error) = junqi::discord::token_from_env(&config) {
        eprintln!("error: {error}");
        return ExitCode::from(2);
    }
    let Some(runtime) = start_runtime("info", config.log_format) else {
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

/// Logging for the offline store commands: warnings and errors, plain text.
fn quiet_logs() {
    junqi::ops::logging::init("warn", LogFormat::Text);
}

/// Runs an offline command on a runtime of its own, as the store's API is async: one thread,
/// with the blocking pool that sled's disk work runs on. `Err` (the exit code, the reason
/// printed) when no runtime can be started.
fn offline<F: Future>(work: F) -> Result<F::Output, ExitCode> {
    match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => Ok(runtime.block_on(work)),
        Err(error) => {
            eprintln!("error: cannot start the async runtime: {error}");
            Err(ExitCode::FAILURE)
        }
    }
}

fn check_store(config: Option<PathBuf>, data: Option<PathBuf>) -> ExitCode {
    let config = match load_config(config.as_deref(), data) {
        Ok(config) => config,
        Err(code) => return code,
    };
    quiet_logs();
    let layout = DataLayout::new(&config.data_dir);
    let report = offline(async {
        let store = Store::open(&layout.store()).await?;
        let report = store.check().await?;
        store.close_cleanly().await?;
        Ok::<_, junqi::store::StoreError>(report)
    });
    let report = match report {
        Ok(report) => report,
        Err(code) => return code,
    };
    match report {
        Ok(report) => {
            for (tree, count) in &report.records {
                println!("{tree}: {count} records");
            }
            for problem in &report.problems {
                println!("problem: {problem}");
            }
            if report.is_sound() {
                println!("store {}: sound", layout.store().display());
                ExitCode::SUCCESS
            } else {
                println!(
                    "store {}: {} problems",
                    layout.store().display(),
                    report.problems.len()
                );
                ExitCode::FAILURE
            }
        }
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}

fn backup(config: Option<PathBuf>, data: Option<PathBuf>, to: Option<PathBuf>) -> ExitCode {
    let config = match load_config(config.as_deref(), data) {
        Ok(config) => config,
        Err(code) => return code,
    };
    quiet_logs();
    let layout = DataLayout::new(&config.data_dir);
    let done = match offline(junqi::ops::backup::backup(&layout, to)) {
        Ok(done) => done,
        Err(code) => return code,
    };
    match done {
        Ok(done) => {
            println!("{done}");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}

fn restore(file: &Path, data: PathBuf) -> ExitCode {
    let config = match load_config(None, Some(data)) {
        Ok(config) => config,
        Err(code) => return code,
    };
    quiet_logs();
    let layout = DataLayout::new(&config.data_dir);
    if let Err(error) = layout.prepare() {
        eprintln!("error: {error}");
        return ExitCode::FAILURE;
    }
    let restored = match offline(Store::restore_backup(file, &layout.store())) {
        Ok(restored) => restored,
        Err(code) => return code,
    };
    match restored {
        Ok(summary) => {
            println!(
                "restored {} into {} (records {}: live games {}, finished games {})",
                file.display(),
                layout.store().display(),
                summary.records,
                summary.live_games,
                summary.finished_games
            );
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}

fn migrate_store(data_dir: &std::path::Path, url: &str) -> ExitCode {
    // The store of `run` and `console` (an old layout kept sled's files in DATA itself).
    let nested = DataLayout::new(data_dir).store();
    let dir = if !nested.join("db").exists() && data_dir.join("db").exists() {
        data_dir.to_path_buf()
    } else {
        nested
    };
    let migrated = match offline(junqi::store::migrate_sled_to_postgres(&dir, url)) {
        Ok(migrated) => migrated,
        Err(code) => return code,
    };
    match migrated {
        Ok(report) => {
            print!("{report}");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}

fn finish_case(result: Result<String, notation::CaseError>) -> ExitCode {
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

fn run_batch(case: impl FnMut(&str, &mut String) -> Result<(), notation::CaseError>) -> ExitCode {
    match notation::batch(io::stdin().lock(), io::stdout().lock(), case) {
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
        Command::Moves { position, game } => {
            let variant = match game.variant() {
                Ok(variant) => variant,
                Err(code) => return code,
            };
            if position == "-" {
                let mut analyst = notation::Analyst::for_variant(variant);
                run_batch(|line, out| analyst.moves(line, out))
            } else {
                finish_case(notation::moves(variant, &position))
            }
        }
        Command::Apply {
            position,
            action,
            record,
            game,
        } => {
            let variant = match game.variant() {
                Ok(variant) => variant,
                Err(code) => return code,
            };
            match (record, position, action) {
                // A standard or 四国 game's record says so on its first line: no --variant
                // needed.
                (Some(record), ..)
                    if variant == Variant::Siguo || siguo::is_siguo_record_file(&record) =>
                {
                    finish_case(siguo::apply_record(&record))
                }
                (Some(record), ..)
                    if variant == Variant::Flip && !standard::is_standard_record_file(&record) =>
                {
                    finish_case(notation::apply_record(&record))
                }
                (Some(record), ..) => finish_case(standard::apply_record(&record)),
                (None, Some(position), None) if position == "-" => {
                    let mut analyst = notation::Analyst::for_variant(variant);
                    run_batch(|line, out| analyst.apply_line(line, out))
                }
                (None, Some(position), Some(action)) => {
                    finish_case(notation::apply(variant, &position, &action))
                }
                _ => {
                    eprintln!(
                        "apply needs an ACTION after the POSITION (or `-` alone to read cases from stdin)"
                    );
                    ExitCode::from(2)
                }
            }
        }
        Command::Layout {
            command: LayoutCommand::Check { layout },
        } => finish_case(standard::check_layout(&layout)),
        Command::Run {
            config,
            data,
            shards,
            total_shards,
        } => run_bot(config, data, shards, total_shards),
        Command::CheckStore { config, data } => check_store(config, data),
        Command::Backup { config, data, to } => backup(config, data, to),
        Command::Restore { file, data } => restore(&file, data),
        Command::MigrateStore { from, to } => migrate_store(&from, &to),
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
            game,
            view,
        } => match game
            .variant()
            .map_err(|code| (code, String::new()))
            .and_then(|variant| {
                junqi::cli::render::render_to_file(
                    &position,
                    &output,
                    (guide.as_deref(), traditional),
                    (variant, view),
                )
                .map_err(|(code, message)| (ExitCode::from(code), message))
            }) {
            Ok(()) => ExitCode::SUCCESS,
            Err((code, message)) => {
                if !message.is_empty() {
                    eprintln!("{message}");
                }
                code
            }
        },
        Command::Replay {
            data,
            game,
            output,
            record,
            speed,
        } => offline(junqi::cli::replay::replay_to_files(
            &data,
            game,
            &output,
            record.as_deref(),
            speed,
        ))
        .map_or_else(|code| code, reported),
        Command::Analyse { data, game, output } => {
            offline(junqi::cli::analyse::analyse_to_file(&data, game, &output))
                .map_or_else(|code| code, reported)
        }
    }
}

/// Prints a command's report and exits 0, or prints its error and exits with its code.
fn reported(result: Result<impl std::fmt::Display, (u8, String)>) -> ExitCode {
    match result {
        Ok(report) => {
            print!("{report}");
            ExitCode::SUCCESS
        }
        Err((code, message)) => {
            eprintln!("{message}");
            ExitCode::from(code)
        }
    }
}
