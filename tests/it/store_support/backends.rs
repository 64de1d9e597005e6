//! The store's two backends as test fixtures: a fresh sled directory, or a fresh PostgreSQL
//! database (created on the server named by JUNQI_TEST_DATABASE_URL, dropped afterwards), so
//! one test body runs unchanged against both. Without a reachable server the PostgreSQL
//! variants print a loud SKIPPED line and pass, except under CI=true, where that is a failure.

use std::path::Path;
use std::sync::atomic::{AtomicU32, Ordering};

use junqi::store::Store;

/// Where the PostgreSQL tests create their databases.
pub const TEST_DATABASE_VAR: &str = "JUNQI_TEST_DATABASE_URL";
const DEFAULT_ADMIN_URL: &str = "postgres://postgres@127.0.0.1:5432/postgres";

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Backend {
    Sled,
    Postgres,
}

/// A fresh, empty store location that lives as long as this value.
pub enum Location {
    Dir(tempfile::TempDir),
    Database(TestDatabase),
}

impl Backend {
    /// A fresh location, or `None` (after saying so loudly) when PostgreSQL is not reachable
    /// outside CI.
    pub fn location(self) -> Option<Location> {
        match self {
            Backend::Sled => Some(Location::Dir(tempfile::tempdir().expect("temp dir"))),
            Backend::Postgres => TestDatabase::create().map(Location::Database),
        }
    }
}

impl Location {
    /// Opens (or reopens) the store here.
    pub async fn open(&self) -> Store {
        match self {
            Location::Dir(dir) => Store::open(dir.path()).await.expect("opens"),
            Location::Database(database) => Store::connect(&database.url).await.expect("connects"),
        }
    }

    /// The sled directory, for tests that also look at the files.
    pub fn dir(&self) -> Option<&Path> {
        match self {
            Location::Dir(dir) => Some(dir.path()),
            Location::Database(_) => None,
        }
    }

    /// The PostgreSQL URL, for tests that also speak SQL or start processes.
    pub fn url(&self) -> Option<&str> {
        match self {
            Location::Dir(_) => None,
            Location::Database(database) => Some(&database.url),
        }
    }
}

/// A database created for one test and dropped (connections and all) when this is dropped.
pub struct TestDatabase {
    admin_url: String,
    name: String,
    pub url: String,
}

fn admin_url() -> String {
    std::env::var(TEST_DATABASE_VAR)
        .ok()
        .filter(|url| !url.trim().is_empty())
        .unwrap_or_else(|| DEFAULT_ADMIN_URL.to_string())
}

/// Runs SQL statements on the server at `url`, on a runtime of its own on a thread of its own,
/// so that it can be called (as [`TestDatabase`]'s drop is) from inside an async test.
pub fn execute(url: &str, statements: &[&str]) -> Result<(), String> {
    std::thread::scope(|scope| {
        scope
            .spawn(|| execute_here(url, statements))
            .join()
            .unwrap_or_else(|_| Err("the SQL thread panicked".to_string()))
    })
}

fn execute_here(url: &str, statements: &[&str]) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|error| error.to_string())?;
    runtime.block_on(async {
        let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls)
            .await
            .map_err(|error| error.to_string())?;
        let driver = tokio::spawn(connection);
        for statement in statements {
            client
                .batch_execute(statement)
                .await
                .map_err(|error| format!("{statement}: {error:?}"))?;
        }
        drop(client);
        let _ = driver.await;
        Ok(())
    })
}

impl TestDatabase {
    pub fn create() -> Option<TestDatabase> {
        static COUNTER: AtomicU32 = AtomicU32::new(0);
        let admin_url = admin_url();
        let name = format!(
            "junqi_test_{}_{}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        );
        if let Err(error) = execute(
            &admin_url,
            &[
                &format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"),
                &format!("CREATE DATABASE {name}"),
            ],
        ) {
            let message = format!(
                "SKIPPED: PostgreSQL not reachable at {admin_url} ({error}); set {TEST_DATABASE_VAR}"
            );
            if std::env::var("CI").is_ok_and(|value| value == "true") {
                panic!("{message} (a skip is a failure under CI=true)");
            }
            eprintln!("{message}");
            println!("{message}");
            return None;
        }
        let base = admin_url
            .split_once('?')
            .map_or(admin_url.as_str(), |(base, _)| base);
        let server = base.rsplit_once('/').map_or(base, |(server, _)| server);
        let url = format!("{server}/{name}");
        Some(TestDatabase {
            admin_url,
            name,
            url,
        })
    }
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        let drop_it = format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name);
        if let Err(error) = execute(&self.admin_url, &[&drop_it]) {
            eprintln!("could not drop test database {}: {error}", self.name);
        }
    }
}

/// Declares each named test body (`fn(Backend)`) once per backend: `sled_backend::NAME` and
/// `postgres_backend::NAME`.
#[macro_export]
macro_rules! on_both_backends {
    ($($name:ident),* $(,)?) => {
        mod sled_backend {
            $(
                #[tokio::test]
                async fn $name() {
                    super::$name($crate::store_support::backends::Backend::Sled).await
                }
            )*
        }
        mod postgres_backend {
            $(
                #[tokio::test]
                async fn $name() {
                    super::$name($crate::store_support::backends::Backend::Postgres).await
                }
            )*
        }
    };
}
