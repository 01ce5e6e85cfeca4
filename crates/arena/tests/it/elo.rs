//! The Elo difference of a score and its 95 % interval.

use arena::{elo, elo_of_score, format_elo};

#[test]
fn an_even_score_is_no_difference_and_the_interval_is_symmetric() {
    let e = elo(10, 0, 10).unwrap();
    assert_eq!(e.diff, 0.0);
    assert!((e.low + e.high).abs() < 1e-9, "{e:?}");
    assert!(e.low < 0.0 && e.high > 0.0);
}

#[test]
fn three_quarters_of_the_points_is_400_log10_3() {
    // The logistic model: p = 1 / (1 + 10^(-d/400)), so p = 3/4 gives d = 400·log10(3).
    let e = elo(30, 0, 10).unwrap();
    assert!((e.diff - 400.0 * 3f64.log10()).abs() < 1e-9);
    // Each end of the interval maps back to a score 1.96 standard errors away.
    let se = (0.75f64 * 0.25 / 40.0).sqrt();
    let back = |d: f64| 1.0 / (1.0 + 10f64.powf(-d / 400.0));
    assert!((back(e.low) - (0.75 - 1.959_963_984_540_054 * se)).abs() < 1e-9);
    assert!((back(e.high) - (0.75 + 1.959_963_984_540_054 * se)).abs() < 1e-9);
}

#[test]
fn swapping_the_engines_negates_the_difference() {
    let a = elo(7, 2, 3).unwrap();
    let b = elo(3, 2, 7).unwrap();
    assert!((a.diff + b.diff).abs() < 1e-9);
    assert!((a.low + b.high).abs() < 1e-9);
}

#[test]
fn draws_count_half_and_narrow_the_interval() {
    let with_draws = elo(5, 10, 5).unwrap();
    let without = elo(10, 0, 10).unwrap();
    assert_eq!(with_draws.score, 0.5);
    assert!(with_draws.high < without.high);
}

#[test]
fn a_sweep_has_no_finite_elo_and_no_games_no_estimate() {
    let e = elo(4, 0, 0).unwrap();
    assert_eq!(format_elo(e.diff), "+inf");
    assert_eq!(format_elo(elo_of_score(0.0)), "-inf");
    assert_eq!(format_elo(elo_of_score(0.75)), "+190.8");
    assert_eq!(elo(0, 0, 0), None);
}
