//! Starting a session's shell (its program, environment, script file, descriptors and
//! supervisor) and ending it with everything below it.

use crate::process::fd::{AsFd, AsRawFd};
use std::ffi::OsString;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use crate::error::{Error, Result};
use crate::process::env::{env_over, NON_INTERACTIVE_ENV};
use crate::process::fd;
use crate::process::sandbox::SandboxPolicy;
use crate::process::spawn::{self};
use crate::process::tree::{self, Proc};
use crate::shell::framing::{self, Framing, ShellState};
use crate::shell::status::{self, StatusPipe, StatusWatcher};

use super::live::{Live, DRAIN_MAX_BYTES};
use super::request::ShellConfig;

/// Shells known not to be bash, which the framing cannot drive.
const OTHER_SHELLS: &[&str] = &[
    "dash", "ash", "zsh", "ksh", "mksh", "fish", "csh", "tcsh", "nu", "pwsh",
];

/// The program, whether to add `--posix`, and the script's name (what `$0` reads) for a
/// configured shell. The framing speaks bash: `sh` is bash in POSIX mode, as bash runs when
/// invoked as `sh`; a shell known not to be bash is refused rather than left to fail obscurely.
pub(super) fn shell_command(shell: &str) -> Result<(String, bool, String)> {
    let name = Path::new(shell)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    if name.is_empty() {
        return Err(Error::invalid("shell", "must name a program", shell));
    }
    crate::error::no_nul("shell", shell)?;
    if name == "sh" {
        return Ok(("bash".into(), true, name));
    }
    if OTHER_SHELLS.contains(&name.as_str()) {
        return Err(Error::invalid(
            "shell",
            "must be bash or sh (bash in POSIX mode): sessions are framed in bash",
            shell,
        ));
    }
    Ok((shell.to_string(), false, name))
}

/// What a shell is started as: its program, whether in POSIX mode, its script's name (what `$0`
/// reads) and its environment (the host's at this moment, the non-interactive defaults, the
/// session's). Two shells started on equal plans start alike (see `shell::pool`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Plan {
    program: String,
    posix: bool,
    name: String,
    pub(super) env: Vec<(String, String)>,
}

impl Plan {
    /// The plan a shell started now on `config` would have. The last plan made is kept with what
    /// it was made from (the configuration's shell and environment options, the host's whole
    /// environment): while those are equal and its bash is still the file that was asked (one
    /// stat), it is the answer, and the search of `PATH` and the building of the environment are
    /// not done again on every call.
    pub(super) fn of(config: &ShellConfig) -> Result<Arc<Plan>> {
        static LAST: Mutex<Option<(PlanInputs, Arc<Plan>)>> = Mutex::new(None);
        let inputs = PlanInputs {
            shell: config.shell.clone(),
            non_interactive_env: config.non_interactive_env,
            session_env: config.session_env.clone(),
            host_env: std::env::vars_os().collect(),
        };
        let last = match &*LAST.lock().unwrap_or_else(PoisonError::into_inner) {
            Some((was, plan)) if *was == inputs => Some(plan.clone()),
            _ => None,
        };
        if let Some(plan) = last.filter(|p| super::bash::still_usable(&p.program)) {
            return Ok(plan);
        }
        let plan = Arc::new(Plan::make(&inputs)?);
        *LAST.lock().unwrap_or_else(PoisonError::into_inner) = Some((inputs, plan.clone()));
        Ok(plan)
    }

    fn make(inputs: &PlanInputs) -> Result<Plan> {
        let (program, posix, name) = shell_command(&inputs.shell)?;
        let path = inputs
            .host_env
            .iter()
            .find(|(k, _)| k == "PATH")
            .and_then(|(_, v)| v.to_str());
        let program = super::bash::usable_bash(&program, path)?;
        let defaults = match inputs.non_interactive_env {
            true => NON_INTERACTIVE_ENV,
            false => &[],
        };
        Ok(Plan {
            program,
            posix,
            name,
            env: env_over(&inputs.host_env, defaults, &inputs.session_env),
        })
    }
}

/// The environment a shell started now on `config` starts with (a sandboxed one's `TMPDIR`
/// aside), or `None` when no shell could start on it.
pub(crate) fn start_env(config: &ShellConfig) -> Option<Vec<(String, String)>> {
    Plan::of(config).ok().map(|plan| plan.env.clone())
}

/// What a [`Plan`] is made from.
#[derive(Clone, PartialEq)]
struct PlanInputs {
    shell: String,
    non_interactive_env: bool,
    session_env: Vec<(String, String)>,
    host_env: Vec<(OsString, OsString)>,
}

/// Starts the shell on its script. The shell is started in the script's directory with the
/// script's bare name (the shell's own, `bash`), so that `$0`, `BASH_SOURCE` and error messages
/// read `bash: line 1: …` as under `bash -c`, never a temporary path; the bootstrap then moves to
/// `cwd`.
pub(super) fn start_shell(
    config: &ShellConfig,
    cwd: Option<&Path>,
    watcher: Option<&dyn StatusWatcher>,
) -> Result<Live> {
    let plan = Plan::of(config)?;
    start_shell_in(plan, Boot::Now { config, cwd }).and_then(|mut live| {
        live.watch_status(watcher)?;
        Ok(live)
    })
}

/// Starts a shell ahead of need on `plan`, confined by `sandbox` (no snapshot, no directory yet,
/// its status pipe not watched, its first FIFO made): [`Live::take`] makes it the shell
/// [`start_shell`] would have started. `sandbox` must not depend on where the shell is taken:
/// its writable roots fixed (see `shell::pool`'s key). Call within the runtime.
pub(super) fn start_pooled(plan: Arc<Plan>, sandbox: Option<&SandboxPolicy>) -> Result<Live> {
    start_shell_in(plan, Boot::Later { sandbox }).and_then(|mut live| {
        live.prepare_fifo()?;
        // The first run's script must still point the shell's output at it.
        live.redirect = true;
        Ok(live)
    })
}

/// What the shell's script starts with.
#[derive(Clone, Copy)]
enum Boot<'a> {
    /// The whole bootstrap: the move to the directory, the snapshot, the first wait.
    Now {
        config: &'a ShellConfig,
        cwd: Option<&'a Path>,
    },
    /// Only the wait: the rest is handed over when the shell is taken ([`Live::take`]).
    Later { sandbox: Option<&'a SandboxPolicy> },
}

/// Starts the shell in a scratch directory of its own, with its script there (see
/// [`fd::scratch_parent`] for where). The directory is made by the shell's supervisor, which
/// removes it if the host goes away: it never exists without something to remove it. A start
/// that fails in a memory filesystem (full, say) is made again in the temp directory. A
/// sandboxed shell's directory is its commands' temp directory: made here first (its sandbox is
/// made for it), and removed here on any failure; a job's shell started ahead of need has its
/// script and FIFOs apart, in memory, where it can (see [`start_apart`]).
fn start_shell_in(plan: Arc<Plan>, boot: Boot) -> Result<Live> {
    let no_dir = |e| Error::io("creating a temporary directory", e);
    let scratch = |parent: &Path| fd::scratch_path_in(parent, "agent-shell-").map_err(no_dir);
    let sandboxed = match &boot {
        Boot::Now { config, .. } => config.sandbox.is_some(),
        Boot::Later { sandbox } => sandbox.is_some(),
    };
    if sandboxed {
        if let Some(live) = start_apart(&plan, boot) {
            return Ok(live);
        }
        let dir = fd::make_private_temp_dir("agent-shell-").map_err(no_dir)?;
        return start_shell_at(dir.clone(), true, None, plan, boot).inspect_err(|_| {
            let _ = std::fs::remove_dir_all(&dir);
        });
    }
    let parent = fd::scratch_parent();
    let temp = std::env::temp_dir();
    match start_shell_at(scratch(&parent)?, false, None, plan.clone(), boot) {
        Err(Error::SpawnFailed { .. } | Error::Io { .. }) if parent != temp => {
            start_shell_at(scratch(&temp)?, false, None, plan, boot)
        }
        started => started,
    }
}

/// A sandboxed shell started ahead of need (a confined job's) with its script and FIFOs in a
/// directory of their own in the memory filesystem (`fd::memory_scratch_dir`), apart from its
/// temp directory, which stays in the temp dir (a command's temporary files are not held in
/// memory): its sandbox lets it read its script and write its FIFOs there, nothing more; its
/// supervisor removes both directories if the host goes away. Each file made on disk and
/// removed again costs the host's processor, much more on some filesystems than in memory (this
/// machine's ext4 without a journal, which skips every inode deleted in the last minutes when it
/// allocates one: up to 0.8 ms per file while confined calls come back to back); this makes one
/// (the temp directory) instead of three. `None` where there is no memory filesystem to use, or
/// the start there failed: the caller starts the shell in its temp directory.
fn start_apart(plan: &Arc<Plan>, boot: Boot) -> Option<Live> {
    if !matches!(boot, Boot::Later { .. }) {
        return None;
    }
    let control = fd::scratch_path_in(&fd::memory_scratch_dir()?, "agent-shell-").ok()?;
    fd::create_private_dir(&control).ok()?;
    let Ok(tmpdir) = fd::make_private_temp_dir("agent-shell-") else {
        let _ = std::fs::remove_dir_all(&control);
        return None;
    };
    let started = start_shell_at(
        control.clone(),
        true,
        Some(tmpdir.clone()),
        plan.clone(),
        boot,
    );
    started
        .inspect_err(|_| {
            let _ = std::fs::remove_dir_all(&control);
            let _ = std::fs::remove_dir_all(&tmpdir);
        })
        .ok()
}

/// [`start_shell_in`] in `dir`, made already when `made`; with `tmpdir` (a sandboxed shell
/// started ahead, see [`start_apart`]), that is its temp directory, `dir` holding its script and
/// FIFOs only.
fn start_shell_at(
    dir: PathBuf,
    made: bool,
    tmpdir: Option<PathBuf>,
    plan: Arc<Plan>,
    boot: Boot,
) -> Result<Live> {
    let Plan {
        program,
        posix,
        name,
        mut env,
    } = Arc::unwrap_or_clone(plan);
    let script_path = dir.join(&name);
    // `$_` as `bash -c` starts with it: the environment's `_`, or `$0`.
    let first_last_arg = env
        .iter()
        .find(|(k, _)| k == "_")
        .map_or_else(|| name.clone(), |(_, v)| v.clone());
    let (boot, sandbox, read_chunk_bytes, watch_descriptors, lineno_named) = match boot {
        Boot::Now { config, cwd } => {
            let cwd = match cwd {
                Some(dir) => dir.to_path_buf(),
                None => std::env::current_dir().unwrap_or_else(|_| PathBuf::from("/")),
            };
            let sandbox = match (&config.sandbox, &config.snapshot) {
                // The snapshot is sourced by the shell itself, inside its sandbox.
                (Some(policy), Some(snapshot)) => Some(
                    policy
                        .clone()
                        .reading(Path::new(snapshot))
                        .confine(&cwd, Some(&dir))?,
                ),
                (Some(policy), None) => Some(policy.confine(&cwd, Some(&dir))?),
                (None, _) => None,
            };
            if let Some(sandbox) = &sandbox {
                sandbox.set_tmpdir(&mut env, &config.session_env);
            }
            let boot = framing::bootstrap(
                &cwd.to_string_lossy(),
                oldpwd(&env),
                config.snapshot.as_deref(),
            );
            let watch = config.snapshot.is_some();
            let lineno = snapshot_names_lineno(config);
            (boot, sandbox, config.read_chunk_bytes, watch, lineno)
        }
        Boot::Later { sandbox } => {
            // Its writable roots are fixed, so the directory it is confined from is its own.
            // With a temp directory apart, `dir` holds only its script and FIFOs.
            let apart = match (&tmpdir, sandbox) {
                (Some(tmp), Some(p)) => Some(p.confine_apart(tmp, tmp, &dir)?),
                _ => None,
            };
            let sandbox = match apart {
                Some(confined) => Some(confined),
                None => sandbox.map(|p| p.confine(&dir, Some(&dir))).transpose()?,
            };
            if let Some(sandbox) = &sandbox {
                sandbox.set_tmpdir(&mut env, &[]);
            }
            (framing::bootstrap_pooled(), sandbox, 0, false, false)
        }
    };
    // Where the shell is handed its channels: at their numbers, or (where a program cannot be
    // handed descriptors at any number) as stdin and stdout, which the script's first line moves.
    let (ctl_at, status_at, boot) = if crate::process::os::CHANNELS_AT_NUMBERS {
        (framing::CTL_FD, framing::STATUS_FD, boot)
    } else {
        (0, 1, format!("{}{boot}", framing::CHANNELS_FROM_STDIO))
    };
    let framing = Framing::random();
    let script_file = spawn::ScratchFile {
        name: &name,
        text: boot.as_bytes(),
    };
    if made {
        script_file
            .write_in(&dir)
            .map_err(|e| Error::io("writing the shell's script", e))?;
    }
    // Found now as the start would find it (on Windows: Git Bash's discovery), so that a shell
    // that cannot be found fails before its channels are made (and after its sandbox: a policy
    // that cannot be enforced is the first thing said).
    let program =
        crate::process::os::find_program(&program).map_err(|source| Error::SpawnFailed {
            field: None,
            program: program.clone(),
            source,
        })?;
    let (ctl_read, ctl_write) = fd::pipe_out().map_err(|e| Error::io("pipe", e))?;
    let (status_read, status_write) = spawn::pipe().map_err(|e| Error::io("pipe", e))?;
    let mut args = vec![
        "--noprofile".to_string(),
        "--norc".to_string(),
        name.clone(),
    ];
    if posix {
        args.insert(0, "--posix".into());
    }
    let spawned = spawn::spawn(&spawn::SpawnSpec {
        program: &program,
        args: &args,
        env: &env,
        cwd: Some(&dir),
        fds: &[
            (ctl_read.as_raw_fd(), ctl_at),
            (status_write.as_raw_fd(), status_at),
        ],
        report: spawn::Report {
            to: spawn::ReportTo::Target(status_at),
            prefix: &framing.exit_report_prefix(),
            dir: true,
        },
        // The script and the FIFOs: a host that exits without close() (or dies) leaves no files.
        scratch_dir: Some(&dir),
        scratch_file: (!made).then_some(script_file),
        tmpdir: tmpdir.as_deref(),
        sandbox: sandbox.as_ref(),
    });
    let spawned = spawned.map_err(|e| e.naming_fields("shell", "sessionEnv or env"))?;
    // Ours to append the runs to; the shell reads it through its own descriptor.
    let script = match File::options().read(true).write(true).open(&script_path) {
        Ok(f) => f,
        Err(e) => {
            spawned.end();
            return Err(Error::io("opening the shell's script", e));
        }
    };
    drop((ctl_read, status_write));
    spawn::set_nonblocking(&status_read, true).map_err(|e| Error::io("status pipe", e))?;
    let status = Arc::new(StatusPipe::new(status_read));
    let exited = fd::register_readable(
        spawned
            .exit
            .as_fd()
            .try_clone_to_owned()
            .map_err(|e| Error::io("the shell's exit watch", e))?,
    )
    .map_err(|e| Error::io("registering the shell's exit watch", e))?;
    let spawned_pid = spawned.proc.pid;
    Ok(Live {
        spawned,
        exited,
        ctl: File::from(ctl_write),
        status,
        _status_watch: None,
        records: framing.parser(),
        framing,
        script,
        script_path,
        script_len: boot.len() as u64,
        dir,
        tmpdir,
        state: ShellState {
            last_arg: first_last_arg,
            ..ShellState::default()
        },
        fifo: None,
        fifo_seq: 0,
        children: Vec::new(),
        redirect: false,
        watch_descriptors,
        lineno_named,
        script_reader: None,
        script_reader_tried: false,
        chunk_start: 0,
        captured: None,
        punched: 0,
        children_file: tree::ChildrenFile::open(spawned_pid),
        read_buf: vec![0; read_chunk_bytes.clamp(4096, DRAIN_MAX_BYTES)],
    })
}

/// Whether the session's snapshot (sourced at start) names `LINENO`, and so may unset it (see
/// `framing::LINE_RESET`): as its writer said (`snapshot_names_lineno`), else read from the file;
/// a snapshot that cannot be read is taken to.
fn snapshot_names_lineno(config: &ShellConfig) -> bool {
    config.snapshot.as_ref().is_some_and(|path| {
        config.snapshot_names_lineno.unwrap_or_else(|| {
            std::fs::read(path).map_or(true, |text| {
                memchr::memmem::find(&text, b"LINENO").is_some()
            })
        })
    })
}

/// The `OLDPWD` a shell is started with, which its move to its directory must not change.
fn oldpwd(env: &[(String, String)]) -> Option<&str> {
    env.iter()
        .find(|(k, _)| k == "OLDPWD")
        .map(|(_, v)| v.as_str())
}

impl Live {
    /// Has `watcher` (or a task on the runtime: call within it then) watch the status pipe.
    fn watch_status(&mut self, watcher: Option<&dyn StatusWatcher>) -> Result<()> {
        let watch = match watcher {
            Some(w) => w.watch(self.status.clone()),
            None => status::watch_on_runtime(self.status.clone()),
        }
        .map_err(|e| Error::io("watching the status pipe", e))?;
        self._status_watch = Some(watch);
        Ok(())
    }

    /// Makes a shell from [`start_pooled`] (started on `config`'s plan) the one [`start_shell`]
    /// would start now for `config` in `cwd`: it is handed the rest of the bootstrap (the move to
    /// `cwd`, `OLDPWD`, the snapshot) as its first chunk, and its status pipe is watched. The
    /// run's own chunk follows; the shell takes both in turn, as a fresh shell takes its
    /// bootstrap and then the run.
    pub(super) fn take(
        &mut self,
        config: &ShellConfig,
        env: &[(String, String)],
        cwd: &Path,
        watcher: Option<&dyn StatusWatcher>,
    ) -> Result<()> {
        self.watch_status(watcher)?;
        self.watch_descriptors = config.snapshot.is_some();
        self.lineno_named = snapshot_names_lineno(config);
        self.read_buf
            .resize(config.read_chunk_bytes.clamp(4096, DRAIN_MAX_BYTES), 0);
        let boot = framing::bootstrap_taken(
            &cwd.to_string_lossy(),
            oldpwd(env),
            config.snapshot.as_deref(),
        );
        self.append_and_wake(&boot)
    }

    /// What runs below the shell, and below its supervisor (what a shell that exited left
    /// behind).
    pub(super) fn below(&self) -> Vec<Proc> {
        let shell = self.spawned.proc;
        let supervisor = self.spawned.supervisor.id() as i32;
        self.children_file
            .read()
            .into_iter()
            .chain(tree::anchor_children(supervisor))
            .filter(|&pid| pid != shell.pid)
            .filter_map(Proc::current)
            .collect()
    }

    /// Ends everything at once (KILL, no grace).
    pub(super) fn destroy_now(self) {
        self.destroy(Duration::ZERO);
    }

    /// Ends a shell that runs nothing, with nothing below it (one of the pool's, never used; one
    /// whose run ended and whose children were just seen to be none): the shell is killed, and
    /// its supervisor, its liveness pipe closed, kills whatever else would be below it and exits.
    /// No search of the tree: at the end of every `executeShell` that search (freeze, scan,
    /// looks until gone) cost the host 120-230 us of processor, which calls back to back and
    /// at once share with the shells they start. Reaps the supervisor, removes the files.
    pub(super) fn destroy_idle(self) {
        self.spawned.end();
        let _ = std::fs::remove_dir_all(&self.dir);
        if let Some(tmpdir) = &self.tmpdir {
            let _ = std::fs::remove_dir_all(tmpdir);
        }
    }

    /// Ends everything below the supervisor (the shell killed at once, what it started sent
    /// TERM, given `grace`, then KILLed), reaps it and removes the session's files. The
    /// supervisor removes them too once its liveness pipe closes (and so when a host exits
    /// midway): the removal here is for a backend whose watchdog may not have yet.
    pub(super) fn destroy(self, grace: Duration) {
        tree::terminate_below(self.spawned.supervisor.id() as i32, grace);
        // Nothing is below it now; the shell itself has nothing to clean up: no grace needed.
        self.destroy_idle();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plan_is_made_again_only_when_what_it_is_made_from_changes() {
        let config = |probe: &str| ShellConfig {
            shell: "bash".into(),
            session_env: vec![("AGENT_SHELL_PLAN_PROBE".into(), probe.into())],
            ..Default::default()
        };
        let first = Plan::of(&config("one")).unwrap();
        let again = Plan::of(&config("one")).unwrap();
        // Unless another test made a plan in between (tests run on threads of one process).
        let other = Plan::of(&config("two")).unwrap();
        assert!(other
            .env
            .contains(&("AGENT_SHELL_PLAN_PROBE".into(), "two".into())));
        assert_eq!(first, again);
        assert_ne!(first, other);
        let posix = Plan::of(&ShellConfig {
            shell: "sh".into(),
            ..config("two")
        })
        .unwrap();
        assert!(posix.posix && !other.posix);
        assert!(other.program.starts_with('/'), "{}", other.program);
    }
}
