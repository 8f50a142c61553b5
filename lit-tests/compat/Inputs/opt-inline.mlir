func.func private @unused(%a: i32) -> i32 {
  return %a : i32
}
func.func private @decl(i32) -> i32
func.func private @rec(%a: i32) -> i32 {
  %0 = call @rec(%a) : (i32) -> i32
  return %0 : i32
}
func.func private @callee(%a: i32) -> i32 {
  return %a : i32
}
func.func @main(%x: i32) -> i32 {
  %0 = call @callee(%x) : (i32) -> i32
  return %0 : i32
}
