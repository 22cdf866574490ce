# r28 run list: name, dir (under scratch), cmd, tool ('$ cmd' = first line of that command's output), notes, opts
SPECS = []
def R(name, dir, cmd, tool, notes, **kw):
    d = dict(name=name, dir=dir, cmd=cmd, tool=tool, notes=notes); d.update(kw); SPECS.append(d)

SQ = '$ echo "sqlite3 $(sqlite3 --version | cut -d" " -f1)"'
T = 'tables'
R('tbl-sqlite-box-items', T, "sqlite3 -box shop.db 'select id, sku, name, category, price, stock from items order by price desc limit 20'", SQ,
  'shop.db (120 items, 2600 orders, generated with a fixed seed): top 20 items by price in sqlite3 -box mode (Unicode box drawing).')
R('tbl-sqlite-table-agg', T, "sqlite3 -table shop.db \"select i.category, o.status, count(*) as n, sum(o.qty) as units, round(sum(o.qty*i.price),2) as revenue from orders o join items i on i.id=o.item_id group by 1,2 order by 1,2\"", SQ,
  'Revenue per category and order status (30 rows) in sqlite3 -table mode (+---+ ASCII borders).')
R('tbl-sqlite-markdown', T, "sqlite3 -markdown shop.db 'select * from items where category = \"tools\" order by stock'", SQ,
  'All tools items as a Markdown pipe table (sqlite3 -markdown).')
R('tbl-sqlite-column-orders-big', T, "sqlite3 -column -header shop.db 'select o.id, o.placed_at, o.customer, i.sku, i.name, o.qty, o.status from orders o join items i on i.id = o.item_id order by o.id'", SQ,
  'Every order (2600 rows) joined to its item in -column -header mode: a long fixed-width table.')
R('tbl-sqlite-line-lowstock', T, "sqlite3 -line shop.db 'select * from items where stock < 12 order by stock'", SQ,
  'sqlite3 -line mode: one "column = value" line per field, records separated by blank lines.')
R('tbl-sqlite-json', T, "sqlite3 -json shop.db 'select customer, count(*) as orders, sum(qty) as units from orders group by customer order by orders desc limit 12'", SQ,
  'Top customers as a JSON array (sqlite3 -json).')
R('tbl-sqlite-csv-head', T, "sqlite3 -csv -header shop.db 'select * from orders where status = \"refunded\"' | head -n 25", SQ,
  'Refunded orders as CSV, first 25 lines (pipeline).')
R('tbl-sqlite-parse-error', T, "sqlite3 -box shop.db 'select sku, nmae, price from items where stock < 5'", SQ,
  'Typo in a column name: sqlite3 3.40 prints "Error: in prepare, no such column: nmae", exit 1.')
R('tbl-sqlite-schema', T, "sqlite3 shop.db .schema", SQ, 'The database schema (.schema).')
R('tbl-sqlite-eqp', T, "sqlite3 -box shop.db 'explain query plan select i.name, count(*) from orders o join items i on i.id=o.item_id where o.status=\"paid\" group by i.name'", SQ,
  'EXPLAIN QUERY PLAN as a tree (sqlite3 draws it with |-- even in -box mode).')
R('tbl-sqlite-html', T, "sqlite3 -html -header shop.db 'select id, sku, name, price from items limit 6'", SQ, 'sqlite3 -html: <TR>/<TD> rows without a table element.')
R('tbl-sqlite-fk-error', T, "sqlite3 shop.db 'pragma foreign_keys=on; insert into orders(item_id, qty, customer, status) values (999, 1, \"c\", \"paid\")'", SQ,
  'Foreign-key violation on insert with foreign_keys on: "Error: stepping, FOREIGN KEY constraint failed (19)", exit 19.')
CSV = '$ echo "csvkit $(csvlook --version | cut -d" " -f2)"'
R('tbl-csvlook-deploys', T, 'csvlook deploys.csv', CSV, '60-row deployments CSV (service, env, version, replicas, cpu, mem, status, time, owner; some owners empty) rendered by csvlook as a | table.')
R('tbl-csvsort-csvlook-head', T, 'csvsort -c replicas -r deploys.csv | csvlook | head -n 20', CSV, 'Sort by replicas descending and show the first rows of the csvlook table (pipeline).')
R('tbl-csvstat', T, 'csvstat deploys.csv', CSV, 'csvstat per-column summaries (type, nulls, unique, min/max/mean, most common values).')
R('tbl-csvsql-query', T, "csvsql --query 'select env, status, count(*) as n, sum(replicas) as replicas from deploys group by env, status order by env, n desc' deploys.csv | csvlook", CSV,
  'Group-by over a CSV through csvsql, rendered with csvlook (pipeline); csvsql first prints a SQLAlchemy RemovedIn20Warning.')
R('tbl-csvcut-names', T, 'csvcut -n deploys.csv', CSV, 'Column index listing.')
R('tbl-csvlook-missing-col', T, 'csvcut -c service,region deploys.csv | csvlook', CSV, 'Asking for a column that does not exist: csvcut ColumnIdentifierError, then csvlook on empty input warns (RuntimeWarning sniffing) and dies with StopIteration; exit 1 from csvlook.')
COL = '$ echo "column (util-linux $(column --version | grep -o "[0-9.]*$"))"'
R('tbl-column-csv', T, 'column -t -s, deploys.csv', COL, 'The deployments CSV aligned with column -t -s,. The CSV has CRLF line ends (Python csv default), so every row ends with an invisible \\r.')
R('tbl-column-pods', T, 'column -t pods.txt', COL, 'A kubectl-get-pods-like listing (45 pods, some CrashLoopBackOff/Pending/Error) aligned with column -t.')
R('tbl-pods-not-running', T, "grep -v ' Running ' pods.txt | column -t", COL, 'Only the pods that are not Running, aligned (pipeline).')
R('tbl-column-json-out', T, "head -n 8 deploys.csv | column -s, -t -J -n deploys -N service,env,version,replicas,cpu,mem,status,at,owner", COL, 'column -J with -N names: the CSV header becomes a data object too, and the CRLF line ends show up as \\r in the owner values.')

D = 'ds'
PY = '$ python -c "import sys,pandas,numpy;print(f\'Python {sys.version.split()[0]}, pandas {pandas.__version__}, numpy {numpy.__version__}\')"'
R('ds-pandas-frame-200', D, 'python frames.py 200', PY, 'A 200-row, 13-column weather DataFrame printed with default options: pandas truncates rows and columns with "..."; then describe(), a groupby/agg with a MultiIndex header, dtypes, info(), a numpy 12x9 array and a correlation matrix.')
R('ds-pandas-frame-12', D, 'python frames.py 12', PY, 'Same script on 12 rows: the frame fits vertically but is still cut horizontally.')
R('ds-pandas-frame-wide-600', D, "python -c \"import sys, pandas as pd; pd.set_option('display.max_rows', None); pd.set_option('display.width', 250); sys.argv=['frames.py','600']; exec(open('frames.py').read())\"", PY,
  'Same script on 600 rows with display.max_rows=None (set in a python -c wrapper): all 600 rows are printed, the columns are still cut with ... because pandas does not see a terminal.')
R('ds-sklearn-convergence', D, 'python fit.py', '$ python -c "import sklearn;print(\'scikit-learn\', sklearn.__version__)"',
  'LogisticRegression with max_iter=15 in 3-fold CV for 4 values of C: ConvergenceWarning repeated with the full hint text each time; MLP ConvergenceWarning; classification_report and confusion matrix; pandas 3 ChainedAssignmentError warning (shown once although the loop runs 3 times).')
R('ds-sklearn-ignore-warnings', D, 'python -W ignore fit.py', '$ python -c "import sklearn;print(\'scikit-learn\', sklearn.__version__)"', 'The same script with warnings silenced: only the scores and the report.')
R('ds-sklearn-count-warnings', D, "python fit.py 2>&1 | grep -o '[A-Za-z]*Warning' | sort | uniq -c", '$ python -c "import sklearn;print(\'scikit-learn\', sklearn.__version__)"', 'Counting the warning kinds the script emits (pipeline).')
R('ds-statsmodels-ols', D, 'python ols.py', '$ python -c "import statsmodels;print(\'statsmodels\', statsmodels.__version__)"',
  'statsmodels OLS summary with a categorical term (coefficient table, Omnibus/Durbin-Watson, notes) and a Logit summary2 with its iteration log.', nd='the Date/Time lines of the summaries')
R('ds-tqdm-train', D, 'python train.py 3', '$ python -c "import tqdm;print(\'tqdm\', tqdm.__version__)"',
  'A training-like loop: tqdm bars (\\r-separated updates with loss/lr postfix, miniters=10) for 3 epochs, then epoch summaries.', nd='tqdm rates (it/s) and elapsed times')
R('ds-tqdm-train-nan', D, 'python train.py 4 --nan', '$ python -c "import tqdm;print(\'tqdm\', tqdm.__version__)"',
  'Same loop failing at the end of epoch 2 with a FloatingPointError traceback after the progress bars, exit 1.', nd='tqdm rates (it/s) and elapsed times')
NB = '$ jupyter nbconvert --version | sed "s/^/nbconvert /"'
R('ds-nbconvert-ok', D, 'jupyter nbconvert --to notebook --execute ok.ipynb --output /tmp/r28-nb-ok.ipynb', NB, 'Executing a 3-cell notebook successfully: the two [NbConvertApp] lines.')
R('ds-nbconvert-keyerror', D, 'jupyter nbconvert --to notebook --execute broken.ipynb --output /tmp/r28-nb-bad.ipynb', NB,
  'A notebook whose second cell groups by a missing column: the nbconvert Python traceback, then CellExecutionError with the cell source and the KeyError traceback from pandas (with ANSI colour codes from IPython despite NO_COLOR), exit 1. The kernel prints a "running over TCP without encryption" warning first.')
R('ds-nbconvert-allow-errors-md', D, 'jupyter nbconvert --to markdown --execute --allow-errors --stdout broken.ipynb', NB,
  'The same notebook rendered to Markdown on stdout with --allow-errors: the cell outputs include the traceback text.')
RS = '$ R --version | head -n 1'
R('ds-r-lm-summary', D, 'Rscript lm.R', RS, 'R: head of a data frame, str(), summary(), summary(lm()) with a factor, anova table, summary(glm(binomial)), then 12 "NAs introduced by coercion" warnings printed by warnings().')
R('ds-r-script-error', D, 'Rscript bad.R', RS, 'R on the deployments CSV: aggregate, coef table, ordered subset, then an error (object not found) that halts execution, exit 1.')

P = 'pg'
PS = '$ psql --version'
R('pg-select-20', P, 'psql -c "select r.id, s.site, s.kind, r.taken_at, r.value, r.quality, r.flagged from readings r join sensors s on s.id = r.sensor_id order by r.id limit 20"', PS,
  'Database lab (PostgreSQL 15.18 in scratch; sensors 160 rows, readings 20000): a 20-row aligned result.')
R('pg-select-500', P, 'psql -c "select r.id, s.site, s.kind, r.taken_at, r.value, r.quality from readings r join sensors s on s.id = r.sensor_id where r.quality < 60 order by r.taken_at limit 500"', PS, '500-row aligned result.')
R('pg-select-5000-big', P, 'psql -c "select id, sensor_id, taken_at, value, quality, flagged, raw_payload, ingest_batch from readings order by id limit 5000"', PS, '5000-row aligned result with uuid and JSON-text columns.')
R('pg-expanded-sensors', P, 'psql -x -c "select * from sensors where id <= 12 order by id"', PS, 'Expanded display (-x): -[ RECORD n ]- blocks with jsonb and long notes.')
R('pg-expanded-600-big', P, "psql -c '\\x on' -c 'select r.*, s.site, s.kind from readings r join sensors s on s.id = r.sensor_id order by r.id limit 600'", PS,
  '\\x on then a 600-row select: about 8000 lines of expanded records.')
R('pg-wrapped-notes', P, 'psql -P format=wrapped -P columns=90 -c "select id, site, kind, firmware, notes, metadata from sensors where notes is not null order by id limit 25"', PS,
  'format=wrapped at 90 columns: long notes wrap inside their cell with the wrap markers (. and :).')
R('pg-d-plus-readings', P, "psql -c '\\d+ readings'", PS, '\\d+ of a wide table: generated column, defaults, storage/compression/stats columns, indexes incl. a partial one, FK, access method, table comment.')
R('pg-d-plus-sensors', P, "psql -c '\\d+ sensors'", PS, '\\d+ with a check constraint, unique constraint and "Referenced by".')
R('pg-border2-rollup', P, 'psql -P border=2 -c "select s.kind, s.active, count(*) as readings, round(avg(r.value)::numeric, 2) as avg_value, sum((r.quality < 50)::int) as flagged from readings r join sensors s on s.id = r.sensor_id group by rollup (s.kind, s.active) order by 1, 2"', PS,
  'border=2 table of a GROUP BY ROLLUP with NULL subtotal rows.')
R('pg-crosstabview', P, "psql -c \"select s.site, s.kind, count(*) from readings r join sensors s on s.id = r.sensor_id where s.site <= 'site-12' group by 1, 2 order by 1, 2\" -c '\\crosstabview site kind count'", PS,
  '\\crosstabview given as a second -c: psql runs each -c separately, the query buffer is empty there and nothing more is printed, so only the plain 48-row result appears (a mistake an agent makes).')
R('pg-crosstab-pset-null', P, "printf '%s\\n' '\\pset null (null)' \"select s.site, s.kind, max(r.value) from sensors s left join readings r on r.sensor_id = s.id and r.quality > 97 where s.site <= 'site-10' group by 1, 2 order by 1, 2 \\crosstabview\" | psql -q", PS,
  'A real \\crosstabview (sites by kind) with \\pset null, fed on stdin (pipeline).')
R('pg-csv-head', P, "psql --csv -c 'select * from sensors order by id' | head -n 15", PS, 'psql --csv, first 15 lines (pipeline).')
R('pg-unaligned-tuples', P, "psql -A -t -F ' ' -c \"select kind, count(*) from sensors group by kind order by kind\"", PS, 'Unaligned, tuples only (-A -t): what scripts read.')
R('pg-check-violation', P, "psql -v ON_ERROR_STOP=1 -c \"insert into sensors(site, kind) values ('site-99', 'wind')\"", PS, 'CHECK constraint violation: ERROR + DETAIL with the failing row, exit 1.')
R('pg-ambiguous-column', P, 'psql -c "select id, site, value from readings r join sensors s on s.id = r.sensor_id limit 3"', PS, 'ERROR: column reference "id" is ambiguous with LINE and caret, exit 1.')
R('pg-dt-plus', P, "psql -c '\\dt+' -c '\\di+'", PS, 'Tables and indexes with sizes (\\dt+ and \\di+).')
R('pg-explain-costs-off', P, "psql -c \"explain (costs off) select * from readings where sensor_id = 7 and quality < 50 order by taken_at desc limit 10\"", PS, 'EXPLAIN (COSTS OFF): plan using the partial index.')
R('pg-stat-user-tables-x', P, "psql -x -c \"select relname, seq_scan, idx_scan, n_live_tup, n_dead_tup, last_analyze is not null as analyzed from pg_stat_user_tables order by relname\"", PS,
  'Expanded pg_stat_user_tables counters.', nd='scan counters grow as other runs query the tables')

M = 'maria'
MS = '$ mariadb --version'
R('maria-select-t', M, "mariadb -t crm -e \"select t.id, a.name, t.subject, t.priority, t.status, t.opened_at from tickets t left join agents a on a.id = t.agent_id order by t.id limit 20\"", MS,
  'MariaDB 10.11.19 server in scratch (socket only; crm database: 24 agents, 3000 tickets). -t table output with +---+ borders and NULL agent names.')
R('maria-select-batch-500', M, "mariadb crm -e \"select id, agent_id, priority, status, opened_at, closed_at from tickets where status <> 'closed' order by opened_at limit 500\"", MS,
  'Batch (non-tty) output: tab-separated with a header line, NULL spelled out, 500 rows.')
R('maria-vertical-G', M, "mariadb crm -e 'select * from tickets where priority = \"urgent\" and status = \"escalated\" order by id limit 5\\G'", MS, '\\G vertical output: ***** n. row ***** blocks.')
R('maria-show-create-G', M, "mariadb crm -e 'show create table tickets\\G'", MS, 'SHOW CREATE TABLE in \\G mode: the DDL with keys, FK and engine.')
R('maria-describe', M, "mariadb -t crm -e 'describe tickets; show index from tickets'", MS, 'DESCRIBE and SHOW INDEX as bordered tables.')
R('maria-explain', M, "mariadb -t crm -e \"explain select a.team, count(*) from tickets t join agents a on a.id = t.agent_id where t.status = 'open' group by a.team\"", MS, 'EXPLAIN as a bordered table.')
R('maria-unknown-column', M, "mariadb -t crm -e 'select id, subjet from tickets limit 3'", MS, "Batch mode echoes the statement between dashes, then ERROR 1054 (42S22) at line 1: Unknown column 'subjet' in 'SELECT', exit 1.")
R('maria-fk-error', M, "mariadb crm -e \"insert into tickets(agent_id, subject, opened_at) values (99, 'x', now())\"", MS, 'ERROR 1452 foreign key constraint fails with the constraint text, exit 1.')
R('maria-group-big-t', M, "mariadb -t crm -e \"select a.name, a.team, t.priority, t.status, count(*) n, min(t.opened_at) first_opened, max(t.opened_at) last_opened from tickets t join agents a on a.id = t.agent_id group by 1, 2, 3, 4 order by 1, 3, 4\"", MS,
  'A larger grouped bordered table (96 rows).')
R('maria-status-table', M, "mariadb -t crm -e 'show table status' | cut -c1-160", MS, 'SHOW TABLE STATUS (very wide) cut to 160 columns (pipeline).', nd='update times and data lengths')
R('maria-access-denied', M, 'mariadb -u ghost crm -e "select 1"', MS, '-u ghost: the server maps it to the anonymous user and refuses the database: ERROR 1044 (42000) Access denied for user \'\'@\'localhost\' to database \'crm\', exit 1.')
R('maria-syntax-error', M, "mariadb crm -e 'select count(*) form tickets where status = \"open\"'", MS, 'ERROR 1064 SQL syntax error with the "near ... at line 1" excerpt, exit 1.')

SY = 'misc'
R('sys-ps-aux-db', SY, "ps aux --sort=pid | grep -E 'USER|postgres|mariadbd' | grep -v grep", '$ ps --version', 'ps aux rows of the two database servers (pipeline).', nd='CPU/MEM, times, PIDs')
R('sys-ss-xlp', SY, 'ss -xlp | grep -E "Netid|scratch" ', '$ ss --version', 'ss -xlp: listening unix sockets of the scratch databases (pipeline).', nd='inode numbers and pids')
R('sys-lsof-postgres', SY, "lsof -nP -c postgres 2>/dev/null | grep -E 'COMMAND|REG' | head -n 40", '$ lsof -v 2>&1 | grep revision', 'lsof of the postgres processes, regular files, first 40 lines (pipeline).', nd='PIDs, sizes and node numbers')
R('sys-df-h', SY, 'df -h -x overlay -x tmpfs', '$ df --version', 'df -h without overlay/tmpfs.', nd='usage numbers')
R('sys-dpkg-l-texlive', SY, "dpkg -l 'texlive*' 'mariadb*' latexmk doxygen asciidoctor ccache 'mono-mcs'", '$ dpkg --version', 'dpkg -l of the packages installed for this round (and not-installed texlive-* matches shown as un).')
R('sys-apt-list-installed-grep', SY, "apt list --installed 2>/dev/null | grep -E '^(texlive|mariadb|mono|asciidoctor|ruby-asciidoctor)'", '$ apt --version', 'apt list --installed filtered (pipeline).')
R('sys-dpkg-L-latexmk', SY, 'dpkg -L latexmk', '$ dpkg --version', 'Files of one package.')

DOC = 'docs'
PT = '$ pdflatex -version | head -n 1'
RM = 'rm -f report.aux report.log report.out report.toc report.bbl report.blg report.pdf report.fls report.fdb_latexmk broken.aux broken.log fatal.aux fatal.log'
R('tex-pdflatex-first-pass', DOC, 'pdflatex -interaction=nonstopmode report.tex', PT,
  'First pdflatex run on a clean report: T1 fonts without cm-super make kpathsea run mktexpk/METAFONT inline (hundreds of lines), then undefined references and citations, overfull \\hbox, underfull \\hbox (badness 10000), no .bbl, "There were undefined references" at the end, exit 0.', reset=RM, post=RM, nd='only the very first run generated the bitmap fonts with METAFONT; the second found them cached and is ~360 lines shorter')
R('tex-bibtex-warnings', DOC, 'pdflatex -interaction=nonstopmode report.tex > /dev/null; bibtex report', '$ bibtex -version | head -n 1',
  'bibtex after the first pass (chain with ;): a citation key not in refs.bib and an empty publisher, "(There were 2 warnings)", exit 0.', reset=RM, post=RM)
R('tex-latexmk-full', DOC, 'latexmk -pdf -interaction=nonstopmode report.tex', '$ latexmk -version | grep -i version',
  'latexmk from clean: pdflatex, bibtex, reruns; the logs of every pass, the summary of remaining warnings (undefined citation) and exit code.', reset=RM, post=RM, timeout=240, nd='latexmk timing lines and run counts of file database')
R('tex-grep-log-warnings', DOC, "pdflatex -interaction=nonstopmode report.tex > /dev/null; grep -nE 'Warning|Overfull|Underfull|undefined' report.log", PT,
  'Grepping the .log for warnings after a pass (chain and grep).', reset=RM, post=RM)
R('tex-fatal-missing-package', DOC, 'pdflatex -interaction=nonstopmode fatal.tex', PT, "Missing package: ! LaTeX Error: File `siunitx-not-a-package.sty' not found, then the run ends (exit 1).", reset=RM, post=RM)
R('tex-broken-halt', DOC, 'pdflatex -interaction=nonstopmode -halt-on-error broken.tex', PT, 'Unbalanced math and \\begin/\\end mismatch with -halt-on-error: the first error and "No pages of output", exit 1.', reset=RM, post=RM)
R('tex-broken-file-line', DOC, 'pdflatex -interaction=nonstopmode -file-line-error broken.tex', PT, 'Same file with -file-line-error and no halt: every error as ./broken.tex:N: with the context lines, exit 1.', reset=RM, post=RM)
PD = '$ pandoc --version | head -n 1'
R('doc-pandoc-html-warnings', DOC, 'pandoc -s notes.md -o /tmp/r28-notes.html --verbose', PD, 'pandoc --verbose to standalone HTML: only an [INFO] about the missing lang (the dangling footnote and the missing image pass silently).')
R('doc-pandoc-citeproc-fail', DOC, 'pandoc --citeproc --bibliography=refs.bib --fail-if-warnings -s cites.md -o /tmp/r28-cites.html', PD, 'Citations with --citeproc: two keys missing from refs.bib give [WARNING] Citeproc lines, and --fail-if-warnings ends with "Failing because there were warnings.", exit 3.')
R('doc-pandoc-unknown-format', DOC, 'pandoc -f markdown -t docbookx notes.md', PD, 'Unknown output format: "Unknown output format docbookx", exit 22.')
R('doc-pandoc-missing-input', DOC, 'pandoc -t plain notes.md missing.md', PD, 'Missing input file.')
DT = '$ dot -V'
R('doc-dot-syntax-error', DOC, 'dot -Tsvg graph.dot -o /tmp/r28-graph.svg', DT, 'Graphviz syntax error (unclosed attribute list): "Error: graph.dot: syntax error in line N near ..." exit 1.')
R('doc-dot-warnings', DOC, 'dot -Tpng ok.dot -o /tmp/r28-ok.png && echo rendered', DT, 'Graphviz warnings for an unknown style value (and unknown attribute silently kept), then the chain echo.')
R('doc-dot-plain', DOC, 'dot -Tplain ok.dot', DT, 'dot -Tplain layout output (graph/node/edge coordinate lines).')
AD = '$ asciidoctor --version | head -n 1'
R('doc-asciidoctor-warnings', DOC, 'asciidoctor guide.adoc -o /tmp/r28-guide.html', AD, 'asciidoctor: ERROR for a missing include (with its absolute path) and WARNING for a section level out of sequence; exit 0 all the same.')
R('doc-asciidoctor-verbose-fail', DOC, 'asciidoctor -v --failure-level=WARN guide.adoc -o /tmp/r28-guide.html', AD, 'Same with -v and --failure-level=WARN: an extra INFO line for the invalid xref, and exit 1.')
R('doc-doxygen-warnings', 'cc', 'doxygen Doxyfile', '$ echo "doxygen $(doxygen --version)"', 'doxygen on the C project (file docs added after the cc-* runs): an unclosed @code block (end of file inside a comment), undocumented members, @param names not in the argument list, unknown commands, unresolved \\ref targets, a multi-line "parameter is not documented" warning; exit 0.', reset='rm -rf /tmp/r28-doxy')

J = 'jvm'
JV = '$ javac -version'
JS = 'src/main/java/org/example/ledger/*.java'
R('jvm-javac-xlint-all', J, 'javac -Xlint:all -d /tmp/r28-classes ' + JS, JV, 'javac -Xlint:all: rawtypes/unchecked, deprecation/removal (new Integer), fallthrough, cast, serial, finalize-deprecated warnings; compiles, exit 0.', reset='rm -rf /tmp/r28-classes')
R('jvm-javac-werror', J, 'javac -Xlint:all -Werror -d /tmp/r28-classes ' + JS, JV, 'Same with -Werror: the warnings, then "error: warnings found and -Werror specified", "1 error 8 warnings", exit 1.', reset='rm -rf /tmp/r28-classes')
R('jvm-junit-console', J, 'javac -nowarn -d /tmp/r28-classes ' + JS + ' && javac -nowarn -cp /tmp/r28-classes:/usr/share/java/junit4.jar -d /tmp/r28-test src/test/java/org/example/ledger/*.java && java -cp /tmp/r28-classes:/tmp/r28-test:/usr/share/java/junit4.jar:/usr/share/java/hamcrest-core.jar org.junit.runner.JUnitCore org.example.ledger.LedgerTest',
  '$ echo "JUnit $(unzip -p /usr/share/java/junit4.jar META-INF/MANIFEST.MF | grep -i "^Implementation-Version" | cut -d" " -f2 | tr -d "\\r")"', 'Compile (javac notes about deprecated/unchecked APIs) and run JUnit 4 tests with JUnitCore: a switch fall-through fails describeEmpty (ComparisonFailure) and integer division fails ratio (AssertionError), each with its stack; "Tests run: 6,  Failures: 2", exit 1.', reset='rm -rf /tmp/r28-classes /tmp/r28-test', nd='Time: line')
R('jvm-mvn-offline-fail', J, 'mvn -o -B -Dmaven.repo.local=/usr/share/maven-repo compile', '$ mvn -v | head -n 1 | sed "s/\\x1b\\[[0-9;]*m//g"', "Maven offline against Debian's /usr/share/maven-repo: the resources plugin is not there, so the build fails with the offline-resolution error and the help links, exit 1. Maven 3.8.7 still writes ESC[0m sequences with -B.", nd='timing lines')
R('jvm-mvn-offline-validate', J, 'mvn -o -B -Dmaven.repo.local=/usr/share/maven-repo validate', '$ mvn -v | head -n 1 | sed "s/\\x1b\\[[0-9;]*m//g"', 'validate binds no plugin, so it succeeds offline: the short BUILD SUCCESS log with its banner.', nd='Total time and Finished at')
R('jvm-javap', J, 'javac -nowarn -d /tmp/r28-classes ' + JS + ' && javap -p -classpath /tmp/r28-classes org.example.ledger.Ledger org.example.ledger.Report', JV, 'javap -p of the two classes (chain).', reset='rm -rf /tmp/r28-classes')
R('jvm-javac-missing-symbol', J, "sed 's/l.balance(a)/l.balanceOf(a)/; s/List<String> accounts/Lst<String> accounts/' src/main/java/org/example/ledger/Report.java > /tmp/r28-Report.java && javac -d /tmp/r28-x src/main/java/org/example/ledger/Ledger.java /tmp/r28-Report.java", JV,
  'The edited copy lives in /tmp under another file name, so besides the two cannot-find-symbol errors (a class and a method, with symbol/location lines) javac reports "class Report is public, should be declared in a file named Report.java"; a [removal] warning and unchecked notes; "3 errors 1 warning", exit 1.')

F = 'fortran'
GF = '$ gfortran --version | head -n 1'
R('f90-bounds-runtime', F, 'gfortran -Wall -Wextra -fcheck=all heat.f90 -o /tmp/r28-heat && /tmp/r28-heat', GF, 'Compile warnings (conversion, array reference out of bounds at compile time, unused variable) then a -fcheck=bounds runtime error with the Fortran runtime message and a backtrace, exit 2.', nd='addresses in the backtrace')
R('f90-compile-errors', F, 'gfortran -Wall broken.f90 -o /tmp/r28-broken', GF, 'Syntax and semantic errors: END DO for an IF block, implicit-none symbol, intent(in) assignment; errors with the caret lines, exit 1.')
R('f90-std-warnings', F, 'gfortran -std=f2008 -Wall -Wextra -Wconversion-extra -c heat.f90 -o /tmp/r28-heat.o', GF, 'Compile-only with extra conversion warnings.')

MN = '$ mcs --version'
R('cs-mcs-run-nre', 'mono', 'mcs -out:/tmp/r28-inv.exe Inventory.cs && mono /tmp/r28-inv.exe', MN, 'Mono C# compiler warning CS0168 (unused variable), then the program throws a NullReferenceException with the mono stack trace, exit 1.')
R('cs-mcs-syntax-errors', 'mono', 'mcs -out:/tmp/r28-b.exe Broken.cs', MN, 'Missing semicolons: mcs error CS1525/CS1002 lines "Broken.cs(7,40): error ...", "Compilation failed: N error(s), 0 warnings", exit 1.')
R('cs-mcs-semantic-errors', 'mono', 'mcs -out:/tmp/r28-b2.exe Broken2.cs', MN, 'Semantic errors: CS1955 (List.Count used as a method), CS0029 conversions, CS0103 unknown name, CS1061 missing member with its related-location line, CS5001 no Main; "Compilation failed: 6 error(s)", exit 1.')

C = 'cc'
CB = 'rm -rf build && cmake -S . -B build -G "Unix Makefiles" -DCMAKE_BUILD_TYPE=Debug > /dev/null'
R('cc-cmake-build-j2', C, 'cmake --build build -j2', '$ cmake --version | head -n 1',
  'cmake --build -j2 from clean (Makefiles): -Wall -Wextra -Wconversion -Wshadow warnings from 4 files interleaved with progress, then an undefined reference to checksum at link, exit 2.', reset=CB, nd='interleaving order of the two jobs')
R('cc-cmake-build-lib', C, 'cmake --build build --target rb -- -j2', '$ cmake --version | head -n 1', 'Only the library target: warnings, then "Built target rb".', reset=CB, nd='interleaving order of the two jobs')
R('cc-clang-tidy-project', C, "clang-tidy -p build src/ring.c src/parse.c src/stats.c src/table.c src/main.c --checks='-*,bugprone-*,clang-analyzer-*,cert-*,performance-*,misc-*'", '$ clang-tidy --version | grep version',
  'clang-tidy over the project via compile_commands.json: unsafe strcpy/sprintf, use after free, leak, off-by-one loop, narrowing conversions; "N warnings generated" and "Suppressed" lines, exit 0.', reset=CB + ' && true')
R('cc-cppcheck-xml', C, 'cppcheck --enable=all --inconclusive --xml --suppress=missingIncludeSystem -I include src', '$ cppcheck --version', 'cppcheck XML (version 2) output on stderr: <error> elements with <location> children.')
R('cc-cppcheck-template-gcc', C, 'cppcheck -q --enable=warning,style,performance,portability --template=gcc -I include src', '$ cppcheck --version', 'cppcheck with --template=gcc: file:line:col: severity: message [id] plus code lines.')
R('cc-gcc-fanalyzer', C, 'gcc -fanalyzer -Iinclude -c src/ring.c src/parse.c src/stats.c src/table.c && echo compiled', '$ gcc --version | head -n 1',
  'GCC static analyzer paths (use-after-free, leak, out-of-bounds write) with numbered event lines and ASCII arrows.', post='rm -f ring.o parse.o stats.o table.o')
R('cc-ld-undefined', C, 'gcc -Iinclude -o /tmp/r28-rbtool src/*.c -lm', '$ gcc --version | head -n 1', 'Plain link of all sources: ld "undefined reference to `checksum\'" and collect2 exit status, exit 1.', nd='name of the temporary object file /tmp/ccXXXX.o')
R('cc-lto-type-mismatch', C + '/lto', 'gcc -O2 -flto -Wall a.c b.c -o /tmp/r28-lto && /tmp/r28-lto', '$ gcc --version | head -n 1',
  'LTO: -Wlto-type-mismatch warnings for a function and a variable declared with different types in two units (with the "previously declared here" notes), then the program prints garbage.')
R('cc-ccache-stats', C, 'ccache -z > /dev/null && CC="ccache gcc" cmake -S . -B /tmp/r28-ccb > /dev/null && cmake --build /tmp/r28-ccb --target rb > /dev/null 2>&1; rm -rf /tmp/r28-ccb; CC="ccache gcc" cmake -S . -B /tmp/r28-ccb > /dev/null && cmake --build /tmp/r28-ccb --target rb > /dev/null 2>&1; ccache -s -v',
  '$ ccache --version | head -n 1', 'ccache statistics after building the library twice (misses then hits), verbose -s -v table.', reset='rm -rf /tmp/r28-ccb', nd='the Stats updated time')
R('cc-clang-weverything', C, 'clang -Iinclude -Weverything -fsyntax-only src/ring.c src/parse.c src/stats.c src/table.c', '$ clang --version | head -n 1', 'clang -Weverything -fsyntax-only: many warnings with [-Wflag] names, fix-it hints, "N warnings generated." per file.')

G = 'goproj'
GV = '$ go version'
R('go-test-race', G, 'go test -race -count=1 ./...', GV, 'go test -race: WARNING: DATA RACE reports (read/write with goroutine stacks, "Previous write at", "Goroutine N created at") on the unlocked hit/miss counters; "testing.go: race detected during execution of test", FAIL, exit 1.', nd='goroutine ids, addresses and times', timeout=240)
R('go-vet-copylocks-structtag', G, 'go vet ./...', GV, 'go vet: copylocks (lock passed and returned by value), structtag (two malformed tags), unreachable code; exit 2 (vet diagnostics are printed as a failed package).')
R('go-test-v', G, 'go test -count=1 -v ./...', GV, 'go test -v: RUN/PASS lines, a subtest failing (TestTable/zz), FAIL summary, exit 1.', nd='timings')
R('go-test-run-table', G, "go test -count=1 -run 'TestTable/.*' -v ./cache", GV, 'Only the table-driven subtests.', nd='timings')
R('go-test-grep-summary', G, "go test -count=1 ./... 2>&1 | grep -E '^(---|FAIL|ok|panic)'", GV, 'Failing test lines only (pipeline; grep keeps exit 0).', nd='timings')

RW = 'rustws'
CV = '$ cargo --version'
R('rs-cargo-build-warnings', RW, 'cargo build', CV, 'Workspace (units + report, path dependency) from clean: unused import/variable/field, dead code, unused Result of write!, unused assignment warnings with help/notes, "generated N warnings", exit 0.', reset='cargo clean -q', nd='build time')
R('rs-cargo-test-doc', RW, 'cargo test --doc -p units', CV, 'Doctests of units (edition 2021, run after the build warning): "6 passed; 2 failed; 1 ignored" - one fails at run time (assertion left/right), one fails to compile (mismatched types E0308 inside the doctest); the no_run example is compiled only; exit 101.', nd='timings')
R('rs-cargo-test-all', RW, 'cargo test', CV, 'All targets: unit tests of both crates (report has a failing assert_eq with a custom message and a backtrace because RUST_BACKTRACE is set in the env) and cargo stops before doctests, exit 101.', nd='timings')
R('rs-cargo-test-no-fail-fast', RW, 'cargo test --no-fail-fast -q', CV, '--no-fail-fast -q: every suite runs incl. doctests; the final "error: 2 targets failed" list.', nd='timings')
R('rs-cargo-clippy', RW, 'cargo clippy --workspace', '$ cargo clippy --version', 'clippy over the workspace: ptr_arg, needless_return, len_zero, write_with_newline, plus rustc warnings.', reset='cargo clean -q', nd='build time')
R('rs-cargo-tree', RW, 'cargo tree --workspace', CV, 'cargo tree of a path-dependency workspace.')

I = 'itsd'
IB = 'itsd-bug'
PYT = '$ python -m pytest --version'
EN = {'PYTHONPATH': 'src'}
R('itsd-pytest-v', I, 'python -m pytest -v -p no:cacheprovider', PYT, 'itsdangerous 2.2.0 (PyPI sdist, tests from the sdist, PYTHONPATH=src): 297 tests pass, -v lists every parametrized id.', env=EN, nd='run time')
R('itsd-pytest-q', I, 'python -m pytest -q -p no:cacheprovider', PYT, 'Same suite, -q: dots and the summary.', env=EN, nd='run time')
R('itsd-bug-pytest-q', IB, 'python -m pytest -q -p no:cacheprovider', PYT, 'Copy with injected bugs (timed.py: age + 10 and >=, get_timestamp returns a float; encoding.int_to_bytes returns b"\\x00" for 0): 95 of 297 fail, most with struct.error from the float timestamp, one bytes assert; exit 1.', env=EN, nd='object addresses (0x7f...) in the tracebacks and the run time')
R('itsd-bug-pytest-x-long', IB, 'python -m pytest -x --tb=long -p no:cacheprovider', PYT, 'Stop at the first failure with --tb=long (the bytes assert in test_encoding).', env=EN, nd='run time')
R('itsd-bug-pytest-rf-tbno', IB, 'python -m pytest -rf --tb=no -q -p no:cacheprovider', PYT, '-rf --tb=no: the short summary of failures only.', env=EN, nd='run time')
R('itsd-bug-pytest-k-vv', IB, 'python -m pytest -k max_age -vv -p no:cacheprovider tests/test_itsdangerous/test_timed.py', PYT, '-k max_age -vv on one file: deselected count, verbose assertion output.', env=EN, nd='run time and ages')
R('itsd-pytest-collect', I, 'python -m pytest --co -q -p no:cacheprovider', PYT, '--co -q: 297 node ids.', env=EN)
R('itsd-pytest-durations', I, 'python -m pytest -q --durations=8 -p no:cacheprovider', PYT, '--durations=8 slowest table.', env=EN, nd='durations')
R('itsd-bug-pytest-n2', IB, 'python -m pytest -n 2 -q -p no:cacheprovider', PYT, 'pytest-xdist with 2 workers on the buggy copy.', env=EN, nd='worker order and run time')
R('itsd-mypy-strict', I, 'mypy --strict src/itsdangerous', '$ mypy --version', 'mypy --strict on the clean package: the pyproject python_version 3.8 complaint, then one unused "type: ignore" error (pretty output is on in its config), exit 1.')
R('itsd-bug-mypy-strict', IB, 'mypy --strict src/itsdangerous', '$ mypy --version', 'mypy --strict on the buggy copy: float returned where int is declared (plus the pyproject python_version line).')
R('cattrs-mypy-src', 'cattrs', 'mypy src/cattrs', '$ mypy --version', 'mypy on cattrs 26.2.1 (PyPI sdist, 36 source files) with its own strict config and the venv\'s attrs/typing: "Found 494 errors in 29 files", with notes and error codes, exit 1.', timeout=300, nd='none expected')

GT = 'gitrepo'
GTV = '$ git --version'
R('git-log-stat-all', GT, 'git log --stat', GTV, 'Repo made here from the itsdangerous sources: 91 commits with fixed dates (two authors), a rename at commit 31, 6 new files at 56; full log --stat.')
R('git-log-stat-10', GT, 'git log --stat -n 10 --date=short', GTV, 'The last 10 commits with --stat.')
R('git-show-big-commit', GT, "git show $(git log --format=%h --diff-filter=A -n 1 -- src/itsdangerous/contrib)", GTV, 'git show of the commit that added 6 contrib modules (240 added lines).')
R('git-show-rename', GT, "git show --stat -M $(git log --format=%h --diff-filter=R -n 1)", GTV, 'git show --stat of the rename commit (_json.py => jsonshim.py).')
R('git-diff-worktree', GT, 'git diff', GTV, 'Working-tree diff: one line inserted at the top of 9 modules (staged rename and deletion not shown).')
R('git-diff-cached-stat', GT, 'git diff --cached --stat', GTV, 'Staged: a rename and a deleted test file.')
R('git-status', GT, 'git status', GTV, 'Long status: staged rename + deletion, 9 modified, untracked files.')
R('git-status-porcelain-v2', GT, 'git status --porcelain=v2 --branch', GTV, 'Porcelain v2 with branch headers: 1/2/? lines with modes and hashes.')
R('git-blame-signer', GT, 'git blame -w src/itsdangerous/signer.py', GTV, 'Blame of a 260-line module touched by many commits.')
R('git-blame-porcelain-head', GT, 'git blame --porcelain -L 1,40 src/itsdangerous/timed.py', GTV, 'Porcelain blame of 40 lines.')
R('git-reflog', GT, 'git reflog', GTV, 'Reflog with commits, the stash reset, checkouts to a feature branch and back.')
R('git-stash-show-p', GT, 'git stash list && git stash show -p stash@{0}', GTV, 'Stash list then its patch (chain).')
R('git-log-graph-all', GT, 'git log --oneline --graph --all --decorate | head -n 30', GTV, 'Graph with the feature branch and the stash refs, first 30 lines (pipeline).')
R('git-log-follow', GT, 'git log --follow --oneline --name-status -- src/itsdangerous/jsonshim.py', GTV, '--follow across the rename with --name-status (R100 line).')
R('git-shortlog-sn', GT, 'git shortlog -sne HEAD', GTV, 'Commit counts per author.')
R('git-diff-range-stat', GT, 'git diff --stat HEAD~40 HEAD', GTV, 'Diffstat over 40 commits.')
R('git-log-p-file', GT, 'git log -p -n 4 -- src/itsdangerous/timed.py', GTV, 'The last 4 patches to one file.')
R('git-grep-count', GT, "git grep -c '# note' -- 'src/*.py' 'tests/*.py'", GTV, 'git grep -c per file.')
R('git-checkout-dirty-conflict', GT, 'git checkout hotfix/encoding', GTV, 'Switching to a branch that changes encoding.py while the work tree has a local edit of it: "Your local changes ... would be overwritten by checkout", Aborting, exit 1.')
R('git-branch-vv', GT, 'git branch -vv --list && git stash list', GTV, 'Branches and stash (chain).')

V = 'venv/lib/python3.11/site-packages'
RG = '$ rg --version | head -n 1'
R('big-rg-todo-site-packages', '.', "rg -n 'TODO|FIXME|XXX' " + V, RG, 'ripgrep over the venv (pandas, numpy, scikit-learn, scipy, statsmodels, jupyter stack): every TODO/FIXME/XXX line; several thousand lines.', nd='file order (ripgrep walks directories in parallel)')
R('big-rg-count-def-fit', '.', "rg -c 'def fit\\(' " + V + '/sklearn', RG, 'rg -c: per-file counts of fit definitions in scikit-learn.', nd='file order (ripgrep walks directories in parallel)')
R('big-rg-files-pyx', '.', "rg --files -g '*.pyx' -g '*.pxd' " + V + ' | sort', RG, 'Cython sources shipped in the wheels (rg --files with globs, sorted; pipeline).')
R('big-du-site-packages', '.', 'du -sh ' + V + '/* | sort -h | tail -n 25', '$ du --version | head -n 1', 'Largest 25 entries in site-packages (pipeline).')
R('big-tree-sklearn-d', '.', 'tree -d -L 2 ' + V + '/sklearn', '$ tree --version', 'Directory tree of scikit-learn, 2 levels.')
R('big-find-tests-count', '.', "find " + V + "/sklearn " + V + "/pandas -name 'test_*.py' | wc -l && find " + V + "/statsmodels -name 'test_*.py' -newer " + V + "/statsmodels/__init__.py | head -n 5", '$ find --version | head -n 1', 'Counting test files then a -newer query (chain).')
R('big-ls-la-pandas-core', '.', 'ls -la ' + V + '/pandas/core', '$ ls --version | head -n 1', 'ls -la of pandas/core.', nd='mtimes')
R('big-wc-l-sort', '.', 'wc -l ' + V + '/pandas/core/*.py | sort -n | tail -n 15', '$ wc --version | head -n 1', 'Longest pandas core modules (pipeline).')
R('big-sed-n-logistic', '.', 'sed -n 560,640p ' + V + '/sklearn/linear_model/_logistic.py', '$ sed --version | head -n 1', 'A slice of a long source file (where the ConvergenceWarning comes from).')
R('big-cat-n-config', '.', 'cat -n pg/data/postgresql.auto.conf pg/data/pg_hba.conf', '$ cat --version | head -n 1', 'Two small Postgres config files with line numbers.')
R('big-grep-rn-warnings', '.', "grep -rn 'warnings.warn(' " + V + '/statsmodels --include=*.py | head -n 120', '$ grep --version | head -n 1', 'grep -rn, first 120 hits (pipeline).')
R('big-find-name-missing', '.', "find " + V + "/sklearn -name '*.pyd' -print -quit; echo \"exit=$?\"; ls " + V + '/sklearn/nonexistent', '$ find --version | head -n 1', 'A find with no hit then ls of a missing path: "No such file or directory", exit 2.')

# added after the first pass
CA = 'cattrs'
CEN = {'PYTHONPATH': 'src'}
R('cattrs-pytest-missing-plugin', CA, 'python -m pytest -q tests/test_structure.py', PYT, 'cattrs 26.2.1 sdist: its pyproject addopts need pytest-benchmark, which is not installed: pytest usage error "unrecognized arguments: --benchmark-sort=..." with the inifile/rootdir lines, exit 4.', env=CEN)
R('cattrs-pytest-structure', CA, 'python -m pytest -q -o addopts="" -p no:cacheprovider tests/test_structure.py', PYT, 'Same file with addopts cleared: 18 hypothesis-driven tests pass, plus a PytestConfigWarning for the unknown typing_checkers option.', env=CEN, nd='run time', timeout=240)
R('cattrs-pytest-collect-errors', CA, 'python -m pytest -q -o addopts="" -p no:cacheprovider tests/preconf', PYT, 'preconf tests need msgspec and PyYAML, not installed: two ImportError collection errors with the import tracebacks, "Interrupted: 2 errors during collection", exit 2.', env=CEN, nd='run time')
R('itsd-bug-pytest-tb-line', IB, 'python -m pytest -q --tb=line -p no:cacheprovider', PYT, '--tb=line: one file:line: error line per failure.', env=EN, nd='run time and ages')
R('itsd-pytest-W-error', I, 'python -m pytest -q -W error::DeprecationWarning -p no:cacheprovider tests/test_itsdangerous/test_timed.py', PYT, 'Warnings as errors on one file (none raised: passes).', env=EN, nd='run time')
R('itsd-bug-mypy-json', IB, 'mypy --strict -O json src/itsdangerous', '$ mypy --version', 'mypy 2 JSON output format (-O json): a config line complaining that pyproject sets python_version 3.8, then one JSON object per error (float returned for int; an unused type: ignore), exit 1.')
R('itsd-bug-mypy-pretty', IB, 'mypy --strict --pretty src/itsdangerous', '$ mypy --version', '--pretty: the same two errors wrapped, with the source line and ^~~~ carets, and the summary line.')
R('tbl-sqlite-missing-db-table', T, "sqlite3 -box shop.db 'select * from customers limit 5'", SQ, 'No such table: "Error: in prepare, no such table: customers", exit 1.')
R('pg-missing-relation', P, "psql -v ON_ERROR_STOP=1 -c 'select count(*) from reading'", PS, 'ERROR: relation "reading" does not exist with LINE and caret, exit 1.')
R('git-apply-check-fail', GT, "git diff > /tmp/r28-wt.patch && git apply --check /tmp/r28-wt.patch", GTV, 'Checking whether the work-tree patch applies on top of the tree it came from (already applied): "error: patch failed: FILE:1" and "error: FILE: patch does not apply" for each of the 9 files, exit 1.')
SRC = 'src'
FP = '$ fpc -iV | sed "s/^/Free Pascal Compiler /"'
R('pas-fpc-errors', SRC, 'fpc -vw fpc_broken.pas -o/tmp/r28-fpc-broken', FP, 'Free Pascal 3.2.2: an unknown record field, then a missing semicolon is Fatal: "Compilation aborted" and "ppcx64 returned an error exitcode", exit 1.', post='rm -f fpc_broken.o')
R('pas-fpc-range-runtime', SRC, 'fpc -vwnh fpc_ok.pas -o/tmp/r28-fpc-ok > /dev/null; fpc -vwnh fpc_ok.pas -o/tmp/r28-fpc-ok | tail -n 6 && /tmp/r28-fpc-ok', FP, 'Compile (a note for an unused local, hint/note counts; the tail of the compiler log), then the {$R+} program with SysUtils stops on an out-of-range index: "An unhandled exception occurred at $...: ERangeError: Range check error" and the address, exit 217.', post='rm -f fpc_ok.o', nd='addresses')
GN = '$ gnatmake --version | head -n 1'
R('ada-gnatmake-errors', SRC, 'gnatmake -gnatwa -gnatf broken.adb', GN, 'GNAT 12: gnatmake echoes the gcc command, then a missing ";" and a misspelled end name (file:line:col: error:) stop the parse before type errors; "compilation error", exit 4.', post='rm -f broken.o broken.ali')
R('ada-gnat-run-constraint', SRC, 'gnatmake -q -gnatwa -gnata sensors.adb -o /tmp/r28-sensors && /tmp/r28-sensors', GN, 'Compile warning (variable read but never assigned [-gnatwv]), one line of output, then at run time "raised CONSTRAINT_ERROR : sensors.adb:9 range check failed", exit 1.', reset='rm -f sensors.o sensors.ali /tmp/r28-sensors', post='rm -f sensors.o sensors.ali')
R('ds-tabulate-formats', D, 'python tabs.py tabulate', '$ python -c "import tabulate;print(\'tabulate\', tabulate.__version__)"', 'Revenue per category from shop.db printed by tabulate in five formats: simple, github, grid, psql, rst.')
R('ds-prettytable', D, 'python tabs.py pretty', '$ python -c "import prettytable;print(\'prettytable\', prettytable.__version__)"', 'prettytable: the revenue table and a 16-row low-stock table (stock < 40); prettytable centres cells by default.')
R('ds-rich-tables', D, 'python tabs.py rich', '$ python -c "import rich, importlib.metadata as m;print(\'rich\', m.version(\'rich\'))"', 'rich Tables with titles on a non-terminal console at width 100 (Unicode heavy box drawing, show_lines separators between rows).')

# pipelines an agent writes (added last)
R('pipe-itsd-bug-pytest-tail', IB, 'python -m pytest -q -p no:cacheprovider 2>&1 | tail -n 15', PYT, 'The usual "run tests, show the end": the last 15 lines of the 95-failure run (short test summary lines and the count).', env=EN, nd='run time')
R('pipe-cargo-test-grep', RW, "cargo test --no-fail-fast 2>&1 | grep -E '^test |FAILED|panicked|error'", CV, 'Test lines, failures and errors only from the whole workspace (pipeline; grep exit 0).', nd='timings')
R('pipe-go-race-grep', G, "go test -race -count=1 ./... 2>&1 | grep -A6 'WARNING: DATA RACE' | head -n 30", GV, 'First race report lines (pipeline).', nd='goroutine ids and addresses', timeout=240)
R('pipe-sqlite-column', T, "sqlite3 shop.db 'select status, count(*), sum(qty) from orders group by status' | column -t -s '|'", SQ, 'sqlite3 default list mode (| separated) aligned with column (pipeline).')
R('pipe-maria-column', M, "mariadb crm -e 'select team, count(*) agents, sum(active) active from agents group by team' | column -t", MS, 'Batch output aligned with column -t (pipeline).')
R('pipe-psql-grep-count', P, "psql -A -t -c 'select site, kind, active from sensors' | grep -c '|f$'", PS, 'Counting inactive sensors from unaligned output (pipeline).')
R('pipe-latex-warnings-sort', DOC, "pdflatex -interaction=nonstopmode report.tex | grep -oE \"(Reference|Citation) \\\\S+ on page [0-9]+ undefined\" | sort | uniq -c", PT, 'Undefined references/citations of a first pass counted (pipeline).', reset=RM, post=RM)
R('pipe-javac-grep-count', J, "javac -Xlint:all -d /tmp/r28-classes src/main/java/org/example/ledger/*.java 2>&1 | grep -oE 'warning: \\[[a-z]+\\]' | sort | uniq -c | sort -rn", JV, 'javac lint categories counted (pipeline).', reset='rm -rf /tmp/r28-classes')
R('pipe-fit-tail', D, 'python fit.py 2>&1 | tail -n 22', '$ python -c "import sklearn;print(\'scikit-learn\', sklearn.__version__)"', 'Tail of the sklearn script: the MLP warning, the report, the pandas warning (pipeline).')
R('pipe-git-log-grep', GT, "git log --oneline | grep -E 'fix|edge' | head -n 20", GTV, 'Commit subjects matching fix/edge (pipeline).')
R('pipe-rg-sort-head', '.', "rg -c 'ConvergenceWarning' venv/lib/python3.11/site-packages/sklearn | sort -t: -k2 -rn | head -n 15", RG, 'Files that mention ConvergenceWarning most (pipeline; deterministic after sort except ties).', nd='order of files with equal counts')
R('pipe-clang-tidy-count', C, "clang-tidy -p build src/*.c --checks='-*,bugprone-*,cert-*,clang-analyzer-*' 2>/dev/null | grep -oE '\\[[a-z0-9.-]+(,[a-z0-9.-]+)*\\]$' | sort | uniq -c | sort -rn", '$ clang-tidy --version | grep version', 'clang-tidy check names counted (pipeline; stderr with the "warnings generated" lines dropped): three checks.', reset=CB + ' && true')
R('pipe-mariadb-explain-fail', M, "mariadb crm -e 'explain select * from ticket' || echo 'query failed'", MS, 'A failing statement in an || chain: ERROR 1146 table does not exist, then the echo; exit 0.')
R('pipe-fpc-then-run', SRC, 'fpc -vw fpc_broken.pas -o/tmp/r28-fpc-broken && /tmp/r28-fpc-broken', FP, 'Compile-and-run chain where the compile fails: the run never happens, exit 1.', post='rm -f fpc_broken.o')
