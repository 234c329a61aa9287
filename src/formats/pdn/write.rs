//! Writing a game as PDN.

use super::{builtin, CUSTOM_VARIANT};
use crate::core::position::Position;
use crate::core::variant::{Variant, VariantKind};
use crate::play::game::Game;

/// Writes a game as PDN: the tags, then the moves in the shortest unambiguous
/// notation, numbered from the first mover of the variant.
///
/// The writer's tags are `GameType`, `CustomVariant` (only for a variant that is not
/// built in, or plays as a built-in one under another name: its
/// [`Variant::NAME`]; the `GameType` is then the numbering it shares with its
/// preset), `FEN` (when the game does not start from the
/// variant's start position), `Result` and, once the game is over,
/// `Termination` (the reason in words, [`Outcome::termination`](crate::Outcome::termination)).
/// A tag in `tags` replaces the writer's tag of the same name (compared
/// without case) instead of repeating it; a name given twice in `tags` is
/// written once, with its first value. A `Result` given in `tags` also ends
/// the move text.
///
/// ```
/// use draughts::{pdn::{read_games, write_pdn}, English, Game};
/// let mut game = Game::<English>::new();
/// for text in ["11-15", "23-19", "8-11", "22-17"] {
///     let mv = game.position().parse_move(text).unwrap();
///     game.play(&mv).unwrap();
/// }
/// let pdn = write_pdn(&game, &[("Event", "Test"), ("Result", "1-0")]);
/// assert_eq!(pdn.matches("[Result").count(), 1);
/// assert!(pdn.contains("1. 11-15 23-19 2. 8-11 22-17 1-0"));
/// let back = read_games(&pdn, None);
/// let moves: Vec<String> = back[0].as_ref().unwrap().moves().iter().map(|m| m.to_string()).collect();
/// assert_eq!(moves, ["11-15", "23-19", "8-11", "22-17"]);
/// ```
pub fn write_pdn<V: Variant>(game: &Game<V>, tags: &[(&str, &str)]) -> String {
    // What the record needs of the variant, read here; the writing is one
    // function for every variant (it is not a hot path, and a copy per
    // variant would be kilobytes each in the WebAssembly package).
    let first = V::RULES.first_mover;
    let record = Record {
        game_type: V::RULES.game_type.number,
        name: V::NAME,
        builtin: builtin::<V>(),
        fen: (*game.start() != Position::<V>::start()).then(|| game.start().to_fen()),
        outcome: game.outcome(),
        moves: game
            .moves()
            .iter()
            .zip(game.positions())
            .map(|(mv, pos)| (pos.turn() == first, pos.move_text(mv)))
            .collect(),
    };
    write_record(&record, tags)
}

/// A game as [`write_pdn`] writes it, the variant's part already read.
struct Record {
    game_type: u8,
    name: &'static str,
    builtin: Option<VariantKind>,
    /// The start position's FEN, when it is not the variant's start.
    fen: Option<String>,
    outcome: Option<crate::play::outcome::Outcome>,
    /// Each move's text, and whether the first mover played it.
    moves: Vec<(bool, String)>,
}

fn write_record(record: &Record, tags: &[(&str, &str)]) -> String {
    let mut out = String::new();
    let mut written: Vec<String> = Vec::new();
    let mut tag = |out: &mut String, name: &str, value: &str| {
        if written.iter().any(|n| n.eq_ignore_ascii_case(name)) {
            return;
        }
        written.push(name.to_string());
        let escaped = escape(value);
        out.push_str(&format!("[{name} \"{escaped}\"]\n"));
    };
    let given = |name: &str| {
        tags.iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| *v)
    };
    for (n, v) in tags {
        tag(&mut out, n, v);
    }
    tag(&mut out, "GameType", &record.game_type.to_string());
    match record.builtin {
        // A variant that plays as a built-in one under another name (a house
        // rule set that spells out the official rules) keeps its name.
        Some(kind) if !kind.name().eq_ignore_ascii_case(record.name) => {
            tag(&mut out, CUSTOM_VARIANT, record.name)
        }
        // A variant that shares its GameType number (Killer: 20) is named.
        Some(kind) if VariantKind::from_game_type(record.game_type) != Some(kind) => {
            tag(&mut out, "Variant", kind.name());
        }
        Some(_) => {}
        None => tag(&mut out, CUSTOM_VARIANT, record.name),
    }
    if let Some(fen) = &record.fen {
        tag(&mut out, "FEN", fen);
    }
    let result = given("Result").unwrap_or_else(|| record.outcome.map_or("*", |o| o.pdn_result()));
    tag(&mut out, "Result", result);
    if let Some(o) = record.outcome {
        tag(&mut out, "Termination", &o.termination());
    }
    out.push('\n');
    let mut line = String::new();
    let mut number = 1u32;
    let push = |line: &mut String, out: &mut String, word: &str| {
        if line.len() + word.len() + 1 > 79 && !line.is_empty() {
            out.push_str(line.trim_end());
            out.push('\n');
            line.clear();
        }
        line.push_str(word);
        line.push(' ');
    };
    for (i, (by_first, text)) in record.moves.iter().enumerate() {
        if *by_first {
            push(&mut line, &mut out, &format!("{number}."));
        } else if i == 0 {
            push(&mut line, &mut out, &format!("{number}..."));
        }
        push(&mut line, &mut out, text);
        if !by_first {
            number += 1;
        }
    }
    push(&mut line, &mut out, result);
    out.push_str(line.trim_end());
    out.push('\n');
    out
}

/// A tag value as a PDN string: `\` and `"` escaped; line breaks, which a
/// PDN string can't hold, written as spaces.
pub(super) fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' | '"' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}
