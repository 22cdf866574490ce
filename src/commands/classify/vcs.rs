//! The reading modes of Mercurial (`hg log`, `hg status`, `hg cat -r`, …) and Subversion (`svn
//! status`, `svn info`, `svn diff`, `svn log`, …), as data: each subcommand with its spellings,
//! the options that only change what it shows, and what else it consults that the context has to
//! read (hg's tags cache and dirstate, which it rewrites when stale; svn's repository, which may
//! be on another machine). Both read a configuration that can run code on any of these (hg's
//! hooks, extensions and aliases; svn's `diff-cmd`), and svn creates its configuration directory
//! when it is missing: without context a mode is not read-only ([`HG_CONFIG`], [`SVN_CONFIG`]);
//! `context::hg` and `context::svn` read what applies.

use super::grammar::{self, Spec};
use super::specs::spec;
use super::verdict::{Level, Settle, Verdict};
use super::words::Word;

/// What a reading command of hg consults that it may also update.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HgState {
    /// Only the store (revlogs) and the configuration.
    Store,
    /// The tags cache (`.hg/cache/tags2-visible`): written when missing or older than the tip
    /// (the default template shows tags: `log`, `tip`, `parents`, `identify`).
    Tags,
    /// The dirstate and the working copy's checks (`.hg/dirstate`, `.hg/wcache`): written when a
    /// file's recorded state is unsure (`status`, `diff`).
    Dirstate,
    /// Both (`identify`, `summary`).
    Both,
}

/// One reading subcommand: its spellings (the first is its name, the one hooks use), the
/// options that only change what it shows, and what it may update.
pub struct HgRead {
    pub spec: Spec,
    pub state: HgState,
    /// Operands are taken (files, patterns); otherwise an operand selects another mode
    /// (`hg branch NAME` sets the branch).
    pub operands: bool,
}

/// hg's reading subcommands (`hg help CMD`, Mercurial 6.3). Not here: `-o`/`--output` of `cat`
/// (writes files), `-S`/`--subrepos` (each subrepository has a configuration and caches of its
/// own), `heads` and `branches` (they update the branch cache), `summary --remote`,
/// `incoming`/`outgoing` (the network), `config -e` (an editor).
#[rustfmt::skip]
pub const HG_READS: &[HgRead] = &[
    HgRead { spec: spec(&["log", "history"], "fr:d:Ck:l:Mmu:b:P:pgGT:I:X:",
        "follow rev= date= copies keyword= limit= no-merges removed only-merges user= branch= prune= patch git stat graph style= template= include= exclude="), state: HgState::Tags, operands: true },
    HgRead { spec: spec(&["cat"], "r:T:I:X:", "rev= template= decode include= exclude="), state: HgState::Store, operands: true },
    HgRead { spec: spec(&["annotate", "blame"], "r:aufdnclwbBZT:I:X:",
        "rev= no-follow text user file date number changeset line-number skip= ignore-all-space ignore-space-change ignore-blank-lines ignore-space-at-eol template= include= exclude="), state: HgState::Store, operands: true },
    HgRead { spec: spec(&["status", "st"], "AmardcuinC0T:I:X:",
        "all modified added removed deleted clean unknown ignored no-status terse= copies print0 rev= change= include= exclude= template="), state: HgState::Dirstate, operands: true },
    HgRead { spec: spec(&["diff"], "r:c:agpwbBZU:I:X:",
        "rev= from= to= change= text git binary nodates noprefix show-function reverse ignore-all-space ignore-space-change ignore-blank-lines ignore-space-at-eol unified= stat root= include= exclude="), state: HgState::Dirstate, operands: true },
    HgRead { spec: spec(&["identify", "id"], "r:nibtBT:", "rev= num id branch tags bookmarks template="), state: HgState::Both, operands: false },
    HgRead { spec: spec(&["summary", "sum"], "", ""), state: HgState::Both, operands: false },
    HgRead { spec: spec(&["tip"], "pgT:", "patch git style= template="), state: HgState::Tags, operands: false },
    HgRead { spec: spec(&["parents"], "r:T:", "rev= style= template="), state: HgState::Tags, operands: true },
    HgRead { spec: spec(&["tags"], "T:", "template="), state: HgState::Tags, operands: false },
    HgRead { spec: spec(&["files"], "r:0T:I:X:", "rev= print0 template= include= exclude="), state: HgState::Store, operands: true },
    HgRead { spec: spec(&["manifest"], "r:T:", "rev= all template="), state: HgState::Store, operands: false },
    HgRead { spec: spec(&["root"], "T:", "template="), state: HgState::Store, operands: false },
    HgRead { spec: spec(&["paths"], "T:", "template="), state: HgState::Store, operands: true },
    HgRead { spec: spec(&["branch"], "T:", "template="), state: HgState::Store, operands: false },
    HgRead { spec: spec(&["bookmarks"], "lT:", "list template="), state: HgState::Store, operands: false },
    HgRead { spec: spec(&["config", "showconfig"], "T:", "untrusted template= source"), state: HgState::Store, operands: true },
    HgRead { spec: spec(&["version"], "T:", "template="), state: HgState::Store, operands: false },
];

/// hg's global options that only change what is shown, accepted anywhere. `--config` is read by
/// the context as one more configuration line; `-R`, `--cwd`, `--profile` are not taken.
const HG_GLOBAL_FLAGS: &[&str] = &[
    "-q",
    "--quiet",
    "-v",
    "--verbose",
    "-y",
    "--noninteractive",
    "--debug",
    "--traceback",
    "--time",
    "--hidden",
];
const HG_GLOBAL_VALUES: &[&str] = &["--color", "--encoding", "--encodingmode", "--config"];

/// The finding on a reading mode of hg without context.
pub const HG_CONFIG: &str = "hg runs what its configuration sets (hooks, extensions, aliases in .hg/hgrc, ~/.hgrc, HGRCPATH) and updates its caches when they are stale; no context was read to tell";

/// A reading command of hg, as the context needs it.
pub struct HgCommand<'a> {
    /// The subcommand, `None` for `hg --version`.
    pub read: Option<&'a HgRead>,
    /// The word that named it (`st`).
    pub written: Option<&'a str>,
    /// Each `--config section.key=value` given.
    pub config: Vec<String>,
    /// It compares the working copy with the dirstate (status and diff but between two
    /// revisions or of one changeset, identify without a revision, summary): hg then makes and
    /// removes a temporary file in `.hg` to read the file system's clock (measured, Mercurial 6.3).
    pub working_copy: bool,
    /// It computes the tags (and so may rewrite the tags cache): `tags`, `identify`, `summary`,
    /// and `log`, `tip`, `parents` unless `-T` names a template of only the keywords and filters
    /// of [`PLAIN_TEMPLATE_WORDS`] (the default and named styles show tags; measured, Mercurial
    /// 6.3: `hg log -T '{rev} {desc}\n'` makes no `.hg/cache`, `-T '{tags}'`, `-T json` make
    /// `tags2-visible`).
    pub tags: bool,
    /// It looks a name up (a revision that is not a number, `.`, `tip`, `null` or a range of
    /// them with `:`; a revset with a function or `::`; `log -b BRANCH`): hg then computes the
    /// tags and the branch map, and rewrites their caches when stale (measured, Mercurial 6.3:
    /// `hg cat -r default a`, `hg log -r 'all()'`, `hg log -b default` make
    /// `.hg/cache/branch2-served` and `rbc-*`; `-r 1`, `-r 0:1`, `-r tip` make nothing).
    pub names: bool,
    /// The template given with `-T`, when one is: an alias of the configuration may change it.
    pub template: bool,
}

/// The template keywords and filters that read only the changeset (Mercurial 6.3's
/// `hg help templates`); anything else (`{tags}`, `{latesttag}`, `{namespaces}`, a function,
/// a style name) is taken to compute the tags.
const PLAIN_TEMPLATE_WORDS: &[&str] = &[
    "rev",
    "node",
    "desc",
    "author",
    "date",
    "branch",
    "files",
    "file_adds",
    "file_dels",
    "file_mods",
    "p1rev",
    "p1node",
    "p2rev",
    "p2node",
    "phase",
    "diffstat",
    "graphnode",
    "bookmarks",
    "activebookmark",
    "parents",
    "short",
    "firstline",
    "shortdate",
    "isodate",
    "isodatesec",
    "age",
    "user",
    "person",
    "email",
    "emailuser",
    "strip",
    "escape",
    "json",
    "hex",
    "count",
    "upper",
    "lower",
    "nonempty",
    "fill68",
    "fill76",
    "tabindent",
    "rfc3339date",
    "rfc822date",
    "hgdate",
    "basename",
];

/// Whether `template` (an `-T` value) is text and `{keyword|filter…}` of
/// [`PLAIN_TEMPLATE_WORDS`] only. A value without `{` names a style or a template of the
/// configuration.
fn plain_template(template: &str) -> bool {
    if !template.contains('{') {
        return false;
    }
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else {
            return false;
        };
        let inner = &rest[open + 1..open + close];
        if inner.is_empty()
            || !inner
                .split('|')
                .all(|w| PLAIN_TEMPLATE_WORDS.contains(&w.trim()))
        {
            return false;
        }
        rest = &rest[open + close + 1..];
    }
    !rest.contains('}')
}

/// A revision hg finds without looking a name up: a number (negative ones count from the
/// tip), `.`, `tip`, `null`, or a range `A:B`, `:B`, `A:` of them.
fn plain_revision(rev: &str) -> bool {
    let one = |r: &str| {
        matches!(r, "." | "tip" | "null")
            || (!r.is_empty()
                && r.strip_prefix('-')
                    .unwrap_or(r)
                    .chars()
                    .all(|c| c.is_ascii_digit())
                && r != "-")
    };
    if rev.contains("::") {
        return false;
    }
    match rev.split_once(':') {
        Some((a, b)) => {
            (a.is_empty() || one(a)) && (b.is_empty() || one(b)) && !(a.is_empty() && b.is_empty())
        }
        None => one(rev),
    }
}

impl HgCommand<'_> {
    /// The subcommand's name, as hooks and aliases see it.
    pub fn name(&self) -> &'static str {
        self.read.map_or("version", |r| r.spec.names[0])
    }

    pub fn state(&self) -> HgState {
        self.read.map_or(HgState::Store, |r| r.state)
    }
}

/// `hg ARGS` as one of the reading modes, when it is one.
pub fn hg_command(args: &[Word]) -> Option<HgCommand<'_>> {
    let values: Vec<&str> = super::args::values(args)?;
    if args.iter().any(|a| a.glob) {
        return None;
    }
    let mut config = Vec::new();
    let mut rest: Vec<Word> = Vec::new();
    let mut sub: Option<(&HgRead, &str)> = None;
    let mut version = false;
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        if HG_GLOBAL_FLAGS.contains(v) {
            continue;
        }
        if *v == "--version" {
            version = true;
            continue;
        }
        if let Some((name, value)) = v.split_once('=') {
            if HG_GLOBAL_VALUES.contains(&name) {
                if name == "--config" {
                    config.push(value.to_string());
                }
                continue;
            }
        }
        if HG_GLOBAL_VALUES.contains(v) {
            let value = values.get(i)?;
            i += 1;
            if *v == "--config" {
                config.push(value.to_string());
            }
            continue;
        }
        if *v == "--pager" {
            // A pager runs only on a terminal; `never` keeps it off there too.
            if !matches!(values.get(i), Some(&("never" | "no" | "false" | "off"))) {
                return None;
            }
            i += 1;
            continue;
        }
        if sub.is_none() && !version {
            if v.starts_with('-') {
                return None;
            }
            let read = HG_READS.iter().find(|r| r.spec.names.contains(v))?;
            sub = Some((read, v));
            continue;
        }
        rest.push(args[i - 1].clone());
    }
    match sub {
        Some((read, written)) => {
            let parsed = grammar::parse(&read.spec, &rest).ok()?;
            if !parsed.runtime.is_empty() || (!read.operands && !parsed.operands.is_empty()) {
                return None;
            }
            let name = read.spec.names[0];
            let names = (parsed.has("-b|--branch") && name == "log")
                || parsed
                    .all("-r|--rev|-c|--change|--from|--to|-P|--prune")
                    .any(|o| {
                        !o.value()
                            .and_then(|w| w.value.as_deref())
                            .is_some_and(plain_revision)
                    });
            let template = parsed
                .all("-T|--template")
                .last()
                .map(|o| o.value().and_then(|w| w.value.as_deref()));
            let tags = match read.state {
                HgState::Store | HgState::Dirstate => false,
                HgState::Both => true,
                HgState::Tags => {
                    name == "tags"
                        || parsed.has("--style")
                        || !template.flatten().is_some_and(plain_template)
                }
            };
            // `hg bookmarks NAME`, `hg branch NAME` set them; `hg config -e` edits.
            Some(HgCommand {
                read: Some(read),
                written: Some(written),
                config,
                working_copy: compares_working_copy(name, &parsed),
                tags,
                names,
                template: template.is_some(),
            })
        }
        None if version && rest.is_empty() => Some(HgCommand {
            read: None,
            written: None,
            config,
            working_copy: false,
            tags: false,
            names: false,
            template: false,
        }),
        None => None,
    }
}

/// Whether `hg NAME` with `parsed` compares the working copy (see [`HgCommand::working_copy`]).
/// A revision range (`-r 0:1`, `0::1`) counts as two revisions; one unknown until run, as two.
fn compares_working_copy(name: &str, parsed: &grammar::Parsed) -> bool {
    match name {
        "status" | "diff" => {
            let revisions: usize = parsed
                .all("-r|--rev")
                .map(|o| match o.value().and_then(|w| w.value.as_deref()) {
                    Some(rev) if !rev.contains(':') => 1,
                    _ => 2,
                })
                .sum();
            !(parsed.has("-c|--change")
                || revisions >= 2
                || (parsed.has("--from") && parsed.has("--to")))
        }
        "identify" => !parsed.has("-r|--rev"),
        "summary" => true,
        _ => false,
    }
}

/// `hg …` in a reading mode: not read-only until the context has read the configuration and
/// the caches.
pub fn hg(args: &[Word]) -> Option<Verdict> {
    hg_command(args)?;
    let mut v = Verdict::default();
    v.push_unless(Level::Unknown, HG_CONFIG, Settle::Configuration);
    Some(v)
}

/// Where a reading subcommand of svn gets what it shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SvnSource {
    /// The working copy's administrative area (`.svn/wc.db`, the pristine copies).
    WorkingCopy,
    /// The repository: on this machine for a `file://` URL, on another one otherwise.
    Repository,
}

pub struct SvnRead {
    pub spec: Spec,
    pub source: SvnSource,
    /// It shows differences, with the `diff-cmd` the configuration names unless
    /// `--internal-diff` (svn diff, svn log --diff).
    pub diffs: bool,
}

const SVN_GLOBAL: &str = "non-interactive config-dir= no-auth-cache";

/// svn's reading subcommands (`svn help CMD`, Subversion 1.14). Not here: `status -u` (it asks
/// the repository), `--diff-cmd`, `--config-option`, anything that changes the working copy.
#[rustfmt::skip]
pub const SVN_READS: &[SvnRead] = &[
    SvnRead { spec: spec(&["status", "stat", "st"], "vq", "verbose quiet no-ignore depth= ignore-externals xml changelist= cl= incremental non-interactive config-dir= no-auth-cache"),
        source: SvnSource::WorkingCopy, diffs: false },
    SvnRead { spec: spec(&["info"], "Rr:", "recursive revision= depth= xml show-item= no-newline changelist= cl= incremental include-externals non-interactive config-dir= no-auth-cache"),
        source: SvnSource::WorkingCopy, diffs: false },
    SvnRead { spec: spec(&["proplist", "plist", "pl", "propget", "pget", "pg"], "vRqr:", "verbose recursive quiet revision= depth= xml show-inherited-props no-newline changelist= cl= non-interactive config-dir= no-auth-cache"),
        source: SvnSource::WorkingCopy, diffs: false },
    SvnRead { spec: spec(&["diff", "di"], "r:c:x:", "revision= change= old= new= extensions= internal-diff summarize git show-copies-as-adds notice-ancestry no-diff-added no-diff-deleted ignore-properties properties-only patch-compatible depth= xml changelist= cl= non-interactive config-dir= no-auth-cache"),
        source: SvnSource::WorkingCopy, diffs: true },
    SvnRead { spec: spec(&["log"], "r:vl:qgx:", "revision= verbose limit= quiet stop-on-copy xml with-all-revprops with-revprop= with-no-revprops use-merge-history search= search-and= depth= incremental diff extensions= internal-diff non-interactive config-dir= no-auth-cache"),
        source: SvnSource::Repository, diffs: true },
    SvnRead { spec: spec(&["cat"], "r:", "revision= ignore-keywords non-interactive config-dir= no-auth-cache"),
        source: SvnSource::Repository, diffs: false },
    SvnRead { spec: spec(&["blame", "praise", "annotate", "ann"], "r:vgx:", "revision= verbose use-merge-history extensions= xml force non-interactive config-dir= no-auth-cache"),
        source: SvnSource::Repository, diffs: false },
    SvnRead { spec: spec(&["list", "ls"], "r:vR", "revision= verbose recursive depth= xml include-externals search= non-interactive config-dir= no-auth-cache"),
        source: SvnSource::Repository, diffs: false },
];

/// The finding on a reading mode of svn without context.
pub const SVN_CONFIG: &str = "svn creates its configuration directory (~/.subversion) when it is missing and runs the diff-cmd its configuration names; no context was read to tell";

/// A reading command of svn, as the context needs it.
pub struct SvnCommand<'a> {
    /// `None` for `svn --version`.
    pub read: Option<&'a SvnRead>,
    /// The options and operands after the subcommand.
    pub parsed: grammar::Parsed,
}

impl SvnCommand<'_> {
    /// Whether it asks the repository: a subcommand that always does, a revision or a URL.
    pub fn reaches_repository(&self) -> bool {
        let Some(read) = self.read else {
            return false;
        };
        read.source == SvnSource::Repository
            || self.parsed.has("-r|--revision|-c|--change")
            || self.parsed.operands.iter().any(|o| {
                o.value
                    .as_deref()
                    .is_some_and(|v| v.contains("://") || v.starts_with('^'))
            })
    }

    /// It runs a diff program the configuration may name.
    pub fn diffs(&self) -> bool {
        let Some(read) = self.read else {
            return false;
        };
        let shows_diff = read.spec.names[0] == "diff" || self.parsed.has("--diff");
        read.diffs && shows_diff && !self.parsed.has("--internal-diff")
    }

    /// `--config-dir DIR`: the configuration directory used instead of `~/.subversion`.
    pub fn config_dir(&self) -> Option<Option<&str>> {
        self.parsed
            .get("--config-dir")
            .map(|o| o.value().and_then(|w| w.value.as_deref()))
    }
}

/// `svn ARGS` as one of the reading modes, when it is one.
pub fn svn_command(args: &[Word]) -> Option<SvnCommand<'_>> {
    if args.iter().any(|a| a.value.is_none() || a.glob) {
        return None;
    }
    let first = args.iter().position(|a| !a.may_be_option());
    let (before, sub, after) = match first {
        Some(at) => (&args[..at], Some(&args[at]), &args[at + 1..]),
        None => (args, None, &[][..]),
    };
    let global = spec(&["svn"], "", SVN_GLOBAL);
    let Some(sub) = sub else {
        // `svn --version [--quiet]`.
        let version = spec(&["svn"], "q", "version quiet non-interactive config-dir=");
        let parsed = grammar::parse(&version, before).ok()?;
        return parsed
            .has("--version")
            .then_some(SvnCommand { read: None, parsed });
    };
    let name = sub.value.as_deref()?;
    let read = SVN_READS.iter().find(|r| r.spec.names.contains(&name))?;
    let mut parsed = grammar::parse(&global, before).ok()?;
    let rest = grammar::parse(&read.spec, after).ok()?;
    if !parsed.runtime.is_empty() || !rest.runtime.is_empty() || !parsed.operands.is_empty() {
        return None;
    }
    parsed.options.extend(rest.options);
    parsed.operands = rest.operands;
    Some(SvnCommand {
        read: Some(read),
        parsed,
    })
}

/// `svn …` in a reading mode: not read-only until the context has read the configuration
/// directory (and, for the repository's subcommands, where the repository is).
pub fn svn(args: &[Word]) -> Option<Verdict> {
    svn_command(args)?;
    let mut v = Verdict::default();
    v.push_unless(Level::Unknown, SVN_CONFIG, Settle::Configuration);
    Some(v)
}
