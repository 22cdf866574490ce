use super::*;

fn config() -> MinimizerConfig {
    MinimizerOptions {
        enabled: Some(true),
        ..Default::default()
    }
    .resolve()
}

#[test]
fn disabled_short_and_compound_commands_pass_unchanged() {
    let long = "commit 0123456789abcdef\nAuthor: A <a@b>\nDate:   Wed Nov 25 22:14:19 2026 +0000\n\n    msg\n\n".repeat(40);
    let out = Captured::Text(long.clone());
    assert!(minimize("git log", &out, &config()).is_some());
    assert!(minimize("git log", &out, &MinimizerOptions::default().resolve()).is_none());
    assert!(minimize("cd x && git log", &out, &config()).is_none());
    assert!(minimize("git log | cat", &out, &config()).is_none());
    assert!(minimize("git log", &Captured::TooLarge, &config()).is_none());
    let short = Captured::Text(long[..500].to_string());
    assert!(minimize("git log", &short, &config()).is_none());
}
