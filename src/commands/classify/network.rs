//! Programs that reach the network as their job: downloaders (`curl`, `wget`, HTTPie), whose
//! output piped into a shell runs remote code, and `ssh`, which runs its remote command as shell
//! code on the other machine.

use super::args::*;
use super::verdict::{Level, Nested, Verdict};
use super::words::Word;

pub fn curl(args: &[Word]) -> Verdict {
    if reads_local_files(args) {
        // What the output feeds (`| sh`) is judged where it goes.
        return Verdict {
            downloads: true,
            ..Verdict::default()
        };
    }
    let mut v = Verdict::write("curl accesses the network");
    let writes_file = has_long(args, "--output")
        || has_long(args, "--remote-name")
        || has_long(args, "--output-dir")
        || has_short(args, 'o')
        || has_short(args, 'O');
    if writes_file {
        v.push(Level::Write, "curl writes the download to a file");
    }
    let sends = [
        "--data",
        "--data-binary",
        "--data-raw",
        "--data-urlencode",
        "--form",
        "--upload-file",
        "--json",
    ]
    .iter()
    .any(|o| has_long(args, o))
        || has_short(args, 'd')
        || has_short(args, 'F')
        || has_short(args, 'T');
    if sends {
        v.push(Level::Write, "curl sends data to a server");
    }
    v.downloads = !writes_file;
    v
}

/// `curl -s file:///…/f`: every URL names a local file (`file://`) and every option only shapes
/// what is printed, so curl copies files to its output. Its configuration (`.curlrc`, unless
/// `-q` comes first) can add any option: the context reads it (`context::tools`).
fn reads_local_files(args: &[Word]) -> bool {
    const FLAGS: &[&str] = &[
        "--silent",
        "--show-error",
        "--disable",
        "--fail",
        "--fail-with-body",
        "--location",
        "--include",
        "--head",
        "--insecure",
        "--compressed",
        "--no-buffer",
        "--globoff",
        "--no-progress-meter",
        "--progress-bar",
    ];
    const WITH_VALUE: &[&str] = &["-r", "--range", "-m", "--max-time", "--connect-timeout"];
    let mut urls = 0;
    let mut i = 0;
    while let Some(a) = args.get(i) {
        i += 1;
        let text = a.value.as_deref().unwrap_or(&a.shape);
        if let Some(rest) = text.strip_prefix("file://") {
            if rest.contains(['{', '[']) || !(rest.starts_with('/') || rest.starts_with('$')) {
                return false;
            }
            urls += 1;
            continue;
        }
        let Some(v) = a.value.as_deref() else {
            return false;
        };
        // `-o /dev/null` (or `-`, curl(1): standard output) writes no file; `-w FORMAT` prints
        // FORMAT after the transfer, unless it holds `%output{FILE}` (curl 8.3), which writes
        // FILE; `-w @FILE` reads the format from a file, which is not read here.
        let next = || args.get(i).and_then(|n| n.value.as_deref());
        let harmless_value = |option: &str, value: Option<&str>| match option {
            "o" | "output" => value.is_some_and(|p| super::grammar::writes_no_file(p, true)),
            "w" | "write-out" => {
                value.is_some_and(|f| !f.contains("%output{") && !f.starts_with('@'))
            }
            _ => false,
        };
        if let Some((name, value)) = v.strip_prefix("--").and_then(|l| l.split_once('=')) {
            if harmless_value(name, Some(value)) {
                continue;
            }
        }
        let last_letter = v
            .strip_prefix('-')
            .filter(|l| !l.starts_with('-') && !l.is_empty())
            .map(|l| (&l[..l.len() - 1], &l[l.len() - 1..]));
        let with_value = match v.strip_prefix("--") {
            Some(long) => Some(("", long)),
            None => {
                last_letter.filter(|(flags, _)| flags.chars().all(|c| "sSqfLiIkNg#".contains(c)))
            }
        };
        if let Some((_, option)) =
            with_value.filter(|(_, o)| matches!(*o, "o" | "output" | "w" | "write-out"))
        {
            if !harmless_value(option, next()) {
                return false;
            }
            i += 1;
            continue;
        }
        if WITH_VALUE.contains(&v) {
            i += 1;
        } else if FLAGS.contains(&v)
            || WITH_VALUE
                .iter()
                .any(|o| o.starts_with("--") && v.starts_with(&format!("{o}=")))
        {
        } else if let Some(letters) = v.strip_prefix('-').filter(|l| !l.starts_with('-')) {
            if letters.is_empty() || !letters.chars().all(|c| "sSqfLiIkNg#".contains(c)) {
                return false;
            }
        } else {
            return false;
        }
    }
    urls > 0
}

pub fn wget(args: &[Word]) -> Verdict {
    if refuses_every_url(args) {
        return Verdict::read_only();
    }
    let mut v = Verdict::write("wget downloads from the network");
    v.downloads = args.windows(2).any(|w| {
        w[0].value
            .as_deref()
            .is_some_and(|o| o.ends_with('O') && o.starts_with('-'))
            && w[1].is("-")
    }) || args.iter().any(|a| {
        a.value.as_deref().is_some_and(|o| {
            (o.starts_with('-') && !o.starts_with("--") && o.ends_with("O-"))
                || o == "--output-document=-"
        })
    });
    v
}

/// `wget -q -O - file:///…/f`: wget (1.21, url.c) retrieves only `http`, `https`, `ftp` and
/// `ftps` URLs; a URL with another scheme is refused ("Unsupported scheme") before anything is
/// opened for it, and one with no scheme is taken as http. So with every URL of another scheme
/// and only options that change what is printed (the document to stdout: `-O -`), wget reads its
/// wgetrc, prints an error and writes nothing (measured with strace). What the wgetrc files say
/// (`output_document`, `logfile`, `background` open files before the URLs are looked at) is the
/// context's (`context::tools`).
fn refuses_every_url(args: &[Word]) -> bool {
    const FLAGS: &[&str] = &[
        "-q",
        "--quiet",
        "-v",
        "--verbose",
        "-nv",
        "--no-verbose",
        "-S",
        "--server-response",
        "--spider",
        "-nc",
        "--no-clobber",
        "-N",
        "--timestamping",
        "-c",
        "--continue",
        "--no-check-certificate",
        "-4",
        "--inet4-only",
        "-6",
        "--inet6-only",
    ];
    const WITH_VALUE: &[&str] = &[
        "-t",
        "--tries",
        "-T",
        "--timeout",
        "-U",
        "--user-agent",
        "--header",
        "--max-redirect",
        "-w",
        "--wait",
    ];
    let mut urls = 0;
    let mut i = 0;
    while let Some(a) = args.get(i) {
        i += 1;
        let Some(v) = a.value.as_deref() else {
            return false;
        };
        let to_stdout = |value: Option<&str>| value == Some("-");
        if !v.starts_with('-') || v == "-" {
            let scheme = v.split_once("://").map(|(s, _)| s.to_ascii_lowercase());
            match scheme {
                Some(s)
                    if !s.is_empty()
                        && s.chars()
                            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
                        && !matches!(s.as_str(), "http" | "https" | "ftp" | "ftps") =>
                {
                    urls += 1
                }
                _ => return false,
            }
            continue;
        }
        if FLAGS.contains(&v) {
            continue;
        }
        if let Some(value) = v.strip_prefix("--output-document=") {
            if !to_stdout(Some(value)) {
                return false;
            }
            continue;
        }
        if v == "--output-document" {
            if !to_stdout(args.get(i).and_then(|n| n.value.as_deref())) {
                return false;
            }
            i += 1;
            continue;
        }
        if let Some((name, _)) = v.split_once('=') {
            if WITH_VALUE.contains(&name) && name.starts_with("--") {
                continue;
            }
            return false;
        }
        if WITH_VALUE.contains(&v) {
            i += 1;
            continue;
        }
        // A cluster of flags, `O` last with its value next or attached (`-qO-`, `-qO -`).
        let letters = &v[1..];
        match letters.split_once('O') {
            Some((flags, value)) if flags.chars().all(|c| "qvSNc".contains(c)) => {
                if value.is_empty() {
                    if !to_stdout(args.get(i).and_then(|n| n.value.as_deref())) {
                        return false;
                    }
                    i += 1;
                } else if value != "-" {
                    return false;
                }
            }
            None if !letters.is_empty() && letters.chars().all(|c| "qvSNc".contains(c)) => {}
            _ => return false,
        }
    }
    urls > 0
}

pub fn ssh(args: &[Word]) -> Verdict {
    #[rustfmt::skip]
    const WITH_VALUE: &[&str] = &[
        "-b", "-c", "-D", "-E", "-e", "-F", "-I", "-i", "-J", "-L", "-l", "-m", "-O", "-o", "-p", "-Q", "-R", "-S",
        "-W", "-w", "-B", "-P",
    ];
    let mut i = 0;
    // `-G` prints the configuration for a host and exits; `-V` prints the version; `-Q` lists
    // what is supported. None connects (`-E` would write a log file).
    let mut prints = false;
    let mut logs = false;
    while let Some(a) = args.get(i) {
        match a.value.as_deref() {
            Some(o) if WITH_VALUE.contains(&o) => {
                logs |= o == "-E";
                prints |= o == "-Q";
                i += 2
            }
            Some(o) if o.starts_with('-') && !o.starts_with("--") => {
                prints |= o.contains(['G', 'V']);
                logs |= o.contains('E');
                i += 1
            }
            Some(o) if o.starts_with('-') => i += 1,
            None if a.may_be_option() => {
                logs = true;
                i += 1
            }
            _ => break,
        }
    }
    if prints && !logs {
        return Verdict::read_only();
    }
    let mut v = Verdict::write("ssh connects to another machine");
    if let Some(remote) = args.get(i + 1..).filter(|r| !r.is_empty()) {
        v.push(Level::Write, "ssh runs commands on another machine");
        v.nested.push(Nested::Script(joined(remote)));
    }
    v
}

/// HTTPie and xh: they reach the network and print the download.
pub fn httpie(program: &str) -> Verdict {
    let mut v = Verdict::write(format!("{program} accesses the network"));
    v.downloads = true;
    v
}
