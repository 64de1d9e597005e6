//! The fake Discord behind TLS as `discord.com` (a test-only certificate authority under
//! `tls/`), so that the bot keeps Discord's real URLs and serenity's own rate limiter, which
//! only talks to `https://discord.com`, and the bot is pointed at it with `api_address`.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use tokio::net::{TcpListener, TcpStream};
use tokio_rustls::TlsAcceptor;
use tokio_rustls::rustls;
use tokio_rustls::rustls::pki_types::pem::PemObject;
use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer};
use tokio_rustls::server::TlsStream;

/// A client that has not finished its handshake by then is dropped.
const HANDSHAKE: Duration = Duration::from_secs(5);

/// The root the bot must trust to accept the fake's certificate (`api_root_certificate`).
pub fn root_certificate() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/it/support/tls/ca.pem")
}

fn acceptor() -> TlsAcceptor {
    let certificates: Vec<CertificateDer<'static>> =
        CertificateDer::pem_slice_iter(include_bytes!("tls/discord.pem"))
            .collect::<Result<_, _>>()
            .expect("the test certificate");
    let key = PrivateKeyDer::from_pem_slice(include_bytes!("tls/discord.key"))
        .expect("the test certificate's key");
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .expect("TLS versions")
        .with_no_client_auth()
        .with_single_cert(certificates, key)
        .expect("the test certificate and key match");
    TlsAcceptor::from(Arc::new(config))
}

/// A TCP listener whose connections are TLS, as axum serves them.
pub struct TlsListener {
    tcp: TcpListener,
    acceptor: TlsAcceptor,
}

impl TlsListener {
    pub async fn bind() -> TlsListener {
        let tcp = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind the fake Discord's TLS port");
        TlsListener {
            tcp,
            acceptor: acceptor(),
        }
    }
}

impl axum::serve::Listener for TlsListener {
    type Io = TlsStream<TcpStream>;
    type Addr = std::net::SocketAddr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        loop {
            let Ok((stream, addr)) = self.tcp.accept().await else {
                tokio::time::sleep(Duration::from_millis(10)).await;
                continue;
            };
            let handshake = tokio::time::timeout(HANDSHAKE, self.acceptor.accept(stream));
            if let Ok(Ok(tls)) = handshake.await {
                return (tls, addr);
            }
        }
    }

    fn local_addr(&self) -> std::io::Result<Self::Addr> {
        self.tcp.local_addr()
    }
}
