//! What a job manager needs of a session beyond `run`: a command run in its turn whose trace the
//! session's next run does not see (`$?` and `$_` read as the session's own last run left them),
//! the shell started ahead of a run (so that its pid is known while the run goes on), and the
//! session's configuration. Additive: nothing here changes how a session runs.

use super::*;
use crate::shell::state;

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
        // A shell being started for the pool is further along than one started now.
        if let (None, None, Some(pool)) = (&inner.live, &inner.parked, &self.pool) {
            pool.until_filled().await;
        }
        self.ensure_live(&mut inner)?;
        inner
            .live
            .as_ref()
            .map(|live| live.spawned.proc.pid)
            .ok_or_else(|| Error::io("starting the shell", std::io::Error::other("no shell")))
    }

    /// [`Session::run_aside_with`] for a fixed command.
    #[cfg(test)]
    pub(crate) async fn run_aside(&self, command: &str, limit_bytes: usize) -> Result<Aside> {
        self.run_aside_with(|_| command.to_string(), limit_bytes)
            .await
    }

    /// The session's state, read in its turn as [`Session::run_aside`] runs a command: by the
    /// session's shell itself ([`state::capture_in_place`], no process) unless a trap or a trace
    /// option would see that capture's commands, then by [`state::CAPTURE`]'s subshell.
    pub(crate) async fn capture_state(&self) -> Result<Aside> {
        let mut written = None;
        let aside = self
            .run_aside_with(
                |live| match live.state.needs_silence() || live.state.has_err_trap() {
                    true => state::CAPTURE.to_string(),
                    false => {
                        let names = live.dir.join("agent-shell-function-names");
                        let out = live.dir.join("agent-shell-state");
                        let command = state::capture_in_place(
                            &names.to_string_lossy(),
                            &out.to_string_lossy(),
                        );
                        written = Some(out);
                        command
                    }
                },
                state::CAPTURE_LIMIT_BYTES,
            )
            .await?;
        // Left in the shell's own directory (mode 0700, removed with the shell) and overwritten
        // by the next capture: removing a file costs up to a millisecond on some filesystems
        // (ext4 mounted with `discard`). Read only when the capture said it was written whole.
        match (aside, written) {
            (Aside::Ran(said), Some(path)) if said == b"ok" => {
                let mut text = std::fs::read(&path)
                    .map_err(|e| Error::io("reading the session's state", e))?;
                text.truncate(state::CAPTURE_LIMIT_BYTES);
                Ok(Aside::Ran(text))
            }
            (Aside::Ran(_), Some(_)) => Ok(Aside::Ran(Vec::new())),
            (aside, _) => Ok(aside),
        }
    }

    /// Runs the command `command` gives for the session's shell in its turn, as [`Session::run`]
    /// does, and returns its output (at most `limit_bytes` of it). The run after it reads `$?` and `$_` as the run before it left
    /// them: the framing restores both from the session's record, which is put back here, in the
    /// turn taken right behind the command's, before any later run can start. When no shell
    /// runs in its turn (none started yet, or the last one exited), nothing runs: starting one
    /// would take the `sessionRestarted` of the session's next run; the session's directory is
    /// returned instead.
    async fn run_aside_with(
        &self,
        command: impl FnOnce(&Live) -> String,
        limit_bytes: usize,
    ) -> Result<Aside> {
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
        let (saved, command) = match &guard.live {
            Some(live) if !live.spawned.has_exited() => (
                (live.state.last_status, live.state.last_arg.clone()),
                command(live),
            ),
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
            command,
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
