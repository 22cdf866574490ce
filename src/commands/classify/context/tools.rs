//! What the environment and a few tools' own files make a program run:
//!
//! - every dynamically linked program: `LD_PRELOAD`, `LD_AUDIT`, `GCONV_PATH`,
//!   `LD_LIBRARY_PATH` naming a directory of the project, HOME or a temp dir, and an
//!   `OPENSSL_CONF` file that loads modules (for those that use OpenSSL); the variables that make
//!   any program write a file (`LD_DEBUG_OUTPUT`, `LD_PROFILE`, `MALLOC_TRACE`, `SSLKEYLOGFILE`);
//! - every program, whatever it is built on: language runtimes' own variables (`GHCRTS`,
//!   `JAVA_TOOL_OPTIONS`, `ERL_FLAGS`, `DOTNET_STARTUP_HOOKS`, …);
//! - by the kind of file a program is (its `#!` line): a bash script reads `BASH_ENV`,
//!   `SHELLOPTS` and exported functions; node `NODE_OPTIONS`; perl `PERL5OPT`/`PERL5LIB`; ruby
//!   `RUBYOPT`/`RUBYLIB`; lua `LUA_INIT`/`LUA_INIT_5_x`;
//! - `less`: `LESSOPEN`/`LESSCLOSE` from the environment or a lesskey file's `#env` section
//!   (it runs them even when its output is not a terminal);
//! - `rg`: the arguments `RIPGREP_CONFIG_PATH`'s file adds; `tar`: `TAR_OPTIONS`;
//! - `ssh -G`: a `Match exec` in the configuration it reads (`-F`, `~/.ssh/config`, includes);
//! - `flock`: whether its lock file is there (it creates one that is not); `top`: whether its
//!   configuration directory is (it makes one that is not);
//! - `sqlite3`: a database in WAL mode makes `-wal`/`-shm` files (and keeps them opened `-readonly`); `~/.sqliterc` runs
//!   first; `man`: `MANOPT`; pytest, flake8, tox, pylint: the project code they import at start
//!   ([`super::python::plugin_host`]).

use std::path::{Path, PathBuf};

use super::files::{self, Contents};
use super::{Env, Here, Var};
use crate::commands::classify::modes::SQLITE_CREATES;
use crate::commands::classify::readers;
use crate::commands::classify::verdict::{Level, Nested, Verdict};
use crate::commands::classify::words::Word;

/// The dynamic loader's variables, for every program. `GCONV_PATH` names where glibc looks for
/// its charset converters, which it loads when a conversion needs one: not for `iconv`'s
/// listing, version and help, which read the `gconv-modules` list and load nothing
/// (measured with strace, glibc 2.36, a planted list aliasing UTF-8 to a planted module).
///
/// `runs_only_itself`: the program's own verdict starts no other command (no wrapper's command,
/// no `-exec`, no script), so only the program itself reads the environment.
pub fn loader(
    env: &Env<'_>,
    dirs: &[PathBuf],
    program: &str,
    args: &[Word],
    runs_only_itself: bool,
    out: &mut Verdict,
) {
    let lists_converters = program == "iconv"
        && !args.is_empty()
        && args.iter().all(|a| {
            ["-l", "--list", "-V", "--version", "-?", "--help", "--usage"]
                .iter()
                .any(|o| a.is(o))
        });
    for name in ["LD_PRELOAD", "LD_AUDIT", "GCONV_PATH", "GLIBC_TUNABLES"] {
        if name == "GCONV_PATH" && (lists_converters || no_converters(env, dirs)) {
            continue;
        }
        if env.is_set(name) {
            out.push(
                Level::Unknown,
                format!("the environment's {name} makes every program load code it names"),
            );
        }
    }
    output_files(env, out);
    runtimes(env, program, runs_only_itself, out);
    openssl_conf(env, &dirs[0], out);
    match env.get("LD_LIBRARY_PATH") {
        Var::Runtime => out.push(
            Level::Unknown,
            "LD_LIBRARY_PATH is only known at run time: programs may load libraries from anywhere",
        ),
        Var::Set(paths) => {
            let home = env.home();
            // A directory that holds nothing (or is not there) in every directory the program
            // may run in gives the loader nothing to load, its `glibc-hwcaps` subdirectories
            // included: judged on the file system as the classifier sees it; a command that
            // puts a library there first writes, and is not read-only for that.
            let holds_nothing = |p: &str| {
                dirs.iter().all(|d| {
                    let named = files::join(d, if p.is_empty() { "." } else { p });
                    match std::fs::read_dir(&named) {
                        Ok(mut entries) => entries.next().is_none(),
                        Err(_) => files::absent(&named),
                    }
                })
            };
            let writable = paths.split(':').any(|p| {
                let dir = files::join(&dirs[0], if p.is_empty() { "." } else { p });
                let reachable = !p.starts_with('/')
                    || dirs.iter().any(|d| dir.starts_with(d))
                    || home.as_ref().is_some_and(|h| dir.starts_with(h))
                    || dir.starts_with("/tmp")
                    || dir.starts_with("/var/tmp");
                reachable && !holds_nothing(p)
            });
            if writable {
                out.push(
                    Level::Unknown,
                    format!("LD_LIBRARY_PATH ({paths}) makes programs load libraries from a directory of the project, HOME or a temp dir"),
                );
            }
        }
        Var::Unset => {}
    }
}

/// Whether every directory `GCONV_PATH` names holds neither a `gconv-modules` list nor a
/// `gconv-modules.d` directory of them, in every directory the program may run in: glibc loads a
/// converter only from a directory whose list names it, so such a value loads nothing (glibc
/// 2.36, strace: those two are all it opens there).
fn no_converters(env: &Env<'_>, dirs: &[PathBuf]) -> bool {
    let Var::Set(paths) = env.get("GCONV_PATH") else {
        return false;
    };
    dirs.iter().all(|dir| {
        paths.split(':').all(|p| {
            let named = files::join(dir, if p.is_empty() { "." } else { p });
            !files::exists(&named.join("gconv-modules"))
                && !files::exists(&named.join("gconv-modules.d"))
        })
    })
}

/// Language runtimes' own variables, which every program built on the runtime reads before it
/// does what it was asked, `--version` included. Which program is built on which runtime cannot
/// be told from its name (pandoc and shellcheck are Haskell programs, `gradle`, `kotlin` and
/// `javap` start a Java VM, `elixir` and `mix` the Erlang VM from a shell script), so they count
/// for every program:
/// - `GHCRTS`: the GHC runtime's options (`-t FILE`, `-S FILE`, `-h` write statistics or a heap
///   profile; measured: `pandoc --version` and `ghc --numeric-version` write `-t`'s file);
/// - `JAVA_TOOL_OPTIONS`, `_JAVA_OPTIONS` (every HotSpot VM) and `JDK_JAVA_OPTIONS` (the `java`
///   launcher, which build tools' scripts run): agents, `-Xlog:…:file=`, dumps; harmless values
///   (see [`harmless_jvm_options`]) count for nothing here (the VM's own /tmp/hsperfdata is said
///   by the program's verdict);
/// - `ERL_AFLAGS`, `ERL_FLAGS`, `ERL_ZFLAGS`: `erl`'s flags (`-eval`, `-s`, `-run` run code);
/// - `DOTNET_STARTUP_HOOKS`: the assemblies .NET loads first.
///
/// The Java VM's variables are the exception: a program that runs only itself and is not one of
/// those known to start a VM ([`starts_java_vm`]) reads none of them (`which java`, `sed`). Every
/// VM writes its performance data to /tmp/hsperfdata_<user> as it starts, so a program judged
/// read-only that started one, itself or through a child, would be judged wrong already; a
/// program that starts others (a wrapper, `xargs`, `find -exec`, a script) keeps the refusal,
/// its commands being judged each in turn. No such mark tells a program built on the GHC
/// runtime, the Erlang VM or .NET from its name or its verdict (a Haskell program is an ELF file
/// like any other, and writes nothing as it starts), so their variables count for every program.
///
/// [`harmless_jvm_options`]: crate::commands::classify::env::harmless_jvm_options
/// [`starts_java_vm`]: crate::commands::classify::programs::starts_java_vm
fn runtimes(env: &Env<'_>, program: &str, runs_only_itself: bool, out: &mut Verdict) {
    let no_java_vm =
        runs_only_itself && !crate::commands::classify::programs::starts_java_vm(program);
    // Whether a value counts for nothing: the JVM's harmless options, else only an empty one.
    let jvm: fn(&str) -> bool = crate::commands::classify::env::harmless_jvm_options;
    let blank: fn(&str) -> bool = |value| value.trim().is_empty();
    for (name, runtime, harmless) in [
        ("GHCRTS", "the GHC runtime", blank),
        ("JAVA_TOOL_OPTIONS", "the Java VM", jvm),
        ("_JAVA_OPTIONS", "the Java VM", jvm),
        ("JDK_JAVA_OPTIONS", "the java launcher", jvm),
        ("ERL_AFLAGS", "the Erlang VM", blank),
        ("ERL_FLAGS", "the Erlang VM", blank),
        ("ERL_ZFLAGS", "the Erlang VM", blank),
        ("DOTNET_STARTUP_HOOKS", ".NET", blank),
    ] {
        if no_java_vm && name.contains("JAVA") {
            continue;
        }
        let harmless = match env.get(name) {
            Var::Unset => true,
            Var::Set(value) => harmless(value),
            Var::Runtime => false,
        };
        // A VM's variables reach here only for a program that may start one (above).
        let whom = if name.contains("JAVA") {
            "and this command may start one"
        } else {
            "for every program built on it (which programs are cannot be told from their names)"
        };
        if !harmless {
            out.push(
                Level::Unknown,
                format!("{runtime} takes options from {name} {whom}"),
            );
        }
    }
}

/// Variables that make any program write a file, whatever it was asked to do (each measured with
/// glibc 2.36, curl 7.88 and git 2.47 by running `ls`, `curl` and `git ls-remote https://…`):
/// the loader's debug output (`LD_DEBUG_OUTPUT`, with `LD_DEBUG`: `FILE.PID`, relative to the
/// directory the program runs in), its profile (`LD_PROFILE`: `NAME.profile` in
/// `LD_PROFILE_OUTPUT` or /var/tmp), glibc's malloc trace (`MALLOC_TRACE`, for programs that call
/// `mtrace`), and the TLS key log of OpenSSL's and GnuTLS's users (`SSLKEYLOGFILE`: curl, git over
/// https, Python's `ssl`). Coverage variables (`LLVM_PROFILE_FILE`, `GCOV_PREFIX`, `GOCOVERDIR`)
/// only move what an instrumented build writes anyway, which its compiled code decides.
fn output_files(env: &Env<'_>, out: &mut Verdict) {
    let mut writes = |what: String| out.push(Level::Write, what);
    if env.is_set("LD_DEBUG") && env.is_set("LD_DEBUG_OUTPUT") {
        writes("LD_DEBUG with LD_DEBUG_OUTPUT makes the loader write its trace to a file for every program".into());
    }
    if env.is_set("LD_PROFILE") {
        writes(
            "LD_PROFILE makes the loader write a profile file (in LD_PROFILE_OUTPUT or /var/tmp)"
                .into(),
        );
    }
    for (name, what) in [
        ("MALLOC_TRACE", "programs that trace malloc write the file MALLOC_TRACE names"),
        ("SSLKEYLOGFILE", "programs that use TLS (curl, git over https, Python) append their keys to the file SSLKEYLOGFILE names"),
    ] {
        if env.is_set(name) {
            writes(what.into());
        }
    }
}

/// A program that uses OpenSSL (the `openssl` command, curl, git over https, Python's `ssl`, …)
/// reads the configuration file `OPENSSL_CONF` names when it starts, and loads the provider and
/// engine modules that file activates: shared libraries, so code (measured with OpenSSL 3.0:
/// `openssl version` ran a provider's constructor). A file that names no module, includes no other
/// file and sets no module directory loads nothing; one that cannot be read may. The system's own
/// file (its default, when the variable is unset) is taken as the machine's.
fn openssl_conf(env: &Env<'_>, dir: &Path, out: &mut Verdict) {
    let path = match env.get("OPENSSL_CONF") {
        Var::Unset => return,
        Var::Set("") => return,
        Var::Set(p) => files::join(dir, p),
        Var::Runtime => {
            out.push(
                Level::Unknown,
                "OPENSSL_CONF is only known at run time: programs that use OpenSSL load the modules its file names",
            );
            return;
        }
    };
    const LOADING: &[&str] = &[
        "module",
        "dynamic_path",
        "include",
        "MODULESDIR",
        "ENGINESDIR",
    ];
    let loads = files::says(&path, |t| LOADING.iter().any(|k| t.contains(k)));
    if loads {
        out.push(
            Level::Unknown,
            format!(
                "the environment's OPENSSL_CONF ({}) makes programs that use OpenSSL load the modules it names",
                path.display()
            ),
        );
    }
}

/// Options in `NODE_OPTIONS` that only change limits, warnings or diagnostics.
const HARMLESS_NODE_OPTIONS: &[&str] = &[
    "--max-old-space-size",
    "--max-semi-space-size",
    "--no-warnings",
    "--no-deprecation",
    "--enable-source-maps",
    "--trace-warnings",
    "--trace-deprecation",
    "--trace-uncaught",
    "--unhandled-rejections",
    "--dns-result-order",
    "--stack-trace-limit",
    "--use-openssl-ca",
    "--use-bundled-ca",
    "--openssl-legacy-provider",
    "--preserve-symlinks",
    "--title",
    "--pending-deprecation",
    "--throw-deprecation",
];

/// A version manager's shim (`~/.pyenv/shims/python3`, and rbenv's, nodenv's, goenv's alike: a
/// script that runs `<manager> exec`): the manager sources every `*.bash` file of the hook
/// directories `<MANAGER>_HOOK_PATH` adds before it runs the program (measured with pyenv 2.6:
/// a hook in a relative `PYENV_HOOK_PATH` ran for `python3 -V`).
pub fn shim(program: &str, resolved: Option<&Path>, env: &Env<'_>, out: &mut Verdict) {
    let Some(path) = resolved else {
        return;
    };
    if path.parent().and_then(Path::file_name) != Some("shims".as_ref()) {
        return;
    }
    let Contents::Text(text) = files::read_text(path) else {
        return;
    };
    // `exec "/root/.pyenv/libexec/pyenv" exec "$program" "$@"`
    let manager = text.split("/libexec/").nth(1).and_then(|rest| {
        let name: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
            .collect();
        let after = rest[name.len()..].trim_start_matches(['"', '\'']);
        (!name.is_empty() && after.trim_start().starts_with("exec")).then_some(name)
    });
    let Some(manager) = manager else {
        return;
    };
    let variable = format!(
        "{}_HOOK_PATH",
        manager.to_ascii_uppercase().replace('-', "_")
    );
    if env.is_set(&variable) {
        out.push(
            Level::Unknown,
            format!("{program} is a {manager} shim, and {manager} runs the hooks of the directories {variable} names"),
        );
    }
}

/// The variables a program's interpreter reads: `interpreter` from its `#!` line, or the
/// program itself when it is one.
/// A Lua interpreter named for a version that knows `-E` (5.2 and later).
fn lua_with_e(name: &str) -> bool {
    matches!(name, "lua5.2" | "lua5.3" | "lua5.4")
}

/// The program at `path`, its links followed, is named for a Lua that knows `-E`.
fn links_to_lua_with_e(path: &Path) -> bool {
    std::fs::canonicalize(path)
        .ok()
        .and_then(|real| real.file_name().map(|n| lua_with_e(&n.to_string_lossy())))
        .unwrap_or(false)
}

pub fn interpreted(
    program: &str,
    args: &[Word],
    resolved: Option<&Path>,
    interpreter: Option<&str>,
    env: &Env<'_>,
    out: &mut Verdict,
) {
    let what = match (interpreter, resolved) {
        (Some(i), Some(path)) => format!("{program} ({} is a {i} script)", path.display()),
        _ => program.to_string(),
    };
    let kind = interpreter.unwrap_or(program);
    let kind = super::family(kind);
    match kind {
        "bash" | "rbash" => {
            if env.is_set("BASH_ENV") {
                out.push(
                    Level::Unknown,
                    format!("{what}: bash runs the file BASH_ENV names first"),
                );
            }
            if env.is_set("SHELLOPTS") || env.is_set("BASHOPTS") {
                out.push(
                    Level::Unknown,
                    format!("{what}: bash takes its options from SHELLOPTS/BASHOPTS"),
                );
            }
            if let Some(f) = env.names().find(|n| n.starts_with("BASH_FUNC_")) {
                out.push(
                    Level::Unknown,
                    format!("{what}: the environment defines a bash function ({f})"),
                );
            }
        }
        "node" => {
            match env.get("NODE_OPTIONS") {
                Var::Runtime => out.push(
                    Level::Unknown,
                    format!("{what}: node takes options from NODE_OPTIONS, only known at run time"),
                ),
                Var::Set(opts) => {
                    let mut words = opts.split_whitespace();
                    while let Some(word) = words.next() {
                        let name = word.split('=').next().unwrap_or(word);
                        if !HARMLESS_NODE_OPTIONS.contains(&name) {
                            out.push(
                                Level::Unknown,
                                format!("{what}: node takes {word} from NODE_OPTIONS ({opts})"),
                            );
                            break;
                        }
                        if !word.contains('=') && name == "--title" {
                            words.next();
                        }
                    }
                }
                Var::Unset => {}
            }
            // NODE_REDIRECT_WARNINGS: every warning (`process.emitWarning`, a deprecation) is
            // appended to that file instead of stderr (node's docs, "Environment variables").
            for name in [
                "NODE_V8_COVERAGE",
                "NODE_COMPILE_CACHE",
                "NODE_REDIRECT_WARNINGS",
            ] {
                if env.is_set(name) {
                    out.push(
                        Level::Write,
                        format!("{what}: node writes files where {name} says"),
                    );
                }
            }
        }
        "perl" => {
            // Taint checks (-T, -t) make perl ignore PERL5OPT, PERL5LIB and PERLLIB (perlrun).
            let taint = interpreter.is_none() && perl_taint(args);
            for name in ["PERL5OPT", "PERL5LIB", "PERLLIB", "PERL5DB"] {
                if taint && name != "PERL5DB" {
                    continue;
                }
                // PERL5OPT of warning switches (`-w`, `-W`, `-X`) loads nothing (perlrun:
                // PERL5OPT takes switches as on the `#!` line); `-Mstrict` loads a core pragma
                // from perl's own library when PERL5LIB and PERLLIB put nothing before it (`.`
                // is not in @INC since 5.26).
                let own_library = !env.is_set("PERL5LIB") && !env.is_set("PERLLIB");
                let warnings = |o: &str| {
                    !o.trim().is_empty()
                        && o.split_whitespace().all(|w| {
                            matches!(w, "-w" | "-W" | "-X")
                                || own_library
                                    && (w.strip_prefix("-M").or_else(|| w.strip_prefix("-m")))
                                        .is_some_and(|m| {
                                            crate::commands::classify::perl::PRAGMAS.contains(&m)
                                        })
                        })
                };
                if name == "PERL5OPT" && env.value(name).is_some_and(warnings) {
                    continue;
                }
                if env.is_set(name) {
                    out.push(
                        Level::Unknown,
                        format!("{what}: perl loads code {name} names"),
                    );
                }
            }
        }
        // lua runs LUA_INIT_5_4's code (else LUA_INIT's; `@FILE` names a file) before anything
        // else, `-v` included (measured, Lua 5.4.4; LuaJIT reads LUA_INIT); `-E` turns it off
        // (measured), for a lua of 5.2 or later: Lua 5.1 knows no `-E` and runs LUA_INIT
        // before it stops on it (measured, Lua 5.1.5), and `lua` or `luajit` may be that one
        // (Debian's alternatives switch `lua` to 5.1 when it is installed). Which one `lua` is
        // is read where PATH finds it, through its links (`/usr/bin/lua` ->
        // `/etc/alternatives/lua-interpreter` -> `/usr/bin/lua5.4`), as it is when classified.
        "lua" | "luajit"
            if !(interpreter.is_none()
                && (lua_with_e(program) || resolved.is_some_and(links_to_lua_with_e))
                && args.iter().any(|a| a.is("-E"))) =>
        {
            let init = env.names().find(|n| {
                (*n == "LUA_INIT" || n.starts_with("LUA_INIT_"))
                    && !env.value(n).is_some_and(str::is_empty)
            });
            if let Some(name) = init {
                out.push(
                    Level::Unknown,
                    format!("{what}: lua runs the code {name} holds or names first"),
                );
            }
        }
        "ruby" => {
            // RUBYOPT of warning switches only (`-W0`, `-w`, `-W:no-deprecated`) loads nothing.
            let warnings = |o: &str| {
                o.split_whitespace().all(|w| {
                    matches!(w, "-w" | "-W" | "-W0" | "-W1" | "-W2" | "--verbose")
                        || w.strip_prefix("-W:").is_some_and(|c| {
                            matches!(
                                c,
                                "deprecated" | "no-deprecated" | "experimental" | "no-experimental"
                            )
                        })
                })
            };
            for name in ["RUBYOPT", "RUBYLIB"] {
                if env.is_set(name) && !(name == "RUBYOPT" && env.value(name).is_some_and(warnings))
                {
                    out.push(
                        Level::Unknown,
                        format!("{what}: ruby loads code {name} names"),
                    );
                }
            }
        }
        _ => {}
    }
}

pub fn check(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    match super::family(here.program) {
        "flock" => {
            use crate::commands::classify::wrappers::{flock_operands, FLOCK_CREATES};
            let missing = match flock_operands(args) {
                Some((file, rest)) if !rest.is_empty() => match file.value.as_deref() {
                    Some(f) => !files::exists(&files::join(here.dir, f)),
                    None => true,
                },
                _ => false,
            };
            if missing {
                out.push(Level::Write, FLOCK_CREATES);
            }
        }
        // zless and xzless set LESSOPEN themselves; a lesskey file's other variables still
        // apply, so they are read as for less.
        "less" | "more" | "zless" | "xzless" | "lzless" | "bzless" => {
            let no_preprocessor = args.iter().any(|a| {
                a.is("--no-lessopen")
                    || a.value.as_deref().is_some_and(|v| {
                        v.starts_with('-') && !v.starts_with("--") && v.contains('L')
                    })
            });
            if !no_preprocessor {
                less(here, out)
            }
        }
        "ldd" => ldd(here, args, out),
        "rdoc" if crate::commands::classify::programs::rdoc_only_reports(args) => {
            rdoc_options(here, args, out)
        }
        "makeinfo" | "texi2any"
            if crate::commands::classify::programs::texinfo_plaintext_to_stdout(args) =>
        {
            texi2any_config(here, out)
        }
        "mysql" | "mariadb" if !args.first().is_some_and(|a| a.is("--no-defaults")) => {
            mysql_options(here, out)
        }
        "direnv" if args.first().is_some_and(|a| a.is("exec")) => direnv_exec(here, args, out),
        "fzf" => fzf(here, out),
        // `--no-config`: rg reads no configuration file (RIPGREP_CONFIG_PATH included).
        "rg" if !given("rg", args, "--no-config") => rg(here, args, out),
        "ack" | "ack-grep" => ack(here, args, out),
        "curl" => curlrc(here, args, out),
        "wget" => wgetrc(here, args, out),
        "tidy" | "rhash" => settings_files(here, out),
        "xsltproc" => xslt(here, args, out),
        "tar" => tar(here, out),
        // OCAMLPARAM adds options before the command line's, `-pp` and `-ppx` (programs run)
        // among them (ocamlc(1), "ENVIRONMENT"); ocamldep reads it too.
        "ocamlc" | "ocamlopt" | "ocamldep"
            if !matches!(here.env.get("OCAMLPARAM"), Var::Set(v) if ocamlparam_harmless(v))
                && !matches!(here.env.get("OCAMLPARAM"), Var::Unset) =>
        {
            out.push(
                Level::Unknown,
                format!(
                    "{}: OCAMLPARAM adds options, programs to run among them",
                    here.program
                ),
            )
        }
        "ssh" => ssh(here, args, out),
        "sqlite3" => sqlite(here, args, out),
        "gs" | "gsc" | "gsx" => ghostscript(here, args, out),
        "sqlite-utils" => {
            let values: Vec<&str> = args.iter().filter_map(|a| a.value.as_deref()).collect();
            if let Some(database) = crate::commands::classify::inspectors::sqlite_utils(&values) {
                let query = crate::commands::classify::inspectors::sqlite_utils_query(&values);
                if query.is_some() && !files::is_file(&files::join(here.dir, database)) {
                    out.push(
                        Level::Write,
                        crate::commands::classify::inspectors::SQLITE_UTILS_CREATES,
                    );
                }
                sqlite_database(here, "sqlite-utils", database, false, out);
            }
        }
        "terraform" => {
            terraform(here, out);
            terraform_validate(here, args, out);
        }
        "quilt" => quiltrc(here, args, out),
        // RCSINIT's options come before the command line's (co(1)): `-l` makes `co -p` a
        // locking checkout that rewrites the RCS file (measured, RCS 5.10).
        // Options that only change what `co -p` prints are harmless there (cls50).
        "co" if !matches!(here.env.get("RCSINIT"), Var::Unset)
            && !here.env.value("RCSINIT").is_some_and(|init| {
                init.split_whitespace().all(|o| {
                    o.strip_prefix('-')
                        .and_then(|f| f.chars().next())
                        .is_some_and(|c| {
                            matches!(c, 'p' | 'q' | 'r' | 'k' | 'd' | 's' | 'w' | 'V' | 'x' | 'z')
                        })
                })
            }) =>
        {
            out.push(
                Level::Unknown,
                "co takes options from RCSINIT, -l (a locking checkout) among them",
            )
        }
        // FFREPORT makes ffprobe write a report file, as `-report` does (ffmpeg(1)).
        "ffprobe" if !matches!(here.env.get("FFREPORT"), Var::Unset) => out.push(
            Level::Write,
            "ffprobe writes the report file FFREPORT asks for",
        ),
        "gdb" => gdb(here, args, out),
        "gem" => super::ruby::gem(here, out),
        "pytest" | "py.test" | "flake8" | "pylint" => super::python::plugin_host(here, args, out),
        "tox" => {
            super::python::plugin_host(here, args, out);
            tox_requires(here, out);
            if args.first().is_some_and(|a| a.is("config") || a.is("c")) {
                tox_substitutions(here, out);
            }
        }
        "bundle" | "bundler" => super::ruby::bundle(here, args, out),
        "bat" => bat(here, args, out),
        "mix" | "elixir" | "elixirc" | "iex" | "erl" | "escript" => erlang(here, args, out),
        "sbcl" | "guile" | "tclsh" | "swipl" => lisp_tcl_startup(here, args, out),
        "tsc" => tsconfig(here, args, out),
        "mvn" => maven(here, out),
        "gcc" | "g++" | "cc" | "c++" | "cpp" | "clang" | "clang++" => {
            compiler_env(here, args, out);
            response_files(here, args, out);
        }
        "kubectl" => {
            kubeconfig(here, args, out);
            kustomization(here, args, out);
        }
        "docker" => docker_plugins(here, args, out),
        "go" => go_env(here, out),
        "node" => node_env_files(here, args, out),
        "top" => top(here, out),
        "fc-list" | "fc-match" => fontconfig(here, out),
        "bash" | "sh" | "dash" | "ash" | "rbash" => startup_files(here, args, out),
        "R" | "Rscript" => super::startup::r(here, args, out),
        "gnuplot" => super::startup::gnuplot(here, args, out),
        "rsync" => super::startup::popt(here, "rsync", out),
        "just" => justfile(here, args, out),
        // groff runs its preprocessors and postprocessors from these first.
        "groff" | "nroff" | "troff" => {
            for name in ["GROFF_BIN_PATH", "GROFF_COMMAND_PREFIX"] {
                if here.env.is_set(name) {
                    out.push(
                        Level::Unknown,
                        format!("groff runs its helper programs from what {name} names"),
                    );
                }
            }
        }
        // graphviz loads its plugins (shared libraries) from GVBINDIR.
        "dot" | "neato" | "twopi" | "circo" | "fdp" | "sfdp" | "osage" | "patchwork"
            if here.env.is_set("GVBINDIR") =>
        {
            out.push(Level::Unknown, "graphviz loads its plugins from GVBINDIR");
        }
        "awk" | "gawk" => super::startup::gawk(here, args, out),
        "zsh" => zsh_startup(here, args, out),
        // php loads the ini files these name (extensions, `auto_prepend_file`) on every run,
        // `-v` and `-l` included (php(1), "FILES").
        "php" => php_ini(here, args, out),
        // `-config FILE` first replaces the default file: FILE is judged with the command.
        "exiftool"
            if !args.first().is_some_and(|a| {
                a.value
                    .as_deref()
                    .is_some_and(|v| v.eq_ignore_ascii_case("-config"))
            }) =>
        {
            exiftool_config(here, out)
        }
        "mlr" => mlrrc(here, out),
        "meson" => meson_source(here, args, out),
        "mypy" => mypy_config(here, args, out),
        "flex" | "flex++" | "lex" => flex_options(here, args, out),
        "autopep8" => autopep8_config(here, args, out),
        "codespell" => codespell_config(here, args, out),
        p if crate::commands::classify::printers::docutils_front_end(p) => {
            docutils_config(here, args, out)
        }
        "ruff" => ruff_env(here, args, out),
        // `--version` and `--help` print before any configuration is searched for (measured,
        // prettier 3.10: a prettier.config.cjs that runs a program did not run).
        "prettier"
            if !crate::commands::classify::devtools::prettier_finds_config(args)
                && !matches!(args, [only] if ["--version", "-v", "--help", "-h"].iter().any(|o| only.is(o))) =>
        {
            prettier_config(here, args, out)
        }
        "eslint" => eslint_config(here, args, out),
        "zgrep" | "zegrep" | "zfgrep" | "xzgrep" | "xzegrep" | "xzfgrep" | "lzgrep" | "lzegrep"
        | "lzfgrep" | "bzgrep" | "bzegrep" | "bzfgrep" | "zstdgrep" | "zdiff" | "zcmp"
        | "xzdiff" | "xzcmp" | "lzdiff" | "lzcmp" | "bzdiff" | "bzcmp" | "zmore" | "xzmore"
        | "lzmore" | "perldoc" => command_variables(here, out),
        "man" => {
            if here.env.is_set("MANOPT") {
                out.push(Level::Unknown, "man takes options from MANOPT");
            }
            // groff runs in its safer mode (`.sy`, `.pso`, `.open` refused, measured) unless
            // MANROFFOPT gives it -U.
            if here.env.is_set("MANROFFOPT") {
                out.push(Level::Unknown, "man passes MANROFFOPT's options to groff");
            }
        }
        _ => {}
    }
}

/// Variables that name the program a script runs (gzip's, xz's, bzip2's and zstd's `z*grep`,
/// `z*diff`/`z*cmp` and `z*more` scripts `eval` `$GREP`, `$DIFF`, `$CMP` and `$PAGER`: measured,
/// `GREP='touch ran; grep' zgrep` ran touch) or that add options (`PERLDOC`, perldoc's own: `-d`
/// writes a file, `-M` loads a module). Each program with the variables it takes and the values
/// that only name a program that reads.
const COMMAND_VARIABLES: &[(&[&str], &[&str])] = &[
    (
        &[
            "zgrep", "zegrep", "zfgrep", "xzgrep", "xzegrep", "xzfgrep", "lzgrep", "lzegrep",
            "lzfgrep", "bzgrep", "bzegrep", "bzfgrep", "zstdgrep",
        ],
        &["GREP", "EGREP", "FGREP", "ZCAT"],
    ),
    (
        &[
            "zdiff", "zcmp", "xzdiff", "xzcmp", "lzdiff", "lzcmp", "bzdiff", "bzcmp",
        ],
        &["DIFF", "CMP"],
    ),
    (&["zmore", "xzmore", "lzmore"], &["PAGER"]),
    (&["perldoc"], &["PERLDOC"]),
];

/// A value of one of [`COMMAND_VARIABLES`] that names a reading program with plain options
/// (`grep -E`, `diff -u`, `less -R`, `zstdcat`).
fn reading_command(value: &str) -> bool {
    const READERS: &[&str] = &[
        "grep", "egrep", "fgrep", "diff", "cmp", "cat", "less", "more", "zstdcat", "zcat",
    ];
    let mut words = value.split_whitespace();
    words.next().is_some_and(|p| READERS.contains(&p))
        && words.all(|w| {
            w.starts_with('-')
                && w[1..]
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-')
        })
}

fn command_variables(here: &Here<'_>, out: &mut Verdict) {
    let program = super::family(here.program);
    let Some((_, names)) = COMMAND_VARIABLES.iter().find(|(p, _)| p.contains(&program)) else {
        return;
    };
    for name in *names {
        let harmless = match here.env.get(name) {
            Var::Unset => true,
            Var::Set(v) => v.trim().is_empty() || (*name != "PERLDOC" && reading_command(v)),
            Var::Runtime => false,
        };
        if !harmless {
            out.push(
                Level::Unknown,
                format!("{program} runs or takes options from the environment's {name}"),
            );
        }
    }
}

/// zsh reads `$ZDOTDIR/.zshenv` (ZDOTDIR defaults to HOME) for every shell, `-c` included,
/// unless `-f` (NO_RCS) is given; `/etc/zsh/zshenv` it reads always, and like bash's files under
/// /etc it is the system's own, not looked at here. The other startup files are for login and
/// interactive shells, which `zsh_code` does not accept.
fn zsh_startup(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    let no_rcs = args
        .iter()
        .map_while(|a| a.value.as_deref())
        .take_while(|v| v.starts_with('-') && *v != "--")
        .any(|v| v[1..].contains('f'));
    // `zsh -n`: NO_EXEC is set before the startup files are read, so they are parsed and not
    // run (measured: a ~/.zshenv that touches a file did not run under `zsh -n s.zsh`).
    let no_exec = args
        .iter()
        .map_while(|a| a.value.as_deref())
        .take_while(|v| v.starts_with('-') && *v != "--")
        .any(|v| !v.starts_with("--") && v[1..].contains('n'));
    if no_rcs || no_exec {
        return;
    }
    let dir = match here.env.get("ZDOTDIR") {
        Var::Set(d) if !d.is_empty() => Some(files::join(here.dir, d)),
        Var::Runtime => {
            out.push(
                Level::Unknown,
                "zsh reads .zshenv from a ZDOTDIR only known at run time",
            );
            return;
        }
        _ => here.env.home(),
    };
    let Some(dir) = dir else {
        out.push(Level::Unknown, "zsh reads ~/.zshenv, and HOME is not known");
        return;
    };
    let file = dir.join(".zshenv");
    let harmless = super::config_text(&file, "zsh", out).is_some_and(|t| assigns_only(&t));
    if files::exists(&file) && !harmless {
        out.push(
            Level::Unknown,
            format!("zsh sources {} first", file.display()),
        );
    }
}

/// Miller's `.mlrrc`: the file `MLRRC` names (`__none__`: none), else `~/.mlrrc` and then
/// `./.mlrrc`; each line is a main option put before the command line's (measured, Miller 6.6:
/// `-I` there rewrote the file `mlr --csv sort` read). Only format and separator options are
/// harmless.
fn mlrrc(here: &Here<'_>, out: &mut Verdict) {
    let rcs: Vec<PathBuf> = match here.env.get("MLRRC") {
        Var::Set("__none__") => return,
        Var::Set(f) if !f.is_empty() => vec![files::join(here.dir, f)],
        Var::Runtime => {
            out.push(
                Level::Unknown,
                "mlr reads the .mlrrc MLRRC names, only known at run time",
            );
            return;
        }
        _ => here
            .env
            .home()
            .map(|h| h.join(".mlrrc"))
            .into_iter()
            .chain(std::iter::once(here.dir.join(".mlrrc")))
            .collect(),
    };
    // Miller refuses `prepipe`/`prepipex` in a .mlrrc (its documentation; measured, 6.6: "parse
    // error at file …", exit 1, nothing read or run): the run stops before anything else.
    let refused = |text: &str| {
        text.lines().any(|l| {
            let l = l.trim().trim_start_matches('-');
            l.starts_with("prepipe ") || l.starts_with("prepipex ")
        })
    };
    let texts: Vec<(PathBuf, String)> = rcs
        .into_iter()
        .filter_map(|rc| super::config_text(&rc, "mlr", out).map(|t| (rc, t)))
        .collect();
    if texts.iter().any(|(_, t)| refused(t)) {
        return;
    }
    for (rc, text) in texts {
        if let Some(line) = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .find(|l| !crate::commands::classify::data::mlr_harmless_rc_line(l))
        {
            out.push(
                Level::Unknown,
                format!("mlr takes options from {}: {line}", rc.display()),
            );
        }
    }
}

/// mypy's configuration files (its documentation, "The mypy configuration file"): the first of
/// `mypy.ini`, `.mypy.ini`, `pyproject.toml`, `setup.cfg` in the working directory (or a
/// parent: all are read), then the
/// user's (`$XDG_CONFIG_HOME/mypy/config`, `~/.config/mypy/config`, `~/.mypy.ini`). A file
/// that mentions `plugins` (modules mypy imports) or `python_executable` (a program it runs)
/// is taken to use them; `MYPY_CONFIG_FILE_DIR` and `--config-file` are not followed.
/// Whether the environment turns off the cache `program` writes (`Settle::CacheOff`).
/// `RUFF_NO_CACHE` is `--no-cache` (clap's boolean): `false` leaves the cache on, and every
/// value but `true` is refused before anything is written (measured, ruff 0.17.6: `1`, `yes`,
/// `0`, the empty string end with exit 2 and no `.ruff_cache`). `MYPY_CACHE_DIR`, when not
/// blank, replaces the command line's and the configuration's cache directory, and
/// `/dev/null` writes none (mypy's `main.py`).
pub fn cache_turned_off(program: &str, env: &Env<'_>) -> bool {
    match super::family(program) {
        "ruff" => env.value("RUFF_NO_CACHE").is_some_and(|v| v != "false"),
        "mypy" => env.value("MYPY_CACHE_DIR") == Some("/dev/null"),
        _ => false,
    }
}

/// Whether the configuration file mypy (2.4) reads where it runs turns its cache off
/// (`cache_dir = /dev/null` in its `[mypy]` section, or `[tool.mypy]` of pyproject.toml), with
/// no `MYPY_CACHE_DIR` to replace it. The file is the first of `mypy.ini`, `.mypy.ini`,
/// `pyproject.toml` (with a `[tool.mypy]` table), `setup.cfg` (with a `[mypy]` section) in the
/// working directory and each parent up to one holding `.git` or `.hg`, then the user's
/// (`$XDG_CONFIG_HOME/mypy/config`, `~/.config/mypy/config`, `~/.mypy.ini`): mypy's
/// `_find_config_file`. Measured: `cache_dir = /dev/null` in mypy.ini, `mypy src`, nothing
/// written.
pub fn mypy_config_cache_off(here: &Here<'_>) -> bool {
    if here
        .env
        .value("MYPY_CACHE_DIR")
        .is_some_and(|v| !v.trim().is_empty())
    {
        return false;
    }
    let section_of = |name: &str| {
        if name == "pyproject.toml" {
            "tool.mypy"
        } else {
            "mypy"
        }
    };
    let mut found: Option<(PathBuf, String)> = None;
    'dirs: for dir in files::ancestors(here.dir) {
        for name in ["mypy.ini", ".mypy.ini", "pyproject.toml", "setup.cfg"] {
            let path = dir.join(name);
            match files::read_text(&path) {
                files::Contents::Missing => {}
                files::Contents::Unreadable => return false,
                files::Contents::Text(text) => {
                    // pyproject.toml counts when its `tool` table has `mypy` in any form
                    // (`[[tool.mypy.overrides]]` alone included): taken when it names mypy.
                    let taken = match name {
                        "pyproject.toml" => text.contains("mypy"),
                        "setup.cfg" => ini_section(&text, "mypy").is_some(),
                        _ => true,
                    };
                    if taken {
                        found = Some((path, text));
                        break 'dirs;
                    }
                }
            }
        }
        if files::exists(&dir.join(".git")) || files::exists(&dir.join(".hg")) {
            break;
        }
    }
    if found.is_none() {
        let mut users: Vec<PathBuf> = here
            .env
            .xdg_configs(here.dir)
            .into_iter()
            .map(|c| c.join("mypy").join("config"))
            .collect();
        let Some(home) = here.env.home() else {
            return false;
        };
        users.push(home.join(".config").join("mypy").join("config"));
        users.push(home.join(".mypy.ini"));
        for path in users {
            match files::read_text(&path) {
                files::Contents::Missing => {}
                files::Contents::Unreadable => return false,
                files::Contents::Text(text) => {
                    found = Some((path, text));
                    break;
                }
            }
        }
    }
    let Some((path, text)) = found else {
        return false;
    };
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    ini_section(&text, section_of(name)).is_some_and(|lines| {
        lines.iter().any(|l| {
            l.split_once(['=', ':']).is_some_and(|(k, v)| {
                k.trim() == "cache_dir" && v.trim().trim_matches(['"', '\'']) == "/dev/null"
            })
        })
    })
}

/// The lines of the `[name]` section of an INI or TOML text (to the next header), `None` when
/// it has none.
fn ini_section<'t>(text: &'t str, name: &str) -> Option<Vec<&'t str>> {
    let mut lines = text.lines();
    lines.find(|l| {
        l.trim()
            .strip_prefix('[')
            .and_then(|h| h.strip_suffix(']'))
            .is_some_and(|h| h.trim() == name)
    })?;
    Some(
        lines
            .take_while(|l| !l.trim_start().starts_with('['))
            .collect(),
    )
}

/// `ruff check` takes `--output-file` from `RUFF_OUTPUT_FILE` (clap's `env`): set, the report
/// is written there whatever the command line says (measured, ruff 0.17.6; the empty value
/// is refused with exit 2). ruff's configuration has no such key (`output-file` in
/// `[tool.ruff]` is refused as unknown).
fn ruff_env(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    if args.first().is_some_and(|a| a.is("check")) && here.env.is_set("RUFF_OUTPUT_FILE") {
        out.push(
            Level::Write,
            "ruff check writes its report to the file RUFF_OUTPUT_FILE names",
        );
    }
}

/// autopep8's configuration (2.3's `read_config` and `read_pyproject_toml`): `--global-config`
/// or `$XDG_CONFIG_HOME/pycodestyle` (`~/.config/pycodestyle`, else `~/.config/pep8`), then
/// setup.cfg, tox.ini, .pep8, .flake8 and pyproject.toml up from the files' common directory
/// (every directory up from each file and from where it runs is read here). They are data, but
/// set its options: `in-place` rewrites the files (with `--diff` it is refused), `jobs` other
/// than 1 starts worker processes. A file that names either is not read-only.
fn autopep8_config(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    let mut starts = vec![here.dir.to_path_buf()];
    for a in args {
        if let Some(v) = a.value.as_deref().filter(|v| !v.starts_with('-')) {
            let path = files::join(here.dir, v);
            starts.push(if files::is_dir(&path) {
                path
            } else {
                path.parent().map_or(path.clone(), Path::to_path_buf)
            });
        }
    }
    let mut configs: Vec<PathBuf> = starts
        .iter()
        .flat_map(|d| files::ancestors(d))
        .flat_map(|d| {
            ["setup.cfg", "tox.ini", ".pep8", ".flake8", "pyproject.toml"].map(|n| d.join(n))
        })
        .collect();
    configs.extend(super::named_files(args, &["--global-config"], here.dir));
    for config in here.env.xdg_configs(here.dir) {
        configs.push(config.join("pycodestyle"));
    }
    match here.env.home() {
        Some(home) => {
            configs.push(home.join(".config").join("pycodestyle"));
            configs.push(home.join(".config").join("pep8"));
        }
        None => out.push(
            Level::Unknown,
            "autopep8 reads ~/.config/pycodestyle, and HOME is not known",
        ),
    }
    for file in configs {
        let Some(text) = super::config_text(&file, "autopep8", out) else {
            continue;
        };
        if text.contains("in-place") || text.contains("in_place") || text.contains("jobs") {
            out.push(
                Level::Write,
                format!(
                    "autopep8 takes in-place or parallel jobs from {}",
                    file.display()
                ),
            );
            return;
        }
    }
}

/// codespell (2.2) reads `setup.cfg`, `.codespellrc` and `--config FILE` (INI, section
/// `[codespell]`) and `pyproject.toml` and `--toml FILE` (`[tool.codespell]`), each from the
/// directory it runs in, and passes each key on as `--KEY VALUE` before the command line's
/// options (`_codespell.py`'s `parse_options`): a key argparse takes for `--write-changes` (any
/// prefix of it) rewrites the files it fixes; a value that starts with `-` may be read as an
/// option, and is not taken either. `--version` and `--help` print before any file is read.
fn codespell_config(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    if matches!(args, [only] if ["--version", "-h", "--help"].iter().any(|o| only.is(o))) {
        return;
    }
    let mut ini = vec![here.dir.join("setup.cfg"), here.dir.join(".codespellrc")];
    ini.extend(super::named_files(args, &["--config"], here.dir));
    let mut toml = vec![here.dir.join("pyproject.toml")];
    toml.extend(super::named_files(args, &["--toml"], here.dir));
    let files = ini
        .into_iter()
        .map(|f| (f, "codespell"))
        .chain(toml.into_iter().map(|f| (f, "tool.codespell")));
    for (file, section) in files {
        let Some(text) = super::config_text(&file, "codespell", out) else {
            continue;
        };
        if let Some(problem) = codespell_section(&text, section) {
            out.push(
                Level::Write,
                format!("codespell takes {problem} from {}", file.display()),
            );
            return;
        }
    }
}

/// What in `text`'s `[section]` makes codespell write or is not understood: a key that is a
/// prefix of `write-changes`, a value that starts with `-`; in TOML also the section written
/// any other way (`codespell = {…}` under `[tool]`, a dotted `tool.codespell.KEY`).
fn codespell_section(text: &str, section: &str) -> Option<String> {
    let toml = section.starts_with("tool.");
    let mut current = String::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with(['#', ';']) {
            continue;
        }
        if let Some(name) = line.strip_prefix('[') {
            current = name
                .trim_end_matches(']')
                .trim()
                .replace([' ', '"', '\''], "");
            continue;
        }
        // A line without one continues a value (an INI value, a TOML array).
        let Some((key, value)) = line.split_once(['=', ':']) else {
            continue;
        };
        let key = key.trim().trim_matches(['"', '\'']).to_ascii_lowercase();
        if toml
            && ((current == "tool" && key.starts_with("codespell"))
                || (current.is_empty() && key.starts_with("tool.codespell")))
        {
            return Some(format!("the key {key}"));
        }
        if current != section {
            continue;
        }
        let value = value.trim().trim_matches(['"', '\'']);
        if !key.is_empty() && "write-changes".starts_with(key.as_str()) {
            return Some(format!("{key} (write-changes)"));
        }
        if value.starts_with('-') {
            return Some(format!("{key} = {value}"));
        }
    }
    None
}

/// The settings of a docutils configuration file that only change what is rendered (names as
/// docutils 0.19 reads them: lower case, `-` as `_`). Not here: `warning_stream` (a file
/// written), `_destination`/`output`, the `dump_*` and `config` keys, `math_output` and the
/// component names (checked on their own).
const DOCUTILS_SETTINGS: &[&str] = &[
    "report_level",
    "halt_level",
    "exit_status_level",
    "debug",
    "traceback",
    "input_encoding",
    "input_encoding_error_handler",
    "output_encoding",
    "output_encoding_error_handler",
    "error_encoding",
    "error_encoding_error_handler",
    "language_code",
    "generator",
    "datestamp",
    "source_link",
    "source_url",
    "toc_backlinks",
    "footnote_backlinks",
    "section_numbering",
    "strip_comments",
    "strip_elements_with_classes",
    "strip_classes",
    "title",
    "doctitle_xform",
    "docinfo_xform",
    "sectsubtitle_xform",
    "id_prefix",
    "auto_id_prefix",
    "smart_quotes",
    "smartquotes_locales",
    "tab_width",
    "trim_footnote_reference_space",
    "pep_references",
    "pep_base_url",
    "pep_file_url_template",
    "rfc_references",
    "rfc_base_url",
    "file_insertion_enabled",
    "raw_enabled",
    "line_length_limit",
    "syntax_highlight",
    "character_level_inline_markup",
    "template",
    "stylesheet",
    "stylesheet_path",
    "stylesheet_dirs",
    "embed_stylesheet",
    "initial_header_level",
    "footnote_references",
    "attribution",
    "compact_lists",
    "compact_field_lists",
    "table_style",
    "xml_declaration",
    "cloak_email_addresses",
    "field_name_limit",
    "option_limit",
    "image_loading",
    "embed_images",
    "section_self_link",
    "documentclass",
    "documentoptions",
    "use_latex_toc",
    "use_latex_citations",
    "legacy_column_widths",
    "legacy_class_functions",
    "indents",
    "newlines",
    "doctype_declaration",
    "strict",
    "quiet",
    "verbose",
    // Not `record_dependencies`: docutils 0.19 writes the list it names when ~/.docutils, a
    // file DOCUTILSCONFIG lists or `--config FILE` sets it (measured; from ./docutils.conf, or
    // from a file a later one follows, it was not applied: which file wins is not read here).
];

/// docutils (0.19) reads `/etc/docutils.conf`, `./docutils.conf` and `~/.docutils`, or instead
/// the files `DOCUTILSCONFIG` lists (`:`-separated), and each `--config FILE`, every section
/// applying to its front end taken here; then the document, whose `raw` and `csv-table`
/// directives fetch what a `:url:` option names (the network), from the files it includes
/// too. A setting not known to only change what is rendered, or a document read from standard
/// input, is not taken.
pub(super) fn docutils_config(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    use crate::commands::classify::printers::docutils_math_output;
    let mut configs: Vec<PathBuf> = match here.env.get("DOCUTILSCONFIG") {
        // docutils takes each non-blank entry through `os.path.expanduser`, which expands `~`,
        // `~/…` and `~USER/…` as bash does (HOME, then the user's passwd entry); a HOME or user
        // not known here leaves the file unknown.
        Var::Set(list) => {
            let mut c = Vec::new();
            for p in list.split(':').filter(|p| !p.trim().is_empty()) {
                match files::expand_tilde(p, here.env.home().as_deref()) {
                    Some(path) => c.push(files::join(here.dir, &path.to_string_lossy())),
                    None => {
                        out.push(
                            Level::Unknown,
                            format!("docutils reads {p}, whose ~ is only known at run time"),
                        );
                        return;
                    }
                }
            }
            c
        }
        Var::Runtime => {
            out.push(
                Level::Unknown,
                "docutils reads the files DOCUTILSCONFIG lists, only known at run time",
            );
            return;
        }
        Var::Unset => {
            let mut c = vec![
                PathBuf::from("/etc/docutils.conf"),
                here.dir.join("docutils.conf"),
            ];
            match here.env.home() {
                Some(home) => c.push(home.join(".docutils")),
                None => out.push(
                    Level::Unknown,
                    "docutils reads ~/.docutils, under a HOME not known",
                ),
            }
            c
        }
    };
    configs.extend(super::named_files(args, &["--config"], here.dir));
    for file in configs {
        let Some(text) = super::config_text(&file, "docutils", out) else {
            continue;
        };
        for line in text.lines() {
            let line = line.trim();
            if line.is_empty() || line.starts_with(['#', ';', '[']) {
                continue;
            }
            let Some((key, value)) = line.split_once(['=', ':']) else {
                continue;
            };
            let key = key.trim().to_ascii_lowercase().replace('-', "_");
            let value = value.trim();
            let known = match key.as_str() {
                "math_output" => docutils_math_output(value),
                "reader" | "parser" | "writer" | "reader_name" | "parser_name" | "writer_name" => {
                    false
                }
                k => DOCUTILS_SETTINGS.contains(&k),
            };
            if !known {
                out.push(
                    Level::Unknown,
                    format!(
                        "docutils takes {key} from {}, a setting not known to only change what is rendered",
                        file.display()
                    ),
                );
                return;
            }
        }
    }
    const VALUED: &[&str] = &["-r", "-i", "-o", "-e", "-l"];
    let mut source = None;
    let mut i = 0;
    while let Some(a) = args.get(i) {
        i += 1;
        let Some(v) = a.value.as_deref() else {
            return;
        };
        if VALUED.contains(&v) || (v.starts_with("--") && !v.contains('=') && docutils_valued(v)) {
            i += 1;
        } else if !v.starts_with('-') || v == "-" {
            source = Some(v);
            break;
        }
    }
    let Some(source) = source.filter(|s| *s != "-") else {
        out.push(
            Level::Unknown,
            "docutils reads the document from standard input, whose :url: options cannot be read",
        );
        return;
    };
    let path = files::join(here.dir, source);
    let mut documents = vec![path];
    let mut read = 0;
    while let Some(document) = documents.pop() {
        read += 1;
        if read > MAX_DOCUTILS_INCLUDES {
            out.push(
                Level::Unknown,
                "docutils includes more files than are read here",
            );
            return;
        }
        let Some(text) = super::config_text(&document, "docutils", out) else {
            continue;
        };
        if text.contains(":url:") {
            out.push(
                Level::Write,
                format!(
                    "docutils fetches what a :url: option of {} names (the network)",
                    document.display()
                ),
            );
            return;
        }
        for line in text.lines() {
            if let Some((_, included)) = line.split_once("include::") {
                let included = included.trim();
                if included.starts_with('<') || included.is_empty() {
                    continue;
                }
                let base = document
                    .parent()
                    .map_or(here.dir.to_path_buf(), Path::to_path_buf);
                documents.push(files::join(&base, included));
            }
        }
    }
}

const MAX_DOCUTILS_INCLUDES: usize = 16; // files a document includes that are read for :url:

/// A long option of docutils' that takes its value as the next word.
fn docutils_valued(option: &str) -> bool {
    matches!(
        option.trim_start_matches('-'),
        "title"
            | "source-url"
            | "strip-elements-with-class"
            | "strip-class"
            | "report"
            | "halt"
            | "exit-status"
            | "warnings"
            | "input-encoding"
            | "input-encoding-error-handler"
            | "output-encoding"
            | "output-encoding-error-handler"
            | "error-encoding"
            | "error-encoding-error-handler"
            | "language"
            | "record-dependencies"
            | "config"
            | "pep-base-url"
            | "pep-file-url-template"
            | "rfc-base-url"
            | "tab-width"
            | "syntax-highlight"
            | "smart-quotes"
            | "smartquotes-locales"
            | "line-length-limit"
            | "template"
            | "stylesheet"
            | "stylesheet-path"
            | "stylesheet-dirs"
            | "initial-header-level"
            | "footnote-references"
            | "attribution"
            | "table-style"
            | "math-output"
            | "field-name-limit"
            | "option-limit"
            | "image-loading"
            | "id-prefix"
            | "auto-id-prefix"
            | "reader"
            | "parser"
            | "writer"
            | "output"
    )
}

/// `flex -t FILE…`: the `%option` lines of each input, which flex reads as its command line's
/// (flex(1), "Options"); `header-file`, `tables-file` and `backup` (and their `no` forms, taken
/// alike) name files it writes whatever `-t` says (measured with flex 2.6.4), `outfile` is
/// ignored under `-t`. A file that is not there makes flex stop before it writes anything.
fn flex_options(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    let program = here.program;
    // flex runs its macro processor as the program M4 names (flex 2.6.4's main.c, `getenv("M4")`;
    // measured by round 32: a planted M4 ran on `lex -t`), whatever the options.
    if here.env.is_set("M4") {
        out.push(
            Level::Unknown,
            format!("{program} runs the macro processor M4 names"),
        );
    }
    let Some(values) = super::super::args::values(args) else {
        return;
    };
    let Some(inputs) = crate::commands::classify::generators::flex_inputs(&values) else {
        return;
    };
    for input in inputs {
        let path = files::join(here.dir, input);
        let Some(text) = super::config_text(&path, program, out) else {
            continue;
        };
        let writes = text.lines().any(|l| {
            l.starts_with("%option")
                && ["header", "tables", "backup"]
                    .iter()
                    .any(|name| l.contains(name))
        });
        if writes {
            out.push(
                Level::Write,
                format!(
                    "{program} writes the files the %option lines of {} name",
                    path.display()
                ),
            );
        }
    }
}

fn mypy_config(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    // `mypy --version`, `-V`, `--help`: argparse prints and exits before any configuration
    // file is read (measured, mypy 2.4: a planted plugin did not load).
    if matches!(args, [only] if ["--version", "-V", "-h", "--help"].iter().any(|o| only.is(o))) {
        return;
    }
    // Newer mypys look in the parent directories too: every one is read.
    let mut candidates: Vec<PathBuf> = files::ancestors(here.dir)
        .flat_map(|d| ["mypy.ini", ".mypy.ini", "pyproject.toml", "setup.cfg"].map(|n| d.join(n)))
        .collect();
    for config in here.env.xdg_configs(here.dir) {
        candidates.push(config.join("mypy").join("config"));
    }
    match here.env.home() {
        Some(home) => {
            candidates.push(home.join(".config").join("mypy").join("config"));
            candidates.push(home.join(".mypy.ini"));
        }
        None => out.push(
            Level::Unknown,
            "mypy reads ~/.mypy.ini, and HOME is not known",
        ),
    }
    for file in candidates {
        let Some(text) = super::config_text(&file, "mypy", out) else {
            continue;
        };
        // A report (`junit_xml`, `html_report`, `txt_report`, …) is written wherever the
        // cache goes, `cache_dir = /dev/null` included.
        if text.contains("report") || text.contains("junit") {
            out.push(
                Level::Write,
                format!("mypy writes the report {} names", file.display()),
            );
        }
        if text.contains("plugins") || text.contains("python_executable") {
            out.push(
                Level::Unknown,
                format!(
                    "mypy loads the plugins or runs the Python {} names",
                    file.display()
                ),
            );
        }
    }
}

/// prettier's configuration (prettier 3's "Configuration File"): searched from each file's
/// directory up, in `package.json`'s `prettier` key, `package.yaml`, `.prettierrc` (JSON or
/// YAML), `.prettierrc.{json,json5,yaml,yml,toml}`, and JavaScript files
/// (`.prettierrc.{js,cjs,mjs,ts,cts,mts}`, `prettier.config.*`), which run. A data file is
/// harmless when it names no `plugins` (modules loaded) and is not a string (a shared
/// configuration, a module loaded); every directory up to the root is read, not only the first
/// that has one. Prettier 3 loads no plugin it is not given (measured, 3.10: a
/// `node_modules/prettier-plugin-x` did not load).
fn prettier_config(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    const CODE: &[&str] = &[
        ".prettierrc.js",
        ".prettierrc.cjs",
        ".prettierrc.mjs",
        ".prettierrc.ts",
        ".prettierrc.cts",
        ".prettierrc.mts",
        "prettier.config.js",
        "prettier.config.cjs",
        "prettier.config.mjs",
        "prettier.config.ts",
        "prettier.config.cts",
        "prettier.config.mts",
    ];
    const DATA: &[&str] = &[
        ".prettierrc",
        ".prettierrc.json",
        ".prettierrc.json5",
        ".prettierrc.yaml",
        ".prettierrc.yml",
        ".prettierrc.toml",
        "package.yaml",
    ];
    let no_config = args.iter().any(|a| a.is("--no-config"));
    let mut starts = vec![here.dir.to_path_buf()];
    for a in args {
        let Some(v) = a.value.as_deref() else {
            continue;
        };
        if v.starts_with('-') {
            continue;
        }
        let path = files::join(here.dir, v);
        if files::is_dir(&path) {
            out.push(
                Level::Unknown,
                format!(
                    "prettier formats the files of {}, whose directories may hold configuration",
                    path.display()
                ),
            );
            return;
        }
        starts.extend(path.parent().map(Path::to_path_buf));
    }
    let mut seen = std::collections::HashSet::new();
    for dir in starts.iter().flat_map(|d| files::ancestors(d)) {
        if !seen.insert(dir) {
            continue;
        }
        if let Some(plugin) = prettier_plugin_package(dir) {
            out.push(
                Level::Unknown,
                format!(
                    "prettier 2 loads the plugin packages of node_modules ({})",
                    plugin.display()
                ),
            );
            return;
        }
        // `--no-config`: no configuration file is searched for (prettier 3.10, measured);
        // prettier 2's plugin packages above are still loaded.
        if no_config {
            continue;
        }
        if let Some(code) = CODE.iter().map(|n| dir.join(n)).find(|p| files::exists(p)) {
            out.push(
                Level::Unknown,
                format!(
                    "prettier runs its JavaScript configuration {}",
                    code.display()
                ),
            );
            return;
        }
        for file in DATA.iter().map(|n| dir.join(n)) {
            let Some(text) = super::config_text(&file, "prettier", out) else {
                continue;
            };
            if !prettier_data_harmless(&text) {
                out.push(
                    Level::Unknown,
                    format!("prettier's configuration {} names plugins or a shared configuration (modules it loads)", file.display()),
                );
                return;
            }
        }
        let package = dir.join("package.json");
        if let Some(text) = super::config_text(&package, "prettier", out) {
            let key = serde_json::from_str::<serde_json::Value>(&text)
                .map(|v| v.get("prettier").cloned());
            let harmless = match key {
                Ok(None) => true,
                Ok(Some(v @ serde_json::Value::Object(_))) => {
                    prettier_data_harmless(&v.to_string())
                }
                _ => false,
            };
            if !harmless {
                out.push(
                    Level::Unknown,
                    format!("prettier's configuration in {} names plugins or a shared configuration (modules it loads)", package.display()),
                );
                return;
            }
        }
    }
}

/// eslint's configuration (eslint 9.39, flat configuration): `-c FILE`, else the first of
/// `eslint.config.{js,mjs,cjs,ts,mts,cts}` from the working directory up (`--no-config-lookup`:
/// none). The file is JavaScript eslint imports, so it runs; one that is only data (`export
/// default` or `module.exports =` of a literal: objects, arrays, strings, numbers, booleans,
/// `null`; no `import`, `require`, call, spread, template or regular expression) loads nothing
/// and names only eslint's own rules, since a plugin or parser in a flat configuration is a
/// module object it must import. Measured: an `eslint.config.mjs` of `export default [{ rules:
/// { semi: "error" } }]` wrote nothing; one that imports `fs` and writes did. A TypeScript one
/// is loaded through jiti: not read. `ESLINT_USE_FLAT_CONFIG` (the old `.eslintrc` files, which
/// name plugins by package) is not read either.
fn eslint_config(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    const NAMES: &[&str] = &[
        "eslint.config.js",
        "eslint.config.mjs",
        "eslint.config.cjs",
        "eslint.config.ts",
        "eslint.config.mts",
        "eslint.config.cts",
    ];
    // `eslint --version` (`-v`, `--help`) prints before it looks for a configuration.
    if matches!(args, [a] if ["--version", "-v", "--help", "-h"].iter().any(|o| a.is(o))) {
        return;
    }
    // `--no-eslintrc`: eslintrc mode reads no configuration file, and flat mode (chosen by
    // ESLINT_USE_FLAT_CONFIG or an `eslint.config.*` up the tree, found without loading it)
    // refuses the option before loading one (measured, eslint 8.57.1).
    if args.iter().any(|a| a.is("--no-eslintrc")) {
        return;
    }
    if here.env.is_set("ESLINT_USE_FLAT_CONFIG") {
        out.push(
            Level::Unknown,
            "eslint reads the configuration ESLINT_USE_FLAT_CONFIG chooses, which names plugins by package",
        );
        return;
    }
    let given = super::named_files(args, &["-c", "--config"], here.dir);
    let found = || {
        files::ancestors(here.dir)
            .find_map(|d| NAMES.iter().map(|n| d.join(n)).find(|p| files::exists(p)))
    };
    let chosen: Vec<PathBuf> = if !given.is_empty() {
        given
    } else if args.iter().any(|a| a.is("--no-config-lookup")) {
        Vec::new()
    } else {
        found().into_iter().collect()
    };
    for file in chosen {
        eslint_file(&file, out);
    }
    if !args.iter().any(|a| a.is("--no-eslintrc")) {
        eslintrc_config(here, args, out);
    }
}

/// The older eslint configuration (`.eslintrc.*`, `package.json`'s `eslintConfig`, the personal
/// `~/.eslintrc.*`), which eslint 8 reads when no flat configuration is found and eslint 9 with
/// `ESLINT_USE_FLAT_CONFIG=false` (measured, eslint 8.57: a `.eslintrc.js` ran; a JSON `.eslintrc`
/// naming a plugin loaded it; so did `eslintConfig` naming one). The version that will run is not
/// known here, so these are read whatever the flat configuration says. Each file linted gets the
/// files of its own directory and every one above it: read from the working directory and from each
/// operand up, and inside a directory operand (eslint skips `node_modules` and dot-directories) up to
/// `MAX_ESLINTRC_ENTRIES` entries; past that, taken to hold one.
fn eslintrc_config(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    let mut tops = vec![here.dir.to_path_buf()];
    let mut trees = Vec::new();
    for v in args.iter().filter_map(|a| a.value.as_deref()) {
        if v.starts_with('-') {
            continue;
        }
        let path = files::join(here.dir, v);
        if files::is_dir(&path) {
            trees.push(path.clone());
            tops.push(path);
        } else {
            tops.extend(path.parent().map(Path::to_path_buf));
        }
    }
    let mut dirs: Vec<PathBuf> = Vec::new();
    for top in &tops {
        for d in files::ancestors(top) {
            if !dirs.iter().any(|seen| seen == d) {
                dirs.push(d.to_path_buf());
            }
        }
    }
    let mut budget = MAX_ESLINTRC_ENTRIES;
    for tree in &trees {
        if !eslintrc_subdirectories(tree, &mut dirs, &mut budget) {
            out.push(
                Level::Unknown,
                format!(
                    "eslint reads the .eslintrc files under {}, too many directories to look through here",
                    tree.display()
                ),
            );
            return;
        }
    }
    let mut project_has_one = false;
    for dir in &dirs {
        match eslintrc_in(dir, out) {
            Eslintrc::Loads(reason) => {
                out.push(Level::Unknown, reason);
                return;
            }
            Eslintrc::Data => project_has_one = true,
            Eslintrc::Absent => {}
        }
    }
    // The personal configuration is read only when the project has none (measured, eslint 8.57:
    // a `~/.eslintrc.js` beside a project's `.eslintrc.json` did not run).
    if !project_has_one {
        if let Some(Eslintrc::Loads(reason)) = here.env.home().map(|h| eslintrc_in(&h, out)) {
            out.push(Level::Unknown, reason);
        }
    }
}

/// What the older configuration of one directory is.
enum Eslintrc {
    /// None there (or none that could be read, which `out` was told).
    Absent,
    /// Some there, loading no module.
    Data,
    /// Some there that runs or loads code: why.
    Loads(String),
}

/// The older configuration files, JavaScript ones first.
const ESLINTRC_NAMES: &[&str] = &[
    ".eslintrc.js",
    ".eslintrc.cjs",
    ".eslintrc.json",
    ".eslintrc.yaml",
    ".eslintrc.yml",
    ".eslintrc",
];

const MAX_ESLINTRC_ENTRIES: usize = 2_000; // entries looked through under directory operands

/// Adds the directories under `dir` that eslint lints (not `node_modules`, not dot-directories);
/// `false` when more than `budget` entries would have to be read.
fn eslintrc_subdirectories(dir: &Path, dirs: &mut Vec<PathBuf>, budget: &mut usize) -> bool {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return true;
    };
    for entry in entries.flatten() {
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if name.starts_with('.') || name == "node_modules" {
            continue;
        }
        if entry.file_type().is_ok_and(|t| t.is_dir()) {
            let sub = entry.path();
            dirs.push(sub.clone());
            if !eslintrc_subdirectories(&sub, dirs, budget) {
                return false;
            }
        }
    }
    true
}

/// The older configuration in `dir`: it loads code when it is a JavaScript `.eslintrc`, or one of
/// data (or `package.json`'s `eslintConfig`) that names a plugin, parser, processor or shared
/// configuration (an `extends` other than `eslint:…`), here or in an override.
fn eslintrc_in(dir: &Path, out: &mut Verdict) -> Eslintrc {
    let mut found = Eslintrc::Absent;
    for name in ESLINTRC_NAMES {
        let file = dir.join(name);
        if name.ends_with("js") {
            if files::exists(&file) {
                return Eslintrc::Loads(format!(
                    "eslint 8 runs its JavaScript configuration {}",
                    file.display()
                ));
            }
            continue;
        }
        let Some(text) = super::config_text(&file, "eslint", out) else {
            continue;
        };
        let loads = match serde_json::from_str::<serde_json::Value>(&text) {
            Ok(v) => eslintrc_loads(&v, dir, 0),
            // YAML, or JSON with comments: any mention of what loads a module counts.
            Err(_) => ["plugin", "parser", "processor", "extends"]
                .iter()
                .any(|k| {
                    text.contains(k) && !(*k == "parser" && eslintrc_only_parser_options(&text))
                }),
        };
        if loads {
            return Eslintrc::Loads(format!(
                "eslint 8's configuration {} names modules it loads (a plugin, parser, processor or shared configuration)",
                file.display()
            ));
        }
        found = Eslintrc::Data;
    }
    let package = dir.join("package.json");
    let Some(text) = super::config_text(&package, "eslint", out) else {
        return found;
    };
    let key =
        serde_json::from_str::<serde_json::Value>(&text).map(|v| v.get("eslintConfig").cloned());
    match key {
        Ok(None) => found,
        Ok(Some(v)) if !eslintrc_loads(&v, dir, 0) => Eslintrc::Data,
        _ => Eslintrc::Loads(format!(
            "eslint 8's configuration in {} (eslintConfig) names modules it loads or cannot be read here",
            package.display()
        )),
    }
}

/// Every mention of `parser` in `text` is `parserOptions`.
fn eslintrc_only_parser_options(text: &str) -> bool {
    text.matches("parser").count() == text.matches("parserOptions").count()
}

/// An eslintrc object (of a file in `dir`) that names a module: `plugins`, `parser`,
/// `processor`, an `extends` entry neither built into eslint (`eslint:recommended`,
/// `eslint:all`) nor a relative path to a `.json` file that names none itself (eslint 8 reads a
/// path from the extending file's directory, and a `.json` one as JSON: data; followed
/// [`MAX_EXTENDS`] deep), or any of these in `overrides`. Anything but an object counts as
/// naming one.
fn eslintrc_loads(v: &serde_json::Value, dir: &Path, depth: usize) -> bool {
    const MAX_EXTENDS: usize = 4; // a chain of shared JSON files deeper than this is not followed
    let Some(map) = v.as_object() else {
        return true;
    };
    let data = |e: &serde_json::Value| {
        let Some(s) = e.as_str() else {
            return false;
        };
        if s.starts_with("eslint:") {
            return true;
        }
        let relative = s.starts_with("./") || s.starts_with("../");
        if !relative || !s.ends_with(".json") || depth >= MAX_EXTENDS {
            return false;
        }
        let file = files::join(dir, s);
        let files::Contents::Text(text) = files::read_text(&file) else {
            return false;
        };
        let base = file.parent().unwrap_or(dir);
        serde_json::from_str::<serde_json::Value>(&text)
            .is_ok_and(|inner| !eslintrc_loads(&inner, base, depth + 1))
    };
    map.iter().any(|(key, value)| match key.as_str() {
        "plugins" => value.as_array().is_none_or(|a| !a.is_empty()),
        "parser" | "processor" => true,
        "extends" => match value {
            serde_json::Value::Array(entries) => !entries.iter().all(data),
            other => !data(other),
        },
        "overrides" => value
            .as_array()
            .is_none_or(|list| list.iter().any(|o| eslintrc_loads(o, dir, depth))),
        _ => false,
    })
}

/// One configuration file eslint loads: read-only only when it is a JavaScript module that only
/// exports a literal.
fn eslint_file(file: &Path, out: &mut Verdict) {
    let data = file
        .extension()
        .is_some_and(|e| matches!(e.to_str(), Some("js" | "mjs" | "cjs")))
        && super::config_text(file, "eslint", out).is_some_and(|text| {
            crate::commands::classify::javascript::module_exports_literal(&text)
        });
    if !data {
        out.push(
            Level::Unknown,
            format!(
                "eslint runs its JavaScript configuration {}",
                file.display()
            ),
        );
    }
}

const MAX_NODE_MODULES: usize = 5_000; // entries of node_modules looked through; past it, taken to hold a plugin

/// A package prettier 2 loads by itself (`prettier-plugin-*`, `@prettier/plugin-*`,
/// `@scope/prettier-plugin-*` in `node_modules`), should the prettier that runs be an older one
/// than measured.
fn prettier_plugin_package(dir: &Path) -> Option<PathBuf> {
    let modules = dir.join("node_modules");
    let entries = std::fs::read_dir(&modules).ok()?;
    for (n, entry) in entries.flatten().enumerate() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if n == MAX_NODE_MODULES || name.starts_with("prettier-plugin-") || name == "@prettier" {
            return Some(entry.path());
        }
        if name.starts_with('@') {
            let scoped = std::fs::read_dir(entry.path()).ok()?;
            for (m, inner) in scoped.flatten().enumerate() {
                if m == MAX_NODE_MODULES
                    || inner
                        .file_name()
                        .to_string_lossy()
                        .starts_with("prettier-plugin-")
                {
                    return Some(inner.path());
                }
            }
        }
    }
    None
}

/// A prettier configuration of data: no `plugins` (or `parser` naming a file) anywhere, and not
/// a bare string (the name of a shared configuration).
fn prettier_data_harmless(text: &str) -> bool {
    let t = text.trim_start();
    let parser_file = text
        .lines()
        .any(|l| l.contains("parser") && l.contains(['/', '\\']));
    !text.contains("plugins")
        && !parser_file
        && !t.starts_with(['"', '\''])
        && (t.is_empty() || t.starts_with('{') || text.contains([':', '=']))
}

/// tox provisions a virtual environment of its own (`.tox/.tox`, from the network) before any
/// command when its configuration's `requires` or `min_version` asks for more than is installed
/// (measured, tox 4.67: `tox list` wrote `.tox`). Any mention of them in a file tox may read
/// (`tox.ini`, `tox.toml`, `setup.cfg`, `pyproject.toml` up the tree), or a `TOX_*` variable
/// (`TOX_OVERRIDE` can set them), is taken to ask.
///
/// A project tox would package (a `pyproject.toml`, `setup.py` or `setup.cfg` beside its
/// configuration) gets `.tox/.pkg` made for it even by `tox list` (measured).
fn tox_requires(here: &Here<'_>, out: &mut Verdict) {
    if let Some(package) = files::ancestors(here.dir)
        .flat_map(|d| ["pyproject.toml", "setup.py", "setup.cfg"].map(|n| d.join(n)))
        .find(|p| files::exists(p))
    {
        out.push(
            Level::Unknown,
            format!(
                "tox makes .tox/.pkg for the project {} describes",
                package.display()
            ),
        );
        return;
    }
    if let Some(name) = here.env.names().find(|n| n.starts_with("TOX_")) {
        out.push(Level::Unknown, format!("tox takes settings from {name}"));
        return;
    }
    for dir in files::ancestors(here.dir) {
        for name in ["tox.ini", "tox.toml", "setup.cfg", "pyproject.toml"] {
            let file = dir.join(name);
            let Some(text) = super::config_text(&file, "tox", out) else {
                continue;
            };
            // pyproject.toml's `[build-system] requires` is not tox's.
            let tox_part = match name {
                "pyproject.toml" => text.find("[tool.tox").map(|at| &text[at..]),
                "setup.cfg" => text.find("[tox:").map(|at| &text[at..]),
                _ => Some(text.as_str()),
            };
            if tox_part.is_some_and(|t| {
                ["requires", "min_version", "minversion"]
                    .iter()
                    .any(|k| t.contains(k))
            }) {
                out.push(
                    Level::Unknown,
                    format!(
                        "tox provisions itself when {} requires more than is installed",
                        file.display()
                    ),
                );
                return;
            }
        }
    }
}

/// `direnv exec DIR CMD…` (`wrappers::DIRENV_LOADS`): the `.envrc` found from DIR up runs
/// only when approved, by `direnv allow` (a file in `$XDG_DATA_HOME/direnv/allow`, named by a
/// hash of the path and content: any file there is taken to approve it) or by the
/// configuration's `[whitelist]` (`direnv.toml` or `config.toml` in `DIRENV_CONFIG` or
/// `$XDG_CONFIG_HOME/direnv`: any such file is taken to), which can also load `.env` files.
fn direnv_exec(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    let Some(dir) = args.get(1).and_then(|a| a.value.as_deref()) else {
        out.push(
            Level::Unknown,
            crate::commands::classify::wrappers::DIRENV_LOADS,
        );
        return;
    };
    let Some(home) = here.env.home() else {
        out.push(
            Level::Unknown,
            "direnv exec reads its approvals in HOME, not known here",
        );
        return;
    };
    let mut config_dirs: Vec<PathBuf> = match here.env.value("DIRENV_CONFIG") {
        Some(d) => vec![files::join(here.dir, d)],
        None => here
            .env
            .xdg_configs(here.dir)
            .into_iter()
            .map(|c| c.join("direnv"))
            .collect(),
    };
    config_dirs.push(home.join(".config/direnv"));
    if let Some(file) = config_dirs
        .iter()
        .flat_map(|d| ["direnv.toml", "config.toml"].map(|n| d.join(n)))
        .find(|f| files::exists(f))
    {
        out.push(
            Level::Unknown,
            format!(
                "direnv exec reads {}, which can approve an .envrc or load .env files",
                file.display()
            ),
        );
        return;
    }
    let start = files::join(here.dir, dir);
    let Some(rc) = files::ancestors(&start)
        .map(|d| d.join(".envrc"))
        .find(|f| files::exists(f))
    else {
        return;
    };
    let data = match here.env.value("XDG_DATA_HOME") {
        Some(d) if d.starts_with('/') => PathBuf::from(d),
        _ => home.join(".local/share"),
    };
    let approvals = data.join("direnv/allow");
    let approved =
        std::fs::read_dir(&approvals).map_or(files::exists(&approvals), |mut e| e.next().is_some());
    if approved {
        out.push(
            Level::Unknown,
            format!(
                "direnv exec runs {} when {} approves it",
                rc.display(),
                approvals.display()
            ),
        );
    }
}

/// The option files of the mysql client a user or project controls (`$MYSQL_HOME/my.cnf`,
/// `~/.my.cnf`, `~/.mylogin.cnf`, which is encrypted): a `tee` there is opened while the
/// options are read, `--version` and `--help` included (`modes::MYSQL_TEE`); an `!include`
/// names more. The system's files under /etc are the machine's.
fn mysql_options(here: &Here<'_>, out: &mut Verdict) {
    let mut files_read: Vec<PathBuf> = Vec::new();
    if let Some(dir) = here.env.value("MYSQL_HOME") {
        files_read.push(files::join(here.dir, dir).join("my.cnf"));
    }
    let Some(home) = here.env.home() else {
        out.push(
            Level::Unknown,
            "mysql reads ~/.my.cnf, and HOME is not known here",
        );
        return;
    };
    files_read.push(home.join(".my.cnf"));
    if files::exists(&home.join(".mylogin.cnf")) {
        out.push(
            Level::Unknown,
            "mysql reads ~/.mylogin.cnf, which is encrypted and not read here",
        );
    }
    for file in files_read {
        let Some(text) = super::config_text(&file, "mysql", out) else {
            continue;
        };
        let opens = text.lines().any(|l| {
            let key = l.trim().split('=').next().unwrap_or("").trim();
            key.eq_ignore_ascii_case("tee") || key.starts_with("!include")
        });
        if opens {
            out.push(
                Level::Write,
                format!(
                    "mysql opens the tee file {} names (or a file it includes) while it reads its options",
                    file.display()
                ),
            );
        }
    }
}

/// The substitutions `tox config` makes without running anything (tox 4.67, measured with
/// strace): the positional arguments, directories and names tox knows from the configuration,
/// `{env:NAME}`, and the separators `{/}` and `{:}`.
const TOX_PLAIN_SUBSTITUTIONS: &[&str] = &[
    "posargs",
    "envdir",
    "env_dir",
    "toxinidir",
    "tox_root",
    "toxworkdir",
    "work_dir",
    "envname",
    "env_name",
    "/",
    ":",
];

/// `tox config -k KEY…` (`modes::TOX_SUBSTITUTIONS`): every `{…}` of tox's configuration files
/// (the first found up the tree, as tox finds it; all of them are read here) is one of
/// [`TOX_PLAIN_SUBSTITUTIONS`] or `{env:…}` without a nested one; any other (`{envpython}`,
/// `{envsitepackagesdir}`, `{[testenv]deps}`) may need the interpreter.
fn tox_substitutions(here: &Here<'_>, out: &mut Verdict) {
    for dir in files::ancestors(here.dir) {
        for name in ["tox.ini", "tox.toml", "setup.cfg", "pyproject.toml"] {
            let file = dir.join(name);
            let Some(text) = super::config_text(&file, "tox", out) else {
                continue;
            };
            let tox_part = match name {
                "pyproject.toml" => text.find("[tool.tox").map(|at| &text[at..]),
                "setup.cfg" => text.find("[tox:").map(|at| &text[at..]),
                _ => Some(text.as_str()),
            };
            let Some(part) = tox_part else {
                continue;
            };
            let mut rest = part;
            while let Some(open) = rest.find('{') {
                let after = &rest[open + 1..];
                let inner = after.split('}').next().unwrap_or(after);
                let plain = after.contains('}')
                    && !inner.contains('{')
                    && (TOX_PLAIN_SUBSTITUTIONS.contains(&inner)
                        || inner.starts_with("posargs:")
                        || inner.starts_with("env:"));
                if !plain {
                    out.push(
                        Level::Unknown,
                        format!(
                            "tox config substitutes {{{inner}}} of {}, which may run the environment's interpreter",
                            file.display()
                        ),
                    );
                    return;
                }
                rest = &after[inner.len()..];
            }
        }
    }
}

/// exiftool runs its user configuration file, Perl, on every start (exiftool(1), "-config"):
/// `$EXIFTOOL_HOME/.ExifTool_config`, else `~/.ExifTool_config` (measured, exiftool 12.57: a
/// planted one wrote a file for `exiftool a.txt`). One of only blank and comment lines and `1;`
/// defines nothing. `-config FILE` on the command line is judged with the command.
fn exiftool_config(here: &Here<'_>, out: &mut Verdict) {
    let dir = match here.env.get("EXIFTOOL_HOME") {
        Var::Set(d) if !d.is_empty() => Some(files::join(here.dir, d)),
        Var::Runtime => {
            out.push(
                Level::Unknown,
                "exiftool runs the configuration file of EXIFTOOL_HOME, only known at run time",
            );
            return;
        }
        _ => here.env.home(),
    };
    let Some(dir) = dir else {
        out.push(
            Level::Unknown,
            "exiftool runs ~/.ExifTool_config, and HOME is not known",
        );
        return;
    };
    let file = dir.join(".ExifTool_config");
    let Some(text) = super::config_text(&file, "exiftool", out) else {
        return;
    };
    let empty = text.lines().all(|l| {
        let l = l.trim();
        l.is_empty() || l.starts_with('#') || l == "1;"
    });
    if !empty {
        out.push(
            Level::Unknown,
            format!("exiftool runs {} (Perl) when it starts", file.display()),
        );
    }
}

/// quilt (0.67, /usr/bin/quilt) runs `$QUILT_DIR/COMMAND` (the system's directory unless
/// QUILT_DIR names another) and sources, as bash, the file QUILTRC names, else ~/.quiltrc when it
/// exists, else the system's /etc/quilt.quiltrc; `--quiltrc=-` sources none. A file of only
/// comments and blank lines is harmless; anything else is code.
fn quiltrc(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    if !matches!(here.env.get("QUILT_DIR"), Var::Unset) {
        out.push(
            Level::Unknown,
            "quilt runs its commands from the directory QUILT_DIR names",
        );
    }
    if args.first().is_some_and(|a| a.is("--quiltrc=-")) {
        return;
    }
    let file = match here.env.get("QUILTRC") {
        Var::Set(f) if !f.is_empty() => files::join(here.dir, f),
        Var::Set(_) | Var::Unset => match here.env.home() {
            Some(home) => home.join(".quiltrc"),
            None => {
                out.push(
                    Level::Unknown,
                    "quilt sources ~/.quiltrc, and HOME is not known",
                );
                return;
            }
        },
        Var::Runtime => {
            out.push(
                Level::Unknown,
                "quilt sources the file QUILTRC names, only known at run time",
            );
            return;
        }
    };
    let Some(text) = super::config_text(&file, "quilt", out) else {
        return;
    };
    if !text
        .lines()
        .all(|l| l.trim().is_empty() || l.trim_start().starts_with('#'))
    {
        out.push(
            Level::Unknown,
            format!("quilt sources {} (bash) when it starts", file.display()),
        );
    }
}

/// php loads the ini file PHPRC names (a file, or a directory's `php.ini`) and the `*.ini` files
/// of the directories PHP_INI_SCAN_DIR lists, on every run, `-v` and `-l` included (php(1),
/// "FILES"). Each is judged by its keys: only those that set limits, error display, time zone
/// and the like (below) are harmless; an extension, a file prepended or appended to every
/// script, a log file or anything else is not.
fn php_ini(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    // `php -r CODE` runs no `auto_prepend_file` or `auto_append_file`, nor do the modes that run
    // no script: `-l` (a lint), `--ri`/`--re`/`--rf`/`--rz` (reflection), `-v`, `-m`, `-i`
    // (measured, PHP 8.2: a planted prepend and append file ran for `php s.php` only); other
    // keys still load.
    // `-n` (`--no-php-ini`) loads no ini file at all, PHPRC's and PHP_INI_SCAN_DIR's included
    // (measured, PHP 8.2: a PHPRC naming an `auto_prepend_file` did not run it under `-n`).
    let before_script = || {
        args.iter()
            .map_while(|a| a.value.as_deref())
            .take_while(|v| v.starts_with('-'))
    };
    if before_script().any(|v| matches!(v, "-n" | "--no-php-ini")) {
        return;
    }
    let mut inline = false;
    let mut words = args.iter();
    while let Some(v) = words.next().and_then(|a| a.value.as_deref()) {
        match v {
            "-r"
            | "--run"
            | "-l"
            | "--syntax-check"
            | "--ri"
            | "--re"
            | "--rf"
            | "--rz"
            | "-v"
            | "--version"
            | "-m"
            | "--modules"
            | "-i"
            | "--info"
            | "-w"
            | "--strip"
            | "-s"
            | "--syntax-highlight"
            | "--syntax-highlighting" => {
                inline = true;
                break;
            }
            "-c" | "-d" | "-z" => {
                words.next();
            }
            v if v.starts_with('-') => {}
            _ => break,
        }
    }
    let mut files_read: Vec<PathBuf> = Vec::new();
    match here.env.get("PHPRC") {
        Var::Unset | Var::Set("") => {}
        Var::Runtime => out.push(
            Level::Unknown,
            "php loads the configuration PHPRC names, only known at run time",
        ),
        Var::Set(p) => {
            let path = files::join(here.dir, p);
            files_read.push(if files::is_dir(&path) {
                path.join("php.ini")
            } else {
                path
            });
        }
    }
    match here.env.get("PHP_INI_SCAN_DIR") {
        Var::Unset | Var::Set("") => {}
        Var::Runtime => out.push(
            Level::Unknown,
            "php loads the ini files of PHP_INI_SCAN_DIR, only known at run time",
        ),
        Var::Set(dirs) => {
            for dir in dirs.split(':').filter(|d| !d.is_empty()) {
                let dir = files::join(here.dir, dir);
                let Ok(entries) = std::fs::read_dir(&dir) else {
                    continue;
                };
                for entry in entries.flatten().take(64) {
                    let path = entry.path();
                    if path.extension().is_some_and(|e| e == "ini") {
                        files_read.push(path);
                    }
                }
            }
        }
    }
    for file in files_read {
        let Some(text) = super::config_text(&file, "php", out) else {
            continue;
        };
        for line in text.lines() {
            let line = line.trim();
            if line.is_empty() || line.starts_with(';') || line.starts_with('[') {
                continue;
            }
            let key = line
                .split('=')
                .next()
                .unwrap_or("")
                .trim()
                .to_ascii_lowercase();
            let skipped =
                inline && matches!(key.as_str(), "auto_prepend_file" | "auto_append_file");
            if !(HARMLESS_PHP_KEYS.contains(&key.as_str()) || skipped) || line.contains(['$', '`'])
            {
                out.push(
                    Level::Unknown,
                    format!("php loads {} first, which sets {key} (an extension, a script run first, a log or another setting not known here to be harmless)", file.display()),
                );
                break;
            }
        }
    }
}

/// php.ini keys that only set limits, how errors are shown and how values are formatted
/// (php.ini-development's "Quick Reference").
#[rustfmt::skip]
const HARMLESS_PHP_KEYS: &[&str] = &[
    "memory_limit", "display_errors", "display_startup_errors", "error_reporting", "html_errors",
    "date.timezone", "max_execution_time", "max_input_time", "short_open_tag", "precision",
    "serialize_precision", "default_charset", "output_buffering", "implicit_flush", "zend.assertions",
    "assert.active", "log_errors", "variables_order", "request_order", "register_argc_argv",
    "auto_globals_jit", "post_max_size", "upload_max_filesize", "default_socket_timeout",
    "expose_php", "ignore_repeated_errors", "report_memleaks", "intl.default_locale",
];

/// Whether the file `BASH_ENV` names, sourced by a non-interactive bash before anything else,
/// is harmless: missing (bash reports it and goes on) or one that only assigns fixed words
/// ([`assigns_only`]). Unset or empty, there is nothing to read. bash expands the value first
/// (parameter, command and arithmetic expansion: `$(cmd)` in it runs cmd, measured with bash
/// 5.2), so a value with `$` or a backquote is not harmless whatever file it names.
pub fn bash_env_harmless(env: &Env<'_>, dir: &Path) -> bool {
    match env.get("BASH_ENV") {
        Var::Unset | Var::Set("") => true,
        Var::Set(value) if value.contains(['$', '`']) => false,
        Var::Runtime => false,
        Var::Set(file) => match files::read_text(&files::join(dir, file)) {
            files::Contents::Missing => true,
            files::Contents::Text(text) => assigns_only(&text),
            files::Contents::Unreadable => false,
        },
    }
}

/// A startup file that only sets variables to fixed words (`export PROJECT=web`, comments), none
/// of which a shell or a program reads as configuration (`env::shell_risk`: not PATH, EDITOR,
/// LD_PRELOAD, …): sourcing it runs nothing and changes nothing the command runs. A value with an expansion, a quote that is not closed on
/// the line, or anything else is not taken.
fn assigns_only(text: &str) -> bool {
    text.lines().all(|line| {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return true;
        }
        let assignment = line.strip_prefix("export ").map_or(line, str::trim_start);
        let Some((name, value)) = assignment.split_once('=') else {
            return false;
        };
        let value = value
            .strip_prefix('"')
            .and_then(|v| v.strip_suffix('"'))
            .or_else(|| value.strip_prefix('\'').and_then(|v| v.strip_suffix('\'')))
            .unwrap_or(value);
        !name.is_empty()
            && !name.starts_with(|c: char| c.is_ascii_digit())
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            && value
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "/._-:,+@%=".contains(c))
            && super::super::env::shell_risk(name, Some(value)).is_none()
    })
}

/// A nested shell's startup files in HOME: a login shell (`bash -l -c …`, `--login`) sources
/// `~/.bash_profile`, `~/.bash_login` or `~/.profile`; an interactive one (`-i`) `~/.bashrc`.
/// With `-n` nothing runs. The system's own `/etc/profile` is taken as the machine's.
fn startup_files(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    let (mut login, mut interactive) = (false, false);
    let (mut profile, mut rc) = (true, true);
    // No `-c` and no script: the shell reads its input, which may be a terminal.
    let mut reads_input = true;
    for a in args {
        let Some(v) = a.value.as_deref() else {
            reads_input = false;
            break;
        };
        match v {
            "--login" => login = true,
            "--noprofile" => profile = false,
            "--norc" => rc = false,
            "--" => {
                reads_input = false;
                break;
            }
            _ if v.starts_with("--") => {}
            _ if v.len() > 1 && v.starts_with('-') => {
                let letters = &v[1..];
                if letters.contains('n') {
                    return;
                }
                login |= letters.contains('l');
                interactive |= letters.contains('i');
                if letters.contains('c') {
                    reads_input = false;
                    break;
                }
            }
            _ => {
                reads_input = false;
                break;
            }
        }
    }
    // sh (dash) sources the file ENV names only when interactive (dash(1), "Invocation";
    // measured, dash 0.5.12: `ENV=./rc.sh sh -c 'echo hi'` did not run it, `sh -i` did); bash
    // does in POSIX mode, taken here for any interactive bash.
    if (interactive || reads_input) && here.env.is_set("ENV") {
        out.push(
            Level::Unknown,
            format!(
                "{} sources the file ENV names first when interactive",
                here.program
            ),
        );
    }
    let (login, interactive) = (login && profile, interactive && rc);
    let Some(home) = here.env.home() else { return };
    let mut names: Vec<&str> = Vec::new();
    if login {
        names.extend([".bash_profile", ".bash_login", ".profile"]);
    }
    if interactive && (here.program == "bash" || here.program.ends_with("/bash")) {
        names.push(".bashrc");
    }
    for name in names {
        let file = home.join(name);
        if !file.is_file() {
            continue;
        }
        // The file is code the shell runs first: walked as such, before the command's own.
        if let Contents::Text(text) = files::read_text(&file) {
            out.nested.push(Nested::Script(Word::literal(&text)));
            continue;
        }
        {
            out.push(
                Level::Unknown,
                format!(
                    "{} sources {} first (a {} shell)",
                    here.program,
                    file.display(),
                    if name == ".bashrc" {
                        "interactive"
                    } else {
                        "login"
                    }
                ),
            );
        }
    }
}

/// top (procps-ng 4) makes its configuration directory, `$XDG_CONFIG_HOME/procps` or
/// `~/.config/procps`, when it starts and finds neither that nor an old `~/.toprc` (measured: a
/// fresh HOME gains `.config/procps` from `top -b -n 1`).
fn top(here: &Here<'_>, out: &mut Verdict) {
    let Some(home) = here.env.home() else { return };
    if files::exists(&home.join(".toprc")) {
        return;
    }
    if let Some(missing) = here
        .env
        .xdg_configs(here.dir)
        .into_iter()
        .map(|c| c.join("procps"))
        .find(|d| !files::exists(d))
    {
        out.push(
            Level::Write,
            format!(
                "top creates {}, its configuration directory",
                missing.display()
            ),
        );
    }
}

/// fontconfig (2.14, as fc-list and fc-match load it) writes a cache for each font directory it
/// finds without a current one, into the user's cache (`~/.cache/fontconfig`) or, run by root,
/// the system's. Measured: with a fresh HOME, `fc-list` wrote nothing; with a `~/.fonts` or
/// `~/.local/share/fonts` there, even empty, it wrote `~/.cache/fontconfig/*.cache-8`; a user
/// `fonts.conf` adding a `<dir>` did the same. The system's font directories are cached by the
/// package manager and taken as the machine's. A user directory or configuration is not
/// read-only (whether its cache is current is not read here).
fn fontconfig(here: &Here<'_>, out: &mut Verdict) {
    let program = here.program;
    for name in ["FONTCONFIG_FILE", "FONTCONFIG_PATH", "FONTCONFIG_SYSROOT"] {
        if here.env.is_set(name) {
            out.push(
                Level::Unknown,
                format!("{program} reads the fontconfig configuration {name} names, which may add font directories it caches"),
            );
        }
    }
    let Some(home) = here.env.home() else { return };
    let data = match here.env.value("XDG_DATA_HOME") {
        Some(d) if d.starts_with('/') => PathBuf::from(d),
        _ => home.join(".local/share"),
    };
    let configs = here.env.xdg_configs(here.dir);
    let fonts = [home.join(".fonts"), data.join("fonts")];
    if let Some(dir) = fonts.iter().find(|d| files::exists(d)) {
        out.push(
            Level::Write,
            format!(
                "{program} writes fontconfig's cache for the font directory {} when it has no current one",
                dir.display()
            ),
        );
    }
    let user = configs
        .iter()
        .flat_map(|c| [c.join("fontconfig/fonts.conf"), c.join("fontconfig/conf.d")])
        .chain([home.join(".fonts.conf"), home.join(".fonts.conf.d")])
        .find(|f| files::exists(f));
    if let Some(conf) = user {
        out.push(
            Level::Unknown,
            format!(
                "{program} reads {}, which may add font directories it caches",
                conf.display()
            ),
        );
    }
}

/// go's env file (`$GOENV`, else `$XDG_CONFIG_HOME/go/env` or `~/.config/go/env`), which every go
/// command reads: a C compiler or pkg-config it names runs (`go env` asks the compiler for its
/// flags), a toolchain other than the local one is fetched and run, `-toolexec`/`-exec` in
/// GOFLAGS run a program.
fn go_env(here: &Here<'_>, out: &mut Verdict) {
    let files: Vec<PathBuf> = match here.env.value("GOENV") {
        Some("off") => return,
        Some(f) if !f.is_empty() => vec![files::join(here.dir, f)],
        _ => {
            let xdg = here
                .env
                .value("XDG_CONFIG_HOME")
                .filter(|x| x.starts_with('/'))
                .map(PathBuf::from);
            xdg.or_else(|| here.env.home().map(|h| h.join(".config")))
                .map(|c| c.join("go/env"))
                .into_iter()
                .collect()
        }
    };
    for file in files {
        let Some(text) = super::config_text(&file, "go", out) else {
            continue;
        };
        for line in text.lines() {
            let Some((key, value)) = line.trim().split_once('=') else {
                continue;
            };
            let (key, value) = (key.trim(), value.trim());
            let runs = match key {
                "CC" | "CXX" | "FC" | "PKG_CONFIG" | "GOGCCFLAGS" | "CGO_CFLAGS"
                | "CGO_LDFLAGS" => !value.is_empty(),
                "GOTOOLCHAIN" => !matches!(value, "" | "local" | "auto"),
                "GOFLAGS" => value.contains("-toolexec") || value.contains("-exec"),
                _ => false,
            };
            if runs {
                out.push(
                    Level::Unknown,
                    format!(
                        "go runs what {key} in its env file {} names",
                        file.display()
                    ),
                );
            }
        }
    }
}

/// node's `--env-file` files (node 20, measured: `NAME=value` lines, `#` comments, an `export `
/// before the name, quotes taken off, a double-quoted value may run over lines, nothing expanded;
/// NODE_OPTIONS set there is applied). Read as data: each name is judged as a `NAME=value` before
/// the command would be (`env::harmless`), and a line this does not read (an unclosed quote, a
/// `$` or backquote, which node leaves as text but a reader may not) is not read-only.
fn node_env_files(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    let mut named = Vec::new();
    let mut words = args.iter();
    while let Some(v) = words.next().and_then(|w| w.value.as_deref()) {
        let optional = v.starts_with("--env-file-if-exists");
        let file = match v.split_once('=') {
            Some(("--env-file" | "--env-file-if-exists", f)) => Some(f.to_string()),
            None if matches!(v, "--env-file" | "--env-file-if-exists") => {
                words.next().and_then(|w| w.value.clone())
            }
            _ => break,
        };
        match file {
            Some(f) => named.push((files::join(here.dir, &f), optional)),
            None => {
                out.push(
                    Level::Unknown,
                    "node reads an --env-file only named at run time",
                );
                return;
            }
        }
    }
    for (file, optional) in named {
        let text = match files::read_text(&file) {
            Contents::Text(t) => t,
            Contents::Missing if optional => continue,
            _ => {
                out.push(
                    Level::Unknown,
                    format!("node's --env-file {} is not read here", file.display()),
                );
                continue;
            }
        };
        for line in text.lines() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let line = line.strip_prefix("export ").unwrap_or(line).trim_start();
            let Some((name, value)) = line.split_once('=') else {
                continue;
            };
            let name = name.trim();
            let mut value = value.trim();
            for q in ['"', '\'', '`'] {
                if let Some(inner) = value.strip_prefix(q) {
                    value = inner.strip_suffix(q).unwrap_or("\u{0}");
                }
            }
            let plain_name =
                !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
            let unread = !plain_name || value.contains(['\u{0}', '$', '`']);
            if unread {
                out.push(
                    Level::Unknown,
                    format!(
                        "node's --env-file {} has a line not read here ({line})",
                        file.display()
                    ),
                );
            } else if !crate::commands::classify::env::harmless(name, Some(value)) {
                out.push(
                    Level::Unknown,
                    format!(
                        "node's --env-file {} sets {name}, which can configure what node does",
                        file.display()
                    ),
                );
            }
        }
    }
}

/// Whether `go list -m`, `go doc` or `go mod graph` run in `here.dir` reads only: the module's
/// go.mod (the nearest up the tree) requires, replaces and names no module or toolchain, no
/// go.work takes it into a workspace, and no go of 1.21 or later would switch toolchains for its
/// `go` line (`GOTOOLCHAIN=local`, or a line older than 1.21). go 1.19, measured: nothing made,
/// nothing fetched; with a `require`, the module cache is made and the module fetched.
pub(crate) fn go_module_self_contained(here: &Here<'_>) -> bool {
    go_module_reads(here, false)
}

/// What `go list -m` alone needs: [`go_module_self_contained`]'s module, whose go.mod may
/// require, replace, exclude and retract modules (their lines and blocks), since naming the
/// main module loads none of them.
pub(crate) fn go_main_module_reads(here: &Here<'_>) -> bool {
    go_module_reads(here, true)
}

fn go_module_reads(here: &Here<'_>, requirements: bool) -> bool {
    let Some(go_mod) = files::ancestors(here.dir)
        .map(|d| d.join("go.mod"))
        .find(|p| files::is_file(p))
    else {
        return false;
    };
    let workspace = here.env.value("GOWORK") != Some("off")
        && (here.env.value("GOWORK").is_some_and(|w| !w.is_empty())
            || files::ancestors(here.dir).any(|d| files::exists(&d.join("go.work"))));
    let flags = here
        .env
        .value("GOFLAGS")
        .is_some_and(|f| !f.trim().is_empty());
    if workspace || flags {
        return false;
    }
    let Contents::Text(text) = files::read_text(&go_mod) else {
        return false;
    };
    let local = here.env.value("GOTOOLCHAIN") == Some("local");
    let mut block = false;
    text.lines().all(|line| {
        let line = line.split("//").next().unwrap_or("").trim();
        let mut words = line.split_whitespace();
        let first = words.next();
        if requirements {
            if block {
                block = first != Some(")");
                return true;
            }
            if matches!(first, Some("require" | "replace" | "exclude" | "retract")) {
                block = line.ends_with('(');
                return true;
            }
        }
        match first {
            None | Some("module") => true,
            Some("go") => {
                local
                    || words.next().is_some_and(|v| {
                        let mut parts = v.split('.').map(|p| p.parse::<u32>().ok());
                        matches!((parts.next(), parts.next()), (Some(Some(1)), Some(Some(minor))) if minor < 21)
                    })
            }
            _ => false,
        }
    })
}

/// Whether `go doc ARGS` finds its package in process: go/build's `Import` runs `go list` of
/// packages (which makes the build cache, `~/.cache/go-build`) for an import path in module mode
/// unless the path is a directory of the standard library (`$GOROOT/src/PATH`); a path operand
/// (`.`, `..`, `./…`, `../…`, absolute) is read as a directory and no operand is the current
/// one. So `go doc`, `go doc ./sub.Foo`, `go doc fmt`, `go doc net/http Get` read only, while a
/// symbol alone (`go doc Hello`: tried as an import path first), `go doc fmt.Println` or a
/// module's package path run `go list` (go 1.19's cmd/doc and go/build, measured).
pub(crate) fn go_doc_in_process(here: &Here<'_>, args: &[Word]) -> bool {
    let mut operands = args.iter().skip(1).skip_while(|w| {
        w.value
            .as_deref()
            .is_some_and(|v| v.starts_with('-') && v != "-" && v != "--")
    });
    let operand = match operands.next() {
        Some(w) if w.is("--") => operands.next(),
        other => other,
    };
    let Some(operand) = operand else {
        return true;
    };
    let Some(path) = operand.value.as_deref() else {
        return false;
    };
    let dot_slash = matches!(path, "." | "..") || path.starts_with("./") || path.starts_with("../");
    if dot_slash || path.starts_with('/') {
        return true;
    }
    // A path with `..` or an empty element could name a directory outside the tree; import
    // paths have neither.
    let plain = !path.is_empty()
        && path
            .split('/')
            .all(|e| !e.is_empty() && e != "." && e != ".." && !e.contains('\\'));
    plain && go_root(here).is_some_and(|root| files::is_dir(&root.join("src").join(path)))
}

/// The GOROOT the go command runs its tools with: `$GOROOT`, else the directory above the `bin`
/// of the `go` found on PATH, as is or with its links resolved, when it holds `pkg/tool` (cmd/go's
/// `findGOROOT`); `None` when neither does (go would use the root it was built with).
fn go_root(here: &Here<'_>) -> Option<PathBuf> {
    if let Some(root) = here.env.value("GOROOT").filter(|r| !r.is_empty()) {
        return Some(files::join(here.dir, root));
    }
    let go = files::on_path("go", here.env.value("PATH")?, here.dir)?;
    let is_root = |d: &Path| files::is_dir(&d.join("pkg/tool"));
    let beside = go.parent()?.parent().map(Path::to_path_buf);
    if let Some(root) = beside.filter(|d| is_root(d)) {
        return Some(root);
    }
    let real = std::fs::canonicalize(&go).ok()?;
    real.parent()?
        .parent()
        .map(Path::to_path_buf)
        .filter(|d| is_root(d))
}

/// curl reads `.curlrc` from `$CURL_HOME`, the XDG configuration directory and HOME (unless
/// `-q`/`--disable` comes first): any option there (`output`, `upload-file`, a URL) applies.
fn curlrc(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    if args
        .first()
        .is_some_and(|a| a.is("-q") || a.is("--disable"))
    {
        return;
    }
    let mut dirs: Vec<PathBuf> = Vec::new();
    match here.env.get("CURL_HOME") {
        Var::Set(d) => dirs.push(files::join(here.dir, d)),
        Var::Runtime => {
            out.push(
                Level::Unknown,
                "curl reads .curlrc from CURL_HOME, only known at run time",
            );
            return;
        }
        Var::Unset => {}
    }
    dirs.extend(here.env.xdg_configs(here.dir));
    dirs.extend(here.env.home());
    if let Some(rc) = dirs
        .iter()
        .flat_map(|d| [d.join(".curlrc"), d.join("curlrc")])
        .find(|rc| files::exists(rc))
    {
        if let Contents::Text(t) = files::read_text(&rc) {
            // An information mode (`--version`, `--help`, `--manual`) ends once the options are
            // read: of the file's options only `stderr` has acted by then, opening its file
            // (measured, curl 7.88: `output`, `trace`, `libcurl`, `cookie-jar`, `hsts`, a URL
            // wrote nothing), and `config` reads another file of options.
            let informs = args.iter().any(|a| {
                a.is("-V")
                    || a.is("--version")
                    || a.is("-h")
                    || a.is("--help")
                    || a.is("-M")
                    || a.is("--manual")
            });
            let acts = |line: &str| {
                !harmless_curlrc_line(line)
                    && (!informs || matches!(curlrc_option(line), "stderr" | "config" | "K"))
            };
            if !t.lines().any(acts) {
                return;
            }
        }
        out.push(
            Level::Unknown,
            format!(
                "curl reads its options from {}, which can name a file to write or a URL",
                rc.display()
            ),
        );
    }
}

/// A line of a `.curlrc` that sets only how curl talks and reports (curl(1), "-K, --config"):
/// `silent`, `--location`, `connect-timeout = 5`. An option that names a file (`output`,
/// `stderr`, `trace`, `libcurl`, `cookie-jar`, `alt-svc`, `hsts`, `config`), a URL or a proxy
/// is not one.
fn harmless_curlrc_line(line: &str) -> bool {
    const OPTIONS: &[&str] = &[
        "silent",
        "s",
        "show-error",
        "S",
        "location",
        "L",
        "fail",
        "f",
        "compressed",
        "connect-timeout",
        "max-time",
        "m",
        "retry",
        "retry-delay",
        "retry-max-time",
        "retry-connrefused",
        "user-agent",
        "A",
        "http1.1",
        "http2",
        "ipv4",
        "4",
        "ipv6",
        "6",
        "progress-bar",
        "#",
        "no-progress-meter",
        "max-redirs",
        "tcp-nodelay",
        "keepalive-time",
        "insecure",
        "k",
        "globoff",
        "g",
        "no-buffer",
        "N",
        "fail-with-body",
        "remote-time",
        "R",
    ];
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return true;
    }
    OPTIONS.contains(&curlrc_option(line)) && !line.contains(['/', '@', '$', '`'])
}

/// The option a `.curlrc` line sets, without its dashes (`-o out` is `o`, `output = x` is
/// `output`); a URL line gives its whole first word.
/// The wgetrc commands (wget 1.21, `init.c`; names without case, `_` or `-`) that open no file
/// and run nothing before wget looks at its URLs: they set how it talks and what it prints.
/// `outputdocument` opens its file at start unless the command line names the document itself
/// (`-O -`: measured, a ~/.wgetrc `output_document` then wrote nothing).
const WGETRC_HARMLESS: &[&str] = &[
    "passiveftp",
    "quiet",
    "verbose",
    "tries",
    "timeout",
    "readtimeout",
    "connecttimeout",
    "dnstimeout",
    "useragent",
    "header",
    "checkcertificate",
    "robots",
    "wait",
    "waitretry",
    "randomwait",
    "retryconnrefused",
    "maxredirect",
    "serverresponse",
    "timestamping",
    "noclobber",
    "continue",
    "progress",
    "showprogress",
    "inet4only",
    "inet6only",
    "preferfamily",
    "compression",
    "httpproxy",
    "httpsproxy",
    "ftpproxy",
    "noproxy",
    "useproxy",
    "hsts",
    "dotstyle",
    "dotbytes",
    "dotspacing",
    "dotsperline",
];

/// What wget reads before its URLs: the system wgetrc (`SYSTEM_WGETRC`, else /etc/wgetrc) and
/// the user's (`WGETRC`, else `~/.wgetrc`). A command not in [`WGETRC_HARMLESS`] (`logfile`,
/// `background`, `outputdocument` without `-O` on the command line, `execute`…) may write
/// before the URL is refused: not taken. `--version` and `--help` print and stop while the
/// options are read, after the wgetrc's settings are only stored (wget 1.21, `main.c`: nothing a
/// setting names is opened until the URLs; measured with `output_document` in a `WGETRC`).
/// Larger inputs are not read to count their lines (a finding stays).
const SORT_COUNT_MAX_BYTES: u64 = 1 << 20; // counting lines in a megabyte costs well under the call's budget

/// `sort -S SIZE FILE…`: GNU sort (coreutils 9) sizes its buffer for its input, up to SIZE, and
/// spills sorted runs to TMPDIR only when the text and one line record per line
/// (`bytes_per_line`: 48 bytes with one thread, 32 × (1 + ⌈log2 threads⌉) with more; eight
/// threads at most by default) do not fit. Taken only when the input is named regular files
/// (no stdin, no `--files0-from`) and twice that need, with two records spare, is within SIZE
/// (measured, sort 9.1, `-S 1K --parallel=1`: 20 lines of 2 bytes sorted in memory, 30 spilled).
pub fn sort_fits(here: &Here<'_>, args: &[Word]) -> bool {
    let Some(values) = super::super::args::values(args) else {
        return false;
    };
    if args.iter().any(|a| a.glob) {
        return false;
    }
    let mut size = None;
    let mut threads: Option<u64> = None;
    let mut files = Vec::new();
    let mut i = 0;
    let mut operands = false;
    while let Some(v) = values.get(i) {
        i += 1;
        if operands || !v.starts_with('-') {
            files.push(*v);
            continue;
        }
        let long_value = |name: &str| {
            v.strip_prefix(name)
                .and_then(|r| r.strip_prefix('='))
                .map(str::to_string)
        };
        if *v == "--" {
            operands = true;
        } else if *v == "-" || v.starts_with("--files0-from") {
            return false;
        } else if let Some(s) = long_value("--buffer-size") {
            size = Some(s);
        } else if let Some(n) = long_value("--parallel") {
            threads = n.parse().ok();
            if threads.is_none() {
                return false;
            }
        } else if matches!(*v, "--buffer-size" | "--parallel") {
            let Some(value) = values.get(i) else {
                return false;
            };
            i += 1;
            if *v == "--parallel" {
                threads = value.parse().ok();
                if threads.is_none() {
                    return false;
                }
            } else {
                size = Some((*value).to_string());
            }
        } else if v.starts_with("--") {
            // `--key=…`, `--numeric-sort`: a value attached or none.
            if !v.contains('=')
                && matches!(
                    *v,
                    "--key"
                        | "--field-separator"
                        | "--temporary-directory"
                        | "--output"
                        | "--sort"
                        | "--random-source"
                        | "--batch-size"
                        | "--compress-program"
                )
            {
                i += 1;
            }
        } else {
            // A cluster: flags, then one option that takes the rest or the next word.
            let letters = &v[1..];
            if let Some(at) = letters.find(['k', 'o', 't', 'T', 'S']) {
                let rest = &letters[at + 1..];
                let value = if rest.is_empty() {
                    i += 1;
                    values.get(i - 1).map(|s| s.to_string())
                } else {
                    Some(rest.to_string())
                };
                if letters[at..].starts_with('S') {
                    size = value;
                }
            }
        }
    }
    let Some(limit) = size.as_deref().and_then(sort_size_bytes) else {
        return false;
    };
    if files.is_empty() {
        return false;
    }
    let threads = threads.unwrap_or(8).max(1);
    let line_bytes: u64 = if threads == 1 {
        48
    } else {
        32 * (1 + u64::from(64 - (threads - 1).leading_zeros()))
    };
    let mut need: u64 = 2 * line_bytes;
    for f in files {
        let path = files::join(here.dir, f);
        let Ok(meta) = std::fs::metadata(&path) else {
            return false;
        };
        if !meta.is_file() || meta.len() > SORT_COUNT_MAX_BYTES {
            return false;
        }
        let Ok(bytes) = std::fs::read(&path) else {
            return false;
        };
        let lines = bytes.iter().filter(|b| **b == b'\n').count() as u64 + 1;
        need += 2 * (meta.len() + lines * line_bytes);
    }
    need <= limit
}

/// sort's SIZE: a number of KiB, or with a unit (`b` bytes, `K`, `M`, `G`, `T`); `%` of memory
/// is not taken.
fn sort_size_bytes(size: &str) -> Option<u64> {
    let digits = size.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    let unit = &size[digits.len()..];
    let n: u64 = digits.parse().ok()?;
    let mult: u64 = match unit {
        "b" => 1,
        "" | "K" | "k" => 1 << 10,
        "M" | "m" => 1 << 20,
        "G" | "g" => 1 << 30,
        "T" | "t" => 1 << 40,
        _ => return None,
    };
    n.checked_mul(mult)
}

/// The configuration files tidy and rhash read before their command line: tidy (5.6, strace)
/// `/etc/tidy.conf`, then the file `HTML_TIDY` names or else `~/.tidyrc`; rhash (1.4)
/// `$XDG_CONFIG_HOME/rhash/rhashrc`, `~/.rhashrc`, else `/etc/rhashrc`. Their settings can make
/// them write (tidy's `write-back`, `output-file`, `error-file`; rhash's `update`, `output`,
/// `log`, `embed-crc`), so a file with any setting in it is not taken.
fn settings_files(here: &Here<'_>, out: &mut Verdict) {
    let program = here.program;
    let mut rcs: Vec<PathBuf> = Vec::new();
    if program == "tidy" {
        rcs.push(PathBuf::from("/etc/tidy.conf"));
        match here.env.get("HTML_TIDY") {
            Var::Set(f) => rcs.push(files::join(here.dir, f)),
            Var::Runtime => {
                out.push(
                    Level::Unknown,
                    "tidy reads the configuration file HTML_TIDY names, only known at run time",
                );
                return;
            }
            Var::Unset => rcs.extend(here.env.home().map(|h| h.join(".tidyrc"))),
        }
    } else {
        rcs.extend(
            here.env
                .xdg_configs(here.dir)
                .into_iter()
                .map(|x| x.join("rhash/rhashrc")),
        );
        rcs.extend(here.env.home().map(|h| h.join(".rhashrc")));
        rcs.push(PathBuf::from("/etc/rhashrc"));
    }
    for rc in rcs.iter().filter(|rc| !files::absent(rc)) {
        let sets = match files::read_text(rc) {
            Contents::Text(t) => t.lines().map(str::trim).any(|l| {
                !(l.is_empty() || l.starts_with('#') || l.starts_with(';') || l.starts_with("//"))
            }),
            _ => true,
        };
        if sets {
            out.push(
                Level::Unknown,
                format!(
                    "{program} reads {}, whose settings can make it write",
                    rc.display()
                ),
            );
        }
    }
}

fn wgetrc(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    if matches!(args, [only] if ["--version", "-V", "--help", "-h"].iter().any(|o| only.is(o))) {
        return;
    }
    let document_given = args.iter().any(|a| {
        a.value.as_deref().is_some_and(|v| {
            v.starts_with("--output-document")
                || (v.starts_with('-') && !v.starts_with("--") && v.contains('O'))
        })
    });
    let mut rcs = Vec::new();
    for (name, default) in [
        ("SYSTEM_WGETRC", Some(PathBuf::from("/etc/wgetrc"))),
        ("WGETRC", here.env.home().map(|h| h.join(".wgetrc"))),
    ] {
        match here.env.get(name) {
            Var::Set(f) => rcs.push(files::join(here.dir, f)),
            Var::Runtime => {
                out.push(
                    Level::Unknown,
                    format!("wget reads the wgetrc {name} names, only known at run time"),
                );
                return;
            }
            Var::Unset => rcs.extend(default),
        }
    }
    for rc in rcs.iter().filter(|rc| !files::absent(rc)) {
        let Contents::Text(t) = files::read_text(rc) else {
            out.push(
                Level::Unknown,
                format!("wget reads {}, which could not be read here", rc.display()),
            );
            continue;
        };
        let acts = t
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .any(|l| {
                let name: String = l
                    .split('=')
                    .next()
                    .unwrap_or("")
                    .trim()
                    .chars()
                    .filter(|c| !matches!(c, '_' | '-'))
                    .map(|c| c.to_ascii_lowercase())
                    .collect();
                !(WGETRC_HARMLESS.contains(&name.as_str())
                    || (name == "outputdocument" && document_given))
            });
        if acts {
            out.push(
                Level::Unknown,
                format!(
                    "wget follows {}, whose commands can make it write",
                    rc.display()
                ),
            );
        }
    }
}

/// What xsltproc's stylesheet (its first operand) and documents hold, read as text: a
/// stylesheet that names `document` (libxslt's `xsl:document`, `exsl:document` and
/// `xt:document` write a file; `document()` loads any URL), `saxon`'s `output` or Xalan's
/// `redirect`, or loads another stylesheet (`xsl:import`, `xsl:include`, which are not read
/// here), and a stylesheet or document with a DOCTYPE or an entity declaration (an external DTD
/// or entity may be fetched from the network): not taken.
fn xslt(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    let Some(values) = super::super::args::values(args) else {
        return;
    };
    let Some(operands) = crate::commands::classify::listings::xsltproc_operands(&values) else {
        return;
    };
    for (n, operand) in operands.iter().enumerate() {
        let path = files::join(here.dir, operand);
        let Some(text) = super::config_text(&path, "xsltproc", out) else {
            continue;
        };
        let declares = text.contains("<!DOCTYPE") || text.contains("<!ENTITY");
        let stylesheet_acts = n == 0
            && [
                "document", "saxon", "xalan", "redirect", "import", "include",
            ]
            .iter()
            .any(|w| text.contains(w));
        if declares || stylesheet_acts {
            out.push(
                Level::Unknown,
                format!(
                    "xsltproc follows {}, which may write a file, load another or reach the network",
                    path.display()
                ),
            );
        }
    }
}

fn curlrc_option(line: &str) -> &str {
    let line = line.trim();
    let name_end = line
        .find(|c: char| c.is_whitespace() || c == '=' || c == ':')
        .unwrap_or(line.len());
    line[..name_end].trim_start_matches('-')
}

/// The distribution's own input preprocessor (`| /usr/bin/lesspipe %s`, what Debian's and
/// Fedora's shell profiles set): it only decodes files to its output.
fn system_preprocessor(value: &str, env: &Env<'_>, dir: &Path) -> bool {
    let command = value.trim_start_matches('|').trim_start();
    let program = command.split_whitespace().next().unwrap_or("");
    let name = program.rsplit('/').next().unwrap_or("");
    let path = if program.contains('/') {
        Some(PathBuf::from(program))
    } else {
        env.value("PATH")
            .and_then(|p| files::on_path(program, p, dir))
    };
    path.is_some_and(|p| p.starts_with("/usr/bin/") || p.starts_with("/bin/"))
        && matches!(name, "lesspipe" | "lesspipe.sh" | "lessfile")
}

/// The user's own filter, which the distributions' lesspipe runs before its own decoders
/// (Debian's `$XDG_CONFIG_HOME/lessfilter` or `~/.config/lessfilter`, then `~/.lessfilter`,
/// Fedora's `~/.lessfilter`): the first that exists, or a word for a HOME not known here.
fn user_lessfilter(env: &Env<'_>, dir: &Path) -> Option<String> {
    let Some(home) = env.home() else {
        return Some("~/.lessfilter (HOME is not known here)".into());
    };
    env.xdg_configs(dir)
        .into_iter()
        .map(|c| c.join("lessfilter"))
        .chain(std::iter::once(home.join(".lessfilter")))
        .find(|f| files::exists(f))
        .map(|f| f.display().to_string())
}

fn less(here: &Here<'_>, out: &mut Verdict) {
    // less runs LESSCLOSE only to close what LESSOPEN opened, and an empty LESSOPEN is none
    // (measured, less 590: `LESSCLOSE='touch X' less -F FILE` with LESSOPEN unset or empty made
    // nothing). A LESSOPEN of a lesskey file's `#env` is flagged below.
    let opens = !matches!(here.env.get("LESSOPEN"), Var::Unset | Var::Set(""));
    for name in ["LESSOPEN", "LESSCLOSE"] {
        if name == "LESSCLOSE" && !opens {
            continue;
        }
        if here
            .env
            .value(name)
            .is_some_and(|v| system_preprocessor(v, &here.env, here.dir))
        {
            if let Some(filter) = user_lessfilter(&here.env, here.dir) {
                out.push(
                    Level::Unknown,
                    format!("less runs {name}'s lesspipe, which runs the user's filter {filter}"),
                );
            }
            continue;
        }
        if here.env.is_set(name) {
            out.push(
                Level::Unknown,
                format!("less runs the input preprocessor {name} names"),
            );
        }
    }
    if let Var::Set(options) = here.env.get("LESS") {
        let loads_keys = options.contains("lesskey")
            || options
                .split_whitespace()
                .any(|w| w.starts_with('-') && !w.starts_with("--") && w.contains('k'));
        if loads_keys {
            out.push(
                Level::Unknown,
                "less loads key bindings from a file LESS names, which can set LESSOPEN",
            );
        }
    }
    // The files these name are read as the default ones are (below): judged by what they set.
    let mut named: Vec<PathBuf> = Vec::new();
    for name in [
        "LESSKEYIN",
        "LESSKEY",
        "LESSKEY_CONTENT",
        "LESSKEYIN_SYSTEM",
        "LESSKEY_SYSTEM",
    ] {
        match here.env.get(name) {
            Var::Unset | Var::Set("") => {}
            Var::Set(content) if name == "LESSKEY_CONTENT" => {
                if ["LESSOPEN", "LESSCLOSE"].iter().any(|v| content.contains(v)) {
                    out.push(
                        Level::Unknown,
                        "less takes key bindings from LESSKEY_CONTENT, which sets LESSOPEN or LESSCLOSE",
                    );
                }
            }
            Var::Set(file) => named.push(files::join(here.dir, file)),
            Var::Runtime => out.push(
                Level::Unknown,
                format!("less loads key bindings from {name}, only known at run time, which can set LESSOPEN"),
            ),
        }
    }
    let mut keyfiles: Vec<PathBuf> = named;
    keyfiles.extend([
        PathBuf::from("/etc/syslesskey"),
        PathBuf::from("/etc/sysless"),
        PathBuf::from("/usr/local/etc/syslesskey"),
        PathBuf::from("/usr/local/etc/sysless"),
    ]);
    for xdg in here.env.xdg_configs(here.dir) {
        keyfiles.push(xdg.join("lesskey"));
    }
    if let Some(home) = here.env.home() {
        keyfiles.push(home.join(".lesskey"));
        keyfiles.push(home.join(".less"));
        keyfiles.push(home.join(".config/lesskey"));
    }
    for file in keyfiles {
        let Some(bytes) = super::config_text(&file, "less", out) else {
            continue;
        };
        if ["LESSOPEN", "LESSCLOSE"].iter().any(|v| bytes.contains(v)) {
            out.push(
                Level::Unknown,
                format!(
                    "less takes an input preprocessor from {} (its #env section)",
                    file.display()
                ),
            );
        }
    }
}

/// perl's own switches (before the script, `-e` code, `--` or `-`) turn on taint checks: `-T` or
/// `-t`, alone or in a cluster. A switch's value (`-e CODE`, `-I DIR`, `-Mmodule`) is not one.
fn perl_taint(args: &[Word]) -> bool {
    let mut i = 0;
    while let Some(Some(word)) = args.get(i).map(|a| a.value.as_deref()) {
        i += 1;
        let Some(switches) = word
            .strip_prefix('-')
            .filter(|s| !s.is_empty() && *s != "-")
        else {
            return false;
        };
        let mut octal = false;
        for (at, c) in switches.char_indices() {
            // `-l` takes the octal digits after it, then switches go on (`-lane`).
            if octal && c.is_ascii_digit() {
                continue;
            }
            octal = c == 'l';
            match c {
                'T' | 't' => return true,
                // The rest of the word is the value, or, when there is none, the next word.
                'e' | 'E' | 'I' => {
                    if at + 1 == switches.len() {
                        i += 1;
                    }
                    break;
                }
                // The rest of the word is the value.
                '0' | 'C' | 'd' | 'D' | 'F' | 'i' | 'm' | 'M' | 'x' | 'V' => break,
                _ => {}
            }
        }
    }
    false
}

/// `program args` is given the option `spelling` (parsed with the program's grammar, so a word that
/// is another option's value is not taken for it). An argument the grammar does not know: no.
fn given(program: &str, args: &[Word], spelling: &str) -> bool {
    use crate::commands::classify::{grammar, specs};
    specs::find(program)
        .and_then(|spec| grammar::parse(spec, args).ok())
        .is_some_and(|parsed| parsed.has(spelling))
}

fn rg(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    let path = match here.env.get("RIPGREP_CONFIG_PATH") {
        Var::Unset => return,
        Var::Runtime => {
            out.push(
                Level::Unknown,
                "rg reads arguments from RIPGREP_CONFIG_PATH, only known at run time",
            );
            return;
        }
        Var::Set("") => return,
        Var::Set(p) => files::join(here.dir, p),
    };
    let Some(text) = super::config_text(&path, "rg", out) else {
        return;
    };
    // The file's arguments come first; the command line's mode (`--files`: no file is searched,
    // so no `--pre` runs) applies to them too.
    let mut words: Vec<Word> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(Word::literal)
        .collect();
    words.extend(
        args.iter()
            .filter(|a| readers::RG_NO_SEARCH.iter().any(|m| a.is(m)))
            .cloned(),
    );
    judge_added("rg", &words, &path.display().to_string(), out);
}

/// What ack 3.6 reads before its command line (App::Ack::ConfigFinder and ConfigLoader): the
/// options of /etc/ackrc, of the file `ACKRC` names (else `~/.ackrc` or `~/_ackrc`), of the first
/// `.ackrc` or `_ackrc` up from the directory it runs in, and of `ACK_OPTIONS` (none of them with
/// `--noenv`). Of ack's options only the pager runs a program (`--output` is a template, not Perl
/// code, in ack 3; type definitions only match names), and ack starts it only when its output is
/// a terminal (App::Ack::set_up_pager; measured: a pager in `~/.ackrc` ran under a terminal, not
/// into a pipe), which commands here never have (`programs::pages_on_terminal` covers `script
/// -c`): pagers are left out. Every other option is read with ack's own grammar, so one it does
/// not know here is not taken.
fn ack(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    let noenv = args.iter().any(|a| a.is("--noenv"));
    if noenv {
        return;
    }
    let mut sources: Vec<PathBuf> = vec![PathBuf::from("/etc/ackrc")];
    let named = match here.env.get("ACKRC") {
        Var::Set(p) if !p.is_empty() => Some(files::join(here.dir, p)),
        Var::Runtime => {
            out.push(
                Level::Unknown,
                "ack reads the options of the file ACKRC names, only known at run time",
            );
            return;
        }
        _ => None,
    };
    match named.filter(|p| files::is_file(p)) {
        Some(p) => sources.push(p),
        None => {
            if let Some(home) = here.env.home() {
                sources.extend([home.join(".ackrc"), home.join("_ackrc")]);
            }
        }
    }
    let project = files::ancestors(here.dir).find_map(|d| {
        [d.join(".ackrc"), d.join("_ackrc")]
            .into_iter()
            .find(|f| files::exists(f))
    });
    if here.dir.ancestors().nth(files::MAX_ANCESTORS).is_some() && project.is_none() {
        out.push(
            Level::Unknown,
            "ack looks for a project ackrc in more directories than are read here",
        );
    }
    sources.extend(project);
    // Pagers run only on a terminal; the other options are judged.
    let judge = |words: Vec<Word>, origin: &str, out: &mut Verdict| {
        let words: Vec<Word> = words
            .into_iter()
            .filter(|w| !(w.text.starts_with("--pag") || w.text == "--nopager"))
            .collect();
        judge_added("ack", &words, origin, out);
    };
    for path in sources {
        let Some(text) = super::config_text(&path, "ack", out) else {
            continue;
        };
        // One option a line, as ack reads them; `#` starts a comment line.
        let words = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(Word::literal)
            .collect();
        judge(words, &path.display().to_string(), out);
    }
    match here.env.get("ACK_OPTIONS") {
        Var::Unset => {}
        Var::Runtime => out.push(
            Level::Unknown,
            "ack takes options from ACK_OPTIONS, only known at run time",
        ),
        // ack splits the value as a shell would (Text::ParseWords); quotes are not read here.
        Var::Set(v) if v.contains(['"', '\'', '\\']) => out.push(
            Level::Unknown,
            "ack takes options from ACK_OPTIONS, whose quoting is not read here",
        ),
        Var::Set(v) => judge(
            v.split_whitespace().map(Word::literal).collect(),
            "ACK_OPTIONS",
            out,
        ),
    }
}

/// `ldd FILE`: glibc's ldd (2.36, a bash script) has the system's loader check FILE
/// (`--verify`) and list its libraries (`LD_TRACE_LOADED_OBJECTS`); it never runs FILE nor the
/// interpreter FILE names, and the loader maps the libraries without running their constructors
/// or IFUNC resolvers, `-r` and `-u` included (measured: a library whose constructor and
/// resolver leave a mark left none). But an audit library the file names (`DT_AUDIT`,
/// `DT_DEPAUDIT`, `-Wl,--audit`) is loaded and run (its constructor and `la_version` left
/// their marks): each operand is read for one.
fn ldd(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    let mut options = true;
    for a in args {
        let Some(v) = a.value.as_deref() else {
            out.push(
                Level::Unknown,
                format!("ldd reads {}, only known at run time", a.text),
            );
            continue;
        };
        if options && v == "--" {
            options = false;
            continue;
        }
        if options && v.starts_with('-') {
            continue;
        }
        let path = files::join(here.dir, v);
        match super::elf::audit(&path) {
            Some(super::elf::Audit::None) => {}
            Some(super::elf::Audit::Named) => out.push(
                Level::Unknown,
                format!("{v} names an audit library, which the loader runs even for ldd"),
            ),
            None => out.push(
                Level::Unknown,
                format!("ldd can run code {v} names; it could not be read to tell"),
            ),
        }
    }
}

/// FZF_DEFAULT_OPTS, which fzf reads before its command line: in filter mode only `--history`
/// (a file written) and `--listen` (a server) do anything but choose what matches; any other
/// option is taken as shown. A file of options (`FZF_DEFAULT_OPTS_FILE`, fzf 0.49) is not read.
fn fzf(here: &Here<'_>, out: &mut Verdict) {
    if here.env.is_set("FZF_DEFAULT_OPTS_FILE") {
        out.push(
            Level::Unknown,
            "fzf takes options from the file FZF_DEFAULT_OPTS_FILE names",
        );
    }
    match here.env.get("FZF_DEFAULT_OPTS") {
        Var::Unset => {}
        Var::Runtime => out.push(
            Level::Unknown,
            "fzf takes options from FZF_DEFAULT_OPTS, only known at run time",
        ),
        Var::Set(o) if o.contains("--history") || o.contains("--listen") => out.push(
            Level::Write,
            "fzf takes --history (a file it writes) or --listen (a server) from FZF_DEFAULT_OPTS",
        ),
        Var::Set(_) => {}
    }
}

fn tar(here: &Here<'_>, out: &mut Verdict) {
    let options = match here.env.get("TAR_OPTIONS") {
        Var::Unset => return,
        Var::Runtime => {
            out.push(
                Level::Unknown,
                "tar takes options from TAR_OPTIONS, only known at run time",
            );
            return;
        }
        Var::Set(o) => o,
    };
    let mut words: Vec<Word> = vec![Word::literal("-t")];
    words.extend(options.split_whitespace().map(Word::literal));
    judge_added("tar", &words, "TAR_OPTIONS", out);
}

/// Arguments a program takes from a file or variable, judged as if given on its command line.
fn judge_added(program: &str, words: &[Word], origin: &str, out: &mut Verdict) {
    let Some(verdict) = readers::known(program, words) else {
        return;
    };
    if !verdict.nested.is_empty() {
        out.push(
            Level::Unknown,
            format!("{program} takes arguments from {origin} that run another program"),
        );
    }
    for finding in verdict.findings {
        out.push(
            Level::Unknown.max(finding.level),
            format!(
                "{program} takes arguments from {origin}: {}",
                finding.reason
            ),
        );
    }
}

const MAX_SSH_FILES: usize = 16; // a configuration and its includes; more is not read

fn ssh(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    let prints = args.iter().any(|a| {
        a.value
            .as_deref()
            .is_some_and(|v| v.starts_with('-') && !v.starts_with("--") && v.contains('G'))
    });
    if !prints {
        return;
    }
    let given = args
        .windows(2)
        .find(|w| w[0].is("-F"))
        .map(|w| w[1].value.clone())
        .or_else(|| {
            args.iter().find_map(|a| {
                a.value
                    .as_deref()?
                    .strip_prefix("-F")
                    .map(|f| Some(f.to_string()))
            })
        });
    // ssh takes `~` from the account's entry in the password database, not from HOME.
    let home = files::account_home();
    let mut queue: Vec<(PathBuf, PathBuf)> = Vec::new();
    match given {
        Some(Some(f)) if f != "none" => {
            // An unquoted `~` of `-F ~/x` is the shell's, which takes HOME; a quoted one is
            // ssh's, which takes the account's: both files are read when they differ.
            let shell_home = here.env.home();
            let homes = [home.as_deref(), shell_home.as_deref()];
            let mut paths: Vec<PathBuf> = homes
                .iter()
                .filter_map(|h| files::expand_tilde(&f, *h))
                .map(|p| if p.is_absolute() { p } else { here.dir.join(p) })
                .collect();
            paths.dedup();
            for p in paths {
                queue.push((p, home.clone().unwrap_or_default().join(".ssh")));
            }
        }
        Some(Some(_)) => {}
        Some(None) => {
            out.push(
                Level::Unknown,
                "ssh -F names a configuration only known at run time",
            );
            return;
        }
        None => {
            if let Some(h) = &home {
                queue.push((h.join(".ssh/config"), h.join(".ssh")));
            }
            queue.push((
                PathBuf::from("/etc/ssh/ssh_config"),
                PathBuf::from("/etc/ssh"),
            ));
        }
    }
    let mut read = 0;
    while let Some((file, base)) = queue.pop() {
        read += 1;
        if read > MAX_SSH_FILES {
            out.push(
                Level::Unknown,
                "ssh -G reads more included configuration files than are checked here",
            );
            return;
        }
        let Some(text) = super::config_text(&file, "ssh", out) else {
            continue;
        };
        for line in text.lines() {
            let mut words = line.split_whitespace();
            let Some(keyword) = words.next() else {
                continue;
            };
            let keyword = keyword.to_ascii_lowercase();
            let keyword = keyword.trim_end_matches('=');
            if keyword == "match" && line.to_ascii_lowercase().contains("exec") {
                out.push(
                    Level::Unknown,
                    format!(
                        "ssh -G runs the command of a Match exec in {}",
                        file.display()
                    ),
                );
            }
            if keyword == "include" {
                for pattern in words {
                    let expanded = files::expand_tilde(pattern, home.as_deref()).map(|p| {
                        if p.is_absolute() {
                            p
                        } else {
                            base.join(p)
                        }
                    });
                    let Some(expanded) = expanded else {
                        continue;
                    };
                    if expanded.to_string_lossy().contains(['*', '?', '[']) {
                        for f in glob_files(&expanded) {
                            queue.push((f, base.clone()));
                        }
                    } else {
                        queue.push((expanded, base.clone()));
                    }
                }
            }
        }
    }
}

/// The files a glob in its last component names (ssh's `Include dir/*.conf`).
fn glob_files(pattern: &Path) -> Vec<PathBuf> {
    let (Some(dir), Some(name)) = (pattern.parent(), pattern.file_name()) else {
        return Vec::new();
    };
    let name = name.to_string_lossy();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter(|e| files::wildmatch(&name, &e.file_name().to_string_lossy(), false))
        .map(|e| e.path())
        .take(MAX_SSH_FILES)
        .collect()
}

/// sqlite3's start-up file, and the database it opens: one in WAL mode makes two files beside it
/// (and opened `-readonly` keeps them), and one that is not there is created (unless `-readonly`; the caller drops the
/// context-free verdict's [`SQLITE_CREATES`] and takes this one).
fn sqlite(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    let mut i = 0;
    let mut init = false;
    let mut database = None;
    while let Some(a) = args.get(i) {
        i += 1;
        let Some(v) = a.value.as_deref() else {
            continue;
        };
        match v {
            "-init" | "-cmd" | "-separator" | "-newline" | "-nullvalue" | "-vfs" | "-maxsize"
            | "-mmap" | "-pagecache" | "-lookaside" | "-heap" => {
                init |= v == "-init";
                i += 1;
            }
            v if v.starts_with('-') => {}
            v => {
                database = Some(v.to_string());
                break;
            }
        }
    }
    if !init {
        // sqlite3 takes ~ from the account's entry in the password database (HOME only when
        // there is none).
        let home = files::account_home().or_else(|| here.env.home());
        if let Some(rc) = home
            .map(|h| h.join(".sqliterc"))
            .filter(|rc| files::is_file(rc))
        {
            if files::is_file(&rc) {
                out.push(
                    Level::Unknown,
                    format!("sqlite3 runs the commands of {} first", rc.display()),
                );
            }
        }
    }
    let Some(database) = database else {
        return;
    };
    if database == ":memory:" || database.is_empty() {
        return;
    }
    let path = files::join(here.dir, &database);
    // An empty file is an empty database: opening one that is there creates nothing.
    if !files::is_file(&path) && !args.iter().any(|a| a.is("-readonly")) {
        out.push(Level::Write, SQLITE_CREATES);
    }
    // A journal left by a write that did not finish is rolled back into the database (a hot
    // journal) by the first reader that opens it; opened `-readonly`, sqlite3 refuses to roll
    // it back ("attempt to write a readonly database", rc 8) and leaves the database and its
    // journal as they were (measured: sqlite3 3.40, md5 of both unchanged).
    let readonly = args.iter().any(|a| a.is("-readonly"));
    sqlite_database(here, "sqlite3", &database, readonly, out);
}

/// What a Ghostscript run on a device that writes no file reads (`inspectors::GS_FILES`):
/// the options and initialization files the environment adds, and each file's first bytes,
/// since a file that does not begin with `%PDF-` is run as a PostScript program.
fn ghostscript(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    use crate::commands::classify::inspectors::ghostscript_measures;
    let values: Vec<&str> = args.iter().filter_map(|a| a.value.as_deref()).collect();
    let Some(drawn) = ghostscript_measures(&values) else {
        return;
    };
    for name in ["GS_OPTIONS", "GS_LIB", "GS_FONTPATH"] {
        if !matches!(here.env.get(name), Var::Unset) {
            out.push(
                Level::Unknown,
                format!("gs takes options or files to run from {name}"),
            );
        }
    }
    const PDF_MAGIC: &[u8] = b"%PDF-";
    for file in drawn {
        let path = files::join(here.dir, file);
        if files::head(&path, PDF_MAGIC.len()).as_deref() != Some(PDF_MAGIC) {
            out.push(
                Level::Unknown,
                format!("gs runs {file} as a PostScript program: it does not begin with %PDF-"),
            );
        }
    }
}

/// What opening the database `database` (existing or not) writes beside it: a hot journal
/// rolled back, a WAL database's `-wal` and `-shm` (sqlite3, and sqlite-utils through Python's
/// sqlite3, which opens it read-write the same way: measured, strace).
fn sqlite_database(
    here: &Here<'_>,
    program: &str,
    database: &str,
    readonly: bool,
    out: &mut Verdict,
) {
    let path = files::join(here.dir, database);
    for journal in ["-journal", "-wal"] {
        if journal == "-journal" && readonly {
            continue;
        }
        if files::exists(&files::join(here.dir, &format!("{database}{journal}"))) {
            out.push(
                Level::Write,
                format!("{program} recovers {database} from {database}{journal}, which a write left behind"),
            );
        }
    }
    const HEADER_BYTES: usize = 20; // the file format and journal mode are in the first 20 bytes
    if let Some(head) = files::head(&path, HEADER_BYTES) {
        let wal = head.starts_with(b"SQLite format 3\0")
            && head.get(18) == Some(&2)
            && head.get(19) == Some(&2);
        // Opening a database in WAL mode creates `-wal` and `-shm` beside it; the last
        // connection to close removes them again, except one opened `-readonly`, which leaves
        // both behind (measured with sqlite3 3.40 here). Files made and removed are still
        // written, and sqlite3 cannot open the database without them: confined to reading,
        // `select` fails ("unable to open database file", 14; measured).
        if wal {
            let what = if readonly { "leaves" } else { "makes" };
            out.push(
                Level::Write,
                format!("{program} {what} {database}-wal and {database}-shm beside it: the database is in WAL mode"),
            );
        }
    }
}

/// gdb without `-nx` reads `~/.gdbinit`, `$XDG_CONFIG_HOME/gdb/gdbinit` (or `~/.config/gdb/`)
/// and their `gdbearlyinit` twins (gdb(1)); a `.gdbinit` in the working directory only when
/// the auto-load safe-path, which those files may widen, allows it (by default it does not).
/// For a program it loads it auto-loads `PROGRAM-gdb.gdb`/`.py`/`.scm` beside it when the
/// safe-path allows: taken to be loaded.
fn gdb(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    let values: Vec<&str> = args.iter().filter_map(|a| a.value.as_deref()).collect();
    // `-nh` skips the home directory's init files (gdb's manual, "Initialization Files":
    // `~/.gdbinit`, `~/.gdbearlyinit` and those under XDG_CONFIG_HOME), which are all that is
    // read here: the system's are the machine's, and a `./.gdbinit` runs only where the
    // auto-load safe path allows it (measured, gdb 13.1: refused, with `-nh` too).
    let no_init = values
        .iter()
        .any(|v| matches!(*v, "-nx" | "--nx" | "-n" | "-nh" | "--nh"));
    // `gdb --version` (and its other information modes) reads only the early initialization
    // files: it prints and exits before the others are read (measured, gdb 13.1).
    let early_only = matches!(
        values.as_slice(),
        ["--version" | "-v" | "--help" | "-h" | "--configuration"]
    );
    if !no_init {
        let mut inits: Vec<PathBuf> = Vec::new();
        if let Some(home) = here.env.home() {
            if !early_only {
                inits.push(home.join(".gdbinit"));
            }
            inits.push(home.join(".gdbearlyinit"));
        }
        for config in here.env.xdg_configs(here.dir) {
            if !early_only {
                inits.push(config.join("gdb/gdbinit"));
            }
            inits.push(config.join("gdb/gdbearlyinit"));
        }
        for init in inits.iter().filter(|i| files::exists(i)) {
            if let Contents::Text(t) = files::read_text(init) {
                if t.lines().all(harmless_gdb_line) {
                    continue;
                }
            }
            out.push(
                Level::Unknown,
                format!(
                    "gdb runs the commands of {} first (-nx skips it)",
                    init.display()
                ),
            );
        }
    }
    // The operands: the program (and a core file), not the value of an option.
    let mut skip = false;
    for v in &values {
        if std::mem::take(&mut skip) {
            continue;
        }
        if v.starts_with('-') {
            skip = matches!(*v, "-ex" | "--ex" | "-eval-command" | "--eval-command");
            continue;
        }
        let program = files::join(here.dir, v);
        for ext in ["gdb", "py", "scm"] {
            let mut name = program.clone().into_os_string();
            name.push(format!("-gdb.{ext}"));
            let script = PathBuf::from(name);
            if files::exists(&script) {
                out.push(
                    Level::Unknown,
                    format!(
                        "gdb may auto-load {}, a script beside the program",
                        script.display()
                    ),
                );
            }
        }
    }
}

/// A line of a gdb initialization file that only sets how gdb prints or asks (gdb's manual,
/// "Settings"): `set print …`, `set pagination off`, `set confirm off` and the like. Anything
/// else (`source`, `python`, `shell`, `define`, `set history save`, `set logging`, `set
/// auto-load`, `set debuginfod`) may run code or write.
fn harmless_gdb_line(line: &str) -> bool {
    const SETTINGS: &[&str] = &[
        "print",
        "p",
        "pagination",
        "confirm",
        "width",
        "height",
        "disassembly-flavor",
        "listsize",
        "style",
        "verbose",
        "complaints",
        "language",
        "output-radix",
        "input-radix",
        "charset",
        "host-charset",
        "target-charset",
        "disassemble-next-line",
        "step-mode",
        "prompt",
        "breakpoint",
    ];
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return true;
    }
    let mut words = line.split_whitespace();
    matches!(words.next(), Some("set"))
        && words.next().is_some_and(|s| SETTINGS.contains(&s))
        && !line.contains(['$', '`'])
}

/// Options of `.mvn/maven.config` that only set batch mode, output and parallelism (`mvn
/// --help`): no log file, settings, extensions, properties or projects named.
fn harmless_maven_options(text: &str) -> bool {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut i = 0;
    while let Some(w) = words.get(i) {
        i += 1;
        match *w {
            "-B"
            | "--batch-mode"
            | "-ntp"
            | "--no-transfer-progress"
            | "-q"
            | "--quiet"
            | "-e"
            | "--errors"
            | "-X"
            | "--debug"
            | "-C"
            | "--strict-checksums"
            | "-c"
            | "--lax-checksums"
            | "-fae"
            | "--fail-at-end"
            | "-ff"
            | "--fail-fast"
            | "-o"
            | "--offline"
            | "-V"
            | "--show-version"
            | "--color=never"
            | "--color=always"
            | "--color=auto" => {}
            "-T" | "--threads" => {
                let n = words.get(i).copied().unwrap_or("");
                i += 1;
                if n.is_empty()
                    || !n
                        .chars()
                        .all(|c| c.is_ascii_digit() || c == 'C' || c == '.')
                {
                    return false;
                }
            }
            w if w.strip_prefix("-T").is_some_and(|n| {
                !n.is_empty()
                    && n.chars()
                        .all(|c| c.is_ascii_digit() || c == 'C' || c == '.')
            }) => {}
            _ => return false,
        }
    }
    true
}

/// `key` appears as a key (`exec:`, `"exec":`, `'exec' :`) in YAML or JSON text: the word, not
/// part of a longer one (`namespace: executor` is not), before a colon.
fn has_yaml_key(text: &str, key: &str) -> bool {
    text.match_indices(key).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let word_before =
            before.is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'));
        let after = text[at + key.len()..]
            .trim_start_matches(['"', '\''])
            .trim_start();
        !word_before && after.starts_with(':')
    })
}

/// terraform records a checkpoint signature in `~/.terraform.d` on every run (measured with
/// `terraform version`), unless `CHECKPOINT_DISABLE` or `disable_checkpoint` says not to.
fn terraform(here: &Here<'_>, out: &mut Verdict) {
    // Measured with terraform 1.11: `terraform version` creates TF_LOG_PATH's file even without
    // TF_LOG (empty then), and writes the log into it with TF_LOG or TF_LOG_CORE.
    if here.env.is_set("TF_LOG_PATH") {
        out.push(
            Level::Write,
            "terraform writes its log to the file TF_LOG_PATH names",
        );
    }
    // Arguments added to every command, or to `fmt`'s and `version`'s (the modes taken as
    // reading): `-diff` or `-write=true` among them would write.
    for name in ["TF_CLI_ARGS", "TF_CLI_ARGS_fmt", "TF_CLI_ARGS_version"] {
        if matches!(here.env.get(name), Var::Set(v) if !v.trim().is_empty()) {
            out.push(
                Level::Unknown,
                format!("terraform adds the arguments {name} gives, which are not read here"),
            );
        }
    }
    if here.env.is_set("CHECKPOINT_DISABLE") {
        return;
    }
    let config = match here.env.get("TF_CLI_CONFIG_FILE") {
        Var::Set(p) if !p.is_empty() => Some(files::join(here.dir, p)),
        _ => here.env.home().map(|h| h.join(".terraformrc")),
    };
    let disabled = config.is_some_and(|c| match files::read_text(&c) {
        Contents::Text(t) => t.lines().any(|l| {
            let l = l.replace(' ', "");
            l.starts_with("disable_checkpoint=true")
        }),
        _ => false,
    });
    if !disabled {
        out.push(
            Level::Write,
            "terraform records a checkpoint signature in ~/.terraform.d (CHECKPOINT_DISABLE turns it off)",
        );
    }
}

/// `terraform validate`: the provider plugins it would run to read their schemas. An init
/// installs them under the data directory (`.terraform`, or `TF_DATA_DIR`), and a CLI
/// configuration's `provider_installation` can name development overrides (`dev_overrides`:
/// a directory of provider executables used without an init); without either, terraform has
/// no provider to start (measured with terraform 1.11: a configuration that needs one is
/// reported as not initialized). `TF_CLI_ARGS_validate` adds arguments not read here.
fn terraform_validate(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    let Some(values) = super::super::args::values(args) else {
        return;
    };
    if !crate::commands::classify::projects::terraform_validate(&values) {
        return;
    }
    if matches!(here.env.get("TF_CLI_ARGS_validate"), Var::Set(v) if !v.trim().is_empty()) {
        out.push(
            Level::Unknown,
            "terraform adds the arguments TF_CLI_ARGS_validate gives, which are not read here",
        );
    }
    let data = match here.env.get("TF_DATA_DIR") {
        Var::Set(d) if !d.is_empty() => Some(files::join(here.dir, d)),
        Var::Runtime => None,
        _ => Some(here.dir.join(".terraform")),
    };
    match data {
        Some(dir) if std::fs::symlink_metadata(&dir).is_err() => {}
        Some(dir) => out.push(
            Level::Unknown,
            format!(
                "terraform validate runs the provider plugins installed under {}",
                dir.display()
            ),
        ),
        None => out.push(
            Level::Unknown,
            "terraform's data directory (TF_DATA_DIR) is only known at run time",
        ),
    }
    let config = match here.env.get("TF_CLI_CONFIG_FILE") {
        Var::Set(p) if !p.is_empty() => Some(files::join(here.dir, p)),
        _ => here.env.home().map(|h| h.join(".terraformrc")),
    };
    match config {
        Some(file) => {
            if let Some(text) = super::config_text(&file, "terraform", out) {
                if text.contains("provider_installation") || text.contains("dev_overrides") {
                    out.push(
                        Level::Unknown,
                        format!(
                            "terraform validate may run the providers {} installs",
                            file.display()
                        ),
                    );
                }
            }
        }
        None => out.push(
            Level::Unknown,
            "terraform reads ~/.terraformrc, and HOME is not known",
        ),
    }
}

/// `kubectl kustomize DIR`: each kustomization (`kustomization.yaml`, `.yml` or
/// `Kustomization` in a directory) is read, and every directory it names that holds one in
/// turn (bases, components, resources: at most 16 files); a value naming a remote place (a
/// URL, `github.com/…`, `git@…`, `?ref=`) is cloned with git into a temporary directory, and
/// `helmCharts` makes kustomize run helm or fail (`--enable-helm` is refused anyway), as
/// kustomize 2's `secretGenerator` `commands` ran programs.
fn kustomization(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    const MAX_FILES: usize = 16; // a deeper tree of overlays is not read
    const NAMES: &[&str] = &["kustomization.yaml", "kustomization.yml", "Kustomization"];
    let Some(values) = super::super::args::values(args) else {
        return;
    };
    let Some(top) = crate::commands::classify::projects::kustomize_dir(&values) else {
        return;
    };
    let mut queue = vec![files::join(here.dir, top)];
    let mut read = 0;
    while let Some(dir) = queue.pop() {
        let Some(file) = NAMES
            .iter()
            .map(|n| dir.join(n))
            .find(|f| files::is_file(f))
        else {
            continue;
        };
        read += 1;
        if read > MAX_FILES {
            out.push(
                Level::Unknown,
                "kubectl kustomize reads more kustomizations than are read here",
            );
            return;
        }
        let Some(text) = super::config_text(&file, "kubectl", out) else {
            out.push(
                Level::Unknown,
                format!(
                    "kubectl kustomize reads {}, which cannot be read here",
                    file.display()
                ),
            );
            return;
        };
        for line in text.lines() {
            let line = line.trim();
            if line.starts_with('#') {
                continue;
            }
            let remote = [
                "://",
                "github.com",
                "gitlab.com",
                "bitbucket.org",
                "git@",
                "?ref=",
                "?version=",
                "git::",
                "ssh:",
            ]
            .iter()
            .any(|m| line.contains(m));
            // kustomize 2's `secretGenerator` ran `commands`: refused whatever version runs.
            if remote
                || line.starts_with("helmCharts")
                || line.starts_with("helmGlobals")
                || line.starts_with("commands")
            {
                out.push(
                    Level::Unknown,
                    format!(
                        "kubectl kustomize fetches or runs what {} names ({line})",
                        file.display()
                    ),
                );
                return;
            }
            // `- ../base`, `path: ../base`: a directory named is read in turn.
            let value = line
                .trim_start_matches('-')
                .trim()
                .rsplit(": ")
                .next()
                .unwrap_or("")
                .trim_matches(|c| c == '"' || c == '\'');
            if !value.is_empty() && !value.contains(' ') {
                let named = files::join(&dir, value);
                if named.is_dir() && named != dir {
                    queue.push(named);
                }
            }
        }
    }
}

/// The file an `extends` that names a package resolves to, as tsc resolves it from the
/// configuration's directory (`node_modules` in it and each parent, the nearest first): a
/// file (`@acme/tsconfig/base.json`, or with `.json` added), or a package directory's
/// `tsconfig.json` when its package.json redirects nothing (`tsconfig`, `exports`). An
/// absolute path is the file itself. `None` when none is found.
fn tsconfig_package(from: &Path, name: &str) -> Option<PathBuf> {
    if name.starts_with('/') {
        return Some(PathBuf::from(name)).filter(|p| files::is_file(p));
    }
    if name.is_empty() || name.contains("..") || name.starts_with('.') {
        return None;
    }
    let dir = files::ancestors(from)
        .map(|d| d.join("node_modules"))
        .find(|m| files::is_dir(m))?;
    let target = dir.join(name);
    if files::is_file(&target) {
        return Some(target);
    }
    let with_json = dir.join(format!("{name}.json"));
    if files::is_file(&with_json) {
        return Some(with_json);
    }
    let manifest = target.join("package.json");
    let redirects = files::says(&manifest, |t| {
        t.contains("\"tsconfig\"") || t.contains("\"exports\"")
    });
    let config = target.join("tsconfig.json");
    (!redirects && files::is_file(&config)).then_some(config)
}

/// `tsc --noEmit` still writes when the project's configuration sets `incremental` or
/// `composite` (its build information file, `.tsbuildinfo`) or `generateTrace` (an event trace
/// in the directory it names; measured, tsc 5.9, from the file itself or one it extends;
/// `generateCpuProfile` there wrote nothing). The configuration is `-p`/`--project`'s (a file,
/// or a directory's `tsconfig.json`), else the nearest `tsconfig.json` up from the directory,
/// as tsc finds it; `extends` is followed to files given by a relative path (at most 4); one
/// from a package, or any unreadable one, is not read (not read-only). The keys are looked for
/// in lines that are not comments.
fn tsconfig(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    // `--showConfig` and `--listFilesOnly` print and stop before anything is compiled or
    // written (`devtools::tsc` takes them only without an option that writes anyway).
    if args
        .iter()
        .any(|a| a.is("--showConfig") || a.is("--listFilesOnly"))
    {
        return;
    }
    let project = args
        .windows(2)
        .find_map(|w| (w[0].is("-p") || w[0].is("--project")).then(|| w[1].value.clone()));
    let mut path = match project {
        Some(Some(p)) => {
            let p = files::join(here.dir, &p);
            if files::is_dir(&p) {
                p.join("tsconfig.json")
            } else {
                p
            }
        }
        Some(None) => {
            out.push(Level::Unknown, "tsc's project is only known at run time");
            return;
        }
        None => match files::ancestors(here.dir)
            .map(|d| d.join("tsconfig.json"))
            .find(|p| files::is_file(p))
        {
            Some(p) => p,
            None => return,
        },
    };
    for _ in 0..5 {
        let Some(text) = super::config_text(&path, "tsc", out) else {
            return;
        };
        let lines: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.starts_with("//") && !l.starts_with('*') && !l.starts_with("/*"))
            .collect();
        let text = lines.join("\n");
        // A key's value: what follows `"key"` and its colon (a line may hold the whole file).
        let value_of = |key: &str| -> Option<&str> {
            let quoted = format!("\"{key}\"");
            text.match_indices(&quoted).find_map(|(at, q)| {
                text[at + q.len()..]
                    .trim_start()
                    .strip_prefix(':')
                    .map(str::trim_start)
            })
        };
        let set = |key: &str| value_of(key).is_some_and(|v| v.starts_with("true"));
        if set("incremental") || set("composite") {
            out.push(
                Level::Write,
                format!(
                    "tsc writes its .tsbuildinfo: {} sets incremental or composite",
                    path.display()
                ),
            );
            return;
        }
        if value_of("generateTrace").is_some_and(|v| v.starts_with('"')) {
            out.push(
                Level::Write,
                format!(
                    "tsc writes an event trace: {} sets generateTrace",
                    path.display()
                ),
            );
            return;
        }
        if value_of("extends").is_some_and(|v| v.starts_with('[')) {
            out.push(
                Level::Unknown,
                format!(
                    "tsc's configuration {} extends a list of files, not read here",
                    path.display()
                ),
            );
            return;
        }
        let extends = value_of("extends").and_then(|v| {
            let v = v.strip_prefix('"')?;
            Some(v[..v.find('"')?].to_string())
        });
        match extends {
            None => return,
            Some(e) if e.starts_with("./") || e.starts_with("../") => {
                let base = path.parent().unwrap_or(here.dir).to_path_buf();
                path = files::join(&base, &e);
                if path.extension().is_none() {
                    path.set_extension("json");
                }
            }
            Some(e) => match tsconfig_package(path.parent().unwrap_or(here.dir), &e) {
                Some(found) => path = found,
                None => {
                    out.push(
                        Level::Unknown,
                        format!(
                            "tsc's configuration {} extends {e}, which is not read here",
                            path.display()
                        ),
                    );
                    return;
                }
            },
        }
    }
    out.push(
        Level::Unknown,
        "tsc's configuration extends more than 4 files, not read",
    );
}

/// What SBCL, Guile and tclsh load as they start, for the inline programs read here (measured
/// with strace and planted files: SBCL 2.2.9, Guile 3.0.8, Tcl 8.6.13):
/// - sbcl: `~/.sbclrc` (Lisp code) unless `--no-userinit` or `--script`; its system init file is
///   `$SBCL_HOME/sbclrc` when SBCL_HOME is set (else the machine's `/etc/sbclrc`), skipped by
///   `--no-sysinit` and `--script`;
/// - guile: `-c` loads no `~/.guile` (the REPL does); `GUILE_LOAD_PATH` and its kin say where
///   modules, the boot ones included, come from;
/// - tclsh: `~/.tclshrc` for a program read from standard input, piped or not (Tcl 8.6 sources
///   it whenever no script file is named); `TCLLIBPATH` and `TCL_LIBRARY` say where its library
///   (`init.tcl`, the `clock` code) comes from.
fn lisp_tcl_startup(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    let program = here.program;
    let home = here.env.home();
    let (files, variables): (Vec<PathBuf>, Vec<&str>) = match program {
        "sbcl" => {
            let script = args.iter().any(|a| a.is("--script"));
            let files = home
                .clone()
                .filter(|_| !crate::commands::classify::lisp::sbcl_skips_userinit(args))
                .map(|h| h.join(".sbclrc"))
                .into_iter()
                .collect();
            let sysinit = !script && !args.iter().any(|a| a.is("--no-sysinit"));
            (files, if sysinit { vec!["SBCL_HOME"] } else { vec![] })
        }
        "tclsh" if tcllibpath_unread(here, args) => (
            home.clone()
                .map(|h| h.join(".tclshrc"))
                .into_iter()
                .collect(),
            vec!["TCL_LIBRARY"],
        ),
        "tclsh" => (
            home.clone()
                .map(|h| h.join(".tclshrc"))
                .into_iter()
                .collect(),
            vec!["TCLLIBPATH", "TCL_LIBRARY"],
        ),
        "swipl" => (swipl_startup(here, args), vec![]),
        _ => (Vec::new(), Vec::new()),
    };
    for file in files.iter().filter(|f| !files::absent(f)) {
        out.push(
            Level::Unknown,
            format!("{program} runs the code of {} as it starts", file.display()),
        );
    }
    let needs_home = match program {
        "sbcl" => !crate::commands::classify::lisp::sbcl_skips_userinit(args),
        other => matches!(other, "tclsh" | "swipl"),
    };
    if needs_home && home.is_none() {
        out.push(
            Level::Unknown,
            format!("{program} looks for its init file in a home directory that is not known"),
        );
    }
    let guile = program == "guile";
    let set = here.env.names().find(|n| {
        (variables.contains(n)
            || (guile && n.starts_with("GUILE_"))
            || (program == "swipl" && n.starts_with("SWI")))
            && here.env.is_set(n)
    });
    if let Some(name) = set {
        out.push(
            Level::Unknown,
            format!("{program} loads code from where {name} says"),
        );
    }
}

/// tclsh puts `TCLLIBPATH`'s directories first on `auto_path`, which Tcl reads code from only to
/// find a package (`package require`; `clock format`, `scan` and `add` require msgcat) or a
/// command to autoload from a `tclIndex` (a program read from standard input records each
/// command in `history`, autoloaded: measured, Tcl 8.6.13, a planted `DIR/tclIndex` ran for
/// `echo 'puts ok' | tclsh`, a `pkgIndex.tcl` did not). So for a program read here to only
/// print ([`crate::commands::classify::tcl`]) that names no `clock`, TCLLIBPATH is read when a
/// directory it names has a `tclIndex`, or may (a value that is not plain words); a program read
/// from standard input is judged in its marked form.
fn tcllibpath_unread(here: &Here<'_>, args: &[Word]) -> bool {
    let Var::Set(value) = here.env.get("TCLLIBPATH") else {
        return false;
    };
    // A program on standard input: the walker runs tclsh again with it as one marked word when
    // it is fixed text (judged then), and finds it unknown otherwise.
    if args.is_empty() {
        return true;
    }
    let program = match args {
        [text] => text
            .value
            .as_deref()
            .and_then(|v| v.strip_prefix(crate::commands::classify::m4::FILE_TEXT)),
        _ => None,
    };
    let plain = |d: &str| !d.contains(['{', '}', '"', '\\', '$', '[', ']', '~']);
    program.is_some_and(|code| {
        crate::commands::classify::tcl::only_prints(code) && !code.contains("clock")
    }) && value
        .split_whitespace()
        .all(|d| plain(d) && files::absent(&files::join(here.dir, d).join("tclIndex")))
}

/// What SWI-Prolog 9 reads as it starts (strace, planted files): its init file
/// (`~/.swiplrc`, else `swi-prolog/init.pl` in the XDG configuration directories) unless `-f
/// none`, a configuration directory's `lib` (on the library path), and the packs in its data
/// directory (`$XDG_DATA_HOME/swi-prolog`, `~/.local/share/swi-prolog`), attached even with `-f
/// none`. Returns those that are there.
fn swipl_startup(here: &Here<'_>, args: &[Word]) -> Vec<PathBuf> {
    let no_init = crate::commands::classify::prolog::swipl_skips_init(args);
    let home = here.env.home();
    let mut found = Vec::new();
    if !no_init {
        found.extend(home.as_ref().map(|h| h.join(".swiplrc")));
    }
    for config in here.env.xdg_configs(here.dir) {
        let dir = config.join("swi-prolog");
        if !no_init {
            found.push(dir);
            continue;
        }
        // With `-f none` only an init.pl there is skipped: anything else counts.
        match std::fs::read_dir(&dir) {
            Ok(entries) => {
                if entries
                    .map(|e| e.map(|e| e.file_name()))
                    .any(|n| !n.is_ok_and(|n| n == "init.pl"))
                {
                    found.push(dir);
                }
            }
            Err(_) if files::absent(&dir) => {}
            Err(_) => found.push(dir),
        }
    }
    let mut data: Vec<PathBuf> = home
        .map(|h| h.join(".local/share/swi-prolog"))
        .into_iter()
        .collect();
    if let Some(x) = here.env.value("XDG_DATA_HOME").filter(|x| !x.is_empty()) {
        data.push(files::join(here.dir, x).join("swi-prolog"));
    }
    found.extend(data);
    found.retain(|f| !files::absent(f));
    found
}

/// What the Erlang runtime under mix, elixir and erl runs as it starts: `.erlang` in HOME and
/// in `$XDG_CONFIG_HOME/erlang/` (Erlang code, evaluated by the boot script's `c:erlangrc`
/// before any program: measured, OTP 25, a planted one ran for `mix --version`; one in the
/// working directory did not). `mix help` also loads the project's `mix.exs` in the working
/// directory (Elixir code: measured, it ran) and the tasks of the archives in `~/.mix/archives`
/// (modules whose `-on_load` runs); `mix --version` reads neither.
fn erlang(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    let program = here.program;
    let mut startup: Vec<PathBuf> = here
        .env
        .home()
        .map(|h| h.join(".erlang"))
        .into_iter()
        .collect();
    startup.extend(
        here.env
            .xdg_configs(here.dir)
            .into_iter()
            .map(|x| x.join("erlang/.erlang")),
    );
    for file in startup.iter().filter(|f| !files::absent(f)) {
        out.push(
            Level::Unknown,
            format!(
                "{program} starts Erlang, which runs the code of {}",
                file.display()
            ),
        );
    }
    if program == "mix" && args.first().is_some_and(|a| a.is("help")) {
        let project = here.dir.join("mix.exs");
        if !files::absent(&project) {
            out.push(
                Level::Unknown,
                format!(
                    "mix help loads the project's {}, Elixir code",
                    project.display()
                ),
            );
        }
        if let Some(archives) = here.env.home().map(|h| h.join(".mix/archives")) {
            if !files::absent(&archives) {
                out.push(
                    Level::Unknown,
                    format!(
                        "mix help loads the tasks of the archives in {}",
                        archives.display()
                    ),
                );
            }
        }
    }
}

/// bat's configuration file (`BAT_CONFIG_PATH`, else `bat/config` in the XDG directories):
/// `--lessopen` runs LESSOPEN's preprocessor; `--paging=always` (there, in `BAT_PAGING` or on
/// the command line) starts the pager even when the output is not a terminal (measured, bat
/// 0.22: a `--pager` from the file ran with the output piped); the command line's
/// `-P`/`--paging=never`/`--no-paging` overrides both (the command line is read last).
fn bat(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    let paths = match here.env.get("BAT_CONFIG_PATH") {
        Var::Set(p) if !p.is_empty() => vec![files::join(here.dir, p)],
        Var::Runtime => {
            out.push(
                Level::Unknown,
                "bat reads arguments from BAT_CONFIG_PATH, only known at run time",
            );
            return;
        }
        _ => here
            .env
            .xdg_configs(here.dir)
            .into_iter()
            .map(|x| x.join("bat/config"))
            .collect(),
    };
    let mut pages = None;
    for path in paths {
        if bat_config(&path, out) {
            pages = Some(format!("--paging=always in {}", path.display()));
        }
    }
    match here.env.get("BAT_PAGING") {
        Var::Set("always") => pages = Some("BAT_PAGING=always".to_string()),
        Var::Runtime => pages = Some("BAT_PAGING, only known at run time,".to_string()),
        _ => {}
    }
    let mut never = false;
    for a in args {
        match a.value.as_deref() {
            Some("-P" | "--no-paging" | "--paging=never") => never = true,
            Some("--paging=always") => {
                never = false;
                pages = Some("--paging=always".to_string());
            }
            Some(v) if v.starts_with('-') && !v.starts_with("--") && v.contains('P') => {
                never = true
            }
            _ => {}
        }
    }
    if let (Some(why), false) = (pages, never) {
        out.push(
            Level::Unknown,
            format!("bat starts its pager ($BAT_PAGER, $PAGER, --pager or less) with {why}, even when its output is not a terminal"),
        );
    }
}

/// Reads one bat configuration file into `out`; whether it sets `--paging=always`.
fn bat_config(path: &Path, out: &mut Verdict) -> bool {
    match super::config_text(path, "bat", out) {
        Some(t) => {
            let options: Vec<&str> = t
                .lines()
                .map(str::trim)
                .filter(|l| !l.starts_with('#'))
                .collect();
            if options
                .iter()
                .any(|l| l.starts_with("--lessopen") || l.starts_with("--config-file"))
            {
                out.push(
                    Level::Unknown,
                    format!(
                        "bat takes --lessopen from {}, which runs LESSOPEN's preprocessor",
                        path.display()
                    ),
                );
            }
            let mut always = false;
            for l in &options {
                let value = l
                    .strip_prefix("--paging")
                    .map(|r| r.trim_start_matches(['=', ' ']).trim_matches(['"', '\'']));
                match value {
                    Some("always") => always = true,
                    Some(_) => always = false,
                    None => {}
                }
            }
            always
        }
        None => false,
    }
}

/// What Debian's and Apache's `mvn` script reads before Maven starts (measured on Maven
/// 3.8.7's script): the mavenrc files it sources, `.mvn/jvm.config` of the project's base
/// directory (the nearest one up the tree with `.mvn`) and the variables it passes to the JVM.
/// `mvn -v` prints and stops before any project, extension or plugin is loaded.
fn maven(here: &Here<'_>, out: &mut Verdict) {
    const VARIABLES: &[&str] = &["MAVEN_OPTS", "MAVEN_DEBUG_OPTS", "MAVEN_BASEDIR", "JAVACMD"];
    for name in VARIABLES {
        let jvm_options = !matches!(*name, "MAVEN_BASEDIR" | "JAVACMD");
        let harmless = jvm_options
            && here
                .env
                .value(name)
                .is_some_and(crate::commands::classify::env::harmless_jvm_options);
        if here.env.is_set(name) && !harmless {
            out.push(
                Level::Unknown,
                format!("mvn starts the JVM with what {name} says (agents and classes included)"),
            );
        }
    }
    for name in ["JAVA_HOME", "MAVEN_HOME", "M2_HOME"] {
        match here.env.get(name) {
            Var::Set(p) if p.is_empty() || p.starts_with('/') => {}
            Var::Unset => {}
            _ => out.push(
                Level::Unknown,
                format!("mvn runs programs from {name}, a directory relative to where it runs or only known at run time"),
            ),
        }
    }
    if !here.env.is_set("MAVEN_SKIP_RC") {
        let mut rcs = vec![
            PathBuf::from("/usr/local/etc/mavenrc"),
            PathBuf::from("/etc/mavenrc"),
        ];
        rcs.extend(here.env.home().map(|h| h.join(".mavenrc")));
        for rc in rcs.iter().filter(|rc| files::is_file(rc)) {
            out.push(
                Level::Unknown,
                format!("mvn sources {} first (a shell script)", rc.display()),
            );
        }
    }
    let base = files::ancestors(here.dir)
        .find(|d| files::is_dir(&d.join(".mvn")))
        .unwrap_or(here.dir);
    // Both files of the base directory are read by the launcher whatever the command: the
    // options of `maven.config` go before the command line's (`--log-file=build.log` writes
    // even with `-v`: measured with Maven 3.8.7), `jvm.config`'s to the JVM.
    let reads = [
        (
            ".mvn/maven.config",
            "adds the options of",
            "to its command line (a log file, settings, extensions)",
        ),
        (
            ".mvn/jvm.config",
            "passes the options of",
            "to the JVM (agents and classes included)",
        ),
    ];
    for (file, does, to) in reads {
        let path = base.join(file);
        match files::read_text(&path) {
            Contents::Text(t) if t.trim().is_empty() => {}
            Contents::Text(t)
                if file.ends_with("jvm.config")
                    && crate::commands::classify::env::harmless_jvm_options(&t) => {}
            Contents::Text(t) if file.ends_with("maven.config") && harmless_maven_options(&t) => {}
            Contents::Missing => {}
            _ => out.push(
                Level::Unknown,
                format!("mvn {does} {} {to}", path.display()),
            ),
        }
    }
}

/// The driver's variables that make a compile do more than read, each with what it does:
/// - it runs its passes (`cc1`, `as`, `collect2`) from the directories `COMPILER_PATH` and
///   `GCC_EXEC_PREFIX` name before its own (gcc's manual, "Environment Variables"; clang's
///   driver reads `COMPILER_PATH` too): a syntax check runs what a planted `cc1` does;
/// - clang writes what `CC_PRINT_OPTIONS`, `CC_PRINT_HEADERS`, `CC_LOG_DIAGNOSTICS` and
///   `CC_PRINT_PROC_STAT` turn on to the file their `_FILE` variable names;
/// - gcc runs the whole compilation again with the options `GCC_COMPARE_DEBUG` names;
/// - the preprocessor writes a Make rule of the headers it read to the file
///   `DEPENDENCIES_OUTPUT` or `SUNPRO_DEPENDENCIES` names, as -MD would (gcc's and clang's
///   manuals; measured with cpp 12: `cpp -P x.c` wrote it).
///
/// `cc`, `c++` and `cpp` may be clang (Debian's alternatives), so every variable for every
/// driver.
const COMPILER_VARIABLES: &[(&str, Level, &str)] = &[
    ("COMPILER_PATH", Level::Unknown, "the compiler runs its passes from the directories COMPILER_PATH names"),
    ("GCC_EXEC_PREFIX", Level::Unknown, "the compiler runs its passes from the directories GCC_EXEC_PREFIX names"),
    ("CC_PRINT_OPTIONS", Level::Unknown, "CC_PRINT_OPTIONS makes clang write what it prints to the file CC_PRINT_OPTIONS_FILE names"),
    ("CC_PRINT_HEADERS", Level::Unknown, "CC_PRINT_HEADERS makes clang write what it prints to the file CC_PRINT_HEADERS_FILE names"),
    ("CC_LOG_DIAGNOSTICS", Level::Unknown, "CC_LOG_DIAGNOSTICS makes clang write what it prints to the file CC_LOG_DIAGNOSTICS_FILE names"),
    ("CC_PRINT_PROC_STAT", Level::Unknown, "CC_PRINT_PROC_STAT makes clang write what it prints to the file CC_PRINT_PROC_STAT_FILE names"),
    ("GCC_COMPARE_DEBUG", Level::Unknown, "GCC_COMPARE_DEBUG makes gcc run the compilation again with the options it names"),
    ("DEPENDENCIES_OUTPUT", Level::Write, "the preprocessor writes its dependencies to the file DEPENDENCIES_OUTPUT names"),
    ("SUNPRO_DEPENDENCIES", Level::Write, "the preprocessor writes its dependencies to the file SUNPRO_DEPENDENCIES names"),
];

/// [`COMPILER_VARIABLES`] set in the environment, but a `COMPILER_PATH` of directories that
/// are missing or empty, which adds no pass (gcc looks a pass up as `DIR/NAME` and
/// `DIR/MACHINE/VERSION/NAME`; an empty element is the working directory); and clang's
/// `CCC_OVERRIDE_OPTIONS`, whose edits of the command line are judged ([`override_reads`]).
fn compiler_env(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    let empty_dirs = |list: &str| {
        list.split(':').all(|dir| {
            !dir.is_empty()
                && std::fs::read_dir(files::join(here.dir, dir)).map_or(
                    std::fs::symlink_metadata(files::join(here.dir, dir)).is_err(),
                    |mut e| e.next().is_none(),
                )
        })
    };
    for (name, level, reason) in COMPILER_VARIABLES {
        let harmless = *name == "COMPILER_PATH"
            && matches!(here.env.get(name), Var::Set(list) if empty_dirs(list));
        if here.env.is_set(name) && !harmless {
            out.push(*level, *reason);
        }
    }
    match here.env.get("CCC_OVERRIDE_OPTIONS") {
        Var::Unset => {}
        Var::Set(edits) if override_reads(here.program, args, edits) => {}
        _ => out.push(
            Level::Unknown,
            "CCC_OVERRIDE_OPTIONS edits clang's command line (an added -fplugin loads code)",
        ),
    }
}

/// Whether the command line clang runs after CCC_OVERRIDE_OPTIONS's `edits` (its Driver.cpp,
/// applyOneOverrideOption: space-separated; a leading `#` only silences the notes on standard
/// error; `+ARG` appends ARG, `^ARG` puts it first, `xARG` deletes every ARG, `XARG` every ARG
/// and the word after it, `O…` replaces each `-O`/`-On` by `-O…`) still only reads, judged as
/// that command line would be (`modes::compiler_reads`). A `s/…/…/` edit (a regular
/// expression over every word), an unrecognized edit or a word only known at run time is not
/// judged: `false`.
fn override_reads(program: &str, args: &[Word], edits: &str) -> bool {
    let Some(mut line): Option<Vec<String>> = args.iter().map(|a| a.value.clone()).collect() else {
        return false;
    };
    let edits = edits.strip_prefix('#').unwrap_or(edits);
    for edit in edits.split(' ').filter(|e| !e.is_empty()) {
        let (kind, rest) = edit.split_at(edit.chars().next().map_or(0, char::len_utf8));
        match kind {
            "+" => line.push(rest.to_string()),
            "^" => line.insert(0, rest.to_string()),
            "x" | "X" => {
                let mut i = 0;
                while i < line.len() {
                    if line[i] == rest {
                        line.remove(i);
                        if kind == "X" && i < line.len() {
                            line.remove(i);
                        }
                    } else {
                        i += 1;
                    }
                }
            }
            "O" => {
                line.retain(|a| {
                    let level = a.strip_prefix("-O");
                    !(level == Some("")
                        || level.is_some_and(|l| {
                            l.len() == 1 && matches!(l.as_bytes()[0], b's' | b'z' | b'0'..=b'9')
                        }))
                });
                line.push(format!("-{edit}"));
            }
            _ => return false,
        }
    }
    let refs: Vec<&str> = line.iter().map(String::as_str).collect();
    crate::commands::classify::modes::compiler_reads(program, &refs)
}

/// A compiler driver's response files (`gcc @FILE`): each is replaced by the options it holds, and
/// the whole is judged as a command line would be (`modes::compiler_reads`): `-Wall -O2` only
/// checks, `-MD -MF deps.d` writes, `-fplugin=…` or `-wrapper` is not known. A response file that
/// is not there is taken by gcc as an input file of that name; one that names another is not
/// followed: neither is read-only.
fn response_files(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    let program = here.program;
    if !args
        .iter()
        .any(|a| a.value.as_deref().is_some_and(|v| v.starts_with('@')))
    {
        return;
    }
    let mut values: Vec<String> = Vec::new();
    for arg in args {
        let Some(value) = arg.value.as_deref() else {
            out.push(
                Level::Unknown,
                format!("{program} is given {}, only known at run time", arg.text),
            );
            return;
        };
        let Some(name) = value.strip_prefix('@') else {
            values.push(value.to_string());
            continue;
        };
        let path = files::join(here.dir, name);
        let Some(text) = super::config_text(&path, program, out) else {
            out.push(
                Level::Unknown,
                format!("{program} @{name}: the response file is not there to read"),
            );
            return;
        };
        match response_words(&text) {
            Some(words) => values.extend(words),
            None => {
                out.push(
                    Level::Unknown,
                    format!("{program} @{name}: the response file cannot be split here"),
                );
                return;
            }
        }
    }
    let refs: Vec<&str> = values.iter().map(String::as_str).collect();
    if !crate::commands::classify::modes::compiler_reads(program, &refs) {
        out.push(
            Level::Unknown,
            format!("{program}'s response file adds options that write, run other programs or are not known here"),
        );
    }
}

/// The words of a response file as libiberty's `buildargv` splits them: white space separates,
/// single and double quotes group, a backslash takes the next character as it is. `None` for an
/// unterminated quote.
fn response_words(text: &str) -> Option<Vec<String>> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut started = false;
    let mut quote: Option<char> = None;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (_, '\\') => {
                word.push(chars.next()?);
                started = true;
            }
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                started = true;
            }
            (None, c) if c.is_whitespace() => {
                if started {
                    words.push(std::mem::take(&mut word));
                    started = false;
                }
            }
            (None, c) => {
                word.push(c);
                started = true;
            }
        }
    }
    if quote.is_some() {
        return None;
    }
    if started {
        words.push(word);
    }
    Some(words)
}

/// docker describes its CLI plugins by running each of them (`docker-<name>
/// docker-cli-plugin-metadata`) for its help (`help`, `--help`, `-h`, on any command) and for
/// `info` / `system info` (measured with the Docker CLI 28.2: a plugin planted in
/// `~/.docker/cli-plugins` ran for `docker --help`, `docker ps --help` and `docker info`, not for
/// `docker ps`, `docker version` or `docker --version`). The plugins are those of the
/// configuration directory (`--config`, else `DOCKER_CONFIG`, else `~/.docker`): its
/// `cli-plugins` directory and the directories its `config.json` adds (`cliPluginsExtraDirs`).
/// The system's own plugin directories are taken as the machine's. A plugin named by the command
/// (`docker compose ps`) is the program it plainly runs.
fn docker_plugins(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    let values: Vec<Option<&str>> = args.iter().map(|a| a.value.as_deref()).collect();
    let first = values
        .iter()
        .position(|v| !v.is_some_and(|v| v.starts_with('-')));
    let command: Vec<&str> = first
        .map(|at| {
            values[at..]
                .iter()
                .take(2)
                .map(|v| v.unwrap_or(""))
                .collect()
        })
        .unwrap_or_default();
    let describes = values
        .iter()
        .any(|v| matches!(v, Some("--help" | "-h")) || v.is_none())
        || matches!(
            command.as_slice(),
            ["help", ..] | ["info", ..] | ["system", "info"]
        );
    if !describes {
        return;
    }
    let mut config: Option<PathBuf> = None;
    for (i, v) in values.iter().enumerate() {
        match v {
            Some(v) if v.starts_with("--config=") => {
                config = Some(files::join(here.dir, &v["--config=".len()..]))
            }
            Some("--config") => {
                config = values
                    .get(i + 1)
                    .copied()
                    .flatten()
                    .map(|d| files::join(here.dir, d))
            }
            _ => {}
        }
    }
    let config = config.or_else(|| match here.env.get("DOCKER_CONFIG") {
        Var::Set(dir) if !dir.is_empty() => Some(files::join(here.dir, dir)),
        Var::Runtime => None,
        _ => here.env.home().map(|h| h.join(".docker")),
    });
    let Some(config) = config else {
        out.push(
            Level::Unknown,
            "docker's configuration directory is only known at run time: its CLI plugins run for help and info",
        );
        return;
    };
    let plugins = config.join("cli-plugins");
    let has_plugins = std::fs::read_dir(&plugins).is_ok_and(|mut d| d.next().is_some());
    let extra = files::says(&config.join("config.json"), |t| {
        t.contains("cliPluginsExtraDirs")
    });
    if has_plugins || extra {
        let dir = match has_plugins {
            true => plugins.display().to_string(),
            false => format!("the directories {}/config.json adds", config.display()),
        };
        out.push(
            Level::Unknown,
            format!("docker runs every CLI plugin in {dir} to describe it (help, info)"),
        );
    }
}

/// kubectl loads its kubeconfig for every command, `config view` included, and a user entry's
/// `exec` (a credential plugin) or `auth-provider` runs a program (measured with kubectl 1.32:
/// `config view --minify` ran an exec plugin). The files are `--kubeconfig`'s, else every one
/// `KUBECONFIG` lists, else `~/.kube/config`.
fn kubeconfig(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    let mut given: Option<String> = None;
    let mut runtime = false;
    for (i, a) in args.iter().enumerate() {
        let Some(v) = a.value.as_deref() else {
            runtime = true;
            continue;
        };
        if let Some(file) = v.strip_prefix("--kubeconfig=") {
            given = Some(file.to_string());
        } else if v == "--kubeconfig" {
            match args.get(i + 1).and_then(|n| n.value.as_deref()) {
                Some(file) => given = Some(file.to_string()),
                None => runtime = true,
            }
        }
    }
    let paths: Vec<PathBuf> = match (given, here.env.get("KUBECONFIG")) {
        (Some(file), _) => vec![files::join(here.dir, &file)],
        (None, Var::Set(list)) if !list.is_empty() => list
            .split(':')
            .filter(|p| !p.is_empty())
            .map(|p| files::join(here.dir, p))
            .collect(),
        (None, Var::Runtime) => {
            runtime = true;
            Vec::new()
        }
        _ => match here.env.home() {
            Some(home) => vec![home.join(".kube/config")],
            None => {
                runtime = true;
                Vec::new()
            }
        },
    };
    if runtime {
        out.push(
            Level::Unknown,
            "kubectl's kubeconfig is only known at run time: its credential plugins run",
        );
    }
    for path in paths {
        match files::read_text(&path) {
            Contents::Missing => {}
            Contents::Text(t) if !has_yaml_key(&t, "exec") && !has_yaml_key(&t, "auth-provider") => {}
            _ => out.push(
                Level::Unknown,
                format!(
                    "kubectl loads {}, whose credential plugin (exec, auth-provider) runs a program",
                    path.display()
                ),
            ),
        }
    }
}

/// `just --evaluate` evaluates the assignments of the justfile just finds (`-f`/`--justfile`, or
/// the first `justfile` or `.justfile`, any case, up from where it runs): a backtick or a
/// `shell()` call runs a command, and an `import` or `mod` brings in another file, not read here.
fn justfile(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    if !args.iter().any(|a| a.is("--evaluate")) {
        return;
    }
    let given = args
        .windows(2)
        .find(|w| w[0].is("-f") || w[0].is("--justfile"))
        .map(|w| w[1].value.as_deref())
        .or_else(|| {
            args.iter()
                .find_map(|a| a.value.as_deref()?.strip_prefix("--justfile="))
                .map(Some)
        });
    let path = match given {
        Some(Some(f)) => Some(files::join(here.dir, f)),
        Some(None) => return,
        None => files::ancestors(here.dir).find_map(|d| {
            let entries = std::fs::read_dir(d).ok()?;
            entries.flatten().map(|e| e.path()).find(|p| {
                p.file_name().and_then(|n| n.to_str()).is_some_and(|n| {
                    n.eq_ignore_ascii_case("justfile") || n.eq_ignore_ascii_case(".justfile")
                })
            })
        }),
    };
    let Some(path) = path else {
        return;
    };
    let runs = |text: &str| {
        text.contains('`')
            || text.contains("shell(")
            || text.lines().any(|l| {
                let l = l.trim_start();
                l.starts_with("import ")
                    || l.starts_with("import?")
                    || l.starts_with("mod ")
                    || l.starts_with("mod?")
            })
    };
    if files::says(&path, runs) {
        out.push(
            Level::Unknown,
            format!("just --evaluate runs the backticks and shell() calls of {} (or of a file it imports)", path.display()),
        );
    }
}

/// `meson introspect` of a source tree (a `meson.build` operand, or a directory with one and no
/// `meson-info`) reads the project with meson's AST interpreter, which detects the compilers of
/// the languages `project()` names, and of any `add_languages()`, by running them (measured, meson
/// 1.0: `project('p', 'c')` ran gcc on test files in TMPDIR; `project('p')` ran nothing). A build
/// directory's `meson-info` is only read. A `subdir()` is another file, so it is not followed:
/// unknown.
fn meson_source(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    let Some((first, rest)) = args.split_first() else {
        return;
    };
    if !first.is("introspect") {
        return;
    }
    let operand = rest
        .iter()
        .find(|a| a.value.as_deref().is_none_or(|v| !v.starts_with('-')));
    let build = match operand.map(|a| a.value.as_deref()) {
        Some(None) => {
            out.push(
                Level::Unknown,
                "meson introspect: a path known only at run time",
            );
            return;
        }
        Some(Some(v)) if v == "meson.build" || v.ends_with("/meson.build") => {
            files::join(here.dir, v)
        }
        Some(Some(v)) => {
            let dir = files::join(here.dir, v);
            if files::exists(&dir.join("meson-info")) {
                return;
            }
            dir.join("meson.build")
        }
        None => {
            if files::exists(&here.dir.join("meson-info")) {
                return;
            }
            here.dir.join("meson.build")
        }
    };
    let Some(text) = super::config_text(&build, "meson introspect", out) else {
        return;
    };
    if meson_names_languages(&text) {
        out.push(
            Level::Unknown,
            format!(
                "meson introspect reads the source tree of {}, which names languages whose compilers meson runs to detect them (or a subdir() not read here)",
                build.display()
            ),
        );
    }
}

/// Whether a `meson.build` names a language (a second positional argument of `project()`),
/// calls `add_languages()`, or goes into a `subdir()`.
fn meson_names_languages(text: &str) -> bool {
    let code: String = text
        .lines()
        .map(|l| l.split('#').next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    if code.contains("add_languages") || code.contains("subdir(") {
        return true;
    }
    let Some(start) = code.find("project(") else {
        return false;
    };
    // Top-level arguments of the call, each positional unless it has a `name:`.
    let mut depth = 0usize;
    let mut positional = 0usize;
    let mut keyword = false;
    let mut pending = false;
    let mut in_string = false;
    for c in code[start + "project(".len()..].chars() {
        match c {
            '\'' => {
                in_string = !in_string;
                pending = true;
            }
            _ if in_string => {}
            '(' | '[' | '{' => {
                depth += 1;
                pending = true;
            }
            ')' if depth == 0 => break,
            ')' | ']' | '}' => depth = depth.saturating_sub(1),
            ':' if depth == 0 => keyword = true,
            ',' if depth == 0 => {
                positional += usize::from(pending && !keyword);
                keyword = false;
                pending = false;
            }
            c if !c.is_whitespace() => pending = true,
            _ => {}
        }
    }
    positional += usize::from(pending && !keyword);
    positional >= 2
}

/// What rdoc's reporting modes take besides the command line (rdoc 6.4, `RDoc::Options`):
/// RDOCOPT's options come first (`--write-options` among them writes `.rdoc_options`), and
/// `.rdoc_options` in the directory sets the generator (`generator_name`), which `--dry-run`
/// runs (`pot` writes `rdoc.pot` all the same); `-C` runs none.
fn rdoc_options(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    if !matches!(here.env.get("RDOCOPT"), Var::Unset) {
        out.push(Level::Unknown, "rdoc takes options from RDOCOPT");
    }
    let coverage = args.iter().any(|a| {
        a.value
            .as_deref()
            .is_some_and(crate::commands::classify::programs::rdoc_coverage)
    });
    if !coverage && files::exists(&here.dir.join(".rdoc_options")) {
        out.push(
            Level::Unknown,
            "rdoc --dry-run runs the generator .rdoc_options may name, which can write",
        );
    }
}

/// texi2any loads its configuration file, Perl run as it is loaded (`Config` in 6.8,
/// `texi2any-config.pm` from 7.0), from the directory, `./.texi2any/` and `~/.texi2any/` before
/// /etc's and /usr/share's (texi2any's `@program_config_dirs`); either name in any of the first
/// three makes the call unknown.
fn texi2any_config(here: &Here<'_>, out: &mut Verdict) {
    let mut dirs = vec![here.dir.to_path_buf(), here.dir.join(".texi2any")];
    match here.env.home() {
        Some(home) => dirs.push(home.join(".texi2any")),
        None => out.push(
            Level::Unknown,
            "makeinfo loads ~/.texi2any/texi2any-config.pm, under a HOME not known",
        ),
    }
    for file in dirs
        .iter()
        .flat_map(|d| [d.join("Config"), d.join("texi2any-config.pm")])
    {
        if files::exists(&file) {
            out.push(
                Level::Unknown,
                format!("makeinfo runs {} (Perl) as it starts", file.display()),
            );
        }
    }
}

/// An OCAMLPARAM value whose every item (compenv.ml's `parse_args`: split on `,`, or on its
/// first character when that is one of `:|; ,`; `_` marks where the command line's options go)
/// is `NAME=VALUE` with NAME an option that only changes what is reported or accepted: the
/// warnings and alerts, colour and error style, and type-checking flags (`w=-a`,
/// `warn-error=+a`, `principal=1`). Anything else (`pp`, `ppx`, `plugin`, `cc`, `o`,
/// `bin-annot`, which writes `.cmt` files) is not taken.
fn ocamlparam_harmless(value: &str) -> bool {
    const NAMES: &[&str] = &[
        "w",
        "warn-error",
        "alert",
        "color",
        "error-style",
        "principal",
        "rectypes",
        "strict-sequence",
        "strict-formats",
        "short-paths",
        "nolabels",
    ];
    let items: Vec<&str> = match value.chars().next() {
        None => return true,
        Some(c @ (':' | '|' | ';' | ' ' | ',')) => value.split(c).skip(1).collect(),
        Some(_) => value.split(',').collect(),
    };
    items.iter().all(|item| {
        *item == "_"
            || item
                .split_once('=')
                .is_some_and(|(name, _)| NAMES.contains(&name))
    })
}
