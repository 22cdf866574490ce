//! Reads the small programs that `sed` and `awk` take as arguments, and `ed` from its input, far
//! enough to see whether they write files (`w`, `print > "f"`) or run commands (`e`,
//! `system()`, pipes, `!`).

/// What a sed or awk program does beyond printing.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Effects {
    /// Writes a file.
    pub writes: bool,
    /// Runs shell commands.
    pub executes: bool,
    /// Could not be read (fail closed: treat as unknown).
    pub unreadable: bool,
    /// Opens a network connection (gawk's `/inet/tcp/…` special files).
    pub network: bool,
    /// sed stops compiling at this point (an address regex with no closing delimiter): nothing
    /// after it is compiled and nothing runs; what it opened before (`w` files) is opened.
    pub rejected: bool,
    /// Shell commands it runs that are fixed strings (awk's `system("cmd")`, `print | "cmd"`,
    /// `"cmd" | getline`): the caller classifies them as command lines. A command built at run
    /// time sets [`Effects::executes`] instead.
    pub commands: Vec<String>,
}

/// Files that sed and awk treat as the standard streams, not as files to write.
fn is_stream(path: &str) -> bool {
    matches!(
        path.trim(),
        "/dev/stdout" | "/dev/stderr" | "/dev/null" | "-"
    )
}

/// Scans a sed script (GNU syntax). Addresses are read as GNU sed 4.9 documents them (`info sed`,
/// "Addresses"): `N`, `FIRST~STEP`, `$`, `/REGEX/` and `\cREGEXc` with any character `c` as the
/// delimiter (`\c` in it is a literal `c`), each regex followed by `I` or `M`; then `,` and a
/// second address, `+N` or `~N`; `0,/REGEX/` as a first. A regex whose delimiter never comes
/// again on the line is an error sed reports as it compiles the script ("unterminated address
/// regex", `sed -n '\$p'`): compiling stops there, before any input is read or any command runs,
/// so the script's effects are those of the commands before it (GNU sed opens a `w` file as it
/// compiles the command; measured, sed 4.9: `-e 'w out' -e '\$p'` makes `out`, `-e '\$p' -e
/// 'w out'` does not).
pub fn sed(script: &str) -> Effects {
    let s: Vec<char> = script.chars().collect();
    let mut fx = Effects::default();
    let mut i = 0;
    while i < s.len() {
        match s[i] {
            c if c.is_whitespace() || c == ';' || c == '}' => {
                i += 1;
                continue;
            }
            '#' => {
                i = line_end(&s, i);
                continue;
            }
            _ => {}
        }
        let Some(after) = address_range(&s, i) else {
            // GNU sed 4.9 reads a bracket expression in a regex as one piece (`/[/]/p` is a
            // regex `[/]`, measured), which `delimited` does not: with a `[` in the script, what
            // looks unterminated here may be a longer regex that sed accepts, and what follows
            // it commands that run (`/[/,\%]/p;e touch x` runs `touch x`, measured).
            if script.contains('[') || matches!(s.get(i + 1), Some('\n' | '\\')) {
                fx.unreadable = true;
            } else {
                fx.rejected = true;
            }
            return fx;
        };
        i = skip_blanks(&s, after);
        if s.get(i) == Some(&'!') {
            i = skip_blanks(&s, i + 1);
        }
        let Some(&command) = s.get(i) else {
            fx.unreadable = true;
            return fx;
        };
        i += 1;
        match command {
            '{' | '=' | 'd' | 'D' | 'g' | 'G' | 'h' | 'H' | 'n' | 'N' | 'p' | 'P' | 'x' | 'z'
            | 'F' => {}
            'q' | 'Q' | 'l' | 'L' => i = skip_while(&s, i, |c| c.is_ascii_digit() || c == ' '),
            ':' | 'b' | 't' | 'T' | 'v' => {
                i = skip_while(&s, i, |c| c != ';' && c != '\n' && c != '}')
            }
            'a' | 'i' | 'c' => i = text_end(&s, i),
            'r' | 'R' => i = line_end(&s, i),
            'w' | 'W' => {
                let end = line_end(&s, i);
                fx.writes |= !is_stream(&s[i..end].iter().collect::<String>());
                i = end;
            }
            'e' => {
                fx.executes = true;
                i = line_end(&s, i);
            }
            's' | 'y' => {
                let Some(&delimiter) = s.get(i) else {
                    fx.unreadable = true;
                    return fx;
                };
                let Some(end) =
                    delimited(&s, i + 1, delimiter).and_then(|j| delimited(&s, j, delimiter))
                else {
                    fx.unreadable = true;
                    return fx;
                };
                i = end;
                if command == 's' {
                    while let Some(&flag) = s.get(i) {
                        match flag {
                            'e' => fx.executes = true,
                            'w' => {
                                let end = line_end(&s, i + 1);
                                fx.writes |= !is_stream(&s[i + 1..end].iter().collect::<String>());
                                i = end;
                                break;
                            }
                            'g' | 'p' | 'i' | 'I' | 'm' | 'M' | '0'..='9' => {}
                            _ => break,
                        }
                        i += 1;
                    }
                }
            }
            _ => {
                fx.unreadable = true;
                return fx;
            }
        }
    }
    fx
}

/// Skips `addr1[,addr2]` starting at `i`; `None` when an address is malformed.
/// What an ed script (its commands, one a line) does beyond printing and changing its buffer:
/// `w`, `W` (and `wq`) write a file; `e`, `E`, `r` read one in (`r !cmd`, `e !cmd` run a
/// command), `!` runs one; `g`/`v`/`G`/`V` run the command list after their pattern. Every line
/// is read as a command, text after `a`/`i`/`c` included (stricter, never looser).
///
/// `file` is the default file name ed was started with, which an unescaped `%` of a shell
/// command stands for (GNU ed 1.19: `r !date +%Y` in `ed -s f.txt` runs `date +f.txtY`).
pub fn ed(script: &str, file: Option<&str>) -> Effects {
    let mut effects = Effects::default();
    for line in script.lines() {
        let s: Vec<char> = line.chars().collect();
        // `!cmd` and `r !cmd` run cmd with `sh -c` (ed(1)); its output is printed or read into
        // the buffer. A leading `!` (the last command) is ed's own substitution, not read here;
        // `%` is, when the file name is known.
        if let Some(command) = ed_shell_command(&s) {
            let command = match file {
                Some(name) => ed_file_name(&command, name),
                None => command,
            };
            if command.contains('%') || command.starts_with('!') || command.trim().is_empty() {
                effects.executes = true;
            } else {
                effects.commands.push(command);
            }
            continue;
        }
        if s.contains(&'!') {
            effects.executes = true;
        }
        match ed_command(&s, 0) {
            Some(true) => {}
            Some(false) => effects.writes = true,
            None => effects.unreadable = true,
        }
    }
    effects
}

/// An ed shell command with each `%` put as `name`. A command with `\\%` (a literal percent
/// sign) is left as written, and so is read as not known, as is a name with a `%` in it.
fn ed_file_name(command: &str, name: &str) -> String {
    if command.contains("\\%") {
        return command.to_string();
    }
    command.replace('%', name)
}

/// The command of an ed line that is `[ADDRESSES]!cmd` or `[ADDRESS]r !cmd`.
fn ed_shell_command(s: &[char]) -> Option<String> {
    let mut i = 0;
    while s
        .get(i)
        .is_some_and(|c| c.is_ascii_digit() || ".$,;+-^ \t".contains(*c))
    {
        i += 1;
    }
    if s.get(i) == Some(&'r') {
        i += 1;
        while s.get(i) == Some(&' ') {
            i += 1;
        }
    }
    (s.get(i) == Some(&'!')).then(|| s[i + 1..].iter().collect())
}

/// Whether the ed command at `i` (addresses first) only prints or changes the buffer; `None`
/// when it cannot be read.
fn ed_command(s: &[char], mut i: usize) -> Option<bool> {
    const MAX_NESTING: usize = 4; // g/x/g/y/p is already an error in ed
    for _ in 0..MAX_NESTING {
        // Addresses: numbers, `.`, `$`, `,`, `;`, `+`, `-`, `^`, marks `'x`, patterns.
        loop {
            match s.get(i) {
                Some(c) if c.is_ascii_digit() || ".$,;+-^ \t".contains(*c) => i += 1,
                Some('\'') => i += 2,
                Some(d @ ('/' | '?')) => i = delimited(s, i + 1, *d)?,
                _ => break,
            }
        }
        match s.get(i) {
            None => return Some(true),
            Some('g' | 'v' | 'G' | 'V') => {
                let d = *s.get(i + 1)?;
                if d.is_alphanumeric() || d == ' ' {
                    return None;
                }
                i = delimited(s, i + 2, d)?;
                if i >= s.len() {
                    return Some(true); // the list is `p`
                }
            }
            // `r FILE` reads FILE into the buffer.
            Some('r') => return Some(true),
            Some('w' | 'W' | 'e' | 'E') => return Some(false),
            Some(c) if "acdhHijklmnpPqQstuxyz=#".contains(*c) => return Some(true),
            Some(_) => return None,
        }
    }
    None
}

fn address_range(s: &[char], i: usize) -> Option<usize> {
    let i = address(s, i)?;
    if s.get(i) == Some(&',') {
        let j = skip_blanks(s, i + 1);
        return match s.get(j) {
            Some('+' | '~') => Some(skip_while(s, j + 1, |c| c.is_ascii_digit())),
            _ => address(s, j),
        };
    }
    Some(i)
}

fn address(s: &[char], i: usize) -> Option<usize> {
    let end = match s.get(i) {
        Some(c) if c.is_ascii_digit() => skip_while(s, i, |c| c.is_ascii_digit() || c == '~'),
        Some('$') => i + 1,
        Some('/') => delimited(s, i + 1, '/')?,
        Some('\\') => {
            let delimiter = *s.get(i + 1)?;
            delimited(s, i + 2, delimiter)?
        }
        _ => return Some(i),
    };
    Some(skip_while(s, end, |c| c == 'I' || c == 'M'))
}

/// The index after the next unescaped `delimiter` from `i`.
fn delimited(s: &[char], mut i: usize, delimiter: char) -> Option<usize> {
    while i < s.len() {
        match s[i] {
            '\\' => i += 2,
            c if c == delimiter => return Some(i + 1),
            '\n' if delimiter != '\n' => return None,
            _ => i += 1,
        }
    }
    None
}

/// End of the text of `a`, `i`, `c`: the line, continued by a trailing backslash.
fn text_end(s: &[char], mut i: usize) -> usize {
    while i < s.len() {
        match s[i] {
            '\\' => i += 2,
            '\n' => return i,
            _ => i += 1,
        }
    }
    s.len()
}

fn line_end(s: &[char], i: usize) -> usize {
    skip_while(s, i, |c| c != '\n')
}

fn skip_blanks(s: &[char], i: usize) -> usize {
    skip_while(s, i, |c| c == ' ' || c == '\t')
}

fn skip_while(s: &[char], mut i: usize, keep: impl Fn(char) -> bool) -> usize {
    while i < s.len() && keep(s[i]) {
        i += 1;
    }
    i
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    /// A string's value, and whether it had an escape (its value is then not its text).
    Str(String, bool),
    Regex,
    Name(String),
    Number,
    Op(String),
    End,
}

/// Scans an awk program: `system()`, `|` and `|&` run commands; `print … > file` writes.
pub fn awk(program: &str) -> Effects {
    let tokens = awk_tokens(program);
    let mut fx = Effects::default();
    for (k, token) in tokens.iter().enumerate() {
        match token {
            // `system("cmd")`: a fixed command line is handed to the caller.
            Token::Name(name) if name == "system" => match tokens.get(k + 1..k + 4) {
                Some([Token::Op(open), Token::Str(cmd, false), Token::Op(close)])
                    if open == "(" && close == ")" =>
                {
                    fx.commands.push(cmd.clone())
                }
                _ => fx.executes = true,
            },
            // gawk's `@load` loads a compiled extension; `@include` a program from a file.
            Token::Name(name)
                if (name == "load" || name == "include")
                    && k > 0
                    && tokens[k - 1] == Token::Op("@".to_string()) =>
            {
                fx.executes = true
            }
            Token::Op(op) if op == "|" || op == "|&" => match awk_pipe_command(&tokens, k) {
                Some(cmd) => fx.commands.push(cmd),
                None => fx.executes = true,
            },
            Token::Str(text, _) if text.starts_with("/inet") => fx.network = true,
            // `getline < file`: a file built at run time could be `/inet/tcp/…`.
            Token::Name(name) if name == "getline" => {
                let redirect = tokens[k + 1..]
                    .iter()
                    .take_while(|t| **t != Token::End)
                    .position(|t| *t == Token::Op("<".to_string()));
                if let Some(at) = redirect.map(|r| k + 1 + r) {
                    let literal = matches!(tokens.get(at + 1), Some(Token::Str(..)))
                        && !matches!(
                            tokens.get(at + 2),
                            Some(Token::Str(..) | Token::Name(_) | Token::Number)
                        );
                    fx.unreadable |= !literal;
                }
            }
            Token::Name(name) if name == "print" || name == "printf" => {
                let mut depth = 0i32;
                for (j, t) in tokens.iter().enumerate().skip(k + 1) {
                    match t {
                        Token::Op(o) if o == "(" => depth += 1,
                        Token::Op(o) if o == ")" => depth -= 1,
                        Token::End => break,
                        Token::Op(o) if depth <= 0 && (o == ">" || o == ">>") => {
                            let target_is_stream =
                                matches!(tokens.get(j + 1), Some(Token::Str(t, _)) if is_stream(t));
                            fx.writes |= !target_is_stream;
                            break;
                        }
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }
    fx
}

/// The command of the pipe at `tokens[k]` when it is one fixed string: `print … | "cmd"` (the
/// string ends the statement) or `"cmd" | getline` (the string stands alone before the pipe; awk
/// would join it to an operand before it). An escape makes the string's value differ from its
/// text (`"ls\nrm x"` is two lines), so a string with one is not taken.
fn awk_pipe_command(tokens: &[Token], k: usize) -> Option<String> {
    let alone_after = |at: usize| {
        matches!(tokens.get(at), None | Some(Token::End))
            || matches!(tokens.get(at), Some(Token::Op(o)) if o == ")")
    };
    if let Some(Token::Str(cmd, false)) = tokens.get(k + 1) {
        if alone_after(k + 2) {
            return Some(cmd.clone());
        }
        return None;
    }
    let getline = matches!(tokens.get(k + 1), Some(Token::Name(n)) if n == "getline");
    let before = k.checked_sub(1).and_then(|b| tokens.get(b));
    let alone_before = match k.checked_sub(2).map(|b| &tokens[b]) {
        None | Some(Token::End) => true,
        Some(Token::Op(o)) => matches!(o.as_str(), "(" | "=" | "&&" | "||" | "!"),
        _ => false,
    };
    match before {
        Some(Token::Str(cmd, false)) if getline && alone_before => Some(cmd.clone()),
        _ => None,
    }
}

fn awk_tokens(program: &str) -> Vec<Token> {
    let s: Vec<char> = program.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < s.len() {
        let c = s[i];
        let operand_before = matches!(
            tokens.last(),
            Some(Token::Name(_) | Token::Number | Token::Str(..))
        ) || matches!(tokens.last(), Some(Token::Op(o)) if o == ")" || o == "]" || o == "$");
        match c {
            ' ' | '\t' | '\r' => i += 1,
            '\\' if s.get(i + 1) == Some(&'\n') => i += 2,
            '\n' | ';' | '{' | '}' => {
                tokens.push(Token::End);
                i += 1;
            }
            '#' => i = line_end(&s, i),
            '"' => {
                let mut value = String::new();
                let mut escaped = false;
                i += 1;
                while i < s.len() && s[i] != '"' {
                    if s[i] == '\\' && i + 1 < s.len() {
                        escaped = true;
                        i += 1;
                    }
                    value.push(s[i]);
                    i += 1;
                }
                i += 1;
                tokens.push(Token::Str(value, escaped));
            }
            '/' if !operand_before => {
                i += 1;
                let mut in_class = false;
                while i < s.len() && (s[i] != '/' || in_class) && s[i] != '\n' {
                    match s[i] {
                        '\\' => i += 1,
                        '[' => in_class = true,
                        ']' => in_class = false,
                        _ => {}
                    }
                    i += 1;
                }
                i += 1;
                tokens.push(Token::Regex);
            }
            c if c.is_ascii_alphabetic() || c == '_' => {
                let end = skip_while(&s, i, |c| c.is_ascii_alphanumeric() || c == '_');
                tokens.push(Token::Name(s[i..end].iter().collect()));
                i = end;
            }
            c if c.is_ascii_digit() || c == '.' => {
                i = skip_while(&s, i, |c| c.is_ascii_alphanumeric() || c == '.');
                tokens.push(Token::Number);
            }
            _ => {
                let two: String = s[i..(i + 2).min(s.len())].iter().collect();
                let op = if [
                    "||", "&&", ">>", ">=", "<=", "==", "!=", "|&", "++", "--", "+=", "-=", "*=",
                    "/=", "%=", "^=", "**",
                ]
                .contains(&two.as_str())
                {
                    two
                } else {
                    c.to_string()
                };
                i += op.chars().count();
                tokens.push(Token::Op(op));
            }
        }
    }
    tokens
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    fn fx(writes: bool, executes: bool, unreadable: bool) -> Effects {
        Effects {
            writes,
            executes,
            unreadable,
            network: false,
            rejected: false,
            commands: Vec::new(),
        }
    }

    /// A script sed stops compiling at an unterminated address regex, after `writes`.
    fn rejected(writes: bool) -> Effects {
        Effects {
            writes,
            rejected: true,
            ..Effects::default()
        }
    }

    fn runs(commands: &[&str]) -> Effects {
        Effects {
            commands: commands.iter().map(|c| c.to_string()).collect(),
            ..Effects::default()
        }
    }

    #[test]
    fn reads_sed_scripts() {
        let cases: &[(&str, Effects)] = &[
            ("s/a/b/g", fx(false, false, false)),
            ("1,5p", fx(false, false, false)),
            ("/start/,/end/d", fx(false, false, false)),
            ("$!N;s/\\n/ /;P;D", fx(false, false, false)),
            ("s|/usr|/opt|2p", fx(false, false, false)),
            ("y/abc/xyz/", fx(false, false, false)),
            ("/x/{s/a/b/;p}", fx(false, false, false)),
            ("1~2d", fx(false, false, false)),
            ("0,/re/I s//X/", fx(false, false, false)),
            ("/a/a\\\nappended", fx(false, false, false)),
            (
                "/x/i inserted text w not a command",
                fx(false, false, false),
            ),
            (":top\nN;btop", fx(false, false, false)),
            ("# comment\np", fx(false, false, false)),
            ("s/a/b/w out.txt", fx(true, false, false)),
            ("s/a/b/w /dev/stdout", fx(false, false, false)),
            ("w copy.txt", fx(true, false, false)),
            ("/x/W log", fx(true, false, false)),
            ("s/.*/date/e", fx(false, true, false)),
            ("1e rm -rf /", fx(false, true, false)),
            ("s/a/b", fx(false, false, true)),
            ("k", fx(false, false, true)),
            // GNU sed 4.9's addresses: `\cREGEXc` with any delimiter, flags, `+N`, `~N`.
            ("\\%usr/lib%p", fx(false, false, false)),
            ("\\$b$p", fx(false, false, false)),
            ("\\;b;,$p", fx(false, false, false)),
            ("\\,a\\,b,Ip", fx(false, false, false)),
            ("/b/I,+1p", fx(false, false, false)),
            ("2,~4p", fx(false, false, false)),
            ("\\|x|M!d", fx(false, false, false)),
            ("\\%x%w out", fx(true, false, false)),
            // No closing delimiter: sed rejects the script there, having opened what came first.
            ("\\$p", rejected(false)),
            ("/abc", rejected(false)),
            ("\\", rejected(false)),
            ("w out\n\\$p", rejected(true)),
            ("\\$p\nw out", rejected(false)),
            // A `[` may hide the regex's end from this reading: not taken for rejected.
            ("/[/,\\%]/p;e touch x", fx(false, false, true)),
            ("\\$p[", fx(false, false, true)),
        ];
        for (script, expected) in cases {
            assert_eq!(sed(script), expected.clone(), "{script:?}");
        }
    }

    #[test]
    fn reads_awk_programs() {
        let cases: &[(&str, Effects)] = &[
            ("{print $1}", fx(false, false, false)),
            ("$3 > 100 {print $1}", fx(false, false, false)),
            ("/a|b/ {print}", fx(false, false, false)),
            (
                "{ if (a > b) print a; else print b }",
                fx(false, false, false),
            ),
            ("{ print (a > b) }", fx(false, false, false)),
            ("{ n = $1 / 2; print n }", fx(false, false, false)),
            ("{ print \"x|y > z\" }", fx(false, false, false)),
            ("a || b { print }", fx(false, false, false)),
            ("{ print > \"/dev/stderr\" }", fx(false, false, false)),
            ("{ print $0 > \"out.txt\" }", fx(true, false, false)),
            ("{ printf \"%s\\n\", $1 >> $2 }", fx(true, false, false)),
            ("{ system(\"rm \" $1) }", fx(false, true, false)),
            // A fixed command line is handed on; one built at run time or escaped is not.
            ("{ print $3, $2 | \"sort -rn\" }", runs(&["sort -rn"])),
            ("{ system(\"date\") }", runs(&["date"])),
            (
                "BEGIN { while ((\"ls\" | getline f) > 0) print f }",
                runs(&["ls"]),
            ),
            ("{ print | \"sort \" opts }", fx(false, true, false)),
            ("{ print | cmd }", fx(false, true, false)),
            ("{ print | \"ls\\nrm x\" }", fx(false, true, false)),
            ("{ system(\"ls \" $1) }", fx(false, true, false)),
            ("{ system(\"l\\s\") }", fx(false, true, false)),
            (
                "BEGIN { \"a\" \"b\" | getline; print }",
                fx(false, true, false),
            ),
            ("BEGIN { x \"b\" | getline; print }", fx(false, true, false)),
            ("{ print | \"sh\" }", runs(&["sh"])),
            ("BEGIN { \"date\" | getline d; print d }", runs(&["date"])),
            ("{ print |& \"cmd\" }", runs(&["cmd"])),
            ("@load \"filefuncs\"; { print }", fx(false, true, false)),
        ];
        for (program, expected) in cases {
            assert_eq!(awk(program), expected.clone(), "{program:?}");
        }
    }
}
