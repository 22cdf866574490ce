#[test]
fn probe() {
    let Ok(path) = std::env::var("PROBE_FILE") else { return };
    let text = std::fs::read_to_string(path).unwrap();
    for line in text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')) {
        let cmd = line.split('\t').next().unwrap().replace("\\n", "\n");
        let c = super::classify(&cmd);
        println!("{}\t{}\t{:?}", c.level.as_str(), line, c.reasons.first());
    }
}
// x
// y
#[test]
fn tree() {
    let Ok(path) = std::env::var("TREE_FILE") else { return };
    let text = std::fs::read_to_string(path).unwrap();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let cmd = line.replace("\\n", "\n");
        let t = crate::syntax::tree::parse(&cmd).unwrap();
        println!("{cmd}\n  {}", t.root_node().to_sexp());
    }
}
