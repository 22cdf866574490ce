//! Cancellation of one run: the counterpart of an `AbortSignal`, shareable across threads. It
//! sits below every layer that waits (the process tree, the run, the session).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use tokio::sync::Notify;

/// Cancels one run (an AbortSignal's counterpart). Clones share the state.
#[derive(Debug, Clone, Default)]
pub(crate) struct CancelToken(Arc<(AtomicBool, Notify)>);

impl CancelToken {
    pub(crate) fn cancel(&self) {
        self.0 .0.store(true, Ordering::SeqCst);
        self.0 .1.notify_waiters();
    }

    pub(crate) fn is_cancelled(&self) -> bool {
        self.0 .0.load(Ordering::SeqCst)
    }

    /// Resolves once `cancel()` was called (at once if it already was).
    pub(crate) async fn cancelled(&self) {
        loop {
            let notified = self.0 .1.notified();
            if self.is_cancelled() {
                return;
            }
            notified.await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[tokio::test]
    async fn cancelled_resolves_for_a_cancel_before_and_after_the_wait() {
        let before = CancelToken::default();
        before.cancel();
        tokio::time::timeout(Duration::from_secs(5), before.cancelled())
            .await
            .expect("an earlier cancel resolves at once");

        let after = CancelToken::default();
        let waiter = tokio::spawn({
            let token = after.clone();
            async move { token.cancelled().await }
        });
        tokio::task::yield_now().await;
        assert!(!after.is_cancelled());
        after.cancel();
        tokio::time::timeout(Duration::from_secs(5), waiter)
            .await
            .expect("a later cancel wakes the waiter")
            .expect("the waiter did not panic");
        assert!(after.is_cancelled());
    }
}
