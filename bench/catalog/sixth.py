#!/usr/bin/python3
"""The sixth pass's forms (issue 44): the whole Debian packages behind round 34's unknown
programs, chosen by rule (README, "Sixth pass"): every option of every reading grammar
catalog.rs gives their executables, each as one form on a sample (sixth-samples.sh), the input
alone, the nearest writing forms the grammars leave out (`WRITING`) and forms of the programs
left unknown (`LEFT`).

    bench/catalog/sixth-samples.sh
    python3 bench/catalog/sixth.py > bench/catalog/sixth.tsv
    nice python3 bench/catalog/tracer.py --jobs 2 --timeout 20 --forms bench/catalog/sixth.tsv \\
        --samples target/catalog-samples-sixth --out bench/catalog/sixth.jsonl
    python3 bench/catalog/sixth.py --decide bench/catalog/sixth.jsonl > bench/catalog/sixth-decisions.tsv
"""
import os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import families  # noqa: E402

LLVM_HELP = ["--help", "--help-list", "--version"]
COUNTERS = ["asm_count", "cobol_count", "f90_count", "fortran_count", "haskell_count", "lex_count",
            "modula3_count", "objc_count", "perl_count", "python_count", "sql_count", "java_count",
            "jsp_count", "ml_count", "pascal_count", "php_count", "xml_count", "lexcount1"]

# (program, input the forms end with, flags, {option: value}), as families.py reads them.
GRAMMARS = [
    # pixz 1.0.7: a tarball's index listed (`-l`); every other mode compresses or decompresses.
    ("pixz", "-l w.tpxz", ["-t", "-p 1", "-h"], {}),
    ("pixz", "-l -i w.tpxz", [], {}),
    ("pixz", "-l < FILE", [], {}),
    # sharutils 4.15: uuencode prints the encoding of a file (or standard input).
    ("uuencode", "notes.txt notes.txt", ["-m", "--base64", "--help", "--version"], {}),
    ("uuencode", "x < FILE", [], {}),
    # flac 1.4.2: metaflac's listing options; flac's test mode.
    ("metaflac", "t.flac", ["--list", "--show-md5sum", "--show-min-blocksize", "--show-max-blocksize",
        "--show-min-framesize", "--show-max-framesize", "--show-sample-rate", "--show-channels",
        "--show-bps", "--show-total-samples", "--show-vendor-tag",
        "--no-filename", "--with-filename", "--no-utf8-convert", "--list --block-number=0",
        "--list --block-type=STREAMINFO", "--list --except-block-type=STREAMINFO",
        "--list --application-data-format=hexdump", "--list --data-format=text", "--version", "--help"],
     {"--show-tag": "TITLE"}),

    # vorbis-tools 1.4.2: ogginfo, vorbiscomment's list mode.
    ("ogginfo", "t.ogg", ["-q", "-v", "-h", "-V"], {}),
    ("vorbiscomment", "t.ogg", ["-l", "--list", "-l -R", "-l -e", "--raw -l", "--escapes -l", "-h", "-V"], {}),
    # libjpeg-turbo-progs 2.1.5: the converters to standard output, the comment reader.
    ("djpeg", "p.jpg", ["-pnm", "-bmp", "-gif", "-gif0", "-targa", "-os2", "-fast", "-grayscale",
        "-rgb", "-rgb565", "-nosmooth", "-onepass", "-verbose", "-debug", "-version"],
     {"-scale": "1/2", "-colors": "8", "-dct": "float", "-dither": "none", "-maxmemory": "1",
      "-skip": "0,0", "-crop": "1x1+0+0"}),
    ("djpeg", "< FILE", [], {}),
    ("cjpeg", "p.ppm", ["-grayscale", "-rgb", "-optimize", "-progressive", "-baseline", "-arithmetic",
        "-verbose", "-version"],
     {"-quality": "50", "-dct": "int", "-restart": "1", "-smooth": "1", "-maxmemory": "1", "-sample": "2x2"}),
    ("jpegtran", "p.jpg", ["-optimize", "-progressive", "-arithmetic", "-grayscale", "-flip horizontal",
        "-rotate 90", "-transpose", "-transverse", "-trim", "-perfect", "-verbose", "-version"],
     {"-copy": "none", "-crop": "1x1+0+0", "-restart": "1", "-maxmemory": "1"}),
    ("rdjpgcom", "p.jpg", ["-raw", "-verbose"], {}),
    ("wrjpgcom", "p.jpg", ["-replace -comment x"], {"-comment": "x"}),
    # jpegoptim 1.4.7: with -n (--noaction) files are optimized in memory and not written.
    ("jpegoptim", "-n p.jpg", ["-v", "-q", "-f", "-t", "-b", "-p", "-P", "-s", "--strip-none",
        "--strip-com", "--strip-exif", "--strip-iptc", "--strip-icc", "--strip-xmp", "--all-normal",
        "--all-progressive", "--force", "--totals", "--csv", "--verbose", "--quiet"],
     {"-m": "50", "--max": "50", "-S": "50%", "-T": "1", "--threshold": "1"}),
    ("jpegoptim", "--noaction p.jpg", [], {}),
    # optipng 0.7.7: -simulate performs the trials and writes no file.
    ("optipng", "-simulate p.png", ["-o0", "-o2", "-o7", "-v", "-quiet", "-silent", "-full", "-nb", "-nc",
        "-np", "-nx", "-nz", "-fix"], {"-o": "3", "-f": "0", "-i": "0", "-zc": "9", "-zm": "8", "-zs": "0"}),
    # webp 1.2.4: webpinfo, webpmux -info.
    ("webpinfo", "p.webp", ["-quiet", "-diag", "-summary", "-bitstream_info", "-version", "-h"], {}),
    ("webpmux", "-info p.webp", [], {}),
    # libpod-parser-perl 1.65, libpod-spell-perl 1.25.
    ("podselect", "w.pod", ["-help"], {"-section": "SYNOPSIS"}),
    ("podselect", "< FILE", [], {}),
    ("podspell", "w.pod", [], {}),
    ("podspell", "< FILE", [], {}),
    # install-info 6.8: --dry-run (--test) prints what it would change.
    ("install-info", "--dry-run w.info dir", ["--quiet", "--silent", "--debug", "--keep-old", "--no-indent",
        "--remove", "--delete", "--remove-exactly", "--maximize-tree", "--menuentry=W", "--section=Dev"],
     {"--description": "d", "--entry": "* W: (w).", "--item": "* W: (w).", "--max-width": "40", "--name": "W",
      "--section": "Dev", "--regex": "D.*", "--align": "20", "--calign": "20"}),
    ("install-info", "--test w.info dir", [], {}),
    ("install-info", "--dry-run --info-file=w.info --dir-file=dir", [], {}),
    # apache2-utils 2.4: htpasswd -n prints the entry.
    ("htpasswd", "-nb u pw", ["-m", "-B", "-2", "-5", "-d", "-s", "-p", "-C 5", "-r 5000"], {}),
    ("htpasswd", "-nbB u pw", [], {}),
    ("htpasswd", "-ni u < FILE", [], {}),
    # libglib2.0-dev-bin 2.74: the generators to standard output, the type tree printer.
    ("glib-mkenums", "e.h", ["--comments /*x*/", "--identifier-prefix W", "--symbol-prefix w", "--version", "--help"],
     {"--fhead": "h", "--fprod": "@filename@", "--ftail": "t", "--eprod": "@EnumName@", "--vhead": "v",
      "--vprod": "@VALUENAME@ @valuenick@", "--vtail": "t"}),
    ("glib-genmarshal", "m.list", ["--header", "--body", "--prototypes", "--internal", "--skip-source",
        "--stdinc", "--nostdinc", "--valist-marshallers", "--pragma-once", "--quiet", "--verbose",
        "--version", "--help", "--g-fatal-warnings"], {"--prefix": "w", "--include-header": "x.h", "-D": "X", "-U": "Y"}),
    ("gobject-query", "froots", ["-r GObject", "-n", "-b x", "-i x", "-s 2"], {}),
    ("gobject-query", "tree", [], {}),
    # llvm-14: llvm-stress prints random IR; llvm-14-tools' FileCheck checks standard input.
    ("llvm-stress", "", ["-size 5", "-seed 1", "-size=5", "--size 5", "-o -", "-o=-"] + LLVM_HELP, {}),
    ("FileCheck-14", "chk.txt < FILE", ["--strict-whitespace", "--match-full-lines", "--allow-empty",
        "--ignore-case", "--allow-unused-prefixes", "--enable-var-scope", "-v", "-vv", "--color",
        "--allow-deprecated-dag-overlap", "--dump-input=never", "--dump-input=fail", "--dump-input-context=2",
        "--dump-input-filter=all", "--check-prefix=CHECK", "--check-prefixes=A,B", "--comment-prefixes=C",
        "--implicit-check-not=x", "-D X=1", "--input-file=notes.txt"] + LLVM_HELP, {}),
    ("FileCheck-14", "--input-file=notes.txt chk.txt", [], {}),
    # clang-tidy-14: the check list and the configuration printed, no source.
    ("clang-tidy", "--list-checks", ["-checks=bugprone-*", "--checks=*", "--quiet", "--use-color",
        "--system-headers", "--header-filter=.*", "--warnings-as-errors=*", "--config={}"] + LLVM_HELP, {}),
    ("clang-tidy", "--dump-config", ["-checks=bugprone-*"], {}),
    ("clang-tidy", "--explain-config", [], {}),
    ("clang-tidy", "--verify-config", [], {}),
    # gcc-12: gcov-dump prints a notes or data file.
    ("gcov-dump", "o.gcno", ["-l", "-p", "-r", "--long", "--positions", "--raw", "-h", "-v", "--help", "--version"], {}),
    # gnat-12: gnatkr prints a krunched file name; gnatls -v prints its search paths.
    ("gnatkr", "widget_configuration_loader.adb", ["8"], {}),
    ("gnatls", "-v", [], {}),
    # apt-utils 2.6: indexes of a directory of packages printed; a package file sorted.
    ("apt-ftparchive", "packages debs", ["--md5", "--sha1", "--sha256", "--sha512", "-q", "--readonly", "-a all", "--arch all"], {}),
    ("apt-ftparchive", "sources debs", [], {}),
    ("apt-ftparchive", "contents debs", [], {}),
    ("apt-ftparchive", "release debs", [], {}),
    ("apt-sortpkgs", "P", ["-s", "--source", "-h", "-v"], {}),
    # sloccount 2.26: the counters that are programs of their own (the shell wrappers run generic_count).
    *[(c, "u.py u.pl", [], {}) for c in COUNTERS],
    # subversion 1.14: an authz file checked, a user's access printed.
    ("svnauthz", "validate authz", [], {}),
    ("svnauthz", "accessof authz", ["--path /", "--username a", "--repository r", "--is rw", "-h"], {}),
    ("svnauthz-validate", "authz", [], {}),
    # rcs 5.10: merge -p prints the merge.
    ("merge", "-p mine base theirs", ["-A", "-E", "-e", "-q", "-L a -L b -L c"], {}),
    # zip 3.0: zipsplit -t only reports.
    ("zipsplit", "-t w.zip", ["-n 100000", "-h", "-v"], {}),
    # ccache 4.7: statistics and configuration printed.
    ("ccache", "-s", [], {}),
    ("ccache", "--show-stats", [], {}),
    ("ccache", "-p", [], {}),
    ("ccache", "--show-config", [], {}),
    ("ccache", "--version", [], {}),
    ("ccache", "-k max_size", [], {}),
    ("ccache", "--get-config max_size", [], {}),
    ("ccache", "-x", [], {}),
    ("ccache", "--print-stats", [], {}),
    # python3-dulwich 0.21: the log of the working directory's repository.
    ("dulwich", "log", [], {}),
    # chicken-bin 5.3, moarvm 2022.12, google-cloud-cli-kpt: what they print of themselves.
    ("chicken-status", "", ["-h", "-f", "-c", "-version"], {}),
    ("moar", "--version", ["--help"], {}),
    ("kpt", "version", ["--help"], {}),
    # fp-compiler 3.2.2: fpc's -i information modes (each letter pair one fact; -i alone all).
    *[("fpc", f, [], {}) for f in ["-i", "-iD", "-iSO", "-iSP", "-iTO", "-iTP", "-iV", "-iW", "-iSOSP", "-iTPTO",
                                    "-ia", "-ic", "-if", "-ii", "-io", "-ir", "-it", "-iu", "-iw"]],
    # libkrb5-dev 1.20: krb5-config's every option and library.
    ("krb5-config", "--version", ["--all", "--vendor", "--prefix", "--exec-prefix", "--defccname", "--defktname",
        "--defcktname", "--cflags", "--deps --libs", "--libs krb5", "--libs gssapi", "--libs gssrpc",
        "--libs kadm-client", "--libs kadm-server", "--libs kdb", "--cflags krb5 gssapi", "--help"], {}),
    # apache2-utils 2.4: htdbm -n, as htpasswd's.
    ("htdbm", "-nb u pw", ["-m", "-B", "-d", "-s", "-p"], {}),
    # libtiff-tools 4.5 (round 35's tune part, by the same rule): the printers of a TIFF file.
    ("tiffinfo", "a.tif", ["-D", "-i", "-c", "-d", "-j", "-r", "-s", "-w", "-z", "-f lsb2msb", "-o 8"], {}),
    ("tiffdump", "a.tif", ["-h"], {"-o": "8", "-m": "5"}),
    ("tiffcmp", "a.tif b.tif", ["-l", "-t", "-z 5"], {}),
    # Rule (b)'s names, once each in a reading form of their plain name's grammar.
    ("gnuplot-nox", "-e 'print 2**10'", [], {}),
    ("guile-3.0", "--version", [], {}),
    ("valac-0.56", "--version", [], {}),
    ("identify-im6", "p.png", [], {}),
    ("ocamlc.opt", "-version", [], {}),
    ("gdc-12", "--version", [], {}),
]

WRITING = [
    ("tiffcp", "a.tif c.tif"),
    ("flac", "-t t.flac"),  # chmod and utimensat of t.wav, the file a decode would make
    ("pixz", "w.tpxz"),
    ("pixz", "-d w.tpxz out.tar"),
    ("metaflac", "--set-tag=A=b t.flac"),
    ("metaflac", "--export-tags-to=tags.txt t.flac"),
    ("flac", "-a t.flac"),
    ("vorbiscomment", "-l -c c.txt t.ogg"),
    ("vorbiscomment", "-a -t A=b t.ogg"),
    ("djpeg", "-outfile out.ppm p.jpg"),
    ("jpegtran", "-outfile out.jpg p.jpg"),
    ("jpegoptim", "p.jpg"),
    ("optipng", "p.png"),
    ("optipng", "-simulate -log o.log p.png"),
    ("webpmux", "-get icc p.webp -o out.icc"),
    ("install-info", "w.info dir"),
    ("htpasswd", "-cb pw u x"),
    ("glib-mkenums", "--output out.c e.h"),
    ("glib-genmarshal", "--body --output out.c m.list"),
    ("llvm-stress", "-o out.ll"),
    ("merge", "mine base theirs"),
    ("zipsplit", "-n 100000 w.zip"),
    ("apt-ftparchive", "--db cache.db packages debs"),
    ("ccache", "-z"),
]

LEFT = [
    ("lrzip", "-i w.tpxz"),
    ("file-rename", "-n s/a/b/ notes.txt"),
    ("gm", "identify p.png"),
    ("xdg-mime", "query filetype notes.txt"),
    ("run-mailcap", "--action=view --norun notes.txt"),
    ("ldc2", "-o- o.c"),
    ("clang-extdef-mapping", "o.c --"),
    ("pp-trace", "o.c --"),
    ("rakudo", "-c u.pl"),
    ("csi", "-n -q -b u.pl"),
    ("ada_count", "u.py"),
    ("php-config", "--version"),
    ("fltk-config", "--version"),
]


def main():
    families.GRAMMARS[:] = GRAMMARS
    families.WRITING[:] = WRITING
    families.LEFT[:] = LEFT
    import io, contextlib
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        families.main()
    text = buf.getvalue().replace("(families.py)", "(sixth.py)").replace("families' reading", "sixth pass's reading")
    sys.stdout.write(text)


# What a form may do and still be taken, beyond inspectors.problems' rules.
ACCEPTED = {
    # The files of the directory it indexes (its input).
    "apt-ftparchive": [r"looks for wdemo_1\.0_all\.deb$"],
    # The .clang-tidy files from the working directory up: checks and their options (README).
    "clang-tidy": [r"looks for /tmp/p/\.clang-tidy$"],
    # The repository it prints the log of.
    # dulwich 0.21 reads the repository's config for its format; its porcelain, repository,
    # config and object-store modules start no process (read in its source).
    "dulwich": [r"looks for \./\.git(/[\w./-]+)?$", r"looks for \./objects$"],
    # The Ada runtime's spec, looked up along the source path (the working directory first).
    "gnatls": [r"looks for system\.ads$"],
    # RCS's merge runs diff by the absolute path compiled in (a reader).
    "merge": [r"runs /usr/bin/diff3?$"],
    # The shell-split words of a form's value (`--vprod '@VALUENAME@ @valuenick@'`).
    "glib-mkenums": [r"looks for @valuenick@$"],
}
# Every Python script: the context reads the user's site directory (context::python::script).
for _p in ["glib-mkenums", "glib-genmarshal", "dulwich"]:
    ACCEPTED.setdefault(_p, []).append(r"looks for /tmp/p/home/\.local/lib/python3\.\d+/site-packages$")


def decide(path):
    families.WRITING[:] = WRITING
    families.ACCEPTED.clear()
    families.ACCEPTED.update(ACCEPTED)
    families.decide(path)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--decide"]:
        decide(sys.argv[2])
    else:
        main()
