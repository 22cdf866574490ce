//! Tools with subcommands (package managers, container and cluster clients): which subcommands
//! only read, which reach the network, and the options a read may take. The command must come
//! first: an option before it may take a value that is really the command (`npm --cache ls
//! install` installs), so any option there makes the verdict unknown. After it, every option must
//! be on the tool's list of options that only change what is shown.

use super::verdict::{Level, Settle, Verdict};
use super::words::Word;

/// One tool.
struct Tool {
    name: &'static str,
    /// Subcommands (or `sub sub2` pairs) that only read local state.
    reads: &'static [&'static str],
    /// Subcommands that only read, but over the network (a `write` by the contract).
    network: &'static [&'static str],
    /// Options allowed after a read subcommand, space separated; `--x` also allows `--x=value`.
    /// A separate value word counts as an operand, which a read command only shows.
    options: &'static str,
}

#[rustfmt::skip]
const TOOLS: &[Tool] = &[
    Tool { name: "cargo",
        reads: &["tree", "metadata", "locate-project", "pkgid", "verify-project", "read-manifest", "version", "help", "fmt --check", "--list", "-vV", "-Vv",
            "clippy --version", "clippy -V", "fmt --version", "fmt -V", "miri --version",
            // `cargo fmt -- --emit=stdout` (rustfmt's stdout, checkstyle and json emit modes
            // print; `--emit files` is not listed).
            "fmt --emit=stdout", "fmt --emit=checkstyle", "fmt --emit=json",
            // `cargo clean --dry-run` lists what it would delete (cargo 1.82+).
            "clean --dry-run", "clean -n",
            // `cargo update --dry-run`: "Displays what would be updated, but doesn't actually
            // write the lockfile"; it asks the registry unless offline (below).
            "update --dry-run", "update -n"],
        network: &["search", "info", "owner"],
        options: "-p --package -e --edges -i --invert -d --duplicates --depth --prefix --no-dedupe --charset -f --format --features -F --all-features --no-default-features --target --all-targets --workspace --exclude --manifest-path --locked --offline --frozen --dry-run -n --release -r --profile --doc --target-dir --format-version --no-deps --filter-platform -q --quiet -v --verbose --color --check --all -h --help --message-format --workspace --precise --recursive --aggressive" },
    Tool { name: "rustup", reads: &["show", "which", "help", "toolchain list", "target list", "component list", "--version"], network: &["check"],
        options: "-v --verbose -q --quiet --installed --toolchain -h --help" },
    // `go generate -n` prints the commands it would run (it loads packages without their
    // imports, so nothing is fetched), but still writes (below); `-x` without `-n` runs them.
    Tool { name: "go", reads: &["version", "env", "help", "generate -n"], network: &["list", "doc", "vet", "mod download", "get"],
        options: "-json -changed -m -v -x -run -skip -tags" },
    Tool { name: "npm",
        reads: &["ls", "list", "ll", "la", "help", "root", "prefix", "bin", "why", "explain", "query", "config get", "config list", "get", "fund", "pkg get"],
        network: &["view", "v", "info", "show", "outdated", "search", "s", "find", "doctor", "whoami", "audit", "ping", "access", "owner", "dist-tag", "team", "token", "profile"],
        options: "--all -a --json --long -l --parseable -p --depth --global -g --prod --production --dev --omit --include --link --unicode --location -w --workspace --workspaces --include-workspace-root --package-lock-only -h --help" },
    Tool { name: "yarn", reads: &["list", "why", "help", "config get", "config list"], network: &["info", "outdated", "npm"],
        options: "--depth --pattern --json -h --help" },
    Tool { name: "pnpm", reads: &["list", "ls", "why", "help", "root", "bin", "config get", "config list", "store path"], network: &["outdated", "view", "info", "audit"],
        options: "--depth --json --long --parseable -g --global -r --recursive --prod -P --dev -D -h --help" },
    Tool { name: "pip", reads: &["list", "show", "freeze", "help", "check", "inspect", "debug", "config list", "config debug", "config get", "cache dir", "cache list", "cache info"], network: &["search", "index", "download"],
        options: "-v --verbose -q --quiet -f --files -l --local --user --format --not-required --exclude-editable --include-editable --path --all --exclude -h --help --disable-pip-version-check --no-color --no-cache-dir --no-input --isolated --no-python-version-warning --require-virtualenv" },
    // uv's `pip list`/`show`/`freeze`/`tree`, `python list` and `tool list` make its cache
    // (`~/.cache/uv`, CACHEDIR.TAG and what it learned of the interpreters) when it is not there
    // (measured, uv 0.13.9): not listed. `--no-cache` makes a temporary one instead.
    Tool { name: "uv", reads: &["help", "self version", "--version", "cache dir", "python dir", "tool dir"], network: &["tree", "version", "sync", "lock"],
        options: "--format --strict --exclude-editable --files --depth --invert --no-dedupe -q --quiet -v --verbose --color --no-progress -h --help --only-installed" },
    Tool { name: "poetry", reads: &["show", "check", "about", "help", "env info", "env list", "config --list"], network: &["search"],
        options: "--tree --only --without --with --top-level --why -T --no-dev -p --path --full-path -h --help --no-ansi -q --quiet -v" },
    // gem loads its plugins, and bundle (but for `-v`, `version`, `help` and `config`) evaluates
    // the Gemfile, on every command: the context's to say (`context::ruby`).
    Tool { name: "gem", reads: &["list", "info", "env", "help", "contents", "which", "specification", "spec", "-v", "--version"], network: &["search", "query", "fetch", "outdated"],
        options: "--local -l -d --details --versions --no-versions -a --all -e --exact -h --help" },
    Tool { name: "bundle", reads: &["list", "show", "info", "help", "-v", "--version", "version", "config list", "config get"], network: &["outdated"],
        options: "--paths --name-only --only-group --without-group --path -h --help --parseable" },
    Tool { name: "apt", reads: &["list", "show", "search", "policy", "depends", "rdepends", "help"], network: &["changelog", "download"],
        options: "--installed --upgradable --all-versions -a --names-only --full -h --help" },
    Tool { name: "apt-cache",
        reads: &["show", "search", "policy", "depends", "rdepends", "showpkg", "stats", "pkgnames", "madison", "dump", "showsrc", "unmet"],
        network: &[], options: "-n --names-only -f --full --installed --recurse -i --important --no-all-versions -h --help -q --quiet --no-pre-depends --no-depends --no-recommends --no-suggests --no-conflicts --no-breaks --no-replaces --no-enhances" },
    Tool { name: "apt-get", reads: &["help"], network: &["changelog", "download", "source", "update"], options: "" },
    Tool { name: "apk", reads: &["info", "search", "policy", "list"], network: &[],
        options: "-a --all -d --description -L --contents -R --depends -r --rdepends -s --size -w --webpage -e --installed -v --verbose -I --installed -o --orphaned -u --upgradable" },
    Tool { name: "dnf", reads: &["help", "--version"], network: &["list", "info", "search", "provides", "repolist", "check-update", "repoquery", "deplist", "history"], options: "" },
    Tool { name: "yum", reads: &["help", "--version"], network: &["list", "info", "search", "provides", "repolist", "check-update", "deplist", "history"], options: "" },
    Tool { name: "brew", reads: &["list", "ls", "--prefix", "--cellar", "--cache", "--repository", "config", "leaves", "commands", "help"], network: &["info", "search", "outdated", "deps", "uses", "desc", "doctor", "cat"],
        options: "--versions --formula --cask -1 -l --installed --json -q --quiet -h --help" },
    Tool { name: "snap", reads: &["list", "version", "services", "connections"], network: &["info", "find"], options: "--all" },
    Tool { name: "conda", reads: &["list", "info", "env list", "config --show"], network: &["search"],
        options: "-n --name -p --prefix --json -e --export --explicit --revisions -a --all -e --envs" },
    Tool { name: "docker",
        reads: &["ps", "images", "inspect", "logs", "version", "info", "stats", "top", "port", "history", "diff", "events", "help",
            "image ls", "image list", "image inspect", "image history", "container ls", "container list", "container ps",
            "container inspect", "container logs", "container top", "container port", "container diff", "container stats",
            "volume ls", "volume list", "volume inspect", "network ls", "network list", "network inspect", "context ls",
            "context list", "context inspect", "context show", "system df", "system info", "system events", "compose ps",
            "compose ls", "compose logs", "compose images", "compose top", "compose config", "compose version",
            "buildx ls", "buildx version", "buildx inspect", "builder ls", "builder inspect", "plugin ls", "plugin inspect"],
        network: &["search", "pull", "login", "manifest inspect"],
        options: "-a --all -q --quiet --no-trunc -f --filter --format -n --last -l --latest -s --size --tail -t --timestamps --since --until --details --follow -H --human --type --digests --no-stream -v --verbose --services --status --json" },
    Tool { name: "podman",
        reads: &["ps", "images", "inspect", "logs", "version", "info", "stats", "top", "port", "history", "diff", "events", "help",
            "image ls", "image list", "image inspect", "container ls", "container list", "container inspect", "volume ls", "volume inspect",
            "network ls", "network inspect", "system df", "system info", "pod ps", "pod ls"],
        network: &["search", "pull", "login"],
        options: "-a --all -q --quiet --no-trunc -f --filter --format -n --last -l --latest -s --size --tail -t --timestamps --since --until --details --follow --type --digests --no-stream" },
    Tool { name: "kubectl", reads: &["config view", "config get-contexts", "config current-context", "config get-clusters", "version --client", "help"],
        network: &["get", "describe", "logs", "explain", "top", "api-resources", "api-versions", "cluster-info", "diff", "events", "auth", "version"],
        options: "--client --minify --raw -o --output -h --help" },
    Tool { name: "helm", reads: &["version", "env", "help", "lint", "repo list", "plugin list"], network: &["list", "ls", "status", "get", "show", "history", "search", "template"],
        options: "--short --template -o --output -h --help --strict --values -f --set --namespace -n" },
    Tool { name: "terraform", reads: &["version", "fmt -check", "fmt --check", "-version", "-help"], network: &["plan", "show", "output", "providers", "graph", "state", "validate"],
        // Not `-diff`: it writes temporary files in /tmp to diff an unformatted file (measured, terraform 1.11).
        options: "-check -recursive -list=false -json -no-color" },
    Tool { name: "timedatectl", reads: &["status", "show", "list-timezones"], network: &[], options: "-a --all -p --property --value --no-pager" },
    Tool { name: "hostnamectl", reads: &["status", "show"], network: &[], options: "--static --transient --pretty --json" },
];

/// The verdict on `program args` for a tool of this module; `None` for other programs.
pub fn check(program: &str, args: &[Word]) -> Option<Verdict> {
    let tool = TOOLS.iter().find(|t| t.name == program)?;
    if program == "apt-get" && apt_get_simulates(args) {
        return Some(Verdict::read_only());
    }
    Some(judge(tool, args))
}

/// `apt-get -s install sl`, `apt-get --simulate remove x`: apt-get(8)'s "No action; perform a
/// simulation of events that would occur", which prints what would happen and changes nothing
/// (measured, apt 2.6 as root: nothing written). Only for the commands that change packages
/// (`update` and `clean` act anyway, `source` and `download` fetch) and with options that only
/// change what is printed or answered: no `-o` or `-c` (either can set any configuration).
fn apt_get_simulates(args: &[Word]) -> bool {
    const SIMULATE: &[&str] = &[
        "-s",
        "--simulate",
        "--just-print",
        "--dry-run",
        "--recon",
        "--no-act",
    ];
    const COMMANDS: &[&str] = &[
        "install",
        "remove",
        "purge",
        "upgrade",
        "dist-upgrade",
        "full-upgrade",
        "autoremove",
        "build-dep",
        "reinstall",
    ];
    const OPTIONS: &[&str] = &[
        "-y",
        "--yes",
        "--assume-yes",
        "-q",
        "-qq",
        "--quiet",
        "--no-install-recommends",
        "--no-install-suggests",
        "-V",
        "--verbose-versions",
        "-f",
        "--fix-broken",
        "-m",
        "--ignore-missing",
        "--no-upgrade",
        "--only-upgrade",
        "--auto-remove",
        "--autoremove",
        "--show-upgraded",
        "-u",
        "--allow-downgrades",
        "--reinstall",
    ];
    let Some(values) = super::args::values(args) else {
        return false;
    };
    let mut simulate = false;
    let mut command = None;
    for v in values {
        if SIMULATE.contains(&v) {
            simulate = true;
        } else if OPTIONS.contains(&v) {
        } else if v.starts_with('-') {
            return false;
        } else if command.is_none() {
            command = Some(v);
        }
    }
    simulate && command.is_some_and(|c| COMMANDS.contains(&c))
}

/// cargo's own commands and their aliases (`cargo --list`, cargo 1.95), and the toolchain's
/// components that rustup installs beside it (clippy, fmt, miri): any other `cargo NAME` runs a
/// `cargo-NAME` program.
const CARGO_COMMANDS: &[&str] = &[
    "add",
    "b",
    "bench",
    "build",
    "c",
    "check",
    "clean",
    "clippy",
    "config",
    "d",
    "doc",
    "fetch",
    "fix",
    "fmt",
    "generate-lockfile",
    "git-checkout",
    "help",
    "info",
    "init",
    "install",
    "locate-project",
    "login",
    "logout",
    "metadata",
    "miri",
    "new",
    "owner",
    "package",
    "pkgid",
    "publish",
    "r",
    "read-manifest",
    "remove",
    "report",
    "rm",
    "run",
    "rustc",
    "rustdoc",
    "search",
    "t",
    "test",
    "tree",
    "uninstall",
    "update",
    "vendor",
    "verify-project",
    "version",
    "yank",
];

fn judge(tool: &Tool, args: &[Word]) -> Verdict {
    let program = tool.name;
    let changes = || Verdict::write(format!("{program} can change files or run project code"));
    let mut words = args.iter();
    // `cargo +nightly tree`: rustup's toolchain selector.
    let mut first = words.next();
    if program == "cargo"
        && first
            .and_then(|w| w.value.as_deref())
            .is_some_and(|v| v.starts_with('+'))
    {
        first = words.next();
    }
    let Some(first) = first else {
        // `timedatectl` and `hostnamectl` alone show the status.
        return if matches!(program, "timedatectl" | "hostnamectl") {
            Verdict::read_only()
        } else {
            changes()
        };
    };
    let Some(sub) = first.value.as_deref() else {
        return Verdict::unknown(format!(
            "{program}'s command is only known at run time: {}",
            first.text
        ));
    };
    let rest: Vec<&Word> = words.collect();
    // `npm run` with no script lists the scripts.
    let lists_scripts = program == "npm"
        && matches!(sub, "run" | "run-script" | "rum" | "urn")
        && rest.iter().all(|w| {
            w.value.as_deref().is_some_and(|v| {
                matches!(
                    v,
                    "--json" | "--parseable" | "-w" | "--workspaces" | "--if-present"
                )
            })
        });
    // `npm version` with no operand prints the versions; with one it bumps and writes.
    let shows_versions = program == "npm"
        && sub == "version"
        && rest
            .iter()
            .all(|w| w.value.as_deref().is_some_and(|v| v == "--json"));
    if lists_scripts || shows_versions {
        return Verdict::read_only();
    }
    // `cargo NAME` and `cargo help NAME` for a command cargo does not have run `cargo-NAME`,
    // found on PATH or in ~/.cargo/bin (`--help` included: cargo passes it on; measured, cargo
    // 1.95).
    if program == "cargo" {
        let help_of = (sub == "help")
            .then(|| rest.first().and_then(|w| w.value.as_deref()))
            .flatten();
        if let Some(name) = [Some(sub), help_of]
            .into_iter()
            .flatten()
            .find(|n| !n.starts_with('-') && !CARGO_COMMANDS.contains(n))
        {
            return Verdict::unknown(format!(
                "cargo {name} runs cargo-{name}, a program found on PATH or in ~/.cargo/bin, which is not checked here"
            ));
        }
    }
    let only_help = (matches!(sub, "-h" | "--help" | "-v" | "-V" | "--version")
        || (sub == "version" && tool.reads.contains(&"version")))
        && rest.is_empty();
    // `cargo check --help`, `npm install -h`: a command's help, printed.
    let command_help = !sub.starts_with('-')
        && matches!(rest.as_slice(), [only] if only.is("--help") || only.is("-h"));
    if only_help || command_help {
        return Verdict::read_only();
    }
    if sub.starts_with('-') && !tool.reads.contains(&sub) {
        return Verdict::unknown(format!(
            "{program} is given an option before its command ({sub}); its value could be taken for the command"
        ));
    }
    // The second word names the subcommand only right after the first (`kubectl config set
    // current-context view` is `config set`, whose operand happens to be `view`).
    let second = rest
        .first()
        .filter(|w| !w.may_be_option())
        .and_then(|w| w.value.as_deref());
    let pair = second.map(|s| format!("{sub} {s}"));
    // An option that selects a read (`version --client`, `fmt --check`) may stand anywhere.
    let flagged: Vec<String> = rest
        .iter()
        .filter_map(|w| w.value.as_deref())
        .filter(|f| f.starts_with('-'))
        .map(|f| format!("{sub} {f}"))
        .collect();
    let listed = |list: &[&str]| {
        list.contains(&sub)
            || pair.as_deref().is_some_and(|p| list.contains(&p))
            || flagged.iter().any(|f| list.contains(&f.as_str()))
    };
    let pair_listed = |list: &[&str]| {
        pair.as_deref().is_some_and(|p| list.contains(&p))
            || flagged.iter().any(|f| list.contains(&f.as_str()))
    };
    // A two-word entry (`config get`) decides for its first word.
    let needs_pair = tool
        .reads
        .iter()
        .chain(tool.network)
        .any(|r| r.split_once(' ').is_some_and(|(s, _)| s == sub));
    let reads = if needs_pair {
        pair_listed(tool.reads)
    } else {
        listed(tool.reads)
    };
    let network = if needs_pair {
        pair_listed(tool.network)
    } else {
        listed(tool.network)
    };
    // `go list -m`, `go doc`, `go mod graph`, `go mod verify` read go.mod and the source tree
    // (and the module cache's copies of what it requires), and fetch what
    // go.mod requires (into the module cache): the context reads go.mod. `go list` of packages
    // makes its build cache and a `go-build` directory in TMPDIR (go 1.19, measured), and `go
    // doc` runs it for an import path outside the standard library: the context reads GOROOT.
    let go_module = program == "go"
        && (matches!(sub, "doc")
            || (sub == "list" && rest.iter().any(|w| w.is("-m")))
            || matches!(pair.as_deref(), Some("mod graph" | "mod verify")));
    if network && !reads && !go_module {
        return Verdict::write(format!("{program} {sub} reaches the network"));
    }
    if !reads && !go_module {
        return Verdict::write(format!(
            "{program} {sub} can change files or run project code"
        ));
    }
    // Loading `./...` made the build cache where there was none (go 1.19, measured on round
    // 37's repository: `~/.cache/go-build` with its 256 directories; nothing written once it
    // exists, and one package alone made none there). Which patterns open it is not told from
    // the words, so every dry run counts.
    if program == "go" && sub == "generate" {
        return Verdict::write(if go_generate_prints(&rest) {
            "go generate -n prints the commands, but loading the packages may make the build cache (GOCACHE, ~/.cache/go-build) where it is missing"
        } else {
            "go generate changes settings or packages"
        });
    }
    let writes_anyway =
        (program == "go" && sub == "env" && rest.iter().any(|w| w.is("-w") || w.is("-u")))
            || (program == "npm" && sub == "audit");
    if writes_anyway {
        return Verdict::write(format!("{program} {sub} changes settings or packages"));
    }
    if program == "go" && sub == "env" && go_env_probes_compiler(&rest) {
        return Verdict::write(
            "go env with no variable named, or naming CGO_*FLAGS, PKG_CONFIG or GOGCCFLAGS, runs the C compiler in a work directory it makes in TMPDIR",
        );
    }
    let offline = rest.iter().any(|w| w.is("--offline") || w.is("--frozen"));
    if program == "cargo" && sub == "update" && !offline {
        return Verdict::write(
            "cargo update --dry-run asks the registry over the network (--offline does not)",
        );
    }
    // `cargo tree` and `cargo metadata` resolve the dependencies first: they write a missing or
    // stale Cargo.lock and fetch the registry for it, unless told not to.
    let resolves = program == "cargo"
        && (sub == "tree" || (sub == "metadata" && !rest.iter().any(|w| w.is("--no-deps"))));
    let frozen = rest.iter().any(|w| w.is("--frozen"))
        || (rest.iter().any(|w| w.is("--locked")) && rest.iter().any(|w| w.is("--offline")));
    let allowed: Vec<&str> = tool.options.split_whitespace().collect();
    let mut v = Verdict::read_only();
    // `go list -m` alone names the main module from go.mod: no requirement is loaded (go 1.19,
    // measured with strace: GOPROXY=off and a requirement missing from the cache and go.sum,
    // nothing fetched or written); `all`, a pattern, `-u`, `-versions`, `-retracted` load them.
    // A go.mod's toolchain (or `go` line of 1.21 on) still makes a newer go switch first.
    let main_module_only = program == "go" && sub == "list" && {
        let mut words = rest.iter();
        let mut only = true;
        while let Some(w) = words.next() {
            match w.value.as_deref() {
                Some("-m" | "-json" | "-e") => {}
                Some("-f") => only &= words.next().is_some_and(|t| t.value.is_some()),
                Some(f) if f.starts_with("-json=") || f.starts_with("-f=") => {}
                _ => only = false,
            }
        }
        only
    };
    if go_module && main_module_only {
        v.push_unless(
            Level::Write,
            "go list -m may switch to the toolchain go.mod names, fetching it over the network",
            Settle::GoMainModule,
        );
    } else if go_module {
        let reason = if sub == "doc" {
            "go doc fetches the modules go.mod requires over the network, and runs go list, which makes the build cache, for a package that is neither a path nor the standard library's".to_string()
        } else {
            format!("go {sub} fetches the modules go.mod requires over the network")
        };
        v.push_unless(Level::Write, reason, Settle::GoModule);
    }
    if resolves && !frozen {
        v.push_unless(
            Level::Write,
            format!(
                "cargo {sub} may write Cargo.lock and fetch the registry (--frozen only reads)"
            ),
            Settle::CargoLockfile,
        );
    }
    for word in &rest {
        if super::grammar::could_expand_to_option(word) {
            v.push(
                Level::Unknown,
                format!(
                    "{program} {sub} is given {}, which bash can expand into options",
                    word.text
                ),
            );
        }
        let Some(value) = word.value.as_deref() else {
            if word.may_be_option() {
                v.push(
                    Level::Unknown,
                    format!(
                        "an argument of {program} {sub} is only known at run time: {}",
                        word.text
                    ),
                );
            }
            continue;
        };
        if value == "--" {
            break;
        }
        if !value.starts_with('-') || value == "-" {
            continue;
        }
        let name = value.split('=').next().unwrap_or(value);
        let known = allowed.contains(&name)
            || tool.reads.iter().any(|r| *r == format!("{sub} {value}"))
            || (!name.starts_with("--")
                && name[1..]
                    .chars()
                    .all(|c| allowed.contains(&format!("-{c}").as_str())));
        if !known {
            v.push(
                Level::Unknown,
                format!("{program} {sub} is given an option not known to only read: {value}"),
            );
        }
    }
    v
}

/// Whether `go generate` is given `-n` among its flags: go's flags end at the first operand, so
/// a later `-n` is a package pattern and the directives run.
/// Whether `go env` computes its costly variables: with no variable named (all are printed) or
/// naming one of them, go runs the C compiler to probe its flags, in a `go-build` directory it
/// makes in TMPDIR (cmd/go's `envcmd`, `ExtraEnvVarsCostly`; go 1.19, measured with strace). Names
/// are matched as go does, in capitals.
fn go_env_probes_compiler(rest: &[&Word]) -> bool {
    const COSTLY: &[&str] = &[
        "CGO_CFLAGS",
        "CGO_CPPFLAGS",
        "CGO_CXXFLAGS",
        "CGO_FFLAGS",
        "CGO_LDFLAGS",
        "PKG_CONFIG",
        "GOGCCFLAGS",
    ];
    let mut named = 0;
    for w in rest {
        match w.value.as_deref() {
            // An operand only known at run time could name any variable.
            None => return true,
            Some(v) if v.starts_with('-') => {}
            Some(v) => {
                named += 1;
                if COSTLY.contains(&v.to_ascii_uppercase().as_str()) {
                    return true;
                }
            }
        }
    }
    named == 0
}

fn go_generate_prints(rest: &[&Word]) -> bool {
    let mut words = rest.iter();
    while let Some(w) = words.next() {
        match w.value.as_deref() {
            Some("-n") => return true,
            Some("-run" | "-skip" | "-tags") => {
                words.next();
            }
            Some(v) if v.starts_with('-') && v != "-" && v != "--" => {}
            _ => return false,
        }
    }
    false
}
