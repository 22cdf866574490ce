//! The non-interactive environment of docs/api.md §7: nothing a command runs may wait for a pager, an
//! editor, a password prompt or a progress bar, and nothing colours its output.

use std::ffi::OsString;

/// Keys and values applied to every non-PTY command unless the caller gives the key: the anchor's
/// `NON_INTERACTIVE_ENV` (oh-my-pi `coding-agent/src/exec/non-interactive-env.ts`), key for key,
/// plus `GIT_ASKPASS` (docs/api.md §7). The askpass helpers are `false`, found on `PATH` by git and ssh:
/// a credential prompt is refused rather than answered with an empty secret.
pub const NON_INTERACTIVE_ENV: &[(&str, &str)] = &[
    // Pagers would wait for a key.
    ("PAGER", "cat"),
    ("GIT_PAGER", "cat"),
    ("MANPAGER", "cat"),
    ("SYSTEMD_PAGER", "cat"),
    ("BAT_PAGER", "cat"),
    ("DELTA_PAGER", "cat"),
    ("GH_PAGER", "cat"),
    ("GLAB_PAGER", "cat"),
    ("PSQL_PAGER", "cat"),
    ("MYSQL_PAGER", "cat"),
    ("AWS_PAGER", ""),
    ("HOMEBREW_PAGER", "cat"),
    ("LESS", "FRX"),
    ("TERM", "dumb"),
    ("NO_COLOR", "1"),
    ("PYTHONUNBUFFERED", "1"),
    // Editors and credential prompts would wait for a person.
    ("GIT_EDITOR", "true"),
    ("VISUAL", "true"),
    ("EDITOR", "true"),
    ("GIT_TERMINAL_PROMPT", "0"),
    ("SSH_ASKPASS", "false"),
    ("GIT_ASKPASS", "false"),
    (CI, "true"),
    ("AGENT", "1"),
    // Package managers and tools: no questions, no progress bars, no update checks.
    ("npm_config_yes", "true"),
    ("npm_config_update_notifier", "false"),
    ("npm_config_fund", "false"),
    ("npm_config_audit", "false"),
    ("npm_config_progress", "false"),
    ("PNPM_DISABLE_SELF_UPDATE_CHECK", "true"),
    ("PNPM_UPDATE_NOTIFIER", "false"),
    ("YARN_ENABLE_TELEMETRY", "0"),
    ("YARN_ENABLE_PROGRESS_BARS", "0"),
    ("CARGO_TERM_PROGRESS_WHEN", "never"),
    ("DEBIAN_FRONTEND", "noninteractive"),
    ("PIP_NO_INPUT", "1"),
    ("PIP_DISABLE_PIP_VERSION_CHECK", "1"),
    ("TF_INPUT", "0"),
    ("TF_IN_AUTOMATION", "1"),
    ("GH_PROMPT_DISABLED", "1"),
    ("COMPOSER_NO_INTERACTION", "1"),
    ("CLOUDSDK_CORE_DISABLE_PROMPTS", "1"),
];

/// The variable among the defaults that a host may opt out of (see [`NO_CI_OPT_OUTS`]).
const CI: &str = "CI";

/// Host variables that keep `CI=true` out of the defaults, as the anchor's `buildNonInteractiveEnv`
/// does (a tool that behaves differently under CI may be what the host wants to test).
const NO_CI_OPT_OUTS: &[&str] = &["PI_BASH_NO_CI", "CLAUDE_BASH_NO_CI"];

/// The host's environment with `defaults` set over it and `overrides` over those. A `CI` default is
/// skipped when the host sets `PI_BASH_NO_CI` or `CLAUDE_BASH_NO_CI` to a non-empty value.
pub fn host_env_with(
    defaults: &[(&str, &str)],
    overrides: &[(String, String)],
) -> Vec<(String, String)> {
    env_over(
        &std::env::vars_os().collect::<Vec<_>>(),
        defaults,
        overrides,
    )
}

/// [`host_env_with`] for a host environment read already (`std::env::vars_os`): entries that are
/// not UTF-8 are left out.
pub fn env_over(
    host: &[(OsString, OsString)],
    defaults: &[(&str, &str)],
    overrides: &[(String, String)],
) -> Vec<(String, String)> {
    let host = host
        .iter()
        .filter_map(|(k, v)| Some((k.to_str()?.to_string(), v.to_str()?.to_string())))
        .collect();
    env_with(host, defaults, overrides)
}

fn env_with(
    mut env: Vec<(String, String)>,
    defaults: &[(&str, &str)],
    overrides: &[(String, String)],
) -> Vec<(String, String)> {
    let no_ci = env
        .iter()
        .any(|(k, v)| NO_CI_OPT_OUTS.contains(&k.as_str()) && !v.is_empty());
    let mut set = |key: &str, value: &str| match env.iter_mut().find(|(k, _)| k == key) {
        Some(entry) => entry.1 = value.to_string(),
        None => env.push((key.to_string(), value.to_string())),
    };
    for (k, v) in defaults {
        if !(no_ci && *k == CI) {
            set(k, v);
        }
    }
    for (k, v) in overrides {
        set(k, v);
    }
    env
}

/// The non-interactive defaults for the keys `env` does not set (`CI` left out as in
/// [`host_env_with`]): what a command sees when its caller's variables are `env`.
pub fn defaults_under(env: &mut std::collections::HashMap<String, String>) {
    let no_ci = NO_CI_OPT_OUTS
        .iter()
        .any(|k| env.get(*k).is_some_and(|v| !v.is_empty()));
    for (k, v) in NON_INTERACTIVE_ENV {
        if !(env.contains_key(*k) || no_ci && *k == CI) {
            env.insert((*k).to_string(), (*v).to_string());
        }
    }
}

/// Whether `key` is a name a shell can export: `^[A-Za-z_][A-Za-z0-9_]*$`.
pub use crate::syntax::is_name as is_valid_env_key;

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    fn get<'a>(env: &'a [(String, String)], key: &str) -> Option<&'a str> {
        env.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    #[test]
    fn ci_is_left_out_when_the_host_opts_out() {
        let defaults = [("CI", "true"), ("AGENT", "1")];
        let plain = env_with(pairs(&[("PATH", "/bin")]), &defaults, &[]);
        assert_eq!(get(&plain, "CI"), Some("true"));
        for opt_out in NO_CI_OPT_OUTS {
            let env = env_with(pairs(&[(opt_out, "1"), ("CI", "host")]), &defaults, &[]);
            assert_eq!(
                (get(&env, "CI"), get(&env, "AGENT")),
                (Some("host"), Some("1"))
            );
        }
        // An empty value is no opt-out (the anchor tests the value's truthiness).
        let empty = env_with(pairs(&[("PI_BASH_NO_CI", "")]), &defaults, &[]);
        assert_eq!(get(&empty, "CI"), Some("true"));
        // The caller's own CI still wins.
        let mine = env_with(
            pairs(&[("PI_BASH_NO_CI", "1")]),
            &defaults,
            &pairs(&[("CI", "yes")]),
        );
        assert_eq!(get(&mine, "CI"), Some("yes"));
    }

    #[test]
    fn keys_are_unique() {
        let mut keys: Vec<&str> = NON_INTERACTIVE_ENV.iter().map(|(k, _)| *k).collect();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), NON_INTERACTIVE_ENV.len());
    }

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
