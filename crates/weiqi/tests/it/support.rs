//! What the test files of this binary share: a temporary event database and the `weiqi event`
//! commands run on it, as a director runs them; the address a `weiqi serve` child listens on,
//! and plain HTTP/1.1 requests to it.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use serde_json::Value;

/// A temporary database (`event.db` in a fresh folder, removed at the end) and the commands
/// run on it.
pub struct Db {
    pub dir: PathBuf,
}

impl Db {
    /// A fresh folder for the test `test` (several of one name are apart).
    pub fn new(test: &str) -> Db {
        static N: AtomicUsize = AtomicUsize::new(0);
        let n = N.fetch_add(1, Ordering::SeqCst);
        Db {
            dir: testkit::scratch("event", &format!("{test}-{n}")),
        }
    }

    /// The database file.
    pub fn path(&self) -> PathBuf {
        self.dir.join("event.db")
    }

    /// `weiqi event ARGS --db FILE`, in the folder, with no `$WEIQI_DB`.
    pub fn run(&self, args: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_weiqi"))
            .current_dir(&self.dir)
            .env_remove("WEIQI_DB")
            .arg("event")
            .args(args)
            .arg("--db")
            .arg(self.path())
            .output()
            .unwrap()
    }

    /// Runs a command that must succeed; returns its standard output.
    pub fn ok(&self, args: &[&str]) -> String {
        let out = self.run(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "weiqi event {args:?} failed: {stderr}");
        String::from_utf8(out.stdout).unwrap()
    }

    /// [`Db::ok`] with `--json`, read.
    pub fn json(&self, args: &[&str]) -> Value {
        let mut a = args.to_vec();
        a.push("--json");
        serde_json::from_str(&self.ok(&a)).unwrap()
    }

    /// Every row of every table.
    pub fn dump(&self) -> String {
        storage::Store::open(&self.path()).unwrap().dump().unwrap()
    }

    /// Runs a command that must fail with `code`; returns its message.
    pub fn fail(&self, args: &[&str], code: i32) -> String {
        String::from_utf8(self.failed(args, code).stderr).unwrap()
    }

    /// Runs a command that must fail with `code`; returns what it printed.
    fn failed(&self, args: &[&str], code: i32) -> Output {
        let out = self.run(args);
        assert_eq!(
            out.status.code(),
            Some(code),
            "weiqi event {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        out
    }

    /// [`Db::fail`], and the database is as it was.
    pub fn fail_unchanged(&self, args: &[&str], code: i32) -> String {
        let before = self.dump();
        let message = self.fail(args, code);
        assert_eq!(self.dump(), before, "weiqi event {args:?} changed the database");
        message
    }

    /// [`Db::fail_unchanged`], and nothing on standard output.
    pub fn fails(&self, args: &[&str], code: i32) -> String {
        let before = self.dump();
        let out = self.failed(args, code);
        assert!(
            out.stdout.is_empty(),
            "a failed command printed {:?}",
            String::from_utf8_lossy(&out.stdout)
        );
        assert_eq!(self.dump(), before, "weiqi event {args:?} changed the database");
        String::from_utf8(out.stderr).unwrap()
    }

    /// Writes `bytes` to the file `name` in the folder; returns its path.
    pub fn file(&self, name: &str, bytes: &[u8]) -> String {
        let p = self.dir.join(name);
        std::fs::write(&p, bytes).unwrap();
        p.to_str().unwrap().to_string()
    }
}

impl Drop for Db {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The address a `weiqi serve --listen 127.0.0.1:0` child (its standard output piped) listens
/// on: its first line, `weiqi serve: http://127.0.0.1:PORT/ (database …)`, which it prints once
/// it listens. A wait on what the process shows.
pub fn listening(child: &mut Child) -> String {
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("the server's standard output is piped"))
        .read_line(&mut line)
        .expect("the server prints where it listens");
    line.split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("the server's first line names no address: {line:?}"))
        .to_string()
}

/// One HTTP/1.1 request on a fresh connection: (status, body text, a chunked body joined), or
/// None if the server is gone (or closes without an answer).
pub fn http(
    addr: &str,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&Value>,
) -> Option<(u16, String)> {
    let mut s = TcpStream::connect(addr).ok()?;
    // Bounds a server that hangs; the tests' servers answer in far less.
    s.set_read_timeout(Some(Duration::from_secs(20))).ok()?;
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let mut req = format!(
        "{method} {path} HTTP/1.1\r\nhost: {addr}\r\nconnection: close\r\ncontent-length: {}\r\n",
        body.len()
    );
    if !body.is_empty() {
        req.push_str("content-type: application/json\r\n");
    }
    for (k, v) in headers {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    req.push_str("\r\n");
    req.push_str(&body);
    s.write_all(req.as_bytes()).ok()?;
    let mut resp = String::new();
    s.read_to_string(&mut resp).ok()?;
    let status: u16 = resp.split(' ').nth(1)?.parse().ok()?;
    let (head, text) = resp.split_once("\r\n\r\n")?;
    if !head.to_ascii_lowercase().contains("transfer-encoding: chunked") {
        return Some((status, text.to_string()));
    }
    let mut out = String::new();
    let mut rest = text;
    while let Some((size, tail)) = rest.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).ok()?;
        if n == 0 {
            break;
        }
        out.push_str(tail.get(..n)?);
        rest = tail.get(n + 2..)?;
    }
    Some((status, out))
}
