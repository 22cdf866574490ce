//! Programs that look at or change the machine itself: its network configuration (`ip`,
//! `ifconfig`), processes (`kill`), disks (partitioners, `mount`), services (`systemctl`), clock,
//! name, kernel log and parameters, run level; each reads only with the arguments listed here.

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

/// `init`/`telinit`: levels 0 and 6 power off or restart the machine.
pub fn run_level(program: &str, args: &[Word]) -> Verdict {
    match operands(args, &[]).first() {
        Some(level) if level.is("0") || level.is("6") => Verdict::dangerous(format!(
            "{program} {} powers off or restarts the machine",
            level.text
        )),
        _ => Verdict::write(format!("{program} changes the run level")),
    }
}

/// `date`: reads, unless it sets the clock (`-s`, `--set`, or a date as an operand).
pub fn date(args: &[Word]) -> Verdict {
    let sets_clock = has_short(args, 's')
        || has_long_prefix(args, "--set")
        || operands(args, &["-d", "--date", "-f", "--file", "-r", "--reference"])
            .iter()
            .any(|o| {
                o.value
                    .as_deref()
                    .is_some_and(|v| v.starts_with(|c: char| c.is_ascii_digit()))
            });
    if sets_clock {
        Verdict::write("date sets the system clock")
    } else {
        Verdict::read_only()
    }
}

/// `hostname`: reads, unless given a new name or a file to read one from.
pub fn hostname(args: &[Word]) -> Verdict {
    match (
        operands(args, &[]).first(),
        has_short(args, 'F')
            || has_short(args, 'b')
            || has_long_prefix(args, "--file")
            || has_long_prefix(args, "--boot"),
    ) {
        (Some(_), _) | (_, true) => Verdict::write("hostname renames the machine"),
        _ => Verdict::read_only(),
    }
}

/// `dmesg`: reads, unless it clears the kernel log or changes the console level.
pub fn dmesg(args: &[Word]) -> Verdict {
    // Short options that only choose what is shown (`l`, `f`, `s`, `F`, `K` take a value).
    const SHOWS: &str = "HTtxkuwWLSrdePJpVh";
    const VALUES: &str = "lfsFK";
    const CHANGES: &[&str] = &[
        "--clear",
        "--read-clear",
        "--console-off",
        "--console-on",
        "--console-level",
    ];
    let mut i = 0;
    while let Some(a) = args.get(i) {
        i += 1;
        let Some(v) = a.value.as_deref() else {
            return Verdict::unknown(format!(
                "an argument of dmesg is only known at run time: {}",
                a.text
            ));
        };
        if let Some(long) = v.strip_prefix("--") {
            let name = long.split('=').next().unwrap_or(long);
            if name.is_empty() || CHANGES.iter().any(|c| c[2..].starts_with(name)) {
                return Verdict::write("dmesg changes the kernel log");
            }
            continue;
        }
        let Some(cluster) = v.strip_prefix('-') else {
            continue;
        };
        for (at, c) in cluster.char_indices() {
            if VALUES.contains(c) {
                if at + 1 == cluster.len() {
                    i += 1;
                }
                break;
            }
            if !SHOWS.contains(c) {
                return Verdict::write("dmesg changes the kernel log");
            }
        }
    }
    Verdict::read_only()
}

/// `journalctl`: reads, unless it vacuums, rotates, flushes or sets up keys.
pub fn journalctl(args: &[Word]) -> Verdict {
    let changes = [
        "--vacuum-size",
        "--vacuum-files",
        "--vacuum-time",
        "--rotate",
        "--flush",
        "--sync",
        "--relinquish-var",
        "--smart-relinquish-var",
        "--setup-keys",
        "--update-catalog",
    ]
    .iter()
    .any(|o| has_long_prefix(args, o));
    if changes {
        Verdict::write("journalctl changes the system journal")
    } else {
        Verdict::read_only()
    }
}

/// `sysctl`: reads names with options that only choose what is shown; anything else may set a
/// kernel parameter.
pub fn sysctl(args: &[Word]) -> Verdict {
    // Reads only names (no `=`) with options that only choose what is shown.
    let allowed = [
        "-a",
        "-A",
        "-X",
        "-n",
        "-e",
        "-N",
        "-q",
        "-b",
        "-d",
        "-h",
        "--all",
        "--values",
        "--names",
        "--binary",
        "--ignore",
        "--quiet",
        "--help",
        "--version",
        "-r",
        "--pattern",
    ];
    let mut v = Verdict::read_only();
    for a in args {
        match a.value.as_deref() {
            None => v.push(
                Level::Unknown,
                format!(
                    "an argument of sysctl is only known at run time: {}",
                    a.text
                ),
            ),
            Some(x)
                if x.starts_with('-')
                    && !allowed.contains(&x)
                    && !(x.len() > 2
                        && !x.starts_with("--")
                        && x[1..].chars().all(|c| "aAXneNqbdh".contains(c))) =>
            {
                v.push(
                    Level::Write,
                    format!("sysctl {x} changes or loads kernel parameters"),
                )
            }
            Some(x) if x.contains('=') => v.push(Level::Write, "sysctl changes kernel parameters"),
            _ => {}
        }
    }
    v
}

/// `mount`: lists mounts only with no operand and listing options.
pub fn mount(args: &[Word]) -> Verdict {
    // Lists mounts only with no operand and listing options.
    let lists = args.iter().all(|a| {
        matches!(
            a.value.as_deref(),
            Some(
                "-l" | "--show-labels" | "-h" | "--help" | "-V" | "--version" | "-v" | "--verbose"
            )
        )
    });
    if lists {
        Verdict::read_only()
    } else {
        Verdict::write("mount mounts or changes a file system")
    }
}

/// `ifconfig`, `route`, `arp`: more than one operand changes the network configuration.
pub fn net_config(program: &str, args: &[Word]) -> Verdict {
    if operands(args, &[]).len() > 1 {
        Verdict::write(format!("{program} changes the network configuration"))
    } else {
        Verdict::read_only()
    }
}
