//! How a run ended, as every runner reports it: an exit code as bash gives it (`128 + n` for a
//! death by signal n), the signal's name, or that we stopped it.

use std::process::ExitStatus;

use super::Stop;
use crate::process::fd::exit_signal;
use crate::process::spawn::signal_name;

/// A run's end. A command's failure is an ending, never an error.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Ending {
    /// Absent when we stopped the run.
    pub exit_code: Option<i32>,
    /// The signal the command's last process died of, e.g. `SIGSEGV` (`exit_code` is then
    /// `128 + n`).
    pub signal: Option<String>,
    pub cancelled: bool,
    pub timed_out: bool,
}

impl Ending {
    /// A command that ended by itself with wait status `status`; `None` when the status is
    /// unknown (its supervisor was killed before reporting it), read as exit code -1.
    pub(crate) fn exited(status: Option<ExitStatus>) -> Self {
        let code = status
            .and_then(|s| s.code().or_else(|| exit_signal(&s).map(|n| 128 + n)))
            .unwrap_or(-1);
        Ending::from_exit_code(code)
    }

    /// A command whose exit code a shell reported (`$?`): above 128 it died of signal `code - 128`.
    pub(crate) fn from_exit_code(code: i32) -> Self {
        Ending {
            exit_code: Some(code),
            signal: signal_of_exit_code(code),
            cancelled: false,
            timed_out: false,
        }
    }

    /// A command we stopped: no exit code; the signal it died of when its wait status is known.
    pub(crate) fn stopped(why: Stop, status: Option<ExitStatus>) -> Self {
        Ending {
            exit_code: None,
            signal: status
                .and_then(|s| exit_signal(&s))
                .and_then(signal_name)
                .map(String::from),
            cancelled: why == Stop::Cancelled,
            timed_out: why == Stop::TimedOut,
        }
    }
}

/// `$?` above 128 is how bash reports a death by signal.
fn signal_of_exit_code(code: i32) -> Option<String> {
    if code > 128 {
        signal_name(code - 128).map(String::from)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    fn ending(exit_code: Option<i32>, signal: Option<&str>, stop: Option<Stop>) -> Ending {
        Ending {
            exit_code,
            signal: signal.map(String::from),
            cancelled: stop == Some(Stop::Cancelled),
            timed_out: stop == Some(Stop::TimedOut),
        }
    }

    #[test]
    fn endings_from_wait_statuses_and_exit_codes() {
        let raw = crate::process::fd::exit_status;
        let cases = [
            (Ending::exited(Some(raw(0))), ending(Some(0), None, None)),
            (
                Ending::exited(Some(raw(3 << 8))),
                ending(Some(3), None, None),
            ),
            (
                Ending::exited(Some(raw(crate::process::os::signal::SIGSEGV))),
                ending(Some(139), Some("SIGSEGV"), None),
            ),
            (Ending::exited(None), ending(Some(-1), None, None)),
            (
                Ending::from_exit_code(130),
                ending(Some(130), Some("SIGINT"), None),
            ),
            (Ending::from_exit_code(128), ending(Some(128), None, None)),
            (Ending::from_exit_code(255), ending(Some(255), None, None)),
            (
                Ending::stopped(
                    Stop::TimedOut,
                    Some(raw(crate::process::os::signal::SIGKILL)),
                ),
                ending(None, Some("SIGKILL"), Some(Stop::TimedOut)),
            ),
            (
                Ending::stopped(Stop::Cancelled, None),
                ending(None, None, Some(Stop::Cancelled)),
            ),
        ];
        for (got, want) in cases {
            assert_eq!(got, want);
        }
    }
}
