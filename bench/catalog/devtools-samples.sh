#!/bin/bash
# The sample inputs the fourth pass's forms read (tracer.py --forms devtools.tsv): LLVM assembly,
# C sources and a header directory, a LaTeX file, a DNS zone and a named.conf that loads it, a
# GSettings schema directory, two Python files with a copied block, uncrustify's configuration, a CSV file with a short row. Made once, outside the
# sandbox, in the directory named (default target/catalog-samples-devtools); each form gets a copy.
set -euo pipefail
out=${1:-$(dirname "$0")/../../target/catalog-samples-devtools}
rm -rf "$out" && mkdir -p "$out/include" "$out/schemas" "$out/src" && cd "$out"
printf 'define i32 @f(i32 %%x) {\n  %%y = add i32 %%x, 1\n  ret i32 %%y\n}\n' > m.ll
printf '#define W 2\n' > include/w.h
printf '#include "w.h"\nint f(int x) { return x + W; }\nint main(void) { return f(1); }\n' > src/main.c
cp src/main.c a.c
cp include/w.h src/w.h && cp include/w.h w.h
# uncrustify's configuration in HOME (the tracer's HOME is the probe directory's home/).
mkdir -p home && printf 'indent_columns = 4\n' > home/.uncrustify.cfg
printf '\\documentclass{article}\n\\begin{document}\nA test ,with a space.\n\\end{document}\n' > doc.tex
cat > example.com.zone <<'Z'
$TTL 3600
@ IN SOA ns1.example.com. admin.example.com. ( 1 7200 3600 1209600 3600 )
@ IN NS ns1.example.com.
ns1 IN A 192.0.2.1
www IN A 192.0.2.2
Z
cat > named.conf <<'N'
options { directory "."; };
zone "example.com" { type master; file "example.com.zone"; };
N
cat > schemas/org.example.test.gschema.xml <<'X'
<schemalist>
  <schema id="org.example.test" path="/org/example/test/">
    <key name="width" type="i"><default>2</default></key>
  </schema>
</schemalist>
X
body='def f(a, b):\n    c = a + b\n    d = c * 2\n    e = d - 1\n    return e\n'
printf "import os\n$body" > one.py
printf "import sys\n$body" > two.py
printf 'a,b\n1,2\n3\n' > bad.csv
# notes.txt is what `< FILE` feeds: the C source (uncrustify and sparse read standard input).
cp src/main.c notes.txt
