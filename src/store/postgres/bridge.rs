//! The PostgreSQL backend's own tokio runtime, so that the store's synchronous API can be called
//! from anywhere: a plain thread, tokio's blocking pool, or even an async worker, where the sync
//! `postgres` crate (or `Handle::block_on`) would panic. Each call is spawned on this runtime and
//! the caller waits on a std channel. The runtime stops when the last handle is dropped.

use std::future::Future;
use std::sync::Mutex;

use tokio::runtime::Handle;
use tokio::sync::oneshot;

use crate::store::error::StoreError;

pub(super) struct Bridge {
    handle: Handle,
    stop: Mutex<Option<oneshot::Sender<()>>>,
}

impl Bridge {
    pub(super) fn start() -> Result<Bridge, StoreError> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("junqi-postgres")
            .enable_all()
            .build()
            .map_err(StoreError::Runtime)?;
        let handle = runtime.handle().clone();
        let (stop, stopped) = oneshot::channel::<()>();
        // The runtime is dropped on its own thread, never inside a caller's async context.
        std::thread::Builder::new()
            .name("junqi-postgres-driver".into())
            .spawn(move || {
                runtime.block_on(async {
                    let _ = stopped.await;
                });
            })
            .map_err(StoreError::Runtime)?;
        Ok(Bridge {
            handle,
            stop: Mutex::new(Some(stop)),
        })
    }

    /// Runs `work` on the backend's runtime and waits for its result.
    pub(super) fn run<T, F>(&self, work: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: Future<Output = Result<T, StoreError>> + Send + 'static,
    {
        let (done, result) = std::sync::mpsc::sync_channel(1);
        self.handle.spawn(async move {
            let _ = done.send(work.await);
        });
        result.recv().map_err(|_| StoreError::BackendStopped)?
    }
}

impl Drop for Bridge {
    fn drop(&mut self) {
        let stop = self
            .stop
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .take();
        if let Some(stop) = stop {
            let _ = stop.send(());
        }
    }
}
