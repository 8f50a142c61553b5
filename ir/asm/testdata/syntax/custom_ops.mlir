// Custom-form ops of dialects the syntax layer does not know: kept as raw
// token spans. Covers `%iv =` inside an op, regions in custom ops,
// successors with arguments, multi-line ops and trailing locations.
func.func @custom(%arg0: i32, %arg1: index, %t: tensor<4xf32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %init = arith.constant 0 : i32
  %sum = arith.addi %arg0, %init : i32 loc("custom.py":10:3)
  %r = scf.for %iv = %c0 to %c4 step %c1
      iter_args(%acc = %sum) -> (i32) {
    %next = arith.addi %acc, %arg0 : i32
    scf.yield %next : i32
  }
  %cond = arith.cmpi slt, %r, %arg0 : i32
  %sel = scf.if %cond -> (i32) {
    scf.yield %r : i32
  } else {
    scf.yield %arg0 : i32
  }
  %e = tensor.extract %t[%c1] : tensor<4xf32>
  %pair:2 = "x.pair"() : () -> (i32, i32)
  %m = arith.muli %pair#0, %pair#1 : i32
  cf.cond_br %cond, ^bb1(%sel : i32), ^bb2
^bb1(%v: i32):
  cf.br ^bb2
^bb2:
  %z = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  return %m : i32
}
