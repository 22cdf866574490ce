//! The memory a supervisor runs on: one anonymous mapping, `[guard][supervisor stack][guard]
//! [child stack][data]`, mapped, guarded and unmapped here (the only memory-mapping calls of
//! `process/`). What the data holds is `plan`'s business.

use std::io;

/// Stack of the supervisor in bytes: its deepest frame reads `/proc` into a 4 KiB buffer; the
/// rest is headroom for unoptimized test builds. Untouched pages cost nothing.
const SUPERVISOR_STACK_BYTES: usize = 64 * 1024;
/// Stack of the vfork child in bytes, which only makes a few system calls before `execve`.
const CHILD_STACK_BYTES: usize = 32 * 1024;

/// A mapping laid out for a supervisor; unmapped on drop.
pub(super) struct Region {
    base: *mut u8,
    len: usize,
    /// Offsets of the stacks' tops (stacks grow down) and of the data, which is page-aligned.
    supervisor_stack_top: usize,
    child_stack_top: usize,
    data_at: usize,
}

// SAFETY: a region is plain memory owned by whoever holds the `Region`: moving it to another
// thread moves that ownership (the reaper thread of `Supervisor::drop` unmaps it there).
unsafe impl Send for Region {}
// SAFETY: `&Region` gives out only pointers; what is read through them is the business, and the
// `unsafe`, of whoever reads.
unsafe impl Sync for Region {}

impl Region {
    /// Maps a region with room for `data_bytes` of data, its guard pages made inaccessible.
    pub(super) fn map(data_bytes: usize) -> io::Result<Region> {
        let page = page_size();
        let supervisor_stack_top = page + SUPERVISOR_STACK_BYTES;
        let child_stack_top = supervisor_stack_top + page + CHILD_STACK_BYTES;
        let data_at = child_stack_top;
        let len = (data_at + data_bytes).div_ceil(page) * page;
        // SAFETY: a fresh private anonymous mapping, at an address of the kernel's choosing, so
        // nothing else is replaced.
        let base = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_STACK,
                -1,
                0,
            )
        };
        if base == libc::MAP_FAILED {
            return Err(io::Error::last_os_error());
        }
        let region = Region {
            base: base.cast(),
            len,
            supervisor_stack_top,
            child_stack_top,
            data_at,
        };
        for guard in [0, supervisor_stack_top] {
            // SAFETY: one page at a page-aligned offset inside our mapping, which nothing uses
            // yet. (A failure unmaps the region on return.)
            if unsafe { libc::mprotect(region.at(guard).cast(), page, libc::PROT_NONE) } < 0 {
                return Err(io::Error::last_os_error());
            }
        }
        Ok(region)
    }

    /// A pointer `offset` bytes into the region (at most its length).
    fn at(&self, offset: usize) -> *mut u8 {
        debug_assert!(offset <= self.len);
        self.base.wrapping_add(offset)
    }

    pub(super) fn supervisor_stack_top(&self) -> *mut u8 {
        self.at(self.supervisor_stack_top)
    }

    pub(super) fn child_stack_top(&self) -> *mut u8 {
        self.at(self.child_stack_top)
    }

    /// The data: `(start, end)`, the start page-aligned, at least the bytes asked for between.
    pub(super) fn data(&self) -> (*mut u8, *mut u8) {
        (self.at(self.data_at), self.at(self.len))
    }
}

impl Drop for Region {
    fn drop(&mut self) {
        // SAFETY: the mapping is ours, and dropped only once no process runs on it (the
        // supervisor was reaped, or never started).
        unsafe { libc::munmap(self.base.cast(), self.len) };
    }
}

/// The memory page size in bytes; 4 KiB (every Linux default) if the system will not say.
fn page_size() -> usize {
    // SAFETY: sysconf takes a name and touches no memory.
    match unsafe { libc::sysconf(libc::_SC_PAGESIZE) } {
        n if n > 0 => n as usize,
        _ => 4096,
    }
}
