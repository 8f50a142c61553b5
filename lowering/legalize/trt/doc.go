// Package trt legalises core + quant IR in QDQ form (the output of the
// quantize pass) into the trt dialect's TensorRT layers for a TensorRT
// target file: pass legalize-trt.
//
//   - table.go: the core → layer table (Mappings), one row per core op,
//     with the builder that emits its layers and any precondition.
//   - legal.go: CanLegalize, per op, against the target file's op classes
//     and element types, its quantization rules and TensorRT's limits.
//   - convert.go: the one-shot conversion (rewrite/conversion), the
//     quant.qcast/dcast/scast/requant patterns and f16 marking.
//   - residual.go: TensorRT's residual-add Q/DQ placement (on QDQ IR).
//   - commute.go: DQ forward, Q backward through layers that commute with
//     quantization, and the Q(DQ) fold (on trt IR).
package trt
