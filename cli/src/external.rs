//! An external engine over the Hub protocol (Scan's), driven as a GUI
//! drives it, for `draughts match --engine CMD`: the handshake (`hub` …
//! `wait`, `init` … `ready`), then per move `pos` (the start position and
//! the moves, so the engine sees the history), `level` and `go think`,
//! answered by `done move=...`.
use draughts::{Game, Move, Variant};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use crate::hub::{hub_move, hub_position, parse_hub_move};

/// How long an engine may take to answer one command (well beyond any
/// move time a match gives; it only keeps a dead engine from hanging us).
const ANSWER_SECS: u64 = 120;

/// A running Hub engine.
pub struct External {
    child: Child,
    stdin: ChildStdin,
    lines: mpsc::Receiver<String>,
    /// The `level` line sent before each `go`.
    level: String,
    /// The engine's name from its `id` line.
    pub name: String,
}

impl External {
    /// Starts `command` (run by `sh -c`), shakes hands and selects
    /// `variant` (an engine that does not know the parameter ignores it).
    pub fn start(command: &str, variant: &str, level: String) -> Result<External, String> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {command:?}: {e}"))?;
        let stdin = child.stdin.take().ok_or("no engine input")?;
        let stdout = child.stdout.take().ok_or("no engine output")?;
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut e = External {
            child,
            stdin,
            lines: rx,
            level,
            name: command.to_string(),
        };
        e.send("hub")?;
        for line in e.until("wait")? {
            if let Some(rest) = line.strip_prefix("id ") {
                if let Some(name) = value(rest, "name") {
                    e.name = name;
                }
            }
        }
        e.send(&format!("set-param name=variant value={variant}"))?;
        e.send("init")?;
        e.until("ready")?;
        Ok(e)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| format!("{}: {e}", self.name))
    }

    /// Lines up to and including the first that starts with `word`.
    fn until(&mut self, word: &str) -> Result<Vec<String>, String> {
        let mut out = Vec::new();
        loop {
            let line = self
                .lines
                .recv_timeout(Duration::from_secs(ANSWER_SECS))
                .map_err(|_| format!("{}: no {word:?} within {ANSWER_SECS} s", self.name))?;
            let last = line.split_whitespace().next() == Some(word);
            out.push(line);
            if last {
                return Ok(out);
            }
        }
    }

    /// A new game begins.
    pub fn new_game(&mut self) -> Result<(), String> {
        self.send("new-game")
    }

    /// The engine's move in the current position of `game` (sent as the
    /// start position and the moves, so the engine sees the history): an
    /// error if it answers none or an illegal one.
    pub fn play<V: Variant>(&mut self, game: &Game<V>) -> Result<Move<V>, String> {
        let pos = game.position();
        let moves: Vec<String> = game.moves().iter().map(hub_move).collect();
        self.send(&format!(
            "pos pos={} moves=\"{}\"",
            hub_position(game.start()),
            moves.join(" ")
        ))?;
        let level = self.level.clone();
        self.send(&level)?;
        self.send("go think")?;
        let lines = self.until("done")?;
        let done = lines.last().expect("until returns its line");
        let text =
            value(done, "move").ok_or_else(|| format!("{}: {done:?} has no move", self.name))?;
        parse_hub_move(pos, &text).map_err(|e| format!("{}: move {text}: {e}", self.name))
    }
}

impl Drop for External {
    fn drop(&mut self) {
        let _ = self.send("quit");
        std::thread::sleep(Duration::from_millis(50));
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The value of `name=value` (or `name="quoted value"`) in a Hub line.
fn value(line: &str, name: &str) -> Option<String> {
    let key = format!("{name}=");
    let start = line
        .match_indices(&key)
        .find(|(i, _)| *i == 0 || line.as_bytes()[i - 1] == b' ')?
        .0
        + key.len();
    let rest = &line[start..];
    Some(match rest.strip_prefix('"') {
        Some(q) => q.split('"').next().unwrap_or("").to_string(),
        None => rest.split_whitespace().next().unwrap_or("").to_string(),
    })
}
