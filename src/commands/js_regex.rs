//! JavaScript regular expressions, matched exactly as `new RegExp(pattern, flags).test(text)` would,
//! on the `regress` engine (ECMAScript syntax and semantics, lookbehind and named groups included).
//!
//! JS strings are UTF-16: without `u`/`v`, a pattern and its subject are sequences of code units (so
//! `.` matches half of an astral character). Both are therefore handed to regress as UTF-16.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// A compiled JS regular expression, tested as a fresh `RegExp` each time (so `g` and `y` carry no
/// state between calls: `lastIndex` is always 0).
pub struct JsRegex {
    regex: regress::Regex,
    /// `u` or `v`: the subject is read as code points rather than code units.
    unicode: bool,
    /// `y`: a match must start at `lastIndex`, which is 0 for a fresh regex.
    sticky: bool,
}

impl std::fmt::Debug for JsRegex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JsRegex")
            .field("unicode", &self.unicode)
            .field("sticky", &self.sticky)
            .finish()
    }
}

impl JsRegex {
    /// Compiles like `new RegExp(pattern, flags)`; `Err` carries the reason JS would throw a
    /// `SyntaxError` (an unknown or repeated flag, `u` with `v`, or a bad pattern).
    pub fn new(pattern: &str, flags: &str) -> Result<Self, String> {
        let mut seen = String::new();
        let mut engine_flags = regress::Flags::default();
        let mut sticky = false;
        for flag in flags.chars() {
            if seen.contains(flag) {
                return Err(format!("flag {flag:?} is repeated"));
            }
            seen.push(flag);
            match flag {
                'i' => engine_flags.icase = true,
                'm' => engine_flags.multiline = true,
                's' => engine_flags.dot_all = true,
                'u' => engine_flags.unicode = true,
                // `v` has every `u` semantic plus set notation in classes.
                'v' => {
                    engine_flags.unicode = true;
                    engine_flags.unicode_sets = true;
                }
                'y' => sticky = true,
                // `g` only affects lastIndex bookkeeping and `d` only match indices: neither
                // changes what a fresh `test()` answers.
                'g' | 'd' => {}
                other => return Err(format!("unknown flag {other:?}")),
            }
        }
        if seen.contains('u') && seen.contains('v') {
            return Err("flags u and v cannot be combined".to_string());
        }
        let unicode = engine_flags.unicode;
        let compiled = if unicode {
            regress::Regex::from_unicode(pattern.chars().map(u32::from), engine_flags)
        } else {
            regress::Regex::from_unicode(pattern.encode_utf16().map(u32::from), engine_flags)
        };
        let regex = compiled.map_err(|e| e.to_string())?;
        Ok(JsRegex {
            regex,
            unicode,
            sticky,
        })
    }

    /// `RegExp.prototype.test` on a fresh regex.
    pub fn test(&self, text: &str) -> bool {
        let units: Vec<u16> = text.encode_utf16().collect();
        // The leftmost match starts at 0 whenever any match at 0 exists, so the sticky test is a
        // check on where the first match starts.
        let start = if self.unicode {
            self.regex
                .find_from_utf16(&units, 0)
                .next()
                .map(|m| m.start())
        } else {
            self.regex
                .find_from_ucs2(&units, 0)
                .next()
                .map(|m| m.start())
        };
        match start {
            Some(at) => !self.sticky || at == 0,
            None => false,
        }
    }
}

const CACHE_MAX_ENTRIES: usize = 256; // rule sets are small; this bounds memory if callers churn patterns

type CacheKey = (String, String);
type Compiled = Result<Arc<JsRegex>, String>;

/// Compiles through a process-wide cache keyed by `(pattern, flags)`: the bash tool checks every
/// command against the same rules, so each pattern is compiled once.
pub fn compile_cached(pattern: &str, flags: &str) -> Compiled {
    static CACHE: OnceLock<Mutex<HashMap<CacheKey, Compiled>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    let key = (pattern.to_string(), flags.to_string());
    if let Ok(map) = cache.lock() {
        if let Some(hit) = map.get(&key) {
            return hit.clone();
        }
    }
    let compiled = JsRegex::new(pattern, flags).map(Arc::new);
    if let Ok(mut map) = cache.lock() {
        if map.len() >= CACHE_MAX_ENTRIES {
            map.clear();
        }
        map.insert(key, compiled.clone());
    }
    compiled
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn matches_like_javascript() {
        // (pattern, flags, subject, what `new RegExp(pattern, flags).test(subject)` answers in V8)
        let cases: &[(&str, &str, &str, bool)] = &[
            (r"^\s*cat\s+", "", "  cat file", true),
            (r"^\s*cat\s+", "", "concat file", false),
            (r"(?<!\|)>", "", "echo a > b", true),
            (r"(?<!\|)>", "", "echo a |> b", false),
            (r"(?<=sed )-i", "", "sed -i s/a/b/ f", true),
            (r"CAT", "i", "cat x", true),
            (r"CAT", "", "cat x", false),
            (r"^b", "m", "a\nb", true),
            (r"^b", "", "a\nb", false),
            (r"a.b", "s", "a\nb", true),
            (r"a.b", "", "a\nb", false),
            (r"cat", "y", "cat x", true),
            (r"cat", "y", "x cat", false),
            (r"cat", "g", "x cat", true),
            (r"cat", "gy", "x cat", false),
            (r"(?<verb>cat)\s+\k<verb>", "", "cat cat", true),
            (r"^.$", "", "😀", false),
            (r"^.$", "u", "😀", true),
            (r"^..$", "", "😀", true),
            (r"\u{1F600}", "u", "😀", true),
            (r"\u{1F600}", "", "😀", false),
            (r"\p{Lu}", "u", "É", true),
            (r"[\p{L}--[a-z]]", "v", "a", false),
            (r"[\p{L}--[a-z]]", "v", "B", true),
            (r"é", "i", "É", true),
            (r"\bcat\b", "d", "a cat b", true),
        ];
        for (pattern, flags, subject, expected) in cases {
            let regex =
                JsRegex::new(pattern, flags).unwrap_or_else(|e| panic!("/{pattern}/{flags}: {e}"));
            assert_eq!(
                regex.test(subject),
                *expected,
                "/{pattern}/{flags} on {subject:?}"
            );
        }
    }

    #[test]
    fn rejects_what_javascript_rejects() {
        let cases: &[(&str, &str)] = &[
            ("(", ""),
            ("a", "x"),
            ("a", "gg"),
            ("a", "uv"),
            (r"\p{Lu", "u"),
            ("(?<n>a)(?<n>b)", ""),
            ("a**", ""),
            (r"\u{110000}", "u"),
        ];
        for (pattern, flags) in cases {
            assert!(
                JsRegex::new(pattern, flags).is_err(),
                "/{pattern}/{flags} should not compile"
            );
        }
    }

    #[test]
    fn caches_by_pattern_and_flags() {
        let a = compile_cached("cat", "i").unwrap();
        let b = compile_cached("cat", "i").unwrap();
        assert!(Arc::ptr_eq(&a, &b));
        assert!(compile_cached("(", "").is_err());
    }
}
