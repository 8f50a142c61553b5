// RUN: mlc-opt %s | filecheck %s
// RUN: mlc-opt %s | mlc-opt | filecheck %s
// RUN: mlc-opt --mlir-print-op-generic %s | filecheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @identity(%arg0: tensor<2xf32>) -> tensor<2xf32> {
// CHECK-NEXT:    return %arg0 : tensor<2xf32>
// CHECK-NEXT:  }
func.func @identity(%x: tensor<2xf32>) -> tensor<2xf32> {
  func.return %x : tensor<2xf32>
}

// External declarations, visibility, extra attributes.
// CHECK: func.func private @decl(i32, f32) -> (i32, f32) attributes {llvm.emit_c_interface}
func.func private @decl(i32, f32) -> (i32, f32) attributes {llvm.emit_c_interface}

// Argument and result attributes.
// CHECK-LABEL: func.func @arg_attrs(%arg0: i32 {mlc.name = "input"}, %arg1: i32) -> (i32 {mlc.name = "output"}) {
func.func @arg_attrs(%a: i32 {mlc.name = "input"}, %b: i32) -> (i32 {mlc.name = "output"}) {
  return %a : i32
}

// Calls print in the func dialect's short form inside a function.
// CHECK-LABEL: func.func @caller(%arg0: tensor<2xf32>) -> tensor<2xf32> {
// CHECK-NEXT:    %0 = call @identity(%arg0) : (tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT:    %1 = call @identity(%0) : (tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT:    return %1 : tensor<2xf32>
func.func @caller(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = func.call @identity(%x) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = call @identity(%0) : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}

// No results, no arguments.
// CHECK-LABEL: func.func @empty() {
// CHECK-NEXT:    return
func.func @empty() {
  return
}

// A function returning a function type needs parentheses.
// CHECK: func.func private @higher() -> ((i32) -> i32)
func.func private @higher() -> ((i32) -> i32)

// GENERIC: "func.func"() <{function_type = (i32, f32) -> (i32, f32), sym_name = "decl", sym_visibility = "private"}> ({
// GENERIC: "func.func"() <{arg_attrs = [{mlc.name = "input"}, {}], function_type = (i32, i32) -> i32, res_attrs = [{mlc.name = "output"}], sym_name = "arg_attrs"}> ({
// GENERIC: "func.call"(%{{.*}}) <{callee = @identity}> : (tensor<2xf32>) -> tensor<2xf32>
