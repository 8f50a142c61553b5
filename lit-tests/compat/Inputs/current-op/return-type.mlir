func.func @f(%arg0: i64) -> i32 {
  return %arg0 : i64
}
