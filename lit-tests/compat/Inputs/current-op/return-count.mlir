func.func @f(%arg0: i64, %arg1: f32) -> i32 {
  %0:2 = "x.pair"(%arg0) : (i64) -> (i32, f32)
  return %0#0, %0#1 : i32, f32
}
