//! A job's unread output: text (already decoded and cleaned by the output pipeline) waiting for
//! the next read, bounded to a byte budget. When the budget is exceeded the oldest text goes,
//! cut at a character boundary, and is counted, so a reader learns how much it missed. Memory:
//! the budget, rounded up to the buffer's growth step, never more.

use std::collections::VecDeque;

use crate::commands::js_regex::JsRegex;

#[derive(Debug)]
pub(crate) struct Unread {
    limit: usize,
    bytes: VecDeque<u8>,
    /// Dropped since the last read.
    dropped: u64,
}

impl Unread {
    /// A buffer holding at most `limit_bytes` (at least 1: one byte of text is always kept).
    pub(crate) fn new(limit_bytes: usize) -> Self {
        Unread {
            limit: limit_bytes.max(1),
            bytes: VecDeque::new(),
            dropped: 0,
        }
    }

    /// Appends `text`, dropping the oldest text past the budget.
    pub(crate) fn push(&mut self, text: &str) {
        let mut text = text.as_bytes();
        if text.len() > self.limit {
            let cut = text.len() - self.limit;
            let cut = cut + continuation_len(&text[cut..]);
            self.dropped += (self.bytes.len() + cut) as u64;
            self.bytes.clear();
            text = &text[cut..];
        } else if self.bytes.len() + text.len() > self.limit {
            let over = self.bytes.len() + text.len() - self.limit;
            self.bytes.drain(..over);
            let partial = self
                .bytes
                .iter()
                .take_while(|&&b| is_continuation(b))
                .count();
            self.bytes.drain(..partial);
            self.dropped += (over + partial) as u64;
        }
        self.grow_for(text.len());
        self.bytes.extend(text);
    }

    /// Grows by doubling, as a `VecDeque` would, but never past the budget.
    fn grow_for(&mut self, more: usize) {
        let needed = self.bytes.len() + more;
        if needed > self.bytes.capacity() {
            let target = needed
                .max(self.bytes.capacity() * 2)
                .min(self.limit)
                .max(needed);
            self.bytes.reserve_exact(target - self.bytes.len());
        }
    }

    /// Everything unread, and how many bytes were dropped before it; both start over.
    pub(crate) fn take(&mut self) -> (String, u64) {
        let bytes: Vec<u8> = self.bytes.drain(..).collect();
        let text = match String::from_utf8(bytes) {
            Ok(text) => text,
            Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
        };
        (text, std::mem::take(&mut self.dropped))
    }

    /// The unread lines that `filter` matches, each with its newline. A last line still being
    /// written (no newline yet) stays unread when `hold_partial`, to be matched whole later.
    pub(crate) fn take_matching(&mut self, filter: &JsRegex, hold_partial: bool) -> (String, u64) {
        let (text, dropped) = self.take();
        let (complete, partial) = match text.rfind('\n') {
            Some(at) if hold_partial => text.split_at(at + 1),
            None if hold_partial => ("", text.as_str()),
            _ => (text.as_str(), ""),
        };
        let mut kept = String::new();
        for line in complete.split_inclusive('\n') {
            if filter.test(line.strip_suffix('\n').unwrap_or(line)) {
                kept.push_str(line);
            }
        }
        if !partial.is_empty() {
            self.bytes.extend(partial.as_bytes());
        }
        (kept, dropped)
    }

    /// Gives back the memory of an empty buffer (a job that ended and was read).
    pub(crate) fn release(&mut self) {
        if self.bytes.is_empty() {
            self.bytes = VecDeque::new();
        }
    }

    #[cfg(test)]
    pub(crate) fn capacity(&self) -> usize {
        self.bytes.capacity()
    }
}

fn is_continuation(b: u8) -> bool {
    b & 0xC0 == 0x80
}

/// How many bytes at the start of `bytes` continue a character begun before it.
fn continuation_len(bytes: &[u8]) -> usize {
    bytes.iter().take_while(|&&b| is_continuation(b)).count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn keeps_everything_within_the_budget() {
        let mut u = Unread::new(10);
        u.push("abc");
        u.push("def\n");
        assert_eq!(u.take(), ("abcdef\n".to_string(), 0));
        assert_eq!(u.take(), (String::new(), 0));
    }

    #[test]
    fn drops_the_oldest_and_counts_it() {
        let mut u = Unread::new(8);
        u.push("0123456");
        u.push("789ab");
        assert_eq!(u.take(), ("456789ab".to_string(), 4));
        // A single push bigger than the budget keeps its own end.
        u.push("xy");
        u.push("abcdefghijkl");
        assert_eq!(u.take(), ("efghijkl".to_string(), 6));
    }

    #[test]
    fn never_splits_a_character() {
        let mut u = Unread::new(5);
        u.push("aé€"); // 1 + 2 + 3 bytes
        assert_eq!(u.take(), ("é€".to_string(), 1));
        u.push("éa€"); // over by 1: the é goes whole
        assert_eq!(u.take(), ("a€".to_string(), 2));
        u.push("ab");
        u.push("€é"); // over by 2: "a" and "b" go, then nothing partial
        assert_eq!(u.take(), ("€é".to_string(), 2));
        u.push("éé");
        u.push("€"); // over by 2: the first é goes whole
        assert_eq!(u.take(), ("é€".to_string(), 2));
    }

    #[test]
    fn memory_stays_within_the_budget() {
        let limit = 1000;
        let mut u = Unread::new(limit);
        for _ in 0..10_000 {
            u.push("some output line\n");
        }
        assert!(u.capacity() <= limit, "capacity {}", u.capacity());
        let (text, dropped) = u.take();
        assert_eq!(text.len() as u64 + dropped, 17 * 10_000);
    }

    #[test]
    fn a_filtered_read_keeps_matching_lines_and_holds_a_partial_one() {
        let re = JsRegex::new("^err|WARN", "i").unwrap();
        let mut u = Unread::new(100);
        u.push("ok 1\nError: x\nwarn y\nok 2\nerr");
        assert_eq!(
            u.take_matching(&re, true),
            ("Error: x\nwarn y\n".to_string(), 0)
        );
        u.push("or z\nok\n");
        assert_eq!(u.take_matching(&re, true), ("error z\n".to_string(), 0));
        u.push("err at end");
        assert_eq!(u.take_matching(&re, false), ("err at end".to_string(), 0));
        assert_eq!(u.take(), (String::new(), 0));
    }
}
