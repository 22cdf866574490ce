//! npm, pnpm, yarn, bun (and npx, bunx). `install`/`add`/`ci`: progress and funding notices drop,
//! warnings (deduplicated, with a count), errors and the summary stay. `test`/`run`/`exec` and
//! npx: the script's banner (`> pkg@1.0.0 test` / `> vitest run`) drops and the output goes to the
//! filter its content shows (vitest, jest, pytest, tsc, eslint, gtest); unrecognized output passes.

use super::{sniffed, Context, Filter, Guard};
use crate::minimize::text::is_blank;
use crate::minimize::text::join_lines;
use crate::minimize::text::SplitLines;
use crate::re;
use std::collections::HashSet;

pub(super) fn choose(ctx: &Context) -> Option<(String, Filter, Guard)> {
    let program = ctx.inv.program.as_str();
    let sub = ctx.inv.subcommand().unwrap_or("");
    match sub {
        "install" | "i" | "add" | "ci" | "update" | "upgrade" | "remove" | "uninstall" => {
            Some((format!("{program}-install"), install, Guard::Locations))
        }
        // `--parseable`: a path a line, no tree: said by directory, as `find`'s paths are.
        "ls" | "list" | "la" | "ll"
            if ctx
                .inv
                .args
                .iter()
                .any(|a| a == "--parseable" || a == "-p" || a == "--parseable=true") =>
        {
            Some((
                format!("{program}-ls-parseable"),
                super::listing::find as Filter,
                Guard::Own,
            ))
        }
        "ls" | "list" | "la" | "ll" => Some((
            format!("{program}-ls"),
            super::listing::npm_tree as Filter,
            Guard::Own,
        )),
        "pack" | "publish" if program == "npm" => {
            Some((format!("npm-{sub}"), npm_pack as Filter, Guard::Locations))
        }
        "explain" | "why" if program == "npm" => {
            Some(("npm-explain".to_string(), npm_explain as Filter, Guard::Own))
        }
        _ => sniffed(ctx).map(|(label, f, g)| (format!("{program}:{label}"), f, g)),
    }
}

/// `npm pack` and `npm publish` (and their `--dry-run`): the `npm notice` lines (the tarball's
/// contents, one file a line with its size, and its details: name, version, sizes, shasum, the
/// registry it would go to) drop; what npm says apart from them stays: the tarball's file name
/// (`pkg-1.0.0.tgz`), `+ pkg@1.0.0`, every `npm warn` and `npm error`. `None` when no notice
/// is there.
fn npm_pack(ctx: &Context) -> Option<String> {
    let is_notice = |l: &str| l == "npm notice" || l.starts_with("npm notice ");
    if !ctx.text.split_lines().any(is_notice) {
        return None;
    }
    Some(join_lines(ctx.text.split_lines().filter(|l| !is_notice(l))))
}

/// `npm explain`: an explanation tree of why a package is installed, each line an edge
/// (`glob@"^7.1.3" from jest-config@29.7.0`, `dev jest@"^29" from the root project`) then
/// where the dependent is installed (`node_modules/jest-config`), its own reasons indented under
/// it. A dependent's reasons are the same wherever it is reached, and npm prints them again under
/// every path: each edge is said once, at its first place; a repeated one stays only above a
/// line not said yet (its place in the tree). An edge with nothing under it names a dependent
/// whose reasons are above (each line says both ends of its edge: no mark is needed, and one on
/// each such edge cost more than the bar allows on a big tree). A place is dropped where it is
/// the package's own top-level folder (the name it follows says it) or said before; a nested one
/// (`node_modules/a/node_modules/b`) stays.
fn npm_explain(ctx: &Context) -> Option<String> {
    struct Line<'a> {
        line: &'a str,
        depth: usize,
        /// Where the dependent of the edge above is installed.
        place: bool,
        new: bool,
        new_below: bool,
    }
    let mut seen: HashSet<&str> = HashSet::new();
    let mut lines: Vec<Line> = Vec::with_capacity(ctx.text.split_lines().count());
    let mut previous = "";
    for line in ctx.text.split_lines() {
        let t = line.trim();
        let place = t.starts_with("node_modules/");
        let own_folder = place && {
            let named = previous
                .rsplit_once(" from ")
                .map_or(previous, |(_, from)| from)
                .trim();
            // `@scope/name@1.2.3` or `name@1.2.3`: the name is before the last `@` past the first.
            let name = match named.get(1..).and_then(|r| r.rfind('@')) {
                Some(at) => &named[..=at],
                None => named,
            };
            !name.is_empty() && t["node_modules/".len()..] == *name
        };
        if !place {
            previous = t;
        }
        lines.push(Line {
            line,
            depth: line.len() - line.trim_start().len(),
            place,
            new: !t.is_empty() && !own_folder && seen.insert(t),
            new_below: false,
        });
    }
    // The edges above each line (a place belongs to its edge, a blank line ends a tree).
    let mut open: Vec<usize> = Vec::new();
    for i in 0..lines.len() {
        if is_blank(lines[i].line) {
            open.clear();
            continue;
        }
        if lines[i].place {
            continue;
        }
        while open
            .last()
            .is_some_and(|&o| lines[o].depth >= lines[i].depth)
        {
            open.pop();
        }
        let new = lines[i].new;
        for &o in &open {
            lines[o].new_below |= new;
        }
        open.push(i);
    }
    let shown = |l: &Line| l.new || l.new_below;
    let mut kept: Vec<String> = Vec::with_capacity(lines.len());
    let mut edge_shown = true;
    for l in &lines {
        if is_blank(l.line) {
            kept.push(l.line.to_string());
            edge_shown = true;
        } else if l.place {
            if edge_shown && l.new {
                kept.push(l.line.to_string());
            }
        } else {
            edge_shown = shown(l);
            if edge_shown {
                kept.push(l.line.to_string());
            }
        }
    }
    (kept.len() < lines.len()).then(|| join_lines(kept))
}

/// Whether the command runs a package's script (`npm test`, `npm run x`, `pnpm test`, `yarn
/// lint`): any subcommand of npm, pnpm, yarn or bun but installs, listings and launchers.
pub(super) fn is_script_run(inv: &super::Invocation) -> bool {
    matches!(inv.program.as_str(), "npm" | "pnpm" | "yarn" | "bun")
        && !matches!(
            inv.subcommand().unwrap_or(""),
            "install"
                | "i"
                | "add"
                | "ci"
                | "update"
                | "upgrade"
                | "remove"
                | "uninstall"
                | "ls"
                | "list"
                | "la"
                | "ll"
                | "exec"
                | "dlx"
                | "x"
        )
}

/// A script's output without the manager's lines: the banner (`> pkg@1.0.0 test`, `> vitest
/// run`) and, after the first line of a failure trailer (`npm error Lifecycle script `test`
/// failed with error:`), the trailer's other lines (`npm error code 1`, its path, workspace,
/// location and command: the exit status and the command the agent ran say them).
pub(super) fn without_banner(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut head = true;
    let mut trailer = false;
    for line in text.split_lines() {
        if head && (line.starts_with("> ") || is_blank(line)) {
            continue;
        }
        head = false;
        let npm_error = line.starts_with("npm error ") || line.starts_with("npm ERR! ");
        if npm_error && trailer {
            continue;
        }
        trailer |= npm_error;
        out.push_str(line);
        out.push('\n');
    }
    out
}

fn install(ctx: &Context) -> Option<String> {
    let noise = re!(
        r"^(npm (notice|http fetch|timing|sill|verb)|Progress: resolved|Packages: \+|\++$|[⠁-⣿] |\s*$|Resolving: |Downloading |Already up to date|Done in |bun install v|Saved lockfile|run `npm fund`|\d+ packages? (are|is) looking for funding|  run `npm fund` for details)"
    )?;
    let mut out: Vec<String> = Vec::new();
    let mut seen: Vec<(String, usize)> = Vec::new();
    for line in ctx.text.split_lines() {
        if noise.is_match(line) {
            continue;
        }
        let t = line.trim_end();
        match seen.iter_mut().find(|(l, _)| l == t) {
            Some((_, n)) => *n += 1,
            None => {
                seen.push((t.to_string(), 1));
                out.push(t.to_string());
            }
        }
    }
    let out = out
        .into_iter()
        .map(|l| match seen.iter().find(|(s, _)| *s == l) {
            Some((_, n)) if *n > 1 => format!("{l} (x{n})"),
            _ => l,
        });
    Some(join_lines(out))
}

/// `pip install` (and `download`, `wheel`): download and build progress drops (`Downloading`,
/// `Using cached`, progress bars, metadata and wheel-building steps); every requirement line
/// (`Collecting x (from y)`, `Requirement already satisfied`), warning, error and the outcome
/// (`Successfully installed`, `Would install`) stay. When the outcome lists what was installed,
/// the dependencies pip found on its own (`Collecting h11>=0.16 (from httpcore==1.*->httpx->-r
/// requirements.txt (line 2))`) are one line of their requirements, in their order, without the
/// chains that led to them: each is in the outcome's list with its version. A failed run keeps
/// the chains (a conflict is read from them).
pub(super) fn pip_install(ctx: &Context) -> Option<String> {
    let noise = re!(
        r"^\s*(Downloading |Using cached |Obtaining dependency information|Preparing metadata|Installing build dependencies|Getting requirements to build|Building wheels? for |Created wheel for |Stored in directory|Building wheel for \S+ \(pyproject\.toml\): (started|finished with status 'done')|[━╸╺\-]+ [\d.]+/[\d.]+ [kMG]?B)|^\s*[━╸╺]"
    )?;
    let installed = ctx
        .text
        .split_lines()
        .any(|l| l.starts_with("Successfully installed ") || l.starts_with("Would install "))
        && !ctx.text.split_lines().any(|l| l.starts_with("ERROR"));
    let mut out = Vec::new();
    let mut found: Vec<(&str, &str)> = Vec::new();
    let mut found_at = None;
    let mut dropped = false;
    for line in ctx.text.split_lines() {
        if noise.is_match(line) {
            dropped = true;
            continue;
        }
        let transitive = line
            .strip_prefix("Collecting ")
            .and_then(|rest| rest.strip_suffix(')'))
            .and_then(|rest| rest.split_once(" (from "))
            .filter(|(_, chain)| !chain.starts_with("-r ") && !chain.starts_with("-c "));
        if let Some((requirement, _)) = transitive.filter(|_| installed) {
            found_at.get_or_insert(out.len());
            found.push((requirement, line));
            continue;
        }
        out.push(line.to_string());
    }
    if let Some(at) = found_at {
        let said = match &found[..] {
            [(_, line)] => line.to_string(),
            _ => format!(
                "Collecting {} dependencies: {}",
                found.len(),
                found.iter().map(|(r, _)| *r).collect::<Vec<_>>().join(", ")
            ),
        };
        out.insert(at, said);
    }
    (dropped || found.len() > 1).then(|| join_lines(out))
}

/// `pip show`: its packages as header records (`query::header_records`: a field the same in
/// every package said once, a license's pasted text by its first paragraph), and `-f`'s
/// `Files:` (a path a line, relative to its `Location:`) as a path list by directory
/// (`flake8/formatting/` then `  base.py default.py`); a run shorter than [`PATH_RUN_MIN`]
/// stays as it was.
pub(super) fn pip_show(ctx: &Context) -> Option<String> {
    let records = super::query::header_records(ctx.text, 1);
    let text = records.as_deref().unwrap_or(ctx.text);
    let mut out = Vec::new();
    let mut run: Vec<&str> = Vec::new();
    let mut grouped = records.is_some();
    for line in text.split_lines() {
        match line
            .strip_prefix("  ")
            .filter(|p| !p.is_empty() && !p.contains(char::is_whitespace))
        {
            Some(path) => run.push(path),
            None => {
                grouped |= flush_paths(&mut run, &mut out);
                grouped |= join_classifier(line, &mut out);
            }
        }
    }
    grouped |= flush_paths(&mut run, &mut out);
    grouped.then(|| join_lines(out))
}

/// `-v`'s classifiers (`  Programming Language :: Python :: 3.12`) that differ from the line
/// before only in their last part: that part joins the line before (`… :: Python :: 3.11, 3.12`);
/// any other line is pushed as it is. Whether it joined.
fn join_classifier(line: &str, out: &mut Vec<String>) -> bool {
    let Some((prefix, last)) = line
        .strip_prefix("  ")
        .and_then(|c| c.rsplit_once(" :: "))
        .filter(|(_, last)| !last.contains(", "))
    else {
        out.push(line.to_string());
        return false;
    };
    if let Some(prev) = out.last_mut() {
        let before = prev.strip_prefix("  ").and_then(|p| p.rsplit_once(" :: "));
        if before.is_some_and(|(p, _)| p == prefix) {
            prev.push_str(", ");
            prev.push_str(last);
            return true;
        }
    }
    out.push(line.to_string());
    false
}

/// Fewest paths in a run for it to be said by directory: a shorter one saves less than its
/// directory lines cost.
const PATH_RUN_MIN: usize = 8;

/// A run of indented paths, by directory and indented as it was, when long enough; whether it
/// was grouped.
fn flush_paths(run: &mut Vec<&str>, out: &mut Vec<String>) -> bool {
    if run.len() < PATH_RUN_MIN {
        out.extend(run.drain(..).map(|p| format!("  {p}")));
        return false;
    }
    let compiled = compiled_caches(run);
    let mut said = std::collections::HashSet::new();
    let mut list = super::paths::PathList::default();
    for path in run.drain(..) {
        let (dir, _) = super::paths::split_dir(path);
        match compiled.iter().find(|(cache, _)| *cache == dir) {
            Some((_, tag)) => {
                if said.insert(dir) {
                    let parent = &dir[..dir.len() - "__pycache__/".len()];
                    list.add_path(&format!("{dir}*{tag} (one per {parent}*.py)"));
                }
            }
            None => list.add_path(path),
        }
    }
    let mut rendered = Vec::new();
    list.render(&mut rendered);
    out.extend(rendered.into_iter().map(|l| format!("  {l}")));
    true
}

/// The `__pycache__/` directories of `paths` that hold exactly one `NAME.<tag>.pyc` for each
/// `NAME.py` of their parent and nothing else, with that tag (`.cpython-311.pyc`): Python's
/// compiled copies, said once for the directory (they repeat the sources' names).
fn compiled_caches<'a>(paths: &[&'a str]) -> Vec<(&'a str, &'a str)> {
    use std::collections::{HashMap, HashSet};
    let mut sources: HashMap<&str, HashSet<&str>> = HashMap::new();
    let mut caches: HashMap<&str, Vec<&str>> = HashMap::new();
    for path in paths {
        let (dir, name) = super::paths::split_dir(path);
        if let Some(stem) = name.strip_suffix(".py") {
            sources.entry(dir).or_default().insert(stem);
        } else if dir.ends_with("__pycache__/") {
            caches.entry(dir).or_default().push(name);
        }
    }
    let mut found = Vec::new();
    for (cache, names) in caches {
        let parent = &cache[..cache.len() - "__pycache__/".len()];
        let Some(stems) = sources.get(parent) else {
            continue;
        };
        // The tag: what follows the stem in the first entry (`.cpython-311.pyc`).
        let Some(tag) = names.first().and_then(|n| {
            stems
                .iter()
                .filter_map(|s| n.strip_prefix(s).filter(|t| t.starts_with('.')))
                .min_by_key(|t| t.len())
        }) else {
            continue;
        };
        let cached: HashSet<&str> = names.iter().filter_map(|n| n.strip_suffix(tag)).collect();
        if tag.ends_with(".pyc") && cached.len() == names.len() && cached == *stems {
            found.push((cache, tag));
        }
    }
    found
}

/// Fewest packages sharing their suites, architecture and state for them to be said under one
/// header: a header costs about what two rows' repeated words do.
const APT_GROUP_MIN: usize = 3;

/// `apt list` (`--installed`, `--upgradable`): each row is `name/suites version arch [state]`,
/// and the suites, the architecture and the state are the same words on most rows. The rows
/// that share them are said under one header (`oldstable,now all [installed,automatic]:`), each
/// as ` name version`, in the order the groups first appear; a row of another shape, and the
/// rows of a group too small, stay as written.
pub(super) fn apt_list(ctx: &Context) -> Option<String> {
    fn row(l: &str) -> Option<(&str, &str, &str)> {
        let (name_suites, rest) = l.split_once(' ')?;
        let (name, suites) = name_suites.split_once('/')?;
        let (version, key) = rest.split_once(' ')?;
        (!name.is_empty() && !suites.is_empty() && !version.is_empty() && !key.is_empty())
            .then_some((name, version, &l[name.len() + 1..]))
    }
    // Each group's key: the suites, then the architecture and state after the version.
    let key_of = |l: &str| -> Option<(String, String)> {
        let (name, version, from_suites) = row(l)?;
        let suites = from_suites.split(' ').next()?;
        let tail = &from_suites[suites.len() + 1 + version.len()..];
        Some((format!("{suites}{tail}"), format!("{name} {version}")))
    };
    let mut order: Vec<String> = Vec::new();
    let mut groups: std::collections::HashMap<String, Vec<String>> = Default::default();
    let mut other: Vec<String> = Vec::new();
    let mut rows = 0;
    for line in ctx.text.split_lines() {
        match key_of(line) {
            Some((key, entry)) => {
                rows += 1;
                groups
                    .entry(key.clone())
                    .or_insert_with(|| {
                        order.push(key);
                        Vec::new()
                    })
                    .push(entry);
            }
            None => other.push(line.to_string()),
        }
    }
    if rows < APT_GROUP_MIN {
        return None;
    }
    let mut out = other;
    for key in order {
        let entries = &groups[&key];
        if entries.len() >= APT_GROUP_MIN {
            out.push(format!("{key}:"));
            out.extend(entries.iter().map(|e| format!(" {e}")));
        } else {
            // As written: `name/suites version arch [state]`.
            let (suites, tail) = key.split_once(' ').unwrap_or((&key, ""));
            for e in entries {
                let (name, version) = e.split_once(' ').unwrap_or((e, ""));
                out.push(format!("{name}/{suites} {version} {tail}"));
            }
        }
    }
    Some(join_lines(out))
}

/// The actions a simulated run lists a line each (`apt-get -s`: `Inst ant (1.10.13-1 Debian:12
/// [all])`, then `Conf ant (…)`; `Remv`, `Purg`), each run of one action of
/// [`APT_GROUP_MIN`] lines or more under its word said once (`Inst:` then ` ant (1.10.13-1 …)`);
/// every other line as written. `None` when there is no such run.
fn simulated(text: &str) -> Option<String> {
    const ACTIONS: [&str; 4] = ["Inst ", "Conf ", "Remv ", "Purg "];
    let action = |l: &str| ACTIONS.iter().find(|a| l.starts_with(**a)).copied();
    let lines: Vec<&str> = text.split_lines().collect();
    let mut out: Vec<String> = Vec::with_capacity(lines.len());
    let mut grouped = false;
    let mut i = 0;
    while i < lines.len() {
        let Some(a) = action(lines[i]) else {
            out.push(lines[i].to_string());
            i += 1;
            continue;
        };
        let end = (i..lines.len())
            .find(|&j| !lines[j].starts_with(a))
            .unwrap_or(lines.len());
        if end - i >= APT_GROUP_MIN {
            grouped = true;
            out.push(format!("{}:", a.trim_end()));
            out.extend(lines[i..end].iter().map(|l| format!(" {}", &l[a.len()..])));
        } else {
            out.extend(lines[i..end].iter().map(|l| l.to_string()));
        }
        i = end;
    }
    grouped.then(|| join_lines(out))
}

/// `apt-get install` and the like (dpkg's steps under apt): each package dpkg sets up goes
/// through `Selecting previously unselected package X.`, `Preparing to unpack .../X_1.0_all.deb
/// ...`, `Unpacking X (1.0) ...` and `Setting up X (1.0) ...`; the last says the package and
/// version the run left, and the steps before it go; so does the database's progress (`(Reading
/// database ... 5%(Reading database ... 10%…`). A step of a package never set up (a failed
/// run) stays, and so does every other line (the summary, `Get:` with its size, errors).
pub(super) fn apt_install(ctx: &Context) -> Option<String> {
    let set_up: std::collections::HashSet<&str> = ctx
        .text
        .split_lines()
        .filter_map(|l| l.strip_prefix("Setting up "))
        .filter_map(|r| r.split_once(' ').map(|(name, _)| name))
        .collect();
    if set_up.is_empty() {
        return simulated(ctx.text);
    }
    // `name` as dpkg writes it (`libfoo:amd64`) or as its .deb's file starts (`libfoo_`,
    // without the architecture).
    let was_set_up = |name: &str| set_up.contains(name);
    let set_up_packages: std::collections::HashSet<&str> =
        set_up.iter().filter_map(|s| s.split(':').next()).collect();
    let kept: Vec<&str> = ctx
        .text
        .split_lines()
        .filter(|l| {
            if l.starts_with("(Reading database ...") {
                return false;
            }
            if let Some(name) = l
                .strip_prefix("Selecting previously unselected package ")
                .and_then(|r| r.strip_suffix('.'))
            {
                return !was_set_up(name);
            }
            if let Some(deb) = l
                .strip_prefix("Preparing to unpack ")
                .and_then(|r| r.strip_suffix(" ..."))
            {
                let file = deb.rsplit('/').next().unwrap_or(deb);
                let name = file.split('_').next().unwrap_or(file);
                return !set_up_packages.contains(name);
            }
            if let Some(r) = l.strip_prefix("Unpacking ") {
                return !r
                    .split_once(' ')
                    .is_some_and(|(name, _)| was_set_up(name) && r.ends_with(" ..."));
            }
            true
        })
        .collect();
    Some(join_lines(kept))
}
