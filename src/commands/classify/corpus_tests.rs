//! The classifier against its corpora: `corpus/adversarial.txt` and `corpus/fresh-adversarial.txt`
//! (commands that write, run code or reach the network; none may be read-only) and
//! `corpus/everyday.txt` and `corpus/fresh-everyday.txt` (commands that only read; at most 2 % of
//! each may be called anything else). The `fresh-` ones were written later by a new adversary. Entries marked `run` are really run by bash in a
//! throwaway directory, to check that the adversarial ones do change it and the everyday ones do
//! not.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use super::classify;
use super::verdict::Level;

const ADVERSARIAL: &[&str] = &[
    include_str!("corpus/adversarial.txt"),
    include_str!("corpus/fresh-adversarial.txt"),
];
const EVERYDAY: &[(&str, &str)] = &[
    ("everyday.txt", include_str!("corpus/everyday.txt")),
    (
        "fresh-everyday.txt",
        include_str!("corpus/fresh-everyday.txt"),
    ),
];

/// The share of everyday read-only commands that may be called something else.
const MAX_FALSE_ALARMS_PERCENT: f64 = 2.0;

struct Entry {
    /// `None`: any level but read-only.
    level: Option<Level>,
    command: String,
    why: String,
    run: bool,
}

fn unescape(s: &str) -> String {
    s.replace("\\n", "\n")
}

fn adversarial() -> Vec<Entry> {
    ADVERSARIAL
        .iter()
        .flat_map(|corpus| corpus.lines())
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            let level = match fields[0] {
                "write" => Some(Level::Write),
                "unknown" => Some(Level::Unknown),
                "dangerous" => Some(Level::Dangerous),
                "!read-only" => None,
                other => panic!("bad level {other:?} in {line:?}"),
            };
            assert!(fields.len() >= 3, "missing reason in {line:?}");
            Entry {
                level,
                command: unescape(fields[1]),
                why: fields[2].to_string(),
                run: fields.get(3) == Some(&"run"),
            }
        })
        .collect()
}

fn everyday() -> Vec<(String, bool)> {
    EVERYDAY.iter().flat_map(|(_, c)| everyday_in(c)).collect()
}

fn everyday_in(corpus: &str) -> Vec<(String, bool)> {
    corpus
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let (command, run) = match line.split_once('\t') {
                Some((c, flag)) => (c, flag == "run"),
                None => (line, false),
            };
            (unescape(command), run)
        })
        .collect()
}

#[test]
fn no_adversarial_command_is_read_only() {
    let entries = adversarial();
    assert!(entries.len() >= 300, "only {} entries", entries.len());
    let mut wrong = Vec::new();
    for entry in &entries {
        let got = classify(&entry.command);
        let ok = match entry.level {
            Some(level) => got.level == level,
            None => got.level != Level::ReadOnly,
        };
        if got.level == Level::ReadOnly || !ok {
            wrong.push(format!(
                "{:?} ({}): expected {}, got {} {:?}",
                entry.command,
                entry.why,
                entry.level.map_or("not read-only", Level::as_str),
                got.level.as_str(),
                got.reasons
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} misclassified:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn few_everyday_commands_are_called_more_than_read_only() {
    assert!(everyday().len() >= 350, "only {} entries", everyday().len());
    for (name, corpus) in EVERYDAY {
        let entries = everyday_in(corpus);
        let alarms: Vec<String> = entries
            .iter()
            .filter_map(|(command, _)| {
                let got = classify(command);
                (got.level != Level::ReadOnly)
                    .then(|| format!("{command:?}: {} {:?}", got.level.as_str(), got.reasons))
            })
            .collect();
        let percent = 100.0 * alarms.len() as f64 / entries.len() as f64;
        println!(
            "{name}: everyday read-only commands called something else: {} of {} ({percent:.1} %)\n{}",
            alarms.len(),
            entries.len(),
            alarms.join("\n")
        );
        assert!(
            percent <= MAX_FALSE_ALARMS_PERCENT,
            "{name}: {percent:.1} % false alarms:\n{}",
            alarms.join("\n")
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Running the corpora

const RUN_TIMEOUT_SECS: &str = "10"; // the slowest entry (git with a pager) takes well under a second

/// A throwaway directory with the fixtures the corpora name: `work/` is where commands run,
/// `home/` their HOME, `work/in.txt` their stdin.
struct Sandbox {
    root: PathBuf,
}

impl Sandbox {
    fn new(tag: &str) -> Option<Sandbox> {
        let root = std::env::temp_dir().join(format!(
            "classify-corpus-{tag}-{}-{}",
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .ok()?
                .as_nanos()
        ));
        std::fs::create_dir_all(root.join("work"))
            .and_then(|()| std::fs::create_dir_all(root.join("home")))
            .ok()?;
        let setup = "printf 'b\\na\\nc\\n' > a.txt; printf 'a\\nc\\nd\\n' > b.txt; echo v > v; \
            mkdir d; echo f > d/f; echo in > in.txt; tar cf x.tar a.txt; tar czf x.tgz a.txt; \
            gzip -c a.txt > x.gz; echo 'let x = 1;' > a.js; ar rc x.a a.txt; \
            printf -- '--- a/a.txt\\n+++ b/a.txt\\n@@ -1 +1 @@\\n-b\\n+B\\n' > x.patch; git init -q -b main . && git add -A && \
            git -c user.name=t -c user.email=t@t commit -qm init";
        let sandbox = Sandbox { root };
        let ok = sandbox.command(setup).status().ok()?.success();
        ok.then_some(sandbox)
    }

    fn work(&self) -> PathBuf {
        self.root.join("work")
    }

    fn command(&self, script: &str) -> Command {
        let mut c = Command::new("timeout");
        c.args([
            "-k",
            "1",
            RUN_TIMEOUT_SECS,
            "bash",
            "--noprofile",
            "--norc",
            "-c",
            script,
        ])
        .current_dir(self.work())
        .env_clear()
        .env("HOME", self.root.join("home"))
        .env("PATH", "/usr/local/bin:/usr/bin:/bin")
        .env("LANG", "C.UTF-8")
        .env("TERM", "dumb")
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .stdout(Stdio::null())
        .stderr(Stdio::null());
        c
    }

    /// Runs `script` with stdin from `in.txt`; whether the directory changed.
    fn changes(&self, script: &str) -> bool {
        let before = snapshot(&self.work());
        let stdin = std::fs::File::open(self.work().join("in.txt"))
            .map(Stdio::from)
            .unwrap_or_else(|_| Stdio::null());
        let _ = self.command(script).stdin(stdin).status();
        snapshot(&self.work()) != before
    }
}

impl Drop for Sandbox {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

/// Every path under `dir` with its length and modification time; git's index is left out
/// (`git status` refreshes it, which is not a change a user would see).
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, (u64, Option<std::time::SystemTime>)> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.ends_with(".git/index") {
                continue;
            }
            let Ok(meta) = entry.metadata() else {
                continue;
            };
            // A directory's own time changes with its entries, which are compared one by one
            // (git's lock files come and go inside .git).
            if meta.is_dir() {
                stack.push(path.clone());
                out.insert(path, (0, None));
                continue;
            }
            out.insert(path, (meta.len(), meta.modified().ok()));
        }
    }
    out
}

fn tools_present() -> bool {
    ["bash", "git", "timeout", "tar", "gzip"].iter().all(|t| {
        Command::new("sh")
            .args(["-c", &format!("command -v {t}")])
            .stdout(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    })
}

#[test]
fn adversarial_commands_really_change_things() {
    if !tools_present() {
        eprintln!("skipped: bash, git, timeout, tar or gzip missing");
        return;
    }
    let entries: Vec<Entry> = adversarial().into_iter().filter(|e| e.run).collect();
    assert!(entries.len() >= 80, "only {} run entries", entries.len());
    let mut harmless = Vec::new();
    for entry in &entries {
        let Some(sandbox) = Sandbox::new("adversarial") else {
            panic!("could not set up a sandbox");
        };
        if !sandbox.changes(&entry.command) {
            harmless.push(format!("{:?} ({})", entry.command, entry.why));
        }
    }
    println!("ran {} adversarial commands", entries.len());
    assert!(
        harmless.is_empty(),
        "these changed nothing when run, so they do not show what they claim:\n{}",
        harmless.join("\n")
    );
}

#[test]
fn everyday_commands_really_only_read() {
    if !tools_present() {
        eprintln!("skipped: bash, git, timeout, tar or gzip missing");
        return;
    }
    let Some(sandbox) = Sandbox::new("everyday") else {
        panic!("could not set up a sandbox");
    };
    let entries: Vec<String> = everyday()
        .into_iter()
        .filter(|(_, run)| *run)
        .map(|(c, _)| c)
        .collect();
    assert!(entries.len() >= 150, "only {} run entries", entries.len());
    let changed: Vec<&String> = entries.iter().filter(|c| sandbox.changes(c)).collect();
    println!("ran {} everyday commands", entries.len());
    assert!(
        changed.is_empty(),
        "these changed the directory: {changed:#?}"
    );
}
