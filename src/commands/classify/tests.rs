//! Table-driven tests of the classifier core: levels by category, evasions, reasons, bounds.

use super::verdict::{ContextUse, Level};
use super::*;
use pretty_assertions::assert_eq;

use Level::*;

fn assert_levels(cases: &[(&str, Level)]) {
    let mut wrong = Vec::new();
    for (command, expected) in cases {
        let got = classify(command);
        if got.level != *expected {
            wrong.push(format!(
                "{command:?}: expected {}, got {} {:?}",
                expected.as_str(),
                got.level.as_str(),
                got.reasons
            ));
        }
    }
    assert!(wrong.is_empty(), "misclassified:\n{}", wrong.join("\n"));
}

#[test]
fn read_only_commands() {
    assert_levels(&[
        ("", ReadOnly),
        ("# a comment", ReadOnly),
        ("ls -la", ReadOnly),
        (
            "cat a.txt | grep -n foo | sort | uniq -c | head -5",
            ReadOnly,
        ),
        (
            "git status && git log --oneline -5 && git diff HEAD~1",
            ReadOnly,
        ),
        ("git branch -a", ReadOnly),
        ("git show HEAD:src/main.rs", ReadOnly),
        ("find . -name '*.rs' -type f", ReadOnly),
        ("sed -n '1,20p' file", ReadOnly),
        ("awk '$3 > 100 { print $1 }' data", ReadOnly),
        ("awk '{ print $2 | \"sort -rn\" }' data", ReadOnly),
        // git ignores a trace target that is not an absolute path (trace.c).
        (
            "GIT_TRACE_SETUP=trace.txt git rev-parse --show-toplevel",
            ReadOnly,
        ),
        ("GIT_TRACE=1 git status", ReadOnly),
        // Documented read-only modes.
        ("git prune --dry-run --verbose", ReadOnly),
        ("git commit-graph verify --shallow", ReadOnly),
        ("git multi-pack-index verify", ReadOnly),
        ("ssh-keygen -F example.com -f known_hosts", ReadOnly),
        ("ssh-keygen -l -f known_hosts", ReadOnly),
        ("python3 -m pickletools fixtures.pkl", ReadOnly),
        ("python3 -m pyclbr helpers", ReadOnly),
        ("python3 -m zipapp app.pyz --info", ReadOnly),
        (
            "python3 -m json.tool --sort-keys config.json /dev/stdout",
            ReadOnly,
        ),
        ("python3 -m ast -a calc.py", ReadOnly),
        ("python3 -m dis calc.py", ReadOnly),
        ("cargo --version --verbose", ReadOnly),
        ("cargo -vV", ReadOnly),
        // Bash's named descriptors, `let`, and numbers printed by a command substitution.
        (
            "exec {fd}<notes.txt; read -r first <&\"$fd\"; exec {fd}<&-; echo \"$first\"",
            ReadOnly,
        ),
        ("let \"n = $(wc -l < notes.txt) * 2\"; echo $n", ReadOnly),
        ("let \"i = 1 + 2\" j=4*3", ReadOnly),
        (
            "mapfile -t L < notes.txt; i=$(grep -c . a.txt); echo \"line $i: ${L[i]}\"",
            ReadOnly,
        ),
        (
            "n=\"$(git rev-list --count HEAD)\"; echo $((n + 1))",
            ReadOnly,
        ),
        ("script -q -c 'git --no-pager log -1' /dev/null", ReadOnly),
        ("echo $(date) `whoami`", ReadOnly),
        ("cd src && ls", ReadOnly),
        ("for f in *.rs; do wc -l \"$f\"; done", ReadOnly),
        ("if [ -f x ]; then cat x; else echo none; fi", ReadOnly),
        ("[[ -d target ]] && du -sh target", ReadOnly),
        ("ls 2>/dev/null || true", ReadOnly),
        ("ls > /dev/null 2>&1", ReadOnly),
        ("tar tzf x.tgz", ReadOnly),
        ("LC_ALL=C env | sort", ReadOnly),
        ("sudo -u bob ls /root", ReadOnly),
        ("timeout 5 grep -r TODO .", ReadOnly),
        ("bash -c 'ls | wc -l'", ReadOnly),
        ("find . -type f | xargs grep foo", ReadOnly),
        ("ls() { echo hi; }; ls", ReadOnly),
        ("cat <<'EOF' | grep x\nhello\nEOF", ReadOnly),
        // A delimiter quoted in part is quoted: the body is not expanded.
        ("cat <<E\"O\"F | wc -l\n$(touch x) ${HOME}\nEOF", ReadOnly),
        ("cat <<'E'OF\n$(touch x)\nEOF", ReadOnly),
        // Backquotes in a here-document: commands with an unquoted delimiter, text with a quoted one.
        ("cat <<EOF\nrun `ls src` first\nEOF", ReadOnly),
        // Compilers' modes that print and compile nothing.
        ("gcc -### -c src/add.c -o add.o", ReadOnly),
        (
            "rustc --print=file-names --crate-type=bin src/main.rs",
            ReadOnly,
        ),
        ("rustc --print crate-name -o out src/main.rs", ReadOnly),
        ("cat <<'EOF'\nrun `make build` first\nEOF", ReadOnly),
        ("cat <<EOF\nrun \\`make build\\` first\nEOF", ReadOnly),
        ("python3 --version", ReadOnly),
        ("command -v rm", ReadOnly),
        ("eval \"ls\"", ReadOnly),
        ("cmd='wc -l f'; eval \"$cmd\"", ReadOnly),
        ("rg foo src", ReadOnly),
        ("jq '.name' package.json", ReadOnly),
        ("cat $FILE | wc -l", ReadOnly),
        ("git log -- \"$path\"", ReadOnly),
        ("git show ./$REV", ReadOnly),
    ]);
}

#[test]
fn write_commands() {
    assert_levels(&[
        ("echo hi > out.txt", Write),
        ("echo hi >> log", Write),
        ("ls | tee files.txt", Write),
        ("touch a && mkdir -p b/c", Write),
        ("rm -rf build", Write),
        ("rm file.txt", Write),
        ("mv a b", Write),
        ("cp -r src dst", Write),
        ("chmod +x run.sh", Write),
        ("sed -i 's/a/b/' f", Write),
        ("sed 's/a/b/w out' f", Write),
        ("sort -o sorted.txt f", Write),
        ("awk '{ print > \"out\" }' f", Write),
        ("exec {fd}>out.txt", Write),
        ("git prune", Write),
        ("GIT_TRACE=/tmp/t git status", Unknown),
        ("GIT_TRACE_PACKET=~/t git status", Unknown),
        ("GIT_TRACE2_EVENT=af_unix:/tmp/s git status", Unknown),
        ("GIT_TRACE=3 git status 3>out", Unknown),
        ("git commit-graph write", Unknown),
        ("ssh-keygen -H -f known_hosts", Unknown),
        ("ssh-keygen -R example.com -f known_hosts", Unknown),
        ("ssh-keygen -t ed25519 -f k", Unknown),
        ("python3 -m pickletools -o out.txt fixtures.pkl", Unknown),
        ("python3 -m zipapp src -o app.pyz", Unknown),
        ("python3 -m json.tool config.json out.json", Unknown),
        ("python3 -m ast a.py b.py", Unknown),
        ("cargo --version --config x build", Unknown),
        ("cat {fd}>>log a.txt", Write),
        ("git commit -m x", Write),
        ("git push origin main", Write),
        ("git checkout main", Write),
        ("npm install", Write),
        ("cargo build", Write),
        ("make", Write),
        ("curl https://example.com", Write),
        ("ssh host ls", Write),
        ("kill 1234", Write),
        ("find . -name '*.o' -delete", Write),
        ("find . -name '*.tmp' -exec rm {} \\;", Write),
        ("cat <<EOF > notes.md\nhello\nEOF", Write),
        ("cat <<EOF | wc -l\n$(touch x)\nEOF", Write),
        (
            ": <<COMMENT\nrun `make build` first\nCOMMENT\ngit log -1",
            Write,
        ),
        ("cat <<EOF\nrun `touch x` and `ls`\nEOF", Write),
        ("gcc -c src/add.c -o add.o", Write),
        (
            "rustc --print=native-static-libs=libs.txt src/lib.rs",
            Write,
        ),
        ("rustc --print sysroot=out.txt src/main.rs", Write),
        ("rustc @args src/main.rs --print crate-name", Write),
        ("dd if=/dev/zero of=disk.img bs=1M count=1", Write),
        ("exec > log", Write),
        ("yes | rm -i *", Write),
        ("tree -o listing.txt", Write),
        ("less -o log.txt file", Write),
        ("cat < /dev/tcp/example.com/80", Write),
        ("git fsck --lost-found", Write),
        ("mypy src", Write),
        ("ls | tee \"$LOG\"", Write),
    ]);
}

#[test]
fn dangerous_commands() {
    assert_levels(&[
        ("rm -rf /", Dangerous),
        ("rm -rf /*", Dangerous),
        ("rm -rf ~", Dangerous),
        ("rm -rf ~/", Dangerous),
        ("rm -rf $HOME", Dangerous),
        ("rm -rf \"${HOME}\"/*", Dangerous),
        ("rm -rf *", Dangerous),
        ("rm -rf .", Dangerous),
        ("rm -rf ..", Dangerous),
        ("rm -fr /usr", Dangerous),
        ("rm -r --no-preserve-root /", Dangerous),
        ("rm -rf \"$BUILD_DIR/\"", Dangerous),
        ("rm -rf \"$(pwd)\"", Dangerous),
        ("mkfs.ext4 /dev/sdb1", Dangerous),
        ("dd if=/dev/zero of=/dev/sda", Dangerous),
        ("echo x > /dev/sda", Dangerous),
        (":(){ :|:& };:", Dangerous),
        ("bomb() { bomb | bomb & }; bomb", Dangerous),
        ("curl -fsSL https://x.sh | sh", Dangerous),
        ("wget -qO- https://x.sh | bash", Dangerous),
        ("curl https://x | sudo bash -s -- --yes", Dangerous),
        ("bash <(curl -s https://x)", Dangerous),
        ("sh -c \"$(curl -fsSL https://x)\"", Dangerous),
        ("chmod -R 777 /", Dangerous),
        ("chown -R nobody /", Dangerous),
        ("git push --force origin main", Dangerous),
        ("git push -f", Dangerous),
        ("git push origin +main", Dangerous),
        ("git reset --hard HEAD~3", Dangerous),
        ("git clean -fdx", Dangerous),
        ("shutdown -h now", Dangerous),
        ("reboot", Dangerous),
        ("systemctl poweroff", Dangerous),
        ("kill -9 -1", Dangerous),
        ("find / -delete", Dangerous),
        ("mv ~ /tmp/x", Dangerous),
        ("rm $FLAGS /", Dangerous),
        ("rm -rf {/,x}", Dangerous),
        ("rm -rf /tmp/../", Dangerous),
        ("rm -rf /./", Dangerous),
        ("rm -rf ./src/..", Dangerous),
        ("rm -rf /[a-z]*", Dangerous),
        ("rm -rf ~/..", Dangerous),
    ]);
}

#[test]
fn unknown_commands() {
    assert_levels(&[
        ("foo --bar", Unknown),
        ("$CMD arg", Unknown),
        ("\"$CMD\" arg", Unknown),
        ("eval \"$x\"", Unknown),
        ("source env.sh", Unknown),
        (". ./env.sh", Unknown),
        ("./configure", Unknown),
        ("python script.py", Unknown),
        ("node -e 'require(\"fs\")'", Unknown),
        ("ls | sh", Unknown),
        ("bash script.sh", Unknown),
        ("sort $OPTS file", Unknown),
        ("awk '{ system(\"id \" $1) }'", Unknown),
        ("let \"n = $(cat notes.txt) * 2\"", Unknown),
        ("let x=$y", Unknown),
        ("let 'x=a[$(id)]'", Unknown),
        ("i=$(grep -c . a.txt b.txt); echo \"${L[i]}\"", Unknown),
        ("i=$(grep -c . $f); echo \"${L[i]}\"", Unknown),
        ("i=$(wc -l notes.txt); echo \"${L[i]}\"", Unknown),
        ("i=$(cat n.txt); echo \"${L[i]}\"", Unknown),
        ("i=$(wc -l < f); read i; echo \"${L[i]}\"", Unknown),
        ("i=$(wc -l < f) && i=$(cat g); echo $((i))", Unknown),
        ("script -q -c 'git log -1'", Unknown),
        ("script -q -c 'git log -1' /dev/null", Unknown),
        ("script -q /dev/null", Unknown),
        // Without the context, a program on stdin or in a file is not read (its modules, the file).
        ("python3 - <<'PY'\nprint(1)\nPY", Unknown),
        ("bash scripts/build.sh", Unknown),
        ("python3 tool.py", Unknown),
        ("sed '1e id' f", Unknown),
        ("git -c core.pager='sh -c id' log", Unknown),
        ("git my-alias", Unknown),
        ("PATH=/tmp/bin:$PATH ls", Unknown),
        ("LD_PRELOAD=/tmp/x.so ls", Unknown),
        ("echo \"unterminated", Unknown),
        ("ls &&", Unknown),
        ("if then fi", Unknown),
        ("sudo -s", Unknown),
        ("git log $ARGS", Unknown),
        ("date $WHEN", Unknown),
        ("npm ls $FLAGS", Unknown),
        ("tar $MODE archive.tar", Unknown),
        ("git ls-remote --upload-pack='touch /tmp/x' origin", Unknown),
        ("git grep -Ovim foo", Unknown),
        ("git --exec-path=/tmp status", Unknown),
        ("man -P 'sh -c id' ls", Unknown),
        ("printf -v PATH %s /tmp", Unknown),
        ("fzf --preview 'cat {}'", Unknown),
        ("less $LESSFLAGS file", Unknown),
        ("awk '@load \"filefuncs\"; { print }'", Unknown),
    ]);
}

#[test]
fn evasions_are_never_read_only() {
    assert_levels(&[
        ("c=ls; eval 'c=\"touch F\"'; eval \"$c\"", Unknown),
        ("c=ls; read -r c <<< 'touch F'; eval \"$c\"", Unknown),
        ("for c in ls 'touch F'; do eval \"$c\"; done", Unknown),
        ("(c=ls); eval \"$c\"", Unknown),
        ("c=ls; c=rm; eval \"$c -rf x\"", Unknown),
        ("f() { c=rm; }; c=ls; f; eval \"$c\"", Unknown),
        ("c=ls; bash -c 'c=rm'; printf -v c rm; eval \"$c\"", Unknown),
        ("'rm' -rf /", Dangerous),
        ("r\"\"m -rf /", Dangerous),
        ("\\rm -rf /", Dangerous),
        ("r\\m -rf /", Dangerous),
        ("$'\\x72\\x6d' -rf /", Dangerous),
        ("command rm -rf /", Dangerous),
        ("builtin command rm -rf /", Dangerous),
        ("env X=1 rm -rf /", Dangerous),
        ("X=1 rm -rf /", Dangerous),
        ("/bin/rm -rf /", Dangerous),
        ("/usr/bin/env rm -rf /", Dangerous),
        ("sudo rm -rf /", Dangerous),
        ("sudo -E -u root -- rm -rf /", Dangerous),
        ("timeout 5 nice -n 10 nohup rm -rf /", Dangerous),
        ("time rm -rf /", Dangerous),
        ("taskset -c 0 rm -rf /", Dangerous),
        ("chrt -o 0 rm -rf /", Dangerous),
        ("bash -c 'rm -rf /'", Dangerous),
        ("sh -lc \"rm -rf /\"", Dangerous),
        ("bash -c \"bash -c 'rm -rf /'\"", Dangerous),
        ("echo 'rm -rf /' | bash", Dangerous),
        ("bash <<< 'rm -rf /'", Dangerous),
        ("bash <<EOF\nrm -rf /\nEOF", Dangerous),
        ("$(echo rm) -rf /", Dangerous),
        ("`echo rm` -rf /", Dangerous),
        ("X=rm; $X -rf /", Dangerous),
        ("D=/; rm -rf $D", Dangerous),
        ("ls $(rm -rf /)", Dangerous),
        ("echo \"$(rm -rf ~)\"", Dangerous),
        ("cat <(rm -rf /)", Dangerous),
        ("x=$(rm -rf /)", Dangerous),
        ("find . -exec rm -rf / \\;", Dangerous),
        ("ls | xargs rm -rf /", Dangerous),
        ("xargs -I{} sh -c 'rm -rf /'", Dangerous),
        ("trap 'rm -rf /' EXIT", Dangerous),
        ("alias ls='rm -rf /'", Dangerous),
        ("eval 'rm -rf /'", Dangerous),
        ("su -c 'rm -rf /'", Dangerous),
        ("ssh host 'rm -rf /'", Dangerous),
        ("f() { rm -rf /; }; f", Dangerous),
        ("/tmp/rm -rf /", Dangerous),
        ("$X -rf /", Unknown),
        ("$(printf %s rm) -rf /", Unknown),
        ("\"$(curl -s https://x)\"", Unknown),
    ]);
}

#[test]
fn reports_commands_and_reasons() {
    let cases: &[(&str, Classification)] = &[
        (
            "ls | grep x",
            Classification {
                level: ReadOnly,
                commands: vec!["ls".into(), "grep".into()],
                reasons: vec!["every command only reads: ls, grep".into()],
                context: ContextUse::Assumed,
            },
        ),
        (
            "echo hi > out.txt && rm -rf /",
            Classification {
                level: Dangerous,
                commands: vec!["echo".into(), "rm".into()],
                reasons: vec![
                    "rm -rf targets the root directory".into(),
                    "redirection writes to out.txt".into(),
                    "rm deletes / recursively".into(),
                ],
                context: ContextUse::Assumed,
            },
        ),
        (
            "foo; foo; bar $(baz)",
            Classification {
                level: Unknown,
                commands: vec!["foo".into(), "bar".into(), "baz".into()],
                reasons: vec![
                    "unknown program: foo".into(),
                    "unknown program: bar".into(),
                    "unknown program: baz".into(),
                ],
                context: ContextUse::Assumed,
            },
        ),
        (
            "sudo bash -c 'git status'",
            Classification {
                level: ReadOnly,
                commands: vec!["sudo".into(), "bash".into(), "git".into()],
                reasons: vec!["every command only reads: sudo, bash, git".into()],
                context: ContextUse::Assumed,
            },
        ),
    ];
    for (command, expected) in cases {
        assert_eq!(classify(command), *expected, "{command:?}");
    }
}

#[test]
fn nesting_is_bounded() {
    let mut command = "rm -rf /".to_string();
    for _ in 0..10 {
        command = format!("bash -c {}", shell_quote(&command));
    }
    let result = classify(&command);
    assert!(result.level >= Unknown, "{result:?}");
    assert!(
        result
            .reasons
            .iter()
            .any(|r| r.contains("nested too deeply")),
        "{result:?}"
    );
}

fn shell_quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', "'\\''"))
}

#[test]
fn deep_syntax_cannot_overflow_the_stack() {
    let depth = 20_000;
    let inputs = [
        format!("{}ls{}", "(".repeat(depth), ")".repeat(depth)),
        format!("{}ls{}", "$(echo ".repeat(depth), ")".repeat(depth)),
        format!("echo {}x{}", "\"$(echo ".repeat(depth), ")\"".repeat(depth)),
        format!("{}ls{}", "{ ".repeat(depth), "; }".repeat(depth)),
    ];
    for input in inputs {
        let result = classify(&input);
        assert!(result.level >= Unknown, "{:?}", result.reasons);
    }
}

/// Issue 44's second round: modes that only read, and a grammar tree-sitter-bash lacks.
#[test]
fn dry_runs_listings_and_coprocesses() {
    assert_levels(&[
        // -n / -o noexec: bash reads the script and runs none of it.
        ("bash -n scripts/build.sh", ReadOnly),
        ("sh -n x.sh && bash -o noexec y.sh", ReadOnly),
        ("bash -n -c 'rm -rf /'", ReadOnly),
        ("bash +n x.sh", Unknown),
        ("bash -n x.sh; bash x.sh", Unknown),
        // --to-command only runs for members extracted.
        ("tar --to-command=./unpack.sh -tvf release.tar", ReadOnly),
        ("tar --to-command=./unpack.sh -xf release.tar", Unknown),
        // Extracting over a pipe makes nothing on disk: the command is judged as `sh -c`.
        ("tar -xf a.tar --to-command=cat", ReadOnly),
        ("tar -x --to-command 'wc -c' -f a.tar", ReadOnly),
        ("tar -xf a.tar --to-command='cat > out'", Write),
        ("tar -xf a.tar --to-command=\"$CMD\"", Unknown),
        // An output option into /dev/null writes no file; a suffix does not count.
        ("sort -o /dev/null words.txt", ReadOnly),
        ("sort -o out.txt words.txt", Write),
        // A bounded buffer spills a larger input to temporary files (measured, coreutils 9.1).
        ("sort -S 64K -rn big.txt", Write),
        ("sort --buffer-size=1M big.txt", Write),
        ("sort -rn big.txt", ReadOnly),
        // pip's general options that only take away (its cache, prompts, the user's config).
        (
            "pip list --disable-pip-version-check --no-cache-dir --isolated",
            ReadOnly,
        ),
        // Invoke 3.0's version and help load no tasks.py; its list does.
        ("invoke --version", ReadOnly),
        ("inv -V", ReadOnly),
        ("invoke -l", Unknown),
        ("sed -i/dev/null s/a/b/ f", Write),
        // symbolic-ref with one operand shows it.
        ("git symbolic-ref HEAD", ReadOnly),
        ("git symbolic-ref --short -q HEAD", ReadOnly),
        ("git symbolic-ref HEAD refs/heads/x", Write),
        ("git symbolic-ref -d HEAD", Write),
        // A named coprocess is its compound command in the background.
        (
            "coproc SORTER { sort words.txt; }; cat <&\"${SORTER[0]}\"; wait",
            ReadOnly,
        ),
        ("coproc W { touch pwned; }", Write),
        ("coproc N (rm -f x)", Write),
        ("coproc touch pwned; wait", Write),
        ("echo 'coproc X { a; }'", ReadOnly),
        // Version and help, and sqlite reads: opening a database that is not there creates it,
        // which only the context can rule out.
        ("sqlite3 --version && mvn -v", Write),
        ("sqlite3 -readonly app.db 'select 1'", ReadOnly),
        // `-init FILE` runs FILE's commands: /dev/null has none.
        (
            "sqlite3 -init /dev/null -readonly app.db 'select 1'",
            ReadOnly,
        ),
        (
            "sqlite3 -init setup.sql -readonly app.db 'select 1'",
            Unknown,
        ),
        ("sqlite3 -readonly app.db -init", Unknown),
        ("sqlite3 app.db '.tables' 'select name from users'", Write),
        (
            "sqlite3 app.db 'with t as (select 1) insert into u select * from t'",
            Unknown,
        ),
        ("sqlite3 app.db 'pragma journal_mode(wal)'", Unknown),
        // A pragma named alone reports its setting; one that acts when named does not.
        (
            "sqlite3 -readonly app.db 'pragma user_version; pragma journal_mode'",
            ReadOnly,
        ),
        (
            "sqlite3 app.db 'pragma user_version; pragma journal_mode'",
            Write,
        ),
        ("sqlite3 app.db 'pragma optimize'", Unknown),
        ("sqlite3 app.db 'pragma wal_checkpoint'", Unknown),
        ("sqlite3 app.db 'pragma journal_mode = wal'", Unknown),
        ("sqlite3 app.db 'pragma main.journal_mode'", Unknown),
        // Without a context, `NAME="$NAME"` is a value only known at run time.
        (
            "env -i PATH=/usr/bin:/bin HOME=\"$HOME\" git rev-parse --short HEAD",
            Unknown,
        ),
        ("env -u GIT_DIR git rev-parse HEAD", ReadOnly),
        ("env -u \"$X\" git rev-parse HEAD", Unknown),
        // A perl one-liner that only prints needs the context (PERL5OPT, PERL5LIB) to be read.
        ("perl -F, -lane 'print $F[1] if $. > 1' data.csv", Unknown),
        ("perl -pi -e 's/a/b/' notes.txt", Unknown),
        // The JVM writes /tmp/hsperfdata_<user> unless told not to.
        ("java -XshowSettings:properties -version", Write),
        (
            "java -XX:-UsePerfData -XshowSettings:properties -version",
            ReadOnly,
        ),
        ("java -version", Write),
        ("javac -version", Write),
        ("mvn -v", Write),
        ("java -XshowSettings:properties -jar app.jar", Unknown),
        ("java -XshowSettings:all -version -javaagent:x.jar", Unknown),
        // vim in silent Ex mode reads no vimrc; printing commands only.
        // Without -n, vim writes a swap file beside the file and removes it (measured, 9.0).
        ("vim -es -c '%print' -c 'qa!' notes.txt", Write),
        ("vim -n -es -c '%print' -c 'qa!' notes.txt", ReadOnly),
        ("vim -n -es -c '1,3p' -c 'q!' notes.txt", ReadOnly),
        ("vim -es -c '%s/a/b/' -c 'wq' notes.txt", Write),
        ("vim -es -c '%print' notes.txt", Write),
        ("vim -c '%print' -c 'qa!' notes.txt", Write),
        ("vim -es -N -c '%print' -c 'qa!' notes.txt", Write),
        ("vim -es -c '!touch x' -c 'qa!' notes.txt", Write),
        // `-i NONE`: no viminfo file at all; another name is not taken.
        ("vim -n -es -i NONE -c '%p' -c 'qa!' notes.txt", ReadOnly),
        ("vim -n -es -i NONE -c 'w! out' -c 'qa!' notes.txt", Write),
        ("vim -n -es -i vi.info -c '%p' -c 'qa!' notes.txt", Write),
        // `:x` writes only a changed buffer; ex is vim in Ex mode, `-s` silent only after it.
        ("ex -u NONE -i NONE -n -s -c 'x' f.txt", ReadOnly),
        ("vim -n -e -s -c '%p' -c 'xit' f.txt", ReadOnly),
        ("vim -n -s -e -c '%p' -c 'q' f.txt", Write),
        ("ex -n -s -c '%s/a/b/' -c 'x' f.txt", Write),
        ("ex -u vimrc -n -s -c 'x' f.txt", Write),
        // Ex mode on an input that is not a terminal reads no vimrc, but loads plugins (cls50).
        ("ex -n -c 'x' f.txt", Unknown),
        ("vim -n -es -i -c '%p' -c 'qa!' notes.txt", Write),
        // A read-only buffer (`-R`, view) makes no swap file while it is not changed.
        ("view -es -c '2p' -c 'qa!' README.md", ReadOnly),
        ("vim -R -es -c '%p' -c 'qa!' f.txt", ReadOnly),
        ("view -es -c '%s/a/b/' -c 'qa!' f.txt", Unknown),
        ("view -e -c '2p' -c 'qa!' f.txt", Unknown),
        ("view -es -c '2p' f.txt", Unknown),
        ("vim -Res -c '%p' -c 'qa!' f.txt", ReadOnly),
        ("vim -nes -c '%p' -c 'qa!' f.txt", ReadOnly),
        ("vim -ses -c '%p' -c 'qa!' f.txt", Write),
        ("vim -es -c '%p' -c 'qa!' -R f.txt", ReadOnly),
        // `:echo` of an expression that only reads; a call of anything else is refused.
        ("ex -n -s +'echo line(\"$\")' +'q!' docs/guide.md", ReadOnly),
        (
            "ex -n -s -c 'echo \"a|b\" . getline(1) len(getline(2))' -c 'q!' f.txt",
            ReadOnly,
        ),
        (
            "vim -n -es -c 'echon &ft v:version' -c 'qa!' f.txt",
            ReadOnly,
        ),
        ("ex -s +'echo line(\"$\")' +'q!' f.txt", Write),
        (
            "ex -n -s +'echo writefile([\"x\"], \"f\")' +'q!' f.txt",
            Write,
        ),
        ("ex -n -s +'echo system(\"touch x\")' +'q!' f.txt", Write),
        ("ex -n -s +'echo 1 | !touch x' +'q!' f.txt", Write),
        ("ex -n -s +'echo foo#bar()' +'q!' f.txt", Write),
        ("ex -n -s +'echo {-> 1}()' +'q!' f.txt", Write),
        (
            "ex -n -s +'echo \"x\"->writefile(\"f\")' +'q!' f.txt",
            Write,
        ),
        ("ex -n -s +'echo expand(\"`touch x`\")' +'q!' f.txt", Write),
        ("ex -n -s +'echomsg 1' +'q!' f.txt", Write),
        // bash's `true`, `false` and `:` have a fixed status: the branch they rule out never runs.
        ("false && touch made.txt; echo ok", ReadOnly),
        ("true || touch made.txt", ReadOnly),
        (": || rm -rf build", ReadOnly),
        ("false && true && touch x", ReadOnly),
        ("true && false && touch x", ReadOnly),
        ("! true && touch x", ReadOnly),
        ("false > /dev/null && touch x", ReadOnly),
        ("if false; then touch x; fi; echo ok", ReadOnly),
        ("if true; then echo a; else touch x; fi", ReadOnly),
        (
            "if false; then touch x; elif true; then echo b; fi",
            ReadOnly,
        ),
        ("true && touch x", Write),
        ("false || touch x", Write),
        ("false; true && touch x", Write),
        ("true > /nonexistent/dir/f || touch x", Write),
        ("false && touch x || touch y", Write),
        ("if false; then echo a; else touch x; fi", Write),
        ("if true; then touch x; fi", Write),
        ("[ -e nope ] && touch x", Write),
        ("false() { :; }; false && touch x", Write),
        (
            "shopt -s expand_aliases; alias false=true; false && touch x",
            Write,
        ),
        ("function true { return 1; }; true || touch x", Write),
        ("false && $(touch x)", ReadOnly),
        ("false $(touch x) && echo", Write),
        // gdb without its initialization files, evaluating and printing.
        ("gdb -nx -batch -ex 'print 6*7'", ReadOnly),
        ("gdb -batch -ex 'print 6*7'", Unknown),
        ("gdb -nx -batch -ex 'print $_shell(\"touch x\")'", Unknown),
        ("gdb -nx -batch -ex 'shell touch x'", Unknown),
        // The regular expressions of `info functions|variables|types` are not expressions.
        ("gdb -nx -batch -ex 'info functions ^add$' a.out", ReadOnly),
        (
            "gdb -batch -nx -ex 'info variables ^count$' -ex 'info types T$' a.out",
            ReadOnly,
        ),
        ("gdb -nx -batch -ex 'info line *$pc' a.out", Unknown),
        (
            "gdb -nx -batch -ex 'info symbol $_shell(\"touch x\")' a.out",
            Unknown,
        ),
        (
            "gdb -nx -batch -ex 'info functions ^a$; shell touch x' a.out",
            Unknown,
        ),
        // -nh skips only the home directory's init files: the context reads them.
        ("gdb -nh -batch -ex 'print 2+2'", Unknown),
        // A program loaded, not run; what gdb auto-loads for it is the context's to see.
        ("gdb -nx -batch -ex 'print 1' ./a.out", ReadOnly),
        (
            "gdb -nx -batch -ex 'info functions add' -ex 'info line main' build/m",
            ReadOnly,
        ),
        (
            "gdb -nx -batch -ex 'x/4i main' -ex 'disassemble main' a.out core",
            ReadOnly,
        ),
        ("gdb -nx -ex 'print 1' ./a.out", Unknown),
        ("gdb -nx -batch -ex 'run' ./a.out", Unknown),
        ("gdb -nx -batch -ex 'info line main' -p 1234", Unknown),
        ("gdb -nx -batch --args ./a.out x", Unknown),
        ("gdb -nx -batch -x cmds.gdb", Unknown),
        // Modes that print what they would write.
        ("cargo clean --dry-run", ReadOnly),
        ("cargo clean -n --release", ReadOnly),
        ("cargo clean", Write),
        ("cargo clean --release", Write),
        (
            "rustfmt --edition 2021 --emit stdout src/parse.rs",
            ReadOnly,
        ),
        ("rustfmt --emit=stdout src/parse.rs", ReadOnly),
        ("rustfmt --emit files src/parse.rs", Write),
        ("rustfmt --check --emit files src/parse.rs", Write),
        ("rustfmt src/parse.rs", Write),
        // split --filter writes no piece: what the filter does is classified as code.
        ("split -n l/2 --filter='wc -l' notes.txt", ReadOnly),
        ("split -l 10 --filter 'sha256sum' notes.txt part-", ReadOnly),
        ("split -n l/2 --filter='gzip > $FILE.gz' notes.txt", Write),
        ("split --filter='rm -rf ~' notes.txt", Dangerous),
        ("split -n l/2 notes.txt", Write),
        ("split --filter=\"$CMD\" notes.txt", Write),
        ("split -n l/2 --filter='wc -l' --bogus notes.txt", Write),
        // A git setting that names a program, set to false, runs nothing; set otherwise it may.
        ("git -c core.fsmonitor=false status --porcelain", ReadOnly),
        (
            "git -c core.fsmonitor=Off -c core.untrackedCache=no status",
            ReadOnly,
        ),
        ("git -c core.fsmonitor=./fsm status", Unknown),
        ("git -c core.fsmonitor status", Unknown),
        ("git -c core.fsmonitor=true status", Unknown),
        ("git -c diff.external=false diff", Unknown),
        ("git blame --no-textconv -L 1,3 a.txt", ReadOnly),
        ("git blame --textconv a.txt", ReadOnly),
        ("mvn package", Write),
        // git's dry runs list what they would do; those of rm, mv and reflog still lock the
        // index or the refs (a file made and removed).
        ("git prune -n", ReadOnly),
        ("git clean -n", ReadOnly),
        ("git rm -n --cached a.txt", Write),
        ("git rm --dry-run -r src", Write),
        ("git mv -n a.txt b.txt", Write),
        ("git reflog expire --dry-run --all", Write),
        ("git reflog delete -n HEAD@{1}", Write),
        ("git rm --cached a.txt", Write),
        ("git mv -k a.txt b.txt", Write),
        ("git reflog expire --all", Write),
        // util-linux's scheduling wrappers run their command; -p changes a running process.
        ("taskset -c 0 git log --oneline -2", ReadOnly),
        ("taskset 0x3 wc -l notes.txt", ReadOnly),
        ("chrt -o 0 wc -l notes.txt", ReadOnly),
        ("chrt -b 0 sort -o out.txt a.txt", Write),
        ("taskset -p 0x1 1234", Write),
        ("chrt -p 0 1234", Write),
        ("chrt -m", ReadOnly),
        // a bundle's heads and prerequisites are read; creating or unbundling writes.
        ("git bundle list-heads ../x.bundle", ReadOnly),
        ("git bundle verify -q ../x.bundle", ReadOnly),
        ("git bundle create ../x.bundle HEAD", Write),
        ("git bundle unbundle ../x.bundle", Write),
        ("git bundle verify \"$B\"", Write),
        // -S takes its value attached or apart.
        ("git log -S'text' --oneline", ReadOnly),
        ("git log -Stext -p", ReadOnly),
        ("git log -S text --output=x", Write),
    ]);
}

/// Issue 44: `npm version` with no operand prints the versions; with one it bumps and writes.
#[test]
fn npm_version_without_operand() {
    assert_levels(&[
        ("npm version", ReadOnly),
        ("npm version --json", ReadOnly),
        ("npm version patch", Write),
        ("npm version 1.2.3 --json", Write),
        ("npm version --json minor", Write),
        ("npm version --no-git-tag-version", Write),
    ]);
}

/// Issue 44: `mvn -v` quieted (`-q`, `-B`) still only prints the version.
#[test]
fn mvn_version_quiet() {
    assert_levels(&[
        ("mvn -v -q", Write),
        ("mvn --version --batch-mode", Write),
        ("mvn -B -v", Write),
        ("mvn -q package", Write),
        ("mvn -q", Write),
        ("mvn -v -q package", Write),
    ]);
}

/// Issue 44 (round 31): `go env` prints the variables it knows at once; printing all of them, or a
/// compiler flag variable, runs the C compiler in a work directory made in TMPDIR.
#[test]
fn go_env_costly_variables() {
    assert_levels(&[
        ("go env GOOS GOARCH", ReadOnly),
        ("go env -json GOOS", ReadOnly),
        ("go env CC", ReadOnly),
        ("go env", Write),
        ("go env -json", Write),
        ("go env -json | jq -r .GOOS", Write),
        ("go env GOOS GOGCCFLAGS", Write),
        ("go env cgo_cflags", Write),
        ("go env PKG_CONFIG", Write),
        ("go env \"$V\"", Write),
    ]);
}

/// Issue 44: `go generate -n` prints the commands, but loading the packages may make the build
/// cache (round 37: `go generate -n ./...` made ~/.cache/go-build); `-x` alone, or `-n` after an
/// operand, runs them.
#[test]
fn go_generate_dry_run() {
    assert_levels(&[
        ("go generate -n", Write),
        ("go generate -n ./...", Write),
        ("go generate -n -run foo ./pkg", Write),
        ("go generate -x", Write),
        ("go generate", Write),
        ("go generate ./pkg -n", Write),
        ("go generate -run -n ./pkg", Write),
        ("go generate -n=false", Write),
    ]);
}

/// Issue 44: openssl subcommands that only print; `-out`, `-writerand`, `-engine` fall through.
#[test]
fn openssl_printing_subcommands() {
    assert_levels(&[
        ("openssl version", ReadOnly),
        ("openssl version -a", ReadOnly),
        ("openssl rand -hex 16", ReadOnly),
        ("openssl rand -base64 32", ReadOnly),
        ("openssl rand -out r.bin 16", Unknown),
        ("openssl rand -writerand seed 16", Unknown),
        ("openssl genrsa", ReadOnly),
        ("openssl genrsa 2048", ReadOnly),
        ("openssl genrsa -out key.pem 2048", Unknown),
        ("openssl genrsa -aes256 2048", Unknown),
        ("openssl genpkey -algorithm RSA", ReadOnly),
        ("openssl genpkey -algorithm ed25519 -text", ReadOnly),
        (
            "openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:4096",
            ReadOnly,
        ),
        ("openssl genpkey -algorithm RSA -out k.pem", Unknown),
        ("openssl genpkey -algorithm RSA -outpubkey p.pem", Unknown),
        ("openssl genpkey -algorithm RSA -engine x", Unknown),
        ("openssl genpkey -algorithm", Unknown),
        ("openssl dgst -sha256 file.txt", ReadOnly),
        ("openssl dgst -sha256 -out d.txt file.txt", Unknown),
        ("openssl x509 -in cert.pem -noout -text", ReadOnly),
        ("openssl x509 -in cert.pem -noout -text -out c.txt", Unknown),
    ]);
}

#[test]
fn path_of_system_directories_only() {
    // The programs found are the system's own, as with the default PATH.
    assert_levels(&[
        ("env -i PATH=/usr/bin:/bin ls -1 src", ReadOnly),
        ("PATH=/usr/local/bin:/usr/bin:/bin git status", ReadOnly),
        ("export PATH=/usr/bin:/bin/; wc -l a.txt", ReadOnly),
        // A directory a repository or a download can fill, or the current one, is searched.
        ("env -i PATH=.:/usr/bin ls", Unknown),
        ("PATH=/usr/bin: ls", Unknown),
        ("PATH= ls", Unknown),
        ("PATH=node_modules/.bin:/usr/bin git status", Unknown),
        ("PATH=/tmp/x:/usr/bin ls", Unknown),
        ("export PATH=$HOME/bin:/usr/bin; ls", Unknown),
    ]);
}

#[test]
fn ed_with_commands_that_only_print() {
    // ed writes or runs something only through its commands: these print or change its buffer.
    assert_levels(&[
        ("ed -s notes.txt <<< ,p", ReadOnly),
        ("ed -s notes.txt <<< '/beta/='", ReadOnly),
        ("echo 2p | ed -s notes.txt", ReadOnly),
        ("ed -s notes.txt <<'EOF'\ng/a/p\n1,2n\nQ\nEOF", ReadOnly),
        ("red -s notes.txt <<< 's/alpha/x/\n,p'", ReadOnly),
        // A command that writes the file or another, or runs one.
        ("ed -s notes.txt <<< $',s/a/b/g\\nw'", Write),
        ("ed -s notes.txt <<< 'wq'", Write),
        ("ed -s notes.txt <<< 'g/a/w out.txt'", Write),
        ("ed -s notes.txt <<< '1W out.txt'", Write),
        ("ed -s notes.txt <<< '!touch x'", Write),
        ("ed -s notes.txt <<< '$r !touch x'", Write),
        ("ed -s notes.txt <<< 'r !date >> log'", Write),
        ("ed -s notes.txt <<< 'r !rm %'", Write),
        ("ed -s <<< 'r !cat %'", Write),
        ("ed -s notes.txt <<< 'r !cat \\%'", Write),
        // `r !cmd` and `!cmd` run cmd, which is judged; `r FILE` reads a file into the buffer.
        ("ed -s notes.txt <<< 'r !id'", ReadOnly),
        ("ed -s notes.txt <<< '$r !date'", ReadOnly),
        // ed puts the file's name for `%` (`date +notes.txtY`, `cat notes.txt`).
        ("ed -s notes.txt <<< '$r !date +%Y'", ReadOnly),
        (
            "printf '%s\\n' '$r !date +%Y' ',p' Q | ed -s f.txt | tail -1",
            ReadOnly,
        ),
        ("ed -s notes.txt <<< 'r !cat %'", ReadOnly),
        ("ed -s 'x;touch y' <<< 'r !cat %'", Write),
        ("ed -s notes.txt <<< '!ls'", ReadOnly),
        ("ed -s notes.txt <<< '$r other.txt'", ReadOnly),
        ("ed -s notes.txt <<< 'e other.txt'", Write),
        ("ed -s '!touch x' <<< ,p", Write),
        ("ed -s notes.txt", Write),
        ("ed -s notes.txt < script.ed", Write),
        ("cat script.ed | ed -s notes.txt", Write),
        ("ed -s notes.txt <<< \"$cmds\"", Write),
    ]);
}

#[test]
fn loops_over_fixed_words_and_globs() {
    // A loop's variable over globs and fixed words is a file's name or the word: never a
    // /dev/tcp path, and, over plain words, nothing bash would expand again in a subscript.
    assert_levels(&[
        ("for f in *.txt; do wc -l < \"$f\"; done", ReadOnly),
        (
            "for f in src/*.rs README.md; do echo \"$f: $(wc -l < \"$f\")\"; done",
            ReadOnly,
        ),
        ("for f in *.txt; do head -1 < ${f}; done", ReadOnly),
        (
            "declare -A m=([a]=1 [b]=2); echo $(( m[a] + m[b] ))",
            ReadOnly,
        ),
        (
            "declare -A count; for w in a b a; do ((count[$w]++)); done; echo ${count[a]}",
            ReadOnly,
        ),
        ("declare -A c; c[x]=1; ((c[x]++)); echo ${c[x]}", ReadOnly),
        // The values come from elsewhere, or the variable is set again.
        (
            "for f in /dev/tcp/example.com/80; do cat < \"$f\"; done",
            Unknown,
        ),
        ("for f in $(cat list); do cat < \"$f\"; done", Unknown),
        (
            "for f in *.txt; do f=/dev/tcp/x/80; cat < \"$f\"; done",
            Write,
        ),
        ("for f in *.txt; do read f; cat < \"$f\"; done", Unknown),
        ("for f in \"$@\"; do cat < \"$f\"; done", Unknown),
        ("for f in *.txt; do wc -l > \"$f\"; done", Write),
        // Over plain words the body runs once per word: a command named by the variable is
        // each of them in turn.
        (
            "for t in git make jq; do printf '%-8s ' \"$t\"; \"$t\" --version 2>&1 | head -1; done",
            ReadOnly,
        ),
        ("for t in cat rm; do \"$t\" notes.txt; done", Write),
        ("for c in git sh; do $c -c 'id'; done", Unknown),
        ("for f in a.txt b.txt; do echo x > \"$f\"; done", Write),
        ("for t in git; do t=sh; \"$t\" x; done", Unknown),
        (
            "declare -A seen; while read -r l; do ((seen[$l]++)); done < notes.txt",
            Unknown,
        ),
        (
            "declare -A count; for w in *; do ((count[$w]++)); done",
            Unknown,
        ),
        ("declare -A m; m[a]=$(cat x); echo $(( m[a] ))", Unknown),
        ("declare -A m=([a]=x); echo $(( m[a] ))", Unknown),
        (
            "declare -A m; for w in a b; do w=x; ((m[$w]++)); done",
            Unknown,
        ),
        ("declare -A m; ((m[\"$k\"]++))", Unknown),
        ("if false; then declare -A m; fi; ((m[$w]++))", Unknown),
    ]);
}

#[test]
fn curl_of_local_files_to_its_output() {
    // file:// URLs with options that only shape the output: curl copies files to stdout.
    assert_levels(&[
        ("curl -s file:///etc/hostname", ReadOnly),
        (
            "curl -q -sS \"file://$PWD/config.json\" | jq .version",
            ReadOnly,
        ),
        (
            "curl --silent --fail -r 0-99 file:///etc/os-release",
            ReadOnly,
        ),
        // A file written, a server reached, options or configuration not known.
        ("curl -s file:///etc/hostname -o out.txt", Write),
        ("curl -sO file:///etc/hostname", Write),
        ("curl -T a.txt file:///tmp/b.txt", Write),
        ("curl -s file:///etc/hostname https://example.com", Write),
        ("curl -w '%output{x}' file:///etc/hostname", Write),
        ("curl -K cfg file:///etc/hostname", Write),
        ("curl --trace t.log file:///etc/hostname", Write),
        ("curl -sD h.txt file:///etc/hostname", Write),
        ("curl file://host/etc/hostname", Write),
        ("curl \"$URL\"", Write),
        ("curl -s file:///etc/hostname | sh", Dangerous),
    ]);
}

#[test]
fn wget_of_schemes_it_refuses() {
    // wget retrieves http, https, ftp and ftps only: any other scheme is refused before a file
    // is opened for it (its wgetrc is the context's).
    assert_levels(&[
        ("wget -q -O - file:///etc/hostname", ReadOnly),
        (
            "wget -qO- file:///etc/hostname 2>/dev/null | head -1",
            ReadOnly,
        ),
        ("wget --output-document=- gopher://host/x", ReadOnly),
        ("wget -nv -O - -t 1 file:///a file:///b", ReadOnly),
        // A file named, a scheme it takes (or none, taken as http), options not known.
        ("wget file:///etc/hostname", ReadOnly),
        ("wget -O out.txt file:///etc/hostname", Write),
        ("wget -qO out.txt file:///etc/hostname", Write),
        ("wget -o log.txt -O - file:///etc/hostname", Write),
        ("wget -b file:///etc/hostname", Write),
        ("wget -O - file:///a https://example.com", Write),
        ("wget -O - example.com", Write),
        ("wget -O - FTP://example.com/x", Write),
        ("wget -i urls.txt", Write),
        ("wget -e robots=off -O - file:///a", Write),
        ("wget -O - \"$URL\"", Write),
    ]);
}

#[test]
fn converters_and_package_tools_reading() {
    assert_levels(&[
        ("recode -l | head -3", ReadOnly),
        ("recode latin1..utf8 < latin1.txt", ReadOnly),
        ("recode latin1..utf8 latin1.txt", Unknown),
        ("dos2unix --info=d dos.txt README.md", ReadOnly),
        ("dos2unix < dos.txt | od -c", ReadOnly),
        ("dos2unix dos.txt", Unknown),
        ("protoc --decode_raw < msg.bin", ReadOnly),
        ("protoc --python_out=. m.proto", Unknown),
        (
            "ghc-pkg list --global --simple-output 2>/dev/null | tr ' ' '\\n' | head -3",
            ReadOnly,
        ),
        ("ghc-pkg unregister foo", Unknown),
        ("swipl --version", ReadOnly),
        ("swipl -g halt x.pl", Unknown),
        ("xsltproc --version", ReadOnly),
        ("mix help 2>/dev/null | head -3; true", ReadOnly),
        ("mix compile", Unknown),
    ]);
}

#[test]
fn pydoc_of_standard_names() {
    assert_levels(&[
        ("pydoc json", ReadOnly),
        ("pydoc3 str.split", ReadOnly),
        ("python3 -m pydoc os.path", ReadOnly),
        ("pydoc if", ReadOnly),
        ("pydoc FORMATTING", ReadOnly),
        // A module of the project's, a path, or a mode that imports everything or writes.
        ("pydoc helpers", Unknown),
        ("pydoc ./tool.py", Unknown),
        ("pydoc -k json", Unknown),
        ("pydoc -w json", Unknown),
        ("pydoc -p 8080", Unknown),
        ("python3 -m pydoc -b", Unknown),
        ("pydoc", Unknown),
    ]);
}

#[test]
fn git_archive_to_its_output() {
    // git archive writes to its output unless -o names a file or --remote another machine.
    assert_levels(&[
        ("git archive HEAD | tar -t", ReadOnly),
        ("git archive --format=tar HEAD | tar -tf -", ReadOnly),
        (
            "git archive --format zip --prefix=p/ HEAD src | wc -c",
            ReadOnly,
        ),
        ("git archive -o x.tar HEAD", Write),
        ("git archive -ox.tar HEAD", Write),
        ("git archive --output=x.zip HEAD", Write),
        ("git archive --remote=origin HEAD", Write),
        ("git archive \"$opt\" HEAD", Unknown),
        ("git archive --remote=x --exec=y HEAD", Unknown),
        ("git archive HEAD > out.tar", Write),
    ]);
}

#[test]
fn time_keyword_before_a_subshell() {
    // `time` at the start of a command is bash's keyword: the subshell after it is what runs.
    assert_levels(&[
        ("time (git log --oneline | wc -l)", ReadOnly),
        // tree-sitter-bash does not parse `time -p ( … )`: it stays unknown.
        ("time -p (ls; cat a.txt)", Unknown),
        ("time (ls; cat a.txt)", ReadOnly),
        ("time (ls) | wc -l", ReadOnly),
        ("time ls -la", ReadOnly),
        ("time (rm -rf build)", Write),
        ("time (cat a.txt > b.txt)", Write),
        ("time (ls) > out.txt", Write),
        ("echo 'touch x' | time (bash)", Unknown),
        ("time ($CMD)", Unknown),
        ("time (ls) (rm x)", Unknown),
    ]);
}

#[test]
fn flock_runs_its_command_and_may_create_its_lock_file() {
    // Without the context, the lock file may be missing: flock creates it.
    assert_levels(&[
        ("flock -n Cargo.lock cat Cargo.lock", Write),
        ("flock 9", ReadOnly),
        ("flock -n x.lock rm -rf build", Write),
        ("flock x.lock -c 'rm a'", Write),
        ("flock x.lock -c \"$CMD\"", Unknown),
        ("flock -c 'ls' x.lock", Unknown),
        ("flock --bogus x.lock ls", Unknown),
        ("flock x.lock bash", Unknown),
    ]);
}

/// The documented modes of bench/classify-modes.json (what each program's manual or `--help`
/// says only reads, and what writes, runs code or reaches the network; see
/// bench/classify-modes.mjs): a write mode is never read-only, and a read mode is read-only
/// unless the list says it is still asked about (`asked`, with the reason in `note`), so that
/// both sides fail when the classifier moves.
#[test]
fn documented_modes() {
    #[derive(serde::Deserialize)]
    struct Program {
        program: String,
        read: Vec<String>,
        write: Vec<String>,
        #[serde(default)]
        asked: Vec<String>,
    }
    let list: Vec<Program> =
        serde_json::from_str(include_str!("../../../bench/classify-modes.json")).unwrap();
    let mut wrong = Vec::new();
    for p in &list {
        for command in &p.read {
            let got = classify(command);
            let asked = p.asked.contains(command);
            if (got.level == ReadOnly) == asked {
                wrong.push(format!(
                    "{}: read mode {command:?} {} read-only: {} {:?}",
                    p.program,
                    if asked { "listed as asked, but" } else { "not" },
                    got.level.as_str(),
                    got.reasons
                ));
            }
        }
        for command in &p.write {
            let got = classify(command);
            if got.level == ReadOnly {
                wrong.push(format!(
                    "{}: write mode {command:?} is read-only",
                    p.program
                ));
            }
        }
    }
    assert!(list.len() >= 140, "the list has {} programs", list.len());
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The long tail of documented modes (issue 44, bench/classify-modes.json), the write side of
/// each next to the read side: a mode word that is an option's value, an output file, a program
/// that runs, a second operand.
#[test]
fn documented_modes_write_sides() {
    assert_levels(&[
        // git
        ("git format-patch -1 --stdout HEAD", ReadOnly),
        ("git format-patch --to --stdout -1", Write),
        ("git format-patch --stdout -1 -o out", Write),
        ("git format-patch --stdout -1 --output=x.patch", Write),
        ("git format-patch --stdout -1 --o=x", Write),
        ("git merge-file -p a base b", ReadOnly),
        ("git merge-file a base b", Unknown),
        ("git merge-file -L -p a base b", Unknown),
        ("git worktree prune -n -v", ReadOnly),
        ("git worktree prune", Write),
        ("git worktree prune -n --expire now x", Write),
        ("git hash-object a.txt", ReadOnly),
        ("git hash-object -w a.txt", Write),
        ("git hash-object -tw a.txt", Write),
        ("git interpret-trailers --parse msg.txt", ReadOnly),
        ("git interpret-trailers msg.txt", ReadOnly),
        (
            "git interpret-trailers --trailer 'Reviewed-by: A' msg.txt",
            ReadOnly,
        ),
        (
            "git interpret-trailers --trailer --in-place msg.txt",
            ReadOnly,
        ),
        ("git interpret-trailers --parse --in-place msg.txt", Unknown),
        ("git interpret-trailers --in msg.txt", Unknown),
        (
            "git interpret-trailers --where end --in-pl msg.txt",
            Unknown,
        ),
        ("git fast-export --no-data main", ReadOnly),
        ("git fast-export --all -M -C --signed-tags=strip", ReadOnly),
        ("git fast-export --export-marks=m main", Unknown),
        ("git fast-export --exp=m main", Unknown),
        (
            "git fast-export --import-marks=m --export-marks m main",
            Unknown,
        ),
        ("git replace -l", ReadOnly),
        ("git replace -d abc", Write),
        ("git rerere status", ReadOnly),
        ("git rerere", Unknown),
        ("git rerere forget a.txt", Unknown),
        ("git hook list pre-commit", ReadOnly),
        ("git hook run pre-commit", Unknown),
        ("git prune-packed -n -q", ReadOnly),
        ("git bundle create - main", ReadOnly),
        // eval "$(dircolors -b)": one LS_COLORS assignment, unless dircolors is the script's own
        ("eval \"$(dircolors -b)\" && ls --color=always", ReadOnly),
        ("eval \"$(dircolors)\"", Unknown),
        (
            "dircolors() { echo rm -rf x; }; eval \"$(dircolors -b)\"",
            Unknown,
        ),
        (
            "alias dircolors='echo rm -rf x'\neval \"$(dircolors -b)\"",
            Unknown,
        ),
        ("git bundle create -q - --all", ReadOnly),
        ("git bundle create b.bundle main", Write),
        ("git bundle create main -", Write),
        // zsh -c: only code that means the same to bash
        ("zsh -c 'ls src | wc -l'", Unknown),
        ("zsh -f -c 'ls src | wc -l'", ReadOnly),
        ("zsh -f -c 'print -r -- ok'", ReadOnly),
        ("zsh -f -c 'print -- -s'", ReadOnly),
        ("zsh -f -c 'print -r -s -- ok'", Unknown),
        ("zsh -f -c 'print -r -- ok; rm x'", Write),
        (
            "zsh -f -c 'print -l src/*.rs; echo ${ZSH_VERSION}'",
            ReadOnly,
        ),
        ("zsh -c 'print -s rm'", Unknown),
        ("zsh -c 'print -u2 x'", Unknown),
        ("zsh -c 'ls *(e:rm x:)'", Unknown),
        ("zsh -c 'echo ${(e)x}'", Unknown),
        ("zsh -c 'ls =rm'", Unknown),
        ("zsh -f -c 'rm x'", Write),
        ("zsh -c 'rm x'", Unknown),
        ("zsh -c 'ls' x", Unknown),
        ("zsh -i -c 'ls'", Unknown),
        ("zsh x.zsh", Unknown),
        ("zsh -c 'echo $x > out'", Unknown),
        // perl -M of a core pragma: inline code is read-only only in context (PERL5LIB)
        ("perl -MPOSIX -e 'print 1'", Unknown),
        ("git prune-packed", Unknown),
        (
            "git hook run --ignore-missing --to-stdin=a post-checkout",
            Unknown,
        ),
        ("git hook run --unknown x", Unknown),
        ("git hook run \"$h\"", Unknown),
        ("git sparse-checkout list", ReadOnly),
        ("git sparse-checkout set a", Write),
        // openssl
        ("openssl pkey -in key.pem -noout -text_pub", ReadOnly),
        ("openssl pkey -in key.pem -pubout", ReadOnly),
        ("openssl pkey -in key.pem -pubout -out -", ReadOnly),
        ("openssl pkey -in key.pem -pubout -out pub.pem", Unknown),
        ("openssl pkey -in key.pem -engine x -text", Unknown),
        ("openssl verify -CAfile ca.pem cert.pem", ReadOnly),
        (
            "openssl verify -crl_download -CAfile ca.pem cert.pem",
            Unknown,
        ),
        ("openssl verify -provider legacy cert.pem", Unknown),
        ("openssl x509 -in cert.pem -noout -text", ReadOnly),
        ("openssl x509 -req -in a.csr -signkey k.pem", Unknown),
        ("openssl x509 -in cert.pem -noout -writerand r", Unknown),
        ("openssl req -in a.csr -noout -text", ReadOnly),
        ("openssl req -new -key k.pem", Unknown),
        ("openssl enc -d -base64 -in a.b64", ReadOnly),
        ("openssl enc -aes-256-cbc -in a -out b", Unknown),
        ("openssl asn1parse -in cert.pem", ReadOnly),
        ("openssl asn1parse -in cert.pem -out d.der", Unknown),
        ("openssl s_client -help", ReadOnly),
        ("openssl s_client -connect x:443", Unknown),
        // ssh-keygen
        ("ssh-keygen -lf key.pub", ReadOnly),
        ("ssh-keygen -y -f key", ReadOnly),
        ("ssh-keygen -yf key", ReadOnly),
        ("ssh-keygen -lR host", Unknown),
        ("ssh-keygen -fl key", Unknown),
        ("ssh-keygen -y", Unknown),
        // ctags
        // Universal Ctags writes its tags to a temporary file first, standard output or not.
        ("ctags -o - -R src", Write),
        ("ctags -f - a.c", Write),
        ("ctags -Rf- src", Write),
        ("ctags -x --c-kinds=f a.c", Write),
        ("ctags --list-languages", ReadOnly),
        ("ctags --version", ReadOnly),
        ("ctags -R .", Unknown),
        ("ctags -o tags -R src", Unknown),
        ("ctags -o -x a.c", Unknown),
        ("ctags -o - --options=my.ctags a.c", Unknown),
        ("ctags -x --langdef=x a.c", Unknown),
        // 7z
        ("7z l a.7z", ReadOnly),
        ("7z t -pSECRET a.7z", ReadOnly),
        ("7z x -so a.7z f", ReadOnly),
        ("7z x a.7z", Unknown),
        ("7z x -so -oout a.7z", Unknown),
        ("7z a a.7z src", Unknown),
        ("7z l -sdel a.7z", Unknown),
        // tidy
        ("tidy -q -xml -indent cfg.xml", ReadOnly),
        ("tidy -v", ReadOnly),
        ("tidy -q -e page.html", ReadOnly),
        ("tidy --indent auto --wrap 0 -q page.html", ReadOnly),
        ("tidy -m page.html", Unknown),
        ("tidy -modify page.html", Unknown),
        ("tidy -o out.html page.html", Unknown),
        ("tidy -f err.txt page.html", Unknown),
        ("tidy -config c.cfg page.html", Unknown),
        ("tidy --write-back yes page.html", Unknown),
        ("tidy --output-file o.html page.html", Unknown),
        ("tidy --error-file e.txt page.html", Unknown),
        // rhash
        ("rhash --sha1 --crc32 data.csv", ReadOnly),
        ("rhash --list-hashes", ReadOnly),
        ("rhash -M -H data.csv", ReadOnly),
        ("rhash -c sums.sfv", ReadOnly),
        ("rhash -r --bsd --sha256 src", ReadOnly),
        ("rhash -p '%h %p\\n' data.csv", ReadOnly),
        ("rhash -u sums.sfv data.csv", Unknown),
        ("rhash --update=sums.sfv data.csv", Unknown),
        ("rhash -o out.txt data.csv", Unknown),
        ("rhash -Mo out.txt data.csv", Unknown),
        ("rhash --output=out.txt data.csv", Unknown),
        ("rhash -l log.txt data.csv", Unknown),
        ("rhash -e data.csv", Unknown),
        ("rhash --embed-crc data.csv", Unknown),
        ("rhash --torrent data.csv", Unknown),
        // units
        ("units -t '3 feet' cm", ReadOnly),
        ("units --version", ReadOnly),
        ("units -1 -d 4 '2 miles' km", ReadOnly),
        ("units", Unknown),
        ("units -q", Unknown),
        ("units -L log '3 feet' cm", Unknown),
        ("units --log=log '3 feet' cm", Unknown),
        ("units -H hist '3 feet' cm", Unknown),
        ("units -I", Unknown),
        // ghc's mode flags
        ("ghc --show-options", ReadOnly),
        ("ghc --print-libdir", ReadOnly),
        ("ghc --print-project-version", ReadOnly),
        ("ghc --show-options Main.hs", Unknown),
        ("ghc --print-libdir -o x Main.hs", Unknown),
        ("ghc Main.hs", Unknown),
        // tomlq, xq
        ("tomlq -r '.package.version' Cargo.toml", ReadOnly),
        ("xq . a.xml", ReadOnly),
        ("tomlq -i '.a=1' a.toml", Unknown),
        ("tomlq -ri '.a=1' a.toml", Unknown),
        ("tomlq --in '.a=1' a.toml", Unknown),
        // xmllint
        ("xmllint --noout a.xml", ReadOnly),
        ("xmllint --xpath '//a' a.xml", ReadOnly),
        ("xmllint --output out.xml a.xml", Unknown),
        ("xmllint -o out.xml a.xml", Unknown),
        ("xmllint --shell a.xml", Unknown),
        ("xmllint --valid a.xml", Unknown),
        ("xmllint --schema http://x/s.xsd a.xml", Unknown),
        // zip
        ("zip -T a.zip", ReadOnly),
        ("zip -sf a.zip", ReadOnly),
        ("zip -T a.zip f", Write),
        ("zip -T -TT 'sh -c id' a.zip", Write),
        ("zip a.zip f", Write),
        // cmake -E
        ("cmake -E echo x", ReadOnly),
        ("cmake -E sha256sum a.txt", ReadOnly),
        ("cmake -E copy a b", Write),
        ("cmake -E remove x", Write),
        // subcommand tools
        ("pip config debug", ReadOnly),
        ("pip cache dir", ReadOnly),
        ("pip config set global.x y", Write),
        ("pip cache purge", Write),
        ("pnpm config get registry", ReadOnly),
        ("pnpm config set registry x", Write),
        ("pnpm store path", ReadOnly),
        ("pnpm store prune", Write),
        ("uv cache dir", ReadOnly),
        ("uv cache clean", Write),
        // uv makes its cache to list what an interpreter has.
        ("uv pip list", Write),
        ("uv python list", Write),
        ("uv --version", ReadOnly),
        ("poetry config --list", ReadOnly),
        ("poetry config a b", Write),
        ("psql --version", ReadOnly),
        ("psql -c 'select 1'", Unknown),
        ("redis-cli -v", ReadOnly),
        ("redis-cli flushall", Unknown),
        ("pg_config --bindir", ReadOnly),
        ("atq", ReadOnly),
        ("at -l", ReadOnly),
        ("at -l -q b", ReadOnly),
        ("at now + 1 minute", Write),
        ("at -f job.sh now", Write),
        ("git difftool --tool-help", ReadOnly),
        ("git difftool HEAD~1", Unknown),
        ("git ls-remote --get-url origin", ReadOnly),
        ("git ls-remote origin", Write),
        ("git ls-remote --get-url --upload-pack=x origin", Unknown),
        ("git ls-remote ../up.git", ReadOnly),
        ("git ls-remote --tags /srv/git/app.git", ReadOnly),
        ("git ls-remote --upload-pack=x ../up.git", Unknown),
        ("git ls-remote host:up.git", Write),
        ("git ls-remote https://example.com/up.git", Write),
        ("git ls-remote up", Write),
        ("yamllint -d relaxed .ci.yml", ReadOnly),
        ("yamllint -c .yamllint -f parsable .", ReadOnly),
        ("nm -gU a.o", ReadOnly),
        ("nm --plugin x.so a.o", Unknown),
        ("cargo update --dry-run --offline", ReadOnly),
        ("cargo update -n --frozen -p serde", ReadOnly),
        ("cargo update --dry-run", Write),
        ("cargo update --offline", Write),
        ("cargo update -p serde --precise 1.0.0 --offline", Write),
        // awk -f and sed -f without context: the file is not read.
        ("awk -f prog.awk a.txt", Unknown),
        ("sed -n -f p.sed a.txt", Unknown),
        ("pkg-config --cflags zlib", ReadOnly),
    ]);
}

/// Issue 44: wherever an operand or option value names the file a program writes, a standard
/// stream or /dev/null there writes no file; anything that could unlink, rename, re-mode or
/// link the device, or another path, still writes.
#[test]
fn outputs_that_name_a_standard_device() {
    assert_levels(&[
        ("cp notes.txt /dev/stdout | head -3", ReadOnly),
        ("cp -v notes.txt /dev/null", ReadOnly),
        ("cp -- notes.txt /dev/stderr", ReadOnly),
        ("tar -cvf /dev/null src docs", ReadOnly),
        ("tar -czf - src | wc -c", ReadOnly),
        ("tar --create --file=/dev/null src", ReadOnly),
        ("uniq a.txt -", ReadOnly),
        ("sort -o /dev/stdout a.txt", ReadOnly),
        (
            "curl -s -o /dev/null -w '%{size_download} bytes\\n' \"file://$PWD/README.md\"",
            ReadOnly,
        ),
        ("curl -so /dev/null file:///etc/hostname", ReadOnly),
        // The other side.
        ("cp notes.txt out.txt", Write),
        ("cp -p notes.txt /dev/null", Write),
        ("cp -a notes.txt /dev/null", Write),
        ("cp -f notes.txt /dev/null", Write),
        ("cp --remove-destination notes.txt /dev/stdout", Write),
        ("cp --backup notes.txt /dev/stdout", Write),
        ("cp -s notes.txt /dev/null", Write),
        ("cp a b /dev/null", Write),
        ("cp notes.txt /dev/fd/3", Write),
        ("cp notes.txt /dev/shm/x", Write),
        ("cp notes.txt /proc/self/fd/1", Write),
        ("mv notes.txt /dev/null", Write),
        ("install notes.txt /dev/null", Write),
        ("ln -sf notes.txt /dev/null", Write),
        ("tar -cf archive.tar src", Write),
        ("tar -c src", Write),
        ("tar -cf /dev/null --remove-files src", Write),
        ("tar -rf /dev/null src", Write),
        ("tar -cf /dev/null -g snap src", Write),
        ("uniq a.txt b.txt", Write),
        ("sort -o - a.txt", Write),
        ("echo x > /dev/tcp/example.com/80", Write),
        ("echo x > /dev/shm/x", Write),
        ("curl -s -o out.txt file:///etc/hostname", Write),
        (
            "curl -s -o /dev/null -w '%output{w.txt}%{url}' file:///etc/hostname",
            Write,
        ),
        ("curl -s -o /dev/null -w @fmt file:///etc/hostname", Write),
        ("curl -s -o /dev/null https://example.com", Write),
    ]);
}

#[test]
fn compilers_of_catalogs_and_listings_into_a_stream() {
    assert_levels(&[
        (
            "msgfmt --check --statistics -o /dev/null po/de.po",
            ReadOnly,
        ),
        ("msgfmt -c -o - po/de.po | wc -c", ReadOnly),
        (
            "xgettext -kgettext -o - src/i18n.c | grep -A1 msgid",
            ReadOnly,
        ),
        ("as -al -o /dev/null src/f.s | head -5", ReadOnly),
        ("msgfmt po/de.po", Write),
        ("msgfmt -o de.mo po/de.po", Write),
        ("msgfmt --java -d . -o /dev/null po/de.po", Unknown),
        ("xgettext -kgettext src/i18n.c", Write),
        ("xgettext -j -o - src/i18n.c", Write),
        ("xgettext -p po -o - src/i18n.c", Write),
        ("as -al=list.txt -o /dev/null f.s", Write),
        ("as f.s", Write),
        ("as --MD deps -o /dev/null f.s", Write),
    ]);
}

/// Issue 44, mechanisms 2, 4 and 5: here-document programs judged as their `-c` form, prefixes
/// that configure nothing, and print/check modes.
#[test]
fn heredoc_programs_prefixes_and_check_modes() {
    assert_levels(&[
        ("zsh -n scripts/build.sh && echo syntax-ok", ReadOnly),
        ("zsh -fn scripts/build.sh", ReadOnly),
        ("zsh scripts/build.sh", Unknown),
        ("zsh -n -c 'rm x'", Unknown),
        ("cargo fmt -- --emit=stdout 2>&1 | head -5", ReadOnly),
        ("cargo fmt -- --emit=files", Write),
        ("cargo fmt", Write),
        ("envsubst < app.env.tpl", ReadOnly),
        ("USER_NAME=dana envsubst < app.env.tpl", ReadOnly),
        ("TAPE=/dev/sda envsubst < app.env.tpl", Unknown),
        ("LD_PRELOAD=./x.so envsubst < app.env.tpl", Unknown),
        ("USER_NAME=dana make -n", Write),
        // A tab-stripped line that starts with $(: the parse leaves the body as plain text.
        ("cat <<-EOF\n\t$(touch made.txt)ok\n\tEOF", Unknown),
        ("cat <<-EOF\n\tok\n\tEOF", ReadOnly),
        ("cat <<-'EOF'\n\t$(touch made.txt)ok\n\tEOF", ReadOnly),
    ]);
    // Without context an inline program is not read-only (what the interpreter loads first is
    // the context's); the here-document's body is judged, so one that writes says so.
    let c = classify("python3 - <<'PY'\nimport os\nos.remove('x')\nPY");
    assert_ne!(c.level, ReadOnly, "{:?}", c.reasons);
    let c = classify("bash -s <<'EOF'\nrm -f a.txt\nEOF");
    assert_eq!(c.level, Write, "{:?}", c.reasons);
    let c = classify("sh <<'EOF'\nls | wc -l\nEOF");
    assert_eq!(c.level, ReadOnly, "{:?}", c.reasons);
}

/// A file name put into code: `find -exec`'s `{}` inside a shell's or an interpreter's code,
/// xargs' replace string, and `eval` (or `watch`) of a glob, whose names are parsed again as
/// code. A file named `$(touch x).md` runs `touch`. The name passed as an argument (`"$1"`) or
/// matched by a glob inside the code is only data.
#[test]
fn file_names_spliced_into_code() {
    assert_levels(&[
        ("find docs -name '*.md' -exec sh -c 'wc -l {}' \\;", Unknown),
        ("find . -execdir bash -c \"cat {}\" \\;", Unknown),
        (
            "find . -type f -exec sh -c 'head -1 {} | wc -c' \\;",
            Unknown,
        ),
        (
            "find . -name '*.py' -exec python3 -c 'print(\"{}\")' \\;",
            Unknown,
        ),
        ("find . -exec perl -e 'print \"{}\\n\"' \\;", Unknown),
        ("find . -okdir sh -c 'echo {}' \\;", Unknown),
        ("find . -name '*.sh' -exec sh {} \\;", Unknown),
        ("find . -exec {} \\;", Unknown),
        ("ls | xargs -I{} sh -c 'wc -l {}'", Unknown),
        ("ls | xargs -i bash -c 'cat {}'", Unknown),
        ("ls | xargs --replace=F sh -c 'cat F'", Unknown),
        ("eval echo docs/*", Unknown),
        ("eval ls -d src/*.rs", Unknown),
        ("eval echo ?.md", Unknown),
        ("eval cat \"$(ls | head -1)\"", Unknown),
        ("bash -c \"$cmd\"", Unknown),
        ("source <(ls)", Unknown),
        (". <(cat env.sh)", Unknown),
        // The name as an argument, or a glob the evaluated code expands: data, not code.
        (
            "find docs -name '*.md' -exec sh -c 'wc -l \"$1\"' sh {} \\;",
            ReadOnly,
        ),
        ("find . -name '*.rs' -exec wc -l {} +", ReadOnly),
        ("find . -type f -exec grep -H TODO {} \\;", ReadOnly),
        ("find src -exec ls -ld {} \\;", ReadOnly),
        ("eval \"echo docs/*\"", ReadOnly),
        ("eval 'ls -d src/*.rs'", ReadOnly),
        ("eval echo hello", ReadOnly),
    ]);
}

/// xargs putting lines of plain characters into shell code: a fixed text, object names. Each
/// line is one plain word there; quotes around it, `-0`, or a line that is not plain leave the
/// code unknown.
#[test]
fn xargs_shell_code_over_plain_lines() {
    assert_levels(&[
        (
            "printf '%s\\n' a.txt b.txt | xargs -I{} sh -c 'wc -l < {}.bak; cat {}'",
            Unknown,
        ),
        (
            "printf '%s\\n' a.txt b.txt | xargs -I{} sh -c 'cat {}; wc -l < src/{}'",
            ReadOnly,
        ),
        (
            "printf '%s\\n' a.txt b.txt | xargs -I{} sh -c 'rm {}'",
            Write,
        ),
        ("printf '%s\\n' 'a;b' | xargs -I{} sh -c 'cat {}'", Unknown),
        ("printf '%s\\n' a b | xargs -0 -I{} sh -c 'cat {}'", Unknown),
        (
            "printf '%s\\n' a b | xargs -I{} sh -c 'cat \"{}\" ${{}}'",
            Unknown,
        ),
        ("printf '%s\\n' a b | xargs -I{} fish -c 'cat {}'", Unknown),
        (
            "git rev-list -3 HEAD | xargs -I{} sh -c 'echo {}; wc -l < notes/{}'",
            ReadOnly,
        ),
    ]);
}

/// The reasons of a one-liner without the context: the code itself accepted (only what the
/// interpreter takes from the environment is left to say), or not read.
fn assert_inline(cases: &[(&str, bool)]) {
    let mut wrong = Vec::new();
    for (command, accepted) in cases {
        let got = classify(command);
        let environment_only = got
            .reasons
            .iter()
            .all(|r| r.ends_with("whose startup options come from the environment"));
        if environment_only != *accepted || (got.level == ReadOnly && !accepted) {
            wrong.push(format!("{command:?}: {:?} {:?}", got.level, got.reasons));
        }
    }
    assert!(wrong.is_empty(), "misread:\n{}", wrong.join("\n"));
}

/// node's `-pe` (its alias for `--print --eval`) and `-p -e` read as `-p` and `-e` do.
#[test]
fn node_print_and_eval_together() {
    assert_inline(&[
        ("node -pe '1+1'", true),
        ("node -p -e 'process.version'", true),
        ("node --print --eval '2*3'", true),
        (
            "node -pe 'require(\"fs\").writeFileSync(\"x\", \"\")'",
            false,
        ),
        ("node -p -r ./x.js '1'", false),
    ]);
}

/// A ruby one-liner's Enumerable methods that only compute: `grep` filters what `readlines`
/// read. `File.delete` and its kin stay out.
#[test]
fn ruby_one_liners_that_filter() {
    assert_inline(&[
        (
            "ruby -e 'puts File.readlines(\"Gemfile\").grep(/gem /)'",
            true,
        ),
        (
            "ruby -e 'p File.readlines(\"a\").each_cons(2).to_a.inject(0) { |a, b| a + b.size }'",
            true,
        ),
        ("ruby -e 'File.delete(\"Gemfile\")'", false),
        (
            "ruby -e 'File.readlines(\"a\").grep(/x/).each { |l| system(l) }'",
            false,
        ),
    ]);
}

/// `eval` of a text whose every part is known: fixed words, variables assigned once a fixed
/// value, and `$(echo WORDS)` of plain words (bash's builtin prints them joined by blanks). The
/// text is judged as the command it is; a part not known (an option to echo, a word that is not
/// plain, a function or alias that may stand for echo, IFS changed) leaves it unknown.
#[test]
fn eval_of_echoed_words() {
    assert_levels(&[
        ("eval \"grep -c def $(echo src/app/util.py)\"", ReadOnly),
        ("eval grep -c def $(echo src/app/util.py)", ReadOnly),
        ("f=$(echo src/a.py); eval \"wc -l $f\"", ReadOnly),
        ("eval \"rm -f $(echo x.txt)\"", Write),
        ("eval \"sort $(echo a.txt) $(echo -o) b\"", Unknown),
        ("eval \"cat $(echo a;b)\"", Unknown),
        ("eval \"cat $(echo 'a b')\"", Unknown),
        ("eval \"cat $(ls | head -1)\"", Unknown),
        ("echo() { printf 'rm x'; }; eval \"$(echo ls)\"", Unknown),
        ("alias echo=printf; eval \"$(echo ls)\"", Unknown),
        ("IFS=a; eval sort $(echo xa-o/tmp/f)", Unknown),
    ]);
}

/// The Ruby, JVM and build tools' modes that only print (each checked by running it): a syntax
/// check, a template's source, an archive's or a class's listing, a certificate, a dry run.
/// Their siblings that run code or write stay not read-only.
#[test]
fn ruby_jvm_and_build_tools_printing_modes() {
    assert_levels(&[
        ("ruby -wc lib/tool.rb", ReadOnly),
        ("ruby -c -W0 lib/tool.rb", ReadOnly),
        ("ruby -c -rjson lib/tool.rb", Unknown),
        ("ruby -c -Ilib lib/tool.rb", Unknown),
        ("ruby lib/tool.rb", Unknown),
        // The words after the script are its ARGV: a second file is not checked, and a `-c`
        // there is the script's argument (the script runs).
        ("ruby -wc lib/widget.rb Rakefile", ReadOnly),
        ("ruby -c -w lib/tool.rb lib/widget.rb", ReadOnly),
        ("ruby lib/tool.rb -c", Unknown),
        ("ruby -w lib/tool.rb -c", Unknown),
        ("ruby - -c", Unknown),
        ("rake --version", ReadOnly),
        ("rake -T", Unknown),
        ("rake --dry-run", Unknown),
        ("erb -x -T - config/database.yml.erb", ReadOnly),
        ("erb -x t.erb", ReadOnly),
        ("erb t.erb", Unknown),
        ("erb -x -r ./lib t.erb", Unknown),
        ("jar tf app.jar", Write),
        ("jar -tvf app.jar META-INF/MANIFEST.MF", Write),
        ("jar --list --file=app.jar", Write),
        ("jar xf app.jar", Unknown),
        ("jar tf app.jar -J-javaagent:a.jar", Unknown),
        ("javap -p -cp build com.acme.App", Write),
        ("javap -J-javaagent:a.jar App", Unknown),
        ("keytool -printcert -file dev.crt", Write),
        ("keytool -printcert -sslserver example.com:443", Unknown),
        ("keytool -genkeypair -alias x", Unknown),
        ("msgmerge -q po/de.po po/messages.pot", ReadOnly),
        ("msgmerge -U po/de.po po/messages.pot", Unknown),
        ("msgmerge -o out.po po/de.po po/messages.pot", Unknown),
        ("zipnote ../site.zip", ReadOnly),
        ("zipnote -w ../site.zip", Unknown),
        ("ninja -C nb -n", ReadOnly),
        ("ninja -C nb -t targets", ReadOnly),
        ("ninja -t query out.o", ReadOnly),
        ("ninja -C nb", Write),
        ("ninja -t clean", Write),
        ("ninja -t browse", Write),
        ("cmake -N -LA cm/build", ReadOnly),
        ("cmake -N -LAH build", ReadOnly),
        ("cmake -LA build", Write),
        ("cmake -N -DX=1 build", Write),
        ("go mod edit -json", ReadOnly),
        ("go mod edit -print go.mod", ReadOnly),
        ("go mod edit -require=x@v1", Write),
        ("git verify-pack -v .git/objects/pack/*.idx", ReadOnly),
        ("git verify-pack -s pack.idx", ReadOnly),
        ("git verify-pack", Unknown),
        ("git credential-store get", ReadOnly),
        ("git credential-store --file=creds get", ReadOnly),
        ("git credential-store store", Unknown),
        ("git unpack-objects -n < ../snapshot.pack", ReadOnly),
        ("git unpack-objects < ../snapshot.pack", Unknown),
        ("git notes prune -n -v", ReadOnly),
        ("git notes prune", Write),
        // The pre-push hook runs on `git push --dry-run` too (git 2.47, measured).
        ("git push --dry-run origin HEAD", Write),
    ]);
}

/// A command substitution in arithmetic: its output is evaluated there, so only a command
/// whose output is numbers (counts, not names) is harmless; the command itself is judged too.
#[test]
fn substitutions_in_arithmetic() {
    assert_levels(&[
        ("echo $(( $(wc -l < a.txt) * 2 ))", ReadOnly),
        ("(( n = $(ls | wc -l) ))", ReadOnly),
        ("echo $(( $(nproc) / 2 ))", ReadOnly),
        ("echo $(( $(date +%s) - 60 ))", ReadOnly),
        ("echo $(( $(id -u) + 1 ))", ReadOnly),
        ("echo $(( $(rm -f x | wc -l) * 2 ))", Write),
        // A name printed beside the count could be `a[$(cmd)]`.
        ("echo $(( $(wc -l a.txt) * 2 ))", Unknown),
        ("echo $(( $(cat a.txt) ))", Unknown),
        ("echo $(( $(wc -l < \"$f\") ))", Unknown),
        ("echo $(( $(wc -l; cat a.txt) ))", Unknown),
        ("echo $(( $(wc -l > n.txt) ))", Unknown),
        // A substring's offset and length are arithmetic, after a subscript too.
        ("a=(1 2 3); o='a[$(touch x)]'; echo ${a[@]:o}", Unknown),
        ("a=(1 2 3); o='a[$(touch x)]'; echo ${a[0]:1:o}", Unknown),
        ("s=abc; o='a[$(touch x)]'; echo ${s:o}", Unknown),
        ("a=(1 2 3); echo ${a[@]:1:2}", ReadOnly),
    ]);
}

/// Variables whose value decides, and the arithmetic assignment target (issue 44, session 30):
/// the harmless value beside one that loads, runs or expands code.
#[test]
fn values_that_decide() {
    assert_levels(&[
        ("LD_PRELOAD= ls src", ReadOnly),
        ("LD_PRELOAD=./evil.so ls src", Unknown),
        ("LD_LIBRARY_PATH= ls", ReadOnly),
        ("LD_LIBRARY_PATH=. ls", Unknown),
        ("TIMEFORMAT='%R s'; time ls >/dev/null", ReadOnly),
        // The glob options' variables only narrow or reorder what a glob matches (names of
        // files there either way), as `shopt -s dotglob` does; EXECIGNORE changes which file
        // a command's name runs.
        ("GLOBIGNORE='*.csv'; echo *", ReadOnly),
        ("GLOBIGNORE=.:..; cat *", ReadOnly),
        ("export GLOBIGNORE='*.o'; ls *", ReadOnly),
        ("GLOBIGNORE='*.o' bash -c 'echo *'", ReadOnly),
        ("GLOBSORT=-mtime; echo *.txt", ReadOnly),
        ("FIGNORE=.o; ls", ReadOnly),
        ("EXECIGNORE=/usr/bin/ls; ls", Unknown),
        ("GLOBIGNORE='*.csv'; rm *", Write),
        ("PS4='+ '; set -x; ls src", ReadOnly),
        ("PS4='$(touch x)+ '; set -x; ls src", Unknown),
        ("PS4='\\$ '; set -x; ls", Unknown),
        ("PS4='+ ' bash -xc 'ls src'", ReadOnly),
        ("HISTFILE=/dev/null; ls", ReadOnly),
        ("HISTFILE=~/h; ls", Unknown),
        ("LESSCHARSET=utf-8 less notes.txt", ReadOnly),
        ("JAVA_TOOL_OPTIONS=-Xmx512m java -version", Write),
        ("JAVA_TOOL_OPTIONS=-javaagent:a.jar java -version", Unknown),
        ("JAVA_TOOL_OPTIONS=-Xmx512m gradle --version", Write),
        (
            "JAVA_TOOL_OPTIONS=-javaagent:a.jar gradle --version",
            Unknown,
        ),
        ("RUSTFLAGS='-D warnings' cargo --version", ReadOnly),
        (
            "RUSTFLAGS='-Dwarnings -C target-cpu=native' cargo --version",
            ReadOnly,
        ),
        ("RUSTFLAGS='-C linker=./ld' cargo --version", Unknown),
        (
            "RUSTFLAGS='-D warnings --emit=asm' cargo --version",
            Unknown,
        ),
        ("GOFLAGS=-mod=readonly go version", ReadOnly),
        ("GOFLAGS=-mod=mod go version", Unknown),
        ("GOFLAGS=-toolexec=./x go version", Unknown),
        (
            "PIP_INDEX_URL=https://pypi.org/simple pip --version",
            ReadOnly,
        ),
        ("CARGO_INCREMENTAL=0 cargo --version", ReadOnly),
        ("TMPDIR=/tmp sort words.txt", ReadOnly),
        ("TMPDIR=. sort words.txt", Unknown),
        (
            "PS4='+ ${BASH_SOURCE:-}:${LINENO} '; set -x; git rev-parse HEAD",
            ReadOnly,
        ),
        (
            "PS4='+ $LINENO ${FUNCNAME[0]:-main} '; set -x; ls",
            ReadOnly,
        ),
        ("PS4='+ ${x:-$(touch y)} '; set -x; ls", Unknown),
        ("PS4='+ ${!x} '; set -x; ls", Unknown),
        ("PS4='+ ${a[$i]} '; set -x; ls", Unknown),
        ("PS4='+ ${x:1} '; set -x; ls", Unknown),
        ("PS4='+ $((a[x])) '; set -x; ls", Unknown),
        ("gcc -S -O2 -o - c/add.c", ReadOnly),
        ("gcc -E -o /dev/null -Iinclude a.c", ReadOnly),
        ("clang -S -emit-llvm -o - a.c", ReadOnly),
        ("gcc -S -o out.s a.c", Write),
        ("cargo help lint", Unknown),
        ("cargo lint --help", Unknown),
        ("cargo help build", ReadOnly),
        ("cargo build --help", ReadOnly),
        ("gcc -c -o /dev/null a.c", Write),
        ("cc -c a.c -o /dev/null", Write),
        ("gcc -c -pipe -o /dev/null a.c", ReadOnly),
        ("clang -c -o /dev/null a.c", ReadOnly),
        ("gcc -S -o - -save-temps a.c", Write),
        ("gcc -S -o - -MD a.c", Write),
        ("gcc -S -o - -Wp,-MD,dep.d a.c", Write),
        ("gcc -S -o - -fdump-tree-all a.c", Write),
        ("gcc -S -o - a.c b.c", Write),
        ("GOOS=linux GOARCH=arm64 go env GOOS GOARCH", ReadOnly),
        (
            "GIT_AUTHOR_NAME=x GIT_COMMITTER_DATE=now git log -1",
            ReadOnly,
        ),
        ("GIT_AUTHOR_NAME=x git commit -m x", Write),
        ("BAT_THEME=ansi PIP_NO_CACHE_DIR=1 pip list", ReadOnly),
        ("AWS_PROFILE=dev aws --version", Unknown),
        (
            "COMPOSER_ALLOW_SUPERUSER=1 COMPOSER_NO_INTERACTION=1 composer --version",
            Write,
        ),
        ("COMPOSER_HOME=. composer --version", Unknown),
        ("composer validate --no-check-publish 2>&1 | tail -1", Write),
        ("composer show --no-plugins", Write),
        ("composer help", Write),
        ("(( n = 3 + 4 )); echo $n", ReadOnly),
        ("(( n += 1 )); echo $n", Unknown),
        ("(( n == 1 )) && echo one", Unknown),
        ("let n=5; echo $n", ReadOnly),
    ]);
}

/// gawk's modes that print (`-o-`, `-d-`, `-p-`, `/dev/stdout`) and write (awkprof.out,
/// awkvars.out, a file named), its bundled libraries and extensions (measured with gawk 5.2),
/// and inline PHP, Lua and R, which stay unknown until the context is read.
#[test]
fn gawk_modes_and_inline_programs_without_context() {
    assert_levels(&[
        ("gawk -o- 'BEGIN { print 1 }'", ReadOnly),
        ("gawk --pretty-print=- '{ print $1 }' a.txt", ReadOnly),
        ("gawk -o/dev/stdout 'BEGIN { x = 1 }'", ReadOnly),
        ("gawk -d- 'BEGIN { x = 1 }'", ReadOnly),
        ("gawk -p/dev/stderr 'BEGIN { x = 1 }'", ReadOnly),
        ("gawk -l ordchr 'BEGIN { print chr(65) }'", ReadOnly),
        ("gawk --load=time 'BEGIN { print 1 }'", ReadOnly),
        ("gawk -o 'BEGIN { x = 1 }'", Write),
        ("gawk -oout.awk 'BEGIN { x = 1 }'", Write),
        ("gawk --dump-variables 'BEGIN { x = 1 }'", Write),
        ("gawk -d 'BEGIN { x = 1 }'", Write),
        ("gawk --profile 'BEGIN { x = 1 }'", Write),
        ("gawk -i inplace '{ print }' a.txt", Write),
        ("gawk -i ord 'BEGIN { print 1 }'", Unknown),
        ("gawk -i passwd 'BEGIN { print 1 }'", Unknown),
        ("gawk -i ./ord.awk 'BEGIN { print 1 }'", Unknown),
        ("gawk -l rwarray 'BEGIN { print 1 }'", Unknown),
        ("gawk -l ./x.so 'BEGIN { print 1 }'", Unknown),
        ("php -r 'echo PHP_VERSION;'", Unknown),
        ("php -r 'system(\"id\");'", Unknown),
        ("lua -e 'print(1)'", Unknown),
        // R makes its session's temporary directory before it runs anything.
        ("Rscript -e 'print(1)'", Write),
        ("R -q --save -e 'x <- 1'", Write),
    ]);
}

#[test]
fn declarations_whose_value_bash_takes_for_a_compound_assignment() {
    // Measured (bash 5.2): with -a/-A, or of a variable that is an array by then, a value that
    // starts with `(` once expanded has its words expanded again.
    assert_levels(&[
        ("declare -a a='($(touch x))'", Unknown),
        ("declare -a a=\"(\\$(touch x))\"", Unknown),
        ("declare -A m='([k]=$(touch x))'", Unknown),
        ("typeset -a a='(`touch x`)'", Unknown),
        ("f() { local -a a='($(touch x))'; }; f", Unknown),
        ("declare a='($(touch x))'", Unknown),
        ("declare -a a=\"$x\"", Unknown),
        ("declare -a a=\"($y)\"", Unknown),
        // Words that expand to themselves, a real array, a plain value.
        ("declare -a a='(one two)'", ReadOnly),
        ("declare -a a=(one \"$HOME\")", ReadOnly),
        ("declare a=\"$HOME\"", ReadOnly),
        ("declare -a a=(\"$(date)\")", ReadOnly),
        // Of a variable that may be an array by then: not read.
        ("declare x='($y)'; echo \"$x\"", Unknown),
    ]);
}

#[test]
fn functions_defined_and_never_named_again() {
    // A body runs only when the function is called: one named like no known program is judged
    // when the script names it again (a call, trap, a quoted word), not when only `type`,
    // `declare -f`, `command -v` or `unset -f` look it up. One named like a known program is
    // judged where it stands (a later `ls` would be taken for the program).
    assert_levels(&[
        (
            "f() { touch ran; } > f.out; type f >/dev/null && echo defined",
            ReadOnly,
        ),
        ("g() { rm -f a.txt; }; declare -F g", ReadOnly),
        (
            "function h { rm -f a.txt; }; command -v h; unset -f h",
            ReadOnly,
        ),
        ("f() { echo hi; } > f.out; f", Write),
        ("f() { touch ran; }; f", Write),
        ("f() { touch ran; }; (f)", Write),
        ("f() { touch ran; }; trap f EXIT", Write),
        ("f() { touch ran; }; x=f; $x", Write),
        ("f() { touch ran; }; command f", Write),
        (
            "f() { touch ran; }; bash -c \"$(declare -f f); f\"",
            Unknown,
        ),
        ("f() { touch ran; }; type f; f", Write),
        ("ls() { rm -f a.txt; }; type ls", Write),
        (
            "command_not_found_handle() { touch ran; }; type command_not_found_handle",
            Write,
        ),
        ("bomb() { bomb | bomb & }; type bomb", Dangerous),
        // A command word that runs the function however it is written: quoted, escaped, or
        // the value of an expansion (each ran the function, bash 5.2).
        ("f() { touch ran; }; \\f $y", Write),
        ("f() { touch ran; }; \\f", Write),
        ("f() { touch ran; }; f\"\" a", Write),
        ("f() { touch ran; }; ''f", Write),
        ("f() { touch ran; }; \"f\" README.md", Write),
    ]);
}

#[test]
fn strace_runs_its_command() {
    assert_levels(&[
        ("strace cat a.txt", ReadOnly),
        (
            "strace -f -e trace=openat -s 80 cat a.txt 2>/dev/null | head -1",
            ReadOnly,
        ),
        ("strace -c -e openat,read cat a.txt", ReadOnly),
        ("strace -V", ReadOnly),
        ("strace touch made", Write),
        ("strace -o tr.txt cat a.txt", Unknown),
        ("strace -ff -o tr cat a.txt", Unknown),
        ("strace -fo tr cat a.txt", Unknown),
        ("strace -p 1", Unknown),
        ("strace -E LD_PRELOAD=./x.so cat a.txt", Unknown),
        ("strace -e inject=unlink:retval=0 rm a.txt", Unknown),
        ("strace -u nobody cat a.txt", Unknown),
        ("strace --output=tr cat a.txt", Unknown),
        ("strace", Unknown),
        // Split by the grammar: clusters, attached values, `--`, POSIX order.
        ("strace -fs80 -etrace=openat cat a.txt", ReadOnly),
        ("strace -f -- cat a.txt", ReadOnly),
        ("strace grep -o x a.txt", ReadOnly),
        ("dpkg --verify coreutils", ReadOnly),
        ("strace -o '|sh' cat a.txt", Unknown),
        ("strace -fp 1", Unknown),
        ("strace -e fault=openat cat a.txt", Unknown),
        ("strace $OPTS cat a.txt", Unknown),
        ("strace -Q cat a.txt", Unknown),
        ("strace -f rm a.txt", Write),
        // sponge soaks its input up in a temporary file in TMPDIR even with no file to write
        // (r14 counted it): not taken as read-only.
        ("sort b.txt | sponge", Write),
        ("sort b.txt | sponge b.txt", Write),
        ("sort b.txt | sponge -a b.txt", Write),
    ]);
}

#[test]
fn double_bracket_v_expands_its_subscript_once() {
    // Measured (bash 5.2): `[[ -v a[$k] ]]` does not evaluate what `$k` gave; a bare name in the
    // subscript is arithmetic that evaluates the name's value, and `test -v` evaluates again.
    assert_levels(&[
        (
            "declare -a arr; k='$(touch ran)'; [[ -v arr[$k] ]]; echo $?",
            ReadOnly,
        ),
        ("declare -A arr; [[ -v arr[\"$k\"] ]]", ReadOnly),
        ("[[ -v arr[${k}+1] ]]", ReadOnly),
        ("[[ -v arr[2] ]]", ReadOnly),
        (
            "declare -a arr; k='x[$(touch ran)]'; [[ -v arr[k] ]]",
            Unknown,
        ),
        (
            "declare -a arr; k='$(touch ran)'; test -v \"arr[$k]\"",
            Unknown,
        ),
        ("[[ -v arr[$((k))] ]]", Unknown),
        ("[[ -v arr[$(touch ran)] ]]", Unknown),
    ]);
}

/// The reading modes of hg, svn and the printing programs without context: read-only where no
/// configuration can make the mode run code or write, not read-only where one can (the context
/// reads it), and each mode's twin (an option that writes or runs a program) never read-only.
#[test]
fn printing_modes_and_version_control_reads_without_context() {
    assert_levels(&[
        ("pandoc a.md", ReadOnly),
        ("pandoc -s -f markdown -t latex a.md", ReadOnly),
        ("pandoc -o - a.md", ReadOnly),
        ("pandoc -t html+smart --toc a.md", ReadOnly),
        ("pandoc -o out.html a.md", Unknown),
        ("pandoc --lua-filter f.lua a.md", Unknown),
        ("pandoc --filter ./f a.md", Unknown),
        ("pandoc -d html a.md", Unknown),
        ("pandoc -t w.lua a.md", Unknown),
        ("pandoc -t docx a.md", Unknown),
        ("pandoc https://example.com/a.md", Unknown),
        ("pandoc --extract-media=m a.docx", Unknown),
        ("dot -Tsvg a.dot", ReadOnly),
        ("dot -Kneato -Grankdir=LR -Tplain a.dot", ReadOnly),
        ("neato -Tsvg a.dot", ReadOnly),
        ("dot -Tsvg -o out.svg a.dot", Unknown),
        ("dot -Tsvg -O a.dot", Unknown),
        ("dot -c", Unknown),
        ("dot -Tx11 a.dot", Unknown),
        ("groff -man -Tutf8 a.1", ReadOnly),
        ("nroff -man a.1", ReadOnly),
        ("troff -Tutf8 a.ms", ReadOnly),
        ("groff -U -Tutf8 a.ms", Unknown),
        ("nroff -U a.ms", Unknown),
        ("groff -Thtml a.ms", Unknown),
        ("groff -P-D. a.ms", Unknown),
        ("gnuplot -d -e 'print 1+2'", ReadOnly),
        // Printed before ~/.gnuplot is read.
        ("gnuplot --version", ReadOnly),
        ("gnuplot -V", ReadOnly),
        ("gnuplot --version -e 'print 1'", Unknown),
        ("gnuplot -d -e 'a = 2; print a*3'", ReadOnly),
        ("gnuplot -e 'print 1+2'", Unknown),
        ("gnuplot -d -e 'print system(\"id\")'", Unknown),
        ("gnuplot -d -e '! touch x'", Unknown),
        ("gnuplot -d -e 'set print \"o\"; print 1'", Unknown),
        ("gnuplot -d -e 'load \"x.gp\"'", Unknown),
        ("gnuplot x.gp", Unknown),
        // A plot on a terminal that draws on standard output; any other terminal, a plot on
        // the one gnuplot starts with, or a command's output as data is not taken.
        ("gnuplot -d -e 'set term dumb 40 10; plot x'", ReadOnly),
        (
            "gnuplot -d -e 'set terminal svg' -e 'set xrange [0:1]; splot x*y'",
            ReadOnly,
        ),
        ("gnuplot -d -e 'plot x'", Unknown),
        ("gnuplot -d -e 'set term png; plot x'", Unknown),
        ("gnuplot -d -e 'set term dumb; plot \"< ./gen\"'", Unknown),
        (
            "gnuplot -d -e 'set term dumb; set output \"o.txt\"; plot x'",
            Unknown,
        ),
        (
            "gnuplot -d -e 'set term dumb; set table \"t\"; plot x'",
            Unknown,
        ),
        // pandoc's information modes.
        ("pandoc -v", ReadOnly),
        ("pandoc -h", ReadOnly),
        ("pandoc --print-default-template=html5", ReadOnly),
        ("pandoc -D latex", ReadOnly),
        ("pandoc --print-highlight-style=pygments", ReadOnly),
        ("pandoc --print-default-data-file=reference.docx", ReadOnly),
        ("pandoc -D w.lua", Unknown),
        (
            "pandoc --print-highlight-style=pygments -o style.theme",
            Unknown,
        ),
        ("pandoc -o /dev/stdout a.md", ReadOnly),
        // graphviz's output option naming a standard stream writes no file.
        ("dot -Tsvg -o /dev/stdout a.dot", ReadOnly),
        ("dot -Tsvg -o/dev/null a.dot", ReadOnly),
        ("dot -Tsvg -o /dev/stdout.svg a.dot", Unknown),
        // graphviz's graph filters to standard output; -o to a file, an unknown letter not.
        ("ccomps -v a.dot", ReadOnly),
        ("ccomps -x -X node1 a.dot", ReadOnly),
        ("ccomps -x -o comp.dot a.dot", Unknown),
        ("ccomps -xocomp.dot a.dot", Unknown),
        ("acyclic -n a.dot", ReadOnly),
        ("acyclic -o out.dot a.dot", Unknown),
        ("sccmap -s a.dot", ReadOnly),
        ("bcomps -t a.dot", ReadOnly),
        ("unflatten -l 3 -f a.dot", ReadOnly),
        ("unflatten -o flat.dot a.dot", Unknown),
        ("tred a.dot", ReadOnly),
        ("nop -p a.dot", ReadOnly),
        ("gml2gv -gG -o /dev/stdout a.gml", ReadOnly),
        ("gv2gxl -o a.gxl a.dot", Unknown),
        ("gc -n -e a.dot", ReadOnly),
        // gvpr's inline program, unless it runs a command or writes a file.
        ("gvpr 'END{printf(\"%d\\n\", nNodes($G))}' a.dot", ReadOnly),
        ("gvpr -c 'N[color==\"red\"]{delete($G,$)}' a.dot", ReadOnly),
        ("gvpr -a x -q 'BEG_G{print(ARGV[0])}' a.dot", ReadOnly),
        ("gvpr 'BEG_G{system(\"touch x\")}' a.dot", Unknown),
        ("gvpr 'END_G{writeG($G, \"out.dot\")}' a.dot", Unknown),
        (
            "gvpr 'BEGIN{int f = openF(\"o\", \"w\"); printf(f, \"x\")}' a.dot",
            Unknown,
        ),
        ("gvpr -o out.dot -c 'N{}' a.dot", Unknown),
        ("gvpr -f prog.g a.dot", Unknown),
        // docutils to standard output is left to the context (its configuration files, the
        // document's :url: options); a destination, a report file, a foreign component not.
        ("rst2html a.rst", Unknown),
        ("rst2html a.rst out.html", Unknown),
        ("rst2html --warnings=w.log a.rst", Unknown),
        ("rst2html --record-dependencies deps.txt a.rst", Unknown),
        ("rst2html --writer=mywriter a.rst", Unknown),
        ("rst2html --math-output='MathML ttm' a.rst", Unknown),
        ("just --list", ReadOnly),
        ("just --summary", ReadOnly),
        ("just --show build", ReadOnly),
        ("just --dry-run build", ReadOnly),
        ("just -n test", ReadOnly),
        ("just --evaluate", Unknown),
        ("just build", Unknown),
        ("just --list --evaluate", Unknown),
        ("meson introspect build --targets", ReadOnly),
        ("meson introspect --all --indent build", ReadOnly),
        ("meson setup build", Write),
        ("meson introspect build --targets extra", Write),
        ("rsync -n -av src/ dst/", Unknown),
        ("rsync -av src/ dst/", Write),
        ("rsync -n -a -e ssh src/ host:dst/", Write),
        ("rsync -n -a src/ host:dst/", Write),
        ("rsync -n --log-file=LOG src/ dst/", Write),
        ("hg log", Unknown),
        ("hg status", Unknown),
        ("hg --version", Unknown),
        ("hg cat -r 0 -o out a.txt", Unknown),
        ("hg commit -m x", Unknown),
        ("hg log -R ../other", Unknown),
        ("svn status", Unknown),
        ("svn --version", Unknown),
        ("svn diff --diff-cmd ./d.sh", Unknown),
        ("svn update", Unknown),
    ]);
    // Each says what it left to the context.
    let hg = classify("hg log");
    assert!(
        hg.reasons.iter().any(|r| r.contains("no context was read")),
        "{:?}",
        hg.reasons
    );
    assert_eq!(hg.context, ContextUse::Assumed);
}

/// The inventory of Debian's base and toolchain programs (session cls35): each program's
/// everyday reading modes and, beside them, the option, operand or mode that writes or runs.
#[test]
fn inventory_of_debian_programs() {
    assert_levels(&[
        // Readers with no writing option.
        ("c++filt _ZN3foo3barEv", ReadOnly),
        ("addr2line -f -C -e a.out 0x0", ReadOnly),
        ("eu-readelf -h a.out", ReadOnly),
        ("x86_64-linux-gnu-objdump -h a.o", ReadOnly),
        ("gcc-nm a.o", ReadOnly),
        ("gcc-ar t a.a", ReadOnly),
        ("gcc-ar rc b.a a.o", Unknown),
        ("gcc-12 --version", ReadOnly),
        ("errno -l", ReadOnly),
        ("col -b", ReadOnly),
        ("infocmp -C xterm", ReadOnly),
        ("zdump UTC", ReadOnly),
        ("corelist Data::Dumper", ReadOnly),
        ("python3 -m base64 -d a.b64", ReadOnly),
        ("python3 -m uuid", ReadOnly),
        // direnv's settings and the RC file it found, not loaded; loading it runs code.
        ("direnv status", ReadOnly),
        ("direnv version", ReadOnly),
        ("direnv stdlib | head -2", ReadOnly),
        ("mysql --no-defaults --help | head -1", ReadOnly),
        ("mariadb --no-defaults -I --verbose", ReadOnly),
        ("mysql --help", Write),
        ("mysql -V", Write),
        ("mysql --help --no-defaults", Unknown),
        ("mysql --no-defaults --help -e 'select 1'", Unknown),
        ("mysql --no-defaults --tee=x --help", Unknown),
        ("direnv allow", Unknown),
        ("direnv exec . make", Unknown),
        ("direnv exec . true", Unknown),
        // Writers and runners: known, so their version and help only print.
        ("objcopy --version", ReadOnly),
        ("objcopy a.out b.out", Write),
        ("sponge out.txt", Write),
        ("nstat -s", Write),
        ("strace --help", ReadOnly),
        ("strace -o t.txt true", Unknown),
        ("msgfilter --help", ReadOnly),
        ("msgexec -i a.po sh -c 'touch x'", Unknown),
        ("fallocate --help", ReadOnly),
        ("ld.so --list /bin/true", ReadOnly),
        ("ld.so ./a.out", Unknown),
        // Wrappers that parse their own --version and --help.
        ("env --version", ReadOnly),
        ("nohup --version", ReadOnly),
        ("flock --help", ReadOnly),
        // The gettext catalog filters: standard output, or the file -o names.
        ("msgcat a.po b.po", ReadOnly),
        ("msgcat -o - a.po", ReadOnly),
        ("msgcat -o out.po a.po", Write),
        ("msggrep -K -e hello a.po", ReadOnly),
        ("msgunfmt -o x.po a.mo", Write),
        ("utmpdump w", ReadOnly),
        ("utmpdump -o out.txt w", Write),
        // The second operand is written.
        ("pod2text a.pod", ReadOnly),
        ("pod2text a.pod out.txt", Write),
        ("ptx a.txt b.txt", ReadOnly),
        ("ptx -G a.txt out.txt", Write),
        // Writes unless told not to.
        ("gcov -t a.c", ReadOnly),
        ("gcov -n a.c", ReadOnly),
        ("gcov a.c", Write),
        ("hardlink -n .", ReadOnly),
        ("hardlink .", Write),
        ("pmap -x $$", ReadOnly),
        ("pmap -n", Write),
        ("fuser -v a.txt", ReadOnly),
        ("fuser -k a.txt", Write),
        // A rendered page goes through a temporary file; the path and the source do not.
        ("perldoc -T strict", Write),
        ("perldoc -f print", Write),
        ("perldoc -l strict", ReadOnly),
        // tac copies an input it cannot seek to a temporary file (coreutils 9.1, strace).
        ("tac notes.txt", ReadOnly),
        ("tac -s , -r notes.txt", ReadOnly),
        ("tac < /dev/null", ReadOnly),
        ("git log --format=%s | tac | head -1", Write),
        ("nl -ba a.py | tac -b | rev", Write),
        ("tac <<< 'a b'", Write),
        ("tac <(ls)", Write),
        ("tac -- - < notes.txt", Write),
        ("tac /dev/stdin", Write),
        ("tac", Write),
        // An ERR trap runs only when a later command fails.
        ("trap 'touch made.txt' ERR; true; echo after", ReadOnly),
        ("trap -- 'rm -rf out' ERR\n:\ntrue", ReadOnly),
        ("trap 'touch made.txt' ERR; false", Write),
        ("trap 'touch made.txt' ERR; true; ls", Write),
        ("trap 'touch made.txt' ERR; echo $x", Write),
        ("trap 'touch made.txt' ERR; echo a > f", Write),
        ("trap 'touch made.txt' ERR; true && [[ a == b ]]", Write),
        ("trap 'touch made.txt' ERR EXIT; true", Write),
        (
            "true() { return 1; }; trap 'touch made.txt' ERR; true",
            Write,
        ),
        (
            "shopt -s expand_aliases; alias echo=false\ntrap 'touch made.txt' ERR\necho hi",
            Write,
        ),
        ("bash -c \"trap 'touch made.txt' ERR; false\"", Write),
        // `source <(CODE)`: the text of one echo or printf of fixed words is walked.
        ("source <(echo 'echo hi')", ReadOnly),
        (". <(printf 'v=1\\n'); echo $v", ReadOnly),
        ("source <(echo 'touch made.txt')", Write),
        ("source <(printf 'rm -rf %s\\n' out)", Write),
        ("source <(echo \"$x\")", Unknown),
        ("source <(cat lib.sh)", Unknown),
        ("source <(echo hi; echo 'touch x')", Unknown),
        ("echo() { printf 'touch x'; }; source <(echo true)", Unknown),
        (
            "while read -r l; do source <(echo true); echo() { printf 'touch x'; }; done < f",
            Unknown,
        ),
        ("f() { source <(echo true); }; f", Unknown),
        // ifne runs its command only when its input is not empty (moreutils' ifne.c).
        ("printf '' | ifne touch made.txt", ReadOnly),
        ("ifne rm -rf out < /dev/null", ReadOnly),
        ("printf '' | ifne -n touch made.txt", Write),
        ("printf x | ifne touch made.txt", Write),
        ("echo -n | ifne touch made.txt", Write),
        ("ifne touch made.txt", Write),
        ("cat a.txt | ifne touch made.txt", Write),
        ("printf '' | ifne -- touch made.txt", ReadOnly),
        (
            "printf() { echo x; }; printf '' | ifne touch made.txt",
            Write,
        ),
        ("printf '' | ifne $opt touch made.txt", Unknown),
        ("perldoc -m strict", ReadOnly),
        ("perldoc -V", ReadOnly),
        ("perldoc -d out.txt strict", Write),
        ("perldoc -M Evil strict", Unknown),
        // Reading modes.
        ("cpio -itv < a.cpio", ReadOnly),
        ("cpio -t -F a.cpio", ReadOnly),
        ("cpio -i < a.cpio", Unknown),
        ("cpio -o -O out.cpio", Unknown),
        ("dpkg-deb -c a.deb", ReadOnly),
        // -I, -f and -W extract the control files into a temporary directory.
        ("dpkg-deb -f a.deb Package", Write),
        ("dpkg-deb -I a.deb", Write),
        ("dpkg-deb --show a.deb", Write),
        ("dpkg-deb --fsys-tarfile a.deb", ReadOnly),
        ("dpkg-deb --ctrl-tarfile a.deb", ReadOnly),
        // bzdiff (and bzcmp, a link to it) decompresses the second of two .bz2 files into a
        // temporary file; one .bz2 file, or one plain file, goes through a pipe.
        ("bzcmp a.bz2 b.bz2", Write),
        ("bzdiff -u a.bz2 b.bz2", Write),
        ("bzcmp 'a.bz2 b.bz2'", Write),
        ("bzcmp a.bz2", ReadOnly),
        ("bzcmp a.bz2 b.txt", ReadOnly),
        ("zcmp a.gz b.gz", ReadOnly),
        ("xzdiff a.xz b.xz", ReadOnly),
        // uudecode to standard output; without -o it writes the file its header names.
        ("uudecode -o /dev/stdout msg.uu", ReadOnly),
        ("uudecode -o - msg.uu", ReadOnly),
        ("uudecode --output-file=/dev/stdout msg.uu", ReadOnly),
        ("uudecode msg.uu", Unknown),
        ("uudecode -o out.txt msg.uu", Unknown),
        ("uudecode -o - -o out.txt msg.uu", Unknown),
        ("dpkg-deb -x a.deb out", Unknown),
        ("update-alternatives --display awk", ReadOnly),
        ("update-alternatives --set awk /usr/bin/mawk", Write),
        ("apt-mark showmanual", ReadOnly),
        ("debconf-show tzdata", ReadOnly),
        // ruff's cache, git-lfs's settings in .git (measured).
        ("ruff check src", Write),
        ("ruff check --no-cache src", ReadOnly),
        ("ruff format --check --no-cache .", ReadOnly),
        ("ruff --version", ReadOnly),
        // Issue 44 (r26): version and help modes, Python checkers that keep no cache, the
        // linters' listings.
        ("tsc -v", ReadOnly),
        ("tsc --help --all", ReadOnly),
        ("tsc -v --init", Write),
        ("corepack --version", ReadOnly),
        ("corepack -v", ReadOnly),
        ("corepack enable", Unknown),
        ("pyflakes src/app/", ReadOnly),
        ("pycodestyle --statistics -qq src", ReadOnly),
        ("pycodestyle --max-line=100 --show-source a.py", ReadOnly),
        ("pycodestyle --frobnicate a.py", Unknown),
        ("isort --show-files . | sort", ReadOnly),
        ("isort --show-config", ReadOnly),
        ("isort --settings-path --show-files src", Write),
        ("isort src", Write),
        // cls47: programs' reading modes.
        ("isort -c --df src/a.py", ReadOnly),
        ("isort --diff src/a.py", Write),
        ("ruff check --show-settings --no-cache a.py", ReadOnly),
        ("ruff check --show-files --fix", ReadOnly),
        ("ruff check --show-settings --output-file x src", Write),
        ("ruff config lint.select", ReadOnly),
        ("ruff check --no-cache --fix=false src", ReadOnly),
        ("ruff check --no-cache --fix src", Write),
        ("autopep8 --list-fixes", ReadOnly),
        ("autopep8 --diff a.py", Write),
        ("autopep8 -i a.py", Write),
        ("autopep8 -j 4 --diff a.py", Write),
        ("pylint --persistent=n --disable=all src/a.py", Unknown),
        ("pylint --persistent=n --output=r.txt src/a.py", Write),
        ("pylint --persistent=n -j 4 src/a.py", Write),
        ("tsc --showConfig", ReadOnly),
        ("tsc -p . --listFilesOnly", ReadOnly),
        ("tsc --showConfig --init", Write),
        // tsc's command line as tsc reads it (measured, tsc 5.9): names in any case, one dash
        // or two, a boolean's next word true/false, response files.
        ("tsc --noEmit", ReadOnly),
        ("tsc -noemit src/a.ts", ReadOnly),
        ("tsc --noEmit true src/a.ts", ReadOnly),
        ("tsc --noEmit false src/a.ts", Write),
        ("tsc --noEmit --noEmit false", Write),
        ("tsc --noEmit \"$X\" src/a.ts", Unknown),
        ("tsc --noEmit --generateCpuProfile p", Write),
        ("tsc --noEmit --GENERATETRACE t", Write),
        ("tsc -noEmit -Incremental", Write),
        ("tsc --noEmit --init", Write),
        ("tsc --noEmit @opts.txt", Unknown),
        ("tsc --noEmit --showConfig", ReadOnly),
        ("tsc -V", ReadOnly),
        ("clang-format --dry-run --Werror src/main.c", ReadOnly),
        // LLVM's one-dash long options, never grouped letters.
        ("clang-format --dry-run -Werror src/main.c", ReadOnly),
        ("clang-format -style=file -n src/main.c", ReadOnly),
        ("clang-format -Werror -i src/main.c", Write),
        ("clang-format -in src/main.c", Unknown),
        ("clang-format --style=file src/main.c | head", ReadOnly),
        ("clang-format --dump-config", ReadOnly),
        ("clang-format -i src/main.c", Write),
        ("certtool -i --infile cert.pem", ReadOnly),
        ("certtool -k --infile key.pem", ReadOnly),
        ("certtool -p --outfile k.pem", Unknown),
        ("cabextract -l a.cab", ReadOnly),
        ("cabextract a.cab", Write),
        ("info -o - coreutils ls | head", ReadOnly),
        ("info -o out coreutils", Write),
        ("lz4 -d data.csv.lz4 | head -n1", ReadOnly),
        ("lz4 -d data.csv.lz4 > /dev/null", ReadOnly),
        ("lz4 -d data.csv.lz4", Write),
        ("lz4 -d a.lz4 out", Write),
        ("apt-cache depends --no-recommends jq", ReadOnly),
        ("node --v8-options", ReadOnly),
        ("help2man -N basename", ReadOnly),
        ("help2man -o x.1 basename", Unknown),
        ("help2man ./configure", Unknown),
        ("flake8 --isolated --version", Unknown),
        ("pylint --list-msgs | grep -m3 unused", Unknown),
        ("pylint --help-msg=W0611", Unknown),
        ("pylint src", Write),
        ("flake8 -j 1 src", Unknown),
        // One operand may be a file (one process) or a directory (worker processes): the
        // context looks.
        ("flake8 src", Unknown),
        ("flake8 a.py b.py", Write),
        ("flake8 --output-file o.txt a.py", Write),
        ("flake8 --tee a.py", Write),
        ("prettier --find-config-path app.js", ReadOnly),
        ("man -P cat ls | head -n 5", ReadOnly),
        // git commands that print only object names: never an option.
        (
            "git branch -a --contains $(git rev-list --max-parents=0 HEAD)",
            ReadOnly,
        ),
        (
            "git branch --contains $(git rev-parse --verify HEAD)",
            ReadOnly,
        ),
        (
            "git log --oneline $(git merge-base main topic)..HEAD",
            ReadOnly,
        ),
        (
            "git branch -a --contains $(git rev-list --boundary HEAD)",
            Unknown,
        ),
        // Without --verify a revision that names nothing is echoed as written: not a path.
        ("git branch -a --contains $(git rev-parse HEAD)", ReadOnly),
        ("git branch -a --contains $(git rev-parse /x)", Unknown),
        (
            "git branch -a --contains $(git rev-parse HEAD --not)",
            Unknown,
        ),
        (
            "git branch -a --contains $(git rev-list --objects HEAD)",
            Unknown,
        ),
        ("man --pager=cat ls", ReadOnly),
        ("man -P 'cat; touch x' ls", Unknown),
        ("man -P less ls", Unknown),
        ("prettier --find-config-path app.js --plugin x", Unknown),
        ("git lfs ls-files", Write),
        ("git lfs env", Write),
        ("git lfs version", ReadOnly),
        ("pre-commit --version", ReadOnly),
        ("pre-commit run", Unknown),
        ("coverage --version", ReadOnly),
        ("coverage run -m pytest", Unknown),
        ("debconf-show --listowners", ReadOnly),
        ("debconf-show tzdata --frob", Unknown),
        ("apt-mark hold git", Write),
        ("dc -e '1 2 + p'", ReadOnly),
        ("dc -e '!touch x'", Unknown),
        // `?` runs a line of standard input as dc code (`echo '!touch y' | dc -e '?'` makes y).
        ("echo '!touch y' | dc -e '?'", Unknown),
        ("dc -e '2 3 + p' -e 'p' --expression=1p", ReadOnly),
        // A file's code is the context's to read.
        ("dc calc.dc", Unknown),
        // coreutils' text formatters' `-NUM` (pr's columns, fmt's and fold's width, expand's
        // tab stops, uniq's fields).
        (
            "pr -2 -t data.csv; pr -3tl 20 data.csv; pr -d -f -S: +2 data.csv",
            ReadOnly,
        ),
        (
            "fmt -72 README.md; fold -80 README.md; expand -4 a.py; unexpand -8 a.py",
            ReadOnly,
        ),
        ("uniq -2 data.txt; uniq -c -1 data.txt", ReadOnly),
        ("pr -2 data.csv > out.txt", Write),
        // A subscript's substitution that prints a literal number (`echo 1`) runs nothing
        // more; one the script's own function prints could.
        ("arr=(1 2); echo \"${arr[$(echo 1)]}\"", ReadOnly),
        (
            "echo() { printf 'a[$(touch x)]'; }; arr=(1 2); echo \"${arr[$(echo 1)]}\"",
            Unknown,
        ),
        // cmake's script is the context's to read.
        ("cmake -P info.cmake", Unknown),
        ("dc -f a.dc", Unknown),
        ("prlimit --pid $$", ReadOnly),
        ("prlimit --nofile=100 touch x", Unknown),
        ("choom -p $$", ReadOnly),
        ("choom -n 10 -- touch x", Unknown),
        ("tc qdisc show", ReadOnly),
        ("bridge link show", ReadOnly),
        ("tc qdisc add dev lo root netem", Unknown),
        ("zipsplit -t a.zip", ReadOnly),
        // m4 by its input: read-only when no builtin that runs, writes or spells names can be
        // put together from its words; a file's text is the context's.
        ("m4 -P <<< 'm4_define(X, 42)X'", ReadOnly),
        ("echo 'Hello NAME' | m4 -D NAME=world", ReadOnly),
        ("m4 --version", ReadOnly),
        ("m4 <<< 'syscmd(touch x)'", Unknown),
        ("m4 <<< 'define(x,sys)x()cmd(touch x)'", Unknown),
        ("m4 -D x=sys <<< 'x()cmd(touch x)'", Unknown),
        ("m4 -P <<< 'm4_esyscmd(id)'", Unknown),
        ("m4 --debugfile=d.txt <<< x", Unknown),
        ("m4 -F frozen <<< x", Unknown),
        ("m4 macros.m4", Unknown),
        ("cat macros.m4 | m4", Unknown),
        ("echo 'syscmd(touch x)' | m4 -- -", Unknown),
        ("echo 'X' | m4 -DX=1 -- -", ReadOnly),
        ("m4", Unknown),
        // run-parts' listing modes print names and run nothing; --stdin makes a temporary
        // file; without a listing mode every script runs.
        ("run-parts --test --regex . hooks", ReadOnly),
        ("run-parts --list /etc/cron.daily", ReadOnly),
        (
            "run-parts --test --lsbsysinit --reverse -u 022 -a x -- hooks",
            ReadOnly,
        ),
        ("run-parts --regex='^p.*d$' --list /etc", ReadOnly),
        ("run-parts hooks --test", ReadOnly),
        ("run-parts hooks", Unknown),
        ("run-parts --report -a x hooks", Unknown),
        ("run-parts --test --stdin hooks", Unknown),
        ("run-parts --te hooks", Unknown),
        ("run-parts --test -- --list", ReadOnly),
        ("run-parts -- --test hooks", Unknown),
        ("zipsplit -n 100000 a.zip", Write),
        ("zgrep -c foo a.gz", ReadOnly),
        ("xzgrep foo a.xz", ReadOnly),
        ("zdiff a.gz b.gz", ReadOnly),
        ("zless a.gz", ReadOnly),
        ("zless '+!touch x' a.gz", Unknown),
        ("pod2usage -output out.txt a.pod", Unknown),
        ("unlz4 -c a.lz4", ReadOnly),
        ("unlz4 a.lz4 out.txt", Write),
        ("pzstd -d a.zst -o out.txt", Write),
        // lzip and its family, and every compressor as a filter (no file: stdin to stdout)
        ("lzip -c data.csv", ReadOnly),
        ("lzip -l data.csv.lz", ReadOnly),
        ("lzip -t data.csv.lz", ReadOnly),
        ("lzip -cd data.csv.lz", ReadOnly),
        ("plzip -dc a.lz", ReadOnly),
        ("lunzip -c a.lz", ReadOnly),
        ("lzop -l a.lzo", ReadOnly),
        ("pbzip2 -dc a.bz2", ReadOnly),
        ("lzip -d", ReadOnly),
        ("gzip -d", ReadOnly),
        ("xz -dq -", ReadOnly),
        ("zstd -d --quiet", ReadOnly),
        ("lzip data.csv", Write),
        ("lzip -d data.csv.lz", Write),
        ("lzip -o out data.csv", Write),
        ("lzip --output=out data.csv", Write),
        ("lzip -c --output=out data.csv", Write),
        ("lzop a.txt", Write),
        ("pbzip2 -l a.txt", Write),
        ("gzip -S .x", Write),
        ("zstd -d -o out", Write),
        ("xz -d --files=list", Write),
        ("zstd --filelist=list", Write),
        ("zstd -c --output-dir-flat d a", Write),
        ("zstd -d -T 4", Write),
        ("gzip -r", Write),
        ("lz4cat a.lz4", ReadOnly),
        ("gdb --version", Unknown),
    ]);
}

/// Expansions whose value is certain on the same line: a word bash does not expand runs
/// nothing, and an unquoted command name splits into its words, which are not parsed again.
#[test]
fn expansions_with_certain_values() {
    assert_levels(&[
        ("v=1; echo \"${v:-$(touch x)}\"", ReadOnly),
        ("v=1; echo \"${v-$(touch x)}\"", ReadOnly),
        ("v=1; echo \"${v:+$(touch x)}\"", Write),
        ("v=; echo \"${v:-$(touch x)}\"", Write),
        ("v=; echo \"${v:+$(touch x)}\"", ReadOnly),
        ("echo \"${v:-$(touch x)}\"", Write),
        ("v=1; v=2; echo \"${v:-$(touch x)}\"", Write),
        ("cmd='echo hi > out'; $cmd", ReadOnly),
        ("cmd='ls -la'; $cmd", ReadOnly),
        ("cmd='touch out'; $cmd", Write),
        ("cmd='rm -rf /'; $cmd", Dangerous),
        ("cmd='ls *'; $cmd", Unknown),
        ("cmd='ls -la'; \"$cmd\"", Unknown),
        ("IFS=x; cmd='lsx-la'; $cmd", Unknown),
    ]);
}

/// Data and document tools: each reading mode, and its writing or running twin.
#[test]
fn data_and_document_tools() {
    assert_levels(&[
        ("mlr --icsv --opprint cat a.csv", ReadOnly),
        (
            "mlr --icsv --ojson sort -f name then head -n 2 a.csv",
            ReadOnly,
        ),
        ("mlr --icsv --ojson filter '$x > 1' a.csv", ReadOnly),
        ("mlr --icsv --ocsv put '$y = $x * 2' a.csv", ReadOnly),
        (
            "mlr --icsv --ojson put -q 'print > stderr, $x' a.csv",
            ReadOnly,
        ),
        ("mlr --c2p stats1 -a mean -f x a.csv", ReadOnly),
        ("mlr --version", ReadOnly),
        ("mlr -I --csv sort -f name a.csv", Write),
        ("mlr --icsv --ocsv tee out.csv then cat a.csv", Write),
        ("mlr --icsv --ocsv split -n 1 a.csv", Write),
        ("mlr --icsv put -q 'tee > \"out.csv\", $*' a.csv", Unknown),
        ("mlr --icsv put -q 'emit > \"o.txt\", $*' a.csv", Unknown),
        ("mlr --icsv put -q 'print | \"sh\", $x' a.csv", Unknown),
        (
            "mlr --icsv put -q 'emit @sums, \"a\" > \"f.txt\", $*' a.csv",
            Unknown,
        ),
        ("mlr -n put 'end { system(\"touch x\") }'", Unknown),
        ("mlr -n put 'end { exec(\"touch\", [\"x\"]) }'", Unknown),
        ("mlr --prepipe 'touch x; cat' --icsv cat a.csv", Unknown),
        ("mlr --load f.mlr --icsv cat a.csv", Unknown),
        ("mlr --icsv put -f prog.mlr a.csv", Unknown),
        ("mlr --icsv frobnicate a.csv", Unknown),
        ("xmlstarlet sel -t -v '//a' a.xml", ReadOnly),
        ("xmlstarlet el a.xml", ReadOnly),
        ("xmlstarlet val a.xml", ReadOnly),
        ("xmlstarlet fo a.xml", ReadOnly),
        ("xmlstarlet ed -u '//a' -v x a.xml", ReadOnly),
        ("xmlstarlet ed -L -u '//a' -v x a.xml", Write),
        ("xmlstarlet ed --inplace -d '//a' a.xml", Write),
        ("xmlstarlet ed -P -L -d '//a' a.xml", Write),
        ("xmlstarlet tr s.xsl a.xml", Unknown),
        ("exiftool a.jpg", ReadOnly),
        ("exiftool -j -G1 -s a.jpg", ReadOnly),
        ("exiftool -FileSize -EXIF:Model a.jpg", ReadOnly),
        ("exiftool -Comment=x a.jpg", Write),
        ("exiftool '-FileName<CreateDate' a.jpg", Write),
        ("exiftool -w info a.jpg", Unknown),
        ("exiftool -o out.xmp a.jpg", Unknown),
        ("exiftool -tagsFromFile b.jpg a.jpg", Unknown),
        ("exiftool -if '$Make' a.jpg", Unknown),
        ("exiftool -execute2 a.jpg", Unknown),
        ("exiftool -@ args.txt", Unknown),
        ("pdfinfo f.pdf", ReadOnly),
        ("pdffonts -f 1 -l 2 f.pdf", ReadOnly),
        ("pdftotext -layout f.pdf -", ReadOnly),
        ("pdftotext f.pdf", Write),
        ("pdftotext -layout f.pdf out.txt", Write),
        ("pdfimages -list f.pdf", ReadOnly),
        ("pdfimages f.pdf img", Write),
        ("pdftoppm f.pdf page", Write),
        ("soxi -D a.wav", ReadOnly),
        ("sox --i a.wav", ReadOnly),
        ("sox a.wav b.wav", Write),
        ("gron a.json", ReadOnly),
        ("gron -u a.gron", ReadOnly),
        ("gron https://example.com/a.json", Write),
        ("hxnormalize -x a.html", ReadOnly),
        ("hxselect -c p", ReadOnly),
        ("hxwls https://example.com/", Write),
        ("csvlook a.csv", ReadOnly),
        ("csvstat --count a.csv", ReadOnly),
        ("csvcut -c name a.csv", ReadOnly),
        ("csvsql --query 'select name from a' a.csv", ReadOnly),
        ("csvsql --query \"attach 'x.db' as x\" a.csv", Unknown),
        ("csvsql --db sqlite:///x.db --insert a.csv", Write),
        ("in2csv --write-sheets - a.xlsx", Write),
        ("yq -y .b a.yaml", ReadOnly),
        ("yq -i -y '.a = 2' a.yaml", Write),
        ("yq --in-place -y '.a = 2' a.yaml", Write),
        ("tar -I zstd -tf a.tar.zst", ReadOnly),
        ("tar --use-compress-program=xz -tf a.tar.xz", ReadOnly),
        ("tar -I 'zstd -T0' -tf a.tar.zst", ReadOnly),
        ("tar -I zstd -xOf a.tar.zst", ReadOnly),
        ("tar -I ./dz -tf a.tar.zst", Unknown),
        ("tar -I 'zstd --exec=x' -tf a.tar.zst", Unknown),
        ("tar -I zstd -xf a.tar.zst", Write),
    ]);
}

/// Options that turn a program's configuration, cache or shell off, and reading modes, each
/// with the same shape that writes or runs (session 37).
#[test]
fn options_that_turn_configuration_off_and_their_twins() {
    assert_levels(&[
        // vim in silent Ex mode: -n keeps the swap file away; a global command may print.
        ("vim -n -es -c 'g/hello/p' -c 'q!' f.txt", ReadOnly),
        ("vim -n -es -c 'v/x/nu' -c 'qa!' f.txt", ReadOnly),
        ("vim -n -es -c '%p' -c 'q!' f.txt", ReadOnly),
        ("vim -es -c '%p' -c 'q!' f.txt", Write),
        ("vim -n -es -c 'g/hello/d' -c 'wq' f.txt", Write),
        ("vim -n -es -c 'g/hello/!touch x' -c 'q!' f.txt", Write),
        ("vim -n -es -c 'g/a/p|w' -c 'q!' f.txt", Write),
        // printf's output handed to ed.
        ("printf '%s\\n' ',p' q | ed -s data.txt", ReadOnly),
        ("printf ',n\\nq\\n' | ed -s data.txt", ReadOnly),
        ("printf '%s\\n' 1d w q | ed -s data.txt", Write),
        ("printf '%s\\n' '!touch x' q | ed -s data.txt", Write),
        ("printf '%d\\n' 1 | ed -s data.txt", Write),
        // sqlite3 -safe refuses the dot-commands that run or write.
        // (Read-only once the context finds app.db: without it, sqlite3 may create the file.)
        ("sqlite3 -safe -readonly app.db '.shell touch x'", ReadOnly),
        ("sqlite3 -safe app.db '.output x' 'select 1'", Write),
        ("sqlite3 app.db '.shell touch x'", Unknown),
        ("sqlite3 -safe app.db '.trace x'", Unknown),
        ("sqlite3 -safe app.db 'insert into t values (1)'", Unknown),
        // cmake's help, printed; the same option with an output file writes.
        ("cmake --help-command message", ReadOnly),
        ("cmake --help-variable-list", ReadOnly),
        ("cmake --list-presets", ReadOnly),
        ("cmake --list-presets=build", ReadOnly),
        ("cmake --list-presets build", Write),
        ("cmake --preset dev", Write),
        ("cmake --help-command message out.txt", Write),
        // A script is read from the context (cls45); without it, not known.
        ("cmake -P s.cmake", Unknown),
        // apt-get's simulation.
        ("apt-get -s install sl", ReadOnly),
        ("apt-get --simulate -y remove coreutils", ReadOnly),
        ("apt-get install sl", Write),
        ("apt-get -s update", Unknown),
        ("apt-get -s -o Dir::Cache=/x install sl", Unknown),
        // mypy with its cache off still reads its configuration, which the context reads.
        ("mypy --cache-dir=/dev/null src", Unknown),
        ("mypy src", Write),
        // exiftool's configuration off.
        ("exiftool -config '' -s a.txt", ReadOnly),
        ("exiftool -config x.pl -s a.txt", Unknown),
        ("exiftool -s -config '' a.txt", Unknown),
        // prettier checking: its configuration is the context's.
        ("prettier --check a.js", Unknown),
        ("prettier --write a.js", Write),
        ("pytest -V", ReadOnly),
    ]);
}

#[test]
fn sqlite_readfile_reads_and_writefile_writes() {
    // sqlite 3.40's shell: readfile() reads the file it names; writefile() writes, edit() runs
    // an editor.
    assert_levels(&[
        (
            "sqlite3 -readonly app.db \"select readfile('a.txt')\"",
            ReadOnly,
        ),
        (
            "sqlite3 :memory: \"select writefile('out.txt', 'x')\"",
            Unknown,
        ),
        ("sqlite3 :memory: \"select edit('x')\"", Unknown),
    ]);
}

/// `case` with a fixed word runs only the items it reaches; `git merge-tree`'s trivial mode
/// writes no object; patch writes a temporary file on every run that reads a patch.
#[test]
fn case_items_not_reached_and_modes_that_write_nothing() {
    assert_levels(&[
        ("case x in x) echo m ;; *) touch made.txt ;; esac", ReadOnly),
        ("case x in y) touch made.txt ;; esac", ReadOnly),
        (
            "case main.rs in *.py) touch a ;; *.rs) echo rust ;; esac",
            ReadOnly,
        ),
        (
            "case 'a b' in \"a b\") echo m ;; *) rm -f x ;; esac",
            ReadOnly,
        ),
        // The item matched, the one it falls into (`;&`), those tested after `;;&`.
        ("case x in x) echo m ;& y) touch made.txt ;; esac", Write),
        ("case x in x) echo m ;;& *) touch made.txt ;; esac", Write),
        ("case x in y) echo ;; *) touch made.txt ;; esac", Write),
        // A word or a pattern only known at run time, a class, nocasematch.
        ("case $1 in x) echo m ;; *) touch made.txt ;; esac", Write),
        ("case x in $p) echo m ;; *) touch made.txt ;; esac", Write),
        ("case x in [xy]) echo m ;; *) touch made.txt ;; esac", Write),
        ("case x in $(touch made.txt)) echo m ;; esac", Write),
        (
            "case x in x) echo m ;; $(touch made.txt)) echo ;; esac",
            ReadOnly,
        ),
        (
            "shopt -s nocasematch; case X in x) echo m ;; *) touch made.txt ;; esac",
            Write,
        ),
        ("case X in x) touch made.txt ;; esac", ReadOnly),
        (
            "git merge-tree $(git merge-base main feature) main feature",
            ReadOnly,
        ),
        ("git merge-tree --trivial-merge base main feature", ReadOnly),
        ("git merge-tree main feature", Write),
        ("git merge-tree --write-tree base main feature", Write),
        ("git merge-tree $(cat base) main feature", Write),
        (
            "sqlite3 -readonly app.db '.output stdout' 'select * from t;'",
            ReadOnly,
        ),
        (
            "sqlite3 -readonly app.db '.output' '.once stdout' 'select 1;'",
            ReadOnly,
        ),
        (
            "sqlite3 -readonly app.db '.output out.txt' 'select 1;'",
            Unknown,
        ),
        (
            "sqlite3 -readonly app.db '.once stdout.txt' 'select 1;'",
            Unknown,
        ),
        (
            "sqlite3 -readonly app.db \".output '|sh'\" 'select 1;'",
            Unknown,
        ),
        ("patch --version", ReadOnly),
        ("patch --dry-run -p1 -i ../fix.diff", Write),
        ("patch -o - -r - a.txt < x.patch", Write),
    ]);
}

/// nohup makes nohup.out, and less -o its log, only when stdout is a terminal: a later stage of
/// a pipeline or `/dev/null` is not one; `>&2`, a nested script or a trap's body may be.
#[test]
fn stdout_that_is_not_a_terminal() {
    assert_levels(&[
        ("nohup cat f.txt | head -1", ReadOnly),
        ("nohup cat f.txt > /dev/null 2>&1", ReadOnly),
        ("{ nohup cat f.txt; echo; } | wc -l", ReadOnly),
        ("if true; then nohup ls; fi &> /dev/null", ReadOnly),
        ("cat f.txt | less -o copy.txt | head -1", ReadOnly),
        ("nohup cat f.txt", Write),
        ("cat f.txt | nohup cat", Write),
        ("nohup cat f.txt >&2 | head -1", Write),
        ("{ nohup cat f.txt 1>&2; } | wc -l", Write),
        ("nohup cat f.txt > /dev/null 1>&2", Write),
        ("trap 'nohup ls' EXIT > /dev/null", Write),
        ("{ exec > /dev/tty; nohup ls; } | cat", Write),
        ("bash -c 'nohup ls' | cat", Write),
        ("f() { nohup ls; }; f | cat", Write),
        ("cat f.txt | less -o copy.txt", Write),
        ("more -o copy.txt f.txt | cat", Write),
        ("nohup cat f.txt 1>&2 > /dev/null | cat", ReadOnly),
    ]);
}

/// Bash forms whose code is fixed: a prompt expansion of a plain value, a name reference to a
/// plain name, mapfile's callback.
#[test]
fn prompts_name_references_and_callbacks_with_fixed_text() {
    assert_levels(&[
        (
            "p='\\u@\\h \\w'; echo \"${p@P}\" > /dev/null; echo ok",
            ReadOnly,
        ),
        ("p='\\u $(id)'; echo \"${p@P}\"", Unknown),
        ("p='\\044(id)'; echo \"${p@P}\"", Unknown),
        ("p=x; p='`id`'; echo \"${p@P}\"", Unknown),
        ("echo \"${PS1@P}\"", Unknown),
        ("x=hello; declare -n r=x; echo \"$r\"", ReadOnly),
        ("declare -n r='a[$(id)]'; echo \"$r\"", Unknown),
        ("declare -n r=x; r='a[$(id)]'; echo ok", Unknown),
        ("declare -n r=x; for r in 'a[$(id)]'; do :; done", Unknown),
        ("declare -n r; r=x", Unknown),
        ("declare -n r=PATH; echo $r", Unknown),
        ("declare -in r=x", Unknown),
        (
            "readarray -t -C 'printf \"%s \"' -c 1 L < f.txt; echo",
            ReadOnly,
        ),
        ("mapfile -tC 'echo' -c 1 L < f.txt", ReadOnly),
        ("mapfile -C 'touch x' -c 1 L < f.txt", Write),
        ("mapfile -tC \"$cb\" -c 1 L < f.txt", Unknown),
    ]);
}

/// Where bash evaluates a name or a key it is given: an indexed array's compound-assignment key
/// is arithmetic as `a[k]=v` is (an associative array's is a plain word), and `wait -p` names a
/// variable as `read` does (measured, bash 5.2: a value `a[$(cmd)]` runs cmd in each).
#[test]
fn compound_assignment_keys_and_wait_p_names() {
    assert_levels(&[
        ("arr=([1]=x [2]=y); echo ${#arr[@]}", ReadOnly),
        ("arr=([i]=1)", Unknown),
        ("arr=([$V]=1)", Unknown),
        ("arr+=([\"$V\"]=1)", Unknown),
        ("declare -a arr=([\"$V\"]=1); echo ${#arr[@]}", Unknown),
        ("declare -A m=([\"$V\"]=1); echo ${!m[@]}", ReadOnly),
        ("local -A m=([$k]=1)", ReadOnly),
        ("x=(a b c); echo ${x[1]}", ReadOnly),
        ("sleep 0 & wait -n -p pid; echo $pid", ReadOnly),
        ("sleep 0 & wait -n -p \"$V\"; echo done", Unknown),
        ("wait -np \"$V\"", Unknown),
        ("wait -p 'a[$(id)]'", Unknown),
        ("wait $!", ReadOnly),
        // pytest's help loads conftest files and plugins and probes /tmp; its version does not.
        ("pytest --help | head", Write),
        ("pytest --version", ReadOnly),
    ]);
}

/// Programs and modules that only read, learned whole from their documentation and strace.
#[test]
fn reading_programs_learned_whole() {
    assert_levels(&[
        ("python3 -m tabnanny -v ../repo-util.py", ReadOnly),
        ("python3 -m tabnanny -q src", ReadOnly),
        ("python3 -m filecmp -r a b", ReadOnly),
        ("python3 -m shlex f.txt", ReadOnly),
        ("python3 -m locale", ReadOnly),
        ("python3 -m filecmp a", Unknown),
        ("python3 -m tabnanny --fix x.py", Unknown),
        ("gpgconf --list-dirs homedir", ReadOnly),
        ("gpgconf --list-components", ReadOnly),
        ("gpgconf --version", ReadOnly),
        ("gpgconf --list-options gpg", Unknown),
        ("gpgconf --kill all", Unknown),
        ("gpgconf --change-options gpg", Unknown),
        (
            "gcc -E -MMD -MF /dev/null ../repo-hello.c > /dev/null",
            ReadOnly,
        ),
        ("gcc -E -MM -MG -MP -MT x a.c", ReadOnly),
        ("gcc -E -MMD a.c", Write),
        ("gcc -E -M -MF deps.d a.c", Write),
        ("gcc -E -MD -MF deps.d a.c", Write),
        (
            "git format-patch -1 --stdout HEAD | git mailinfo /dev/null /dev/null",
            ReadOnly,
        ),
        (
            "git mailinfo -k --encoding=UTF-8 /dev/null /dev/null < m.eml",
            ReadOnly,
        ),
        ("git mailinfo msg patch < m.eml", Unknown),
        ("git mailinfo /dev/null patch < m.eml", Unknown),
        (
            "echo 'select count(*) from t;' | sqlite3 -readonly app.db",
            ReadOnly,
        ),
        ("sqlite3 -readonly app.db <<< 'select 1;'", ReadOnly),
        ("echo 'delete from t;' | sqlite3 -readonly app.db", Unknown),
        (
            "printf '.tables\\n.shell touch x\\n' | sqlite3 -readonly app.db",
            Unknown,
        ),
        (
            "echo 'select 1;' | sqlite3 -readonly app.db \"attach 'x' as y\"",
            Unknown,
        ),
        ("sqlite3 -readonly app.db < q.sql", Unknown),
        ("perl -e 'print qq(@{[ `id` ]})'", Unknown),
    ]);
}

/// r22's false alarms fixed by class, each with its twin that writes or runs something.
#[test]
fn r22_reading_modes_and_dead_loops() {
    assert_levels(&[
        // Loops whose condition ends them before the body runs.
        ("while false; do touch x; done; echo ok", ReadOnly),
        ("until true; do touch x; done", ReadOnly),
        ("while true; do touch x; done", Write),
        ("until false; do touch x; done", Write),
        ("while ls; do touch x; done", Write),
        ("false() { :; }; while false; do touch x; done", Write),
        // tree's JSON listing; dpkg's audit.
        ("tree -J -L 1 src", ReadOnly),
        ("tree -J -o out.json", Write),
        ("dpkg --get-selections git jq", ReadOnly),
        ("dpkg --audit", ReadOnly),
        ("dpkg -C", ReadOnly),
        ("dpkg --configure -a", Unknown),
        // JDK tools with the VM's performance data off.
        ("javap -J-XX:-UsePerfData -p Hello.class", ReadOnly),
        ("javap -p Hello.class", Write),
        (
            "javap -J-javaagent:a.jar -J-XX:-UsePerfData -p Hello.class",
            Unknown,
        ),
        ("javap -J-XX:-UsePerfData @args", Unknown),
        ("jar -J-XX:-UsePerfData tf app.jar", ReadOnly),
        ("jar -J-XX:-UsePerfData --list --file app.jar", ReadOnly),
        ("jar -J-XX:-UsePerfData xf app.jar", Unknown),
        ("jar -J-XX:-UsePerfData tf app.jar @more", Unknown),
        (
            "keytool -J-XX:-UsePerfData -printcert -file c.pem",
            ReadOnly,
        ),
        (
            "keytool -J-XX:-UsePerfData -list -keystore k.jks -storepass x",
            ReadOnly,
        ),
        ("keytool -J-XX:-UsePerfData -help", ReadOnly),
        (
            "keytool -J-XX:-UsePerfData -printcert -sslserver example.com",
            Unknown,
        ),
        (
            "keytool -J-XX:-UsePerfData -list -providerpath p.jar",
            Unknown,
        ),
        ("keytool -J-XX:-UsePerfData -genkeypair -alias a", Unknown),
        // luac parsing only, or its chunk sent nowhere.
        ("luac5.4 -p hello.lua", ReadOnly),
        ("luac -o /dev/null a.lua", ReadOnly),
        ("luac5.4 -l -p a.lua", ReadOnly),
        ("luac5.4 a.lua", Unknown),
        ("luac5.4 -o out.luac a.lua", Unknown),
        // OCaml's inferred interface and dependencies.
        ("ocamlc -i hello.ml", ReadOnly),
        ("ocamldep hello.ml", ReadOnly),
        ("ocamldep -modules -I lib a.ml b.ml", ReadOnly),
        ("ocamlc hello.ml", Unknown),
        ("ocamlc -i -ppx ./rewrite hello.ml", Unknown),
        ("ocamldep -pp 'touch x' hello.ml", Unknown),
        // php's reflection, which runs no script.
        ("php --ri json", ReadOnly),
        ("php --rf strlen", ReadOnly),
        ("php index.php", Unknown),
        ("php --ri", Unknown),
    ]);
}

/// r23's held-out false alarms, by class: programs' reading modes (jo, pv, patchelf's
/// `--print-*`, graphviz's gc), rg's preprocessor judged as the command it runs, `ifne -n` on
/// an input that holds text, a RETURN trap with no function or sourced file to return from, a
/// redirection that brace expansion makes ambiguous. Each with the forms that still write.
#[test]
fn r23_reading_modes() {
    assert_levels(&[
        ("jo -p name=demo n=1 tags=$(jo -a x y)", ReadOnly),
        ("jo -a 1 2 3; jo -f base.json a=@data.csv", ReadOnly),
        ("jo -o out.json a=1", Write),
        ("pv -q data.csv | wc -l", ReadOnly),
        ("pv -pterb -L 1m -N in data.csv > /dev/null", ReadOnly),
        ("pv -P pv.pid data.csv", Unknown),
        ("pv -R 1234 -L 1k", Unknown),
        (
            "patchelf --print-interpreter bin/app; patchelf --print-needed --print-rpath bin/app",
            ReadOnly,
        ),
        ("patchelf --set-rpath /x bin/app", Unknown),
        ("patchelf --print-rpath --output copy bin/app", Unknown),
        ("gc -n -e g.dot; gc -a -r g.dot", ReadOnly),
        ("rg --pre cat -n Usage README.md", ReadOnly),
        ("rg --pre rm TODO", Write),
        ("rg --pre ./pre.sh TODO", Unknown),
        ("rg --pre ./pre.sh --files", ReadOnly),
        ("rg --pre= TODO", ReadOnly),
        ("printf 'x\\n' | ifne -n touch made.txt", ReadOnly),
        ("printf '' | ifne -n touch made.txt", Write),
        ("cat list | ifne -n touch made.txt", Write),
        ("trap 'touch ran' RETURN; echo hi", ReadOnly),
        ("trap 'touch made.txt' USR1; echo ok", ReadOnly),
        ("trap 'touch made.txt' USR1 RETURN; echo ok", ReadOnly),
        ("trap 'touch made.txt' USR1; kill -USR1 $$", Write),
        ("trap 'touch made.txt' USR1 TERM; echo ok", Write),
        ("trap 'touch made.txt' INT; echo ok", Write),
        ("trap 'touch ran' RETURN; f() { :; }; f", Write),
        ("trap 'touch ran' RETURN; source ./env.sh", Unknown),
        ("trap 'touch ran' RETURN; . ./env.sh", Unknown),
        ("trap 'touch ran' RETURN; eval \"$x\"", Unknown),
        ("printf 'a\\n' | pee cat cat", ReadOnly),
        ("printf 'a\\n' | pee 'wc -l' 'sort > out.txt'", Write),
        ("pee --ignore-sigpipe cat 'rm -f x'", Write),
        (
            "hyperfine --runs 2 --shell=none --style basic 'true'",
            ReadOnly,
        ),
        ("hyperfine -w 1 'ls -la' 'grep -c x README.md'", ReadOnly),
        ("hyperfine -N 'touch x'", Write),
        ("hyperfine --prepare 'rm -f cache' 'ls'", Write),
        ("hyperfine --export-json out.json 'ls'", Unknown),
        ("hyperfine --output=out.txt 'ls'", Unknown),
        ("hyperfine -P n 1 3 'sleep {n}'", Unknown),
        ("hyperfine --shell=bash 'ls'", Unknown),
        ("echo x >{a,b}.txt", ReadOnly),
        ("echo x >x{1..2}", ReadOnly),
        ("echo x >{p..p}", Write),
        ("echo x >'{a,b}'.txt", Write),
        ("echo x >{a}.txt", Write),
        ("sh -c 'echo x >{a,b}.txt'", Write),
        ("bash -c 'echo x >{a,b}.txt'", Write),
    ]);
}

/// Query modes found by sweeping the programs an agent runs to look at a machine: killall's
/// signal list, swapon's table, taskset's and chrt's view of one process.
#[test]
fn process_and_swap_queries() {
    assert_levels(&[
        ("killall -l", ReadOnly),
        ("killall node", Write),
        ("swapon --show; swapon -s", ReadOnly),
        ("swapon -a", Write),
        ("taskset -p 1; taskset -pc 1; taskset -a -p 1", ReadOnly),
        ("taskset -p 3 1", Write),
        ("chrt -p 1", ReadOnly),
        ("chrt -p 10 1", Write),
        ("chrt -f -p 10 1", Write),
        // The shell's own id and its parent's are one number whatever runs; a substitution
        // may print several words or an option.
        (
            "taskset -p $$; chrt -p \"$BASHPID\"; taskset -p ${PPID}",
            ReadOnly,
        ),
        ("taskset -p $(pgrep x)", Write),
        ("taskset -p $m $$", Write),
        (
            "ionice -p $$; ionice -p 1 2; ionice -t -u 0; ionice -P 1",
            ReadOnly,
        ),
        ("ionice -c 3 -p $$", Write),
        ("ionice -n 7 -p 1", Write),
        ("ionice -p $pids", Write),
        ("ionice -c 3 make", Write),
    ]);
}

/// Builtins that only list, local associative arrays, integers given literal values, and
/// standard modules run as programs that only print (issue 44, r26).
#[test]
fn builtins_attributes_and_modules_that_only_read() {
    assert_levels(&[
        ("fc -l", ReadOnly),
        ("fc -l 2>&1; echo rc=$?", ReadOnly),
        ("fc -lnr -10 -1", ReadOnly),
        ("fc", Unknown),
        ("fc -s", Unknown),
        ("fc -e vi 1", Unknown),
        (
            "enable -a | wc -l; enable -n 2>/dev/null | head -2",
            ReadOnly,
        ),
        ("enable -ps", ReadOnly),
        ("enable -n echo", Unknown),
        ("enable -f ./x.so foo", Unknown),
        ("enable echo", Unknown),
        (
            "f(){ local -a a=(x y); local -A m=([k]=v); echo ${#a[@]} ${m[k]}; }; f",
            ReadOnly,
        ),
        ("f(){ local -A m; m[k]=v; echo \"${m[k]}\"; }; f", ReadOnly),
        // Only in the body that declares it, after the declaration.
        ("f(){ echo ${m[k]}; local -A m; }; f", Unknown),
        ("f(){ local -A m; }; g(){ echo ${m[k]}; }; f; g", Unknown),
        (
            "f(){ if true; then local -A m; fi; echo ${m[k]}; }; f",
            Unknown,
        ),
        ("f(){ local -A m; unset m; echo ${m[k]}; }; f", Unknown),
        ("f(){ local -a m; echo ${m[k]}; }; f", Unknown),
        ("declare -i n=3; n+=4; echo $n", ReadOnly),
        ("declare -i n; n=2*3; n+=1; echo $n", ReadOnly),
        ("declare -i n=3; n=$x; echo $n", Unknown),
        ("declare -i n=3; read n; echo $n", Unknown),
        ("declare -i n=3; for n in $(ls); do :; done", Unknown),
        ("declare -i n=3; eval \"$c\"", Unknown),
        ("declare -i n=3; : ${n:=$x}", Unknown),
        ("declare -i n=3; declare -n r=n; r=$x", Unknown),
        ("declare -i n=3; printf -v n %s \"$x\"", Unknown),
        // Judged as inline code: read-only only once the context is read.
        ("python3 -m timeit -n 100 -r 2 'sum(range(50))'", Unknown),
        (
            "python3 -m timeit -n 1 'import os; os.remove(\"x\")'",
            Unknown,
        ),
        // A standard module's mode, as `-m json.tool` (shadowing is the context's to check).
        ("python3 -m inspect -d json", ReadOnly),
        ("python3 -m inspect -d json:dumps", ReadOnly),
        ("python3 -m inspect helper", Unknown),
        ("python3 -m inspect -d json -x", Unknown),
        // A tool's module run with -m is judged as the tool (the context checks the module).
        ("python3 -m pyflakes src", ReadOnly),
        ("python3 -m pycodestyle --max-line-length=100 src", ReadOnly),
        ("python3 -m black --check --no-cache src", ReadOnly),
        ("python3 -m black src", Write),
        ("python3 -m isort src", Write),
        ("let 'y=2*3'; echo $y", ReadOnly),
        ("let 'y=$(id)'", Unknown),
        ("for n in $(seq 1 3); do echo $((n*n)); done", ReadOnly),
        ("for n in $(seq -f %s 1 3); do echo $((n*n)); done", Unknown),
    ]);
}

/// patchutils' readers print a patch's names, hunks or a filtered patch; -z, and grep mode's
/// --output-matching on standard input, copy the input to a temporary file first (strace, 0.4.2).
#[test]
fn patchutils_readers() {
    assert_levels(&[
        ("lsdiff -n change.patch", ReadOnly),
        ("lsdiff -sn --strip=1 a.patch b.patch", ReadOnly),
        ("git diff | lsdiff -s", ReadOnly),
        ("lsdiff -p 1 -i '*.py' -x tests/ change.patch", ReadOnly),
        (
            "filterdiff -i '*/README.md' --hunks=1 change.patch",
            ReadOnly,
        ),
        ("filterdiff -#2 --annotate - < change.patch", ReadOnly),
        ("grepdiff sub --output-matching=hunk change.patch", ReadOnly),
        (
            "grepdiff -E 'a|b' --output-matching file change.patch",
            ReadOnly,
        ),
        ("git diff | grepdiff sub", ReadOnly),
        ("git diff | grepdiff -f pats.txt --only-match=add", ReadOnly),
        ("lsdiff --version", ReadOnly),
        ("git diff | grepdiff sub --output-matching=hunk", Write),
        ("grepdiff sub --output-matching=hunk < change.patch", Write),
        (
            "grepdiff sub --output-matching=hunk - < change.patch",
            Write,
        ),
        ("git diff | lsdiff --grep sub --output-matching=hunk", Write),
        ("lsdiff -z change.patch.gz", Write),
        ("filterdiff --decompress a.patch.gz", Write),
        ("lsdiff -snz a.patch.gz", Write),
        ("filterdiff --in-place change.patch", Unknown),
        ("lsdiff -Q change.patch", Unknown),
        ("splitdiff -a change.patch", Unknown),
    ]);
}

/// qpdf's inspection options take no output file; Ghostscript's information options stop before
/// GS_OPTIONS and the initialization files run; running a file is not taken.
#[test]
fn qpdf_inspection_and_ghostscript_information() {
    assert_levels(&[
        ("qpdf --check doc.pdf", ReadOnly),
        ("qpdf --show-npages doc.pdf", ReadOnly),
        ("qpdf --json=2 --json-key=pages doc.pdf", ReadOnly),
        (
            "qpdf --show-object=1 --filtered-stream-data doc.pdf",
            ReadOnly,
        ),
        ("qpdf --password=x --show-encryption doc.pdf", ReadOnly),
        ("qpdf --version", ReadOnly),
        ("qpdf doc.pdf out.pdf", Unknown),
        ("qpdf --check doc.pdf out.pdf", Unknown),
        ("qpdf --replace-input --check doc.pdf", Unknown),
        ("qpdf --check @args.txt", Unknown),
        ("qpdf --json-output doc.pdf out.json", Unknown),
        ("qpdf --check", Unknown),
        // tox's config mode, keys that need no interpreter: the context reads the substitutions.
        ("tox config -e py311 -k commands", Unknown),
        ("tox config -e py311", Write),
        ("tox config -k envpython", Write),
        ("tox config -k commands -o out.ini", Write),
        ("gs --version", ReadOnly),
        ("gs -h", ReadOnly),
        ("gs --version -c quit", Unknown),
        ("gs -q -dBATCH -dNOPAUSE -sDEVICE=bbox doc.ps", Unknown),
        // Drawing on a device that writes no file: the files' type is the context's to read.
        ("gs -q -dBATCH -dNOPAUSE -sDEVICE=bbox doc.pdf", Unknown),
        (
            "gs -q -dBATCH -dNOPAUSE -sDEVICE=pdfwrite -sOutputFile=o.pdf doc.pdf",
            Unknown,
        ),
        (
            "gs -q -dBATCH -dNOPAUSE -sDEVICE=bbox -c quit doc.pdf",
            Unknown,
        ),
        (
            "gs -q -dBATCH -dNOPAUSE -dNOSAFER -sDEVICE=bbox doc.pdf",
            Unknown,
        ),
        ("gs -q -dNOPAUSE -sDEVICE=bbox doc.pdf", Unknown),
        // PostScript that only computes and prints, in batch mode on no device: the context
        // reads GS_OPTIONS and GS_LIB.
        (
            "gs -q -dNODISPLAY -dBATCH -dNOPAUSE -c '(hello) = '",
            Unknown,
        ),
        ("gs -q -dNODISPLAY -c '(hello) ='", Unknown),
        ("gs -q -dNODISPLAY -dBATCH -c '(x) (y) deletefile'", Unknown),
        (
            "gs -q -dNODISPLAY -dBATCH -c '(%pipe%id) (w) file'",
            Unknown,
        ),
        ("gs -q -dNODISPLAY -dBATCH -c '{ (x) = } exec'", Unknown),
        ("gs -q -dNODISPLAY -dBATCH -c '(x) =' -f doc.ps", Unknown),
        ("gs -q -dNODISPLAY -dBATCH -dNOSAFER -c '(x) ='", Unknown),
        ("gs -q -sDEVICE=pdfwrite -dBATCH -c '(x) ='", Unknown),
        ("gs -o out.pdf -sDEVICE=bbox doc.pdf", Unknown),
        // sqlite-utils' queries that only read: the context checks that the database is there.
        (
            "sqlite-utils query ../art/app.db 'select name from users' --csv",
            Write,
        ),
        ("sqlite-utils query app.db 'delete from users'", Unknown),
        (
            "sqlite-utils query app.db 'select 1' --functions 'x'",
            Unknown,
        ),
        ("sqlite-utils query app.db \"attach 'x.db' as x\"", Unknown),
        (
            "sqlite-utils query app.db 'select load_extension(1)'",
            Unknown,
        ),
        // sqlite-utils' listings of a database that must exist; its queries are not taken.
        ("sqlite-utils tables ../art/app.db --counts -t", ReadOnly),
        (
            "sqlite-utils rows app.db users --limit 1 -c name --where 'id > :n' -p n 1",
            ReadOnly,
        ),
        (
            "sqlite-utils tables app.db --columns --schema --csv",
            ReadOnly,
        ),
        ("sqlite-utils views app.db --nl", ReadOnly),
        ("sqlite-utils indexes app.db --aux -t", ReadOnly),
        ("sqlite-utils triggers app.db users", ReadOnly),
        ("sqlite-utils schema app.db users", ReadOnly),
        ("sqlite-utils dump app.db", ReadOnly),
        ("sqlite-utils rows app.db", Unknown),
        ("sqlite-utils tables app.db --load-extension x.so", Unknown),
        ("sqlite-utils query app.db 'delete from users'", Unknown),
        // The default command is a query: read-only when the database is there (the context's).
        ("sqlite-utils app.db 'select 1'", Write),
        ("sqlite-utils insert app.db users data.json", Unknown),
        ("sqlite-utils schema app.db --counts", Unknown),
    ]);
}

/// The catalog of a developer's machine (issue 44): for each program added, a reading form, a
/// writing or running option, and `--version`.
#[test]
fn catalog_of_a_developers_machine() {
    assert_levels(&[
        ("diffstat -p1 change.patch", ReadOnly),
        ("diffstat -C -p1 -s a.diff b.diff", ReadOnly),
        ("diffstat -o out.txt change.patch", Write),
        ("diffstat -e err.txt change.patch", Write),
        ("diffstat change.patch.gz", Unknown),
        ("diffstat -V", ReadOnly),
        ("diffstat --version", ReadOnly),
        // Standard input that starts like compressed data is copied to /tmp first.
        ("cat x | diffstat", Write),
        ("diffstat < change.patch", Write),
        ("printf 'diff --git a/x b/x\\n' | diffstat", ReadOnly),
        ("printf 'BZh91AY' | diffstat", Write),
        ("mediainfo pic.png", ReadOnly),
        ("mediainfo --Output=JSON pic.jpg", ReadOnly),
        ("mediainfo --Inform='Image;%Width%x%Height%' pic.png", ReadOnly),
        ("mediainfo -f clip.mkv", ReadOnly),
        ("mediainfo --Version", ReadOnly),
        ("mediainfo --LogFile=log.txt pic.png", Unknown),
        ("mediainfo https://example.com/a.mp4", Write),
        ("ffprobe -v error -show_format -show_streams clip.mkv", ReadOnly),
        ("ffprobe -hide_banner -of json -show_entries stream=codec_name:format=duration clip.mkv", ReadOnly),
        ("ffprobe -version", ReadOnly),
        ("ffprobe -report clip.mkv", Unknown),
        ("ffprobe -o out.txt clip.mkv", Unknown),
        ("ffprobe http://example.com/a.mp4", Unknown),
        ("ffprobe -i concat:a.ts|b.ts", Unknown),
        ("quilt --quiltrc=- series", ReadOnly),
        ("quilt series", Unknown),
        ("quilt push", Write),
        ("quilt --version", ReadOnly),
        ("tiffinfo -s pic.tiff", ReadOnly),
        ("tiffdump pic.tiff", ReadOnly),
        ("webpinfo -summary pic.webp", ReadOnly),
        ("rdjpgcom -verbose pic.jpg", ReadOnly),
        ("pngcheck -v pic.png", ReadOnly),
        ("pngcheck -x blob.bin", Write),
        ("ogginfo tone.ogg", ReadOnly),
        ("opusinfo -q tone.opus", ReadOnly),
        ("mkvinfo -s clip.mkv", ReadOnly),
        ("mkvinfo -r out.txt clip.mkv", Write),
        ("mkvinfo @opts.json", Unknown),
        ("mp3info -x tone.mp3", ReadOnly),
        ("mp3info -t Title tone.mp3", Unknown),
        ("scanelf -a a.out", ReadOnly),
        ("scanelf -X -e a.out", Write),
        ("dumpelf a.out", ReadOnly),
        ("chrpath -l a.out", ReadOnly),
        ("chrpath -r /opt/lib a.out", Write),
        ("ident README.md", ReadOnly),
        ("rlog -h r.txt", ReadOnly),
        ("checkbashisms -p s.sh", ReadOnly),
        ("hardening-check a.out", ReadOnly),
        ("enca -L none README.md", ReadOnly),
        ("enca -x UTF-8 README.md", Unknown),
        ("uchardet README.md", ReadOnly),
        ("fincore README.md", ReadOnly),
        ("lsfd -p 1", ReadOnly),
        ("filefrag -v README.md", ReadOnly),
        ("filefrag -s README.md", Unknown),
        ("grep-dctrl -s Package -F Source pkg debian/control", ReadOnly),
        ("sort-dctrl debian/control", ReadOnly),
        ("dpkg-parsechangelog -S Version", ReadOnly),
        ("dpkg-parsechangelog -F debian", Unknown),
        ("dpkg-vendor --query Vendor", ReadOnly),
        ("ifnames h.c", ReadOnly),
        ("xxh64sum README.md", ReadOnly),
        ("xml2-config --cflags", ReadOnly),
        ("systemd-detect-virt", ReadOnly),
        ("zlib-flate -compress", ReadOnly),
        ("rgrep hello .", ReadOnly),
        ("gmake --version", ReadOnly),
        // Writers and runners: known, so their version and help print.
        ("bison --version", ReadOnly),
        ("bison parse.y", Write),
        ("flex --help", ReadOnly),
        ("doxygen --version", ReadOnly),
        ("doxygen", Write),
        // Generators writing to standard output (cls51): gperf's default, flex -t (its input's
        // %option lines are the context's), doxygen's templates to `-` and its -x comparison.
        ("gperf kw.gperf", ReadOnly),
        ("gperf --output-file=kw.c kw.gperf", Write),
        ("flex -t scan.l", Unknown),
        ("flex scan.l", Write),
        ("swig -version", ReadOnly),
        ("swig -python w.i", Write),
        ("doxygen -g -", ReadOnly),
        ("doxygen -g", Write),
        ("doxygen -x Doxyfile", ReadOnly),
        ("doxygen -u Doxyfile", Write),
        ("ffmpeg --version", ReadOnly),
        ("ffmpeg -i a.wav a.mp3", Write),
        ("neato --version", ReadOnly),
        ("ctest --version", ReadOnly),
        ("ctest -N", Unknown),
        ("valgrind --version", ReadOnly),
        ("valgrind ./a.out", Unknown),
        ("just --version", ReadOnly),
        ("just build", Unknown),
        // autoheader, autom4te and autoreconf make a directory in /tmp, --version included.
        ("autoreconf --version", Unknown),
        ("autom4te --help", Unknown),
    ]);
}

/// xargs on an input known to be empty: with `-r` or a replace string its command never
/// starts; otherwise it runs once with its own words and none read. Any other input, or words
/// from a file (`-a`), still reads words from elsewhere.
#[test]
fn xargs_on_an_empty_input() {
    assert_levels(&[
        ("xargs -r rm -f < /dev/null", ReadOnly),
        ("xargs --no-run-if-empty rm < /dev/null", ReadOnly),
        ("xargs -I{} rm {} < /dev/null", ReadOnly),
        ("printf '' | xargs -r rm", ReadOnly),
        ("xargs echo done < /dev/null", ReadOnly),
        ("xargs -n1 wc -l < /dev/null", ReadOnly),
        ("xargs rm -f < /dev/null", Write),
        ("xargs touch stamp < /dev/null", Write),
        ("xargs -r rm -f < list.txt", Write),
        ("printf 'a\\n' | xargs -r rm", Write),
        ("xargs -r -a list.txt rm < /dev/null", Write),
    ]);
}

/// Listing modes of programs that otherwise change things: `ssh-add -l`/`-L` list the agent's
/// keys, `setfacl --test` prints the ACLs it would set. Their other modes change state.
#[test]
fn listing_and_test_modes() {
    assert_levels(&[
        ("ssh-add -l", ReadOnly),
        ("ssh-add -L", ReadOnly),
        ("ssh-add -E md5 -l", ReadOnly),
        ("ssh-add -lEsha256", ReadOnly),
        ("ssh-add", Unknown),
        ("ssh-add ~/.ssh/id_ed25519", Unknown),
        ("ssh-add -D", Unknown),
        ("ssh-add -d -l", Unknown),
        ("setfacl --test -m u:nobody:r README.md", ReadOnly),
        ("setfacl -R --test -b src", ReadOnly),
        ("setfacl -m u:nobody:r README.md", Write),
        ("setfacl -M --test README.md", Write),
        ("setfacl -m u:nobody:r -- --test README.md", Write),
        ("setfacl --test --restore=acl.txt", Write),
    ]);
}

/// codespell reports misspellings (what its configuration adds is the context's); `-w`, or any
/// long option argparse reads as `--write-changes`, rewrites files.
#[test]
fn codespell_checks_without_context() {
    assert_levels(&[
        ("codespell --version", ReadOnly),
        ("codespell README.md docs", Write),
        ("codespell -w README.md", Write),
        ("codespell --write README.md", Write),
        ("codespell -wq 3 README.md", Write),
        ("codespell -S '*.lock' -w .", Write),
        ("codespell --frobnicate README.md", Unknown),
    ]);
    let plain = classify("codespell -L teh,fo --count README.md");
    assert!(
        plain
            .reasons
            .iter()
            .any(|r| r.contains("no context was read")),
        "{:?}",
        plain.reasons
    );
    // A value that holds a w is the value.
    let skip = classify("codespell -S w -I words.txt README.md");
    assert!(
        skip.reasons.iter().all(|r| !r.contains("rewrites")),
        "{:?}",
        skip.reasons
    );
}

/// The catalog measured wholesale (issue 44, `bench/catalog/`): every information mode of
/// `catalog::INFO` is read-only, and the same program with a file operand (a form its traces did
/// not show to only read) is not; the table stays sorted for its binary search.
#[test]
fn catalog_information_modes_only() {
    let names: Vec<&str> = catalog::INFO.iter().map(|(p, _)| *p).collect();
    let mut sorted = names.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(names, sorted, "catalog::INFO is sorted, without repeats");
    let mut wrong = Vec::new();
    for (program, forms) in catalog::INFO {
        for form in *forms {
            let got = classify(&format!("{program} {form}"));
            if got.level != ReadOnly {
                wrong.push(format!("{program} {form}: {:?}", got.reasons));
            }
        }
        // A versioned or variant name is judged as its program (`catalog::ALIASES`, by the
        // walk; `programs::cross_tool`), whose own rules may read these forms (`which`,
        // `ocamldep`): those are that program's tests.
        let plain = super::programs::cross_tool(program).unwrap_or(program);
        if catalog::alias(program).is_none()
            && [program, plain].iter().all(|p| {
                catalog::SPECS.iter().all(|s| !s.names.contains(p))
                    && !catalog::has_grammar(p)
                    && !super::utilities::GRAMMARS.contains(p)
            })
        {
            for other in ["notes.txt", "--version notes.txt", "-x"] {
                let got = classify(&format!("{program} {other}"));
                if got.level == ReadOnly {
                    wrong.push(format!("{program} {other}: read-only"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "misclassified:\n{}", wrong.join("\n"));
}

/// The catalog's reading grammars (issue 44, `bench/catalog/`): each program's traced reading
/// form, and an option that writes, runs or fetches, or one not listed, not read-only.
#[test]
fn catalog_reading_grammars() {
    assert_levels(&[
        ("hxname2id -x page.html", ReadOnly),
        ("hxaddid -x h2 page.html", ReadOnly),
        ("hxnsxml page.xml", ReadOnly),
        ("hxunxmlns < page.xml", ReadOnly),
        ("hxprintlinks -b https://example.com/ page.html", ReadOnly),
        ("hxprintlinks https://example.com/", Write),
        ("hxprune -c draft page.html", ReadOnly),
        ("hxtoc -l 2 -h 3 -t page.html", ReadOnly),
        ("hxunent -b page.html", ReadOnly),
        ("hxxmlns -d page.xml", ReadOnly),
        ("hxextract -s '<pre>' pre page.html", ReadOnly),
        ("hxextract pre http://example.com/x.html", Write),
        ("hxextract -c config.txt pre", Unknown),
        ("eqn -Tutf8 doc.ms", ReadOnly),
        ("geqn -R < doc.ms", ReadOnly),
        ("pic doc.ms", ReadOnly),
        ("gpic -n doc.ms", ReadOnly),
        ("pic -U doc.ms", Unknown),
        ("grn -Tps doc.ms", ReadOnly),
        ("gtbl doc.ms", ReadOnly),
        ("ndisasm -b 64 boot.bin", ReadOnly),
        ("jpegexiforient -n photo.jpg", ReadOnly),
        ("jpegexiforient photo.jpg", ReadOnly),
        ("jpegexiforient -6 photo.jpg", Unknown),
        ("findfs LABEL=root", ReadOnly),
        ("hxcopy -i a.html -o b.html", Unknown),
        ("eqn doc.ms > out.ms", Write),
    ]);
}

/// Round 28's causes that need no context (cls49): an editor variable set to a program that
/// writes nothing, readers and tag lookups with no writing mode.
#[test]
fn round_28_causes_without_context() {
    assert_levels(&[
        ("GIT_EDITOR=true git var GIT_EDITOR", ReadOnly),
        ("EDITOR=cat git var GIT_EDITOR", ReadOnly),
        ("GIT_EDITOR=vim git var GIT_EDITOR", Unknown),
        ("GIT_EDITOR=./ed.sh git var GIT_EDITOR", Unknown),
        ("getcap /usr/bin/ping", ReadOnly),
        ("licensecheck -r src", ReadOnly),
        ("global --version", ReadOnly),
        ("global -x add", ReadOnly),
        ("global -u", Write),
        ("global --single-update=a.c -x add", Write),
    ]);
}

/// Round 29's tune split (cls29t): nstat with neither history read nor written, qemu-img's and
/// mutool's inspecting commands, gpgv's version, `co -p` (unknown without the context, which
/// reads RCSINIT); the nearest writing forms stay not read-only.
#[test]
fn round_29_inspecting_modes() {
    assert_levels(&[
        ("nstat -a -s", ReadOnly),
        ("nstat -as -j 'TcpExt*'", ReadOnly),
        // An unquoted glob: the words are only known at run time, so the modes are not read.
        ("nstat -as -j TcpExt*", Write),
        ("nstat --ignore --noupdate", ReadOnly),
        ("nstat -a", Write),
        ("nstat -s", Write),
        ("nstat -a -s -r", Write),
        ("nstat -a -s -d 5", Write),
        ("qemu-img info vm/disk.qcow2", ReadOnly),
        (
            "qemu-img info --output=json -U --backing-chain disk.qcow2",
            ReadOnly,
        ),
        ("qemu-img check -f qcow2 disk.qcow2", ReadOnly),
        ("qemu-img --version", ReadOnly),
        ("qemu-img check -r all disk.qcow2", Unknown),
        ("qemu-img create -f qcow2 disk.qcow2 1G", Unknown),
        ("qemu-img info nbd://h/x", Unknown),
        (
            "qemu-img info --object secret,id=s,file=k disk.qcow2",
            Unknown,
        ),
        ("qemu-img info -f vvfat dir", Unknown),
        ("mutool info doc.pdf", ReadOnly),
        ("mutool info -F -I doc.pdf 1-2", ReadOnly),
        ("mutool show doc.pdf trailer", ReadOnly),
        ("mutool pages -p pw doc.pdf", ReadOnly),
        ("mutool show -o out.txt doc.pdf trailer", Unknown),
        ("mutool clean doc.pdf clean.pdf", Unknown),
        ("mutool run script.js", Unknown),
        ("gpgv --version", ReadOnly),
        // gpgv's reading grammar (cat52, bench/catalog/families.tsv): a keyring or keybox is
        // only read (measured with a trustedkeys.kbx in GNUPGHOME: gpgv takes no lock).
        ("gpgv sig.asc file", ReadOnly),
        ("gpgv -o out sig.asc file", Unknown),
        ("co -p -q notes.txt", Unknown),
        ("co -p -l notes.txt", Write),
        ("co -p -u notes.txt", Write),
        ("co -q notes.txt", Write),
    ]);
}

/// Round 29's held-out false alarms (cls50), without the context: the reading grammars of
/// systemd-id128, Subversion's repository tools, the spell checkers, gpg's armour filters,
/// pod2usage, perl's `-V:NAME`, php's `-w`/`-s`, mutool's `draw`/`trace`, qemu-img's
/// `measure`/`compare`/`map`/`snapshot -l`, cpio's `--to-stdout` and sox's null output. Forms
/// whose configuration the context reads stay unknown here; the nearest writing forms stay not
/// read-only.
#[test]
fn round_29_reading_grammars() {
    assert_levels(&[
        ("systemd-id128 new", ReadOnly),
        ("systemd-id128 -p machine-id", ReadOnly),
        ("systemd-id128 show --value root-x86-64", ReadOnly),
        (
            "systemd-id128 new --app-specific=4f68bce3e8cd4db196e7fbcaf984b709",
            ReadOnly,
        ),
        ("systemd-id128 --bogus new", Unknown),
        ("svnlook youngest svnrepo", ReadOnly),
        ("svnlook tree --full-paths svnrepo", ReadOnly),
        ("svnlook cat -r 1 svnrepo a.txt", ReadOnly),
        ("svnlook propget --revprop -r 1 svnrepo svn:log", ReadOnly),
        ("svnlook diff svnrepo", Unknown),
        ("svnlook youngest", Unknown),
        ("svnversion", ReadOnly),
        ("svnversion -n svnw", ReadOnly),
        ("svnversion --bogus", Unknown),
        ("svnadmin info svnrepo", ReadOnly),
        ("svnadmin dump -q svnrepo", ReadOnly),
        ("svnadmin lslocks svnrepo /trunk", ReadOnly),
        ("svnadmin verify -q svnrepo", Write),
        ("svnadmin dump -F out.dump svnrepo", Unknown),
        ("svnadmin create svnrepo", Unknown),
        ("aspell --lang=en list", Unknown),
        ("aspell -a", Unknown),
        ("aspell check README.md", Unknown),
        ("aspell --home-dir=/tmp list", Unknown),
        ("hunspell -d en_US -l README.md", ReadOnly),
        ("hunspell -D", ReadOnly),
        ("hunspell -d en_US", ReadOnly),
        ("hunspell README.md", Unknown),
        ("hunspell -a", Unknown),
        ("gpg --enarmor", Unknown),
        ("gpg --no-options --enarmor", ReadOnly),
        ("gpg --no-options -o - --dearmor f.asc", ReadOnly),
        ("gpg --no-options --enarmor f.txt", Unknown),
        ("gpg --no-options -o f.asc --enarmor f.txt", Unknown),
        ("pod2usage -verbose 1 w.pl", ReadOnly),
        ("pod2usage --verbose=99 -exit 0 w.pl", ReadOnly),
        ("pod2usage -verbose 2 w.pl", Unknown),
        ("pod2usage -output u.txt w.pl", Unknown),
        ("pod2usage -formatter Pod::Text w.pl", Unknown),
        ("perl -V:version", ReadOnly),
        ("perl '-V:.*site.*'", ReadOnly),
        ("perl -V:version -e 1", Unknown),
        ("php -w hello.php", ReadOnly),
        ("php -s hello.php", ReadOnly),
        ("php hello.php", Unknown),
        ("mutool draw -F txt doc.pdf", ReadOnly),
        ("mutool draw -F html -r 96 doc.pdf 1-2", ReadOnly),
        ("mutool trace doc.pdf 1", ReadOnly),
        ("mutool draw -o page%d.png doc.pdf", Unknown),
        ("mutool draw -F txt -o out.txt doc.pdf", Unknown),
        ("qemu-img measure -O qcow2 --size 16M", ReadOnly),
        ("qemu-img measure --output=json -O raw disk.qcow2", ReadOnly),
        (
            "qemu-img compare -f qcow2 -F qcow2 a.qcow2 b.qcow2",
            ReadOnly,
        ),
        ("qemu-img map --output=json disk.qcow2", ReadOnly),
        ("qemu-img snapshot -l disk.qcow2", ReadOnly),
        ("qemu-img snapshot -c s1 disk.qcow2", Unknown),
        ("qemu-img measure --size 1G disk.qcow2", Unknown),
        ("qemu-img measure -o data_file=x.raw --size 1G", Unknown),
        ("qemu-img compare a.qcow2 nbd://h/b", Unknown),
        ("cpio -i --to-stdout pkg/hello.txt < pkg.cpio", ReadOnly),
        ("cpio --extract --to-stdout -F pkg.cpio", ReadOnly),
        ("cpio -it -F h:pkg.cpio --force-local", ReadOnly),
        ("cpio -i pkg/hello.txt < pkg.cpio", Unknown),
        ("cpio -id --to-stdout < pkg.cpio", Unknown),
        ("cpio -it -F h:pkg.cpio", Unknown),
        ("sox tone.wav -n stat", Unknown),
        ("sox tone.wav -n spectrogram", Write),
        ("sox tone.wav out.wav", Write),
        ("sox '|./gen' -n stat", Write),
        ("TEXTDOMAINDIR=/tmp/po gettext -d de hello", ReadOnly),
        ("bash --rcfile ./rc.sh -c :", ReadOnly),
        ("bash --rcfile ./rc.sh", Unknown),
        ("bash --rcfile ./rc.sh -i -c :", Unknown),
        ("vim -n -es -c q README.md", ReadOnly),
        ("vim -n -e -c q README.md", Unknown),
        ("vim -e -c q README.md", Write),
        ("ex -n -c 1p -c 'q!' README.md", Unknown),
        ("cvs -R -Q -d /srv/cvsroot rlog -h proj", Unknown),
        ("cvs -Q -d /srv/cvsroot rlog -h proj", Unknown),
        ("cvs -R status a.txt", Unknown),
        ("cvs -R -d /srv/cvsroot rdiff -r 1.1 proj", Unknown),
        ("psql -h /tmp/nosock -c 'select 1'", Unknown),
        ("psql -o out.txt -h /tmp/nosock -c 'select 1'", Unknown),
        ("exiftool -@ tags.args blue.jpg", Unknown),
        ("erb t.erb", Unknown),
        ("erb -x t.erb", ReadOnly),
        ("nasm -E hello.asm", ReadOnly),
        ("nasm -e -I inc/ -DDEBUG hello.asm", ReadOnly),
        ("nasm -E -o out.i hello.asm", Unknown),
        ("nasm -f elf64 hello.asm", Unknown),
        ("identify red.png", Unknown),
        ("convert red.png -write out.png null:", Unknown),
        ("convert red.png out.png", Unknown),
        ("identify 'msl:x.msl'", Unknown),
    ]);
}

/// Round 29's shell corners (cls50): arithmetic short-circuits, an ERR trap behind an `||`
/// list, a here-document whose delimiter a backslash quotes; the nearest forms that run code.
#[test]
fn round_29_shell_corners() {
    assert_levels(&[
        ("x='a[$(./canary)]'; (( 0 && x )); echo $?", ReadOnly),
        ("x='a[$(./canary)]'; (( 1 || x )); echo $?", ReadOnly),
        ("x='a[$(./canary)]'; (( 1 && x ))", Unknown),
        ("x='a[$(./canary)]'; (( 0 && y || x ))", Unknown),
        ("x='a[$(./canary)]'; (( 0 && x, x ))", Unknown),
        ("(( 0 && $(./canary) 1 ))", Unknown),
        ("mv README.md{,} 2>&1; true", ReadOnly),
        ("cp README.md{,}", ReadOnly),
        ("mv README.md README.md", ReadOnly),
        ("mv README.md{,.bak}", Write),
        ("cp -b --force README.md{,}", Write),
        ("mv ./README.md README.md", Write),
        ("set -- -a; getopts a 'v[$(./canary)]'; true", ReadOnly),
        ("getopts a 'v[$(./canary)]' && echo $v", ReadOnly),
        ("getopts a \"$name\"", Unknown),
        ("trap ./canary ERR; false || true", ReadOnly),
        ("trap ./canary ERR; false && true", ReadOnly),
        ("trap ./canary ERR; true && false", Unknown),
        ("trap ./canary ERR; false || false", Unknown),
        ("cat <<E\\OF\n$(./canary)\nEOF", ReadOnly),
        ("cat <<EOF\n$(./canary)\nEOF", Unknown),
        ("cat <<E\\OF\nhi\nEOF\ntouch x", Write),
    ]);
}

/// Round 31's shell constructs (cls52): a function of the command called with fixed words,
/// `${!v}` of a certain plain name, `$(command -v NAME)` as an argument; and the nearest forms
/// that write or stay unknown.
#[test]
fn round_31_calls_indirection_and_command_paths() {
    assert_levels(&[
        (
            "show(){ sed -n \"1,${2:-5}p\" \"$1\"; }; show README.md 3",
            ReadOnly,
        ),
        (
            "show(){ sed -n \"1,${2:-5}p\" \"$1\"; }; show README.md",
            ReadOnly,
        ),
        (
            "show(){ sed -n \"${2}p\" \"$1\"; }; show a 1; show b 2",
            ReadOnly,
        ),
        ("show(){ head -n \"$#\" \"$@\"; }; show a b", ReadOnly),
        (
            "f(){ local -A m=([k]=v); echo \"${m[k]}\"; sed -n \"${1}p\" README.md; }; f 2",
            ReadOnly,
        ),
        ("show(){ sed -n \"1,${2:-5}p\" \"$1\"; }; show -i 3", Write),
        ("show(){ sed \"$2\" \"$1\"; }; show README.md 1d", ReadOnly),
        ("show(){ sed -i \"$2\" \"$1\"; }; show README.md 1d", Write),
        ("show(){ rm \"$1\"; }; show x", Write),
        // A word that is not plain, a call not seen as one, a second definition, a body that
        // shifts its parameters: the body stays judged with its parameters unknown.
        (
            "show(){ sed -n \"${2}p\" \"$1\"; }; show README.md \"$n\"",
            Unknown,
        ),
        (
            "show(){ sed -n \"${2}p\" \"$1\"; }; show a 1; trap 'show b' EXIT",
            Unknown,
        ),
        (
            "show(){ sed -n \"${2}p\" \"$1\"; }; x=show; $x a 1",
            Unknown,
        ),
        (
            "show(){ sed -n \"$1\" a; }; show 1p; show(){ sed -i \"$1\" a; }; show 1d",
            Unknown,
        ),
        (
            "show(){ shift; sed -n \"$1\" README.md; }; show 1p 1p",
            Unknown,
        ),
        (
            "show(){ builtin shift; sed -n \"$1\" README.md; }; show 1p 1p",
            Unknown,
        ),
        (
            "show(){ command set -- -i; sed -n p \"$1\"; }; show README.md",
            Unknown,
        ),
        (
            "IFS=.; show(){ sed -n \"$1\" README.md; }; show 1p",
            Unknown,
        ),
        ("v=HOME; echo \"${!v}\"", ReadOnly),
        ("v=HOME; printf '%s\\n' \"${!v}\"", ReadOnly),
        ("v='a[$(touch x)]'; echo \"${!v}\"", Unknown),
        ("read -r v; echo \"${!v}\"", Unknown),
        ("v=HOME; v='a[$(touch x)]'; echo \"${!v}\"", Unknown),
        ("go version -m $(command -v go) | head -3", ReadOnly),
        ("go version -m \"$(command -v go)\"", ReadOnly),
        ("go version -m $(command -V go)", Unknown),
        ("go version -m $(which go)", Unknown),
        (
            "command(){ echo -x; }; go version -m $(command -v go)",
            Unknown,
        ),
        ("PATH=-x:$PATH; go version -m $(command -v go)", Unknown),
        ("hash -p ./-x go; go version -m $(command -v go)", Unknown),
    ]);
}

/// Round 31's reading modes (cls52): `git remote show` naming no remote, `npx -v`, rdoc's
/// coverage report and dry run; and the nearest forms that write.
#[test]
fn round_31_reading_modes() {
    assert_levels(&[
        ("git remote show", ReadOnly),
        ("git remote -v show 2>/dev/null | head", ReadOnly),
        ("git remote show -n origin", ReadOnly),
        ("git remote show origin", Write),
        ("git remote show -- origin", Write),
        ("npx -v", ReadOnly),
        ("npx --version", ReadOnly),
        ("npx cowsay hi", Write),
        ("npx -v cowsay", Write),
        ("rdoc --dry-run lib 2>&1 | tail -2", ReadOnly),
        ("rdoc -C lib", ReadOnly),
        ("rdoc -C1 --all -x vendor lib", ReadOnly),
        ("rdoc --coverage-report=2 lib", ReadOnly),
        ("rdoc lib", Write),
        ("rdoc --dry-run -f pot lib", Write),
        ("rdoc --dry-run --op out lib", Write),
        ("rdoc -C --write-options", Write),
        ("rdoc --dry-run --no-dry-run lib", Write),
    ]);
}

/// Round 32's tune part (cls52): makeinfo's plain text on stdout and ptar's listing; the
/// nearest forms that write.
#[test]
fn round_32_reading_modes() {
    assert_levels(&[
        ("makeinfo --plaintext doc.texi", ReadOnly),
        (
            "makeinfo --plaintext -I inc --fill-column=60 doc.texi | head",
            ReadOnly,
        ),
        ("texi2any --plaintext -o - doc.texi", ReadOnly),
        ("makeinfo doc.texi", Write),
        ("makeinfo --html doc.texi", Write),
        ("makeinfo --plaintext -o out.txt doc.texi", Write),
        ("makeinfo --plaintext --output=out.txt doc.texi", Write),
        ("makeinfo --plaintext -c OUTFILE=out.txt doc.texi", Write),
        ("makeinfo --plaintext --init-file x.pm doc.texi", Write),
        (
            "makeinfo --plaintext --macro-expand=out.texi doc.texi",
            Write,
        ),
        ("ptar -tvf w.tar", ReadOnly),
        ("ptar tvf w.tar", ReadOnly),
        ("ptar -t -z -f w.tgz", ReadOnly),
        ("ptar -xvf w.tar", Unknown),
        ("ptar xf w.tar", Unknown),
        ("ptar -t -x -f w.tar", Unknown),
        ("ptar -c -f out.tar a", Unknown),
        ("ptar -tf -x", ReadOnly),
    ]);
}

/// A compiler's information modes compile nothing; gcc's `--target-help`, and `--help` with
/// `-v`, compile an empty input through temporary files (gcc 12, strace).
#[test]
fn compiler_information_modes_make_no_temporary_file() {
    assert_levels(&[
        ("gcc --help", ReadOnly),
        ("gcc -v", ReadOnly),
        ("cc -dumpmachine", ReadOnly),
        ("gcc -print-search-dirs", ReadOnly),
        ("gcc --target-help", Write),
        ("gcc -v --help", Write),
        ("g++ --help -v", Write),
    ]);
}

/// Round 33's shell constructs (cls54): a here-document delimiter quoted with `$'…'` or `$"…"`,
/// a function whose definition redirects a descriptor from 2 up, called with fixed words; and
/// the nearest forms that write or stay unknown.
#[test]
fn round_33_delimiters_and_redirected_definitions() {
    assert_levels(&[
        ("cat <<$'EOF'\n$(touch hq)\nEOF", ReadOnly),
        ("cat <<$\"EOF\"\n$(touch hq)\nEOF", ReadOnly),
        ("cat <<-$'E\\x4fF'\n\t$(touch hq)\n\tEOF", ReadOnly),
        ("cat <<E$'O'F\n$(touch hq)\nEOF", ReadOnly),
        // Unquoted: `$EOF` is the delimiter as written, and the body is expanded.
        ("cat <<$EOF\n$(touch hq)\n$EOF", Unknown),
        ("cat <<$'EOF'\nx\nEOF\ntouch hq", Write),
        (
            "show() { sed -n 1p \"$1\"; } 2>/dev/null; show README.md",
            ReadOnly,
        ),
        (
            "show() { sed -n 1p \"$1\"; } 2>&1 3</dev/null; show README.md | head -1",
            ReadOnly,
        ),
        ("show() { sed -n 1p \"$1\"; } 2>/dev/null; show -i", Write),
        ("fixup() { sed -i 1d \"$1\"; } 2>/dev/null; fixup README.md", Write),
        ("show() { sed -n 1p \"$1\"; } 2>log; show README.md", Write),
        ("show() { sed -n 1p \"$1\"; } 2>\"$1\"; show README.md", Write),
        // A line of `git ls-files` with a pathspec starts with its literal part: read whole
        // into a variable, it is no option.
        (
            "git ls-files 'src/*.py' | while IFS= read -r f; do echo \"--- $f\"; sed -n '1,3p' \"$f\"; done",
            ReadOnly,
        ),
        (
            "git ls-files -- src/app 'src/lib/*.rs' | while read -r f; do wc -l < \"$f\"; done",
            ReadOnly,
        ),
        (
            "git ls-files 'src/*.py' | while IFS= read -r f; do sed -i 1d \"$f\"; done",
            Write,
        ),
        (
            "git ls-files '*.py' | while IFS= read -r f; do sed -n 1p \"$f\"; done",
            Unknown,
        ),
        (
            "git ls-files './src/*.py' | while IFS= read -r f; do sed -n 1p \"$f\"; done",
            Unknown,
        ),
        (
            "git ls-files 'src/*/../../-x' | while read -r f; do sed -n 1p \"$f\"; done",
            Unknown,
        ),
        (
            "git ls-files --full-name 'src/*.py' | while read -r f; do sed -n 1p \"$f\"; done",
            Unknown,
        ),
        (
            "git ls-files 'src/*.py' | while IFS=s read -r f; do sed -n 1p \"$f\"; done",
            Unknown,
        ),
        (
            "IFS=s; git ls-files 'src/*.py' | while read -r f; do sed -n 1p \"$f\"; done",
            Unknown,
        ),
        (
            "git ls-files 'src/*.py' | while read -r f g; do sed -n 1p \"$g\"; done",
            Unknown,
        ),
        (
            "git ls-files 'src/*.py' |& while read -r f; do sed -n 1p \"$f\"; done",
            Unknown,
        ),
        (
            "git ls-files 'src/*.py' 2>&1 | while read -r f; do sed -n 1p \"$f\"; done",
            Unknown,
        ),
        (
            "git ls-files 'src/*.py' 2>/dev/null | while read -r f; do sed -n 1p \"$f\"; done",
            ReadOnly,
        ),
        // A redirection of stdin or stdout: the body is judged with its parameters unknown.
        (
            "show() { sed -n 1p \"$1\"; } >/dev/null; show README.md",
            Unknown,
        ),
        (
            "show() { sed -n 1p \"$1\"; } </dev/null; show README.md",
            Unknown,
        ),
    ]);
}

/// `eval "CMD $(printf %q "$f")"` runs CMD with the value of `f` as one word: printf's `%q`
/// quotes it for the shell that reads it back (round 35's held-out loop over *.txt).
#[test]
fn eval_of_printf_q_words() {
    assert_levels(&[
        (
            "for f in *.txt; do eval \"echo $(printf %q \"$f\")\"; done",
            ReadOnly,
        ),
        (
            "for f in *.txt; do eval \"wc -l $(printf %q \"${f}\") -c\"; done",
            ReadOnly,
        ),
        (
            "for f in *.txt; do eval \"rm $(printf %q \"$f\")\"; done",
            Write,
        ),
        // `%s` prints the name as it is, which eval reads as shell code.
        (
            "for f in *.txt; do eval \"echo $(printf %s \"$f\")\"; done",
            Unknown,
        ),
        // Unquoted, the substitution's output is split on IFS before eval joins it.
        (
            "for f in *.txt; do eval echo $(printf %q \"$f\"); done",
            Unknown,
        ),
        // An unquoted argument is several words, which %q prints run together.
        (
            "for f in *.txt; do eval \"echo $(printf %q $f)\"; done",
            Unknown,
        ),
        (
            "printf() { echo \"$@\"; }; for f in *.txt; do eval \"echo $(printf %q \"$f\")\"; done",
            Unknown,
        ),
    ]);
}

/// ruff reading standard input (`-` its only operand, or `--stdin-filename`) prints fixes and
/// formatted code and writes no cache (round 35's `ruff check --stdin-filename x.py -`).
#[test]
fn ruff_on_standard_input() {
    assert_levels(&[
        (
            "ruff check --no-cache --stdin-filename x.py - < src/app/cli.py",
            ReadOnly,
        ),
        ("ruff check - < a.py", ReadOnly),
        ("ruff check --select F401 --fix - < a.py", ReadOnly),
        ("ruff format - < a.py", ReadOnly),
        ("cat a.py | ruff format --stdin-filename a.py", ReadOnly),
        ("ruff format a.py", Write),
        ("ruff check - a.py", Write),
        ("ruff check --output-file out.txt - < a.py", Write),
        ("ruff check --select - < a.py", Write),
    ]);
}

/// Round 36's tune part: ag's file-type switches, eu-unstrip's list mode.
#[test]
fn round_36_tune_readers() {
    assert_levels(&[
        ("ag --python 'return' src", ReadOnly),
        ("ag --js --yaml -l TODO .", ReadOnly),
        ("ag --python --pager less x", Unknown),
        ("eu-unstrip -n -e build/widget", ReadOnly),
        ("eu-unstrip --list-only --core=core.1", ReadOnly),
        ("eu-unstrip -e build/widget", Write),
        ("eu-unstrip -n -o out -e build/widget", Write),
        ("eu-unstrip stripped debug.elf", Write),
    ]);
}

/// Round 36, now seen: sed's addresses as GNU sed 4.9 reads them (a `\cREGEXc` with no closing
/// delimiter stops the compile: nothing after it runs), ack's file-type switches, ocamlc's
/// information modes and `-stop-after parsing`; and the nearest forms that write.
#[test]
fn round_36_seen_grammars() {
    assert_levels(&[
        ("sed -n -e '1,3p' -e '\\$p' Makefile", ReadOnly),
        ("sed -n '\\%src/%p' a.txt", ReadOnly),
        ("sed -n '\\$b$,$p' a.txt", ReadOnly),
        ("sed -n -e '\\$p' -e 'w out' a.txt", ReadOnly),
        ("sed -n -e 'w out' -e '\\$p' a.txt", Write),
        ("sed -n '\\%x%w out' a.txt", Write),
        ("sed -e '1e date' -e '\\$p' a.txt", Unknown),
        ("ack --go 'package'", ReadOnly),
        ("ack --nogo -l TODO", ReadOnly),
        ("ack -t python --type=nojs x src", ReadOnly),
        ("ack -T go x", ReadOnly),
        ("ack --go --pager=less x", Unknown),
        ("ack --golang x", Unknown),
        ("ocamlc -where", ReadOnly),
        ("ocamlopt -config-var standard_library", ReadOnly),
        ("ocamlc -stop-after parsing -c src/calc.ml", ReadOnly),
        ("ocamlc -stop-after parsing -I inc calc.ml", ReadOnly),
        ("ocamlc -stop-after typing -c src/calc.ml", Unknown),
        ("ocamlc -c src/calc.ml", Unknown),
        ("ocamlc -stop-after parsing -pp cpp -c calc.ml", Unknown),
        ("ocamlc -where x.ml", Unknown),
    ]);
}
