//! Perft past one machine: `perft split` writes work units, `perft unit`
//! counts them (anywhere, in any order, under any scheduler) and `perft merge`
//! checks that every unit was counted exactly once and adds up the total.
//!
//! A units file starts with a header line
//! `# draughts-perft-units variant=<v> mode=<m> depth=<N> split=<K> units=<n> paths=<p> fen=<root>`
//! followed by one line per distinct position `K` plies below the root:
//! `unit <index> <variant> <mode> <FEN> <remaining depth> <multiplicity>`,
//! where the multiplicity is the number of move paths that reach it (the
//! multiplicities add up to perft(K) = `paths`). A result line is the unit
//! line with its count appended, under the word `result`. Lines are
//! self-contained: a unit can be counted from its line alone.
use std::collections::HashMap;
use std::io::BufRead;
use std::process::ExitCode;

use draughts::{Mode, MoveMode, Position, Variant};

use crate::common::{
    check_depth, mode_name, out_text, outln, parse_depth, parse_mode, position, with_variant,
    PositionArgs,
};
use crate::count::{self, CountArgs, Options};

/// The subcommands of `perft`.
#[derive(clap::Subcommand)]
pub enum Command {
    /// Write the distinct positions K plies down as work units.
    Split(SplitArgs),
    /// Count work units and write one result line each.
    Unit(UnitArgs),
    /// Check that every unit was counted exactly once and print the total.
    Merge(MergeArgs),
}

/// Arguments of `perft split`.
#[derive(clap::Args)]
pub struct SplitArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Split this many plies below the root (K).
    #[arg(long, short, value_parser = parse_depth)]
    depth: u32,
    /// The perft depth being counted (N >= K); each unit has N - K plies left.
    #[arg(long, value_parser = parse_depth)]
    total: u32,
    /// Write the units to this file instead of stdout.
    #[arg(long, short)]
    output: Option<std::path::PathBuf>,
}

/// Arguments of `perft unit`.
#[derive(clap::Args)]
pub struct UnitArgs {
    /// Unit lines to count. Without lines or --file, unit lines are read from
    /// stdin (header and blank lines are skipped).
    lines: Vec<String>,
    /// Read the units from this units file.
    #[arg(long, short)]
    file: Option<std::path::PathBuf>,
    /// With --file: the unit with this index, or the indices A..B (B excluded).
    #[arg(long, conflicts_with = "part", requires = "file")]
    index: Option<String>,
    /// With --file: part I of P equal parts (1-based, e.g. a Slurm array
    /// task id: `--part $SLURM_ARRAY_TASK_ID/100`).
    #[arg(long, requires = "file")]
    part: Option<String>,
    #[command(flatten)]
    counting: CountArgs,
}

/// Arguments of `perft merge`.
#[derive(clap::Args)]
pub struct MergeArgs {
    /// The units file written by `perft split`.
    units: std::path::PathBuf,
    /// Result files (`-` or none: stdin).
    results: Vec<std::path::PathBuf>,
    /// Accept a unit counted twice when both counts agree (a job rerun after
    /// a restart); disagreeing counts are always an error.
    #[arg(long)]
    allow_identical_duplicates: bool,
}

/// Runs a subcommand of `perft`.
pub fn run(command: Command) -> Result<ExitCode, String> {
    match command {
        Command::Split(a) => split(a),
        Command::Unit(a) => unit(a),
        Command::Merge(a) => merge(a),
    }
}

/// One work unit, as read from its line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    /// Position in the units file, from 0.
    pub index: usize,
    /// The variant.
    pub variant: Mode,
    /// The move mode.
    pub mode: MoveMode,
    /// The position, as canonical FEN.
    pub fen: String,
    /// Plies left to count.
    pub remaining: u32,
    /// Paths from the root to this position.
    pub multiplicity: u64,
}

impl Unit {
    fn line(&self) -> String {
        format!(
            "unit {} {} {} {} {} {}",
            self.index,
            self.variant,
            mode_name(self.mode),
            self.fen,
            self.remaining,
            self.multiplicity
        )
    }

    /// Reads the fields after the leading word of a unit or result line.
    fn parse(fields: &[&str]) -> Result<Unit, String> {
        let [index, variant, mode, fen, remaining, multiplicity] = fields else {
            return Err("expected: index variant mode FEN remaining multiplicity".into());
        };
        Ok(Unit {
            index: index
                .parse()
                .map_err(|_| format!("bad unit index `{index}`"))?,
            variant: variant.parse().map_err(|e| format!("{e}"))?,
            mode: parse_mode(mode).ok_or_else(|| format!("bad move mode `{mode}`"))?,
            fen: fen.to_string(),
            remaining: remaining
                .parse()
                .map_err(|_| format!("bad remaining depth `{remaining}`"))
                .and_then(|d| check_depth(d).map_err(|e| e.to_string()))?,
            multiplicity: multiplicity
                .parse()
                .map_err(|_| format!("bad multiplicity `{multiplicity}`"))?,
        })
    }
}

/// Reads a `unit ...` line; `Ok(None)` for a header, comment or blank line.
pub fn parse_unit_line(line: &str) -> Result<Option<Unit>, String> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    match fields.split_first() {
        None => Ok(None),
        Some((first, _)) if first.starts_with('#') => Ok(None),
        Some((&"unit", rest)) => Unit::parse(rest).map(Some),
        Some(_) => Err(format!("not a unit line: `{}`", line.trim())),
    }
}

/// Reads a `result ...` line; `Ok(None)` for a comment or blank line.
pub fn parse_result_line(line: &str) -> Result<Option<(Unit, u64)>, String> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    match fields.split_first() {
        None => Ok(None),
        Some((first, _)) if first.starts_with('#') => Ok(None),
        Some((&"result", rest)) if !rest.is_empty() => {
            let (count, unit) = rest.split_last().expect("not empty");
            let count = count.parse().map_err(|_| format!("bad count `{count}`"))?;
            Ok(Some((Unit::parse(unit)?, count)))
        }
        Some(_) => Err(format!("not a result line: `{}`", line.trim())),
    }
}

/// The header of a units file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    variant: Mode,
    mode: MoveMode,
    depth: u32,
    split: u32,
    units: usize,
    paths: u64,
    fen: String,
}

const MAGIC: &str = "# draughts-perft-units";

impl Header {
    fn line(&self) -> String {
        format!(
            "{MAGIC} variant={} mode={} depth={} split={} units={} paths={} fen={}",
            self.variant,
            mode_name(self.mode),
            self.depth,
            self.split,
            self.units,
            self.paths,
            self.fen
        )
    }

    fn parse(line: &str) -> Result<Header, String> {
        let rest = line
            .strip_prefix(MAGIC)
            .ok_or("the first line is not a `perft split` header")?;
        let fields: HashMap<&str, &str> = rest
            .split_whitespace()
            .filter_map(|f| f.split_once('='))
            .collect();
        let get = |k: &str| {
            fields
                .get(k)
                .copied()
                .ok_or_else(|| format!("the header has no `{k}=`"))
        };
        let num = |k: &str| -> Result<u64, String> {
            get(k)?
                .parse()
                .map_err(|_| format!("the header's `{k}=` is not a number"))
        };
        Ok(Header {
            variant: get("variant")?.parse().map_err(|e| format!("{e}"))?,
            mode: parse_mode(get("mode")?).ok_or("the header's mode is not distinct/routes")?,
            depth: num("depth")? as u32,
            split: num("split")? as u32,
            units: num("units")? as usize,
            paths: num("paths")?,
            fen: get("fen")?.to_string(),
        })
    }
}

/// The distinct positions `plies` below `root` with the number of paths to
/// each, in order of first arrival.
pub fn split_positions<V: Variant>(
    root: &Position<V>,
    plies: u32,
    mode: MoveMode,
) -> Vec<(Position<V>, u64)> {
    let mut level = vec![(*root, 1u64)];
    for _ in 0..plies {
        let mut seen: HashMap<Position<V>, usize> = HashMap::new();
        let mut next: Vec<(Position<V>, u64)> = Vec::new();
        for (pos, mult) in &level {
            for m in pos.legal_moves_in(mode) {
                let child = pos.play(&m);
                match seen.get(&child) {
                    Some(&i) => next[i].1 += mult,
                    None => {
                        seen.insert(child, next.len());
                        next.push((child, *mult));
                    }
                }
            }
        }
        level = next;
    }
    level
}

fn split(args: SplitArgs) -> Result<ExitCode, String> {
    let p = &args.position;
    if args.depth > args.total {
        return Err(format!(
            "--depth {} is deeper than --total {}",
            args.depth, args.total
        ));
    }
    let text = with_variant!(p.variant, split_text(p.fen.as_deref(), p.mode(), &args))?;
    match &args.output {
        Some(path) => std::fs::write(path, text)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?,
        None => write_stdout(&text)?,
    }
    Ok(ExitCode::SUCCESS)
}

fn split_text<V: Variant>(
    fen: Option<&str>,
    mode: MoveMode,
    args: &SplitArgs,
) -> Result<String, String> {
    let root = position::<V>(fen)?;
    let kind: Mode = V::NAME.parse().map_err(|e| format!("{e}"))?;
    let level = split_positions(&root, args.depth, mode);
    let header = Header {
        variant: kind,
        mode,
        depth: args.total,
        split: args.depth,
        units: level.len(),
        paths: level.iter().map(|(_, m)| m).sum(),
        fen: root.to_fen(),
    };
    let mut out = header.line() + "\n";
    for (index, (pos, multiplicity)) in level.into_iter().enumerate() {
        let unit = Unit {
            index,
            variant: kind,
            mode,
            fen: pos.to_fen(),
            remaining: args.total - args.depth,
            multiplicity,
        };
        out += &unit.line();
        out.push('\n');
    }
    Ok(out)
}

fn write_stdout(text: &str) -> Result<(), String> {
    out_text(text);
    Ok(())
}

fn read_text(path: &std::path::Path) -> Result<String, String> {
    if path.as_os_str() == "-" {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut s)
            .map_err(|e| format!("cannot read stdin: {e}"))?;
        Ok(s)
    } else {
        std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
    }
}

/// Which units of a file to count.
fn selection(index: Option<&str>, part: Option<&str>, n: usize) -> Result<(usize, usize), String> {
    let number = |t: &str, what: &str| {
        t.trim()
            .parse::<usize>()
            .map_err(|_| format!("{what}: `{t}` is not a number"))
    };
    let (a, b) = match (index, part) {
        (Some(i), _) => match i.split_once("..") {
            Some((a, b)) => (number(a, "--index")?, number(b, "--index")?),
            None => {
                let a = number(i, "--index")?;
                (a, a + 1)
            }
        },
        (None, Some(p)) => {
            let (i, of) = p
                .split_once('/')
                .ok_or_else(|| format!("--part: `{p}` is not I/P"))?;
            let (i, of) = (number(i, "--part")?, number(of, "--part")?);
            if of == 0 {
                return Err(format!(
                    "--part {p}: the part count P of I/P must be at least 1"
                ));
            }
            if i == 0 || i > of {
                return Err(format!(
                    "--part {p}: the part number I must be between 1 and {of}"
                ));
            }
            (n * (i - 1) / of, n * i / of)
        }
        (None, None) => (0, n),
    };
    if a > b || b > n {
        return Err(format!(
            "units {a}..{b} are not within the file's {n} units"
        ));
    }
    Ok((a, b))
}

fn unit(args: UnitArgs) -> Result<ExitCode, String> {
    // `source` names where the text came from in error messages.
    fn read(text: &str, source: &str, units: &mut Vec<Unit>) -> Result<(), String> {
        for (i, line) in text.lines().enumerate() {
            let unit = parse_unit_line(line).map_err(|e| match source {
                "" => e,
                _ => format!("{source} line {}: {e}", i + 1),
            })?;
            units.extend(unit);
        }
        Ok(())
    }
    let mut units = Vec::new();
    if let Some(path) = &args.file {
        read(&read_text(path)?, &source_name(path), &mut units)?;
        let (a, b) = selection(args.index.as_deref(), args.part.as_deref(), units.len())?;
        units = units.drain(a..b).collect();
    }
    for line in &args.lines {
        read(line, "", &mut units)?;
    }
    if args.file.is_none() && args.lines.is_empty() {
        for (i, line) in std::io::stdin().lock().lines().enumerate() {
            let line = line.map_err(|e| format!("cannot read stdin: {e}"))?;
            read(&line, "", &mut units).map_err(|e| format!("stdin line {}: {e}", i + 1))?;
        }
    }
    let opts = args.counting.options();
    for u in &units {
        let n = with_variant!(u.variant, count_unit(u, opts))?;
        // One line per unit as soon as it is counted, so a killed run keeps
        // what it finished.
        write_stdout(&format!("result{} {n}\n", &u.line()["unit".len()..]))?;
    }
    Ok(ExitCode::SUCCESS)
}

fn count_unit<V: Variant>(u: &Unit, opts: Options) -> Result<u64, String> {
    let pos = Position::<V>::from_fen(&u.fen)
        .map_err(|e| format!("unit {}: bad FEN `{}`: {e}", u.index, u.fen))?;
    Ok(count::count(&pos, u.remaining, u.mode, opts).nodes)
}

/// The outcome of a merge.
#[derive(Debug, PartialEq, Eq)]
pub struct Merged {
    /// The perft depth of the units file.
    pub depth: u32,
    /// Sum of multiplicity × count.
    pub nodes: u64,
    /// Number of units.
    pub units: usize,
    /// Identical duplicate results that were accepted.
    pub duplicates: usize,
}

/// How error messages name a file: its path, or `stdin` for `-`.
fn source_name(path: &std::path::Path) -> String {
    if path.as_os_str() == "-" {
        "stdin".into()
    } else {
        path.display().to_string()
    }
}

/// The lines of `text` numbered from 1; a last line without its newline is
/// an error naming `source`: a result line is written whole with its newline,
/// so a last line without one was cut off (a killed job, a full disk), and
/// its count may have lost digits even when it still reads as a number.
fn complete_lines<'a>(source: &str, text: &'a str) -> Result<Vec<(usize, &'a str)>, String> {
    let lines: Vec<(usize, &str)> = text.lines().enumerate().map(|(i, l)| (i + 1, l)).collect();
    if let Some(&(n, last)) = lines.last() {
        if !text.ends_with('\n') && !last.trim().is_empty() {
            return Err(format!(
                "{source} line {n}: incomplete line (no newline at its end: the writer was cut off?): `{}`",
                last.trim()
            ));
        }
    }
    Ok(lines)
}

/// Checks results against units: each unit counted exactly once (or, with
/// `allow_identical`, more than once with the same count), no result for a
/// unit the file does not have, every field matching; then sums. `units` and
/// each of `results` are (name, text): errors name the file and the line in
/// it.
pub fn merge_text(
    units: (&str, &str),
    results: &[(&str, &str)],
    allow_identical: bool,
) -> Result<Merged, String> {
    let (units_name, units_text) = units;
    let mut lines = complete_lines(units_name, units_text)?.into_iter();
    let header = Header::parse(lines.next().map_or("", |(_, l)| l))
        .map_err(|e| format!("{units_name} line 1: {e}"))?;
    let mut list = Vec::new();
    for (n, line) in lines {
        if let Some(u) = parse_unit_line(line).map_err(|e| format!("{units_name} line {n}: {e}"))? {
            if u.index != list.len() {
                return Err(format!(
                    "{units_name} line {n}: index {} out of order (expected {})",
                    u.index,
                    list.len()
                ));
            }
            list.push(u);
        }
    }
    if list.len() != header.units {
        return Err(format!(
            "{units_name}: the file has {} units, its header says {}",
            list.len(),
            header.units
        ));
    }
    let paths: u64 = list.iter().map(|u| u.multiplicity).sum();
    if paths != header.paths {
        return Err(format!(
            "{units_name}: the multiplicities add up to {paths}, the header says {}",
            header.paths
        ));
    }
    // Where each unit's first result was read, for messages about a second.
    let mut counts: Vec<Option<(u64, String)>> = vec![None; list.len()];
    let mut duplicates = 0;
    for &(name, text) in results {
        for (n, line) in complete_lines(name, text)? {
            let at = format!("{name} line {n}");
            let Some((u, count)) = parse_result_line(line).map_err(|e| format!("{at}: {e}"))?
            else {
                continue;
            };
            let want = list.get(u.index).ok_or_else(|| {
                format!(
                    "{at}: result for unit {}, which {units_name} does not have",
                    u.index
                )
            })?;
            if &u != want {
                return Err(format!(
                    "{at}: result for unit {} does not match the unit: `{}` vs `{}`",
                    u.index,
                    line.trim(),
                    want.line()
                ));
            }
            match &counts[u.index] {
                None => counts[u.index] = Some((count, at)),
                Some((m, _)) if *m == count && allow_identical => duplicates += 1,
                Some((m, first)) if *m == count => {
                    return Err(format!(
                        "{at}: unit {} was counted twice, first at {first} (same count {count}; --allow-identical-duplicates accepts that)",
                        u.index
                    ))
                }
                Some((m, first)) => {
                    return Err(format!(
                        "{at}: unit {} was counted twice with different counts: {m} ({first}) and {count}",
                        u.index
                    ))
                }
            }
        }
    }
    let missing: Vec<usize> = (0..list.len()).filter(|&i| counts[i].is_none()).collect();
    if let Some(&first) = missing.first() {
        return Err(format!(
            "{} of {} units have no result (first: unit {first})",
            missing.len(),
            list.len()
        ));
    }
    let nodes = list
        .iter()
        .zip(&counts)
        .map(|(u, n)| u.multiplicity * n.as_ref().expect("checked").0)
        .sum();
    Ok(Merged {
        depth: header.depth,
        nodes,
        units: list.len(),
        duplicates,
    })
}

fn merge(args: MergeArgs) -> Result<ExitCode, String> {
    let units = read_text(&args.units)?;
    let stdin = [std::path::PathBuf::from("-")];
    let paths = if args.results.is_empty() {
        &stdin[..]
    } else {
        &args.results[..]
    };
    let mut results = Vec::new();
    for path in paths {
        results.push((source_name(path), read_text(path)?));
    }
    let results: Vec<(&str, &str)> = results
        .iter()
        .map(|(n, t)| (n.as_str(), t.as_str()))
        .collect();
    let m = merge_text(
        (&source_name(&args.units), &units),
        &results,
        args.allow_identical_duplicates,
    )?;
    if m.duplicates > 0 {
        eprintln!(
            "draughts: note: {} identical duplicate results accepted",
            m.duplicates
        );
    }
    outln!("d={} nodes={} units={}", m.depth, m.nodes, m.units);
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts::{perft_in, English, International, Turkish};

    fn units_for<V: Variant>(fen: Option<&str>, mode: MoveMode, k: u32, n: u32) -> String {
        let args = SplitArgs {
            position: PositionArgs {
                variant: V::NAME.parse().unwrap(),
                fen: fen.map(String::from),
                routes: mode == MoveMode::Routes,
            },
            depth: k,
            total: n,
            output: None,
        };
        split_text::<V>(fen, mode, &args).unwrap()
    }

    /// Merges one results file.
    fn merge(units: &str, results: &str, allow: bool) -> Result<Merged, String> {
        merge_text(("units.txt", units), &[("results.txt", results)], allow)
    }

    fn results_for(units: &str) -> String {
        let opts = Options {
            threads: 1,
            hash_mib: None,
            progress: false,
        };
        units
            .lines()
            .filter_map(|l| parse_unit_line(l).unwrap())
            .map(|u| {
                let n = with_variant!(u.variant, count_unit(&u, opts)).unwrap();
                format!("result{} {n}\n", &u.line()["unit".len()..])
            })
            .collect()
    }

    #[test]
    fn multiplicities_add_up_to_perft_of_the_split_depth_and_merge_transpositions() {
        let root = Position::<International>::start();
        for k in 0..=4 {
            let level = split_positions(&root, k, MoveMode::Distinct);
            let paths: u64 = level.iter().map(|(_, m)| m).sum();
            assert_eq!(paths, perft_in(&root, k, MoveMode::Distinct), "k={k}");
            if k >= 4 {
                assert!(
                    (level.len() as u64) < paths,
                    "transpositions at ply 4 are merged"
                );
            }
        }
    }

    #[test]
    fn split_then_merge_equals_the_direct_count() {
        for (k, n) in [(0, 5), (2, 6), (3, 7), (7, 7)] {
            let units = units_for::<English>(None, MoveMode::Distinct, k, n);
            let results = results_for(&units);
            let m = merge(&units, &results, false).unwrap();
            let want = perft_in(&Position::<English>::start(), n, MoveMode::Distinct);
            assert_eq!((m.depth, m.nodes), (n, want), "k={k} n={n}");
        }
        // Routes mode and a FEN (Turkish kings with many capture routes).
        let fen = "W:WKd4,Ke1:Bd6,b4,f4,d2,b6,f2";
        let units = units_for::<Turkish>(Some(fen), MoveMode::Routes, 2, 5);
        let m = merge(&units, &results_for(&units), false).unwrap();
        let pos = Position::<Turkish>::from_fen(fen).unwrap();
        assert_eq!(m.nodes, perft_in(&pos, 5, MoveMode::Routes));
    }

    #[test]
    fn merge_rejects_missing_duplicate_foreign_and_altered_results() {
        let units = units_for::<English>(None, MoveMode::Distinct, 2, 5);
        let results = results_for(&units);
        let lines: Vec<&str> = results.lines().collect();
        // Missing.
        let short = lines[1..].join("\n") + "\n";
        let e = merge(&units, &short, false).unwrap_err();
        assert!(e.contains("have no result (first: unit 0)"), "{e}");
        // Duplicate, same count: an error unless allowed.
        let dup = format!("{results}{}\n", lines[3]);
        let e = merge(&units, &dup, false).unwrap_err();
        assert!(e.contains("unit 3 was counted twice"), "{e}");
        assert_eq!(merge(&units, &dup, true).unwrap().duplicates, 1);
        // Duplicate with another count: always an error.
        let (head, _) = lines[3].rsplit_once(' ').unwrap();
        let bad = format!("{results}{head} 1\n");
        let e = merge(&units, &bad, true).unwrap_err();
        assert!(e.contains("different counts"), "{e}");
        // A result whose unit fields were changed.
        let altered = results.replacen(" distinct ", " routes ", 1);
        let e = merge(&units, &altered, false).unwrap_err();
        assert!(e.contains("does not match the unit"), "{e}");
        // A unit the file does not have.
        let foreign = format!(
            "{results}{}\n",
            lines[0].replacen("result 0 ", "result 99 ", 1)
        );
        let e = merge(&units, &foreign, false).unwrap_err();
        assert!(e.contains("unit 99"), "{e}");
        // A units file with a unit removed.
        let mut cut: Vec<&str> = units.lines().collect();
        cut.remove(2);
        let e = merge(&(cut.join("\n") + "\n"), &results, false).unwrap_err();
        assert!(
            e.contains("out of order") || e.contains("header says"),
            "{e}"
        );
    }

    #[test]
    fn merge_errors_name_the_file_and_the_line_in_it() {
        let units = units_for::<English>(None, MoveMode::Distinct, 2, 5);
        let results = results_for(&units);
        let lines: Vec<&str> = results.lines().collect();
        // Three result files; the third has a stray line at its line 2.
        let a = lines[..20].join("\n") + "\n";
        let b = lines[20..30].join("\n") + "\n";
        let c = format!(
            "{}\nslurmstepd: error: oops\n{}\n",
            lines[30],
            lines[31..].join("\n")
        );
        let files = [
            ("r/1.txt", a.as_str()),
            ("r/2.txt", b.as_str()),
            ("r/3.txt", c.as_str()),
        ];
        let e = merge_text(("units.txt", &units), &files, false).unwrap_err();
        assert!(
            e.starts_with("r/3.txt line 2: not a result line: `slurmstepd: error: oops`"),
            "{e}"
        );
        // A duplicate in another file names both places.
        let b2 = format!("{b}{}\n", lines[3]);
        let files = [("r/1.txt", a.as_str()), ("r/2.txt", b2.as_str())];
        let e = merge_text(("units.txt", &units), &files, false).unwrap_err();
        assert!(
            e.starts_with("r/2.txt line 11: unit 3 was counted twice, first at r/1.txt line 4"),
            "{e}"
        );
        // The same results in three files merge to the one-file total.
        let c = lines[30..].join("\n") + "\n";
        let files = [
            ("r/1.txt", a.as_str()),
            ("r/2.txt", b.as_str()),
            ("r/3.txt", c.as_str()),
        ];
        let m = merge_text(("units.txt", &units), &files, false).unwrap();
        assert_eq!(m, merge(&units, &results, false).unwrap());
        // A bad units line names the units file.
        let bad_units = units.replacen("unit 4 ", "unit x ", 1);
        let e = merge(&bad_units, &results, false).unwrap_err();
        assert!(e.starts_with("units.txt line 6: bad unit index `x`"), "{e}");
    }

    #[test]
    fn a_truncated_last_line_is_an_incomplete_line_even_when_it_parses() {
        let units = units_for::<English>(None, MoveMode::Distinct, 2, 5);
        let results = results_for(&units);
        let n = results.lines().count();
        // Cut inside the count: the line still reads, with a wrong count.
        let cut = &results[..results.len() - 2];
        assert!(parse_result_line(cut.lines().last().unwrap()).is_ok());
        let e = merge(&units, cut, false).unwrap_err();
        assert!(
            e.starts_with(&format!("results.txt line {n}: incomplete line")),
            "{e}"
        );
        // Cut inside the unit fields.
        let cut = &results[..results.len() - 30];
        let e = merge(&units, cut, false).unwrap_err();
        assert!(e.contains("incomplete line"), "{e}");
        assert!(!e.contains("bad count"), "{e}");
        // A units file cut off likewise.
        let e = merge(&units[..units.len() - 1], &results, false).unwrap_err();
        let n = units.lines().count();
        assert!(
            e.starts_with(&format!("units.txt line {n}: incomplete line")),
            "{e}"
        );
    }

    #[test]
    fn unit_lines_beyond_the_depth_bound_are_refused() {
        let line = "unit 0 english distinct W:W21:B1 99 1";
        let e = parse_unit_line(line).unwrap_err();
        assert_eq!(e, crate::common::DepthTooDeep { depth: 99 }.to_string());
        assert!(parse_unit_line("unit 0 english distinct W:W21:B1 64 1").is_ok());
    }

    #[test]
    fn parts_cover_every_unit_once() {
        for n in [0, 1, 7, 100, 101] {
            let mut covered = Vec::new();
            for i in 1..=7 {
                let (a, b) = selection(None, Some(&format!("{i}/7")), n).unwrap();
                covered.extend(a..b);
            }
            assert_eq!(covered, (0..n).collect::<Vec<_>>());
        }
        assert_eq!(selection(Some("3"), None, 10), Ok((3, 4)));
        assert_eq!(selection(Some("2..5"), None, 10), Ok((2, 5)));
        assert!(selection(Some("9..11"), None, 10).is_err());
        assert!(selection(None, Some("0/4"), 10).is_err());
        assert!(selection(None, Some("5/4"), 10).is_err());
        assert_eq!(
            selection(None, Some("1/0"), 10),
            Err("--part 1/0: the part count P of I/P must be at least 1".into())
        );
    }

    #[test]
    fn unit_lines_are_read_back_exactly() {
        let units = units_for::<International>(None, MoveMode::Distinct, 2, 6);
        let mut lines = units.lines();
        let header = Header::parse(lines.next().unwrap()).unwrap();
        assert_eq!((header.depth, header.split, header.units), (6, 2, 81));
        for line in lines {
            assert_eq!(parse_unit_line(line).unwrap().unwrap().line(), line);
        }
        assert!(parse_unit_line("unit 1 english distinct").is_err());
        assert!(parse_unit_line("result 1 english distinct W:W:B 1 1 1").is_err());
        assert_eq!(parse_unit_line("  "), Ok(None));
    }
}
