//! Line helpers the filters share, and the guard that refuses a rewrite which lost a location.

/// FNV-1a (a word at a time): the filters' maps are keyed by short strings (paths, sizes, locations) looked up
/// once a line, where the standard library's DoS-resistant hasher costs more than the rest of
/// the work.
#[derive(Default)]
pub(crate) struct Fnv(u64);

impl std::hash::Hasher for Fnv {
    /// The hash with its bits mixed (splitmix64's finalizer): the map tells keys apart first by
    /// the top 7 bits, which FNV leaves nearly alike for short keys (`4.0K`, `8.0K`).
    fn finish(&self) -> u64 {
        let mut h = self.0;
        h = (h ^ (h >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        h = (h ^ (h >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        h ^ (h >> 31)
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 {
            0xcbf2_9ce4_8422_2325
        } else {
            self.0
        };
        // Eight bytes a step (a key can be a whole subtree's names), the rest a byte each.
        let mut words = bytes.chunks_exact(8);
        for w in words.by_ref() {
            let word = <[u8; 8]>::try_from(w).map_or(0, u64::from_le_bytes);
            h = (h ^ word).wrapping_mul(0x0100_0000_01b3);
        }
        for b in words.remainder() {
            h ^= u64::from(*b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = h;
    }

    /// A number (a key's index, a hash already made) mixed in one step, not byte by byte: the
    /// finisher spreads it.
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0 ^ n).wrapping_mul(0x0100_0000_01b3).rotate_left(29);
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

/// A hash map or set keyed by short strings, hashed with [`Fnv`].
pub(crate) type FastHash = std::hash::BuildHasherDefault<Fnv>;

/// Where `needle` first occurs in `hay` (a byte offset). What `str::find` answers, at a
/// fraction of its cost on a short line: that one builds a two-way searcher on each call (on a
/// log of short lines, where every line is asked, the most of a filter's time); this one looks
/// for the needle's first byte with `memchr` and compares from there.
pub(crate) fn find(hay: &str, needle: &str) -> Option<usize> {
    let (h, n) = (hay.as_bytes(), needle.as_bytes());
    if n.is_empty() {
        return Some(0);
    }
    // Looked for by its first byte that is not a blank: in a padded line (`path      | 12`,
    // looked for ` | `) every column of the padding would be a start to compare from.
    let k = n.iter().position(|&b| b != b' ').unwrap_or(0);
    let mut at = k;
    while let Some(i) = h.get(at..).and_then(|rest| memchr::memchr(n[k], rest)) {
        let start = at + i - k;
        if h[start..].starts_with(n) {
            return Some(start);
        }
        at += i + 1;
    }
    None
}

/// Whether `needle` occurs in `hay`: [`find`]'s answer, for `str::contains`.
pub(crate) fn has(hay: &str, needle: &str) -> bool {
    find(hay, needle).is_some()
}

/// Whether `needle` occurs in a whole text (a sniff's look for a word anywhere in an output):
/// `memmem`'s vector search, where [`has`] (built for short lines) would stop at each byte
/// like the needle's first and `str::contains` scans at a fraction of its speed.
pub(crate) fn text_has(text: &str, needle: &str) -> bool {
    memchr::memmem::find(text.as_bytes(), needle.as_bytes()).is_some()
}

/// `text` as a terminal shows it where a line is rewritten in place (a progress bar, a test
/// reporter's running line: `frame\rframe\rframe`): each later frame is written over the line
/// from its first column, so what stays is every frame laid over the one before, character by
/// character (a shorter frame leaves the end of a longer one), its runs of blanks after the
/// indent said as one. Borrowed when no line has a lone
/// `\r` (a `\r\n` is a line end, made `\n` before this runs).
pub(crate) fn as_shown(text: &str) -> std::borrow::Cow<'_, str> {
    if memchr::memchr(b'\r', text.as_bytes()).is_none() {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut shown: Vec<char> = Vec::new();
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        if memchr::memchr(b'\r', line.as_bytes()).is_none() {
            out.push_str(line);
            continue;
        }
        shown.clear();
        for frame in line.split('\r') {
            for (at, c) in frame.chars().enumerate() {
                match shown.get_mut(at) {
                    Some(slot) => *slot = c,
                    None => shown.push(c),
                }
            }
        }
        let end = shown.iter().rposition(|c| *c != ' ').map_or(0, |e| e + 1);
        // A frame's padding (`11.44M  4.00MB/s    in 2.9s`) is layout: each run of blanks
        // after the indent said as one.
        let indent = shown.iter().take_while(|c| **c == ' ').count().min(end);
        out.extend(&shown[..indent]);
        let mut blank = false;
        for &c in &shown[indent..end] {
            if !(blank && c == ' ') {
                out.push(c);
            }
            blank = c == ' ';
        }
    }
    std::borrow::Cow::Owned(out)
}

/// A text's lines, as `str::lines` gives them (split at `\n`, a `\r` before it dropped, no
/// empty line after a final `\n`), each line's end found by `memchr`'s vector search: the
/// standard library's search for a `char` reads a word at a time, and every filter splits the
/// whole output into lines, some of them several times.
pub(crate) trait SplitLines {
    fn split_lines(&self) -> Lines<'_>;
}

impl SplitLines for str {
    fn split_lines(&self) -> Lines<'_> {
        Lines { rest: self }
    }
}

/// The iterator of [`SplitLines::split_lines`].
#[derive(Clone)]
pub(crate) struct Lines<'a> {
    /// What is left to split, from both ends.
    rest: &'a str,
}

/// A line as `str::lines` gives it: its `\n` dropped, and a `\r` before that.
fn line_body(piece: &str) -> &str {
    match piece.strip_suffix('\n') {
        Some(line) => line.strip_suffix('\r').unwrap_or(line),
        None => piece,
    }
}

impl<'a> Iterator for Lines<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        if self.rest.is_empty() {
            return None;
        }
        let end = memchr::memchr(b'\n', self.rest.as_bytes()).map_or(self.rest.len(), |i| i + 1);
        // A `\n` is a character of its own: `end` is on a boundary.
        let (piece, rest) = self.rest.split_at(end);
        self.rest = rest;
        Some(line_body(piece))
    }
}

impl DoubleEndedIterator for Lines<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        if self.rest.is_empty() {
            return None;
        }
        let bytes = self.rest.as_bytes();
        // The last piece's own `\n` is not the one that ends the piece before it.
        let search = bytes.strip_suffix(b"\n").unwrap_or(bytes);
        let start = memchr::memrchr(b'\n', search).map_or(0, |i| i + 1);
        let (rest, piece) = self.rest.split_at(start);
        self.rest = rest;
        Some(line_body(piece))
    }
}

/// `hay` split around the first `needle`, as `str::split_once` does, by [`find`].
pub(crate) fn split_str<'a>(hay: &'a str, needle: &str) -> Option<(&'a str, &'a str)> {
    // A match of valid UTF-8 in valid UTF-8 starts and ends on character boundaries.
    find(hay, needle).map(|i| (&hay[..i], &hay[i + needle.len()..]))
}

/// A message's shape: `text` with each quoted part (`‘std::vector<Foo>’`, `'fs'`, `` `arr6` ``,
/// one a cut left open) said as `‘…’`, so the messages a tool repeats with another name or type
/// in the quotes (`Variable 'x5' is declared but never used`, `… 'n13' …`) are one shape. A
/// straight quote opens only after a character that is not a letter or digit (`don't` is a word).
pub(crate) fn quote_shape(text: &str) -> String {
    let mut shape = String::with_capacity(text.len());
    let mut close: Option<char> = None;
    let mut prev = ' ';
    for c in text.chars() {
        match close {
            Some(end) if c == end => close = None,
            Some(_) => {}
            None if c == '‘' || (matches!(c, '\'' | '`') && !prev.is_alphanumeric()) => {
                shape.push_str("‘…’");
                close = Some(if c == '‘' { '’' } else { c });
            }
            None => shape.push(c),
        }
        prev = c;
    }
    shape
}

/// Whether `line` is empty or only whitespace (what `str::trim` leaves empty), decided by its
/// first byte past an ASCII indentation where that can: most lines start, after their indent,
/// with a letter, a digit or a mark, and `trim` decodes characters from both ends (a test log's
/// indented lines: 200 instructions a line).
pub(crate) fn is_blank(line: &str) -> bool {
    let rest = trim_ascii_space_start(line);
    match rest.as_bytes().first() {
        None => true,
        Some(&b) if b.is_ascii() => false,
        _ => rest.trim().is_empty(),
    }
}

/// `line` without its leading whitespace, as `str::trim_start` cuts it: the ASCII whitespace
/// that `char::is_whitespace` names (with the vertical tab, which `u8::is_ascii_whitespace`
/// leaves) skipped as bytes, `trim_start` asked only when a character past ASCII follows.
pub(crate) fn trim_start(line: &str) -> &str {
    let rest = trim_ascii_space_start(line);
    match rest.as_bytes().first() {
        Some(&b) if !b.is_ascii() => rest.trim_start(),
        _ => rest,
    }
}

/// `line` past its leading ASCII whitespace (`char::is_whitespace`'s: space, `\t`, `\n`,
/// vertical tab, form feed, `\r`).
fn trim_ascii_space_start(line: &str) -> &str {
    let n = line
        .bytes()
        .take_while(|b| matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r'))
        .count();
    // ASCII bytes only were skipped: `n` is a character boundary.
    &line[n..]
}

/// Every location in `text`, as written: `path/file.ext:12` or `:12:5`, and tsc's
/// `file.ts(12,5)` (what an agent opens next). The matches, left to right, of the pattern
/// `[A-Za-z0-9_.@+-]*(?:/[A-Za-z0-9_.@+-]+)*\.[A-Za-z][A-Za-z0-9]*(?::\d+(?::\d+)?|\(\d+,\d+\))`
/// with ASCII digits, found by hand: the guard reads every line of the input and the output
/// of most filters, and the pattern's search per line cost more than a filter's own work
/// (`go vet`'s 50 KB: half of the call). One scan of the whole text: a location never spans
/// a line (a line break is no name byte and no digit), so the text need not be split first.
pub(crate) fn locations(text: &str) -> Vec<&str> {
    let mut found = Vec::new();
    locations_in(text, &mut |l| found.push(l));
    found
}

/// Whether `text` holds a location ([`locations`]'s answer is not empty), without collecting
/// them: asked of every line of a kind by several filters, where the list was only counted.
pub(crate) fn has_location(text: &str) -> bool {
    let mut found = false;
    locations_in(text, &mut |_| found = true);
    found
}

/// A byte a path's name may hold (the pattern's `[A-Za-z0-9_.@+-]`).
fn is_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'@' | b'+' | b'-')
}

/// The locations of a line, or of a text of lines, to `found`. A location ends at a place
/// (`:12`, `:12:5`, `(12,5)`) after a name with an extension (`.rs`); it starts where the
/// longest run of name bytes and single `/`s before the extension's dot starts (the pattern's
/// leftmost match), never before the end of the previous location.
fn locations_in<'a>(line: &'a str, found: &mut impl FnMut(&'a str)) {
    let b = line.as_bytes();
    let digits = |from: usize| {
        b[from.min(b.len())..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count()
    };
    let mut from = 0;
    let mut i = 0;
    // Only a `:` or `(` can start a place: the scan jumps from one to the next.
    while let Some(skip) = memchr::memchr2(b':', b'(', &b[i..]) {
        let at = i + skip;
        i = at + 1;
        if !b.get(at + 1).is_some_and(u8::is_ascii_digit) {
            continue;
        }
        // The place's end: `:12` then an optional `:5`, or `(12,5)`.
        let n = digits(at + 1);
        let end = if b[at] == b':' {
            let mut end = at + 1 + n;
            if b.get(end) == Some(&b':') {
                let m = digits(end + 1);
                if m > 0 {
                    end += 1 + m;
                }
            }
            end
        } else {
            let comma = at + 1 + n;
            let m = digits(comma + 1);
            if b.get(comma) != Some(&b',') || m == 0 || b.get(comma + 1 + m) != Some(&b')') {
                continue;
            }
            comma + 2 + m
        };
        // The name before it: a run of name bytes and `/`s, its last `.` the extension's.
        let mut run = at;
        while run > from && (is_name_byte(b[run - 1]) || b[run - 1] == b'/') {
            run -= 1;
        }
        let Some(dot) = b[run..at].iter().rposition(|&c| c == b'.').map(|d| run + d) else {
            continue;
        };
        let ext = &b[dot + 1..at];
        if !ext.first().is_some_and(u8::is_ascii_alphabetic)
            || !ext.iter().all(u8::is_ascii_alphanumeric)
        {
            continue;
        }
        // Before the dot: no `//`, and no `/` just before it (each `/` is followed by a name
        // byte); the start is past the last `//`, or at the dot itself after a `/`.
        let start = if dot > run && b[dot - 1] == b'/' {
            dot
        } else {
            b[run..dot]
                .windows(2)
                .rposition(|w| w == b"//")
                .map_or(run, |j| run + j + 1)
        };
        found(&line[start..end]);
        from = end;
        i = end;
    }
}

/// Whether a line has a `:` or `(` before a digit, without which it holds no location: most
/// lines are skipped before the scan.
fn may_hold_location(line: &str) -> bool {
    let b = line.as_bytes();
    memchr::memchr2_iter(b':', b'(', b).any(|at| b.get(at + 1).is_some_and(u8::is_ascii_digit))
}

/// Whether every location of `raw` is still in `out`; frames inside installed dependencies
/// (`node_modules/`, `site-packages/`, the Rust toolchain) are not the agent's to fix.
pub(crate) fn keeps_locations(raw: &str, out: &str) -> bool {
    lost_locations(raw, out).is_empty()
}

/// The locations of `raw` that `out` no longer holds, each once (see [`keeps_locations`]).
pub(crate) fn lost_locations<'a>(raw: &'a str, out: &str) -> Vec<&'a str> {
    // The output's own locations answer most look-ups at the cost of one scan; a location the
    // pattern reads differently there (inside a longer path) is searched for as text.
    // Each location once (an output repeats its places), then the cheap answers before the
    // costlier ones: the rows' readings are made only when a location is not among the
    // output's own, and a text search is the last resort.
    let mut wanted: std::collections::HashSet<&str, FastHash> = Default::default();
    // One scan of the whole text (see [`locations`]). Most lines hold none: a dependency's
    // frame is looked for only in the lines that do, once a line (its start, its end, the
    // answer), the line being what `str::lines` would give.
    let bytes = raw.as_bytes();
    let mut line: Option<(usize, usize, bool)> = None;
    locations_in(raw, &mut |l| {
        let at = l.as_ptr() as usize - raw.as_ptr() as usize;
        let dependency = match line {
            Some((start, end, d)) if start <= at && at < end => d,
            _ => {
                let start = memchr::memrchr(b'\n', &bytes[..at]).map_or(0, |i| i + 1);
                let end = memchr::memchr(b'\n', &bytes[at..]).map_or(bytes.len(), |i| at + i);
                let text = &raw[start..end];
                let text = match text.strip_suffix('\r') {
                    Some(t) if end < bytes.len() => t,
                    _ => text,
                };
                let d = is_dependency_frame(text);
                line = Some((start, end, d));
                d
            }
        };
        if !dependency {
            wanted.insert(l);
        }
    });
    let kept: std::collections::HashSet<&str, FastHash> = locations(out).into_iter().collect();
    let missing: std::collections::HashSet<&str, FastHash> =
        wanted.into_iter().filter(|l| !kept.contains(l)).collect();
    if missing.is_empty() {
        return Vec::new();
    }
    // The rows' readings take from `missing` what they say, joined in one buffer: a set of
    // every reading, each its own `String`, was most of a call whose rewrite says each file
    // once over its rows (`go build -gcflags=-m`'s 50 KB: three fifths of it).
    let mut said = Said {
        missing,
        joined: String::new(),
    };
    said_in_place_rows(out, &mut said);
    said_in_prefixed_rows(out, &mut said);
    said.missing
        .into_iter()
        .filter(|l| !text_has(out, l))
        .collect()
}

/// The locations a rewrite has not yet been found to say, and a buffer to join a row's
/// reading in.
struct Said<'a> {
    missing: std::collections::HashSet<&'a str, FastHash>,
    joined: String,
}

impl Said<'_> {
    /// The location `parts` join to is said.
    fn found(&mut self, parts: &[&str]) {
        self.joined.clear();
        for p in parts {
            self.joined.push_str(p);
        }
        self.missing.remove(self.joined.as_str());
    }
}

/// `out` with the lines of `raw` that hold the locations in `lost` after it, in their order,
/// each once, under a line that says why; `None` when they are more than a quarter of `raw`'s
/// lines (and more than [`RESTORED_MIN_LINES`]): a rewrite that drops that much of what
/// locates the run is not used.
pub(crate) fn with_lost_lines(raw: &str, out: String, lost: &[&str]) -> Option<String> {
    let lost: std::collections::HashSet<&str, FastHash> = lost.iter().copied().collect();
    let mut seen: std::collections::HashSet<&str, FastHash> = Default::default();
    let restored: Vec<&str> = raw
        .split_lines()
        .filter(|l| may_hold_location(l) && !is_dependency_frame(l))
        .filter(|l| locations(l).iter().any(|at| lost.contains(at)))
        .filter(|l| seen.insert(l.trim_end()))
        .collect();
    let total = raw.split_lines().count();
    if restored.len() > RESTORED_MIN_LINES && restored.len() * 4 > total {
        return None;
    }
    let mut text = out.trim_end().to_string();
    text.push_str("\n(lines with places not said above:)\n");
    text.push_str(&restored.join("\n"));
    Some(text)
}

/// Up to this many lines restored for their places, a rewrite is used whatever its share.
const RESTORED_MIN_LINES: usize = 8;

/// The locations of lines under a directory said once (`/usr/include/c++/12/bits/` then
/// `  stl_algo.h:1938:50: error: …`), with the directory: `/usr/…/bits/stl_algo.h:1938:50`.
/// And the places of rows under a file said once (`fnv/fnv.go:` then `  272:20 275:20: text`),
/// as `fnv/fnv.go:272:20`.
fn said_in_prefixed_rows(out: &str, said: &mut Said) {
    let mut dir: Option<&str> = None;
    let mut file: Option<&str> = None;
    for line in out.split_lines() {
        if said.missing.is_empty() {
            return;
        }
        if !line.starts_with(' ') {
            dir = (line.ends_with('/') && !line.contains(' ')).then_some(line);
            file = line
                .strip_suffix(':')
                .filter(|f| !f.is_empty() && !f.contains([' ', ':']));
            continue;
        }
        if let Some(d) = dir {
            locations_in(line, &mut |l| said.found(&[d, l]));
            // A file's row under its directory (folded frames: `  task.rb: 281 219`).
            if let Some((name, places)) = split_str(line.trim_start(), ": ") {
                if !name.contains(' ') && places.split(' ').all(is_place) {
                    for p in places.split(' ') {
                        said.found(&[d, name, ":", p]);
                    }
                }
            }
        }
        if let Some((f, (places, _))) = file.zip(split_str(line.trim_start(), ": ")) {
            if places.split(' ').all(is_place) {
                for p in places.split(' ') {
                    said.found(&[f, ":", p]);
                }
            }
        }
    }
}

/// The locations of rows that say a file once with its places (`  src/a.rs: 3:9 14:2`, a
/// repeated message's places), as `src/a.rs:3:9`, `src/a.rs:14:2`.
fn said_in_place_rows(out: &str, said: &mut Said) {
    // A place warned at more than once carries its count: `151:24(x5)`.
    fn bare(p: &str) -> &str {
        match split_str(p, "(x") {
            Some((at, n))
                if n.strip_suffix(')')
                    .is_some_and(|n| n.parse::<u32>().is_ok()) =>
            {
                at
            }
            _ => p,
        }
    }
    for line in out.split_lines() {
        if said.missing.is_empty() {
            return;
        }
        let Some((file, places)) = split_str(line.trim_start(), ": ") else {
            continue;
        };
        // A place with the files it is in (`6:11: src/m00.c src/m01.c`, many files' same line).
        if is_place(file) && places.split(' ').all(|f| !f.is_empty() && !is_place(f)) {
            for f in places.split(' ') {
                said.found(&[f, ":", file]);
            }
            continue;
        }
        if file.contains(' ') || !places.split(' ').all(|p| is_place(bare(p))) {
            continue;
        }
        for p in places.split(' ') {
            said.found(&[file, ":", bare(p)]);
        }
    }
}

/// A place in a file as compilers write it: `12` or `12:5` (line, then column).
pub(crate) fn is_place(p: &str) -> bool {
    let b = p.as_bytes();
    let line = b.iter().take_while(|c| c.is_ascii_digit()).count();
    match b.get(line) {
        _ if line == 0 => false,
        None => true,
        Some(b':') => b.len() > line + 1 && b[line + 1..].iter().all(u8::is_ascii_digit),
        Some(_) => false,
    }
}

/// Whether a frame's line is inside an installed dependency or a toolchain (`node_modules/`,
/// `site-packages/`, `dist-packages/`, `node:internal`, `/rustc/`, `.cargo/registry/`,
/// `/pkg/mod/`, Go's own sources): not the agent's code. Asked of every line that holds a
/// location, by the guard and by the test filters: one pass over the line's `/` and `:`
/// (a search per marker was seven scans a line, the most of the guard's time on a long trace).
pub(crate) fn is_dependency_frame(line: &str) -> bool {
    let b = line.as_bytes();
    let mut src = false;
    for at in memchr::memchr2_iter(b'/', b':', b) {
        if b[at] == b':' {
            if b[..at].ends_with(b"node") && b[at + 1..].starts_with(b"internal") {
                return true;
            }
            continue;
        }
        let (to, from) = (&b[..=at], &b[at..]);
        if to.ends_with(b"node_modules/")
            || to.ends_with(b"site-packages/")
            || to.ends_with(b"dist-packages/")
            || to.ends_with(b".cargo/registry/")
            || from.starts_with(b"/rustc/")
            || from.starts_with(b"/pkg/mod/")
        {
            return true;
        }
        src |= from.starts_with(b"/src/");
    }
    src && in_go_sources(line)
}

/// A path inside Go's own sources: `<GOROOT>/src/<standard package>/…`, GOROOT being a `go` or
/// `go-1.x` directory (or Homebrew's `libexec`), the package one of the standard library's.
pub(crate) fn is_go_toolchain_path(line: &str) -> bool {
    has(line, "/src/") && in_go_sources(line)
}

/// [`is_go_toolchain_path`]'s pattern, for a line known to hold `/src/`.
fn in_go_sources(line: &str) -> bool {
    crate::re!(
        r"/(?:go|go-[\d.]+|libexec)/src/(?:runtime|testing|internal|sync|reflect|syscall|os|fmt|net|io|encoding|time|context|strings|bytes|errors|sort|strconv|math|crypto|log|bufio|unicode|path|regexp|text|html|database|compress|archive|container|debug|embed|flag|hash|image|mime|plugin)/"
    )
    .is_some_and(|r| r.is_match(line))
}

/// A backtrace frame as Ruby prints it (`/path/task.rb:281:in 'execute'`, after rspec's `# `
/// or an indent): its directory (with its last `/`, empty for a bare name), file name and line,
/// and whether it is inside an installed gem (`…/gems/rake-13.0.6/…`) or another dependency
/// (see [`is_dependency_frame`]).
fn ruby_frame(line: &str) -> Option<(&str, &str, &str, bool)> {
    let t = line.trim_start();
    let t = t.strip_prefix("# ").unwrap_or(t);
    let (path, rest) = t.split_once(':')?;
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let after = &rest[digits..];
    if path.is_empty()
        || path.contains(char::is_whitespace)
        || digits == 0
        || !(after.is_empty() || after.starts_with(":in "))
    {
        return None;
    }
    let library = path.starts_with('/') && (has(path, "/gems/") || is_dependency_frame(path));
    let (dir, name) = path.split_at(path.rfind('/').map_or(0, |i| i + 1));
    Some((dir, name, &rest[..digits], library))
}

/// A fold's directories in order, each with its files in order, each with its lines.
type FramesByDirectory<'a> = Vec<(&'a str, Vec<(&'a str, Vec<&'a str>)>)>;

/// Fewest library frames in a trace for them to be folded: fewer cost less as written.
const FOLD_MIN_FRAMES: usize = 3;

/// In each trace (consecutive frame lines, see [`ruby_frame`]) with at least
/// [`FOLD_MIN_FRAMES`] frames inside installed libraries (a Ruby error's trace through rake or
/// rspec-core), those frames said by directory where the first of them was: the directory on a
/// line of its own, then a row per file with its lines, each once, in the order they were first
/// said (`/usr/lib/ruby/gems/3.1.0/gems/rake-13.0.6/lib/rake/` then `  task.rb: 281 219 199`).
/// Every place stays; the methods' names, the library's own, go. The agent's frames stay as
/// written, in their order.
pub(crate) fn fold_library_frames(lines: Vec<String>) -> Vec<String> {
    let mut out = Vec::with_capacity(lines.len());
    let mut i = 0;
    while i < lines.len() {
        let end = (i..lines.len())
            .find(|&j| ruby_frame(&lines[j]).is_none())
            .unwrap_or(lines.len());
        let library = lines[i..end]
            .iter()
            .filter(|l| ruby_frame(l).is_some_and(|f| f.3))
            .count();
        if library < FOLD_MIN_FRAMES {
            // The trace as written (or the one line that is none).
            let next = end.max(i + 1);
            out.extend(lines[i..next].iter().cloned());
            i = next;
            continue;
        }
        let mut dirs: FramesByDirectory = Vec::new();
        let mut fold_at = None;
        for line in &lines[i..end] {
            let Some((dir, name, at, true)) = ruby_frame(line) else {
                out.push(line.clone());
                continue;
            };
            fold_at.get_or_insert(out.len());
            let d = match dirs.iter().position(|(d, _)| *d == dir) {
                Some(d) => d,
                None => {
                    dirs.push((dir, Vec::new()));
                    dirs.len() - 1
                }
            };
            let files = &mut dirs[d].1;
            match files.iter_mut().find(|(n, _)| *n == name) {
                Some((_, ats)) if ats.contains(&at) => {}
                Some((_, ats)) => ats.push(at),
                None => files.push((name, vec![at])),
            }
        }
        let folded = dirs.into_iter().flat_map(|(dir, files)| {
            std::iter::once(dir.to_string()).chain(
                files
                    .into_iter()
                    .map(|(name, ats)| format!("  {name}: {}", ats.join(" "))),
            )
        });
        let at = fold_at.unwrap_or(out.len());
        out.splice(at..at, folded);
        i = end;
    }
    out
}

/// Lines joined, runs of blank lines made one, leading and trailing blank lines dropped.
pub(crate) fn join_lines<S: AsRef<str>>(lines: impl IntoIterator<Item = S>) -> String {
    let mut out = String::new();
    let mut blank = true;
    for line in lines {
        let line = line.as_ref().trim_end();
        if line.is_empty() {
            if !blank {
                out.push('\n');
            }
            blank = true;
            continue;
        }
        out.push_str(line);
        out.push('\n');
        blank = false;
    }
    while out.ends_with("\n\n") {
        out.pop();
    }
    out
}

/// Shortest lines compared word by word: a shorter pair is read whole at a glance.
const CONTRAST_MIN_CHARS: usize = 100;

/// Fewest words a compared line has: fewer, and the words alike are not worth eliding.
const CONTRAST_MIN_WORDS: usize = 6;

/// Two consecutive long lines (both `eligible`) that say one value twice, word for word alike but
/// for a few (a test's `have {…}` / `want {…}`, `got: […]` / `want: […]`, `left: …` / `right: …`):
/// each run of two or more words alike at the same position in both is said as `…` in both,
/// so what differs stands out and the lines stay aligned. Words that may hold a location stay.
/// Lines with different word counts, or differing in more than half their words, stay whole.
pub(crate) fn contrasted(mut lines: Vec<String>, eligible: impl Fn(&str) -> bool) -> Vec<String> {
    let mut i = 0;
    while i + 1 < lines.len() {
        let pair = (eligible(&lines[i]) && eligible(&lines[i + 1]))
            .then(|| contrast(&lines[i], &lines[i + 1]))
            .flatten();
        match pair {
            Some((a, b)) => {
                lines[i] = a;
                lines[i + 1] = b;
                i += 2;
            }
            None => i += 1,
        }
    }
    lines
}

/// The pair of [`contrasted`], or `None` when it is not one.
fn contrast(a: &str, b: &str) -> Option<(String, String)> {
    if a.len() < CONTRAST_MIN_CHARS || b.len() < CONTRAST_MIN_CHARS {
        return None;
    }
    let indent = a.len() - a.trim_start().len();
    if a[..indent] != b[..b.len() - b.trim_start().len()] {
        return None;
    }
    let wa: Vec<&str> = a[indent..].split(' ').collect();
    let wb: Vec<&str> = b[indent..].split(' ').collect();
    if wa.len() != wb.len() || wa.len() < CONTRAST_MIN_WORDS {
        return None;
    }
    let alike: Vec<bool> = wa
        .iter()
        .zip(&wb)
        .map(|(x, y)| x == y && !has_location(x))
        .collect();
    let differ = alike.iter().filter(|&&s| !s).count();
    if differ == 0 || differ * 2 > wa.len() {
        return None;
    }
    let mut out_a = a[..indent].to_string();
    let mut out_b = out_a.clone();
    let mut k = 0;
    while k < wa.len() {
        let run = alike[k..].iter().take_while(|&&s| s).count();
        let (pa, pb) = if run >= 2 {
            k += run;
            ("…", "…")
        } else {
            k += 1;
            (wa[k - 1], wb[k - 1])
        };
        for (out, p) in [(&mut out_a, pa), (&mut out_b, pb)] {
            if out.len() > indent {
                out.push(' ');
            }
            out.push_str(p);
        }
    }
    (out_a.len() + out_b.len() + 2 * CONTRAST_MIN_WORDS < a.len() + b.len())
        .then_some((out_a, out_b))
}

/// Fewest consecutive lines in one file for the file to be said once above them: its own line
/// costs about what two of the prefixes save.
const BY_FILE_MIN_RUN: usize = 3;

/// `file:line[:col]: text`, a short-form diagnostic as compilers and linters print it (gcc,
/// clang, `rustc --error-format=short`, mypy, ruff's concise output, eslint's unix format, go
/// vet): as (`file`, `line[:col]: text`). The file has no space; the text is not empty.
fn place_line(line: &str) -> Option<(&str, &str)> {
    if line.starts_with(char::is_whitespace) {
        return None;
    }
    let (file, rest) = line.split_once(':')?;
    let (place, text) = split_str(rest, ": ").or_else(|| {
        // `file:3:5: text`: the column after the line.
        let (row, after) = rest.split_once(':')?;
        let (col, text) = split_str(after, ": ")?;
        Some((&rest[..row.len() + 1 + col.len()], text))
    })?;
    (!file.is_empty() && !file.contains(' ') && is_place(place) && !is_blank(text))
        .then(|| (file, &line[file.len() + 1..]))
}

/// Each run of at least [`BY_FILE_MIN_RUN`] consecutive one-line diagnostics in one file
/// (`src/lib.rs:3:5: warning: msg`, the next line not indented under it) said with the file
/// once: `src/lib.rs:` then `  3:5: warning: msg` for each. A diagnostic with lines indented
/// under it (a quoted source line, a note) ends a run: those lines would read as the file's.
pub(crate) fn by_file(lines: Vec<String>) -> Vec<String> {
    let one_line = |i: usize| -> Option<&str> {
        let (file, _) = place_line(&lines[i])?;
        let detail = lines
            .get(i + 1)
            .is_some_and(|n| n.starts_with(char::is_whitespace) && !is_blank(n));
        (!detail).then_some(file)
    };
    let files: Vec<Option<&str>> = (0..lines.len()).map(one_line).collect();
    let mut ends = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let mut j = i + 1;
        if let Some(f) = files[i] {
            while j < lines.len() && files[j] == Some(f) {
                j += 1;
            }
            if j - i >= BY_FILE_MIN_RUN {
                ends.push((i, j, f.len()));
            }
        }
        i = j;
    }
    if ends.is_empty() {
        return lines;
    }
    let mut out = Vec::with_capacity(lines.len() + ends.len());
    let mut runs = ends.into_iter().peekable();
    for (k, line) in lines.into_iter().enumerate() {
        match runs.peek() {
            Some(&(start, end, at)) if k >= start && k < end => {
                if k == start {
                    out.push(line[..=at].to_string());
                }
                out.push(format!("  {}", &line[at + 1..]));
                if k + 1 == end {
                    runs.next();
                }
            }
            _ => out.push(line),
        }
    }
    out
}

/// Fewest characters a prefix shared by consecutive lines must have to be written once (about
/// four tokens: less, and the line it takes and the indents cost what it saves).
const SHARED_PREFIX_MIN: usize = 16;

/// Each run of at least two consecutive `eligible` lines sharing a prefix that ends with
/// `boundary` (a test's class, `t.py::TestA::`) and is [`SHARED_PREFIX_MIN`] long or more: the
/// prefix on a line of its own (it ends with `:` or `/` as a heading does), then each line's
/// rest indented by two. Lines that are the prefix alone stay as they are.
pub(crate) fn shared_prefixes(
    mut lines: Vec<String>,
    eligible: impl Fn(&str) -> bool,
    boundary: &str,
) -> Vec<String> {
    let mut out = Vec::with_capacity(lines.len());
    let mut i = 0;
    while i < lines.len() {
        let prefix = lines
            .get(i + 1)
            .filter(|_| eligible(&lines[i]) && !lines[i].starts_with(char::is_whitespace))
            .filter(|next| eligible(next))
            .and_then(|next| {
                let a = &lines[i];
                let common = a
                    .char_indices()
                    .zip(next.chars())
                    .take_while(|((_, x), y)| x == y)
                    .last()
                    .map_or(0, |((at, c), _)| at + c.len_utf8());
                let end = a[..common].rfind(boundary)? + boundary.len();
                (end >= SHARED_PREFIX_MIN && end < a.len() && end < next.len())
                    .then(|| a[..end].to_string())
            });
        let Some(prefix) = prefix else {
            // Moved, not copied: no later step reads this line again.
            out.push(std::mem::take(&mut lines[i]));
            i += 1;
            continue;
        };
        out.push(prefix.clone());
        while let Some(rest) = lines
            .get(i)
            .filter(|l| eligible(l))
            .and_then(|l| l.strip_prefix(prefix.as_str()))
            .filter(|r| !r.is_empty())
        {
            out.push(format!("  {rest}"));
            i += 1;
        }
    }
    out
}

/// A regex compiled once (patterns are constants: a failure is a bug, and the filter then
/// declines through `?`).
#[macro_export]
macro_rules! re {
    ($pattern:expr) => {{
        static RE: std::sync::OnceLock<Option<regex::Regex>> = std::sync::OnceLock::new();
        RE.get_or_init(|| regex::Regex::new($pattern).ok()).as_ref()
    }};
}

/// Fewest bytes a run of one repeated piece must span to be counted instead of written.
const RUN_MIN_BYTES: usize = 32;

/// A period every piece length (1 to 4 bytes) divides, for [`counted_runs`]' first pass.
const RUN_PERIOD: usize = 12;

/// A line with each long run of one repeated ASCII piece of up to four bytes (a test's
/// `\xff\xff…` or `aaaa…` input, printed back in its failure message) said once with its count:
/// `\xff\xff…` (100 times) as `[\xff x100]`. Linear: each position tries four piece lengths
/// and a run is skipped whole. `None` when the line has no such run.
pub(crate) fn counted_runs(line: &str) -> Option<String> {
    let b = line.as_bytes();
    if b.len() < RUN_MIN_BYTES {
        return None;
    }
    // A run of a piece of up to four bytes equals itself twelve bytes on (twelve: a multiple of
    // each piece length) for all but its last twelve: without such a stretch there is none, and
    // this one pass over the line costs less than trying each piece at each position.
    let stretch = RUN_MIN_BYTES - RUN_PERIOD;
    let mut streak = 0;
    if !b.iter().zip(&b[RUN_PERIOD..]).any(|(x, y)| {
        streak = if x == y { streak + 1 } else { 0 };
        streak >= stretch
    }) {
        return None;
    }
    let mut out = String::new();
    let mut copied = 0;
    let mut i = 0;
    while i + RUN_MIN_BYTES <= b.len() {
        let run = (1..=4).find_map(|len| {
            let piece = &b[i..i + len];
            if !piece.is_ascii() {
                return None;
            }
            let mut n = 1;
            while b.get(i + n * len..i + (n + 1) * len) == Some(piece) {
                n += 1;
            }
            (n * len >= RUN_MIN_BYTES).then_some((len, n))
        });
        match run {
            Some((len, n)) => {
                out.push_str(&line[copied..i]);
                out.push_str(&format!("[{} x{n}]", &line[i..i + len]));
                i += n * len;
                copied = i;
            }
            None => i += 1,
        }
    }
    if copied == 0 {
        return None;
    }
    out.push_str(&line[copied..]);
    Some(out)
}

/// Fewest consecutive lines alike but for one number that are said as one.
const ALIKE_MIN_RUN: usize = 3;

/// Consecutive lines that differ only in one number at the same place (a loop's failure
/// repeated for each size, `Decoding/1 of "…"` … `Decoding/12 of "…"`) said once, the number
/// replaced by its values: `Decoding/{1..12} of "…"` when they count up by one, else
/// `{2,4,8}`. Only lines `mergeable` says are messages (never names: `TestX/3` is a test's);
/// a number that is a location's line (`a.go:14:`) or ends a word (`Test2`) is never merged.
/// Linear in the text: each line is compared with the run's first.
pub(crate) fn counted_alike(lines: Vec<String>, mergeable: impl Fn(&str) -> bool) -> Vec<String> {
    // The runs found, as (first, end, the line said for them); the lines move, never copied.
    let mut merged: Vec<(usize, usize, String)> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let first = &lines[i];
        if !mergeable(first) {
            i += 1;
            continue;
        }
        let mut values: Vec<&str> = Vec::new();
        let mut shape: Option<(usize, usize)> = None;
        let mut j = i + 1;
        while j < lines.len() {
            let Some((pre, suf, a, b)) = mergeable(&lines[j])
                .then(|| number_apart(first, &lines[j]))
                .flatten()
            else {
                break;
            };
            match shape {
                None => {
                    shape = Some((pre, suf));
                    values.push(a);
                }
                Some(s) if s == (pre, suf) => {}
                Some(_) => break,
            }
            values.push(b);
            j += 1;
        }
        match shape {
            Some((pre, suf)) if values.len() >= ALIKE_MIN_RUN => {
                let counts_up = values.windows(2).all(|w| {
                    matches!((w[0].parse::<u64>(), w[1].parse::<u64>()), (Ok(x), Ok(y)) if y == x + 1)
                });
                let said = if counts_up {
                    format!("{}..{}", values[0], values[values.len() - 1])
                } else {
                    values.join(",")
                };
                let text = format!("{}{{{said}}}{}", &first[..pre], &first[first.len() - suf..]);
                merged.push((i, j, text));
                i = j;
            }
            _ => i += 1,
        }
    }
    if merged.is_empty() {
        return lines;
    }
    let mut out = Vec::with_capacity(lines.len());
    let mut runs = merged.into_iter().peekable();
    for (k, line) in lines.into_iter().enumerate() {
        match runs.peek() {
            Some(&(start, end, _)) if k >= start && k < end => {
                if k + 1 == end {
                    if let Some((_, _, text)) = runs.next() {
                        out.push(text);
                    }
                }
            }
            _ => out.push(line),
        }
    }
    out
}

/// Lines of one block kept for each message shape at one place: a loop's failure (`heap
/// invariant invalidated [1] = 19 > [3] = 17` at one line of a test, 300 times with other
/// numbers) is said by its first few; the rest are counted on the last kept one.
pub(crate) const ALIKE_KEEP_LINES: usize = 4;

/// Within each block (a run of lines `is_message` holds, e.g. one failing test's log), lines
/// with the same place (up to the first `: `, kept exactly: `a_test.go:83`) and the same text
/// but for its numbers past [`ALIKE_KEEP_LINES`] are dropped, the last kept one saying how many
/// more (`(and 31 more alike)`). Every place, and every message shape, stays.
pub(crate) fn capped_alike(lines: Vec<String>, is_message: impl Fn(&str) -> bool) -> Vec<String> {
    // A line's block and a 64-bit FNV-1a hash of its place and its text with each number as
    // `#`: hashed as it is read, so no key is built (this runs on every line of a long log).
    // The pieces between numbers are hashed eight bytes a step.
    let key = |block: usize, l: &str| -> (usize, u64) {
        let (place, text) = split_str(l, ": ").unwrap_or(("", l));
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let eat = |h: &mut u64, piece: &[u8]| {
            let mut words = piece.chunks_exact(8);
            for w in words.by_ref() {
                let word = u64::from_le_bytes([w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]]);
                *h = (*h ^ word).wrapping_mul(0x0100_0000_01b3);
            }
            for &b in words.remainder() {
                *h = (*h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
            }
        };
        eat(&mut h, place.as_bytes());
        eat(&mut h, &[0]);
        let b = text.as_bytes();
        let mut at = 0;
        while at < b.len() {
            let end = b[at..]
                .iter()
                .position(u8::is_ascii_digit)
                .map_or(b.len(), |n| at + n);
            eat(&mut h, &b[at..end]);
            if end == b.len() {
                break;
            }
            eat(&mut h, b"#");
            at = end + b[end..].iter().take_while(|c| c.is_ascii_digit()).count();
        }
        (block, h)
    };
    let mut total: std::collections::HashMap<(usize, u64), usize, FastHash> = Default::default();
    let mut keys: Vec<Option<(usize, u64)>> = Vec::with_capacity(lines.len());
    let mut block = 0;
    for l in &lines {
        if is_message(l) {
            let k = key(block, l);
            *total.entry(k).or_default() += 1;
            keys.push(Some(k));
        } else {
            block += 1;
            keys.push(None);
        }
    }
    if !total.values().any(|&n| n > ALIKE_KEEP_LINES) {
        return lines;
    }
    let mut seen: std::collections::HashMap<(usize, u64), usize, FastHash> = Default::default();
    let mut out = Vec::with_capacity(lines.len());
    for (l, k) in lines.into_iter().zip(keys) {
        let Some(k) = k else {
            out.push(l);
            continue;
        };
        let n = seen.entry(k).or_default();
        *n += 1;
        let all = total.get(&k).copied().unwrap_or(0);
        match (*n).cmp(&ALIKE_KEEP_LINES) {
            std::cmp::Ordering::Less => out.push(l),
            std::cmp::Ordering::Equal if all > ALIKE_KEEP_LINES => {
                out.push(format!("{l} (and {} more alike)", all - ALIKE_KEEP_LINES))
            }
            std::cmp::Ordering::Equal => out.push(l),
            std::cmp::Ordering::Greater => {}
        }
    }
    out
}

/// When `a` and `b` differ only in one whole number: the lengths of their common prefix and
/// suffix and the two numbers. `None` when the number follows `:` or `(` (a location's line)
/// or a word's character (a name's).
fn number_apart<'a>(a: &'a str, b: &'a str) -> Option<(usize, usize, &'a str, &'a str)> {
    if a == b || is_blank(a) {
        return None;
    }
    let (ab, bb) = (a.as_bytes(), b.as_bytes());
    let mut pre = ab.iter().zip(bb).take_while(|(x, y)| x == y).count();
    while pre > 0 && ab[pre - 1].is_ascii_digit() {
        pre -= 1;
    }
    let room = ab.len().min(bb.len()) - pre;
    let mut suf = ab
        .iter()
        .rev()
        .zip(bb.iter().rev())
        .take(room)
        .take_while(|(x, y)| x == y)
        .count();
    while suf > 0 && ab[ab.len() - suf].is_ascii_digit() {
        suf -= 1;
    }
    let (x, y) = (&a[pre..a.len() - suf], &b[pre..b.len() - suf]);
    let number = |s: &str| !s.is_empty() && s.len() <= 12 && s.bytes().all(|c| c.is_ascii_digit());
    let located = pre > 0
        && (matches!(ab[pre - 1], b':' | b'(' | b'_') || ab[pre - 1].is_ascii_alphanumeric());
    (number(x) && number(y) && !located).then_some((pre, suf, x, y))
}

#[cfg(test)]
mod tests {
    use super::SplitLines;

    /// `split_lines` gives what `str::lines` gives, from the front and from the back, on every
    /// edge: no final line break, a final one, blank lines, `\r\n`, a lone `\r`, non-ASCII.
    #[test]
    fn split_lines_is_str_lines() {
        for text in [
            "",
            "\n",
            "\n\n",
            "a",
            "a\n",
            "a\nb",
            "a\n\nb\n\n",
            "a\r\nb\r\n",
            "a\r\nb\r",
            "\r",
            "\r\n",
            "a\rb\nc",
            "é\n→ x\r\n\n‘q’",
        ] {
            let want: Vec<&str> = text.lines().collect();
            assert_eq!(text.split_lines().collect::<Vec<_>>(), want, "{text:?}");
            let back: Vec<&str> = text.split_lines().rev().collect();
            let want_back: Vec<&str> = text.lines().rev().collect();
            assert_eq!(back, want_back, "{text:?}");
            // Both ends at once.
            let mut mixed = text.split_lines();
            let (mut front, mut rear) = (Vec::new(), Vec::new());
            while let Some(l) = mixed.next() {
                front.push(l);
                match mixed.next_back() {
                    Some(l) => rear.push(l),
                    None => break,
                }
            }
            rear.reverse();
            front.extend(rear);
            assert_eq!(front, want, "{text:?}");
        }
    }

    /// One pass over a line's `/` and `:` answers what a search per marker did.
    #[test]
    fn dependency_frames_are_found_by_their_markers() {
        for (line, dependency) in [
            ("    at f (/app/node_modules/lib/index.js:3:4)", true),
            (
                "  File \"/usr/lib/python3/site-packages/x.py\", line 3",
                true,
            ),
            (
                "  File \"/usr/lib/python3/dist-packages/x.py\", line 3",
                true,
            ),
            (
                "    at Test.run (node:internal/test_runner/test:796:25)",
                true,
            ),
            (
                "   at /rustc/90b35a623/library/core/src/panicking.rs:72:14",
                true,
            ),
            (
                "  /root/.cargo/registry/src/index/serde-1.0/src/de.rs:12",
                true,
            ),
            ("\t/root/go/pkg/mod/github.com/x/y@v1/z.go:40 +0x1d", true),
            (
                "\t/usr/lib/go-1.22/src/testing/testing.go:1446 +0x10b",
                true,
            ),
            ("\t/usr/local/go/src/runtime/panic.go:770 +0x124", true),
            ("    at f (/app/src/node_modules.js:3:4)", false),
            ("\t/home/me/proj/src/testing/helper.go:12 +0x1d", false),
            ("src/main.rs:10:5: error: expected `;`", false),
            ("node: internal error", false),
            ("", false),
        ] {
            assert_eq!(is_dependency_frame(line), dependency, "{line}");
        }
    }
    use super::*;

    #[test]
    fn a_loops_failure_is_said_by_its_first_lines() {
        let mut lines = vec!["--- FAIL: TestInit".to_string()];
        for i in 0..10 {
            lines.push(format!(
                "    heap_test.go:83: invalidated [{i}] = {} > [1] = 2",
                20 - i
            ));
            lines.push(format!(
                "    heap_test.go:85: {i}.th pop got {i}; want {}",
                i + 1
            ));
        }
        lines.push("    heap_test.go:90: done".to_string());
        lines.push("--- FAIL: TestNext".to_string());
        lines.push("    heap_test.go:83: invalidated [0] = 3 > [1] = 2".to_string());
        let out = capped_alike(lines, |l| l.starts_with("    "));
        assert_eq!(
            out,
            vec![
                "--- FAIL: TestInit",
                "    heap_test.go:83: invalidated [0] = 20 > [1] = 2",
                "    heap_test.go:85: 0.th pop got 0; want 1",
                "    heap_test.go:83: invalidated [1] = 19 > [1] = 2",
                "    heap_test.go:85: 1.th pop got 1; want 2",
                "    heap_test.go:83: invalidated [2] = 18 > [1] = 2",
                "    heap_test.go:85: 2.th pop got 2; want 3",
                "    heap_test.go:83: invalidated [3] = 17 > [1] = 2 (and 6 more alike)",
                "    heap_test.go:85: 3.th pop got 3; want 4 (and 6 more alike)",
                "    heap_test.go:90: done",
                "--- FAIL: TestNext",
                "    heap_test.go:83: invalidated [0] = 3 > [1] = 2",
            ]
        );
    }

    #[test]
    fn lines_alike_but_for_a_number_are_said_once() {
        let lines = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let run: Vec<String> = (1..=12)
            .map(|n| {
                format!("    a_test.go:146: Decoding/{n} of \"9jq\" = \"J;m\", want \"Man 2\"")
            })
            .collect();
        assert_eq!(
            counted_alike(run, |_| true),
            lines(&["    a_test.go:146: Decoding/{1..12} of \"9jq\" = \"J;m\", want \"Man 2\""])
        );
        assert_eq!(
            counted_alike(
                lines(&["size 2 failed", "size 4 failed", "size 8 failed", "done"]),
                |_| true
            ),
            lines(&["size {2,4,8} failed", "done"])
        );
        // Two alike lines, lines differing in two places, and a location's line stay.
        let kept = lines(&[
            "size 2 failed",
            "size 4 failed",
            "[0] = 1 > [1] = 2",
            "[1] = 1 > [3] = 2",
            "[2] = 3 > [5] = 2",
            "a.go:14: bad",
            "a.go:15: bad",
            "a.go:16: bad",
            "--- FAIL: TestB/1",
            "--- FAIL: TestB/2",
            "--- FAIL: TestB/3",
            "Test1 x",
            "Test2 x",
            "Test3 x",
        ]);
        assert_eq!(counted_alike(kept.clone(), |l| !l.starts_with("---")), kept);
    }

    #[test]
    fn long_runs_of_one_piece_are_counted() {
        let ff = "\\xff".repeat(100);
        assert_eq!(
            counted_runs(&format!("    a_test.go:87: Checksum(\"{ff}8\") = 0x1")).as_deref(),
            Some("    a_test.go:87: Checksum(\"[\\xff x100]8\") = 0x1")
        );
        assert_eq!(
            counted_runs(&format!("x{}y{}", "a".repeat(40), "ab".repeat(20))).as_deref(),
            Some("x[a x40]y[ab x20]")
        );
        // Short runs, and text with none, stay as they are.
        assert_eq!(counted_runs(&"ab".repeat(15)), None);
        assert_eq!(
            counted_runs("    a_test.go:9: got 0x1234567890abcdef, want 0xfedcba0987654321"),
            None
        );
        assert_eq!(counted_runs("é".repeat(40).as_str()), None);
    }

    /// `is_blank` says what `trim` says, for the first bytes that decide it and those that
    /// do not (a vertical tab is whitespace to `char`, not to `u8::is_ascii_whitespace`).
    #[test]
    fn blank_is_what_trim_leaves_empty() {
        for line in [
            "",
            " ",
            "\t",
            "\x0b",
            "\x0c\r",
            "\u{a0}",
            "\u{2003} ",
            "a",
            " a",
            "\x0bb",
            "\u{a0}x",
            "é",
            "-",
            "\u{0}",
            "    a",
            " \t\x0b\x0c\r\n",
            "  \u{a0}",
            "\t\u{2003}x",
            " \u{85} ",
            "\x1c",
            " \x1f",
            " é ",
        ] {
            assert_eq!(is_blank(line), line.trim().is_empty(), "{line:?}");
            assert_eq!(trim_start(line), line.trim_start(), "{line:?}");
        }
    }

    /// The scan finds what the pattern it stands for finds, on lines made to tell them apart.
    #[test]
    fn locations_match_the_pattern() {
        let pattern = regex::Regex::new(
            r"[A-Za-z0-9_.@+-]*(?:/[A-Za-z0-9_.@+-]+)*\.[A-Za-z][A-Za-z0-9]*(?::[0-9]+(?::[0-9]+)?|\([0-9]+,[0-9]+\))",
        )
        .unwrap();
        for line in [
            "error at src/lib.rs:10:5 and a.ts(3,4) and x.py:7: y",
            "a/.rs:3 b//c/d.go:4:5 //x.c:1 /abs/p.h:2 a.1x:3 ./x.tsx:3:",
            "a.rs:12b.go:3 a.rs:12:5foo.rs:3 f.ts(1,2)x.ts(3, 4) g.ts(1,) h.ts(5,6",
            "x.y.z.rs:1:2:3 @scope/pkg+1/i-x.js:9 .hidden:1 ..:1 a.b/:3 a./b:2",
            "File \"/usr/lib/python3/x.py\", line 3 at (/a/b.js:12:30) e.rs:",
            "é/a.rs:1 a/é.rs:2 ab.r2:3 ab.2r:4 :5 (6,7) a.b(c.d:8",
        ] {
            let want: Vec<&str> = pattern.find_iter(line).map(|m| m.as_str()).collect();
            assert_eq!(locations(line), want, "{line}");
        }
    }

    /// One scan of a whole text finds what a scan per line finds, and the guard asks each
    /// location's own line whether it is a dependency's frame.
    #[test]
    fn a_texts_locations_are_its_lines_locations() {
        let text = "a.rs:1\nb.rs:2:3 c.ts(4,5)\r\nx\n/app/node_modules/d.js:6:7 g.rs:1\nsrc/e.go:8\r\nf.py:9";
        let per_line: Vec<&str> = text.lines().flat_map(locations).collect();
        assert_eq!(locations(text), per_line);
        let mut lost = lost_locations(text, "b.rs:2:3");
        lost.sort();
        assert_eq!(lost, vec!["a.rs:1", "c.ts(4,5)", "f.py:9", "src/e.go:8"]);
    }

    #[test]
    fn locations_are_found() {
        assert_eq!(
            locations("error at src/lib.rs:10:5 and a.ts(3,4) and x.py:7: y"),
            vec!["src/lib.rs:10:5", "a.ts(3,4)", "x.py:7"]
        );
        assert!(keeps_locations("a src/x.rs:1", "b src/x.rs:1"));
        assert!(!keeps_locations("a src/x.rs:1", "b"));
        // A file said once with its places.
        assert!(keeps_locations(
            "src/x.rs:1:2 w\nsrc/x.rs:30:4 w",
            "w:\n  src/x.rs: 1:2 30:4"
        ));
        assert!(!keeps_locations(
            "src/x.rs:1:2 w",
            "w:\n  src/x.rs: 1:3 30:4"
        ));
    }

    #[test]
    fn a_files_run_of_diagnostics_says_the_file_once() {
        let lines = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let short = lines(&[
            "    Checking routekit v0.3.1",
            "src/lib.rs:3:5: warning: unused import: `x`",
            "src/lib.rs:29:1: error[E0046]: not all trait items implemented",
            "src/lib.rs:42: error: no column here",
            "src/main.rs:7:2: error: other file",
            "error: could not compile `routekit`",
        ]);
        assert_eq!(
            by_file(short),
            lines(&[
                "    Checking routekit v0.3.1",
                "src/lib.rs:",
                "  3:5: warning: unused import: `x`",
                "  29:1: error[E0046]: not all trait items implemented",
                "  42: error: no column here",
                "src/main.rs:7:2: error: other file",
                "error: could not compile `routekit`",
            ])
        );
        // Two lines, a diagnostic with a quoted line under it, and a URL stay as they are.
        let kept = lines(&[
            "a.c:1:2: warning: w",
            "a.c:3:4: warning: w",
            "b.c:1:2: error: e",
            "b.c:3:4: error: e",
            "b.c:5:6: error: e",
            "    5 | int x = y;",
            "https://example.com:443: fetched",
        ]);
        assert_eq!(by_file(kept.clone()), kept);
        // The guard reads the file said once with each line's place.
        assert!(keeps_locations(
            "src/lib.rs:3:5: warning: w\nsrc/lib.rs:29:1: error: e\nsrc/lib.rs:42: error: f",
            "src/lib.rs:\n  3:5: warning: w\n  29:1: error: e\n  42: error: f"
        ));
    }

    #[test]
    fn a_have_and_want_pair_says_what_differs() {
        let fields = |x: &str, f: &str| {
            format!("        \t{x} {{Int8:1 Int16:515 Int32:{f} Int64:5790 Uint8:16 Uint16:4370 Uint32:1512726 Array:[67 68 69 70] Bool:true}}")
        };
        let lines = vec![
            "    binary_test.go:122: Read LittleEndian:".to_string(),
            fields("have", "329223"),
            fields("want", "67438087"),
        ];
        assert_eq!(
            contrasted(lines.clone(), |l| l.starts_with(' ')),
            vec![
                lines[0].clone(),
                "        \thave … Int32:329223 …".to_string(),
                "        \twant … Int32:67438087 …".to_string(),
            ]
        );
        // Lines unlike in most words, of other lengths, or holding a location differ whole.
        let unlike = vec![fields("have", "1"), "        \twant a b c d e f g h i j k l m n o p q r s t u v w x y z a b c d e f g h i j k l m n o p".to_string()];
        assert_eq!(contrasted(unlike.clone(), |_| true), unlike);
        let located = vec![
            format!("{} at a.go:12:3 {}", "x ".repeat(30), "y"),
            format!("{} at a.go:12:3 {}", "x ".repeat(30), "z"),
        ];
        let out = contrasted(located, |_| true);
        assert!(out.iter().all(|l| l.contains("a.go:12:3")), "{out:?}");
    }

    #[test]
    fn lost_locations_come_back_with_their_lines() {
        let raw = "error: a\n  --> src/a.rs:3:5\nnoise\nwarning: b\n  --> src/b.rs:9:1\nnode_modules/x/y.js:1:1\n";
        let out = "error: a (src/a.rs:3:5)\nwarning: b".to_string();
        let lost = lost_locations(raw, &out);
        assert_eq!(lost, vec!["src/b.rs:9:1"]);
        assert_eq!(
            with_lost_lines(raw, out, &lost).as_deref(),
            Some("error: a (src/a.rs:3:5)\nwarning: b\n(lines with places not said above:)\n  --> src/b.rs:9:1")
        );
        // More than a quarter of the lines to restore, and more than a few: not used.
        let many: String = (0..40).map(|i| format!("src/f{i}.rs:{i}: e\n")).collect();
        let lost = lost_locations(&many, "40 errors");
        assert_eq!(lost.len(), 40);
        assert_eq!(with_lost_lines(&many, "40 errors".to_string(), &lost), None);
    }

    #[test]
    fn a_place_said_with_its_files_keeps_each_files_location() {
        let raw =
            "src/m0.c:6:11: warning: w\nsrc/m1.c:6:11: warning: w\nsrc/m2.c:7:1: warning: w\n";
        let out = "warning: w (3 places):\n  6:11: src/m0.c src/m1.c\n  7:1: src/m2.c";
        assert!(lost_locations(raw, out).is_empty());
        assert_eq!(
            lost_locations(
                raw,
                "warning: w (3 places):\n  6:11: src/m0.c\n  7:1: src/m2.c"
            ),
            vec!["src/m1.c:6:11"]
        );
    }

    #[test]
    fn blank_runs_are_squeezed() {
        assert_eq!(join_lines(["", "a", "", "", "b", ""]), "a\n\nb\n");
    }
}
