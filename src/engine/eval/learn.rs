//! The learning pipeline of the pattern evaluation ([`super::patterns`]):
//! self-play games ([`self_play`]), their quiet positions as samples
//! ([`read_samples`]), a logistic fit of the pattern weights ([`fit`]) and
//! the weights file ([`PatternWeights::to_bytes`]).
//!
//! A developer tool: `draughts learn selfplay`, `draughts learn fit` (see
//! `docs/learning.md`). The data the games make is not part of the
//! repository; the weights file the fit writes is (`data/eval/`).
//!
//! **The sample file** is text, one line per quiet position (no capture
//! for either side) of a game: `game<TAB>result<TAB>score<TAB>fen`, with the
//! game's number, its result for White (`1`, `0.5`, `0`), the search's
//! score of the position for White in hundredths of a man (`-` when no
//! search scored it: a forced move) and its FEN. A game's lines are
//! written together when it ends, so a file cut short holds whole games
//! and a run started again plays only the games it lacks.

use std::collections::HashSet;
use std::sync::atomic::{AtomicU32, Ordering};

use super::patterns::{Layout, PatternWeights, Phase};
use crate::engine::level::Rng;
use crate::engine::{Engine, Hooks, LevelSpec, Limits, NoClock, Score};
use crate::outcome::Outcome;
use crate::position::Position;
use crate::variant::{Color, Variant};
use crate::Game;

/// How [`self_play`] plays its games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SelfPlayOptions {
    /// Games to play (numbered `0..games`).
    pub games: u32,
    /// Threads playing games at once.
    pub threads: usize,
    /// Seed of the games' random choices: game `i` of a seed is always the
    /// same game.
    pub seed: u64,
    /// The search's node budget per move.
    pub nodes: u64,
    /// Plies after the opening on which the move is chosen at random among
    /// those within `margin` of the best (the games' variety).
    pub random_plies: u32,
    /// The margin of those choices, in hundredths of a man.
    pub margin: i32,
    /// A game still running after this many plies ends as a draw.
    pub max_plies: usize,
    /// Whether the games' searches use the learned evaluation
    /// ([`set_learned`](super::set_learned)) instead of the hand-set one:
    /// a second round of data from the first round's weights.
    pub learned: bool,
}

impl Default for SelfPlayOptions {
    fn default() -> Self {
        SelfPlayOptions {
            games: 1000,
            threads: 1,
            seed: 1,
            nodes: 4000,
            random_plies: 16,
            margin: 25,
            max_plies: 300,
            learned: false,
        }
    }
}

/// The game numbers a sample file already holds (for resuming).
///
/// ```
/// use draughts::engine::eval::learn::games_in;
/// let done = games_in("3\t1\t20\tW:W31:B1\n7\t0\t-\tB:W31:B1\nbad line\n");
/// assert!(done.contains(&3) && done.contains(&7) && done.len() == 2);
/// ```
pub fn games_in(text: &str) -> HashSet<u32> {
    text.lines()
        .filter_map(|l| l.split('\t').next()?.parse().ok())
        .collect()
}

fn mix(a: u64, b: u64) -> u64 {
    let mut r = Rng::new(a ^ b.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    r.next_u64()
}

/// One game of self-play from `opening`: its lines in the sample file's
/// format (see the module's documentation).
pub fn play_one<V: Variant>(
    engine: &mut Engine,
    opening: &Game<V>,
    number: u32,
    opts: &SelfPlayOptions,
) -> String {
    engine.clear();
    let mut game = opening.clone();
    let start = game.moves().len();
    let seed = mix(opts.seed, u64::from(number));
    let mut scored: Vec<(Position<V>, Option<i32>)> = Vec::new();
    while game.outcome().is_none() && game.moves().len() < opts.max_plies {
        let ply = (game.moves().len() - start) as u32;
        let spec = LevelSpec {
            limits: Limits::nodes(opts.nodes),
            margin: if ply < opts.random_plies {
                opts.margin
            } else {
                0
            },
            blunder_permille: 0,
        };
        let pos = *game.position();
        let Some(played) = engine.play_scored(&game, &spec, seed, Hooks::with_clock(&NoClock))
        else {
            break;
        };
        let white = |s: Score| {
            let s = s.centimen().clamp(-5000, 5000);
            if pos.turn == Color::White {
                s
            } else {
                -s
            }
        };
        scored.push((pos, played.score.map(white)));
        if game.play(&played.mv).is_err() {
            break;
        }
    }
    let result = match game.outcome() {
        Some(Outcome::Win {
            winner: Color::White,
            ..
        }) => "1",
        Some(Outcome::Win { .. }) => "0",
        _ => "0.5",
    };
    let mut out = String::new();
    for (pos, score) in scored {
        let mut other = pos;
        other.turn = other.turn.opponent();
        if pos.has_captures() || other.has_captures() {
            continue;
        }
        let score = score.map_or("-".to_string(), |s| s.to_string());
        out.push_str(&format!("{number}\t{result}\t{score}\t{}\n", pos.to_fen()));
    }
    out
}

/// Plays the games `0..opts.games` not in `done` on `opts.threads`
/// threads, game `i` from `openings[i % len]`, and hands each game's lines
/// to `sink` as it ends (with the game's number), on the thread that played
/// it. Returns the number of games played. (`play_one` searches with the
/// evaluation of the thread that calls it; here each thread is set to
/// `opts.learned`.)
pub fn self_play<V: Variant>(
    openings: &[Game<V>],
    opts: &SelfPlayOptions,
    done: &HashSet<u32>,
    sink: &(dyn Fn(u32, &str) + Sync),
) -> u32 {
    if openings.is_empty() {
        return 0;
    }
    let todo: Vec<u32> = (0..opts.games).filter(|g| !done.contains(g)).collect();
    let next = AtomicU32::new(0);
    let played = AtomicU32::new(0);
    std::thread::scope(|s| {
        for _ in 0..opts.threads.max(1) {
            s.spawn(|| {
                super::set_learned(opts.learned);
                let mut engine = Engine::with_tt_mib(4);
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed) as usize;
                    let Some(&number) = todo.get(k) else {
                        break;
                    };
                    let opening = &openings[number as usize % openings.len()];
                    let lines = play_one(&mut engine, opening, number, opts);
                    sink(number, &lines);
                    played.fetch_add(1, Ordering::Relaxed);
                }
            });
        }
    });
    played.into_inner()
}

/// A position of the sample file with its targets.
#[derive(Clone, Debug)]
pub struct Sample<V: Variant> {
    /// The game's number.
    pub game: u32,
    /// The quiet position.
    pub pos: Position<V>,
    /// The game's result for White: 1, 0.5 or 0.
    pub result: f32,
    /// The search's score for White, in hundredths of a man, if any.
    pub score: Option<i32>,
}

/// The samples of a sample file's text; lines that do not parse (or
/// whose FEN is not a position of `V`) are counted and skipped.
///
/// ```
/// use draughts::engine::eval::learn::read_samples;
/// use draughts::International;
/// let (s, bad) = read_samples::<International>("1\t0.5\t12\tW:W31:B1\nx\n");
/// assert_eq!((s.len(), bad), (1, 1));
/// assert_eq!(s[0].score, Some(12));
/// ```
pub fn read_samples<V: Variant>(text: &str) -> (Vec<Sample<V>>, usize) {
    let mut out = Vec::new();
    let mut bad = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let parsed = parse_line::<V>(line);
        match parsed {
            Some(s) => out.push(s),
            None => bad += 1,
        }
    }
    (out, bad)
}

/// One line of a sample file, if it reads.
fn parse_line<V: Variant>(line: &str) -> Option<Sample<V>> {
    let mut f = line.split('\t');
    let game = f.next()?.parse().ok()?;
    let result: f32 = f.next()?.parse().ok()?;
    let score = match f.next()? {
        "-" => None,
        s => Some(s.parse().ok()?),
    };
    let pos = Position::<V>::from_fen(f.next()?).ok()?;
    (0.0..=1.0).contains(&result).then_some(Sample {
        game,
        pos,
        result,
        score,
    })
}

/// How [`fit`] fits.
#[derive(Clone, Debug, PartialEq)]
pub struct FitOptions {
    /// Passes over the training positions.
    pub epochs: u32,
    /// Adam's step size.
    pub rate: f32,
    /// The share of the target taken from the game's result; the rest is
    /// the search's score squashed ([`FitOptions::score_scale`]).
    pub lambda: f32,
    /// Hundredths of a man per logistic unit for the search's scores.
    pub score_scale: f32,
    /// L2 weight decay of the pattern weights.
    pub decay: f32,
    /// Every game whose number is `0 mod holdout` is held out (not
    /// trained on; its loss is reported). 0: none held out.
    pub holdout: u32,
}

impl Default for FitOptions {
    fn default() -> Self {
        FitOptions {
            epochs: 12,
            rate: 0.002,
            lambda: 0.5,
            score_scale: 150.0,
            decay: 1e-6,
            holdout: 10,
        }
    }
}

/// The losses after one epoch.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EpochLoss {
    /// Epoch number, from 1.
    pub epoch: u32,
    /// Mean cross-entropy on the training positions.
    pub train: f64,
    /// Mean cross-entropy on the held-out positions (NaN when none).
    pub held_out: f64,
}

/// A sample as the fit sees it: active features and the target.
struct Row {
    feats: Vec<u32>,
    dense: [f32; super::patterns::DENSE],
    mid: f32,
    target: f32,
}

pub(crate) fn logistic(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

pub(crate) fn cross_entropy(p: f32, t: f32) -> f64 {
    let p = p.clamp(1e-6, 1.0 - 1e-6);
    -(f64::from(t) * f64::from(p).ln() + f64::from(1.0 - t) * f64::from(1.0 - p).ln())
}

/// Fits pattern weights to `samples` (each also taken colour-flipped,
/// which the rules make an equal position) by logistic regression with
/// Adam on the sparse features, and returns them with the loss of each
/// epoch (`progress` is called after each; epoch 0 is the starting point,
/// the hand-set evaluation alone). The weights are those of the trained
/// epoch with the lowest held-out loss.
pub fn fit<V: Variant>(
    samples: &[Sample<V>],
    opts: &FitOptions,
    progress: &mut dyn FnMut(&EpochLoss),
) -> (PatternWeights, Vec<EpochLoss>) {
    let layout = Layout::of::<V>();
    let hand = super::Evaluator::<V>::new(Color::White);
    let mut train = Vec::new();
    let mut held = Vec::new();
    for s in samples {
        let target = match s.score {
            Some(sc) => {
                opts.lambda * s.result
                    + (1.0 - opts.lambda) * logistic(sc as f32 / opts.score_scale)
            }
            None => s.result,
        };
        for (pos, t) in [(s.pos, target), (s.pos.flipped(), 1.0 - target)] {
            let f = layout.features(&pos, &hand);
            let row = Row {
                feats: f.patterns,
                dense: f.dense,
                mid: f.mid,
                target: t,
            };
            if opts.holdout > 0 && s.game % opts.holdout == 0 {
                held.push(row);
            } else {
                train.push(row);
            }
        }
    }
    let n = layout.weights_len();
    let nd = super::patterns::DENSE;
    // Parameters: [phase][dense..., patterns...] as f32 in logistic units.
    let per_phase = nd + n;
    let mut w = vec![0f32; 2 * per_phase];
    // A man's worth to start with: the hand evaluation's score.
    w[0] = 1.0;
    w[per_phase] = 1.0;
    let mut m = vec![0f32; w.len()];
    let mut v = vec![0f32; w.len()];
    let (b1, b2, eps) = (0.9f32, 0.999f32, 1e-8f32);
    let mut t = 0i32;
    let predict = |w: &[f32], r: &Row| -> f32 {
        let mut s = [0f32; 2];
        for (ph, sp) in s.iter_mut().enumerate() {
            let base = ph * per_phase;
            for (d, x) in r.dense.iter().enumerate() {
                *sp += w[base + d] * x;
            }
            for &i in &r.feats {
                *sp += w[base + nd + i as usize];
            }
        }
        logistic(r.mid * s[0] + (1.0 - r.mid) * s[1])
    };
    let loss = |w: &[f32], rows: &[Row]| -> f64 {
        if rows.is_empty() {
            return f64::NAN;
        }
        rows.iter()
            .map(|r| cross_entropy(predict(w, r), r.target))
            .sum::<f64>()
            / rows.len() as f64
    };
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut rng = Rng::new(0x5EED);
    // Epoch 0: the hand-set evaluation alone (the fit's starting point).
    let e = EpochLoss {
        epoch: 0,
        train: loss(&w, &train),
        held_out: loss(&w, &held),
    };
    progress(&e);
    let mut losses = vec![e];
    let mut best: Option<(f64, Vec<f32>)> = None;
    for epoch in 1..=opts.epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i as u64 + 1) as usize);
        }
        for &k in &order {
            let r = &train[k];
            let g = predict(&w, r) - r.target;
            t += 1;
            let (c1, c2) = (1.0 - b1.powi(t.min(10_000)), 1.0 - b2.powi(t.min(100_000)));
            for (ph, share) in [(0usize, r.mid), (1, 1.0 - r.mid)] {
                if share == 0.0 {
                    continue;
                }
                let base = ph * per_phase;
                let mut step = |w: &mut [f32], j: usize, grad: f32| {
                    m[j] = b1 * m[j] + (1.0 - b1) * grad;
                    v[j] = b2 * v[j] + (1.0 - b2) * grad * grad;
                    w[j] -= opts.rate * (m[j] / c1) / ((v[j] / c2).sqrt() + eps);
                };
                for (d, &x) in r.dense.iter().enumerate() {
                    if x != 0.0 {
                        step(&mut w, base + d, g * share * x);
                    }
                }
                for &i in &r.feats {
                    let j = base + nd + i as usize;
                    let grad = g * share + opts.decay * w[j];
                    step(&mut w, j, grad);
                }
            }
        }
        let e = EpochLoss {
            epoch,
            train: loss(&w, &train),
            held_out: loss(&w, &held),
        };
        progress(&e);
        losses.push(e);
        let key = if e.held_out.is_nan() {
            e.train
        } else {
            e.held_out
        };
        if best.as_ref().is_none_or(|(b, _)| key < *b) {
            best = Some((key, w.clone()));
        }
    }
    let w = best.map_or(w, |(_, w)| w);
    // Hundredths of a man: a logistic unit is `score_scale` of them, the
    // squash of the search's scores in the targets. (Scaling by the fitted
    // weight of the hand-set score instead, as the first files were, blows
    // up when that weight comes out near zero: in Frisian the men, kings
    // and patterns took over the material and every weight saturated.)
    let unit = 100.0 / opts.score_scale.max(1.0);
    let mid = Phase::from_logistic(&w[..per_phase], nd, unit);
    let end = Phase::from_logistic(&w[per_phase..], nd, unit);
    (PatternWeights::new(layout, mid, end), losses)
}
