//! Sessions end with the JS environment that made them. A worker thread that is terminated (or
//! an environment torn down otherwise) while a run is pending would leave the session's shell and
//! the run's processes running until the host exits: nothing settles the run there any more, and
//! the `Shell` object may long have been collected while its run kept the session. One cleanup
//! hook per environment kills every session of that environment still alive. (A `PtySession`
//! needs none: its pending run is dropped with the environment, and a dropped run ends its tree.)

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::{Arc, Weak};

use napi::{Env, Result};

use crate::shell::Session;

thread_local! {
    /// Per environment (an environment lives on one thread: the main thread or a worker's).
    static SESSIONS: RefCell<HashMap<usize, Vec<Weak<Session>>>> = RefCell::new(HashMap::new());
}

/// Has the teardown of `env` kill `session` at once (see [`Session::kill_now`]), whatever its
/// runs are waiting for. Call on the JS thread.
pub fn kill_at_teardown(env: &Env, session: &Arc<Session>) -> Result<()> {
    let key = env.raw() as usize;
    let first = SESSIONS.with(|all| {
        let mut all = all.borrow_mut();
        let first = !all.contains_key(&key);
        let sessions = all.entry(key).or_default();
        // The dead are dropped as new ones come, so the list stays as long as what lives.
        sessions.retain(|s| s.strong_count() > 0);
        sessions.push(Arc::downgrade(session));
        first
    });
    if first {
        env.add_env_cleanup_hook(key, |key| {
            let sessions = SESSIONS.with(|all| all.borrow_mut().remove(&key));
            for session in sessions.into_iter().flatten() {
                if let Some(session) = session.upgrade() {
                    session.kill_now();
                }
            }
        })?;
    }
    Ok(())
}
