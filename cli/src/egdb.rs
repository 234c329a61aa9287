//! `draughts egdb`: build, probe and verify endgame databases (the
//! library's `draughts::egdb`) as one file per slice in a directory.
//!
//! A slice's file is `<DIR>/<slice>.egdb` (`wm1wk0bm0bk1.egdb`), written to a
//! temporary file and renamed, so a file that exists is whole: `build` skips
//! the slices already there and can be stopped and run again.
use std::collections::HashMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use draughts::egdb::{
    build_slice_in_parts, compress, decompress, is_compressed, slices_up_to, verify_on, Egdb,
    Slice, PART_POSITIONS,
};
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
    /// Rewrite the directory's slice files in the compressed form (3 to 6
    /// times smaller; every command reads both forms).
    Compress(CompressArgs),
    /// The slices with 1 to N pieces in build order, one layer a line: the
    /// slices of a line never read each other, so they can be built at the
    /// same time (`build --slice`) once the lines above are built.
    Layers(LayersArgs),
}

/// Arguments of `draughts egdb layers`.
#[derive(clap::Args)]
struct LayersArgs {
    /// The most pieces on the board (both sides together).
    #[arg(long, short, value_parser = clap::value_parser!(u32).range(1..=8))]
    pieces: u32,
}

/// A slice name on the command line (`wm1wk0bm0bk1`).
fn parse_slice(s: &str) -> Result<Slice, String> {
    s.parse::<Slice>().map_err(|e| e.to_string())
}

/// Arguments of `draughts egdb build`.
#[derive(clap::Args)]
struct BuildArgs {
    /// Variant name (english, international, russian, ...).
    #[arg(long, short)]
    variant: VariantKind,
    /// The most pieces on the board (both sides together).
    #[arg(long, short, value_parser = clap::value_parser!(u32).range(1..=8),
          required_unless_present = "slice")]
    pieces: Option<u32>,
    /// Build only this slice (repeat for more), e.g. `wm2wk1bm1bk1`; the
    /// slices it reads must be in the directory already (`egdb layers`).
    #[arg(long, value_parser = parse_slice, conflicts_with = "pieces")]
    slice: Vec<Slice>,
    /// Directory of the slice files (created if needed); `egdb-<variant>`
    /// when omitted.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Threads (default: all cores).
    #[arg(long, short, value_parser = clap::value_parser!(u32).range(1..=1024))]
    threads: Option<u32>,
    /// Write the slices compressed (`egdb compress`).
    #[arg(long)]
    compress: bool,
    /// Solve at most this many positions of a slice at a time (6 bytes
    /// each while solving, 2 for the result): a larger slice is built in
    /// parts, to the same bytes.
    #[arg(long, default_value_t = PART_POSITIONS,
          value_parser = clap::value_parser!(u64).range(1..))]
    part: u64,
}

/// Arguments of `draughts egdb compress`.
#[derive(clap::Args)]
struct CompressArgs {
    /// Variant name.
    #[arg(long, short)]
    variant: VariantKind,
    /// Directory of the slice files.
    #[arg(long)]
    dir: PathBuf,
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
    /// The position, in FEN; repeat it for more positions, or give `-`
    /// to read them from standard input, one a line. Each position gets
    /// one line of answer, in order; with more than one, a position that
    /// cannot be answered gets a line `error: ...` and the others are
    /// still answered (the exit status says whether any failed).
    #[arg(long, required = true)]
    fen: Vec<String>,
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
    /// Check only this slice (repeat for more), e.g. `wm2wk1bm1bk1`: a long
    /// check split into parts, or taken up again; the slices it reads must
    /// be in the directory.
    #[arg(long, value_parser = parse_slice)]
    slice: Vec<Slice>,
    /// Threads (default: all cores).
    #[arg(long, short, value_parser = clap::value_parser!(u32).range(1..=1024))]
    threads: Option<u32>,
}

/// Runs the subcommand; an error is one line for `main` to print.
pub fn run(args: Args) -> Result<ExitCode, String> {
    match args.command {
        Command::Build(a) => a.variant.visit(Build(a)),
        Command::Probe(a) => a.variant.visit(Probe(a)),
        Command::Verify(a) => a.variant.visit(Verify(a)),
        Command::Compress(a) => a.variant.visit(Compress(a)),
        Command::Layers(a) => {
            let slices = slices_up_to(a.pieces);
            for chunk in slices.chunk_by(|x, y| (x.pieces(), x.men()) == (y.pieces(), y.men())) {
                let names: Vec<String> = chunk.iter().map(|s| s.name()).collect();
                outln!("{}", names.join(" "));
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// The file of a slice.
fn slice_path(dir: &Path, slice: Slice) -> PathBuf {
    dir.join(format!("{slice}.egdb"))
}

/// The largest slice, in positions, a build holds plain while it reads it
/// (2 bytes a position; compressed, a look-up decodes part of a block).
const PLAIN_IN_BUILD: u64 = 1 << 29;

/// The slices a long build or check holds in memory: those the current
/// step reads, loaded from their files on first use, each dropped after the
/// last step that reads it (at 6 pieces on 8x8 the files are 10 GB; the
/// largest slice with what it reads is about 2 GB).
struct Window<'d, V: Variant> {
    db: Egdb<'static, V>,
    dir: &'d Path,
    /// For each slice, the last step that reads it.
    last_use: HashMap<Slice, usize>,
    /// Whether compressed files are held in their plain form (builds and
    /// checks read each position many times; a probe reads a few).
    plain: bool,
    /// The largest slice (positions) a build holds in plain form: a build
    /// reads another slice of as many pieces only through a promotion, so
    /// a large one stays compressed and leaves the memory to the build.
    plain_up_to: u64,
}

impl<'d, V: Variant> Window<'d, V> {
    /// The window for the steps `steps` (slices in dependency order), each
    /// reading `Slice::reads` (and itself when `reads_self`).
    fn new(dir: &'d Path, steps: &[Slice], reads_self: bool) -> Self {
        let mut last_use = HashMap::new();
        for (k, slice) in steps.iter().enumerate() {
            for r in slice.reads() {
                last_use.insert(r, k);
            }
            if reads_self {
                last_use.insert(*slice, k);
            }
        }
        Window {
            db: Egdb::new(),
            dir,
            last_use,
            plain: true,
            plain_up_to: u64::MAX,
        }
    }

    /// Loads a slice's file unless it is loaded; a missing file, or one
    /// that is not that slice of the variant, is an error naming it.
    fn load(&mut self, slice: Slice) -> Result<(), String> {
        if self.db.contains(slice) {
            return Ok(());
        }
        let path = slice_path(self.dir, slice);
        if !path.exists() {
            return Err(format!(
                "{}: missing; slice {slice} must be built first (`draughts egdb layers` gives the order)",
                path.display()
            ));
        }
        let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        // Builds and checks read every slice many times: a compressed
        // file is held in its plain form.
        let plain = self.plain && 2 * slice.positions::<V>() <= self.plain_up_to;
        let bytes = if plain && is_compressed(&bytes) {
            decompress(&bytes).map_err(|e| format!("{}: {e}", path.display()))?
        } else {
            bytes
        };
        let got = self
            .db
            .insert(bytes)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        if got != slice {
            return Err(format!(
                "{}: holds slice {got}, not {slice}",
                path.display()
            ));
        }
        Ok(())
    }

    /// Keeps the bytes of `slice`, just built at step `k`, when a later
    /// step reads them: `packed`, its compressed form if there is one, when
    /// the slice is too large to hold plain.
    fn keep(
        &mut self,
        slice: Slice,
        bytes: Vec<u8>,
        packed: Option<Vec<u8>>,
        k: usize,
    ) -> Result<(), String> {
        if self.last_use.get(&slice).is_some_and(|&last| last > k) {
            let bytes = match packed {
                Some(packed) if 2 * slice.positions::<V>() > self.plain_up_to => packed,
                _ => bytes,
            };
            self.db.insert(bytes).map_err(|e| e.to_string())?;
        }
        Ok(())
    }

    /// Drops every slice no step after `k` reads.
    fn release(&mut self, k: usize) {
        let done: Vec<Slice> = self
            .db
            .slices()
            .filter(|s| self.last_use.get(s).is_none_or(|&last| last <= k))
            .collect();
        for s in done {
            self.db.remove(s);
        }
    }
}

/// The process's peak resident memory so far in MB (`VmHWM` of
/// `/proc/self/status`), where the system tells it.
fn peak_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb.div_ceil(1024))
}

/// `--threads`, or every core when it is not given.
fn threads_or_cores(threads: Option<u32>) -> usize {
    threads.map(|t| t as usize).unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    })
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
        let threads = threads_or_cores(a.threads);
        let slices = match a.pieces {
            Some(pieces) => slices_up_to(pieces),
            None => {
                if let Some(big) = a.slice.iter().find(|s| s.pieces() > 8) {
                    return Err(format!("slice {big}: more than 8 pieces"));
                }
                // The named slices, in build order.
                let most = a.slice.iter().map(|s| s.pieces()).max().unwrap_or(0);
                let mut named = slices_up_to(most);
                named.retain(|s| a.slice.contains(s));
                named
            }
        };
        // Slices whose file exists are kept (each is checked when it is
        // first read). Only the slices a slice reads are loaded while it is
        // built, and each is dropped after the last slice that reads it.
        let todo: Vec<Slice> = slices
            .iter()
            .copied()
            .filter(|s| !slice_path(&dir, *s).exists())
            .collect();
        let mut window = Window::<V>::new(&dir, &todo, false);
        window.plain_up_to = PLAIN_IN_BUILD;
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
            for r in slice.reads() {
                window.load(r)?;
            }
            let bytes = build_slice_in_parts(*slice, &window.db, threads, a.part)
                .map_err(|e| e.to_string())?;
            let packed = if a.compress {
                let packed = compress(&bytes).map_err(|e| e.to_string())?;
                write_slice(&dir, *slice, &packed)?;
                Some(packed)
            } else {
                write_slice(&dir, *slice, &bytes)?;
                None
            };
            window.keep(*slice, bytes, packed, k)?;
            window.release(k);
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
            slices.iter().map(|s| s.pieces()).max().unwrap_or(0),
            dir.display(),
            todo.len(),
            start.elapsed().as_secs_f64()
        );
        Ok(ExitCode::SUCCESS)
    }
}

/// Writes a slice's file whole: to a temporary file, then renamed.
fn write_slice(dir: &Path, slice: Slice, bytes: &[u8]) -> Result<(), String> {
    let path = slice_path(dir, slice);
    let tmp = dir.join(format!("{slice}.egdb.tmp"));
    std::fs::write(&tmp, bytes).map_err(|e| format!("{}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, &path).map_err(|e| format!("{}: {e}", path.display()))
}

/// The slices of `V` whose files are in `dir`, in build order; none is an
/// error.
fn present<V: Variant>(dir: &Path) -> Result<Vec<Slice>, String> {
    if !dir.is_dir() {
        return Err(format!("{}: no such directory", dir.display()));
    }
    let present: Vec<Slice> = slices_up_to(8)
        .into_iter()
        .filter(|s| slice_path(dir, *s).exists())
        .collect();
    if present.is_empty() {
        return Err(format!(
            "{}: no slice files of {} (build them with `draughts egdb build`)",
            dir.display(),
            V::NAME
        ));
    }
    Ok(present)
}

struct Compress(CompressArgs);

impl VariantVisitor for Compress {
    type Output = Result<ExitCode, String>;
    fn visit<V: Variant>(self) -> Self::Output {
        let dir = self.0.dir;
        let (mut before, mut after, mut done) = (0u64, 0u64, 0usize);
        let slices = present::<V>(&dir)?;
        for slice in &slices {
            let path = slice_path(&dir, *slice);
            let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            // Each file is checked as a slice of V before it is replaced,
            // and its compressed form read back against it.
            let mut check = Egdb::<V>::new();
            check
                .insert(&bytes[..])
                .map_err(|e| format!("{}: {e}", path.display()))?;
            before += bytes.len() as u64;
            if is_compressed(&bytes) {
                after += bytes.len() as u64;
                continue;
            }
            let small = compress(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
            if decompress(&small).ok().as_deref() != Some(&bytes[..]) {
                return Err(format!(
                    "{}: the compressed form does not read back",
                    path.display()
                ));
            }
            write_slice(&dir, *slice, &small)?;
            after += small.len() as u64;
            done += 1;
        }
        outln!(
            "{} slices ({done} compressed now): {before} bytes, {after} compressed ({:.2} bits a position)",
            slices.len(),
            8.0 * after as f64 / slices.iter().map(|s| 2 * s.positions::<V>()).sum::<u64>().max(1) as f64
        );
        Ok(ExitCode::SUCCESS)
    }
}

struct Probe(ProbeArgs);

impl VariantVisitor for Probe {
    type Output = Result<ExitCode, String>;
    fn visit<V: Variant>(self) -> Self::Output {
        let a = self.0;
        if !a.dir.is_dir() {
            return Err(format!("{}: no such directory", a.dir.display()));
        }
        // Slices are loaded as positions need them and kept (compressed
        // files stay compressed: a probe reads few of their positions).
        let mut window = Window::<V>::new(&a.dir, &[], false);
        window.plain = false;
        let mut fens = Vec::new();
        for f in &a.fen {
            if f == "-" {
                let mut text = String::new();
                std::io::stdin()
                    .read_to_string(&mut text)
                    .map_err(|e| format!("standard input: {e}"))?;
                fens.extend(
                    text.lines()
                        .map(str::trim)
                        .filter(|l| !l.is_empty())
                        .map(String::from),
                );
            } else {
                fens.push(f.clone());
            }
        }
        if let [fen] = &fens[..] {
            outln!("{}", probe_one(&mut window, fen)?);
            return Ok(ExitCode::SUCCESS);
        }
        let mut failed = 0;
        for fen in &fens {
            match probe_one(&mut window, fen) {
                Ok(line) => outln!("{line}"),
                Err(e) => {
                    failed += 1;
                    outln!("error: {e}");
                }
            }
        }
        if failed > 0 {
            eprintln!("{failed} of {} positions not answered", fens.len());
            return Ok(ExitCode::FAILURE);
        }
        Ok(ExitCode::SUCCESS)
    }
}

/// One position's answer: the value, the distance and the best moves
/// (`-` when there is none), loading the slices it needs.
fn probe_one<V: Variant>(window: &mut Window<'_, V>, fen: &str) -> Result<String, String> {
    let pos = Position::<V>::from_fen(fen).map_err(|e| format!("bad FEN: {e}"))?;
    // The position's slice and those its moves lead to, the files there
    // are (a missing one is named by the probe's error).
    let slice = Slice::of(&pos);
    for s in core::iter::once(slice).chain(slice.reads()) {
        if slice_path(window.dir, s).exists() {
            window.load(s)?;
        }
    }
    let answer = window.db.probe(&pos).map_err(|e| e.to_string())?;
    let best: Vec<String> = answer.best.iter().map(|m| m.to_string()).collect();
    Ok(format!(
        "{} {} {}",
        answer.entry.value,
        answer.entry.distance,
        if best.is_empty() {
            "-".to_string()
        } else {
            best.join(" ")
        }
    ))
}

struct Verify(VerifyArgs);

impl VariantVisitor for Verify {
    type Output = Result<ExitCode, String>;
    fn visit<V: Variant>(self) -> Self::Output {
        let a = self.0;
        let threads = threads_or_cores(a.threads);
        let present = present::<V>(&a.dir)?;
        // The named slices (in build order), or every slice present.
        let todo: Vec<Slice> = if a.slice.is_empty() {
            present.clone()
        } else {
            if let Some(s) = a.slice.iter().find(|s| !present.contains(s)) {
                return Err(format!(
                    "{}: missing; slice {s} is not in the directory",
                    slice_path(&a.dir, *s).display()
                ));
            }
            present
                .iter()
                .copied()
                .filter(|s| a.slice.contains(s))
                .collect()
        };
        // Each slice is checked with the slices it reads loaded, and a
        // slice is dropped after the last check that needs it.
        let mut window = Window::<V>::new(&a.dir, &todo, true);
        let mut left: u64 = todo.iter().map(|s| 2 * s.positions::<V>()).sum();
        let start = Instant::now();
        let mut positions = 0u64;
        for (k, slice) in todo.iter().enumerate() {
            let t = Instant::now();
            window.load(*slice)?;
            for r in slice.reads() {
                if present.contains(&r) {
                    window.load(r)?;
                }
            }
            verify_on(&window.db, *slice, threads).map_err(|e| e.to_string())?;
            let n = 2 * slice.positions::<V>();
            positions += n;
            left -= n;
            window.release(k);
            let secs = t.elapsed().as_secs_f64();
            let rate = positions as f64 / start.elapsed().as_secs_f64().max(1e-9);
            eprintln!(
                "[{}/{}] {slice}: {n} positions consistent in {secs:.2} s ({:.0} positions/s); about {} left",
                k + 1,
                todo.len(),
                n as f64 / secs.max(1e-9),
                duration(left as f64 / rate.max(1.0)),
            );
        }
        outln!(
            "ok: {} slices, {positions} positions consistent",
            todo.len()
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
