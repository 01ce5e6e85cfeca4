//! Seat links issued again across instances: on PostgreSQL several instances share one
//! database, and a seat link replaced on one stops working on every other at once (the seat
//! secret is checked against the database), while the new one works everywhere.

use crate::support::*;
use serde_json::{Value, json};

/// Who the seat secret makes its holder in game `id` on `r` (`black`, `white` or null).
async fn holder(r: &axum::Router, id: i64, secret: &str) -> Value {
    let path = format!("/api/games/{id}/view");
    let (s, v) = raw(r, "GET", &path, &[("x-seat-secret", secret)], None).await;
    assert_eq!(s.as_u16(), 200, "{v}");
    v["you"].clone()
}

#[tokio::test]
async fn a_seat_link_issued_again_on_one_instance_is_refused_on_the_other_and_the_new_one_plays_there() {
    let db = PgSchema::new().await;
    let a = db.app().await;
    let b = db.app().await;
    let (ra, rb) = (&a.router, &b.router);
    // A game outside any event: its creator issues its seat links.
    let li = login(ra, "li").await;
    let (id, old_black, white) = game(ra, &li, "none").await;
    // Both seats play on B, which so holds the game with the links as first given.
    let (s, v) = act(rb, id, &old_black, 2, json!({ "type": "play", "point": "E5" })).await;
    assert_eq!(s.as_u16(), 200, "{v}");
    let (s, v) = act(rb, id, &white, 3, json!({ "type": "play", "point": "C3" })).await;
    assert_eq!(s.as_u16(), 200, "{v}");

    // Black's link is issued again on A.
    let path = format!("/api/games/{id}/seats/black/link");
    let (s, v) = call(ra, "POST", &path, Some(&li), None).await;
    assert_eq!(s.as_u16(), 201, "{v}");
    let new_black = v["link"].as_str().unwrap().split_once("secret=").unwrap().1.to_string();

    // On B, on Black's turn: the old link is refused and holds no seat; the new one plays.
    let (s, v) = act(rb, id, &old_black, 4, json!({ "type": "pass" })).await;
    assert_eq!(
        (s.as_u16(), v["message"].as_str().unwrap()),
        (
            403,
            format!("the seat secret is not one of game {id}'s: use the link given for your seat").as_str()
        )
    );
    assert_eq!(holder(rb, id, &old_black).await, Value::Null);
    assert_eq!(holder(rb, id, &new_black).await, json!("black"));
    let (s, v) = act(rb, id, &new_black, 4, json!({ "type": "play", "point": "G7" })).await;
    assert_eq!(s.as_u16(), 200, "{v}");
    // White's link, untouched, still plays on both.
    let (s, v) = act(ra, id, &white, 5, json!({ "type": "play", "point": "G3" })).await;
    assert_eq!(s.as_u16(), 200, "{v}");
    let (_, v) = call(rb, "GET", &format!("/api/games/{id}/events?since=2"), None, None).await;
    let by: Vec<String> = v["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| format!("{}: {}", e["event"]["by"].as_str().unwrap(), e["en"].as_str().unwrap()))
        .collect();
    assert_eq!(
        by,
        [
            "seat:black: Black plays E5",
            "seat:white: White plays C3",
            "seat:black: Black plays G7",
            "seat:white: White plays G3"
        ]
    );
}
