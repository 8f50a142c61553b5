// RUN: mlc-opt --allow-unregistered-dialect --mlir-print-debuginfo --mlir-print-local-scope %s | filecheck %s
// RUN: mlc-opt --allow-unregistered-dialect --mlir-print-debuginfo %s | mlc-opt --allow-unregistered-dialect --mlir-print-debuginfo --mlir-print-local-scope | filecheck %s
// RUN: mlc-opt --allow-unregistered-dialect %s | filecheck %s --check-prefix=NODEBUG

// Every location kind survives parsing and printing.
// CHECK: "x.a"() : () -> () loc(unknown)
// CHECK: "x.b"() : () -> () loc("model.onnx":12:3)
// CHECK: "x.c"() : () -> () loc("conv1")
// CHECK: "x.d"() : () -> () loc("conv1"("model.onnx":4:1))
// CHECK: "x.e"() : () -> () loc(fused["a.py":1:2, "relu"])
// CHECK: "x.f"() : () -> () loc(fused<"torch">["a.py":1:2])
// CHECK: "x.g"() : () -> () loc(callsite("callee" at "caller.py":3:4))
// CHECK: "x.h"() : () -> () loc("aliased":7:8)
// NODEBUG-NOT: loc(
"x.a"() : () -> () loc(unknown)
"x.b"() : () -> () loc("model.onnx":12:3)
"x.c"() : () -> () loc("conv1")
"x.d"() : () -> () loc("conv1"("model.onnx":4:1))
"x.e"() : () -> () loc(fused["a.py":1:2, "relu"])
"x.f"() : () -> () loc(fused<"torch">["a.py":1:2])
"x.g"() : () -> () loc(callsite("callee" at "caller.py":3:4))
"x.h"() : () -> () loc(#myloc)

// Block arguments and function arguments carry locations too.
// CHECK: func.func @f(%arg0: i32 loc("arg":1:1)) {
// CHECK: ^bb0(%arg1: i32 loc("blockarg":2:2)):
func.func @f(%a: i32 loc("arg":1:1)) {
  "x.r"() ({
  ^bb0(%b: i32 loc("blockarg":2:2)):
    "x.s"(%b) : (i32) -> ()
  }) : () -> ()
  return
}

#myloc = loc("aliased":7:8)
