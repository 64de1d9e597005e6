//! Running the bot as a service: where its files live in the data directory (and moving an
//! old directory into that layout), logging (`logging`: the driver never logs parameters), and stopping cleanly on SIGTERM or Ctrl-C.

pub mod backup;
pub mod layout;
pub mod logging;
pub mod metrics;
pub mod shutdown;

pub use layout::{DataLayout, LayoutError};

use std::time::Duration;

use crate::config::Config;
use crate::service::Service;
use crate::store::Store;

/// The background work of a running bot besides the games: scheduled and requested backups,
/// and the metrics endpoint when configured. Stopped when dropped.
pub struct Operations {
    tasks: Vec<tokio::task::JoinHandle<()>>,
}

impl Operations {
    /// Starts them; a metrics address that cannot be bound is an error naming it.
    pub async fn start(
        config: &Config,
        store: &Store,
        service: &Service,
    ) -> Result<Operations, std::io::Error> {
        let layout = DataLayout::new(&config.data_dir);
        let mut tasks = vec![tokio::spawn(backup::serve(
            store.clone(),
            layout,
            Duration::from_secs(config.backup_every_secs),
            config.backups_kept,
        ))];
        if let Some(addr) = config.metrics_addr {
            let listener = tokio::net::TcpListener::bind(addr).await.map_err(|error| {
                std::io::Error::new(error.kind(), format!("metrics_addr {addr}: {error}"))
            })?;
            tracing::info!("metrics on http://{}/metrics", listener.local_addr()?);
            let service = service.clone();
            tasks.push(tokio::spawn(metrics::serve(listener, move || {
                i64::try_from(service.live_game_count()).unwrap_or(i64::MAX)
            })));
        }
        Ok(Operations { tasks })
    }
}

impl Drop for Operations {
    fn drop(&mut self) {
        for task in &self.tasks {
            task.abort();
        }
    }
}
