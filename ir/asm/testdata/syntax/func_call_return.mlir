// func.call and func.return in custom form.
func.func private @callee(i32, i32) -> i32
func.func private @none()
func.func @caller(%x: i32) -> i32 {
  %0 = func.call @callee(%x, %x) : (i32, i32) -> i32
  call @none() : () -> ()
  %1 = call @callee(%0, %x) {x.hint = "hot"} : (i32, i32) -> i32 loc("call.py":3:4)
  func.return %1 : i32 loc("call.py":4:4)
}
func.func @ret_multi(%a: i32, %b: i64) -> (i32, i64, i32) {
  return %a, %b, %a : i32, i64, i32
}
