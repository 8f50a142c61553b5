func.func private @g(i32) -> i32
func.func @f(%arg0: i64) {
  %0 = "x.a"() : () -> i32
  %1 = func.call @g(%arg0) : (i64) -> i32
  return
}
