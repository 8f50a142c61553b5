// Output of mlir-opt-19 --mlir-print-debuginfo --mlir-print-op-generic on
// custom_ops.mlir: location aliases defined after use, block arg locs.
#loc2 = loc("custom_ops.mlir":4:19)
#loc3 = loc("custom_ops.mlir":4:31)
#loc4 = loc("custom_ops.mlir":4:45)
#loc11 = loc("custom_ops.mlir":10:16)
#loc12 = loc("custom_ops.mlir":11:17)
#loc23 = loc("custom_ops.mlir":25:6)
"builtin.module"() ({
  "func.func"() <{function_type = (i32, index, tensor<4xf32>) -> i32, sym_name = "custom"}> ({
  ^bb0(%arg0: i32 loc("custom_ops.mlir":4:19), %arg1: index loc("custom_ops.mlir":4:31), %arg2: tensor<4xf32> loc("custom_ops.mlir":4:45)):
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index loc(#loc5)
    %1 = "arith.constant"() <{value = 1 : index}> : () -> index loc(#loc6)
    %2 = "arith.constant"() <{value = 4 : index}> : () -> index loc(#loc7)
    %3 = "arith.constant"() <{value = 0 : i32}> : () -> i32 loc(#loc8)
    %4 = "arith.addi"(%arg0, %3) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32 loc(#loc9)
    %5 = "scf.for"(%0, %2, %1, %4) ({
    ^bb0(%arg3: index loc("custom_ops.mlir":10:16), %arg4: i32 loc("custom_ops.mlir":11:17)):
      %13 = "arith.addi"(%arg4, %arg0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32 loc(#loc13)
      "scf.yield"(%13) : (i32) -> () loc(#loc14)
    }) : (index, index, index, i32) -> i32 loc(#loc10)
    %6 = "arith.cmpi"(%5, %arg0) <{predicate = 2 : i64}> : (i32, i32) -> i1 loc(#loc15)
    %7 = "scf.if"(%6) ({
      "scf.yield"(%5) : (i32) -> () loc(#loc17)
    }, {
      "scf.yield"(%arg0) : (i32) -> () loc(#loc18)
    }) : (i1) -> i32 loc(#loc16)
    %8 = "tensor.extract"(%arg2, %1) : (tensor<4xf32>, index) -> f32 loc(#loc19)
    %9:2 = "x.pair"() : () -> (i32, i32) loc(#loc20)
    %10 = "arith.muli"(%9#0, %9#1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32 loc(#loc21)
    "cf.cond_br"(%6, %7)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, i32) -> () loc(#loc22)
  ^bb1(%11: i32 loc("custom_ops.mlir":25:6)):  // pred: ^bb0
    "cf.br"()[^bb2] : () -> () loc(#loc24)
  ^bb2:  // 2 preds: ^bb0, ^bb1
    %12 = "arith.constant"() <{value = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>}> : () -> tensor<2xf32> loc(#loc25)
    "func.return"(%10) : (i32) -> () loc(#loc26)
  }) : () -> () loc(#loc1)
}) : () -> () loc(#loc)
#loc = loc("custom_ops.mlir":0:0)
#loc1 = loc("custom_ops.mlir":4:1)
#loc5 = loc("custom_ops.mlir":5:9)
#loc6 = loc("custom_ops.mlir":6:9)
#loc7 = loc("custom_ops.mlir":7:9)
#loc8 = loc("custom_ops.mlir":8:11)
#loc9 = loc("custom.py":10:3)
#loc10 = loc("custom_ops.mlir":10:8)
#loc13 = loc("custom_ops.mlir":12:13)
#loc14 = loc("custom_ops.mlir":13:5)
#loc15 = loc("custom_ops.mlir":15:11)
#loc16 = loc("custom_ops.mlir":16:10)
#loc17 = loc("custom_ops.mlir":17:5)
#loc18 = loc("custom_ops.mlir":19:5)
#loc19 = loc("custom_ops.mlir":21:8)
#loc20 = loc("custom_ops.mlir":22:13)
#loc21 = loc("custom_ops.mlir":23:8)
#loc22 = loc("custom_ops.mlir":24:3)
#loc24 = loc("custom_ops.mlir":26:3)
#loc25 = loc("custom_ops.mlir":28:8)
#loc26 = loc("custom_ops.mlir":29:3)

