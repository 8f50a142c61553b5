// Output of mlir-opt-19 --mlir-print-debuginfo on custom_ops.mlir and
// resources.mlir (pretty form: custom ops with trailing loc(#locN)).
#loc2 = loc("<stdin>":1:19)
#loc3 = loc("<stdin>":1:31)
#loc4 = loc("<stdin>":1:45)
#loc21 = loc("<stdin>":22:6)
module {
  func.func @custom(%arg0: i32 loc("<stdin>":1:19), %arg1: index loc("<stdin>":1:31), %arg2: tensor<4xf32> loc("<stdin>":1:45)) -> i32 {
    %c0 = arith.constant 0 : index loc(#loc5)
    %c1 = arith.constant 1 : index loc(#loc6)
    %c4 = arith.constant 4 : index loc(#loc7)
    %c0_i32 = arith.constant 0 : i32 loc(#loc8)
    %2 = arith.addi %arg0, %c0_i32 : i32 loc(#loc9)
    %3 = scf.for %arg3 = %c0 to %c4 step %c1 iter_args(%arg4 = %2) -> (i32) {
      %9 = arith.addi %arg4, %arg0 : i32 loc(#loc11)
      scf.yield %9 : i32 loc(#loc12)
    } loc(#loc10)
    %4 = arith.cmpi slt, %3, %arg0 : i32 loc(#loc13)
    %5 = scf.if %4 -> (i32) {
      scf.yield %3 : i32 loc(#loc15)
    } else {
      scf.yield %arg0 : i32 loc(#loc16)
    } loc(#loc14)
    %extracted = tensor.extract %arg2[%c1] : tensor<4xf32> loc(#loc17)
    %6:2 = "x.pair"() : () -> (i32, i32) loc(#loc18)
    %7 = arith.muli %6#0, %6#1 : i32 loc(#loc19)
    cf.cond_br %4, ^bb1(%5 : i32), ^bb2 loc(#loc20)
  ^bb1(%8: i32 loc("<stdin>":22:6)):  // pred: ^bb0
    cf.br ^bb2 loc(#loc22)
  ^bb2:  // 2 preds: ^bb0, ^bb1
    %cst = arith.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32> loc(#loc23)
    return %7 : i32 loc(#loc24)
  } loc(#loc1)
  %0 = "x.const"() {value = dense_resource<conv1_w> : tensor<2xf32>} : () -> tensor<2xf32> loc(#loc25)
  %1 = "x.const"() {value = dense_resource<bias_0> : tensor<1xi32>} : () -> tensor<1xi32> loc(#loc26)
} loc(#loc)
#loc = loc("<stdin>":0:0)
#loc1 = loc("<stdin>":1:1)
#loc5 = loc("<stdin>":2:9)
#loc6 = loc("<stdin>":3:9)
#loc7 = loc("<stdin>":4:9)
#loc8 = loc("<stdin>":5:11)
#loc9 = loc("custom.py":10:3)
#loc10 = loc("<stdin>":7:8)
#loc11 = loc("<stdin>":9:13)
#loc12 = loc("<stdin>":10:5)
#loc13 = loc("<stdin>":12:11)
#loc14 = loc("<stdin>":13:10)
#loc15 = loc("<stdin>":14:5)
#loc16 = loc("<stdin>":16:5)
#loc17 = loc("<stdin>":18:8)
#loc18 = loc("<stdin>":19:13)
#loc19 = loc("<stdin>":20:8)
#loc20 = loc("<stdin>":21:3)
#loc22 = loc("<stdin>":23:3)
#loc23 = loc("<stdin>":25:8)
#loc24 = loc("<stdin>":26:3)
#loc25 = loc("<stdin>":28:6)
#loc26 = loc("<stdin>":29:6)

{-#
  dialect_resources: {
    builtin: {
      conv1_w: "0x040000000000803F00000040",
      bias_0: "0x1000000007000000"
    }
  },
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(cse)",
      disable_threading: true,
      verify_each: false
    }
  }
#-}

