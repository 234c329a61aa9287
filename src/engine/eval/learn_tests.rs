//! Tests of the learned pattern evaluation and its pipeline.

use super::learn::{
    cross_entropy, fit, games_in, logistic, play_one, read_samples, self_play, FitOptions,
    SelfPlayOptions,
};
use super::patterns::{Layout, PatternWeights, Phase};
use super::*;
use crate::engine::Engine;
use crate::position::PieceKind;
use crate::{English, Game, International};
use std::collections::HashSet;
use std::sync::Mutex;

/// Each region's state computed from scratch: the region's playing
/// squares row by row, left to right, a digit per square (0 empty or a
/// king, 1 White's man, 2 Black's man), the first square the lowest digit.
fn states_from_scratch<V: Variant>(pos: &Position<V>) -> Vec<u32> {
    let (w, h) = (V::Board::WIDTH, V::Board::HEIGHT);
    let mut out = Vec::new();
    for r0 in (0..=h - 4).step_by(2) {
        for c0 in (0..=w - 4).step_by(2) {
            let (mut state, mut power) = (0u32, 1u32);
            for r in r0..r0 + 4 {
                for c in c0..c0 + 4 {
                    let Some(sq) = V::Board::square_at(r, c) else {
                        continue;
                    };
                    let digit = match pos.piece_at(sq) {
                        Some(p) if p.kind == PieceKind::King => 0,
                        Some(p) if p.color == Color::White => 1,
                        Some(_) => 2,
                        None => 0,
                    };
                    state += digit * power;
                    power *= 3;
                }
            }
            out.push(state);
        }
    }
    out
}

fn region_states<V: Variant>(pos: &Position<V>) -> Vec<u32> {
    let layout = Layout::of::<V>();
    let hand = Evaluator::<V>::new(Color::White);
    let states = layout.states() as u32;
    layout
        .features(pos, &hand)
        .patterns
        .iter()
        .enumerate()
        .map(|(r, &i)| i - r as u32 * states)
        .collect()
}

/// 4 x 4 blocks at even rows and columns: 4 x 4 of them on 10 x 10, 3 x 3
/// on 8 x 8, each with 8 playing squares; every playing square is in one.
#[test]
fn the_regions_of_a_board_cover_it_with_eight_squares_each() {
    let l = Layout::of::<International>();
    assert_eq!((l.regions(), l.states()), (16, 3usize.pow(8)));
    assert_eq!(l.weights_len(), 16 * 6561);
    assert_eq!(Layout::of::<English>().regions(), 9);
    // A lone man on each square (beside a king of the other side, which
    // the patterns read as empty): some region reads it.
    for n in 1..=50 {
        let fen = if n <= 5 {
            format!("W:WK50:B{n}")
        } else {
            format!("W:W{n}:BK1")
        };
        let pos = Position::<International>::from_fen(&fen).unwrap();
        assert!(region_states(&pos).iter().any(|&s| s != 0), "square {n}");
    }
}

/// The start position: the regions of the first four rows hold only one
/// side's men (every digit 1 or every digit 2), those of the two middle
/// rows plus one row each side are mixed; all agree with a from-scratch count.
#[test]
fn a_region_state_is_the_base_3_number_of_its_men() {
    let start = Position::<International>::start();
    let states = region_states(&start);
    assert_eq!(states, states_from_scratch(&start));
    let all_white = (3u32.pow(8) - 1) / 2;
    let all_black = 3u32.pow(8) - 1;
    let mut ends: Vec<u32> = states[..4].iter().chain(&states[12..]).copied().collect();
    ends.sort();
    assert_eq!(ends, [vec![all_white; 4], vec![all_black; 4]].concat());
    // A middle game position, checked against the from-scratch count.
    let pos = Position::<International>::from_fen(
        "W:W27,28,31,32,33,34,36,37,38,39,40,41,43,44,45,46,48:B1,3,4,6,7,8,9,11,12,13,14,16,17,18,19,22,23",
    )
    .unwrap();
    assert_eq!(region_states(&pos), states_from_scratch(&pos));
}

/// Kings are no part of the patterns: a board of kings reads as empty.
#[test]
fn kings_read_as_empty_squares_in_the_patterns() {
    let pos = Position::<International>::from_fen("W:WK46,K28:BK5,K23").unwrap();
    assert!(region_states(&pos).iter().all(|&s| s == 0));
}

fn sample_weights() -> PatternWeights {
    let layout = Layout::of::<International>();
    let n = layout.weights_len();
    let mid = Phase {
        dense: [1024, 5, -7, 3],
        patterns: (0..n).map(|i| (i % 201) as i16 - 100).collect(),
    };
    let end = Phase {
        dense: [900, 1, 2, -3],
        patterns: (0..n).map(|i| (i % 37) as i16 - 18).collect(),
    };
    let mut w = PatternWeights::new(layout, mid, end);
    w.set_header(vec!["commit abc".into(), "two\nlines".into()]);
    w
}

#[test]
fn a_weights_file_reads_back_as_written() {
    let w = sample_weights();
    let bytes = w.to_bytes();
    let back = PatternWeights::from_bytes::<International>(&bytes).unwrap();
    assert_eq!(back, w);
    assert_eq!(back.header(), ["commit abc", "two lines"]);
}

#[test]
fn a_weights_file_for_another_board_or_cut_short_is_refused() {
    let bytes = sample_weights().to_bytes();
    let e = PatternWeights::from_bytes::<English>(&bytes).unwrap_err();
    assert!(e.to_string().contains("another board"), "{e}");
    let e = PatternWeights::from_bytes::<International>(&bytes[..bytes.len() - 2]).unwrap_err();
    assert!(e.to_string().contains("wrong size"), "{e}");
    let e =
        PatternWeights::from_bytes::<International>(b"draughts pattern weights 1\n").unwrap_err();
    assert!(e.to_string().contains("does not end"), "{e}");
}

/// The blend: with every piece on the board the middle game's weights
/// alone, summed from the from-scratch states.
#[test]
fn the_learned_score_of_the_start_is_the_middle_game_sum() {
    let w = sample_weights();
    let pos = Position::<International>::start();
    let hand = Evaluator::<International>::new(Color::White);
    let h = hand.white_score(&pos).0;
    let (mid, _) = w.phases();
    let mut expected = h * 1024 / 1024 + i32::from(mid.dense[3]);
    for (r, s) in states_from_scratch(&pos).into_iter().enumerate() {
        expected += i32::from(mid.patterns[r * 6561 + s as usize]);
    }
    assert_eq!(w.white_score(&pos, h), expected);
}

/// The embedded International weights load, and only a thread that asks
/// for them gets them; Russian's weights serve its family (Brazilian shares
/// the board), Frisian's serve Frysk!; Antidraughts has none.
#[test]
fn set_learned_switches_this_threads_searches_to_the_learned_weights() {
    assert!(has_learned::<International>());
    assert!(has_learned::<crate::Russian>());
    assert!(has_learned::<crate::Brazilian>());
    assert!(has_learned::<English>());
    assert!(has_learned::<crate::Turkish>());
    assert!(has_learned::<crate::Frysk>());
    assert!(!has_learned::<crate::Antidraughts>());
    std::thread::spawn(|| {
        assert!(Evaluator::<International>::new(Color::White)
            .learned
            .is_none());
        set_learned(true);
        assert!(Evaluator::<International>::new(Color::White)
            .learned
            .is_some());
        assert!(Evaluator::<crate::Antidraughts>::new(Color::White)
            .learned
            .is_none());
        // Another thread is not switched.
        std::thread::spawn(|| {
            assert!(Evaluator::<International>::new(Color::White)
                .learned
                .is_none());
        })
        .join()
        .unwrap();
        set_learned(false);
        assert!(Evaluator::<International>::new(Color::White)
            .learned
            .is_none());
    })
    .join()
    .unwrap();
}

fn small() -> SelfPlayOptions {
    SelfPlayOptions {
        games: 4,
        threads: 2,
        seed: 3,
        nodes: 300,
        random_plies: 6,
        margin: 30,
        max_plies: 200,
        learned: false,
    }
}

/// A game's number and seed decide it; its lines parse back as samples
/// of that game, each a quiet position.
#[test]
fn a_self_play_game_is_the_same_for_the_same_number_and_reads_back() {
    let opening = Game::<International>::new();
    let opts = small();
    let a = play_one(&mut Engine::with_tt_mib(1), &opening, 5, &opts);
    let b = play_one(&mut Engine::with_tt_mib(1), &opening, 5, &opts);
    assert_eq!(a, b);
    let (samples, bad) = read_samples::<International>(&a);
    assert_eq!(bad, 0);
    assert!(!samples.is_empty());
    for s in &samples {
        assert_eq!(s.game, 5);
        let mut other = s.pos;
        other.turn = other.turn.opponent();
        assert!(!s.pos.has_captures() && !other.has_captures());
    }
}

/// Resuming: the games a file holds are not played again.
#[test]
fn self_play_plays_only_the_games_not_done() {
    let openings = [Game::<International>::new()];
    let seen = Mutex::new(Vec::new());
    let done: HashSet<u32> = [0, 2].into_iter().collect();
    let n = self_play(&openings, &small(), &done, &|g, _| {
        seen.lock().unwrap().push(g)
    });
    let mut seen = seen.into_inner().unwrap();
    seen.sort();
    assert_eq!((n, seen), (2, vec![1, 3]));
}

/// `learned` sets the evaluation of the threads that play the games (the
/// sink runs on them), and only of those.
#[test]
fn self_play_searches_with_the_evaluation_it_is_asked_for() {
    let openings = [Game::<International>::new()];
    for on in [true, false] {
        let seen = Mutex::new(Vec::new());
        let opts = SelfPlayOptions {
            games: 2,
            nodes: 100,
            max_plies: 6,
            learned: on,
            ..small()
        };
        self_play(&openings, &opts, &HashSet::new(), &|_, _| {
            seen.lock().unwrap().push(crate::engine::eval::learned())
        });
        assert_eq!(seen.into_inner().unwrap(), vec![on, on]);
    }
    assert!(!crate::engine::eval::learned());
}

#[test]
fn sample_lines_with_a_bad_result_or_fen_are_skipped() {
    let text = "1\t2\t0\tW:W31:B1\n1\t1\t0\tW:W99:B1\n1\t1\tx\tW:W31:B1\n2\t0\t-\tW:W31:B1\n";
    let (s, bad) = read_samples::<International>(text);
    assert_eq!((s.len(), bad), (1, 3));
    assert_eq!(s[0].score, None);
    assert_eq!(games_in(text), [1, 2].into_iter().collect());
}

/// On self-play positions, training lowers the training loss below the
/// hand-set evaluation's (epoch 0), and the held-out games are kept apart.
#[test]
fn the_fit_lowers_the_training_loss_from_the_hand_set_start() {
    let openings = [Game::<International>::new()];
    let text = Mutex::new(String::new());
    let opts = SelfPlayOptions {
        games: 12,
        ..small()
    };
    self_play(&openings, &opts, &HashSet::new(), &|_, lines| {
        text.lock().unwrap().push_str(lines)
    });
    let (samples, _) = read_samples::<International>(&text.into_inner().unwrap());
    let fit_opts = FitOptions {
        epochs: 3,
        rate: 0.01,
        holdout: 4,
        ..FitOptions::default()
    };
    let mut calls = 0;
    let (w, losses) = fit(&samples, &fit_opts, &mut |_| calls += 1);
    assert_eq!(calls, 4);
    assert_eq!(losses[0].epoch, 0);
    assert!(losses[3].train < losses[0].train, "{losses:?}");
    assert!(losses.iter().all(|l| l.held_out.is_finite()));
    // The scale: the exported weights, read as hundredths of a man with
    // `score_scale` of them a logistic unit, give the loss the fit kept.
    let kept = losses[1..]
        .iter()
        .map(|l| l.held_out)
        .fold(f64::INFINITY, f64::min);
    let hand = crate::engine::eval::Evaluator::<International>::new(Color::White);
    let mut total = 0.0;
    let mut n = 0;
    for s in samples.iter().filter(|s| s.game % 4 == 0) {
        let target = match s.score {
            Some(sc) => 0.5 * s.result + 0.5 * logistic(sc as f32 / fit_opts.score_scale),
            None => s.result,
        };
        for (pos, t) in [(s.pos, target), (s.pos.flipped(), 1.0 - target)] {
            let cm = w.white_score(&pos, hand.white_score(&pos).0);
            total += cross_entropy(logistic(cm as f32 / fit_opts.score_scale), t);
            n += 1;
        }
    }
    let exported = total / n as f64;
    assert!(
        (exported - kept).abs() < 0.01,
        "exported {exported}, fit {kept}"
    );
}
