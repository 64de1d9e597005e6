//! The HTTP client to Discord: Discord's own API (serenity's rate limiter honouring
//! `Retry-After`, the route buckets and the global limit), the same with another address
//! and trusted roots for `discord.com` (an egress gateway, or a test's fake Discord), or a
//! base URL that serenity sends to with its rate limiter off (a rate-limiting proxy).

use poise::serenity_prelude as serenity;

use super::DiscordError;
use crate::config::Config;

/// How long one REST call may take before it counts as failed (serenity's own default).
const REQUEST_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

/// The client for every REST call; the gateway URL then comes from that server's
/// `GET /gateway`.
pub fn client(config: &Config, token: &str) -> Result<serenity::Http, DiscordError> {
    let builder = serenity::HttpBuilder::new(token);
    let discord = &config.discord;
    let builder = match (&discord.api_base_url, discord.api_address) {
        // serenity ignores the proxy unless its own rate limiter is off; the server behind the
        // base URL answers 429s, which delivery retries.
        (Some(base), _) => builder.proxy(api_host(base)).ratelimiter_disabled(true),
        (None, Some(address)) => builder.client(redirected(
            address,
            discord.api_root_certificate.as_deref(),
        )?),
        (None, None) => builder,
    };
    Ok(builder.build())
}

/// Counts the waits serenity's rate limiter reports (it waits them out itself), so that an
/// operator sees the bot running into Discord's limits. serenity calls event handlers for
/// these, not the framework.
pub struct RateLimitCounter;

#[serenity::async_trait]
impl serenity::EventHandler for RateLimitCounter {
    async fn ratelimit(&self, data: serenity::RatelimitInfo) {
        crate::ops::metrics::discord_rate_limited(data.global);
        tracing::debug!(
            "rate limited on {} for {:?} (global: {})",
            data.path,
            data.timeout,
            data.global
        );
    }
}

/// A client that connects to `address` for `discord.com`, still checking its certificate
/// for that name, against the system's roots plus those in `roots`.
fn redirected(
    address: std::net::SocketAddr,
    roots: Option<&std::path::Path>,
) -> Result<reqwest::Client, DiscordError> {
    let mut builder = reqwest::Client::builder()
        .use_rustls_tls()
        .timeout(REQUEST_TIMEOUT)
        .resolve("discord.com", address);
    if let Some(path) = roots {
        let refuse = |reason: String| DiscordError::RootCertificate {
            path: path.to_path_buf(),
            reason,
        };
        let pem = std::fs::read(path).map_err(|error| refuse(error.to_string()))?;
        let certificates = reqwest::Certificate::from_pem_bundle(&pem)
            .map_err(|error| refuse(error.to_string()))?;
        if certificates.is_empty() {
            return Err(refuse("holds no PEM certificate".into()));
        }
        for certificate in certificates {
            builder = builder.add_root_certificate(certificate);
        }
    }
    builder
        .build()
        .map_err(|error| DiscordError::Task(format!("cannot build the HTTP client: {error}")))
}

/// The scheme and host of a configured base URL: serenity appends `/api/v10/...` itself, so
/// `http://host:8080`, `http://host:8080/` and `http://host:8080/api/v10` mean the same.
fn api_host(base: &str) -> &str {
    let base = base.trim_end_matches('/');
    let base = base.strip_suffix("/api/v10").unwrap_or(base);
    base.strip_suffix("/api").unwrap_or(base)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_base_url_may_name_the_api_path_or_not() {
        for base in [
            "http://127.0.0.1:8080",
            "http://127.0.0.1:8080/",
            "http://127.0.0.1:8080/api",
            "http://127.0.0.1:8080/api/v10",
            "http://127.0.0.1:8080/api/v10/",
        ] {
            assert_eq!(api_host(base), "http://127.0.0.1:8080", "{base}");
        }
    }

    #[test]
    fn a_missing_or_empty_root_certificate_file_is_refused_by_name() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let empty = dir.path().join("empty.pem");
        std::fs::write(&empty, "not a certificate\n").expect("write");
        for path in [dir.path().join("missing.pem"), empty] {
            let mut config = Config::default();
            config.discord.api_address = Some("127.0.0.1:8443".parse().expect("an address"));
            config.discord.api_root_certificate = Some(path.clone());
            let Err(error) = client(&config, "token") else {
                panic!("{} was accepted", path.display());
            };
            let text = error.to_string();
            assert!(text.contains("api_root_certificate"), "{text}");
            assert!(text.contains(&path.display().to_string()), "{text}");
        }
    }
}
