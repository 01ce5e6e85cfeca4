//! The server measured from outside, as the kernel accounts for it (Linux): its CPU time and
//! memory from `/proc/PID/stat` and `/proc/PID/status`, the machine's load from
//! `/proc/loadavg`, and its fsyncs counted by `perf stat` on the syscall tracepoints. Nothing
//! here asks the server anything, so the figures hold whatever the client costs.

use std::time::Duration;

/// The kernel's accounting of one process at one moment.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Sample {
    /// User plus system CPU time of all its threads so far.
    pub cpu: Duration,
    /// Resident memory now, KiB.
    pub rss_kib: u64,
    /// The most resident memory it has had, KiB.
    pub peak_kib: u64,
    /// Its threads now.
    pub threads: u64,
}

/// Reads `/proc/PID/stat` and `/proc/PID/status`.
pub fn sample(pid: u32) -> std::io::Result<Sample> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat"))?;
    let status = std::fs::read_to_string(format!("/proc/{pid}/status"))?;
    parse(&stat, &status).ok_or_else(|| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("/proc/{pid}: unreadable stat or status"),
        )
    })
}

/// Linux's `USER_HZ`, the unit of `utime` and `stime` in `/proc/PID/stat`: 100 on every
/// architecture Linux supports (it is part of the user-space ABI, whatever the kernel's HZ).
const USER_HZ: u64 = 100;

/// The sample in the texts of `/proc/PID/stat` and `/proc/PID/status`.
pub fn parse(stat: &str, status: &str) -> Option<Sample> {
    // The command name (field 2) is in parentheses and may hold spaces or ')': the fields
    // after the last ')' start at field 3 (the state), so utime (14) and stime (15) are the
    // 12th and 13th of them.
    let rest = &stat[stat.rfind(')')? + 1..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    let kib = |key: &str| -> Option<u64> {
        let line = status.lines().find(|l| l.starts_with(key))?;
        line[key.len()..].split_whitespace().next()?.parse().ok()
    };
    Some(Sample {
        cpu: Duration::from_millis(ticks * 1000 / USER_HZ),
        rss_kib: kib("VmRSS:")?,
        peak_kib: kib("VmHWM:")?,
        threads: kib("Threads:")?,
    })
}

/// The 1-, 5- and 15-minute load averages.
pub fn loadavg() -> Option<[f64; 3]> {
    let text = std::fs::read_to_string("/proc/loadavg").ok()?;
    let mut it = text.split_whitespace().map(|v| v.parse::<f64>().ok());
    Some([it.next()??, it.next()??, it.next()??])
}

/// A `perf stat` counting one process's `fsync` and `fdatasync` calls for a while.
pub struct FsyncCount {
    child: tokio::process::Child,
}

impl FsyncCount {
    /// Starts counting the calls of `pid` for `span`; `Err` says why it cannot (no `perf`,
    /// or the tracepoints are not open to this user). The reason is a `String`, not an enum:
    /// it is only ever printed in the report (`fsyncs not counted (…)`), never matched.
    pub fn start(pid: u32, span: Duration) -> Result<FsyncCount, String> {
        let secs = format!("{:.3}", span.as_secs_f64());
        let child = tokio::process::Command::new("perf")
            .args([
                "stat",
                "-x",
                ",",
                "-e",
                "syscalls:sys_enter_fsync,syscalls:sys_enter_fdatasync",
            ])
            .args(["-p", &pid.to_string(), "--", "sleep", &secs])
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| format!("perf: {e}"))?;
        Ok(FsyncCount { child })
    }

    /// The calls counted, once the span is over.
    pub async fn finish(self) -> Result<u64, String> {
        let out = self.child.wait_with_output().await.map_err(|e| format!("perf: {e}"))?;
        let text = String::from_utf8_lossy(&out.stderr);
        parse_perf_counts(&text).ok_or_else(|| format!("perf stat: {}", text.trim()))
    }
}

/// The sum of the counts of `perf stat -x ,` output (`count,unit,event,…` per line); `None`
/// when an event was not counted.
pub fn parse_perf_counts(text: &str) -> Option<u64> {
    let mut total = 0;
    let mut seen = 0;
    for line in text.lines().filter(|l| l.contains("syscalls:sys_enter_")) {
        total += line.split(',').next()?.trim().parse::<u64>().ok()?;
        seen += 1;
    }
    (seen > 0).then_some(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stat_line_with_a_parenthesis_in_the_name_is_read() {
        let stat = "4242 (weiqi (x) y) S 1 4242 4242 0 -1 4194304 5000 0 0 0 1234 566 0 0 20 0 9 0 100 1000 2000";
        let status = "Name:\tweiqi\nVmHWM:\t  204800 kB\nVmRSS:\t  102400 kB\nThreads:\t9\n";
        let s = parse(stat, status).unwrap();
        assert_eq!(s.cpu, Duration::from_millis(18_000));
        assert_eq!((s.rss_kib, s.peak_kib, s.threads), (102_400, 204_800, 9));
    }

    #[test]
    fn this_process_is_sampled() {
        let s = sample(std::process::id()).unwrap();
        assert!(s.rss_kib > 0 && s.peak_kib >= s.rss_kib && s.threads >= 1);
    }

    #[test]
    fn perf_counts_are_summed_and_an_uncounted_event_is_none() {
        let out =
            "1520,,syscalls:sys_enter_fsync,30001234,100.00,,\n7,,syscalls:sys_enter_fdatasync,30001234,100.00,,\n";
        assert_eq!(parse_perf_counts(out), Some(1527));
        assert_eq!(
            parse_perf_counts("<not counted>,,syscalls:sys_enter_fsync,0,0.00,,\n"),
            None
        );
        assert_eq!(parse_perf_counts("Error: no access\n"), None);
    }
}
