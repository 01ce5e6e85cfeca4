//! The API document is the API: every route the router is built from is in
//! `/api/openapi.json` with its parameters, and every route the document names is served;
//! path and query errors are the JSON error body; the caller is checked before the body.

use crate::support::*;
use expect_test::expect;
use serde_json::Value;
use std::collections::BTreeSet;

/// The document as the server serves it.
async fn document(r: &axum::Router) -> Value {
    let (s, v) = call(r, "GET", "/api/openapi.json", None, None).await;
    assert_eq!(s, 200);
    v
}

const METHODS: [&str; 4] = ["get", "post", "put", "delete"];

/// (method, path) of every operation the document describes.
fn documented(doc: &Value) -> BTreeSet<(String, String)> {
    let mut out = BTreeSet::new();
    for (path, ops) in doc["paths"].as_object().unwrap() {
        for (method, _) in ops.as_object().unwrap() {
            out.insert((method.to_uppercase(), path.clone()));
        }
    }
    out
}

#[tokio::test]
async fn every_route_is_documented_and_every_documented_route_is_served() {
    let a = app().await;
    let doc = document(&a.router).await;
    let routed: BTreeSet<(String, String)> = server::http::routes()
        .iter()
        .map(|r| (r.method.to_string(), r.path.to_string()))
        .collect();
    let documented = documented(&doc);
    let missing: Vec<_> = routed.difference(&documented).collect();
    let extra: Vec<_> = documented.difference(&routed).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "routed but not documented: {missing:?}\ndocumented but not routed: {extra:?}"
    );
    // Each operation: its path parameters declared (and no other), an error response, and a
    // request body described where the route reads one.
    let mut problems = Vec::new();
    for (path, ops) in doc["paths"].as_object().unwrap() {
        let in_path: BTreeSet<&str> = path
            .split('/')
            .filter_map(|s| s.strip_prefix('{').and_then(|s| s.strip_suffix('}')))
            .collect();
        for (method, op) in ops.as_object().unwrap() {
            assert!(METHODS.contains(&method.as_str()), "{method} {path}");
            let declared: BTreeSet<&str> = op["parameters"]
                .as_array()
                .map(|ps| {
                    ps.iter()
                        .filter(|p| p["in"] == "path")
                        .map(|p| p["name"].as_str().unwrap())
                        .collect()
                })
                .unwrap_or_default();
            if declared != in_path {
                problems.push(format!("{method} {path}: path parameters {declared:?}"));
            }
            let responses = op["responses"].as_object().unwrap();
            if !responses.keys().any(|k| k.starts_with('2') || k == "101") {
                problems.push(format!("{method} {path}: no success response"));
            }
            let is_asset = path.starts_with("/static/") || path == "/favicon.ico" || path == "/healthz";
            if !is_asset && !responses.keys().any(|k| k.starts_with('4')) {
                problems.push(format!("{method} {path}: no error response"));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Every documented operation, requested with made-up parameters, reaches a handler: never
/// the router's fallback (404 "no such route") nor a 405.
#[tokio::test]
async fn every_documented_operation_reaches_a_handler() {
    let a = app().await;
    let r = &a.router;
    let doc = document(r).await;
    let mut unserved = Vec::new();
    for (method, path) in documented(&doc) {
        if path == "/api/ws" {
            continue; // an upgrade: its own test (ws.rs) speaks to it
        }
        let concrete = path
            .split('/')
            .map(|s| if s.starts_with('{') { "1" } else { s })
            .collect::<Vec<_>>()
            .join("/");
        let (s, v) = raw(r, &method, &concrete, &[], None).await;
        let fallback = s == 404 && v["message"].as_str().is_some_and(|m| m.starts_with("no such route"));
        if fallback || s == 405 {
            unserved.push(format!("{method} {path}: {s} {v}"));
        }
    }
    assert!(unserved.is_empty(), "{}", unserved.join("\n"));
}

/// A path or query parameter that does not parse is the JSON error body (a 400 that says
/// which), never axum's text/plain.
#[tokio::test]
async fn path_and_query_errors_are_the_json_error_body() {
    let a = app().await;
    let r = &a.router;
    let mut out = Vec::new();
    for (method, path) in [
        ("GET", "/api/games/abc"),
        ("GET", "/api/games/1/events?since=x"),
        ("GET", "/api/games?live=yes"),
        ("GET", "/api/games/abc/sgf"),
        ("DELETE", "/api/events/e/rounds/first"),
        ("GET", "/play/abc"),
    ] {
        let req = axum::http::Request::builder()
            .method(method)
            .uri(path)
            .body(axum::body::Body::empty())
            .unwrap();
        let resp = tower::ServiceExt::oneshot(r.clone(), req).await.unwrap();
        let ct = resp.headers()["content-type"].to_str().unwrap().to_string();
        let bytes = http_body_util::BodyExt::collect(resp.into_body())
            .await
            .unwrap()
            .to_bytes();
        let v: Value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
        out.push(format!("{method} {path}: {ct} {} {}", v["error"], v["message"]));
    }
    expect![[r#"
        GET /api/games/abc: application/json "bad_request" "the path /api/games/abc: Invalid URL: Cannot parse `abc` to a `i64`"
        GET /api/games/1/events?since=x: application/json "bad_request" "the query string: Failed to deserialize query string: since: invalid digit found in string"
        GET /api/games?live=yes: application/json "bad_request" "the query string: Failed to deserialize query string: live: invalid digit found in string"
        GET /api/games/abc/sgf: application/json "bad_request" "the path /api/games/abc/sgf: Invalid URL: Cannot parse `abc` to a `i64`"
        DELETE /api/events/e/rounds/first: application/json "bad_request" "the path /api/events/e/rounds/first: Invalid URL: Cannot parse value at index 1 with value `first` to a `u32`"
        GET /play/abc: application/json "bad_request" "the path /play/abc: a game is a number, as in /play/7""#]]
    .assert_eq(&out.join("\n"));
}

/// On a route for callers who logged in, an anonymous caller is a 401 whatever the body: a
/// body that does not parse is not read first.
#[tokio::test]
async fn the_caller_is_checked_before_the_body() {
    let a = app().await;
    let r = &a.router;
    let token = login(r, "org").await;
    let mut out = Vec::new();
    for (method, path) in [
        ("POST", "/api/events"),
        ("PUT", "/api/events/e/roles"),
        ("POST", "/api/events/e/players"),
        ("POST", "/api/events/e/results"),
        ("POST", "/api/games"),
        ("POST", "/api/games/1/join"),
        ("POST", "/api/games/1/actions"),
        ("POST", "/api/events/e/rounds/amended"),
        ("POST", "/api/events/e/withdrawals"),
        ("POST", "/api/events/e/rounds/1/games"),
        ("PUT", "/api/events/e/players/Li/account"),
        ("POST", "/api/events/e/claims"),
    ] {
        let (anon, _) = raw(r, method, path, &[], Some("{not json".into())).await;
        let bearer = format!("Bearer {token}");
        let (signed, _) = raw(r, method, path, &[("authorization", &bearer)], Some("{not json".into())).await;
        out.push(format!(
            "{method} {path}: anonymous {}, logged in {}",
            anon.as_u16(),
            signed.as_u16()
        ));
    }
    expect![[r#"
        POST /api/events: anonymous 401, logged in 400
        PUT /api/events/e/roles: anonymous 401, logged in 400
        POST /api/events/e/players: anonymous 401, logged in 400
        POST /api/events/e/results: anonymous 401, logged in 400
        POST /api/games: anonymous 401, logged in 400
        POST /api/games/1/join: anonymous 401, logged in 400
        POST /api/games/1/actions: anonymous 401, logged in 400
        POST /api/events/e/rounds/amended: anonymous 401, logged in 400
        POST /api/events/e/withdrawals: anonymous 401, logged in 400
        POST /api/events/e/rounds/1/games: anonymous 401, logged in 400
        PUT /api/events/e/players/Li/account: anonymous 401, logged in 400
        POST /api/events/e/claims: anonymous 401, logged in 400"#]]
    .assert_eq(&out.join("\n"));
}

/// A refusal that names no article says so with `"article": null`, which the document allows.
#[tokio::test]
async fn a_refusal_without_an_article_is_null_in_the_body_and_in_the_document() {
    let a = app().await;
    let r = &a.router;
    let org = login(r, "org").await;
    let event = serde_json::json!({ "id": "e", "name": "E", "system": { "kind": "swiss" }, "rounds": 3, "time_control": "30m" });
    assert_eq!(call(r, "POST", "/api/events", Some(&org), Some(event)).await.0, 201);
    let li = serde_json::json!({ "name": "Li", "rank": "1d" });
    assert_eq!(
        call(r, "POST", "/api/events/e/players", Some(&org), Some(li.clone()))
            .await
            .0,
        201
    );
    let (s, v) = call(r, "POST", "/api/events/e/players", Some(&org), Some(li)).await;
    assert_eq!(
        (s.as_u16(), &v["error"], &v["article"]),
        (422, &serde_json::json!("refused"), &Value::Null),
        "{v}"
    );
    let doc = document(r).await;
    let article =
        &doc["components"]["responses"]["Error"]["content"]["application/json"]["schema"]["properties"]["article"];
    assert_eq!(
        (article["type"].as_str(), article["nullable"].as_bool()),
        (Some("string"), Some(true))
    );
}

/// Whether `v` fits `schema` (the subset the document uses: type, nullable, properties,
/// required, items, enum, allOf, `$ref` into the components); the first misfit, by its path.
fn fits(doc: &Value, schema: &Value, v: &Value, at: &str) -> Result<(), String> {
    if let Some(r) = schema["$ref"].as_str() {
        let name = r.trim_start_matches("#/components/schemas/");
        return fits(doc, &doc["components"]["schemas"][name], v, at);
    }
    if let Some(all) = schema["allOf"].as_array() {
        return all.iter().try_for_each(|s| fits(doc, s, v, at));
    }
    if v.is_null() {
        return if schema["nullable"] == true || schema.get("type").is_none() {
            Ok(())
        } else {
            Err(format!("{at}: null where the document says {}", schema["type"]))
        };
    }
    let ok = match schema["type"].as_str() {
        None => true,
        Some("object") => v.is_object(),
        Some("array") => v.is_array(),
        Some("string") => v.is_string(),
        Some("integer") => v.is_i64() || v.is_u64(),
        Some("number") => v.is_number(),
        Some("boolean") => v.is_boolean(),
        Some(other) => return Err(format!("{at}: the test knows no type {other}")),
    };
    if !ok {
        return Err(format!("{at}: {v} is not a {}", schema["type"]));
    }
    if let Some(allowed) = schema["enum"].as_array()
        && !allowed.contains(v)
    {
        return Err(format!("{at}: {v} is none of {allowed:?}"));
    }
    for name in schema["required"].as_array().into_iter().flatten() {
        let name = name.as_str().unwrap();
        if v.get(name).is_none() {
            return Err(format!("{at}: {name} is missing"));
        }
    }
    if let Some(props) = schema["properties"].as_object() {
        for (name, s) in props {
            if let Some(x) = v.get(name) {
                fits(doc, s, x, &format!("{at}.{name}"))?;
            }
        }
    }
    if let (Some(items), Some(xs)) = (schema.get("items"), v.as_array()) {
        for (i, x) in xs.iter().enumerate() {
            fits(doc, items, x, &format!("{at}[{i}]"))?;
        }
    }
    Ok(())
}

/// The operations the pages use that the document lacked until now answer what it says: each
/// response of a scenario (a registration file, the proposal, an amended round undone and
/// paired again, a withdrawal, collecting results, the games list, an error) is checked
/// against the document's schema for its path, method and status.
#[tokio::test]
async fn the_pages_operations_answer_what_the_document_says() {
    let a = app().await;
    let r = &a.router;
    let doc = document(r).await;
    let org = login(r, "org").await;
    let bearer = format!("Bearer {org}");
    let event = serde_json::json!({ "id": "e", "name": "E", "system": { "kind": "swiss" }, "rounds": 3, "time_control": "30m" });
    assert_eq!(call(r, "POST", "/api/events", Some(&org), Some(event)).await.0, 201);
    let mut checked = Vec::new();
    let mut check = |path: &str, method: &str, status: u16, v: &Value| {
        let op = &doc["paths"][path][method];
        let response = &op["responses"][status.to_string()];
        let response = if response.is_null() {
            &doc["components"]["responses"]["Error"]
        } else {
            response
        };
        let schema = &response["content"]["application/json"]["schema"];
        assert!(
            !schema.is_null(),
            "{method} {path} {status}: the document gives no schema"
        );
        if let Err(e) = fits(&doc, schema, v, "body") {
            panic!("{method} {path} {status}: {e}\n{v}");
        }
        checked.push(format!("{method} {path} {status}"));
    };
    let csv = "name,rank\nLi,3d\nWang,2d\nZhao,1d\nSun,1k\n".to_string();
    let (s, v) = raw(
        r,
        "POST",
        "/api/events/e/players/csv",
        &[("authorization", &bearer)],
        Some(csv),
    )
    .await;
    check("/api/events/{id}/players/csv", "post", s.as_u16(), &v);
    let (s, v) = call(r, "GET", "/api/events/e/me", Some(&org), None).await;
    check("/api/events/{id}/me", "get", s.as_u16(), &v);
    let (s, v) = call(r, "GET", "/api/events/e/me", None, None).await;
    check("/api/events/{id}/me", "get", s.as_u16(), &v);
    let (s, proposal) = call(r, "GET", "/api/events/e/proposal", Some(&org), None).await;
    check("/api/events/{id}/proposal", "get", s.as_u16(), &proposal);
    let games: Vec<Value> = proposal["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| serde_json::json!([g["black"], g["white"]]))
        .collect();
    let amended = serde_json::json!({ "games": games });
    let (s, v) = call(
        r,
        "POST",
        "/api/events/e/rounds/amended",
        Some(&org),
        Some(amended.clone()),
    )
    .await;
    check("/api/events/{id}/rounds/amended", "post", s.as_u16(), &v);
    let (s, v) = call(r, "DELETE", "/api/events/e/rounds/1", Some(&org), None).await;
    check("/api/events/{id}/rounds/{n}", "delete", s.as_u16(), &v);
    let (s, v) = call(r, "DELETE", "/api/events/e/rounds/1", Some(&org), None).await;
    check("/api/events/{id}/rounds/{n}", "delete", s.as_u16(), &v);
    let (s, v) = call(r, "POST", "/api/events/e/rounds/amended", Some(&org), Some(amended)).await;
    check("/api/events/{id}/rounds/amended", "post", s.as_u16(), &v);
    let withdraw = serde_json::json!({ "name": "Sun", "reason": "ill" });
    let (s, v) = call(r, "POST", "/api/events/e/withdrawals", Some(&org), Some(withdraw)).await;
    check("/api/events/{id}/withdrawals", "post", s.as_u16(), &v);
    let (s, v) = call(r, "POST", "/api/events/e/collect", Some(&org), None).await;
    check("/api/events/{id}/collect", "post", s.as_u16(), &v);
    let (s, v) = call(r, "GET", "/api/games", None, None).await;
    check("/api/games", "get", s.as_u16(), &v);
    let (gid, _, _) = game(r, &org, "1h").await;
    let (s, v) = call(r, "GET", "/api/games?live=1", None, None).await;
    check("/api/games", "get", s.as_u16(), &v);
    assert_eq!(v[0]["game"], gid);
    expect![[r#"
        post /api/events/{id}/players/csv 201
        get /api/events/{id}/me 200
        get /api/events/{id}/me 200
        get /api/events/{id}/proposal 200
        post /api/events/{id}/rounds/amended 201
        delete /api/events/{id}/rounds/{n} 200
        delete /api/events/{id}/rounds/{n} 404
        post /api/events/{id}/rounds/amended 201
        post /api/events/{id}/withdrawals 200
        post /api/events/{id}/collect 200
        get /api/games 200
        get /api/games 200"#]]
    .assert_eq(&checked.join("\n"));
}

/// The schema the document gives for a response (the operation's own for its status, else the
/// shared error body); `None` for a response without a body (204).
fn response_schema<'d>(doc: &'d Value, path: &str, method: &str, status: u16) -> Option<&'d Value> {
    let op = &doc["paths"][path][method];
    assert!(!op.is_null(), "{method} {path}: not in the document");
    let response = &op["responses"][status.to_string()];
    let response = if response.is_null() {
        &doc["components"]["responses"]["Error"]
    } else {
        response
    };
    let schema = &response["content"]["application/json"]["schema"];
    (!schema.is_null()).then_some(schema)
}

/// Every operation with a JSON body answers what the document says: a scenario walks each
/// operation of the API the pages' scenario above does not (accounts and sessions, events,
/// roles, players linked and claimed, rounds started, results, standings, live games and their
/// actions, seat links, time left, challenge matches), and each response is checked against
/// the document's schema for its path, method and status. A success without a schema fails, so
/// an operation added without its response schema is caught.
#[tokio::test]
async fn every_operation_answers_what_the_document_says() {
    use serde_json::json;
    let a = app().await;
    let r = &a.router;
    let doc = document(r).await;
    // Every success with a body, in the whole document, has a schema (a 204 has no body).
    let mut without = Vec::new();
    for (path, ops) in doc["paths"].as_object().unwrap() {
        for (method, op) in ops.as_object().unwrap() {
            for (status, response) in op["responses"].as_object().into_iter().flatten() {
                let body = &response["content"];
                if status.starts_with('2') && status != "204" && body.is_null() && response["$ref"].is_null() {
                    without.push(format!("{method} {path} {status}"));
                }
            }
        }
    }
    assert!(without.is_empty(), "successes without a schema: {without:?}");
    let mut checked: Vec<String> = Vec::new();
    let mut check = |method: &str, path: &str, status: u16, v: &Value| {
        match response_schema(&doc, path, method, status) {
            Some(schema) => {
                if let Err(e) = fits(&doc, schema, v, "body") {
                    panic!("{method} {path} {status}: {e}\n{v}");
                }
            }
            None => assert!(
                status == 204,
                "{method} {path} {status}: the document gives no schema for\n{v}"
            ),
        }
        checked.push(format!("{method} {path} {status}"));
    };
    let (s, v) = call(r, "GET", "/healthz", None, None).await;
    check("get", "/healthz", s.as_u16(), &v);
    let (s, v) = call(r, "GET", "/api/openapi.json", None, None).await;
    check("get", "/api/openapi.json", s.as_u16(), &v);
    let creds = json!({ "name": "td", "password": "correct horse" });
    let (s, v) = call(r, "POST", "/api/accounts", None, Some(creds.clone())).await;
    check("post", "/api/accounts", s.as_u16(), &v);
    let (s, v) = call(r, "POST", "/api/sessions", None, Some(creds)).await;
    check("post", "/api/sessions", s.as_u16(), &v);
    let td = v["token"].as_str().unwrap().to_string();
    let referee = login(r, "ref").await;
    let player = login(r, "player").await;
    let claimer = login(r, "claimer").await;

    // An event, its officials and players.
    let event = json!({ "id": "w", "name": "W", "system": { "kind": "swiss" }, "rounds": 2, "time_control": "30m" });
    assert_eq!(call(r, "POST", "/api/events", Some(&td), Some(event)).await.0, 201);
    let (s, v) = call(r, "GET", "/api/events", None, None).await;
    check("get", "/api/events", s.as_u16(), &v);
    for (account, role) in [("td", "chief_referee"), ("ref", "referee")] {
        let body = json!({ "account": account, "role": role });
        let (s, v) = call(r, "PUT", "/api/events/w/roles", Some(&td), Some(body)).await;
        check("put", "/api/events/{id}/roles", s.as_u16(), &v);
    }
    let (s, v) = call(r, "GET", "/api/events/w/roles", Some(&td), None).await;
    check("get", "/api/events/{id}/roles", s.as_u16(), &v);
    for (name, rank) in [("Li", "3d"), ("Wang", "2d")] {
        let body = json!({ "name": name, "rank": rank });
        let (s, v) = call(r, "POST", "/api/events/w/players", Some(&td), Some(body)).await;
        check("post", "/api/events/{id}/players", s.as_u16(), &v);
    }
    let (s, v) = call(
        r,
        "PUT",
        "/api/events/w/players/Li/account",
        Some(&td),
        Some(json!({ "account": "player" })),
    )
    .await;
    check("put", "/api/events/{id}/players/{name}/account", s.as_u16(), &v);
    let (s, v) = call(r, "POST", "/api/events/w/players/Wang/claim-code", Some(&td), None).await;
    check("post", "/api/events/{id}/players/{name}/claim-code", s.as_u16(), &v);
    let claim = json!({ "code": v["code"].as_str().unwrap() });
    let (s, v) = call(r, "POST", "/api/events/w/claims", Some(&claimer), Some(claim)).await;
    check("post", "/api/events/{id}/claims", s.as_u16(), &v);

    // A round paired, its games started with the round's settings, a result entered.
    let (s, v) = call(r, "POST", "/api/events/w/rounds", Some(&td), None).await;
    check("post", "/api/events/{id}/rounds", s.as_u16(), &v);
    let (s, v) = call(r, "GET", "/api/events/w/rounds/1/setup", Some(&td), None).await;
    check("get", "/api/events/{id}/rounds/{n}/setup", s.as_u16(), &v);
    let body = json!({ "time": "30m", "size": 9 });
    let (s, v) = call(r, "POST", "/api/events/w/rounds/1/games", Some(&td), Some(body)).await;
    check("post", "/api/events/{id}/rounds/{n}/games", s.as_u16(), &v);
    let event_game = v["games"][0]["game"].as_i64().unwrap();
    let (s, v) = call(r, "GET", "/api/events/w/seat-links", Some(&td), None).await;
    check("get", "/api/events/{id}/seat-links", s.as_u16(), &v);
    let (s, v) = call(
        r,
        "POST",
        &format!("/api/games/{event_game}/join"),
        Some(&player),
        Some(json!({ "color": "white" })),
    )
    .await;
    check("post", "/api/games/{id}/join", s.as_u16(), &v);
    let result = json!({ "round": 1, "board": 1, "result": "B+R" });
    let (s, v) = call(r, "POST", "/api/events/w/results", Some(&td), Some(result)).await;
    check("post", "/api/events/{id}/results", s.as_u16(), &v);
    let (s, v) = call(r, "GET", "/api/events/w/standings", None, None).await;
    check("get", "/api/events/{id}/standings", s.as_u16(), &v);
    let (s, v) = call(r, "DELETE", "/api/events/w/roles/ref/referee", Some(&td), None).await;
    check("delete", "/api/events/{id}/roles/{account}/{role}", s.as_u16(), &v);
    let (s, v) = call(r, "DELETE", "/api/events/w/players/Li/account", Some(&td), None).await;
    check("delete", "/api/events/{id}/players/{name}/account", s.as_u16(), &v);

    // A free game: created, a move, its record, a seat link issued again, the time left.
    let body = json!({ "settings": settings("10m") });
    let (s, v) = call(r, "POST", "/api/games", Some(&td), Some(body)).await;
    check("post", "/api/games", s.as_u16(), &v);
    let game = v["game"].as_i64().unwrap();
    let black = v["secrets"]["black"].as_str().unwrap().to_string();
    let (s, v) = act(r, game, &black, 2, json!({ "type": "play", "point": "E5" })).await;
    check("post", "/api/games/{id}/actions", s.as_u16(), &v);
    let (s, v) = call(r, "GET", &format!("/api/games/{game}/events"), None, None).await;
    check("get", "/api/games/{id}/events", s.as_u16(), &v);
    let (s, v) = call(
        r,
        "POST",
        &format!("/api/games/{game}/seats/black/link"),
        Some(&td),
        None,
    )
    .await;
    check("post", "/api/games/{id}/seats/{color}/link", s.as_u16(), &v);
    let (s, v) = call(
        r,
        "GET",
        &format!("/api/games/{game}/time-left?color=black"),
        Some(&referee),
        None,
    )
    .await;
    check("get", "/api/games/{id}/time-left", s.as_u16(), &v);

    // A challenge match (擂台赛).
    let body = json!({ "id": "lt", "name": "擂台赛", "teams": [
        { "name": "Red", "order": ["r1", "r2"] }, { "name": "Blue", "order": ["b1", "b2"] } ] });
    let (s, v) = call(r, "POST", "/api/challenges", Some(&td), Some(body)).await;
    check("post", "/api/challenges", s.as_u16(), &v);
    let bout = json!({ "black": "r1", "result": "W+R" });
    let (s, v) = call(r, "POST", "/api/challenges/lt/games", Some(&td), Some(bout)).await;
    check("post", "/api/challenges/{id}/games", s.as_u16(), &v);
    let (s, v) = call(
        r,
        "POST",
        "/api/challenges/lt/withdrawals",
        Some(&td),
        Some(json!({ "name": "r2" })),
    )
    .await;
    check("post", "/api/challenges/{id}/withdrawals", s.as_u16(), &v);
    let (s, v) = call(r, "GET", "/api/challenges/lt", None, None).await;
    check("get", "/api/challenges/{id}", s.as_u16(), &v);

    expect![[r#"
        get /healthz 200
        get /api/openapi.json 200
        post /api/accounts 201
        post /api/sessions 200
        get /api/events 200
        put /api/events/{id}/roles 200
        put /api/events/{id}/roles 200
        get /api/events/{id}/roles 200
        post /api/events/{id}/players 201
        post /api/events/{id}/players 201
        put /api/events/{id}/players/{name}/account 200
        post /api/events/{id}/players/{name}/claim-code 201
        post /api/events/{id}/claims 200
        post /api/events/{id}/rounds 201
        get /api/events/{id}/rounds/{n}/setup 200
        post /api/events/{id}/rounds/{n}/games 201
        get /api/events/{id}/seat-links 200
        post /api/games/{id}/join 200
        post /api/events/{id}/results 200
        get /api/events/{id}/standings 200
        delete /api/events/{id}/roles/{account}/{role} 200
        delete /api/events/{id}/players/{name}/account 204
        post /api/games 201
        post /api/games/{id}/actions 200
        get /api/games/{id}/events 200
        post /api/games/{id}/seats/{color}/link 201
        get /api/games/{id}/time-left 200
        post /api/challenges 201
        post /api/challenges/{id}/games 200
        post /api/challenges/{id}/withdrawals 200
        get /api/challenges/{id} 200"#]]
    .assert_eq(&checked.join("\n"));
}
