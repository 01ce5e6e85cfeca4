//! The pages as an attacker tries them: a login link that sends the browser elsewhere, a log
//! out that leaves the session valid, a seat secret in the URL, and the director's console
//! framed by another page.

use crate::kit::{account, call};
use crate::support::{Rig, click, fill, until};
use serde_json::{Value, json};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_login_link_sends_the_browser_only_to_a_path_of_this_site() {
    let mut rig = Rig::start("login-next").await;
    let c = rig.browser("en-US").await;
    let mut out = Vec::new();
    let nexts = [
        "http://127.0.0.1:1/phish",
        "//127.0.0.1:1/phish",
        "/\\127.0.0.1:1/phish",
        "javascript:document.title='pwned'",
        "/events?x=1#y",
    ];
    for (i, next) in nexts.iter().enumerate() {
        let q: String = url_escape(next);
        c.goto(&format!("{}/login?next={q}", rig.base)).await.unwrap();
        fill(&c, "input[name=name]", &format!("user{i}")).await;
        fill(&c, "input[name=password]", "correct horse").await;
        click(&c, "#login-create").await;
        let at = until(
            &c,
            "the page after the login",
            "location.pathname !== '/login' && document.readyState === 'complete' && location.href",
        )
        .await;
        let at = at.as_str().unwrap().replacen(&rig.base, "SITE", 1);
        out.push(format!("{next} -> {at}"));
        c.execute("localStorage.clear();", vec![]).await.unwrap();
    }
    assert_eq!(
        out.join("\n"),
        "http://127.0.0.1:1/phish -> SITE/\n\
         //127.0.0.1:1/phish -> SITE/\n\
         /\\127.0.0.1:1/phish -> SITE/\n\
         javascript:document.title='pwned' -> SITE/\n\
         /events?x=1#y -> SITE/events?x=1#y"
    );
}

fn url_escape(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn log_out_ends_the_session_and_a_seat_secret_stays_out_of_the_url() {
    let mut rig = Rig::start("logout").await;
    let c = rig.browser("en-US").await;
    c.goto(&rig.base).await.unwrap();
    account(&rig, &c, "li").await;
    let token: String = c
        .execute("return localStorage.getItem('weiqi.token');", vec![])
        .await
        .unwrap()
        .as_str()
        .unwrap()
        .into();
    c.goto(&rig.base).await.unwrap();
    click(&c, "#login-link").await;
    until(
        &c,
        "the token forgotten",
        "localStorage.getItem('weiqi.token') === null",
    )
    .await;
    // The old token no longer works on the server.
    let script = r#"
        const [tok, done] = arguments;
        fetch('/api/events/any/me', { headers: { Authorization: 'Bearer ' + tok } }).then(r => done(r.status));
    "#;
    let status = c.execute_async(script, vec![json!(token)]).await.unwrap();
    assert_eq!(status, 401);

    // A seat link carries its secret in the fragment, which the page sends in a header.
    account(&rig, &c, "wang").await;
    let body = json!({ "settings": { "players": [{ "name": "Li", "rank": "3d" }, { "name": "Wang", "rank": "2d" }],
        "size": 9, "time": "none" } });
    let (s, v) = call(&c, "POST", "/api/games", body, None).await;
    assert_eq!(s, 201, "{v}");
    let link = v["links"]["black"].as_str().unwrap().to_string();
    assert!(link.contains("#secret="), "{link}");
    c.execute("localStorage.clear();", vec![]).await.unwrap();
    c.goto(&format!("{}{link}", rig.base)).await.unwrap();
    until(
        &c,
        "the page knows its seat",
        "document.body.textContent.includes('seat link')",
    )
    .await;
    // A link of the old form is rewritten at once: the secret leaves the query.
    let secret = link.split_once("#secret=").unwrap().1;
    let game = v["game"].as_i64().unwrap();
    c.goto(&format!("{}/play/{game}?secret={secret}", rig.base))
        .await
        .unwrap();
    let url = until(&c, "the link rewritten", "location.search === '' && location.href").await;
    assert_eq!(
        url.as_str().unwrap().replacen(&rig.base, "SITE", 1),
        format!("SITE/play/{game}#secret={secret}")
    );
    // The server never saw either in a URL: its log has neither.
    let log = std::fs::read_to_string(rig.dir().join("serve.log")).unwrap_or_default();
    assert!(!log.contains(&token) && !log.contains(secret));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_page_of_the_site_can_be_framed() {
    let mut rig = Rig::start("frames").await;
    let c = rig.browser("en-US").await;
    c.goto(&rig.base).await.unwrap();
    // A page that frames the site (the same origin here; another one is refused alike by
    // frame-ancestors 'none'): the frame shows the browser's refusal, not the page.
    let script = r#"
        const done = arguments[0];
        const f = document.createElement('iframe');
        f.src = '/';
        f.onload = () => {
          let doc = null;
          try { doc = f.contentDocument; } catch (e) {}
          done(doc && doc.getElementById('page-title') ? 'framed' : 'refused');
        };
        document.body.append(f);
    "#;
    let r: Value = c.execute_async(script, vec![]).await.unwrap();
    assert_eq!(r, "refused");
}
