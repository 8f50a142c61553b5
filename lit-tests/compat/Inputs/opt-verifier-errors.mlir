// builtin and func verifier errors, annotated with mlir-opt-19's text.

func.func @f(%arg0: i64) -> i32 {
  // expected-error @+1 {{type of return operand 0 ('i64') doesn't match function result type ('i32') in function @f}}
  return %arg0 : i64
}

// -----

func.func @f(%arg0: i64) -> i32 {
  // expected-error @+1 {{'func.return' op has 2 operands, but enclosing function (@f) returns 1}}
  return %arg0, %arg0 : i64, i64
}

// -----

func.func @f(%arg0: i64) {
  // expected-error @+1 {{'func.call' op 'nope' does not reference a valid function}}
  %0 = func.call @nope(%arg0) : (i64) -> i32
  return
}

// -----

func.func @f(%arg0: i64) {
  // expected-error @+1 {{'func.call' op incorrect number of operands for callee}}
  %0 = func.call @g(%arg0, %arg0) : (i64, i64) -> i32
  return
}
func.func private @g(i64) -> i32

// -----

func.func @f(%arg0: i64) {
  // expected-error @+1 {{'func.call' op operand type mismatch: expected operand type 'i32', but provided 'i64' for operand number 0}}
  %0 = func.call @g(%arg0) : (i64) -> i32
  return
}
func.func private @g(i32) -> i32

// -----

func.func @f(%arg0: i64) {
  // expected-error @+3 {{'func.call' op result type mismatch at index 0}}
  // expected-note @+2 {{      op result types: 'i64'}}
  // expected-note @+1 {{function result types: 'i32'}}
  %0 = func.call @g(%arg0) : (i64) -> i64
  return
}
func.func private @g(i64) -> i32

// -----

// expected-error @+1 {{'func.func' op type of entry block argument #0('i32') must match the type of the corresponding argument in function signature('f32')}}
func.func @f(f32) {
^bb0(%a: i32):
  return
}

// -----

// expected-error @+1 {{'func.func' op entry block must have 1 arguments to match function signature}}
func.func @f(i32) {
  return
}

// -----

// expected-error @+1 {{'func.func' op attribute 'function_type' failed to satisfy constraint: type attribute of function type}}
"func.func"() ({}) {sym_name = "x", function_type = i32} : () -> ()

// -----

// expected-error @+1 {{'func.func' op expects argument attribute array to have the same number of elements as the number of function arguments, got 1, but expected 0}}
func.func private @f() attributes {arg_attrs = [{}]}

// -----

// expected-error @+1 {{'func.func' op symbol declaration cannot have public visibility}}
func.func @f()

// -----

// expected-error @+1 {{'func.return' op expects parent op 'func.func'}}
"func.return"() : () -> ()

// -----

// expected-error @+1 {{'builtin.module' op region should have no arguments}}
module {
^bb0(%a: i32):
}

// -----

// expected-error @+1 {{'builtin.module' op requires zero results}}
"builtin.module"() ({}) : () -> (i32)

// -----

func.func @f() {
  "x.op"() ({
    // expected-error @+1 {{operand #0 does not dominate this use}}
    "x.use"(%v) : (i32) -> ()
  }) : () -> ()
  // expected-note @+1 {{operand defined here (op in a parent region)}}
  %v = "x.def"() : () -> i32
  return
}
