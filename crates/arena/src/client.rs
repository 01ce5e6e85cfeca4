//! A GTP engine as a child process: one command out, one response back, each with a
//! deadline.
//!
//! A thread per engine reads its standard output line by line into a channel, so that the
//! caller can wait for a response with a deadline (`recv_timeout`) and notice an interrupt
//! while it waits, without async and without non-blocking pipes.

use std::collections::BTreeSet;
use std::fmt;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::Duration;

use crate::time::Time;

/// The longest line an engine may write; longer is garbage (and would eat memory).
const MAX_LINE: usize = 1 << 20;

/// How often a wait looks at the interrupt flag.
const POLL: Duration = Duration::from_millis(50);

/// What went wrong talking to an engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GtpError {
    /// The program could not be started.
    Spawn {
        /// The program.
        program: String,
        /// Why.
        reason: String,
    },
    /// The engine exited or closed its output (a crash, as far as the match is concerned).
    Crashed {
        /// The command it was answering.
        command: String,
    },
    /// No complete response by the deadline.
    NoAnswer {
        /// The command.
        command: String,
        /// How long it was waited for.
        waited: Duration,
    },
    /// The response is not GTP: no `=` or `?` where it should start, or a line too long.
    Garbage {
        /// The command.
        command: String,
        /// What came back (cut to 200 characters).
        text: String,
    },
    /// The engine answered with an error (`? message`).
    Refused {
        /// The command.
        command: String,
        /// The engine's message.
        message: String,
    },
    /// The match was interrupted (Ctrl-C) while waiting.
    Interrupted,
}

impl GtpError {
    /// Whether the engine process is unusable after this error (it must be restarted).
    pub fn is_fatal(&self) -> bool {
        !matches!(self, GtpError::Refused { .. })
    }
}

impl fmt::Display for GtpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GtpError::Spawn { program, reason } => write!(f, "cannot start {program:?}: {reason}"),
            GtpError::Crashed { command } => write!(f, "the engine exited while answering {command:?}"),
            GtpError::NoAnswer { command, waited } => {
                write!(f, "no answer to {command:?} within {:.1} s", waited.as_secs_f64())
            }
            GtpError::Garbage { command, text } => write!(f, "answered {command:?} with garbage: {text:?}"),
            GtpError::Refused { command, message } => write!(f, "refused {command:?}: {message}"),
            GtpError::Interrupted => f.write_str("interrupted"),
        }
    }
}

impl std::error::Error for GtpError {}

/// One line of the engine's output, or its end.
enum Line {
    Text(String),
    TooLong,
    End,
}

/// A running GTP engine.
///
/// Invariant: between calls no response is pending: every command sent has been answered,
/// or the engine has been marked dead (`alive == false`) and is only killed after that.
pub struct Engine {
    argv: Vec<String>,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Line>,
    alive: bool,
    commands: BTreeSet<String>,
    name: String,
    /// Where its deadlines are read: the match's time.
    time: Time,
}

impl Engine {
    /// Starts `argv` (program and arguments; no shell) and asks for its name and commands.
    /// `timeout` bounds each of those first answers. Every deadline of the engine's commands
    /// is read from `time`.
    pub fn start(argv: &[String], timeout: Duration, time: &Time, stop: &AtomicBool) -> Result<Engine, GtpError> {
        let (program, args) = argv.split_first().ok_or_else(|| GtpError::Spawn {
            program: String::new(),
            reason: "empty command line".to_string(),
        })?;
        let mut command = Command::new(program);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        #[cfg(unix)]
        {
            // Its own process group: a Ctrl-C at the terminal stops the match, which then
            // keeps its finished games, instead of killing the engines under a game.
            use std::os::unix::process::CommandExt;
            command.process_group(0);
        }
        let mut child = command.spawn().map_err(|e| GtpError::Spawn {
            program: program.clone(),
            reason: e.to_string(),
        })?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take();
        let (tx, rx) = channel();
        if let Some(out) = stdout {
            std::thread::spawn(move || {
                let mut reader = BufReader::new(out);
                loop {
                    let mut buf = Vec::new();
                    let line = match (&mut reader).take(MAX_LINE as u64 + 1).read_until(b'\n', &mut buf) {
                        Ok(0) | Err(_) => Line::End,
                        Ok(_) if buf.len() > MAX_LINE => Line::TooLong,
                        Ok(_) => Line::Text(String::from_utf8_lossy(&buf).into_owned()),
                    };
                    let end = matches!(line, Line::End | Line::TooLong);
                    if tx.send(line).is_err() || end {
                        return;
                    }
                }
            });
        }
        let mut engine = Engine {
            argv: argv.to_vec(),
            child,
            stdin,
            lines: rx,
            alive: true,
            commands: BTreeSet::new(),
            name: String::new(),
            time: time.clone(),
        };
        let fallback = program.rsplit('/').next().unwrap_or(program).to_string();
        engine.name = match engine.send("name", Some(timeout), stop) {
            Ok(n) if !n.trim().is_empty() => n.trim().to_string(),
            Ok(_) | Err(GtpError::Refused { .. }) => fallback,
            Err(e) => return Err(e),
        };
        match engine.send("list_commands", Some(timeout), stop) {
            Ok(list) => engine.commands = list.lines().map(|l| l.trim().to_string()).collect(),
            Err(GtpError::Refused { .. }) => {}
            Err(e) => return Err(e),
        }
        Ok(engine)
    }

    /// The command line it was started with.
    pub fn argv(&self) -> &[String] {
        &self.argv
    }

    /// The engine's answer to `name` (or the program's file name if it gave none).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Whether the engine listed `command` in `list_commands`.
    pub fn has(&self, command: &str) -> bool {
        self.commands.contains(command)
    }

    /// Whether the engine can still be spoken to.
    pub fn is_alive(&self) -> bool {
        self.alive
    }

    /// Sends `command` and waits for the response until `timeout` has passed (forever with
    /// `None`, but never past an interrupt). Returns the text after `=`, or the error. After a
    /// fatal error ([`GtpError::is_fatal`]) the engine is dead: it is killed and every later
    /// command fails at once.
    pub fn send(&mut self, command: &str, timeout: Option<Duration>, stop: &AtomicBool) -> Result<String, GtpError> {
        let deadline = timeout.map(|t| self.time.after(t));
        self.send_until(command, deadline, stop)
    }

    /// [`Engine::send`] with a deadline (an instant of the engine's time) instead of a timeout.
    pub fn send_until(
        &mut self,
        command: &str,
        deadline: Option<clock::Instant>,
        stop: &AtomicBool,
    ) -> Result<String, GtpError> {
        let result = self.exchange(command, deadline, stop);
        if let Err(e) = &result
            && e.is_fatal()
        {
            self.kill();
        }
        result
    }

    fn exchange(
        &mut self,
        command: &str,
        deadline: Option<clock::Instant>,
        stop: &AtomicBool,
    ) -> Result<String, GtpError> {
        let crashed = || GtpError::Crashed {
            command: command.to_string(),
        };
        if !self.alive {
            return Err(crashed());
        }
        let stdin = self.stdin.as_mut().ok_or_else(crashed)?;
        stdin
            .write_all(format!("{command}\n").as_bytes())
            .and_then(|()| stdin.flush())
            .map_err(|_| crashed())?;
        let started = self.time.now();
        let mut lines: Vec<String> = Vec::new();
        loop {
            if stop.load(Ordering::Relaxed) {
                return Err(GtpError::Interrupted);
            }
            let wait = match deadline {
                Some(d) => match self.time.wait_for(d, POLL) {
                    Some(wait) => wait,
                    None => {
                        return Err(GtpError::NoAnswer {
                            command: command.to_string(),
                            waited: Duration::from_millis(self.time.now().since(started).0),
                        });
                    }
                },
                None => POLL,
            };
            let line = match self.lines.recv_timeout(wait) {
                Ok(Line::Text(t)) => t,
                Ok(Line::TooLong) => {
                    return Err(GtpError::Garbage {
                        command: command.to_string(),
                        text: format!("a line longer than {MAX_LINE} bytes"),
                    });
                }
                Ok(Line::End) | Err(RecvTimeoutError::Disconnected) => return Err(crashed()),
                Err(RecvTimeoutError::Timeout) => continue,
            };
            let line = line.trim_end_matches(['\n', '\r']).replace('\t', " ");
            if lines.is_empty() {
                // GTP 2.0 §2.6: empty lines before a response are allowed to be skipped.
                if line.trim().is_empty() {
                    continue;
                }
                if !(line.starts_with('=') || line.starts_with('?')) {
                    return Err(GtpError::Garbage {
                        command: command.to_string(),
                        text: line.chars().take(200).collect(),
                    });
                }
                lines.push(line);
            } else if line.trim().is_empty() {
                break;
            } else {
                lines.push(line);
            }
        }
        let first = &lines[0];
        let ok = first.starts_with('=');
        // Drop `=` or `?` and the optional id.
        let rest = first[1..].trim_start_matches(|c: char| c.is_ascii_digit());
        let mut text = rest.trim().to_string();
        for l in &lines[1..] {
            text.push('\n');
            text.push_str(l.trim());
        }
        let text = text.trim().to_string();
        if ok {
            Ok(text)
        } else {
            Err(GtpError::Refused {
                command: command.to_string(),
                message: text,
            })
        }
    }

    /// Kills the process (if it still runs) and marks the engine dead.
    pub fn kill(&mut self) {
        self.alive = false;
        self.stdin = None;
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Says `quit`, gives the engine a moment (a second of its time) to leave, then makes sure
    /// it is gone.
    pub fn quit(mut self, stop: &AtomicBool) {
        if self.alive {
            let _ = self.send("quit", Some(Duration::from_secs(2)), stop);
            let until = self.time.after(Duration::from_secs(1));
            // A wait on the process: looked at again until it has exited or the moment is over.
            while let Some(wait) = self.time.wait_for(until, Duration::from_millis(10)) {
                if let Ok(Some(_)) = self.child.try_wait() {
                    break;
                }
                std::thread::sleep(wait);
            }
        }
        self.kill();
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
