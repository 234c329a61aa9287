//! Board pictures: a position as an SVG image (a `String`; no I/O).
//!
//! [`Position::to_svg`] (and the run-time face's [`DynPosition::to_svg`], [`DynGame::to_svg`])
//! draw any variant's board, 8x8 to 12x12 and Turkish's orthogonal board
//! where every square is played, in the colours of the game page by
//! default. [`SvgOptions`] chooses the side at the bottom, the square labels
//! (names, numbers, edge coordinates or none), highlighted squares, the last
//! move, arrows (the engine's best move, say) and the captured pieces of a
//! move, and the picture's size.
//!
//! The picture is plain SVG 1.1: one `<rect class="square ...">` per board
//! square (`data-square` names the playing ones as the variant writes them),
//! one `<g class="piece white|black man|king">` per piece; a king is two
//! stacked discs with a crown, as on the page.
//!
//! ```
//! use draughts::svg::{Labels, SvgOptions};
//! use draughts::{English, Position, Variant};
//!
//! let pos = Position::<English>::start();
//! let best = pos.parse_move("11-15").unwrap();
//! let options = SvgOptions::new()
//!     .flipped(true)
//!     .labels(Labels::Numbers)
//!     .mark_move(&best)
//!     .size(320);
//! let svg = pos.to_svg(&options);
//! assert!(svg.starts_with("<svg "));
//! assert_eq!(svg.matches("class=\"piece ").count(), 24);
//! assert_eq!(svg.matches("class=\"arrow\"").count(), 1);
//! ```

use core::fmt::Write;

use crate::core::bitboard::Square;
use crate::core::geometry::Layout;
use crate::core::moves::Move;
use crate::core::position::Position;
use crate::core::variant::board_spec::{bit, wide, BoardSpec};
use crate::core::variant::{Color, Variant};
#[cfg(doc)]
use crate::dynamic::DynGame;
use crate::dynamic::DynPosition;
use crate::error::MoveTextError;
use crate::play::game::Game;

/// What is written on the board's squares. Its names (`none`, `squares`,
/// `numbers`, `coordinates`) are in [`names`](crate::names).
///
/// ```
/// use draughts::svg::Labels;
/// assert_eq!("Coordinates".parse(), Ok(Labels::Coordinates));
/// assert_eq!(Labels::Numbers.name(), "numbers");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Labels {
    /// Nothing.
    None,
    /// Each playing square's name as the variant writes it (its number, or
    /// `c3` for variants with algebraic notation), in the square's corner as
    /// on the game page.
    #[default]
    Squares,
    /// Each playing square's PDN number, also for algebraic variants.
    Numbers,
    /// Files (`a`, `b`, ...) along the bottom edge and ranks (`1`, `2`, ...)
    /// along the left edge, inside the edge squares.
    Coordinates,
}

crate::names::names! {
    Labels, "board labels" {
        None => "none",
        Squares => "squares",
        Numbers => "numbers",
        Coordinates => "coordinates",
    }
}

/// The colours of a picture (any SVG colour: `#8a5a3c`, `rgba(...)`,
/// `red`). The default is the game page's (`web/style.css`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SvgColors {
    /// Squares that are not played on.
    pub light: String,
    /// Playing squares.
    pub dark: String,
    /// The second shade of an orthogonal board's squares (Turkish).
    pub dark_alt: String,
    /// The frame around the board.
    pub border: String,
    /// White's pieces, and their edge.
    pub white_piece: String,
    /// The edge of White's pieces.
    pub white_edge: String,
    /// Black's pieces.
    pub black_piece: String,
    /// The edge of Black's pieces.
    pub black_edge: String,
    /// The crown of a White king.
    pub white_crown: String,
    /// The crown of a Black king.
    pub black_crown: String,
    /// Highlighted squares.
    pub highlight: String,
    /// The squares of the last move.
    pub last_move: String,
    /// Arrows.
    pub arrow: String,
    /// The ring and cross on captured pieces.
    pub captured: String,
    /// Square labels.
    pub label: String,
    /// The tab behind a square label.
    pub label_background: String,
}

impl Default for SvgColors {
    fn default() -> Self {
        let s = |v: &str| v.to_string();
        SvgColors {
            light: s("#f0d9b5"),
            dark: s("#8a5a3c"),
            dark_alt: s("#b07c55"),
            border: s("#5a3a26"),
            white_piece: s("#f7f3ea"),
            white_edge: s("#9c9384"),
            black_piece: s("#2b2b2b"),
            black_edge: s("#000"),
            white_crown: s("#c8961e"),
            black_crown: s("#f2c84b"),
            highlight: s("rgba(224, 195, 65, 0.6)"),
            last_move: s("rgba(47, 123, 209, 0.35)"),
            arrow: s("rgba(63, 163, 77, 0.85)"),
            captured: s("#d1382f"),
            label: s("#fff"),
            label_background: s("rgba(35, 18, 6, 0.55)"),
        }
    }
}

/// How to draw a position: built with chained setters from
/// [`SvgOptions::new`] (the default: White at the bottom, square names, no
/// marks, 400 pixels wide, the page's colours).
///
/// Squares are those of the position drawn ([`Variant::square`],
/// [`DynPosition::parse_square`]); a square that is not on its board is left
/// out of the picture.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SvgOptions {
    flipped: bool,
    labels: Labels,
    highlights: Vec<Square>,
    last_move: Vec<Square>,
    arrows: Vec<Vec<Square>>,
    captured: Vec<Square>,
    size: u32,
    colors: SvgColors,
}

impl Default for SvgOptions {
    fn default() -> Self {
        SvgOptions {
            flipped: false,
            labels: Labels::default(),
            highlights: Vec::new(),
            last_move: Vec::new(),
            arrows: Vec::new(),
            captured: Vec::new(),
            size: 400,
            colors: SvgColors::default(),
        }
    }
}

impl SvgOptions {
    /// The default options.
    pub fn new() -> Self {
        Self::default()
    }

    /// `true`: Black's side at the bottom (the board turned half a turn).
    pub fn flipped(mut self, flipped: bool) -> Self {
        self.flipped = flipped;
        self
    }

    /// What is written on the squares.
    pub fn labels(mut self, labels: Labels) -> Self {
        self.labels = labels;
        self
    }

    /// Adds highlighted squares.
    pub fn highlight(mut self, squares: impl IntoIterator<Item = Square>) -> Self {
        self.highlights.extend(squares);
        self
    }

    /// The last move played: its start square and landing squares (each is
    /// tinted). Replaces an earlier last move.
    pub fn last_move(mut self, squares: impl IntoIterator<Item = Square>) -> Self {
        self.last_move = squares.into_iter().collect();
        self
    }

    /// Adds an arrow from the first square through the others (a capture's
    /// landings) to the last. Fewer than two squares draw nothing.
    pub fn arrow(mut self, squares: impl IntoIterator<Item = Square>) -> Self {
        self.arrows.push(squares.into_iter().collect());
        self
    }

    /// Adds pieces marked as captured (a red ring and cross).
    pub fn captured(mut self, squares: impl IntoIterator<Item = Square>) -> Self {
        self.captured.extend(squares);
        self
    }

    /// Marks a move of the position drawn: an arrow along its path and its
    /// captured pieces (a capture in progress, or the engine's choice).
    pub fn mark_move<V: Variant>(self, mv: &Move<V>) -> Self {
        let path = core::iter::once(mv.from()).chain(mv.path().iter().copied());
        self.arrow(path).captured(mv.captured().iter())
    }

    /// [`mark_move`](Self::mark_move) for a move written as text (any form
    /// [`Position::parse_move`] reads) in `pos`, a position of the run-time
    /// face (a `&Position<V>`, an [`AnyPosition`](crate::AnyPosition), a
    /// `Box<dyn DynPosition>`...): the marks [`mark_move`](Self::mark_move)
    /// draws for the typed move, byte for byte.
    ///
    /// # Errors
    /// The text is not a legal move of `pos` ([`MoveTextError`]); the
    /// options are then dropped, as a rejected builder call leaves nothing.
    ///
    /// ```
    /// use draughts::svg::SvgOptions;
    /// use draughts::{AnyPosition, VariantKind};
    /// let pos = AnyPosition::from_fen(VariantKind::International, "W:W28:B23,13").unwrap();
    /// let options = SvgOptions::new().mark_move_text(&*pos, "28x8").unwrap();
    /// let svg = pos.to_svg(&options);
    /// assert_eq!(svg.matches("class=\"captured\"").count(), 2);
    /// assert!(SvgOptions::new().mark_move_text(&*pos, "28-22").is_err());
    /// ```
    pub fn mark_move_text(self, pos: &dyn DynPosition, text: &str) -> Result<Self, MoveTextError> {
        let mv = pos.parse_move(text)?;
        Ok(self.mark_move_in(pos, &mv))
    }

    /// The picture's width and height in pixels (at least 16).
    pub fn size(mut self, pixels: u32) -> Self {
        self.size = pixels.max(16);
        self
    }

    /// The colours.
    pub fn colors(mut self, colors: SvgColors) -> Self {
        self.colors = colors;
        self
    }

    /// True when Black's side is at the bottom.
    pub fn is_flipped(&self) -> bool {
        self.flipped
    }
}

/// Board units: one square is `CELL` wide, the frame `FRAME`.
const CELL: u32 = 60;
const FRAME: u32 = 6;

/// The page's crown (a 24x24 path).
const CROWN: &str = "M3 18h18l-1.6-9-4.6 4-2.8-7-2.8 7-4.6-4z";

/// Attribute-safe text.
fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

impl<V: Variant> Position<V> {
    /// The position as an SVG picture (see the [`svg`](crate::svg) module).
    ///
    /// ```
    /// use draughts::svg::SvgOptions;
    /// use draughts::{Position, Turkish};
    /// let svg = Position::<Turkish>::start().to_svg(&SvgOptions::new());
    /// // Every square of Turkish's board is played on: 64 playing squares.
    /// assert_eq!(svg.matches("class=\"square dark").count(), 64);
    /// assert_eq!(svg.matches("class=\"piece ").count(), 32);
    /// ```
    pub fn to_svg(&self, options: &SvgOptions) -> String {
        draw(self, options)
    }
}

impl<V: Variant> Game<V> {
    /// The current position as an SVG picture, with the last move tinted
    /// unless `options` gives one (on the run-time face: [`DynGame::to_svg`]).
    ///
    /// ```
    /// use draughts::svg::SvgOptions;
    /// use draughts::{AnyGame, VariantKind};
    /// let mut game = AnyGame::new(VariantKind::English);
    /// game.play("11-15").unwrap();
    /// let svg = game.to_svg(&SvgOptions::new());
    /// assert_eq!(svg.matches("class=\"last-move\"").count(), 2);
    /// ```
    pub fn to_svg(&self, options: &SvgOptions) -> String {
        match self.moves().last() {
            Some(mv) if options.last_move.is_empty() => {
                let squares = core::iter::once(mv.from()).chain(mv.path().iter().copied());
                self.position().to_svg(&options.clone().last_move(squares))
            }
            _ => self.position().to_svg(options),
        }
    }
}

/// What a picture shows of a position, read once from the variant so that
/// the drawing itself is one function for every variant (the picture is not
/// a hot path; one copy of it per variant would be several kilobytes each
/// in the WebAssembly package).
struct Board {
    name: &'static str,
    fen: String,
    width: u8,
    height: u8,
    orthogonal: bool,
    /// By display `(row, col)`, row-major from White's side: the playing
    /// square there, its text and its number.
    cells: Vec<Option<(Square, String, u8)>>,
    /// By square index: the display `(row, col)` of each playing square.
    coords: Vec<Option<(u8, u8)>>,
    /// White's pieces then Black's, each in board order: square, king.
    pieces: Vec<(Square, Color, bool)>,
}

impl Board {
    fn of<V: Variant>(pos: &Position<V>) -> Self {
        let sides = [Color::White, Color::Black].map(|c| wide::<V>(pos.side(c)));
        Board::build(
            BoardSpec::of::<V>(),
            V::NAME,
            pos.to_fen(),
            sides,
            wide::<V>(pos.kings),
        )
    }

    /// The picture's board from the variant's board spec and the pieces
    /// (`sides`: `[white, black]`).
    fn build(
        spec: &BoardSpec,
        name: &'static str,
        fen: String,
        sides: [u128; 2],
        kings: u128,
    ) -> Self {
        let (w, h) = (spec.width, spec.height);
        let mut cells = Vec::with_capacity(w as usize * h as usize);
        let mut coords = Vec::new();
        for row in 0..h {
            for col in 0..w {
                let cell = spec.algebraic_square(row, col);
                if let Some(sq) = cell {
                    let i = sq.0 as usize;
                    if coords.len() <= i {
                        coords.resize(i + 1, None);
                    }
                    coords[i] = Some(spec.square_coords(sq));
                }
                cells.push(cell.map(|sq| (sq, spec.square_text(sq), spec.square_number(sq))));
            }
        }
        let mut pieces = Vec::new();
        for color in [Color::White, Color::Black] {
            for sq in spec.in_order(sides[color as usize]) {
                pieces.push((sq, color, kings & bit(sq) != 0));
            }
        }
        Board {
            name,
            fen,
            width: w,
            height: h,
            orthogonal: spec.layout == Layout::Orthogonal,
            cells,
            coords,
            pieces,
        }
    }

    /// The display `(row, col)` of a playing square, `None` for any other.
    fn coords(&self, sq: Square) -> Option<(u8, u8)> {
        self.coords.get(sq.0 as usize).copied().flatten()
    }

    /// The picture's `(x, y)` of the top-left corner of the square at board
    /// `(row, col)` (White's view).
    fn corner(&self, row: u8, col: u8, flipped: bool) -> (u32, u32) {
        let (w, h) = (self.width, self.height);
        let (dr, dc) = if flipped {
            (row, w - 1 - col)
        } else {
            (h - 1 - row, col)
        };
        (FRAME + dc as u32 * CELL, FRAME + dr as u32 * CELL)
    }

    /// The picture's centre of a playing square.
    fn centre(&self, sq: Square, flipped: bool) -> Option<(u32, u32)> {
        let (row, col) = self.coords(sq)?;
        let (x, y) = self.corner(row, col, flipped);
        Some((x + CELL / 2, y + CELL / 2))
    }
}

fn draw<V: Variant>(pos: &Position<V>, o: &SvgOptions) -> String {
    render(&Board::of(pos), o)
}

fn render(b: &Board, o: &SvgOptions) -> String {
    let (w, h) = (b.width, b.height);
    let orthogonal = b.orthogonal;
    let c = &o.colors;
    let (vw, vh) = (2 * FRAME + w as u32 * CELL, 2 * FRAME + h as u32 * CELL);
    let px_h = (o.size as u64 * vh as u64 / vw as u64) as u32;
    let mut s = String::new();
    let _ = write!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" viewBox=\"0 0 {vw} {vh}\" \
         width=\"{}\" height=\"{px_h}\" class=\"draughts-board\" data-variant=\"{}\" data-flipped=\"{}\">",
        o.size,
        esc(b.name),
        o.flipped
    );
    let _ = write!(s, "<title>{} {}</title>", esc(b.name), esc(&b.fen));
    let _ = write!(
        s,
        "<defs><marker id=\"arrowhead\" viewBox=\"0 0 10 10\" refX=\"5\" refY=\"5\" \
         markerWidth=\"3\" markerHeight=\"3\" orient=\"auto\"><path d=\"M0 0L10 5L0 10z\" fill=\"{}\"/></marker></defs>",
        esc(&c.arrow)
    );
    let _ = write!(
        s,
        "<rect class=\"frame\" x=\"0\" y=\"0\" width=\"{vw}\" height=\"{vh}\" fill=\"{}\"/>",
        esc(&c.border)
    );
    // Squares, with their tints and labels.
    let mut labels = String::new();
    for row in 0..h {
        for col in 0..w {
            let (x, y) = b.corner(row, col, o.flipped);
            let Some((sq, text, number)) = &b.cells[row as usize * w as usize + col as usize]
            else {
                let _ = write!(
                    s,
                    "<rect class=\"square light\" x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{}\"/>",
                    esc(&c.light)
                );
                continue;
            };
            let alt = orthogonal && (row + col) % 2 == 1;
            let _ = write!(
                s,
                "<rect class=\"square dark{}\" data-square=\"{}\" x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{}\"{}/>",
                if alt { " alt" } else { "" },
                esc(text),
                esc(if alt { &c.dark_alt } else { &c.dark }),
                if orthogonal {
                    " stroke=\"rgba(40, 20, 8, 0.55)\" stroke-width=\"0.5\""
                } else {
                    ""
                }
            );
            for (class, list, fill) in [
                ("last-move", &o.last_move, &c.last_move),
                ("highlight", &o.highlights, &c.highlight),
            ] {
                if list.contains(sq) {
                    let _ = write!(
                        s,
                        "<rect class=\"{class}\" x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{}\"/>",
                        esc(fill)
                    );
                }
            }
            let name = match o.labels {
                Labels::Squares => Some(text.clone()),
                Labels::Numbers => Some(number.to_string()),
                Labels::None | Labels::Coordinates => None,
            };
            if let Some(name) = name {
                let tab = 7 * name.len() as u32 + 4;
                let _ = write!(
                    labels,
                    "<g class=\"label\"><path d=\"M{x} {y}h{tab}v11a4 4 0 0 1-4 4h-{}z\" fill=\"{}\"/>\
                     <text x=\"{}\" y=\"{}\" font-family=\"system-ui, sans-serif\" font-size=\"12\" font-weight=\"600\" fill=\"{}\">{}</text></g>",
                    tab - 4,
                    esc(&c.label_background),
                    x + 2,
                    y + 12,
                    esc(&c.label),
                    esc(&name)
                );
            }
        }
    }
    if o.labels == Labels::Coordinates {
        // Files along the bottom, ranks along the left, as seen.
        for col in 0..w {
            let bottom_row = if o.flipped { h - 1 } else { 0 };
            let (x, y) = b.corner(bottom_row, col, o.flipped);
            let _ = write!(
                labels,
                "<text class=\"coordinate\" x=\"{}\" y=\"{}\" text-anchor=\"end\" font-family=\"system-ui, sans-serif\" font-size=\"12\" font-weight=\"600\" fill=\"{}\" stroke=\"{}\" stroke-width=\"2.5\" paint-order=\"stroke\">{}</text>",
                x + CELL - 3,
                y + CELL - 3,
                esc(&c.label),
                esc(&c.label_background),
                (b'a' + col) as char
            );
        }
        for row in 0..h {
            let left_col = if o.flipped { w - 1 } else { 0 };
            let (x, y) = b.corner(row, left_col, o.flipped);
            let _ = write!(
                labels,
                "<text class=\"coordinate\" x=\"{}\" y=\"{}\" font-family=\"system-ui, sans-serif\" font-size=\"12\" font-weight=\"600\" fill=\"{}\" stroke=\"{}\" stroke-width=\"2.5\" paint-order=\"stroke\">{}</text>",
                x + 3,
                y + 13,
                esc(&c.label),
                esc(&c.label_background),
                row + 1
            );
        }
    }
    s.push_str(&labels);
    // Pieces.
    let r = CELL as f32 * 0.36;
    for color in [Color::White, Color::Black] {
        let (fill, edge, crown) = match color {
            Color::White => (&c.white_piece, &c.white_edge, &c.white_crown),
            Color::Black => (&c.black_piece, &c.black_edge, &c.black_crown),
        };
        for &(sq, _, king) in b.pieces.iter().filter(|p| p.1 == color) {
            let Some((cx, cy)) = b.centre(sq, o.flipped) else {
                continue;
            };
            let Some(text) = b.coords(sq).and_then(|(row, col)| {
                b.cells[row as usize * w as usize + col as usize]
                    .as_ref()
                    .map(|cell| &cell.1)
            }) else {
                continue;
            };
            let name = if color == Color::White {
                "white"
            } else {
                "black"
            };
            let _ = write!(
                s,
                "<g class=\"piece {name} {}\" data-square=\"{}\">",
                if king { "king" } else { "man" },
                esc(text)
            );
            let disc = |s: &mut String, cy: f32| {
                let _ = write!(
                    s,
                    "<circle cx=\"{cx}\" cy=\"{cy:.1}\" r=\"{r:.1}\" fill=\"{}\" stroke=\"{}\" stroke-width=\"2\"/>\
                     <circle cx=\"{cx}\" cy=\"{cy:.1}\" r=\"{:.1}\" fill=\"none\" stroke=\"{}\" stroke-opacity=\"0.45\" stroke-width=\"1.5\"/>",
                    esc(fill),
                    esc(edge),
                    r * 0.68,
                    esc(edge)
                );
            };
            if king {
                // Two stacked discs, the upper one raised, with a crown.
                disc(&mut s, cy as f32 + 3.0);
                disc(&mut s, cy as f32 - 3.0);
                let scale = r * 1.1 / 24.0;
                let _ = write!(
                    s,
                    "<path class=\"crown\" d=\"{CROWN}\" fill=\"{}\" transform=\"translate({:.1} {:.1}) scale({scale:.3})\"/>",
                    esc(crown),
                    cx as f32 - 12.0 * scale,
                    cy as f32 - 3.0 - 12.0 * scale
                );
            } else {
                disc(&mut s, cy as f32);
            }
            s.push_str("</g>");
        }
    }
    // Captured pieces: a ring and a cross.
    for (cx, cy) in o.captured.iter().filter_map(|&sq| b.centre(sq, o.flipped)) {
        let d = (r * 0.6) as u32;
        let _ = write!(
            s,
            "<g class=\"captured\" stroke=\"{}\" stroke-width=\"4\" fill=\"none\" stroke-linecap=\"round\">\
             <circle cx=\"{cx}\" cy=\"{cy}\" r=\"{:.1}\"/>\
             <path d=\"M{} {}L{} {}M{} {}L{} {}\"/></g>",
            esc(&c.captured),
            r + 3.0,
            cx - d,
            cy - d,
            cx + d,
            cy + d,
            cx + d,
            cy - d,
            cx - d,
            cy + d
        );
    }
    // Arrows.
    for arrow in &o.arrows {
        let points: Vec<(u32, u32)> = arrow
            .iter()
            .filter_map(|&sq| b.centre(sq, o.flipped))
            .collect();
        if points.len() < 2 {
            continue;
        }
        let mut d = String::new();
        for (i, (x, y)) in points.iter().enumerate() {
            let _ = write!(d, "{}{x} {y}", if i == 0 { "M" } else { "L" });
        }
        let _ = write!(
            s,
            "<path class=\"arrow\" d=\"{d}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\" stroke-linecap=\"round\" stroke-linejoin=\"round\" marker-end=\"url(#arrowhead)\"/>",
            esc(&c.arrow),
            CELL / 6
        );
    }
    s.push_str("</svg>");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_attribute_text() {
        assert_eq!(esc("a\"<b>&'"), "a&quot;&lt;b&gt;&amp;&apos;");
    }
}

#[cfg(test)]
mod name_tests {
    use super::*;

    #[test]
    fn every_name_reads_back() {
        crate::names::check_names(Labels::ALL, |v| v.name());
    }
}
