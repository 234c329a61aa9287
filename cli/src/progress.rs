//! The progress bar of long perft runs: one line on stderr, redrawn ten times
//! a second once a run has taken a second, and never drawn when stderr is not
//! a terminal (a pipe, a file, a CI log).
use std::io::{IsTerminal, Write};
use std::time::Duration;

/// How long a run goes before the bar appears.
const DELAY: Duration = Duration::from_secs(1);
/// Width of the bar itself, in cells.
const WIDTH: usize = 24;

/// A progress line for one perft depth.
pub struct Progress {
    depth: u32,
    roots: usize,
    units: usize,
    shown: bool,
}

impl Progress {
    /// A bar for a run of `units` work units under `roots` root moves, or
    /// `None` when stderr is not a terminal.
    pub fn new(depth: u32, roots: usize, units: usize) -> Option<Progress> {
        std::io::stderr().is_terminal().then_some(Progress {
            depth,
            roots,
            units,
            shown: false,
        })
    }

    /// Redraws the line (after the first second).
    pub fn update(&mut self, elapsed: Duration, roots_done: usize, units_done: usize, nodes: u64) {
        if elapsed < DELAY {
            return;
        }
        let line = line(
            self.depth,
            (roots_done, self.roots),
            (units_done, self.units),
            nodes,
            elapsed,
        );
        let mut err = std::io::stderr().lock();
        // Errors writing the bar are not worth stopping a count for.
        let _ = write!(err, "\r\x1b[2K{line}");
        let _ = err.flush();
        self.shown = true;
    }

    /// Removes the line, so the results print on a clean line.
    pub fn clear(&mut self) {
        if self.shown {
            let mut err = std::io::stderr().lock();
            let _ = write!(err, "\r\x1b[2K");
            let _ = err.flush();
            self.shown = false;
        }
    }
}

/// The text of the bar: depth, bar, root moves done, nodes, nodes/s and the
/// time left, estimated from the share of work units done (units differ in
/// size, so the estimate is rough early on).
pub fn line(
    depth: u32,
    (roots_done, roots): (usize, usize),
    (units_done, units): (usize, usize),
    nodes: u64,
    elapsed: Duration,
) -> String {
    let frac = if units == 0 {
        1.0
    } else {
        units_done as f64 / units as f64
    };
    let filled = ((frac * WIDTH as f64) as usize).min(WIDTH);
    let bar: String = "█".repeat(filled) + &"░".repeat(WIDTH - filled);
    let secs = elapsed.as_secs_f64();
    let rate = if secs > 0.0 { nodes as f64 / secs } else { 0.0 };
    let eta = if units_done == 0 {
        "?".to_string()
    } else {
        human_time(secs * (units - units_done) as f64 / units_done as f64)
    };
    format!(
        "d={depth} {bar} {:>3.0}% roots {roots_done}/{roots} nodes {} {}/s eta {eta}",
        frac * 100.0,
        si(nodes as f64),
        si(rate)
    )
}

/// `1234567` as `1.23M`.
fn si(x: f64) -> String {
    const UNITS: [(f64, &str); 4] = [(1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k")];
    for (scale, suffix) in UNITS {
        if x >= scale {
            return format!("{:.2}{suffix}", x / scale);
        }
    }
    format!("{x:.0}")
}

/// Seconds as `42s`, `3m05s` or `2h07m`.
fn human_time(secs: f64) -> String {
    let s = secs.round() as u64;
    match s {
        0..=59 => format!("{s}s"),
        60..=3599 => format!("{}m{:02}s", s / 60, s % 60),
        _ => format!("{}h{:02}m", s / 3600, s / 60 % 60),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_shows_roots_nodes_rate_and_time_left() {
        let l = line(
            11,
            (3, 9),
            (200, 800),
            2_500_000_000,
            Duration::from_secs(10),
        );
        assert!(l.starts_with("d=11 "), "{l}");
        assert!(
            l.contains(" 25% roots 3/9 nodes 2.50G 250.00M/s eta 30s"),
            "{l}"
        );
        assert_eq!(l.matches('█').count(), 6);
    }

    #[test]
    fn the_time_left_is_unknown_before_a_unit_is_done() {
        let l = line(9, (0, 9), (0, 81), 0, Duration::from_secs(2));
        assert!(l.ends_with("eta ?"), "{l}");
    }

    #[test]
    fn times_and_counts_are_short() {
        assert_eq!(human_time(185.0), "3m05s");
        assert_eq!(human_time(7620.0), "2h07m");
        assert_eq!(si(999.0), "999");
        assert_eq!(si(1_234_567.0), "1.23M");
    }
}
