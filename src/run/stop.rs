//! Why a run is stopped early, the wait for it, and the sequence that ends a stopped run: a run
//! stops when any of its cancel tokens is cancelled (its own `signal`, a session's `abort()`) or
//! its deadline passes; then everything it started is frozen, its output taken, and all of it
//! ended.

use std::sync::OnceLock;
use std::time::{Duration, Instant};

use super::CancelToken;
use crate::process::fd::{self, AsyncFd, OwnedFd};
use crate::process::tree;

/// Why a run was ended by us rather than by itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stop {
    Cancelled,
    TimedOut,
}

/// A run's deadline, kept to within tens of microseconds. The runtime's timer counts whole
/// milliseconds and fired 0.6-2 ms after the deadline (1.5 ms on average: a 200 ms timeout
/// stopped its run at 201.5 ms); so it only brings the wait to [`Deadline::NEAR`] before the
/// deadline, and the rest is waited on a timer descriptor of the OS (`fd::timer`), made then,
/// once: the wait for a stop is made afresh on every event of a run. Without a descriptor (none
/// left), the runtime's timer does it all.
#[derive(Debug)]
pub(crate) struct Deadline {
    at: Instant,
    near: OnceLock<Option<AsyncFd<OwnedFd>>>,
}

impl Deadline {
    /// Where the runtime's timer hands over: more than it can be late by.
    const NEAR: Duration = Duration::from_millis(3);

    pub(crate) fn new(at: Instant) -> Deadline {
        Deadline {
            at,
            near: OnceLock::new(),
        }
    }

    /// Resolves once the deadline has passed.
    pub(crate) async fn passed(&self) {
        let near = self.at.checked_sub(Self::NEAR).unwrap_or(self.at);
        if Instant::now() < near {
            tokio::time::sleep_until(near.into()).await;
        }
        let precise = self.near.get_or_init(|| {
            let left = self.at.saturating_duration_since(Instant::now());
            fd::timer(left).ok()
        });
        if let Some(timer) = precise {
            // The timer is never read: once it fired, it stays readable, and a wait made again
            // returns at once. It never fires early (armed for what was left when it was made);
            // should it seem to, the runtime's timer does the rest: waiting on it again would
            // wait for a readiness that never comes back.
            if timer.readable().await.is_ok() && Instant::now() >= self.at {
                return;
            }
        }
        tokio::time::sleep_until(self.at.into()).await;
    }
}

/// Resolves when one of `tokens` is cancelled or `deadline` passes, saying which. With no token
/// and no deadline it never resolves. A cancel wins over a deadline that passed at the same time.
/// Two tokens at most (a run's own and its session's abort), so that the wait, made afresh on
/// every event of a run, allocates nothing.
pub(crate) async fn wait_for_stop(
    tokens: [Option<&CancelToken>; 2],
    deadline: Option<&Deadline>,
) -> Stop {
    async fn cancelled(token: Option<&CancelToken>) {
        match token {
            Some(token) => token.cancelled().await,
            None => std::future::pending().await,
        }
    }
    let expired = async {
        match deadline {
            Some(d) => d.passed().await,
            None => std::future::pending().await,
        }
    };
    tokio::select! {
        biased;
        _ = cancelled(tokens[0]) => Stop::Cancelled,
        _ = cancelled(tokens[1]) => Stop::Cancelled,
        _ = expired => Stop::TimedOut,
    }
}

/// How long a stopped run's processes have between TERM and KILL (shells get KILL at once: see
/// `process::tree::Frozen`).
pub(crate) const STOP_GRACE: Duration = Duration::from_millis(tree::KILL_GRACE_MS);

/// The stop sequence, for every kind of run: everything below `supervisor` (the command and all
/// it started, escapees re-parented to the supervisor included) is frozen at once, so that
/// nothing more of it runs; `take` runs while it is frozen (to take the output written until
/// then); then the shells among it are killed at once and the rest sent TERM, given
/// [`STOP_GRACE`], then KILL. `supervisor` must not be reaped meanwhile. Runs on the blocking
/// pool; `None` when that pool is gone (the runtime is shutting down).
pub(crate) async fn end_below<T: Send + 'static>(
    supervisor: i32,
    take: impl FnOnce() -> T + Send + 'static,
) -> Option<T> {
    tokio::task::spawn_blocking(move || {
        let frozen = tree::freeze_below(supervisor);
        let taken = take();
        frozen.terminate(STOP_GRACE);
        taken
    })
    .await
    .ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[tokio::test]
    async fn a_cancel_of_any_token_stops_the_wait() {
        let own = CancelToken::default();
        let session = CancelToken::default();
        let waiter = tokio::spawn({
            let (own, session) = (own.clone(), session.clone());
            async move { wait_for_stop([Some(&own), Some(&session)], None).await }
        });
        tokio::task::yield_now().await;
        session.cancel();
        let why = tokio::time::timeout(Duration::from_secs(5), waiter)
            .await
            .expect("the second token's cancel ends the wait")
            .expect("no panic");
        assert_eq!(why, Stop::Cancelled);
        assert!(!own.is_cancelled());
    }

    #[tokio::test]
    async fn a_deadline_times_out_and_a_cancel_wins_a_tie() {
        let token = CancelToken::default();
        let soon = Instant::now() + Duration::from_millis(20);
        assert_eq!(
            wait_for_stop([Some(&token), None], Some(&Deadline::new(soon))).await,
            Stop::TimedOut
        );
        token.cancel();
        let past = Instant::now() - Duration::from_millis(1);
        assert_eq!(
            wait_for_stop([None, Some(&token)], Some(&Deadline::new(past))).await,
            Stop::Cancelled
        );
    }

    #[tokio::test]
    async fn a_deadline_waited_afresh_after_every_event_passes_at_it_never_before() {
        let at = Instant::now() + Duration::from_millis(40);
        let deadline = Deadline::new(at);
        // As a run's loop does: the wait is dropped at each event and made again.
        for _ in 0..50 {
            let _ = tokio::time::timeout(Duration::from_micros(700), deadline.passed()).await;
        }
        tokio::time::timeout(Duration::from_secs(5), deadline.passed())
            .await
            .expect("the deadline passes");
        assert!(Instant::now() >= at, "not before its time");
        // Once passed, it stays passed.
        tokio::time::timeout(Duration::from_secs(5), deadline.passed())
            .await
            .expect("passed again at once");
        assert!(
            deadline.near.get().is_some_and(|t| t.is_some()),
            "one timer made"
        );
        let past = Deadline::new(Instant::now() - Duration::from_millis(5));
        tokio::time::timeout(Duration::from_secs(5), past.passed())
            .await
            .expect("a deadline already past has passed");
    }

    #[tokio::test]
    async fn nothing_to_wait_for_never_stops() {
        let never = wait_for_stop([None, None], None);
        assert!(tokio::time::timeout(Duration::from_millis(50), never)
            .await
            .is_err());
    }

    #[tokio::test]
    async fn the_stop_sequence_freezes_everything_below_then_ends_it() {
        // The anchor stands for a supervisor: our own unreaped child, with a tree below it that
        // a plain kill of one process would not end (a setsid escapee, a TERM-ignoring shell).
        let mut anchor = std::process::Command::new("bash")
            .args([
                "-c",
                "setsid sleep 60 & (trap '' TERM; sleep 60; sleep 60) & sleep 60 & wait",
            ])
            .spawn()
            .unwrap();
        let anchor_pid = anchor.id() as i32;
        let deadline = Instant::now() + Duration::from_secs(10);
        while tree::descendants(anchor_pid).len() < 4 && Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        let below = tree::descendants(anchor_pid);
        assert!(below.len() >= 4, "{below:?}");
        let states = end_below(anchor_pid, move || {
            tree::descendants(anchor_pid)
                .iter()
                .map(|p| tree::stat(p.pid).map(|s| s.state))
                .collect::<Vec<_>>()
        })
        .await
        .unwrap();
        assert!(
            states.iter().all(|s| matches!(s, Some('T' | 't'))),
            "all frozen while taken: {states:?}"
        );
        assert!(below.iter().all(|p| !p.is_alive()), "all ended");
        let _ = anchor.kill();
        let _ = anchor.wait();
    }
}
