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
    let routed: BTreeSet<(String, String)> = server::api::routes()
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
        DELETE /api/events/e/rounds/first: application/json "bad_request" "the path /api/events/e/rounds/first: Invalid URL: Cannot parse value at index 1 with value `first` to a `u32`""#]]
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
    let event = serde_json::json!({ "id": "e", "name": "E", "system": { "kind": "swiss" }, "rounds": 3 });
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
    let event = serde_json::json!({ "id": "e", "name": "E", "system": { "kind": "swiss" }, "rounds": 3 });
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
