#!/bin/bash
# builds the Mercurial, Subversion and Fossil projects used by the hg-/svn-/fossil- runs
set -e
S=/work/corpus-r29/scratch
export HGRCPATH=$S/hgrc HGPLAIN=
cd $S/vcs; rm -rf hgproj svnrepo svnwc svnbr fossil.repo fossilwc
# --- Mercurial: a small invoicing tool with 120 commits, a branch and a conflicting merge in a clone
hg init hgproj; cd hgproj
mkdir -p inv tests docs
for i in $(seq 1 120); do
  m=$((i % 6))
  case $m in
    0) echo "def rate_$i(x): return x * $i / 100" >> inv/rates.py; f=inv/rates.py; msg="rates: add rate_$i";;
    1) echo "def test_rate_$i(): assert True" >> tests/test_rates.py; f=tests/test_rates.py; msg="tests: cover rate $i";;
    2) echo "- change $i: tweak formatting" >> docs/CHANGES.md; f=docs/CHANGES.md; msg="docs: changelog entry $i";;
    3) echo "TAX_$i = 0.$((i % 30))" >> inv/config.py; f=inv/config.py; msg="config: TAX_$i";;
    4) echo "line $i" >> inv/notes.txt; f=inv/notes.txt; msg="notes $i";;
    5) echo "def fmt_$i(v): return f'{v:.2f}'" >> inv/fmt.py; f=inv/fmt.py; msg="fmt: helper $i";;
  esac
  hg add -q $f 2>/dev/null || true
  hg commit -q -m "$msg" -d "2026-0$((1 + i / 20))-$((10 + i % 18)) 12:$((10 + i % 50)):00 +0000" -u "$( [ $((i % 3)) = 0 ] && echo 'Ana <ana@example.org>' || echo 'Bo <bo@example.org>')"
  [ $i = 60 ] && hg tag -q -d "2026-03-01 10:00:00 +0000" v0.5
done
hg tag -q -d "2026-07-01 10:00:00 +0000" v1.0
hg branch -q stable; echo "STABLE = True" >> inv/config.py; hg commit -q -m "stable: mark branch" -d "2026-07-02 10:00:00 +0000"
hg update -q default; echo "STABLE = False" >> inv/config.py; hg commit -q -m "default: unstable marker" -d "2026-07-03 10:00:00 +0000"
hg bookmark -q feature-x
echo "print('working change')" >> inv/fmt.py; echo "scratch" > untracked.txt; hg rm -q inv/notes.txt
cd ..
# --- Subversion: file:// repository with trunk/branches, 40 revisions
svnadmin create svnrepo; R=file://$S/vcs/svnrepo
svn mkdir -q -m "layout" $R/trunk $R/branches $R/tags
svn checkout -q $R/trunk svnwc; cd svnwc
mkdir src; for i in $(seq 1 40); do echo "value_$i = $i" >> src/values.txt; echo "# section $((i%5))" >> README; [ $i = 1 ] && svn add -q src README; svn commit -q -m "values: add $i$( [ $((i % 7)) = 0 ] && echo ' (fixes #'$i')')"; done
svn copy -q -m "branch for 1.x" $R/trunk $R/branches/1.x
svn update -q; sed -i 's/value_3 = 3/value_3 = 33/' src/values.txt; svn commit -q -m "trunk: bump value_3"
cd ..; svn checkout -q $R/branches/1.x svnbr; cd svnbr; sed -i 's/value_3 = 3/value_3 = 300/' src/values.txt; svn commit -q -m "1.x: value_3 to 300"; cd ../svnwc; svn update -q
echo "local edit" >> README; echo new > newfile.txt; sed -i 's/value_10 = 10/value_10 = ten/' src/values.txt
cd ..
# --- Fossil
fossil init -A dev --date-override "2026-05-01 08:00:00" fossil.repo >/dev/null; mkdir fossilwc; cd fossilwc; fossil open -f ../fossil.repo >/dev/null
fossil user default dev >/dev/null
for i in $(seq 1 25); do echo "row $i" >> data.txt; echo "print($i)" >> app.py; [ $i = 1 ] && fossil add data.txt app.py >/dev/null; fossil commit -m "commit $i: rows" --user-override dev --date-override "2026-05-$(printf %02d $((1 + i))) 09:00:00" >/dev/null; done
echo "edited" >> data.txt; echo "x" > extra.txt
