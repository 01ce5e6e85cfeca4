//! The h9 the EGD accepts: the handicap reduction, the adjusted time and class, unknown
//! results, the rounds of the standings, names in the EGD's case, and the check before
//! sending.

use formats::h9::{self, Encoding, adjusted_time, check, class, egd_case};
use formats::opengotha;

const FILE: &str = include_str!("data/mcmahon.xml");

fn with_time(system: &str) -> opengotha::Tournament {
    opengotha::parse(&FILE.replace(
        "complementaryTimeSystem=\"CANBYOYOMI\"",
        &format!("complementaryTimeSystem=\"{system}\""),
    ))
    .unwrap()
}

#[test]
fn the_adjusted_time_counts_45_byo_yomi_moves_60_canadian_or_45_increments() {
    // Basic 60 min; Canadian 15 moves in 300 s: 60 moves take 20 min.
    assert_eq!(adjusted_time(&with_time("CANBYOYOMI")), Some(80.0));
    // Standard byo-yomi of 30 s: 45 moves, 22.5 min.
    assert_eq!(adjusted_time(&with_time("STDBYOYOMI")), Some(82.5));
    // Fischer 10 s: 7.5 min.
    assert_eq!(adjusted_time(&with_time("FISCHER")), Some(67.5));
    assert_eq!(adjusted_time(&with_time("SUDDENDEATH")), Some(60.0));
    assert_eq!(class(80.0, 60.0), Some('A'));
    assert_eq!(class(80.0, 45.0), Some('B'));
    assert_eq!(class(67.5, 60.0), Some('B'));
    assert_eq!(class(35.0, 30.0), Some('C'));
    assert_eq!(class(29.0, 29.0), None);
    let text = String::from_utf8(h9::write(&with_time("FISCHER"), Encoding::Utf8).unwrap()).unwrap();
    assert!(text.contains("; TM[68]\n; CL[B]\n"), "{text}");
}

#[test]
fn no_handicap_is_h9_and_a_handicap_event_gives_its_reduction() {
    let even = opengotha::parse(&FILE.replace("hdCeiling=\"9\"", "hdCeiling=\"0\"")).unwrap();
    assert_eq!(h9::handicap_header(&even), "h9");
    let t = opengotha::parse(&FILE.replace("hdCorrection=\"1\"", "hdCorrection=\"2\"")).unwrap();
    assert_eq!(h9::handicap_header(&t), "h2");
}

#[test]
fn names_are_written_in_the_egd_case() {
    assert_eq!(egd_case("DUPONT"), "Dupont");
    assert_eq!(egd_case("van der BERG"), "Van Der Berg");
    assert_eq!(egd_case("o'neil-SMITH"), "O'Neil-Smith");
    assert_eq!(egd_case("张"), "张");
    let t = opengotha::parse(&FILE.replace("name=\"Dupont\"", "name=\"DUPONT\"")).unwrap();
    let text = String::from_utf8(h9::write(&t, Encoding::Utf8).unwrap()).unwrap();
    assert!(
        text.contains(" Dupont Jean 5d ") && text.contains("|12345678"),
        "{text}"
    );
}

#[test]
fn an_unknown_result_is_a_question_mark_and_later_rounds_are_left_out() {
    // Round 3's first game (张 三 against Dupont) without a result.
    let xml = FILE.replacen(
        "result=\"RESULT_BLACKWINS\" roundNumber=\"3\"",
        "result=\"RESULT_UNKNOWN\" roundNumber=\"3\"",
        1,
    );
    assert_ne!(xml, FILE);
    let t = opengotha::parse(&xml).unwrap();
    let text = String::from_utf8(h9::write(&t, Encoding::Utf8).unwrap()).unwrap();
    assert!(text.contains("?/b0") && text.contains("?/w0"), "{text}");
    assert!(
        check(&t, 3)
            .iter()
            .any(|p| p.refused && p.what.contains("round 3: 张 三 – Dupont Jean has no result"))
    );
    // The standings after round 2: two round tokens a player, not three.
    let t = opengotha::parse(FILE).unwrap();
    let text = String::from_utf8(h9::write_rounds(&t, 2, Encoding::Utf8).unwrap()).unwrap();
    let wang = text.lines().find(|l| l.contains("Wang Lei")).unwrap();
    let tokens = wang
        .split_whitespace()
        .filter(|w| w.contains('/') || *w == "0+" || *w == "0-" || *w == "0=")
        .count();
    assert_eq!(tokens, 2, "{wang}");
}

#[test]
fn the_check_says_what_the_egd_would_refuse_and_warns_of_missing_pins() {
    let t = opengotha::parse(FILE).unwrap();
    let problems = check(&t, 3);
    // 张 三 does not fit Latin-1; three players have no pin (a warning only).
    let refused: Vec<&str> = problems.iter().filter(|p| p.refused).map(|p| p.what.as_str()).collect();
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert!(refused[0].starts_with("not Latin-1: player \"张 三\""), "{refused:?}");
    assert_eq!(
        problems
            .iter()
            .filter(|p| !p.refused && p.what.contains("no EGD pin"))
            .count(),
        3
    );
    // Too fast to rate, and no location.
    let fast = opengotha::parse(
        &FILE
            .replace("basicTime=\"60\"", "basicTime=\"10\"")
            .replace("location=\"Paris\"", "location=\"\""),
    )
    .unwrap();
    let what: Vec<String> = check(&fast, 3)
        .into_iter()
        .filter(|p| p.refused)
        .map(|p| p.what)
        .collect();
    assert!(what.iter().any(|w| w.contains("below class C")), "{what:?}");
    assert!(what.iter().any(|w| w == "the tournament has no location"), "{what:?}");
}
