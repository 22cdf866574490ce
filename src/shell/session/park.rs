//! Parking an idle session: a `Shell` left idle (the anchor's agent drops one after each
//! backgrounded call without `close()`) gives its bash and supervisor back after an idle period
//! instead of keeping them until a garbage collection. Its state is read first (the same capture
//! a job started from the session uses, `shell::state`), the shell is ended, and the next run (or
//! job, or anything else that needs the shell) starts a fresh bash that restores that state
//! before it reads the run.
//!
//! A session parks only when its state can be carried exactly: no run in flight or queued, no
//! process below the shell (a live `&` job, a left-behind orphan), no descriptor the session did
//! not open, no trap, no positional parameter, no `pushd` stack, no `xtrace`/`verbose`, and the
//! capture complete. Carried: the directory, `OLDPWD`, variables (exported or not, with their
//! attributes: arrays, integers, read-only), functions, aliases, `set -o` and `shopt` options,
//! the umask, the resource limits (`ulimit`, soft and hard), `$?` and `$_`, and the undo of the
//! last run's `env`. Not carried: what only a process has: `$$`, `BASHPID`, `PPID`, `$!`,
//! `SECONDS`, the `RANDOM` sequence, the command hash table, and ended `&` jobs that `jobs` has
//! not listed yet.

use super::*;
use crate::process::os::{self, FdTarget};
use crate::shell::framing::ShellState;
use crate::shell::state;
use std::sync::atomic::AtomicU64;
use std::sync::Weak;

/// A parked session's state, restored by the next shell it starts.
pub(super) struct Parked {
    /// The state as a script (directory first, then `umask`, then `shell::state`'s script).
    script: String,
    /// `$?`, `$_` and `$-` after the last run, as the framing restores them.
    state: ShellState,
    lineno_named: bool,
}

/// When and whether to park: the idle period, the session's activity count, a timer pending.
#[derive(Default)]
pub(super) struct Parking {
    idle: Option<Duration>,
    activity: AtomicU64,
    pending: AtomicBool,
}

/// What the probe run before the capture prints, NUL-terminated: the umask, `$#`, the `pushd`
/// stack's size, the running jobs bash knows of, the soft and the hard resource limits; then
/// [`state::CAPTURE`]'s sections. (A job that ended and that `jobs` has not listed yet is not
/// carried: `jobs` lists nothing after a restore.)
const PROBE: &str = r#"{ \builtin umask; \builtin printf '\0%s\0%s\0' "$#" "${#DIRSTACK[@]}"; \builtin jobs -rp; \builtin printf '\0'; \builtin ulimit -aS; \builtin printf '\0'; \builtin ulimit -aH; \builtin printf '\0'; } 2>/dev/null; "#;

impl Session {
    /// Parks the shell once it has been idle for `idle` (see the module's notes).
    pub fn with_idle_park(mut self, idle: Duration) -> Self {
        self.parking.idle = Some(idle);
        self
    }

    /// Counts activity: a run or an aside taking its place (see [`Session::queue`]).
    pub(super) fn touch(&self) {
        self.parking.activity.fetch_add(1, Ordering::SeqCst);
    }

    /// After a run: parks the shell when nothing happens for the idle period. Call within the
    /// runtime (or where one is available to `napi`).
    pub fn schedule_park(self: &Arc<Self>) {
        let Some(idle) = self.parking.idle else {
            return;
        };
        self.touch();
        if self.parking.pending.swap(true, Ordering::SeqCst) {
            return;
        }
        let weak: Weak<Session> = Arc::downgrade(self);
        let task = async move {
            loop {
                let Some(seen) = weak
                    .upgrade()
                    .map(|s| s.parking.activity.load(Ordering::SeqCst))
                else {
                    return;
                };
                tokio::time::sleep(idle).await;
                let Some(session) = weak.upgrade() else {
                    return;
                };
                if session.parking.activity.load(Ordering::SeqCst) != seen {
                    continue;
                }
                // Later: a run holds the session, or a job still runs below the shell (the
                // anchor's agent keeps such a `Shell` until its jobs end, and runs nothing more).
                if session.park_if_idle(seen).await.is_none() {
                    continue;
                }
                session.parking.pending.store(false, Ordering::SeqCst);
                // A run that ended meanwhile found this timer pending and started none.
                if session.parking.activity.load(Ordering::SeqCst) != seen
                    && !session.parking.pending.swap(true, Ordering::SeqCst)
                {
                    continue;
                }
                return;
            }
        };
        // The task runs on its own; its handle is not needed. Under Node the addon's runtime is
        // entered first (a timer can be armed from a JavaScript thread); without the bindings
        // (bench's floor program) the caller is on a runtime already.
        #[cfg(feature = "node")]
        drop(napi::bindgen_prelude::within_runtime_if_available(|| {
            tokio::spawn(task)
        }));
        #[cfg(not(feature = "node"))]
        drop(tokio::spawn(task));
    }

    /// Parks the shell now if nothing happened since `seen` and its state can be carried:
    /// `Some(true)` when it parked, `Some(false)` when it cannot until a run changes the
    /// session, `None` to try again after another idle period (a run holds the session, one was
    /// called, or a process still runs below the shell).
    pub(crate) async fn park_if_idle(&self, seen: u64) -> Option<bool> {
        if self.closed.load(Ordering::SeqCst) {
            return Some(false);
        }
        // Not while a run holds the session or waits for it.
        let Ok(inner) = self.inner.clone().try_lock_owned() else {
            return None;
        };
        if self.parking.activity.load(Ordering::SeqCst) != seen {
            return None;
        }
        if inner.parked.is_some() {
            return Some(false);
        }
        if inner
            .live
            .as_ref()
            .is_some_and(|live| !live.below().is_empty())
        {
            return None;
        }
        let carried = match &inner.live {
            Some(live) if !live.spawned.has_exited() => {
                live.state.traps.trim().is_empty()
                    && !live.state.flags.contains('x')
                    && !live.state.flags.contains('v')
                    && only_own_descriptors(live)
            }
            _ => false,
        };
        if !carried {
            return Some(false);
        }
        let Some((saved, lineno_named)) = inner
            .live
            .as_ref()
            .map(|l| (l.state.clone(), l.lineno_named))
        else {
            return Some(false);
        };
        // The capture runs as an aside does: in the session's turn, its output kept, `$?` and
        // `$_` put back after it.
        let (tx, mut rx) = mpsc::channel::<Vec<u8>>(4);
        let collect = async move {
            let mut all = Vec::new();
            while let Some(chunk) = rx.recv().await {
                let room = state::CAPTURE_LIMIT_BYTES.saturating_sub(all.len());
                all.extend_from_slice(&chunk[..chunk.len().min(room)]);
            }
            all
        };
        let req = RunRequest {
            command: format!("{PROBE}{}", state::CAPTURE),
            ..Default::default()
        };
        let restore = inner.restore.clone();
        // The turn right behind the capture, taken now (as `Session::queue` takes one, without
        // counting as activity): a run called meanwhile comes after it, so that `$?` and `$_`
        // are put back before that run reads them.
        let mut behind: WaitingLock = Box::pin(self.inner.clone().lock_owned());
        let behind = match behind
            .as_mut()
            .poll(&mut Context::from_waker(Waker::noop()))
        {
            Poll::Ready(guard) => Lock::Held(guard),
            Poll::Pending => Lock::Waiting(behind),
        };
        let place = Place {
            aborted: self.abort_token(),
            closed: false,
            lock: Lock::Held(inner),
        };
        let cancel = CancelToken::default();
        let (outcome, output) = tokio::join!(self.run_in(place, req, Some(tx), &cancel), collect);
        let mut inner = match behind {
            Lock::Held(guard) => guard,
            Lock::Waiting(lock) => lock.await,
        };
        if let Some(live) = inner.live.as_mut() {
            live.state.last_status = saved.last_status;
            live.state.last_arg = saved.last_arg.clone();
        }
        inner.restore = restore;
        // A run called meanwhile (it waits behind this turn) keeps the shell.
        if self.parking.activity.load(Ordering::SeqCst) != seen {
            return None;
        }
        let Ok(outcome) = outcome else {
            return Some(false);
        };
        if outcome.exit_code != Some(0) || self.closed.load(Ordering::SeqCst) {
            return Some(false);
        }
        let Some(script) = parked_script(&output) else {
            return Some(false);
        };
        inner.parked = Some(Parked {
            script,
            state: ShellState {
                traps: String::new(),
                ..saved
            },
            lineno_named,
        });
        self.kill_live(&mut inner, IdleShell::KillNow).await;
        Some(true)
    }

    /// Starts the shell that restores a parked state: a fresh one, on the session's config but
    /// without its `snapshotPath` (the state has what the snapshot set, and what the session
    /// changed since), handed the state as its first chunk. `None` when nothing is parked.
    pub(super) fn unpark(&self, inner: &mut Inner) -> Option<Result<()>> {
        let parked = inner.parked.take()?;
        let config = ShellConfig {
            snapshot: None,
            ..self.config.clone()
        };
        let cwd = self.start_dir(inner);
        let started =
            start_shell(&config, cwd.as_deref(), self.watcher.as_deref()).and_then(|mut live| {
                let path = live.dir.join("parked-state");
                std::fs::write(&path, &parked.script)
                    .map_err(|e| Error::io("writing the session's parked state", e))?;
                let cwd = cwd.unwrap_or_else(|| PathBuf::from(&live.dir));
                let boot = framing::bootstrap_taken(
                    &cwd.to_string_lossy(),
                    None,
                    Some(&path.to_string_lossy()),
                );
                live.append_and_wake(&boot)?;
                live.state = parked.state.clone();
                live.lineno_named = parked.lineno_named;
                Ok(live)
            });
        Some(started.map(|live| {
            // Not a restart: the session's state is the one it had. Its last run's `env` is
            // undone in the new shell as it would have been in the old one.
            let restore = std::mem::take(&mut inner.restore);
            self.install(inner, live);
            inner.restore = restore;
        }))
    }
}

/// Whether every descriptor the shell has open is one the session gave it: stdin on
/// `/dev/null`, the control and status pipes, the script and FIFOs in its directory. `false`
/// where the OS cannot tell (a shell there does not park).
fn only_own_descriptors(live: &Live) -> bool {
    let pid = live.spawned.proc.pid;
    let Some(open) = os::native::open_fds(pid) else {
        return false;
    };
    let pipes = [framing::CTL_FD, framing::STATUS_FD].map(|fd| os::native::pipe_id(pid, fd));
    // The OS names files by their resolved path (`/private/var/…` on macOS).
    let dir = std::fs::canonicalize(&live.dir).unwrap_or_else(|_| live.dir.clone());
    open.iter().all(|(fd, target)| match target {
        FdTarget::File(path) => {
            (*fd == 0 && path == std::path::Path::new("/dev/null"))
                || path.starts_with(&live.dir)
                || path.starts_with(&dir)
        }
        FdTarget::Pipe(id) => pipes.contains(&Some(*id)),
        FdTarget::Other => false,
    })
}

/// The script a fresh shell sources to take a parked state, from the probe's and the capture's
/// output; `None` when the state cannot be carried (positional parameters, a `pushd` stack, jobs)
/// or the capture is incomplete.
fn parked_script(output: &[u8]) -> Option<String> {
    let mut fields = output.splitn(7, |&b| b == 0);
    let mut text = || std::str::from_utf8(fields.next()?).ok();
    let umask = text()?.trim().to_string();
    let positional = text()?.trim();
    let dirstack = text()?.trim();
    let jobs = text()?.trim();
    let soft = limits(text()?)?;
    let hard = limits(text()?)?;
    let rest = fields.next()?;
    let octal = !umask.is_empty() && umask.bytes().all(|b| (b'0'..=b'7').contains(&b));
    if !octal || positional != "0" || dirstack != "1" || !jobs.is_empty() || soft.is_empty() {
        return None;
    }
    let captured = state::snapshot(rest, None)?;
    let mut script = format!("\\builtin umask {umask}\n");
    // Each limit as the shell had it: the soft one first (never above the hard one it had, so
    // always allowed), then the hard one, then the soft one again (allowed now that the hard one
    // is in place, whichever was lowered).
    for (flag, soft) in &soft {
        let (_, hard) = hard.iter().find(|(f, _)| f == flag)?;
        let set = |kind: &str, value: &str| {
            format!("\\builtin ulimit -{kind} -{flag} {value} 2>/dev/null; ")
        };
        script.push_str(&set("S", soft));
        script.push_str(&set("H", hard));
        script.push_str(&set("S", soft));
        script.push('\n');
    }
    script.push_str(&state::with_cwd(&captured, Some(&captured.cwd)));
    Some(script)
}

/// `ulimit -a`'s lines (`open files  (-n) 1024`, `core file size  (blocks, -c) 0`) as
/// `(letter, value)`; `None` when a line is not of that shape.
fn limits(text: &str) -> Option<Vec<(char, String)>> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let close = line.rfind(") ")?;
            let mut head = line[..close].chars().rev();
            let flag = head.next().filter(char::is_ascii_alphabetic)?;
            (head.next() == Some('-')).then_some(())?;
            let value = line[close + 2..].trim();
            let plain = value == "unlimited" || value.bytes().all(|b| b.is_ascii_digit());
            (plain && !value.is_empty()).then(|| (flag, value.to_string()))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::parked_script;

    #[test]
    fn refuses_what_it_cannot_carry() {
        let capture = "set -o errexit\n\0shopt -s extglob\n\0\0\0\0/tmp\0declare -- A=\"1\"\n\0";
        let soft = "core file size              (blocks, -c) 0\nopen files                          (-n) 1024\n";
        let hard = "core file size              (blocks, -c) unlimited\nopen files                          (-n) 4096\n";
        let limits = format!("{soft}\0{hard}\0");
        let ok = format!("0022\n\x000\x001\x00\0{limits}{capture}");
        let script = parked_script(ok.as_bytes()).unwrap();
        assert!(script.starts_with("\\builtin umask 0022\n"), "{script}");
        assert!(
            script.contains("\\builtin ulimit -S -n 1024 2>/dev/null; \\builtin ulimit -H -n 4096 2>/dev/null; \\builtin ulimit -S -n 1024 2>/dev/null; \n"),
            "{script}"
        );
        assert!(
            script.contains("\\builtin ulimit -H -c unlimited 2>/dev/null"),
            "{script}"
        );
        assert!(script.contains("\\builtin cd -- '/tmp'\n"), "{script}");
        assert!(script.contains("declare -- A=\"1\"\n"), "{script}");
        for bad in [
            format!("0022\n\x002\x001\x00\0{limits}{capture}"),
            format!("0022\n\x000\x002\x00\0{limits}{capture}"),
            format!("0022\n\x000\x001\x004242\n\0{limits}{capture}"),
            format!("\x000\x001\x00\0{limits}{capture}"),
            format!("0022\n\x000\x001\x00\0odd line\n\0{hard}\0{capture}"),
            format!("0022\n\x000\x001\x00\0{limits}set -o errexit\n"),
        ] {
            assert_eq!(parked_script(bad.as_bytes()), None, "{bad:?}");
        }
    }
}
