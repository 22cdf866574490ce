//! Programs that change the system or run project tooling: `ip`, `ruff`, `kill`, partitioners,
//! `systemctl`; each reads only with the arguments listed here.

use super::args::*;
use super::verdict::Level;
use super::verdict::Verdict;
use super::words::Word;

/// `ip [options] object [command …]`: only `show`, `list` and `get` (or no command) read; ip
/// accepts any prefix of a command (`ip a a` is `ip addr add`), so nothing else is taken as a read.
pub fn ip(args: &[Word]) -> Verdict {
    const OPTIONS: &[&str] = &[
        "-4",
        "-6",
        "-s",
        "-stats",
        "-statistics",
        "-d",
        "-details",
        "-j",
        "-json",
        "-p",
        "-pretty",
        "-c",
        "-color",
        "-br",
        "-brief",
        "-o",
        "-oneline",
        "-h",
        "-human",
        "-human-readable",
        "-t",
        "-timestamp",
        "-ts",
        "-0",
        "-r",
        "-resolve",
        "-a",
        "-all",
    ];
    let mut words = args.iter();
    let mut object = None;
    for a in words.by_ref() {
        match a.value.as_deref() {
            Some(o)
                if OPTIONS.contains(&o) || o.starts_with("-color=") || o.starts_with("--color") => {
            }
            Some(o) if o.starts_with('-') => {
                return Verdict::unknown(format!(
                    "ip is given an option not known to only read: {o}"
                ))
            }
            Some(o) => {
                object = Some(o);
                break;
            }
            None => {
                return Verdict::unknown(format!(
                    "an argument of ip is only known at run time: {}",
                    a.text
                ))
            }
        }
    }
    let Some(object) = object else {
        return Verdict::read_only();
    };
    if object.starts_with("netns") && words.clone().next().is_some_and(|w| w.is("exec")) {
        return Verdict::unknown("ip netns exec runs a command");
    }
    match words.next().map(|w| w.value.as_deref()) {
        None | Some(Some("show" | "list" | "ls" | "lst" | "get")) => Verdict::read_only(),
        Some(Some(cmd)) if object.starts_with("mon") || object == "help" || cmd == "help" => {
            Verdict::read_only()
        }
        Some(Some(cmd)) => Verdict::write(format!(
            "ip {object} {cmd} changes the network configuration"
        )),
        Some(None) => Verdict::unknown("ip's command is only known at run time"),
    }
}

/// ruff: `check` and `format --check`/`--diff` read, unless told to fix or write.
pub fn ruff(args: &[Word]) -> Verdict {
    const WRITES: &[&str] = &[
        "--fix",
        "--fix-only",
        "--unsafe-fixes",
        "--add-noqa",
        "--output-file",
        "-o",
    ];
    const READS: &[&str] = &[
        "--select",
        "--ignore",
        "--extend-select",
        "--extend-ignore",
        "--per-file-ignores",
        "--extend-per-file-ignores",
        "--output-format",
        "--statistics",
        "--show-files",
        "--show-settings",
        "--show-fixes",
        "--no-show-fixes",
        "-q",
        "--quiet",
        "-v",
        "--verbose",
        "-s",
        "--silent",
        "--no-cache",
        "--config",
        "--isolated",
        "--target-version",
        "--line-length",
        "--exit-zero",
        "--diff",
        "--check",
        "--preview",
        "--no-preview",
        "-e",
        "--no-fix",
        "--respect-gitignore",
        "--no-respect-gitignore",
        "--exclude",
        "--extend-exclude",
        "--force-exclude",
        "--no-force-exclude",
        "--stdin-filename",
        "--fixable",
        "--unfixable",
        "--extend-fixable",
        "--dummy-variable-rgx",
        "--range",
        "--color",
        "-h",
        "--help",
        "-n",
    ];
    let sub = args.first().and_then(|a| a.value.as_deref());
    let rest = args.get(1..).unwrap_or(&[]);
    let mut v = Verdict::read_only();
    match sub {
        Some("check") => {}
        Some("format") if rest.iter().any(|a| a.is("--check") || a.is("--diff")) => {}
        Some("version" | "help" | "rule" | "linter" | "--version" | "--help" | "-V" | "-h") => {
            return v
        }
        _ => return Verdict::write(format!("ruff {} can rewrite files", sub.unwrap_or(""))),
    }
    for a in rest {
        match a.value.as_deref() {
            None if a.may_be_option() => v.push(
                Level::Unknown,
                format!("an argument of ruff is only known at run time: {}", a.text),
            ),
            Some(x) if x.starts_with('-') => {
                let name = x.split('=').next().unwrap_or(x);
                if WRITES.contains(&name) {
                    v.push(
                        Level::Write,
                        format!("ruff {name} rewrites or writes files"),
                    );
                } else if !READS.contains(&name) {
                    v.push(
                        Level::Unknown,
                        format!("ruff is given an option not known to only read: {x}"),
                    );
                }
            }
            _ => {}
        }
    }
    v
}

pub fn kill(args: &[Word]) -> Verdict {
    let mut pids = Vec::new();
    let mut signal_seen = false;
    let mut only_pids = false;
    let mut i = 0;
    while let Some(a) = args.get(i) {
        let value = a.value.as_deref().unwrap_or(&a.shape);
        match value {
            _ if only_pids => pids.push(value),
            "--" => only_pids = true,
            "-l" | "-L" | "--list" | "--table" => return Verdict::read_only(),
            "-s" | "-n" | "--signal" => {
                signal_seen = true;
                i += 1;
            }
            v if v.starts_with('-') && !signal_seen => signal_seen = true,
            v => pids.push(v),
        }
        i += 1;
    }
    if pids.contains(&"-1") {
        return Verdict::dangerous("kill -1 signals every process the user can reach");
    }
    if pids.contains(&"1") {
        return Verdict::dangerous("kill signals init (process 1)");
    }
    Verdict::write(format!("kill signals process {}", pids.join(", ")))
}

pub fn partitioner(program: &str, args: &[Word]) -> Verdict {
    let lists = has_short(args, 'l')
        || has_long(args, "--list")
        || (program == "sfdisk" && (has_short(args, 'd') || has_long(args, "--dump")))
        || (program == "sgdisk" && (has_short(args, 'p') || has_long(args, "--print")))
        || (program == "parted" && args.iter().any(|a| a.is("print")));
    if lists {
        Verdict::read_only()
    } else {
        Verdict::dangerous(format!("{program} changes a disk's partition table"))
    }
}

/// systemctl's options that only choose what is shown or which manager is asked.
#[rustfmt::skip]
pub const SYSTEMCTL_OPTIONS: &[&str] = &[
    "-a", "--all", "-t", "--type", "--state", "-l", "--full", "-p", "--property", "-P", "--value", "--no-pager",
    "--no-legend", "--plain", "-q", "--quiet", "--user", "--system", "-n", "--lines", "-o", "--output", "--show-types",
    "--failed", "-r", "--recursive", "--reverse", "--after", "--before", "--with-dependencies", "-h", "--help",
    "--version", "--root", "--legend", "--no-ask-password", "-i", "--ignore-inhibitors",
];

pub fn systemctl(args: &[Word]) -> Verdict {
    #[rustfmt::skip]
    const READS: &[&str] = &[
        "status", "show", "list-units", "list-unit-files", "list-timers", "list-sockets", "list-dependencies",
        "list-jobs", "list-machines", "is-active", "is-enabled", "is-failed", "is-system-running", "cat", "help",
        "get-default", "show-environment",
    ];
    #[rustfmt::skip]
    const POWER: &[&str] = &[
        "poweroff", "reboot", "halt", "kexec", "emergency", "rescue", "soft-reboot", "suspend", "hibernate",
        "hybrid-sleep",
    ];
    let takes_value = [
        "-t",
        "--type",
        "-p",
        "--property",
        "-H",
        "--host",
        "-M",
        "--machine",
        "-n",
        "--lines",
        "-o",
        "--output",
        "--state",
        "-s",
        "--signal",
        "--root",
    ];
    let verb = operands(args, &takes_value)
        .first()
        .and_then(|w| w.value.clone());
    let reads = verb.as_deref().is_none_or(|v| READS.contains(&v));
    for a in args.iter().filter(|_| reads) {
        match a.value.as_deref() {
            Some(o) if o.starts_with('-') && o.len() > 1 => {
                let name = o.split('=').next().unwrap_or(o);
                let cluster_ok = !name.starts_with("--")
                    && name[1..]
                        .chars()
                        .all(|c| SYSTEMCTL_OPTIONS.contains(&format!("-{c}").as_str()));
                if matches!(name, "-H" | "--host" | "-M" | "--machine") {
                    return Verdict::write("systemctl -H reaches another machine");
                }
                if !SYSTEMCTL_OPTIONS.contains(&name) && !cluster_ok {
                    return Verdict::unknown(format!(
                        "systemctl is given an option not known to only read: {o}"
                    ));
                }
            }
            None if a.may_be_option() => {
                return Verdict::unknown(format!(
                    "an argument of systemctl is only known at run time: {}",
                    a.text
                ))
            }
            _ => {}
        }
    }
    match operands(args, &takes_value)
        .first()
        .map(|w| w.value.as_deref())
    {
        None => Verdict::read_only(),
        Some(Some(sub)) if READS.contains(&sub) => Verdict::read_only(),
        Some(Some(sub)) if POWER.contains(&sub) => {
            Verdict::dangerous(format!("systemctl {sub} stops or restarts the machine"))
        }
        Some(Some(sub)) => Verdict::write(format!("systemctl {sub} changes system services")),
        Some(None) => Verdict::unknown("systemctl's command is only known at run time"),
    }
}
