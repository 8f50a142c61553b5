func.func private @g(i64) -> i32
func.func @f(%arg0: i64) {
  %0 = func.call @g(%arg0) : (i64) -> i64
  return
}
