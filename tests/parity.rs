//! The parity table (`tests/data/parity.tsv`), Rust's side: every row names
//! the operation on the run-time face (`draughts::dynamic`, which
//! `AnyPosition`/`AnyGame` hand out); here each name has a check that runs
//! the row's shared example and gives the answer in the row's normal form. A
//! row without a check, a check without a row, or a check whose name is not
//! the table's fails a test, as does a different answer.

use draughts::dynamic::{self, DynGame, DynPosition, PdnReadError};
use draughts::engine::{Engine, Level, LevelSpec};
use draughts::pdn::{parse_pdn_tree, LinePath, PdnErrorKind};
use draughts::svg::SvgOptions;
use draughts::{AnyGame, AnyPosition, Color, MoveMode, Outcome, VariantKind};

const TABLE: &str = include_str!("data/parity.tsv");

/// One row of the table.
#[derive(Debug)]
struct Row {
    op: String,
    rust: String,
    js: String,
    python: String,
    variant: String,
    fen: String,
    arg: String,
    expected: String,
}

fn rows() -> Vec<Row> {
    let mut lines = TABLE.lines().filter(|l| !l.starts_with('#'));
    let header = lines.next().expect("a header line");
    assert_eq!(
        header,
        "operation\trust\tjs\tpython\tvariant\tfen\targ\texpected"
    );
    lines
        .map(|l| {
            let c: Vec<String> = l.split('\t').map(|c| c.replace("\\n", "\n")).collect();
            assert_eq!(c.len(), 8, "eight cells: {l}");
            Row {
                op: c[0].clone(),
                rust: c[1].clone(),
                js: c[2].clone(),
                python: c[3].clone(),
                variant: c[4].clone(),
                fen: c[5].clone(),
                arg: c[6].clone(),
                expected: c[7].clone(),
            }
        })
        .collect()
}

type Check = fn(&Row) -> String;

// ---------------------------------------------------------------------------
// The shared normal forms
// ---------------------------------------------------------------------------

fn dyn_pos(r: &Row) -> Box<dyn DynPosition> {
    if r.fen.is_empty() {
        dynamic::new_position(&r.variant).expect("the row's variant")
    } else {
        dynamic::position_from_fen(&r.variant, &r.fen).expect("the row's FEN")
    }
}

fn dyn_game(r: &Row) -> Box<dyn DynGame> {
    if r.fen.is_empty() {
        dynamic::new_game(&r.variant).expect("the row's variant")
    } else {
        dynamic::game_from_fen(&r.variant, &r.fen).expect("the row's FEN")
    }
}

fn join(texts: impl IntoIterator<Item = String>, sep: &str) -> String {
    texts.into_iter().collect::<Vec<_>>().join(sep)
}

/// `b w 2-31`: the piece letters, then the numbers of a diagram as ranges.
fn diagram_tokens(diagram: &str) -> String {
    let board: Vec<&str> = diagram
        .lines()
        .filter(|l| !l.ends_with("to move"))
        .collect();
    let mut letters: Vec<&str> = Vec::new();
    let mut numbers: Vec<u32> = Vec::new();
    for token in board.iter().flat_map(|l| l.split_whitespace()) {
        match token.parse::<u32>() {
            Ok(n) => numbers.push(n),
            Err(_) => letters.push(token),
        }
    }
    letters.sort_unstable();
    letters.dedup();
    numbers.sort_unstable();
    let mut ranges: Vec<String> = Vec::new();
    let mut i = 0;
    while i < numbers.len() {
        let mut j = i;
        while j + 1 < numbers.len() && numbers[j + 1] == numbers[j] + 1 {
            j += 1;
        }
        ranges.push(if i == j {
            numbers[i].to_string()
        } else {
            format!("{}-{}", numbers[i], numbers[j])
        });
        i = j + 1;
    }
    join(letters.iter().map(|s| s.to_string()).chain(ranges), " ")
}

fn outcome_text(o: Option<Outcome>) -> String {
    match o {
        None => "none".into(),
        Some(o) => {
            let reason = match o {
                Outcome::Win { reason, .. } => reason.name(),
                Outcome::Draw { reason } => reason.name(),
            };
            format!("{reason} {} {o}", o.pdn_result())
        }
    }
}

fn pdn_kind(kind: &PdnErrorKind) -> String {
    match kind {
        PdnErrorKind::Syntax { line, .. } => format!("syntax@{line}"),
        other => format!("other: {other}"),
    }
}

/// The row's tree: the first game of its PDN text.
fn tree(r: &Row) -> draughts::pdn::GameTree {
    parse_pdn_tree(&r.arg).remove(0).expect("the row's PDN")
}

/// `variation 2 at 2. (inside variation 1 at 1...) [1/0/1... 1/1/2.]`: the
/// path as text, then each branch as move index / variation / number.
fn line_path(path: &LinePath) -> String {
    let steps = path.branches.iter().map(|b| {
        let dots = if b.reply { "..." } else { "." };
        format!("{}/{}/{}{dots}", b.move_index, b.variation, b.number)
    });
    format!("{path} [{}]", join(steps, " "))
}

/// `hard:2000`: a level with a node budget.
fn spec(r: &Row) -> LevelSpec {
    let (level, nodes) = r.arg.split_once(':').expect("level:nodes");
    let level: Level = level.parse().expect("a level");
    level.spec().with_nodes(nodes.parse().expect("nodes"))
}

fn svg_pieces(svg: &str) -> String {
    format!("pieces={}", svg.matches("class=\"piece ").count())
}

fn colours(r: &Row) -> Vec<Color> {
    r.arg
        .split(',')
        .map(|c| c.parse().expect("a colour"))
        .collect()
}

fn jumps(pos: &dyn DynPosition) -> String {
    let mv = pos.legal_moves().remove(0);
    let t = |s| pos.square_text(s);
    join(
        mv.jumps
            .iter()
            .map(|j| format!("{}>{}>{}", t(j.from), t(j.to), t(j.captured))),
        " ",
    )
}

fn captured(pos: &dyn DynPosition) -> String {
    let mv = pos.legal_moves().remove(0);
    pos.square_texts(&mv.captured).join(",")
}

fn legal(is: bool) -> String {
    if is { "legal" } else { "illegal" }.to_string()
}

fn scored(score: bool, pv_starts_with_move: bool) -> String {
    format!(
        "{} {}",
        if score { "scored" } else { "unscored" },
        if pv_starts_with_move {
            "pv0=move"
        } else {
            "pv0=other"
        }
    )
}

// ---------------------------------------------------------------------------
// The dynamic face
// ---------------------------------------------------------------------------

fn dyn_checks() -> Vec<(&'static str, &'static str, Check)> {
    vec![
        (
            "fen_in_out",
            "dynamic::position_from_fen+DynPosition::fen",
            |r| dyn_pos(r).fen(),
        ),
        (
            "legal_moves_with_path",
            "DynPosition::legal_moves+MoveInfo::path",
            |r| {
                let pos = dyn_pos(r);
                let mv = pos.legal_moves().remove(0);
                format!("{} path={}", mv.text, pos.square_texts(&mv.path).join(","))
            },
        ),
        ("move_short_text", "MoveInfo::short_text", |r| {
            dyn_pos(r).legal_moves().remove(0).short_text
        }),
        ("jumps_in_capture_order", "MoveInfo::jumps", |r| {
            jumps(dyn_pos(r).as_ref())
        }),
        ("captured_in_capture_order", "MoveInfo::captured", |r| {
            captured(dyn_pos(r).as_ref())
        }),
        ("promotion", "MoveInfo::promotes", |r| {
            dyn_pos(r).parse_move(&r.arg).unwrap().promotes.to_string()
        }),
        (
            "click_input_jumped",
            "DynGame::input+DynInput::jumped",
            |r| {
                let game = dyn_game(r);
                let pos = game.position();
                let mut input = game.input();
                for n in r.arg.split(',') {
                    assert!(input.click(pos.square(n.parse().unwrap()).unwrap()));
                }
                pos.square_texts(&input.jumped()).join(",")
            },
        ),
        ("draw_counts_with_text", "DynGame::draw_counts", |r| {
            join(
                dyn_game(r)
                    .draw_counts()
                    .iter()
                    .filter(|c| c.reason.name() == r.arg)
                    .map(|c| c.to_string()),
                ";",
            )
        }),
        (
            "draw_offer_answered_by_engine",
            "DynGame::engine_accepts_draw",
            |r| {
                let game = dyn_game(r);
                let mut engine = Engine::with_tt_mib(1);
                join(
                    colours(r).into_iter().map(|c| {
                        game.engine_accepts_draw(&mut engine, c, Default::default())
                            .to_string()
                    }),
                    ",",
                )
            },
        ),
        ("flipped_position", "DynPosition::flipped", |r| {
            dyn_pos(r).flipped().fen()
        }),
        (
            "diagram_with_square_numbers",
            "DynPosition::numbered_diagram",
            |r| diagram_tokens(&dyn_pos(r).numbered_diagram()),
        ),
        (
            "pdn_error_kind_and_line",
            "dynamic::game_from_pdn",
            |r| match dynamic::game_from_pdn(&r.variant, &r.arg) {
                Ok(_) => "read".into(),
                Err(PdnReadError::Pdn(e)) => pdn_kind(&e.kind),
                Err(e) => format!("other: {e}"),
            },
        ),
        ("outcome_with_reason_text", "DynGame::outcome", |r| {
            outcome_text(dyn_game(r).outcome())
        }),
        ("play_and_undo", "DynGame::play+DynGame::undo", |r| {
            let mut game = dyn_game(r);
            let played = game.play(&r.arg).unwrap().text;
            let undone = game.undo().unwrap().text;
            format!("{played} undo={undone} plies={}", game.ply_count())
        }),
        ("perft", "DynPosition::perft", |r| {
            dyn_pos(r)
                .perft(r.arg.parse().unwrap(), MoveMode::Distinct)
                .to_string()
        }),
        ("svg_picture", "DynPosition::to_svg", |r| {
            svg_pieces(&dyn_pos(r).to_svg(&SvgOptions::new()))
        }),
        ("engine_move", "DynGame::engine_play", |r| {
            let game = dyn_game(r);
            let p = game
                .engine_play(&mut Engine::with_tt_mib(1), &spec(r), 1, Default::default())
                .unwrap();
            legal(game.legal_moves().contains(&p.mv))
        }),
        ("engine_move_scored", "DynGame::engine_play", |r| {
            let game = dyn_game(r);
            let p = game
                .engine_play(&mut Engine::with_tt_mib(1), &spec(r), 1, Default::default())
                .unwrap();
            scored(p.score.is_some(), p.pv.first() == Some(&p.mv))
        }),
        (
            "replay_lines_with_failing_path",
            "GameTree::replay_lines_with+dynamic::replay_pdn",
            |r| match tree(r).replay_lines_with(|g| dynamic::replay_pdn(g, Some(&r.variant))) {
                Ok(lines) => format!("lines={}", lines.len()),
                Err(e) => line_path(&e.path),
            },
        ),
        (
            "house_rule_by_name",
            "dynamic::new_game+DynGame::name",
            |r| dyn_game(r).name().to_string(),
        ),
    ]
}

/// Runs `checks` against the table's column `name_of`: every row names a
/// check (or says `missing:`), every check has a row, the names agree, and
/// every answer is the row's.
fn check_surface(
    surface: &str,
    name_of: fn(&Row) -> &str,
    checks: Vec<(&'static str, &'static str, Check)>,
) {
    let rows = rows();
    for (op, _, _) in &checks {
        assert!(
            rows.iter().any(|r| r.op == *op),
            "{surface}: check {op} has no row in the parity table"
        );
    }
    let mut failures = Vec::new();
    for row in &rows {
        let named = name_of(row);
        let check = checks.iter().find(|(op, ..)| *op == row.op);
        match (named.strip_prefix("missing:"), check) {
            (Some(_), None) => continue,
            (Some(why), Some(_)) => failures.push(format!(
                "{surface} {}: the table says missing ({}) but the surface has it",
                row.op,
                why.trim()
            )),
            (None, None) => failures.push(format!(
                "{surface} {}: `{named}` in the table, no such operation here",
                row.op
            )),
            (None, Some((_, name, f))) => {
                if *name != named {
                    failures.push(format!(
                        "{surface} {}: the table says `{named}`, the surface calls it `{name}`",
                        row.op
                    ));
                    continue;
                }
                let got = f(row);
                if got != row.expected {
                    failures.push(format!(
                        "{surface} {}: `{got}`, the table expects `{}`",
                        row.op, row.expected
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_dynamic_face_does_every_operation_of_the_table() {
    check_surface("dynamic", |r| &r.rust, dyn_checks());
}

/// The holders hand out the face itself: for each row of a built-in
/// variant, its `AnyPosition` derefs to a position with the row's FEN and
/// legal moves, and its `AnyGame` turns into the row's `Box<dyn DynGame>`.
#[test]
fn the_holders_hand_out_the_same_face() {
    for r in rows() {
        let Ok(kind) = r.variant.parse::<VariantKind>() else {
            continue;
        };
        let any = if r.fen.is_empty() {
            AnyPosition::start(kind)
        } else {
            AnyPosition::from_fen(kind, &r.fen).unwrap()
        };
        let boxed = dyn_pos(&r);
        assert_eq!(any.fen(), boxed.fen(), "{}", r.op);
        assert_eq!(any.legal_moves(), boxed.legal_moves(), "{}", r.op);
        let game: Box<dyn DynGame> = AnyGame::from_position(any).into();
        assert_eq!(game.name(), dyn_game(&r).name(), "{}", r.op);
        assert_eq!(game.fen(), dyn_game(&r).fen(), "{}", r.op);
    }
}

#[test]
fn the_table_is_well_formed() {
    let rows = rows();
    let mut ops: Vec<&str> = rows.iter().map(|r| r.op.as_str()).collect();
    ops.sort_unstable();
    let n = ops.len();
    ops.dedup();
    assert_eq!(ops.len(), n, "an operation appears twice");
    for r in &rows {
        for (surface, name) in [("js", &r.js), ("python", &r.python), ("rust", &r.rust)] {
            assert!(!name.is_empty(), "{}: no {surface} name", r.op);
        }
        assert!(
            !r.rust.starts_with("missing:"),
            "{}: the dynamic face is the one face: it has every operation",
            r.op
        );
        assert!(!r.expected.is_empty(), "{}: no expected answer", r.op);
    }
}
