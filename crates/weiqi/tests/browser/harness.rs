//! The harness itself: a test that fails leaves nothing behind — no browser still running,
//! no folder under the temp dir (each held a Chromium profile of some 5 MB).

use crate::support::{Rig, until};
use std::path::PathBuf;

/// The processes whose command line mentions `dir` (a browser using a profile in it).
fn processes_using(dir: &std::path::Path) -> Vec<String> {
    let needle = dir.display().to_string();
    let Ok(procs) = std::fs::read_dir("/proc") else {
        return vec![];
    };
    procs
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().chars().all(|c| c.is_ascii_digit()))
        .filter_map(|e| std::fs::read(e.path().join("cmdline")).ok())
        .map(|b| String::from_utf8_lossy(&b).replace('\0', " "))
        .filter(|cmd| cmd.contains(&needle))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_test_leaves_no_browser_and_no_folder() {
    let (tx, rx) = tokio::sync::oneshot::channel::<PathBuf>();
    // A test that fails with a browser open (never closed): its rig is dropped as it unwinds.
    let failed = tokio::spawn(async move {
        let mut rig = Rig::start("harness").await;
        let c = rig.browser("en-US").await;
        c.goto(&rig.base).await.expect("the home page");
        until(&c, "the home page", "document.body.dataset.page === 'home'").await;
        assert!(
            !processes_using(rig.dir()).is_empty(),
            "no browser with a profile in {}",
            rig.dir().display()
        );
        let _ = tx.send(rig.dir().to_path_buf());
        panic!("this test fails on purpose");
    })
    .await;
    assert!(failed.is_err_and(|e| e.is_panic()), "the inner test was to fail");
    let dir = rx.await.expect("the inner test got as far as its browser");
    assert!(!dir.exists(), "{} is left behind", dir.display());
    assert_eq!(processes_using(&dir), Vec::<String>::new());
}
