//! R's inline programs (`Rscript -e 'cat(R.version.string)'`, `R -q -e …`), read with
//! [`super::oneliner`]: every function must be listed; a local (`x <- …` at the start of a
//! statement that runs whatever the branches do, a parameter, a loop variable) may be read but
//! not called, and may not be named with a `.` (an S3 method, `print.foo <- …`, is called by
//! dispatch); a function given to `sapply` & co. is written there or is a listed name, never a
//! string (`sapply(x, "system")`); `cat` without `file =`/`append =`, `writeLines` to the
//! console only; files read by a literal path without `://` (`read.csv("http…")` downloads).
//! No `system`, `system2`, `eval`, `parse`, `get`, `do.call`, `match.fun`, `source`, `sink`,
//! `library` of a package beyond R's base ones, `::`, backquoted names, `@`, `?`, `q(save = …)`.
//! The switches are the reading ones; `--save` writes `.RData`; what R reads as it starts
//! (profiles, `.Renviron`, a workspace `.RData` whose `.First` runs under `R` without
//! `--no-restore`) is the context's.

use super::oneliner::{Declarations, Interpolation, Language};
use super::words::Word;

#[rustfmt::skip]
const NAMES: &[&str] = &[
    "print", "cat", "paste", "paste0", "sprintf", "format", "formatC", "prettyNum", "toString", "message",
    "writeLines", "nchar", "toupper", "tolower", "substr", "substring", "strsplit", "sub", "gsub", "grepl",
    "grep", "regmatches", "regexpr", "gregexpr", "trimws", "startsWith", "endsWith", "sprintf", "rev",
    "sum", "mean", "median", "max", "min", "range", "sd", "var", "quantile", "round", "signif", "floor",
    "ceiling", "abs", "sqrt", "exp", "log", "log2", "log10", "prod", "cumsum", "diff", "seq", "seq_len",
    "seq_along", "rep", "sort", "order", "unique", "table", "length", "names", "c", "list", "unlist",
    "vector", "numeric", "character", "integer", "logical", "as.numeric", "as.integer", "as.character",
    "as.logical", "as.Date", "is.na", "is.null", "head", "tail", "which", "which.max", "which.min", "any",
    "all", "ifelse", "nrow", "ncol", "dim", "summary", "str", "class", "typeof", "identical", "factor",
    "levels", "nlevels", "matrix", "t", "data.frame", "cbind", "rbind", "colnames", "rownames", "colMeans",
    "colSums", "rowMeans", "rowSums", "sapply", "lapply", "vapply", "Map", "Filter", "Reduce", "mapply",
    "apply", "tapply", "setdiff", "union", "intersect", "is.element", "match", "tabulate", "stopifnot",
    "invisible", "stop", "warning", "suppressWarnings", "nargs", "rnorm", "runif", "set.seed", "sample",
    "Sys.time", "Sys.Date", "Sys.getenv", "Sys.info", "Sys.getpid", "R.version", "R.version.string",
    "version", "R.home", "sessionInfo", "packageVersion", "getRversion", "commandArgs", "nchar", "letters",
    "LETTERS", "month.name", "month.abb", "pi", "T", "F", "readLines", "read.csv", "read.table",
    "read.delim", "file.exists", "dir.exists", "file.size", "basename", "dirname", "normalizePath",
    "list.files", "dir", "readline", "weekdays", "months", "difftime", "julian", "Negate", "Recall",
    "library", "require", "suppressPackageStartupMessages", "base", "stats", "utils", "methods",
];

/// R's own packages, which `library(…)` may attach (others run their `.onLoad`).
const PACKAGES: &[&str] = &["base", "stats", "utils", "methods"];

#[rustfmt::skip]
const KEYWORDS: &[&str] = &[
    "if", "else", "for", "while", "repeat", "function", "in", "next", "break", "return", "TRUE", "FALSE",
    "NULL", "NA", "NA_integer_", "NA_real_", "NA_character_", "Inf", "NaN",
];

/// Functions never allowed even as a local's name, as a reminder of what the list leaves out.
#[rustfmt::skip]
const DANGEROUS: &[&str] = &[
    "system", "system2", "eval", "evalq", "parse", "get", "get0", "mget", "do.call", "match.fun", "source",
    "sys.source", "sink", "download.file", "url", "file", "pipe", "q", "quit", "Sys.setenv", "assign",
    "environment", "body", "formals", "on.exit", "reg.finalizer", "setHook", "unlink", "file.remove",
    "writeBin", "saveRDS", "save", "save.image", "readRDS", "load", "attach", "loadNamespace",
    "requireNamespace",
];

pub const R: Language = Language {
    line_comments: &["#"],
    block_comments: &[],
    long_brackets: false,
    quotes: &[(b'\'', Interpolation::None), (b'"', Interpolation::None)],
    sigil: None,
    name_chars: ".",
    case_insensitive: false,
    operators: &[
        "<<-", "->>", "<-", "->", "<=", ">=", "==", "!=", "&&", "||", "|>", "%%", "%/%", "%in%",
        "%o%", "%*%",
    ],
    punctuation: "(){}[];,=+-*/^<>!&|~:$",
    // Backquotes make a name of any string, `::` reach a package's functions, `@` a slot,
    // `?` opens help; `\(x)` is a function (not read here).
    forbidden: &["`", "::", "@", "?", "\\"],
    qualifier: None,
    members: &["$"],
    keywords: KEYWORDS,
    names: NAMES,
    methods: &[],
    declarations: Declarations {
        local: &[],
        function: &["function"],
        each: &["for"],
        assign: &["<-", "<<-", "="],
        assign_right: &["->", "->>"],
    },
    predefined: DANGEROUS,
    plain_locals: true,
    calls_locals: false,
    callbacks: &[
        ("sapply", 2),
        ("lapply", 2),
        ("vapply", 2),
        ("apply", 3),
        ("tapply", 3),
        ("mapply", 1),
        ("Map", 1),
        ("Filter", 1),
        ("Reduce", 1),
        ("Negate", 1),
    ],
    callback_arguments: &["FUN", "f"],
    path_readers: &[
        "readLines",
        "read.csv",
        "read.table",
        "read.delim",
        "file.exists",
        "dir.exists",
        "file.size",
        "normalizePath",
        "list.files",
        "dir",
    ],
    plain_path,
    limits: &[
        ("cat", usize::MAX, &["file", "append", "fill"]),
        ("writeLines", 1, &["con"]),
        ("library", 1, &["lib.loc", "character.only"]),
        ("require", 1, &["lib.loc", "character.only"]),
    ],
    named_argument: Some("="),
    table_keys: false,
    bare_calls: false,
    newline_ends: true,
};

/// A path R opens as a file: no URL (`readLines("https://…")` downloads).
fn plain_path(path: &str) -> bool {
    !path.contains("://") && !path.starts_with('|')
}

/// `library(stats)`, `require("utils")`: one of R's own packages.
fn attaches_base_packages(code: &str) -> bool {
    let mut rest = code;
    while let Some(at) = rest.find("library(").or_else(|| rest.find("require(")) {
        let after = &rest[at + 8..];
        let name: String = after
            .chars()
            .take_while(|c| *c != ')')
            .filter(|c| !matches!(c, '"' | '\'' | ' '))
            .collect();
        if !PACKAGES.contains(&name.as_str()) {
            return false;
        }
        rest = after;
    }
    true
}

/// Whether `Rscript args` or `R args` runs inline code (`-e`) that only computes and prints.
pub fn one_liner_only_prints(program: &str, args: &[Word]) -> bool {
    let mut programs = Vec::new();
    let mut i = 0;
    while let Some(word) = args.get(i) {
        let Some(v) = word.value.as_deref().filter(|_| !word.glob) else {
            return false;
        };
        i += 1;
        match v {
            "-e" => {
                let Some(code) = args.get(i).and_then(|w| w.value.clone()) else {
                    return false;
                };
                programs.push(code);
                i += 1;
            }
            "--vanilla" | "--no-environ" | "--no-site-file" | "--no-init-file" | "--no-restore"
            | "--no-restore-data" | "--no-save" | "--verbose" | "--no-readline" => {}
            "-q" | "--quiet" | "--silent" | "-s" | "--slave" | "--no-echo" if program == "R" => {}
            // `R -e CODE --args a b`, `Rscript -e CODE a b`: the words after are commandArgs().
            "--args" => break,
            _ if v.starts_with('-') => return false,
            _ if program == "Rscript" && !programs.is_empty() => break,
            _ => return false,
        }
    }
    // Each `-e` is a line of one program.
    let code = programs.join("\n");
    !programs.is_empty()
        && args[i.min(args.len())..].iter().all(|w| w.value.is_some())
        && attaches_base_packages(&code)
        && super::oneliner::only_prints(&R, &code)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commands::classify::oneliner::only_prints;

    #[test]
    fn reads_r_one_liners() {
        for code in [
            r#"cat(R.version.string, "\n")"#,
            "print(sessionInfo()$R.version$version.string)",
            r#"x <- c(1, 2, 3); cat(mean(x), sd(x), "\n")"#,
            r#"d <- read.csv("a.csv"); print(nrow(d))"#,
            r#"d <- read.csv(file = "a.csv", header = TRUE)"#,
            r#"cat(sprintf("%d\n", 1:3), sep = "")"#,
            r#"print(sapply(c("ab", "c"), nchar))"#,
            r#"print(sapply(1:3, function(i) i * 2))"#,
            "x <- 1:10\nprint(sum(x[x %% 2 == 0]))",
            r#"for (i in 1:3) print(i) # a comment"#,
            r#"1:3 -> y; print(y)"#,
            "library(stats); print(median(c(1, 5)))",
            r#"writeLines(toupper("x"))"#,
            r#"print(Sys.Date() > as.Date("2000-01-01"))"#,
            r#"l <- list(a = 1); print(l$a)"#,
            r#"print(Reduce(function(a, b) a + b, 1:4))"#,
        ] {
            assert!(only_prints(&R, code), "{code}");
        }
        for code in [
            r#"system("id")"#,
            r#"system2("id")"#,
            r#"eval(parse(text = "1"))"#,
            r#"get("system")("id")"#,
            r#"do.call("system", list("id"))"#,
            r#"sapply("id", "system")"#,
            r#"sapply("id", FUN = "system")"#,
            r#"cat("x", file = "out.txt")"#,
            r#"writeLines("x", "out.txt")"#,
            r#"writeLines("x", con = "out.txt")"#,
            r#"sink("out.txt")"#,
            r#"source("x.R")"#,
            r#"x <- readLines("http://example.com")"#,
            r#"x <- readLines(path)"#,
            r#"if (FALSE) system <- print; system("id")"#,
            r#"f <- function(x) print(x); f(1)"#,
            r#"print.foo <- function(x) 1"#,
            r#"`system`("id")"#,
            r#"base::system("id")"#,
            r#"x@y"#,
            r#"?system"#,
            r#"q(save = "yes")"#,
            r#"l <- list(f = print); l$f(1)"#,
            r#"(function(x) x)(1)"#,
            r#"l <- list(print); l[[1]]("x")"#,
            r#"download.file("http://x", "y")"#,
            r#"file.remove("x")"#,
        ] {
            assert!(!only_prints(&R, code), "{code}");
        }
    }

    #[test]
    fn reads_r_switches() {
        let words = |a: &[&str]| a.iter().map(|w| Word::literal(w)).collect::<Vec<_>>();
        for (program, args) in [
            ("Rscript", &["-e", "print(1)"][..]),
            ("Rscript", &["--vanilla", "-e", "print(1)"]),
            ("Rscript", &["-e", "print(commandArgs(TRUE))", "x.R"]),
            ("R", &["-q", "-e", "print(1)"]),
            (
                "R",
                &["--vanilla", "--slave", "-e", "print(1)", "--args", "a"],
            ),
        ] {
            assert!(
                one_liner_only_prints(program, &words(args)),
                "{program} {args:?}"
            );
        }
        for (program, args) in [
            ("Rscript", &["x.R"][..]),
            ("R", &["--save", "-e", "x <- 1"]),
            ("R", &["-e", "print(1)", "x.R"]),
            ("R", &["-f", "x.R"]),
            ("Rscript", &["--default-packages=x", "-e", "print(1)"]),
            ("Rscript", &["-e", "library(parallel)"]),
            ("R", &["CMD", "INSTALL", "."]),
        ] {
            assert!(
                !one_liner_only_prints(program, &words(args)),
                "{program} {args:?}"
            );
        }
    }
}
