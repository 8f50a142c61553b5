// RUN: mlc-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s

// expected-error @+1 {{expected '"' in string literal}}
"x.a"() {s = "unterminated} : () -> ()

// -----

// expected-error @+1 {{expected non-function type}}
"x.a"() : () -> (tensor<2xfoo>)

// -----

// expected-error @+1 {{use of undeclared SSA value name}}
"x.a"(%undefined) : (i32) -> ()

// -----

// expected-note @+1 {{previously defined here}}
%0 = "x.a"() : () -> i32
// expected-error @+1 {{redefinition of SSA value '%0'}}
%0 = "x.b"() : () -> i32

// -----

// expected-note @+1 {{prior use here}}
%0 = "x.a"() : () -> i32
// expected-error @+1 {{use of value '%0' expects different type than prior uses: 'f32' vs 'i32'}}
"x.b"(%0) : (f32) -> ()

// -----

func.func @missing_terminator() {
  // expected-error @+1 {{block with no terminator, has 'func.call'}}
  func.call @missing_terminator() : () -> ()
}

// -----

// expected-error @+1 {{inferred shape of elements literal ([3]) does not match type ([2])}}
"x.a"() {d = dense<[1, 2, 3]> : tensor<2xi32>} : () -> ()

// -----

// expected-error @+1 {{invalid dimension}}
"x.a"() : () -> tensor<99999999999999999999x2xf32>

// -----

// expected-error @+1 {{expected 1 operand type but had 0}}
"x.a"(%0) : () -> ()

// -----

// expected-error @+1 {{operation defines 1 results but was provided 2 to bind}}
%0:2 = "x.a"() : () -> i32

// -----

// expected-error @+1 {{duplicate key 'a' in dictionary attribute}}
"x.a"() {a = 1, a = 2} : () -> ()

// -----

// expected-error @+1 {{operation location alias was never defined}}
"x.a"() : () -> () loc(#nope)

// -----

// expected-error @+1 {{integer constant out of range for attribute}}
"x.a"() {v = 300 : i8} : () -> ()

// -----

func.func @undefined_block() {
^bb0:
  // expected-error @+1 {{reference to an undefined block}}
  "x.br"()[^nowhere] : () -> ()
}

// -----

// expected-error @+1 {{undefined symbol alias id 'q'}}
"x.a"() : () -> (!q)

// -----

%0 = "x.a"() : () -> i32
// expected-error @+1 {{reference to invalid result number}}
"x.b"(%0#3) : (i32) -> ()

// -----

// expected-error @+1 {{floating point value not valid for specified type}}
"x.a"() {f = 1.5 : i32} : () -> ()

// -----

func.func @dominance(%a: i32) {
  // expected-error @+1 {{operand #0 does not dominate this use}}
  "x.b"(%1) : (i32) -> ()
  // expected-note @+1 {{operand defined here}}
  %1 = "x.a"(%a) : (i32) -> i32
  return
}

// -----

func.func @wrong_return() -> i32 {
  // expected-error @+1 {{'func.return' op has 0 operands, but enclosing function (@wrong_return) returns 1}}
  return
}

// -----

func.func @terminator_not_last() {
  // expected-error @+1 {{'func.return' op must be the last operation in the parent block}}
  func.return
  "x.a"() : () -> ()
}

// -----

// expected-note @+1 {{see existing symbol definition here}}
func.func private @dup()
// expected-error @+1 {{redefinition of symbol named 'dup'}}
func.func private @dup()

// -----

// expected-error @+1 {{Dialect `foo' not found for custom op 'foo.bar'}}
foo.bar

// -----

// expected-error @+1 {{expected 0 operand types but had 1}}
"x.a"() : (i32) -> ()

// -----

// expected-error @+1 {{ranks are not consistent}}
"x.a"() {v = dense<[1, [2]]> : tensor<2xi32>} : () -> ()

// -----

// expected-error @+1 {{elements hex data size is invalid for provided type}}
"x.a"() {v = dense<"0x0102"> : tensor<3xi32>} : () -> ()

// -----

// expected-error @+1 {{expected ')' to end operand list}}
"x.a"(() : () -> ()

// -----

func.func @isolated(%a: i32) {
  "x.wrap"() ({
    func.func @inner() {
      // expected-error @+1 {{use of undeclared SSA value name}}
      "x.use"(%a) : (i32) -> ()
      return
    }
  }) : () -> ()
  return
}

// -----

// expected-error @+1 {{integer bitwidth is limited to 16777215 bits}}
"x.a"() : () -> i16777216

// -----

"x.a"() ({
^bb0:
  "x.b"() : () -> ()
^bb1:
  "x.c"() : () -> ()
// expected-error @+1 {{redefinition of block '^bb1'}}
^bb1:
  "x.d"() : () -> ()
}) : () -> ()

// -----

// expected-error @+2 {{unexpected decimal integer literal for a floating point value}}
// expected-note @+1 {{add a trailing dot to make the literal a float}}
"x.a"() {f = 1 : f32} : () -> ()

// -----

// expected-error @+1 {{dense_resource 'blob' holds 4 bytes, but tensor<2xf32> needs 8}}
"x.a"() {v = dense_resource<blob> : tensor<2xf32>} : () -> ()
{-#
  dialect_resources: {
    builtin: {
      blob: "0x040000000000803F"
    }
  }
#-}

// -----

// expected-error @+1 {{unregistered operation 'func.frobnicate' found in dialect ('func') that does not allow unknown operations}}
"func.frobnicate"() : () -> ()
