//! Logging to stderr: `RUST_LOG` (or the caller's default level) chooses what is written, in
//! text or JSON lines, except that the PostgreSQL driver never logs below INFO whatever
//! `RUST_LOG` says. At DEBUG `tokio_postgres` writes every statement's parameters, and those
//! are record bytes: a live game's record carries the deal seed, from which every face-down
//! piece could be recomputed, and no log line may reveal a face-down piece (the test
//! `faults_logs::trace_logs_on_postgres_hold_no_seed_parameters_or_identities` holds it to that).

use std::io::{self, IsTerminal};

use tracing::Level;
use tracing_subscriber::filter::{EnvFilter, FilterFn};
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::{Layer, fmt};

use crate::config::LogFormat;

/// The log targets whose DEBUG and TRACE lines may carry statement parameters.
const QUIET_TARGETS: [&str; 2] = ["tokio_postgres", "postgres_protocol"];

/// Whether a line with this target and level may be written at all.
pub fn allowed(target: &str, level: &Level) -> bool {
    let driver = QUIET_TARGETS
        .iter()
        .any(|quiet| target == *quiet || target.starts_with(&format!("{quiet}::")));
    !driver || *level <= Level::INFO
}

/// Installs the process's logger (once; later calls change nothing).
pub fn init(default_level: &str, format: LogFormat) {
    let filter =
        EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(default_level));
    let guard = FilterFn::new(|meta| allowed(meta.target(), meta.level()));
    let ansi = io::stderr().is_terminal();
    let layer = match format {
        LogFormat::Text => fmt::layer()
            .with_writer(io::stderr)
            .with_ansi(ansi)
            .with_filter(filter)
            .boxed(),
        LogFormat::Json => fmt::layer()
            .json()
            .with_writer(io::stderr)
            .with_filter(filter)
            .boxed(),
    };
    let _ = tracing_subscriber::registry()
        .with(guard)
        .with(layer)
        .try_init();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_driver_stays_at_info_or_above() {
        assert!(!allowed("tokio_postgres::query", &Level::DEBUG));
        assert!(!allowed("tokio_postgres", &Level::TRACE));
        assert!(allowed("tokio_postgres::connection", &Level::INFO));
        assert!(allowed("junqi::service", &Level::TRACE));
        assert!(allowed("tokio_postgresql_other", &Level::DEBUG));
    }
}
