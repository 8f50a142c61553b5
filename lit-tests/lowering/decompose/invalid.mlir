// RUN: mlc-opt --split-input-file --verify-diagnostics --torch-to-core %s
// RUN: not mlc-opt --torch-to-core %s -o %t 2>&1 | filecheck %s --check-prefix=ERR
// RUN: not test -e %t

// A torch op that core cannot express is left alone, and the pass fails
// with one error at the first op left: a count by op name, then a note for
// every op left with its location and the reason.

// ERR: invalid.mlir:[[@LINE+5]]:8: error: 1 torch op could not be decomposed into core: torch.aten.relu ×1
// ERR: invalid.mlir:[[@LINE+4]]:8: note: 'torch.aten.relu' op left: operand #0 has type tensor<?x3xf32>; core needs static shapes
func.func @dynamic(%x: tensor<?x3xf32>) -> tensor<?x3xf32> {
  // expected-error @+2 {{1 torch op could not be decomposed into core: torch.aten.relu ×1}}
  // expected-note @+1 {{'torch.aten.relu' op left: operand #0 has type tensor<?x3xf32>; core needs static shapes}}
  %0 = torch.aten.relu %x : tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// -----

// Element types and attributes core has no form for: ui8 arithmetic, an
// integer tensor power, random dropout in attention. The ops that do
// decompose (the exp) are rewritten all the same.
func.func @several(%u: tensor<4xui8>, %i: tensor<4xi32>, %q: tensor<1x2x4xf32>, %k: tensor<1x3x4xf32>, %v: tensor<1x3x4xf32>, %f: tensor<4xf32>) -> (tensor<4xui8>, tensor<4xi32>, tensor<1x2x4xf32>, tensor<4xf32>, tensor<4xui8>) {
  // expected-error @+2 {{4 torch ops could not be decomposed into core: torch.aten.add.Scalar ×1, torch.aten.pow.Tensor_Tensor ×1, torch.aten.relu ×1, torch.aten.scaled_dot_product_attention ×1}}
  // expected-note @+1 {{'torch.aten.relu' op left: rule lowering/decompose/decompose.rules:27: condition coreArith($x) failed (operands tensor<4xui8>)}}
  %0 = torch.aten.relu %u : tensor<4xui8>
  // expected-note @+1 {{'torch.aten.pow.Tensor_Tensor' op left: rule lowering/decompose/decompose.rules:43: condition isFloat($x) failed (operands tensor<4xi32>, tensor<4xi32>)}}
  %1 = torch.aten.pow.Tensor_Tensor %i, %i : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  // expected-note @+1 {{'torch.aten.scaled_dot_product_attention' op left: dropout_p = 0.1 is random; inference graphs carry 0}}
  %2 = torch.aten.scaled_dot_product_attention %q, %k, %v {dropout_p = 0.1 : f64} : (tensor<1x2x4xf32>, tensor<1x3x4xf32>, tensor<1x3x4xf32>) -> tensor<1x2x4xf32>
  %3 = torch.aten.exp %f : tensor<4xf32>
  // expected-note @+1 {{'torch.aten.add.Scalar' op left: 'core.add' op operand #0 must be statically shaped tensor of float (f16, bf16, f32, f64) or signless integer (i8, i16, i32, i64) values, but got 'tensor<4xui8>'}}
  %4 = torch.aten.add.Scalar %u {other = 1 : i64} : tensor<4xui8> -> tensor<4xui8>
  return %0, %1, %2, %3, %4 : tensor<4xui8>, tensor<4xi32>, tensor<1x2x4xf32>, tensor<4xf32>, tensor<4xui8>
}
