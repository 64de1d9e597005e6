//! Opening the store at start-up when PostgreSQL may not be up yet (a database restarting, a
//! container starting beside the bot): connection failures are retried with backoff, each try
//! logged, until the configured patience runs out; then the error names the server's host and
//! port, never the URL itself (it may carry a password).

use std::path::Path;
use std::time::{Duration, Instant};

use super::{Store, StoreError};

/// The first pause between tries; it doubles up to [`LONGEST_PAUSE`].
const FIRST_PAUSE: Duration = Duration::from_millis(100);
const LONGEST_PAUSE: Duration = Duration::from_secs(5);

/// `host:port` of a PostgreSQL URL (the first host), without user or password.
pub fn server_of(url: &str) -> String {
    let Ok(config) = url.parse::<tokio_postgres::Config>() else {
        return "(an unreadable database_url)".to_string();
    };
    let host = match config.get_hosts().first() {
        Some(tokio_postgres::config::Host::Tcp(host)) => host.clone(),
        #[cfg(unix)]
        Some(tokio_postgres::config::Host::Unix(path)) => path.display().to_string(),
        None => "localhost".to_string(),
    };
    let port = config.get_ports().first().copied().unwrap_or(5432);
    format!("{host}:{port}")
}

impl Store {
    /// [`Store::open_with`], retrying a database that cannot be reached for up to `patience`.
    pub async fn open_patiently(
        database_url: Option<&str>,
        dir: &Path,
        patience: Duration,
    ) -> Result<Store, StoreError> {
        let Some(url) = database_url else {
            return Store::open(dir).await;
        };
        let server = server_of(url);
        let started = Instant::now();
        let mut pause = FIRST_PAUSE;
        let mut tries = 0u32;
        loop {
            tries += 1;
            let reason = match Store::connect(url).await {
                Err(StoreError::Unreachable(reason) | StoreError::ConnectionLost(reason)) => reason,
                other => return other,
            };
            let left = patience.saturating_sub(started.elapsed());
            if left.is_zero() {
                return Err(StoreError::UnreachableAtStart {
                    server,
                    tries,
                    secs: started.elapsed().as_secs_f64(),
                    reason,
                });
            }
            let wait = pause.min(left);
            tracing::warn!(
                "cannot reach the PostgreSQL database at {server} (try {tries}): {reason}; \
                 trying again in {:.1} s",
                wait.as_secs_f64()
            );
            tokio::time::sleep(wait).await;
            pause = (pause * 2).min(LONGEST_PAUSE);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::server_of;

    #[test]
    fn the_server_is_named_without_user_or_password() {
        assert_eq!(
            server_of("postgres://bot:s3cret@db.example:6543/junqi"),
            "db.example:6543"
        );
        assert_eq!(server_of("postgres://bot@10.0.0.2/junqi"), "10.0.0.2:5432");
    }
}
