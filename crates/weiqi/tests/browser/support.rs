//! The browser tests' machinery: the real `weiqi serve` (the binary cargo built for this test)
//! with a fresh database, chromedriver with Debian's chromium, one browser per person,
//! screenshots. Both servers listen on port 0 and say the port the system gave them, which is
//! read from their first lines: no port is chosen here, so none is raced for. Each test's
//! folder under the temp dir (database, log, Chromium profiles, uploads) is removed when its
//! [`Rig`] is dropped, whether the test passed or panicked.

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdout, Command, Stdio};
use std::time::Duration;

/// A child process killed when dropped, with its process group when it leads one (so the
/// browsers chromedriver started go with it, even those a failed test left open).
pub struct Proc {
    child: Child,
    group: bool,
}

impl Proc {
    /// Starts `cmd`; with `group`, as the leader of a new process group.
    fn spawn(cmd: &mut Command, group: bool, what: &str) -> Proc {
        if group {
            std::os::unix::process::CommandExt::process_group(cmd, 0);
        }
        let child = cmd.spawn().unwrap_or_else(|e| panic!("{what} starts: {e}"));
        Proc { child, group }
    }
}

impl Drop for Proc {
    fn drop(&mut self) {
        if self.group {
            // The whole group: chromedriver and every chromium it started.
            let _ = Command::new("kill")
                .args(["-KILL", "--", &format!("-{}", self.child.id())])
                .stderr(Stdio::null())
                .status();
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A fresh directory under the system's temp dir, removed when dropped (with whatever is in
/// it): the [`Rig`] drops it last, after its processes; a start that fails drops it at once.
struct Folder(PathBuf);

impl Folder {
    fn new(tag: &str) -> Folder {
        let d = std::env::temp_dir().join(format!(
            "weiqi-web-{tag}-{}-{}",
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos())
        ));
        std::fs::create_dir_all(&d).expect("temp dir");
        Folder(d)
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        // A killed process's last files may land while the tree is walked: try again.
        for _ in 0..10 {
            match std::fs::remove_dir_all(&self.0) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                    // A wait on observable state: the removal is tried again until the folder
                    // is gone (or ten tries have failed, which is said below).
                    std::thread::sleep(Duration::from_millis(100));
                }
                _ => return,
            }
        }
        eprintln!("could not remove {}", self.0.display());
    }
}

/// target/debug (the directory of the test binary's `deps`).
fn target_debug() -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary's path");
    exe.parent().and_then(Path::parent).expect("target/debug").to_path_buf()
}

/// Where screenshots go: `target/web-artefacts/`.
pub fn artefacts() -> PathBuf {
    let d = target_debug().parent().expect("target").join("web-artefacts");
    std::fs::create_dir_all(&d).expect("artefacts dir");
    d
}

/// Reads `child`'s stdout until a line contains `marker`, and returns what follows it up to
/// the next of `ends` (the address or port the line announces). The rest of the output
/// is drained by a thread, so the child never blocks on a full pipe. `what` names the child,
/// and `log` is where its errors went, for the panic message if it exits before the line.
fn announced(out: ChildStdout, marker: &str, ends: &[char], what: &str, log: Option<&Path>) -> String {
    let mut lines = BufReader::new(out).lines();
    for line in lines.by_ref() {
        let Ok(line) = line else { break };
        if let Some((_, rest)) = line.split_once(marker) {
            let value = rest.split(ends).next().unwrap_or_default().to_string();
            std::thread::spawn(move || lines.for_each(drop));
            return value;
        }
    }
    let log = log.map_or(String::new(), |p| std::fs::read_to_string(p).unwrap_or_default());
    panic!(
        "{what} ended before it said where it listens{}{log}",
        if log.is_empty() { "" } else { ":\n" }
    );
}

/// Everything a test drives. Dropped (at the end of the test, or while a failed test
/// unwinds), it stops the server, chromedriver and the browsers, then removes its folder.
pub struct Rig {
    /// `http://127.0.0.1:PORT`.
    pub base: String,
    driver_url: String,
    server: Option<Proc>,
    driver: Option<Proc>,
    browsers: u32,
    /// Dropped after the fields above (declaration order), so after `Drop::drop`.
    dir: Folder,
}

impl Drop for Rig {
    fn drop(&mut self) {
        // The processes first: a browser still running writes into its profile; the folder
        // goes when the fields are dropped.
        drop(self.driver.take());
        drop(self.server.take());
    }
}

impl Rig {
    /// Starts `weiqi serve` and chromedriver, each on a port of its own choosing, and returns
    /// once both have said which (each listens before it says so).
    pub async fn start(tag: &str) -> Rig {
        Rig::start_with(tag, &[]).await
    }

    /// [`Rig::start`] with more options for `weiqi serve` (`--ws-subscriptions 8`, …).
    pub async fn start_with(tag: &str, serve_args: &[&str]) -> Rig {
        let folder = Folder::new(tag);
        let dir = folder.0.clone();
        let log_path = dir.join("serve.log");
        let log = std::fs::File::create(&log_path).expect("log file");
        let mut server = Proc::spawn(
            Command::new(env!("CARGO_BIN_EXE_weiqi"))
                .args(["serve", "--listen", "127.0.0.1:0", "--rate-limit", "0", "--db"])
                .arg(dir.join("weiqi.db"))
                .args(serve_args)
                .stdout(Stdio::piped())
                .stderr(log),
            false,
            "weiqi serve",
        );
        let mut driver = Proc::spawn(
            Command::new("/usr/bin/chromedriver")
                .arg("--port=0")
                .stdout(Stdio::piped())
                .stderr(Stdio::null()),
            true,
            "chromedriver (apt-get install chromium chromium-driver)",
        );
        let server_out = server.child.stdout.take().expect("piped");
        let driver_out = driver.child.stdout.take().expect("piped");
        // Read off the runtime: the lines come when the processes are ready, not before.
        let (addr, dport) = tokio::task::spawn_blocking(move || {
            // "weiqi serve: http://127.0.0.1:PORT/ (database …)"
            let addr = announced(server_out, "http://", &['/'], "weiqi serve", Some(&log_path));
            // "ChromeDriver was started successfully on port PORT."
            let dport = announced(driver_out, "successfully on port ", &['.'], "chromedriver", None);
            (addr, dport)
        })
        .await
        .expect("the servers say where they listen");
        Rig {
            base: format!("http://{addr}"),
            driver_url: format!("http://127.0.0.1:{dport}"),
            server: Some(server),
            driver: Some(driver),
            browsers: 0,
            dir: folder,
        }
    }

    /// The test's folder under the temp dir.
    pub fn dir(&self) -> &Path {
        &self.dir.0
    }

    /// Writes `contents` to the file `name` in the test's folder (an upload); its path.
    pub fn file(&self, name: &str, contents: &str) -> PathBuf {
        let path = self.dir.0.join(name);
        std::fs::write(&path, contents).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        path
    }

    /// A new browser (its own profile: its own storage, its own person), in `lang`.
    pub async fn browser(&mut self, lang: &str) -> Client {
        self.browsers += 1;
        let profile = self.dir.0.join(format!("profile-{}", self.browsers));
        let mut caps = serde_json::Map::new();
        caps.insert(
            "goog:chromeOptions".into(),
            json!({
                "binary": "/usr/bin/chromium",
                "args": [
                    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                    "--disable-background-networking", "--disable-component-update", "--disable-sync",
                    "--disable-dev-shm-usage", "--window-size=1280,1000",
                    format!("--user-data-dir={}", profile.display()),
                    format!("--lang={lang}"),
                ],
                "prefs": { "intl.accept_languages": lang },
            }),
        );
        caps.insert("unhandledPromptBehavior".into(), json!("accept"));
        ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(caps)
            .connect(&self.driver_url)
            .await
            .expect("a chromium session")
    }

    /// Calls the JSON API directly (for what a test sets up rather than exercises).
    pub async fn api(&self, c: &Client, method: &str, path: &str, body: Value) -> Value {
        let script = r#"
            const [method, path, body, done] = arguments;
            const headers = { 'Content-Type': 'application/json' };
            const tok = localStorage.getItem('weiqi.token');
            if (tok) headers.Authorization = 'Bearer ' + tok;
            fetch(path, { method, headers, body: body === null ? undefined : JSON.stringify(body) })
              .then(r => r.text().then(t => done({ status: r.status, body: t })));
        "#;
        let body = if body.is_null() { Value::Null } else { body };
        let r = c
            .execute_async(script, vec![json!(method), json!(path), body])
            .await
            .expect("fetch runs");
        let status = r["status"].as_u64().unwrap_or(0);
        let text = r["body"].as_str().unwrap_or("");
        assert!(status < 400, "{method} {path}: {status} {text}");
        serde_json::from_str(text).unwrap_or(Value::Null)
    }
}

/// Saves a screenshot as `target/web-artefacts/NAME.png`.
pub async fn shot(c: &Client, name: &str) {
    let png = c.screenshot().await.expect("a screenshot");
    std::fs::write(artefacts().join(format!("{name}.png")), png).expect("screenshot saved");
}

/// Waits (up to 20 s) until `script` (a JS expression) is truthy; its last value is returned.
pub async fn until(c: &Client, what: &str, script: &str) -> Value {
    until_within(c, what, script, Duration::from_secs(20)).await
}

/// [`until`] for up to `limit` (a loop the page runs over a hundred boards takes longer).
pub async fn until_within(c: &Client, what: &str, script: &str, limit: Duration) -> Value {
    let mut last = Value::Null;
    for _ in 0..limit.as_millis().div_ceil(100) {
        last = c
            .execute(&format!("return ({script});"), vec![])
            .await
            .unwrap_or(Value::Null);
        let truthy = match &last {
            Value::Null => false,
            Value::Bool(b) => *b,
            Value::Number(n) => n.as_f64() != Some(0.0),
            Value::String(s) => !s.is_empty(),
            Value::Array(a) => !a.is_empty(),
            Value::Object(_) => true,
        };
        if truthy {
            return last;
        }
        // A wait on observable state: the page's script is asked again until it holds.
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let shotname = format!("timeout-{}", what.replace(' ', "-"));
    shot(c, &shotname).await;
    panic!("timed out waiting for {what} ({script}); last value {last}");
}

/// Clicks the element `css` (found again if the page redrew it in between).
pub async fn click(c: &Client, css: &str) {
    let mut last = String::new();
    for _ in 0..20 {
        let e = c
            .wait()
            .for_element(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("{css}: {e}"));
        match e.click().await {
            Ok(()) => return,
            Err(err) => last = err.to_string(),
        }
        // A wait on observable state: the element is found and clicked again until the page
        // lets it be clicked (a redraw in between replaced it).
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("click {css}: {last}");
}

/// Types `text` into the input `css` (cleared first).
pub async fn fill(c: &Client, css: &str, text: &str) {
    let e = c
        .wait()
        .for_element(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"));
    e.clear().await.expect("clear");
    e.send_keys(text).await.expect("type");
}
