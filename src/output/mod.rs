//! Output handling: UTF-8 decoding across reads, coalescing, ANSI stripping, and the sink that
//! keeps a bounded head and tail in memory and spills the full text to an artifact file.
