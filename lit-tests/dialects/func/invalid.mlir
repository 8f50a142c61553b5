// RUN: mlc-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s

// expected-error @+1 {{'func.func' op symbol declaration cannot have public visibility}}
func.func @no_body()

// -----

func.func @f(%a: i32) -> f32 {
  // expected-error @+1 {{type of return operand 0 ('i32') doesn't match function result type ('f32') in function @f}}
  return %a : i32
}

// -----

func.func private @g(i32) -> i32
func.func @caller(%a: f32) {
  // expected-error @+1 {{'func.call' op operand type mismatch: expected operand type 'i32', but provided 'f32' for operand number 0}}
  %0 = call @g(%a) : (f32) -> i32
  return
}

// -----

func.func @caller() {
  // expected-error @+1 {{'func.call' op 'missing' does not reference a valid function}}
  call @missing() : () -> ()
  return
}

// -----

// expected-error @+1 {{'func.func' op requires attribute 'function_type'}}
"func.func"() <{sym_name = "f"}> ({
}) : () -> ()

// -----

// expected-error @+1 {{'func.func' op visibility expected to be one of ["public", "private", "nested"], but got "secret"}}
"func.func"() <{sym_name = "f", function_type = () -> (), sym_visibility = "secret"}> ({
}) : () -> ()

// -----

"x.wrap"() ({
  // expected-error @+1 {{'func.return' op expects parent op 'func.func'}}
  func.return
}) : () -> ()
