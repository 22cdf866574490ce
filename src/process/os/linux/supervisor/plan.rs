//! A [`Request`] encoded for processes that may not allocate: the [`Plan`], with every string
//! and array the supervisor and the vfork child read and the descriptor table they set up,
//! written into the data of the [`Region`] they run on. Built in the host before the clone;
//! after it, only the plan's atomics change.

use std::ffi::{c_char, c_int, CStr};
use std::io;
use std::os::fd::RawFd;
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::sync::atomic::{AtomicBool, AtomicI32};

use super::region::Region;
use crate::process::os::linux::sandbox::ChildSandbox;
use crate::process::os::request::{ReportTo, Request};

/// Longest report prefix in bytes (the status record start, 20-odd bytes today); a longer one is
/// cut. Fixed so that the supervisor formats its report on its stack.
pub(super) const MAX_PREFIX_BYTES: usize = 64;
/// Most descriptors a caller passes: a shell takes its control and status pipes and a few more.
pub(super) const MAX_CALLER_FDS: usize = 7;
/// Descriptors the supervisor sets up: stdio (3), the caller's ([`MAX_CALLER_FDS`]), liveness,
/// ready, a report descriptor of its own, the terminal. A sandbox's ruleset takes one more; a
/// start that would need 15 is refused (no caller comes near: a shell passes 2, a PTY run 0).
pub(super) const MAX_FDS: usize = 3 + MAX_CALLER_FDS + 4;
/// Bytes set aside for the pointer arrays' alignment padding and terminators beyond their
/// entries: 8 per array would do; 32 keeps a miscount from ever reaching the mapping's end.
const ARRAY_SLACK_BYTES: usize = 32;

/// Everything the supervisor and the vfork child read, at the start of the region's data.
#[repr(C)]
pub(super) struct Plan {
    pub(super) path: *const c_char,
    /// `[/bin/sh, argv0, args.., NULL]`: the program gets it from `argv0`; the first slot and
    /// `argv0` replaced by `path` serve `execvp`'s fallback for a script without `#!`.
    pub(super) argv: *mut *const c_char,
    pub(super) envp: *const *const c_char,
    /// Null when the directory stays the host's.
    pub(super) cwd: *const c_char,
    /// [`Request::scratch_dir`], or null.
    pub(super) scratch_dir: *const c_char,
    /// The path of [`Request::scratch_file`] in `scratch_dir`, which the supervisor then makes;
    /// null when it is made already.
    pub(super) scratch_file: *const c_char,
    /// The file's text: `scratch_text_len` bytes.
    pub(super) scratch_text: *const u8,
    pub(super) scratch_text_len: usize,
    /// [`Request::tmpdir`], or null: removed with `scratch_dir` when the host goes away.
    pub(super) tmpdir: *const c_char,
    /// `(host fd, target, flags for dup3)`.
    pub(super) fds: [(RawFd, RawFd, c_int); MAX_FDS],
    pub(super) nfds: usize,
    pub(super) liveness: RawFd,
    pub(super) ready: RawFd,
    pub(super) report_fd: RawFd,
    /// The terminal, close-on-exec, for the vfork child to make its stdio; -1 for none.
    pub(super) tty: RawFd,
    pub(super) prefix: [u8; MAX_PREFIX_BYTES],
    pub(super) prefix_len: usize,
    /// [`Request::report_dir`]: the program shares its directory with the supervisor
    /// (`CLONE_FS`), which reports it after the status.
    pub(super) report_dir: bool,
    /// Cleared by the vfork child when the program stopped sharing its directory with us (its
    /// sandbox's mount namespace): the supervisor's is then no longer the program's.
    pub(super) dir_shared: AtomicBool,
    pub(super) child_stack_top: *mut u8,
    /// The program's confinement, if any.
    pub(super) sandbox: Option<ChildSandbox>,
    /// Set by the vfork child with `errno` when entering the sandbox failed: the
    /// [`crate::process::os::linux::sandbox::Step`] that did.
    pub(super) sandbox_step: AtomicI32,
    /// Set by the supervisor or the vfork child when starting the program failed.
    pub(super) errno: AtomicI32,
    /// The program's pid, set by the supervisor once it was exec'd.
    pub(super) program: AtomicI32,
}

/// The descriptors the supervisor arranges, by the numbers they get in it.
pub(super) struct Descriptors {
    /// `(host fd, target, flags for dup3)`, at most [`MAX_FDS`].
    fds: Vec<(RawFd, RawFd, c_int)>,
    liveness: RawFd,
    ready: RawFd,
    report_fd: RawFd,
    tty: RawFd,
    sandbox: Option<ChildSandbox>,
}

impl Descriptors {
    /// The table for `req`, with stdio on `null` and the host's ends `live_read` and
    /// `ready_write` of the liveness and ready pipes.
    pub(super) fn new(
        req: &Request,
        null: RawFd,
        live_read: RawFd,
        ready_write: RawFd,
    ) -> io::Result<Descriptors> {
        if req.fds.len() > MAX_CALLER_FDS {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("at most {MAX_CALLER_FDS} descriptors are passed to a child"),
            ));
        }
        let mut fds = vec![(null, 0, 0), (null, 1, 0), (null, 2, 0)];
        fds.extend(req.fds.iter().map(|&(from, to)| (from, to, 0)));
        // The liveness and ready pipes go to numbers of their own, above the others: with
        // hundreds of descriptors open in the host their own numbers may well be targets. The
        // program must not get them.
        let above = fds.iter().map(|&(_, to, _)| to).max().unwrap_or(2) + 1;
        let (liveness, ready) = (above, above + 1);
        fds.push((live_read, liveness, libc::O_CLOEXEC));
        fds.push((ready_write, ready, libc::O_CLOEXEC));
        // Neither a report descriptor of the supervisor's own nor the terminal goes to the program
        // as such: the terminal becomes its stdio in the vfork child, and the supervisor's copy is
        // closed once the program was exec'd, so that only the program's processes hold it.
        let mut next = above + 2;
        let mut own = |host_fd| {
            fds.push((host_fd, next, libc::O_CLOEXEC));
            next += 1;
            next - 1
        };
        let report_fd = match req.report {
            ReportTo::Target(fd) => fd,
            ReportTo::Own(host_fd) => own(host_fd),
        };
        let tty = req.terminal.map_or(-1, &mut own);
        // The ruleset goes to the vfork child only: close-on-exec, the program never holds it.
        let sandbox = req.sandbox.map(|c| c.for_child(own(c.ruleset_fd())));
        if fds.len() > MAX_FDS {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("at most {MAX_FDS} descriptors are set up for a child"),
            ));
        }
        Ok(Descriptors {
            fds,
            liveness,
            ready,
            report_fd,
            tty,
            sandbox,
        })
    }
}

/// A region with a [`Plan`] written at the start of its data. Only [`encode`] makes one.
pub(super) struct Encoded {
    region: Region,
}

impl Encoded {
    /// The plan, as the supervisor and the vfork child get it.
    pub(super) fn plan_ptr(&self) -> *mut Plan {
        self.region.data().0.cast()
    }

    pub(super) fn plan(&self) -> &Plan {
        // SAFETY: `encode` wrote a `Plan` at the start of the data (page-aligned) before handing
        // this out, and nothing but the plan's atomics is written after.
        unsafe { &*self.plan_ptr() }
    }

    pub(super) fn supervisor_stack_top(&self) -> *mut u8 {
        self.region.supervisor_stack_top()
    }
}

/// Bump allocation of the plan's strings and arrays inside the region, between `at` and `end`.
struct Arena {
    at: *mut u8,
    end: *mut u8,
}

impl Arena {
    /// `len` bytes aligned to `align`; fails when the region was sized wrong.
    fn take(&mut self, len: usize, align: usize) -> io::Result<*mut u8> {
        let start = self.at.wrapping_add(self.at.align_offset(align));
        if start.wrapping_add(len) > self.end {
            return Err(io::Error::other("the supervisor's plan was sized wrong"));
        }
        self.at = start.wrapping_add(len);
        Ok(start)
    }

    fn string(&mut self, s: &[u8]) -> io::Result<*const c_char> {
        let p = self.take(s.len() + 1, 1)?;
        // SAFETY: `take` gave `s.len() + 1` bytes of the region, which no `&` or `&mut` covers.
        unsafe {
            std::ptr::copy_nonoverlapping(s.as_ptr(), p, s.len());
            *p.add(s.len()) = 0;
        }
        Ok(p as *const c_char)
    }

    fn bytes(&mut self, b: &[u8]) -> io::Result<*const u8> {
        let p = self.take(b.len(), 1)?;
        // SAFETY: `take` gave `b.len()` bytes of the region, which no `&` or `&mut` covers.
        unsafe { std::ptr::copy_nonoverlapping(b.as_ptr(), p, b.len()) };
        Ok(p)
    }

    fn pointers(&mut self, items: &[*const c_char]) -> io::Result<*mut *const c_char> {
        let len = std::mem::size_of_val(items) + std::mem::size_of::<*const c_char>();
        let p = self.take(len, std::mem::align_of::<*const c_char>())? as *mut *const c_char;
        // SAFETY: `take` gave room for `items.len() + 1` pointers, aligned for them, in the
        // region, which no `&` or `&mut` covers.
        unsafe {
            std::ptr::copy_nonoverlapping(items.as_ptr(), p, items.len());
            *p.add(items.len()) = std::ptr::null();
        }
        Ok(p)
    }
}

/// Maps a region for `req` (its program found at `path`) and writes its plan, with the
/// descriptors of `table`. Fails on a NUL byte in a string, or when the region cannot be mapped.
pub(super) fn encode(req: &Request, path: &CStr, table: Descriptors) -> io::Result<Encoded> {
    let nul = |s: &[u8]| {
        if s.contains(&0) {
            Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "nul byte found in provided data",
            ))
        } else {
            Ok(())
        }
    };
    nul(req.program.as_bytes())?;
    for a in req.args {
        nul(a.as_bytes())?;
    }
    for (k, v) in req.env {
        nul(k.as_bytes())?;
        nul(v.as_bytes())?;
    }
    let cwd = req.cwd.map(|c| c.as_os_str().as_bytes());
    let scratch_dir = req.scratch_dir.map(|d| d.as_os_str().as_bytes());
    let tmpdir = req.tmpdir.map(|d| d.as_os_str().as_bytes());
    if let Some(c) = cwd {
        nul(c)?;
    }
    if let Some(d) = tmpdir {
        nul(d)?;
    }
    let scratch_file = match (req.scratch_dir, req.scratch_file) {
        (Some(dir), Some(file)) if !file.name.contains('/') => {
            Some((dir.join(file.name).into_os_string().into_vec(), file.text))
        }
        (_, None) => None,
        _ => {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "a scratch file needs a scratch directory and a name without `/`",
            ))
        }
    };
    if let Some((path, _)) = &scratch_file {
        nul(path)?;
    }
    let path = path.to_bytes();

    let strings: usize = [path.len(), req.program.len(), b"/bin/sh".len()]
        .into_iter()
        .chain(req.args.iter().map(String::len))
        .chain(req.env.iter().map(|(k, v)| k.len() + 1 + v.len()))
        .chain(cwd.map(<[u8]>::len))
        .chain(scratch_dir.map(<[u8]>::len))
        .chain(tmpdir.map(<[u8]>::len))
        .chain(scratch_file.iter().flat_map(|(p, t)| [p.len(), t.len()]))
        .map(|n| n + 1)
        .sum();
    let pointer = std::mem::size_of::<*const c_char>();
    let arrays = (req.args.len() + 3 + req.env.len() + 1) * pointer + ARRAY_SLACK_BYTES;
    let region = Region::map(std::mem::size_of::<Plan>() + arrays + strings)?;
    let (data, end) = region.data();
    let mut arena = Arena {
        at: data.wrapping_add(std::mem::size_of::<Plan>()),
        end,
    };
    let mut argv = vec![
        arena.string(b"/bin/sh")?,
        arena.string(req.program.as_bytes())?,
    ];
    for a in req.args {
        argv.push(arena.string(a.as_bytes())?);
    }
    let mut envp = Vec::with_capacity(req.env.len());
    for (k, v) in req.env {
        envp.push(arena.string(format!("{k}={v}").as_bytes())?);
    }
    let prefix_len = req.prefix.len().min(MAX_PREFIX_BYTES);
    let mut plan = Plan {
        path: arena.string(path)?,
        argv: arena.pointers(&argv)?,
        envp: arena.pointers(&envp)?,
        cwd: match cwd {
            Some(c) => arena.string(c)?,
            None => std::ptr::null(),
        },
        scratch_dir: match scratch_dir {
            Some(d) => arena.string(d)?,
            None => std::ptr::null(),
        },
        scratch_file: match &scratch_file {
            Some((path, _)) => arena.string(path)?,
            None => std::ptr::null(),
        },
        scratch_text: match &scratch_file {
            Some((_, text)) => arena.bytes(text)?,
            None => std::ptr::null(),
        },
        scratch_text_len: scratch_file.map_or(0, |(_, text)| text.len()),
        tmpdir: match tmpdir {
            Some(d) => arena.string(d)?,
            None => std::ptr::null(),
        },
        fds: [(0, 0, 0); MAX_FDS],
        nfds: table.fds.len(),
        liveness: table.liveness,
        ready: table.ready,
        report_fd: table.report_fd,
        tty: table.tty,
        prefix: [0; MAX_PREFIX_BYTES],
        prefix_len,
        report_dir: req.report_dir,
        dir_shared: AtomicBool::new(req.report_dir),
        child_stack_top: region.child_stack_top(),
        sandbox: table.sandbox,
        sandbox_step: AtomicI32::new(0),
        errno: AtomicI32::new(0),
        program: AtomicI32::new(0),
    };
    plan.fds[..table.fds.len()].copy_from_slice(&table.fds);
    plan.prefix[..prefix_len].copy_from_slice(&req.prefix[..prefix_len]);
    // SAFETY: the data starts page-aligned and has room for a `Plan` (asked for in
    // `Region::map`), in memory no reference covers yet.
    unsafe { data.cast::<Plan>().write(plan) };
    Ok(Encoded { region })
}
