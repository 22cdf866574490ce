//! The run layer under `Shell`, `PtySession` and jobs; here so far: the order runs settle in.
pub(crate) mod order;
