//! One pool of shells started ahead of need per JavaScript environment (see `shell::pool`): made
//! empty on the environment's first `Shell` or `executeShell` (nothing is started until a run
//! asks for a shell), its shells ended at the environment's teardown (a worker terminated, the
//! host exiting), so that none outlives what could use it.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

use napi::{Env, Result};

use crate::shell::{Pool, Session};

thread_local! {
    /// Per environment (an environment lives on one thread: the main thread or a worker's).
    static POOLS: RefCell<HashMap<usize, Arc<Pool>>> = RefCell::new(HashMap::new());
}

/// Whether sessions take pooled shells: on unless `AGENT_SHELL_POOL=0` in the host's environment
/// when the environment's first session is made (for comparisons, e.g. in bench/).
fn enabled() -> bool {
    std::env::var_os("AGENT_SHELL_POOL").is_none_or(|v| v != "0")
}

/// Has `session` take its shells from `env`'s pool. Call on the JS thread.
pub fn pooled(env: &Env, session: Session) -> Result<Session> {
    let key = env.raw() as usize;
    if let Some(pool) = POOLS.with(|p| p.borrow().get(&key).cloned()) {
        return Ok(session.with_pool(pool));
    }
    if !enabled() {
        return Ok(session);
    }
    let Ok(runtime) =
        napi::bindgen_prelude::within_runtime_if_available(tokio::runtime::Handle::try_current)
    else {
        return Ok(session);
    };
    let pool = Pool::new(runtime);
    env.add_env_cleanup_hook(key, |key| {
        if let Some(pool) = POOLS.with(|p| p.borrow_mut().remove(&key)) {
            pool.close();
        }
    })?;
    POOLS.with(|p| p.borrow_mut().insert(key, pool.clone()));
    Ok(session.with_pool(pool))
}
