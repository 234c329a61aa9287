//! Fitting a family's [`Weights`] to game results (Texel's method): the
//! static score of each quiet position of a set of games, squashed by a
//! logistic curve, should predict the game's result; the weights are moved
//! one step at a time while the mean squared error falls.
//!
//! This is a tool for the engine's developers, run as an ignored test:
//!
//! ```text
//! DRAUGHTS_FIT=english:first:/path/ACF_converted_to_pdn.pdn \
//!     cargo test --release --lib fit_weights_to_game_results -- --ignored --nocapture
//! ```
//!
//! `DRAUGHTS_FIT` is `variant:convention:file[,file...]`; the convention
//! says who `1-0` names: `white` (the PDN standard, and `draughts match
//! --pdn`) or `first` (the player who moved first, as in the ACF's English
//! records, where Black starts). It prints the error before and after and
//! the fitted values; whether they play better is for a match to say.

use super::*;
use crate::pdn::{parse_pdn, replay_as};
use crate::{English, Position, Russian};

/// A quiet position (no capture for either side) and its game's result
/// for White: 1, 0.5 or 0.
type Sample<V> = (Position<V>, f64);

/// The weights a fit moves: the king, the advance of rows 1-6, then the
/// single terms. The man stays 100 (the unit) and the lone king's room
/// is left alone (a search-side term).
const NAMES: [&str; 14] = [
    "king",
    "advance[1]",
    "advance[2]",
    "advance[3]",
    "advance[4]",
    "advance[5]",
    "advance[6]",
    "center",
    "king_center",
    "back_row",
    "runaway",
    "mobility",
    "trade",
    "balance",
];

/// The fitted weights of `w`, in the order of [`NAMES`].
fn fields(w: &mut Weights) -> [&mut i32; 14] {
    let [_, a1, a2, a3, a4, a5, a6, ..] = &mut w.advance;
    [
        &mut w.king,
        a1,
        a2,
        a3,
        a4,
        a5,
        a6,
        &mut w.center,
        &mut w.king_center,
        &mut w.back_row,
        &mut w.runaway,
        &mut w.mobility,
        &mut w.trade,
        &mut w.balance,
    ]
}

fn params(w: &Weights) -> [i32; 14] {
    fields(&mut w.clone()).map(|x| *x)
}

fn with_params(mut w: Weights, v: &[i32; 14]) -> Weights {
    for (field, value) in fields(&mut w).into_iter().zip(v) {
        *field = *value;
    }
    w
}

/// Every quiet position of the games in `text` with its result for White;
/// `first_wins` reads `1-0` as a win of the side that moved first. Games
/// that do not replay or have no result are skipped.
fn samples<V: Variant>(text: &str, first_wins: bool) -> Vec<Sample<V>> {
    let mut out = Vec::new();
    for record in parse_pdn(text).into_iter().flatten() {
        let Ok(game) = replay_as::<V>(&record) else {
            continue;
        };
        let mut result = match record.tag("Result") {
            Some("1-0") => 1.0,
            Some("0-1") => 0.0,
            Some("1/2-1/2") => 0.5,
            _ => continue,
        };
        let first = game.positions()[0].turn;
        if first_wins && first == Color::Black {
            result = 1.0 - result;
        }
        for pos in game.positions() {
            let mut other = *pos;
            other.turn = other.turn.opponent();
            if !pos.has_captures() && !other.has_captures() {
                out.push((*pos, result));
            }
        }
    }
    out
}

/// The mean squared error of the predicted results with weights `w` and
/// logistic scale `k` (per man).
fn error<V: Variant>(data: &[Sample<V>], w: Weights, k: f64) -> f64 {
    let ev = Evaluator::<V>::with_weights(Color::White, w);
    let sum: f64 = data
        .iter()
        .map(|(pos, result)| {
            let s = f64::from(ev.evaluate(pos));
            let s = if pos.turn == Color::White { s } else { -s };
            let predicted = 1.0 / (1.0 + (-k * s / 100.0).exp());
            (predicted - result) * (predicted - result)
        })
        .sum();
    sum / data.len().max(1) as f64
}

/// The result of a fit.
struct Fit {
    weights: Weights,
    k: f64,
    before: f64,
    after: f64,
}

/// Fits the scale `k` to the start weights, then moves each weight by 4
/// and by 1 while the error falls, for at most `rounds` rounds.
fn fit<V: Variant>(data: &[Sample<V>], start: Weights, rounds: usize) -> Fit {
    let (mut k, mut best) = (0.05, f64::MAX);
    for i in 1..80 {
        let e = error(data, start, f64::from(i) * 0.05);
        if e < best {
            (k, best) = (f64::from(i) * 0.05, e);
        }
    }
    let before = best;
    let mut v = params(&start);
    for _ in 0..rounds {
        let mut improved = false;
        for i in 0..v.len() {
            for step in [-4, 4, -1, 1] {
                loop {
                    let mut t = v;
                    t[i] += step;
                    let e = error(data, with_params(start, &t), k);
                    if e + 1e-9 >= best {
                        break;
                    }
                    (best, v, improved) = (e, t, true);
                }
            }
        }
        if !improved {
            break;
        }
    }
    Fit {
        weights: with_params(start, &v),
        k,
        before,
        after: best,
    }
}

fn run<V: Variant>(files: &[&str], first_wins: bool, start: Weights) {
    let mut data = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(f).unwrap_or_else(|e| panic!("{f}: {e}"));
        data.extend(samples::<V>(&text, first_wins));
    }
    let fit = fit(&data, start, 40);
    println!(
        "{} quiet positions, k {:.2}, error {:.6} -> {:.6}",
        data.len(),
        fit.k,
        fit.before,
        fit.after
    );
    for (name, (old, new)) in NAMES
        .iter()
        .zip(params(&start).iter().zip(params(&fit.weights)))
    {
        println!("{name:12} {old:5} -> {new:5}");
    }
}

/// The tool (see the module's documentation).
#[test]
#[ignore]
fn fit_weights_to_game_results() {
    let spec = std::env::var("DRAUGHTS_FIT").expect("DRAUGHTS_FIT=variant:white|first:file[,file]");
    let mut parts = spec.splitn(3, ':');
    let (variant, convention, files) = (
        parts.next().unwrap_or(""),
        parts.next().unwrap_or(""),
        parts.next().unwrap_or(""),
    );
    let first_wins = convention == "first";
    let files: Vec<&str> = files.split(',').collect();
    match variant {
        "english" => run::<English>(&files, first_wins, *Family::of::<English>().weights()),
        "russian" => run::<Russian>(&files, first_wins, *Family::of::<Russian>().weights()),
        other => panic!("the fit knows english and russian, not {other}"),
    }
}

/// On a small set of real games the fit never raises the error, and the
/// weights it returns score that error.
#[test]
fn a_fit_lowers_the_error_of_the_weights_it_starts_from() {
    // Read at run time: the game records stay out of the published package.
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/games/english/wiegerw_pdn/OCA_2.0.pdn"
    );
    let text = std::fs::read_to_string(path).expect(path);
    let data = samples::<English>(&text, true);
    assert!(data.len() > 500, "{}", data.len());
    let start = *Family::of::<English>().weights();
    let fit = fit(&data, start, 2);
    assert!(fit.after <= fit.before, "{} {}", fit.after, fit.before);
    assert!((error(&data, fit.weights, fit.k) - fit.after).abs() < 1e-12);
    assert!(fit.before < 0.25, "no better than a coin: {}", fit.before);
}

/// `1-0` read as the first player's win turns every result around when
/// Black moved first.
#[test]
fn the_first_player_convention_turns_black_first_results() {
    let pdn = "[GameType \"21\"]\n[Result \"1-0\"]\n\n1. 11-15 23-19 1-0\n";
    let white = samples::<English>(pdn, false);
    let first = samples::<English>(pdn, true);
    assert_eq!(white.len(), first.len());
    assert!(white.iter().all(|s| s.1 == 1.0));
    assert!(first.iter().all(|s| s.1 == 0.0));
}
