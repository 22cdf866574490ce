#!/bin/bash
# The sample inputs the inspectors' forms read (tracer.py --forms): an object file with debug
# information, an executable, an archive, LLVM bitcode, a coverage build with its profile, a class
# file, a jar, a jmod, a Flight Recorder recording, OCaml's compiled units. Made once, outside the
# sandbox, in the directory named (default target/catalog-samples); each form gets a copy.
set -euo pipefail
out=${1:-$(dirname "$0")/../../target/catalog-samples}
mkdir -p "$out" && cd "$out"
export HOME=$PWD/home JAVA_TOOL_OPTIONS=-XX:-UsePerfData
mkdir -p home com/example
cat > main.c <<'C'
#include <stdio.h>
int twice(int x) { return 2 * x; }
int main(void) { printf("%d\n", twice(21)); return 0; }
C
cat > w.c <<'C'
int widget(int x) { return x + 1; }
C
gcc -g -c main.c -o main.o
gcc -g -c w.c -o w.o
gcc -g main.o w.o -o widget
ar rc libw.a w.o
clang -c -emit-llvm main.c -o main.bc
# The coverage runtime is libclang-rt-14-dev's.
if clang -fprofile-instr-generate -fcoverage-mapping main.c -o covered; then
    LLVM_PROFILE_FILE=default.profraw ./covered > /dev/null
    llvm-profdata merge -o default.profdata default.profraw
fi
cat > com/example/App.java <<'J'
package com.example;
public class App implements java.io.Serializable {
    public static void main(String[] args) { System.out.println(java.util.List.of(args)); }
}
J
javac -d classes com/example/App.java
cp classes/com/example/App.class App.class
jar --create --file app.jar -C classes .
mkdir -p mod/com/example && cat > mod/module-info.java <<'J'
module com.example { exports com.example; }
J
cp com/example/App.java mod/com/example/
javac -d modclasses mod/module-info.java mod/com/example/App.java
rm -f app.jmod && jmod create --class-path modclasses app.jmod
java -XX:StartFlightRecording=filename=rec.jfr,settings=default -cp classes com.example.App > /dev/null 2>&1 || true
cat > calc.ml <<'M'
let add x y = x + y
let () = print_int (add 1 2)
M
ocamlc -g -c calc.ml
ocamlopt -c calc.ml -o calc.cmx 2>/dev/null || true
rm -rf home
ls -la
