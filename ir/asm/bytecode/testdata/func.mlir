module @m attributes {foo.x = 3 : i32} {
  func.func private @g(i32 {foo.a = 1 : i32}) -> (i32 {foo.r = "r"})
  func.func @f(%arg0: i32 {foo.b}) -> i32 attributes {foo.d = unit} {
    %0 = func.call @g(%arg0) : (i32) -> i32
    %1 = "foo.bar"(%0, %arg0) <{p = 1 : i64}> {a = "x"} : (i32, i32) -> i32
    return %1 : i32
  }
  func.func nested @h() {
    return
  }
}
