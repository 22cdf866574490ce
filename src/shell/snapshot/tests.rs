use pretty_assertions::assert_eq;

use super::dump::{parse, Function};
use super::file::{merged_path, path_merge, quote, render, Plan, Var};
use super::policy::{glob_matches, secret, zsh_only};
use super::script;
use crate::shell::state::alias_listing;

#[test]
fn alias_listings_read_back_byte_for_byte() {
    let listing = b"alias -- -='cd -'\nalias nl='a\nb'\nalias q='echo '\\''it'\\''s'\\'' $HOME \\x'\nalias u='\xff'\nnot an alias\n";
    assert_eq!(
        alias_listing(listing),
        vec![
            ("-".to_string(), b"cd -".to_vec()),
            ("nl".into(), b"a\nb".to_vec()),
            ("q".into(), b"echo 'it's' $HOME \\x".to_vec()),
            ("u".into(), b"\xff".to_vec()),
        ]
    );
}

#[test]
fn a_dump_is_read_whole_or_not_at_all() {
    let trailer = b"END-1\0";
    let bytes = b"AGSH\0O\0extglob\0A\0ll\0ls -l\0F\0f\0f () \n{ \n    :\n}\0f 3 /home/u/.bashrc\n\0X\0A\0a\nb\0S\0s\0v\0END-1\0";
    let dump = parse(bytes, trailer).unwrap();
    assert_eq!(dump.options, ["extglob"]);
    assert_eq!(dump.aliases, [("ll".to_string(), b"ls -l".to_vec())]);
    assert_eq!(
        dump.functions,
        [Function {
            name: "f".into(),
            text: b"f () \n{ \n    :\n}".to_vec(),
            source: "/home/u/.bashrc".into(),
        }]
    );
    assert_eq!(dump.exported, [("A".to_string(), b"a\nb".to_vec())]);
    assert_eq!(dump.scalars, [("s".to_string(), b"v".to_vec())]);
    assert!(parse(&bytes[..bytes.len() - 3], trailer).is_none());
    assert!(parse(b"XX\0END-1\0", trailer).is_none());
}

#[test]
fn the_file_quotes_every_value_and_keeps_its_order() {
    let plan = Plan {
        options: vec!["extglob".into()],
        vars: vec![
            Var::Exported("A".into(), b"it's $x".to_vec()),
            Var::Shell("s".into(), b"v".to_vec()),
            Var::Path {
                front: b"/a b".to_vec(),
                back: b"/c".to_vec(),
            },
        ],
        functions: vec![("f".into(), b"f () \n{ \n    echo 'x'\n}".to_vec())],
        aliases: vec![("-".into(), b"cd -".to_vec())],
        expand_aliases: true,
    };
    let text = String::from_utf8(render(&plan, "bash")).unwrap();
    let body: Vec<&str> = text.lines().skip(1).collect();
    assert_eq!(
        body.join("\n"),
        "\\builtin shopt -s extglob\n\
         [[ -n ${A+set} ]] || \\builtin export A='it'\\''s $x'\n\
         [[ -n ${s+set} ]] || s='v'\n\
         \\builtin export PATH='/a b'\"${PATH:+:$PATH}\"':/c'\n\
         \\builtin eval -- 'f () \n{ \n    echo '\\''x'\\''\n}'\n\
         \\builtin alias -- '-=cd -'\n\
         \\builtin shopt -s expand_aliases"
    );
    assert_eq!(quote(b""), b"''");
}

#[test]
fn path_keeps_the_callers_entries_with_what_the_startup_files_added_around_them() {
    /// The startup files' PATH, the caller's, and the front and back expected.
    type Case<'a> = (&'a str, &'a str, Option<(&'a str, &'a str)>);
    let cases: &[Case] = &[
        ("/n:/usr/bin:/bin", "/usr/bin:/bin", Some(("/n", ""))),
        (
            "/n:/usr/bin:/m:/bin:/o",
            "/usr/bin:/bin",
            Some(("/n", "/m:/o")),
        ),
        ("/usr/bin:/bin", "/usr/bin:/bin", None),
        ("/bin", "/usr/bin:/bin", None),
        ("/n::/n:/usr/bin", "/usr/bin", Some(("/n", ""))),
        ("/x", "", Some(("/x", ""))),
    ];
    for (rc, caller, expected) in cases {
        let merged = path_merge(rc.as_bytes(), caller.as_bytes());
        let expected = expected.map(|(f, b)| Var::Path {
            front: f.as_bytes().to_vec(),
            back: b.as_bytes().to_vec(),
        });
        assert_eq!(merged, expected, "{rc} over {caller}");
    }
    let var = Var::Path {
        front: b"/f".to_vec(),
        back: b"/b".to_vec(),
    };
    assert_eq!(merged_path(&var, b"/s:/t"), b"/f:/s:/t:/b");
    assert_eq!(merged_path(&var, b""), b"/f:/b");
}

#[test]
fn secrets_are_known_by_name_or_by_value() {
    for (name, value) in [
        ("GITHUB_TOKEN", "x"),
        ("my_api_key", "x"),
        ("DB_PASSWORD", "x"),
        ("NPM_AUTH", "x"),
        ("STRIPE_KEY", "x"),
        ("AWS_ACCESS_KEY_ID", "x"),
        ("ANYTHING", "ghp_abc"),
        ("DATABASE_URL", "postgres://u:p@h/db"),
    ] {
        assert!(secret(name, value.as_bytes()), "{name}={value}");
    }
    for (name, value) in [
        ("GIT_AUTHOR_NAME", "Me"),
        ("KEYMAP", "us"),
        ("URL", "https://example.com/a:b@c"),
        ("NVM_DIR", "/home/u/.nvm"),
    ] {
        assert!(!secret(name, value.as_bytes()), "{name}={value}");
    }
    assert!(glob_matches("*token*", "MY_TOKEN_X"));
    assert!(glob_matches("AWS_*", "aws_region"));
    assert!(!glob_matches("AWS_*_ID", "AWS_REGION"));
    assert!(glob_matches("a*b*c", "axxbyyc") && !glob_matches("a*b*c", "acb"));
}

#[test]
fn zsh_syntax_is_told_from_bash() {
    for body in [
        "local -a x=(${(f)\"$(ls)\"})",
        "echo ${x:h}",
        "echo $arr[1]",
        "(( $+commands[git] ))",
        "print -l $x",
        "emulate -L zsh",
        "ls *(N)",
        "diff =(ls) =(ls -a)",
        "echo }; rm -rf \"$HOME\"; {",
    ] {
        let definition = format!("f () {{\n{body}\n}}");
        assert!(zsh_only(&definition).is_some(), "{body}");
    }
    for body in [
        "mkdir -p \"$1\" && cd \"$1\"",
        "local x=${1:-default}; echo \"${x#a}\" ${#x}",
        "[[ $1 == a* ]] && echo \"${arr[1]}\"",
    ] {
        let definition = format!("f () {{\n{body}\n}}");
        assert_eq!(zsh_only(&definition), None, "{body}");
    }
}

#[test]
fn the_zsh_dump_is_one_single_quoted_word() {
    let text = script::capture_zsh(std::path::Path::new("/tmp/x/dump"), "END-1");
    let inner = text.split_once("-c '").unwrap().1;
    let inner = &inner[..inner.rfind("' >").unwrap()];
    assert!(!inner.contains('\''), "{inner}");
}
