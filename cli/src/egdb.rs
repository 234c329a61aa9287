//! `draughts egdb`: build, probe and verify endgame databases (the
//! library's `draughts::egdb`) as one file per slice in a directory.
//!
//! A slice's file is `<DIR>/<slice>.egdb` (`wm1wk0bm0bk1.egdb`), written to a
//! temporary file and renamed, so a file that exists is whole: `build` skips
//! the slices already there and can be stopped and run again.
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use draughts::egdb::{build_slice, slices_up_to, verify, Egdb, Slice};
use draughts::{Position, Variant, VariantKind, VariantVisitor};

use crate::common::outln;

/// Arguments of `draughts egdb`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    /// Build every slice with 1 to N pieces (slices already in the
    /// directory are kept).
    Build(BuildArgs),
    /// The value of a position for the side to move, its distance in plies
    /// and the best moves.
    Probe(ProbeArgs),
    /// Check that every value in the directory follows from its successors.
    Verify(VerifyArgs),
}

/// Arguments of `draughts egdb build`.
#[derive(clap::Args)]
struct BuildArgs {
    /// Variant name (english, international, russian, ...).
    #[arg(long, short)]
    variant: VariantKind,
    /// The most pieces on the board (both sides together).
    #[arg(long, short, value_parser = clap::value_parser!(u32).range(1..=8))]
    pieces: u32,
    /// Directory of the slice files (created if needed); `egdb-<variant>`
    /// when omitted.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Threads (default: all cores).
    #[arg(long, short, value_parser = clap::value_parser!(u32).range(1..=1024))]
    threads: Option<u32>,
}

/// Arguments of `draughts egdb probe`.
#[derive(clap::Args)]
struct ProbeArgs {
    /// Variant name.
    #[arg(long, short)]
    variant: VariantKind,
    /// Directory of the slice files.
    #[arg(long)]
    dir: PathBuf,
    /// The position, in FEN.
    #[arg(long)]
    fen: String,
}

/// Arguments of `draughts egdb verify`.
#[derive(clap::Args)]
struct VerifyArgs {
    /// Variant name.
    #[arg(long, short)]
    variant: VariantKind,
    /// Directory of the slice files.
    #[arg(long)]
    dir: PathBuf,
}

/// Runs the subcommand; an error is one line for `main` to print.
pub fn run(args: Args) -> Result<ExitCode, String> {
    match args.command {
        Command::Build(a) => a.variant.visit(Build(a)),
        Command::Probe(a) => a.variant.visit(Probe(a)),
        Command::Verify(a) => a.variant.visit(Verify(a)),
    }
}

/// The file of a slice.
fn slice_path(dir: &Path, slice: Slice) -> PathBuf {
    dir.join(format!("{slice}.egdb"))
}

/// Loads the slice files of `dir` for the slices of `wanted`, those
/// present; a file that is not a slice of the variant is an error naming it.
fn load<V: Variant>(dir: &Path, wanted: &[Slice]) -> Result<Egdb<'static, V>, String> {
    if !dir.is_dir() {
        return Err(format!("{}: no such directory", dir.display()));
    }
    let mut db = Egdb::<V>::new();
    for &slice in wanted {
        let path = slice_path(dir, slice);
        if !path.exists() {
            continue;
        }
        let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let got = db
            .insert(bytes)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        if got != slice {
            return Err(format!(
                "{}: holds slice {got}, not {slice}",
                path.display()
            ));
        }
    }
    Ok(db)
}

/// The process's peak resident memory so far in MB (`VmHWM` of
/// `/proc/self/status`), where the system tells it.
fn peak_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb.div_ceil(1024))
}

/// `1h02m`, `3m05s`, `12s`.
fn duration(seconds: f64) -> String {
    let s = seconds.max(0.0).round() as u64;
    if s >= 3600 {
        format!("{}h{:02}m", s / 3600, s % 3600 / 60)
    } else if s >= 60 {
        format!("{}m{:02}s", s / 60, s % 60)
    } else {
        format!("{s}s")
    }
}

struct Build(BuildArgs);

impl VariantVisitor for Build {
    type Output = Result<ExitCode, String>;
    fn visit<V: Variant>(self) -> Self::Output {
        let a = self.0;
        let dir = a
            .out
            .unwrap_or_else(|| PathBuf::from(format!("egdb-{}", V::NAME)));
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let threads = a.threads.map(|t| t as usize).unwrap_or_else(|| {
            std::thread::available_parallelism()
                .map(|n| n.get())
                .unwrap_or(1)
        });
        let slices = slices_up_to(a.pieces);
        let mut db = load::<V>(&dir, &slices)?;
        let todo: Vec<Slice> = slices
            .iter()
            .copied()
            .filter(|s| !db.contains(*s))
            .collect();
        let mut left: u64 = todo.iter().map(|s| 2 * s.positions::<V>()).sum();
        let kept = slices.len() - todo.len();
        if kept > 0 {
            eprintln!(
                "{}: {kept} of {} slices already built, kept",
                dir.display(),
                slices.len()
            );
        }
        let start = Instant::now();
        let mut built_positions = 0u64;
        for (k, slice) in todo.iter().enumerate() {
            let t = Instant::now();
            let bytes = build_slice(*slice, &db, threads).map_err(|e| e.to_string())?;
            let path = slice_path(&dir, *slice);
            let tmp = dir.join(format!("{slice}.egdb.tmp"));
            std::fs::write(&tmp, &bytes).map_err(|e| format!("{}: {e}", tmp.display()))?;
            std::fs::rename(&tmp, &path).map_err(|e| format!("{}: {e}", path.display()))?;
            db.insert(bytes).map_err(|e| e.to_string())?;
            let positions = 2 * slice.positions::<V>();
            built_positions += positions;
            left -= positions;
            let secs = t.elapsed().as_secs_f64();
            let rate = built_positions as f64 / start.elapsed().as_secs_f64().max(1e-9);
            eprintln!(
                "[{}/{}] {slice}: {positions} positions in {secs:.2} s ({:.0} positions/s){}; about {} left",
                k + 1 + kept,
                slices.len(),
                positions as f64 / secs.max(1e-9),
                peak_memory().map_or(String::new(), |mb| format!(", peak memory {mb} MB")),
                duration(left as f64 / rate.max(1.0)),
            );
        }
        eprintln!(
            "{} slices of {} up to {} pieces in {} ({} built in {:.1} s)",
            slices.len(),
            V::NAME,
            a.pieces,
            dir.display(),
            todo.len(),
            start.elapsed().as_secs_f64()
        );
        Ok(ExitCode::SUCCESS)
    }
}

struct Probe(ProbeArgs);

impl VariantVisitor for Probe {
    type Output = Result<ExitCode, String>;
    fn visit<V: Variant>(self) -> Self::Output {
        let a = self.0;
        let pos = Position::<V>::from_fen(&a.fen).map_err(|e| format!("bad FEN: {e}"))?;
        let pieces = Slice::of(&pos).pieces();
        let db = load::<V>(&a.dir, &slices_up_to(pieces))?;
        let answer = db.probe(&pos).map_err(|e| e.to_string())?;
        let best: Vec<String> = answer.best.iter().map(|m| m.to_string()).collect();
        outln!(
            "{} {} {}",
            answer.entry.value,
            answer.entry.distance,
            if best.is_empty() {
                "-".to_string()
            } else {
                best.join(" ")
            }
        );
        Ok(ExitCode::SUCCESS)
    }
}

struct Verify(VerifyArgs);

impl VariantVisitor for Verify {
    type Output = Result<ExitCode, String>;
    fn visit<V: Variant>(self) -> Self::Output {
        let a = self.0;
        let all = slices_up_to(8);
        let db = load::<V>(&a.dir, &all)?;
        let present: Vec<Slice> = all.into_iter().filter(|s| db.contains(*s)).collect();
        if present.is_empty() {
            return Err(format!(
                "{}: no slice files of {} (build them with `draughts egdb build`)",
                a.dir.display(),
                V::NAME
            ));
        }
        let mut positions = 0u64;
        for slice in &present {
            verify(&db, *slice).map_err(|e| e.to_string())?;
            positions += 2 * slice.positions::<V>();
        }
        outln!(
            "ok: {} slices, {positions} positions consistent",
            present.len()
        );
        Ok(ExitCode::SUCCESS)
    }
}

/// Reads every slice file (`<slice>.egdb`) of `dir` for variant `V`, read
/// only: a file that is not a slice of `V` is an error that names it, and
/// a directory without a slice is an error.
pub fn load_dir<V: Variant>(dir: &Path) -> Result<Egdb<'static, V>, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("--egdb {}: {e}", dir.display()))?;
    let mut db = Egdb::<V>::new();
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "egdb"))
        .collect();
    paths.sort();
    for path in paths {
        let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        db.insert(bytes)
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    if db.slices().next().is_none() {
        return Err(format!(
            "--egdb {}: no slice of {} (build one with `draughts egdb build --variant {} --pieces 4 --out {}`)",
            dir.display(),
            V::NAME,
            V::NAME,
            dir.display()
        ));
    }
    Ok(db)
}

/// [`load_dir`] for a mode chosen at run time, shared for engines.
pub fn load_shared(mode: draughts::Mode, dir: &Path) -> Result<draughts::egdb::SharedEgdb, String> {
    draughts::with_mode!(mode, V => load_dir::<V>(dir).map(draughts::egdb::SharedEgdb::new))
}

/// `--egdb DIR` for variant `V`, or nothing; one line on stderr says what
/// was loaded.
pub fn load_option<V: Variant>(
    dir: Option<&Path>,
) -> Result<Option<draughts::egdb::SharedEgdb>, String> {
    let Some(dir) = dir else {
        return Ok(None);
    };
    let db = draughts::egdb::SharedEgdb::new(load_dir::<V>(dir)?);
    eprintln!(
        "endgame database: {} slices of {} up to {} pieces from {}",
        db.slices(),
        db.variant(),
        db.max_pieces(),
        dir.display()
    );
    Ok(Some(db))
}
