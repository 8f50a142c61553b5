// Package qnn is legalize-qnn (issue 14): core and quant ops, as the
// quantizer leaves them for a QNN target, become qnn dialect ops.
//
//   - check.go: CanLegalize, per op, against the target file: the op's
//     class accepts each operand's element type, the core→qnn table has
//     a row for it, QNN can express its encodings (per-tensor
//     activations, full storage ranges) and its kernel's rules hold.
//   - convert.go: the QDQ form is first normalised to ops on quantized
//     types (quant-fuse's rewrite, for every op); then the dialect
//     conversion driver (rewrite/conversion) applies one pattern per row
//     of table.go and the quant ops' patterns: quant types become
//     !qnn.tensor (offset = −zero_point), constants static tensors.
//   - table.go: the core→qnn table and its emitters. Layout-sensitive ops
//     are emitted in NHWC/HWIO between transposes.
//   - fold.go: the layout transposes sink through layout-free ops until
//     they cancel, and fold into static data.
//
// The interpreter runs the result (interp/qnn*.go) with the arithmetic
// of the quantized core ops, so the outputs before and after equal each
// other bit for bit on integer paths.
package qnn
