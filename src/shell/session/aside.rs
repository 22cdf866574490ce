//! What a job manager needs of a session beyond `run`: a command run in its turn whose trace the
//! session's next run does not see (`$?` and `$_` read as the session's own last run left them),
//! the shell started ahead of a run (so that its pid is known while the run goes on), and the
//! session's configuration. Additive: nothing here changes how a session runs.

use super::*;

impl Session {
    /// How the session starts its shells.
    pub(crate) fn config(&self) -> &ShellConfig {
        &self.config
    }

    /// Starts the shell now if none runs, and returns its pid. A run called afterwards uses it.
    pub(crate) async fn launch(&self) -> Result<i32> {
        let mut inner = self.inner.lock().await;
        if self.closed.load(Ordering::SeqCst) {
            return Err(Error::SessionClosed);
        }
        self.ensure_live(&mut inner)?;
        inner
            .live
            .as_ref()
            .map(|live| live.spawned.proc.pid)
            .ok_or_else(|| Error::io("starting the shell", std::io::Error::other("no shell")))
    }

    /// Runs `command` in its turn, as [`Session::run`] does, and returns its output (at most
    /// `limit_bytes` of it). The run after it reads `$?` and `$_` as the run before it left
    /// them: the framing restores both from the session's record, which is put back here, in the
    /// turn taken right behind the command's, before any later run can start. When no shell
    /// runs in its turn (none started yet, or the last one exited), nothing runs: starting one
    /// would take the `sessionRestarted` of the session's next run; the session's directory is
    /// returned instead.
    pub(crate) async fn run_aside(&self, command: &str, limit_bytes: usize) -> Result<Aside> {
        let Place {
            aborted,
            closed,
            lock,
        } = self.queue();
        let behind = self.queue();
        if closed {
            return Err(Error::SessionClosed);
        }
        let mut guard = match lock {
            Lock::Held(guard) => guard,
            Lock::Waiting(lock) => lock.await,
        };
        // A parked session's state is in no shell: the shell that restores it is started.
        if let Some(unparked) = self.unpark(&mut guard) {
            unparked?;
        }
        let saved = match &guard.live {
            Some(live) if !live.spawned.has_exited() => {
                (live.state.last_status, live.state.last_arg.clone())
            }
            _ => {
                return Ok(Aside::NoShell {
                    working_dir: guard.working_dir.clone(),
                })
            }
        };
        let (tx, mut rx) = mpsc::channel::<Vec<u8>>(4);
        let collect = async move {
            let mut all = Vec::new();
            while let Some(chunk) = rx.recv().await {
                let room = limit_bytes.saturating_sub(all.len());
                all.extend_from_slice(&chunk[..chunk.len().min(room)]);
            }
            all
        };
        let req = RunRequest {
            command: command.to_string(),
            ..Default::default()
        };
        let place = Place {
            aborted,
            closed,
            lock: Lock::Held(guard),
        };
        let cancel = CancelToken::default();
        let (outcome, text) = tokio::join!(self.run_in(place, req, Some(tx), &cancel), collect);
        outcome?;
        let mut inner = match behind.lock {
            Lock::Held(guard) => guard,
            Lock::Waiting(lock) => lock.await,
        };
        if let Some(live) = inner.live.as_mut() {
            (live.state.last_status, live.state.last_arg) = saved;
        }
        Ok(Aside::Ran(text))
    }
}

/// What [`Session::run_aside`] did.
pub(crate) enum Aside {
    Ran(Vec<u8>),
    /// No shell ran in the command's turn; the session's directory then.
    NoShell {
        working_dir: Option<String>,
    },
}
