//! JS surface of the output sink: `OutputSink` and `stripAnsi` (API.md §5).
