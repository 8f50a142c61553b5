func.func @f(%arg0: i64) -> i32 {
  return %arg0 : i64 loc("ret"("ret.mlir":2:3))
}
