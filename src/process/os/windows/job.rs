//! Starting a program into a job object, Codex's scheme: the job is made with
//! `JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE` and **without** `BREAKAWAY_OK`/`SILENT_BREAKAWAY_OK` (the
//! MSYS runtime starts children with `CREATE_BREAKAWAY_FROM_JOB` whenever a job allows it, and
//! they would escape); the program is created suspended, assigned to the job, then resumed, so
//! that nothing it starts can run before it is in the job; only the handles the caller names are
//! inherited (`PROC_THREAD_ATTRIBUTE_HANDLE_LIST`), whatever else of the host's is inheritable.
//! Ending the job (`TerminateJobObject`, or closing its last handle, as when the host dies) ends
//! the program and everything below it, grandchildren and detached ones included.

use std::io;
use std::path::Path;
use std::time::Duration;

use std::ffi::c_void;

use windows_sys::Win32::Foundation::{
    SetHandleInformation, HANDLE, HANDLE_FLAG_INHERIT, INVALID_HANDLE_VALUE, WAIT_OBJECT_0,
    WAIT_TIMEOUT,
};
use windows_sys::Win32::System::Console::HPCON;
use windows_sys::Win32::System::JobObjects::{
    AssignProcessToJobObject, CreateJobObjectW, JobObjectBasicProcessIdList,
    JobObjectExtendedLimitInformation, QueryInformationJobObject, SetInformationJobObject,
    TerminateJobObject, JOBOBJECT_BASIC_PROCESS_ID_LIST, JOBOBJECT_EXTENDED_LIMIT_INFORMATION,
    JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE,
};
use windows_sys::Win32::System::Threading::{
    CreateProcessW, DeleteProcThreadAttributeList, GetExitCodeProcess,
    InitializeProcThreadAttributeList, ResumeThread, TerminateProcess, UpdateProcThreadAttribute,
    WaitForSingleObject, CREATE_NO_WINDOW, CREATE_SUSPENDED, CREATE_UNICODE_ENVIRONMENT,
    EXTENDED_STARTUPINFO_PRESENT, LPPROC_THREAD_ATTRIBUTE_LIST, PROCESS_INFORMATION,
    PROC_THREAD_ATTRIBUTE_HANDLE_LIST, PROC_THREAD_ATTRIBUTE_PSEUDOCONSOLE, STARTF_USESTDHANDLES,
    STARTUPINFOEXW,
};

use super::plan::{command_line, env_block, handle_list};
use super::{Handle, NULL};

/// A job object whose processes all end when it is ended or its last handle closes.
#[derive(Debug)]
pub(crate) struct Job(Handle);

impl Job {
    /// A new, unnamed job: `KILL_ON_JOB_CLOSE`, no breakaway allowed.
    pub(crate) fn new() -> io::Result<Job> {
        // SAFETY: no attributes, no name; returns a new handle or null.
        let job = Handle::new(unsafe { CreateJobObjectW(std::ptr::null(), std::ptr::null()) })?;
        // SAFETY: plain data; all zeroes is "no limits".
        let mut limits: JOBOBJECT_EXTENDED_LIMIT_INFORMATION = unsafe { std::mem::zeroed() };
        limits.BasicLimitInformation.LimitFlags = JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE;
        // SAFETY: the job we own; the structure and its size as the class asks.
        let ok = unsafe {
            SetInformationJobObject(
                job.raw(),
                JobObjectExtendedLimitInformation,
                (&limits as *const JOBOBJECT_EXTENDED_LIMIT_INFORMATION).cast(),
                std::mem::size_of::<JOBOBJECT_EXTENDED_LIMIT_INFORMATION>() as u32,
            )
        };
        if ok == 0 {
            return Err(io::Error::last_os_error());
        }
        Ok(Job(job))
    }

    /// Ends every process in the job with `exit_code`.
    pub(crate) fn terminate(&self, exit_code: u32) -> io::Result<()> {
        // SAFETY: the job we own.
        if unsafe { TerminateJobObject(self.0.raw(), exit_code) } == 0 {
            return Err(io::Error::last_os_error());
        }
        Ok(())
    }

    /// The job's handle, given up: whoever holds it last ends the job by closing it.
    pub(crate) fn into_handle(self) -> Handle {
        self.0
    }

    /// The pids of the job's processes now (at most `MAX_LISTED`).
    pub(crate) fn pids(&self) -> io::Result<Vec<u32>> {
        /// More than any run's tree: a larger one still ends whole with the job.
        const MAX_LISTED: usize = 4096;
        #[repr(C)]
        struct List {
            head: JOBOBJECT_BASIC_PROCESS_ID_LIST,
            rest: [usize; MAX_LISTED - 1],
        }
        // SAFETY: plain data; filled by the call.
        let mut list: List = unsafe { std::mem::zeroed() };
        // SAFETY: the job we own; the buffer and its size.
        let ok = unsafe {
            QueryInformationJobObject(
                self.0.raw(),
                JobObjectBasicProcessIdList,
                (&mut list as *mut List).cast(),
                std::mem::size_of::<List>() as u32,
                std::ptr::null_mut(),
            )
        };
        if ok == 0 {
            return Err(io::Error::last_os_error());
        }
        let n = (list.head.NumberOfProcessIdsInList as usize).min(MAX_LISTED);
        let first = std::iter::once(list.head.ProcessIdList[0]);
        Ok(first
            .chain(list.rest.iter().copied())
            .take(n)
            .map(|p| p as u32)
            .collect())
    }
}

/// What to start: the program (a path), its arguments, environment and directory, its standard
/// handles (ours, made inheritable only for the start) and nothing else of ours.
pub(crate) struct StartSpec<'a> {
    pub(crate) program: &'a str,
    pub(crate) args: &'a [String],
    pub(crate) env: &'a [(String, String)],
    pub(crate) cwd: Option<&'a Path>,
    /// stdin, stdout, stderr.
    pub(crate) stdio: [HANDLE; 3],
    /// A pseudo-console to attach the program to (`PROC_THREAD_ATTRIBUTE_PSEUDOCONSOLE`): its
    /// stdio is then the console's, `stdio` is not used, and nothing of ours is inherited.
    pub(crate) console: Option<HPCON>,
}

/// A program started in a job, our handle on it (its exit watch).
#[derive(Debug)]
pub(crate) struct Started {
    pub(crate) pid: u32,
    process: Handle,
}

impl Started {
    /// `pid`'s start, watched through `process` (a handle on it).
    pub(crate) fn of(pid: u32, process: Handle) -> Started {
        Started { pid, process }
    }

    /// Our handle on the process.
    pub(crate) fn process(&self) -> HANDLE {
        self.process.raw()
    }

    /// Waits up to `timeout` for the program to exit: its exit code, or `None` while it runs.
    pub(crate) fn wait(&self, timeout: Duration) -> io::Result<Option<u32>> {
        let ms = timeout.as_millis().min(u128::from(u32::MAX - 1)) as u32;
        // SAFETY: a process handle we own.
        match unsafe { WaitForSingleObject(self.process.raw(), ms) } {
            WAIT_OBJECT_0 => {
                let mut code = 0u32;
                // SAFETY: as above; one u32 written.
                if unsafe { GetExitCodeProcess(self.process.raw(), &mut code) } == 0 {
                    return Err(io::Error::last_os_error());
                }
                Ok(Some(code))
            }
            WAIT_TIMEOUT => Ok(None),
            _ => Err(io::Error::last_os_error()),
        }
    }
}

fn wide(s: &str) -> Vec<u16> {
    s.encode_utf16().chain(std::iter::once(0)).collect()
}

/// Starts `spec` suspended, puts it in `job`, resumes it.
pub(crate) fn start(spec: &StartSpec, job: &Job) -> io::Result<Started> {
    let invalid = |what: &str| io::Error::new(io::ErrorKind::InvalidInput, what.to_string());
    let mut line = wide(&command_line(spec.program, spec.args));
    let program = wide(spec.program);
    let env = env_block(spec.env)
        .ok_or_else(|| invalid("an environment variable cannot be passed to a Windows program"))?;
    let cwd = spec.cwd.map(|c| wide(&c.to_string_lossy()));
    let inherited = match spec.console {
        Some(_) => Vec::new(),
        None => handle_list(&spec.stdio.map(|h| h as usize)),
    };
    // One start at a time makes handles inheritable: two sharing a handle (the process-wide NUL)
    // would otherwise clear it under each other's CreateProcessW, which then fails.
    static STARTS: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let one = STARTS.lock().unwrap_or_else(|p| p.into_inner());
    for &h in &inherited {
        // SAFETY: a handle the caller holds open; only its inherit flag changes.
        if unsafe { SetHandleInformation(h as HANDLE, HANDLE_FLAG_INHERIT, HANDLE_FLAG_INHERIT) }
            == 0
        {
            return Err(io::Error::last_os_error());
        }
    }
    let mut attrs = AttributeList::new(&inherited, spec.console)?;
    // SAFETY: plain data; the fields that matter are set below.
    let mut si: STARTUPINFOEXW = unsafe { std::mem::zeroed() };
    si.StartupInfo.cb = std::mem::size_of::<STARTUPINFOEXW>() as u32;
    si.StartupInfo.dwFlags = STARTF_USESTDHANDLES;
    // On a console, invalid standard handles: the program then takes the console's, where it
    // could otherwise be handed the host's own redirected ones (portable-pty found this).
    let stdio = match spec.console {
        Some(_) => [INVALID_HANDLE_VALUE; 3],
        None => spec.stdio,
    };
    si.StartupInfo.hStdInput = stdio[0];
    si.StartupInfo.hStdOutput = stdio[1];
    si.StartupInfo.hStdError = stdio[2];
    si.lpAttributeList = attrs.ptr();
    // A program with no window of its own; on a pseudo-console, that console is its window (with
    // CREATE_NO_WINDOW it would get none, and not be attached).
    let window = match spec.console {
        Some(_) => 0,
        None => CREATE_NO_WINDOW,
    };
    // SAFETY: plain data, written by the call.
    let mut pi: PROCESS_INFORMATION = unsafe { std::mem::zeroed() };
    // SAFETY: NUL-terminated wide strings that outlive the call (the command line writable, as
    // the call asks); the environment block is double-NUL ended UTF-16; `si` holds a live
    // attribute list whose handle array (`inherited`) outlives the call.
    let ok = unsafe {
        CreateProcessW(
            program.as_ptr(),
            line.as_mut_ptr(),
            std::ptr::null(),
            std::ptr::null(),
            // No handle named: nothing inherited (an empty list would let every inheritable
            // handle of the host through).
            i32::from(!inherited.is_empty()),
            CREATE_SUSPENDED | EXTENDED_STARTUPINFO_PRESENT | CREATE_UNICODE_ENVIRONMENT | window,
            env.as_ptr().cast(),
            cwd.as_ref().map_or(std::ptr::null(), |c| c.as_ptr()),
            &si.StartupInfo,
            &mut pi,
        )
    };
    let created = io::Error::last_os_error();
    for &h in &inherited {
        // SAFETY: as above: the flag is taken back once the child has its copies.
        unsafe { SetHandleInformation(h as HANDLE, HANDLE_FLAG_INHERIT, 0) };
    }
    drop(one);
    drop(attrs);
    drop(inherited);
    if ok == 0 {
        return Err(created);
    }
    let process = Handle(pi.hProcess);
    let thread = Handle(pi.hThread);
    // SAFETY: the job and the (suspended) process are ours.
    if unsafe { AssignProcessToJobObject(job.0.raw(), process.raw()) } == 0 {
        let e = io::Error::last_os_error();
        // SAFETY: our suspended process, which never ran a instruction of its own.
        unsafe { TerminateProcess(process.raw(), 1) };
        return Err(e);
    }
    // SAFETY: the main thread of our process, suspended by CREATE_SUSPENDED.
    if unsafe { ResumeThread(thread.raw()) } == u32::MAX {
        let e = io::Error::last_os_error();
        let _ = job.terminate(1);
        return Err(e);
    }
    Ok(Started {
        pid: pi.dwProcessId,
        process,
    })
}

/// A `PROC_THREAD_ATTRIBUTE_LIST` holding the handle list and, for a program on a
/// pseudo-console, that console.
struct AttributeList {
    buf: Vec<u8>,
}

impl AttributeList {
    fn new(handles: &[usize], console: Option<HPCON>) -> io::Result<AttributeList> {
        let count = 1 + u32::from(console.is_some());
        let mut size = 0usize;
        // SAFETY: with a null list the call only writes the size it needs into `size`.
        unsafe { InitializeProcThreadAttributeList(std::ptr::null_mut(), count, 0, &mut size) };
        let mut list = AttributeList {
            buf: vec![0u8; size.max(1)],
        };
        // SAFETY: a buffer of the size the call asked for.
        if unsafe { InitializeProcThreadAttributeList(list.ptr(), count, 0, &mut size) } == 0 {
            return Err(io::Error::last_os_error());
        }
        if let Some(hpc) = console {
            // SAFETY: an initialised list; this attribute's value is the console itself (not a
            // pointer to it), as the call documents, open across the start.
            let ok = unsafe {
                UpdateProcThreadAttribute(
                    list.ptr(),
                    0,
                    PROC_THREAD_ATTRIBUTE_PSEUDOCONSOLE as usize,
                    hpc as *const c_void,
                    std::mem::size_of::<HPCON>(),
                    NULL,
                    std::ptr::null(),
                )
            };
            if ok == 0 {
                return Err(io::Error::last_os_error());
            }
        }
        if handles.is_empty() {
            return Ok(list);
        }
        // SAFETY: an initialised list; the handle array is the caller's and outlives the start.
        let ok = unsafe {
            UpdateProcThreadAttribute(
                list.ptr(),
                0,
                PROC_THREAD_ATTRIBUTE_HANDLE_LIST as usize,
                handles.as_ptr().cast(),
                std::mem::size_of_val(handles),
                NULL,
                std::ptr::null(),
            )
        };
        if ok == 0 {
            return Err(io::Error::last_os_error());
        }
        Ok(list)
    }

    fn ptr(&mut self) -> LPPROC_THREAD_ATTRIBUTE_LIST {
        self.buf.as_mut_ptr().cast()
    }
}

impl Drop for AttributeList {
    fn drop(&mut self) {
        // SAFETY: initialised in `with_handles` (a list that failed to initialise is all zeroes,
        // which the call accepts).
        unsafe { DeleteProcThreadAttributeList(self.ptr()) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::process::os::windows::pipe;
    use std::time::Instant;
    use windows_sys::Win32::Storage::FileSystem::ReadFile;
    use windows_sys::Win32::System::Pipes::ConnectNamedPipe;

    /// What [`child`] does when this test program is started again by a test below.
    const CHILD: &str = "AGENT_SHELL_JOB_TEST_CHILD";

    /// Not a test of its own: what the tests below start (this test program again, asked to run
    /// only this, ignored, test). Does nothing unless [`CHILD`] says what to do.
    #[test]
    #[ignore]
    fn child() {
        match std::env::var(CHILD).as_deref() {
            Ok("print") => println!("the child says hello"),
            Ok("sleep") => std::thread::sleep(Duration::from_secs(300)),
            Ok("tree") => {
                let (program, args, _) = this_program("sleep");
                let _grandchild = std::process::Command::new(program)
                    .args(args)
                    .env(CHILD, "sleep")
                    .stdin(std::process::Stdio::null())
                    .stdout(std::process::Stdio::null())
                    .stderr(std::process::Stdio::null())
                    .spawn()
                    .unwrap();
                std::thread::sleep(Duration::from_secs(300));
            }
            _ => {}
        }
    }

    /// This test program, asked to run [`child`] as `what` says.
    fn this_program(what: &str) -> (String, Vec<String>, Vec<(String, String)>) {
        let program = std::env::current_exe().unwrap();
        let args = [
            "--ignored",
            "--exact",
            "process::os::windows::job::tests::child",
            "--nocapture",
            "--test-threads=1",
        ];
        let mut env: Vec<(String, String)> = std::env::vars().filter(|(k, _)| k != CHILD).collect();
        env.push((CHILD.into(), what.into()));
        (
            program.to_string_lossy().into_owned(),
            args.map(String::from).to_vec(),
            env,
        )
    }

    /// Everything written to `server` until its last writer closes.
    fn read_all(server: &Handle) -> Vec<u8> {
        // SAFETY: our pipe's server end; a writer already connected makes it return at once
        // (ERROR_PIPE_CONNECTED), which is success here.
        unsafe { ConnectNamedPipe(server.raw(), std::ptr::null_mut()) };
        let mut all = Vec::new();
        let mut buf = [0u8; 4096];
        loop {
            let mut n = 0u32;
            // SAFETY: our pipe; at most `buf.len()` bytes written into `buf`.
            let ok = unsafe {
                ReadFile(
                    server.raw(),
                    buf.as_mut_ptr(),
                    buf.len() as u32,
                    &mut n,
                    std::ptr::null_mut(),
                )
            };
            if ok == 0 || n == 0 {
                return all;
            }
            all.extend_from_slice(&buf[..n as usize]);
        }
    }

    /// Polls `done` for up to a minute (wine starts processes slowly): whether it came true.
    fn eventually(mut done: impl FnMut() -> bool) -> bool {
        let end = Instant::now() + Duration::from_secs(60);
        while !done() {
            if Instant::now() > end {
                return false;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        true
    }

    #[test]
    fn a_program_in_a_job_writes_to_our_named_pipe_and_its_exit_code_is_read() {
        let job = Job::new().unwrap();
        let out = pipe::inbound().unwrap();
        assert!(
            out.name.starts_with(r"\\.\pipe\agent-shell-"),
            "{}",
            out.name
        );
        let writer = pipe::open_writer(&out.name).unwrap();
        let (program, args, env) = this_program("print");
        let null = std::ptr::null_mut();
        let spec = StartSpec {
            program: &program,
            args: &args,
            env: &env,
            cwd: None,
            stdio: [null, writer.raw(), writer.raw()],
            console: None,
        };
        let started = start(&spec, &job).unwrap();
        assert_eq!(job.pids().unwrap(), vec![started.pid]);
        drop(writer);
        let text = String::from_utf8_lossy(&read_all(&out.server)).into_owned();
        assert!(text.contains("the child says hello"), "{text}");
        assert_eq!(started.wait(Duration::from_secs(60)).unwrap(), Some(0));
    }

    #[test]
    fn ending_the_job_ends_the_program_and_what_it_started() {
        let job = Job::new().unwrap();
        let (program, args, env) = this_program("tree");
        let null = std::ptr::null_mut();
        let spec = StartSpec {
            program: &program,
            args: &args,
            env: &env,
            cwd: None,
            stdio: [null; 3],
            console: None,
        };
        let started = start(&spec, &job).unwrap();
        assert!(
            eventually(|| job.pids().unwrap().len() == 2),
            "the grandchild is in the job"
        );
        let tree = job.pids().unwrap();
        assert!(tree.contains(&started.pid));
        job.terminate(128 + 9).unwrap();
        assert_eq!(started.wait(Duration::from_secs(60)).unwrap(), Some(137));
        assert!(eventually(|| job.pids().unwrap().is_empty()));
        assert!(tree
            .iter()
            .all(|&pid| super::super::entry(pid as i32).is_none()));
    }

    #[test]
    fn closing_the_job_ends_the_program() {
        let job = Job::new().unwrap();
        let (program, args, env) = this_program("sleep");
        let null = std::ptr::null_mut();
        let spec = StartSpec {
            program: &program,
            args: &args,
            env: &env,
            cwd: None,
            stdio: [null; 3],
            console: None,
        };
        let started = start(&spec, &job).unwrap();
        assert_eq!(started.wait(Duration::from_millis(0)).unwrap(), None);
        drop(job);
        assert!(started.wait(Duration::from_secs(60)).unwrap().is_some());
    }
}
