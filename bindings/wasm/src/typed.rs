//! The typed side: one generic implementation per object (position, game,
//! click input) over `V: Variant`, behind an object-safe trait, so that a
//! variant chosen by name at run time (built-in or house rule) is served by
//! the library's monomorphized code. Nothing here knows a rule: every answer
//! comes from the library.

use draughts::engine::{Clock, Engine, Hooks, LevelSpec, Limits, Score};
use draughts::pdn::{parse_pdn, replay_as, write_pdn};
use draughts::{
    Color, Declaration, DrawMode, DrawReason, Game, Geometry, Move, MoveInput, MoveMode, Outcome,
    PieceKind, Position, Square, Variant, VariantVisitor,
};

use draughts::svg::{Labels, SvgOptions};

use crate::shapes::{
    AnalysedMoveJs, AnalysisJs, DrawCountJs, DrawCountNowJs, JumpJs, MoveJs, PieceJs, PlayedJs,
    SearchJs, SquareArgJs, SquareJs, SvgOptionsJs, VariantJs,
};

/// A rejected call: the library's message, thrown as a JS `Error`.
pub type Res<T> = Result<T, String>;

/// The text of a square in `V` (its number, or its algebraic name).
fn text<V: Variant>(sq: Square) -> String {
    V::square_text(sq)
}

/// The square called `name` in `V`, or an error naming the variant.
pub fn square<V: Variant>(name: &str) -> Res<Square> {
    V::parse_square(name.trim())
        .ok_or_else(|| format!("`{name}` is not a playing square of {}", V::NAME))
}

/// The texts of the squares in a bitboard.
fn texts<V: Variant, I: IntoIterator<Item = Square>>(squares: I) -> Vec<String> {
    squares.into_iter().map(text::<V>).collect()
}

/// A move as JS sees it, with its notation in `pos` (the position it is
/// played from).
pub fn move_js<V: Variant>(pos: &Position<V>, mv: &Move<V>) -> MoveJs {
    MoveJs {
        text: mv.to_string(),
        notation: pos.move_text(mv),
        from: text::<V>(mv.from()),
        to: text::<V>(mv.to()),
        path: texts::<V, _>(mv.path().iter().copied()),
        captured: mv.jumps().map(|j| text::<V>(j.captured)).collect(),
        jumps: mv
            .jumps()
            .map(|j| JumpJs {
                from: text::<V>(j.from),
                to: text::<V>(j.to),
                captured: text::<V>(j.captured),
            })
            .collect(),
        capture: mv.is_capture(),
        promotes: mv.promotes(),
    }
}

/// The display coordinates of a square: row 0 is White's side, column 0 the
/// file `a` (the Italian and Spanish boards are mirrored internally).
fn display<V: Variant>(sq: Square) -> (u8, u8) {
    let (row, col) = V::Board::coords(sq);
    let col = if V::RULES.game_type.invert {
        V::Board::WIDTH - 1 - col
    } else {
        col
    };
    (row, col)
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

// ---------------------------------------------------------------------------
// Positions
// ---------------------------------------------------------------------------

/// What [`crate::Position`] needs, for every variant.
pub trait DynPosition {
    fn variant(&self) -> &'static str;
    fn fen(&self) -> String;
    fn diagram(&self) -> String;
    fn numbered_diagram(&self) -> String;
    fn flipped(&self) -> Box<dyn DynPosition>;
    fn turn(&self) -> Color;
    fn legal_moves(&self, mode: MoveMode) -> Vec<MoveJs>;
    fn parse_move(&self, text: &str) -> Res<MoveJs>;
    fn play(&self, text: &str) -> Res<Box<dyn DynPosition>>;
    fn perft(&self, depth: u32, mode: MoveMode) -> u64;
    fn divide(&self, depth: u32, mode: MoveMode) -> Vec<(String, u64)>;
    fn pieces(&self) -> Vec<PieceJs>;
    fn piece_at(&self, square: &str) -> Res<Option<PieceJs>>;
    fn has_captures(&self) -> bool;
    fn is_game_over(&self) -> bool;
    fn input(&self) -> Box<dyn DynInput>;
    fn boxed(&self) -> Box<dyn DynPosition>;
    fn to_svg(&self, options: &SvgOptionsJs) -> Res<String>;
}

/// The library's picture options from the JS ones: squares read in `V`, the
/// move to mark read in `pos`.
fn svg_options<V: Variant>(pos: &Position<V>, o: &SvgOptionsJs) -> Res<SvgOptions> {
    let mark = |out: SvgOptions, text: &str| -> Res<SvgOptions> {
        let mv = pos.parse_move(text).map_err(|e| e.to_string())?;
        Ok(out.mark_move(&mv))
    };
    build_svg_options(o, &|name| square::<V>(name), &mark)
}

/// [`svg_options`]' work, once for every variant: `square` reads a square,
/// `mark` marks a move given as text.
fn build_svg_options(
    o: &SvgOptionsJs,
    square: &dyn Fn(&str) -> Res<Square>,
    mark: &dyn Fn(SvgOptions, &str) -> Res<SvgOptions>,
) -> Res<SvgOptions> {
    let squares = |list: &[SquareArgJs]| -> Res<Vec<Square>> {
        list.iter().map(|s| square(&s.name())).collect()
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
        out = mark(out, text)?;
    }
    if let Some(size) = o.size {
        out = out.size(size);
    }
    Ok(out)
}

fn pieces_of<V: Variant>(pos: &Position<V>) -> Vec<PieceJs> {
    let mut out = Vec::new();
    for color in [Color::White, Color::Black] {
        for sq in pos.pieces(color).iter() {
            out.push(piece_js(pos, sq).expect("an occupied square"));
        }
    }
    out
}

fn piece_js<V: Variant>(pos: &Position<V>, sq: Square) -> Option<PieceJs> {
    pos.piece_at(sq).map(|p| PieceJs {
        square: text::<V>(sq),
        color: color_name(p.color).to_string(),
        king: p.kind == PieceKind::King,
    })
}

impl<V: Variant> DynPosition for Position<V> {
    fn variant(&self) -> &'static str {
        V::NAME
    }
    fn fen(&self) -> String {
        self.to_fen()
    }
    fn diagram(&self) -> String {
        Position::diagram(self)
    }
    fn numbered_diagram(&self) -> String {
        draughts::dynamic::numbered_diagram(self)
    }
    fn flipped(&self) -> Box<dyn DynPosition> {
        Box::new(Position::flipped(self))
    }
    fn turn(&self) -> Color {
        Position::turn(self)
    }
    fn legal_moves(&self, mode: MoveMode) -> Vec<MoveJs> {
        self.legal_moves_in(mode)
            .iter()
            .map(|m| move_js(self, m))
            .collect()
    }
    fn parse_move(&self, text: &str) -> Res<MoveJs> {
        let mv = Position::parse_move(self, text).map_err(|e| e.to_string())?;
        Ok(move_js(self, &mv))
    }
    fn play(&self, text: &str) -> Res<Box<dyn DynPosition>> {
        let mv = Position::parse_move(self, text).map_err(|e| e.to_string())?;
        Ok(Box::new(Position::play(self, &mv)))
    }
    fn perft(&self, depth: u32, mode: MoveMode) -> u64 {
        draughts::perft_in(self, depth, mode)
    }
    fn divide(&self, depth: u32, mode: MoveMode) -> Vec<(String, u64)> {
        draughts::divide(self, depth, mode)
            .into_iter()
            .map(|(m, n)| (m.to_string(), n))
            .collect()
    }
    fn pieces(&self) -> Vec<PieceJs> {
        pieces_of(self)
    }
    fn piece_at(&self, name: &str) -> Res<Option<PieceJs>> {
        Ok(piece_js(self, square::<V>(name)?))
    }
    fn has_captures(&self) -> bool {
        Position::has_captures(self)
    }
    fn is_game_over(&self) -> bool {
        Position::is_game_over(self)
    }
    fn input(&self) -> Box<dyn DynInput> {
        Box::new(Input {
            input: MoveInput::new(self),
            open: true,
        })
    }
    fn boxed(&self) -> Box<dyn DynPosition> {
        Box::new(*self)
    }
    fn to_svg(&self, options: &SvgOptionsJs) -> Res<String> {
        Ok(Position::to_svg(self, &svg_options(self, options)?))
    }
}

// ---------------------------------------------------------------------------
// Click input
// ---------------------------------------------------------------------------

/// What [`crate::MoveInput`] needs, for every variant.
pub trait DynInput {
    fn click(&mut self, square: &str) -> Res<bool>;
    fn undo(&mut self) -> Option<String>;
    fn clear(&mut self);
    fn clicks(&self) -> Vec<String>;
    fn movable(&self) -> Vec<String>;
    fn next_squares(&self) -> Vec<String>;
    fn destinations(&self) -> Vec<String>;
    fn captured(&self) -> Vec<String>;
    fn jumped(&self) -> Vec<String>;
    fn candidates(&self) -> Vec<MoveJs>;
    fn chosen(&self) -> Option<MoveJs>;
}

/// The library's [`MoveInput`]; `open` is false for a finished game, where
/// nothing may be clicked.
struct Input<V: Variant> {
    input: MoveInput<V>,
    open: bool,
}

impl<V: Variant> DynInput for Input<V> {
    fn click(&mut self, name: &str) -> Res<bool> {
        let sq = square::<V>(name)?;
        Ok(self.open && self.input.click(sq))
    }
    fn undo(&mut self) -> Option<String> {
        self.input.undo().map(text::<V>)
    }
    fn clear(&mut self) {
        self.input.clear()
    }
    fn clicks(&self) -> Vec<String> {
        texts::<V, _>(self.input.clicks().iter().copied())
    }
    fn movable(&self) -> Vec<String> {
        if self.open {
            texts::<V, _>(self.input.movable().iter())
        } else {
            Vec::new()
        }
    }
    fn next_squares(&self) -> Vec<String> {
        if self.open {
            texts::<V, _>(self.input.next_squares().iter())
        } else {
            Vec::new()
        }
    }
    fn destinations(&self) -> Vec<String> {
        if self.open {
            texts::<V, _>(self.input.destinations().iter())
        } else {
            Vec::new()
        }
    }
    fn captured(&self) -> Vec<String> {
        if self.open {
            texts::<V, _>(self.input.captured().iter())
        } else {
            Vec::new()
        }
    }
    fn jumped(&self) -> Vec<String> {
        texts::<V, _>(self.input.jumped().iter())
    }
    fn candidates(&self) -> Vec<MoveJs> {
        if !self.open {
            return Vec::new();
        }
        let pos = self.input.position();
        self.input
            .candidates()
            .iter()
            .map(|m| move_js(pos, m))
            .collect()
    }
    fn chosen(&self) -> Option<MoveJs> {
        let pos = self.input.position();
        self.input.chosen().map(|m| move_js(pos, m))
    }
}

// ---------------------------------------------------------------------------
// Games
// ---------------------------------------------------------------------------

/// What [`crate::Game`] needs, for every variant.
pub trait DynGame {
    fn variant(&self) -> &'static str;
    fn position(&self) -> Box<dyn DynPosition>;
    fn start(&self) -> Box<dyn DynPosition>;
    fn legal_moves(&self) -> Vec<MoveJs>;
    fn play(&mut self, text: &str) -> Res<MoveJs>;
    fn undo(&mut self) -> Option<MoveJs>;
    fn moves(&self) -> Vec<MoveJs>;
    fn outcome(&self) -> Option<Outcome>;
    fn declare(&mut self, declaration: Declaration) -> Res<Outcome>;
    fn claimable_draw(&self) -> Option<DrawReason>;
    fn claim_draw(&mut self) -> Res<Outcome>;
    fn draw_mode(&self) -> DrawMode;
    fn set_draw_mode(&mut self, mode: DrawMode);
    fn repetitions(&self) -> usize;
    fn draw_counts(&self) -> Vec<DrawCountNowJs>;
    fn quiet_king_plies(&self) -> usize;
    fn to_pdn(&self, tags: &[(String, String)]) -> String;
    fn to_svg(&self, options: &SvgOptionsJs) -> Res<String>;
    fn input(&self) -> Box<dyn DynInput>;
    fn boxed(&self) -> Box<dyn DynGame>;
    fn engine_play(
        &self,
        engine: &mut Engine,
        spec: &LevelSpec,
        seed: u64,
        clock: &dyn Clock,
    ) -> Option<String>;
    fn engine_play_scored(
        &self,
        engine: &mut Engine,
        spec: &LevelSpec,
        seed: u64,
        clock: &dyn Clock,
    ) -> Option<PlayedJs>;
    fn engine_search(&self, engine: &mut Engine, limits: &Limits, clock: &dyn Clock) -> SearchJs;
    fn engine_analyse(&self, engine: &mut Engine, limits: &Limits, clock: &dyn Clock)
        -> AnalysisJs;
    fn engine_accepts_draw(&self, engine: &mut Engine, offered_by: Color) -> bool;
}

/// A score as JS sees it: men, a forced result in plies, and the library's text.
pub fn score_parts(score: Score) -> (f64, Option<i32>, String) {
    (score.men(), score.win_in(), score.to_string())
}

impl<V: Variant> DynGame for Game<V> {
    fn variant(&self) -> &'static str {
        V::NAME
    }
    fn position(&self) -> Box<dyn DynPosition> {
        Box::new(*Game::position(self))
    }
    fn start(&self) -> Box<dyn DynPosition> {
        Box::new(*Game::start(self))
    }
    fn legal_moves(&self) -> Vec<MoveJs> {
        let pos = Game::position(self);
        Game::legal_moves(self)
            .iter()
            .map(|m| move_js(pos, m))
            .collect()
    }
    fn play(&mut self, text: &str) -> Res<MoveJs> {
        let before = *Game::position(self);
        let mv = self.play_text(text).map_err(|e| e.to_string())?;
        Ok(move_js(&before, &mv))
    }
    fn undo(&mut self) -> Option<MoveJs> {
        let mv = Game::undo(self)?;
        Some(move_js(Game::position(self), &mv))
    }
    fn moves(&self) -> Vec<MoveJs> {
        self.moves()
            .iter()
            .zip(self.positions())
            .map(|(m, p)| move_js(p, m))
            .collect()
    }
    fn outcome(&self) -> Option<Outcome> {
        Game::outcome(self)
    }
    fn declare(&mut self, declaration: Declaration) -> Res<Outcome> {
        Game::declare(self, declaration).map_err(|e| e.to_string())
    }
    fn claimable_draw(&self) -> Option<DrawReason> {
        Game::claimable_draw(self)
    }
    fn claim_draw(&mut self) -> Res<Outcome> {
        Game::claim_draw(self).map_err(|e| e.to_string())
    }
    fn draw_mode(&self) -> DrawMode {
        Game::draw_mode(self)
    }
    fn set_draw_mode(&mut self, mode: DrawMode) {
        Game::set_draw_mode(self, mode)
    }
    fn repetitions(&self) -> usize {
        Game::repetitions(self)
    }
    fn draw_counts(&self) -> Vec<DrawCountNowJs> {
        Game::draw_counts(self)
            .map(|c| DrawCountNowJs {
                reason: js_name(c.reason.name()),
                plies: c.plies,
                plies_left: c.plies_left,
                moves_left: c.moves_left,
                claimed: c.trigger == draughts::draws::Trigger::Claim,
                text: c.to_string(),
            })
            .collect()
    }
    fn quiet_king_plies(&self) -> usize {
        Game::quiet_king_plies(self)
    }
    fn to_pdn(&self, tags: &[(String, String)]) -> String {
        let tags: Vec<(&str, &str)> = tags.iter().map(|(n, v)| (&n[..], &v[..])).collect();
        write_pdn(self, &tags)
    }
    fn to_svg(&self, options: &SvgOptionsJs) -> Res<String> {
        Ok(Game::to_svg(
            self,
            &svg_options(Game::position(self), options)?,
        ))
    }
    fn input(&self) -> Box<dyn DynInput> {
        Box::new(Input {
            input: MoveInput::new(Game::position(self)),
            open: Game::outcome(self).is_none(),
        })
    }
    fn boxed(&self) -> Box<dyn DynGame> {
        Box::new(self.clone())
    }
    fn engine_play(
        &self,
        engine: &mut Engine,
        spec: &LevelSpec,
        seed: u64,
        clock: &dyn Clock,
    ) -> Option<String> {
        engine
            .play(self, spec, seed, Hooks::with_clock(clock))
            .map(|m| m.to_string())
    }
    fn engine_play_scored(
        &self,
        engine: &mut Engine,
        spec: &LevelSpec,
        seed: u64,
        clock: &dyn Clock,
    ) -> Option<PlayedJs> {
        let p = engine.play_scored(self, spec, seed, Hooks::with_clock(clock))?;
        let parts = p.score.map(score_parts);
        Some(PlayedJs {
            mv: p.mv.to_string(),
            score: parts.as_ref().map(|s| s.0),
            win_in: parts.as_ref().and_then(|s| s.1),
            score_text: parts.map(|s| s.2),
            pv: p.pv.iter().map(ToString::to_string).collect(),
            depth: p.depth,
            nodes: p.nodes,
        })
    }
    fn engine_search(&self, engine: &mut Engine, limits: &Limits, clock: &dyn Clock) -> SearchJs {
        let r = engine.search(self, limits, Hooks::with_clock(clock));
        let (score, win_in, score_text) = score_parts(r.score);
        SearchJs {
            best: r.best.map(|m| m.to_string()),
            score,
            win_in,
            score_text,
            pv: r.pv.iter().map(ToString::to_string).collect(),
            depth: r.depth,
            seldepth: r.seldepth,
            nodes: r.nodes,
            time_ms: r.time_ms,
        }
    }
    fn engine_analyse(
        &self,
        engine: &mut Engine,
        limits: &Limits,
        clock: &dyn Clock,
    ) -> AnalysisJs {
        let a = engine.analyse(self, limits, Hooks::with_clock(clock));
        AnalysisJs {
            moves: a
                .moves
                .iter()
                .map(|(m, s)| {
                    let (score, win_in, score_text) = score_parts(*s);
                    AnalysedMoveJs {
                        mv: m.to_string(),
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
    fn engine_accepts_draw(&self, engine: &mut Engine, offered_by: Color) -> bool {
        engine.accepts_draw(self, offered_by, Hooks::default())
    }
}

// ---------------------------------------------------------------------------
// Construction by variant name
// ---------------------------------------------------------------------------

/// A position of the visited variant: its start, or a FEN.
pub struct MakePosition<'a>(pub Option<&'a str>);

impl VariantVisitor for MakePosition<'_> {
    type Output = Res<Box<dyn DynPosition>>;
    fn visit<V: Variant>(self) -> Self::Output {
        Ok(Box::new(match self.0 {
            None => Position::<V>::start(),
            Some(fen) => Position::<V>::from_fen(fen).map_err(|e| e.to_string())?,
        }))
    }
}

/// A game of the visited variant from its start, or from a FEN.
pub struct MakeGame<'a>(pub Option<&'a str>);

impl VariantVisitor for MakeGame<'_> {
    type Output = Res<Box<dyn DynGame>>;
    fn visit<V: Variant>(self) -> Self::Output {
        let start = match self.0 {
            None => Position::<V>::start(),
            Some(fen) => Position::<V>::from_fen(fen).map_err(|e| e.to_string())?,
        };
        Ok(Box::new(Game::from_position(start)))
    }
}

/// The first game of a PDN text, replayed as the visited variant. A
/// `GameType` tag that names another numbering is an error.
pub struct ReadPdn<'a>(pub &'a str);

/// Why a PDN text did not replay: the message, and the library's error
/// kind, line and game number when there is one.
pub struct PdnFail {
    pub message: String,
    pub kind: Option<&'static str>,
    pub line: Option<usize>,
    pub game: Option<usize>,
}

impl PdnFail {
    pub fn of(e: &draughts::pdn::PdnError) -> PdnFail {
        PdnFail {
            message: e.to_string(),
            kind: Some(e.kind.name()),
            line: e.kind.line(),
            game: Some(e.game),
        }
    }
}

impl VariantVisitor for ReadPdn<'_> {
    type Output = Result<Box<dyn DynGame>, PdnFail>;
    fn visit<V: Variant>(self) -> Self::Output {
        let first = parse_pdn(self.0)
            .into_iter()
            .next()
            .ok_or_else(|| PdnFail {
                message: "the PDN text holds no game".to_string(),
                kind: None,
                line: None,
                game: None,
            })?
            .map_err(|e| PdnFail::of(&e))?;
        let game = replay_as::<V>(&first)
            .map_err(|kind| PdnFail::of(&draughts::pdn::PdnError { game: 1, kind }))?;
        Ok(Box::new(game))
    }
}

/// What the visited variant is: its name, board, notation and squares.
pub struct Describe(pub bool);

impl VariantVisitor for Describe {
    type Output = VariantJs;
    fn visit<V: Variant>(self) -> VariantJs {
        let r = V::RULES;
        let mut squares = Vec::new();
        for row in 0..V::Board::HEIGHT {
            for col in 0..V::Board::WIDTH {
                if let Some(sq) = V::Board::square_at(row, col) {
                    let (row, col) = display::<V>(sq);
                    squares.push(SquareJs {
                        name: text::<V>(sq),
                        row,
                        col,
                    });
                }
            }
        }
        VariantJs {
            name: V::NAME.to_string(),
            builtin: self.0,
            width: V::Board::WIDTH,
            height: V::Board::HEIGHT,
            orthogonal: matches!(V::Board::LAYOUT, draughts::Layout::Orthogonal),
            algebraic: r.game_type.algebraic,
            game_type: r.game_type.number,
            first_mover: color_name(r.first_mover).to_string(),
            start_fen: Position::<V>::start().to_fen(),
            flying_kings: matches!(r.king_range, draughts::KingRange::Flying),
            men_capture_backward: r.men_capture_backward,
            precedence: r
                .precedence
                .iter()
                // The rule's name, and for `value` its numbers, which the page
                // reads: "value { man: 100, king: 199 }".
                .map(|p| match p {
                    draughts::Precedence::Value { man, king } => {
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
            squares,
        }
    }
}

/// The library's stable name (`draughts::names`, `no_pieces`) as the JS
/// API writes it (`no-pieces`): the names come from the library, this only
/// spells them.
pub fn js_name(name: &str) -> String {
    name.replace('_', "-")
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
        use draughts::{English, International, Russian};
        assert_eq!(text::<English>(square::<English>(" 32 ").unwrap()), "32");
        assert_eq!(text::<Russian>(square::<Russian>("c3").unwrap()), "c3");
        assert_eq!(
            square::<International>("51"),
            Err("`51` is not a playing square of international".to_string())
        );
    }

    #[test]
    fn a_levels_move_comes_with_its_score() {
        use draughts::engine::{Engine, Level, NoClock};
        use draughts::{Game, Russian};
        let game = Game::<Russian>::new();
        let spec = Level::Hard.spec().with_nodes(3000);
        let mut engine = Engine::with_tt_mib(1);
        let p = game
            .engine_play_scored(&mut engine, &spec, 1, &NoClock)
            .unwrap();
        assert_eq!(p.pv.first(), Some(&p.mv));
        assert!(p.score.is_some() && p.score_text.is_some() && p.depth >= 1);
        let mut engine = Engine::with_tt_mib(1);
        assert_eq!(
            game.engine_play(&mut engine, &spec, 1, &NoClock),
            Some(p.mv)
        );
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
