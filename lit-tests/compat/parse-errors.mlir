// RUN: mlc-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// Parse errors worded and placed as mlir-opt-19's (memref-mlir-opt.mlir
// compares each chunk's stderr with it).

// expected-error @+1 {{element type bitwidth must be a multiple of 8}}
"x.y"() {a = array<i7>} : () -> ()

// -----

// expected-error @+1 {{expected ':' after dense array type}}
"x.y"() {a = array<i8)} : () -> ()

// -----

// expected-error @+1 {{expected integer or float type, got: 'vector<i32>'}}
"x.y"() {a = array<vector<i32>>} : () -> ()

// -----

// expected-error @+1 {{hexadecimal float literal should not have a leading minus}}
"x.y"() {a = dense<[1.0, -0x7F800000]> : tensor<2xf32>} : () -> ()

// -----

// expected-error @+1 {{undefined symbol alias id 'nope'}}
"x.y"() {a = #nope} : () -> ()

// -----

// expected-error @+1 {{undefined symbol alias id 'nope'}}
"x.y"() : () -> !nope

// -----

// expected-error @+2 {{expected ':'}}
{-#
  dialect_resources
#-}

// -----

// expected-error @+2 {{expected '{'}}
{-#
  external_resources: "value"
#-}

// -----

// expected-error @+3 {{expected identifier key for 'resource' entry}}
{-#
  dialect_resources: {
    10
  }
#-}

// -----

// expected-error @+4 {{expected hex string blob for key 'blob' to encode alignment in first 4 bytes}}
{-#
  dialect_resources: {
    builtin: {
      blob: "0x08"
    }
  }
#-}

// -----

// expected-error @+4 {{expected hex string blob for key 'blob'}}
{-#
  dialect_resources: {
    builtin: {
      blob: 10
    }
  }
#-}

// -----

// Errors in a negative literal are at its digits, after the minus.
// expected-error @+1 {{integer constant out of range for attribute}}
"x.y"() {a = -129 : i8} : () -> ()

// -----

// expected-error @+1 {{negative integer literal not valid for unsigned integer type}}
"x.y"() {a = -5 : ui32} : () -> ()

// -----

// expected-error @+1 {{hexadecimal float literal should not have a leading minus}}
"x.y"() {a = -0x7F800000 : f32} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for type}}
"x.y"() {a = dense<[1, -777]> : tensor<2xi8>} : () -> ()

// -----

// expected-error @+1 {{expected unsigned integer elements, but parsed negative value}}
"x.y"() {a = dense<-1> : tensor<2xui8>} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range}}
"x.y"() {a = array<i8: -200>} : () -> ()

// -----

// A missing token in a dialect type is reported just after the token
// before it.
// expected-error @+1 {{expected '>'}}
"x.y"() {a = !quant.uniform<i8:f32, 0.5 x>} : () -> ()

// -----

// expected-error @+1 {{expected three consecutive dots for an ellipsis}}
func.func private @f(.)

// -----

// expected-error @+1 {{use of undeclared SSA value name}}
"x.y"(%nope) : (i32) -> ()

// -----

// expected-error @+1 {{custom op 'func.func' 'sym_visibility' is an inferred attribute and should not be specified in the explicit attribute dictionary}}
func.func @f() attributes {sym_visibility = "private"}

// -----

// A dense literal that does not fit its type: at the token after the
// literal; a type that cannot hold one: at the token after the type.
// expected-error @+1 {{inferred shape of elements literal ([1]) does not match type ([5])}}
"x.y"() {a = dense<[4]> : tensor<5xi32>} : () -> ()

// -----

// expected-error @+1 {{parsed zero elements, but type ('tensor<i64>') expected at least 1}}
"x.y"() {a = dense<> : tensor<i64>} : () -> ()

// -----

// expected-error @+1 {{elements literal must be a shaped type}}
"x.y"() {a = dense<[4]> : i32} : () -> ()

// -----

// expected-error @+1 {{elements literal type must have static shape}}
"x.y"() {a = dense<1> : memref<?xi32>} : () -> ()

// -----

// expected-error @+1 {{`dense_resource` expected a shaped type}}
"x.y"() {a = dense_resource<r> : i32} : () -> ()
