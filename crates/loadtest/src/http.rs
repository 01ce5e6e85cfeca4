//! The few HTTP requests a load test makes before its games start (an account, a login, the
//! games, the seats), each on a connection of its own: a plain HTTP/1.1 client over hyper's
//! connection API, for loopback only (no TLS, no pool, no redirects).

use crate::Error;
use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper_util::rt::TokioIo;
use serde_json::Value;

/// A server's address as the load client reaches it: `host:port`, from an `http://` base URL.
#[derive(Clone, Debug)]
pub struct Base {
    /// `host:port`.
    pub authority: String,
}

impl Base {
    /// Reads `http://host:port` (a trailing `/` allowed).
    pub fn parse(url: &str) -> Result<Base, Error> {
        let rest = url
            .strip_prefix("http://")
            .ok_or_else(|| Error::Usage(format!("{url}: the target must be an http:// URL")))?;
        let authority = rest.trim_end_matches('/');
        if authority.is_empty() || authority.contains('/') {
            return Err(Error::Usage(format!(
                "{url}: the target is a server's root, http://host:port"
            )));
        }
        Ok(Base {
            authority: authority.to_string(),
        })
    }

    /// The WebSocket endpoint.
    pub fn ws_url(&self) -> String {
        format!("ws://{}/api/ws", self.authority)
    }
}

/// `POST path` with a JSON body (and the session token, if any); the JSON answer of a 2xx.
pub async fn post(base: &Base, path: &str, token: Option<&str>, body: &Value) -> Result<Value, Error> {
    let failed = |what: String| Error::Http {
        path: path.to_string(),
        what,
    };
    let stream = tokio::net::TcpStream::connect(&base.authority)
        .await
        .map_err(|e| failed(format!("cannot connect to {}: {e}", base.authority)))?;
    let (mut sender, conn) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
        .await
        .map_err(|e| failed(e.to_string()))?;
    tokio::spawn(conn);
    let mut req = hyper::Request::post(path)
        .header("host", &base.authority)
        .header("content-type", "application/json");
    if let Some(t) = token {
        req = req.header("authorization", format!("Bearer {t}"));
    }
    let req = req
        .body(Full::new(Bytes::from(body.to_string())))
        .map_err(|e| failed(e.to_string()))?;
    let resp = sender.send_request(req).await.map_err(|e| failed(e.to_string()))?;
    let status = resp.status();
    let bytes = resp
        .into_body()
        .collect()
        .await
        .map_err(|e| failed(e.to_string()))?
        .to_bytes();
    if !status.is_success() {
        return Err(failed(format!("{status}: {}", String::from_utf8_lossy(&bytes))));
    }
    serde_json::from_slice(&bytes).map_err(|e| failed(format!("the answer is not JSON: {e}")))
}
