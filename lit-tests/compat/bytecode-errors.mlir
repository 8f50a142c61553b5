// Bad bytecode is an error at its byte: file:1:N, N the 1-based position
// in the file (read as one line), never a crash; nothing is written.
// RUN: mlc-opt --emit-bytecode %s -o %t.mlirbc
// RUN: head -c 60 %t.mlirbc > %t.cut.mlirbc
// RUN: not mlc-opt %t.cut.mlirbc -o %t.out 2>&1 | filecheck %s --check-prefix=CUT
// RUN: not test -e %t.out
// CUT: bytecode-errors.mlir.tmp.cut.mlirbc:1:{{[0-9]+}}: error: {{.*}}
// CUT-NEXT: bytecode-errors.mlir.tmp.cut.mlirbc:1:{{[0-9]+}}: note: in bytecode version 6 produced by: mlc
//
// A newer version than mlir-opt-19's is refused at its byte, the fifth.
// RUN: printf 'ML\357R\017x\000' > %t.v7.mlirbc
// RUN: not mlc-opt %t.v7.mlirbc 2>&1 | filecheck %s --check-prefix=V7
// V7: v7.mlirbc:1:5: error: bytecode version 7 is newer than the current version 6
//
// Writing a version mlc cannot write.
// RUN: not mlc-opt --emit-bytecode --emit-bytecode-version=9 %s 2>&1 | filecheck %s --check-prefix=WVER
// WVER: unsupported bytecode version requested 9, must be in range [1, 6]
//
// The other tools read bytecode through the same parser and report the same way.
// RUN: not mlc run %t.cut.mlirbc --output-dir %t.run 2>&1 | filecheck %s --check-prefix=CUT

func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %y = core.relu %x : tensor<2xf32>
  return %y : tensor<2xf32>
}
