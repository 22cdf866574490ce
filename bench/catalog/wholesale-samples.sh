#!/bin/bash
# The sample inputs the fifth pass's forms read (tracer.py --forms wholesale.tsv): man pages
# (man(7), mdoc(7), ms with a table and an .so), a unified diff, a PDF, a font, LLVM bitcode,
# assembly and an object file, a graphviz graph, a GResource description, an XML catalog, a
# Redis append-only file and RDB-like file, OCaml bytecode, a MySQL option file. Made once,
# outside the sandbox, in the directory named (default target/catalog-samples-wholesale); each
# form gets a copy.
set -euo pipefail
out=${1:-$(dirname "$0")/../../target/catalog-samples-wholesale}
rm -rf "$out" && mkdir -p "$out/home" "$out/src" && cd "$out"
export HOME=$PWD/home XDG_CACHE_HOME=$PWD/home/.cache XDG_CONFIG_HOME=$PWD/home/.config XDG_DATA_HOME=$PWD/home/.local/share
cat > widget.1 <<'M'
.TH WIDGET 1 2026-12-01 "widget 1.0" "User Commands"
.SH NAME
widget \- make widgets
.SH SYNOPSIS
.B widget
[\fB\-v\fR] \fIfile\fR
.SH DESCRIPTION
.B widget
makes widgets.
.so inc.1
M
printf '.SH SEE ALSO\nnothing\n' > inc.1
cat > w.7 <<'M'
.Dd December 1, 2026
.Dt W 7
.Os
.Sh NAME
.Nm w
.Nd a widget
.Sh DESCRIPTION
Text.
M
cat > t.ms <<'M'
.TL
Widgets
.PP
A table:
.TS
l l.
a	b
c	d
.TE
.EQ
x sup 2
.EN
M
printf 'a\nb\nc\nd\n' > a.txt && printf 'a\nB\nc\nd\ne\n' > b.txt && printf 'x\ny\n' > c.txt && printf 'x\nz\n' > d.txt
{ diff -u a.txt b.txt || true; diff -u c.txt d.txt || true; } > multi.diff
diff -u a.txt b.txt > one.diff || true
groff -Tpdf -ms t.ms > doc.pdf 2>/dev/null
cp "$(fc-match -f '%{file}' sans)" font.ttf
printf 'define i32 @add(i32 %%x) {\n  %%y = add i32 %%x, 1\n  ret i32 %%y\n}\n@g = global i32 1\n' > m.ll
printf 'declare i32 @add(i32)\ndefine i32 @sub(i32 %%x) {\n  %%y = call i32 @add(i32 %%x)\n  ret i32 %%y\n}\n' > m2.ll
llvm-as m.ll -o m.bc && llvm-as m2.ll -o m2.bc
printf 'addl %%eax, %%ebx\nmovl $1, %%ecx\n' > a.s
printf 'int f(int x) { return x + 1; }\n' > src/o.c && clang -c -g src/o.c -o o.o
obj2yaml o.o > o.yaml
printf 'digraph G { a -> b; b -> c; a -> c; c -> a; d; }\n' > g.dot
printf 'digraph H { x -> y; }\n' > h.dot
mkdir -p res && printf 'hello\n' > res/hello.txt
cat > w.gresource.xml <<'X'
<?xml version="1.0" encoding="UTF-8"?>
<gresources>
  <gresource prefix="/org/example/w">
    <file>res/hello.txt</file>
  </gresource>
</gresources>
X
xmlcatalog --create --noout catalog.xml
xmlcatalog --noout --add public "-//W//DTD W//EN" "file:///w.dtd" catalog.xml
printf '*2\r\n$3\r\nSET\r\n$1\r\n' > broken.aof
printf '*3\r\n$3\r\nSET\r\n$1\r\na\r\n$1\r\nb\r\n' > ok.aof
printf 'let add x = x + 1\n' > m.ml && printf 'let g = M.add 2\n' > n.ml
cp m.ml mm.ml && ocamlc -c mm.ml -o mm.cmo && mv mm.cmo m.cmo && rm -f mm.*
printf '[client]\nuser=w\n[mysqld]\nport=3307\n' > my.cnf
printf 'Assets:US:Bank 10\nAssets:US:Cash 2\nExpenses:Food 3\n' > accounts.txt
printf '.TH T 1\n.SH NAME\nt \\- t\n' > t.1
cat > w.metainfo.xml <<'X'
<?xml version="1.0" encoding="UTF-8"?>
<component type="console-application">
  <id>org.example.widget</id>
  <metadata_license>CC0-1.0</metadata_license>
  <project_license>MIT</project_license>
  <name>Widget</name>
  <summary>Makes widgets</summary>
  <description><p>Widget makes widgets from files.</p></description>
  <url type="homepage">https://example.org/widget</url>
  <provides><binary>widget</binary></provides>
</component>
X
printf 'import os\n\ndef f(x):\n\treturn os.path.join(x, "y")\n' > u.py
cat > books.beancount <<'B'
option "title" "Books"
2026-01-01 open Assets:Cash
2026-01-01 open Expenses:Food
2026-01-02 * "Lunch"
  Expenses:Food   12.00 USD
  Assets:Cash
B
printf 'my $x=1;\nprint $x;\n' > s.pl
printf 'sub f {\n  if (1) { print 1;\n}\n' > bad.pl
printf 'defmodule W do\n  def f, do: 1\nend\n' > w.ex
printf 'all:\n\techo hi\n' > Makefile
glib-compile-resources --target=w.gresource w.gresource.xml
printf 'class C<int n> { int v = n; }\ndef A : C<1>;\ndef B : C<2>;\n' > r.td
rm -rf home/.cache
