//! Background jobs (docs/api.md §9): commands that run on after `start` returned, each on a one-shot
//! shell session as `executeShell` runs them, with bounded unread output, an optional artifact
//! file per job, and a status that says how each one really ended. Memory per job: its unread
//! buffer (`bufferBytes`) and a few chunks in flight.

mod buffer;
mod manager;

pub use manager::{
    begin, JobInfo, JobManager, JobOutput, JobSpec, JobStatus, ManagerOptions, OnExit,
};
