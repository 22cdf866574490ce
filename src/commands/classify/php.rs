//! PHP's inline programs (`php -r 'echo PHP_VERSION, "\n";'`, `php -R` per input line), read
//! with [`super::oneliner`]: every function and constant must be listed (names compare without
//! case, as PHP's do), variables are the program's own; no variable function (`$f()`), `$$x`,
//! backquotes, `{$…}`/`${…}` interpolation, `new`, `include`/`require`, `eval`, `::`, method
//! calls, or callback given as a string that is not a listed name (`array_map('system', …)`).
//! Files are read only by a literal plain path: `file_get_contents` takes stream wrappers
//! (`http://`, `phar://`, which deserializes), so a path with `:` is refused (`php://stdin`
//! aside). The switches are the reading ones: `-r`/`-R`/`-B`/`-E`, `-n`, `-q`, `-H`, and `-d` of
//! a setting that loads and writes nothing; the ini files php reads (`PHPRC`,
//! `PHP_INI_SCAN_DIR`, `-c`) are the context's (php-cli does not read a `php.ini` in the
//! working directory, and runs no `auto_prepend_file` for `-r`: measured, PHP 8.2).

use super::oneliner::{Declarations, Interpolation, Language};
use super::words::Word;

#[rustfmt::skip]
const NAMES: &[&str] = &[
    // Output.
    "printf", "sprintf", "vsprintf", "var_dump", "print_r", "var_export", "json_encode", "json_decode",
    "number_format", "str_pad", "str_repeat", "implode", "join", "explode", "str_split", "trim", "ltrim",
    "rtrim", "strlen", "mb_strlen", "strtoupper", "strtolower", "ucfirst", "lcfirst", "ucwords", "str_replace",
    "str_ireplace", "substr", "mb_substr", "strpos", "stripos", "strrpos", "str_contains", "str_starts_with",
    "str_ends_with", "strrev", "str_word_count", "wordwrap", "nl2br", "htmlspecialchars", "strip_tags",
    "addslashes", "sprintf", "preg_match", "preg_match_all", "preg_split", "preg_quote", "preg_replace",
    "md5", "sha1", "crc32", "hash", "base64_encode", "base64_decode", "bin2hex", "hex2bin", "urlencode",
    "urldecode", "rawurlencode", "http_build_query", "parse_url", "uniqid", "strcmp", "strcasecmp",
    "strnatcmp", "levenshtein", "similar_text", "soundex", "metaphone", "chr", "ord", "dechex", "hexdec",
    "decbin", "bindec", "decoct", "octdec", "base_convert",
    // Arrays (sorts change the program's own variables).
    "count", "sizeof", "array_keys", "array_values", "array_sum", "array_product", "array_merge",
    "array_combine", "array_flip", "array_slice", "array_reverse", "array_unique", "array_count_values",
    "array_fill", "array_fill_keys", "array_key_exists", "array_key_first", "array_key_last", "array_search",
    "in_array", "range", "compact", "array_column", "array_chunk", "array_pad", "array_diff", "array_intersect",
    "array_map", "array_filter", "array_reduce", "array_walk", "usort", "uasort", "uksort", "sort", "rsort",
    "asort", "arsort", "ksort", "krsort", "natsort", "shuffle", "array_push", "array_pop", "array_shift",
    "array_unshift", "max", "min", "key", "current", "reset", "end", "next",
    // Numbers and types.
    "abs", "round", "floor", "ceil", "intdiv", "fmod", "sqrt", "pow", "exp", "log", "log10", "pi", "rand",
    "mt_rand", "random_int", "intval", "floatval", "boolval", "strval", "settype", "gettype",
    "get_debug_type", "is_int", "is_float", "is_string", "is_bool", "is_array", "is_numeric", "is_null",
    "ctype_digit", "ctype_alpha",
    // Time.
    "time", "microtime", "hrtime", "date", "gmdate", "mktime", "strtotime", "checkdate",
    "date_default_timezone_get",
    // The interpreter, its configuration and the environment.
    "phpversion", "php_uname", "php_sapi_name", "phpinfo", "php_ini_loaded_file",
    "php_ini_scanned_files", "ini_get", "get_loaded_extensions", "extension_loaded", "function_exists",
    "getenv", "gethostname", "getmypid", "sys_get_temp_dir", "memory_get_usage",
    "memory_get_peak_usage", "version_compare", "zend_version", "get_cfg_var", "getcwd",
    "PHP_VERSION", "PHP_EOL", "PHP_OS", "PHP_OS_FAMILY", "PHP_INT_MAX", "PHP_INT_MIN", "PHP_INT_SIZE",
    "PHP_FLOAT_EPSILON", "PHP_MAJOR_VERSION", "PHP_MINOR_VERSION", "PHP_RELEASE_VERSION",
    "PHP_VERSION_ID", "PHP_BINARY", "PHP_SAPI", "PHP_EXTENSION_DIR", "DIRECTORY_SEPARATOR", "M_PI", "M_E",
    "E_ALL", "JSON_PRETTY_PRINT", "JSON_UNESCAPED_SLASHES", "JSON_UNESCAPED_UNICODE", "JSON_THROW_ON_ERROR",
    "JSON_NUMERIC_CHECK", "SORT_STRING", "SORT_NUMERIC", "SORT_NATURAL", "COUNT_RECURSIVE", "STR_PAD_LEFT",
    "ARRAY_FILTER_USE_KEY", "ARRAY_FILTER_USE_BOTH", "STDIN",
    // Reading the input and files named by a literal plain path.
    "fgets", "stream_get_contents", "file_get_contents", "file", "file_exists", "is_file", "is_dir",
    "is_readable", "filesize", "filemtime", "basename", "dirname", "pathinfo", "realpath", "scandir",
    "glob", "md5_file", "sha1_file",
];

/// Functions that read the file their first argument names.
#[rustfmt::skip]
const PATH_READERS: &[&str] = &[
    "file_get_contents", "file", "file_exists", "is_file", "is_dir", "is_readable", "filesize", "filemtime",
    "realpath", "scandir", "glob", "md5_file", "sha1_file",
];

#[rustfmt::skip]
const KEYWORDS: &[&str] = &[
    "echo", "print", "if", "else", "elseif", "foreach", "as", "for", "while", "do", "true", "false", "null",
    "array", "list", "fn", "function", "use", "return", "isset", "empty", "and", "or", "xor", "exit", "die",
    "break", "continue", "match", "default", "instanceof",
];

pub const PHP: Language = Language {
    line_comments: &["//", "#"],
    block_comments: &[("/*", "*/")],
    long_brackets: false,
    quotes: &[(b'\'', Interpolation::None), (b'"', Interpolation::Php)],
    sigil: Some(b'$'),
    name_chars: "",
    case_insensitive: true,
    operators: &[
        "?->", "->", "=>", "===", "!==", "<=>", "**=", "??=", "...", "==", "!=", "<=", ">=", "&&",
        "||", "??", "++", "--", "+=", "-=", "*=", "/=", ".=", "%=", "**", "<<", ">>",
    ],
    punctuation: "(){}[];,.=+-*/%<>!?:&|^~@",
    // Backquotes run a shell; `::` reaches a class's static methods; `<<<` a heredoc (which
    // interpolates); `?>` leaves PHP; `\` names a namespace.
    forbidden: &["`", "::", "<<<", "?>", "<?", "\\"],
    qualifier: None,
    members: &["->", "?->"],
    keywords: KEYWORDS,
    names: NAMES,
    methods: &[],
    declarations: Declarations {
        local: &[],
        function: &["function", "fn"],
        each: &[],
        assign: &[],
        assign_right: &[],
    },
    predefined: &[],
    plain_locals: false,
    calls_locals: false,
    callbacks: &[
        ("array_map", 1),
        ("array_filter", 2),
        ("array_reduce", 2),
        ("array_walk", 2),
        ("usort", 2),
        ("uasort", 2),
        ("uksort", 2),
    ],
    callback_arguments: &[],
    path_readers: PATH_READERS,
    plain_path,
    // `print_r($x, true)` returns instead of printing; `var_export` the same.
    limits: &[],
    named_argument: None,
    table_keys: false,
    bare_calls: false,
    newline_ends: false,
};

/// A path PHP opens as a file: no stream wrapper (`http://`, `phar://`, `data:`), no
/// interpolation; `php://stdin` is the input.
fn plain_path(path: &str) -> bool {
    path == "php://stdin" || (!path.is_empty() && !path.contains([':', '$', '\\', '{']))
}

/// `-d NAME=VALUE` settings that load, write and run nothing.
#[rustfmt::skip]
const SETTINGS: &[&str] = &[
    "display_errors", "display_startup_errors", "error_reporting", "memory_limit", "precision",
    "serialize_precision", "date.timezone", "html_errors", "max_execution_time", "default_charset",
    "short_open_tag", "zend.assertions", "assert.active",
];

/// Whether `php args` runs inline code (`-r`, `-R`, `-B`, `-E`) that only computes and prints.
pub fn one_liner_only_prints(args: &[Word]) -> bool {
    let mut programs = Vec::new();
    let mut per_line = false;
    let mut i = 0;
    while let Some(word) = args.get(i) {
        let Some(v) = word.value.as_deref().filter(|_| !word.glob) else {
            return false;
        };
        i += 1;
        match v {
            "--" => break,
            "-n" | "-q" | "-H" => {}
            "-r" | "-R" | "-B" | "-E" => {
                per_line |= v != "-r";
                let Some(code) = args.get(i).and_then(|w| w.value.clone()) else {
                    return false;
                };
                programs.push(code);
                i += 1;
            }
            "-d" => {
                if !args
                    .get(i)
                    .and_then(|w| w.value.as_deref())
                    .is_some_and(setting)
                {
                    return false;
                }
                i += 1;
            }
            _ if v.starts_with("-d") => {
                if !setting(&v[2..]) {
                    return false;
                }
            }
            _ if v.starts_with('-') => return false,
            // `php -r CODE a b`: the words after the program are `$argv`; anything else is a
            // script php would run.
            _ => {
                i -= 1;
                break;
            }
        }
    }
    // `-R` reads its lines from stdin only; a word after it is not read here.
    let operands_ok = !per_line || i >= args.len();
    !programs.is_empty()
        && operands_ok
        && args[i.min(args.len())..].iter().all(|w| w.value.is_some())
        && programs.iter().all(|p| only_prints(p))
}

/// Whether the PHP code only computes and prints: `?>` leaves PHP mode even inside a `//` or
/// `#` comment (measured: `echo 1; // ?> <?php system("id");` runs `system`), so it is refused
/// anywhere. `class_exists` and `is_callable` are not listed: they may autoload a class.
pub fn only_prints(code: &str) -> bool {
    !code.contains("?>") && super::oneliner::only_prints(&PHP, code)
}

fn setting(assignment: &str) -> bool {
    let name = assignment.split('=').next().unwrap_or("");
    SETTINGS.contains(&name.trim())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_php_one_liners() {
        for code in [
            r#"echo PHP_VERSION, "\n";"#,
            r#"echo json_encode(["a" => 1, "b" => [1, 2]], JSON_PRETTY_PRINT), PHP_EOL;"#,
            "print_r(get_loaded_extensions());",
            r#"$d = json_decode(file_get_contents("composer.json"), true); echo $d["name"], "\n";"#,
            r#"echo implode(",", array_map("strtoupper", ["a", "b"])), "\n";"#,
            r#"echo implode(",", array_map(fn($x) => $x * 2, [1, 2]));"#,
            r#"foreach ([3, 1, 2] as $n) { echo $n * 2, "\n"; }"#,
            r#"$a = [3, 1, 2]; usort($a, function ($x, $y) { return $x <=> $y; }); echo $a[0];"#,
            r#"echo "name: $x and $d->name\n"; // a comment"#,
            "echo strtoupper($argn), \"\\n\";",
            "/* c */ echo Phpversion();",
            r#"echo $o->prop;"#,
            r#"echo file_get_contents("php://stdin");"#,
        ] {
            assert!(only_prints(code), "{code}");
        }
        for code in [
            r#"system("id");"#,
            r#"SYSTEM("id");"#,
            "echo `id`;",
            r#"file_put_contents("x", "y");"#,
            r#"$f = "system"; $f("id");"#,
            r#"array_map("system", ["id"]);"#,
            r#"array_map('passthru', ['id']);"#,
            r#"array_map($f, ["id"]);"#,
            r#"usort($a, "system");"#,
            r#"eval("echo 1;");"#,
            r#"include "x.php";"#,
            r#"require("x.php");"#,
            r#"echo "{${system("id")}}";"#,
            r#"echo "{$x("id")}";"#,
            r#"$o = new SplFileObject("x", "w");"#,
            r#"echo file_get_contents("http://example.com/");"#,
            r#"echo file_get_contents("phar://x.phar/a");"#,
            r#"echo file_get_contents($name);"#,
            r#"("sys" . "tem")("id");"#,
            r#""system"("id");"#,
            r#"$$x = 1;"#,
            r#"echo $d->format("Y");"#,
            r#"Foo::bar();"#,
            r#"call_user_func("system", "id");"#,
            r#"echo <<<EOT
{$x}
EOT;"#,
            r#"\system("id");"#,
            r#"function system2() {} echo 1;"#,
            "echo 1; ?> <?php system('id');",
            "echo 1; // x ?> <?php system('id');",
            "echo 1; # x ?> <?php system('id');",
            r#"echo class_exists("X");"#,
        ] {
            assert!(!only_prints(code), "{code}");
        }
    }

    #[test]
    fn reads_php_switches() {
        let words = |a: &[&str]| a.iter().map(|w| Word::literal(w)).collect::<Vec<_>>();
        for args in [
            &["-r", "echo 1;"][..],
            &["-n", "-r", "echo 1;"],
            &["-d", "display_errors=1", "-r", "echo 1;"],
            &["-ddate.timezone=UTC", "-r", "echo date('Y');"],
            &["-r", "echo $argv[1];", "x"],
            &["-R", "echo $argn;"],
            &["-B", "$n = 0;", "-R", "$n++;", "-E", "echo $n;"],
        ] {
            assert!(one_liner_only_prints(&words(args)), "{args:?}");
        }
        for args in [
            &["x.php"][..],
            &["-f", "x.php"],
            &["-c", "my.ini", "-r", "echo 1;"],
            &["-d", "extension=./x.so", "-r", "echo 1;"],
            &["-dauto_prepend_file=x.php", "-r", "echo 1;"],
            &["-r", "system('id');"],
            &["-R", "echo $argn;", "x.txt"],
            &["-a"],
            &["-S", "localhost:8000"],
        ] {
            assert!(!one_liner_only_prints(&words(args)), "{args:?}");
        }
    }
}
