//! Commands: interception rules, head/tail normalization, and classification of bash commands.
