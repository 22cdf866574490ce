//! The run layer under `Shell`, `PtySession` and background jobs: what every run of a command
//! shares, whatever runs it. A run is checked once before anything starts ([`validate`]), can be
//! cancelled ([`CancelToken`]) or expire ([`Stop`], [`wait_for_stop`]), and ends in an
//! [`Ending`] read from a wait status or from the shell's `$?`. A stopped run is ended by one
//! sequence ([`end_below`]: freeze, take the output, TERM, grace, KILL). Results of one owner's
//! runs are handed back in the order the runs were made ([`order`]).

mod ending;
pub(crate) mod order;
mod stop;
pub(crate) mod validate;

pub(crate) use crate::cancel::CancelToken;
pub(crate) use ending::Ending;
pub(crate) use stop::{end_below, wait_for_stop, Deadline, Stop};

/// Bytes read from a command's output at a time (and the size of each chunk queued toward the
/// callback): 64 KiB is the Linux pipe's default capacity, so one read empties a full pipe.
pub(crate) const READ_CHUNK_BYTES: usize = 64 * 1024;

/// How long a supervisor's report of its command's wait status may take after the command is
/// gone. It is written right after the reap; 2 s is for a host so loaded that the supervisor was
/// not scheduled, after which the status is reported as unknown.
pub(crate) const EXIT_REPORT_MS: u64 = 2000;
