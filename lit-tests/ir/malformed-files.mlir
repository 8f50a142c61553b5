// Malformed inputs that cannot carry their own expected-error comments:
// each must give exactly one positioned error and a non-zero exit, never a
// crash. (interop: skip)

// Invalid UTF-8 inside a string is kept byte for byte; outside one it is an error.
// RUN: printf '"x.a"() {s = "\377\376"} : () -> ()\n' > %t.utf8ok.mlir
// RUN: mlc-opt --allow-unregistered-dialect %t.utf8ok.mlir | filecheck %s --check-prefix=UTF8OK
// UTF8OK: "x.a"() {s = "\FF\FE"} : () -> ()
// RUN: printf '"x.a"() : () -> ()\n\377\n' > %t.utf8.mlir
// RUN: not mlc-opt --allow-unregistered-dialect %t.utf8.mlir 2>&1 | filecheck %s --check-prefix=UTF8
// UTF8: utf8.mlir:2:1: error:
// UTF8-NOT: error:

// A file cut off in the middle of an op.
// RUN: printf '%%s\n' 'func.func @f(%%a: i32) {' '  "x.a"(%%a' > %t.trunc.mlir
// RUN: not mlc-opt --allow-unregistered-dialect %t.trunc.mlir 2>&1 | filecheck %s --check-prefix=TRUNC
// TRUNC: trunc.mlir:{{[0-9]+}}:{{[0-9]+}}: error:
// TRUNC-NOT: error:

// An unterminated metadata block.
// RUN: printf '"x.a"() : () -> ()\n{-#\n  dialect_resources: {\n' > %t.meta.mlir
// RUN: not mlc-opt --allow-unregistered-dialect %t.meta.mlir 2>&1 | filecheck %s --check-prefix=META
// META: meta.mlir:{{[0-9]+}}:{{[0-9]+}}: error:
// META-NOT: error:

// An op of an unregistered dialect without --allow-unregistered-dialect.
// RUN: printf '"foo.bar"() : () -> ()\n' > %t.unreg.mlir
// RUN: not mlc-opt %t.unreg.mlir 2>&1 | filecheck %s --check-prefix=UNREG
// UNREG: unreg.mlir:1:1: error: operation being parsed with an unregistered dialect
// UNREG-NOT: error:

// 10,000 nested regions parse, verify and print without exhausting the stack.
// RUN: awk 'BEGIN { for (i = 0; i < 10000; i++) print "\"x.nest\"() ({"; for (i = 0; i < 10000; i++) print "}) : () -> ()" }' > %t.deep.mlir
// RUN: mlc-opt --allow-unregistered-dialect %t.deep.mlir -o /dev/null
// And with the last closing brace missing: one error at the end of the file.
// RUN: head -n 19999 %t.deep.mlir > %t.deepbad.mlir
// RUN: not mlc-opt --allow-unregistered-dialect %t.deepbad.mlir 2>&1 | filecheck %s --check-prefix=DEEPBAD
// DEEPBAD: deepbad.mlir:{{[0-9]+}}:{{[0-9]+}}: error:
// DEEPBAD-NOT: error:

// Deeply nested arrays and types too.
// RUN: awk 'BEGIN { printf "\"x.a\"() {v = "; for (i = 0; i < 10000; i++) printf "["; for (i = 0; i < 10000; i++) printf "]"; print "} : () -> ()" }' > %t.arr.mlir
// RUN: mlc-opt --allow-unregistered-dialect %t.arr.mlir | filecheck %s --check-prefix=ARR
// ARR: "x.a"() {v = {{\[+}}{{\]+}}} : () -> ()

// A missing input file.
// RUN: not mlc-opt %t.does-not-exist.mlir 2>&1 | filecheck %s --check-prefix=MISSING
// MISSING: error: could not open input file
