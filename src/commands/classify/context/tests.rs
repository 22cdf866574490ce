//! Planted repositories and configuration, classified in context.
