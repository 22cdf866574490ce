//! The option grammars of the programs that can be read-only (see [`super::grammar`]). A program
//! listed here is read-only when every option it is given is listed and none of its effects
//! applies; a few (`sed`, `awk`, `tar`, `date`, …) are looked at further in `programs.rs`.
//!
//! Grammars marked `complete` list every option of the GNU program as its `--help` prints it
//! (coreutils 9, grep 3, diffutils 3), so abbreviations resolve as getopt_long resolves them.

use super::grammar::{Output, Spec};
use super::verdict::Level::{Unknown, Write};

/// A grammar with the defaults: every option exact, options anywhere.
pub(super) const fn spec(
    names: &'static [&'static str],
    short: &'static str,
    long: &'static str,
) -> Spec {
    Spec {
        names,
        short,
        long,
        effects: &[],
        complete: false,
        numbers: false,
        posix_order: false,
        single_dash: false,
        output: Output::NONE,
    }
}

/// A grammar whose long options are all listed.
const fn full(names: &'static [&'static str], short: &'static str, long: &'static str) -> Spec {
    Spec {
        complete: true,
        ..spec(names, short, long)
    }
}

const HV: &str = "help version";

/// less -o's finding: settled where stdout is not a terminal (less logs only to one).
pub(super) const LESS_LOG: &str = "less -o writes a log file";
/// sort -S's finding: settled by the context when the input files are known to fit the buffer.
pub(super) const SORT_BUFFER: &str =
    "sort -S bounds its buffer: an input larger than it is sorted through temporary files in TMPDIR";
/// man's `-P PAGER`; `readers` drops it for `cat`.
pub(super) const MAN_PAGER: &str = "man runs the pager -P names";
/// tar's `-I PROGRAM`; `readers` drops it for a known decompressor.
pub(super) const TAR_COMPRESS_PROGRAM: &str = "tar runs the compression program -I names";

/// csvkit's common arguments (every tool takes them: csvkit's "Common arguments") after a
/// tool's own short options: `csv_short!("y:")`.
macro_rules! csv_short {
    ($own:literal) => {
        concat!($own, "hd:tq:u:bp:z:e:L:SHK:vlVI")
    };
}

/// csvkit's common long options after a tool's own: `csv_long!("snifflimit=")`.
macro_rules! csv_long {
    ($own:literal) => {
        concat!($own, " help delimiter= tabs quotechar= quoting= no-doublequote escapechar= maxfieldsize= encoding= locale= skipinitialspace blanks null-value= date-format= datetime-format= no-header-row skip-lines= verbose linenumbers zero version")
    };
}

#[rustfmt::skip]
pub const SPECS: &[Spec] = &[
    full(&["cat"], "AbeEnstTuv", "show-all number-nonblank show-ends number squeeze-blank show-tabs show-nonprinting help version"),
    full(&["tac"], "brs:", "before regex separator= help version"),
    Spec { numbers: true, ..full(&["head"], "c:n:qvz", "bytes= lines= quiet silent verbose zero-terminated help version") },
    Spec { numbers: true, ..full(&["tail"], "c:fFn:qs:vz", "bytes= follow? lines= max-unchanged-stats= pid= quiet silent retry sleep-interval= verbose zero-terminated debug help version") },
    full(&["wc"], "cmlLw", "bytes chars lines files0-from= max-line-length words total= debug help version"),
    Spec { numbers: true, ..full(&["grep", "egrep", "fgrep", "zgrep", "zegrep", "zfgrep", "xzgrep", "xzegrep", "xzfgrep", "lzgrep",
        "lzegrep", "lzfgrep", "bzgrep", "bzegrep", "bzfgrep", "zstdgrep", "zipgrep"],
        "EFGPe:f:iywxzsvVm:bnHhoqaId:D:rRLlcTZB:A:C:Uu",
        "extended-regexp fixed-strings basic-regexp perl-regexp regexp= file= ignore-case no-ignore-case word-regexp line-regexp null-data no-messages invert-match version help max-count= byte-offset line-number no-line-number line-buffered with-filename no-filename label= only-matching quiet silent binary-files= text directories= devices= recursive dereference-recursive include= exclude= exclude-from= exclude-dir= files-without-match files-with-matches count initial-tab null before-context= after-context= context= group-separator= no-group-separator color? colour? binary unix-byte-offsets") },
    Spec { effects: &[
            ("-o|--output", Write, "sort -o writes to a file"),
            ("--compress-program", Unknown, "sort --compress-program runs another program"),
            // Its buffer sized to its input otherwise (a regular file's size; measured: 200,000
            // lines of seq under -S 64K made files in /tmp, none without -S).
            ("-S|--buffer-size", Write, SORT_BUFFER),
        ], ..full(&["sort"], "bdfgiMhnRrVcCk:mo:sS:t:T:uz",
        "ignore-leading-blanks dictionary-order ignore-case general-numeric-sort ignore-nonprinting month-sort human-numeric-sort numeric-sort random-sort random-source= reverse sort= version-sort batch-size= check? compress-program= debug files0-from= key= merge output= stable buffer-size= field-separator= temporary-directory= parallel= unique zero-terminated help version") },
    Spec { numbers: true, ..full(&["uniq"], "cdDf:is:uzw:", "count repeated all-repeated? skip-fields= group? ignore-case skip-chars= unique zero-terminated check-chars= help version") },
    full(&["cut"], "b:c:d:f:nszM", "bytes= characters= delimiter= fields= complement only-delimited output-delimiter= zero-terminated help version"),
    full(&["tr"], "cCdst", "complement delete squeeze-repeats truncate-set1 help version"),
    full(&["nl"], "b:d:f:h:i:l:n:ps:v:w:", "body-numbering= section-delimiter= footer-numbering= header-numbering= line-increment= join-blank-lines= number-format= no-renumber number-separator= starting-line-number= number-width= help version"),
    Spec { numbers: true, ..full(&["fold"], "bsw:", "bytes characters spaces width= help version") },
    full(&["paste"], "d:sz", "delimiters= serial zero-terminated help version"),
    full(&["join"], "a:e:ij:o:t:v:1:2:z", "ignore-case check-order nocheck-order header zero-terminated help version"),
    full(&["comm"], "123z", "check-order nocheck-order output-delimiter= total zero-terminated help version"),
    Spec { numbers: true, ..full(&["expand"], "it:", "initial tabs= help version") },
    Spec { numbers: true, ..full(&["unexpand"], "at:", "all first-only tabs= help version") },
    full(&["seq"], "f:s:w", "format= separator= equal-width help version"),
    full(&["basename"], "as:z", "multiple suffix= zero help version"),
    full(&["dirname"], "z", "zero help version"),
    full(&["realpath"], "emLPqsz", "canonicalize-existing canonicalize-missing logical physical quiet relative-to= relative-base= strip no-symlinks zero help version"),
    full(&["readlink"], "femnqsvz", "canonicalize canonicalize-existing canonicalize-missing no-newline quiet silent verbose zero help version"),
    full(&["stat"], "Lfc:t", "dereference file-system cached= format= printf= terse help version"),
    Spec { effects: &[("-C|--compile", Write, "file -C writes a compiled magic file")],
        ..full(&["file"], "vm:zZbcCe:f:F:iklLhnN0pPrsSd",
        "help version magic-file= uncompress uncompress-noreport brief checking-printout exclude= exclude-quiet= files-from= separator= mime apple extension mime-type mime-encoding keep-going list dereference no-dereference no-buffer no-pad print0 preserve-date parameter= raw special-files no-sandbox compile debug") },
    full(&["du"], "0aB:bcDd:HhkLlmPSst:X:x", "null all apparent-size block-size= bytes total dereference-args max-depth= files0-from= human-readable inodes dereference count-links no-dereference separate-dirs si summarize threshold= time? time-style= exclude-from= exclude= one-file-system help version"),
    full(&["df"], "aB:hHiklPt:Tx:v", "all block-size= human-readable si inodes local no-sync output? portability sync total type= print-type exclude-type= help version"),
    full(&["uname"], "asnrvmpio", "all kernel-name nodename kernel-release kernel-version machine processor hardware-platform operating-system help version"),
    full(&["id"], "aZgGnruz", "context group groups name real user zero help version"),
    full(&["ls", "dir", "vdir"], "aAbBcCdDfFgGhHiI:klLmnNopqQrRsStT:uUvw:xXZ1",
        "all almost-all author escape block-size= ignore-backups color? directory dired classify? file-type format= full-time group-directories-first no-group human-readable si dereference-command-line dereference-command-line-symlink-to-dir hide= hyperlink? indicator-style= inode ignore= kibibytes dereference numeric-uid-gid literal hide-control-chars show-control-chars quote-name quoting-style= reverse recursive size sort= time= time-style= tabsize= width= context zero help version"),
    Spec { effects: &[("-s|--set", Write, "date sets the system clock")], ..full(&["date"], "d:f:I::Rr:s:u", "date= debug file= iso-8601? resolution rfc-email rfc-3339= reference= set= utc universal help version") },
    Spec { numbers: true, ..full(&["diff", "zdiff", "xzdiff", "lzdiff", "bzdiff"], "qscC:uU:enyW:pF:tTlrNx:X:S:iEZbwBI:aD:dv",
        "normal brief report-identical-files context? unified? ed rcs side-by-side width= left-column suppress-common-lines show-c-function show-function-line= label= expand-tabs initial-tab tabsize= suppress-blank-empty paginate recursive no-dereference new-file unidirectional-new-file ignore-file-name-case no-ignore-file-name-case exclude= exclude-from= starting-file= from-file= to-file= ignore-case ignore-tab-expansion ignore-trailing-space ignore-space-change ignore-all-space ignore-blank-lines ignore-matching-lines= text strip-trailing-cr ifdef= old-group-format= new-group-format= unchanged-group-format= changed-group-format= line-format= old-line-format= new-line-format= unchanged-line-format= minimal horizon-lines= speed-large-files color? palette= help version") },
    full(&["cmp", "zcmp", "xzcmp", "lzcmp", "bzcmp"], "bi:ln:sv", "print-bytes ignore-initial= verbose bytes= quiet silent help version"),
    Spec { effects: &[
            ("-o|--output", Write, "sdiff -o writes the merged file"),
            ("--diff-program", Unknown, "sdiff --diff-program runs another program"),
        ], ..full(&["sdiff"], "o:iEZbWBI:aw:lstdHv",
        "output= ignore-case ignore-tab-expansion ignore-trailing-space ignore-space-change ignore-all-space ignore-blank-lines ignore-matching-lines= strip-trailing-cr text width= left-column suppress-common-lines expand-tabs tabsize= minimal speed-large-files diff-program= help version") },
    Spec { effects: &[("--diff-program", Unknown, "diff3 --diff-program runs another program")],
        ..full(&["diff3"], "AeE3xXimaTL:v", "show-all ed show-overlap easy-only overlap-only merge text strip-trailing-cr initial-tab diff-program= label= help version") },
    full(&["md5sum", "sha1sum", "sha224sum", "sha256sum", "sha384sum", "sha512sum"], "bctzw", "binary check tag text zero ignore-missing quiet status strict warn help version"),
    full(&["b2sum"], "bcl:tzw", "binary check length= tag text zero ignore-missing quiet status strict warn help version"),
    full(&["cksum"], "a:cl:zw", "algorithm= base64 check length= raw tag untagged zero ignore-missing quiet status strict warn debug help version"),
    full(&["sum"], "rs", "sysv help version"),
    full(&["base64", "base32"], "diw:", "decode ignore-garbage wrap= help version"),
    full(&["od"], "A:j:N:S::t:vw::abcdfilosx", "address-radix= endian= skip-bytes= read-bytes= strings? format= output-duplicates width? traditional help version"),
    full(&["printenv"], "0", "null help version"),
    full(&["tty"], "s", "silent quiet help version"),
    full(&["numfmt"], "d:z", "debug delimiter= field= format= from= from-unit= grouping header? invalid= padding= round= suffix= to= to-unit= zero-terminated help version"),
    Spec { numbers: true, ..full(&["fmt"], "cp:stuw:g:", "crown-margin prefix= split-only tagged-paragraph uniform-spacing width= goal= help version") },
    // `-COLUMN` is a run of digits that may share a cluster with the flags (`-2t`); `+PAGE`
    // is taken as an operand, a file read (pr's own reading of it only selects pages).
    Spec { numbers: true, ..full(&["pr"], "0123456789acdD:e::fFh:i::Jl:mn::N:o:rs::S::tTvw:W:", "pages= columns= across show-control-chars double-space date-format= expand-tabs? form-feed header= output-tabs? join-lines length= merge number-lines? first-line-number= indent= no-file-warnings separator? sep-string? omit-header omit-pagination show-nonprinting width= page-width= help version") },
    full(&["tsort"], "", "debug help version"),
    full(&["nproc"], "", "all ignore= help version"),
    full(&["whoami", "groups", "users", "logname", "arch", "hostid"], "", HV),
    full(&["who"], "abdHlmpqrstTu", "all boot dead heading ips login lookup process count runlevel short time users mesg message writable help version"),
    full(&["pwd"], "LP", "logical physical help version"),
    full(&["sleep"], "", HV),
    full(&["dircolors"], "bcp", "sh bourne-shell csh c-shell print-database print-ls-colors help version"),
    full(&["pathchk"], "pP", "portability help version"),
    Spec { effects: &[("-o|--output", Write, "shuf -o writes to a file")],
        ..full(&["shuf"], "ei:n:o:rz", "echo input-range= head-count= output= random-source= repeat zero-terminated help version") },
    full(&["factor"], "h", "exponents help version"),
    full(&["rev"], "0hV", "zero help version"),
    spec(&["column"], "tnc:dNs:o:R:T:W:H:O:JrieLlEpx", "table table-name= table-order= table-columns= table-columns-limit= table-noextreme= table-noheadings table-header-repeat table-hide= table-right= table-truncate= table-wrap= keep-empty-lines json tree= tree-id= tree-parent= output-width= output-separator= separator= fillrows help version"),
    spec(&["strings"], "adfn:t:woT:e:s:hv", "all data print-file-name bytes= radix= include-all-whitespace target= encoding= unicode= output-separator= help version"),
    // gpgconf's printing commands (GnuPG 2.2, strace: nothing written, no component run);
    // --list-options, --check-programs and the rest run the components or change them.
    spec(&["gpgconf"], "", "list-dirs list-components help version"),
    spec(&["locale"], "amckvV", "all-locales charmaps category-name keyword-name verbose help usage version"),
    spec(&["which"], "as", "all skip-alias skip-dot skip-tilde show-dot show-tilde tty-only read-alias read-functions skip-functions"),
    spec(&["whereis"], "bmsuB:M:S:flV", "help version"),
    // Programs with a grammar of their own.
    Spec { effects: &[
            ("-o", Write, "tree -o writes its listing to a file"),
            ("-R", Write, "tree -R writes an index file into each directory"),
        ], ..spec(&["tree"], "adlfxL:RP:I:ACDFgHhinNopqQrsStT:uUvXJ",
        "help version gitignore gitfile= ignore-case matchdirs metafirst prune info infofile= noreport charset= filelimit= dirsfirst filesfirst timefmt= inodes device si du sort= nolinks hintro= houtro= fromfile fromtabfile fflinks condense hyperlink") },
    Spec { effects: &[
            ("-o|-O|--log-file|--LOG-FILE", Write, LESS_LOG),
            ("-k|--lesskey-file|--lesskey-src|--lesskey-content", Unknown, "less loads key bindings, which can set LESSOPEN and run commands"),
        ], ..spec(&["less", "more", "zless", "zmore", "xzless", "xzmore", "lzless", "lzmore", "bzless", "bzmore"], "aAb:BcCdD:eEfFgGh:iIj:JKk:LmMnNo:O:p:P:qQrRsSt:T:uUVwWx:Xy:z:~#:",
        "help version quit-at-eof QUIT-AT-EOF quit-if-one-screen ignore-case IGNORE-CASE long-prompt LONG-PROMPT LINE-NUMBERS line-numbers RAW-CONTROL-CHARS raw-control-chars chop-long-lines squeeze-blank-lines no-init tabs= pattern= prompt= status-column mouse wheel-lines= use-color color= follow-name incsearch header= no-vbell quotes= rscroll= save-marks search-skip-screen silent log-file= LOG-FILE= lesskey-file= lesskey-src= lesskey-content= tag= tag-file= window= shift= max-back-scroll= buffers= auto-buffers jump-target= no-keypad no-histdups no-number-headers redraw-on-quit exit-follow-on-close") },
    Spec { effects: &[
            ("-P|--pager", Unknown, MAN_PAGER),
            ("-H|--html|-X|--gxditview|-T|--troff-device|-t|--troff|-Z|--ditroff|-C|--config-file|-p|--preprocessor", Unknown, "man runs a program named on its command line"),
        ], ..spec(&["man"], "aC:d:DfhHikK:L:m:M:p:P:r:R:s:S:tT:uVwWZl",
        "all config-file= debug default whatis help html? apropos global-apropos locale= systems= manpath= preprocessor= pager= prompt= recode= sections= troff troff-device? update version where path location where-cat location-cat ditroff regex wildcard names-only no-subpages no-hyphenation nh no-justification nj local-file gxditview? warnings? encoding= ignore-case match-case") },
    // `-o -` writes the nodes to standard output (info(1): "If FILE is -, output goes to
    // standard output"; measured, texinfo 6.8: no file made).
    Spec { effects: &[
            ("-o|--output", Write, "info writes a file"),
            ("--dribble", Write, "info writes its keystrokes to a file"),
            ("--init-file", Unknown, "info loads key bindings from a file"),
        ], output: Output { option: "-o|--output", effects: &["-o|--output"], always: None, dash: true, quiet: "" },
        ..spec(&["info"], "ad:f:hkn:o:Ovw", "all apropos= directory= dribble= file= help index-search= init-file= node= output= raw-escapes restore= show-options usage speech-friendly strict-node-location subnodes version vi-keys where location") },
    spec(&["jq", "gojq", "jaq"], "nrjascCeSMRL:f:h", "null-input raw-output raw-output0 join-output ascii-output compact-output tab indent= color-output monochrome-output sort-keys slurp raw-input exit-status seq stream stream-errors arg# argjson# slurpfile# rawfile# args jsonargs from-file= unbuffered help version build-configuration"),
    Spec { effects: &[
            ("--pre", Unknown, "rg --pre runs another program on every file"),
            ("--hostname-bin", Unknown, "rg --hostname-bin runs another program"),
        ], numbers: false, ..spec(&["rg"], "A:B:C:abcE:e:f:FLg:hHiIj:lm:M:nNo0pPqr:sSt:T:uUvVwxz.d:",
        "after-context= before-context= context= text count count-matches color= colors= column no-column context-separator= no-context-separator crlf debug trace dfa-size-limit= encoding= engine= field-context-separator= field-match-separator= file= files files-with-matches files-without-match fixed-strings follow glob= iglob= glob-case-insensitive heading no-heading hidden no-hidden hyperlink-format= ignore-case ignore-file= ignore-file-case-insensitive include-zero invert-match json no-json line-buffered block-buffered line-number no-line-number line-regexp max-columns= max-columns-preview max-count= max-depth= maxdepth= max-filesize= mmap no-mmap multiline multiline-dotall no-config no-filename with-filename no-ignore no-ignore-dot no-ignore-exclude no-ignore-files no-ignore-global no-ignore-messages no-ignore-parent no-ignore-vcs no-messages no-pcre2-unicode no-require-git no-unicode null null-data one-file-system only-matching passthru passthrough path-separator= pcre2 pcre2-version pre= pre-glob= pretty quiet regex-size-limit= regexp= replace= search-zip no-search-zip smart-case case-sensitive sort= sortr= sort-files stats no-stats threads= trim type= type-not= type-add= type-clear= type-list unrestricted vimgrep word-regexp auto-hybrid-regex binary no-binary hostname-bin= help version") },
    // ag 2.2's file types (`ag --list-file-types`), each a `--TYPE` switch that only narrows
    // the files searched (round 36's `ag --python`).
    Spec { effects: &[("--pager", Unknown, "ag --pager runs another program")],
        ..spec(&["ag"], "aA:B:C:cDfg:G:hHiLlm:nop:QrsStuUvVwz0",
        "ackmate all-text all-types after= before= break no-break color no-color color-line-number= color-match= color-path= column no-column context= count debug depth= filename no-filename file-search-regex= files-with-matches files-without-matches fixed-strings follow group no-group heading no-heading hidden ignore= ignore-case ignore-dir= invert-match line-numbers list-file-types literal max-count= numbers no-numbers one-device only-matching pager= no-pager parallel passthrough path-to-ignore= print-long-lines print0 recurse no-recurse search-binary search-zip silent skip-vcs-ignores smart-case stats stats-only unrestricted vimgrep word-regexp workers= case-sensitive help version actionscript ada asciidoc apl asm asp aspx batch bazel bitbake cc cfmx chpl clojure coffee config coq cpp crystal csharp cshtml css cython delphi dlang dot dts ebuild elisp elixir elm erlang factor fortran fsharp gettext glsl go gradle groovy haml handlebars haskell haxe hh html idris ini ipython isabelle j jade java jinja2 js json jsp julia kotlin less liquid lisp log lua m4 make mako markdown mason matlab mathematica md mercury naccess nim nix objc objcpp ocaml octave org parrot pdb perl php pike plist plone powershell proto ps1 pug puppet python qml racket rake razor restructuredtext rs r rdoc ruby rust salt sass scala scheme shell smalltalk sml sql stata stylus swift tcl terraform tex thrift tla tt toml ts twig vala vb velocity verilog vhdl vim vue wix wsdl wadl xml yaml zeek zephir") },
    // ack 3.6's file types (`ack --help-types`), each a `--TYPE` and `--noTYPE` switch (as
    // `-t TYPE`, `-T TYPE`) that only narrows the files searched (round 36's `ack --go`). The
    // configuration ack reads first (ackrc files, ACK_OPTIONS, ACK_PAGER) is the context's.
    Spec { effects: &[
            ("--pager|--ackrc|--env", Unknown, "ack runs a pager or reads options from a file named on its command line"),
        ], ..spec(&["ack", "ack-grep"], "A:B:C:cfg:hHiIklLm:nosvwxQ1t:T:",
        "after-context= before-context= context? count color nocolor colour nocolour column nocolumn files-with-matches files-without-matches filter nofilter follow nofollow group nogroup heading noheading ignore-case smart-case no-smart-case ignore-dir= noignore-dir= ignore-file= literal match= max-count= output= pager= nopager passthru print0 recurse no-recurse show-types sort-files type= type-add= type-set= type-del= word-regexp line= ackrc= env noenv known-types help help-types version actionscript noactionscript ada noada asm noasm asp noasp aspx noaspx batch nobatch bazel nobazel cc nocc cfmx nocfmx clojure noclojure cmake nocmake coffeescript nocoffeescript cpp nocpp crystal nocrystal csharp nocsharp css nocss dart nodart delphi nodelphi elisp noelisp elixir noelixir elm noelm erlang noerlang fortran nofortran go nogo groovy nogroovy gsp nogsp haskell nohaskell hh nohh hpp nohpp html nohtml jade nojade java nojava js nojs json nojson jsp nojsp kotlin nokotlin less noless lisp nolisp lua nolua make nomake markdown nomarkdown matlab nomatlab objc noobjc objcpp noobjcpp ocaml noocaml perl noperl perltest noperltest php nophp plone noplone pod nopod purescript nopurescript python nopython rake norake rr norr rst norst ruby noruby rust norust sass nosass scala noscala scheme noscheme shell noshell smalltalk nosmalltalk smarty nosmarty sql nosql stylus nostylus svg nosvg swift noswift tcl notcl tex notex toml notoml ts nots ttml nottml vb novb verilog noverilog vhdl novhdl vim novim xml noxml yaml noyaml") },
    Spec { effects: &[
            ("--pager|--lessopen|--config-file", Unknown, "bat runs a pager or a preprocessor"),
            ("--generate-config-file", Write, "bat writes a configuration file"),
        ], ..spec(&["bat", "batcat"], "ApPl:H:dnSL:m:r:uhVs",
        "show-all plain language= highlight-line= file-name= diff diff-context= tabs= wrap= chop-long-lines terminal-width= number color= italic-text= decorations= force-colorization paging= pager= map-syntax= ignored-suffix= theme= theme-dark= theme-light= list-themes squeeze-blank squeeze-limit= strip-ansi= style= line-range= list-languages unbuffered completion= diagnostic acknowledgements set-terminal-title no-config no-custom-assets no-paging config-file config-dir cache-dir generate-config-file lessopen no-lessopen nonprintable-notation= binary= help version") },
    spec(&["eza", "exa"], "1lGxRTFaAdDfrsg:hHiSnL:I:ZMbBXtumUoC@w:",
        "oneline long grid across recurse tree classify? colour? color? colour-scale? color-scale? icons? all almost-all list-dirs only-dirs only-files reverse sort= group-directories-first group-directories-last header links inode blocksize numeric level= ignore-glob= git-ignore binary bytes group smart-group modified accessed created changed time= time-style= no-permissions no-filesize no-user no-time no-icons octal-permissions git git-repos git-repos-no-status no-git extended context mounts total-size hyperlink width= absolute? follow-symlinks dereference help version"),
    // jo (1.9) prints the JSON its words make; `@file`, `%file`, `:file` values and `-f` read a
    // file, only `-o` writes one.
    Spec { effects: &[("-o", Write, "jo -o writes its output to a file")],
        ..spec(&["jo"], "aBDd:pensbo:vVf:", "") },
    // pv (1.6) copies its input to stdout with a display on stderr; `-R` (another pv's settings,
    // by a message queue), `-P` (a pid file), `-c` (a lock shared with other pvs on the terminal)
    // and `-d` (another process's descriptors) are not listed.
    spec(&["pv"], "pteIrabTA:F:nqWD:s:l0i:w:H:N:fL:B:CES",
        "progress timer eta fineta rate average-rate bytes buffer-percent last-written= format= numeric quiet wait delay-start= size= line-mode null interval= width= height= name= force rate-limit= buffer-size= no-splice skip-errors stop-at-size help version"),
    // patchelf (0.14) prints with `--print-*` and writes its operand only when a change was made
    // (or `--output` is given): the changing options are not listed (strace: one `O_RDONLY` open).
    spec(&["patchelf"], "", "print-interpreter print-soname print-rpath print-needed debug page-size= version"),
    // graphviz's gc only counts what its graphs hold.
    spec(&["gc"], "necCaDUrsv?", ""),
    spec(&["tokei"], "cefhlo:s:Vt:Ch", "columns= exclude= files help hidden languages no-ignore no-ignore-parent no-ignore-dot no-ignore-vcs output= sort= type= compact num-format= verbose version"),
    Spec { effects: &[
            ("-K|--kill", Write, "ss -K closes network connections"),
            ("-D|--diag", Write, "ss -D writes raw information to a file"),
        ], ..spec(&["ss"], "hVnrapsiemoKSMTZzbtuwx0lA:f:D:F:N:4O6HE",
        "help version numeric resolve all listening options extended memory processes process-id info tos cgroup tipcinfo kill summary events context contexts bpf bpf-maps ipv4 ipv6 packet tcp mptcp udp dccp raw unix sctp vsock tipc xdp inet-sockets no-header oneline query= socket= family= diag= filter= net= threads") },
    Spec { effects: &[("-o|--output", Write, "zstd -o writes a file"), ("--rm", Write, "zstd --rm deletes its input"), ("--trace", Write, "zstd --trace writes a log")],
        ..spec(&["zstdcat", "zcat", "bzcat", "xzcat", "lzcat", "unzstdcat"], "cdfhHklLnNqrStTvV0123456789o:",
        "stdout decompress force help keep list license no-name name quiet recursive suffix= synchronous test verbose version rm trace= format=") },
    Spec { effects: &[("-i|--in-place", Write, "sed -i edits files in place")], ..full(&["sed"], "nrEsuzi::e:f:l:b", "quiet silent debug expression= file= follow-symlinks in-place? line-length= null-data zero-terminated posix regexp-extended separate sandbox unbuffered binary help version") },
    Spec { effects: &[
            // -d, -o, -p and their files, -i and -l: `readers::awk`.
            ("-D|--debug", Unknown, "awk --debug reads debugger commands"),
        ], posix_order: true, ..spec(&["awk"], "f:F:v:bcCd::D::e:E:ghi:Ikl:L::MnNo::Op::PrsStVW:",
        "file= field-separator= assign= characters-as-bytes traditional copyright dump-variables? debug? source= exec= gen-pot help include= trace csv load= lint? bignum non-decimal-data use-lc-numeric pretty-print? optimize profile? posix re-interval no-optimize sandbox lint-old version") },
    Spec { effects: &[
            ("-c|--create", Write, "tar creates an archive"),
            ("-r|--append|-u|--update|-A|--catenate|--concatenate|--delete", Write, "tar changes an archive"),
            ("-I|--use-compress-program", Unknown, TAR_COMPRESS_PROGRAM),
            ("-F|--info-script|--new-volume-script|--rsh-command|--checkpoint-action", Unknown, "tar runs another program"),
            ("--to-command", Unknown, "tar --to-command runs a program on each file it extracts"),
            ("--index-file|--volno-file|--remove-files|-M|--multi-volume", Write, "tar writes a file besides the archive"),
            ("-g|--listed-incremental", Write, "tar writes the snapshot file of an incremental archive"),
        ],
        // `tar -cf -` / `tar -cvf /dev/null`: the archive made goes to a stream (tar(1): `-`
        // is standard output). -r/-u/-A/--delete still read and rewrite the archive named.
        output: Output { option: "-f|--file", effects: &["-c|--create"], always: None, dash: true, quiet: "" },
        ..spec(&["tar"], "AcdrtuxC:f:F:g:GhiI:jJkK:lL:mMN:oOpPsStT:UvV:wWX:zZb:aH:B",
        "catenate concatenate create delete diff compare append list test-label update extract get directory= file= info-script= new-volume-script= listed-incremental= incremental dereference ignore-zeros use-compress-program= bzip2 xz keep-old-files starting-file= check-links tape-length= touch multi-volume newer= after-date= no-same-owner same-owner to-stdout same-permissions preserve-permissions absolute-names sparse same-order preserve-order files-from= unlink-first verbose label= interactive confirmation verify exclude-from= gzip gunzip ungzip compress uncompress blocking-factor= auto-compress format= read-full-records exclude= exclude-vcs exclude-vcs-ignores exclude-caches wildcards no-wildcards anchored no-anchored ignore-case strip-components= transform= xform= show-transformed-names one-file-system numeric-owner owner= group= mode= mtime= sort= totals? checkpoint? checkpoint-action= to-command= rsh-command= force-local zstd lzip lzma lzop no-auto-compress occurrence? full-time utc quoting-style= show-defaults show-omitted-dirs index-file= volno-file= record-size= null no-null recursion no-recursion warning= backup? suffix= overwrite overwrite-dir keep-newer-files keep-directory-symlink skip-old-files remove-files help usage version") },
    Spec { effects: &[("--plugin", Unknown, "nm --plugin loads a shared library")],
        ..spec(&["nm"], "aABCDegjlnoprsSuUvVWPt:f:X:h", "debug-syms print-file-name demangle? no-demangle recurse-limit no-recurse-limit dynamic format= extern-only just-symbols defined-only no-sort numeric-sort portability print-armap reverse-sort size-sort special-syms undefined-only no-weak ifunc-chars= unicode= line-numbers radix= target= plugin= help version synthetic with-symbol-versions without-symbol-versions quiet") },
    // Interactive top takes keys that kill and renice processes and write ~/.toprc; batch mode
    // (-b, required in `readers`) reads no keys.
    spec(&["top"], "bcd:EeHin:o:O:p:s:SU:u:w::1", "help version"),
    Spec { effects: &[
            ("-i|--inplace", Write, "yq -i edits files in place"),
            ("-s|--split-exp", Write, "yq -s writes a file per document"),
            ("--from-file", Unknown, "yq reads its expression from a file"),
            ("--in-place", Write, "yq --in-place edits files in place"),
        // Go's yq (mikefarah) and Python's yq (kislyuk, Debian's `yq`: jq's options and
        // `-y`/`-Y`/`-w`/`--in-place`) share the name; an option of either is taken, and `-i`
        // and `--in-place` write in both. jq's `-f` reads a jq program, which cannot write.
        ], ..spec(&["yq"], "CMPNjernio:p:I:s:0yYw:cSa", "colors no-colors prettyPrint no-doc tojson exit-status unwrapScalar null-input inplace output-format= input-format= indent= split-exp= nul-output from-file= front-matter= expression= header-preprocess help version yaml-output yml-output yaml-roundtrip yml-roundtrip yaml-output-grammar-version= yml-out-ver= width= indentless-lists indentless explicit-start explicit-end in-place raw-output compact-output sort-keys tab arg# argjson# slurp") },
    // gron 0.7: JSON to assignments and back, from a file, standard input or a URL (the URL is
    // looked at in `readers`); `-k` only matters for a URL.
    spec(&["gron"], "uvcmskj", "ungron values colorize monochrome stream insecure json no-sort version help"),
    // html-xml-utils 7.7 filters (each `-h`-less usage line): a file or URL to standard output.
    spec(&["hxnormalize"], "edxLi:l:c:", ""),
    spec(&["hxselect"], "vicl:s:", ""),
    spec(&["hxwls"], "ltrhb:", ""),
    spec(&["hxpipe"], "lv", ""),
    spec(&["hxunpipe"], "b", ""),
    spec(&["hxremove"], "vl:i", ""),
    spec(&["hxcount", "hxuncdata", "hxclean"], "", ""),
    // csvkit 1.x: each tool's options and the common ones (csvkit's "Common arguments"), all
    // printing to standard output. `in2csv --write-sheets` writes a file per sheet, `csvsql
    // --db`/`--insert` write a database (its `--query` is looked at in `readers`). csvclean
    // (output files), csvpy (a Python shell) and sql2csv (a database) are not listed.
    Spec { effects: &[("--write-sheets", Write, "in2csv --write-sheets writes a CSV file per sheet")],
        ..spec(&["in2csv"], csv_short!("f:s:k:ny:"), csv_long!("format= schema= key= names sheet= write-sheets= use-sheet-names reset-dimensions encoding-xls= snifflimit= no-inference")) },
    spec(&["csvlook"], csv_short!("y:"), csv_long!("max-rows= max-columns= max-column-width= max-precision= no-number-ellipsis snifflimit= no-inference")),
    spec(&["csvstat"], csv_short!("i:nc:y:G"), csv_long!("csv json indent= names columns= type nulls non-nulls unique min max sum mean median stdev len max-precision freq freq-count= count snifflimit= decimal-format= no-grouping-separator")),
    spec(&["csvcut"], csv_short!("nc:C:x"), csv_long!("names columns= not-columns= delete-empty-rows")),
    spec(&["csvgrep"], csv_short!("nc:m:r:f:ia"), csv_long!("names columns= match= regex= file= invert-match any-match")),
    spec(&["csvsort"], csv_short!("nc:riy:"), csv_long!("names columns= reverse ignore-case snifflimit= no-inference")),
    spec(&["csvjson"], csv_short!("i:k:y:"), csv_long!("indent= key= lat= lon= type= geometry= crs= no-bbox stream snifflimit= no-inference")),
    spec(&["csvformat"], csv_short!("ED:TAQ:U:BP:M:"), csv_long!("skip-header out-delimiter= out-tabs out-asv out-quotechar= out-quoting= out-no-doublequote out-escapechar= out-lineterminator=")),
    spec(&["csvjoin"], csv_short!("c:y:"), csv_long!("columns= outer left right snifflimit= no-inference")),
    spec(&["csvstack"], csv_short!("g:n:"), csv_long!("groups= group-name= filenames")),
    Spec { effects: &[("--db", Write, "csvsql --db connects to a database, which it may create and write"),
            ("--insert", Write, "csvsql --insert writes the rows into a database")],
        ..spec(&["csvsql"], csv_short!("i:y:"), csv_long!("dialect= db= query= insert prefix= before-insert= after-insert= tables= no-constraints unique-constraint= no-create create-if-not-exists overwrite db-schema= snifflimit= chunk-size= no-inference")) },
    // GNU gettext 0.21: a catalog compiled or a template extracted goes to the file `-o` names
    // (`-`: standard output, both manuals), else to messages.mo / messages.po; msgfmt ignores
    // `domain` directives when -o is given (measured). Java, C#, Tcl, Qt, desktop and XML modes,
    // which write elsewhere or run javac, are not listed.
    Spec { output: Output { option: "-o|--output-file", effects: &[], always: Some("msgfmt writes a compiled catalog (messages.mo unless -o names another file)"), dash: true, quiet: "" },
        ..spec(&["msgfmt"], "D:o:cfvCa:P", "directory= output-file= strict check check-format check-header check-domain check-compatibility check-accelerators? use-fuzzy alignment= endianness= no-convert no-redundancy no-hash properties-input stringtable-input statistics verbose help version") },
    Spec { effects: &[
            ("-j|--join-existing", Write, "xgettext -j merges into the existing output file"),
            ("-p|--output-dir", Write, "xgettext writes into the directory -p names"),
        ], output: Output { option: "-o|--output", effects: &[], always: Some("xgettext writes a template (messages.po unless -o names another file)"), dash: true, quiet: "" },
        ..spec(&["xgettext"], "f:D:d:o:p:L:Cjx:c::ak::TeEinw:sFm::M::hVv",
        "files-from= directory= default-domain= output= output-dir= language= c++ from-code= join-existing exclude-file= add-comments? check= sentence-end= extract-all keyword? flag= trigraphs its= qt kde boost debug color? style= no-escape escape force-po indent no-location add-location? strict properties-output stringtable-output itstool width= no-wrap sort-output sort-by-file omit-header copyright-holder= foreign-user package-name= package-version= msgid-bugs-address= msgstr-prefix? msgstr-suffix? help version verbose") },
    Spec { effects: &[("-o|--output", Write, "iconv -o writes to a file")],
        ..spec(&["iconv"], "f:t:lco:s", "from-code= to-code= list output= silent verbose help usage version") },
    // GNU gettext 0.21's catalog filters (each `--help`): they read the catalogs named and print
    // the result, or write it to the file `-o` names.
    catalog(&["msgcat", "msguniq", "msgattrib", "msgconv", "msgen", "msgcomm"], "f:D:o:<:>:udPt:eEinpw:sF",
        "files-from= directory= output-file= less-than= more-than= unique repeated properties-input stringtable-input to-code= use-first lang= color? style= no-escape escape force-po indent no-location add-location? strict properties-output stringtable-output width= no-wrap sort-output sort-by-file translated untranslated no-fuzzy only-fuzzy no-obsolete only-obsolete set-fuzzy clear-fuzzy set-obsolete clear-obsolete previous clear-previous empty only-file= ignore-file= fuzzy obsolete help version"),
    catalog(&["msggrep"], "D:o:N:M:JKTCXEFe:f:ivPnpw:hV",
        "directory= output-file= location= domain= msgctxt msgid msgstr comment extracted-comment extended-regexp fixed-strings regexp= file= ignore-case invert-match properties-input stringtable-input color? style= no-escape escape force-po indent no-location add-location? strict properties-output stringtable-output width= no-wrap sort-output sort-by-file help version"),
    // msgunfmt: Java, C# and Tcl catalogs are read from the directory `-d` names.
    catalog(&["msgunfmt"], "jr:l:d:o:eEipw:shVv",
        "java csharp csharp-resources tcl resource= locale= output-file= color? style= no-escape escape force-po indent strict properties-output stringtable-output width= no-wrap sort-output help version verbose"),
    // util-linux 2.38: utmpdump prints a login record file as text, or with `-r` text as a file.
    Spec { effects: &[("-o|--output", Write, "utmpdump -o writes a file")],
        ..spec(&["utmpdump"], "fo:rhV", "follow output= reverse help version") },
    // psmisc 23.6: fuser lists the processes using files; `-k` signals them.
    Spec { effects: &[("-k|--kill", Write, "fuser -k kills the processes that use the files")],
        ..spec(&["fuser"], "aiIkmMn:suvwV46", "all interactive ismountpoint kill mount namespace= silent user verbose writeonly version ipv4 ipv6") },
    // procps 4: pmap prints a process's mappings; `-n`/`-N` write its configuration file
    // (measured: `pmap -n` created ~/.pmaprc).
    Spec { effects: &[("-n|--create-rc|-N|--create-rc-to", Write, "pmap -n writes a configuration file (~/.pmaprc)")],
        ..spec(&["pmap"], "xXdqA:cC:nN:hV", "extended device quiet range= read-rc read-rc-from= create-rc create-rc-to= help version") },
    // gcc 12: gcov writes a `.gcov` report beside each source file unless `-t` sends it to
    // standard output or `-n` writes none (measured).
    Spec { output: Output { option: "", effects: &[], always: Some("gcov writes a .gcov report for each source file"), dash: false, quiet: "-n|--no-output|-t|--stdout" },
        ..spec(&["gcov"], "abcdfhHijklmno:pqrs:tuvwx", "all-blocks branch-probabilities branch-counts display-progress function-summaries help human-readable json-format use-colors long-file-names demangled-names no-output object-directory= object-file= preserve-paths use-hotness-colors relative-only source-prefix= stdout unconditional-branches version verbose hash-filenames conditions") },
    // util-linux 2.38: hardlink replaces duplicates with links unless `-n` (a dry run, measured).
    Spec { output: Output { option: "", effects: &[], always: Some("hardlink replaces duplicate files with hard links"), dash: false, quiet: "-n|--dry-run" },
        ..spec(&["hardlink"], "vqncfpotXmOx:i:rsb:S:y:", "verbose quiet dry-run respect-name content ignore-mode ignore-owner ignore-time respect-xattrs maximize minimize exclude= include= recursive reflink? skip-reflink minimum-size= maximum-size= buffer-size= method= cache-size= exclude-subtree= help version") },
    // GNU ptx: every operand is read, except that with -G a second one is the output
    // (`readers::second_operand`).
    spec(&["ptx"], "AGF:M:ORS:TW:b:fg:i:o:rtw:", "auto-reference traditional flag-truncation= macro-name= format= right-side-refs sentence-regexp= word-regexp= break-file= ignore-case gap-size= ignore-file= only-file= references typeset-mode width= help version"),
    // Pod::Text and Pod::Man 4/5: `pod2text [INPUT [OUTPUT]]`, the second operand is written
    // (`readers::second_operand`).
    spec(&["pod2text"], "aci:lm:o:q:stuw:h", "alt code color errors= help indent= loose margin= nourls overstrike quotes= sentence stderr termcap utf8 width="),
    spec(&["pod2man"], "c:d:e:f:hlnq:r:s:uv", "center= date= encoding= errors= fixed= fixedbold= fixeditalic= fixedbolditalic= help lax lquote= name= nourls quotes= release= rquote= section= stderr utf8 verbose"),
    // perldoc 3.28: the page goes to standard output when that is not a terminal (measured, and
    // with `-T` always); `-d` writes it to a file, `-M` loads a formatter module and `-n` runs
    // another program in place of nroff. The options PERLDOC adds are the context's. Every page
    // it renders (`-f`, `-v`, `-t`, `-T`, a module's) goes through a temporary file in TMPDIR,
    // removed when it exits: only `-l` (the path), `-m` (the source), `-V` and `-h` make none
    // (measured).
    Spec { output: Output { option: "", effects: &[], always: Some("perldoc renders the page through a temporary file in TMPDIR (removed when it exits)"), dash: false, quiet: "-l|-m|-V|-h" },
        effects: &[
            ("-d", Write, "perldoc -d writes the page to a file"),
            ("-M|-n", Unknown, "perldoc -M loads the Perl module it names, -n runs the program it names"),
        ], ..spec(&["perldoc"], "hVDtuTmlFfqvXiUrao:d:f:L:M:n:q:v:w:a:", "") },
    // binutils 2.40: gprof prints a profile from gmon.out; `-s` writes gmon.sum.
    Spec { effects: &[("-s|--sum", Write, "gprof -s writes gmon.sum")],
        ..spec(&["gprof"], "abcDiIJjkLlm:nNpPqQrRsS:tTvw:xyzZAC", "brief annotated-source exec-counts flat-profile graph no-flat-profile no-graph sum line min-count= display-unused-functions static-call-graph ignore-non-functions width= table-length= print-path demangle? no-demangle traditional inline-file-names help version") },
    Spec { effects: &[("--rm", Write, "lz4cat --rm deletes its input")],
        ..spec(&["lz4cat"], "qvfmh", "quiet verbose force multiple rm help version") },
    // Python checkers that print what they find and keep no cache: pyflakes 4.1 (its whole
    // command line), pycodestyle 2.15 (its `--help`; its configuration, `[pycodestyle]` in
    // setup.cfg or tox.ini and ~/.config/pycodestyle, only sets these options, and it runs no
    // plugin). argparse and optparse take an abbreviated long option, hence `full`.
    full(&["pyflakes"], "hV", "help version"),
    // clang-format (14): prints the formatted files, or with `--dry-run`/`-n` its warnings, or
    // its settings (`--dump-config`); `.clang-format` and `--style` are YAML data (styles and
    // options, no program). `-i` rewrites the files. LLVM's parser takes every long option with one
    // dash too (`-style=file`, `-Werror`), and groups no short options: `single_dash`.
    Spec { effects: &[("-i", Write, "clang-format -i rewrites the files in place")], single_dash: true,
        ..spec(&["clang-format", "clang-format-14", "clang-format-15", "clang-format-16", "clang-format-17", "clang-format-18", "clang-format-19"], "in",
        "Werror Wno-error= assume-filename= cursor= dry-run dump-config fallback-style= ferror-limit= length= lines= offset= output-replacements-xml qualifier-alignment= sort-includes? style= verbose help version") },
    // GnuTLS certtool (3.7): the modes that print what a file (`--infile`, else standard
    // input) holds; the generating and converting modes, `--outfile`, and the `--load-*` and
    // verifying options (a `pkcs11:` URL loads the PKCS #11 modules p11-kit's configuration,
    // HOME's included, names) are not listed.
    spec(&["certtool"], "iklVed:", "certificate-info pubkey-info key-info crl-info crq-info p12-info p7-info p8-info dh-info fingerprint key-id verify-chain p7-show-data infile= inder inraw hex-numbers cprint verbose debug= password= null-password empty-password hash= help version"),
    // cabextract (1.9) extracts every file of the cabinet into the working directory (or `-d`)
    // unless it lists (`-l`), tests (`-t`) or pipes the files to standard output (`-p`).
    Spec { effects: &[("-d|--directory", Write, "cabextract extracts into the directory -d names")],
        output: Output { option: "", effects: &[], always: Some("cabextract extracts the files of the cabinet"), dash: false, quiet: "-l|--list|-t|--test|-p|--pipe|-h|--help" },
        ..spec(&["cabextract"], "vhltqLfpsF:e:d:", "version help list test quiet lowercase fix pipe single filter= encoding= directory=") },
    full(&["pycodestyle"], "hvqr", "version help verbose quiet repeat first exclude= filename= select= ignore= show-source show-pep8 statistics count max-line-length= max-doc-length= indent-size= hang-closing format= diff benchmark config="),
    // The catalog of a developer's machine (issue 44: the executables of Debian's required,
    // important and standard packages, buildpack-deps:bookworm's and the common developer
    // packages of devel, vcs, text, utils, database, graphics, doc and media inspectors), each
    // from its `--help` and manual, its reading forms measured with strace in a throwaway
    // directory with a private /tmp (no file opened to write, no program run, no connection).
    // diffstat 1.65: `-o`/`-e` name files for its output and errors; a compressed input (a name
    // ending in .gz, .bz2, .xz, .lzma, .z or .Z, or standard input that starts like one) is
    // decompressed through `sh -c` (standard input first copied to a file in /tmp), which
    // `readers::diffstat_inputs` and the walk look at.
    Spec { effects: &[
            ("-o", Write, "diffstat -o writes its output to a file"),
            ("-e", Write, "diffstat -e writes its errors to a file"),
        ], ..spec(&["diffstat"], "bcCdD:e:Ef:hkKlmn:N:o:p:qr:RsS:tTuvVw:", "") },
    // libtiff 4.5's printers: every option chooses what is shown (`-o` is a directory offset).
    spec(&["tiffinfo"], "DicdjrswzMf:o:M:0123456789", ""),
    spec(&["tiffdump"], "ho:m:", ""),
    // pngcheck 3.0: `-x` extracts the PNGs it finds into files; the rest print.
    Spec { effects: &[("-x", Write, "pngcheck -x writes the PNG files it finds")],
        ..spec(&["pngcheck"], "7cpqstvwxh", "") },
    // vorbis-tools 1.4 and opus-tools 0.2: the stream checkers print only.
    spec(&["ogginfo", "opusinfo"], "hqvV", ""),
    // MKVToolNix 74: mkvinfo prints; `-r` writes its messages to a file. An `@FILE` operand
    // adds options from a JSON file (`readers::known` refuses it).
    Spec { effects: &[("-r|--redirect-output", Write, "mkvinfo -r writes its output to a file")],
        ..spec(&["mkvinfo"], "acCoPpstxXzvqr:hV", "all checksum check-mode continue positions hex-positions summary track-info hexdump full-hexdump size verbose quiet ui-language= command-line-charset= output-charset= redirect-output= abort-on-warnings help version") },
    // mp3info 0.8.5: printing options only; the tag options (`-t`, `-a`, …), `-d` (delete the
    // tag) and `-i` (edit it) are not listed.
    spec(&["mp3info"], "xFfr:p:hG", ""),
    // pax-utils 1.3: scanelf prints; `-X` fixes and `-z` sets PaX flags in the files, `-o`
    // writes its output to a file. dumpelf prints an ELF file's structures.
    Spec { effects: &[
            ("-X|--fix", Write, "scanelf -X rewrites the files it fixes"),
            ("-z|--setpax", Write, "scanelf -z sets PaX flags in the files"),
            ("-o|--file", Write, "scanelf -o writes its output to a file"),
        ], ..spec(&["scanelf"], "plRmyAXz:xetrnLibSs:k:gN:TaqvF:f:o:E:M:DIYO:ZCBhV",
        "path ldpath ldcache= use-ldpath root= recursive mount symlink archives fix setpax= pax header textrel rpath needed interp bind soname symbol= section= lib= gmatch textrels etype= bits= endian osabi eabi perms= size all quiet verbose format= from= file= nocolor nobanner help version") },
    spec(&["dumpelf"], "vhV", "verbose help version"),
    // chrpath 0.16: lists the run path (the default); `-d`, `-c`, `-r` rewrite the binary.
    Spec { effects: &[
            ("-d|--delete|-c|--convert|-r|--replace", Write, "chrpath rewrites the binary's run path"),
        ], ..spec(&["chrpath"], "vdcr:lkh", "version delete convert replace= list keepgoing help") },
    // RCS 5.10: ident and rlog print what RCS files and keyword strings say (`RCSINIT` adds only
    // options of rlog's, which all print).
    spec(&["ident"], "qV", ""),
    spec(&["rlog"], "LRhtNbd:l::r::s:w::TV::x:z:q", ""),
    // devscripts 2.23: checkbashisms reads scripts and prints what it finds; `--no-conf`
    // (`--noconf`) skips ~/.devscripts (cat52: traced, r31's tool-config case).
    spec(&["checkbashisms"], "hnpflxev", "help newline posix force lint extra early-fail version no-conf noconf"),
    // hardening-check (devscripts 2.23) runs readelf and objdump on the files and prints.
    spec(&["hardening-check"], "psfrbqvRFclh?", "nopie nostackprotector nofortify norelro nobindnow nocfprotection quiet verbose report-functions find-libc-functions color lintian debug help"),
    // enca 1.19 guessing (what enca does unless told to convert): `-x`, `-c`, `-E` and `-C`
    // convert or name converter programs, not listed.
    spec(&["enca"], "gdefimrsn:L:pPVGhl:v", "guess details enca-name human-readable iconv-name mime-name rfc1345-name cstocs-name name= language= with-filename no-filename verbose license help list= version"),
    // uchardet 0.0.7 prints each file's encoding.
    spec(&["uchardet"], "vh", "version help"),
    // util-linux 2.38: fincore and lsfd print.
    spec(&["fincore"], "JbnorhV", "json bytes noheadings output= raw help version"),
    spec(&["lsfd"], "lJnruo:p:Q:C:hV", "threads json noheadings output= raw notruncate pid= filter= debug-filter counter= dump-counters summary? help version"),
    // e2fsprogs 1.47: filefrag maps a file's extents; `-s` syncs the file first (not listed).
    spec(&["filefrag"], "b::BeEkPvVxX", ""),
    // dctrl-tools 2.24: the Debian control file readers print the paragraphs they select.
    spec(&["grep-dctrl", "grep-status", "grep-available"], "!acCdeF:iIlLnoPqrs:SvwX?V",
        "not and compat count copying debug-optparse ensure-dctrl eq errorlevel= eregex field= ge gt ignore-parse-errors ignore-case invert-show le lt files-with-matches files-without-matches mmap no-field-names or pattern= quiet regex silent show-field= invert-match whole-pkg exact-match help usage version"),
    spec(&["sort-dctrl"], "Ck:l:?V", "copying key-spec= errorlevel= mmap help usage version"),
    spec(&["tbl-dctrl"], "c:Cd:Hl:?V", "column= copying delimiter= no-heading errorlevel= mmap help usage version"),
    // dpkg 1.21: dpkg-parsechangelog prints debian/changelog's fields (`-l` another file);
    // `-F` (a parser module named on the command line) is not listed.
    spec(&["dpkg-parsechangelog"], "l:S:?s:v:u:f:t:c:n:o:", "file= show-field= help version format= reverse all since= until= from= to= count= offset="),
    // dpkg-vendor prints what /etc/dpkg/origins says.
    spec(&["dpkg-vendor"], "", "vendor= is= derives-from= query= help version"),
    // autoconf 2.71's ifnames prints the preprocessor conditionals of C files.
    spec(&["ifnames"], "hV", "help version"),
    // GNU global 6.6 looks tags up in the GTAGS database gtags made; `-u` and `--single-update`
    // run gtags to update it (measured with r28: `global -x NAME` on a database wrote nothing).
    Spec { effects: &[
            ("-u|--update", Write, "global -u updates the tag database"),
            ("--single-update", Write, "global --single-update updates the tag database"),
        ],
        ..spec(&["global"], "aC:cde:EfFgGiIlL:MnNoOpPqrsS:tTuvVx",
            "absolute basic-regexp color= completion cxref definition directory= encode-path= extended-regexp file file-list= first-match from-here= grep gtagsconf= gtagslabel= idutils ignore-case invert-match literal local match-case match-part= nearness? nofilter? only-other other path path-style= print= print-dbpath quiet reference regexp= result= rootdir scope= single-update= symbol tags through update verbose help version") },
];

/// The shape the GNU gettext catalog filters share: they read the catalogs named and print the
/// result, or write it to the one file `-o` names (`-o -` is standard output, gettext's manual).
const fn catalog(names: &'static [&'static str], short: &'static str, long: &'static str) -> Spec {
    Spec {
        effects: &[(
            "-o|--output-file",
            Write,
            "a gettext catalog tool writes the file -o names",
        )],
        output: Output {
            option: "-o|--output-file",
            effects: &["-o|--output-file"],
            always: None,
            dash: true,
            quiet: "",
        },
        ..spec(names, short, long)
    }
}

/// Programs with no option that writes a file, runs a program or reaches the network: every
/// argument they can be given only changes what they show (checked against their manuals).
#[rustfmt::skip]
pub const ANY_ARGUMENTS: &[&str] = &[
    "ps", "pgrep", "pidof", "pstree", "lsof", "lsblk", "lscpu", "lsmem", "lsmod", "lspci", "lsusb", "findmnt",
    "free", "uptime", "w", "last", "lastlog", "getent", "getconf", "objdump", "readelf", "size", "hexdump", "hd",
    "cal", "ncal", "expr", "yes", "vmstat", "iostat", "mpstat", "netstat", "whatis", "apropos", "look", "locate",
    "plocate", "mlocate", "shellcheck", "hexyl", "otool", "md5", "duf", "procs", "bc", "zipinfo", "getfacl",
    "dpkg-query", "mountpoint", "shasum", "zipdetails", "lsattr", "namei", "lsns", "lslocks", "lsipc", "ipcs",
    "xxhsum", "b3sum", "crc32", "pdfinfo", "lsb_release", "basenc", "colrm", "datamash", "pkg-config", "pkgconf",
    // envsubst(1) (GNU gettext): substitutes variables from its environment into stdin and
    // prints; `-v` lists the variables of a format. No option names a file.
    "envsubst",
    // The inventory of Debian's base and toolchain packages (binutils, elfutils, procps, psmisc,
    // util-linux, bsdextrautils, moreutils, ncurses-bin, gettext, perl, xz-utils, unzip,
    // libarchive-tools, iproute2, universal-ctags, less, man-db, libc-bin, python3-minimal): the
    // programs whose manuals list no option that writes, runs a program or reaches the network.
    "c++filt", "addr2line", "eu-readelf", "eu-nm", "eu-size", "eu-strings", "eu-addr2line", "eu-objdump",
    "eu-elflint", "eu-elfclassify", "eu-elfcmp", "eu-findtextrel", "pwdx", "prtstat", "getopt", "errno", "isutf8",
    "combine", "ts", "mcookie", "col", "colcrt", "ul", "lslogins", "lzmainfo", "funzip", "bsdcat", "infocmp", "toe",
    "zdump", "manpath", "lexgrog", "readtags", "pinky", "routel", "ctstat", "rtstat", "lnstat", "lessecho", "gettext",
    "ngettext", "msgcmp", "corelist", "encguess", "podchecker", "piconv", "py3versions", "isosize",
    "lsirq", "pldd",
    // The catalog of a developer's machine (see SPECS): programs whose every option only
    // changes what is shown. xxHash's per-width names, webp's and libjpeg's printers aside
    // (`data`), the -config scripts of the -dev packages (they print compiler flags),
    // systemd's printers of facts and strings, qpdf's zlib filter.
    "xxh32sum", "xxh64sum", "xxh128sum", "curl-config", "xml2-config", "xslt-config", "libpng-config",
    "libpng16-config", "systemd-detect-virt", "systemd-escape", "systemd-path", "zlib-flate",
    // yamllint 1.29: its configuration (`-c`, `-d`, `.yamllint`, `extends`) is YAML of built-in
    // rules, and it has no cache or fix mode.
    "yamllint",
    // fontconfig 2.14's listers: patterns and output formats only. The cache they may write for a
    // user's font directory is the context's (`context::tools::fontconfig`).
    "fc-list", "fc-match",
    // Round 28's readers (measured): libcap's getcap prints files' capabilities; licensecheck
    // 3.3 (a perl script) prints the licenses it finds, and has no output file.
    "getcap", "licensecheck",
];

/// The grammar of `program`, when it has one.
pub fn find(program: &str) -> Option<&'static Spec> {
    SPECS
        .iter()
        .chain(super::catalog::SPECS)
        .find(|s| s.names.contains(&program))
}
