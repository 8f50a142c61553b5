func.func @f(%arg0: i64) -> i32 {
  // expected-error @+2 {{type of return operand 0 ('i64') doesn't match function result type ('i32') in function @f}}
  // expected-note @+1 {{see current operation}}
  return %arg0 : i64
}
