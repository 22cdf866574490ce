#!/usr/bin/env python3
"""Turn version-command first lines into 'name version' tool strings (run after recording)."""
import json, glob, os, re
HERE = os.path.dirname(os.path.abspath(__file__))
RULES = [(r'^revision: ([\d.]+)$', r'lsof \1'),
         (r"^Debian 'dpkg' package management program version ([\d.]+).*", r'dpkg \1'),
         (r'^(?:\x1b\[0m)*Apache Maven ([\d.]+).*', r'Apache Maven \1'),
         (r'^R version ([\d.]+).*', r'R \1'),
         (r'^mariadb\s+Ver 15.1 Distrib ([\d.]+)-MariaDB.*', r'mariadb client 15.1 (MariaDB \1)'),
         (r'^dot - graphviz version ([\d.]+).*', r'graphviz dot \1'),
         (r'^Asciidoctor ([\d.]+) \[.*', r'Asciidoctor \1'),
         (r'^Latexmk, John Collins, .* Version ([\d.]+)$', r'latexmk \1'),
         (r'^ps from procps-ng ([\d.]+)$', r'ps (procps-ng \1)'),
         (r'^ss utility, iproute2-([\d.]+)$', r'ss (iproute2 \1)'),
         (r'^Mono C# compiler version ([\d.]+)$', r'mcs (Mono C# compiler) \1'),
         (r'^Debian LLVM version ([\d.]+)$', r'clang-tidy \1 (Debian LLVM)'),
         (r'^GNATMAKE ([\d.]+)$', r'gnatmake (GNAT) \1'),
         (r'^tree v([\d.]+) .*', r'tree \1'),
         (r'^psql \(PostgreSQL\) ([\d.]+) .*', r'psql (PostgreSQL) \1')]
for f in sorted(glob.glob(os.path.join(HERE, '*.json'))):
    d = json.load(open(f)); t = d['tool']
    for pat, rep in RULES:
        t = re.sub(pat, rep, t)
    if t != d['tool']:
        d['tool'] = t; json.dump(d, open(f, 'w'), indent=1, ensure_ascii=False)
