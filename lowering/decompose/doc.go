// Package decompose lowers the torch dialect to the core dialect: the
// torch-decompose pass (on func.func), the torch-fold-batch-norm pass, the
// torch-to-core pipeline, and TorchToCore for Go callers.
//
// Every torch op has a decomposition, chosen by its operands and
// attributes: rules in decompose.rules for one-to-one maps and fixed op
// trees, and named Go patterns (table.go, one function per op, its
// comment the decomposition in one line) where constants, promotions or
// normalised dims are computed. A Go decomposition runs first as a dry
// run that builds and verifies its core ops detached, so an op that core
// cannot express (a dynamic shape, ui8 arithmetic, an integer tensor
// power) is left alone with the reason, never half rewritten.
//
// Conventions:
//
//   - Locations: every new op takes the torch op's location; an op built
//     from several (a batch norm folded into its convolution, a quantized
//     data-movement op) gets their fused location.
//   - Precision: composite ops on f16/bf16 (softmax, layer_norm, gelu,
//     Scalar arithmetic, …) run in f32 between casts and round once, as
//     ATen's opmath does; single core ops round once by themselves.
//   - Quantized types: see quant.go. Torch ops never hold !quant types;
//     the dcast/qcast around them are kept as they are, and data movement
//     between a dcast and a qcast of one per-tensor type moves the stored
//     integers instead.
//   - Numerics: decompositions match the interpreter's torch kernels up to
//     float rounding (the package tests compare both on every op).
//     Float floor division is floor(x / y), which can differ by one from
//     PyTorch's fmod-based quotient when x / y rounds onto an integer.
package decompose
