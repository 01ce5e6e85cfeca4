//! The drawn board has one geometry with the rest of weiqi: the rules crate's star points
//! (Art. 1: nine on 19×19, five on 13×13 and 9×9, none on 5×5), 2.3 × 2.4 cells (Art. 1) and
//! stones 2.25 cm across (Art. 32), as `weiqi show --svg` draws them.

use crate::support::{Rig, click, fill, shot, until};
use fantoccini::Client;
use serde_json::json;

/// Creates the account `name` through the API and keeps its session in the browser.
pub async fn login(rig: &Rig, c: &Client, name: &str) {
    c.goto(&rig.base).await.expect("the home page");
    let creds = json!({ "name": name, "password": "correct horse" });
    rig.api(c, "POST", "/api/accounts", creds.clone()).await;
    let s = rig.api(c, "POST", "/api/sessions", creds).await;
    c.execute(
        "localStorage.setItem('weiqi.token', arguments[0]); localStorage.setItem('weiqi.name', arguments[1]);",
        vec![s["token"].clone(), json!(name)],
    )
    .await
    .expect("the session is kept");
}

/// The star points drawn, as GTP vertices, and the radius of every stone drawn.
const DRAWN: &str = "(() => { const G = JSON.parse(document.getElementById('app-data').textContent).board; \
    const L = 'ABCDEFGHJKLMNOPQRSTUVWXYZ'; const n = document.querySelectorAll('svg.board .lines line').length / 2; \
    const stars = [...document.querySelectorAll('svg.board .star')].map(s => \
      L[Math.round((s.cx.baseVal.value - G.margin) / G.cell_w)] + (n - Math.round((s.cy.baseVal.value - G.margin) / G.cell_h))); \
    const radii = [...document.querySelectorAll('svg.board .stone')].map(s => s.r.baseVal.value); \
    return { stars: stars.sort().join(' '), radii }; })()";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_board_draws_the_rules_star_points_and_stones() {
    let mut rig = Rig::start("board").await;
    let c = rig.browser("en-US").await;
    login(&rig, &c, "host").await;
    let mut seen = Vec::new();
    for size in [13, 5, 19] {
        let g = rig
            .api(
                &c,
                "POST",
                "/api/games",
                json!({ "settings": { "players": [{ "name": "Li", "rank": "1d" }, { "name": "Wang", "rank": "1d" }],
                                      "size": size } }),
            )
            .await;
        let link = g["links"]["black"].as_str().unwrap().to_string();
        c.goto(&format!("{}{link}", rig.base)).await.unwrap();
        until(
            &c,
            "my turn",
            "(() => { const b = document.getElementById('play-coord'); return b && !b.disabled; })()",
        )
        .await;
        fill(&c, "#coord", "C3").await;
        click(&c, "#play-coord").await;
        until(&c, "the stone", "document.querySelector('svg.board [data-v=\"C3\"]')").await;
        let drawn = until(&c, "the drawing", DRAWN).await;
        seen.push(format!(
            "{size}: stars [{}], stone radius {}",
            drawn["stars"].as_str().unwrap(),
            drawn["radii"][0]
        ));
        shot(&c, &format!("board-{size}x{size}")).await;
    }
    assert_eq!(
        seen.join("\n"),
        "13: stars [D10 D4 G7 K10 K4], stone radius 112.5\n\
         5: stars [], stone radius 112.5\n\
         19: stars [D10 D16 D4 K10 K16 K4 Q10 Q16 Q4], stone radius 112.5"
    );
    c.close().await.unwrap();
}
