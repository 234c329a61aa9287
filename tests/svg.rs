//! Board pictures (issue 22, item 1): the SVG of every variant is
//! well-formed XML with one square per board square, one piece per piece,
//! kings drawn apart from men, and a flipped board is the half-turn of the
//! plain one.

use draughts::svg::{Labels, SvgColors, SvgOptions};
use draughts::{AnyGame, AnyPosition, Color, PieceKind, Square, VariantKind};
use roxmltree::{Document, Node};

fn parse(svg: &str) -> Document<'_> {
    Document::parse(svg).unwrap_or_else(|e| panic!("not well-formed XML: {e}\n{svg}"))
}

fn has_class(n: &Node, class: &str) -> bool {
    n.attribute("class")
        .is_some_and(|c| c.split(' ').any(|w| w == class))
}

fn with_class<'a>(doc: &'a Document, class: &str) -> Vec<Node<'a, 'a>> {
    doc.descendants().filter(|n| has_class(n, class)).collect()
}

fn num(n: &Node, attr: &str) -> f64 {
    n.attribute(attr).unwrap().parse().unwrap()
}

/// The `(x, y)` of the square rect named `name`.
fn square_xy(doc: &Document, name: &str) -> (f64, f64) {
    let n = doc
        .descendants()
        .find(|n| has_class(n, "square") && n.attribute("data-square") == Some(name))
        .unwrap_or_else(|| panic!("no square {name}"));
    (num(&n, "x"), num(&n, "y"))
}

/// A position with a piece of each colour and kind where the variant allows.
fn mixed(kind: VariantKind) -> AnyPosition {
    let start = AnyPosition::start(kind);
    let squares = start.squares();
    let n = |i: usize| start.square_number(squares[i]);
    let mid = squares.len() / 2;
    let fen = format!("W:W{},K{}:B{},K{}", n(mid + 2), n(mid), n(mid - 3), n(1));
    AnyPosition::from_fen(kind, &fen).unwrap_or_else(|e| panic!("{kind}: {fen}: {e}"))
}

#[test]
fn every_variant_draws_its_board_and_pieces() {
    for kind in VariantKind::ALL {
        for pos in [AnyPosition::start(kind), mixed(kind)] {
            let svg = pos.to_svg(&SvgOptions::new());
            let doc = parse(&svg);
            let (w, h) = pos.board_size();
            assert_eq!(
                with_class(&doc, "square").len(),
                w as usize * h as usize,
                "{kind}: one rect per board square"
            );
            let dark: Vec<String> = with_class(&doc, "dark")
                .iter()
                .map(|n| n.attribute("data-square").unwrap().to_string())
                .collect();
            let mut names: Vec<String> =
                pos.squares().iter().map(|&s| pos.square_text(s)).collect();
            let mut drawn = dark.clone();
            names.sort();
            drawn.sort();
            assert_eq!(drawn, names, "{kind}: the playing squares");
            for color in [Color::White, Color::Black] {
                let class = if color == Color::White {
                    "white"
                } else {
                    "black"
                };
                let mut drawn: Vec<(String, bool)> = with_class(&doc, "piece")
                    .iter()
                    .filter(|n| has_class(n, class))
                    .map(|n| {
                        (
                            n.attribute("data-square").unwrap().to_string(),
                            has_class(n, "king"),
                        )
                    })
                    .collect();
                let mut want: Vec<(String, bool)> = pos
                    .pieces(color)
                    .into_iter()
                    .map(|s| {
                        let king = pos.piece_at(s).unwrap().kind == PieceKind::King;
                        (pos.square_text(s), king)
                    })
                    .collect();
                drawn.sort();
                want.sort();
                assert_eq!(drawn, want, "{kind} {color:?}: pieces");
            }
            // A king carries a crown and two discs; a man one disc, no crown.
            for piece in with_class(&doc, "piece") {
                let crowns = piece.children().filter(|c| has_class(c, "crown")).count();
                let discs = piece
                    .children()
                    .filter(|c| c.has_tag_name("circle") && c.attribute("fill") != Some("none"))
                    .count();
                if has_class(&piece, "king") {
                    assert_eq!((crowns, discs), (1, 2), "{kind}");
                } else {
                    assert_eq!((crowns, discs), (0, 1), "{kind}");
                }
            }
        }
        assert!(
            mixed(kind)
                .to_svg(&SvgOptions::new())
                .contains("class=\"piece white king\""),
            "{kind}: the mixed position has a white king"
        );
    }
}

/// The orthogonal board plays every square, in two shades.
#[test]
fn turkish_board_uses_every_square() {
    let doc_text = AnyPosition::start(VariantKind::Turkish).to_svg(&SvgOptions::new());
    let doc = parse(&doc_text);
    assert_eq!(with_class(&doc, "light").len(), 0);
    assert_eq!(with_class(&doc, "dark").len(), 64);
    assert_eq!(with_class(&doc, "alt").len(), 32);
}

/// Not flipped, White's side is at the bottom: `a1` bottom-left. Flipped,
/// every square moves to the half-turn of its place.
#[test]
fn flipping_turns_the_board_half_round() {
    for kind in VariantKind::ALL {
        let pos = AnyPosition::start(kind);
        let plain = pos.to_svg(&SvgOptions::new());
        let flipped = pos.to_svg(&SvgOptions::new().flipped(true));
        let (plain, flipped) = (parse(&plain), parse(&flipped));
        let root = plain.root_element();
        let view: Vec<f64> = root
            .attribute("viewBox")
            .unwrap()
            .split(' ')
            .map(|v| v.parse().unwrap())
            .collect();
        let (w, h) = pos.board_size();
        let cell = with_class(&plain, "square")
            .first()
            .map(|n| num(n, "width"))
            .unwrap();
        let (mut min_x, mut max_y) = (f64::MAX, f64::MIN);
        for sq in pos.squares() {
            let name = pos.square_text(sq);
            let (x, y) = square_xy(&plain, &name);
            let (fx, fy) = square_xy(&flipped, &name);
            assert_eq!(fx, view[2] - cell - x, "{kind} {name}: x");
            assert_eq!(fy, view[3] - cell - y, "{kind} {name}: y");
            let (row, col) = pos.square_coords(sq);
            // Rows go up from White's side, columns right from White's left.
            let frame = view[2] - w as f64 * cell;
            assert_eq!(x, frame / 2.0 + col as f64 * cell, "{kind} {name}");
            assert_eq!(
                y,
                frame / 2.0 + (h - 1 - row) as f64 * cell,
                "{kind} {name}"
            );
            min_x = min_x.min(x);
            max_y = max_y.max(y);
        }
        // White's men start on the bottom rows unless flipped.
        let white = pos.pieces(Color::White)[0];
        let (_, y) = square_xy(&plain, &pos.square_text(white));
        let (_, fy) = square_xy(&flipped, &pos.square_text(white));
        assert!(y > view[3] / 2.0 && fy < view[3] / 2.0, "{kind}");
        assert!(min_x < cell && max_y > view[3] - 2.0 * cell, "{kind}");
    }
}

fn texts(doc: &Document, class: &str) -> Vec<String> {
    with_class(doc, class)
        .iter()
        .map(|n| {
            n.descendants()
                .filter(|d| d.is_text())
                .map(|d| d.text().unwrap())
                .collect()
        })
        .collect()
}

#[test]
fn labels_name_numbers_or_coordinates() {
    let pos = AnyPosition::start(VariantKind::Russian);
    let named = pos.to_svg(&SvgOptions::new());
    let names = texts(&parse(&named), "label");
    assert_eq!(names.len(), 32);
    assert!(names.contains(&"c3".to_string()) && names.contains(&"h8".to_string()));
    let numbered = pos.to_svg(&SvgOptions::new().labels(Labels::Numbers));
    let numbers = texts(&parse(&numbered), "label");
    let mut numbers: Vec<u32> = numbers.iter().map(|t| t.parse().unwrap()).collect();
    numbers.sort();
    assert_eq!(numbers, (1..=32).collect::<Vec<_>>());
    let bare = pos.to_svg(&SvgOptions::new().labels(Labels::None));
    let none = parse(&bare);
    assert!(with_class(&none, "label").is_empty() && with_class(&none, "coordinate").is_empty());
    let big = AnyPosition::start(VariantKind::Canadian);
    let edged = big.to_svg(&SvgOptions::new().labels(Labels::Coordinates));
    let coords = texts(&parse(&edged), "coordinate");
    let want: Vec<String> = "abcdefghijkl"
        .chars()
        .map(String::from)
        .chain((1..=12).map(|r| r.to_string()))
        .collect();
    assert_eq!(coords, want);
}

/// A capture in progress: the arrow follows the capture's path through the
/// squares' centres, and each captured piece is marked.
#[test]
fn marked_move_draws_its_path_and_captures() {
    let pos = AnyPosition::from_fen(VariantKind::International, "W:W28:B23,13,1").unwrap();
    let opts = SvgOptions::new().mark_move_text(&*pos, "28x8").unwrap();
    let doc_text = pos.to_svg(&opts);
    let doc = parse(&doc_text);
    assert_eq!(with_class(&doc, "captured").len(), 2);
    let arrow = &with_class(&doc, "arrow")[0];
    let points = arrow.attribute("d").unwrap().matches(['M', 'L']).count();
    assert_eq!(points, 3, "28, 19, 8");
    let centre = |name: &str| {
        let (x, y) = square_xy(&doc, name);
        format!("{} {}", x + 30.0, y + 30.0)
    };
    let d = format!("M{}L{}L{}", centre("28"), centre("19"), centre("8"));
    assert_eq!(arrow.attribute("d"), Some(d.as_str()));
    let mut rings: Vec<String> = with_class(&doc, "captured")
        .iter()
        .map(|ring| {
            let circle = ring.children().find(|c| c.has_tag_name("circle")).unwrap();
            format!("{} {}", num(&circle, "cx"), num(&circle, "cy"))
        })
        .collect();
    let mut want = vec![centre("23"), centre("13")];
    rings.sort();
    want.sort();
    assert_eq!(rings, want);
    let err = SvgOptions::new().mark_move_text(&*pos, "28-22");
    assert!(err.is_err(), "a move that is not legal is refused");
}

#[test]
fn highlights_last_move_and_game_picture() {
    let mut game = AnyGame::new(VariantKind::English);
    game.play("11-15").unwrap();
    let doc_text = game.to_svg(&SvgOptions::new());
    let doc = parse(&doc_text);
    assert_eq!(with_class(&doc, "last-move").len(), 2);
    let pos = game.position();
    let s = |n: u8| -> Square { pos.square(n).unwrap() };
    let text = pos.to_svg(
        &SvgOptions::new()
            .highlight([s(1), s(2), s(3)])
            .arrow([s(22), s(18)]),
    );
    let doc = parse(&text);
    assert_eq!(with_class(&doc, "highlight").len(), 3);
    assert_eq!(with_class(&doc, "arrow").len(), 1);
    // A square of another board is left out, not drawn off the board.
    let far: Square = AnyPosition::start(VariantKind::International)
        .square(50)
        .unwrap();
    assert!(!pos.squares().contains(&far));
    let off = pos.to_svg(&SvgOptions::new().highlight([far]).arrow([far, s(1)]));
    let doc = parse(&off);
    assert!(with_class(&doc, "highlight").is_empty() && with_class(&doc, "arrow").is_empty());
}

/// Colours are the caller's text: quotes and angle brackets are escaped.
#[test]
fn colours_are_escaped() {
    let colors = SvgColors {
        dark: "\"><script>".into(),
        ..SvgColors::default()
    };
    let svg = AnyPosition::start(VariantKind::English).to_svg(&SvgOptions::new().colors(colors));
    let doc = parse(&svg);
    assert!(doc.descendants().all(|n| !n.has_tag_name("script")));
    assert_eq!(
        with_class(&doc, "dark")[0].attribute("fill"),
        Some("\"><script>")
    );
    // The size sets the width; the height follows the board's shape.
    let svg = AnyPosition::start(VariantKind::English).to_svg(&SvgOptions::new().size(250));
    let doc = parse(&svg);
    assert_eq!(doc.root_element().attribute("width"), Some("250"));
    assert_eq!(doc.root_element().attribute("height"), Some("250"));
}
