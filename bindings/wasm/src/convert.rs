//! The library's dynamic face ([`draughts::dynamic`]) in the JS shapes of
//! [`crate::shapes`]: moves, pieces, variants, draw counts, engine answers.
//! Nothing here is generic over a variant and nothing knows a rule: the
//! face answers, this only renames and spells (squares as the variant
//! writes them, the library's names with dashes).

use draughts::draws::DrawCount;
use draughts::dynamic::{self, DynPosition, MoveInfo, NewGameError, UnknownMode};
use draughts::engine::{Analysis, Info, Played, Score, Search};
use draughts::svg::{Labels, SvgOptions};
use draughts::{Color, Layout, Precedence, Square};

use crate::shapes::{
    AnalysedMoveJs, AnalysisJs, DrawCountJs, DrawCountNowJs, InfoJs, JumpJs, MoveJs, PieceJs,
    PlayedJs, SearchJs, SquareArgJs, SquareJs, SvgOptionsJs, VariantJs,
};

/// A rejected call: the library's message, thrown as a JS `Error`.
pub type Res<T> = Result<T, String>;

/// The error for a name that is neither a built-in variant nor a house
/// rule, listing every name the library accepts ([`dynamic::names`]).
pub fn unknown_variant(e: &UnknownMode) -> String {
    let known: Vec<&str> = dynamic::names().collect();
    format!(
        "unknown variant `{}` (expected one of: {})",
        e.0,
        known.join(", ")
    )
}

/// A failed [`dynamic::position_from_fen`] or [`dynamic::game_from_fen`]
/// as the JS message.
pub fn new_game_error(e: &NewGameError) -> String {
    match e {
        NewGameError::UnknownMode(u) => unknown_variant(u),
        NewGameError::Fen(f) => f.to_string(),
        // A kind of error added later (the enum is non-exhaustive): its own message.
        other => other.to_string(),
    }
}

/// The square called `name` in `pos`'s variant, or an error naming the variant.
pub fn square(pos: &dyn DynPosition, name: &str) -> Res<Square> {
    pos.parse_square(name)
        .ok_or_else(|| format!("`{name}` is not a playing square of {}", pos.name()))
}

/// The texts of `squares` in `pos`'s variant.
pub fn texts(pos: &dyn DynPosition, squares: &[Square]) -> Vec<String> {
    pos.square_texts(squares)
}

/// A move as JS sees it; `pos` (any position of its variant) names its squares.
pub fn move_js(pos: &dyn DynPosition, mv: &MoveInfo) -> MoveJs {
    let text = |sq| pos.square_text(sq);
    MoveJs {
        text: mv.text.clone(),
        notation: mv.short_text.clone(),
        from: text(mv.from),
        to: text(mv.to),
        path: texts(pos, &mv.path),
        captured: texts(pos, &mv.captured),
        jumps: mv
            .jumps
            .iter()
            .map(|j| JumpJs {
                from: text(j.from),
                to: text(j.to),
                captured: text(j.captured),
            })
            .collect(),
        capture: mv.is_capture(),
        promotes: mv.promotes,
    }
}

/// Moves as JS sees them.
pub fn moves_js(pos: &dyn DynPosition, moves: &[MoveInfo]) -> Vec<MoveJs> {
    moves.iter().map(|m| move_js(pos, m)).collect()
}

/// A colour's JS name.
pub fn color_name(c: Color) -> &'static str {
    c.name()
}

/// A JS colour name.
pub fn parse_color(name: &str) -> Res<Color> {
    match name.trim().to_ascii_lowercase().as_str() {
        "white" | "w" => Ok(Color::White),
        "black" | "b" => Ok(Color::Black),
        _ => Err(format!("`{name}` is not a colour (white or black)")),
    }
}

/// The library's stable name (`draughts::names`, `no_pieces`) as the JS
/// API writes it (`no-pieces`): the names come from the library, this only
/// spells them.
pub fn js_name(name: &str) -> String {
    name.replace('_', "-")
}

/// The piece on `sq` of `pos`, if any.
pub fn piece_js(pos: &dyn DynPosition, sq: Square) -> Option<PieceJs> {
    pos.piece_at(sq).map(|p| PieceJs {
        square: pos.square_text(sq),
        color: color_name(p.color).to_string(),
        king: p.kind == draughts::PieceKind::King,
    })
}

/// Every piece of `pos`: White's, then Black's, each in numbering order.
pub fn pieces_js(pos: &dyn DynPosition) -> Vec<PieceJs> {
    [Color::White, Color::Black]
        .into_iter()
        .flat_map(|c| pos.pieces(c))
        .filter_map(|sq| piece_js(pos, sq))
        .collect()
}

/// The library's picture options from the JS ones: squares and the move to
/// mark read in `pos`.
pub fn svg_options(pos: &dyn DynPosition, o: &SvgOptionsJs) -> Res<SvgOptions> {
    let squares = |list: &[SquareArgJs]| -> Res<Vec<Square>> {
        list.iter().map(|s| square(pos, &s.name())).collect()
    };
    let mut out = SvgOptions::new().flipped(o.flipped);
    if let Some(labels) = &o.labels {
        out = out.labels(labels.parse::<Labels>().map_err(|e| e.to_string())?);
    }
    out = out
        .highlight(squares(&o.highlight)?)
        .captured(squares(&o.captured)?);
    if !o.last_move.is_empty() {
        out = out.last_move(squares(&o.last_move)?);
    }
    for arrow in &o.arrows {
        out = out.arrow(squares(arrow)?);
    }
    if let Some(text) = &o.mark {
        let mv = pos.parse_move(text).map_err(|e| e.to_string())?;
        out = out.mark_move_in(pos, &mv);
    }
    if let Some(size) = o.size {
        out = out.size(size);
    }
    Ok(out)
}

/// What the variant of `pos` (its start position) is: its name, board,
/// notation, rules and squares; `builtin` says whether it is a built-in
/// variant or a house rule.
pub fn describe(pos: &dyn DynPosition, builtin: bool) -> VariantJs {
    let r = pos.rules();
    let (width, height) = pos.board_size();
    // The squares in the board's internal row-major order (rows from
    // White's side, columns as stored: mirrored on the inverted boards),
    // filled into a grid by their display coordinates.
    let mut grid: Vec<Option<SquareJs>> = vec![None; usize::from(width) * usize::from(height)];
    for sq in pos.squares() {
        let (row, col) = pos.square_coords(sq);
        let stored = if r.game_type.invert {
            width - 1 - col
        } else {
            col
        };
        grid[usize::from(row) * usize::from(width) + usize::from(stored)] = Some(SquareJs {
            name: pos.square_text(sq),
            row,
            col,
        });
    }
    VariantJs {
        name: pos.name().to_string(),
        builtin,
        width,
        height,
        orthogonal: pos.layout() == Layout::Orthogonal,
        algebraic: r.game_type.algebraic,
        game_type: r.game_type.number,
        first_mover: color_name(r.first_mover).to_string(),
        start_fen: pos.fen(),
        flying_kings: matches!(r.king_range, draughts::KingRange::Flying),
        men_capture_backward: r.men_capture_backward,
        king_landing: js_name(r.king_landing.name()),
        removal: js_name(r.removal.name()),
        promotion: js_name(r.promotion.name()),
        man_captures_king: r.man_captures_king,
        no_reverse_jump: r.no_reverse_jump,
        orthogonal_captures: r.orthogonal_captures,
        king_move_limit: r.king_move_limit,
        win: js_name(r.win.name()),
        precedence: r
            .precedence
            .iter()
            // The rule's name, and for `value` its numbers, which the page
            // reads: "value { man: 100, king: 199 }".
            .map(|p| match p {
                Precedence::Value { man, king } => {
                    format!("value {{ man: {man}, king: {king} }}")
                }
                _ => js_name(p.name()),
            })
            .collect(),
        repetition: r.draws.repetition,
        draw_counts: r
            .draws
            .counts
            .iter()
            .map(|c| {
                // `MovesEach(25)` → ("moves-each", 25).
                DrawCountJs {
                    reason: js_name(c.reason.name()),
                    count: c.limit.count(),
                    unit: js_name(c.limit.unit_name()),
                }
            })
            .collect(),
        squares: grid.into_iter().flatten().collect(),
    }
}

/// A running draw count as JS sees it.
pub fn draw_count_js(c: &DrawCount) -> DrawCountNowJs {
    DrawCountNowJs {
        reason: js_name(c.reason.name()),
        plies: c.plies,
        plies_left: c.plies_left,
        moves_left: c.moves_left,
        claimed: c.trigger == draughts::draws::Trigger::Claim,
        text: c.to_string(),
    }
}

/// A score as JS sees it: men, a forced result in plies, and the library's text.
pub fn score_parts(score: Score) -> (f64, Option<i32>, String) {
    (score.men(), score.win_in(), score.to_string())
}

/// Full-path texts of a line of moves.
fn line(moves: &[MoveInfo]) -> Vec<String> {
    moves.iter().map(|m| m.text.clone()).collect()
}

/// A level's move with its score, depth and line.
pub fn played_js(p: &Played<MoveInfo>) -> PlayedJs {
    let parts = p.score.map(score_parts);
    PlayedJs {
        mv: p.mv.text.clone(),
        score: parts.as_ref().map(|s| s.0),
        win_in: parts.as_ref().and_then(|s| s.1),
        score_text: parts.map(|s| s.2),
        pv: line(&p.pv),
        depth: p.depth,
        nodes: p.nodes,
    }
}

/// A search's progress after one iteration.
pub fn info_js(i: &Info<'_, MoveInfo>) -> InfoJs {
    let (score, win_in, score_text) = score_parts(i.score);
    InfoJs {
        depth: i.depth,
        seldepth: i.seldepth,
        score,
        win_in,
        score_text,
        nodes: i.nodes,
        time_ms: i.time_ms,
        nps: i.nps,
        pv: line(i.pv),
    }
}

/// What a search found.
pub fn search_js(r: &Search<MoveInfo>) -> SearchJs {
    let (score, win_in, score_text) = score_parts(r.score);
    SearchJs {
        best: r.best.as_ref().map(|m| m.text.clone()),
        score,
        win_in,
        score_text,
        pv: line(&r.pv),
        depth: r.depth,
        seldepth: r.seldepth,
        nodes: r.nodes,
        time_ms: r.time_ms,
    }
}

/// Every legal move's score, best first.
pub fn analysis_js(a: &Analysis<MoveInfo>) -> AnalysisJs {
    AnalysisJs {
        moves: a
            .moves
            .iter()
            .map(|(m, s)| {
                let (score, win_in, score_text) = score_parts(*s);
                AnalysedMoveJs {
                    mv: m.text.clone(),
                    score,
                    win_in,
                    score_text,
                }
            })
            .collect(),
        depth: a.depth,
        nodes: a.nodes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours() {
        assert_eq!(parse_color(" White"), Ok(Color::White));
        assert_eq!(parse_color("b"), Ok(Color::Black));
        assert_eq!(
            parse_color("red"),
            Err("`red` is not a colour (white or black)".to_string())
        );
        assert_eq!(color_name(Color::Black), "black");
    }

    #[test]
    fn squares_by_name() {
        let english = dynamic::new_position("english").unwrap();
        let russian = dynamic::new_position("russian").unwrap();
        let international = dynamic::new_position("international").unwrap();
        let sq = square(english.as_ref(), " 32 ").unwrap();
        assert_eq!(english.square_text(sq), "32");
        let sq = square(russian.as_ref(), "c3").unwrap();
        assert_eq!(russian.square_text(sq), "c3");
        assert_eq!(
            square(international.as_ref(), "51"),
            Err("`51` is not a playing square of international".to_string())
        );
    }

    #[test]
    fn moves_name_their_squares_in_capture_order() {
        let pos = dynamic::position_from_fen("international", "W:W28:B23,13").unwrap();
        let mv = move_js(pos.as_ref(), &pos.legal_moves()[0]);
        assert_eq!(
            (mv.text.as_str(), mv.notation.as_str()),
            ("28x19x8", "28x8")
        );
        assert_eq!((mv.from.as_str(), mv.to.as_str()), ("28", "8"));
        assert_eq!(mv.path, ["19", "8"]);
        assert_eq!(mv.captured, ["23", "13"]);
        assert_eq!(mv.jumps[1].captured, "13");
        assert!(mv.capture && !mv.promotes);
    }

    #[test]
    fn a_variants_squares_are_in_board_order() {
        let at = |v: &VariantJs| -> Vec<(String, u8, u8)> {
            v.squares[..3]
                .iter()
                .map(|s| (s.name.clone(), s.row, s.col))
                .collect()
        };
        let sq = |name: &str, row, col| (name.to_string(), row, col);
        // English: 29 is a1, and the row goes on to the right.
        let english = describe(dynamic::new_position("english").unwrap().as_ref(), true);
        assert_eq!(
            at(&english),
            [sq("29", 0, 0), sq("30", 0, 2), sq("31", 0, 4)]
        );
        // Spanish is mirrored: its square 1 is h1, and the row goes on to the left.
        let spanish = describe(dynamic::new_position("spanish").unwrap().as_ref(), true);
        assert_eq!(
            (spanish.width, spanish.height, spanish.squares.len()),
            (8, 8, 32)
        );
        assert_eq!(at(&spanish), [sq("1", 0, 7), sq("2", 0, 5), sq("3", 0, 3)]);
        let site = describe(
            dynamic::new_position("spanish-site").unwrap().as_ref(),
            false,
        );
        assert_eq!(site.precedence, ["most-pieces"]);
    }

    #[test]
    fn a_levels_move_comes_with_its_score() {
        use draughts::engine::Hooks;
        use draughts::engine::{Engine, Level};
        let game = dynamic::new_game("russian").unwrap();
        let spec = Level::Hard.spec().with_nodes(3000);
        let mut engine = Engine::with_tt_mib(1);
        let p = played_js(
            &game
                .engine_play(&mut engine, &spec, 1, Hooks::default())
                .unwrap(),
        );
        assert_eq!(p.pv.first(), Some(&p.mv));
        assert!(p.score.is_some() && p.score_text.is_some() && p.depth >= 1);
    }

    #[test]
    fn js_names_are_the_library_names() {
        use draughts::{DrawReason, Limit, WinReason};
        assert_eq!(js_name(WinReason::NoPieces.name()), "no-pieces");
        assert_eq!(js_name(WinReason::Blocked.name()), "blocked");
        assert_eq!(
            js_name(DrawReason::LoneKingSixteenMoves.name()),
            "lone-king-sixteen-moves"
        );
        assert_eq!(js_name(Limit::MovesEach(25).unit_name()), "moves-each");
    }
}
