//! Test support: a fake Discord (REST + gateway) and the payloads it speaks.
#![allow(dead_code)]

pub mod bot;
pub mod fake_discord;
pub mod fake_rest;
pub mod fake_tls;
pub mod multipart;
pub mod payloads;
pub mod pg_proxy;
pub mod shards;

/// Logs to the test output when `RUST_LOG` is set (e.g. `RUST_LOG=serenity=debug` shows the
/// gateway events serenity could not parse).
pub fn init_logging() {
    let _ = tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
        .with_test_writer()
        .try_init();
}
