//! Modes that print what a program renders, plans or lists, and write nothing: pandoc, docutils
//! and graphviz (its layouts, filters and `gvpr`) to standard output, groff in its safer mode,
//! gnuplot's `print` and plots on a text terminal, just's listings and
//! dry run, `meson introspect`, rsync's dry run between local paths. Each is an option grammar
//! (what only changes what is shown) and the options or values that leave the mode. Where a
//! configuration can still make the mode run code (`~/.gnuplot`, rsync's popt aliases, the
//! justfile's backticks for `just --evaluate`) the verdict leaves it to the context
//! (`Settle::Configuration`); the rest read no configuration that runs anything (measured, see
//! each).

use super::grammar::{self, Parsed, Spec};
use super::specs::spec;
use super::verdict::{Level, Settle, Verdict};
use super::words::Word;

/// Read-only (or left to the context) when `program args` is one of the modes here.
pub fn check(program: &str, args: &[Word]) -> Option<Verdict> {
    if args.iter().any(|a| a.value.is_none() || a.glob) {
        return None;
    }
    match program {
        "pandoc" => pandoc(args),
        "dot" | "neato" | "twopi" | "circo" | "fdp" | "sfdp" | "osage" | "patchwork" => {
            graphviz(args)
        }
        "groff" | "nroff" | "troff" => groff(program, args),
        "gnuplot" => gnuplot(args),
        _ if docutils_front_end(program) => docutils(args),
        "gvpr" => gvpr(args),
        "just" => just(args),
        "meson" => meson(args),
        "rsync" => rsync(args),
        _ => GRAPH_FILTERS
            .iter()
            .find(|(name, _, _)| *name == program)
            .and_then(|(_, flags, valued)| graph_filter(flags, valued, args)),
    }
}

/// graphviz's graph filters (2.43, each one's `-?`), which read graphs from their operands or
/// standard input and write to standard output unless `-o` names a file: the name, the letters
/// that are flags and those that take a value (attached or the next word). `-o` is taken only
/// naming a standard stream.
#[rustfmt::skip]
const GRAPH_FILTERS: &[(&str, &str, &str)] = &[
    ("ccomps", "svenCxz?", "X"), ("acyclic", "nv?", ""), ("tred", "vr?", ""),
    ("sccmap", "sSdv?", ""), ("bcomps", "stvx?", ""), ("nop", "p?", ""),
    ("unflatten", "f?", "lc"), ("gvcolor", "?", ""), ("dijkstra", "apd?", ""),
    ("gv2gml", "?", ""), ("gml2gv", "v?", "g"), ("graphml2gv", "dv?", "g"),
    ("gxl2gv", "gd?", ""), ("gv2gxl", "gd?", ""), ("mm2gv", "uvcl", "U"),
];

fn graph_filter(flags: &str, valued: &str, args: &[Word]) -> Option<Verdict> {
    let mut words = args.iter();
    while let Some(a) = words.next() {
        let v = a.value.as_deref()?;
        let Some(letters) = v.strip_prefix('-').filter(|l| !l.is_empty()) else {
            continue;
        };
        for (at, c) in letters.char_indices() {
            let rest = &letters[at + c.len_utf8()..];
            if c == 'o' || valued.contains(c) {
                let value = if rest.is_empty() {
                    words.next()?.value.as_deref()?
                } else {
                    rest
                };
                if c == 'o' && !is_stream_device(value) {
                    return None;
                }
                break;
            }
            if !flags.contains(c) {
                return None;
            }
        }
    }
    Some(Verdict::read_only())
}

/// gvpr (graphviz 2.43) running a program given inline on graphs read from its operands or
/// standard input, printing to standard output: `-c`, `-C`, `-i`, `-n`, `-q`, `-V`, `-a ARGS`
/// (strings for the program), `-o` naming a standard stream. The program may call none of the
/// builtins that run a command (`system`) or write a file (`writeG`, `fwriteG`, and `openF`,
/// which opens one to write), nor `#include` another file's code; `-f FILE` (a program in a
/// file) is not taken.
fn gvpr(args: &[Word]) -> Option<Verdict> {
    let mut program = None;
    let mut words = args.iter();
    while let Some(a) = words.next() {
        let v = a.value.as_deref()?;
        match v {
            "-c" | "-C" | "-i" | "-n" | "-q" | "-V" => {}
            "-a" => {
                words.next()?;
            }
            "-o" => {
                words
                    .next()
                    .and_then(|w| w.value.as_deref())
                    .filter(|o| is_stream_device(o))?;
            }
            _ if v.starts_with('-') && v != "-" => return None,
            _ if program.is_none() => program = Some(v),
            _ => {}
        }
    }
    let program = program?;
    let mut identifiers = program
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty());
    if identifiers.any(|w| matches!(w, "system" | "writeG" | "fwriteG" | "openF" | "include")) {
        return None;
    }
    Some(Verdict::read_only())
}

fn parse(spec: &Spec, args: &[Word]) -> Option<Parsed> {
    grammar::parse(spec, args)
        .ok()
        .filter(|p| p.runtime.is_empty())
}

fn values<'a>(parsed: &'a Parsed, spellings: &'a str) -> impl Iterator<Item = &'a str> + 'a {
    parsed
        .all(spellings)
        .filter_map(|o| o.value().and_then(|w| w.value.as_deref()))
}

/// pandoc (2.17) converting to standard output, or printing its version (`-v`), help, a
/// default template (`-D FORMAT`), data file or highlight style. Not taken: `-o FILE` (`-o -` is standard
/// output), filters (`--filter`, `--lua-filter`: programs), `--defaults` (a file that can name
/// filters and an output file), custom Lua readers and writers (`-t w.lua`), `--extract-media`
/// and `--log` (write), `--self-contained`/`--embed-resources` and binary formats (fetch what the
/// document links), a URL anywhere (pandoc fetches it). Its data directory's `init.lua` runs only
/// with a Lua filter (measured).
#[rustfmt::skip]
const PANDOC: Spec = spec(&["pandoc"], "f:r:t:w:o:sV:M:NiH:B:A:c:CvhD:",
    "print-default-template= print-default-data-file= print-highlight-style= bash-completion from= read= to= write= output= standalone template= variable= metadata= metadata-file= toc table-of-contents toc-depth= number-sections number-offset= wrap= columns= shift-heading-level-by= highlight-style= no-highlight mathjax? katex? mathml citeproc bibliography= csl= css= include-in-header= include-before-body= include-after-body= reference-links reference-location= markdown-headings atx-headers tab-stop= preserve-tabs strip-comments eol= ascii section-divs quiet verbose fail-if-warnings sandbox data-dir= resource-path= file-scope default-image-extension= indented-code-classes= id-prefix= title-prefix= top-level-division= listings incremental slide-level= email-obfuscation= html-q-tags ipynb-output= trace dpi= list-input-formats list-output-formats list-extensions? list-highlight-languages list-highlight-styles version help");

/// Writers whose output is text (a binary format fetches what the document links, and pdf runs
/// a PDF engine).
const PANDOC_TEXT: &[&str] = &[
    "html",
    "html4",
    "html5",
    "markdown",
    "gfm",
    "commonmark",
    "commonmark_x",
    "markdown_strict",
    "markdown_phpextra",
    "markdown_mmd",
    "plain",
    "latex",
    "beamer",
    "context",
    "rst",
    "org",
    "asciidoc",
    "asciidoctor",
    "man",
    "ms",
    "mediawiki",
    "dokuwiki",
    "textile",
    "json",
    "native",
    "texinfo",
    "docbook",
    "docbook4",
    "docbook5",
    "jats",
    "tei",
    "opml",
    "haddock",
    "rtf",
    "icml",
    "jira",
    "xwiki",
    "zimwiki",
    "muse",
    "typst",
    "s5",
    "slidy",
    "slideous",
    "dzslides",
    "revealjs",
    "biblatex",
    "bibtex",
    "csljson",
];

fn pandoc(args: &[Word]) -> Option<Verdict> {
    let parsed = parse(&PANDOC, args)?;
    let every: Vec<&str> = args.iter().filter_map(|a| a.value.as_deref()).collect();
    if every.iter().any(|v| v.contains("://")) {
        return None;
    }
    if values(&parsed, "-o|--output").any(|o| o != "-" && !is_stream_device(o)) {
        return None;
    }
    let format = |f: &str| {
        // `html+smart`, `markdown-auto_identifiers`: a format and its extensions.
        let base = f.split(['+', '-']).next().unwrap_or(f).to_string();
        base
    };
    // A custom Lua writer's default template comes from running the writer (pandoc 3).
    if values(&parsed, "-f|-r|--from|--read|-D|--print-default-template")
        .any(|f| f.ends_with(".lua"))
    {
        return None;
    }
    if values(&parsed, "-t|-w|--to|--write").any(|t| !PANDOC_TEXT.contains(&format(t).as_str())) {
        return None;
    }
    Some(Verdict::read_only())
}

/// docutils' front ends that write what they render to standard output or a destination
/// file: `rst2html SOURCE [DESTINATION]` (and `.py` spellings), `docutils` (0.19's generic
/// one); `python3 -m docutils` is the same program. Not `rst2s5` (it copies its theme files)
/// nor `rst2odt` (a zip).
pub fn docutils_front_end(program: &str) -> bool {
    matches!(
        program.strip_suffix(".py").unwrap_or(program),
        "rst2html"
            | "rst2html4"
            | "rst2html5"
            | "rst2latex"
            | "rst2xetex"
            | "rst2man"
            | "rst2xml"
            | "rst2pseudoxml"
            | "docutils"
    )
}

/// The finding on a docutils front end: its configuration files (`/etc/docutils.conf`,
/// `./docutils.conf`, `~/.docutils`, or those `DOCUTILSCONFIG` lists; `--config FILE`) set
/// options, a warnings file or a math converter among them, and the document can fetch a URL
/// (`:url:` of `raw` and `csv-table`); `context::tools` reads them.
pub const DOCUTILS_CONFIG: &str =
    "docutils takes settings from its configuration files and fetches what the document's :url: options name; no context was read to tell";

#[rustfmt::skip]
const DOCUTILS: Spec = spec(&["docutils"], "gdtsr:vqi:o:e:l:Vh",
    "title= generator no-generator date time no-datestamp source-link source-url= no-source-link toc-entry-backlinks toc-top-backlinks no-toc-backlinks footnote-backlinks no-footnote-backlinks section-numbering no-section-numbering strip-comments leave-comments strip-elements-with-class= strip-class= report= verbose quiet halt= strict exit-status= debug no-debug warnings= traceback no-traceback input-encoding= input-encoding-error-handler= output-encoding= output-encoding-error-handler= error-encoding= error-encoding-error-handler= language= record-dependencies= config= version help pep-references pep-base-url= pep-file-url-template= rfc-references rfc-base-url= tab-width= trim-footnote-reference-space leave-footnote-reference-space no-file-insertion file-insertion-enabled no-raw raw-enabled syntax-highlight= smart-quotes= smartquotes-locales= word-level-inline-markup character-level-inline-markup line-length-limit= template= stylesheet= stylesheet-path= stylesheet-dirs= embed-stylesheet link-stylesheet initial-header-level= footnote-references= attribution= compact-lists no-compact-lists compact-field-lists no-compact-field-lists table-style= math-output= xml-declaration no-xml-declaration cloak-email-addresses field-name-limit= option-limit= image-loading= embed-images link-images section-self-link no-section-self-link no-doc-title no-doc-info section-subtitles no-section-subtitles id-prefix= auto-id-prefix= dump-settings dump-internals dump-transforms dump-pseudo-xml expose-internals reader= parser= writer= output=");

/// A docutils component docutils' own (`--reader`, `--parser`, `--writer`): any other name is
/// imported as a module, which may be the project's.
fn docutils_component(option: &str, name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    match option {
        "--reader" => matches!(name.as_str(), "standalone" | "pep" | "doctree"),
        "--parser" => matches!(
            name.as_str(),
            "rst" | "restructuredtext" | "rest" | "restx" | "rtxt" | "rstx"
        ),
        _ => matches!(
            name.as_str(),
            "html"
                | "html4"
                | "html4css1"
                | "html5"
                | "html5_polyglot"
                | "latex"
                | "latex2e"
                | "xetex"
                | "xelatex"
                | "manpage"
                | "xml"
                | "docutils_xml"
                | "pseudoxml"
                | "null"
        ),
    }
}

/// `math_output` (`--math-output`) of one of the formats docutils writes itself: `MathML` with
/// a converter (`ttm`, `blahtexml`, `latexml`) runs that program.
pub fn docutils_math_output(value: &str) -> bool {
    let mut words = value.split_whitespace();
    let format = words.next().unwrap_or("").to_ascii_lowercase();
    match format.as_str() {
        "mathml" => words.next().is_none(),
        "html" | "mathjax" | "latex" | "" => true,
        _ => false,
    }
}

/// docutils 0.19 rendering to standard output: one source (or standard input) and no
/// destination, or `-`. Not taken: a destination file, `--output`, `--warnings=FILE` and
/// `--record-dependencies=FILE` (files written; measured: the list of the embedded stylesheet
/// was written), a reader, parser or writer not docutils' own, a math converter.
fn docutils(args: &[Word]) -> Option<Verdict> {
    let parsed = parse(&DOCUTILS, args)?;
    if values(&parsed, "--warnings|--record-dependencies|--output").any(|f| f != "-") {
        return None;
    }
    for option in ["--reader", "--parser", "--writer"] {
        if values(&parsed, option).any(|name| !docutils_component(option, name)) {
            return None;
        }
    }
    if values(&parsed, "--math-output").any(|m| !docutils_math_output(m)) {
        return None;
    }
    match parsed.operands.as_slice() {
        [] | [_] => {}
        [_, destination]
            if destination
                .value
                .as_deref()
                .is_some_and(|d| d == "-" || is_stream_device(d)) => {}
        _ => return None,
    }
    let mut verdict = Verdict::default();
    verdict.push_unless(Level::Unknown, DOCUTILS_CONFIG, Settle::Configuration);
    Some(verdict)
}

/// graphviz's layout programs to standard output (dot(1)): `-T` picks the format, `-K` the
/// layout, `-G`/`-N`/`-E` set attributes, each with its value attached. `-o` naming a standard
/// stream (`-o /dev/stdout`, `-o/dev/null`) writes no file. Not taken: `-o FILE`, `-O` (a file
/// per input), `-c` (rewrites the plugin configuration), the formats that open a window (`x11`,
/// `xlib`, `gtk`).
fn graphviz(args: &[Word]) -> Option<Verdict> {
    let mut only_operands = false;
    let mut words = args.iter();
    while let Some(a) = words.next() {
        let v = a.value.as_deref()?;
        if only_operands || v == "-" || !v.starts_with('-') {
            continue;
        }
        if let Some(attached) = v.strip_prefix("-o") {
            let output = if attached.is_empty() {
                words.next()?.value.as_deref()?
            } else {
                attached
            };
            if !is_stream_device(output) {
                return None;
            }
            continue;
        }
        if v == "--" {
            only_operands = true;
            continue;
        }
        let (flag, value) = v.split_at(v.char_indices().nth(2).map_or(v.len(), |(i, _)| i));
        match flag {
            "-T" => {
                let format = value.split(':').next().unwrap_or("");
                if format.is_empty() || matches!(format, "x11" | "xlib" | "gtk" | "gd2") {
                    return None;
                }
            }
            "-K" | "-G" | "-N" | "-E" | "-s" | "-n" | "-L" if !value.is_empty() => {}
            "-v" | "-V" | "-q" | "-y" | "-x" | "-P" if value.is_empty() => {}
            "-q" | "-n" | "-s" => {}
            _ => return None,
        }
    }
    Some(Verdict::read_only())
}

/// A path that names a standard stream or the null device: an output option given one writes
/// no file (the program opens the descriptor the shell set up).
pub(crate) fn is_stream_device(path: &str) -> bool {
    matches!(
        path,
        "/dev/stdout" | "/dev/stderr" | "/dev/null" | "/dev/fd/1" | "/dev/fd/2"
    )
}

/// groff, nroff and troff run in their safer mode unless `-U`: `.sy`, `.pso`, `.open` and
/// `.opena` are refused (measured, groff 1.22: nothing written, nothing run). Not taken: `-U`,
/// `-P` (options for the postprocessor), `-l`/`-L` (the print spooler), `-X` (a window), the
/// html devices (grohtml writes images).
fn groff(program: &str, args: &[Word]) -> Option<Verdict> {
    const GROFF: Spec = spec(
        &["groff"],
        "abcCeEgGijkpRsStzZNhvVm:M:T:w:W:d:r:f:n:o:D:K:F:I:",
        "help version",
    );
    const NROFF: Spec = spec(&["nroff"], "chiktpSzvVqm:M:n:o:r:T:w:W:d:", "help version");
    let parsed = parse(if program == "nroff" { &NROFF } else { &GROFF }, args)?;
    if values(&parsed, "-T").any(|t| t.contains("html") || t.starts_with('X')) {
        return None;
    }
    Some(Verdict::read_only())
}

/// `gnuplot --version` (`-V`, `--help`, `-h`) alone: it prints and exits before `~/.gnuplot` is
/// read (measured, gnuplot 5.4).
pub fn only_information(args: &[Word]) -> bool {
    matches!(args, [a] if ["--version", "-V", "--help", "-h"].iter().any(|o| a.is(o)))
}

/// The finding on gnuplot without `-d`: it runs `~/.gnuplot` first (measured, gnuplot 5.4:
/// `~/.gnuplot` ran before `-e`; `./.gnuplot` and `$XDG_CONFIG_HOME/gnuplot/gnuplotrc` did
/// not), which the context looks for.
pub const GNUPLOT_INIT: &str =
    "gnuplot runs ~/.gnuplot first (-d skips it); no context was read to tell";

/// `gnuplot -e CODE`: each statement prints an expression, assigns a variable, changes a
/// setting that only shapes a plot ([`gnuplot_harmless_rc`]'s), picks a terminal that draws on
/// standard output (`dumb`, text; `svg`), or, once one is picked, plots (`plot`, `splot`,
/// `replot`; measured with strace, gnuplot 5.4: nothing opened to write, nothing started).
/// Refused: `system` and backquotes (run a command), `@` (a macro), `!` (a shell), `|`, `<` in
/// a plot (`plot '< cmd'` reads a command's output), a plot on the terminal gnuplot starts
/// with (`GNUTERM`'s, or a window's), and every other command (`set print`/`set output`,
/// `set table`, `load`, `call`, `save`).
fn gnuplot(args: &[Word]) -> Option<Verdict> {
    if only_information(args) {
        return Some(Verdict::default());
    }
    let mut default_settings = false;
    let mut code = Vec::new();
    let mut i = 0;
    while let Some(v) = args.get(i).and_then(|a| a.value.as_deref()) {
        i += 1;
        match v {
            "-d" | "--default-settings" => default_settings = true,
            "-e" => code.push(args.get(i)?.value.as_deref()?),
            _ => return None,
        }
        if v == "-e" {
            i += 1;
        }
    }
    let mut terminal = Terminal::Initial;
    if code.is_empty() || !code.iter().all(|c| gnuplot_draws(c, &mut terminal)) {
        return None;
    }
    let mut verdict = Verdict::default();
    if !default_settings {
        verdict.push_unless(Level::Unknown, GNUPLOT_INIT, Settle::Configuration);
    }
    Some(verdict)
}

/// The terminal gnuplot draws on: the one it starts with, or one picked that writes to
/// standard output.
#[derive(Clone, Copy, PartialEq)]
enum Terminal {
    Initial,
    Stdout,
}

/// `code`'s statements, split at `;` outside quotes; `None` when a quote is left open.
fn gnuplot_statements(code: &str) -> Option<Vec<&str>> {
    let mut statements = Vec::new();
    let mut start = 0;
    let mut quote = None;
    for (i, c) in code.char_indices() {
        match (quote, c) {
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            (None, ';') => {
                statements.push(&code[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    if quote.is_some() {
        return None;
    }
    statements.push(&code[start..]);
    Some(statements)
}

fn gnuplot_draws(code: &str, terminal: &mut Terminal) -> bool {
    if code.contains(['`', '@', '!', '|', '$', '\\']) || code.contains("system") {
        return false;
    }
    let Some(statements) = gnuplot_statements(code) else {
        return false;
    };
    statements
        .iter()
        .all(|s| gnuplot_statement(s.trim(), Some(&mut *terminal)))
}

/// One statement that writes no file and runs nothing: empty, `print`, an assignment, a
/// setting that shapes a plot; with a `terminal` to follow (code, not `~/.gnuplot`), a
/// terminal that draws on standard output and the plots drawn on it.
fn gnuplot_statement(s: &str, terminal: Option<&mut Terminal>) -> bool {
    let first: String = s
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    let after = s[first.len()..].trim_start();
    let mut words = after.split_whitespace();
    let setting = words.next().unwrap_or("");
    if matches!(first.as_str(), "set" | "unset") && GNUPLOT_SETTINGS.contains(&setting) {
        return true;
    }
    if let Some(terminal) = terminal {
        if first == "set" && matches!(setting, "term" | "terminal") {
            return match words.next() {
                Some("dumb" | "svg") => {
                    *terminal = Terminal::Stdout;
                    true
                }
                _ => false,
            };
        }
        if matches!(first.as_str(), "plot" | "splot" | "replot") {
            return *terminal == Terminal::Stdout && !s.contains('<');
        }
    }
    s.is_empty()
        || matches!(first.as_str(), "print" | "pr")
        || (!first.is_empty()
            && after.starts_with('=')
            && !after.starts_with("==")
            && !matches!(
                first.as_str(),
                "set" | "load" | "call" | "eval" | "evaluate"
            ))
}

/// A `~/.gnuplot` of comments and statements that print, assign a variable or change a
/// setting that shapes a plot (separators, keys, labels, ranges, tics, styles): running it
/// draws nothing and writes nothing. `set output`, `set print`, `set table`, `set fit logfile`,
/// `set history` (files written), `set terminal`, `set loadpath`, and any backquote, `system`,
/// `$`, `@`, `!`, `|` or `<` are refused.
pub fn gnuplot_harmless_rc(text: &str) -> bool {
    text.lines().all(|line| {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return true;
        }
        if line.contains(['`', '$', '@', '!', '|', '<', '\\']) || line.contains("system") {
            return false;
        }
        gnuplot_statements(line)
            .is_some_and(|statements| statements.iter().all(|s| gnuplot_statement(s.trim(), None)))
    })
}

/// The settings that only shape a plot.
const GNUPLOT_SETTINGS: &[&str] = &[
    "datafile",
    "key",
    "title",
    "xlabel",
    "ylabel",
    "zlabel",
    "grid",
    "style",
    "xrange",
    "yrange",
    "zrange",
    "xtics",
    "ytics",
    "ztics",
    "mxtics",
    "mytics",
    "format",
    "border",
    "size",
    "tics",
    "autoscale",
    "logscale",
    "samples",
    "isosamples",
    "palette",
    "pointsize",
    "encoding",
    "decimalsign",
    "timefmt",
    "xdata",
    "ydata",
    "angles",
    "parametric",
    "polar",
    "clip",
    "boxwidth",
    "colorsequence",
    "minussign",
    "offsets",
    "xzeroaxis",
    "yzeroaxis",
    "zeroaxis",
    "bars",
    "dummy",
    "margin",
    "lmargin",
    "rmargin",
    "tmargin",
    "bmargin",
    "view",
    "hidden3d",
    "contour",
    "cntrparam",
    "ticslevel",
    "xyplane",
    "locale",
];

/// The finding on `just --evaluate`: it evaluates the justfile's assignments, whose backticks
/// and `shell()` calls run commands; the context reads the justfile.
pub const JUST_EVALUATES: &str = "just --evaluate runs the backticks and shell() calls of the justfile's assignments; no context was read to tell";

/// just (1.59) listing or planning: `--list`, `--summary`, `--show`, `--dump`, `--variables`,
/// `--groups` and `--dry-run` evaluate no backtick, in assignments, parameter defaults or
/// dependency arguments (measured: none ran); `--evaluate` does ([`JUST_EVALUATES`]). Recipes
/// named without `--dry-run` run.
#[rustfmt::skip]
const JUST: Spec = spec(&["just"], "lsnf:d:uqv",
    "list summary show= dump variables groups dry-run evaluate justfile= working-directory= unsorted list-heading= list-prefix= color= dump-format= quiet verbose unstable yes set# explain? highlight no-highlight timestamp");

fn just(args: &[Word]) -> Option<Verdict> {
    let parsed = parse(&JUST, args)?;
    let lists = parsed.has("-l|--list|--summary|-s|--show|--dump|--variables|--groups");
    let dry = parsed.has("-n|--dry-run");
    let evaluates = parsed.has("--evaluate");
    if [lists, dry, evaluates].iter().filter(|x| **x).count() != 1 {
        return None;
    }
    if lists && !parsed.operands.is_empty() {
        return None;
    }
    let mut verdict = Verdict::default();
    if evaluates {
        verdict.push_unless(Level::Unknown, JUST_EVALUATES, Settle::Configuration);
    }
    Some(verdict)
}

/// `meson introspect [BUILDDIR | meson.build] --targets …` prints what a build directory's
/// `meson-info` holds, or what the interpreter of the AST finds in a source tree, which runs no
/// `run_command` (measured, meson 1.0).
fn meson(args: &[Word]) -> Option<Verdict> {
    #[rustfmt::skip]
    const INTROSPECT: Spec = spec(&["meson"], "aif",
        "ast benchmarks buildoptions buildsystem-files dependencies scan-dependencies installed install-plan projectinfo targets tests machines all indent force-object-output backend=");
    let (first, rest) = args.split_first()?;
    if !first.is("introspect") {
        return None;
    }
    let parsed = parse(&INTROSPECT, rest)?;
    (parsed.operands.len() <= 1).then(Verdict::read_only)
}

/// The finding on rsync's dry run: popt reads aliases for `rsync` from `~/.popt` and `/etc/popt`,
/// which can add any option (measured, rsync 3.2: `rsync alias --dry-run --dry-run
/// --log-file=LOG` wrote LOG).
pub const RSYNC_POPT: &str = "rsync takes the options the popt aliases of ~/.popt and /etc/popt add; no context was read to tell";

/// `rsync -n SRC DST` (or `--list-only`) between local paths writes nothing, the destination
/// directory included (measured, rsync 3.2). Not taken: a remote path (`host:path`,
/// `host::module`, `rsync://`), `-e`/`--rsh` and `--rsync-path` (programs), `--log-file`,
/// batch files, `--files-from` (it may name a remote file), and options not listed.
#[rustfmt::skip]
const RSYNC: Spec = spec(&["rsync"], "0aAbcCdDgHhiIklLmnoOpPqrRStuvWxXyz",
    "archive recursive relative verbose quiet checksum dry-run list-only itemize-changes human-readable stats progress delete delete-before delete-during delete-after delete-excluded exclude= include= exclude-from= include-from= filter= times perms owner group devices specials links copy-links safe-links hard-links acls xattrs compress one-file-system existing ignore-existing update size-only ignore-times modify-window= max-size= min-size= max-delete= prune-empty-dirs cvs-exclude out-format= info= debug= no-motd 8-bit-output numeric-ids omit-dir-times omit-link-times no-perms no-owner no-group no-times dirs mkpath backup suffix= inplace append whole-file sparse");

fn rsync(args: &[Word]) -> Option<Verdict> {
    let parsed = parse(&RSYNC, args)?;
    if !parsed.has("-n|--dry-run|--list-only") {
        return None;
    }
    let local = parsed.operands.iter().all(|o| {
        let v = o.value.as_deref().unwrap_or("");
        let before_slash = v.split('/').next().unwrap_or("");
        !v.contains("://") && !before_slash.contains(':')
    });
    if !local || parsed.operands.is_empty() {
        return None;
    }
    let mut verdict = Verdict::default();
    verdict.push_unless(Level::Unknown, RSYNC_POPT, Settle::Configuration);
    Some(verdict)
}
