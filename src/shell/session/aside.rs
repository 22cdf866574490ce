//! What a job manager needs of a session beyond `run`: a command run in its turn whose trace the
//! session's next run does not see (`$?` and `$_` read as the session's own last run left them),
//! the shell started ahead of a run (so that its pid is known while the run goes on), the
//! session's state read (and read ahead, after each run, when a job manager asks), and the
//! session's configuration. Additive: nothing here changes what a session's runs see.

use super::*;
use crate::shell::pool::PrimedShell;
use crate::shell::state;

/// How long after a run its session's state is read ahead when not at once
/// ([`Session::capture_ahead`]).
const AHEAD_DELAY: Duration = Duration::from_millis(3);

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
        self.run_aside_with(
            self.turns(),
            |_| Prepared::Run(command.to_string()),
            Ok,
            limit_bytes,
            false,
            None,
        )
        .await
    }

    /// The session's state, read in its turn as [`Session::run_aside`] runs a command: by the
    /// session's shell itself ([`state::capture_in_place`], no process) unless a trap or a trace
    /// option would see that capture's commands, then by [`state::CAPTURE`]'s subshell. Kept by
    /// the shell's [`Live`] and given again, with no round trip to the shell, until the shell
    /// is given anything to run (a run of the session, a job's command on it, the framing of
    /// its start or restore) or is replaced (restart, park, exit): nothing else runs in it,
    /// except a trap on a signal, which it may receive while idle; with one set, every capture
    /// reads the shell.
    pub(crate) async fn capture_state(&self) -> Result<Aside> {
        self.capture_state_in(self.turns()).await
    }

    /// From now on, the state is read after each run of the session (see
    /// [`Session::capture_ahead`]): a job manager that starts its shells ahead asks this of
    /// the sessions its jobs start from.
    /// `then` is called after each such read that succeeded (the last caller's `then` only).
    pub(crate) fn read_state_ahead(&self, then: Option<AfterReadAhead>) {
        self.read_ahead.store(true, Ordering::SeqCst);
        if let Some(then) = then {
            *self
                .after_read_ahead
                .lock()
                .unwrap_or_else(PoisonError::into_inner) = Some(then);
        }
    }

    /// The session's state as [`Session::capture_state`] keeps it, if it is kept now and the
    /// session is not busy: never waits, never runs anything in the shell.
    pub(crate) fn kept_state(&self) -> Option<Arc<[u8]>> {
        let inner = self.inner.try_lock().ok()?;
        let live = inner.live.as_ref()?;
        if live.spawned.has_exited() {
            return None;
        }
        live.captured.as_ref().map(|kept| kept.text.clone())
    }

    /// [`Session::launch`] with the shell given: one of the pool's that has sourced the state
    /// this session is to start from (`Pool::claim`). For a session whose shell has not started:
    /// else the primed shell is ended and the session launched as usual.
    pub(crate) async fn launch_primed(&self, primed: PrimedShell) -> Result<i32> {
        let mut inner = self.inner.lock().await;
        if self.closed.load(Ordering::SeqCst) {
            return Err(Error::SessionClosed);
        }
        if inner.live.is_some() || inner.parked.is_some() {
            drop((inner, primed));
            return self.launch().await;
        }
        let live = primed
            .into_live()
            .ok_or_else(|| Error::io("starting the shell", std::io::Error::other("no shell")))?;
        let pid = live.spawned.proc.pid;
        self.install(&mut inner, live);
        Ok(pid)
    }

    /// After a run: when asked to ([`Session::read_state_ahead`]), reads the session's state
    /// ahead of a job that starts from it, while the agent that ran the run thinks, so that the
    /// job is given it with no round trip ([`Session::capture_state`] keeps it until the shell
    /// runs anything that may change it). Only when the session is idle then: a run in line
    /// would change the state (and is not to wait for a capture).
    ///
    /// After a run that may have changed the state (the shell keeps no capture), with no trap
    /// or trace option that would see the capture's commands: at once, in the turn right behind
    /// the run, taken before the run's result is handed over (so that a call made on that result
    /// comes after it), and the job manager told in that turn with the state read
    /// ([`AfterReadAhead`]): it primes a shell with it before a job started on the result can
    /// look for one. A confined call made at once after a session run that changed the state
    /// then finds the state read and a shell sourcing it, where it read the state and had a
    /// plain shell source it in its own time (4.3 ms added on a quiet machine). The session's
    /// shell prints its state itself (`state::capture_in_place`, some 0.3 ms of its processor
    /// here), beside the host handing the run's result over; a session run called meanwhile
    /// waits for it. Otherwise ([`AHEAD_DELAY`] later, once the host took the run's result): a
    /// capture kept across a run that could not change it costs nothing to give again, and a
    /// capture through `state::CAPTURE`'s subshell (a trace option, an ERR trap) costs
    /// processes; with a DEBUG or RETURN trap nothing is read (the trap would run for the
    /// capture's framing). Its place in line is not activity: parking is timed from the run. Returns the task, for
    /// a test to wait for.
    pub(crate) fn capture_ahead(self: &Arc<Self>) -> Option<tokio::task::JoinHandle<()>> {
        if !self.read_ahead.load(Ordering::SeqCst) {
            return None;
        }
        if let Some(turns) = self.turns_to_read_now() {
            let session = self.clone();
            return Some(tokio::spawn(async move {
                let then = session.after_read_ahead();
                // Nothing waits for it: a failure is met again by the next job's own capture.
                let _ = session.capture_state_then(turns, then).await;
            }));
        }
        let session = Arc::downgrade(self);
        Some(tokio::spawn(async move {
            tokio::time::sleep(AHEAD_DELAY).await;
            let Some(session) = session.upgrade() else {
                return;
            };
            let turns = Turns {
                at: session.place(),
                behind: session.place(),
            };
            let Lock::Held(inner) = &turns.at.lock else {
                return;
            };
            // A DEBUG or RETURN trap would run for the framing of the capture's chunk (a
            // counter in it would count them): nothing is read ahead then; a job reads the
            // state in its own turn.
            let traps_run = inner
                .live
                .as_ref()
                .is_some_and(|l| l.state.runs_traps_on_framing());
            if turns.at.closed || traps_run {
                return;
            }
            if session.capture_state_in(turns).await.is_ok() {
                if let Some(then) = session.after_read_ahead() {
                    then(None);
                }
            }
        }))
    }

    /// The places in line for a read of the state at once after a run
    /// ([`Session::capture_ahead`]): when the session is idle (no run in line), its shell runs
    /// and keeps no capture (the run may have changed the state), and the shell prints its
    /// state itself, unseen (no trace option, no DEBUG, RETURN or ERR trap), and keeps it (no
    /// trap on a signal, which may run while it is idle).
    fn turns_to_read_now(&self) -> Option<Turns> {
        let at = self.place();
        let Lock::Held(inner) = &at.lock else {
            return None;
        };
        let live = inner.live.as_ref()?;
        let unseen = !live.state.needs_silence()
            && !live.state.has_err_trap()
            && !live.state.has_signal_trap();
        if at.closed || live.captured.is_some() || !unseen || live.spawned.has_exited() {
            return None;
        }
        let behind = self.place();
        Some(Turns { at, behind })
    }

    /// The job manager's [`AfterReadAhead`], if it gave one.
    fn after_read_ahead(&self) -> Option<AfterReadAhead> {
        self.after_read_ahead
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Two places in line, one right behind the other (see [`Session::run_aside_with`]).
    fn turns(&self) -> Turns {
        let at = self.queue();
        let behind = self.queue();
        Turns { at, behind }
    }

    /// [`Session::capture_state`] from `turns`.
    async fn capture_state_in(&self, turns: Turns) -> Result<Aside> {
        self.capture_state_then(turns, None).await
    }

    /// [`Session::capture_state_in`], then `then` called with the state read, in the turn
    /// behind the capture, when it was read from the shell and is kept.
    async fn capture_state_then(
        &self,
        turns: Turns,
        then: Option<AfterReadAhead>,
    ) -> Result<Aside> {
        // Set by the first closure, read by the second (a `Mutex`: the future is sent).
        let written = std::sync::Mutex::new(None);
        self.run_aside_with(
            turns,
            |live| {
                if let Some(kept) = live.captured.as_ref() {
                    return Prepared::Done(kept.text.to_vec());
                }
                match live.state.needs_silence() || live.state.has_err_trap() {
                    true => Prepared::Run(state::CAPTURE.to_string()),
                    false => {
                        let names = live.dir.join("agent-shell-function-names");
                        let out = live.dir.join("agent-shell-state");
                        let command = state::capture_in_place(
                            &names.to_string_lossy(),
                            &out.to_string_lossy(),
                        );
                        *written.lock().unwrap_or_else(|e| e.into_inner()) = Some(out);
                        Prepared::Run(command)
                    }
                }
            },
            // Left in the shell's own directory (mode 0700, removed with the shell) and
            // overwritten by the next capture: removing a file costs up to a millisecond on some
            // filesystems (ext4 mounted with `discard`). Read only when the capture said it was
            // written whole.
            |said| match written.lock().unwrap_or_else(|e| e.into_inner()).take() {
                Some(path) if said == b"ok" => {
                    let mut text = std::fs::read(&path)
                        .map_err(|e| Error::io("reading the session's state", e))?;
                    text.truncate(state::CAPTURE_LIMIT_BYTES);
                    Ok(text)
                }
                Some(_) => Ok(Vec::new()),
                None => Ok(said),
            },
            state::CAPTURE_LIMIT_BYTES,
            true,
            then,
        )
        .await
    }

    /// Runs the command `command` gives for the session's shell in its turn, as [`Session::run`]
    /// does, and returns its output (at most `limit_bytes` of it) as `finish` makes it, in the
    /// turn behind the command's. The run after it reads `$?` and `$_` as the run before it left
    /// them: the framing restores both from the session's record, which is put back here, in the
    /// turn taken right behind the command's, before any later run can start. With `keep`, the
    /// result is kept by the shell for [`Session::capture_state`] (unless a trap on a signal is
    /// set), and handed to `then` in that turn. When `command` says the result is already
    /// known, nothing runs. When no shell
    /// runs in its turn (none started yet, or the last one exited), nothing runs: starting one
    /// would take the `sessionRestarted` of the session's next run; the session's directory is
    /// returned instead.
    async fn run_aside_with(
        &self,
        turns: Turns,
        command: impl FnOnce(&Live) -> Prepared,
        finish: impl FnOnce(Vec<u8>) -> Result<Vec<u8>>,
        limit_bytes: usize,
        keep: bool,
        then: Option<AfterReadAhead>,
    ) -> Result<Aside> {
        let Turns {
            at:
                Place {
                    aborted,
                    closed,
                    lock,
                },
            behind,
        } = turns;
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
        let (saved, pid, command) = match &guard.live {
            Some(live) if !live.spawned.has_exited() => (
                (live.state.last_status, live.state.last_arg.clone()),
                live.spawned.proc.pid,
                match command(live) {
                    Prepared::Run(command) => command,
                    Prepared::Done(text) => return Ok(Aside::Ran(text)),
                },
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
        let text = finish(text)?;
        if let Some(live) = inner.live.as_mut() {
            // Kept only from the shell that ran the command, only when nothing can run in it
            // until its next chunk, and only whole (a capture cut short is read again).
            if keep
                && !text.is_empty()
                && live.spawned.proc.pid == pid
                && !live.state.has_signal_trap()
            {
                live.captured = state::defined_names(&text).map(|names| KeptState {
                    text: text.as_slice().into(),
                    names,
                    cd_keeps: state::cd_keeps(&text),
                });
                if let (Some(then), Some(_)) = (then, &live.captured) {
                    then(Some(&text));
                }
            }
        }
        Ok(Aside::Ran(text))
    }
}

/// The places in line of a command run aside: its own, and the one right behind it, where the
/// session's record of its last run is put back.
struct Turns {
    at: Place,
    behind: Place,
}

/// What [`Session::run_aside_with`] is to do.
enum Prepared {
    /// Run this command.
    Run(String),
    /// Nothing: this is the result.
    Done(Vec<u8>),
}

/// What [`Session::run_aside`] did.
pub(crate) enum Aside {
    Ran(Vec<u8>),
    /// No shell ran in the command's turn; the session's directory then.
    NoShell {
        working_dir: Option<String>,
    },
}

#[cfg(test)]
mod tests {
    use super::super::tests::run;
    use super::*;

    async fn captured(s: &Session) -> String {
        match s.capture_state().await.unwrap() {
            Aside::Ran(text) => String::from_utf8_lossy(&text).into_owned(),
            Aside::NoShell { .. } => panic!("no shell"),
        }
    }

    async fn kept(s: &Session) -> bool {
        let inner = s.inner.lock().await;
        inner.live.as_ref().is_some_and(|l| l.captured.is_some())
    }

    #[tokio::test]
    async fn a_capture_is_kept_until_the_shell_runs_anything() {
        let s = Session::new(ShellConfig::default()).unwrap();
        run(&s, "X=first").await;
        assert!(!kept(&s).await);
        let first = captured(&s).await;
        assert!(first.contains("X=\"first\""), "{first}");
        assert!(kept(&s).await);
        // Given again: the same text, and `$?`/`$_` as the session's last run left them.
        assert_eq!(captured(&s).await, first);
        let (_, said) = run(&s, "echo \"$X\"; Y=1").await;
        assert_eq!(said, "first\n");
        // That run (it assigns) dropped it; the next capture reads the shell again.
        assert!(!kept(&s).await);
        run(&s, "X=second").await;
        let second = captured(&s).await;
        assert!(second.contains("X=\"second\""), "{second}");
        assert!(!second.contains("X=\"first\""), "{second}");
        // A restart starts a shell with nothing kept.
        run(&s, "exit 3").await;
        run(&s, "true").await;
        assert!(!kept(&s).await);
        s.close().await;
    }

    #[tokio::test]
    async fn a_run_that_cannot_change_the_state_keeps_the_capture() {
        let s = Session::new(ShellConfig::default()).unwrap();
        run(&s, "X=first; g() { X=changed; }; alias ll='X=aliased'").await;
        let first = captured(&s).await;
        for neutral in [
            "ls / >/dev/null",
            "echo \"$X\" | wc -c",
            "(cd / && X=sub; pwd)",
        ] {
            run(&s, neutral).await;
            assert!(kept(&s).await, "{neutral}");
        }
        assert_eq!(captured(&s).await, first);
        // Each of these may change it (a function or alias of the session may run anything).
        for changing in ["X=second", "cd /", "g", "ll", "echo ${Y:=1}", "true &"] {
            captured(&s).await;
            run(&s, changing).await;
            assert!(!kept(&s).await, "{changing}");
        }
        // Nor with a trap set: its command runs at the run's commands.
        run(&s, "trap 'X=trapped' DEBUG").await;
        captured(&s).await;
        run(&s, "ls / >/dev/null").await;
        assert!(!kept(&s).await);
        s.close().await;
    }

    /// The tool layer gives every run the session's directory: a move to where the shell is
    /// changes nothing once `OLDPWD` is there too (a `cd` to it set it), and keeps the capture.
    #[tokio::test]
    async fn a_run_moved_to_where_the_shell_is_keeps_the_capture_when_oldpwd_is_there_too() {
        use super::super::tests::run_req;
        let s = Session::new(ShellConfig::default()).unwrap();
        let dir = std::fs::canonicalize(std::env::temp_dir()).unwrap();
        let d = dir.to_string_lossy().into_owned();
        let moved = |command: &str, to: &std::path::Path| crate::shell::RunRequest {
            command: command.into(),
            cwd: Some(to.to_path_buf()),
            ..Default::default()
        };
        run(&s, &format!("cd / && cd '{d}' && cd '{d}'")).await;
        captured(&s).await;
        run_req(&s, moved("ls >/dev/null", &dir)).await;
        assert!(kept(&s).await);
        let (_, said) = run_req(&s, moved("echo \"$PWD $OLDPWD\"", &dir)).await;
        assert_eq!(said, format!("{d} {d}\n"));
        // `OLDPWD` elsewhere: the move sets it, so the capture goes; after that move it is there.
        run(&s, &format!("cd / && cd '{d}'")).await;
        captured(&s).await;
        run_req(&s, moved("ls >/dev/null", &dir)).await;
        assert!(!kept(&s).await);
        captured(&s).await;
        run_req(&s, moved("ls >/dev/null", &dir)).await;
        assert!(kept(&s).await);
        // A move elsewhere, and a run that may change the state, each drop it.
        run_req(&s, moved("ls >/dev/null", std::path::Path::new("/"))).await;
        assert!(!kept(&s).await);
        run(&s, &format!("cd '{d}' && cd '{d}'")).await;
        captured(&s).await;
        run_req(&s, moved("X=1", &dir)).await;
        assert!(!kept(&s).await);
        s.close().await;
    }

    #[tokio::test]
    async fn a_session_asked_to_read_ahead_captures_after_a_run_unless_one_is_in_line() {
        let s = Arc::new(Session::new(ShellConfig::default()).unwrap());
        run(&s, "X=one").await;
        // Not asked: nothing read.
        assert!(s.capture_ahead().is_none());
        assert!(!kept(&s).await);
        s.read_state_ahead(None);
        run(&s, "X=two; false").await;
        s.capture_ahead().unwrap().await.unwrap();
        assert!(kept(&s).await);
        assert!(captured(&s).await.contains("X=\"two\""));
        // The session's next run reads `$?` as its last run left it, not the capture's.
        let (_, said) = run(&s, "echo \"$? $X\"; Y=1").await;
        assert_eq!(said, "1 two\n");
        // A run already in line: nothing read (that run changes the state).
        let place = s.queue();
        s.capture_ahead().unwrap().await.unwrap();
        drop(place);
        assert!(!kept(&s).await);
        s.close().await;
    }

    /// After a run that may have changed the state, the read ahead is in line right behind it
    /// when `capture_ahead` returns (before the host hands the run's result over): a run called
    /// then comes after it, and the job manager is told in the capture's turn, with the state
    /// as the run left it. After a run that could not change it, or with a trap that would
    /// see the capture, it is told later, with nothing.
    #[tokio::test]
    async fn after_a_change_the_state_is_read_at_once_and_handed_over_in_its_turn() {
        let s = Arc::new(Session::new(ShellConfig::default()).unwrap());
        let told: Arc<std::sync::Mutex<Vec<Option<String>>>> = Arc::default();
        let log = told.clone();
        s.read_state_ahead(Some(Arc::new(move |read: Option<&[u8]>| {
            let read = read.map(|text| String::from_utf8_lossy(text).into_owned());
            log.lock().unwrap().push(read);
        })));
        let take = || std::mem::take(&mut *told.lock().unwrap());
        run(&s, "X=two; cd /tmp; false").await;
        let ahead = s.capture_ahead().unwrap();
        // Called at once: in line before it, this run sees the state as the run left it.
        let place = s.queue();
        let req = RunRequest {
            command: "echo \"$? $X $PWD\"; X=three".into(),
            ..Default::default()
        };
        let (tx, mut rx) = mpsc::channel(16);
        let cancel = CancelToken::default();
        let (outcome, ()) = tokio::join!(s.run_in(place, req, Some(tx), &cancel), async {
            ahead.await.unwrap();
        });
        outcome.unwrap();
        assert_eq!(rx.recv().await.unwrap(), b"1 two /tmp\n");
        let read = take();
        assert_eq!(read.len(), 1, "{read:?}");
        let text = read[0].as_deref().unwrap();
        assert!(
            text.contains("X=\"two\"") && text.contains("\0/tmp\0"),
            "{text}"
        );
        // That run changed the state: read at once again, the new value.
        s.capture_ahead().unwrap().await.unwrap();
        assert!(take()[0].as_deref().unwrap().contains("X=\"three\""));
        assert!(kept(&s).await);
        // A run that cannot change it: the kept state, told later, with nothing.
        run(&s, "ls / >/dev/null").await;
        s.capture_ahead().unwrap().await.unwrap();
        assert_eq!(take(), vec![None]);
        // With a DEBUG trap, nothing is read ahead (the trap would run for the capture's
        // framing); a capture in its turn reads it, through its subshell.
        run(&s, "trap ': dbg' DEBUG; X=four").await;
        s.capture_ahead().unwrap().await.unwrap();
        assert!(take().is_empty());
        assert!(captured(&s).await.contains("X=\"four\""));
        // A run already in line when it is called: nothing read.
        run(&s, "trap - DEBUG; X=five").await;
        let place = s.queue();
        s.capture_ahead().unwrap().await.unwrap();
        drop(place);
        assert!(take().is_empty());
        assert!(!kept(&s).await);
        s.close().await;
    }

    /// What a run sees of the runs before it is the same with the state read at once after
    /// each (awaited, or still under way when the run is called) as with no read ahead: `$?`,
    /// `$_`, `PIPESTATUS`, `LINENO`, `BASH_COMMAND`, a trace, the traps, the variables the
    /// capture uses. (Not the history list: with `set -o history` it lists the framing's own
    /// lines, each run's postamble, and so a capture's too, whenever it is read.)
    #[tokio::test]
    async fn reading_the_state_at_once_after_each_run_is_not_seen_by_the_next() {
        let steps = [
            "Y=1; false | true | (exit 4)",
            "echo \"$? $_ ${PIPESTATUS[*]} $LINENO $BASH_COMMAND\"",
            "cd /tmp; Z=2; (exit 3)",
            "echo \"$? $_ $LINENO\"; echo \"${__agsh_f-unset} $(declare -F | wc -l)\"",
            "g() { :; }; trap 'echo int' INT",
            "trap -p; echo \"$_\"",
            "set -x; W=1",
            "echo \"$-\" $W; set +x",
            "shopt -s extglob; V=3",
            "shopt -p extglob; echo $V; compgen -v | grep -c agsh",
            // A DEBUG trap set by a function counts the commands it sees: the user's only.
            "d() { trap 'N=$((N+1))' DEBUG; }; N=0",
            "d; U=1",
            "echo \"$N\"; trap - DEBUG; echo \"$N\" $(declare -F | wc -l)",
        ];
        let plain = Session::new(ShellConfig::default()).unwrap();
        let mut want = Vec::new();
        for step in steps {
            want.push(run(&plain, step).await.1);
        }
        plain.close().await;
        for wait in [true, false] {
            let ahead = Arc::new(Session::new(ShellConfig::default()).unwrap());
            ahead.read_state_ahead(None);
            let mut got = Vec::new();
            for step in steps {
                got.push(run(&ahead, step).await.1);
                let task = ahead.capture_ahead().unwrap();
                if wait {
                    task.await.unwrap();
                }
            }
            assert_eq!(got, want, "waited: {wait}");
            ahead.close().await;
        }
    }

    #[tokio::test]
    async fn a_trap_on_a_signal_keeps_every_capture_reading_the_shell() {
        let s = Session::new(ShellConfig::default()).unwrap();
        run(&s, "trap 'Y=late' USR1; trap '' INT").await;
        captured(&s).await;
        assert!(!kept(&s).await);
        // Only an ignored signal (runs nothing while idle): kept.
        run(&s, "trap - USR1").await;
        captured(&s).await;
        assert!(kept(&s).await);
        s.close().await;
    }
}
