// Diagnostics: file:line:col, the source line and a caret; notes follow.
// RUN: not mlc-opt --allow-unregistered-dialect %s 2>&1 | filecheck %s --strict-whitespace
// CHECK:      diagnostics.mlir:[[# @LINE + 5]]:7: error: use of value '%0' expects different type than prior uses: 'f32' vs 'i32'
// CHECK-NEXT: {{^}}"x.b"(%0) : (f32) -> (){{$}}
// CHECK-NEXT: {{^}}      ^{{$}}
// CHECK-NEXT: diagnostics.mlir:[[# @LINE + 1]]:1: note: prior use here
%0 = "x.a"() : () -> i32
"x.b"(%0) : (f32) -> ()

// --verify-diagnostics reports unmet expectations and unexpected errors at
// their own lines in every chunk, and fails.
// RUN: not mlc-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %S/Inputs/wrong-expectations.mlir 2>&1 | filecheck %s --check-prefix=VD
// VD: wrong-expectations.mlir:1:4: error: expected error "this message is not the one produced" was not produced
// VD: wrong-expectations.mlir:2:7: error: unexpected error: use of undeclared SSA value name
// VD: wrong-expectations.mlir:6:4: error: expected error "nothing goes wrong here" was not produced
