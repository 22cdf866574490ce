//! Which variable assignments are harmless. A variable in a program's environment can configure
//! it as surely as an option (`TAR_OPTIONS`, `GIT_CONFIG_COUNT`, `RIPGREP_CONFIG_PATH`, `GCONV_PATH`),
//! and the shell itself runs code from some (`PS4`, `PROMPT_COMMAND`, `BASH_ENV`).
//!
//! An assignment before a command (`NAME=value cmd`) exists only to configure that command, so it
//! must be on a short list of names known to only change formatting. A shell assignment or
//! `export` (`dir=src; ls $dir`) is harmless unless its name looks like configuration: the list
//! of patterns below is deliberately broad.

/// Names that only change how programs format what they print.
const HARMLESS: &[&str] = &[
    "LANG",
    "LANGUAGE",
    "TZ",
    "TERM",
    "COLUMNS",
    "LINES",
    "NO_COLOR",
    "CLICOLOR",
    "CLICOLOR_FORCE",
    "FORCE_COLOR",
    "COLORTERM",
    "GIT_PAGER",
    "PAGER",
    "MANPAGER",
    "SYSTEMD_PAGER",
    "GIT_TERMINAL_PROMPT",
    "LS_COLORS",
    "TIME_STYLE",
    "QUOTING_STYLE",
    "BLOCK_SIZE",
    "DF_BLOCK_SIZE",
    "DU_BLOCK_SIZE",
];

/// Pagers may be set, but only to a program that just prints.
const HARMLESS_PAGERS: &[&str] = &["", "cat", "less", "more", "less -R", "less -FRX"];

/// Parts of a name that mark it as configuration of some program or of the shell.
#[rustfmt::skip]
const CONFIG_PARTS: &[&str] = &[
    "OPT", "FLAG", "CONF", "CFG", "PATH", "HOME", "DIR", "LIB", "PRELOAD", "AUDIT", "CMD", "COMMAND", "PROG", "EXEC",
    "SHELL", "EDITOR", "PAGER", "VISUAL", "BROWSER", "PROXY", "HOOK", "PLUGIN", "INIT", "ENV", "ASKPASS", "SSH",
    "TRACE", "DEBUG", "LOG", "FILE", "OUT", "CACHE", "TMP", "TEMP", "SOCK", "HOST", "URL", "REGISTRY", "RC",
    "DIFF", "TOOL", "WRAPPER", "LOAD", "MODULE", "ARGS", "PROFILE", "PROMPT", "STARTUP", "INCLUDE", "SCRIPT",
    "RUNNER", "FUNC", "GLOB",
];

/// Prefixes that belong to programs read from the environment.
#[rustfmt::skip]
const CONFIG_PREFIXES: &[&str] = &[
    "GIT", "LD_", "DYLD_", "BASH", "PS", "IFS", "PYTHON", "PERL", "RUBY", "NODE", "NPM", "YARN", "PNPM", "CARGO",
    "RUST", "GO", "KUBE", "DOCKER", "HELM", "TF_", "AWS", "CLOUDSDK", "AZURE", "LESS", "MAN", "GREP", "RIPGREP",
    "TAR", "GZIP", "BZIP", "XZ", "ZSTD", "LZ", "JQ", "FZF", "BAT", "EXA", "EZA", "POSIXLY", "MALLOC", "GLIBC", "GCONV",
    "LOCPATH", "NLSPATH", "TERMINFO", "TERMCAP", "HIST", "SUDO", "MAKE", "CC", "CXX", "CPP", "AR", "JAVA", "MAVEN",
    "GRADLE", "ANDROID", "COMPOSER", "GEM", "BUNDLE", "PIP", "UV_", "POETRY", "CONDA", "VIRTUAL", "CDPATH", "ENV",
    "SHELLOPTS", "PROMPT", "OLDPWD", "PWD", "HOME", "USER", "LOGNAME", "MAIL", "XDG_", "SSL", "CURL", "WGET",
    "OPENSSL", "GNUPG", "GPG", "AWK", "SED", "FIND", "TIME", "TZDIR", "LC_", "SYSTEMD", "DBUS", "DISPLAY",
    "WAYLAND", "EDITOR", "VISUAL", "PAGER", "BROWSER", "COLUMNS", "INPUTRC", "FIGNORE", "EXECIGNORE", "FUNCNEST",
    "OPTERR", "OPTIND", "TMOUT", "READLINE", "SECONDS", "RANDOM", "SRANDOM", "HOSTNAME", "CLASSPATH", "LUA",
    "PHP", "R_", "JULIA", "DENO", "BUN", "OLLAMA", "OPENAI", "ANTHROPIC",
];

/// Lower-case names that programs read anyway.
const LOWER_CONFIG_PREFIXES: &[&str] = &[
    "http_proxy",
    "https_proxy",
    "ftp_proxy",
    "all_proxy",
    "no_proxy",
    "rsync_proxy",
    "npm_config_",
    "npm_package_",
    "yarn_",
    "pnpm_",
];

/// Why `NAME=value` placed before a command is not harmless, when it is not.
pub fn prefix_risk(name: &str, value: Option<&str>) -> Option<String> {
    let pager = name.ends_with("PAGER");
    let known = HARMLESS.contains(&name) || name.starts_with("LC_");
    let plain_value =
        value.is_some_and(|v| !v.contains('/') && (!pager || HARMLESS_PAGERS.contains(&v)));
    if known && plain_value {
        return None;
    }
    Some(format!(
        "{name}= before a command can configure what the command does"
    ))
}

/// Whether `NAME=value` only changes formatting (`LC_ALL=C`, `GIT_PAGER=cat`).
pub fn harmless(name: &str, value: Option<&str>) -> bool {
    prefix_risk(name, value).is_none()
}

/// Why assigning or exporting the shell variable `name` is not harmless, when it is not.
pub fn shell_risk(name: &str, value: Option<&str>) -> Option<String> {
    if HARMLESS.contains(&name) || name.starts_with("LC_") {
        return prefix_risk(name, value)
            .map(|_| format!("setting {name} can change what later commands do"));
    }
    let lower = name.to_ascii_lowercase();
    if LOWER_CONFIG_PREFIXES.iter().any(|p| lower.starts_with(p)) {
        return Some(format!(
            "setting {name} changes how later commands reach the network"
        ));
    }
    if name.chars().any(|c| c.is_ascii_lowercase()) {
        return None;
    }
    let configures = CONFIG_PARTS.iter().any(|p| name.contains(p))
        || CONFIG_PREFIXES.iter().any(|p| name.starts_with(p));
    configures.then(|| {
        format!("setting {name} can change which programs later commands run or what they load")
    })
}

/// Variables that decide which programs later commands run or what those programs load.
#[rustfmt::skip]
const HIJACK_VARIABLES: &[&str] = &[
    "PATH", "LD_PRELOAD", "LD_LIBRARY_PATH", "LD_AUDIT", "DYLD_INSERT_LIBRARIES", "DYLD_LIBRARY_PATH", "BASH_ENV",
    "ENV", "PROMPT_COMMAND", "PS4", "IFS", "SHELLOPTS", "BASHOPTS", "GIT_SSH", "GIT_SSH_COMMAND", "GIT_EXTERNAL_DIFF",
    "GIT_PAGER", "PAGER", "EDITOR", "VISUAL", "GIT_EDITOR", "GIT_EXEC_PATH", "GIT_CONFIG_PARAMETERS",
    "GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_ASKPASS", "SSH_ASKPASS", "PYTHONPATH", "PYTHONSTARTUP",
    "NODE_OPTIONS", "PERL5OPT", "PERL5LIB", "RUBYOPT", "LESSOPEN", "LESSCLOSE", "MANPAGER", "BROWSER",
];

/// Why assigning `name` is not harmless, when it is not.
pub fn hijack_reason(name: &str) -> Option<String> {
    HIJACK_VARIABLES.contains(&name).then(|| {
        format!("setting {name} can change which programs later commands run or what they load")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tells_configuration_from_plain_variables() {
        for name in [
            "TAR_OPTIONS",
            "RIPGREP_CONFIG_PATH",
            "GIT_CONFIG_COUNT",
            "GIT_CONFIG_KEY_0",
            "GIT_TRACE",
            "PERLLIB",
            "GCONV_PATH",
            "GOFLAGS",
            "KUBECTL_EXTERNAL_DIFF",
            "PATH",
            "PS4",
            "PROMPT_COMMAND",
            "BASH_ENV",
            "LD_PRELOAD",
            "IFS",
            "http_proxy",
            "HTTPS_PROXY",
            "npm_config_script_shell",
            "POSIXLY_CORRECT",
            "HOME",
            "LESSOPEN",
            "EDITOR",
        ] {
            assert!(shell_risk(name, Some("x")).is_some(), "{name}");
            assert!(prefix_risk(name, Some("x")).is_some(), "{name}");
        }
        for name in ["dir", "f", "count", "FOO", "N", "BRANCH", "NAME", "myVar"] {
            assert_eq!(shell_risk(name, Some("x")), None, "{name}");
            assert!(prefix_risk(name, Some("x")).is_some(), "{name}");
        }
        for (name, value) in [
            ("LC_ALL", "C"),
            ("LANG", "C.UTF-8"),
            ("TZ", "UTC"),
            ("GIT_PAGER", "cat"),
            ("NO_COLOR", "1"),
        ] {
            assert_eq!(prefix_risk(name, Some(value)), None, "{name}");
            assert_eq!(shell_risk(name, Some(value)), None, "{name}");
        }
        assert!(prefix_risk("PAGER", Some("sh -c id")).is_some());
        assert!(prefix_risk("TZ", None).is_some());
    }
}
