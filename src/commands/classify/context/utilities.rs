//! What the utilities of `classify::utilities` read as they start, and the state their reading
//! modes depend on: aspell's configuration files, gpg's options file, the repository
//! `svnadmin verify` opens, vim's plugins, ImageMagick's configuration and inputs.

use std::path::PathBuf;

use super::files;
use super::{Here, Var};
use crate::commands::classify::verdict::{Level, Verdict};
use crate::commands::classify::words::Word;

pub fn check(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    match super::family(here.program) {
        "aspell" => aspell(here, out),
        "gpg" | "gpg2" if !args.iter().any(|a| a.is("--no-options")) => {
            let values: Option<Vec<&str>> = super::super::args::values(args);
            if values
                .is_some_and(|v| crate::commands::classify::utilities::gpg_armour(&v).is_some())
            {
                gpg(here, out)
            }
        }
        "svnadmin" if args.first().is_some_and(|a| a.is("verify")) => svnadmin(here, args, out),
        "sox" if !matches!(here.env.get("SOX_OPTS"), Var::Unset) => {
            out.push(Level::Unknown, crate::commands::classify::data::SOX_OPTS)
        }
        "identify" | "convert" | "compare" => magick(here, args, out),
        "cvs" => cvs(here, args, out),
        "psql" => psql(here, args, out),
        "vim" | "ex" | "view" => {
            let values: Option<Vec<&str>> = super::super::args::values(args);
            let plain_ex = values.and_then(|v| {
                crate::commands::classify::modes::vim_prints(
                    &v,
                    here.program == "ex",
                    here.program == "view",
                )
            });
            if plain_ex == Some(false) {
                vim_plugins(here, out);
            }
        }
        _ => {}
    }
}

/// The plugins vim's runtime path holds outside the system's directories: `~/.vim`'s
/// `plugin`, `pack` and `after` (and `~/.config/vim`, which vim 9.1 reads), or any directory
/// `VIM` or `VIMRUNTIME` point it to.
fn vim_plugins(here: &Here<'_>, out: &mut Verdict) {
    use crate::commands::classify::modes::VIM_PLUGINS;
    if !matches!(here.env.get("VIM"), Var::Unset)
        || !matches!(here.env.get("VIMRUNTIME"), Var::Unset)
    {
        out.push(Level::Unknown, VIM_PLUGINS);
        return;
    }
    let Some(home) = here.env.home() else {
        out.push(Level::Unknown, VIM_PLUGINS);
        return;
    };
    let planted = [".vim/plugin", ".vim/pack", ".vim/after", ".config/vim"]
        .iter()
        .any(|d| !files::absent(&home.join(d)));
    if planted {
        out.push(Level::Unknown, VIM_PLUGINS);
    }
}

/// aspell reads `ASPELL_CONF` (options, `;`-separated) and `~/.aspell.conf` (the system's
/// `/etc/aspell.conf` is the machine's): either one set at all is not taken.
fn aspell(here: &Here<'_>, out: &mut Verdict) {
    use crate::commands::classify::utilities::ASPELL_CONF;
    if !matches!(here.env.get("ASPELL_CONF"), Var::Unset) {
        out.push(Level::Unknown, ASPELL_CONF);
        return;
    }
    match here.env.home() {
        Some(home) if !files::exists(&home.join(".aspell.conf")) => {}
        _ => out.push(Level::Unknown, ASPELL_CONF),
    }
}

/// gpg's home directory (`GNUPGHOME`, else `~/.gnupg`) holds its options files: `gpg.conf`,
/// the versioned `gpg.conf-2` and `gpg.conf-2.2` it prefers, and `common.conf`. None there is
/// taken; any is not.
fn gpg(here: &Here<'_>, out: &mut Verdict) {
    use crate::commands::classify::utilities::GPG_CONF;
    let home: Option<PathBuf> = match here.env.get("GNUPGHOME") {
        Var::Set(h) if !h.is_empty() => Some(files::join(here.dir, h)),
        Var::Set(_) | Var::Unset => here.env.home().map(|h| h.join(".gnupg")),
        Var::Runtime => None,
    };
    let Some(home) = home else {
        out.push(Level::Unknown, GPG_CONF);
        return;
    };
    let Ok(entries) = std::fs::read_dir(&home) else {
        if !files::absent(&home) {
            out.push(Level::Unknown, GPG_CONF);
        }
        return;
    };
    let configured = entries.flatten().any(|e| {
        let name = e.file_name();
        let name = name.to_string_lossy();
        if !(name.starts_with("gpg.conf") || name.starts_with("common.conf")) {
            return false;
        }
        match files::read_text(&e.path()) {
            files::Contents::Text(text) => !gpg_conf_harmless(&text),
            _ => true,
        }
    });
    if configured {
        out.push(Level::Unknown, GPG_CONF);
    }
}

/// An options file whose every line is a comment or an option that only changes what gpg
/// prints or which keys and algorithms it prefers (gpg(1)): nothing it names is written or run
/// by `--enarmor`/`--dearmor` (not `log-file`, `status-file`, `attribute-file`, `options`, the
/// program paths, …).
fn gpg_conf_harmless(text: &str) -> bool {
    const HARMLESS: &[&str] = &[
        "no-greeting",
        "no-permission-warning",
        "verbose",
        "quiet",
        "armor",
        "armour",
        "no-armor",
        "batch",
        "no-batch",
        "no-tty",
        "charset",
        "display-charset",
        "utf8-strings",
        "keyid-format",
        "with-fingerprint",
        "with-subkey-fingerprint",
        "with-colons",
        "with-keygrip",
        "list-options",
        "verify-options",
        "default-key",
        "default-recipient",
        "default-recipient-self",
        "encrypt-to",
        "trust-model",
        "keyserver",
        "auto-key-locate",
        "auto-key-retrieve",
        "no-auto-key-retrieve",
        "personal-cipher-preferences",
        "personal-digest-preferences",
        "personal-compress-preferences",
        "default-preference-list",
        "cert-digest-algo",
        "s2k-cipher-algo",
        "s2k-digest-algo",
        "s2k-count",
        "s2k-mode",
        "no-emit-version",
        "emit-version",
        "comment",
        "no-comments",
        "throw-keyids",
        "no-throw-keyids",
        "require-cross-certification",
        "use-agent",
        "no-autostart",
        "pinentry-mode",
        "expert",
        "no-expert",
        "ask-cert-level",
        "default-cert-level",
        "fixed-list-mode",
        "no-symkey-cache",
        "disable-cipher-algo",
        "disable-pubkey-algo",
        "compliance",
        "weak-digest",
        "no-mdc-warning",
        "lock-once",
        "lock-multiple",
        "default-new-key-algo",
    ];
    text.lines().map(str::trim).all(|line| {
        line.is_empty()
            || line.starts_with('#')
            || HARMLESS.contains(&line.split_whitespace().next().unwrap_or(""))
    })
}

/// `svnadmin verify REPOS`: the repository's `db/rep-cache.db` must be there already.
fn svnadmin(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    use crate::commands::classify::utilities::SVN_REP_CACHE;
    let mut i = 1;
    let mut repository = None;
    while let Some(a) = args.get(i) {
        i += 1;
        let Some(v) = a.value.as_deref() else {
            out.push(Level::Write, SVN_REP_CACHE);
            return;
        };
        match v {
            "-r" | "--revision" | "-M" | "--memory-cache-size" => i += 1,
            _ if v.starts_with('-') => {}
            _ => repository = Some(v),
        }
    }
    let there = repository
        .is_some_and(|r| files::is_file(&files::join(here.dir, r).join("db/rep-cache.db")));
    if !there {
        out.push(Level::Write, SVN_REP_CACHE);
    }
}

/// The most pixels, over all inputs, ImageMagick is taken to hold in memory: its pixel cache
/// goes to a temporary file past the `memory` resource (256 MiB in Debian's policy.xml, 8 bytes
/// a pixel at Q16), and an operator may hold a copy or two.
const MAGICK_MAX_PIXELS: u64 = 4 * 1024 * 1024;

/// ImageMagick's reading forms (`utilities::magick`): no `MAGICK_*` variable but the
/// configuration path (limits, module and coder paths, temporary directory, debugging), no
/// configuration file of the user's but `delegates.xml` (measured, 6.9.11: `~/.config/
/// ImageMagick`, `~/.magick` and each `MAGICK_CONFIGURE_PATH` directory are read, the working
/// directory is not), and inputs ImageMagick decodes itself, found by their first bytes as it
/// finds them (PNG, JPEG, GIF: a delegate, even `delegates.xml`'s, is used only for formats with
/// no decoder of its own), small enough for the pixel cache when their pixels are read (a GIF's
/// frames are not counted: only pinged).
fn magick(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    use crate::commands::classify::utilities::{magick, MAGICK_CONFIG};
    let values: Option<Vec<&str>> = super::super::args::values(args);
    let Some(read) = values.as_deref().and_then(|v| magick(here.program, v)) else {
        return;
    };
    let mut flag = |why: String| out.push(Level::Unknown, format!("{MAGICK_CONFIG}: {why}"));
    if let Some(name) = here
        .env
        .names()
        .find(|n| n.starts_with("MAGICK_") && *n != "MAGICK_CONFIGURE_PATH")
    {
        flag(format!("{name} is set"));
        return;
    }
    let mut dirs: Vec<PathBuf> = Vec::new();
    match here.env.get("MAGICK_CONFIGURE_PATH") {
        Var::Set(p) => dirs.extend(
            p.split(':')
                .filter(|d| !d.is_empty())
                .map(|d| files::join(here.dir, d)),
        ),
        Var::Runtime => {
            flag("MAGICK_CONFIGURE_PATH is only known at run time".into());
            return;
        }
        Var::Unset => {}
    }
    let Some(home) = here.env.home() else {
        flag("HOME is not known".into());
        return;
    };
    dirs.extend(
        here.env
            .xdg_configs(here.dir)
            .iter()
            .map(|c| c.join("ImageMagick")),
    );
    dirs.push(home.join(".config/ImageMagick"));
    dirs.push(home.join(".magick"));
    for dir in &dirs {
        let Ok(entries) = std::fs::read_dir(dir) else {
            if !files::absent(dir) {
                flag(format!("{} cannot be read", dir.display()));
                return;
            }
            continue;
        };
        for entry in entries.flatten() {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if name.ends_with(".xml") && name != "delegates.xml" {
                flag(format!("{} is read", dir.join(&*name).display()));
                return;
            }
        }
    }
    let mut pixels: u64 = 0;
    for input in &read.inputs {
        let path = files::join(here.dir, input);
        match image_header(&path) {
            Some((format, width, height)) => {
                if read.decodes {
                    if format == "GIF" {
                        flag(format!("{input} is a GIF, whose frames are not counted"));
                        return;
                    }
                    pixels = pixels.saturating_add(width.saturating_mul(height));
                }
            }
            None => {
                flag(format!(
                    "{input} is not a PNG, JPEG or GIF file ImageMagick decodes itself"
                ));
                return;
            }
        }
    }
    if pixels > MAGICK_MAX_PIXELS {
        flag(format!("its inputs hold {pixels} pixels"));
    }
}

/// The format and size of a PNG, JPEG or GIF file, from its first bytes.
fn image_header(path: &std::path::Path) -> Option<(&'static str, u64, u64)> {
    use std::io::Read;
    const HEAD_BYTES: u64 = 65_536; // where a JPEG's frame header is looked for
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .ok()?
        .take(HEAD_BYTES)
        .read_to_end(&mut bytes)
        .ok()?;
    let be16 = |at: usize| -> Option<u64> {
        Some(u64::from(u16::from_be_bytes([
            *bytes.get(at)?,
            *bytes.get(at + 1)?,
        ])))
    };
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") && bytes.get(12..16) == Some(b"IHDR") {
        let be32 = |at: usize| -> Option<u64> {
            Some(u64::from(u32::from_be_bytes(
                bytes.get(at..at + 4)?.try_into().ok()?,
            )))
        };
        return Some(("PNG", be32(16)?, be32(20)?));
    }
    if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        let le16 = |at: usize| -> Option<u64> {
            Some(u64::from(u16::from_le_bytes([
                *bytes.get(at)?,
                *bytes.get(at + 1)?,
            ])))
        };
        return Some(("GIF", le16(6)?, le16(8)?));
    }
    if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        // Segments after SOI: a marker, a length, then the body; a start-of-frame (C0-CF but
        // C4 DHT, C8 JPG, CC DAC) holds the height and width.
        let mut at = 2;
        while at + 4 <= bytes.len() {
            if bytes[at] != 0xFF {
                return None;
            }
            let marker = bytes[at + 1];
            if marker == 0xFF {
                at += 1;
                continue;
            }
            let length = be16(at + 2)? as usize;
            if (0xC0..=0xCF).contains(&marker) && !matches!(marker, 0xC4 | 0xC8 | 0xCC) {
                return Some(("JPEG", be16(at + 7)?, be16(at + 5)?));
            }
            if marker == 0xDA || length < 2 {
                return None;
            }
            at += 2 + length;
        }
    }
    None
}

/// CVS's reading commands under `-R`/`-n` (`utilities::cvs`): no `~/.cvsrc` (unless `-f`),
/// every root it may use local (a path, or `:local:`; `-d`'s, else `CVS/Root`'s and
/// `CVSROOT`'s), and a working-copy command named only files in this directory (no recursion
/// into directories, whose own `CVS/Root` could name another method).
fn cvs(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    use crate::commands::classify::utilities::{cvs, CVS_ROOT};
    let values: Option<Vec<&str>> = super::super::args::values(args);
    let Some(values) = values else { return };
    let Some(working_copy) = cvs(&values) else {
        return;
    };
    let mut flag = |why: &str| out.push(Level::Unknown, format!("{CVS_ROOT}: {why}"));
    // The global options: `-f`, and `-d ROOT` (next or attached).
    let mut i = 0;
    let mut no_rc = false;
    let mut root = None;
    while let Some(v) = values.get(i) {
        i += 1;
        match *v {
            "-d" => {
                root = values.get(i).copied();
                i += 1;
            }
            "-z" => i += 1,
            v if v.starts_with("-d") => root = Some(&v[2..]),
            v if v.starts_with('-') && v.len() > 1 => no_rc |= v[1..].contains('f'),
            _ => break,
        }
    }
    if !no_rc {
        match here.env.home() {
            Some(home) if files::absent(&home.join(".cvsrc")) => {}
            _ => return flag("~/.cvsrc adds options"),
        }
    }
    let local = |r: &str| {
        let r = r.trim();
        r.strip_prefix(":local:").unwrap_or(r).starts_with('/')
    };
    let roots: Vec<String> = match root {
        Some(r) => vec![r.to_string()],
        None => {
            let mut roots = Vec::new();
            if let Ok(text) = std::fs::read_to_string(here.dir.join("CVS/Root")) {
                roots.push(text);
            }
            match here.env.get("CVSROOT") {
                Var::Set(r) => roots.push(r.to_string()),
                Var::Runtime => return flag("CVSROOT is only known at run time"),
                Var::Unset => {}
            }
            roots
        }
    };
    if roots.is_empty() || !roots.iter().all(|r| local(r)) {
        return flag("its root is not a local path");
    }
    if working_copy {
        // The command's file operands, after the command word.
        let command = values
            .iter()
            .position(|v| !v.starts_with('-') && Some(*v) != root);
        let operands: Vec<&str> = command
            .map(|c| {
                values[c + 1..]
                    .iter()
                    .copied()
                    .filter(|v| !v.starts_with('-'))
                    .collect()
            })
            .unwrap_or_default();
        let plain_files = !operands.is_empty()
            && operands
                .iter()
                .all(|f| !f.contains('/') && files::is_file(&here.dir.join(f)));
        if !plain_files {
            flag("a working-copy command recurses into directories");
        }
    }
}

/// psql that cannot connect (measured by round 29's writer, PostgreSQL 15: with no server,
/// `psql -c` ran nothing and PSQLRC was not read): every host it may use is a directory (a Unix
/// socket's) where no `.s.PGSQL.PORT` is, with no `PGHOSTADDR`, `PGSERVICE` or
/// `PGSERVICEFILE` to send it elsewhere; no host given means Debian's socket directory,
/// `/var/run/postgresql`.
fn psql(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    use crate::commands::classify::utilities::{psql, PSQL_SERVER};
    const DEFAULT_SOCKET_DIR: &str = "/var/run/postgresql";
    let values: Option<Vec<&str>> = super::super::args::values(args);
    let Some((host, port)) = values.as_deref().and_then(psql) else {
        return;
    };
    let mut flag = |why: &str| out.push(Level::Unknown, format!("{PSQL_SERVER}: {why}"));
    for name in ["PGHOSTADDR", "PGSERVICE", "PGSERVICEFILE", "PGSYSCONFDIR"] {
        if !matches!(here.env.get(name), Var::Unset) {
            return flag("the environment names another way to a server");
        }
    }
    let hosts = match host {
        Some(h) => h.to_string(),
        None => match here.env.get("PGHOST") {
            Var::Set(h) => h.to_string(),
            Var::Runtime => return flag("PGHOST is only known at run time"),
            Var::Unset => DEFAULT_SOCKET_DIR.to_string(),
        },
    };
    let port = match port {
        Some(p) => p.to_string(),
        None => match here.env.get("PGPORT") {
            Var::Set(p) => p.to_string(),
            Var::Runtime => return flag("PGPORT is only known at run time"),
            Var::Unset => "5432".to_string(),
        },
    };
    if port.is_empty() || !port.chars().all(|c| c.is_ascii_digit()) {
        return flag("its port is not a number");
    }
    let unreachable = hosts.split(',').all(|h| {
        h.starts_with('/') && files::absent(&PathBuf::from(h).join(format!(".s.PGSQL.{port}")))
    });
    if !unreachable {
        flag("a server may be there");
    }
}
