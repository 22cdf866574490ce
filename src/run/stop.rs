//! Why a run is stopped early, and the wait for it: a run stops when any of its cancel tokens is
//! cancelled (its own `signal`, a session's `abort()`) or its deadline passes.

use std::time::Instant;

use super::CancelToken;

/// Why a run was ended by us rather than by itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stop {
    Cancelled,
    TimedOut,
}

/// Resolves when one of `tokens` is cancelled or `deadline` passes, saying which. With no token
/// and no deadline it never resolves. A cancel wins over a deadline that passed at the same time.
/// Two tokens at most (a run's own and its session's abort), so that the wait, made afresh on
/// every event of a run, allocates nothing.
pub(crate) async fn wait_for_stop(
    tokens: [Option<&CancelToken>; 2],
    deadline: Option<Instant>,
) -> Stop {
    async fn cancelled(token: Option<&CancelToken>) {
        match token {
            Some(token) => token.cancelled().await,
            None => std::future::pending().await,
        }
    }
    let expired = async {
        match deadline {
            Some(d) => tokio::time::sleep_until(d.into()).await,
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
            wait_for_stop([Some(&token), None], Some(soon)).await,
            Stop::TimedOut
        );
        token.cancel();
        let past = Instant::now() - Duration::from_millis(1);
        assert_eq!(
            wait_for_stop([None, Some(&token)], Some(past)).await,
            Stop::Cancelled
        );
    }

    #[tokio::test]
    async fn nothing_to_wait_for_never_stops() {
        let never = wait_for_stop([None, None], None);
        assert!(tokio::time::timeout(Duration::from_millis(50), never)
            .await
            .is_err());
    }
}
