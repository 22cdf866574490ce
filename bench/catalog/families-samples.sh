#!/bin/bash
# The sample inputs the families' forms read (tracer.py --forms families.tsv): two texts and a
# unified diff between them, a ledger and an hledger journal, an age identity and a file encrypted
# to it, minisign's and signify's key pairs with signatures, an OpenPGP keyring with a detached
# signature, C sources, a shell script and a desktop entry. Made once, outside the sandbox, in the
# directory named (default target/catalog-samples-families); each form gets a copy. Keys are made
# without passphrases, in a HOME of their own.
set -euo pipefail
out=${1:-$(dirname "$0")/../../target/catalog-samples-families}
rm -rf "$out" && mkdir -p "$out" && cd "$out"
keys=$(mktemp -d)
trap 'rm -rf "$keys"' EXIT
export HOME=$keys GNUPGHOME=$keys/gnupg
printf 'alpha\nbeta\ngamma\n' > a.txt
printf 'alpha\nBETA\ngamma\ndelta\n' > b.txt
diff -u a.txt b.txt > p.diff || true
# notes.txt is what `< FILE` feeds: here the diff (colordiff's filter mode reads it).
cp p.diff notes.txt
cat > j.ledger <<'L'
2020/01/01 Opening
    Assets:Bank    100 EUR
    Equity:Opening

2020/01/05 Coffee
    Expenses:Food    3 EUR
    Assets:Bank
L
cp j.ledger j.journal
age-keygen -o id.txt 2> /dev/null
age -r "$(age-keygen -y id.txt)" -o a.txt.age a.txt
minisign -G -W -p mk.pub -s mk.key > /dev/null
minisign -S -s mk.key -m a.txt > /dev/null
signify-openbsd -G -n -p s.pub -s s.sec
signify-openbsd -S -s s.sec -m a.txt -x a.txt.sig
sha256sum --tag a.txt b.txt > SHA256
signify-openbsd -S -e -s s.sec -m SHA256 -x SHA256.sig
mkdir -p "$GNUPGHOME" && chmod 700 "$GNUPGHOME"
gpg --batch --quiet --passphrase '' --quick-gen-key 'Sample <s@example.org>' ed25519 sign never 2> /dev/null
gpg --batch --quiet --export > k.gpg
gpg --batch --quiet --detach-sign -o a.txt.gpgsig a.txt
mkdir -p src
cat > src/f.c <<'C'
#include <string.h>
void copy(char *d, const char *s) { char b[4]; strcpy(b, s); strcpy(d, b); }
int main(void) { int a[2]; a[2] = 0; return a[0]; }
C
cat > x.sh <<'S'
#!/bin/sh
echo $((1 + 1)) &> /dev/null
S
cat > x.desktop <<'D'
[Desktop Entry]
Type=Application
Name=Widget
Exec=widget %f
D
