//! JS surface of the command helpers (API.md §6).
