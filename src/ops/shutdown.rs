//! The stop request of a running bot: SIGTERM (what service managers and `docker stop` send)
//! or Ctrl-C. Whoever awaits [`requested`] stops taking commands, lets the actions in flight
//! finish (each is durable before its reply) and returns, so the process exits 0.
//! [`close_store`] then closes the store, without waiting forever on a disk that fails.

use std::time::Duration;

use crate::store::{Store, StoreError};

/// How long a clean close may take. sled's final flush never returns once a write has failed
/// (a full disk); an operator must not have to kill the bot to stop it.
pub const CLOSE_TIMEOUT: Duration = Duration::from_secs(10);

/// Closes the store cleanly (sled's flush runs on a blocking thread), giving up after
/// [`CLOSE_TIMEOUT`]. Giving up loses nothing acknowledged (each action was durable before its
/// reply); the caller exits non-zero and leaves the stuck thread to the runtime's shutdown
/// timeout.
pub async fn close_store(store: Store) -> Result<(), StoreError> {
    match tokio::time::timeout(CLOSE_TIMEOUT, store.close_cleanly()).await {
        Ok(closed) => closed,
        Err(_) => Err(StoreError::CloseTimedOut(CLOSE_TIMEOUT.as_secs())),
    }
}

/// Completes when the process is asked to stop; logs which signal it was.
pub async fn requested() {
    let name = signal().await;
    tracing::info!("{name}: shutting down");
}

#[cfg(unix)]
async fn signal() -> &'static str {
    use tokio::signal::unix::{SignalKind, signal};
    match signal(SignalKind::terminate()) {
        Ok(mut terminate) => tokio::select! {
            _ = terminate.recv() => "SIGTERM",
            () = ctrl_c() => "Ctrl-C",
        },
        Err(error) => {
            tracing::error!("cannot listen for SIGTERM: {error}");
            ctrl_c().await;
            "Ctrl-C"
        }
    }
}

#[cfg(not(unix))]
async fn signal() -> &'static str {
    ctrl_c().await;
    "Ctrl-C"
}

async fn ctrl_c() {
    if let Err(error) = tokio::signal::ctrl_c().await {
        tracing::error!("cannot listen for Ctrl-C: {error}");
        // Without signals the bot runs until its input ends or it is killed.
        std::future::pending::<()>().await;
    }
}
