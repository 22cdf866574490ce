//! npm, pnpm, yarn, bun (and npx, bunx). `install`/`add`/`ci`: progress and funding notices drop,
//! warnings (deduplicated, with a count), errors and the summary stay. `test`/`run`/`exec` and
//! npx: the script's banner (`> pkg@1.0.0 test` / `> vitest run`) drops and the output goes to the
//! filter its content shows (vitest, jest, pytest, tsc, eslint, gtest); unrecognized output passes.

use super::{sniffed, Context, Filter, Guard};
use crate::minimize::text::join_lines;
use crate::re;

pub(super) fn choose(ctx: &Context) -> Option<(String, Filter, Guard)> {
    let program = ctx.inv.program.as_str();
    let sub = ctx.inv.subcommand().unwrap_or("");
    match sub {
        "install" | "i" | "add" | "ci" | "update" | "upgrade" | "remove" | "uninstall" => {
            Some((format!("{program}-install"), install, Guard::Locations))
        }
        "ls" | "list" | "la" | "ll" => Some((
            format!("{program}-ls"),
            super::listing::npm_tree as Filter,
            Guard::Own,
        )),
        _ => sniffed(ctx).map(|(label, f, g)| (format!("{program}:{label}"), f, g)),
    }
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
    for line in text.lines() {
        if head && (line.starts_with("> ") || line.trim().is_empty()) {
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
    for line in ctx.text.lines() {
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
/// (`Successfully installed`, `Would install`) stay.
pub(super) fn pip_install(ctx: &Context) -> Option<String> {
    let noise = re!(
        r"^\s*(Downloading |Using cached |Obtaining dependency information|Preparing metadata|Installing build dependencies|Getting requirements to build|Building wheels? for |Created wheel for |Stored in directory|Building wheel for \S+ \(pyproject\.toml\): (started|finished with status 'done')|[━╸╺\-]+ [\d.]+/[\d.]+ [kMG]?B)|^\s*[━╸╺]"
    )?;
    let mut out = Vec::new();
    let mut dropped = false;
    for line in ctx.text.lines() {
        if noise.is_match(line) {
            dropped = true;
            continue;
        }
        out.push(line.to_string());
    }
    dropped.then(|| join_lines(out))
}
