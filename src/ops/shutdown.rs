//! The stop request of a running bot: SIGTERM (what service managers and `docker stop` send)
//! or Ctrl-C. Whoever awaits [`requested`] stops taking commands, lets the actions in flight
//! finish (each is durable before its reply) and returns, so the process exits 0.

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
