// builtin.module and func.func custom forms.
module @outer attributes {x.attr = 1 : i64, x.unit} {
  func.func private @decl(i32, f32 {x.arg}) -> (i32 {x.res}, f32)
  func.func nested @decl_nested()
  func.func public @empty() {
    return
  }
  func.func @args(%arg0: tensor<2xf32> {x.z = 1 : i64} loc("args.py":1:2), %arg1: i32) -> tensor<2xf32> attributes {x.fn} {
    func.return %arg0 : tensor<2xf32>
  }
  func.func @multi(%a: i32, %b: f32) -> (i32, f32) {
    return %a, %b : i32, f32
  }
  func.func private @"quoted name"() -> i64
  builtin.module @inner {
    func.func private @f() -> ((i32) -> i32)
  }
  module {
  }
}
