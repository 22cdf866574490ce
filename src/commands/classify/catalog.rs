//! The catalog of a developer's machine, measured wholesale (issue 44): the executables of the
//! Debian packages in `bench/catalog/packages.txt` that this classifier did not know, each run in
//! its probe forms by `bench/catalog/tracer.py` in a sandbox. Data only: the one-word information
//! modes that only print, and the reading grammars whose options were traced or read as harmless.

use super::grammar::{Parsed as Options, Spec};
use super::specs::spec;
use super::verdict::{Level, Settle, Verdict};
use super::words::Word;

/// Programs and their one-word information modes (`--version`, `--help`, `-V`, `-h`, …) traced as
/// printing only: nothing opened to write, created, removed or changed, no other program run, no
/// socket connected, no file looked for in HOME or the working directory (a configuration), and
/// finished within 5 s with standard input /dev/null (`bench/catalog/traces.jsonl`, Debian 12).
/// Any other form of these programs stays unknown. Sorted by name (looked up by binary search).
#[rustfmt::skip]
pub(super) const INFO: &[(&str, &[&str])] = &[
    ("accessdb", &["--version", "--help", "-V"]),
    ("aclocal", &["--print-ac-dir"]),
    ("addftinfo", &["--version", "--help"]),
    ("addgroup", &["--version"]),
    ("addpart", &["--version", "--help", "-h", "-V"]),
    ("adduser", &["--version"]),
    ("afmtodit", &["--version", "--help"]),
    ("age", &["--version"]),
    ("annotate-output", &["--help", "-h"]),
    ("appstreamcli", &["--version", "--help"]),
    ("apt-cdrom", &["--version", "--help"]),
    ("apt-extracttemplates", &["--version", "--help"]),
    ("apt-ftparchive", &["--version", "--help", "-h"]),
    ("apt-listchanges", &["--help"]),
    ("apt-sortpkgs", &["--version", "--help"]),
    ("arpd", &["--help"]),
    ("asc2xml", &["--version", "--help"]),
    ("badblocks", &["--help"]),
    ("bean-bake", &["--version", "--help", "-h", "-V"]),
    ("bean-check", &["--version", "-h", "-V"]),
    ("bean-doctor", &["--version", "--help", "-h", "-V"]),
    ("bean-example", &["--version", "--help", "-h", "-V"]),
    ("bean-format", &["--version", "--help", "-h", "-V"]),
    ("bean-report", &["--version", "--help", "-h", "-V"]),
    ("bean-sql", &["--version", "--help", "-h", "-V"]),
    ("bean-web", &["--version", "--help", "-h", "-V"]),
    ("biosdecode", &["--version", "--help", "-h", "-V"]),
    ("blkid", &["--version", "--help"]),
    ("blkzone", &["--version", "--help", "-h", "-V"]),
    ("bmake", &["--help"]),
    ("bugpoint", &["--version", "--help"]),
    ("bugpoint-14", &["--version", "--help"]),
    ("build-rdeps", &["--version", "--help"]),
    ("busctl", &["--version", "--help", "-h"]),
    ("cabal", &["--help"]),
    ("callgrind_annotate", &["--version", "--help", "-h"]),
    ("captoinfo", &["--help", "-V"]),
    ("ccache", &["-s", "--show-stats", "-p", "--show-config", "--version", "--print-stats"]),
    ("ccache-swig", &["--version", "--help", "-h", "-V"]),
    ("cg_annotate", &["--version", "--help", "-h"]),
    ("cg_diff", &["--version", "--help", "-h"]),
    ("cg_merge", &["--help"]),
    ("chcon", &["--version", "--help"]),
    ("check-regexp", &["--version", "--help", "-h", "-V"]),
    ("chem", &["--version", "--help", "-h"]),
    ("chezscheme", &["--version"]),
    ("chgpasswd", &["--help", "-h"]),
    ("cifsiostat", &["--help"]),
    ("cjpeg", &["--help"]),
    ("clang-tidy", &["--version", "--help"]),
    ("clear_console", &["--version", "--help", "-h", "-V"]),
    ("cluster", &["--help"]),
    ("cobc", &["--version", "--help", "-h", "-V", "-i", "--info", "-help", "-version"]),
    ("combinediff", &["--version", "--help"]),
    ("coqc", &["--version"]),
    ("coqchk", &["--version"]),
    ("coqdoc", &["--version"]),
    ("coqtop", &["--version"]),
    ("cpgr", &["--help"]),
    ("cppcheck", &["--version", "--help"]),
    ("cppcheck-htmlreport", &["--help", "-h"]),
    ("cppw", &["--help"]),
    ("csvclean", &["--version", "--help", "-h"]),
    ("csvpy", &["--version", "--help", "-h"]),
    ("cvtsudoers", &["--version", "--help", "-h", "-V"]),
    ("dcmd", &["--version", "--help"]),
    ("dd-list", &["--help", "-h"]),
    ("deb-janitor", &["--help", "-h"]),
    ("deb-reversion", &["--version", "-V"]),
    ("deb-why-removed", &["--version", "--help", "-h"]),
    ("debconf-escape", &["--help"]),
    ("debrepro", &["--help", "-h"]),
    ("debugfs", &["--version", "--help"]),
    ("decorate", &["--version", "--help"]),
    ("dehtmldiff", &["--version", "--help"]),
    ("delgroup", &["--version"]),
    ("delpart", &["--version", "--help", "-h", "-V"]),
    ("deluser", &["--version"]),
    ("demandoc", &["--help"]),
    ("dep3changelog", &["--version", "--help", "-h"]),
    ("depmod", &["--version", "--help", "-h", "-V"]),
    ("deurlname", &["--version", "--help"]),
    ("dh_assistant", &["--help"]),
    ("diff2patches", &["--version", "--help"]),
    ("diffimg", &["--help"]),
    ("djpeg", &["--help"]),
    ("dmidecode", &["--version", "--help", "-h", "-V"]),
    ("dnsdomainname", &["--version", "--help", "-h", "-V"]),
    ("dnstap-read", &["--help"]),
    ("domainname", &["--version", "--help", "-h", "-V"]),
    ("dot_builtins", &["--help", "-V"]),
    ("dotlockfile", &["--help"]),
    ("dotty", &["--help"]),
    ("doxyindexer", &["--version", "--help"]),
    ("doxysearch.cgi", &["--version", "--help"]),
    ("dpkg-architecture", &["--version", "--help", "-L", "--list-known"]),
    ("dpkg-buildflags", &["--version", "--help"]),
    ("dpkg-distaddfile", &["--version", "--help"]),
    ("dpkg-fsys-usrunmess", &["--version", "--help"]),
    ("dpkg-genbuilddeps", &["--help", "-h"]),
    ("dpkg-genbuildinfo", &["--version", "--help"]),
    ("dpkg-gencontrol", &["--version", "--help"]),
    ("dpkg-maintscript-helper", &["--version", "--help"]),
    ("dpkg-mergechangelogs", &["--version", "--help"]),
    ("dpkg-name", &["--version", "--help"]),
    ("dpkg-realpath", &["--version", "--help"]),
    ("dpkg-scanpackages", &["--version", "--help"]),
    ("dpkg-scansources", &["--version", "--help"]),
    ("dpkg-source", &["--version", "--help"]),
    ("dsymutil", &["--version", "--help", "-h"]),
    ("dsymutil-14", &["--version", "--help", "-h"]),
    ("dumpe2fs", &["--version", "--help"]),
    ("dune", &["--help"]),
    ("dvipdf", &["--help"]),
    ("dwz", &["--version", "--help"]),
    ("e2freefrag", &["--help"]),
    ("e2fsck", &["--help"]),
    ("e2image", &["--version", "--help"]),
    ("e2mmpstatus", &["--help"]),
    ("e2scrub", &["--help"]),
    ("e2scrub_all", &["--help"]),
    ("e2undo", &["--help"]),
    ("e4defrag", &["--version", "--help"]),
    ("edgepaint", &["--help"]),
    ("editdiff", &["--version", "--help"]),
    ("elixirc", &["--help", "-h"]),
    ("enconv", &["--version", "--help"]),
    ("entr", &["--version", "--help"]),
    ("eps2eps", &["--help"]),
    ("eqn", &["--version", "--help"]),
    ("eqn2graph", &["--version", "--help"]),
    ("espdiff", &["--version", "--help"]),
    ("eu-make-debug-archive", &["--version", "--help"]),
    ("eu-stack", &["--version", "--help"]),
    ("expiry", &["--help", "-h"]),
    ("faillock", &["--help"]),
    ("faillog", &["--help", "-h"]),
    ("fax2ps", &["--version", "--help"]),
    ("fax2tiff", &["--version", "--help"]),
    ("fc-cache", &["--version", "--help", "-h", "-V"]),
    ("fc-cat", &["--version", "--help", "-h", "-V"]),
    ("fc-conflist", &["--version", "--help", "-h", "-V"]),
    ("fc-pattern", &["--version", "--help", "-h", "-V"]),
    ("fc-query", &["--version", "--help", "-h", "-V"]),
    ("fc-scan", &["--version", "--help", "-h", "-V"]),
    ("fc-validate", &["--version", "--help", "-h", "-V"]),
    ("ffplay", &["--version"]),
    ("file-rename", &["--version", "--help", "-h", "-V"]),
    ("findfs", &["--version", "--help", "-h", "-V"]),
    ("fix-qdf", &["--version", "--help"]),
    ("flipdiff", &["--version", "--help"]),
    ("fsck", &["--version", "--help"]),
    ("fsck.cramfs", &["--version", "--help", "-h", "-V"]),
    ("fsck.ext2", &["--help"]),
    ("fsck.ext3", &["--help"]),
    ("fsck.ext4", &["--help"]),
    ("fsck.minix", &["--version", "--help", "-h", "-V"]),
    ("fsnotifywait", &["--help", "-h"]),
    ("fsnotifywatch", &["--help", "-h"]),
    ("gccgo", &["--version", "--help", "-dumpversion", "-dumpmachine", "-dumpspecs", "-print-search-dirs", "-print-libgcc-file-name"]),
    ("gcov-dump", &["--version", "--help", "-h"]),
    ("gcov-tool", &["--version", "--help", "-h"]),
    ("gdc", &["--version", "--help", "-dumpversion", "-dumpmachine", "-dumpspecs", "-print-search-dirs", "-print-libgcc-file-name"]),
    ("gdiffmk", &["--version", "--help"]),
    ("geqn", &["--version", "--help"]),
    ("getbuildlog", &["--version", "--help", "-h", "-V"]),
    ("gettext.sh", &["--version", "--help"]),
    ("gettextize", &["--version", "--help"]),
    ("gfortran", &["--version", "--help", "-dumpversion", "-dumpmachine", "-dumpspecs", "-print-search-dirs", "-print-libgcc-file-name"]),
    ("ghostscript", &["--version", "--help"]),
    ("gif2webp", &["--help", "-h"]),
    ("git-deborig", &["--version"]),
    ("gitdiff", &["--help", "-h"]),
    ("glib-compile-resources", &["--version", "--help", "-h"]),
    ("glib-compile-schemas", &["--version", "--help", "-h"]),
    ("glib-genmarshal", &["--version", "--help", "-h"]),
    ("glib-gettextize", &["--version", "--help"]),
    ("glib-mkenums", &["--version", "--help", "-h"]),
    ("glilypond", &["--version", "--help", "-h"]),
    ("gm", &["--help"]),
    ("gnat", &["--version", "--help"]),
    ("gnatls", &["--version", "--help"]),
    ("gnatmake", &["--version", "--help"]),
    ("gobject-query", &["--version", "--help", "-h"]),
    ("gold", &["--version", "--help", "-V"]),
    ("gperl", &["--version", "--help", "-h"]),
    ("gpgv", &["--version", "--help"]),
    ("gpic", &["--version", "--help"]),
    ("gpinyin", &["--version", "--help", "-h"]),
    ("gplc", &["--version", "--help", "-h"]),
    ("gprofng", &["--version", "--help"]),
    ("grap2graph", &["--version", "--help"]),
    ("grep-aptavail", &["--version", "--help"]),
    ("grep-debtags", &["--version", "--help"]),
    ("grn", &["--version", "--help"]),
    ("grodvi", &["--version", "--help"]),
    ("grog", &["--version", "--help", "-h"]),
    ("grolbp", &["--version", "--help", "-h"]),
    ("grolj4", &["--version", "--help"]),
    ("gropdf", &["--version"]),
    ("grops", &["--version", "--help"]),
    ("grotty", &["--version", "--help"]),
    ("groupmems", &["--help", "-h"]),
    ("grpck", &["--help", "-h"]),
    ("grpconv", &["--help", "-h"]),
    ("grpunconv", &["--help", "-h"]),
    ("gtbl", &["--version", "--help"]),
    ("gtester", &["--version", "--help", "-h"]),
    ("gtester-report", &["--version", "--help", "-h"]),
    ("gvgen", &["--help"]),
    ("gvmap", &["--help"]),
    ("haddock", &["--version", "--help"]),
    ("hexedit", &["--help", "-h"]),
    ("highlight", &["--version", "--help", "-h"]),
    ("hpc", &["version", "help"]),
    ("hpftodit", &["--version", "--help"]),
    ("hsc2hs", &["--version", "--help"]),
    ("hunspell", &["--version", "--help", "-h"]),
    ("hxaddid", &["--help"]),
    ("hxcite", &["--help"]),
    ("hxcopy", &["--help"]),
    ("hxincl", &["--help"]),
    ("hxindex", &["--version", "--help"]),
    ("hxmkbib", &["--version", "--help"]),
    ("hxnum", &["--version", "--help"]),
    ("hxprintlinks", &["--help"]),
    ("hxref", &["--help"]),
    ("hxtabletrans", &["--help"]),
    ("hxtoc", &["--version", "--help"]),
    ("hxunent", &["--version", "--help"]),
    ("hxunxmlns", &["--version", "--help"]),
    ("hxxmlns", &["--version", "--help"]),
    ("icmd", &["--version", "--help"]),
    ("icp", &["--version", "--help"]),
    ("iex", &["--help"]),
    ("ifdata", &["--help"]),
    ("ifquery", &["--version", "--help", "-h", "-V"]),
    ("img2webp", &["-h"]),
    ("imv", &["--version", "--help"]),
    ("indxbib", &["--version", "--help"]),
    ("inetutils-telnet", &["--version", "--help", "-V"]),
    ("infotocap", &["--help", "-V"]),
    ("inotifywait", &["--help", "-h"]),
    ("inotifywatch", &["--help", "-h"]),
    ("installkernel", &["--help"]),
    ("interdiff", &["--version", "--help"]),
    ("intltool-extract", &["--version", "--help", "-h"]),
    ("intltool-merge", &["--version", "--help"]),
    ("intltool-prepare", &["--version", "--help", "-h"]),
    ("intltool-update", &["--version", "--help"]),
    ("intltoolize", &["--version", "--help"]),
    ("ischroot", &["--version", "--help", "-h", "-V"]),
    ("join-dctrl", &["--version", "--help", "-V"]),
    ("jpegexiforient", &["--version", "--help"]),
    ("jpegoptim", &["--version", "--help", "-h", "-V"]),
    ("jpegtran", &["--help"]),
    ("kernel-install", &["--version", "--help", "-h"]),
    ("kmod", &["--version", "--help", "-h", "-V"]),
    ("kpt", &["version"]),
    ("krb5-config", &["--version", "--help"]),
    ("lastb", &["--version", "--help", "-h", "-V"]),
    ("lcf", &["--help", "-h"]),
    ("lft.db", &["--help"]),
    ("lkbib", &["--version", "--help"]),
    ("llc", &["--version", "--help"]),
    ("lld-link", &["--version"]),
    ("llvm-addr2line", &["--version", "--help"]),
    ("llvm-ar", &["--version", "--help", "-h"]),
    ("llvm-as", &["--version", "--help", "-h", "--help-list"]),
    ("llvm-bcanalyzer", &["--version", "--help"]),
    ("llvm-bitcode-strip", &["--version", "--help", "-V"]),
    ("llvm-cat", &["--version", "--help"]),
    ("llvm-cfi-verify", &["--version", "--help"]),
    ("llvm-config", &["--version", "--help"]),
    ("llvm-cov", &["--version", "--help"]),
    ("llvm-cxxdump", &["--version", "--help"]),
    ("llvm-cxxfilt", &["--version", "--help", "-h"]),
    ("llvm-cxxmap", &["--version", "--help"]),
    ("llvm-debuginfod-find", &["--version", "--help"]),
    ("llvm-diff", &["--version", "--help"]),
    ("llvm-dis", &["--version", "--help"]),
    ("llvm-dlltool", &["--help"]),
    ("llvm-dwarfdump", &["--version", "--help"]),
    ("llvm-dwp", &["--version", "--help"]),
    ("llvm-exegesis", &["--version", "--help"]),
    ("llvm-extract", &["--version", "--help"]),
    ("llvm-gsymutil", &["--version", "--help"]),
    ("llvm-ifs", &["--version", "--help"]),
    ("llvm-install-name-tool", &["--version", "--help", "-V"]),
    ("llvm-jitlink", &["--version", "--help"]),
    ("llvm-jitlink-executor", &["--help"]),
    ("llvm-libtool-darwin", &["--version", "--help", "-V"]),
    ("llvm-link", &["--version", "--help"]),
    ("llvm-lipo", &["--version", "--help"]),
    ("llvm-lto", &["--version", "--help"]),
    ("llvm-mc", &["--version", "--help"]),
    ("llvm-mca", &["--version", "--help"]),
    ("llvm-ml", &["--help"]),
    ("llvm-modextract", &["--version", "--help"]),
    ("llvm-nm", &["--version", "--help", "-h"]),
    ("llvm-objcopy", &["--version", "--help"]),
    ("llvm-objdump", &["--version", "--help"]),
    ("llvm-opt-report", &["--version", "--help"]),
    ("llvm-otool", &["--version", "--help"]),
    ("llvm-pdbutil", &["--version", "--help"]),
    ("llvm-profdata", &["--help"]),
    ("llvm-profgen", &["--version", "--help"]),
    ("llvm-ranlib", &["--version", "--help", "-h"]),
    ("llvm-readelf", &["--version", "--help"]),
    ("llvm-readobj", &["--version", "--help"]),
    ("llvm-reduce", &["--version", "--help"]),
    ("llvm-rtdyld", &["--version", "--help"]),
    ("llvm-sim", &["--version", "--help"]),
    ("llvm-size", &["--version", "--help", "-h"]),
    ("llvm-split", &["--version", "--help"]),
    ("llvm-stress", &["--version", "--help"]),
    ("llvm-strings", &["--version", "--help", "-h"]),
    ("llvm-strip", &["--version", "--help"]),
    ("llvm-symbolizer", &["--version", "--help"]),
    ("llvm-tapi-diff", &["--version", "--help"]),
    ("llvm-tblgen", &["--version", "--help"]),
    ("llvm-tli-checker", &["--help", "-h"]),
    ("llvm-undname", &["--version", "--help"]),
    ("llvm-windres", &["--version", "--help"]),
    ("llvm-xray", &["--version", "--help"]),
    ("lneato", &["--help"]),
    ("localectl", &["--version", "--help", "-h"]),
    ("loginctl", &["--version", "--help", "-h"]),
    ("lookbib", &["--version", "--help"]),
    ("losetup", &["--version", "--help", "-h", "-V"]),
    ("lto-dump", &["--help"]),
    ("lz4c", &["--version", "--help", "-V"]),
    ("lzip.lzip", &["--version", "--help", "-h", "-V"]),
    ("make-first-existing-target", &["--help"]),
    ("makewhatis", &["--help"]),
    ("mandoc", &["--help"]),
    ("mandocd", &["--help"]),
    ("manpage-alert", &["--version", "--help", "-h", "-V"]),
    ("mapropos", &["--help"]),
    ("mc", &["--version", "--help", "-h", "-V"]),
    ("mcatman", &["--help"]),
    ("mcdiff", &["--version", "--help", "-h", "-V"]),
    ("mcedit", &["--version", "--help", "-h", "-V"]),
    ("mcview", &["--version", "--help", "-h", "-V"]),
    ("md5sum.textutils", &["--version", "--help"]),
    ("mdig", &["--help", "-h"]),
    ("merge", &["--version", "--help"]),
    ("mergechanges", &["--version", "--help", "-h"]),
    ("metaflac", &["--version", "--help"]),
    ("mingle", &["--help"]),
    ("mklost+found", &["--version", "--help"]),
    ("mman", &["--help"]),
    ("moar", &["--version", "--help"]),
    ("modinfo", &["--version", "--help", "-h", "-V"]),
    ("ms_print", &["--version", "--help", "-h"]),
    ("msoelim", &["--help"]),
    ("mt-gnu", &["--version", "--help", "-V"]),
    ("mwhatis", &["--help"]),
    ("my_print_defaults", &["--version", "--help", "-V"]),
    ("nc.traditional", &["-h"]),
    ("networkctl", &["--version", "--help", "-h"]),
    ("newgrp", &["--help"]),
    ("niceload", &["--help"]),
    ("nisdomainname", &["--version", "--help", "-h", "-V"]),
    ("nqp", &["--version"]),
    ("nqp-m", &["--version"]),
    ("nsupdate", &["--help"]),
    ("obj2yaml", &["--version", "--help"]),
    ("obj2yaml-14", &["--version", "--help"]),
    ("ocamlc.byte", &["--version", "--help"]),
    ("ocamlc.opt", &["--version", "--help"]),
    ("ocamlcmt", &["--help"]),
    ("ocamlcp", &["--version", "--help"]),
    ("ocamlcp.byte", &["--version", "--help"]),
    ("ocamlcp.opt", &["--version", "--help"]),
    ("ocamldebug", &["--help"]),
    ("ocamldep.byte", &["--help"]),
    ("ocamldep.opt", &["--help"]),
    ("ocamldoc", &["--version", "--help"]),
    ("ocamldoc.opt", &["--version", "--help"]),
    ("ocamldumpobj", &["--help"]),
    ("ocamllex", &["--help"]),
    ("ocamllex.byte", &["--help"]),
    ("ocamllex.opt", &["--help"]),
    ("ocamlmklib", &["--help", "-h"]),
    ("ocamlmklib.byte", &["--help", "-h"]),
    ("ocamlmklib.opt", &["--help", "-h"]),
    ("ocamlmktop", &["--version", "--help"]),
    ("ocamlmktop.byte", &["--version", "--help"]),
    ("ocamlmktop.opt", &["--version", "--help"]),
    ("ocamlobjinfo.byte", &["--help"]),
    ("ocamlobjinfo.opt", &["--help"]),
    ("ocamlopt.byte", &["--version", "--help"]),
    ("ocamlopt.opt", &["--version", "--help"]),
    ("ocamloptp", &["--version", "--help"]),
    ("ocamloptp.byte", &["--version", "--help"]),
    ("ocamloptp.opt", &["--version", "--help"]),
    ("ocamlprof", &["--help"]),
    ("ocamlprof.byte", &["--help"]),
    ("ocamlprof.opt", &["--help"]),
    ("ocamlyacc", &["--help"]),
    ("oggdec", &["--version", "--help", "-h", "-V"]),
    ("opt", &["--version", "--help", "-h", "--help-list"]),
    ("opusdec", &["--version", "--help", "-h", "-V"]),
    ("origtargz", &["--help"]),
    ("ownership", &["--version", "--help", "-h", "-V"]),
    ("pal2rgb", &["--version", "--help"]),
    ("pam_timestamp_check", &["--help"]),
    ("partx", &["--version", "--help", "-h", "-V"]),
    ("patchview", &["--version", "--help"]),
    ("pdf2ps", &["--help"]),
    ("pdfattach", &["--version", "--help"]),
    ("pdftexi2dvi", &["--version", "--help", "-h"]),
    ("pdftops", &["--help"]),
    ("perlbug", &["--version", "--help"]),
    ("perlcritic", &["--version", "--help"]),
    ("perlivp", &["--help", "-h"]),
    ("perlthanks", &["--version", "--help"]),
    ("perltidy", &["--help", "-h"]),
    ("petite", &["--version"]),
    ("pfbtops", &["--version", "--help"]),
    ("php.default", &["--version", "--help", "-h"]),
    ("pic", &["--version", "--help"]),
    ("pic2graph", &["--version", "--help"]),
    ("pidstat", &["--help"]),
    ("ping4", &["--help", "-h"]),
    ("pixz", &["--help", "-h"]),
    ("play", &["--version", "--help", "-h"]),
    ("png-fix-IDAT-windowsize", &["--version", "--help"]),
    ("pngsplit", &["--version", "--help"]),
    ("pod2html", &["--help"]),
    ("pod2texi", &["--version", "--help"]),
    ("pod2usage", &["--help"]),
    ("post-grohtml", &["--version", "--help"]),
    ("ppm2tiff", &["--version", "--help"]),
    ("pre-grohtml", &["--version"]),
    ("precat", &["--version", "--help", "-h", "-V"]),
    ("prename", &["--version", "--help", "-h", "-V"]),
    ("preunzip", &["--version", "--help", "-h"]),
    ("prezip", &["--version", "--help", "-h", "-V"]),
    ("prezip-bin", &["--version", "--help"]),
    ("ps2pdfwr", &["--help"]),
    ("ps2ps", &["--help"]),
    ("ps2ps2", &["--help"]),
    ("pslog", &["--version", "--help", "-V"]),
    ("pspax", &["--version", "--help", "-h", "-V"]),
    ("pstree.x11", &["--version", "--help", "-V"]),
    ("ptardiff", &["--version", "--help"]),
    ("pwck", &["--help", "-h"]),
    ("pwconv", &["--help", "-h"]),
    ("pwgen", &["--help", "-h"]),
    ("pwunconv", &["--help", "-h"]),
    ("pyflakes3", &["--version", "--help", "-h", "-V"]),
    ("python3-config", &["--help"]),
    ("qcmd", &["--version", "--help"]),
    ("qcp", &["--version", "--help"]),
    ("qmv", &["--version", "--help"]),
    ("qt-faststart", &["--help"]),
    ("raw2tiff", &["--version", "--help"]),
    ("rc-alert", &["--version", "--help"]),
    ("readprofile", &["--version", "--help", "-h", "-V"]),
    ("recode-sr-latin", &["--version", "--help", "-h", "-V"]),
    ("recountdiff", &["--version", "--help"]),
    ("rediff", &["--version", "--help"]),
    ("redis-benchmark", &["--version", "--help"]),
    ("redis-check-rdb", &["--version"]),
    ("refer", &["--version", "--help"]),
    ("rename.ul", &["--version", "--help", "-h", "-V"]),
    ("reset", &["--help", "-V"]),
    ("resize2fs", &["--version", "--help"]),
    ("resizepart", &["--version", "--help", "-h", "-V"]),
    ("rmt-tar", &["--version", "--help", "-V"]),
    ("rnano", &["--version", "--help", "-V"]),
    ("rrsync", &["-h"]),
    ("runcon", &["--version", "--help"]),
    ("runlevel", &["--help"]),
    ("rust-clang", &["--version", "--help"]),
    ("rust-llvm-dwp", &["--version", "--help"]),
    ("rustdoc", &["--version", "--help", "-h", "-V"]),
    ("sadf", &["--help"]),
    ("sadt", &["--help", "-h"]),
    ("sanstats", &["--version", "--help"]),
    ("sanstats-14", &["--version", "--help"]),
    ("sar.sysstat", &["--help"]),
    ("scanmacho", &["--version", "--help"]),
    // SCons 4.4 (the fifth pass's toolchains): these print before any SConstruct is looked for;
    // its readline start looks up ~/.inputrc and ~/.terminfo (key bindings and terminal data).
    ("scons", &["--version", "-H", "--help-options"]),
    ("scons-configure-cache", &["--version", "--help", "-h"]),
    ("sconsign", &["--help", "-h"]),
    ("setpci", &["--version", "--help"]),
    ("setterm", &["--version", "--help"]),
    ("sg", &["--help"]),
    ("shadowconfig", &["--help"]),
    ("shar", &["--version", "--help"]),
    ("slogin", &["--help"]),
    ("soelim", &["--version", "--help"]),
    ("source-highlight", &["--version", "--help", "-h", "-V"]),
    ("splitdiff", &["--version", "--help"]),
    ("sql", &["--help"]),
    ("sql2csv", &["--version", "-h", "-V"]),
    ("ssh-agent", &["--help"]),
    ("ssh-keyscan", &["--help"]),
    ("stack", &["--version", "--numeric-version", "--help"]),
    ("strace-log-merge", &["--help"]),
    ("streamzip", &["--version", "--help"]),
    ("sudo_logsrvd", &["--version", "--help", "-h", "-V"]),
    ("sudo_sendlog", &["--version", "--help", "-V"]),
    ("sudoedit", &["--version", "--help", "-h"]),
    ("sudoreplay", &["--version", "--help", "-h", "-V"]),
    ("svnadmin", &["--version", "--help"]),
    ("svnauthz", &["--version", "--help"]),
    ("svndumpfilter", &["--version", "--help"]),
    ("svnfsfs", &["--version", "--help"]),
    ("svnlook", &["--version", "--help"]),
    ("svnmucc", &["--version", "--help", "-h"]),
    ("svnrdump", &["--version", "--help"]),
    ("svnserve", &["--version", "--help"]),
    ("svnversion", &["--version", "--help", "-h"]),
    ("swaplabel", &["--version", "--help", "-h", "-V"]),
    ("swig4.0", &["-version", "-help", "-copyright"]),
    ("symtree", &["--help", "-h"]),
    ("sync-available", &["--version", "--help"]),
    ("systemd-analyze", &["--version", "--help", "-h"]),
    ("systemd-ask-password", &["--version", "--help", "-h"]),
    ("systemd-cat", &["--version", "--help", "-h"]),
    ("systemd-cgls", &["--version", "--help", "-h"]),
    ("systemd-cgtop", &["--version", "--help", "-h"]),
    ("systemd-creds", &["--version", "--help", "-h"]),
    ("systemd-cryptenroll", &["--version", "--help", "-h"]),
    ("systemd-delta", &["--version", "--help", "-h"]),
    ("systemd-firstboot", &["--version", "--help", "-h"]),
    ("systemd-hwdb", &["--version", "--help", "-h"]),
    ("systemd-id128", &["--version", "--help", "-h"]),
    ("systemd-inhibit", &["--version", "--help", "-h"]),
    ("systemd-machine-id-setup", &["--version", "--help", "-h"]),
    ("systemd-mount", &["--version", "--help", "-h"]),
    ("systemd-notify", &["--version", "--help", "-h"]),
    ("systemd-repart", &["--version", "--help", "-h"]),
    ("systemd-socket-activate", &["--version", "--help", "-h"]),
    ("systemd-sysext", &["--version", "--help", "-h"]),
    ("systemd-sysusers", &["--version", "--help", "-h"]),
    ("systemd-tmpfiles", &["--version", "--help", "-h"]),
    ("systemd-tty-ask-password-agent", &["--version", "--help", "-h"]),
    ("systemd-umount", &["--version", "--help", "-h"]),
    ("tabs", &["--help", "-V"]),
    ("tagpending", &["--version", "--help", "-h"]),
    ("tapestat", &["--help"]),
    ("tarcat", &["--help"]),
    ("tbl", &["--version", "--help"]),
    ("texi2dvi", &["--version", "--help", "-h"]),
    ("texi2pdf", &["--version", "--help", "-h"]),
    ("texindex", &["--version", "--help", "-h"]),
    ("tfmtodit", &["--version", "--help"]),
    ("tiff2bw", &["--version", "--help"]),
    ("tiff2pdf", &["--version", "--help"]),
    ("tiff2ps", &["--version", "--help"]),
    ("tiff2rgba", &["--version", "--help"]),
    ("tiffcmp", &["--version", "--help"]),
    ("tiffcp", &["--version", "--help"]),
    ("tiffcrop", &["--help"]),
    ("tiffdither", &["--version", "--help"]),
    ("tiffmedian", &["--version", "--help"]),
    ("tiffsplit", &["--version", "--help"]),
    ("tjbench", &["--help"]),
    ("tload", &["--version", "--help", "-h", "-V"]),
    ("traceroute-nanog", &["--help"]),
    ("traceroute.db", &["--version", "--help"]),
    ("traceroute6.db", &["--version", "--help"]),
    ("transition-check", &["--version", "--help", "-h"]),
    ("treeify", &["--help", "-h"]),
    ("tset", &["--help", "-V"]),
    ("tune2fs", &["--help"]),
    ("ucf", &["--help", "-h"]),
    ("ucfq", &["--help"]),
    ("ucfr", &["--help", "-h"]),
    ("uclampset", &["--version", "--help", "-h", "-V"]),
    ("udevadm", &["--version", "--help"]),
    ("units_cur", &["--version", "--help", "-h", "-V"]),
    ("unpigz", &["--version", "--help", "-h"]),
    ("unshar", &["--version", "--help", "-h"]),
    ("unwrapdiff", &["--version", "--help"]),
    ("unzipsfx", &["--version", "--help"]),
    ("update-passwd", &["--version", "--help", "-h", "-V"]),
    ("update-rc.d", &["--help"]),
    ("update-shells", &["--help"]),
    ("uuencode", &["--version", "--help", "-h"]),
    ("uuidd", &["--version", "--help", "-h", "-V"]),
    ("uuidgen", &["--version", "--help", "-h", "-V"]),
    ("uuidparse", &["--version", "--help", "-h", "-V"]),
    ("valac", &["--version", "--help", "--api-version"]),
    ("valgrind-di-server", &["--help"]),
    ("valgrind-listener", &["--help"]),
    ("vcut", &["--help"]),
    ("verify-uselistorder", &["--version", "--help"]),
    ("verify-uselistorder-14", &["--version", "--help"]),
    ("vgdb", &["--help"]),
    ("vim.tiny", &["--version", "--help"]),
    ("vorbiscomment", &["--version", "--help", "-h", "-V"]),
    ("vorbistagedit", &["--version", "--help"]),
    ("vpddecode", &["--version", "--help", "-h", "-V"]),
    ("vvp", &["-V"]),
    ("vwebp", &["--help", "-h"]),
    ("wasm-ld", &["--version", "--help"]),
    ("wdiff", &["--version", "--help", "-h"]),
    ("webpmux", &["--help", "-h"]),
    ("what-patch", &["--help"]),
    ("which.debianutils", &["--help"]),
    ("whiptail", &["--version", "--help", "-h"]),
    ("whodepends", &["--version", "--help", "-h"]),
    ("wnpp-alert", &["--version", "--help", "-h"]),
    ("wnpp-check", &["--version", "--help", "-h"]),
    ("word-list-compress", &["--version", "--help"]),
    ("wrap-and-sort", &["--help", "-h"]),
    ("wrjpgcom", &["--help"]),
    ("x86_64-linux-gnu-gcov-dump", &["--version", "--help", "-h"]),
    ("x86_64-linux-gnu-gcov-tool", &["--version", "--help", "-h"]),
    ("x86_64-linux-gnu-lto-dump", &["--help"]),
    ("xml2asc", &["--version", "--help"]),
    ("xmlcatalog", &["--help"]),
    ("xmlif", &["--version", "--help"]),
    ("xsubpp", &["--help"]),
    ("xtotroff", &["--version", "--help"]),
    ("yaml2obj", &["--version", "--help"]),
    ("yaml2obj-14", &["--version", "--help"]),
    ("ypdomainname", &["--version", "--help", "-h", "-V"]),
    ("zramctl", &["--version", "--help", "-h", "-V"]),
    ("zstdmt", &["--version", "--help", "-V"]),
];

/// Whether `values` is one information mode of `program` that [`INFO`] lists.
pub(super) fn info(program: &str, values: &[&str]) -> bool {
    let [only] = values else {
        return false;
    };
    INFO.binary_search_by(|(p, _)| p.cmp(&program))
        .is_ok_and(|i| INFO[i].1.contains(only))
}

/// Reading grammars from the traces: each program's reading forms (`P FILE`, `P < FILE`, its
/// listing and checking options) only read, and the options listed are those whose effect was
/// traced or read in the manual as harmless; any other option leaves the call unknown.
#[rustfmt::skip]
pub(super) const SPECS: &[Spec] = &[
    // A program here that is also in INFO lists those forms too (the grammar is looked up
    // first). html-xml-utils 8.5's filters, each from its synopsis (man page): a file (or a URL,
    // `readers` calls that the network) to standard output; `hxname2id FILE`, `hxnsxml FILE`,
    // `hxprintlinks FILE`, `hxprune FILE`, `hxtoc FILE`, `hxunent FILE`, `hxunxmlns FILE`,
    // `hxxmlns FILE`, `hxaddid`'s and `hxextract`'s file traced reading only. Not here:
    // hxextract's `-c` (a list of files and URLs), hxindex's `-i` and hxref's output operand
    // (written), hxcite's `-a` (written), hxcopy (writes), hxincl (follows includes).
    spec(&["hxname2id", "hxaddid"], "x", "help"),
    spec(&["hxnsxml", "hxunxmlns"], "V", "help version"),
    spec(&["hxprintlinks"], "b:", "help"),
    spec(&["hxprune"], "c:x", ""),
    spec(&["hxtoc"], "xl:h:tdc:fV", "help version"),
    spec(&["hxunent"], "bfV", "help version"),
    spec(&["hxxmlns"], "dV", "help version"),
    spec(&["hxextract"], "xs:e:b:", ""),
    // groff 1.22's preprocessors, each `--help`'s usage line: a file or standard input to
    // standard output (`eqn FILE`, `geqn`, `pic`, `gpic`, `grn`, `gtbl` traced reading only).
    // eqn's options choose delimiters, fonts, sizes and the macro directory its eqnrc (eqn
    // definitions, which run nothing) is read from. pic's `-U` (unsafe: its `sh` command runs
    // a shell) is not listed.
    spec(&["eqn", "geqn"], "rvDCNRd:f:s:p:m:M:T:", "help version"),
    spec(&["pic", "gpic"], "nvCStcz", "help version"),
    spec(&["grn"], "vCsM:F:T:", "help version"),
    spec(&["gtbl", "tbl"], "vC", "help version"),
    // NASM 2.16's ndisasm disassembles the file it names to standard output.
    spec(&["ndisasm"], "aihruvb:o:s:e:k:p:", ""),
    // jpegexiforient (libjpeg-turbo-progs) prints the Exif orientation with `-n` or none; `-1`
    // to `-8` set it in the file (not listed).
    spec(&["jpegexiforient"], "n", "help version"),
    // util-linux 2.38's findfs prints the device a LABEL=, UUID=, PARTUUID= or PARTLABEL= names.
    spec(&["findfs"], "hV", "help version"),
    // The inspectors (second pass, `bench/catalog/inspectors.tsv`): LLVM 14's object-file
    // dumpers whose options are read by LLVM's OptTable as getopt_long reads them (grouped short
    // options, `--name=value`), each option's every form traced on an object file, an executable
    // or an archive: only printed. None of them has an option that writes, runs or connects;
    // `@FILE` adds options of the same list. `llvm-nm -s` (two values) is not listed.
    spec(&["llvm-nm"], "AaBCDf:ghjmnoPprSt:uVvx",
        "debug-syms defined-only demangle dynamic extern-only format= help no-demangle no-llvm-bc no-sort no-weak numeric-sort portability print-armap print-file-name print-size quiet radix= reverse-sort size-sort special-syms undefined-only version add-dyldinfo add-inlinedinfo arch= dyldinfo-only no-dyldinfo"),
    spec(&["llvm-objdump"], "aCDdfghj:lM:mpRrSsTtuvxz",
        "adjust-vma= all-headers arch-name= archive-headers debug-vars-indent= debug-vars? demangle disassemble-all disassemble-symbols= disassemble-zeroes disassembler-options= disassemble dwarf= dynamic-reloc dynamic-syms fault-map-section file-headers full-contents headers help line-numbers macho mattr= mcpu= no-leading-addr no-print-imm-hex no-show-raw-insn prefix-strip= prefix= print-imm-hex private-headers raw-clang-ast reloc section-headers section= show-lma source start-address= stop-address= symbol-description symbolize-operands syms triple= unwind-info version wide x86-asm-syntax= arch= archive-member-offsets bind data-in-code dis-symname= dsym= dylib-id dylibs-used exports-trie full-leading-addr function-starts indirect-symbols info-plist lazy-bind link-opt-hints no-leading-headers no-symbolic-operands non-verbose objc-meta-data private-header rebase rpaths universal-headers weak-bind"),
    // llvm-readobj and llvm-readelf are one program; readelf's names are GNU readelf's.
    spec(&["llvm-readelf", "llvm-readobj"], "AaCehlnp:rSstuWx:dgIV",
        "addrsig all arch-specific bb-addr-map cg-profile demangle dependent-libraries dt dyn-relocations dyn-symbols dyn-syms dynamic expand-relocs file-header file-headers headers help hex-dump= no-demangle pretty-print relocations relocs sd section-data section-details section-headers section-mapping section-relocations section-symbols sections sr stack-sizes stackmap string-dump= string-table st symbols syms unwind version wide dynamic-table elf-linker-options elf-output-style= gnu-hash-table hash-symbols hash-table histogram needed-libs notes program-headers raw-relr section-groups segments version-info macho-data-in-code macho-dysymtab macho-indirect-symbols macho-linker-options macho-segment macho-version-min codeview-ghash codeview-merged-types codeview-subsection-bytes codeview coff-basereloc coff-debug-directory coff-directives coff-exports coff-imports coff-load-config coff-resources coff-tls-directory auxiliary-header"),
    spec(&["llvm-size"], "ABdhmotxl", "common format= help radix= totals version arch="),
    spec(&["llvm-strings"], "afhn:t:", "all bytes= help print-file-name radix= version"),
    spec(&["llvm-cxxfilt"], "_hnst", "format= help no-strip-underscore strip-underscore types version"),
    // The families (third pass, `bench/catalog/families.tsv`): signing tools' verifying and
    // printing modes, diff viewers, checkers without a fix mode; every option below traced on
    // the samples of `families-samples.sh`, only printing. age 1.1's age-keygen prints a new
    // identity, or with `-y` the recipients of the identities it reads. Not here: `-o`/`--output`
    // (writes the file, measured).
    spec(&["age-keygen"], "y", "help version"),
    // desktop-file-utils 0.26: a desktop entry's problems printed.
    spec(&["desktop-file-validate"], "h", "help help-all no-hints no-warn-deprecated warn-kde"),
    // flawfinder 2.0.19 prints the risky calls in C sources. Not here: `--savehitlist` (writes
    // the file), `--loadhitlist` and `--diffhitlist` (unpickle a file: code).
    spec(&["flawfinder"], "hIFnCcDHiSQm:e:P:", "help version listrules allowlink followdotdir nolink inputs minlevel= falsepositive neverignore regex= columns context dataonly html immediate sarif singleline omittime quiet error-level= patch="),
    // GnuPG 2.2's gpgv checks signatures against a keyring (`~/.gnupg/trustedkeys.kbx` unless
    // `--keyring` names one). Not here: `-o`/`--output` (writes the signed data), `--status-fd`,
    // `--logger-fd`.
    spec(&["gpgv"], "vq", "verbose quiet keyring= ignore-time-conflict weak-digest= help version"),
    // icdiff 2.0.6 prints two files (or directories with `-r`) side by side. optparse takes
    // abbreviations of long options; only the exact names are listed here.
    spec(&["icdiff"], "hHNrstuWPL:U:x:", "version help cols= encoding= head= highlight line-numbers no-bold no-headers output-encoding= recursive report-identical-files show-all-spaces tabsize= truncate patch whole-file permissions strip-trailing-cr color-map= is-git-diff label= unified= exclude="),
    // minisign 0.11 verifies (`-V`; `-o` prints the file verified). Not here: `-G`, `-S`, `-R`
    // and `-C` (they write keys or signatures).
    spec(&["minisign"], "VHx:p:P:oqQm:v", ""),
    // signify-openbsd 31 verifies a message (`-V`) or a signed checksum list and its files
    // (`-C`). Not here: `-e` (with `-V` writes the embedded message to `-m`'s file), `-z`
    // (gzip archives: `-m` is the output), `-G` and `-S` (write keys and signatures).
    spec(&["signify-openbsd"], "VCqp:t:x:m:", ""),
    // The fourth pass (`bench/catalog/devtools.tsv`): checkers, configuration checkers and
    // Python tools, every option traced on the samples of `devtools-samples.sh`, only reading.
    // chardet 5.1's chardetect prints each file's (or standard input's) encoding.
    spec(&["chardetect", "chardet"], "hl", "minimal legacy help version"),
    // lacheck 1.26 prints a LaTeX file's problems; it has no options (a word is a file).
    spec(&["lacheck"], "", ""),
    // BIND 9.18's named-checkconf checks named.conf (`-z` loads its zones, `-p` prints it). Not
    // here: `-t` (chroot).
    spec(&["named-checkconf"], "chijlvzpx", ""),
    // BIND 9.18's named-checkzone checks a zone file (`-D` prints it, `-J` reads a journal). Not
    // here: `-o` (writes the zone), `-t` (chroot).
    spec(&["named-checkzone"], "djqvDc:f:F:J:s:w:k:m:n:r:i:M:S:W:", ""),
    // pyflakes 2.5 prints the problems of Python files and directories (no configuration).
    spec(&["pyflakes3", "pyflakes"], "hV", "help version"),
    // pylint 2.16's symilar prints the blocks its files share (its own getopt options only: no
    // configuration is loaded).
    spec(&["symilar"], "hid:", "help ignore-comments ignore-docstrings ignore-imports ignore-signatures duplicates="),
    // The fifth pass (`bench/catalog/wholesale.tsv`): every executable of the Debian packages
    // behind round 33's unknown programs, each option below traced on the samples of
    // `wholesale-samples.sh`, only reading. mandoc 1.14.6 formats manual pages to standard
    // output. Not here: `-a` (less(1) on a terminal, or MANPAGER), `-O` (its `tag` runs the
    // pager too), `-f`/`-k`/`-l`/`-w`/`-h` (man(1)'s modes and their options).
    spec(&["mandoc"], "cI:K:m:T:W:", ""),
    // mandoc's demandoc prints a page's words, and its soelim (as groff's) prints a document
    // with its `.so` requests replaced by the files they name.
    spec(&["demandoc"], "w", ""),
    spec(&["msoelim", "soelim"], "CrtvI:", "help version"),
    // groff 1.22.4's preconv prints its input as groff input in its encoding's escapes; grog
    // prints the groff command a document needs. Not here: grog's `--run` (runs it) and the
    // groff options it passes on to that command.
    spec(&["preconv"], "drhvD:e:", "help version"),
    spec(&["grog"], "Cvh", "ligatures warnings help version"),
    // patchutils 0.4.2's recountdiff and unwrapdiff print a patch repaired. Not here: espdiff
    // (connects a socket, traced), dehtmldiff (runs a program), interdiff, combinediff, flipdiff
    // and rediff (temporary files and `patch`, traced writing).
    spec(&["recountdiff"], "", "help version"),
    spec(&["unwrapdiff"], "v", "help version"),
    // fontconfig 2.14: a font file's patterns or problems, a pattern, the configuration's files
    // and caches, printed (traced: no cache written or looked for in HOME).
    spec(&["fc-query"], "bVhi:f:", "index= brief format= version help"),
    spec(&["fc-validate"], "Vhvi:l:", "index= lang= verbose version help"),
    spec(&["fc-scan"], "bVhf:", "brief format= version help"),
    spec(&["fc-pattern"], "cdVhf:", "config default format= version help"),
    spec(&["fc-conflist"], "Vh", "version help"),
    spec(&["fc-cat"], "Vhvr", "recurse verbose version help"),
    // graphviz 2.42's gvpack merges graphs to standard output (its siblings, the cgraph filters,
    // are `printers::GRAPH_FILTERS`). Not here: `-o` (writes the file it names), `-?`. It lays
    // graphs out through graphviz's plugins, which GVBINDIR may name (the context's).
    spec(&["gvpack"], "na:gvum:s:G:", ""),
    // libxml2 2.9's xmlcatalog queries a catalog for entities. Not here: `--add`, `--del`,
    // `--create`, `--convert` (with `--noout` they save the catalog), `--shell` (reads commands).
    spec(&["xmlcatalog"], "v", "noout verbose sgml"),
    // MariaDB 10.11's my_print_defaults prints the option groups of the option files it reads
    // (and of the files `--defaults-file` and `--defaults-extra-file` name).
    spec(&["my_print_defaults"], "nvV", "mysqld mariadbd no-defaults verbose version help defaults-file= defaults-extra-file= defaults-group-suffix="),
    // devscripts 2.23's suspicious-source (a Python script) lists the files of a directory
    // whose type is not a source's.
    spec(&["suspicious-source"], "hvd:m:e:", "help verbose directory= mimetype= extension="),
    // beancount 2.3.5's bean-format aligns a ledger's amounts to standard output: it reads the
    // text only (no plugin is imported, no load cache kept, unlike bean-check). Not here:
    // `-o`/`--output` (writes the file).
    spec(&["bean-format"], "hVw:W:c:", "help version prefix-width= num-width= currency-column="),
    // beancount 2.3.5's treeify (a Python script) draws a column of account names as a tree.
    // Not here: `-o`/`--output` (writes the file).
    spec(&["treeify"], "FAhr:d:s:", "help pattern= delimiter= split= filler="),
    // Round 34's tune part, by the same rule: libgcrypt's hmac256 prints a file's HMAC-SHA256
    // under the key given (its `--binary` and `--stdkey` not listed); sloccount's c_count prints
    // the lines of C files (sloccount itself keeps its data in ~/.slocdata: not here).
    spec(&["hmac256"], "", ""),
    spec(&["c_count"], "", ""),
    // The sixth pass (`bench/catalog/sixth.tsv`): every executable of the Debian packages behind
    // round 34's unknown programs, each option below traced on the samples of
    // `sixth-samples.sh`, only reading. sharutils 4.15's uuencode prints a file's (or standard
    // input's) encoding; vorbis-tools 1.4's ogginfo prints an Ogg file's streams; gcc 12's
    // gcov-dump prints a notes or data file; gnat 12's gnatkr prints a krunched file name and
    // `gnatls -v` its search paths (it looks for the runtime's `system.ads` along the source
    // path, the working directory first: an Ada spec read, not run); apt 2.6's apt-sortpkgs
    // prints a package index sorted (not `-c`/`-o`: configuration); pod tools print a pod
    // file's sections (not podselect's `-man`, which runs perldoc) or its words.
    spec(&["uuencode"], "mh", "base64 help version"),
    spec(&["ogginfo"], "hqvV", ""),
    spec(&["gcov-dump"], "hlprv", "help long positions raw version"),
    spec(&["gnatkr"], "", ""),
    spec(&["gnatls"], "v", ""),
    spec(&["apt-sortpkgs"], "shv", "source help version"),
    Spec { single_dash: true, ..spec(&["podselect"], "", "help section=") },
    spec(&["podspell"], "", ""),
    // flac 1.4's metaflac: its listing options (not `--set-*`, `--remove*`, `--import-*`,
    // `--export-*-to` (write a file), `--add-*`, `--preserve-modtime`). Not flac's `-t`: its
    // test decode sets the mode and times of FILE.wav when there is one (traced).
    spec(&["metaflac"], "",
        "list show-md5sum show-min-blocksize show-max-blocksize show-min-framesize show-max-framesize show-sample-rate show-channels show-bps show-total-samples show-vendor-tag show-tag= block-number= block-type= except-block-type= application-data-format= data-format= no-filename with-filename no-utf8-convert version help"),
    // webp 1.2's webpinfo prints a WebP file's chunks.
    Spec { single_dash: true, ..spec(&["webpinfo"], "h", "version quiet diag summary bitstream_info help") },
    // libjpeg-turbo 2.1's converters print to standard output (not `-outfile`, nor djpeg's
    // `-icc`, which writes the profile; their abbreviations of options are not read here), and
    // rdjpgcom prints a JPEG file's comments; wrjpgcom prints the file with a comment added.
    Spec { single_dash: true, ..spec(&["djpeg"], "",
        "pnm bmp gif gif0 targa os2 fast grayscale rgb rgb565 nosmooth onepass verbose debug version scale= colors= dct= dither= maxmemory= skip= crop=") },
    Spec { single_dash: true, ..spec(&["cjpeg"], "",
        "grayscale rgb optimize progressive baseline arithmetic verbose version quality= dct= restart= smooth= maxmemory= sample=") },
    Spec { single_dash: true, ..spec(&["jpegtran"], "",
        "optimize progressive arithmetic grayscale transpose transverse trim perfect verbose version flip= rotate= copy= crop= restart= maxmemory=") },
    Spec { single_dash: true, ..spec(&["rdjpgcom"], "", "raw verbose") },
    Spec { single_dash: true, ..spec(&["wrjpgcom"], "", "replace comment=") },
    // GLib 2.74's generators print to standard output (not `--output`, which writes, nor
    // glib-mkenums' `--template`, not traced); gobject-query prints the type tree.
    spec(&["glib-mkenums"], "h",
        "fhead= fprod= ftail= eprod= vhead= vprod= vtail= comments= identifier-prefix= symbol-prefix= version help"),
    spec(&["glib-genmarshal"], "hD:U:",
        "prefix= header body prototypes internal skip-source stdinc nostdinc valist-marshallers include-header= pragma-once quiet verbose version help g-fatal-warnings"),
    spec(&["gobject-query"], "hr:nb:i:s:", ""),
    // libtiff-tools 4.5 (round 35's tune part, by the same rule): tiffinfo and tiffdump print a
    // TIFF file's directories, tiffcmp compares two. Not here: tiffcp, tiffcrop, tiffsplit,
    // tiffset, tiff2pdf and the converters (they write).
    spec(&["tiffinfo"], "Dicdjrswzf:o:", ""),
    spec(&["tiffdump"], "ho:m:", ""),
    spec(&["tiffcmp"], "ltz:", ""),
    // CHICKEN 5.3's chicken-status lists the installed extensions (`-f` their files, `-c` their
    // components).
    Spec { single_dash: true, ..spec(&["chicken-status"], "hfc", "version") },
    // The seventh pass (round 35's unknown programs, their packages; `bench/catalog/seventh.tsv`,
    // every option traced). Coq 8.16's coqwc counts a source's spec, proof and comment lines;
    // coqdep prints the dependencies of the sources it is given (not `-f`, a project file, nor
    // its load-path options, not traced).
    spec(&["coqwc"], "psre", ""),
    spec(&["coqdep"], "", ""),
    // valgrind 3.19's cg_annotate prints a cachegrind profile, with the sources it names (or
    // is given) annotated; cg_diff prints the difference of two. Not here: cg_diff's
    // `--mod-filename`/`--mod-funcname` (Perl expressions, evaluated), ms_print (writes
    // `/tmp/ms_print.tmp.PID`, a name it truncates without O_EXCL, traced).
    spec(&["cg_annotate"], "hI:", "help version show= sort= threshold= show-percs= auto= context= include="),
    spec(&["cg_diff"], "h", "help version"),
    // callgrind_annotate prints a callgrind profile the same way (Perl's Cwd runs /usr/bin/pwd,
    // a path of its own, traced); `--inclusive` and `--tree` choose what is summed and shown.
    spec(&["callgrind_annotate"], "hI:", "help version show= sort= threshold= show-percs= auto= context= include= inclusive= tree="),
    // libpng 1.6's pngfix checks the PNG files it is given; `--optimize` and `--strip` only
    // choose what it tries (in memory). Not here: `--out`, `--suffix`, `--prefix` (write the
    // fixed file, traced).
    spec(&["pngfix"], "qvewo", "quiet verbose errors warnings optimize strip= max="),
    // dctrl-tools 2.24's join-dctrl prints the join of two control files (`--mmap` maps them).
    spec(&["join-dctrl"], "1:2:a:Cj:l:o:V", "1st-join-field= 2nd-join-field= unpairable-from= copying join-field= errorlevel= mmap output-fields= help usage version"),
    // inotify-tools 3.22's inotifywait and inotifywatch (fanotify's fsnotifywait, fsnotifywatch) wait for events on the files named and
    // print them. Not here: `-o`/`--outfile` (appends to the file, traced), `-d` (a daemon
    // logging to a file), `-s` (syslog), `--fromfile`.
    spec(&["inotifywait", "fsnotifywait"], "hmPrqct:e:", "help exclude= excludei= include= includei= monitor no-dereference recursive quiet format= no-newline timefmt= csv timeout= event="),
    spec(&["inotifywatch", "fsnotifywatch"], "ht:e:", "help timeout= event="),
    // libpng 1.6's png-fix-itxt: a filter, standard input to standard output.
    spec(&["png-fix-itxt"], "", ""),
];

/// A program whose reading mode is one option (`pixz -l`, `htpasswd -n`): its getopt grammar in
/// that mode, the option that must be given, what the program writes without it, and how many
/// operands the mode takes (the sixth pass, every option traced).
pub(super) struct Mode {
    pub spec: Spec,
    pub required: &'static str,
    pub otherwise: &'static str,
    pub operands: usize,
}

/// Sorted by name (looked up by binary search).
#[rustfmt::skip]
pub(super) const MODES: &[Mode] = &[
    // htdbm and htpasswd (apache2-utils 2.4) `-n` print the entry instead of updating a file.
    // Not here: `-c` (creates the file), `-D`/`-x`, `-v`, `-l`, `-t`.
    Mode { spec: spec(&["htdbm"], "nbimBdpsC:", ""), required: "-n",
        otherwise: "htdbm updates the database it is given (but with -n)", operands: 2 },
    Mode { spec: spec(&["htpasswd"], "nbimB25dpsC:r:", ""), required: "-n",
        otherwise: "htpasswd updates the password file it is given (but with -n)", operands: 2 },
    // install-info 6.8 `--dry-run` (`--test`) prints what it would change in the dir file.
    Mode { spec: spec(&["install-info"], "",
        "dry-run test quiet silent debug keep-old no-indent remove delete remove-exactly menuentry= section= description= entry= item= max-width= name= regex= align= calign= info-file= dir-file= help version"),
        required: "--dry-run|--test", otherwise: "install-info changes the dir file (but with --dry-run)", operands: 2 },
    // jpegoptim 1.4.7 `-n` optimizes in memory and prints the result. Not here: `-d`, `-o`,
    // `--stdout`, `--stdin` (without `-n` it writes a temporary file and replaces the image).
    Mode { spec: spec(&["jpegoptim"], "nvqftbpPsm:S:T:",
        "noaction verbose quiet force totals csv preserve preserve-perms strip-all strip-none strip-com strip-exif strip-iptc strip-icc strip-xmp all-normal all-progressive max= size= threshold="),
        required: "-n|--noaction", otherwise: "jpegoptim rewrites the images it is given (but with -n)", operands: usize::MAX },
    // rcs 5.10's merge `-p` prints the merge (it runs /usr/bin/diff3, which runs /usr/bin/diff:
    // paths compiled in, both only read).
    Mode { spec: spec(&["merge"], "AEepqL:V", ""), required: "-p",
        otherwise: "merge writes the merge into its first file (but with -p)", operands: 3 },
    // optipng 0.7.7 `-simulate` runs the trials and writes no file. Not here: `-out`, `-dir`,
    // `-log` (writes the log, traced), `-backup`, `-keep`, `-clobber`, `-preserve`, `-strip`,
    // `-snip`.
    Mode { spec: Spec { single_dash: true, ..spec(&["optipng"], "vo:f:i:",
        "simulate o0 o1 o2 o3 o4 o5 o6 o7 quiet silent full nb nc np nx nz fix zc= zm= zs=") },
        required: "--simulate", otherwise: "optipng rewrites the PNG files it is given (but with -simulate)", operands: usize::MAX },
    // pixz 1.0.7 `-l` lists a tarball's index. Not here: `-o` and any other mode.
    Mode { spec: spec(&["pixz"], "lti:p:", ""), required: "-l",
        otherwise: "pixz compresses or decompresses into a file (but with -l)", operands: 1 },
    // vorbis-tools 1.4's vorbiscomment `-l` prints the comments. Not here: `-c` (in list mode
    // writes them to the file, traced), `-a`, `-w`, `-t`, `-d`.
    Mode { spec: spec(&["vorbiscomment"], "lRehV", "list raw escapes help version"), required: "-l|--list",
        otherwise: "vorbiscomment rewrites the file's comments (but with -l)", operands: 1 },
    // zip 3.0's zipsplit `-t` reports how many pieces it would make. Not here: `-i`, `-b`, `-p`.
    Mode { spec: spec(&["zipsplit"], "tn:hv", ""), required: "-t",
        otherwise: "zipsplit writes pieces of an archive (but with -t)", operands: 1 },
];

/// The [`MODES`] entry of `program`.
fn mode_of(program: &str) -> Option<&'static Mode> {
    MODES
        .binary_search_by(|m| m.spec.names[0].cmp(program))
        .ok()
        .map(|i| &MODES[i])
}

/// `program values` in its [`Mode`]: read-only with the mode's option and the options listed.
fn mode(m: &Mode, program: &str, values: &[&str]) -> Verdict {
    let Some(parsed) = getopt(&m.spec, values) else {
        return Verdict::unknown(format!(
            "{program} is given an option its reading grammar does not list"
        ));
    };
    if !parsed.runtime.is_empty() || parsed.operands.len() > m.operands {
        return Verdict::unknown(format!(
            "{program} is given more operands than its reading mode takes"
        ));
    }
    // vorbiscomment lists when it is given no option at all (traced).
    let listing_by_default = program == "vorbiscomment" && parsed.options.is_empty();
    if !parsed.has(m.required) && !listing_by_default {
        return Verdict::write(m.otherwise);
    }
    Verdict::read_only()
}

/// sloccount 2.26's counters that are programs of their own (Perl scripts and C programs; the
/// shell wrappers run `generic_count` from PATH, and lex_count and sql_count run a shell):
/// each prints the lines of code of the files it is given. Not here: `-f` (a list of files read
/// from a file). The Perl ones open each file with Perl's two-argument `open`, where a name
/// starting with `<`, `>`, `+` or `|`, or ending with `|`, opens a pipe or a file to write: an
/// operand must be a plain name.
#[rustfmt::skip]
const SLOC_COUNTERS: &[&str] = &[
    "asm_count", "cobol_count", "f90_count", "fortran_count", "haskell_count", "java_count",
    "jsp_count", "lexcount1", "ml_count", "modula3_count", "objc_count", "pascal_count",
    "perl_count", "php_count", "python_count", "xml_count",
];

fn sloc_counter(program: &str, values: &[&str]) -> Verdict {
    let plain = |w: &&str| {
        let w = w.trim();
        !w.is_empty() && !w.starts_with(['-', '<', '>', '+', '|']) && !w.ends_with('|')
    };
    if values.iter().all(plain) {
        Verdict::read_only()
    } else {
        Verdict::unknown(format!(
            "{program} is given an option, or a name Perl's open reads as a pipe or an output"
        ))
    }
}

/// apt-utils 2.6's apt-ftparchive `packages`, `sources`, `contents`, `release`: the index of a
/// directory's packages printed (each file in it read). Not here: `generate` and `clean`
/// (write), `-d`/`--db` (a cache database, traced writing), `-c`/`-o` (configuration),
/// `-s`/`--source-override` (not traced). `APT_CONFIG` is the context's.
fn apt_ftparchive(values: &[&str]) -> Verdict {
    let unknown = || {
        Verdict::unknown(
            "apt-ftparchive is given a command or an option its reading grammar does not list",
        )
    };
    let mut mode = None;
    let mut i = 0;
    while let Some(&w) = values.get(i) {
        i += 1;
        match w {
            "--md5" | "--sha1" | "--sha256" | "--sha512" | "-q" | "--quiet" | "--readonly" => {}
            "-a" | "--arch" => i += 1,
            _ if w.starts_with("--arch=") => {}
            _ if w.starts_with('-') => return unknown(),
            _ if mode.is_none() => mode = Some(w),
            _ => {}
        }
    }
    if i > values.len() || !matches!(mode, Some("packages" | "sources" | "contents" | "release")) {
        return unknown();
    }
    Verdict::read_only()
}

/// Subversion 1.14's svnauthz `validate FILE` and `accessof FILE` (with `--path`, `--username`,
/// `--repository`, `--is`) read an authz file; `svnauthz-validate FILE` is `validate`. Not here:
/// a URL (a repository's file), `--transaction`, `--groups-file` (not traced).
fn svnauthz(program: &str, values: &[&str]) -> Verdict {
    let file_ok = |f: &str| !f.starts_with('-') && !f.contains("://");
    let reads = match (program, values) {
        ("svnauthz-validate", [file]) | ("svnauthz", ["validate", file]) => file_ok(file),
        ("svnauthz", ["accessof", file, rest @ ..]) => {
            file_ok(file)
                && rest.len() % 2 == 0
                && rest.chunks(2).all(|pair| {
                    matches!(pair[0], "--path" | "--username" | "--repository" | "--is")
                })
        }
        _ => false,
    };
    if reads {
        Verdict::read_only()
    } else {
        Verdict::unknown(format!(
            "{program} is given a command or an option its reading grammar does not list"
        ))
    }
}

/// python3-dulwich 0.21's `dulwich log` prints the working directory's repository's log (it
/// reads `.git`; no hook, pager or filter is run).
fn dulwich(values: &[&str]) -> Verdict {
    if values == ["log"] {
        Verdict::read_only()
    } else {
        Verdict::unknown("dulwich is given a command its reading grammar does not list")
    }
}

/// Debian's versioned and variant names of a program, and the program they are (the sixth
/// pass, rule (b); `bench/catalog/aliases.py --rust`): NAME is PLAIN and a version (`-` or
/// nothing, then digits and dots) and both resolve to the same file, or NAME is PLAIN, `-` or
/// `.`, and a variant word and PLAIN is a symbolic link naming NAME (`ocamlc -> ocamlc.opt`) or
/// Debian's alternatives link to NAME's file. Left out:
/// names `programs::cross_tool` and `programs::family` map already, and programs that read their
/// own name to choose a mode (`scheme-script`, Wine's `*-stable`). A version suffix alone is not
/// the rule: `go-12` (gccgo's go), `luarocks-5.1` (another Lua's) are other programs. Sorted
/// (binary search).
#[rustfmt::skip]
pub(super) const ALIASES: &[(&str, &str)] = &[
    ("aclocal-1.16", "aclocal"),
    ("animate-im6", "animate"),
    ("animate-im6.q16", "animate"),
    ("asan_symbolize-14", "asan_symbolize"),
    ("automake-1.16", "automake"),
    ("bugpoint-14", "bugpoint"),
    ("c89-gcc", "c89"),
    ("c99-gcc", "c99"),
    ("ccache-swig4.0", "ccache-swig"),
    ("clang-tidy-diff-14.py", "clang-tidy-diff"),
    ("clojure1.11", "clojure"),
    ("clojurec1.11", "clojurec"),
    ("compare-im6", "compare"),
    ("compare-im6.q16", "compare"),
    ("composite-im6", "composite"),
    ("composite-im6.q16", "composite"),
    ("conjure-im6", "conjure"),
    ("conjure-im6.q16", "conjure"),
    ("convert-im6", "convert"),
    ("convert-im6.q16", "convert"),
    ("ctags-universal", "ctags"),
    ("display-im6", "display"),
    ("display-im6.q16", "display"),
    ("dsymutil-14", "dsymutil"),
    ("erb3.1", "erb"),
    ("fakeroot-sysv", "fakeroot"),
    ("fpc-depends-3.2.2", "fpc-depends"),
    ("gccgo-12", "gccgo"),
    ("gdc-12", "gdc"),
    ("gforth-0.7.3", "gforth"),
    ("gforth-fast-0.7.3", "gforth-fast"),
    ("gforth-itc-0.7.3", "gforth-itc"),
    ("gforthmi-0.7.3", "gforthmi"),
    ("gfortran-12", "gfortran"),
    ("ghc-9.0.2", "ghc"),
    ("ghc-pkg-9.0.2", "ghc-pkg"),
    ("ghci-9.0.2", "ghci"),
    ("git-clang-format-14", "git-clang-format"),
    ("gnat-12", "gnat"),
    ("gnatbind-12", "gnatbind"),
    ("gnatchop-12", "gnatchop"),
    ("gnatclean-12", "gnatclean"),
    ("gnathtml-12", "gnathtml"),
    ("gnatkr-12", "gnatkr"),
    ("gnatlink-12", "gnatlink"),
    ("gnatls-12", "gnatls"),
    ("gnatmake-12", "gnatmake"),
    ("gnatname-12", "gnatname"),
    ("gnatprep-12", "gnatprep"),
    ("gnuplot-nox", "gnuplot"),
    ("gp-2.15", "gp"),
    ("guile-3.0", "guile"),
    ("haddock-ghc-9.0.2", "haddock"),
    ("identify-im6", "identify"),
    ("identify-im6.q16", "identify"),
    ("import-im6", "import"),
    ("import-im6.q16", "import"),
    ("irb3.1", "irb"),
    ("krb5-config.mit", "krb5-config"),
    ("lft.db", "lft"),
    ("lld-link-14", "lld-link"),
    ("lldb-argdumper-14", "lldb-argdumper"),
    ("lldb-server-14", "lldb-server"),
    ("lzip-compressor", "lzip"),
    ("lzip-decompressor", "lzip"),
    ("lzip.lzip", "lzip"),
    ("mogrify-im6", "mogrify"),
    ("mogrify-im6.q16", "mogrify"),
    ("mono-sgen", "mono"),
    ("montage-im6", "montage"),
    ("montage-im6.q16", "montage"),
    ("mt-gnu", "mt"),
    ("nc.traditional", "nc"),
    ("obj2yaml-14", "obj2yaml"),
    ("ocamlc.opt", "ocamlc"),
    ("ocamlcp.opt", "ocamlcp"),
    ("ocamldep.opt", "ocamldep"),
    ("ocamllex.opt", "ocamllex"),
    ("ocamlmklib.opt", "ocamlmklib"),
    ("ocamlmktop.opt", "ocamlmktop"),
    ("ocamlobjinfo.opt", "ocamlobjinfo"),
    ("ocamlopt.opt", "ocamlopt"),
    ("ocamloptp.opt", "ocamloptp"),
    ("ocamlprof.opt", "ocamlprof"),
    ("pdb3.11", "pdb3"),
    ("phar.default", "phar"),
    ("phar.phar", "phar"),
    ("phar.phar.default", "phar"),
    ("phar.phar8.2", "phar"),
    ("phar8.2", "phar"),
    ("phar8.2.phar", "phar"),
    ("php-config.default", "php-config"),
    ("php-config8.2", "php-config"),
    ("php.default", "php"),
    ("phpize.default", "phpize"),
    ("phpize8.2", "phpize"),
    ("pinentry-curses", "pinentry"),
    ("ppcx64-3.2.2", "ppcx64"),
    ("py.test-3", "py.test"),
    ("pybabel-python3", "pybabel"),
    ("pydoc3.11", "pydoc3"),
    ("pygettext3.11", "pygettext3"),
    ("pytest-3", "pytest"),
    ("rdoc3.1", "rdoc"),
    ("ri3.1", "ri"),
    ("rmt-tar", "rmt"),
    ("run-clang-tidy-14", "run-clang-tidy"),
    ("runghc-9.0.2", "runghc"),
    ("sanstats-14", "sanstats"),
    ("sar.sysstat", "sar"),
    ("stream-im6", "stream"),
    ("stream-im6.q16", "stream"),
    ("swig4.0", "swig"),
    ("tclsh8.6", "tclsh"),
    ("tcptraceroute.db", "tcptraceroute"),
    ("traceproto.db", "traceproto"),
    ("traceroute.db", "traceroute"),
    ("traceroute6.db", "traceroute6"),
    ("vala-0.56", "vala"),
    ("vala-gen-introspect-0.56", "vala-gen-introspect"),
    ("valac-0.56", "valac"),
    ("vapigen-0.56", "vapigen"),
    ("verify-uselistorder-14", "verify-uselistorder"),
    ("vim.basic", "vim"),
    ("vmgen-0.7.3", "vmgen"),
    ("which.debianutils", "which"),
    ("wish8.6", "wish"),
    ("yaml2obj-14", "yaml2obj"),
];

/// Whether `args` is one information mode [`INFO`] lists for `name` itself.
pub(crate) fn measured(name: &str, args: &[Word]) -> bool {
    match args {
        [only] => only.value.as_deref().is_some_and(|v| info(name, &[v])),
        _ => false,
    }
}

/// The program `name` is another name of ([`ALIASES`]).
pub(crate) fn alias(name: &str) -> Option<&'static str> {
    ALIASES
        .binary_search_by(|(n, _)| n.cmp(&name))
        .ok()
        .map(|i| ALIASES[i].1)
}

/// Names Debian installs as one file with a program that reads its own name to choose a mode,
/// and their legacy words (the seventh pass, read in their sources and traced): `zstdmt` is
/// `zstd -T0` (threads only); `unpigz` is `pigz -d`, and every form pigz's grammar reads
/// (`-c`, `-t`, `-l`, a filter) reads when it decompresses too; `lz4c` is `lz4` but for the
/// legacy options a short option word may end with (`-c0`, `-c1`, `-c2`, `-hc` set a compression
/// level where `lz4` reads `-c` as standard output and `-h` as help; `-y` overwrites), so a call
/// with one is judged as written. Not names that only share a file: `llvm-ranlib` is `llvm-ar`'s
/// file and writes an index where `llvm-ar t` lists. The context checks that the two names are
/// one file there (`Probe::same_program`).
const SIBLINGS: &[(&str, &str, &[&str])] = &[
    ("lz4c", "lz4", &["c0", "c1", "c2", "hc", "y"]),
    ("unpigz", "pigz", &[]),
    ("zstdmt", "zstd", &[]),
];

/// The program `name` is run as with `args` ([`SIBLINGS`]); `None` for a call with a legacy
/// word, or one only known at run time, which is judged as written, and for an information mode
/// traced under the name itself ([`INFO`]: `lz4c -V`), which stands as measured.
pub(crate) fn sibling(name: &str, args: &[Word]) -> Option<&'static str> {
    let (_, plain, legacy) = SIBLINGS.iter().find(|(n, ..)| *n == name)?;
    if measured(name, args) {
        return None;
    }
    let legacy_word = |w: &str| {
        w.starts_with('-') && !w.starts_with("--") && legacy.iter().any(|l| w.ends_with(l))
    };
    args.iter()
        .all(|a| a.value.as_deref().is_some_and(|v| !legacy_word(v)))
        .then_some(*plain)
}

/// How a program reads the options of a [`Grammar`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Style {
    /// LLVM's CommandLine library: each option is one word, `-name` or `--name`; a value after
    /// `=` or in the next word (an optional one only after `=`); no grouping of the options
    /// listed here.
    Llvm,
    /// The JDK's tools and OCaml's `Arg`: each option exactly as spelled, its value in the next
    /// word; `-J` passes an option to the tool's own Java VM (`modes::jvm_flag`).
    Exact,
}

/// A reading grammar of a program (or of one mode of it: `llvm-profdata show`) whose options are
/// not getopt's: the options that only choose what is printed or where input is looked for, as
/// traced (`bench/catalog/inspectors.tsv`) and read in its manual. Any other option, an `@FILE`
/// (more options from a file) and, where `operands` says none, any operand leave the call unknown.
#[derive(Debug)]
pub(super) struct Grammar {
    pub program: &'static str,
    /// The word that must come first (`show`), or "".
    pub mode: &'static str,
    pub style: Style,
    /// Options without a value, space separated (Llvm: the name without dashes).
    pub flags: &'static str,
    /// Options that take a value.
    pub values: &'static str,
    /// Llvm options whose value is optional (given only as `--name=value`).
    pub optional: &'static str,
    /// Operands (files, classes, symbols) may be given.
    pub operands: bool,
    /// An option that makes the program print to standard output what it otherwise writes to a
    /// file, and what it writes then (`llvm-dis` without `-o -` writes `FILE.ll`).
    pub output: Option<(&'static str, &'static str)>,
    /// Without its output option the program prints (LLVM's `-o` defaults to `-`): only an
    /// output naming a file writes.
    pub prints: bool,
}

const fn llvm(
    program: &'static str,
    mode: &'static str,
    flags: &'static str,
    values: &'static str,
) -> Grammar {
    Grammar {
        program,
        mode,
        style: Style::Llvm,
        flags,
        values,
        optional: "",
        operands: true,
        output: None,
        prints: false,
    }
}

const fn exact(
    program: &'static str,
    mode: &'static str,
    flags: &'static str,
    values: &'static str,
) -> Grammar {
    Grammar {
        program,
        mode,
        style: Style::Exact,
        flags,
        values,
        optional: "",
        operands: true,
        output: None,
        prints: false,
    }
}

/// LLVM's CommandLine library's own options, in every cl::opt tool: help and version.
const LLVM_HELP: &str = "help help-hidden help-list help-list-hidden version color";

/// Sorted by program, then mode (looked up by binary search).
#[rustfmt::skip]
pub(super) const GRAMMARS: &[Grammar] = &[
    // The sixth pass: llvm-14-tools' FileCheck checks standard input (or `--input-file`)
    // against the patterns of its check file and prints what failed. Not here: `-D` attached
    // (`-DVAR=1`) and LLVM's other options.
    llvm("FileCheck", "",
        "strict-whitespace match-full-lines allow-empty ignore-case allow-unused-prefixes enable-var-scope v vv allow-deprecated-dag-overlap help help-hidden help-list help-list-hidden version color",
        "dump-input dump-input-context dump-input-filter check-prefix check-prefixes comment-prefixes implicit-check-not D input-file"),
    // appstreamcli validate (AppStream 0.16) prints a metainfo file's problems; without
    // `--no-net` it checks the URLs the file names online (`catalog::check`). Not here:
    // `--override` (not traced), its other commands (`refresh-cache`, `install`, `compose`, …).
    exact("appstreamcli", "validate", "--no-net --pedantic --explain --strict -h --help", "--format"),
    // clang-tidy 14 lists its checks and prints its configuration without a source (no
    // `operands`): the `.clang-tidy` files it reads from the working directory up choose checks
    // and their options (their `ExtraArgs` apply only to compiling a source, which these forms
    // never do; no key loads a plugin or names a file to write). Not here: `--config-file`,
    // `--load`, `--fix*`, `--export-fixes`, `-p`, `--store-check-profile`.
    Grammar { operands: false, ..llvm("clang-tidy", "",
        "list-checks dump-config explain-config verify-config quiet system-headers use-color help help-hidden help-list help-list-hidden version color",
        "checks config header-filter warnings-as-errors") },
    // jdeps (OpenJDK 17): dependence analysis printed. Not here: `-dotoutput`/`--dot-output`
    // and `--generate-module-info`/`--generate-open-module` (they write into the directory
    // named), `--system` (another JDK's modules, read through the lib/jrt-fs.jar of the home
    // named: its code is loaded).
    exact("jdeps", "",
        "-h -? --help -s -summary -v -verbose -verbose:package -verbose:class -apionly --api-only -jdkinternals --jdk-internals -q -quiet -version --version --list-deps --list-reduced-deps --print-module-deps --ignore-missing-deps -filter:package -filter:archive -filter:module -filter:none --missing-deps -P -profile -R --recursive --no-recursive -I --inverse --compile-time",
        "-cp -classpath --class-path --module-path --upgrade-module-path --add-modules --multi-release -m --module --check -p -package --package -e -regex --regex --require -f -filter -include"),
    // jfr (OpenJDK 17): a recording's events, summary or metadata printed. Not here: configure,
    // assemble and disassemble (they write files).
    exact("jfr", "metadata", "", "--categories --events"),
    exact("jfr", "print", "--xml --json", "--categories --events --stack-depth"),
    exact("jfr", "summary", "", ""),
    // jimage (OpenJDK 17): the entries, header or class check of a jimage file. Not here:
    // extract (writes into `--dir`).
    exact("jimage", "info", "--verbose", "--include"),
    exact("jimage", "list", "--verbose", "--include"),
    exact("jimage", "verify", "--verbose", "--include"),
    // jmod (OpenJDK 17): the entries or module descriptor of a jmod file. Not here: create,
    // extract and hash (they write).
    exact("jmod", "describe", "", ""),
    exact("jmod", "list", "", ""),
    // jps (OpenJDK 17) lists this user's Java VMs from their performance data in /tmp. A host
    // operand asks jstatd on that host over RMI (the network): no operand.
    Grammar { operands: false, ..exact("jps", "", "-q -m -l -v -V -mlvV -lm -lv -ml -mv -lmv -mlv", "") },
    // The seventh pass: LLVM 14's llc compiles IR to assembly, written to FILE.s beside its
    // input unless `-o -` (or standard input) prints it. Not here: `-load` (a plugin), the
    // options that write reports (`-pass-remarks-output`, `-time-trace-file`,
    // `-split-dwarf-file`), `-run-pass`/`-start-*`/`-stop-*` (not traced).
    Grammar { output: Some(("o", "llc writes FILE.s beside its input (or the file -o names)")),
        ..llvm("llc", "", "O0 O1 O2 O3 help help-hidden help-list help-list-hidden version color",
        "o filetype march mtriple mcpu mattr relocation-model x86-asm-syntax") },
    // llvm-as (LLVM 14) writes FILE.bc beside each assembly FILE; `-o -` prints it (the fourth
    // pass, `bench/catalog/devtools.tsv`). Not here: `--data-layout` and LLVM's other options.
    Grammar { output: Some(("o", "llvm-as writes FILE.bc beside each assembly FILE (or the file -o names)")),
        ..llvm("llvm-as", "", "f disable-output help help-hidden help-list help-list-hidden version color", "o") },
    // llvm-bcanalyzer (LLVM 14) prints the structure of a bitcode file; `--block-info` reads
    // another one.
    llvm("llvm-bcanalyzer", "", "dump dump-blockinfo non-symbolic show-binary-blobs disable-histogram help help-hidden help-list help-list-hidden version color", "block-info check-hash"),
    // llvm-cov (LLVM 14): coverage of an instrumented program from its profile, printed (the
    // `show` report as text or HTML on standard output). Not here: `--output-dir` (writes a
    // report tree), `--Xdemangler` (runs the program named), `gcov` (writes .gcov files).
    llvm("llvm-cov", "export",
        "skip-expansions skip-functions summary-only help help-hidden help-list help-list-hidden version color",
        "format instr-profile object arch ignore-filename-regex compilation-dir path-equivalence num-threads j"),
    llvm("llvm-cov", "report",
        "show-branch-summary show-functions show-instantiation-summary show-region-summary summary-only use-color help help-hidden help-list help-list-hidden version color",
        "format instr-profile object arch ignore-filename-regex compilation-dir path-equivalence num-threads j line-coverage-gt line-coverage-lt region-coverage-gt region-coverage-lt name name-regex name-allowlist"),
    llvm("llvm-cov", "show",
        "show-branch-summary show-instantiation-summary show-region-summary summary-only use-color show-expansions show-instantiations show-line-counts show-line-counts-or-regions show-regions help help-hidden help-list help-list-hidden version color",
        "format instr-profile object arch ignore-filename-regex compilation-dir path-equivalence num-threads j line-coverage-gt line-coverage-lt region-coverage-gt region-coverage-lt name name-regex name-allowlist project-title tab-size show-branches"),
    // llvm-cxxdump (LLVM 14) prints the C++ ABI data of object files.
    llvm("llvm-cxxdump", "", LLVM_HELP, ""),
    // The fifth pass (`bench/catalog/wholesale.tsv`), LLVM 14's printers whose `-o` defaults to
    // standard output (`-o FILE` writes FILE). llvm-diff prints how two modules differ.
    llvm("llvm-diff", "", LLVM_HELP, ""),
    // llvm-dis (LLVM 14) writes FILE.ll beside each bitcode FILE; `-o -` prints it.
    Grammar { output: Some(("o", "llvm-dis writes FILE.ll beside each bitcode FILE (or the file -o names)")),
        ..llvm("llvm-dis", "", "f materialize-metadata show-annotations help help-hidden help-list help-list-hidden version color", "o") },
    // llvm-dwarfdump (LLVM 14) prints an object's DWARF sections. Not here: `-o`/`--out-file`
    // (writes the dump to a file).
    Grammar { optional: "debug-frame debug-info debug-line debug-loc debug-loclists debug-types",
        ..llvm("llvm-dwarfdump", "",
        "a all apple-names apple-namespaces apple-objc apple-types debug-abbrev debug-addr debug-aranges debug-cu-index debug-gnu-pubnames debug-gnu-pubtypes debug-line-str debug-macro debug-names debug-pubnames debug-pubtypes debug-ranges debug-rnglists debug-str debug-str-offsets debug-tu-index eh-frame gdb-index F c diff i ignore-case p quiet regex show-children show-form show-parents show-section-sizes statistics summarize-types u uuid v verbose verify x help help-hidden help-list help-list-hidden version color",
        "arch find f lookup name n parent-recurse-depth r recurse-depth") },
    // llvm-extract prints the functions and globals it is told to extract from a module (`-S`
    // as assembly); llvm-link prints the modules linked; llvm-mc assembles or disassembles
    // (`--filetype=obj` is an object file on standard output); llvm-mca prints a performance
    // analysis of its assembly. Not here: llvm-extract's `--bb`, `--alias`, `--ralias` (not
    // traced), llvm-link's `--import`, `--summary-index` (not traced), llvm-mc's `--dwarf-*` and
    // `--split-dwarf-file` (another output file), LLVM's other options.
    Grammar { output: Some(("o", "llvm-extract writes the file -o names")), prints: true,
        ..llvm("llvm-extract", "", "S recursive keep-const-init delete f help help-hidden help-list help-list-hidden version color", "o func rfunc glob rglob") },
    Grammar { output: Some(("o", "llvm-link writes the file -o names")), prints: true,
        ..llvm("llvm-link", "", "S only-needed internalize suppress-warnings v disable-lazy-loading disable-debug-info-type-map f help help-hidden help-list help-list-hidden version color", "o override") },
    Grammar { output: Some(("o", "llvm-mc writes the file -o names")), prints: true,
        ..llvm("llvm-mc", "", "show-encoding show-inst show-inst-operands print-imm-hex as-lex preserve-comments help help-hidden help-list help-list-hidden version color", "o filetype triple mcpu mattr x86-asm-syntax output-asm-variant arch") },
    Grammar { output: Some(("o", "llvm-mca writes the file -o names")), prints: true,
        ..llvm("llvm-mca", "", "all-stats all-views bottleneck-analysis dispatch-stats instruction-info instruction-tables json register-file-stats resource-pressure retire-stats scheduler-stats show-encoding timeline noalias print-imm-hex help help-hidden help-list help-list-hidden version color",
        "o mcpu mtriple march iterations timeline-max-cycles timeline-max-iterations dispatch lqueue squeue register-file-size output-asm-variant") },
    // llvm-profdata show (LLVM 14) prints a profile. Not here: `--output`/`-o` (writes it).
    llvm("llvm-profdata", "show",
        "all-functions counts covered detailed-summary hot-func-list ic-targets instr sample memory list-below-cutoff memop-sizes show-prof-sym-list show-sec-info-only showcs text binary-ids help help-hidden help-list help-list-hidden version color",
        "debug-info detailed-summary-cutoffs function topn value-cutoff"),
    // llvm-stress (LLVM 14) prints a random module; `-o FILE` writes it.
    Grammar { output: Some(("o", "llvm-stress writes the file -o names")), prints: true,
        ..llvm("llvm-stress", "", LLVM_HELP, "o size seed") },
    // llvm-tblgen (LLVM 14) prints a TableGen file's records (or a backend's output) to standard
    // output; `-o FILE` writes. Not here: `-d` (writes a dependency file), `--write-if-changed`,
    // the `--gen-*` backends (not traced).
    Grammar { output: Some(("o", "llvm-tblgen writes the file -o names")), prints: true,
        ..llvm("llvm-tblgen", "", "print-records print-detailed-records dump-json print-enums print-sets help help-hidden help-list help-list-hidden version color", "o I class") },
        // llvm-undname (LLVM 14) demangles Microsoft C++ names given or read from standard input.
    llvm("llvm-undname", "", "backrefs no-access-specifier no-calling-convention no-member-type no-return-type no-variable-type warn-trailing help help-hidden help-list help-list-hidden version color", "raw-file"),
    // obj2yaml (LLVM 14) prints an object file as YAML (it has no output option).
    llvm("obj2yaml", "", "help help-hidden help-list help-list-hidden version color", ""),
    // ocamldumpobj (OCaml 4.13) prints a bytecode file's contents. Not here: `-args`, `-args0`
    // (more arguments from a file).
    exact("ocamldumpobj", "", "-noloc -reloc -help --help", ""),
    // ocamlfind (findlib 1.9) lists the installed packages or prints what it knows of one from
    // their META files (`list`, `query`, `printconf`). Not here: its commands that run a
    // compiler, install or remove.
    exact("ocamlfind", "list", "-describe -help --help", ""),
    exact("ocamlfind", "printconf", "-help --help", ""),
    exact("ocamlfind", "query", "-recursive -r -descendants -d -pp -long-format -l -i-format -l-format -a-format -o-format -p-format -help-format -qe -qo -help --help", "-predicates -format -separator -prefix -suffix"),
    // ocamlobjinfo (OCaml 4.13) prints what a compiled unit or library holds. Not here: `-args`
    // and `-args0` (more arguments from a file).
    exact("ocamlobjinfo", "", "-no-approx -no-code -null-crc -help --help", ""),
    // The seventh pass: LLVM 14's opt runs a pass pipeline over IR and prints the result (`-o`
    // defaults to standard output); only the passes `OPT_PASSES` lists are taken (`dot-cfg`
    // writes `.FUNCTION.dot`, traced; `view-cfg` runs a viewer). Not here: `-load`,
    // `-load-pass-plugin` (plugins), `-pass-remarks-output`, `-stats`, `-time-trace`.
    Grammar { output: Some(("o", "opt writes the file -o names")), prints: true,
        ..llvm("opt", "", "S O0 O1 O2 O3 help help-hidden help-list help-list-hidden version color", "o passes") },
    // pdfsig (poppler 22.12) prints a PDF's signatures and checks them against the NSS
    // database (`-nssdir`, default `~/.pki/nssdb`, opened read-only: traced). A certificate's
    // revocation is asked of its OCSP server online unless `-no-ocsp` or `-nocert`
    // (`catalog::check`). Not here: `-aia` (fetches certificates), `-dump` (writes each
    // signature into the working directory), `-add-signature`, `-sign` and their options (write
    // the output file), a second operand (that output file).
    Grammar { operands: true,
        ..exact("pdfsig", "", "-nocert -no-ocsp -list-nicks -v -h -help -?", "-nssdir -nss-pwd -opw -upw") },
    // uncrustify 0.72 formats `-f FILE` (or standard input) to standard output, or with
    // `--check` only says whether its files would change; file operands without `--check` are
    // written as FILE.uncrustify (`catalog::uncrustify`). Its configuration (`-c`,
    // `UNCRUSTIFY_CONFIG`, `~/.uncrustify.cfg`) holds formatting settings only. Not here: `-o`,
    // `-F`, `-p`, `--replace`, `--prefix`, `--suffix`, `--update-config`, `-t`.
    exact("uncrustify", "",
        "-q --frag --check --version --help -h -? --usage --count-options --show-config",
        "-c -f -l --assume --set"),
    // webp 1.2's `webpmux -info FILE` prints a WebP file's features. Not here: `-get`, `-set`,
    // `-strip`, `-frame`, `-duration` (write with `-o`).
    exact("webpmux", "-info", "", ""),
];

/// The grammar of `program` for the words `values`: its mode's, or its own.
fn grammar(program: &str, values: &[&str]) -> Option<&'static Grammar> {
    let first = values.first().copied().unwrap_or("");
    let at = GRAMMARS.partition_point(|g| g.program < program);
    GRAMMARS[at..]
        .iter()
        .take_while(|g| g.program == program)
        .find(|g| g.mode.is_empty() || g.mode == first)
}

/// Whether `program` has a reading grammar here ([`GRAMMARS`] or the special forms of
/// [`check`]).
pub(super) fn has_grammar(program: &str) -> bool {
    matches!(
        program,
        "llvm-ar"
            | "colordiff"
            | "cppcheck"
            | "ledger"
            | "hledger"
            | "sparse"
            | "glib-compile-schemas"
            | "systemd-analyze"
            | "astyle"
            | "indent"
            | "chktex"
            | "csvclean"
            | "glib-compile-resources"
            | "highlight"
            | "source-highlight"
            | "bean-doctor"
            | "gresource"
            | "diagtool"
            | "diagtool-14"
            | "apt-ftparchive"
            | "svnauthz"
            | "svnauthz-validate"
            | "dulwich"
    ) || PRINTERS.binary_search(&program).is_ok()
        || mode_of(program).is_some()
        || SLOC_COUNTERS.contains(&program)
        || GRAMMARS
            .binary_search_by(|g| g.program.cmp(program))
            .is_ok()
}

/// The verdict for `program values` when a grammar here knows the program: read-only for a form
/// it lists, unknown for any other. `None` for a program without one.
pub(super) fn check(program: &str, values: &[&str]) -> Option<Verdict> {
    if program == "llvm-ar" {
        return Some(if llvm_ar_lists(values) {
            Verdict::read_only()
        } else {
            Verdict::unknown(
                "llvm-ar is given a form other than listing (t) or printing (p) members",
            )
        });
    }
    match program {
        "colordiff" => return Some(colordiff(values)),
        "cppcheck" => return Some(cppcheck(values)),
        "ledger" => return Some(ledger(values)),
        "hledger" => return Some(hledger(values)),
        "sparse" => return Some(sparse(values)),
        "glib-compile-schemas" => return Some(glib_compile_schemas(values)),
        "systemd-analyze" => return Some(systemd_analyze(values)),
        "astyle" => return Some(astyle(values)),
        "indent" => return Some(indent(values)),
        "chktex" => return Some(chktex(values)),
        "csvclean" => return Some(csvclean(values)),
        "glib-compile-resources" => return Some(glib_compile_resources(values)),
        "highlight" => return Some(highlight(values)),
        "source-highlight" => return Some(source_highlight(values)),
        "bean-doctor" => return Some(bean_doctor(values)),
        "gresource" => return Some(gresource(values)),
        "diagtool" | "diagtool-14" => return Some(diagtool(values)),
        "apt-ftparchive" => return Some(apt_ftparchive(values)),
        "svnauthz" | "svnauthz-validate" => return Some(svnauthz(program, values)),
        "dulwich" => return Some(dulwich(values)),
        _ => {}
    }
    if let Some(m) = mode_of(program) {
        return Some(mode(m, program, values));
    }
    if SLOC_COUNTERS.contains(&program) {
        return Some(sloc_counter(program, values));
    }
    if PRINTERS.binary_search(&program).is_ok() {
        return Some(Verdict::read_only());
    }
    if !has_grammar(program) {
        return None;
    }
    // LLVM's CommandLine library and the JDK's launchers expand every `@FILE` word, a value's
    // too, into the arguments FILE holds, before any option is read.
    if values.iter().any(|w| w.starts_with('@')) {
        return Some(Verdict::unknown(format!(
            "{program} takes more arguments from the @FILE it is given"
        )));
    }
    let unknown = || {
        Verdict::unknown(format!(
            "{program} is given an option or a mode its reading grammar does not list"
        ))
    };
    // A JDK tool's launcher takes its `-J` options wherever they are, so its mode is the first
    // word after them (`jimage -J-XX:-UsePerfData list FILE`).
    let words: Vec<&str> = values
        .iter()
        .copied()
        .filter(|w| !super::modes::jvm_flag(w) || !jdk(program))
        .collect();
    let Some(g) = grammar(program, &words) else {
        return Some(unknown());
    };
    let rest = &words[usize::from(!g.mode.is_empty())..];
    match parse(g, rest) {
        Some(Parsed { output, operands }) => {
            if !g.operands && operands > 0 {
                return Some(unknown());
            }
            if program == "appstreamcli" && !flag_given(g, rest, "--no-net") {
                return Some(Verdict::unknown(
                    "appstreamcli validate checks the URLs a metainfo file names online (but with --no-net)",
                ));
            }
            if program == "pdfsig" {
                return Some(pdfsig(g, rest, operands));
            }
            if program == "opt" && !opt_passes_listed(rest) {
                return Some(Verdict::unknown(
                    "opt is given a pass its reading grammar does not list",
                ));
            }
            // uncrustify writes each file operand's result beside it unless told `--check`.
            if program == "uncrustify" && operands > 0 && !flag_given(g, rest, "--check") {
                return Some(Verdict::write(
                    "uncrustify writes FILE.uncrustify beside each file it is given (but with --check)",
                ));
            }
            if let Some((_, writes)) = g.output {
                // Written beside each named input unless the output names a standard stream; with
                // no input (or `-`) the program reads standard input and prints.
                let to_stream = output.is_some_and(|o| super::grammar::writes_no_file(o, true));
                let named = output.is_some() || (operands > 0 && !g.prints);
                if !to_stream && named {
                    return Some(Verdict::write(writes));
                }
            }
            Some(Verdict::read_only())
        }
        None => Some(unknown()),
    }
}

/// The passes of LLVM 14's new pass manager traced as transforming or printing in memory only
/// (`bench/catalog/seventh.tsv`): a pipeline (`-passes=mem2reg,instcombine`) naming any other
/// (`dot-cfg` writes a file per function, `view-cfg` runs a viewer) or an adaptor
/// (`function(…)`, not traced) is not taken. Sorted (binary search).
const OPT_PASSES: &[&str] = &[
    "dce",
    "default<O0>",
    "default<O2>",
    "default<O3>",
    "early-cse",
    "gvn",
    "instcombine",
    "mem2reg",
    "print<domtree>",
    "simplifycfg",
    "sroa",
];

/// Whether every pass of every `-passes` pipeline among `words` is in [`OPT_PASSES`].
fn opt_passes_listed(words: &[&str]) -> bool {
    let mut pipelines = Vec::new();
    let mut i = 0;
    while let Some(&w) = words.get(i) {
        i += 1;
        let body = w.strip_prefix("--").or_else(|| w.strip_prefix('-'));
        match body.map(|b| b.split_once('=')) {
            Some(Some(("passes", v))) => pipelines.push(v),
            _ if body == Some("passes") => {
                if let Some(&v) = words.get(i) {
                    pipelines.push(v);
                    i += 1;
                }
            }
            _ => {}
        }
    }
    pipelines
        .iter()
        .flat_map(|p| p.split(','))
        .all(|pass| OPT_PASSES.binary_search(&pass).is_ok())
}

/// pdfsig with one PDF: its information modes, or its signatures checked offline.
fn pdfsig(g: &Grammar, words: &[&str], operands: usize) -> Verdict {
    let given = |name: &str| flag_given(g, words, name);
    if ["-v", "-h", "-help", "-?", "-list-nicks"]
        .into_iter()
        .any(given)
    {
        return Verdict::read_only();
    }
    if operands != 1 {
        return Verdict::unknown("pdfsig is given a second file (the output of a signing)");
    }
    if given("-no-ocsp") || given("-nocert") {
        Verdict::read_only()
    } else {
        Verdict::unknown(
            "pdfsig asks each signing certificate's OCSP server online whether it was revoked (but with -no-ocsp or -nocert)",
        )
    }
}

/// Whether the flag `name` of an [`Style::Exact`] grammar is among `words` as an option (not as
/// the value of another option).
fn flag_given(g: &Grammar, words: &[&str], name: &str) -> bool {
    let takes_value = |w: &str| g.values.split_whitespace().any(|n| n == w);
    let mut i = 0;
    while let Some(&w) = words.get(i) {
        if w == name {
            return true;
        }
        i += if takes_value(w) { 2 } else { 1 };
    }
    false
}

/// A JDK tool: its grammars are [`Style::Exact`] and its launcher reads `-J` options.
fn jdk(program: &str) -> bool {
    program.starts_with('j')
}

struct Parsed<'a> {
    /// The value of the grammar's output option, the last one given.
    output: Option<&'a str>,
    operands: usize,
}

/// The words after the mode, read as `g` says; `None` when a word is not in the grammar.
fn parse<'a>(g: &Grammar, words: &[&'a str]) -> Option<Parsed<'a>> {
    let listed = |list: &str, name: &str| list.split_whitespace().any(|n| n == name);
    let mut parsed = Parsed {
        output: None,
        operands: 0,
    };
    let mut i = 0;
    while let Some(&w) = words.get(i) {
        i += 1;
        if w == "-" || !w.starts_with('-') {
            parsed.operands += 1;
            continue;
        }
        let (name, attached) = match g.style {
            Style::Exact if listed(g.flags, w) => continue,
            Style::Exact => (w, None),
            Style::Llvm if w == "--" => {
                parsed.operands += words.len() - i;
                break;
            }
            Style::Llvm => {
                let body = w.strip_prefix("--").unwrap_or(&w[1..]);
                match body.split_once('=') {
                    Some((n, v)) => (n, Some(v)),
                    None if listed(g.flags, body) || listed(g.optional, body) => continue,
                    None => (body, None),
                }
            }
        };
        if attached.is_some() && listed(g.optional, name) {
            continue;
        }
        if !listed(g.values, name) {
            return None;
        }
        let value = match attached {
            Some(v) => v,
            None => {
                i += 1;
                *words.get(i - 1)?
            }
        };
        if g.output.is_some_and(|(o, _)| o == name) {
            parsed.output = Some(value);
        }
    }
    Some(parsed)
}

/// `llvm-ar t ARCHIVE`, `tv`, `tO`, `p`, `pv` (LLVM 14's llvm-ar(1): `t` lists the members,
/// `p` prints them, `v` and `O` add detail), each with an archive and member names. Any other
/// operation or modifier (`x` extracts, `r`/`q`/`d`/`m` change the archive) is not here.
fn llvm_ar_lists(values: &[&str]) -> bool {
    let Some((key, rest)) = values.split_first() else {
        return false;
    };
    let key = key.strip_prefix('-').unwrap_or(key);
    key.chars().filter(|c| matches!(c, 't' | 'p')).count() == 1
        && key.chars().all(|c| matches!(c, 't' | 'p' | 'v' | 'O'))
        && !rest.is_empty()
        && rest.iter().all(|v| !v.starts_with(['-', '@']))
}

/// The options colordiff 1.0.20 takes itself (Getopt::Long, `pass_through`, no abbreviations,
/// names matched without case, one or two dashes), with whether each takes a value; it hands
/// every other word to diff.
const COLORDIFF_OWN: &[(&str, bool)] = &[
    ("verifymode", false),
    ("fakeexitcode", false),
    ("difftype", true),
    ("color", true),
    ("color-patches", true),
    ("color-term-output-only", true),
];

/// colordiff's finding in its diff mode: settled by the context, which reads the configuration
/// files (`context::catalog`).
pub(crate) const COLORDIFF_DIFF_CMD: &str =
    "colordiff runs the diff_cmd its configuration files may name (~/.colordiffrc, ~/.config/colordiff/colordiffrc); no context was read to tell";

/// The words colordiff hands to diff, or `None` when a value of its own options is not plain
/// (the next word looks like an option: Getopt::Long's reading of it is not modelled here).
pub(crate) fn colordiff_diff_args<'a>(values: &[&'a str]) -> Option<Vec<&'a str>> {
    let mut rest = Vec::new();
    let mut i = 0;
    while let Some(&w) = values.get(i) {
        i += 1;
        if w == "--" {
            rest.extend_from_slice(&values[i - 1..]);
            break;
        }
        let body = w
            .strip_prefix("--")
            .or_else(|| w.strip_prefix('-'))
            .filter(|b| !b.is_empty());
        let Some(body) = body else {
            rest.push(w);
            continue;
        };
        let (name, attached) = match body.split_once('=') {
            Some((n, v)) => (n, Some(v)),
            None => (body, None),
        };
        let own = COLORDIFF_OWN
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name));
        match own {
            None => rest.push(w),
            Some((_, false)) => {}
            Some((_, true)) if attached.is_some() => {}
            Some((_, true)) => {
                let value = values.get(i)?;
                if value.starts_with('-') {
                    return None;
                }
                i += 1;
            }
        }
    }
    Some(rest)
}

/// Whether colordiff runs diff on these words (its `check_for_file_arguments`): an operand, `-`,
/// anything after `--`, or `--help`, `--version`, `-v`. Otherwise it reads a diff from standard
/// input and only colours it (a filter), whatever its configuration says.
pub(crate) fn colordiff_runs_diff(rest: &[&str]) -> bool {
    let mut after_dashes = false;
    rest.iter().any(|&w| {
        if w == "--" {
            after_dashes = true;
            return false;
        }
        after_dashes
            || w == "-"
            || !w.starts_with('-')
            || matches!(w, "--help" | "--version" | "-v")
    })
}

/// colordiff 1.0.20 (a Perl script, read): as a filter (no file operands) it colours the diff on
/// its standard input; with operands it runs diff with every word but its own options, and the
/// `diff_cmd` of /etc/colordiff/colordiffrc, `$XDG_CONFIG_HOME/colordiff/colordiffrc` (or
/// `~/.config/…`) or `~/.colordiffrc` runs instead (the context reads them). Its other settings
/// are colours and a banner.
fn colordiff(values: &[&str]) -> Verdict {
    let Some(rest) = colordiff_diff_args(values) else {
        return Verdict::unknown("colordiff is given an option value that looks like an option");
    };
    if !colordiff_runs_diff(&rest) {
        return Verdict::read_only();
    }
    let Some(spec) = super::specs::find("diff") else {
        return Verdict::unknown("colordiff runs diff, whose grammar is not known here");
    };
    let words: Vec<Word> = rest.iter().map(|w| Word::literal(w)).collect();
    let mut v = super::readers::by_grammar("diff", spec, &words);
    v.push_unless(Level::Unknown, COLORDIFF_DIFF_CMD, Settle::Configuration);
    v
}

/// cppcheck 2.10's reading options: the checks enabled, the standard and platform, include
/// paths and macros, suppressions (read from the files named), the message template. Not here:
/// `--output-file`, `--plist-output`, `--dump`, `--cppcheck-build-dir` (write), `--addon`,
/// `--addon-python`, `--clang` (run programs), `--project` (a GUI project can name addons),
/// `--rule-file`, `--file-list`, `-j` and `-l` (processes).
const CPPCHECK: Spec = spec(
    &["cppcheck"],
    "qvfhx:I:D:U:i:",
    "quiet verbose force inconclusive inline-suppr check-config check-library xml report-progress errorlist help version enable= disable= std= language= suppress= error-exitcode= max-configs= platform= library= template= template-location= file-filter= max-ctu-depth= suppressions-list= exitcode-suppressions=",
);

/// cppcheck's finding: settled by the context, which looks for the files it would remove.
pub(crate) const CPPCHECK_CTU_INFO: &str =
    "cppcheck removes FILE.ctu-info beside each source FILE it checks; no context was read to tell whether any is there";

/// cppcheck: the grammar above; every check also unlinks `FILE.ctu-info` beside each source
/// (measured: `unlink("src/f.c.ctu-info")` on every form), which the context rules out.
fn cppcheck(values: &[&str]) -> Verdict {
    let Some(parsed) = getopt(&CPPCHECK, values) else {
        return Verdict::unknown("cppcheck is given an option its reading grammar does not list");
    };
    let mut v = Verdict::read_only();
    if !parsed.operands.is_empty() {
        v.push_unless(Level::Unknown, CPPCHECK_CTU_INFO, Settle::Configuration);
    }
    v
}

/// The operands cppcheck checks (files and directories), for the context.
pub(crate) fn cppcheck_sources(values: &[&str]) -> Vec<String> {
    getopt(&CPPCHECK, values)
        .map(|p| p.operands.iter().filter_map(|o| o.value.clone()).collect())
        .unwrap_or_default()
}

/// Ledger 3.3's options that only choose what a report shows or how (ledger(1)), read as
/// getopt_long reads them but without grouped short options (ledger reads `-fo x` as `-f x -o
/// …`). Not here: `-o`/`--output` (writes), `--pager` (runs it), `-Q`/`--download` and
/// `--getquote` (run getquote), `--import` and `--script` (Python, ledger commands),
/// `-i`/`--init-file`, `--price-db` (more files read as journals), `--seed`.
pub(crate) const LEDGER: Spec = spec(
    &["ledger"],
    "ECURVBMWYDAcGsPwLOIrjJnf:b:e:p:S:l:d:F:X:y:t:T:",
    "flat empty no-total collapse cleared uncleared real market basis cost monthly weekly yearly daily quarterly pedantic strict no-color force-color no-pager wide count average related actual current percent invert unround exact immediate permissive explicit check-payees day-break no-rounding revalued pending gain subtotal by-payee equity dc historical base raw version file= begin= end= period= sort= sort-xacts= limit= display= depth= format= columns= head= tail= first= last= date-format= input-date-format= exchange= abbrev-len= account-width= amount-width= payee-width= date-width= meta= prepend-format= master-account= pivot= now= datetime-format= total= amount= display-amount= display-total=",
);

/// Ledger's reports that only print (ledger(1), "COMMANDS"; each traced). Not here: `python`
/// and `server` (Python), `source` (parses another file), `convert`, `generate`, and no
/// command at all (the REPL reads commands from standard input).
#[rustfmt::skip]
const LEDGER_REPORTS: &[&str] = &[
    "accounts", "b", "bal", "balance", "budget", "cleared", "commodities", "csv", "emacs", "entry",
    "equity", "lisp", "p", "payees", "print", "pricedb", "pricemap", "prices", "r", "reg",
    "register", "select", "stat", "stats", "tags", "xact", "xml",
];

/// ledger's finding: settled by the context (`context::catalog`), which reads its init files,
/// its `LEDGER_*` variables, the price database and the journals.
pub(crate) const LEDGER_CONFIG: &str =
    "ledger reads options from ~/.ledgerrc, ./.ledgerrc and LEDGER_* variables, and runs the Python a journal holds (python, import); no context was read to tell";

/// ledger: a report of [`LEDGER_REPORTS`] with options of [`LEDGER`] only; what its
/// configuration and journals hold is the context's.
fn ledger(values: &[&str]) -> Verdict {
    let unknown = || {
        Verdict::unknown("ledger is given an option or a command its reading grammar does not list")
    };
    // `-fo`: ledger reads each letter as an option, a value from the next words.
    if values
        .iter()
        .any(|w| w.len() > 2 && w.starts_with('-') && !w.starts_with("--"))
    {
        return unknown();
    }
    let Some(parsed) = getopt(&LEDGER, values) else {
        return unknown();
    };
    match parsed.operands.first().and_then(|o| o.value.as_deref()) {
        Some(command) if LEDGER_REPORTS.contains(&command) => {
            let mut v = Verdict::read_only();
            v.push_unless(Level::Unknown, LEDGER_CONFIG, Settle::Configuration);
            v
        }
        _ => unknown(),
    }
}

/// The journals ledger's options name (`-f`, `--file`), for the context.
pub(crate) fn ledger_files(parsed: &Options) -> Vec<String> {
    parsed
        .all("-f|--file")
        .filter_map(|o| o.value().and_then(|w| w.value.clone()))
        .collect()
}

/// hledger 1.25's general options (before or after the command) and the reporting commands'
/// own (after it), from `hledger --help` and each command's; journals are data (hledger runs
/// nothing they name). Not here: `-o`/`--output-file` (writes), `--new` (writes `.latest.*`
/// files), `add`, `import`, `rewrite`, `ui`, `web` and any command not built in (hledger runs
/// `hledger-CMD` from PATH).
const HLEDGER: Spec = spec(
    &["hledger"],
    "IsDWMQYUPCREBVSAlNtTHhf:b:e:p:X:O:",
    "ignore-assertions strict anon daily weekly monthly quarterly yearly date2 unmarked pending cleared real empty cost market infer-equity infer-market-prices auto forecast? flat tree no-total sort-amount percent invert transpose average row-total cumulative historical no-elide change budget? pretty? help version debug? file= rules-file= alias= pivot= begin= end= period= today= depth= exchange= value= drop= format= output-format= layout= color=",
);

/// hledger's built-in commands that only print.
#[rustfmt::skip]
const HLEDGER_REPORTS: &[&str] = &[
    "a", "accounts", "activity", "areg", "aregister", "bal", "balance", "balancesheet",
    "balancesheetequity", "bs", "bse", "cashflow", "cf", "check", "codes", "commodities",
    "descriptions", "files", "incomestatement", "is", "notes", "payees", "prices", "print",
    "reg", "register", "roi", "stats", "tags",
];

fn hledger(values: &[&str]) -> Verdict {
    let listed = getopt(&HLEDGER, values).is_some_and(|p| {
        p.operands
            .first()
            .and_then(|o| o.value.as_deref())
            .is_some_and(|c| HLEDGER_REPORTS.contains(&c))
    });
    if listed {
        Verdict::read_only()
    } else {
        Verdict::unknown(
            "hledger is given an option or a command its reading grammar does not list",
        )
    }
}

/// Programs whose every argument only prints (the fourth pass, `bench/catalog/devtools.tsv`):
/// the build-flag printers of Debian 12's -dev packages (`*-config`, `*_config`), each option
/// of its `--help` traced printing only (the shell scripts run no program but `sed`,
/// `basename`, `dirname`, `readlink`, `uname`, `cat` and `grep`), and util-linux's `uuidparse`. None has an
/// option that writes, runs a program or loads one; an unknown option prints a usage text.
/// Sorted (binary search). Versioned and cross names (`x86_64-linux-gnu-python3-config`) are
/// their plain name's (`programs::cross_tool`).
#[rustfmt::skip]
pub(super) const PRINTERS: &[&str] = &[
    "apr-1-config", "apr-config", "apu-1-config", "apu-config", "cob-config", "gsl-config",
    "libassuan-config", "llvm-config", "mariadb-config", "mariadb_config", "mysql_config",
    "ncurses5-config", "ncurses6-config", "ncursesw5-config", "ncursesw6-config", "nspr-config",
    "pcap-config", "pcre-config", "pcre2-config", "python3-config", "python3.11-config",
    "sdl2-config", "uuidparse",
];

/// sparse 0.6.4 (the semantic checker) prints what it finds in C sources: with gcc's include,
/// macro, warning, standard, target-width and optimization options, as modes' `syntax_only`
/// reads gcc's. Not here: `-o`, `-E`, `-include`, `-gcc-base-dir`, `-multiarch-dir`, `-f…`
/// and any other option.
fn sparse(values: &[&str]) -> Verdict {
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        let listed = match *v {
            "-I" | "-D" | "-U" | "-isystem" | "-idirafter" | "-iquote" => {
                i += 1;
                i <= values.len()
            }
            "-v" | "-m32" | "-m64" | "-pedantic" | "-ansi" | "-w" => true,
            v if v.starts_with("-I") || v.starts_with("-D") || v.starts_with("-U") => true,
            v if v.starts_with("-std=") => true,
            v if v
                .strip_prefix("-O")
                .is_some_and(|l| l.chars().all(|c| c.is_ascii_alphanumeric())) =>
            {
                true
            }
            v if v.starts_with("-W")
                && !v.starts_with("-Wl,")
                && !v.starts_with("-Wa,")
                && !v.starts_with("-Wp,") =>
            {
                true
            }
            v => !v.starts_with('-') || v == "-",
        };
        if !listed {
            return Verdict::unknown("sparse is given an option its reading grammar does not list");
        }
    }
    Verdict::read_only()
}

/// glib-compile-schemas 2.74 with `--dry-run` checks a directory's schemas and writes no
/// `gschemas.compiled`; `--strict` and `--allow-any-name` only change what is refused. Not
/// here: `--targetdir` (where it writes), any form without `--dry-run`.
fn glib_compile_schemas(values: &[&str]) -> Verdict {
    if !values.contains(&"--dry-run") {
        return Verdict::write(
            "glib-compile-schemas writes gschemas.compiled unless told --dry-run",
        );
    }
    let listed = values.iter().all(|v| {
        matches!(*v, "--dry-run" | "--strict" | "--allow-any-name") || !v.starts_with('-')
    });
    if listed {
        Verdict::read_only()
    } else {
        Verdict::unknown(
            "glib-compile-schemas is given an option its reading grammar does not list",
        )
    }
}

/// systemd-analyze 252's options for the verbs that only compute and print.
const SYSTEMD_ANALYZE: Spec = spec(
    &["systemd-analyze"],
    "h",
    "help version no-pager iterations= base-time=",
);

/// systemd-analyze's verbs that parse and print times without reading the system's units or
/// asking the service manager (measured: no socket; under `script -c` no pager run either).
fn systemd_analyze(values: &[&str]) -> Verdict {
    let listed = getopt(&SYSTEMD_ANALYZE, values).is_some_and(|p| {
        p.operands
            .first()
            .and_then(|o| o.value.as_deref())
            .is_some_and(|verb| matches!(verb, "calendar" | "timestamp" | "timespan"))
    });
    if listed {
        Verdict::read_only()
    } else {
        Verdict::unknown(
            "systemd-analyze is given a verb or an option its reading grammar does not list",
        )
    }
}

/// Artistic Style 3.1 (`astyle`): with `--dry-run` it only reports which files it would
/// change, and with no file operand it formats standard input (or `--stdin=FILE`) to standard
/// output. Its options file (`~/.astylerc`, `--options=`, `ARTISTIC_STYLE_OPTIONS`) and
/// project file (`--project=`) hold formatting options only: `stdout=` and `html` there are
/// refused before any file is read, as an unknown option on the command line is (measured).
/// Not here: `--stdout=` (writes the file named), `--html`/`-!` (opens a browser), and file
/// operands without `--dry-run` (rewritten in place, the original kept as FILE.orig).
fn astyle(values: &[&str]) -> Verdict {
    let opens_or_writes =
        |w: &&str| w.starts_with("--stdout") || w.starts_with("--html") || w.starts_with("-!");
    if values.iter().any(opens_or_writes) {
        return Verdict::unknown(
            "astyle is given --stdout (a file written) or --html (a browser run)",
        );
    }
    let dry_run = values.contains(&"--dry-run");
    let files = values.iter().any(|w| !w.starts_with('-'));
    if dry_run || !files {
        Verdict::read_only()
    } else {
        Verdict::write("astyle rewrites the files it formats (but with --dry-run)")
    }
}

/// indent's finding: settled by the context, which looks for its profile.
pub(crate) const INDENT_PROFILE: &str =
    "indent reads options from its profile (INDENT_PROFILE, ./.indent.pro, ~/.indent.pro), which may name an output file; no context was read to tell";

/// GNU indent 2.2.12 with `-st`/`--standard-output`, or with no file operand (a filter on
/// standard input), prints what it formats; its options only choose the layout. Not here:
/// `-o`/`--output-file` (and any word starting `-o`, `-orig` among them), and file operands
/// without `-st` (rewritten in place with a backup). Its profile's options apply before the
/// command line's: the context looks for one (`-npro` skips it).
fn indent(values: &[&str]) -> Verdict {
    if values
        .iter()
        .any(|w| w.starts_with("-o") || w.starts_with("--output") || w.starts_with("--o"))
    {
        return Verdict::unknown(
            "indent is given an output file (-o) or an option starting like it",
        );
    }
    let to_stdout = values
        .iter()
        .any(|w| matches!(*w, "-st" | "--standard-output"));
    let files = values.iter().any(|w| !w.starts_with('-'));
    if !to_stdout && files {
        return Verdict::write("indent rewrites the files it formats (but with -st)");
    }
    let mut v = Verdict::read_only();
    if !values
        .iter()
        .any(|w| matches!(*w, "-npro" | "--ignore-profile"))
    {
        v.push_unless(Level::Unknown, INDENT_PROFILE, Settle::Configuration);
    }
    v
}

/// ChkTeX 1.7.8's options that choose which warnings are shown and how (getopt_long; the
/// optional values attached). Not here: `-o`/`--output` (writes the report), `-l`/`--localrc`
/// and `-S`/`--set` (more settings, whose `CmdLine` adds options), `-d`/`--debug`.
const CHKTEX: Spec = spec(
    &["chktex"],
    "hiqrWLv::V::w:e:m:n:s:p:f:b::t::x::g::I::H::",
    "help license reset version quiet nolinesupp verbosity? pipeverb? warnon= erroron= msgon= nowarn= splitchar= pseudoname= format= backup? tictoc? wipeverb? globalrc? inputfiles? headererr?",
);

/// chktex's finding: settled by the context, which looks for its configuration files.
pub(crate) const CHKTEX_RC: &str =
    "chktex reads options from its configuration files (CHKTEXRC, ~/.chktexrc, ~/.config/chktexrc, ./.chktexrc), whose CmdLine may name an output file; no context was read to tell";

/// chktex: the grammar above; its configuration files (the system's `/etc/chktexrc` aside, whose
/// `CmdLine` Debian ships empty) are the context's.
fn chktex(values: &[&str]) -> Verdict {
    if getopt(&CHKTEX, values).is_none() {
        return Verdict::unknown("chktex is given an option its reading grammar does not list");
    }
    let mut v = Verdict::read_only();
    v.push_unless(Level::Unknown, CHKTEX_RC, Settle::Configuration);
    v
}

/// csvkit 1.0.7's csvclean options (argparse; exact names only, its abbreviations are not read).
const CSVCLEAN: Spec = spec(
    &["csvclean"],
    "htbSHvlVnd:q:u:p:z:e:K:",
    "help tabs no-doublequote skipinitialspace no-header-row verbose linenumbers zero version dry-run delimiter= quotechar= quoting= escapechar= maxfieldsize= encoding= skip-lines=",
);

/// csvclean with `-n`/`--dry-run` prints a CSV file's bad rows; without it, it writes
/// `FILE_out.csv` and `FILE_err.csv` beside the file (traced).
fn csvclean(values: &[&str]) -> Verdict {
    let Some(parsed) = getopt(&CSVCLEAN, values) else {
        return Verdict::unknown("csvclean is given an option its reading grammar does not list");
    };
    if parsed.has("-n|--dry-run") || parsed.has("-h|--help") || parsed.has("-V|--version") {
        Verdict::read_only()
    } else {
        Verdict::write("csvclean writes FILE_out.csv and FILE_err.csv (but with -n)")
    }
}

/// GLib 2.74's glib-compile-resources options (GOption: exact long names).
const GLIB_COMPILE_RESOURCES: Spec = spec(
    &["glib-compile-resources"],
    "hC:",
    "help version target= sourcedir= generate generate-header generate-source generate-dependencies dependency-file= generate-phony-targets manual-register internal external-data c-name= compiler=",
);

/// glib-compile-resources with `--generate-dependencies` prints the files a resource
/// description names (no file is preprocessed then); otherwise it writes the compiled resource,
/// its C source or header, or the dependency file `--dependency-file` names (traced).
fn glib_compile_resources(values: &[&str]) -> Verdict {
    let Some(parsed) = getopt(&GLIB_COMPILE_RESOURCES, values) else {
        return Verdict::unknown(
            "glib-compile-resources is given an option its reading grammar does not list",
        );
    };
    let writes = [
        "--target",
        "--dependency-file",
        "--generate",
        "--generate-header",
        "--generate-source",
        "-C|--compiler",
    ]
    .iter()
    .any(|o| parsed.has(o));
    if !writes
        && (parsed.has("--generate-dependencies")
            || parsed.has("-h|--help")
            || parsed.has("--version"))
    {
        Verdict::read_only()
    } else {
        Verdict::write("glib-compile-resources writes the compiled resource, its C source or header, or the dependency file (but with --generate-dependencies alone)")
    }
}

/// highlight 3.41's options that choose what is shown (getopt_long, its `--help`): the syntax,
/// theme, output format, line numbers, wrapping, reformatting. Not here: `-o`, `-d`, `-B` (write
/// files), `-c` (the style file), `-D`/`--data-dir`, `--config-file`, `--plug-in` (Lua code
/// loaded), `-e`, `--print-config`, `--list-scripts`, `--start-nested`, `--skip`, `-P`.
const HIGHLIGHT: Spec = spec(
    &["highlight"],
    "hqvS:fF:J:j:k:K:lm:s:t:u:VWzO:i:",
    "help quiet verbose syntax= force stdout validate-input version out-format= fragment reformat= line-length= line-number-length= font= font-size= line-numbers line-number-start= style= replace-tabs= encoding= wrap-simple wrap wrap-no-numbers zeroes no-trailing-nl no-version-info kw-case= input=",
);

/// highlight's finding: settled by the context, which looks for what it loads.
pub(crate) const HIGHLIGHT_DATA: &str =
    "highlight runs the Lua of its data directory in the account's home (~/.highlight: language definitions, themes, plug-ins) or HIGHLIGHT_DATADIR's, and takes options from HIGHLIGHT_OPTIONS; no context was read to tell";

/// highlight to a terminal format (`-O ansi`, `xterm256`, `truecolor`); its document formats
/// (HTML, the default, LaTeX, …) write their style file (`highlight.css`, `highlight.sty`) into
/// the working directory even when the document goes to standard output (traced). A theme or a
/// syntax is looked up by name in the data directories; one given as a path is not read here.
fn highlight(values: &[&str]) -> Verdict {
    let Some(parsed) = getopt(&HIGHLIGHT, values) else {
        return Verdict::unknown("highlight is given an option its reading grammar does not list");
    };
    let value = |o: &str| {
        parsed
            .get(o)
            .and_then(|o| o.value())
            .and_then(|w| w.value.as_deref())
    };
    if ["-s|--style", "-S|--syntax"]
        .iter()
        .any(|o| value(o).is_some_and(|v| v.contains('/')))
    {
        return Verdict::unknown("highlight is given a theme or a syntax by path");
    }
    if !matches!(
        value("-O|--out-format"),
        Some("ansi" | "xterm256" | "truecolor")
    ) {
        return Verdict::write(
            "highlight writes its style file (highlight.css, highlight.sty) into the working directory for its document formats (but -O ansi, xterm256 or truecolor)",
        );
    }
    let mut v = Verdict::read_only();
    v.push_unless(Level::Unknown, HIGHLIGHT_DATA, Settle::Configuration);
    v
}

/// source-highlight 3.1.9's options that choose what is shown (gengetopt, exact long names):
/// the languages, output format, line numbers and ranges, the document's title and style-sheet
/// name. Not here: `-o`/`--output`, `--output-dir` (write), `--gen-references`, `--ctags`,
/// `--ctags-file` (run or read ctags), `--data-dir`, `--lang-def`, `--outlang-def`, the style
/// and map files, `-H`/`-F` (files inserted), the checking and debugging modes.
const SOURCE_HIGHLIGHT: Spec = spec(
    &["source-highlight"],
    "hVi:s:f:dc:T:t:n::qv",
    "help detailed-help version input= src-lang= lang-list outlang-list out-format= doc no-doc css= title= tab= line-number? line-number-ref? line-range= range-separator= range-context= regex-range= infer-lang failsafe quiet verbose binary-output statistics gen-version",
);

/// source-highlight's finding: settled by the context, which looks for its configuration.
pub(crate) const SOURCE_HIGHLIGHT_CONF: &str =
    "source-highlight reads its data directory from ~/.source-highlight/source-highlight.conf or SOURCE_HIGHLIGHT_DATADIR; no context was read to tell";

/// source-highlight prints what it reads from `-i FILE` or standard input; a file operand is
/// written as `FILE.html` (or the format's extension) beside it (traced).
fn source_highlight(values: &[&str]) -> Verdict {
    let Some(parsed) = getopt(&SOURCE_HIGHLIGHT, values) else {
        return Verdict::unknown(
            "source-highlight is given an option its reading grammar does not list",
        );
    };
    if !parsed.operands.is_empty() {
        return Verdict::write(
            "source-highlight writes each file operand's output beside it (FILE.html)",
        );
    }
    let mut v = Verdict::read_only();
    v.push_unless(Level::Unknown, SOURCE_HIGHLIGHT_CONF, Settle::Configuration);
    v
}

/// beancount 2.3.5's bean-doctor: `lex` (`dump_lexer`) and `parse` dump one ledger's tokens or
/// parse without loading it (no plugin, include or cache), `list_options` prints the options'
/// documentation. Its other commands load the ledger (plugins imported, a pickle cache read
/// and written beside it) or write files (`roundtrip`).
fn bean_doctor(values: &[&str]) -> Verdict {
    let reads = match values {
        ["lex" | "dump_lexer" | "parse", file] => !file.starts_with('-'),
        ["list_options"] | ["-h" | "--help"] => true,
        _ => false,
    };
    if reads {
        Verdict::read_only()
    } else {
        Verdict::unknown(
            "bean-doctor is given a command other than lex, parse or list_options (the others load the ledger: plugins, a cache)",
        )
    }
}

/// GLib 2.74's gresource (round 34's tune part, by the whole-package rule): `sections`, `list`,
/// `details` and `extract` of a resource file (or an ELF file's resource section), `--section`
/// choosing one; `extract` prints the resource to standard output (traced).
fn gresource(values: &[&str]) -> Verdict {
    let rest = match values {
        ["--section", _, rest @ ..] => rest,
        rest => rest,
    };
    let reads = match rest {
        ["help"] | ["help", _] => true,
        ["sections" | "list" | "details", file] | ["list" | "details", file, _] => {
            !file.starts_with('-')
        }
        ["extract", file, path] => !file.starts_with('-') && !path.starts_with('-'),
        _ => false,
    };
    if reads {
        Verdict::read_only()
    } else {
        Verdict::unknown(
            "gresource is given a command or arguments its reading grammar does not list",
        )
    }
}

/// clang-tools 14's diagtool: `list-warnings`, `tree` (of one group, or `--flags-only`) and
/// `find-diagnostic-id` print clang's diagnostics tables. Not here: `show-enabled` (parses a
/// compiler command line: `-Xclang -load`, response files).
fn diagtool(values: &[&str]) -> Verdict {
    let reads = match values {
        ["list-warnings"] | ["find-diagnostic-id", _] => true,
        ["tree", rest @ ..] => {
            rest.len() <= 2
                && rest
                    .iter()
                    .all(|w| *w == "--flags-only" || !w.starts_with('-'))
        }
        _ => false,
    };
    if reads {
        Verdict::read_only()
    } else {
        Verdict::unknown("diagtool is given a command its reading grammar does not list")
    }
}

/// `values` read by `spec` as getopt_long reads them; `None` when a word is not in it.
pub(crate) fn getopt(spec: &Spec, values: &[&str]) -> Option<Options> {
    let words: Vec<Word> = values.iter().map(|w| Word::literal(w)).collect();
    super::grammar::parse(spec, &words).ok()
}

#[cfg(test)]
#[path = "catalog_tests.rs"]
mod tests;
