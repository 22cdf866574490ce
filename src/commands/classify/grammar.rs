//! Option grammars: how a program's arguments split into options, option values and operands, the
//! way getopt_long (and the parsers that copy it) splits them: clustered short options
//! (`-rn`), values attached or in the next word (`-ofile`, `-o file`, `-e'w f'`), long options with
//! `=value` or the next word, unambiguous abbreviations of long options (`--outp=f`), and options
//! after operands. An option the grammar does not list makes the parse fail, so a program's
//! verdict can only be read-only when every option it was given is known.

use super::verdict::Level;
use super::words::Word;

/// What a long option takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Takes {
    Nothing,
    /// A value, `--name=value` or `--name value`.
    Value,
    /// An optional value, only as `--name=value`.
    Optional,
    /// Two values in the next words (`jq --arg name value`).
    Two,
}

/// A program's option grammar and what its options do.
#[derive(Debug)]
pub struct Spec {
    /// The names the program is run under.
    pub names: &'static [&'static str],
    /// getopt's optstring: a letter is a flag, `x:` takes a value (attached or the next word),
    /// `x::` takes an optional attached value.
    pub short: &'static str,
    /// Long options, space separated: `name` is a flag, `name=` takes a value, `name?` an optional
    /// one (`--name=value` only), `name#` two values in the next words.
    pub long: &'static str,
    /// Options that do more than read, as `-x|--name`, with the level and what they do.
    pub effects: &'static [(&'static str, Level, &'static str)],
    /// `long` lists every long option of the program (so an abbreviation can be resolved the way
    /// getopt_long would); otherwise only exact long names are accepted.
    pub complete: bool,
    /// `-5` means a count (`head -5`, `tail -20`).
    pub numbers: bool,
    /// Options are only read before the first operand (POSIX order), not after it.
    pub posix_order: bool,
    /// Long options are written with one dash too (`-style=file`, `-Werror`: LLVM's
    /// CommandLine library, which groups no short options): a word of one dash and more than
    /// one letter is a long option, never a cluster of short ones.
    pub single_dash: bool,
    /// The one file the program's writing is confined to, when an option names it.
    pub output: Output,
}

/// The file a program writes, named by an option (`msgfmt -o`, tar's `-f`): when every value
/// given names a standard stream or /dev/null ([`writes_no_file`]), the writes confined to it
/// write no file.
#[derive(Debug, Clone, Copy)]
pub struct Output {
    /// The option naming the file (`-o|--output-file`); empty when no option names it.
    pub option: &'static str,
    /// The effects (each spelled as in [`Spec::effects`]) that write only that file.
    pub effects: &'static [&'static str],
    /// What the program writes when the option is not given or names a file (msgfmt writes
    /// `messages.mo` without `-o`), when it always writes.
    pub always: Option<&'static str>,
    /// `-` names standard output (its manual says so: tar's `-f -`, xgettext's `-o -`).
    pub dash: bool,
    /// Options under which the program writes nothing at all, `always` included (gcov's
    /// `-t|--stdout` and `-n|--no-output`, hardlink's `-n|--dry-run`); empty when none.
    pub quiet: &'static str,
}

impl Output {
    pub const NONE: Output = Output {
        option: "",
        effects: &[],
        always: None,
        dash: false,
        quiet: "",
    };

    /// Every value `parsed` gives the output option writes no file (and there is one).
    fn discharged(&self, parsed: &Parsed) -> bool {
        if !self.quiet.is_empty() && parsed.has(self.quiet) {
            return true;
        }
        !self.option.is_empty()
            && parsed.has(self.option)
            && parsed.all(self.option).all(|o| {
                o.value()
                    .and_then(|v| v.value.as_deref())
                    .is_some_and(|p| writes_no_file(p, self.dash))
            })
    }
}

/// A path a program can be told to write to that writes no file: /dev/null, the standard
/// streams (/dev/stdout, /dev/stderr, /dev/fd/1, /dev/fd/2, a terminal), and `-` where the
/// program's manual says `-` is standard output. Not /dev/fd/N for other N, /dev/shm, /proc.
pub fn writes_no_file(path: &str, dash: bool) -> bool {
    (dash && path == "-") || super::targets::device(path) == super::targets::Device::Stream
}

impl Spec {
    /// No option of the program does more than read: a word only known at run time cannot turn
    /// it into something else (it is at worst an unknown option, which the program rejects).
    pub fn only_reads(&self) -> bool {
        self.effects.is_empty() && self.complete
    }

    fn short(&self, c: char) -> Option<Takes> {
        let bytes: Vec<char> = self.short.chars().collect();
        let at = bytes.iter().position(|&b| b == c && b != ':')?;
        match (bytes.get(at + 1), bytes.get(at + 2)) {
            (Some(':'), Some(':')) => Some(Takes::Optional),
            (Some(':'), _) => Some(Takes::Value),
            _ => Some(Takes::Nothing),
        }
    }

    fn longs(&self) -> impl Iterator<Item = (&'static str, Takes)> {
        self.long.split_whitespace().map(|l| {
            if let Some(n) = l.strip_suffix('=') {
                (n, Takes::Value)
            } else if let Some(n) = l.strip_suffix('?') {
                (n, Takes::Optional)
            } else if let Some(n) = l.strip_suffix('#') {
                (n, Takes::Two)
            } else {
                (l, Takes::Nothing)
            }
        })
    }

    /// The long option `name` stands for: exact, or (for a complete grammar) the one option it
    /// abbreviates.
    fn long_option(&self, name: &str) -> Result<(&'static str, Takes), Problem> {
        if let Some(exact) = self.longs().find(|(n, _)| *n == name) {
            return Ok(exact);
        }
        let matches: Vec<(&'static str, Takes)> =
            self.longs().filter(|(n, _)| n.starts_with(name)).collect();
        match matches.as_slice() {
            [] => Err(Problem::UnknownOption(format!("--{name}"))),
            [one] if self.complete => Ok(*one),
            [_] => Err(Problem::Abbreviated(format!("--{name}"))),
            _ => Err(Problem::Ambiguous(format!("--{name}"))),
        }
    }
}

/// An option as given, under its canonical spelling (`-o` or `--output`).
#[derive(Debug, Clone)]
pub struct Opt {
    pub name: String,
    pub values: Vec<Word>,
}

impl Opt {
    pub fn value(&self) -> Option<&Word> {
        self.values.first()
    }
}

/// The arguments of one invocation, split.
#[derive(Debug, Default, Clone)]
pub struct Parsed {
    pub options: Vec<Opt>,
    pub operands: Vec<Word>,
    /// Words only known at run time that could be options (`$FLAGS`), kept as operands too.
    pub runtime: Vec<Word>,
}

impl Parsed {
    /// The option `-x|--name` was given (any of the `|`-separated spellings).
    pub fn has(&self, spellings: &str) -> bool {
        self.get(spellings).is_some()
    }

    /// The last occurrence of the option `-x|--name`.
    pub fn get(&self, spellings: &str) -> Option<&Opt> {
        self.options
            .iter()
            .rev()
            .find(|o| spellings.split('|').any(|s| s == o.name))
    }

    /// Every occurrence of the option `-x|--name`.
    pub fn all<'a>(&'a self, spellings: &'a str) -> impl Iterator<Item = &'a Opt> + 'a {
        self.options
            .iter()
            .filter(move |o| spellings.split('|').any(|s| s == o.name))
    }
}

/// Why arguments could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    UnknownOption(String),
    Ambiguous(String),
    Abbreviated(String),
    MissingValue(String),
    UnexpectedValue(String),
}

impl Problem {
    pub fn describe(&self, program: &str) -> String {
        match self {
            Problem::UnknownOption(o) => {
                format!("{program} is given an option it is not known to take: {o}")
            }
            Problem::Ambiguous(o) => format!("{program}'s option {o} is ambiguous"),
            Problem::Abbreviated(o) => {
                format!("{program}'s option {o} may abbreviate an option not known here")
            }
            Problem::MissingValue(o) => format!("{program}'s option {o} is missing its value"),
            Problem::UnexpectedValue(o) => format!("{program}'s option {o} takes no value"),
        }
    }
}

/// Splits `args` by `spec`.
pub fn parse(spec: &Spec, args: &[Word]) -> Result<Parsed, Problem> {
    let mut out = Parsed::default();
    let mut i = 0;
    let mut only_operands = false;
    while let Some(arg) = args.get(i) {
        i += 1;
        if only_operands {
            out.operands.push(arg.clone());
            continue;
        }
        if could_expand_to_option(arg) {
            out.runtime.push(arg.clone());
            out.operands.push(arg.clone());
            if spec.posix_order {
                only_operands = true;
            }
            continue;
        }
        let Some(value) = arg.value.as_deref() else {
            // `--name="$X"`: a known option whose value is only known at run time.
            if let Some((name, _)) = arg.shape.strip_prefix("--").and_then(|l| l.split_once('=')) {
                // Quoted, so word splitting cannot add a word: `--author="$A"`.
                let quoted = arg.text.starts_with('"')
                    || arg.text.split_once('=').is_some_and(|(_, v)| {
                        v.starts_with('"') && v.ends_with('"') && v.len() > 1
                    });
                let literal = quoted && !name.contains(['$', super::words::RUNTIME]);
                if let (true, Ok((canonical, Takes::Value | Takes::Optional))) =
                    (literal, spec.long_option(name))
                {
                    out.options.push(Opt {
                        name: format!("--{canonical}"),
                        values: vec![arg.clone()],
                    });
                    continue;
                }
            }
            if arg.may_be_option() {
                out.runtime.push(arg.clone());
            }
            out.operands.push(arg.clone());
            if spec.posix_order {
                only_operands = true;
            }
            continue;
        };
        if value == "--" {
            only_operands = true;
            continue;
        }
        if value == "-" || !value.starts_with('-') {
            out.operands.push(arg.clone());
            if spec.posix_order {
                only_operands = true;
            }
            continue;
        }
        let single_dash_long = (spec.single_dash && value.chars().count() > 2)
            .then(|| &value[1..])
            .filter(|l| !l.starts_with('-'));
        if let Some(long) = value.strip_prefix("--").or(single_dash_long) {
            let (name, inline) = match long.split_once('=') {
                Some((n, v)) => (n, Some(v)),
                None => (long, None),
            };
            let (canonical, takes) = spec.long_option(name)?;
            let spelled = format!("--{canonical}");
            let mut values = Vec::new();
            match (takes, inline) {
                (Takes::Nothing, Some(_)) => return Err(Problem::UnexpectedValue(spelled)),
                (Takes::Nothing | Takes::Optional, None) => {}
                (Takes::Value | Takes::Optional, Some(v)) => values.push(attached(arg, v)),
                (Takes::Value, None) => {
                    let next = args
                        .get(i)
                        .ok_or_else(|| Problem::MissingValue(spelled.clone()))?;
                    values.push(next.clone());
                    i += 1;
                }
                (Takes::Two, Some(_)) => return Err(Problem::UnexpectedValue(spelled)),
                (Takes::Two, None) => {
                    let two = args
                        .get(i..i + 2)
                        .ok_or_else(|| Problem::MissingValue(spelled.clone()))?;
                    values.extend(two.iter().cloned());
                    i += 2;
                }
            }
            out.options.push(Opt {
                name: spelled,
                values,
            });
            continue;
        }
        let cluster = &value[1..];
        if spec.numbers && cluster.chars().all(|c| c.is_ascii_digit()) {
            out.options.push(Opt {
                name: "-NUM".to_string(),
                values: vec![Word::literal(cluster)],
            });
            continue;
        }
        for (at, c) in cluster.char_indices() {
            let takes = spec
                .short(c)
                .ok_or_else(|| Problem::UnknownOption(format!("-{c}")))?;
            let spelled = format!("-{c}");
            let rest = &cluster[at + c.len_utf8()..];
            match takes {
                Takes::Nothing | Takes::Two => out.options.push(Opt {
                    name: spelled,
                    values: Vec::new(),
                }),
                Takes::Optional => {
                    let values = if rest.is_empty() {
                        Vec::new()
                    } else {
                        vec![attached(arg, rest)]
                    };
                    out.options.push(Opt {
                        name: spelled,
                        values,
                    });
                    break;
                }
                Takes::Value => {
                    let value = if rest.is_empty() {
                        let next = args
                            .get(i)
                            .ok_or_else(|| Problem::MissingValue(spelled.clone()))?;
                        i += 1;
                        next.clone()
                    } else {
                        attached(arg, rest)
                    };
                    out.options.push(Opt {
                        name: spelled,
                        values: vec![value],
                    });
                    break;
                }
            }
        }
    }
    Ok(out)
}

/// A word that bash expands into other words that may start with a dash: a glob that starts
/// with a pattern (`*.txt` matches a file named `--output=x.txt`) or a brace expansion
/// (`{-o,F}` is `-o F`).
pub fn could_expand_to_option(arg: &Word) -> bool {
    let Some(value) = arg.value.as_deref() else {
        return false;
    };
    let glob = arg.glob && value.starts_with(['*', '?', '[']);
    let braces = !value.starts_with('-')
        && arg.text.contains('{')
        && !arg.text.starts_with(['\'', '"'])
        && (value.contains(',') || value.contains(".."));
    glob || braces
}

/// The part `value` of a word whose value is known (`-ofile` → `file`).
fn attached(arg: &Word, value: &str) -> Word {
    Word {
        text: arg.text.clone(),
        ..Word::literal(value)
    }
}

/// The findings of `spec`'s effects on `parsed`: each option that does more than read.
pub fn effects(spec: &Spec, parsed: &Parsed) -> Vec<(Level, String)> {
    let mut out = Vec::new();
    for (spellings, level, what) in spec.effects {
        // `sort -o /dev/null`: an output option (`-o`, `--output`) whose every value is
        // /dev/null, a standard stream or a terminal writes no file. (Not any option with a
        // value: `sed -i/dev/null` still edits in place, the value is a suffix.)
        let output_option = spellings.split('|').any(|s| s == "-o" || s == "--output");
        let into_streams = *level == Level::Write
            && output_option
            && parsed.all(spellings).all(|o| {
                o.value()
                    .and_then(|v| v.value.as_deref())
                    .is_some_and(|p| writes_no_file(p, false))
            });
        // `tar -cf /dev/null`: an effect that writes only the output, which is a stream.
        let into_output = *level == Level::Write
            && spec.output.effects.contains(spellings)
            && spec.output.discharged(parsed);
        if parsed.has(spellings) && !into_streams && !into_output {
            out.push((*level, (*what).to_string()));
        }
    }
    if let Some(what) = spec.output.always {
        if !spec.output.discharged(parsed) {
            out.push((Level::Write, what.to_string()));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    const SORT: Spec = Spec {
        names: &["sort"],
        short: "bdfo:k:t:S:z",
        long: "output= key= buffer-size= compress-program= reverse debug dictionary-order",
        effects: &[],
        complete: true,
        numbers: false,
        posix_order: false,
        single_dash: false,
        output: Output::NONE,
    };

    fn words(args: &[&str]) -> Vec<Word> {
        args.iter().map(|a| Word::literal(a)).collect()
    }

    fn summary(args: &[&str]) -> Result<(Vec<String>, Vec<String>), Problem> {
        let parsed = parse(&SORT, &words(args))?;
        Ok((
            parsed
                .options
                .iter()
                .map(|o| {
                    let values: Vec<String> =
                        o.values.iter().filter_map(|v| v.value.clone()).collect();
                    format!("{}={}", o.name, values.join(","))
                })
                .collect(),
            parsed
                .operands
                .iter()
                .filter_map(|o| o.value.clone())
                .collect(),
        ))
    }

    #[test]
    fn splits_like_getopt_long() {
        let s = |o: &[&str], a: &[&str]| -> Result<(Vec<String>, Vec<String>), Problem> {
            Ok((
                o.iter().map(|x| x.to_string()).collect(),
                a.iter().map(|x| x.to_string()).collect(),
            ))
        };
        assert_eq!(summary(&["-bo", "F", "x"]), s(&["-b=", "-o=F"], &["x"]));
        assert_eq!(summary(&["-boF", "x"]), s(&["-b=", "-o=F"], &["x"]));
        assert_eq!(summary(&["x", "-o", "F"]), s(&["-o=F"], &["x"]));
        assert_eq!(summary(&["--outp=F"]), s(&["--output=F"], &[]));
        assert_eq!(summary(&["--outp", "F"]), s(&["--output=F"], &[]));
        assert_eq!(summary(&["--", "-o", "F"]), s(&[], &["-o", "F"]));
        assert_eq!(summary(&["-k2,2", "-"]), s(&["-k=2,2"], &["-"]));
        assert_eq!(
            summary(&["--re"]),
            s(&["--reverse="], &[]),
            "unique prefix of a complete grammar"
        );
        assert_eq!(summary(&["-q"]), Err(Problem::UnknownOption("-q".into())));
        assert_eq!(summary(&["--d"]), Err(Problem::Ambiguous("--d".into())));
        assert_eq!(summary(&["-o"]), Err(Problem::MissingValue("-o".into())));
        assert_eq!(
            summary(&["--debug=1"]),
            Err(Problem::UnexpectedValue("--debug".into()))
        );
    }

    #[test]
    fn incomplete_grammars_take_exact_names_only() {
        let spec = Spec {
            complete: false,
            ..SORT
        };
        assert!(parse(&spec, &words(&["--output=F"])).is_ok());
        assert_eq!(
            parse(&spec, &words(&["--outp=F"])).err(),
            Some(Problem::Abbreviated("--outp".into()))
        );
    }

    /// LLVM's parser: `-output=F` and `-debug` are long options, a lone letter is a short one,
    /// and letters are never grouped (`-bd` is an option of that name, unknown here).
    #[test]
    fn single_dash_grammars_take_long_options_with_one_dash() {
        let spec = Spec {
            complete: false,
            single_dash: true,
            ..SORT
        };
        let names = |args: &[&str]| -> Result<Vec<String>, Problem> {
            let parsed = parse(&spec, &words(args))?;
            Ok(parsed.options.iter().map(|o| o.name.clone()).collect())
        };
        assert_eq!(
            names(&["-output=F", "-debug", "-b", "x"]),
            Ok(vec!["--output".into(), "--debug".into(), "-b".into()])
        );
        assert_eq!(names(&["-key", "2"]), Ok(vec!["--key".into()]));
        assert_eq!(names(&["-bd"]), Err(Problem::UnknownOption("--bd".into())));
        assert_eq!(
            names(&["---debug"]),
            Err(Problem::UnknownOption("---debug".into()))
        );
    }
}
