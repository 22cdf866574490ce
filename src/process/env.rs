//! The non-interactive environment of API.md §7: nothing a command runs may wait for a pager, an
//! editor, a password prompt or a progress bar, and nothing colours its output.

/// Keys and values applied to every non-PTY command unless the caller gives the key.
pub const NON_INTERACTIVE_ENV: &[(&str, &str)] = &[
    ("PAGER", "cat"),
    ("GIT_PAGER", "cat"),
    ("MANPAGER", "cat"),
    ("SYSTEMD_PAGER", "cat"),
    ("BAT_PAGER", "cat"),
    ("GH_PAGER", "cat"),
    ("AWS_PAGER", ""),
    ("PSQL_PAGER", "cat"),
    ("MYSQL_PAGER", "cat"),
    ("LESS", "-FRX"),
    ("GIT_EDITOR", "true"),
    ("EDITOR", "true"),
    ("VISUAL", "true"),
    ("GIT_TERMINAL_PROMPT", "0"),
    ("GIT_ASKPASS", "true"),
    ("SSH_ASKPASS", "true"),
    ("GCM_INTERACTIVE", "never"),
    ("TERM", "dumb"),
    ("NO_COLOR", "1"),
    ("FORCE_COLOR", "0"),
    ("CLICOLOR", "0"),
    ("PYTHONUNBUFFERED", "1"),
    ("PIP_NO_INPUT", "1"),
    ("PIP_PROGRESS_BAR", "off"),
    ("PIP_DISABLE_PIP_VERSION_CHECK", "1"),
    ("CI", "true"),
    ("DEBIAN_FRONTEND", "noninteractive"),
    ("npm_config_yes", "true"),
    ("npm_config_progress", "false"),
    ("npm_config_fund", "false"),
    ("npm_config_audit", "false"),
    ("npm_config_update_notifier", "false"),
    ("CARGO_TERM_PROGRESS_WHEN", "never"),
    ("CARGO_TERM_COLOR", "never"),
    ("HOMEBREW_NO_AUTO_UPDATE", "1"),
];

/// The host's environment with `defaults` set over it and `overrides` over those.
pub fn host_env_with(
    defaults: &[(&str, &str)],
    overrides: &[(String, String)],
) -> Vec<(String, String)> {
    let mut env: Vec<(String, String)> = std::env::vars_os()
        .filter_map(|(k, v)| Some((k.into_string().ok()?, v.into_string().ok()?)))
        .collect();
    let mut set = |key: &str, value: &str| match env.iter_mut().find(|(k, _)| k == key) {
        Some(entry) => entry.1 = value.to_string(),
        None => env.push((key.to_string(), value.to_string())),
    };
    for (k, v) in defaults {
        set(k, v);
    }
    for (k, v) in overrides {
        set(k, v);
    }
    env
}

/// Whether `key` is a name a shell can export: `^[A-Za-z_][A-Za-z0-9_]*$`.
pub fn is_valid_env_key(key: &str) -> bool {
    let mut chars = key.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn env_keys() {
        for ok in ["A", "_", "a_1", "PATH", "_x9"] {
            assert!(is_valid_env_key(ok), "{ok}");
        }
        for bad in ["", "1A", "A-B", "A B", "A=B", "é", "$A"] {
            assert!(!is_valid_env_key(bad), "{bad}");
        }
    }
}
