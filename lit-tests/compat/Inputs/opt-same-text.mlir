module {
  func.func private @callee(%a: i32 loc("x.py":3:4)) -> i32 {
    %0 = "x.twice"(%a) : (i32) -> i32 loc("double"("x.py":4:1))
    return %0 : i32
  }
  func.func @main(%x: i32, %t: tensor<2x?xf32>) -> (i32, tensor<2x?xf32>) {
    %0 = func.call @callee(%x) : (i32) -> i32 loc(fused["a.py":1:1, "b.py":2:2])
    %1 = "x.pick"(%t) {axis = 1 : i64, names = ["a", "b"]} : (tensor<2x?xf32>) -> tensor<2x?xf32> loc(callsite("f" at "g.py":7:7))
    %2 = "x.id"(%0) : (i32) -> i32 loc(unknown)
    "x.br"(%2)[^bb1] : (i32) -> ()
  ^bb1(%y: i32 loc("blk":1:1)):
    return %y, %1 : i32, tensor<2x?xf32>
  }
}
