//! What the subcommands share: `with_variant!(mode, f(args))` calls the
//! generic `f::<English>(args)` and so on for a mode chosen at run time
//! (so each hot loop is monomorphized per variant), the variant/FEN/mode
//! arguments, and FEN and move-mode reading.

/// Calls the generic function `$f::<V>($args)` for the [`draughts::Mode`]
/// `$mode`, a built-in variant or a house rule (the library's registry
/// dispatch, [`draughts::with_mode!`]).
macro_rules! with_variant {
    ($mode:expr, $f:ident ( $($arg:expr),* $(,)? )) => {
        draughts::with_mode!($mode, V => $f::<V>($($arg),*))
    };
}
pub(crate) use with_variant;

/// `println!` for results: a closed pipe (`draughts perft ... | head -1`)
/// ends the program quietly with status 141, as SIGPIPE ends other tools;
/// any other write error is one line on stderr and status 2.
macro_rules! outln {
    ($($t:tt)*) => {
        $crate::common::out_text(&format!("{}\n", format_args!($($t)*)))
    };
}
pub(crate) use outln;

/// Writes `text` to stdout (see [`outln!`]).
pub fn out_text(text: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(141);
        }
        eprintln!("draughts: cannot write to stdout: {e}");
        std::process::exit(2);
    }
}

use draughts::{Mode, MoveMode, Position, Variant};

/// The variant, start position and move mode shared by most subcommands.
#[derive(clap::Args, Clone, Debug)]
pub struct PositionArgs {
    /// Variant: english, italian, spanish, russian, brazilian, pool, czech,
    /// thai, international, canadian, turkish, frisian, frysk, antidraughts,
    /// breakthrough, killer; or a house rule: spanish-site, brazilian-site,
    /// english-site, russian-site, italian-site, thai-site, english-50,
    /// english-40.
    #[arg(long, short)]
    pub variant: Mode,
    /// Start from this FEN (`W:W31-50:B1-20`) instead of the start position;
    /// `start` names the start position.
    #[arg(long)]
    pub fen: Option<String>,
    /// Count every capture route instead of distinct moves.
    #[arg(long)]
    pub routes: bool,
}

impl PositionArgs {
    /// The move mode chosen by `--routes`.
    pub fn mode(&self) -> MoveMode {
        if self.routes {
            MoveMode::Routes
        } else {
            MoveMode::Distinct
        }
    }
}

/// Reads `fen` for `V` (`None` or `start`: the start position).
pub fn position<V: Variant>(fen: Option<&str>) -> Result<Position<V>, String> {
    match fen.map(str::trim) {
        None | Some("start") | Some("initial") => Ok(Position::start()),
        Some(fen) => Position::from_fen(fen).map_err(|e| format!("bad FEN `{fen}`: {e}")),
    }
}

/// The name of a move mode as the command line writes it.
pub fn mode_name(mode: MoveMode) -> &'static str {
    match mode {
        MoveMode::Distinct => "distinct",
        MoveMode::Routes => "routes",
    }
}

/// The move mode named `text`.
pub fn parse_mode(text: &str) -> Option<MoveMode> {
    match text {
        "distinct" => Some(MoveMode::Distinct),
        "routes" => Some(MoveMode::Routes),
        _ => None,
    }
}

/// The deepest perft this program accepts, for every entry point that counts
/// a tree (`perft`, `divide`, `perft split --total`, the remaining depth of
/// a unit line): far beyond any count that can finish, so the bound only
/// turns a typo such as `--depth 99` into an error instead of a run that
/// never ends.
pub const MAX_DEPTH: u32 = 64;

/// A depth beyond [`MAX_DEPTH`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DepthTooDeep {
    /// The depth asked for.
    pub depth: u32,
}

impl std::fmt::Display for DepthTooDeep {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "depth {} is beyond any count this program can finish (at most {MAX_DEPTH})",
            self.depth
        )
    }
}

impl std::error::Error for DepthTooDeep {}

/// `depth` if it is at most [`MAX_DEPTH`].
pub fn check_depth(depth: u32) -> Result<u32, DepthTooDeep> {
    if depth > MAX_DEPTH {
        Err(DepthTooDeep { depth })
    } else {
        Ok(depth)
    }
}

/// A depth flag (`divide --depth`, `split --total`): a number of plies, at
/// most [`MAX_DEPTH`]; for clap's `value_parser`.
pub fn parse_depth(text: &str) -> Result<u32, String> {
    let depth = text
        .trim()
        .parse::<u32>()
        .map_err(|_| format!("`{text}` is not a depth (a number of plies)"))?;
    check_depth(depth).map_err(|e| e.to_string())
}
