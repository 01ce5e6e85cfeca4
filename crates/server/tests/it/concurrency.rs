//! Commands for one game at once: exactly one lands.

use crate::support::*;
use serde_json::json;

#[tokio::test]
async fn the_same_move_twice_at_once_lands_once() {
    the_same_move_twice_at_once_lands_once_on(app().await).await;
}

#[tokio::test]
async fn the_same_move_twice_at_once_lands_once_on_postgres() {
    let db = PgSchema::new().await;
    the_same_move_twice_at_once_lands_once_on(db.app().await).await;
}

async fn the_same_move_twice_at_once_lands_once_on(a: App) {
    let r = &a.router;
    let token = login(r, "li").await;
    for _ in 0..10 {
        let (id, black, _) = game(r, &token, "none").await;
        let mv = json!({ "type": "play", "point": "E5" });
        let (x, y) = tokio::join!(act(r, id, &black, 2, mv.clone()), act(r, id, &black, 2, mv.clone()));
        assert_eq!((x.0.as_u16(), y.0.as_u16()), (200, 200));
        let mut dups = [x.1["duplicate"].as_bool().unwrap(), y.1["duplicate"].as_bool().unwrap()];
        dups.sort();
        assert_eq!(dups, [false, true]);
        let (_, v) = call(r, "GET", &format!("/api/games/{id}/events"), None, None).await;
        assert_eq!(v["events"].as_array().unwrap().len(), 3);
    }
}

#[tokio::test]
async fn two_different_moves_for_one_turn_exactly_one_lands() {
    two_different_moves_for_one_turn_exactly_one_lands_on(app().await).await;
}

#[tokio::test]
async fn two_different_moves_for_one_turn_exactly_one_lands_on_postgres() {
    let db = PgSchema::new().await;
    two_different_moves_for_one_turn_exactly_one_lands_on(db.app().await).await;
}

async fn two_different_moves_for_one_turn_exactly_one_lands_on(a: App) {
    let r = &a.router;
    let token = login(r, "li").await;
    for _ in 0..10 {
        let (id, black, _) = game(r, &token, "none").await;
        let (x, y) = tokio::join!(
            act(r, id, &black, 2, json!({ "type": "play", "point": "E5" })),
            act(r, id, &black, 2, json!({ "type": "play", "point": "C3" }))
        );
        let mut statuses = [x.0.as_u16(), y.0.as_u16()];
        statuses.sort();
        assert_eq!(statuses, [200, 409]);
        let (_, v) = call(r, "GET", &format!("/api/games/{id}"), None, None).await;
        let stones: usize = v["board"]
            .as_array()
            .unwrap()
            .iter()
            .map(|row| row.as_str().unwrap().matches('X').count())
            .sum();
        assert_eq!((v["seq"].as_u64(), stones), (Some(3), 1));
    }
}
